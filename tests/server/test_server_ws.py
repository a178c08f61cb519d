"""The table protocol over websockets: every message, good and bad. A bad message gets an error
back, the table is unchanged, and no reader ever sees a tile it may not see."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverhelp import (
    Player,
    create,
    hub,
    leaks,
    seeded,
    settings,
    snapshot,
    table_of,
)

from boneyard.apps.server.app import create_app
from boneyard.apps.server.messages import MAX_MESSAGE_BYTES
from boneyard.apps.server.store import Store
from boneyard.core.tiles import NAMES, tiles_of

pytestmark = pytest.mark.timeout(120)

PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


@pytest.fixture
def duel(client: TestClient) -> Iterator[tuple[dict[str, Any], Player, Player]]:
    """Two people at a table of Draw, both connected (dealt from a seed, for the tests that need
    a particular deal)."""
    made = seeded(client, "draw", ["Ann", "Bob"], seed=7)
    with (
        client.websocket_connect(f"/ws/{made['id']}") as a,
        client.websocket_connect(f"/ws/{made['id']}") as b,
    ):
        ann, bob = Player(a), Player(b)
        ann.hello(made["seats"][0]["token"])
        bob.hello(made["seats"][1]["token"])
        ann.fresh()
        yield made, ann, bob


def mover(ann: Player, bob: Player) -> tuple[Player, Player]:
    """(the player to move, the other), both with fresh states."""
    a, b = ann.fresh(), bob.fresh()
    assert a["turn"] == b["turn"]
    return (ann, bob) if a["turn"] == a["seat"] else (bob, ann)


def hidden_from(table: Any, seat: int | None) -> list[str]:
    """The tiles ``seat`` may not see now: the others' hands and the stock."""
    state = table.state
    out = [NAMES[t] for t in state.stock[state.stock_pos :]]
    for s, mask in enumerate(state.hands):
        if s != seat:
            out += [NAMES[t] for t in tiles_of(mask)]
    return out


# --------------------------------------------------------------------------- hello and views
def test_hello_with_the_seat_token(client: TestClient) -> None:
    made = create(client)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        welcome = ann.hello(made["seats"][0]["token"])
        assert welcome == {
            "v": 1,
            "type": "welcome",
            "table": made["id"],
            "seat": 0,
            "role": "player",
            "server": welcome["server"],
        }
        state = ann.state
        assert state is not None
        assert state["seat"] == 0 and len(state["tiles"]) == 7
        assert state["seats"][0]["connected"] and state["seats"][0]["joined"]
        table = table_of(client, made["id"])
        assert sorted(state["tiles"]) == sorted(NAMES[t] for t in tiles_of(table.state.hands[0]))


def test_hello_renames_the_seat(client: TestClient) -> None:
    made = create(client)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"], name="Annie <b>")
        # The first state may be a computer's move shown while the new name was being stored:
        # a ping's answer comes after the hello is done with.
        assert ann.fresh()["seats"][0]["name"] == "Annie <b>"
    table = table_of(client, made["id"])
    assert table.seats[0].name == "Annie <b>" and table.seats[0].joined
    stored = Store(hub(client).settings.db).load(made["id"])
    assert stored is not None and stored.seats[0].name == "Annie <b>"


def test_a_wrong_token_is_refused_and_the_connection_may_try_again(client: TestClient) -> None:
    made = create(client, seats=PEOPLE)
    table = table_of(client, made["id"])
    before = snapshot(table)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        p = Player(ws)
        p.send(type="hello", token="x" * 32)
        p.error("bad_token")
        p.send(type="move", action={"kind": "draw", "notation": "draw"})
        p.error("hello_first")
        assert snapshot(table) == before
        assert all(m["type"] == "error" for m in p.seen)
        p.hello(made["seats"][0]["token"])
        p.send(type="hello", token=made["seats"][0]["token"])
        p.error("bad_message")


def test_messages_before_hello_are_refused(client: TestClient) -> None:
    made = create(client, seats=PEOPLE)
    table = table_of(client, made["id"])
    before = snapshot(table)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        p = Player(ws)
        for message in (
            {"type": "move", "action": {"kind": "draw", "notation": "draw"}},
            {"type": "chat", "text": "hi"},
            {"type": "hint"},
            {"type": "next_hand"},
            {"type": "ping"},
        ):
            p.send(**message)
            p.error("hello_first")
    assert snapshot(table) == before


def test_no_such_table(client: TestClient) -> None:
    with client.websocket_connect("/ws/nothing") as ws:
        Player(ws).error("no_table")


