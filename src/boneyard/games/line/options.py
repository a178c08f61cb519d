"""The line mechanism's options: what every line game may list (RULES.md §3), declared where the
mechanism that reads them lives (:class:`~boneyard.games.line.rules.LineRules` reads each once, into
a typed attribute). A game lists the ones it offers (``Game.option_specs``); a game that does not
list one plays by its ``absent`` value.

A choice read as one value of a few is an enum here (a :class:`~enum.StrEnum`, so it is equal to
its written form and records keep their strings); a choice with a parameter (``fixed:<n>``,
``holder_of:<tile>``) is read as written.
"""

from __future__ import annotations

from enum import StrEnum

from ...core.options import OptionSpec, choices_of
from ...core.protocol import TARGET_SCORE

__all__ = [
    "BLOCKED_SCORING",
    "BLOCKED_TIE",
    "BLOCKED_WINNER",
    "CAPICUA_BONUS",
    "CAPICUA_ENDS",
    "COUNT_STOCK_PIPS",
    "DOMINO_POINTS",
    "DOUBLES_CROSSWISE",
    "DOUBLE_BLANK_BONUS",
    "DOUBLE_BONUS_PLAY",
    "DRAW_POLICY",
    "EARLY_BLOCK_DETECTION",
    "FIRST_LEAD",
    "HAND_DOUBLE_VALUE",
    "HAND_SIZE",
    "LEAD_TILE",
    "LINE_SPECS",
    "NEXT_LEAD",
    "NO_DOUBLE",
    "OPENING_PASS_BONUS",
    "OPENING_PASS_BONUS_DOUBLE",
    "PARTNERSHIPS",
    "PARTNER_PIPS",
    "PASS_BONUS",
    "ROUNDS",
    "ROUND_SCOPE",
    "SPINNER",
    "SPINNER_FILL_FIRST",
    "SPINNER_SIDES_FIRST",
    "STOCK_RESERVE",
    "TARGET_EXACT",
    "TEAM_OUT_RULE",
    "TILE_SET",
    "TURN_DIRECTION",
    "VOLUNTARY_DRAW",
    "BlockedTie",
    "BlockedWinner",
    "CapicuaEnds",
    "DrawPolicy",
    "HandDoubleValue",
    "LeadTile",
    "NextLead",
    "NoDouble",
    "PartnerPips",
    "RoundScope",
    "Spinner",
    "TeamOutRule",
    "TurnDirection",
]


class DrawPolicy(StrEnum):
    """When a player who cannot play draws. (``draw_policy``)"""

    NONE = "none"
    UNTIL_PLAYABLE = "until_playable"
    ONE_THEN_PASS = "one_then_pass"


class LeadTile(StrEnum):
    """Which tile the first leader poses. (``lead_tile``)"""

    THE_DECIDING_DOUBLE = "the_deciding_double"
    ANY = "any"


class NoDouble(StrEnum):
    """What happens when the lead goes to a double and nobody holds one. (``no_double``)"""

    REDEAL = "redeal"
    HEAVIEST_TILE = "heaviest_tile"
    DRAW_UNTIL_FOUND = "draw_until_found"


class NextLead(StrEnum):
    """Who leads the later hands of a match. (``next_lead``)"""

    ALTERNATE = "alternate"
    WINNER = "winner"
    ROTATE_LEFT = "rotate_left"
    ROTATE_RIGHT = "rotate_right"
    SAME_AS_FIRST = "same_as_first"


class TurnDirection(StrEnum):
    """The way round the table play goes. (``turn_direction``)"""

    CW = "cw"
    CCW = "ccw"


class Spinner(StrEnum):
    """Which doubles are spinners. (``spinner``)"""

    NONE = "none"
    FIRST_DOUBLE = "first_double"
    ALL_DOUBLES = "all_doubles"
    OPENING_DOUBLE = "opening_double"


class RoundScope(StrEnum):
    """What the rounding of domino_points applies to. (``round_scope``)"""

    TOTAL = "total"
    PER_OPPONENT = "per_opponent"


class BlockedTie(StrEnum):
    """How a tie for the lowest blocked hand is broken. (``blocked_tie``)"""

    NO_SCORE = "no_score"
    SPLIT = "split"
    LIGHTEST_TILE = "lightest_tile"
    LAST_TO_PLAY = "last_to_play"
    FEWEST_DOUBLES = "fewest_doubles"


class BlockedWinner(StrEnum):
    """Whose pips decide a blocked hand. (``blocked_winner``)"""

    LOWEST_TOTAL = "lowest_total"
    LOWEST_PLAYER = "lowest_player"
    BLOCKER_VS_NEXT = "blocker_vs_next"
    BLOCKER_VS_PREVIOUS = "blocker_vs_previous"


class CapicuaEnds(StrEnum):
    """Which last tiles make a capicúa. (``capicua_ends``)"""

    EITHER = "either"
    DIFFERENT = "different"


class PartnerPips(StrEnum):
    """What a scoring partnership does with the partner's pips. (``partner_pips``)"""

    IGNORE = "ignore"
    INCLUDE = "include"
    SUBTRACT = "subtract"


