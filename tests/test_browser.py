"""The browser client in a real browser (Debian's Chromium driven by Playwright) against
the real server: a new person plays as a guest, finishes whole deals of classic, German
and Belgian whist (with its auction) by clicking cards and calls and sees the score; the
dummy's open hand played by click; the create-table form's rule options; finished games
listed, replayed trick by trick and exported; reconnection after a reload and after the
server itself went away; the language switch; the page at phone width.

Screenshots: every run saves the main pages at desktop (1280x800) and phone (360x740)
size, whole pages, to ``tests/screenshots/`` (git-ignored; ``$OPENWHIST_SCREENSHOTS``
names another folder): ``lobby-``, ``rule-options-`` (the Belgian new-table form's),
``classic-trick-`` (a classic table mid-trick), ``classic-won-`` (a trick we won, as it
is shown for a moment), ``score-sheet-``, ``german-`` and
``belgian-auction-``, each as ``desktop.png`` and ``phone.png``, made by
``test_screenshots_of_the_main_pages``; a few other tests add theirs (``replay-desktop.png``,
``replay-phone.png``, ``replay-analysis.png``, ...).  Look at them after a change to the page.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_util import WebServer, free_port, launched_chromium

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

PLAYABLE = ".hand.mine.active button.card.legal, .calls button.call"
SHEET_ROWS = "#score-sheet tbody tr"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launched_chromium()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    db = tmp_path_factory.mktemp("web") / "web.db"
    s = WebServer(f"sqlite:///{db}", free_port())
    yield s
    s.stop()


SYMBOLS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
SIZES = {"desktop": (1280, 800), "phone": (360, 740)}


def new_page(browser: Any, width: int = 1200, height: int = 900, locale: str = "en-GB") -> Any:
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def as_guest(page: Any, url: str, nickname: str = "Ann") -> None:
    page.goto(url)
    page.fill("#nick", nickname)
    page.click("#play-guest")
    page.wait_for_selector("#quick-classic")


def play_one(page: Any, rows: int | None = None) -> str | None:
    """When it is our turn, click one legal card (or call) and wait until the server took
    it; returns what was played, or None if the score sheet grew past ``rows`` first."""
    rows = page.locator(SHEET_ROWS).count() if rows is None else rows
    page.wait_for_function(
        """([sel, rows]) => document.querySelector(sel)
            || document.querySelectorAll("#score-sheet tbody tr").length > rows""",
        arg=[PLAYABLE, rows], timeout=20000)
    if page.locator(SHEET_ROWS).count() > rows:
        return None
    target = page.locator(PLAYABLE).first
    what = target.get_attribute("data-card") or target.get_attribute("data-call")
    target.click(timeout=5000)
    page.wait_for_function(
        """([what, rows]) => !document.querySelector(`.hand.mine button[data-card="${what}"]`)
            || document.querySelectorAll("#score-sheet tbody tr").length > rows""",
        arg=[what, rows], timeout=10000)
    return what


def play_deal(page: Any, deadline_s: float = 120) -> list[str]:
    """Play our cards until the score sheet gains a row; returns what we played."""
    rows = page.locator(SHEET_ROWS).count()
    played: list[str] = []
    deadline = time.monotonic() + deadline_s
    while page.locator(SHEET_ROWS).count() == rows:
        assert time.monotonic() < deadline, f"the deal did not end; played {played}"
        what = play_one(page, rows)
        if what:
            played.append(what)
    return played


def hand(page: Any) -> list[str]:
    return page.eval_on_selector_all(".hand.mine button.card", "bs => bs.map(b => b.dataset.card)")


def test_a_new_person_plays_a_whole_deal_of_classic_whist_as_a_guest(browser: Any, server: WebServer,
                                                                    shots: Path) -> None:
    page = new_page(browser)
    as_guest(page, server.url)
    page.screenshot(path=shots / "lobby-desktop.png")
    page.click("#quick-classic")
    page.wait_for_selector(".hand.mine button.card")
    assert len(hand(page)) in (12, 13)
    assert page.locator("#trump strong").inner_text().strip() != ""
    # the turn-up lies on the table until the dealer plays it
    page.locator(PLAYABLE).first.wait_for()
    cards = hand(page)
    trump = page.locator("#trump strong").inner_text()
    legal = page.eval_on_selector_all(".hand.mine button.card.legal", "bs => bs.map(b => b.dataset.card)")
    dim = page.eval_on_selector_all(".hand.mine button.card.dim", "bs => bs.map(b => b.dataset.card)")
    assert legal and sorted(legal + dim) == sorted(cards)
    for c in dim:
        assert page.get_attribute(f'.hand.mine button[data-card="{c}"]', "aria-disabled") == "true"
    assert page.locator("#whose").inner_text().endswith("Your turn")
    if dim:  # a dimmed card does nothing
        page.click(f'.hand.mine button[data-card="{dim[0]}"]', force=True)
        time.sleep(0.2)
        assert dim[0] in hand(page)
    # sorted by suit, trump first
    suits = [c[-1] for c in cards]
    runs = [s for i, s in enumerate(suits) if i == 0 or suits[i - 1] != s]
    assert len(runs) == len(set(runs))
    symbol = trump.split()[0]
    if {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}[symbol] in suits:
        assert suits[0] == {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}[symbol]
    page.screenshot(path=shots / "table-desktop.png")
    played = play_deal(page)
    assert len(played) == 13 and len(set(played)) == 13
    row = page.locator(SHEET_ROWS).first.locator("td").all_inner_texts()
    tricks = [int(x) for x in row[2].split("–")]
    points = [int(x) for x in row[3].split("–")]
    assert int(row[0]) == 1 and sum(tricks) == 13
    assert [int(x) for x in row[4].split("–")] == points  # the first deal's points are the score
    won = [int(x) for x in page.locator("#score strong").all_inner_texts()]
    assert won == points or sum(won) == 0  # the score line shows the score before the next deal
    page.get_by_role("button", name="Last trick").click()
    assert page.locator("#last-trick figure").count() == 4
    page.screenshot(path=shots / "score-desktop.png")
    assert page.errors == []


def test_german_whist_whole_deal_shows_the_stock_and_the_score(browser: Any, server: WebServer) -> None:
    page = new_page(browser)
    as_guest(page, server.url, "Bea")
    page.select_option("#qp-length", "deal")           # a one-deal match: its replay follows
    page.click("#quick-german")
    page.wait_for_selector(".hand.mine button.card")
    stock = page.locator("#stock")
    stock.wait_for()
    assert "26 cards" in page.locator("#stock-count").inner_text()
    face = page.get_attribute("#stock .mini", "data-card")
    assert face and page.get_attribute("#stock .mini", "aria-label")
    played = play_deal(page, deadline_s=180)
    assert len(played) == 26
    assert page.locator(SHEET_ROWS).count() >= 1
    assert page.locator("#score strong").first.inner_text().isdigit()
    # two players: each named, not "Us" and "Them"; tricks counted from the tricks played
    for box in ("#tricks-won", "#score"):
        text = page.locator(box).inner_text()
        assert "Us" not in text and "Them" not in text and "Bea (you)" in text and "(computer)" in text, text
    players = page.locator("#tricks-won .player-tricks").all_inner_texts()
    assert [x.removeprefix("– ").split()[0] for x in players] == ["Bea", "South"]
    assert page.locator("#score-sheet caption").text_content() == "Bea (you) – South (computer)"
    page.click("a.button[href='#']")
    page.locator("#my-games a.replay-link").click()
    page.wait_for_selector(".felt.replay")
    assert page.locator(".felt.replay .hand span.card").count() == 26
    assert page.locator("#export-pbn").count() == 0          # PBN is for four-hand deals
    assert "four-hand" in page.locator("#no-pbn").inner_text()
    assert page.locator("#export-json").count() == 1
    assert page.errors == []


def test_keyboard_play(browser: Any, server: WebServer) -> None:
    page = new_page(browser)
    as_guest(page, server.url, "Kay")
    page.click("#quick-classic")
    first = page.locator(".hand.mine.active button.card.legal").first
    first.wait_for()
    card = first.get_attribute("data-card")
    first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.card") == card
    page.keyboard.press("Enter")
    page.wait_for_function(f"!document.querySelector('.hand.mine button[data-card=\"{card}\"]')")
    page.keyboard.press("l")
    page.locator("#last-trick").wait_for()


def test_reload_mid_deal_comes_back_to_the_same_table(browser: Any, server: WebServer) -> None:
    page = new_page(browser)
    as_guest(page, server.url, "Cid")
    page.click("#quick-classic")
    for _ in range(3):
        assert play_one(page)
    url = page.url
    before = hand(page)
    page.reload()
    page.wait_for_selector(".hand.mine button.card")
    assert page.url == url and hand(page) == before
    assert len(play_deal(page)) == 13 - 3


def test_the_server_going_away_shows_a_message_and_play_resumes(browser: Any, tmp_path: Path) -> None:
    port = free_port()
    db = f"sqlite:///{tmp_path / 'gone.db'}"
    s = WebServer(db, port)
    try:
        page = new_page(browser)
        as_guest(page, s.url, "Dan")
        page.click("#quick-classic")
        for _ in range(2):
            assert play_one(page)
        page.locator(PLAYABLE).first.wait_for()
        before = hand(page)
        s.kill()
        status = page.locator("#status")
        status.wait_for(state="visible", timeout=5000)
        assert "Connection lost" in status.inner_text()
        assert page.get_attribute("#status", "role") == "alert"
        s = WebServer(db, port)
        status.wait_for(state="hidden", timeout=15000)
        page.locator(PLAYABLE).first.wait_for()
        assert hand(page) == before
        assert len(play_deal(page)) == 13 - 2
    finally:
        s.stop()


def test_languages_follow_the_browser_and_can_be_switched(browser: Any, server: WebServer) -> None:
    page = new_page(browser, locale="fr-FR")
    page.goto(server.url)
    assert page.locator("#play-guest").inner_text() == "Jouer en invité"
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.select_option("#lang", "nl")
    assert page.locator("#play-guest").inner_text() == "Speel als gast"
    page.fill("#nick", "Eva")
    page.click("#play-guest")
    page.click("#quick-classic")
    page.wait_for_selector(".hand.mine button.card")
    assert page.locator("#last-trick-button").inner_text() == "Laatste slag"
    labels = page.eval_on_selector_all(".hand.mine button.card",
                                       "bs => bs.map(b => b.querySelector('.sr').textContent)")
    assert any(label.startswith(("harten", "schoppen", "ruiten", "klaveren")) for label in labels)
    kings = page.locator('.hand.mine button[data-card^="K"] svg text.rank')
    if kings.count():
        assert kings.first.text_content() == "H"   # Dutch: heer
    page.select_option("#lang", "fr")
    assert page.locator("#last-trick-button").inner_text() == "Dernier pli"
    if kings.count():
        assert page.locator('.hand.mine button[data-card^="K"] svg text.rank').first.text_content() == "R"
    page.select_option("#lang", "da")
    assert page.locator("#trump .label").inner_text().startswith("Trumf")
    page.select_option("#lang", "ro")
    assert page.locator("#last-trick-button").inner_text() == "Ultima levată"
    page.reload()                                   # the choice is kept
    page.wait_for_selector(".hand.mine button.card")
    assert page.locator("#last-trick-button").inner_text() == "Ultima levată"
    assert page.errors == []


def test_phone_width_fits_without_sideways_scrolling(browser: Any, server: WebServer, shots: Path) -> None:
    page = new_page(browser, width=360, height=740)
    as_guest(page, server.url, "Fay")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=shots / "lobby-phone.png", full_page=True)
    page.click("#quick-classic")
    page.locator(PLAYABLE).first.wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    box = page.locator(".hand.mine").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    page.screenshot(path=shots / "table-phone.png", full_page=True)
    play_deal(page)
    page.screenshot(path=shots / "score-phone.png", full_page=True)


def fits(page: Any, width: int) -> None:
    """Nothing sticks out sideways: no scrolling, every card of our hand is on screen, and
    no name under a card of the trick or the last trick is cut off."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for box in [b.bounding_box() for b in page.locator(".hand.mine button.card").all()]:
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    cut = page.eval_on_selector_all(
        ".trick figcaption, #last-trick figcaption",
        "fs => fs.filter(f => f.scrollWidth > f.clientWidth).map(f => f.textContent)")
    assert cut == []


