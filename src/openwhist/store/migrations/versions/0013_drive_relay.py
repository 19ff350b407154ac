"""A Mitchell's relay and bye stand on the play server.

``drives.relay``: a Mitchell of an even number of tables plays the relay and bye stand
(tables 1 and the last share a set, a stand holds one; every round) rather than the skip.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``drives.relay``."""
    with op.batch_alter_table("drives") as batch:
        batch.add_column(sa.Column("relay", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    """Drop it."""
    with op.batch_alter_table("drives") as batch:
        batch.drop_column("relay")
