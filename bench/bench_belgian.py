"""Random bot-played Belgian deals (auction and play) per second, through the public API;
the contracts the bots reached and how often each was made.

    .venv/bin/python bench/bench_belgian.py [--deals 2000] [--preset freewhist] [--bots random]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import openwhist
from openwhist.bots import HeuristicBot, RandomBot, play_out


def main() -> None:
    """Deal, bid and play ``--deals`` deals with the bots given; print deals per second."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--preset", default="freewhist")
    ap.add_argument("--bots", choices=("random", "heuristic"), default="random")
    args = ap.parse_args()
    make = RandomBot if args.bots == "random" else HeuristicBot
    bots = {s: make(seed=s) for s in range(4)}
    contracts: Counter[str] = Counter()
    made: Counter[str] = Counter()
    start = time.perf_counter()
    for seed in range(args.deals):
        deal = openwhist.new_deal(args.preset, seed=seed, dealer=seed % 4)
        play_out(deal, bots)
        result = deal.result()
        kind = (result.contract or "all pass").split()[0]
        contracts[kind] += 1
        made[kind] += bool(result.made) and all(result.made)
    seconds = time.perf_counter() - start
    print(f"{args.deals} {args.preset} deals, {args.bots} bots: {args.deals / seconds:.0f} deals/s "
          f"({seconds:.2f} s)")
    print("contracts:", dict(contracts.most_common()))
    print("made:", {k: f"{made[k] / n:.0%}" for k, n in contracts.most_common() if k != "all"})


if __name__ == "__main__":
    main()
