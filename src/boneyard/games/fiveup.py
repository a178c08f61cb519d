"""Five-Up (RULES-texas42-fiveup.md §3): the American club game of fives, every double a spinner.

A counting game (:mod:`boneyard.games.counting`): the same line, count and end-of-hand scoring as
Muggins, with its own defaults. Five tiles each from a double-six set; the first lead by lot, any
tile, later the last hand's domino-er; **every double is a spinner**, laid crosswise: its two long
sides take the first two tiles, only then its two short ends open; it counts both halves while a
long side is free. A player who cannot play draws until a tile fits (and plays it at once) or the
boneyard is empty; every tile may be drawn. A count that is a multiple of five scores **one point
per five**; the domino-er (or the lower side in a block) scores the opponents' pips to the nearest
five, one point per five; 61 wins.

The ``tidwell`` rule set is the single-spinner game Ken Tidwell's Game Cabinet calls Five-Up: the
first double alone a spinner, drawing allowed while able, scores at face value.

>>> from boneyard.games import get_game
>>> rules = get_game("five-up").configure()
>>> rules.spinner, rules.hand_size, rules.score_unit, rules.target_score
('all_doubles', 5, 'per_multiple', 61)
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.game import RuleSet
from .counting import COUNTING_DEFAULTS, COUNTING_OPTIONS, CountingGame

__all__ = ["FiveUpGame"]

FIVE_UP_OPTIONS: tuple[str, ...] = (
    *COUNTING_OPTIONS,
    "play_drawn_tile",
    "min_first_score",
    "blocked_compare",
)

_PAGAT: dict[str, Any] = {
    "hand_size": 5,
    "stock_reserve": 0,
    "first_lead": "random",
    "lead_tile": "any",
    "next_lead": "winner",
    "spinner": "all_doubles",
    "score_unit": "per_multiple",
    "blocked_scoring": "opponents",
    "target_score": 61,
    "target_exact": False,
    "play_drawn_tile": True,
    "min_first_score": 0,
    "blocked_compare": "team_total",
}


class FiveUpGame(CountingGame):
    id: ClassVar[str] = "five-up"
    aliases: ClassVar[tuple[str, ...]] = ("fiveup",)
    title: ClassVar[str] = "Five-Up"
    summary: ClassVar[str] = (
        "The American club game of fives: every double a spinner, five tiles each, a point for "
        "every five in the count of the open ends; the domino-er scores the others' pips by the "
        "five. 61 up."
    )
    option_names = FIVE_UP_OPTIONS
    defaults: ClassVar[dict[str, Any]] = {**COUNTING_DEFAULTS, **_PAGAT}
    default_rules = "pagat"
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "pagat": RuleSet(
            "pagat",
            "pagat's Five Up: 5 tiles each; the first lead by lot, any tile, later the last "
            "hand's domino-er; every double a spinner whose long sides fill before its ends; draw "
            "until a tile fits and play it at once, every tile may be drawn; one point per five "
            "in the count; the domino-er, or the lower side of a blocked hand, scores the "
            "opponents' pips to the nearest five, a point per five; 61 up.",
            {},
            "pagat Five Up (with pagat All Fives for the hand's end); domino-play.com; Howard "
            "Fosdick; onlinedominogames.com",
        ),
        "tidwell": RuleSet(
            "tidwell",
            "The Game Cabinet's Five-Up (Ken Tidwell), single-spinner All Fives: 5 tiles each; "
            "only the first double a spinner; a player may draw while able to play; counts "
            "score their face value (15 scores 15) and the hand's end the opponents' pips to "
            "the nearest five (a blocked hand: the others' total minus the winner's); two "
            "tiles are never drawn; the last hand's winner leads; 100 up.",
            {
                "spinner": "first_double",
                "voluntary_draw": True,
                "score_unit": "face",
                "stock_reserve": 2,
                "blocked_scoring": "difference_total",
                "target_score": 100,
            },
            "Ken Tidwell, The Game Cabinet 'Domino Muggins'; htfbw.com",
        ),
    }