@pytest.mark.parametrize("device", list(SIZES))
def test_screenshots_of_the_main_pages(browser: Any, server: WebServer, shots: Path, device: str) -> None:
    width, height = SIZES[device]
    page = new_page(browser, width=width, height=height)
    as_guest(page, server.url, f"Pic{device[0]}")
    fits(page, width)
    page.screenshot(path=shots / f"lobby-{device}.png", full_page=True)
    page.select_option("#nt-variant", "belgian")
    page.click(".rule-options summary")
    fits(page, width)
    page.locator("#nt-options").screenshot(path=shots / f"rule-options-{device}.png")

    page.click("#quick-classic")
    deadline = time.monotonic() + 60
    won = ".felt .won-by"                       # a trick we won is shown until we lead again
    while not (page.locator(won).count() and page.locator(PLAYABLE).count()):
        assert time.monotonic() < deadline, "we never won a trick"
        if page.locator(PLAYABLE).count() and play_one(page, 0) is None:
            break                                           # the deal ended without one
        time.sleep(0.02)
    if page.locator(won).count():
        page.screenshot(path=shots / f"classic-won-{device}.png", full_page=True)
        covered = page.evaluate("""() => {
            const line = document.querySelector(".felt .won-by")?.getBoundingClientRect();
            if (!line) return [];
            return [...document.querySelectorAll(".felt .trick figure")].filter(f => {
                const r = f.getBoundingClientRect();
                const across = r.left < line.right && line.left < r.right;
                return across && r.top < line.bottom && line.top < r.bottom;
            }).map(f => f.dataset.card);
        }""")
        assert covered == []                           # the winner's line covers no card
    deadline = time.monotonic() + 60
    while not (page.locator(".felt .trick figure").count() and not page.locator(".felt .won-by").count()
               and page.locator(PLAYABLE).count()):                # not the last trick shown a moment
        assert time.monotonic() < deadline, "never our turn with cards on the trick"
        if page.locator(PLAYABLE).count():
            play_one(page)
        time.sleep(0.05)
    fits(page, width)
    page.screenshot(path=shots / f"classic-trick-{device}.png", full_page=True)
    page.click("#last-trick-button")                  # the page is drawn again: the trick's
    moving = page.evaluate("""[...document.querySelectorAll('.felt .trick figure')]
        .filter(f => f.getAnimations().length).length""")
    assert moving == 0                                 # cards lie still, none drops in again
    page.click("#last-trick-button")
    play_deal(page)
    page.locator(SHEET_ROWS).first.wait_for()
    page.click("#last-trick-button")
    fits(page, width)
    page.locator("#score-sheet").scroll_into_view_if_needed()
    page.screenshot(path=shots / f"score-sheet-{device}.png", full_page=True)

    page.click("a.button[href='#']")
    page.click("#quick-german")
    page.locator("#stock").wait_for()
    for _ in range(2):
        play_one(page)
    page.locator(PLAYABLE).first.wait_for()
    fits(page, width)
    page.screenshot(path=shots / f"german-{device}.png", full_page=True)

    page.click("a.button[href='#']")
    page.click("#quick-belgian")
    page.locator(".calls button.call").first.wait_for(timeout=20000)
    fits(page, width)
    # while calling, our hand is in full colour (no card is to be played) and above the calls
    assert page.locator(".hand.mine button.card.dim").count() == 0
    me, calls = page.locator(".seat.me").bounding_box(), page.locator("#auction").bounding_box()
    assert me is not None and calls is not None and me["y"] + me["height"] <= calls["y"]
    # the calls are compact: a row per kind and level (or suit), small buttons each named in
    # full for screen readers, a suit shown by its symbol (its colour is not the only sign)
    small = page.eval_on_selector_all(".call-row button.call, .bid-grid button.call", """bs => bs.map(b => [
        b.dataset.call,
        b.getAttribute("aria-label"), b.textContent.trim()])""")
    assert small, "no call was grouped"
    for call, label, text in small:
        assert label and len(text) <= 2, (call, label, text)
        word = call.split()[-1]
        assert word in label and (text in call.split() or text == SYMBOLS[word])
    height = page.locator("#auction .call-groups").bounding_box()["height"]
    assert height < SIZES[device][1] * 0.75, f"the calls take {height:.0f} px"
    note = page.locator("#note").inner_text()        # the last call seen is said, not "played"
    if note and page.locator("#call-history li").count():   # (calls before we came: no note)
        assert note == page.locator("#call-history li").last.inner_text()
    page.screenshot(path=shots / f"belgian-auction-{device}.png", full_page=True)
    assert page.errors == []


