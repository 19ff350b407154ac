"""Benchmark the double-dummy solver, side by side with DDS (through endplay) where it can.

Four-hand classic whist, on the DDS golden deals:
  * the opening position (13 cards each): the value of every card the leader may lead,
    checked against the golden file;
  * positions after 4 and after 8 tricks of a seeded random playout of the same deals.
Our solver only (DDS has no such positions):
  * German whist play phase: 2 hands of 13 cards, trump, 1 v 1: value of every card, and
    the value of the position alone;
  * 1 against 3 (solo), most tricks, 10 cards; misere (fewest tricks, 1 v 3), 8 cards.

Run:  .venv/bin/python bench/bench_solver.py [--deals N] [--repeat R] [--no-dds] [--worst N] [--only NAME ...]
(``OPENWHIST_SOLVER=c|numba|python`` picks the solver's kernels; C by default)
Prints median and p95 seconds per position and, with DDS, the ratios ours / DDS of the
medians and p95s, and the median and p95 of the ratio on each position; for the
classic positions also the trick starts of both solvers (DDS's node count) and the summed
times, whose ratio splits into search size and time per trick start.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from openwhist.cards import parse_hand, shuffled_deck
from openwhist.rules.tricks import legal_mask, trick_winner
from openwhist.solver import Position, last_stats, solve, solve_all

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "dds_whist_golden.json"
SEATS = "NESW"
PBN_SUITS = (3, 2, 1, 0)  # spades, hearts, diamonds, clubs


def pbn(hands: list[int], first: int = 0) -> str:
    """A PBN deal string of four hand masks, from ``first``."""
    parts = []
    for i in range(4):
        h = hands[(first + i) % 4]
        suits = []
        for s in PBN_SUITS:
            suits.append("".join("23456789TJQKA"[r] for r in range(12, -1, -1) if h >> (13 * s + r) & 1))
        parts.append(".".join(suits))
    return f"{SEATS[first]}:" + " ".join(parts)


def playout(hands: list[int], trump: int, leader: int, tricks: int,
            rng: random.Random) -> tuple[list[int], int]:
    """Play ``tricks`` tricks of random legal cards; the hands left and the next leader."""
    hands = list(hands)
    for _ in range(tricks):
        trick: list[int] = []
        for i in range(4):
            seat = (leader + i) % 4
            legal = legal_mask(hands[seat], trick[0] // 13 if trick else -1)
            cards = [c for c in range(52) if legal >> c & 1]
            c = rng.choice(cards)
            hands[seat] ^= 1 << c
            trick.append(c)
        leader = (leader + trick_winner(trick, trump)) % 4
    return hands, leader


def golden_cases(n_deals: int, after: int) -> list[tuple[list[int], int, int]]:
    data = json.loads(GOLDEN.read_text())
    cases = []
    rng = random.Random(2024 + after)
    for deal in data["deals"][:n_deals]:
        hands = [parse_hand(deal["hands"][s]) for s in SEATS]
        trump = "CDHS".index(deal["trump"])
        leader = SEATS.index(deal["leader"])
        if after:
            hands, leader = playout(hands, trump, leader, after, rng)
        cases.append((hands, trump, leader))
    return cases


def timed(fn: Callable[[], Any]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return statistics.median(ordered), p95


def dds_solver() -> Callable[[list[int], int, int], tuple[float, int]] | None:
    """A function that solves a position with DDS: seconds, and the trick starts DDS
    reports (0 where endplay does not expose them); None without endplay."""
    try:
        from endplay.dds import solve_board
        from endplay.types import Deal, Denom, Player
    except ImportError:
        return None
    denoms = {3: Denom.spades, 2: Denom.hearts, 1: Denom.diamonds, 0: Denom.clubs, -1: Denom.nt}
    players = (Player.north, Player.east, Player.south, Player.west)

    def run(hands: list[int], trump: int, leader: int) -> tuple[float, int]:
        deal = Deal(pbn(hands), first=players[leader], trump=denoms[trump])
        solved: list[Any] = []
        seconds = timed(lambda: solved.append(solve_board(deal)))
        return seconds, int(getattr(getattr(solved[0], "_data", None), "nodes", 0))

    return run


def ours_all(hands: list[int], trump: int, leader: int,
             golden: dict[str, int] | None = None) -> tuple[float, int, int]:
    """Seconds, search nodes and trick starts to score every lead; with ``golden`` (DDS's
    score of each lead, cards written rank first), check the scores against it."""
    pos = Position(tuple(hands), trump, leader, (), (0, 1, 0, 1), leader % 2)
    scores: dict[Any, int] = {}
    seconds = timed(lambda: scores.update(solve_all(pos)))
    if golden is not None:
        got = {str(c)[::-1]: v for c, v in scores.items()}
        if got != golden:
            raise SystemExit(f"opening lead scores differ from DDS: {got} != {golden}")
    stats = last_stats()
    return seconds, stats.nodes, stats.trick_starts


def line(name: str, ours: list[float], dds: list[float] | None) -> None:
    om, op = summary(ours)
    text = f"{name:<34} n={len(ours):<3} ours median {om * 1000:9.2f} ms  p95 {op * 1000:9.2f} ms"
    if dds:
        dm, dp = summary(dds)
        pm, pp = summary([a / b for a, b in zip(ours, dds)])
        text += (f" | DDS median {dm * 1000:8.2f} ms  p95 {dp * 1000:8.2f} ms"
                 f" | ratio median {om / dm:6.2f}  p95 {op / dp:6.2f}"
                 f" | per position: median {pm:5.2f}  p95 {pp:5.2f}")
    print(text, flush=True)


def bench_classic(n_deals: int, after: int, use_dds: bool, repeat: int = 1, worst: int = 0) -> None:
    """Time both solvers on each position; with ``repeat`` > 1, go through all the
    positions that many times (so that DDS never solves the same deal twice in a row,
    which would reuse its table) and keep each position's best time.  With ``worst``,
    list that many deals where our search has the most trick starts for DDS's one."""
    cases = golden_cases(n_deals, after)
    deals = json.loads(GOLDEN.read_text())["deals"]
    dds = dds_solver() if use_dds else None
    ours = [float("inf")] * len(cases)
    theirs = [float("inf")] * len(cases) if dds is not None else []
    nodes: list[int] = []
    deal_starts: list[tuple[int, int]] = []  # ours and DDS's, per position
    starts = dds_starts = 0  # trick starts, the count that does not depend on the machine
    for r in range(repeat):
        for i, (hands, trump, leader) in enumerate(cases):
            golden = deals[i]["opening_lead_scores"] if after == 0 and r == 0 else None
            seconds, count, ts = ours_all(hands, trump, leader, golden)
            ours[i] = min(ours[i], seconds)
            if r == 0:
                nodes.append(count)
                starts += ts
                deal_starts.append((ts, 0))
            if dds is not None:
                seconds, ts = dds(hands, trump, leader)
                theirs[i] = min(theirs[i], seconds)
                if r == 0:
                    dds_starts += ts
                    deal_starts[i] = (deal_starts[i][0], ts)
    checked = " (scores checked against DDS's golden file)" if after == 0 else ""
    best = f", best of {repeat}" if repeat > 1 else ""
    line(f"classic, all leads, after {after} tricks{best}", ours, theirs or None)
    print(f"{'':<34} nodes median {statistics.median(nodes):.0f}  max {max(nodes)}{checked}", flush=True)
    if dds_starts:
        print(f"{'':<34} trick starts, all positions: ours {starts}  DDS {dds_starts}  "
              f"ratio {starts / dds_starts:.2f}", flush=True)
        # the ratio of summed times splits into search size (trick starts) and speed
        # (time per trick start)
        total, dds_total = sum(ours), sum(theirs)
        print(f"{'':<34} time, all positions: ours {total * 1000:.1f} ms  DDS {dds_total * 1000:.1f} ms  "
              f"ratio {total / dds_total:.2f}; per trick start "
              f"{(total / starts) / (dds_total / dds_starts):.2f}", flush=True)
        ranked = sorted(range(len(cases)), key=lambda i: -deal_starts[i][0] / max(1, deal_starts[i][1]))
        for i in ranked[:worst]:
            ours_ts, dds_ts = deal_starts[i]
            strain = "CDHS"[cases[i][1]] if cases[i][1] >= 0 else "NT"
            print(f"{'':<34} deal {i:>2} ({strain}): trick starts ours {ours_ts}  DDS {dds_ts}  "
                  f"ratio {ours_ts / max(1, dds_ts):.2f} | time ratio {ours[i] / theirs[i]:.2f}", flush=True)


