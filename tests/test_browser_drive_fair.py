"""A drive's fair results in a real browser (Debian's Chromium driven by Playwright) against
the real server, on a 360-pixel phone: the director makes a 9-person individual drive with
one person sitting out each round in the drive form, starts it, computer players play for
each person away to its end, the person sitting out sees so on his page; the director corrects a
result with a reason (the log on his page), and the print page shows the correction and the
hand records.

Screenshots (``tests/screenshots/``, git-ignored; ``$OPENWHIST_SCREENSHOTS`` names another
folder): ``drive-sitout-new-phone``, ``drive-sitout-you-phone``, ``drive-correction-phone``,
``drive-print-phone``, ``drive-entry-waiting-phone`` and ``drive-entry-confirmed-phone``.
"""

from __future__ import annotations

import csv
import io
import time
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
    db = tmp_path_factory.mktemp("drive-fair-web") / "web.db"
    # nobody comes to his table: the computer plays for each person away, his deals his own
    s = WebServer(f"sqlite:///{db}", free_port(),
                  extra_env={"OPENWHIST_DEAL_PAUSE": "0", "OPENWHIST_AWAY_TIMEOUT": "0.2"})
    yield s
    s.stop()


def test_a_nine_person_drive_with_a_sit_out_a_correction_and_the_print_page(browser: Any, server: WebServer,
                                                                            shots: Path) -> None:
    boss = HttpClient(server)
    assert boss.register("fairdirector", "a long password").status_code == 201
    d, errors = phone_of(browser, server, boss)
    d.goto(f"{server.url}/#drives")
    d.wait_for_selector("#nd-create")
    d.fill("#nd-name", "Nine at the club")
    d.select_option("#nd-movement", "individual")
    d.check("#nd-duplicate")
    d.check("#nd-sitout")
    d.fill("#nd-rounds", "2")
    d.fill("#nd-deals", "1")
    d.screenshot(path=shots / "drive-sitout-new-phone.png", full_page=True)
    d.click("#nd-create")
    d.wait_for_selector("#drive-page")
    did = d.locator("#drive-page").get_attribute("data-drive")
    assert did
    people = [HttpClient(server).guest(f"Nine{k}") for k in range(9)]
    for p in people:
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    d.wait_for_selector("#dr-start", timeout=10000)
    d.click("#dr-start")
    d.wait_for_selector("#dr-end-round")
    view = boss.get(f"/api/drives/{did}").json()
    assert view["sit_out"]
    seated = {s["number"] for t in view["tables"] for s in t["seats"]}
    assert len(seated) == 8 and None not in seated                # one sits out, no computer player
    [out] = set(range(1, 10)) - seated
    # the person sitting out sees so on his phone
    page, their_errors = phone_of(browser, server, people[out - 1])
    page.goto(f"{server.url}/#drive/{did}")
    page.wait_for_selector("#sitting-out")
    assert page.locator("#sitting-out").inner_text() == "You sit out this round."
    page.screenshot(path=shots / "drive-sitout-you-phone.png", full_page=True)
    # computer players play for the people away, to the drive's end
    deadline = time.monotonic() + 240
    while boss.get(f"/api/drives/{did}").json()["state"] != "finished":
        assert time.monotonic() < deadline, "the drive did not end"
        time.sleep(0.3)
    done = boss.get(f"/api/drives/{did}").json()
    assert done["standings"]["scaling"]                          # two sat out: scaled standings
    assert sorted(r["deals"] for r in done["standings"]["rows"]) == [1, 1] + [2] * 7
    assert any(r["total"] for r in done["standings"]["rows"])
    # the director corrects round 1, table 2's deal (N-S take 10, or 9 where they took 10) with a reason
    deals = boss.get(f"/api/drives/{did}/results.csv").text.split("\n\n")[1]  # after the standings
    played = next(row["detail"] for row in csv.DictReader(io.StringIO(deals))
                  if (row["round"], row["table"], row["deal"]) == ("1", "2", "1"))
    tricks = "9" if played.startswith("10") else "10"
    d.goto(f"{server.url}/#drive/{did}")
    d.wait_for_selector("#co-form")
    d.select_option("#co-round", "1")
    d.select_option("#co-table", "2")
    d.fill("#co-a", tricks)
    d.fill("#co-reason", "a revoke at table 2")
    d.click("#co-save")
    d.wait_for_selector("#corrections li")
    assert "a revoke at table 2" in d.locator("#corrections").inner_text()
    d.screenshot(path=shots / "drive-correction-phone.png", full_page=True)
    after = boss.get(f"/api/drives/{did}").json()
    [log] = after["corrections"]
    assert (log["round"], log["table"], log["deal"], log["action"]) == (1, 2, 1, "correct")
    assert log["before"] == played and log["after"] != played and log["after"].startswith(tricks)
    north = next(t["seats"][0]["number"] for t in done["tables"] if (t["round"], t["table"]) == (1, 2))
    total = {r["number"]: r["total"] for r in after["standings"]["rows"]}
    assert total[north] != {r["number"]: r["total"] for r in done["standings"]["rows"]}[north]
    # the print page: the correction and the hand records, once the solver has worked them out
    printed = d.context.new_page()
    deadline = time.monotonic() + 300
    while True:
        printed.goto(f"{server.url}/api/drives/{did}/print")
        text = printed.locator("body").inner_text()
        if "Hand records" in text and "being worked out" not in text:
            break
        assert time.monotonic() < deadline, "the hand records were never worked out"
        time.sleep(1)
    assert "Corrections" in text and "a revoke at table 2" in text
    assert printed.locator("h2", has_text="Hand records").count() == 1
    printed.screenshot(path=shots / "drive-print-phone.png", full_page=True)
    # the movement cards, from the drive's page: one a person, the round he sits out on it
    d.bring_to_front()
    href = d.locator("#dr-cards").get_attribute("href")
    assert href
    cards = d.context.new_page()
    cards.goto(server.url + href)
    assert cards.locator("section.card").count() == 9
    assert cards.locator("section.card", has_text="sits out").count() == 2   # two rounds, two sat out
    cards.screenshot(path=shots / "drive-sitout-cards-phone.png", full_page=True)
    assert errors == [] and their_errors == []