def test_a_member_changes_his_password_and_logs_out_everywhere(browser: Any, server: WebServer) -> None:
    name = f"pat{int(time.time() * 1000) % 10**8}"
    pages = [new_page(browser), new_page(browser)]  # two browsers, the same account
    for page, button in zip(pages, ["#register", "#login"]):
        page.goto(server.url)
        page.fill("#acc-name", name)
        page.fill("#acc-pw", "a long password")
        page.click(button)
        page.wait_for_selector("#pw-form")
    page = pages[0]
    page.fill("#pw-current", "not the password")
    page.fill("#pw-new", "a newer password")
    page.click("#pw-change")
    assert page.locator("#pw-form [role=alert].error").inner_text().endswith("The current password is wrong.")
    page.fill("#pw-current", "a long password")
    page.fill("#pw-new", "a newer password")
    page.click("#pw-change")
    expect(page.locator("#pw-done")).to_have_text("Password changed; your other sessions have ended.")
    pages[1].reload()
    pages[1].wait_for_selector("#play-guest")          # the other browser was logged out
    page.reload()
    page.wait_for_selector("#logout-everywhere")       # this one goes on
    page.click("#logout-everywhere")
    page.wait_for_selector("#play-guest")
    page.reload()
    page.wait_for_selector("#play-guest")
    assert pages[0].errors == pages[1].errors == []


def test_register_log_in_and_invite_a_friend_to_a_private_table(browser: Any, server: WebServer) -> None:
    name = f"gil{int(time.time() * 1000) % 10**8}"
    page = new_page(browser)
    page.goto(server.url)
    page.fill("#acc-name", name)
    page.fill("#acc-pw", "a long password")
    page.click("#register")
    page.wait_for_selector("#quick-classic")
    page.click("text=Log out")
    page.wait_for_selector("#play-guest")
    page.fill("#acc-name", name)
    page.fill("#acc-pw", "wrong password")
    page.click("#login")
    assert page.locator("[role=alert].error").inner_text().endswith("Wrong name or password.")
    page.fill("#acc-pw", "a long password")
    page.click("#login")
    page.wait_for_selector("#nt-create")
    page.select_option("#nt-variant", "classic")
    page.check("#nt-private")
    for letter in "ESW":
        page.select_option(f"#nt-seat-{letter}", "open")
    page.click("#nt-create")
    link = page.locator("#invite-link")
    link.wait_for()
    invitation = link.input_value()
    assert "#table/" in invitation
    expect(page.locator("#waiting-for")).to_have_text("Waiting for players: East, South, West")
    friend = new_page(browser)
    friend.goto(invitation)
    friend.fill("#nick", "Hal")
    friend.click("#play-guest")
    friend.click("button.sit[data-seat=E]")                 # offered the open seats, he sits at once
    friend.wait_for_selector(".hand.mine button.card")
    assert "#table/" in friend.url
    page.wait_for_function("document.querySelector('.felt').textContent.includes('Hal')")
    # the private table is not listed for others
    other = new_page(browser)
    as_guest(other, server.url, "Ivy")
    assert page.url.split("/")[-1] not in other.locator("#open-tables").inner_html()


def belgian_calls() -> list[str]:
    from openwhist.rules import belgian

    return [str(c) for c in belgian.AUCTION_CALLS] + ["accept", "trump hearts", "discard 3C"]


def test_belgian_whist_auction_contract_play_and_score(browser: Any, server: WebServer, shots: Path) -> None:
    page = new_page(browser)
    as_guest(page, server.url, "Jo")
    # every call word has its translation in the five languages
    unknown = page.evaluate("""async ([calls, langs]) => {
        const m = await import("/web/i18n.js");
        const out = [];
        for (const l of langs) {
            m.setLanguage(l);
            for (const c of calls) if (!m.callWordsKnown(c)) out.push(l + ": " + c);
        }
        m.setLanguage("en");
        return out;
    }""", [belgian_calls(), ["en", "nl", "fr", "da", "ro"]])
    assert unknown == []
    # a table of our own with bots that bid at once from their hand (quick play's bots may
    # change); only the one deal's length: the match ends with the first deal played
    page.select_option("#nt-variant", "belgian")
    for letter in "ESW":
        assert page.input_value(f"#nt-seat-{letter}") == "bot:club"
    page.click("#nt-create")
    page.wait_for_selector("#auction")
    assert page.locator("#trump strong").inner_text() == "–"      # no trump before the contract
    bid = False
    seen_calls: set[str] = set()
    contract_seen = ""
    deadline = time.monotonic() + 90
    start = page.locator(SHEET_ROWS).count()        # the rows before the deal being played
    while True:
        assert time.monotonic() < deadline, "the Belgian deal did not end"
        page.wait_for_function(
            """([sel, rows]) => document.querySelector(sel)
                || document.querySelectorAll("#score-sheet tbody tr").length > rows""",
            arg=[PLAYABLE, start], timeout=20000)
        if page.locator(SHEET_ROWS).count() > start:
            if contract_seen:
                break                                  # the deal with a contract is scored
            start = page.locator(SHEET_ROWS).count()   # everyone passed: the same dealer deals again
            continue
        calls = page.eval_on_selector_all(".calls button.call",
                                          "bs => bs.map(b => [b.dataset.call, b.textContent])")
        if calls:
            said = page.eval_on_selector_all("#call-history li", "ls => ls.map(l => l.dataset.call)")
            if any(c not in ("pass", "wait") for c in said):     # a bid stands: its words and who
                high = page.locator('#auction-state li[data-fact="bid"]').inner_text()
                assert high.startswith("Highest bid: ") and "by " in high
            seen_calls.update(c for c, _ in calls)
            assert all(text.strip() for _, text in calls)
            names = [c for c, _ in calls]
            if len(names) > 1 and not bid and "pass" in names:
                # the call words follow the language
                page.select_option("#lang", "nl")
                assert page.locator('.calls button[data-call="pass"]').inner_text() == "pas"
                page.select_option("#lang", "fr")
                assert page.locator('.calls button[data-call="pass"]').inner_text() == "passe"
                page.select_option("#lang", "en")
                assert page.locator('.calls button[data-call="pass"]').inner_text() == "pass"
            solos = [c for c in names if c.startswith("solo ")]
            choice = solos[0] if solos and not bid else "pass" if "pass" in names else names[0]
            bid = bid or choice.startswith("solo ")
            page.click(f'.calls button[data-call="{choice}"]')
            page.wait_for_function(f"""!document.querySelector('.calls button[data-call="{choice}"]')
                || document.querySelectorAll("#score-sheet tbody tr").length > {start}""")
            continue
        if page.locator("#contract").count() and not contract_seen:
            contract_seen = page.locator("#contract").inner_text()
            history = page.locator("#call-history li").all_inner_texts()
            assert history and all(":" in x for x in history)
            # four players, each on his own: tricks per player, and the declarers' side's
            assert "Us" not in page.locator("#tricks-won").inner_text()
            mine = page.locator('#tricks-won .player-tricks[data-seat="N"]').inner_text()
            assert page.locator("#tricks-won .player-tricks").count() == 4 and mine.startswith("Jo (you) ")
            sides = page.locator("#side-tricks").inner_text()
            assert sides.startswith("Declarers ") and "Opponents" in sides
            page.screenshot(path=shots / "belgian-desktop.png")
        play_one(page, start)
    assert "Contract:" in contract_seen and "played by" in contract_seen
    assert "pass" in seen_calls or any(c.startswith("solo") for c in seen_calls)
    row = page.locator(SHEET_ROWS).last.locator("td").all_inner_texts()
    points = [int(x) for x in row[3].split("/")]
    assert len(points) == 4
    assert page.locator("#score .player-score").count() == 4
    caption = page.locator("#score-sheet caption").text_content()
    assert caption.startswith("Jo (you) / East (computer) / ") and "Us" not in caption
    assert page.errors == []