def random_hands(seed: int, n: int, cards: int) -> list[int]:
    deck = shuffled_deck(seed)
    return [sum(1 << c for c in deck[i * cards:(i + 1) * cards]) for i in range(n)]


def best_of(fn: Callable[[], Any], repeat: int) -> float:
    """The least of ``repeat`` timings of ``fn`` (each solve starts a new search: the
    table keeps nothing from the one before)."""
    return min(timed(fn) for _ in range(repeat))


def bench_german(n_deals: int, repeat: int = 1) -> None:
    times = []
    values = []
    for seed in range(n_deals):
        hands = random_hands(seed, 2, 13)
        pos = Position(tuple(hands), seed % 4, seed % 2, (), (0, 1), 0)
        times.append(best_of(lambda p=pos: solve_all(p), repeat))  # type: ignore[misc]
        values.append(best_of(lambda p=pos: solve(p), repeat))  # type: ignore[misc]
    line("German whist play phase, all cards", times, None)
    line("German whist play phase, value", values, None)


def bench_solo(n_deals: int, objective: str, name: str, cards: int = 13, repeat: int = 1) -> None:
    times = []
    for seed in range(n_deals):
        hands = random_hands(1000 + seed, 4, cards)
        pos = Position(tuple(hands), -1 if objective == "min" else seed % 4, 1, (), (0, 1, 1, 1), 0,
                       objective)  # type: ignore[arg-type]
        times.append(best_of(lambda p=pos: solve(p), repeat))  # type: ignore[misc]
    line(name, times, None)


