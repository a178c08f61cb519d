"""Domino Pool (RULES.md §2.8): three to six players, each hand a pool of stakes.

:mod:`.rules` holds the game, its options, its rules and how it is told; :mod:`.players` its own
player, the ``pool`` heuristic (found through :meth:`DominoPoolGame.agents`).
"""

from ...core.game import Game
from .rules import DominoPoolGame, PoolPresenter, PoolRules

__all__ = ["DominoPoolGame", "PoolPresenter", "PoolRules"]


GAMES: tuple[Game, ...] = (DominoPoolGame(),)
"""The games of this package, for the registry (:mod:`boneyard.games`)."""
