"""Find starting rounds of Z-cyclic whist tournaments Wh(v) and keep them in
src/openwhist/drive/whist_starts.py (the individual movement's data; see
openwhist.drive.designs).

A Z-cyclic Wh(v) is given by one starting round: for v = 4n + 1 the elements 1 .. v - 1 of
Z_v in n games (a, b, c, d) (a and c partners against b and d; 0 sits out), for v = 4n the
elements of Z_(v-1) and an infinite point (written v - 1) in n games; round r adds r to
every finite element. The round makes a whist tournament when, over the partner pairs of
its games, each difference +-d of Z_N (N = v or v - 1) occurs exactly once, and over the
opponent pairs exactly twice (pairs with the infinite point excepted). This script looks
for such a round by a focused simulated annealing on those counts: a move swaps an element
of a pair whose difference is counted wrongly with any other element of another game,
accepted by the Metropolis rule at a fixed temperature; seeded restarts (2,000,000 moves
each, or --steps).

With --multiplier m (a unit of Z_N none of whose powers is -1) the round is looked for
among those invariant under x -> m x, as the published tables of Z-cyclic whist
tournaments were found: base games whose images under m, m^2, ... are games of the round
too, and a few free games holding the elements whose orbits under m are short (0, the
infinite point, and the like) and as few whole orbits as make fours (--free k: 4k whole
orbits more), drawn anew each try. A base game's differences then stand for their whole
orbits: the search is over a round a fraction 1/order(m) the size, with moves that swap
two base elements (in every image at once), turn one along its orbit, or swap two free
elements (inside a game too). --multiplier 1 is that search with every element its own
orbit (it found 44 after 547 tries). The multipliers that found the rounds kept: 2 (order
8) for Z_51, 46 (order 10) for Z_55, 58 (order 3) for Z_63; Z_47 and Z_59 have none (the
only subgroups of their units without -1 have orders 1 and 23, 29: two orbits).
The prime powers v = 4n + 1 and their products (45, 65...) need no search (designs.py
builds them over fields) and are left out. Every round found is checked by counting
before it is kept, with the command line that finds it again (FOUND_BY). Needs numba.

--triple looks for a triplewhist round (a TWh(v): the games seated N, E, S, W, every
difference also once among the opponents of the first kind, at N and E or S and W, and
once among those of the second, at E and S or W and N; the prime powers too, as their
cyclotomic rounds are none), with --multiplier (the fourth powers of Z_p for primes p = 5
mod 8, as Anderson, Cohen and Finizio built them; 1 for none). --orient seats the games of
each round kept, where it can, so that it is a triplewhist round: turning a game (a, b,
c, d) to (a, d, c, b) keeps its partners and opponents and swaps the kinds, and each
difference, twice among a round's opponents, must fall once in each kind, a condition of
parity on the two games it falls in, solved exactly. The v whose rounds are triplewhist
are written as TRIPLEWHIST.

--rotational looks for a 1-rotational Wh(v), v = 4n + 1, instead: over Z_(v-1) and an
infinite point, a starting round of the elements 1 .. v - 2 and the infinite point (0 sits
out) developed over Z_(v-1), and one round more in which the infinite point sits out, the
games (g, g + n, g + 2n, g + 3n) for g < n. That last round makes each pair of difference
2n partners and each of difference +-n opponents once, so the starting round has no
partner difference 2n, one opponent pair of difference 2n (developed, it meets each such
pair twice) and of +-n, and every other difference once among partners and twice among
opponents. The round is found by an exact model solved by CP-SAT (OR-Tools, the
`designs` extra: pip install -e '.[designs]'): a variable for each two elements being
partners and for their being opponents, everyone one partner and two opponents, partners
sharing their opponents and the two opponents of anyone partners, and the counts of each
difference; with --multiplier m, the round invariant under x -> m x (the variables of a
pair and of its image equal). The rounds it finds are kept as ROTATIONAL.

--cover looks for a Z-cyclic Wh(v), v = 4n, in two steps, by scripts/whist_cover.c (compiled
here with cc or $CC): a random starter (the partner pairs: every difference once), then its
pairs matched into games so that every difference occurs twice among the opponents, an
exact cover searched depth first (the item with the fewest options first) for up to
--nodes nodes a starter, starters drawn until one is covered or --budget runs out.

    python scripts/whist_designs.py 8 12 16 20        # search these v, merge into the data
    python scripts/whist_designs.py --up-to 64        # every v from 8 to 64 not yet kept
    python scripts/whist_designs.py 56 --multiplier 46 --budget 300
    python scripts/whist_designs.py 29 --triple --multiplier 7 --budget 60
    python scripts/whist_designs.py --orient          # seat the rounds kept as TWh, where some do
    python scripts/whist_designs.py 57 --rotational --multiplier 9
    python scripts/whist_designs.py 60 --cover --nodes 30000 --seed 5
"""

