"""Names people can trust: the key two names are compared by, and the names refused.

Two names that look alike on a screen have the same *key* (:func:`name_key`), made from
Unicode's own confusable data (the UTS #39 skeleton, as ICU computes it): NFKC
normalisation (fullwidth ``Ａ`` is ``A``, ligatures are split), accents and other
combining marks dropped, runs of white space made one space and stripped, then each
character replaced by the prototype it is confusable with (``ɑ``, ``ᴄ``, Cherokee ``Ꭺ``,
Lisu ``ꓮ``, Armenian ``օ``, the digit ``0``, ``rn`` for ``m``...) and case folded, until
nothing changes.  Case is folded after the skeleton, so that a capital is compared as it
is drawn (a capital ``I`` as ``l``); where the capital and the small form of a letter a-z
fall apart that way the small one is made the capital's (``i`` is ``l``: found from the
data at import, not listed by hand), so that a member's name is one name in any case.
The key is for comparing only: a name is shown as it was written.

The rules the server keeps (:func:`check_name` refuses the rest):

* a name is not blank and holds no control, unassigned or private-use character and no
  *default-ignorable* one (Unicode's Default_Ignorable_Code_Point, from ICU's data:
  zero-width spaces and joiners, direction marks, fillers, every variation selector);
* its letters and digits come from one script (UTS #39's single-script restriction:
  characters common to all scripts, such as spaces, ``.``, ``'`` and ``-``, aside; Han
  with Hiragana and Katakana is one script, as Japanese writes it), and its digits from
  one set of digits: ``Ꭺlice`` (Cherokee and Latin) and ``bօb`` (Armenian and Latin) are
  refused however they look;
* it is not a seat's letter or word (``N``, ``north``...) nor ``dummy``, which the table
  and its records use for seats;
* nobody takes a member's key: a guest's nickname, or a new member's name, whose key is
  a registered member's is refused (``alice``, ``ALICE``, ``ɑlice``, ``Ａｌｉｃｅ`` and
  ``al1ce`` are one name);
* guests may share a key with each other (a nickname is not an account); they are
  marked as guests wherever they are named (seats, lists of tables, records).

This module holds no server code, so that the store's migrations may import the key.

>>> name_key("  Ａｌｉｃｅ ") == name_key("alice") == name_key("ɑLICE") == name_key("al1ce")
True
>>> name_key("Zoë   Smith")
'zoe srnlth'
>>> check_name("Ștefan")
>>> try:
...     check_name("Ꭺlice")
... except NameRefused as exc:
...     print(exc)
a name may not mix letters or digits of different scripts (alphabets); write it in one
"""

from __future__ import annotations

import re
import string
import unicodedata

import icu

from openwhist.rules.seats import NO_PLAYER, SEAT_NAMES, SEAT_WORDS

__all__ = ["KEY_LENGTH", "NameRefused", "check_name", "default_ignorable", "name_key"]

KEY_LENGTH = 64
"""The longest key kept (the database column's width); a longer one is refused."""

_SPACE = re.compile(r"\s+")

_SKELETONS = icu.SpoofChecker()
"""UTS #39 skeletons (ICU's confusables data)."""

_SCRIPTS = icu.SpoofChecker()
_SCRIPTS.setChecks(icu.USpoofChecks.RESTRICTION_LEVEL | icu.USpoofChecks.MIXED_NUMBERS)
_SCRIPTS.setRestrictionLevel(icu.URestrictionLevel.SINGLE_SCRIPT_RESTRICTIVE)
"""UTS #39's single-script restriction and its mixed-digits check."""

_IGNORABLE = icu.UnicodeSet("[:Default_Ignorable_Code_Point:]")
"""Unicode's Default_Ignorable_Code_Point property, as ICU's data gives it."""

_REFUSED_CATEGORIES = frozenset(("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"))
"""Controls, format characters, private use, surrogates, unassigned code points, and the
line and paragraph separators."""


class NameRefused(ValueError):
    """A name refused; the message says why, in words to show the player, and ``code``
    names the reason for a page that words it in another language."""

    def __init__(self, message: str, code: str = "name_refused") -> None:
        super().__init__(message)
        self.code = code


def default_ignorable(c: str) -> bool:
    """Whether the character ``c`` is a Default_Ignorable_Code_Point (drawn as nothing:
    zero-width joiners, variation selectors, fillers, tag characters...)."""
    return bool(_IGNORABLE.contains(c))


def _round(text: str, small: dict[str, str]) -> str:
    """One round of the key: marks dropped, the skeleton, NFKC, case folded (the skeleton
    before NFKC: NFKC makes the lunate sigma ``ϲ``, drawn as ``c``, a ``σ``)."""
    text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    text = unicodedata.normalize("NFKC", str(_SKELETONS.getSkeleton(0, text))).casefold()
    return unicodedata.normalize("NFC", "".join(small.get(c, c) for c in text))


def _key(name: str, small: dict[str, str]) -> str:
    text = _SPACE.sub(" ", name).strip()
    for _ in range(8):  # a skeleton's letters may have a skeleton of their own once folded
        done = _round(text, small)
        if done == text:
            break
        text = done
    return _SPACE.sub(" ", text).strip()


def _small_as_capital() -> dict[str, str]:
    """The letters a-z whose capital is confusable with another letter (``I`` with ``l``),
    each mapped to its capital's key, so that case does not change a key of a-z."""
    out: dict[str, str] = {}
    for c in string.ascii_lowercase:
        small, capital = _key(c, {}), _key(c.upper(), {})
        if small != capital and len(small) == len(capital) == 1:
            out[small] = capital
    return out


_SMALL = _small_as_capital()


def name_key(name: str) -> str:
    """The key a name is compared by (see the module's docstring): two names that look
    alike have the same key."""
    return _key(name, _SMALL)


_SEATS = frozenset(name_key(w) for w in (*SEAT_NAMES, *SEAT_WORDS, NO_PLAYER))


def _invisible(c: str) -> bool:
    return unicodedata.category(c) in _REFUSED_CATEGORIES or default_ignorable(c)


def check_name(name: str) -> None:
    """Refuse (:class:`NameRefused`) a blank name, one with a control, invisible or
    default-ignorable character, one that mixes scripts, one whose key is too long, and a
    seat's letter or word."""
    if any(_invisible(c) for c in name):
        raise NameRefused("a name may not hold control or invisible characters", "name_invisible")
    key = name_key(name)
    if not key:
        raise NameRefused("a name may not be blank", "name_blank")
    if _SCRIPTS.check(unicodedata.normalize("NFC", name)):
        raise NameRefused("a name may not mix letters or digits of different scripts (alphabets); "
                          "write it in one", "name_mixed_script")
    if len(key) > KEY_LENGTH:
        raise NameRefused("this name is too long once written out; choose a shorter one", "name_long")
    if key in _SEATS:
        raise NameRefused(f"\"{name.strip()}\" is the name of a seat; choose another name", "name_seat")
