"""Club tournaments (docs/server.md, "Club tournaments"): the pairings and standings alone; a
Swiss tournament of eight people over three rounds of duplicate deals, played through the
websocket; who may do what; the command line; the store upgraded from revision 0006."""

from __future__ import annotations

import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverhelp import HEAD_REVISION, Player, hub, settings
from sqlalchemy import func, select
from typer.testing import CliRunner

from boneyard.apps.cli.app import build_app
from boneyard.apps.server.app import create_app
from boneyard.apps.server.store import Store, now
from boneyard.apps.server.store.schema import (
    tables,
    tournament_entrants,
    tournament_tables,
    tournaments,
)
from boneyard.apps.server.tournaments import (
    Game,
    duplicate_scores,
    round_robin,
    standings,
    swiss,
    table_points,
)

cli = build_app()
OWN = "http://testserver"
PASSWORD = "correct horse battery"
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
SWISS = {"name": "Club night", "game": "draw", "format": "swiss", "rounds": 3, "boards": 1}


@pytest.fixture
def web(db_url: str) -> Any:
    with TestClient(create_app(settings(db_url)), headers={"Origin": OWN}) as c:
        yield c


def person(web: TestClient, name: str) -> TestClient:
    c = TestClient(web.app, headers={"Origin": OWN})
    answer = c.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return c


# ----------------------------------------------------------------- the arithmetic alone
@pytest.mark.parametrize("units", [4, 5])
def test_a_round_robin_meets_everyone_once(units: int) -> None:
    schedule = round_robin(units)
    assert len(schedule) == (units - 1 if units % 2 == 0 else units)
    met = [frozenset(pair) for r in schedule for pair in r]
    assert len(met) == len(set(met)) == units * (units - 1) // 2
    for r in schedule:
        seated = [u for pair in r for u in pair]
        assert len(seated) == len(set(seated)) == units - units % 2  # one bye when odd
    if units % 2:
        byes = [next(u for u in range(units) if all(u not in p for p in r)) for r in schedule]
        assert sorted(byes) == list(range(units))  # each sits out once


def test_swiss_avoids_rematches_and_gives_the_bye_to_the_lowest_without_one() -> None:
    met = {frozenset((0, 1)), frozenset((2, 3))}
    assert swiss([0, 1, 2, 3], met, set()) == ([(0, 2), (1, 3)], None)
    tables, bye = swiss([0, 1, 2, 3, 4], set(), {4})
    assert bye == 3 and tables == [(0, 1), (2, 4)]
    # Every pairing is a rematch: the search allows them rather than fail.
    assert swiss([0, 1], {frozenset((0, 1))}, set()) == ([(0, 1)], None)


