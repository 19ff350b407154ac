"""Actions: cards and calls, read from text or their stable ids.

An action is a :class:`~openwhist.cards.Card` (ids ``0..51``: play that card) or a
:class:`Call` (ids from 52: a bid, a pass, "ik wacht", taking a face-up stock card, a
misère discard).  Ids are stable: learning code may use them as indices.  One function,
:func:`parse_action`, reads both from text.

>>> parse_action("QH"), parse_action("pass"), parse_action("solo 6 hearts")
(Card.parse('QH'), Call.parse('pass'), Call.parse('solo 6 hearts'))
>>> int(parse_action("pass")), action_from_id(52)
(52, Call.parse('pass'))
>>> Call.parse("take AH").card, Call.parse("propose spades").suit
(Card.parse('AH'), <Suit.SPADES: 3>)
"""

from __future__ import annotations

from typing import ClassVar

from openwhist.cards import Card, Suit
from openwhist.errors import InvalidActionError
from openwhist.rules.tricks import CARD_TEXTS as _CARD_TEXT

__all__ = [
    "Action",
    "CALL_KINDS",
    "Call",
    "UNSEEN_DISCARD",
    "action_from_id",
    "action_name",
    "parse_action",
]


# --- calls -----------------------------------------------------------------------------------

_SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")

CALL_KINDS: tuple[tuple[str, str], ...] = (
    ("pass", ""),
    ("wait", ""),
    ("accept", ""),
    ("troel", ""),
    ("small-misere", ""),
    ("piccolo", ""),
    ("piccolissimo", ""),
    ("grand-misere", ""),
    ("open-misere", ""),
    ("passe-parole", ""),
    ("propose", "suit"),
    ("trump", "suit"),
    ("pair", "level 8-13, suit"),
    ("solo", "level 5-8, suit"),
    ("abondance", "level 9-12, suit"),
    ("soloslim", "suit"),
    ("take", "card"),
    ("discard", "card"),
    ("bid", "level 0-17"),
)
"""Every kind of call, in id order, with its argument.  New kinds are only ever appended,
so that ids stay stable.  Right after ``discard`` comes one more call, ``discard`` without
a card: a discard as the players who did not make it see it (see :data:`UNSEEN_DISCARD`);
the kinds added since (``bid``: the exact-bid whists' bid of 0 to 17 tricks) follow it."""

_LEVELS = {"pair": range(8, 14), "solo": range(5, 9), "abondance": range(9, 13),
           "bid": range(0, 18)}


def _catalogue() -> list[tuple[str, int | None, int | None]]:
    """(kind, level, suit or card) per call, in id order."""
    out: list[tuple[str, int | None, int | None]] = []
    for kind, arg in CALL_KINDS:
        if not arg:
            out.append((kind, None, None))
        elif arg == "suit":
            out.extend((kind, None, s) for s in range(4))
        elif arg == "card":
            out.extend((kind, None, c) for c in range(52))
        elif "suit" not in arg:
            out.extend((kind, level, None) for level in _LEVELS[kind])
        else:
            out.extend((kind, level, s) for level in _LEVELS[kind] for s in range(4))
        if kind == "discard":
            out.append(("discard", None, None))  # a discard whose card is not shown
    return out


