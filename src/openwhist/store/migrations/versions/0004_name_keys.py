"""Name keys: ``users.name_key``, the key a user's name is compared by (look-alike names
share it; see :mod:`openwhist.names`), so that nobody takes a member's name.

The keys of the users there are are written here with the server's own key function:
keys are compared with keys that function makes, so they must be its.  A later change of
the function comes with a migration that writes them again.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``users.name_key`` (indexed) and fill it for every user."""
    from openwhist.names import KEY_LENGTH, name_key

    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("name_key", sa.String(KEY_LENGTH), nullable=True))
        batch.create_index("ix_users_name_key", ["name_key"])
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String),
                     sa.column("name_key", sa.String))
    conn = op.get_bind()
    rows = conn.execute(sa.select(users.c.id, users.c.name)).all()
    update = (users.update().where(users.c.id == sa.bindparam("uid"))
              .values(name_key=sa.bindparam("key")))
    for start in range(0, len(rows), 1000):  # one statement for many rows
        conn.execute(update, [{"uid": uid, "key": name_key(name)[:KEY_LENGTH]}
                              for uid, name in rows[start:start + 1000]])


def downgrade() -> None:
    """Drop ``users.name_key``."""
    with op.batch_alter_table("users") as batch:
        batch.drop_index("ix_users_name_key")
        batch.drop_column("name_key")
