"""Random bot-played Belgian deals (auction and play) per second, through the public API.

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
    start = time.perf_counter()
    for seed in range(args.deals):
        deal = openwhist.new_deal(args.preset, seed=seed, dealer=seed % 4)
        play_out(deal, bots)
        contracts[(deal.result().contract or "all pass").split()[0]] += 1
    seconds = time.perf_counter() - start
    print(f"{args.deals} {args.preset} deals, {args.bots} bots: {args.deals / seconds:.0f} deals/s "
          f"({seconds:.2f} s)")
    print("contracts:", dict(contracts.most_common()))


if __name__ == "__main__":
    main()
