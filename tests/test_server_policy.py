"""The policy that says who sees and who may act: complete over every feature and audience,
and every route and WebSocket message of the server declared in it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.routing import APIRoute, APIWebSocketRoute
from websockets.exceptions import WebSocketException

from openwhist.server import policy
from openwhist.server.app import create_app
from openwhist.server.policy import POLICY, Audience, Feature
from server_util import Client, Seat, Server, play_people_until, wait_for_solver

SERVER = Path(policy.__file__).parent


def test_every_feature_has_a_rule_for_every_audience() -> None:
    assert set(POLICY) == {(f, a) for f in Feature for a in Audience}
    for (feature, audience), rule in POLICY.items():
        assert rule.sees and rule.threat, (feature, audience)
    # nobody without a session acts on anything
    assert not any(policy.may(f, Audience.NOBODY) for f in Feature)


def test_every_route_is_declared_in_the_policy() -> None:
    app = create_app("sqlite://")
    routes = set()
    for route in app.routes:
        if isinstance(route, APIRoute) and route.path.startswith("/api/"):
            routes |= {f"{m} {route.path}" for m in route.methods if m != "HEAD"}
        elif isinstance(route, APIWebSocketRoute):
            routes.add(f"WEBSOCKET {route.path}")
    assert routes == set(policy.ROUTES), (routes - set(policy.ROUTES), set(policy.ROUTES) - routes)


def test_every_message_kind_is_declared_in_the_policy() -> None:
    sent = {"sync"}  # the default kind of a view sent again on request
    for path in SERVER.glob("*.py"):
        text = path.read_text()
        sent |= set(re.findall(r'"type": "([a-z_]+)"', text))
        sent |= set(re.findall(r'_sync_message\(\w+, "([a-z_]+)"\)', text))
    assert sent == set(policy.MESSAGES), (sent - set(policy.MESSAGES), set(policy.MESSAGES) - sent)


# --- every feature x audience cell, against the live server ----------------------------

SEATS = "NESW"
NAMES = {"N": "ann", "E": "eve", "S": "sue", "W": "wes"}


class Scene:
    """A live server with four people at tables, a spectator and a client without a
    session; tables made on demand, each for one feature."""

    def __init__(self, server: Server, db: str) -> None:
        self.server, self.db = server, db
        self.people = {s: Client(server).guest(f"{name}{len(SEATS)}") for s, name in NAMES.items()}
        self.spy = Client(server).guest("spy4")
        self.nobody = httpx.Client(base_url=server.url, timeout=10)
        self.tables: dict[str, tuple[str, dict[str, Seat], Seat]] = {}

    def table(self, key: str, tricks: int = 2) -> tuple[str, dict[str, Seat], Seat]:
        """A classic table of four people with ``tricks`` tricks played, each person's
        socket and a spectator's (one table per ``key``)."""
        if key not in self.tables:
            tid = self.people["N"].post("/api/tables", {
                "variant": "classic", "until": "deals", "count": 1, "private": False,
                "seats": ["me", "open", "open", "open"]}).json()["id"]
            for s in "ESW":
                assert self.people[s].post(f"/api/tables/{tid}/join", {"seat": s}).status_code == 200
            sockets = {s: c.ws(tid) for s, c in self.people.items()}
            watcher = self.spy.ws(tid)
            for x in (*sockets.values(), watcher):
                x.recv()
            play_people_until(self.people, sockets, tid, tricks)
            self.tables[key] = (tid, sockets, watcher)
        return self.tables[key]

    def client(self, audience: Audience, subject: str = "N") -> Client | None:
        """The person who is ``audience`` for seat ``subject`` (None: nobody)."""
        i = SEATS.index(subject)
        return {Audience.SEAT: self.people[subject], Audience.PARTNER: self.people[SEATS[(i + 2) % 4]],
                Audience.OPPONENT: self.people[SEATS[(i + 1) % 4]], Audience.SPECTATOR: self.spy,
                Audience.DIRECTOR: None, Audience.NOBODY: None}[audience]

    def socket(self, key: str, audience: Audience, subject: str = "N") -> Seat:
        tid, sockets, watcher = self.table(key)
        i = SEATS.index(subject)
        return {Audience.SEAT: sockets[subject], Audience.PARTNER: sockets[SEATS[(i + 2) % 4]],
                Audience.OPPONENT: sockets[SEATS[(i + 1) % 4]], Audience.SPECTATOR: watcher}[audience]


