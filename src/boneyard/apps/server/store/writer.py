"""The store's writer: threads that run the tables' writes in small batches, one transaction each
(a group commit), and tell each waiting move when its write is durable, or that nothing of it was
stored; a commit whose answer was lost is read back (see :class:`Writer`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING

from sqlalchemy import Connection, delete, exc, func, insert, literal, select, update

from .faults import Episode, LeaseLost, Refused, StorageError, Unsettled, cause
from .schema import commits, leases
from .values import Op, now

if TYPE_CHECKING:
    from . import Store

__all__ = ["Pending", "Writer"]

log = logging.getLogger("boneyard.server")


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
                    # Said before the callers hear it, so the log never lags an answer.
                    outcome = "stored" if stored else "not stored"
                    log.warning("the commit whose answer was lost was %s", outcome)
                    for item in batch:
                        _resolve(item, None if stored else StorageError(cause(error)))
                        if item.outcome is not None:
                            _settle(item.loop, item.outcome, stored)
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
