"""What every part of the hub stands on (:class:`HubBase`): the tables held and the clients
known, the tasks it runs, writes to the store (a table in play only while this process holds it),
each reader sent its own view, a person's acting noted."""

from __future__ import annotations

import abc
import asyncio
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from fastapi import HTTPException
from pydantic import BaseModel

from ....text.i18n import current_language, use_language
from ..compute import Compute
from ..languages import web
from ..messages import StateMessage
from ..settings import Settings
from ..store import ACTIVE, LeaseLost, Op, StorageError, Store, Writer, now
from ..table import Table, offered_levels
from .rooms import Client, Conn, Room

log = logging.getLogger("boneyard.server")

T = TypeVar("T")


class HubBase(abc.ABC):
    """The hub's state and what every part of it uses. The parts are layers on this one, each in
    its own module: the moves (:mod:`.moves`), the moves nobody chooses and the turn clock
    (:mod:`.automatic`), the tables loaded, made and listed (:mod:`.tables`), the creator's powers
    (:mod:`.creator`), hints and beliefs (:mod:`.help`), a reader's messages (:mod:`.readers`) and
    the hub's life (:mod:`.life`)."""

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

    def clock_of(self, table: Table) -> int | None:
        """A table's turn clock in seconds: its own, or by default the server's where more than
        one person plays; ``None``: no clock."""
        if table.clock is not None:
            return table.clock or None
        return self.settings.clock if len(table.people) > 1 else None

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
            conn.error(
                "moved", web("this table is played by another server process now: reconnect")
            )
            conn.close(1012, "the table moved to another server process")
        log.warning("table %s: its lease is another process's now", table_id)

    def client(self, address: str) -> Client:
        found = self.clients.get(address)
        if found is None:
            found = self.clients[address] = Client(address, self.settings)
        return found

    def refuse(self, conn: Conn, code: str, message: str, id: int | None = None) -> None:
        """Refuse a message (counted for the metrics)."""
        self.refused[code] = self.refused.get(code, 0) + 1
        conn.error(code, message, id)

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

    def views(self, room: Room) -> tuple[int | None, float | None]:
        """The table's clock and the seconds left on it for the person to move."""
        clock = self.clock_of(room.table)
        left = None
        if clock and room.clock_at is not None and room.clock_task is not None:
            left = max(0.0, clock - (time.monotonic() - room.clock_started))
        return clock, left

    def view(self, room: Room, seat: int | None, conn: Conn | None = None) -> StateMessage:
        """A reader's view of the table (without the chat of those ``conn`` blocks)."""
        clock, left = self.views(room)
        with use_language(current_language() if conn is None else conn.language):
            view = room.table.view(seat, room.seats.keys(), clock=clock, clock_left=left)
        return view if conn is None else self.unblocked(room, conn, view)

    @staticmethod
    def unblocked(room: Room, conn: Conn, view: StateMessage) -> StateMessage:
        """``view`` without the chat lines of the seats of the accounts ``conn`` blocks."""
        hidden = {s for s, a in room.accounts.items() if a in conn.blocked}
        if not hidden:
            return view
        return view.model_copy(update={"chat": [c for c in view.chat if c.seat not in hidden]})

    def broadcast(self, room: Room) -> None:
        """Send every reader of the table its own view."""
        table = room.table
        clock, left = self.views(room)
        connected = room.seats.keys()
        for seat, conn in room.seats.items():
            with use_language(conn.language):
                view = table.view(seat, connected, clock=clock, clock_left=left)
            conn.send(self.unblocked(room, conn, view))
        # The spectators' view is made once for each language they read.
        public: dict[str, tuple[StateMessage, str]] = {}
        for conn in room.spectators:
            made = public.get(conn.language)
            if made is None:
                with use_language(conn.language):
                    view = table.view(None, connected, clock=clock, clock_left=left)
                made = public[conn.language] = (view, view.model_dump_json())
            conn.send(self.unblocked(room, conn, made[0]) if conn.blocked else made[1])

    def send_all(self, room: Room, message: BaseModel, account: int | None = None) -> None:
        """Send every reader ``message``; from ``account``, not to those who block it."""
        text = message.model_dump_json()
        for conn in [*room.seats.values(), *room.spectators]:
            if account is None or account not in conn.blocked:
                conn.send(text)

    @abc.abstractmethod
    def table_over(self, room: Room) -> None:
        """The table's match ended, or it was closed: the round of a club tournament it belongs
        to may be over (:meth:`~.tournaments.HubTournaments.table_over`)."""

    @abc.abstractmethod
    def schedule(self, room: Room) -> None:
        """Start the table's next automatic move and its turn clock
        (:meth:`~.automatic.HubAutomatic.schedule`)."""
