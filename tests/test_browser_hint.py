"""The hint button's reason in a real browser (Debian's Chromium under Playwright), in
English and in Dutch: the rule the technique player followed while the solver is not
ready, the candidate cards' values once the solver's search gives the hint.

Screenshots (``tests/screenshots/``, git-ignored; ``$OPENWHIST_SCREENSHOTS`` names another
folder): ``hint-rule-en-desktop.png``, ``hint-rule-en-phone.png`` (390 px wide), then in
Dutch ``hint-rule-desktop.png``, ``hint-rule-phone.png``, ``hint-values-desktop.png`` and
``hint-values-phone.png``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_util import WebServer, free_port, launched_chromium
from openwhist.web import WEB_DIR

sync_api = pytest.importorskip("playwright.sync_api")

TEXTS = json.loads((WEB_DIR / "hint.json").read_text(encoding="utf-8"))
MY_TURN = ".hand.mine.active button.card.legal"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launched_chromium()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """A server whose solver is never prepared: hints come from the rule books."""
    s = WebServer(f"sqlite:///{tmp_path_factory.mktemp('hint') / 'web.db'}", free_port())
    yield s
    s.stop()


@pytest.fixture(scope="module")
def solver_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    from server_util import wait_for_solver

    s = WebServer(f"sqlite:///{tmp_path_factory.mktemp('hint-solver') / 'web.db'}", free_port(),
                  extra_env={"OPENWHIST_COMPILE_SOLVER": "1"})
    wait_for_solver(s.url)
    yield s
    s.stop()


def start(browser: Any, url: str, width: int, height: int) -> Any:
    """A guest at a quick classic table, on its turn to play."""
    page = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB").new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    page.fill("#nick", "Hu")
    page.click("#play-guest")
    page.click("#quick-classic")
    page.wait_for_selector(MY_TURN)
    return page


def ask(page: Any) -> dict[str, Any]:
    """Click the hint button; the server's answer, once the page shows it."""
    with page.expect_response(lambda r: r.url.endswith("/hint")) as answer:
        page.click("#hint-button")
    hint: dict[str, Any] = answer.value.json()
    page.locator(f".hand.mine button.card.hinted[data-card='{hint['action']}']").wait_for()
    return hint


def note(page: Any) -> str:
    text: str = page.locator("#note").inner_text()
    return text


def number(v: float, lang: str) -> str:
    """A value as the page writes it: 7.4, or 7,4 in Dutch; 7 for 7.0."""
    return f"{v:g}" if lang == "en" else f"{v:g}".replace(".", ",")


def test_a_hint_by_the_rule_books_names_the_rule_in_the_pages_language(browser: Any, server: WebServer,
                                                                       shots: Path) -> None:
    for size, (width, height) in {"desktop": (1280, 800), "phone": (390, 844)}.items():
        page = start(browser, server.url, width, height)
        hint = ask(page)
        assert hint["bot"] == "technique" and "values" not in hint
        assert note(page).startswith("Hint: ")
        assert note(page).endswith(f" ({TEXTS['en'][hint['technique']]})")
        page.screenshot(path=shots / f"hint-rule-en-{size}.png", full_page=True)
        page.select_option("#lang", "nl")
        page.wait_for_selector("#hint-button:text('Tip')")
        hint = ask(page)
        assert note(page).startswith("Tip: ") and note(page).endswith(f" ({TEXTS['nl'][hint['technique']]})")
        page.screenshot(path=shots / f"hint-rule-{size}.png", full_page=True)
        assert page.errors == []
        page.context.close()


def test_a_hint_from_the_search_shows_the_cards_values(browser: Any, solver_server: WebServer,
                                                       shots: Path) -> None:
    for size, (width, height) in {"desktop": (1280, 800), "phone": (390, 844)}.items():
        page = start(browser, solver_server.url, width, height)
        for _ in range(6):  # the first lead may be the rule books': play on until the search hints
            hint = ask(page)
            if hint["bot"] == "solver":
                break
            page.click(f".hand.mine button.card.hinted[data-card='{hint['action']}']")
            page.wait_for_function("c => !document.querySelector(`.hand.mine button[data-card='${c}']`)",
                                   arg=hint["action"])
            page.wait_for_selector(MY_TURN)
        assert hint["bot"] == "solver" and hint["unit"] == "tricks"
        for lang, hint_is in (("en", "Hint: "), ("nl", "Tip: ")):
            if lang == "nl":
                page.select_option("#lang", "nl")
                page.wait_for_selector("#hint-button:text('Tip')")
                hint = ask(page)
            text = note(page)
            words = TEXTS[lang]["tricks"].split("{v}")[0]
            assert text.startswith(hint_is) and f" ({words}" in text, text
            for card, v in hint["values"].items():
                assert f"\xa0{number(v, lang)}" in text.split(words)[1], (card, v, text)  # kept together
            assert text.count(" · ") == len(hint["values"]) - 1
        page.screenshot(path=shots / f"hint-values-{size}.png", full_page=True)
        assert page.errors == []
        page.context.close()
