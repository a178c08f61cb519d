"""Quick pairing (docs/server.md, "Quick pairing"): seeks made, paired at one table once, by rating
within a range that widens (the rounds run here at injected times), never between people of whom
one blocks the other; computers fill a casual table after its seconds, never a rated one; seeks
cancelled, expired, refused (nothing stored) and joined from the lobby; and two server processes
on one PostgreSQL store pairing people who came to different processes."""

from __future__ import annotations

import http.cookiejar
import json
import threading
import time
import urllib.error
import urllib.request
import uuid
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverhelp import (
    HEAD_REVISION,
    Player,
    PostgresCluster,
    Server,
    fresh_database,
    hub,
    settings,
    table_of,
)

from boneyard.apps.server.app import create_app
from boneyard.apps.server.hub.pairing import window
from boneyard.apps.server.settings import Settings
from boneyard.apps.server.store import now

pytestmark = pytest.mark.timeout(120)

OWN = "http://testserver"
PASSWORD = "correct horse battery"
DRAW = {"game": "draw", "players": 2}


@pytest.fixture
def web(db_url: str) -> Any:
    # Rounds only when a test runs one, at the time it says.
    with TestClient(create_app(settings(db_url, pair_every=3600)), headers={"Origin": OWN}) as c:
        yield c


ADDRESSES = iter(range(1, 1_000_000))


def person(web: TestClient, name: str | None) -> TestClient:
    """Another browser: signed up as ``name``, or a guest (``None``), from an address of its own."""
    n = next(ADDRESSES)
    c = TestClient(web.app, headers={"Origin": OWN}, client=(f"10.0.{n // 250}.{n % 250}", 1))
    if name is not None:
        answer = c.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text
    return c


def seek(c: TestClient, **body: Any) -> dict[str, Any]:
    answer = c.post("/api/seeks", json={**DRAW, **body})
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    assert made["status"] == "open"
    return made


