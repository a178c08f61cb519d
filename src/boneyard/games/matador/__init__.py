"""Matador (RULES.md §2.7): tiles join where the touching halves add up to seven, the matadors wild.

:mod:`.rules` holds the game, its options, its rules and how it is told; :mod:`.players` its own
player, the ``matador`` heuristic (found through :meth:`MatadorGame.agents`).
"""

from ...core.game import Game
from .rules import MatadorGame, MatadorPresenter, MatadorRules

__all__ = ["MatadorGame", "MatadorPresenter", "MatadorRules"]


GAMES: tuple[Game, ...] = (MatadorGame(),)
"""The games of this package, for the registry (:mod:`boneyard.games`)."""
