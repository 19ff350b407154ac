"""Cards, suits, ranks, sets of cards as 52-bit masks, parsing, printing and seeded dealing.

A card is an integer ``0..51``: ``suit * 13 + rank`` with suits ordered clubs, diamonds,
hearts, spades and ranks two (0) to ace (12).  Each suit is therefore a contiguous 13-bit
field of a 52-bit mask, and within a suit a higher bit is a higher card.

>>> Card.parse("10h")
Card.parse('TH')
>>> str(Card.parse("A♠")), Card.parse("AS").symbol
('AS', 'A♠')
>>> hand = CardSet.parse("AS KS 2H")
>>> len(hand), Card.parse("KS") in hand
(3, True)
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import ClassVar

from openwhist.errors import InvalidActionError

__all__ = [
    "Card",
    "CardSet",
    "Rank",
    "Suit",
    "SUIT_MASKS",
    "FULL_DECK",
    "SplitMix64",
    "derive_seed",
    "shuffled_deck",
    "format_hand",
    "parse_hand",
]


class Suit(IntEnum):
    """The four suits; the order (clubs low, spades high) only fixes the bit layout."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One English letter: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def mask(self) -> int:
        """The 52-bit mask of the 13 cards of this suit."""
        return SUIT_MASKS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from a letter, symbol or English name (``"h"``, ``"♥"``, ``"hearts"``).

        >>> Suit.parse("♠")
        <Suit.SPADES: 3>
        """
        key = text.strip().lower()
        for suit in cls:
            if key in (suit.letter.lower(), suit.symbol, suit.name.lower(), suit.name.lower()[:-1]):
                return suit
        if key in ("♧", "♢", "♡", "♤"):
            return cls("♧♢♡♤".index(key))
        raise InvalidActionError(f"not a suit: {text!r} (use C, D, H or S)")

    def __str__(self) -> str:
        return self.letter


class Rank(IntEnum):
    """Ranks from two (0) to ace (12); the ace is high in play."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def letter(self) -> str:
        """One character: ``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return RANK_LETTERS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from ``"A"``, ``"10"``, ``"t"``, ``"k"`` and so on."""
        key = text.strip().upper()
        if key == "10":
            key = "T"
        if len(key) == 1 and key in RANK_LETTERS:
            return cls(RANK_LETTERS.index(key))
        raise InvalidActionError(f"not a rank: {text!r} (use 2-9, 10 or T, J, Q, K, A)")

    def __str__(self) -> str:
        return self.letter


RANK_LETTERS = "23456789TJQKA"
SUIT_MASKS: tuple[int, int, int, int] = tuple(0x1FFF << (13 * s) for s in range(4))  # type: ignore[assignment]
FULL_DECK = (1 << 52) - 1

_CARD_RE = re.compile(r"^\s*(10|[2-9tjqka])\s*([cdhs♣♦♥♠♧♢♡♤])\s*$", re.IGNORECASE)
_CARD_RE_SUIT_FIRST = re.compile(r"^\s*([cdhs♣♦♥♠♧♢♡♤])\s*(10|[2-9tjqka])\s*$", re.IGNORECASE)


