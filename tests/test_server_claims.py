"""Claims through the real server, as hostile clients would try them: the claimant's cards
reach his opponents only (never his partner, a spectator or the table's public info), play
stops at a claim, and a refused claim is settled by the solver, never played on with the
hand known."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from openwhist.bots.claims import claim_holds
from server_util import Client, Server, deal_now, play_people_until, wait_for_solver


@pytest.fixture(scope="module")
def solver_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    db = f"sqlite:///{tmp_path_factory.mktemp('claims') / 'claims.sqlite3'}"
    s = Server(db, away=600, env={"OPENWHIST_COMPILE_SOLVER": "1"})
    wait_for_solver(s.url)  # claims are checked by the solver
    yield s, db
    s.stop()


def claimed_value(deal: Any, seat: int) -> int:
    """The most tricks the side of ``seat`` can be sure of from here (double dummy)."""
    return next(k for k in range(13, -1, -1) if claim_holds(deal, seat, k))


def test_a_claim_shows_the_hand_to_the_opponents_only_and_a_refusal_is_settled(
        solver_server: tuple[Server, str]) -> None:
    server, db = solver_server
    names = {"N": "ann", "E": "eve", "S": "sue", "W": "wes"}
    clients = {s: Client(server).guest(name) for s, name in names.items()}
    tid = clients["N"].post("/api/tables", {"variant": "classic", "until": "deals", "count": 1,
                                            "seats": ["me", "open", "open", "open"]}).json()["id"]
    for s in "ESW":
        assert clients[s].post(f"/api/tables/{tid}/join", {"seat": s}).status_code == 200
    spy = Client(server).guest("spy")
    sockets = {s: c.ws(tid) for s, c in clients.items()}
    watcher = spy.ws(tid)
    for x in (*sockets.values(), watcher):
        x.recv()
    play_people_until(clients, sockets, tid, 5)
    deal = deal_now(db, tid)
    value = claimed_value(deal, 0)
    hand = clients["N"].get(f"/api/tables/{tid}/view").json()["view"]["hand"]
    sockets["N"].send({"type": "claim", "tricks": min(value + 1, 8)})

    seen = {s: x.until(lambda m: m["type"] == "claim") for s, x in sockets.items()}
    seen["spectator"] = watcher.until(lambda m: m["type"] == "claim")
    for who, message in seen.items():
        assert message["seat"] == "N" and message["tricks"] == min(value + 1, 8)
        if who in ("N", "E", "W"):  # the claimant and his opponents
            assert sorted(message["hand"]) == sorted(hand)
        else:  # his partner and a spectator: who claims and how many, never the cards
            assert "hand" not in message, who
    # the table's info over HTTP: the hand for the opponents only
    assert sorted(clients["E"].get(f"/api/tables/{tid}").json()["claim"]["hand"]) == sorted(hand)
    for reader in (clients["S"], spy):
        assert "hand" not in reader.get(f"/api/tables/{tid}").json()["claim"]
    assert "hand" not in httpx.get(f"{server.url}/api/tables/{tid}").json()["claim"]
    assert not any(c in json.dumps(clients["S"].get(f"/api/tables/{tid}/view").json()["view"]["hand"])
                   for c in hand)

    # play stops at a claim; only an opponent answers
    to_act = deal.controller(deal.to_move)
    actor = "NESW"[to_act]
    legal = clients[actor].get(f"/api/tables/{tid}/view").json()["view"]["legal"]
    assert legal == []  # nobody is offered an action while a claim is open
    sockets[actor].send({"type": "act", "action": str(next(iter(deal.legal_actions()))), "ref": "x"})
    assert sockets[actor].until(lambda m: m.get("ref") == "x")["code"] == "claim_open"
    sockets["S"].send({"type": "answer", "accept": False, "ref": "p"})
    assert sockets["S"].until(lambda m: m.get("ref") == "p")["code"] == "claim_none"

    # refused: settled by the solver, not played on
    before = sum(1 for t in deal.tricks if int(deal.sides[t.winner]) == 0)
    sockets["E"].send({"type": "answer", "accept": False})
    refused = sockets["N"].until(lambda m: m["type"] == "claim_refused")
    assert refused["claimant"] == "N" and refused["seat"] == "E" and "solver" in refused["settled"]
    sockets["W"].send({"type": "answer", "accept": True, "ref": "late"})
    assert sockets["W"].until(lambda m: m.get("ref") == "late")["code"] == "claim_none"
    events = []
    m = sockets["S"].until(lambda m: m["type"] == "event")
    while True:
        events.append(m)
        if "deal_over" in m:
            break
        m = sockets["S"].until(lambda m: m["type"] == "event", timeout=60)
    assert all(e["claimed"] and e["by_bot"] for e in events)  # nobody played on by hand
    final = events[-1]["deal_over"]["final"]["tricks"]
    ns = sum(1 for t in final if t["winner"] in ("N", "S")) - before
    assert ns == value  # the claim of one trick too many: held to what the cards make
    for x in (*sockets.values(), watcher):
        x.close()


def test_computer_players_refuse_a_false_claim_and_it_is_settled(solver_server: tuple[Server, str]) -> None:
    server, db = solver_server
    me = Client(server).guest("claimer")
    t = me.post("/api/tables", {"variant": "classic", "until": "deals", "count": 1,
                                "seats": ["me", "bot:random", "bot:random", "bot:random"]}).json()
    seat = me.ws(t["id"])
    seat.recv()
    play_people_until({"N": me}, {"N": seat}, t["id"], 5)
    deal = deal_now(db, t["id"])
    value = claimed_value(deal, 0)
    before = sum(1 for tr in deal.tricks if int(deal.sides[tr.winner]) == 0)
    left = 13 - len(deal.tricks)
    if value == left:  # N-S take every trick left: no claim is more than the truth
        seat.send({"type": "claim", "tricks": value})
    else:
        seat.send({"type": "claim", "tricks": value + 1})
        refused = seat.until(lambda m: m["type"] == "claim_refused")
        assert refused["claimant"] == "N" and refused["seat"] is None  # a computer player said no
    end = seat.until(lambda m: "deal_over" in m, timeout=60)
    ns = sum(1 for tr in end["deal_over"]["final"]["tricks"] if tr["winner"] in ("N", "S")) - before
    assert ns == value
    seat.close()


def test_a_true_claim_is_accepted_by_computer_players(solver_server: tuple[Server, str]) -> None:
    server, db = solver_server
    me = Client(server).guest("truth")
    t = me.post("/api/tables", {"variant": "classic", "until": "deals", "count": 1,
                                "seats": ["me", "bot:random", "bot:random", "bot:random"]}).json()
    seat = me.ws(t["id"])
    seat.recv()
    play_people_until({"N": me}, {"N": seat}, t["id"], 6)
    deal = deal_now(db, t["id"])
    value = claimed_value(deal, 0)
    before = sum(1 for tr in deal.tricks if int(deal.sides[tr.winner]) == 0)
    seat.send({"type": "claim", "tricks": value})
    end = seat.until(lambda m: "deal_over" in m, timeout=60)
    assert not any(json.loads(x).get("type") == "claim_refused" for x in seat.log)
    ns = sum(1 for tr in end["deal_over"]["final"]["tricks"] if tr["winner"] in ("N", "S")) - before
    assert ns == value  # best play: exactly the tricks the claim proved
    seat.close()
