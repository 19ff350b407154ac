"""A bidder that samples: it deals the unseen cards at random many times, judges on each
deal the contracts it may call, and calls the one worth most on average; it plays the
cards by the rule book (:class:`~openwhist.bots.heuristic.HeuristicBot`).  Below
:mod:`openwhist.bots.pimc`, whose player may bid by it, and
:mod:`openwhist.bots.sampler`, whose :class:`~openwhist.bots.sampler.SamplerBot` adds
PIMC's card play to it.

The bot sees only its :class:`~openwhist.rules.base.Observation`.  Its sampled deals fit
the other players' calls so far: it draws several deals for each one it keeps, replays
the auction on each with the rule-book bidder in the other seats, and keeps those where
the rule book makes the calls that were made, weighing a deal ``1 - TRUST`` per call that
does not fit.  For an auction call (Belgian whist) it weighs, on ``worlds`` such deals:

* a solo or abondance in each suit where the hand could make one (:func:`playing_tricks`
  of the rule-book player decides which suits are worth judging), with the option
  ``judge``: ``solver``, the solver says whether the declarer alone takes at least the
  level's tricks against the other three (``at least N``), the abondance declarer
  leading, else the first hand; ``play``, the deal is played out by the rule-book player
  at every seat, the others passing (once per trump and lead, played to the end, so
  that one play-out judges every level); ``both`` (the default), each deal counts both
  verdicts: the best defence's, which is too hard on the declarer against real
  defenders, and the rule book's;
* the misères (small misère, piccolo, grand misère) where the hand has few risky cards
  (:func:`misere_risk`): the sampled deal is played out by the rule-book player at every
  seat, the bot declaring the misère and the others passing, and the bot's verdict
  counted.  Not double dummy: a misère's exact search has to refute every defence, far
  more nodes than a bid may spend (a hand of the thirteen lowest cards already passes a
  million), and defenders who see every card beat misères that real ones lose.

A call's worth is the chance of making it times the points the contract wins minus the
chance of failing times what it loses, as the rules' promise of the call says (the points
grid's values, :func:`openwhist.rules.registry.promises`), measured as what the declarer
gains over each other player: under a zero-sum grid three
times the value either way; under a positive grid (the opponents score when a contract
fails, the declarers lose nothing) three times the value when made, the value when failed.
It calls the best of those worth more than nothing (more than half a pair's value where
the rule book would propose or join a pair); otherwise the rule-book bidder's call (pair
proposals, accepting, waiting, passing), except a solo or misère the sampling found
wanting, which becomes a pass (a call the sampling could not judge is left as it is).
The pair's calls (raising, passe parole) are the rule book's too, and so are the calls
the ``referee`` option allows only: the bot chooses among the legal calls alone.

Speed: the solver answers a yes/no question on a full deal in about a millisecond (a
node budget drops the odd slow one), a play-out takes a few milliseconds, a sampled
deal's fit to the calls about as long, and hands that no contract suits are passed at
once.
"""

from __future__ import annotations

import dataclasses
import random
import time

from openwhist.bots.heuristic import HeuristicBot
from openwhist.bots.heuristic_belgian import raises_pair
from openwhist.bots.technique import misere_risk, playing_tricks
from openwhist.cards import Suit
from openwhist.errors import ConfigError, IllegalActionError, InvalidActionError
from openwhist.rules.base import Action, Call, Observation
from openwhist.rules.contract import Promise
from openwhist.rules.registry import get_variant, promises
from openwhist.solver import NodeLimitReached, Objective, Position, solve

__all__ = ["SampledBidder", "LEVELS", "NODE_LIMIT", "MISERE_RISK", "sure_misere"]

LEVELS: dict[int, int] = {1: 8, 2: 16, 3: 32, 4: 64}
"""Sampled deals per bidding decision at each level."""

NODE_LIMIT = 200_000
"""Search nodes per solved question at most (a deal that needs more is left out)."""


