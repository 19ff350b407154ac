"""Secret match seeds and table leases.

``tables.seeding`` says how a table's matches get their seeds from the table's secret
seed: 1, the first schema's fixed step (kept for the tables that exist, so their match in
progress deals the same cards after the upgrade); 2, a keyed hash (every table made from
now on), so that one match's seed tells nothing about another's.  ``table_leases`` names
the server process that runs each live table, until when.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.seeding`` (1 for the tables there are) and ``table_leases``."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("seeding", sa.Integer, nullable=False, server_default="1"))
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop ``table_leases`` and ``tables.seeding``."""
    op.drop_table("table_leases")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("seeding")
