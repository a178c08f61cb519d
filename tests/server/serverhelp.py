"""Helpers for the server's tests: an app on a temporary SQLite file (or any URL) with no delays,
tables made through the REST API, and players that talk to a table over a websocket.

(Imported by the server's test modules; a ``conftest.py`` here would shadow the suite's own, so
the fixtures ``db_url`` and ``client`` are in tests/conftest.py.)"""

from __future__ import annotations

import contextlib
import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from websockets.sync.client import ClientConnection, connect

from boneyard.apps.server.app import Hub, Settings
from boneyard.apps.server.table import Table
from boneyard.core.tiles import HIGH, LOW, parse_tile

MIGRATIONS = Path(__file__).parents[2] / "src/boneyard/apps/server/store/migrations/versions"
HEAD_REVISION = max(p.name.split("_")[0] for p in MIGRATIONS.glob("[0-9]*_*.py"))
"""The newest revision of the store's schema (the file names' numbers): what an upgrade reaches."""

Message = dict[str, Any]


def settings(db: str, **changes: Any) -> Settings:
    base = Settings(
        db=db,
        computer_delay=0,
        forced_delay=0,
        deal_delay=0,
        rate=1000,
        burst=1000,
        workers=0,  # the computers think in threads here: no worker processes to start
        hint_rate=1000,
        hint_burst=1000,
    )
    for key, value in changes.items():
        setattr(base, key, value)
    return base


def hub(client: TestClient) -> Hub:
    found: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return found


def table_of(client: TestClient, table_id: str) -> Table:
    return hub(client).rooms[table_id].table


def create(client: TestClient, game: str = "draw", **body: Any) -> Message:
    """A table made through the API: by default one person (Ann) against greedy, dealt from the
    seed 7 (a table of several people takes no seed: its deals are the operating system's)."""
    body.setdefault(
        "seats", [{"kind": "person", "name": "Ann"}, {"kind": "computer", "level": "greedy"}]
    )
    if sum(1 for s in body["seats"] if s["kind"] == "person") <= 1:
        body.setdefault("seed", 7)
    response = client.post("/api/tables", json={"game": game, **body})
    assert response.status_code == 201, response.text
    created: Message = response.json()
    return created


def seeded(client: TestClient, game: str, names: list[str], seed: int, **options: Any) -> Message:
    """A table of several people dealt from ``seed``, as :func:`create` answers: made through
    the hub itself (the API refuses a seed where more than one person plays, since whoever chose
    it could work out the others' tiles; a test knows every tile anyway)."""
    import secrets

    from boneyard.apps.server.store import token_hash
    from boneyard.apps.server.table import Seat
    from boneyard.games import get_game

    rules = get_game(game).configure(None, options, len(names))
    tokens = {i: secrets.token_urlsafe(24) for i in range(len(names))}
    seats = [Seat(i, "person", n, None, token_hash(tokens[i])) for i, n in enumerate(names)]
    table = Table.new(secrets.token_urlsafe(6), rules, seats, seed=seed)
    portal = client.portal
    assert portal is not None, "use the client inside its with-block"
    made = portal.call(hub(client)._open, table, tokens, "key", "testclient")
    return made.model_dump()


def snapshot(table: Table) -> tuple[Any, ...]:
    """Everything about a table that a message could change."""
    state = table.state
    return (
        table.version,
        table.number,
        len(state.history),
        tuple(state.hands),
        state.turn,
        tuple(state.scores),
        tuple(table.match.totals),
        len(table.chat),
        [(s.name, s.joined) for s in table.seats],
    )


class Player:
    """One websocket to a table: sends protocol messages, keeps the last state it was sent."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.state: Message | None = None
        self.seen: list[Message] = []
        self.raw: list[str] = []

    def send(self, **message: Any) -> None:
        self.ws.send_text(json.dumps({"v": 1, **message}))

    def send_text(self, text: str) -> None:
        self.ws.send_text(text)

    def recv(self) -> Message:
        text = self.ws.receive_text()
        self.raw.append(text)
        message: Message = json.loads(text)
        self.seen.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    def until(self, check: Callable[[Message], bool], limit: int = 2000) -> Message:
        for _ in range(limit):
            message = self.recv()
            if check(message):
                return message
        raise AssertionError("the message never came")

    def error(self, code: str) -> Message:
        message = self.until(lambda m: m["type"] in ("error", "ack", "hint", "pong", "chat"))
        assert message["type"] == "error", message
        assert message["code"] == code, message
        return message

    def hello(self, token: str | None = None, **extra: Any) -> Message:
        self.send(type="hello", **({"token": token} if token else {}), **extra)
        welcome = self.until(lambda m: m["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome", welcome
        self.until(lambda m: m["type"] == "state")
        return welcome

    def fresh(self) -> Message:
        """A state sent after everything sent so far (a ping's answer comes after it)."""
        self.send(type="ping", id=424242)
        reply = self.until(lambda m: m["type"] in ("pong", "error") and m["id"] == 424242)
        assert reply["type"] == "pong", reply
        assert self.state is not None
        return self.state

    def my_turn(self) -> bool:
        s = self.state
        return s is not None and s["status"] == "playing" and s["turn"] == s["seat"]

    def choosing(self) -> bool:
        """Whether the table waits for this player's choice (not a forced draw or pass, which the
        server makes)."""
        s = self.state
        if not self.my_turn() or s is None:
            return False
        moves = s["moves"]
        return not (len(moves) == 1 and moves[0]["action"]["kind"] in ("draw", "pass"))

    def wait_choice(self) -> bool:
        """Read until this player has a choice to make (true) or the hand is over (false)."""
        for _ in range(2000):
            if self.choosing():
                return True
            if self.state is not None and self.state["status"] != "playing":
                return False
            self.recv()
        raise AssertionError("no choice came")

    def play(self, index: int = 0, **extra: Any) -> Message:
        """Play one of the offered moves and wait for its acknowledgement."""
        s = self.state
        assert s is not None and s["moves"], "no move offered"
        self.send(
            type="move",
            action=s["moves"][index]["action"],
            hand=s["hand"],
            seen=s["move"],
            id=s["move"],
            **extra,
        )
        reply = self.until(lambda m: m["type"] in ("ack", "error"))
        if reply["type"] == "ack":
            # The state with the move follows its acknowledgement.
            self.until(lambda m: m["type"] == "state")
        return reply


def hidden_words(tiles: list[str]) -> list[str]:
    """How a tile may appear in a message: ``"6-4"`` (either way round) or ``[6|4]``."""
    words = []
    for name in tiles:
        t = parse_tile(name)
        words += [f'"{HIGH[t]}-{LOW[t]}"', f'"{LOW[t]}-{HIGH[t]}"', f"[{HIGH[t]}|{LOW[t]}]"]
    return words


def leaks(text: str, tiles: list[str]) -> list[str]:
    """The hidden ``tiles`` that ``text`` names."""
    return [w for w in hidden_words(tiles) if w in text]


TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")


# ------------------------------------------------------------------------------ real processes
class Server:
    """``boneyard serve`` in a subprocess, on a socket bound here (no race for the port)."""

    def __init__(self, db: Path | str, log: Path, *extra: str) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.log = log.open("ab")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "boneyard",
                "serve",
                "--fd",
                str(self.sock.fileno()),
                "--db",
                str(db),
                "--computer-delay",
                "0",
                *extra,
            ],
            pass_fds=[self.sock.fileno()],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            assert self.process.poll() is None, "the server exited"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as r:
            return json.loads(r.read())

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as r:
            return json.loads(r.read())

    def ws(self, table: str) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/ws/{table}", open_timeout=10)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self.sock.close()
        self.log.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.sock.close()
        self.log.close()


