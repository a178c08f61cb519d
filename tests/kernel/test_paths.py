"""Which engine plays: the compiled core wherever it can, the pure-Python engine otherwise, and
the fallback when the core is switched off (``BONEYARD_PURE=1``) or missing (a one-line notice)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boneyard.core import kernel
from boneyard.games import GAMES, get_game
from boneyard.players.search.solver import Solver, make_solver
from boneyard.research.sim import simulate
from boneyard.research.tournament import run_tournament

from .conftest import require_kernel

ROOT = Path(__file__).resolve().parents[2]


@require_kernel()
@pytest.mark.parametrize("game", list(GAMES))
def test_simulate_and_tournament_take_the_compiled_path(game: str) -> None:
    rules = get_game(game).configure()
    # A game with no rules for the compiled core (Domino Loo, Texas 42) plays on Python.
    expected = "python" if rules.kernel_spec() is None else "compiled"
    assert simulate(rules, ["random"], hands=30, seed=1, workers=1).engine == expected
    names = ["greedy", "random"]
    assert run_tournament(rules, names, deals=5, seed=1, workers=1).engine == expected


@require_kernel()
def test_agents_and_records_the_core_does_not_have_take_the_python_path(tmp_path: Path) -> None:
    rules = get_game("matador").configure()
    assert simulate(rules, ["matador", "random"], hands=20, workers=1).engine == "python"
    assert simulate(rules, ["random"], hands=20, workers=1, save=tmp_path / "r.jsonl").engine == (
        "python"
    )
    out = tmp_path / "out.jsonl"
    assert simulate(rules, ["random"], hands=20, workers=1, out=out, records=True).engine == (
        "python"
    )


@require_kernel()
def test_the_compiled_path_runs_on_worker_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import boneyard.research.sim

    monkeypatch.setattr(boneyard.research.sim, "COMPILED_HANDS_PER_WORKER", 1_000)
    rules = get_game("partnership").configure()
    files = []
    for workers in (1, 2):
        path = tmp_path / f"{workers}.jsonl"
        result = simulate(rules, ["random"], hands=3_000, seed=9, workers=workers, out=path)
        assert result.engine == "compiled" and result.hands == 3_000
        files.append(path.read_text())
    assert files[0] == files[1]


@require_kernel()
def test_the_solver_is_the_compiled_one_where_it_can_be() -> None:
    assert isinstance(make_solver(get_game("block").configure(), 0), kernel.CompiledSolver)
    assert isinstance(make_solver(get_game("domino-loo").configure(), 0), kernel.CompiledSolver)
    assert isinstance(make_solver(get_game("texas-42").configure(), 0), kernel.CompiledSolver)
    assert isinstance(make_solver(get_game("moon").configure(), 0), Solver)  # not in the core


def test_boneyard_pure_forces_the_python_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BONEYARD_PURE", "1")
    rules = get_game("block").configure()
    assert not kernel.available() and not kernel.supports(rules)
    assert isinstance(make_solver(rules, 0), Solver)
    assert simulate(rules, ["random"], hands=50, seed=3, workers=1).engine == "python"
    assert run_tournament(rules, ["greedy", "random"], deals=5, workers=1).engine == "python"


def run_boneyard(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        cwd=ROOT,
        timeout=120,
        check=False,
    )


SIMULATE = (
    "import sys; from boneyard.apps.cli import main; "
    "sys.argv = ['boneyard', 'simulate', 'block', '--hands', '200', '--seed', '4', '--json', "
    "'--workers', '1']; main()"
)


def test_a_missing_core_falls_back_with_a_one_line_notice() -> None:
    # An import of boneyard.core._kernel that fails, as where it could not be built.
    missing = run_boneyard(
        "import sys; sys.modules['boneyard.core._kernel'] = None; " + SIMULATE,
        {"BONEYARD_PURE": ""},
    )
    assert missing.returncode == 0, missing.stderr
    assert json.loads(missing.stdout)["engine"] == "python"
    notice = missing.stderr.strip().splitlines()
    assert len(notice) == 1
    assert notice[0].startswith("boneyard: the compiled core is not available")
    assert notice[0].endswith("using the pure-Python engine")
    forced = run_boneyard(SIMULATE, {"BONEYARD_PURE": "1"})
    assert forced.returncode == 0 and forced.stderr == ""
    assert json.loads(forced.stdout)["engine"] == "python"
    # The same hands either way.
    results = [json.loads(r.stdout) for r in (missing, forced)]
    for data in results:
        del data["hands_per_second"]
    assert results[0] == results[1]


def _imports(path: Path, package: str) -> list[str]:
    """Every module ``path`` imports (those only for type checking too), absolute."""
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            names.append(".".join(n for n in (base, node.module) if n))
    return names


def test_the_compiled_core_is_in_the_core_and_imports_nothing_above_it() -> None:
    # docs/architecture.md: core <- games <- players <- apps, research. The core's face reads a
    # game's rules and hands through its own protocols; choosing a solver is the search's.
    core = ROOT / "src" / "boneyard" / "core"
    for name in ("kernel", "kernel_spec", "stream"):
        above = [
            m
            for m in _imports(core / f"{name}.py", "boneyard.core")
            if m.startswith("boneyard") and not m.startswith("boneyard.core")
        ]
        assert above == [], f"core/{name}.py imports {above}"


@require_kernel()
def test_the_extension_is_the_cores() -> None:
    from boneyard.core import _kernel

    assert _kernel.__name__ == "boneyard.core._kernel"
    assert Path(_kernel.__file__ or "").parent.parts[-2:] == ("boneyard", "core")
