"""The table's life: private tables, the turn clock, the last time a person acted (for
expiry), the creator's key, the rematch and a resignation.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(
            sa.Column("private", sa.Boolean, nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("clock", sa.Integer, nullable=True))
        batch.add_column(sa.Column("acted", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
        batch.add_column(sa.Column("resigned", sa.Integer, nullable=True))
    # A table made before this revision: its last change is the best guess of the last time a
    # person acted there.
    op.execute("UPDATE tables SET acted = updated WHERE acted IS NULL")


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        for name in ("resigned", "rematch", "creator_hash", "acted", "clock", "private"):
            batch.drop_column(name)
