"""Mitchell and Howell movements: how long making one takes, with its cards and slips, and
what a full movement gives, counted (rounds, boards, times each board is played, pairs that
sit out).

    python bench/bench_pairs.py [--pairs 8,15,30,40] [--boards 2] [--repeat 20]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from openwhist.drive.pairs import PairsMovement, howell, mitchell


def counted(m: PairsMovement) -> str:
    """Rounds, boards, the times each board is played and the sit-outs, in a line."""
    plays: Counter[int] = Counter()
    for rnd in m.rounds:
        for t in rnd.tables:
            if t.played:
                plays.update(t.boards)
    sat = sum(len(r.sitting_out) for r in m.rounds)
    return (f"{len(m.rounds)} rounds, {m.total_boards} boards played {min(plays.values())}-"
            f"{max(plays.values())} times, {sat} sit-outs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", default="8,15,30,40", help="the numbers of pairs, comma-separated")
    parser.add_argument("--boards", type=int, default=2, help="boards a round")
    parser.add_argument("--repeat", type=int, default=20, help="times each is made (the mean is shown)")
    args = parser.parse_args()
    for pairs in (int(x) for x in args.pairs.split(",")):
        for name, make in (("mitchell", mitchell), ("mitchell relay", None), ("howell", howell)):
            if name == "mitchell relay" and ((pairs + 1) // 2) % 2:
                continue
            start = time.perf_counter()
            for _ in range(args.repeat):
                m = mitchell(pairs, args.boards, relay=True) if make is None else make(pairs, args.boards)
                m.cards_text()
                m.slips_text()
            took = (time.perf_counter() - start) / args.repeat * 1000
            print(f"{pairs:3d} pairs, {name:14s}: {took:7.2f} ms with cards and slips; {counted(m)}")


if __name__ == "__main__":
    main()
