"""Fresh secrets for keyed matches, and the stored plan of every match.

``tables.keyed_secret`` is a fresh secret for the tables made before keyed seeds
(``keyed_from`` > 0): they stepped their seeds (match m: ``seed + m * STEP``), so their
first finished record showed ``seed``, and their keyed matches were derived from that same
``seed``.  Each of them gets a fresh random secret here, never shown, from which every
match it starts from now on is derived (:func:`openwhist.server.table.match_plan`).  The
tables made since never showed their ``seed`` (their records show derived seeds only):
it stays their secret (``keyed_secret`` null).

``match_plans`` holds, per table and match, the match's first dealer and, where it is not
derived from ``keyed_secret``, its seed; a match's plan is stored when it starts, so that
a restart or a takeover never works it out again.  Here every live table's match in
progress (one with an action stored) gets its plan: its seed by the rule it was dealt by
(so its cards stay), and of the two first dealers the server used (the next dealer after
the match before, or, on a restart, the first seat), the one under which the seats stored
with its actions made them.  A match not begun (a table between two matches) is keyed from
the fresh secret when it starts; finished matches keep the seeds in their records.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import json
import secrets
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

STEP = 0x9E3779B97F4A7C15
"""The fixed step of the seeds before keyed seeds."""


def _old_seed(seed: int, match_no: int, keyed_from: int) -> int:
    """The seed a match was dealt by before this revision."""
    from openwhist.cards import derive_seed

    if match_no < keyed_from:
        return (seed + match_no * STEP) % (1 << 63)
    return derive_seed(seed, "match", match_no)


def _fits(table: Any, seed: int, dealer: int, actions: list[tuple[int, str]]) -> int:
    """How many of the stored actions, in order, were made by the seat that controls the
    hand to move when the match is dealt by ``seed`` from ``dealer`` (-1: none is legal)."""
    from openwhist.match import new_match

    try:
        match = new_match(table.variant, seed=seed, until=table.until, count=int(table.count),
                          dealer=dealer, **json.loads(table.options))
    except Exception:
        return -1
    fits = 0
    for seat, action in actions:
        deal = match.state
        if deal.to_move is None:
            break
        fits += deal.controller(deal.to_move) == seat
        try:
            match.apply(action)
        except Exception:
            return -1 if fits == 0 else fits
    return fits


def upgrade() -> None:
    """Add ``tables.keyed_secret`` (a fresh secret for every table made before keyed
    seeds) and ``match_plans`` (the plan of every live table's match in progress)."""
    from openwhist import records

    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("keyed_secret", sa.BigInteger, nullable=True))
    op.create_table(
        "match_plans",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("match_no", sa.Integer, primary_key=True),
        sa.Column("seed", sa.BigInteger, nullable=True),
        sa.Column("dealer", sa.Integer, nullable=False),
    )
    conn = op.get_bind()
    tables = conn.execute(sa.text("SELECT id, variant, options, seed, until, count, keyed_from, closed "
                                  "FROM tables")).all()
    for t in tables:
        keyed_from = int(t.keyed_from or 0)
        if keyed_from:
            conn.execute(sa.text("UPDATE tables SET keyed_secret = :s WHERE id = :t"),
                         {"s": secrets.randbits(63), "t": t.id})
        if t.closed:
            continue
        match_no = conn.execute(sa.text("SELECT count(*) FROM records WHERE table_id = :t"),
                                {"t": t.id}).scalar_one()
        actions = [(int(r.seat), str(r.action)) for r in conn.execute(
            sa.text("SELECT seat, action FROM actions WHERE table_id = :t AND match_no = :m ORDER BY seq"),
            {"t": t.id, "m": match_no})]
        if not actions:
            continue  # not begun: it is keyed from the secret when it starts
        seed = _old_seed(int(t.seed), match_no, keyed_from)
        last = None
        if match_no:
            body = conn.execute(sa.text("SELECT record FROM records WHERE table_id = :t "
                                        "ORDER BY id DESC LIMIT 1"), {"t": t.id}).scalar_one()
            last = records.replay(json.loads(body)).next_dealer()
        restarted = 0 if last is None or match_no < max(1, keyed_from) else last
        live = 0 if last is None else last
        dealer = max(dict.fromkeys([restarted, live]), key=lambda d: _fits(t, seed, d, actions))
        conn.execute(sa.text("INSERT INTO match_plans (table_id, match_no, seed, dealer) "
                             "VALUES (:t, :m, :s, :d)"),
                     {"t": t.id, "m": match_no, "s": seed if keyed_from else None, "d": dealer})


def downgrade() -> None:
    """Drop ``match_plans`` and ``tables.keyed_secret``."""
    op.drop_table("match_plans")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("keyed_secret")
