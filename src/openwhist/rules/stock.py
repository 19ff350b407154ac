"""The stock: a component a stock game composes into its deal state (German whist, §3), as
it builds the play on :class:`~openwhist.rules.tricks.TrickPlay`.

The cards not dealt lie in order, top first.  ``face_up`` of them lie face up in a row
(one, the turn-up, in the classic game; several in the open stock).  After each trick the
winner takes a face-up card (the one he chooses, or the only one), or else the top
face-down card; the loser takes the top face-down card, or else the face-up card turned
first; then the row is refilled from the top.  Every draw is recorded as a :class:`Draw`,
with the row as it was, so that :meth:`Stock.undo` restores it exactly.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import NamedTuple, Self

from openwhist.cards import Card
from openwhist.rules.events import CardDrawn, CardTurned

__all__ = ["Draw", "Stock"]


class Draw(NamedTuple):
    """The draws after one trick, and the stock as it was before them."""

    winner: int
    won: Card
    won_public: bool
    loser: int
    lost: Card
    lost_public: bool
    row: tuple[Card, ...]
    pos: int
    turned: int


class Stock:
    """The stock of one deal: ``cards`` in order (top first), ``face_up`` cards face up."""

    def __init__(self, cards: Sequence[Card], face_up: int) -> None:
        self.cards: tuple[Card, ...] = tuple(cards)
        self.face_up = face_up
        r = min(face_up, len(self.cards))
        self.row: list[Card] = list(self.cards[:r])
        """The cards face up now, in the order they were turned."""
        self.turned: list[Card] = list(self.row)
        """Every card turned face up so far."""
        self.pos = r
        """The next face-down card."""
        self.draws: list[Draw] = []

    @property
    def face_down(self) -> int:
        """Face-down cards left."""
        return len(self.cards) - self.pos

    def face_down_cards(self) -> tuple[Card, ...]:
        """The face-down cards left, top first."""
        return self.cards[self.pos:]

    def draw(self, winner: int, loser: int, chosen: Card | None = None) -> list[object]:
        """Make the draws after a trick (``chosen``: the face-up card the winner takes, None:
        the first); return the events (each card drawn, each card turned)."""
        row, pos, turned = tuple(self.row), self.pos, len(self.turned)
        cards = self.cards
        if self.row:
            won = chosen if chosen is not None else self.row[0]
            self.row.remove(won)
            won_public = True
        else:
            won = cards[self.pos]
            self.pos += 1
            won_public = False
        if self.pos < len(cards):
            lost = cards[self.pos]
            self.pos += 1
            lost_public = False
        else:
            lost = self.row.pop(0)
            lost_public = True
        events: list[object] = [CardDrawn(winner, won, won_public), CardDrawn(loser, lost, lost_public)]
        while len(self.row) < self.face_up and self.pos < len(cards):
            card = cards[self.pos]
            self.pos += 1
            self.row.append(card)
            self.turned.append(card)
            events.append(CardTurned(card))
        self.draws.append(Draw(winner, won, won_public, loser, lost, lost_public, row, pos, turned))
        return events

    def undo(self) -> Draw:
        """Take back the last draws; return them (the caller gives the cards back)."""
        d = self.draws.pop()
        self.row = list(d.row)
        self.pos = d.pos
        del self.turned[d.turned:]
        return d

    def taken_face_up(self, hand: int) -> int:
        """The face-up cards ``hand`` took (a mask): what everyone watching saw go into it."""
        took = 0
        for d in self.draws:
            if d.winner == hand and d.won_public:
                took |= 1 << d.won
            if d.loser == hand and d.lost_public:
                took |= 1 << d.lost
        return took

    def copy(self) -> Self:
        """An independent copy."""
        other = copy.copy(self)
        other.row = list(self.row)
        other.turned = list(self.turned)
        other.draws = list(self.draws)
        return other

    def snapshot(self) -> tuple[object, ...]:
        """The stock as a comparable tuple."""
        return (self.cards, self.face_up, tuple(self.row), self.pos, tuple(self.turned),
                tuple(self.draws))
