"""The database operations of whist drives and ratings (each takes the connection first,
as :mod:`openwhist.store`'s do; run them through :meth:`openwhist.store.Store.run`).

>>> from openwhist.store import Store, create_user
>>> store = Store("sqlite://")
>>> ann = store.call(create_user, None, "ann", None, True)
>>> store.call(create_drive, {"id": "d1", "name": "Friday", "family": "classic", "options": "{}",
...     "movement": "progressive", "mode": "online", "duplicate": False, "rounds": 2, "deals": 2,
...     "round_minutes": 20, "rated": True, "rank_by": "total", "director_id": ann, "starts_at": None,
...     "seed": 7})
>>> store.call(add_entry, "d1", ann, "ann")
1
>>> [e["name"] for e in store.call(get_drive, "d1")["entries"]]
['ann']
>>> store.close()
"""

from __future__ import annotations

import json
import time
from typing import Any

from sqlalchemy import Connection, case, delete, func, insert, select, update

from openwhist.store.models import Base

__all__ = [
    "add_correction",
    "add_entry",
    "add_rating_change",
    "claim_round",
    "count_drives_of",
    "create_drive",
    "drive_of_table",
    "drives_of_user",
    "due_drives",
    "get_drive",
    "get_ratings",
    "leaderboard",
    "list_drives",
    "overdue_drives",
    "put_drive_table",
    "put_result",
    "rating_history",
    "remove_entry",
    "remove_entry_number",
    "put_pending_rating",
    "take_pending_rating",
    "set_entry_left",
    "swap_entries",
    "set_result_state",
    "update_drive",
]

DRIVES = Base.metadata.tables["drives"]
ENTRIES = Base.metadata.tables["drive_entries"]
DRIVE_TABLES = Base.metadata.tables["drive_tables"]
RESULTS = Base.metadata.tables["drive_results"]
RATINGS = Base.metadata.tables["ratings"]
HISTORY = Base.metadata.tables["rating_history"]
TABLES = Base.metadata.tables["tables"]
CORRECTIONS = Base.metadata.tables["drive_corrections"]


def create_drive(conn: Connection, row: dict[str, Any]) -> None:
    """Add a drive open for registration (``row``: its columns but ``state``, ``round_no``
    and ``created``)."""
    conn.execute(
        insert(DRIVES).values(state="open", round_no=0, round_started=None, created=time.time(), **row)
    )


def claim_round(conn: Connection, drive_id: str, round_no: int, now: float) -> bool:
    """Move a drive being played to round ``round_no`` (its clock starting at ``now``,
    stopped at once if the drive is paused) if it is at the round before; False if another
    has done so already."""
    done = conn.execute(
        update(DRIVES)
        .where(
            DRIVES.c.id == drive_id,
            DRIVES.c.round_no == round_no - 1,
            DRIVES.c.state.in_(("running", "paused")),
        )
        .values(
            round_no=round_no,
            round_started=now,
            paused_at=case((DRIVES.c.state == "paused", now), else_=None),
        )
    )
    return bool(done.rowcount == 1)


def update_drive(conn: Connection, drive_id: str, values: dict[str, Any]) -> None:
    """Change a drive's columns (its ``state``, ``round_no``, ``round_started``...)."""
    conn.execute(update(DRIVES).where(DRIVES.c.id == drive_id).values(**values))


def get_drive(conn: Connection, drive_id: str) -> dict[str, Any] | None:
    """A drive with its ``entries`` (by number), ``tables`` (by round and table, ``seats``
    read) and ``results`` (by round, table and deal, ``result`` read); None if there is
    no such drive."""
    row = conn.execute(select(DRIVES).where(DRIVES.c.id == drive_id)).mappings().first()
    if row is None:
        return None
    out = dict(row)
    out["options"] = json.loads(out["options"])
    out["entries"] = [
        dict(e)
        for e in conn.execute(
            select(ENTRIES).where(ENTRIES.c.drive_id == drive_id).order_by(ENTRIES.c.number)
        ).mappings()
    ]
    tables = []
    for t in conn.execute(
        select(DRIVE_TABLES)
        .where(DRIVE_TABLES.c.drive_id == drive_id)
        .order_by(DRIVE_TABLES.c.round_no, DRIVE_TABLES.c.table_no)
    ).mappings():
        d = dict(t)
        d["seats"] = json.loads(d["seats"])
        tables.append(d)
    out["tables"] = tables
    results = []
    for r in conn.execute(
        select(RESULTS)
        .where(RESULTS.c.drive_id == drive_id)
        .order_by(RESULTS.c.round_no, RESULTS.c.table_no, RESULTS.c.deal_no)
    ).mappings():
        d = dict(r)
        d["result"] = json.loads(d["result"])
        d["proposed"] = json.loads(d["proposed"]) if d.get("proposed") else None
        results.append(d)
    out["results"] = results
    out["corrections"] = _corrections(conn, drive_id)
    return out