def test_the_other_side_confirms_an_entry_on_its_own_phone(browser: Any, server: WebServer,
                                                           shots: Path) -> None:
    boss = HttpClient(server)
    assert boss.register("confirmdirector", "a long password").status_code == 201
    made = boss.post("/api/drives", {"name": "Real cards", "family": "classic", "mode": "scorer", "rounds": 1,
                                     "deals": 1, "movement": "progressive"})
    assert made.status_code == 201, made.text
    did = made.json()["id"]
    people = [HttpClient(server).guest(f"Real{k}") for k in range(8)]
    for p in people:
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    assert boss.post(f"/api/drives/{did}/start").status_code == 200
    # table 1: 1 N, 2 E, 3 S, 4 W.  North enters on the scorer's page of his phone
    north, north_errors = phone_of(browser, server, people[0])
    north.goto(f"{server.url}/#scorer/{did}")
    north.wait_for_selector("#sc-form")
    north.fill("#sc-a", "8")
    north.click("#sc-save")
    north.wait_for_selector("#sc-note.saved")
    mine = north.locator("#entry-states li")
    mine.wait_for()
    assert "waiting for confirmation" in mine.inner_text()
    assert north.locator("#entry-states .confirm").count() == 0
    north.screenshot(path=shots / "drive-entry-waiting-phone.png", full_page=True)
    # East sees it waiting on the drive's page and confirms it
    east, east_errors = phone_of(browser, server, people[1])
    east.goto(f"{server.url}/#drive/{did}")
    east.wait_for_selector("#entry-states .confirm")
    assert "8" in east.locator("#entry-states li").inner_text()
    east.click("#entry-states .confirm")
    east.wait_for_selector("#entry-states li[data-state=confirmed]")
    assert east.locator("#entry-states .confirm").count() == 0
    east.screenshot(path=shots / "drive-entry-confirmed-phone.png", full_page=True)
    assert boss.get(f"/api/drives/{did}").json()["entry_states"][0]["state"] == "confirmed"
    # the page's words in Dutch
    east.select_option("#lang", "nl")
    east.wait_for_function("() => document.querySelector('#entry-states .state')?.textContent "
                           "=== 'bevestigd'")
    # West is of the same side as East: nothing is left to confirm
    again = people[3].post(f"/api/drives/{did}/confirm", {"round": 1, "table": 1, "deal": 1})
    assert again.json()["code"] == "nothing_to_confirm"
    assert north_errors == [] and east_errors == []
