"""Seeds and first dealers across restarts: the real server is killed (SIGKILL) and started
again on the same database, or its tables are taken over by a second server process under
the lease, at every point of a match (before the first action, mid-auction, mid-trick,
between tricks, between deals, between matches before and after "again") of every family,
at tables made now and at tables made before keyed seeds (written in the old schema and
upgraded by the migration); every seat's view and the score sheet stay as they were.  The
fresh secret of an old table shows nowhere, and no shown seed tells a later match."""

from __future__ import annotations

import importlib.util
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

import openwhist
from openwhist import records
from openwhist import store as st
from openwhist.cards import derive_seed
from openwhist.match import Match, new_match
from openwhist.rules.registry import resolve
from openwhist.server.table import match_plan, match_seed, variant_seats
from openwhist.server.views import observe
from server_util import Client, Seat, Server

FAMILIES = openwhist.variants()
STEP = 0x9E3779B97F4A7C15
# each of the four people watches every table at once, all from one address: more sockets
# than a person and an address may have elsewhere
ENV = {"OPENWHIST_DEAL_PAUSE": "1000", "OPENWHIST_LEASE_TTL": "2", "OPENWHIST_SOCKETS_PER_PERSON": "64",
       "OPENWHIST_SOCKETS_PER_ADDRESS": "256"}
MIGRATION = next((Path(st.MIGRATIONS) / "versions").glob("*_seeds_*.py"))


def _down_revision() -> str:
    spec = importlib.util.spec_from_file_location("seeds_migration", MIGRATION)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.down_revision)


def pick(legal: list[str]) -> str:
    """The action every player makes: a solo of six where one may be called (so that
    Belgian deals are played, not passed out), else the first legal action."""
    return next((a for a in legal if a.startswith("solo 6")), legal[0])


def play_locally(match: Match, actions: int | None = None) -> list[tuple[int, str]]:
    """Play ``match`` on by :func:`pick` (to its end, or ``actions`` actions); the seats
    that acted and their actions."""
    done: list[tuple[int, str]] = []
    while not match.is_over() and (actions is None or len(done) < actions):
        deal = match.state
        seat = deal.controller(deal.to_move)
        action = pick(observe(deal, seat).to_json()["legal"])
        match.apply(action)
        done.append((seat, action))
    return done


def hands_of(match: Match) -> set[frozenset[str]]:
    """The hands of the deal in progress, whoever holds them (any first dealer)."""
    deal = match.state
    return {frozenset(observe(deal, s).to_json()["hand"]) for s in deal.seats}


# --- the tables and their people -----------------------------------------------------


@dataclass
class Game:
    """A table of people only (nothing moves unless the test acts), their clients and
    their sockets, in seat order."""

    variant: str
    tid: str
    clients: list[Client]
    socks: list[Seat] = field(default_factory=list)
    old: bool = False
    base: int = 0  # the match the points are counted from

    def connect(self) -> list[dict[str, Any]]:
        self.socks = [c.ws(self.tid) for c in self.clients]
        return [s.until(lambda m: m["type"] == "welcome") for s in self.socks]

    def close(self) -> None:
        for s in self.socks:
            s.close()
        self.socks = []

    def settle(self) -> dict[str, Any]:
        """Wait until every socket has seen the table's version; the table's info."""
        info: dict[str, Any] = self.clients[0].get(f"/api/tables/{self.tid}").json()
        for s in self.socks:
            if s.last.get("v", -1) < info["version"]:
                s.until(lambda r, v=info["version"]: r.get("v", -1) >= v)
        return info

    def step(self, info: dict[str, Any]) -> None:
        """The next thing that happens: everybody ready between deals, "again" after a
        match, else the action of the seat to act."""
        if info["state"] == "pause":
            for s in self.socks:
                s.send({"type": "ready"})
            self.socks[0].until(lambda m: m["type"] == "table" and m["table"]["state"] != "pause"
                                and "view" in m)
            return
        if info["state"] == "over":
            self.socks[0].send({"type": "again", "ref": "again"})
            self.socks[0].until(lambda m: m["type"] == "table" and not m["table"]["match_over"])
            return
        actor = next(s for s in self.socks if s.view.get("legal"))
        actor.send({"type": "act", "action": pick(actor.view["legal"]), "ref": "act"})
        reply = actor.until(lambda m: m.get("ref") == "act")
        assert reply["type"] == "event", reply

    def snapshot(self) -> dict[str, Any]:
        """What every seat sees now: the version, each seat's view and the score sheet."""
        info = self.settle()
        return {"v": info["version"], "views": [s.view for s in self.socks], "sheet": info["sheet"],
                "match_no": info["match_no"], "state": info["state"], "summary": info["summary"]}


