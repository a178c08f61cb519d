"""``boneyard tables``: list, close, delete and expire the tables of a store, and a running server
that notices a table closed or deleted in its store at its next sweep; ``boneyard db upgrade``."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverhelp import HEAD_REVISION, Player, create, hub, settings, table_of
from typer.testing import CliRunner, Result

from boneyard.apps.cli import build_app
from boneyard.apps.server import store as store_module
from boneyard.apps.server.admin import parse_duration
from boneyard.apps.server.app import create_app
from boneyard.apps.server.store import Store

pytestmark = pytest.mark.timeout(120)

APP = build_app()


def tables(*args: str) -> Result:
    return CliRunner().invoke(APP, ["tables", *args])


def ids_of(result: Result) -> list[str]:
    return [json.loads(line)["id"] for line in result.stdout.splitlines() if line]


@pytest.fixture
def store(tmp_path: Path) -> Any:
    """A store with three tables: two in play (one private) and one whose match is over."""
    path = tmp_path / "club.db"
    with TestClient(create_app(settings(f"sqlite:///{path}"))) as client:
        playing = create(client, "draw")
        private = create(client, "mexican-train", private=True)
        over = create(
            client, "block", seats=[{"kind": "person", "name": "Cy"}, {"kind": "computer"}]
        )
        with client.websocket_connect(f"/ws/{over['id']}") as ws:
            cy = Player(ws)
            cy.hello(over["seats"][0]["token"])
            cy.send(type="resign")
            cy.until(lambda m: m["type"] == "state" and m["status"] == "over")
    return path, playing["id"], private["id"], over["id"]


def test_list(store: Any) -> None:
    path, playing, private, over = store
    listed = tables("list", "--db", str(path))
    assert listed.exit_code == 0, listed.output
    lines = listed.stdout.splitlines()
    assert lines[0].split() == [
        "id",
        "game",
        "status",
        "moves",
        "last",
        "person",
        "created",
        "seats",
    ]
    assert len(lines) == 4
    assert any(
        line.startswith(f"{private} (private)") and "mexican-train" in line for line in lines
    )
    assert any(line.startswith(over) and " over " in line for line in lines)
    rows = [
        json.loads(line) for line in tables("list", "--db", str(path), "--json").stdout.splitlines()
    ]
    assert {r["id"]: r["status"] for r in rows} == {
        playing: "playing",
        private: "playing",
        over: "over",
    }
    assert next(r for r in rows if r["id"] == private)["private"] is True
    assert ids_of(tables("list", "--db", str(path), "--json", "--status", "over")) == [over]
    assert ids_of(tables("list", "--db", str(path), "--json", "--idle", "1h")) == []
    bad = tables("list", "--db", str(path), "--status", "asleep")
    assert bad.exit_code != 0 and "choose from playing" in bad.output
    missing = tables("list", "--db", str(path.parent / "nothing.db"))
    assert missing.exit_code != 0 and "no store at" in missing.output


def test_close_and_delete(store: Any) -> None:
    path, playing, private, over = store
    closed = tables("close", "--db", str(path), playing, "nope")
    assert closed.exit_code == 1
    assert f"closed {playing}" in closed.stdout and "nope: no such table" in closed.output
    # A table in play is kept unless forced: close it first.
    kept = tables("delete", "--db", str(path), private)
    assert kept.exit_code == 1 and "close it first" in kept.output
    deleted = tables("delete", "--db", str(path), playing, over)
    assert deleted.exit_code == 0, deleted.output
    assert ids_of(tables("list", "--db", str(path), "--json")) == [private]
    forced = tables("delete", "--db", str(path), "--force", private)
    assert forced.exit_code == 0
    assert tables("list", "--db", str(path)).stdout.strip() == "no tables"
    raw = Store(f"sqlite:///{path}")
    with raw.engine.connect() as conn:
        from sqlalchemy import text

        for name in ("seats", "hands", "actions", "chat"):
            assert conn.execute(text(f"SELECT count(*) FROM {name}")).scalar() == 0
    raw.close()


def test_expire(store: Any) -> None:
    path, playing, private, _ = store
    kept = tables("expire", "--db", str(path), "--after", "1h")
    assert kept.exit_code == 0 and kept.stdout.strip().endswith("0 tables closed")
    done = tables("expire", "--db", str(path), "--after", "0s")
    assert done.exit_code == 0
    assert sorted(done.stdout.splitlines()[:-1]) == sorted(
        [f"closed {playing}", f"closed {private}"]
    )
    assert done.stdout.splitlines()[-1] == "2 tables closed"
    store_ = Store(f"sqlite:///{path}")
    assert store_.load_active() == []  # a server started on it resumes nothing
    store_.close()
    bad = tables("expire", "--db", str(path), "--after", "soon")
    assert bad.exit_code != 0 and "not a duration" in bad.output


def test_durations() -> None:
    assert parse_duration("90s") == timedelta(seconds=90)
    assert parse_duration("30m") == timedelta(minutes=30)
    assert parse_duration("2h") == timedelta(hours=2)
    assert parse_duration("7d") == timedelta(days=7)
    assert parse_duration("1.5") == timedelta(seconds=1.5)
    with pytest.raises(ValueError, match="not a duration"):
        parse_duration("2 weeks")


def test_a_running_server_closes_what_the_store_closed(db_url: str) -> None:
    with TestClient(create_app(settings(db_url, sweep_every=3600))) as client:
        made = create(client, "draw")
        gone = create(client, "draw")
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ann = Player(ws)
            ann.hello(made["seats"][0]["token"])
            path = db_url.removeprefix("sqlite:///")
            assert tables("close", "--db", path, made["id"]).exit_code == 0
            assert tables("delete", "--db", path, "--force", gone["id"]).exit_code == 0
            portal = client.portal
            assert portal is not None
            assert sorted(portal.call(hub(client).sweep)) == sorted([made["id"], gone["id"]])
            closed = ann.until(lambda m: m["type"] == "state" and m["status"] == "closed")
            assert closed["moves"] == []
            ann.send(type="move", action={"kind": "pass", "notation": "pass"}, id=1)
            ann.error("closed")
        assert table_of(client, made["id"]).status == "closed"
        assert gone["id"] not in hub(client).rooms
        assert client.get(f"/api/tables/{gone['id']}").status_code == 404


def test_db_upgrade_makes_and_upgrades_a_store(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect

    path = tmp_path / "old.db"
    url = f"sqlite:///{path}"
    # A store as an older version left it: the schema of migration 0002.
    old = Store(url)
    config = Config()
    config.set_main_option(
        "script_location", str(Path(store_module.__file__).parent / "migrations")
    )
    with old.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
    assert old.revision() == "0002"
    assert "leases" not in inspect(old.engine).get_table_names()
    old.close()

    upgraded = CliRunner().invoke(APP, ["db", "upgrade", "--db", str(path)])
    assert upgraded.exit_code == 0, upgraded.output
    assert upgraded.stdout.strip().endswith(f"upgraded from revision 0002 to {HEAD_REVISION}")
    again = CliRunner().invoke(APP, ["db", "upgrade", "--db", str(path)])
    assert again.exit_code == 0, again.output
    assert again.stdout.strip().endswith(f"at revision {HEAD_REVISION} already")
    store = Store(url)
    try:
        assert store.revision() == HEAD_REVISION
        assert {"leases", "servers", "cluster", "commits"} <= set(
            inspect(store.engine).get_table_names()
        )
    finally:
        store.close()

    fresh = CliRunner().invoke(APP, ["db", "upgrade", "--db", str(tmp_path / "new.db")])
    assert fresh.exit_code == 0, fresh.output
    assert fresh.stdout.strip().endswith(f"upgraded from revision none to {HEAD_REVISION}")


def test_alembic_run_by_hand_names_the_command_to_use() -> None:
    """The migrations' environment needs the connection the store gives it: alembic run by itself
    says what to run instead."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option(
        "script_location", str(Path(store_module.__file__).parent / "migrations")
    )
    config.set_main_option("sqlalchemy.url", "sqlite://")
    with pytest.raises(SystemExit, match="boneyard db upgrade --db URL"):
        command.upgrade(config, "head")
