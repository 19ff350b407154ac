"""A table for friends and computer players, through the real server: seats one by one,
leaving, the pause between deals, the end of a match and the next, the deal passing on
(every variant, quick play included), a time per move, take-back, claims and table talk."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from openwhist import records, variants
from server_util import Client, Seat, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("friends") / "play.sqlite3"
    s = Server(f"sqlite:///{path}", bot_pause=0.0, away=600)
    yield s
    s.stop()


def act_until(seat: Seat, stop: Any, limit: int = 3000) -> dict[str, Any]:
    """Play the first legal action whenever it is this seat's turn until ``stop(message)``."""
    m = seat.last
    for n in range(limit):
        if stop(m):
            return m
        if m.get("type") != "said" and m.get("view", {}).get("legal"):
            seat.send({"type": "act", "action": m["view"]["legal"][0], "ref": n})
        m = seat.recv()
    raise AssertionError("did not get there")


def test_seats_one_by_one_and_who_the_table_waits_for(server: Server) -> None:
    ann, bob = Client(server).guest("ann"), Client(server).guest("bob")
    t = ann.post("/api/tables", {"variant": "classic", "seats": ["me", "open", "bot:random", "bot:random"],
                                 "leave_to": "open"}).json()
    assert t["state"] == "waiting" and t["waiting_for"] == ["E"] and t["leave_to"] == "open"
    tid = t["id"]
    changed = ann.post(f"/api/tables/{tid}/seat", {"seat": "W", "spec": "open"}).json()
    assert changed["table"]["waiting_for"] == ["E", "W"]
    assert bob.post(f"/api/tables/{tid}/seat", {"seat": "W", "spec": "bot:random"}).status_code == 403
    assert ann.post(f"/api/tables/{tid}/seat", {"seat": "N", "spec": "open"}).json()["code"] == "seat_taken"
    a = ann.ws(tid)
    assert a.recv()["view"]["legal"] == []  # nobody plays while a seat is open
    a.send({"type": "act", "action": "2C"})
    assert a.until(lambda m: m["type"] == "refused")["code"] == "waiting"
    assert bob.post(f"/api/tables/{tid}/join", {"seat": "E"}).json()["seat"] == "E"
    ann.post(f"/api/tables/{tid}/seat", {"seat": "W", "spec": "bot:random"})
    b = bob.ws(tid)
    b.recv()
    assert bob.get(f"/api/tables/{tid}").json()["state"] == "playing"
    assert tid in [x["id"] for x in bob.get("/api/my/tables").json()]
    # the first action fixes the seats; a leaver's seat becomes open, as the owner chose
    actor = a if a.view.get("legal") else b
    actor.send({"type": "act", "action": actor.view["legal"][0]})
    actor.until(lambda m: m["type"] == "event")
    refused = ann.post(f"/api/tables/{tid}/seat", {"seat": "S", "spec": "open"})
    assert refused.status_code == 409 and refused.json()["code"] == "match_started"
    assert bob.post(f"/api/tables/{tid}/leave").json() == {"seat": "E"}
    left = ann.get(f"/api/tables/{tid}").json()
    assert left["state"] == "waiting" and left["waiting_for"] == ["E"]
    a.close()
    b.close()


def _dealers(rec: dict[str, Any]) -> list[str]:
    return [d["dealer"] for d in rec["deals"]]


@pytest.mark.parametrize("variant", variants())
def test_the_deal_passes_on_every_deal_and_from_match_to_match(server: Server, variant: str) -> None:
    me = Client(server).guest("dee")
    t = me.post("/api/quickplay", {"variant": variant, "bot": "random", "until": "deals", "count": 2}).json()
    seat = me.ws(t["id"])
    seat.recv()
    act_until(seat, lambda m: "match_over" in m)
    seat.send({"type": "again"})
    nxt = seat.until(lambda m: m["type"] == "table")
    seat.close()
    rec = me.get(f"/api/records/{me.get('/api/records', params={'table': t['id']}).json()[0]['id']}").json()
    finished = records.replay(rec)
    dealers = _dealers(rec)
    assert len(dealers) == 2
    if dealers[0] == dealers[1]:  # Belgian whist: the same dealer after a deal all passed
        assert variant == "belgian"
    assert nxt["view"]["dealer"] == "NESW"[finished.next_dealer()] and nxt["table"]["match_no"] == 1


