"""Tiddle-a-Wink (pagat's British Tiddle-a-Wink and the American Tiddly-Wink): block dominoes for
many players where a double earns another play.

:mod:`.rules` holds the game, its options, rule sets and rules; the line game's engine, presenter
and players play it (its extra play is the line mechanism's bonus play after a double).
"""

from __future__ import annotations

from ...core.game import Game
from .rules import ExtraPlay, TiddleAWinkGame, TiddleAWinkRules

__all__ = ["GAMES", "ExtraPlay", "TiddleAWinkGame", "TiddleAWinkRules"]

GAMES: tuple[Game, ...] = (TiddleAWinkGame(),)
"""The games this folder adds (what the registry finds)."""
