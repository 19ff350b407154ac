"""Accounts against a hostile client: wrong passwords for one account from many addresses,
sessions left behind in other browsers, a password that must change, and accounts listed
by number.  The server is the real one (a subprocess); the store's count of wrong passwords
runs on SQLite and PostgreSQL."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import text
from websockets.exceptions import ConnectionClosed

from openwhist import store as st
from openwhist.server import auth
from pg_util import Postgres, launched_postgres
from server_util import ROOT, Client, Server

BACKOFF = 15  # seconds of the first refusal at the test server (30 by default)
_n = itertools.count(1)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("accounts") / "play.sqlite3"
    s = Server(f"sqlite:///{path}", away=600, env={"OPENWHIST_LOGIN_BACKOFF": str(BACKOFF),
                                                   "OPENWHIST_LEASE_TTL": "3"})
    yield s
    s.stop()


def from_address(server: Server, last: int) -> Client:
    """A client whose connections come from 127.0.0.``last`` (another address each)."""
    c = Client(server)
    c.http = httpx.Client(base_url=server.url, timeout=10,
                          transport=httpx.HTTPTransport(local_address=f"127.0.0.{last}"))
    return c


def member(server: Server, address: int = 200) -> tuple[str, Client]:
    name = f"member_{next(_n)}"
    c = from_address(server, address)
    assert c.register(name, "the first password").status_code == 201
    return name, c


def closed_by_server(seat: object) -> int | None:
    """The close code of a table socket once the server says ``logged_out`` and closes it."""
    assert seat.until(lambda m: m["type"] == "logged_out")["type"] == "logged_out"  # type: ignore[attr-defined]
    with pytest.raises(ConnectionClosed):
        seat.recv(timeout=10)  # type: ignore[attr-defined]
    return seat.ws.close_code  # type: ignore[attr-defined, no-any-return]


def test_wrong_passwords_from_ten_addresses_are_refused_after_five(server: Server) -> None:
    name, owner = member(server)
    answers: dict[str, list[httpx.Response]] = {name: [], "nobody_here_1": []}
    attackers = [from_address(server, 1 + k) for k in range(10)]
    for i in range(50):  # the attack: 50 wrong passwords, from 10 addresses in turn
        for login in answers:
            answers[login].append(attackers[i % 10].login(login, f"guess number {i}"))
    for login, got in answers.items():
        assert [r.status_code for r in got] == [401] * 5 + [429] * 45, login
        assert {r.json()["code"] for r in got[:5]} == {"wrong_login"}
        assert {r.json()["code"] for r in got[5:]} == {"login_backoff"}
        assert all(1 <= int(r.headers["retry-after"]) <= BACKOFF for r in got[5:])
        assert all(r.json()["values"]["retry_after"] == int(r.headers["retry-after"]) for r in got[5:])
    # a name without an account is answered word for word as one with an account
    assert answers[name][0].json() == answers["nobody_here_1"][0].json()
    first, second = (answers[login][5].json() for login in answers)
    assert first["code"] == second["code"] and first["error"].split(";")[0] == second["error"].split(";")[0]
    # the right password, from yet another address, is refused too until the time is over
    right = from_address(server, 11).login(name, "the first password")
    assert right.status_code == 429 and right.json()["code"] == "login_backoff"
    time.sleep(int(right.headers["retry-after"]))
    late = from_address(server, 11)
    deadline = time.monotonic() + 30
    while (r := late.login(name, "the first password")).status_code == 429:
        assert r.json()["code"] == "login_backoff" and time.monotonic() < deadline
        time.sleep(0.5)
    assert r.status_code == 200 and late.get("/api/me").json()["user"]["name"] == name
    # a good login starts the count again: four wrong passwords are four 401s
    again = [from_address(server, 12 + i).login(name, "wrong again").status_code for i in range(4)]
    assert again == [401] * 4
    assert owner.get("/api/me").status_code == 200  # the member's own session was never touched


def test_the_browser_that_logged_in_before_is_not_locked_out(server: Server) -> None:
    name, _ = member(server)
    mine = from_address(server, 30)
    assert mine.login(name, "the first password").status_code == 200  # it keeps ow_known
    assert "ow_known" in mine.http.cookies
    for i in range(6):
        from_address(server, 31 + i).login(name, "an attacker's guess")
    assert from_address(server, 40).login(name, "the first password").json()["code"] == "login_backoff"
    again = mine.login(name, "the first password")
    assert again.status_code == 200, again.text
    # a token for another account, or a made-up one, does not pass
    forged = from_address(server, 41).http.post(
        "/api/login", json={"name": name, "password": "the first password"},
        headers={"Cookie": f"ow_known={mine.user['id']}.{'0' * 64}"})
    assert forged.status_code == 429
    # the member let in does not lift the refusal for the others
    assert from_address(server, 42).login(name, "the first password").json()["code"] == "login_backoff"


def test_log_out_everywhere_ends_every_session_and_its_sockets(server: Server) -> None:
    name, here = member(server)
    there = from_address(server, 50)
    assert there.login(name, "the first password").status_code == 200
    program = from_address(server, 51)
    assert program.login(name, "the first password").status_code == 200
    table = there.post("/api/quickplay", {}).json()
    seat = there.ws(table["id"])
    seat.recv()
    other_name, other = member(server, 201)
    r = here.post("/api/logout?everywhere=true")
    assert r.status_code == 200 and r.json() == {"ok": True, "ended": 3}
    assert closed_by_server(seat) == 4401
    for c in (here, there, program):
        assert c.get("/api/me").json()["code"] == "log_in"
        assert c.post("/api/quickplay", {}).status_code in (401, 403)
    bearer = httpx.get(server.url + "/api/me", headers={"Authorization": f"Bearer {program.token}"})
    assert bearer.status_code == 401
    assert other.get("/api/me").json()["user"]["name"] == other_name  # another account goes on
    assert from_address(server, 52).login(name, "the first password").status_code == 200


def test_a_new_password_ends_the_other_sessions_and_the_old_one(server: Server) -> None:
    name, here = member(server)
    there = from_address(server, 60)
    assert there.login(name, "the first password").status_code == 200
    table = there.post("/api/quickplay", {}).json()
    seat = there.ws(table["id"])
    seat.recv()
    wrong = here.post("/api/password", {"current": "not the password", "new": "a second password"})
    assert wrong.status_code == 403 and wrong.json()["code"] == "wrong_password"
    short = here.post("/api/password", {"current": "the first password", "new": "short"})
    assert short.status_code == 422
    assert there.get("/api/me").status_code == 200  # nothing changed yet
    r = here.post("/api/password", {"current": "the first password", "new": "a second password"})
    assert r.status_code == 200 and r.json() == {"ok": True, "ended": 1}
    assert here.get("/api/me").json()["user"]["name"] == name  # this session goes on
    assert there.get("/api/me").json()["code"] == "log_in"
    assert closed_by_server(seat) == 4401
    assert from_address(server, 61).login(name, "the first password").json()["code"] == "wrong_login"
    assert from_address(server, 62).login(name, "a second password").status_code == 200
    guest = from_address(server, 63).guest("Pat")
    refused = guest.post("/api/password", {"current": "anything at all", "new": "a second password"})
    assert refused.status_code == 403 and refused.json()["code"] == "guest_password"
    no_session = httpx.post(server.url + "/api/password", json={"current": "the first password",
                                                                "new": "a third password"})
    assert no_session.status_code == 401


def test_wrong_current_passwords_count_as_wrong_logins(server: Server) -> None:
    name, here = member(server)
    codes = [here.post("/api/password", {"current": f"guess {i}", "new": "a second password"}).json()["code"]
             for i in range(6)]
    assert codes == ["wrong_password"] * 5 + ["login_backoff"]
    assert from_address(server, 70).login(name, "the first password").json()["code"] == "login_backoff"
    # a session cannot take the account over: the right current password waits as well
    right = here.post("/api/password", {"current": "the first password", "new": "a second password"})
    assert right.status_code == 429


def test_players_are_not_listed_by_number_without_a_session(server: Server) -> None:
    _, somebody = member(server)
    anonymous = httpx.Client(base_url=server.url, timeout=10)
    for uid in range(1, 61):
        r = anonymous.get(f"/api/players/{uid}")
        assert r.status_code == 401 and r.json()["code"] == "log_in", r.text
    assert somebody.get(f"/api/players/{somebody.user['id']}").json()["id"] == somebody.user["id"]
    assert somebody.get("/api/players/999999").json()["code"] == "no_player"
    # guests, whose sessions would read profiles, are not free in bulk from one address
    codes = [from_address(server, 80).http.post("/api/guest", json={"nickname": f"g{i}"}).status_code
             for i in range(25)]
    assert 429 in codes and codes.index(429) <= 20


def test_a_session_ended_by_another_server_process_ends_here(server: Server) -> None:
    second = Server(server.database, away=600, env={"OPENWHIST_LEASE_TTL": "3"})
    try:
        name, here = member(server)
        there = from_address(second, 90)
        assert there.login(name, "the first password").status_code == 200
        assert there.get("/api/me").status_code == 200  # now in the second process's session cache
        assert here.post("/api/logout?everywhere=true").status_code == 200
        deadline = time.monotonic() + 30
        while there.get("/api/me").status_code == 200:
            assert time.monotonic() < deadline, "the second process still takes the ended session"
            time.sleep(0.2)
        assert there.get("/api/me").json()["code"] == "log_in"
        # the wrong passwords are counted in the database: both processes refuse together
        for i in range(5):
            either = second if i % 2 else server
            assert from_address(either, 91 + i).login(name, "a wrong guess").status_code == 401
        assert from_address(second, 96).login(name, "the first password").json()["code"] == "login_backoff"
    finally:
        second.stop()


def test_the_page_words_the_new_codes_in_five_languages() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = """import("URL").then(m => {
        const out = {};
        for (const l of m.LANGS) {
            m.setLanguage(l);
            out[l] = ["err_login_backoff", "err_wrong_password", "err_guest_password", "changePassword",
                      "currentPassword", "newPassword", "passwordChanged", "logoutEverywhere"]
                .map(k => m.t(k, {retry_after: 42}));
        }
        console.log(JSON.stringify(out));
    })""".replace("URL", (ROOT / "src/openwhist/web/static/i18n.js").as_uri())
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True,
                          timeout=60)
    texts = json.loads(done.stdout)
    assert set(texts) == {"en", "nl", "fr", "da", "ro"}
    for lang, words in texts.items():
        assert "42" in words[0], lang
        keys = ("err_", "change", "current", "new", "password", "logout")
        assert not any(w.startswith(keys) for w in words), lang
        if lang != "en":
            assert all(w != e for w, e in zip(words, texts["en"])), lang


# --- the count of wrong passwords in the store, on SQLite and PostgreSQL ------------------


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    yield from launched_postgres()


@pytest.fixture(params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite3'}"
    pg: Postgres = request.getfixturevalue("postgres")
    with st.Store(pg.url).engine.begin() as conn:  # a clean schema for each test
        conn.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    return pg.url


def test_the_refusal_doubles_is_capped_and_ends_with_a_good_login(url: str) -> None:
    store = st.Store(url)
    try:
        key = auth.login_key("Victim")
        assert key == auth.login_key("victim") and "victim" not in key
        waits = [store.call(st.login_failed, key, 1000.0 + i, 5, 30.0, 900.0, 3600.0) for i in range(12)]
        assert waits == [0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900]
        assert store.call(st.login_refused_for, key, 1011.0) == 900.0
        assert store.call(st.login_refused_for, key, 1011.0 + 900) == 0.0
        assert store.call(st.login_refused_for, auth.login_key("someone else"), 1011.0) == 0.0
        # an hour without a wrong password: the count starts again
        assert store.call(st.login_failed, key, 1011.0 + 3601, 5, 30.0, 900.0, 3600.0) == 0
        for i in range(6):
            store.call(st.login_failed, key, 9000.0 + i, 5, 30.0, 900.0, 3600.0)
        store.call(st.login_succeeded, key)
        assert store.call(st.login_refused_for, key, 9006.0) == 0.0
        assert store.call(st.login_failed, key, 9007.0, 5, 30.0, 900.0, 3600.0) == 0
        assert store.call(st.forget_login_failures, 20000.0) == 1
    finally:
        store.close()


def test_sessions_of_a_user_end_together_but_the_one_kept(url: str) -> None:
    store = st.Store(url)
    try:
        ann = store.call(st.create_user, "ann", "Ann", auth.hash_password("a long password"), False)
        bob = store.call(st.create_user, "bob", "Bob", auth.hash_password("a long password"), False)
        for th, uid in [("a1", ann), ("a2", ann), ("a3", ann), ("b1", bob)]:
            store.call(st.create_session, th, uid, "csrf", 3600.0)
        assert sorted(store.call(st.end_user_sessions, ann, "a2")) == ["a1", "a3"]
        assert store.call(st.live_sessions, ["a1", "a2", "a3", "b1"]) == {"a2", "b1"}
        store.call(st.set_password, ann, auth.hash_password("a new password"))
        assert auth.verify_password(store.call(st.get_user, ann)["password_hash"], "a new password")
        assert store.call(st.end_user_sessions, ann, None) == ["a2"]
        assert store.call(st.live_sessions, ["a2", "b1"]) == {"b1"}
    finally:
        store.close()
