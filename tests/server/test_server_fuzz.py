"""Fuzzing (hypothesis): thousands of generated websocket messages (every type with its fields
mutated, values of the wrong type, random JSON, deeply nested JSON, garbage text and binary frames)
sent to a seated player's connection, and thousands of mutated game records sent to
``POST /api/replay`` and to ``boneyard replay``.

Never a 500, a traceback in the log or a dropped connection; every refused message gets an error
and changes nothing at the table. Each test prints how many it tried (``pytest -s``)."""

from __future__ import annotations

import copy
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from serverhelp import Player, create, snapshot, table_of
from serverhelp import settings as server_settings

from boneyard.apps.cli import run_replay
from boneyard.apps.server.app import create_app
from boneyard.apps.server.messages import CLIENT_TYPES

pytestmark = pytest.mark.timeout(300)

RECORDS = sorted((Path(__file__).parents[1] / "records").glob("*.json"))
COUNTS: dict[str, int] = {}
"""How many messages and records each test tried."""
CODES: dict[str, int] = {}
"""The answers the messages got (error codes, or the first answer's type)."""


class Errors(logging.Handler):
    """Every error the server logs (a traceback is logged as an error)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def logged() -> Iterator[Errors]:
    handler = Errors()
    loggers = [logging.getLogger(n) for n in ("boneyard", "uvicorn", "uvicorn.error", "fastapi")]
    for logger in loggers:
        logger.addHandler(handler)
    yield handler
    for logger in loggers:
        logger.removeHandler(handler)
    print(f"\nfuzzing tried: {COUNTS}; the messages' answers: {CODES}")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, logged: Errors) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    # No limit on refusals or rate here: the fuzzer's connection must stay to take them all.
    config = server_settings(
        f"sqlite:///{db}",
        max_strikes=10**9,
        rate=1e9,
        burst=10**9,
        create_rate=1e9,
        create_burst=10**9,
    )
    with TestClient(create_app(config), raise_server_exceptions=False) as client:
        yield client


# --------------------------------------------------------------------------- the messages
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
tiles = st.builds(lambda a, b: f"{a}-{b}", st.integers(0, 13), st.integers(0, 13))
ends = st.sampled_from(["L", "R", "U", "D", "6U", "LD", "T0", "T7", "M", "X", "LL"])
actions = st.fixed_dictionaries(
    {
        "kind": st.sampled_from(
            ["play", "draw", "pass", "muggins", "stand", "miss", "drop", "discard"]
        )
    },
    optional={
        "tile": tiles | json_values,
        "end": ends | json_values,
        "open": st.integers(-2, 100) | json_values,
        "claim": st.integers(-2, 1000),
        "points": st.integers(-2, 1000),
    },
)
FIELDS: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "hello": {"token": st.text(max_size=70), "name": st.text(max_size=30)},
    "move": {
        "action": actions,
        "hand": st.integers(-1, 5),
        "seen": st.integers(-1, 60),
    },
    "chat": {"text": st.text(max_size=320)},
    "hint": {},
    "beliefs": {},
    "next_hand": {},
    "ping": {},
    "rename": {"name": st.text(max_size=30)},
    "back": {},
    "leave": {},
    "resign": {},
    "rematch": {},
}
assert set(FIELDS) == set(CLIENT_TYPES)


@st.composite
def typed_messages(draw: st.DrawFn) -> dict[str, Any]:
    """A message of a known type, its fields as they should be or mutated."""
    kind = draw(st.sampled_from(sorted(FIELDS)))
    message: dict[str, Any] = {"v": 1, "type": kind}
    for name, values in FIELDS[kind].items():
        if draw(st.booleans()):
            message[name] = draw(values)
    if draw(st.booleans()):
        message["id"] = draw(st.integers(-5, 2**60) | json_values)
    mutation = draw(st.sampled_from(["none", "none", "drop", "wrong", "extra", "version", "type"]))
    if mutation == "drop" and len(message) > 1:
        del message[draw(st.sampled_from(sorted(message)))]
    elif mutation == "wrong":
        message[draw(st.sampled_from(sorted(message)))] = draw(json_values)
    elif mutation == "extra":
        message[draw(st.text(min_size=1, max_size=8))] = draw(json_values)
    elif mutation == "version":
        message["v"] = draw(json_values | st.sampled_from([True, 1.0, "1", 2, 0]))
    elif mutation == "type":
        message["type"] = draw(json_values)
    return message


def nested(depth: int, kind: str) -> str:
    if kind == "list":
        return "[" * depth + "]" * depth
    if kind == "object":
        return '{"a":' * depth + "1" + "}" * depth
    return '{"v": 1, "type": "move", "action": ' + "[" * depth + "]" * depth + "}"


frames = st.one_of(
    typed_messages().map(json.dumps),
    typed_messages().map(json.dumps),
    typed_messages().map(json.dumps),
    json_values.map(json.dumps),
    st.builds(nested, st.integers(1, 3000), st.sampled_from(["list", "object", "move"])),
    st.text(max_size=200),
    st.binary(max_size=64),
)


@settings(
    max_examples=400,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(batch=st.lists(frames, min_size=1, max_size=10))
def test_websocket_messages(server: TestClient, logged: Errors, batch: list[str | bytes]) -> None:
    made = create(
        server,
        "draw",
        seats=[{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
        clock=0,
        practice=True,
    )
    table = table_of(server, made["id"])
    with server.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        for n, frame in enumerate(batch):
            before = snapshot(table)
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            else:
                ann.send_text(frame)
            # A ping after each message: its answer comes after every answer to the message,
            # and proves the connection is still open.
            token = 10**15 + n
            ann.send(type="ping", id=token)
            answers = []
            while True:
                message = ann.recv()
                if message["type"] == "pong" and message["id"] == token:
                    break
                answers.append(message)
            COUNTS["websocket"] = COUNTS.get("websocket", 0) + 1
            errors = [m for m in answers if m["type"] == "error"]
            for m in errors or answers[:1] or [{"type": "nothing"}]:
                seen = m.get("code", m["type"])
                CODES[seen] = CODES.get(seen, 0) + 1
            if errors:
                assert snapshot(table) == before, (frame, errors)
                assert all(isinstance(e["message"], str) and e["message"] for e in errors)
            elif not answers:
                # Answered by nothing but the pong: it must have changed nothing either.
                assert snapshot(table) == before, frame
    assert logged.records == [], [r.getMessage() for r in logged.records]


# --------------------------------------------------------------------------- the records
def load(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text())
    return record


BASES = [load(p) for p in RECORDS]


def paths(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value."""
    yield at
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*at, i))


