"""The public table of a Texas 42 hand: the bidding, the contract, the trick in play and the
tricks taken. Everything here is public; it is immutable (every change is a new table,
:meth:`FortyTwoTable.but`).

>>> table = FortyTwoTable.start(shaker=0)
>>> table.bidding, table.high, table.bidder
(True, None, -1)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tricks import TrickPlay
from ..tricks.actions import Bid, Declare
from ..tricks.texas import DOUBLES_SUIT, NO_TRUMP

__all__ = ["DOUBLES_SUIT", "NO_TRUMP", "FortyTwoTable"]


@dataclass(frozen=True, slots=True, kw_only=True)
class FortyTwoTable(TrickPlay):
    """The public table of a Texas 42 hand: the trick table's (the trick in play, the suit it
    leads, its leader, the tricks taken) and

    * ``shaker``: who shook (dealt) this hand; ``bids``: each ``(seat, bid)`` in order, ``None``
      for a pass; ``high``: the highest bid so far and ``bidder`` its seat (-1 before any);
    * ``declaration``: what the contract's declarer named (``None`` before), ``declarer`` who
      names it (the bidder, or his partner after a plunge or a splash); ``trump``: the trump
      suit (:data:`NO_TRUMP`, a number, :data:`DOUBLES_SUIT`), ``doubles``: how the doubles
      rank (``high`` in their suit, ``own_suit``, ``low``); ``out``: the seat sitting out
      (the bidder's partner in nello) or -1;
    * ``taken``: the points each side has taken (a trick is 1 plus its count);
    * ``decided``: ``"made"`` or ``"set"`` once the bid is decided, else ``""``.
    """

    trump: int = NO_TRUMP
    shaker: int
    bids: tuple[tuple[int, Bid | None], ...] = ()
    high: Bid | None = None
    bidder: int = -1
    declaration: Declare | None = None
    declarer: int = -1
    doubles: str = "high"
    out: int = -1
    taken: tuple[int, int] = (0, 0)
    decided: str = ""

    @classmethod
    def start(cls, shaker: int) -> FortyTwoTable:
        """The table of a hand just shaken: nobody has bid."""
        return cls(shaker=shaker)

    @property
    def bidding(self) -> bool:
        """Whether the bidding is still going on."""
        return self.declaration is None and self.leader < 0 and len(self.bids) < 4

    @property
    def contract(self) -> str:
        """The contract played (``suit``, ``doubles``, ``follow_me``, ``nello``, ``sevens``), or
        ``""`` before it is named."""
        return self.declaration.contract if self.declaration is not None else ""

    def search_key(self) -> tuple[object, ...]:
        return (
            self.bids,
            self.declaration,
            self.declarer,
            self.trick,
            self.suit,
            self.leader,
            self.taken,
            self.decided,
            len(self.tricks),
        )
