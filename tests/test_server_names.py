"""Names people can trust, and clean refusals: the real server in a subprocess, driven
as a hostile client would, its log read line by line.

A guest may not take a registered member's name nor one that looks like it (Unicode's
confusable skeletons); names that mix scripts, blank names, seat names and invisible or
default-ignorable characters are refused; guests are marked as guests in seats, lists and
records.  Malformed messages (binary frames, JSON nested a thousand
deep, options of the wrong kind) and refused seats get a clean answer and at most one
log line, never a traceback.
"""

from __future__ import annotations

import os
import re
import sqlite3
import string
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openwhist.names import NameRefused, check_name, default_ignorable, name_key
from server_util import Client, Server, finish_match

# the server logs its own logger at INFO with the level named, so that a test sees each
# line's level (loaded at the interpreter's start, as sitecustomize is)
SITECUSTOMIZE = """\
import logging
_handler = logging.StreamHandler()
_handler.setFormatter(logging.Formatter("LOG %(levelname)s %(name)s: %(message)s"))
_log = logging.getLogger("openwhist.server")
_log.addHandler(_handler)
_log.setLevel(logging.INFO)
_log.propagate = False
"""


class Log:
    """Every line the server writes (stdout and stderr), as the server helper reads them."""

    def __init__(self, server: Server) -> None:
        self.lines = server.output

    def mark(self) -> int:
        """Where the log is now."""
        time.sleep(0.3)  # lines of what was just done reach the reader
        return len(self.lines)

    def since(self, mark: int) -> str:
        """The lines written since ``mark``."""
        time.sleep(0.3)
        return "".join(self.lines[mark:])


@pytest.fixture(scope="module")
def logged(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Log]]:
    folder = tmp_path_factory.mktemp("names")
    (folder / "sitecustomize.py").write_text(SITECUSTOMIZE)
    path = os.pathsep.join(p for p in (str(folder), os.environ.get("PYTHONPATH")) if p)
    s = Server(f"sqlite:///{folder / 'play.sqlite3'}", bot_pause=0.0,
               env={"PYTHONPATH": path, "OPENWHIST_SIGNUP_LIMIT": "1000"})
    log = Log(s)
    yield s, log
    s.stop()


@pytest.fixture(scope="module")
def server(logged: tuple[Server, Log]) -> Server:
    return logged[0]


@pytest.fixture(scope="module")
def alice(server: Server) -> Client:
    me = Client(server)
    r = me.register("alice", "correct horse battery")
    assert r.status_code == 201, r.text
    return me


def no_traceback(text: str) -> None:
    assert "Traceback" not in text and "ERROR" not in text and "Exception" not in text, text


# --- the key and the check, alone ------------------------------------------------------


@pytest.mark.parametrize("look_alike", ["alice", "ALICE", "Аlice", "Ａｌｉｃｅ", "alice ", "  alice",
                                        "al1ce", "aIice", "ΑLΙCE", "alíce"])
def test_look_alikes_have_one_key(look_alike: str) -> None:
    assert name_key(look_alike) == name_key("alice")


def test_different_names_keep_different_keys() -> None:
    keys = {name_key(n) for n in ("alice", "alicia", "bob", "al ice", "ann", "anne")}
    assert len(keys) == 6


@pytest.mark.parametrize("bad", ["", "   ", "\t", "N", "e", "S", "w", "North", "EAST", "ｓｏｕｔｈ", "West ",
                                 "dummy", "al\u200bice", "al\u200dice", "bob\u202e", "\u3164", "a\x00b"])
def test_blank_seat_and_invisible_names_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        check_name(bad)


# --- guests and members over HTTP --------------------------------------------------------


@pytest.mark.parametrize("nickname", ["alice", "Alice", "Ａｌｉｃｅ", "alice ", "ALICE", "al1ce", "ɑlice"])
def test_a_guest_may_not_take_a_members_name_or_one_like_it(alice: Client, server: Server,
                                                            nickname: str) -> None:
    r = httpx.post(server.url + "/api/guest", json={"nickname": nickname})
    assert r.status_code == 409, r.text
    assert "registered player" in r.json()["error"] and "set-cookie" not in r.headers


