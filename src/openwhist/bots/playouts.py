"""Exact play where every card is known and sampled playouts in German whist's stock
phase: the part of :class:`~openwhist.bots.solver.SolverBot` that needs no PIMC, below
:mod:`openwhist.bots.pimc` (whose player hands the stock phase to it) and
:mod:`openwhist.bots.solver` (which adds PIMC for hidden hands).  See
:mod:`openwhist.bots.solver` for how the stock phase is sampled and played out.
"""

from __future__ import annotations

import random
import time

from openwhist.bots.heuristic import HeuristicBot
from openwhist.bots.technique import card_worth, stock_card
from openwhist.cards import SUIT_MASKS, Card
from openwhist.errors import ConfigError, IllegalActionError
from openwhist.rules.base import Action, Observation
from openwhist.rules.tricks import legal_mask, trick_winner
from openwhist.solver import Position, solve, solve_all

__all__ = ["PlayoutBot", "LEVELS", "exact_values"]

LEVELS: dict[int, int] = {1: 40, 2: 80, 3: 160, 4: 320}
"""Playouts per decision of the stock phase at each level (spread over the distinct cards)."""

_FULL = (1 << 52) - 1


def exact_values(obs: Observation) -> dict[Card, int] | None:
    """The solver's value of each legal card (tricks of the mover's side from the current
    trick on, with best play by all) when the observation shows every card still in
    play; None when some are hidden."""
    if sum(obs.hidden.values()) or obs.to_move is None:
        return None
    hands = []
    for h in range(obs.n_hands):
        if h == obs.seat:
            mask = obs.hand.mask
        elif h in obs.known:
            mask = obs.known[h].mask
        else:
            return None
        if mask.bit_count() != obs.hand_sizes[h]:
            return None
        hands.append(mask)
    mover = obs.to_move
    sides = tuple(0 if s == obs.sides[mover] else 1 for s in obs.sides)
    trump = -1 if obs.trump is None else int(obs.trump)
    pos = Position(tuple(hands), trump, obs.leader, tuple(int(c) for _, c in obs.trick), sides, 0)
    return solve_all(pos)


