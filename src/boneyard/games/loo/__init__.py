"""Domino Loo, a trick-taking game on the trick layer (:mod:`boneyard.games.tricks`): its rules
(:mod:`.rules`), its hand (:mod:`.state`), its table (:mod:`.table`) and how it is told
(:mod:`.presenter`)."""

from ...core.game import Game
from .rules import DominoLooGame

GAMES: tuple[Game, ...] = (DominoLooGame(),)
"""The games of this package, for the registry (:mod:`boneyard.games`)."""
