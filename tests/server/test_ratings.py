"""Ratings (docs/server.md, "Ratings", "Profiles and the leaderboard"): the arithmetic checked
against OpenSkill's own, partnerships, resignations, the absent person's loss, tables closed or
given to computers unrated, exactly once however often and wherever asked, the leaderboard, the
profiles (nothing hidden shown), deletion, and the upgrade from revision 0006."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from serverhelp import HEAD_REVISION, Player, fresh_database, hub, settings, table_of
from sqlalchemy import insert, select

from boneyard.apps.server.accounts import COOKIE
from boneyard.apps.server.app import create_app
from boneyard.apps.server.hub.ratings import Ending, SeatAtEnd, placing
from boneyard.apps.server.ratings import PROVISIONAL_GAMES
from boneyard.apps.server.store import Store, now
from boneyard.apps.server.store.schema import (
    accounts,
    rated_matches,
    rating_forfeits,
    rating_history,
    ratings,
    seats,
    tables,
)

OWN = "http://testserver"
PASSWORD = "correct horse battery"


# --------------------------------------------------------------------------- the store alone
@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    server: str = request.getfixturevalue("postgres")
    return fresh_database(server, f"t_{uuid.uuid4().hex[:12]}")


@pytest.fixture
def store(url: str) -> Any:
    s = Store(url)
    s.open()
    yield s
    s.close()


def people(store: Store, *names: str) -> list[int]:
    made = [store.add_account(n, n.lower(), "hash") for n in names]
    return [a.id for a in made if a is not None]


def history(store: Store, account_id: int) -> list[tuple[str, str]]:
    return [(p.table_id, p.result) for p in store.rating_history_of(account_id)]


@pytest.mark.xdist_group("postgres")
def test_a_win_moves_the_ratings_as_openskill_does_and_only_once(store: Store) -> None:
    ann, bob = people(store, "Ann", "Bob")
    assert store.rate_match("t1", "draw", [[ann], [bob]], [0, 1])
    model = PlackettLuce()
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=[0, 1])
    got = store.ratings_of([ann, bob, 999], "draw")
    assert (got[ann].mu, got[ann].sigma) == pytest.approx((a.mu, a.sigma))
    assert (got[bob].mu, got[bob].sigma) == pytest.approx((b.mu, b.sigma))
    assert got[ann].value == pytest.approx(1500 + 60 * (a.mu - 25), abs=0.05)
    assert got[ann].deviation == pytest.approx(60 * a.sigma, abs=0.05)
    assert (got[ann].games, got[ann].wins, got[ann].provisional) == (1, 1, True)
    assert (got[bob].games, got[bob].wins) == (1, 0)
    assert (got[999].value, got[999].deviation, got[999].games) == (1500.0, 500.0, 0)
    # Asked again (another process, a retry): nothing moves.
    assert not store.rate_match("t1", "draw", [[ann], [bob]], [0, 1])
    assert store.ratings_of([ann], "draw")[ann] == got[ann]
    assert history(store, ann) == [("t1", "win")] and history(store, bob) == [("t1", "loss")]
    # The second match starts from the first's ratings.
    assert store.rate_match("t2", "draw", [[bob], [ann]], [0, 1])
    [[b2], [a2]] = model.rate([[b], [a]], ranks=[0, 1])
    again = store.ratings_of([ann, bob], "draw")
    assert again[bob].mu == pytest.approx(b2.mu) and again[ann].sigma == pytest.approx(a2.sigma)
    assert store.ratings_of([ann], "muggins")[ann].games == 0  # a rating per game


@pytest.mark.xdist_group("postgres")
def test_concurrent_attempts_rate_a_match_once_and_share_a_player_safely(store: Store) -> None:
    ann, bob, cy = people(store, "Ann", "Bob", "Cy")
    results: list[bool] = []
    start = threading.Barrier(4)

    def attempt(table: str, sides: list[list[int]]) -> None:
        start.wait()
        results.append(store.rate_match(table, "draw", sides, [0, 1]))

    threads = [
        threading.Thread(target=attempt, args=("same", [[ann], [bob]])),
        threading.Thread(target=attempt, args=("same", [[ann], [bob]])),
        threading.Thread(target=attempt, args=("other", [[cy], [ann]])),
        threading.Thread(target=attempt, args=("third", [[cy], [bob]])),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False, True, True, True]
    got = store.ratings_of([ann, bob, cy], "draw")
    assert (got[ann].games, got[bob].games, got[cy].games) == (2, 2, 2)
    with store.reading() as conn:
        assert conn.execute(select(rated_matches.c.table_id)).scalars().all().count("same") == 1
        assert len(conn.execute(select(rating_history.c.id)).all()) == 6


@pytest.mark.xdist_group("postgres")
def test_partners_move_together_and_deleting_an_account_removes_its_ratings(
    store: Store,
) -> None:
    ann, bob, cy, di = people(store, "Ann", "Bob", "Cy", "Di")
    assert store.rate_match("p1", "draw", [[ann, cy], [bob, di]], [0, 1])
    got = store.ratings_of([ann, bob, cy, di], "draw")
    assert got[ann].value > 1500 and got[cy].value > 1500
    assert got[bob].value < 1500 and got[di].value < 1500
    assert got[ann].wins == got[cy].wins == 1
    with store.writing() as conn:
        conn.execute(insert(rating_forfeits).values(table_id="p2", seat=1, account_id=ann))
    assert store.delete_account(ann) == []
    assert store.ratings_of([ann], "draw")[ann].games == 0
    assert store.rating_history_of(ann) == [] and store.forfeits("p2") == {}
    with store.reading() as conn:
        left = conn.execute(select(ratings.c.account_id)).scalars().all()
    assert sorted(left) == sorted([bob, cy, di])


# --------------------------------------------------------------------------- the ranks
def ending(*seats: SeatAtEnd, sides: Any, **changes: Any) -> Ending:
    base: dict[str, Any] = {
        "table_id": "t",
        "game": "draw",
        "seats": seats,
        "sides": sides,
        "resigned": None,
        "winner": None,
        "totals": (0.0,) * len(sides),
        "lowest_wins": False,
    }
    return Ending(**{**base, **changes})


def person(seat: int, account: int | None, away: bool = False) -> SeatAtEnd:
    return SeatAtEnd(seat, "person", account, away)


def test_ranks_follow_the_result_and_an_absent_or_resigning_side_loses() -> None:
    two = ((0,), (1,))
    won = ending(person(0, 10), person(1, 11), sides=two, winner=1, totals=(20.0, 61.0))
    assert placing(won, {}) == ([[10], [11]], [1, 0])
    # Bob was away at the end (a computer won for him): Bob loses.
    away = ending(person(0, 10), person(1, 11, away=True), sides=two, winner=1, totals=(20, 61))
    assert placing(away, {}) == ([[10], [11]], [0, 1])
    resigned = ending(person(0, 10), person(1, 11), sides=two, resigned=0, totals=(60.0, 0.0))
    assert placing(resigned, {}) == ([[10], [11]], [1, 0])
    tied = ending(person(0, 10), person(1, 11), sides=two, totals=(5.0, 5.0))
    assert placing(tied, {}) == ([[10], [11]], [0, 0])
    # Three sides where the lowest total wins; seat 1 resigned (a computer played it on).
    three = ((0,), (1,), (2,))
    low = ending(
        person(0, 10),
        SeatAtEnd(1, "computer", None, False),
        person(2, 12),
        sides=three,
        winner=1,
        totals=(40.0, 3.0, 25.0),
        lowest_wins=True,
    )
    assert placing(low, {1: 11}) == ([[10], [11], [12]], [1, 2, 0])
    # Partners share their side's place.
    pairs = ((0, 2), (1, 3))
    four = ending(*(person(i, 20 + i) for i in range(4)), sides=pairs, winner=0, totals=(7, 2))
    assert placing(four, {}) == ([[20, 22], [21, 23]], [0, 1])


@pytest.mark.parametrize(
    ("seats", "why"),
    [
        ((person(0, 10), SeatAtEnd(1, "computer", None, False)), "a computer plays"),
        ((person(0, 10), person(1, None)), "no signed-in person"),
        ((person(0, 10), person(1, 10)), "one account held two"),
    ],
)
def test_computers_guests_and_one_account_at_two_seats_are_not_rated(
    seats: tuple[SeatAtEnd, ...], why: str
) -> None:
    placed = placing(ending(*seats, sides=((0,), (1,)), winner=0, totals=(9, 0)), {})
    assert isinstance(placed, str) and why in placed


# --------------------------------------------------------------------------- at the tables
@pytest.fixture
def web(db_url: str) -> Any:
    with TestClient(create_app(settings(db_url)), headers={"Origin": OWN}) as c:
        yield c


def sign_up(web: TestClient, name: str) -> dict[str, str]:
    """The headers of another browser, signed up as ``name`` (its session cookie): given to the
    one client, whose event loop the hub's is."""
    answer = web.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    token = web.cookies[COOKIE]
    web.cookies.clear()
    return {"Origin": OWN, "Cookie": f"{COOKIE}={token}"}


