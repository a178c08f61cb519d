"""The server under injected faults of its store: SQLite read-only then writable again, SQLite
full then with room again, SQLite locked by another process, PostgreSQL stopped and started
mid-hand, the answer to one COMMIT lost on the way (a TCP proxy drops it), a database connection
paused past the store's timeout, one table's writes stuck while another's go on, and three server
processes on one PostgreSQL store, one killed mid-hand.

In each: no acknowledged move is lost, no move is applied that was not stored (a ``storage``
refusal means nothing was stored), and every reader's state after recovery is what the store holds.
The figures (how long a refusal takes) are asserted against the store's timeout, loosely: the
machine is shared."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient
from serverhelp import (
    Player,
    PostgresCluster,
    Server,
    WsSeat,
    create,
    fresh_database,
    hub,
    settings,
)
from sqlalchemy import event

from boneyard.apps.server.app import create_app
from boneyard.apps.server.hub import Hub
from boneyard.apps.server.store import Store, Writer
from boneyard.apps.server.table import Table

pytestmark = [pytest.mark.timeout(240)]

T = TypeVar("T")

TIMEOUT = 1.0
"""The store's timeout in these tests (5 s by default)."""


def stored_matches(h: Hub, table_id: str, player: Player) -> None:
    """The table in memory is the table in the store: the same moves, and every reader's view of
    it read back from the store equals the view it is sent. (Compared once ``player`` must
    choose: then nothing moves by itself.)"""
    player.wait_choice()
    stored = h.store.load(table_id)
    assert stored is not None
    again = Table.restore(stored)
    table = h.rooms[table_id].table
    assert again.public_record() == table.public_record()
    for seat in [None, *range(len(table.seats))]:
        assert again.view(seat).model_dump(exclude={"chat"}) == table.view(seat).model_dump(
            exclude={"chat"}
        )


@contextlib.contextmanager
def seated(c: TestClient, made: dict[str, Any]) -> Iterator[Player]:
    """Ann (seat 0) at her table, her first choice before her."""
    with c.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        assert ann.wait_choice()
        yield ann


def logged_once(caplog: pytest.LogCaptureFixture, why: str) -> None:
    """The writes' failing episode was logged once, with its cause, and so was its end."""
    messages = [r.getMessage() for r in caplog.records]
    failures = [m for m in messages if "the store fails (writes)" in m]
    assert len(failures) == 1 and why in failures[0], failures
    assert len([m for m in messages if "the store works again (writes)" in m]) == 1


def writes_settled(h: Hub, quiet: float = 0.5, limit: float = 10.0) -> None:
    """Until the server's writer has committed nothing for ``quiet`` seconds."""
    assert h.writer is not None
    seen, since, end = h.writer.commits, time.monotonic(), time.monotonic() + limit
    while time.monotonic() - since < quiet:
        assert time.monotonic() < end, "the writer never went quiet"
        time.sleep(0.05)
        if h.writer.commits != seen:
            seen, since = h.writer.commits, time.monotonic()


def timed_play(player: Player) -> tuple[dict[str, Any], float]:
    t = time.monotonic()
    reply = player.play()
    return reply, time.monotonic() - t


def moves_of(reader: Player | dict[str, Any]) -> int:
    """The moves of the hand a reader (or a state) has seen."""
    state = reader.state if isinstance(reader, Player) else reader
    assert state is not None
    return int(state["move"])


# ------------------------------------------------------------------------------ SQLite
@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """The file can no longer be written: immutable (as root, whom permissions do not stop) or
    read-only by its permissions."""
    if os.geteuid() == 0:
        if shutil.which("chattr") is None:
            pytest.skip("no chattr to make a file read-only for root")
        if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
            pytest.skip("this file system cannot make a file immutable")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        path.chmod(0o444)
        try:
            yield
        finally:
            path.chmod(0o644)


