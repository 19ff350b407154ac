"""How to play: every variant and preset has its page in every language of the page, no
English is left on another language's page, every call a deal can offer and every option a
table can set is described in each language, and the server's route serves the pages and
refuses an unknown variant or language with a code."""

from __future__ import annotations

import json
import random
import re
import tomllib
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import openwhist
from browser_util import run_page_script
from openwhist.rules.base import option_infos
from openwhist.rules.belgian import KINDS
from openwhist.rules.howto import LANGUAGES, HowToError, howto, howto_variants
from openwhist.rules.registry import get_variant, variants
from server_util import Server

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "src" / "openwhist" / "web" / "static" / "i18n.js"
PARTS = {"aim", "deal", "play", "scoring", "example", "tips"}
"""The sections every page has (the calls too where the variant has an auction)."""

ENGLISH = {"the", "and", "you", "your", "with", "which", "must", "when", "each", "trick",
           "tricks", "player", "players", "their", "this", "that", "would", "from",
           "will", "card", "cards", "only", "after", "before", "wins"}
"""Common English words; none of them is a word of Dutch, French, Danish or Romanian."""


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-zà-ÿăâîșțøæå]+", text.lower()))


def _texts(page: dict[str, Any]) -> list[str]:
    return [page["title"], *(s["title"] for s in page["sections"]), *(s["text"] for s in page["sections"]),
            *(p["text"] for p in page["presets"]), *page["calls"].values()]


def test_the_page_s_languages_are_the_pages_languages() -> None:
    source = I18N.read_text(encoding="utf-8")
    listed = re.search(r"export const LANGS = \[([^\]]*)\]", source)
    assert listed and tuple(re.findall(r'"(\w+)"', listed.group(1))) == LANGUAGES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_variant_and_preset_has_its_page_in_every_language(lang: str) -> None:
    assert howto_variants() == sorted(variants())
    for name in variants():
        page = howto(name, lang)
        assert page["variant"] == name and page["lang"] == lang and page["title"]
        parts = [s["id"] for s in page["sections"]]
        assert set(parts) >= PARTS and len(parts) == len(set(parts)), (name, parts)
        assert all(s["title"] and len(s["text"]) > 80 for s in page["sections"]), name
        presets = {p["name"]: p["text"] for p in page["presets"]}
        assert set(presets) == set(get_variant(name).presets), (name, lang)
        assert all(len(text) > 20 for text in presets.values()), name


def test_a_variant_whose_deal_starts_with_calls_explains_them() -> None:
    for name in variants():
        first = openwhist.new_deal(name, seed=1).legal_actions()
        auction = not any(re.fullmatch(r"[2-9TJQKA][SHDC]", str(a)) for a in first)
        assert ("calls" in [s["id"] for s in howto(name)["sections"]]) == auction, name


def _call_words(name: str) -> set[str]:
    """The first words of the calls that deals of every preset of ``name`` offer, from
    random play (a call's first word names it: ``solo 6 hearts``, ``bid 2``)."""
    words: set[str] = set()
    for preset in get_variant(name).presets:
        for seed in range(3):
            deal, rng = openwhist.new_deal(name, seed=seed, preset=preset), random.Random(seed)
            while not deal.is_over():
                actions = deal.legal_actions()
                words |= {str(a).split()[0] for a in actions if not re.fullmatch(r"[2-9TJQKA][SHDC]", str(a))}
                deal.apply(rng.choice(actions))
    return words


@pytest.mark.parametrize("name", variants())
def test_every_call_is_explained_in_every_language(name: str) -> None:
    words = _call_words(name)
    if name == "belgian":                 # every contract, and the calls of the auction's options
        words |= set(KINDS) | {"pass", "wait", "propose", "accept", "passe-parole", "trump"}
        assert {"solo", "propose", "accept", "small-misere", "wait"} <= words
    for lang in LANGUAGES:
        calls = howto(name, lang)["calls"]
        assert words <= set(calls), (name, lang, words - set(calls))
        assert all(len(text) > 15 for text in calls.values())


