"""Every table a server holds (:class:`Hub`), with its connections (:class:`Conn`) and its life:
moves, the turn clock and the computers that play for absent people, rematches, resignations,
seats given to new people or to computers, expiry, and the limits on each client.

The engine decides everything: a move is parsed, checked on a copy of the hand, written to the
store, and only then applied, acknowledged and sent to every reader, each seeing only what its seat
may see (spectators the public view). Computer players and hints think in worker processes
(:mod:`~boneyard.apps.server.compute`), off the event loop. A server killed and started again on
the same database resumes every table where it was.

A table belongs to the hub that loaded it: its :class:`Room` holds the one lock under which it
changes, so that two changes never interleave. On a PostgreSQL store shared by several processes,
a table in play belongs to the one process that holds its lease (:meth:`Hub.room`): the others
relay its readers there (:class:`Elsewhere`), and take it over when that process dies
(:meth:`Hub._cluster`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import re
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, TypeVar

from fastapi import HTTPException, WebSocket
from pydantic import BaseModel
from starlette.websockets import WebSocketState

from ... import __version__
from ...core.actions import Action
from ...core.options import OptionError
from ...core.protocol import IllegalAction
from ...core.record import RecordError
from ...games import get_game
from ...players.agents.plugins import label
from .compute import Compute, Lane
from .messages import (
    Ack,
    BackMessage,
    BeliefsMessage,
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
from .store import (
    ACTIVE,
    LeaseLost,
    Op,
    Refused,
    StorageError,
    Store,
    StoredChat,
    StoredTable,
    Unsettled,
    Writer,
    cause,
    now,
    token_hash,
)
from .table import SEEDED, STAND_IN, Seat, Table, action_from_json, offered_levels

__all__ = ["Client", "Conn", "Hub", "Room"]

log = logging.getLogger("boneyard.server")

T = TypeVar("T")

_STOP_WAIT = 30.0
"""How long a stop waits for the changes under way (as long as the writer for its queue)."""


class Unavailable(Exception):
    """The store could not be read: the request is answered 503 (try again)."""


class Elsewhere(Exception):
    """The table is played by another process of the same store, at this address."""

    def __init__(self, address: str) -> None:
        super().__init__(address)
        self.address = address


TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table's id is made of (``secrets.token_urlsafe``)."""

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
        self.close_code = 1000
        self.close_reason = ""
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

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close the websocket (after what is queued for it) with this code and reason: 1000 when
        done, 1012 (restart) when the table moved to another process and 1013 (try again later)
        when the store is unavailable; the page reconnects after those two."""
        if self.closed:
            return
        self.closed = True
        self.close_code, self.close_reason = code, reason
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
                    await self.ws.close(code=self.close_code, reason=self.close_reason)


@dataclass(frozen=True)
class PendingMove:
    """A checked move on its way to the store: who made it, where, and whom to answer."""

    seat: int
    action: Action
    hand: int
    index: int
    conn: Conn | None
    ack_id: int | None


UNSETTLED = "the store has not yet said whether the last move was stored: try again in a moment"
NOT_STORED = "the move could not be stored: try again"
REFUSED = "the store cannot take {what} as it is written: nothing of it was stored"
"""A write the store refused for what it held (:class:`Refused`): the request's own error, told
as such (``bad_message``, ``400``), never the store's failing."""


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
    unsettled: asyncio.Task[None] | None = None
    """A move whose commit's answer was lost and whose outcome the store cannot tell yet (its
    database process hung): the table takes no other move until it is known (then applied,
    or refused)."""

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
        self.store = Store(settings.db, settings.store_timeout)
        self.writer: Writer | None = None
        self.server: str | None = None
        """This process's id among those sharing a PostgreSQL store (``None`` on SQLite)."""
        self.secret: str | None = None
        """What the processes of one store trust each other's relayed requests by."""
        self.address = settings.advertise or ""
        self.rooms: dict[str, Room] = {}
        self.levels = offered_levels(settings.agents)
        """The computer levels offered: built-in, then the operator's plug-ins."""
        self.compute = Compute(settings.worker_count(), settings.background_workers)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.changes: set[asyncio.Task[Any]] = set()
        """The changes of tables under way (a move being stored, applied and shown): a stop lets
        them end, so that nothing stored goes unshown."""
        self.stopping = False
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
        self._health: tuple[float, str | None] = (-1e9, None)
        self._claiming: set[str] = set()
        """Tables being taken up from the store (their lease is held already)."""

    def _check_level(self, level: str) -> None:
        if level not in self.levels:
            raise HTTPException(
                400, f"unknown level {level!r}: choose from {', '.join(self.levels)}"
            )

    # ----------------------------------------------------------------- life
    async def start(self) -> None:
        store = self.store
        # Opened already where `boneyard serve` checked it before listening (StoreRefused).
        await asyncio.to_thread(store.open, alone=store.sqlite)
        if store.sqlite:
            stored = await asyncio.to_thread(store.load_active)
        else:
            self.server = secrets.token_hex(8)
            self.address = self.settings.advertise or ""
            self.secret = await asyncio.to_thread(store.secret)
            await asyncio.to_thread(store.heartbeat, self.server, self.address, self.settings.lease)
            stored = await asyncio.to_thread(self._claim_orphans, None)
        for s in stored:
            self._resume(s)
        self.writer = Writer(store, server=self.server, lease=self.settings.lease)
        self.compute.start()
        for room in self.rooms.values():
            self.schedule(room)
        self.spawn(self._sweeper())
        if self.server is not None:
            self.spawn(self._cluster())
        url = store.engine.url.render_as_string(hide_password=True)
        log.info("store %s: %d tables resumed", url, len(self.rooms))

    def _resume(self, stored: StoredTable) -> Room | None:
        try:
            table = Table.restore(stored, self.levels)
        except (RecordError, OptionError, ValueError, KeyError) as e:
            log.error("table %s cannot be resumed: %s", stored.id, e)
            return None
        room = self.rooms[table.id] = Room(table)
        return room

    async def stop(self) -> None:
        """Stop: the automatic moves, clocks and rounds at once; the changes under way (a move
        being stored) run to their end first, so that a move stored is also applied, acknowledged
        and shown before the readers are let go (a table comes back as its readers last saw it);
        then the readers are closed and the queued writes finished."""
        if self.stopping:
            return
        self.stopping = True
        for task in list(self.tasks):
            if task not in self.changes:
                task.cancel()
        # Each write is bounded by the store's timeout; a lost answer is read back meanwhile.
        deadline = time.monotonic() + _STOP_WAIT
        while self.changes and (left := deadline - time.monotonic()) > 0:
            await asyncio.wait(list(self.changes), timeout=left)
        for room in self.rooms.values():
            for conn in [*room.seats.values(), *room.spectators]:
                conn.close(1012, "the server is restarting")
        if self.writer is not None:
            await asyncio.to_thread(self.writer.close)
        if self.server is not None:
            # The tables are free at once for the other processes, not after their leases.
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.store.release, self.server)
        self.compute.close()
        self.store.close()

    # ----------------------------------------------------------------- several processes
    def _claim_orphans(self, share: int | None) -> list[StoredTable]:
        """Take over tables in play that no process holds (at most ``share``): their leases, then
        their state, read after the lease is ours (so that it holds every write of the process
        that had them)."""
        assert self.server is not None
        found = []
        for table_id in self.store.orphans(share or 1_000_000):
            if table_id in self.rooms or not self.store.claim(
                table_id, self.server, self.settings.lease
            ):
                continue
            stored = self.store.load(table_id)
            if stored is not None and stored.status in ACTIVE:
                found.append(stored)
        return found

    async def _cluster(self) -> None:
        """Every third of a lease: renew this process's leases, drop the tables whose lease
        another process has taken, give up those of tables no longer in play, and take over
        tables that nobody holds, this process's share of them."""
        assert self.server is not None
        every = self.settings.lease / 3
        while True:
            await asyncio.sleep(every * random.uniform(0.8, 1.0))
            try:
                await self._cluster_round()
            except Exception as e:
                # The store's own episode log says why; the leases run out if this goes on, and
                # the writer then refuses this process's writes.
                log.debug("the round of leases failed: %s", cause(e))

    async def _cluster_round(self) -> None:
        assert self.server is not None
        store = self.store
        lease = self.settings.lease
        # Only tables held before the renewal can be missing from it (a table made or taken up
        # meanwhile has its lease, but after the renewal's reading).
        before = [r for r in self.rooms.values() if r.table.status in ACTIVE]
        held = await asyncio.to_thread(store.heartbeat, self.server, self.address, lease)
        for room in before:
            if room.table.status in ACTIVE and room.table.id not in held:
                await self.lost(room)
        done = [
            t
            for t in held
            if t not in self._claiming
            and (t not in self.rooms or self.rooms[t].table.status not in ACTIVE)
        ]
        if done:
            await asyncio.to_thread(store.release, self.server, done)
        peers = await asyncio.to_thread(store.peers, self.server, lease)
        orphans = await asyncio.to_thread(store.orphans, 1_000_000)
        if not orphans:
            return
        share = -(-len(orphans) // (len(peers) + 1))
        for stored in await asyncio.to_thread(self._claim_orphans, share):
            if stored.id in self.rooms:
                continue
            resumed = self._resume(stored)
            if resumed is not None:
                log.info("table %s: taken over (its process stopped renewing it)", stored.id)
                self.schedule(resumed)

    async def lost(self, room: Room) -> None:
        """Another process plays this table now: let it go, and send its readers there (their
        pages reconnect, and reach it)."""
        table_id = room.table.id
        if self.rooms.get(table_id) is not room:
            return
        del self.rooms[table_id]
        self.idle.pop(table_id, None)
        for task in (room.pending, room.clock_task):
            if task is not None:
                task.cancel()
        for conn in [*room.seats.values(), *room.spectators]:
            conn.error("moved", "this table is played by another server process now: reconnect")
            conn.close(1012, "the table moved to another server process")
        log.warning("table %s: its lease is another process's now", table_id)

    def spawn(self, coro: Awaitable[Any]) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a table task failed", exc_info=task.exception())

    async def write(
        self,
        *ops: Op,
        table: Table | None = None,
        doubt: Callable[[], None] | None = None,
        give_up: bool = False,
    ) -> None:
        """Store ``ops`` in one transaction; :class:`StorageError` if nothing was stored. A write
        to a table in play is stored only while this process holds the table (if it has lost it,
        the table is let go). ``doubt`` is told if the store's answer was lost and the write
        waits to know whether it was stored; with ``give_up`` it waits only a little and raises
        :class:`Unsettled` (the outcome to come) if the store still cannot tell."""
        assert self.writer is not None
        fence = table.id if table is not None and table.status in ACTIVE else None
        try:
            await self.writer.write(*ops, table=fence, doubt=doubt, give_up=give_up)
        except LeaseLost:
            room = self.rooms.get(fence) if fence is not None else None
            if room is not None:
                self.spawn(self.lost(room))
            raise

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
        """A table by id: in memory, or from the store (one whose match has ended; or, on a
        store shared by several processes, one in play that no process holds, which this one
        takes). :class:`Elsewhere` if another process holds it; :class:`Unavailable` if the
        store cannot be read."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        if not TABLE_ID.fullmatch(table_id):
            return None  # no table has such an id: the store is not asked
        try:
            if self.server is not None:
                owner = await asyncio.to_thread(self.store.owner, table_id)
                if owner is not None and owner[0] != self.server:
                    raise Elsewhere(owner[1])
            stored = await asyncio.to_thread(self.store.load, table_id)
            if stored is None:
                return None
            if self.server is not None and stored.status in ACTIVE and table_id not in self.rooms:
                self._claiming.add(table_id)
                try:
                    if not await asyncio.to_thread(
                        self.store.claim, table_id, self.server, self.settings.lease
                    ):
                        owner = await asyncio.to_thread(self.store.owner, table_id)
                        if owner is None:
                            raise Unavailable("the table is changing hands: try again")
                        raise Elsewhere(owner[1])
                    # Read again now that it is ours: the last holder may have written meanwhile.
                    stored = await asyncio.to_thread(self.store.load, table_id)
                finally:
                    self._claiming.discard(table_id)
                if stored is None:
                    return None
        except (Elsewhere, Unavailable):
            raise
        except Exception as e:
            raise Unavailable(cause(e)) from None
        room = self.rooms.get(table_id)  # loaded meanwhile
        if room is None:
            room = Room(Table.restore(stored, self.levels))
            self.rooms[table_id] = room
            self.settle(room)
            if room.table.status in ACTIVE:
                log.info("table %s: taken up from the store", table_id)
                self.schedule(room)
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
                self._check_level(level)
                name = s.name or f"{label(level)[:30]}-{i}"
                seats.append(Seat(i, "computer", name, level, None))
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
                levels=self.levels,
            )
        except (OptionError, ValueError) as e:
            raise HTTPException(400, str(e)) from None
        return await self._open(table, tokens, creator, address)

    def _new_id(self, private: bool) -> str:
        size = PRIVATE_ID_BYTES if private else 6
        table_id = secrets.token_urlsafe(size)
        # An id starting with "-" would read as an option to `boneyard tables close ID`.
        while table_id in self.rooms or table_id.startswith("-"):
            table_id = secrets.token_urlsafe(size)
        return table_id

    async def _open(
        self, table: Table, tokens: dict[int, str], creator: str | None, address: str | None
    ) -> TableCreated:
        """Store a new table and start it."""
        try:
            ops = [self.store.op_create(table.stored(), table.stored_hand())]
            if self.server is not None:
                ops.append(self.store.op_claim(table.id, self.server, self.settings.lease))
            await self.write(*ops)
        except Refused as e:
            log.info("table %s: the store refused the new table: %s", table.id, e)
            raise HTTPException(400, REFUSED.format(what="this table")) from None
        except StorageError:
            raise HTTPException(503, "the store could not take the new table: try again") from None
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
        """The listed tables in play that this process holds (newest first, at most 100), and
        the last 20 finished ones."""
        open_rooms = sorted(
            (r for r in self.rooms.values() if r.table.status in ACTIVE and not r.table.private),
            key=lambda r: r.table.updated,
            reverse=True,
        )[:100]
        try:
            recent_ids = await asyncio.to_thread(self.store.recent, 20)
        except Exception as e:
            raise Unavailable(cause(e)) from None
        recent = []
        for table_id in recent_ids:
            with contextlib.suppress(Elsewhere):
                room = await self.room(table_id)
                if room is not None:
                    recent.append(self.summary(room))
        return {"open": [self.summary(r) for r in open_rooms], "recent": recent}

    async def health(self) -> str | None:
        """Whether the store takes a write now (an empty transaction through the writer, which
        writes its mark): ``None`` if it does, else why not. Asked at most once a second."""
        assert self.writer is not None
        t = time.monotonic()
        recovered = self._health[1] is not None and self.writer.writes.failing is None
        if t - self._health[0] < 1.0 and not recovered:
            return self._health[1]
        why: str | None = None
        try:
            await asyncio.wait_for(self.writer.write(), timeout=self.settings.store_timeout + 1)
        except TimeoutError:
            why = f"the store did not answer within {self.settings.store_timeout:g} s"
        except StorageError as e:
            why = str(e)
        self._health = (time.monotonic(), why)
        return why

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
        self._check_level(level)
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
            await self.write(
                self.store.op_seat_holder(table.id, seat, "computer", level, None), table=table
            )
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

    async def _shielded(self, coro: Awaitable[T]) -> T:
        """Run a change of a table to its end even if the connection that asked goes away, or the
        server stops (a move stored must also be applied, and shown)."""
        task = self.spawn(coro)
        self.changes.add(task)
        task.add_done_callback(self.changes.discard)
        result: T = await asyncio.shield(task)
        return result

    def acted(self, room: Room) -> None:
        """A person acted at the table: the table's expiry starts again."""
        table = room.table
        table.acted = now()
        self.note(room, self.store.op_acted(table.id, table.acted))

    def note(self, room: Room, op: Op, refused: Callable[[], None] | None = None) -> None:
        """Store a bookkeeping write (a person acted, a seat joined) in the background: nobody
        waits for it, so that a write whose answer was lost, read back for as long as the store
        cannot be asked, holds up no connection's messages and no table. A failure is logged
        by the writer (once per episode) and costs only the bookkeeping, written again at the
        next occasion; ``refused`` is called if nothing of it was stored."""

        async def write() -> None:
            try:
                await self.write(op, table=room.table)
            except StorageError:
                if refused is not None:
                    refused()

        self.spawn(write())

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
                self.refuse(conn, "match_over", "the match is over", id)
                return
            if not away and not table.seats[seat].away:
                self.refuse(conn, "not_away", "you hold your seat: nobody plays for you", id)
                return
            table.set_away(seat, away)
        self.acted(room)
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
                if room.unsettled is not None:
                    self.refuse(conn, "storage", UNSETTLED, id)
                    return
                try:
                    await self._to_computer(
                        room, seat, STAND_IN, "resigned", "you resigned: you watch from now on"
                    )
                except HTTPException:
                    self.refuse(conn, "storage", "the resignation could not be stored", id)
                    return
            self.acted(room)
            self.schedule(room)
            return
        async with room.lock:
            if table.status not in ACTIVE:
                self.refuse(conn, "no_resign", "the match is over", id)
                return
            if room.unsettled is not None:
                self.refuse(conn, "storage", UNSETTLED, id)
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
                self.refuse(conn, "storage", "the resignation could not be stored: try again", id)
                return
            for task in (room.pending, room.clock_task):
                if task is not None:
                    task.cancel()
            log.info("table %s: seat %d resigned", table.id, seat)
        self.acted(room)
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
            )
            try:
                await self._open(new, {}, None, conn.client.address)
                await self.write(self.store.op_table(table.id, rematch=new.id), table=table)
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
            if problem is None and room.unsettled is not None:
                problem = "storage", UNSETTLED
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
        """Store a checked move, then apply it, acknowledge it and show it to everyone. If the
        store's answer was lost and it cannot tell for now whether the move was stored (its
        database process hung), the move waits for the outcome outside the table's lock (the
        table takes no other move meanwhile) and this returns false."""
        table = room.table
        move = PendingMove(seat, action, table.number, len(table.state.history), conn, ack_id)

        def doubt() -> None:
            if conn is not None:
                conn.error(
                    "pending",
                    "the store has not said whether your move was stored: it will be "
                    "acknowledged, or refused, as soon as it does",
                    ack_id,
                )

        try:
            await self.write(
                self.store.op_action(table.id, move.hand, move.index, record, conn is not None),
                table=table,
                doubt=doubt,
                give_up=True,
            )
        except Unsettled as unsure:
            log.warning("table %s: a move waits to hear whether it was stored", table.id)
            room.unsettled = self.spawn(self._settle_move(room, move, unsure.outcome))
            self.changes.add(room.unsettled)
            room.unsettled.add_done_callback(self.changes.discard)
            return False
        except StorageError:
            if conn is not None:
                self.refuse(conn, "storage", NOT_STORED, ack_id)
            return False
        await self._apply_stored(room, move)
        return True

    async def _apply_stored(self, room: Room, move: PendingMove) -> None:
        """Apply a move the store holds, acknowledge it and show it to everyone."""
        table = room.table
        before = table.status
        person = move.conn is not None
        table.apply(move.seat, move.action)
        if person:
            table.acted = table.updated
        self.moves += 1
        self.recent_moves.append(time.monotonic())
        if not person:
            self.computer_moves += 1
        if table.status != before:
            with contextlib.suppress(StorageError):
                await self.write(
                    self.store.op_status(table.id, table.status, table.winner), table=table
                )
            if table.status == "over":
                log.info("table %s: the match is over", table.id)
                self.settle(room)
        if move.conn is not None:
            move.conn.send(Ack(id=move.ack_id, hand=move.hand, move=move.index + 1))
        self.broadcast(room)

    async def _settle_move(
        self, room: Room, move: PendingMove, outcome: asyncio.Future[bool]
    ) -> None:
        """Wait for the store to say whether ``move`` was stored: then apply it (acknowledged,
        shown) or refuse it (nothing was stored), and let the table go on."""
        try:
            stored = await outcome
        except asyncio.CancelledError:
            room.unsettled = None
            raise
        table = room.table
        async with room.lock:
            room.unsettled = None  # under the lock: no other move slips in before this one
            where = (table.number, len(table.state.history))
            if stored and where == (move.hand, move.index):
                await self._apply_stored(room, move)
            elif stored:  # nothing else moves meanwhile; a table reloaded is already right
                log.error("table %s: a move read back as stored no longer fits", table.id)
            else:
                log.warning("table %s: the move in doubt was not stored", table.id)
                if move.conn is not None:
                    self.refuse(move.conn, "storage", NOT_STORED, move.ack_id)
        self.schedule(room)

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
                await self.write(self.store.op_hand(table.id, table.number, deal), table=table)
            except StorageError:
                table.undeal()
                if conn is not None:
                    self.refuse(conn, "storage", "the next hand could not be stored: try again", id)
                return
            self.broadcast(room)
        if conn is not None:
            self.acted(room)
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
                self.store.op_chat(table.id, line),
                self.store.op_acted(table.id, line.created),
                table=table,
            )
        except Refused as e:
            log.info("table %s: the store refused a chat line: %s", table.id, e)
            self.refuse(conn, "bad_message", REFUSED.format(what="this chat message"), message.id)
            return
        except StorageError:
            self.refuse(conn, "storage", "the message could not be stored", message.id)
            return
        table.acted = line.created
        table.chat.append(line)
        self.send_all(
            room, ChatLine(seat=seat, name=line.name, text=line.text, at=line.created.isoformat())
        )

    def _refuse_help(self, table: Table, seat: int, on_any_turn: bool) -> tuple[str, str] | None:
        """Why a hint (on the seat's turn) or the beliefs (on any turn, the hand in play) cannot
        be given now, or ``None``."""
        if not table.practice:
            return "no_hints", "hints are for practice tables"
        problem = self._refuse(table, seat, None, None)
        if problem is not None and not (on_any_turn and problem[0] == "not_your_turn"):
            return problem
        return None

    async def hint(self, room: Room, conn: Conn, message: HintMessage) -> None:
        table = room.table
        seat = conn.seat
        assert seat is not None
        client = conn.client
        problem = self._refuse_help(table, seat, on_any_turn=False)
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
            analyses = await self.compute.analyze("hint", client.address, obs)
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

    async def beliefs(self, room: Room, conn: Conn, message: BeliefsMessage) -> None:
        """Who may hold each tile the seat cannot see, at a practice table while the hand is
        in play (on anyone's turn); limited as hints are."""
        table = room.table
        seat = conn.seat
        assert seat is not None
        client = conn.client
        problem = self._refuse_help(table, seat, on_any_turn=True)
        if problem is not None:
            self.refuse(conn, *problem, message.id)
            return
        if not client.hints.take():
            self.refuse(conn, "rate_limited", "too many hints: wait a little", message.id)
            return
        obs = table.state.observation(seat)
        try:
            view = await self.compute.beliefs("hint", client.address, obs)
        except Exception:
            log.exception("table %s: the beliefs failed", table.id)
            self.refuse(conn, "busy", "the beliefs could not be worked out: try again", message.id)
            return
        conn.send(table.beliefs(obs, view).model_copy(update={"id": message.id}))

    # ----------------------------------------------------------------- moves nobody chooses
    def schedule(self, room: Room) -> None:
        """Start the table's next automatic move (a computer's, a forced draw or pass, the next
        hand of a table of computers), unless one is under way; and its turn clock."""
        table = room.table
        if self.stopping:
            return
        self._clock(room)
        if room.pending is not None and not room.pending.done():
            return
        if room.unsettled is not None:
            return  # the last move is not known to be stored yet: its outcome schedules again
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
        # Under the lock to its end, even if this task is cancelled meanwhile (the server stops).
        if not await self._shielded(self._automatic_move(room, version, what, action)):
            return
        room.pending = None
        self.schedule(room)

    async def _automatic_move(
        self, room: Room, version: int, what: tuple[str, int], action: Action
    ) -> bool:
        """Make an automatic move if the table is still where it was chosen; false if it was
        illegal (the table then waits for something else to happen)."""
        table = room.table
        seat = what[1]
        async with room.lock:
            if table.version != version or table.automatic() != what:
                return True
            if room.unsettled is not None:
                return False  # the move in doubt schedules the next one once it is known
            try:
                record = table.check(seat, action)
            except IllegalAction:
                log.error("table %s: seat %d chose an illegal move", table.id, seat)
                return False
            await self._commit(room, seat, action, record)
            return True

    # ----------------------------------------------------------------- expiry
    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                await self.sweep()
            except StorageError:
                pass  # the store's own log says why, once
            except Exception as e:
                if self.store.reads.failing is None:
                    log.exception("the sweep for expired tables failed")
                else:
                    log.debug("the sweep for expired tables failed: %s", cause(e))

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
