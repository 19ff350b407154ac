"""One step of the ladder in the exact-bid whists, measured for as long as a machine allows.

Two levels (default expert over strong) play the boards of ``openwhist arena`` (board
``b`` of ``--seed``, as ``bench/bench_ladder.py`` plays them: a seeded deal of the largest
hand, once per seat with the higher level alone in it, compared with the lower level in
the same seat with the same cards), the families taking turns board by board until
``--minutes`` have passed; then the gain per player per deal, tricks and points, with a 95%
interval, as rows of ``docs/ladder.md``.  The searches keep their time budget by this
thread's CPU time, so that a machine shared with other work does not cut their sampling
short (the levels play as on an idle core); ``--paired`` gives a seat's bot the same seed
in every play of a board (``openwhist arena --paired``).

Usage: ``python bench/bench_exact_pair.py [--levels expert,strong] [--variants
romanian,oh-hell] [--players 4] [--minutes 15] [--seed 1] [--paired] [--wall]``.
"""

from __future__ import annotations

import argparse
import time

from openwhist.arena import mean_ci, play_board
from openwhist.bots.search_exact import ExactBidSearch


def _ci(values: list[float]) -> str:
    m, lo, hi = mean_ci(values)
    return f"{m:+.3f} [{lo:+.3f}, {hi:+.3f}]"


def main() -> None:
    """Play the boards until the time is up and print a row per family."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="expert,strong",
                        help="the higher level, the lower (default expert,strong)")
    parser.add_argument("--variants", default="romanian,oh-hell",
                        help="the families, in turn (default both)")
    parser.add_argument("--players", type=int, default=4, help="players at each table (default 4)")
    parser.add_argument("--minutes", type=float, default=15.0,
                        help="wall-clock minutes to play (default 15)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the boards (default 1, the ladder's)")
    parser.add_argument("--paired", action="store_true", help="the same seed for a seat's bot in each play")
    parser.add_argument("--wall", action="store_true", help="the searches' budget by the wall clock")
    args = parser.parse_args()
    high, low = args.levels.split(",")
    if not args.wall:
        ExactBidSearch.clock = staticmethod(time.thread_time)
    variants = args.variants.split(",")
    tricks: dict[str, list[float]] = {v: [] for v in variants}
    points: dict[str, list[float]] = {v: [] for v in variants}
    deadline = time.monotonic() + 60 * args.minutes
    board = 0
    while time.monotonic() < deadline:
        for v in variants:
            res = play_board(v, {"players": args.players}, (high, low), args.seed, board, args.paired)
            tricks[v].append(res.gain_tricks)
            points[v].append(res.gain_points)
            print(f"  board {board} {v}: {res.gain_points:+.2f} points", flush=True)
        board += 1
    for v in variants:
        print(f"| {v} players={args.players} | {high} | {_ci(tricks[v])} | {_ci(points[v])} | "
              f"{len(points[v])} | |")


if __name__ == "__main__":
    main()