from __future__ import annotations

import argparse
import ast
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from itertools import combinations
from math import gcd
from pathlib import Path
from typing import Any

try:
    import numba  # type: ignore[import-untyped]
except ImportError:
    sys.exit("scripts/whist_designs.py needs numba: pip install -e '.[numba]'")
import numpy as np

DATA = Path(__file__).resolve().parent.parent / "src/openwhist/drive/whist_starts.py"
PARTNERS = ((0, 2), (1, 3))
OPPONENTS = ((0, 1), (0, 3), (2, 1), (2, 3))
HEAD = '''"""Starting rounds of Z-cyclic whist tournaments Wh(v), found by scripts/whist_designs.py
(focused simulated annealing on the difference counts, some among the rounds invariant
under a multiplier, or --cover: a random starter and an exact cover of its pairs by games;
each checked by counting there and in tests/test_drive_designs.py).
Games of four, a and c partners against b and d; for v = 4n the infinite point is written
v - 1. FOUND_BY gives the command line that finds a round again (those it does not name
were found by the plain search, without --multiplier, under a time budget). TRIPLEWHIST:
the v whose round, its games seated N, E, S, W as written, is a triplewhist one (found
with --triple, or seated so by --orient). ROTATIONAL: starting rounds of 1-rotational
Wh(v), v = 4n + 1, over Z_(v-1) and an infinite point written v - 1 (0 sits out; found
with --rotational), developed with one round more, (g, g + n, g + 2n, g + 3n) for g < n."""

STARTS: dict[int, tuple[int, ...]] = {
'''
FOUND_HEAD = '''FOUND_BY: dict[int, str] = {
'''
TRIPLE_HEAD = '''TRIPLEWHIST: frozenset[int] = frozenset({'''
ROTATIONAL_HEAD = '''ROTATIONAL: dict[int, tuple[int, ...]] = {
'''


def is_prime_power(q: int) -> bool:
    """Whether ``q`` is a prime or the square of one (the fields designs.py builds)."""
    def prime(n: int) -> bool:
        return n > 1 and all(n % k for k in range(2, int(n ** 0.5) + 1))
    root = round(q ** 0.5)
    return prime(q) or (root * root == q and prime(root))


