"""Ratings through the real server: a finished match at a table of people moves their
ratings (the winners up, the losers down), kept per family with their history; the
leaderboard and the profile show them; a private table of one person and computer players,
and any table with a guest, leave every rating as it was; at one's own public table with
computer players only a few matches a day count (the rule against farming)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from openwhist.ratings import MU, REPEAT_LIMIT
from server_util import Client, Server, finish_match


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("ratings") / "ratings.sqlite3"
    s = Server(f"sqlite:///{path}", bot_pause=0.0, away=0.1, env={"OPENWHIST_SIGNUP_LIMIT": "1000"})
    yield s
    s.stop()


_n = iter(range(10_000))


def member(server: Server) -> Client:
    c = Client(server)
    assert c.register(f"member{next(_n)}", "a long password").status_code == 201
    return c


def profile(c: Client, changes: int = 0, seconds: float = 10) -> dict[str, Any]:
    """The person's profile once it shows ``changes`` rating changes (they are made just
    after the match's end is sent)."""
    deadline = time.monotonic() + seconds
    while True:
        r = c.get(f"/api/players/{c.user['id']}")
        assert r.status_code == 200
        if len(r.json()["history"]) >= changes or time.monotonic() > deadline:
            return r.json()  # type: ignore[no-any-return]
        time.sleep(0.05)


def play_one_more_rated(c: Client) -> None:
    """A rated match for ``c`` at his own public table with computer players."""
    tid, _ = one_deal_table(c, ["me", "bot:random", "bot:random", "bot:random"], private=False)
    finish_match(c, tid)


def one_deal_table(owner: Client, seats: list[str], private: bool = True) -> tuple[str, str | None]:
    """A table for one deal of classic whist: its id and invitation code."""
    r = owner.post("/api/tables", {"variant": "classic", "until": "deals", "count": 1, "seats": seats,
                                   "private": private})
    assert r.status_code == 201, r.text
    return str(r.json()["id"]), r.json().get("code")


def test_a_match_of_people_moves_their_ratings_and_the_board_and_profiles_show_them(server: Server) -> None:
    ann, bob, cy, dee = (member(server) for _ in range(4))
    tid, code = one_deal_table(ann, ["me", "open", "open", "open"])
    for c, seat in ((bob, "E"), (cy, "S"), (dee, "W")):
        assert c.post(f"/api/tables/{tid}/join", {"seat": seat, "code": code}).status_code == 200
    # ann plays her cards; the others are away and a computer player plays for them: still
    # a table of people
    _, end = finish_match(ann, tid)
    # the match is rated by its points (trick points and honours), not its tricks
    points = end["match_over"]["points"]
    won = {0: (ann, cy), 1: (bob, dee)}[0 if points[0] > points[1] else 1]
    lost = {c for c in (ann, bob, cy, dee)} - set(won)
    mus: dict[int, float] = {}
    for c in (ann, bob, cy, dee):
        p = profile(c, 1)
        [rating] = p["ratings"]
        assert rating["family"] == "classic" and rating["matches"] == 1
        assert len(p["history"]) == 1 and p["history"][0]["before"] == MU
        assert c.get(f"/api/records/{p['history'][0]['record_id']}").json()["players"][1] == bob.user["name"]
        mus[c.user["id"]] = rating["mu"]
    if points[0] != points[1]:
        assert all(mus[c.user["id"]] > MU for c in won) and all(mus[c.user["id"]] < MU for c in lost)
    else:  # a draw between equals moves nobody's skill
        assert all(abs(mu - MU) < 1e-6 for mu in mus.values())
    board = Client(server).get("/api/ratings/classic").json()
    ours = [r for r in board if r["user_id"] in mus]
    assert len(ours) == 4 and ours == sorted(ours, key=lambda r: -r["rating"])
    if points[0] != points[1]:
        assert {r["user_id"] for r in ours[:2]} == {c.user["id"] for c in won}
    assert Client(server).get("/api/ratings/dummy").status_code == 404
    assert Client(server).guest("peeker").get("/api/players/999999").json()["code"] == "no_player"
    assert Client(server).get("/api/players/999999").json()["code"] == "log_in"


def test_ratings_do_not_move_at_unrated_tables(server: Server) -> None:
    ann = member(server)
    # a private table of one person and computer players: never rated
    tid, _ = one_deal_table(ann, ["me", "bot:random", "bot:random", "bot:random"])
    finish_match(ann, tid)
    # then a rated one: his history holds that one only (the changes are stored in order)
    play_one_more_rated(ann)
    p = profile(ann, 1)
    assert len(p["history"]) == 1 and p["ratings"][0]["matches"] == 1
    # a table with a guest is no table of accounts: not rated for anyone
    bob, guest = member(server), Client(server).guest(f"guest{next(_n)}")
    tid, _ = one_deal_table(bob, ["me", "open", "bot:random", "bot:random"], private=False)
    assert guest.post(f"/api/tables/{tid}/join", {"seat": "E"}).status_code == 200
    finish_match(bob, tid)
    play_one_more_rated(bob)
    p = profile(bob, 1)
    assert len(p["history"]) == 1 and p["ratings"][0]["matches"] == 1


def test_at_ones_own_public_table_with_computer_players_a_few_matches_a_day_count(server: Server) -> None:
    ann = member(server)
    tid, _ = one_deal_table(ann, ["me", "bot:random", "bot:random", "bot:random"], private=False)
    seat = ann.ws(tid)
    seat.recv()
    for match in range(REPEAT_LIMIT + 1):
        m = seat.last
        n = 0
        while "match_over" not in m:
            if m.get("view", {}).get("legal"):
                seat.send({"type": "act", "action": m["view"]["legal"][0], "ref": n})
                n += 1
            m = seat.recv()
        if match < REPEAT_LIMIT:
            seat.send({"type": "again"})
            seat.until(lambda m: m.get("type") == "table")
    seat.close()
    # then a match at another table: rated; the fourth at the first table was not
    play_one_more_rated(ann)
    p = profile(ann, REPEAT_LIMIT + 1)
    assert p["ratings"][0]["matches"] == REPEAT_LIMIT + 1 and len(p["history"]) == REPEAT_LIMIT + 1


def test_a_rated_drive_moves_its_peoples_ratings_and_an_unrated_one_does_not(server: Server) -> None:
    director = member(server)
    played = {}
    for rated in (False, True):
        did = director.post("/api/drives", {"name": "Rated" if rated else "Friendly", "rounds": 1, "deals": 1,
                                            "rated": rated}).json()["id"]
        people = [member(server) for _ in range(2)]
        for p in people:
            assert p.post(f"/api/drives/{did}/register").status_code == 200
        assert director.post(f"/api/drives/{did}/start").status_code == 200
        deadline = time.monotonic() + 60
        while director.get(f"/api/drives/{did}").json()["state"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.1)
        played[rated] = people
    # the rated drive's two people at one table with two computer players: rated
    for p in played[True]:
        assert profile(p, 1)["ratings"][0]["matches"] == 1
    # the friendly drive's (finished first, its ratings changes would be stored first): none
    for p in played[False]:
        assert profile(p)["ratings"] == []
