"""The web server: the lobby's REST API, one websocket per seat, the pages.

:func:`create_app` builds the FastAPI app around a :class:`Hub`, which holds every table in
play (:class:`~boneyard.apps.server.table.Table`), their connections and the store. The engine
decides everything: a move is parsed, checked on a copy of the hand, written to the store, and only
then applied, acknowledged and sent to every reader, each seeing only what its seat may see
(spectators the public view). Computer players think in worker threads, off the event loop; a
server killed and started again on the same database resumes every table where it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ValidationError
from starlette.websockets import WebSocketState

from ... import __version__
from ...core.options import OPTIONS, OptionError
from ...core.record import RecordError
from ...games import GAMES, get_game
from ...games.line.state import IllegalAction
from ...players.agents import AGENTS
from ...players.agents.plugins import label
from .messages import (
    PROTOCOL,
    Ack,
    ChatLine,
    ChatMessage,
    CreateTable,
    ErrorMessage,
    HelloMessage,
    HintMessage,
    HintReply,
    MoveMessage,
    NextHandMessage,
    PingMessage,
    Pong,
    ProtocolError,
    SeatLink,
    TableCreated,
    TableSummary,
    Welcome,
    parse_client_message,
    schema,
)
from .replay import replay_frames
from .store import Op, StorageError, Store, StoredChat, Writer, now, token_hash
from .table import LEVELS, Seat, Table, action_from_json

__all__ = ["Hub", "Settings", "create_app"]

log = logging.getLogger("boneyard.server")

T = TypeVar("T")

STATIC = Path(__file__).parent / "static"
MAX_RECORD_BYTES = 2_000_000


@dataclass
class Settings:
    """How a server runs. The delays are what people see: a computer player waits
    ``computer_delay`` seconds before it moves, a person's only possible draw or pass is made for
    him after ``forced_delay``, and a table of computers deals its next hand after
    ``deal_delay``."""

    db: str = "sqlite:///boneyard.db"
    computer_delay: float = 0.7
    forced_delay: float = 0.6
    deal_delay: float = 3.0
    hint_budget: float = 0.4
    rate: float = 10.0
    """Messages a connection may send per second, sustained ..."""
    burst: int = 40
    """... and at once."""
    chat_rate: float = 1.0
    chat_burst: int = 5
    max_strikes: int = 200
    """Refused messages after which a connection is closed."""
    max_tables: int = 10_000
    create_rate: float = 0.5
    create_burst: int = 30
    agent_threads: int = 2
    agents: tuple[str, ...] = ()
    """Plug-in agents offered as computer levels beside the built-in ones (names resolved by
    :func:`boneyard.players.agents.resolve_agent`; see docs/research.md)."""
    queue_size: int = 256
    """Messages waiting for a slow reader before it is disconnected."""
    finished_kept: int = 200
    """Finished tables nobody watches kept in memory (the others are read again from the
    store when asked for)."""


class Bucket:
    """A token bucket: ``rate`` per second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        t = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (t - self.stamp) * self.rate)
        self.stamp = t
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Conn:
    """One websocket: its seat (``None`` for a spectator), its limits, and a queue of outgoing
    messages drained by its own task, so that a slow reader never holds up a table."""

    def __init__(self, ws: WebSocket, settings: Settings) -> None:
        self.ws = ws
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
    connections, and the task that makes its next automatic move."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    seats: dict[int, Conn] = field(default_factory=dict)
    spectators: set[Conn] = field(default_factory=set)
    pending: asyncio.Task[None] | None = None