class PlayoutBot:
    """Exact play where every card is known, sampled playouts in German whist's stock
    phase, the rule book elsewhere (:class:`~openwhist.bots.solver.SolverBot` plays PIMC
    there instead).

    :param level: 1-4, playouts per stock-phase decision (40, 80, 160, 320); default 2.
    :param seed: seed of the sampling (the same seed and observations give the same cards).
    :param time_budget: seconds a decision may take at most (default 1).
    :param playouts: playouts per stock-phase decision; overrides ``level``.
    """

    name = "playouts"
    searches = True

    def __init__(self, level: int = 2, seed: int | None = None, time_budget: float = 1.0,
                 playouts: int | None = None) -> None:
        if level not in LEVELS:
            raise ConfigError(f"level must be one of {sorted(LEVELS)}, not {level!r}")
        if time_budget <= 0:
            raise ConfigError(f"time_budget must be positive, not {time_budget!r}")
        if playouts is not None and playouts < 1:
            raise ConfigError(f"playouts must be at least 1, not {playouts!r}")
        self.level = level
        self.seed = seed
        self.time_budget = time_budget
        self.playouts = playouts if playouts is not None else LEVELS[level]
        self.rng = random.Random(seed)
        self._book = HeuristicBot()
        self.last_playouts = 0
        """Playouts made for the last decision (0: it was solved exactly or by the book)."""
        self.last_values: dict[Card, float] = {}
        """For the last decision that searched: each card's value, the tricks the mover's
        side takes from the current trick on with it: exact where every card is known, the
        average over the playouts in the stock phase (one card of each run of equal cards;
        stock tricks only where they score), PIMC's :attr:`~openwhist.bots.pimc.PimcBot.last_values`
        elsewhere; empty when the book chose.  What a hint shows."""
        self.last_worths: dict[Card, float] = {}
        """Where PIMC chose playing to the score: its
        :attr:`~openwhist.bots.pimc.PimcBot.last_worths`; else empty."""

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(level={self.level}, playouts={self.playouts}, "
                f"time_budget={self.time_budget}, seed={self.seed!r})")

    def choose(self, observation: Observation) -> Action:
        """The action for the hand to move: exact, sampled or by the book (see the class)."""
        obs = observation
        if not obs.legal or obs.to_move is None:
            raise IllegalActionError("it is not this seat's turn: there is nothing to choose")
        self.last_playouts = 0
        self.last_values = {}
        self.last_worths = {}
        if any(not isinstance(a, Card) for a in obs.legal):
            return self._book.choose(obs)
        legal = sorted(Card(a) for a in obs.legal)
        if len(legal) == 1:
            return legal[0]
        values = exact_values(obs)
        if values is not None:
            self.last_values = {c: float(values[c]) for c in legal}
            best = max(values[c] for c in legal)
            return min(c for c in legal if values[c] == best)
        if obs.n_hands == 2 and len(obs.shown) == 1 and obs.to_move == obs.seat:
            return self._stock(obs, legal)
        if obs.n_hands == 2:
            return self._book.choose(obs)
        return self._hidden_hands(obs)

    def _hidden_hands(self, obs: Observation) -> Action:
        """The card where other hands are hidden and no stock is drawn from: the rule
        book's (:class:`~openwhist.bots.solver.SolverBot` samples and solves)."""
        return self._book.choose(obs)


    # --- the stock phase ------------------------------------------------------------------

    def _stock(self, obs: Observation, legal: list[Card]) -> Card:
        me = obs.me
        opp = 1 - me
        trump = -1 if obs.trump is None else int(obs.trump)
        played = obs.played.mask
        hand = obs.hand.mask
        face_up = int(next(iter(obs.shown)))
        unseen = obs.unseen().mask
        opp_known = obs.known[opp].mask if opp in obs.known else 0
        n_opp = obs.hand_sizes[opp] - opp_known.bit_count()
        n_stock = obs.hidden.get("stock", 0)
        if n_opp < 0 or n_opp + n_stock != unseen.bit_count() or (n_stock + 1) % 2:
            return Card(self._book.choose(obs))
        void = 0
        for suit in obs.voids().get(opp, ()):
            void |= SUIT_MASKS[int(suit)]
        trick = [int(c) for _, c in obs.trick]
        # one card of each run of equal cards (no card still out between them)
        gone = hand | played
        for c in trick:
            gone |= 1 << c
        candidates: list[int] = []
        for c in legal:
            if candidates and candidates[-1] // 13 == c // 13:
                between = ((1 << c) - 1) & ~((2 << candidates[-1]) - 1)
                if not between & ~gone:
                    continue
            candidates.append(int(c))
        if len(candidates) == 1:
            return Card(candidates[0])
        weight = 1 if obs.info.get("stock_counts", True) else 0  # a stock-phase trick scores
        out = _FULL & ~hand & ~played
        cards = [c for c in range(52) if unseen >> c & 1]
        blind = sum(card_worth(c, trump, out) for c in cards) / len(cards) if cards else 0.0
        totals = dict.fromkeys(candidates, 0)
        worlds = max(2, -(-self.playouts // len(candidates)))
        start = time.perf_counter()
        done = 0
        for _ in range(worlds):
            order = list(cards)
            self.rng.shuffle(order)
            opp_hand = opp_known
            rest: list[int] = []
            need = n_opp
            for c in order:  # the opponent's unseen cards avoid his shown voids
                if need and not void >> c & 1:
                    opp_hand |= 1 << c
                    need -= 1
                else:
                    rest.append(c)
            if need:  # pragma: no cover - the voids leave too few cards: ignore them
                rest = [c for c in order if not opp_hand >> c & 1]
                extra = rest[:need]
                rest = rest[need:]
                for c in extra:
                    opp_hand |= 1 << c
            hands = [0, 0]
            hands[me] = hand
            hands[opp] = opp_hand
            seq = [face_up, *rest]
            for c in candidates:
                totals[c] += _playout(list(hands), seq, trump, obs.leader, trick, c, me,
                                      played, weight, blind)
                done += 1
            if time.perf_counter() - start > self.time_budget * 0.9:
                break
        self.last_playouts = done
        rounds = done // len(candidates)
        self.last_values = {Card(c): totals[c] / rounds for c in candidates} if rounds else {}
        best = max(totals.values())
        return Card(min((c for c in candidates if totals[c] == best),
                        key=lambda c: (card_worth(c, trump, out), c)))


def _playout(hands: list[int], seq: list[int], trump: int, leader: int, trick: list[int],
             first: int, me: int, played: int, weight: int, blind: float) -> int:
    """Play a sampled world of the stock phase out: ``first`` now, then both players by
    :func:`stock_card`, each trick's winner taking ``seq``'s next card and the loser the
    one after; then the play phase exactly.  Returns ``me``'s tricks (those of the stock
    phase times ``weight``)."""
    trick = list(trick)
    got = 0
    i = 0
    card = first
    while True:
        mover = (leader + len(trick)) % 2
        if card < 0:
            h = hands[mover]
            led = trick[0] if trick else -1
            legal = legal_mask(h, led // 13 if led >= 0 else -1)
            if legal & (legal - 1):
                out = _FULL & ~h & ~played
                card = stock_card(h, legal, led, trump, out, card_worth(seq[i], trump, out),
                                  blind, weight)
            else:
                card = legal.bit_length() - 1
        hands[mover] ^= 1 << card
        played |= 1 << card
        trick.append(card)
        card = -1
        if len(trick) < 2:
            continue
        winner = (leader + trick_winner(trick, trump)) % 2
        if winner == me:
            got += weight
        hands[winner] |= 1 << seq[i]
        hands[1 - winner] |= 1 << seq[i + 1]
        i += 2
        leader = winner
        trick = []
        if i >= len(seq):
            break
    sides = (0, 1) if me == 0 else (1, 0)
    return got + solve(Position((hands[0], hands[1]), trump, leader, (), sides, 0))
