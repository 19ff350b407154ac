"""Benchmark German whist: the exact play phase, and the sampling bot against the rule book.

``solver`` (the default): ``--positions`` play-phase positions reached by real play.  Each
seeded deal's stock phase is played by two rule-book players (``HeuristicBot``); the
position where the stock is empty (13 cards each, the winner of trick 13 on lead) goes to
:func:`openwhist.solver.solve_all`, the value of every card of the player on lead, each
position searched ``--repeat`` times (the fastest kept).  Prints the median, p95 and
largest times (goal: p95 at most 2 ms) and the median and p95 node counts.

``arena``: ``--boards`` duplicate boards between ``--bots`` (each board played twice with
the seats swapped on the same deal, so ``2 * boards`` hands), ``--workers`` processes.
Prints the share of hands each bot won (a drawn 13-13 hand counts half) and A's mean
score difference per hand, both with 95% confidence intervals, and the seconds per move
of bot A measured in the same run (phase by phase).

Run:  .venv/bin/python bench/bench_german.py solver [--positions 1000]
      .venv/bin/python bench/bench_german.py arena [--boards 1000] [--bots solver heuristic]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import statistics
import sys
import time

import openwhist
from openwhist.arena import BoardResult, board_to_dict, mean_ci, run_arena
from openwhist.bots import HeuristicBot, make_bot, play_out
from openwhist.solver import Position, last_stats, solve_all, warm_up


def play_phase_positions(count: int, seed: int = 0) -> list[Position]:
    """Positions at the start of the play phase of ``count`` seeded deals whose stock phase
    the rule-book player played on both sides."""
    out: list[Position] = []
    book = HeuristicBot()
    i = 0
    while len(out) < count:
        deal = openwhist.new_deal("german", seed=seed + i, dealer=i % 2)
        i += 1
        def past_stock(_seat: int, d: openwhist.Deal = deal) -> bool:
            return d.phase != "stock"

        play_out(deal, {0: book, 1: book}, stop=past_stock)
        mover = deal.to_move
        if deal.phase == "play" and mover is not None:
            out.append(Position.from_state(deal, declarer_side=deal.sides[mover]))
    return out


def bench_solver(args: argparse.Namespace) -> dict[str, float]:
    """Time solve_all on real play-phase positions; returns the figures printed."""
    warm_up()
    positions = play_phase_positions(args.positions, args.seed)
    times: list[float] = []
    nodes: list[int] = []
    values = hashlib.sha256()
    for pos in positions:
        best = math.inf
        for _ in range(args.repeat):
            t = time.perf_counter()
            scores = solve_all(pos)
            best = min(best, time.perf_counter() - t)
        times.append(best)
        nodes.append(last_stats().nodes)
        values.update(repr(sorted((int(c), v) for c, v in scores.items())).encode())
    times.sort()
    nodes.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    out = {"positions": len(times), "median_ms": 1e3 * statistics.median(times),
           "p95_ms": 1e3 * p95, "max_ms": 1e3 * times[-1],
           "median_nodes": statistics.median(nodes), "p95_nodes": nodes[int(0.95 * (len(nodes) - 1))]}
    print(f"German play phase, {len(times)} positions after a rule-book stock phase "
          f"(13 cards each), value of every card (solve_all):")
    print(f"  median {out['median_ms']:.3f} ms   p95 {out['p95_ms']:.3f} ms   "
          f"max {out['max_ms']:.3f} ms   (goal: p95 <= 2 ms)")
    print(f"  nodes: median {out['median_nodes']:.0f}   p95 {out['p95_nodes']:.0f}")
    # every card's value of every position: equal hashes, equal answers
    print(f"  values hash {values.hexdigest()[:8]}")
    return out


def hand_outcomes(board: BoardResult) -> tuple[list[float], list[float]]:
    """Per hand of a board (A at N, A at S): 1 if A won it, 0.5 if drawn, 0 if lost; and
    A's score less B's in that hand (the points of seed 001's scoring)."""
    wins: list[float] = []
    diffs: list[float] = []
    # points_a[k] is A's score in play k, points_b the score of B in the other seat of the
    # same play: tricks_a[0] with tricks_b[1] was one hand (A at N, B at S), and so on
    for a_tricks, b_tricks, a_pts, b_pts in ((board.tricks_a[0], board.tricks_b[1],
                                               board.points_a[0], board.points_b[1]),
                                              (board.tricks_a[1], board.tricks_b[0],
                                               board.points_a[1], board.points_b[0])):
        wins.append(1.0 if a_tricks > b_tricks else 0.5 if a_tricks == b_tricks else 0.0)
        diffs.append(float(a_pts - b_pts))
    return wins, diffs


class _Timed:
    """Wraps a bot and keeps its seconds per move, by phase."""

    def __init__(self, bot: object) -> None:
        self.bot = bot
        self.name = getattr(bot, "name", "bot")
        self.times: dict[str, list[float]] = {}

    def choose(self, obs: openwhist.Observation) -> openwhist.Action:
        t = time.perf_counter()
        action = self.bot.choose(obs)  # type: ignore[attr-defined]
        self.times.setdefault(obs.phase, []).append(time.perf_counter() - t)
        return action  # type: ignore[no-any-return]


def move_times(spec: str, hands: int, seed: int) -> dict[str, tuple[float, float, float]]:
    """Seconds per move of ``spec`` (median, p95, max per phase) over ``hands`` hands
    against the rule-book player, on one core."""
    timed = _Timed(make_bot(spec, seed=seed))
    book = HeuristicBot()
    for i in range(hands):
        deal = openwhist.new_deal("german", seed=seed + 50_000 + i, dealer=i % 2)
        play_out(deal, {i % 2: timed, 1 - i % 2: book})
    out = {}
    for phase, ts in timed.times.items():
        ts.sort()
        out[phase] = (statistics.median(ts), ts[int(0.95 * (len(ts) - 1))], ts[-1])
    return out


def bench_arena(args: argparse.Namespace) -> dict[str, object]:
    """The arena between the two bots, with win rate and score difference."""
    warm_up()
    start = time.perf_counter()
    done = [0]

    def progress(n: int) -> None:
        if n - done[0] >= 50 or n == args.boards:
            done[0] = n
            print(f"  {n} boards, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)

    lines = open(args.boards_file, "w") if args.boards_file else None  # noqa: SIM115

    def keep(board: BoardResult) -> None:
        if lines is not None:
            lines.write(json.dumps(board_to_dict(board)) + "\n")
            lines.flush()

    res = run_arena("german", (args.bots[0], args.bots[1]), boards=args.boards, seed=args.seed,
                    workers=args.workers, progress=progress, on_board=keep)
    if lines is not None:
        lines.close()
    wins: list[float] = []
    diffs: list[float] = []
    for board in res.results:
        board_wins, board_diffs = hand_outcomes(board)
        wins.extend(board_wins)
        diffs.extend(board_diffs)
    w = mean_ci(wins)
    d = mean_ci(diffs)
    won = sum(1 for x in wins if x == 1.0)
    drawn = sum(1 for x in wins if x == 0.5)
    summary = {"bots": args.bots, "hands": len(wins), "won": won, "drawn": drawn,
               "lost": len(wins) - won - drawn, "win_rate": w, "score_diff": d,
               "gain_tricks": mean_ci(res.gain_tricks), "seconds": res.seconds}
    print(f"{args.bots[0]} against {args.bots[1]}: {len(wins)} hands ({res.boards} boards, seats "
          f"swapped), {time.perf_counter() - start:.0f} s")
    print(f"  hands won {won}, drawn {drawn}, lost {summary['lost']}")
    print(f"  win rate (a draw counts half) {100 * w[0]:.1f}%  95% CI [{100 * w[1]:.1f}, {100 * w[2]:.1f}]")
    print(f"  score difference per hand {d[0]:+.3f}  95% CI [{d[1]:+.3f}, {d[2]:+.3f}]")
    g = summary["gain_tricks"]
    assert isinstance(g, tuple)
    print(f"  tricks gained per hand {g[0]:+.3f}  95% CI [{g[1]:+.3f}, {g[2]:+.3f}]")
    if args.time_hands:
        times = move_times(args.bots[0], args.time_hands, args.seed)
        summary["move_seconds"] = times
        for phase, (med, p95, mx) in sorted(times.items()):
            print(f"  {args.bots[0]} seconds per move, {phase} phase: median {med:.4f}  "
                  f"p95 {p95:.4f}  max {mx:.4f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)
    return summary


def main() -> None:
    """Parse the command line and run one benchmark."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("solver", "arena"), nargs="?", default="solver")
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--boards", type=int, default=1000)
    ap.add_argument("--bots", nargs=2, default=["solver", "heuristic"])
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--time-hands", type=int, default=20,
                    help="hands played afterwards on one core to time bot A's moves")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", help="write the summary here")
    ap.add_argument("--boards-file", help="write each board's result here as it comes (JSON lines)")
    args = ap.parse_args()
    if args.what == "solver":
        bench_solver(args)
    else:
        bench_arena(args)


if __name__ == "__main__":
    main()
