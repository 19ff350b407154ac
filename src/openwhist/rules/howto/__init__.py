"""How to play each variant, for people who never played it, in the page's five languages.

The text of a variant lives beside the rules as ``howto/<variant>.toml``: its sections (the
aim, the deal, the calls, the play, the scoring with the rule books' worked examples, tips),
one short text per preset saying what it changes, and what each call promises (keyed by the
call's first word, as the rules spell it: ``pass``, ``solo``, ``bid``).  A variant's file may
name a ``base``: it then takes the base's sections, presets and calls and replaces those it
writes again (Dummy whist is classic whist with a dummy).  ``common.toml`` holds the
sections' titles.  The server serves a variant's page in one language
(``GET /api/howto/{variant}?lang=``) and the page shows it; nothing else keeps a copy.

Text is plain: paragraphs split by an empty line, a line starting with ``- `` a list item.

>>> page = howto("classic", "nl")
>>> [s["id"] for s in page["sections"]][:3]
['aim', 'deal', 'play']
>>> sorted(LANGUAGES)
['da', 'en', 'fr', 'nl', 'ro']
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["LANGUAGES", "HowToError", "howto", "howto_variants"]

LANGUAGES = ("en", "nl", "fr", "da", "ro")
"""The languages every page is written in, as the page's own list."""

HERE = Path(__file__).resolve().parent


class HowToError(ValueError):
    """No page for that variant or language: ``code`` is ``no_howto_variant`` or
    ``no_howto_language``."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


@cache
def _read(name: str) -> dict[str, Any]:
    path = HERE / f"{name}.toml"
    if not path.is_file():
        raise HowToError(f"no page on how to play {name!r}", "no_howto_variant")
    with path.open("rb") as f:
        return tomllib.load(f)


def howto_variants() -> list[str]:
    """The variants that have a page (every name of ``openwhist.variants()``)."""
    return sorted(p.stem for p in HERE.glob("*.toml") if p.stem != "common")


def _merged(name: str) -> dict[str, Any]:
    """A variant's data with its base's under it: sections replaced by ``id`` (new ones
    added at the end), calls replaced by name, the presets the base's unless it has its own."""
    data = _read(name)
    if "base" not in data:
        return data
    base = _merged(data["base"])
    own = {s["id"]: s for s in data.get("section", [])}
    sections = [own.pop(s["id"], s) for s in base.get("section", [])] + list(own.values())
    return {**base, **{k: v for k, v in data.items() if k != "base"}, "section": sections,
            "preset": data.get("preset", base.get("preset", {})),
            "call": {**base.get("call", {}), **data.get("call", {})}}


def howto(variant: str, lang: str = "en") -> dict[str, Any]:
    """The page on how to play ``variant`` in ``lang`` (one of :data:`LANGUAGES`):
    ``{"variant", "lang", "title", "name" (the game's name), "sections": [{"id", "title", "text"}], "presets":
    [{"name", "text"}], "calls": {word: text}}``.  Raises :class:`HowToError` for a
    variant without a page or a language not written."""
    if lang not in LANGUAGES:
        raise HowToError(f"no page in language {lang!r}: one of {', '.join(LANGUAGES)}",
                         "no_howto_language")
    if variant == "common" or not variant.replace("-", "").isalnum():
        raise HowToError(f"no page on how to play {variant!r}", "no_howto_variant")
    data, titles = _merged(variant), _read("common")["title"]
    return {
        "variant": variant, "lang": lang, "title": data["title"][lang],
        "name": data["name"][lang] if "name" in data else data["title"][lang],
        "sections": [{"id": s["id"], "title": (s["title"] if "title" in s else titles[s["id"]])[lang],
                      "text": s["text"][lang].strip()} for s in data.get("section", [])],
        "presets": [{"name": p, "text": text[lang].strip()} for p, text in data.get("preset", {}).items()],
        "calls": {word: text[lang].strip() for word, text in data.get("call", {}).items()},
    }
