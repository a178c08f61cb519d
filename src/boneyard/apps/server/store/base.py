"""The store's database: its engine, connections bounded in time (:meth:`StoreBase.reading`,
:meth:`StoreBase.writing`), its schema made or upgraded by the Alembic migrations in
``migrations/`` (:meth:`StoreBase.migrate`), and a SQLite file held by one server process."""

from __future__ import annotations

import contextlib
import math
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url

from .faults import Episode, StoreRefused, Watchdog, cause, shown, unsecret

__all__ = ["StoreBase"]

_LOCKS: dict[str, tuple[int, int]] = {}
"""The SQLite files this process holds the lock of: the descriptor, and how many stores share it."""
_LOCKS_GUARD = threading.Lock()

MIGRATION_LOCK = 0x626F6E65  # "bone": the advisory lock under which PostgreSQL is migrated


class StoreBase:
    """The database of one server, what every part of the store reads and writes through. Every
    operation gives up after ``timeout`` seconds (see docs/server.md, "When the store fails")."""

    def __init__(self, url: str, timeout: float = 5.0) -> None:
        """A store on ``url`` (nothing is asked of the database yet: :meth:`open`);
        :class:`StoreRefused` if ``url`` is no store's address."""
        self.url = url
        self.timeout = timeout
        try:
            self.engine = self._engine(url, timeout)
        except Exception as e:  # a malformed URL, an unknown database, a missing driver
            raise StoreRefused(
                f"--db {unsecret(url)} is not a store's address ({cause(e)}): give a SQLite "
                "file or a URL such as postgresql+psycopg://user:secret@host/boneyard"
            ) from None
        self.shown = shown(self.engine)
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
