"""Tables of 3 to 6 seats for the exact-bid whists (Romanian whist, Oh Hell) through the real
server: the seats named as the rules name them, joining a seat by its letter, quick play,
leaving, take-back, claims refused where each plays for himself, the end of a match with
each player's points and the winners, records, replay and PBN refused for a deal that is
not of four hands, and 7 players refused with the code the page words."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from openwhist.rules.seats import seat_names
from server_util import Client, Seat, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('exact') / 'exact.sqlite3'}", bot_pause=0.0, away=600,
               env={"OPENWHIST_SIGNUP_LIMIT": "500"})
    yield s
    s.stop()


def _drain(seats: list[Seat]) -> bool:
    """Read what has come to each seat (waiting a moment for each); whether anything had."""
    got = False
    for s in seats:
        while True:
            try:
                s.recv(timeout=0.05)
            except TimeoutError:
                break
            got = True
    return got


def act_until(seats: list[Seat], done: Any, limit: int = 3000) -> dict[str, Any]:
    """Whoever of ``seats`` may act plays his first legal action until ``done(message)``."""
    for n in range(limit):
        for s in seats:
            if done(s.last):
                return s.last
        actor = next((s for s in seats if s.view.get("legal") and s.last.get("type") != "refused"), None)
        if actor is None:  # wait for whatever comes next, to any of the seats
            deadline = time.monotonic() + 30
            while not _drain(seats):
                assert time.monotonic() < deadline, "nothing came in 30 s"
            continue
        actor.send({"type": "act", "action": actor.view["legal"][0], "ref": n})
        m = actor.until(lambda m, n=n: m.get("ref") == n or "match_over" in m, timeout=30)
        _drain([s for s in seats if s is not actor])
        if "match_over" in m:
            return m
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("variant", "n"),
                         [("romanian", 3), ("oh-hell", 4), ("romanian", 5), ("oh-hell", 6)])
def test_a_table_of_n_seats_plays_a_match_to_its_end(server: Server, variant: str, n: int) -> None:
    letters = list(seat_names(n))
    ann, bob = Client(server).guest(f"ann{n}"), Client(server).guest(f"bob{n}")
    r = ann.post("/api/tables", {"variant": variant, "options": {"players": n}, "until": "deals", "count": 3,
                                 "seats": ["me", *["bot:heuristic"] * (n - 2), "open"]})
    assert r.status_code == 201, r.text
    table = r.json()
    assert [s["seat"] for s in table["seats"]] == letters
    assert table["claims"] is False
    joined = bob.post(f"/api/tables/{table['id']}/join", {"seat": letters[-1]})
    assert joined.status_code == 200, joined.text
    a, b = ann.ws(table["id"]), bob.ws(table["id"])
    assert (a.recv()["seat"], b.recv()["seat"]) == (letters[0], letters[-1])
    assert len(a.view["hand_sizes"]) == n and a.view["sides"] == list(range(n))
    # a claim is refused where every player plays for himself
    act_until([a, b], lambda m: m.get("view", {}).get("phase") == "play")
    a.send({"type": "claim", "tricks": 0, "ref": "c"})
    refused = a.until(lambda m: m.get("ref") == "c")
    assert refused["type"] == "refused" and refused["code"] == "claim_not_now", refused
    over = act_until([a, b], lambda m: "match_over" in m)["match_over"]
    assert len(over["points"]) == n and len(over["summary"]["totals"]) == n
    best = max(over["points"])
    top = [letters[k] for k, p in enumerate(over["points"]) if p == best]
    assert over["winner"] == (None if len(top) == n else top)  # all level: nobody won
    a.close()
    b.close()
    record = ann.get(f"/api/records?table={table['id']}").json()[0]
    replay = ann.get(f"/api/records/{record['id']}/replay").json()
    assert replay["hands"] == n and replay["pbn"] is (n == 4)
    assert [d["hands"] for d in replay["deals"]] == [letters] * 3
    pbn = ann.get(f"/api/records/{record['id']}/pbn")
    if n == 4:
        assert pbn.status_code == 200
    else:
        assert pbn.status_code == 422 and pbn.json()["code"] == "pbn_four_hands"
        assert pbn.json()["values"] == {"hands": n}


def test_quick_play_leave_and_take_back_at_a_table_of_six(server: Server) -> None:
    cy = Client(server).guest("cy6")
    r = cy.post("/api/quickplay", {"variant": "oh-hell", "options": {"players": 6}, "bot": "heuristic",
                                   "until": "deals", "count": 2})
    assert r.status_code == 201, r.text
    table = r.json()
    seats = [(s["seat"], s["kind"]) for s in table["seats"]]
    assert seats == [("A", "person")] + [(x, "bot") for x in "BCDEF"]
    c = cy.ws(table["id"])
    welcome = c.recv(timeout=30)
    if not welcome.get("view", {}).get("legal"):  # the welcome has the legal bids when A bids first
        c.until(lambda m: bool(m.get("view", {}).get("legal")), timeout=60)
    before = c.view["calls"]
    c.send({"type": "act", "action": c.view["legal"][0], "ref": 1})
    c.until(lambda m: m.get("ref") == 1)
    c.send({"type": "undo", "ref": 2})
    back = c.until(lambda m: m.get("ref") == 2 or (m.get("type") == "table" and "view" in m))
    assert back["type"] == "table", back           # the bid taken back, and the cards after it
    assert back["view"]["calls"] == before and back["view"]["legal"]
    c.close()
    assert cy.post(f"/api/tables/{table['id']}/leave").status_code == 200
    seats = cy.get(f"/api/tables/{table['id']}").json()["seats"]
    assert seats[0]["kind"] in ("bot", "person") and seats[0]["seat"] == "A"


def test_the_variants_say_the_seats_of_each_table_size(server: Server) -> None:
    variants = {v["name"]: v for v in Client(server).guest("dee").get("/api/variants").json()}
    for name in ("romanian", "oh-hell"):
        sized = variants[name]["seats_by_players"]
        assert sized == {str(n): list(seat_names(n)) for n in range(3, 7)}
    assert variants["classic"]["seats_by_players"] is None


@pytest.mark.parametrize("route", ["/api/tables", "/api/quickplay"])
def test_seven_players_are_refused_with_the_code_the_page_words(server: Server, route: str) -> None:
    eve = Client(server).guest("eve" + route[-3:])
    r = eve.post(route, {"variant": "romanian", "options": {"players": 7}})
    assert r.status_code == 422
    body = r.json()
    assert body["code"] == "option_range" and body["values"] == {"option": "players", "min": 3, "max": 6}
    assert "players" in body["error"] and "3..6" in body["error"]