def _rel_match(g: Game, info: dict[str, Any]) -> int:
    """Which match of the test a table plays: 0 the first, 1 after "again"."""
    return int(info["match_no"]) - g.base - (1 if info["state"] == "over" else 0)


Point = Callable[[Game, dict[str, Any], dict[str, Any]], bool]
POINTS: list[tuple[str, Point]] = [
    ("before the first action", lambda g, i, v: True),
    ("mid-auction", lambda g, i, v: g.variant != "belgian" or (v["phase"] == "auction" and bool(v["calls"]))),
    ("mid-trick", lambda g, i, v: not i["sheet"] and v["phase"] != "auction" and bool(v["trick"])),
    ("between tricks", lambda g, i, v: not i["sheet"] and bool(v["tricks"]) and not v["trick"]),
    ("between deals", lambda g, i, v: i["state"] == "pause"),
    ("mid second deal", lambda g, i, v: len(i["sheet"]) == 1 and i["state"] == "playing"
     and bool(v["trick"])),
    ("match over", lambda g, i, v: i["state"] == "over"),
    ("after again", lambda g, i, v: _rel_match(g, i) == 1),
    ("next match mid-trick", lambda g, i, v: _rel_match(g, i) == 1 and v["phase"] != "auction"
     and bool(v["trick"])),
]


def advance(g: Game, point: Point) -> None:
    for _ in range(1000):
        info = g.settle()
        if point(g, info, g.socks[0].view):
            return
        g.step(info)
    raise AssertionError(f"{g.variant} never reached the point")


LARGEST_FIRST = {"schedule": "max-1-max"}
"""The exact-bid whists' schedule that deals the most cards first: a 1-card deal, where a
seat's hand is gone after its one card, would tell nothing of whether hands are guessable."""


def playing(variant: str) -> tuple[tuple[int, ...], dict[str, Any]]:
    """The seats people sit at in a family's default game, and its options (the exact-bid
    whists' dealing the most cards first)."""
    name, opts = resolve(variant, None)
    options = opts.to_dict()
    if "schedule" in options:
        options.update(LARGEST_FIRST)
    return variant_seats(name, opts), options


def make_game(server: Server, variant: str, people: list[Client]) -> Game:
    n = len(playing(variant)[0])
    owner = people[0]
    t = owner.post("/api/tables", {"variant": variant, "until": "deals", "count": 2,
                                   "options": playing(variant)[1]})
    assert t.status_code == 201, t.text
    for c in people[1:n]:
        joined = c.post(f"/api/tables/{t.json()['id']}/join", {})
        assert joined.status_code == 200, (joined.text, server.output[-30:])
    return Game(variant, t.json()["id"], people[:n])


# --- tables from before keyed seeds ----------------------------------------------------


@dataclass
class OldTable:
    """A table of the old schema: its secret ``seed`` (shown by its first record), match 0
    finished, and match 1 (stepped: ``keyed_from`` 2) from ``dealer``: in progress
    (``kind`` ``live`` or ``restart``), or not begun (``over``, ``again``)."""

    tid: str
    variant: str
    seed: int
    kind: str
    match1: Match


