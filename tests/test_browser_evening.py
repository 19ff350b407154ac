"""The table page for a whole evening, in Debian's Chromium against the real server: what a
player types, the control he is on, an open claim form and the scroll survive the table's
messages; a closed table's banner goes with it; the score beside the table and the score
sheet agree at the match's end; a table one left is gone from "Your tables"; a hidden page
says "your turn" in its title and reconnects by itself when shown again; a deal played
with the keyboard alone, read from the live region in French; axe-core finds nothing
serious on the table's screen, desktop and phone."""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_util import WebServer, free_port, launched_chromium
from test_browser import DIALOGS_ACCEPTED, as_guest, friend_page, new_page, new_table_from_the_form, play_deal

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

AXE_VERSION = "4.14.1"
SEATS = {"E": "open", "S": "bot:club", "W": "bot:club"}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launched_chromium()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    db = tmp_path_factory.mktemp("evening") / "web.db"
    s = WebServer(f"sqlite:///{db}", free_port(), bot_pause=0.05)
    yield s
    s.stop()


def test_what_a_player_is_doing_survives_the_tables_messages(browser: Any, server: WebServer) -> None:
    """Ann types to Bob while two of his messages arrive: the whole text is sent. An open
    claim form with its count, a card chosen with the keyboard and the place the page was
    scrolled to survive the cards the others play meanwhile."""
    ann = friend_page(browser, server.url, "Ann", 360, 740)
    link = new_table_from_the_form(ann, "classic", SEATS, "deals", 1)
    bob = friend_page(browser, server.url, "Bob")
    bob.goto(link)
    bob.click("button.sit[data-seat=E]")
    bob.wait_for_selector(".hand.mine button.card")
    ann.wait_for_selector(".hand.mine button.card")
    ann.click("#talk summary")
    ann.click("#talk-text")
    ann.keyboard.type("Good evening Bob, ")
    bob.click("#talk summary")
    for quick in ("hello", "good_luck"):
        bob.click(f"#talk button.quick[data-quick={quick}]")
    expect(ann.locator("#talk-lines li")).to_have_count(2)          # two table messages came
    assert ann.evaluate("document.activeElement.id") == "talk-text"
    ann.keyboard.type("shall we win this one?")
    ann.keyboard.press("Enter")
    said = "Ann: Good evening Bob, shall we win this one?"
    expect(bob.locator("#talk-lines li").last).to_have_text(said)
    expect(ann.locator("#talk-lines li").last).to_have_text(said)

    # an open claim form with its count chosen, while the others play (Bob and the two
    # computer players) until it is Ann's turn again; then a card chosen by keyboard
    others_play_until_anns_turn(ann, bob)
    for _ in range(3):
        ann_plays(ann)
        ann.click("#claim-button")
        ann.select_option("#claim-count", "0")
        ann.focus("#claim-count")
        left = ann.locator(".felt .seat .count").all_inner_texts()
        if not ann.locator(MINE_LEGAL).count():
            break       # the others are to play while the form is open
        # the computer players were quicker: her turn came back before the form was open
        ann.click("#claim-form button:not(.primary)")
    others_play_until_anns_turn(ann, bob)
    assert ann.locator(".felt .seat .count").all_inner_texts() != left    # the others played
    expect(ann.locator("#claim-form")).to_be_visible()
    assert ann.input_value("#claim-count") == "0"
    assert ann.evaluate("document.activeElement.id") == "claim-count"
    ann.click("#claim-form button:not(.primary)")                  # Cancel
    ann_plays(ann)
    # her hand wholly on the screen first: at her turn the page brings it there (a hand cut
    # at the screen's edge would move the page then, as it should)
    ann.evaluate("document.querySelector('.hand.mine').scrollIntoView({block: 'center'})")
    ann.locator(".hand.mine button.card").nth(2).focus()
    ann.keyboard.press("ArrowRight")
    chosen = ann.evaluate("document.activeElement.dataset.card")
    y = ann.evaluate("scrollY")
    others_play_until_anns_turn(ann, bob)
    focused = ann.evaluate("(a => [a.dataset.card, a.closest('[data-hand]')?.dataset.hand])"
                           "(document.activeElement)")
    assert focused == [chosen, "N"]
    assert ann.evaluate("scrollY") == y
    assert ann.errors == [] and bob.errors == []


