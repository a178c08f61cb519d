"""The registry of games: every game found by its folder, looked up by id or alias.

A game is a module or a package under ``games/`` that declares, at module level (a package in its
``__init__.py``), the games it defines::

    GAMES: tuple[Game, ...] = (SebastopolGame(),)

The registry imports each module and package of this folder once (:func:`discover`) and collects
those declarations, listed by :attr:`~boneyard.core.game.Game.order`, then by id: the order of
:data:`GAMES`, of :func:`option_specs` and of the index of the games (docs/games/README.md). The
shared mechanisms (``line``, ``tricks``) declare none. Adding a game touches only its own folder.

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

import importlib
import pkgutil
from types import ModuleType

from ..core.game import Game, find_game, register_games
from ..core.options import OptionSpec

__all__ = ["DEFAULT_GAME", "GAMES", "discover", "get_game", "option_specs"]


def declared_games(module: ModuleType) -> tuple[Game, ...]:
    """The games ``module`` declares in its ``GAMES`` (none where it declares nothing)."""
    games = vars(module).get("GAMES", ())
    if not isinstance(games, tuple) or not all(isinstance(g, Game) for g in games):
        raise TypeError(f"{module.__name__}.GAMES is not a tuple of games")
    return games


def discover(package: ModuleType | None = None) -> tuple[Game, ...]:
    """Every game declared by a module or package of ``package`` (this one by default), in the
    order of the listings (by ``order``, then id); ``ValueError`` for an id declared twice."""
    package = package if package is not None else importlib.import_module(__name__)
    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        if info.name.rpartition(".")[2].startswith("_"):
            continue
        for game in declared_games(importlib.import_module(info.name)):
            if found.setdefault(game.id, game) is not game:
                raise ValueError(f"the game {game.id!r} is declared twice")
    return tuple(sorted(found.values(), key=lambda g: (g.order, g.id)))


GAMES: dict[str, Game] = register_games(*discover())
"""Every game, by id, in the order of the listings."""

DEFAULT_GAME = "block"
"""The game played when none is named (the plainest of the line games): the command line, the
full-screen game's settings, the OpenSpiel game's parameters."""


def get_game(name: str) -> Game:
    """The game with id or alias ``name``; :class:`OptionError` naming the known games otherwise."""
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
