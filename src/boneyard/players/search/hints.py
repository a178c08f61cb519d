"""What a game tells its players' search, with the defaults for a game that tells nothing.

A game gives hints by offering the :class:`~boneyard.core.capabilities.GivesSearchHints`
capability; :func:`search_hints` reads them once per search, or gives :data:`DEFAULT_HINTS`.

>>> from boneyard.games import get_game
>>> search_hints(get_game("block").configure()).pip_weight
0.5
>>> search_hints(get_game("domino-pool").configure()).rollouts
True
"""

from __future__ import annotations

from ...core.capabilities import GivesSearchHints, SearchHints
from ...core.protocol import GameRules

__all__ = ["DEFAULT_HINTS", "search_hints"]

DEFAULT_HINTS = SearchHints()
"""What the search assumes of a game that gives no hints: no pip estimate beyond the scores, the
exact solver, no history, positions told apart without their scores."""


def search_hints(rules: GameRules) -> SearchHints:
    """The hints ``rules`` give their players' search, or :data:`DEFAULT_HINTS`."""
    return rules.search_hints if isinstance(rules, GivesSearchHints) else DEFAULT_HINTS
