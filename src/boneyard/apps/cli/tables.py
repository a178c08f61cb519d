"""``boneyard tables``: a server's store operated from the command line, its tables listed,
closed, deleted and expired (:mod:`..server.admin`; the ``server`` extra, imported when a command
runs)."""

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ...core.i18n import _, format_number, ngettext
from .common import error
from .options import StoreOpt, group

if TYPE_CHECKING:
    from ..server.store import Store

__all__ = ["open_store", "tables_app"]

IdsArg = Annotated[list[str], typer.Argument(metavar="ID...", help="Table ids.")]


def tables_app() -> typer.Typer:
    """The ``tables`` group of commands."""
    return group(
        "tables",
        "Operate a server's store: list, close, delete and expire its tables.",
        list=tables_list,
        close=tables_close,
        delete=tables_delete,
        expire=tables_expire,
    )


@contextmanager
def opened(db: str | None) -> Iterator["Store"]:
    """The store of ``--db`` while a command works on it, closed after."""
    store = open_store(db)
    try:
        yield store
    finally:
        store.close()


def open_store(db: str | None) -> "Store":
    """The store of ``--db``, opened (a user error if there is none, or it refuses)."""
    try:
        from ..server.store import Store, StoreRefused, database_url
    except ImportError:
        error(_("boneyard tables needs the server extra: pip install 'boneyard[server]'"))
    url = database_url(db)
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).exists():
        error(_("no store at {file}: give its --db").format(file=url.removeprefix("sqlite:///")))
    try:
        store = Store(url)
        store.open()
    except StoreRefused as e:
        error(str(e))
    return store


def tables_list(
    db: StoreOpt = None,
    status: Annotated[
        list[str] | None,
        typer.Option(
            "--status",
            metavar="STATUS",
            help="Only tables of this status: playing, between_hands, over, closed (repeatable).",
        ),
    ] = None,
    idle: Annotated[
        str | None,
        typer.Option(
            "--idle",
            metavar="DURATION",
            help="Only tables where no person has acted for this long (30m, 2h, 7d).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object a line.")] = False,
) -> None:
    """List the tables of a store, newest first: id, game, status, moves, when a person last
    acted, seats."""
    from ..server import admin

    for given in status or []:
        if given not in admin.STATUSES:
            error(
                _("--status {status}: choose from {statuses}").format(
                    status=given, statuses=", ".join(admin.STATUSES)
                )
            )
    since = None
    if idle is not None:
        try:
            since = datetime.now(UTC) - admin.parse_duration(idle)
        except ValueError as e:
            error(f"--idle: {e}")
    with opened(db) as store:
        rows = store.rows(statuses=status or None, idle_since=since)
    print(admin.rows_json(rows) if as_json else admin.listing(rows))


def tables_close(ids: IdsArg, db: StoreOpt = None) -> None:
    """Close tables whose match goes on: they leave the lobby and are not resumed (a server
    running on the store closes them within a minute, telling their readers)."""
    from ..server import admin

    with opened(db) as store:
        closed, kept = admin.close(store, ids)
    _tell(closed, _("closed {table}"), kept, _("{table}: no such table in play"))


def tables_delete(
    ids: IdsArg,
    db: StoreOpt = None,
    force: Annotated[
        bool, typer.Option("--force", help="Delete tables in play too (close them first).")
    ] = False,
) -> None:
    """Delete tables with their seats, hands, moves and chat, for good. A table in play is
    kept unless --force: close it first."""
    from ..server import admin

    with opened(db) as store:
        deleted, kept = admin.delete(store, ids, force)
    _tell(
        deleted,
        _("deleted {table}"),
        kept,
        _("{table}: kept (no such table, or in play: close it first)"),
    )


def tables_expire(
    db: StoreOpt = None,
    after: Annotated[
        str,
        typer.Option(
            "--after",
            metavar="DURATION",
            help="Close tables in play where no person has acted for this long (default 2h, "
            "the server's own rule).",
        ),
    ] = "2h",
) -> None:
    """Close every table in play where no person has acted for a while."""
    from ..server import admin

    try:
        idle = admin.parse_duration(after)
    except ValueError as e:
        error(f"--after: {e}")
    with opened(db) as store:
        closed = admin.expire(store, idle)
    for table_id in closed:
        print(_("closed {table}").format(table=table_id))
    count = len(closed)
    print(
        ngettext("{count} table closed", "{count} tables closed", count).format(
            count=format_number(count)
        )
    )


def _tell(done: list[str], did: str, kept: list[str], why: str) -> None:
    """Say what was done to which tables, and why the others were kept (then exit with 1):
    ``did`` and ``why`` are sentences about a ``{table}``."""
    for table_id in done:
        print(did.format(table=table_id))
    for table_id in kept:
        print(why.format(table=table_id), file=sys.stderr)
    if kept:
        raise typer.Exit(1)
