"""Domino Whist (RULES.md §2.6): four players in two partnerships, scored against a side.

:mod:`.rules` holds the game, its options, its rules and how it is told; :mod:`.players` its own
player, the ``whist`` heuristic with the lead signal (found through
:meth:`DominoWhistGame.agents`).
"""

from ...core.game import Game
from .rules import DominoWhistGame, WhistPresenter, WhistRules, draw_rank

__all__ = ["DominoWhistGame", "WhistPresenter", "WhistRules", "draw_rank"]


GAMES: tuple[Game, ...] = (DominoWhistGame(),)
"""The games of this package, for the registry (:mod:`boneyard.games`)."""
