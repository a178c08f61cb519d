"""The games of issue 8 at the server: Bergen, Sebastopol, Mexican Train, Chicken Foot and Domino
Loo played over the websocket against computer seats, with what the page needs to draw each table
(Mexican Train's trains and markers, Chicken Foot's toes, Sebastopol's cross, Loo's tricks) and
Domino Loo's decisions made by a person: stand, take the miss and throw out, drop out. Nothing a
reader may not see is ever sent: the others' hands, the stock, and Loo's tiles thrown out."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverhelp import Player, create, leaks, snapshot, table_of

from boneyard.apps.server.table import Table
from boneyard.core.tiles import NAMES, tiles_of

pytestmark = pytest.mark.timeout(180)

COMPUTERS = {"kind": "computer", "level": "greedy"}


def seats(players: int, person: int | None = 0) -> list[dict[str, Any]]:
    return [
        {"kind": "person", "name": "Ann"} if s == person else dict(COMPUTERS, name=f"Bot{s}")
        for s in range(players)
    ]


def hidden_from(table: Table, seat: int | None) -> list[str]:
    """The tiles ``seat`` may not see now: the others' hands, the stock, and every tile thrown
    out but its own (Domino Loo)."""
    state = table.state
    out = [NAMES[t] for t in state.stock[state.stock_pos :]]
    for s in range(table.rules.players):
        if s != seat:
            out += [NAMES[t] for t in tiles_of(state.hands[s] | state.discards[s])]
    return out


def in_play(player: Player) -> str:
    """The messages a player was sent while the hand was in play (once it is over, every hand is
    shown, except in Domino Loo)."""
    return "\n".join(
        raw
        for raw, m in zip(player.raw, player.seen, strict=True)
        if m["type"] != "state" or m["status"] == "playing"
    )


def play_a_hand(
    client: TestClient, made: dict[str, Any], ann: Player, watcher: Player | None = None
) -> list[dict[str, Any]]:
    """Ann plays the first move offered until hand 1 is over; every state Ann (and the watcher)
    is sent is checked for tiles it may not see. The states Ann was sent."""
    table = table_of(client, made["id"])
    states: list[dict[str, Any]] = []
    checked = 0
    for _ in range(3000):
        state = ann.fresh()
        states.append(state)
        # A tile hidden now was hidden when any earlier message was made (hands only shrink,
        # and a tile drawn or thrown out was hidden before).
        hidden = hidden_from(table, 0)
        assert leaks(in_play(ann), hidden) == []
        if watcher is not None:
            watcher.fresh()
            assert leaks(in_play(watcher), hidden_from(table, None)) == []
        checked += 1
        if state["status"] != "playing":
            break
        if ann.choosing():
            assert ann.play()["type"] == "ack"
        else:
            ann.recv()
    else:
        raise AssertionError("the hand did not end")
    assert checked > 3
    return states


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("bergen", 3, {}),
        ("sebastopol", 4, {}),
        ("mexican-train", 4, {}),
        ("mexican-train", 8, {"tile_set": "double-twelve"}),
        ("chicken-foot", 3, {}),
        ("chicken-foot", 2, {"starting_double": "three_each_side"}),
        ("domino-loo", 3, {}),
        ("domino-loo", 4, {"loo_scoring": "points"}),
    ],
)
def test_a_whole_hand_against_computers(
    client: TestClient, game: str, players: int, options: dict[str, Any]
) -> None:
    made = create(client, game, seats=seats(players), options=options, seed=11)
    with (
        client.websocket_connect(f"/ws/{made['id']}") as a,
        client.websocket_connect(f"/ws/{made['id']}") as w,
    ):
        ann, watcher = Player(a), Player(w)
        ann.hello(made["seats"][0]["token"])
        watcher.hello()
        states = play_a_hand(client, made, ann, watcher)
        last = ann.fresh()
        spectator = watcher.fresh()
    table = table_of(client, made["id"])
    assert last["status"] == "between_hands" and table.match.hands[0].over
    assert last["sheet"]["rows"][0]["hand"] == 1
    assert spectator["tiles"] == [] and spectator["moves"] == []
    kinds = {m["action"]["kind"] for s in states for m in s["moves"]}
    lines = [s["line"] for s in states]
    if game == "domino-loo":
        check_loo_views(table, states, last, kinds)
    else:
        assert kinds <= {"play", "draw", "pass"} and "play" in kinds
        assert all(line["tricks"] is None for line in lines)
        assert any(line["lead"] for line in lines)
    if game == "mexican-train":
        check_trains(table, lines, players)
    if game == "chicken-foot":
        names = {arm["name"] for line in lines for arm in line["arms"]}
        start = {"L", "R", "U", "D"} if not options else {"L", "LU", "LD", "R", "RU", "RD"}
        assert start <= names
        toes = {n for n in names if n[:-1].isdigit()}
        if toes:  # a later double's toes grow from that double
            arm = next(a for line in lines for a in line["arms"] if a["name"] in toes)
            assert arm["root"] == f"{arm['name'][:-1]}-{arm['name'][:-1]}"
    if game == "sebastopol":
        first = next(line for line in lines if line["lead"])
        assert first["lead"]["tile"] == "6-6" and first["lead"]["spinner"]
        assert [e["name"] for e in first["ends"]] == ["L", "R", "U", "D"]
    # The finished hand replays from the table's record.
    from boneyard.core.record import replay_record

    record = client.get(f"/api/tables/{made['id']}/record").json()
    assert replay_record(record).disagreements == []


def check_trains(table: Table, lines: list[dict[str, Any]], players: int) -> None:
    """Mexican Train: the engine in the hub, a train per seat named after its owner and the
    Mexican train; markers shown as the layout holds them."""
    drawn = [line for line in lines if line["lead"]]
    assert drawn and all(line["hub"] for line in drawn)
    ends = drawn[-1]["ends"]
    names = [e["name"] for e in ends]
    assert names == [*(f"T{s}" for s in range(players)), "M"]
    titles = [e["title"] for e in ends]
    assert titles[0] == "Ann's train" and titles[1] == "Bot1's train"
    assert titles[-1] == "the Mexican train"
    assert not any("seat " in (e["note"] or "") for e in ends)
    marked = {e["name"] for line in drawn for e in line["ends"] if e["marked"]}
    notes = {e["name"] for line in drawn for e in line["ends"] if "marker" in (e["note"] or "")}
    assert marked == notes
    history = table.match.hands[0].history
    if any(type(m.action).__name__ == "Pass" for m in history):
        assert marked, "a pass puts the passer's marker on his train"


def check_loo_views(
    table: Table, states: list[dict[str, Any]], last: dict[str, Any], kinds: set[str]
) -> None:
    """Domino Loo: the tricks are drawn from ``line.tricks``; Ann decided (greedy computers
    stand) and played tiles with no end; the reveal shows tricks, never the hands thrown out."""
    assert {"stand", "play"} <= kinds
    assert all(line["lead"] is None for line in (s["line"] for s in states))
    tricks = [s["line"]["tricks"] for s in states]
    assert all(t is not None for t in tricks)
    state = table.match.hands[0]
    assert tricks[0]["turnup"] == NAMES[state.stock[0]]
    assert all(m["end"] is None for s in states for m in s["moves"])
    final = last["line"]["tricks"]
    assert sum(s["won"] for s in final["seats"]) == 5
    assert [s["won"] for s in final["seats"]] == list(state.table.won)  # type: ignore[attr-defined]
    reveal = last["reveal"]
    assert reveal["stock"] == [] and all(s["left"] == s["dealt"] == [] for s in reveal["seats"])
    assert [s["tricks"] for s in reveal["seats"]] == [s["won"] for s in final["seats"]]
    assert any("Tricks won" in line for line in reveal["result"])
    # The game's own words for the seats and the trick box, and a reason for every score.
    first = tricks[0]
    assert first["heading"] == "Before the play" and "takes the miss" in first["waiting"]
    assert {s["text"] for s in first["seats"]} <= {
        "to decide",
        "stood",
        "took the miss",
        "dropped out",
    }
    assert final["heading"] == "The play is over"
    assert all("trick" in s["text"] or s["text"] == "dropped out" for s in final["seats"])
    row = last["sheet"]["rows"][0]
    assert len(row["reasons"]) == len(row["points"]) and all(row["reasons"])
    assert last["sheet"]["running"] == last["sheet"]["totals"]  # nothing in play between hands
    assert last["stock_text"].startswith("Stock: ")
    # Even once the hand is over, nothing thrown out (and no stock) is shown.
    assert leaks(json.dumps(last), hidden_from(table, 0)) == []


# ------------------------------------------------------------------------------ Domino Loo
def ask(ann: Player) -> dict[str, Any]:
    """Wait for Ann's next choice; the state offering it."""
    assert ann.wait_choice(), "the hand ended first"
    assert ann.state is not None
    return ann.state


