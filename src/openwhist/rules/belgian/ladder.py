"""Belgian whist's ladder: the seats, the suits' bidding order, the contracts, and the
tricks each misère-like contract takes."""

from __future__ import annotations

from openwhist.cards import Card, Suit
from openwhist.rules.seats import seat_names

HANDS = 4
_NAMES = seat_names(HANDS)
SUIT_RANK = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3}
"""The bidding order of the suits: hearts > diamonds > clubs > spades (§1.2)."""
SUITS_HIGH_FIRST = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
ACES = tuple(Card(s * 13 + 12) for s in range(4))
ACE_MASK = sum(1 << a for a in ACES)
KINDS = ("pair", "solo", "abondance", "troel", "small-misere", "piccolo", "piccolissimo",
         "grand-misere", "open-misere", "soloslim")
LEVELS = {"pair": range(8, 14), "solo": range(5, 9), "abondance": range(9, 13)}
MISERE_TRICKS = {"small-misere": 0, "piccolo": 1, "piccolissimo": 2, "grand-misere": 0,
                 "open-misere": 0}
"""The exact number of tricks each misère-like contract must take."""
SHARED = ("small-misere", "piccolo", "grand-misere")
"""Contracts several players may play at once, each on his own (§1.5)."""
