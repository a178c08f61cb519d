"""Quick pairing: the seeks of people waiting to be seated together (a new table; nothing stored
is changed).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("open_account", sa.Integer, nullable=True, unique=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rule_set", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("clock", sa.Integer, nullable=True),
        sa.Column("target", sa.Integer, nullable=True),
        sa.Column("fill_after", sa.Integer, nullable=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("joins", sa.String(32), nullable=True),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claimed_by", sa.String(32), nullable=True),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("seat_token", sa.String(64), nullable=True),
    )
    op.create_index("ix_seeks_status_created", "seeks", ["status", "created"])


def downgrade() -> None:
    op.drop_index("ix_seeks_status_created", "seeks")
    op.drop_table("seeks")
