"""A real server process, killed mid-hand and started again on the same database: the hand goes
on where it was, with nothing lost. Its log never holds a seat token."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from boneyard.core.record import replay_record

pytestmark = pytest.mark.timeout(180)


class Server:
    """``boneyard serve`` in a subprocess, on a socket bound here (no race for the port)."""

    def __init__(self, db: Path, log: Path) -> None:
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


class Seat:
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


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for s in started:
        s.stop()


def test_a_killed_server_resumes_the_hand(tmp_path: Path, servers: list[Server]) -> None:
    db = tmp_path / "boneyard.db"
    log = tmp_path / "server.log"
    first = Server(db, log)
    servers.append(first)
    made = first.post(
        "/api/tables",
        {
            "game": "draw",
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "computer", "level": "greedy"}],
            "seed": 11,
            "target": 300,
        },
    )
    token = made["seats"][0]["token"]
    urllib.request.urlopen(f"{first.url}/t/{made['id']}", timeout=10).close()
    with first.ws(made["id"]) as ws:
        ann = Seat(ws, token)
        for _ in range(3):
            assert ann.wait_choice()
            ann.play()
        assert ann.wait_choice()
        before = ann.state
    assert before["move"] >= 6 and before["status"] == "playing"
    first.kill()  # mid-hand, without warning

    second = Server(db, log)
    servers.append(second)
    assert second.get("/healthz")["tables"] == 1
    with second.ws(made["id"]) as ws:
        ann = Seat(ws, token)
        after = ann.state
        for key in ("hand", "move", "tiles", "moves", "line", "seats", "stock", "sheet", "log"):
            if key == "seats":
                # Connections are not stored: compare the seats without them.
                assert [dict(s, connected=None) for s in after[key]] == [
                    dict(s, connected=None) for s in before[key]
                ]
            else:
                assert after[key] == before[key], key
        # The hand goes on to its end.
        while ann.wait_choice():
            ann.play()
        assert ann.state["status"] == "between_hands"
    record = second.get(f"/api/tables/{made['id']}/record")
    replay = replay_record(record)
    assert len(replay.hands) == 1 and replay.hands[0].ended in ("domino", "blocked")
    second.stop()
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "Uvicorn running" in text or "Application startup complete" in text
    assert f"/t/{made['id']}" in text  # the access log is there ...
    assert token not in text  # ... but never a token
