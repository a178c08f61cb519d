"""Rated tables (docs/server.md, "Ratings"): made for people only, each seat taken by a signed-in
person and bound to the account; seats made for accounts (quick pairing, tournaments) are theirs
alone; the flag and the bindings survive the store and a rematch."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverhelp import Player, hub, settings, table_of
from sqlalchemy import select

from boneyard.apps.server.app import create_app
from boneyard.apps.server.messages import CreateTable, SeatSpec
from boneyard.apps.server.store.schema import seats, tables
from boneyard.apps.server.table import Table

OWN = "http://testserver"
PASSWORD = "correct horse battery"
TWO = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


@pytest.fixture
def web(db_url: str) -> Any:
    with TestClient(create_app(settings(db_url)), headers={"Origin": OWN}) as c:
        yield c


def person(web: TestClient, name: str) -> TestClient:
    """Another browser, signed up as ``name``."""
    c = TestClient(web.app, headers={"Origin": OWN})
    answer = c.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return c


def rated(web: TestClient, **body: Any) -> dict[str, Any]:
    answer = web.post("/api/tables", json={"game": "draw", "seats": TWO, "rated": True, **body})
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def hello(c: TestClient, made: dict[str, Any], seat: int) -> dict[str, Any]:
    """``hello`` with the seat's token: the welcome, or the error it got."""
    with c.websocket_connect(f"/ws/{made['id']}", headers={"Origin": OWN}) as ws:
        p = Player(ws)
        p.send(type="hello", token=made["seats"][seat]["token"])
        return p.until(lambda m: m["type"] in ("welcome", "error"))


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"seats": [TWO[0], {"kind": "computer", "level": "greedy"}]}, "people only"),
        ({"seats": TWO, "practice": True}, "no practice"),
    ],
)
def test_a_rated_table_is_for_people_only_without_practice(
    web: TestClient, change: dict[str, Any], why: str
) -> None:
    answer = web.post("/api/tables", json={"game": "draw", "rated": True, **change})
    assert answer.status_code == 400 and why in answer.json()["detail"], answer.text
    assert hub(web).rooms == {}


def test_a_seed_is_refused_at_a_rated_table(web: TestClient) -> None:
    one = [TWO[0], TWO[1]]
    answer = web.post("/api/tables", json={"game": "draw", "rated": True, "seats": one, "seed": 3})
    assert answer.status_code == 400 and "no seed" in answer.json()["detail"], answer.text


def test_a_guest_is_refused_a_seat_of_a_rated_table(web: TestClient) -> None:
    made = rated(web)
    guest = TestClient(web.app, headers={"Origin": OWN})
    answer = hello(guest, made, 0)
    assert (answer["type"], answer["code"]) == ("error", "sign_in"), answer
    assert table_of(web, made["id"]).seats[0].account is None
    assert web.get("/api/tables").json()["open"][0]["rated"] is True


def test_the_first_account_binds_a_seat_and_no_other_account_takes_it(web: TestClient) -> None:
    made = rated(web)
    ann, bob = person(web, "Ann"), person(web, "Bob")
    assert hello(ann, made, 0)["type"] == "welcome"
    table = table_of(web, made["id"])
    ann_id = hub(web).store.account_named("ann")
    assert ann_id is not None and table.seats[0].account == ann_id.id
    answer = hello(bob, made, 0)  # Ann's invite link, opened by Bob
    assert (answer["type"], answer["code"]) == ("error", "not_yours"), answer
    assert hello(ann, made, 0)["type"] == "welcome"  # Ann again, from anywhere she is signed in
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the binding is stored in the background
        with hub(web).store.reading() as conn:
            bound = conn.execute(
                select(seats.c.account_id).where(seats.c.table_id == made["id"], seats.c.seat == 0)
            ).scalar_one()
        if bound is not None:
            break
        time.sleep(0.02)
    assert bound == ann_id.id


