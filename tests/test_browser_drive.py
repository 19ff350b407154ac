"""Whist drives in a real browser (Debian's Chromium driven by Playwright) against the real
server: four people, each in a browser of their own, and four computer players play a
two-round drive from registration to the results page, whose standings equal a recount
from the tables' records; scorer mode's page on a phone, the hall screen, the leaderboard
and the calendar on the lobby.

Screenshots (``tests/screenshots/``, git-ignored; ``$OPENWHIST_SCREENSHOTS`` names another
folder): ``drive-register-``, ``drive-running-``, ``drive-results-`` (each ``desktop`` and
``phone``), ``drive-director-desktop``, ``drive-table-phone``, ``drive-scorer-phone``,
``drive-hall-`` (``desktop``, and ``phone`` without an account), ``drive-calendar-``,
``drive-reminder-desktop``, ``drive-profile-desktop``, ``ratings-desktop`` and
``drive-new-phone``.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_util import HttpClient, WebServer, free_port, launched_chromium
from server_util import Client

sync_api = pytest.importorskip("playwright.sync_api")

PLAYABLE = ".hand.mine.active button.card.legal"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launched_chromium()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    db = tmp_path_factory.mktemp("drive-web") / "web.db"
    s = WebServer(f"sqlite:///{db}", free_port(), extra_env={"OPENWHIST_DEAL_PAUSE": "0"})
    yield s
    s.stop()


def person(browser: Any, url: str, nickname: str, size: dict[str, int] = DESKTOP) -> Any:
    context = browser.new_context(viewport=size, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    page.fill("#nick", nickname)
    page.click("#play-guest")
    page.wait_for_selector("#quick-classic")
    return page


def drive_view(http: Client, did: str) -> dict[str, Any]:
    return http.get(f"/api/drives/{did}").json()  # type: ignore[no-any-return]


def play_round(pages: list[Any], http: Client, did: str, round_no: int, seconds: float = 240) -> None:
    """Every person goes to their table from the drive's page and plays their cards (the
    first legal one) until the round is over (the next one is seated, or the drive ends)."""
    for p in pages:
        p.goto(p.url.split("#")[0] + f"#drive/{did}")
        go = p.locator("#go-table")
        go.wait_for(timeout=15000)
        p.wait_for_function("r => document.querySelector('#drive-state').textContent.includes(`Round ${r} `)",
                            arg=round_no, timeout=15000)
        p.locator("#go-table").click()
        p.wait_for_selector(".hand.mine button.card", timeout=15000)
    deadline = time.monotonic() + seconds
    while True:
        v = drive_view(http, did)
        if v["round_no"] > round_no or v["state"] == "finished":
            return
        assert time.monotonic() < deadline, "the round did not end"
        for p in pages:
            cards = p.locator(PLAYABLE)
            if cards.count():
                # the view may change under the click: then it is tried again next time
                with contextlib.suppress(Exception):
                    cards.first.click(timeout=1000)
        time.sleep(0.05)


def _scorer_phone(browser: Any, server: WebServer, director: HttpClient, did: str, prefix: str,
                  people: int) -> tuple[Any, Any, list[str]]:
    """Register ``people`` guests in the scorer drive ``did``, start it, and open its scorer
    page on a phone as its director: the browser context, the page and its script errors."""
    for k in range(people):
        assert HttpClient(server).guest(f"{prefix}{k}").post(f"/api/drives/{did}/register").status_code == 200
    assert director.post(f"/api/drives/{did}/start").status_code == 200
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.add_cookies([{"name": "ow_session", "value": director.token, "url": server.url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/#scorer/{did}")
    page.wait_for_selector("#sc-form")
    return context, page, errors


def test_four_people_and_four_computer_players_play_a_two_round_drive(browser: Any, server: WebServer,
                                                                       shots: Path) -> None:
    director = HttpClient(server)
    assert director.register("director", "a long password").status_code == 201
    did = director.post("/api/drives", {"name": "Club night", "family": "classic", "rounds": 2, "deals": 1,
                                        "round_minutes": 15}).json()["id"]
    names = ["Ann", "Bob", "Cy", "Dee"]
    pages = [person(browser, server.url, n, PHONE if i == 1 else DESKTOP) for i, n in enumerate(names)]
    # each registers on the drive's page (the calendar on the lobby leads there)
    for i, p in enumerate(pages):
        if i == 0:
            p.goto(f"{server.url}/#")
            p.locator(f"#drive-list li[data-drive='{did}'] a").click()
        else:
            p.goto(f"{server.url}/#drive/{did}")
        p.locator("#dr-register").click()
        p.wait_for_selector("#dr-unregister")
    pages[0].screenshot(path=shots / "drive-register-desktop.png", full_page=True)
    pages[1].screenshot(path=shots / "drive-register-phone.png", full_page=True)
    # four more registered who will not come: the director has computer players play for them
    absent = []
    for k in range(4):
        c = HttpClient(server).guest(f"Absent{k}")
        assert c.post(f"/api/drives/{did}/register").status_code == 200
        absent.append(c)
    view = director.post(f"/api/drives/{did}/start").json()
    assert view["state"] == "running" and len(view["tables"]) == 2
    for c in absent:
        number = next(e["number"] for e in drive_view(c, did)["entries"] if e["you"])
        assert director.post(f"/api/drives/{did}/substitute", {"number": number}).status_code == 200
    # the people see their table and partner
    pages[0].goto(f"{server.url}/#drive/{did}")
    pages[0].wait_for_selector("#your-partner")
    partner = pages[0].locator("#your-partner").inner_text()
    assert "Cy" in partner  # round 1: entries 1 and 3 partner each other at table 1
    pages[0].screenshot(path=shots / "drive-running-desktop.png", full_page=True)
    pages[1].goto(f"{server.url}/#drive/{did}")
    pages[1].wait_for_selector("#your-place")
    pages[1].screenshot(path=shots / "drive-running-phone.png", full_page=True)
    # the lobby reminds each of them that the round is seated
    pages[2].goto(f"{server.url}/#")
    pages[2].wait_for_selector("#drive-reminders")
    assert "round 1, your table is ready" in pages[2].locator("#drive-reminders").inner_text()
    pages[2].screenshot(path=shots / "drive-reminder-desktop.png")
    play_round(pages, director, did, 1)
    # the match over, the table leads back to the drive, not to another match
    pages[1].wait_for_selector("#over-drive")
    assert pages[1].locator("#again-button").count() == 0
    pages[1].screenshot(path=shots / "drive-table-phone.png", full_page=True)
    play_round(pages, director, did, 2)
    done = drive_view(director, did)
    assert done["state"] == "finished"
    # the results page: the standings shown equal a recount from the tables' records
    recount: dict[str, int] = {}
    for t in done["tables"]:
        [listed] = director.get(f"/api/records?table={t['table_id']}").json()
        rec = director.get(f"/api/records/{listed['id']}").json()
        for deal in rec["deals"]:
            for i, seat in enumerate(t["seats"]):
                left = next((e["left_round"] for e in done["entries"] if e["number"] == seat["number"]), None)
                if seat["number"] and left is None:
                    recount[seat["name"]] = recount.get(seat["name"], 0) + deal["result"]["tricks"][i % 2]
    page = pages[0]
    page.goto(f"{server.url}/#drive/{did}")
    page.wait_for_selector("#standings")
    page.wait_for_selector("#drive-winner")
    shown = {}
    for row in page.locator("#standings tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        shown[cells[1]] = int(row.locator("td.total").inner_text())
    assert {n: shown[n] for n in names} == recount
    assert all(shown[f"Absent{k}"] == 0 for k in range(4))  # computer players played for them
    page.screenshot(path=shots / "drive-results-desktop.png", full_page=True)
    pages[1].goto(f"{server.url}/#drive/{did}")
    pages[1].wait_for_selector("#standings")
    pages[1].screenshot(path=shots / "drive-results-phone.png", full_page=True)
    # a name in the standings leads to the player's profile
    page.locator("#standings a", has_text="Cy").click()
    page.wait_for_selector("#player-name")
    assert page.locator("#player-name").inner_text() == "Cy"
    assert page.locator("#player-drives a").inner_text() == "Club night"
    page.screenshot(path=shots / "drive-profile-desktop.png", full_page=True)
    page.go_back()
    page.wait_for_selector("#dr-print")
    # the printable page and the CSV export
    with page.expect_popup() as popup:
        page.locator("#dr-print").click()
    printed = popup.value
    printed.wait_for_load_state()
    assert "Standings" in printed.content()
    assert all(p.errors == [] for p in pages), [p.errors for p in pages]


def test_scorer_mode_on_a_phone_the_hall_screen_and_the_director(browser: Any, server: WebServer,
                                                                 shots: Path) -> None:
    director_http = HttpClient(server)
    assert director_http.register("clubdirector", "a long password").status_code == 201
    cookie = [{"name": "ow_session", "value": director_http.token, "url": server.url}]
    desk = browser.new_context(viewport=DESKTOP, locale="en-GB")
    desk.add_cookies(cookie)
    director = desk.new_page()
    errors: list[str] = []
    director.on("pageerror", lambda e: errors.append(str(e)))
    # the registered director makes the drive in the browser form (phone width)
    phone = browser.new_context(viewport=PHONE, locale="en-GB")
    phone.add_cookies(cookie)
    d = phone.new_page()
    d.on("pageerror", lambda e: errors.append(str(e)))
    d.goto(f"{server.url}/#drives")
    d.wait_for_selector("#nd-create")
    d.fill("#nd-name", "Hall evening")
    d.select_option("#nd-mode", "scorer")
    d.fill("#nd-rounds", "2")
    d.fill("#nd-deals", "2")
    d.screenshot(path=shots / "drive-new-phone.png", full_page=True)
    d.click("#nd-create")
    d.wait_for_selector("#drive-page")
    did = d.locator("#drive-page").get_attribute("data-drive")
    assert did
    people = [HttpClient(server).guest(f"Hall{k}") for k in range(8)]
    for c in people:
        c.post(f"/api/drives/{did}/register")
    d.wait_for_selector("#dr-start", timeout=10000)
    d.locator("#movement").evaluate("e => e.closest('details').open = true")
    d.wait_for_function("() => document.querySelector('#movement').textContent.includes('table 2')")
    director.goto(f"{server.url}/#drive/{did}")
    director.wait_for_selector("#dr-start")
    director.locator("#movement").evaluate("e => e.closest('details').open = true")
    director.wait_for_function("() => document.querySelector('#movement').textContent.includes('table 2')")
    director.screenshot(path=shots / "drive-director-desktop.png", full_page=True)
    d.click("#dr-start")
    d.wait_for_selector("#dr-end-round")
    # the scorer's phone: the director enters table 1's first deal; 14 tricks are refused
    d.goto(f"{server.url}/#scorer/{did}")
    d.wait_for_selector("#sc-form")
    d.fill("#sc-a", "8")
    assert d.input_value("#sc-b") == "5"  # the other side's tricks make 13
    d.fill("#sc-b", "6")
    d.click("#sc-save")
    d.wait_for_selector("#sc-note.error")
    assert "14" in d.locator("#sc-note").inner_text()
    d.fill("#sc-a", "8")
    d.click("#sc-save")
    d.wait_for_selector("#sc-note.saved")
    d.screenshot(path=shots / "drive-scorer-phone.png", full_page=True)
    # in Dutch: the page's words and the drive's refusals
    d.select_option("#lang", "nl")
    d.wait_for_function("() => document.querySelector('#sc-save')?.textContent === 'Opslaan'")
    d.fill("#sc-a", "8")
    d.fill("#sc-b", "6")
    d.click("#sc-save")
    d.wait_for_selector("#sc-note.error")
    assert d.locator("#sc-note").inner_text().startswith("Geen mogelijke uitslag")
    d.select_option("#lang", "en")
    view = director_http.get(f"/api/drives/{did}").json()
    assert [t["deals_done"] for t in view["tables"]] == [1, 0]
    # the hall screen follows the results as they come
    hall = desk.new_page()
    hall.goto(f"{server.url}/#hall/{did}")
    hall.wait_for_selector("#standings")
    for table, deal, tricks in ((1, 2, [7, 6]), (2, 1, [4, 9]), (2, 2, [6, 7])):
        r = director_http.post(f"/api/drives/{did}/results", {"table": table, "deal": deal, "tricks": tricks})
        assert r.status_code == 200, r.text
    hall.wait_for_function("() => document.querySelector('#hall-state').textContent.includes('Round 2')",
                           timeout=10000)
    hall.screenshot(path=shots / "drive-hall-desktop.png", full_page=True)
    # the hall's own screen needs no account
    screen = browser.new_context(viewport=DESKTOP, locale="en-GB").new_page()
    screen.goto(f"{server.url}/#hall/{did}")
    screen.wait_for_selector("#standings")
    assert screen.locator("#standings tbody tr").count() == 8
    screen.set_viewport_size(PHONE)
    screen.screenshot(path=shots / "drive-hall-phone.png", full_page=True)
    top = hall.locator("#standings tbody tr").first.locator("td").all_inner_texts()
    assert top[0] == "1" and int(top[-2]) == max(r["total"] for r in
                                                 director_http.get(f"/api/drives/{did}").json()
                                                 ["standings"]["rows"])
    # the calendar on the lobby, and the leaderboard
    director.goto(server.url + "/#")
    director.wait_for_selector("#drive-list")
    assert director.locator(f"#drive-list li[data-drive='{did}']").count() == 1
    director.screenshot(path=shots / "drive-calendar-desktop.png", full_page=True)
    d.goto(server.url + "/#")
    d.wait_for_selector("#drive-list")
    d.screenshot(path=shots / "drive-calendar-phone.png", full_page=True)
    director.goto(server.url + "/#ratings/classic")
    director.wait_for_selector(".ratings-page")
    director.screenshot(path=shots / "ratings-desktop.png", full_page=True)
    assert errors == []


@pytest.mark.parametrize("family", ["belgian", "german"])
def test_the_scorer_form_is_the_one_the_family_declares(browser: Any, server: WebServer,
                                                        family: str) -> None:
    """Scorer mode's form is the family's declared one (from ``/api/variants``): Belgian
    whist's contracts and the four declarers, German whist's tricks of N and of S; an entry
    made in it is saved."""
    import openwhist
    from openwhist.drive.movement import FAMILY_MOVEMENTS

    director = HttpClient(server)
    assert director.register(f"{family}scorer", "a long password").status_code == 201
    movement = FAMILY_MOVEMENTS[family][-1]
    made = director.post("/api/drives", {"name": f"{family} on cards", "family": family,
                                         "movement": movement, "mode": "scorer", "rounds": 1,
                                         "deals": 2})
    assert made.status_code == 201, made.text
    did = made.json()["id"]
    size = openwhist.get_variant(family).header().players
    context, page, errors = _scorer_phone(browser, server, director, did, f"{family[:3]}", size)
    form = openwhist.get_variant(family).entry
    assert form is not None
    if family == "belgian":
        assert page.eval_on_selector_all("#sc-contract option", "os => os.map(o => o.value)") == list(
            form.contracts)
        assert page.eval_on_selector_all(".declarers input", "is => is.map(i => i.value)") == [
            "N", "E", "S", "W"]
        page.select_option("#sc-contract", "pair 9")
        page.check(".declarers input[value=N]")
        page.check(".declarers input[value=S]")
        page.fill("#sc-tricks", "9")
    else:
        assert page.locator("label[for=sc-a]").inner_text() == "Tricks N"
        assert page.locator("label[for=sc-b]").inner_text() == "Tricks S"
        page.fill("#sc-a", "13")          # all 26 tricks, as the default options count them
        page.fill("#sc-b", "13")
    page.click("#sc-save")
    page.wait_for_selector("#sc-note.saved, #sc-note.error")
    assert page.locator("#sc-note").get_attribute("class") == "saved", page.locator("#sc-note").inner_text()
    assert errors == []
    context.close()


def test_a_five_seat_romanian_drive_on_real_cards_names_seats_a_to_e(browser: Any, server: WebServer,
                                                                      shots: Path) -> None:
    """Six people at a table of five (one sits out each round), on real cards: the scorer's
    phone form asks each seat's bid and tricks, labelled Seat A to Seat E (the fifth seat's
    letter E is not East), and words the refusal of the dealer's barred bid; the drive's
    page lists the table's seats the same way and, the round over, ranks by points per deal
    scaled, saying so under the standings."""
    director = HttpClient(server)
    assert director.register("romanianscorer", "a long password").status_code == 201
    made = director.post("/api/drives", {"name": "Seara de whist", "family": "romanian",
                                         "options": {"players": 5}, "movement": "individual",
                                         "mode": "scorer", "rounds": 2, "deals": 1})
    assert made.status_code == 201, made.text
    did = made.json()["id"]
    context, page, errors = _scorer_phone(browser, server, director, did, "rom", 6)
    legends = page.eval_on_selector_all(".exact-entry legend", "ls => ls.map(l => l.textContent)")
    assert [x.split(" (")[0] for x in legends] == ["Seat A", "Seat B", "Seat C", "Seat D", "Seat E"]
    assert page.locator("label[for=sc-bid-E]").inner_text() == "Bid"

    def fill(bids: list[int], tricks: list[int]) -> str:
        for letter, b, k in zip("ABCDE", bids, tricks, strict=True):
            page.fill(f"#sc-bid-{letter}", str(b))
            page.fill(f"#sc-took-{letter}", str(k))
        # the answer to the entry before stays in the note until this one's comes: clear it
        page.eval_on_selector("#sc-note", "n => { n.className = ''; n.textContent = ''; }")
        page.click("#sc-save")
        page.wait_for_selector("#sc-note.saved, #sc-note.error")
        return str(page.locator("#sc-note").get_attribute("class"))

    # deal 1 deals one card each; A deals and bids last: a bid of 1 would make the bids 1
    assert fill([1, 0, 0, 0, 0], [1, 0, 0, 0, 0]) == "error"
    assert page.locator("#sc-note").inner_text() == (
        "Seat A deals deal 1 and may not bid 1: the bids would add up to 1, the tricks of the deal.")
    page.screenshot(path=shots / "drive-scorer-romanian-phone.png", full_page=True)
    assert fill([0, 0, 0, 1, 1], [1, 0, 0, 0, 0]) == "saved"
    page.goto(f"{server.url}/#drive/{did}")
    page.wait_for_selector("#drive-tables li")
    seats = page.locator("#drive-tables li .seats").first.inner_text()
    assert "Seat E: " in seats and "East" not in seats
    view = director.get(f"/api/drives/{did}").json()
    assert view["round_no"] == 2
    r = director.post(f"/api/drives/{did}/results", {"table": 1, "deal": 1, "bids": [0, 0, 0, 0, 0],
                                                      "tricks": [0, 0, 1, 0, 0]})
    assert r.status_code == 200 and r.json()["state"] == "finished", r.text
    page.reload()
    page.wait_for_selector("#scaled-rule")
    assert "Scaled" in page.locator("#standings thead").inner_text()
    assert "per deal played" in page.locator("#scaled-rule").inner_text()
    assert errors == []
    context.close()
