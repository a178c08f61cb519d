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


# ------------------------------------------------------------------ the help kept (help_cache)
HELP_TWICE = """
from boneyard.apps.cli import main
for _ in range(2):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            main(["--help"])
        except SystemExit as e:
            assert not e.code, e.code
    print(json.dumps(out.getvalue()))
"""


def test_the_help_once_printed_is_printed_again_without_typer() -> None:
    # The first process prints the help with Typer and keeps it; the next prints the kept text.
    first = subprocess.run(
        [sys.executable, "-c", LOADED.format(body=HELP_TWICE)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    printed = [json.loads(line) for line in first.stdout.splitlines()[:2]]
    assert printed[0] == printed[1] and "Usage: boneyard" in printed[0]
    _, tops = loaded(CLI.format(args=["--help"]))
    if "typer" in tops:
        pytest.skip("the help is not kept here: nowhere writable, or the command changed just now")
    assert not tops & {"typer", "click", "rich"}


def test_a_kept_help_is_only_for_its_own_terminal_and_arguments(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from boneyard.apps.cli import help_cache

    paths = [str(tmp_path / "help.json")]
    monkeypatch.setattr(help_cache, "_RACY_SECONDS", -1e9)  # the files may have changed just now
    monkeypatch.setenv("COLUMNS", "80")
    help_cache.run_keeping_help(lambda: print("the help at 80"), ["--help"], paths)
    assert capsys.readouterr().out == "the help at 80\n"
    assert help_cache.print_kept_help(["--help"], paths)
    assert capsys.readouterr().out == "the help at 80\n"
    # Another width, another language, other arguments: not this help.
    monkeypatch.setenv("COLUMNS", "60")
    assert not help_cache.print_kept_help(["--help"], paths)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert not help_cache.print_kept_help(["--help"], paths)
    monkeypatch.delenv("LANG")
    assert not help_cache.print_kept_help(["rules", "--help"], paths)
    # A language asked for on the command line is its own help, kept as well.
    assert not help_cache.print_kept_help(["--lang", "es", "--help"], paths)
    help_cache.run_keeping_help(lambda: print("la ayuda"), ["--lang", "es", "--help"], paths)
    assert help_cache.print_kept_help(["--lang", "es", "--help"], paths)
    assert not help_cache.print_kept_help(["--lang=pt-BR", "--help"], paths)
    assert capsys.readouterr().out == "la ayuda\nla ayuda\n"
    assert [help_cache.is_kept(a) for a in (["--lang=es", "--help"], ["--lang", "es"])] == [
        True,
        False,
    ]
    # Only the help's arguments are kept, and only a run that ended well.
    help_cache.run_keeping_help(lambda: print("rules"), ["rules"], paths)
    monkeypatch.setenv("COLUMNS", "70")

    def fails() -> None:
        print("half a help")
        raise SystemExit(2)

    with pytest.raises(SystemExit):
        help_cache.run_keeping_help(fails, ["--help"], paths)
    assert not help_cache.print_kept_help(["--help"], paths)
    capsys.readouterr()


def test_a_broken_kept_help_is_ignored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from boneyard.apps.cli import help_cache

    for text in ("{not json", '["a list"]', '{"key": 3}', ""):
        (tmp_path / "help.json").write_text(text)
        assert not help_cache.print_kept_help(["--help"], [str(tmp_path / "help.json")])
    assert capsys.readouterr().out == ""
