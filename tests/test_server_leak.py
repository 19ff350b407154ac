"""No client is ever sent a card it may not see.  Tables of every registered variant are
played through the real server, with people and bots seated, a spectator (a client who
does not sit) watching and an onlooker without a session: every WebSocket message each
client receives, every ``GET /api/tables/{id}/view`` (as a seat, as a spectator, without a
session) and every ``/hint`` is kept, and each is checked against the true deal at its
version (replayed from the database).

A seat may be shown only its own cards (and a hand it plays), the cards its observation
holds as public and the cards played.  A spectator may be shown only what someone
watching from the first card saw, worked out here from the deal itself: the cards
played, a turned-up trump, the exposed dummy, the face-up stock cards, an open misère
hand once laid down, the cards troel shows.  Belgian whist's rare contracts are forced:
the people at a table make the calls (troel on a deal chosen for its three aces)."""

from __future__ import annotations

import json
import random
import re
import sqlite3
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

import openwhist
from openwhist import new_match
from openwhist.cards import Card
from openwhist.rules.base import Call
from openwhist.rules.registry import variants
from openwhist.rules.seats import parse_seat
from openwhist.server.table import match_seed
from openwhist.store import Store, load_table
from server_util import Client, Seat, Server

CARD = re.compile(r"\b[2-9TJQKA][SHDC]\b")
ENV = {"OPENWHIST_SIGNUP_LIMIT": "500", "OPENWHIST_HINT_LIMIT": "500"}
FORCED = ("troel", "small-misere", "grand-misere", "open-misere", "piccolo", "piccolissimo",
          "abondance", "soloslim")
"""The Belgian contracts forced at one table, one deal each (troel first, on its deal)."""
CHECKED: dict[str, int] = {}
"""Messages and answers checked per variant (printed with ``-s``)."""


def start(path: Path) -> Server:
    return Server(f"sqlite:///{path}", bot_pause=0.0, away=600, env=ENV)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = start(tmp_path_factory.mktemp("leak") / "leak.sqlite3")
    yield s
    s.stop()
    print("\nmessages checked per variant:", CHECKED)


def _scrub(obj: Any) -> Any:
    """The message without the table's id and invitation code (random text, not cards)."""
    if isinstance(obj, dict):
        return {k: _scrub(v) for k, v in obj.items() if k not in ("id", "code")}
    if isinstance(obj, list):
        return [_scrub(v) for v in obj]
    return obj


def cards_named(obj: Any) -> int:
    return sum({1 << Card.parse(t) for t in CARD.findall(json.dumps(_scrub(obj)))})


def names(mask: int) -> list[str]:
    return [str(Card(c)) for c in range(52) if mask >> c & 1]


# --- what each audience may see, from the true deal --------------------------------------------


def seat_may_see(deal: Any, seat: int) -> int:
    """A seat: its own cards and those of a hand it plays, its observation's public cards,
    the cards played."""
    obs = deal.observation(seat)
    mask = obs.hand.mask | obs.shown.mask | obs.played.mask
    for cs in obs.known.values():
        mask |= cs.mask
    for h in obs.controls:
        mask |= deal.hands[h]
    return mask


def public_may_see(deal: Any) -> int:
    """Someone watching from the first card, from the deal's own facts (not from any
    observation): the cards played, the turned-up card, the cards a short deck leaves out,
    the dummy, the stock cards turned face up, an open misère hand once it is laid down,
    what troel shows."""
    places = deal.locations()
    mask = places["played"] | places.get("out", 0)  # a short deck's cards left out: known to all
    if getattr(deal, "turn_up", None) is not None:
        mask |= 1 << deal.turn_up
    dummy = getattr(deal.options, "dummy", None)
    if dummy is not None:
        mask |= deal.dealt[dummy]
    for c in [*getattr(deal, "turned", ()), *getattr(deal, "row", ())]:
        mask |= 1 << c
    exposed = getattr(deal, "exposed", None)
    if exposed is not None and exposed() is not None:
        mask |= deal.dealt[exposed()]
    contract = getattr(deal, "contract", None)
    if contract is not None and contract.kind == "troel":
        for shown in deal.troel_shown().values():
            mask |= shown
    return mask


