"""People's accounts (docs/server.md, "Accounts"): every route with good and bad input, sessions
wrong, expired and revoked, cross-site requests refused, the limits on log-ins, a disabled account,
a deleted one; the store's accounts on SQLite and PostgreSQL, and the upgrade from revision 0004
with every table kept."""

from __future__ import annotations

import contextlib
import time
import uuid
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverhelp import HEAD_REVISION, Player, create, fresh_database, hub, settings
from sqlalchemy import select, update

from boneyard.apps.server.accounts import COOKIE, account_name, hash_password
from boneyard.apps.server.app import create_app
from boneyard.apps.server.store import Store, now
from boneyard.apps.server.store.schema import accounts, sessions, tables

OWN = "http://testserver"
GOOD = "correct horse battery"


@pytest.fixture
def web(db_url: str) -> Any:
    """A server whose client sends its own origin, as the pages do."""
    with TestClient(create_app(settings(db_url)), headers={"Origin": OWN}) as c:
        yield c


def sign_up(c: TestClient, name: str = "Ann", password: str = GOOD) -> Any:
    return c.post("/api/account/signup", json={"name": name, "password": password})


def log_in(c: TestClient, name: str = "Ann", password: str = GOOD) -> Any:
    return c.post("/api/account/login", json={"name": name, "password": password})


def test_sign_up_sets_a_session_cookie_and_me_names_the_account(web: TestClient) -> None:
    answer = sign_up(web, " Zoë ")
    assert answer.status_code == 201, answer.text
    assert answer.json() == {"name": "Zoë"}
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # served over plain http here
    assert web.get("/api/me").json() == {
        "name": "Zoë",
        "tables": [],
        "blocked": [],
        "language": None,
    }
    token = web.cookies[COOKIE]
    with hub(web).store.reading() as conn:
        stored = conn.execute(select(sessions.c.id)).scalars().all()
        password = conn.execute(select(accounts.c.password)).scalar_one()
    assert token not in stored and len(stored) == 1  # only its hash
    assert password.startswith("$argon2id$v=19$m=19456,t=2,p=1$") and GOOD not in password


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("A" * 41, "longer than"),
        ("An\u202en", "bidirectional"),
        ("An\u200bn", "invisible"),
        ("\u3164", "shows nothing"),
        ("You", "'you'"),
        ("A\x00n", "NUL"),
    ],
)
def test_a_bad_name_is_refused_and_nothing_stored(web: TestClient, name: str, why: str) -> None:
    answer = sign_up(web, name)
    assert answer.status_code == 400 and why in answer.json()["detail"], answer.text
    assert hub(web).store.account_list() == [] and COOKIE not in web.cookies


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"name": "Ann", "password": "short"}, 400),
        ({"name": "Ann", "password": "x" * 129}, 400),
        ({"name": "Ann", "password": "x" * 1001}, 422),
        ({"name": "Ann"}, 422),
        ({"name": "Ann", "password": GOOD, "admin": True}, 422),
        ({"name": 7, "password": GOOD}, 422),
    ],
)
def test_bad_sign_ups_are_refused(web: TestClient, body: dict[str, Any], status: int) -> None:
    answer = web.post("/api/account/signup", json=body)
    assert answer.status_code == status, answer.text
    assert hub(web).store.account_list() == []


def test_malformed_json_is_refused_by_every_account_route(web: TestClient) -> None:
    for path in ("signup", "login", "password", "delete"):
        for body in (b"{", b'{"name": "\xc0"}', b"[]"):
            answer = web.post(
                f"/api/account/{path}", content=body, headers={"content-type": "application/json"}
            )
            assert answer.status_code in (400, 422), (path, body, answer.text)
            assert "detail" in answer.json()
    assert hub(web).store.account_list() == []


def test_names_are_unique_without_case_or_compatibility_forms(web: TestClient) -> None:
    assert sign_up(web, "Ann").status_code == 201
    other = TestClient(web.app, headers={"Origin": OWN})
    for taken in ("ann", "ANN", "\uff21\uff4e\uff4e"):
        answer = sign_up(other, taken)
        assert answer.status_code == 409 and answer.json() == {"detail": "that name is taken"}
    assert [a.name for a in hub(web).store.account_list()] == ["Ann"]
    assert log_in(other, "aNN").json() == {"name": "Ann"}


