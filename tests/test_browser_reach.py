"""What a player must reach, in Debian's Chromium against the real server: on a 360 px phone
the control he must use now (the calls of a Belgian auction, his hand) lies on the screen at
every turn without his scrolling; the lobby, a table and a drive's page by the keyboard alone,
the focus always shown and never lost to a redraw; axe-core over a drive's page and the drive
calendar, desktop and phone: nothing serious or critical."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import pytest

from browser_util import HttpClient, WebServer, free_port, launched_chromium
from test_browser import as_guest, new_page
from test_browser_evening import axe_script, serious

sync_api = pytest.importorskip("playwright.sync_api")

CALLS = ".calls button.call"
MINE = ".hand.mine.active button.card.legal"
OFF_SCREEN = """sel => [...document.querySelectorAll(sel)].filter(e => {
    const r = e.getBoundingClientRect();
    return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth;
}).map(e => e.dataset.call || e.dataset.card || e.className)"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launched_chromium()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    db = tmp_path_factory.mktemp("reach") / "web.db"
    s = WebServer(f"sqlite:///{db}", free_port(), bot_pause=0.05, extra_env={"OPENWHIST_DEAL_PAUSE": "0"})
    yield s
    s.stop()


def test_the_phone_shows_the_control_to_use_now_at_every_turn(browser: Any, server: WebServer) -> None:
    """A quick Belgian game on a 360 px phone: at each of Bea's turns, every call of the
    auction, or her whole hand in the play, lies inside the screen without her scrolling,
    also in the auction of a deal that starts at once while the last deal's last trick
    still lies on the felt."""
    page = new_page(browser, 360, 740)
    as_guest(page, server.url, "Bea")
    page.click("#quick-belgian")
    auctions = plays = 0
    auction_after_trick = False
    deadline = time.monotonic() + 150
    while not (auction_after_trick and plays >= 3):
        assert time.monotonic() < deadline, (auctions, plays)
        page.wait_for_selector(f"{CALLS}, {MINE}", timeout=30000)
        calling = page.locator(CALLS).count() > 0
        sel = CALLS if calling else ".hand.mine.active"
        off = page.evaluate(OFF_SCREEN, sel)
        assert off == [], ("auction" if calling else "play", auctions, plays, off)
        if calling:
            auctions += 1
            auction_after_trick = auction_after_trick or page.locator(".trick .played").count() > 0
            target = page.locator(f"{CALLS}[data-call=pass]")
            if not target.count():
                target = page.locator(CALLS).first
        else:
            plays += 1
            target = page.locator(MINE).first
        act(page, target)
    assert page.errors == []


def act(page: Any, target: Any) -> None:
    """Click ``target`` and wait until the page is drawn again."""
    handle = target.first.element_handle()
    with contextlib.suppress(Exception):          # drawn again meanwhile: look once more
        handle.click(timeout=2000)
    page.wait_for_function("e => !e.isConnected", arg=handle)


def test_the_phone_shows_german_whists_stock_card_and_the_hand_together(browser: Any,
                                                                        server: WebServer) -> None:
    """A quick German game on a 360 px phone: at each of Gerd's turns while the stock lasts,
    the face-up card to be won and her whole hand lie inside the screen together."""
    page = new_page(browser, 360, 740)
    as_guest(page, server.url, "Gerd")
    page.click("#quick-german")
    for turn in range(8):
        page.wait_for_selector(MINE, timeout=30000)
        assert page.locator("#stock-pile .pile-card").count() == 1
        off = page.evaluate(OFF_SCREEN, "#stock-pile, .hand.mine.active")
        assert off == [], (turn, off)
        act(page, page.locator(MINE))
    assert page.errors == []


FOCUS_SHOWN = """() => {
    const a = document.activeElement;
    if (!a || a === document.body) return "nothing has the focus";
    const s = getComputedStyle(a);
    const ring = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2;
    return a.matches(":focus-visible") && ring ? "" : "no ring on " + a.outerHTML.slice(0, 120);
}"""