def mutate(record: dict[str, Any], place: tuple[Any, ...], how: str, value: Any) -> Any:
    out = copy.deepcopy(record)
    if not place:
        return value if how == "replace" else out
    parent = out
    for key in place[:-1]:
        parent = parent[key]
    key = place[-1]
    if how == "delete":
        del parent[key]
    elif how == "replace":
        parent[key] = value
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif how == "nest":
        parent[key] = json.loads("[" * 40 + json.dumps(parent[key]) + "]" * 40)
    return out


@st.composite
def mutated_records(draw: st.DrawFn) -> Any:
    record = draw(st.sampled_from(BASES))
    for _ in range(draw(st.integers(1, 3))):
        if not isinstance(record, dict):
            break
        place = draw(st.sampled_from(list(paths(record))))
        how = draw(st.sampled_from(["delete", "replace", "replace", "duplicate", "nest"]))
        value = draw(
            json_values
            | tiles
            | st.sampled_from([[], {}, "", -1, 10**12, "L", "boneyard-record/1", None])
        )
        record = mutate(record, place, how, value)
    return record


@settings(
    max_examples=1500,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(record=mutated_records())
def test_records_to_replay(server: TestClient, logged: Errors, record: Any) -> None:
    reply = server.post("/api/replay", content=json.dumps(record))
    COUNTS["replay"] = COUNTS.get("replay", 0) + 1
    assert reply.status_code in (200, 400, 413, 422), (reply.status_code, reply.text[:300])
    if reply.status_code != 200:
        assert isinstance(reply.json()["detail"], str)
    assert logged.records == []


@settings(
    max_examples=1500,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(record=mutated_records(), lines=st.booleans())
def test_records_to_boneyard_replay(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    logged: Errors,
    record: Any,
    lines: bool,
) -> None:
    path = tmp_path / ("records.jsonl" if lines else "record.json")
    path.write_text(json.dumps(record))
    status = run_replay(str(path), as_json=False)
    COUNTS["cli"] = COUNTS.get("cli", 0) + 1
    out, err = capsys.readouterr()
    assert status in (0, 1, 2)
    assert "Traceback" not in out + err
    if status == 2:
        assert err.strip(), "a rejected record is named with its reason"
