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
The prime powers v = 4n + 1 need no search (designs.py builds their cyclotomic round) and
are left out. Every round found is checked by counting before it is kept. Needs numba.

    python scripts/whist_designs.py 8 12 16 20        # search these v, merge into the data
    python scripts/whist_designs.py --up-to 64        # every v from 8 to 64 not yet kept
"""

from __future__ import annotations

import argparse
import ast
import sys
import textwrap
import time
from pathlib import Path

try:
    import numba  # type: ignore[import-untyped]
except ImportError:
    sys.exit("scripts/whist_designs.py needs numba: pip install -e '.[numba]'")
import numpy as np

DATA = Path(__file__).resolve().parent.parent / "src/openwhist/drive/whist_starts.py"
PARTNERS = ((0, 2), (1, 3))
OPPONENTS = ((0, 1), (0, 3), (2, 1), (2, 3))
HEAD = '''"""Starting rounds of Z-cyclic whist tournaments Wh(v), found by scripts/whist_designs.py
(focused simulated annealing on the difference counts; each checked by counting there and
in tests/test_drive_designs.py). Games of four, a and c partners against b and d; for
v = 4n the infinite point is written v - 1."""

STARTS: dict[int, tuple[int, ...]] = {
'''


def is_prime_power(q: int) -> bool:
    """Whether ``q`` is a prime or the square of one (the fields designs.py builds)."""
    def prime(n: int) -> bool:
        return n > 1 and all(n % k for k in range(2, int(n ** 0.5) + 1))
    root = round(q ** 0.5)
    return prime(q) or (root * root == q and prime(root))


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


def kept() -> dict[int, list[int]]:
    """The starting rounds in the data module now."""
    if not DATA.exists():
        return {}
    tree = ast.parse(DATA.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            return {int(k): list(v) for k, v in ast.literal_eval(node.value).items()}
    return {}


def write(found: dict[int, list[int]]) -> None:
    """Write the data module, every round checked."""
    assert all(check(v, s) for v, s in found.items())
    body = "".join(textwrap.fill(", ".join(map(str, found[v])), 100, initial_indent=f"    {v}: (",
                                 subsequent_indent=" " * 8) + "),\n" for v in sorted(found))
    DATA.write_text(HEAD + body + "}\n", encoding="utf-8")


def main() -> int:
    """Search the v asked for (or every v up to --up-to not kept yet), merge, write."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("v", type=int, nargs="*", help="the numbers of people to search for")
    ap.add_argument("--up-to", type=int, default=0, help="search every v from 8 to this not kept yet")
    ap.add_argument("--budget", type=float, default=600.0, help="seconds per v (default 600)")
    ap.add_argument("--temp", type=float, default=0.6, help="the annealing temperature (default 0.6)")
    ap.add_argument("--steps", type=int, default=2_000_000, help="moves per seeded try (default 2000000)")
    args = ap.parse_args()
    found = kept()
    wanted = args.v or [v for v in range(8, args.up_to + 1) if v % 4 in (0, 1) and v not in found]
    for v in wanted:
        if v % 4 not in (0, 1) or v < 8 or (v % 4 == 1 and is_prime_power(v)):
            print(f"v={v}: not searched (not 4n or 4n + 1, or a prime power 4n + 1)", file=sys.stderr)
            continue
        t0, seed = time.monotonic(), 0
        while time.monotonic() - t0 < args.budget:
            start = search(v, seed, steps=args.steps, temp=args.temp)
            if start is not None and check(v, start):
                found[v] = start
                write(found)
                break
            seed += 1
        print(f"v={v}: {'found' if v in found else 'none'}, seed {seed}, "
              f"{time.monotonic() - t0:.1f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