def state(c: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    answer = c.get(f"/api/seeks/{made['id']}", headers={"Authorization": f"Bearer {made['key']}"})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def round_at(web: TestClient, at: datetime | None = None) -> list[str]:
    made: list[str] = web.portal.call(hub(web).pairing_round, at)  # type: ignore[union-attr]
    return made


def later(made: dict[str, Any], seconds: float) -> datetime:
    return now() + timedelta(seconds=seconds + made["waited"])


def stored_seeks(web: TestClient) -> int:
    return len(hub(web).store.open_seeks())


def test_the_range_widens_while_one_waits() -> None:
    s = Settings()
    assert [window(s, t) for t in (0, 4.9, 5, 12, 60)] == [100, 100, 150, 200, 700]


def test_compatible_seeks_are_seated_together_once(web: TestClient) -> None:
    ann, bob = person(web, "Ann"), person(web, "Bob")
    a, b = seek(ann), seek(bob, rules=None)
    assert stored_seeks(web) == 2
    (table_id,) = round_at(web)
    assert round_at(web) == []  # nobody is seated twice
    first, second = state(ann, a), state(bob, b)
    assert first["status"] == second["status"] == "seated"
    assert first["table"] == second["table"] == table_id
    assert {first["seat"], second["seat"]} == {0, 1}
    assert first["url"].startswith(f"/t/{table_id}#seat=")
    assert state(ann, a)["url"] == f"/t/{table_id}"  # the seat's link is given once
    table = table_of(web, table_id)
    accounts = {s.name: s.account for s in table.seats}
    store = hub(web).store
    assert accounts == {n: store.account_named(n.lower()).id for n in ("Ann", "Bob")}  # type: ignore[union-attr]
    assert not table.rated and all(s.kind == "person" for s in table.seats)
    token = first["url"].split("#seat=")[1]
    with ann.websocket_connect(f"/ws/{table_id}", headers={"Origin": OWN}) as ws:
        assert Player(ws).hello(token)["seat"] == first["seat"]
    assert stored_seeks(web) == 0


@pytest.mark.parametrize(
    "other",
    [
        {"game": "block"},
        {"players": 3},
        {"rated": True},
        {"clock": 30},
        {"target": 50},
        {"rules": "pagat"},
    ],
)
def test_incompatible_seeks_are_not_paired(web: TestClient, other: dict[str, Any]) -> None:
    a = seek(person(web, "Ann"))
    b = seek(person(web, "Bob"), **other)
    assert round_at(web, later(a, 40)) == []
    assert {a["id"], b["id"]} == {s.id for s in hub(web).store.open_seeks()}


def rated_at(web: TestClient, ratings: dict[str, float]) -> None:
    """The ratings the accounts pair at, by name."""
    store = hub(web).store
    by_id = {store.account_named(n.lower()).id: r for n, r in ratings.items()}  # type: ignore[union-attr]

    async def given(accounts: list[int], game: str) -> dict[int, float]:
        return {a: by_id.get(a, 1500.0) for a in accounts}

    hub(web).pairing_ratings = given  # type: ignore[method-assign]


def test_ratings_apart_are_paired_once_the_range_has_widened(web: TestClient) -> None:
    ann, bob = person(web, "Ann"), person(web, "Bob")
    rated_at(web, {"Ann": 1500, "Bob": 1690})
    a, b = seek(ann, rated=True), seek(bob, rated=True)
    assert (a["rating"], b["rating"]) == (1500, 1690)
    assert a["range"] == [1400, 1600]
    assert round_at(web, later(a, 4)) == []  # 190 apart: ±100 ...
    assert round_at(web, later(a, 6)) == []  # ... ±150 after 5 s ...
    assert state(ann, a)["status"] == "open"
    (table_id,) = round_at(web, later(a, 11))  # ... ±200 after 10 s
    assert table_of(web, table_id).rated
    assert state(bob, b)["table"] == table_id


def test_people_of_whom_one_blocks_the_other_are_never_paired(web: TestClient) -> None:
    ann, bob = person(web, "Ann"), person(web, "Bob")
    assert ann.post("/api/account/block", json={"name": "Bob"}).status_code == 204
    a = seek(bob)
    seek(ann)
    assert round_at(web, later(a, 40)) == []
    # Nor may either join the other's seek from the lobby (without saying why).
    assert ann.post(f"/api/seeks/{a['id']}/join").status_code == 409
    seek(person(web, "Cy"))
    (table_id,) = round_at(web)
    names = {s.name for s in table_of(web, table_id).seats}
    assert len(names) == 2 and "Cy" in names


def test_computers_fill_a_casual_table_after_its_seconds(web: TestClient) -> None:
    guest = person(web, None)
    a = seek(guest, game="partnership", players=4, fill_after=5, name="Zed")
    assert round_at(web, later(a, 3)) == []
    (table_id,) = round_at(web, later(a, 6))
    seats = table_of(web, table_id).seats
    assert [s.kind for s in seats].count("computer") == 3
    (mine,) = [s for s in seats if s.kind == "person"]
    assert mine.name == "Zed" and mine.account is None
    assert state(guest, a)["seat"] == mine.seat


def test_a_rated_seek_never_gets_computers(web: TestClient) -> None:
    ann = person(web, "Ann")
    answer = ann.post("/api/seeks", json={**DRAW, "rated": True, "fill_after": 5})
    assert answer.status_code == 400 and "computers never" in answer.json()["detail"]
    a = seek(ann, rated=True)
    assert round_at(web, later(a, 30)) == []
    assert stored_seeks(web) == 1


def test_a_seek_cancelled_is_not_paired(web: TestClient) -> None:
    ann, bob = person(web, "Ann"), person(web, "Bob")
    a = seek(ann)
    key = {"Authorization": f"Bearer {a['key']}"}
    assert bob.delete(f"/api/seeks/{a['id']}").status_code == 404  # not Bob's
    assert ann.delete(f"/api/seeks/{a['id']}", headers=key).status_code == 204
    assert state(ann, a)["status"] == "cancelled"
    seek(bob)
    assert round_at(web) == []
    b = seek(ann)  # one may seek again once the first has ended
    assert round_at(web)
    other = {"Authorization": f"Bearer {b['key']}"}
    assert ann.delete(f"/api/seeks/{b['id']}", headers=other).status_code == 409


def test_deleting_an_account_deletes_its_seeks(web: TestClient) -> None:
    from sqlalchemy import select

    from boneyard.apps.server.store.schema import seeks

    ann, bob = person(web, "Ann"), person(web, "Bob")
    seek(ann)
    seek(bob)
    assert stored_seeks(web) == 2
    gone = ann.post("/api/account/delete", json={"password": PASSWORD})
    assert gone.status_code == 204, gone.text
    with hub(web).store.reading() as conn:
        names = conn.execute(select(seeks.c.name)).scalars().all()
    assert names == ["Bob"]  # nothing of Ann's waiting is kept, and Bob is not paired with her
    assert round_at(web) == []


def test_seeks_expire_after_their_life_or_when_their_page_is_gone(web: TestClient) -> None:
    ann, bob = person(web, "Ann"), person(web, "Bob")
    a = seek(ann, game="block")
    b = seek(bob)
    round_at(web, later(a, 50))  # neither page asked after its seek for 45 s
    assert state(ann, a)["status"] == state(bob, b)["status"] == "expired"
    c = seek(ann)
    for t in (30, 60, 90):  # the page asks all along
        web.portal.call(hub(web).store.seek_seen, c["id"], later(c, t))  # type: ignore[union-attr]
        round_at(web, later(c, t + 1))
    assert state(ann, c)["status"] == "open"
    round_at(web, later(c, 601))
    assert state(ann, c)["status"] == "expired"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "no-such-game"}, "no-such-game"),
        ({"game": "draw", "rules": "nonsense"}, "nonsense"),
        ({"game": "draw", "players": 7}, "7"),
        ({"game": "draw", "target": 0}, None),
        ({"game": "draw", "name": "\u202eevil"}, "bidirectional"),
    ],
)
def test_bad_input_is_refused_and_nothing_stored(
    web: TestClient, body: dict[str, Any], words: str | None
) -> None:
    answer = person(web, None).post("/api/seeks", json=body)
    assert answer.status_code in (400, 422), answer.text
    if words is not None:
        assert answer.status_code == 400 and words in str(answer.json()["detail"])
    assert stored_seeks(web) == 0
    garbled = web.post(
        "/api/seeks", content=b'{"game": "dr\xffaw"}', headers={"Content-Type": "application/json"}
    )
    assert garbled.status_code == 400 and stored_seeks(web) == 0


