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
            "Every tile goes on the same end, R: the line has one arm."
            if rules.one_arm
            else "Tiles go on either end of the line, L or R."
        )
        lines = [
            f"Everyone holds {plural(rules.hand_size, 'tile')}. {self.drawing_text()}",
            f"The holder of the highest double leads it. {line}",
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
            return (
                "Whoever lays a double, the lead too, takes another turn: he must play if he can, "
                "and a double then earns another."
            )
        if rules.extra_play is ExtraPlay.ON_THE_DOUBLE:
            return (
                "Whoever lays a double, the lead too, may at once lay one more tile on that "
                "double, or pass."
            )
        where = "" if rules.one_arm else ", on either end"
        return (
            f"Whoever lays a double, the lead too, may at once lay one more tile{where}, or pass."
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
                "if nobody can play, nobody wins and the pool waits for the next hand's winner"
                if rules.pool_carries
                else "if nobody can play, the lightest hand takes it (a tie: nobody)"
            )
            return f"The first out takes the pool; {blocked}. Each pool taken is a point."
        if rules.domino_points != "pips":
            return ""
        blocked_words = {
            "cascade": "every player scores the differences to the heavier hands",
            "difference_total": "the lightest hand scores the others' pips less his own",
            "opponents": "the lightest hand scores the others' pips",
        }.get(rules.blocked_scoring)
        if blocked_words is None:
            return ""
        return (
            "Going out scores the pips left in the other hands; if nobody can play, "
            f"{blocked_words}."
        )

    def goal(self) -> str:
        if self.for_pools:
            return f"The first to take {plural(self.rules.target_score, 'pool')} wins."
        return super().goal()

    def target_text(self) -> str:
        if self.for_pools:
            return f"{plural(self.rules.target_score, 'pool')} to win"
        return super().target_text()
