"""A real server process, killed mid-hand and started again on the same database: the hand goes
on where it was, with nothing lost. Its log never holds a seat token."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from serverhelp import Server
from serverhelp import WsSeat as Seat

from boneyard.core.record import replay_record

pytestmark = pytest.mark.timeout(180)


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