MINE_LEGAL = ".hand.mine.active button.card.legal"


def ann_plays(ann: Any) -> None:
    """Ann plays a legal card (and another while she wins the trick and leads again)."""
    while ann.locator(MINE_LEGAL).count():
        card = ann.locator(MINE_LEGAL).first.get_attribute("data-card")
        ann.locator(MINE_LEGAL).first.click()
        ann.wait_for_function("c => !document.querySelector(`.hand.mine button[data-card='${c}']`)", arg=card)
        ann.wait_for_function("() => document.querySelector('.hand.mine.active button.card.legal') || "
                              "document.querySelector('.felt .seat.turn')")


def others_play_until_anns_turn(ann: Any, bob: Any, deadline_s: float = 60) -> None:
    """Bob plays a legal card whenever it is his turn (the computer players play theirs)
    until Ann may play."""
    deadline = time.monotonic() + deadline_s
    while not ann.locator(MINE_LEGAL).count():
        assert time.monotonic() < deadline, "Ann's turn never came"
        mine = bob.locator(MINE_LEGAL)
        if mine.count():
            with contextlib.suppress(Exception):      # drawn again meanwhile: look once more
                mine.first.click(timeout=1000)
        else:
            time.sleep(0.05)


def test_a_closed_tables_banner_goes_with_it_and_a_table_left_leaves_your_tables(browser: Any,
                                                                                server: WebServer) -> None:
    """Bob's table is closed by its owner: the banner says so in the lobby, and is gone over
    the next table he opens. Ann plays a one-deal match: at its end the score beside the
    table is the score sheet's total; she leaves, and the table is no longer among hers."""
    ann = friend_page(browser, server.url, "Ann")
    link = new_table_from_the_form(ann, "classic", SEATS, "deals", 1)
    bob = friend_page(browser, server.url, "Bob", 360, 740, "nl-BE")
    bob.goto(link)
    bob.click("button.sit[data-seat=E]")
    bob.wait_for_selector(".hand.mine button.card")
    ann.click("#close-button")
    status = bob.locator("#status")
    expect(status).to_have_text("De eigenaar heeft deze tafel gesloten.")
    bob.wait_for_selector("#quick-german")
    bob.click("#quick-german")
    bob.wait_for_selector(".hand.mine button.card")
    expect(status).to_be_hidden()
    assert serious(bob, axe_script()) == []          # German whist on a phone in Dutch

    ann.goto(server.url)
    ann.wait_for_selector("#quick-classic")
    ann.select_option("#qp-length", "deal")
    ann.click("#quick-classic")
    ann.wait_for_selector(".hand.mine button.card")
    table = ann.url.split("#table/")[1]
    assert len(play_deal(ann)) == 13
    expect(ann.locator("#over-panel")).to_be_visible(timeout=20000)
    total = ann.locator("#score-sheet tbody tr").last.locator("td.total").inner_text()
    shown = " – ".join(ann.locator("#score strong").all_inner_texts())
    assert shown == total, (shown, total)
    ann.click("#leave-button")
    ann.wait_for_selector("#quick-classic")
    expect(ann.locator(f"#my-tables li[data-table='{table}']")).to_have_count(0)
    assert ann.errors == [] and bob.errors == []


def set_hidden(page: Any, hidden: bool) -> None:
    """The page as the browser shows it when its tab is in the background (or again in front)."""
    page.evaluate("""hidden => {
        Object.defineProperty(document, "hidden", {value: hidden, configurable: true});
        const state = hidden ? "hidden" : "visible";
        Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
        document.dispatchEvent(new Event("visibilitychange"));
    }""", hidden)


