"""The last tricks searched without strategy fusion: alpha-mu (αμ).

PIMC (:mod:`openwhist.bots.pimc`) solves each sampled deal as if every card were seen, so
it credits its player with guessing right in every deal, even where he cannot tell the
deals apart when the guess comes (strategy fusion).  αμ (Cazenave and Ventos, *The αμ
Search Algorithm for the Game of Bridge*, 2020) removes that for the player's own next
``moves`` cards: his card is one card in every deal he cannot tell apart, and only after
his last searched card is each deal solved double dummy.  The other hands' cards are
chosen deal by deal (the opponents against him, his partner for him), as PIMC assumes.

A node's value is a *front*: vectors of the mover's side's tricks from the current trick
on, one entry per deal still possible there, each vector what one of his strategies
below the node gives; a vector is kept only where no other is as good in every deal.
At his own nodes the fronts of his cards are joined; where another hand plays, each deal
takes that hand's card that suits its owner best in that deal (the least for an
opponent, the most for the partner): the vectors of the different cards are combined
entry by entry.  His card's worth is the best weighted sum of a vector of its front.
With ``moves=1`` this is PIMC's average over the same deals.

Fronts grow with the deals and the depth: the search is for the last few tricks, where
the deals that fit the play are few, and a front keeps at most :data:`FRONT_CAP`
vectors (those of the best weighted sums).
"""

from __future__ import annotations

from collections.abc import Sequence

from openwhist.rules.tricks import legal_mask, trick_winner
from openwhist.solver import Objective, Position, solve_all

__all__ = ["AlphaMu", "FRONT_CAP", "pareto"]

FRONT_CAP = 32
"""The most vectors a front keeps (those of the best weighted sums)."""

Vector = tuple[int, ...]


def pareto(vectors: Sequence[Vector]) -> list[Vector]:
    """The vectors no other vector is at least as good as in every entry (duplicates
    once), the greatest sums first (equal sums in decreasing order).

    >>> pareto([(1, 0), (0, 1), (1, 1), (0, 0)])
    [(1, 1)]
    >>> pareto([(0, 2), (1, 1), (2, 0), (1, 0)])
    [(2, 0), (1, 1), (0, 2)]
    """
    kept: list[Vector] = []
    for v in sorted(set(vectors), key=lambda v: (sum(v), v), reverse=True):
        if not any(all(a >= b for a, b in zip(u, v, strict=True)) for u in kept):
            kept.append(v)
    return kept


