"""Ratings: each account's rating per game and its history, the rated matches (one row each, so
that a match moves the ratings once) and the resignations of rated matches of more than two sides.
New tables only: nothing stored is changed.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_game_updated", "ratings", ["game", "updated"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("result", sa.String(8), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_history_account", "rating_history", ["account_id", "game", "id"])
    op.create_table(
        "rated_matches",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rating_forfeits",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    )
    op.create_index("ix_rating_forfeits_account", "rating_forfeits", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_rating_forfeits_account", "rating_forfeits")
    op.drop_table("rating_forfeits")
    op.drop_table("rated_matches")
    op.drop_index("ix_rating_history_account", "rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_game_updated", "ratings")
    op.drop_table("ratings")
