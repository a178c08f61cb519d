"""Bergen (RULES.md §2.9, §4.8): a drawing line game scored for *headers* as they are made.

The line game of :mod:`boneyard.games.line.rules` (no spinner, doubles crosswise, draw until able)
with its own scoring during play. After a play, when the two ends of the line show the same number
the player scores a **double-header**, 2 points; when one of those ends is a double (crosswise, its
far side free) it is a **triple-header**, 3 points. The leader's double is a double-header of its
own: a double led scores 2. As in the old text's Muggins a player may draw though he could play
(``voluntary_draw``). Going out scores 1 (``domino_points=fixed:1``), and so does winning a blocked
hand (``blocked_scoring=fixed:1``), where by the old rule a hand holding a double loses to any hand
without one, and hands that all hold doubles are compared by the pips of their other tiles
(``blocked_doubles_lose=non_double_pips``). Game is 15 for two players, 10 for three or four
(``target_score=2:15,3:10,4:10``).

Celko's reduction near the target is ``bergen_near_target_cap``: a player within 2 of the target
scores only 1 for a header, within 3 only 2.

>>> from boneyard.core.layout import Layout
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = BergenGame().configure()
>>> lay = rules.lead_layout(T("6-6"), None)
>>> rules.header(lay)  # BER-1: the lead 6-6 scores 2
2
>>> for tile, end in [("6-2", "R"), ("6-4", "L"), ("4-2", "L")]:
...     lay = rules.lay(lay, Play(T(tile), end))
>>> lay.open_ends(), rules.header(lay)
([('L', 2), ('R', 2)], 2)
>>> lay = rules.lay(lay, Play(T("2-2"), "L"))
>>> rules.header(lay), rules.explain(lay)
(3, 'triple-header: 2-2 across one end and 2 at the other -> 3 points')
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.actions import Move, Play
from ..core.game import Game, RuleSet
from ..core.layout import Layout
from ..core.options import OptionSpec, choices_of, pick
from ..core.tiles import DOUBLE, NAMES
from ..core.words import Voice
from .block import LINE_DEFAULTS
from .line.options import LINE_SPECS
from .line.presenter import LinePresenter
from .line.rules import LineRules

if TYPE_CHECKING:
    from ..core.options import Options
    from ..core.protocol import GameState, Outcome
    from .line.state import LineState

__all__ = ["BergenGame", "BergenPresenter", "BergenRules"]


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


class BergenRules(LineRules):
    """Line play with draws, scored for double- and triple-headers as they are made."""

    play_reason = "header"

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        # off, all_pips or non_double_pips: what decides a blocked hand (RULES.md §2.9).
        self.doubles_rule = BLOCKED_DOUBLES_LOSE.choice(options, DoublesLose)
        self.near_target_cap = BERGEN_NEAR_TARGET_CAP.flag(options)
        # Headers are scored during play (state.scores), always.
        self.scores_in_play = True
        # With the cap, what a header scores depends on the player's total.
        self.scores_shape_future = self.near_target_cap

    # ----------------------------------------------------------------- headers
    def header(self, layout: Layout) -> int:
        """What the line scores as it stands: 2 when both ends show the same number (a double
        led alone too), 3 when one of those ends is a double, else 0."""
        pips = layout.pips
        if len(pips) != 2:
            return 0
        a, b = pips
        if a != b or a < 0:
            return 0
        left, right = layout.tips
        if left == right:
            return 2  # the leader's double
        return 3 if DOUBLE[left] or DOUBLE[right] else 2

    def explain(self, layout: Layout) -> str:
        """A header in words: ``double-header: both ends show 2 -> 2 points``."""
        points = self.header(layout)
        if not points:
            return "no header"
        p = layout.pips[0]
        left, right = layout.tips
        if left == right:
            return f"the leader's double {NAMES[left]} -> 2 points"
        if points == 3:
            double = left if DOUBLE[left] else right
            return f"triple-header: {NAMES[double]} across one end and {p} at the other -> 3 points"
        return f"double-header: both ends show {p} -> 2 points"

    def points_of_play(self, layout: Layout | None, action: Play) -> int:
        """What ``action`` would score on ``layout`` (``None`` before the lead), before any cap
        near the target: public facts only, so agents and hints can use it."""
        if layout is None:
            return self.header(self.lead_layout(action.tile, action.open))
        return self.header(self.lay(layout, action))

    def capped(self, points: int, total: float) -> int:
        """``points`` for a header made with ``total`` already scored, under the cap near the
        target (Celko): at most 1 within 2 of the target, at most 2 within 3."""
        if not self.near_target_cap or not points:
            return points
        need = self.target_score - total
        if need <= 2:
            return min(points, 1)
        if need <= 3:
            return min(points, 2)
        return points

    def score_play(self, state: LineState, seat: int, action: Play) -> int:
        assert state.layout is not None
        points = self.header(state.layout)
        if points and self.near_target_cap:
            side = self.side_of[seat]
            points = self.capped(points, state.base_totals[side] + state.scores[side])
        return points

    def make_presenter(self) -> BergenPresenter:
        return BergenPresenter(self)

    def kernel_fields(self) -> dict[str, Any]:
        return {
            **super().kernel_fields(),
            "play_scoring": "headers",
            "header_cap": self.near_target_cap,
            "blocked_doubles_lose": self.doubles_rule,
        }

    # ----------------------------------------------------------------- blocked hands
    def _holds_double(self, state: LineState, side: int) -> bool:
        doubles = self.tiles.doubles_mask
        return any(state.hands[s] & doubles for s in self.sides[side])

    def _pips_off_doubles(self, state: LineState, side: int) -> int:
        singles = ~self.tiles.doubles_mask
        return sum(self.hand_pips(state.hands[s] & singles) for s in self.sides[side])

    def _blocked_keys(self, state: LineState, side_pips: list[int]) -> list[tuple[bool, int]]:
        """Each side's rank in a blocked hand under the doubles rule, the lowest best: holding a
        double, then its pips; with ``non_double_pips`` only the tiles that are not doubles
        count (the same for a hand without doubles, and all that is left to compare when every
        hand holds one)."""
        off_doubles = self.doubles_rule is DoublesLose.NON_DOUBLE_PIPS
        return [
            (
                self._holds_double(state, i),
                self._pips_off_doubles(state, i) if off_doubles else pips,
            )
            for i, pips in enumerate(side_pips)
        ]

    def _lowest(self, state: LineState, side_pips: list[int]) -> list[int]:
        """Under the doubles rule a side holding a double loses to any side without one; among
        the sides alike the fewest pips (with ``non_double_pips``, on tiles other than doubles)
        win."""
        if self.doubles_rule is DoublesLose.OFF:
            return super()._lowest(state, side_pips)
        keys = self._blocked_keys(state, side_pips)
        best = min(keys)
        return [i for i, k in enumerate(keys) if k == best]

    def _blocked(
        self, state: LineState, side_pips: list[int], stock_pips: int
    ) -> tuple[int | None, list[int], str]:
        winner, points, reason = super()._blocked(state, side_pips, stock_pips)
        if self.doubles_rule is DoublesLose.OFF or self.blocked_scoring == "cascade":
            return winner, points, reason
        keys = self._blocked_keys(state, side_pips)
        tied = [i for i, k in enumerate(keys) if k == min(keys)]
        held_by_all = keys[tied[0]][0]
        if not held_by_all:
            if winner is not None and len(tied) == 1:
                nearest = min(p for i, p in enumerate(side_pips) if i != winner)
                if nearest <= side_pips[winner]:  # it wins by the doubles rule, not by its pips
                    fewer = "fewer" if nearest < side_pips[winner] else "as few"
                    verb = "holds" if len(self.sides[winner]) == 1 else "hold"
                    reason = (
                        f"blocked: {self.side_name(winner)} {verb} no double, and every hand "
                        f"with {fewer} pips holds one"
                    )
            return winner, points, reason
        if self.doubles_rule is not DoublesLose.NON_DOUBLE_PIPS:
            return winner, points, reason
        every = "both hands hold" if len(keys) == 2 else "every hand holds"
        counts = ", ".join(f"{k[1]} for {self.side_name(i)}" for i, k in enumerate(keys))
        reason = f"blocked: {every} a double, so only the pips on the other tiles count: {counts}"
        if len(tied) == 1:
            return winner, points, f"{reason}; {self.side_name(tied[0])} wins"
        *others, last = [self.side_name(i) for i in tied]
        names = f"{', '.join(others)} and {last}"
        if winner is not None:
            why = _TIE_WORDS.get(self.blocked_tie, f"wins the tie ({self.blocked_tie})")
            return winner, points, f"{reason}; {names} tie, and {self.side_name(winner)} {why}"
        if any(points):
            return winner, points, f"{reason}; {names} tie and split the score"
        return winner, points, f"{reason}; {names} tie, nobody scores"


# How a tie in a blocked hand was broken, in words (blocked_tie).
_TIE_WORDS = {
    "fewest_doubles": "wins with fewer doubles",
    "lightest_tile": "wins with the lightest tile",
    "last_to_play": "wins, having played last",
}


class BergenGame(Game):
    id: ClassVar[str] = "bergen"
    title: ClassVar[str] = "Bergen"
    summary: ClassVar[str] = (
        "A drawing line game scored as you play: 2 for making both ends the same number, 3 when "
        "one of them is a double; 1 for going out or the best blocked hand; 15 up."
    )
    option_specs = pick(BERGEN_OPTIONS, LINE_SPECS, BERGEN_SPECS)
    defaults = BERGEN_DEFAULTS
    default_rules = "classic"
    rules_class = BergenRules
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "classic": RuleSet(
            "classic",
            "The old American game: 6 tiles each; the highest double leads every hand and scores "
            "2; 2 for a double-header (both ends alike), 3 for a triple-header (a double at one "
            "end, its number at the other); draw until able, and a player may draw though he "
            "could play; 1 for going out, 1 for winning a blocked hand, where a hand holding a "
            "double loses to any hand without one and hands that all hold doubles count only "
            "their other tiles; game 15 for two players, 10 for three or four (Celko).",
            {},
            "puzzle-place.net Bergen and Muggins (the old American text); Celko (gamecabinet) "
            "for the target; domino-games.com for the worked line",
        ),
    }


class BergenPresenter(LinePresenter[BergenRules]):
    """Bergen told: its headers, explained as they are scored and shown in the list of moves."""

    default_opponent = "counting"  # it plays for the headers

    def intro(self, voice: Voice) -> list[str]:
        rules = self.rules
        lines = [
            "Headers score as you make them: 2 when both ends of the line show the same number "
            "(a double-header; a double led alone is one), 3 when one of those ends is a double "
            "(a triple-header).",
            f"Going out scores {rules.domino_points.removeprefix('fixed:')}; when nobody can "
            "play, the best hand scores "
            f"{rules.blocked_scoring.removeprefix('fixed:')}"
            + {
                "off": ": the fewest pips win.",
                "all_pips": ": a hand holding a double loses to any hand without one, then the "
                "fewest pips win.",
                "non_double_pips": ": a hand holding a double loses to any hand without one, "
                "then the fewest pips win; when every hand holds a double, only the pips on the "
                "other tiles count.",
            }[rules.doubles_rule],
        ]
        if rules.voluntary_draw:
            lines.append("You may draw from the stock even when you could play.")
        if rules.near_target_cap:
            lines.append(
                "Near the target a header is worth less: at most 1 within 2 points of it, at "
                "most 2 within 3."
            )
        return lines

    def play_points(self, layout: Layout | None, action: Play) -> int | None:
        return self.rules.points_of_play(layout, action)

    def why_scored(
        self, state: GameState, before: object | None, move: Move, outcome: Outcome, voice: Voice
    ) -> list[str]:
        """The header a play made: ``double-header: both ends show 2 -> 2 points`` (``, capped
        at 1 near the target``)."""
        action = move.action
        if not isinstance(action, Play) or state.layout is None:
            return []
        header = self.rules.points_of_play(before if isinstance(before, Layout) else None, action)
        if not header:
            return []
        why = self.rules.explain(state.layout)
        if move.points < header:
            why += f", capped at {move.points} near the target"
        return [why]
