"""Whist drives and ratings: ``drives`` (a tournament of many tables: its family, rules,
movement, rounds and deals per round, what it ranks by, its director, where it stands, when it is
scheduled), ``drive_entries`` (who registered, in order, and who was replaced by a
computer player), ``drive_tables`` (each round's tables and who sits where),
``drive_results`` (each deal's result at each table, played online or entered at a real
table), ``ratings`` (each player's rating per family) and ``rating_history`` (every change
of one); ``tables.drive_id`` names the drive a table was made for.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the drive and rating tables; add ``tables.drive_id``."""
    op.create_table(
        "drives",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("family", sa.String(32), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("movement", sa.String(16), nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("duplicate", sa.Boolean, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("round_minutes", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("rank_by", sa.String(12), nullable=False),
        sa.Column("director_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("state", sa.String(12), nullable=False),
        sa.Column("round_no", sa.Integer, nullable=False),
        sa.Column("round_started", sa.Float, nullable=True),
        sa.Column("starts_at", sa.Float, nullable=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "drive_entries",
        sa.Column("drive_id", sa.String(16), sa.ForeignKey("drives.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True, index=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("left_round", sa.Integer, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.UniqueConstraint("drive_id", "user_id", name="uq_drive_entries_user"),
    )
    op.create_table(
        "drive_tables",
        sa.Column("drive_id", sa.String(16), sa.ForeignKey("drives.id"), primary_key=True),
        sa.Column("round_no", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(16), nullable=True),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("scorer_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
    )
    op.create_table(
        "drive_results",
        sa.Column("drive_id", sa.String(16), sa.ForeignKey("drives.id"), primary_key=True),
        sa.Column("round_no", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("deal_no", sa.Integer, primary_key=True),
        sa.Column("result", sa.Text, nullable=False),
        sa.Column("entered_by", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("family", sa.String(32), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True, index=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player", sa.String(64), nullable=False, index=True),
        sa.Column("family", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("before_mu", sa.Float, nullable=False),
        sa.Column("record_id", sa.Integer, nullable=True),
        sa.Column("table_id", sa.String(16), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("drive_id", sa.String(16), nullable=True))


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("drive_id")
    for name in ("rating_history", "ratings", "drive_results", "drive_tables", "drive_entries", "drives"):
        op.drop_table(name)
