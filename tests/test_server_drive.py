"""Whist drives through the real server: a director makes a drive, people register, the
rounds are seated and played (computer players in the gaps, and for people away), the
standings equal a recount from the tables' records; duplicate rounds deal the same cards at
every table; every route refuses cleanly what it must (only the director directs, nobody
sees a table of the drive they do not sit at); scorer mode on real cards over three rounds
gives the standings of a hand-worked example and refuses 14 tricks."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from pg_util import launched_postgres
from server_util import Client, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("drives") / "drives.sqlite3"
    s = Server(f"sqlite:///{path}", bot_pause=0.0, away=0.2,
               env={"OPENWHIST_SIGNUP_LIMIT": "1000", "OPENWHIST_DRIVE_LIMIT": "50",
                    "OPENWHIST_DRIVE_RATE": "100"})
    yield s
    s.stop()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def stored(request: pytest.FixtureRequest, server: Server) -> Iterator[Server]:
    """The module's server on SQLite, then one on a throw-away PostgreSQL: for the checks
    whose refusals and kept ratings live in the store."""
    if request.param == "sqlite":
        yield server
        return
    for pg in launched_postgres():
        s = Server(pg.url, bot_pause=0.0, away=0.2,
                   env={"OPENWHIST_SIGNUP_LIMIT": "1000", "OPENWHIST_DRIVE_LIMIT": "50",
                        "OPENWHIST_DRIVE_RATE": "100"})
        try:
            yield s
        finally:
            s.stop()


_n = iter(range(10_000))


def director(server: Server) -> Client:
    c = Client(server)
    assert c.register(f"director{next(_n)}", "a long password").status_code == 201
    return c


def guests(server: Server, k: int) -> list[Client]:
    return [Client(server).guest(f"player{next(_n)}") for _ in range(k)]


def make(d: Client, **kw: Any) -> dict[str, Any]:
    body = {"name": "Friday drive", "family": "classic", "rounds": 2, "deals": 1} | kw
    r = d.post("/api/drives", body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def wait_state(c: Client, did: str, state: str, seconds: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        v: dict[str, Any] = c.get(f"/api/drives/{did}").json()
        if v["state"] == state:
            return v
        assert time.monotonic() < deadline, f"the drive stayed {v['state']} (round {v['round_no']})"
        time.sleep(0.2)


def refused(r: Any, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    assert r.json()["code"] == code, r.text


def test_an_online_drive_from_registration_to_standings_that_equal_a_recount(server: Server) -> None:
    d = director(server)
    drive = make(d, rounds=2, deals=2)
    did = drive["id"]
    assert drive["director"] and drive["state"] == "open" and drive["entries"] == []
    people = guests(server, 5)
    for p in people:
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    view = people[0].get(f"/api/drives/{did}").json()
    assert [e["number"] for e in view["entries"]] == [1, 2, 3, 4, 5] and view["registered"]
    assert not view["director"]
    # the movement printed before it starts: five people at two tables, three computers
    text = d.get(f"/api/drives/{did}/movement").text
    assert "5 people at 2 tables" in text and text.count("computer") >= 3
    started = d.post(f"/api/drives/{did}/start").json()
    assert started["state"] == "running" and started["round_no"] == 1
    mine = people[0].get(f"/api/drives/{did}").json()["you"]
    assert mine["table"] == 1 and mine["seat"] == "N" and mine["partner"][0]["number"] == 3
    assert {o["number"] for o in mine["opponents"]} == {2, None}
    # people away: computer players play for them after the away time; the drive goes on
    done = wait_state(d, did, "finished", 120)
    assert done["round_no"] == 2 and len(done["tables"]) == 4
    assert all(t["deals_done"] == 2 for t in done["tables"])
    # the standings equal a recount from the tables' records: each seat's side's tricks
    recount: dict[int, int] = {}
    for t in done["tables"]:
        records = d.get(f"/api/records?table={t['table_id']}").json()
        assert len(records) == 1
        rec = d.get(f"/api/records/{records[0]['id']}").json()
        for deal in rec["deals"]:
            tricks = deal["result"]["tricks"]
            for i, seat in enumerate(t["seats"]):
                if seat["number"]:
                    recount[seat["number"]] = recount.get(seat["number"], 0) + tricks[i % 2]
    totals = {s["number"]: s["total"] for s in done["standings"]["rows"]}
    assert totals == recount
    # each person's own score card: a line per deal played, its running total the total
    card = people[0].get(f"/api/drives/{did}").json()["card"]
    assert len(card) == 4 and card[-1]["running"] == totals[1] == sum(r["score"] for r in card)
    assert card[0]["partner"] == done["entries"][2]["name"]  # round 1: 1 and 3 partner
    assert all(r["computer_partner"] == (r["partner"] is None) for r in card)
    places = [s["place"] for s in done["standings"]["rows"]]
    assert places == sorted(places)
    # a drive's table plays its round once: nobody starts another match there
    seat = people[0].ws(done["tables"][0]["table_id"])
    seat.recv()
    seat.send({"type": "again"})
    assert seat.until(lambda m: m["type"] == "refused")["code"] == "drive_table"
    seat.close()
    # exports: CSV (standings, then each deal) and a printable page
    text = d.get(f"/api/drives/{did}/results.csv").text
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:3] == ["place", "player", "total"]
    assert {int(r[2]) for r in rows[1:6]} == set(recount.values())
    # a line per deal: 2 rounds x 2 tables x 2 deals
    assert sum(1 for r in rows if r and r[0] in ("1", "2") and len(r) == 12) == 8
    page = Client(server).get(f"/api/drives/{did}/print")
    assert page.status_code == 200 and "<h2>Standings</h2>" in page.text
    assert page.headers["content-security-policy"].startswith("default-src 'none'")
    # the calendar keeps the finished drive (its results page)
    listed = {x["id"]: x for x in Client(server).get("/api/drives").json()}
    assert listed[did]["state"] == "finished" and listed[did]["registered"] == 5


def test_a_drive_table_is_seen_only_by_its_people_and_drive_routes_carry_no_cards(server: Server) -> None:
    d = director(server)
    did = make(d, rounds=1, deals=1, round_minutes=60)["id"]
    ann, bob, cy = guests(server, 3)
    for p in (ann, bob):
        p.post(f"/api/drives/{did}/register")
    d.post(f"/api/drives/{did}/start")
    view = ann.get(f"/api/drives/{did}").json()
    table_id = view["you"]["table_id"]
    assert table_id and view["tables"][0]["table_id"] == table_id
    # an outsider sees the drive, not its table's id, and the table is not his to open
    other = cy.get(f"/api/drives/{did}").json()
    assert all("table_id" not in t for t in other["tables"]) and other["you"] is None
    assert cy.get(f"/api/tables/{table_id}").status_code == 404
    assert cy.get(f"/api/tables/{table_id}/view").status_code == 404
    # no drive route carries a card
    for path in (f"/api/drives/{did}", "/api/drives", f"/api/drives/{did}/results.csv",
                 f"/api/drives/{did}/print"):
        text = ann.get(path).text
        assert '"hand"' not in text and '"hands"' not in text and "turn_up" not in text, path
    assert 3000 <= view["round_ends_in"] <= 3600


def test_duplicate_rounds_deal_the_same_cards_at_every_table(server: Server) -> None:
    d = director(server)
    did = make(d, rounds=1, deals=2, duplicate=True, rank_by="matchpoints")["id"]
    for p in guests(server, 5):
        p.post(f"/api/drives/{did}/register")
    d.post(f"/api/drives/{did}/start")
    done = wait_state(d, did, "finished", 120)
    hands = []
    for t in done["tables"]:
        listed = d.get(f"/api/records?table={t['table_id']}").json()
        rec = d.get(f"/api/records/{listed[0]['id']}").json()
        hands.append([deal["hands"] for deal in rec["deals"]])
    assert len(hands) == 2 and hands[0] == hands[1] and hands[0][0] != hands[0][1]
    st = done["standings"]
    assert st["by"] == "matchpoints" and "matchpoints" in st["tie_break"]
    # two tables, two deals: each person scored 0, 1 or 2 matchpoints a deal
    assert all(0 <= r["matchpoints"] <= 4 for r in st["rows"])


def test_only_the_director_directs_and_every_route_refuses_cleanly(server: Server) -> None:
    d = director(server)
    ann, bob = guests(server, 2)
    refused(ann.post("/api/drives", {"name": "mine"}), 403, "guest_director")
    refused(d.post("/api/drives", {"name": "x", "options": {"dummy": 2}}), 422, "drive_family")
    refused(d.post("/api/drives", {"name": "x", "family": "dummy"}), 422, "drive_family")
    refused(d.post("/api/drives", {"name": "x", "family": "belgian", "movement": "pairs"}), 422,
            "drive_movement")
    refused(d.post("/api/drives", {"name": "x", "rank_by": "matchpoints"}), 422, "matchpoints_duplicate")
    refused(d.post("/api/drives", {"name": "x", "starts_at": 1.0}), 422, "starts_at")
    assert d.post("/api/drives", {"name": "<script>"}).status_code == 422
    assert d.post("/api/drives", {"name": "x", "rounds": 99}).status_code == 422
    assert Client(server).post("/api/drives", {"name": "x"}).status_code == 401
    refused(ann.get("/api/drives/nothing-here"), 404, "no_drive")
    did = make(d, rounds=1, deals=1)["id"]
    refused(d.post(f"/api/drives/{did}/start"), 409, "too_few")
    assert ann.post(f"/api/drives/{did}/register").status_code == 200
    refused(ann.post(f"/api/drives/{did}/register"), 409, "registered")
    refused(bob.post(f"/api/drives/{did}/unregister"), 409, "not_registered")
    refused(ann.post(f"/api/drives/{did}/start"), 403, "not_director")
    refused(ann.post(f"/api/drives/{did}/pause", {"paused": True}), 403, "not_director")
    refused(d.post(f"/api/drives/{did}/pause", {"paused": True}), 409, "drive_state")
    refused(d.post(f"/api/drives/{did}/end-round"), 409, "drive_state")
    refused(d.post(f"/api/drives/{did}/substitute", {"number": 1}), 409, "drive_state")
    refused(ann.post(f"/api/drives/{did}/results", {"table": 1, "deal": 1, "tricks": [7, 6]}), 409,
            "not_scorer")
    bob.post(f"/api/drives/{did}/register")
    assert ann.post(f"/api/drives/{did}/unregister").status_code == 200
    assert [e["number"] for e in d.get(f"/api/drives/{did}").json()["entries"]] == [1]
    ann.post(f"/api/drives/{did}/register")
    refused(d.post(f"/api/drives/{did}/pause", {"paused": False}), 409, "drive_state")
    assert d.post(f"/api/drives/{did}/start").status_code == 200
    # ann is at her table (so that no computer player plays for her and the round goes on)
    seat = ann.ws(ann.get(f"/api/drives/{did}").json()["you"]["table_id"])
    seat.recv()
    refused(d.post(f"/api/drives/{did}/start"), 409, "drive_started")
    refused(ann.post(f"/api/drives/{did}/unregister"), 409, "drive_started")
    refused(Client(server).guest("late").post(f"/api/drives/{did}/register"), 409, "registration_closed")
    refused(ann.post(f"/api/drives/{did}/substitute", {"number": 1}), 403, "not_director")
    refused(d.post(f"/api/drives/{did}/substitute", {"number": 9}), 404, "no_entry")
    # the director replaces bob by a computer player: his seat passes to it at once
    view = d.post(f"/api/drives/{did}/substitute", {"number": 1}).json()
    assert view["entries"][0]["left_round"] == 1
    refused(d.post(f"/api/drives/{did}/substitute", {"number": 1}), 409, "replaced_already")
    table_id = view["tables"][0]["table_id"]
    seats = d.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["kind"] for s in seats].count("person") == 1
    # alone with computer players at a drive's table: still no hint and no take-back
    hint = ann.get(f"/api/tables/{table_id}/hint")
    assert hint.status_code == 403 and "drive" in hint.json()["error"]
    seat.send({"type": "undo"})
    assert seat.until(lambda m: m["type"] == "refused")["code"] == "drive_table"
    # the other person leaves by himself
    assert ann.post(f"/api/drives/{did}/leave").json()["entries"][1]["left_round"] == 1
    seat.close()
    d.post(f"/api/drives/{did}/end-round")
    assert d.get(f"/api/drives/{did}").json()["state"] == "finished"


@pytest.mark.parametrize(("setting", "status", "code"), [("OPENWHIST_DRIVE_LIMIT", 409, "drive_limit"),
                                                      ("OPENWHIST_DRIVE_RATE", 429, "drive_rate")])
def test_a_director_has_a_limited_number_of_drives(tmp_path: Any, setting: str, status: int,
                                                   code: str) -> None:
    s = Server(f"sqlite:///{tmp_path / 'limit.db'}", env={setting: "2"})
    try:
        d = director(s)
        make(d)
        make(d)
        refused(d.post("/api/drives", {"name": "third"}), status, code)
    finally:
        s.stop()


def test_a_drive_takes_at_most_48_people(server: Server) -> None:
    d = director(server)
    did = make(d)["id"]
    for p in guests(server, 48):
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    refused(guests(server, 1)[0].post(f"/api/drives/{did}/register"), 409, "drive_full")
    # the movement for them all: twelve tables of four, no computer player
    assert "48 people at 12 tables, 2 rounds, 0 computer players" in d.get(f"/api/drives/{did}/movement").text


def scorer_drive(server: Server) -> tuple[Client, list[Client], str]:
    d = director(server)
    did = make(d, rounds=3, deals=1, mode="scorer", movement="progressive")["id"]
    people = guests(server, 8)
    for p in people:
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    assert d.post(f"/api/drives/{did}/start").json()["round_no"] == 1
    return d, people, did


def seating(view: dict[str, Any], round_no: int) -> list[list[int]]:
    return [[s["number"] for s in t["seats"]] for t in view["tables"] if t["round"] == round_no]


def test_scorer_mode_three_rounds_at_two_tables_give_the_hand_worked_standings(server: Server) -> None:
    d, people, did = scorer_drive(server)

    def enter(who: Client, table: int, tricks: list[int]) -> Any:
        return who.post(f"/api/drives/{did}/results", {"table": table, "deal": 1, "tricks": tricks})

    # round 1: 1-3 v 2-4 at table 1, 5-7 v 6-8 at table 2 (seats N E S W)
    view = d.get(f"/api/drives/{did}").json()
    assert seating(view, 1) == [[1, 2, 3, 4], [5, 6, 7, 8]]
    refused(enter(people[0], 1, [8, 6]), 422, "bad_entry")          # 14 tricks: refused
    assert "add up to 14" in enter(people[0], 1, [8, 6]).json()["error"]
    refused(enter(people[0], 2, [4, 9]), 403, "not_at_table")       # not his table
    refused(enter(people[0], 3, [4, 9]), 404, "no_drive_table")
    assert enter(people[0], 1, [8, 5]).status_code == 200            # N-S 8, E-W 5
    assert d.get(f"/api/drives/{did}").json()["round_no"] == 1       # table 2 still plays
    d.post(f"/api/drives/{did}/pause", {"paused": True})
    refused(enter(people[4], 2, [4, 9]), 409, "drive_paused")
    d.post(f"/api/drives/{did}/pause", {"paused": False})
    assert enter(people[4], 2, [4, 9]).json()["round_no"] == 2
    # round 2 by hand: at table 1 N-S (1, 3) won and move to table 2; E-W (2, 4) stay and
    # split up, partnering table 2's winners (6, 8) who arrive; at table 2 the losers
    # (5, 7) stay and partner the arrivals
    view = d.get(f"/api/drives/{did}").json()
    assert seating(view, 2) == [[2, 4, 6, 8], [5, 7, 1, 3]]
    assert people[0].get(f"/api/drives/{did}").json()["you"]["table"] == 2
    assert enter(d, 1, [7, 6]).status_code == 200                    # the director may enter
    assert enter(people[0], 2, [10, 3]).json()["round_no"] == 3
    # round 3 by hand: table 1's winners (2, 6) go to table 2, its losers (4, 8) stay;
    # table 2's winners (5, 1) come to table 1, its losers (7, 3) stay; arrivals swap seats
    # in even rounds
    view = d.get(f"/api/drives/{did}").json()
    assert seating(view, 3) == [[4, 8, 1, 5], [7, 3, 6, 2]]
    enter(people[3], 1, [6, 7])
    done = enter(people[6], 2, [9, 4]).json()
    assert done["state"] == "finished"
    # totals by hand (tricks of one's side, three deals):
    #   1: 8+10+6=24  2: 5+7+4=16  3: 8+3+4=15  4: 5+6+6=17
    #   5: 4+10+7=21  6: 9+7+9=25  7: 4+3+9=16  8: 9+6+7=22
    # 2 and 7 tie on total (16), margin (-7) and rounds won (1): they share sixth place
    rows = [(r["place"], r["number"], r["total"]) for r in done["standings"]["rows"]]
    assert rows == [(1, 6, 25), (2, 1, 24), (3, 8, 22), (4, 5, 21), (5, 4, 17), (6, 2, 16), (6, 7, 16),
                    (8, 3, 15)]
    assert {r["number"]: r["rounds"] for r in done["standings"]["rows"]}[1] == [8, 10, 6]
    refused(enter(d, 1, [7, 6]), 409, "drive_state")


def test_scorer_mode_belgian_contracts_are_checked(server: Server) -> None:
    d = director(server)
    did = make(d, family="belgian", movement="individual", rounds=1, deals=2, mode="scorer")["id"]
    people = guests(server, 4)
    for p in people:
        p.post(f"/api/drives/{did}/register")
    d.post(f"/api/drives/{did}/start")

    def enter(deal: int, **kw: Any) -> Any:
        return d.post(f"/api/drives/{did}/results", {"table": 1, "deal": deal} | kw)

    refused(enter(1, contract="pair 9", declarers=["N"], tricks=[9]), 422, "bad_entry")
    refused(enter(1, contract="solo 19", declarers=["N"], tricks=[9]), 422, "bad_entry")
    refused(enter(1, tricks=[7, 6]), 422, "bad_entry")
    ok = enter(1, contract="pair 9", declarers=["N", "S"], tricks=[10]).json()
    assert ok["tables"][0]["deals_done"] == 1
    done = enter(2, contract="pass").json()
    # the pair made 10 of 9: 11 points each for N and S by the grid; nothing when all pass
    assert done["state"] == "finished"
    assert sorted(r["total"] for r in done["standings"]["rows"]) == [0, 0, 11, 11]


def test_a_scheduled_drive_starts_by_itself_at_its_time(tmp_path: Any) -> None:
    # the server's upkeep runs every third of the lease time: here twice a second
    s = Server(f"sqlite:///{tmp_path / 'calendar.db'}", env={"OPENWHIST_LEASE_TTL": "1.5"})
    try:
        d = director(s)
        soon = make(d, rounds=1, deals=1, mode="scorer", starts_at=time.time() + 1.0)
        lonely = make(d, rounds=1, deals=1, mode="scorer", starts_at=time.time() + 1.0)
        for p in guests(s, 4):
            p.post(f"/api/drives/{soon['id']}/register")
        guests(s, 1)[0].post(f"/api/drives/{lonely['id']}/register")
        started = wait_state(d, soon["id"], "running", 10)
        # the round is claimed before its tables are made: a view may come in between
        deadline = time.monotonic() + 10
        while not started["tables"] and time.monotonic() < deadline:
            time.sleep(0.1)
            started = d.get(f"/api/drives/{soon['id']}").json()
        assert started["round_no"] == 1 and len(started["tables"]) == 1
        # one person only: it waits for the director
        assert d.get(f"/api/drives/{lonely['id']}").json()["state"] == "open"
    finally:
        s.stop()


def test_a_duplicate_round_keeps_its_records_until_every_table_has_played(server: Server) -> None:
    d = director(server)
    for _ in range(3):
        did = make(d, rounds=1, deals=1, duplicate=True)["id"]
        people = guests(server, 5)
        for p in people:
            p.post(f"/api/drives/{did}/register")
        d.post(f"/api/drives/{did}/start")
        # number 4 sits at table 2 and is there without playing: table 2 waits for him
        stay = people[3].get(f"/api/drives/{did}").json()["you"]
        assert stay["table"] == 2
        seat = people[3].ws(stay["table_id"])
        seat.recv()
        # on a loaded machine the stand-in (away after 0.2 s here) may have played his deal
        # before he came: then the round is over everywhere, and another drive is tried
        if not d.get(f"/api/records?table={stay['table_id']}").json():
            break
        seat.close()
    else:
        raise AssertionError("table 2 finished before its player came, three times")
    first = people[0].get(f"/api/drives/{did}").json()["you"]["table_id"]
    deadline = time.monotonic() + 60
    while not d.get(f"/api/records?table={first}").json():  # table 1's computer players play
        assert time.monotonic() < deadline
        time.sleep(0.1)
    [listed] = d.get(f"/api/records?table={first}").json()
    # its deal is still played at table 2: hidden from the people at table 1, not the director
    assert people[0].get(f"/api/records?table={first}").json() == []
    refused(people[0].get(f"/api/records/{listed['id']}"), 404, "no_record")
    assert d.get(f"/api/records/{listed['id']}").status_code == 200
    # the director ends the round: the records are everyone's at the table
    d.post(f"/api/drives/{did}/end-round")
    assert people[0].get(f"/api/records/{listed['id']}").status_code == 200
    seat.close()


def test_a_round_whose_time_is_up_ends_and_the_next_is_seated() -> None:
    """The server's upkeep ends the rounds whose time is up (here asked with a clock an hour
    on, on a real store and hub, in scorer mode so that no table is played)."""
    import asyncio

    from openwhist.server.hub import Hub, Settings
    from openwhist.store import Store, create_user
    from openwhist.store.drives import add_entry, create_drive

    async def run() -> list[dict[str, Any]]:
        store = Store("sqlite://")
        hub = Hub(store, Settings(compile_solver=False))
        try:
            ids = [store.call(create_user, None, f"p{k}", None, True) for k in range(5)]
            row = {"id": "d1", "name": "Timed", "family": "classic", "options": "{}",
                   "movement": "progressive", "mode": "scorer", "duplicate": False, "rounds": 2, "deals": 2,
                   "round_minutes": 5, "rated": False, "rank_by": "total", "director_id": ids[0],
                   "starts_at": None, "seed": 7}
            store.call(create_drive, row)
            for uid in ids[1:]:
                store.call(add_entry, "d1", uid, f"p{uid}")
            await hub.drives.start("d1", ids[0])
            await hub.drives.enter("d1", ids[1], 1, 1, {"tricks": [8, 5]})
            seen = [await hub.drives.load("d1")]
            assert await hub.drives.end_overdue(time.time() + 60) == []   # five minutes are not up
            assert await hub.drives.end_overdue(time.time() + 3600) == ["d1"]
            seen.append(await hub.drives.load("d1"))
            paused = await hub.drives.pause("d1", ids[0], True)
            assert await hub.drives.end_overdue(time.time() + 7200) == []  # a paused drive waits
            await asyncio.sleep(1.5)  # the round's clock stands still meanwhile
            going = await hub.drives.pause("d1", ids[0], False)
            assert abs(going["round_ends_in"] - paused["round_ends_in"]) <= 1
            assert await hub.drives.end_overdue(time.time() + 60) == []
            assert await hub.drives.end_overdue(time.time() + 7200) == ["d1"]
            seen.append(await hub.drives.load("d1"))
            return seen
        finally:
            store.close()

    before, after, last = asyncio.run(run())
    assert before["round_no"] == 1 and after["round_no"] == 2 and after["state"] == "running"
    assert len(after["results"]) == 1  # the one deal entered counts; the rest were not played
    assert last["state"] == "finished"


@pytest.mark.parametrize(("family", "movement"), [("german", "progressive"), ("belgian", "individual")])
def test_an_online_drive_of_each_family_is_played_to_its_end(server: Server, family: str,
                                                             movement: str) -> None:
    d = director(server)
    did = make(d, family=family, movement=movement, rounds=2, deals=1)["id"]
    for p in guests(server, 3):
        p.post(f"/api/drives/{did}/register")
    d.post(f"/api/drives/{did}/start")
    done = wait_state(d, did, "finished", 180)
    hands = 2 if family == "german" else 4
    assert all(len(t["seats"]) == hands and t["deals_done"] == 1 for t in done["tables"])
    assert len(done["tables"]) == 2 * (2 if family == "german" else 1)
    rows = done["standings"]["rows"]
    assert sorted(r["number"] for r in rows) == [1, 2, 3] and all(r["deals"] == 2 for r in rows)
    if family == "german":  # each person's tricks of the two deals he played (26 a deal, both phases)
        assert all(0 <= r["total"] <= 52 for r in rows)


def test_a_round_is_seated_once_when_two_ask_at_once() -> None:
    """Two server processes on one database may both find a round over: the round is claimed
    in one statement, so only one seats it (here two seatings at once on one hub)."""
    import asyncio

    from openwhist.server.hub import Hub, Settings
    from openwhist.store import Store, create_user
    from openwhist.store.drives import add_entry, create_drive

    async def run() -> dict[str, Any]:
        store = Store("sqlite://")
        hub = Hub(store, Settings(compile_solver=False))
        try:
            ids = [store.call(create_user, None, f"p{k}", None, True) for k in range(5)]
            store.call(create_drive, {"id": "d2", "name": "Twice", "family": "classic", "options": "{}",
                                      "movement": "individual", "mode": "scorer", "duplicate": False,
                                      "rounds": 3, "deals": 1, "round_minutes": 30, "rated": False,
                                      "rank_by": "total", "director_id": ids[0], "starts_at": None,
                                      "seed": 3})
            for uid in ids[1:]:
                store.call(add_entry, "d2", uid, f"p{uid}")
            await hub.drives.start("d2", ids[0])
            drive = await hub.drives.load_fresh("d2")
            await asyncio.gather(hub.drives._seat_round(drive, 2), hub.drives._seat_round(drive, 2))
            return await hub.drives.load_fresh("d2")
        finally:
            store.close()

    drive = asyncio.run(run())
    assert drive["round_no"] == 2
    assert [(t["round_no"], t["table_no"]) for t in drive["tables"]] == [(1, 1), (2, 1)]


# --- fair to duplicate boards: nothing of a board reaches anyone who still has to play it ---


def member(server: Server) -> Client:
    c = Client(server)
    assert c.register(f"member{next(_n)}", "a long password").status_code == 201
    return c


def record_ids(server: Server, table_id: str) -> list[int]:
    """The records the server stored for a table, read from its database (what a hostile
    client would guess, the ids being numbers)."""
    engine = create_engine(server.database)
    try:
        with engine.connect() as db:
            rows = db.execute(text("select id from records where table_id = :t"), {"t": table_id})
            return [r[0] for r in rows]
    finally:
        engine.dispose()


def shows_no_result(view: dict[str, Any]) -> bool:
    return all(r["deals"] == 0 and r["total"] == 0 for r in view["standings"]["rows"])


def test_a_director_who_plays_sees_nothing_of_a_board_he_still_has_to_play(stored: Server) -> None:
    server = stored
    from websockets.exceptions import ConnectionClosed

    d = director(server)
    did = make(d, rounds=1, deals=1, duplicate=True, round_minutes=60)["id"]
    ann, bob, cy = member(server), member(server), member(server)   # table 1, with a computer player
    late = guests(server, 1)[0]
    for p in (ann, bob, cy, d, late):                                # the director is number 4: table 2
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    d.post(f"/api/drives/{did}/start")
    mine = d.get(f"/api/drives/{did}").json()
    assert mine["you"]["table"] == 2 and mine["director"]
    seat = d.ws(mine["you"]["table_id"])                            # he sits there and does not play yet
    seat.recv()
    first = ann.get(f"/api/drives/{did}").json()["you"]["table_id"]  # table 1's id, passed to him
    deadline = time.monotonic() + 60
    while ann.get(f"/api/drives/{did}").json()["tables"][0]["deals_done"] < 1:  # its computers play
        assert time.monotonic() < deadline
        time.sleep(0.1)
    [rec] = record_ids(server, first)
    # the director still has the board to play: no id, no table, no view, no socket, no record
    assert "table_id" not in d.get(f"/api/drives/{did}").json()["tables"][0]
    refused(d.get(f"/api/tables/{first}"), 403, "drive_board_unplayed")
    refused(d.get(f"/api/tables/{first}/view"), 403, "drive_board_unplayed")
    refused(d.post(f"/api/tables/{first}/join", {}), 409, "drive_table")
    watch = d.ws(first)
    said = watch.recv()
    assert said["type"] == "error" and said["code"] == "drive_board_unplayed" and "hand" not in said
    with pytest.raises(ConnectionClosed):
        watch.recv(timeout=5)
    assert watch.ws.close_code == 4409
    assert first not in {t["id"] for t in d.get("/api/tables").json()}
    assert first not in {t["id"] for t in d.get("/api/my/tables").json()}
    assert d.get(f"/api/records?table={first}").json() == []
    assert rec not in {r["id"] for r in d.get("/api/records").json()}
    for path in (f"/api/records/{rec}", f"/api/records/{rec}/pbn", f"/api/records/{rec}/replay"):
        refused(d.get(path), 404, "no_record")
    # nor does the result: the standings, CSV and print page, for him, for the people who
    # played it at table 1, for a spectator and for nobody
    for who in (d, ann, guests(server, 1)[0], Client(server)):
        assert shows_no_result(who.get(f"/api/drives/{did}").json())
        text = who.get(f"/api/drives/{did}/results.csv").text
        assert not [r for r in csv.reader(io.StringIO(text)) if len(r) == 12 and r[0] == "1"]
        assert "<td><strong>0</strong></td>" in who.get(f"/api/drives/{did}/print").text
    assert ann.get(f"/api/drives/{did}").json()["card"][0]["table"] == 1   # his own score card
    # nor a rating change: table 1's people's profiles wait
    ids = [p.get("/api/me").json()["user"]["id"] for p in (ann, bob, cy)]
    for uid in ids:
        profile = late.get(f"/api/players/{uid}").json()
        assert profile["history"] == [] and profile["ratings"] == []
    assert all(r["user_id"] not in ids for r in late.get("/api/ratings/classic").json())
    # he plays his board: then it is over everywhere and everything is shown as before
    m = seat.last
    for n in range(400):
        if "match_over" in m:
            break
        if m.get("view", {}).get("legal"):
            seat.send({"type": "act", "action": m["view"]["legal"][0], "ref": n})
        m = seat.recv(timeout=30)
    seat.close()
    done = wait_state(d, did, "finished", 60)
    assert all(r["deals"] == 1 for r in done["standings"]["rows"])
    assert done["tables"][0]["table_id"] == first
    assert d.get(f"/api/records/{rec}").status_code == 200
    assert ann.get(f"/api/records/{rec}").status_code == 200
    assert all(r["deals"] == 1 for r in Client(server).get(f"/api/drives/{did}").json()["standings"]["rows"])
    deadline = time.monotonic() + 30
    while not late.get(f"/api/players/{ids[0]}").json()["history"]:
        assert time.monotonic() < deadline, "the rating change was never applied"
        time.sleep(0.2)
    assert [h["record_id"] for h in late.get(f"/api/players/{ids[0]}").json()["history"]] == [rec]


def test_a_scorer_drives_duplicate_results_wait_for_every_table(server: Server) -> None:
    d = director(server)
    did = make(d, rounds=1, deals=1, duplicate=True, mode="scorer")["id"]
    people = guests(server, 8)
    for p in people:
        p.post(f"/api/drives/{did}/register")
    d.post(f"/api/drives/{did}/start")
    entered = people[0].post(f"/api/drives/{did}/results", {"table": 1, "deal": 1, "tricks": [8, 5]})
    assert entered.status_code == 200 and shows_no_result(entered.json())
    # table 2 still plays the board: nobody but the director sees table 1's result
    for who in (*people, guests(server, 1)[0], Client(server)):
        assert shows_no_result(who.get(f"/api/drives/{did}").json())
        text = who.get(f"/api/drives/{did}/results.csv").text
        assert not [r for r in csv.reader(io.StringIO(text)) if len(r) == 12 and r[0] == "1"]
    assert {r["total"] for r in d.get(f"/api/drives/{did}").json()["standings"]["rows"]} == {0, 5, 8}
    people[5].post(f"/api/drives/{did}/results", {"table": 2, "deal": 1, "tricks": [6, 7]})
    shown = Client(server).get(f"/api/drives/{did}").json()["standings"]["rows"]
    assert sorted(r["total"] for r in shown) == [5, 5, 6, 6, 7, 7, 8, 8]


def test_the_director_removes_entries_before_the_start_and_not_after(stored: Server) -> None:
    server = stored
    d = director(server)
    did = make(d)["id"]
    squatters = guests(server, 48)
    for p in squatters:
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    refused(squatters[0].post(f"/api/drives/{did}/remove", {"number": 2}), 403, "not_director")
    assert Client(server).post(f"/api/drives/{did}/remove", {"number": 2}).status_code == 401
    refused(d.post(f"/api/drives/{did}/remove", {"number": 49}), 404, "no_entry")
    assert len(d.get(f"/api/drives/{did}").json()["entries"]) == 48
    for _ in range(46):
        assert d.post(f"/api/drives/{did}/remove", {"number": 1}).status_code == 200
    view = d.get(f"/api/drives/{did}").json()
    assert [e["number"] for e in view["entries"]] == [1, 2]
    kept = [p.get("/api/me").json()["user"]["name"] for p in squatters[46:]]
    assert [e["name"] for e in view["entries"]] == kept
    ann = member(server)
    assert ann.post(f"/api/drives/{did}/register").json()["registered"]
    d.post(f"/api/drives/{did}/start")
    refused(d.post(f"/api/drives/{did}/remove", {"number": 3}), 409, "remove_started")
    assert len(d.get(f"/api/drives/{did}").json()["entries"]) == 3


def test_a_scorer_entry_is_changed_only_by_its_side_and_not_by_one_who_left(stored: Server) -> None:
    server = stored
    d, people, did = scorer_drive(server)   # table 1: 1 N, 2 E, 3 S, 4 W; table 2: 5 to 8

    def enter(who: Client, tricks: list[int]) -> Any:
        return who.post(f"/api/drives/{did}/results", {"table": 1, "deal": 1, "tricks": tricks})

    def totals() -> dict[int, int]:
        return {r["number"]: r["total"] for r in d.get(f"/api/drives/{did}").json()["standings"]["rows"]}

    assert enter(people[0], [8, 5]).status_code == 200                 # N enters
    refused(enter(people[1], [5, 8]), 403, "entry_other_side")          # E-W may not overwrite
    refused(enter(people[3], [5, 8]), 403, "entry_other_side")
    assert totals()[1] == 8 and totals()[2] == 5
    assert enter(people[2], [7, 6]).status_code == 200                  # S, N's partner, corrects
    assert enter(d, [9, 4]).status_code == 200                          # the director may
    refused(enter(people[0], [8, 5]), 403, "entry_other_side")          # the director's entry stands
    assert totals()[1] == 9
    # a person who left enters nothing, at his table or for a deal still to enter
    people[4].post(f"/api/drives/{did}/leave")
    refused(people[4].post(f"/api/drives/{did}/results", {"table": 2, "deal": 1, "tricks": [6, 7]}), 403,
            "drive_left")
    assert d.get(f"/api/drives/{did}").json()["tables"][1]["deals_done"] == 0
    ok = people[5].post(f"/api/drives/{did}/results", {"table": 2, "deal": 1, "tricks": [6, 7]})
    assert ok.status_code == 200


def test_an_online_drive_of_ten_each_for_himself_at_tables_of_five(server: Server) -> None:
    """Ten people, two rounds at two tables of five (the players option), each for himself:
    the individual movement seats everyone (no computer players, nobody sits out) and
    mixes the tables; computer players play for the people away; each person's total is
    the sum of his own points in the tables' records."""
    d = director(server)
    did = make(d, family="romanian", options={"players": 5}, movement="individual",
               rounds=2, deals=2)["id"]
    people = guests(server, 10)
    for p in people:
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    text = d.get(f"/api/drives/{did}/movement").text
    assert "10 people at 2 tables" in text and "computer" not in text.split("\n", 1)[1]
    d.post(f"/api/drives/{did}/start")
    done = wait_state(d, did, "finished", 240)
    assert len(done["tables"]) == 4
    assert all(len(t["seats"]) == 5 and t["deals_done"] == 2 for t in done["tables"])
    met: dict[frozenset[int], int] = {}
    for round_no in (1, 2):
        seated = [[s["number"] for s in t["seats"]] for t in done["tables"] if t["round"] == round_no]
        assert sorted(n for table in seated for n in table) == list(range(1, 11))
        for table in seated:
            for a in table:
                for b in table:
                    if a < b:
                        met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    assert max(met.values()) == 2 and len(met) > 20  # the second round mixes the tables
    recount: dict[int, int] = {}
    for t in done["tables"]:
        records = d.get(f"/api/records?table={t['table_id']}").json()
        assert len(records) == 1
        rec = d.get(f"/api/records/{records[0]['id']}").json()
        assert len(rec["deals"]) == 2
        for deal in rec["deals"]:
            points = deal["result"]["points"]
            assert len(points) == 5
            for i, seat in enumerate(t["seats"]):
                recount[seat["number"]] = recount.get(seat["number"], 0) + points[i]
    rows = done["standings"]["rows"]
    assert all(r["deals"] == 4 for r in rows)
    assert {r["number"]: r["total"] for r in rows} == recount
    totals = sorted((r["total"] for r in rows), reverse=True)
    assert [r["total"] for r in rows] == totals