def is_built(v: int) -> bool:
    """Whether designs.py builds Wh(v) over a field or a product of two (v = 4n + 1)."""
    return v % 4 == 1 and (is_prime_power(v) or any(
        v % q == 0 and (v // q) % 4 == 1 and is_prime_power(q) and is_prime_power(v // q)
        for q in range(5, v, 4)))


def check(v: int, start: list[int]) -> bool:
    """Whether ``start`` (4n elements, game by game) develops into a Wh(v), by counting."""
    n_mod, inf = (v - 1, v - 1) if v % 4 == 0 else (v, None)
    if sorted(start) != (list(range(v)) if inf is not None else list(range(1, v))):
        return False
    part, opp = [0] * n_mod, [0] * n_mod
    for g in range(len(start) // 4):
        game = start[4 * g:4 * g + 4]
        for counts, pairs in ((part, PARTNERS), (opp, OPPONENTS)):
            for i, j in pairs:
                a, b = game[i], game[j]
                if inf not in (a, b):
                    counts[(a - b) % n_mod] += 1
                    counts[(b - a) % n_mod] += 1
    return all(part[d] == 1 and opp[d] == 2 for d in range(1, n_mod))


def develop_rotational(v: int, start: list[int]) -> list[list[list[int]]]:
    """The rounds of the 1-rotational Wh(v) of ``start`` (see --rotational)."""
    m, n = v - 1, (v - 1) // 4
    games = [start[i:i + 4] for i in range(0, len(start), 4)]
    rounds = [[[x if x == m else (x + t) % m for x in g] for g in games] for t in range(m)]
    return rounds + [[[g, g + n, g + 2 * n, g + 3 * n] for g in range(n)]]


def check_rotational(v: int, start: list[int]) -> bool:
    """Whether ``start`` develops into a 1-rotational Wh(v), by counting every pair over the
    whole tournament (not the differences)."""
    if v % 4 != 1 or sorted(start) != list(range(1, v)):
        return False
    part: Counter[tuple[int, int]] = Counter()
    opp: Counter[tuple[int, int]] = Counter()
    for rnd in develop_rotational(v, start):
        if sorted(x for g in rnd for x in g) != sorted(set(x for g in rnd for x in g)):
            return False
        for g in rnd:
            for counts, pairs in ((part, PARTNERS), (opp, OPPONENTS)):
                for i, j in pairs:
                    counts[min(g[i], g[j]), max(g[i], g[j])] += 1
    every = v * (v - 1) // 2
    return (len(part) == len(opp) == every and set(part.values()) == {1}
            and set(opp.values()) == {2})


def search_rotational(v: int, m: int, seed: int, budget: float) -> list[int] | None:
    """A starting round of a 1-rotational Wh(v) from the exact model (see --rotational),
    invariant under x -> m x (1: no multiplier), by CP-SAT on one worker with ``seed``;
    None if none is found within ``budget`` seconds (or none exists)."""
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        sys.exit("--rotational needs OR-Tools: pip install -e '.[designs]'")
    n_mod, inf = v - 1, v - 1
    elems = list(range(1, v))
    model = cp_model.CpModel()
    part: dict[tuple[int, int], Any] = {}
    opp: dict[tuple[int, int], Any] = {}
    for a, b in combinations(elems, 2):
        part[a, b] = part[b, a] = model.NewBoolVar(f"p{a}_{b}")
        opp[a, b] = opp[b, a] = model.NewBoolVar(f"o{a}_{b}")
        model.AddBoolOr([part[a, b].Not(), opp[a, b].Not()])
    for a in elems:
        others = [b for b in elems if b != a]
        model.AddExactlyOne([part[a, b] for b in others])
        model.Add(sum(opp[a, b] for b in others) == 2)
        for b in others:
            for c in others:
                if c != b:  # partners share their opponents
                    model.AddBoolOr([part[a, b].Not(), opp[a, c].Not(), opp[b, c]])
        for b, c in combinations(others, 2):  # the two opponents of anyone are partners
            model.AddBoolOr([opp[a, b].Not(), opp[a, c].Not(), part[b, c]])
    half, quarter = n_mod // 2, n_mod // 4
    by_class: dict[int, tuple[list[Any], list[Any]]] = {d: ([], []) for d in range(1, half + 1)}
    for a, b in combinations(elems, 2):
        if inf not in (a, b):
            d = (a - b) % n_mod
            by_class[min(d, n_mod - d)][0].append(part[a, b])
            by_class[min(d, n_mod - d)][1].append(opp[a, b])
    for d, (ps, ops) in by_class.items():
        model.Add(sum(ps) == (0 if d == half else 1))
        model.Add(sum(ops) == (1 if d in (half, quarter) else 2))
    if m != 1:
        def image(x: int) -> int:
            return x if x == inf else x * m % n_mod
        for a, b in combinations(elems, 2):
            model.Add(part[a, b] == part[image(a), image(b)])
            model.Add(opp[a, b] == opp[image(a), image(b)])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    solver.parameters.max_time_in_seconds = budget
    if solver.Solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    start: list[int] = []
    for a in elems:
        if a in start:
            continue
        mate = next(b for b in elems if b != a and solver.Value(part[a, b]))
        x, y = (b for b in elems if b != a and solver.Value(opp[a, b]))
        start += [a, x, mate, y]
    return start



FIRST, SECOND = ((0, 1), (2, 3)), ((1, 2), (3, 0))
"""A game's opponents of the first kind (seats N and E, S and W) and of the second (E and S,
W and N)."""


def _class(v: int, a: int, b: int) -> int:
    """The class of a - b (d and -d one class), 0 for a pair with the infinite point."""
    n_mod = v - 1 if v % 4 == 0 else v
    if v % 4 == 0 and v - 1 in (a, b):
        return 0
    d = (a - b) % n_mod
    return min(d, n_mod - d)


def check_triple(v: int, start: list[int]) -> bool:
    """Whether ``start`` develops into a triplewhist tournament TWh(v): a Wh(v) whose games,
    seated N, E, S, W, have every difference once among the opponents of each kind."""
    if not check(v, start):
        return False
    games = [start[i:i + 4] for i in range(0, len(start), 4)]
    for pairs in (FIRST, SECOND):
        classes = [_class(v, g[i], g[j]) for g in games for i, j in pairs]
        found = [c for c in classes if c]
        if len(found) != len(set(found)):
            return False
    return True


def orient(v: int, start: list[int]) -> list[int] | None:
    """The round with each game seated (a, b, c, d) or turned to (a, d, c, b) (the same
    partners and opponents, the kinds of opponents swapped) so that it develops into a
    TWh(v), or None where no way of seating it does. Each difference occurs twice among a
    round's opponents: once in each kind is a condition of parity on the two games (or on
    one), solved exactly by a union-find with parities."""
    games = [start[i:i + 4] for i in range(0, len(start), 4)]
    where: dict[int, list[tuple[int, int]]] = {}
    for g, (a, b, c, d) in enumerate(games):
        for turned, pairs in ((0, ((a, b), (c, d))), (1, ((a, d), (c, b)))):
            for x, y in pairs:
                if k := _class(v, x, y):
                    where.setdefault(k, []).append((g, turned))
    parent, parity = list(range(len(games))), [0] * len(games)

    def root(x: int) -> tuple[int, int]:
        p = 0
        while parent[x] != x:
            p ^= parity[x]
            x = parent[x]
        return x, p

    for (g1, t1), (g2, t2) in where.values():  # once first kind: [x1 = t1] + [x2 = t2] = 1
        if g1 == g2:
            if t1 == t2:
                return None  # both in one seating of one game
            continue
        (r1, p1), (r2, p2) = root(g1), root(g2)
        want = t1 ^ t2 ^ 1  # x1 xor x2
        if r1 == r2:
            if p1 ^ p2 != want:
                return None
        else:
            parent[r1], parity[r1] = r2, p1 ^ p2 ^ want
    out: list[int] = []
    for g, (a, b, c, d) in enumerate(games):
        out += [a, d, c, b] if root(g)[1] else [a, b, c, d]
    return out if check_triple(v, out) else None

@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _pass(elems, n_mod, inf, links, cnt, tgt, i, j, sign):  # type: ignore[no-untyped-def]
    d_cost = 0
    for s in (i, j):
        for k in range(3):
            o = links[s, k, 0]
            x, y = elems[s], elems[o]
            if x == inf or y == inf:
                continue
            kind = links[s, k, 1]
            d = (x - y) % n_mod
            c = min(d, n_mod - d)
            before = cnt[kind, c] - tgt[kind]
            cnt[kind, c] += sign
            after = cnt[kind, c] - tgt[kind]
            d_cost += after * after - before * before
    return d_cost


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _anneal(elems, n_mod, inf, links, steps, seed, temp):  # type: ignore[no-untyped-def]
    np.random.seed(seed)
    slots = elems.shape[0]
    half = (n_mod - 1) // 2
    cnt = np.zeros((2, half + 1), np.int64)
    tgt = np.array([1, 2])
    for s in range(slots):
        for k in range(3):
            o = links[s, k, 0]
            if o > s and elems[s] != inf and elems[o] != inf:
                d = (elems[s] - elems[o]) % n_mod
                cnt[links[s, k, 1], min(d, n_mod - d)] += 1
    cost = 0
    for k in range(2):
        for c in range(1, half + 1):
            cost += (cnt[k, c] - tgt[k]) ** 2
    for _ in range(steps):
        if cost == 0:
            return 0
        i = np.random.randint(slots)
        for _try in range(50):  # a slot in a pair whose difference is counted wrongly
            bad = False
            for k in range(3):
                o = links[i, k, 0]
                if elems[i] != inf and elems[o] != inf:
                    d = (elems[i] - elems[o]) % n_mod
                    if cnt[links[i, k, 1], min(d, n_mod - d)] != tgt[links[i, k, 1]]:
                        bad = True
            if bad:
                break
            i = np.random.randint(slots)
        j = np.random.randint(slots)
        if i // 4 == j // 4:
            continue
        # pairs inside one game are never both i's and j's: i and j are in different games
        delta = _pass(elems, n_mod, inf, links, cnt, tgt, i, j, -1)
        elems[i], elems[j] = elems[j], elems[i]
        delta += _pass(elems, n_mod, inf, links, cnt, tgt, i, j, 1)
        if delta <= 0 or np.random.random() < np.exp(-delta / temp):
            cost += delta
        else:
            _pass(elems, n_mod, inf, links, cnt, tgt, i, j, -1)
            elems[i], elems[j] = elems[j], elems[i]
            _pass(elems, n_mod, inf, links, cnt, tgt, i, j, 1)
    return cost


PAIR_I = (0, 1, 0, 0, 2, 2)
PAIR_J = (2, 3, 1, 3, 1, 3)
PAIR_KIND = np.array([0, 0, 1, 1, 1, 1])
"""A game's six pairs (slot, slot, 0 partners / 1 opponents)."""
TRIPLE_KIND = np.array([0, 0, 1, 2, 2, 1])
"""The six pairs in a triplewhist tournament: 0 partners, 1 opponents of the first kind
(seats N and E, S and W), 2 of the second (E and S, W and N)."""


def kinds_of(triple: bool) -> tuple[np.ndarray, np.ndarray]:  # type: ignore[type-arg]
    """The kind of each of a game's six pairs and how often each kind must count each
    difference: partners once, opponents twice (triple: each kind of opponents once)."""
    return (TRIPLE_KIND, np.array([1, 1, 1])) if triple else (PAIR_KIND, np.array([1, 2]))


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _game(elems, g, cls, cnt, tgt, kinds, sign):  # type: ignore[no-untyped-def]
    """Add (sign 1) or take away (-1) game g's pairs from the counts; the change of cost."""
    d_cost = 0
    for p in range(6):
        c = cls[elems[4 * g + PAIR_I[p]], elems[4 * g + PAIR_J[p]]]
        if c < 0:
            continue
        kind = kinds[p]
        before = cnt[kind, c] - tgt[kind]
        cnt[kind, c] += sign
        d_cost += (before + sign) * (before + sign) - before * before
    return d_cost


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _bad(elems, i, cls, cnt, tgt, kinds):  # type: ignore[no-untyped-def]
    """Whether slot i is in a pair whose difference is counted wrongly."""
    g, q = i // 4, i % 4
    for p in range(6):
        if PAIR_I[p] == q or PAIR_J[p] == q:
            c = cls[elems[4 * g + PAIR_I[p]], elems[4 * g + PAIR_J[p]]]
            if c >= 0 and cnt[kinds[p], c] != tgt[kinds[p]]:
                return True
    return False


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _move(elems, s, t, orbit, rep_slots, copies, back):  # type: ignore[no-untyped-def]
    """Swap slots s and t (t >= 0) in every copy, or (t < 0) turn slot s's orbit one step
    (back: the other way); slots past ``rep_slots * copies`` are free, swapped alone."""
    if s >= rep_slots * copies:
        elems[s], elems[t] = elems[t], elems[s]
    elif t >= 0:
        for j in range(copies):
            a, b = s + rep_slots * j, t + rep_slots * j
            elems[a], elems[b] = elems[b], elems[a]
    else:
        for j in range(copies):
            if back:
                orbit[j] = elems[s + rep_slots * ((j + copies - 1) % copies)]
            else:
                orbit[j] = elems[s + rep_slots * ((j + 1) % copies)]
        for j in range(copies):
            elems[s + rep_slots * j] = orbit[j]


@numba.njit(cache=True)  # type: ignore[untyped-decorator]
def _anneal_orbits(elems, cls, n_cls, rep_slots, copies, steps, seed, temp, kinds, tgt):  # type: ignore[no-untyped-def]
    """Anneal a starting round made of ``copies`` images of ``rep_slots`` base slots under a
    multiplier (copy j of slot s at s + rep_slots * j) and free slots after them."""
    np.random.seed(seed)
    slots = elems.shape[0]
    based = rep_slots * copies
    cnt = np.zeros((tgt.shape[0], n_cls), np.int64)
    cost = n_cls * (tgt * tgt).sum()  # the counts start at nought
    for g in range(slots // 4):
        cost += _game(elems, g, cls, cnt, tgt, kinds, 1)
    games = np.empty(2 * copies, np.int64)
    orbit = np.empty(copies, np.int64)
    for _ in range(steps):
        if cost == 0:
            return 0
        i = np.random.randint(slots)
        for _try in range(50):
            if _bad(elems, i, cls, cnt, tgt, kinds):
                break
            i = np.random.randint(slots)
        n_games = 0
        if i < based:
            s = i % rep_slots
            t = -1
            if copies == 1 or np.random.random() < 0.8:
                t = np.random.randint(rep_slots)
                if t == s:
                    continue
            for j in range(copies):
                for slot in (s, t):
                    if slot < 0:
                        continue
                    g = (slot + rep_slots * j) // 4
                    if g not in games[:n_games]:
                        games[n_games] = g
                        n_games += 1
        else:
            if slots - based < 2:
                continue
            s = i
            t = based + np.random.randint(slots - based)
            if t == s:
                continue
            games[0] = s // 4
            n_games = 1
            if t // 4 != s // 4:
                games[1] = t // 4
                n_games = 2
        delta = 0
        for k in range(n_games):
            delta += _game(elems, games[k], cls, cnt, tgt, kinds, -1)
        _move(elems, s, t, orbit, rep_slots, copies, False)
        for k in range(n_games):
            delta += _game(elems, games[k], cls, cnt, tgt, kinds, 1)
        if delta <= 0 or np.random.random() < np.exp(-delta / temp):
            cost += delta
        else:
            for k in range(n_games):
                _game(elems, games[k], cls, cnt, tgt, kinds, -1)
            _move(elems, s, t, orbit, rep_slots, copies, True)
            for k in range(n_games):
                _game(elems, games[k], cls, cnt, tgt, kinds, 1)
    return cost


def multiplier_order(n_mod: int, m: int) -> int:
    """The order of m among the units of Z_n_mod; 0 if m is no unit or its powers reach -1
    (a base game's differences d and -d would then count twice)."""
    if gcd(m, n_mod) != 1:
        return 0
    x, order = m % n_mod, 1
    while x != 1:
        if x == n_mod - 1:
            return 0
        x, order = x * m % n_mod, order + 1
    return order


def _orbits(v: int, m: int, free: int) -> tuple[list[list[int]], list[int], int]:
    """The whole orbits of the elements under x -> m x, the elements in short ones (0, the
    infinite point...), and how many whole orbits go to free games (``4 * free`` more than
    make the free elements a multiple of four)."""
    n_mod, inf = (v - 1, v - 1) if v % 4 == 0 else (v, -1)
    order = multiplier_order(n_mod, m)
    if order == 0:
        raise ValueError(f"{m} is no multiplier for Z_{n_mod}: not a unit, or a power of it is -1")
    elems = list(range(v)) if v % 4 == 0 else list(range(1, v))
    if order == 1:
        return [[x] for x in elems], [], 0
    orbits: list[list[int]] = []
    short: list[int] = []
    seen: set[int] = set()
    for x in elems:
        if x in seen:
            continue
        orb = [x] if x == inf else list(dict.fromkeys(x * m ** j % n_mod for j in range(order)))
        seen.update(orb)
        if len(orb) == order:
            orbits.append(orb)
        else:
            short += orb
    return orbits, short, min(len(orbits), len(orbits) % 4 + 4 * free)


def _classes(v: int) -> np.ndarray:  # type: ignore[type-arg]
    """The class of x - y (d and -d one class, numbered 0 ..), -1 for 0 and the infinite point."""
    n_mod = v - 1 if v % 4 == 0 else v
    cls = np.full((v, v), -1, np.int64)
    for x in range(n_mod):
        for y in range(n_mod):
            d = (x - y) % n_mod
            if d:
                cls[x, y] = min(d, n_mod - d) - 1
    return cls


def search_orbits(v: int, m: int, seed: int, steps: int = 2_000_000, temp: float = 0.6,
                  free: int = 0, triple: bool = False) -> list[int] | None:
    """One seeded try at a starting round for Wh(v) invariant under x -> m x: base games
    whose images under the powers of m are games of the round, and free games holding the
    elements in short orbits (0, the infinite point) and as few whole orbits as make fours
    (and ``4 * free`` whole orbits more).
    With m = 1 every element is its own orbit (the plain search, with moves inside a game)."""
    n_mod, inf = (v - 1, v - 1) if v % 4 == 0 else (v, -1)
    order = multiplier_order(n_mod, m)
    rng = np.random.default_rng(seed)
    orbits, short, free_orbits = _orbits(v, m, free)
    rng.shuffle(orbits)
    base, loose = orbits[free_orbits:], short + [x for o in orbits[:free_orbits] for x in o]
    reps = [o[rng.integers(order)] for o in base]
    start = [x if x == inf else x * m ** j % n_mod for j in range(order) for x in reps]
    start += [int(x) for x in rng.permutation(loose)]
    arr = np.array(start, np.int64)
    left = _anneal_orbits(arr, _classes(v), (n_mod - 1) // 2, len(reps), order, steps, seed, temp,
                          *kinds_of(triple))
    LEFT[0] = int(left)
    return [int(x) for x in arr] if left == 0 else None


LEFT = [0]
"""The cost the last try ended at (for tuning the temperature)."""


def search(v: int, seed: int, steps: int = 2_000_000, temp: float = 0.6) -> list[int] | None:
    """One seeded try at a starting round for Wh(v); None if it ends short."""
    n_mod, inf = (v - 1, v - 1) if v % 4 == 0 else (v, -1)
    elems = list(range(v)) if v % 4 == 0 else list(range(1, v))
    arr = np.array(np.random.default_rng(seed).permutation(elems), np.int64)
    links = np.zeros((len(arr), 3, 2), np.int64)
    filled = [0] * len(arr)
    for g in range(len(arr) // 4):
        for kind, pairs in ((0, PARTNERS), (1, OPPONENTS)):
            for i, j in pairs:
                for a, b in ((4 * g + i, 4 * g + j), (4 * g + j, 4 * g + i)):
                    links[a, filled[a]] = (b, kind)
                    filled[a] += 1
    left = _anneal(arr, n_mod, inf, links, steps, seed, temp)
    return [int(x) for x in arr] if left == 0 else None


def kept() -> tuple[dict[int, list[int]], dict[int, str], dict[int, list[int]]]:
    """The starting rounds in the data module now, how each was found (where told), and
    the 1-rotational ones."""
    if not DATA.exists():
        return {}, {}, {}
    tables: dict[str, dict[int, object]] = {}
    for node in ast.parse(DATA.read_text(encoding="utf-8")).body:
        if (isinstance(node, ast.AnnAssign) and node.value is not None and isinstance(node.target, ast.Name)
                and node.target.id in ("STARTS", "FOUND_BY", "ROTATIONAL")):
            tables[node.target.id] = ast.literal_eval(node.value)
    starts = {int(k): list(v) for k, v in tables.get("STARTS", {}).items()}  # type: ignore[call-overload]
    rotational = {int(k): list(v) for k, v in tables.get("ROTATIONAL", {}).items()}  # type: ignore[call-overload]
    return starts, {int(k): str(v) for k, v in tables.get("FOUND_BY", {}).items()}, rotational


def write(found: dict[int, list[int]], how: dict[int, str], rotational: dict[int, list[int]]) -> None:
    """Write the data module, every round checked."""
    assert all(check(v, s) for v, s in found.items())
    assert all(check_rotational(v, s) for v, s in rotational.items())

    def table(rounds: dict[int, list[int]]) -> str:
        return "".join(textwrap.fill(", ".join(map(str, rounds[v])), 100, initial_indent=f"    {v}: (",
                                     subsequent_indent=" " * 8) + "),\n" for v in sorted(rounds))
    lines = "".join(f"    {v}: {how[v]!r},\n" for v in sorted(how))
    triple = ", ".join(str(v) for v in sorted(found) if check_triple(v, found[v]))
    DATA.write_text(HEAD + table(found) + "}\n" + FOUND_HEAD + lines + "}\n" + TRIPLE_HEAD + triple
                    + "})\n" + ROTATIONAL_HEAD + table(rotational) + "}\n", encoding="utf-8")


def cover(wanted: list[int], seed: int, nodes: int, budget: float, found: dict[int, list[int]],
          how: dict[int, str], rotational: dict[int, list[int]]) -> int:
    """Look for a Z-cyclic Wh(v) for each v = 4n asked for by --cover; keep those found."""
    for v in wanted:
        if v % 4 or not 8 <= v <= 124:
            print(f"v={v}: not searched (--cover needs v = 4n, 8 to 124)", file=sys.stderr)
            continue
        t0 = time.monotonic()
        start, tried = search_cover(v, seed, nodes, budget)
        hit = start is not None and check(v, start)
        if start is not None and hit:
            found[v] = start
            how[v] = f"scripts/whist_designs.py {v} --cover --nodes {nodes} --seed {seed}"
            write(found, how, rotational)
        print(f"v={v}: {'found' if hit else 'none'}, {time.monotonic() - t0:.1f}s"
              + (f", {tried} starters" if tried else ", out of time"), file=sys.stderr, flush=True)
    return 0


def rotate(wanted: list[int], m: int, seed: int, budget: float, found: dict[int, list[int]],
           how: dict[int, str], rotational: dict[int, list[int]]) -> int:
    """Look for a 1-rotational Wh(v) for each v asked for (--rotational); keep those found."""
    for v in wanted:
        if v % 4 != 1 or v < 9:
            print(f"v={v}: not searched (a 1-rotational Wh(v) needs v = 4n + 1, from 9)", file=sys.stderr)
            continue
        if m != 1 and not multiplier_order(v - 1, m):
            print(f"v={v}: {m} is no multiplier for Z_{v - 1} (not a unit, or a power of it is -1)",
                  file=sys.stderr)
            continue
        t0, cpu0 = time.monotonic(), time.process_time()
        start = search_rotational(v, m, seed, budget)
        hit = start is not None and check_rotational(v, start)
        if start is not None and hit:
            rotational[v] = start
            how[v] = f"scripts/whist_designs.py {v} --rotational --multiplier {m} --seed {seed}"
            write(found, how, rotational)
        print(f"v={v}: {'found' if hit else 'none'}, {time.monotonic() - t0:.1f}s, "
              f"{time.process_time() - cpu0:.1f}s of CPU", file=sys.stderr, flush=True)
    return 0


def search_cover(v: int, seed: int, nodes: int, budget: float) -> tuple[list[int] | None, int]:
    """A starting round of a Z-cyclic Wh(v), v = 4n, by scripts/whist_cover.c (see --cover),
    and the starters it tried (0 when the budget ran out first)."""
    source = Path(__file__).resolve().parent / "whist_cover.c"
    with tempfile.TemporaryDirectory() as tmp:
        binary = Path(tmp) / "whist_cover"
        compiler = os.environ.get("CC", "cc")
        try:
            subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], check=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            sys.exit(f"--cover needs a C compiler to build {source.name} ({compiler}: {exc})")
        try:
            out = subprocess.run([str(binary), str(v), str(seed), str(nodes), str(10 ** 12)],
                                 capture_output=True, text=True, timeout=budget).stdout.split("\n")
        except subprocess.TimeoutExpired:
            return None, 0
    if not out[0].startswith("FOUND"):
        return None, int(out[1])
    return [int(x) for x in out[0].split()[1:]], int(out[1])


def main() -> int:
    """Search the v asked for (or every v up to --up-to not kept yet), merge, write."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("v", type=int, nargs="*", help="the numbers of people to search for")
    ap.add_argument("--up-to", type=int, default=0, help="search every v from 8 to this not kept yet")
    ap.add_argument("--budget", type=float, default=600.0, help="seconds per v (default 600)")
    ap.add_argument("--temp", type=float, default=0.6, help="the annealing temperature (default 0.6)")
    ap.add_argument("--steps", type=int, default=2_000_000, help="moves per seeded try (default 2000000)")
    ap.add_argument("--multiplier", type=int, default=0,
                    help="look for a round invariant under x -> m x in Z_N (m a unit whose powers "
                         "never reach -1; 1: every element its own orbit): base games and their "
                         "images, free games for the rest (default: the plain search)")
    ap.add_argument("--free", type=int, default=0,
                    help="with --multiplier: four whole orbits more in free games, this many times "
                         "(a round less symmetric, the search larger; default 0)")
    ap.add_argument("--seed", type=int, default=0, help="the first seed tried (default 0)")
    ap.add_argument("--triple", action="store_true",
                    help="look for a triplewhist round (TWh(v): each difference once among the "
                         "opponents of each kind; prime powers too, as their field rounds are none)")
    ap.add_argument("--rotational", action="store_true",
                    help="look for a 1-rotational Wh(v), v = 4n + 1, over Z_(v-1) and an infinite "
                         "point, by an exact model solved by CP-SAT (needs OR-Tools: the designs "
                         "extra); with --multiplier, invariant under x -> m x; --seed is the "
                         "solver's and --budget its time limit")
    ap.add_argument("--cover", action="store_true",
                    help="look for a Z-cyclic Wh(v), v = 4n, by a random starter and an exact "
                         "cover of its pairs by games (scripts/whist_cover.c, built with cc); "
                         "--seed is its random seed and --budget its time limit")
    ap.add_argument("--nodes", type=int, default=30000,
                    help="with --cover: the search's nodes a starter before the next (default 30000)")
    ap.add_argument("--orient", action="store_true",
                    help="seat the games of each round kept so it develops into a TWh(v), where "
                         "some seating does (no search), and write the data")
    args = ap.parse_args()
    if args.nodes < 1:
        ap.error("--nodes must be at least 1")
    if args.rotational and args.triple:
        ap.error("--rotational looks for whist rounds only, not with --triple")
    if args.triple and not args.multiplier:
        ap.error("--triple needs --multiplier (1 for none: the plain annealing counts opponents "
                 "of one kind)")
    found, how, rotational = kept()
    if args.orient:
        for v in sorted(found):
            turned = orient(v, found[v])
            print(f"v={v}: {'a TWh' if turned else 'no seating makes it a TWh'}", file=sys.stderr)
            if turned:
                found[v] = turned
        write(found, how, rotational)
        if not args.v and not args.up_to:
            return 0
    if args.cover:
        return cover(args.v, args.seed, args.nodes, args.budget, found, how, rotational)
    if args.rotational:
        return rotate(args.v, args.multiplier or 1, args.seed, args.budget, found, how, rotational)
    wanted = args.v or [v for v in range(8, args.up_to + 1) if v % 4 in (0, 1) and v not in found]
    temp = args.temp
    steps = args.steps
    for v in wanted:
        if v % 4 not in (0, 1) or v < 8 or (is_built(v) and not args.triple):
            print(f"v={v}: not searched (not 4n or 4n + 1, or built over fields)", file=sys.stderr)
            continue
        n_mod = v - 1 if v % 4 == 0 else v
        if args.multiplier and not multiplier_order(n_mod, args.multiplier):
            print(f"v={v}: {args.multiplier} is no multiplier for Z_{n_mod} (not a unit, or a "
                  "power of it is -1)", file=sys.stderr)
            continue
        t0, seed, ends, hit = time.monotonic(), args.seed, Counter[int](), False
        cpu0 = time.process_time()
        while time.monotonic() - t0 < args.budget:
            if args.multiplier:
                start = search_orbits(v, args.multiplier, seed, steps=steps, temp=temp, free=args.free,
                                      triple=args.triple)
                ends[LEFT[0]] += 1
            else:
                start = search(v, seed, steps=steps, temp=temp)
            if start is not None and (check_triple if args.triple else check)(v, start):
                found[v] = start
                multiplier = f" --multiplier {args.multiplier}" if args.multiplier else ""
                multiplier += f" --free {args.free}" if args.free else ""
                triple = " --triple" if args.triple else ""
                how[v] = (f"scripts/whist_designs.py {v}{multiplier}{triple} --temp {temp} "
                          f"--steps {steps} --seed {seed}")
                write(found, how, rotational)
                hit = True
                break
            seed += 1
        print(f"v={v}: {'found' if hit else 'none'}, last seed {seed}, "
              f"{time.monotonic() - t0:.1f}s, {time.process_time() - cpu0:.1f}s of CPU"
              + (f", tries ending at each cost {dict(sorted(ends.items()))}" if ends else ""),
              file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
