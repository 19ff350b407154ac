"""Movements of a whist drive: who sits where, round by round.

A drive seats its people at tables of the family's size (four for classic and Belgian
whist, two for German whist); the tables needed are the people divided by the table size,
rounded up, and computer players fill exactly the seats left over. Seats are given in the
rules' seat order (N, E, S, W; German: N, S), so at a four-hand table seats 0 and 2 are
partners against 1 and 3.

Three movements:

- ``progressive``: the progressive whist drive. Round 1 is fixed; after each round the
  winning side at each table moves on to the next table (the last table's winners to the
  first) and the losers stay; the two who stay split up, each partnering one of the
  arrivals, so partners change every round. The moves depend on the results:
  :func:`next_round` makes the next round from a round and its results.
- ``pairs``: fixed partners (people ``2k`` and ``2k + 1`` form pair ``k``) in a round
  robin: no pair meets another pair twice before it has met every pair once.
- ``individual``: no fixed partners. At four-hand tables, a whist tournament
  (:mod:`openwhist.drive.designs`): over its rounds (4n - 1 for 4n people, 4n + 1 for
  4n + 1 sitting out in turn) every two people are partners exactly once and opponents
  exactly twice; other numbers play the tournament of the next multiple of four with
  computer players in some places, so nobody partners anyone twice and each person has a
  computer player at his table about as often as the others (:meth:`Plan.balance`). A
  drive of fewer rounds takes rounds of the tournament. Where no tournament is kept
  (:func:`openwhist.drive.designs.has_tournament`: every number up to 64 has one, most
  beyond do not), each round's tables are chosen by a
  local search so that every two people meet as evenly as it finds; seats rotate too. For
  German whist
  (two a table) it is an exact round robin. Families of 3 to 6 players each for himself
  (the table size is their ``players`` option) seat people only: see
  :func:`_each_rounds`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Literal

from openwhist.drive.designs import seatings
from openwhist.errors import ConfigError, InvalidActionError
from openwhist.rules.registry import DEFAULT_VARIANT, get_variant, header, variants
from openwhist.rules.seats import seat_names

MovementKind = Literal["progressive", "pairs", "individual"]
"""The movements a drive can follow (see the module's text)."""
MOVEMENTS: tuple[MovementKind, ...] = ("progressive", "pairs", "individual")
"""Every movement, in the order the command line lists them."""
DRIVE_FAMILIES: tuple[str, ...] = tuple(v for v in variants() if not header(v).dummies)
"""The families a drive is played in: those whose every hand has a player at its table
(four-hand classic and Belgian, two-hand German; not Dummy whist)."""
PARTNERSHIP_MOVEMENTS: dict[str, tuple[MovementKind, ...]] = {
    "fixed": ("progressive", "pairs", "individual"),
    "auction": ("individual",),
    "each": ("progressive", "individual"),
}
"""The movements a family's partnership model (its header's ``partnership``) allows: fixed
partners any; partners the auction makes (no fixed partners) the individual movement
only; each for himself (no partners) no pairs."""
_NO_PAIRS: dict[str, str] = {
    "auction": "has no fixed partners (the auction makes them)",
    "each": "has no partners",
}
FAMILY_MOVEMENTS: dict[str, tuple[MovementKind, ...]] = {
    v: ("individual",) if header(v).partnership == "each" and header(v).players > 2
    else PARTNERSHIP_MOVEMENTS[header(v).partnership] for v in DRIVE_FAMILIES}
"""The movements each drive family allows, read from its header (see
:data:`PARTNERSHIP_MOVEMENTS`; each for himself at more than two a table, the individual
movement only: the progressive moves are a side's)."""
MAX_PLAYERS = 200
"""The most people one drive seats (fifty four-hand tables)."""
MAX_ROUNDS = 64
"""The most rounds a drive is planned for (a whole whist tournament of 64 people: 63)."""
RESTARTS = 6
"""The individual movement's seeded random starts per round (each improved by swaps); two
from 13 tables on (each start's search grows with the square of the tables)."""


@dataclass(frozen=True)
class Table:
    """One table in one round: its number (from 1) and, per seat in the rules' seat order,
    the person sitting there (an index into the drive's people) or ``None`` for a computer
    player."""

    number: int
    seats: tuple[int | None, ...]

    @property
    def people(self) -> tuple[int, ...]:
        """The people at this table, in seat order."""
        return tuple(p for p in self.seats if p is not None)

    def seat_of(self, person: int) -> int | None:
        """The seat ``person`` sits at here, or None."""
        return self.seats.index(person) if person in self.seats else None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict: ``{"number": 1, "seats": [0, 1, null, 3]}``."""
        return {"number": self.number, "seats": list(self.seats)}

    def partner_of(self, seat: int) -> int | None:
        """The seat partnering ``seat`` at a four-hand table with fixed sides (0-2, 1-3);
        None at a two-hand table."""
        return (seat + 2) % 4 if len(self.seats) == 4 else None


@dataclass(frozen=True)
class Round:
    """One round of a drive: its number (from 1) and its tables."""

    number: int
    tables: tuple[Table, ...]

    def table_of(self, person: int) -> Table | None:
        """The table ``person`` sits at in this round (None: not seated)."""
        for t in self.tables:
            if person in t.seats:
                return t
        return None

    def computers(self) -> int:
        """How many seats computer players fill in this round."""
        return sum(1 for t in self.tables for p in t.seats if p is None)

    def sitting_out(self, players: int) -> tuple[int, ...]:
        """The people of a drive of ``players`` who sit at no table this round (a bye)."""
        seated = {p for t in self.tables for p in t.people}
        return tuple(p for p in range(players) if p not in seated)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict (:meth:`from_dict` reads it back)."""
        return {"number": self.number, "tables": [t.to_dict() for t in self.tables]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Round:
        """A round from :meth:`to_dict`'s dict, checked: numbered tables of equal size,
        nobody seated twice.

        >>> r = plan("individual", 7, "belgian", rounds=1).rounds[0]
        >>> Round.from_dict(r.to_dict()) == r
        True
        """
        try:
            number = data["number"]
            tables = tuple(Table(t["number"], tuple(t["seats"])) for t in data["tables"])
        except (KeyError, TypeError) as exc:
            raise InvalidActionError(f"not a round: {exc}") from None
        rnd = cls(number, tables)
        _check_seating(rnd)
        return rnd

    def substitute(self, person: int) -> Round:
        """This round with a computer player in ``person``'s seat (a person who leaves).

        >>> r = plan("progressive", 8, "classic", rounds=2).rounds[0].substitute(5)
        >>> r.tables[1].seats
        (4, None, 6, 7)
        """
        if self.table_of(person) is None:
            raise InvalidActionError(f"person {person} does not sit in round {self.number}")
        return Round(self.number, tuple(
            Table(t.number, tuple(None if p == person else p for p in t.seats)) for t in self.tables))


@dataclass(frozen=True)
class Plan:
    """A drive's movement: family, movement, people, rounds.

    ``rounds`` holds every round of a ``pairs`` or ``individual`` movement; for the
    ``progressive`` drive only round 1 (the rest follow the results: :func:`next_round`).
    ``total_rounds`` is the number of rounds the drive plays.
    """

    family: str
    kind: MovementKind
    players: int
    total_rounds: int
    rounds: tuple[Round, ...]

    @property
    def seats_per_table(self) -> int:
        """Seats at each table: 4, or 2 for German whist, or the players option of a
        family that has one (3 to 6)."""
        return len(self.rounds[0].tables[0].seats)

    @property
    def byes(self) -> int:
        """How many people sit out each round (an each-for-himself family of 3 to 6 a
        table whose people do not fill the tables)."""
        return self.players - sum(len(t.people) for t in self.rounds[0].tables)

    @property
    def tables(self) -> int:
        """How many tables the drive uses."""
        return len(self.rounds[0].tables)

    @property
    def computers(self) -> int:
        """How many seats computer players fill in every round (the gaps)."""
        return self.tables * self.seats_per_table - self.players + self.byes

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict (:meth:`from_dict` reads it back)."""
        return {"family": self.family, "kind": self.kind, "players": self.players,
                "total_rounds": self.total_rounds, "rounds": [r.to_dict() for r in self.rounds]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Plan:
        """A plan from :meth:`to_dict`'s dict.

        >>> p = plan("pairs", 10, "classic", rounds=3)
        >>> Plan.from_dict(p.to_dict()) == p
        True
        """
        try:
            family = drive_family(data["family"])
            kind = data["kind"]
            if kind not in MOVEMENTS:
                raise InvalidActionError(f"unknown movement {kind!r}")
            rounds = tuple(Round.from_dict(r) for r in data["rounds"])
            return cls(family, kind, int(data["players"]), int(data["total_rounds"]), rounds)
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, InvalidActionError):
                raise
            raise InvalidActionError(f"not a drive plan: {exc}") from None

    def substitute(self, person: int, from_round: int = 1) -> Plan:
        """The plan with a computer player in ``person``'s seat from round ``from_round``
        on (a person who leaves; the progressive drive's later rounds follow from the
        current one: see :meth:`Round.substitute`)."""
        if not 0 <= person < self.players:
            raise InvalidActionError(f"there is no person {person} in a drive of {self.players}")
        return Plan(self.family, self.kind, self.players, self.total_rounds, tuple(
            r.substitute(person) if r.number >= from_round else r for r in self.rounds))

    def table_text(self, names: Sequence[str] | None = None) -> str:
        """The movement as a printable table: one line per round and table, each seat's
        person (``names[i]``, or the number ``i + 1``), ``computer`` for a gap.

        >>> print(plan("pairs", 6, "classic", rounds=1).table_text())
        classic whist drive, pairs movement: 6 people at 2 tables, 1 round, 2 computer players
        round 1
          table 1: N 3  E 1  S 4  W 2
          table 2: N computer  E 5  S computer  W 6
        """
        if names is not None and len(names) != self.players:
            raise InvalidActionError(f"{len(names)} names for {self.players} people")
        letters = seat_names(self.seats_per_table)

        def who(p: int | None) -> str:
            if p is None:
                return "computer"
            return names[p] if names is not None else str(p + 1)

        plural = "s" if self.total_rounds != 1 else ""
        lines = [f"{self.family} whist drive, {self.kind} movement: {self.players} people at "
                 f"{self.tables} table{'s' if self.tables != 1 else ''}, {self.total_rounds} "
                 f"round{plural}, {self.computers} computer player{'s' if self.computers != 1 else ''}"
                 + (f", {self.byes} sitting out each round" if self.byes else "")]
        for rnd in self.rounds:
            lines.append(f"round {rnd.number}")
            for t in rnd.tables:
                seats = "  ".join(f"{letters[s]} {who(p)}" for s, p in enumerate(t.seats))
                lines.append(f"  table {t.number}: {seats}")
            out = rnd.sitting_out(self.players)
            if out:
                lines.append(f"  sitting out: {', '.join(who(p) for p in out)}")
        if self.kind == "progressive" and self.total_rounds > 1:
            lines.append(f"rounds 2-{self.total_rounds} follow the results: the winners at each table "
                         "move on to the next table (from the last to the first), the losers stay "
                         "and split up to partner the arrivals"
                         if self.seats_per_table == 4 else
                         f"rounds 2-{self.total_rounds} follow the results: the winner at each table "
                         "moves on to the next table (from the last to the first), the loser stays")
        if self.kind == "individual" and self.seats_per_table == 4:
            lines.append(self.balance())
        return "\n".join(lines)

    def counts(self) -> dict[str, dict[int, int]]:
        """How even the movement is over its rounds, as histograms (times: how many): of the
        pairs of people, how often they partner (``partners``: seats 0-2 and 1-3 of
        four-hand tables), oppose (``opponents``), and oppose at N and E or S and W
        (``first_kind``) and at E and S or W and N (``second_kind``); of the people, how
        many rounds each has a computer player at his table (``computer``) and sits out
        (``sat_out``).

        >>> plan("individual", 8, "classic", rounds=7).counts()["partners"]
        {1: 28}
        """
        partners: Counter[tuple[int, int]] = Counter()
        opponents: Counter[tuple[int, int]] = Counter()
        first: Counter[tuple[int, int]] = Counter()
        second: Counter[tuple[int, int]] = Counter()
        computer: Counter[int] = Counter()
        sat_out: Counter[int] = Counter()
        for rnd in self.rounds:
            sat_out.update(rnd.sitting_out(self.players))
            for t in rnd.tables:
                if None in t.seats:
                    computer.update(t.people)
                if len(t.seats) != 4:
                    continue
                for i, j, into, kind in ((0, 2, partners, None), (1, 3, partners, None),
                                         (0, 1, opponents, first), (0, 3, opponents, second),
                                         (2, 1, opponents, second), (2, 3, opponents, first)):
                    a, b = t.seats[i], t.seats[j]
                    if a is not None and b is not None:
                        into[(min(a, b), max(a, b))] += 1
                        if kind is not None:
                            kind[(min(a, b), max(a, b))] += 1

        def histogram(counts: Mapping[Any, int], keys: Iterable[Any]) -> dict[int, int]:
            return dict(sorted(Counter(counts.get(k, 0) for k in keys).items()))

        pairs = list(combinations(range(self.players), 2))
        people = range(self.players)
        return {"partners": histogram(partners, pairs), "opponents": histogram(opponents, pairs),
                "first_kind": histogram(first, pairs), "second_kind": histogram(second, pairs),
                "computer": histogram(computer, people), "sat_out": histogram(sat_out, people)}

    def balance(self) -> str:
        r""":meth:`counts` in a line for the printed plan.

        >>> print(plan("individual", 9, "classic", rounds=9, sit_out=True).balance().replace("; ", "\n"))
        balance over 9 rounds: of 36 pairs, partners 1 time: 36
        opponents 2 times: 36
        sitting out 1 round: 9 people
        not a triplewhist seating (opponents at N-E or S-W 0 times: 11, 1 time: 14, 2 times: 11)
        """
        c = self.counts()

        def times(h: dict[int, int], unit: str, of: str) -> str:
            return ", ".join(f"{k} {unit}{'s' if k != 1 else ''}: {n}{of}" for k, n in h.items())

        parts = [f"partners {times(c['partners'], 'time', '')}",
                 f"opponents {times(c['opponents'], 'time', '')}"]
        if self.computers:
            parts.append(f"a computer player at the table {times(c['computer'], 'round', ' people')}")
        if self.byes:
            parts.append(f"sitting out {times(c['sat_out'], 'round', ' people')}")
        pairs = self.players * (self.players - 1) // 2
        if c["partners"] == {1: pairs} and c["opponents"] == {2: pairs}:  # a whole whist tournament
            parts.append("triplewhist seating: every two people opponents once at N-E or S-W and "
                         "once at E-S or W-N" if c["first_kind"] == c["second_kind"] == {1: pairs}
                         else "not a triplewhist seating (opponents at N-E or S-W "
                         f"{times(c['first_kind'], 'time', '')})")
        plural = "s" if self.total_rounds != 1 else ""
        return f"balance over {self.total_rounds} round{plural}: of {pairs} pairs, " + "; ".join(parts)


def _check_seating(rnd: Round) -> None:
    """Refuse a round whose tables are misnumbered, of unequal sizes, or seat someone twice."""
    sizes = {len(t.seats) for t in rnd.tables}
    if not rnd.tables or len(sizes) != 1 or sizes.pop() not in range(2, 7):
        raise InvalidActionError(f"round {rnd.number}: every table has 2 to 6 seats, all alike")
    if [t.number for t in rnd.tables] != list(range(1, len(rnd.tables) + 1)):
        raise InvalidActionError(f"round {rnd.number}: the tables are numbered 1, 2, ...")
    people = [p for t in rnd.tables for p in t.seats if p is not None]
    if any(not isinstance(p, int) or isinstance(p, bool) or p < 0 for p in people):
        raise InvalidActionError(f"round {rnd.number}: a seat holds a person's number or null")
    if len(set(people)) != len(people):
        raise InvalidActionError(f"round {rnd.number}: someone is seated twice")


def drive_family(family: str) -> str:
    """The drive family a variant or preset name stands for (``"english"`` ->
    ``"classic"``); refuses families a drive cannot seat (Dummy whist's three players)."""
    name = get_variant(family).name
    if name not in DRIVE_FAMILIES:
        raise ConfigError(f"a whist drive is played in {', '.join(DRIVE_FAMILIES)} whist, "
                          f"not {name}")
    return name


def _table_size(family: str, options: Any = None) -> int:
    return get_variant(drive_family(family)).header(options).players


def _check_count(what: str, value: object, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidActionError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def byes(kind: str, players: int, family: str = DEFAULT_VARIANT, options: Any = None) -> int:
    """How many people sit out each round of a drive (``Plan.byes``) without seating it: in
    the individual movement of a family each for himself at tables of 3 to 6, those left
    over once the tables are full; none otherwise (computer players fill the gaps).

    >>> from openwhist.rules.registry import get_variant
    >>> byes("individual", 7, "romanian", get_variant("romanian").options(players=3))
    1
    >>> byes("individual", 7, "classic"), byes("individual", 2, "romanian")
    (0, 0)
    """
    fam = drive_family(family)
    if options is None and family != fam:
        options = get_variant(fam).options(family)
    size = _table_size(fam, options)
    if kind != "individual" or header(fam).partnership != "each" or size <= 2:
        return 0
    return max(0, players - max(1, players // size) * size)


def plan(kind: str, players: int, family: str = DEFAULT_VARIANT, rounds: int = 1,
         options: Any = None, sit_out: bool = False, designs: bool = True) -> Plan:
    """The movement of a drive: ``kind`` (see :data:`MOVEMENTS`) for ``players`` people in
    ``family`` (a drive family or one of its presets) over ``rounds`` rounds; ``options``
    (the family's options record) sets the table size where the players are an option.
    ``sit_out``: the individual movement of 4n + 1 people at four-hand tables seats 4n a
    round and one sits out, in place of a table with computer players.  ``designs=False``
    seats the individual movement by the local search alone, as drives seated before the
    whist tournaments were (they keep their seating).

    >>> p = plan("individual", 13, "belgian", rounds=3)
    >>> p.tables, p.computers, [r.computers() for r in p.rounds]
    (4, 3, [3, 3, 3])
    """
    fam = drive_family(family)
    if options is None and family != fam:
        options = get_variant(fam).options(family)
    size = _table_size(fam, options)
    if kind not in MOVEMENTS:
        raise InvalidActionError(f"unknown movement {kind!r}; movements: {', '.join(MOVEMENTS)}")
    if kind not in FAMILY_MOVEMENTS[fam]:
        why = f"{get_variant(fam).title} {_NO_PAIRS[header(fam).partnership]}"
        raise ConfigError(f"{why}: its drives use the {' or '.join(FAMILY_MOVEMENTS[fam])} "
                          f"movement, not {kind}")
    _check_count("the number of people", players, 2, MAX_PLAYERS)
    _check_count("the number of rounds", rounds, 1, MAX_ROUNDS)
    if sit_out and (kind != "individual" or size != 4 or players % 4 != 1):
        raise InvalidActionError(f"one person sits out each round only in the individual movement "
                                 f"of 4n + 1 people at tables of four (5, 9, 13...), not {players} "
                                 f"in the {kind} movement at tables of {size}")
    tables = -(-players // size)
    if header(fam).partnership == "each" and size > 2 and kind == "individual":
        return Plan(fam, kind, players, rounds, tuple(_each_rounds(players, size, rounds)))
    if kind == "progressive":
        made = [_first_round(players, tables, size)]
    elif kind == "pairs":
        made = _pairs_rounds(players, tables, rounds)
    elif size == 2:
        made = _round_robin(players, rounds)
    elif designs and (seated := seatings(players, rounds, sit_out)) is not None:
        made = [Round(r + 1, tuple(Table(i + 1, t) for i, t in enumerate(rnd)))
                for r, rnd in enumerate(seated)]
    elif sit_out:
        raise InvalidActionError(f"no whist tournament for {players} people is known here: "
                                 f"play it with computer players")
    else:
        made = _individual_rounds(players, tables, rounds,
                                  partners=header(fam).partnership == "fixed")
    return Plan(fam, kind, players, rounds, tuple(made))


def _gap_slots(tables: int, size: int, gaps: int) -> set[tuple[int, int]]:
    """Where round 1 puts the computer players: the last seat of the last tables, one a table."""
    out: set[tuple[int, int]] = set()
    t, s = tables - 1, size - 1
    for _ in range(gaps):
        out.add((t, s))
        t -= 1
        if t < 0:
            t, s = tables - 1, s - 2
    return out


def _first_round(players: int, tables: int, size: int) -> Round:
    gaps = _gap_slots(tables, size, tables * size - players)
    people = iter(range(players))
    rows = []
    for t in range(tables):
        seats = tuple(None if (t, s) in gaps else next(people) for s in range(size))
        rows.append(Table(t + 1, seats))
    return Round(1, tuple(rows))


def _circle(n: int, r: int) -> list[tuple[int, int]]:
    """Round ``r`` of the circle method for ``n`` (even) entrants: ``n / 2`` pairings;
    over rounds ``0..n-2`` every two entrants meet exactly once."""
    r %= n - 1
    order = [n - 1] + [(r + i) % (n - 1) for i in range(n - 1)]
    return [(order[i], order[n - 1 - i]) for i in range(n // 2)]


def _pairs_rounds(players: int, tables: int, rounds: int) -> list[Round]:
    n_pairs = 2 * tables
    # pair k is people 2k and 2k + 1; computer players fill the last pairs
    members = [tuple(p if p < players else None for p in (2 * k, 2 * k + 1)) for k in range(n_pairs)]
    out = []
    for r in range(rounds):
        rows = []
        for i, (a, b) in enumerate(_circle(n_pairs, r)):
            if (r + i) % 2:  # sides alternate so each pair sits N-S and E-W in turn
                a, b = b, a
            pa, pb = members[a], members[b]
            rows.append((min(a, b), (pa[0], pb[0], pa[1], pb[1])))
        rows.sort()
        out.append(Round(r + 1, tuple(Table(i + 1, seats) for i, (_, seats) in enumerate(rows))))
    return out


def _round_robin(players: int, rounds: int) -> list[Round]:
    n = players + players % 2
    out = []
    for r in range(rounds):
        rows = []
        for i, (a, b) in enumerate(_circle(n, r)):
            if (r + i) % 2:
                a, b = b, a
            rows.append((min(a, b), (a if a < players else None, b if b < players else None)))
        rows.sort()
        out.append(Round(r + 1, tuple(Table(i + 1, s) for i, (_, s) in enumerate(rows))))
    return out


def _individual_rounds(players: int, tables: int, rounds: int, partners: bool) -> list[Round]:
    """Four-hand tables with no fixed partners, chosen round by round by a seeded local
    search that keeps the counts of meetings (and, in classic whist, of partnerships and
    seats) as even as it can."""
    seats_n = 4 * tables
    met = [[0] * seats_n for _ in range(seats_n)]
    partnered = [[0] * seats_n for _ in range(seats_n)]
    seat_count = [[0] * 4 for _ in range(seats_n)]
    rng = random.Random(f"individual/{players}/{tables}")
    first = _first_round(players, tables, 4)
    ghost = iter(range(players, seats_n))
    groups = [[p if p is not None else next(ghost) for p in t.seats] for t in first.tables]
    out = []
    for r in range(rounds):
        if r > 0:
            groups = _best_grouping(players, tables, met, rng)
        seated = [_seat_order(g, partnered, seat_count, partners) for g in groups]
        for g in seated:
            for a, b in combinations(g, 2):
                met[a][b] += 1
                met[b][a] += 1
            for s, p in enumerate(g):
                seat_count[p][s] += 1
            for a, b in ((g[0], g[2]), (g[1], g[3])):
                partnered[a][b] += 1
                partnered[b][a] += 1
        out.append(Round(r + 1, tuple(
            Table(i + 1, tuple(p if p < players else None for p in g)) for i, g in enumerate(seated))))
    return out


def _each_rounds(players: int, size: int, rounds: int) -> list[Round]:
    """The individual movement of a family each for himself at tables of ``size`` (3 to 6).

    The tables are the people divided by the table size, rounded down (one table, its gaps
    filled by computer players, when there are fewer people than seats); whoever is left
    over sits the round out (a bye).  Round by round:

    1. the byes go to those who have sat out least, never to anyone who sat out the round
       before while someone else can (so nobody sits out twice in a row unless more than
       half the people sit out each round), the rest in turn by number;
    2. the people playing are grouped into tables so that the pairs who have met least
       meet (the local search of the four-hand individual movement: a repeat meeting
       costs 8 times the first, a third 64 times);
    3. at each table they take the seats they have had least (the seat sets the order of
       bidding and who deals first).

    A worked example, 7 people (1-7) at tables of 3: two tables, one bye a round.  Round
    1 seats 1 2 3 and 4 5 6, and 7 sits out; round 2 gives the bye to 1 (7 may not sit
    out again; among the rest, who has sat out least, in turn by number) and seats 7 with
    people from both tables of round 1: 6 3 4 and 5 7 2 (only 4 and 6 meet again);
    round 3 gives it to 2, round 4 to 3, and so on: over 7 rounds each sits out once.

    >>> p = plan("individual", 7, "romanian", rounds=4, options=get_variant("romanian").options(players=3))
    >>> [r.sitting_out(7) for r in p.rounds], p.computers
    ([(6,), (0,), (1,), (2,)], 0)
    >>> [t.seats for t in p.rounds[1].tables]
    [(5, 2, 3), (4, 6, 1)]
    """
    tables = max(1, players // size)
    seats_n = tables * size
    byes = max(0, players - seats_n)
    met = [[0] * max(players, seats_n) for _ in range(max(players, seats_n))]
    seat_count = [[0] * size for _ in range(max(players, seats_n))]
    sat_out = [0] * players
    last: set[int] = set()
    rng = random.Random(f"each/{players}/{size}")
    out = []
    for r in range(rounds):
        if r == 0:
            out_now = list(range(players - byes, players))
        else:
            turn = r * byes
            order = sorted(range(players),
                           key=lambda p: (p in last, sat_out[p], (players - 1 - p + turn) % players))
            out_now = order[:byes]
        last = set(out_now)
        for p in out_now:
            sat_out[p] += 1
        playing = [p for p in range(players) if p not in last]
        ghost = iter(range(players, seats_n))
        playing += list(ghost)  # computer players' places when fewer people than seats
        if r == 0:
            groups = [playing[size * t:size * t + size] for t in range(tables)]
        else:
            groups = _best_grouping(players, tables, met, rng, size=size, people=playing)
        seated = []
        for g in groups:
            best = min((g[k:] + g[:k] for k in range(size)),
                       key=lambda o: sum(seat_count[p][s] for s, p in enumerate(o)))
            seated.append(best)
            for a, b in combinations(best, 2):
                met[a][b] += 1
                met[b][a] += 1
            for s_no, p in enumerate(best):
                seat_count[p][s_no] += 1
        out.append(Round(r + 1, tuple(
            Table(i + 1, tuple(p if p < players else None for p in g)) for i, g in enumerate(seated))))
    return out


def _pair_cost(a: int, b: int, players: int, met: list[list[int]]) -> int:
    """What seating ``a`` and ``b`` at one table costs: a meeting's weight grows fast with
    how often they met; two computer players at one table cost as much as a repeat."""
    if a >= players and b >= players:
        return 1 << 12
    if a >= players or b >= players:
        return 0
    return 1 << (3 * met[a][b])


def _best_grouping(players: int, tables: int, met: list[list[int]], rng: random.Random,
                   size: int = 4, people: Sequence[int] | None = None) -> list[list[int]]:
    """Tables of ``size`` (of ``people``, by default everyone and the computer players'
    places) that minimise the summed pair costs: several seeded random starts, each
    improved by swapping two people between tables while any swap helps."""
    seats_n = size * tables
    best: list[list[int]] | None = None
    best_cost = 0
    for _ in range(1 if tables == 1 else RESTARTS if tables <= 12 else 2):
        order = list(range(seats_n)) if people is None else list(people)
        rng.shuffle(order)
        groups = [order[size * t:size * t + size] for t in range(tables)]

        def cost_in(g: list[int], skip: int, p: int) -> int:
            return sum(_pair_cost(p, q, players, met) for i, q in enumerate(g) if i != skip)

        improved = True
        while improved:
            improved = False
            for t1 in range(tables):
                for t2 in range(t1 + 1, tables):
                    g1, g2 = groups[t1], groups[t2]
                    for i in range(size):
                        for j in range(size):
                            a, b = g1[i], g2[j]
                            delta = (cost_in(g1, i, b) + cost_in(g2, j, a)
                                     - cost_in(g1, i, a) - cost_in(g2, j, b))
                            if delta < 0:
                                g1[i], g2[j] = b, a
                                improved = True
        total = sum(_pair_cost(a, b, players, met) for g in groups for a, b in combinations(g, 2))
        if best is None or total < best_cost:
            best, best_cost = [list(g) for g in groups], total
    assert best is not None
    return best


_ORDERS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))
"""The three partnerships of four (seats 0-2 and 1-3 hold positions 0-2 and 1-3)."""


def _seat_order(group: Sequence[int], partnered: list[list[int]], seat_count: list[list[int]],
                partners: bool) -> list[int]:
    """The group's seat order: (classic) the partnership they have played least, then the
    rotation that puts each in the seat he has had least."""
    best: list[int] = list(group)
    best_key: tuple[int, int] | None = None
    for order in _ORDERS:
        g = [group[i] for i in order]
        pk = partnered[g[0]][g[2]] ** 2 + partnered[g[1]][g[3]] ** 2 if partners else 0
        for shift in range(4):
            seated = g[shift:] + g[:shift]
            sk = sum(seat_count[p][s] for s, p in enumerate(seated))
            key = (pk, sk)
            if best_key is None or key < best_key:
                best, best_key = seated, key
    return best


def table_winners(table: Table, scores: Iterable[tuple[int, Sequence[int]]]) -> int:
    """The winning side (0: seats 0 and 2 or seat 0; 1: seats 1 and 3 or seat 1) at a
    table over a round, from ``(deal number, per-seat scores)`` of its deals: the higher
    total; on equal totals, the side that scored more in the round's last deal; then
    side 0."""
    rows = sorted(scores, key=lambda x: x[0])
    if not rows:
        raise InvalidActionError(f"table {table.number} has no results for the round")
    total = [0, 0]
    for _, sc in rows:
        if len(sc) != len(table.seats):
            raise InvalidActionError(f"table {table.number} has {len(table.seats)} seats, "
                                     f"a result gives {len(sc)} scores")
        total[0] += sc[0]
        total[1] += sc[1]
    if total[0] != total[1]:
        return 0 if total[0] > total[1] else 1
    last = rows[-1][1]
    return 1 if last[1] > last[0] else 0


def next_round(current: Round, winners: Sequence[int], earlier: Sequence[Round] = ()) -> Round:
    """The progressive drive's next round from the current one and, per table in order,
    the side that won it there (see :func:`table_winners`; :func:`openwhist.drive.next_round_from`
    takes the results).

    Four-hand tables: the winners move on to the next table (the last table's to the
    first); the losers stay, one at N and one at E, now opponents; each partners one
    arrival: the one he has partnered less often in ``earlier`` rounds and this one (on
    equal counts, which one alternates round by round). Two-hand tables: the winner moves
    on, the loser stays.

    >>> first = plan("progressive", 8, "classic", rounds=2).rounds[0]
    >>> [t.seats for t in next_round(first, [0, 1]).tables]
    [(1, 3, 5, 7), (4, 6, 0, 2)]
    """
    n = len(current.tables)
    if len(winners) != n:
        raise InvalidActionError(f"{n} tables need {n} winners, not {len(winners)}")
    if any(w not in (0, 1) for w in winners):
        raise InvalidActionError(f"a table's winner is side 0 or 1, not {list(winners)!r}")
    size = len(current.tables[0].seats)
    partnered: Counter[tuple[int | None, int | None]] | None = None
    if earlier and size == 4:
        partnered = Counter()
        for rnd in (*earlier, current):
            for t in rnd.tables:
                for a, b in ((t.seats[0], t.seats[2]), (t.seats[1], t.seats[3])):
                    if a is not None and b is not None:
                        partnered[(a, b)] += 1
                        partnered[(b, a)] += 1
    rows = []
    for i, t in enumerate(current.tables):
        came = current.tables[(i - 1) % n]
        w_came = winners[(i - 1) % n]
        if size == 2:
            rows.append(Table(t.number, (t.seats[1 - winners[i]], came.seats[w_came])))
            continue
        stay = (t.seats[1 - winners[i]], t.seats[3 - winners[i]])
        move = (came.seats[w_came], came.seats[w_came + 2])
        if current.number % 2 == 0:
            move = (move[1], move[0])
        if partnered is not None:
            kept = partnered[(stay[0], move[0])] + partnered[(stay[1], move[1])]
            swapped = partnered[(stay[0], move[1])] + partnered[(stay[1], move[0])]
            if swapped < kept:
                move = (move[1], move[0])
        rows.append(Table(t.number, (stay[0], stay[1], move[0], move[1])))
    return Round(current.number + 1, tuple(rows))