def _belgian_view(seed: int, calls: list[str], preset: str = "freewhist",
                  multiplier: int = 1) -> dict[str, Any]:
    """North's view, as the server sends it, of a real Belgian deal after ``calls``."""
    from openwhist.rules.belgian import PRESETS, new_belgian_deal
    deal = new_belgian_deal(PRESETS[preset], seed=seed, dealer=3, multiplier=multiplier)
    for call in calls:
        deal.apply(call)
    view: dict[str, Any] = deal.observation(0).to_json()
    return view


def _troel_seed() -> int:
    from openwhist import new_deal
    return next(s for s in range(500) if new_deal("belgian", seed=s, dealer=3).observation(0).info["troel"])


def test_the_belgian_auction_box_says_troel_the_bid_proposals_waiting_and_the_multiplier(
        browser: Any, server: WebServer) -> None:
    """What the auction stands at, from real Belgian views as the rules make them, in the
    five languages: troel (three aces, or three or four under Whisthub's rule), the highest
    bid and its holders, a proposal waiting for a partner, who waits, the double; once the
    contract is known only the double is left."""
    page = new_page(browser)
    page.goto(server.url)
    troel = _troel_seed()
    quiet = next(s for s in range(500) if s != troel and not _belgian_view(s, [])["info"]["troel"])
    views = [_belgian_view(troel, []), _belgian_view(troel, [], preset="whisthub"),
             _belgian_view(quiet, ["wait", "propose hearts", "small misere", "small misere"],
                           multiplier=2),
             _belgian_view(quiet, ["pass", "propose hearts", "accept"]),
             _belgian_view(quiet, ["pass", "propose hearts", "accept", "pass"], multiplier=2)]
    troel_name = {"N": "Ann", "E": "Ben", "S": "Cas", "W": "Dirk"}[views[0]["info"]["troel"]]
    assert views[4]["contract"]["name"] == "pair 8 hearts"        # the rules decided it
    out = page.evaluate("""async ([views, langs]) => {
        const i18n = await import("/web/i18n.js"), facts = await import("/web/facts.js");
        const names = {N: "Ann", E: "Ben", S: "Cas", W: "Dirk"};
        const out = {};
        for (const l of langs) {
            i18n.setLanguage(l);
            out[l] = views.map(v => facts.auctionFacts(v, x => names[x]));
        }
        i18n.setLanguage("en");
        return out;
    }""", [views, ["en", "nl", "fr", "da", "ro"]])
    troel3, troel4, busy, pair, over = out["en"]
    assert troel3 == [["troel", f"{troel_name} has troel (three aces): bid above troel or pass; "
                                "if all pass, troel is played."]]
    assert "three or four aces" in troel4[0][1]
    assert busy == [["bid", "Highest bid: small misère, by Cas, Dirk"],
                    ["proposal", "Ben proposes hearts and waits for a partner"],
                    ["waiting", "Waiting (ik wacht): Ann"],
                    ["multiplier", "Everyone passed last deal: this deal counts ×2"]]
    assert pair == [["bid", "Highest bid: pair 8 hearts, by Ben, Cas"]]
    assert over == [["multiplier", "Everyone passed last deal: this deal counts ×2"]]
    for lang in ("nl", "fr", "da", "ro"):            # every line said in each language
        for theirs, ours in zip(out[lang], out["en"]):
            assert [k for k, _ in theirs] == [k for k, _ in ours]
            for (_, text), (_, english) in zip(theirs, ours):
                assert text != english and "{" not in text, (lang, text)
                assert any(n in text for n in ("Ann", "Ben", "Cas", "Dirk", "2")), (lang, text)
    assert page.errors == []


def test_dummy_whist_shows_the_dummy_and_its_cards_are_played_by_click(browser: Any,
                                                                       server: WebServer) -> None:
    page = new_page(browser)
    as_guest(page, server.url, "Max")
    page.click("#quick-dummy")
    dummy = page.locator(".hand.open.played-by-me")
    dummy.wait_for()
    assert "you play it" in (dummy.get_attribute("aria-label") or "")
    assert dummy.locator("button.card").count() == 13
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the dummy never had to play"
        page.wait_for_function("""document.querySelector('.hand.open.active button.card.legal')
            || document.querySelector('.hand.mine.active button.card.legal')""", timeout=20000)
        legal = page.locator(".hand.open.active button.card.legal")
        if legal.count():
            break
        play_one(page)
    cards = dummy.locator("button.card").count()
    assert page.locator("#whose").inner_text().endswith("Your turn")
    assert page.locator(".hand.mine button.card.legal").count() == 0   # not your own hand now
    card = legal.first.get_attribute("data-card")
    legal.first.click()
    page.wait_for_function(f"""!document.querySelector('.hand.open button[data-card="{card}"]')""")
    assert dummy.locator("button.card").count() == cards - 1
    page.wait_for_function(f"""document.querySelector('.trick [data-card="{card}"]')
        || document.querySelector('#note').textContent.includes('played')""")
    assert page.errors == []


def test_create_table_form_offers_the_variants_rule_options(browser: Any, server: WebServer) -> None:
    page = new_page(browser)
    as_guest(page, server.url, "Opt")
    page.select_option("#nt-variant", "belgian")
    page.click(".rule-options summary")
    assert page.locator("#opt-troel option").all_inner_texts() == ["three aces", "three or four aces"]
    assert page.eval_on_selector_all("#opt-troel option", "os => os.map(o => o.value)") == [
        "three-aces", "three-or-four-aces"]
    assert page.locator("#opt-wait").is_checked()
    page.select_option("#nt-variant", "classic")
    page.select_option("#nt-preset", "english-long")
    assert page.locator("#opt-target").input_value() == "10"
    page.select_option("#nt-preset", "american")
    assert not page.locator("#opt-honours").is_checked() and page.locator("#opt-target").input_value() == "7"
    page.select_option("#nt-preset", "english-short")
    assert page.locator("#opt-honours").is_checked()
    page.fill("#opt-target", "7")
    page.uncheck("#opt-honours")
    page.select_option("#opt-revokes", "penalty")
    page.click("#nt-create")
    page.wait_for_selector(".hand.mine button.card")
    table_id = page.url.split("/")[-1]
    options = page.request.get(f"{server.url}/api/tables/{table_id}").json()["options"]
    assert options["target"] == 7 and options["honours"] is False and options["revokes"] == "penalty"
    assert options["trump"] == "turn-up"
    assert page.errors == []


def option_label(page: Any, name: str) -> str:
    label: str = page.locator(f"#nt-options .option:has([data-option='{name}']) label").inner_text()
    return label.strip()


