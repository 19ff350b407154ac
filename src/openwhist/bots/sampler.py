"""A bidder that samples: it deals the unseen cards at random many times, solves each
deal double dummy for the contracts it may call, and calls the one worth most on average;
it plays the cards with :class:`~openwhist.bots.pimc.PimcBot`.

The bot sees only its :class:`~openwhist.rules.base.Observation`.  For an auction call
(Belgian whist) it weighs, on ``worlds`` sampled deals of the other hands:

* a solo or abondance in each suit where the hand could make one (:func:`playing_tricks`
  of the rule-book player decides which suits are worth solving): the solver says
  whether the declarer alone takes at least the level's tricks against the other three
  (``at least N``), the abondance declarer leading, else the first hand;
* the misères: whether the hand takes no trick (``exactly 0``; the small misère after
  laying its riskiest card aside, every other hand one of its cards at random) or
  exactly one (piccolo).

A call's worth is the chance of making it times the points the contract wins minus the
chance of failing times what it loses, from the deal's points grid (``options.points_grid()``),
in zero-sum terms (what the declarer gains over the others).  It calls the best of those
worth more than nothing; otherwise the rule-book bidder's call (pair proposals, accepting,
waiting, passing), except a solo or misère the sampling found wanting, which becomes a pass.

Speed: the solver answers a yes/no question on a full deal in about a millisecond (a
node budget drops the odd slow one), and hands that no contract suits are passed at once.
"""

from __future__ import annotations

import random
import time
from typing import Any

from openwhist.bots.heuristic import HeuristicBot, misere_risk, playing_tricks, risky_card
from openwhist.bots.pimc import PimcBot
from openwhist.errors import ConfigError, IllegalActionError
from openwhist.rules.base import Action, Call, Observation
from openwhist.solver import NodeLimitReached, Objective, Position, solve

__all__ = ["SamplerBot", "LEVELS", "NODE_LIMIT"]

LEVELS: dict[int, int] = {1: 8, 2: 16, 3: 32, 4: 64}
"""Sampled deals per bidding decision at each level."""

NODE_LIMIT = 200_000
"""Search nodes per solved question at most (a deal that needs more is left out)."""

_SAMPLED = ("solo", "abondance", "small-misere", "piccolo", "grand-misere")