def send(ann: Player, action: dict[str, Any], id: int = 1) -> dict[str, Any]:
    state = ann.state
    assert state is not None
    ann.send(type="move", action=action, hand=state["hand"], seen=state["move"], id=id)
    reply = ann.until(lambda m: m["type"] in ("ack", "error"))
    if reply["type"] == "ack":
        ann.until(lambda m: m["type"] == "state")
    return reply


def test_a_person_takes_the_miss_and_throws_out(client: TestClient) -> None:
    made = create(client, "domino-loo", seats=seats(3), seed=5)
    table = table_of(client, made["id"])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        state = ask(ann)
        offered = [m["action"] for m in state["moves"]]
        assert offered == [{"kind": k, "notation": k} for k in ("stand", "miss", "drop")]
        assert all(m["tile"] is None and m["end"] is None for m in state["moves"])
        texts = [m["text"] for m in state["moves"]]
        assert texts[1].startswith("take the miss")
        # What the seat is asked, in the game's words (the page shows it after "Your turn: ").
        assert state["prompt"] == "stand, take the miss or drop out"
        dealt = set(state["tiles"])
        # Refused: a play or a discard before deciding, a decision with a tile, a notation of
        # another kind than the move says; nothing changes.
        # (The state asked for may be a computer's move sent while the hello was still storing
        # the join: a ping's answer comes after the hello is done.)
        ann.fresh()
        before = snapshot(table)
        tile = state["tiles"][0]
        for bad, words in [
            ({"kind": "play", "notation": tile}, "must first stand, take the miss"),
            ({"kind": "discard", "notation": f"discard {tile}"}, "must first stand, take the miss"),
            ({"kind": "stand", "notation": "stand 6-6"}, "Cannot understand 'stand 6-6'"),
            ({"kind": "play", "notation": "stand"}, "'stand' is a stand move, not a play move"),
            ({"kind": "play", "notation": f"{tile} L"}, "must first stand"),
        ]:
            reply = send(ann, bad)
            assert reply["code"] == "illegal" and words in reply["message"], (bad, reply)
        assert snapshot(table) == before
        assert send(ann, {"kind": "miss", "notation": "miss"})["type"] == "ack"
        state = ann.fresh()
        assert len(state["tiles"]) == 6 and not set(state["tiles"]) & dealt
        assert {m["action"]["kind"] for m in state["moves"]} == {"discard"}
        assert state["prompt"] == "throw out a tile, face down"
        assert sorted(m["tile"] for m in state["moves"]) == sorted(state["tiles"])
        assert [m["action"]["notation"] for m in state["moves"]] == [
            f"discard {m['tile']}" for m in state["moves"]
        ]
        assert state["line"]["tricks"]["seats"][0]["status"] == "missed"
        # A tile Ann does not hold cannot be thrown out.
        other = next(NAMES[t] for t in range(28) if NAMES[t] not in state["tiles"])
        assert send(ann, {"kind": "discard", "notation": f"discard {other}"})["code"] == "illegal"
        thrown = state["tiles"][-1]
        assert send(ann, {"kind": "discard", "notation": f"discard {thrown}"})["type"] == "ack"
        state = ann.fresh()
        assert len(state["tiles"]) == 5 and thrown not in state["tiles"]
        assert f"You discard [{thrown[0]}|{thrown[2]}]." in state["log"]
        # The others read that a tile went face down, not which.
        bob_view = table.view(1).model_dump_json()
        assert leaks(bob_view, sorted(dealt | {thrown})) == []
        assert "Ann discards a tile face down." in table.view(None).log
        # Then the play: tiles to the trick, no end.
        state = ask(ann)
        assert {m["action"]["kind"] for m in state["moves"]} == {"play"}
        record = client.get(f"/api/tables/{made['id']}/record").json()
        in_play = record["meta"]["hand_in_play"]["moves"]
        assert {"seat": 0, "discard": None} in in_play and {"seat": 0, "miss": True} in in_play
        assert leaks(json.dumps(record), sorted(dealt | {thrown})) == []