def test_a_cross_site_request_is_refused(web: TestClient) -> None:
    ann = person(web, "Ann")
    answer = ann.post("/api/seeks", json=DRAW, headers={"Origin": "https://evil.example"})
    assert answer.status_code == 403 and stored_seeks(web) == 0
    a = seek(ann)
    key = {"Authorization": f"Bearer {a['key']}", "Origin": "https://evil.example"}
    assert ann.delete(f"/api/seeks/{a['id']}", headers=key).status_code == 403
    assert ann.post(f"/api/seeks/{a['id']}/join", headers=key).status_code == 403
    assert stored_seeks(web) == 1


def test_guests_seek_casual_games_one_at_a_time(web: TestClient) -> None:
    guest, ann = person(web, None), person(web, "Ann")
    answer = guest.post("/api/seeks", json={**DRAW, "rated": True})
    assert answer.status_code == 401 and "sign in" in answer.json()["detail"]
    g = seek(guest)
    assert guest.post("/api/seeks", json=DRAW).status_code == 409
    seek(ann, game="block")
    assert ann.post("/api/seeks", json=DRAW).status_code == 409  # one open seek per account
    listed = web.get("/api/seeks").json()
    assert [s["name"] for s in listed] == ["Guest", "Ann"]
    assert all(set(s) >= {"id", "rating", "game", "rules"} and "key" not in s for s in listed)
    assert all("account" not in str(s) for s in listed)
    other = person(web, None)
    joined = other.post(f"/api/seeks/{g['id']}/join", json={"name": "Guest"})
    assert joined.status_code == 201, joined.text
    body = joined.json()
    assert body["status"] == "seated" and body["url"].startswith(f"/t/{body['table']}#seat=")
    names = sorted(s.name for s in table_of(web, body["table"]).seats)
    assert names == ["Guest", "Guest 2"]
    assert state(guest, g)["table"] == body["table"]


def test_seeks_are_limited_per_client(db_url: str) -> None:
    tight = settings(db_url, pair_every=3600, seek_burst=3, seek_rate=0.001)
    with TestClient(create_app(tight), headers={"Origin": OWN}) as c:
        codes = []
        for _ in range(4):
            made = c.post("/api/seeks", json=DRAW)
            codes.append(made.status_code)
            if made.status_code == 201:
                key = {"Authorization": f"Bearer {made.json()['key']}"}
                c.delete(f"/api/seeks/{made.json()['id']}", headers=key)
        assert codes == [201, 201, 201, 429]


