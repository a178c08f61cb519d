"""Texas 42: the partnership trick game with bidding (RULES-texas42-fiveup.md §2).

:mod:`.rules` holds the game, its rule sets and the rules of a match; :mod:`.state` a hand in
progress; :mod:`.table` its public table; :mod:`.options` the options the game declares.
"""

from ...core.game import Game
from .rules import FortyTwoGame, FortyTwoRules
from .state import FortyTwoState
from .table import FortyTwoTable

__all__ = ["FortyTwoGame", "FortyTwoRules", "FortyTwoState", "FortyTwoTable"]


GAMES: tuple[Game, ...] = (FortyTwoGame(),)
"""The games of this package, for the registry (:mod:`boneyard.games`)."""
