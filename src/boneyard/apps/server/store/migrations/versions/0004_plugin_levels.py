"""A computer seat's level may name a plug-in agent with its arguments (``boneyard serve
--agent``): room for 300 characters, as the protocol allows.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("level", type_=sa.String(300), existing_nullable=True)


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("level", type_=sa.String(20), existing_nullable=True)