def play_hand_one(
    client: TestClient, made: dict[str, Any], players: list[Player], watcher: Player | None
) -> None:
    """Play the first hand of a table of two people to its end, checking after every change that
    no reader was sent a tile it may not see: each seat only its own, a spectator none."""
    table = table_of(client, made["id"])
    readers = [*players, *([watcher] if watcher is not None else [])]
    checked = 0
    for _ in range(200):
        states = [p.fresh() for p in readers]
        if states[0]["status"] != "playing":
            break
        # Nobody moves until a player is told to: what is hidden now was hidden when each of
        # the messages since the last check was sent (tiles only ever become public).
        for p, state in zip(readers, states, strict=True):
            for text in p.raw:
                assert leaks(text, hidden_from(table, state["seat"])) == [], text
            p.raw.clear()
            if state["seat"] is None:
                assert state["tiles"] == [] and state["moves"] == []
        checked += 1
        for p in players:
            if p.choosing():
                p.play(len(p.state["moves"]) - 1 if p.state else 0)
                break
    assert checked > 5
    assert players[0].fresh()["status"] == "between_hands"


def test_a_spectator_sees_the_public_view_only(
    duel: tuple[dict[str, Any], Player, Player], client: TestClient
) -> None:
    made, ann, bob = duel
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        watcher = Player(ws)
        welcome = watcher.hello()
        assert welcome["role"] == "spectator" and welcome["seat"] is None
        play_hand_one(client, made, [ann, bob], watcher)
        # After the hand every hand is shown, to everyone.
        state = watcher.fresh()
        reveal = state["reveal"]
        table = table_of(client, made["id"])
        assert [len(s["left"]) for s in reveal["seats"]] == list(table.state.hand_sizes())
        # A spectator may only watch.
        watcher.send(type="move", action={"kind": "draw", "notation": "draw"}, id=5)
        assert watcher.error("spectator")["id"] == 5
        watcher.send(type="chat", text="hello")
        watcher.error("spectator")
        watcher.send(type="next_hand")
        watcher.error("spectator")
        watcher.send(type="ping", id=9)
        assert watcher.until(lambda m: m["type"] == "pong")["id"] == 9


def test_each_seat_sees_only_its_own_tiles_and_its_own_draws(
    duel: tuple[dict[str, Any], Player, Player], client: TestClient
) -> None:
    made, ann, bob = duel
    play_hand_one(client, made, [ann, bob], None)
    table = table_of(client, made["id"])
    drawn = [m for m in table.match.hands[0].history if m.drawn is not None]
    assert drawn, "nobody drew: choose another seed"
    logs = {0: ann.fresh()["log"], 1: bob.fresh()["log"]}
    for move in drawn:
        words = f"[{NAMES[move.drawn][0]}|{NAMES[move.drawn][2]}]"
        # A draw that was the seat's only move is told as the plain game tells it.
        mine = (f"You draw {words}.", f"You cannot play: you draw {words}.")
        assert any(line in mine for line in logs[move.seat])
        assert not any(
            f"draw {words}" in line or f"draws {words}" in line for line in logs[1 - move.seat]
        )


# --------------------------------------------------------------------------- moves
def test_a_move_is_stored_before_it_is_acknowledged(client: TestClient) -> None:
    made = create(client, "block")
    store = Store(hub(client).settings.db)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        for _ in range(3):
            if not ann.wait_choice():
                break
            ack = ann.play()
            assert ack["type"] == "ack"
            stored = store.load(made["id"])
            assert stored is not None
            assert len(stored.hands[ack["hand"] - 1].moves) >= ack["move"]
            assert stored.hands[ack["hand"] - 1].moves[ack["move"] - 1]["seat"] == 0


def test_out_of_turn_is_refused(
    duel: tuple[dict[str, Any], Player, Player], client: TestClient
) -> None:
    made, ann, bob = duel
    first, second = mover(ann, bob)
    table = table_of(client, made["id"])
    before = snapshot(table)
    assert first.state is not None
    second.send(type="move", action=first.state["moves"][0]["action"], id=1)
    error = second.error("not_your_turn")
    assert error["id"] == 1 and "turn" in error["message"]
    assert snapshot(table) == before


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ({"kind": "play", "notation": "9-9 L"}, "tile 9-9 is not in this set"),
        ({"kind": "play", "notation": "12-0"}, "12-0 is not in this set"),
        ({"kind": "play", "notation": "six"}, "Cannot understand 'six'"),
        ({"kind": "draw", "notation": "draw 6-6"}, "Cannot understand 'draw 6-6'"),
        ({"kind": "draw", "notation": "pass"}, "'pass' is a pass move, not a draw move"),
        ({"kind": "muggins", "notation": "muggins 10"}, "muggins"),
        ({"kind": "play", "notation": "6-6 U"}, ""),
    ],
)
def test_illegal_moves_are_refused(
    duel: tuple[dict[str, Any], Player, Player],
    client: TestClient,
    action: dict[str, Any],
    words: str,
) -> None:
    made, ann, bob = duel
    first, _ = mover(ann, bob)
    table = table_of(client, made["id"])
    before = snapshot(table)
    first.send(type="move", action=action, id=3)
    error = first.error("illegal")
    assert words in error["message"] and error["id"] == 3
    assert snapshot(table) == before