def _corrections(conn: Connection, drive_id: str) -> list[dict[str, Any]]:
    """A drive's log of the director's corrections and locks, oldest first (``before`` and
    ``after`` read)."""
    rows = []
    for r in conn.execute(
        select(CORRECTIONS).where(CORRECTIONS.c.drive_id == drive_id).order_by(CORRECTIONS.c.id)
    ).mappings():
        d = dict(r)
        d["before"] = json.loads(d["before"]) if d["before"] else None
        d["after"] = json.loads(d["after"]) if d["after"] else None
        rows.append(d)
    return rows


def list_drives(conn: Connection, since: float | None = None, limit: int = 100) -> list[dict[str, Any]]:
    """Drives for the calendar, soonest first: those not finished, and those finished
    since ``since`` (Unix time; None: every finished one), with how many registered."""
    count = (
        select(func.count()).select_from(ENTRIES).where(ENTRIES.c.drive_id == DRIVES.c.id).scalar_subquery()
    )
    query = select(
        DRIVES.c.id,
        DRIVES.c.name,
        DRIVES.c.family,
        DRIVES.c.movement,
        DRIVES.c.mode,
        DRIVES.c.state,
        DRIVES.c.rounds,
        DRIVES.c.deals,
        DRIVES.c.starts_at,
        DRIVES.c.created,
        DRIVES.c.round_no,
        DRIVES.c.director_id,
        DRIVES.c.rated,
        DRIVES.c.duplicate,
        count.label("registered"),
    )
    if since is not None:
        query = query.where((DRIVES.c.state != "finished") | (DRIVES.c.created >= since))
    query = query.order_by(func.coalesce(DRIVES.c.starts_at, DRIVES.c.created)).limit(limit)
    return [dict(r) for r in conn.execute(query).mappings()]


def due_drives(conn: Connection, now: float) -> list[str]:
    """The drives open for registration whose start time has come."""
    rows = conn.execute(
        select(DRIVES.c.id).where(
            DRIVES.c.state == "open", DRIVES.c.starts_at.is_not(None), DRIVES.c.starts_at <= now
        )
    )
    return [r[0] for r in rows]


def overdue_drives(conn: Connection, now: float) -> list[str]:
    """The drives being played (not paused) whose round's time is up."""
    rows = conn.execute(
        select(DRIVES.c.id).where(
            DRIVES.c.state == "running",
            DRIVES.c.round_started.is_not(None),
            DRIVES.c.round_started + DRIVES.c.round_minutes * 60 <= now,
        )
    )
    return [r[0] for r in rows]


def count_drives_of(conn: Connection, director_id: int) -> int:
    """How many drives this director has that are not finished."""
    return int(
        conn.execute(
            select(func.count())
            .select_from(DRIVES)
            .where(DRIVES.c.director_id == director_id, DRIVES.c.state != "finished")
        ).scalar_one()
    )


def add_entry(conn: Connection, drive_id: str, user_id: int, name: str) -> int:
    """Register a person for a drive; returns their number (IntegrityError if they are
    registered already)."""
    last = conn.execute(select(func.max(ENTRIES.c.number)).where(ENTRIES.c.drive_id == drive_id)).scalar()
    number = int(last or 0) + 1
    conn.execute(
        insert(ENTRIES).values(
            drive_id=drive_id, number=number, user_id=user_id, name=name, left_round=None, created=time.time()
        )
    )
    return number


def remove_entry(conn: Connection, drive_id: str, user_id: int) -> bool:
    """Take a person's registration back (before the drive starts); the numbers after
    theirs move up by one.  False if they were not registered."""
    number = conn.execute(
        select(ENTRIES.c.number).where(ENTRIES.c.drive_id == drive_id, ENTRIES.c.user_id == user_id)
    ).scalar()
    if number is None:
        return False
    return remove_entry_number(conn, drive_id, int(number))


def remove_entry_number(conn: Connection, drive_id: str, number: int) -> bool:
    """Take entry ``number`` off a drive (before it starts); the numbers after it move up
    by one.  False if there is no such entry."""
    gone = conn.execute(delete(ENTRIES).where(ENTRIES.c.drive_id == drive_id, ENTRIES.c.number == number))
    if gone.rowcount != 1:
        return False
    later = (
        conn.execute(
            select(ENTRIES.c.number)
            .where(ENTRIES.c.drive_id == drive_id, ENTRIES.c.number > number)
            .order_by(ENTRIES.c.number)
        )
        .scalars()
        .all()
    )
    for n in later:
        conn.execute(
            update(ENTRIES).where(ENTRIES.c.drive_id == drive_id, ENTRIES.c.number == n).values(number=n - 1)
        )
    return True