def test_a_guest_may_not_take_a_members_name_in_two_scripts(alice: Client, server: Server) -> None:
    r = httpx.post(server.url + "/api/guest", json={"nickname": "Аlice"})  # a Cyrillic А
    assert r.status_code == 422 and r.json()["code"] == "name_mixed_script", r.text
    assert "set-cookie" not in r.headers


@pytest.mark.parametrize("nickname", ["  ", "N", "s", "West", "north", "Dummy", "al\u200dice", "x\u3164y",
                                      "al\u200bice", "bob\u202e", "a\tb"])
def test_blank_seat_and_invisible_nicknames_are_refused_plainly(server: Server, nickname: str) -> None:
    r = httpx.post(server.url + "/api/guest", json={"nickname": nickname})
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert any(w in error for w in ("blank", "seat", "invisible", "may hold")), error
    assert "pattern" not in error and "^" not in error  # said in words, not as a regex


def test_guests_may_share_a_name_each_marked_as_a_guest(server: Server) -> None:
    one, two = Client(server).guest("Bob"), Client(server).guest("bob")
    assert one.user["guest"] and two.user["guest"] and one.user["id"] != two.user["id"]
    assert Client(server).guest("  Carol   Ann ").user["name"] == "Carol Ann"  # spaces tidied


@pytest.mark.parametrize("name", ["ALICE", "Аlice", "al1ce", "aIice"])
def test_a_new_member_may_not_take_a_members_name_or_one_like_it(alice: Client, server: Server,
                                                                 name: str) -> None:
    r = Client(server).register(name, "another long password")
    assert r.status_code in (409, 422), r.text
    assert "set-cookie" not in r.headers
    if name.isascii():
        assert r.status_code == 409 and name in r.json()["error"]
    else:
        assert r.json()["error"] == "a name may hold the letters a-z, digits and _ . - only"


def test_a_member_may_not_be_named_for_a_seat(server: Server) -> None:
    r = Client(server).register("North", "another long password")
    assert r.status_code == 422 and "seat" in r.json()["error"]


def test_a_member_may_take_a_name_only_guests_have(server: Server) -> None:
    Client(server).guest("dora")
    assert Client(server).register("dora", "another long password").status_code == 201
    r = httpx.post(server.url + "/api/guest", json={"nickname": "D0RA"})
    assert r.status_code == 409  # from now on the name is hers


# --- the guest mark: seats, lists, records -----------------------------------------------


def test_a_guest_is_marked_at_the_table_and_in_the_list(alice: Client, server: Server) -> None:
    table = alice.post("/api/tables", {"variant": "classic", "seats": ["me", "open", "bot", "bot"]}).json()
    guest = Client(server).guest("Eve")
    joined = guest.post(f"/api/tables/{table['id']}/join", {"seat": "E"})
    assert joined.status_code == 200, joined.text
    seats = {s["seat"]: s for s in joined.json()["table"]["seats"]}
    assert (seats["N"]["name"], seats["N"]["guest"]) == ("alice", False)
    assert (seats["E"]["name"], seats["E"]["guest"]) == ("Eve", True)
    assert not seats["S"]["guest"]
    listed = next(t for t in guest.get("/api/tables").json() if t["id"] == table["id"])
    assert [s["guest"] for s in listed["seats"]] == [False, True, False, False]
    seat = guest.ws(table["id"])
    welcome = seat.recv()
    assert [s["guest"] for s in welcome["table"]["seats"]] == [False, True, False, False]
    seat.close()


def test_a_guest_is_marked_in_a_finished_matchs_record(server: Server) -> None:
    me = Client(server).guest("Fay")
    table = me.post("/api/quickplay", {"variant": "classic", "bot": "random", "until": "deals",
                                       "count": 1}).json()
    finish_match(me, table["id"], 200)
    listed = me.get(f"/api/records?table={table['id']}").json()
    assert listed[0]["players"][0] == "guest:Fay"
    record = me.get(f"/api/records/{listed[0]['id']}").json()
    assert record["players"][0] == "guest:Fay" and record["players"][1].startswith("bot:")
    replay = me.get(f"/api/records/{listed[0]['id']}/replay").json()
    assert replay["names"] == ["Fay", None, None, None]
    assert replay["guests"] == [True, False, False, False]


