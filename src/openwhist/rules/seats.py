"""Seats and sides: their names, parsing, and the seat -> side maps of the whist family.

Hands are numbered clockwise from 0.  With four hands they are North, East, South and West
(``N``, ``E``, ``S``, ``W``); with two (German whist) North and South, facing each other;
with three, North, East and South.  Five and six hands (the exact-bid whists) have no
compass points to go round: they are seats ``A`` to ``E`` or ``F``, clockwise.  A *side*
is the hands that score together: 0 or 1 in a partnership deal or a solo, one side per
hand when each plays for himself.  Every front end names and parses seats here, so that
``S`` means the same hand everywhere.

>>> seat_names(4), seat_names(2), seat_names(6)
(('N', 'E', 'S', 'W'), ('N', 'S'), ('A', 'B', 'C', 'D', 'E', 'F'))
>>> parse_seat("west"), parse_seat("s", 2)
(3, 1)
>>> side_name(PARTNERS_OPPOSITE, 1), side_name(one_against_three(2), 0)
('E-W', 'S')
"""

from __future__ import annotations

from collections.abc import Sequence

from openwhist.errors import InvalidActionError

__all__ = [
    "NO_PLAYER",
    "PARTNERS_OPPOSITE",
    "SEAT_NAMES",
    "SEAT_WORDS",
    "each_for_himself",
    "one_against_three",
    "parse_seat",
    "partners",
    "seat_name",
    "seat_names",
    "seat_word",
    "side_name",
    "side_seats",
]

SEAT_NAMES = ("N", "E", "S", "W")
"""The four seats' letters, clockwise."""

SEAT_WORDS = ("North", "East", "South", "West")
"""The four seats' names, clockwise."""

_NAMES: dict[int, tuple[int, ...]] = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
"""Which of the four compass seats the hands of a 2-, 3- or 4-hand deal sit at."""

_LETTERS: dict[int, tuple[str, ...]] = {n: tuple("ABCDEF"[:n]) for n in (5, 6)}
"""The seats of a 5- or 6-hand deal: letters, clockwise."""

NO_PLAYER = "dummy"
"""The name that stands, in a list of players or bots per hand, for a hand no player sits
at (Dummy whist's dummy, played by its partner)."""

PARTNERS_OPPOSITE: tuple[int, ...] = (0, 1, 0, 1)
"""Fixed partners sitting opposite: N-S (side 0) against E-W (side 1)."""


def _compass(n: int) -> tuple[int, ...]:
    try:
        return _NAMES[n]
    except KeyError:
        raise InvalidActionError(f"a deal has 2 to 6 hands, not {n!r}") from None


def _words(n: int) -> tuple[tuple[str, str], ...]:
    """(letter, word) per hand of an ``n``-hand deal."""
    if n in _LETTERS:
        return tuple((x, f"Seat {x}") for x in _LETTERS[n])
    return tuple((SEAT_NAMES[i], SEAT_WORDS[i]) for i in _compass(n))


def seat_names(n: int = 4) -> tuple[str, ...]:
    """The letters of the hands of an ``n``-hand deal, in seat order."""
    if n in _LETTERS:
        return _LETTERS[n]
    return tuple(SEAT_NAMES[i] for i in _compass(n))


def seat_name(seat: int, n: int = 4) -> str:
    """The letter of hand ``seat`` in an ``n``-hand deal (``"N"``)."""
    if n in _LETTERS:
        return _LETTERS[n][seat]
    return SEAT_NAMES[_compass(n)[seat]]


def seat_word(seat: int, n: int = 4) -> str:
    """The name of hand ``seat`` in an ``n``-hand deal (``"North"``, ``"Seat E"``)."""
    return _words(n)[seat][1]


def parse_seat(text: str | int, n: int = 4) -> int:
    """A hand number from ``"N"``, ``"north"``, ``"2"`` or an int, checked against ``n`` hands.

    Raises :class:`InvalidActionError` with the letters to use.
    """
    if type(text) is int and 0 <= text < n:
        return text
    names = seat_names(n)
    hint = f"use {', '.join(names[:-1])} or {names[-1]}"
    if isinstance(text, bool):
        raise InvalidActionError(f"not a seat: {text!r} ({hint})")
    if isinstance(text, int):
        if 0 <= text < n:
            return text
        raise InvalidActionError(f"not a seat: {text!r} ({hint}, or 0..{n - 1})")
    key = str(text).strip().lower()
    for i, (letter, word) in enumerate(_words(n)):
        if key in (letter.lower(), word.lower()):
            return i
    if key.isdigit() and int(key) < n:
        return int(key)
    raise InvalidActionError(f"not a seat: {text!r} ({hint})")


def partners(seat: int, sides: Sequence[int]) -> tuple[int, ...]:
    """The other hands on the same side as ``seat``."""
    return tuple(s for s in range(len(sides)) if s != seat and sides[s] == sides[seat])


def side_seats(side: int, sides: Sequence[int]) -> tuple[int, ...]:
    """The hands of a side."""
    return tuple(s for s in range(len(sides)) if sides[s] == side)


def side_name(sides: Sequence[int], side: int) -> str:
    """A side as its hands' letters joined by a dash: ``"N-S"``, ``"E-W"``, ``"S"``."""
    n = len(sides)
    return "-".join(seat_name(s, n) for s in side_seats(side, sides))


def one_against_three(declarer: int, n: int = 4) -> tuple[int, ...]:
    """The sides of a solo: the declarer is side 0, everybody else side 1."""
    return tuple(0 if s == declarer else 1 for s in range(n))


def each_for_himself(n: int) -> tuple[int, ...]:
    """Each hand its own side (a two-hand game, or scoring per player)."""
    return tuple(range(n))
