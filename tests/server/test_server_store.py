"""The server's store, against SQLite and against a real PostgreSQL server started here: the
migrations, every game's tables stored move by move and resumed exactly, the group commit, and a
whole server resumed on the same database.

PostgreSQL comes from Debian's ``postgresql`` package; without it these tests are skipped, unless
``BONEYARD_REQUIRE_POSTGRES`` is set (as CI sets it), when not being able to start one fails (the
``postgres`` fixture, in tests/conftest.py)."""

from __future__ import annotations

import asyncio
import logging
import random
import threading
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverhelp import Player, create, fresh_database, hub, settings, snapshot, table_of
from sqlalchemy import inspect

from boneyard.apps.server.app import create_app
from boneyard.apps.server.store import (
    Refused,
    StorageError,
    Store,
    StoredChat,
    Writer,
    metadata,
    now,
)
from boneyard.apps.server.table import Seat, Table
from boneyard.games import GAMES, get_game
from boneyard.players.agents import make_agent

pytestmark = [pytest.mark.timeout(300), pytest.mark.xdist_group("postgres")]


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    server: str = request.getfixturevalue("postgres")
    return fresh_database(server, f"t_{uuid.uuid4().hex[:12]}")


def test_migrations_make_the_schema_of_the_models(url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    store = Store(url)
    store.migrate()
    store.migrate()  # a second time changes nothing
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
        names = set(inspect(conn).get_table_names())
    store.close()
    assert diff == []
    assert {"tables", "seats", "hands", "actions", "chat", "alembic_version"} <= names


def play_some(table: Table, store: Store, moves: int, rng: random.Random) -> None:
    """Play ``moves`` moves (dealing new hands as needed) as the app does: check, store, apply."""
    agent = make_agent("random")
    for _ in range(moves):
        if table.match.over:
            return
        if table.status == "between_hands":
            deal = table.deal_next()
            store.run([store.op_hand(table.id, table.number, deal)])
            continue
        state = table.state
        seat = state.turn
        action = agent.choose(state.observation(seat), rng)
        record = table.check(seat, action)
        store.run([store.op_action(table.id, table.number, len(state.history), record)])
        table.apply(seat, action)
        if table.status != "playing":
            store.run([store.op_status(table.id, table.status, table.winner)])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_is_resumed_exactly(url: str, game: str) -> None:
    store = Store(url)
    store.migrate()
    rules = get_game(game).configure()
    seats = [
        Seat(s, "person", f"P{s}", None, f"{s:064x}")
        if s % 2 == 0
        else Seat(s, "computer", f"c{s}", "greedy", None)
        for s in range(rules.players)
    ]
    rng = random.Random(game)
    table = Table.new(f"g-{game}", rules, seats, seed=rng.randrange(1000))
    store.run([store.op_create(table.stored(), table.stored_hand())])
    play_some(table, store, rng.randrange(40, 90), rng)
    store.run(
        [
            store.op_chat(table.id, StoredChat(0, "P0", "hello <b>", now())),
            store.op_seat(table.id, 0, "Ann", True),
        ]
    )
    table.seats[0].joined = True
    table.rename(0, "Ann")
    table.chat.append(StoredChat(0, "P0", "hello <b>", now()))
    for moves in (0, 40):
        # Resumed now, and again after more moves (new hands dealt from the table's seed).
        play_some(table, store, moves, rng)
        stored = store.load(table.id)
        assert stored is not None
        again = Table.restore(stored)
        for seat in [None, *range(rules.players)]:
            mine = table.view(seat).model_dump()
            theirs = again.view(seat).model_dump()
            for view in (mine, theirs):
                for line in view["chat"]:
                    line.pop("at")
            assert theirs == mine
        assert again.public_record() == table.public_record()
        assert again.seats[0].token_hash == f"{0:064x}"
    store.close()


def test_active_tables_and_recent_ones(url: str) -> None:
    store = Store(url)
    store.migrate()
    rules = get_game("block").configure(options={"target_score": 1})
    seats = [Seat(0, "computer", "a", "greedy", None), Seat(1, "computer", "b", "greedy", None)]
    done = Table.new("done", rules, seats, seed=1)
    playing = Table.new("playing", rules, seats, seed=2)
    for t in (done, playing):
        store.run([store.op_create(t.stored(), t.stored_hand())])
    play_some(done, store, 200, random.Random(0))
    assert done.status == "over"
    assert [t.id for t in store.load_active()] == ["playing"]
    assert store.recent() == ["done"]
    assert store.load("nothing") is None
    store.close()


def test_the_writer_commits_in_groups_and_a_bad_write_fails_alone(url: str) -> None:
    store = Store(url)
    store.migrate()
    rules = get_game("block").configure()
    seats = [Seat(0, "computer", "a", "greedy", None), Seat(1, "computer", "b", "greedy", None)]
    tables = [Table.new(f"w{i}", rules, seats, seed=i) for i in range(20)]
    writer = Writer(store)

    async def main() -> list[BaseException | None]:
        creates = [writer.write(store.op_create(t.stored(), t.stored_hand())) for t in tables]
        await asyncio.gather(*creates)
        ops = [
            writer.write(store.op_chat(t.id, StoredChat(0, "a", f"hi {i}", now())))
            for i, t in enumerate(tables)
        ]
        # The same table twice: the second insert breaks the primary key.
        ops.append(writer.write(store.op_create(tables[0].stored(), tables[0].stored_hand())))
        results = await asyncio.gather(*ops, return_exceptions=True)
        return [r if isinstance(r, BaseException) else None for r in results]

    results = asyncio.run(main())
    writer.close()
    assert results[:-1] == [None] * 20
    assert isinstance(results[-1], StorageError)
    assert writer.commits < 41  # some writes shared a commit
    assert all(len(store.load(t.id).chat) == 1 for t in tables)  # type: ignore[union-attr]
    store.close()


def test_a_write_the_store_cannot_take_fails_alone_and_is_no_outage(
    url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Text no check let through (a lone surrogate, which no driver can encode; NUL, which
    PostgreSQL's text refuses) in one batch with other tables' writes: those are stored, the bad
    ones refused alone (:class:`Refused`), and the store is never taken for failing."""
    store = Store(url)
    store.migrate()
    rules = get_game("block").configure()
    seats = [Seat(0, "computer", "a", "greedy", None), Seat(1, "computer", "b", "greedy", None)]
    tables = [Table.new(f"r{i}", rules, seats, seed=i) for i in range(6)]
    writer = Writer(store)
    hold = threading.Event()
    bad = {1: "\ud800", 3: "nul\x00", 5: "\udfffx"}

    async def main() -> list[BaseException | None]:
        await asyncio.gather(
            *(writer.write(store.op_create(t.stored(), t.stored_hand())) for t in tables)
        )
        # The writer is held in a write of its own while the others queue: one batch after it.
        held = asyncio.ensure_future(writer.write(lambda conn: hold.wait(10) and None))
        await asyncio.sleep(0.1)
        lines = [
            writer.write(store.op_chat(t.id, StoredChat(0, "a", bad.get(i, f"hi {i}"), now())))
            for i, t in enumerate(tables)
        ]
        asyncio.get_running_loop().call_later(0.1, hold.set)
        results = await asyncio.gather(held, *lines, return_exceptions=True)
        return [r if isinstance(r, BaseException) else None for r in results[1:]]

    with caplog.at_level(logging.INFO, logger="boneyard"):
        results = asyncio.run(main())
    writer.close()
    for i, t in enumerate(tables):
        chat = store.load(t.id).chat  # type: ignore[union-attr]
        if results[i] is None:
            assert [c.text for c in chat] == [bad.get(i, f"hi {i}")]
        else:
            assert isinstance(results[i], Refused) and i in bad and chat == []
    assert isinstance(results[1], Refused) and isinstance(results[5], Refused)
    assert [results[i] for i in (0, 2, 4)] == [None] * 3
    assert writer.writes.failing is None
    assert not [r for r in caplog.records if "the store fails" in r.getMessage()]
    store.close()


def test_a_move_being_stored_as_the_server_stops_is_shown_before_it_stops(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stop lets a move under way end: once stored, it is also applied, acknowledged and shown
    before the readers are let go, so that the table comes back as its readers last saw it (not
    with a move nobody was shown). The move's write is held in the writer's thread until the stop
    has begun."""
    entered, release = threading.Event(), threading.Event()
    with TestClient(create_app(settings(url))) as c:
        made = create(
            c, "draw", seats=[{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
        )
        server = hub(c)
        op_action = server.store.op_action

        def held(*args: Any, **kwargs: Any) -> Callable[[Any], None]:
            op = op_action(*args, **kwargs)

            def run(conn: Any) -> None:
                entered.set()
                assert release.wait(30)
                op(conn)

            return run

        monkeypatch.setattr(server.store, "op_action", held)

        async def stop_once_begun() -> None:
            stopping = asyncio.ensure_future(server.stop())
            await asyncio.sleep(0)  # the stop's first step runs (it was scheduled first)
            release.set()
            await stopping

        with (
            c.websocket_connect(f"/ws/{made['id']}") as a,
            c.websocket_connect(f"/ws/{made['id']}") as b,
        ):
            players = [Player(a), Player(b)]
            for p, s in zip(players, made["seats"], strict=True):
                p.hello(s["token"])
            mover = next(p for p in players if p.choosing())
            state = mover.state
            assert state is not None
            mover.send(type="move", action=state["moves"][0]["action"], id=1)
            assert entered.wait(30)
            assert c.portal is not None
            c.portal.call(stop_once_begun)
            ack = mover.until(lambda m: m["type"] in ("ack", "error"))
            assert ack["type"] == "ack", ack
            shown = mover.until(lambda m: m["type"] == "state")
            assert shown["move"] == state["move"] + 1
        memory = snapshot(table_of(c, made["id"]))
    store = Store(url)
    stored = store.load(made["id"])
    store.close()
    assert stored is not None
    assert snapshot(Table.restore(stored))[1:] == memory[1:]
    assert memory[2] == shown["move"]


def test_a_server_resumes_its_tables_from_the_store(url: str) -> None:
    with TestClient(create_app(settings(url))) as c:
        made = create(
            c,
            "muggins",
            rules="foster",
            seats=[{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
        )
        with (
            c.websocket_connect(f"/ws/{made['id']}") as a,
            c.websocket_connect(f"/ws/{made['id']}") as b,
        ):
            players = [Player(a), Player(b)]
            for p, s in zip(players, made["seats"], strict=True):
                p.hello(s["token"])
            players[0].send(type="chat", text="good luck")
            moves = 0
            while True:
                views = [p.fresh() for p in players]
                if views[0]["move"] != views[1]["move"] or views[0]["hand"] != views[1]["hand"]:
                    continue  # the table moved between the two readings: read again
                if views[0]["status"] == "between_hands":
                    players[0].send(type="next_hand")
                    continue
                mover = players[views[0]["turn"]]
                if not mover.choosing():
                    # A forced draw or pass is the server's (stored, then shown): wait for it
                    # to be shown, however long its write takes.
                    at = (views[0]["hand"], views[0]["move"])
                    players[0].until(
                        lambda m, at=at: m["type"] == "state" and (m["hand"], m["move"]) != at
                    )
                    continue
                # Stop where a person must choose, as every reader sees: nothing moves by itself.
                if moves >= 12:
                    break
                mover.play()
                moves += 1
            assert views[0]["status"] == "playing"
        before = snapshot(c.app.state.hub.rooms[made["id"]].table)  # type: ignore[attr-defined]
    with TestClient(create_app(settings(url))) as c:
        table = c.app.state.hub.rooms[made["id"]].table  # type: ignore[attr-defined]
        assert snapshot(table)[1:] == before[1:]
        with c.websocket_connect(f"/ws/{made['id']}") as a:
            ann = Player(a)
            ann.hello(made["seats"][0]["token"])
            again = ann.state
            assert again is not None
            for key in ("tiles", "moves", "line", "sheet", "log", "hand", "move", "chat"):
                assert again[key] == views[0][key], key
