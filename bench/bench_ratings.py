"""Measure the computer players' fixed ratings per family (openwhist.ratings.COMPUTER_RATINGS).

Every two of the given bots play one-deal matches on duplicate deals (each deal twice, the
sides swapped: openwhist.arena.play_board); each match is rated with OpenSkill
(openwhist.ratings.rate) from the default rating; the random player's mean is then set to
MU - 6, so that a new person (MU) starts between it and the rule-based player.

    python bench/bench_ratings.py [--family classic] [--bots random,heuristic] [--matches 400]
"""

from __future__ import annotations

import argparse
import time

from openwhist.ratings import measure_computers


def main() -> None:
    """Measure and print the ratings of each family's computer players."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--family", action="append", help="classic, german, belgian (default: all three)")
    ap.add_argument("--bots", default="random,heuristic")
    ap.add_argument("--matches", type=int, default=400, help="matches for every two bots")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    bots = args.bots.split(",")
    for family in args.family or ["classic", "german", "belgian"]:
        start = time.perf_counter()
        got = measure_computers(family, bots, args.matches, seed=args.seed)
        took = time.perf_counter() - start
        line = ", ".join(f"{b} mu {r.mu:.2f} sigma {r.sigma:.2f}" for b, r in got.items())
        print(f"{family}: {line}  ({args.matches} matches a pair, {took:.1f} s)")


if __name__ == "__main__":
    main()
