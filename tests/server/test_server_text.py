"""Text from outside (issue 28): names, chat, records and request bodies holding what cannot be
stored or shown (a lone surrogate, NUL, control characters, invalid UTF-8) are refused where
they enter, with ``bad_message`` or ``400`` and a sentence, never as the store failing; names
and chat are composed (NFC) there. And a write the store refuses for what one request wrote
(forced here past the checks) is that request's error: never an outage, never another table's
refusal."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serverhelp import Player, create, hub, snapshot, table_of

from boneyard.apps.server import messages

pytestmark = pytest.mark.timeout(120)

RECORDS = Path(__file__).parents[1] / "records"
SURROGATE = "\ud800"


def store_failures(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "the store fails" in r.getMessage()]


def tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


# --------------------------------------------------------------------------- the websocket
@pytest.mark.parametrize(
    "frame",
    [
        '{"v":1,"type":"chat","text":"\\ud800"}',
        '{"v":1,"type":"chat","text":"gg\\u0000"}',
        '{"v":1,"type":"chat","text":"a\\u001b[31mred"}',
        '{"v":1,"type":"rename","name":"B\\ud800"}',
        '{"v":1,"type":"rename","name":"B\\u0085"}',
        '{"v":1,"type":"ping","\\udfff":1}',
        '{"v":1,"type":"ping","id":1,"x":["\\ud83d"]}',
    ],
)
def test_unstorable_text_over_the_websocket_is_a_bad_message(
    client: TestClient, caplog: pytest.LogCaptureFixture, frame: str
) -> None:
    made = create(client)
    table = table_of(client, made["id"])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        assert ann.wait_choice()  # the computer has moved: the table waits for Ann
        before = snapshot(table)
        ann.send_text(frame)
        refused = ann.error("bad_message")
        assert "U+" in refused["message"] and "at character" in refused["message"]
        assert snapshot(table) == before
        ann.send(type="chat", text="still here", id=2)  # the connection goes on
        assert ann.until(lambda m: m["type"] == "chat")["text"] == "still here"
    assert hub(client).writer.writes.failing is None  # type: ignore[union-attr]
    assert store_failures(caplog) == [] and tracebacks(caplog) == []


@pytest.mark.parametrize("field", ["name", "token"])
def test_unstorable_text_in_a_hello_is_refused_and_the_connection_stays(
    client: TestClient, caplog: pytest.LogCaptureFixture, field: str
) -> None:
    made = create(client)
    token = made["seats"][0]["token"]
    hello = {"name": "C" + SURROGATE, "token": token} if field == "name" else {"token": SURROGATE}
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.send_text(json.dumps({"v": 1, "type": "hello", **hello}))
        assert SURROGATE not in ann.error("bad_message")["message"]
        assert ann.hello(token)["seat"] == 0  # refused: this connection may say hello again
    assert table_of(client, made["id"]).seats[0].name == "Ann"
    assert store_failures(caplog) == [] and tracebacks(caplog) == []


def test_names_and_chat_are_composed_where_they_enter(client: TestClient) -> None:
    decomposed = "Zoe\u0308"  # e and a combining diaeresis: "Zoë" in two code points
    made = create(
        client, seats=[{"kind": "person", "name": decomposed}, {"kind": "computer"}], clock=0
    )
    table = table_of(client, made["id"])
    assert table.seats[0].name == "Zo\u00eb"
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        ann.send(type="chat", text="cafe\u0301", id=1)
        assert ann.until(lambda m: m["type"] == "chat")["text"] == "caf\u00e9"
        ann.send(type="rename", name="Rene\u0301e", id=2)
        assert ann.until(lambda m: m["type"] == "state" and m["seats"][0]["name"] != "Zo\u00eb")
    assert table.seats[0].name == "Ren\u00e9e"
    assert table.chat[0].text == "caf\u00e9"
    # One name however it is written: composed or not, it is taken.
    assert messages.name_key("Ren\u00e9e") == messages.name_key("Rene\u0301e")


# --------------------------------------------------------------------------- the REST API
@pytest.mark.parametrize(
    ("body", "words"),
    [
        (
            b'{"game":"draw","seats":[{"kind":"person","name":"A\\ud800"},{"kind":"computer"}]}',
            "the body's seats[0].name holds U+D800 at character 2: a lone surrogate",
        ),
        (
            b'{"game":"draw","options":{"target_score":"1\\u0000"},'
            b'"seats":[{"kind":"person"},{"kind":"computer"}]}',
            "the body's options.target_score holds U+0000 at character 2: NUL",
        ),
        (
            b'{"game":"draw","seats":[{"kind":"person"},{"kind":"computer","level":"g\\udfff"}]}',
            "the body's seats[1].level holds U+DFFF",
        ),
        (
            b'{"game":"draw","\\ud800":1,"seats":[{"kind":"person"},{"kind":"computer"}]}',
            "a field's name in the body holds U+D800",
        ),
        # Bytes that are not UTF-8: an overlong "/" and a stray byte.
        (
            b'{"game":"draw","seats":[{"kind":"person","name":"\xc0\xaf"}]}',
            "the body is not UTF-8 text: byte 0xC0 at 49 is invalid",
        ),
        (
            b'\xed\xa0\x80{"game":"draw","seats":[{"kind":"person"},{"kind":"computer"}]}',
            "the body is not UTF-8 text: byte 0xED at 0 is invalid",
        ),
        (
            '{"game":"draw","seats":[{"kind":"person"},{"kind":"computer"}]}'.encode("utf-16"),
            "the body is not UTF-8 text: byte 0xFF at 0 is invalid",
        ),
    ],
)
def test_unstorable_text_in_a_new_table_is_a_400_with_a_sentence(
    client: TestClient, caplog: pytest.LogCaptureFixture, body: bytes, words: str
) -> None:
    reply = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert reply.status_code == 400, reply.text
    assert words in reply.json()["detail"]
    assert hub(client).rooms == {}
    assert store_failures(caplog) == [] and tracebacks(caplog) == []


def test_a_record_to_replay_with_unstorable_text_is_a_400(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    record = json.loads((RECORDS / "block_blocked_2p.json").read_text())
    record["players"][0] = SURROGATE
    reply = client.post("/api/replay", content=json.dumps(record))
    assert reply.status_code == 400
    assert "the record's players[0] holds U+D800" in reply.json()["detail"]
    # Meta may hold lines; the rest of a record may not.
    record["players"][0] = "Ann"
    record["meta"] = {"note": "two\nlines\tand a tab"}
    assert client.post("/api/replay", content=json.dumps(record)).status_code == 200
    record["players"][0] = "A\nB"
    assert "U+000A" in client.post("/api/replay", content=json.dumps(record)).json()["detail"]
    for raw in (b'{"format": "\xc0\xaf"}', b"\xed\xa0\x80", b'{"game": "\xff"}'):
        reply = client.post("/api/replay", content=raw)
        assert reply.status_code == 400
        assert "the record is not UTF-8 text: byte 0x" in reply.json()["detail"]
    assert tracebacks(caplog) == []


def test_a_table_id_that_no_table_has_is_not_asked_of_the_store(client: TestClient) -> None:
    for path in ("/api/tables/a%00b", "/api/tables/%ED%A0%80", "/api/tables/" + "x" * 33):
        assert client.get(path).status_code == 404


# --------------------------------------------------------------------------- the store
def test_a_write_the_store_refuses_is_that_requests_error_not_an_outage(
    client: TestClient, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the checks (switched off here), a chat line the store cannot encode reaches the
    writer, which refuses it alone: its sender is told ``bad_message``, the store is not
    failing, and another table's moves, made meanwhile, are all stored."""
    monkeypatch.setattr(messages, "check_tree", lambda *_, **__: None)
    monkeypatch.setattr(messages, "check_text", lambda value, *_, **__: value)
    h = hub(client)
    a = create(client, clock=0)
    b = create(client, clock=0, seats=[{"kind": "person", "name": "Bob"}, {"kind": "computer"}])
    with (
        client.websocket_connect(f"/ws/{a['id']}") as wa,
        client.websocket_connect(f"/ws/{b['id']}") as wb,
    ):
        ann, bob = Player(wa), Player(wb)
        ann.hello(a["seats"][0]["token"])
        bob.hello(b["seats"][0]["token"])
        acked = 0
        # Five chat lines (the chat's burst) and five names, each while the other table moves.
        for n in range(10):
            if n % 2:
                ann.send(type="rename", name=f"Ann{n}{SURROGATE}", id=n)
            else:
                ann.send(type="chat", text=f"{n}{SURROGATE}", id=n)
            if bob.wait_choice():
                reply = bob.play()
                assert reply["type"] == "ack", reply
                acked += 1
            refused = ann.error("bad_message")
            what = "name" if n % 2 else "chat message"
            assert f"the store cannot take this {what} as it is written" in refused["message"]
        assert acked > 0
    assert table_of(client, a["id"]).chat == []
    assert table_of(client, a["id"]).seats[0].name == "Ann"
    assert h.writer is not None and h.writer.writes.failing is None
    assert store_failures(caplog) == [] and tracebacks(caplog) == []
    assert h.refused.get("storage", 0) == 0