@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != "en"])
def test_no_english_is_left_on_another_language_s_page(lang: str) -> None:
    for name in variants():
        page, english = howto(name, lang), howto(name, "en")
        for text in _texts(page):
            assert not _words(text) & ENGLISH, (name, lang, sorted(_words(text) & ENGLISH), text[:80])
        # paragraph by paragraph, each section differs from its English one
        for mine, en in zip(page["sections"], english["sections"], strict=True):
            ours, theirs = mine["text"].split("\n\n"), en["text"].split("\n\n")
            assert len(ours) == len(theirs), (name, lang, mine["id"])
            assert all(a != b for a, b in zip(ours, theirs, strict=True)), (name, lang, mine["id"])
        for mine, en in zip(page["presets"], english["presets"], strict=True):
            assert mine["text"] != en["text"], (name, lang, mine["name"])


def test_the_english_check_sees_english() -> None:
    assert _words("You must follow suit: the trick") & ENGLISH == {"you", "must", "the", "trick"}
    assert not _words("Je moet kleur bekennen: speel een kaart van de gevraagde kleur") & ENGLISH
    assert not _words("Trebuie să răspundeți la culoare; cel mai mare atu câștigă levata") & ENGLISH


def test_a_base_gives_its_sections_and_the_variant_replaces_its_own() -> None:
    classic, dummy = howto("classic", "da"), howto("dummy", "da")
    same = {s["id"]: s["text"] for s in classic["sections"]}
    mine = {s["id"]: s["text"] for s in dummy["sections"]}
    assert mine["play"] == same["play"] and mine["aim"] != same["aim"]
    assert dummy["presets"] == classic["presets"]
    assert {p["name"] for p in howto("oh-hell")["presets"]} == set(get_variant("oh-hell").presets)


def test_unknown_variants_and_languages_are_refused_with_a_code() -> None:
    for variant, lang, code in [("bridge", "en", "no_howto_variant"),
                                ("common", "en", "no_howto_variant"),
                                ("../classic", "en", "no_howto_variant"),
                                ("classic", "de", "no_howto_language")]:
        with pytest.raises(HowToError) as caught:
            howto(variant, lang)
        assert caught.value.code == code


def test_the_pages_ship_in_the_package() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "rules/howto/*.toml" in data["tool"]["setuptools"]["package-data"]["openwhist"]


def test_the_server_serves_the_pages_and_refuses_with_a_code(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'h.db'}")
    try:
        r = httpx.get(server.url + "/api/howto/belgian", params={"lang": "ro"})
        assert r.status_code == 200 and r.json() == howto("belgian", "ro")
        assert "ik wacht" in " ".join(s["text"] for s in r.json()["sections"])
        assert httpx.get(server.url + "/api/howto/dummy").json()["lang"] == "en"   # English unless asked
        r = httpx.get(server.url + "/api/howto/bridge", params={"lang": "nl"})
        assert r.status_code == 404 and r.json()["code"] == "no_howto_variant"
        assert r.json()["values"]["variant"] == "bridge"
        r = httpx.get(server.url + "/api/howto/classic", params={"lang": "de"})
        assert r.status_code == 422 and r.json()["code"] == "no_howto_language"
        assert r.json()["values"]["languages"] == "en, nl, fr, da, ro"
        r = httpx.get(server.url + "/api/howto/common")
        assert r.status_code == 404 and r.json()["code"] == "no_howto_variant"
    finally:
        server.stop()


# --- the rule options, as the page words them -------------------------------------------------


def _options_as_worded(options: dict[str, list[str]]) -> dict[str, Any]:
    script = """
        const m = await import(process.argv[1]);
        const options = JSON.parse(process.argv[2]), out = {};
        for (const l of m.LANGS) {
            m.setLanguage(l);
            out[l] = {};
            for (const [variant, names] of Object.entries(options)) for (const name of names) {
                const o = m.optionText(variant, name);
                out[l][`${variant}.${name}`] = o && {label: o.label, help: o.help};
            }
            out[l].err = [m.t("err_no_howto_variant", {variant: "x"}),
                          m.t("err_no_howto_language", {languages: "y"})];
        }
        console.log(JSON.stringify(out));
    """
    worded: dict[str, Any] = run_page_script(script, I18N.as_uri(), json.dumps(options))
    return worded


