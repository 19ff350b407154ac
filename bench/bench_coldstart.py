"""Benchmark the solver's start: the first solve and the first PIMC card in a fresh process.

Each figure is one fresh Python process, timed from its start to its exit:

  * ``solve``: ``openwhist solve DEAL --no-table`` on a 13-card deal (the command line,
    its imports, loading the solver and the search);
  * ``pimc``: import openwhist, deal, and let a PIMC player choose its first card.

"cold" runs find an empty cache folder (a temporary ``OPENWHIST_CACHE_DIR``), as on a
fresh machine: they compile the solver.  "warm" runs use the folder the cold run filled,
as every later run on the machine does (and every other installation of the same
openwhist on it).

Run:  .venv/bin/python bench/bench_coldstart.py [--warm-runs 3] [--no-cold]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

DEAL = "N:AKQ2.K93.T84.J72 JT9.AQ85.K62.A95 8643.J7.AQ97.K84 75.T642.J53.QT63"
PIMC = ("import openwhist; from openwhist.bots.pimc import PimcBot; "
        "d = openwhist.new_deal('classic', seed=7, dealer=0); "
        "print(PimcBot(seed=1).choose(d.observation(d.controller(d.to_move))))")


def run(args: list[str], cache: str) -> float:
    """Seconds for one fresh process running ``args`` with the cache folder ``cache``."""
    env = dict(os.environ, OPENWHIST_CACHE_DIR=cache)
    start = time.perf_counter()
    done = subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode:
        sys.exit(f"{' '.join(args)} failed:\n{done.stderr}")
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    """Parse the options and print the cold and warm start times."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--warm-runs", type=int, default=3,
                        help="warm runs of each command (the median is printed); default 3")
    parser.add_argument("--no-cold", action="store_true",
                        help="leave out the cold run (it compiles the solver: a minute or two); the "
                             "warm runs then use the user's own cache folder")
    parser.add_argument("--cold-pimc", action="store_true",
                        help="also time a cold first PIMC card (compiles the solver once more)")
    args = parser.parse_args(argv)
    commands = {
        "solve": [sys.executable, "-m", "openwhist", "solve", DEAL, "--no-table"],
        "pimc": [sys.executable, "-c", PIMC],
    }
    with tempfile.TemporaryDirectory(prefix="openwhist-cache-") as tmp:
        if args.no_cold:
            from openwhist.solver._cache import cache_root

            cache = str(cache_root())
        else:
            cache = tmp
            print(f"{'cold solve (empty cache)':<26} {run(commands['solve'], cache):7.1f} s", flush=True)
        if args.cold_pimc:
            with tempfile.TemporaryDirectory(prefix="openwhist-cache-") as empty:
                print(f"{'cold pimc (empty cache)':<26} {run(commands['pimc'], empty):7.1f} s", flush=True)
        for name, cmd in commands.items():
            times = [run(cmd, cache) for _ in range(max(1, args.warm_runs))]
            print(f"{'warm ' + name:<26} {statistics.median(times):7.2f} s  "
                  f"(median of {len(times)}; {min(times):.2f} to {max(times):.2f})", flush=True)


if __name__ == "__main__":
    main()
