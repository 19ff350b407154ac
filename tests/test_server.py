"""The play server, end to end: the real ``openwhist serve`` in a subprocess on a SQLite
file, driven over HTTP and WebSocket as a browser or a program would."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from openwhist import records
from server_util import Client, Seat, Server

AWAY = 1.5


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("server") / "play.sqlite3"
    s = Server(f"sqlite:///{path}", bot_pause=0.0, away=AWAY)
    yield s
    s.stop()


def my_turn(m: dict[str, Any]) -> bool:
    return m.get("type") in ("welcome", "event", "sync", "refused", "table") and bool(
        m.get("view", {}).get("legal"))


def play(seat: Seat, stop: Any, limit: int = 2000) -> dict[str, Any]:
    """Play the first legal action whenever it is this seat's turn, until ``stop(message)``."""
    m = seat.last
    for n in range(limit):
        if stop(m):
            return m
        if my_turn(m):
            seat.send({"type": "act", "action": m["view"]["legal"][0], "ref": n})
        m = seat.recv()
    raise AssertionError("did not get there")


def test_quick_play_a_full_match_with_bots_then_its_record(server: Server) -> None:
    me = Client(server).guest("ann")
    table = me.post("/api/quickplay", {"variant": "german-race-7"}).json()
    assert [s["kind"] for s in table["seats"]] == ["person", "bot"]
    seat = me.ws(table["id"])
    welcome = seat.recv()
    assert welcome["type"] == "welcome" and welcome["seat"] == "N"
    assert welcome["view"]["schema"] == "openwhist-observation/1" and welcome["view"]["seat"] == "N"
    versions = [welcome["v"]]
    end = play(seat, lambda m: (versions.append(m["v"]) if m.get("type") in ("event", "table") else None)
               or "match_over" in m)
    # each action, and each next deal after the pause, raises the version by one
    events = sorted(set(versions[1:]))
    assert events == list(range(versions[0] + 1, versions[0] + 1 + len(events))), "versions have gaps"
    assert end["match_over"]["summary"]["deals"] >= 1
    seat.close()
    listed = me.get(f"/api/records?table={table['id']}").json()
    assert len(listed) == 1
    rec = me.get(f"/api/records/{listed[0]['id']}").json()
    match = records.replay(rec)
    assert match.is_over() and match.summary() == end["match_over"]["summary"]
    pbn = me.get(f"/api/records/{listed[0]['id']}/pbn")
    assert pbn.status_code == 422 and "four-hand" in pbn.json()["error"]
    other = Client(server).guest("eve")
    assert other.get(f"/api/records/{listed[0]['id']}").status_code == 404  # a private table's


def test_a_one_deal_match_exports_as_pbn(server: Server) -> None:
    me = Client(server).guest("al")
    table = me.post("/api/tables", {"variant": "american", "until": "deals", "count": 1,
                                    "seats": ["me", "bot:random", "bot:random", "bot:random"]}).json()
    seat = me.ws(table["id"])
    seat.recv()
    end = play(seat, lambda m: "match_over" in m)
    # the match stays on the table: the event's view is the finished deal, and nothing more
    # is played until a seated person asks for another match
    assert len(end["deal_over"]["final"]["tricks"]) == 13 and len(end["view"]["tricks"]) == 13
    # a match of deals is won on the deals' points added up
    points = end["deal_over"]["row"]["result"]["points"]
    assert end["match_over"]["points"] == points and end["view"]["legal"] == []
    assert end["match_over"]["winner"] == (None if points[0] == points[1] else
                                           ["N", "S"] if points[0] > points[1] else ["E", "W"])
    assert me.get(f"/api/tables/{table['id']}").json()["state"] == "over"
    dealer = end["deal_over"]["row"]["dealer"]
    seat.send({"type": "again"})
    again = seat.until(lambda m: m["type"] == "table")
    assert again["table"]["state"] == "playing" and len(again["view"]["hand"]) == 13
    assert again["view"]["dealer"] == "NESW"[("NESW".index(dealer) + 1) % 4]  # the deal passes on
    rec_id = me.get(f"/api/records?table={table['id']}").json()[0]["id"]
    pbn = me.get(f"/api/records/{rec_id}/pbn")
    assert pbn.status_code == 200 and '[Board "1"]' in pbn.text and '[Board "2"]' not in pbn.text


