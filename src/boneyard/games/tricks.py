"""What every trick-taking game shares: the trick in play, following suit, the trick's winner, the
tricks taken.

A trick game's table is a :class:`TrickTable` (or a subclass adding the game's own public facts:
Domino Loo's decisions before the play, a bidding's contract): an immutable value, every change a
new table. The game says what its tiles mean through three small functions, and the mechanics here
do the rest:

* the **suit** a tile leads (a trump leads trumps; a plain tile its higher number, say);
* whether a tile **follows** a suit (what a player who can must play);
* a tile's **strength** in a trick whose suit is known: a key compared with the others' (a trump
  above any tile of the suit led, which is above a tile that neither follows nor trumps); the
  highest takes the trick, the first played winning a tie.

>>> from boneyard.core.tiles import parse_tile as T, HIGH, LOW, NAMES
>>> def follows(t, suit): return HIGH[t] == suit
>>> def strength(t, suit): return (1, LOW[t]) if follows(t, suit) else (0, 0)
>>> table = TrickTable(trump=-1, won=(0, 0, 0))
>>> for seat, tile in ((1, "6-2"), (2, "6-4"), (0, "5-5")):
...     table = table.played(seat, T(tile), HIGH[T(tile)] if not table.trick else table.suit)
>>> winner = trick_winner(table.trick, lambda t: strength(t, table.suit))
>>> table = table.taken_by(winner)
>>> winner, table.won, table.leader, table.trick, [NAMES[t] for _, t in table.last]
(2, (0, 0, 1), 2, (), ['6-2', '6-4', '5-5'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, Self

from ..core.tiles import BIT

__all__ = ["Trick", "TrickTable", "follow_mask", "trick_winner"]

Trick = tuple[tuple[int, int], ...]
"""The ``(seat, tile)`` played to a trick, in order."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickTable:
    """The public table of a trick-taking hand: everything on it is public.

    * ``trump``: the trump suit (a game's own value where there is none);
    * ``trick``: the trick in play, ``suit`` the suit it leads (-1 before its lead), ``leader``
      who leads it (-1 before the play begins);
    * ``won``: the tricks each seat has taken; ``tricks``: the tricks taken in order, each
      ``(winner, trick)``;
    * ``placed``: every tile face up on the table (played to a trick, or turned up).
    """

    trump: int
    trick: Trick = ()
    suit: int = -1
    leader: int = -1
    won: tuple[int, ...] = ()
    tricks: tuple[tuple[int, Trick], ...] = ()
    placed: int = 0

    def but(self, **changes: Any) -> Self:
        """A copy with some fields changed."""
        return replace(self, **changes)

    @property
    def playing(self) -> bool:
        """Whether the tricks are being played."""
        return self.leader >= 0

    @property
    def last(self) -> Trick:
        """The last trick taken (empty before one is)."""
        return self.tricks[-1][1] if self.tricks else ()

    @property
    def last_winner(self) -> int:
        """Who took the last trick (-1 before one is)."""
        return self.tricks[-1][0] if self.tricks else -1

    def played(self, seat: int, tile: int, suit: int) -> Self:
        """``seat`` plays ``tile`` to the trick; ``suit`` is the suit the trick leads (what the
        tile leads, if it is the first)."""
        leader = seat if not self.trick else self.leader
        return replace(
            self,
            trick=(*self.trick, (seat, tile)),
            suit=suit,
            leader=leader,
            placed=self.placed | BIT[tile],
        )

    def taken_by(self, winner: int) -> Self:
        """The trick in play taken by ``winner``, who leads the next."""
        won = list(self.won)
        won[winner] += 1
        return replace(
            self,
            trick=(),
            suit=-1,
            leader=winner,
            won=tuple(won),
            tricks=(*self.tricks, (winner, self.trick)),
        )

    def search_key(self) -> tuple[object, ...]:
        """What of the table decides the rest of the hand (for a search's transposition table)."""
        return (self.trump, self.trick, self.suit, self.leader, self.won)


def trick_winner(trick: Trick, strength: Callable[[int], Any]) -> int:
    """The seat that takes ``trick``: the tile of the greatest ``strength`` (a key: a trump's
    above the suit led's, above a tile that does neither), the first played of equals."""
    best_seat, best_tile = trick[0]
    best = strength(best_tile)
    for seat, tile in trick[1:]:
        key = strength(tile)
        if key > best:
            best_seat, best = seat, key
    return best_seat


def follow_mask(tiles: Iterable[int], test: Callable[[int], bool]) -> int:
    """The mask of the ``tiles`` that pass ``test`` (those that follow a suit, trump, beat the
    trick): what a player bound to play one of them chooses from."""
    mask = 0
    for t in tiles:
        if test(t):
            mask |= BIT[t]
    return mask
