"""``python -m openwhist.solver [--check | --if-needed]``: compile (or load) the solver.

With no option, load the solver (compiling it if this machine has not yet) and print the
seconds it took.  ``--check`` only tells, by its exit status, whether the compiled solver
is in the cache or another process is compiling it now (0), or neither (1);
``--if-needed`` loads it quietly when it is cached and compiles it when it is not (the
set-up scripts run it).
"""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m openwhist.solver", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--check", action="store_true",
                       help="exit 0 if the solver is compiled for this machine or being compiled "
                            "now, else 1")
    group.add_argument("--if-needed", action="store_true",
                       help="compile the solver unless it is in the cache already")
    args = parser.parse_args(argv)
    from openwhist.solver import _cache, _search, warm_up

    cached = _cache.is_cached([_search.search, _search.node_value, _search.root_values])
    if args.check:
        return 0 if cached or _cache.compiling_elsewhere() else 1
    seconds = warm_up()
    if not (args.if_needed and cached):
        print(f"solver ready in {seconds:.1f} s (cache: {_cache.cache_dir()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