def swap_entries(conn: Connection, drive_id: str, a: int, b: int) -> None:
    """Exchange the numbers of entries ``a`` and ``b`` of a drive (before it starts): in a
    pairs drive, where the numbers make the pairs, it changes partners."""
    where = ENTRIES.c.drive_id == drive_id
    conn.execute(update(ENTRIES).where(where, ENTRIES.c.number == a).values(number=0))
    conn.execute(update(ENTRIES).where(where, ENTRIES.c.number == b).values(number=a))
    conn.execute(update(ENTRIES).where(where, ENTRIES.c.number == 0).values(number=b))


def set_entry_left(conn: Connection, drive_id: str, number: int, round_no: int) -> None:
    """A computer player plays for entry ``number`` from round ``round_no`` on."""
    conn.execute(
        update(ENTRIES)
        .where(ENTRIES.c.drive_id == drive_id, ENTRIES.c.number == number)
        .values(left_round=round_no)
    )


def put_drive_table(
    conn: Connection,
    drive_id: str,
    round_no: int,
    table_no: int,
    table_id: str | None,
    seats: list[int],
    scorer_id: int | None = None,
) -> None:
    """Add a table of a drive's round."""
    conn.execute(
        insert(DRIVE_TABLES).values(
            drive_id=drive_id,
            round_no=round_no,
            table_no=table_no,
            table_id=table_id,
            seats=json.dumps(seats),
            scorer_id=scorer_id,
        )
    )


def put_result(
    conn: Connection,
    drive_id: str,
    round_no: int,
    table_no: int,
    deal_no: int,
    result: dict[str, Any],
    entered_by: int | None,
) -> None:
    """Store a deal's result at a table (one entered again replaces the one before)."""
    conn.execute(
        delete(RESULTS).where(
            RESULTS.c.drive_id == drive_id,
            RESULTS.c.round_no == round_no,
            RESULTS.c.table_no == table_no,
            RESULTS.c.deal_no == deal_no,
        )
    )
    conn.execute(
        insert(RESULTS).values(
            drive_id=drive_id,
            round_no=round_no,
            table_no=table_no,
            deal_no=deal_no,
            result=json.dumps(result),
            entered_by=entered_by,
            created=time.time(),
        )
    )


def set_result_state(
    conn: Connection, drive_id: str, round_no: int, table_no: int, deal_no: int, values: dict[str, Any]
) -> bool:
    """Change a stored result's columns (``result`` and ``proposed`` as dicts, written as
    JSON; ``confirmed_by``, ``locked``, ``proposed_by``, ``entered_by``).  False if the deal
    has no result."""
    row = dict(values)
    for key in ("result", "proposed"):
        if key in row and row[key] is not None:
            row[key] = json.dumps(row[key])
    done = conn.execute(
        update(RESULTS)
        .where(
            RESULTS.c.drive_id == drive_id,
            RESULTS.c.round_no == round_no,
            RESULTS.c.table_no == table_no,
            RESULTS.c.deal_no == deal_no,
        )
        .values(**row)
    )
    return bool(done.rowcount == 1)


def add_correction(conn: Connection, drive_id: str, round_no: int, table_no: int, deal_no: int,
                   user_id: int, action: str, before: Any, after: Any, reason: str) -> None:
    """Log the director's ``action`` (``correct``, ``lock``, ``unlock``) on a deal's result:
    the result ``before`` and ``after`` (dicts or None) and his ``reason``."""
    conn.execute(
        insert(CORRECTIONS).values(
            drive_id=drive_id, round_no=round_no, table_no=table_no, deal_no=deal_no, user_id=user_id,
            action=action, before=json.dumps(before) if before is not None else None,
            after=json.dumps(after) if after is not None else None, reason=reason, created=time.time(),
        )
    )


def put_pending_rating(conn: Connection, table_id: str, rating: dict[str, Any]) -> None:
    """Keep a drive table's match's rating changes (``rating``: what
    :class:`openwhist.server.ratings.RatingBook` needs to apply them) until its boards are
    over everywhere."""
    conn.execute(
        update(DRIVE_TABLES).where(DRIVE_TABLES.c.table_id == table_id).values(rating=json.dumps(rating))
    )


