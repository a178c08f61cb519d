"""Sebastopol (RULES.md §2.10, §4.9; "Sevastopol" in S0): four players, all 28 tiles dealt, block
play from a forced four-way opening.

The holder of 6-6 lays it in the centre. It is a spinner, and the next four tiles must be sixes laid
against its four sides (the **cross**) before any arm grows; while the cross is open a player
without a six passes. Then play goes on at the ends of the four arms, L, R, U and D; later doubles
lie across their arm but do not branch. Nobody draws. Going out scores the pips left in the other
hands; a blocked hand is won by the fewest pips, scoring the others' total minus its own (a tie
scores nothing). Game is 60.

The three-handed version: 9 tiles each, the 28th left face down and unused.

The engine's line game does all of this with data (``spinner=opening_double``,
``spinner_fill_first``, ``first_lead=holder_of:6-6``); :class:`SebastopolRules` only fixes what the
game does not let change: the lead spinner and no drawing.

>>> from boneyard.games import get_game
>>> rules = get_game("sebastopol").configure()
>>> lay = rules.lead_layout(27, None)  # 6-6
>>> lay.open_ends()
[('L', 6), ('R', 6), ('U', 6), ('D', 6)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..core.game import Game, RuleSet
from ..core.options import pick
from .block import LINE_DEFAULTS
from .line.options import LINE_SPECS, DrawPolicy, Spinner
from .line.presenter import LinePresenter
from .line.rules import LineRules

if TYPE_CHECKING:
    from ..core.options import Options

__all__ = ["SebastopolGame", "SebastopolRules"]

SEBASTOPOL_OPTIONS: tuple[str, ...] = (
    "hand_size",
    "first_lead",
    "lead_tile",
    "no_double",
    "next_lead",
    "turn_direction",
    "spinner_fill_first",
    "domino_points",
    "blocked_scoring",
    "blocked_tie",
    "target_score",
    "hand_double_value",
)

SEBASTOPOL_DEFAULTS: dict[str, Any] = {
    **{k: LINE_DEFAULTS[k] for k in SEBASTOPOL_OPTIONS if k in LINE_DEFAULTS},
    "hand_size": "3:9,4:7",
    "first_lead": "holder_of:6-6",
    "next_lead": "same_as_first",
    "spinner_fill_first": True,
    "blocked_scoring": "difference_total",
    "target_score": 60,
}


class SebastopolRules(LineRules):
    """Block play from the 6-6 cross: the lead double is a spinner, filled on all four sides
    first; no drawing."""

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        # Fixed by the game: the double led is the only spinner, open on all four sides at once,
        # and nobody draws.
        self.spinner = Spinner.OPENING_DOUBLE
        self.spinner_sides_first = False
        self.draw_policy = DrawPolicy.NONE
        self.can_draw = False
        self.hidden_moves = False


class SebastopolGame(Game):
    id: ClassVar[str] = "sebastopol"
    order: ClassVar[int] = 110
    aliases: ClassVar[tuple[str, ...]] = ("sevastopol",)
    title: ClassVar[str] = "Sebastopol"
    summary: ClassVar[str] = (
        "Four players, all tiles dealt; the 6-6 is led as a spinner and the next four tiles must "
        "be sixes on its four sides before any arm grows; block play on four arms; 60 up."
    )
    option_specs = pick(SEBASTOPOL_OPTIONS, LINE_SPECS)
    defaults = SEBASTOPOL_DEFAULTS
    default_rules = "pagat"
    min_players = 3
    max_players = 4
    default_players = 4
    rules_class = SebastopolRules
    presenter_class = LinePresenter
    end_names = "L, R, U and D (the four arms of the 6-6 cross)"
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "pagat": RuleSet(
            "pagat",
            "pagat (after the gambiter copy): four players, 7 tiles each, all dealt (three "
            "players: 9 each, one tile left unseen); the holder of 6-6 leads it in every hand; "
            "the next four plays must be sixes on its four sides, a player without one passes; "
            "then any arm; no drawing; going out scores the others' pips, a blocked hand's "
            "lowest the others' total minus his own (a tie: nothing); 60 up.",
            {},
            "pagat Sebastopol (gambiter.com copy)",
        ),
    }


GAMES: tuple[Game, ...] = (SebastopolGame(),)
"""The games of this module, for the registry (:mod:`boneyard.games`)."""
