"""Whist drive movements: how long planning takes, and how even the individual movement is.

For each size, the seconds to plan an individual movement, and over its rounds the most
and fewest times two people meet (sit at one table) with the bound the movement promises,
ceil(3 R / (n - 1)) + 1.

    python bench/bench_drive.py [--rounds 8] [--people 16,48,100,200] [--family belgian]
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from itertools import combinations

from openwhist.drive import plan


def main() -> None:
    """Plan individual movements of several sizes and print time and evenness."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--people", default="16,29,48,100,200")
    ap.add_argument("--family", default="belgian")
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


if __name__ == "__main__":
    main()
