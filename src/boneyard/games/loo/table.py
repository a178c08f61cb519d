"""The table of a trick-taking game (Domino Loo): trumps, the trick in play, the tricks won.

Its tiles are not joined into a line, so it has no open ends; it is a
:class:`~boneyard.core.layout.Layout` with none (``names`` is empty), which is how the engine holds
it without knowing the game: the state keeps it in ``state.layout``, copies share it, observations
show it (everything here is public), and the game's rules object changes it. Like a layout it is
immutable: every change is a new table (:meth:`Tricks.but`).

* ``turnup``: the tile turned up for trumps (also ``lead_tile``), ``trump`` the number it makes;
* ``status``: per seat, ``UNDECIDED``, ``STOOD`` (plays the hand dealt), ``MISSED`` (took the
  miss), ``DROPPED`` (out of this hand); ``owed``: discards the seat to move still owes;
* ``trick``: the ``(seat, tile)`` played to the trick in progress, in order; ``leader`` the seat
  that leads it (-1 before the play); ``won``: tricks won per seat; ``last``: the last trick
  completed and ``last_winner`` who took it;
* ``value``: what a trick is worth this hand; ``ante``: whether the dealer stakes the pool.

>>> from boneyard.core.tiles import parse_tile
>>> table = Tricks.start(parse_tile("5-3"), players=3, value=1, ante=True)
>>> table.trump, table.open_ends(), table.status
(5, [], (0, 0, 0))
>>> table.but(leader=1).leader, table.leader
(1, -1)
"""

from __future__ import annotations

from typing import Any

from ...core.layout import Layout
from ...core.tiles import BIT, HIGH

__all__ = ["DROPPED", "MISSED", "STOOD", "UNDECIDED", "Tricks"]

UNDECIDED = 0
STOOD = 1
MISSED = 2
DROPPED = 3

_FIELDS = (
    "trump",
    "turnup",
    "status",
    "owed",
    "trick",
    "leader",
    "won",
    "last",
    "last_winner",
    "value",
    "ante",
)


class Tricks(Layout):
    """The table of a trick-taking hand (see the module docstring)."""

    __slots__ = _FIELDS

    trump: int
    turnup: int
    status: tuple[int, ...]
    owed: int
    trick: tuple[tuple[int, int], ...]
    leader: int
    won: tuple[int, ...]
    last: tuple[tuple[int, int], ...]
    last_winner: int
    value: float
    ante: bool

    @classmethod
    def start(cls, turnup: int, players: int, value: float, ante: bool) -> Tricks:
        """The table before anyone has decided: the turn-up face up, nothing played."""
        table = cls((), (), (), (), BIT[turnup], 0, turnup)
        table.trump = HIGH[turnup]
        table.turnup = turnup
        table.status = (UNDECIDED,) * players
        table.owed = 0
        table.trick = ()
        table.leader = -1
        table.won = (0,) * players
        table.last = ()
        table.last_winner = -1
        table.value = value
        table.ante = ante
        return table

    def but(self, **changes: Any) -> Tricks:
        """A copy with some fields changed (``placed`` among them)."""
        table = Tricks.__new__(Tricks)
        for name in (*Layout.__slots__, *_FIELDS):
            object.__setattr__(table, name, changes.get(name, getattr(self, name)))
        return table

    @property
    def playing(self) -> bool:
        """Whether the tricks are being played (every seat has decided)."""
        return self.leader >= 0

    def in_hand(self) -> list[int]:
        """The seats playing the hand (they stood or took the miss)."""
        return [s for s, st in enumerate(self.status) if st in (STOOD, MISSED)]

    def search_key(self) -> tuple[object, ...]:
        return (self.status, self.owed, self.trick, self.leader, self.won, self.placed)

    def __repr__(self) -> str:
        trick = " ".join(f"{s}:{t}" for s, t in self.trick)
        return f"<Tricks trump={self.trump} won={self.won} trick=[{trick}]>"
