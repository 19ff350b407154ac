"""A drive's movement and score card on a phone 360 px wide (Debian's Chromium driven by
Playwright, the real server): a person of a nine-person individual drive on real cards sees
his own rounds (table, seat, partner, opponents; the round being played marked), every
round's tables with his own seat marked, and his score card once a result is entered; the
printed movement cards are a page each on paper; nothing is wider than the phone.

Screenshots (``tests/screenshots/``, git-ignored; ``$OPENWHIST_SCREENSHOTS`` names another
folder): ``drive-movement-phone``, ``drive-movement-all-phone``, ``drive-cards-print``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_util import PHONE, HttpClient, WebServer, free_port, launched_chromium

sync_api = pytest.importorskip("playwright.sync_api")



@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launched_chromium()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    db = tmp_path_factory.mktemp("drive-movement") / "web.db"
    s = WebServer(f"sqlite:///{db}", free_port())
    yield s
    s.stop()


def _wider_than_the_phone(page: Any) -> int:
    return int(page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"))


def test_a_persons_movement_and_score_card_on_a_phone(browser: Any, server: WebServer, shots: Path) -> None:  # noqa: F811
    director = HttpClient(server)
    assert director.register("moverdirector", "a long password").status_code == 201
    r = director.post("/api/drives", {"name": "Nine at the club", "family": "classic",
                                      "movement": "individual", "rounds": 9, "deals": 1, "mode": "scorer"})
    assert r.status_code == 201, r.text
    did = r.json()["id"]
    people = [HttpClient(server).guest(f"Mover{k}") for k in range(9)]
    for p in people:
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    assert director.post(f"/api/drives/{did}/start").status_code == 200
    view = director.get(f"/api/drives/{did}").json()
    first = next(t for t in view["tables"] if t["round"] == 1 and t["table"] == 1)
    me = first["seats"][0]["number"]  # North at table 1
    names = {e["number"]: e["name"] for e in view["entries"]}
    who = next(p for p in people if p.get(f"/api/drives/{did}").json()["you"]["number"] == me)
    entered = director.post(f"/api/drives/{did}/results", {"table": 1, "deal": 1, "tricks": [8, 5]})
    assert entered.status_code == 200, entered.text

    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.add_cookies([{"name": "ow_session", "value": who.token, "url": server.url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/#drive/{did}")
    page.wait_for_selector("#my-rounds")
    page.wait_for_function("() => document.querySelectorAll('#my-rounds li').length === 9", timeout=20000)
    rounds = page.locator("#my-rounds li")
    # round 1 is the one being played, and it says where he sits and with whom
    assert rounds.nth(0).get_attribute("class") == "current"
    line = rounds.nth(0).inner_text()
    partner = names[first["seats"][2]["number"]] if first["seats"][2]["number"] else "computer"
    assert line.startswith("R1 · Table 1 · North") and f"Partner: {partner}" in line, line
    # nine rounds of a whist tournament of nine with a computer player: partners all differ
    partners = [t.split("Partner: ")[1].split(" · ")[0] for t in rounds.all_inner_texts() if "Partner" in t]
    people_partners = [x for x in partners if x != "computer"]
    assert len(people_partners) == len(set(people_partners))
    # the score card: his deal at table 1, 8 tricks of 13 for N-S
    page.wait_for_selector("#score-card tbody tr")
    assert page.locator("#score-card tbody tr").count() == 1
    assert _wider_than_the_phone(page) <= 0
    # the whole score card fits the phone's width, its last column too
    assert page.evaluate("() => { const t = document.querySelector('#score-card'); "
                         "return t.scrollWidth - t.parentElement.clientWidth; }") <= 0
    page.locator("#movement-box").scroll_into_view_if_needed()
    page.screenshot(path=shots / "drive-movement-phone.png", full_page=True)
    # every round's tables, his own seat marked once in each round he plays
    page.click("#movement-box summary")
    page.wait_for_selector("#movement-rounds .movement-round", state="visible")
    played = sum(1 for t in rounds.all_inner_texts() if "sits out" not in t)
    assert page.locator("#movement-rounds .sat.you").count() == played
    marked = page.locator(".movement-round[data-round='1'] .sat.you")
    assert marked.inner_text() == f"N {names[me]}"
    assert _wider_than_the_phone(page) <= 0
    page.screenshot(path=shots / "drive-movement-all-phone.png", full_page=True)
    # the page keeps the whole movement open through its refreshes
    page.wait_for_timeout(2500)
    assert page.locator("#movement-rounds").is_visible()
    # the printed cards: in the page's language, one a page on paper
    href = page.locator("#dr-cards").get_attribute("href")
    assert href == f"/api/drives/{did}/cards?lang=en"
    cards = context.new_page()
    cards.goto(server.url + href)
    cards.emulate_media(media="print")
    assert cards.locator("section.card").count() == 9
    style = "() => getComputedStyle(document.querySelector('section.card')).breakAfter"
    assert cards.evaluate(style) == "page"
    cards.screenshot(path=shots / "drive-cards-print.png", full_page=True)
    assert errors == []
    context.close()