def test_the_pause_between_deals_waits_for_every_person(tmp_path: Path) -> None:
    s = Server(f"sqlite:///{tmp_path / 'pause.sqlite3'}", env={"OPENWHIST_DEAL_PAUSE": "30"})
    try:
        ann, bob = Client(s).guest("ann"), Client(s).guest("bob")
        tid = ann.post("/api/tables", {"variant": "german", "seats": ["me", "open"]}).json()["id"]
        bob.post(f"/api/tables/{tid}/join", {})
        a, b = ann.ws(tid), bob.ws(tid)
        a.recv()
        b.recv()
        for _ in range(200):  # two people play a deal
            actor = a if a.view.get("legal") else b
            actor.send({"type": "act", "action": actor.view["legal"][0]})
            ends = [x.until(lambda m: m["type"] == "event") for x in (a, b)]
            if "deal_over" in ends[0]:
                break
        assert ends[0]["view"]["legal"] == [] and ends[1]["view"]["legal"] == []
        assert ann.get(f"/api/tables/{tid}").json()["state"] == "pause"
        a.send({"type": "act", "action": "2C"})
        assert a.until(lambda m: m["type"] == "refused")["code"] == "paused"
        a.send({"type": "ready"})
        assert b.until(lambda m: m["type"] == "table")["table"]["ready"] == ["N"]
        b.send({"type": "ready"})
        go = a.until(lambda m: m["type"] == "table" and m["table"]["state"] == "playing")
        assert len(go["view"]["hand"]) == 13
        a.close()
        b.close()
    finally:
        s.stop()


def test_a_person_out_of_time_is_played_for(tmp_path: Path) -> None:
    s = Server(f"sqlite:///{tmp_path / 'time.sqlite3'}")
    try:
        me = Client(s).guest("slow")
        t = me.post("/api/tables", {"variant": "german", "seats": ["me", "bot:random"],
                                    "move_time": 10}).json()
        assert me.post("/api/tables", {"variant": "german", "private": True, "move_time": 10}).json()[
            "code"] == "move_time_private"
        seat = me.ws(t["id"])
        m = seat.recv()
        while not m.get("view", {}).get("legal"):
            m = seat.recv()
        start = time.monotonic()
        assert 0 < me.get(f"/api/tables/{t['id']}").json()["turn_ends_in"] <= 10
        auto = seat.until(lambda x: x["type"] == "event" and x.get("auto"), timeout=20)
        assert 9 < time.monotonic() - start < 15 and auto["seat"] == "N" and auto["by_bot"]
        assert me.get(f"/api/tables/{t['id']}").json()["seats"][0]["auto"] is True
        seat.close()
    finally:
        s.stop()


def test_take_back_only_among_computer_players(server: Server) -> None:
    me = Client(server).guest("oops")
    t = me.post("/api/quickplay", {"variant": "classic", "bot": "random"}).json()
    seat = me.ws(t["id"])
    m = seat.recv()
    while not m.get("view", {}).get("legal"):
        m = seat.recv()
    before = m["view"]
    card = before["legal"][-1]
    seat.send({"type": "act", "action": card, "ref": "mine"})
    seat.until(lambda x: x.get("ref") == "mine")
    seat.send({"type": "undo"})
    back = seat.until(lambda x: x["type"] == "table")
    assert card in back["view"]["hand"] and back["view"]["legal"] == before["legal"]
    assert back["view"]["trick"] == before["trick"]
    seat.close()
    ann, bob = Client(server).guest("ann"), Client(server).guest("bob")
    tid = ann.post("/api/tables", {"variant": "german", "seats": ["me", "open"]}).json()["id"]
    bob.post(f"/api/tables/{tid}/join", {})
    a = ann.ws(tid)
    a.recv()
    a.send({"type": "undo"})
    assert a.until(lambda x: x["type"] == "refused")["code"] == "undo_alone"
    a.close()