class Card(int):
    """A playing card, an ``int`` in ``0..51`` (``suit * 13 + rank``).

    The 52 instances are shared, so ``Card(n) is Card(n)``; a card works anywhere an int
    does (as an action id, a bit index).

    >>> c = Card.parse("QD")
    >>> int(c), c.suit, c.rank.name
    (23, <Suit.DIAMONDS: 1>, 'QUEEN')
    """

    __slots__ = ()
    _cache: ClassVar[list[Card]] = []

    def __new__(cls, value: int) -> Card:
        try:
            return cls._cache[value] if value >= 0 else _bad_card(value)
        except (IndexError, TypeError):
            return _bad_card(value)

    @classmethod
    def make(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """The card of this rank and suit."""
        return cls._cache[int(suit) * 13 + int(rank)]

    @property
    def suit(self) -> Suit:
        """The suit of the card."""
        return _SUITS[self // 13]

    @property
    def rank(self) -> Rank:
        """The rank of the card."""
        return _RANKS[self % 13]

    @property
    def mask(self) -> int:
        """The one-bit mask of this card."""
        return 1 << self

    @property
    def symbol(self) -> str:
        """Rank and suit symbol, e.g. ``A♠``."""
        return RANK_LETTERS[self % 13] + "♣♦♥♠"[self // 13]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: ``"AS"``, ``"10H"``, ``"TH"``, ``"A♠"``, ``"qd"`` or suit first (``"SA"``).

        >>> Card.parse("as") == Card.parse("A♠") == Card.parse("SA")
        True
        >>> Card.parse("1S")
        Traceback (most recent call last):
        ...
        openwhist.errors.InvalidActionError: not a card: '1S' (write rank then suit, e.g. AS, 10H, QD, 7♣)
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidActionError(f"not a card: {text!r}")
        m = _CARD_RE.match(text)
        if m:
            rank_text, suit_text = m.group(1), m.group(2)
        else:
            m = _CARD_RE_SUIT_FIRST.match(text)
            if not m:
                raise InvalidActionError(
                    f"not a card: {text!r} (write rank then suit, e.g. AS, 10H, QD, 7♣)"
                )
            suit_text, rank_text = m.group(1), m.group(2)
        return cls.make(Rank.parse(rank_text), Suit.parse(suit_text))

    def __str__(self) -> str:
        return RANK_LETTERS[self % 13] + "CDHS"[self // 13]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _bad_card(value: object) -> Card:
    raise InvalidActionError(f"not a card number: {value!r} (cards are 0..51)")


_SUITS = tuple(Suit)
_RANKS = tuple(Rank)
Card._cache = [int.__new__(Card, i) for i in range(52)]
ALL_CARDS: tuple[Card, ...] = tuple(Card._cache)


def _mask_cards(mask: int) -> Iterator[Card]:
    cache = Card._cache
    while mask:
        low = mask & -mask
        yield cache[low.bit_length() - 1]
        mask ^= low


class CardSet:
    """A set of cards stored as a 52-bit mask, in the manner of python-chess's ``SquareSet``.

    Supports ``in``, ``len``, iteration (low to high), set algebra with other card sets or
    iterables of cards, and ``int()`` back to the mask.

    >>> CardSet.parse("AS 2C") | CardSet.parse("KH")
    CardSet.parse('2C KH AS')
    >>> int(CardSet.parse("2C 3C"))
    3
    """

    __slots__ = ("mask",)

    def __init__(self, cards: Iterable[int | str] | int = 0) -> None:
        if isinstance(cards, int):
            if cards < 0 or cards > FULL_DECK:
                raise InvalidActionError(f"not a 52-bit card mask: {cards}")
            self.mask: int = cards
            return
        mask = 0
        for c in cards:
            card = Card.parse(c) if isinstance(c, str) else Card(c)
            mask |= 1 << card
        self.mask = mask

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read cards separated by spaces or commas, or a hand as ``S:AKQ H:- D:T98 C:2``."""
        return cls(parse_hand(text))

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = Card.parse(card)
        return isinstance(card, int) and 0 <= card < 52 and bool(self.mask >> card & 1)

    def __iter__(self) -> Iterator[Card]:
        return _mask_cards(self.mask)

    def __reversed__(self) -> Iterator[Card]:
        return iter(sorted(self, reverse=True))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    @staticmethod
    def _m(other: CardSet | Iterable[int | str] | int) -> int:
        return other.mask if isinstance(other, CardSet) else CardSet(other).mask

    def __or__(self, other: CardSet | Iterable[int | str] | int) -> CardSet:
        return CardSet(self.mask | self._m(other))

    def __and__(self, other: CardSet | Iterable[int | str] | int) -> CardSet:
        return CardSet(self.mask & self._m(other))

    def __sub__(self, other: CardSet | Iterable[int | str] | int) -> CardSet:
        return CardSet(self.mask & ~self._m(other))

    def __xor__(self, other: CardSet | Iterable[int | str] | int) -> CardSet:
        return CardSet(self.mask ^ self._m(other))

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def suit(self, suit: Suit | int) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & SUIT_MASKS[suit])

    def __repr__(self) -> str:
        return f"CardSet.parse({' '.join(map(str, self))!r})"

    def __str__(self) -> str:
        return format_hand(self.mask)


def parse_hand(text: str) -> int:
    """Read a hand into a mask.

    Accepts cards separated by spaces or commas (``"AS 10H qd"``), the suit form
    ``"S:AKQ H:- D:T98 C:2"`` (the form our records print) and a PBN hand ``"AKQ..T98.2"``
    (spades, hearts, diamonds, clubs separated by dots).
    """
    text = text.strip()
    if not text or text == "-":
        return 0
    if ":" in text:
        mask = 0
        for part in text.split():
            if ":" not in part:
                raise InvalidActionError(f"bad hand part {part!r} in {text!r}: write S:AKQ H:- ...")
            suit_text, ranks = part.split(":", 1)
            suit = Suit.parse(suit_text)
            mask |= _ranks_mask(ranks, suit, text)
        return mask
    if "." in text and " " not in text:
        parts = text.split(".")
        if len(parts) != 4:
            raise InvalidActionError(f"a PBN hand has four suits separated by dots: {text!r}")
        mask = 0
        for suit, ranks in zip((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS), parts):
            mask |= _ranks_mask(ranks, suit, text)
        return mask
    mask = 0
    for token in re.split(r"[\s,]+", text):
        if token:
            card = Card.parse(token)
            if mask >> card & 1:
                raise InvalidActionError(f"card {card} appears twice in {text!r}")
            mask |= 1 << card
    return mask


def given_cards(hand: str | Iterable[Card | int | str]) -> list[Card]:
    """The cards of a hand as a deal's maker is given it: a hand's text (``"AKQ.J2.T9.8"``
    or with a seat, ``"N:..."``: low to high), cards' texts apart by spaces or commas, or
    cards, card numbers and cards' texts.

    >>> given_cards("AS, KH")
    [Card.parse('AS'), Card.parse('KH')]
    >>> given_cards("2.3..")
    [Card.parse('3H'), Card.parse('2S')]
    >>> given_cards([0, "AS"])
    [Card.parse('2C'), Card.parse('AS')]
    """
    if isinstance(hand, str):
        text = hand.strip()
        if ":" in text or ("." in text and " " not in text):
            return list(_mask_cards(parse_hand(text)))
        return [Card.parse(t) for t in text.replace(",", " ").split()]
    return [Card.parse(c) if isinstance(c, str) else Card(c) for c in hand]


def _ranks_mask(ranks: str, suit: Suit, whole: str) -> int:
    mask = 0
    if ranks in ("", "-"):
        return 0
    for ch in ranks.upper().replace("10", "T"):
        if ch not in RANK_LETTERS:
            raise InvalidActionError(f"not a rank: {ch!r} in {whole!r}")
        bit = 1 << (suit * 13 + RANK_LETTERS.index(ch))
        if mask & bit:
            raise InvalidActionError(f"card {ch}{suit.letter} appears twice in {whole!r}")
        mask |= bit
    return mask


def format_hand(mask: int, symbols: bool = False) -> str:
    """Print a hand as ``S:AKQ H:- D:T98 C:2`` (or with suit symbols), high cards first."""
    parts = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        bits = mask >> (13 * suit) & 0x1FFF
        ranks = "".join(RANK_LETTERS[r] for r in range(12, -1, -1) if bits >> r & 1) or "-"
        parts.append(f"{suit.symbol if symbols else suit.letter + ':'}{ranks}")
    return " ".join(parts)


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea and Flood, 2014), exact on every platform.

    ``state += 0x9E3779B97F4A7C15``, then the output is mixed by two xor-shift-multiply
    rounds, all modulo 2**64.  ``below(n)`` draws an unbiased integer in ``0..n-1`` by
    rejecting draws from the incomplete top range.
    """

    __slots__ = ("state",)
    M64 = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = seed & self.M64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.M64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An unbiased integer in ``0..n-1``."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def _digit_groups() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Radixes 52, 51, ..., 2 in groups whose product fits in 64 bits, with the rejection
    limit of each group (the largest multiple of the product that fits)."""
    groups = []
    n = 52
    while n >= 2:
        radixes = []
        product = 1
        while n >= 2 and product * n <= 1 << 64:
            product *= n
            radixes.append(n)
            n -= 1
        groups.append(((1 << 64) - (1 << 64) % product, tuple(radixes)))
    return tuple(groups)


_GROUPS = _digit_groups()
_SWAPS = tuple((limit, tuple((n, n - 1) for n in radixes)) for limit, radixes in _GROUPS)
""":data:`_GROUPS` with each radix ``n`` paired with the position it fills, ``n - 1``."""


def derive_seed(secret: int, *labels: int | str) -> int:
    """A seed (63 bits) for ``labels`` (``"match", 3``) from a secret seed, by a keyed
    hash (BLAKE2b keyed with the secret's 8 bytes): whoever knows some derived seeds, but
    not the secret, learns nothing of any other (unlike ``secret + k * step``).

    >>> derive_seed(7, "match", 0) == derive_seed(7, "match", 0) != derive_seed(7, "match", 1)
    True
    >>> 0 <= derive_seed(2**63 - 1, "bot", 2) < 2**63
    True
    """
    if not isinstance(secret, int) or isinstance(secret, bool) or secret < 0:
        raise InvalidActionError(f"a seed is a non-negative integer, not {secret!r}")
    key = (secret % (1 << 64)).to_bytes(8, "little")
    message = "/".join(str(x) for x in labels).encode()
    digest = hashlib.blake2b(message, key=key, digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def shuffled_deck(seed: int) -> list[Card]:
    """The deck in the order a seeded shuffle leaves it.

    The algorithm is fixed and documented so that a seed means the same deal everywhere:
    start from cards ``0..51`` in order and run Fisher-Yates from the top: for ``n`` from 52
    down to 2, swap position ``n - 1`` with position ``j``, an unbiased draw in ``0..n-1``.
    The draws come from a :class:`SplitMix64` seeded with ``seed`` (modulo 2**64), each
    64-bit output giving several of them as mixed-radix digits: the radixes 52, 51, ...
    are taken in groups whose product ``P`` fits in 64 bits (52..42, 41..30, 29..16,
    15..2); an output ``z`` is redrawn while ``z >= 2**64 - 2**64 % P``, then each ``j``
    is ``z % n`` and ``z //= n``, in the order of the radixes.

    >>> [str(c) for c in shuffled_deck(1)[:5]]
    ['TS', 'AS', '6S', 'QH', '3C']
    """
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise InvalidActionError(f"a seed is a non-negative integer, not {seed!r}")
    # SplitMix64 inlined for speed (the same outputs as the class)
    m64 = SplitMix64.M64
    state = seed & m64
    deck = list(ALL_CARDS)
    for limit, radixes in _SWAPS:
        while True:
            state = (state + 0x9E3779B97F4A7C15) & m64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & m64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m64
            z ^= z >> 31
            if z < limit:
                break
        for n, i in radixes:
            j = z % n
            z //= n
            deck[i], deck[j] = deck[j], deck[i]
    return deck