def may_see(deal: Any, audience: int | None) -> int:
    return public_may_see(deal) if audience is None else seat_may_see(deal, audience)


# --- a table played through the server ------------------------------------------------------


@dataclass
class Person:
    client: Client
    conn: Seat
    letter: str
    seat: int


@dataclass
class Table:
    server: Server
    variant: str
    id: str
    people: list[Person]
    watcher: Client
    watching: Seat
    answers: list[tuple[int | None, str, dict[str, Any]]] = field(default_factory=list)
    """HTTP answers kept: (audience, route, body)."""
    deals: list[dict[str, Any]] = field(default_factory=list)
    """The final spectator view of each finished deal."""
    read: int = 0
    """How much of the spectator's log ``deals`` has read."""

    @property
    def conns(self) -> list[Seat]:
        return [p.conn for p in self.people] + [self.watching]


def open_table(server: Server, variant: str, seats: list[str], options: dict[str, Any],
               tag: str) -> Table:
    owner = Client(server).guest(f"{tag}0")
    r = owner.post("/api/tables", {"variant": variant, "until": "deals", "count": 20,
                                   "seats": seats, "options": options})
    assert r.status_code == 201, r.text
    t = r.json()
    clients = [owner]
    for i in range(1, seats.count("open") + 1):
        c = Client(server).guest(f"{tag}{i}")
        assert c.post(f"/api/tables/{t['id']}/join", {}).status_code == 200
        clients.append(c)
    watcher = Client(server).guest(f"{tag}w")
    return connect(server, variant, t["id"], clients, watcher)


def connect(server: Server, variant: str, table_id: str, clients: list[Client],
            watcher: Client) -> Table:
    people = []
    for c in clients:
        conn = c.ws(table_id)
        welcome = conn.recv()
        hands = len(welcome["view"]["hand_sizes"])   # 5 or 6 where the options seat as many
        people.append(Person(c, conn, welcome["seat"], parse_seat(welcome["seat"], hands)))
    watching = watcher.ws(table_id)
    assert watching.recv()["seat"] is None
    return Table(server, variant, table_id, people, watcher, watching)


def _version(conn: Seat) -> int:
    return max((json.loads(t).get("v", 0) for t in conn.log[-3:]), default=0)


def catch_up(table: Table, version: int) -> None:
    """Read every connection's messages up to ``version``, then whatever else is there."""
    for conn in table.conns:
        while _version(conn) < version:
            conn.recv(timeout=20)
        while True:
            try:
                conn.recv(timeout=0)
            except TimeoutError:
                break


def http_views(table: Table) -> None:
    """``GET /view`` as each person, as the spectator and without a session."""
    path = f"/api/tables/{table.id}/view"
    for p in table.people:
        table.answers.append((p.seat, "view", p.client.get(path).json()))
    table.answers.append((None, "view", table.watcher.get(path).json()))
    table.answers.append((None, "view", httpx.get(table.server.url + path, timeout=10).json()))


Chooser = Callable[[Table, Person, dict[str, Any], random.Random], str]


def play(table: Table, choose: Chooser, done: Callable[[Table], bool], hints: int = 0,
         steps: int = 3000) -> None:
    """People act (``choose``), bots act by themselves, until ``done``; views are fetched
    over HTTP every few moves and hints asked for (``hints`` times) where one may be."""
    rng = random.Random(table.id)
    moves = 0
    for _ in range(steps):
        if done(table):
            return
        actor = next((p for p in table.people if p.conn.view.get("legal")), None)
        if actor is None:
            latest = _version(table.watching)
            if all(_version(c) >= latest for c in table.conns):  # bots are to act: wait
                table.watching.recv(timeout=20)
            catch_up(table, _version(table.watching))
            continue
        view = actor.conn.view
        if moves % 5 == 0:
            http_views(table)
        if hints and moves % 3 == 0:
            hints -= 1
            r = actor.client.get(f"/api/tables/{table.id}/hint")
            assert r.status_code == 200, r.text
            table.answers.append((actor.seat, "hint", r.json()))
            assert r.json()["action"] in view["legal"]
        moves += 1
        ref = moves
        actor.conn.send({"type": "act", "action": choose(table, actor, view, rng), "ref": ref})
        m = actor.conn.until(lambda m, ref=ref: m.get("ref") == ref)
        assert m["type"] == "event", m
        catch_up(table, m["v"])
    raise AssertionError("the table did not get there")


