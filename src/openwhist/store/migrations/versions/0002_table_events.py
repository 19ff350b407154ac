"""Seat changes and closing become events: ``table_events`` (each with the table's version,
like the actions, which now carry theirs too) replaces the ``seats`` table, so that a table
is rebuilt by replaying its events alone.  The current seats of existing tables become
events at the table's current version.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``table_events`` and ``actions.version``; move the seats into events."""
    op.create_table(
        "table_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("type", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("kind", sa.String(8), nullable=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("pending_user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "version", "seat", name="uq_table_events_version_seat"),
    )
    op.create_index("ix_table_events_table_version", "table_events", ["table_id", "version"])
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("version", sa.Integer, nullable=True))
    columns = "table_id, version, type, seat, kind, user_id, bot, pending_user_id, created"
    op.execute(
        f"INSERT INTO table_events ({columns}) "
        "SELECT s.table_id, t.version, 'seat', s.seat, s.kind, s.user_id, s.bot, s.pending_user_id, "
        "t.created "
        "FROM seats s JOIN tables t ON t.id = s.table_id")
    op.execute(
        f"INSERT INTO table_events ({columns}) "
        "SELECT id, version, 'closed', NULL, NULL, NULL, NULL, NULL, created FROM tables WHERE closed")
    op.drop_table("seats")


def downgrade() -> None:
    """Bring back the ``seats`` table from the last seat event of each seat."""
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("pending_user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
    )
    op.execute(
        "INSERT INTO seats (table_id, seat, kind, user_id, bot, pending_user_id) "
        "SELECT e.table_id, e.seat, e.kind, e.user_id, e.bot, e.pending_user_id FROM table_events e "
        "WHERE e.type = 'seat' AND e.version = (SELECT max(f.version) FROM table_events f "
        "WHERE f.table_id = e.table_id AND f.seat = e.seat AND f.type = 'seat')")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("version")
    op.drop_table("table_events")