def test_every_option_a_table_can_set_is_described_in_each_language() -> None:
    options = {v: [o.name for o in option_infos(get_variant(v).options_type)] for v in variants()}
    worded = _options_as_worded(options)
    assert set(worded) == set(LANGUAGES)
    for lang, texts in worded.items():
        for key in (f"{v}.{o}" for v, names in options.items() for o in names):
            text = texts[key]
            assert text and text["label"], (lang, key)          # known to the page, labelled
            en = worded["en"][key]
            if en["help"]:
                assert text["help"], (lang, key)
                if lang != "en":
                    assert text["help"] != en["help"], (lang, key)   # not the English help
                    assert not _words(text["help"]) & ENGLISH, (lang, key, text["help"])
        assert all("{" not in x for x in texts["err"]) and len(set(texts["err"])) == 2
    assert worded["ro"]["err"] != worded["en"]["err"]


@given(st.text(max_size=30), st.sampled_from([*LANGUAGES, "de", "", "EN", "../en"]))
def test_any_name_is_a_page_or_a_refusal_with_a_code(name: str, lang: str) -> None:
    try:
        page = howto(name, lang)
    except HowToError as exc:
        assert exc.code in {"no_howto_variant", "no_howto_language"}
        assert (exc.code == "no_howto_language") == (lang not in LANGUAGES)
    else:
        assert name in variants() and lang in LANGUAGES and page["variant"] == name


# --- a first game explained: the page's reasons, from a view -----------------------------------


def _explained(cases: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Each case's explanation in each language, from ``howto.js`` (``whyNotPlayable`` with
    ``card`` and ``hand``, else ``trickWhy`` with ``pairs`` and ``winner``)."""
    script = """
        const [i18n, howto] = [await import(process.argv[1]), await import(process.argv[2])];
        const cases = JSON.parse(process.argv[3]), out = {}, name = l => `seat ${l}`;
        for (const l of i18n.LANGS) {
            i18n.setLanguage(l);
            out[l] = cases.map(c => c.card ? howto.whyNotPlayable(c.card, c.hand, "N", c.view, name)
                                           : howto.trickWhy(c.pairs, c.winner, c.trump, name));
        }
        console.log(JSON.stringify(out));
    """
    page_js = I18N.with_name("howto.js")
    explained: dict[str, list[str]] = run_page_script(script, I18N.as_uri(), page_js.as_uri(),
                                                       json.dumps(cases))
    return explained


def test_why_a_card_cannot_be_played_and_who_won_a_trick_in_every_language() -> None:
    hand = ["2H", "5H", "AS", "3C"]
    cases = [
        {"card": "AS", "hand": hand, "view": {"to_move": "N", "legal": ["2H", "5H"], "trick": [["W", "KH"]],
                                               "trump": "S"}},
        {"card": "3C", "hand": ["AS", "3C"], "view": {"to_move": "N", "legal": ["AS"], "trick": [["W", "KH"]],
                                                       "trump": "S"}},
        {"card": "3C", "hand": hand, "view": {"to_move": "E", "legal": ["2H"], "trick": [], "trump": None}},
        {"card": "3C", "hand": hand, "view": {"to_move": "N", "legal": ["pass", "wait"], "trick": [],
                                               "trump": None}},
        {"pairs": [["W", "KH"], ["N", "2S"], ["E", "AH"], ["S", "3H"]], "winner": "N", "trump": "S"},
        {"pairs": [["W", "KH"], ["N", "2D"], ["E", "AH"], ["S", "3H"]], "winner": "E", "trump": "S"},
        {"pairs": [["W", "KH"], ["N", "2D"], ["E", "AH"], ["S", "3H"]], "winner": "E", "trump": None},
    ]
    said = _explained(cases)
    assert said["en"] == [
        "You must follow suit: hearts was led and you still hold hearts, so play one of them.",
        "You have no hearts, so you must trump: play a card of spades.",
        "It is not your turn: seat E plays now.",
        "No card is played yet: the calls come first.",
        "seat N wins the trick: 2 of spades is the highest trump played.",
        "seat E wins the trick: ace of hearts is the highest card of hearts, the suit led, and no trump "
        "was played.",
        "seat E wins the trick: ace of hearts is the highest card of hearts, the suit led.",
    ], said["en"]
    assert said["ro"][0].startswith("Trebuie să răspundeți la culoare") and "cupă" in said["ro"][0]
    assert said["nl"][1] == "Je hebt geen harten, dus je moet troeven: speel een kaart in schoppen."
    for lang, texts in said.items():
        assert len(set(texts)) == len(texts) and all(texts) and not any("{" in x for x in texts), lang
        if lang != "en":
            assert all(not _words(x.replace("seat", "")) & ENGLISH for x in texts), (lang, texts)