@pytest.mark.parametrize("variant", ["classic", "dummy", "german"])
def test_every_variant_plays_a_deal(server: Server, variant: str) -> None:
    me = Client(server).guest("bo")
    table = me.post("/api/quickplay", {"variant": variant, "bot": "random"}).json()
    seat = me.ws(table["id"])
    seat.recv()
    end = play(seat, lambda m: "deal_over" in m)
    assert end["deal_over"]["row"]["deal"] == 1
    assert end["deal_over"]["final"]["seat"] == "N"


def test_refusals_resend_the_view(server: Server) -> None:
    me = Client(server).guest("cy")
    table = me.post("/api/tables", {"variant": "classic", "seats": ["me", "bot:random", "bot:random",
                                                                    "bot:random"]}).json()
    seat = me.ws(table["id"])
    m = play(seat, my_turn)
    hand = m["view"]["hand"]
    illegal = [c for c in hand if c not in m["view"]["legal"]]
    cases: list[tuple[dict[str, Any], str]] = [
        ({"type": "act", "action": "ZZ", "ref": 1}, "malformed"),
        ({"type": "act", "action": "pass", "ref": 2}, ""),
        ({"type": "dance", "ref": 3}, "malformed message"),
        ({"type": "act", "action": "x" * 40, "ref": 4}, "malformed message"),
    ]
    if illegal:
        cases.append(({"type": "act", "action": illegal[0], "ref": 5}, ""))
    not_mine = next(c for c in ["AS", "KS", "QS", "JS", "2C", "3C"] if c not in hand)
    cases.append(({"type": "act", "action": not_mine, "ref": 6}, ""))
    for message, reason in cases:
        seat.send(message)
        got = seat.until(lambda r: r["type"] == "refused")
        assert got["ref"] == message["ref"] and reason in got["reason"]
        assert got["view"] == m["view"] and got["v"] == m["v"]
    seat.ws.send("{not json")
    assert seat.until(lambda r: r["type"] == "refused")["view"] == m["view"]
    seat.ws.send("y" * 5000)
    assert seat.until(lambda r: r["type"] == "error")["reason"] == "message too long"
    # a legal action goes through and comes back with the same ref
    seat.send({"type": "act", "action": m["view"]["legal"][0], "ref": "mine"})
    ev = seat.until(lambda r: r["type"] == "event")
    assert ev["ref"] == "mine" and ev["action"] == m["view"]["legal"][0] and ev["v"] == m["v"] + 1


def test_reconnect_resumes_with_the_full_view(server: Server) -> None:
    me = Client(server).guest("di")
    table = me.post("/api/quickplay", {"variant": "classic", "bot": "random"}).json()
    seat = me.ws(table["id"])
    seat.recv()
    m = play(seat, lambda m: m.get("type") == "event" and m["v"] >= 9 and bool(m["view"]["legal"]))
    seat.close()
    again = me.ws(table["id"])
    welcome = again.recv()
    assert welcome["type"] == "welcome" and welcome["v"] == m["v"] and welcome["view"] == m["view"]
    again.send({"type": "resync"})
    assert again.until(lambda r: r["type"] == "sync")["view"] == m["view"]
    assert me.get(f"/api/tables/{table['id']}/view").json() == {"v": m["v"], "view": m["view"]}


def test_an_absent_player_is_played_by_a_bot_until_return(server: Server) -> None:
    me = Client(server).guest("ed")
    table = me.post("/api/quickplay", {"variant": "classic", "bot": "random"}).json()
    seat = me.ws(table["id"])
    seat.recv()
    m = play(seat, my_turn)
    seat.close()
    time.sleep(0.5)
    assert me.get(f"/api/tables/{table['id']}/view").json()["v"] == m["v"]  # not yet
    time.sleep(AWAY + 0.5)
    later = me.get(f"/api/tables/{table['id']}/view").json()
    assert later["v"] > m["v"] + 3, "a bot plays for the absent player"
    back = me.ws(table["id"])
    w = back.recv()
    assert w["type"] == "welcome" and w["table"]["seats"][0]["auto"] is False  # back: no stand-in
    if w["table"]["state"] == "over":  # the stand-in finished the match: ask for another
        back.send({"type": "again"})
    m = play(back, my_turn)  # it waits for the returned player now
    time.sleep(AWAY + 0.5)
    assert me.get(f"/api/tables/{table['id']}/view").json()["v"] == m["v"]


