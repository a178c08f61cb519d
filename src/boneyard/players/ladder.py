"""The level ladder: each computer level's measured rating, from ``ladder.json`` beside this
module.

The ratings come from a round robin of duplicate deals among ``random``, ``greedy`` and the
search player's four levels (``benchmarks/run strength ladder``), in two-player Block and in the
partnership game: Bradley-Terry ratings on the Elo scale (400 points: 10 to 1 odds of winning a
hand), ``beginner`` fixed at 1000, with 95% intervals by a bootstrap over deals. The file keeps,
per game, the deals, the seed, the command and the date of the run (docs/ai.md, "Levels and
their ratings").

>>> r = rating("block", "expert")
>>> r.game, r.low <= r.rating <= r.high, r.deals > 0
('block', True, True)
>>> rating("draw", "casual").game  # a game not measured: two-player Block's figure
'block'
>>> rating("block", "nobody") is None
True
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

__all__ = ["LADDER_FILE", "Rating", "about", "default_game", "games", "ladder", "rating"]

LADDER_FILE = Path(__file__).with_name("ladder.json")


class Rating(NamedTuple):
    """A level's measured rating in ``game`` (the game it was measured in), its 95% interval
    (``low``, ``high``) and the duplicate deals of every pairing behind it."""

    rating: float
    low: float
    high: float
    deals: int
    game: str


@cache
def ladder() -> dict[str, Any]:
    """The whole file: ``scale`` (how the ratings are fixed), ``default`` (the game whose
    ratings a game not measured is given: two-player Block) and ``games`` (per game: its rules,
    players, deals, seed, command, date and each agent's rating, low, high and hands)."""
    data: dict[str, Any] = json.loads(LADDER_FILE.read_text(encoding="utf-8"))
    return data


def default_game() -> str:
    """The game whose ratings a game not measured is given (two-player Block)."""
    return str(ladder()["default"])


def games() -> tuple[str, ...]:
    """The games the ladder was measured in."""
    return tuple(ladder()["games"])


def rating(game: str, level: str) -> Rating | None:
    """``level``'s rating in ``game`` (a game id), or, where that game was not measured, in
    two-player Block (:func:`default_game`; ``Rating.game`` says which); ``None`` for an agent
    not on the ladder (a plug-in)."""
    measured = ladder()["games"]
    where = game if game in measured else default_game()
    entry = measured[where]
    agent = entry["agents"].get(level)
    if agent is None:
        return None
    return Rating(
        float(agent["rating"]), float(agent["low"]), float(agent["high"]), entry["deals"], where
    )


def about(value: float) -> int:
    """A rating as people are told it: to the nearest ten."""
    return int(round(value, -1))