def test_duplicate_scores_and_standings_by_hand() -> None:
    # One board at three tables, the same deal: side 0's points there were 10, 4 and 0 (side 1
    # scored 0, 0 and 6). Side 0 at table 0 made 10 against the others' mean (4 + 0) / 2 = 2: +8;
    # side 1 there made 0 against (0 + 6) / 2 = 3: -3. Table 0: +8 against -3, side 0 wins.
    scores = duplicate_scores([[(10, 0)], [(4, 0)], [(0, 6)]])
    assert scores[0] == [(Fraction(8), Fraction(-3))]
    assert scores[1] == [(Fraction(-1), Fraction(-3))]  # 4 - (10 + 0) / 2; 0 - (0 + 6) / 2
    assert scores[2] == [(Fraction(-7), Fraction(6))]  # 0 - 7; 6 - 0
    assert table_points((Fraction(-1), Fraction(-3)), None) == (1.0, 0.0)
    assert table_points((Fraction(2), Fraction(2)), None) == (0.5, 0.5)
    assert table_points((Fraction(9), Fraction(0)), 0) == (0.0, 1.0)  # side 0 resigned
    # Four players, two rounds. Round 1: A beat B (+5 / -5), C drew D (0 / 0).
    # Round 2: A drew C (+1 / -1, a draw by match points only if the scores tie: here A wins),
    # so take D beat B (+2 / -2) and A lost to C (-1 / +1).
    g = [
        Game(1, (0, 1), (1.0, 0.0), (Fraction(5), Fraction(-5))),
        Game(1, (2, 3), (0.5, 0.5), (Fraction(0), Fraction(0))),
        Game(2, (0, 2), (0.0, 1.0), (Fraction(-1), Fraction(1))),
        Game(2, (3, 1), (1.0, 0.0), (Fraction(2), Fraction(-2))),
    ]
    # Match points: A 1, B 0, C 1.5, D 1.5. Buchholz (the opponents' match points):
    # A: B 0 + C 1.5 = 1.5; B: A 1 + D 1.5 = 2.5; C: D 1.5 + A 1 = 2.5; D: C 1.5 + B 0 = 1.5.
    # C and D are level on match points; C's Buchholz 2.5 beats D's 1.5: C first, D second.
    # A (1, 1.5, +4) third, B (0, 2.5, -7) fourth.
    ranked = standings(["A", "B", "C", "D"], g)
    assert [(s.name, s.rank, s.match_points, s.buchholz) for s in ranked] == [
        ("C", 1, 1.5, 2.5),
        ("D", 2, 1.5, 1.5),
        ("A", 3, 1.0, 1.5),
        ("B", 4, 0.0, 2.5),
    ]
    assert [s.score for s in ranked] == [1, 2, 4, -7]
    # A round robin of four, every score 0. R1: A beat B, C drew D. R2: C beat A, B beat D.
    # R3: A drew D, B drew C. Match points: A 1 + 0 + ½ = 1.5, B 0 + 1 + ½ = 1.5, C 2, D 1.
    # Buchholz: A: B 1.5 + C 2 + D 1 = 4.5; B: A 1.5 + D 1 + C 2 = 4.5. A and B are level on
    # everything but head to head, where A took 1 from B and B nothing from A: A before B.
    zero = (Fraction(0), Fraction(0))
    level = [
        Game(1, (0, 1), (1.0, 0.0), zero),
        Game(1, (2, 3), (0.5, 0.5), zero),
        Game(2, (0, 2), (0.0, 1.0), zero),
        Game(2, (1, 3), (1.0, 0.0), zero),
        Game(3, (0, 3), (0.5, 0.5), zero),
        Game(3, (1, 2), (0.5, 0.5), zero),
    ]
    ranked = standings(["A", "B", "C", "D"], level)
    assert [(s.name, s.rank, s.buchholz, s.head_to_head) for s in ranked] == [
        ("C", 1, 4.0, 0.0),
        ("A", 2, 4.5, 1.0),
        ("B", 3, 4.5, 0.0),
        ("D", 4, 5.0, 0.0),
    ]


# ----------------------------------------------------------------- through the server
def _play(web: TestClient, seats: list[tuple[TestClient, dict[str, Any]]]) -> None:
    """Play one table's match to its end, each seat by its own websocket, each choosing the
    first move offered (a computer standing in for the person, through the same API)."""
    links = [link for _, link in seats]
    with (
        seats[0][0].websocket_connect(f"/ws/{links[0]['invite'].split('#')[0][3:]}") as w0,
        seats[1][0].websocket_connect(f"/ws/{links[1]['invite'].split('#')[0][3:]}") as w1,
    ):
        players = [Player(w0), Player(w1)]
        for p, link in zip(players, links, strict=True):
            p.hello(link["token"])
        for _ in range(500):
            states = [p.fresh() for p in players]
            if states[0]["status"] != "playing":
                assert states[0]["status"] == "over"
                return
            for p in players:
                if p.choosing():
                    p.play()
        raise AssertionError("the match did not end")


def _until(check: Any, what: str) -> Any:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError(f"waited in vain for {what}")