def test_a_members_record_names_her_unmarked(alice: Client) -> None:
    table = alice.post("/api/quickplay", {"variant": "classic", "bot": "random", "until": "deals",
                                          "count": 1}).json()
    finish_match(alice, table["id"], 200)
    record_id = alice.get(f"/api/records?table={table['id']}").json()[0]["id"]
    replay = alice.get(f"/api/records/{record_id}/replay").json()
    assert replay["names"][0] == "alice" and replay["guests"][0] is False


# --- clean refusals ----------------------------------------------------------------------


def test_a_binary_frame_gets_an_error_and_the_connection_goes_on(logged: tuple[Server, Log]) -> None:
    server, log = logged
    me = Client(server).guest("gil")
    table = me.post("/api/quickplay", {"variant": "classic"}).json()
    seat = me.ws(table["id"])
    seat.recv()
    mark = log.mark()
    seat.ws.send(b"\x00\xff not text")
    reply = seat.until(lambda m: m["type"] in ("refused", "error"))
    assert reply["type"] == "error" and "binary" in reply["reason"]
    seat.send({"type": "ping"})
    seat.until(lambda m: m["type"] == "pong")
    seat.close()
    text = log.since(mark)
    no_traceback(text)
    said = [line for line in text.splitlines() if "binary" in line]
    assert len(said) == 1 and said[0].startswith("LOG INFO openwhist.server"), text


@pytest.mark.parametrize("message", ["[" * 1000 + "]" * 1000,
                                     '{"type": "act", "ref": ' + "[" * 1000 + "]" * 1000 + "}",
                                     '{"type": "act", "action": ' + '{"a":' * 300 + "1" + "}" * 300 + "}"])
def test_json_nested_a_thousand_deep_over_the_websocket_is_refused(logged: tuple[Server, Log],
                                                                   message: str) -> None:
    server, log = logged
    me = Client(server).guest("hal")
    table = me.post("/api/quickplay", {"variant": "classic"}).json()
    seat = me.ws(table["id"])
    seat.recv()
    mark = log.mark()
    seat.ws.send(message)
    reply = seat.until(lambda m: m["type"] in ("refused", "error"))
    assert "malformed" in reply["reason"] or "too long" in reply["reason"]
    seat.send({"type": "ping"})
    seat.until(lambda m: m["type"] == "pong")  # the connection is still good
    seat.close()
    text = log.since(mark)
    no_traceback(text)
    said = [line for line in text.splitlines() if "malformed" in line or "too long" in line]
    assert len(said) == 1 and said[0].startswith("LOG INFO openwhist.server"), text


@pytest.mark.parametrize("body", [
    "[" * 1000 + "]" * 1000,
    '{"variant": ' + "[" * 1000 + "]" * 1000 + "}",
    '{"seats": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"count": ' + "9" * 5000 + "}",
    '{"count": 1e999}',
    '{"count": "many"}',
    '{"count": 99999999999999999999999999}',
    '{"variant": 7}',
    '{"variant": "classic", "options": {"single_from": "x"}}',
    '{"variant": "classic", "options": {"target": [1]}}',
    '{"variant": "classic", "seats": ["me", "me", "me", "me"]}',
    "not json",
    '"just a string"',
])
def test_hostile_bodies_get_a_4xx_with_a_message(logged: tuple[Server, Log], body: str) -> None:
    server, log = logged
    me = Client(server).guest("ivy")
    mark = log.mark()
    r = me.http.post("/api/tables", content=body, headers={**me.headers, "content-type": "application/json"})
    assert 400 <= r.status_code < 500, (r.status_code, r.text)
    error = r.json()["error"]
    assert isinstance(error, str) and error
    no_traceback(log.since(mark))


def test_a_refused_seat_is_one_info_line_not_a_traceback(logged: tuple[Server, Log], alice: Client) -> None:
    server, log = logged
    table = alice.post("/api/tables", {"variant": "classic", "seats": ["me", "open", "bot", "bot"]}).json()
    other = Client(server).guest("jan")
    mark = log.mark()
    r = other.post(f"/api/tables/{table['id']}/join", {"seat": "N"})
    assert r.status_code == 409 and r.json()["error"] == "seat N is taken"
    text = log.since(mark)
    no_traceback(text)
    said = [line for line in text.splitlines() if "seat N is taken" in line]
    assert len(said) == 1 and said[0].startswith("LOG INFO openwhist.server"), text


def test_the_log_of_the_whole_module_holds_no_traceback(logged: tuple[Server, Log]) -> None:
    no_traceback(logged[1].since(0))



