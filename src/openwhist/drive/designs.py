"""Whist tournaments: the exact individual movements of design theory.

A whist tournament Wh(v) seats v people (v = 4n or 4n + 1) at n tables of four a round so
that every two people are partners exactly once and opponents exactly twice: 4n - 1
rounds for v = 4n, 4n + 1 rounds (one person sitting out each) for v = 4n + 1. A game is
written ``(a, b, c, d)``: ``a`` and ``c`` partners against ``b`` and ``d`` (the seats N, E,
S, W). Each tournament here is *cyclic*: one starting round, developed over an abelian
group (Z_N, a field, a product of two fields) by adding the round's element to every
element (R. D. Baker, "Whist tournaments", Proc. 6th Southeastern
Conf. on Combinatorics, 1975; I. Anderson, *Combinatorial Designs and Tournaments*,
Oxford 1997, ch. 7 and 8; the Z-cyclic tournaments of Anderson, Finizio et al.):

- v = q a prime power with q = 4n + 1 (5, 9, 13, 17, 25, 29, 37, 41, 49, 53, 61...): the
  cyclotomic starting round over the field GF(q). With ``x`` a primitive element and
  ``w = x^n`` (so ``w^2 = -1``), the games ``(x^i, x^(i+n), x^(i+2n), x^(i+3n))`` for
  ``i < n``: the partner differences are ``-2 x^i`` and ``-2 x^(i+n)``, every non-zero
  element once; the opponent differences are ``x^i (w - 1)`` times ``+-1, +-w, +-w^2,
  +-w^3``, every non-zero element twice. Round ``t`` adds the field element ``t``; the
  person ``t`` sits out.
- v = q1 q2 with q1 and q2 prime powers 4n + 1 but v none (45, 65, 85...): the round over
  the ring GF(q1) x GF(q2) (the person ``a + q1 b`` for the element ``(a, b)``) made of
  the cyclotomic rounds of GF(q1) x {0} and {0} x GF(q2) and, for the units, the games
  ``(u, w u, -u, -w u)`` with ``w = (w1, w2)`` (``w^2 = -1``), one for each coset of the
  units by ``{1, w, -1, -w}``. A difference of two elements of GF(q1) x {0} lies there,
  and the games of GF(q1)'s round give each once to partners and twice to opponents as in
  the field (so for {0} x GF(q2)); in a unit game the partner differences are ``2u`` and
  ``2 w u`` and the opponent differences ``+-u (1 - w)`` and ``+-w u (1 - w)`` twice each,
  and as ``2`` and ``1 - w`` are units these run over every unit once and twice. It is the
  cyclotomic round carried to a product of fields, as in the product constructions of
  whist tournaments of Anderson and Finizio; its group, GF(5) x GF(9) for 45, is not
  cyclic.
- every other v up to 64 (where one is found): a starting round of a Z-cyclic Wh(v) (Z_v
  for v = 4n + 1, Z_(v-1) and an infinite point that never moves for v = 4n) found by
  ``scripts/whist_designs.py`` and kept in :mod:`openwhist.drive.whist_starts` with the
  command line that finds it again. Some are rounds invariant under a multiplier
  ``x -> m x`` (``m`` a unit of Z_N none of whose powers is -1), as the published tables
  of Z-cyclic whist tournaments were found: a few base games and their images under the
  powers of ``m``, and free games for the elements whose orbits are short and a few whole
  orbits (52 people: ``m = 2`` of order 8 in Z_51, one base game and five free; 56:
  ``m = 46`` of order 10 in Z_55, one base game and four free; 64: ``m = 58`` of order 3
  in Z_63, five base games and the free game of 0, 21, 42 and the infinite point). 60 was
  found in two steps (``--cover``): a random *starter* (pairs of Z_59 whose differences
  are every +-d once: the partners) and then its pairs matched into games by an exact
  cover in which every difference falls twice among the opponents; Z_59 has no
  multiplier to make the round smaller.
- v = 57: a *1-rotational* tournament (no Z-cyclic one was found): the people 0 .. 55 are
  Z_56 and 56 is an infinite point that never moves. A starting round of the elements
  1 .. 56 (0 sits out) is developed over Z_56 (round ``t`` adds ``t``, ``t`` sits out), and
  one round more seats ``(g, g + 14, g + 28, g + 42)`` for ``g < 14`` while the infinite
  point sits out: that round makes every pair of difference 28 partners and every pair of
  difference +-14 opponents once, so the starting round has no partners of difference
  28, one opponent pair of difference 28 (developed it meets each such pair twice) and one
  of +-14, and every other difference once among partners and twice among opponents (the
  1-rotational construction of whist tournaments, as in Anderson, *Combinatorial Designs
  and Tournaments*, ch. 8, over Z_(4n) rather than Z_(4n - 1)). The round, invariant under
  ``x -> 9 x`` (of order 3), was found by an exact model solved by CP-SAT
  (``scripts/whist_designs.py --rotational``) and is kept in
  :data:`openwhist.drive.whist_starts.ROTATIONAL`.

- a triplewhist starting round (:func:`is_triplewhist`), where one is kept, before all
  those: every difference also once among the opponents of each kind, so that seated as
  written every two people are opponents once at N and E or S and W and once at E and S
  or W and N. The primes p = 4n + 1 from 29 on take such a round, invariant under the
  fourth powers (or, for p = 1 mod 8, the powers of odd order) of Z_p, in place of the
  cyclotomic one, and 25 and 49 one over Z_25 (no multiplier) and Z_49 (invariant under
  x -> 30 x, of order 3); 21, 24, 28 and 32 were found by the same search (21: x -> 19 x,
  of order 6; 24: x -> 18 x, of order 11 in Z_23; 28: no multiplier; 32: x -> 28 x, of
  order 15 in Z_31), 8 and 16 are the rounds above, their games turned so
  (``--orient``). 20 keeps its whist round: of the triplewhist ones found (x -> 17 x in
  Z_19 and none) no three rounds share no meeting, which a short drive's first rounds
  need (:data:`FRESH`).

The tests count every v from 4 to 64 rather than trust the constructions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from openwhist.drive.whist_starts import ROTATIONAL, STARTS, TRIPLEWHIST

Game = tuple[int, int, int, int]
"""One table of a round: ``a`` and ``c`` partners against ``b`` and ``d``."""
Design = tuple[tuple[Game, ...], ...]
"""A tournament's rounds, each its games; people 0 .. v - 1."""