def test_sqlite_read_only_then_writable_again_without_a_restart(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "store.db"
    caplog.set_level(logging.INFO, logger="boneyard.server")
    with TestClient(create_app(settings(f"sqlite:///{db}", store_timeout=TIMEOUT))) as c:
        h = hub(c)
        made = create(c)
        with seated(c, made) as ann:
            assert ann.play()["type"] == "ack"
            assert ann.wait_choice()
            before = moves_of(ann)
            with read_only(db):
                # The open connections keep their write access; those opened now have none.
                h.store.engine.dispose()
                for _ in range(2):
                    reply, took = timed_play(ann)
                    assert reply["code"] == "storage", reply
                    assert took < TIMEOUT + 2
                    assert moves_of(ann.fresh()) == before  # nothing applied
                health = c.get("/healthz")
                assert health.status_code == 503
                assert "readonly" in health.json()["cause"]
                # Reading still works: the lobby and the table answer.
                assert c.get("/api/tables").status_code == 200
                assert c.get(f"/api/tables/{made['id']}").status_code == 200
            # Writable again: the same move goes through, with no restart.
            assert ann.play()["type"] == "ack"
            assert moves_of(ann) > before
            assert c.get("/healthz").status_code == 200
            stored_matches(h, made["id"], ann)
    logged_once(caplog, "readonly")


@contextlib.contextmanager
def disk_full(store: Store) -> Iterator[None]:
    """No room left: every transaction fails at its last statement (its mark, after the move's own
    rows) as SQLite fails when it cannot grow its files, ``database or disk is full``."""

    def refuse(*args: Any) -> None:
        statement: str = args[2]
        if statement.startswith("INSERT INTO commits"):
            raise sqlite3.OperationalError("database or disk is full")

    event.listen(store.engine, "before_cursor_execute", refuse)
    try:
        yield
    finally:
        event.remove(store.engine, "before_cursor_execute", refuse)


def test_sqlite_full_then_with_room_again_without_a_restart(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "store.db"
    caplog.set_level(logging.INFO, logger="boneyard.server")
    with TestClient(create_app(settings(f"sqlite:///{db}", store_timeout=TIMEOUT))) as c:
        h = hub(c)
        made = create(c)
        with seated(c, made) as ann:
            before = moves_of(ann)
            with disk_full(h.store):
                for _ in range(2):
                    reply, took = timed_play(ann)
                    assert reply["code"] == "storage", reply
                    assert took < TIMEOUT  # at once: the store refused, nothing hung
                    assert moves_of(ann.fresh()) == before  # nothing applied ...
                    stored = h.store.load(made["id"])
                    assert (
                        stored is not None and len(stored.hands[-1].moves) == before
                    )  # nor stored
                health = c.get("/healthz")
                assert health.status_code == 503
                assert "disk is full" in health.json()["cause"]
                assert c.get(f"/api/tables/{made['id']}").status_code == 200
            # Room again: the same move is stored (its index was not taken by the failed tries),
            # and the log is folded into the database at once, so that the room freed goes on
            # serving.
            statements: list[str] = []
            event.listen(
                h.store.engine,
                "before_cursor_execute",
                lambda *args: statements.append(args[2]),
            )
            assert ann.play()["type"] == "ack"
            assert moves_of(ann) == before + 1
            assert "PRAGMA wal_checkpoint(TRUNCATE)" in statements
            assert c.get("/healthz").status_code == 200
            stored_matches(h, made["id"], ann)
    logged_once(caplog, "disk is full")


def test_sqlite_locked_by_another_process_refuses_within_the_timeout(tmp_path: Path) -> None:
    db = tmp_path / "store.db"
    with TestClient(create_app(settings(f"sqlite:///{db}", store_timeout=TIMEOUT))) as c:
        h = hub(c)
        made = create(c)
        with seated(c, made) as ann:
            before = moves_of(ann)
            # The server may be storing its bookkeeping in the background right now: wait for
            # that write to end (SQLite's busy timeout) rather than fail to take the lock.
            other = sqlite3.connect(db, timeout=10, isolation_level=None)
            other.execute("BEGIN EXCLUSIVE")
            try:
                reply, took = timed_play(ann)
                assert reply["code"] == "storage", reply
                assert TIMEOUT * 0.8 < took < TIMEOUT + 2
                print(f"SQLite locked: refused after {took:.2f} s (timeout {TIMEOUT:g} s)")
                assert moves_of(ann.fresh()) == before
                health = c.get("/healthz")  # a write cannot be taken: not healthy
                assert health.status_code == 503
                assert "locked" in health.json()["cause"]
            finally:
                other.rollback()
                other.close()
            assert ann.play()["type"] == "ack"
            stored_matches(h, made["id"], ann)


# ------------------------------------------------------------------------------ PostgreSQL
class CommitProxy:
    """A TCP proxy in front of PostgreSQL's Unix socket, armed to meddle with one COMMIT: each
    connection is carried by :meth:`_carry`."""

    def __init__(self, target: Path) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.armed = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.socket(socket.AF_UNIX)
            server.connect(str(self.target))
            self._carry(client, server)

    def _carry(self, client: socket.socket, server: socket.socket) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.listener.close()


class DropCommitReply(CommitProxy):
    """Once armed, lets through the next COMMIT of a transaction that stored a move, then cuts
    the connection before its answer comes back: the move is stored, and the server does not
    know it."""

    def __init__(self, target: Path) -> None:
        self.dropped = 0
        super().__init__(target)

    def _carry(self, client: socket.socket, server: socket.socket) -> None:
        muted = threading.Event()
        threading.Thread(target=self._up, args=(client, server, muted), daemon=True).start()
        threading.Thread(target=self._down, args=(server, client, muted), daemon=True).start()

    def _up(self, client: socket.socket, server: socket.socket, muted: threading.Event) -> None:
        moved = False
        with contextlib.suppress(OSError):
            while data := client.recv(65536):
                moved = moved or b"INSERT INTO actions" in data
                if moved and b"COMMIT" in data and self.armed.is_set():
                    self.armed.clear()
                    self.dropped += 1
                    muted.set()
                    server.sendall(data)
                    time.sleep(0.3)  # the database commits ...
                    for s in (client, server):  # ... and its answer never arrives
                        with contextlib.suppress(OSError):
                            s.shutdown(socket.SHUT_RDWR)
                    return
                server.sendall(data)
                if b"COMMIT" in data:
                    moved = False

    def _down(self, server: socket.socket, client: socket.socket, muted: threading.Event) -> None:
        with contextlib.suppress(OSError):
            while data := server.recv(65536):
                if not muted.is_set():
                    client.sendall(data)
        with contextlib.suppress(OSError):
            client.shutdown(socket.SHUT_RDWR)


def tcp_url(cluster: PostgresCluster, port: int, database: str) -> str:
    return f"postgresql+psycopg://postgres@127.0.0.1:{port}/{database}?sslmode=disable"


P = TypeVar("P", bound=CommitProxy)


def database_behind(cluster: PostgresCluster, make_proxy: Callable[[Path], P]) -> tuple[P, str]:
    """A fresh database reached through the proxy ``make_proxy`` builds on the cluster's
    socket: the proxy and the URL that goes through it."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    fresh_database(cluster.url, name)
    proxy = make_proxy(cluster.socket_path)
    return proxy, tcp_url(cluster, proxy.port, name)


@pytest.mark.xdist_group("postgres")
def test_a_lost_commit_answer_is_read_back_and_the_move_acknowledged_once(
    postgres_cluster: PostgresCluster,
) -> None:
    proxy, url = database_behind(postgres_cluster, DropCommitReply)
    try:
        with TestClient(create_app(settings(url, store_timeout=TIMEOUT, lease=60))) as c:
            h = hub(c)
            made = create(c)
            with seated(c, made) as ann:
                for round in range(4):
                    assert ann.wait_choice()
                    before = moves_of(ann)
                    if round == 1:
                        proxy.armed.set()
                    reply = ann.play()
                    assert reply["type"] == "ack", reply  # never "storage": it was stored
                    assert reply["move"] == before + 1
                assert proxy.dropped == 1
                assert h.writer is not None and h.writer.doubts == 1
                errors = [m for m in ann.seen if m["type"] == "error"]
                assert errors == []
                stored_matches(h, made["id"], ann)
    finally:
        proxy.close()


class PauseAtBookkeepingCommit(CommitProxy):
    """Once armed, lets through the next COMMIT of a transaction of bookkeeping only (a person
    acted, a seat joined: no move), waits for the database to commit it, then pauses
    (``SIGSTOP``) that database process and drops its answer: the write is stored, the server
    does not know it, and the process that holds the transaction can be neither asked nor
    stopped (``pg_terminate_backend`` acts only once it runs), so the read-back of the outcome
    cannot finish while it is paused. With ``moves``, the same at the COMMIT of a move."""

    def __init__(self, target: Path, moves: bool = False) -> None:
        self.paused: list[int] = []
        self.moves = moves
        super().__init__(target)

    def _held(self, sent: bytes) -> bool:
        """Whether the transaction ``sent`` so far is the kind to hold."""
        move = b"INSERT INTO actions" in sent
        if self.moves:
            return move
        return (b"SET acted" in sent or b"SET joined" in sent) and not move

    def _carry(self, client: socket.socket, server: socket.socket) -> None:
        link = {"pid": 0, "held": threading.Event(), "committed": threading.Event()}
        threading.Thread(target=self._up, args=(client, server, link), daemon=True).start()
        threading.Thread(target=self._down, args=(server, client, link), daemon=True).start()

    def _up(self, client: socket.socket, server: socket.socket, link: dict[str, Any]) -> None:
        sent = b""
        with contextlib.suppress(OSError):
            while data := client.recv(65536):
                sent += data
                if b"COMMIT" in data and self._held(sent) and self.armed.is_set():
                    self.armed.clear()
                    link["held"].set()
                    server.sendall(data)
                    committed = link["committed"].wait(10)
                    assert committed and link["pid"] > 0, "the database never committed"
                    os.kill(link["pid"], signal.SIGSTOP)
                    self.paused.append(link["pid"])
                    continue  # the connection stays open: its process is merely paused
                server.sendall(data)
                if b"COMMIT" in data:
                    sent = b""

    def _down(self, server: socket.socket, client: socket.socket, link: dict[str, Any]) -> None:
        with contextlib.suppress(OSError):
            while data := server.recv(65536):
                if not link["pid"] and (at := data.find(b"K\x00\x00\x00\x0c")) >= 0:
                    # BackendKeyData: the database process serving this connection.
                    link["pid"] = int.from_bytes(data[at + 5 : at + 9], "big")
                if link["held"].is_set():
                    link["committed"].set()  # the COMMIT's answer: kept from the server
                    continue
                client.sendall(data)
        with contextlib.suppress(OSError):
            client.shutdown(socket.SHUT_RDWR)

    def resume(self) -> None:
        for pid in self.paused:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)

    def close(self) -> None:
        self.resume()
        super().close()


def within(seconds: float, do: Callable[[], T]) -> tuple[T, float]:
    """``do()`` and how long it took, failing (rather than hanging) past ``seconds``."""
    done: list[T] = []
    t = time.monotonic()
    worker = threading.Thread(target=lambda: done.append(do()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert done, f"no answer within {seconds:g} s"
    return done[0], time.monotonic() - t


@pytest.mark.xdist_group("postgres")
def test_a_bookkeeping_write_whose_answer_is_lost_holds_up_no_message(
    postgres_cluster: PostgresCluster, caplog: pytest.LogCaptureFixture
) -> None:
    """The database stops answering at the COMMIT of a ``hello``'s bookkeeping (the seat joined,
    the person acted), and its process can be neither asked nor stopped: the read-back of that
    outcome waits for it, but nobody waits for the read-back. The hello is answered, and the
    player's next messages (a ping, a move) within the timeout."""
    proxy, url = database_behind(postgres_cluster, PauseAtBookkeepingCommit)
    bound = TIMEOUT + 2.5
    try:
        with TestClient(create_app(settings(url, store_timeout=TIMEOUT, lease=60))) as c:
            h = hub(c)
            made = create(c)
            with c.websocket_connect(f"/ws/{made['id']}") as ws:
                ann = Player(ws)
                proxy.armed.set()
                within(bound, lambda: ann.hello(made["seats"][0]["token"]))
                assert within(bound, ann.wait_choice)[0]
                # The commit held, its connection broken after the timeout: read back since.
                assert h.writer is not None
                deadline = time.monotonic() + 30
                while not (proxy.paused and h.writer.doubts):
                    assert time.monotonic() < deadline, "no bookkeeping commit was held"
                    time.sleep(0.05)
                within(bound, ann.fresh)  # a ping answered
                before = moves_of(ann)
                reply, took = within(bound, ann.play)
                assert reply["type"] == "ack", reply
                assert reply["move"] == before + 1
                print(f"bookkeeping held: the next move acknowledged after {took:.2f} s")
                assert h.writer.doubts == 1  # still in doubt, read back meanwhile
                proxy.resume()
                # Once the database process runs again, the outcome is read back: stored.
                deadline = time.monotonic() + 30
                read_back = "the commit whose answer was lost was stored"
                while read_back not in caplog.text:
                    assert time.monotonic() < deadline, "the outcome was never read back"
                    time.sleep(0.1)
                assert ann.wait_choice()
                assert ann.play()["type"] == "ack"
                stored_matches(h, made["id"], ann)
                stored = h.store.load(made["id"])
                assert stored is not None and stored.seats[0].joined
    finally:
        proxy.close()


@pytest.mark.xdist_group("postgres")
def test_a_move_whose_outcome_the_store_cannot_tell_holds_up_no_table(
    postgres_cluster: PostgresCluster, caplog: pytest.LogCaptureFixture
) -> None:
    """The database stops answering at the COMMIT of a move, and its process can be neither
    asked nor stopped, so whether the move was stored cannot be read back. The mover is told
    ``pending``; the table's lock is not held meanwhile: a ping, a chat line and the same move
    sent again are answered within the timeout (the move refused with ``storage``: nothing else
    is played until the first one is known). Once the database runs again, the move is read
    back as stored, then applied, acknowledged and shown, and the table goes on."""
    proxy, url = database_behind(
        postgres_cluster, lambda path: PauseAtBookkeepingCommit(path, moves=True)
    )
    bound = TIMEOUT + 2.5
    try:
        with TestClient(create_app(settings(url, store_timeout=TIMEOUT, lease=60))) as c:
            h = hub(c)
            made = create(c)
            with seated(c, made) as ann:
                state = ann.state
                assert state is not None
                before = moves_of(ann)
                move = state["moves"][0]["action"]
                proxy.armed.set()
                ann.send(type="move", action=move, hand=state["hand"], seen=before, id=41)
                told = within(2 * bound, lambda: ann.until(lambda m: m["type"] in ("ack", "error")))
                assert told[0]["type"] == "error" and told[0]["code"] == "pending", told[0]
                assert proxy.paused, "the move's commit was not held"
                # The outcome is still unknown (the process is paused): nobody waits for it.
                room = h.rooms[made["id"]]
                deadline = time.monotonic() + 2 * bound
                while room.unsettled is None:
                    assert time.monotonic() < deadline, "the move was never let go of"
                    time.sleep(0.05)
                within(bound, ann.fresh)  # a ping answered
                ann.send(type="chat", text="still here", id=42)
                # Shown, or refused (its write may meet the connection the store hung on).
                said = within(
                    bound, lambda: ann.until(lambda m: m["type"] == "chat" or m.get("id") == 42)
                )
                assert said[0]["type"] == "chat" or said[0]["code"] == "storage", said[0]
                ann.send(type="move", action=move, hand=state["hand"], seen=before, id=43)
                again, took = within(bound, lambda: ann.until(lambda m: m.get("id") == 43))
                assert again["type"] == "error" and again["code"] == "storage", again
                assert "not yet said" in again["message"]
                assert moves_of(ann) == before  # nothing applied while unknown
                print(f"a move in doubt: the same move again refused after {took:.2f} s")
                proxy.resume()
                # Once the database process runs again: stored, applied, acknowledged, shown.
                ack = within(30, lambda: ann.until(lambda m: m["type"] == "ack"))[0]
                assert ack["id"] == 41 and ack["move"] == before + 1, ack
                assert "the commit whose answer was lost was stored" in caplog.text
                shown = ann.until(lambda m: m["type"] == "state")  # the move follows its ack
                assert moves_of(shown) >= before + 1
                assert ann.wait_choice()
                again = ann.play()
                assert again["type"] == "ack", again  # the table goes on
                assert not [m for m in ann.seen if m["type"] == "error" and m["code"] == "illegal"]
                stored_matches(h, made["id"], ann)
    finally:
        proxy.close()


def backends(cluster: PostgresCluster, database: str) -> dict[int, str]:
    """The server's connections (its database processes) and their state (``idle``, ``idle in
    transaction``, ``active``)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(cluster.url)
    with engine.connect() as conn:
        found = {
            int(r[0]): str(r[1])
            for r in conn.execute(
                # The server's connections only: not an autovacuum worker, which paused could
                # hold a lock that every insert waits for (truncating a table's end).
                text(
                    "SELECT pid, state FROM pg_stat_activity WHERE datname = :d "
                    "AND backend_type = 'client backend'"
                ),
                {"d": database},
            )
        }
    engine.dispose()
    return found


def pause_between_transactions(cluster: PostgresCluster, database: str) -> list[int]:
    """Pause (``SIGSTOP``) every connection the server has open, caught between two
    transactions: the database stops answering, but holds no lock of the server's. (A process
    stopped inside a transaction holds its row locks, here the table's lease, until it runs
    again: nothing can take them from it, neither ``pg_terminate_backend``, a signal it acts
    on only once it runs, nor its own timeouts; that table's writes are then stuck, and are
    refused within the timeout every time, as ``test_one_table_stuck_holds_up_no_other`` shows
    of a lock held.) A player's first choice is shown as the computer's move is stored, while
    the writes of her ``hello`` may still be under way: paused among them, try again."""
    for _ in range(100):
        paused = list(backends(cluster, database))
        assert paused
        for pid in paused:
            os.kill(pid, signal.SIGSTOP)
        states = backends(cluster, database)
        if all(states.get(pid) == "idle" for pid in paused):
            return paused
        for pid in paused:
            os.kill(pid, signal.SIGCONT)
        time.sleep(0.05)
    raise AssertionError("the server's connections were never all between transactions")


@pytest.mark.xdist_group("postgres")
def test_a_paused_database_connection_costs_one_refusal_within_the_timeout(
    postgres_cluster: PostgresCluster,
) -> None:
    name = f"t_{uuid.uuid4().hex[:12]}"
    url = fresh_database(postgres_cluster.url, name)
    with TestClient(create_app(settings(url, store_timeout=TIMEOUT, lease=60))) as c:
        h = hub(c)
        made = create(c)
        with seated(c, made) as ann:
            # Every connection the server has open stops answering.
            paused = pause_between_transactions(postgres_cluster, name)
            try:
                before = moves_of(ann)
                reply, took = timed_play(ann)
                # Refused within the timeout (or, on a new connection, taken at once)...
                if reply["type"] == "error":
                    assert reply["code"] == "storage", reply
                    assert took < TIMEOUT + 2.5
                    print(f"paused: refused after {took:.2f} s (timeout {TIMEOUT:g} s)")
                    assert moves_of(ann.fresh()) == before
                    # ... and the next try goes through on a new connection, while the paused
                    # ones still hang.
                    reply, took = timed_play(ann)
                assert reply["type"] == "ack", reply
                assert took < TIMEOUT + 2.5
                print(f"paused: then acknowledged after {took:.2f} s")
            finally:
                for pid in paused:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGCONT)
            assert ann.wait_choice()
            assert ann.play()["type"] == "ack"
            stored_matches(h, made["id"], ann)


@pytest.mark.xdist_group("postgres")
def test_one_table_stuck_holds_up_no_other(postgres_cluster: PostgresCluster) -> None:
    """Another transaction holds a lock that one table's writes need: that table's move is
    refused after the timeout, while another table's moves are stored at once meanwhile."""
    from sqlalchemy import create_engine, text

    name = f"t_{uuid.uuid4().hex[:12]}"
    url = fresh_database(postgres_cluster.url, name)
    with TestClient(create_app(settings(url, store_timeout=TIMEOUT, lease=60))) as c:
        h = hub(c)
        stuck, free = create(c), create(c, seed=8)
        locker = create_engine(url)
        with (
            seated(c, stuck) as ann,
            seated(c, free) as bea,
            locker.connect() as other,
        ):
            before = moves_of(ann)
            other.execute(
                text("SELECT 1 FROM leases WHERE table_id = :t FOR UPDATE"), {"t": stuck["id"]}
            )
            s = ann.state
            assert s is not None
            sent = time.monotonic()
            ann.send(type="move", action=s["moves"][0]["action"], hand=s["hand"], seen=s["move"])
            time.sleep(0.1)  # Ann's write is under way (its batch taken) before Bea's
            took = []
            for _ in range(3):
                assert bea.wait_choice()
                reply, seconds = timed_play(bea)
                assert reply["type"] == "ack", reply
                took.append(seconds)
            refused = ann.until(lambda m: m["type"] in ("ack", "error"))
            waited = time.monotonic() - sent
            assert refused["code"] == "storage", refused
            assert TIMEOUT * 0.8 < waited < TIMEOUT + 2
            assert max(took) < TIMEOUT / 2, took
            print(f"stuck: refused after {waited:.2f} s; the other table's moves {max(took):.3f} s")
            assert moves_of(ann.fresh()) == before
            other.rollback()
            assert ann.wait_choice()
            assert ann.play()["type"] == "ack"
            stored_matches(h, stuck["id"], ann)
            stored_matches(h, free["id"], bea)
        locker.dispose()