class HandDoubleValue(StrEnum):
    """What a double left in hand counts. (``hand_double_value``)"""

    FULL = "full"
    ONE_HALF = "one_half"


class TeamOutRule(StrEnum):
    """When a partnership hand ends. (``team_out_rule``)"""

    FIRST_PLAYER = "first_player"
    BOTH_PARTNERS = "both_partners"


TILE_SET = OptionSpec(
    "tile_set",
    "choice",
    "the set used: double-six (28 tiles), double-nine (55) or double-twelve (91); the small "
    "double-two (6) and double-three (10), for research, where the deal fits",
    ("double-six", "double-nine", "double-twelve", "double-two", "double-three"),
    absent="double-six",
)

PARTNERSHIPS = OptionSpec(
    "partnerships",
    "bool",
    "four players play as two partnerships, seats 0 and 2 against 1 and 3, scoring for the side",
    absent=False,
)

HAND_SIZE = OptionSpec(
    "hand_size",
    "int_or_map",
    "tiles dealt to each player, or per number of players",
    minimum=1,
    example="2:7,3:5,4:5",
    absent=7,
)

STOCK_RESERVE = OptionSpec(
    "stock_reserve",
    "int_or_map",
    "stock tiles that may never be drawn, or per number of players",
    example="2:3,3:0,4:0",
    absent=0,
)

DRAW_POLICY = OptionSpec(
    "draw_policy",
    "choice",
    "when a player cannot play: none (pass), until_playable "
    "(draw until a tile fits), one_then_pass (draw one, pass if it does not fit)",
    choices_of(DrawPolicy),
    absent="none",
)

VOLUNTARY_DRAW = OptionSpec(
    "voluntary_draw",
    "bool",
    "a player who could play may draw instead (while the stock is above the reserve)",
    absent=False,
)

FIRST_LEAD = OptionSpec(
    "first_lead",
    "choice",
    "who poses first in the first hand",
    (
        "highest_double",
        "draw_highest",
        "draw_highest_doubles_first",
        "draw_lowest",
        "lowest_double",
        "random",
    ),
    ("holder_of:<tile>",),
    absent="highest_double",
)

LEAD_TILE = OptionSpec(
    "lead_tile",
    "choice",
    "whether the leader must pose the tile that gave him the lead "
    "(the_deciding_double) or may pose any tile",
    choices_of(LeadTile),
    absent="the_deciding_double",
)

NO_DOUBLE = OptionSpec(
    "no_double",
    "choice",
    "when the lead goes to a double and nobody holds one: redeal, "
    "the heaviest tile leads, or players draw in turn until a double appears",
    choices_of(NoDouble),
    absent="heaviest_tile",
)

NEXT_LEAD = OptionSpec(
    "next_lead",
    "choice",
    "who leads the later hands of a match",
    choices_of(NextLead),
    absent="rotate_left",
)

TURN_DIRECTION = OptionSpec(
    "turn_direction",
    "choice",
    "the way round the table play goes: cw (clockwise) or ccw",
    choices_of(TurnDirection),
    absent="cw",
)

DOUBLES_CROSSWISE = OptionSpec(
    "doubles_crosswise", "bool", "doubles are laid across the line", absent=True
)

SPINNER = OptionSpec(
    "spinner",
    "choice",
    "which doubles can be played on all four sides: none, the "
    "first double of the hand, every double, or only a double posed as the lead",
    choices_of(Spinner),
    absent="none",
)

SPINNER_SIDES_FIRST = OptionSpec(
    "spinner_sides_first",
    "bool",
    "a spinner's two long sides must be covered before its short ends open",
    absent=True,
)

SPINNER_FILL_FIRST = OptionSpec(
    "spinner_fill_first",
    "bool",
    "the first spinner must get a tile on every side before any arm grows",
    absent=False,
)

DOUBLE_BONUS_PLAY = OptionSpec(
    "double_bonus_play",
    "bool",
    "a player who plays a double may at once play another tile matching it",
    absent=False,
)

DOMINO_POINTS = OptionSpec(
    "domino_points",
    "choice",
    "what going out scores: the opponents' pips, rounded to "
    "the nearest five or three, a fixed number, or nothing",
    ("pips", "pips_round5", "pips_round3", "none"),
    ("fixed:<n>",),
    absent="pips",
)

ROUND_SCOPE = OptionSpec(
    "round_scope",
    "choice",
    "rounding applies to the total of the opponents' pips, or to each opponent's hand",
    choices_of(RoundScope),
    absent="total",
)

BLOCKED_SCORING = OptionSpec(
    "blocked_scoring",
    "choice",
    "what the lowest hand scores when no one can play: "
    "combined (all hands), opponents (others' pips), difference_each (sum of the "
    "differences to each), difference_total (others' total minus own), cascade (every "
    "player scores the differences to those above), or a fixed number",
    ("combined", "opponents", "difference_each", "difference_total", "cascade"),
    ("fixed:<n>",),
    absent="difference_total",
)

BLOCKED_TIE = OptionSpec(
    "blocked_tie",
    "choice",
    "a tie for the lowest blocked hand: no_score, split the "
    "score, the lightest single tile wins, the side that played last wins, or the "
    "fewest doubles wins",
    choices_of(BlockedTie),
    absent="no_score",
)

