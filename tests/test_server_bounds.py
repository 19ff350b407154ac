"""Bounds and limits against the real server, each attack as a hostile client: options,
match lengths and points grids outside their declared ranges are refused at table creation
with a clear 422 and a code; a person's and an address's WebSockets are capped; table talk
is limited per person over all his connections."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

import openwhist
from server_util import Client, Seat, Server

GRID = (Path(openwhist.__file__).parent / "rules" / "grids" / "whisthub.toml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("bounds") / "play.sqlite3"
    s = Server(f"sqlite:///{path}", bot_pause=0.0)
    yield s
    s.stop()


def belgian(grid: str) -> dict[str, Any]:
    return {"variant": "belgian", "until": "deals", "count": 1, "options": {"grid": grid},
            "seats": ["me", "bot:random", "bot:random", "bot:random"]}


def refused(c: Client, body: dict[str, Any]) -> dict[str, Any]:
    """Post a new table that must be refused with a 422 and a code; nothing is made."""
    before = c.get("/api/tables").json()
    r = c.post("/api/tables", body)
    assert r.status_code == 422, r.text
    answer: dict[str, Any] = r.json()
    assert answer["code"] and answer["error"] and "Traceback" not in r.text
    assert c.get("/api/tables").json() == before
    return answer


def test_a_grid_nested_deep_is_refused_with_a_code(server: Server) -> None:
    c = Client(server).guest("nester")
    for nested in ("deep = " + "[" * 1200 + "]" * 1200, "deep = " + "{a = " * 600 + "1" + "}" * 600):
        answer = refused(c, belgian('name = "deep"\n' + nested + "\n"))
        assert answer["code"] == "grid_nested" and answer["values"] == {"most": 4}
        assert "nested too deep" in answer["error"]
    assert server.proc.poll() is None
    assert c.get("/api/health").status_code == 200


def test_a_grid_paying_beyond_its_bound_is_refused(server: Server) -> None:
    c = Client(server).guest("payer")
    for value in (10**310, 10**7):
        answer = refused(c, belgian(GRID.replace("made = 8\n", f"made = {value}\n", 1)))
        assert answer["code"] == "grid_range" and answer["values"] == {"most": 10**6}
        assert len(answer["error"]) < 200
    ok = c.post("/api/tables", belgian(GRID.replace("made = 8\n", "made = 1000000\n", 1)))
    assert ok.status_code == 201, ok.text


def test_targets_and_counts_that_never_end_are_refused(server: Server) -> None:
    c = Client(server).guest("forever")
    for big in (10**30, 2**63):
        answer = refused(c, {"variant": "classic", "options": {"target": big}})
        assert answer["code"] == "option_range"
        assert answer["values"] == {"option": "target", "min": 1, "max": 100}
        answer = refused(c, {"variant": "german", "options": {"scoring": "meggiesoft", "match_target": big}})
        assert answer["code"] == "option_range" and answer["values"]["option"] == "match_target"
        assert refused(c, {"variant": "classic", "until": "deals", "count": big})["code"] == "invalid"
    answer = refused(c, {"variant": "classic", "until": "rubber", "count": 21})
    assert answer["code"] == "count_range" and answer["values"] == {"until": "rubber", "min": 1, "max": 20}
    assert refused(c, {"variant": "classic", "options": {"slam_bonus": -1}})["code"] == "option_range"
    assert c.post("/api/tables", {"variant": "classic", "until": "rubber", "count": 20,
                                  "options": {"target": 100}}).status_code == 201


def test_the_variants_report_each_options_range(server: Server) -> None:
    variants = {v["name"]: v for v in Client(server).get("/api/variants").json()}
    options = {o["name"]: o for o in variants["classic"]["options"]}
    assert options["target"]["range"] == [1, 100] and options["trump"]["range"] is None
    lengths = {x["until"]: x for x in variants["classic"]["lengths"]["lengths"]}
    assert lengths["rubber"]["max_count"] == 20 and lengths["deals"]["max_count"] == 100


def _open(c: Client, table_id: str) -> Seat:
    seat = c.ws(table_id)
    seat.recv()  # the welcome: the socket is counted
    return seat


def _refused_socket(c: Client, table_id: str) -> tuple[int | None, str | None]:
    seat = c.ws(table_id)
    with pytest.raises(ConnectionClosed):
        seat.recv(timeout=10)
    return seat.ws.close_code, seat.ws.close_reason


def _open_again(c: Client, table_id: str, tries: int = 50) -> Seat:
    """A socket once another has closed (the server counts the closing as it ends)."""
    for _ in range(tries):
        seat = c.ws(table_id)
        try:
            seat.recv()
            return seat
        except ConnectionClosed:
            assert seat.ws.close_code == 4429
    raise AssertionError("no socket was accepted after one closed")


def test_a_persons_ninth_socket_is_refused(server: Server) -> None:
    me = Client(server).guest("tabby")
    tables = [me.post("/api/quickplay", {"variant": "classic", "bot": "random"}).json()["id"]
              for _ in range(2)]
    socks = [_open(me, tables[n % 2]) for n in range(8)]  # at two tables: counted together
    assert _refused_socket(me, tables[0]) == (4429, "sockets_person")
    assert _refused_socket(me, tables[1]) == (4429, "sockets_person")
    other = Client(server).guest("neighbour")  # another person from the same address is not
    theirs = _open(other, other.post("/api/quickplay", {"variant": "classic", "bot": "random"}).json()["id"])
    socks[0].close()
    socks[0] = _open_again(me, tables[0])
    for s in [*socks, theirs]:
        s.close()


def test_an_addresses_sockets_are_capped(tmp_path: Path) -> None:
    s = Server(f"sqlite:///{tmp_path / 'address.sqlite3'}", bot_pause=0.0)
    try:
        host = Client(s).guest("host")
        table = host.post("/api/tables", {"variant": "german", "seats": ["me", "open"]}).json()["id"]
        people = [host] + [Client(s).guest(f"watcher{n}") for n in range(4)]
        socks = [_open(p, table) for p in people[:4] for _ in range(8)]  # 32 from 127.0.0.1
        assert _refused_socket(people[4], table) == (4429, "sockets_address")
        socks.pop().close()
        socks.append(_open_again(people[4], table))
        for sock in socks:
            sock.close()
    finally:
        s.stop()


def _said_or_refused(seat: Seat, ref: str) -> dict[str, Any]:
    return seat.until(lambda m: m["type"] == "refused" and m.get("ref") == ref)


def test_talk_is_limited_per_person_over_all_his_sockets(server: Server) -> None:
    me = Client(server).guest("chatty")
    one, two = (me.post("/api/quickplay", {"variant": "classic", "bot": "random"}).json()["id"]
                for _ in range(2))
    a, b, c = _open(me, one), _open(me, one), _open(me, two)
    for n in range(3):
        a.send({"type": "say", "quick": "hello", "ref": f"a{n}"})
        a.until(lambda m: m["type"] == "said")
    for n in range(2):
        b.send({"type": "say", "quick": "thanks", "ref": f"b{n}"})
    seen = 3  # a heard its own three; it hears b's two as well
    while seen < 5:
        if a.recv()["type"] == "said":
            seen += 1
    b.send({"type": "say", "quick": "sorry", "ref": "sixth"})
    assert _said_or_refused(b, "sixth")["code"] == "talk_limit"
    c.send({"type": "say", "quick": "sorry", "ref": "elsewhere"})  # another table: the same person
    assert _said_or_refused(c, "elsewhere")["code"] == "talk_limit"
    other = Client(server).guest("quiet")  # another person at the same address talks on
    theirs = _open(other, other.post("/api/quickplay", {"variant": "classic", "bot": "random"}).json()["id"])
    theirs.send({"type": "say", "quick": "hello", "ref": "q"})
    assert theirs.until(lambda m: m["type"] in ("said", "refused"))["type"] == "said"
    for s in (a, b, c, theirs):
        s.close()


def test_every_new_code_is_worded_in_the_five_languages() -> None:
    text = (Path(openwhist.__file__).parent / "web" / "static" / "i18n.js").read_text(encoding="utf-8")
    for code in ("option_range", "count_range", "grid_nested", "grid_range", "sockets_person",
                 "sockets_address", "talk_rate"):
        assert text.count(f"err_{code}: ") == 5, code
