"""The games of trains from a hub: Mexican Train (:mod:`.mexican`) and Chicken Foot
(:mod:`.chicken`)."""

from ...core.game import Game
from .chicken import ChickenFootGame
from .mexican import MexicanTrainGame

GAMES: tuple[Game, ...] = (MexicanTrainGame(), ChickenFootGame())
"""The games of this package, for the registry (:mod:`boneyard.games`)."""
