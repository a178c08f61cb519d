"""boneyard: the classic games of dominoes, for people and programs.

>>> import boneyard
>>> rules = boneyard.get_game("block").configure(players=2)
>>> match = boneyard.Match(rules, seed=7)
>>> hand = match.hand
>>> len(hand.legal_actions()) > 0
True

``import boneyard`` imports none of the engine: each public name is imported from its module when
it is first read (PEP 562's module ``__getattr__``), and a game's module when the game is first
used (:mod:`boneyard.games`), so a program (the command line's ``--help``) starts quickly.
"""

from __future__ import annotations

import importlib

# Not typing's: importing typing (with re, collections, functools) would be most of this import's
# time. Type checkers treat any constant named TYPE_CHECKING as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .core.actions import DRAW, PASS, Action, Draw, Move, Muggins, Pass, Play, play
    from .core.game import Game
    from .core.layout import Layout
    from .core.match import Match
    from .core.options import OptionError, Options
    from .core.protocol import (
        Event,
        GameRules,
        GameState,
        HandResult,
        HandStart,
        IllegalAction,
        Observation,
        Outcome,
        Phase,
        Score,
    )
    from .core.tiles import DOUBLE_NINE, DOUBLE_SIX, DOUBLE_TWELVE, TileSet, format_tile, parse_tile
    from .games import GAMES, get_game
    from .games.line.rules import LineRules
    from .games.line.state import LineState

__version__ = "0.1.0"

# Each public name and the module it is imported from (relative to this package) when first read.
_HOMES = {
    **dict.fromkeys(
        ("DRAW", "PASS", "Action", "Draw", "Move", "Muggins", "Pass", "Play", "play"),
        ".core.actions",
    ),
    "Game": ".core.game",
    "Layout": ".core.layout",
    "Match": ".core.match",
    "OptionError": ".core.options",
    "Options": ".core.options",
    **dict.fromkeys(
        (
            "Event",
            "GameRules",
            "GameState",
            "HandResult",
            "HandStart",
            "IllegalAction",
            "Observation",
            "Outcome",
            "Phase",
            "Score",
        ),
        ".core.protocol",
    ),
    **dict.fromkeys(
        ("DOUBLE_NINE", "DOUBLE_SIX", "DOUBLE_TWELVE", "TileSet", "format_tile", "parse_tile"),
        ".core.tiles",
    ),
    "GAMES": ".games",
    "get_game": ".games",
    "LineRules": ".games.line.rules",
    "LineState": ".games.line.state",
}

__all__ = [
    "DOUBLE_NINE",
    "DOUBLE_SIX",
    "DOUBLE_TWELVE",
    "DRAW",
    "GAMES",
    "PASS",
    "Action",
    "Draw",
    "Event",
    "Game",
    "GameRules",
    "GameState",
    "HandResult",
    "HandStart",
    "IllegalAction",
    "Layout",
    "LineRules",
    "LineState",
    "Match",
    "Move",
    "Muggins",
    "Observation",
    "OptionError",
    "Options",
    "Outcome",
    "Pass",
    "Phase",
    "Play",
    "Score",
    "TileSet",
    "format_tile",
    "get_game",
    "parse_tile",
    "play",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module when first read (then kept here)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