def test_a_swiss_of_eight_over_three_rounds_of_duplicate_deals(web: TestClient) -> None:
    people = {n: person(web, n) for n in NAMES}
    ann = people["Ann"]
    made = ann.post("/api/tournaments", json=SWISS)
    assert made.status_code == 201, made.text
    tid = made.json()["id"]
    for c in people.values():
        assert c.post(f"/api/tournaments/{tid}/join").status_code == 200
    assert people["Bob"].post(f"/api/tournaments/{tid}/start").status_code == 403
    started = ann.post(f"/api/tournaments/{tid}/start")
    assert started.status_code == 200, started.text
    store = hub(web).store
    met: set[frozenset[str]] = set()
    for number in (1, 2, 3):
        t = _until(
            lambda n=number: (
                (v := web.get(f"/api/tournaments/{tid}").json())["playing"]
                and v["round"] == n
                and v
            ),
            f"round {number}",
        )
        links = {
            n: _until(lambda c=c: (a := c.post(f"/api/tournaments/{tid}/seat")).is_success
                and a.json(), f"{n}'s seat")
            for n, c in people.items()
        }  # fmt: skip
        pairs = [tuple(table["sides"]) for table in t["playing"]["tables"]]
        assert len(pairs) == 4 and not {frozenset(p) for p in pairs} & met
        met |= {frozenset(p) for p in pairs}
        ids = [link["invite"].split("#")[0][3:] for link in links.values()]
        seed = _round_seed(store, tid, number)
        for i, (a, b) in enumerate(pairs):
            _play(web, [(people[a], links[a]), (people[b], links[b])])
            if i == 0:
                _sealed_while_the_round_goes_on(web, ids, links, seed)
        _until(lambda n=number: len(web.get(f"/api/tournaments/{tid}").json()["results"]) >= n, "")
        _same_deals(store, tid, number)
    final = _until(
        lambda: (v := web.get(f"/api/tournaments/{tid}").json())["status"] == "over" and v, "end"
    )
    assert len(final["results"]) == 3
    last = final["results"][-1]["standings"]
    assert sum(s["match_points"] for s in last) == 12  # 4 tables a round, 1 point a table
    assert sorted(s["name"] for s in last) == sorted(NAMES)
    board = final["results"][0]["tables"][0]
    assert board["board_seed"] is not None and board["duplicate"] is not None
    # Each board's duplicate scores sum to nothing over the tables of a round (side by side).
    for r in final["results"]:
        for side in (0, 1):
            assert abs(sum(t["duplicate"][0][side] for t in r["tables"])) < 1e-9


def _round_seed(store: Store, tid: int, number: int) -> int:
    with store.reading() as conn:
        seeds = set(
            conn.execute(
                select(tournament_tables.c.board_seed).where(
                    tournament_tables.c.tournament_id == tid, tournament_tables.c.round == number
                )
            ).scalars()
        )
    assert len(seeds) == 1
    (seed,) = seeds
    assert isinstance(seed, int)
    return seed


def _sealed_while_the_round_goes_on(
    web: TestClient, ids: list[str], links: dict[str, Any], seed: int
) -> None:
    """One table over, the others not: no record, replay, spectator or summary shows a deal."""
    for table_id in set(ids):
        assert web.get(f"/api/tables/{table_id}/record").status_code == 403
        assert web.get(f"/api/tables/{table_id}/replay").status_code == 403
        assert str(seed) not in web.get(f"/api/tables/{table_id}").text
        with web.websocket_connect(f"/ws/{table_id}") as ws:
            p = Player(ws)
            p.send(type="hello")
            assert p.error("sealed")
    tid_view = web.get("/api/tournaments").json()[0]
    assert str(seed) not in str(tid_view)
    assert str(seed) not in web.get(f"/api/tournaments/{tid_view['id']}").text


def _same_deals(store: Store, tid: int, number: int) -> None:
    with store.reading() as conn:
        ids = conn.execute(
            select(tournament_tables.c.table_id).where(
                tournament_tables.c.tournament_id == tid, tournament_tables.c.round == number
            )
        ).scalars()
        deals = []
        for table_id in ids:
            stored = store.load(table_id)
            assert stored is not None and stored.boards == 1
            deals.append([(h.deal["deal"], h.deal["stock"]) for h in stored.hands])
    assert len(deals) == 4 and all(d == deals[0] for d in deals)


def test_who_may_do_what(web: TestClient) -> None:
    ann, bob = person(web, "Ann"), person(web, "Bob")
    guest = TestClient(web.app, headers={"Origin": OWN})
    assert guest.post("/api/tournaments", json=SWISS).status_code == 401
    for bad in (
        {**SWISS, "game": "nonesuch"},
        {**SWISS, "format": "knockout"},
        {**SWISS, "name": " "},
        {**SWISS, "players": 3},  # three sides: not a game of two
    ):
        answer = ann.post("/api/tournaments", json=bad)
        assert answer.status_code == 400, (bad, answer.text)
    assert ann.post("/api/tournaments", json={**SWISS, "boards": 0}).status_code == 422
    with hub(web).store.reading() as conn:
        assert conn.execute(select(func.count()).select_from(tournaments)).scalar_one() == 0
    tid = ann.post("/api/tournaments", json=SWISS).json()["id"]
    assert guest.post(f"/api/tournaments/{tid}/join").status_code == 401
    assert bob.post(f"/api/tournaments/{tid}/join").status_code == 200
    assert bob.post(f"/api/tournaments/{tid}/join").status_code == 409
    assert ann.post(f"/api/tournaments/{tid}/start").status_code == 400  # one entrant
    assert ann.post(f"/api/tournaments/{tid}/join").status_code == 200
    # Two entrants cannot play three Swiss rounds without meeting again.
    answer = ann.post(f"/api/tournaments/{tid}/start")
    assert answer.status_code == 400 and "3 Swiss rounds" in answer.text
    assert bob.post(f"/api/tournaments/{tid}/leave").status_code == 200
    other = TestClient(web.app, headers={"Origin": "https://elsewhere.example"})
    other.cookies = bob.cookies
    assert other.post(f"/api/tournaments/{tid}/join").status_code == 403
    assert bob.post(f"/api/tournaments/{tid}/close").status_code == 403
    assert ann.post(f"/api/tournaments/{tid}/close").status_code == 200
    assert web.get(f"/api/tournaments/{tid}").json()["status"] == "closed"
    assert web.get("/api/tournaments/999").status_code == 404


