"""A fixed sample of the solver's checks that runs by default (the full sets are ``slow``):
the solver against plain minimax on seeded random positions of every hand count, side
layout, objective, trick length and trump, and against DDS on a spread of golden deals.

The positions are drawn so that each path of the search is taken: with four hands and
at least two tricks left, a search that starts a trick plays the second, third and last
cards of it in functions of their own (written out for speed), and with two hands the
second card; a trick in progress at the root starts the search at each of those seats.
"""

from __future__ import annotations

import random

import pytest

from openwhist.solver import Objective, Position, solve, solve_all
from test_solver import DEALS, check_no_trump, check_opening, golden_position
from test_solver_props import LAYOUTS, brute, brute_all, legal

# tricks left per hand count: as many as plain minimax in Python checks quickly
TRICKS = {2: (2, 7), 3: (2, 4), 4: (2, 4)}
KINDS = ("max", "min", "exactly", "at_least", "at_most")


def sample_position(rng: random.Random, n: int, sides: tuple[int, ...], kind: str, played: int,
                    trump: int) -> Position:
    """A random position of ``n`` hands with ``played`` cards of the current trick on the
    table (played legally) and a random number of tricks, suits and ranks."""
    lo, hi = TRICKS[n]
    k = rng.randint(lo, hi)
    suits = rng.randint(-(-(n * k) // 13), 4)
    ranks = rng.randint(max(3, -(-(n * k) // suits)), 13)
    pool = [s * 13 + r for s in range(4 - suits, 4) for r in range(13 - ranks, 13)]
    rng.shuffle(pool)
    cards = pool[:n * k]
    leader = rng.randrange(n)
    hands = [0] * n
    for i in range(n):
        for c in cards[i * k:(i + 1) * k]:
            hands[i] |= 1 << c
    trick: list[int] = []
    for j in range(played):
        seat = (leader + j) % n
        c = rng.choice(legal(hands[seat], tuple(trick)))
        hands[seat] ^= 1 << c
        trick.append(c)
    obj = Objective(kind) if kind in ("max", "min") else Objective(kind, rng.randint(0, k))
    return Position(tuple(hands), trump, leader, tuple(trick), sides, rng.randrange(2), obj)


CASES = [(n, sides, kind) for n, sides in LAYOUTS for kind in KINDS]


@pytest.mark.parametrize(("n", "sides", "kind"), CASES)
def test_sample_equals_minimax(n: int, sides: tuple[int, ...], kind: str) -> None:
    rng = random.Random(f"{n} {sides} {kind}")
    for played in range(n):
        for trump in (-1, rng.randrange(4)):
            for _ in range(3):
                pos = sample_position(rng, n, sides, kind, played, trump)
                assert solve(pos) == brute(pos), str(pos)
                assert solve_all(pos) == brute_all(pos), str(pos)


# every fourth golden deal: its opening leads, a position after two tricks, its no-trump values
SPREAD = list(range(3, len(DEALS), 4))


@pytest.mark.parametrize("index", SPREAD)
def test_golden_deal_sample(index: int) -> None:
    deal = DEALS[index]
    check_opening(deal)
    p = next(q for q in deal["positions"] if q["after_tricks"] == 2)
    assert solve(golden_position(p["hands"], deal["trump"], p["leader"])) == p["tricks_leader_side"]
    check_no_trump(deal)
