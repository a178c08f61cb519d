"""The powers of a table's creator: a seat's invite given again, a seat freed for a computer, the
table closed; and a seat's holder put out when it goes to someone else."""

from __future__ import annotations

import logging
import secrets

from fastapi import HTTPException

from .... import __version__
from ..languages import web
from ..messages import SeatLink, Welcome
from ..store import ACTIVE, StorageError, token_hash
from ..table import SEEDED, Seat
from .rooms import Room
from .tables import HubTables

log = logging.getLogger("boneyard.server")


class HubCreator(HubTables):
    """What a table's creator may do to it."""

    def creator_of(self, room: Room, key: str | None) -> None:
        """Refuse (403) unless ``key`` is the table's creator's."""
        import hmac

        wanted = room.table.creator_hash
        if not key or wanted is None or not hmac.compare_digest(token_hash(key), wanted):
            raise HTTPException(403, web("only the table's creator may do that (with its key)"))

    def _seat_of(self, room: Room, seat: int) -> Seat:
        table = room.table
        if not 0 <= seat < len(table.seats):
            raise HTTPException(
                404,
                web("no seat {seat}: the seats are 0 to {last}").format(
                    seat=seat, last=len(table.seats) - 1
                ),
            )
        if table.status not in ACTIVE:
            raise HTTPException(409, web("the match is over"))
        return table.seats[seat]

    async def reissue(self, room: Room, seat: int) -> SeatLink:
        """A new invite for ``seat`` (a person's, or a computer's that goes to a person): the old
        link stops working and whoever holds the seat by it is put out. Never at a table with a
        seed (409): whoever chose it knows the hands, so nobody new may sit there."""
        table = room.table
        async with room.lock:
            self._seat_of(room, seat)
            if table.seed is not None:
                raise HTTPException(409, SEEDED)
            token = secrets.token_urlsafe(24)
            hashed = token_hash(token)
            try:
                await self.write(
                    self.store.op_seat_holder(table.id, seat, "person", None, hashed), table=table
                )
            except StorageError:
                raise HTTPException(503, web("the store refused the change: try again")) from None
            table.invite(seat, hashed)
            self._unseat(room, seat, "revoked", "this seat's invite link was replaced")
            self.broadcast(room)
            link = self._link(table, seat, token)
        self.schedule(room)
        return link

    async def free(self, room: Room, seat: int, level: str) -> SeatLink:
        """``seat`` is played by a computer of ``level`` from now on; its link stops working."""
        table = room.table
        self._check_level(level)
        async with room.lock:
            s = self._seat_of(room, seat)
            if s.kind == "computer":
                raise HTTPException(
                    409, web("seat {seat} is a computer's already").format(seat=seat)
                )
            await self._to_computer(room, seat, level, "freed", "this seat was given to a computer")
            link = self._link(table, seat, None)
        self.schedule(room)
        return link

    async def _to_computer(self, room: Room, seat: int, level: str, code: str, why: str) -> None:
        table = room.table
        try:
            await self.write(
                self.store.op_seat_holder(table.id, seat, "computer", level, None), table=table
            )
        except StorageError:
            raise HTTPException(503, web("the store refused the change: try again")) from None
        table.hand_to_computer(seat, level)
        self._unseat(room, seat, code, why)
        self.broadcast(room)

    def _unseat(self, room: Room, seat: int, code: str, why: str) -> None:
        """The connection that held ``seat`` watches from now on (the seat is nobody's)."""
        room.accounts.pop(seat, None)
        conn = room.seats.pop(seat, None)
        if conn is None:
            return
        conn.error(code, why)
        conn.seat = None
        room.spectators.add(conn)
        conn.send(Welcome(table=room.table.id, seat=None, role="spectator", server=__version__))

    async def close_table(self, room: Room, why: str) -> bool:
        """Close a table whose match goes on (false if it has ended)."""
        table = room.table
        async with room.lock:
            if table.status not in ACTIVE:
                return False
            try:
                await self.write(self.store.op_table(table.id, status="closed"), table=table)
            except StorageError:
                return False
            self._closed(room, why)
        return True

    def _closed(self, room: Room, why: str) -> None:
        room.table.close()
        self.closed_tables += 1
        for task in (room.pending, room.clock_task):
            if task is not None:
                task.cancel()
        log.info("table %s: closed (%s)", room.table.id, why)
        self.broadcast(room)
        self.settle(room)
        self.table_over(room)