def test_scorer_mode_romanian_bids_and_tricks_with_streaks_and_a_bye(server: Server) -> None:
    """A club evening of Romanian whist on real cards: four people at a table of three
    (one sits out each round), each deal's bids and tricks entered; the hand size comes
    from the schedule (8-1-8: three deals of 8), the dealer's barred bid, tricks that do
    not add up and a deal entered too early are refused with their codes; a deal entered
    again scores the later deals' streaks again; the standings rank by points per deal
    played, scaled, and say so (worked by hand below)."""
    d = director(server)
    did = make(d, family="romanian", options={"players": 3, "schedule": "max-1-max", "streak": 2},
               movement="individual", rounds=2, deals=3, mode="scorer")["id"]
    people = guests(server, 4)
    for p in people:
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    d.post(f"/api/drives/{did}/start")

    def enter(who: Client, deal: int, bids: list[int], tricks: list[int]) -> Any:
        return who.post(f"/api/drives/{did}/results",
                        {"table": 1, "deal": deal, "bids": bids, "tricks": tricks})

    assert seating(d.get(f"/api/drives/{did}").json(), 1) == [[1, 2, 3]]           # 4 sits out
    barred = enter(people[0], 1, [3, 2, 3], [3, 2, 3])     # N deals deal 1: 3 would make 8
    refused(barred, 422, "entry_barred")
    assert barred.json()["values"] == {"seat": "N", "bid": 3, "cards": 8, "deal": 1}
    refused(enter(people[0], 1, [2, 2, 3], [3, 2, 2]), 422, "entry_tricks_sum")
    refused(enter(people[0], 1, [2, 2], [3, 5]), 422, "entry_seats")
    refused(enter(people[0], 1, [2, 9, 3], [3, 2, 3]), 422, "entry_number")
    refused(enter(people[0], 2, [1, 3, 3], [1, 4, 3]), 422, "entry_order")
    # deal 1: N 2/2 = 7, E 2/3 = -1, S 3/3 = 8; deal 2: N 1/1 = 6 + 10 (two exact in a
    # row), E 3/4 = -1 - 10 (two misses in a row), S 3/3 = 8 + 10
    assert enter(people[0], 1, [2, 2, 3], [2, 3, 3]).status_code == 200
    assert enter(people[1], 2, [1, 3, 3], [1, 4, 3]).status_code == 200
    scores = {r["number"]: r["total"] for r in d.get(f"/api/drives/{did}").json()["standings"]["rows"]}
    assert scores == {1: 23, 2: -12, 3: 26, 4: 0}
    # deal 1 again, N now missing (3 tricks for 2): N -1, E 7, S 8; deal 2 scored again
    # from its entry: N 6 (no streak), E -1 (no streak), S 18
    assert enter(people[0], 1, [2, 2, 3], [3, 2, 3]).status_code == 200
    scores = {r["number"]: r["total"] for r in d.get(f"/api/drives/{did}").json()["standings"]["rows"]}
    assert scores == {1: 5, 2: 6, 3: 26, 4: 0}
    # deal 3 (S deals): N 0/0 = 5 + 10, E 4/5 = -1 - 10, S 3/3 = 8 (a third exact bid in a
    # row scores no second bonus)
    done = enter(people[2], 3, [0, 4, 3], [0, 5, 3]).json()
    assert done["round_no"] == 2
    # round 2 (the streaks start again at each round's table): 4, 3, 2 at N, E, S; 1 sits out
    assert seating(done, 2) == [[4, 3, 2]]
    enter(people[3], 1, [3, 3, 3], [3, 3, 2])             # 8, 8, -1
    enter(people[3], 2, [0, 0, 0], [8, 0, 0])             # -8, 5 + 10, 5
    done = enter(people[3], 3, [7, 0, 0], [7, 1, 0]).json()  # 12, -1, 5 + 10
    assert done["state"] == "finished"
    # totals: 1: -1 + 6 + 15 = 20 in 3 deals; 2: 7 - 1 - 11 + (-1 + 5 + 15) = 14 in 6;
    # 3: 8 + 18 + 8 + (8 + 15 - 1) = 56 in 6; 4: 8 - 8 + 12 = 12 in 3.  Scaled to 6
    # deals: 1 has 40.0 and 4 has 24.0, so 4 ranks above 2 (14 in 6 deals), whose total
    # is higher
    st = done["standings"]
    assert [(r["number"], r["total"], r["deals"], r["scaled"]) for r in st["rows"]] == [
        (3, 56, 6, 56.0), (1, 20, 3, 40.0), (4, 12, 3, 24.0), (2, 14, 6, 14.0)]
    assert "per deal played" in st["scaling"]
    lines = list(csv.reader(io.StringIO(d.get(f"/api/drives/{did}/results.csv").text)))
    assert lines[0][-1] == "scaled" and lines[2][2:3] == ["20"] and lines[2][-1] == "40.0"
    assert any("per deal played" in " ".join(x) for x in lines[:7])
    assert "Scaled" in d.get(f"/api/drives/{did}/print").text
