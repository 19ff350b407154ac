"""The store against both databases it supports: SQLite and a real PostgreSQL started
here (see ``tests/pg_util.py``); and the server's crash-restart on PostgreSQL."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from openwhist import store as st
from pg_util import Postgres, launched_postgres
from server_util import Client, Server


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    yield from launched_postgres()


@pytest.fixture(params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite3'}"
    pg: Postgres = request.getfixturevalue("postgres")
    with st.Store(pg.url).engine.begin() as conn:  # a clean schema for each test
        conn.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    return pg.url


def test_migrations_make_the_schema_once(url: str) -> None:
    store = st.Store(url)
    store.close()
    store = st.Store(url)  # a second start finds it up to date
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0013"
    store.close()


def test_seat_changes_and_closing_are_events_and_a_table_is_their_replay(url: str) -> None:
    store = st.Store(url)
    try:
        ann = store.call(st.create_user, None, "ann", None, True)
        bob = store.call(st.create_user, None, "bob", None, True)
        row = {"id": "t3", "variant": "classic", "options": "{}", "seed": 7, "until": "game",
               "count": 1, "private": True, "code": None, "owner_id": ann}
        store.call(st.create_table, row, [{"seat": 0, "kind": "person", "user_id": ann, "bot": None},
                                          {"seat": 1, "kind": "open", "user_id": None, "bot": None}])
        store.call(st.set_seat, "t3", 1, "person", bob, None, None, 1)
        store.call(st.append_action, "t3", 0, 0, 0, "2C", False, 2)
        store.call(st.set_seat, "t3", 0, "bot", None, "heuristic", None, 3)
        store.call(st.append_action, "t3", 0, 1, 1, "3C", False, 4)
        store.call(st.set_seat, "t3", 1, "bot", None, "random", bob, 5)
        events = store.call(st.table_events, "t3")
        assert [(e["version"], e["type"]) for e in events] == [
            (0, "seat"), (0, "seat"), (1, "seat"), (2, "action"), (3, "seat"), (4, "action"), (5, "seat")]
        loaded = store.call(st.load_table, "t3")
        assert loaded["version"] == 5 and loaded["match_no"] == 0 and not loaded["closed"]
        assert [(s["kind"], s["user_id"], s["bot"], s["pending_user_id"]) for s in loaded["seats"]] == [
            ("bot", None, "heuristic", None), ("bot", None, "random", bob)]
        assert [a["action"] for a in loaded["actions"]] == ["2C", "3C"]
        assert store.call(st.table_access, "t3") == {"private": True, "members": {ann, bob}}
        with pytest.raises(IntegrityError):  # one event per version and seat
            store.call(st.set_seat, "t3", 1, "open", None, None, None, 5)
        store.call(st.close_table, "t3", 6)
        loaded = store.call(st.load_table, "t3")
        assert loaded["closed"] and loaded["version"] == 6
        assert "t3" not in store.call(st.live_table_ids)
    finally:
        store.close()


def test_the_migration_turns_the_seats_of_existing_tables_into_events(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = st._engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(st.MIGRATIONS))
    with engine.begin() as conn:  # a database of the first schema, with a table in play
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        conn.execute(text("INSERT INTO users (id, name, guest, created) VALUES (1, 'ann', 1, 0)"))
        conn.execute(text("INSERT INTO tables (id, variant, options, seed, until, count, private, "
                          "owner_id, match_no, version, closed, created) "
                          "VALUES ('old', 'classic', '{}', 3, 'game', 1, 0, 1, 0, 7, 0, 0)"))
        for seat, kind in enumerate(["person", "bot", "bot", "open"]):
            conn.execute(text("INSERT INTO seats (table_id, seat, kind, user_id, bot) VALUES "
                              "('old', :s, :k, :u, :b)"),
                         {"s": seat, "k": kind, "u": 1 if kind == "person" else None,
                          "b": "random" if kind == "bot" else None})
        conn.execute(text("INSERT INTO actions (table_id, match_no, seq, seat, action, by_bot, created) "
                          "VALUES ('old', 0, 0, 1, '2C', 1, 0)"))
    engine.dispose()
    store = st.Store(url)  # migrates to the newest schema
    try:
        loaded = store.call(st.load_table, "old")
        assert loaded["version"] == 7 and [s["kind"] for s in loaded["seats"]] == [
            "person", "bot", "bot", "open"]
        assert [a["action"] for a in loaded["actions"]] == ["2C"]
        # its match in progress keeps the old seed (the same cards); the next is keyed
        assert loaded["keyed_from"] == 1 and loaded["seed"] == 3
        # and a fresh secret for the matches it starts from now on (its seed was shown)
        assert loaded["keyed_secret"] not in (None, 3) and loaded["plan"] == {"seed": 3, "dealer": 0}
    finally:
        store.close()


def test_a_table_is_leased_to_one_process_at_a_time(url: str) -> None:
    one, two = st.Store(url), st.Store(url)  # two server processes' stores
    try:
        uid = one.call(st.create_user, None, "lessor", None, True)
        ids = [f"lease{i}" for i in range(12)]
        for tid in ids:
            one.call(st.create_table, {"id": tid, "variant": "classic", "options": "{}", "seed": 1,
                                       "until": "game", "count": 1, "private": False, "code": None,
                                       "owner_id": uid}, [])
        # both ask for every table at once: each table has exactly one winner
        asked = [(tid, one.submit(st.acquire_lease, tid, "a", 60), two.submit(st.acquire_lease, tid, "b", 60))
                 for tid in ids]
        won = {tid: (a.result(), b.result()) for tid, a, b in asked}
        assert all(a != b for a, b in won.values()), won
        a_holds = {tid for tid, (a, _) in won.items() if a}
        assert one.call(st.renew_leases, "a", 60) == a_holds
        assert two.call(st.renew_leases, "b", 60) == set(ids) - a_holds
        tid = ids[0]
        holder, other, store = ("a", "b", one) if tid in a_holds else ("b", "a", two)
        assert not two.call(st.acquire_lease, tid, other, 60)  # alive: not taken
        store.call(st.acquire_lease, tid, holder, -1.0)  # its holder stops renewing: it runs out
        assert one.call(st.acquire_lease, tid, other, 60)
        assert tid not in store.call(st.renew_leases, holder, 60)  # the old holder learns it
        one.call(st.release_leases, "a")
        two.call(st.release_leases, "b")
        assert one.call(st.lease_holders) == []
    finally:
        one.close()
        two.close()


def test_users_sessions_tables_actions_records_round_trip(url: str) -> None:
    store = st.Store(url)
    try:
        uid = store.call(st.create_user, "ann", "Ann", "hash", False)
        with pytest.raises(IntegrityError):
            store.call(st.create_user, "ann", "Ann again", "hash", False)
        assert store.call(st.get_user_by_login, "ann")["name"] == "Ann"
        store.call(st.create_session, "h" * 64, uid, "csrf", 60.0)
        assert store.call(st.get_session, "h" * 64)["user"]["id"] == uid
        store.call(st.create_session, "x" * 64, uid, "csrf", -1.0)
        assert store.call(st.get_session, "x" * 64) is None  # expired
        row = {"id": "t1", "variant": "classic", "options": "{}", "seed": 2**62, "until": "game",
               "count": 1, "private": True, "code": "ABCD1234", "owner_id": uid}
        store.call(st.create_table, row, [{"seat": s, "kind": "bot", "user_id": None, "bot": "random"}
                                          for s in range(4)])
        for i, card in enumerate(["2C", "3C", "4C"]):
            store.call(st.append_action, "t1", 0, i, i, card, True, i + 1)
        record = {"variant": "classic", "players": ["N", "E", "S", "W"], "deals": []}
        store.call(st.append_action, "t1", 0, 3, 3, "5C", True, 4, record)
        store.call(st.set_seat, "t1", 2, "person", uid, None, None, 5)
        loaded = store.call(st.load_table, "t1")
        assert loaded["match_no"] == 1 and loaded["version"] == 5 and loaded["seed"] == 2**62
        assert loaded["actions"] == []  # the next match has none yet
        assert [s["kind"] for s in loaded["seats"]] == ["bot", "bot", "person", "bot"]
        listed = store.call(st.list_records, "t1")
        assert len(listed) == 1 and listed[0]["players"] == ["N", "E", "S", "W"]
        assert store.call(st.get_record, listed[0]["id"]) == ("t1", record)
        assert store.call(st.live_table_ids) == ["t1"]
        store.call(st.delete_session, "h" * 64)
        assert store.call(st.get_session, "h" * 64) is None
    finally:
        store.close()


def test_group_commit_keeps_every_job_and_isolates_a_failing_one(url: str) -> None:
    store = st.Store(url)
    try:
        uid = store.call(st.create_user, None, "g", None, True)
        store.call(st.create_table, {"id": "t2", "variant": "classic", "options": "{}", "seed": 1,
                                     "until": "game", "count": 1, "private": False, "code": None,
                                     "owner_id": uid}, [])

        def waiting_together(jobs: Any) -> list[Any]:
            """Submit ``jobs`` while the database thread is held, so that they all wait."""
            gate = threading.Event()
            held = store.submit(lambda conn: gate.wait(30))
            futures: list[Any] = []

            def submit(part: list[tuple[Any, ...]]) -> None:
                for args in part:
                    futures.append(store.submit(st.append_action, *args))

            threads = [threading.Thread(target=submit, args=(jobs[k::8],)) for k in range(8)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            gate.set()
            held.result()
            return futures

        before = store.commits
        for f in waiting_together([("t2", k, i, 0, "2C", False, i) for k in range(8) for i in range(50)]):
            f.result()
        assert store.commits - before <= 3   # the held job, then the 400 waiting together
        with store.engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM actions")).scalar() == 400
        # a duplicate key among jobs waiting together fails alone; the others are kept
        futures = waiting_together([("t2", 8, 0, 0, "2C", False, 0), ("t2", 0, 0, 0, "2C", False, 0),
                                    ("t2", 8, 1, 0, "2C", False, 1)])
        outcomes = []
        for f in futures:
            try:
                f.result()
                outcomes.append("kept")
            except IntegrityError:
                outcomes.append("refused")
        assert sorted(outcomes) == ["kept", "kept", "refused"]
        with store.engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM actions")).scalar() == 402
    finally:
        store.close()


def test_jobs_from_asyncio_are_committed_together_and_a_failing_one_fails_alone(url: str) -> None:
    store = st.Store(url)
    try:
        uid = store.call(st.create_user, None, "a", None, True)
        store.call(st.create_table, {"id": "t3", "variant": "classic", "options": "{}", "seed": 1,
                                     "until": "game", "count": 1, "private": False, "code": None,
                                     "owner_id": uid}, [])
        before = store.commits

        async def play() -> tuple[list[Any], list[Any]]:
            jobs = [store.run(st.append_action, "t3", 0, i, 0, "2C", i % 2 == 0, i) for i in range(200)]
            good = await asyncio.gather(*jobs, return_exceptions=True)
            jobs = [store.run(st.append_action, "t3", 1, i, 0, "2C", False, i) for i in range(10)]
            jobs.append(store.run(st.append_action, "t3", 1, 0, 0, "2C", False, 0))  # a duplicate key
            # a caller that gives up before its commit does not stop the others
            abandoned = asyncio.ensure_future(store.run(st.append_action, "t3", 2, 0, 0, "2C", False, 0))
            await asyncio.sleep(0)
            abandoned.cancel()
            return good, await asyncio.gather(*jobs, return_exceptions=True)

        good, mixed = asyncio.run(play())
        assert good == [None] * 200
        assert store.commits - before < 200  # jobs waiting together were committed together
        assert mixed[:10] == [None] * 10
        assert isinstance(mixed[10], IntegrityError)
        assert store.call(st.load_table, "t3")["actions"][5]["by_bot"] is False
        with store.engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM actions WHERE match_no = 0")).scalar() == 200
            assert conn.execute(text("SELECT count(*) FROM actions WHERE match_no = 1")).scalar() == 10
    finally:
        store.close()


def test_sqlite_log_is_checkpointed_by_the_store_not_by_a_commit(tmp_path: Path) -> None:
    path = tmp_path / "wal.sqlite3"
    store = st.Store(f"sqlite:///{path}")
    store.CHECKPOINT_EVERY = 0.05
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
        uid = store.call(st.create_user, None, "a", None, True)
        store.call(st.create_table, {"id": "t4", "variant": "classic", "options": "{}", "seed": 1,
                                     "until": "game", "count": 1, "private": False, "code": None,
                                     "owner_id": uid}, [])
        for i in range(20):
            store.call(st.append_action, "t4", 0, i, 0, "2C", False, i)
        # the database file alone (its log left out) has the actions once checkpointed
        deadline = time.monotonic() + 10
        while True:
            copy = tmp_path / f"copy{time.monotonic_ns()}.sqlite3"
            shutil.copy(path, copy)
            db = sqlite3.connect(copy)
            try:
                count = db.execute("SELECT count(*) FROM actions").fetchone()[0]
            except sqlite3.OperationalError:  # not even the schema is in the file yet
                count = -1
            finally:
                db.close()
            if count == 20 or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert count == 20
    finally:
        store.close()


@pytest.mark.postgres
def test_two_servers_on_postgres_share_no_table(postgres: Postgres) -> None:
    with st.Store(postgres.url).engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    env = {"OPENWHIST_LEASE_TTL": "2"}
    first = Server(postgres.url, env=env)
    second = None
    try:
        me = Client(first).guest("pg2")
        table = me.post("/api/quickplay", {"variant": "classic", "bot": "random"}).json()
        second = Server(postgres.url, env=env)
        assert Client(second).get("/api/health").json()["tables"] == 0
        first.kill()
        deadline = time.monotonic() + 15
        while Client(second).get("/api/health").json()["tables"] != 1:
            assert time.monotonic() < deadline, "the second server never took the table over"
            time.sleep(0.2)
        assert me.move(second).get(f"/api/tables/{table['id']}").status_code == 200
    finally:
        first.stop()
        if second is not None:
            second.stop()


def test_the_server_on_postgres_survives_kill_minus_9(postgres: Postgres) -> None:
    with st.Store(postgres.url).engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    server = Server(postgres.url, bot_pause=0.0)
    me = Client(server).guest("pg")
    table = me.post("/api/quickplay", {"variant": "classic", "bot": "random"}).json()
    seat = me.ws(table["id"])
    m = seat.recv()
    while not (m["v"] >= 30 and m.get("view", {}).get("legal")):
        if m.get("view", {}).get("legal"):
            seat.send({"type": "act", "action": m["view"]["legal"][0]})
        m = seat.until(lambda r: r["type"] == "event")
    last = m
    server.kill()
    again = Server(postgres.url, bot_pause=1000)
    try:
        me.move(again)
        w = me.ws(table["id"]).recv()
        assert w["v"] == last["v"] and w["view"] == last["view"]
    finally:
        again.stop()
