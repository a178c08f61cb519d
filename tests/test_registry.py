"""The registry finds the games by their folders: each game module or package declares its
``GAMES``, the registry collects them in the order of the listings, and a new game touches only
its own folder."""

from __future__ import annotations

import ast
import importlib
import os
import sys
import time
import types
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

import boneyard.games
from boneyard.games import (
    CACHE_NAME,
    GAMES,
    Entry,
    Registry,
    declared_games,
    discover,
    read_cache,
    write_cache,
)

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


# ------------------------------------------------------------------------- the registry's cache
GAME_MODULE = (
    "from boneyard.core.game import Game\n"
    "class {name}Game(Game):\n"
    "    id = {id!r}\n"
    "    order = {order}\n"
    "    aliases = ({alias!r},)\n"
    "    title = {name!r}\n"
    "GAMES = ({name}Game(),)\n"
)


def _write_game(folder: Path, module: str, game_id: str, order: int, age: float = 60.0) -> None:
    """A game module, its time of change ``age`` seconds ago (not racy)."""
    path = folder / f"{module}.py"
    path.write_text(
        GAME_MODULE.format(name=module.title(), id=game_id, order=order, alias=game_id + "-alias"),
        encoding="utf-8",
    )
    then = time.time() - age
    os.utime(path, (then, then))


@pytest.fixture
def package(tmp_path: Path) -> Iterator[tuple[str, Path, list[Path]]]:
    """A package of two games (``alpha``, ``beta``) importable as ``cachedgames``, and where its
    registry keeps its cache; its modules forgotten afterwards."""
    folder = tmp_path / "cachedgames"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    os.utime(folder / "__init__.py", (time.time() - 60, time.time() - 60))
    _write_game(folder, "alpha", "alpha-game", 20)
    _write_game(folder, "beta", "beta-game", 10)
    sys.path.insert(0, str(tmp_path))
    try:
        yield "cachedgames", folder, [tmp_path / "cache" / "registry.json"]
    finally:
        sys.path.remove(str(tmp_path))
        _forget("cachedgames")


def _forget(package: str) -> None:
    """Forget the package's modules, as a new process would not have them."""
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        del sys.modules[name]
    importlib.invalidate_caches()


def _loaded(package: str) -> set[str]:
    return {m for m in sys.modules if m.startswith(package + ".")}


def test_a_cached_registry_imports_only_the_game_asked_for(
    package: tuple[str, Path, list[Path]],
) -> None:
    name, folder, cache = package
    first = Registry(name, cache)
    assert list(first) == ["beta-game", "alpha-game"]  # discovered: every module imported
    assert cache[0].exists() and read_cache(folder, cache) == tuple(first.entries().values())
    _forget(name)
    later = Registry(name, cache)
    assert list(later) == ["beta-game", "alpha-game"] and "alpha-game" in later
    assert len(later) == 2 and _loaded(name) == set()
    assert later.find("alpha-game-alias") is later["alpha-game"]
    assert _loaded(name) == {"cachedgames.alpha"}
    assert [g.id for g in later.every()] == ["beta-game", "alpha-game"]
    assert later.find("chess") is None
    with pytest.raises(KeyError):
        later["chess"]


def test_a_changed_folder_is_discovered_again(package: tuple[str, Path, list[Path]]) -> None:
    """A game added, a game's module changed or removed: the cache no longer matches."""
    name, folder, cache = package
    assert list(Registry(name, cache)) == ["beta-game", "alpha-game"]
    _write_game(folder, "gamma", "gamma-game", 15)
    _forget(name)
    assert list(Registry(name, cache)) == ["beta-game", "gamma-game", "alpha-game"]
    _write_game(folder, "alpha", "alpha-game", 5, age=30)
    (folder / "beta.py").unlink()
    _forget(name)
    later = Registry(name, cache)
    assert list(later) == ["alpha-game", "gamma-game"]
    assert later["alpha-game"].order == 5


def test_a_cache_that_lies_is_caught_when_the_game_loads(
    package: tuple[str, Path, list[Path]],
) -> None:
    """A cache whose key matches but whose games do not (a file copied keeping its time and
    size): the game's module says otherwise, and the games are discovered again."""
    name, folder, cache = package
    entries = tuple(Registry(name, cache).entries().values())
    lying = tuple(replace(e, order=e.order + 1000) if e.id == "beta-game" else e for e in entries)
    lying = lying[::-1]
    assert write_cache(folder, lying, cache) == cache[0]
    _forget(name)
    later = Registry(name, cache)
    assert list(later) == ["alpha-game", "beta-game"]  # what the cache says
    assert later["beta-game"].order == 10
    assert list(later) == ["beta-game", "alpha-game"]  # what the folder says
    assert read_cache(folder, cache) == entries


def test_no_writable_cache_and_a_broken_one_fall_back_to_discovery(
    package: tuple[str, Path, list[Path]], tmp_path: Path
) -> None:
    name, folder, _ = package
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    nowhere = [blocked / "registry.json"]
    assert list(Registry(name, nowhere)) == ["beta-game", "alpha-game"]
    assert write_cache(folder, (), nowhere) is None and read_cache(folder, nowhere) is None
    broken = tmp_path / "broken.json"
    broken.write_text('{"key": [1, ')
    _forget(name)
    assert read_cache(folder, [broken]) is None
    assert list(Registry(name, [broken, *nowhere])) == ["beta-game", "alpha-game"]
    assert read_cache(folder, [broken]) is not None  # written whole over the broken one


def test_a_folder_changed_a_moment_ago_is_not_cached(package: tuple[str, Path, list[Path]]) -> None:
    """Its file could change again within the same tick of its clock, keeping its time."""
    name, folder, cache = package
    _write_game(folder, "alpha", "alpha-game", 20, age=0)
    assert list(Registry(name, cache)) == ["beta-game", "alpha-game"]
    assert not cache[0].exists()


def test_writers_at_once_leave_one_whole_cache(package: tuple[str, Path, list[Path]]) -> None:
    name, folder, cache = package
    entries = tuple(Registry(name, cache).entries().values())
    with ThreadPoolExecutor(8) as pool:
        written = list(pool.map(lambda _: write_cache(folder, entries, cache), range(32)))
    assert written == [cache[0]] * 32
    assert read_cache(folder, cache) == entries
    assert [p.name for p in cache[0].parent.iterdir()] == [cache[0].name]  # no part left


def test_the_games_cache_matches_a_discovery() -> None:
    """The registry's own cache (beside the package, or in the user's cache folder) says what
    importing every game module says."""
    folder = Path(boneyard.games.__file__).parent
    assert boneyard.games.cache_paths(folder)[0] == folder / "__pycache__" / CACHE_NAME
    found = tuple(Entry.of(g, ".".join(type(g).__module__.split(".")[:3])) for g in discover())
    assert tuple(GAMES.entries().values()) == found
    assert read_cache(folder) in (found, None)
