"""Options are data: a table's options never name a file on the server.  A Belgian points
grid is chosen by the name of a grid shipped with the rules or given as its TOML text,
which is stored with the table; a file path is refused without the server looking at it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import openwhist
from openwhist.store import Store, load_table
from server_util import Client, Server

GRID = Path(openwhist.__file__).parent / "rules" / "grids" / "whisthub.toml"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("options") / "play.sqlite3"
    s = Server(f"sqlite:///{path}", bot_pause=0.0)
    yield s
    s.stop()


def belgian(options: dict[str, object]) -> dict[str, object]:
    return {"variant": "belgian", "until": "deals", "count": 1, "options": options,
            "seats": ["me", "bot:random", "bot:random", "bot:random"]}


def test_a_grid_path_is_refused_and_tells_nothing_of_the_file(server: Server, tmp_path: Path) -> None:
    c = Client(server).guest("gridder")
    secret = tmp_path / "secret.toml"
    secret.write_text('name = "hunter2"\n[[contract]]\nkind = "pair"\nlevel = 8\nmade = 1\nfailed = 1\n')
    answers = {}
    for path in ("/etc/shadow", "/etc/passwd", "/nonexistent/shadow", str(secret),
                 str(tmp_path / "absent.toml"), "../grids/whisthub.toml"):
        r = c.post("/api/tables", belgian({"grid": path}))
        assert r.status_code == 422, r.text
        assert "file path" in r.text and "root:" not in r.text and "hunter2" not in r.text
        answers[path] = re.sub(r"grid '[^']*'", "grid PATH", r.text)
    assert len(set(answers.values())) == 1, answers


def test_a_grid_by_name_or_as_its_text_is_stored_with_the_table(server: Server) -> None:
    c = Client(server).guest("club")
    named = c.post("/api/tables", belgian({"grid": "whisthub"}))
    assert named.status_code == 201, named.text
    assert named.json()["options"]["grid"] == "whisthub"
    text = GRID.read_text().replace('"whisthub"', '"club"', 1).replace("made = 8\n", "made = 10\n", 1)
    own = c.post("/api/tables", belgian({"grid": text}))
    assert own.status_code == 201, own.text
    table = own.json()
    assert table["options"]["grid"] == text
    assert c.get(f"/api/tables/{table['id']}").json()["options"]["grid"] == text
    assert c.get(f"/api/tables/{table['id']}/view").json()["view"]["variant"] == "belgian"
    store = Store(server.database)
    try:
        row = store.call(load_table, table["id"])
    finally:
        store.close()
    assert row is not None and json.loads(row["options"])["grid"] == text
    assert openwhist.new_deal("belgian", grid=text).grid.entry("pair", 8).made == (10,)


def test_a_bad_grid_text_or_a_long_text_elsewhere_is_refused(server: Server) -> None:
    c = Client(server).guest("badgrid")
    bad = c.post("/api/tables", belgian({"grid": 'name = "x"\n[[contract]]\nkind = "pear"\n'}))
    assert bad.status_code == 422 and "line 3" in bad.text and "kind must be" in bad.text
    huge = c.post("/api/tables", belgian({"grid": "#" * 9000 + "\n"}))
    assert huge.status_code == 422
    long_other = c.post("/api/tables", belgian({"troel": "x" * 40}))
    assert long_other.status_code == 422 and "32 characters" in long_other.text