def test_table_talk(server: Server) -> None:
    ann, bob, eve = Client(server).guest("ann"), Client(server).guest("bob"), Client(server).guest("eve")
    tid = ann.post("/api/tables", {"variant": "german", "seats": ["me", "open"]}).json()["id"]
    bob.post(f"/api/tables/{tid}/join", {})
    a, b, e = ann.ws(tid), bob.ws(tid), eve.ws(tid)
    for x in (a, b, e):
        x.recv()
    a.send({"type": "say", "quick": "good_luck"})
    for x in (a, b, e):
        said = x.until(lambda m: m["type"] == "said")
        assert said["quick"] == "good_luck" and said["from"] == "ann" and said["seat"] == "N"
    a.send({"type": "say", "text": "hi"})
    assert a.until(lambda m: m["type"] == "refused")["code"] == "talk_private"  # a public table
    e.send({"type": "say", "quick": "hello"})  # an onlooker during the deal: to onlookers only
    assert e.until(lambda m: m["type"] == "said")["seat"] is None
    b.send({"type": "say", "quick": "thanks"})
    assert b.until(lambda m: m["type"] == "said")["quick"] == "thanks"  # not eve's hello
    for _ in range(5):
        b.send({"type": "say", "quick": "sorry"})
    assert b.until(lambda m: m["type"] == "refused")["code"] == "talk_limit"
    for x in (a, b, e):
        x.close()


def test_logging_out_closes_the_other_tabs(server: Server) -> None:
    me = Client(server).guest("tabs")
    t = me.post("/api/quickplay", {"variant": "classic", "bot": "random"}).json()
    tab = me.ws(t["id"])
    tab.recv()
    assert me.post("/api/logout").status_code == 200
    assert tab.until(lambda m: m["type"] == "logged_out")["type"] == "logged_out"
    with pytest.raises(ConnectionClosed):  # closed by the server (4401)
        tab.recv(timeout=5)
    assert tab.ws.close_code == 4401


def test_your_tables_lists_only_the_tables_one_still_sits_at(server: Server) -> None:
    """"Your tables" (``/api/my/tables``) is where one goes back to: a table one stood up
    from is no longer there, even one's own (which one may still open and close); a table
    one made without sitting at it stays there, to watch it and close it."""
    ann, bob = Client(server).guest("ann"), Client(server).guest("bob")
    mine = ann.post("/api/tables", {"variant": "classic", "seats": ["me", "open", "bot:random", "bot:random"],
                                    "private": True}).json()
    watched = ann.post("/api/tables", {"variant": "classic", "seats": ["open", "bot", "bot", "bot"]}).json()
    assert bob.post("/api/join", {"code": mine["code"]}).status_code == 200

    def listed(c: Client) -> set[str]:
        return {x["id"] for x in c.get("/api/my/tables").json()}

    assert {mine["id"], watched["id"]} <= listed(ann) and mine["id"] in listed(bob)
    assert ann.post(f"/api/tables/{mine['id']}/leave").json() == {"seat": "N"}
    assert bob.post(f"/api/tables/{mine['id']}/leave").status_code == 200
    assert mine["id"] not in listed(ann) | listed(bob)
    assert watched["id"] in listed(ann) and watched["id"] not in listed(bob)
    # the owner who stood up still opens his private table, and closes it
    assert ann.get(f"/api/tables/{mine['id']}").status_code == 200
    assert bob.get(f"/api/tables/{mine['id']}").status_code == 404
    assert ann.post(f"/api/tables/{mine['id']}/close").status_code == 200
    # sitting down again lists it again
    assert ann.post(f"/api/tables/{watched['id']}/join", {"seat": "N"}).status_code == 200
    assert watched["id"] in listed(ann)
