"""Search for the whists where each player bids his exact tricks: bids and cards weighed
on sampled deals, each player for himself.

Where the double-dummy solver decides a card in the other families, here every player
plays for his own target, so no two sides fight over the tricks; the searching levels
weigh each choice by its **expected points** over deals of the unseen cards sampled to
fit the observation (the voids shown, the cards each hand holds), each deal played out by
the rule-book players (:mod:`openwhist.bots.heuristic_exact`) at every seat:

* **a bid**: each legal bid near the book's (the bar respected: only legal bids are
  weighed) is made on each sampled deal, the players after bid by the book, and the deal
  is played out; the bid with the most points on average is made.  A hand bid unseen
  (forehead and blind deals) is sampled like the others' hands.
* **a card**: each legal card is played on each sampled deal and the deal played out.
  In the last tricks (:data:`ENDGAME` or fewer left) an exact search
  (:func:`openwhist.solver.small.exact_values`: exactly the tricks still needed, every
  other hand against the player, so a bound that holds against any play) says which
  cards *force* the bid on each deal; there such a card is worth the bid's points
  whatever the play-out made of it.

The other players' bids say something of their hands: a sampled deal weighs less the
further each earlier bid is from the tricks the book counts in that player's sampled
hand (a normal weight of :data:`BID_SPREAD` tricks).  All deals are the same for every
choice, so that the differences between choices are not the sampling's noise.

The higher levels search more: more deals for a bid (``bid_worlds``), the exact search a
trick or more earlier (``deeper``), and, where a hand void in the suit led must trump, no
trump dealt to a player who neither followed nor trumped (``read_trumps``,
:func:`lacks_by_rule`).  The play-outs (:func:`book_play_out`) play the book's cards on
the state's own masks, without an observation a card.  ``trust`` (off at every level: not
yet measured) weighs a sampled deal by the others' cards the book would not have played
on it (:func:`book_surprises`).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from openwhist.bots.heuristic import HeuristicBot
from openwhist.bots.heuristic_exact import book_bid, card_by_book, estimate_tricks, need_left
from openwhist.cards import Card
from openwhist.rules.base import Action, Call, Observation
from openwhist.rules.registry import get_variant
from openwhist.rules.tricks import shown_voids
from openwhist.solver.small import SmallLimitReached, exact_values

__all__ = ["ExactBidSearch", "book_play_out", "book_surprises", "lacks_by_rule", "ENDGAME",
           "BID_SPREAD", "BID_RANGE", "SMALL_NODES"]

ENDGAME = {3: 4, 4: 3, 5: 2, 6: 2}
"""Tricks left at most, by the number of hands, where the exact search runs."""

SMALL_NODES = 20_000
"""Nodes of the exact search per sampled deal at most (a deal that needs more is left to
the play-out)."""

BID_SPREAD = 1.0
"""How far (in tricks) an earlier bid may be from the book's count of the sampled hand
for the deal still to weigh about ``exp(-1/2)`` of one that fits."""

BID_RANGE = 2
"""Bids weighed: those within this many tricks of the book's bid."""


