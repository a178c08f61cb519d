"""Texas 42's own options (RULES-texas42-fiveup.md §4, rows 38 to 53), declared by the game.

>>> from boneyard.core.options import parse_value
>>> parse_value(CONTRACTS_SPEC, "follow_me,suit,nello")
'suit,follow_me,nello'
"""

from __future__ import annotations

from enum import StrEnum

from ...core.options import OptionSpec, choices_of, pick
from ...core.protocol import TARGET_SCORE

__all__ = [
    "ALL_PASS",
    "CAP_MARKS",
    "CONTRACTS",
    "CONTRACTS_SPEC",
    "FIRST_BIDDER",
    "FIRST_LEAD_TRUMP",
    "FOLLOW_ME_DOUBLES",
    "LED_SUIT",
    "MARK_RAISE",
    "MAX_OPENING_MARKS",
    "MIN_BID",
    "NELLO_DOUBLES",
    "NELLO_MIN_MARKS",
    "PLAY_OUT",
    "PLUNGE_MARKS",
    "PLUNGE_MIN_DOUBLES",
    "PLUNGE_NEEDS_66",
    "POINTS_MARK_BID",
    "SCORING",
    "SEVENS_MIN_MARKS",
    "SPLASH_MARKS",
    "SPLASH_MIN_DOUBLES",
    "TEXAS_OPTIONS",
    "TEXAS_SPECS",
    "Contract",
]


class Contract(StrEnum):
    """What the winner of a bid may play (``contracts``), in the order the option lists them."""

    SUIT = "suit"
    DOUBLES = "doubles"
    FOLLOW_ME = "follow_me"
    NELLO = "nello"
    SPLASH = "splash"
    PLUNGE = "plunge"
    SEVENS = "sevens"


CONTRACTS = choices_of(Contract)
"""Every contract a bidder may play, in the order the option lists them."""

(
    ALL_PASS,
    MIN_BID,
    MAX_OPENING_MARKS,
    MARK_RAISE,
    FIRST_BIDDER,
    CONTRACTS_SPEC,
    FOLLOW_ME_DOUBLES,
    NELLO_DOUBLES,
    NELLO_MIN_MARKS,
    PLUNGE_MARKS,
    PLUNGE_MIN_DOUBLES,
    PLUNGE_NEEDS_66,
    SPLASH_MARKS,
    SPLASH_MIN_DOUBLES,
    SEVENS_MIN_MARKS,
    SCORING,
    POINTS_MARK_BID,
    CAP_MARKS,
    PLAY_OUT,
    FIRST_LEAD_TRUMP,
    LED_SUIT,
) = TEXAS_SPECS = (
    OptionSpec(
        "all_pass",
        "choice",
        "in Texas 42, when the first three pass the shaker must bid at least the minimum "
        "(forced), or all four may pass and the next shaker shakes again, nobody scoring "
        "(reshake)",
        ("forced", "reshake"),
    ),
    OptionSpec("min_bid", "int", "the lowest bid of Texas 42, in points", minimum=1, example="30"),
    OptionSpec(
        "max_opening_marks",
        "int",
        "the most marks the first mark bid of a Texas 42 hand may be (42 a mark)",
        minimum=1,
        example="2",
    ),
    OptionSpec(
        "mark_raise",
        "int",
        "by how many marks every later mark bid of Texas 42 must raise the last",
        minimum=1,
        example="1",
    ),
    OptionSpec(
        "first_bidder",
        "choice",
        "who bids first in Texas 42: the player left of the shaker, or the holder of a tile "
        "(holder_of:1-0); the bidding goes round once",
        ("left_of_dealer",),
        ("holder_of:<tile>",),
    ),
    OptionSpec(
        "contracts",
        "set",
        "what the winner of a Texas 42 bid may play: a trump suit, doubles as trumps, follow-me "
        "(no trumps), and the house contracts nello, splash, plunge and sevens",
        CONTRACTS,
    ),
    OptionSpec(
        "follow_me_doubles",
        "choice",
        "in follow-me (no trumps), a double is the highest of its suit (high) or the doubles "
        "are a suit of their own (own_suit)",
        ("high", "own_suit"),
    ),
    OptionSpec(
        "nello_doubles",
        "choice",
        "in nello, a double is the highest of its suit (high), the doubles are a suit of their "
        "own (own_suit), a double is the lowest of its suit (low), or the bidder says which "
        "(bidder_choice)",
        ("high", "own_suit", "low", "bidder_choice"),
    ),
    OptionSpec(
        "nello_min_marks",
        "int",
        "the marks a Texas 42 bid needs before its winner may declare nello",
        minimum=1,
        example="1",
    ),
    OptionSpec(
        "plunge_marks",
        "int",
        "what a plunge is bid at in marks (or one mark over the bid so far, if that is more)",
        minimum=1,
        example="4",
    ),
    OptionSpec(
        "plunge_min_doubles",
        "int",
        "the doubles a player must hold to bid a plunge",
        minimum=1,
        example="4",
    ),
    OptionSpec("plunge_needs_66", "bool", "a plunge needs the 6-6 among the doubles held"),
    OptionSpec(
        "splash_marks",
        "int",
        "what a splash is bid at in marks (or one mark over the bid so far, if that is more)",
        minimum=1,
        example="2",
    ),
    OptionSpec(
        "splash_min_doubles",
        "int",
        "the doubles a player must hold to bid a splash",
        minimum=1,
        example="3",
    ),
    OptionSpec(
        "sevens_min_marks",
        "int",
        "the marks a Texas 42 bid needs before its winner may declare sevens",
        minimum=1,
        example="1",
    ),
    OptionSpec(
        "scoring",
        "choice",
        "Texas 42 is scored in marks (a made or set bid scores its marks) or in points (each "
        "side scores what it took; a set scores the bid to the opponents)",
        ("marks", "points"),
    ),
    OptionSpec(
        "points_mark_bid",
        "choice",
        "scoring points, what a mark bid is worth: 42 a mark (42_per_mark) or the 42 points "
        "taken whatever the marks (points_taken)",
        ("42_per_mark", "points_taken"),
    ),
    OptionSpec(
        "cap_marks",
        "bool",
        "a Texas 42 game stops at the target: marks past it are not scored (a tournament's "
        "round robin)",
    ),
    OptionSpec(
        "play_out",
        "bool",
        "a Texas 42 hand is played to its seventh trick even once the bid is made or set",
    ),
    OptionSpec(
        "first_lead_trump",
        "bool",
        "the first lead of a Texas 42 hand must be a trump, if the leader holds one",
    ),
    OptionSpec(
        "led_suit",
        "choice",
        "the suit a tile that is not a trump nor a double leads in Texas 42: its higher end "
        "(high_end), or the end the leader calls (leader_calls)",
        ("high_end", "leader_calls"),
    ),
)

_OWN = tuple(spec.name for spec in TEXAS_SPECS)
_AT = _OWN.index("scoring") + 1
TEXAS_OPTIONS: tuple[OptionSpec, ...] = pick(
    (*_OWN[:_AT], "target_score", *_OWN[_AT:]), TEXAS_SPECS, (TARGET_SCORE,)
)
"""The game's options in the order it lists them: its own, with the shared ``target_score`` (7
marks; 250 scoring points) after ``scoring``."""
