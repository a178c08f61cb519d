"""The store's schema, as SQLAlchemy tables (the Alembic migrations in ``migrations/`` make and
upgrade it in a database): tables, seats, deals, moves and chat; the writer's marks;
people's accounts and their sessions; their ratings; club tournaments; quick pairing's seeks; the
processes that share a PostgreSQL store, their tables' leases and the secret they share."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

__all__ = [
    "accounts",
    "actions",
    "blocks",
    "chat",
    "cluster",
    "commits",
    "hands",
    "leases",
    "metadata",
    "rated_matches",
    "rating_forfeits",
    "rating_history",
    "ratings",
    "seats",
    "seeks",
    "servers",
    "sessions",
    "tables",
    "tournament_entrants",
    "tournament_tables",
    "tournaments",
]

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("rule_set", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("players", Integer, nullable=False),
    Column("practice", Boolean, nullable=False),
    Column("seed", BigInteger, nullable=True),
    Column("status", String(20), nullable=False),
    Column("winner", Text, nullable=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    # Revision 0002: the table's life.
    Column("private", Boolean, nullable=False, server_default=false()),
    Column("clock", Integer, nullable=True),
    Column("acted", DateTime(timezone=True), nullable=True),
    Column("creator_hash", String(64), nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("resigned", Integer, nullable=True),
    # Revision 0006: a rated table (every seat a signed-in person's).
    Column("rated", Boolean, nullable=False, server_default=false()),
    # Revision 0009: a match of a fixed number of hands (a club tournament's round).
    Column("boards", Integer, nullable=True),
    Index("ix_tables_status_updated", "status", "updated"),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(10), nullable=False),
    Column("name", String(40), nullable=False),
    Column("level", String(300), nullable=True),  # revision 0004: a plug-in's name
    Column("token_hash", String(64), nullable=True),
    Column("joined", Boolean, nullable=False),
    # Revision 0005: the account of the person who took the seat signed in (``accounts.id``).
    Column("account_id", Integer, nullable=True),
    Index("ix_seats_account", "account_id"),
)

hands = Table(
    "hands",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("deal", JSON, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("hand", Integer, primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("move", JSON, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Index("ix_chat_table", "table_id", "id"),
)


# Revision 0003: the writer's marks, and the processes sharing a store with their tables' leases.
commits = Table(
    "commits",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ix_commits_at", "at"),
)

servers = Table(
    "servers",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("address", Text, nullable=False),
    Column("seen", DateTime(timezone=True), nullable=False),
)

leases = Table(
    "leases",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(32), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False),
    Index("ix_leases_owner", "owner"),
)

cluster = Table(
    "cluster",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("secret", String(64), nullable=False),
)


# Revision 0005: people's accounts and their sessions (docs/server.md, "Accounts").
accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(160), nullable=False, unique=True),
    Column("password", String(200), nullable=False),  # Argon2id's encoded hash
    Column("disabled", Boolean, nullable=False, server_default=false()),
    Column("created", DateTime(timezone=True), nullable=False),
    # The language the person chose (a tag: "es", "pt-BR"); empty: the browser's (migration 0010).
    Column("language", String(16), nullable=True),
)

sessions = Table(
    "sessions",
    metadata,
    Column("id", String(64), primary_key=True),  # the SHA-256 of the cookie's token
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False),
    Index("ix_sessions_account", "account_id"),
)

blocks = Table(
    "blocks",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),  # who blocks
    Column("blocked_id", Integer, ForeignKey("accounts.id"), primary_key=True),  # whom
    Column("created", DateTime(timezone=True), nullable=False),
    Index("ix_blocks_blocked", "blocked_id"),
)


# Revision 0009: club tournaments (docs/server.md, "Club tournaments"). The accounts are named
# without a foreign key: a deleted account's entries are kept under a replaced name.
tournaments = Table(
    "tournaments",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(80), nullable=False),
    Column("game", String(40), nullable=False),
    Column("rule_set", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("players", Integer, nullable=False),
    Column("format", String(20), nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("boards", Integer, nullable=False),
    Column("duplicate", Boolean, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("creator_id", Integer, nullable=True),
    Column("creator_name", String(40), nullable=False),
    Column("status", String(20), nullable=False),
    Column("round", Integer, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Index("ix_tournaments_status", "status"),
)

tournament_entrants = Table(
    "tournament_entrants",
    metadata,
    Column("tournament_id", Integer, ForeignKey("tournaments.id"), primary_key=True),
    Column("position", Integer, primary_key=True),  # the order of joining
    Column("account_id", Integer, nullable=True),
    Column("name", String(40), nullable=False),
    Column("unit", Integer, nullable=True),  # the person or partnership paired (from the start)
    Column("joined", DateTime(timezone=True), nullable=False),
    Index("ix_tournament_entrants_account", "account_id"),
)

tournament_tables = Table(
    "tournament_tables",
    metadata,
    Column("tournament_id", Integer, ForeignKey("tournaments.id"), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("units", JSON, nullable=False),  # the unit on each side; a bye: one unit
    Column("table_id", String(32), nullable=True),
    Column("board_seed", BigInteger, nullable=True),  # the round's secret deals (duplicate)
    Index("ix_tournament_tables_table", "table_id"),
)


# Revision 0008: quick pairing's seeks (docs/server.md, "Quick pairing").
seeks = Table(
    "seeks",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("key_hash", String(64), nullable=False),  # the SHA-256 of the seeker's key
    Column("account_id", Integer, nullable=True),  # None: a guest
    # The account while its seek is open (one open seek per account: unique), else None.
    Column("open_account", Integer, nullable=True, unique=True),
    Column("name", String(40), nullable=False),
    Column("game", String(40), nullable=False),
    Column("rule_set", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("clock", Integer, nullable=True),
    Column("target", Integer, nullable=True),
    Column("fill_after", Integer, nullable=True),
    Column("rating", Float, nullable=False),
    Column("joins", String(32), nullable=True),  # the seek this one joined from the lobby
    Column("status", String(12), nullable=False),  # open, pairing, seated, cancelled, expired
    Column("created", DateTime(timezone=True), nullable=False),
    Column("seen", DateTime(timezone=True), nullable=False),
    Column("claimed_by", String(32), nullable=True),  # the process pairing it
    Column("table_id", String(32), nullable=True),
    Column("seat", Integer, nullable=True),
    Column("seat_token", String(64), nullable=True),  # until its seeker has read it, then None
    Index("ix_seeks_status_created", "status", "created"),
)


# Revision 0007: ratings (docs/server.md, "Ratings").
ratings = Table(
    "ratings",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Index("ix_ratings_game_updated", "game", "updated"),
)

rating_history = Table(
    "rating_history",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("game", String(40), nullable=False),
    Column("table_id", String(32), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("result", String(8), nullable=False),  # win, draw or loss
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ix_rating_history_account", "account_id", "game", "id"),
)

rated_matches = Table(
    "rated_matches",
    metadata,
    # One row per rated match, written with its ratings: a second attempt finds it and stops.
    Column("table_id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

rating_forfeits = Table(
    "rating_forfeits",
    metadata,
    # A person who resigned a rated match of more than two sides (a computer plays the seat on):
    # ranked last at the match's end.
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Index("ix_rating_forfeits_account", "account_id"),
)