def take_pending_rating(
    conn: Connection, drive_id: str, round_no: int, table_no: int
) -> dict[str, Any] | None:
    """Take a drive table's kept rating changes, once: None if there are none (or another
    took them)."""
    where = (DRIVE_TABLES.c.drive_id == drive_id, DRIVE_TABLES.c.round_no == round_no,
             DRIVE_TABLES.c.table_no == table_no, DRIVE_TABLES.c.rating.is_not(None))
    text = conn.execute(select(DRIVE_TABLES.c.rating).where(*where)).scalar()
    if text is None or conn.execute(update(DRIVE_TABLES).where(*where).values(rating=None)).rowcount != 1:
        return None
    found: dict[str, Any] = json.loads(text)
    return found


def drives_of_user(conn: Connection, user_id: int, limit: int = 100) -> list[dict[str, Any]]:
    """The drives a person registered for, newest first (id, name, family, state, when)."""
    rows = conn.execute(
        select(
            DRIVES.c.id,
            DRIVES.c.name,
            DRIVES.c.family,
            DRIVES.c.state,
            DRIVES.c.starts_at,
            DRIVES.c.created,
            ENTRIES.c.number,
        )
        .join(ENTRIES, ENTRIES.c.drive_id == DRIVES.c.id)
        .where(ENTRIES.c.user_id == user_id)
        .order_by(DRIVES.c.created.desc())
        .limit(limit)
    ).mappings()
    return [dict(r) for r in rows]


def drive_of_table(conn: Connection, table_id: str) -> tuple[str, int, int] | None:
    """The drive, round and table number a play server's table was made for, or None."""
    row = conn.execute(
        select(DRIVE_TABLES.c.drive_id, DRIVE_TABLES.c.round_no, DRIVE_TABLES.c.table_no).where(
            DRIVE_TABLES.c.table_id == table_id
        )
    ).first()
    return (row[0], int(row[1]), int(row[2])) if row else None


# --- ratings ------------------------------------------------------------------------------


def get_ratings(conn: Connection, family: str, players: list[str]) -> dict[str, dict[str, Any]]:
    """The stored ratings of these players in a family (those with none are missing)."""
    rows = conn.execute(select(RATINGS).where(RATINGS.c.family == family, RATINGS.c.player.in_(players)))
    return {r["player"]: dict(r) for r in rows.mappings()}


def add_rating_change(
    conn: Connection,
    family: str,
    player: str,
    user_id: int | None,
    name: str,
    before: float,
    mu: float,
    sigma: float,
    record_id: int | None,
    table_id: str | None,
) -> None:
    """A player's new rating (``mu``, ``sigma``) after a rated match, kept with its history
    and the ``mu`` it had ``before``."""
    now = time.time()
    old = (
        conn.execute(select(RATINGS).where(RATINGS.c.family == family, RATINGS.c.player == player))
        .mappings()
        .first()
    )
    if old is None:
        conn.execute(
            insert(RATINGS).values(
                player=player,
                family=family,
                user_id=user_id,
                name=name,
                mu=mu,
                sigma=sigma,
                matches=1,
                updated=now,
            )
        )
    else:
        conn.execute(
            update(RATINGS)
            .where(RATINGS.c.family == family, RATINGS.c.player == player)
            .values(mu=mu, sigma=sigma, name=name, matches=old["matches"] + 1, updated=now)
        )
    conn.execute(
        insert(HISTORY).values(
            player=player,
            family=family,
            mu=mu,
            sigma=sigma,
            before_mu=before,
            record_id=record_id,
            table_id=table_id,
            created=now,
        )
    )


def leaderboard(conn: Connection, family: str, limit: int = 100) -> list[dict[str, Any]]:
    """A family's people by their displayed rating (``mu - 3 * sigma``), best first."""
    shown = RATINGS.c.mu - 3 * RATINGS.c.sigma
    rows = conn.execute(
        select(RATINGS)
        .where(RATINGS.c.family == family, RATINGS.c.user_id.is_not(None))
        .order_by(shown.desc(), RATINGS.c.player)
        .limit(limit)
    ).mappings()
    return [dict(r) for r in rows]


def rating_history(conn: Connection, player: str, limit: int = 200) -> dict[str, list[dict[str, Any]]]:
    """A player's rating changes, newest first, and their ratings per family
    (``{"changes": [...], "ratings": [...]}``)."""
    changes = [
        dict(r)
        for r in conn.execute(
            select(HISTORY).where(HISTORY.c.player == player).order_by(HISTORY.c.id.desc()).limit(limit)
        ).mappings()
    ]
    ratings = [
        dict(r)
        for r in conn.execute(
            select(RATINGS).where(RATINGS.c.player == player).order_by(RATINGS.c.family)
        ).mappings()
    ]
    return {"changes": changes, "ratings": ratings}
