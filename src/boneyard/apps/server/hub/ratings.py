"""Rated matches (docs/server.md, "Ratings"): at the end of a rated match the ratings of its people
move, once; a seat given to a computer by the creator makes the match unrated; a person who
resigns a rated match of more than two sides is ranked last at its end; the seats' accounts named
at the table, so that the page links each to its profile.

At the end (:meth:`HubRatings.settle`, which every end passes through), what decides the ranks is
taken from the table at once (who is away then, who resigned, the totals) and the ratings are
written in the background (:meth:`~..store.ratings.Ratings.rate_match`: exactly once, whichever
process and however often). A table closed by the server (expired, ``boneyard tables close``, its
creator) ends ``closed``, never ``over``, and is not rated."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from fastapi import HTTPException
from sqlalchemy.exc import SQLAlchemyError

from ..languages import web
from ..messages import HelloMessage
from ..settings import Settings
from ..store import ACTIVE, StorageError, StoredTable
from ..table import Table
from .life import HubLife
from .rooms import Conn, Room

__all__ = ["Ending", "HubRatings", "SeatAtEnd", "placing"]

log = logging.getLogger("boneyard.server")

_RETRIES = (1, 2, 5, 10, 30, 60, 120, 300)
"""Seconds between attempts to store a match's ratings while the store refuses them."""


@dataclass(frozen=True)
class SeatAtEnd:
    seat: int
    kind: str
    account: int | None
    away: bool


@dataclass(frozen=True)
class Ending:
    """What decides a rated match's ranks, taken from its table as it ended."""

    table_id: str
    game: str
    seats: tuple[SeatAtEnd, ...]
    sides: tuple[tuple[int, ...], ...]
    resigned: int | None
    winner: int | None
    totals: tuple[float, ...]
    lowest_wins: bool

    @classmethod
    def of(cls, table: Table) -> Ending:
        rules = table.rules
        return cls(
            table_id=table.id,
            game=rules.game.id,
            seats=tuple(SeatAtEnd(s.seat, s.kind, s.account, s.away) for s in table.seats),
            sides=tuple(tuple(side) for side in rules.sides),
            resigned=table.resigned,
            winner=table.match.winner,
            totals=tuple(table.match.totals),
            lowest_wins=rules.presenter.lowest_wins,
        )


def placing(end: Ending, forfeits: dict[int, int]) -> tuple[list[list[int]], list[int]] | str:
    """Each side's accounts and its rank (0 the best, equal ranks tie); or why the match is not
    rated. A side that resigned, or one of whose people resigned (``forfeits``: seat to account)
    or was away at the end (a computer playing for them), is ranked last whatever the computer
    made of it; the others by the result: the winner first, then by the totals (the lowest first
    where the lowest wins)."""
    side_of = {seat: i for i, side in enumerate(end.sides) for seat in side}
    account: dict[int, int] = {}
    lost: set[int] = set()
    for s in end.seats:
        if s.kind == "computer":
            if s.seat not in forfeits:
                return "a computer plays one of its seats"
            account[s.seat] = forfeits[s.seat]
            lost.add(side_of[s.seat])
        elif s.account is None:
            return "one of its seats is no signed-in person's"
        else:
            account[s.seat] = s.account
            if s.away:
                lost.add(side_of[s.seat])
    if len(set(account.values())) != len(account):
        return "one account held two of its seats"
    if end.resigned is not None:
        lost.add(side_of[end.resigned])
    keys = []
    for i in range(len(end.sides)):
        if i in lost:
            keys.append((1, 0, 0.0))
        else:
            worth = -end.totals[i] if end.lowest_wins else end.totals[i]
            keys.append((0, 0 if end.winner == i else 1, -worth))
    order = sorted(set(keys))
    ranks = [order.index(k) for k in keys]
    return [[account[seat] for seat in side] for side in end.sides], ranks


