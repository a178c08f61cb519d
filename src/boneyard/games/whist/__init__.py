"""Domino Whist (RULES.md §2.6): four players in two partnerships, scored against a side.

:mod:`.rules` holds the game, its options, its rules and how it is told.
"""

from .rules import DominoWhistGame, WhistPresenter, WhistRules, draw_rank

__all__ = ["DominoWhistGame", "WhistPresenter", "WhistRules", "draw_rank"]
