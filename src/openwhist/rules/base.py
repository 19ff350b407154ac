"""The deal protocol every variant speaks: actions, events, the observation, the variant record.

Everything above ``rules/`` (matches, records, bots, the arena, the terminal game, the
server) drives deals through this surface and never imports a family's module.

Actions
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

The observation
    :class:`Observation` is what one seat may know; ``to_json()`` gives its documented
    schema (see :meth:`Observation.to_json`) and :meth:`Observation.from_json` reads it back.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, Literal, NamedTuple, Protocol, runtime_checkable

from openwhist.cards import Card, CardSet, Suit
from openwhist.errors import ConfigError, InvalidActionError
from openwhist.rules.seats import parse_seat, seat_name, seat_names
from openwhist.rules.tricks import CARD_TEXTS as _CARD_TEXT
from openwhist.rules.tricks import CardPlayed, DealScored, Trick, TrickWon, shown_voids

__all__ = [
    "Action",
    "CALL_KINDS",
    "Call",
    "CallMade",
    "CardDrawn",
    "CardPlayed",
    "CardTurned",
    "Contract",
    "Deal",
    "Declaration",
    "DealScored",
    "Event",
    "GameRecord",
    "MatchLength",
    "MatchRules",
    "OBSERVATION_SCHEMA",
    "Observation",
    "OptionInfo",
    "OptionsRecord",
    "Result",
    "RubberRecord",
    "SheetRow",
    "TrickWon",
    "UNSEEN_DISCARD",
    "Variant",
    "VariantHeader",
    "action_from_id",
    "action_name",
    "option",
    "option_infos",
    "options_from_strings",
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
)
"""Every kind of call, in id order, with its argument.  New kinds are only ever appended,
so that ids stay stable.  After them comes one more call, ``discard`` without a card: a
discard as the players who did not make it see it (see :data:`UNSEEN_DISCARD`)."""

_LEVELS = {"pair": range(8, 14), "solo": range(5, 9), "abondance": range(9, 13)}


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
        else:
            out.extend((kind, level, s) for level in _LEVELS[kind] for s in range(4))
    out.append(("discard", None, None))  # a discard whose card is not shown
    return out


class Call(int):
    """A call: any action that is not playing a card.  An ``int`` from 52 (the stable id).

    ``kind`` is one of :data:`CALL_KINDS`; ``level`` the tricks bid (pair, solo,
    abondance); ``suit`` the suit named; ``card`` the card taken or discarded.

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
        """The tricks bid, for pair, solo and abondance calls."""
        return self._entries[self - self.FIRST][1]

    @property
    def suit(self) -> Suit | None:
        """The suit named, for calls that name one."""
        kind, _, arg = self._entries[self - self.FIRST]
        if arg is None or kind in ("take", "discard"):
            return None
        return Suit(arg)

    @property
    def card(self) -> Card | None:
        """The card taken or discarded, for ``take`` and ``discard`` (None for a discard
        whose card is not shown: :data:`UNSEEN_DISCARD`)."""
        kind, _, arg = self._entries[self - self.FIRST]
        return Card(arg) if kind in ("take", "discard") and arg is not None else None

    @classmethod
    def parse(cls, text: str) -> Call:
        """Read a call: ``"pass"``, ``"wait"``, ``"propose hearts"``, ``"solo 6 H"``,
        ``"take AH"``, ``"small misere"``, ``"ik wacht"``.

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

_SEAT_NAMES: dict[int, tuple[str, ...]] = {n: seat_names(n) for n in (2, 3, 4)}

_SUIT_TEXTS: dict[int, list[str]] = {}
"""The card texts of one suit's cards, keyed by that suit's part of a mask (filled as met)."""


def _mask_texts(mask: int) -> list[str]:
    """The texts of a mask's cards, low to high (``[str(c) for c in CardSet(mask)]``)."""
    out: list[str] = []
    table = _SUIT_TEXTS
    for shift in (0, 13, 26, 39):
        part = mask & (0x1FFF << shift)
        if part:
            texts = table.get(part)
            if texts is None:
                texts = table[part] = [_CARD_TEXT[c] for c in CardSet(part)]
            out += texts
    return out


def _set_texts(cards: Iterable[int]) -> list[str]:
    """The texts of a card set's cards: low to high for a :class:`CardSet`, else in order."""
    if type(cards) is CardSet:
        return _mask_texts(cards.mask)
    return [_CARD_TEXT[c] for c in cards]


def _tricks_json(tricks: Sequence[Trick], names: Sequence[str]) -> list[dict[str, Any]]:
    """The tricks' JSON form: ``[{"leader", "cards", "winner"}, ...]``.

    Tricks of 2, 3 or 4 cards are unpacked in place (no inner loop per trick); a trick of
    another length falls back to the general form, so the output is the same either way.
    """
    text = _CARD_TEXT
    if tricks:
        try:
            width = len(tricks[0][1])
            if width == 4:
                return [{"leader": names[lead], "cards": [text[a], text[b], text[c], text[d]],
                         "winner": names[win]} for lead, (a, b, c, d), win in tricks]
            if width == 2:
                return [{"leader": names[lead], "cards": [text[a], text[b]],
                         "winner": names[win]} for lead, (a, b), win in tricks]
            if width == 3:
                return [{"leader": names[lead], "cards": [text[a], text[b], text[c]],
                         "winner": names[win]} for lead, (a, b, c), win in tricks]
        except ValueError:
            pass
    return [{"leader": names[t[0]], "cards": [text[c] for c in t[1]], "winner": names[t[2]]}
            for t in tricks]


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