def rated_table(web: TestClient, players: int = 2, **body: Any) -> dict[str, Any]:
    seats = [{"kind": "person", "name": f"P{i}"} for i in range(players)]
    answer = web.post("/api/tables", json={"game": "draw", "seats": seats, "rated": True, **body})
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def eventually(check: Callable[[], Any], what: str) -> Any:
    """Wait for ``check`` to hold (the ratings are written in the background)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError(f"{what} never came")


def account_id(web: TestClient, name: str) -> int:
    account = hub(web).store.account_named(name.lower())
    assert account is not None
    return account.id


def results(web: TestClient, name: str) -> list[str]:
    return [p.result for p in hub(web).store.rating_history_of(account_id(web, name))]


def test_resigning_a_rated_match_loses_it(web: TestClient) -> None:
    made = rated_table(web)
    ann, bob = sign_up(web, "Ann"), sign_up(web, "Bob")
    with (
        web.websocket_connect(f"/ws/{made['id']}", headers=ann) as a,
        web.websocket_connect(f"/ws/{made['id']}", headers=bob) as b,
    ):
        pa, pb = Player(a), Player(b)
        pa.hello(made["seats"][0]["token"])
        pb.hello(made["seats"][1]["token"])
        assert pa.fresh()["rated"] is True
        assert [s["profile"] for s in pa.fresh()["seats"]] == ["Ann", "Bob"]
        pa.send(type="resign")
        pa.until(lambda m: m["type"] == "state" and m["status"] == "over")
    assert eventually(lambda: results(web, "Ann"), "Ann's rating") == ["loss"]
    assert results(web, "Bob") == ["win"]
    store = hub(web).store
    got = store.ratings_of([account_id(web, "Ann"), account_id(web, "Bob")], "draw")
    assert [r.value < 1500 for r in got.values()] == [True, False]


def test_a_person_away_at_the_end_loses_whatever_the_computer_did(web: TestClient) -> None:
    made = rated_table(web, target=1)
    ann, bob = sign_up(web, "Ann"), sign_up(web, "Bob")
    with (
        web.websocket_connect(f"/ws/{made['id']}", headers=ann) as a,
        web.websocket_connect(f"/ws/{made['id']}", headers=bob) as b,
    ):
        pa, pb = Player(a), Player(b)
        pa.hello(made["seats"][0]["token"])
        pb.hello(made["seats"][1]["token"])
        pb.send(type="leave")  # Bob is away: a computer plays for him from now on
        pa.until(lambda m: m["type"] == "state" and m["seats"][1]["away"])
        for _ in range(500):
            state = pa.fresh()
            if state["status"] == "over":
                break
            if state["status"] == "between_hands":
                pa.send(type="next_hand")
                pa.until(lambda m: m["type"] == "state" and m["status"] == "playing")
            elif pa.choosing():
                pa.play()
            else:
                pa.until(lambda m: m["type"] == "state")  # the computer's move, or a forced one
        assert pa.fresh()["status"] == "over"
    assert eventually(lambda: results(web, "Bob"), "Bob's rating") == ["loss"]
    assert results(web, "Ann") == ["win"]


def test_tables_closed_or_given_to_computers_are_not_rated(web: TestClient) -> None:
    closed, freed = rated_table(web), rated_table(web)
    ann, bob = sign_up(web, "Ann"), sign_up(web, "Bob")
    key = {"Authorization": f"Bearer {freed['creator_token']}"}
    for made, seat in ((closed, 0), (closed, 1), (freed, 0), (freed, 1)):
        c = ann if seat == 0 else bob
        with web.websocket_connect(f"/ws/{made['id']}", headers=c) as ws:
            Player(ws).hello(made["seats"][seat]["token"])
    answer = web.post(
        f"/api/tables/{closed['id']}/close",
        headers={"Authorization": f"Bearer {closed['creator_token']}"},
    )
    assert answer.status_code in (200, 204), answer.text
    answer = web.post(f"/api/tables/{freed['id']}/seats/1/free", headers=key)
    assert answer.status_code == 200, answer.text
    table = table_of(web, freed["id"])
    assert table.rated is False
    assert any("no longer rated" in e.for_reader(None) for e in table.log)
    with web.websocket_connect(f"/ws/{freed['id']}", headers=ann) as ws:
        pa = Player(ws)
        pa.hello(freed["seats"][0]["token"])
        assert pa.fresh()["rated"] is False
        pa.send(type="resign")
        pa.until(lambda m: m["type"] == "state" and m["status"] == "over")
    store = hub(web).store
    with store.reading() as conn:
        query = select(tables.c.rated).where(tables.c.id == freed["id"])
        assert conn.execute(query).scalar() is False
    time.sleep(0.2)  # nothing is on its way: the store holds no rating of either
    with store.reading() as conn:
        assert conn.execute(select(rated_matches.c.table_id)).all() == []
        assert conn.execute(select(ratings.c.account_id)).all() == []


def test_a_resignation_at_three_sides_is_kept_and_ranked_last(web: TestClient) -> None:
    made = rated_table(web, players=3)
    clients = [sign_up(web, n) for n in ("Ann", "Bob", "Cy")]
    with web.websocket_connect(f"/ws/{made['id']}", headers=clients[0]) as ws:
        pa = Player(ws)
        pa.hello(made["seats"][0]["token"])
        pa.send(type="resign")
        pa.until(lambda m: m["type"] == "welcome" and m["role"] == "spectator")
    table = table_of(web, made["id"])
    assert table.rated and table.seats[0].kind == "computer"
    assert hub(web).store.forfeits(made["id"]) == {0: account_id(web, "Ann")}


def test_a_profile_shows_finished_matches_and_only_its_owner_the_tables_in_play(
    web: TestClient,
) -> None:
    made = rated_table(web)
    ann, bob = sign_up(web, "Ann"), sign_up(web, "Bob")
    two = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Guest"}]
    casual = web.post("/api/tables", json={"game": "draw", "seats": two}).json()
    with (
        web.websocket_connect(f"/ws/{made['id']}", headers=ann) as a,
        web.websocket_connect(f"/ws/{made['id']}", headers=bob) as b,
        web.websocket_connect(f"/ws/{casual['id']}", headers=ann) as c,
    ):
        Player(a).hello(made["seats"][0]["token"])
        Player(b).hello(made["seats"][1]["token"])
        playing = Player(c)
        playing.hello(casual["seats"][0]["token"])
        hand = playing.fresh()["tiles"]
        assert [s["profile"] for s in playing.fresh()["seats"]] == ["Ann", None]
        Player(b).send(type="resign")
        Player(a).until(lambda m: m["type"] == "state" and m["status"] == "over")
    eventually(lambda: results(web, "Ann"), "Ann's rating")
    eventually(lambda: hub(web).store.tables_of(account_id(web, "Ann"), False), "the binding")

    seen = web.get("/api/profile/ann")  # by anyone: any case finds the name
    assert seen.status_code == 200, seen.text
    profile = seen.json()
    assert (profile["name"], profile["own"], profile["unfinished"]) == ("Ann", False, None)
    [rating] = profile["ratings"]
    assert (rating["game"], rating["games"], rating["wins"], rating["provisional"]) == (
        "draw",
        1,
        1,
        True,
    )
    assert rating["value"] > 1500 and (profile["played"], profile["rated_wins"]) == (1, 1)
    [point] = profile["history"]["draw"]
    assert (point["table_id"], point["result"], point["value"]) == (
        made["id"],
        "win",
        rating["value"],
    )
    [recent] = profile["recent"]
    assert recent["record"] == f"/api/tables/{made['id']}/record"
    assert recent["replay"] == f"/replay?table={made['id']}"
    assert (recent["result"], recent["rated"]) == ("win", True)
    assert web.get(recent["record"]).status_code == 200
    # The table in play is nowhere in what others see, nor its hand.
    assert casual["id"] not in seen.text and not any(f'"{t}"' in seen.text for t in hand)
    bobs = web.get("/api/profile/Ann", headers=bob).json()
    assert bobs["unfinished"] is None and casual["id"] not in str(bobs)
    own = web.get("/api/profile/ANN", headers=ann).json()
    assert own["own"] and [t["table_id"] for t in own["unfinished"]] == [casual["id"]]
    assert own["unfinished"][0]["record"] is None and "tiles" not in str(own)
    wrong = {"Origin": OWN, "Cookie": f"{COOKIE}=not-a-session"}
    assert web.get("/api/profile/Ann", headers=wrong).json()["unfinished"] is None

    for page in ("/@/Ann", "/@/%C3%85sa", "/leaderboard"):
        answer = web.get(page)
        assert answer.status_code == 200 and "text/html" in answer.headers["content-type"]
    # Deleting the account deletes its profile and ratings; Bob's stay.
    assert web.post("/api/account/delete", json={"password": PASSWORD}, headers=ann).status_code
    assert web.get("/api/profile/Ann").status_code == 404
    assert results(web, "Bob") == ["loss"]
    with hub(web).store.reading() as conn:
        assert len(conn.execute(select(rating_history.c.id)).all()) == 1


@pytest.mark.parametrize(
    ("name", "status", "why"),
    [
        ("nobody", 404, "no account of that name"),
        ("%E2%80%AEAnn", 404, "no account of that name"),  # a bidirectional control
        ("x" * 300, 400, "at most"),
        ("Di", 404, "no account of that name"),  # disabled by an operator
    ],
)
def test_a_profile_of_a_bad_unknown_or_disabled_name_is_refused(
    web: TestClient, name: str, status: int, why: str
) -> None:
    sign_up(web, "Ann")
    sign_up(web, "Di")
    assert hub(web).store.set_disabled("di", True)
    answer = web.get(f"/api/profile/{name}")
    assert answer.status_code == status and why in answer.json()["detail"], answer.text


def test_the_leaderboard_lists_established_active_players_best_first(web: TestClient) -> None:
    store = hub(web).store
    names = ["Ann", "Bob", "Cy", "Di", "Eve", "Flo"]
    ids = dict(zip(names, people(store, *names), strict=True))
    store.set_disabled("eve", True)
    fresh, old = now(), now() - timedelta(days=40)
    rows = [  # name, mu, games, updated
        ("Ann", 27.0, 12, fresh),
        ("Bob", 30.0, PROVISIONAL_GAMES, fresh),
        ("Cy", 35.0, PROVISIONAL_GAMES - 1, fresh),  # provisional
        ("Di", 40.0, 20, old),  # not active
        ("Eve", 45.0, 20, fresh),  # disabled
        ("Flo", 25.0, 30, fresh),
    ]
    with store.writing() as conn:
        for name, mu, games, at in rows:
            values = {"account_id": ids[name], "mu": mu, "sigma": 3.0, "games": games}
            conn.execute(insert(ratings).values(game="draw", wins=1, updated=at, **values))
        conn.execute(
            insert(ratings).values(
                account_id=ids["Cy"], game="block", mu=50.0, sigma=3.0, games=50, wins=1,
                updated=fresh,
            )
        )  # fmt: skip
    board = web.get("/api/leaderboard/draw").json()
    assert [(p["rank"], p["name"]) for p in board["players"]] == [
        (1, "Bob"),
        (2, "Ann"),
        (3, "Flo"),
    ]
    assert (
        board["players"][0]["value"] == 1500 + 60 * 5 and board["players"][0]["profile"] == "/@/Bob"
    )
    assert board["active_days"] == 30 and board["provisional_games"] == PROVISIONAL_GAMES
    assert [p["name"] for p in web.get("/api/leaderboard/block").json()["players"]] == ["Cy"]
    got = store.ratings_of([ids["Cy"], ids["Ann"]], "draw")
    assert got[ids["Cy"]].provisional and not got[ids["Ann"]].provisional
    answer = web.get("/api/leaderboard/nonsense")
    assert answer.status_code == 404 and "no game" in answer.json()["detail"]


@pytest.mark.xdist_group("postgres")
def test_upgrading_from_revision_0006_keeps_everything(url: str) -> None:
    from alembic import command
    from alembic.config import Config

    store = Store(url)
    config = Config()
    config.set_main_option(
        "script_location", str(Path(store.migrate.__code__.co_filename).parent / "migrations")
    )
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0006")
    assert store.revision() == "0006"
    at = now()
    table = {
        "id": "t1", "game": "draw", "rule_set": "standard", "options": {}, "players": 2,
        "practice": False, "seed": None, "status": "over", "winner": "Ann", "created": at,
        "updated": at, "rated": True,
    }  # fmt: skip
    with store.writing() as conn:
        conn.execute(accounts.insert().values(name="Ann", name_key="ann", password="h", created=at))
        ann = conn.execute(select(accounts.c.id)).scalar_one()
        conn.execute(tables.insert().values(**table))
        conn.execute(
            seats.insert().values(
                table_id="t1", seat=0, kind="person", name="Ann", joined=True, account_id=ann
            )
        )
    store.open()
    try:
        assert store.revision() == HEAD_REVISION
        with store.reading() as conn:
            kept = conn.execute(select(tables.c.id, tables.c.rated, tables.c.winner)).all()
            bound = conn.execute(select(seats.c.account_id)).scalars().all()
        assert [tuple(r) for r in kept] == [("t1", True, "Ann")] and bound == [ann]
        assert store.account_named("ann") is not None
        assert store.ratings_of([ann], "draw")[ann].games == 0
        [played] = store.tables_of(ann, finished=True)
        assert (played.table_id, played.rated, played.result) == ("t1", True, None)
    finally:
        store.close()