def tab_to(page: Any, selector: str, limit: int = 120) -> None:
    """Tab until ``selector`` has the focus, each control on the way showing its ring (past
    the page's last control the browser's own come, then the page's first again)."""
    seen = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        seen.append(page.evaluate("document.activeElement.outerHTML.slice(0, 80)"))
        if page.evaluate("document.activeElement === document.body"):
            continue
        assert page.evaluate(FOCUS_SHOWN) == "", seen[-3:]
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def guest_by_keyboard(page: Any, url: str, nickname: str) -> None:
    page.goto(url)
    tab_to(page, "#nick")
    page.keyboard.type(nickname)
    tab_to(page, "#play-guest")
    page.keyboard.press("Enter")
    page.wait_for_selector("#quick-classic")


def count_changes(page: Any) -> None:
    """Count from now the changes to the table's page, a whole redraw or a part's."""
    page.evaluate("""() => { window.drawn = 0; new MutationObserver(() => window.drawn++)
        .observe(document.querySelector("main"), {childList: true, subtree: true}); }""")


def test_a_private_table_made_and_joined_by_keyboard_alone(browser: Any, server: WebServer) -> None:
    """Ann signs in, makes a private table with an open seat and arrives at it, Bob signs in
    and takes the seat, with Tab, Space, the arrows and Enter only: every control reached
    shows its focus ring, a new view puts the focus on its heading, and Bob's card keeps
    the focus while Ann's words redraw his table."""
    ann = new_page(browser)
    guest_by_keyboard(ann, server.url, "Ann")
    tab_to(ann, "#nt-private")
    ann.keyboard.press("Space")
    tab_to(ann, "#nt-seat-E")
    ann.keyboard.press("ArrowUp")
    assert ann.input_value("#nt-seat-E") == "open"
    tab_to(ann, "#nt-create")
    ann.keyboard.press("Enter")
    ann.wait_for_selector("#invite-link")
    assert ann.evaluate("document.activeElement.id") == "table-title"
    count_changes(ann)
    ann.keyboard.press("l")                                     # the table drawn again
    ann.wait_for_function("window.drawn >= 1")
    assert ann.evaluate("document.activeElement.id") == "table-title"
    tab_to(ann, "#invite-link")
    link = ann.input_value("#invite-link")

    bob = new_page(browser, 360, 740)
    guest_by_keyboard(bob, server.url, "Bob")
    bob.goto(link)
    tab_to(bob, "button.sit[data-seat=E]")
    bob.keyboard.press("Enter")
    bob.wait_for_selector(".hand.mine button.card")
    tab_to(bob, ".hand.mine button.card")
    card = bob.evaluate("document.activeElement.dataset.card")
    count_changes(bob)
    tab_to(ann, "#talk summary")
    ann.keyboard.press("Enter")
    tab_to(ann, "#talk button.quick[data-quick=hello]")
    ann.keyboard.press("Enter")
    bob.wait_for_function("window.drawn >= 1", timeout=10000)          # Ann's words came
    for _ in range(2):                                                  # L: the last trick, drawn again
        bob.keyboard.press("l")
    assert bob.evaluate("document.activeElement.dataset.card") == card
    assert bob.evaluate(FOCUS_SHOWN) == ""
    assert ann.errors == [] and bob.errors == []


@pytest.fixture(scope="module")
def drive_id(server: WebServer) -> str:
    director = HttpClient(server)
    assert director.register("director", "a long password").status_code == 201
    made = director.post("/api/drives", {"name": "Club night", "family": "classic", "rounds": 2, "deals": 1,
                                         "round_minutes": 15})
    did: str = made.json()["id"]
    for k in range(3):
        HttpClient(server).guest(f"Early{k}").post(f"/api/drives/{did}/register")
    return did


