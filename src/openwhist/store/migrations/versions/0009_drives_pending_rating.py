"""A drive table's match's rating changes kept until nobody still has to play its boards:
``drive_tables.rating`` (JSON; null when there are none waiting).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``drive_tables.rating``."""
    with op.batch_alter_table("drive_tables") as batch:
        batch.add_column(sa.Column("rating", sa.Text, nullable=True))


def downgrade() -> None:
    """Drop it."""
    with op.batch_alter_table("drive_tables") as batch:
        batch.drop_column("rating")