@pytest.mark.xdist_group("postgres")
def test_a_table_written_all_the_time_keeps_its_lease(postgres_cluster: PostgresCluster) -> None:
    """A busy table's lease is locked by one of its writes at almost every round of renewal
    (which skips the leases it would wait for): its writes renew it themselves, so that no other
    process takes it from a process that plays it."""
    url = fresh_database(postgres_cluster.url, f"t_{uuid.uuid4().hex[:12]}")
    store = Store(url)
    store.migrate()
    store.heartbeat("a", "http://a.example", 1.0)  # no further round: only the writes renew
    assert store.claim("busy", "a", 1.0)
    writer = Writer(store, server="a", lease=1.0)

    async def play() -> None:
        for _ in range(12):
            await writer.write(table="busy")  # the table's fence and a mark, nothing more
            await asyncio.sleep(0.2)

    try:
        asyncio.run(play())  # 2.4 s: the lease of 1 s would have run out twice
        assert not store.claim("busy", "b", 1.0)
        assert store.owner("busy") == ("a", "http://a.example")
    finally:
        writer.close()
        store.close()


@pytest.mark.xdist_group("postgres")
def test_postgres_stopped_and_started_mid_hand(
    postgres_cluster: PostgresCluster, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="boneyard.server")
    name = f"t_{uuid.uuid4().hex[:12]}"
    url = fresh_database(postgres_cluster.url, name)
    with TestClient(create_app(settings(url, store_timeout=TIMEOUT, lease=60))) as c:
        h = hub(c)
        # A finished table, no longer in memory: its readers are served from the store.
        done = create(
            c,
            seats=[{"kind": "computer", "level": "greedy"}] * 2,
            target=1,
        )
        for _ in range(200):
            if h.rooms[done["id"]].table.status == "over":
                break
            time.sleep(0.05)
        assert h.rooms[done["id"]].table.status == "over"
        del h.rooms[done["id"]]
        h.idle.pop(done["id"], None)
        made = create(c)
        with seated(c, made) as ann:
            assert ann.play()["type"] == "ack"
            assert ann.wait_choice()
            before = moves_of(ann)
            # A commit on its way when the server stops is a second, honest episode (it failed,
            # the next one passed before the stop was complete): the halt waits for quiet.
            writes_settled(h)
            postgres_cluster.halt()
            try:
                reply, took = timed_play(ann)
                assert reply["code"] == "storage", reply
                assert took < TIMEOUT + 2
                assert moves_of(ann.fresh()) == before
                assert c.get("/healthz").status_code == 503
                assert c.get("/api/tables").status_code == 503
                assert c.get(f"/api/tables/{done['id']}").status_code == 503
                # The finished table's websocket is closed with a reason, not dropped.
                with c.websocket_connect(f"/ws/{done['id']}") as gone:
                    error = gone.receive_json()
                    assert error["code"] == "storage"
                    closing = gone.receive()
                    assert closing["type"] == "websocket.close" and closing["code"] == 1013
                # A rename in hello is refused in words, not dropped.
                with c.websocket_connect(f"/ws/{made['id']}") as again:
                    annie = Player(again)
                    annie.hello(made["seats"][0]["token"], name="Annie")
                    (refused,) = [m for m in annie.seen if m["type"] == "error"]
                    assert refused["code"] == "storage" and "Annie" in refused["message"]
                    assert annie.fresh()["seats"][0]["name"] == "Ann"
            finally:
                postgres_cluster.resume()
        # Ann's first connection was replaced by the second: she comes back.
        with seated(c, made) as ann:
            assert moves_of(ann) == before
            assert ann.play()["type"] == "ack"
            assert c.get("/healthz").status_code == 200
            assert c.get(f"/api/tables/{done['id']}").json()["status"] == "over"
            stored_matches(h, made["id"], ann)
        # With the store back, the finished table's websocket is served from it.
        del h.rooms[done["id"]]
        h.idle.pop(done["id"], None)
        with c.websocket_connect(f"/ws/{done['id']}") as ws:
            reader = Player(ws)
            reader.hello()
            assert reader.state is not None and reader.state["status"] == "over"
    logged_once(caplog, "")