def test_a_wrong_name_and_a_wrong_password_are_answered_alike(web: TestClient) -> None:
    sign_up(web)
    web.post("/api/account/logout")
    answers = [log_in(web, "Bob"), log_in(web, "Ann", "wrong password"), log_in(web, "\u202e")]
    assert {(a.status_code, a.text) for a in answers} == {
        (401, '{"detail":"wrong name or password"}')
    }
    assert all("set-cookie" not in a.headers for a in answers)
    assert web.get("/api/me").status_code == 401


def test_log_out_ends_the_session_in_the_store(web: TestClient) -> None:
    sign_up(web)
    token = web.cookies[COOKIE]
    answer = web.post("/api/account/logout")
    assert answer.status_code == 204 and 'boneyard_session=""' in answer.headers["set-cookie"]
    web.cookies.set(COOKIE, token)  # the old cookie kept and sent again
    assert web.get("/api/me").status_code == 401
    assert web.post("/api/account/logout").status_code == 204  # logging out twice is harmless


def test_a_wrong_or_expired_session_is_no_one(web: TestClient) -> None:
    assert web.get("/api/me").json() == {"detail": "not signed in"}
    web.cookies.set(COOKIE, "not-a-session")
    assert web.get("/api/me").status_code == 401
    web.cookies.set(COOKIE, "x" * 5000)
    assert web.get("/api/me").status_code == 401
    web.cookies.clear()
    sign_up(web)
    assert web.get("/api/me").status_code == 200
    with hub(web).store.writing() as conn:
        conn.execute(update(sessions).values(expires=now() - timedelta(seconds=1)))
    assert web.get("/api/me").status_code == 401
    answer = web.post("/api/account/password", json={"password": GOOD, "new": "another one!"})
    assert answer.status_code == 401


def test_changing_the_password_ends_every_session(web: TestClient) -> None:
    sign_up(web)
    elsewhere = TestClient(web.app, headers={"Origin": OWN})
    assert log_in(elsewhere).status_code == 200
    wrong = web.post("/api/account/password", json={"password": "not it at all", "new": "x" * 9})
    assert wrong.status_code == 403 and elsewhere.get("/api/me").status_code == 200
    short = web.post("/api/account/password", json={"password": GOOD, "new": "short"})
    assert short.status_code == 400
    answer = web.post("/api/account/password", json={"password": GOOD, "new": "a new secret"})
    assert answer.status_code == 200 and answer.json() == {"name": "Ann"}
    assert web.get("/api/me").status_code == 200  # this browser has a new session
    assert elsewhere.get("/api/me").status_code == 401  # the other's is gone
    assert log_in(elsewhere).status_code == 401
    assert log_in(elsewhere, password="a new secret").status_code == 200


def test_a_cross_site_request_with_the_cookie_is_refused(web: TestClient) -> None:
    sign_up(web)
    change = {"password": GOOD, "new": "stolen password"}
    for headers in (
        {"Origin": "http://evil.example"},
        {"Origin": "http://testserver.evil.example"},
        {"Origin": "null"},
        {"Origin": "null", "Sec-Fetch-Site": "cross-site"},
    ):
        answer = web.post("/api/account/password", json=change, headers=headers)
        assert answer.status_code == 403 and "another site" in answer.json()["detail"]
    bare = TestClient(web.app)  # no Origin at all
    bare.cookies.set(COOKIE, web.cookies[COOKIE])
    assert bare.post("/api/account/delete", json={"password": GOOD}).status_code == 403
    refused = web.post("/api/tables", json={"game": "draw"}, headers={"Origin": "http://e.x"})
    assert refused.status_code == 403
    assert log_in(web, password="stolen password").status_code == 401  # nothing changed
    # The pages' own fetches: Origin null under their no-referrer policy, and the browser's word.
    same = {"Origin": "null", "Sec-Fetch-Site": "same-origin"}
    assert web.post("/api/account/logout", headers=same).status_code == 204


def test_guests_play_as_before_from_anywhere(web: TestClient) -> None:
    guest = TestClient(web.app, headers={"Origin": "http://elsewhere.example"})
    assert create(guest)["id"]


