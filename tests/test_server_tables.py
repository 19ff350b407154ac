"""Tables as events, closing, the table list's pages and the limit on open tables, against
the real ``openwhist serve`` on a SQLite file."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect, text
from websockets.exceptions import ConnectionClosed

import openwhist
from openwhist.bots import make_bot
from openwhist.server.table import TableRunner
from server_util import Client, Seat, Server


def my_turn(m: dict[str, Any]) -> bool:
    return m.get("type") in ("welcome", "event", "sync", "refused", "table") and bool(
        m.get("view", {}).get("legal"))


def play(seat: Seat, stop: Any, limit: int = 2000) -> dict[str, Any]:
    """Play the first legal action whenever it is this seat's turn, until ``stop(message)``."""
    m = seat.last
    for _ in range(limit):
        if stop(m):
            return m
        if my_turn(m):
            seat.send({"type": "act", "action": m["view"]["legal"][0]})
        m = seat.recv()
    raise AssertionError("did not get there")


def settle(client: Client, tid: str, seats: tuple[Seat, ...]) -> int:
    """Bring every seat's view up to the table's current version, and return that version."""
    v: int = client.get(f"/api/tables/{tid}").json()["version"]
    for seat in seats:
        if seat.last.get("v", -1) < v:
            seat.until(lambda r: r.get("v", -1) >= v)
    return v


def kinds(table: dict[str, Any]) -> list[tuple[str, str | None, str | None]]:
    return [(s["kind"], s["name"], s["pending"]) for s in table["seats"]]


def test_seat_changes_are_versioned_events_and_a_table_is_rebuilt_from_its_events(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'seats.sqlite3'}"
    server = Server(db, bot_pause=0.0, away=600)
    try:
        ann, bob, cy = Client(server).guest("ann"), Client(server).guest("bob"), Client(server).guest("cy")
        table = ann.post("/api/tables", {"variant": "classic",
                                         "seats": ["me", "open", "bot:random", "bot:random"]}).json()
        tid = table["id"]
        a = ann.ws(tid)
        v = a.recv()["v"]
        assert v == 0
        # bob takes the open seat at once: one event, the next version
        assert bob.post(f"/api/tables/{tid}/join", {"seat": "E"}).json()["pending"] is False
        m = a.until(lambda r: r["type"] == "table")
        assert m["v"] == v + 1 and kinds(m["table"])[1] == ("person", "bob", None)
        b = bob.ws(tid)
        b.recv()
        # ann and bob play a few cards with the bots, until the table waits for ann
        played = 0
        for _ in range(500):
            v = settle(ann, tid, (a, b))
            if played >= 12 and a.view.get("legal"):
                break  # the table waits for ann now: nothing moves
            actor = next((s for s in (a, b) if s.view.get("legal")), None)
            if actor is None:  # a bot is to move: its card is the next event
                a.until(lambda r, v=v: r["type"] == "event" and r["v"] > v)
                continue
            actor.send({"type": "act", "action": actor.view["legal"][0]})
            # an action on a view the bots have moved past is refused with the view resent
            if actor.until(lambda r: r["type"] in ("event", "refused"))["type"] == "event":
                played += 1
        else:
            raise AssertionError("the table never came back to ann")
        # cy takes over a bot's seat from the next deal (pending), bob stands up (a bot plays)
        before = ann.get(f"/api/tables/{tid}").json()["version"]
        assert cy.post(f"/api/tables/{tid}/join", {"seat": "S"}).json()["pending"] is True
        assert bob.post(f"/api/tables/{tid}/leave").status_code == 200
        after = ann.get(f"/api/tables/{tid}").json()
        assert after["version"] == before + 2
        assert kinds(after) == [("person", "ann", None), ("bot", None, None), ("bot", None, "cy"),
                                ("bot", None, None)]
        view = ann.get(f"/api/tables/{tid}/view").json()
        server.kill()  # nothing tidied up: what was answered is in the events
    finally:
        server.stop()

    # the database holds no seats, only events: the table is rebuilt by replaying them
    engine = create_engine(db)
    assert "seats" not in inspect(engine).get_table_names()
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT version, type, seat, kind FROM table_events WHERE table_id = :t "
                                 "ORDER BY version, seat"), {"t": tid}).all()
        action_versions = [r[0] for r in conn.execute(
            text("SELECT version FROM actions WHERE table_id = :t ORDER BY seq"), {"t": tid})]
    engine.dispose()
    assert [(r[0], r[2], r[3]) for r in rows[:4]] == [(0, 0, "person"), (0, 1, "open"), (0, 2, "bot"),
                                                      (0, 3, "bot")]
    assert (1, "seat", 1, "person") in rows
    versions = sorted([r[0] for r in rows[4:]] + action_versions)
    assert versions == list(range(1, after["version"] + 1)), "every event has its own version, no gaps"

    again = Server(db, bot_pause=1000, away=1000)
    try:
        ann.move(again)
        back = ann.get(f"/api/tables/{tid}").json()
        assert back["version"] == after["version"] and kinds(back) == kinds(after)
        assert ann.get(f"/api/tables/{tid}/view").json() == view
        w = ann.ws(tid).recv()
        assert w["v"] == after["version"] and w["view"] == view["view"]
    finally:
        again.stop()