def test_a_round_robin_started_from_the_command_line_is_played_by_the_server(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "club.db")
    runner = CliRunner()
    with TestClient(create_app(settings(f"sqlite:///{db}")), headers={"Origin": OWN}) as web:
        for n in NAMES[:3]:
            person(web, n)
        store = hub(web).store

        def run(*args: str) -> str:
            result = runner.invoke(cli, ["tournaments", *args, "--db", db])
            assert result.exit_code == 0, result.output
            return result.output

        assert "tournament 1" in run(
            "create", "Tuesday", "--game", "draw", "--format", "round_robin", "--boards", "1"
        )
        bad = runner.invoke(cli, ["tournaments", "create", "X", "--game", "nonesuch", "--db", db])
        assert bad.exit_code != 0
        for n in NAMES[:3]:
            run("add", "1", n.lower())
        assert runner.invoke(cli, ["tournaments", "add", "1", "nobody", "--db", db]).exit_code
        assert "3 entrants" in run("list")
        assert "starting" in run("start", "1")
        web.portal.call(hub(web).tournament_sweep)  # type: ignore[union-attr]
        t = store.load_tournament(1)
        assert t is not None and t.status == "playing" and t.rounds == 3
        assert [len(r.units) for r in t.tables] == [2, 1]  # three entrants: a table, a bye
        shown = run("show", "1")
        assert "entrants: Ann, Bob, Cy" in shown
        assert "closed" in run("close", "1")
        web.portal.call(hub(web).sweep)  # type: ignore[union-attr]
        row = t.tables[0]
        assert row.table_id is not None
        assert store.statuses([row.table_id]) == {row.table_id: "closed"}


def test_deleting_an_account_keeps_its_entries_under_another_name(web: TestClient) -> None:
    ann, bob = person(web, "Ann"), person(web, "Bob")
    tid = ann.post("/api/tournaments", json=SWISS).json()["id"]
    bob.post(f"/api/tournaments/{tid}/join")
    ann.post(f"/api/tournaments/{tid}/join")
    answer = bob.post("/api/account/delete", json={"password": PASSWORD})
    assert answer.status_code == 204
    assert web.get(f"/api/tournaments/{tid}").json()["entrants"] == ["Deleted player 1", "Ann"]
    ann.post("/api/account/delete", json={"password": PASSWORD})
    assert web.get(f"/api/tournaments/{tid}").json()["creator"] == "Deleted player"
    with hub(web).store.reading() as conn:
        ids = conn.execute(select(tournament_entrants.c.account_id)).scalars().all()
    assert ids == [None, None]


def test_upgrading_from_revision_0006_keeps_everything(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    config = Config()
    config.set_main_option(
        "script_location", str(Path(store.migrate.__code__.co_filename).parent / "migrations")
    )
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0006")
    at = now()
    row = {
        "id": "t1", "game": "draw", "rule_set": "standard", "options": {}, "players": 2,
        "practice": False, "seed": 7, "status": "over", "winner": "Ann", "created": at,
        "updated": at, "rated": True,
    }  # fmt: skip
    with store.engine.begin() as conn:
        conn.execute(tables.insert().values(**row))
    store.open()
    assert store.revision() == HEAD_REVISION
    with store.reading() as conn:
        kept = conn.execute(select(tables)).one()._asdict()
    assert {k: kept[k] for k in row if k not in ("created", "updated")} == {
        k: v for k, v in row.items() if k not in ("created", "updated")
    }
    assert kept["boards"] is None
    assert store.tournament_list() == []
    store.close()
