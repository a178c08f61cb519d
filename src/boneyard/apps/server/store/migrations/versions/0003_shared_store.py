"""A store that survives its faults and is shared: each transaction's mark (to read back a commit
whose answer was lost), the server processes, the lease of each table they play, and the secret
they trust each other by.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-09
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "commits",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_commits_at", "commits", ["at"])
    op.create_table(
        "servers",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("address", sa.Text, nullable=False),
        sa.Column("seen", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_leases_owner", "leases", ["owner"])
    cluster = op.create_table(
        "cluster",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("secret", sa.String(64), nullable=False),
    )
    op.bulk_insert(cluster, [{"id": 1, "secret": secrets.token_hex(32)}])


def downgrade() -> None:
    op.drop_table("cluster")
    op.drop_index("ix_leases_owner", "leases")
    op.drop_table("leases")
    op.drop_table("servers")
    op.drop_index("ix_commits_at", "commits")
    op.drop_table("commits")
