"""The browser client's files: served by the real server, shipped in the package, light,
and fetching nothing from elsewhere."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import httpx

from browser_util import run_page_script
from openwhist.web import WEB_DIR
from server_util import Server

ROOT = Path(__file__).resolve().parents[1]


def test_the_server_serves_the_page_and_its_modules(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'w.db'}")
    try:
        page = httpx.get(server.url + "/")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        scripts = re.findall(r'(?:src|href)="(/web/[^"]+)"', page.text)
        assert "/web/app.js" in scripts and "/web/style.css" in scripts
        for path in scripts:
            r = httpx.get(server.url + path)
            assert r.status_code == 200, path
        js = httpx.get(server.url + "/web/app.js")
        assert "javascript" in js.headers["content-type"]
        for module in re.findall(r'from "\./([\w.]+)"', js.text):
            assert httpx.get(f"{server.url}/web/{module}").status_code == 200, module
        assert httpx.get(server.url + "/api/health").json()["ok"] is True
        assert httpx.get(server.url + "/web/nothing.js").status_code == 404
    finally:
        server.stop()


def test_javascript_and_css_stay_small_and_fetch_nothing_from_elsewhere() -> None:
    files = [p for p in WEB_DIR.iterdir() if p.suffix in (".js", ".css", ".html")]
    # 200 KB for the table and the lobby, and 50 KB more for the drive pages (drive.js: the
    # calendar, a drive, the scorer's page, the hall screen, leaderboards and profiles), 5 KB
    # for the account's own form (a new password, log out everywhere) and its words, 15 KB for
    # the refusals of the trust rules (claims, drives, names, bounds, sockets) in five languages,
    # 20 KB for the tables of five and six, the bid row, the sheet by deal and the exact-bid
    # whists' presets and options in five languages, 25 KB for their scorer's form and its
    # refusals, the standings scaled for byes, and the help of their options in five languages,
    # 12 KB for a whole evening at the table (what the player is doing kept through a redraw,
    # the live region's words and reading keys, your turn in a hidden tab, motion, the
    # four-colour deck, large cards and high contrast, in five languages: 11.9 KB), 14 KB for a
    # drive's fair results (the sit-out, confirmations, corrections and locks: 11.9 KB), 21 KB
    # for how to play, this table's rules and a first game explained, in five languages (20.4 KB),
    # 10 KB for Mitchell and Howell drives (pairs, boards, fields, in five languages: 9.6 KB)
    assert sum(p.stat().st_size for p in files if p.suffix in (".js", ".css")) < 378_000
    for p in files:
        text = p.read_text(encoding="utf-8")
        outside = [u for u in re.findall(r"https?://[^\s\"'`)]+", text) if u != "http://www.w3.org/2000/svg"]
        assert outside == [], p.name


def test_the_files_ship_in_the_package() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["openwhist"]
    assert "web/static/*" in patterns
    assert {p.name for p in WEB_DIR.iterdir()} >= {"index.html", "app.js", "i18n.js", "cards.js", "style.css"}
    assert any(d.startswith("playwright") for d in data["project"]["optional-dependencies"]["dev"])


def _counted(cases: list[tuple[str, str, int]]) -> list[str]:
    """The page's text for each (language, key, count), from ``i18n.js`` run by Node.js."""
    script = """
        const m = await import(process.argv[1]);
        console.log(JSON.stringify(JSON.parse(process.argv[2]).map(([l, key, n]) => {
            m.setLanguage(l);
            return m.t(key, {n, name: "Ann"});
        })));
    """
    texts: list[str] = run_page_script(script, (WEB_DIR / "i18n.js").as_uri(), json.dumps(cases))
    return texts


def test_counted_texts_take_the_singular_and_romanian_plurals_from_twenty() -> None:
    expected = {
        ("en", "needsExact", 1): "exactly 1 trick", ("en", "needsExact", 2): "exactly 2 tricks",
        ("en", "needs", 1): "needs 1 trick", ("nl", "needs", 1): "moet 1 slag halen",
        ("nl", "needsExact", 3): "precies 3 slagen", ("fr", "needsExact", 1): "exactement 1 pli",
        ("da", "needsExact", 1): "præcis 1 stik", ("ro", "needsExact", 1): "exact 1 levată",
        ("ro", "needs", 7): "trebuie 7 levate",
        ("ro", "costlyN", 1): "1 carte jucată a costat levate sau contractul (marcată ✗).",
        ("ro", "costlyN", 3): "3 cărți jucate au costat levate sau contractul (marcate ✗).",
        ("ro", "costlyN", 21): "21 de cărți jucate au costat levate sau contractul (marcate ✗).",
        ("ro", "len_points", 30): "până la 30 de puncte", ("ro", "len_points", 5): "până la 5 puncte",
        ("ro", "len_rubber", 20): "20 de robbere", ("ro", "len_rounds", 24): "24 de runde",
        ("ro", "len_best-of", 25): "cel mai bun din 25 de mâini",
        ("en", "claimHow", 1): "1 trick is left: how many do you claim for your side?",
        ("en", "claimHow", 3): "How many of the 3 tricks left do you claim for your side?",
        ("nl", "claimHow", 1): "Er is nog 1 slag: hoeveel claim je voor jouw kant?",
        ("ro", "claimHow", 1): "A rămas 1 levată: câte revendicați pentru echipa dvs.?",
    }
    cases = list(expected)
    assert dict(zip(cases, _counted(cases), strict=True)) == expected
