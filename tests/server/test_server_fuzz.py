"""Fuzzing (hypothesis): thousands of generated websocket messages (every type with its fields
mutated, values of the wrong type, random JSON, deeply nested JSON, garbage text and binary frames)
sent to a seated player's connection, and thousands of mutated game records sent to
``POST /api/replay`` and to ``boneyard replay``. Their texts are drawn from every Unicode general
category, lone surrogates, NUL and the other control characters included (sent escaped, and
unescaped as the app would receive them); bodies and files are also spoiled with bytes that are
not UTF-8 (overlong forms, encoded surrogates, stray bytes), and names of every category are
given to new tables and renamed seats. Invalid UTF-8 in a websocket text frame, which only a
real server receives, is sent to one.

Never a 500, a traceback in the log or a dropped connection; every refused message gets an error
and changes nothing at the table. Each test prints how many it tried (``pytest -s``)."""

from __future__ import annotations

import copy
import json
import logging
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from serverhelp import Player, Server, WsSeat, create, snapshot, table_of
from serverhelp import settings as server_settings
from websockets.exceptions import ConnectionClosed

from boneyard.apps.cli.replay import run_replay
from boneyard.apps.server.app import create_app
from boneyard.apps.server.messages import CLIENT_TYPES
from boneyard.core.intake import check_text

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


# --------------------------------------------------------------------------- hostile text
CATEGORIES = [
    *("Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No"),
    *("Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So"),
    *("Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn"),
]
"""Every Unicode general category (``Cs``: the surrogates, which hypothesis leaves out unless
asked; ``Cn``: code points not assigned)."""
HOSTILE = ["\ud800", "\udfff", "\udcff", "\x00", "\x07", "\x1b", "\x7f", "\x85", "\u2028"]
HOSTILE += ["\u202e", "\u2066", "\ufeff", "\u200b", "\ufffe", "\U0010ffff", "e\u0301", "\t", "\n"]

any_char = st.sampled_from(CATEGORIES).flatmap(lambda c: st.characters(categories=[c]))
hostile_text = st.one_of(
    st.text(alphabet=any_char, max_size=12),
    st.lists(st.sampled_from(HOSTILE) | st.text(max_size=3), max_size=4).map("".join),
)
"""Text of every category, and text around the characters a store or a page cannot take."""

BAD_UTF8 = [
    b"\xc0\xaf",  # an overlong "/"
    b"\xc0\x80",  # an overlong NUL
    b"\xe0\x80\xaf",  # an overlong "/" in three bytes
    b"\xed\xa0\x80",  # U+D800, a surrogate, encoded
    b"\xed\xbf\xbf",  # U+DFFF
    b"\xf4\x90\x80\x80",  # beyond U+10FFFF
    b"\xf8\x88\x80\x80\x80",  # a five-byte form
    b"\xff",
    b"\xfe\xff",
    b"\x80",  # a continuation byte alone
    b"\xe2\x82",  # a sequence cut short
]
"""Bytes that are not UTF-8."""


def spoiled(raw: bytes, bad: bytes, at: int) -> bytes:
    """``raw`` with ``bad`` put in at about ``at``."""
    at = at % (len(raw) + 1)
    return raw[:at] + bad + raw[at:]


