"""Names people can trust: the key two names are compared by, and the names refused.

Two names that look alike on a screen have the same *key* (:func:`name_key`): Unicode
NFKC normalisation (fullwidth ``Ａ`` is ``A``, ligatures are split), case folding, accents
and other combining marks dropped, runs of white space made one space and stripped, and
look-alike characters mapped to one letter (:data:`LOOK_ALIKES`: the Cyrillic and Greek
letters drawn like Latin ones, ``0`` as ``o``; ``1``, ``i``, ``l`` and ``|`` as ``l``,
since a capital ``I`` is a small ``l`` in many fonts and case is folded; ``rn`` as ``m``,
``vv`` as ``w``).  The key is for comparing only: a name is shown as it was written.

The rules the server keeps (:func:`check_name` refuses the rest):

* a name is not blank, holds no control or invisible character (zero-width spaces and
  joiners, direction marks, fillers), and is not a seat's letter or word (``N``,
  ``north``...) nor ``dummy``, which the table and its records use for seats;
* nobody takes a member's key: a guest's nickname, or a new member's name, whose key is
  a registered member's is refused (``alice``, ``ALICE``, ``Аlice`` with a Cyrillic
  ``А``, ``Ａｌｉｃｅ`` and ``al1ce`` are one name);
* guests may share a key with each other (a nickname is not an account); they are
  marked as guests wherever they are named (seats, lists of tables, records).

>>> name_key("  Ａｌｉｃｅ ") == name_key("alice") == name_key("АLICE") == name_key("al1ce")
True
>>> name_key("Zoë   Smith")
'zoe smlth'
>>> check_name("alice")
>>> try:
...     check_name("North")
... except NameRefused as exc:
...     print(exc)
"North" is the name of a seat; choose another name
"""

from __future__ import annotations

import re
import unicodedata

from openwhist.rules.seats import NO_PLAYER, SEAT_NAMES, SEAT_WORDS

__all__ = ["KEY_LENGTH", "LOOK_ALIKES", "NameRefused", "check_name", "name_key"]

KEY_LENGTH = 64
"""The longest key kept (the database column's width); a longer one is refused."""

LOOK_ALIKES: dict[str, str] = {
    # Cyrillic letters drawn like Latin ones (small: capitals are folded to them first)
    "а": "a", "в": "b", "г": "r", "д": "d", "е": "e", "ё": "e", "і": "l", "ї": "l", "ј": "j",
    "к": "k", "м": "m", "н": "h", "о": "o", "п": "n", "р": "p", "с": "c", "т": "t", "у": "y",
    "х": "x", "ѕ": "s", "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ѵ": "v", "ь": "b",
    "ү": "y",
    # Greek letters drawn like Latin ones
    "α": "a", "β": "b", "γ": "y", "ε": "e", "ζ": "z", "η": "h", "ι": "l", "κ": "k", "μ": "m",
    "ν": "v", "ο": "o", "ρ": "p", "σ": "o", "ς": "c", "τ": "t", "υ": "u", "χ": "x", "ω": "w",
    # digits and signs drawn like letters, and the letters drawn like each other
    "0": "o", "1": "l", "i": "l", "ı": "l", "|": "l",
}
"""Look-alike characters and the letter each stands for in a key (applied after NFKC and
case folding, so capitals and fullwidth forms are covered too)."""

_PAIRS = (("rn", "m"), ("vv", "w"))
"""Letter pairs drawn like one letter."""

_INVISIBLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f\u2800\u3164\uffa0"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10)))
"""Characters that draw nothing but are not format characters: fillers, the blank
braille pattern, variation selectors, the combining grapheme joiner."""

_SPACE = re.compile(r"\s+")


class NameRefused(ValueError):
    """A name refused; the message says why, in words to show the player, and ``code``
    names the reason for a page that words it in another language."""

    def __init__(self, message: str, code: str = "name_refused") -> None:
        super().__init__(message)
        self.code = code


def name_key(name: str) -> str:
    """The key a name is compared by (see the module's docstring): two names that look
    alike have the same key."""
    text = unicodedata.normalize("NFKC", name).casefold()
    text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    text = _SPACE.sub(" ", text).strip()
    text = "".join(LOOK_ALIKES.get(c, c) for c in text)
    for pair, letter in _PAIRS:
        text = text.replace(pair, letter)
    return unicodedata.normalize("NFC", text)


_SEATS = frozenset(name_key(w) for w in (*SEAT_NAMES, *SEAT_WORDS, NO_PLAYER))


def _invisible(c: str) -> bool:
    return unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp") or c in _INVISIBLE


def check_name(name: str) -> None:
    """Refuse (:class:`NameRefused`) a blank name, one with a control or invisible
    character, one whose key is too long, and a seat's letter or word."""
    if any(_invisible(c) for c in name):
        raise NameRefused("a name may not hold control or invisible characters", "name_invisible")
    key = name_key(name)
    if not key:
        raise NameRefused("a name may not be blank", "name_blank")
    if len(key) > KEY_LENGTH:
        raise NameRefused("this name is too long once written out; choose a shorter one", "name_long")
    if key in _SEATS:
        raise NameRefused(f"\"{name.strip()}\" is the name of a seat; choose another name", "name_seat")
