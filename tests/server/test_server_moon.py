"""Moon at the server: a person bids, names trumps, takes the widow and discards, and plays a hand
against two computers over a websocket; nothing hidden (the others' tiles, the widow before it is
taken, the tile discarded face down) reaches the person or a spectator, and the table's record
replays."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from serverhelp import Player, create, leaks, table_of

from boneyard.apps.server.table import Table
from boneyard.core.record import replay_record
from boneyard.core.tiles import NAMES, tiles_of

SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "computer", "level": "greedy", "name": "Bot1"},
    {"kind": "computer", "level": "greedy", "name": "Bot2"},
]


def hidden_from(table: Table, seat: int | None) -> list[str]:
    """The tiles ``seat`` may not see: the others' hands and discards, the widow in the stock."""
    state = table.state
    out = [NAMES[t] for t in state.stock[state.stock_pos :]]
    for s in range(3):
        if s != seat:
            out += [NAMES[t] for t in tiles_of(state.hands[s] | state.discards[s])]
    return out


def test_a_person_shoots_the_moon_takes_the_widow_and_discards(client: TestClient) -> None:
    made = create(client, "moon", seats=SEATS, seed=11)
    table = table_of(client, made["id"])
    kinds: set[str] = set()
    with (
        client.websocket_connect(f"/ws/{made['id']}") as a,
        client.websocket_connect(f"/ws/{made['id']}") as w,
    ):
        ann, watcher = Player(a), Player(w)
        ann.hello(made["seats"][0]["token"])
        watcher.hello()
        for _ in range(500):
            state = ann.fresh()
            watcher.fresh()
            if state["status"] != "playing":
                break
            # Nothing Ann (or the spectator) may not see is in what either was sent.
            assert leaks(json.dumps(state), hidden_from(table, 0)) == []
            assert leaks(json.dumps(watcher.state), hidden_from(table, None)) == []
            if ann.choosing():
                moves = state["moves"]
                kinds |= {m["action"]["kind"] for m in moves}
                if moves[0]["action"]["kind"] == "discard":
                    # The widow taken: eight tiles, one discard offered for each.
                    assert len(state["tiles"]) == 8
                    assert sorted(m["tile"] for m in moves) == sorted(state["tiles"])
                assert ann.play(len(moves) - 1)["type"] == "ack"  # the moon, the last offered
            else:
                ann.recv()
        else:
            raise AssertionError("the hand did not end")
    assert {"bid", "declare", "discard", "play"} <= kinds
    hand = table.match.hands[0]
    assert hand.over and hand.table.bidder == 0 and hand.table.moon
    # The others read that Ann discarded a tile face down, not which.
    thrown = [NAMES[t] for t in tiles_of(hand.discards[0])]
    assert len(thrown) == 1
    assert leaks(table.view(1).model_dump_json(), thrown) == []
    log = table.view(None).log
    assert "Ann takes the widow and discards a tile face down." in log
    record: dict[str, Any] = client.get(f"/api/tables/{made['id']}/record").json()
    assert replay_record(record).disagreements == []