def _sampled(p: Promise | None) -> bool:
    """A call the sampling judges: a contract played alone, short of all thirteen tricks,
    the hand not laid open (solo, abondance and the misères played closed)."""
    return p is not None and p.alone and not p.exposed and p.needed < 13


def _played_out(p: Promise) -> bool:
    """A call judged by playing the sampled deal out rather than by the solver: a misère
    that others may play beside the caller (small and grand misère, piccolo)."""
    return p.exact and p.shared


TRUST = 0.8
"""How firmly the sampler reads the other players' calls as the rule-book bidder's: a
sampled deal's weight is ``1 - TRUST`` per call the rule book would not have made with
the hand it gives that player (0: every deal counts the same)."""

CANDIDATES = 6
"""Deals drawn for each deal kept when the other players have called (see ``TRUST``)."""

JUDGES = ("solver", "play", "both")
"""How the sampler may judge a solo or abondance on a sampled deal (its ``judge`` option)."""

MISERE_RISK = 4
"""A misère is weighed only for a hand with at most this many risky cards (one more for
piccolo, whose one trick may be the riskiest card)."""


class SampledBidder:
    """Bids by sampling and solving (see the module's notes); plays by the rule book.

    :param level: 1-4: deals sampled per bidding decision (8, 16, 32, 64); default 2.
    :param seed: seed of the sampling.
    :param time_budget: seconds a bidding decision may take at most (default 1.5).
    :param judge: how a solo or abondance is judged on a sampled deal: ``solver`` (double
        dummy: made against the best defence), ``play`` (played out by the rule book at
        every seat, as the misères are) or ``both`` (the default: each deal counts both
        verdicts, the best defence's and the rule book's).
    """

    name = "sampled-bidder"
    searches = True

    def __init__(self, level: int = 2, seed: int | None = None, time_budget: float = 1.5,
                 judge: str = "both") -> None:
        if level not in LEVELS:
            raise ConfigError(f"level must be one of {sorted(LEVELS)}, not {level!r}")
        if time_budget <= 0:
            raise ConfigError(f"time_budget must be positive, not {time_budget!r}")
        if judge not in JUDGES:
            raise ConfigError(f"judge must be one of {', '.join(JUDGES)}, not {judge!r}")
        self.judge = judge
        self.level = level
        self.seed = seed
        self.worlds = LEVELS[level]
        self.time_budget = time_budget
        self.rng = random.Random(seed)
        self._book = HeuristicBot()
        self.last_values: dict[str, float] = {}
        """The worth of each call weighed at the last bidding decision."""

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(level={self.level}, time_budget={self.time_budget}, "
                f"seed={self.seed!r})")

    def choose(self, observation: Observation) -> Action:
        """A call weighed by sampling in the auction; a card by the rule book in the play."""
        obs = observation
        if not obs.legal or obs.to_move is None:
            raise IllegalActionError("it is not this seat's turn: there is nothing to choose")
        calls = [a for a in obs.legal if isinstance(a, Call)]
        if not calls:
            return self._play(obs)
        book = self._book.choose(obs)
        promised = promises(obs, calls)
        if not any(c.kind == "pass" for c in calls) or not any(map(_sampled, promised.values())) \
                or obs.to_move != obs.seat:
            return book
        return self._bid(obs, calls, Call(book), promised)

    def _play(self, obs: Observation) -> Action:
        """The card to play: the rule book's."""
        return self._book.choose(obs)

    # --- bidding -------------------------------------------------------------------------

    def _bid(self, obs: Observation, calls: list[Call], book: Call,
             promised: dict[Call, Promise]) -> Call:
        hand = obs.hand.mask
        me = obs.me
        first = (obs.dealer + 1) % obs.n_hands
        tricks = {s: playing_tricks(hand, s) for s in range(4)}
        risk = misere_risk(hand)
        # the questions the solver answers: (call, leader, trump, objective)
        questions: list[tuple[Call, int, int, Objective]] = []
        # the calls judged by playing the deal out
        played_out: list[Call] = []
        # solos and abondances by trump and lead, each group played out once at most
        groups: dict[tuple[int, bool], list[tuple[Call, int]]] = {}
        for c, p in promised.items():
            if not _sampled(p):
                continue
            if p.trump is not None:  # solo, abondance: the solver says whether it is made
                if tricks[int(p.trump)] + 2.5 < p.needed:
                    continue
                leader = me if p.leads else first
                questions.append((c, leader, int(p.trump), Objective("at_least", p.needed)))
                groups.setdefault((int(p.trump), p.leads), []).append((c, p.needed))
            elif _played_out(p) and risk <= MISERE_RISK + (p.needed == 1):
                played_out.append(c)
        self.last_values = {}
        if sure_misere(hand):
            # no card of the hand can win a trick: the highest misère it may call is sure
            # the misères without a discard: grand and open misère
            sure = [c for c, p in promised.items() if p.exact and p.needed == 0 and not p.discard]
            if sure:
                best_sure = max(sure, key=lambda c: _points(promised[c])[0])
                self.last_values[str(best_sure)] = _points(promised[best_sure])[0]
                return best_sure
        book_sampled = _sampled(promised.get(book))
        if not questions and not played_out:
            return by_kind_pass(calls) if book_sampled else book
        judged = [q[0] for q in questions] + played_out
        made = dict.fromkeys(judged, 0.0)
        asked = dict.fromkeys(judged, 0.0)
        start = time.perf_counter()
        sides = tuple(0 if h == me else 1 for h in range(obs.n_hands))
        # played to the end, so that one play-out judges every level of a group
        whole = dataclasses.replace(obs, options=dataclasses.replace(obs.options, early_stop=False))
        for weight, hands in self._worlds(obs, start):
            if time.perf_counter() - start > self.time_budget:
                break
            for group in groups.values() if self.judge != "solver" else ():
                if time.perf_counter() - start > self.time_budget:
                    break
                top = max(group, key=lambda x: x[1])[0]
                out = self._play_out(whole, hands, top)
                if out is None:
                    continue
                for call, needed in group:
                    made[call] += weight * (out[0] >= needed)
                    asked[call] += weight
            for call, leader, trump, objective in questions if self.judge != "play" else ():
                if time.perf_counter() - start > self.time_budget:
                    break
                try:
                    ok = solve(Position(tuple(hands), trump, leader, (), sides, 0, objective),
                               node_limit=NODE_LIMIT)
                except NodeLimitReached:
                    continue
                made[call] += weight * ok
                asked[call] += weight
            for call in played_out:
                if time.perf_counter() - start > self.time_budget:
                    break
                out = self._play_out(obs, hands, call)
                if out is None:
                    continue
                made[call] += weight * out[1]
                asked[call] += weight
        best: Call | None = None
        # a call must beat the rule book's pair call (proposing or joining), which is
        # worth something itself: half the pair's value, made three times in four
        mine = promised.get(book)
        best_value = _pair_worth(obs) if mine is not None and not mine.alone else 0.0
        for call in judged:
            if not asked[call]:
                continue
            chance = made[call] / asked[call]
            win, lose = _points(promised[call])
            value = chance * win - (1 - chance) * lose
            self.last_values[str(call)] = value
            if value > best_value:
                best, best_value = call, value
        if best is not None:
            return best
        if book_sampled and str(book) in self.last_values:
            return by_kind_pass(calls)
        return book

    def _worlds(self, obs: Observation, start: float) -> list[tuple[float, list[int]]]:
        """``worlds`` deals of the unseen cards with their weights: where the other
        players have called, :data:`CANDIDATES` times as many are drawn (in a fifth of the
        time budget at most), those whose calls the rule-book bidder would have made with
        the drawn hands first, each weighed ``(1 - TRUST)`` per call it would not."""
        me = obs.me
        hand = obs.hand.mask
        unseen = [c for c in range(52) if not hand >> c & 1]
        sizes = obs.hand_sizes
        checked = any(h != me for h, _ in obs.calls)
        drawn: list[tuple[int, list[int]]] = []
        for _ in range(self.worlds * (CANDIDATES if checked else 1)):
            if drawn and time.perf_counter() - start > self.time_budget / 5:
                break
            self.rng.shuffle(unseen)
            hands = [0] * obs.n_hands
            i = 0
            for h in range(obs.n_hands):
                if h == me:
                    hands[h] = hand
                    continue
                for card in unseen[i:i + sizes[h]]:
                    hands[h] |= 1 << card
                i += sizes[h]
            drawn.append((self._surprises(obs, hands) if checked else 0, hands))
        drawn.sort(key=lambda x: x[0])  # stable: the drawing's order among equals
        return [((1.0 - TRUST) ** n, hands) for n, hands in drawn[:self.worlds]]

    def _surprises(self, obs: Observation, hands: list[int]) -> int:
        """How many of the other players' calls so far the rule-book bidder would not
        have made with ``hands``, two at most (a deal the calls cannot be replayed on
        counts them all)."""
        try:
            state = get_variant(obs.variant).rebuild(obs, hands)
        except (IllegalActionError, InvalidActionError):
            return len(obs.calls)
        calls = list(state.history)
        for _ in calls:
            state.undo()
        n = 0
        for (h, _), action in zip(obs.calls, calls, strict=True):
            if h != obs.me:
                mine = self._book.choose(state.observation(h))
                if mine != action and not (isinstance(mine, Call) and mine.kind == "accept"
                                           and raises_pair(obs, Call(action))):
                    n += 1
                    if n >= 2:  # weighed (1 - TRUST) squared already: enough
                        break
            state.apply_unchecked(action)
        return n

    def _play_out(self, obs: Observation, hands: list[int], call: Call) -> tuple[int, bool] | None:
        """The bot's tricks and whether it makes ``call`` (a misère, solo or abondance) on
        the sampled deal ``hands`` when every seat plays it by the rule book and the
        others pass; None if the deal cannot be set up so (a call the sampled auction does
        not allow)."""
        try:
            state = get_variant(obs.variant).rebuild(obs, hands)
            state.apply(call)
            while state.phase == "auction":
                state.apply(by_kind_pass([a for a in state.legal_actions() if isinstance(a, Call)]))
        except (IllegalActionError, InvalidActionError, StopIteration):
            return None
        while not state.is_over():
            state.apply_unchecked(self._book.choose(state.observation(state.to_move)))
        result = state.result()
        declarers = list(result.declarers)
        me = obs.me
        if me not in declarers:
            return None
        return result.tricks[me], bool(result.made[declarers.index(me)])


