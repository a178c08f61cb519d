"""Start-up (docs/architecture.md, "Start-up"): ``import boneyard`` imports none of the engine,
a game's module is imported when the game is first used, ``boneyard --help`` imports no game and
``boneyard rules`` no player, research, server, screen or plug-in module. Each case runs in a
process of its own and reads what it imported (``sys.modules``): sets of modules, never times."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import boneyard.games
from boneyard.games import GAMES, read_cache

LOADED = """
import contextlib, io, json, sys
{body}
print(json.dumps(sorted(m for m in sys.modules if m.startswith("boneyard"))))
print(json.dumps(sorted(m for m in sys.modules if "." not in m)))
"""

CLI = """
from boneyard.apps.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main({args!r})
    except SystemExit as e:
        assert not e.code, e.code
"""

# What a command that lists or describes games has no use for.
UNNEEDED = ("boneyard.players", "boneyard.research", "boneyard.text", "boneyard.apps.server")
UNNEEDED += ("boneyard.apps.tui", "boneyard.apps.plain")
HEAVY_LIBRARIES = {"numpy", "sqlalchemy", "fastapi", "starlette", "textual", "matplotlib", "rich"}


def loaded(body: str) -> tuple[set[str], set[str]]:
    """The boneyard modules and the top-level modules a new process has imported after ``body``."""
    done = subprocess.run(
        [sys.executable, "-c", LOADED.format(body=body)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    ours, tops = done.stdout.splitlines()[-2:]
    return set(json.loads(ours)), set(json.loads(tops))


def game_modules(but: str | None = None) -> set[str]:
    """The modules declaring the games (each game's folder), but ``but``'s."""
    entries = GAMES.entries()
    keep = entries[but].module if but is not None else None
    return {e.module for e in entries.values()} - {keep}


@pytest.fixture(scope="module")
def cached() -> None:
    """The registry's cache written, as after a first run: a later process reads it."""
    folder = Path(boneyard.games.__file__).parent
    if read_cache(folder) is None:
        GAMES.discover()
    if read_cache(folder) is None:
        pytest.skip(
            "the registry keeps no cache here: nowhere writable, or a game changed just now"
        )


def test_import_boneyard_imports_none_of_the_engine() -> None:
    ours, _ = loaded("import boneyard\nassert 'Match' in dir(boneyard)")
    assert ours == {"boneyard"}


@pytest.mark.usefixtures("cached")
def test_a_game_imports_its_own_module_and_no_other_game() -> None:
    ours, _ = loaded("from boneyard import get_game\nget_game('block').configure()")
    assert "boneyard.games.block" in ours
    assert ours & game_modules(but="block") == set()
    assert not [m for m in ours if m.startswith(UNNEEDED)]


@pytest.mark.usefixtures("cached")
def test_the_help_imports_no_game() -> None:
    ours, tops = loaded(CLI.format(args=["--help"]))
    assert not [m for m in ours if m.startswith(("boneyard.games", *UNNEEDED))]
    assert not tops & HEAVY_LIBRARIES


@pytest.mark.usefixtures("cached")
@pytest.mark.parametrize("args", [["rules"], ["rules", "block", "--json"]])
def test_the_rules_import_no_player_research_server_or_plug_in(args: list[str]) -> None:
    ours, tops = loaded(CLI.format(args=args))
    assert not [m for m in ours if m.startswith(UNNEEDED)]
    assert not tops & HEAVY_LIBRARIES
    if len(args) > 1:
        assert "boneyard.games.block" in ours
        assert ours & game_modules(but="block") == set()