# --------------------------------------------------------------------------- the messages
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20) | hostile_text,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
tiles = st.builds(lambda a, b: f"{a}-{b}", st.integers(0, 13), st.integers(0, 13))
ends = st.sampled_from(["L", "R", "U", "D", "6U", "LD", "T0", "T7", "M", "X", "LL"])
# A move is its kind and its notation (docs/server.md): notations as a client may write them,
# right or wrong, every kind of every game, and fields no move has any more.
KINDS = ("play", "draw", "pass", "muggins", "stand", "miss", "drop", "discard", "bid", "declare")
WORDS = (
    *("draw", "pass", "muggins", "muggins 10", "stand", "miss", "drop", "discard 6-4"),
    *("bid 30", "bid 84 plunge", "trumps 6", "nello doubles low", "d", "p", "go"),
)
notations = st.one_of(
    st.builds(lambda t, e: f"{t} {e}", tiles, ends),
    st.builds(lambda t, e, n: f"{t} {e} {n}", tiles, ends, st.integers(-2, 1000)),
    tiles,
    st.sampled_from(WORDS),
    st.text(max_size=60),
    hostile_text,
)
actions = st.fixed_dictionaries(
    {"kind": st.sampled_from(KINDS) | st.text(max_size=20)},
    optional={
        "notation": notations | json_values,
        "tile": tiles | json_values,
        "end": ends | json_values,
    },
)
FIELDS: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "hello": {"token": st.text(max_size=70) | hostile_text, "name": hostile_text},
    "move": {
        "action": actions,
        "hand": st.integers(-1, 5),
        "seen": st.integers(-1, 60),
    },
    "chat": {"text": st.text(max_size=320) | hostile_text},
    "hint": {},
    "beliefs": {},
    "next_hand": {},
    "ping": {},
    "rename": {"name": st.text(max_size=30) | hostile_text},
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
    # Unescaped: a text frame's own characters, as the app is handed them.
    typed_messages().map(lambda m: json.dumps(m, ensure_ascii=False)),
    json_values.map(json.dumps),
    st.builds(nested, st.integers(1, 3000), st.sampled_from(["list", "object", "move"])),
    st.text(max_size=200),
    hostile_text,
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
    if isinstance(record, dict) and isinstance(record.get("players"), list) and draw(st.booleans()):
        # A player's name of any category (a record's names are printed and shown).
        players = record["players"]
        if players:
            players[draw(st.integers(0, len(players) - 1))] = draw(hostile_text)
    return record


def encoded(record: Any, form: str, bad: bytes, at: int) -> bytes:
    """A record as bytes: JSON as a program writes it (``escaped``), with its characters as they
    are (``raw``: a lone surrogate then is bytes no UTF-8 reader takes), or spoiled with bytes
    that are not UTF-8."""
    if form == "raw":
        return json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogatepass")
    if form == "spoiled":
        return spoiled(json.dumps(record).encode(), bad, at)
    return json.dumps(record).encode()


forms = st.sampled_from(["escaped", "escaped", "raw", "spoiled"])


@settings(
    max_examples=600,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    record=mutated_records(),
    form=forms,
    bad=st.sampled_from(BAD_UTF8),
    at=st.integers(0, 10**6),
)
def test_records_to_replay(
    server: TestClient, logged: Errors, record: Any, form: str, bad: bytes, at: int
) -> None:
    body = encoded(record, form, bad, at)
    reply = server.post("/api/replay", content=body)
    COUNTS["replay"] = COUNTS.get("replay", 0) + 1
    assert reply.status_code in (200, 400, 413, 422), (reply.status_code, reply.text[:300])
    if reply.status_code != 200:
        assert isinstance(reply.json()["detail"], str)
    if form == "spoiled":
        assert reply.status_code == 400
        assert "the record is not UTF-8 text" in reply.json()["detail"]
    assert logged.records == []


@settings(
    max_examples=600,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    record=mutated_records(),
    lines=st.booleans(),
    form=forms,
    bad=st.sampled_from(BAD_UTF8),
    at=st.integers(0, 10**6),
)
def test_records_to_boneyard_replay(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    logged: Errors,
    record: Any,
    lines: bool,
    form: str,
    bad: bytes,
    at: int,
) -> None:
    path = tmp_path / ("records.jsonl" if lines else "record.json")
    path.write_bytes(encoded(record, form, bad, at))
    # Printed to streams that take UTF-8 only, as a terminal's do: a text that got through
    # unchecked would fail here.
    status = run_replay(str(path), as_json=False)
    COUNTS["cli"] = COUNTS.get("cli", 0) + 1
    out, err = capsys.readouterr()
    assert status in (0, 1, 2)
    assert "Traceback" not in out + err
    if status == 2:
        assert err.strip(), "a rejected record is named with its reason"
        assert all(line.strip() for line in err.splitlines())
    if form == "spoiled":
        assert status == 2 and len(err.splitlines()) == 1
        assert err.startswith(f"error: {path} is not UTF-8 text: byte 0x")