def test_seats_made_for_accounts_are_named_after_them_and_stored_rated(web: TestClient) -> None:
    person(web, "Ann")
    person(web, "Bob")
    store = hub(web).store
    ann, bob = store.account_named("ann"), store.account_named("bob")
    assert ann is not None and bob is not None
    spec = CreateTable(
        game="draw", seats=[SeatSpec(kind="person"), SeatSpec(kind="person")], rated=True
    )
    bound = {0: (bob.id, bob.name), 1: (ann.id, ann.name)}
    made = web.portal.call(hub(web).create, spec, "pairing", bound)  # type: ignore[union-attr]
    table = table_of(web, made.id)
    assert [(s.name, s.account) for s in table.seats] == [("Bob", bob.id), ("Ann", ann.id)]
    with store.reading() as conn:
        row = conn.execute(select(tables.c.rated).where(tables.c.id == made.id)).scalar_one()
        accounts = conn.execute(
            select(seats.c.account_id).where(seats.c.table_id == made.id).order_by(seats.c.seat)
        ).scalars()
        assert row is True and list(accounts) == [bob.id, ann.id]
    stored = store.load(made.id)
    assert stored is not None
    again = Table.restore(stored)
    assert again.rated and [s.account for s in again.seats] == [bob.id, ann.id]


def test_a_casual_table_stays_unrated(web: TestClient) -> None:
    answer = web.post("/api/tables", json={"game": "draw", "seats": TWO})
    assert answer.status_code == 201
    assert table_of(web, answer.json()["id"]).rated is False
    guest = TestClient(web.app, headers={"Origin": OWN})
    assert hello(guest, answer.json(), 0)["type"] == "welcome"


def test_a_freed_seat_of_a_rated_table_is_nobodys_and_the_match_unrated(web: TestClient) -> None:
    made = rated(web)
    ann = person(web, "Ann")
    assert hello(ann, made, 0)["type"] == "welcome"
    assert table_of(web, made["id"]).seats[0].account is not None
    auth = {"Authorization": f"Bearer {made['creator_token']}"}
    freed = web.post(f"/api/tables/{made['id']}/seats/0/free", headers=auth)
    assert freed.status_code == 200, freed.text
    table = table_of(web, made["id"])
    # In memory as in the store: the computer's seat is bound to no account, and the match is
    # no longer rated (computers are not rated).
    assert (table.seats[0].kind, table.seats[0].account, table.rated) == ("computer", None, False)
    with hub(web).store.reading() as conn:
        stored = conn.execute(
            select(seats.c.account_id).where(seats.c.table_id == made["id"], seats.c.seat == 0)
        ).scalar_one()
        flag = conn.execute(select(tables.c.rated).where(tables.c.id == made["id"])).scalar_one()
    assert (stored, flag) == (None, False)


def test_a_signed_in_person_gets_a_new_link_to_his_seat(web: TestClient) -> None:
    made = rated(web)
    ann, bob = person(web, "Ann"), person(web, "Bob")
    assert hello(ann, made, 0)["type"] == "welcome"
    path = f"/api/tables/{made['id']}/seat"
    guest = TestClient(web.app, headers={"Origin": OWN})
    assert guest.post(path).status_code == 401
    assert bob.post(path).status_code == 403  # no seat of it is his (yet)
    assert ann.post("/api/tables/nosuchtable/seat").status_code == 404
    evil = ann.post(path, headers={"Origin": "http://evil.example"})
    assert evil.status_code == 403  # another site's page cannot take it
    answer = ann.post(path)
    assert answer.status_code == 200, answer.text
    link = answer.json()
    assert link["seat"] == 0 and link["token"] and link["invite"].endswith(f"#seat={link['token']}")
    new = {"id": made["id"], "seats": [link]}
    assert hello(ann, new, 0)["type"] == "welcome"
    old = hello(ann, made, 0)  # the link it replaced
    assert (old["type"], old["code"]) == ("error", "bad_token"), old
