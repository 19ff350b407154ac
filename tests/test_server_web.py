"""What the browser client asks of the server beyond play: the variants with their options
and presets for the new-table form, a one-deal quick play, your finished games and a
record made ready to replay trick by trick."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text

import openwhist
from openwhist.rules.base import option_infos
from server_util import Client, Server, finish_match


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("web-api") / "web.sqlite3"
    s = Server(f"sqlite:///{path}", bot_pause=0.0)
    yield s
    s.stop()


def test_variants_list_their_options_with_kinds_choices_and_preset_values(server: Server) -> None:
    listed = {v["name"]: v for v in Client(server).guest("opt").get("/api/variants").json()}
    assert set(listed) == set(openwhist.variants())
    for name, v in listed.items():
        record = openwhist.get_variant(name)
        infos = option_infos(record.options_type)
        assert [o["name"] for o in v["options"]] == [i.name for i in infos]
        for o, info in zip(v["options"], infos):
            assert o["choices"] == list(info.choices)
            assert o["type"] == ("choice" if info.choices else o["type"])
        assert set(v["preset_options"]) == set(record.presets)
    belgian = {o["name"]: o for o in listed["belgian"]["options"]}
    assert belgian["troel"]["type"] == "choice" and "three-or-four-aces" in belgian["troel"]["choices"]
    assert belgian["wait"]["type"] == "bool"
    classic = {o["name"]: o for o in listed["classic"]["options"]}
    assert classic["target"]["type"] == "int" and classic["dummy"]["type"] == "int?"
    presets = listed["classic"]["preset_options"]
    assert presets["english-long"]["target"] == 10 and presets["american"]["honours"] is False


def test_variants_pass_what_their_records_declare_for_the_pages(server: Server) -> None:
    """The title, the rating, the tally, the header, the drive movements and the scorer's
    form come from each variant's record (what the page shows of a family, without
    naming one)."""
    from openwhist.drive.movement import FAMILY_MOVEMENTS, plan

    listed = {v["name"]: v for v in Client(server).get("/api/variants").json()}
    for name, v in listed.items():
        record = openwhist.get_variant(name)
        assert (v["title"], v["rated"], v["tally"]) == (record.title, record.rated, record.tally)
        assert v["header"] == record.header().to_json()
        if v["drive"] is None:
            assert name not in FAMILY_MOVEMENTS and record.header().dummies
            continue
        assert v["drive"]["movements"] == list(FAMILY_MOVEMENTS[name])
        for movement in v["drive"]["movements"]:
            assert plan(movement, 8, name, 2).family == name     # each one a drive can follow
        entry = v["drive"]["entry"]
        assert entry == (None if record.entry is None else record.entry.to_json())
    rated = [n for n, v in listed.items() if v["rated"]]
    assert rated and rated[0] == openwhist.rules.registry.DEFAULT_VARIANT
    assert {n for n, v in listed.items() if (v["drive"] or {}).get("entry")} == set(
        openwhist.rules.scorer.ENTRY_FAMILIES)


def test_one_deal_quick_play_then_your_games_and_the_replay(server: Server) -> None:
    me = Client(server).guest("rep")
    bad = me.post("/api/quickplay", {"variant": "classic", "until": "forever"})
    assert bad.status_code == 422
    table = me.post("/api/quickplay", {"variant": "classic", "bot": "random", "until": "deals",
                                       "count": 1}).json()
    assert table["until"] == "deals" and table["count"] == 1
    welcome, m = finish_match(me, table["id"], 200)
    seat_letter = welcome["seat"]
    assert m["match_over"]["summary"]["deals"] == 1
    mine = me.get("/api/my/records").json()
    assert [r["table_id"] for r in mine] == [table["id"]]
    other = Client(server).guest("oth")
    assert other.get("/api/my/records").json() == []
    assert other.get(f"/api/records/{mine[0]['id']}/replay").status_code == 404
    assert Client(server).get("/api/my/records").status_code == 401
    out = me.get(f"/api/records/{mine[0]['id']}/replay").json()
    assert out["pbn"] is True and out["hands"] == 4 and len(out["deals"]) == 1
    mine_at = "NESW".index(seat_letter)
    players = ["bot:random"] * 4
    players[mine_at] = "guest:rep"                      # a guest is marked as one
    assert out["players"] == players                     # the record names who sat where
    assert me.get(f"/api/records/{mine[0]['id']}").json()["players"] == players
    names: list[str | None] = [None] * 4
    names[mine_at] = "rep"
    assert out["names"] == names
    assert out["guests"] == [k == mine_at for k in range(4)]
    deal = out["deals"][0]
    assert len({c for cards in deal["start"].values() for c in cards}) == 52
    assert len(deal["tricks"]) == 13 and deal["tricks"][0]["hands"] == deal["start"]
    for before, after in zip(deal["tricks"], deal["tricks"][1:]):
        gone = {c for cards in before["hands"].values() for c in cards} - {
            c for cards in after["hands"].values() for c in cards}
        assert gone == set(before["cards"])            # each trick's cards leave the hands
    assert sum(deal["tricks"][-1]["tricks_won"]) == 13
    assert deal["result"] is not None


def test_an_old_record_naming_only_seats_gets_its_names_from_the_seat_history(server: Server) -> None:
    me = Client(server).guest("old")
    table = me.post("/api/quickplay", {"variant": "classic", "bot": "random", "until": "deals",
                                       "count": 1}).json()
    welcome, _ = finish_match(me, table["id"], 200)
    mine_at = "NESW".index(welcome["seat"])
    record_id = me.get("/api/my/records").json()[0]["id"]
    engine = create_engine(server.database)
    with engine.begin() as conn:          # the record as tables wrote it before naming players
        body = json.loads(conn.execute(text("SELECT record FROM records WHERE id = :i"),
                                       {"i": record_id}).scalar_one())
        body["players"] = ["N", "E", "S", "W"]
        conn.execute(text("UPDATE records SET record = :r WHERE id = :i"),
                     {"r": json.dumps(body), "i": record_id})
    engine.dispose()
    out = me.get(f"/api/records/{record_id}/replay").json()
    assert out["players"] == ["N", "E", "S", "W"]
    names: list[str | None] = [None] * 4
    names[mine_at] = "old"
    assert out["names"] == names


def test_the_replay_of_a_two_hand_match_says_pbn_is_not_for_it(server: Server) -> None:
    me = Client(server).guest("ger")
    table = me.post("/api/quickplay", {"variant": "german", "bot": "random", "until": "deals",
                                       "count": 1}).json()
    finish_match(me, table["id"], 400)
    rec = me.get("/api/my/records").json()[0]
    out = me.get(f"/api/records/{rec['id']}/replay").json()
    assert out["pbn"] is False and out["hands"] == 2 and len(out["deals"][0]["tricks"]) == 26


def test_your_games_stay_listed_after_their_table_is_closed(server: Server) -> None:
    me = Client(server).guest("clo")
    table = me.post("/api/quickplay", {"variant": "classic", "bot": "random", "until": "deals",
                                       "count": 1}).json()
    finish_match(me, table["id"], 200)
    before = [r for r in me.get("/api/my/records").json() if r["table_id"] == table["id"]]
    assert len(before) == 1
    assert me.post(f"/api/tables/{table['id']}/close", {}).status_code == 200
    assert me.get(f"/api/tables/{table['id']}").status_code == 404        # the table is gone
    after = [r for r in me.get("/api/my/records").json() if r["table_id"] == table["id"]]
    assert after == before                                                  # its game is not
    assert me.get(f"/api/records/{before[0]['id']}/replay").status_code == 200
    other = Client(server).guest("nob")
    assert all(r["table_id"] != table["id"] for r in other.get("/api/my/records").json())
