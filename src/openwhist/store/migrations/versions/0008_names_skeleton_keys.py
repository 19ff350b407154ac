"""Name keys from Unicode's confusable data: every ``users.name_key`` written again with
:func:`openwhist.names.name_key` (UTS #39 skeletons), so that a member's name made before
blocks its look-alikes as a name made now does (keys are compared with keys the server's
function makes, so they must be its).

The downgrade writes them again with the key of migration 0004's time (a table of
look-alikes, kept here as it was), which the server of that time compares with.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def _write_keys(key: Callable[[str], str], width: int) -> None:
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String),
                     sa.column("name_key", sa.String))
    conn = op.get_bind()
    rows = conn.execute(sa.select(users.c.id, users.c.name)).all()
    update = (users.update().where(users.c.id == sa.bindparam("uid"))
              .values(name_key=sa.bindparam("key")))
    for start in range(0, len(rows), 1000):  # one statement for many rows
        conn.execute(update, [{"uid": uid, "key": key(name)[:width]}
                              for uid, name in rows[start:start + 1000]])


def upgrade() -> None:
    """Write every user's key with the server's key function."""
    from openwhist.names import KEY_LENGTH, name_key

    _write_keys(name_key, KEY_LENGTH)


_OLD_LOOK_ALIKES = {
    "а": "a", "в": "b", "г": "r", "д": "d", "е": "e", "ё": "e", "і": "l", "ї": "l", "ј": "j",
    "к": "k", "м": "m", "н": "h", "о": "o", "п": "n", "р": "p", "с": "c", "т": "t", "у": "y",
    "х": "x", "ѕ": "s", "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ѵ": "v", "ь": "b",
    "ү": "y", "α": "a", "β": "b", "γ": "y", "ε": "e", "ζ": "z", "η": "h", "ι": "l", "κ": "k",
    "μ": "m", "ν": "v", "ο": "o", "ρ": "p", "σ": "o", "ς": "c", "τ": "t", "υ": "u", "χ": "x",
    "ω": "w", "0": "o", "1": "l", "i": "l", "ı": "l", "|": "l",
}


def _old_key(name: str) -> str:
    """The key as migration 0004's server made it."""
    text = unicodedata.normalize("NFKC", name).casefold()
    text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    text = re.sub(r"\s+", " ", text).strip()
    text = "".join(_OLD_LOOK_ALIKES.get(c, c) for c in text)
    for pair, letter in (("rn", "m"), ("vv", "w")):
        text = text.replace(pair, letter)
    return unicodedata.normalize("NFC", text)


def downgrade() -> None:
    """Write every user's key as the server before this migration made it."""
    _write_keys(_old_key, 64)
