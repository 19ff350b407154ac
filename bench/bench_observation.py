"""Benchmark the rules core's per-action hot paths that the play server spends its time in.

Random play (seeded, a uniformly random legal action each turn) of ``--deals`` deals each of
classic, German and Belgian whist.  At every position the benchmark times, per seat,
``observation(seat)`` and the observation's ``to_json()``, and ``parse_action`` of the text
of every legal action.  Prints microseconds per call per variant (the best of ``--repeat``
runs) and the load average, so that figures from a shared machine can be judged.

To compare with an older commit, run the same script against that commit's source::

    git worktree add /tmp/base <commit>
    PYTHONPATH=/tmp/base/src .venv/bin/python bench/bench_observation.py
    .venv/bin/python bench/bench_observation.py

Run:  .venv/bin/python bench/bench_observation.py [--deals 20] [--repeat 5] [--seed 0]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable
from typing import Any

import openwhist
from openwhist import parse_action

VARIANTS = ("classic", "german", "belgian")


def positions(variant: str, deals: int, seed: int) -> list[Any]:
    """A copy of the state at every position of ``deals`` randomly played deals."""
    rng = random.Random(seed)
    out: list[Any] = []
    for i in range(deals):
        deal = openwhist.new_deal(variant, seed=seed + i, dealer=i % (2 if variant == "german" else 4))
        while not deal.is_over():
            out.append(deal.clone())
            deal.apply(rng.choice(list(deal.legal_actions())))
        out.append(deal.clone())
    return out


def best_of(repeat: int, calls: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs of ``run``, in microseconds per call."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best / calls * 1e6


def bench(variant: str, deals: int, repeat: int, seed: int) -> dict[str, float]:
    """Microseconds per call of observation, to_json and parse_action for one variant."""
    states = positions(variant, deals, seed)
    pairs = [(s, seat) for s in states for seat in s.seats]
    observations = [s.observation(seat) for s, seat in pairs]
    texts = [str(a) for s in states for a in s.legal_actions()]

    def observe() -> None:
        for s, seat in pairs:
            s.observation(seat)

    def to_json() -> None:
        for obs in observations:
            obs.to_json()

    def parse() -> None:
        for text in texts:
            parse_action(text)

    return {
        "observation": best_of(repeat, len(pairs), observe),
        "to_json": best_of(repeat, len(observations), to_json),
        "parse_action": best_of(repeat, len(texts), parse),
    }


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print a table of microseconds per call."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"openwhist from {os.path.dirname(openwhist.__file__)}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'variant':<9} {'observation':>12} {'to_json':>9} {'parse_action':>13}  (µs per call)")
    for variant in VARIANTS:
        r = bench(variant, args.deals, args.repeat, args.seed)
        print(f"{variant:<9} {r['observation']:>12.2f} {r['to_json']:>9.2f} {r['parse_action']:>13.2f}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
