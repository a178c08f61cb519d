"""Every table a server holds (:class:`Hub`), with its connections (:class:`Conn`) and its life:
moves, the turn clock and the computers that play for absent people, rematches, resignations,
seats given to new people or to computers, expiry, and the limits on each client.

The engine decides everything: a move is parsed, checked on a copy of the hand, written to the
store, and only then applied, acknowledged and sent to every reader, each seeing only what its seat
may see (spectators the public view). Computer players and hints think in worker processes
(:mod:`~boneyard.apps.server.compute`), off the event loop. A server killed and started again on
the same database resumes every table where it was.

A table belongs to the hub that loaded it: its :class:`Room` holds the one lock under which it
changes, so that two changes never interleave.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, TypeVar

from fastapi import HTTPException, WebSocket
from pydantic import BaseModel
from starlette.websockets import WebSocketState

from ... import __version__
from ...core.options import OptionError
from ...core.protocol import IllegalAction
from ...core.record import RecordError
from ...games import get_game
from ...players.agents import AGENTS
from .compute import Compute, Lane
from .messages import (
    Ack,
    BackMessage,
    ChatLine,
    ChatMessage,
    CreateTable,
    ErrorMessage,
    HelloMessage,
    HintMessage,
    HintReply,
    LeaveMessage,
    MoveMessage,
    NextHandMessage,
    PingMessage,
    Pong,
    ProtocolError,
    RematchMessage,
    RenameMessage,
    ResignMessage,
    SeatLink,
    StateMessage,
    TableCreated,
    TableSummary,
    Welcome,
    name_key,
    parse_client_message,
)
from .settings import Bucket, Settings
from .store import ACTIVE, Op, StorageError, Store, StoredChat, Writer, now, token_hash
from .table import STAND_IN, Seat, Table, action_from_json

__all__ = ["Client", "Conn", "Hub", "Room"]

log = logging.getLogger("boneyard.server")

T = TypeVar("T")

PRIVATE_ID_BYTES = 12
"""A private table's id is its only secret: 96 random bits (a listed table's: 48)."""


class Client:
    """One client (an address, or the address a trusted proxy gives): its limits."""

    def __init__(self, address: str, settings: Settings) -> None:
        self.address = address
        self.creates = Bucket(settings.create_rate, settings.create_burst)
        self.hints = Bucket(settings.hint_rate, settings.hint_burst)
        self.hinting = 0
        self.connections = 0

    def idle(self) -> bool:
        return (
            not self.connections and not self.hinting and self.creates.full() and self.hints.full()
        )


class Conn:
    """One websocket: its seat (``None`` for a spectator), its limits, and a queue of outgoing
    messages drained by its own task, so that a slow reader never holds up a table."""

    def __init__(self, ws: WebSocket, settings: Settings, client: Client) -> None:
        self.ws = ws
        self.client = client
        self.seat: int | None = None
        self.hello = False
        self.bucket = Bucket(settings.rate, settings.burst)
        self.chat_bucket = Bucket(settings.chat_rate, settings.chat_burst)
        self.strikes = 0
        self.hinting = False
        self.closed = False
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=settings.queue_size)

    def send(self, message: BaseModel | str) -> None:
        if self.closed:
            return
        text = message if isinstance(message, str) else message.model_dump_json()
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def error(self, code: str, message: str, id: int | None = None) -> None:
        self.send(ErrorMessage(code=code, message=message, id=id))

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        if self.queue.full():
            # The reader is too slow to take even the close: drop what waits for it.
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)

    async def pump(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.ws.send_text(text)
        except Exception:  # the socket is gone: the reader loop notices too
            pass
        finally:
            self.closed = True
            if self.ws.application_state == WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await self.ws.close(code=1000)


@dataclass
class Room:
    """A table with what the server needs around it: its lock (one change at a time), its
    connections, the task that makes its next automatic move, and its turn clock."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    seats: dict[int, Conn] = field(default_factory=dict)
    spectators: set[Conn] = field(default_factory=set)
    pending: asyncio.Task[None] | None = None
    clock_task: asyncio.Task[None] | None = None
    clock_at: tuple[int, int, int] | None = None
    """The position (hand, move, seat) the clock runs for."""
    clock_started: float = 0.0
    client: str | None = None
    """The address that made the table (for the limit on tables of computers only)."""

    def present(self) -> bool:
        """Whether a person is here: connected to his seat, and not away."""
        seats = self.table.seats
        return any(seats[s].kind == "person" and not seats[s].away for s in self.seats)

    @property
    def computers_only(self) -> bool:
        return not self.table.people


