"""Domino Loo's own actions: the decisions before the play (:class:`Stand`, :class:`TakeMiss`,
:class:`Drop`), each answering the action contract of :class:`boneyard.core.actions.Action`. The
discards owed after taking the miss are the trick games' shared
:class:`~boneyard.games.tricks.actions.Discard`.

>>> STAND.notation(), MISS.notation(), DROP.notation()
('stand', 'miss', 'drop')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.actions import Action

if TYPE_CHECKING:
    from ...core.protocol import GameRules, Observation

__all__ = [
    "DROP",
    "MISS",
    "STAND",
    "Drop",
    "LooDecision",
    "Stand",
    "TakeMiss",
]


class LooDecision(Action):
    """A decision before the play: no tile, just a word (its :attr:`kind`), written and recorded
    as that word (``stand``; ``{"stand": true}``)."""

    __slots__ = ()
    verb: ClassVar[str] = ""

    def __repr__(self) -> str:
        return self.kind.upper()

    def __str__(self) -> str:
        return self.kind

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(self.kind)

    def to_record(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, self.kind: True}

    def notation(self) -> str:
        return self.kind

    def narration(self) -> tuple[str, dict[str, object]]:
        return self.kind, {}

    @classmethod
    def from_record(cls, move: Mapping[str, Any], rules: GameRules) -> Action:
        if move[cls.kind] is not True:
            raise ValueError(f'a {cls.kind} is written "{cls.kind}": true')
        return cls()

    @classmethod
    def read(cls, words: Sequence[str], view: Observation) -> Action | None:
        return cls() if len(words) == 1 and words[0].lower() == cls.kind else None


class Stand(LooDecision):
    """Play the hand as dealt."""

    __slots__ = ()
    kind: ClassVar[str] = "stand"
    verb: ClassVar[str] = "stands"


class TakeMiss(LooDecision):
    """Take the miss: throw the hand out and take a new one from the stock."""

    __slots__ = ()
    kind: ClassVar[str] = "miss"
    verb: ClassVar[str] = "takes the miss"


class Drop(LooDecision):
    """Drop out of the hand, throwing the tiles out (three or four players)."""

    __slots__ = ()
    kind: ClassVar[str] = "drop"
    verb: ClassVar[str] = "drops out"


STAND = Stand()
MISS = TakeMiss()
DROP = Drop()