class WsSeat:
    """A seat over a real websocket."""

    def __init__(self, ws: ClientConnection, token: str) -> None:
        self.ws = ws
        self.state: dict[str, Any] = {}
        self.send(type="hello", token=token)
        self.until(lambda m: m["type"] == "state")

    def send(self, **message: Any) -> None:
        self.ws.send(json.dumps({"v": 1, **message}))

    def until(self, check: Any) -> dict[str, Any]:
        while True:
            message = json.loads(self.ws.recv(timeout=30))
            if message["type"] == "state":
                self.state = message
            if check(message):
                return dict(message)

    def choosing(self) -> bool:
        s = self.state
        moves = s.get("moves", [])
        return (
            s.get("status") == "playing"
            and s["turn"] == s["seat"]
            and not (len(moves) == 1 and moves[0]["action"]["kind"] in ("draw", "pass"))
        )

    def wait_choice(self) -> bool:
        while not self.choosing():
            if self.state.get("status") != "playing":
                return False
            self.until(lambda m: m["type"] == "state")
        return True

    def play(self) -> dict[str, Any]:
        s = self.state
        self.send(
            type="move", action=s["moves"][-1]["action"], hand=s["hand"], seen=s["move"], id=1
        )
        reply = self.until(lambda m: m["type"] in ("ack", "error"))
        assert reply["type"] == "ack", reply
        self.until(lambda m: m["type"] == "state")
        return reply


# ------------------------------------------------------------------------------ PostgreSQL
class PostgresCluster:
    """A throwaway PostgreSQL server from Debian's ``postgresql`` package: ``initdb`` into a
    temporary directory and ``pg_ctl start`` listening on a Unix socket there only (as the
    ``postgres`` user when the tests run as root, which ``initdb`` refuses to be)."""

    def __init__(self) -> None:
        import glob
        import os
        import shutil
        import tempfile

        found = sorted(
            glob.glob("/usr/lib/postgresql/*/bin/initdb"),
            key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0,
        )
        initdb = found[-1] if found else shutil.which("initdb")
        if initdb is None:
            raise RuntimeError("no initdb: apt-get install postgresql")
        self.bin = Path(initdb).parent
        self.root = os.geteuid() == 0
        self.dir = Path(tempfile.mkdtemp(prefix="boneyard-pg-"))
        self.data = self.dir / "data"
        self.port = 5432
        if self.root:
            shutil.chown(self.dir, "postgres", "postgres")

    def _run(self, *args: str) -> None:
        import subprocess

        command = list(args)
        if self.root:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode:
            raise RuntimeError(
                f"{' '.join(args[:1])}: {done.stderr.strip() or done.stdout.strip()}"
            )

    def start(self) -> str:
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "--no-sync",
            "-E",
            "UTF8",
        )
        self.resume()
        return self.url

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@/postgres?host={self.dir}&port={self.port}"

    @property
    def socket_path(self) -> Path:
        """The Unix socket it listens on (its only way in)."""
        return self.dir / f".s.PGSQL.{self.port}"

    def resume(self) -> None:
        """Start the server (again)."""
        options = f"-p {self.port} -k {self.dir} -c listen_addresses= -F"
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.dir / "log"),
            "-w",
            "-t",
            "60",
            "start",
        )

    def halt(self) -> None:
        """Stop the server at once, its clients cut off (``pg_ctl stop -m fast``)."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def stop(self) -> None:
        import shutil

        with contextlib.suppress(RuntimeError):
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)


def fresh_database(url: str, name: str) -> str:
    """A new empty database on the server of ``url``; its URL."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return url.replace("/postgres?", f"/{name}?", 1)
