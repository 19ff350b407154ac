"""The ladder of computer players, measured: each level against the level below it, in
duplicate, for each family, with the time each level takes per decision.

Every pair of neighbouring levels (:data:`openwhist.bots.LEVELS`: beginner, club, strong,
expert) plays ``openwhist arena`` boards: each deal twice with the seats swapped (Belgian
whist: once per seat, the level alone in it), so the gain per deal of the higher level
comes with a 95% interval.  The levels that search (strong, expert) are slow on a small
machine, so their pairs play ``--search-boards`` boards and the others ``--boards``.
Then each level plays ``--timing-deals`` whole deals alone at the table and its decisions
(those with a choice) are timed: median, 95th percentile and maximum, in milliseconds, on
this machine as loaded when it runs.

Usage: ``python bench/bench_ladder.py [--variants classic,german,belgian] [--boards 2000]
[--search-boards 60] [--timing-deals 4] [--seed 1] [--workers N] [--write docs/ladder.md]``.  The table
is printed as Markdown; ``--write`` also puts it in the file between the markers
``<!-- ladder -->`` and ``<!-- /ladder -->`` (the file is made if missing).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import openwhist
from openwhist.arena import mean_ci, run_arena
from openwhist.bots import LEVELS, make_bot, searches

START, END = "<!-- ladder -->", "<!-- /ladder -->"


def decision_times(variant: str, level: str, deals: int, seed: int) -> list[float]:
    """Milliseconds per decision (with more than one legal action) of ``level`` playing
    every seat of ``deals`` deals."""
    bot = make_bot(level, seed=seed)
    out: list[float] = []
    for i in range(deals):
        deal = openwhist.new_deal(variant, seed=seed + i, dealer=i % 4 if variant != "german" else i % 2)
        while not deal.is_over():
            hand = deal.to_move
            assert hand is not None
            obs = deal.observation(deal.controller(hand))
            start = time.perf_counter()
            action = bot.choose(obs)
            if len(obs.legal) > 1:
                out.append((time.perf_counter() - start) * 1000)
            deal.apply(action)
    return out


def _ci(values: list[float]) -> str:
    m, lo, hi = mean_ci(values)
    return f"{m:+.3f} [{lo:+.3f}, {hi:+.3f}]"


def ladder_rows(variant: str, boards: int, search_boards: int, timing_deals: int,
                seed: int, workers: int = 1) -> list[str]:
    """The Markdown rows of one family: a level per row, against the level below."""
    rows = []
    names = list(LEVELS)
    for i, level in enumerate(names):
        times = decision_times(variant, level, timing_deals, seed)
        q = statistics.quantiles(times, n=20)[-1] if len(times) >= 2 else max(times, default=0)
        timing = (f"{statistics.median(times):.1f} / {q:.1f} / {max(times):.1f}"
                  if times else "-")
        if i == 0:
            rows.append(f"| {variant} | {level} | - | - | - | {timing} |")
            continue
        below = names[i - 1]
        slow = searches(make_bot(level)) or searches(make_bot(below))
        n = search_boards if slow else boards
        start = time.perf_counter()
        res = run_arena(variant, (level, below), boards=n, seed=seed, workers=workers)
        took = time.perf_counter() - start
        print(f"  {variant}: {level} against {below}, {n} boards, {took:.0f} s", flush=True)
        rows.append(f"| {variant} | {level} | {_ci(res.gain_tricks)} | {_ci(res.gain_points)} "
                    f"| {n} | {timing} |")
    return rows


def table(variants: list[str], boards: int, search_boards: int, timing_deals: int,
          seed: int, workers: int = 1) -> str:
    """The whole ladder table, in Markdown."""
    lines = ["| family | level | tricks per deal over the level below [95%] | points per "
             "deal [95%] | boards | ms per decision: median / p95 / max |",
             "| --- | --- | --- | --- | --- | --- |"]
    for v in variants:
        lines += ladder_rows(v, boards, search_boards, timing_deals, seed, workers)
    return "\n".join(lines)


def write(path: Path, text: str, command: str) -> None:
    """Put ``text`` (with the command that made it) between the markers of ``path``."""
    block = f"{START}\n{text}\n\nMade by `{command}`.\n{END}"
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    if START in old and END in old:
        new = old[:old.index(START)] + block + old[old.index(END) + len(END):]
    else:
        new = (old.rstrip() + "\n\n" if old else "") + block + "\n"
    path.write_text(new, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    """Parse the options, measure the ladder and print (and write) its table."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", default="classic,german,belgian",
                        help="families, comma-separated (default classic,german,belgian)")
    parser.add_argument("--boards", type=int, default=2000,
                        help="boards for pairs of rule-based levels (default 2000)")
    parser.add_argument("--search-boards", type=int, default=60,
                        help="boards for pairs with a searching level (default 60)")
    parser.add_argument("--timing-deals", type=int, default=4,
                        help="deals each level plays alone to time its decisions (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the boards (default 1)")
    parser.add_argument("--workers", type=int, default=1,
                        help="local processes for the arena (default 1; the timing runs alone)")
    parser.add_argument("--write", metavar="FILE.md", help="also write the table into this file")
    args = parser.parse_args(argv)
    for name in ("boards", "search_boards", "timing_deals", "workers"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    for v in variants:
        try:
            openwhist.new_deal(v, seed=args.seed)
        except (ValueError, KeyError) as exc:
            parser.error(f"bad variant {v!r}: {exc}")
    text = table(variants, args.boards, args.search_boards, args.timing_deals, args.seed,
                 args.workers)
    print(text)
    if args.write:
        command = (f"python bench/bench_ladder.py --variants {','.join(variants)} --boards "
                   f"{args.boards} --search-boards {args.search_boards} --timing-deals "
                   f"{args.timing_deals} --seed {args.seed}")
        write(Path(args.write), text, command)


if __name__ == "__main__":
    main()