def test_a_tile_not_held_is_refused(
    duel: tuple[dict[str, Any], Player, Player], client: TestClient
) -> None:
    made, ann, bob = duel
    first, second = mover(ann, bob)
    table = table_of(client, made["id"])
    assert second.state is not None
    theirs = second.state["tiles"][0]
    before = snapshot(table)
    first.send(type="move", action={"kind": "play", "notation": f"{theirs} L"})
    error = first.error("illegal")
    assert "you do not hold" in error["message"] or "you must lead" in error["message"]
    assert "seat" not in error["message"]
    assert snapshot(table) == before
    # Nothing about the other seat's hand comes back beyond the tile named.
    assert leaks(json.dumps(error), [t for t in second.state["tiles"] if t != theirs]) == []


def test_a_stale_move_is_refused(
    duel: tuple[dict[str, Any], Player, Player], client: TestClient
) -> None:
    made, ann, bob = duel
    first, _ = mover(ann, bob)
    table = table_of(client, made["id"])
    before = snapshot(table)
    assert first.state is not None
    first.send(type="move", action=first.state["moves"][0]["action"], seen=first.state["move"] + 3)
    first.error("stale")
    first.send(type="move", action=first.state["moves"][0]["action"], hand=7)
    first.error("stale")
    assert snapshot(table) == before


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        ('"hello"', "bad_message"),
        ('{"type": "ping"}', "bad_version"),
        ('{"v": 2, "type": "ping"}', "bad_version"),
        ('{"v": 1, "type": "launch"}', "unknown_type"),
        ('{"v": 1, "type": "move"}', "bad_message"),
        ('{"v": 1, "type": "move", "action": {"kind": "fly"}}', "bad_message"),
        ('{"v": 1, "type": "move", "action": {"kind": "draw"}}', "bad_message"),
        (
            '{"v": 1, "type": "move", "action": {"kind": "draw", "notation": "draw"}, "x": 1}',
            "bad_message",
        ),
        ('{"v": 1, "type": "move", "action": {"kind": "play", "tile": "6-4"}}', "bad_message"),
        ('{"v": 1, "type": "move", "action": {"kind": "Play!", "notation": "6-4"}}', "bad_message"),
        ('{"v": 1, "type": "move", "action": {"kind": "play", "notation": ""}}', "bad_message"),
        (
            '{"v": 1, "type": "move", "action": {"kind": "draw", "notation": "draw"}, "id": "a"}',
            "bad_message",
        ),
        ('{"v": 1, "type": "chat", "text": ""}', "bad_message"),
        ('{"v": 1, "type": "chat", "text": "' + "x" * 301 + '"}', "bad_message"),
        ('{"v": 1, "type": "chat", "text": "a\\u0007b"}', "bad_message"),
        ('{"v": 1, "type": "hello", "token": "' + "t" * 65 + '"}', "bad_message"),
        ('{"v": 1, "type": "ping", "id": ' + "9" * 30 + "}", "bad_message"),
    ],
)
def test_malformed_messages_are_refused(
    duel: tuple[dict[str, Any], Player, Player],
    client: TestClient,
    text: str,
    code: str,
) -> None:
    made, ann, bob = duel
    first, _ = mover(ann, bob)
    table = table_of(client, made["id"])
    before = snapshot(table)
    first.send_text(text)
    error = first.error(code)
    assert error["message"]
    assert snapshot(table) == before
    # The connection goes on.
    first.send(type="ping", id=1)
    first.until(lambda m: m["type"] == "pong")