def write_old_table(conn: Any, tid: str, variant: str, users: list[int], seed: int, kind: str) -> OldTable:
    """Write an old table in the old schema's columns: match 0 played out and recorded,
    then (``kind``) two actions of match 1 dealt by the stepped seed from the dealer that
    the live table used (``live``: the next one) or the one a restart used (``restart``:
    the first seat); or match 1 not begun, with (``again``) or without (``over``) the
    "again" that starts it."""
    seats, options = playing(variant)
    conn.execute(text("INSERT INTO tables (id, variant, options, seed, until, count, private, owner_id, "
                      "match_no, version, closed, created, keyed_from, leave_to) VALUES "
                      "(:t, :v, :p, :s, 'deals', 2, false, :o, 0, 0, false, :c, 2, 'bot')"),
                 {"t": tid, "v": variant, "p": json.dumps(options), "s": seed, "o": users[0],
                  "c": time.time()})
    for seat, uid in zip(seats, users):
        conn.execute(text("INSERT INTO table_events (table_id, version, type, seat, kind, user_id, created) "
                          "VALUES (:t, 0, 'seat', :s, 'person', :u, :c)"), {"t": tid, "s": seat, "u": uid,
                                                                              "c": time.time()})
    version = 0

    def store(match_no: int, acted: list[tuple[int, str]]) -> None:
        nonlocal version
        for seq, (seat, action) in enumerate(acted):
            version += 1
            conn.execute(text("INSERT INTO actions (table_id, match_no, seq, seat, action, by_bot, version, "
                              "created) VALUES (:t, :m, :q, :s, :a, false, :v, :c)"),
                         {"t": tid, "m": match_no, "q": seq, "s": seat, "a": action, "v": version,
                          "c": time.time()})

    first = new_match(variant, seed=match_seed(seed, 0, 2), until="deals", count=2, **options)
    store(0, play_locally(first))
    record = records.match_record(first)
    conn.execute(text("INSERT INTO records (table_id, match_no, variant, players, record, created) "
                      "VALUES (:t, 0, :v, :p, :r, :c)"),
                 {"t": tid, "v": variant, "p": json.dumps(record["players"]), "r": json.dumps(record),
                  "c": time.time()})
    if kind != "over":
        version += 1
        conn.execute(text("INSERT INTO table_events (table_id, version, type, created) "
                          "VALUES (:t, :v, 'again', :c)"),
                     {"t": tid, "v": version, "c": time.time()})
    first_dealer = 0 if kind == "restart" else first.next_dealer()
    second = new_match(variant, seed=match_seed(seed, 1, 2), until="deals", count=2, dealer=first_dealer,
                       **options)
    if kind in ("live", "restart"):
        store(1, play_locally(second, 2))
    return OldTable(tid, variant, seed, kind, second)


@pytest.fixture
def played(tmp_path: Path) -> Iterator[tuple[str, list[Game], dict[str, OldTable], list[Client]]]:
    """A database with a table of people for every family made now, and two made before
    keyed seeds (one in progress at the upgrade, one between two matches), written in the
    old schema and upgraded."""
    db = f"sqlite:///{tmp_path / 'seeds.sqlite3'}"
    server = Server(db, away=1000, env=ENV)
    try:
        people = [Client(server).guest(f"seat{i}") for i in range(4)]
        games = [make_game(server, v, people) for v in FAMILIES]
    finally:
        server.stop()
    from alembic import command
    from alembic.config import Config

    engine = create_engine(db)  # no foreign keys checked: the downgrade copies the tables' table
    cfg = Config()
    cfg.set_main_option("script_location", str(st.MIGRATIONS))
    old: dict[str, OldTable] = {}  # by id
    with engine.begin() as conn:  # back to the schema before fresh secrets
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, _down_revision())
        users = [c.user["id"] for c in people]
        for k, variant in enumerate(FAMILIES):
            for j, kind in enumerate((("live", "over"), ("restart", "again"))[k % 2]):
                tid = f"old{j}-{variant}"
                old[tid] = write_old_table(conn, tid, variant, users, 1000 + 77 * k + j, kind)
    engine.dispose()
    for tid, t in old.items():
        games.append(Game(t.variant, tid, people[:len(playing(t.variant)[0])], old=True, base=1))
    yield db, games, old, people


