"""The registry finds the games by their folders: each game module or package declares its
``GAMES``, the registry collects them in the order of the listings, and a new game touches only
its own folder."""

from __future__ import annotations

import ast
import sys
import types
from pathlib import Path

import pytest

import boneyard.games
from boneyard.games import GAMES, declared_games, discover

SRC = Path(__file__).resolve().parent.parent / "src" / "boneyard"

# The order of the listings for the sixteen first games (their Game.order, 10 to 160).
FIRST_GAMES = [
    "block",
    "draw",
    "partnership",
    "muggins",
    "all-threes",
    "fives-and-threes",
    "matador",
    "domino-whist",
    "domino-pool",
    "bergen",
    "sebastopol",
    "mexican-train",
    "chicken-foot",
    "domino-loo",
    "texas-42",
    "five-up",
]


def test_the_first_games_keep_their_order() -> None:
    listed = [g for g in GAMES if g in FIRST_GAMES]
    assert listed == FIRST_GAMES
    assert list(GAMES) == [g.id for g in sorted(GAMES.values(), key=lambda g: (g.order, g.id))]


def test_discovery_finds_every_declared_game_once() -> None:
    assert tuple(GAMES.values()) == discover()
    assert len(set(GAMES)) == len(GAMES)


def test_each_game_class_is_declared_by_its_own_folder() -> None:
    """Every game class defined under games/ with an id is declared (and so registered) by the
    module or package it lives in; the shared mechanisms declare nothing."""
    for game in GAMES.values():
        module = type(game).__module__
        top = ".".join(module.split(".")[:3])
        declaring = sys.modules[top]
        assert game in declared_games(declaring), f"{game.id} is not declared by {top}"
    for shared in ("boneyard.games.line", "boneyard.games.tricks"):
        assert declared_games(sys.modules[shared]) == ()


def test_the_registry_imports_no_game_by_name() -> None:
    """games/__init__.py names no game module: adding a game does not edit it."""
    tree = ast.parse((SRC / "games" / "__init__.py").read_text(encoding="utf-8"))
    relative = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 1]
    assert relative == []


def test_a_new_folder_is_found_without_editing_the_registry(tmp_path: Path) -> None:
    """A package of games with one game module, one shared module and one private module: the
    game is found, in its order, and nothing else."""
    root = tmp_path / "somegames"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "shared.py").write_text("X = 1\n")
    (root / "_private.py").write_text("raise RuntimeError('not imported')\n")
    (root / "tiny.py").write_text(
        "from boneyard.core.game import Game\n"
        "class TinyGame(Game):\n"
        "    id = 'tiny-test-game'\n"
        "GAMES = (TinyGame(),)\n",
        encoding="utf-8",
    )
    sys.path.insert(0, str(tmp_path))
    try:
        package = __import__("somegames")
        found = discover(package)
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m == "somegames" or m.startswith("somegames.")]:
            del sys.modules[name]
    assert [g.id for g in found] == ["tiny-test-game"]


def test_a_declaration_that_is_not_games_is_refused() -> None:
    module = types.ModuleType("boneyard.games.broken")
    module.GAMES = ("block",)  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="not a tuple of games"):
        declared_games(module)
    assert boneyard.games.GAMES is GAMES