def test_an_oversized_message_is_refused(
    duel: tuple[dict[str, Any], Player, Player], client: TestClient
) -> None:
    made, ann, bob = duel
    first, _ = mover(ann, bob)
    table = table_of(client, made["id"])
    before = snapshot(table)
    assert first.state is not None
    padding = "x" * MAX_MESSAGE_BYTES
    first.send(type="move", action=first.state["moves"][0]["action"], pad=padding)
    error = first.error("too_large")
    assert str(MAX_MESSAGE_BYTES) in error["message"]
    first.send(type="chat", text="é" * 300, pad="é" * 1900)
    first.error("too_large")
    assert snapshot(table) == before


def test_binary_frames_are_refused(
    duel: tuple[dict[str, Any], Player, Player], client: TestClient
) -> None:
    made, ann, _ = duel
    table = table_of(client, made["id"])
    before = snapshot(table)
    ann.ws.send_bytes(b'{"v": 1, "type": "ping"}')
    ann.error("bad_message")
    assert snapshot(table) == before


def test_messages_are_rate_limited(db_url: str) -> None:
    with TestClient(create_app(settings(db_url, burst=5, rate=0.01, max_strikes=1000))) as c:
        made = create(c)
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            p = Player(ws)
            p.hello(made["seats"][0]["token"])
            for i in range(10):
                p.send(type="ping", id=i)
            replies = [p.until(lambda m: m["type"] in ("pong", "error")) for _ in range(10)]
    pongs = [r for r in replies if r["type"] == "pong"]
    limited = [r for r in replies if r["type"] == "error"]
    assert len(pongs) == 4 and len(limited) == 6
    assert all(r["code"] == "rate_limited" for r in limited)


def test_a_flood_of_refused_messages_closes_the_connection(db_url: str) -> None:
    from starlette.websockets import WebSocketDisconnect

    with TestClient(create_app(settings(db_url, max_strikes=5))) as c:
        made = create(c)
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            p = Player(ws)
            for _ in range(6):
                p.send_text("nope")
            with pytest.raises(WebSocketDisconnect):
                p.until(lambda m: False)
            assert p.seen[-1]["code"] == "closed"


def test_a_second_connection_to_a_seat_replaces_the_first(client: TestClient) -> None:
    made = create(client)
    token = made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{made['id']}") as a:
        first = Player(a)
        first.hello(token)
        with client.websocket_connect(f"/ws/{made['id']}") as b:
            second = Player(b)
            second.hello(token)
            first.error("replaced")
            from starlette.websockets import WebSocketDisconnect

            with pytest.raises(WebSocketDisconnect):
                first.until(lambda m: False)
            second.send(type="ping", id=2)
            second.until(lambda m: m["type"] == "pong")


# --------------------------------------------------------------------------- the rest
def test_chat_goes_to_everyone(
    duel: tuple[dict[str, Any], Player, Player], client: TestClient
) -> None:
    made, ann, bob = duel
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        watcher = Player(ws)
        watcher.hello()
        ann.send(type="chat", text="  <script>alert(1)</script> good luck  ")
        for p in (ann, bob, watcher):
            line = p.until(lambda m: m["type"] == "chat")
            assert line["name"] == "Ann" and line["seat"] == 0
            assert line["text"] == "<script>alert(1)</script> good luck"
    stored = Store(hub(client).settings.db).load(made["id"])
    assert stored is not None and stored.chat[0].text == "<script>alert(1)</script> good luck"
    # A reader who comes later (or reloads) finds it in the state.
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        later = Player(ws)
        later.hello()
        assert later.state is not None
        assert later.state["chat"][-1]["text"] == "<script>alert(1)</script> good luck"


def test_chat_is_rate_limited(duel: tuple[dict[str, Any], Player, Player]) -> None:
    _, ann, _ = duel
    for i in range(8):
        ann.send(type="chat", text=f"spam {i}")
    replies = [ann.until(lambda m: m["type"] in ("chat", "error")) for _ in range(8)]
    assert [r["type"] for r in replies].count("error") >= 2
    assert all(r["code"] == "rate_limited" for r in replies if r["type"] == "error")