BLOCKED_WINNER = OptionSpec(
    "blocked_winner",
    "choice",
    "who wins a blocked hand: lowest_total (the side with the fewest pips in all), "
    "lowest_player (the side of the player holding the fewest pips himself), blocker_vs_next or "
    "blocker_vs_previous (the player who laid the blocking tile against the next or the "
    "previous player in the order of play, the fewer pips winning); blocked_tie settles equal "
    "counts",
    choices_of(BlockedWinner),
    absent="lowest_total",
)

CAPICUA_BONUS = OptionSpec(
    "capicua_bonus",
    "choice",
    "going out with a capicúa (a last tile, not a double, that fits either end): none, double "
    "(the hand's points are doubled) or a fixed bonus added",
    ("none", "double"),
    ("fixed:<n>",),
    absent="none",
)

CAPICUA_ENDS = OptionSpec(
    "capicua_ends",
    "choice",
    "a capicúa's last tile fits either end: either (the ends may show the same number) or "
    "different (the two ends show its two different numbers)",
    choices_of(CapicuaEnds),
    absent="either",
)

DOUBLE_BLANK_BONUS = OptionSpec(
    "double_blank_bonus",
    "int",
    "points added for going out with the double-blank (the chuchazo); 0: none",
    minimum=0,
    example="100",
    absent=0,
)

PASS_BONUS = OptionSpec(
    "pass_bonus",
    "int",
    "points a side scores when a tile its player lays makes every other seat pass in turn "
    "(the pase corrido); 0: none",
    minimum=0,
    example="25",
    absent=0,
)

OPENING_PASS_BONUS = OptionSpec(
    "opening_pass_bonus",
    "int",
    "points the leader's side scores when the next player passes on a lead that is not a double "
    "(the pase de salida); 0: none",
    minimum=0,
    example="50",
    absent=0,
)

OPENING_PASS_BONUS_DOUBLE = OptionSpec(
    "opening_pass_bonus_double",
    "int",
    "points the leader's side scores when the next player passes on a double led; 0: none",
    minimum=0,
    example="25",
    absent=0,
)

COUNT_STOCK_PIPS = OptionSpec(
    "count_stock_pips",
    "bool",
    "the pips left in the stock are added to the loser's count (the winner scores them too)",
    absent=False,
)

EARLY_BLOCK_DETECTION = OptionSpec(
    "early_block_detection",
    "bool",
    "the hand is blocked as soon as no tile in any hand "
    "or in the drawable stock can be played (no drawing down a dead stock)",
    absent=False,
)

PARTNER_PIPS = OptionSpec(
    "partner_pips",
    "choice",
    "when a partnership scores: the partner's remaining pips are ignored, included, or subtracted",
    choices_of(PartnerPips),
    absent="ignore",
)

HAND_DOUBLE_VALUE = OptionSpec(
    "hand_double_value",
    "choice",
    "a double left in hand counts its full pips or one half",
    choices_of(HandDoubleValue),
    absent="full",
)

TARGET_EXACT = OptionSpec(
    "target_exact",
    "bool",
    "the target must be reached exactly: a score that would pass it is ignored, and the first "
    "side to reach it wins at once",
    absent=False,
)

TEAM_OUT_RULE = OptionSpec(
    "team_out_rule",
    "choice",
    "a partnership hand ends when one player is out (first_player), or goes on until both "
    "partners of a side are out (both_partners)",
    choices_of(TeamOutRule),
    absent="first_player",
)

ROUNDS = OptionSpec(
    "rounds", "int", "hands in a match (0: no limit, play to the target)", example="10"
)

# Every option of the line mechanism, and target_score that every game's rules answer: what a line
# game picks its options from (``pick(names, LINE_SPECS)``).
LINE_SPECS: tuple[OptionSpec, ...] = (
    TILE_SET,
    PARTNERSHIPS,
    HAND_SIZE,
    STOCK_RESERVE,
    DRAW_POLICY,
    VOLUNTARY_DRAW,
    FIRST_LEAD,
    LEAD_TILE,
    NO_DOUBLE,
    NEXT_LEAD,
    TURN_DIRECTION,
    DOUBLES_CROSSWISE,
    SPINNER,
    SPINNER_SIDES_FIRST,
    SPINNER_FILL_FIRST,
    DOUBLE_BONUS_PLAY,
    DOMINO_POINTS,
    ROUND_SCOPE,
    BLOCKED_SCORING,
    BLOCKED_TIE,
    BLOCKED_WINNER,
    CAPICUA_BONUS,
    CAPICUA_ENDS,
    DOUBLE_BLANK_BONUS,
    PASS_BONUS,
    OPENING_PASS_BONUS,
    OPENING_PASS_BONUS_DOUBLE,
    COUNT_STOCK_PIPS,
    EARLY_BLOCK_DETECTION,
    PARTNER_PIPS,
    HAND_DOUBLE_VALUE,
    TARGET_EXACT,
    TEAM_OUT_RULE,
    ROUNDS,
    TARGET_SCORE,
)
