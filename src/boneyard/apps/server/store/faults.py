"""When the store fails: the errors a caller hears (a store that cannot be served, a write that was
not stored, refused, unsettled or fenced off by a lease), a failure in a few words, each kind of
failure logged once per episode (:class:`Episode`), and the :class:`Watchdog` that breaks a
connection which has not answered in time (see docs/server.md, "When the store fails")."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

from sqlalchemy import Connection, Engine, exc

__all__ = [
    "Episode",
    "LeaseLost",
    "Refused",
    "StorageError",
    "StoreRefused",
    "Unsettled",
    "Watchdog",
    "cause",
    "shown",
    "unsecret",
]

log = logging.getLogger("boneyard.server")


class StoreRefused(RuntimeError):
    """A store that cannot be served: a URL that is no store's, a database that cannot be read
    or written or does not answer, a SQLite file another server holds. The message is one
    sentence, all that ``boneyard serve`` prints before it exits."""


def unsecret(url: str) -> str:
    """A URL as given, without the password it may hold (``user:***@``)."""
    return re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", url)


def shown(engine: Engine) -> str:
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