def test_hints_at_a_practice_table(client: TestClient) -> None:
    made = create(client, "block", practice=True)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        while ann.wait_choice():
            if ann.state is not None and len(ann.state["moves"]) > 1:
                break
            ann.play()
        assert ann.choosing(), "the hand ended before Ann had a choice: choose another seed"
        table = table_of(client, made["id"])
        before = snapshot(table)
        ann.send(type="hint", id=11)
        hint = ann.until(lambda m: m["type"] in ("hint", "error"))
        assert hint["type"] == "hint" and hint["id"] == 11
        assert ann.state is not None
        offered = [m["action"] for m in ann.state["moves"]]
        assert sorted(json.dumps(h["action"], sort_keys=True) for h in hint["moves"]) == sorted(
            json.dumps(a, sort_keys=True) for a in offered
        )
        assert sum(h["best"] for h in hint["moves"]) >= 1 and all(
            h["reason"] for h in hint["moves"]
        )
        assert min(h["loss"] for h in hint["moves"]) == 0
        assert all(h["margin"] >= 0 for h in hint["moves"])
        # Who may hold what: every tile Ann cannot see, its chances summing to 1 over the other
        # seat and the stock; the column of the other seat sums to its number of tiles.
        ann.send(type="beliefs", id=12)
        view = ann.until(lambda m: m["type"] in ("beliefs", "error"))
        assert view["type"] == "beliefs" and view["id"] == 12, view
        assert view["holders"][-1] == "stock" and len(view["holders"]) == 2
        assert view["exact"] and view["note"].startswith("exact")
        assert len(view["tiles"]) == len(view["chances"]) > 0
        assert all(abs(sum(row) - 1) < 1e-3 for row in view["chances"])
        others = sum(s["tiles"] for s in ann.state["seats"] if s["seat"] != 0)
        assert abs(sum(row[0] for row in view["chances"]) - others) < 1e-2
        assert snapshot(table) == before


def test_no_hints_at_other_tables(client: TestClient) -> None:
    made = create(client, "block")
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        ann.send(type="hint", id=1)
        ann.error("no_hints")
        ann.send(type="beliefs", id=2)
        ann.error("no_hints")


def test_next_hand(client: TestClient) -> None:
    made = create(client, "block", target=500)
    table = table_of(client, made["id"])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        ann.send(type="next_hand", id=1)
        ann.error("no_next_hand")
        while ann.state is None or ann.state["status"] == "playing":
            if ann.choosing():
                ann.play()
            else:
                ann.recv()
        state = ann.state
        assert state["status"] == "between_hands" and state["hand"] == 1
        assert state["reveal"]["hand"] == 1 and len(state["reveal"]["seats"]) == 2
        assert state["sheet"]["rows"][0]["hand"] == 1
        assert state["moves"] == [] and state["turn"] is None
        before = snapshot(table)
        ann.send(type="move", action={"kind": "pass", "notation": "pass"})
        ann.error("hand_over")
        assert snapshot(table) == before
        ann.send(type="next_hand", id=2)
        state = ann.until(lambda m: m["type"] == "state" and m["hand"] == 2)
        assert state["status"] == "playing" and len(state["tiles"]) == 7
        # The last hand stays on show until the next one is over.
        assert state["reveal"]["hand"] == 1
    stored = Store(hub(client).settings.db).load(made["id"])
    assert stored is not None and len(stored.hands) == 2


def test_two_people_play_a_whole_match(client: TestClient) -> None:
    made = create(
        client,
        "fives-and-threes",
        seats=[{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
        target=31,
        options={"target_exact": False},
    )
    with (
        client.websocket_connect(f"/ws/{made['id']}") as a,
        client.websocket_connect(f"/ws/{made['id']}") as b,
    ):
        players = [Player(a), Player(b)]
        for p, s in zip(players, made["seats"], strict=True):
            p.hello(s["token"])
        for _ in range(2000):
            states = [p.fresh() for p in players]
            status = states[0]["status"]
            if status == "over":
                break
            if status == "between_hands":
                players[0].send(type="next_hand")
                players[0].until(lambda m: m["type"] == "state" and m["status"] == "playing")
                continue
            for p in players:
                if p.choosing():
                    assert p.play()["type"] == "ack"
        assert players[1].fresh()["status"] == "over"
        assert players[1].state is not None and players[1].state["winner"]
    record = client.get(f"/api/tables/{made['id']}/record").json()
    from boneyard.core.record import replay_record

    replay = replay_record(record)
    assert replay.complete and replay.disagreements == []


def test_a_table_of_computers_plays_itself(client: TestClient) -> None:
    made = create(
        client,
        "matador",
        seats=[{"kind": "computer", "level": "matador"}, {"kind": "computer", "level": "beginner"}],
        target=20,
    )
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        watcher = Player(ws)
        watcher.hello()
        over = watcher.until(lambda m: m["type"] == "state" and m["status"] == "over")
    assert over["winner"].startswith("Match over")
    rows = over["sheet"]["rows"]
    assert rows and all(row["ended"] for row in rows)
    # How a hand ended is its row's own column, not repeated among the notes of why it scored
    # (it read "you went out (Ended: you went out.)").
    assert not any(row["ended"] in note for row in rows for note in row["notes"])
