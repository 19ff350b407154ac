"""Events: what ``apply`` returns (cards played, calls made, tricks won, cards drawn...)."""

from __future__ import annotations

from typing import Any, NamedTuple

from openwhist.cards import Card
from openwhist.rules.actions import Call
from openwhist.rules.tricks import CardPlayed, DealScored, TrickWon

__all__ = [
    "CallMade",
    "CardDrawn",
    "CardPlayed",
    "CardTurned",
    "DealScored",
    "Event",
    "TrickWon",
]


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