def test_the_rule_options_are_labelled_in_every_language(browser: Any, server: WebServer) -> None:
    page = new_page(browser)
    as_guest(page, server.url, "Lea")
    listed = page.request.get(f"{server.url}/api/variants").json()
    # an option the page knows has its label and its choices' words in the five languages
    # (an option added to the rules since falls back to the server's words)
    check = page.evaluate("""async ([listed, langs]) => {
        const m = await import("/web/i18n.js");
        const out = {missing: [], known: 0, unknown: m.optionText("belgian", "no_such_option")};
        for (const l of langs) {
            m.setLanguage(l);
            for (const v of listed) for (const o of v.options) {
                m.setLanguage("en");
                const en = m.optionText(v.name, o.name);
                m.setLanguage(l);
                if (!en) continue;
                out.known++;
                const known = m.optionText(v.name, o.name);
                const same = known.label === en.label && known.help === en.help && en.help;
                if (!known.label || (l !== "en" && same))
                    out.missing.push(`${l}: ${v.name}.${o.name}`);
                for (const c of o.choices) if (known.choice(c) === String(c) && /[a-z]{3}-/.test(c))
                    out.missing.push(`${l}: ${v.name}.${o.name}=${c}`);
            }
        }
        m.setLanguage("en");
        return out;
    }""", [listed, ["en", "nl", "fr", "da", "ro"]])
    assert check["missing"] == [] and check["unknown"] is None
    assert check["known"] >= 5 * 29                        # classic's, German and Belgian whist's options
    page.select_option("#lang", "nl")
    expect(page.locator("#nt-h")).to_have_text("Nieuwe tafel")          # the lobby in Dutch
    page.select_option("#nt-variant", "classic")
    page.click(".rule-options summary")
    assert option_label(page, "honours") == "Honneurs tellen"
    assert option_label(page, "target") == "Punten voor een manche"
    assert page.locator("#opt-revokes option").all_inner_texts() == ["geweigerd", "bestraft"]
    page.select_option("#nt-preset", "english-long")                   # chosen by its name, shown translated
    assert page.locator("#nt-preset option:checked").inner_text() == "Engels lang whist (10 punten)"
    assert page.locator("#opt-target").input_value() == "10"
    assert "kort whist" in page.locator("#nt-options .option:has(#opt-target) .help").inner_text()
    page.select_option("#nt-variant", "belgian")
    assert option_label(page, "troel") == "Troel"
    assert option_label(page, "shuffle") == "Schudden voor elk spel"
    assert page.locator("#opt-troel option").all_inner_texts() == ["drie azen", "drie of vier azen"]
    page.select_option("#lang", "fr")
    expect(page.locator("#nt-h")).to_have_text("Nouvelle table")
    page.select_option("#nt-variant", "classic")
    page.click(".rule-options summary")
    assert option_label(page, "honours") == "Compter les honneurs"
    assert option_label(page, "revoke_penalty") == "Pénalité de renonce"
    assert page.locator("#opt-trump option").all_inner_texts() == [
        "dernière carte du donneur retournée", "sans atout"]
    page.select_option("#nt-variant", "belgian")
    assert option_label(page, "all_pass") == "Si tous passent"
    assert page.locator("#opt-open_misere option").all_inner_texts() == [
        "après les enchères", "après le premier pli"]
    belgian = next(v for v in listed if v["name"] == "belgian")
    for o in belgian["options"]:                      # the server's words for an unknown option only
        known = page.evaluate("([v, o]) => import('/web/i18n.js').then(m => m.optionText(v, o) !== null)",
                              ["belgian", o["name"]])
        box = page.locator(f"#nt-options .option:has([data-option='{o['name']}'])")
        help_text = box.locator(".help").all_inner_texts()
        if known:
            assert help_text != [o["help"]] and option_label(page, o["name"]) != o["name"].replace("_", " ")
        else:
            assert help_text == [o["help"]] and option_label(page, o["name"]) == o["name"].replace("_", " ")
    assert page.errors == []

    # a rule option the page does not know yet: its name and the server's help text
    fresh = new_page(browser, locale="fr-FR")

    def with_new_option(route: Any) -> None:
        body = route.fetch().json()
        for v in body:
            if v["name"] == "belgian":
                v["options"].append({"name": "new_rule", "type": "bool", "default": False, "choices": [],
                                     "help": "a rule the page does not know"})
        route.fulfill(json=body)

    fresh.route("**/api/variants", with_new_option)
    as_guest(fresh, server.url, "Lou")
    fresh.select_option("#nt-variant", "belgian")
    fresh.click(".rule-options summary")
    assert option_label(fresh, "troel") == "Troel"
    assert option_label(fresh, "shuffle") == "Battre avant chaque donne"
    assert option_label(fresh, "new_rule") == "new rule"
    help_text = fresh.locator("#nt-options .option:has(#opt-new_rule) .help").inner_text()
    assert help_text == "a rule the page does not know"
    assert fresh.errors == []


