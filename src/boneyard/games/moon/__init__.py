"""Moon: the three-handed Texas trick game (docs/games/moon.md).

:mod:`.rules` holds the game, its rule sets and the rules of a match; :mod:`.state` a hand in
progress; :mod:`.table` its tiles and public table; :mod:`.options` the options the game
declares; :mod:`.presenter` how it is told; :mod:`.players` its own ``moon`` agent.
"""

from ...core.game import Game
from .rules import MoonGame, MoonRules
from .state import MoonState
from .table import MoonTable

__all__ = ["GAMES", "MoonGame", "MoonRules", "MoonState", "MoonTable"]

GAMES: tuple[Game, ...] = (MoonGame(),)
"""The games this folder adds to the registry."""
