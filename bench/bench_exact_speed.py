"""How long the searching levels take per decision in the exact-bid whists, by table size.

Each level plays every seat of ``--deals`` deals of the largest hand (8 cards in Romanian
whist; in Oh Hell the most the deck gives with a card to turn: 10 for five players, 8 for
six), bids and cards, and each decision with a choice is timed: median, 95th percentile
and maximum, in milliseconds.  Time is counted as the CPU time of this thread, and the
bots keep their budget by that clock too, so that a machine shared with other work gives
the figures of one idle core (run it alone on an idle machine for wall-clock times:
``--wall``).

Usage: ``python bench/bench_exact_speed.py [--level strong] [--players 5,6]
[--variants romanian,oh-hell] [--deals 3] [--seed 1] [--wall]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import openwhist
from openwhist.bots import make_bot
from openwhist.bots.search_exact import ExactBidSearch


def decision_times(variant: str, level: str, players: int, deals: int, seed: int,
                   clock: Any) -> list[float]:
    """Milliseconds per decision (with more than one legal action) of ``level`` at every
    seat of ``deals`` deals of ``players``, by ``clock``."""
    bot = make_bot(level, seed=seed)
    out: list[float] = []
    for i in range(deals):
        deal = openwhist.new_deal(variant, seed=seed + i, dealer=i % players, players=players)
        while not deal.is_over():
            hand = deal.to_move
            assert hand is not None
            obs = deal.observation(deal.controller(hand))
            start = clock()
            action = bot.choose(obs)
            if len(obs.legal) > 1:
                out.append((clock() - start) * 1000)
            deal.apply(action)
    return out


def main() -> None:
    """Print a line per family and table size: decisions, median, p95, max."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="strong", help="the level timed (default strong)")
    parser.add_argument("--players", default="5,6", help="table sizes, comma-separated (default 5,6)")
    parser.add_argument("--variants", default="romanian,oh-hell", help="the families (default both)")
    parser.add_argument("--deals", type=int, default=3, help="deals per family and size (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots (default 1)")
    parser.add_argument("--wall", action="store_true", help="time by the wall clock, not CPU time")
    args = parser.parse_args()
    clock = time.perf_counter if args.wall else time.thread_time
    ExactBidSearch.clock = staticmethod(clock)
    print(f"{args.level}, {'wall' if args.wall else 'CPU'} time per decision, ms (p50 / p95 / max)")
    for variant in args.variants.split(","):
        for n in (int(x) for x in args.players.split(",")):
            times = decision_times(variant, args.level, n, args.deals, args.seed, clock)
            q = statistics.quantiles(times, n=20)[-1]
            print(f"{variant:9} players={n}  {len(times):4} decisions  "
                  f"{statistics.median(times):6.0f} / {q:6.0f} / {max(times):6.0f}", flush=True)


if __name__ == "__main__":
    main()