class SamplerBot:
    """Bids by sampling and solving (see the module's notes); plays with PIMC.

    :param level: 1-4: deals sampled per bidding decision (8, 16, 32, 64); default 2.
    :param seed: seed of the sampling.
    :param time_budget: seconds a bidding decision may take at most (default 1.5).
    :param play_budget: seconds of search per card played (PIMC's ``time_budget``).
    :param play_worlds: deals PIMC samples per card played (None: its level's).
    """

    name = "sampler"

    def __init__(self, level: int = 2, seed: int | None = None, time_budget: float = 1.5,
                 play_budget: float = 0.5, play_worlds: int | None = None) -> None:
        if level not in LEVELS:
            raise ConfigError(f"level must be one of {sorted(LEVELS)}, not {level!r}")
        if time_budget <= 0:
            raise ConfigError(f"time_budget must be positive, not {time_budget!r}")
        self.level = level
        self.seed = seed
        self.worlds = LEVELS[level]
        self.time_budget = time_budget
        self.rng = random.Random(seed)
        self._book = HeuristicBot()
        self._pimc = PimcBot(seed=seed, time_budget=play_budget, worlds=play_worlds)
        self.last_values: dict[str, float] = {}
        """The worth of each call weighed at the last bidding decision."""

    def __repr__(self) -> str:
        return f"SamplerBot(level={self.level}, time_budget={self.time_budget}, seed={self.seed!r})"

    def choose(self, observation: Observation) -> Action:
        """A call weighed by sampling in the auction; a card by PIMC in the play."""
        obs = observation
        if not obs.legal or obs.to_move is None:
            raise IllegalActionError("it is not this seat's turn: there is nothing to choose")
        calls = [a for a in obs.legal if isinstance(a, Call)]
        if not calls:
            return self._pimc.choose(obs)
        book = self._book.choose(obs)
        kinds = {c.kind for c in calls}
        if "pass" not in kinds or not kinds & set(_SAMPLED) or obs.to_move != obs.seat:
            return book
        return self._bid(obs, calls, Call(book))

    # --- bidding -------------------------------------------------------------------------

    def _bid(self, obs: Observation, calls: list[Call], book: Call) -> Call:
        hand = obs.hand.mask
        grid = _grid(obs)
        me = obs.seat
        first = (obs.dealer + 1) % obs.n_hands
        tricks = {s: playing_tricks(hand, s) for s in range(4)}
        risk = misere_risk(hand)
        # the questions worth asking: (call, leader, trump, objective, small misère)
        questions: list[tuple[Call, int, int, Objective, bool]] = []
        for c in calls:
            if c.kind in ("solo", "abondance") and c.level is not None and c.suit is not None:
                if tricks[int(c.suit)] + 2.5 < c.level:
                    continue
                leader = me if c.kind == "abondance" else first
                questions.append((c, leader, int(c.suit), Objective("at_least", c.level), False))
            elif c.kind in ("small-misere", "grand-misere") and risk <= 4:
                questions.append((c, first, -1, Objective("exactly", 0), c.kind == "small-misere"))
            elif c.kind == "piccolo" and risk <= 5:
                questions.append((c, first, -1, Objective("exactly", 1), False))
        self.last_values = {}
        if not questions:
            return Call(by_kind_pass(calls)) if book.kind in _SAMPLED else book
        made = {q[0]: 0 for q in questions}
        asked = {q[0]: 0 for q in questions}
        start = time.perf_counter()
        unseen = [c for c in range(52) if not hand >> c & 1]
        sizes = obs.hand_sizes
        for _ in range(self.worlds):
            if time.perf_counter() - start > self.time_budget:
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
            for call, leader, trump, objective, small in questions:
                if time.perf_counter() - start > self.time_budget:
                    break
                deal = _small_misere(hands, me, self.rng) if small else hands
                sides = tuple(0 if h == me else 1 for h in range(obs.n_hands))
                try:
                    ok = solve(Position(tuple(deal), trump, leader, (), sides, 0, objective),
                               node_limit=NODE_LIMIT)
                except NodeLimitReached:
                    continue
                made[call] += ok
                asked[call] += 1
        best: Call | None = None
        best_value = 0.0
        for call, *_ in questions:
            if not asked[call]:
                continue
            p = made[call] / asked[call]
            win, lose = _points(grid, call)
            value = p * win - (1 - p) * lose
            self.last_values[str(call)] = value
            if value > best_value:
                best, best_value = call, value
        if best is not None:
            return best
        if book.kind in _SAMPLED:
            return by_kind_pass(calls)
        return book


def by_kind_pass(calls: list[Call]) -> Call:
    """The pass among ``calls``."""
    return next(c for c in calls if c.kind == "pass")


def _grid(obs: Observation) -> Any:
    """The deal's points grid, if its options have one."""
    getter = getattr(obs.options, "points_grid", None)
    return getter() if callable(getter) else None


def _points(grid: Any, call: Call) -> tuple[float, float]:
    """(points won when made, points lost when failed) for a contract played alone
    against three, in zero-sum terms (three times the value per opponent)."""
    if grid is None:
        return 3.0, 3.0
    try:
        entry = grid.entry(call.kind, call.level)
    except (ConfigError, KeyError, ValueError):  # a grid without the contract
        return 0.0, 1.0
    exact = call.kind in ("small-misere", "grand-misere", "piccolo")
    needed = {"small-misere": 0, "grand-misere": 0, "piccolo": 1}.get(call.kind, call.level or 0)
    _, win = entry.value(needed, needed, exact)
    _, lose = entry.value(needed - 1 if not exact else needed + 1, needed, exact)
    return 3.0 * abs(win), 3.0 * abs(lose)


def _small_misere(hands: list[int], me: int, rng: random.Random) -> list[int]:
    """The hands after the small misère's discards: ``me`` lays aside his riskiest card
    (the rule-book choice), every other hand a random card."""
    out = list(hands)
    for h, m in enumerate(hands):
        if h == me:
            out[h] = m & ~(1 << risky_card(m))
        else:
            cards = [c for c in range(52) if m >> c & 1]
            out[h] = m & ~(1 << rng.choice(cards))
    return out