# --- events ----------------------------------------------------------------------------------


class CallMade(NamedTuple):
    """Event: ``seat`` made ``call``."""

    seat: int
    call: Call


class CardDrawn(NamedTuple):
    """Event: hand ``seat`` took ``card`` from a stock (German whist's draws after a trick).

    ``public`` says whether every player saw the card (a face-up card taken); when it is
    False only ``seat`` may be shown it: a front end must hide it from the others.
    """

    seat: int
    card: Card
    public: bool


class CardTurned(NamedTuple):
    """Event: ``card`` was turned face up on the stock, for everyone to see."""

    card: Card


Event = CardPlayed | CallMade | TrickWon | DealScored | CardDrawn | CardTurned | Any
"""Events returned by ``apply``; a family may add its own."""


# --- the observation -------------------------------------------------------------------------

OBSERVATION_SCHEMA = "openwhist-observation/1"
"""The ``schema`` field of :meth:`Observation.to_json`."""


ContractBound = Literal["exactly", "at_least", "at_most"]
"""How a contract's ``needed`` binds: exactly, at least or at most that many tricks."""


@dataclass(frozen=True)
class Contract:
    """The contract a deal is played in, as every seat knows it once the auction is over.

    ``declarers`` are the hands that play it; they need ``needed`` tricks, ``bound``
    telling whether exactly (misère 0, piccolo 1), at least (pair, solo, troel) or at most
    that many.  With ``each`` every declarer plays for ``needed`` on his own (several
    players in one misère), else the declarers' tricks count together.  ``trump`` is the
    contract's trump suit (None for no trump, or while the troel partner has still to name
    it); ``kind`` the family's word for it (``"pair"``, ``"small-misere"``, ``"troel"``)
    and ``name`` its text for display (``"pair 9 hearts"``).

    Families without an auction have no contract (the observation's ``contract`` is None):
    classic and dummy whist and German whist play each side for as many tricks as it can,
    which the solver's ``max`` objective says without one.

    >>> c = Contract("piccolo", "piccolo", (2,), 1, "exactly", None)
    >>> c.exact, c.objective(0), c.objective(1), c.objective(2)
    (True, 'exactly 1', 'exactly 0', None)
    >>> Contract("pair 8 hearts", "pair", (0, 2), 8, "at_least", Suit.HEARTS).objective(3)
    'at least 5'
    """

    name: str
    kind: str
    declarers: tuple[int, ...]
    needed: int
    bound: ContractBound
    trump: Suit | None
    each: bool = False

    @property
    def exact(self) -> bool:
        """True when the declarers must take exactly ``needed`` tricks."""
        return self.bound == "exactly"

    def objective(self, taken: int = 0) -> str | None:
        """The solver's objective (text for ``Objective.parse``) for declarers who have
        taken ``taken`` tricks so far (one of them, with ``each``): ``"exactly N"``,
        ``"at least N"`` or ``"at most N"`` for the tricks still to take; None once the
        contract is lost (more than ``needed`` taken, exactly or at most)."""
        left = self.needed - taken
        if self.bound == "at_least":
            return f"at least {max(left, 0)}"
        if left < 0:
            return None
        return f"{self.bound.replace('_', ' ')} {left}"

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        """The contract's JSON form, hands as the seat letters ``names``."""
        return {"name": self.name, "kind": self.kind,
                "declarers": [names[h] for h in self.declarers], "needed": self.needed,
                "bound": self.bound, "each": self.each,
                "trump": None if self.trump is None else "CDHS"[self.trump]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], n_hands: int) -> Contract:
        """Read :meth:`to_json`'s form back."""
        bound = str(data["bound"])
        if bound not in ("exactly", "at_least", "at_most"):
            raise InvalidActionError(f"not a contract bound: {bound!r}")
        trump = data.get("trump")
        return cls(name=str(data["name"]), kind=str(data["kind"]),
                   declarers=tuple(parse_seat(h, n_hands) for h in data["declarers"]),
                   needed=int(data["needed"]), bound=bound,  # type: ignore[arg-type]
                   trump=None if trump is None else Suit.parse(trump),
                   each=bool(data.get("each", False)))