def sure_misere(hand: int) -> bool:
    """Whether ``hand`` (13 cards, no trump) can never win a trick: in each suit it holds
    the lowest cards, and no suit whole.  Every card it plays is then below every other
    card of its suit, so it wins a trick only by leading a suit that nobody else holds;
    it leads at most to the first trick (it never wins one), when every suit it holds is
    still held by another hand too."""
    for s in range(4):
        m = (hand >> (13 * s)) & 0x1FFF
        if m == 0x1FFF or m & (m + 1):  # a whole suit, or not the lowest cards only
            return False
    return True


def by_kind_pass(calls: list[Call]) -> Call:
    """The pass among ``calls``."""
    return next(c for c in calls if c.kind == "pass")


_PROPOSAL = Call.make("propose", suit=Suit.HEARTS)


def _pair_worth(obs: Observation) -> float:
    """What the rule book's pair call is taken to be worth to its caller: half the made
    value of a pair of 8, a proposal's level (the rule-book pairs make about three times
    in four)."""
    p = promises(obs, [_PROPOSAL]).get(_PROPOSAL)
    return 0.5 * p.made if p is not None else 1.0


def _points(p: Promise) -> tuple[float, float]:
    """(points won when made, points lost when failed) for a contract played alone
    against three, as the declarer's gain over each other player: under a zero-sum grid
    three times the value per opponent either way; under a positive grid (the opponents
    score on a failure, the declarer loses nothing) three times the value when made and
    the value when failed."""
    return 3.0 * p.made, (3.0 if p.zero_sum else 1.0) * p.failed
