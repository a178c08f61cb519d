"""What a reader of a table sends (:meth:`HubReaders.handle`): a hello with its seat's token (or
none, to watch), a move, the next hand, a new name, leaving and coming back, chat, a resignation,
a rematch, a hint; and a reader gone."""

from __future__ import annotations

import asyncio
import logging

from fastapi import HTTPException

from .... import __version__
from ..languages import web
from ..messages import (
    BackMessage,
    BeliefsMessage,
    ChatLine,
    ChatMessage,
    HelloMessage,
    HintMessage,
    LeaveMessage,
    MoveMessage,
    NextHandMessage,
    PingMessage,
    Pong,
    ProtocolError,
    RematchMessage,
    RenameMessage,
    ResignMessage,
    Welcome,
    name_key,
    parse_client_message,
)
from ..store import ACTIVE, Refused, StorageError, StoredChat, now, token_hash
from ..table import STAND_IN, Seat, Table
from .help import HubHelp
from .rooms import REFUSED, UNSETTLED, Conn, Room

log = logging.getLogger("boneyard.server")


class HubReaders(HubHelp):
    """A reader's messages."""

    async def handle(self, room: Room, conn: Conn, text: str) -> None:
        try:
            message = parse_client_message(text)
        except ProtocolError as e:
            conn.strikes += 1
            self.refuse(conn, e.code, str(e), e.id)
            return
        if isinstance(message, HelloMessage):
            await self.hello(room, conn, message)
            return
        if not conn.hello:
            conn.strikes += 1
            self.refuse(
                conn, "hello_first", web("say hello first (with your seat token, or none to watch)")
            )
            return
        if isinstance(message, PingMessage):
            conn.send(Pong(id=message.id))
            return
        if conn.seat is None:
            conn.strikes += 1
            self.refuse(conn, "spectator", web("spectators may only watch"), message.id)
            return
        if isinstance(message, MoveMessage):
            await self._shielded(self.move(room, conn, message))
        elif isinstance(message, ChatMessage):
            await self.chat(room, conn, message)
        elif isinstance(message, HintMessage):
            await self.hint(room, conn, message)
        elif isinstance(message, BeliefsMessage):
            await self.beliefs(room, conn, message)
        elif isinstance(message, NextHandMessage):
            await self._shielded(self.next_hand(room, conn, message.id))
        elif isinstance(message, RenameMessage):
            await self._shielded(self.rename(room, conn, message.name, message.id))
        elif isinstance(message, BackMessage | LeaveMessage):
            await self._shielded(
                self.away(room, conn, isinstance(message, LeaveMessage), message.id)
            )
        elif isinstance(message, ResignMessage):
            await self._shielded(self.resign(room, conn, message.id))
        elif isinstance(message, RematchMessage):
            await self._shielded(self.rematch(room, conn, message.id))

    async def hello(self, room: Room, conn: Conn, message: HelloMessage) -> None:
        table = room.table
        if conn.hello:
            conn.strikes += 1
            self.refuse(conn, "bad_message", web("this connection has said hello already"))
            return
        if message.token is None:
            if table.boards is not None and await asyncio.to_thread(self.store.sealed, table.id):
                self.refuse(
                    conn,
                    "sealed",
                    web(
                        "this table plays a tournament's duplicate deals: it may be watched once "
                        "every table of its round is over"
                    ),
                )
                return
            conn.hello = True
            room.spectators.add(conn)
            conn.send(Welcome(table=table.id, seat=None, role="spectator", server=__version__))
            conn.send(self.view(room, None, conn))
            return
        seat = table.seat_of_token(token_hash(message.token))
        if seat is None:
            conn.strikes += 1
            self.refuse(conn, "bad_token", web("no seat of this table has that token"))
            return
        if table.rated and conn.account is None:
            self.refuse(conn, "sign_in", web("this table is rated: sign in to take your seat"))
            return
        if table.rated and seat.account not in (None, conn.account):
            self.refuse(conn, "not_yours", web("this seat of a rated table is another account's"))
            return
        old = room.seats.get(seat.seat)
        if old is not None and old is not conn:
            old.error("replaced", web("this seat was opened elsewhere"))
            old.close()
        conn.hello = True
        conn.seat = seat.seat
        room.seats[seat.seat] = conn
        if conn.account is None:
            room.accounts.pop(seat.seat, None)
        else:
            room.accounts[seat.seat] = conn.account
            if seat.account is None and table.status in ACTIVE:
                seat.account = conn.account  # the store keeps the first account too
        conn.send(Welcome(table=table.id, seat=seat.seat, role="player", server=__version__))
        if table.status in ACTIVE:
            if conn.account is not None and seat.token_hash is not None:
                # Stored once (the store keeps the first account), not waited for.
                self.note(
                    room, self.store.op_bound(table.id, seat.seat, seat.token_hash, conn.account)
                )
            if not seat.joined and seat.token_hash is not None:
                holder = seat.token_hash
                seat.joined = True

                def unstored() -> None:
                    if seat.token_hash == holder:  # so that the next hello writes it again
                        seat.joined = False

                # Not essential (the seat plays on without it), so not waited for.
                self.note(room, self.store.op_joined(table.id, seat.seat, holder), unstored)
            if seat.away:
                async with room.lock:
                    if seat.away:
                        table.set_away(seat.seat, False)  # back by the link
            self.acted(room)
        if message.name is not None and message.name != seat.name:
            await self.rename(room, conn, message.name, message.id, broadcast=False)
        self.broadcast(room)
        self.schedule(room)

    async def rename(
        self, room: Room, conn: Conn, name: str, id: int | None, broadcast: bool = True
    ) -> None:
        table = room.table
        seat = conn.seat
        assert seat is not None
        key = name_key(name)
        taken = next((s for s in table.seats if s.seat != seat and name_key(s.name) == key), None)
        if taken is not None:
            self.refuse(
                conn, "name_taken", f"{taken.name} is at this table: choose another name", id
            )
            return
        async with room.lock:
            try:
                await self.write(
                    self.store.op_seat(table.id, seat, name, table.seats[seat].joined), table=table
                )
            except Refused as e:
                log.info("table %s: the store refused a name: %s", table.id, e)
                self.refuse(conn, "bad_message", REFUSED.format(what="this name"), id)
                return
            except StorageError:
                self.refuse(
                    conn,
                    "storage",
                    f"the name {name} could not be stored (you are still "
                    f"{table.seats[seat].name}): try again",
                    id,
                )
                return
            table.rename(seat, name)
        if broadcast:
            self.broadcast(room)

    def leave(self, room: Room, conn: Conn) -> None:
        """A connection is gone."""
        conn.close()
        room.spectators.discard(conn)
        if conn.seat is not None and room.seats.get(conn.seat) is conn:
            del room.seats[conn.seat]
            self.broadcast(room)
            self.schedule(room)
        self.settle(room)

    async def away(self, room: Room, conn: Conn, away: bool, id: int | None) -> None:
        """``leave`` (a computer plays the seat until its person comes back) or ``back``."""
        table = room.table
        seat = conn.seat
        assert seat is not None
        async with room.lock:
            if table.status not in ACTIVE:
                self.refuse(conn, "match_over", web("the match is over"), id)
                return
            if not away and not table.seats[seat].away:
                self.refuse(conn, "not_away", web("you hold your seat: nobody plays for you"), id)
                return
            table.set_away(seat, away)
        self.acted(room)
        self.broadcast(room)
        self.schedule(room)

    async def chat(self, room: Room, conn: Conn, message: ChatMessage) -> None:
        table = room.table
        seat = conn.seat
        assert seat is not None
        if not conn.chat_bucket.take():
            self.refuse(
                conn, "rate_limited", web("too many chat messages: wait a little"), message.id
            )
            return
        line = StoredChat(seat, table.seats[seat].name, message.text, now())
        try:
            await self.write(
                self.store.op_chat(table.id, line),
                self.store.op_acted(table.id, line.created),
                table=table,
            )
        except Refused as e:
            log.info("table %s: the store refused a chat line: %s", table.id, e)
            self.refuse(conn, "bad_message", REFUSED.format(what="this chat message"), message.id)
            return
        except StorageError:
            self.refuse(conn, "storage", web("the message could not be stored"), message.id)
            return
        table.acted = line.created
        table.chat.append(line)
        said = ChatLine(seat=seat, name=line.name, text=line.text, at=line.created.isoformat())
        self.send_all(room, said, conn.account)

    async def resign(self, room: Room, conn: Conn, id: int | None) -> None:
        """Concede: at a table of two sides the match ends, the other side winning; at a larger
        table a computer plays the seat to the end of the match."""
        if len(room.table.rules.sides) != 2:
            await self._hand_over_seat(room, conn, id)
        else:
            await self._concede(room, conn, id)

    def _may_resign(self, room: Room, conn: Conn, id: int | None) -> bool:
        """Whether the seat may resign now (under the table's lock): the match goes on and its
        last move is known to be stored; if not, the seat is told why."""
        if room.table.status not in ACTIVE:
            self.refuse(conn, "no_resign", web("the match is over"), id)
            return False
        if room.unsettled is not None:
            self.refuse(conn, "storage", web(UNSETTLED), id)
            return False
        return True

    async def _hand_over_seat(self, room: Room, conn: Conn, id: int | None) -> None:
        """A resignation at a table of more than two sides: a computer plays the seat."""
        seat = conn.seat
        assert seat is not None
        async with room.lock:
            if not self._may_resign(room, conn, id):
                return
            try:
                await self._to_computer(
                    room, seat, STAND_IN, "resigned", "you resigned: you watch from now on"
                )
            except HTTPException:
                self.refuse(conn, "storage", web("the resignation could not be stored"), id)
                return
        self.acted(room)
        self.schedule(room)

    async def _concede(self, room: Room, conn: Conn, id: int | None) -> None:
        """A resignation at a table of two sides: the match ends, the other side winning."""
        table = room.table
        seat = conn.seat
        assert seat is not None
        async with room.lock:
            if not self._may_resign(room, conn, id):
                return
            table.resign(seat)
            try:
                await self.write(
                    self.store.op_table(
                        table.id, resigned=seat, status="over", winner=table.winner
                    ),
                    table=table,
                )
            except StorageError:
                table.resigned = None
                self.refuse(
                    conn, "storage", web("the resignation could not be stored: try again"), id
                )
                return
            for task in (room.pending, room.clock_task):
                if task is not None:
                    task.cancel()
            log.info("table %s: seat %d resigned", table.id, seat)
            self.table_over(room)
        self.acted(room)
        self.broadcast(room)
        self.settle(room)

    async def rematch(self, room: Room, conn: Conn, id: int | None) -> None:
        """A new match with the same seats at a new table, which every reader is told of."""
        table = room.table
        async with room.lock:
            if table.rematch is not None:
                conn.send(self.view(room, conn.seat, conn))
                return
            if table.status in ACTIVE:
                self.refuse(
                    conn, "no_rematch", web("the match goes on: a rematch comes after it"), id
                )
                return
            if not conn.client.creates.take():
                self.refuse(conn, "rate_limited", web("too many new tables: wait a little"), id)
                return
            seats = [
                Seat(s.seat, s.kind, s.name, s.level, s.token_hash, account=s.account)
                for s in table.seats
            ]
            # A seed goes on only where one person plays (a table of several people dealt from
            # one was made before they were refused): its deals are known to whoever chose it.
            seeded = table.seed is not None and len(table.people) <= 1
            seed = (table.seed * 31 + 7) % 2**62 if seeded and table.seed is not None else None
            new = Table.new(
                self._new_id(table.private),
                table.rules,
                seats,
                practice=table.practice,
                seed=seed,
                private=table.private,
                clock=table.clock,
                creator_hash=table.creator_hash,
                levels=self.levels,
                rated=table.rated and all(s.kind == "person" for s in seats),
            )
            try:
                await self._open(new, {}, None, conn.client.address)
                await self.write(self.store.op_table(table.id, rematch=new.id), table=table)
            except (HTTPException, StorageError):
                self.refuse(conn, "storage", web("the rematch could not be stored: try again"), id)
                return
            table.rematch = new.id
            table.version += 1
        self.broadcast(room)
