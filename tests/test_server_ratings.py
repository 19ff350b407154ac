"""Ratings through the real server: a finished match at a table of people moves their
ratings (the winners up, the losers down), kept per family with their history; the
leaderboard and the profile show them; a private table of one person and computer players,
and any table with a guest, leave every rating as it was; only a few matches a day against
computer players count for a person, at all tables together; nothing is taken back at a
table whose match can be rated; two accounts seen at one address are never rated against
each other; totals of any size do not stop a rating (the rules against farming).

Each client here comes from its own address (``X-Forwarded-For`` from a trusted proxy),
as different people would."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

import openwhist.store as st
from openwhist.ratings import MU, REPEAT_LIMIT, Rating, match_teams, rate
from openwhist.server.ratings import _rated_today
from openwhist.store.drives import add_rating_change
from pg_util import Postgres, launched_postgres
from server_util import Client, Seat, Server, finish_match


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("ratings") / "ratings.sqlite3"
    s = Server(f"sqlite:///{path}", bot_pause=0.0, away=0.1,
               env={"OPENWHIST_SIGNUP_LIMIT": "1000", "OPENWHIST_TRUSTED_PROXIES": "127.0.0.1"})
    yield s
    s.stop()


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    yield from launched_postgres()


_n = iter(range(10_000))


class At(Client):
    """A client whose requests and sockets come from ``address`` (as the proxy says)."""

    def __init__(self, server: Server, address: str) -> None:
        super().__init__(server)
        self.address = address
        self.http = httpx.Client(base_url=server.url, timeout=10, headers={"X-Forwarded-For": address})

    def ws(self, table_id: str, code: str | None = None) -> Seat:
        url = f"{self.server.ws_url}/ws/tables/{table_id}" + (f"?code={code}" if code else "")
        return Seat(connect(url, additional_headers={"Cookie": f"ow_session={self.token}",
                                                     "X-Forwarded-For": self.address},
                            open_timeout=10, max_size=2**22, legacy=True))


def member(server: Server, address: str | None = None) -> At:
    """A new member, from ``address`` (else an address of his own)."""
    n = next(_n)
    c = At(server, address or f"10.{n // 250 % 250}.{n % 250}.1")
    assert c.register(f"member{n}", "a long password").status_code == 201
    return c


def classic_in_history(c: Client, marker: Client) -> list[dict[str, Any]]:
    """``c``'s classic rating changes, once every match he finished before is settled: he
    plays a German match against ``marker`` (people only, from another address: rated),
    whose change is stored after those of the matches before it."""
    before = len(profile(c)["history"])
    r = c.post("/api/tables", {"variant": "german", "until": "deals", "count": 1, "seats": ["me", "open"],
                               "private": True})
    assert r.status_code == 201, r.text
    tid, code = r.json()["id"], r.json()["code"]
    assert marker.post(f"/api/tables/{tid}/join", {"code": code}).status_code == 200
    finish_match(c, tid)
    p = profile(c, before + 1)
    assert p["history"][0]["family"] == "german"  # newest first
    return [h for h in p["history"] if h["family"] == "classic"]


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


def play_matches(c: Client, tid: str, matches: int) -> None:
    """``c`` plays ``matches`` matches in a row at the table (``again`` between them)."""
    seat = c.ws(tid)
    seat.recv()
    for match in range(matches):
        m = seat.last
        n = 0
        while "match_over" not in m:
            if m.get("view", {}).get("legal"):
                seat.send({"type": "act", "action": m["view"]["legal"][0], "ref": n})
                n += 1
            m = seat.recv()
        if match < matches - 1:
            seat.send({"type": "again"})
            seat.until(lambda m: m.get("type") == "table")
    seat.close()


def test_a_few_matches_a_day_against_computer_players_count_at_all_tables(server: Server) -> None:
    ann, cy, marker = member(server), member(server), member(server)
    tid, _ = one_deal_table(ann, ["me", "bot:random", "bot:random", "bot:random"], private=False)
    play_matches(ann, tid, REPEAT_LIMIT + 1)
    assert len(profile(ann, REPEAT_LIMIT)["history"]) == REPEAT_LIMIT
    # past the limit: a second table of her own, and a public table another account opened
    # (its owner does not sit there) count no more
    play_one_more_rated(ann)
    theirs, _ = one_deal_table(cy, ["open", "bot:random", "bot:random", "bot:random"], private=False)
    assert ann.post(f"/api/tables/{theirs}/join", {"seat": "N"}).status_code == 200
    finish_match(ann, theirs)
    assert len(classic_in_history(ann, marker)) == REPEAT_LIMIT
    assert profile(ann)["ratings"][0]["matches"] == REPEAT_LIMIT
    # the owner of that table, who did not play there, has his own limit untouched
    play_one_more_rated(cy)
    assert len(profile(cy, 1)["history"]) == 1


def test_at_a_table_that_can_be_rated_nothing_is_taken_back(server: Server) -> None:
    ann, marker = member(server), member(server)
    tid, _ = one_deal_table(ann, ["me", "bot:random", "bot:random", "bot:random"], private=False)
    seat = ann.ws(tid)
    m = seat.recv()
    assert m["table"]["take_back"] is False
    while not m.get("view", {}).get("legal"):
        m = seat.recv()
    seat.send({"type": "act", "action": m["view"]["legal"][0], "ref": 1})
    seat.until(lambda m: m.get("ref") == 1)
    v = seat.last["v"]
    seat.send({"type": "undo", "ref": 2})
    refused = seat.until(lambda m: m.get("ref") == 2)
    assert refused["type"] == "refused" and refused["code"] == "undo_rated"
    assert "rated" in refused["reason"] and refused["v"] >= v
    seat.close()
    finish_match(ann, tid)
    # the match is rated, once, from the default rating: the refusal changed nothing
    [change] = classic_in_history(ann, marker)
    assert change["before"] == MU
    # at a private table (never rated) take-back is offered and done
    priv, _ = one_deal_table(ann, ["me", "bot:random", "bot:random", "bot:random"])
    seat = ann.ws(priv)
    m = seat.recv()
    assert m["table"]["take_back"] is True
    while not m.get("view", {}).get("legal"):
        m = seat.recv()
    seat.send({"type": "act", "action": m["view"]["legal"][0], "ref": 1})
    seat.until(lambda m: m.get("ref") == 1)
    seat.send({"type": "undo", "ref": 2})
    back = seat.until(lambda m: m.get("type") in ("table", "refused"))
    assert back["type"] == "table", back
    seat.close()


def pair_match(ann: At, bob: At, bob_plays_from: str | None = None) -> None:
    """Ann's public classic table, Bob at East, computer players at the other seats: Bob
    joins from his address, looks in from ``bob_plays_from`` (if given) and is away (a
    computer player plays for him); Ann plays the match."""
    tid, _ = one_deal_table(ann, ["me", "open", "bot:random", "bot:random"], private=False)
    assert bob.post(f"/api/tables/{tid}/join", {"seat": "E"}).status_code == 200
    if bob_plays_from is not None:
        elsewhere = At(bob.server, bob_plays_from)
        elsewhere.token = bob.token
        seat = elsewhere.ws(tid)
        seat.recv()
        seat.close()
        # Ann plays once Bob is seen gone (else the news of it could come after her turn)
        deadline = time.monotonic() + 20
        while ann.get(f"/api/tables/{tid}").json()["seats"][1]["connected"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    finish_match(ann, tid)


def test_two_accounts_seen_at_one_address_are_not_rated_against_each_other(server: Server) -> None:
    marker = member(server)
    # two accounts of one person, both from 10.250.0.7: the match moves nobody's rating
    ann, bob = member(server, "10.250.0.7"), member(server, "10.250.0.7")
    pair_match(ann, bob)
    assert classic_in_history(ann, marker) == [] and classic_in_history(bob, marker) == []
    # joined from elsewhere but played from Ann's address: not rated either
    cy, dee = member(server, "10.250.0.8"), member(server, "10.250.0.9")
    pair_match(cy, dee, bob_plays_from="10.250.0.8")
    assert classic_in_history(cy, marker) == [] and classic_in_history(dee, marker) == []
    # two people from two addresses: rated for both
    eve, fay = member(server, "10.250.0.10"), member(server, "10.250.0.11")
    pair_match(eve, fay)
    assert len(profile(eve, 1)["history"]) == 1 and len(profile(fay, 1)["history"]) == 1


def test_totals_of_any_size_are_rated_by_their_order() -> None:
    huge = 10**310  # more than a float holds
    teams, scores = match_teams("belgian", ["a", "b", "c", "d"], [huge, -huge, huge - 1, 0])
    assert scores == [3.0, 0.0, 2.0, 1.0]
    new = rate([[Rating()] for _ in teams], scores=scores)
    assert new[0][0].mu > new[2][0].mu > new[3][0].mu > new[1][0].mu
    assert match_teams("classic", ["a", "b", "c", "d"], [huge, huge])[1] == [0.0, 0.0]
    assert match_teams("classic", ["a", "b", "c", "d"], [7, 3])[1] == [7.0, 3.0]


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


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_the_daily_count_is_of_matches_with_computer_players_in_the_family(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = (f"sqlite:///{tmp_path / 'count.sqlite3'}" if backend == "sqlite"
           else request.getfixturevalue("postgres").url)
    store = st.Store(url)
    try:
        uid = store.call(st.create_user, f"counted{backend}", "Counted", "hash", False)
        for tid, players in (("tbots", ["Counted", "bot:random", "bot:random", "bot:random"]),
                             ("tpeople", ["Counted", "Bob", "Cy", "Dee"])):
            table = {"id": tid + backend, "variant": "classic", "options": "{}", "seed": 1, "until": "deals",
                     "count": 1, "private": False, "code": None, "owner_id": uid}
            store.call(st.create_table, table, [])
            store.call(st.append_action, tid + backend, 0, 0, 0, "2C", False, 1,
                       {"variant": "classic", "players": players, "deals": []})
            [rec] = store.call(st.list_records, tid + backend)
            for family in ("classic", "german"):
                store.call(add_rating_change, family, f"user:{uid}", uid, "Counted", MU, MU + 1, 8.0,
                           rec["id"], tid + backend)
        # one rated match with computer players in each family; the people's match is not one
        assert store.call(_rated_today, f"user:{uid}", "classic") == 1
        assert store.call(_rated_today, f"user:{uid}", "german") == 1
        assert store.call(_rated_today, "user:0", "classic") == 0
    finally:
        store.close()
