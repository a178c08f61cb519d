"""What the rules of every trick-taking game share: the deal, the play of a tile to the trick and
the trick taken, whose turn it is within a trick, and the reading of the tricks of a public
history.

A trick game's rules subclass :class:`TrickRules` and say what is their own through a few hooks:
the seats that play to each trick (:meth:`TrickRules.seats_in`), the suit a lead leads
(:meth:`TrickRules.lead_suit`), who takes a complete trick (:meth:`TrickRules.winner_of`), what
else a trick taken changes on the table (:meth:`TrickRules.took`) and what a play shows its seat
lacked (:meth:`TrickRules.lacking`). :meth:`TrickRules.play_table` is then the one transition of
the table by a tile played, which the hand and the public replayer both follow.

>>> from boneyard.games import get_game
>>> from boneyard.core.actions import play
>>> from boneyard.core.tiles import parse_tile as T
>>> from boneyard.games.loo.table import LooTable
>>> rules = get_game("domino-loo").configure(players=3)
>>> table = LooTable.start(T("5-3"), 3, 1, False, first=1).but(leader=1, status=(1, 1, 1))
>>> for seat, tile in ((1, "6-4"), (2, "6-6"), (0, "5-2")):
...     table = rules.play_table(table, seat, play(T(tile)))
>>> table.last_winner, table.leader, table.won  # 5-2 is a trump (fives)
(0, 0, (1, 0, 0))
>>> rules.next_to_play(table.but(trick=((0, T("1-0")),)), 0)
1
"""

from __future__ import annotations

import abc
import random
from collections.abc import Iterator, Sequence
from typing import ClassVar, Generic, TypeVar, cast

from ...core.actions import Action, Move, Play
from ...core.game import Game
from ...core.history import public_steps
from ...core.protocol import (
    ACQUIRED,
    LACKS,
    PLAYED,
    GameRules,
    HandResult,
    HiddenFacts,
    Observation,
)
from .table import TrickPlay

__all__ = ["TrickGame", "TrickRules"]

T = TypeVar("T", bound=TrickPlay)


class TrickRules(GameRules, Generic[T]):
    """The resolved rules of a trick-taking game, its table a ``T`` (see the module)."""

    reserve = 0  # no stock tile is kept back
    claims = False
    low_wins = False
    scores_in_play = True  # a trick may score as it is taken
    lacks_after_each_play: ClassVar[bool] = True
    """How :meth:`hidden_facts` says what a seat lacks: after each play that shows it (every
    seat's), or once after a seat's plays, for the others' seats only. The inference reads both
    alike; each game keeps the form its worlds have always been drawn from."""

    # ----------------------------------------------------------------- the deal
    def deal(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """Shuffle and deal ``hand_size`` tiles each; the rest is the stock, in order."""
        tiles = list(range(self.tiles.size))
        rng.shuffle(tiles)
        h = self.hand_size
        hands = [tiles[i * h : (i + 1) * h] for i in range(self.players)]
        return hands, tiles[h * self.players :]

    # ----------------------------------------------------------------- the play
    def next_leader(self, previous_leader: int, previous: HandResult | None) -> int | None:
        """The deal (and the first bid or decision) passes to the left, after a redeal too."""
        return (previous_leader + 1) % self.players

    @abc.abstractmethod
    def seats_in(self, table: T) -> Sequence[int]:
        """The seats that play to each trick, in turn order."""

    @abc.abstractmethod
    def lead_suit(self, table: T, action: Play) -> int:
        """The suit the tile of ``action`` leads as the first of a trick on ``table``."""

    @abc.abstractmethod
    def winner_of(self, table: T) -> int:
        """The seat that takes the complete trick on ``table``."""

    def took(self, table: T, winner: int) -> T:
        """The table once ``winner`` has taken the trick in play (the game adds what else the
        trick changes: the points it carries, a bid decided)."""
        return table.taken_by(winner)

    def play_table(self, table: T, seat: int, action: Play) -> T:
        """The table after ``seat`` plays ``action``'s tile to the trick, the trick taken once
        every seat in it has played."""
        suit = table.suit if table.trick else self.lead_suit(table, action)
        table = table.played(seat, action.tile, suit)
        if len(table.trick) < len(self.seats_in(table)):
            return table
        return self.took(table, self.winner_of(table))

    def next_to_play(self, table: T, seat: int) -> int:
        """Who plays to the trick after ``seat``: the next seat in it."""
        seats = self.seats_in(table)
        return seats[(seats.index(seat) + 1) % len(seats)]

    @abc.abstractmethod
    def table_after(self, table: T, seat: int, action: Action) -> T:
        """The table after ``seat``'s legal ``action``: the one transition of the table, which
        the hand and the public replayer both follow."""

    # ----------------------------------------------------------------- what others know
    def opening_table(self, table: T) -> T | None:
        """The table the hand of ``table`` started from, what a reader of its public history
        follows it from (``None``: the game's :meth:`public_table_after` starts it from the
        first move)."""
        return None

    def hidden_facts(self, view: Observation) -> HiddenFacts:
        """Every hidden hand was taken before the play (dealt, or a miss) and nothing is drawn
        during it: each seat acquired the tiles it holds and has played, and each of its plays
        shows what it lacked (:meth:`lacking`); the unseen tiles are those neither in the
        observer's hand, face up on the table, nor thrown out by it (the others' discards and
        the stock)."""
        table = cast(T, view.table)
        n = self.players
        each = self.lacks_after_each_play
        events: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        plays = [0] * n
        voids = [0] * n
        for seat, tile, before in self.trick_plays(view.history, self.opening_table(table)):
            events[seat].append((PLAYED, tile))
            plays[seat] += 1
            lacks = self.lacking(before, tile)
            voids[seat] |= lacks
            if lacks and each:
                events[seat].append((LACKS, lacks))
        timelines = tuple(
            (
                (ACQUIRED, view.hand_sizes[s] + plays[s]),
                *events[s],
                *(((LACKS, voids[s]),) if voids[s] and not each and s != view.seat else ()),
            )
            for s in range(n)
        )
        unseen = self.tiles.all_mask & ~view.hand & ~table.face_up & ~view.discarded
        return HiddenFacts(timelines, unseen)

    @abc.abstractmethod
    def lacking(self, table: T, tile: int) -> int:
        """The tiles a seat that played ``tile`` to the trick on ``table`` showed it did not
        hold (nothing being drawn during the play, nor does it later)."""

    def trick_plays(self, history: Sequence[Move], table: T | None) -> Iterator[tuple[int, int, T]]:
        """Each tile played to a trick in the public ``history``, as ``(seat, tile, the table
        it was played on)``, the tables followed from ``table`` (what the hand showed before
        its first move: :meth:`opening_table`)."""
        for step in public_steps(self, history, table):
            action = step.move.action
            if type(action) is Play:
                before = step.before
                assert isinstance(before, TrickPlay), "a play needs the table it was made on"
                yield step.move.seat, action.tile, cast(T, before)

    def public_voids(self, history: Sequence[Move], table: T | None) -> list[int]:
        """Per seat, the tiles it cannot hold now, read from the tricks of a public ``history``
        (from ``table``): every play shows what its seat lacked then (:meth:`lacking`)."""
        voids = [0] * self.players
        for seat, tile, before in self.trick_plays(history, table):
            voids[seat] |= self.lacking(before, tile)
        return voids


class TrickGame(Game):
    """A trick-taking game: its tiles are played to tricks, not joined into a line."""

    end_names = "none: tiles are played to tricks, not joined into a line"
