"""Fair results at a drive: a sit-out each round, entries confirmed by the other side, the
director's corrections and locks with their log.

``drives.sit_out``: the individual movement of 4n + 1 people seats 4n each round and one
person sits out (rather than a computer player in the empty seat).  ``drive_results``
gains ``confirmed_by`` (who of the other side confirmed a scorer's entry; the director for
his own), ``locked`` (only the director changes it), and ``proposed`` / ``proposed_by`` (a
change of a confirmed entry, waiting for the other side's consent).
``drive_corrections`` logs each correction, lock and unlock by the director: who, when,
the result before and after, and the reason.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``drives.sit_out``, the confirmation columns of ``drive_results`` and the table
    ``drive_corrections``."""
    with op.batch_alter_table("drives") as batch:
        batch.add_column(sa.Column("sit_out", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("drive_results") as batch:
        batch.add_column(sa.Column("confirmed_by", sa.Integer, nullable=True))
        batch.add_column(sa.Column("locked", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("proposed", sa.Text, nullable=True))
        batch.add_column(sa.Column("proposed_by", sa.Integer, nullable=True))
    op.create_table(
        "drive_corrections",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("drive_id", sa.String(16), sa.ForeignKey("drives.id"), nullable=False, index=True),
        sa.Column("round_no", sa.Integer, nullable=False),
        sa.Column("table_no", sa.Integer, nullable=False),
        sa.Column("deal_no", sa.Integer, nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("action", sa.String(8), nullable=False),
        sa.Column("before", sa.Text, nullable=True),
        sa.Column("after", sa.Text, nullable=True),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("drive_corrections")
    with op.batch_alter_table("drive_results") as batch:
        for column in ("proposed_by", "proposed", "locked", "confirmed_by"):
            batch.drop_column(column)
    with op.batch_alter_table("drives") as batch:
        batch.drop_column("sit_out")
