"""The server's REST API: health, games, creating and listing tables, records and replays."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient
from serverhelp import TOKEN, Player, create, hub, table_of

from boneyard.apps.server.messages import schema
from boneyard.core.record import replay_record

pytestmark = pytest.mark.timeout(120)


def test_healthz(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok" and body["protocol"] == 1


def test_games_lists_every_game_rule_set_and_level(client: TestClient) -> None:
    body = client.get("/api/games").json()
    ids = [g["id"] for g in body["games"]]
    assert "block" in ids and "muggins" in ids and "matador" in ids
    block = body["games"][ids.index("block")]
    assert {"modern", "britannica"} <= {r["name"] for r in block["rule_sets"]}
    assert any(o["name"] == "target_score" for o in block["rule_sets"][0]["options"])
    assert body["levels"][:4] == ["beginner", "casual", "strong", "expert"]


def test_games_give_each_levels_measured_rating(client: TestClient) -> None:
    """The lobby's level lists say each level's rating (boneyard.players.ladder): per measured
    game, to the nearest ten; the lobby gives the other games two-player Block's."""
    from boneyard.players import ladder

    ratings = client.get("/api/games").json()["level_ratings"]
    assert {"block", "partnership"} <= set(ratings)
    for game, levels in ratings.items():
        assert {"beginner", "casual", "strong", "expert"} <= set(levels)
        for level, value in levels.items():
            found = ladder.rating(game, level)
            assert found is not None and value == ladder.about(found.rating)


def test_protocol_schema(client: TestClient) -> None:
    body = client.get("/api/protocol").json()
    assert body == json.loads(json.dumps(schema()))
    assert "StateMessage" in body["server"]


def test_create_gives_an_unguessable_invite_per_person(client: TestClient) -> None:
    made = create(
        client,
        "block",
        seats=[
            {"kind": "person", "name": "Ann"},
            {"kind": "person"},
            {"kind": "computer", "level": "random"},
        ],
    )
    people = [s for s in made["seats"] if s["kind"] == "person"]
    assert len(people) == 2
    tokens = [s["token"] for s in people]
    assert len(set(tokens)) == 2 and all(TOKEN.fullmatch(t) for t in tokens)
    for s in people:
        assert s["invite"] == f"/t/{made['id']}#seat={s['token']}"
    computer = made["seats"][2]
    assert computer["token"] is None and computer["invite"] is None
    assert computer["name"] == "Amara" and computer["level"] == "random"
    assert made["seats"][1]["name"] == "Seat 2"
    # The store keeps only the tokens' hashes.
    table = table_of(client, made["id"])
    assert all(t not in repr(table.seats) for t in tokens)


def test_create_with_options_and_target(client: TestClient) -> None:
    made = create(client, "muggins", rules="foster", options={"spinner": "first_double"}, target=61)
    rules = table_of(client, made["id"]).rules
    assert rules.rule_set == "foster" and rules.target_score == 61
    assert rules.spinner == "first_double"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"game": "block", "rules": "nope"}, "unknown rule set"),
        ({"game": "block", "options": {"wobble": "1"}}, "unknown option"),
        ({"game": "block", "options": {"target_score": "many"}}, "target_score"),
        ({"game": "partnership"}, "4 players"),
        ({"game": "block", "seats": [{"kind": "person"}] * 7}, "block is for 2 to 4 players"),
        (
            {"game": "block", "seats": [{"kind": "person"}, {"kind": "computer", "level": "god"}]},
            "unknown level",
        ),
    ],
)
def test_create_refuses_bad_tables(client: TestClient, body: dict[str, object], words: str) -> None:
    body.setdefault("seats", [{"kind": "person"}, {"kind": "computer", "level": "greedy"}])
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert words in response.json()["detail"]
    assert hub(client).rooms == {}


