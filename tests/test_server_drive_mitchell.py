"""Mitchell and Howell drives through the real server: pairs formed by registration order,
each round's tables from the movement, the scorers entering each board by its number,
matchpoints compared board by board across the rounds (worked here by hand from the
entered scores), standings by pair in the Mitchell's two fields and the Howell's one, the
movement cards and board slips; and the hostile test: a pair that has not played a board
learns no other table's result of it, through the view, the standings, the CSV, the print
page or the score cards, until it has played it or every table has."""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import openwhist
from openwhist.drive.pairs import mitchell
from openwhist.server.drives.entries import partner_swap
from server_util import Client, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("mitchell") / "mitchell.sqlite3"
    s = Server(f"sqlite:///{path}", bot_pause=0.0, away=0.2,
               env={"OPENWHIST_SIGNUP_LIMIT": "1000", "OPENWHIST_DRIVE_LIMIT": "50",
                    "OPENWHIST_DRIVE_RATE": "100"})
    yield s
    s.stop()


_n = iter(range(10_000))


def refused(r: Any, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    assert r.json()["code"] == code, r.text


def opened(server: Server, people: int, **kw: Any) -> tuple[Client, list[Client], str]:
    """A drive made and registered for, not started."""
    d = Client(server)
    assert d.register(f"mitchdir{next(_n)}", "a long password").status_code == 201
    body = {"name": "Pairs drive", "family": "classic", "mode": "scorer", "rounds": 20} | kw
    r = d.post("/api/drives", body)
    assert r.status_code == 201, r.text
    did = r.json()["id"]
    ps = [Client(server).guest(f"mp{next(_n)}") for _ in range(people)]
    for p in ps:
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    return d, ps, did


def started(server: Server, people: int, **kw: Any) -> tuple[Client, list[Client], str]:
    """A drive made, registered for and started."""
    d, ps, did = opened(server, people, **kw)
    r = d.post(f"/api/drives/{did}/start")
    assert r.status_code == 200, r.text
    return d, ps, did


def ns_tricks(board: int, table: int, round_no: int) -> int:
    """The N-S tricks the test enters: spread over 3 to 11, so that scores differ and tie."""
    return 3 + (board * 5 + table * 3 + round_no * 7) % 9


def play_round(d: Client, did: str, round_no: int) -> list[dict[str, Any]]:
    """Every table of the round enters every one of its boards (the director at each)."""
    view = d.get(f"/api/drives/{did}").json()
    tables = [t for t in view["tables"] if t["round"] == round_no]
    for t in tables:
        for b in t["boards"]:
            ns = ns_tricks(b, t["table"], round_no)
            r = d.post(f"/api/drives/{did}/results",
                       {"table": t["table"], "deal": b, "tricks": [ns, 13 - ns]})
            assert r.status_code == 200, r.text
    return tables


def deal_rows(text: str) -> list[dict[str, str]]:
    """The CSV's lines of deals (the second block)."""
    blocks = text.split("\n\n")
    return list(csv.DictReader(io.StringIO(blocks[1])))


def by_hand(rows: list[dict[str, str]]) -> dict[str, float]:
    """Each person's matchpoints worked from the CSV's deal lines: per board (its number,
    whatever the round), each seat 2 for every other result of the board whose same seat
    scored less, 1 for each that scored the same."""
    boards: dict[str, list[dict[str, str]]] = defaultdict(list)
    for r in rows:
        boards[r["deal"]].append(r)
    mp: dict[str, float] = defaultdict(float)
    for results in boards.values():
        for r in results:
            for seat in "NESW":
                mine = int(r[f"score {seat}"])
                got = sum(2 if mine > int(o[f"score {seat}"]) else 1 if mine == int(o[f"score {seat}"]) else 0
                          for o in results if o is not r)
                mp[r[seat]] += got
    return mp


def test_a_mitchell_of_three_tables_to_its_end(server: Server) -> None:
    d, people, did = started(server, 12, movement="mitchell", deals=2)
    view = d.get(f"/api/drives/{did}").json()
    assert view["rounds"] == 3 and view["rank_by"] == "matchpoints" and view["duplicate"]
    # before a board is played the movement cards give every round: each card's round 3
    early = d.get(f"/api/drives/{did}/cards").text
    cards = early[:early.index("class='slip'")]
    assert cards.count("class='card'") == 12 and cards.count("<tr><td>3</td>") == 12
    seen: dict[int, set[int]] = defaultdict(set)   # pair -> boards played
    for round_no in (1, 2, 3):
        tables = play_round(d, did, round_no)
        assert [t["table"] for t in tables] == [1, 2, 3]
        for t in tables:
            ns, ew = t["pairs"]
            assert ns == t["table"] and ew in (4, 5, 6)   # N-S pairs stay; E-W pairs move
            assert [s["number"] for s in t["seats"]] == [2 * ns - 1, 2 * ew - 1, 2 * ns, 2 * ew]
            for p in (ns, ew):
                assert not seen[p] & set(t["boards"])    # nobody plays a board twice
                seen[p] |= set(t["boards"])
    assert all(s == {1, 2, 3, 4, 5, 6} for s in seen.values())
    done = d.get(f"/api/drives/{did}").json()
    assert done["state"] == "finished"
    text = d.get(f"/api/drives/{did}/results.csv").text
    rows = deal_rows(text)
    assert len(rows) == 18 and {r["deal"] for r in rows} == {str(b) for b in range(1, 7)}
    hand = by_hand(rows)
    names = {e["number"]: e["name"] for e in done["entries"]}
    st = done["standings"]
    for row in st["rows"]:
        assert row["matchpoints"] == hand[names[row["number"]]], row
    pairs = st["pairs"]
    assert [p["field"] for p in pairs] == ["E-W"] * 3 + ["N-S"] * 3
    for field in ("N-S", "E-W"):
        mine = [p for p in pairs if p["field"] == field]
        assert [p["matchpoints"] for p in mine] == sorted((p["matchpoints"] for p in mine), reverse=True)
        assert mine[0]["place"] == 1
        for p in mine:
            assert p["matchpoints"] == hand[names[2 * p["pair_no"] - 1]] == hand[names[2 * p["pair_no"]]]
            assert p["boards"] == 6
    # every board played three times: a top is 4 on each board, 6 boards
    assert sum(p["matchpoints"] for p in pairs) == 2 * 6 * 3 * 2
    # the print page and the CSV rank the pairs in their fields too
    printed = d.get(f"/api/drives/{did}/print").text
    assert "<h2>Pairs E-W</h2>" in printed and "<h2>Pairs N-S</h2>" in printed
    assert "<th>Boards</th></tr>" in printed and "<th>Deals</th>" not in printed   # boards travel
    block = list(csv.DictReader(io.StringIO(text[text.index("field,place,pair"):])))
    assert [(r["field"], int(r["pair"])) for r in block] == [(p["field"], p["pair_no"]) for p in pairs]
    # the movement cards and the board slips
    page = d.get(f"/api/drives/{did}/cards").text
    assert page.count("class='card'") == 12
    assert page.count("class='slip'") == 6 and "data-board='5'" in page
    assert "<h2>Board 5</h2>" in page and "<th>Boards</th>" in page
    assert d.get(f"/api/drives/{did}/cards?lang=nl").text.count("<th>Spellen</th>") == 12
    text = people[0].get(f"/api/drives/{did}/movement").text
    assert text.startswith("mitchell movement: 6 pairs at 3 tables")


def test_a_howell_of_four_tables_to_its_end(server: Server) -> None:
    d, _people, did = started(server, 16, movement="howell", deals=1)
    view = d.get(f"/api/drives/{did}").json()
    assert view["rounds"] == 7
    met: set[frozenset[int]] = set()
    for round_no in range(1, 8):
        for t in play_round(d, did, round_no):
            met.add(frozenset(t["pairs"]))
    assert len(met) == 28                              # every pair meets every other once
    done = d.get(f"/api/drives/{did}").json()
    assert done["state"] == "finished"
    rows = deal_rows(d.get(f"/api/drives/{did}/results.csv").text)
    assert len(rows) == 28 and {r["deal"] for r in rows} == {str(b) for b in range(1, 8)}
    hand = by_hand(rows)
    names = {e["number"]: e["name"] for e in done["entries"]}
    pairs = done["standings"]["pairs"]
    assert {p["field"] for p in pairs} == {None}       # one field
    assert [p["matchpoints"] for p in pairs] == sorted((p["matchpoints"] for p in pairs), reverse=True)
    for p in pairs:
        assert p["matchpoints"] == hand[names[2 * p["pair_no"] - 1]]
        assert p["boards"] == 7
    assert sum(p["matchpoints"] for p in pairs) == 7 * 4 * 3 * 2


def snapshot(c: Client, did: str) -> tuple[Any, ...]:
    """What a person is shown of the drive's results: the standings, his score card, the
    CSV and the print page's standings."""
    v = c.get(f"/api/drives/{did}").json()
    page = c.get(f"/api/drives/{did}/print").text
    return (v["standings"], v["card"], c.get(f"/api/drives/{did}/results.csv").text,
            page[page.index("<h2>Standings"):page.index("<h2>Tables")])


def board_lines(c: Client, did: str, board: int) -> list[tuple[str, str]]:
    """The CSV's (round, table) lines of a board that ``c`` is shown."""
    rows = deal_rows(c.get(f"/api/drives/{did}/results.csv").text)
    return [(r["round"], r["table"]) for r in rows if r["deal"] == str(board)]


def test_a_pair_that_has_not_played_a_board_learns_nothing_of_it(server: Server) -> None:
    d, people, did = started(server, 12, movement="mitchell", deals=2)
    slip = mitchell(6, boards=2).slips()[1]            # board 1: round 1 table 1, then two more
    assert [(r.round, r.ns) for r in slip] == [(1, 1), (2, 3), (3, 2)]
    hostile, anyone = people[2], Client(server)        # pair 2 plays board 1 in round 3
    before = snapshot(hostile, did), snapshot(anyone, did)
    r = people[0].post(f"/api/drives/{did}/results", {"table": 1, "deal": 1, "tricks": [10, 3]})
    assert r.status_code == 200
    assert (snapshot(hostile, did), snapshot(anyone, did)) == before
    assert board_lines(people[0], did, 1) == [("1", "1")]      # his own table's
    assert board_lines(d, did, 1) == [("1", "1")]              # the director, who plays nothing
    assert board_lines(hostile, did, 1) == []
    # round 1 ends; in round 2 table 3 plays board 1
    for t in d.get(f"/api/drives/{did}").json()["tables"]:
        for b in t["boards"]:
            if (t["table"], b) != (1, 1):
                assert d.post(f"/api/drives/{did}/results", {"table": t["table"], "deal": b,
                                                              "tricks": [7, 6]}).status_code == 200
    assert d.get(f"/api/drives/{did}").json()["round_no"] == 2
    before = snapshot(hostile, did)
    assert d.post(f"/api/drives/{did}/results", {"table": 3, "deal": 1, "tricks": [5, 8]}).status_code == 200
    assert board_lines(people[0], did, 1) == [("1", "1"), ("2", "3")]   # pair 1 played it: sees both
    assert board_lines(people[4], did, 1) == [("1", "1"), ("2", "3")]   # so does pair 3, now
    assert board_lines(hostile, did, 1) == [] and board_lines(anyone, did, 1) == []
    after = snapshot(hostile, did)
    assert after[0] == before[0] and after[1] == before[1] and after[3] == before[3]
    assert not any(r["deal"] == 1 for r in after[1])
    # a result of a board nobody plays again is everyone's: board 3 was played at table 2 in
    # round 1 and at table 1 in round 2; at the drive's end every board is everyone's
    for round_no in (2, 3):
        view = d.get(f"/api/drives/{did}").json()
        assert view["round_no"] == round_no
        for t in view["tables"]:
            if t["round"] == round_no:
                for b in t["boards"]:
                    if (round_no, t["table"], b) != (2, 3, 1):
                        assert d.post(f"/api/drives/{did}/results",
                                      {"table": t["table"], "deal": b, "tricks": [6, 7]}).status_code == 200
    assert d.get(f"/api/drives/{did}").json()["state"] == "finished"
    assert board_lines(hostile, did, 1) == board_lines(anyone, did, 1) == [("1", "1"), ("2", "3"), ("3", "2")]


def test_a_pairs_movement_is_refused_where_it_does_not_apply(server: Server) -> None:
    d = Client(server)
    assert d.register(f"mitchdir{next(_n)}", "a long password").status_code == 201
    base = {"name": "Pairs drive", "family": "classic", "mode": "scorer", "movement": "mitchell"}
    refused(d.post("/api/drives", base | {"mode": "online"}), 422, "pairs_scorer")
    refused(d.post("/api/drives", base | {"family": "belgian"}), 422, "pairs_family")
    refused(d.post("/api/drives", base | {"deals": 9}), 422, "pairs_boards")
    did = d.post("/api/drives", base | {"deals": 2}).json()["id"]
    ps = [Client(server).guest(f"mp{next(_n)}") for _ in range(5)]
    for p in ps:
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    refused(d.post(f"/api/drives/{did}/start"), 409, "pairs_people")
    assert d.get(f"/api/drives/{did}").json()["movement_rounds"] == []     # no movement for five
    refused(d.get(f"/api/drives/{did}/movement"), 409, "pairs_people")
    assert ps[4].post(f"/api/drives/{did}/unregister").status_code == 200
    planned = d.get(f"/api/drives/{did}").json()["movement_rounds"]        # made at once for four
    assert [len(r["tables"]) for r in planned] == [1]                      # two pairs, one table
    assert d.post(f"/api/drives/{did}/start").status_code == 200   # two pairs at one table
    view = d.get(f"/api/drives/{did}").json()
    t = view["tables"][0]
    other = next(b for b in range(1, 5) if b not in t["boards"])
    refused(ps[0].post(f"/api/drives/{did}/results", {"table": t["table"], "deal": other, "tricks": [7, 6]}),
            422, "board_not_here")


def test_a_board_a_table_missed_is_matchpointed_with_neubergs_adjustment(server: Server) -> None:
    d, _people, did = started(server, 12, movement="mitchell", deals=2)
    # round 1: table 3 plays board 5 only, and the director ends the round
    scores = {1: 8, 3: 8, 5: 7}                 # board -> N-S tricks in round 1, table by table
    for table, board in ((1, 1), (1, 2), (2, 3), (2, 4), (3, 5)):
        ns = scores.get(board, 7)
        assert d.post(f"/api/drives/{did}/results", {"table": table, "deal": board,
                                                      "tricks": [ns, 13 - ns]}).status_code == 200
    assert d.post(f"/api/drives/{did}/end-round").status_code == 200
    for round_no in (2, 3):
        for t in d.get(f"/api/drives/{did}").json()["tables"]:
            if t["round"] == round_no:
                for b in t["boards"]:
                    assert d.post(f"/api/drives/{did}/results", {"table": t["table"], "deal": b,
                                                                  "tricks": [7, 6]}).status_code == 200
    done = d.get(f"/api/drives/{did}").json()
    assert done["state"] == "finished"
    rows = deal_rows(d.get(f"/api/drives/{did}/results.csv").text)
    assert sorted(r["deal"] for r in rows).count("6") == 2          # board 6: two results of three
    # board 6 at its two tables, both 7-6: each side ties the other once, 1 matchpoint of a
    # top of 2; on the scale of three results (Neuberg): (1 + 1) * 3 / 2 - 1 = 2
    names = {e["number"]: e["name"] for e in done["entries"]}
    plain = by_hand([r for r in rows if r["deal"] != "6"])
    for row in done["standings"]["rows"]:
        name = names[row["number"]]
        on_six = any(r["deal"] == "6" and name in (r["N"], r["E"], r["S"], r["W"]) for r in rows)
        assert row["matchpoints"] == plain[names[row["number"]]] + (2 if on_six else 0), row


@pytest.mark.parametrize("movement", ["mitchell", "howell"])
def test_an_odd_number_of_pairs_sits_one_out_a_round(server: Server, movement: str) -> None:
    d, _people, did = started(server, 10, movement=movement, deals=2)
    view = d.get(f"/api/drives/{did}").json()
    rounds = view["rounds"]
    assert rounds == (3 if movement == "mitchell" else 5)
    out: list[int] = []
    for round_no in range(1, rounds + 1):
        tables = play_round(d, did, round_no)
        assert len(tables) == 2                        # the missing pair's table is not seated
        seated = {p for t in tables for p in t["pairs"]}
        [sitting] = set(range(1, 6)) - seated
        out.append(sitting)
    done = d.get(f"/api/drives/{did}").json()
    assert done["state"] == "finished" and done["standings"]["scaling"]
    boards = {p["pair_no"]: p["boards"] for p in done["standings"]["pairs"]}
    assert all(boards[p] == 2 * (rounds - out.count(p)) for p in boards)
    rows = deal_rows(d.get(f"/api/drives/{did}/results.csv").text)
    assert len(rows) == 2 * 2 * rounds
    hand = by_hand(rows)
    names = {e["number"]: e["name"] for e in done["entries"]}
    for row in done["standings"]["rows"]:
        assert row["matchpoints"] == hand[names[row["number"]]], row


def test_the_pairs_drive_codes_are_worded_in_the_five_languages() -> None:
    text = (Path(openwhist.__file__).parent / "web" / "static" / "drive.js").read_text(encoding="utf-8")
    for code in ("pairs_scorer", "pairs_family", "pairs_boards", "pairs_people", "pairs_movement",
                 "board_not_here", "not_pairs", "same_entry", "relay_mitchell"):
        assert text.count(f"err_{code}: ") == 5, code
    for word in ("mv_mitchell", "mv_howell", "pairsHelp", "board", "pairWord", "fieldStandings",
                 "savedBoard", "partnersWho", "partnersAnd", "makePartners", "relayStand"):
        assert text.count(f" {word}: ") + text.count(f"{{{word}: ") == 5, word



def test_the_director_makes_two_people_partners_before_the_start(server: Server) -> None:
    d, people, did = opened(server, 7, movement="howell", deals=2)
    assert len(people) == 7
    first = sorted(d.get(f"/api/drives/{did}").json()["entries"], key=lambda e: e["number"])
    names = [e["name"] for e in first]          # by registration: numbers 1 to 7

    def pairs() -> list[list[str]]:
        entries = sorted(d.get(f"/api/drives/{did}").json()["entries"], key=lambda e: e["number"])
        return [[e["name"] for e in entries[i:i + 2]] for i in range(0, len(entries), 2)]

    assert pairs() == [names[0:2], names[2:4], names[4:6], names[6:7]]
    # 1 and 4 become partners: 4 takes the place of 1's partner (2), who takes 4's; 5-6 stay
    r = d.post(f"/api/drives/{did}/partners", {"numbers": [1, 4]})
    assert r.status_code == 200, r.text
    assert pairs() == [[names[0], names[3]], [names[2], names[1]], names[4:6], names[6:7]]
    # the one without a partner (7) joins 6: 6's partner 5 is the one left alone now
    assert d.post(f"/api/drives/{did}/partners", {"numbers": [7, 6]}).status_code == 200
    assert pairs() == [[names[0], names[3]], [names[2], names[1]], [names[6], names[5]], [names[4]]]
    # partners already: nothing changes
    assert d.post(f"/api/drives/{did}/partners", {"numbers": [2, 1]}).status_code == 200
    assert pairs()[0] == [names[0], names[3]]
    refused(d.post(f"/api/drives/{did}/partners", {"numbers": [3, 3]}), 422, "same_entry")
    refused(d.post(f"/api/drives/{did}/partners", {"numbers": [3, 9]}), 404, "no_entry")
    assert d.post(f"/api/drives/{did}/partners", {"numbers": [3]}).status_code == 422
    # nobody but the director: not an entrant, not a guest without a seat
    refused(people[0].post(f"/api/drives/{did}/partners", {"numbers": [1, 3]}), 403, "not_director")
    assert Client(server).post(f"/api/drives/{did}/partners", {"numbers": [1, 3]}).status_code == 401
    # the pairs chosen are the pairs seated: the eighth person completes pair 4
    late = Client(server).guest(f"mp{next(_n)}")
    assert late.post(f"/api/drives/{did}/register").status_code == 200
    r = d.post(f"/api/drives/{did}/start")
    assert r.status_code == 200, r.text
    view = d.get(f"/api/drives/{did}").json()
    by_number = {e["number"]: e["name"] for e in view["entries"]}
    for t in view["tables"]:
        ns, ew = t["pairs"]
        seated = [s["number"] for s in t["seats"]]
        assert seated == [2 * ns - 1, 2 * ew - 1, 2 * ns, 2 * ew]
    assert {by_number[1], by_number[2]} == {names[0], names[3]}
    refused(d.post(f"/api/drives/{did}/partners", {"numbers": [1, 3]}), 409, "drive_started")
    # an individual drive has no fixed partners
    d2, _people, other = opened(server, 4)
    refused(d2.post(f"/api/drives/{other}/partners", {"numbers": [1, 3]}), 409, "not_pairs")


@given(st.integers(2, 48).flatmap(lambda n: st.tuples(st.just(n), st.integers(1, n), st.integers(1, n))))
def test_making_partners_changes_no_other_pair_but_one(case: tuple[int, int, int]) -> None:
    n, a, b = case
    assume(a != b)
    order = list(range(1, n + 1))           # order[i] holds the entry at number i + 1
    swap = partner_swap(n, a, b)
    if swap is not None:
        x, y = swap
        order[x - 1], order[y - 1] = order[y - 1], order[x - 1]

    def pairs_of(o: list[int]) -> set[frozenset[int]]:
        return {frozenset(o[i:i + 2]) for i in range(0, len(o), 2)}

    assert frozenset((a, b)) in pairs_of(order)
    before = pairs_of(list(range(1, n + 1)))
    assert len(pairs_of(order) - before) <= 2     # the new pair, and the one its leavers make
    assert sorted(order) == list(range(1, n + 1))


def test_a_howell_of_the_most_people_plays_every_round(server: Server) -> None:
    """48 people, 24 pairs at 12 tables: every pair meets every other once in 23 rounds."""
    d, _people, did = started(server, 48, movement="howell", deals=2, rounds=23)
    view = d.get(f"/api/drives/{did}").json()
    assert view["rounds"] == 23 and len(view["tables"]) == 12
    assert d.post("/api/drives", {"name": "Too long", "mode": "scorer", "rounds": 24}).status_code == 422


def test_a_relay_mitchell_of_four_tables_plays_every_round(server: Server) -> None:
    """With an even number of tables the relay and bye stand plays every round (the skip a
    round fewer): tables 1 and 4 share a set, each playing its halves in turn."""
    d, _people, did = started(server, 16, movement="mitchell", deals=2, relay=True)
    view = d.get(f"/api/drives/{did}").json()
    assert view["relay"] and view["rounds"] == 4
    seen: dict[int, set[int]] = defaultdict(set)
    for round_no in (1, 2, 3, 4):
        tables = {t["table"]: t for t in play_round(d, did, round_no)}
        assert sorted(tables[1]["boards"]) == sorted(tables[4]["boards"])   # the relay's shared set
        assert tables[1]["boards"] != tables[4]["boards"]                   # in turn, not at once
        for t in tables.values():
            for p in t["pairs"]:
                assert not seen[p] & set(t["boards"])
                seen[p] |= set(t["boards"])
    assert d.get(f"/api/drives/{did}").json()["state"] == "finished"
    assert all(len(boards) == 8 for boards in seen.values())
    refused(d.post("/api/drives", {"name": "Relay", "mode": "scorer", "movement": "howell", "relay": True}),
            422, "relay_mitchell")