def start_up() -> None:
    """Seconds to import the solver and solve a tiny position in a fresh process."""
    code = ("import time; t = time.perf_counter(); from openwhist.solver import warm_up; warm_up(); "
            "print(time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    print(f"{'start-up (import + first solve)':<34} {float(out.stdout) * 1000:.0f} ms", flush=True)


def main(argv: list[str] | None = None) -> None:
    """Parse the options and run the benchmarks."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=60,
                        help="golden deals (and random deals per other benchmark) to time; default 60, "
                             "every golden deal (the median of 20 rests on the two middle deals, whose "
                             "ratios to DDS vary from 0.5 to 1.3)")
    parser.add_argument("--no-dds", action="store_true", help="leave out DDS (endplay)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="times each position is solved (by each solver, in turns, for the classic "
                             "ones), keeping the best: less noise from the machine; default 3")
    parser.add_argument("--worst", type=int, default=0, metavar="N",
                        help="with DDS, list the N positions of each classic benchmark where our search "
                             "has the most trick starts for DDS's one (default 0: none)")
    parser.add_argument("--only", nargs="*",
                        choices=["startup", "opening", "after4", "after8", "german", "solo", "misere"],
                        help="run only these benchmarks")
    args = parser.parse_args(argv)
    chosen = set(args.only or ["startup", "opening", "after4", "after8", "german", "solo", "misere"])
    from openwhist.solver import backend, warm_up

    warm_up()
    print(f"the solver's {backend()} kernels", flush=True)
    if "startup" in chosen:
        start_up()
    use_dds = not args.no_dds
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    if args.worst < 0:
        parser.error("--worst must be 0 or more")
    if "after8" in chosen:
        bench_classic(args.deals, 8, use_dds, args.repeat, args.worst)
    if "after4" in chosen:
        bench_classic(args.deals, 4, use_dds, args.repeat, args.worst)
    if "opening" in chosen:
        bench_classic(args.deals, 0, use_dds, args.repeat, args.worst)
    if "german" in chosen:
        bench_german(args.deals, args.repeat)
    if "solo" in chosen:
        bench_solo(args.deals, "max", "1 against 3, most tricks, 10 cards", cards=10, repeat=args.repeat)
    if "misere" in chosen:
        bench_solo(args.deals, "min", "misere (1 v 3, NT), fewest, 8 cards", cards=8, repeat=args.repeat)


if __name__ == "__main__":
    main()