@pytest.mark.parametrize(
    "body",
    [
        {"game": "block", "seats": [{"kind": "person"}]},
        {"game": "block", "seats": [{"kind": "alien"}, {"kind": "person"}]},
        {"game": "mexican-train", "seats": [{"kind": "person"}] * 9},
        {"game": "block", "seats": [{"kind": "person"}, {"kind": "person"}], "extra": 1},
        {"seats": [{"kind": "person"}, {"kind": "person"}]},
    ],
)
def test_create_refuses_malformed_bodies(client: TestClient, body: dict[str, object]) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422
    assert hub(client).rooms == {}


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("x" * 30, "the body's seats[0].name: a name is longer than 24 characters"),
        ("you", "'you' is how the game calls each player"),
        ("a\u0000b", "the body's seats[0].name holds U+0000 at character 2: NUL"),
        ("a\u0007", "U+0007 at character 2: a control character"),
    ],
)
def test_create_refuses_a_bad_name_with_a_sentence(
    client: TestClient, name: str, words: str
) -> None:
    body = {"game": "block", "seats": [{"kind": "person", "name": name}, {"kind": "person"}]}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert words in response.json()["detail"]
    assert hub(client).rooms == {}


def test_creating_tables_is_rate_limited(db_url: str) -> None:
    from serverhelp import settings

    from boneyard.apps.server.app import create_app

    with TestClient(create_app(settings(db_url, create_burst=3, create_rate=0.001))) as c:
        codes = [
            c.post(
                "/api/tables",
                json={"game": "block", "seats": [{"kind": "person"}, {"kind": "person"}]},
            ).status_code
            for _ in range(5)
        ]
    assert codes == [201, 201, 201, 429, 429]


def test_list_open_and_recent_tables_without_tokens(client: TestClient) -> None:
    made = create(client, "block")
    quick = create(
        client,
        "block",
        target=1,
        seats=[{"kind": "computer", "level": "greedy"}, {"kind": "computer", "level": "random"}],
    )
    # A table of computers plays itself: wait for its match to end.
    with client.websocket_connect(f"/ws/{quick['id']}") as ws:
        watcher = Player(ws)
        watcher.hello()
        watcher.until(lambda m: m["type"] == "state" and m["status"] == "over")
    listing = client.get("/api/tables")
    body = listing.json()
    assert made["id"] in [t["id"] for t in body["open"]]
    assert quick["id"] in [t["id"] for t in body["recent"]]
    assert quick["id"] not in [t["id"] for t in body["open"]]
    recent = next(t for t in body["recent"] if t["id"] == quick["id"])
    assert recent["status"] == "over" and recent["winner"]
    assert made["seats"][0]["token"] not in listing.text
    one = client.get(f"/api/tables/{made['id']}").json()
    assert one["seats"][0]["name"] == "Ann" and one["seats"][0]["joined"] is False
    assert client.get("/api/tables/nope").status_code == 404


def test_pages_are_served_with_a_content_security_policy(client: TestClient) -> None:
    made = create(client)
    for path in ("/", f"/t/{made['id']}", "/replay"):
        response = client.get(path)
        assert response.status_code == 200
        assert "text/html" in response.headers["content-type"]
        assert "script-src 'self'" in response.headers["content-security-policy"]
        assert response.headers["x-content-type-options"] == "nosniff"
    # FastAPI's API page loads Swagger UI from its CDN: it is left without the pages' policy.
    assert client.get("/api/docs").status_code == 200


def test_record_of_a_running_table_hides_the_hand_in_play(client: TestClient) -> None:
    made = create(client, "draw")
    token = made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(token)
        # Play until it is Ann's choice again after six moves: then the table waits for her.
        while not (ann.choosing() and ann.state is not None and ann.state["move"] >= 6):
            if ann.choosing():
                ann.play()
            else:
                ann.recv()
    table = table_of(client, made["id"])
    state = table.state
    response = client.get(f"/api/tables/{made['id']}/record")
    assert "attachment" in response.headers["content-disposition"]
    record = response.json()
    assert record["hands"] == []
    moves = record["meta"]["hand_in_play"]["moves"]
    assert len(moves) == len(state.history)
    assert all(m["draw"] is None for m in moves if "draw" in m)
    from serverhelp import leaks

    from boneyard.core.tiles import NAMES, tiles_of

    hidden = [NAMES[t] for m in state.hands for t in tiles_of(m)]
    hidden += [NAMES[t] for t in state.stock[state.stock_pos :]]
    assert leaks(response.text, hidden) == []