# --------------------------------------------------------------------------- names
@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    name=st.text(alphabet=any_char, max_size=30) | hostile_text,
    raw=st.booleans(),
    spoil=st.none() | st.tuples(st.sampled_from(BAD_UTF8), st.integers(0, 200)),
)
def test_names_of_every_category(
    server: TestClient, logged: Errors, name: str, raw: bool, spoil: tuple[bytes, int] | None
) -> None:
    """A name of any characters, for a new table's seat and then in a rename: taken as its
    composed form (and then fit to store, send and show), or refused with a sentence. (``raw``:
    the body's characters as they are, a lone surrogate then being bytes that are not UTF-8;
    ``spoil``: bytes that are not UTF-8 put in the body.)"""
    seats = [{"kind": "person", "name": name}, {"kind": "computer", "level": "greedy"}]
    text = json.dumps({"game": "draw", "seats": seats}, ensure_ascii=not raw)
    body = text.encode("utf-8", "surrogatepass")
    if spoil is not None:
        body = spoiled(body, *spoil)
    reply = server.post("/api/tables", content=body, headers={"content-type": "application/json"})
    COUNTS["names"] = COUNTS.get("names", 0) + 1
    assert reply.status_code in (201, 400), (reply.status_code, reply.text[:300])
    if spoil is not None:
        assert reply.status_code == 400
    if reply.status_code == 400:
        assert isinstance(reply.json()["detail"], str) and reply.json()["detail"]
        assert logged.records == []
        return
    made = reply.json()
    taken = made["seats"][0]["name"]
    assert taken == unicodedata.normalize("NFC", name).strip()
    check_text(taken, "a name")
    assert server.get(f"/api/tables/{made['id']}").json()["seats"][0]["name"] == taken
    # The same name given again in a rename (as it was written): the table keeps it.
    with server.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        frame = {"v": 1, "type": "rename", "name": name + "!", "id": 7}
        ann.send_text(json.dumps(frame, ensure_ascii=not raw))
        answer = ann.until(lambda m: m["type"] == "error" or m["type"] == "state")
        while answer["type"] == "state" and answer["seats"][0]["name"] == taken:
            answer = ann.until(lambda m: m["type"] in ("error", "state"))
        if answer["type"] == "error":
            assert answer["code"] == "bad_message", answer
        else:
            assert answer["seats"][0]["name"] == unicodedata.normalize("NFC", name + "!").strip()
    assert logged.records == []


# --------------------------------------------------------------------------- bytes on the wire
def test_a_websocket_text_frame_that_is_not_utf8_closes_only_its_connection(
    tmp_path: Path,
) -> None:
    """A text frame must be UTF-8 (RFC 6455): a real server (only it reads the frame's bytes)
    closes a connection that sends another with 1007, logs no traceback, and serves on."""
    server = Server(tmp_path / "wire.db", tmp_path / "wire.log", "--workers", "0")
    try:
        made = server.post(
            "/api/tables",
            {"game": "draw", "seats": [{"kind": "person"}, {"kind": "computer"}], "seed": 3},
        )
        token = made["seats"][0]["token"]
        for bad in BAD_UTF8:
            with server.ws(made["id"]) as ws:
                seat = WsSeat(ws, token)
                ws.send(b'{"v": 1, "type": "chat", "text": "' + bad + b'"}', text=True)
                with pytest.raises(ConnectionClosed) as closed:
                    seat.until(lambda m: False)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007, bad
        with server.ws(made["id"]) as ws:  # the table and the server go on
            seat = WsSeat(ws, token)
            seat.send(type="chat", text="still here")
            assert seat.until(lambda m: m["type"] == "chat")["text"] == "still here"
    finally:
        server.stop()
    log = (tmp_path / "wire.log").read_text(errors="replace")
    assert "Traceback" not in log and "ERROR" not in log, log[-2000:]