def deals_over(table: Table) -> int:
    """Deals finished so far (their final spectator views are kept in ``table.deals``)."""
    log = table.watching.log
    for text in log[table.read:]:
        if '"deal_over"' in text:
            table.deals.append(json.loads(text)["deal_over"]["final"])
    table.read = len(log)
    return len(table.deals)


def contracts_played(table: Table) -> set[str]:
    """The kinds of contract of the deals finished so far."""
    deals_over(table)
    return {_kind(d["info"]["contract"]["name"]) for d in table.deals if d["info"]["contract"]}


def random_choice(table: Table, person: Person, view: dict[str, Any], rng: random.Random) -> str:
    legal: list[str] = view["legal"]
    return legal[rng.randrange(len(legal))]


# --- checking every message -------------------------------------------------------------------


def check(table: Table, label: str = "") -> int:
    """Every message and answer against the true deal at its version; returns how many."""
    for conn in table.conns:
        conn.close()
    store = Store(table.server.database)
    try:
        row = store.call(load_table, table.id)
    finally:
        store.close()
    assert row is not None and row["match_no"] == 0
    options = json.loads(row["options"])
    match = new_match(row["variant"], seed=match_seed(row["seed"], 0, int(row.get("keyed_from") or 0)),
                      until=row["until"], count=row["count"], **options)
    actions = row["actions"]
    versions = [a["version"] for a in actions]
    seats = list(match.state.seats)
    audiences: list[int | None] = [*seats, None]
    allowed: list[dict[int | None, int]] = []   # after k actions: per audience
    final: list[dict[int | None, int] | None] = [None]  # the deal action k-1 ended, if any
    for k in range(len(actions) + 1):
        deal = match.state
        allowed.append({a: may_see(deal, a) for a in audiences})
        if k == len(actions):
            break
        match.apply(actions[k]["action"])
        final.append({a: may_see(deal, a) for a in audiences} if match.state is not deal else None)

    def at(version: int) -> int:
        return bisect_right(versions, version)

    checked = 0

    def verify(audience: int | None, message: dict[str, Any], what: str) -> None:
        nonlocal checked
        k = at(message["v"])
        body = dict(message)
        ended = {}
        if "deal_over" in body:
            ended = {"action": body.pop("action"), "deal_over": body.pop("deal_over")}
            secret_then = final[k]
            assert secret_then is not None, (what, message["v"])
            leaked = cards_named(ended) & ~secret_then[audience]
            assert not leaked, (table.variant, what, audience, message["v"], names(leaked))
        leaked = cards_named(body) & ~allowed[k][audience]
        assert not leaked, (table.variant, what, audience, message["v"], names(leaked))
        checked += 1

    for p in table.people:
        for text in p.conn.log:
            m = json.loads(text)
            if "v" in m:
                verify(p.seat, m, f"message to {p.letter}")
    for text in table.watching.log:
        m = json.loads(text)
        if "v" in m:
            verify(None, m, "message to the spectator")
    for audience, route, answer in table.answers:
        verify(audience, answer, route)
    label = label or table.variant
    CHECKED[label] = CHECKED.get(label, 0) + checked
    return checked


# --- the tables -------------------------------------------------------------------------------

SEATS = {"classic": ["me", "open", "bot:heuristic", "bot:heuristic"],
         "dummy": ["me", "open", "bot:heuristic"],
         "german": ["me", "bot:heuristic"],
         "belgian": ["me", "bot:heuristic", "bot:heuristic", "bot:heuristic"],
         "romanian": ["me", "open", "bot:heuristic", "bot:heuristic", "bot:heuristic"],
         "oh-hell": ["me", "bot:heuristic", "bot:heuristic", "bot:heuristic", "bot:heuristic",
                     "bot:heuristic"]}
