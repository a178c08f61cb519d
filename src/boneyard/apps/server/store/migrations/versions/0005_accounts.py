"""People's accounts (a name, unique without case, and an Argon2id hash of the password) and
their sessions (the SHA-256 of each cookie's token), and whom each blocks: new tables; and the
account a seat is bound to (a new column of ``seats``, empty for the seats already stored).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password", sa.String(200), nullable=False),
        sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_account", "sessions", ["account_id"])
    op.create_table(
        "blocks",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("blocked_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_blocks_blocked", "blocks", ["blocked_id"])
    op.add_column("seats", sa.Column("account_id", sa.Integer, nullable=True))
    op.create_index("ix_seats_account", "seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_account", "seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("account_id")
    op.drop_index("ix_blocks_blocked", "blocks")
    op.drop_table("blocks")
    op.drop_index("ix_sessions_account", "sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")
