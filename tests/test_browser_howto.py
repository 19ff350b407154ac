"""How to play and a first game explained, in a real browser (Chromium via Playwright): a
newcomer on a 360 px phone in Romanian opens the lobby, reads how Belgian whist is played,
starts a deal with the explanations on and sees why a card is refused; the same on a 1280 px
desktop, and in Dutch with classic whist.  Screenshots go to ``tests/screenshots/``
(``$OPENWHIST_SCREENSHOTS``): ``howto-{variant}-{lang}-{device}.png`` (a rules page) and
``teach-{variant}-{lang}-{device}.png`` (an explained deal, a refused card's reason shown)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_util import WebServer, free_port, launched_chromium
from openwhist.rules.base import option_infos
from openwhist.rules.registry import get_variant
from test_browser import SIZES, as_guest, new_page
from test_howto import ENGLISH, _words

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

NO_SIDEWAYS = "() => document.scrollingElement.scrollWidth <= innerWidth + 1"
CASES = {"ro": ("belgian", "ro-RO", "Cum se joacă whist belgian (whist cu culoare)",
                "Trebuie să răspundeți la culoare",
                "câștigă levata", "Regulile acestei mese", "Sugestie: "),
         "nl": ("classic", "nl-NL", "Hoe speel je klassiek whist", "Je moet kleur bekennen",
                "wint de slag", "De regels aan deze tafel", "Voorstel: ")}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launched_chromium()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    db = tmp_path_factory.mktemp("howto") / "howto.db"
    s = WebServer(f"sqlite:///{db}", free_port())
    yield s
    s.stop()


def read_the_rules(page: Any, variant: str, title: str) -> None:
    """From the lobby, the page on how to play ``variant``: every section, the presets, every
    option of a table, in the page's language only."""
    page.click(f"#howto-{variant}")
    expect(page.locator("#howto-h")).to_have_text(title)
    record = get_variant(variant)
    for part in ("aim", "deal", "play", "scoring", "example", "tips"):
        expect(page.locator(f"#howto-{part} p, #howto-{part} li").first).to_be_visible()
    assert page.locator("#howto-presets dt").count() == len(record.presets)
    options = [o.name for o in option_infos(record.options_type)]
    assert page.locator("#howto-options dt").count() == len(options)
    assert all(page.locator(f"#howto-options dt[data-option='{o}']").inner_text() != o for o in options
               if "_" in o)
    text = page.locator("article.howto").inner_text()
    assert not _words(text) & ENGLISH, sorted(_words(text) & ENGLISH)
    assert page.evaluate(NO_SIDEWAYS)


def play_until_a_card_is_refused(page: Any, want: str, deadline_s: float = 240) -> tuple[str, str]:
    """Pass every call (or make the first one offered) and play legal cards until it is our
    turn with a card that may not be played (we must follow suit and hold another suit too):
    click it.  The explanation then shown, and every explanation shown before it."""
    deadline, seen = time.monotonic() + deadline_s, []
    while time.monotonic() < deadline:
        with contextlib.suppress(sync_api.Error):   # drawn again meanwhile: look once more
            seen.append(page.locator("#teach").inner_text(timeout=500))
            if page.locator("#ready-button:not([disabled])").count():
                page.click("#ready-button", timeout=1000)
                continue
            refused = page.locator(".hand.mine.active button.card.dim")
            if refused.count():
                refused.first.click(timeout=1000, force=True)   # aria-disabled, yet a finger may tap it
                with contextlib.suppress(AssertionError):
                    expect(page.locator("#teach")).to_contain_text(want, timeout=2000)
                shown = page.locator("#teach").inner_text()
                assert want in shown, shown
                return shown, "\n".join(seen)
            call = page.locator(".calls button.call[data-call='pass']:not([disabled])")
            call = call if call.count() else page.locator(".calls button.call:not([disabled])")
            if call.count():
                call.first.click(timeout=1000)
                continue
            legal = page.locator(".hand.mine.active button.card.legal")
            if legal.count():
                legal.first.click(timeout=1000)
                continue
        time.sleep(0.05)
    raise AssertionError("no card was ever refused: " + page.locator(".topline").inner_text()
                         + str(page.errors) + page.locator(".hand.mine").inner_text())