class _BookCards:
    """The book's cards on a state in its play (:func:`card_by_book` on the state's own
    masks), the voids shown and the cards gone kept as the play goes on."""

    def __init__(self, state: Any) -> None:
        self.state = state
        n = self.n = state.n_hands_
        self.trump = state._trump
        self.gone = state._played_now() | state.out | (
            1 << state.turn_up if state.turn_up is not None else 0)
        self.voids = [0] * n
        for h, suits in shown_voids(state.tricks, tuple(zip(state.trick_seats(), state.trick)),
                                    n).items():
            for suit in suits:
                self.voids[h] |= 1 << int(suit)
        self.bids = [b or 0 for b in state.bids]

    def card(self) -> int:
        """The book's card for the hand to move."""
        state = self.state
        me = state.to_move
        legal = state.legal_cards()
        if len(legal) == 1:
            return int(legal[0])
        mask = 0
        for c in legal:
            mask |= 1 << c
        hand = state.hands[me]
        ruffers = 0
        for h in range(self.n):
            if h != me:
                ruffers |= self.voids[h]
        return card_by_book(mask, ((1 << 52) - 1) & ~(self.gone | hand), self.trump,
                            self.bids[me] - state.won[state.sides[me]], hand.bit_count(),
                            [int(c) for c in state.trick], self.n, ruffers)

    def play(self, card: int) -> None:
        """Play ``card`` for the hand to move."""
        state = self.state
        trick = state.trick
        if trick and card // 13 != trick[0] // 13:
            self.voids[state.to_move] |= 1 << (trick[0] // 13)
        self.gone |= 1 << card
        state.apply_unchecked(card)


def book_play_out(state: Any, book: HeuristicBot) -> None:
    """Play the deal to its end by the book at every seat: the bids by ``book`` on each
    player's observation, the cards by :func:`~openwhist.bots.heuristic_exact.card_by_book`
    on the state's own masks (the same cards as ``book`` on each observation, without
    building one a card: the play-outs are most of a decision's time)."""
    while state.phase == "auction":
        state.apply(book.choose(state.observation(state.to_move)))
    if state.to_move is None:
        return
    cards = _BookCards(state)
    while state.to_move is not None:
        cards.play(cards.card())


def book_surprises(state: Any, me: int) -> int:
    """How many of the cards played in ``state`` (a deal in its play) the others played
    where the book would have played another, the deal as ``state`` holds it; ``state``
    is left as it was."""
    plays = []
    while state.history and not isinstance(state.history[-1], Call):
        plays.append(int(state.history[-1]))
        state.undo()
    cards = _BookCards(state)
    out = 0
    for c in reversed(plays):
        if state.to_move != me and cards.card() != c:
            out += 1
        cards.play(c)
    return out


class ExactBidSearch:
    """Bids and plays by sampling deals and playing them out (see the module's notes).

    :param worlds: deals sampled per decision.
    :param time_budget: seconds a decision may take (about: a deal is not begun that would
        end past it at the pace of those before; the deals done by then count).
    :param sample_bids: weigh the bids on sampled deals (else bid by the book).
    :param bid_worlds: deals sampled per bid (default ``worlds``): a bid decides most of
        a deal's points, and weighs only a few choices.
    :param deeper: tricks more than :data:`ENDGAME` where the exact search runs.
    :param trust: 0 to below 1: how firmly the others are believed to play their cards by
        the book: each card of theirs the book would not have played on a sampled deal
        (:func:`book_surprises`) multiplies the deal's weight by ``1 - trust``; 0: off.
    :param read_trumps: where a hand void in the suit led must trump, deal no trump to a
        player who neither followed nor trumped (:func:`lacks_by_rule`).
    """

    clock = staticmethod(time.perf_counter)
    """The clock the budget is kept by (a benchmark may count CPU time instead)."""

    def __init__(self, worlds: int, seed: int | None = None, time_budget: float = 1.0,
                 sample_bids: bool = True, deeper: int = 0, read_trumps: bool = False,
                 bid_worlds: int | None = None, trust: float = 0.0) -> None:
        self.worlds = worlds
        self.trust = trust
        self.bid_worlds = worlds if bid_worlds is None else bid_worlds
        self.deeper = deeper
        self.read_trumps = read_trumps
        self.time_budget = time_budget
        self.sample_bids = sample_bids
        self.rng = random.Random(seed)
        self.book = HeuristicBot()
        self.last_values: dict[str, float] = {}
        """Each choice's mean points at the last decision."""

    def choose(self, obs: Observation) -> Action:
        """A bid or a card for the observer, one of ``obs.legal``."""
        legal = list(obs.legal)
        self.last_values = {}
        if any(isinstance(a, Call) for a in legal):
            book = book_bid(obs)
            if not self.sample_bids or len(legal) == 1:
                return book
            assert book.level is not None
            options = [c for c in legal if isinstance(c, Call) and c.level is not None
                       and abs(c.level - book.level) <= BID_RANGE]
            bid: Call = self._weigh(obs, options, book,
                                    tie=lambda c: abs(int(c.level) - int(book.level or 0)))
            return bid
        if len(legal) == 1:
            return legal[0]
        cards = sorted(Card(a) for a in legal)
        card: Card = self._weigh(obs, cards, None, tie=lambda c: 0)
        return card

    # --- sampling ------------------------------------------------------------------------

    def _weight(self, obs: Observation, hands: list[int]) -> float:
        """How well a sampled deal fits the earlier bids of the others (see the notes)."""
        if not obs.hand.mask:  # bid unseen: the others' bids read what the observer cannot
            return 1.0
        bids = obs.info.get("bids") or []
        trump = int(obs.trump) if obs.trump is not None else -1
        cards = int(obs.info.get("cards", 0))
        everything = 0
        for h in hands:
            everything |= h
        spent = 0.0
        for h, bid in enumerate(bids):
            if bid is None or h == obs.me:
                continue
            dealt = hands[h] | _played_by(obs, h)
            est = estimate_tricks(dealt, trump, (everything | obs.played.mask) & ~dealt, cards,
                                  obs.n_hands)
            spent += ((est - bid) / BID_SPREAD) ** 2 / 2
        return math.exp(-spent)

    def _weigh(self, obs: Observation, options: list[Any], book: Any, tie: Any) -> Any:
        variant = get_variant(obs.variant)
        totals = dict.fromkeys(options, 0.0)
        weights = 0.0
        start = self.clock()
        stakes = obs.stakes()
        need, left = need_left(obs) if obs.phase == "play" else (0, 0)
        small = (obs.phase == "play" and left <= ENDGAME.get(obs.n_hands, 2) + self.deeper
                 and 0 <= need <= left)
        lacks = lacks_by_rule(obs) if self.read_trumps else None
        made = stakes.worth((), obs.sides[obs.me])[obs.info["bids"][obs.me]] if (
            small and stakes is not None) else None
        for done in range(self.worlds if obs.phase == "play" else self.bid_worlds):
            # stop before a deal that would end past the budget (at the pace so far), so
            # that a decision keeps to it: a deal of six hands of 8 or more cards, each
            # choice played out, takes a tenth of a second or more on one core
            spent = self.clock() - start
            if weights and spent + spent / done > self.time_budget:
                break
            drawn = obs.sample_holdings(self.rng, lacks=lacks)
            if drawn is None:
                break
            hands, places = drawn
            weight = self._weight(obs, hands)
            base = variant.rebuild(obs, hands, places)
            if self.trust and obs.phase == "play":
                weight *= (1 - self.trust) ** book_surprises(base, obs.me)
            forced = self._forced(obs, hands, need) if made is not None else {}
            for o in options:
                state = base.clone()
                state.apply(o)
                book_play_out(state, self.book)
                points = float(state.result().points[obs.sides[obs.me]])
                if forced.get(int(o)) and made is not None:
                    points = max(points, made)
                totals[o] += weight * points
            weights += weight
        if weights <= 0:
            return book if book is not None else options[0]
        self.last_values = {str(o): totals[o] / weights for o in options}
        return max(options, key=lambda o: (round(totals[o] / weights, 9), -tie(o), -int(o)))

    def _forced(self, obs: Observation, hands: list[int], need: int) -> dict[int, bool]:
        """Per legal card: whether the observer can force exactly his bid after it on this
        deal (the exact search), or {} where it is too big."""
        trick = tuple(int(c) for _, c in obs.trick)
        trump = int(obs.trump) if obs.trump is not None else -1
        ruff = bool(obs.options.must_trump)  # the family's follow-then-trump rule
        try:
            return exact_values(hands, trump, obs.leader, trick, obs.me, need, ruff=ruff,
                                node_limit=SMALL_NODES)
        except SmallLimitReached:
            return {}


def lacks_by_rule(obs: Observation) -> dict[int, set[int]]:
    """The hands that hold no trump by the play rule: where a hand void in the suit led
    must trump (``must_trump``), one that played neither the suit led nor a trump to a
    trick of a plain suit has none (and, the cards all dealt, gets none later)."""
    out: dict[int, set[int]] = {}
    if obs.trump is None or not obs.options.must_trump:
        return out
    trump = int(obs.trump)
    n = obs.n_hands
    plays = [[(t.seat_of(i, n), int(c)) for i, c in enumerate(t.cards)] for t in obs.tricks]
    if obs.trick:
        plays.append([(seat, int(c)) for seat, c in obs.trick])
    for trick in plays:
        led = trick[0][1] // 13
        if led == trump:
            continue
        for seat, c in trick[1:]:
            if c // 13 not in (led, trump):
                out.setdefault(seat, set()).add(trump)
    return out


def _played_by(obs: Observation, seat: int) -> int:
    """The cards ``seat`` has played so far."""
    n = obs.n_hands
    out = 0
    for t in obs.tricks:
        for i, c in enumerate(t.cards):
            if t.seat_of(i, n) == seat:
                out |= 1 << int(c)
    for s, c in obs.trick:
        if s == seat:
            out |= 1 << int(c)
    return out
