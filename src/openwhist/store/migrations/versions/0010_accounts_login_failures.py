"""Wrong passwords per login name: ``login_failures`` holds, for each name tried (by the
SHA-256 of the name), how many wrong passwords came since its last good login, when the
latest came and until when further tries are refused, shared by every server process.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``login_failures``."""
    op.create_table(
        "login_failures",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("latest", sa.Float, nullable=False),
        sa.Column("until", sa.Float, nullable=False),
    )
    op.create_index("ix_login_failures_latest", "login_failures", ["latest"])


def downgrade() -> None:
    """Drop it."""
    op.drop_index("ix_login_failures_latest", "login_failures")
    op.drop_table("login_failures")
