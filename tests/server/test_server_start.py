"""``boneyard serve`` refused at start (issue 28): a second server on one SQLite file, a port in
use, a store that cannot be read, a URL that is no store's. Each is the real command in a
process of its own, which prints one sentence on stderr (no traceback, nothing on stdout) and
exits with status 1. ``boneyard tables`` and ``boneyard db`` say the same of a bad store in one
line."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serverhelp import settings
from typer.testing import CliRunner

from boneyard.apps.cli import build_app
from boneyard.apps.server.app import create_app

pytestmark = pytest.mark.timeout(180)


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boneyard", "serve", "--workers", "0", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def refused(done: subprocess.CompletedProcess[str], sentence: str) -> None:
    """Exit status 1 and that one sentence on stderr, alone."""
    assert done.returncode == 1, (done.returncode, done.stderr)
    assert done.stdout == ""
    assert done.stderr.splitlines() == [sentence], done.stderr


def test_a_second_server_on_one_sqlite_file_says_so_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "store.db"
    with TestClient(create_app(settings(f"sqlite:///{db}"))):  # the first server holds it
        done = serve("--db", str(db), "--port", "0")
    refused(
        done,
        f"another boneyard serve uses the store {db}: a SQLite store takes one server process "
        "(run several on one PostgreSQL store, see docs/server.md)",
    )


def test_a_port_in_use_says_so_in_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = serve("--db", str(tmp_path / "store.db"), "--port", str(port))
    refused(
        done,
        f"boneyard serve cannot listen on 127.0.0.1:{port}: the address is in use "
        "(another server? choose another --port)",
    )


def not_a_database(tmp_path: Path) -> str:
    path = tmp_path / "notes.txt"
    path.write_text("these are notes, not a database\n" * 100)
    return str(path)


@pytest.mark.parametrize(
    ("db", "sentence"),
    [
        (not_a_database, "the store {db} cannot be opened: file is not a database"),
        (lambda tmp: str(tmp), "the store {db} cannot be opened: Is a directory"),
        (
            lambda tmp: str(tmp / "no" / "such" / "folder.db"),
            "the store {db} cannot be opened: No such file or directory",
        ),
        (
            lambda tmp: "nonsense://somewhere",
            "--db nonsense://somewhere is not a store's address (Can't load plugin: "
            "sqlalchemy.dialects:nonsense): give a SQLite file or a URL such as "
            "postgresql+psycopg://user:secret@host/boneyard",
        ),
        (
            lambda tmp: "postgresql+psycopg://ann:secret@dbhost:port/boneyard",
            "--db postgresql+psycopg://ann:***@dbhost:port/boneyard is not a store's address "
            "(invalid literal for int() with base 10: 'port'): give a SQLite file or a URL such "
            "as postgresql+psycopg://user:secret@host/boneyard",
        ),
    ],
    ids=["not-a-database", "a-directory", "no-folder", "no-such-database", "bad-port"],
)
def test_a_store_that_cannot_be_opened_says_so_in_one_line(
    tmp_path: Path, db: Callable[[Path], str], sentence: str
) -> None:
    where = db(tmp_path)
    refused(serve("--db", where, "--port", "0"), sentence.format(db=where))


def test_a_database_server_that_does_not_answer_says_so_in_one_line() -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # bound, never listening: connections are refused
        done = serve("--db", f"postgresql+psycopg://ann:secret@127.0.0.1:{port}/boneyard")
    assert done.returncode == 1 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "secret" not in lines[0], done.stderr
    assert lines[0].startswith(
        f"the store postgresql+psycopg://ann:***@127.0.0.1:{port}/boneyard cannot be opened: "
    )
    assert "Connection refused" in lines[0]


@pytest.mark.parametrize("command", [["tables", "list"], ["db", "upgrade"]])
def test_the_operators_tools_say_the_same_in_one_line(tmp_path: Path, command: list[str]) -> None:
    for db, words in (
        ("nonsense://somewhere", "--db nonsense://somewhere is not a store's address"),
        (not_a_database(tmp_path), "file is not a database"),
    ):
        result = CliRunner().invoke(build_app(), [*command, "--db", db])
        assert result.exit_code == 2, result.output
        assert result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]