def test_a_hidden_page_says_your_turn_and_reconnects_when_shown(browser: Any, tmp_path: Path) -> None:
    """In the background, the tab's title says it is your turn (a tone only if chosen: off
    by default); a connection lost while hidden is made again as soon as the page is shown."""
    port = free_port()
    db = f"sqlite:///{tmp_path / 'away.db'}"
    s = WebServer(db, port, bot_pause=0.3)
    try:
        page = new_page(browser, 360, 740)
        as_guest(page, s.url, "Eve")
        page.click("#quick-classic")
        card = page.locator(".hand.mine.active button.card.legal").first
        card.wait_for(timeout=20000)
        assert not page.is_checked("#turn-sound")
        assert page.title() == "openwhist"
        played = card.get_attribute("data-card")
        set_hidden(page, True)
        card.click()
        page.wait_for_function("c => !document.querySelector(`.hand.mine button[data-card='${c}']`)",
                               arg=played)
        page.wait_for_function("document.title === 'Your turn · openwhist'", timeout=20000)
        set_hidden(page, False)
        assert page.title() == "openwhist"

        set_hidden(page, True)
        s.kill()
        page.wait_for_selector(".table-page.offline")
        s = WebServer(db, port, bot_pause=0.3)
        page.wait_for_timeout(2000)             # a hidden page waits (a minute) before trying again
        assert page.locator(".table-page.offline").count() == 1
        set_hidden(page, False)
        page.wait_for_selector(".table-page:not(.offline)", timeout=10000)
        expect(page.locator("#status")).to_be_hidden()
        page.locator(".hand.mine.active button.card.legal").first.wait_for(timeout=10000)
        assert page.errors == []
    finally:
        s.stop()


NAMES = "async cs => (m => cs.map(m.cardName))(await import('/web/i18n.js'))"   # the page's words for cards
LISTEN = """() => {
    window.heardSaid = [];
    new MutationObserver(ms => { for (const m of ms) for (const n of m.addedNodes)
        if (n.parentElement?.id === "announce") window.heardSaid.push(n.textContent); })
      .observe(document.body, {childList: true, subtree: true});
}"""


def test_a_deal_played_by_keyboard_alone_and_heard_from_the_live_region(browser: Any,
                                                                        server: WebServer) -> None:
    """A French player plays a whole deal with the keyboard only: the arrows to a card that
    may be played (a card that may not says so), Enter to play it, each time the live
    region says it is his turn; it names every card played, in order, by whom, and each
    trick's winner, in French."""
    page = new_page(browser, locale="fr-FR")
    as_guest(page, server.url, "Luc")
    page.evaluate(LISTEN)
    page.select_option("#qp-length", "deal")
    page.focus("#quick-classic")
    page.keyboard.press("Enter")
    for turns in range(1, 14):
        page.wait_for_function("n => window.heardSaid.filter(x => x === 'À vous de jouer').length >= n",
                               arg=turns, timeout=30000)
        if turns == 2:                          # H reads the hand out, T the trick
            page.keyboard.press("h")
            page.keyboard.press("t")
            hand_said, trick_said = page.evaluate("window.heardSaid.slice(-2)")
            cards_held = page.eval_on_selector_all(".hand.mine button.card",
                                                   "bs => bs.map(b => b.dataset.card)")
            held = page.evaluate(NAMES, cards_held)
            assert len(cards_held) == 12 and all(n in hand_said for n in held), hand_said
            assert trick_said.startswith("Pli en cours: "), trick_said
        for _ in range(14):
            page.keyboard.press("ArrowRight")
            if page.evaluate("document.activeElement.matches('.hand.mine button.card:not([aria-disabled])')"):
                break
        else:
            raise AssertionError("no card to play")
        page.keyboard.press("Enter")
    page.wait_for_selector("#over-panel", timeout=30000)
    said: list[str] = page.evaluate("window.heardSaid")
    record = page.evaluate("""async () => {
        const rows = await (await fetch("/api/my/records")).json();
        return (await fetch(`/api/records/${rows[0].id}/replay`)).json();
    }""")
    tricks = record["deals"][0]["tricks"]
    cards = [c for tr in tricks for c in tr["cards"]]
    names = page.evaluate(NAMES, cards)
    played = [x for x in said if " a joué " in x]
    assert len(played) == 52
    assert all(p.endswith(" a joué " + n) for p, n in zip(played, names, strict=True)), (played[:4], names)
    assert sum(1 for p in played if p.startswith("Luc (vous)")) == 13
    assert len([x for x in said if x.endswith(" remporte le pli")]) == 13
    assert serious(page, axe_script()) == []         # the match's end, by axe-core where it is installed
    assert page.errors == []


