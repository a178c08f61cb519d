"""The server's store: every table's rules, seats, deals, actions and chat, in any database
SQLAlchemy speaks (a SQLite file by default, PostgreSQL for more).

The schema (:mod:`.schema`) is created and upgraded by the Alembic migrations in ``migrations/``
when the server starts (:meth:`Store.migrate`, :mod:`.base`). Writes go through :class:`Writer`
(:mod:`.writer`), one thread that commits what the tables ask for (:mod:`.writes`) in small batches
(a group commit) and tells each waiting move when its write is durable: a move is acknowledged
only after that. Reads (:mod:`.reads`: loading the tables at start, the lobby's recent tables, a
record) are plain calls, run off the event loop by the app; :mod:`.operating` is what
``boneyard tables`` does to a store.

Every operation is bounded (:class:`Watchdog`, :mod:`.faults`): a connection that has not answered
within the store's ``timeout`` is broken, so that a hung database never holds a caller for longer.
Every transaction of the writer also writes its own mark (the ``commits`` table): when a commit's
answer is lost, the writer reads back whether the mark is there, so that a write is reported
failed only when nothing of it was stored (:class:`StorageError`), and otherwise acknowledged,
once.

Several server processes may share one PostgreSQL store (:mod:`.leases`): each table is played by
the one process that holds its lease (the ``leases`` table, :meth:`Store.claim`), and the writer
refuses a write of a table whose lease this process no longer holds (:class:`LeaseLost`). A SQLite
store takes one server process (:meth:`Store.lock_single_process`).

Seat tokens and session tokens are never stored: only their SHA-256 (:func:`token_hash`);
passwords only as their Argon2id hash (:mod:`.accounts`).
"""

from __future__ import annotations

from .accounts import Account, Accounts
from .faults import (
    Episode,
    LeaseLost,
    Refused,
    StorageError,
    StoreRefused,
    Unsettled,
    Watchdog,
    cause,
)
from .leases import Leases
from .operating import Operating
from .ratings import Ratings
from .reads import Reads
from .schema import metadata
from .seeks import Group, NewSeek, Seek, Seeks
from .tournaments import Entrant, RoundTable, StoredTournament, Tournaments
from .values import (
    ACTIVE,
    Op,
    StoredChat,
    StoredHand,
    StoredSeat,
    StoredTable,
    TableRow,
    database_url,
    now,
    token_hash,
)
from .writer import Writer
from .writes import Writes

__all__ = [
    "ACTIVE",
    "Account",
    "Entrant",
    "Episode",
    "Group",
    "LeaseLost",
    "NewSeek",
    "Op",
    "Refused",
    "RoundTable",
    "Seek",
    "StorageError",
    "Store",
    "StoreRefused",
    "StoredChat",
    "StoredHand",
    "StoredSeat",
    "StoredTable",
    "StoredTournament",
    "TableRow",
    "Unsettled",
    "Watchdog",
    "Writer",
    "cause",
    "database_url",
    "metadata",
    "now",
    "token_hash",
]


class Store(Leases, Writes, Reads, Operating, Accounts, Ratings, Tournaments, Seeks):
    """The database of one server (:class:`~.base.StoreBase`): the processes sharing it and their
    leases, the writes of a table as ops, the reads of a server, what an operator does,
    people's accounts and their ratings (:mod:`.ratings`), club tournaments and quick pairing's
    seeks."""
