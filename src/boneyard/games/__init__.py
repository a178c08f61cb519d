"""The registry of games: every game found by its folder, looked up by id or alias, its module
loaded when the game is first used.

A game is a module or a package under ``games/`` that declares, at module level (a package in its
``__init__.py``), the games it defines::

    GAMES: tuple[Game, ...] = (SebastopolGame(),)

The registry imports each module and package of this folder once (:func:`discover`) and collects
those declarations, listed by :attr:`~boneyard.core.game.Game.order`, then by id: the order of
:data:`GAMES`, of :func:`option_specs` and of the index of the games (docs/games/README.md). The
shared mechanisms (``line``, ``tricks``) declare none. Adding a game touches only its own folder.

What the discovery found (each game's id, aliases, order, title and the module that declares it)
is kept in a cache, as Python keeps its ``.pyc``: written after a discovery, keyed by boneyard's
version and the name, time and size of every file of this folder, so that a later process knows
the games without importing them and :func:`get_game` imports only the game asked for. A cache
that does not match the folder (a file added, changed or removed) or cannot be read is ignored,
and the registry discovers the games again. :data:`GAMES` is a mapping that loads a game's module
when the game is read from it (its ids, in order, need none).

>>> get_game("block").id, [r for r in get_game("draw").rule_sets]
('block', ['britannica', 'pagat'])
>>> get_game("all-fives").id
'muggins'
>>> get_game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
boneyard.core.options.OptionError: unknown game 'chess': choose from block, draw, partnership, ...
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import sys
import threading
import time
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from ..core.game import Game, find_game, register_games, set_game_source
from ..core.options import OptionSpec

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "Entry",
    "Registry",
    "declared_games",
    "discover",
    "get_game",
    "option_specs",
]

CACHE_NAME = "boneyard-registry.json"
"""The cache's file name beside the package (in ``games/__pycache__/``)."""

RACY_SECONDS = 2.0
"""A folder with a file changed this recently is not cached: a file changed again within the same
tick of its clock would keep its time and could keep its size."""


def declared_games(module: ModuleType) -> tuple[Game, ...]:
    """The games ``module`` declares in its ``GAMES`` (none where it declares nothing)."""
    games = vars(module).get("GAMES", ())
    if not isinstance(games, tuple) or not all(isinstance(g, Game) for g in games):
        raise TypeError(f"{module.__name__}.GAMES is not a tuple of games")
    return games


@dataclass(frozen=True)
class Entry:
    """What the registry knows of a game without importing it: what the cache keeps."""

    id: str
    module: str
    order: int
    aliases: tuple[str, ...]
    title: str

    @classmethod
    def of(cls, game: Game, module: str) -> Entry:
        """The entry of ``game``, declared by ``module``."""
        title = getattr(game, "title", game.id)  # a game with no title is listed by its id
        return cls(game.id, module, game.order, tuple(game.aliases), str(title))


def _declarations(package: ModuleType) -> list[tuple[Game, str]]:
    """Every game declared by a module or package of ``package``, with the module declaring it, in
    the order of the listings (by ``order``, then id); ``ValueError`` for an id declared twice."""
    import pkgutil

    found: dict[str, tuple[Game, str]] = {}
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        if info.name.rpartition(".")[2].startswith("_"):
            continue
        for game in declared_games(importlib.import_module(info.name)):
            if found.setdefault(game.id, (game, info.name))[0] is not game:
                raise ValueError(f"the game {game.id!r} is declared twice")
    return sorted(found.values(), key=lambda found: (found[0].order, found[0].id))


def discover(package: ModuleType | None = None) -> tuple[Game, ...]:
    """Every game declared by a module or package of ``package`` (this one by default), in the
    order of the listings (by ``order``, then id), every module imported; ``ValueError`` for an id
    declared twice."""
    package = package if package is not None else importlib.import_module(__name__)
    return tuple(game for game, _ in _declarations(package))


# ----------------------------------------------------------------------------- the cache
def fingerprint(folder: Path) -> list[list[Any]]:
    """The key of a cache of ``folder``: boneyard's version, the folder, and every file under it
    (the bytecode's folders aside) by name, time of change in nanoseconds and size."""
    from .. import __version__

    files: list[list[Any]] = []
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            path = os.path.join(root, name)
            stat = os.stat(path)
            files.append([os.path.relpath(path, folder), stat.st_mtime_ns, stat.st_size])
    return [[__version__, str(folder)], *files]


