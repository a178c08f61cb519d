"""The table of a Domino Loo hand: a trick table (:class:`~boneyard.games.tricks.table.TrickTable`)
with what Loo adds before the play. Everything on it is public; it is immutable (every change is a
new table, :meth:`~boneyard.games.tricks.table.TrickPlay.but`).

* ``turnup``: the tile turned up for trumps, ``trump`` the number it makes (its higher number);
* ``status``: per seat, ``UNDECIDED``, ``STOOD`` (plays the hand dealt), ``MISSED`` (took the
  miss), ``DROPPED`` (out of this hand); ``owed``: discards the seat to move still owes;
* ``first``: the seat left of the dealer, who decides first and leads the first trick if in;
* ``value``: what a trick is worth this hand; ``ante``: whether the dealer stakes the pool;
* and the trick table's: the trick in play, who leads it (-1 before the play), the tricks won.

>>> from boneyard.core.tiles import parse_tile
>>> table = LooTable.start(parse_tile("5-3"), players=3, value=1, ante=True)
>>> table.trump, table.status, table.playing
(5, (0, 0, 0), False)
>>> table.but(leader=1).leader, table.leader
(1, -1)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.tiles import BIT, HIGH
from ..tricks import TrickTable

__all__ = ["DROPPED", "MISSED", "STOOD", "TRICKS", "UNDECIDED", "LooTable"]

TRICKS = 5
"""The tricks of a hand (five tiles each)."""

UNDECIDED = 0
STOOD = 1
MISSED = 2
DROPPED = 3


@dataclass(frozen=True, slots=True, kw_only=True)
class LooTable(TrickTable):
    """The table of a Domino Loo hand (see the module docstring)."""

    turnup: int = -1
    status: tuple[int, ...] = ()
    owed: int = 0
    first: int = 0
    value: float = 1
    ante: bool = False

    @classmethod
    def start(cls, turnup: int, players: int, value: float, ante: bool, first: int = 0) -> LooTable:
        """The table before anyone has decided (``first`` decides first): the turn-up face up,
        nothing played."""
        return cls(
            first=first,
            trump=HIGH[turnup],
            turnup=turnup,
            status=(UNDECIDED,) * players,
            won=(0,) * players,
            placed=BIT[turnup],
            value=value,
            ante=ante,
        )

    def opening(self) -> LooTable:
        """The table this hand started from (what a reader of its public history follows it
        from)."""
        return LooTable.start(self.turnup, len(self.status), self.value, self.ante, self.first)

    def in_hand(self) -> list[int]:
        """The seats playing the hand (they stood or took the miss)."""
        return [s for s, st in enumerate(self.status) if st in (STOOD, MISSED)]

    def search_key(self) -> tuple[object, ...]:
        return (self.status, self.owed, TrickTable.search_key(self))

    def __repr__(self) -> str:
        trick = " ".join(f"{s}:{t}" for s, t in self.trick)
        return f"<LooTable trump={self.trump} won={self.won} trick=[{trick}]>"
