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
>>> str(rules.spinner), rules.hand_size, str(rules.score_unit), rules.target_score
('all_doubles', 5, 'per_multiple', 61)
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.actions import Action, Draw, Muggins, Play
from ..core.game import Game, RuleSet
from ..core.options import OptionSpec, choices_of, pick
from .counting import (
    COUNTING_DEFAULTS,
    COUNTING_OPTIONS,
    COUNTING_SPECS,
    CountingGame,
    CountingRules,
)
from .line.options import LINE_SPECS

if TYPE_CHECKING:
    from ..core.kernel_spec import KernelSpec
    from ..core.options import Options
    from ..core.protocol import HandResult
    from .line.state import LineState

__all__ = ["FIVE_UP_SPECS", "BlockedCompare", "FiveUpGame", "FiveUpRules"]


class BlockedCompare(StrEnum):
    """Which side wins a blocked hand (``blocked_compare``)."""

    TEAM_TOTAL = "team_total"
    LOWEST_PLAYER = "lowest_player"


# Five-Up's own options (RULES-texas42-fiveup.md rows 59, 60, 62), on top of the counting games'.
PLAY_DRAWN_TILE = OptionSpec(
    "play_drawn_tile",
    "bool",
    "a tile drawn that can be played must be played at once (no other tile, no more drawing)",
)

MIN_FIRST_SCORE = OptionSpec(
    "min_first_score",
    "int",
    "a side's first score of a match must be at least this much face value (10: 'ten to get "
    "in'); smaller scores before it do not count",
    example="10",
)

BLOCKED_COMPARE = OptionSpec(
    "blocked_compare",
    "choice",
    "which side wins a blocked hand: the lower side's total (team_total) or the side of the "
    "lowest single hand (lowest_player)",
    choices_of(BlockedCompare),
)

FIVE_UP_SPECS: tuple[OptionSpec, ...] = (PLAY_DRAWN_TILE, MIN_FIRST_SCORE, BLOCKED_COMPARE)

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


class FiveUpRules(CountingRules):
    """The counting games' rules with Five-Up's own: a drawn tile that fits played at once,
    "ten to get in", and the lowest single hand winning a block where the options say so."""

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        o = options
        self.play_drawn_tile = PLAY_DRAWN_TILE.flag(o)
        self.min_first_score = MIN_FIRST_SCORE.number(o)
        self.lowest_player = (
            BLOCKED_COMPARE.choice(o, BlockedCompare) is BlockedCompare.LOWEST_PLAYER
        )
        if self.min_first_score:
            # Whether a count scores depends on the side's total so far.
            self.scores_shape_future = True

    def score_play(self, state: LineState, seat: int, action: Play) -> int:
        points = super().score_play(state, seat, action)
        if points and self.min_first_score:
            assert state.layout is not None
            if not self.on_the_board(state, self.side_of[seat], self.count(state.layout)):
                return 0
        return points

    def on_the_board(self, state: LineState, side: int, face: float) -> bool:
        """Whether a score of ``face`` value counts for ``side`` (``min_first_score``): a side
        that has scored already, or a score big enough to get it in."""
        scored = state.base_totals[side] + state.scores[side]
        return bool(scored) or face >= self.min_first_score

    def hand_result(self, state: LineState, ended: str, out_seat: int | None) -> HandResult:
        result = super().hand_result(state, ended, out_seat)
        if not self.min_first_score:
            return result
        end = list(result.end_points)
        unit = 5 if self.per_multiple else 1
        for side, points in enumerate(end):
            if points and not self.on_the_board(state, side, points * unit):
                end[side] = 0
        points_ = tuple(state.scores[i] + end[i] for i in range(len(end)))
        return replace(result, points=points_, end_points=tuple(end))

    def _lowest(self, state: LineState, side_pips: list[int]) -> list[int]:
        if not self.lowest_player:
            return super()._lowest(state, side_pips)
        # The side of the lowest single hand wins (a tie across sides: each of them).
        seat_pips = [self.hand_pips(h) for h in state.hands]
        low = min(seat_pips)
        return sorted({self.side_of[s] for s, p in enumerate(seat_pips) if p == low})

    def kernel_spec(self) -> KernelSpec | None:
        # The compiled core does not know Five-Up's own choices where they change the play: a
        # drawn tile played at once by a player who could draw by choice, "ten to get in", the
        # lowest single hand winning a block.
        if (
            (self.play_drawn_tile and self.voluntary_draw)
            or self.min_first_score
            or self.lowest_player
        ):
            return None
        return super().kernel_spec()

    def legal_actions(self, state: LineState) -> list[Action]:
        actions = super().legal_actions(state)
        if self.play_drawn_tile and state.drew and state.history:
            # A tile just drawn that fits is played at once (the only tile that can be, unless
            # the player might have drawn by choice): no other tile, no more drawing.
            last = state.history[-1]
            if last.drawn is not None and type(last.action) is Draw:
                now: list[Action] = [
                    a
                    for a in actions
                    if (type(a) is Play and a.tile == last.drawn) or type(a) is Muggins
                ]
                if any(type(a) is Play for a in now):
                    actions = now
        return actions


class FiveUpGame(CountingGame):
    id: ClassVar[str] = "five-up"
    order: ClassVar[int] = 160
    aliases: ClassVar[tuple[str, ...]] = ("fiveup",)
    title: ClassVar[str] = "Five-Up"
    summary: ClassVar[str] = (
        "The American club game of fives: every double a spinner, five tiles each, a point for "
        "every five in the count of the open ends; the domino-er scores the others' pips by the "
        "five. 61 up."
    )
    option_specs = pick(FIVE_UP_OPTIONS, LINE_SPECS, COUNTING_SPECS, FIVE_UP_SPECS)
    rules_class = FiveUpRules
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


GAMES: tuple[Game, ...] = (FiveUpGame(),)
"""The games of this module, for the registry (:mod:`boneyard.games`)."""