class Hub:
    """Every table of the server, loaded from the store at start."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.db)
        self.writer: Writer | None = None
        self.rooms: dict[str, Room] = {}
        self.compute = Compute(settings.worker_count(), settings.background_workers)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.clients: dict[str, Client] = {}
        self.idle: OrderedDict[str, None] = OrderedDict()
        # What the metrics count.
        self.moves = 0
        self.computer_moves = 0
        self.recent_moves: deque[float] = deque()
        self.refused: dict[str, int] = {}
        self.hints_given = 0
        self.closed_tables = 0
        self.started = time.monotonic()

    # ----------------------------------------------------------------- life
    async def start(self) -> None:
        await asyncio.to_thread(self.store.migrate)
        stored = await asyncio.to_thread(self.store.load_active)
        for s in stored:
            try:
                table = Table.restore(s)
            except (RecordError, OptionError, ValueError, KeyError) as e:
                log.error("table %s cannot be resumed: %s", s.id, e)
                continue
            self.rooms[table.id] = Room(table)
        self.writer = Writer(self.store)
        self.compute.start()
        for room in self.rooms.values():
            self.schedule(room)
        self.spawn(self._sweeper())
        url = self.store.engine.url.render_as_string(hide_password=True)
        log.info("store %s: %d tables resumed", url, len(self.rooms))

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        for room in self.rooms.values():
            for conn in [*room.seats.values(), *room.spectators]:
                conn.close()
        if self.writer is not None:
            await asyncio.to_thread(self.writer.close)
        self.compute.close()
        self.store.close()

    def spawn(self, coro: Awaitable[Any]) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a table task failed", exc_info=task.exception())

    async def write(self, *ops: Op) -> None:
        assert self.writer is not None
        await self.writer.write(*ops)

    def client(self, address: str) -> Client:
        found = self.clients.get(address)
        if found is None:
            found = self.clients[address] = Client(address, self.settings)
        return found

    def refuse(self, conn: Conn, code: str, message: str, id: int | None = None) -> None:
        """Refuse a message (counted for the metrics)."""
        self.refused[code] = self.refused.get(code, 0) + 1
        conn.error(code, message, id)

    async def room(self, table_id: str) -> Room | None:
        """A table by id: in memory, or (one whose match has ended) from the store."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        if len(table_id) > 32:
            return None
        stored = await asyncio.to_thread(self.store.load, table_id)
        if stored is None:
            return None
        room = self.rooms.get(table_id)  # loaded meanwhile
        if room is None:
            room = Room(Table.restore(stored))
            self.rooms[table_id] = room
            self.settle(room)
        return room

    def settle(self, room: Room) -> None:
        """Keep at most ``finished_kept`` ended tables that nobody watches in memory: the store
        has them all."""
        table_id = room.table.id
        if room.table.status in ("over", "closed") and not room.seats and not room.spectators:
            self.idle[table_id] = None
            self.idle.move_to_end(table_id)
        else:
            self.idle.pop(table_id, None)
        while len(self.idle) > self.settings.finished_kept:
            old_id, _ = self.idle.popitem(last=False)
            old = self.rooms.get(old_id)
            if (
                old is not None
                and old.table.status in ("over", "closed")
                and not old.seats
                and not old.spectators
                and (old.pending is None or old.pending.done())
            ):
                del self.rooms[old_id]

    def clock_of(self, table: Table) -> int | None:
        """A table's turn clock in seconds: its own, or by default the server's where more than
        one person plays; ``None``: no clock."""
        if table.clock is not None:
            return table.clock or None
        return self.settings.clock if len(table.people) > 1 else None

    # ----------------------------------------------------------------- tables
    async def create(self, spec: CreateTable, address: str) -> TableCreated:
        client = self.client(address)
        if not client.creates.take():
            raise HTTPException(429, "too many new tables: wait a little")
        active = sum(1 for r in self.rooms.values() if r.table.status in ACTIVE)
        if active >= self.settings.max_tables:
            raise HTTPException(503, "the server holds as many tables as it may: try later")
        people = [s for s in spec.seats if s.kind == "person"]
        if spec.seed is not None and len(people) > 1:
            raise HTTPException(
                400,
                "a seed fixes every deal, so whoever chose it could work out the others' tiles: "
                "a seed is only for a table of one person",
            )
        if not people:
            mine = sum(
                1
                for r in self.rooms.values()
                if r.client == address and r.computers_only and r.table.status in ACTIVE
            )
            if mine >= self.settings.computer_tables:
                raise HTTPException(
                    429,
                    f"you have {mine} tables of computers only in play, as many as one may: "
                    "close one or wait for it to end",
                )
        options: dict[str, Any] = dict(spec.options)
        if spec.target is not None:
            options["target_score"] = spec.target
        try:
            rules = get_game(spec.game).configure(spec.rules, options, len(spec.seats))
        except OptionError as e:
            raise HTTPException(400, str(e)) from None
        tokens: dict[int, str] = {}
        seats = []
        for i, s in enumerate(spec.seats):
            if s.kind == "person":
                token = secrets.token_urlsafe(24)
                tokens[i] = token
                seats.append(Seat(i, "person", s.name or f"Seat {i}", None, token_hash(token)))
            else:
                level = s.level or "casual"
                if level not in AGENTS:
                    raise HTTPException(
                        400, f"unknown level {level!r}: choose from {', '.join(AGENTS)}"
                    )
                seats.append(Seat(i, "computer", s.name or f"{level}-{i}", level, None))
        keys = [name_key(s.name) for s in seats]
        for i, key in enumerate(keys):
            if key in keys[:i]:
                first = keys.index(key)
                raise HTTPException(
                    400,
                    f"seats {first} and {i} are both called {seats[i].name!r}: "
                    "each player needs a name of his own",
                )
        creator = secrets.token_urlsafe(24)
        table_id = self._new_id(spec.private)
        try:
            table = Table.new(
                table_id,
                rules,
                seats,
                practice=spec.practice,
                seed=spec.seed,
                private=spec.private,
                clock=spec.clock,
                creator_hash=token_hash(creator),
            )
        except (OptionError, ValueError) as e:
            raise HTTPException(400, str(e)) from None
        return await self._open(table, tokens, creator, address)

    def _new_id(self, private: bool) -> str:
        size = PRIVATE_ID_BYTES if private else 6
        table_id = secrets.token_urlsafe(size)
        while table_id in self.rooms:
            table_id = secrets.token_urlsafe(size)
        return table_id

    async def _open(
        self, table: Table, tokens: dict[int, str], creator: str | None, address: str | None
    ) -> TableCreated:
        """Store a new table and start it."""
        try:
            await self.write(self.store.op_create(table.stored(), table.stored_hand()))
        except StorageError:
            raise HTTPException(503, "the store refused the new table") from None
        room = Room(table, client=address)
        self.rooms[table.id] = room
        rules = table.rules
        log.info(
            "table %s: %s (%s), %d seats", table.id, rules.game.id, rules.rule_set, rules.players
        )
        self.schedule(room)
        url = f"/t/{table.id}"
        return TableCreated(
            id=table.id,
            url=url,
            seats=[self._link(table, s.seat, tokens.get(s.seat)) for s in table.seats],
            creator_token=creator or "",
        )

    def _link(self, table: Table, seat: int, token: str | None) -> SeatLink:
        s = table.seats[seat]
        url = f"/t/{table.id}"
        return SeatLink(
            seat=s.seat,
            kind=s.kind,
            name=s.name,
            level=s.level,
            invite=f"{url}#seat={token}" if token else None,
            token=token,
        )

    def summary(self, room: Room) -> TableSummary:
        table = room.table
        return TableSummary(
            id=table.id,
            url=f"/t/{table.id}",
            game=table.rules.game.id,
            title=table.rules.game.title,
            rules=table.rules.rule_set,
            practice=table.practice,
            private=table.private,
            clock=self.clock_of(table),
            status=table.status,
            hand=table.number,
            seats=table.seat_views(room.seats.keys()),
            totals=list(table.match.totals),
            sides=table.side_names(),
            winner=table.winner,
            updated=table.updated.isoformat(),
        )

    async def listing(self) -> dict[str, list[TableSummary]]:
        open_rooms = sorted(
            (r for r in self.rooms.values() if r.table.status in ACTIVE and not r.table.private),
            key=lambda r: r.table.updated,
            reverse=True,
        )[:100]
        recent_ids = await asyncio.to_thread(self.store.recent, 20)
        recent = []
        for table_id in recent_ids:
            room = await self.room(table_id)
            if room is not None:
                recent.append(self.summary(room))
        return {"open": [self.summary(r) for r in open_rooms], "recent": recent}

    # ----------------------------------------------------------------- the creator's powers
    def creator_of(self, room: Room, key: str | None) -> None:
        """Refuse (403) unless ``key`` is the table's creator's."""
        import hmac

        wanted = room.table.creator_hash
        if not key or wanted is None or not hmac.compare_digest(token_hash(key), wanted):
            raise HTTPException(403, "only the table's creator may do that (with its key)")

    def _seat_of(self, room: Room, seat: int) -> Seat:
        table = room.table
        if not 0 <= seat < len(table.seats):
            raise HTTPException(404, f"no seat {seat}: the seats are 0 to {len(table.seats) - 1}")
        if table.status not in ACTIVE:
            raise HTTPException(409, "the match is over")
        return table.seats[seat]

    async def reissue(self, room: Room, seat: int) -> SeatLink:
        """A new invite for ``seat`` (a person's, or a computer's that goes to a person): the old
        link stops working and whoever holds the seat by it is put out."""
        table = room.table
        async with room.lock:
            self._seat_of(room, seat)
            token = secrets.token_urlsafe(24)
            hashed = token_hash(token)
            try:
                await self.write(self.store.op_seat_holder(table.id, seat, "person", None, hashed))
            except StorageError:
                raise HTTPException(503, "the store refused the change: try again") from None
            table.invite(seat, hashed)
            self._unseat(room, seat, "revoked", "this seat's invite link was replaced")
            self.broadcast(room)
            link = self._link(table, seat, token)
        self.schedule(room)
        return link

    async def free(self, room: Room, seat: int, level: str) -> SeatLink:
        """``seat`` is played by a computer of ``level`` from now on; its link stops working."""
        table = room.table
        if level not in AGENTS:
            raise HTTPException(400, f"unknown level {level!r}: choose from {', '.join(AGENTS)}")
        async with room.lock:
            s = self._seat_of(room, seat)
            if s.kind == "computer":
                raise HTTPException(409, f"seat {seat} is a computer's already")
            await self._to_computer(room, seat, level, "freed", "this seat was given to a computer")
            link = self._link(table, seat, None)
        self.schedule(room)
        return link

    async def _to_computer(self, room: Room, seat: int, level: str, code: str, why: str) -> None:
        table = room.table
        try:
            await self.write(self.store.op_seat_holder(table.id, seat, "computer", level, None))
        except StorageError:
            raise HTTPException(503, "the store refused the change: try again") from None
        table.hand_to_computer(seat, level)
        self._unseat(room, seat, code, why)
        self.broadcast(room)

    def _unseat(self, room: Room, seat: int, code: str, why: str) -> None:
        """The connection that held ``seat`` watches from now on."""
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
                await self.write(self.store.op_table(table.id, status="closed"))
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

    # ----------------------------------------------------------------- sending
    def views(self, room: Room) -> tuple[int | None, float | None]:
        """The table's clock and the seconds left on it for the person to move."""
        clock = self.clock_of(room.table)
        left = None
        if clock and room.clock_at is not None and room.clock_task is not None:
            left = max(0.0, clock - (time.monotonic() - room.clock_started))
        return clock, left

    def view(self, room: Room, seat: int | None) -> StateMessage:
        clock, left = self.views(room)
        return room.table.view(seat, room.seats.keys(), clock=clock, clock_left=left)

    def broadcast(self, room: Room) -> None:
        """Send every reader of the table its own view."""
        table = room.table
        clock, left = self.views(room)
        connected = room.seats.keys()
        for seat, conn in room.seats.items():
            conn.send(table.view(seat, connected, clock=clock, clock_left=left))
        if room.spectators:
            public = table.view(None, connected, clock=clock, clock_left=left).model_dump_json()
            for conn in room.spectators:
                conn.send(public)

    def send_all(self, room: Room, message: BaseModel) -> None:
        text = message.model_dump_json()
        for conn in [*room.seats.values(), *room.spectators]:
            conn.send(text)

    # ----------------------------------------------------------------- messages
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
                conn, "hello_first", "say hello first (with your seat token, or none to watch)"
            )
            return
        if isinstance(message, PingMessage):
            conn.send(Pong(id=message.id))
            return
        if conn.seat is None:
            conn.strikes += 1
            self.refuse(conn, "spectator", "spectators may only watch", message.id)
            return
        if isinstance(message, MoveMessage):
            await self._shielded(self.move(room, conn, message))
        elif isinstance(message, ChatMessage):
            await self.chat(room, conn, message)
        elif isinstance(message, HintMessage):
            await self.hint(room, conn, message)
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

    async def _shielded(self, coro: Awaitable[T]) -> T:
        """Run a change of a table to its end even if the connection that asked goes away (a move
        stored must also be applied)."""
        result: T = await asyncio.shield(self.spawn(coro))
        return result

    async def acted(self, room: Room) -> None:
        """A person acted at the table: the table's expiry starts again."""
        table = room.table
        table.acted = now()
        with contextlib.suppress(StorageError):
            await self.write(self.store.op_acted(table.id, table.acted))

    async def hello(self, room: Room, conn: Conn, message: HelloMessage) -> None:
        table = room.table
        if conn.hello:
            conn.strikes += 1
            self.refuse(conn, "bad_message", "this connection has said hello already")
            return
        if message.token is None:
            conn.hello = True
            room.spectators.add(conn)
            conn.send(Welcome(table=table.id, seat=None, role="spectator", server=__version__))
            conn.send(self.view(room, None))
            return
        seat = table.seat_of_token(token_hash(message.token))
        if seat is None:
            conn.strikes += 1
            self.refuse(conn, "bad_token", "no seat of this table has that token")
            return
        old = room.seats.get(seat.seat)
        if old is not None and old is not conn:
            old.error("replaced", "this seat was opened elsewhere")
            old.close()
        conn.hello = True
        conn.seat = seat.seat
        room.seats[seat.seat] = conn
        conn.send(Welcome(table=table.id, seat=seat.seat, role="player", server=__version__))
        if table.status in ACTIVE:
            async with room.lock:
                if not seat.joined:
                    try:
                        await self.write(self.store.op_seat(table.id, seat.seat, seat.name, True))
                    except StorageError:
                        pass  # the join is not essential: the seat plays on
                    else:
                        seat.joined = True
                if seat.away:
                    table.set_away(seat.seat, False)  # back by the link
            await self.acted(room)
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
                await self.write(self.store.op_seat(table.id, seat, name, table.seats[seat].joined))
            except StorageError:
                self.refuse(conn, "storage", "the new name could not be stored: try again", id)
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
                self.refuse(conn, "match_over", "the match is over", id)
                return
            if not away and not table.seats[seat].away:
                self.refuse(conn, "not_away", "you hold your seat: nobody plays for you", id)
                return
            table.set_away(seat, away)
        await self.acted(room)
        self.broadcast(room)
        self.schedule(room)

    async def resign(self, room: Room, conn: Conn, id: int | None) -> None:
        """Concede: at a table of two sides the match ends, the other side winning; at a larger
        table a computer plays the seat to the end of the match."""
        table = room.table
        seat = conn.seat
        assert seat is not None
        if len(table.rules.sides) != 2:
            async with room.lock:
                if table.status not in ACTIVE:
                    self.refuse(conn, "no_resign", "the match is over", id)
                    return
                try:
                    await self._to_computer(
                        room, seat, STAND_IN, "resigned", "you resigned: you watch from now on"
                    )
                except HTTPException:
                    self.refuse(conn, "storage", "the resignation could not be stored", id)
                    return
            await self.acted(room)
            self.schedule(room)
            return
        async with room.lock:
            if table.status not in ACTIVE:
                self.refuse(conn, "no_resign", "the match is over", id)
                return
            table.resign(seat)
            try:
                await self.write(
                    self.store.op_table(table.id, resigned=seat, status="over", winner=table.winner)
                )
            except StorageError:
                table.resigned = None
                self.refuse(conn, "storage", "the resignation could not be stored: try again", id)
                return
            for task in (room.pending, room.clock_task):
                if task is not None:
                    task.cancel()
            log.info("table %s: seat %d resigned", table.id, seat)
        await self.acted(room)
        self.broadcast(room)
        self.settle(room)

    async def rematch(self, room: Room, conn: Conn, id: int | None) -> None:
        """A new match with the same seats at a new table, which every reader is told of."""
        table = room.table
        async with room.lock:
            if table.rematch is not None:
                conn.send(self.view(room, conn.seat))
                return
            if table.status in ACTIVE:
                self.refuse(conn, "no_rematch", "the match goes on: a rematch comes after it", id)
                return
            if not conn.client.creates.take():
                self.refuse(conn, "rate_limited", "too many new tables: wait a little", id)
                return
            seats = [Seat(s.seat, s.kind, s.name, s.level, s.token_hash) for s in table.seats]
            seed = None if table.seed is None else (table.seed * 31 + 7) % 2**62
            new = Table.new(
                self._new_id(table.private),
                table.rules,
                seats,
                practice=table.practice,
                seed=seed,
                private=table.private,
                clock=table.clock,
                creator_hash=table.creator_hash,
            )
            try:
                await self._open(new, {}, None, conn.client.address)
                await self.write(self.store.op_table(table.id, rematch=new.id))
            except (HTTPException, StorageError):
                self.refuse(conn, "storage", "the rematch could not be stored: try again", id)
                return
            table.rematch = new.id
            table.version += 1
        self.broadcast(room)

    async def move(self, room: Room, conn: Conn, message: MoveMessage) -> None:
        table = room.table
        seat = conn.seat
        assert seat is not None
        async with room.lock:
            problem = self._refuse(table, seat, message.hand, message.seen)
            if problem is not None:
                self.refuse(conn, *problem, message.id)
                return
            try:
                action = action_from_json(table.state, seat, message.action)
                record = table.check(seat, action)
            except (IllegalAction, ValueError) as e:
                # The engine's words are about "seat N": the seat reads them about "you".
                self.refuse(conn, "illegal", table.voice(seat).tell(str(e)), message.id)
                return
            if not await self._commit(room, seat, action, record, conn, message.id):
                return
        self.schedule(room)

    def _refuse(
        self, table: Table, seat: int, hand: int | None, seen: int | None
    ) -> tuple[str, str] | None:
        if table.status == "closed":
            return "closed", "the table is closed"
        if table.ended:
            return "match_over", "the match is over"
        state = table.state
        if state.over:
            return "hand_over", "the hand is over: ask for the next hand"
        if (hand is not None and hand != table.number) or (
            seen is not None and seen != len(state.history)
        ):
            return "stale", (
                f"the table has moved on: hand {table.number}, move {len(state.history) + 1}"
            )
        if state.turn != seat:
            return "not_your_turn", f"it is {table.seats[state.turn].name}'s turn"
        if table.seats[seat].away:
            return "not_away", "a computer plays for you: take your seat back first"
        return None

    async def _commit(
        self,
        room: Room,
        seat: int,
        action: Any,
        record: dict[str, Any],
        conn: Conn | None = None,
        ack_id: int | None = None,
    ) -> bool:
        """Store a checked move, then apply it, acknowledge it and show it to everyone."""
        table = room.table
        hand = table.number
        index = len(table.state.history)
        before = table.status
        person = conn is not None
        try:
            await self.write(self.store.op_action(table.id, hand, index, record, person))
        except StorageError:
            if conn is not None:
                self.refuse(conn, "storage", "the move could not be stored: try again", ack_id)
            return False
        table.apply(seat, action)
        if person:
            table.acted = table.updated
        self.moves += 1
        self.recent_moves.append(time.monotonic())
        if not person:
            self.computer_moves += 1
        if table.status != before:
            with contextlib.suppress(StorageError):
                await self.write(self.store.op_status(table.id, table.status, table.winner))
            if table.status == "over":
                log.info("table %s: the match is over", table.id)
                self.settle(room)
        if conn is not None:
            conn.send(Ack(id=ack_id, hand=hand, move=index + 1))
        self.broadcast(room)
        return True

    async def next_hand(self, room: Room, conn: Conn | None, id: int | None = None) -> None:
        table = room.table
        async with room.lock:
            if table.status != "between_hands":
                if conn is not None:
                    self.refuse(
                        conn,
                        "no_next_hand",
                        "the match is over"
                        if table.status != "playing"
                        else "the hand is not over",
                        id,
                    )
                return
            deal = table.deal_next()
            try:
                await self.write(self.store.op_hand(table.id, table.number, deal))
            except StorageError:
                table.undeal()
                if conn is not None:
                    self.refuse(conn, "storage", "the next hand could not be stored: try again", id)
                return
            self.broadcast(room)
        if conn is not None:
            await self.acted(room)
        self.schedule(room)

    async def chat(self, room: Room, conn: Conn, message: ChatMessage) -> None:
        table = room.table
        seat = conn.seat
        assert seat is not None
        if not conn.chat_bucket.take():
            self.refuse(conn, "rate_limited", "too many chat messages: wait a little", message.id)
            return
        line = StoredChat(seat, table.seats[seat].name, message.text, now())
        try:
            await self.write(
                self.store.op_chat(table.id, line), self.store.op_acted(table.id, line.created)
            )
        except StorageError:
            self.refuse(conn, "storage", "the message could not be stored", message.id)
            return
        table.acted = line.created
        table.chat.append(line)
        self.send_all(
            room, ChatLine(seat=seat, name=line.name, text=line.text, at=line.created.isoformat())
        )

    async def hint(self, room: Room, conn: Conn, message: HintMessage) -> None:
        table = room.table
        seat = conn.seat
        assert seat is not None
        client = conn.client
        if not table.practice:
            self.refuse(conn, "no_hints", "hints are for practice tables", message.id)
            return
        problem = self._refuse(table, seat, None, None)
        if problem is not None:
            self.refuse(conn, *problem, message.id)
            return
        if conn.hinting or client.hinting >= self.settings.hints_at_once:
            self.refuse(conn, "busy", "a hint is being worked out", message.id)
            return
        if not client.hints.take():
            self.refuse(conn, "rate_limited", "too many hints: wait a little", message.id)
            return
        conn.hinting = True
        client.hinting += 1
        hand, move = table.number, len(table.state.history)
        obs = table.state.observation(seat)
        try:
            analyses = await self.compute.analyze(
                "hint", client.address, obs, self.settings.hint_budget, move
            )
        except Exception:
            log.exception("table %s: a hint failed", table.id)
            self.refuse(conn, "busy", "the hint could not be worked out: try again", message.id)
            return
        finally:
            conn.hinting = False
            client.hinting -= 1
        self.hints_given += 1
        conn.send(
            HintReply(id=message.id, hand=hand, move=move + 1, moves=table.hints(obs, analyses))
        )

    # ----------------------------------------------------------------- moves nobody chooses
    def schedule(self, room: Room) -> None:
        """Start the table's next automatic move (a computer's, a forced draw or pass, the next
        hand of a table of computers), unless one is under way; and its turn clock."""
        table = room.table
        self._clock(room)
        if room.pending is not None and not room.pending.done():
            return
        what = table.automatic()
        if what is None:
            return
        kind, seat = what
        if kind == "computer" and table.seats[seat].kind == "person" and not room.present():
            return  # a computer plays for an absent person only while someone is here
        room.pending = self.spawn(self._automatic(room, table.version))

    def _clock(self, room: Room) -> None:
        """Start the clock of the person to move (or of the deal between hands), unless it runs
        for this position already."""
        table = room.table
        clock = self.clock_of(table)
        at: tuple[int, int, int] | None = None
        if clock and table.status == "playing":
            s = table.seats[table.state.turn]
            if s.kind == "person" and not s.away and table.automatic() is None:
                at = (table.number, len(table.state.history), s.seat)
        elif clock and table.status == "between_hands" and room.present():
            at = (table.number, -1, -1)
        if at == room.clock_at and room.clock_task is not None and not room.clock_task.done():
            return
        if room.clock_task is not None:
            room.clock_task.cancel()
            room.clock_task = None
        room.clock_at = at
        if at is not None and clock:
            room.clock_started = time.monotonic()
            room.clock_task = self.spawn(self._ring(room, at, clock))

    async def _ring(self, room: Room, at: tuple[int, int, int], clock: int) -> None:
        await asyncio.sleep(clock)
        table = room.table
        hand, _, seat = at
        if seat < 0:
            room.clock_task = None
            if table.status == "between_hands" and table.number == hand:
                await self._shielded(self.next_hand(room, None))
            return
        async with room.lock:
            if (
                table.status != "playing"
                or (table.number, len(table.state.history), table.state.turn) != at
                or table.seats[seat].away
            ):
                return
            room.clock_task = None
            table.set_away(seat, True)
            log.info("table %s: seat %d is away (turn clock)", table.id, seat)
        self.broadcast(room)
        self.schedule(room)

    async def _automatic(self, room: Room, version: int) -> None:
        table = room.table
        settings = self.settings
        what = table.automatic()
        if what is None:
            return
        kind, seat = what
        delay = {
            "computer": settings.computer_delay,
            "forced": settings.forced_delay,
            "deal": settings.deal_delay,
        }[kind]
        if delay:
            await asyncio.sleep(delay)
        if kind == "deal":
            await self._shielded(self.next_hand(room, None))
            room.pending = None
            self.schedule(room)
            return
        if table.version != version or table.automatic() != what:
            room.pending = None
            self.schedule(room)
            return
        if kind == "computer":
            # The thinking is done outside the table's lock: a person may meanwhile come back,
            # resign or leave, and the move is then dropped (the version has changed).
            lane: Lane = "play" if room.present() else "idle"
            obs = table.state.observation(seat)
            try:
                action = await self.compute.choose(
                    lane, table.id, table.level_of(seat), obs, table.agent_seed(seat)
                )
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: the computer at seat %d failed", table.id, seat)
                action = table.state.legal_actions()[0]
        else:
            action = table.forced_action(seat)
        async with room.lock:
            if table.version != version or table.automatic() != what:
                room.pending = None
                self.schedule(room)
                return
            try:
                record = table.check(seat, action)
            except IllegalAction:
                log.error("table %s: seat %d chose an illegal move", table.id, seat)
                return
            await self._shielded(self._commit(room, seat, action, record))
        room.pending = None
        self.schedule(room)

    # ----------------------------------------------------------------- expiry
    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep for expired tables failed")

    async def sweep(self) -> list[str]:
        """Close the tables where no person has acted for ``expire_after`` seconds, and those
        closed or deleted in the store meanwhile (``boneyard tables``); the ids closed."""
        cutoff = now() - timedelta(seconds=self.settings.expire_after)
        active = [r for r in self.rooms.values() if r.table.status in ACTIVE]
        closed = []
        for room in active:
            if room.table.acted < cutoff and await self.close_table(room, "expired"):
                closed.append(room.table.id)
        ids = [r.table.id for r in active if r.table.status in ACTIVE]
        stored = await asyncio.to_thread(self.store.statuses, ids) if ids else {}
        for table_id in ids:
            status = stored.get(table_id)
            held = self.rooms.get(table_id)
            if held is None or status in ACTIVE:
                continue
            async with held.lock:
                if held.table.status in ACTIVE:
                    self._closed(held, "closed in the store" if status else "deleted")
                    closed.append(table_id)
            if status is None:
                for conn in [*held.seats.values(), *held.spectators]:
                    conn.error("no_table", "this table was deleted")
                    conn.close()
                self.rooms.pop(table_id, None)
                self.idle.pop(table_id, None)
        for address in [a for a, c in self.clients.items() if c.idle()]:
            del self.clients[address]
        return closed

    # ----------------------------------------------------------------- metrics
    def metrics(self) -> dict[str, Any]:
        """What the server is doing, for ``GET /metrics``."""
        t = time.monotonic()
        while self.recent_moves and self.recent_moves[0] < t - 60:
            self.recent_moves.popleft()
        statuses: dict[str, int] = {}
        for room in self.rooms.values():
            status = room.table.status
            statuses[status] = statuses.get(status, 0) + 1
        rooms = list(self.rooms.values())
        return {
            "tables": statuses,
            "tables_private": sum(1 for r in rooms if r.table.private),
            "tables_computers_only": sum(
                1 for r in rooms if r.computers_only and r.table.status in ACTIVE
            ),
            "seats_away": sum(1 for r in rooms for s in r.table.seats if s.away),
            "connections": sum(len(r.seats) + len(r.spectators) for r in rooms),
            "players_connected": sum(len(r.seats) for r in rooms),
            "clients": sum(1 for c in self.clients.values() if c.connections),
            "moves": self.moves,
            "computer_moves": self.computer_moves,
            "moves_per_second": len(self.recent_moves) / min(60.0, max(1.0, t - self.started)),
            "hints": self.hints_given,
            "tables_closed": self.closed_tables,
            "refused": dict(self.refused),
            "compute": {
                lane: {
                    "waiting": self.compute.waiting(lane),
                    "running": stats.running,
                    "done": stats.done,
                    "failed": stats.failed,
                    "wait_seconds": stats.wait_seconds,
                    "run_seconds": stats.run_seconds,
                }
                for lane, stats in self.compute.stats.items()
            },
            "workers": {"play": self.compute.workers, "background": self.compute.background},
        }
