"""``python -m openwhist.native [--check | --if-needed]``: compile the trick-play core.

With no option, build it (unless it is built) and print the seconds it took and where it
lies.  ``--check`` only tells, by its exit status, whether it is built for this source
(0) or not (1); ``--if-needed`` builds it unless it is built, quietly, and where this
machine cannot build it (no mypyc, C compiler or Python headers) says why and exits 0:
the pure Python core is used (the set-up script runs it).
"""

from __future__ import annotations

import argparse
import sys
import time

from openwhist.native import build, cache_dir, can_build, is_built


def main(argv: list[str] | None = None) -> int:
    """``python -m openwhist.native [--check | --if-needed]``: build the compiled core."""
    parser = argparse.ArgumentParser(prog="python -m openwhist.native", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--check", action="store_true",
                       help="exit 0 if the compiled core is built for this source, else 1")
    group.add_argument("--if-needed", action="store_true",
                       help="build it unless it is built; say nothing if it is, and exit 0 "
                            "with a note if this machine cannot build it")
    args = parser.parse_args(argv)
    if args.check:
        return 0 if is_built() else 1
    if args.if_needed and is_built():
        return 0
    why = can_build()
    if why is not None:
        print(f"the trick-play core stays pure Python: {why}", file=sys.stderr)
        return 0 if args.if_needed else 1
    start = time.perf_counter()
    try:
        folder = build()
    except RuntimeError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"error: cannot write the compiled core to {cache_dir()}: "
              f"{error.strerror or error} (OPENWHIST_CACHE_DIR sets another folder)", file=sys.stderr)
        return 1
    print(f"trick-play core compiled in {time.perf_counter() - start:.1f} s (cache: {folder})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
