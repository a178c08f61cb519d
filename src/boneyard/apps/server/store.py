"""The server's store: every table's rules, seats, deals, actions and chat, in any database
SQLAlchemy speaks (a SQLite file by default, PostgreSQL for more).

The schema is created and upgraded by the Alembic migrations in ``migrations/`` when the server
starts (:meth:`Store.migrate`). Writes go through :class:`Writer`, one thread that commits what
the tables ask for in small batches (a group commit) and tells each waiting move when its write is
durable: a move is acknowledged only after that. Reads (loading the tables at start, the lobby's
recent tables, a record) are plain calls, run off the event loop by the app.

Seat tokens are never stored: only their SHA-256 (:func:`token_hash`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url

__all__ = [
    "ACTIVE",
    "Store",
    "StoredHand",
    "StoredSeat",
    "StoredTable",
    "TableRow",
    "Writer",
    "database_url",
    "metadata",
    "token_hash",
]

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("rule_set", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("players", Integer, nullable=False),
    Column("practice", Boolean, nullable=False),
    Column("seed", BigInteger, nullable=True),
    Column("status", String(20), nullable=False),
    Column("winner", Text, nullable=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    # Revision 0002: the table's life.
    Column("private", Boolean, nullable=False, server_default=false()),
    Column("clock", Integer, nullable=True),
    Column("acted", DateTime(timezone=True), nullable=True),
    Column("creator_hash", String(64), nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("resigned", Integer, nullable=True),
    Index("ix_tables_status_updated", "status", "updated"),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(10), nullable=False),
    Column("name", String(40), nullable=False),
    Column("level", String(20), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("joined", Boolean, nullable=False),
)

hands = Table(
    "hands",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("deal", JSON, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("hand", Integer, primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("move", JSON, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Index("ix_chat_table", "table_id", "id"),
)


def token_hash(token: str) -> str:
    """What the store keeps of a seat token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


