"""Hand records of a duplicate drive's boards (the hands and the double-dummy tricks) on the
drive's page, CSV and print page: nothing of a board before its round is over everywhere,
asked by the director, the people who played it, a spectator and nobody; then the cards
the tables played, and tricks that add up."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterator

import pytest

from server_util import Client, Server
from test_server_drive import director, guests, make, wait_state


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("records") / "records.sqlite3"
    s = Server(f"sqlite:///{path}", bot_pause=0.0, away=0.2,
               env={"OPENWHIST_SIGNUP_LIMIT": "1000", "OPENWHIST_DRIVE_LIMIT": "50",
                    "OPENWHIST_DRIVE_RATE": "100"})
    yield s
    s.stop()


def _nothing_shown(c: Client, did: str) -> None:
    assert c.get(f"/api/drives/{did}").json()["hand_records"] == []
    assert "hand N" not in c.get(f"/api/drives/{did}/results.csv").text
    assert "Hand records" not in c.get(f"/api/drives/{did}/print").text


def test_a_boards_hand_record_waits_for_its_round_to_be_over_everywhere(server: Server) -> None:
    d = director(server)
    did = make(d, rounds=2, deals=1, duplicate=True, round_minutes=60)["id"]
    people = guests(server, 5)
    for p in people:
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    d.post(f"/api/drives/{did}/start")
    # number 4 sits at table 2 without playing: round 1 is not over
    stay = people[3].get(f"/api/drives/{did}").json()["you"]
    assert stay["table"] == 2
    seat = people[3].ws(stay["table_id"])
    seat.recv()
    first = people[0].get(f"/api/drives/{did}").json()["you"]["table_id"]
    deadline = time.monotonic() + 60
    while d.get(f"/api/drives/{did}").json()["tables"][0]["deals_done"] < 1:  # table 1 has played
        assert time.monotonic() < deadline
        time.sleep(0.1)
    for who in (d, people[0], people[3], guests(server, 1)[0], Client(server)):
        _nothing_shown(who, did)
    # the director ends round 1: round 2 is seated, round 1's board is anyone's, round 2's nobody's
    assert d.post(f"/api/drives/{did}/end-round").status_code == 200
    seat.close()
    deadline = time.monotonic() + 240
    while True:
        view = Client(server).get(f"/api/drives/{did}").json()
        # never a board of the round being played, whenever asked
        assert view["state"] == "finished" or all(b["round"] < view["round_no"] for b in view["hand_records"])
        if view["hand_records"] and view["hand_records"][0]["tricks"]:
            break
        assert time.monotonic() < deadline, "the hand record was never worked out"
        time.sleep(0.5)
    board = view["hand_records"][0]
    assert (board["round"], board["deal"]) == (1, 1)
    assert sorted(board["tricks"]) == ["C", "D", "H", "NT", "S"]
    assert all(len(t) == 4 and all(0 <= n <= 13 for n in t) for t in board["tricks"].values())
    # the cards table 1 played
    [listed] = d.get(f"/api/records?table={first}").json()
    rec = d.get(f"/api/records/{listed['id']}").json()
    assert [rec["deals"][0]["hands"][s] for s in "NESW"] == board["hands"]
    for who in (d, people[0], Client(server)):
        assert who.get(f"/api/drives/{did}").json()["hand_records"][0] == board
        rows = list(csv.reader(io.StringIO(who.get(f"/api/drives/{did}/results.csv").text)))
        mine = [r for r in rows if len(r) == 11 and r[:2] == ["1", "1"]]
        assert [r[2] for r in mine] == ["S", "H", "D", "C", "NT"]
        assert [int(x) for x in mine[0][3:7]] == board["tricks"]["S"]
        page = who.get(f"/api/drives/{did}/print").text
        assert "Hand records" in page and board["hands"][0] in page
    done = wait_state(d, did, "finished", 120)
    assert [(b["round"], b["deal"]) for b in done["hand_records"]] == [(1, 1), (2, 1)]