@pytest.fixture(scope="module")
def scene(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scene]:
    db = f"sqlite:///{tmp_path_factory.mktemp('policy') / 'policy.sqlite3'}"
    s = Server(db, away=600, env={"OPENWHIST_COMPILE_SOLVER": "1"})
    wait_for_solver(s.url)
    yield Scene(s, db)
    s.stop()


def _to_move(scene: Scene, tid: str) -> str:
    for s, c in scene.people.items():
        if c.get(f"/api/tables/{tid}/view").json()["view"]["legal"]:
            return s
    raise AssertionError("nobody is to act")


def check_play(scene: Scene, audience: Audience) -> None:
    """A seat sees its own hand and acts on its turn; nobody else sees that hand or acts
    for it; without a session the socket is refused."""
    tid, _, _ = scene.table("play")
    actor = _to_move(scene, tid)
    hand = scene.people[actor].get(f"/api/tables/{tid}/view").json()["view"]["hand"]
    if audience is Audience.DIRECTOR:
        pytest.skip("a director's view of a table is checked with the drives")
    if audience is Audience.NOBODY:
        view = scene.nobody.get(f"/api/tables/{tid}/view").json()["view"]
        assert view["hand"] == [] and view["legal"] == [] and view["spectator"]
        with pytest.raises(WebSocketException):  # no session: the socket is closed at once
            Client(scene.server).ws(tid).recv(timeout=5)
        return
    who = scene.client(audience, actor)
    assert who is not None
    view = who.get(f"/api/tables/{tid}/view").json()["view"]
    sock = scene.socket("play", audience, actor)
    if audience is Audience.SEAT:
        assert sorted(view["hand"]) == sorted(hand) and view["legal"]
        sock.send({"type": "act", "action": view["legal"][0], "ref": "mine"})
        assert sock.until(lambda m: m.get("ref") == "mine")["type"] == "event"
        return
    assert not set(view["hand"]) & set(hand) and view["legal"] == []
    sock.send({"type": "act", "action": hand[0], "ref": "theirs"})
    refused = sock.until(lambda m: m.get("ref") == "theirs")
    assert refused["type"] == "refused"
    assert refused["code"] == ("not_seated" if audience is Audience.SPECTATOR else "not_your_turn")


def check_claim(scene: Scene, audience: Audience) -> None:
    """The claimant's cards reach the claimant and his opponents only; only an opponent
    answers; play stops."""
    tid, sockets, watcher = scene.table("claim")
    if "claim" not in scene.tables.get("claim-made", ()):  # N claims once, for every cell
        sockets["N"].send({"type": "claim", "tricks": 0})  # a concession: settled by nobody's answer
        scene.tables["claim-made"] = ("claim", {}, watcher)
    hand = scene.people["N"].get(f"/api/tables/{tid}/view").json()["view"]["hand"]
    if audience is Audience.DIRECTOR:
        pytest.skip("a director's view of a claim is checked with the drives")
    if audience is Audience.NOBODY:
        claim = scene.nobody.get(f"/api/tables/{tid}").json()["claim"]
        assert claim is not None and "hand" not in claim
        return
    sock = scene.socket("claim", audience)
    message = sock.until(lambda m: m["type"] == "claim")
    assert ("hand" in message) == (audience in policy.CLAIM_HAND_SHOWN)
    if "hand" in message:
        assert sorted(message["hand"]) == sorted(hand)
    who = scene.client(audience)
    assert who is not None
    info = who.get(f"/api/tables/{tid}").json()["claim"]
    assert ("hand" in info) == (audience in policy.CLAIM_HAND_SHOWN)
    if audience is not Audience.OPPONENT:  # the opponents' answers are not given here
        sock.send({"type": "answer", "accept": True, "ref": "answer"})
        assert sock.until(lambda m: m.get("ref") == "answer")["code"] == "claim_none"


