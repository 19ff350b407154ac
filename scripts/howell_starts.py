"""Find the starters and adders of cyclic Room squares and keep them in
src/openwhist/drive/howell_starts.py (the Howell movement's data; see
openwhist.drive.pairs).

A Room square of side m (odd) from a starter and an adder (Mullin and Nemeth, 1969; Stanton
and Mullin's starter-adder method): the pairs {x_i, y_i} partition the nonzero elements of
Z_m and their differences +-(x_i - y_i) are every nonzero element once (a starter); the
adders a_i are distinct and nonzero, and the elements x_i - a_i, y_i - a_i are distinct and
nonzero too.  Then in round r pairs x_i + r and y_i + r play board set a_i + r, and the
infinite pair plays pair r on set r.  This script tries the patterned starter {x, -x} first
and every starter in turn where it has no adder (side 9), finding the adders by a
backtracking search in order; every square is checked by counting in
tests/test_drive_pairs.py.

    python scripts/howell_starts.py --up-to 20     # Howell movements of 4 to 20 tables
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Iterator
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "src/openwhist/drive/howell_starts.py"


def adders(m: int, starter: list[tuple[int, int]]) -> list[int] | None:
    """Adders for ``starter`` in Z_m by backtracking (the first found), or None."""
    used_a, used_e, out = {0}, {0}, []

    def search(i: int) -> bool:
        if i == len(starter):
            return True
        x, y = starter[i]
        for a in range(1, m):
            e1, e2 = (x - a) % m, (y - a) % m
            if a in used_a or e1 in used_e or e2 in used_e:
                continue
            used_a.add(a)
            used_e.update((e1, e2))
            out.append(a)
            if search(i + 1):
                return True
            used_a.discard(a)
            used_e.difference_update((e1, e2))
            out.pop()
        return False

    return out if search(0) else None


def starters(m: int) -> Iterator[list[tuple[int, int]]]:
    """The patterned starter, then every starter of Z_m."""
    yield [(x, m - x) for x in range(1, (m + 1) // 2)]

    def more(rest: list[int], got: list[tuple[int, int]], diffs: set[int]) -> Iterator[list[tuple[int, int]]]:
        if not rest:
            yield list(got)
            return
        x = rest[0]
        for y in rest[1:]:
            d = {(x - y) % m, (y - x) % m}
            if d & diffs:
                continue
            yield from more([z for z in rest if z not in (x, y)], [*got, (x, y)], diffs | d)

    yield from more(list(range(1, m)), [], set())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--up-to", type=int, default=20, help="the most tables (default 20)")
    args = parser.parse_args()
    rows = []
    for tables in range(4, args.up_to + 1):
        m = 2 * tables - 1
        for st in starters(m):
            found = adders(m, st)
            if found is not None:
                body = ", ".join(f"({x}, {y}, {a})" for (x, y), a in zip(st, found))
                rows.append(textwrap.fill(f"{tables}: ({body}),", 104, initial_indent="    ",
                                          subsequent_indent="        "))
                break
    DATA.write_text(
        '"""Starters and adders of cyclic Room squares: the Howell movements of 4 tables and more,\n'
        "found by scripts/howell_starts.py (see openwhist.drive.pairs); per number of tables T,\n"
        "over Z_(2T - 1) the triples (x, y, a): pairs x and y play board set a in round 0.\"\"\"\n\n"
        "STARTS: dict[int, tuple[tuple[int, int, int], ...]] = {\n" + "\n".join(rows) + "\n}\n",
        encoding="utf-8")


if __name__ == "__main__":
    main()
