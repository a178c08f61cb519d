"""How Tiddle-a-Wink is told: the line game's presenter, with the rules of this rule set in its
introduction (the deal, one arm or two, what a double earns, the pool) and the pools as the
match's goal where a hand is played for the pool.

>>> from boneyard.core.words import Voice
>>> from boneyard.games import get_game
>>> rules = get_game("tiddle-a-wink").configure("pagat-american", players=5)
>>> intro = rules.presenter.intro(Voice.of(rules))
>>> for line in intro[1:3]:
...     print(line)
The holder of the highest double leads it. Every tile goes on the same end, R: the line has one arm.
Whoever lays a double, the lead too, may at once lay one more tile, or pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.i18n import _
from ...core.words import plural
from ..line.presenter import LinePresenter
from .rules import ExtraPlay, TiddleAWinkRules

if TYPE_CHECKING:
    from ...core.words import Voice

__all__ = ["TiddleAWinkPresenter"]


class TiddleAWinkPresenter(LinePresenter[TiddleAWinkRules]):
    """Tiddle-a-Wink told (see the module)."""

    def intro(self, voice: Voice) -> list[str]:
        rules = self.rules
        line = (
            _("Every tile goes on the same end, R: the line has one arm.")
            if rules.one_arm
            else _("Tiles go on either end of the line, L or R.")
        )
        lines = [
            _("Everyone holds {tiles}.").format(tiles=plural(rules.hand_size, "tile"))
            + " "
            + self.drawing_text(),
            _("The holder of the highest double leads it.") + " " + line,
            self.extra_text(),
        ]
        scoring = self.scoring_text()
        if scoring:
            lines.append(scoring)
        return lines

    def extra_text(self) -> str:
        """What a double earns, in a sentence."""
        rules = self.rules
        if rules.extra_play is ExtraPlay.TURN:
            return _(
                "Whoever lays a double, the lead too, takes another turn: he must play if he can, "
                "and a double then earns another."
            )
        if rules.extra_play is ExtraPlay.ON_THE_DOUBLE:
            return _(
                "Whoever lays a double, the lead too, may at once lay one more tile on that "
                "double, or pass."
            )
        if rules.one_arm:
            return _("Whoever lays a double, the lead too, may at once lay one more tile, or pass.")
        return _(
            "Whoever lays a double, the lead too, may at once lay one more tile, on either end, "
            "or pass."
        )

    @property
    def for_pools(self) -> bool:
        """Whether each hand is played for a pool: one point to its winner however it ends."""
        return self.rules.domino_points == "fixed:1" and self.rules.blocked_scoring == "fixed:1"

    def scoring_text(self) -> str:
        """How a hand is won and scored, in a sentence, where the rule set plays for a pool or
        for pips as the sources do; ``""`` for other scorings (the score sheet tells them)."""
        rules = self.rules
        if self.for_pools:
            blocked = (
                _("if nobody can play, nobody wins and the pool waits for the next hand's winner")
                if rules.pool_carries
                else _("if nobody can play, the lightest hand takes it (a tie: nobody)")
            )
            return _("The first out takes the pool; {blocked}. Each pool taken is a point.").format(
                blocked=blocked
            )
        if rules.domino_points != "pips":
            return ""
        blocked_words = {
            "cascade": _("every player scores the differences to the heavier hands"),
            "difference_total": _("the lightest hand scores the others' pips less his own"),
            "opponents": _("the lightest hand scores the others' pips"),
        }.get(rules.blocked_scoring)
        if blocked_words is None:
            return ""
        return _(
            "Going out scores the pips left in the other hands; if nobody can play, {blocked}."
        ).format(blocked=blocked_words)

    def goal(self) -> str:
        if self.for_pools:
            return _("The first to take {pools} wins.").format(
                pools=plural(self.rules.target_score, "pool")
            )
        return super().goal()

    def target_text(self) -> str:
        if self.for_pools:
            return _("{pools} to win").format(pools=plural(self.rules.target_score, "pool"))
        return super().target_text()