def test_a_finished_game_is_listed_replayed_trick_by_trick_and_exported(browser: Any, server: WebServer,
                                                                        shots: Path) -> None:
    page = new_page(browser, *SIZES["desktop"])
    as_guest(page, server.url, "Rex")
    assert page.locator("#my-games").inner_text() == "No finished games yet."
    page.select_option("#qp-length", "deal")
    page.click("#quick-classic")
    page.wait_for_selector(".hand.mine button.card")
    assert len(play_deal(page)) == 13
    page.click("a.button[href='#']")
    link = page.locator("#my-games a.replay-link")
    link.wait_for()
    assert link.count() == 1
    link.click()
    page.wait_for_selector(".felt.replay")
    expect(page.locator("#replay-step")).to_have_text("The deal as dealt")
    expect(page.locator(".felt.replay .hand span.card")).to_have_count(52)
    shown = page.eval_on_selector_all(".felt.replay .hand span.card", "xs => xs.map(x => x.dataset.card)")
    assert len(shown) == 52 and len(set(shown)) == 52
    # the hands are named after who played them: Rex by name, the computer players by seat
    names = {s.get_attribute("data-seat"): s.locator(".name").inner_text()
             for s in page.locator(".felt.replay .seat").all()}
    words = {"N": "North", "E": "East", "S": "South", "W": "West"}
    rex = [seat for seat, name in names.items() if name.startswith("Rex")]
    assert len(rex) == 1 and all(names[x].startswith(words[x]) for x in names if x not in rex)
    assert names[rex[0]].startswith("Rex (guest)")  # a guest is marked as one
    page.click("#replay-next")
    expect(page.locator("#replay-step")).to_have_text("Trick 1 of 13")
    expect(page.locator(".felt.replay .trick figure")).to_have_count(4)
    expect(page.locator(".felt.replay .trick figure.won")).to_have_count(1)
    caption = page.locator(f".felt.replay .trick figure[data-seat='{rex[0]}'] figcaption").inner_text()
    assert caption == "Rex"
    winner = page.get_attribute(".felt.replay .trick figure.won", "data-seat") or ""
    won_by = "Rex" if winner == rex[0] else words[winner]
    assert page.locator("#replay-winner").inner_text() == f"won by {won_by}"
    first = page.eval_on_selector_all(".felt.replay .trick figure", "xs => xs.map(x => x.dataset.card)")
    page.click("#replay-next")
    expect(page.locator("#replay-step")).to_have_text("Trick 2 of 13")
    expect(page.locator(".felt.replay .hand span.card")).to_have_count(48)
    left = page.eval_on_selector_all(".felt.replay .hand span.card", "xs => xs.map(x => x.dataset.card)")
    assert len(left) == 48 and not set(first) & set(left)          # the first trick's cards are gone
    page.click("#replay-prev")
    expect(page.locator("#replay-step")).to_have_text("Trick 1 of 13")
    page.screenshot(path=shots / "replay-desktop.png", full_page=True)
    assert "null" not in page.locator(".replay-page").inner_text()       # nothing left out shows
    page.set_viewport_size({"width": SIZES["phone"][0], "height": SIZES["phone"][1]})
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES["phone"][0]
    page.screenshot(path=shots / "replay-phone.png", full_page=True)
    page.set_viewport_size({"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]})
    page.click("#replay-last")
    expect(page.locator("#replay-step")).to_have_text("Trick 13 of 13")
    expect(page.locator(".felt.replay .hand span.card")).to_have_count(4)
    assert "Points" in page.locator("#replay-result").inner_text()
    note = page.locator("#analysis-note")                 # this server does not prepare the solver
    note.wait_for()
    page.wait_for_function("() => document.querySelector('#analysis-note').textContent !== '…'")
    assert note.inner_text().startswith("Analysis not ready yet")
    record = page.request.get(server.url + page.get_attribute("#export-json", "href")).json()
    assert record["kind"] == "match" and len(record["deals"]) == 1
    pbn = page.request.get(server.url + page.get_attribute("#export-pbn", "href"))
    assert pbn.ok and '[Board "1"]' in pbn.text()
    assert page.errors == []


# --- the solver's verdicts, hints, and how fast the lobby is usable ------------------------


@pytest.fixture(scope="module")
def solver_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """A server that prepares the solver at start (from the cache the test run filled)."""
    from server_util import wait_for_solver

    db = tmp_path_factory.mktemp("web-solver") / "web.db"
    s = WebServer(f"sqlite:///{db}", free_port(), extra_env={"OPENWHIST_COMPILE_SOLVER": "1"})
    wait_for_solver(s.url)
    yield s
    s.stop()


def finish_one_deal_fast(page: Any, url: str) -> int:
    """A one-deal classic match for the page's guest against random bots, played over the
    WebSocket with the page's own session (first legal card each time); its record id."""
    from types import SimpleNamespace

    from server_util import Client, finish_match

    token = next(c["value"] for c in page.context.cookies() if c["name"] == "ow_session")
    me = Client(SimpleNamespace(url=url, ws_url=url.replace("http://", "ws://")))  # type: ignore[arg-type]
    me.token = token
    me.csrf = me.get("/api/me").json()["csrf"]
    table = me.post("/api/quickplay", {"variant": "classic", "bot": "random", "until": "deals",
                                       "count": 1}).json()
    finish_match(me, table["id"], 300)
    record_id: int = me.get("/api/my/records").json()[0]["id"]
    return record_id


def test_the_replay_marks_each_costly_card_with_the_solvers_best_card(browser: Any, solver_server: WebServer,
                                                                     shots: Path) -> None:
    page = new_page(browser)
    as_guest(page, solver_server.url, "Dee")
    rid = finish_one_deal_fast(page, solver_server.url)
    page.goto(f"{solver_server.url}/#replay/{rid}")
    page.wait_for_selector("#analysis-summary")
    deal = page.request.get(f"{solver_server.url}/api/records/{rid}/analysis").json()["deals"][0]
    costly = [(i, e) for i, trick in enumerate(deal["tricks"]) for e in trick if e and e["cost"] > 0]
    summary = page.locator("#analysis-summary").inner_text()
    if not costly:
        assert summary == "Every card played was the solver's best."
        return
    assert summary.startswith(f"{len(costly)} cards played cost")
    assert page.locator("#replay-analysis button.costly-link").count() == len(costly)
    i, e = costly[0]
    page.locator("#replay-analysis button.costly-link").first.click()
    assert page.locator("#replay-step").inner_text() == f"Trick {i + 1} of 13"
    marked = page.eval_on_selector_all(".felt.replay .trick figure.costly",
                                       "xs => xs.map(x => x.dataset.card)")
    assert marked == [x["card"] for x in deal["tricks"][i] if x and x["cost"] > 0]
    figure = page.locator(f".felt.replay .trick figure[data-card='{e['card']}']")
    tip = figure.locator(".tip")
    assert not tip.is_visible()
    figure.focus()                                       # keyboard: the best card shows on focus
    assert tip.is_visible() and tip.inner_text().startswith("best: ")
    assert len(tip.inner_text().removeprefix("best: ").split(" ")) == len(e["best"])
    words = "cost a trick" if e["cost"] == 1 else f"cost {e['cost']} tricks"
    assert words in (figure.get_attribute("title") or "")
    assert words in figure.locator(".sr").inner_text()
    lines = page.locator("#replay-verdicts li").all_inner_texts()
    assert len(lines) == 4 and sum("best play" in x for x in lines) == 4 - len(marked)
    page.screenshot(path=shots / "replay-analysis.png")
    assert page.errors == []


def test_the_hint_button_suggests_a_legal_card_from_a_bot(browser: Any, solver_server: WebServer) -> None:
    page = new_page(browser)
    as_guest(page, solver_server.url, "Hal")
    page.click("#quick-classic")
    page.wait_for_selector(".hand.mine.active button.card.legal")
    assert page.locator(".hinted").count() == 0
    page.click("#hint-button")
    hinted = page.locator(".hand.mine button.card.hinted")
    hinted.wait_for()
    card = hinted.get_attribute("data-card")
    assert "legal" in (hinted.get_attribute("class") or "")
    assert page.locator("#note").inner_text().startswith("Hint: ")
    hinted.click()
    page.wait_for_function("c => !document.querySelector(`.hand.mine button[data-card='${c}']`)", arg=card)
    assert card not in hand(page)                         # the server took the hinted card
    assert page.errors == []


def test_the_lobby_is_usable_within_a_second(browser: Any, server: WebServer) -> None:
    """From navigation to the quick-play button being enabled, measured by the page's own
    clock (``performance.now()`` counts from the navigation's start); best of three loads."""
    page = new_page(browser)
    as_guest(page, server.url, "Fay")
    times = []
    for k in range(3):
        page.goto(f"{server.url}/?load={k}")               # a full load each time, not a hash change
        page.wait_for_selector("#quick-classic:enabled")
        times.append(page.evaluate("performance.now()"))
    print(f"lobby usable after {min(times):.0f} ms (loads: {', '.join(f'{t:.0f}' for t in times)})")
    assert min(times) < 1000


def join_by_api(page: Any, table_id: str) -> dict[str, Any]:
    """The page's person asks for a seat at the table (as the lobby's Join button does)."""
    answer: dict[str, Any] = page.evaluate("""async id => {
        const me = await (await fetch("/api/me")).json();
        const r = await fetch(`/api/tables/${id}/join`, {method: "POST", body: "{}",
            headers: {"Content-Type": "application/json", "X-CSRF-Token": me.csrf}});
        return {status: r.status, body: await r.json()};
    }""", table_id)
    return answer


def test_no_hint_at_a_table_with_two_people(browser: Any, server: WebServer) -> None:
    """Alone with bots the hint button shows on your turn; once another person is about
    to sit down, or sits, it is gone for everyone there and the server refuses hints."""
    page = new_page(browser)
    as_guest(page, server.url, "Una")
    page.select_option("#nt-variant", "classic")
    page.click("#nt-create")
    page.locator(".hand.mine.active button.card.legal").first.wait_for(timeout=20000)
    expect(page.locator("#hint-button")).to_have_count(1)           # alone: hints are on
    table_id = page.url.split("/")[-1]
    friend = new_page(browser)
    as_guest(friend, server.url, "Vic")
    joined = join_by_api(friend, table_id)
    assert joined["status"] == 200 and joined["body"]["pending"] is True   # a bot's seat, next deal
    expect(page.locator("#hint-button")).to_have_count(0)
    assert page.locator(".hand.mine.active button.card.legal").count()      # still our turn
    answer = page.request.get(f"{server.url}/api/tables/{table_id}/hint")
    assert answer.status == 403 and "more than one person" in answer.json()["error"]

    # two people playing German whist: no hint for either
    page.goto(f"{server.url}/#")
    page.wait_for_selector("#nt-variant")
    page.select_option("#nt-variant", "german")
    page.select_option("#nt-seat-S", "open")
    page.click("#nt-create")
    page.wait_for_selector(".hand.mine button.card")
    table_id = page.url.split("/")[-1]
    joined = join_by_api(friend, table_id)
    assert joined["status"] == 200 and joined["body"]["pending"] is False
    friend.goto(f"{server.url}/#table/{table_id}")
    friend.wait_for_selector(".hand.mine button.card")
    for p, other in ((page, friend), (friend, page)):
        deadline = time.monotonic() + 60
        while not p.locator(PLAYABLE).count():                # until it is this person's turn
            assert time.monotonic() < deadline, "never this person's turn"
            if other.locator(PLAYABLE).count():
                play_one(other)
            time.sleep(0.05)
        assert p.locator("#hint-button").count() == 0
        answer = p.request.get(f"{server.url}/api/tables/{table_id}/hint")
        assert answer.status == 403 and "more than one person" in answer.json()["error"]
    assert page.errors == [] and friend.errors == []


def test_a_long_row_of_calls_wraps_at_phone_width(browser: Any, server: WebServer) -> None:
    """A row of the auction's calls with six levels (a pair in one suit) and a long name
    wraps instead of pushing the page sideways at 360 px."""
    page = new_page(browser, width=360, height=740)
    as_guest(page, server.url, "Wim")
    page.evaluate("""() => {
        const levels = [8, 9, 10, 11, 12, 13].map(l =>
          `<button type="button" class="call level-call"><span>${l}</span></button>`).join("");
        document.querySelector("main").innerHTML = `<section class="table-page"><section class="calls">
          <div class="call-groups"><div class="call-row"><span class="call-kind suit-D">petite
          misère ♦</span>${levels}</div></div></section></section>`;
    }""")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    boxes = [b.bounding_box() for b in page.locator(".call-row button").all()]
    assert len(boxes) == 6 and all(b is not None and b["x"] + b["width"] <= 360 for b in boxes)


# --- a table of friends and computer players: seats, pauses, the match's end -------------------

DIALOGS_ACCEPTED = "dialog"
ACTABLE = PLAYABLE + ", .hand.open.active button.card.legal"  # the dummy's cards too


def friend_page(browser: Any, url: str, nickname: str, width: int = 1280, height: int = 800,
                locale: str = "en-GB") -> Any:
    page = new_page(browser, width, height, locale)
    page.on(DIALOGS_ACCEPTED, lambda d: d.accept())          # Leave and Close ask first
    as_guest(page, url, nickname)
    return page


def new_table_from_the_form(page: Any, variant: str, seats: dict[str, str], until: str, count: int | None,
                            private: bool = True) -> str:
    """Make a table with the lobby's form, seat by seat; returns the invitation link."""
    page.select_option("#nt-variant", variant)
    if private:
        page.check("#nt-private")
    for letter, spec in seats.items():
        page.select_option(f"#nt-seat-{letter}", spec)
    page.select_option("#nt-until", until)
    if count is not None:
        page.fill("#nt-count", str(count))
    page.click("#nt-create")
    page.locator("#invite-link").wait_for()
    link: str = page.input_value("#invite-link")
    return link


def play_until(pages: list[Any], done: str, deadline_s: float = 150) -> None:
    """Click a legal card or call on whichever page may act until ``done`` shows on the
    first page."""
    deadline = time.monotonic() + deadline_s
    while not pages[0].locator(done).count():
        assert time.monotonic() < deadline, f"{done} never showed"
        acted = False
        for p in pages:
            target = p.locator(ACTABLE)
            if target.count():
                try:
                    target.first.click(timeout=1000)
                    acted = True
                except Exception:  # the page drew again meanwhile: look once more
                    pass
        if not acted:
            time.sleep(0.05)


def start_next_deal(pages: list[Any]) -> None:
    for p in pages:
        expect(p.locator("#pause-panel")).to_be_visible(timeout=20000)
        p.click("#ready-button")
    for p in pages:
        expect(p.locator("#pause-panel")).to_have_count(0, timeout=20000)


def test_two_friends_and_two_computer_players_play_a_match(browser: Any, server: WebServer,
                                                           shots: Path) -> None:
    """Ann makes a table from the page (me, open, two computer players, two deals), Bob
    opens the invitation in another browser (a phone, in Dutch) and sits at the open seat;
    they play, Bob drops away and comes back through his tables, Ann concedes and Bob
    refuses, each deal ends in a pause with its result and Ready, the match with its
    winner, Play again and Back to the lobby."""
    ann = friend_page(browser, server.url, "Ann")
    ann.screenshot(path=shots / "new-table-desktop.png", full_page=True)
    link = new_table_from_the_form(ann, "classic", {"E": "open", "S": "bot:club", "W": "bot:beginner"},
                                   "deals", 2)
    expect(ann.locator("#waiting-for")).to_have_text("Waiting for players: East")
    expect(ann.locator("#whose")).to_have_text("Waiting for players")
    ann.screenshot(path=shots / "waiting-desktop.png")
    bob = friend_page(browser, server.url, "Bob", 360, 740, "nl-BE")
    bob.goto(link)
    offer = bob.locator("button.sit[data-seat=E]")
    expect(offer).to_have_text("Ga zitten: Oost")
    bob.screenshot(path=shots / "invited-phone.png")
    offer.click()
    bob.wait_for_selector(".hand.mine button.card")
    expect(ann.locator("#waiting-for")).to_have_count(0)
    expect(ann.locator(".seat[data-seat=E] .name")).to_contain_text("Bob")

    # Bob's connection drops: Ann sees him away; he comes back through the lobby's tables
    play_until([ann, bob], ".trick .played")
    bob_context = bob.context
    bob.close()
    expect(ann.locator(".seat[data-seat=E] .mark.away")).to_be_visible(timeout=10000)
    bob = bob_context.new_page()
    bob.errors = []
    bob.on("pageerror", lambda e: bob.errors.append(str(e)))
    bob.on(DIALOGS_ACCEPTED, lambda d: d.accept())
    bob.goto(server.url)
    bob.locator("#my-tables a.go-back").click()
    bob.wait_for_selector(".hand.mine button.card")
    expect(ann.locator(".seat[data-seat=E] .mark")).to_have_count(0, timeout=10000)

    # Ann concedes the rest; Bob, her opponent, sees her cards and refuses: the server settles
    # the claim by playing the cards out (nobody plays on by hand with her hand known)
    deadline = time.monotonic() + 60
    while not ann.locator("#claim-button").count():
        assert time.monotonic() < deadline, "no Claim button"
        if bob.locator(ACTABLE).count():
            bob.locator(ACTABLE).first.click()
        time.sleep(0.05)
    ann.click("#claim-button")
    ann.screenshot(path=shots / "claim-form-desktop.png")
    ann.select_option("#claim-count", "0")    # conceding: the computer opponent accepts, Bob answers
    ann.click("#claim-send")
    bob.wait_for_selector("#claim-panel .card", timeout=10000)
    bob.screenshot(path=shots / "claim-phone.png")
    bob.click("#claim-refuse")
    expect(ann.locator("#note")).to_contain_text("claim was refused", timeout=10000)
    for p in (ann, bob):  # the deal ends with nobody clicking a card
        expect(p.locator("#pause-panel")).to_be_visible(timeout=30000)

    play_until([ann, bob], "#pause-panel")
    expect(ann.locator("#deal-result")).to_contain_text("Tricks")
    expect(bob.locator("#deal-result")).to_contain_text("Slagen")
    assert ann.locator("#pause-last-trick figure").count() == 4
    ann.screenshot(path=shots / "pause-desktop.png")
    bob.screenshot(path=shots / "pause-phone.png")
    start_next_deal([ann, bob])
    play_until([ann, bob], "#over-panel")
    expect(bob.locator("#over-panel")).to_be_visible(timeout=10000)
    assert ann.locator(SHEET_ROWS).count() == 2
    assert [r.locator("td").first.inner_text() for r in ann.locator(SHEET_ROWS).all()] == ["1", "2"]
    title = ann.locator("#over-h").inner_text()
    assert title in ("You won the match!", "The match is a tie.") or title.endswith("won the match!")
    ann.screenshot(path=shots / "over-desktop.png")
    bob.screenshot(path=shots / "over-phone.png")
    ann.click("#again-button")                  # one seated person starts the next match
    for p in (ann, bob):
        expect(p.locator("#over-panel")).to_have_count(0, timeout=20000)
        p.wait_for_selector(".hand.mine button.card")

    # Bob leaves: his seat is a computer player's; Ann closes the table
    bob.click("#leave-button")
    bob.wait_for_selector("#nt-create")
    expect(ann.locator(".seat[data-seat=E] .name")).to_contain_text("East", timeout=10000)
    ann.click("#close-button")
    ann.wait_for_selector("#nt-create")
    assert ann.errors == [] and bob.errors == []


@pytest.mark.parametrize("variant", ["dummy", "german", "belgian"])
def test_friends_play_a_one_deal_match_of_each_family(browser: Any, server: WebServer, variant: str) -> None:
    """Two people and the rest computer players: a one-deal match to its end."""
    ann = friend_page(browser, server.url, "Ann")
    open_seat = {"dummy": "E", "german": "S", "belgian": "E"}[variant]
    link = new_table_from_the_form(ann, variant, {open_seat: "open"}, "deals", 1)
    bob = friend_page(browser, server.url, "Bob")
    bob.goto(link)
    bob.click(f"button.sit[data-seat={open_seat}]")
    bob.wait_for_selector(".hand.mine button.card")
    play_until([ann, bob], "#over-panel", 240)
    expect(bob.locator("#over-panel")).to_be_visible(timeout=10000)
    assert ann.locator(SHEET_ROWS).count() >= 1
    ann.click("#lobby-button")
    ann.wait_for_selector("#nt-create")
    assert ann.errors == [] and bob.errors == []


ON_SCREEN = """() => {
  scrollTo(0, 0);
  const need = [...document.querySelectorAll(
    '.hand.mine button.card, .hand.open.active button.card, .calls button.call, #whose, '
    + '.trick .played, #stock-pile')];
  const off = [];
  for (const el of need) {
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
      off.push(el.dataset.card || el.dataset.call || el.id || el.className);
  }
  return {off, scrolled: scrollY};
}"""


@pytest.mark.parametrize("variant", ["classic", "dummy", "german", "belgian"])
def test_on_a_phone_what_is_needed_to_act_is_on_screen(browser: Any, server: WebServer, shots: Path,
                                                       variant: str) -> None:
    """At 360x740, at every turn of a whole deal (each phase the deal passes through: the
    auction, the stock, the play, the dummy's cards), the hand, the calls, the trick, the
    stock's face-up card and whose turn it is lie within the screen without scrolling."""
    page = new_page(browser, 360, 740)
    as_guest(page, server.url, "Pia")
    page.select_option("#qp-length", "deal")
    page.click(f"#quick-{variant}")
    page.wait_for_selector(".hand.mine button.card")
    rows = 0
    phases: set[str] = set()
    deadline = time.monotonic() + 150
    while not page.locator("#over-panel, #pause-panel").count() and page.locator(SHEET_ROWS).count() == rows:
        assert time.monotonic() < deadline, (f"the deal did not end; phases {phases}; the page says "
                                             f"{page.locator('.topline').inner_text()!r}; the server "
                                             f"wrote {''.join(server.output[-20:])!r}")
        if not page.locator(ACTABLE).count():
            time.sleep(0.05)
            continue
        phase = page.locator(".topline h2").inner_text().split("·")[-1].strip()
        if phase not in phases:
            page.screenshot(path=shots / f"phone-{variant}-{phase.lower()}.png")
        phases.add(phase)
        seen = page.evaluate(ON_SCREEN)
        assert seen == {"off": [], "scrolled": 0}, (phase, seen)
        with contextlib.suppress(Exception):  # drawn again meanwhile
            page.locator(ACTABLE).first.click(timeout=1000)
    expected = {"classic": {"Play"}, "dummy": {"Play"}, "german": {"Stock", "Play"},
                "belgian": {"Auction"}}[variant]
    assert expected <= phases
    assert page.errors == []


def test_take_back_and_table_talk_in_dutch(browser: Any, server: WebServer, shots: Path) -> None:
    """Alone with computer players, a card played is taken back with one click; the quick
    messages of table talk are worded in the page's language, and a speaker can be muted."""
    page = new_page(browser, 360, 740, locale="nl-BE")
    as_guest(page, server.url, "Tine")
    page.select_option("#qp-length", "deal")
    page.click("#quick-classic")
    card = page.locator(".hand.mine.active button.card.legal").last
    card.wait_for(timeout=20000)
    played = card.get_attribute("data-card")
    card.click()
    page.wait_for_function("c => !document.querySelector(`.hand.mine button.card[data-card='${c}']`)",
                           arg=played)
    page.click("#undo-button")
    page.wait_for_selector(f".hand.mine.active button.card.legal[data-card='{played}']", timeout=10000)
    # the note under the hand no longer says a card that was taken back ("Tine speelde ...")
    expect(page.locator("#note")).to_have_text("")
    page.click("#talk summary")
    page.click("#talk button.quick[data-quick='good_luck']")
    line = page.locator("#talk-lines li").last
    expect(line).to_contain_text("Tine")
    text = line.inner_text()
    assert "good_luck" not in text and "good luck" not in text.lower()  # in Dutch, not a code
    page.screenshot(path=shots / "talk-phone-nl.png", full_page=True)
    assert page.errors == []


def test_on_a_phone_a_small_misere_discard_is_on_screen(browser: Any, server: WebServer, shots: Path) -> None:
    """At 360x740 the small misère's discard (a card laid aside before the play) is made
    from a hand that lies within the screen: the person calls small misère at once (the
    computer players then pass or go higher; a few deals are tried until it stands)."""
    page = new_page(browser, 360, 740)
    as_guest(page, server.url, "Mia")
    reached = False
    for _ in range(6):
        page.goto(server.url)
        page.select_option("#qp-length", "deal")
        page.click("#quick-belgian")
        misere = page.locator(".calls button.call[data-call='small-misere']")
        try:
            misere.wait_for(timeout=20000)
        except Exception:  # our turn came with no small misère to call: another deal
            continue
        misere.click()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not reached:
            phase = page.locator(".topline h2").inner_text().split("·")[-1].strip()
            if phase in ("Discard", "Play") or page.locator("#over-panel, #pause-panel").count():
                reached = phase == "Discard" and page.locator(ACTABLE).count() > 0
                break
            if page.locator(".calls button.call[data-call='pass']").count():
                with contextlib.suppress(Exception):
                    page.locator(".calls button.call[data-call='pass']").click(timeout=1000)
            time.sleep(0.1)
        if reached:
            break
    assert reached, "no deal came to the small misère's discard"
    page.screenshot(path=shots / "phone-belgian-discard.png")
    seen = page.evaluate(ON_SCREEN)
    assert seen == {"off": [], "scrolled": 0}, seen
    assert page.errors == []


def test_logging_out_in_one_tab_ends_the_table_in_the_other(browser: Any, server: WebServer) -> None:
    """Two tabs of one browser at one table: logging out in the first takes the second
    back to the lobby, where nothing says "your turn" any more."""
    page = new_page(browser, 1200, 900)
    as_guest(page, server.url, "Tab")
    page.click("#quick-classic")
    page.wait_for_selector(".hand.mine button.card")
    other = page.context.new_page()
    other.goto(page.url)
    other.wait_for_selector(".hand.mine button.card")
    page.goto(server.url)
    page.locator("#who button.link").click()
    other.wait_for_selector("#play-guest", timeout=10000)    # the lobby's guest form: logged out
    assert other.locator(".whose").count() == 0
    expect(other.locator("#status")).to_contain_text("Log in first")