def test_the_owner_closes_a_table_for_good(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'close.sqlite3'}"
    server = Server(db, bot_pause=0.0, away=600)
    try:
        ann, bob, eve = Client(server).guest("ann"), Client(server).guest("bob"), Client(server).guest("eve")
        done = ann.post("/api/tables", {"variant": "german-race-7", "private": True,
                                        "seats": ["me", "bot:random"]}).json()
        a = ann.ws(done["id"])
        a.recv()
        play(a, lambda m: "match_over" in m)  # a finished match leaves a record
        a.close()
        table = ann.post("/api/tables", {"variant": "classic", "seats": ["me", "open", "bot", "bot"]}).json()
        tid = table["id"]
        assert bob.post(f"/api/tables/{tid}/join", {}).status_code == 200
        b, watcher = bob.ws(tid), eve.ws(tid)
        b.recv()
        watcher.recv()
        assert bob.post(f"/api/tables/{tid}/close").status_code == 403  # only its owner
        closed = ann.post(f"/api/tables/{tid}/close")
        assert closed.status_code == 200 and closed.json()["closed"] is True
        for s in (b, watcher):
            m = s.until(lambda r: r["type"] == "closed")
            assert m["v"] == closed.json()["v"]
            with pytest.raises(ConnectionClosed):
                s.recv(timeout=5)
        assert ann.get(f"/api/tables/{tid}").status_code == 404
        assert ann.post(f"/api/tables/{tid}/close").status_code == 404
        assert bob.post(f"/api/tables/{tid}/join", {}).status_code == 404
        assert tid not in [t["id"] for t in ann.get("/api/tables").json()]
        assert ann.post(f"/api/tables/{done['id']}/close").status_code == 200
        records = ann.get(f"/api/records?table={done['id']}").json()
        assert len(records) == 1  # a closed table's records stay, for its members only
        assert ann.get(f"/api/records/{records[0]['id']}").status_code == 200
        assert eve.get(f"/api/records/{records[0]['id']}").status_code == 404
        assert eve.get(f"/api/records?table={done['id']}").json() == []
        server.kill()
    finally:
        server.stop()
    again = Server(db, bot_pause=0.0, away=600)
    try:
        ann.move(again)
        assert ann.get(f"/api/tables/{tid}").status_code == 404  # closed stays closed
        assert ann.get("/api/health").json()["tables"] == 0
    finally:
        again.stop()


def test_the_table_list_comes_in_pages_and_a_user_has_few_open_tables(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'pages.sqlite3'}", bot_pause=1000,
                    env={"OPENWHIST_TABLE_LIMIT": "3"})
    try:
        owners = [Client(server).guest(f"o{i}") for i in range(3)]
        made = []
        for owner in owners:
            for _ in range(3):
                made.append(owner.post("/api/tables", {"variant": "classic"}).json()["id"])
        over = owners[0].post("/api/tables", {"variant": "classic"})
        assert over.status_code == 409 and "3 open tables" in over.json()["error"]
        assert owners[0].post("/api/quickplay", {}).status_code == 409
        assert owners[0].post(f"/api/tables/{made[0]}/close").status_code == 200
        made.append(owners[0].post("/api/quickplay", {}).json()["id"])  # room again (a private table)

        viewer = Client(server).guest("v")
        seen, offset = [], 0
        while True:
            page = viewer.get(f"/api/tables?offset={offset}&limit=3")
            assert page.status_code == 200 and page.headers["x-total-count"] == "8"
            seen += [t["id"] for t in page.json()]
            if "link" not in page.headers:
                break
            assert f"offset={offset + 3}&limit=3" in page.headers["link"]
            offset += 3
        assert seen == made[1:9], "oldest first, each public table once, no closed or private one"
        mine = owners[0].get("/api/tables?limit=2").json()
        assert [t["id"] for t in mine] == [made[1], made[2]]  # one's own tables come first
        assert owners[0].get("/api/tables?limit=0").status_code == 422
        assert owners[0].get("/api/tables?limit=201").status_code == 422
    finally:
        server.stop()