def cache_paths(folder: Path) -> list[Path]:
    """Where the cache of ``folder`` may be, in the order it is looked for and written: beside
    the package (``__pycache__``, as Python's bytecode), else the user's cache folder (a package
    installed where its user cannot write)."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = str(Path.home() / "Library" / "Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    tag = format(zlib.crc32(str(folder).encode("utf-8", "surrogatepass")), "08x")
    return [folder / "__pycache__" / CACHE_NAME, Path(base) / "boneyard" / f"registry-{tag}.json"]


def read_cache(folder: Path, paths: list[Path] | None = None) -> tuple[Entry, ...] | None:
    """The entries a cache of ``folder`` keeps, if one matches the folder as it is now."""
    key = fingerprint(folder)
    for path in paths if paths is not None else cache_paths(folder):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data["key"] != key:
                continue
            return tuple(
                Entry(e["id"], e["module"], int(e["order"]), tuple(e["aliases"]), e["title"])
                for e in data["games"]
            )
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return None


def write_cache(
    folder: Path, entries: tuple[Entry, ...], paths: list[Path] | None = None
) -> Path | None:
    """Keep ``entries`` as the cache of ``folder`` in the first place that takes it (a file
    written whole under a name of its own, then renamed over the cache: processes writing at once
    leave one whole cache); where it was written, or ``None`` (nowhere writable, or the folder
    changed too recently to be trusted)."""
    key = fingerprint(folder)
    if any(f[1] > time.time_ns() - RACY_SECONDS * 1e9 for f in key[1:]):
        return None
    text = json.dumps({"key": key, "games": [asdict(e) for e in entries]}, indent=0)
    for path in paths if paths is not None else cache_paths(folder):
        unique = f"{os.getpid()}.{threading.get_ident()}.{time.monotonic_ns()}"
        part = path.with_name(f"{path.name}.{unique}.part")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            part.write_text(text, encoding="utf-8")
            os.replace(part, path)
            return path
        except OSError:
            with contextlib.suppress(OSError):
                part.unlink(missing_ok=True)
    return None


# ----------------------------------------------------------------------------- the registry
class Registry(Mapping[str, Game]):
    """The games of a package by id, in the order of the listings: a mapping that imports a
    game's module when the game is read from it. Its ids (iteration, ``in``, ``len``) come from
    the cache when it matches the folder, from a discovery otherwise."""

    def __init__(self, package: str, cache: list[Path] | None = None) -> None:
        self.package = package
        self._cache = cache
        self._entries: dict[str, Entry] | None = None
        self._aliases: dict[str, str] = {}
        self._loaded: dict[str, Game] = {}
        self._complete = False

    def _folder(self) -> Path:
        return Path(importlib.import_module(self.package).__path__[0])

    def entries(self) -> dict[str, Entry]:
        """What is known of every game without importing it, by id in the order of the
        listings."""
        if self._entries is None:
            found = read_cache(self._folder(), self._cache)
            if found is None:
                self.discover()
            else:
                self._know(found)
        assert self._entries is not None
        return self._entries

    def _know(self, entries: tuple[Entry, ...]) -> None:
        self._entries = {e.id: e for e in entries}
        self._aliases = {a: e.id for e in entries for a in e.aliases}

    def discover(self) -> tuple[Game, ...]:
        """Import every game module, know every game, register them and write the cache."""
        declarations = _declarations(importlib.import_module(self.package))
        entries = tuple(Entry.of(game, module) for game, module in declarations)
        self._know(entries)
        games = tuple(game for game, _ in declarations)
        self._loaded = {g.id: g for g in games}
        self._complete = True
        register_games(*games)
        write_cache(self._folder(), entries, self._cache)
        return games

    def _load(self, entry: Entry) -> Game:
        """The game of ``entry``, its module imported (once). A module that is gone, or that does
        not declare its games as the cache said, means a stale cache: the games are discovered
        again."""
        game = self._loaded.get(entry.id)
        if game is not None:
            return game
        try:
            module = importlib.import_module(entry.module)
        except ModuleNotFoundError as e:
            if e.name != entry.module:
                raise
            self.discover()
            return self._loaded[entry.id]
        declared = {g.id: g for g in declared_games(module)}
        known = self.entries()
        if entry.id not in declared or any(
            Entry.of(g, entry.module) != known.get(g.id) for g in declared.values()
        ):
            self.discover()
            return self._loaded[entry.id]
        register_games(*declared.values())
        self._loaded.update(declared)
        return declared[entry.id]

    def __getitem__(self, game_id: str) -> Game:
        entry = self.entries().get(game_id)
        if entry is None:
            raise KeyError(game_id)
        return self._load(entry)

    def __iter__(self) -> Iterator[str]:
        return iter(self.entries())

    def __len__(self) -> int:
        return len(self.entries())

    def __contains__(self, game_id: object) -> bool:
        return game_id in self.entries()

    def __repr__(self) -> str:
        return f"Registry({self.package!r}: {', '.join(self.entries())})"

    # What the core asks (core.game.GameSource).
    def find(self, name: str) -> Game | None:
        """The game with id or alias ``name``, its module loaded; ``None`` if there is none."""
        entries = self.entries()
        game_id = self._aliases.get(name, name)
        return self._load(entries[game_id]) if game_id in entries else None

    def every(self) -> tuple[Game, ...]:
        """Every game, each module loaded, in the order of the listings."""
        if not self._complete:
            games = tuple(self[g] for g in self.entries())
            self._complete = True
            return games
        return tuple(self._loaded[g] for g in self.entries())

    def ids(self) -> tuple[str, ...]:
        """Every game's id, in the order of the listings."""
        return tuple(self.entries())


GAMES: Registry = Registry(__name__)
"""Every game, by id, in the order of the listings; a game's module is imported when the game is
first read."""
set_game_source(GAMES)

DEFAULT_GAME = "block"
"""The game played when none is named (the plainest of the line games): the command line, the
full-screen game's settings, the OpenSpiel game's parameters."""


def get_game(name: str) -> Game:
    """The game with id or alias ``name`` (only its module imported); :class:`OptionError` naming
    the known games otherwise."""
    return find_game(name)


def option_specs() -> dict[str, OptionSpec]:
    """Every option some game lists, by name, in the order the games list them (what
    docs/options.md describes): read from the games, not kept beside them. One name is one option
    everywhere: a name two games declare differently is an error."""
    specs: dict[str, OptionSpec] = {}
    for game in GAMES.values():
        for spec in game.option_specs:
            if specs.setdefault(spec.name, spec) != spec:
                raise ValueError(f"option {spec.name} is declared twice, differently")
    return specs
