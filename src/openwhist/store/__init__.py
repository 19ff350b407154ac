"""The server's database: SQLite by default (a file in the user's data directory),
PostgreSQL when ``OPENWHIST_DATABASE_URL`` (or ``--database``) names one.

Every call goes through one database thread, which commits the jobs waiting for it
together (group commit): an action is durable when its future resolves, and many tables
acting at once cost one commit, not one each.  The schema is made and upgraded by the
Alembic migrations in ``migrations/``, applied when a :class:`Store` opens.

>>> store = Store("sqlite://")
>>> uid = store.call(create_user, None, "ann", None, True)
>>> store.call(get_user, uid)["name"]
'ann'
>>> store.close()
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import json
import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, case, create_engine, event, func, insert, or_, select, text, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.pool import StaticPool

from openwhist.errors import ConfigError
from openwhist.store.models import Base

__all__ = [
    "NameTaken", "Store", "append_action", "close_table", "create_session", "create_table", "create_user",
    "data_dir", "database_url", "delete_session", "get_record", "get_member_by_key", "get_session",
    "get_user", "get_user_by_login", "list_records", "load_table", "live_table_ids", "set_seat",
    "table_access", "table_events", "acquire_lease", "lease_holders", "release_leases", "renew_leases",
    "mark_table", "undo_actions", "end_user_sessions", "live_sessions", "set_password", "login_refused_for",
    "login_failed", "login_succeeded", "forget_login_failures", "backoff",
    "start_match", "store_plan",
]

T = TypeVar("T")
USERS = Base.metadata.tables["users"]
SESSIONS = Base.metadata.tables["sessions"]
TABLES = Base.metadata.tables["tables"]
EVENTS = Base.metadata.tables["table_events"]
ACTIONS = Base.metadata.tables["actions"]
RECORDS = Base.metadata.tables["records"]
LEASES = Base.metadata.tables["table_leases"]
LOGIN_FAILURES = Base.metadata.tables["login_failures"]
PLANS = Base.metadata.tables["match_plans"]
log = logging.getLogger("openwhist.store")
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# built once: an insert with its values given at execution costs a tenth of one built
# with .values() each time (the database thread's time is taken from the event loop's)
INSERT_ACTION = insert(ACTIONS)
INSERT_EVENT = insert(EVENTS)


def data_dir() -> Path:
    """Where the server keeps its data: ``$OPENWHIST_DATA_DIR``, else
    ``$XDG_DATA_HOME/openwhist``, else ``~/.local/share/openwhist``."""
    if os.environ.get("OPENWHIST_DATA_DIR"):
        return Path(os.environ["OPENWHIST_DATA_DIR"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "openwhist"


def database_url(url: str | None = None) -> str:
    """The database to use: ``url``, else ``$OPENWHIST_DATABASE_URL``, else the SQLite file
    ``openwhist.sqlite3`` in :func:`data_dir` (created with its folder on first use).
    ``postgresql://`` URLs are given the psycopg (3) driver."""
    url = url or os.environ.get("OPENWHIST_DATABASE_URL") or None
    if url is None:
        folder = data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{folder / 'openwhist.sqlite3'}"
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    if not url.startswith(("sqlite:", "postgresql+")):
        raise ConfigError(f"the database is a sqlite:/// or postgresql:// URL, not {url!r}")
    return url


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(url, connect_args={"check_same_thread": False},
                               poolclass=StaticPool if memory else None)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            if not memory:
                cur.execute("PRAGMA journal_mode=WAL")
            # WAL with synchronous=NORMAL: a commit is in the log file (the operating
            # system's cache) when it returns, so it survives the process being killed;
            # only a crash of the machine or a power cut may lose the last transactions.
            cur.execute("PRAGMA synchronous=NORMAL")
            if not memory:
                # the log is copied into the database (a checkpoint, with its two fsyncs:
                # tens of milliseconds on a busy disk) by the store's checkpoint thread, not
                # by whichever commit crosses the log's limit while actions wait behind it
                cur.execute("PRAGMA wal_autocheckpoint=0")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=10000")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest Alembic revision."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class _Job:
    __slots__ = ("args", "fn", "future", "loop")

    def __init__(self, fn: Callable[..., Any], args: tuple[Any, ...],
                 loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.fn = fn
        self.args = args
        self.loop = loop
        # an asyncio future for a job from the event loop (settled from there), else a
        # thread-safe one
        self.future: concurrent.futures.Future[Any] | asyncio.Future[Any] = (
            loop.create_future() if loop is not None else concurrent.futures.Future())


def _settle(outcomes: list[tuple[asyncio.Future[Any], BaseException | None, Any]]) -> None:
    """Resolve, in their event loop, the futures of the jobs of one commit."""
    for future, exc, result in outcomes:
        if future.done():  # its caller went away (cancelled)
            continue
        if exc is not None:
            future.set_exception(exc)
        else:
            future.set_result(result)


class Store:
    """The database, opened (and migrated) at ``url`` (see :func:`database_url`).

    ``call(fn, *args)`` runs ``fn(connection, *args)`` in a transaction on the database
    thread and returns its result; ``await run(fn, *args)`` does the same from asyncio.
    Jobs that wait together are committed together.

    The database thread keeps one connection open (a batch costs its transaction, not a
    checkout from the pool); after a failed batch it takes a fresh one, checked by the
    pool.  The event loop is woken once per commit, however many of its jobs it held.
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        self.engine = _engine(self.url)
        migrate(self.engine)
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._conn: Connection | None = None
        self._thread = threading.Thread(target=self._work, name="openwhist-db", daemon=True)
        self._thread.start()
        self.commits = 0
        self._closing = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.url.startswith("sqlite") and self.url not in ("sqlite://", "sqlite:///:memory:"):
            self._checkpointer = threading.Thread(target=self._checkpoints, name="openwhist-db-checkpoint",
                                                  daemon=True)
            self._checkpointer.start()

    CHECKPOINT_EVERY = 1.0

    def _checkpoints(self) -> None:
        """Copy SQLite's write-ahead log into the database once a second while commits come
        (a passive checkpoint: it waits for no writer, and none waits for it)."""
        done = self.commits
        while not self._closing.wait(self.CHECKPOINT_EVERY):
            if self.commits == done:
                continue
            done = self.commits
            try:
                raw = self.engine.raw_connection()
                try:
                    raw.cursor().execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                finally:
                    raw.close()
            except Exception:  # the next try will do; a commit never depends on it
                log.warning("the database's checkpoint failed", exc_info=True)

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                break
            batch = [job]
            while len(batch) < 512:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._jobs.put(None)
                    break
                batch.append(more)
            outcomes: list[tuple[_Job, BaseException | None, Any]] = []
            self._run(batch, outcomes)
            self._resolve(outcomes)
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _run(self, batch: list[_Job], outcomes: list[tuple[_Job, BaseException | None, Any]]) -> None:
        try:
            if self._conn is None:
                self._conn = self.engine.connect()
            conn = self._conn
            with conn.begin():
                results = [j.fn(conn, *j.args) for j in batch]
            self.commits += 1
        except Exception as exc:
            if self._conn is not None:  # whatever state it is in, the next batch takes another
                with contextlib.suppress(Exception):
                    self._conn.close()
                self._conn = None
            if len(batch) == 1:
                outcomes.append((batch[0], exc, None))
                return
            for j in batch:  # one failed: the others go on, each in its own transaction
                self._run([j], outcomes)
            return
        outcomes.extend((j, None, r) for j, r in zip(batch, results))

    @staticmethod
    def _resolve(outcomes: list[tuple[_Job, BaseException | None, Any]]) -> None:
        loops: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], BaseException | None, Any]]]
        loops = {}
        for job, exc, result in outcomes:
            if job.loop is not None:
                assert isinstance(job.future, asyncio.Future)
                loops.setdefault(job.loop, []).append((job.future, exc, result))
            else:
                assert isinstance(job.future, concurrent.futures.Future)
                with contextlib.suppress(concurrent.futures.InvalidStateError):  # its caller gave up
                    if exc is not None:
                        job.future.set_exception(exc)
                    else:
                        job.future.set_result(result)
        for loop, settled in loops.items():
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
                loop.call_soon_threadsafe(_settle, settled)

    def submit(self, fn: Callable[..., T], *args: Any) -> concurrent.futures.Future[T]:
        """Queue ``fn(connection, *args)`` for the database thread."""
        job = _Job(fn, args)
        self._jobs.put(job)
        assert isinstance(job.future, concurrent.futures.Future)
        return job.future

    def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(connection, *args)`` in a transaction and return its result."""
        return self.submit(fn, *args).result()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(connection, *args)`` in a transaction, from asyncio."""
        job = _Job(fn, args, asyncio.get_running_loop())
        self._jobs.put(job)
        assert isinstance(job.future, asyncio.Future)
        result: T = await job.future
        return result

    def close(self) -> None:
        """Finish the queued jobs and close the database."""
        self._jobs.put(None)
        self._thread.join()
        self._closing.set()
        if self._checkpointer is not None:
            self._checkpointer.join()
        self.engine.dispose()


# --- the operations: each takes the connection first --------------------------------------


class NameTaken(Exception):
    """A new user's name has the key of a registered member's name."""


def create_user(conn: Connection, login: str | None, name: str, password_hash: str | None,
                guest: bool, name_key: str | None = None) -> int:
    """Add a user; returns its id (a taken ``login`` raises IntegrityError).  With
    ``name_key`` (the name's key, stored with it) a key a member already holds raises
    :class:`NameTaken`, checked in the same transaction."""
    if name_key is not None and get_member_by_key(conn, name_key) is not None:
        raise NameTaken(name)
    result = conn.execute(insert(USERS).values(login=login, name=name, password_hash=password_hash,
                                               guest=guest, created=time.time(), name_key=name_key))
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def get_user(conn: Connection, user_id: int) -> dict[str, Any] | None:
    """The user with this id, as a dict, or None."""
    row = conn.execute(select(USERS).where(USERS.c.id == user_id)).mappings().first()
    return dict(row) if row else None


def get_user_by_login(conn: Connection, login: str) -> dict[str, Any] | None:
    """The registered user with this login name, or None."""
    row = conn.execute(select(USERS).where(USERS.c.login == login)).mappings().first()
    return dict(row) if row else None


def get_member_by_key(conn: Connection, name_key: str) -> dict[str, Any] | None:
    """The registered member (not a guest) whose name has this key, or None."""
    row = conn.execute(select(USERS).where(USERS.c.name_key == name_key, USERS.c.guest.is_(False))
                       .order_by(USERS.c.id).limit(1)).mappings().first()
    return dict(row) if row else None


def create_session(conn: Connection, token_hash: str, user_id: int, csrf: str, ttl: float) -> None:
    """Store a session (by the hash of its token) for ``ttl`` seconds."""
    now = time.time()
    conn.execute(insert(SESSIONS).values(token_hash=token_hash, user_id=user_id, csrf=csrf,
                                         created=now, expires=now + ttl))


def get_session(conn: Connection, token_hash: str) -> dict[str, Any] | None:
    """The live session with this token hash and its user (``user`` key), or None."""
    row = conn.execute(select(SESSIONS).where(SESSIONS.c.token_hash == token_hash)).mappings().first()
    if row is None or row["expires"] < time.time():
        return None
    out = dict(row)
    out["user"] = get_user(conn, row["user_id"])
    return out


def delete_session(conn: Connection, token_hash: str) -> None:
    """End a session."""
    conn.execute(SESSIONS.delete().where(SESSIONS.c.token_hash == token_hash))


def end_user_sessions(conn: Connection, user_id: int, keep: str | None = None) -> list[str]:
    """End every session of a user but ``keep`` (a token hash, if any); returns the token
    hashes of the sessions ended."""
    where = SESSIONS.c.user_id == user_id
    if keep is not None:
        where = where & (SESSIONS.c.token_hash != keep)
    ended = [r[0] for r in conn.execute(select(SESSIONS.c.token_hash).where(where))]
    conn.execute(SESSIONS.delete().where(where))
    return ended


def live_sessions(conn: Connection, token_hashes: list[str]) -> set[str]:
    """Those of ``token_hashes`` whose session still lives (not ended, not expired)."""
    rows = conn.execute(select(SESSIONS.c.token_hash).where(SESSIONS.c.token_hash.in_(token_hashes),
                                                             SESSIONS.c.expires >= time.time()))
    return {r[0] for r in rows}


def set_password(conn: Connection, user_id: int, password_hash: str) -> None:
    """Store a registered user's new password (its argon2 hash)."""
    conn.execute(update(USERS).where(USERS.c.id == user_id).values(password_hash=password_hash))


def login_refused_for(conn: Connection, key: str, now: float) -> float:
    """Seconds until tries for the login name whose key is ``key`` are taken again (0: now)."""
    until = conn.execute(select(LOGIN_FAILURES.c.until).where(LOGIN_FAILURES.c.key == key)).scalar()
    return max(0.0, until - now) if until is not None else 0.0


def login_failed(conn: Connection, key: str, now: float, free: int, base: float, cap: float,
                 forget: float) -> float:
    """Count a wrong password for the login name whose key is ``key``; returns the seconds
    for which further tries are refused from now (0: none).  The first ``free`` failures
    cost nothing; each one after costs ``base`` seconds, doubled for each further one, at
    most ``cap``.  Failures ``forget`` seconds old with none since are forgotten.  The
    count is one statement (an upsert), so that processes sharing the database count
    together."""
    table = LOGIN_FAILURES
    row = {"key": key, "failures": 1, "latest": now, "until": 0.0}
    counted = {"failures": case((table.c.latest > now - forget, table.c.failures + 1), else_=1),
               "latest": now}
    if conn.dialect.name == "postgresql":
        conn.execute(pg_insert(table).values(**row).on_conflict_do_update(
            index_elements=[table.c.key], set_=counted))
    else:
        conn.execute(sqlite_insert(table).values(**row).on_conflict_do_update(
            index_elements=[table.c.key], set_=counted))
    failures = conn.execute(select(table.c.failures).where(table.c.key == key)).scalar_one()
    wait = backoff(failures, free, base, cap)
    if wait > 0:
        conn.execute(update(table).where(table.c.key == key, table.c.until < now + wait)
                     .values(until=now + wait))
    return wait


def backoff(failures: int, free: int, base: float, cap: float) -> float:
    """Seconds of refusal after ``failures`` wrong passwords in a row.

    >>> [backoff(n, 5, 30.0, 900.0) for n in (4, 5, 6, 7, 10, 40)]
    [0.0, 30.0, 60.0, 120.0, 900.0, 900.0]
    """
    if failures < free:
        return 0.0
    return float(min(cap, base * 2 ** min(failures - free, 32)))


def login_succeeded(conn: Connection, key: str) -> None:
    """A good login for the name whose key is ``key``: its failures are forgotten."""
    conn.execute(LOGIN_FAILURES.delete().where(LOGIN_FAILURES.c.key == key))


def forget_login_failures(conn: Connection, before: float) -> int:
    """Forget the failures of names whose latest came before ``before`` and whose refusal
    is over; returns how many names."""
    result = conn.execute(LOGIN_FAILURES.delete().where(LOGIN_FAILURES.c.latest < before,
                                                        LOGIN_FAILURES.c.until < before))
    return int(result.rowcount or 0)


def create_table(conn: Connection, table: dict[str, Any], seats: list[dict[str, Any]]) -> None:
    """Add a table and its first seats (``seat``, ``kind``, ``user_id``, ``bot``; seat
    events of version 0), and the plan of its first match (the first seat deals; its seed
    is derived from the table's secret ``seed``)."""
    now = time.time()
    conn.execute(insert(TABLES).values(match_no=0, version=0, closed=False, created=now, **table))
    store_plan(conn, table["id"], 0, None, 0)
    for s in seats:
        conn.execute(insert(EVENTS).values(table_id=table["id"], version=0, type="seat",
                                           pending_user_id=None, created=now, **s))


def live_table_ids(conn: Connection) -> list[str]:
    """The tables not closed, oldest first."""
    rows = conn.execute(select(TABLES.c.id).where(TABLES.c.closed.is_(False))
                        .order_by(TABLES.c.created))
    return [r[0] for r in rows]


def table_events(conn: Connection, table_id: str) -> list[dict[str, Any]]:
    """Every event of a table in order: its seat changes and closing (``type`` ``seat`` or
    ``closed``) and its actions (``type`` ``action``, with ``match_no``, ``seq``, ``seat``,
    ``action``, ``by_bot``), by version (actions stored before versions were come by
    match and order, after the seat events of the same version)."""
    out: list[dict[str, Any]] = []
    for e in conn.execute(select(EVENTS).where(EVENTS.c.table_id == table_id)).mappings():
        out.append(dict(e))
    for a in conn.execute(select(ACTIONS).where(ACTIONS.c.table_id == table_id)).mappings():
        d = dict(a)
        d["type"] = "action"
        out.append(d)

    def order(e: dict[str, Any]) -> tuple[int, int, int, int]:
        if e["type"] == "action":
            return (e["version"] if e["version"] is not None else -1, 1, e["match_no"], e["seq"])
        return (e["version"], 0, 0, e["seat"] if e["seat"] is not None else -1)

    out.sort(key=order)
    return out


def load_table(conn: Connection, table_id: str) -> dict[str, Any] | None:
    """A table rebuilt from its events: its settings, its ``seats`` (the last seat event of
    each seat), the ``actions`` of the match in progress, ``match_no`` (the matches
    finished: their records), ``version`` (the last event's), whether it is ``closed``,
    ``active`` (the Unix time of its last event), ``last_record`` (the record of the last
    match finished, or None), ``over`` (that match is still on the table: no ``again``
    event since it ended) and ``resumed`` (a ``next`` event came after the last action:
    a deal that ended there is no longer paused on), ``plan`` (the stored plan of match
    ``match_no``: its ``seed``, null where derived from the table's secret, and ``dealer``;
    or None); or None if there is no such table."""
    row = conn.execute(select(TABLES).where(TABLES.c.id == table_id)).mappings().first()
    if row is None:
        return None
    out = dict(row)
    match_no = conn.execute(select(func.count()).select_from(RECORDS)
                            .where(RECORDS.c.table_id == table_id)).scalar_one()
    seats: dict[int, dict[str, Any]] = {}
    actions: list[dict[str, Any]] = []
    version = 0
    closed = False
    active = float(row["created"])
    last_action = again = resumed = -1
    for e in table_events(conn, table_id):
        active = max(active, e["created"] or 0.0)
        if e["version"] is not None:
            version = max(version, e["version"])
        if e["type"] == "action":
            last_action = max(last_action, e["version"] if e["version"] is not None else 0)
        elif e["type"] == "again":
            again = max(again, e["version"])
        elif e["type"] == "next":
            resumed = max(resumed, e["version"])
        if e["type"] == "seat":
            seats[e["seat"]] = {k: e[k] for k in ("seat", "kind", "user_id", "bot", "pending_user_id")}
        elif e["type"] == "closed":
            closed = True
        elif e["type"] == "action" and e["match_no"] == match_no:
            actions.append(e)
    last_record = None
    if match_no:
        body = conn.execute(select(RECORDS.c.record).where(RECORDS.c.table_id == table_id)
                            .order_by(RECORDS.c.id.desc()).limit(1)).scalar_one()
        last_record = json.loads(body)
    over = bool(match_no) and not actions and again < last_action
    plan = conn.execute(select(PLANS.c.seed, PLANS.c.dealer).where(
        PLANS.c.table_id == table_id, PLANS.c.match_no == match_no)).mappings().first()
    out["plan"] = dict(plan) if plan is not None else None
    out.update(match_no=match_no, version=version, closed=closed, actions=actions, active=active,
               last_record=last_record, over=over, resumed=resumed > last_action,
               seats=[seats[s] for s in sorted(seats)])
    return out


_ACTION_COLUMNS = ("table_id", "match_no", "seq", "seat", "action", "by_bot", "version", "created")
_PLACEHOLDERS = {"qmark": "?", "format": "%s", "pyformat": "%s"}


@functools.cache
def _insert_action_sql(paramstyle: str) -> str | None:
    mark = _PLACEHOLDERS.get(paramstyle)
    if mark is None:
        return None
    return (f"INSERT INTO actions ({', '.join(_ACTION_COLUMNS)}) "
            f"VALUES ({', '.join([mark] * len(_ACTION_COLUMNS))})")


def append_action(conn: Connection, table_id: str, match_no: int, seq: int, seat: int, action: str,
                  by_bot: bool, version: int, record: dict[str, Any] | None = None) -> int | None:
    """Store an accepted action with the table's new version; with ``record`` (the action
    ended the match) store the match's record too, which moves the table to the next match,
    and return the record's id (None without a record)."""
    now = time.time()
    # the one statement of every action, as the driver's own SQL: a third of the time of
    # the same insert compiled by SQLAlchemy (errors are still SQLAlchemy's)
    sql = _insert_action_sql(conn.dialect.paramstyle)
    values = (table_id, match_no, seq, seat, action, by_bot, version, now)
    if sql is not None:
        conn.exec_driver_sql(sql, values)
    else:
        conn.execute(INSERT_ACTION, dict(zip(_ACTION_COLUMNS, values)))
    if record is None:
        return None
    done = conn.execute(insert(RECORDS).values(table_id=table_id, match_no=match_no,
                                               variant=record["variant"],
                                               players=json.dumps(record["players"]),
                                               record=json.dumps(record), created=now))
    key = done.inserted_primary_key
    return int(key[0]) if key is not None and key[0] is not None else None


def set_seat(conn: Connection, table_id: str, seat: int, kind: str, user_id: int | None,
             bot: str | None, pending_user_id: int | None, version: int) -> None:
    """Store a seat change (who sits at ``seat`` from now on) as the table's event of
    ``version``."""
    conn.execute(INSERT_EVENT, {"table_id": table_id, "version": version, "type": "seat", "seat": seat,
                                "kind": kind, "user_id": user_id, "bot": bot,
                                "pending_user_id": pending_user_id, "created": time.time()})


def mark_table(conn: Connection, table_id: str, kind: str, version: int) -> None:
    """A table's event of ``version`` that changes no seat: ``again`` (the next match
    starts) or ``next`` (the next deal starts, after the pause between deals)."""
    conn.execute(INSERT_EVENT, {"table_id": table_id, "version": version, "type": kind, "seat": None,
                                "kind": None, "user_id": None, "bot": None, "pending_user_id": None,
                                "created": time.time()})


def start_match(conn: Connection, table_id: str, match_no: int, dealer: int, version: int) -> None:
    """The next match starts (the table's ``again`` event of ``version``), dealt from
    ``dealer`` by a seed derived from the table's secret: its plan is stored
    with the event, in one transaction (a plan stored for it already is an error: nothing
    is written)."""
    mark_table(conn, table_id, "again", version)
    conn.execute(insert(PLANS).values(table_id=table_id, match_no=match_no, seed=None, dealer=dealer))


def store_plan(conn: Connection, table_id: str, match_no: int, seed: int | None, dealer: int) -> None:
    """Store how a table's match ``match_no`` is dealt: its first ``dealer`` and its
    ``seed`` (None: derived from the table's secret); a plan stored already
    stays as it is."""
    conn.execute(text("INSERT INTO match_plans (table_id, match_no, seed, dealer) VALUES (:t, :m, :s, :d) "
                      "ON CONFLICT (table_id, match_no) DO NOTHING"),
                 {"t": table_id, "m": match_no, "s": seed, "d": dealer})


def undo_actions(conn: Connection, table_id: str, match_no: int, from_seq: int, version: int) -> None:
    """Take back the match's actions from ``from_seq`` on (their rows are deleted; the
    table's ``undo`` event of ``version`` keeps its version count)."""
    conn.execute(ACTIONS.delete().where(ACTIONS.c.table_id == table_id, ACTIONS.c.match_no == match_no,
                                        ACTIONS.c.seq >= from_seq))
    conn.execute(INSERT_EVENT, {"table_id": table_id, "version": version, "type": "undo", "seat": None,
                                "kind": None, "user_id": None, "bot": None, "pending_user_id": None,
                                "created": time.time()})


def close_table(conn: Connection, table_id: str, version: int) -> None:
    """Close a table (its ``closed`` event of ``version``): it is no longer live."""
    conn.execute(insert(EVENTS).values(table_id=table_id, version=version, type="closed",
                                       created=time.time()))
    conn.execute(update(TABLES).where(TABLES.c.id == table_id).values(closed=True))


def acquire_lease(conn: Connection, table_id: str, holder: str, ttl: float) -> bool:
    """Take (or renew) the lease of a table for ``holder`` (a server process) for ``ttl``
    seconds; False if another holder's lease is alive.  One statement each way, so two
    processes asking at once cannot both win (the lease's key is the table's id)."""
    now = time.time()
    conn.execute(text("INSERT INTO table_leases (table_id, holder, expires) VALUES (:t, :h, :e) "
                      "ON CONFLICT (table_id) DO NOTHING"), {"t": table_id, "h": holder, "e": now + ttl})
    conn.execute(update(LEASES).where(LEASES.c.table_id == table_id,
                                      or_(LEASES.c.holder == holder, LEASES.c.expires < now))
                 .values(holder=holder, expires=now + ttl))
    held = conn.execute(select(LEASES.c.holder).where(LEASES.c.table_id == table_id)).scalar_one_or_none()
    return bool(held == holder)


def renew_leases(conn: Connection, holder: str, ttl: float) -> set[str]:
    """Renew every lease ``holder`` has for ``ttl`` seconds more; the tables it still holds
    (a lease that expired and was taken by another process is no longer among them)."""
    conn.execute(update(LEASES).where(LEASES.c.holder == holder).values(expires=time.time() + ttl))
    return {r[0] for r in conn.execute(select(LEASES.c.table_id).where(LEASES.c.holder == holder))}


def lease_holders(conn: Connection) -> list[str]:
    """Every holder of a lease, alive or not."""
    return [r[0] for r in conn.execute(select(LEASES.c.holder).distinct())]


def release_leases(conn: Connection, holder: str, table_id: str | None = None) -> None:
    """Give up ``holder``'s lease of one table, or of all its tables."""
    query = LEASES.delete().where(LEASES.c.holder == holder)
    if table_id is not None:
        query = query.where(LEASES.c.table_id == table_id)
    conn.execute(query)


def table_access(conn: Connection, table_id: str) -> dict[str, Any] | None:
    """Who may see a table's records: ``private``, and its ``members`` (its owner and
    everyone who ever sat or was about to sit there); None if there is no such table."""
    row = conn.execute(select(TABLES.c.private, TABLES.c.owner_id)
                       .where(TABLES.c.id == table_id)).first()
    if row is None:
        return None
    members = {row[1]}
    for uid, pending in conn.execute(select(EVENTS.c.user_id, EVENTS.c.pending_user_id).where(
            EVENTS.c.table_id == table_id,
            or_(EVENTS.c.user_id.is_not(None), EVENTS.c.pending_user_id.is_not(None)))):
        members.update(u for u in (uid, pending) if u is not None)
    return {"private": bool(row[0]), "members": members}


def list_records(conn: Connection, table_id: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
    """Finished matches, newest first (without the records' bodies)."""
    query = select(RECORDS.c.id, RECORDS.c.table_id, RECORDS.c.match_no, RECORDS.c.variant,
                   RECORDS.c.players, RECORDS.c.created).order_by(RECORDS.c.id.desc()).limit(limit)
    if table_id is not None:
        query = query.where(RECORDS.c.table_id == table_id)
    out = []
    for r in conn.execute(query).mappings():
        d = dict(r)
        d["players"] = json.loads(d["players"])
        out.append(d)
    return out


def get_record(conn: Connection, record_id: int) -> tuple[str, dict[str, Any]] | None:
    """A finished match's table and record (the JSON of
    :func:`openwhist.records.match_record`), or None."""
    row = conn.execute(select(RECORDS.c.table_id, RECORDS.c.record).where(RECORDS.c.id == record_id)).first()
    return (row[0], json.loads(row[1])) if row else None
