"""Secret match seeds and table leases.

``tables.keyed_from`` is the first of a table's matches whose seed is a keyed hash of the
table's secret seed (:func:`openwhist.cards.derive_seed`), so that one match's seed tells
nothing about another's, and whose first deal passes on from the last dealer of the match
before: 0 for every table made from now on; for the tables there are, the match after the
one in progress, which keeps the seed of the first schema's fixed step and its first
dealer (it deals the same cards after the upgrade).  ``table_leases`` names
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
    """Add ``tables.keyed_from`` and ``table_leases``."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("keyed_from", sa.Integer, nullable=False, server_default="0"))
    op.execute("UPDATE tables SET keyed_from = 1 + (SELECT count(*) FROM records "
               "WHERE records.table_id = tables.id)")
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop ``table_leases`` and ``tables.keyed_from``."""
    op.drop_table("table_leases")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("keyed_from")
