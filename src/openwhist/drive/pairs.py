"""Mitchell and Howell movements: pairs at real tables playing duplicate boards.

A pairs drive at the club seats fixed partnerships (pair ``k`` is people ``2k - 2`` and
``2k - 1``, pairs numbered from 1) at four-hand tables, one pair N-S and one E-W, and the
boards travel: a board set (``boards`` boards a round; set ``s`` holds boards
``(s - 1) * boards + 1`` to ``s * boards``) is played at one table a round and moves on, so
every pair plays every board at most once and the results of a board are compared across
the tables that played it (matchpoints).

- :func:`mitchell`: N-S pair ``t`` stays at table ``t``; E-W pairs move up a table each
  round (from the last table to the first), board sets move down a table. With an odd
  number of tables every E-W pair meets every N-S pair and plays every set once in as many
  rounds as tables. With an even number of tables the E-W pairs would meet the same sets
  again after half the rounds: the **skip** (after round ``T / 2`` the E-W pairs move up
  two tables; ``T - 1`` rounds) or, with ``relay=True``, the **relay and bye stand** (the
  sets move down through ``T`` places: tables 2 to ``T / 2``, a bye stand where a set
  rests a round, tables ``T / 2 + 1`` to ``T - 1``, and tables 1 and ``T``, which share
  their set, each playing its boards in turn: ``T`` rounds).
- :func:`howell`: every pair meets every other pair once, in ``P - 1`` rounds for an even
  number ``P`` of pairs. From 4 tables it is a Room square of side ``P - 1`` made by the
  starter-adder method (Mullin and Nemeth, "An existence theorem for Room squares",
  Canadian Mathematical Bulletin 12, 1969; the Howell movements of the bridge clubs are
  Room squares, Howell's own movements cyclic ones): over Z_(P-1) and an infinite pair, in
  round ``r`` the starter's pairs ``x + r`` and ``y + r`` play set ``a + r``, the infinite
  pair (the last) plays pair ``r`` at the last table on set ``r``; the starters and adders
  are kept in :mod:`openwhist.drive.howell_starts`. No Room square of side 3 or 5 exists,
  so 2 and 3 tables play the circle method's rounds with one set a round that every table
  shares, each starting at a different board (at least as many boards a round as tables).

An odd number of pairs plays with a missing pair (a phantom: the last E-W pair of a
Mitchell, the last pair of a Howell): the pair it would meet sits the round out and that
table's boards rest. Everything here is a pure function of its numbers; the tests check
every property by counting.

>>> m = mitchell(6, boards=2)
>>> [(t.table, t.ns, t.ew, t.boards) for t in m.rounds[1].tables]
[(1, 1, 6, (3, 4)), (2, 2, 4, (5, 6)), (3, 3, 5, (1, 2))]
>>> print(m.card(4)[0].text())
round 1: table 1, E-W, boards 1-2, against pair 1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from openwhist.drive.howell_starts import STARTS
from openwhist.errors import InvalidActionError

__all__ = [
    "MAX_BOARDS",
    "MAX_TABLES",
    "PAIR_MOVEMENTS",
    "CardRow",
    "PairsKind",
    "PairsMovement",
    "PairsRound",
    "Sitting",
    "SlipRow",
    "howell",
    "mitchell",
    "pairs_movement",
]

PairsKind = Literal["mitchell", "howell"]
"""The movements of pairs at real tables with duplicate boards."""
PAIR_MOVEMENTS: tuple[PairsKind, ...] = ("mitchell", "howell")
"""Every pairs movement, in the order the command line lists them."""
MAX_TABLES: dict[str, int] = {"mitchell": 50, "howell": max(STARTS)}
"""The most tables of each movement (a Howell's Room squares are kept up to this)."""
MAX_BOARDS = 8
"""The most boards a round."""


@dataclass(frozen=True)
class Sitting:
    """One table in one round: the N-S and E-W pairs (numbers from 1; None: a missing
    pair, so nobody plays there) and the boards, in the order this table plays them
    (tables sharing a set play its boards in turn, never one board at two tables at once)."""

    table: int
    ns: int | None
    ew: int | None
    boards: tuple[int, ...]

    @property
    def played(self) -> bool:
        """Whether two pairs play here (not a missing pair's table)."""
        return self.ns is not None and self.ew is not None


@dataclass(frozen=True)
class PairsRound:
    """One round: its number (from 1), its tables, the pairs that sit it out and the
    boards that rest (on the bye stand, or at a missing pair's table)."""

    number: int
    tables: tuple[Sitting, ...]
    sitting_out: tuple[int, ...]
    resting: tuple[int, ...]


@dataclass(frozen=True)
class CardRow:
    """A line of a pair's movement card: in round ``round`` the pair sits at ``table``
    in ``direction`` ("N-S" or "E-W"), plays ``boards`` against pair ``against``; table
    None: it sits the round out."""

    round: int
    table: int | None
    direction: str | None
    boards: tuple[int, ...]
    against: int | None

    def text(self, label: dict[int, str] | None = None) -> str:
        """The line as printed (pairs by ``label``, else by number)."""
        if self.table is None or self.against is None:
            return f"round {self.round}: sits out"
        who = label[self.against] if label else str(self.against)
        return (f"round {self.round}: table {self.table}, {self.direction}, boards "
                f"{board_range(self.boards)}, against pair {who}")


@dataclass(frozen=True)
class SlipRow:
    """A line of a board's slip (its traveller): in round ``round`` at ``table`` N-S pair
    ``ns`` plays it against E-W pair ``ew``."""

    round: int
    table: int
    ns: int
    ew: int


@dataclass(frozen=True)
class PairsMovement:
    """A Mitchell or Howell movement: ``pairs`` pairs at ``tables`` tables, ``boards``
    boards a round, ``sets`` board sets, the ``rounds`` played, and how the Mitchell of an
    even number of tables goes on (``even``: "skip" or "relay"; None otherwise)."""

    kind: PairsKind
    pairs: int
    tables: int
    boards: int
    sets: int
    rounds: tuple[PairsRound, ...]
    even: str | None = None

    @property
    def total_boards(self) -> int:
        """The boards the movement needs (every set)."""
        return self.sets * self.boards

    def card(self, pair: int) -> list[CardRow]:
        """Pair ``pair``'s movement card: per round its table, direction, boards and
        opponents (or that it sits out)."""
        if not 1 <= pair <= self.pairs:
            raise InvalidActionError(f"there is no pair {pair} in a movement of {self.pairs} pairs")
        rows = []
        for rnd in self.rounds:
            row = CardRow(rnd.number, None, None, (), None)
            for t in rnd.tables:
                if t.played and pair in (t.ns, t.ew):
                    ns = pair == t.ns
                    row = CardRow(rnd.number, t.table, "N-S" if ns else "E-W", t.boards,
                                  t.ew if ns else t.ns)
            rows.append(row)
        return rows

    def slips(self) -> dict[int, list[SlipRow]]:
        """Every board's slip (traveller): who plays it, round by round, and where."""
        out: dict[int, list[SlipRow]] = {b: [] for b in range(1, self.total_boards + 1)}
        for rnd in self.rounds:
            for t in rnd.tables:
                if t.ns is not None and t.ew is not None:
                    for b in t.boards:
                        out[b].append(SlipRow(rnd.number, t.table, t.ns, t.ew))
        return out

    def labels(self, names: Sequence[str] | None = None) -> dict[int, str]:
        """Each pair's label: its number and, given the people's ``names`` (two a pair,
        in pair order), theirs: ``"1 (Ann & Bob)"``."""
        if names is None:
            return {p: str(p) for p in range(1, self.pairs + 1)}
        if len(names) != 2 * self.pairs:
            raise InvalidActionError(f"{len(names)} names for {self.pairs} pairs: give two a pair")
        return {p: f"{p} ({names[2 * p - 2]} & {names[2 * p - 1]})" for p in range(1, self.pairs + 1)}

    def headline(self) -> str:
        """The movement in a line: kind, pairs, tables, rounds, boards."""
        how = {"skip": ", the E-W pairs skip a table after round " + str(self.tables // 2),
               "relay": ", a relay between tables 1 and " + f"{self.tables} and a bye stand"}
        plural = "s" if len(self.rounds) != 1 else ""
        return (f"{self.kind} movement: {self.pairs} pairs at {self.tables} tables, "
                f"{len(self.rounds)} round{plural} of {self.boards} boards ({self.total_boards} "
                f"boards){how.get(self.even or '', '')}")

    def text(self, names: Sequence[str] | None = None) -> str:
        """The movement printed: each round's tables (N-S pair, E-W pair, boards), who sits
        out and which boards rest."""
        label = self.labels(names)
        lines = [self.headline()]
        for rnd in self.rounds:
            lines.append(f"round {rnd.number}")
            for t in rnd.tables:
                ns = label[t.ns] if t.ns is not None else "-"
                ew = label[t.ew] if t.ew is not None else "-"
                lines.append(f"  table {t.table}: N-S {ns}  E-W {ew}  boards {board_range(t.boards)}")
            if rnd.sitting_out:
                lines.append("  sits out: pair " + ", ".join(label[p] for p in rnd.sitting_out))
            if rnd.resting:
                lines.append(f"  resting: boards {board_range(rnd.resting)}")
        return "\n".join(lines) + "\n"

    def cards_text(self, names: Sequence[str] | None = None) -> str:
        """Every pair's movement card, one after the other."""
        label = self.labels(names)
        out = []
        for p in range(1, self.pairs + 1):
            out.append(f"movement card: pair {label[p]}")
            out += ["  " + row.text(label) for row in self.card(p)]
            out.append("")
        return "\n".join(out)

    def slips_text(self, names: Sequence[str] | None = None) -> str:
        """Every board's slip: round, table, N-S pair, E-W pair, and room for the result."""
        label = self.labels(names)
        out = []
        for board, rows in self.slips().items():
            out.append(f"board {board}")
            out += [f"  round {r.round}, table {r.table}: N-S {label[r.ns]} against E-W {label[r.ew]}"
                    f"   result ____" for r in rows]
            out.append("")
        return "\n".join(out)


def board_range(boards: Sequence[int]) -> str:
    """Boards as printed: ``1-3`` for a run, else by commas (a relay table's turn order).

    >>> board_range((4, 5, 6)), board_range((5, 6, 4)), board_range(())
    ('4-6', '5, 6, 4', '-')
    """
    if not boards:
        return "-"
    if list(boards) == list(range(boards[0], boards[0] + len(boards))) and len(boards) > 1:
        return f"{boards[0]}-{boards[-1]}"
    return ", ".join(map(str, boards))


def _set(s: int, boards: int) -> tuple[int, ...]:
    """The boards of set ``s`` (from 0)."""
    return tuple(range(s * boards + 1, s * boards + boards + 1))


def _check(kind: str, pairs: object, boards: object, rounds: object) -> None:
    most = MAX_TABLES[kind] * 2
    if not isinstance(pairs, int) or isinstance(pairs, bool) or not 2 <= pairs <= most:
        raise InvalidActionError(f"a {kind} movement seats 2 to {most} pairs, not {pairs!r}")
    if not isinstance(boards, int) or isinstance(boards, bool) or not 1 <= boards <= MAX_BOARDS:
        raise InvalidActionError(f"the boards a round must be a whole number from 1 to {MAX_BOARDS}, "
                                 f"not {boards!r}")
    if rounds is not None and (not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1):
        raise InvalidActionError(f"the number of rounds must be a whole number from 1, not {rounds!r}")


def _cut(kind: str, made: list[PairsRound], rounds: int | None) -> tuple[PairsRound, ...]:
    if rounds is not None and rounds > len(made):
        raise InvalidActionError(f"this {kind} movement has {len(made)} rounds at most, not {rounds}")
    return tuple(made[:rounds])


def _round(number: int, tables: list[Sitting], pairs: int, sets: int, boards: int) -> PairsRound:
    """A round from its tables: a pair number above ``pairs`` is the missing pair."""
    fixed = [Sitting(t.table, t.ns if t.ns is not None and t.ns <= pairs else None,
                     t.ew if t.ew is not None and t.ew <= pairs else None, t.boards) for t in tables]
    seated = {p for t in fixed if t.played for p in (t.ns, t.ew)}
    played = {b for t in fixed if t.played for b in t.boards}
    # an empty table's boards rest there, unless they are a set the other tables share
    fixed = [t if t.played or played.isdisjoint(t.boards) else Sitting(t.table, t.ns, t.ew, ())
             for t in fixed]
    return PairsRound(number, tuple(fixed), tuple(p for p in range(1, pairs + 1) if p not in seated),
                      tuple(b for b in range(1, sets * boards + 1) if b not in played))


def mitchell(pairs: int, boards: int = 2, rounds: int | None = None, relay: bool = False) -> PairsMovement:
    """The Mitchell movement of ``pairs`` pairs (2 to 100): ``T`` = pairs / 2 tables
    (rounded up: an odd number plays with the last E-W pair missing), N-S pair ``t`` at
    table ``t`` throughout, E-W pair ``T + e`` starting at table ``e``, ``boards`` boards a
    round; ``rounds`` (default: all) the first rounds of it. An even number of tables plays
    the skip (``T - 1`` rounds) or, ``relay``, the relay and bye stand (``T`` rounds); see
    the module's text.

    >>> m = mitchell(8, boards=3)
    >>> for part in m.headline().split(", "): print(part)
    mitchell movement: 8 pairs at 4 tables
    3 rounds of 3 boards (12 boards)
    the E-W pairs skip a table after round 2
    >>> [t.ew for t in m.rounds[1].tables], [t.ew for t in m.rounds[2].tables]
    ([8, 5, 6, 7], [6, 7, 8, 5])
    """
    _check("mitchell", pairs, boards, rounds)
    tables = (pairs + 1) // 2
    even = tables % 2 == 0 and tables > 1
    if relay and not even:
        raise InvalidActionError(f"a relay and bye stand is for an even number of tables, not {tables}")
    if relay and boards < 2:
        raise InvalidActionError("tables 1 and the last share their set in a relay: give at least 2 "
                                 "boards a round")
    mode = ("relay" if relay else "skip") if even else None
    full = tables - 1 if mode == "skip" else tables
    place = _relay_places(tables) if mode == "relay" else {t: t - 1 for t in range(1, tables + 1)}
    made = []
    for r in range(full):
        rows = []
        for t in range(1, tables + 1):
            skip = 1 if mode == "skip" and r >= tables // 2 else 0
            e = (t - 1 - r - skip) % tables + 1
            s = (place[t] + r) % tables
            own = _set(s, boards)
            if mode == "relay" and t == tables:  # shares table 1's set, in turn
                own = own[boards // 2:] + own[:boards // 2]
            rows.append(Sitting(t, t, tables + e, own))
        made.append(_round(r + 1, rows, pairs, tables, boards))
    return PairsMovement("mitchell", pairs, tables, boards, tables, _cut("mitchell", made, rounds), mode)


def _relay_places(tables: int) -> dict[int, int]:
    """Each table's place in the relay and bye stand Mitchell's cycle of sets: 0 tables 1
    and ``T`` (the relay), then tables 2 to ``T / 2``, the bye stand (place ``T / 2``, no
    table), tables ``T / 2 + 1`` to ``T - 1``."""
    half = tables // 2
    out = {1: 0, tables: 0}
    for t in range(2, tables):
        out[t] = t - 1 if t <= half else t
    return out


def howell(pairs: int, boards: int | None = None, rounds: int | None = None) -> PairsMovement:
    """The Howell movement of ``pairs`` pairs (2 to 40): every pair meets every other pair
    once, at ``T`` = pairs / 2 tables (rounded up: an odd number plays with the last pair
    missing) in ``2T - 1`` rounds, ``boards`` boards a round; ``rounds`` (default: all) the
    first rounds of it. From 4 tables a cyclic Room square (each table its own set a round);
    2 and 3 tables share one set a round, which needs as many boards a round as tables that
    play (the default: 2, or that many).

    >>> h = howell(8, boards=2)
    >>> len(h.rounds), h.sets, [(t.ns, t.ew) for t in h.rounds[0].tables]
    (7, 7, [(2, 7), (3, 6), (4, 5), (8, 1)])
    """
    if boards is None:
        boards = max(2, pairs // 2) if (pairs + 1) // 2 < 4 else 2
    _check("howell", pairs, boards, rounds)
    tables = (pairs + 1) // 2
    m = 2 * tables - 1
    made = []
    if tables in STARTS:
        for r in range(m):
            rows = [Sitting(i + 1, (x + r) % m + 1, (y + r) % m + 1, _set((a + r) % m, boards))
                    for i, (x, y, a) in enumerate(STARTS[tables])]
            rows.append(Sitting(tables, 2 * tables, r + 1, _set(r, boards)))
            made.append(_round(r + 1, rows, pairs, m, boards))
        return PairsMovement("howell", pairs, tables, boards, m, _cut("howell", made, rounds))
    playing = pairs // 2
    if playing > 1 and boards < playing:
        raise InvalidActionError(f"a Howell movement of {pairs} pairs shares one set a round among "
                                 f"{playing} tables: give at least {playing} boards a round, not {boards}")
    for r in range(m):
        rows = []
        for i, (a, b) in enumerate(_circle(2 * tables, r)):
            own = _set(r, boards)
            shift = i  # the tables that play start at different boards
            rows.append(Sitting(i + 1, a + 1, b + 1, own[shift:] + own[:shift]))
        made.append(_round(r + 1, rows, pairs, m, boards))
    return PairsMovement("howell", pairs, tables, boards, m, _cut("howell", made, rounds))


def _circle(n: int, r: int) -> list[tuple[int, int]]:
    """Round ``r`` of the circle method for ``n`` (even) entrants, the stationary one
    (``n - 1``) at the last table: over rounds 0 to ``n - 2`` every two meet once."""
    order = [(r + i) % (n - 1) for i in range(n - 1)] + [n - 1]
    return [(order[i], order[n - 2 - i]) for i in range(n // 2 - 1)] + [(n - 1, order[n // 2 - 1])]


def pairs_movement(kind: str, pairs: int, boards: int | None = None, rounds: int | None = None,
                   relay: bool = False) -> PairsMovement:
    """:func:`mitchell` or :func:`howell` by name (refusing any other); ``boards`` None:
    the movement's default."""
    if kind == "mitchell":
        return mitchell(pairs, 2 if boards is None else boards, rounds, relay)
    if kind == "howell":
        if relay:
            raise InvalidActionError("a relay and bye stand belongs to a Mitchell movement, not a Howell")
        return howell(pairs, boards, rounds)
    raise InvalidActionError(f"unknown pairs movement {kind!r}; pairs movements: {', '.join(PAIR_MOVEMENTS)}")
