"""boneyard: the classic games of dominoes, for people and programs.

>>> import boneyard
>>> rules = boneyard.get_game("block").configure(players=2)
>>> match = boneyard.Match(rules, seed=7)
>>> hand = match.hand
>>> len(hand.legal_actions()) > 0
True
"""

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