def test_private_table_by_invitation_and_a_spectator(server: Server) -> None:
    ann, bob, eve = Client(server).guest("ann"), Client(server).guest("bob"), Client(server).guest("eve")
    table = ann.post("/api/tables", {"variant": "german", "private": True, "seats": ["me", "open"]}).json()
    code = table["code"]
    assert code and table["id"] in [t["id"] for t in ann.get("/api/tables").json()]
    assert all(t["id"] != table["id"] for t in bob.get("/api/tables").json())
    assert bob.get(f"/api/tables/{table['id']}").status_code == 404
    assert bob.post(f"/api/tables/{table['id']}/join", {}).status_code == 404
    assert "code" not in eve.get(f"/api/tables/{table['id']}?code={code}").json()
    joined = bob.post("/api/join", {"code": code})
    assert joined.status_code == 200 and joined.json()["seat"] == "S" and not joined.json()["pending"]
    assert eve.post("/api/join", {"code": code}).status_code == 409  # no free seat
    watcher = eve.ws(table["id"], code=code)
    w = watcher.recv()
    assert w["seat"] is None and w["view"]["hand"] == [] and w["view"]["spectator"]
    a, b = ann.ws(table["id"]), bob.ws(table["id"])
    a.recv()
    b.recv()
    for _ in range(30):  # the two people play in turn
        actor = a if a.view["legal"] else b
        actor.send({"type": "act", "action": actor.view["legal"][0]})
        for s in (a, b):
            s.until(lambda r: r["type"] == "event")
    ev = watcher.until(lambda r: r["type"] == "event")
    assert ev["view"]["hand"] == [] and ev["view"]["legal"] == []


def test_take_over_a_bot_seat_between_deals(server: Server) -> None:
    ann, bob = Client(server).guest("ann"), Client(server).guest("bob")
    seats = ["me", "bot:random", "bot", "bot"]
    table = ann.post("/api/tables", {"variant": "classic", "seats": seats}).json()
    a = ann.ws(table["id"])
    a.recv()
    play(a, lambda m: m.get("type") == "event" and m["v"] > 5)
    r = bob.post(f"/api/tables/{table['id']}/join", {"seat": "S"}).json()
    assert r == {**r, "seat": "S", "pending": True}
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": "E"}).status_code == 409
    b = bob.ws(table["id"])
    assert b.recv()["seat"] is None  # watches until the deal ends
    play(a, lambda m: "deal_over" in m)
    seated = b.until(lambda m: m["type"] == "table" and m.get("seat") == "S")
    assert [s["kind"] for s in seated["table"]["seats"]] == ["person", "bot", "person", "bot"]
    assert len(seated["view"]["hand"]) == 13
    left = bob.post(f"/api/tables/{table['id']}/leave")
    assert left.json() == {"seat": "S"}


