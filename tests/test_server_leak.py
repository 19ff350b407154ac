"""No seat ever receives a hidden card of another hand: people at every seat of many
random deals play through the real server's WebSocket, every message they receive is
kept, and each is checked against the true deal at its version (replayed from the
database): a card held by another hand and not public to this seat never appears in it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from openwhist import new_match
from openwhist.cards import Card, CardSet
from openwhist.rules.seats import seat_names
from openwhist.server.table import match_seed
from openwhist.store import Store, load_table
from server_util import Client, Seat, Server

CARD = re.compile(r"\b[2-9TJQKA][SHDC]\b")
DEALS = {"classic": 4, "dummy": 4, "german": 3}


def _cards(obj: Any) -> set[str]:
    return set(CARD.findall(json.dumps(obj)))


@pytest.mark.parametrize("variant", list(DEALS))
def test_no_hidden_card_reaches_another_seat(tmp_path: Path, variant: str) -> None:
    db = f"sqlite:///{tmp_path / 'leak.sqlite3'}"
    server = Server(db, bot_pause=0.0, away=600)
    try:
        owner = Client(server).guest("p0")
        t = owner.post("/api/tables", {"variant": variant, "until": "deals", "count": 20}).json()
        people = [owner]
        for i in range(1, len(t["seats"])):
            c = Client(server).guest(f"p{i}")
            assert c.post(f"/api/tables/{t['id']}/join", {}).status_code == 200
            people.append(c)
        seats: list[Seat] = [c.ws(t["id"]) for c in people]
        for s in seats:
            s.recv()
        deals = 0
        for step in range(5000):
            actor = next((s for s in seats if s.view.get("legal")), None)
            assert actor is not None, "nobody may act"
            legal = actor.view["legal"]
            actor.send({"type": "act", "action": legal[step * 7919 % len(legal)]})
            for s in seats:
                m = s.until(lambda r: r["type"] == "event")
                if s is seats[0] and "deal_over" in m:
                    deals += 1
            if deals >= DEALS[variant]:
                break
        for s in seats:
            s.close()
    finally:
        server.stop()
    store = Store(db)
    try:
        row = store.call(load_table, t["id"])
    finally:
        store.close()
    assert row is not None and row["match_no"] == 0
    options = json.loads(row["options"])
    match = new_match(row["variant"], seed=match_seed(row["seed"], 0), until=row["until"],
                      count=row["count"], **options)
    actions = [a["action"] for a in row["actions"]]
    # messages by version: the state after (v - v0) actions, v0 the version before the first
    first_event = min(json.loads(x)["v"] for s in seats for x in s.log if '"type":"event"' in x)
    v0 = first_event - 1
    states: list[Any] = []
    checked = 0
    for k in range(len(actions) + 1):
        deal = match.state
        hidden: dict[int, set[str]] = {}
        names = seat_names(deal.n_hands)
        for seat in deal.seats:
            obs = deal.observation(seat)
            public = {str(Card(c)) for cs in obs.known.values() for c in cs}
            public |= {str(Card(c)) for c in obs.hand} | {str(Card(c)) for c in obs.shown}
            mine = {names[h] for h in (seat, *obs.controls)}
            secret: set[str] = set()
            for place, mask in deal.locations().items():
                if place in ("played", "face_up") or place in mine:
                    continue
                secret |= {str(Card(c)) for c in CardSet(mask)}
            hidden[seat] = secret - public
        states.append(hidden)
        if k < len(actions):
            match.apply(actions[k])
    for seat_no, s in enumerate(seats):
        seat = match.state.seats[seat_no]
        for text in s.log:
            m = json.loads(text)
            k = max(0, m["v"] - v0)
            if k >= len(states):
                continue
            old_deal = ("action", "deal_over") if "deal_over" in m else ()
            body = {key: val for key, val in m.items() if key not in old_deal}
            leaked = _cards(body) & states[k][seat]
            if old_deal:  # the action that ended a deal and its final view: of that deal
                ended = {key: m[key] for key in old_deal}
                leaked |= _cards(ended) & (states[k - 1][seat] - {m["action"]})
            assert not leaked, (variant, seat, m["type"], m["v"], leaked)
            checked += 1
    assert checked > 200