# ------------------------------------------------------------------------------ processes
@pytest.mark.xdist_group("postgres")
def test_three_processes_share_a_store_and_take_over_a_killed_ones_tables(
    postgres_cluster: PostgresCluster, tmp_path: Path
) -> None:
    name = f"t_{uuid.uuid4().hex[:12]}"
    url = fresh_database(postgres_cluster.url, name)
    log = tmp_path / "servers.log"
    lease = 3.0
    extra = ("--lease", str(lease), "--workers", "0", "--log-level", "warning")
    # Three first starts at once on an empty database: one migrates, the others wait for it.
    servers: list[Server] = []

    def start() -> None:
        servers.append(Server(url, log, *extra))

    starting = [threading.Thread(target=start) for _ in range(3)]
    for t in starting:
        t.start()
    for t in starting:
        t.join()
    try:
        assert len(servers) == 3
        first, second, third = servers
        made = first.post(
            "/api/tables",
            {
                "game": "draw",
                "seats": [
                    {"kind": "person", "name": "Ann"},
                    {"kind": "computer", "level": "greedy"},
                ],
                "seed": 11,
                "target": 300,
            },
        )
        table_id, token = made["id"], made["seats"][0]["token"]
        # Readers reaching other processes are relayed to the one that plays the table.
        assert second.get(f"/api/tables/{table_id}")["id"] == table_id
        assert table_id in [t["id"] for t in third.get("/api/tables")["open"]]
        with second.ws(table_id) as ws, third.ws(table_id) as watching:
            ann = WsSeat(ws, token)
            watcher = Watcher(watching)
            ann.send(type="chat", text="hello from the second process")
            line = watcher.until(lambda m: m["type"] == "chat")
            assert line["text"] == "hello from the second process"
            for _ in range(3):
                assert ann.wait_choice()
                ann.play()
            assert ann.wait_choice()
            before = ann.state
        first.kill()  # mid-hand, without warning
        killed = time.monotonic()
        state = None
        while state is None:
            assert time.monotonic() - killed < lease * 4, "nobody took the table over"
            with contextlib.suppress(Exception), second.ws(table_id) as ws:
                ann = WsSeat(ws, token)
                state = ann.state
                took = time.monotonic() - killed
                for key in ("hand", "move", "tiles", "moves", "line", "stock", "sheet", "log"):
                    assert state[key] == before[key], key
                while ann.wait_choice():
                    ann.play()
                assert ann.state["status"] == "between_hands"
            time.sleep(0.2)
        assert took < lease * 3
        record = third.get(f"/api/tables/{table_id}/record")
        assert len(record["hands"]) == 1
        print(f"table taken over {took:.1f} s after its process was killed (lease {lease:g} s)")
    finally:
        for s in servers:
            s.stop()


class Watcher:
    """A spectator over a real websocket."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.ws.send(json.dumps({"v": 1, "type": "hello"}))

    def until(self, check: Any) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(self.ws.recv(timeout=30))
            if check(message):
                return message