def test_record_of_a_finished_hand_replays(client: TestClient) -> None:
    made = create(
        client,
        "draw",
        seats=[{"kind": "computer", "level": "greedy"}, {"kind": "computer", "level": "random"}],
        target=1,
    )
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        watcher = Player(ws)
        watcher.hello()
        watcher.until(lambda m: m["type"] == "state" and m["status"] == "over")
    record = client.get(f"/api/tables/{made['id']}/record").json()
    assert len(record["hands"]) >= 1
    replay = replay_record(record)
    assert replay.complete and replay.disagreements == []
    assert record["players"] == ["Kenji", "Rosa"]


def test_replay_frames(client: TestClient) -> None:
    made = create(
        client,
        "muggins",
        seats=[{"kind": "computer", "level": "counting"}, {"kind": "computer", "level": "random"}],
        target=20,
    )
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        watcher = Player(ws)
        watcher.hello()
        watcher.until(lambda m: m["type"] == "state" and m["status"] == "over")
    frames = client.get(f"/api/tables/{made['id']}/replay").json()
    first = frames["hands"][0]
    assert first["frames"][0]["text"] == "Hand 1 is dealt."
    assert (
        len(first["frames"])
        == len(
            replay_record(client.get(f"/api/tables/{made['id']}/record").json())
            .match.hands[0]
            .history
        )
        + 1
    )
    dealt = first["frames"][0]["hands"]
    assert sum(len(h) for h in dealt) == table_of(client, made["id"]).rules.hand_size * 2
    assert first["result"][0].startswith("Hand 1 is over")
    # Every hand is shown in a replay, and a draw names its tile.
    record = client.get(f"/api/tables/{made['id']}/record").json()
    posted = client.post("/api/replay", json=record).json()
    assert posted["hands"] == frames["hands"]


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (b"not json", 400),
        (b"[1, 2]", 400),
        (
            json.dumps(
                {"format": "boneyard-record/1", "game": "chess", "players": ["a", "b"]}
            ).encode(),
            400,
        ),
        (b"{" + b" " * 2_100_000 + b"}", 413),
    ],
)
def test_replay_refuses_bad_records(client: TestClient, body: bytes, status: int) -> None:
    response = client.post("/api/replay", content=body)
    assert response.status_code == status


def test_the_pages_load_only_files_that_exist(client: TestClient) -> None:
    import re

    for path in ("/", "/t/x", "/replay"):
        html = client.get(path).text
        assert "<script>" not in html and "onclick=" not in html  # nothing inline (the CSP)
        for ref in re.findall(r'(?:src|href)="(/static/[^"]+)"', html):
            response = client.get(ref)
            assert response.status_code == 200, ref
            kind = "javascript" if ref.endswith(".js") else "css"
            assert kind in response.headers["content-type"], ref


def test_finished_tables_nobody_watches_leave_memory(db_url: str) -> None:
    from serverhelp import settings

    from boneyard.apps.server.app import create_app

    with TestClient(create_app(settings(db_url, finished_kept=0))) as c:
        made = create(
            c,
            "block",
            target=1,
            seats=[{"kind": "computer", "level": "greedy"}] * 2,
        )
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            watcher = Player(ws)
            watcher.hello()
            over = watcher.until(lambda m: m["type"] == "state" and m["status"] == "over")
            assert made["id"] in hub(c).rooms
        for _ in range(100):  # the server sees the spectator leave
            if made["id"] not in hub(c).rooms:
                break
            time.sleep(0.02)
        assert made["id"] not in hub(c).rooms
        # Read again from the store when asked for, the same.
        again = c.get(f"/api/tables/{made['id']}").json()
        assert again["winner"] == over["winner"]
        assert c.get(f"/api/tables/{made['id']}/record").json()["hands"]