def assert_unguessable(g: Game, old: dict[str, OldTable]) -> None:
    """No seed a record of the table shows (the old table's secret among them), nor any
    the old rules derive from one (a fixed step on, a keyed hash of it), deals the hands
    the table's seats hold now (what is left of them)."""
    listed = g.clients[0].get("/api/records", params={"table": g.tid}).json()
    shown = [int(g.clients[0].get(f"/api/records/{r['id']}").json()["seed"]) for r in listed]
    assert shown or not g.old
    now = [frozenset(s.view["hand"]) for s in g.socks]
    assert now and all(now)
    guesses = set()
    for seed in shown + ([old[g.tid].seed] if g.old else []):
        guesses.update((seed + k * STEP) % (1 << 63) for k in range(-2, 4))
        guesses.update(derive_seed(seed, "match", m) for m in range(4))
    options = playing(g.variant)[1]
    for guess in guesses:
        theirs = hands_of(new_match(g.variant, seed=guess, until="deals", count=2, **options))
        assert not any(h <= t for h in now for t in theirs), (g.tid, guess)


def restart(db: str, server: Server | None, people: list[Client], takeover: bool = False) -> Server:
    """Kill the server (-9) and start it again, or (``takeover``) start a second server
    process first and let it take the tables over when the first is killed."""
    if takeover:
        assert server is not None
        second = Server(db, away=1000, env=ENV)
        assert Client(second).get("/api/health").json()["tables"] == 0  # the first holds them
        tables = Client(server).get("/api/health").json()["tables"]
        server.kill()
        deadline = time.monotonic() + 30
        while Client(second).get("/api/health").json()["tables"] < tables:
            assert time.monotonic() < deadline, "the second server never took the tables over"
            time.sleep(0.2)
    else:
        if server is not None:
            server.kill()
        second = Server(db, away=1000, env=ENV)
    for c in people:
        c.move(second)
    return second


def test_every_point_of_a_match_survives_a_restart_and_a_takeover(
        played: tuple[str, list[Game], dict[str, OldTable], list[Client]]) -> None:
    db, games, old, people = played
    server = restart(db, None, people)  # the upgrade
    try:
        # the old tables' matches in progress kept their cards and their first dealer
        for g in games:
            welcome = g.connect()
            if g.old and old[g.tid].kind in ("live", "restart"):
                t = old[g.tid]
                for seat, w in zip(playing(g.variant)[0], welcome):
                    want = observe(t.match1.state, seat).to_json()
                    assert {k: w["view"][k] for k in ("hand", "trick", "calls", "dealer", "played")} == {
                        k: want[k] for k in ("hand", "trick", "calls", "dealer", "played")}, g.tid
        for n, (name, point) in enumerate(POINTS):
            for g in games:
                advance(g, point)
            before = {g.tid: g.snapshot() for g in games}
            if name == "mid-trick":  # the first match begun after the upgrade, where not before
                for g in games:
                    if not (g.old and old[g.tid].kind in ("live", "restart")):
                        assert_unguessable(g, old)
            for g in games:
                g.close()
            server = restart(db, server, people, takeover=name == "between deals")
            for g in games:
                welcome = g.connect()
                after = g.snapshot()
                assert [w["view"] for w in welcome] == before[g.tid]["views"], (name, g.tid)
                assert after == before[g.tid], (name, g.tid)
            # the restarted table plays on from there
            for g in games:
                if n + 1 < len(POINTS):
                    assert g.settle()["version"] == before[g.tid]["v"]
        # the next match of an old table is keyed from its fresh secret: no shown seed, nor
        # any seed the old rules derive from one, deals its hands
        engine = st._engine(db)
        with engine.connect() as conn:
            secrets = {r[0]: int(r[1]) for r in conn.execute(
                text("SELECT id, keyed_secret FROM tables WHERE keyed_secret IS NOT NULL"))}
        engine.dispose()
        for g in games:
            assert_unguessable(g, old)
            if g.old:  # the fresh secret is the old table's, not its shown seed's
                assert secrets[g.tid] != old[g.tid].seed
        # and that secret is in no message, view, table or record anybody was sent
        said = " ".join(m for g in games for s in g.socks for m in s.log)
        for g in games:
            said += g.clients[0].get(f"/api/tables/{g.tid}").text + g.clients[0].get(
                f"/api/tables/{g.tid}/view").text
            for r in g.clients[0].get("/api/records", params={"table": g.tid}).json():
                said += g.clients[0].get(f"/api/records/{r['id']}").text
                said += g.clients[0].get(f"/api/records/{r['id']}/replay").text
        said += people[0].get("/api/tables").text + people[0].get("/api/my/tables").text
        said += people[0].get("/api/my/records").text
        for g in games:
            if g.old:
                assert str(secrets[g.tid]) not in said and hex(secrets[g.tid])[2:] not in said.lower()
        for g in games:
            g.close()
    finally:
        server.stop()