def test_a_disabled_account_cannot_log_in_and_its_sessions_end(web: TestClient) -> None:
    sign_up(web)
    store = hub(web).store
    assert store.set_disabled(account_name("ann")[1], True)
    assert web.get("/api/me").status_code == 401
    assert log_in(web).status_code == 403 and log_in(web).json()["detail"].endswith("disabled")
    assert log_in(web, password="a wrong one").status_code == 401  # no hint without the password
    assert store.set_disabled(account_name("Ann")[1], False)
    assert log_in(web).status_code == 200
    assert not store.set_disabled("nobody", True)


def test_deleting_the_account_removes_it_and_its_sessions(web: TestClient) -> None:
    sign_up(web)
    elsewhere = TestClient(web.app, headers={"Origin": OWN})
    log_in(elsewhere)
    assert web.post("/api/account/delete", json={"password": "not the one"}).status_code == 403
    assert web.post("/api/account/delete", json={"password": GOOD}).status_code == 204
    with hub(web).store.reading() as conn:
        assert conn.execute(select(accounts)).all() == []
        assert conn.execute(select(sessions)).all() == []
    assert elsewhere.get("/api/me").status_code == 401
    assert log_in(elsewhere).status_code == 401
    assert sign_up(elsewhere).status_code == 201  # the name is free again


def test_log_ins_are_limited_per_name_and_per_client(db_url: str) -> None:
    tight = settings(db_url, login_name_burst=3, login_name_rate=0.001, login_burst=8)
    with TestClient(create_app(tight), headers={"Origin": OWN}) as c:
        assert sign_up(c).status_code == 201  # one of the client's 8
        c.cookies.clear()
        other = TestClient(c.app, headers={"Origin": OWN})
        assert [log_in(c, password="wrong one!").status_code for _ in range(4)] == [
            401,
            401,
            401,
            429,
        ]
        assert log_in(c).status_code == 429  # even the right password, for a while
        assert log_in(c, "Bob").status_code == 401  # another name: the client's 6th try
        assert [log_in(other, f"P{i}").status_code for i in range(3)] == [401, 429, 429]
        assert log_in(other, "Cy").json() == {"detail": "too many attempts: wait a minute"}


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    server: str = request.getfixturevalue("postgres")
    return fresh_database(server, f"t_{uuid.uuid4().hex[:12]}")


@pytest.mark.xdist_group("postgres")
def test_the_store_keeps_accounts_and_sessions(url: str) -> None:
    store = Store(url)
    store.open()
    try:
        hashed = hash_password(GOOD)
        ann = store.add_account("Ann", "ann", hashed)
        assert ann is not None and ann.name == "Ann" and not ann.disabled
        assert store.add_account("ANN", "ann", hashed) is None
        store.add_session("s1", ann.id, now() + timedelta(days=1))
        store.add_session("s0", ann.id, now() - timedelta(days=1))
        assert store.account_of_session("s1") == ann
        assert store.account_of_session("s0") is None
        assert [(a.name, a.sessions) for a in store.account_list()] == [("Ann", 1)]
        store.add_session("s2", ann.id, now() + timedelta(days=1))  # s0 swept away
        with store.reading() as conn:
            assert sorted(conn.execute(select(sessions.c.id)).scalars()) == ["s1", "s2"]
        store.set_password(ann.id, "other")
        assert store.account_of_session("s2") is None
        assert store.account_named("ann") == ann.__class__(**{**ann.__dict__, "password": "other"})
        assert store.set_disabled("ann", True) and store.account_named("ann").disabled  # type: ignore[union-attr]
        assert store.delete_account(ann.id) == [] and store.delete_account(ann.id) is None
        assert store.account_list() == []
    finally:
        store.close()


@pytest.mark.xdist_group("postgres")
def test_upgrading_from_revision_0004_keeps_everything(url: str) -> None:
    from alembic import command
    from alembic.config import Config

    store = Store(url)
    config = Config()
    config.set_main_option(
        "script_location", str(Path(store.migrate.__code__.co_filename).parent / "migrations")
    )
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0004")
    assert store.revision() == "0004"
    at = now()
    row = {
        "id": "t1", "game": "draw", "rule_set": "standard", "options": {}, "players": 2,
        "practice": False, "seed": 7, "status": "finished", "winner": "Ann", "created": at,
        "updated": at,
    }  # fmt: skip
    with store.writing() as conn:
        conn.execute(tables.insert().values(**row))
    store.open()
    try:
        assert store.revision() == HEAD_REVISION
        with store.reading() as conn:
            kept = conn.execute(select(tables.c.id, tables.c.winner, tables.c.seed)).all()
        assert [tuple(r) for r in kept] == [("t1", "Ann", 7)]
        assert store.add_account("Ann", "ann", "h") is not None
    finally:
        store.close()