# --------------------------------------------------------------------------- the command line
def test_boneyard_replay_of_unstorable_text_prints_one_line(tmp_path: Path) -> None:
    record = json.loads((RECORDS / "block_blocked_2p.json").read_text())
    record["players"][0] = SURROGATE
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    raw = tmp_path / "raw.json"
    raw.write_bytes(b'{"format": "boneyard-record/1", "game": "dr\xc0\xafaw"}')
    for file, words in (
        (path, f"{path}: the record's players[0] holds U+D800 at character 1"),
        (raw, f"{raw} is not UTF-8 text: byte 0xC0 at 43 is invalid"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "boneyard", "replay", str(file)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 2
        assert done.stdout == ""
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and words in lines[0], done.stderr


def test_a_record_to_replay_is_refused_in_the_readers_language(client: TestClient) -> None:
    record = json.loads((RECORDS / "block_blocked_2p.json").read_text())
    record["players"][0] = "A\x07B"
    spanish = {"Accept-Language": "es"}
    reply = client.post("/api/replay", content=json.dumps(record), headers=spanish)
    assert reply.status_code == 400
    assert "el registro, campo players[0] contiene U+0007" in reply.json()["detail"]
    record["players"][0] = "Ann"
    record["hands"] = "many"
    reply = client.post(
        "/api/replay", content=json.dumps(record), headers={"Accept-Language": "pt-BR"}
    )
    assert reply.status_code == 400
    assert "hands deve ser uma lista" in reply.json()["detail"]
    reply = client.post("/api/replay", content=b'{"game": "\xff"}', headers=spanish)
    assert "el registro no es texto UTF-8: el byte 0xFF" in reply.json()["detail"]