@dataclass(frozen=True)
class Observation:
    """What one seat may know at one moment: the only view bots and front ends receive.

    Hands are numbered 0..n-1 clockwise.  ``seat`` is the observer, or None for the public
    view (:meth:`Deal.public_observation`: what someone watching from the first card could
    know, with no hand, no controls and nothing legal); ``controls`` the hands
    it plays (its own, and an exposed dummy for the dummy's partner).  ``to_move`` is the
    hand to act and ``actor`` the seat that acts for it.  ``sides[h]`` is the side of hand
    ``h`` (what scores together); ``tricks_won`` counts per side.  ``known`` holds the
    public cards of other hands (an exposed dummy, the turned-up card while the dealer
    holds it, an open misère hand); ``open_hands`` the hands whose every card is public.
    ``calls`` are the calls made so far; ``contract`` the deal's :class:`Contract` once there
    is one (None before, and always in families without an auction); ``info`` holds a
    family's further facts this seat may know (German whist's face-up stock card, Belgian
    whist's auction), with plain JSON values.
    ``hidden`` counts the cards in places other than hands that this seat cannot see
    (German whist's face-down stock): with ``hand_sizes`` and ``unseen()`` it is all a
    sampler needs to deal the unseen cards afresh.  ``shown`` holds the public cards that
    lie in no hand (German whist's face-up stock cards).  ``voids_from[h]``, where given,
    is the first trick (0-based) whose failures to follow still prove hand ``h`` void: a
    hand that has since taken in cards unseen (German whist's blind draws) may hold the
    suit again; empty means every trick counts.
    """

    variant: str
    options: Any
    seat: int | None
    controls: tuple[int, ...]
    sides: tuple[int, ...]
    dealer: int
    phase: str
    to_move: int | None
    actor: int | None
    trump: Suit | None
    turn_up: Card | None
    hand: CardSet
    known: Mapping[int, CardSet]
    open_hands: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    legal: tuple[Action, ...]
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    score: tuple[int, ...]
    played: CardSet = field(default_factory=CardSet)
    calls: tuple[tuple[int, Call], ...] = ()
    info: Mapping[str, Any] = field(default_factory=dict)
    hidden: Mapping[str, int] = field(default_factory=dict)
    shown: CardSet = field(default_factory=CardSet)
    voids_from: tuple[int, ...] = ()
    contract: Contract | None = None

    @property
    def n_hands(self) -> int:
        """The number of hands dealt."""
        return len(self.hand_sizes)

    @property
    def me(self) -> int:
        """The observer's seat; raises ``ValueError`` for the public view (no seat)."""
        if self.seat is None:
            raise ValueError("the public view has no seat")
        return self.seat

    @property
    def side(self) -> int:
        """The observer's side."""
        return self.sides[self.me]

    def partners(self) -> tuple[int, ...]:
        """The other hands of the observer's side."""
        me = self.me
        side = self.sides[me]
        return tuple(h for h, s in enumerate(self.sides) if s == side and h != me)

    def voids(self) -> dict[int, set[Suit]]:
        """Suits each hand is known to lack: it failed to follow them and has taken in
        no unseen card since (see ``voids_from``)."""
        n = self.n_hands
        if not self.voids_from:
            return shown_voids(self.tricks, self.trick, n)
        return {h: shown_voids(self.tricks[self.voids_from[h]:], self.trick, n)[h]
                for h in range(n)}

    def unseen(self) -> CardSet:
        """Cards the observer has not seen: not in its hand, not public, not played."""
        seen = self.played.mask | self.hand.mask | self.shown.mask
        for cs in self.known.values():
            seen |= cs.mask
        return CardSet(((1 << 52) - 1) & ~seen)

    @classmethod
    def from_fields(cls, values: dict[str, Any]) -> Observation:
        """``Observation(**values)`` for the rules' hot path: the same observation, made
        without the frozen dataclass's call per field.  Fields left out take their defaults
        (a fresh dict or card set each time, as ``__init__`` gives), written into ``values``,
        so the caller passes a dict it no longer uses.  A missing or unknown field raises
        ``TypeError`` as ``__init__`` would.
        """
        if len(values) != _OBS_COUNT:
            for name, factory in _OBS_FACTORIES:
                if name not in values:
                    values[name] = factory()
            for name, default in _OBS_DEFAULTS:
                if name not in values:
                    values[name] = default
        if values.keys() != _OBS_NAMES:
            missing = sorted(_OBS_NAMES - values.keys())
            unknown = sorted(values.keys() - _OBS_NAMES)
            raise TypeError(f"Observation fields missing {missing}, unknown {unknown}")
        obs = object.__new__(cls)
        obs.__dict__.update(values)
        return obs

    # --- JSON ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The observation as plain JSON values; the schema every front end reads.

        Seats are letters (``"N"``; see :mod:`openwhist.rules.seats`), cards and calls
        their text (``"QH"``, ``"pass"``); ``legal`` also comes as ids in ``legal_ids``.

        ========== ===================================================================
        schema      ``"openwhist-observation/1"``
        variant     the variant's name; ``options`` its options as a dict
        seat        the observer (``null`` in the public view, which also has
                    ``"spectator": true``); ``controls`` the hands it plays
        sides       the side of each hand, in hand order
        dealer      the dealer; ``phase`` the phase of the deal (``"play"``, ``"over"``...)
        to_move     the hand to act (``null`` once over); ``actor`` the seat acting for it
        trump       ``"S"``, ``"H"``, ``"D"``, ``"C"`` or ``null``; ``turn_up`` a card or null
        hand        the observer's cards; ``known``: hand -> public cards of other hands
        open_hands  hands whose every card is public; ``hand_sizes`` cards per hand
        legal       what the observer may do now (empty when not its turn)
        leader      the hand that led the current trick; ``trick``: [[hand, card], ...]
        tricks      [{"leader", "cards", "winner"}, ...]; ``tricks_won`` per side
        score       the score before this deal, per side; ``played`` the cards played
        calls       [[hand, call], ...]; ``info`` a family's further facts (Belgian
                    whist's ``info.contract`` repeats ``contract``'s name, declarers,
                    needed and ``exact``, for older readers)
        contract    ``null`` (no contract: before the auction's end, or a family without
                    one) or ``{"name": "pair 9 hearts", "kind": "pair", "declarers":
                    ["N", "S"], "needed": 9, "bound": "at_least", "each": false,
                    "trump": "H"}``: ``bound`` is ``"exactly"``, ``"at_least"`` or
                    ``"at_most"``; ``each`` true when every declarer plays for ``needed``
                    on his own; ``trump`` a suit letter or ``null`` (see :class:`Contract`)
        hidden      place -> number of cards there this seat cannot see (``{"stock": 20}``)
        shown       public cards in no hand (face-up stock cards); ``voids_from`` per hand
                    the first trick whose failures to follow still prove a void (or [])
        ========== ===================================================================
        """
        n = len(self.hand_sizes)
        names = _SEAT_NAMES.get(n) or seat_names(n)
        text = _CARD_TEXT
        action_text = _ACTION_TEXT
        options = self.options
        to_dict = getattr(options, "to_dict", None)
        if to_dict is not None:
            options = to_dict()
        to_move = self.to_move
        actor = self.actor
        trump = self.trump
        turn_up = self.turn_up
        known = self.known
        legal = self.legal
        seat = self.seat
        out: dict[str, Any] = {
            "schema": OBSERVATION_SCHEMA,
            "variant": self.variant,
            "options": options,
            "seat": None if seat is None else names[seat],
            "controls": [names[h] for h in self.controls],
            "sides": list(self.sides),
            "dealer": names[self.dealer],
            "phase": self.phase,
            "to_move": None if to_move is None else names[to_move],
            "actor": None if actor is None else names[actor],
            "trump": None if trump is None else "CDHS"[trump],
            "turn_up": None if turn_up is None else text[turn_up],
            "hand": _set_texts(self.hand),
            "known": {names[h]: _set_texts(known[h]) for h in sorted(known)} if known else {},
            "open_hands": [names[h] for h in self.open_hands],
            "hand_sizes": list(self.hand_sizes),
            "legal": [action_text[a] for a in legal],
            "legal_ids": [int(a) for a in legal],
            "leader": names[self.leader],
            "trick": [[names[h], text[c]] for h, c in self.trick],
            "tricks": _tricks_json(self.tricks, names),
            "tricks_won": list(self.tricks_won),
            "score": list(self.score),
            "played": _set_texts(self.played),
            "calls": [[names[h], action_text[c]] for h, c in self.calls],
            "info": dict(self.info),
            "hidden": dict(self.hidden),
            "shown": _set_texts(self.shown),
            "voids_from": list(self.voids_from),
            "contract": None if self.contract is None else self.contract.to_json(names),
        }
        if seat is None:
            out["spectator"] = True
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Observation:
        """Read :meth:`to_json`'s form back (the variant's options type comes from the
        registry)."""
        from openwhist.rules.registry import get_variant

        if data.get("schema") != OBSERVATION_SCHEMA:
            raise InvalidActionError(f"not an observation: schema {data.get('schema')!r}")
        n = len(data["hand_sizes"])
        variant = get_variant(data["variant"])

        def seat(text: str | None) -> int | None:
            return None if text is None else parse_seat(text, n)

        def seat_(text: str) -> int:
            return parse_seat(text, n)

        def cardset(texts: Iterable[str]) -> CardSet:
            return CardSet(Card.parse(t) for t in texts)

        return cls(
            variant=data["variant"],
            options=variant.options_type.from_dict(data["options"]),
            seat=seat(data["seat"]),
            controls=tuple(seat_(h) for h in data["controls"]),
            sides=tuple(int(s) for s in data["sides"]),
            dealer=seat_(data["dealer"]),
            phase=str(data["phase"]),
            to_move=seat(data["to_move"]),
            actor=seat(data["actor"]),
            trump=Suit.parse(data["trump"]) if data["trump"] is not None else None,
            turn_up=Card.parse(data["turn_up"]) if data["turn_up"] is not None else None,
            hand=cardset(data["hand"]),
            known={seat_(h): cardset(cs) for h, cs in data["known"].items()},
            open_hands=tuple(seat_(h) for h in data["open_hands"]),
            hand_sizes=tuple(int(x) for x in data["hand_sizes"]),
            legal=tuple(parse_action(a) for a in data["legal"]),
            leader=seat_(data["leader"]),
            trick=tuple((seat_(h), Card.parse(c)) for h, c in data["trick"]),
            tricks=tuple(Trick(seat_(t["leader"]), tuple(Card.parse(c) for c in t["cards"]),
                               seat_(t["winner"])) for t in data["tricks"]),
            tricks_won=tuple(int(x) for x in data["tricks_won"]),
            score=tuple(int(x) for x in data["score"]),
            played=cardset(data["played"]),
            calls=tuple((seat_(h), Call.parse(c)) for h, c in data["calls"]),
            info=dict(data["info"]),
            hidden={str(k): int(v) for k, v in data.get("hidden", {}).items()},
            shown=cardset(data.get("shown", ())),
            voids_from=tuple(int(x) for x in data.get("voids_from", ())),
            contract=(Contract.from_json(data["contract"], n)
                      if data.get("contract") is not None else None),
        )


_OBS_NAMES = frozenset(f.name for f in fields(Observation))
_OBS_COUNT = len(_OBS_NAMES)
_OBS_DEFAULTS: tuple[tuple[str, Any], ...] = tuple(
    (f.name, f.default) for f in fields(Observation) if f.default is not MISSING)
_OBS_FACTORIES: tuple[tuple[str, Callable[[], Any]], ...] = tuple(
    (f.name, f.default_factory) for f in fields(Observation) if f.default_factory is not MISSING)


# --- the deal protocol -----------------------------------------------------------------------


@runtime_checkable
class Result(Protocol):
    """The scored result of a deal: tricks and points per side, and a JSON form."""

    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks taken per side."""
        ...

    @property
    def points(self) -> tuple[int, ...]:
        """Points scored per side this deal."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict."""
        ...


