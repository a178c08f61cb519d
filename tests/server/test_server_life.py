"""A table's life: the turn clock and the computer that plays for an absent person until he comes
back, leaving, resigning, the rematch, private tables, invites reissued and seats freed by the
table's creator, expiry, and the limits on each client."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverhelp import Player, create, hub, settings, snapshot, table_of

from boneyard.apps.server.app import create_app
from boneyard.apps.server.store import Store

pytestmark = pytest.mark.timeout(120)

PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


def wait_for(check: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.02)


def seats_of(state: dict[str, Any]) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = state["seats"]
    return seats


# --------------------------------------------------------------------------- the turn clock
def test_a_person_past_the_clock_is_played_for_until_he_comes_back(client: TestClient) -> None:
    made = create(client, "draw", seats=PEOPLE, clock=1)
    table = table_of(client, made["id"])
    with (
        client.websocket_connect(f"/ws/{made['id']}") as a,
        client.websocket_connect(f"/ws/{made['id']}") as b,
    ):
        players = [Player(a), Player(b)]
        for p, s in zip(players, made["seats"], strict=True):
            p.hello(s["token"])
        states = [p.fresh() for p in players]
        turn = states[0]["turn"]
        idle, waiting = players[turn], players[1 - turn]
        assert states[turn]["clock"] == 1 and 0 < states[turn]["clock_left"] <= 1
        moved = states[turn]["move"]
        name = made["seats"][turn]["name"]
        # The player to move does nothing: after a second a computer plays his seat.
        away = idle.until(lambda m: m["type"] == "state" and m["seats"][turn]["away"])
        assert away["moves"] == [] and "You are away: a computer plays for now." in away["log"]
        seen = waiting.until(lambda m: m["type"] == "state" and m["move"] > moved)
        assert f"{name} is away: a computer plays for now." in seen["log"]
        assert table.seats[turn].away
        # His own moves are refused while the computer holds his seat ...
        idle.send(type="move", action={"kind": "pass", "notation": "pass"}, id=5)
        refused = idle.until(lambda m: m["type"] in ("ack", "error") and m["id"] == 5)
        assert refused["type"] == "error"
        assert refused["code"] in ("not_away", "not_your_turn"), refused
        # ... until he takes it back.
        idle.send(type="back", id=6)
        back = idle.until(lambda m: m["type"] == "state" and not m["seats"][turn]["away"])
        assert "You are back." in back["log"]
        assert not table.seats[turn].away
        idle.send(type="back", id=7)
        idle.error("not_away")


def test_the_clock_of_a_table_of_one_person_is_off_by_default(client: TestClient) -> None:
    made = create(client, "draw")
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        assert ann.fresh()["clock"] is None and ann.state is not None
        assert ann.state["clock_left"] is None
    two = create(client, "draw", seats=PEOPLE)
    assert client.get(f"/api/tables/{two['id']}").json()["clock"] == 60


def test_nobody_here_nobody_plays_for_the_absent(client: TestClient) -> None:
    """A computer plays an absent person's seat only while another person is here: with nobody
    at the table it waits, and the first to come back by his link takes his seat again."""
    made = create(client, "draw", seats=PEOPLE, clock=1)
    table = table_of(client, made["id"])
    turn = table.state.turn
    tokens = [s["token"] for s in made["seats"]]
    time.sleep(1.3)
    # The clock has rung: the person to move is away, but nobody is here to play against.
    assert table.seats[turn].away
    before = snapshot(table)
    time.sleep(0.5)
    assert snapshot(table) == before
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        other = Player(ws)
        other.hello(tokens[1 - turn])
        # Someone is here: the computer plays for the absent person.
        other.until(lambda m: m["type"] == "state" and m["move"] > before[2])
        assert table.seats[turn].away
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        returning = Player(ws)
        welcome = returning.hello(tokens[turn])
        assert welcome["seat"] == turn
        state = returning.fresh()
        assert not state["seats"][turn]["away"] and not table.seats[turn].away


def test_leave_then_come_back(client: TestClient) -> None:
    made = create(client, "draw", seats=PEOPLE, clock=0)
    table = table_of(client, made["id"])
    with (
        client.websocket_connect(f"/ws/{made['id']}") as a,
        client.websocket_connect(f"/ws/{made['id']}") as b,
    ):
        ann, bob = Player(a), Player(b)
        ann.hello(made["seats"][0]["token"])
        bob.hello(made["seats"][1]["token"])
        ann.send(type="leave", id=1)
        ann.until(lambda m: m["type"] == "state" and m["seats"][0]["away"])
        bob_sees = bob.until(lambda m: m["type"] == "state" and m["seats"][0]["away"])
        assert "Ann is away: a computer plays for now." in bob_sees["log"]
        # Bob plays on against the computer that holds Ann's seat.
        for _ in range(4):
            if bob.wait_choice():
                assert bob.play()["type"] == "ack"
        assert table.seats[0].away
    with client.websocket_connect(f"/ws/{made['id']}") as a:
        Player(a).hello(made["seats"][0]["token"])
        assert not table.seats[0].away


# --------------------------------------------------------------------------- resign, rematch
def test_resigning_a_match_of_two_sides_ends_it(client: TestClient) -> None:
    made = create(client, "draw", seats=PEOPLE, clock=0)
    table_id = made["id"]
    with (
        client.websocket_connect(f"/ws/{table_id}") as a,
        client.websocket_connect(f"/ws/{table_id}") as b,
    ):
        ann, bob = Player(a), Player(b)
        ann.hello(made["seats"][0]["token"])
        bob.hello(made["seats"][1]["token"])
        ann.send(type="rematch", id=1)
        ann.error("no_rematch")
        ann.send(type="resign", id=2)
        over = ann.until(lambda m: m["type"] == "state" and m["status"] == "over")
        assert over["winner"] == "You resign: Bob wins the match."
        assert bob.until(lambda m: m["type"] == "state" and m["status"] == "over")["winner"] == (
            "Ann resigns: you win the match."
        )
        bob.send(type="resign", id=3)
        bob.error("no_resign")
        bob.send(type="move", action={"kind": "pass", "notation": "pass"}, id=4)
        bob.error("match_over")
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "over"
    stored = Store(hub(client).settings.db).load(table_id)
    assert stored is not None and stored.resigned == 0 and stored.status == "over"
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["meta"]["resigned"] == 0
    # A server started again on the store keeps the match resigned (it is not resumed).
    again = create_app(settings(hub(client).settings.db))
    with TestClient(again) as other:
        assert table_id not in hub(other).rooms
        summary = other.get(f"/api/tables/{table_id}").json()
        assert summary["status"] == "over" and summary["winner"] == (
            "Ann resigns: Bob wins the match."
        )


def test_resigning_at_a_larger_table_hands_the_seat_to_a_computer(client: TestClient) -> None:
    made = create(
        client,
        "draw",
        seats=[{"kind": "person", "name": "Ann"}, *[{"kind": "computer", "level": "greedy"}] * 2],
    )
    table = table_of(client, made["id"])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        ann.send(type="resign", id=1)
        ann.error("resigned")
        welcome = ann.until(lambda m: m["type"] == "welcome")
        assert welcome["role"] == "spectator" and welcome["seat"] is None
        state = ann.until(lambda m: m["type"] == "state")
        assert state["seats"][0]["kind"] == "computer" and state["status"] != "over"
        assert state["tiles"] == []
    assert table.seats[0].kind == "computer" and table.seats[0].token_hash is None
    stored = Store(hub(client).settings.db).load(made["id"])
    assert stored is not None and stored.seats[0].kind == "computer"


def test_a_rematch_seats_everyone_again_at_a_new_table(client: TestClient) -> None:
    made = create(client, "block", seats=PEOPLE, clock=0, private=True)
    tokens = [s["token"] for s in made["seats"]]
    with client.websocket_connect(f"/ws/{made['id']}") as a:
        ann = Player(ws=a)
        ann.hello(tokens[0])
        ann.send(type="resign", id=1)
        ann.until(lambda m: m["type"] == "state" and m["status"] == "over")
        ann.send(type="rematch", id=2)
        state = ann.until(lambda m: m["type"] == "state" and m["rematch"])
        new_id = state["rematch"]
        ann.send(type="rematch", id=3)  # asked again: the same rematch
        assert ann.until(lambda m: m["type"] == "state")["rematch"] == new_id
    assert new_id != made["id"] and len(new_id) == 16  # a private table's rematch is private
    new = client.get(f"/api/tables/{new_id}").json()
    assert new["status"] == "playing" and new["private"]
    assert [s["name"] for s in new["seats"]] == ["Ann", "Bob"]
    for seat, token in enumerate(tokens):
        with client.websocket_connect(f"/ws/{new_id}") as ws:
            assert Player(ws).hello(token)["seat"] == seat  # the same invite, the new address
    stored = Store(hub(client).settings.db).load(made["id"])
    assert stored is not None and stored.rematch == new_id


# --------------------------------------------------------------------------- private tables
def test_a_private_table_is_watched_only_by_its_address(client: TestClient) -> None:
    listed = create(client, "draw")
    private = create(client, "draw", private=True)
    assert len(private["id"]) == 16 and len(listed["id"]) == 8
    body = client.get("/api/tables").json()
    ids = [t["id"] for t in body["open"] + body["recent"]]
    assert listed["id"] in ids and private["id"] not in ids
    with client.websocket_connect(f"/ws/{private['id']}") as ws:
        watcher = Player(ws)
        assert watcher.hello()["role"] == "spectator"
        assert watcher.state is not None and watcher.state["private"]
    assert client.get(f"/api/tables/{private['id']}").json()["private"] is True


# --------------------------------------------------------------------------- the creator's powers
def test_the_creator_reissues_an_invite_and_the_old_link_stops_working(
    client: TestClient,
) -> None:
    made = create(client, "draw", seats=PEOPLE, clock=0)
    key = made["creator_token"]
    old = made["seats"][1]["token"]
    path = f"/api/tables/{made['id']}/seats/1/invite"
    assert client.post(path).status_code == 403
    assert client.post(path, headers={"Authorization": "Bearer nope"}).status_code == 403
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        bob = Player(ws)
        bob.hello(old)
        reply = client.post(path, headers={"Authorization": f"Bearer {key}"})
        assert reply.status_code == 200, reply.text
        link = reply.json()
        bob.error("revoked")
        assert bob.until(lambda m: m["type"] == "welcome")["role"] == "spectator"
    assert link["seat"] == 1 and link["token"] != old
    assert link["invite"] == f"/t/{made['id']}#seat={link['token']}"
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        stale = Player(ws)
        stale.send(type="hello", token=old)
        stale.error("bad_token")
        assert stale.hello(link["token"])["seat"] == 1
    assert (
        client.post(
            f"/api/tables/{made['id']}/seats/9/invite", headers={"Authorization": f"Bearer {key}"}
        ).status_code
        == 404
    )


def test_the_creator_frees_a_seat_for_a_computer(client: TestClient) -> None:
    made = create(client, "draw", seats=PEOPLE, clock=0)
    key = {"Authorization": f"Bearer {made['creator_token']}"}
    table = table_of(client, made["id"])
    path = f"/api/tables/{made['id']}/seats/1/free"
    assert client.post(path, json={"level": "greedy"}).status_code == 403
    assert client.post(path, json={"level": "nope"}, headers=key).status_code == 400
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        freed = client.post(path, json={"level": "greedy"}, headers=key)
        assert freed.status_code == 200, freed.text
        assert freed.json()["kind"] == "computer" and freed.json()["invite"] is None
        state = ann.until(lambda m: m["type"] == "state" and m["seats"][1]["kind"] == "computer")
        assert "A computer (greedy) now plays Bob's seat." in state["log"]
        # The computer plays the freed seat.
        for _ in range(3):
            if ann.wait_choice():
                assert ann.play()["type"] == "ack"
    assert table.seats[1].kind == "computer"
    assert client.post(path, headers=key).status_code == 409  # a computer's already
    # The freed seat may go back to a person, by a new invite.
    again = client.post(f"/api/tables/{made['id']}/seats/1/invite", headers=key).json()
    assert table.seats[1].kind == "person"
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        assert Player(ws).hello(again["token"])["seat"] == 1


def test_the_creator_closes_a_table(client: TestClient) -> None:
    made = create(
        client, "draw", seats=[{"kind": "computer", "level": "greedy"}] * 2, target=10_000
    )
    key = {"Authorization": f"Bearer {made['creator_token']}"}
    path = f"/api/tables/{made['id']}/close"
    assert client.post(path).status_code == 403
    reply = client.post(path, headers=key)
    assert reply.status_code == 200 and reply.json()["status"] == "closed"
    assert client.post(path, headers=key).status_code == 409
    table = table_of(client, made["id"])
    before = snapshot(table)
    time.sleep(0.2)
    assert snapshot(table) == before  # the computers stopped


# --------------------------------------------------------------------------- expiry
def test_a_table_where_no_person_acts_is_closed(db_url: str) -> None:
    with TestClient(create_app(settings(db_url, expire_after=0.6, sweep_every=3600))) as client:
        idle = create(client, "draw")
        busy = create(client, "draw")
        robots = create(
            client, "draw", seats=[{"kind": "computer", "level": "greedy"}] * 2, target=10_000
        )
        time.sleep(0.4)
        with client.websocket_connect(f"/ws/{busy['id']}") as ws:
            ann = Player(ws)
            ann.hello(busy["seats"][0]["token"])  # joining is acting
            time.sleep(0.3)
            ann.send(type="chat", text="still here")  # so is chatting
            ann.until(lambda m: m["type"] == "chat")
            portal = client.portal
            assert portal is not None
            closed = portal.call(hub(client).sweep)
            # The computers played on, but their moves do not count: that table is closed too.
            assert sorted(closed) == sorted([idle["id"], robots["id"]])
            moved = table_of(client, robots["id"])
            assert moved.number > 1 or moved.state.history
            with client.websocket_connect(f"/ws/{idle['id']}") as w:
                watcher = Player(w)
                watcher.hello()
                assert watcher.state is not None and watcher.state["status"] == "closed"
                assert "The table is closed" in watcher.state["log"][-1]
            body = client.get("/api/tables").json()
            ids = [t["id"] for t in body["open"]]
            assert busy["id"] in ids and idle["id"] not in ids and robots["id"] not in ids
        store = Store(db_url)
        assert {t.id for t in store.load_active()} == {busy["id"]}
        store.close()


# --------------------------------------------------------------------------- limits
def test_tables_of_computers_only_are_limited_per_client(db_url: str) -> None:
    robots = {"seats": [{"kind": "computer", "level": "greedy"}] * 2, "target": 10_000}
    with TestClient(
        create_app(settings(db_url, computer_tables=2, forwarded_allow_ips="*"))
    ) as client:
        made = [create(client, "draw", **robots) for _ in range(2)]
        refused = client.post("/api/tables", json={"game": "draw", **robots})
        assert refused.status_code == 429 and "computers only" in refused.json()["detail"]
        # Another client (behind the trusted proxy) has its own allowance ...
        other = client.post(
            "/api/tables", json={"game": "draw", **robots}, headers={"X-Forwarded-For": "10.0.0.9"}
        )
        assert other.status_code == 201
        # ... and a table with a person is not limited this way.
        create(client, "draw")
        # A table that ends gives its place back.
        key = {"Authorization": f"Bearer {made[0]['creator_token']}"}
        assert client.post(f"/api/tables/{made[0]['id']}/close", headers=key).status_code == 200
        assert client.post("/api/tables", json={"game": "draw", **robots}).status_code == 201


def test_new_tables_are_limited_per_client_behind_a_proxy(db_url: str) -> None:
    with TestClient(
        create_app(settings(db_url, create_burst=2, create_rate=0.001, forwarded_allow_ips="*"))
    ) as client:
        body = {"game": "block", "seats": [{"kind": "person"}, {"kind": "computer"}]}

        def make(address: str) -> int:
            return client.post(
                "/api/tables", json=body, headers={"X-Forwarded-For": address}
            ).status_code

        assert [make("1.2.3.4") for _ in range(3)] == [201, 201, 429]
        assert make("5.6.7.8") == 201  # another client behind the same proxy
    with TestClient(create_app(settings(db_url, create_burst=2, create_rate=0.001))) as client:
        # Without a trusted proxy the header is the client's word only: one bucket for all.
        codes = [
            client.post("/api/tables", json=body, headers={"X-Forwarded-For": f"9.9.9.{i}"})
            for i in range(3)
        ]
        assert [c.status_code for c in codes] == [201, 201, 429]


def test_hints_are_limited_per_client(db_url: str) -> None:
    with TestClient(create_app(settings(db_url, hint_burst=1, hint_rate=0.001))) as client:
        made = [create(client, "draw", practice=True) for _ in range(2)]
        with (
            client.websocket_connect(f"/ws/{made[0]['id']}") as a,
            client.websocket_connect(f"/ws/{made[1]['id']}") as b,
        ):
            first, second = Player(a), Player(b)
            first.hello(made[0]["seats"][0]["token"])
            second.hello(made[1]["seats"][0]["token"])
            assert first.wait_choice() and second.wait_choice()
            first.send(type="hint", id=1)
            assert first.until(lambda m: m["type"] in ("hint", "error"))["type"] == "hint"
            second.send(type="hint", id=2)  # the same client, at another table
            second.error("rate_limited")


def test_connections_are_limited_per_client(db_url: str) -> None:
    with TestClient(create_app(settings(db_url, connections=2))) as client:
        made = create(client)
        with (
            client.websocket_connect(f"/ws/{made['id']}") as a,
            client.websocket_connect(f"/ws/{made['id']}") as b,
        ):
            Player(a).hello()
            Player(b).hello()
            with client.websocket_connect(f"/ws/{made['id']}") as c:
                Player(c).error("too_many")
        with client.websocket_connect(f"/ws/{made['id']}") as d:
            assert Player(d).hello()["role"] == "spectator"  # the others have gone


# --------------------------------------------------------------------------- operating
def test_metrics(client: TestClient) -> None:
    made = create(client, "draw")
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        ann.send(type="launch")
        ann.error("unknown_type")
        if ann.wait_choice():
            ann.play()
        body = client.get("/api/metrics").json()
        assert body["connections"] == 1 and body["players_connected"] == 1
        assert body["tables"]["playing"] >= 1
        assert body["moves"] >= 1 and body["refused"]["unknown_type"] == 1
        assert body["compute"]["play"]["done"] >= 1
        text = client.get("/metrics").text
    assert 'boneyard_tables{status="playing"} 1' in text
    assert "boneyard_connections 1" in text
    assert 'boneyard_refused_total{code="unknown_type"} 1' in text
    assert 'boneyard_compute_waiting{lane="idle"} 0' in text
    assert "# TYPE boneyard_moves_per_second gauge" in text


def test_computers_think_in_worker_processes(db_url: str) -> None:
    """With workers, a computer's move is worked out in another process (its play lane), and a
    table of computers only in the background lane."""
    import os

    from boneyard.apps.server import compute

    with TestClient(create_app(settings(db_url, workers=1, background_workers=1))) as client:
        made = create(
            client, "draw", seats=[{"kind": "person"}, {"kind": "computer", "level": "casual"}]
        )
        create(client, "block", seats=[{"kind": "computer", "level": "greedy"}] * 2, target=10_000)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ann = Player(ws)
            ann.hello(made["seats"][0]["token"])
            for _ in range(3):
                if ann.wait_choice():
                    ann.play()
            stats = hub(client).compute.stats
            wait_for(lambda: stats["play"].done >= 1 and stats["idle"].done >= 1, 60)
        pools = hub(client).compute._pools
        assert set(pools) == {"play", "background"}
        pid = pools["play"].submit(os.getpid).result(timeout=30)
        assert pid != os.getpid()
        assert compute.BACKGROUND_NICE > 0