# ------------------------------------------------------------------------------ processes
class Browser:
    """A person's browser on a real server: its cookies kept, its origin named."""

    def __init__(self, url: str) -> None:
        self.url = url
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def ask(
        self, method: str, path: str, body: Any = None, key: str | None = None
    ) -> tuple[int, Any]:
        headers = {"Origin": self.url, "Content-Type": "application/json"}
        if key is not None:
            headers["Authorization"] = f"Bearer {key}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data, headers, method=method)
        try:
            with self.opener.open(request, timeout=10) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")


@pytest.mark.xdist_group("postgres")
def test_two_processes_pair_people_who_came_to_different_ones(
    postgres_cluster: PostgresCluster, tmp_path: Path
) -> None:
    url = fresh_database(postgres_cluster.url, f"t_{uuid.uuid4().hex[:12]}")
    log = tmp_path / "servers.log"
    extra = ("--lease", "3", "--workers", "0", "--log-level", "warning")
    servers: list[Server] = []
    starting = [
        threading.Thread(target=lambda: servers.append(Server(url, log, *extra))) for _ in "ab"
    ]
    for t in starting:
        t.start()
    for t in starting:
        t.join()
    people: list[tuple[Browser, dict[str, Any]]] = []
    try:
        assert len(servers) == 2
        for i in range(6):  # three on each process, rated two-player games
            c = Browser(servers[i % 2].url)
            signed = c.ask("POST", "/api/account/signup", {"name": f"P{i}", "password": PASSWORD})
            assert signed[0] == 201, signed
            made = c.ask("POST", "/api/seeks", {**DRAW, "rated": True})
            assert made[0] == 201, made
            people.append((c, made[1]))
        seated: dict[str, dict[str, Any]] = {}
        deadline = time.monotonic() + 60
        while len(seated) < len(people):
            assert time.monotonic() < deadline, "not everyone was seated"
            for c, made in people:
                if made["id"] in seated:
                    continue
                found = c.ask("GET", f"/api/seeks/{made['id']}", key=made["key"])[1]
                if found["status"] == "seated":
                    seated[made["id"]] = found
            time.sleep(0.2)
        tables: dict[str, set[int]] = {}
        for found in seated.values():
            tables.setdefault(found["table"], set()).add(found["seat"])
            assert found["url"].startswith(f"/t/{found['table']}#seat=")
        assert sorted(tables.values(), key=sorted) == [{0, 1}] * 3  # each seated once
        listed = {t["id"]: t for t in servers[0].get("/api/tables")["open"]}
        assert set(listed) == set(tables)
        names = sorted(s["name"] for t in listed.values() for s in t["seats"])
        assert names == [f"P{i}" for i in range(6)] and all(t["rated"] for t in listed.values())
        mixed = [
            {i % 2 for i, (_, m) in enumerate(people) if seated[m["id"]]["table"] == t}
            for t in tables
        ]
        assert all(m == {0, 1} for m in mixed)  # each seek was paired with the next one made
        assert all(s.get("/api/seeks") == [] for s in servers)
    finally:
        for s in servers:
            s.stop()


def test_boneyard_db_upgrade_adds_the_seeks_and_keeps_everything(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import select
    from typer.testing import CliRunner

    from boneyard.apps.cli import build_app
    from boneyard.apps.server.store import Store
    from boneyard.apps.server.store.schema import accounts, tables

    db = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(db)
    config = Config()
    config.set_main_option(
        "script_location", str(Path(store.migrate.__code__.co_filename).parent / "migrations")
    )
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0006")
    at = now()
    row = {
        "id": "t1", "game": "draw", "rule_set": "britannica", "options": {}, "players": 2,
        "practice": False, "seed": None, "status": "over", "winner": "Ann", "created": at,
        "updated": at, "rated": True,
    }  # fmt: skip
    with store.writing() as conn:
        conn.execute(tables.insert().values(**row))
        conn.execute(accounts.insert().values(name="Ann", name_key="ann", password="h", created=at))
    app = build_app()
    done = CliRunner().invoke(app, ["db", "upgrade", "--db", db])
    assert done.exit_code == 0, done.stdout
    assert f"from revision 0006 to {HEAD_REVISION}" in done.stdout
    try:
        with store.reading() as conn:
            assert conn.execute(select(tables.c.id, tables.c.rated)).all() == [("t1", True)]
            assert conn.execute(select(accounts.c.name)).scalars().all() == ["Ann"]
        assert store.open_seeks() == []
    finally:
        store.close()