class Hub:
    """Every table of the server, loaded from the store at start."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.db)
        self.writer: Writer | None = None
        self.rooms: dict[str, Room] = {}
        self.agents = ThreadPoolExecutor(settings.agent_threads, thread_name_prefix="boneyard-ai")
        # The computer levels offered: the search player's first, the other built-in agents, then
        # the operator's plug-ins.
        self.levels = [*LEVELS, *(a for a in AGENTS if a not in LEVELS), *settings.agents]
        self.tasks: set[asyncio.Task[Any]] = set()
        self.creators: dict[str, Bucket] = {}
        self.moves = 0
        self.idle: OrderedDict[str, None] = OrderedDict()

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
        for room in self.rooms.values():
            self.schedule(room)
        url = self.store.engine.url.render_as_string()
        log.info("store %s: %d tables resumed", url, len(self.rooms))

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        for room in self.rooms.values():
            for conn in [*room.seats.values(), *room.spectators]:
                conn.close()
        if self.writer is not None:
            await asyncio.to_thread(self.writer.close)
        self.agents.shutdown(wait=False, cancel_futures=True)
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

    async def room(self, table_id: str) -> Room | None:
        """A table by id: in memory, or (a finished one) from the store."""
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
        """Keep at most ``finished_kept`` finished tables that nobody watches in memory: the
        store has them all."""
        table_id = room.table.id
        if room.table.status == "over" and not room.seats and not room.spectators:
            self.idle[table_id] = None
            self.idle.move_to_end(table_id)
        else:
            self.idle.pop(table_id, None)
        while len(self.idle) > self.settings.finished_kept:
            old_id, _ = self.idle.popitem(last=False)
            old = self.rooms.get(old_id)
            if (
                old is not None
                and old.table.status == "over"
                and not old.seats
                and not old.spectators
                and (old.pending is None or old.pending.done())
            ):
                del self.rooms[old_id]

    # ----------------------------------------------------------------- tables
    async def create(self, spec: CreateTable, client: str) -> TableCreated:
        bucket = self.creators.setdefault(
            client, Bucket(self.settings.create_rate, self.settings.create_burst)
        )
        if not bucket.take():
            raise HTTPException(429, "too many new tables: wait a little")
        active = sum(1 for r in self.rooms.values() if r.table.status != "over")
        if active >= self.settings.max_tables:
            raise HTTPException(503, "the server holds as many tables as it may: try later")
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
                if level not in self.levels:
                    raise HTTPException(
                        400, f"unknown level {level!r}: choose from {', '.join(self.levels)}"
                    )
                seats.append(Seat(i, "computer", s.name or f"{label(level)}-{i}", level, None))
        table_id = secrets.token_urlsafe(6)
        while table_id in self.rooms:
            table_id = secrets.token_urlsafe(6)
        try:
            table = Table.new(table_id, rules, seats, practice=spec.practice, seed=spec.seed)
        except (OptionError, ValueError) as e:
            raise HTTPException(400, str(e)) from None
        try:
            await self.write(self.store.op_create(table.stored(), table.stored_hand()))
        except StorageError:
            raise HTTPException(503, "the store refused the new table") from None
        room = Room(table)
        self.rooms[table_id] = room
        log.info("table %s: %s (%s), %d seats", table_id, rules.game.id, rules.rule_set, len(seats))
        self.schedule(room)
        url = f"/t/{table_id}"
        return TableCreated(
            id=table_id,
            url=url,
            seats=[
                SeatLink(
                    seat=s.seat,
                    kind=s.kind,
                    name=s.name,
                    level=s.level,
                    invite=f"{url}#seat={tokens[s.seat]}" if s.seat in tokens else None,
                    token=tokens.get(s.seat),
                )
                for s in seats
            ],
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
            (r for r in self.rooms.values() if r.table.status != "over"),
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

    # ----------------------------------------------------------------- sending
    def broadcast(self, room: Room) -> None:
        """Send every reader of the table its own view."""
        table = room.table
        connected = room.seats.keys()
        for seat, conn in room.seats.items():
            conn.send(table.view(seat, connected))
        if room.spectators:
            public = table.view(None, connected).model_dump_json()
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
            conn.error(e.code, str(e), e.id)
            return
        if isinstance(message, HelloMessage):
            await self.hello(room, conn, message)
            return
        if not conn.hello:
            conn.strikes += 1
            conn.error("hello_first", "say hello first (with your seat token, or none to watch)")
            return
        if isinstance(message, PingMessage):
            conn.send(Pong(id=message.id))
            return
        if conn.seat is None:
            conn.strikes += 1
            conn.error("spectator", "spectators may only watch", message.id)
            return
        if isinstance(message, MoveMessage):
            await self._shielded(self.move(room, conn, message))
        elif isinstance(message, ChatMessage):
            await self.chat(room, conn, message)
        elif isinstance(message, HintMessage):
            await self.hint(room, conn, message)
        elif isinstance(message, NextHandMessage):
            await self._shielded(self.next_hand(room, conn, message.id))

    async def _shielded(self, coro: Awaitable[T]) -> T:
        """Run a change of a table to its end even if the connection that asked goes away (a move
        stored must also be applied)."""
        result: T = await asyncio.shield(self.spawn(coro))
        return result

    async def hello(self, room: Room, conn: Conn, message: HelloMessage) -> None:
        table = room.table
        if conn.hello:
            conn.strikes += 1
            conn.error("bad_message", "this connection has said hello already")
            return
        if message.token is None:
            conn.hello = True
            room.spectators.add(conn)
            conn.send(Welcome(table=table.id, seat=None, role="spectator", server=__version__))
            conn.send(table.view(None, room.seats.keys()))
            return
        seat = table.seat_of_token(token_hash(message.token))
        if seat is None:
            conn.strikes += 1
            conn.error("bad_token", "no seat of this table has that token")
            return
        old = room.seats.get(seat.seat)
        if old is not None and old is not conn:
            old.error("replaced", "this seat was opened elsewhere")
            old.close()
        conn.hello = True
        conn.seat = seat.seat
        room.seats[seat.seat] = conn
        name = message.name or seat.name
        if name != seat.name or not seat.joined:
            try:
                await self.write(self.store.op_seat(table.id, seat.seat, name, True))
            except StorageError:
                pass  # the name and the join are not essential: the seat plays on
            else:
                seat.joined = True
                if name != seat.name:
                    table.rename(seat.seat, name)
        conn.send(Welcome(table=table.id, seat=seat.seat, role="player", server=__version__))
        self.broadcast(room)

    def leave(self, room: Room, conn: Conn) -> None:
        conn.close()
        room.spectators.discard(conn)
        if conn.seat is not None and room.seats.get(conn.seat) is conn:
            del room.seats[conn.seat]
            self.broadcast(room)
        self.settle(room)

    async def move(self, room: Room, conn: Conn, message: MoveMessage) -> None:
        table = room.table
        seat = conn.seat
        assert seat is not None
        async with room.lock:
            problem = self._refuse(table, seat, message.hand, message.seen)
            if problem is not None:
                conn.error(*problem, message.id)
                return
            try:
                action = action_from_json(table.state, seat, message.action)
                record = table.check(seat, action)
            except (IllegalAction, ValueError) as e:
                # The engine's words are about "seat N": the seat reads them about "you".
                conn.error("illegal", table.voice(seat).tell(str(e)), message.id)
                return
            if not await self._commit(room, seat, action, record, conn, message.id):
                return
        self.schedule(room)

    def _refuse(
        self, table: Table, seat: int, hand: int | None, seen: int | None
    ) -> tuple[str, str] | None:
        if table.match.over:
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
        try:
            await self.write(self.store.op_action(table.id, hand, index, record))
        except StorageError:
            if conn is not None:
                conn.error("storage", "the move could not be stored: try again", ack_id)
            return False
        table.apply(seat, action)
        self.moves += 1
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
                    conn.error(
                        "no_next_hand",
                        "the match is over" if table.match.over else "the hand is not over",
                        id,
                    )
                return
            deal = table.deal_next()
            try:
                await self.write(self.store.op_hand(table.id, table.number, deal))
            except StorageError:
                table.undeal()
                if conn is not None:
                    conn.error("storage", "the next hand could not be stored: try again", id)
                return
            self.broadcast(room)
        self.schedule(room)

    async def chat(self, room: Room, conn: Conn, message: ChatMessage) -> None:
        table = room.table
        seat = conn.seat
        assert seat is not None
        if not conn.chat_bucket.take():
            conn.error("rate_limited", "too many chat messages: wait a little", message.id)
            return
        line = StoredChat(seat, table.seats[seat].name, message.text, now())
        try:
            await self.write(self.store.op_chat(table.id, line))
        except StorageError:
            conn.error("storage", "the message could not be stored", message.id)
            return
        table.chat.append(line)
        self.send_all(room, ChatLine(seat=seat, name=line.name, text=line.text, at=_iso(line)))

    async def hint(self, room: Room, conn: Conn, message: HintMessage) -> None:
        table = room.table
        seat = conn.seat
        assert seat is not None
        if not table.practice:
            conn.error("no_hints", "hints are for practice tables", message.id)
            return
        problem = self._refuse(table, seat, None, None)
        if problem is not None:
            conn.error(*problem, message.id)
            return
        if conn.hinting:
            conn.error("busy", "a hint is being worked out", message.id)
            return
        conn.hinting = True
        hand, move = table.number, len(table.state.history)
        try:
            loop = asyncio.get_running_loop()
            moves = await loop.run_in_executor(
                self.agents, table.hints, seat, self.settings.hint_budget
            )
        finally:
            conn.hinting = False
        conn.send(HintReply(id=message.id, hand=hand, move=move + 1, moves=moves))

    # ----------------------------------------------------------------- moves nobody chooses
    def schedule(self, room: Room) -> None:
        """Start the table's next automatic move (a computer's, a forced draw or pass, the next
        hand of a table of computers), unless one is under way."""
        if room.pending is not None and not room.pending.done():
            return
        what = room.table.automatic()
        if what is None:
            return
        room.pending = self.spawn(self._automatic(room, room.table.version))

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
        async with room.lock:
            if table.version != version or table.automatic() != what:
                room.pending = None
                self.schedule(room)
                return
            if kind == "computer":
                agent = table.seats[seat].agent
                assert agent is not None
                obs = table.state.observation(seat)
                rng = table.agent_rng(seat)
                loop = asyncio.get_running_loop()
                try:
                    action = await loop.run_in_executor(self.agents, agent.choose, obs, rng)
                except Exception:
                    log.exception("table %s: the computer at seat %d failed", table.id, seat)
                    action = table.state.legal_actions()[0]
            else:
                action = table.forced_action(seat)
            try:
                record = table.check(seat, action)
            except IllegalAction:
                log.error("table %s: seat %d chose an illegal move", table.id, seat)
                return
            await self._shielded(self._commit(room, seat, action, record))
        room.pending = None
        self.schedule(room)


def _iso(line: StoredChat) -> str:
    return line.created.isoformat()


# --------------------------------------------------------------------- the app
def create_app(settings: Settings | None = None) -> FastAPI:
    """The server's app."""
    settings = settings or Settings()
    hub = Hub(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(
        title="boneyard",
        version=__version__,
        lifespan=lifespan,
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.hub = hub

    @app.middleware("http")
    async def headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Frame-Options", "DENY")
        html = response.headers.get("content-type", "").startswith("text/html")
        # FastAPI's own API page (/api/docs) loads Swagger UI from its CDN: not ours to police.
        if html and request.url.path != "/api/docs":
            response.headers["Content-Security-Policy"] = (
                "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                "connect-src 'self' ws: wss:; frame-ancestors 'none'"
            )
            response.headers["Cache-Control"] = "no-cache"
        return response

    @app.get("/healthz")
    async def healthz() -> JSONResponse:
        try:
            ok = await asyncio.to_thread(hub.store.ping)
        except Exception:
            ok = False
        body = {
            "status": "ok" if ok else "store unavailable",
            "version": __version__,
            "protocol": PROTOCOL,
            "tables": len(hub.rooms),
            "moves": hub.moves,
        }
        return JSONResponse(body, status_code=200 if ok else 503)

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return {
            "games": [_game_json(g.id) for g in GAMES.values()],
            "levels": hub.levels,
        }

    @app.get("/api/protocol")
    async def protocol() -> dict[str, Any]:
        return schema()

    @app.post("/api/tables", status_code=201)
    async def create_table(spec: CreateTable, request: Request) -> TableCreated:
        client = request.client.host if request.client is not None else "?"
        return await hub.create(spec, client)

    @app.get("/api/tables")
    async def list_tables() -> dict[str, list[TableSummary]]:
        return await hub.listing()

    async def found(table_id: str) -> Room:
        room = await hub.room(table_id)
        if room is None:
            raise HTTPException(404, "no such table")
        return room

    @app.get("/api/tables/{table_id}")
    async def table_summary(table_id: str) -> TableSummary:
        return hub.summary(await found(table_id))

    @app.get("/api/tables/{table_id}/record")
    async def table_record(table_id: str) -> JSONResponse:
        room = await found(table_id)
        return JSONResponse(
            room.table.public_record(),
            headers={"Content-Disposition": f'attachment; filename="boneyard-{table_id}.json"'},
        )

    @app.get("/api/tables/{table_id}/replay")
    async def table_replay(table_id: str) -> dict[str, Any]:
        room = await found(table_id)
        record = room.table.public_record()
        record.pop("meta", None)
        return await asyncio.to_thread(replay_frames, record)

    @app.post("/api/replay")
    async def replay(request: Request) -> dict[str, Any]:
        body = await _read_body(request, MAX_RECORD_BYTES)
        try:
            import json

            record = json.loads(body)
        except ValueError:
            raise HTTPException(400, "not JSON") from None
        if not isinstance(record, dict):
            raise HTTPException(400, "a record is a JSON object")
        try:
            return await asyncio.to_thread(replay_frames, record)
        except (RecordError, ValueError, KeyError, TypeError) as e:
            raise HTTPException(400, f"not a valid record: {e}") from None

    @app.websocket("/ws/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        room = await hub.room(table_id)
        conn = Conn(ws, settings)
        pump = asyncio.ensure_future(conn.pump())
        try:
            if room is None:
                conn.error("no_table", "no such table")
                return
            while not conn.closed:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if not conn.bucket.take():
                    conn.strikes += 1
                    conn.error("rate_limited", "too many messages: slow down")
                elif text is None:
                    conn.strikes += 1
                    conn.error("bad_message", "send text frames holding JSON")
                else:
                    await hub.handle(room, conn, text)
                if conn.strikes > settings.max_strikes:
                    conn.error("closed", "too many refused messages")
                    break
        finally:
            if room is not None:
                hub.leave(room, conn)
            conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pump, timeout=5)

    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, media_type="text/html")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return page("table.html")

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> FileResponse:
        return page("replay.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(ValidationError)
    async def validation(request: Request, exc: ValidationError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=422)

    return app


async def _read_body(request: Request, limit: int) -> bytes:
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > limit:
        raise HTTPException(413, f"larger than {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise HTTPException(413, f"larger than {limit} bytes")
    return bytes(body)


def _choices(option: str) -> list[str] | None:
    """The values of an option with a short list of them (the lobby offers them in a menu)."""
    spec = OPTIONS[option]
    if spec.kind == "bool":
        return ["true", "false"]
    if spec.kind == "choice" and not spec.param_choices:
        return list(spec.choices)
    return None


def _game_json(game_id: str) -> dict[str, Any]:
    game = get_game(game_id)
    return {
        "id": game.id,
        "title": game.title,
        "summary": game.summary,
        "aliases": list(game.aliases),
        "rule_sets": [
            {
                "name": rs.name,
                "description": rs.description,
                "default": rs.name == game.default_rules,
                "players": game.players_for(rs.name),
                "options": [
                    {**o, "choices": _choices(o["name"])} for o in game.describe_options(rs.name)
                ],
            }
            for rs in game.rule_sets.values()
        ],
        "players": {"min": game.min_players, "max": game.max_players},
    }
