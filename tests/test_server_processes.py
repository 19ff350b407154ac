"""Several server processes on one database and a real Redis (Debian's ``redis-server``):
people whose requests and sockets reach either process play at one table; one process is
killed (SIGKILL) in the middle of a deal and the match finishes on the other, every card
and score the same as without the kill."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from openwhist import new_match
from openwhist.server.table import match_seed
from openwhist.store import Store, load_table, table_events
from redis_util import Redis, find_or_install
from server_util import Client, Seat, Server


@pytest.fixture(scope="module")
def redis() -> Iterator[Redis]:
    program, why = find_or_install()
    if program is None:
        pytest.skip(why)
    server = Redis()
    try:
        yield server
    finally:
        server.stop()


def _servers(db: str, redis: Redis) -> tuple[Server, Server]:
    env = {"OPENWHIST_REDIS_URL": redis.url}
    return Server(db, away=600, env=env), Server(db, away=600, env=env)


def _people(servers: list[Server], n: int = 4) -> list[Client]:
    """``n`` guests, the i-th talking to ``servers[i % len(servers)]``."""
    return [Client(servers[i % len(servers)]).guest(f"p{i}") for i in range(n)]


def _table(people: list[Client], deals: int) -> str:
    """A table of four people made by the first and joined by the others (each through
    his own process)."""
    t = people[0].post("/api/tables", {"variant": "classic", "until": "deals", "count": deals,
                                       "seats": ["me", "open", "open", "open"]})
    assert t.status_code == 201, t.text
    table_id: str = t.json()["id"]
    for seat, person in zip("ESW", people[1:], strict=True):
        r = person.post(f"/api/tables/{table_id}/join", {"seat": seat})
        assert r.status_code == 200, r.text
    return table_id


def _connect(people: list[Client], table_id: str) -> tuple[list[Seat], list[dict[str, Any]]]:
    seats = [p.ws(table_id) for p in people]
    welcomes = [s.recv() for s in seats]
    assert [w["type"] for w in welcomes] == ["welcome"] * 4
    assert [w["seat"] for w in welcomes] == ["N", "E", "S", "W"]
    return seats, welcomes


def _play(seats: list[Seat], views: list[dict[str, Any]], played: list[str], steps: int,
          n: int) -> dict[str, Any] | None:
    """Whoever may act plays his first legal action, ``steps`` times or until the match is
    over (returns the event that ended it); every socket reads up to each event."""
    for _ in range(steps):
        actor = next((i for i, v in enumerate(views) if v["legal"]), None)
        if actor is None:  # a deal is over: everyone is ready for the next
            for seat in seats:
                seat.send({"type": "ready"})
            for i, seat in enumerate(seats):
                views[i] = seat.until(lambda m: "view" in m and m["view"]["tricks"] == [])["view"]
            continue
        action = views[actor]["legal"][0]
        n += 1
        seats[actor].send({"type": "act", "action": action, "ref": n})
        event = seats[actor].until(lambda m, n=n: m.get("ref") == n)
        assert event["type"] == "event", event
        played.append(action)
        for i, seat in enumerate(seats):
            m = event if i == actor else seat.until(lambda m, v=event["v"]: m.get("v", 0) >= v)
            assert m["v"] == event["v"]
            views[i] = m["view"]
        if "match_over" in event:
            return event
    return None


def _replayed(db: str, table_id: str) -> tuple[list[str], Any]:
    """The table's match played again from its seed, with every seat playing its first
    legal action (as the people did): its actions and the match."""
    store = Store(db)
    try:
        row = store.call(load_table, table_id)
        events = store.call(table_events, table_id)
    finally:
        store.close()
    assert row is not None
    stored = [e["action"] for e in events if e["type"] == "action" and e["match_no"] == 0]
    match = new_match(row["variant"], seed=match_seed(row["seed"], 0, row["keyed_from"]),
                      until=row["until"], count=row["count"], **json.loads(row["options"]))
    actions: list[str] = []
    while not match.is_over():
        deal = match.state
        legal = deal.observation(deal.controller(deal.to_move)).to_json()["legal"]
        actions.append(legal[0])
        match.apply(legal[0])
    assert stored == actions
    return actions, match


def test_people_on_two_processes_play_one_table(tmp_path: Path, redis: Redis) -> None:
    db = f"sqlite:///{tmp_path / 'two.sqlite3'}"
    a, b = _servers(db, redis)
    try:
        people = _people([a, b])
        table_id = _table(people, deals=1)
        # a table's requests answer on either process
        for person in people:
            info = person.get(f"/api/tables/{table_id}").json()
            assert [s["name"] for s in info["seats"]] == ["p0", "p1", "p2", "p3"]
        seats, welcomes = _connect(people, table_id)
        # each seat sees its own hand only, wherever its socket is
        hands = [w["view"]["hand"] for w in welcomes]
        assert all(len(h) == 13 for h in hands) and len({c for h in hands for c in h}) == 52
        played: list[str] = []
        over = _play(seats, [w["view"] for w in welcomes], played, 200, 0)
        assert over is not None
        for s in seats:
            s.close()
    finally:
        a.stop()
        b.stop()
    actions, match = _replayed(db, table_id)
    assert played == actions
    assert over["match_over"]["summary"] == json.loads(json.dumps(match.summary()))


def test_kill_minus_9_of_a_process_mid_deal(tmp_path: Path, redis: Redis) -> None:
    db = f"sqlite:///{tmp_path / 'kill.sqlite3'}"
    a, b = _servers(db, redis)
    try:
        people = _people([a, b])
        table_id = _table(people, deals=2)  # made on a: a runs it, b relays to it
        seats, welcomes = _connect(people, table_id)
        views = [w["view"] for w in welcomes]
        played: list[str] = []
        assert _play(seats, views, played, 22, 0) is None  # the middle of the first deal's 6th trick
        assert views[0]["trick"]
        a.kill()
        for seat in seats:  # every socket ends: a's with a's death, b's closed by b (1012)
            with pytest.raises(Exception):  # noqa: B017, PT011
                seat.until(lambda m: False, timeout=30)
        for person in people:
            person.move(b)
        seats, welcomes = _connect(people, table_id)  # b has taken the table over
        # nothing lost, nothing doubled: each seat sees what it saw before the kill
        assert [w["view"] for w in welcomes] == views
        over = _play(seats, [w["view"] for w in welcomes], played, 400, 100)
        assert over is not None
        for s in seats:
            s.close()
    finally:
        a.stop()
        b.stop()
    actions, match = _replayed(db, table_id)
    assert played == actions  # every card as a match without the kill plays it
    assert over["match_over"]["summary"] == json.loads(json.dumps(match.summary()))


def test_the_lobby_ones_tables_and_codes_span_the_processes(tmp_path: Path, redis: Redis) -> None:
    """A table made on one process is in the lobby, in its people's tables and found by its
    code when asked of the other."""
    db = f"sqlite:///{tmp_path / 'lobby.sqlite3'}"
    a, b = _servers(db, redis)
    try:
        ann, bob = Client(a).guest("ann"), Client(b).guest("bob")
        public = ann.post("/api/tables", {"variant": "classic", "seats": ["me", "open", "bot:random",
                                                                           "bot:random"]}).json()
        private = ann.post("/api/tables", {"variant": "german", "private": True,
                                           "seats": ["me", "open"]}).json()
        mine_b = bob.post("/api/tables", {"variant": "classic",
                                          "seats": ["me", "open", "open", "open"]}).json()
        assert Client(a).get("/api/health").json()["tables"] == 2  # each table runs on one process
        lobby = bob.get("/api/tables")
        listed = [t["id"] for t in lobby.json()]
        assert listed == [mine_b["id"], public["id"]]  # his own first, then the public one; never the private
        assert lobby.headers["x-total-count"] == "2"
        page = bob.get("/api/tables", params={"limit": 1})
        assert [t["id"] for t in page.json()] == [mine_b["id"]] and "offset=1" in page.headers["link"]
        assert bob.get("/api/tables", params={"limit": 0}).status_code == 422  # the route's own check
        assert "code" not in next(t for t in lobby.json() if t["id"] == public["id"])
        # a code given to him finds the table on the other process, and it is then his
        joined = bob.post("/api/join", {"code": private["code"]})
        assert joined.status_code == 200, joined.text
        mine = [t["id"] for t in bob.get("/api/my/tables").json()]
        assert mine == [mine_b["id"], private["id"]]  # newest first
        assert bob.post("/api/join", {"code": "ZZZZZZ"}).status_code == 404
        # and the owner, asking the other process, sees his two first
        assert [t["id"] for t in ann.move(b).get("/api/tables").json()][:2] == [public["id"], private["id"]]
    finally:
        a.stop()
        b.stop()
