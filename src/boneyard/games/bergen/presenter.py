"""Bergen told: its headers explained as they are scored and shown in the list of moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Move, Play
from ...core.i18n import _
from ...core.layout import Layout
from ...core.words import Voice
from ..line.presenter import LinePresenter
from .rules import BergenRules

if TYPE_CHECKING:
    from ...core.protocol import GameState, Outcome

__all__ = ["BergenPresenter"]


class BergenPresenter(LinePresenter[BergenRules]):
    """Bergen told: its headers, explained as they are scored and shown in the list of moves."""

    default_opponent = "counting"  # it plays for the headers

    def intro(self, voice: Voice) -> list[str]:
        rules = self.rules
        lines = [
            _(
                "Headers score as you make them: 2 when both ends of the line show the same "
                "number (a double-header; a double led alone is one), 3 when one of those ends is "
                "a double (a triple-header)."
            ),
            _("Going out scores {out}; when nobody can play, the best hand scores {best}").format(
                out=rules.domino_points.removeprefix("fixed:"),
                best=rules.blocked_scoring.removeprefix("fixed:"),
            )
            + {
                "off": _(": the fewest pips win."),
                "all_pips": _(
                    ": a hand holding a double loses to any hand without one, then the fewest "
                    "pips win."
                ),
                "non_double_pips": _(
                    ": a hand holding a double loses to any hand without one, then the fewest "
                    "pips win; when every hand holds a double, only the pips on the other tiles "
                    "count."
                ),
            }[rules.doubles_rule],
        ]
        if rules.voluntary_draw:
            lines.append(_("You may draw from the stock even when you could play."))
        if rules.near_target_cap:
            lines.append(
                _(
                    "Near the target a header is worth less: at most 1 within 2 points of it, at "
                    "most 2 within 3."
                )
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
            why += _(", capped at {n} near the target").format(n=move.points)
        return [why]