def _utc(value: datetime) -> datetime:
    """A stored time as an aware UTC time (SQLite gives naive ones back)."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def database_url(db: str | None) -> str:
    """The SQLAlchemy URL of ``--db``: a URL as it is, a path as a SQLite file, nothing as
    ``boneyard.db`` in the current directory."""
    if not db:
        db = "boneyard.db"
    if "://" in db:
        return db
    return f"sqlite:///{Path(db).expanduser().resolve()}"


@dataclass
class StoredSeat:
    seat: int
    kind: str
    name: str
    level: str | None
    token_hash: str | None
    joined: bool


@dataclass
class StoredHand:
    number: int
    deal: dict[str, Any]
    moves: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class StoredChat:
    seat: int
    name: str
    text: str
    created: datetime


@dataclass
class StoredTable:
    id: str
    game: str
    rule_set: str
    options: dict[str, Any]
    players: int
    practice: bool
    seed: int | None
    status: str
    winner: str | None
    created: datetime
    updated: datetime
    private: bool = False
    clock: int | None = None
    acted: datetime | None = None
    """The last time a person acted at the table (moved, chatted, joined): what expiry goes by."""
    creator_hash: str | None = None
    rematch: str | None = None
    resigned: int | None = None
    seats: list[StoredSeat] = field(default_factory=list)
    hands: list[StoredHand] = field(default_factory=list)
    chat: list[StoredChat] = field(default_factory=list)


ACTIVE = ("playing", "between_hands")
"""The statuses of a table whose match goes on (the others: ``over``, ``closed``)."""


Op = Callable[[Connection], None]


class Store:
    """The database of one server."""

    def __init__(self, url: str) -> None:
        self.url = url
        parsed = make_url(url)
        self.sqlite = parsed.get_backend_name() == "sqlite"
        kwargs: dict[str, Any] = {"future": True}
        if self.sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(url, **kwargs)
        if self.sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)

    def close(self) -> None:
        self.engine.dispose()

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def ping(self) -> bool:
        with self.engine.connect() as connection:
            return connection.execute(text("SELECT 1")).scalar() == 1

    # ----------------------------------------------------------------- writes (as ops)
    @staticmethod
    def op_create(table: StoredTable, first: StoredHand) -> Op:
        """Insert a table, its seats and its first deal."""

        def op(conn: Connection) -> None:
            conn.execute(
                insert(tables).values(
                    id=table.id,
                    game=table.game,
                    rule_set=table.rule_set,
                    options=table.options,
                    players=table.players,
                    practice=table.practice,
                    seed=table.seed,
                    status=table.status,
                    winner=table.winner,
                    created=table.created,
                    updated=table.updated,
                    private=table.private,
                    clock=table.clock,
                    acted=table.acted or table.created,
                    creator_hash=table.creator_hash,
                )
            )
            conn.execute(
                insert(seats),
                [
                    {
                        "table_id": table.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "name": s.name,
                        "level": s.level,
                        "token_hash": s.token_hash,
                        "joined": s.joined,
                    }
                    for s in table.seats
                ],
            )
            conn.execute(
                insert(hands).values(
                    table_id=table.id, number=first.number, deal=first.deal, created=now()
                )
            )

        return op

    @staticmethod
    def op_action(
        table_id: str, hand: int, idx: int, move: dict[str, Any], person: bool = False
    ) -> Op:
        """Insert the ``idx``-th move (from 0) of hand ``hand``, in record form; ``person``: a
        person made it (not a computer, nor a computer playing for an absent person)."""

        def op(conn: Connection) -> None:
            stamp = now()
            conn.execute(
                insert(actions).values(
                    table_id=table_id, hand=hand, idx=idx, move=move, created=stamp
                )
            )
            changes: dict[str, Any] = {"updated": stamp}
            if person:
                changes["acted"] = stamp
            conn.execute(update(tables).where(tables.c.id == table_id).values(**changes))

        return op

    @staticmethod
    def op_acted(table_id: str, when: datetime) -> Op:
        """A person acted at the table (joined, chatted, dealt, asked for a rematch)."""

        def op(conn: Connection) -> None:
            conn.execute(update(tables).where(tables.c.id == table_id).values(acted=when))

        return op

    @staticmethod
    def op_table(table_id: str, **changes: Any) -> Op:
        """Change a table's row: ``rematch``, ``resigned``, ``status``..."""

        def op(conn: Connection) -> None:
            conn.execute(
                update(tables).where(tables.c.id == table_id).values(**changes, updated=now())
            )

        return op

    @staticmethod
    def op_seat_holder(
        table_id: str, seat: int, kind: str, level: str | None, token_hash: str | None
    ) -> Op:
        """Who holds a seat: a person (by the hash of a new invite's token) or a computer."""

        def op(conn: Connection) -> None:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(kind=kind, level=level, token_hash=token_hash, joined=False)
            )

        return op

    @staticmethod
    def op_status(table_id: str, status: str, winner: str | None) -> Op:
        """The match's new status (a table closed meanwhile, by its operator, stays closed)."""

        def op(conn: Connection) -> None:
            conn.execute(
                update(tables)
                .where(tables.c.id == table_id, tables.c.status != "closed")
                .values(status=status, winner=winner, updated=now())
            )

        return op

    @staticmethod
    def op_hand(table_id: str, number: int, deal: dict[str, Any]) -> Op:
        def op(conn: Connection) -> None:
            stamp = now()
            conn.execute(
                insert(hands).values(table_id=table_id, number=number, deal=deal, created=stamp)
            )
            conn.execute(
                update(tables)
                .where(tables.c.id == table_id, tables.c.status != "closed")
                .values(status="playing", updated=stamp)
            )

        return op

    @staticmethod
    def op_seat(table_id: str, seat: int, name: str, joined: bool) -> Op:
        def op(conn: Connection) -> None:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(name=name, joined=joined)
            )

        return op

    @staticmethod
    def op_chat(table_id: str, line: StoredChat) -> Op:
        def op(conn: Connection) -> None:
            conn.execute(
                insert(chat).values(
                    table_id=table_id,
                    seat=line.seat,
                    name=line.name,
                    text=line.text,
                    created=line.created,
                )
            )

        return op

    def run(self, ops: Sequence[Op]) -> None:
        """Run ops in one transaction (tests and tools; the server uses :class:`Writer`)."""
        with self.engine.begin() as conn:
            for op in ops:
                op(conn)

    # ----------------------------------------------------------------- reads
    def load(self, table_id: str) -> StoredTable | None:
        """One table with everything needed to resume it."""
        found = self._load(tables.c.id == table_id)
        return found[0] if found else None

    def load_active(self) -> list[StoredTable]:
        """Every table whose match goes on (not over, not closed)."""
        return self._load(tables.c.status.in_(ACTIVE))

    def _load(self, where: Any) -> list[StoredTable]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables).where(where).order_by(tables.c.created)).all()
            out: dict[str, StoredTable] = {}
            for r in rows:
                out[r.id] = StoredTable(
                    id=r.id,
                    game=r.game,
                    rule_set=r.rule_set,
                    options=dict(r.options),
                    players=r.players,
                    practice=bool(r.practice),
                    seed=r.seed,
                    status=r.status,
                    winner=r.winner,
                    created=_utc(r.created),
                    updated=_utc(r.updated),
                    private=bool(r.private),
                    clock=r.clock,
                    acted=_utc(r.acted) if r.acted is not None else None,
                    creator_hash=r.creator_hash,
                    rematch=r.rematch,
                    resigned=r.resigned,
                )
            if not out:
                return []
            ids = list(out)
            for chunk in _chunks(ids, 500):
                for s in conn.execute(
                    select(seats).where(seats.c.table_id.in_(chunk)).order_by(seats.c.seat)
                ):
                    out[s.table_id].seats.append(
                        StoredSeat(s.seat, s.kind, s.name, s.level, s.token_hash, bool(s.joined))
                    )
                by_hand: dict[tuple[str, int], StoredHand] = {}
                for h in conn.execute(
                    select(hands).where(hands.c.table_id.in_(chunk)).order_by(hands.c.number)
                ):
                    stored = StoredHand(h.number, dict(h.deal))
                    out[h.table_id].hands.append(stored)
                    by_hand[h.table_id, h.number] = stored
                for a in conn.execute(
                    select(actions)
                    .where(actions.c.table_id.in_(chunk))
                    .order_by(actions.c.table_id, actions.c.hand, actions.c.idx)
                ):
                    by_hand[a.table_id, a.hand].moves.append(dict(a.move))
                for c in conn.execute(
                    select(chat).where(chat.c.table_id.in_(chunk)).order_by(chat.c.id)
                ):
                    out[c.table_id].chat.append(StoredChat(c.seat, c.name, c.text, _utc(c.created)))
            return list(out.values())

    def recent(self, limit: int = 20) -> list[str]:
        """The ids of the listed (not private) tables whose match ended most recently."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(tables.c.id)
                .where(tables.c.status == "over", tables.c.private == false())
                .order_by(tables.c.updated.desc())
                .limit(limit)
            )
            return [r.id for r in rows]

    def statuses(self, ids: Sequence[str]) -> dict[str, str]:
        """The stored status of each of these tables (a deleted one is missing)."""
        out: dict[str, str] = {}
        with self.engine.connect() as conn:
            for chunk in _chunks(list(ids), 500):
                for r in conn.execute(
                    select(tables.c.id, tables.c.status).where(tables.c.id.in_(chunk))
                ):
                    out[r.id] = r.status
        return out

    # ----------------------------------------------------------------- operating a store
    def rows(
        self,
        statuses: Sequence[str] | None = None,
        idle_since: datetime | None = None,
        ids: Sequence[str] | None = None,
    ) -> list[TableRow]:
        """The tables (without their hands), newest first: of these ``statuses``, where no person
        has acted since ``idle_since``, of these ``ids``."""
        moves = (
            select(actions.c.table_id, func.count().label("moves"))
            .group_by(actions.c.table_id)
            .subquery()
        )
        query = (
            select(tables, func.coalesce(moves.c.moves, 0).label("moves"))
            .outerjoin(moves, moves.c.table_id == tables.c.id)
            .order_by(tables.c.created.desc())
        )
        if statuses:
            query = query.where(tables.c.status.in_(list(statuses)))
        if idle_since is not None:
            query = query.where(func.coalesce(tables.c.acted, tables.c.updated) < idle_since)
        if ids is not None:
            query = query.where(tables.c.id.in_(list(ids)))
        with self.engine.connect() as conn:
            found = conn.execute(query).all()
            people: dict[str, list[str]] = {}
            listed = [r.id for r in found]
            for chunk in _chunks(listed, 500):
                for s in conn.execute(
                    select(seats.c.table_id, seats.c.kind, seats.c.name, seats.c.level)
                    .where(seats.c.table_id.in_(chunk))
                    .order_by(seats.c.table_id, seats.c.seat)
                ):
                    who = s.name if s.kind == "person" else f"{s.name} ({s.level})"
                    people.setdefault(s.table_id, []).append(who)
        return [
            TableRow(
                id=r.id,
                game=r.game,
                rule_set=r.rule_set,
                status=r.status,
                private=bool(r.private),
                seats=people.get(r.id, []),
                moves=int(r.moves),
                created=_utc(r.created),
                updated=_utc(r.updated),
                acted=_utc(r.acted if r.acted is not None else r.updated),
            )
            for r in found
        ]

    def close_tables(self, ids: Sequence[str]) -> list[str]:
        """Close these tables where their match goes on; the ids closed."""
        with self.engine.begin() as conn:
            closing = [
                r.id
                for r in conn.execute(
                    select(tables.c.id).where(
                        tables.c.id.in_(list(ids)), tables.c.status.in_(ACTIVE)
                    )
                )
            ]
            if closing:
                conn.execute(
                    update(tables)
                    .where(tables.c.id.in_(closing))
                    .values(status="closed", updated=now())
                )
        return closing

    def delete_tables(self, ids: Sequence[str]) -> list[str]:
        """Delete these tables and everything of theirs (seats, hands, moves, chat); the ids
        deleted."""
        with self.engine.begin() as conn:
            found = [
                r.id for r in conn.execute(select(tables.c.id).where(tables.c.id.in_(list(ids))))
            ]
            for chunk in _chunks(found, 500):
                for child in (chat, actions, hands, seats):
                    conn.execute(delete(child).where(child.c.table_id.in_(chunk)))
                conn.execute(delete(tables).where(tables.c.id.in_(chunk)))
        return found


@dataclass
class TableRow:
    """A table as ``boneyard tables list`` shows it."""

    id: str
    game: str
    rule_set: str
    status: str
    private: bool
    seats: list[str]
    moves: int
    created: datetime
    updated: datetime
    acted: datetime


def _chunks(items: list[str], n: int) -> list[list[str]]:
    return [items[i : i + n] for i in range(0, len(items), n)]


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """SQLite in WAL mode: readers do not wait for the writer; ``synchronous=NORMAL`` keeps every
    committed transaction through a crash of the process (what a killed server needs)."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


