"""Random play of each family through the public API, in CPU milliseconds per deal, against
another checkout of openwhist in the same run.

Each round runs this checkout and, with ``--against``, the other one (its ``src/`` folder,
e.g. a ``git worktree`` of an older commit) in fresh processes, in turns, so that both meet
the same load; CPU time (``time.process_time``) and the best of ``--repeat`` repetitions
keep the figures steady on a busy machine.  A deal: ``new_deal`` with a seed, then a random
legal action until it is over (the auction too, where the family has one).

Usage: ``python bench/bench_rules.py [--against ../old/src] [--rounds 3] [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

DEALS = {"classic": 400, "dummy": 400, "german": 400, "belgian": 300}

_CHILD = """
import json, random, sys, time
import openwhist
def per_deal(variant, n):
    t = time.process_time()
    for i in range(n):
        d = openwhist.new_deal(variant, seed=i)
        rng = random.Random(i)
        while not d.is_over():
            acts = d.legal_actions()
            d.apply(acts[rng.randrange(len(acts))])
    return (time.process_time() - t) / n * 1e3
deals, repeat = json.loads(sys.argv[1]), int(sys.argv[2])
out = {}
for v, n in deals.items():
    per_deal(v, 20)
    out[v] = min(per_deal(v, n) for _ in range(repeat))
print(json.dumps(out))
"""


def measure(src: Path, repeat: int) -> dict[str, float]:
    """CPU ms per deal of each family with openwhist imported from ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run([sys.executable, "-c", _CHILD, json.dumps(DEALS), str(repeat)],
                          env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"openwhist from {src} failed:\n{done.stderr.strip()[-2000:]}")
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> None:
    """Measure this checkout (and another one) in turns; print the ranges per family."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--against", type=Path, help="the src/ folder of another checkout")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    here = Path(__file__).resolve().parents[1] / "src"
    if args.against is not None and not (args.against / "openwhist" / "__init__.py").is_file():
        raise SystemExit(f"--against {args.against}: no openwhist package there (give a src/ folder)")
    if args.rounds < 1 or args.repeat < 1:
        raise SystemExit("--rounds and --repeat are at least 1")
    runs: dict[str, list[dict[str, float]]] = {"this": [], "other": []}
    for r in range(args.rounds):
        if args.against is not None:
            runs["other"].append(measure(args.against, args.repeat))
        runs["this"].append(measure(here, args.repeat))
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    print("CPU ms per deal of random play (lower is better): best of each round, low-high")
    for v in DEALS:
        line = f"  {v:8s} this {_span(runs['this'], v)}"
        if runs["other"]:
            line += f"   other {_span(runs['other'], v)}"
        print(line)


def _span(runs: list[dict[str, float]], variant: str) -> str:
    values = sorted(r[variant] for r in runs)
    return f"{values[0]:.3f}-{values[-1]:.3f}"


if __name__ == "__main__":
    main()
