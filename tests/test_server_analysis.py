"""The analysis of a finished deal (each card's double-dummy verdict from the solver) and
the hint during play against bots: computed from records and observations in this
process, then asked of the real server: "not ready yet" while the solver is being
prepared, the verdicts once it is, cached per record; hints from the seat's own view,
refused at tables of people."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

import openwhist
from openwhist import records
from openwhist.bots import make_bot, play_out
from openwhist.bots.book import TECHNIQUES, TechniqueBot
from openwhist.rules.base import Observation
from openwhist.server.analysis import NOT_READY, AnalysisCache, analyse_record
from openwhist.solver import Position, solve_all
from server_util import Client, Server, finish_match, wait_for_solver


def _record(variant: str, seed: int, bot: str = "random", calls: tuple[str, ...] = ()) -> dict[str, Any]:
    match = openwhist.new_match(variant, seed=seed, until="deals", count=1)
    for call in calls:
        match.apply(call)
    while calls and match.state.phase == "auction":
        match.apply("pass")
    play_out(match, {s: make_bot(bot, seed=s) for s in match.state.seats})
    return records.match_record(match)


def _entries(deal: dict[str, Any]) -> list[dict[str, Any] | None]:
    return [e for trick in deal["tricks"] for e in trick]


def test_each_card_of_a_classic_deal_gets_the_solvers_verdict() -> None:
    rec = _record("classic", 2)
    deal = analyse_record(rec)["deals"][0]
    assert deal["skipped"] == [] and len(deal["tricks"]) == 13
    entries = _entries(deal)
    assert len(entries) == 52 and all(e is not None for e in entries)
    played = [a for a in rec["deals"][0]["actions"]]
    assert [e["card"] for e in entries if e] == played
    assert any(e["cost"] > 0 for e in entries if e)           # random play gives tricks away
    for e in entries:
        assert e is not None and e["unit"] == "tricks"
        assert (e["cost"] == 0) == (e["card"] in e["best"])
    # the first card, checked against the solver by hand: the leader's side's tricks
    first = records.replay(rec).deals[0]
    while first.history:
        first.undo()
    values = solve_all(Position.from_state(first, declarer_side=first.sides[first.to_move]))
    e0 = entries[0]
    assert e0 is not None and e0["value"] == values[openwhist.Card.parse(e0["card"])]
    assert e0["cost"] == max(values.values()) - e0["value"]


def test_german_whist_is_judged_in_its_play_phase_only_where_perfect_play_costs_nothing() -> None:
    deal = analyse_record(_record("german", 3, bot="solver"))["deals"][0]
    assert deal["skipped"] == ["stock"] and len(deal["tricks"]) == 26
    stock, play = deal["tricks"][:13], deal["tricks"][13:]
    assert all(e is None for trick in stock for e in trick)
    verdicts = [e for trick in play for e in trick]
    assert len(verdicts) == 26 and all(e is not None and e["cost"] == 0 for e in verdicts)


def test_a_belgian_misere_is_judged_by_the_contract_and_two_miseres_are_skipped() -> None:
    deal = analyse_record(_record("belgian", 5, bot="heuristic", calls=("grand-misere",)))["deals"][0]
    judged = [e for e in _entries(deal) if e is not None]
    assert deal["skipped"] == [] and judged and {e["unit"] for e in judged} == {"contract"}
    assert all(e["value"] in (0, 1) and e["cost"] in (0, 1) for e in judged)
    both = analyse_record(_record("belgian", 6, bot="heuristic",
                                  calls=("grand-misere", "grand-misere")))["deals"][0]
    assert both["skipped"] == ["contract"] and all(e is None for e in _entries(both))


def test_the_cache_computes_a_record_once() -> None:
    rec = _record("classic", 4)
    cache = AnalysisCache(size=1)
    first = cache.get(7, rec)
    assert cache.get(7, rec) is first
    cache.get(8, _record("classic", 5))
    assert cache.get(7, rec) is not first                     # pushed out, computed again


@pytest.fixture(scope="module")
def cold(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('an-cold') / 'db.sqlite3'}", bot_pause=0.0)
    yield s
    s.stop()


def test_analysis_waits_for_the_solver_and_hints_come_from_the_seats_own_view(cold: Server) -> None:
    me = Client(cold).guest("cold")
    table = me.post("/api/quickplay", {"variant": "classic", "bot": "random", "until": "deals",
                                       "count": 1}).json()
    seat = me.ws(table["id"])
    m = seat.until(lambda m: bool(m.get("view", {}).get("legal")))
    hint = me.get(f"/api/tables/{table['id']}/hint").json()
    view = m["view"]
    assert hint["bot"] == "technique" and hint["action"] in view["legal"] and hint["hand"] == view["to_move"]
    book = TechniqueBot(seed=hint["v"])
    expect = book.choose(Observation.from_json(view))
    assert hint["action"] == str(expect)                       # the seat's view is all it used
    assert hint["technique"] == book.last_technique            # and the rule it followed
    assert Client(cold).guest("x").get(f"/api/tables/{table['id']}/hint").status_code == 404
    seat.send({"type": "act", "action": hint["action"], "ref": 1})
    seat.close()
    finish_match(me, table["id"])
    rec = me.get("/api/my/records").json()[0]
    r = me.get(f"/api/records/{rec['id']}/analysis")
    assert r.status_code == 503 and r.json()["error"] == NOT_READY
    assert Client(cold).guest("y").get(f"/api/records/{rec['id']}/analysis").status_code == 404


def test_no_hints_at_a_table_of_two_people(cold: Server) -> None:
    me, friend = Client(cold).guest("one"), Client(cold).guest("two")
    table = me.post("/api/tables", {"variant": "classic", "seats": ["me", "open", "bot:random",
                                                                    "bot:random"]}).json()
    assert friend.post(f"/api/tables/{table['id']}/join", {"seat": "E"}).status_code == 200
    r = me.get(f"/api/tables/{table['id']}/hint")
    assert r.status_code == 403 and "more than one person" in r.json()["error"]


@pytest.fixture(scope="module")
def warm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('an-warm') / 'db.sqlite3'}", bot_pause=0.0,
               env={"OPENWHIST_COMPILE_SOLVER": "1"})
    wait_for_solver(s.url)
    yield s
    s.stop()


def test_the_server_analyses_a_finished_deal_once_the_solver_is_ready(warm: Server) -> None:
    me = Client(warm).guest("warm")
    table = me.post("/api/quickplay", {"variant": "classic", "bot": "random", "until": "deals",
                                       "count": 1}).json()
    seat = me.ws(table["id"])
    seat.until(lambda m: bool(m.get("view", {}).get("legal")))
    hint = me.get(f"/api/tables/{table['id']}/hint").json()
    if hint["bot"] == "technique":  # the search left the first lead to the rule books
        assert hint["technique"] in {t.name for t in TECHNIQUES}
        for _ in range(4):  # a card or two later the solver decides, and says by how much
            seat.send({"type": "act", "action": hint["action"], "ref": 1})
            seat.until(lambda m, v=hint["v"]: bool(m.get("view", {}).get("legal")) and m.get("v", 0) > v)
            hint = me.get(f"/api/tables/{table['id']}/hint").json()
            if hint["bot"] == "solver":
                break
    assert hint["bot"] == "solver" and hint["unit"] == "tricks"
    assert list(hint["values"])[0] == hint["action"] and 1 <= len(hint["values"]) <= 4
    seat.close()
    finish_match(me, table["id"])
    rec = me.get("/api/my/records").json()[0]
    out = me.get(f"/api/records/{rec['id']}/analysis").json()
    replay = me.get(f"/api/records/{rec['id']}/replay").json()
    deal = out["deals"][0]
    cards = [t["cards"] for t in replay["deals"][0]["tricks"]]
    assert [[e["card"] for e in t] for t in deal["tricks"]] == cards
    t = time.perf_counter()
    assert me.get(f"/api/records/{rec['id']}/analysis").json() == out
    assert time.perf_counter() - t < 0.5                       # cached
