"""The policy that says who sees and who may act: complete over every feature and audience,
and every route and WebSocket message of the server declared in it."""

from __future__ import annotations

import csv
import io
import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.routing import APIRoute, APIWebSocketRoute
from websockets.exceptions import WebSocketException

from openwhist.server import policy
from openwhist.server.app import create_app
from openwhist.server.policy import POLICY, Audience, Feature
from server_util import Client, Seat, Server, finish_match, play_people_until, wait_for_solver

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
    for path in SERVER.rglob("*.py"):  # the routers and services too
        text = path.read_text()
        sent |= set(re.findall(r'"type": "([a-z_]+)"', text))
        sent |= set(re.findall(r'sync_message\(\w+, "([a-z_]+)"\)', text))
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
        self.nobody = Client(server)  # never logs in
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
    if audience is Audience.NOBODY:
        tid, _, _ = scene.table("talk")
        with pytest.raises(WebSocketException):
            Client(scene.server).ws(tid).recv(timeout=5)
        return
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
    sock = scene.socket("undo", audience)
    sock.send({"type": "undo", "ref": "undo"})
    refused = sock.until(lambda m: m.get("ref") == "undo")
    assert refused["type"] == "refused" and refused["code"] in ("undo_alone", "not_seated")


def check_hint(scene: Scene, audience: Audience) -> None:
    """A hint for the seat alone among computer players, on his turn; for nobody else."""
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


def check_record(scene: Scene, audience: Audience) -> None:
    """A public table's finished match: its record for everyone (once over); nobody acts on
    it.  A private table's records: its members only."""
    tid, sockets, _ = scene.table("record")
    if not scene.tables.get("record-over"):
        sockets["N"].send({"type": "claim", "tricks": 0})  # conceded: the solver plays it out
        for s in "EW":
            sockets[s].until(lambda m: m["type"] == "claim")
            sockets[s].send({"type": "answer", "accept": True})
        sockets["N"].until(lambda m: "match_over" in m, timeout=60)
        scene.tables["record-over"] = scene.tables["record"]
    [rec] = [r["id"] for r in scene.people["N"].get(f"/api/records?table={tid}").json()]
    reader = scene.nobody if audience in (Audience.NOBODY, Audience.DIRECTOR) else scene.client(audience)
    assert reader is not None
    got = reader.get(f"/api/records/{rec}")
    assert got.status_code == 200 and len(got.json()["deals"][0]["hands"]) == 4
    if audience in (Audience.SPECTATOR, Audience.NOBODY):  # a private table's: members only
        me = scene.people["N"]
        t = me.post("/api/tables", {"variant": "classic", "until": "deals", "count": 1, "private": True,
                                    "seats": ["me", "bot:random", "bot:random", "bot:random"]}).json()
        finish_match(me, t["id"])
        [mine] = [r["id"] for r in me.get(f"/api/records?table={t['id']}").json()]
        assert reader.get(f"/api/records/{mine}").status_code == 404
        assert mine not in {r["id"] for r in reader.get("/api/records").json()}


def check_rating(scene: Scene, audience: Audience) -> None:
    """The leaderboard is shown to everyone; nobody acts on a rating (no route takes one)."""
    reader = scene.nobody if audience in (Audience.NOBODY, Audience.DIRECTOR) else scene.client(audience)
    assert reader is not None
    assert reader.get("/api/ratings/classic").status_code == 200
    assert reader.post("/api/ratings/classic").status_code in (403, 405)


def check_profile(scene: Scene, audience: Audience) -> None:
    """A profile with a session; the person himself changes his password; nobody lists
    accounts by number."""
    uid = scene.people["N"].get("/api/me").json()["user"]["id"]
    if audience is Audience.NOBODY:
        assert scene.nobody.get(f"/api/players/{uid}").status_code == 401
        assert scene.nobody.post("/api/password", {"current": "x" * 8, "new": "y" * 8}).status_code == 401
        return
    if audience is Audience.SEAT:
        member = Client(scene.server)
        assert member.register(f"policy{len(scene.tables)}", "a long password").status_code == 201
        assert member.post("/api/password", {"current": "a long password", "new": "another password"}
                           ).status_code == 200
        refused = scene.people["N"].post("/api/password", {"current": "x" * 8, "new": "y" * 8})
        assert refused.status_code == 403 and refused.json()["code"] == "guest_password"
        return
    reader = scene.client(audience) if audience is not Audience.DIRECTOR else scene.spy
    assert reader is not None
    profile = reader.get(f"/api/players/{uid}").json()
    assert set(profile) == {"id", "name", "guest", "ratings", "history", "drives"}