def test_a_table_nobody_is_at_finishes_its_match_then_waits_for_a_person(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'idle.sqlite3'}", bot_pause=0.0, away=0.3)
    try:
        ann, bob = Client(server).guest("ann"), Client(server).guest("bob")
        tid = ann.post("/api/tables", {"variant": "classic", "until": "deals", "count": 1,
                                       "seats": ["me"] + ["bot:random"] * 3}).json()["id"]

        def finished(match_no: int) -> int:
            """Wait for the table to reach its match ``match_no``; then nothing moves."""
            deadline = time.monotonic() + 20
            while (t := ann.get(f"/api/tables/{tid}").json())["match_no"] < match_no:
                assert time.monotonic() < deadline, "the match was not played out"
                time.sleep(0.05)
            time.sleep(1.0)  # nothing to await: the table must stay as it is
            after = ann.get(f"/api/tables/{tid}").json()
            assert (after["match_no"], after["version"]) == (match_no, t["version"])
            assert len(ann.get(f"/api/records?table={tid}").json()) == match_no
            return int(t["version"])

        a = ann.ws(tid)
        a.recv()
        play(a, my_turn)
        a.close()                      # ann stays away: a stand-in ends the match, no next one
        v = finished(1)
        a = ann.ws(tid)                # she comes back and asks for the next match
        back = a.recv()
        assert back["v"] == v and back["table"]["state"] == "over"
        a.send({"type": "again"})
        play(a, lambda m: m.get("type") == "event" and m["v"] > v + 3)
        a.close()
        assert ann.post(f"/api/tables/{tid}/leave").status_code == 200   # everybody left
        v = finished(2)
        assert bob.post(f"/api/tables/{tid}/join", {}).json()["pending"] is False
        b = bob.ws(tid)                # a person sits down and asks for a match
        b.recv()
        b.send({"type": "again"})
        play(b, lambda m: m.get("type") == "event" and m["v"] > v + 3)
        b.close()
    finally:
        server.stop()


def test_a_table_keeps_one_bot_per_seat_made_again_when_its_level_changes() -> None:
    hub: Any = SimpleNamespace(settings=SimpleNamespace(stand_in="heuristic"))
    row = {"id": "t", "variant": "classic", "options": "{}", "seed": 7, "until": "deals", "count": 1,
           "private": False, "code": None, "owner_id": 1, "match_no": 0, "version": 0, "created": 0.0,
           "actions": [], "seats": [{"seat": s, "kind": "bot", "user_id": None, "bot": "heuristic",
                                     "pending_user_id": None} for s in range(4)]}
    runner = TableRunner(hub, row, {})
    east = runner.bot_for(1, "heuristic")
    assert runner.bot_for(1, "heuristic") is east               # kept from move to move
    assert runner.bot_for(2, "heuristic") is not east            # never shared between seats
    other = runner.bot_for(1, "random")
    assert other.name == "random"                               # the seat's level changed
    again = runner.bot_for(1, "heuristic")
    assert again is not east and runner.bot_for(1, "heuristic") is again
    # the bots hold nothing that changes their play: a whole deal played by the kept bots
    # is the deal fresh bots play
    deal = runner.deal
    fresh = openwhist.new_deal("classic", seed=deal.seed, dealer=deal.dealer)
    while not deal.is_over():
        seat = deal.controller(deal.to_move)
        action = runner.bot_for(seat, "heuristic").choose(deal.observation(seat))
        assert action == make_bot("heuristic", seed=seat).choose(fresh.observation(seat))
        deal.apply(action)
        fresh.apply(action)
