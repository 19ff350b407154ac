"""Whist drive movements: how long planning takes, and how even the movements are.

For each size, the seconds to plan an individual movement, and over its rounds the most
and fewest times two people meet (sit at one table) with the bound the movement promises,
ceil(3 R / (n - 1)) + 1.  Then the progressive classic drive played with random results
(--drives of them a size): the mean number of different partners and opponents a person
had, with and without the earlier rounds given to next_round (new partners preferred).

    python bench/bench_drive.py [--rounds 8] [--people 16,48,100,200] [--family belgian]
                                [--drives 50]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import Counter
from itertools import combinations

from openwhist import drive
from openwhist.drive import plan


def progressive(people: int, rounds: int, seed: int, history: bool) -> tuple[float, float]:
    """Mean different partners and opponents per person in a progressive classic drive
    with random results (one deal a round)."""
    rng = random.Random(seed)
    rnd = plan("progressive", people, "classic", rounds=rounds).rounds[0]
    seen = [rnd]
    for _ in range(rounds - 1):
        results = []
        for t in rnd.tables:
            ns = rng.randint(0, 13)
            entry = drive.Entry((ns, 13 - ns))
            results.append(drive.result_of_entry("classic", None, rnd, t.number, 1, entry))
        rnd = drive.next_round_from(rnd, results, seen[:-1] if history else ())
        seen.append(rnd)
    partners: dict[int, set[int]] = {p: set() for p in range(people)}
    opponents: dict[int, set[int]] = {p: set() for p in range(people)}
    for r in seen:
        for t in r.tables:
            for s, p in enumerate(t.seats):
                if p is None:
                    continue
                for o, q in enumerate(t.seats):
                    if q is not None and q != p:
                        (partners if o == (s + 2) % 4 else opponents)[p].add(q)
    return (statistics.mean(len(v) for v in partners.values()),
            statistics.mean(len(v) for v in opponents.values()))


def main() -> None:
    """Plan individual movements of several sizes and print time and evenness."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--people", default="16,29,48,100,200")
    ap.add_argument("--family", default="belgian")
    ap.add_argument("--drives", type=int, default=50, help="progressive drives played a size")
    args = ap.parse_args()
    print(f"{'people':>6} {'tables':>6} {'seconds':>8} {'most':>5} {'fewest':>6} {'bound':>5}"
          f" {'pairs met':>10}")
    for n in (int(x) for x in args.people.split(",")):
        start = time.perf_counter()
        p = plan("individual", n, args.family, rounds=args.rounds)
        took = time.perf_counter() - start
        met: Counter[frozenset[int]] = Counter()
        for rnd in p.rounds:
            for t in rnd.tables:
                for a, b in combinations(t.people, 2):
                    met[frozenset((a, b))] += 1
        counts = [met[frozenset(x)] for x in combinations(range(n), 2)]
        bound = math.ceil(3 * args.rounds / (n - 1)) + 1
        share = sum(1 for c in counts if c) / len(counts)
        print(f"{n:>6} {p.tables:>6} {took:>8.2f} {max(counts):>5} {min(counts):>6} {bound:>5}"
              f" {share:>9.0%}")
    r = min(args.rounds, 6)
    print(f"\nprogressive classic drive, {r} rounds, random results, {args.drives} drives a size: "
          f"different partners and opponents per person (at most {r} and {2 * r})")
    print(f"{'people':>6} {'partners':>9} {'opponents':>10} {'partners, no history':>21}")
    for n in (8, 16, 32, 48):
        with_h = [progressive(n, r, s, True) for s in range(args.drives)]
        without = [progressive(n, r, s, False) for s in range(args.drives)]
        print(f"{n:>6} {statistics.mean(x[0] for x in with_h):>9.2f} "
              f"{statistics.mean(x[1] for x in with_h):>10.2f} "
              f"{statistics.mean(x[0] for x in without):>21.2f}")


if __name__ == "__main__":
    main()
