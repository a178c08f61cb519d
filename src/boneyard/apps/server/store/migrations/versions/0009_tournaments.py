"""Club tournaments: the tournaments, their entrants and each round's tables (new tables); and a
match of a fixed number of hands (a new column of ``tables``, empty for the tables already
stored, which all play to their target).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("boards", sa.Integer, nullable=True))
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rule_set", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("format", sa.String(20), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("boards", sa.Integer, nullable=False),
        sa.Column("duplicate", sa.Boolean, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("creator_id", sa.Integer, nullable=True),
        sa.Column("creator_name", sa.String(40), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_entrants",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("unit", sa.Integer, nullable=True),
        sa.Column("joined", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tournament_entrants_account", "tournament_entrants", ["account_id"])
    op.create_table(
        "tournament_tables",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("units", sa.JSON, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("board_seed", sa.BigInteger, nullable=True),
    )
    op.create_index("ix_tournament_tables_table", "tournament_tables", ["table_id"])


def downgrade() -> None:
    op.drop_table("tournament_tables")
    op.drop_table("tournament_entrants")
    op.drop_table("tournaments")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("boards")