class StorageError(RuntimeError):
    """A write the database refused."""


class Writer:
    """One thread that runs the store's writes in order, batching what has queued up into one
    transaction (a group commit): under load, many tables' moves share a commit. :meth:`write`
    returns once the ops are committed; if the transaction fails, each op is retried alone so that
    one bad write fails only its own caller."""

    def __init__(self, store: Store, batch: int = 256) -> None:
        self.store = store
        self.batch = batch
        self._queue: queue.SimpleQueue[
            tuple[Sequence[Op], asyncio.Future[None], asyncio.AbstractEventLoop] | None
        ] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="boneyard-store", daemon=True)
        self._thread.start()
        self.commits = 0

    async def write(self, *ops: Op) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put((ops, future, loop))
        await future

    def close(self) -> None:
        """Finish the queued writes and stop."""
        self._queue.put(None)
        self._thread.join(timeout=30)

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while len(batch) < self.batch:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit(batch)
            if stop:
                return

    def _commit(
        self,
        batch: list[tuple[Sequence[Op], asyncio.Future[None], asyncio.AbstractEventLoop]],
    ) -> None:
        try:
            with self.store.engine.begin() as conn:
                for ops, _, _ in batch:
                    for op in ops:
                        op(conn)
            self.commits += 1
            for _, future, loop in batch:
                _resolve(loop, future, None)
            return
        except Exception:
            if len(batch) == 1:
                _, future, loop = batch[0]
                _resolve(loop, future, StorageError("the store refused a write"))
                return
        for item in batch:
            self._commit([item])


def _resolve(
    loop: asyncio.AbstractEventLoop, future: asyncio.Future[None], error: Exception | None
) -> None:
    def done() -> None:
        if future.done():
            return
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)

    with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting any more
        loop.call_soon_threadsafe(done)