DEALS = {"classic": 2, "dummy": 2, "german": 1, "belgian": 4, "romanian": 7, "oh-hell": 4}
OPTIONS: dict[str, dict[str, Any]] = {"romanian": {"players": 5}, "oh-hell": {"players": 6}}
"""The options of a table where the defaults will not do (the exact-bid whists: 5 and 6
players, seats A to E and A to F)."""


def test_every_variant_is_covered() -> None:
    assert set(SEATS) == set(variants())


@pytest.mark.parametrize("variant", sorted(SEATS))
def test_no_client_is_sent_a_card_it_may_not_see(server: Server, variant: str) -> None:
    """People and bots at the table, a spectator, an onlooker without a session; hints
    where one person plays against bots."""
    table = open_table(server, variant, SEATS[variant], OPTIONS.get(variant, {}), variant[:3])
    alone = SEATS[variant].count("open") == 0
    play(table, random_choice, lambda t: deals_over(t) >= DEALS[variant], hints=8 if alone else 0)
    if not alone:  # hints are off where people play each other
        p = table.people[0]
        assert p.client.get(f"/api/tables/{table.id}/hint").status_code in (403, 409)
    http_views(table)
    assert check(table) > 60


def _kind(contract_name: str) -> str:
    return contract_name.replace(" misere", "-misere").split()[0]


def forced_choice(table: Table, person: Person, view: dict[str, Any], rng: random.Random) -> str:
    """In the auction the first speaker calls the contract still to be played (troel: all
    pass), the others pass; after it, any legal action."""
    legal: list[str] = view["legal"]
    if view["phase"] == "auction":
        played = contracts_played(table)
        target = next(k for k in FORCED if k not in played)
        first = "NESW"[("NESW".index(view["dealer"]) + 1) % 4]
        if target != "troel" and person.letter == first:
            for a in legal:
                if Call.parse(a).kind == target:
                    return a
        if "pass" in legal:
            return "pass"
    return legal[rng.randrange(len(legal))]


def test_belgian_rare_contracts_leak_nothing(tmp_path: Path) -> None:
    """Troel, small misère (every player's discard), misère, open misère, piccolo,
    piccolissimo, abondance and soloslim, one deal each, four people, a spectator."""
    db = tmp_path / "forced.sqlite3"
    server = start(db)
    options = {"piccolissimo": True}
    try:
        owner = Client(server).guest("f0")
        t = owner.post("/api/tables", {"variant": "belgian", "until": "deals", "count": 20,
                                       "options": options}).json()
        clients = [owner]
        for i in range(1, 4):
            c = Client(server).guest(f"f{i}")
            assert c.post(f"/api/tables/{t['id']}/join", {}).status_code == 200
            clients.append(c)
        watcher = Client(server).guest("fw")
    finally:
        server.stop()
    # the first deal: one with troel (a hand of exactly three aces), found by the seed
    store = Store(f"sqlite:///{db}")
    try:
        row = store.call(load_table, t["id"])
    finally:
        store.close()
    assert row is not None
    keyed_from = int(row.get("keyed_from") or 0)
    seed = next(s for s in range(1, 1000) if openwhist.new_match(
        "belgian", seed=match_seed(s, 0, keyed_from), until="deals", count=20,
        **options).state.troel is not None)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE tables SET seed = ? WHERE id = ?", (seed, t["id"]))
    server = start(db)
    try:
        for c in (*clients, watcher):
            c.move(server)
        table = connect(server, "belgian", t["id"], clients, watcher)
        play(table, forced_choice, lambda t: set(FORCED) <= contracts_played(t))
        http_views(table)
        assert check(table, "belgian, forced contracts") > 200
        assert [_kind(d["info"]["contract"]["name"]) for d in table.deals][0] == "troel"
        assert any(c[1] == "discard" for d in table.deals for c in d["calls"])
    finally:
        server.stop()
