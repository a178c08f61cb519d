"""The server's store: every table's rules, seats, deals, actions and chat, in any database
SQLAlchemy speaks (a SQLite file by default, PostgreSQL for more).

The schema is created and upgraded by the Alembic migrations in ``migrations/`` when the server
starts (:meth:`Store.migrate`). Writes go through :class:`Writer`, one thread that commits what
the tables ask for in small batches (a group commit) and tells each waiting move when its write is
durable: a move is acknowledged only after that. Reads (loading the tables at start, the lobby's
recent tables, a record) are plain calls, run off the event loop by the app.

Every operation is bounded (:class:`Watchdog`): a connection that has not answered within the
store's ``timeout`` is broken, so that a hung database never holds a caller for longer. Every
transaction of the writer also writes its own mark (the ``commits`` table): when a commit's answer
is lost, the writer reads back whether the mark is there, so that a write is reported failed only
when nothing of it was stored (:class:`StorageError`), and otherwise acknowledged, once.

Several server processes may share one PostgreSQL store: each table is played by the one process
that holds its lease (the ``leases`` table, :meth:`Store.claim`), and the writer refuses a write of
a table whose lease this process no longer holds (:class:`LeaseLost`). A SQLite store takes one
server process (:meth:`Store.lock_single_process`).

Seat tokens are never stored: only their SHA-256 (:func:`token_hash`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import math
import os
import queue
import re
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
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
    exc,
    false,
    func,
    insert,
    literal,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url

__all__ = [
    "ACTIVE",
    "LeaseLost",
    "Refused",
    "StorageError",
    "Store",
    "StoreRefused",
    "StoredHand",
    "StoredSeat",
    "StoredTable",
    "TableRow",
    "Watchdog",
    "Writer",
    "database_url",
    "metadata",
    "token_hash",
]

log = logging.getLogger("boneyard.server")

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
    Column("level", String(300), nullable=True),  # revision 0004: a plug-in's name
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


# Revision 0003: the writer's marks, and the processes sharing a store with their tables' leases.
commits = Table(
    "commits",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ix_commits_at", "at"),
)

servers = Table(
    "servers",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("address", Text, nullable=False),
    Column("seen", DateTime(timezone=True), nullable=False),
)

leases = Table(
    "leases",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(32), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False),
    Index("ix_leases_owner", "owner"),
)

cluster = Table(
    "cluster",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("secret", String(64), nullable=False),
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


_LOCKS: dict[str, tuple[int, int]] = {}
"""The SQLite files this process holds the lock of: the descriptor, and how many stores share it."""
_LOCKS_GUARD = threading.Lock()

MIGRATION_LOCK = 0x626F6E65  # "bone": the advisory lock under which PostgreSQL is migrated


class Store:
    """The database of one server. Every operation gives up after ``timeout`` seconds (see
    docs/server.md, "When the store fails")."""

    def __init__(self, url: str, timeout: float = 5.0) -> None:
        """A store on ``url`` (nothing is asked of the database yet: :meth:`open`);
        :class:`StoreRefused` if ``url`` is no store's address."""
        self.url = url
        self.timeout = timeout
        try:
            self.engine = self._engine(url, timeout)
        except Exception as e:  # a malformed URL, an unknown database, a missing driver
            raise StoreRefused(
                f"--db {_unsecret(url)} is not a store's address ({cause(e)}): give a SQLite "
                "file or a URL such as postgresql+psycopg://user:secret@host/boneyard"
            ) from None
        self.shown = _shown(self.engine)
        """The store for people: the SQLite file, or the URL without its password."""
        self.watchdog = Watchdog(self.sqlite)
        self.reads = Episode("reads")
        self.opened = False
        self._single: int | None = None
        self._single_key = ""

    def _engine(self, url: str, timeout: float) -> Engine:
        parsed = make_url(url)
        self.sqlite = parsed.get_backend_name() == "sqlite"
        kwargs: dict[str, Any] = {"future": True, "pool_timeout": timeout}
        millis = int(timeout * 1000)
        if self.sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": timeout}
        else:
            kwargs["connect_args"] = {
                "connect_timeout": max(2, math.ceil(timeout)),
                "options": f"-c statement_timeout={millis} -c lock_timeout={millis}"
                f" -c idle_in_transaction_session_timeout={millis * 6}",
                # A peer that vanished (a machine gone, a cable pulled) is noticed by TCP itself.
                "keepalives": 1,
                "keepalives_idle": 10,
                "keepalives_interval": 5,
                "keepalives_count": 3,
                "tcp_user_timeout": millis * 2,
            }
        engine = create_engine(url, **kwargs)
        if self.sqlite:
            event.listen(engine, "connect", _sqlite_pragmas(millis))
        return engine

    def open(self, *, alone: bool = False) -> None:
        """Make or upgrade the schema (:meth:`migrate`), and with ``alone`` hold the store for
        this process (:meth:`lock_single_process`, SQLite only); once. :class:`StoreRefused`,
        one sentence, if the store cannot be opened: unreadable, not a database, a database
        server that does not answer or refuses, or another server's SQLite file."""
        if self.opened:
            return
        try:
            if alone:
                self.lock_single_process()
            self.migrate()
        except StoreRefused:
            raise
        except Exception as e:
            raise StoreRefused(f"the store {self.shown} cannot be opened: {cause(e)}") from None
        self.opened = True

    def close(self) -> None:
        self.watchdog.stop()
        self.engine.dispose()
        self._unlock_single_process()

    @contextlib.contextmanager
    def reading(self) -> Iterator[Connection]:
        """A connection for reads, broken if it has not answered within ``timeout``; a failure is
        logged once per episode."""
        try:
            with self.engine.connect() as conn, self.watchdog.guard(conn, self.timeout):
                yield conn
        except Exception as e:
            self.reads.failed(e)
            raise
        self.reads.ok()

    @contextlib.contextmanager
    def writing(self) -> Iterator[Connection]:
        """A transaction (committed at the end), bounded as :meth:`reading` is (tests and the
        operator's tools; the server writes through :class:`Writer`)."""
        with self.engine.begin() as conn, self.watchdog.guard(conn, self.timeout):
            yield conn

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration. On PostgreSQL under an advisory
        lock: of several processes starting at once, one migrates and the others wait for it,
        then find nothing to do."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as connection:
            if not self.sqlite:
                connection.execute(text("SET LOCAL lock_timeout = 0"))
                connection.execute(text("SET LOCAL statement_timeout = 0"))
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK}
                )
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def revision(self) -> str | None:
        """The schema's migration (``None``: an empty database); :class:`StoreRefused` if the
        store cannot be read (the operator's tools ask it, not a server: nothing is logged)."""
        from alembic.migration import MigrationContext

        try:
            with self.engine.connect() as conn, self.watchdog.guard(conn, self.timeout):
                return MigrationContext.configure(conn).get_current_revision()
        except Exception as e:
            raise StoreRefused(f"the store {self.shown} cannot be opened: {cause(e)}") from None

    def lock_single_process(self) -> None:
        """A SQLite store serves one process: hold a lock on its file for as long as this store
        is open, or refuse (:class:`StoreRefused`) if another process holds it. (Within one process,
        as in tests that start a server again beside the first, the lock is shared.)"""
        import fcntl

        if not self.sqlite or self._single is not None:
            return
        path = make_url(self.url).database
        if not path or path == ":memory:":
            return
        key = os.path.realpath(path)
        with _LOCKS_GUARD:
            held = _LOCKS.get(key)
            if held is not None:
                _LOCKS[key] = (held[0], held[1] + 1)
                self._single = held[0]
                self._single_key = key
                return
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as e:
                raise StoreRefused(
                    f"the store {path} cannot be opened: {e.strerror or e}"
                ) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                raise StoreRefused(
                    f"another boneyard serve uses the store {path}: a SQLite store takes one "
                    "server process (run several on one PostgreSQL store, see docs/server.md)"
                ) from None
            _LOCKS[key] = (fd, 1)
            self._single = fd
            self._single_key = key

    def _unlock_single_process(self) -> None:
        if self._single is None:
            return
        with _LOCKS_GUARD:
            fd, count = _LOCKS.pop(self._single_key)
            if count > 1:
                _LOCKS[self._single_key] = (fd, count - 1)
            else:
                os.close(fd)
        self._single = None

    def ping(self) -> bool:
        with self.reading() as connection:
            return connection.execute(text("SELECT 1")).scalar() == 1

    # ----------------------------------------------------------------- processes and leases
    # PostgreSQL only: the times are the database's own, so that machines whose clocks differ agree.
    def secret(self) -> str:
        """The secret the processes of one store share (they trust each other's relayed requests
        by it)."""
        with self.reading() as conn:
            found = conn.execute(select(cluster.c.secret).where(cluster.c.id == 1)).scalar()
        if found is None:  # a store migrated before it had one
            with self.writing() as conn:
                conn.execute(insert(cluster).values(id=1, secret=secrets.token_hex(32)))
            return self.secret()
        return str(found)

    def heartbeat(self, server: str, address: str, lease: float) -> set[str]:
        """This process is alive: its row in ``servers`` and the leases of its tables renewed for
        ``lease`` seconds (those another transaction holds a lock on are left for the next round);
        the ids of the tables it holds."""
        seconds = {"s": lease}
        with self.writing() as conn:
            stamp = conn.execute(text("SELECT now()")).scalar_one()
            found = conn.execute(
                update(servers).where(servers.c.id == server).values(address=address, seen=stamp)
            )
            if not found.rowcount:
                conn.execute(insert(servers).values(id=server, address=address, seen=stamp))
            conn.execute(
                text(
                    "UPDATE leases SET expires = now() + make_interval(secs => :s) "
                    "WHERE table_id IN (SELECT table_id FROM leases WHERE owner = :me "
                    "FOR UPDATE SKIP LOCKED)"
                ),
                {**seconds, "me": server},
            )
            # Servers silent for a day are gone for good.
            conn.execute(text("DELETE FROM servers WHERE seen < now() - interval '1 day'"))
            held = conn.execute(select(leases.c.table_id).where(leases.c.owner == server))
            return {r.table_id for r in held}

    def claim(self, table_id: str, server: str, lease: float) -> bool:
        """Take a table's lease for ``lease`` seconds, if it is free (never held, expired, or this
        process's already)."""
        with self.writing() as conn:
            row = conn.execute(
                text(
                    "INSERT INTO leases (table_id, owner, expires) "
                    "VALUES (:t, :me, now() + make_interval(secs => :s)) "
                    "ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, "
                    "expires = EXCLUDED.expires "
                    "WHERE leases.owner = EXCLUDED.owner OR leases.expires < now() "
                    "RETURNING owner"
                ),
                {"t": table_id, "me": server, "s": lease},
            ).first()
        return row is not None

    @staticmethod
    def op_claim(table_id: str, server: str, lease: float) -> Op:
        """The lease of a new table, in the transaction that stores it."""

        def op(conn: Connection) -> None:
            conn.execute(
                text(
                    "INSERT INTO leases (table_id, owner, expires) "
                    "VALUES (:t, :me, now() + make_interval(secs => :s))"
                ),
                {"t": table_id, "me": server, "s": lease},
            )

        return op

    def release(self, server: str, table_ids: Sequence[str] | None = None) -> None:
        """Give up leases: these tables', or (``None``) all of this process's."""
        with self.writing() as conn:
            query = delete(leases).where(leases.c.owner == server)
            if table_ids is not None:
                query = query.where(leases.c.table_id.in_(list(table_ids)))
            conn.execute(query)
            if table_ids is None:
                conn.execute(delete(servers).where(servers.c.id == server))

    def owner(self, table_id: str) -> tuple[str, str] | None:
        """The process that holds a table's lease, and its address; ``None`` if nobody does."""
        with self.reading() as conn:
            row = conn.execute(
                select(leases.c.owner, servers.c.address)
                .join(servers, servers.c.id == leases.c.owner)
                .where(leases.c.table_id == table_id, leases.c.expires >= func.now())
            ).first()
        return (row.owner, row.address) if row is not None else None

    def peers(self, server: str, within: float) -> list[str]:
        """The addresses of the other processes seen in the last ``within`` seconds."""
        with self.reading() as conn:
            rows = conn.execute(
                text(
                    "SELECT address FROM servers WHERE id != :me "
                    "AND seen >= now() - make_interval(secs => :w)"
                ),
                {"me": server, "w": within},
            )
            return [r.address for r in rows]

    def orphans(self, limit: int) -> list[str]:
        """Tables in play whose lease nobody holds (a process died, or never started them)."""
        with self.reading() as conn:
            rows = conn.execute(
                select(tables.c.id)
                .outerjoin(leases, leases.c.table_id == tables.c.id)
                .where(
                    tables.c.status.in_(ACTIVE),
                    (leases.c.table_id.is_(None)) | (leases.c.expires < func.now()),
                )
                .order_by(func.random())
                .limit(limit)
            )
            return [r.id for r in rows]

    def backend(self, conn: Connection) -> int | None:
        """The PostgreSQL server process of a connection (``None`` on SQLite)."""
        if self.sqlite:
            return None
        return int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one())

    def settled(self, marker: str, backend: int | None) -> bool | None:
        """Whether the transaction that wrote ``marker`` was committed: true or false once that
        is sure, ``None`` while its server process may still commit it (it is then asked to
        stop)."""
        with self.reading() as conn:
            if backend is not None:
                alive = conn.execute(
                    text("SELECT 1 FROM pg_stat_activity WHERE pid = :p"), {"p": backend}
                ).first()
                if alive is not None:
                    conn.execute(text("SELECT pg_terminate_backend(:p)"), {"p": backend})
                    return None
            found = conn.execute(select(commits.c.id).where(commits.c.id == marker)).first()
            return found is not None

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
        """A person acted at the table (joined, chatted, dealt, asked for a rematch). Never moves
        the time back: written in the background, it may be stored after a later move's."""

        def op(conn: Connection) -> None:
            conn.execute(
                update(tables)
                .where(
                    tables.c.id == table_id, or_(tables.c.acted.is_(None), tables.c.acted < when)
                )
                .values(acted=when)
            )

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
    def op_joined(table_id: str, seat: int, token_hash: str) -> Op:
        """The person holding a seat (by its token's hash) has come to the table: only the flag,
        so that, written in the background, it never undoes a rename, nor marks a seat given to
        someone else meanwhile."""

        def op(conn: Connection) -> None:
            conn.execute(
                update(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    seats.c.token_hash == token_hash,
                )
                .values(joined=True)
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
        with self.writing() as conn:
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
        with self.reading() as conn:
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
        with self.reading() as conn:
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
        with self.reading() as conn:
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
        with self.reading() as conn:
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
        with self.writing() as conn:
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
        with self.writing() as conn:
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


def _sqlite_pragmas(busy_millis: int) -> Callable[[Any, Any], None]:
    """SQLite in WAL mode: readers do not wait for the writer; ``synchronous=NORMAL`` keeps every
    committed transaction through a crash of the process (what a killed server needs). A write
    waits at most ``busy_millis`` for another process's lock. The log, once folded into the
    database (every 1,000 pages, and at once after a failed write: :meth:`Writer._stored`), is cut
    back to 4 MB, so that it does not keep the space a nearly full disk has left. (Folding it more
    often costs every move a share of the checkpoint's syncs.)"""

    def pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={busy_millis}")
        cursor.execute("PRAGMA journal_size_limit=4194304")
        cursor.close()

    return pragmas


class StoreRefused(RuntimeError):
    """A store that cannot be served: a URL that is no store's, a database that cannot be read
    or written or does not answer, a SQLite file another server holds. The message is one
    sentence, all that ``boneyard serve`` prints before it exits."""


def _unsecret(url: str) -> str:
    """A URL as given, without the password it may hold (``user:***@``)."""
    return re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", url)


def _shown(engine: Engine) -> str:
    """The store as people name it: a SQLite file's path, any other URL without its password."""
    url = engine.url
    if url.get_backend_name() == "sqlite" and url.database:
        return url.database
    return url.render_as_string(hide_password=True)


class StorageError(RuntimeError):
    """A write that was not stored: nothing of it is in the store (try again)."""


class Refused(StorageError):
    """A write the store refused for what it held (a text it cannot encode, a value it cannot
    take, a key already taken): that write's own error, never the store's failing. Nothing of
    it was stored, and the writes batched with it are stored without it."""


class Unsettled(StorageError):
    """A write whose commit's answer was lost, and whose outcome the store could not tell soon
    after (the database process that holds the transaction hung): it may or may not have been
    stored. ``outcome`` is resolved, once the store can tell, with whether it was. Raised
    only to a caller that asked for it (``Writer.write(..., give_up=True)``); others wait."""

    def __init__(self, why: str, outcome: asyncio.Future[bool]) -> None:
        super().__init__(why)
        self.outcome = outcome


class LeaseLost(StorageError):
    """A write of a table whose lease this process no longer holds (another process plays it):
    nothing was stored."""

    def __init__(self, table_ids: set[str]) -> None:
        super().__init__(f"the lease of {', '.join(sorted(table_ids))} is another process's")
        self.table_ids = table_ids


def cause(error: BaseException) -> str:
    """A failure in a few words, for the log and ``/healthz``."""
    if isinstance(error, exc.DBAPIError) and error.orig is not None:
        error = error.orig
    words = " ".join(str(error).split()) or type(error).__name__
    return words[:200]


class Episode:
    """The failures of one kind of operation, logged once per episode: the first failure with its
    cause, then the return to health with how long it took."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.failing: str | None = None
        self.since = 0.0
        self._lock = threading.Lock()

    def failed(self, error: BaseException | str) -> None:
        why = error if isinstance(error, str) else cause(error)
        with self._lock:
            if self.failing is not None:
                self.failing = why
                return
            self.failing, self.since = why, time.monotonic()
        log.error("the store fails (%s): %s", self.what, why)

    def ok(self) -> None:
        if self.failing is None:
            return
        with self._lock:
            if self.failing is None:
                return
            self.failing = None
            took = time.monotonic() - self.since
        log.warning("the store works again (%s), after %.1f s", self.what, took)


class Watchdog:
    """Breaks a connection that has not answered within its time: a PostgreSQL connection's socket
    is shut (the driver then fails at once, and the pool drops the connection), a SQLite
    connection is interrupted. One thread, started with the first guard."""

    def __init__(self, sqlite: bool) -> None:
        self.sqlite = sqlite
        self._watched: dict[int, tuple[float, Any]] = {}
        self._lock = threading.Lock()
        self._next = 0
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.broken = 0

    @contextlib.contextmanager
    def guard(self, conn: Connection, seconds: float) -> Iterator[None]:
        dbapi = conn.connection.dbapi_connection
        with self._lock:
            key = self._next
            self._next += 1
            self._watched[key] = (time.monotonic() + seconds, dbapi)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="boneyard-store-watchdog", daemon=True
                )
                self._thread.start()
        try:
            yield
        finally:
            with self._lock:
                self._watched.pop(key, None)

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.wait(0.1):
            t = time.monotonic()
            with self._lock:
                late = [k for k, (deadline, _) in self._watched.items() if deadline < t]
                for key in late:
                    _, dbapi = self._watched.pop(key)
                    self.broken += 1
                    with contextlib.suppress(Exception):
                        self._break(dbapi)

    def _break(self, dbapi: Any) -> None:
        if self.sqlite:
            dbapi.interrupt()
            return
        fd = dbapi.pgconn.socket
        sock = socket.socket(fileno=os.dup(fd))
        try:
            sock.shutdown(socket.SHUT_RDWR)
        finally:
            sock.close()


@dataclass
class Pending:
    """A write waiting for the writer: its ops, the table they change (fenced by its lease), and
    whom to tell."""

    ops: Sequence[Op]
    table: str | None
    future: asyncio.Future[None]
    loop: asyncio.AbstractEventLoop
    doubt: Callable[[], None] | None = None
    outcome: asyncio.Future[bool] | None = None
    """Given (``give_up``), the write's caller is answered :class:`Unsettled` once the outcome
    of a lost commit answer has been unknown for the store's timeout, and this is resolved
    with the outcome when it is known."""


class Writer:
    """Threads that run the store's writes, each batching what has queued up into one transaction
    (a group commit): under load, many tables' moves share a commit. :meth:`write` returns once
    the ops are committed, or raises :class:`StorageError` when nothing of them was stored: each
    transaction writes a mark (``commits``), and when a commit's answer is lost the writer reads
    the mark back, in a thread of its own, until it knows (the write's ``doubt`` is told
    meanwhile). If a transaction fails for one bad write, each is retried alone so that it fails
    only its own caller; if the store fails, the whole batch fails at once.

    One thread on SQLite (one writer at a time anyway); several on PostgreSQL, so that a
    connection that hangs holds up only its own batch, for at most the store's timeout. A table's
    writes are waited for one by one, so their order holds.

    With a ``server`` (PostgreSQL), a write of a table is stored only while that server holds the
    table's lease (:class:`LeaseLost` otherwise), and renews it for ``lease`` seconds."""

    def __init__(
        self,
        store: Store,
        batch: int = 256,
        server: str | None = None,
        threads: int | None = None,
        lease: float = 10.0,
    ) -> None:
        self.store = store
        self.batch = batch
        self.server = server
        self.lease = lease
        self.writes = Episode("writes")
        self._queue: queue.SimpleQueue[Pending | None] = queue.SimpleQueue()
        self._stopping = threading.Event()
        self._pruned = time.monotonic()
        self.commits = 0
        self.doubts = 0
        count = threads if threads is not None else (1 if store.sqlite else 4)
        self._threads = [
            threading.Thread(target=self._run, name=f"boneyard-store-{i}", daemon=True)
            for i in range(count)
        ]
        for thread in self._threads:
            thread.start()

    async def write(
        self,
        *ops: Op,
        table: str | None = None,
        doubt: Callable[[], None] | None = None,
        give_up: bool = False,
    ) -> None:
        """Store ``ops`` in one transaction. With ``give_up``, a write whose commit's answer was
        lost and whose outcome stays unknown for the store's timeout raises :class:`Unsettled`
        (carrying the outcome to come) instead of waiting for as long as the store is hung."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        outcome: asyncio.Future[bool] | None = loop.create_future() if give_up else None
        self._queue.put(Pending(ops, table, future, loop, doubt, outcome))
        await future

    def close(self) -> None:
        """Finish the queued writes and stop."""
        for _ in self._threads:
            self._queue.put(None)
        deadline = time.monotonic() + 30
        for thread in self._threads:
            thread.join(timeout=max(0.1, deadline - time.monotonic()))
        self._stopping.set()

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

    def _commit(self, batch: list[Pending], retry: bool = True) -> None:
        marker = secrets.token_hex(16)
        committing = False
        backend: int | None = None
        broken = self.store.watchdog.broken
        if self.store.sqlite and self.writes.failing is not None:
            # A SQLite connection opened while its file could not be written (a read's, too)
            # stays read-only: while writes fail, each attempt opens new ones.
            self.store.engine.dispose()
        try:
            with (
                self.store.engine.connect() as conn,
                self.store.watchdog.guard(conn, self.store.timeout),
            ):
                backend = self.store.backend(conn)
                self._fence(conn, batch)
                for item in batch:
                    for op in item.ops:
                        op(conn)
                stamp = now()
                conn.execute(insert(commits).values(id=marker, at=stamp))
                if time.monotonic() - self._pruned > 600:
                    self._pruned = time.monotonic()
                    conn.execute(delete(commits).where(commits.c.at < stamp - _DAY))
                committing = True
                conn.commit()
        except LeaseLost as lost:
            mine = [p for p in batch if p.table not in lost.table_ids]
            for item in batch:
                if item.table in lost.table_ids:
                    _resolve(item, LeaseLost({item.table}) if item.table else lost)
            if mine:
                self._commit(mine, retry)
            return
        except Exception as e:
            if committing:
                self._doubt(batch, marker, backend, e)
                return
            if _store_failed(e):
                if retry and _disconnected(e) and self.store.watchdog.broken == broken:
                    # A connection the database dropped (it restarted): once more, on a new one.
                    self._commit(batch, retry=False)
                    return
                self._failed(e)
                for item in batch:
                    _resolve(item, StorageError(cause(e)))
                return
            if len(batch) == 1:
                _resolve(batch[0], Refused(cause(e)))
                return
            for item in batch:
                self._commit([item], retry)
            return
        self._stored(batch)

    def _fence(self, conn: Connection, batch: list[Pending]) -> None:
        """Hold the leases of the batch's tables for this transaction, and renew them: a table
        that is written all the time has its lease locked at every round of
        :meth:`Store.heartbeat`, which skips it, so its writes renew it themselves. (Locked in the
        order of their ids, so that two batches never wait for each other.)"""
        if self.server is None:
            return
        wanted = sorted({p.table for p in batch if p.table is not None})
        if not wanted:
            return
        held = [
            r.table_id
            for r in conn.execute(
                select(leases.c.table_id)
                .where(leases.c.owner == self.server, leases.c.table_id.in_(wanted))
                .order_by(leases.c.table_id)
                .with_for_update()
            )
        ]
        if len(held) < len(wanted):
            raise LeaseLost(set(wanted) - set(held))
        conn.execute(
            update(leases)
            .where(leases.c.table_id.in_(held))
            .values(expires=func.now() + literal(timedelta(seconds=self.lease)))
        )

    def _stored(self, batch: list[Pending]) -> None:
        self.commits += 1
        if self.writes.failing is not None:
            self.writes.ok()
            if self.store.sqlite:
                # Fold the log into the database now, so that the space freed goes on serving.
                with contextlib.suppress(Exception), self.store.engine.connect() as conn:
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        for item in batch:
            _resolve(item, None)

    def _failed(self, error: BaseException) -> None:
        self.writes.failed(error)

    def _doubt(
        self, batch: list[Pending], marker: str, backend: int | None, error: BaseException
    ) -> None:
        """A commit whose answer was lost: find out, off the writer's thread, whether it was
        stored; until then each write's ``doubt`` is told, and its caller waits."""
        self.doubts += 1
        self._failed(error)
        log.warning("a commit's answer was lost (%s): reading back what was stored", cause(error))

        def settle() -> None:
            told = False
            given_up = False
            # The outcome is usually read back within a few tries (the hung transaction ended,
            # its process asked to stop); a caller that would rather not wait more hears then.
            give_up_at = time.monotonic() + min(self.store.timeout, 1.0)
            delay = 0.1
            while True:
                try:
                    stored = self.store.settled(marker, backend)
                except Exception:
                    stored = None
                if stored is not None:
                    for item in batch:
                        _resolve(item, None if stored else StorageError(cause(error)))
                        if item.outcome is not None:
                            _settle(item.loop, item.outcome, stored)
                    outcome = "stored" if stored else "not stored"
                    log.warning("the commit whose answer was lost was %s", outcome)
                    return
                if not told:
                    told = True
                    for item in batch:
                        if item.doubt is not None:
                            with contextlib.suppress(RuntimeError):
                                item.loop.call_soon_threadsafe(item.doubt)
                if not given_up and time.monotonic() >= give_up_at:
                    # The store cannot tell yet (its process hung): a caller that would rather
                    # not wait is answered now, and told the outcome when it comes.
                    given_up = True
                    for item in batch:
                        if item.outcome is not None:
                            why = f"the store has not said whether it was stored ({cause(error)})"
                            _resolve(item, Unsettled(why, item.outcome))
                if self._stopping.wait(delay):
                    return
                delay = min(2.0, delay * 2)

        threading.Thread(target=settle, name="boneyard-store-doubt", daemon=True).start()


_DAY = timedelta(days=1)


def _store_failed(error: BaseException) -> bool:
    """Whether a failure is the store's (down, hung, read-only, full, locked) rather than one
    write's: a key already taken, a value the database refuses (NUL in PostgreSQL's text), or
    one its driver cannot even send (a lone surrogate, which no UTF-8 encoder takes; a number
    too large), which fails the same way whatever the store's health."""
    if isinstance(error, exc.IntegrityError | exc.ProgrammingError | exc.DataError):
        return False
    if isinstance(error, exc.StatementError) and not isinstance(error, exc.DBAPIError):
        return False  # a parameter SQLAlchemy could not process
    return not isinstance(error, ValueError | TypeError | OverflowError)


def _disconnected(error: BaseException) -> bool:
    return isinstance(error, exc.DBAPIError) and error.connection_invalidated


def _settle(loop: asyncio.AbstractEventLoop, outcome: asyncio.Future[bool], stored: bool) -> None:
    def done() -> None:
        if not outcome.done():
            outcome.set_result(stored)

    with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting any more
        loop.call_soon_threadsafe(done)


def _resolve(item: Pending, error: Exception | None) -> None:
    def done() -> None:
        if item.future.done():
            return
        if error is None:
            item.future.set_result(None)
        else:
            item.future.set_exception(error)

    with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting any more
        item.loop.call_soon_threadsafe(done)
