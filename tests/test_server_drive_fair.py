"""Fair results at a drive, through the real server: a drive of nine in the individual
movement with one person sitting out each round (no computer player), scaled standings;
a duplicate board that one table missed matchpointed with Neuberg's adjustment (worked by
hand); a scorer's entry waiting for the other side's confirmation, a confirmed one changed
only with that side's consent; the director's corrections and locks, logged with a reason
on the page, in the CSV and on the print page; and nobody else corrects, locks or confirms
his own side's entry."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest

from server_util import Client, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("fair") / "fair.sqlite3"
    s = Server(f"sqlite:///{path}", bot_pause=0.0, away=0.2,
               env={"OPENWHIST_SIGNUP_LIMIT": "1000", "OPENWHIST_DRIVE_LIMIT": "50",
                    "OPENWHIST_DRIVE_RATE": "100"})
    yield s
    s.stop()


_n = iter(range(10_000))


def director(server: Server) -> Client:
    c = Client(server)
    assert c.register(f"fairdir{next(_n)}", "a long password").status_code == 201
    return c


def guests(server: Server, k: int) -> list[Client]:
    return [Client(server).guest(f"fair{next(_n)}") for _ in range(k)]


def make(d: Client, **kw: Any) -> dict[str, Any]:
    body = {"name": "Fair drive", "family": "classic", "rounds": 2, "deals": 1, "mode": "scorer"} | kw
    r = d.post("/api/drives", body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def refused(r: Any, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    assert r.json()["code"] == code, r.text


def started(server: Server, people: int, **kw: Any) -> tuple[Client, list[Client], str]:
    d = director(server)
    did = make(d, **kw)["id"]
    ps = guests(server, people)
    for p in ps:
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    r = d.post(f"/api/drives/{did}/start")
    assert r.status_code == 200, r.text
    return d, ps, did


def test_nine_people_one_sitting_out_each_round_no_computer_player(server: Server) -> None:
    d, people, did = started(server, 9, movement="individual", sit_out=True, rounds=3, deals=1)
    sat_out: list[int] = []
    for round_no in (1, 2, 3):
        view = d.get(f"/api/drives/{did}").json()
        assert view["sit_out"] and view["round_no"] == round_no
        tables = [t for t in view["tables"] if t["round"] == round_no]
        seated = [s["number"] for t in tables for s in t["seats"]]
        assert len(tables) == 2 and None not in seated and len(set(seated)) == 8   # no computer player
        out = ({1, 2, 3, 4, 5, 6, 7, 8, 9} - set(seated)).pop()
        sat_out.append(out)
        views = [p.get(f"/api/drives/{did}").json() for p in people]
        assert [v["sitting_out"] for v in views] == [i + 1 == out for i in range(9)]
        assert views[out - 1]["you"]["table"] is None
        for t in tables:
            assert d.post(f"/api/drives/{did}/results",
                          {"table": t["table"], "deal": 1, "tricks": [7, 6]}).status_code == 200
    assert len(set(sat_out)) == 3
    done = d.get(f"/api/drives/{did}").json()
    assert done["state"] == "finished"
    st = done["standings"]
    assert st["scaling"]                         # those who sat out played fewer deals: scaled
    deals = {r["number"]: r["deals"] for r in st["rows"]}
    assert {n for n, k in deals.items() if k == 2} == set(sat_out)
    assert all(r["scaled"] is not None for r in st["rows"])


def test_a_sit_out_needs_the_individual_movement_and_4n_plus_1_people(server: Server) -> None:
    d = director(server)
    refused(d.post("/api/drives", {"name": "No", "movement": "progressive", "sit_out": True}), 422,
            "sit_out_movement")
    refused(d.post("/api/drives", {"name": "No", "family": "german", "movement": "individual",
                                   "sit_out": True}), 422, "sit_out_movement")
    did = make(d, movement="individual", sit_out=True)["id"]
    for p in guests(server, 8):
        p.post(f"/api/drives/{did}/register")
    r = d.post(f"/api/drives/{did}/start")
    refused(r, 409, "sit_out_people")
    assert r.json()["values"] == {"people": 8}
    assert d.get(f"/api/drives/{did}").json()["state"] == "open"


def test_a_board_one_table_missed_is_matchpointed_with_neuberg(server: Server) -> None:
    # twelve people, three tables, one round of two duplicate deals; table 3 misses deal 2
    d, people, did = started(server, 12, movement="progressive", duplicate=True, rank_by="matchpoints",
                             rounds=1, deals=2)
    for table, ns in ((1, 8), (2, 7), (3, 6)):
        assert d.post(f"/api/drives/{did}/results", {"table": table, "deal": 1, "tricks": [ns, 13 - ns]}
                      ).status_code == 200
    for table, ns in ((1, 7), (2, 9)):
        d.post(f"/api/drives/{did}/results", {"table": table, "deal": 2, "tricks": [ns, 13 - ns]})
    assert d.post(f"/api/drives/{did}/end-round").json()["state"] == "finished"
    # deal 1 (3 results): N-S 4, 2, 0 and E-W 0, 2, 4 at tables 1, 2, 3.  Deal 2 (2 results of 3):
    # N-S 0 and 2 at tables 1 and 2, by Neuberg (mp + 1) * 3 / 2 - 1: 0.5 and 3.5 (E-W 3.5, 0.5)
    # table 1: 1 N, 2 E, 3 S, 4 W; table 2: 5 to 8; table 3: 9 to 12
    rows = Client(server).get(f"/api/drives/{did}").json()["standings"]["rows"]
    mp = {r["number"]: r["matchpoints"] for r in rows}
    assert mp == {1: 4.5, 3: 4.5, 2: 3.5, 4: 3.5, 5: 5.5, 7: 5.5, 6: 2.5, 8: 2.5,
                  9: 0, 11: 0, 10: 4, 12: 4}
    assert [r["number"] for r in rows[:2]] == [5, 7]
    text = Client(server).get(f"/api/drives/{did}/results.csv").text
    lines = list(csv.reader(io.StringIO(text)))
    assert sorted({r[4] for r in lines[1:13]}) == ["0", "2.5", "3.5", "4", "4.5", "5.5"]


def test_an_entry_waits_for_the_other_sides_confirmation_and_is_changed_only_with_consent(
        server: Server) -> None:
    d, people, did = started(server, 8, movement="progressive", rounds=2, deals=1)
    # table 1: 1 N, 2 E, 3 S, 4 W (people[0..3]); table 2: 5 to 8
    n, e, s, w = people[:4]

    def states(who: Client) -> list[dict[str, Any]]:
        return who.get(f"/api/drives/{did}").json()["entry_states"]  # type: ignore[no-any-return]

    def totals() -> dict[int, int]:
        return {r["number"]: r["total"] for r in d.get(f"/api/drives/{did}").json()["standings"]["rows"]}

    def confirm(who: Client) -> Any:
        return who.post(f"/api/drives/{did}/confirm", {"round": 1, "table": 1, "deal": 1})

    refused(confirm(e), 404, "no_result")
    assert n.post(f"/api/drives/{did}/results", {"table": 1, "deal": 1, "tricks": [8, 5]}).status_code == 200
    assert totals()[1] == 8                                    # it counts while it waits

    def csv_state() -> str:
        text = n.get(f"/api/drives/{did}/results.csv").text
        rows = list(csv.DictReader(io.StringIO(text.split("\n\n")[1])))
        return next(r["state"] for r in rows if (r["round"], r["table"], r["deal"]) == ("1", "1", "1"))

    assert csv_state() == "waiting"                            # the CSV says it is not confirmed
    [mine] = states(n)
    assert mine["state"] == "waiting" and not mine["can_confirm"] and mine["detail"]
    assert states(e)[0]["can_confirm"] and not states(s)[0]["can_confirm"]
    assert states(people[4]) == []                             # another table's entry
    refused(confirm(n), 403, "confirm_own_side")
    refused(confirm(s), 403, "confirm_own_side")               # N's partner is his side
    refused(confirm(people[4]), 403, "not_at_table")
    assert confirm(e).status_code == 200
    assert states(n)[0]["state"] == "confirmed" and csv_state() == "confirmed"
    refused(confirm(w), 409, "nothing_to_confirm")
    # N changes the confirmed entry: it waits for E-W's consent; the confirmed one counts
    assert n.post(f"/api/drives/{did}/results", {"table": 1, "deal": 1, "tricks": [7, 6]}).status_code == 200
    [waiting] = states(w)
    assert waiting["state"] == "change_waiting" and waiting["proposed"] and waiting["can_confirm"]
    assert totals()[1] == 8 and csv_state() == "change_waiting"
    refused(confirm(s), 403, "confirm_own_side")
    assert confirm(w).status_code == 200
    assert totals()[1] == 7 and states(n)[0]["state"] == "confirmed"
    # E-W may not change it themselves
    refused(e.post(f"/api/drives/{did}/results", {"table": 1, "deal": 1, "tricks": [5, 8]}), 403,
            "entry_other_side")


def test_the_director_corrects_and_locks_with_a_log_and_nobody_else_may(server: Server) -> None:
    d, people, did = started(server, 8, movement="progressive", rounds=2, deals=1)
    n, e, s, w = people[:4]
    n.post(f"/api/drives/{did}/results", {"table": 1, "deal": 1, "tricks": [8, 5]})
    fix = {"round": 1, "table": 1, "deal": 1, "tricks": [9, 4], "reason": "N-S claimed a trick too few"}
    lock = {"round": 1, "table": 1, "deal": 1, "locked": True}
    for hostile in (n, s, e):                                  # his own side's entry, or the other's
        refused(hostile.post(f"/api/drives/{did}/correct", fix), 403, "not_director")
        refused(hostile.post(f"/api/drives/{did}/lock", lock), 403, "not_director")
    assert Client(server).post(f"/api/drives/{did}/correct", fix).status_code == 401
    refused(d.post(f"/api/drives/{did}/correct", fix | {"tricks": [9, 5]}), 422, "bad_entry")
    refused(d.post(f"/api/drives/{did}/correct", fix | {"round": 2}), 409, "round_not_played")
    refused(d.post(f"/api/drives/{did}/correct", fix | {"table": 3}), 404, "no_drive_table")
    assert d.post(f"/api/drives/{did}/correct", fix | {"reason": ""}).status_code == 422
    view = d.post(f"/api/drives/{did}/correct", fix).json()
    [log] = view["corrections"]
    assert log["action"] == "correct" and log["reason"] == fix["reason"]
    assert log["before"] != log["after"] and "9" in log["after"]
    assert view["entry_states"][0]["state"] == "confirmed"     # the director's correction stands
    assert d.post(f"/api/drives/{did}/lock", lock).status_code == 200
    refused(n.post(f"/api/drives/{did}/results", {"table": 1, "deal": 1, "tricks": [8, 5]}), 409,
            "entry_locked")
    refused(e.post(f"/api/drives/{did}/confirm", {"round": 1, "table": 1, "deal": 1}), 409, "entry_locked")
    # the director still may (on the scorer's page too: logged); the lock stays
    assert d.post(f"/api/drives/{did}/results", {"table": 1, "deal": 1, "tricks": [9, 4]}).status_code == 200
    [state] = d.get(f"/api/drives/{did}").json()["entry_states"]
    assert state["locked"] and state["state"] == "confirmed"
    assert ",confirmed locked\n" in d.get(f"/api/drives/{did}/results.csv").text
    # table 2's result ends round 1, and he corrects it afterwards
    people[4].post(f"/api/drives/{did}/results", {"table": 2, "deal": 1, "tricks": [6, 7]})
    assert d.get(f"/api/drives/{did}").json()["round_no"] == 2
    d.post(f"/api/drives/{did}/correct", fix | {"table": 2, "tricks": [5, 8], "reason": "a revoke"})
    rows = {r["number"]: r["total"] for r in d.get(f"/api/drives/{did}").json()["standings"]["rows"]}
    assert rows[1] == 9 and rows[5] == 5 and rows[6] == 8
    actions = [c["action"] for c in d.get(f"/api/drives/{did}").json()["corrections"]]
    assert actions == ["correct", "lock", "correct", "correct"]
    reasons = [c["reason"] for c in d.get(f"/api/drives/{did}").json()["corrections"]]
    assert reasons[2] == "entered again by the director"
    text = d.get(f"/api/drives/{did}/results.csv").text
    assert "N-S claimed a trick too few" in text and "a revoke" in text
    page = d.get(f"/api/drives/{did}/print").text
    assert "Corrections" in page and "a revoke" in page
    assert "a revoke" in Client(server).get(f"/api/drives/{did}/print").text   # round 1 is over
    # the printed results in the page's languages: the director's words too
    dutch = d.get(f"/api/drives/{did}/print?lang=nl").text
    assert "<html lang='nl'>" in dutch and "<h2>Correcties</h2>" in dutch and "<h2>Stand</h2>" in dutch
    assert "opnieuw ingevoerd door de wedstrijdleider" in dutch and "a revoke" in dutch
    assert "Gerangschikt op totaal; bij gelijk totaal" in dutch
    assert "<p>Klassiek whist · schema doorschuiven · 2 ronden van 1 spellen · " in dutch
    for english in ("Standings", "Corrections", "Round", "Reason", "entered again", "Ranked by"):
        assert english not in dutch, english
    assert "<html lang='en'>" in d.get(f"/api/drives/{did}/print?lang=xx").text


def test_the_printed_results_have_every_word_in_every_language() -> None:
    from openwhist.server.drives.cards import LANGUAGES
    from openwhist.server.drives.printed import RESULT_WORDS

    assert set(RESULT_WORDS) == set(LANGUAGES)
    for lang, words in RESULT_WORDS.items():
        assert words.keys() == RESULT_WORDS["en"].keys(), lang
        for key in ("ranked", "scaling", "line"):   # the same blanks to fill
            blanks = sorted(re.findall(r"{\w+}", RESULT_WORDS["en"][key]))
            assert sorted(re.findall(r"{\w+}", words[key])) == blanks, (lang, key)


def test_a_correction_scores_the_later_deals_streaks_again_and_keeps_their_state(server: Server) -> None:
    """Romanian whist on real cards (streaks carry from deal to deal): deal 1 entered wrong
    and corrected by the director once the round is over scores deals 2 and 3 again, so the
    standings equal those of a drive where it was right from the start; deal 2 keeps its
    confirmation and its lock."""
    def romanian() -> tuple[Client, list[Client], str]:
        return started(server, 4, family="romanian", options={"players": 3, "schedule": "max-1-max",
                                                               "streak": 2},
                       movement="individual", rounds=2, deals=3)

    right, wrong = [2, 3, 3], [3, 2, 3]                  # N's tricks for his bid of 2: exact, or not
    deals = [([1, 3, 3], [1, 4, 3]), ([0, 4, 3], [0, 5, 3])]
    totals = []
    for first in (right, wrong):
        d, people, did = romanian()                      # round 1: 1, 2, 3 at N, E, S; 4 sits out
        for deal, (bids, tricks) in enumerate([([2, 2, 3], first), *deals], 1):
            r = people[0].post(f"/api/drives/{did}/results", {"table": 1, "deal": deal, "bids": bids,
                                                               "tricks": tricks})
            assert r.status_code == 200, r.text
        assert d.get(f"/api/drives/{did}").json()["round_no"] == 2
        if first is wrong:
            assert people[1].post(f"/api/drives/{did}/confirm", {"round": 1, "table": 1, "deal": 2}
                                  ).status_code == 200
            d.post(f"/api/drives/{did}/lock", {"round": 1, "table": 1, "deal": 2})
            fix = {"round": 1, "table": 1, "deal": 1, "bids": [2, 2, 3], "tricks": right,
                   "reason": "N took 2, not 3"}
            fixed = d.post(f"/api/drives/{did}/correct", fix)
            assert fixed.status_code == 200, fixed.text
            two = next(x for x in fixed.json()["entry_states"] if (x["round"], x["deal"]) == (1, 2))
            assert two["state"] == "confirmed" and two["locked"]
        rows = d.get(f"/api/drives/{did}").json()["standings"]["rows"]
        totals.append({r["number"]: r["total"] for r in rows})
    assert totals[0] == totals[1]
    assert totals[0][1] != 0
