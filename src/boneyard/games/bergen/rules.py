"""Bergen's rules: the line game scored for double- and triple-headers as they are made, and the
old rule for a blocked hand where doubles lose."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Play
from ...core.i18n import NP_, _
from ...core.layout import Layout
from ...core.tiles import DOUBLE, NAMES
from ..line.rules import LineRules
from .options import BERGEN_NEAR_TARGET_CAP, BLOCKED_DOUBLES_LOSE, DoublesLose

if TYPE_CHECKING:
    from ...core.game import Game
    from ...core.options import Options
    from ..line.state import LineState

__all__ = ["BergenRules"]


# The sentences of the engine (why a blocked hand went where it did), told whole in another
# language.
ENGINE_SENTENCES = (
    NP_("engine", "blocked: {seat} holds no double, and every hand with fewer pips holds one"),
    NP_("engine", "blocked: {seat} holds no double, and every hand with as few pips holds one"),
    NP_(
        "engine",
        "blocked: both hands hold a double, so only the pips on the other tiles count: {counts}",
    ),
    NP_(
        "engine",
        "blocked: every hand holds a double, so only the pips on the other tiles count: {counts}",
    ),
    NP_("engine", "{n} for {seat}"),
    NP_("engine", "{seat} wins"),
    NP_("engine", "{who} tie, and {seat} wins with fewer doubles"),
    NP_("engine", "{who} tie, and {seat} wins with the lightest tile"),
    NP_("engine", "{who} tie, and {seat} wins, having played last"),
    NP_("engine", "{who} tie, and {seat} wins the tie ({rule})"),
    NP_("engine", "{who} tie and split the score"),
    NP_("engine", "{who} tie, nobody scores"),
)


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
            return _("the leader's double {tile} -> 2 points").format(tile=NAMES[left])
        if points == 3:
            double = left if DOUBLE[left] else right
            return _(
                "triple-header: {tile} across one end and {pip} at the other -> 3 points"
            ).format(tile=NAMES[double], pip=p)
        return _("double-header: both ends show {pip} -> 2 points").format(pip=p)

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
