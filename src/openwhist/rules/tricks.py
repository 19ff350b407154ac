"""What every trick-taking variant shares: following suit, who wins a trick, card lists.

All functions work on plain ints (cards ``0..51``, hands as 52-bit masks) so that rules
states and search code can share them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from openwhist.cards import SUIT_MASKS, Card, Suit

__all__ = [
    "NO_TRUMP",
    "SUIT_CARDS",
    "Trick",
    "cards_of",
    "legal_mask",
    "trick_winner",
    "shown_voids",
]

NO_TRUMP = -1
"""The value of ``trump`` in a deal played without trumps."""

SUIT_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(Card(s * 13 + r) for r in range(13) if m >> r & 1) for m in range(1 << 13))
    for s in range(4)
)
"""``SUIT_CARDS[suit][bits]``: the cards of a suit whose 13-bit field is ``bits``, low first."""


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask as a list, clubs first, low to high within each suit."""
    t = SUIT_CARDS
    return [
        *t[0][mask & 0x1FFF],
        *t[1][mask >> 13 & 0x1FFF],
        *t[2][mask >> 26 & 0x1FFF],
        *t[3][mask >> 39 & 0x1FFF],
    ]


def legal_mask(hand: int, led_suit: int) -> int:
    """The cards of ``hand`` that may be played when ``led_suit`` was led (-1: leading).

    This is the FOLLOW rule: a card of the suit led if the hand has one, any card otherwise.
    """
    if led_suit < 0:
        return hand
    follow = hand & SUIT_MASKS[led_suit]
    return follow if follow else hand


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """The index in ``cards`` (in playing order) of the card that wins the trick.

    The highest trump wins if any trump was played, otherwise the highest card of the
    suit led; a card of a third suit never wins.
    """
    best = 0
    best_card = cards[0]
    best_suit = best_card // 13
    for i in range(1, len(cards)):
        c = cards[i]
        s = c // 13
        if s == best_suit:
            if c > best_card:
                best, best_card = i, c
        elif s == trump:
            best, best_card, best_suit = i, c, s
    return best


class Trick(NamedTuple):
    """A completed trick: who led, the cards in playing order, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seat_of(self, index: int, n_seats: int = 4) -> int:
        """The seat that played ``cards[index]``."""
        return (self.leader + index) % n_seats


def shown_voids(tricks: Sequence[Trick], current: Sequence[tuple[int, Card]] = (),
                n_seats: int = 4) -> dict[int, set[Suit]]:
    """The suits each seat has shown it lacks, by failing to follow suit.

    ``current`` is the unfinished trick as ``(seat, card)`` pairs.
    """
    voids: dict[int, set[Suit]] = {s: set() for s in range(n_seats)}
    plays: list[list[tuple[int, Card]]] = [
        [(t.seat_of(i, n_seats), c) for i, c in enumerate(t.cards)] for t in tricks
    ]
    if current:
        plays.append(list(current))
    for trick in plays:
        led = trick[0][1].suit
        for seat, card in trick[1:]:
            if card.suit != led:
                voids[seat].add(led)
    return voids