def test_accounts_sessions_csrf_and_limits(server: Server) -> None:
    c = Client(server)
    r = c.register("Walter_1", "a good password")
    assert r.status_code == 201
    cookie = r.headers["set-cookie"]
    # plain HTTP: the cookie cannot be Secure, or the browser would never send it back
    assert "HttpOnly" in cookie and "Secure" not in cookie and "SameSite=lax" in cookie
    assert Client(server).register("walter_1", "another password").status_code == 409
    assert c.get("/api/me").json()["user"]["name"] == "Walter_1"
    no_csrf = c.http.post("/api/quickplay", json={}, headers={"Cookie": f"ow_session={c.token}"})
    assert no_csrf.status_code == 403
    bearer = c.http.post("/api/quickplay", json={}, headers={"Authorization": f"Bearer {c.token}"})
    assert bearer.status_code == 201  # a program's token is no ambient credential
    assert c.http.post("/api/guest", json={"nickname": "x"}, headers={"Origin": "http://evil.example"}
                       ).status_code == 403
    for bad in [{"name": "ab", "password": "long enough"}, {"name": "x" * 21, "password": "long enough"},
                {"name": "good", "password": "short"}, {"name": "a b c", "password": "long enough"},
                {"name": "good", "password": "long enough", "extra": 1}]:
        assert Client(server).register(bad["name"], bad["password"]).status_code == 422 or "extra" in bad
        assert c.http.post("/api/register", json=bad).status_code == 422
    assert c.http.post("/api/guest", content=b"{" + b" " * 20000 + b"}",
                       headers={"content-type": "application/json"}).status_code == 413
    assert c.post("/api/tables", {"variant": "bridge"}).status_code == 422
    assert c.post("/api/tables", {"variant": "classic", "options": {"target": "x"}}).status_code == 422
    two_me = {"variant": "classic", "seats": ["me", "me", "open", "open"]}
    assert c.post("/api/tables", two_me).status_code == 422
    assert c.post("/api/tables", {"variant": "classic", "seats": ["bot:bogus"] * 4}).status_code == 422
    assert c.post("/api/tables", {"variant": "classic", "seats": ["bot:pimc"] * 4}).status_code == 503
    fresh = Client(server)
    codes = [fresh.login("walter_1", "wrong password").status_code for _ in range(6)]
    assert codes == [401] * 5 + [429]
    assert fresh.login("walter_1", "a good password").status_code == 429  # limited for a while
    assert Client(server).get("/api/me").status_code == 401
    assert c.post("/api/logout").status_code == 200
    assert c.get("/api/me").status_code == 401


def test_websocket_needs_a_session_and_a_same_origin(server: Server) -> None:
    from websockets.exceptions import InvalidStatus, WebSocketException
    from websockets.sync.client import connect

    me = Client(server).guest("fay")
    table = me.post("/api/quickplay", {}).json()
    for headers in [{}, {"Cookie": "ow_session=forged"},
                    {"Cookie": f"ow_session={me.token}", "Origin": "http://evil.example"}]:
        url = f"{server.ws_url}/ws/tables/{table['id']}"
        with pytest.raises((InvalidStatus, WebSocketException, OSError)), connect(
                url, additional_headers=headers) as ws:
            ws.recv(timeout=5)


def test_openapi_describes_the_http_api(server: Server) -> None:
    spec = Client(server).get("/openapi.json").json()
    for path in ["/api/quickplay", "/api/tables", "/api/tables/{table_id}/join", "/api/records/{record_id}"]:
        assert path in spec["paths"]
    assert Path(__file__).resolve().parents[1].joinpath("docs", "websocket.md").is_file()


def test_every_level_is_offered_from_the_first_answer_where_the_solver_is_compiled(tmp_path: Path) -> None:
    # as the set-up scripts leave a machine: the solver compiled into the cache before the
    # server starts; its first answer offers every level (no window where searching
    # computer players are refused while the solver loads)
    import httpx

    from openwhist.solver import compiled, warm_up

    warm_up()
    assert compiled()
    s = Server(f"sqlite:///{tmp_path / 'ready.sqlite3'}", env={"OPENWHIST_COMPILE_SOLVER": "1"})
    try:
        assert httpx.get(f"{s.url}/api/health").json()["pimc_ready"] is True
    finally:
        s.stop()
    # an empty cache: the server answers before the solver is compiled, behind it, and
    # then offers every level
    empty = {"OPENWHIST_COMPILE_SOLVER": "1", "OPENWHIST_CACHE_DIR": str(tmp_path / "cache")}
    s = Server(f"sqlite:///{tmp_path / 'fresh.sqlite3'}", env=empty)
    try:
        deadline = time.monotonic() + 120
        while not httpx.get(f"{s.url}/api/health").json()["pimc_ready"]:
            assert time.monotonic() < deadline, "the solver was not ready in two minutes"
            time.sleep(0.1)
    finally:
        s.stop()
