"""A rule-of-thumb player: the card-play technique of the whist rule books.

:class:`HeuristicBot` sees only the :class:`~openwhist.rules.base.Observation` of the
seat it plays for and applies the classic precepts, in this order of concern:

Leads
    * draw trumps when holding five or more of them (or the top trumps and more trumps
      than can be out against us);
    * give partner a ruff in a suit partner has shown void in;
    * return partner's suit;
    * cash sure winners (masters) in suits the opponents cannot ruff;
    * otherwise lead the longest and strongest plain suit (a singleton when holding a few
      trumps, to prepare a ruff), avoiding suits an opponent can ruff.

    The card: the top of a sequence of touching cards headed by a ten or better, except
    that a sequence headed by ace-king is led with the **king** (the old "king from
    ace-king" convention, so the ace is kept to win the second round); a master is
    cashed from the top of its sequence; from four or more cards the fourth best; from
    three the lowest under an honour and the top of three small cards; the top of a
    doubleton.

Following suit
    * second hand low, except: cover an honour led with a higher honour; play the lowest
      of a sequence of honours that beats the card led; take a cheap certain winner;
    * third hand high, but only as high as needed: the lowest card that surely wins
      against the hands still to play, else the lowest of the equivalent cards at the top
      of the holding; nothing wasted when partner already wins;
    * fourth hand wins as cheaply as possible, or plays low when partner already wins.

When void
    * never trump partner's winner; ruff low (or over-ruff cheaply) when the opponents
      win, choosing a trump the later hands cannot beat where there is one;
    * otherwise discard the lowest card of the least useful suit, keeping masters,
      guards of honours, established long cards and partner's suit.

It tracks the cards played and the voids the players have shown, and so knows which
cards are masters (the highest of their suit still out) and who may still ruff.  In
Dummy whist it plays the exposed dummy from ``observation.known`` when that hand is to
move, uses the dummy's visible cards when reasoning about its partner or an opponent, and
leads low towards a master the dummy shows.

German whist's stock phase
    When the winner of the trick takes a public card (``observation.shown``: the face-up
    stock card) it weighs that prize against its own cards (:func:`stock_card`): each
    card is worth about the tricks it may take later (a master or a high trump much, a
    small plain card little), an unseen blind draw the average of the unseen cards, and
    a trick of the stock phase counts itself where the scoring counts it.  It wins the
    trick as cheaply as it can when the prize is worth more than the card spent, and
    otherwise loses it on purpose with its least useful card.  Once the stock is empty
    both hands are known and it plays them by the precepts above, with exact knowledge.

Decisions are pure Python on 52-bit masks and take a few tens of microseconds.

This module holds the bot and its card play; Belgian whist's auction and misère play are in
:mod:`openwhist.bots.heuristic_belgian`, German whist's stock phase in
:mod:`openwhist.bots.heuristic_german`, the position all three read (its leads, following
and discards) in :mod:`openwhist.bots.heuristic_position`, and the helpers shared with the
other bots in :mod:`openwhist.bots.technique` (their public names are importable from here
too).
"""

from __future__ import annotations

import random

from openwhist.bots.heuristic_belgian import MISERE_HCP, MISERE_RISK, _bid, _misere_play
from openwhist.bots.heuristic_exact import bids_exactly, book_action
from openwhist.bots.heuristic_german import _stock_phase
from openwhist.bots.heuristic_position import _Position
from openwhist.bots.technique import (
    card_worth,
    contract_info,
    misere_risk,
    misere_roles,
    playing_tricks,
    risky_card,
    stock_card,
    suit_tricks,
    tricks_taken,
)
from openwhist.cards import Card
from openwhist.errors import IllegalActionError
from openwhist.rules.base import Action, Call, Observation

__all__ = ["HeuristicBot", "MISERE_HCP", "MISERE_RISK", "card_worth", "contract_info",
           "misere_risk", "misere_roles", "playing_tricks", "risky_card", "stock_card",
           "suit_tricks", "tricks_taken"]


class HeuristicBot:
    """Plays the technique of the whist rule books from the observation alone.

    Leads the longest and strongest suit (top of a sequence, king from ace-king, else the
    fourth best), draws trumps with five or more, returns partner's suit, cashes masters;
    second hand low, third hand high (no higher than needed), fourth hand wins cheaply;
    covers an honour with an honour; never trumps partner's winner, ruffs low and
    over-ruffs cheaply, discards from useless suits.  In Dummy whist it also plays the
    exposed dummy.

    Every tie is broken in a fixed order (lowest card, first suit), so the bot is fully
    deterministic; ``seed`` is accepted for the constructor shared by all bots and seeds
    :attr:`rng` for subclasses that want randomness.
    """

    name = "heuristic"
    searches = False

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed!r})"

    def choose(self, observation: Observation) -> Action:
        """The card to play for the hand to move (one of ``observation.legal``), or the
        call to make when only calls are legal."""
        legal = observation.legal
        if not legal or observation.to_move is None:
            raise IllegalActionError("it is not this seat's turn: there is nothing to choose")
        if bids_exactly(observation):
            return book_action(observation)
        if any(isinstance(a, Call) for a in legal):
            return _choose_call(observation)
        if len(legal) == 1:
            return Card(legal[0])
        pos = _Position(observation)
        misere = misere_roles(observation)
        if misere is not None:
            card = _misere_play(pos, *misere)
        elif observation.shown and observation.n_hands == 2:
            card = _stock_phase(pos)
        else:
            card = pos.follow() if pos.trick else pos.lead()
        if not pos.legal >> card & 1:  # defensive: never return an illegal card
            return Card(legal[0])
        return Card(card)


def _choose_call(obs: Observation) -> Call:
    """A call among the legal ones: of face-up cards to take (German whist's open stock)
    the most useful, a trump first, then the highest; otherwise the first call."""
    calls = [a for a in obs.legal if isinstance(a, Call)]
    takes = [c for c in calls if c.kind == "take" and c.card is not None]
    if not takes:
        return _bid(obs, calls)
    trump = int(obs.trump) if obs.trump is not None else -1

    def value(call: Call) -> tuple[bool, int]:
        card = call.card
        assert card is not None
        return (int(card.suit) == trump, int(card.rank))

    return max(takes, key=value)