def test_a_belgian_auction_by_keyboard_heard_call_by_call(browser: Any, server: WebServer) -> None:
    """In Belgian whist's auction, Tab reaches the calls and Enter makes one; the live region
    says every call, by whom, as the auction's history shows it, and "your turn"."""
    page = new_page(browser)
    as_guest(page, server.url, "Bea")
    page.evaluate(LISTEN)
    page.focus("#quick-belgian")
    page.keyboard.press("Enter")
    page.wait_for_function("window.heardSaid.includes('Your turn')", timeout=30000)
    # nothing moves while the table waits for Bea: every call so far was said, in order
    said, history = page.evaluate("""[window.heardSaid.filter(x => /: /.test(x)),
        [...document.querySelectorAll('#call-history li')].map(li => li.textContent)]""")
    assert said == history, (said, history)
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.calls button.call[data-call=pass]')"):
            break
    else:
        raise AssertionError("Tab never reached the pass")
    page.keyboard.press("Enter")
    page.wait_for_function("window.heardSaid.includes('Bea (you): pass')")
    assert page.errors == []


def axe_script() -> Path | None:
    """axe-core's script (``$OPENWHIST_AXE``, else installed with npm into a cache once)."""
    given = os.environ.get("OPENWHIST_AXE")
    if given:
        return Path(given)
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "openwhist-axe"
    script = cache / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists() and shutil.which("npm"):
        cache.mkdir(parents=True, exist_ok=True)
        with (cache / "lock").open("w") as lock:       # one install at a time (pytest -n)
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not script.exists():
                npm = ["npm", "install", "--no-save", "--no-audit", "--no-fund", "--prefix", str(cache)]
                subprocess.run([*npm, f"axe-core@{AXE_VERSION}"], capture_output=True, timeout=300)
    return script if script.exists() else None


def serious(page: Any, script: Path | None) -> list[str]:
    """axe-core's serious and critical findings on the page as it is (none without axe)."""
    if script is None:
        return []
    page.emulate_media(reduced_motion="reduce")      # no card caught half-faded as it moves in
    page.add_script_tag(path=str(script))
    found: list[str] = page.evaluate("""async () => (await axe.run(document)).violations
        .filter(v => ["serious", "critical"].includes(v.impact))
        .map(v => `${v.id}: ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", ")}`)""")
    return found


@pytest.mark.parametrize("size", [(1280, 800), (360, 740)], ids=["desktop", "phone"])
def test_axe_finds_nothing_serious_at_the_table(browser: Any, server: WebServer,
                                                size: tuple[int, int]) -> None:
    """axe-core over the lobby, a table (mid-trick, the talk and the claim form open) and
    Belgian whist's auction: no serious or critical violation."""
    script = axe_script()
    if script is None:
        pytest.skip("axe-core is not installed and npm could not install it")
    page = new_page(browser, *size)
    page.on(DIALOGS_ACCEPTED, lambda d: d.accept())
    as_guest(page, server.url, "Axel")

    def check(where: str) -> None:
        assert serious(page, script) == [], where

    check("lobby")
    page.click("#quick-classic")
    page.locator(".hand.mine.active button.card.legal").first.click(timeout=20000)
    page.locator(".trick .played").first.wait_for()
    page.click("#talk summary")
    if page.locator("#claim-button").count():
        page.click("#claim-button")
    check("table")
    page.click("#home")
    page.click("#quick-belgian")
    page.locator(".calls button.call").first.wait_for(timeout=20000)
    check("auction")
    assert page.errors == []


SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
WIDTH = "b => b.getBoundingClientRect().width"
MOTION = """() => {              // how a card new on the table comes in
    const trick = document.createElement("div"), f = document.createElement("figure");
    trick.className = "trick";
    f.className = "played new bottom";
    trick.append(f);
    document.querySelector(".felt").append(trick);
    const name = getComputedStyle(f).animationName;
    trick.remove();
    return name;
}"""


@pytest.mark.parametrize("size", [(1280, 800), (360, 740)], ids=["desktop", "phone"])
def test_a_four_colour_deck_large_cards_and_high_contrast(browser: Any, server: WebServer,
                                                          size: tuple[int, int]) -> None:
    """The table's display choices, kept in the browser: diamonds blue and clubs green,
    larger cards, high contrast; a card played comes from its player's side, and stays
    still where the player asks for reduced motion. Screenshots: ``look-desktop.png`` and
    ``look-phone.png`` in ``tests/screenshots/`` (``$OPENWHIST_SCREENSHOTS``)."""
    shots = Path(os.environ.get("OPENWHIST_SCREENSHOTS") or SCREENSHOTS)
    shots.mkdir(parents=True, exist_ok=True)
    page = new_page(browser, *size)
    as_guest(page, server.url, "Iris")
    page.click("#quick-classic")
    page.locator(".hand.mine.active button.card.legal").first.click(timeout=20000)
    page.locator(".trick .played").first.wait_for()
    assert page.evaluate(MOTION) == "drop"
    width = page.locator(".hand.mine button.card").first.evaluate(WIDTH)
    # at Iris's own turn the table waits: nothing is redrawn under the choices being ticked
    page.locator(".hand.mine.active button.card.legal").first.wait_for(timeout=30000)
    page.click("#look summary")
    for k in ("four", "large", "contrast"):
        page.check(f"#look-{k}")
    classes = page.evaluate("document.documentElement.className.split(' ').sort()")
    assert classes == ["contrast", "four", "large"]
    fill = "s => getComputedStyle(document.querySelector(`svg.face.suit-${s} .ink`)).fill"
    page.wait_for_selector("svg.face.suit-D .ink, svg.face.suit-C .ink")  # a hand may hold neither one
    inks = {"D": "rgb(11, 92, 173)", "C": "rgb(23, 105, 47)"}
    shown = [s for s in inks if page.locator(f"svg.face.suit-{s} .ink").count()]
    assert shown and all(page.evaluate(fill, s) == inks[s] for s in shown)
    assert page.locator(".hand.mine button.card").first.evaluate(WIDTH) > width
    page.reload()                               # kept in the browser
    page.wait_for_selector(".hand.mine button.card")
    assert page.evaluate("document.documentElement.classList.contains('four')")
    page.click("#look summary")
    expect(page.locator("#look-large")).to_be_checked()
    page.screenshot(path=shots / f"look-{'desktop' if size[0] > 400 else 'phone'}.png", full_page=True)
    calm = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce")
    still = calm.new_page()
    still.goto(page.url.split("#")[0])
    still.fill("#nick", "Ivo")
    still.click("#play-guest")
    still.click("#quick-classic")
    still.locator(".hand.mine button.card").first.wait_for(timeout=20000)
    assert still.evaluate(MOTION) == "none"
    calm.close()
    assert page.errors == []