def test_a_person_drops_out_and_the_hand_goes_on_without_him(client: TestClient) -> None:
    made = create(client, "domino-loo", seats=seats(3), seed=8)
    table = table_of(client, made["id"])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        ask(ann)
        dealt = ann.state["tiles"] if ann.state else []
        assert send(ann, {"kind": "drop", "notation": "drop"})["type"] == "ack"
        state = ann.until(lambda m: m["type"] == "state" and m["status"] != "playing")
    assert state["tiles"] == [] and state["line"]["tricks"]["seats"][0]["status"] == "dropped"
    hand = table.match.hands[0]
    assert all(m.seat != 0 for m in hand.history[1:] if type(m.action).__name__ == "Play")
    assert hand.result is not None and hand.result.points[0] == (
        -5 if (hand.leader - 1) % 3 == 0 else 0
    )  # a dropped player loses nothing but the dealer's stake
    assert leaks(json.dumps(state), dealt) == []


def test_a_person_stands_and_a_spectator_sees_no_hand(client: TestClient) -> None:
    made = create(client, "domino-loo", seats=seats(4), seed=3, options={"loo_scoring": "points"})
    with (
        client.websocket_connect(f"/ws/{made['id']}") as a,
        client.websocket_connect(f"/ws/{made['id']}") as w,
    ):
        ann, watcher = Player(a), Player(w)
        ann.hello(made["seats"][0]["token"])
        watcher.hello()
        ask(ann)
        assert send(ann, {"kind": "stand", "notation": "stand"})["type"] == "ack"
        assert ann.fresh()["line"]["tricks"]["seats"][0]["status"] == "stood"
        play_a_hand(client, made, ann, watcher)
        seen = watcher.fresh()
    assert seen["reveal"]["seats"][0]["tricks"] is not None
    assert all(json.loads(r).get("tiles", []) == [] for r in watcher.raw)


def test_a_starred_tile_is_named_in_the_games_words(client: TestClient) -> None:
    """Matador's matadors are starred in the hand and named by the game ("a matador"), never by
    the page; a game without starred tiles names none."""
    for game, name in (("matador", "a matador"), ("block", "")):
        made = create(client, game, seats=seats(2), seed=3)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ann = Player(ws)
            ann.hello(made["seats"][0]["token"])
            state = ask(ann)
            assert state["mark_name"] == name, game
            if game == "matador":
                matadors = {"0-0", "6-1", "5-2", "4-3"}
                assert state["marked"] == [t for t in state["tiles"] if t in matadors]