# --- the keys of the users there were before keys ----------------------------------------


def test_the_migration_gives_existing_users_their_keys(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    import openwhist.store as st

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = st._engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(st.MIGRATIONS))
    with engine.begin() as conn:  # a database of the schema before keys, with two users
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")
        conn.execute(text("INSERT INTO users (id, login, name, guest, created) VALUES "
                          "(1, 'alice', 'Alice', 0, 0), (2, NULL, 'Ｂob ', 1, 0)"))
    engine.dispose()
    store = st.Store(url)  # migrates to the newest schema
    try:
        assert store.call(st.get_user, 1)["name_key"] == name_key("alice")
        assert store.call(st.get_user, 2)["name_key"] == "bob"
        assert store.call(st.get_member_by_key, name_key("АLICE"))["id"] == 1
        assert store.call(st.get_member_by_key, "bob") is None  # a guest holds no name
        with pytest.raises(st.NameTaken):
            store.call(st.create_user, None, "al1ce", None, True, name_key("al1ce"))
        assert store.call(st.create_user, None, "Bob", None, True, name_key("Bob")) == 3
    finally:
        store.close()


# --- look-alikes by Unicode's confusable data, scripts, default-ignorables ----------------

MEMBERS = ("alice", "bob", "hugo", "noah")

LOOK_ALIKES = [
    "ɑlice",           # Latin alpha
    "Ꭺlice",           # Cherokee A
    "ꓮlice",           # Lisu A
    "ⲁlice",           # Coptic alfa
    "aliϲe",           # Greek lunate sigma
    "aliᴄe",           # Latin small capital C
    "bօb",             # Armenian o
    "hսgo",            # Armenian u
    "noaհ",            # Armenian ho
    "alice\U000e0100",  # variation selector 17 (category Mn)
    "Ᏼob",             # Cherokee YV, drawn B
    "ꓐob",             # Lisu B
    "Ηugo",            # Greek capital eta
    "ℎugo",            # Planck's h
    "ｈｕｇｏ",          # fullwidth
    "nοah",            # Greek omicron
    "ոoah",            # Armenian vo
    "noaꮒ",            # Cherokee small letter, drawn h
    "𝐚lice",           # mathematical bold a
    "ali𝖼e",           # mathematical sans-serif c
    "аlice",           # Cyrillic a
    "alіce",           # Cyrillic i
    "huɡo",            # Latin script g
    "bᴏb",             # Latin small capital O
    "ΒΟΒ",             # Greek capitals beta, omicron
    "bob\ufe0f",       # variation selector 16
    "hugo\u180b",      # Mongolian free variation selector
    "alice\u115f",     # Hangul choseong filler
    "N0AH",            # digit zero
    "aIice",           # capital I for l
]
"""Names drawn like a member's: each refused as a guest's and as a new member's."""

MIXED = ["Lee 山田", "Ivan Петров", "Ελένη Smith", "abc١", "1١", "ꓮbc", "Ꭺnna"]
"""Names whose letters or digits come from two scripts (none of them a member's)."""

LEGITIMATE = ["Ștefan", "Søren", "Zoë", "François", "Mihăiță Țurcanu", "Ærø", "Noël", "Hélène",
              "Jürgen", "de Vries", "O'Brien", "Anne-Marie", "IJsbrand", "Dagný", "Çağla",
              "Åse Bjørnstad", "Иван", "Αλέξης", "山田 太郎", "r2d2", "Gheorghe", "Eloïse"]
"""Names in the alphabets of the page's five languages (and a few more), all to be taken."""

I18N = Path(__file__).resolve().parents[1] / "src" / "openwhist" / "web" / "static"


def worded_in_every_language(code: str) -> bool:
    """Whether the page words the refusal ``code`` in each of its five languages (by its
    own text or the one the page gives it in ``CODE_WORDS``)."""
    app = (I18N / "app.js").read_text(encoding="utf-8")
    words = re.search(r"const CODE_WORDS = \{(.*?)\};", app, re.S)
    assert words is not None
    key = dict(re.findall(r"(\w+): \"(\w+)\"", words.group(1))).get(code, code)
    text = (I18N / "i18n.js").read_text(encoding="utf-8")
    blocks = re.split(r"\n  (en|nl|fr|da|ro): \{\n", text)
    langs: dict[str, str] = {}
    for lang, block in zip(blocks[1::2], blocks[2::2], strict=True):  # each language's blocks together
        langs[lang] = langs.get(lang, "") + block
    assert set(langs) == {"en", "nl", "fr", "da", "ro"}
    return all(f"err_{key}: " in block for block in langs.values())


