"""``python -m openwhist.solver [--check | --if-needed]``: compile (or load) the solver.

With no option, load the solver's kernels (compiling them if this machine has not yet)
and print the seconds it took and which kernels run (C, numba or plain Python: see
``OPENWHIST_SOLVER``).  ``--check`` only tells, by its exit status, whether the kernels
are compiled for this machine (or another process is compiling the numba ones now: 0),
or not (1); ``--if-needed`` loads them quietly when they are compiled and compiles them
when they are not (the set-up scripts run it).
"""

from __future__ import annotations

import argparse
import os
import sys


def _ready() -> bool:
    """Whether the kernels this process would use need no compiling first (or cannot be
    compiled here, or another process compiles the numba ones now)."""
    from openwhist.solver import compiled

    if compiled():
        return True
    choice = os.environ.get("OPENWHIST_SOLVER", "").strip().lower()
    if choice == "numba":
        from openwhist.solver import _cache

        return _cache.compiling_elsewhere()
    from openwhist.solver import _ckernel

    return _ckernel.compiler() is None


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
    from openwhist.errors import InvalidActionError

    ready = _ready()
    if args.check:
        return 0 if ready else 1
    from openwhist.solver import backend, warm_up

    try:
        seconds = warm_up()
    except InvalidActionError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except RuntimeError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if not (args.if_needed and ready):
        print(f"solver ready in {seconds:.1f} s ({backend()} kernels)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