def test_a_drive_reached_and_entered_by_keyboard_alone(browser: Any, server: WebServer,
                                                      drive_id: str) -> None:
    """From the lobby's calendar to a drive's page, its entry and back to the calendar with
    the keyboard only: entering keeps the focus on the control now in its place, and the page's
    refresh every two seconds does not take it away."""
    page = new_page(browser)
    guest_by_keyboard(page, server.url, "Cleo")
    tab_to(page, f"#drive-list a[href='#drive/{drive_id}']")
    page.keyboard.press("Enter")
    page.wait_for_selector("#dr-register")
    assert page.evaluate("document.activeElement.id") == "drive-name"
    tab_to(page, "#dr-register")
    page.keyboard.press("Enter")
    page.wait_for_selector("#dr-unregister")
    assert page.evaluate("document.activeElement.id") == "dr-unregister"
    page.evaluate("""() => { window.drawn = 0; new MutationObserver(() => window.drawn++)
        .observe(document.querySelector("#drive-page"), {childList: true}); }""")
    page.wait_for_function("window.drawn >= 1", timeout=10000)       # refreshed from the server
    assert page.evaluate("document.activeElement.id") == "dr-unregister"
    assert page.evaluate(FOCUS_SHOWN) == ""
    tab_to(page, "#drive-page a[href='#drives']")
    page.keyboard.press("Enter")
    page.wait_for_selector("#calendar")
    assert page.evaluate("document.activeElement.tagName") == "H2"
    tab_to(page, f"#calendar a[href='#drive/{drive_id}']")
    assert page.errors == []


@pytest.mark.parametrize("size", [(1280, 800), (360, 740)], ids=["desktop", "phone"])
def test_axe_finds_nothing_serious_on_a_drive_and_the_calendar(browser: Any, server: WebServer,
                                                               size: tuple[int, int]) -> None:
    """axe-core over a drive's page as its director sees it before the start (his controls,
    the entries), as a player sees it once it runs (his table, partner and opponents), and
    the drive calendar with the form for a new drive (and a Mitchell's, with its relay), and
    a Mitchell's director page with its partners control: no serious or critical violation."""
    script = axe_script()
    if script is None:
        pytest.skip("axe-core is not installed and npm could not install it")
    director = HttpClient(server)
    assert director.register(f"director{size[0]}", "a long password").status_code == 201
    did = director.post("/api/drives", {"name": "Hall night", "family": "classic", "rounds": 2, "deals": 1,
                                        "round_minutes": 15}).json()["id"]
    for k in range(3):
        HttpClient(server).guest(f"Entry{size[0]}{k}").post(f"/api/drives/{did}/register")
    page = new_page(browser, *size)
    as_guest(page, server.url, f"Axe{size[0]}")
    page.goto(f"{server.url}/#drive/{did}")
    page.click("#dr-register")
    page.wait_for_selector("#dr-unregister")
    desk = new_page(browser, *size)
    desk.context.add_cookies([{"name": "ow_session", "value": director.token, "url": server.url}])
    desk.goto(f"{server.url}/#drive/{did}")
    desk.wait_for_selector("#dr-start")
    assert serious(desk, script) == [], "the director's drive"
    # a Mitchell before its start: the director's control that makes two people partners
    pairs = director.post("/api/drives", {"name": "Pairs night", "family": "classic", "mode": "scorer",
                                          "movement": "mitchell", "deals": 2}).json()["id"]
    for k in range(4):
        HttpClient(server).guest(f"Pair{size[0]}{k}").post(f"/api/drives/{pairs}/register")
    desk.goto(f"{server.url}/#drive/{pairs}")
    desk.wait_for_selector("#dr-pair")
    assert serious(desk, script) == [], "a Mitchell's director"
    desk.goto(f"{server.url}/#drives")
    desk.wait_for_selector("#nd-create")
    assert serious(desk, script) == [], "the calendar"
    desk.select_option("#nd-mode", "scorer")
    desk.select_option("#nd-movement", "mitchell")   # the relay and bye stand shown
    assert desk.locator("#nd-relay").is_visible()
    assert serious(desk, script) == [], "the calendar's Mitchell form"
    assert director.post(f"/api/drives/{did}/start").status_code == 200
    page.wait_for_selector("#go-table", timeout=15000)
    assert serious(page, script) == [], "a running drive"
    assert page.errors == [] and desk.errors == []
