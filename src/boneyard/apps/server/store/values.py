"""What the store holds, as values: a table with its seats, deals, moves and chat as it is stored
(:class:`StoredTable`), a table as ``boneyard tables list`` shows it (:class:`TableRow`), a write
to be run in a transaction (:data:`Op`), and the small helpers every part of the store shares."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection

__all__ = [
    "ACTIVE",
    "Op",
    "StoredChat",
    "StoredHand",
    "StoredSeat",
    "StoredTable",
    "TableRow",
    "as_utc",
    "chunks",
    "database_url",
    "now",
    "token_hash",
]


def token_hash(token: str) -> str:
    """What the store keeps of a seat token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


def as_utc(value: datetime) -> datetime:
    """A stored time as an aware UTC time (SQLite gives naive ones back)."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def database_url(db: str | None) -> str:
    """The SQLAlchemy URL of ``--db``: a URL as it is, a path as a SQLite file, nothing as
    ``boneyard.db`` in the current directory."""
    if not db:
        db = "boneyard.db"
    if "://" in db:
        return db
    return f"sqlite:///{Path(db).expanduser().resolve()}"


@dataclass
class StoredSeat:
    seat: int
    kind: str
    name: str
    level: str | None
    token_hash: str | None
    joined: bool
    account_id: int | None = None


@dataclass
class StoredHand:
    number: int
    deal: dict[str, Any]
    moves: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class StoredChat:
    seat: int
    name: str
    text: str
    created: datetime


@dataclass
class StoredTable:
    id: str
    game: str
    rule_set: str
    options: dict[str, Any]
    players: int
    practice: bool
    seed: int | None
    status: str
    winner: str | None
    created: datetime
    updated: datetime
    private: bool = False
    clock: int | None = None
    acted: datetime | None = None
    """The last time a person acted at the table (moved, chatted, joined): what expiry goes by."""
    creator_hash: str | None = None
    rematch: str | None = None
    resigned: int | None = None
    rated: bool = False
    """A rated table: its seats are all signed-in people's, and its end moves their ratings."""
    boards: int | None = None
    """A match of this many hands (a club tournament's round), rather than to a target."""
    seats: list[StoredSeat] = field(default_factory=list)
    hands: list[StoredHand] = field(default_factory=list)
    chat: list[StoredChat] = field(default_factory=list)


ACTIVE = ("playing", "between_hands")
"""The statuses of a table whose match goes on (the others: ``over``, ``closed``)."""


Op = Callable[[Connection], None]


@dataclass
class TableRow:
    """A table as ``boneyard tables list`` shows it."""

    id: str
    game: str
    rule_set: str
    status: str
    private: bool
    seats: list[str]
    moves: int
    created: datetime
    updated: datetime
    acted: datetime


def chunks(items: list[str], n: int) -> list[list[str]]:
    return [items[i : i + n] for i in range(0, len(items), n)]
