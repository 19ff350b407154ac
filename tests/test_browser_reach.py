"""What a player must reach, in Debian's Chromium against the real server: on a 360 px phone
the control he must use now (the calls of a Belgian auction, his hand) lies on the screen at
every turn without his scrolling; the lobby, a table and a drive's page by the keyboard alone,
the focus always shown and never lost to a redraw; axe-core over a drive's page and the drive
calendar, desktop and phone."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import pytest

from browser_util import WebServer, free_port, launched_chromium
from test_browser import as_guest, new_page

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
        handle = target.first.element_handle()
        with contextlib.suppress(Exception):      # drawn again meanwhile: look once more
            handle.click(timeout=2000)
        page.wait_for_function("e => !e.isConnected", arg=handle)
    assert page.errors == []