def check_talk(scene: Scene, audience: Audience) -> None:
    """Everyone seated talks to the table; a spectator's words during a deal reach the
    spectators only; nobody has no socket to talk on."""
    if audience in (Audience.DIRECTOR, Audience.NOBODY):
        if audience is Audience.NOBODY:
            tid, _, _ = scene.table("talk")
            with pytest.raises(WebSocketException):
                Client(scene.server).ws(tid).recv(timeout=5)
            return
        pytest.skip("a director talks as a spectator; checked with the drives")
    tid, sockets, watcher = scene.table("talk")
    sock = scene.socket("talk", audience)
    sock.send({"type": "say", "quick": "hello", "ref": f"say-{audience}"})
    heard = sock.until(lambda m: m["type"] == "said")
    assert heard["quick"] == "hello"
    if audience is Audience.SPECTATOR:
        sockets["N"].send({"type": "ping", "ref": "after"})
        got = sockets["N"].until(lambda m: m.get("type") in ("pong", "said") and
                                 (m.get("type") == "pong" or m.get("seat") is None))
        assert got["type"] == "pong"  # the spectator's hello never reached a player


def check_take_back(scene: Scene, audience: Audience) -> None:
    """Only the seat takes back, at a table of one person among computer players; at a
    table of people nobody does."""
    if audience is Audience.SEAT:
        me = scene.people["N"]
        t = me.post("/api/tables", {"variant": "classic", "until": "deals", "count": 1,
                                    "seats": ["me", "bot:random", "bot:random", "bot:random"]}).json()
        sock = me.ws(t["id"])
        if not sock.recv()["view"]["legal"]:
            sock.until(lambda m: bool(m.get("view", {}).get("legal")))
        sock.send({"type": "act", "action": sock.view["legal"][0]})
        sock.until(lambda m: m["type"] == "event" and m["seat"] == "N")
        sock.send({"type": "undo", "ref": "undo"})
        m = sock.until(lambda m: m.get("type") in ("table", "refused"))
        assert m["type"] == "table", m
        sock.close()
        return
    if audience is Audience.NOBODY:  # no session, no socket to ask on
        with pytest.raises(WebSocketException):
            Client(scene.server).ws(scene.table("undo")[0]).recv(timeout=5)
        return
    if audience is Audience.DIRECTOR:
        pytest.skip("no take-back at a drive's table: checked with the drives")
    sock = scene.socket("undo", audience)
    sock.send({"type": "undo", "ref": "undo"})
    refused = sock.until(lambda m: m.get("ref") == "undo")
    assert refused["type"] == "refused" and refused["code"] in ("undo_alone", "not_seated")


def check_hint(scene: Scene, audience: Audience) -> None:
    """A hint for the seat alone among computer players, on his turn; for nobody else."""
    if audience is Audience.DIRECTOR:
        pytest.skip("no hints at a drive's table: checked with the drives")
    if audience is Audience.SEAT:
        me = scene.people["N"]
        t = me.post("/api/tables", {"variant": "classic", "until": "deals", "count": 1,
                                    "seats": ["me", "bot:random", "bot:random", "bot:random"]}).json()
        sock = me.ws(t["id"])
        if not sock.recv()["view"]["legal"]:
            sock.until(lambda m: bool(m.get("view", {}).get("legal")))
        hint = me.get(f"/api/tables/{t['id']}/hint")
        assert hint.status_code == 200 and hint.json()["action"] in sock.view["legal"]
        sock.close()
        return
    tid, _, _ = scene.table("hint")
    actor = _to_move(scene, tid)
    if audience is Audience.NOBODY:
        assert scene.nobody.get(f"/api/tables/{tid}/hint").status_code == 401
        return
    who = scene.client(audience, actor)
    assert who is not None
    answer = who.get(f"/api/tables/{tid}/hint")
    assert answer.status_code in (403, 409) and "action" not in answer.json()
    # and the seat itself gets none at a table of people
    assert scene.people[actor].get(f"/api/tables/{tid}/hint").status_code == 403


LIVE = {Feature.PLAY: check_play, Feature.CLAIM: check_claim, Feature.TALK: check_talk,
        Feature.TAKE_BACK: check_take_back, Feature.HINT: check_hint}


@pytest.mark.parametrize(("feature", "audience"), [(f, a) for f in LIVE for a in Audience],
                         ids=lambda x: str(x))
def test_the_live_server_keeps_each_cell(scene: Scene, feature: Feature, audience: Audience) -> None:
    LIVE[feature](scene, audience)