@runtime_checkable
class Deal(Protocol):
    """The surface of one deal of any variant (see :class:`Variant` for making one).

    ``players`` is the number of seats at the table, ``n_hands`` the hands dealt (Dummy
    whist: 3 and 4).  ``to_move`` is the hand to act, ``controller(hand)`` the seat that
    acts for it.  ``apply`` takes an action (or its text or id), returns the events and
    raises :class:`~openwhist.errors.IllegalActionError` for an action the rules do not
    allow now, leaving the state unchanged; ``undo`` takes back the last action exactly
    (``snapshot()`` compares equal afterwards).
    """

    variant: str
    options: Any
    dealer: int
    seed: int | None
    sides: tuple[int, ...]
    history: list[Any]
    trump: Suit | None
    turn_up: Card | None

    @property
    def to_move(self) -> int | None:
        """The hand to act, None once the deal is over."""
        ...

    @property
    def players(self) -> int:
        """Seats at the table."""
        ...

    @property
    def n_hands(self) -> int:
        """Hands dealt."""
        ...

    @property
    def seats(self) -> tuple[int, ...]:
        """The hands that have a player (not a dummy)."""
        ...

    @property
    def phase(self) -> str:
        """The phase of the deal (``"play"``, ``"auction"``, ``"over"``...)."""
        ...

    def controller(self, hand: int) -> int:
        """The seat that acts for ``hand``."""
        ...

    def legal_actions(self) -> Sequence[Any]:
        """What the hand to move may do."""
        ...

    def verify_action(self, action: Any) -> Any:
        """The action, parsed; raises if it cannot be taken now."""
        ...

    def can_apply(self, action: Any) -> bool:
        """True if :meth:`apply` would accept the action."""
        ...

    def apply(self, action: Any) -> tuple[Any, ...]:
        """Take an action; return the events."""
        ...

    def undo(self) -> None:
        """Take back the last action."""
        ...

    def is_over(self) -> bool:
        """True once the deal is finished."""
        ...

    def result(self) -> Any:
        """The scored result of the finished deal."""
        ...

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now."""
        ...

    def public_observation(self) -> Observation:
        """What someone watching from the first card, at no seat, may know now: the calls
        as every player sees them, the cards played, the cards laid face up (a turned-up
        trump until picked up, a face-up stock card, an exposed hand), never what a seat
        knows only from its own cards.  ``seat`` is None; ``hand``, ``controls`` and
        ``legal`` are empty.  The spectators' view at a table."""
        ...

    def clone(self) -> Any:
        """An independent copy."""
        ...

    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the state, comparable."""
        ...

    def setup(self) -> dict[str, Any]:
        """How the deal began, as JSON values (for records): dealer, hands as dealt..."""
        ...

    def locations(self) -> dict[str, int]:
        """Where every card is: disjoint masks per place (hands, played, a stock...)."""
        ...


# --- matches ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetRow:
    """One line of the score sheet: a deal and the score after it."""

    deal: int
    dealer: int
    trump: str
    result: Any
    score: tuple[int, ...]
    game_won_by: int | None


@dataclass(frozen=True)
class GameRecord:
    """A finished game: its winner, final score and its value."""

    number: int
    winner: int
    score: tuple[int, ...]
    value: int


@dataclass(frozen=True)
class RubberRecord:
    """A finished rubber: who won it, games won per side and points per side."""

    number: int
    winner: int
    games: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True)
class MatchLength:
    """One way a match of a family can end, as a page offers it: ``until`` (the value
    :func:`openwhist.new_match` takes), ``label`` (a key for the page's text), ``count``
    (what ``count`` counts: ``"rubbers"``, ``"deals"``, ``"points"``...),
    ``default_count`` and ``odd`` (True when ``count`` must be odd, as in best of N).
    """

    until: str
    label: str
    count: str
    default_count: int
    odd: bool = False

    def to_json(self) -> dict[str, Any]:
        """The length as JSON values, e.g. ``{"until": "rubber", "label": "rubbers",
        "count": "rubbers", "default_count": 1, "odd": false}``."""
        return {"until": self.until, "label": self.label, "count": self.count,
                "default_count": self.default_count, "odd": self.odd}


class MatchRules:
    """How a variant's deal results fold into a match: games, rubbers, totals.

    The base keeps a points total per side and knows only ``until="deals"``; a family
    subclasses it (classic whist: games to a target, rubbers, rubber points).
    ``score`` is the running score a deal is dealt with (``deal_args``), ``totals`` the
    match's points, ``games`` and ``rubbers`` what has been won.

    ``UNTIL`` names every length a match may have (records and tables store these
    names); :meth:`lengths` describes each for a page, :meth:`default_length` is the one
    to offer first.
    """

    UNTIL: ClassVar[tuple[str, ...]] = ("deals",)
    DEFAULT: ClassVar[tuple[str, int]] = ("deals", 4)
    """The natural length of a match: ``(until, count)``."""
    GAME: ClassVar[str] = "game"
    """What a unit of ``games`` is called (classic: game; German whist: hand)."""
    RUBBER: ClassVar[str] = "rubber"
    """What a unit of ``rubbers`` is called (classic: rubber; German whist: match)."""
    SCORE: ClassVar[str] = "score"
    """What ``score`` is called (classic: the game score)."""
    TOTALS: ClassVar[str] = "points"
    """What ``totals`` are called (classic: rubber points)."""

    def __init__(self, options: Any, sides: int = 2) -> None:
        self.options = options
        self.score: list[int] = [0] * sides
        self.totals: list[int] = [0] * sides
        self.games: list[GameRecord] = []
        self.rubbers: list[RubberRecord] = []

    def lengths(self) -> tuple[MatchLength, ...]:
        """Every length a match may have, one per name in ``UNTIL`` and in its order
        (the default counts may follow the options, e.g. German whist's ``best_of``)."""
        return (MatchLength("deals", "deals", "deals", 4),)

    def default_length(self) -> tuple[str, int]:
        """The natural length of a match, ``(until, count)``."""
        return self.DEFAULT

    def lengths_json(self) -> dict[str, Any]:
        """The lengths as JSON values a page can offer::

            {"default": {"until": "rubber", "count": 1},
             "lengths": [{"until": "game", "label": "games", "count": "games",
                          "default_count": 1, "odd": false}, ...]}
        """
        until, count = self.default_length()
        return {"default": {"until": until, "count": count},
                "lengths": [x.to_json() for x in self.lengths()]}

    def check_length(self, until: str, count: int) -> None:
        """Raise ConfigError unless ``until`` and ``count`` make a match of this family."""
        if until not in self.UNTIL:
            raise ConfigError(f"until must be {', '.join(self.UNTIL)}, not {until!r}")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise ConfigError(f"count must be a whole number of at least 1, not {count!r}")
        for length in self.lengths():
            if length.until == until and length.odd and count % 2 == 0:
                raise ConfigError(f"until={until} needs an odd count (best of 3, 5...), "
                                  f"not {count}")

    def deal_args(self) -> dict[str, Any]:
        """Keyword arguments for the next deal's factory (e.g. the score it starts at)."""
        return {}

    def next_dealer(self, dealer: int, n_hands: int) -> int:
        """The next deal's dealer: the deal passes to the left."""
        return (dealer + 1) % n_hands

    def add_deal(self, state: Any, number: int) -> SheetRow:
        """Score a finished deal into the match; returns its sheet row."""
        res = state.result()
        for s, p in enumerate(res.points):
            self.totals[s] += p
        trump = state.trump.name.lower() if state.trump is not None else "none"
        return SheetRow(number, state.dealer, trump, res, tuple(self.totals), None)

    def is_over(self, until: str, count: int, deals: int) -> bool:
        """True when ``count`` units of ``until`` are complete after ``deals`` deals."""
        return until == "deals" and deals >= count

    def summary(self) -> dict[str, Any]:
        """Games, rubbers and totals as a JSON-friendly dict."""
        return {
            "score": list(self.score),
            "games": [{"winner": g.winner, "score": list(g.score), "value": g.value}
                      for g in self.games],
            "rubbers": [{"winner": r.winner, "games": list(r.games), "points": list(r.points)}
                        for r in self.rubbers],
            "totals": list(self.totals),
        }


# --- options ---------------------------------------------------------------------------------


def option(default: Any, help: str, file: str = "") -> Any:  # noqa: A002 - the field's help text
    """A dataclass field of an options record with its help kept beside it.

    ``file``: a file suffix (``".toml"``) where a front end that may read the user's own
    files (the command line) reads a value ending in it as a file and passes its text; the
    rules themselves never read a file an option names.
    """
    return field(default=default, metadata={"help": help, "file": file})


@dataclass(frozen=True)
class OptionInfo:
    """One option of a variant: its name, type, default and help; ``file`` the suffix of
    the files whose text the command line passes for it (see :func:`option`)."""

    name: str
    type: Any
    default: Any
    help: str
    file: str = ""

    @property
    def choices(self) -> tuple[Any, ...]:
        """The allowed values of a choice option (empty for others)."""
        return _literal_args(self.type)


def _literal_args(hint: Any) -> tuple[Any, ...]:
    if typing.get_origin(hint) is typing.Literal:
        return typing.get_args(hint)
    return ()


@functools.cache
def _option_infos(options_type: Any) -> tuple[OptionInfo, ...]:
    hints = typing.get_type_hints(options_type)
    return tuple(OptionInfo(f.name, hints[f.name], f.default, str(f.metadata.get("help", "")),
                            str(f.metadata.get("file", ""))) for f in fields(options_type))


def option_infos(options_type: type) -> list[OptionInfo]:
    """Every option of an options record, in order, with its help."""
    return list(_option_infos(options_type))


_TO_DICT = "_to_dict_made"
"""The attribute where :meth:`OptionsRecord.to_dict` keeps the dict it made."""


@functools.cache
def _field_names(record_type: Any) -> tuple[str, ...]:
    """The names of a dataclass's fields, in order (read once per class)."""
    return tuple(f.name for f in fields(record_type))


class OptionsRecord:
    """What every family's options dataclass shares (derive from it): the JSON form, and
    the checks that follow from the fields' types.

    A choice option (a ``Literal``) must hold one of its values, a whole-number option a
    non-negative whole number, a yes/no option a bool; the family's ``__post_init__``
    calls :meth:`check_types` and then checks what ties options together.
    """

    def check_types(self) -> None:
        """Raise :class:`ConfigError` for an option whose value its type does not allow."""
        kind: Any = type(self)
        for info in _option_infos(kind):
            value = getattr(self, info.name)
            if info.choices:
                if value not in info.choices:
                    raise ConfigError(f"{info.name} must be one of "
                                      f"{', '.join(map(str, info.choices))}, not {value!r}")
            elif info.type is int:
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    raise ConfigError(f"{info.name} must be a non-negative whole number, "
                                      f"not {value!r}")
            elif info.type is bool and not isinstance(value, bool):
                raise ConfigError(f"{info.name} is true or false, not {value!r}")

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain dict (for records); a new dict on every call.

        The record is frozen, so the dict is made once per options object and copied: kept
        on the object itself, never shared with another options object, even an equal one
        (``True == 1``, but ``true`` and ``1`` are different JSON).
        """
        try:
            made: dict[str, Any] = self.__dict__[_TO_DICT]
        except KeyError:
            kind: Any = type(self)
            made = {name: getattr(self, name) for name in _field_names(kind)}
            object.__setattr__(self, _TO_DICT, made)
        return dict(made)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        """Options from a dict; unknown keys raise :class:`ConfigError`."""
        known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        unknown = set(data) - known
        if unknown:
            raise ConfigError(f"unknown option(s) {', '.join(sorted(unknown))}; "
                              f"known: {', '.join(sorted(known))}")
        return cls(**data)


_TRUE = ("true", "yes", "on", "1", "y")
_FALSE = ("false", "no", "off", "0", "n")


def options_from_strings(options_type: type, pairs: Iterable[str],
                         n_hands: int = 4) -> dict[str, Any]:
    """Read ``key=value`` texts into option overrides of the right types.

    Hyphens in keys may stand for underscores; booleans read ``true/false``, ``yes/no``,
    ``on/off``; an optional value reads ``none`` as ``None``; an option naming a hand
    (a type ``int | None`` whose help mentions a hand) also reads seat letters.

    >>> from openwhist.rules.registry import get_variant
    >>> opts = get_variant("classic").options_type
    >>> options_from_strings(opts, ["target=7", "honours=false", "dummy=S", "revokes=penalty"])
    {'target': 7, 'honours': False, 'dummy': 2, 'revokes': 'penalty'}
    """
    infos = {i.name: i for i in option_infos(options_type)}
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip().replace("-", "_")
        raw = raw.strip()
        if not sep or not key:
            raise ConfigError(f"an option is written key=value (e.g. target=7), not {pair!r}")
        if key not in infos:
            raise ConfigError(f"unknown option {key!r}; options: {', '.join(sorted(infos))}")
        out[key] = _convert(infos[key], raw, infos[key].type, n_hands)
    return out


def _convert(info: OptionInfo, raw: str, hint: Any, n_hands: int) -> Any:
    key = info.name
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        if raw not in args:
            raise ConfigError(f"option {key} is one of {', '.join(map(str, args))}, not {raw!r}")
        return raw
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        if raw.lower() in ("none", "null", ""):
            return None
        inner = next(a for a in args if a is not type(None))
        if inner is int and "hand" in info.help and raw.upper() in seat_names(n_hands):
            return parse_seat(raw, n_hands)
        return _convert(info, raw, inner, n_hands)
    if hint is bool:
        if raw.lower() in _TRUE:
            return True
        if raw.lower() in _FALSE:
            return False
        raise ConfigError(f"option {key} is true or false, not {raw!r}")
    if hint is int:
        try:
            return int(raw)
        except ValueError:
            raise ConfigError(f"option {key} is a whole number, not {raw!r}") from None
    return raw


# --- the variant header ----------------------------------------------------------------------

Partnership = Literal["fixed", "auction", "each"]
"""How hands form sides: ``fixed`` pairs for the whole deal, sides ``auction``-made (known
once the contract is), or ``each`` hand for itself."""


@dataclass(frozen=True)
class Declaration:
    """What a family declares about a deal under some options, read from its rules and
    points grid, never from a dealt deal (a :class:`Variant`'s ``declare`` makes it).

    :param controllers: per hand, the seat that plays it (Dummy whist: the dummy's partner).
    :param partnership: ``"fixed"``, ``"auction"`` or ``"each"`` (see :data:`Partnership`).
    :param sides: per hand, its side, for fixed pairs and each-for-himself; None when the
        auction makes the sides.
    :param scores: ``"side"`` when a result's points are per side, ``"player"`` per hand.
    :param max_actions: the most actions (cards and calls) any deal can take.
    :param min_points: the fewest points one side or player can score in a deal.
    :param max_points: the most points one side or player can score in a deal.
    """

    controllers: tuple[int, ...]
    partnership: Partnership
    sides: tuple[int, ...] | None
    scores: Literal["side", "player"]
    max_actions: int
    min_points: int
    max_points: int


@dataclass(frozen=True)
class VariantHeader:
    """A variant's header under some options, as a game type declares a game: who plays
    which hand, the partnership model, the longest deal and the points a deal can give.

    Made by :meth:`Variant.header` from the rules alone (no deal is dealt to learn it);
    ``depends_on`` names the options that can change it (the rest never do).

    >>> from openwhist.rules.registry import get_variant
    >>> h = get_variant("dummy").header()
    >>> h.players, h.hands, h.seats, h.controllers, h.sides
    (3, 4, (0, 1, 3), (0, 1, 0, 3), (0, 1, 0, 1))
    """

    variant: str
    hands: int
    seats: tuple[int, ...]
    controllers: tuple[int, ...]
    partnership: Partnership
    sides: tuple[int, ...] | None
    scores: Literal["side", "player"]
    max_actions: int
    min_points: int
    max_points: int
    depends_on: tuple[str, ...]

    @property
    def players(self) -> int:
        """Seats at the table: the hands some player sits at."""
        return len(self.seats)

    @property
    def score_entries(self) -> int:
        """How many entries a deal's ``points`` has: one per side or one per hand."""
        if self.scores == "side" and self.sides is not None:
            return len(set(self.sides))
        return self.hands

    @property
    def dummies(self) -> tuple[int, ...]:
        """The hands no player sits at, played by another seat (Dummy whist's dummy)."""
        return tuple(h for h in range(self.hands) if h not in self.seats)

    def hands_of(self, seat: int) -> tuple[int, ...]:
        """The hands ``seat`` plays (its own and, in Dummy whist, the dummy)."""
        return tuple(h for h in range(self.hands) if self.controllers[h] == seat)

    def to_json(self) -> dict[str, Any]:
        """The header as JSON values, hands named by their letters::

            {"variant": "dummy", "players": 3, "hands": 4, "seats": ["N", "E", "W"],
             "controllers": {"N": "N", "E": "E", "S": "N", "W": "W"},
             "partnership": "fixed", "sides": {"N": 0, "E": 1, "S": 0, "W": 1},
             "scores": "side", "max_actions": 52, "points": {"min": 0, "max": 11},
             "depends_on": ["dummy", ...]}

        ``sides`` is null when the auction makes the sides.
        """
        n = self.hands
        return {
            "variant": self.variant,
            "players": self.players,
            "hands": n,
            "seats": [seat_name(s, n) for s in self.seats],
            "controllers": {seat_name(h, n): seat_name(c, n) for h, c in enumerate(self.controllers)},
            "partnership": self.partnership,
            "sides": None if self.sides is None
            else {seat_name(h, n): s for h, s in enumerate(self.sides)},
            "scores": self.scores,
            "max_actions": self.max_actions,
            "points": {"min": self.min_points, "max": self.max_points},
            "depends_on": list(self.depends_on),
        }


# --- the variant record ----------------------------------------------------------------------


@dataclass(frozen=True)
class Variant:
    """A family of the whist tree as the registry knows it.

    :param name: the name used by :func:`openwhist.new_deal` and the command line.
    :param players: seats at the table; ``hands``: hands dealt (Dummy whist: 3 and 4).
    :param description: one line for people.
    :param options_type: the frozen dataclass of its options (each field's help kept in
        its metadata, see :func:`option`); it has ``to_dict`` and ``from_dict``.
    :param presets: named option sets; ``default_preset`` the one used when none is named.
    :param deal: the factory: ``deal(options, seed=, dealer=, hands=, turn_up=, **match)``.
    :param from_setup: rebuilds a deal from its options and ``Deal.setup()`` (records).
    :param rebuild: ``rebuild(obs, hands, hidden)``: a full deal consistent with an
        observation, given the cards each hand holds now and, for each place in
        ``obs.hidden``, its unseen cards in order (the observer's sampled view of the hidden
        cards), with the play so far replayed: what sampling bots need.
    :param match_rules: makes the :class:`MatchRules` that score a match of it.
    :param declare: ``declare(options)`` -> :class:`Declaration`: who plays which hand,
        the partnership model, the longest deal and the points a deal can give, from the
        rules alone (see :meth:`header`).
    :param header_options: the options that can change what ``declare`` says (Dummy
        whist's dummy moves the dummy, a Belgian grid changes the points).
    :param draw: optional: cut for seats and first dealer, ``draw(names, seed)`` ->
        (names in seat order, the cuts made).
    :param fixed_options: options the variant sets whatever the preset (Dummy whist's dummy).
    :param amend: optional: completes overrides before they are applied (classic whist
        turns honours off with ``trump="none"`` unless honours were named).
    """

    name: str
    players: int
    hands: int
    description: str
    options_type: Any
    presets: Mapping[str, Any]
    default_preset: str
    deal: Callable[..., Any]
    from_setup: Callable[[Any, Mapping[str, Any]], Any]
    rebuild: Callable[..., Any]
    match_rules: Callable[[Any], MatchRules]
    declare: Callable[[Any], Declaration]
    header_options: tuple[str, ...] = ()
    draw: Callable[[Sequence[str], int], tuple[list[str], list[tuple[str, Card]]]] | None = None
    fixed_options: Mapping[str, Any] = field(default_factory=dict)
    amend: Callable[[dict[str, Any]], dict[str, Any]] | None = None

    def options(self, preset: str | None = None, **overrides: Any) -> Any:
        """Options from a preset (default: ``default_preset``) with some changed."""
        name = self.default_preset if preset is None else preset
        if name not in self.presets:
            raise ConfigError(f"unknown preset {name!r} for {self.name}; presets: "
                              f"{', '.join(self.presets)}")
        base = self.presets[name]
        merged = {**self.fixed_options, **overrides}
        if self.amend is not None:
            merged = self.amend(merged)
        if not merged:
            return base
        known = {f.name for f in fields(self.options_type)}
        unknown = set(merged) - known
        if unknown:
            raise ConfigError(f"unknown option(s) {', '.join(sorted(unknown))} for {self.name}; "
                              f"known: {', '.join(sorted(known))}")
        data = base.to_dict()
        data.update(merged)
        return self.options_type.from_dict(data)

    def header(self, options: Any = None) -> VariantHeader:
        """The variant's declared header under ``options`` (default: its default preset).

        Read from the rules and the points grid; nothing is dealt.

        >>> from openwhist.rules.registry import get_variant
        >>> dummy = get_variant("dummy")
        >>> dummy.header().seats, dummy.header(dummy.options(dummy=0)).seats
        ((0, 1, 3), (1, 2, 3))
        """
        opts = self.options() if options is None else options
        if not isinstance(opts, self.options_type):
            raise ConfigError(f"{self.name} takes options of type {self.options_type.__name__}, "
                              f"not {type(opts).__name__}")
        d = self.declare(opts)
        if len(d.controllers) != self.hands:
            raise ConfigError(f"{self.name} declares {len(d.controllers)} hands, not {self.hands}")
        seats = tuple(sorted(set(d.controllers)))
        return VariantHeader(self.name, self.hands, seats, d.controllers, d.partnership, d.sides,
                             d.scores, d.max_actions, d.min_points, d.max_points,
                             self.header_options)
