"""What a table's owner chose besides the rules: ``tables.leave_to`` (``bot`` or ``open``:
what the seat of a person who leaves becomes) and ``tables.move_time`` (seconds a person
has for each action, null: no limit).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.leave_to`` (``bot`` for the tables there are) and ``tables.move_time``."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("leave_to", sa.String(8), nullable=False, server_default="bot"))
        batch.add_column(sa.Column("move_time", sa.Float, nullable=True))


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("move_time")
        batch.drop_column("leave_to")