def test_a_table_made_while_the_upkeep_runs_is_opened_once(tmp_path: Path) -> None:
    # the upkeep opens every live table this process does not run yet, every third of the
    # lease: a table being made is one of them until it runs; it must run once, not twice
    server = Server(f"sqlite:///{tmp_path / 'upkeep.sqlite3'}", away=1000,
                    env={"OPENWHIST_LEASE_TTL": "0.05", "OPENWHIST_DEAL_PAUSE": "1000"})
    try:
        people = [Client(server).guest(f"up{i}") for i in range(4)]
        for _ in range(10):
            g = make_game(server, "classic", people)
            seat = people[0].ws(g.tid)
            first = seat.until(lambda m: m["type"] == "welcome")
            seat.close()
            assert first["v"] == 3
        assert people[0].get("/api/health").json()["tables"] == 10
        assert not [line for line in server.output if "Traceback" in line or "IntegrityError" in line]
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def old_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of either kind (PostgreSQL: a throw-away cluster)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'old.sqlite3'}"
        return
    from pg_util import launched_postgres

    for pg in launched_postgres():
        yield pg.url


def test_the_upgrade_keeps_a_match_in_progress_and_gives_a_fresh_secret(old_url: str) -> None:
    from alembic import command
    from alembic.config import Config

    url = st.database_url(old_url)
    engine = create_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(st.MIGRATIONS))
    with engine.begin() as conn:  # the schema before fresh secrets, with old tables in it
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, _down_revision())
        for uid in range(1, 5):
            conn.execute(text("INSERT INTO users (id, name, guest, created) VALUES (:u, :n, true, 0)"),
                         {"u": uid, "n": f"p{uid}"})
        tables = {kind: write_old_table(conn, f"t-{kind}", "classic", [1, 2, 3, 4], 4242, kind)
                  for kind in ("live", "restart", "over", "again")}
    engine.dispose()
    store = st.Store(url)
    try:
        for kind, t in tables.items():
            row = store.call(st.load_table, t.tid)
            assert row["keyed_secret"] is not None and row["keyed_secret"] != t.seed
            previous = records.replay(row["last_record"])
            seed, dealer = match_plan(int(row["keyed_secret"]), row["match_no"], previous, row["plan"])
            if kind in ("live", "restart"):  # the same cards, from the dealer they were played from
                assert (seed, dealer) == (t.match1.seed, t.match1.first_dealer)
                assert row["plan"] == {"seed": t.match1.seed, "dealer": t.match1.first_dealer}
            else:  # not begun: the fresh secret deals it, the deal passing on
                assert row["plan"] is None and dealer == previous.next_dealer()
                assert seed == derive_seed(int(row["keyed_secret"]), "match", 1) != t.match1.seed
    finally:
        store.close()