MAX_PRIME_POWER = 200
"""The largest field (or product of two) the cyclotomic constructions are built over."""


def _prime(n: int) -> bool:
    return n > 1 and all(n % k for k in range(2, int(n ** 0.5) + 1))


def _prime_power(q: int) -> tuple[int, int] | None:
    """``(p, k)`` with ``q = p^k`` (k 1 or 2, the fields built here), or None."""
    if _prime(q):
        return q, 1
    root = round(q ** 0.5)
    return (root, 2) if root * root == q and _prime(root) else None


class _Field:
    """GF(p) or GF(p^2); an element ``a + b * alpha`` is numbered ``a + p * b``."""

    def __init__(self, p: int, k: int) -> None:
        self.p, self.k, self.q = p, k, p ** k
        # alpha^2 = s * alpha + t, for an x^2 - s x - t with no root in GF(p)
        self.s, self.t = 0, 0
        if k == 2:
            self.s, self.t = next((s, t) for s in range(p) for t in range(1, p)
                                  if all((x * x - s * x - t) % p for x in range(p)))

    def add(self, x: int, y: int) -> int:
        p = self.p
        return (x % p + y % p) % p + p * ((x // p + y // p) % p) if self.k == 2 else (x + y) % p

    def mul(self, x: int, y: int) -> int:
        p = self.p
        if self.k == 1:
            return x * y % p
        a, b, c, d = x % p, x // p, y % p, y // p
        return (a * c + b * d * self.t) % p + p * ((a * d + b * c + b * d * self.s) % p)

    def primitive(self) -> int:
        for g in range(2, self.q):
            x, order = g, 1
            while x != 1:
                x, order = self.mul(x, g), order + 1
            if order == self.q - 1:
                return g
        raise AssertionError(self.q)  # pragma: no cover: every finite field has one


def _cyclotomic_start(f: _Field) -> list[Game]:
    """The cyclotomic starting round over the field ``f`` (see the module's text)."""
    n = (f.q - 1) // 4
    x = f.primitive()
    powers = [1]
    for _ in range(f.q - 2):
        powers.append(f.mul(powers[-1], x))
    return [(powers[i], powers[i + n], powers[i + 2 * n], powers[i + 3 * n]) for i in range(n)]


def _cyclotomic(q: int) -> Design:
    pk = _prime_power(q)
    assert pk is not None and q % 4 == 1
    f = _Field(*pk)
    start = _cyclotomic_start(f)
    return tuple(tuple((f.add(a, t), f.add(b, t), f.add(c, t), f.add(d, t)) for a, b, c, d in start)
                 for t in range(q))


def _product_of(v: int) -> tuple[int, int] | None:
    """``(q1, q2)``, prime powers 4n + 1 with ``q1 * q2 = v`` and ``q1 <= q2``, or None."""
    for q1 in range(5, int(v ** 0.5) + 1, 4):
        q2, r = divmod(v, q1)
        if not r and q2 % 4 == 1 and _prime_power(q1) and _prime_power(q2):
            return q1, q2
    return None


def _product(q1: int, q2: int) -> Design:
    """The whist tournament over the ring GF(q1) x GF(q2) (see the module's text); the
    element ``(a, b)`` is the person ``a + q1 * b``."""
    pk1, pk2 = _prime_power(q1), _prime_power(q2)
    assert pk1 is not None and pk2 is not None
    f1, f2 = _Field(*pk1), _Field(*pk2)
    start1, start2 = _cyclotomic_start(f1), _cyclotomic_start(f2)
    w = start1[0][1] + q1 * start2[0][1]  # each start's first game is (1, w, -1, -w)

    def plus(x: int, y: int) -> int:
        return f1.add(x % q1, y % q1) + q1 * f2.add(x // q1, y // q1)

    def times(x: int, y: int) -> int:
        return f1.mul(x % q1, y % q1) + q1 * f2.mul(x // q1, y // q1)

    start = start1 + [(q1 * a, q1 * b, q1 * c, q1 * d) for a, b, c, d in start2]
    seen: set[int] = set()
    for u in range(q1 * q2):
        if u % q1 and u // q1 and u not in seen:  # a unit: the game (u, w u, -u, -w u)
            wu = times(w, u)
            game = (u, wu, times(w, wu), times(w, times(w, wu)))
            seen.update(game)
            start.append(game)

    return tuple(tuple((plus(a, t), plus(b, t), plus(c, t), plus(d, t)) for a, b, c, d in start)
                 for t in range(q1 * q2))


def _developed(v: int, start: tuple[int, ...]) -> Design:
    """The rounds of a Z-cyclic tournament from its starting round (see the module's text)."""
    return _over(start, v if v % 4 == 1 else v - 1)


def _rotational(v: int, start: tuple[int, ...]) -> Design:
    """The rounds of a 1-rotational tournament from its starting round (see the module's
    text): developed over Z_(v-1), the infinite point v - 1 fixed, and the round in which
    it sits out last."""
    n = (v - 1) // 4
    return (*_over(start, v - 1), tuple((g, g + n, g + 2 * n, g + 3 * n) for g in range(n)))


def _over(start: tuple[int, ...], m: int) -> Design:
    """``start`` developed over Z_m: round ``r`` adds ``r`` to every element, the infinite
    point ``m`` (where the round has one) kept."""
    games = [start[i:i + 4] for i in range(0, len(start), 4)]
    rounds = []
    for r in range(m):
        moved = []
        for game in games:
            a, b, c, d = (x if x == m else (x + r) % m for x in game)
            moved.append((a, b, c, d))
        rounds.append(tuple(moved))
    return tuple(rounds)


def has_tournament(v: int) -> bool:
    """Whether :func:`tournament` knows a Wh(v)."""
    if v == 4 or v in STARTS or v in ROTATIONAL:
        return True
    return v % 4 == 1 and v <= MAX_PRIME_POWER and (_prime_power(v) or _product_of(v)) is not None


@cache
def tournament(v: int) -> Design:
    """The rounds of a whist tournament Wh(v) (see the module's text), people 0 .. v - 1.

    >>> [r[0] for r in tournament(4)]
    [(0, 1, 3, 2), (1, 2, 3, 0), (2, 0, 3, 1)]
    >>> t = tournament(5)
    >>> len(t), t[0]
    (5, ((1, 2, 4, 3),))
    """
    if v == 4:
        return _developed(4, (0, 1, 3, 2))
    if v in STARTS:  # a triplewhist round kept for a prime power comes before its field's
        return _developed(v, STARTS[v])
    if v in ROTATIONAL:
        return _rotational(v, ROTATIONAL[v])
    if v % 4 == 1 and v <= MAX_PRIME_POWER and _prime_power(v) is not None:
        return _cyclotomic(v)
    if v % 4 == 1 and v <= MAX_PRIME_POWER and (qq := _product_of(v)) is not None:
        return _product(*qq)
    raise ValueError(f"no whist tournament for {v} people is known here")


_TURNS: tuple[tuple[int, int, int, int], ...] = (
    (0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2),
    (0, 3, 2, 1), (3, 2, 1, 0), (2, 1, 0, 3), (1, 0, 3, 2))
"""The ways to seat a game that keep its partners (a and c, b and d): turns and mirrors."""
_KINDS_KEPT = (_TURNS[0], _TURNS[2], _TURNS[5], _TURNS[7])
"""Those that also keep its opponents of each kind (:func:`is_triplewhist`): the half turn
and the two mirrors that swap N with E and S with W, or N with W and E with S."""


def is_triplewhist(v: int) -> bool:
    """Whether :func:`tournament` of ``v`` is a triplewhist tournament TWh(v): every two
    people are also opponents exactly once of the first kind (at seats N and E, or S and W,
    of a game ``(a, b, c, d)``: ``a`` and ``b``, ``c`` and ``d``) and once of the second
    (E and S, or W and N). Its starting round has every difference once among each kind
    (Z-cyclic triplewhist tournaments: E. H. Moore, 1896; I. Anderson, S. D. Cohen and
    N. J. Finizio, "An existence theorem for cyclic triplewhist tournaments", Discrete
    Math. 138 (1995) 31-41, for primes p = 5 mod 8 by rounds invariant under the fourth
    powers; M. Buratti, 2000, for every prime p = 1 mod 4 from 29 on). The cyclotomic
    rounds over fields are none (a game ``(u, w u, -u, -w u)`` has ``+-u (1 - w)`` twice
    among one kind), nor are the products'; the starting rounds kept as triplewhist were
    found by ``scripts/whist_designs.py --triple``, or seated so by ``--orient``.

    >>> is_triplewhist(4), is_triplewhist(5), is_triplewhist(29)
    (True, False, True)
    """
    return v == 4 or v in TRIPLEWHIST


FRESH = 3
"""How many first rounds the movement keeps free of repeated meetings where it can."""
SPREAD = 3
"""How far apart the people's rounds with a computer player at their table may lie before
:func:`_ghosts` takes a placing that shares a table more often."""
CANDIDATES = 60
"""How many placings of the computer players :func:`_ghosts` weighs (those sharing a
table least)."""


def _pairs(design: Design, ghosts: frozenset[int]) -> list[frozenset[tuple[int, int]]]:
    """Per round, the pairs of people (not computer players) who meet at a table."""
    return [frozenset((min(a, b), max(a, b)) for g in rnd for i, a in enumerate(g) for b in g[i + 1:]
                      if a not in ghosts and b not in ghosts) for rnd in design]


def _apart(pairs: Sequence[frozenset[tuple[int, int]]]) -> list[int]:
    """Per round, the bit mask of the rounds that share no meeting with it."""
    return [sum(1 << s for s in range(len(pairs)) if not pairs[r] & pairs[s]) for r in range(len(pairs))]


def _fresh(apart: Sequence[int], allowed: int, size: int) -> tuple[int, ...]:
    """Up to ``size`` rounds from the mask ``allowed`` that share no meeting, the most found
    by a depth-first search (the first rounds of a drive)."""
    best: tuple[int, ...] = ()

    def grow(chosen: tuple[int, ...], cand: int) -> bool:
        nonlocal best
        if len(chosen) > len(best):
            best = chosen
        if len(best) >= size:
            return True
        while cand:
            r = (cand & -cand).bit_length() - 1
            cand &= cand - 1
            if grow((*chosen, r), cand & apart[r]):
                return True
        return False

    grow((), allowed)
    return best


def _shared(design: Design, ghosts: frozenset[int]) -> list[int]:
    """Per round, the tables where two computer players sit."""
    return [sum(1 for g in rnd if len(ghosts.intersection(g)) > 1) for rnd in design]


@cache
def _ghosts(v: int, k: int) -> frozenset[int]:
    """The ``k`` places (of a tournament for v = 4n) that computer players take: of those
    whose rounds with no two computer players at a table include :data:`FRESH` sharing no
    meeting, and then whose rounds with a computer player at the table, over the
    tournament, differ by at most :data:`SPREAD` from person to person where some do, the
    ones that share a table in the fewest rounds and then whose rounds with a computer
    player differ least (of the :data:`CANDIDATES` sharing least, and of more, in order,
    until one spreads within :data:`SPREAD`). A cyclic tournament looks the same from every
    finite element, so one of them is 0 or the infinite point v - 1."""
    if k == 0:
        return frozenset()
    design = tournament(v)
    combos: list[tuple[int, frozenset[int]]] = []
    for first in (v - 1, 0):
        rest = [e for e in range(v) if e != first]
        for g in ([(first,)] if k == 1 else [(first, b) for b in rest] if k == 2 else
                  [(first, b, c) for i, b in enumerate(rest) for c in rest[i + 1:]]):
            ghosts = frozenset(g)
            combos.append((sum(1 for n in _shared(design, ghosts) if n), ghosts))
    combos.sort(key=lambda c: (c[0], sorted(c[1])))

    def spread(ghosts: frozenset[int]) -> int:
        near = Counter(p for rnd in design for g in rnd if ghosts.intersection(g) for p in g)
        counts = [near[p] for p in range(v) if p not in ghosts]
        return max(counts) - min(counts)

    best: tuple[int, int, int, int, frozenset[int]] | None = None
    for rank, (shared, ghosts) in enumerate(combos):
        if rank >= CANDIDATES and best is not None and not best[1]:
            break  # past the candidates only while none spreads within SPREAD
        good = sum(1 << r for r, n in enumerate(_shared(design, ghosts)) if not n)
        short = len(_fresh(_apart(_pairs(design, ghosts)), good, FRESH)) < FRESH
        wide = spread(ghosts)
        key = (int(short), int(wide > SPREAD), shared, wide, ghosts)
        if best is None or key[:4] < best[:4]:
            best = key
    assert best is not None
    return best[4]


@cache
def _order(v: int, ghosts: frozenset[int]) -> tuple[int, ...]:
    """The order the tournament's rounds are played in: :data:`FRESH` rounds that share no
    meeting and seat no two computer players at a table, where there are such; then,
    round by round, the rounds where no two computer players share a table first, of
    those the one whose tables repeat the fewest meetings of the rounds before (a meeting
    costs 7 for its second time, 63 for its third) and put a computer player beside the
    people who have had one least (the square of the rounds each has had one), and then
    the one that leaves the most rounds repeating none (so a short drive has the fewest
    repeats)."""
    design = tournament(v)
    pairs = _pairs(design, ghosts)
    apart = _apart(pairs)
    shared = _shared(design, ghosts)
    good = sum(1 << r for r, n in enumerate(shared) if not n)
    out = list(_fresh(apart, good, FRESH))
    left = [r for r in range(len(design)) if r not in out]
    fresh = (1 << len(design)) - 1  # the rounds that repeat no meeting of those chosen
    met: Counter[tuple[int, int]] = Counter()
    for r in out:
        fresh &= apart[r]
        met.update(pairs[r])

    beside = [[p for g in rnd if ghosts.intersection(g) for p in g if p not in ghosts] for rnd in design]
    near: Counter[int] = Counter()  # rounds each has had a computer player at his table
    for r in out:
        near.update(beside[r])

    def cost(r: int) -> tuple[int, int, int, int]:
        again = sum((1 << 3 * met[p]) - 1 for p in pairs[r])  # 7 for a second meeting, 63 a third
        spread = sum(near[p] * near[p] for p in beside[r])
        return (shared[r], again + spread, -(fresh & apart[r]).bit_count(), r)

    while left:
        r = min(left, key=cost)
        left.remove(r)
        out.append(r)
        fresh &= apart[r]
        met.update(pairs[r])
        near.update(beside[r])
    return tuple(out)


SEAT_SPREAD = 3
"""How far apart a person's rounds at the four seats may lie over a tournament before
:func:`_even_seats` turns its tables again."""


def _turned(design: Design, order: Sequence[int], ghosts: frozenset[int], rounds: int,
            turns: Sequence[Game] = _TURNS) -> list[list[Game]]:
    """The first ``rounds`` rounds in ``order``, each table turned or mirrored (keeping its
    partners; by ``turns``) so each person sits where he has sat least, computer players
    last."""
    seat_count = [[0] * 4 for _ in range(len(design[0]) * 4 + 1)]
    made = []
    for k in range(rounds):
        tables = []
        games = design[order[k % len(order)]]
        if k == 0:  # the tables with computer players last, as the other movements
            games = tuple(sorted(games, key=lambda g: len(ghosts.intersection(g))))
        for g in games:
            best = min(((g[a], g[b], g[c], g[d]) for a, b, c, d in turns),
                       key=lambda o: (sum(seat_count[e][s] for s, e in enumerate(o) if e not in ghosts),
                                      -sum(s for s, e in enumerate(o) if e in ghosts)))
            for s, e in enumerate(best):
                seat_count[e][s] += 1
            tables.append(best)
        made.append(tables)
    return made


def _seat_counts(made: Sequence[Sequence[Game]], ghosts: frozenset[int]) -> Counter[tuple[int, int]]:
    return Counter((e, s) for tables in made for t in tables for s, e in enumerate(t) if e not in ghosts)


def _seat_spread(made: Sequence[Sequence[Game]], ghosts: frozenset[int]) -> int:
    """The most a person's rounds at one seat and at another differ."""
    counts = _seat_counts(made, ghosts)
    people = {e for e, _ in counts}
    return max(max(counts[(e, s)] for s in range(4)) - min(counts[(e, s)] for s in range(4)) for e in people)


def _even_seats(made: list[list[Game]], ghosts: frozenset[int], turns: Sequence[Game] = _TURNS) -> None:
    """Turn the tables of the rounds after the first again, table by table, each to the
    turn that makes the squares of the people's rounds at each seat least, until no turn
    lowers them (at most ten passes)."""
    counts = _seat_counts(made, ghosts)
    for _ in range(10):
        changed = False
        for tables in made[1:]:
            for i, t in enumerate(tables):
                for s, e in enumerate(t):
                    counts[(e, s)] -= 1

                def cost(o: Game) -> int:
                    return sum((counts[(e, s)] + 1) ** 2 for s, e in enumerate(o) if e not in ghosts)

                best = min(((t[p], t[q], t[r], t[w]) for p, q, r, w in turns),
                           key=lambda o: (cost(o), o != t))
                if best != t:
                    tables[i], changed = best, True
                for s, e in enumerate(tables[i]):
                    counts[(e, s)] += 1
        if not changed:
            return


def seatings(players: int, rounds: int, sit_out: bool = False) -> list[list[tuple[int | None, ...]]] | None:
    """The individual movement from a whist tournament: per round, per table, the person at
    each seat (N, E, S, W; None a computer player), or None where no tournament is known.

    With ``sit_out`` (4n + 1 people) the tournament for 4n + 1, one person sitting out each
    round; else the tournament for the people rounded up to a multiple of four, computer
    players in the places that share a table least (:func:`_ghosts`). The rounds are the
    tournament's in :func:`_order` (a drive of fewer rounds takes rounds of it, so nobody
    partners anyone twice; a longer drive plays it again); each table is turned or
    mirrored, keeping its partners, so each person sits where he has sat least (in round 1
    computer players sit last, at W, at the last tables, and people are numbered as they
    sit there); a triplewhist tournament (:func:`is_triplewhist`) only so as keeps each
    kind of opponents, so every two people are opponents once at N and E or S and W and
    once at E and S or W and N over the whole tournament.
    """
    v = players if sit_out else 4 * -(-players // 4)
    if not has_tournament(v):
        return None
    design = tournament(v)
    ghosts = _ghosts(v, v - players)
    order = _order(v, ghosts)
    turns = _KINDS_KEPT if is_triplewhist(v) else _TURNS
    made = _turned(design, order, ghosts, rounds, turns)
    if _seat_spread(_turned(design, order, ghosts, len(order), turns), ghosts) > SEAT_SPREAD:
        _even_seats(made, ghosts, turns)
    # people numbered as they sit in round 1 (N, E, S, W of table 1, then table 2...)
    first = [e for t in made[0] for e in t if e not in ghosts]
    first += [e for e in range(v) if e not in ghosts and e not in first]  # the one sitting out
    label = {e: i for i, e in enumerate(first)}
    return [[tuple(label.get(e) for e in t) for t in tables] for tables in made]
