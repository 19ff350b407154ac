"""A Mitchell drive in a real browser (Debian's Chromium driven by Playwright) against the
real server, on a 360-pixel phone: the director chooses the Mitchell movement in the drive
form (offered for real cards, the pairs formed in registration order said under it) and
makes two people partners before the start, a scorer at table 2 enters a board of his
table's set by its number, the standings show the pairs in their N-S and E-W fields.

Screenshots (``tests/screenshots/``, git-ignored; ``$OPENWHIST_SCREENSHOTS`` names another
folder): ``drive-mitchell-new-phone``, ``drive-mitchell-entry-phone`` and
``drive-mitchell-standings-phone``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_util import HttpClient, WebServer, free_port, launched_chromium, phone_of

sync_api = pytest.importorskip("playwright.sync_api")



@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launched_chromium()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    db = tmp_path_factory.mktemp("drive-mitchell-web") / "web.db"
    s = WebServer(f"sqlite:///{db}", free_port())
    yield s
    s.stop()


def test_a_scorer_enters_a_board_of_a_mitchell_on_his_phone(browser: Any, server: WebServer,
                                                             shots: Path) -> None:
    boss = HttpClient(server)
    assert boss.register("mitchelldirector", "a long password").status_code == 201
    d, errors = phone_of(browser, server, boss)
    d.goto(f"{server.url}/#drives")
    d.wait_for_selector("#nd-create")
    d.fill("#nd-name", "Tuesday pairs")
    # online, the boards do not travel: no Mitchell; on real cards it is offered
    assert d.locator("#nd-movement option[value=mitchell]").count() == 0
    assert d.locator("#nd-rank").is_visible()
    d.select_option("#nd-mode", "scorer")
    d.select_option("#nd-movement", "mitchell")
    assert d.locator("#nd-pairs-help").is_visible()
    assert not d.locator("#nd-rank").is_visible() and not d.locator("#nd-duplicate").is_visible()
    assert "two by two in the order they register" in d.locator("#nd-pairs-help").inner_text()
    assert d.locator("#nd-relay").is_visible()          # a Mitchell's relay and bye stand, not a Howell's
    d.select_option("#nd-movement", "howell")
    assert not d.locator("#nd-relay").is_visible()
    d.select_option("#nd-movement", "mitchell")
    d.fill("#nd-rounds", "3")
    d.fill("#nd-deals", "2")
    d.screenshot(path=shots / "drive-mitchell-new-phone.png", full_page=True)
    d.click("#nd-create")
    d.wait_for_selector("#drive-page")
    did = d.locator("#drive-page").get_attribute("data-drive")
    assert did
    people = [HttpClient(server).guest(f"Pair{k // 2 + 1}{'ab'[k % 2]}") for k in range(12)]
    for p in people:
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    d.wait_for_selector("#dr-start", timeout=10000)
    # the drive's page says how the pairs are formed, and each person's pair
    d.wait_for_selector("#drive-entries li:nth-child(12)")
    assert d.locator("#drive-entries li").nth(3).inner_text() == "Pair2b · Pair 2"
    assert "two by two in the order they register" in d.locator("#pairs-rule").inner_text()
    # the director makes Pair5a (9) and Pair6a (11) partners: Pair6a takes number 10, whose
    # Pair5b takes 11 beside Pair6b
    d.select_option("#dr-pa", "9")
    d.select_option("#dr-pb", "11")
    d.click("#dr-pair")
    d.wait_for_function("() => document.querySelector('#drive-entries li:nth-child(10)')"
                        ".textContent === 'Pair6a · Pair 5'")
    assert d.locator("#drive-entries li").nth(10).inner_text() == "Pair5b · Pair 6"
    d.click("#dr-start")
    d.wait_for_selector("#dr-end-round")
    view = boss.get(f"/api/drives/{did}").json()
    assert (view["movement"], view["rounds"], view["rank_by"]) == ("mitchell", 3, "matchpoints")
    table2 = next(t for t in view["tables"] if t["table"] == 2)
    assert table2["pairs"] == [2, 5] and table2["boards"] == [3, 4]
    # N of pair 2 at table 2 enters board 4 (his set's second): N-S take 9
    north, north_errors = phone_of(browser, server, people[2])
    north.goto(f"{server.url}/#scorer/{did}")
    north.wait_for_selector("#sc-form")
    assert north.locator("label[for=sc-deal]").inner_text() == "Board"
    assert north.locator("#sc-deal option").all_inner_texts() == ["Board 3", "Board 4"]
    north.select_option("#sc-deal", "4")
    north.fill("#sc-a", "9")
    north.click("#sc-save")
    north.wait_for_selector("#sc-note.saved")
    assert north.locator("#sc-note").inner_text() == "Saved: board 4 at table 2"
    assert north.locator("#drive-tables li[data-table='2'] .boards").inner_text() == "boards 3-4"
    assert north.locator("#drive-tables li[data-table='2'] .deals-done").inner_text() == "1 of 2 boards"
    north.screenshot(path=shots / "drive-mitchell-entry-phone.png", full_page=True)
    after = boss.get(f"/api/drives/{did}").json()
    [row] = [r for r in after["entry_states"] if r["table"] == 2]
    assert (row["deal"], row["state"]) == (4, "waiting")
    # the rest of the drive entered; the standings by pair, in the two fields
    for round_no in (1, 2, 3):
        for t in boss.get(f"/api/drives/{did}").json()["tables"]:
            if t["round"] == round_no:
                for b in t["boards"]:
                    if (round_no, t["table"], b) != (1, 2, 4):
                        ns = 6 + t["table"]
                        r = boss.post(f"/api/drives/{did}/results",
                                      {"table": t["table"], "deal": b, "tricks": [ns, 13 - ns]})
                        assert r.status_code == 200, r.text
    assert boss.get(f"/api/drives/{did}").json()["state"] == "finished"
    # the director's correction form offers each table's boards of the round chosen
    d.goto(f"{server.url}/#drive/{did}")
    d.wait_for_selector("#co-form")
    d.select_option("#co-round", "2")
    d.select_option("#co-table", "3")
    view = boss.get(f"/api/drives/{did}").json()
    boards = next(t["boards"] for t in view["tables"] if (t["round"], t["table"]) == (2, 3))
    assert d.locator("#co-deal option").all_inner_texts() == [f"Board {b}" for b in boards]
    north.goto(f"{server.url}/#drive/{did}")
    north.wait_for_selector("table.pairs[data-field='N-S']")
    assert north.locator("table.pairs caption").all_inner_texts() == ["Pairs E-W", "Pairs N-S"]
    assert north.locator("table.pairs[data-field='N-S'] tbody tr").count() == 3
    assert "Pair5b & Pair6b" in north.locator("table.pairs[data-field='E-W'] tr[data-pair='6']").inner_text()
    north.screenshot(path=shots / "drive-mitchell-standings-phone.png", full_page=True)
    width = north.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360
    assert errors == [] and north_errors == []