def test_the_users_commands_list_disable_enable_and_delete(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from boneyard.apps.cli import build_app

    app, db = build_app(), f"sqlite:///{tmp_path / 'club.db'}"

    def users(*args: str, given: str | None = None) -> Any:
        return CliRunner().invoke(app, ["users", *args, "--db", db], input=given)

    with TestClient(create_app(settings(db)), headers={"Origin": OWN}) as c:
        assert users("list").stdout == "no accounts\n"
        sign_up(c, "Ann")
        sign_up(TestClient(c.app, headers={"Origin": OWN}), "Bob")
        listed = users("list").stdout.splitlines()
        assert [line.split()[0] for line in listed] == ["Ann", "Bob"]
        assert "enabled" in listed[0] and "1 session" in listed[0]
        assert users("disable", "ANN").stdout == "ANN: disabled\n"
        assert c.get("/api/me").status_code == 401  # its session ended at once
        assert log_in(c).status_code == 403
        assert "disabled  0 sessions" in users("list").stdout.splitlines()[0]
        assert users("enable", "ann").exit_code == 0 and log_in(c).status_code == 200
        missing = users("disable", "Cy")
        assert missing.exit_code == 2 and "no account named Cy" in missing.stderr
        assert users("delete", "you").exit_code == 2  # no account can have that name
        kept = users("delete", "bob", given="n\n")
        assert kept.exit_code == 2 and "nothing deleted" in kept.stderr
        assert users("delete", "bob", "--yes").stdout == "Bob: deleted\n"
        assert [line.split()[0] for line in users("list").stdout.splitlines()] == ["Ann"]


def my_tables(c: TestClient, count: int) -> list[dict[str, Any]]:
    """``/api/me``'s tables once there are ``count`` (the binding is written in the background)."""
    deadline = time.monotonic() + 10
    while True:
        tables: list[dict[str, Any]] = c.get("/api/me").json()["tables"]
        if len(tables) >= count or time.monotonic() > deadline:
            return tables
        time.sleep(0.02)


def sit(c: TestClient, made: dict[str, Any], seat: int, origin: str = OWN, chat: str = "") -> None:
    """Take a seat by its token over a websocket (from ``origin``), and say ``chat``."""
    token = made["seats"][seat]["token"]
    with c.websocket_connect(f"/ws/{made['id']}", headers={"Origin": origin}) as ws:
        p = Player(ws)
        p.hello(token)
        if chat:
            p.send(type="chat", text=chat, id=1)
            p.until(lambda m: m["type"] == "chat")


def test_a_signed_in_persons_seat_is_bound_to_the_account(web: TestClient) -> None:
    sign_up(web, "Ann")
    made = create(web)
    guest = TestClient(web.app)
    unbound = create(guest)
    sit(guest, unbound, 0)  # a guest: nobody's seat
    foreign = create(web)
    sit(web, foreign, 0, origin="http://evil.example")  # another site's page: not bound
    sit(web, made, 0)
    sit(web, made, 0)  # again: still one seat
    (mine,) = my_tables(web, 1)
    assert mine["table_id"] == made["id"] and mine["seat"] == 0 and mine["name"] == "Ann"
    assert (mine["game"], mine["status"], mine["winner"]) == ("draw", "playing", None)
    # Another account opening the same invite does not take the seat over.
    other = TestClient(web.app, headers={"Origin": OWN})
    sign_up(other, "Bob")
    sit(other, made, 0)
    time.sleep(0.2)
    assert my_tables(other, 0) == [] and len(my_tables(web, 1)) == 1


def test_a_new_invite_unbinds_the_seat(web: TestClient) -> None:
    sign_up(web, "Ann")
    made = create(web, seats=[{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}])
    sit(web, made, 1)
    assert len(my_tables(web, 1)) == 1
    auth = {"Authorization": f"Bearer {made['creator_token']}"}
    assert web.post(f"/api/tables/{made['id']}/seats/1/invite", headers=auth).status_code == 200
    assert my_tables(web, 0) == []


def test_deleting_keeps_the_accounts_games_with_its_name_replaced(web: TestClient) -> None:
    from boneyard.apps.server.store.schema import chat, seats

    sign_up(web, "Ann")
    made = create(web)
    sit(web, made, 0, chat="good game")
    assert len(my_tables(web, 1)) == 1
    assert web.post(f"/api/tables/{made['id']}/close", headers={
        "Authorization": f"Bearer {made['creator_token']}"}).status_code == 200  # fmt: skip
    assert web.post("/api/account/delete", json={"password": GOOD}).status_code == 204
    with hub(web).store.reading() as conn:
        names = conn.execute(select(seats.c.name, seats.c.account_id).order_by(seats.c.seat))
        first = tuple(names.first() or ())
        lines = [tuple(r) for r in conn.execute(select(chat.c.name, chat.c.text))]
    assert first == ("Deleted player 1", None)
    assert lines == [("Deleted player 1", "good game")]
    record = web.get(f"/api/tables/{made['id']}/record").text
    assert "Ann" not in record and "Deleted player 1" in record
    summary = web.get(f"/api/tables/{made['id']}").json()
    assert summary["seats"][0]["name"] == "Deleted player 1"


def test_chat_from_a_blocked_person_is_not_delivered_to_the_blocker(web: TestClient) -> None:
    sign_up(web, "Ann")
    bob = TestClient(web.app, headers={"Origin": OWN})
    sign_up(bob, "Bob")
    made = create(web, seats=[{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}])
    for name, status in (("Cy", 404), ("ann", 400), ("\u202e", 404)):
        answer = web.post("/api/account/block", json={"name": name})
        assert answer.status_code == status, answer.text
    assert TestClient(web.app).post("/api/account/block", json={"name": "Bob"}).status_code == 401
    url = f"/ws/{made['id']}"
    ann_token, bob_token = web.cookies[COOKIE], bob.cookies[COOKIE]
    # Both websockets through the client that runs the app (its event loop), each with its cookie.
    with contextlib.ExitStack() as stack:
        a = stack.enter_context(web.websocket_connect(url, headers={"Origin": OWN}))
        web.cookies.clear()
        web.cookies.set(COOKIE, bob_token)
        b = stack.enter_context(web.websocket_connect(url, headers={"Origin": OWN}))
        web.cookies.clear()
        web.cookies.set(COOKIE, ann_token)
        ann, bobs = Player(a), Player(b)
        ann.hello(made["seats"][0]["token"])
        bobs.hello(made["seats"][1]["token"])
        bobs.send(type="chat", text="before", id=1)
        assert ann.until(lambda m: m["type"] == "chat")["text"] == "before"
        assert web.post("/api/account/block", json={"name": "BOB"}).status_code == 204
        assert web.post("/api/account/block", json={"name": "bob"}).status_code == 204  # twice
        assert web.get("/api/me").json()["blocked"] == ["Bob"]
        bobs.send(type="chat", text="after", id=2)
        bobs.until(lambda m: m["type"] == "chat" and m["text"] == "after")  # Bob sees his own
        ann.send(type="chat", text="from Ann", id=3)
        assert bobs.until(lambda m: m["type"] == "chat")["text"] == "from Ann"  # not both ways
        ann.fresh()
        heard = [m["text"] for m in ann.seen if m["type"] == "chat"]
        assert heard == ["before", "from Ann"]
        with web.websocket_connect(url, headers={"Origin": OWN}) as w:  # Ann, watching too
            watcher = Player(w)
            watcher.hello()
            assert watcher.state is not None
            assert [c["text"] for c in watcher.state["chat"]] == ["from Ann"]  # the history too
        assert web.post("/api/account/unblock", json={"name": "Bob"}).status_code == 204
        assert [c["text"] for c in ann.fresh()["chat"]] == ["before", "after", "from Ann"]
        assert web.get("/api/me").json()["blocked"] == []
    # Blocks are stored: a new connection of Ann's after blocking again is not sent Bob's chat.
    assert web.post("/api/account/block", json={"name": "Bob"}).status_code == 204
    with web.websocket_connect(url, headers={"Origin": OWN}) as a:
        ann = Player(a)
        ann.hello(made["seats"][0]["token"])
        assert [c["text"] for c in ann.fresh()["chat"]] == ["from Ann"]
    # Deleting Bob's account removes Ann's block of it.
    assert bob.post("/api/account/delete", json={"password": GOOD}).status_code == 204
    assert web.get("/api/me").json()["blocked"] == []
