"""The public table of a trick-taking hand: the trick in play, following suit, the trick's winner,
the tricks taken.

A trick game's table is a :class:`TrickPlay` (or a subclass adding the game's own public facts:
Texas 42's bidding and contract, Domino Loo's decisions before the play): an immutable value,
every change a new table. :class:`TrickTable` adds the tricks counted per seat and the tiles face
up (a turn-up's among them), which Domino Loo's table keeps and the research encoding reads. The
game says what its tiles mean through three small functions, and the mechanics here do the rest:

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

The same trick on a :class:`TrickPlay`, which keeps the tricks in order and counts each seat's
from them:

>>> play = TrickPlay(trump=-1)
>>> for seat, tile in ((1, "6-2"), (2, "6-4"), (0, "5-5")):
...     play = play.played(seat, T(tile), HIGH[T(tile)] if not play.trick else play.suit)
>>> play = play.taken_by(trick_winner(play.trick, lambda t: strength(t, play.suit)))
>>> play.won_by_seat(3), play.last_winner, play.playing
((0, 0, 1), 2, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, Self

from ...core.tiles import BIT

__all__ = ["Trick", "TrickPlay", "TrickTable", "follow_mask", "trick_winner"]

Trick = tuple[tuple[int, int], ...]
"""The ``(seat, tile)`` played to a trick, in order."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickPlay:
    """The tricks of a hand as its public table shows them: everything here is public.

    * ``trump``: the trump suit (a game's own value where there is none);
    * ``trick``: the trick in play, ``suit`` the suit it leads (-1 before its lead), ``leader``
      who leads it (-1 before the play begins);
    * ``tricks``: the tricks taken in order, each ``(winner, trick)``.
    """

    trump: int
    trick: Trick = ()
    suit: int = -1
    leader: int = -1
    tricks: tuple[tuple[int, Trick], ...] = ()

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

    @property
    def face_up(self) -> int:
        """The mask of every tile face up on the table: played to the tricks."""
        mask = 0
        for _, trick in (*self.tricks, (-1, self.trick)):
            for _, t in trick:
                mask |= BIT[t]
        return mask

    def won_by_seat(self, players: int) -> tuple[int, ...]:
        """The tricks each of ``players`` seats has taken."""
        won = [0] * players
        for winner, _ in self.tricks:
            won[winner] += 1
        return tuple(won)

    def won_by(self, side_of: tuple[int, ...]) -> tuple[int, int]:
        """The tricks each of two sides has taken (``side_of``: each seat's side)."""
        won = [0, 0]
        for winner, _ in self.tricks:
            won[side_of[winner]] += 1
        return (won[0], won[1])

    def played(self, seat: int, tile: int, suit: int) -> Self:
        """``seat`` plays ``tile`` to the trick; ``suit`` is the suit the trick leads (what the
        tile leads, if it is the first)."""
        leader = seat if not self.trick else self.leader
        return replace(self, trick=(*self.trick, (seat, tile)), suit=suit, leader=leader)

    def taken_by(self, winner: int, **changes: Any) -> Self:
        """The trick in play taken by ``winner``, who leads the next (with the game's own
        ``changes``: the points it carries, say)."""
        tricks = (*self.tricks, (winner, self.trick))
        return replace(self, trick=(), suit=-1, leader=winner, tricks=tricks, **changes)


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickTable(TrickPlay):
    """A trick table that also counts the tricks and the tiles face up:

    * ``won``: the tricks each seat has taken (which a hand may give without playing them:
      Domino Loo's uncontested hand);
    * ``placed``: every tile face up on the table (played to a trick, or turned up).
    """

    won: tuple[int, ...] = ()
    placed: int = 0

    @property
    def face_up(self) -> int:
        return self.placed

    def won_by_seat(self, players: int) -> tuple[int, ...]:
        return self.won

    def played(self, seat: int, tile: int, suit: int) -> Self:
        leader = seat if not self.trick else self.leader
        trick = (*self.trick, (seat, tile))
        return replace(self, trick=trick, suit=suit, leader=leader, placed=self.placed | BIT[tile])

    def taken_by(self, winner: int, **changes: Any) -> Self:
        won = list(self.won)
        won[winner] += 1
        return TrickPlay.taken_by(self, winner, won=tuple(won), **changes)

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
