"""Domino Pool (RULES.md §2.8): three to six players, each hand a pool of stakes.

:mod:`.rules` holds the game, its options, its rules and how it is told.
"""

from .rules import DominoPoolGame, PoolPresenter, PoolRules

__all__ = ["DominoPoolGame", "PoolPresenter", "PoolRules"]
