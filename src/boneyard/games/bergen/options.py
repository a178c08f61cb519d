"""Bergen's own options: what decides a blocked hand where doubles lose, and Celko's cap on
headers near the target; the line mechanism's options it lists, with its defaults."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from ...core.options import OptionSpec, choices_of
from ..block import LINE_DEFAULTS

__all__ = [
    "BERGEN_DEFAULTS",
    "BERGEN_NEAR_TARGET_CAP",
    "BERGEN_OPTIONS",
    "BERGEN_SPECS",
    "BLOCKED_DOUBLES_LOSE",
    "DoublesLose",
]


class DoublesLose(StrEnum):
    """Bergen's doubles rule for a blocked hand (``blocked_doubles_lose``)."""

    OFF = "off"
    ALL_PIPS = "all_pips"
    NON_DOUBLE_PIPS = "non_double_pips"


# Bergen's own options.
BLOCKED_DOUBLES_LOSE = OptionSpec(
    "blocked_doubles_lose",
    "choice",
    "Bergen's doubles rule for a blocked hand: off (the fewest pips win), all_pips (a hand "
    "holding a double loses to any hand without one, then the fewest pips win), "
    "non_double_pips (the same, but hands that all hold doubles count only their other "
    "tiles)",
    choices_of(DoublesLose),
    was_bool=("off", "all_pips"),
)

BERGEN_NEAR_TARGET_CAP = OptionSpec(
    "bergen_near_target_cap",
    "bool",
    "a header scores at most 1 for a player within 2 of the target, at most 2 within 3 "
    "(Celko's Bergen)",
)

BERGEN_SPECS: tuple[OptionSpec, ...] = (
    BLOCKED_DOUBLES_LOSE,
    BERGEN_NEAR_TARGET_CAP,
)

BERGEN_OPTIONS: tuple[str, ...] = (
    "tile_set",
    "hand_size",
    "stock_reserve",
    "draw_policy",
    "voluntary_draw",
    "first_lead",
    "lead_tile",
    "no_double",
    "next_lead",
    "turn_direction",
    "domino_points",
    "blocked_scoring",
    "blocked_tie",
    "blocked_doubles_lose",
    "early_block_detection",
    "target_score",
    "bergen_near_target_cap",
    "hand_double_value",
)

BERGEN_DEFAULTS: dict[str, Any] = {
    **{k: LINE_DEFAULTS[k] for k in BERGEN_OPTIONS if k in LINE_DEFAULTS},
    "hand_size": 6,
    "stock_reserve": 0,
    "draw_policy": "until_playable",
    "voluntary_draw": True,
    "next_lead": "same_as_first",
    "domino_points": "fixed:1",
    "blocked_scoring": "fixed:1",
    "blocked_tie": "fewest_doubles",
    "blocked_doubles_lose": "non_double_pips",
    "target_score": "2:15,3:10,4:10",
    "bergen_near_target_cap": False,
}
