"""When a whist drive was paused: ``drives.paused_at`` (Unix time; null while it is not
paused), so that a round's clock stops while the drive is paused and goes on from there.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``drives.paused_at``."""
    with op.batch_alter_table("drives") as batch:
        batch.add_column(sa.Column("paused_at", sa.Float, nullable=True))


def downgrade() -> None:
    """Drop it."""
    with op.batch_alter_table("drives") as batch:
        batch.drop_column("paused_at")
