"""Moon's own options: each a point on which the published descriptions disagree
(docs/games/moon.md quotes them). The game lists them with the shared ``target_score``.

>>> [spec.name for spec in MOON_SPECS]  # doctest: +NORMALIZE_WHITESPACE
['moon_tiles', 'moon_all_pass', 'moon_shoot', 'moon_set', 'moon_doubles_trump',
 'moon_first_lead', 'moon_led_suit']
"""

from __future__ import annotations

from ...core.options import OptionSpec

__all__ = [
    "MOON_ALL_PASS",
    "MOON_DOUBLES_TRUMP",
    "MOON_FIRST_LEAD",
    "MOON_LED_SUIT",
    "MOON_SET",
    "MOON_SHOOT",
    "MOON_SPECS",
    "MOON_TILES",
]

MOON_TILES = OptionSpec(
    "moon_tiles",
    "choice",
    "in Moon the double-six set without the blanks but the double-blank, 22 tiles: 7 each and "
    "one, the widow, for the high bidder (double_blank); or without any blank, 21 tiles and no "
    "widow (no_blanks)",
    ("double_blank", "no_blanks"),
)

MOON_ALL_PASS = OptionSpec(
    "moon_all_pass",
    "choice",
    "in Moon, if all three pass the tiles are shuffled and drawn again (redeal), or the dealer, "
    "bidding last, may not pass (dealer)",
    ("redeal", "dealer"),
)

MOON_SHOOT = OptionSpec(
    "moon_shoot",
    "choice",
    "in Moon shooting the moon (a bid of 21: every trick) may be bid at any turn (any), or "
    "only over a bid of 7 (over_seven)",
    ("any", "over_seven"),
)

MOON_SET = OptionSpec(
    "moon_set",
    "choice",
    "in Moon a bidder who is set loses the bid from his score, the others scoring their tricks "
    "(lose_bid); or scores nothing, each other player scoring his tricks and the bid "
    "(opponents_score_bid)",
    ("lose_bid", "opponents_score_bid"),
)

MOON_DOUBLES_TRUMP = OptionSpec(
    "moon_doubles_trump",
    "bool",
    "in Moon the high bidder may name the doubles trumps (the seven doubles a suit of their "
    "own, 6-6 high), besides a number or no trumps",
)

MOON_FIRST_LEAD = OptionSpec(
    "moon_first_lead",
    "choice",
    "in Moon the high bidder leads any tile to the first trick (any), or a trump if he holds "
    "one (trump)",
    ("any", "trump"),
)

MOON_LED_SUIT = OptionSpec(
    "moon_led_suit",
    "choice",
    "in Moon a lead that is neither a trump nor a double leads its higher end (high_end), or the "
    "end its leader calls (leader_calls)",
    ("high_end", "leader_calls"),
)

MOON_SPECS: tuple[OptionSpec, ...] = (
    MOON_TILES,
    MOON_ALL_PASS,
    MOON_SHOOT,
    MOON_SET,
    MOON_DOUBLES_TRUMP,
    MOON_FIRST_LEAD,
    MOON_LED_SUIT,
)