@pytest.mark.parametrize("device", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["ro", "nl"])
def test_a_newcomer_reads_the_rules_and_plays_a_first_deal_explained(
        browser: Any, server: WebServer, shots: Path, device: str, lang: str) -> None:  # noqa: F811
    variant, locale, title, follow, won, rules, hint = CASES[lang]
    width, height = SIZES[device]
    page = new_page(browser, width, height, locale=locale)
    as_guest(page, server.url, f"Nou{lang}{device}")
    assert page.locator("#lang").input_value() == lang
    read_the_rules(page, variant, title)
    page.screenshot(path=shots / f"howto-{variant}-{lang}-{device}.png", full_page=True)
    page.click("article.howto a.button")                # back to the lobby
    page.wait_for_selector("#quick-classic")
    # the table form's link goes to the chosen preset's page, and back
    page.select_option("#nt-variant", variant)
    preset = page.locator("#nt-preset").input_value()
    assert page.locator("#nt-howto").get_attribute("href") == f"#howto/{variant}/{preset}"
    page.click("#nt-howto")
    expect(page.locator(f"#howto-preset-{preset}.chosen")).to_be_visible()
    page.go_back()
    page.wait_for_selector("#quick-classic")
    page.check("#teach-quick")                          # the explanations on, remembered
    assert page.is_checked("#nt-teach")
    page.select_option("#qp-length", "match")
    page.click(f"#quick-{variant}")
    page.wait_for_selector(".felt")
    expect(page.locator("#teach")).to_be_visible()
    assert page.is_checked("#teach-table")
    why, before = play_until_a_card_is_refused(page, follow)
    assert follow in why
    page.click("#hint-button")                          # the hint, said in words
    expect(page.locator("#teach")).to_contain_text(hint, timeout=20000)
    if won not in before + why:                         # a trick won, and why: play on to the trick's end
        page.locator(".hand.mine.active button.card.legal").first.click()
        page.wait_for_function("(w) => document.querySelector('#teach')?.innerText.includes(w)",
                               arg=won, timeout=60000)
    if variant == "belgian":                            # what a call means, from the rules page
        assert "nu mai ia parte la licitație" in before
    page.screenshot(path=shots / f"teach-{variant}-{lang}-{device}.png", full_page=True)
    assert page.evaluate(NO_SIDEWAYS), f"sideways scrolling at {width} px"
    # this table's rules, in words
    page.click("#table-rules summary")
    expect(page.locator("#table-rules")).to_contain_text(rules)
    assert page.locator("#table-rules li").count() == len(option_infos(get_variant(variant).options_type))
    assert page.evaluate("localStorage.getItem('openwhist-teach')") == "1"
    assert page.errors == []


def test_the_explanations_can_be_turned_off_and_the_rules_need_no_account(browser: Any,
                                                                         server: WebServer) -> None:
    page = new_page(browser, locale="da-DK")
    page.goto(server.url)                                     # no session: the pages are public
    page.click("#howto-first")
    expect(page.locator("#howto-h")).to_have_text("Sådan spiller man klassisk whist")
    page.goto(server.url + "/#howto/german/german-race-7")
    expect(page.locator("#howto-h")).to_have_text("Sådan spiller man tysk whist")
    expect(page.locator("#howto-preset-german-race-7.chosen")).to_be_visible()
    page.select_option("#howto-variant", "oh-hell")
    expect(page.locator("#howto-h")).to_have_text("Sådan spiller man Oh Hell")
    answer = page.evaluate("""async () => {
        const r = await fetch("/api/howto/bridge?lang=da");
        const m = await import("/web/i18n.js"); m.setLanguage("da");
        const body = await r.json();
        return [r.status, body.code, m.t("err_" + body.code, body.values)];
    }""")
    assert answer[:2] == [404, "no_howto_variant"] and "bridge" in answer[2] and "side" in answer[2]
    as_guest(page, server.url, "Dorte")
    page.check("#teach-quick")
    page.uncheck("#nt-teach")                           # one switch: both follow it
    assert not page.is_checked("#teach-quick")
    page.click("#quick-classic")
    page.wait_for_selector(".felt")
    assert page.locator("#teach").count() == 0 and not page.is_checked("#teach-table")
    assert page.errors == []
