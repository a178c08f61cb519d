"""Domino Loo's own actions: the decisions before the play (:class:`Stand`, :class:`TakeMiss`,
:class:`Drop`) and the discards owed after taking the miss (:class:`Discard`), each answering the
action contract of :class:`boneyard.core.actions.Action`.

>>> from boneyard.core.tiles import parse_tile
>>> STAND.notation(), MISS.notation(), Discard(parse_tile("6-4")).notation()
('stand', 'miss', 'discard 6-4')
>>> Discard(parse_tile("6-4")).public() == HIDDEN_DISCARD
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.actions import Action, record_tile
from ...core.tiles import NAMES, parse_tile

if TYPE_CHECKING:
    from ...core.protocol import GameRules, Observation

__all__ = [
    "DROP",
    "HIDDEN_DISCARD",
    "MISS",
    "STAND",
    "Discard",
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


class Discard(Action):
    """Throw ``tile`` out of play face down (after taking the miss). In a public history the
    tile is hidden: ``tile`` is ``None`` (:data:`HIDDEN_DISCARD`, what :meth:`public` gives).

    Written ``discard 6-4`` (the tile alone where a discard is owed); recorded ``{"discard":
    "6-4"}``."""

    __slots__ = ("tile",)
    kind: ClassVar[str] = "discard"

    tile: int | None

    def __init__(self, tile: int | None) -> None:
        object.__setattr__(self, "tile", tile)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[type[Discard], tuple[int | None]]:
        return (Discard, (self.tile,))

    def __repr__(self) -> str:
        return f"Discard({NAMES[self.tile]!r})" if self.tile is not None else "Discard()"

    def __str__(self) -> str:
        return self.notation()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discard) and other.tile == self.tile

    def __hash__(self) -> int:
        return hash(("discard", self.tile))

    def to_record(self, seat: int) -> dict[str, Any]:
        if self.tile is None:
            raise ValueError("a hidden discard cannot be written to a record")
        return {"seat": seat, "discard": NAMES[self.tile]}

    def notation(self) -> str:
        return f"discard {NAMES[self.tile]}" if self.tile is not None else "discard"

    def narration(self) -> tuple[str, dict[str, object]]:
        return "discard", ({"tile": NAMES[self.tile]} if self.tile is not None else {})

    def public(self) -> Action:
        return HIDDEN_DISCARD

    @classmethod
    def from_record(cls, move: Mapping[str, Any], rules: GameRules) -> Action:
        return Discard(record_tile(rules, move["discard"]))

    @classmethod
    def read(cls, words: Sequence[str], view: Observation) -> Action | None:
        """``discard 6-4``; the tile alone (``6-4``) where the seat owes a discard."""
        if len(words) == 2 and words[0].lower() == "discard":
            return Discard(parse_tile(words[1]))
        owed = any(isinstance(a, Discard) for a in view.legal_actions)
        if owed and len(words) == 1 and "-" in words[0]:
            return Discard(parse_tile(words[0]))
        return None


STAND = Stand()
MISS = TakeMiss()
DROP = Drop()
HIDDEN_DISCARD = Discard(None)