class AlphaMu:
    """αμ over a set of deals that fit what the mover has seen.

    :param worlds: each deal's hands (a 52-bit mask per seat, in seat order), the mover's
        own hand the same in all.
    :param weights: how much each deal counts (the inference's weights).
    :param trump: the trump suit 0-3, or -1.
    :param sides: for each seat, 0 for the mover's side, 1 for the other.
    :param mover: the seat whose strategy is not fused.
    :param moves: how many of the mover's cards, from this one on, are the same in every
        deal (1: PIMC).
    """

    def __init__(self, worlds: Sequence[Sequence[int]], weights: Sequence[float], trump: int,
                 sides: Sequence[int], mover: int, moves: int = 2) -> None:
        if len(worlds) != len(weights) or not worlds:
            raise ValueError("one weight for each deal, and at least one deal")
        if moves < 1:
            raise ValueError(f"moves must be at least 1, not {moves!r}")
        self.worlds = [tuple(w) for w in worlds]
        self.weights = list(weights)
        self.trump = trump
        self.sides = tuple(sides)
        self.mover = mover
        self.moves = moves
        self.n = len(self.worlds[0])
        self.solves = 0
        """Deals solved double dummy so far (the search's cost)."""
        self._memo: dict[tuple[int, tuple[int, ...], int, tuple[int, ...], int], list[Vector]] = {}

    def values(self, leader: int, trick: Sequence[int]) -> dict[int, float]:
        """Each legal card of the mover (to play now, after ``trick`` led by ``leader``)
        with its worth: the best weighted mean, over the deals, of the tricks his side
        takes from the current trick on that one of his strategies gives after it."""
        seat = (leader + len(trick)) % self.n
        if seat != self.mover:
            raise ValueError(f"seat {seat} is to play, not the mover {self.mover}")
        ids = tuple(range(len(self.worlds)))
        total = sum(self.weights)
        out: dict[int, float] = {}
        for card, front in self._mover_fronts(leader, tuple(trick), 0, ids, self.moves).items():
            best = max(sum(self.weights[w] * v for w, v in zip(ids, vec, strict=True)) for vec in front)
            out[card] = best / total
        return out

    # --- the search ------------------------------------------------------------------------

    def _hand(self, world: int, seat: int, gone: int) -> int:
        return self.worlds[world][seat] & ~gone

    def _after(self, leader: int, trick: tuple[int, ...], gone: int, card: int, ids: tuple[int, ...],
               moves: int) -> list[Vector]:
        """The front after ``card`` is played (for the deals ``ids``)."""
        trick = (*trick, card)
        gone |= 1 << card
        if len(trick) < self.n:
            return self._front(leader, trick, gone, ids, moves)
        winner = (leader + trick_winner(trick, self.trump)) % self.n
        gained = 1 if self.sides[winner] == 0 else 0
        if all(self._hand(ids[0], s, gone) == 0 for s in range(self.n)):
            return [(gained,) * len(ids)]
        front = self._front(winner, (), gone, ids, moves)
        return [tuple(x + gained for x in v) for v in front] if gained else front

    def _front(self, leader: int, trick: tuple[int, ...], gone: int, ids: tuple[int, ...],
               moves: int) -> list[Vector]:
        key = (leader, trick, gone, ids, moves)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        seat = (leader + len(trick)) % self.n
        if seat == self.mover:
            joined = [v for f in self._mover_fronts(leader, trick, gone, ids, moves).values() for v in f]
            front = self._cap(pareto(joined), ids)
        else:
            front = self._others(seat, leader, trick, gone, ids, moves)
        self._memo[key] = front
        return front

    def _mover_fronts(self, leader: int, trick: tuple[int, ...], gone: int, ids: tuple[int, ...],
                      moves: int) -> dict[int, list[Vector]]:
        """The front of each legal card of the mover (the same cards in every deal)."""
        led = trick[0] // 13 if trick else -1
        legal = legal_mask(self._hand(ids[0], self.mover, gone), led)
        cards = [c for c in range(52) if legal >> c & 1]
        if moves <= 1:  # his last searched card: each deal solved as it lies
            rows = []
            for w in ids:
                hands = tuple(self._hand(w, s, gone) for s in range(self.n))
                pos = Position(hands, self.trump, leader, trick, self.sides, 0, Objective())
                rows.append(solve_all(pos))
                self.solves += 1
            return {c: [tuple(int(row[c]) for row in rows)] for c in cards}  # type: ignore[index]
        return {c: self._after(leader, trick, gone, c, ids, moves - 1) for c in cards}

    def _others(self, seat: int, leader: int, trick: tuple[int, ...], gone: int,
                ids: tuple[int, ...], moves: int) -> list[Vector]:
        """Another hand to play: in each deal its best card for its side."""
        ours = self.sides[seat] == 0
        led = trick[0] // 13 if trick else -1
        legal = {w: legal_mask(self._hand(w, seat, gone), led) for w in ids}
        union = 0
        for m in legal.values():
            union |= m
        acc: list[list[int]] = [[-1 if ours else 99] * len(ids)]
        for card in (c for c in range(52) if union >> c & 1):
            places = [i for i, w in enumerate(ids) if legal[w] >> card & 1]
            sub = tuple(ids[i] for i in places)
            child = self._after(leader, trick, gone, card, sub, moves)
            combined: list[list[int]] = []
            for a in acc:
                for v in child:
                    r = list(a)
                    for i, x in zip(places, v, strict=True):
                        r[i] = max(r[i], x) if ours else min(r[i], x)
                    combined.append(r)
            acc = [list(v) for v in self._cap(pareto([tuple(r) for r in combined]), ids)]
        return [tuple(r) for r in acc]

    def _cap(self, front: list[Vector], ids: tuple[int, ...]) -> list[Vector]:
        if len(front) <= FRONT_CAP:
            return front
        weights = [self.weights[w] for w in ids]
        return sorted(front, key=lambda v: -sum(p * x for p, x in zip(weights, v, strict=True)))[:FRONT_CAP]