class Call(int):
    """A call: any action that is not playing a card.  An ``int`` from 52 (the stable id).

    ``kind`` is one of :data:`CALL_KINDS`; ``level`` the tricks bid (pair, solo,
    abondance, and the exact-bid whists' ``bid``); ``suit`` the suit named; ``card`` the
    card taken or discarded.

    >>> c = Call.parse("abondance 10 spades")
    >>> c.kind, c.level, c.suit.name, str(c)
    ('abondance', 10, 'SPADES', 'abondance 10 spades')
    >>> Call.make("take", card=Card.parse("7C"))
    Call.parse('take 7C')
    """

    __slots__ = ()
    _cache: ClassVar[list[Call]] = []
    _entries: ClassVar[list[tuple[str, int | None, int | None]]] = []
    _by_key: ClassVar[dict[tuple[str, int | None, int | None], int]] = {}
    _suits: ClassVar[list[Suit | None]] = []
    FIRST: ClassVar[int] = 52

    def __new__(cls, value: int) -> Call:
        try:
            if value >= cls.FIRST:
                return cls._cache[value - cls.FIRST]
        except (IndexError, TypeError):
            pass
        raise InvalidActionError(f"not a call id: {value!r} (calls are {cls.FIRST}.."
                                 f"{cls.FIRST + len(cls._cache) - 1})")

    @classmethod
    def make(cls, kind: str, level: int | None = None, suit: Suit | int | None = None,
             card: Card | int | None = None) -> Call:
        """The call of this kind, level and suit (or card)."""
        arg = int(card) if card is not None else (int(suit) if suit is not None else None)
        try:
            return cls._cache[cls._by_key[(kind, level, arg)]]
        except KeyError:
            raise InvalidActionError(f"no such call: {kind} {level or ''} {arg or ''}".strip()) from None

    @property
    def kind(self) -> str:
        """The kind of call (``"pass"``, ``"propose"``, ``"solo"``, ``"take"``...)."""
        return self._entries[self - self.FIRST][0]

    @property
    def level(self) -> int | None:
        """The tricks bid, for pair, solo, abondance and bid calls."""
        return self._entries[self - self.FIRST][1]

    @property
    def suit(self) -> Suit | None:
        """The suit named, for calls that name one."""
        return self._suits[self - self.FIRST]

    @property
    def card(self) -> Card | None:
        """The card taken or discarded, for ``take`` and ``discard`` (None for a discard
        whose card is not shown: :data:`UNSEEN_DISCARD`)."""
        kind, _, arg = self._entries[self - self.FIRST]
        return Card(arg) if kind in ("take", "discard") and arg is not None else None

    @classmethod
    def parse(cls, text: str) -> Call:
        """Read a call: ``"pass"``, ``"wait"``, ``"propose hearts"``, ``"solo 6 H"``,
        ``"take AH"``, ``"small misere"``, ``"ik wacht"``, ``"bid 2"``.

        >>> Call.parse("Small Misère") == Call.parse("small-misere")
        True
        """
        if isinstance(text, Call):
            return text
        if not isinstance(text, str):
            raise InvalidActionError(f"not a call: {text!r}")
        words = text.strip().lower().replace("è", "e").replace("_", "-").split()
        if len(words) >= 2 and words[0] in ("small", "grand", "open", "passe") and "-" not in words[0]:
            words = [words[0] + "-" + words[1], *words[2:]]
        if words in (["ik", "wacht"], ["i", "wait"]):
            words = ["wait"]
        if not words:
            raise InvalidActionError("an empty text is not a call")
        kind, rest = words[0], words[1:]
        args = dict(CALL_KINDS)
        if kind not in args:
            raise InvalidActionError(f"not a card or a call: {text!r}")
        try:
            if not args[kind]:
                if rest:
                    raise InvalidActionError(f"{kind} takes nothing after it")
                return cls.make(kind)
            if args[kind] == "card":
                if kind == "discard" and not rest:
                    return cls.make(kind)
                (arg,) = rest
                return cls.make(kind, card=Card.parse(arg))
            if args[kind] == "suit":
                (arg,) = rest
                return cls.make(kind, suit=Suit.parse(arg))
            if "suit" not in args[kind]:
                (level_text,) = rest
                return cls.make(kind, int(level_text))
            level, arg = rest
            return cls.make(kind, int(level), Suit.parse(arg))
        except (ValueError, InvalidActionError):
            raise InvalidActionError(f"not a call: {text!r} (write {kind} "
                                     f"{args[kind].replace(', ', ' ')})") from None

    def __str__(self) -> str:
        kind, level, arg = self._entries[self - self.FIRST]
        parts = [kind]
        if level is not None:
            parts.append(str(level))
        if arg is not None:
            parts.append(str(Card(arg)) if kind in ("take", "discard") else _SUIT_WORDS[arg])
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


Call._entries = _catalogue()
Call._by_key = {e: i for i, e in enumerate(Call._entries)}
Call._cache = [int.__new__(Call, Call.FIRST + i) for i in range(len(Call._entries))]
Call._suits = [None if arg is None or kind in ("take", "discard") else Suit(arg)
               for kind, _, arg in Call._entries]

UNSEEN_DISCARD: Call = Call.make("discard")
"""``discard`` without a card: the call an observation shows for a discard that its
observer did not make (the card lies face down).  It is never a legal action."""

Action = Card | Call
"""What a player does: play a card, or make a call."""

_ACTION_TEXT: tuple[str, ...] = (*_CARD_TEXT, *(str(c) for c in Call._cache))
"""``_ACTION_TEXT[id]``: the text of every action, cards then calls (``str(action)``)."""

_ACTION_BY_TEXT: dict[str, Action] = {
    **{text: Card(c) for c, text in enumerate(_CARD_TEXT)},
    **{str(c): c for c in Call._cache},
}
"""Every action by its own text: what :func:`parse_action` reads without parsing."""


def parse_action(text: str | int) -> Action:
    """An action from text (``"QH"``, ``"10h"``, ``"pass"``, ``"take AH"``) or its id.

    >>> parse_action("10h"), parse_action(52)
    (Card.parse('TH'), Call.parse('pass'))
    >>> parse_action("bogus")
    Traceback (most recent call last):
    ...
    openwhist.errors.InvalidActionError: not a card or a call: 'bogus'
    """
    if type(text) is str:
        found = _ACTION_BY_TEXT.get(text)
        if found is not None:
            return found
    elif isinstance(text, Card | Call):
        return text
    if isinstance(text, int) and not isinstance(text, bool):
        return action_from_id(text)
    if not isinstance(text, str):
        raise InvalidActionError(f"not an action: {text!r}")
    try:
        return Card.parse(text)
    except InvalidActionError:
        pass
    try:
        return Call.parse(text)
    except InvalidActionError as exc:
        if str(exc).startswith("not a card or a call"):
            raise
        raise InvalidActionError(str(exc)) from None


def action_from_id(action_id: int) -> Action:
    """The action with this stable id (0-51 cards, from 52 calls)."""
    if 0 <= action_id < 52:
        return Card(action_id)
    return Call(action_id)


def action_name(action: int) -> str:
    """An action's readable text (``"QH"``, ``"pass"``)."""
    return str(action_from_id(int(action)))