class DriveScene:
    """A duplicate drive of one round and one deal: table 1 has played its board, a person at
    table 2 still has to; a director who does not play; a spectator; nobody."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.director = Client(server)
        assert self.director.register("director", "a long password").status_code == 201
        body = {"name": "Policy drive", "family": "classic", "rounds": 1, "deals": 1, "duplicate": True,
                "round_minutes": 60}
        self.id = self.director.post("/api/drives", body).json()["id"]
        self.entrants = [Client(server).guest(f"entrant{i}") for i in range(5)]
        for p in self.entrants:
            assert p.post(f"/api/drives/{self.id}/register").status_code == 200
        assert self.director.post(f"/api/drives/{self.id}/start").status_code == 200
        you = [p.get(f"/api/drives/{self.id}").json()["you"] for p in self.entrants]
        self.table = {y["table"]: y["table_id"] for y in you}
        self.late = next(p for p, y in zip(self.entrants, you, strict=True) if y["table"] == 2)
        self.holding = self.late.ws(self.table[2])  # present at table 2, he does not play yet
        self.holding.recv()
        self.spy = Client(server).guest("onlooker")
        self.nobody = Client(server)  # never logs in
        deadline = time.monotonic() + 60
        while self.director.get(f"/api/drives/{self.id}").json()["tables"][0]["deals_done"] < 1:
            assert time.monotonic() < deadline, "table 1 did not play its board"
            time.sleep(0.1)
        info = self.director.get(f"/api/tables/{self.table[1]}").json()
        names = {st["name"]: st["seat"] for st in info["seats"] if st["kind"] == "person"}
        by_seat = {names[p.get("/api/me").json()["user"]["name"]]: p for p in self.entrants
                   if p.get("/api/me").json()["user"]["name"] in names}
        # the seat: a person at table 1 whose partner is a person too; an opponent of his
        seat = next(s for s in by_seat if "NESW"[("NESW".index(s) + 2) % 4] in by_seat)
        partner = "NESW"[("NESW".index(seat) + 2) % 4]
        opponent = next(s for s in by_seat if s not in (seat, partner))
        self.people = {Audience.SEAT: by_seat[seat], Audience.PARTNER: by_seat[partner],
                       Audience.OPPONENT: by_seat[opponent]}
        [self.record] = record_ids(server, self.table[1])

    def who(self, audience: Audience) -> Client:
        return {Audience.SPECTATOR: self.spy, Audience.DIRECTOR: self.director,
                Audience.NOBODY: self.nobody}.get(audience) or self.people[audience]


def record_ids(server: Server, table_id: str) -> list[int]:
    """The records stored for a table, read from the database (ids a hostile client would
    guess)."""
    path = server.database.removeprefix("sqlite:///")
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return [r[0] for r in db.execute("select id from records where table_id = ?", (table_id,))]


@pytest.fixture(scope="module")
def drive(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DriveScene]:
    db = f"sqlite:///{tmp_path_factory.mktemp('policy-drive') / 'drive.sqlite3'}"
    s = Server(db, away=0.2)
    scene = DriveScene(s)
    yield scene
    scene.holding.close()
    s.stop()


def check_drive_board(drive: DriveScene, audience: Audience) -> None:
    """Nothing of a board reaches anyone who still has to play it; the people who played it
    see their own table; a director who does not play sees every table; others nothing."""
    who = drive.who(audience)
    t1, t2 = drive.table[1], drive.table[2]
    # the one who still has to play the board: table 1 is closed to him, always
    assert drive.late.get(f"/api/tables/{t1}").json()["code"] in ("drive_board_unplayed", "no_table")
    own = who.get(f"/api/tables/{t1}")
    if audience is Audience.DIRECTOR:
        assert own.status_code == 200 and who.get(f"/api/tables/{t2}").status_code == 200
        view = who.get(f"/api/tables/{t2}/view").json()["view"]
        assert view["hand"] == [] and view["spectator"]  # he watches, he is not shown hands
        assert who.get(f"/api/records/{drive.record}").status_code == 200
        return
    if audience in (Audience.SEAT, Audience.PARTNER, Audience.OPPONENT):
        assert own.status_code == 200  # his own table
    else:
        assert own.status_code in (401, 403, 404)
    assert who.get(f"/api/tables/{t2}").status_code in (401, 403, 404)
    assert who.get(f"/api/records/{drive.record}").status_code == 404  # kept until the round is over


def check_drive_result(drive: DriveScene, audience: Audience) -> None:
    """The board's result: to the director who does not play; to nobody else while someone
    still has to play it."""
    view = drive.who(audience).get(f"/api/drives/{drive.id}").json()
    played = [r for r in view["standings"]["rows"] if r["deals"]]
    text = drive.who(audience).get(f"/api/drives/{drive.id}/results.csv").text
    shown = [r for r in csv.reader(io.StringIO(text)) if len(r) == 12 and r[0] == "1"]
    if audience is Audience.DIRECTOR:
        assert played and shown
    else:
        assert not played and not shown
    # no one but the director removes an entry, and not after the start
    r = drive.who(audience).post(f"/api/drives/{drive.id}/remove", {"number": 1})
    assert r.status_code in ((409,) if audience is Audience.DIRECTOR else (401, 403))


LIVE = {Feature.PLAY: check_play, Feature.CLAIM: check_claim, Feature.TALK: check_talk,
        Feature.TAKE_BACK: check_take_back, Feature.HINT: check_hint, Feature.RECORD: check_record,
        Feature.RATING: check_rating, Feature.PROFILE: check_profile}
DRIVE = {Feature.DRIVE_BOARD: check_drive_board, Feature.DRIVE_RESULT: check_drive_result}


def director_at_a_table(drive: DriveScene, feature: Feature) -> None:
    """A drive's director who does not play, at a table of his drive: he watches (the public
    view), talks as a spectator, and neither plays, takes back nor gets a hint."""
    d, t2 = drive.director, drive.table[2]
    if feature is Feature.HINT:
        assert d.get(f"/api/tables/{t2}/hint").status_code in (403, 409)
        return
    if feature is Feature.RECORD:  # records: as a spectator's, for a table not of his drive
        assert d.get("/api/records").status_code == 200
        return
    if feature in (Feature.RATING, Feature.PROFILE):
        assert d.get("/api/ratings/classic").status_code == 200
        uid = drive.late.get("/api/me").json()["user"]["id"]
        assert set(d.get(f"/api/players/{uid}").json()) == {"id", "name", "guest", "ratings", "history",
                                                             "drives"}
        return
    watch = d.ws(t2)
    try:
        welcome = watch.recv()
        assert welcome["view"]["hand"] == [] and welcome["view"]["spectator"] and welcome["seat"] is None
        if feature is Feature.PLAY:
            watch.send({"type": "act", "action": "2C", "ref": "p"})
            assert watch.until(lambda m: m.get("ref") == "p")["code"] == "not_seated"
        elif feature is Feature.TAKE_BACK:
            watch.send({"type": "undo", "ref": "u"})
            assert watch.until(lambda m: m.get("ref") == "u")["code"] == "not_seated"
        elif feature is Feature.TALK:
            watch.send({"type": "say", "quick": "hello"})
            assert watch.until(lambda m: m["type"] == "said")["seat"] is None
            drive.holding.send({"type": "ping"})
            got = drive.holding.until(lambda m: m.get("type") in ("pong", "said"))
            assert got["type"] == "pong"  # the player did not hear the director during the deal
    finally:
        watch.close()


@pytest.mark.parametrize(("feature", "audience"), [(f, a) for f in LIVE for a in Audience],
                         ids=lambda x: str(x))
def test_the_live_server_keeps_each_cell(scene: Scene, feature: Feature, audience: Audience,
                                         request: pytest.FixtureRequest) -> None:
    if audience is not Audience.DIRECTOR:
        LIVE[feature](scene, audience)
    elif feature is not Feature.CLAIM:  # a claim at a drive's table: the last test, below
        director_at_a_table(request.getfixturevalue("drive"), feature)


def test_every_feature_is_checked_live() -> None:
    assert set(LIVE) | set(DRIVE) == set(Feature)


@pytest.mark.parametrize(("feature", "audience"), [(f, a) for f in DRIVE for a in Audience],
                         ids=lambda x: str(x))
def test_the_live_server_keeps_each_drive_cell(drive: DriveScene, feature: Feature,
                                               audience: Audience) -> None:
    DRIVE[feature](drive, audience)


def test_a_director_watching_a_claim_is_not_shown_the_hand(drive: DriveScene) -> None:
    """The cell (claim, director), last: the claim ends the drive's board."""
    watch = drive.director.ws(drive.table[2])
    watch.recv()
    hand = drive.late.get(f"/api/tables/{drive.table[2]}/view").json()["view"]["hand"]
    assert hand
    drive.holding.send({"type": "claim", "tricks": 0})
    shown = drive.holding.until(lambda m: m["type"] == "claim")
    assert sorted(shown["hand"]) == sorted(hand)  # the claimant sees his own
    seen = watch.until(lambda m: m["type"] == "claim")
    assert seen["tricks"] == 0 and "hand" not in seen
    claim = drive.director.get(f"/api/tables/{drive.table[2]}").json()["claim"]
    assert claim is None or "hand" not in claim  # None: already settled
    watch.close()


def test_security_md_shows_the_policy_as_it_is() -> None:
    text = (Path(__file__).resolve().parents[1] / "SECURITY.md").read_text(encoding="utf-8")
    shown = text.split("<!-- policy: begin -->\n", 1)[1].split("<!-- policy: end -->", 1)[0]
    assert shown == policy.markdown(), "run python -m openwhist.server.policy and paste its tables"
