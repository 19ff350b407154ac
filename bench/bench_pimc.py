"""Decision quality of card-play bots, measured against the double-dummy truth.

Playing whole deals (the arena) shows strength, but its figures are noisy: a difference of
0.05 tricks a deal needs thousands of boards.  This benchmark compares bots on the *same*
decisions instead.  It plays ``--deals`` classic deals, North-South by PIMC without
inference against ``--opponents`` (the rule-book player by default; ``club`` for the
technique player the ladder's club level is), and keeps every North-South decision from trick
``--from-trick`` on where the cards do not all score the same double dummy.  Then each
bot given on the command line chooses a card in each of those positions (seeing only the
observation), and the benchmark sums the double-dummy tricks lost against the best card
in the real deal.  Some loss is unavoidable for a player who cannot see the hidden cards;
a lower loss means better choices; each bot after the first is also compared with the
first, decision by decision (the mean difference with its 95% interval).  Each bot's time
per decision is given too (median, 95th percentile and maximum, with the machine's load
average at the start and the end), as the time a person waits for a computer player's card.

Usage: ``python bench/bench_pimc.py [--deals 100] [--from-trick 2] [--opponents heuristic]
[BOT ...]``; bots are
written as for ``openwhist arena`` (default: ``pimc:trust=0`` and ``pimc``, both with
``time_budget=0.2``).
"""

from __future__ import annotations

import argparse
import os
import time

import openwhist
from openwhist.arena import mean_ci
from openwhist.bots import make_bot
from openwhist.rules.base import Observation
from openwhist.solver import Position, solve_all

DEFAULT_BOTS = ["pimc:trust=0,time_budget=0.2", "pimc:time_budget=0.2"]


def decisions(n_deals: int, from_trick: int,
              opponents: str = "heuristic") -> list[tuple[Observation, dict[int, int]]]:
    """North-South's decisions in ``n_deals`` deals against East-West played by the bot
    ``opponents``, each with the double-dummy value of every legal card in the real deal
    (only decisions where the values differ)."""
    out: list[tuple[Observation, dict[int, int]]] = []
    book = make_bot(opponents, seed=0)
    for i in range(n_deals):
        player = make_bot("pimc:trust=0,time_budget=0.2", seed=i)
        deal = openwhist.new_deal("classic", seed=10_000 + i)
        while not deal.is_over():
            assert deal.to_move is not None
            seat = deal.controller(deal.to_move)
            obs = deal.observation(seat)
            if seat % 2 == 0:
                card = player.choose(obs)
                if len(deal.tricks) >= from_trick and len(obs.legal) > 1:
                    values = solve_all(Position.from_state(deal, declarer_side=0))
                    if len(set(values.values())) > 1:
                        out.append((obs, {int(c): v for c, v in values.items()}))
            else:
                card = book.choose(obs)
            deal.apply(card)
    return out


def main(argv: list[str] | None = None) -> None:
    """Parse the options, collect the decisions and score each bot on them."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bots", nargs="*", default=DEFAULT_BOTS,
                        help="bots to score, as for `openwhist arena`")
    parser.add_argument("--deals", type=int, default=100, help="deals to collect decisions from")
    parser.add_argument("--from-trick", type=int, default=2,
                        help="first trick (0-based) whose decisions count; default 2")
    parser.add_argument("--opponents", default="heuristic",
                        help="the bot East-West play by while the decisions are collected "
                             "(as for `openwhist arena`; default heuristic)")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error(f"--deals must be at least 1, not {args.deals}")
    if not 0 <= args.from_trick <= 12:
        parser.error(f"--from-trick must be 0 to 12, not {args.from_trick}")
    for spec in [*args.bots, args.opponents]:
        try:
            make_bot(spec)
        except (ValueError, TypeError) as exc:
            parser.error(f"bad bot {spec!r}: {exc}")
    start = time.perf_counter()
    states = decisions(args.deals, args.from_trick, args.opponents)
    print(f"{len(states)} decisions from {args.deals} deals "
          f"({time.perf_counter() - start:.0f} s to collect and solve)", flush=True)
    if not states:
        print("no decision to score: play more deals or start from an earlier trick")
        return
    first: float | None = None
    first_losses: list[int] = []
    for spec in args.bots:
        lost = wrong = 0
        losses: list[int] = []
        load = os.getloadavg()[0]
        times: list[float] = []
        for i, (obs, values) in enumerate(states):
            bot = make_bot(spec, seed=i)
            start = time.perf_counter()
            card = int(bot.choose(obs))
            times.append(time.perf_counter() - start)
            loss = max(values.values()) - values[card]
            losses.append(loss)
            lost += loss
            wrong += loss > 0
        per = lost / len(states)
        first = per if first is None else first
        times.sort()
        ms = [1000 * times[len(times) // 2], 1000 * times[min(len(times) - 1, int(0.95 * len(times)))],
              1000 * times[-1]]
        print(f"{spec:<36} tricks lost {lost:5d} ({per:.4f} a decision, "
              f"{f'{per / first:.2f}' if first else '-'} of the first)  wrong cards {wrong:5d}  "
              f"ms a decision: median {ms[0]:.0f}, p95 {ms[1]:.0f}, max {ms[2]:.0f} "
              f"(load {load:.1f} to {os.getloadavg()[0]:.1f})", flush=True)
        if first_losses:
            mean, low, high = mean_ci([a - b for a, b in zip(losses, first_losses, strict=True)])
            print(f"{'':<36} against the first, tricks lost a decision: "
                  f"{mean:+.4f} [{low:+.4f}, {high:+.4f}]", flush=True)
        else:
            first_losses = losses


if __name__ == "__main__":
    main()