@pytest.fixture(scope="module")
def town(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    """A server of its own, where the four members are registered, and its database file."""
    db = tmp_path_factory.mktemp("town") / "play.sqlite3"
    s = Server(f"sqlite:///{db}", env={"OPENWHIST_SIGNUP_LIMIT": "1000"})
    for name in MEMBERS:
        assert Client(s).register(name, f"{name}'s long password").status_code == 201
    yield s, db
    s.stop()


def stored_users(db: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute("SELECT id, login, name, guest, name_key, password_hash FROM users "
                            "ORDER BY id").fetchall()


def refused(r: httpx.Response) -> str:
    """The code of a clean refusal (4xx, a message in words, a code the page words in its
    five languages, no session given)."""
    assert r.status_code in (409, 422), (r.status_code, r.text)
    body = r.json()
    assert isinstance(body["error"], str) and body["error"] and "Traceback" not in body["error"]
    assert worded_in_every_language(body["code"]), body
    assert "set-cookie" not in r.headers
    return str(body["code"])


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_look_alike_of_a_member_is_refused_as_a_guest(town: tuple[Server, Path], name: str) -> None:
    server, db = town
    before = stored_users(db)
    code = refused(httpx.post(server.url + "/api/guest", json={"nickname": name}))
    assert code in ("name_member", "name_mixed_script", "name_invisible", "bad_nickname"), code
    assert stored_users(db) == before


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_look_alike_of_a_member_is_refused_as_a_new_member(town: tuple[Server, Path], name: str) -> None:
    server, db = town
    before = stored_users(db)
    code = refused(Client(server).register(name, "yet another long password"))
    # a member's name is of a-z, digits and _ . - (so every look-alike of another script or
    # form is refused as such); one of those characters drawn like a member's is taken
    assert code == ("name_taken" if name.isascii() else "bad_name"), code
    assert stored_users(db) == before


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_every_look_alike_is_refused_by_its_key_or_by_the_rules(name: str) -> None:
    try:
        check_name(name)
    except NameRefused as exc:
        assert exc.code in ("name_mixed_script", "name_invisible")
    else:
        assert name_key(name) in {name_key(m) for m in MEMBERS}


def test_alice_with_a_variation_selector_is_refused_as_invisible(town: tuple[Server, Path]) -> None:
    server, _ = town
    for selector in ("\ufe00", "\U000e0100", "\U000e01ef"):
        r = httpx.post(server.url + "/api/guest", json={"nickname": "alice" + selector})
        assert refused(r) == "name_invisible"
        assert "invisible" in r.json()["error"]


@pytest.mark.parametrize("name", MIXED)
def test_a_name_in_two_scripts_is_refused(town: tuple[Server, Path], name: str) -> None:
    server, db = town
    before = stored_users(db)
    r = httpx.post(server.url + "/api/guest", json={"nickname": name})
    assert refused(r) in ("name_mixed_script", "bad_nickname")
    assert stored_users(db) == before


@pytest.mark.parametrize("name", [n for n in MIXED if not any(c.isdigit() and not c.isascii() for c in n)])
def test_a_name_in_two_scripts_is_refused_for_its_scripts(town: tuple[Server, Path], name: str) -> None:
    server, _ = town
    r = httpx.post(server.url + "/api/guest", json={"nickname": name})
    assert refused(r) == "name_mixed_script"
    assert "scripts" in r.json()["error"]


@pytest.mark.parametrize("name", LEGITIMATE)
def test_names_in_one_alphabet_are_taken(town: tuple[Server, Path], name: str) -> None:
    server, _ = town
    me = Client(server).guest(name)
    assert me.user["name"] == name and me.user["guest"]


def test_the_members_are_as_they_were_after_every_refusal(town: tuple[Server, Path]) -> None:
    server, db = town
    members = [row for row in stored_users(db) if not row[3]]
    assert [(row[1], row[2], row[4]) for row in members] == [(m, m, name_key(m)) for m in MEMBERS]
    for name in MEMBERS:
        assert Client(server).login(name, f"{name}'s long password").status_code == 200


def test_the_log_of_the_look_alikes_holds_no_traceback(town: tuple[Server, Path]) -> None:
    no_traceback("".join(town[0].output))


# --- the key, as a property ---------------------------------------------------------------

MEMBER_TEXT = st.text(alphabet=string.ascii_letters + string.digits + "_.-", min_size=1, max_size=20)


@settings(deadline=None, max_examples=300)
@given(st.text(max_size=24))
def test_the_key_of_a_key_is_itself_and_any_text_is_checked_cleanly(text: str) -> None:
    key = name_key(text)
    assert name_key(key) == key
    try:
        check_name(text)
    except NameRefused as exc:
        assert str(exc) and exc.code.startswith("name_")


@settings(deadline=None, max_examples=300)
@given(MEMBER_TEXT)
def test_a_members_name_has_one_key_in_any_case_and_width(name: str) -> None:
    # fullwidth letters and digits (a fullwidth hyphen's prototype is a long dash: a nickname
    # may not hold one anyway)
    wide = "".join(chr(ord(c) + 0xFEE0) if c.isalnum() else c for c in name)
    assert name_key(name) == name_key(name.upper()) == name_key(name.lower()) == name_key(wide)


IGNORABLE = st.sampled_from(["\u00ad", "\u034f", "\u115f", "\u180b", "\u200b", "\u200d", "\u2060",
                             "\u3164", "\ufe0f", "\ufeff", "\U000e0001", "\U000e0100", "\U000e01ef"])


@settings(deadline=None, max_examples=200)
@given(MEMBER_TEXT, st.integers(min_value=0, max_value=20), IGNORABLE)
def test_a_default_ignorable_character_anywhere_is_refused(name: str, where: int, mark: str) -> None:
    assert default_ignorable(mark)
    with pytest.raises(NameRefused) as refusal:
        check_name(name[:where] + mark + name[where:])
    assert refusal.value.code == "name_invisible"


LETTERS = {  # each of the page's five languages' alphabets, with their letters' marks
    "en": string.ascii_letters,
    "nl": string.ascii_letters + "éèëïöüáóúĳĲ",
    "fr": string.ascii_letters + "àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ",
    "da": string.ascii_letters + "æøåÆØÅ",
    "ro": string.ascii_letters + "ăâîșțĂÂÎȘȚşţ",
}


@settings(deadline=None, max_examples=200)
@given(st.sampled_from(sorted(LETTERS)).flatmap(
    lambda lang: st.text(alphabet=LETTERS[lang] + " -'", min_size=1, max_size=20)))
def test_a_name_in_one_of_the_five_alphabets_is_never_refused_for_its_script(name: str) -> None:
    try:
        check_name(name)
    except NameRefused as exc:
        assert exc.code in ("name_blank", "name_seat"), (name, exc.code)


def test_the_migration_writes_every_key_again_with_the_confusable_data(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    import openwhist.store as st

    url = f"sqlite:///{tmp_path / 'keys.sqlite3'}"
    engine = st._engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(st.MIGRATIONS))
    with engine.begin() as conn:  # members whose keys the look-alike table of before wrote
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0007")
        conn.execute(text("INSERT INTO users (id, login, name, guest, created, name_key) VALUES "
                          "(1, 'mike', 'mike', 0, 0, 'mlke'), (2, 'bob', 'bob', 0, 0, 'bob'), "
                          "(3, NULL, 'Smith', 1, 0, 'smlth')"))
    engine.dispose()
    store = st.Store(url)  # migrates to the newest schema
    try:
        assert [store.call(st.get_user, i)["name_key"] for i in (1, 2, 3)] == ["rnlke", "bob", "srnlth"]
        for look_alike in ("rnike", "MIKE", "ｍｉｋｅ", "mıke"):  # as the server keys a guest's name
            assert store.call(st.get_member_by_key, name_key(look_alike))["id"] == 1
        assert store.call(st.get_member_by_key, name_key("rob")) is None
        assert store.call(st.get_member_by_key, name_key("ΒΟΒ"))["id"] == 2
    finally:
        store.close()
    engine = st._engine(url)
    with engine.begin() as conn:  # and back: the keys the server before compares with
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0007")
        keys = conn.execute(text("SELECT name_key FROM users ORDER BY id")).scalars().all()
    engine.dispose()
    assert keys == ["mlke", "bob", "smlth"]