class HubRatings(HubLife):
    """The end of a rated match, its seats given to computers, its accounts named."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self._rating: set[str] = set()
        """The rated tables whose end this process has seen (rated, or being rated)."""
        self.names: dict[int, str] = {}
        """Accounts' names, by id, as this process last read them (to link a seat's profile)."""

    def _resume(self, stored: StoredTable) -> Room | None:
        room = super()._resume(stored)
        if room is not None and room.table.status == "over":
            # Its end was seen by the process that played it (who was away then is known only
            # there): a match is rated at its end, never when read back later.
            self._rating.add(room.table.id)
        return room

    def settle(self, room: Room) -> None:
        super().settle(room)
        table = room.table
        if table.rated and table.status == "over" and table.id not in self._rating:
            self._rating.add(table.id)
            task = self.spawn(self._rate(Ending.of(table)))
            self.changes.add(task)  # a stop lets it end
            task.add_done_callback(self.changes.discard)

    async def _rate(self, end: Ending) -> bool:
        """Move the ratings of the match that ended so (retried while the store refuses)."""
        for wait in (*_RETRIES, None):
            try:
                return await asyncio.to_thread(self._rate_now, end)
            except (SQLAlchemyError, RuntimeError) as e:
                if wait is None or self.stopping:
                    log.error("table %s: the ratings could not be stored: %s", end.table_id, e)
                    return False
                log.warning("table %s: the ratings wait for the store: %s", end.table_id, e)
                await asyncio.sleep(wait)
        return False

    def _rate_now(self, end: Ending) -> bool:
        store = self.store
        if store.rated(end.table_id):
            return False
        computers = any(s.kind == "computer" for s in end.seats)
        placed = placing(end, store.forfeits(end.table_id) if computers else {})
        if isinstance(placed, str):
            log.info("table %s: not rated: %s", end.table_id, placed)
            return False
        sides, ranks = placed
        done = store.rate_match(end.table_id, end.game, sides, ranks)
        if done:
            log.info("table %s: rated (ranks %s)", end.table_id, ranks)
        return done

    async def _to_computer(self, room: Room, seat: int, level: str, code: str, why: str) -> None:
        """At a rated match in play: a person who resigns (a match of more than two sides) is
        ranked last at its end; a seat freed by the creator makes the match unrated."""
        table = room.table
        if not table.rated or table.status not in ACTIVE:
            await super()._to_computer(room, seat, level, code, why)
            return
        account = table.seats[seat].account
        forfeit = code == "resigned" and account is not None
        store = self.store
        mark = (
            store.op_forfeit(table.id, seat, account)
            if forfeit and account is not None
            else store.op_table(table.id, rated=False)
        )
        try:
            await self.write(
                store.op_seat_holder(table.id, seat, "computer", level, None), mark, table=table
            )
        except StorageError:
            raise HTTPException(503, web("the store refused the change: try again")) from None
        table.hand_to_computer(seat, level)
        if not forfeit:
            table.rated = False
            table.say("The match is no longer rated: a computer plays one of its seats.")
        self._unseat(room, seat, code, why)
        self.broadcast(room)

    async def hello(self, room: Room, conn: Conn, message: HelloMessage) -> None:
        await super().hello(room, conn, message)
        await self.name_accounts(room)

    async def name_accounts(self, room: Room) -> None:
        """Give each seat bound to an account the account's name (its profile's), read from the
        store for those this process does not know yet; every reader shown them."""
        seats = room.table.seats
        wanted = [s.account for s in seats if s.account is not None and s.profile is None]
        if not wanted:
            return
        unknown = [a for a in wanted if a not in self.names]
        if unknown:
            try:
                self.names.update(await asyncio.to_thread(self.store.account_names, unknown))
            except SQLAlchemyError:
                return  # only the links to profiles wait: the next hello asks again
        changed = False
        for s in seats:
            name = self.names.get(s.account) if s.account is not None else None
            if name is not None and s.profile is None:
                s.profile = name
                changed = True
        if changed:
            self.broadcast(room)

    def forget_names(self, account_ids: Sequence[int]) -> None:
        """Accounts deleted: their names no longer link their seats."""
        for account_id in account_ids:
            self.names.pop(account_id, None)
        for room in self.rooms.values():
            for s in room.table.seats:
                if s.account in account_ids:
                    s.profile = None
