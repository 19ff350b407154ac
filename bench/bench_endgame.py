"""Two bots compared on the last tricks only: endgames played in duplicate.

A whole-deal arena needs thousands of boards to see a difference that only the last few
tricks make.  This benchmark plays ``--deals`` classic deals with the technique player
(the ladder's club level) in every seat until ``--left`` tricks are left, then plays each
of those endgames four times: North-South by bot A, then by bot B, against
``--opponents``; then East-West by A, then by B.  Each seat's bot is seeded alike in the
plays of an endgame, so where the two bots choose the same cards the plays are the same,
and the gain of A over B (its side's tricks in the endgame, both sides summed) is 0;
every endgame where a card differs counts.  Prints the mean gain an endgame with its 95%
interval, how many endgames came out differently, and each bot's time per decision
(median, 95th percentile and maximum, in milliseconds).

Usage: ``python bench/bench_endgame.py [--deals 200] [--left 4] [--seed 1]
[--opponents strong] BOT_A BOT_B``, bots written as for ``openwhist arena``, e.g.
``strong:endgame=4`` against ``strong:endgame=4,endgame_moves=1`` (αμ against PIMC over
the same sampled deals).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

import openwhist
from openwhist.arena import mean_ci
from openwhist.bots import make_bot


def endgame(seed: int, left: int) -> Any:
    """A classic deal played by the technique player in every seat until ``left`` tricks
    are left (the next trick not yet led)."""
    deal = openwhist.new_deal("classic", seed=seed)
    players = [make_bot("club", seed=seed * 4 + s) for s in range(4)]
    while len(deal.observation(0).tricks) < 13 - left:
        seat = deal.controller(deal.to_move)
        deal.apply(players[seat].choose(deal.observation(seat)))
    return deal


def play_out(start: Any, side: int, spec: str, opponents: str, seed: int,
             times: list[float]) -> int:
    """Play the endgame ``start`` to its end, ``side`` (0 North-South, 1 East-West) by the
    bot ``spec``, the other by ``opponents``; the tricks ``side`` takes.  The decision
    times of ``spec`` are added to ``times``."""
    deal = start.clone()
    done = len(deal.observation(0).tricks)
    bots = [make_bot(spec if s % 2 == side else opponents, seed=seed * 4 + s) for s in range(4)]
    while not deal.is_over():
        seat = deal.controller(deal.to_move)
        obs = deal.observation(seat)
        began = time.perf_counter()
        card = bots[seat].choose(obs)
        if seat % 2 == side:
            times.append(time.perf_counter() - began)
        deal.apply(card)
    return sum(1 for t in deal.observation(0).tricks[done:] if t.winner % 2 == side)


def _ms(times: list[float]) -> str:
    if not times:
        return "-"
    q = statistics.quantiles(times, n=20)[-1] if len(times) >= 2 else times[0]
    return f"{1000 * statistics.median(times):.0f} / {1000 * q:.0f} / {1000 * max(times):.0f}"


def main(argv: list[str] | None = None) -> None:
    """Parse the options, play the endgames and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bot_a", help="bot A, as for `openwhist arena`")
    parser.add_argument("bot_b", help="bot B, the same way")
    parser.add_argument("--deals", type=int, default=200, help="endgames to play; default 200")
    parser.add_argument("--left", type=int, default=4,
                        help="tricks left when the bots take over, 2 to 12; default 4")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals; default 1")
    parser.add_argument("--opponents", default="strong",
                        help="the bot the other side plays by (default strong)")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error(f"--deals must be at least 1, not {args.deals}")
    if not 2 <= args.left <= 12:
        parser.error(f"--left must be 2 to 12, not {args.left}")
    for spec in (args.bot_a, args.bot_b, args.opponents):
        try:
            make_bot(spec)
        except (ValueError, TypeError) as exc:
            parser.error(f"bad bot {spec!r}: {exc}")
    gains: list[float] = []
    times_a: list[float] = []
    times_b: list[float] = []
    differ = 0
    start = time.perf_counter()
    for i in range(args.deals):
        seed = args.seed * 1_000_003 + i
        deal = endgame(seed, args.left)
        gain = 0
        changed = False
        for side in (0, 1):
            a = play_out(deal, side, args.bot_a, args.opponents, seed, times_a)
            b = play_out(deal, side, args.bot_b, args.opponents, seed, times_b)
            gain += a - b
            changed |= a != b
        gains.append(gain)
        differ += changed
        if changed or (i + 1) % 25 == 0:
            mean, low, high = mean_ci(gains)
            print(f"  endgame {i}: {gain:+d}; mean {mean:+.4f} [{low:+.4f}, {high:+.4f}] over "
                  f"{len(gains)}, {differ} came out differently ({time.perf_counter() - start:.0f} s)",
                  flush=True)
    mean, low, high = mean_ci(gains)
    print(f"{args.bot_a} over {args.bot_b}, the last {args.left} tricks of {args.deals} deals "
          f"against {args.opponents}: {mean:+.4f} [{low:+.4f}, {high:+.4f}] tricks an endgame "
          f"(both sides); {differ} endgames came out differently")
    print(f"ms a decision (median / p95 / max): {args.bot_a} {_ms(times_a)}; "
          f"{args.bot_b} {_ms(times_b)}")


if __name__ == "__main__":
    sys.exit(main())
