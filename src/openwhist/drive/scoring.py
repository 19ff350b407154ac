"""Scoring a whist drive: deal results, scorer-mode entries, standings and matchpoints.

The drive's scoring (rules.md 2.7: at club and tournament evenings the highest margin over
the session wins the night; whist drives count each deal at each table):

- classic whist: each person scores the tricks his side took in each deal; his margin is
  his side's tricks less the other side's;
- German whist: each person scores his own tricks (of the play phase when the options
  count only those, else all 26); margin, his less his opponent's;
- Belgian whist: each person scores his points by the options' points grid; his margin
  is his points (the grid already sets them against the table).

:func:`standings` ranks the people by total, margin or matchpoints and states its
tie-break rule.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from openwhist.cards import derive_seed
from openwhist.drive.movement import Plan, Round, drive_family
from openwhist.errors import InvalidActionError
from openwhist.rules import Entry, check_entry
from openwhist.rules.registry import get_variant
from openwhist.rules.seats import seat_name

RankBy = Literal["total", "margin", "matchpoints"]
"""What :func:`standings` ranks by."""


# --- seeds ------------------------------------------------------------------------------------


def duplicate_seeds(secret: int, round_number: int, deals: int) -> tuple[int, ...]:
    """The seeds of a duplicate round's deals, the same at every table (each from
    :func:`openwhist.cards.derive_seed` with ``"drive", "round", r, "deal", d``).

    >>> a = duplicate_seeds(7, 1, 3)
    >>> len(set(a)), a == duplicate_seeds(7, 1, 3), a != duplicate_seeds(7, 2, 3)
    (3, True, True)
    """
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise InvalidActionError(f"a round has at least one deal, not {deals!r}")
    return tuple(derive_seed(secret, "drive", "round", round_number, "deal", d) for d in range(1, deals + 1))


def deal_seeds(secret: int, round_number: int, table: int, deals: int,
               duplicate: bool = False) -> tuple[int, ...]:
    """The seeds of the deals one table plays in a round: the round's shared seeds in a
    duplicate drive (:func:`duplicate_seeds`), else the table's own (``"table", t`` among
    the labels)."""
    if duplicate:
        return duplicate_seeds(secret, round_number, deals)
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise InvalidActionError(f"a round has at least one deal, not {deals!r}")
    return tuple(derive_seed(secret, "drive", "round", round_number, "table", table, "deal", d)
                 for d in range(1, deals + 1))


def deal_dealer(family: str, deal: int, options: Any = None) -> int:
    """The dealer's seat of a round's ``deal``-th deal (from 1): round the table from N, so
    that in a duplicate round every table deals each deal from the same seat (``options``:
    where the players are an option, the family's options)."""
    return (deal - 1) % get_variant(drive_family(family)).header(options).players


# --- results ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """One deal at one table of a drive.

    :param round: the round's number (from 1).
    :param table: the table's number (from 1).
    :param deal: the deal's number in the round (from 1).
    :param players: per seat, the person sitting there (None: a computer player).
    :param scores: per seat, the drive's score of this deal (see the module's text).
    :param margins: per seat, the margin of this deal.
    :param detail: the deal in words (``"7-6"``, ``"pair 9 N+S, 10 tricks"``).
    """

    round: int
    table: int
    deal: int
    players: tuple[int | None, ...]
    scores: tuple[int, ...]
    margins: tuple[int, ...]
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict (:meth:`from_dict` reads it back)."""
        return {"round": self.round, "table": self.table, "deal": self.deal,
                "players": list(self.players), "scores": list(self.scores),
                "margins": list(self.margins), "detail": self.detail}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Result:
        """A result from :meth:`to_dict`'s dict.

        >>> r = Result(1, 2, 1, (0, None, 2, 3), (7, 6, 7, 6), (1, -1, 1, -1), "7-6")
        >>> Result.from_dict(r.to_dict()) == r
        True
        """
        try:
            r = cls(int(data["round"]), int(data["table"]), int(data["deal"]),
                    tuple(None if p is None else int(p) for p in data["players"]),
                    tuple(int(x) for x in data["scores"]), tuple(int(x) for x in data["margins"]),
                    str(data.get("detail", "")))
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidActionError(f"not a drive result: {exc}") from None
        if not len(r.players) == len(r.scores) == len(r.margins):
            raise InvalidActionError("a drive result has one player, score and margin per seat")
        return r


def result_of_entry(family: str, options: Any, rnd: Round, table: int, deal: int,
                    entry: Entry, before: Sequence[Entry] = ()) -> Result:
    """The :class:`Result` of a scorer-mode entry for ``table`` (its number) in ``rnd``,
    checked by :func:`check_entry` (``before``: the table's entries of the round's deals
    before ``deal``, in order, which the exact-bid whists' streaks need)."""
    scores, margins, detail = check_entry(family, options, entry, deal, before)
    return Result(rnd.number, table, deal, _seats(rnd, table), scores, margins, detail)


def _seats(rnd: Round, table: int) -> tuple[int | None, ...]:
    for t in rnd.tables:
        if t.number == table:
            return t.seats
    raise InvalidActionError(f"round {rnd.number} has no table {table}")


def result_of_deal(family: str, rnd: Round, table: int, deal: int, outcome: Any) -> Result:
    """The :class:`Result` of a deal played online: ``outcome`` is the deal's
    ``result()`` (what the family's ``tally`` counts: tricks per side, the counted tricks
    per player, or points per player)."""
    tally = get_variant(drive_family(family)).tally
    seats = _seats(rnd, table)
    if tally == "points":
        pts = tuple(int(p) for p in outcome.points)
        if len(pts) != len(seats):
            raise InvalidActionError(f"table {table} has {len(seats)} seats, a result gives "
                                     f"{len(pts)} scores")
        return Result(rnd.number, table, deal, seats, pts, pts, _points_detail(outcome))
    if tally == "counted":
        a, b = (int(x) for x in outcome.counted)
        return Result(rnd.number, table, deal, seats, (a, b), (a - b, b - a), f"{a}-{b}")
    a, b = (int(x) for x in outcome.tricks)
    return Result(rnd.number, table, deal, seats, (a, b, a, b), (a - b, b - a, a - b, b - a), f"{a}-{b}")


def _points_detail(outcome: Any) -> str:
    """A points deal in words: its contract (or "all pass"); with no contract, where each
    bid his tricks, the bids and the tricks taken (``"bids 2 0 1, took 2 1 0"``)."""
    contract = getattr(outcome, "contract", None)
    if contract:
        return str(contract)
    bids = getattr(outcome, "bids", None)
    if bids is not None:
        tricks = " ".join(str(t) for t in outcome.tricks)
        return f"bids {' '.join(str(b) for b in bids)}, took {tricks}"
    return "all pass"


# --- matchpoints --------------------------------------------------------------------------------


def _board(r: Result, by_board: bool) -> tuple[int, int]:
    """The cards a result was played with: its round's deal, or (``by_board``: boards that
    travel from round to round, numbered across the drive) its board alone."""
    return (0, r.deal) if by_board else (r.round, r.deal)


def matchpoints(results: Sequence[Result],
                by_board: bool = False) -> dict[tuple[int, int, int], tuple[int, ...]]:
    """Duplicate matchpoints: for every result, per seat, 2 for each other table whose
    same seat scored less with the same cards (same round and deal; ``by_board``: the same
    board number in any round, as in a Mitchell or Howell movement), 1 for each that
    scored the same. Keyed by ``(round, table, deal)``.

    >>> rs = [Result(1, t, 1, (0, 1, 2, 3), (s, 13 - s, s, 13 - s), (0,) * 4) for t, s in
    ...       ((1, 7), (2, 8), (3, 7))]
    >>> matchpoints(rs)[(1, 2, 1)]
    (4, 0, 4, 0)
    >>> moved = [Result(r, r, 5, (0, 1, 2, 3), (s, 13 - s, s, 13 - s), (0,) * 4) for r, s in
    ...          ((1, 7), (2, 8), (3, 7))]
    >>> matchpoints(moved)[(2, 2, 5)], matchpoints(moved, by_board=True)[(2, 2, 5)]
    ((0, 0, 0, 0), (4, 0, 4, 0))
    """
    boards: dict[tuple[int, int], list[Result]] = defaultdict(list)
    for r in results:
        boards[_board(r, by_board)].append(r)
    out: dict[tuple[int, int, int], tuple[int, ...]] = {}
    for rows in boards.values():
        for r in rows:
            mp = []
            for s, mine in enumerate(r.scores):
                got = 0
                for o in rows:
                    if o is r:
                        continue
                    theirs = o.scores[s]
                    got += 2 if mine > theirs else 1 if mine == theirs else 0
                mp.append(got)
            out[(r.round, r.table, r.deal)] = tuple(mp)
    return out


def neuberg(mp: float, results: int, expected: int) -> float:
    """Neuberg's adjustment of a board's matchpoints (2 a beat, 1 a tie, as
    :func:`matchpoints` gives them) scored among ``results`` results when ``expected``
    were due: ``(mp + 1) * expected / results - 1``, the score on the scale of a board
    with every result (top ``2 * (expected - 1)``; an average stays an average, a top on
    fewer results is worth a little less than a full top). As bridge laws give it (WBF
    Code of Practice; EBU White Book 'Neuberg's formula').

    >>> neuberg(4, 3, 4), neuberg(2, 3, 4)
    (5.666666666666667, 3.0)
    """
    if not 1 <= results <= expected:
        raise InvalidActionError(f"a board has 1 to {expected} results, not {results}")
    return (mp + 1) * expected / results - 1


def matchpoints_neuberg(results: Sequence[Result], expected: int | None = None,
                        by_board: bool = False) -> dict[tuple[int, int, int], tuple[float, ...]]:
    """Duplicate matchpoints (:func:`matchpoints`, ``by_board`` as there) with
    :func:`neuberg`'s adjustment on each board with fewer results than ``expected``
    (default: the most results any board of the same round has), so that a board a table
    missed weighs as the others.

    >>> rs = [Result(1, t, 1, (0, 1, 2, 3), (s, 13 - s, s, 13 - s), (0,) * 4) for t, s in
    ...       ((1, 7), (2, 8), (3, 7))] + [Result(1, t, 2, (0, 1, 2, 3), (s, 13 - s, s, 13 - s),
    ...       (0,) * 4) for t, s in ((1, 6), (2, 7), (3, 8), (4, 9))]
    >>> [round(x, 3) for x in matchpoints_neuberg(rs)[(1, 2, 1)]]
    [5.667, 0.333, 5.667, 0.333]
    """
    plain = matchpoints(results, by_board)
    counts: dict[tuple[int, int], int] = defaultdict(int)
    for r in results:
        counts[_board(r, by_board)] += 1
    due: dict[int, int] = defaultdict(int)
    for (rnd, _), n in counts.items():
        due[rnd] = max(due[rnd], n)
    out: dict[tuple[int, int, int], tuple[float, ...]] = {}
    for (rnd, table, deal), mps in plain.items():
        key = (0, deal) if by_board else (rnd, deal)
        want = expected if expected is not None else due[key[0]]
        n = counts[key]
        out[(rnd, table, deal)] = tuple(mps) if n == want else tuple(neuberg(m, n, want) for m in mps)
    return out


def mp_text(mp: float) -> str:
    """Matchpoints as printed: whole ones as they are, others to one decimal.

    >>> mp_text(12.0), mp_text(5.666666666666667), mp_text(3)
    ('12', '5.7', '3')
    """
    return str(int(mp)) if float(mp).is_integer() else f"{mp:.1f}"


# --- standings ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """One person's line in the standings: place (shared on a full tie), totals, and the
    number of deals played and rounds won (rounds in which his margin was above zero: his
    side took more than the other; Belgian whist: he won points)."""

    place: int
    player: int
    total: int
    margin: int
    matchpoints: float
    """Duplicate matchpoints, a board with fewer results adjusted by Neuberg's formula
    (:func:`matchpoints_neuberg`), so not always whole."""
    deals: int
    rounds_won: int
    scaled: float | None = None
    """Where some sat out a round (byes): what he is ranked by, per deal he played, times
    the most deals anyone played (:data:`SCALED_RULE`); None where all play every round."""


TIE_BREAKS: dict[str, str] = {
    "total": "equal totals: the higher margin, then more rounds won; then the place is shared",
    "margin": "equal margins: the higher total, then more rounds won; then the place is shared",
    "matchpoints": "equal matchpoints: the higher margin, then the higher total; then the place is shared",
}
"""The tie-break rule of each way of ranking, in words."""

SCALED_RULE = ("some sat out a round, so each is ranked by his {by} per deal played, times "
               "the most deals anyone played (the scaled column), rounded to a tenth")
"""How :func:`standings` ranks fairly when some people sat out rounds (a bye), in words."""


@dataclass(frozen=True)
class Standings:
    """The drive's standings: rows best first, what they are ranked by, the tie-break
    rule in words."""

    rows: tuple[Standing, ...]
    by: RankBy
    tie_break: str
    scaling: str | None = None
    """:data:`SCALED_RULE` for this ranking where byes are scaled; None otherwise."""

    def winners(self) -> tuple[int, ...]:
        """The person (or people, on a full tie) in first place."""
        return tuple(r.player for r in self.rows if r.place == 1)

    def text(self, names: Sequence[str] | None = None) -> str:
        """The standings as a printable table with the tie-break rule under it."""
        head = f"{'place':>5}  {'player':<16} {'total':>6} {'margin':>7}"
        if self.by == "matchpoints":
            head += f" {'mp':>5}"
        head += f" {'deals':>5} {'rounds won':>10}"
        if self.scaling:
            head += f" {'scaled':>7}"
        lines = [head]
        for r in self.rows:
            name = names[r.player] if names is not None else str(r.player + 1)
            line = f"{r.place:>5}  {name:<16} {r.total:>6} {r.margin:>7}"
            if self.by == "matchpoints":
                line += f" {mp_text(r.matchpoints):>5}"
            line += f" {r.deals:>5} {r.rounds_won:>10}"
            if self.scaling:
                line += f" {r.scaled:>7}"
            lines.append(line)
        lines.append(f"ranked by {self.by}; {self.tie_break}")
        if self.scaling:
            lines.append(self.scaling)
        return "\n".join(lines)


def standings(results: Sequence[Result], by: RankBy = "total", players: int | None = None,
              byes: bool = False, expected: int | None = None, by_board: bool = False) -> Standings:
    """Rank the people of a drive from its results, by ``total`` score, ``margin`` or
    duplicate ``matchpoints`` (:func:`matchpoints_neuberg`: a board with fewer results
    than ``expected``, default the most of its round, adjusted by Neuberg's formula;
    ``by_board``: boards compared across rounds, as in a Mitchell or Howell movement),
    ties broken as :data:`TIE_BREAKS` says. ``players`` lists everyone (0..players-1)
    even with no result yet.

    ``byes``: the movement has people sit out rounds, so they play different numbers of
    deals; then each is ranked by his ``by`` per deal played, scaled to the most deals
    anyone played (:data:`SCALED_RULE`), and a total of 30 in 2 deals ranks above one of 40
    in 3 (15 a deal against 13.3).

    >>> two = [Result(1, 1, 1, (0, 1, 2), (20, 0, 10), (20, 0, 10)),
    ...        Result(2, 1, 1, (0, 1, 3), (10, 5, 30), (10, 5, 30)),
    ...        Result(3, 1, 1, (1, 2, 3), (35, 0, 0), (35, 0, 0))]
    >>> [(r.player, r.total, r.scaled) for r in standings(two, byes=True).rows]
    [(0, 30, 45.0), (3, 30, 45.0), (1, 40, 40.0), (2, 10, 15.0)]

    >>> rs = [Result(1, 1, 1, (0, 1, 2, 3), (8, 5, 8, 5), (3, -3, 3, -3)),
    ...       Result(1, 1, 2, (0, 1, 2, 3), (6, 7, 6, 7), (-1, 1, -1, 1))]
    >>> [(r.place, r.player, r.total) for r in standings(rs).rows]
    [(1, 0, 14), (1, 2, 14), (3, 1, 12), (3, 3, 12)]
    """
    if by not in TIE_BREAKS:
        raise InvalidActionError(f"rank by total, margin or matchpoints, not {by!r}")
    total: dict[int, int] = defaultdict(int)
    margin: dict[int, int] = defaultdict(int)
    mps: dict[int, float] = defaultdict(float)
    deals: dict[int, int] = defaultdict(int)
    mp = matchpoints_neuberg(results, expected, by_board) if by == "matchpoints" else {}
    round_margin: dict[tuple[int, int], dict[int, int]] = defaultdict(lambda: defaultdict(int))
    seen: set[tuple[int, int, int]] = set()
    for r in results:
        if (r.round, r.table, r.deal) in seen:
            raise InvalidActionError(f"round {r.round}, table {r.table}, deal {r.deal} has two results")
        seen.add((r.round, r.table, r.deal))
        if len(r.scores) != len(r.players) or len(r.margins) != len(r.players):
            raise InvalidActionError(f"a result of round {r.round}, table {r.table} has "
                                     f"{len(r.players)} seats but {len(r.scores)} scores")
        for s, p in enumerate(r.players):
            if p is None:
                continue
            round_margin[(r.round, r.table)][p] += r.margins[s]
            total[p] += r.scores[s]
            margin[p] += r.margins[s]
            deals[p] += 1
            if mp:
                mps[p] += mp[(r.round, r.table, r.deal)][s]
    won: dict[int, int] = defaultdict(int)
    for per_person in round_margin.values():
        for p, m in per_person.items():
            if m > 0:
                won[p] += 1
    everyone = set(total) | (set(range(players)) if players is not None else set())
    most = max(deals.values(), default=0)
    value: Mapping[int, float] = mps if by == "matchpoints" else total if by == "total" else margin

    def scaled(p: int) -> float:
        return round(value[p] * most / deals[p], 1) if deals[p] else 0.0

    def key(p: int) -> tuple[float, ...]:
        first: tuple[float, ...] = (scaled(p),) if byes else ()
        if by == "total":
            return (*first, total[p], margin[p], won[p])
        if by == "margin":
            return (*first, margin[p], total[p], won[p])
        return (*first, round(mps[p], 6), margin[p], total[p])

    order = sorted(everyone, key=lambda p: (tuple(-k for k in key(p)), p))
    rows: list[Standing] = []
    for i, p in enumerate(order):
        place = rows[-1].place if rows and key(order[i - 1]) == key(p) else i + 1
        rows.append(Standing(place, p, total[p], margin[p], mps[p], deals[p], won[p],
                             scaled(p) if byes else None))
    return Standings(tuple(rows), by, TIE_BREAKS[by], SCALED_RULE.format(by=by) if byes else None)


def score_card(results: Sequence[Result], person: int) -> list[dict[str, Any]]:
    """A person's own score card: per deal he played, the round, table, seat, partner
    (four-hand fixed sides), the deal in words, his score, margin and running total."""
    rows: list[dict[str, Any]] = []
    running = 0
    for r in sorted(results, key=lambda r: (r.round, r.deal, r.table)):
        if person not in r.players:
            continue
        s = r.players.index(person)
        running += r.scores[s]
        n = len(r.players)
        rows.append({"round": r.round, "table": r.table, "deal": r.deal,
                     "seat": seat_name(s, n),
                     "partner": r.players[(s + 2) % 4] if n == 4 else None,
                     "detail": r.detail, "score": r.scores[s], "margin": r.margins[s],
                     "running": running})
    return rows


# --- export -------------------------------------------------------------------------------------


def results_csv(results: Sequence[Result], names: Sequence[str] | None = None,
                states: Mapping[tuple[int, int, int], str] | None = None) -> str:
    """The results as CSV: one line per deal and table, the people by seat; with
    ``states`` (by round, table and deal) a last column says each entry's state (for
    results entered at the table: ``confirmed``, ``waiting`` for the other side...)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    n = max((len(r.players) for r in results), default=4)
    letters = [seat_name(s, n) for s in range(n)]
    w.writerow(["round", "table", "deal", *letters, "detail", *[f"score {x}" for x in letters],
                *(["state"] if states is not None else [])])
    for r in sorted(results, key=lambda r: (r.round, r.table, r.deal)):
        who = ["computer" if p is None else (names[p] if names is not None else str(p + 1))
               for p in r.players]
        state = [] if states is None else [states.get((r.round, r.table, r.deal), "")]
        w.writerow([r.round, r.table, r.deal, *who, r.detail, *r.scores, *state])
    return buf.getvalue()


def standings_csv(table: Standings, names: Sequence[str] | None = None) -> str:
    """The standings as CSV, best first, with the ranking and tie-break in the last line."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    scaled = ["scaled"] if table.scaling else []
    w.writerow(["place", "player", "total", "margin", "matchpoints", "deals", "rounds won", *scaled])
    for r in table.rows:
        w.writerow([r.place, names[r.player] if names is not None else r.player + 1, r.total,
                    r.margin, mp_text(r.matchpoints), r.deals, r.rounds_won, *([r.scaled] if scaled else [])])
    w.writerow([f"ranked by {table.by}; {table.tie_break}"])
    if table.scaling:
        w.writerow([table.scaling])
    return buf.getvalue()


# --- a results sheet ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetRow:
    """One line of a results sheet: where the deal was played and its :class:`Entry`;
    ``line`` is its line number in the sheet (for messages)."""

    round: int
    table: int
    deal: int
    entry: Entry
    line: int = 0


SHEET_COLUMNS = ("round", "table", "deal", "tricks", "contract", "declarers", "multiplier", "bids")
"""The columns of a results sheet (contract, declarers and multiplier only for Belgian
whist, bids only for the exact-bid whists; they may be left out)."""


def read_sheet(text: str) -> list[SheetRow]:
    """Read a results sheet: CSV with a header line naming :data:`SHEET_COLUMNS` (``round,
    table, deal, tricks`` at least). ``tricks`` is ``8-5`` (N-S and E-W; German: N and
    S), or for Belgian whist the declaring side's tricks (``10``; one per declarer for
    misères: ``0 1``); ``declarers`` are seat letters joined by ``+`` (``N+S``); for the
    exact-bid whists ``bids`` and ``tricks`` give each player's, in seat order (``2-0-1``).

    >>> rows = read_sheet("round,table,deal,tricks\\n1,1,1,8-5\\n")
    >>> rows[0].entry, rows[0].line
    (Entry(tricks=(8, 5), contract=None, declarers=(), multiplier=1, bids=()), 2)
    """
    try:
        return _read_sheet(text)
    except csv.Error as exc:
        raise InvalidActionError(f"the results sheet is not CSV: {exc}") from None


def _read_sheet(text: str) -> list[SheetRow]:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    fields = [f.strip().lower() for f in reader.fieldnames or []]
    missing = [c for c in SHEET_COLUMNS[:4] if c not in fields]
    if missing:
        raise InvalidActionError(f"the results sheet's first line must name the columns "
                                 f"{', '.join(SHEET_COLUMNS[:4])} (missing: {', '.join(missing)})")
    unknown = [f for f in fields if f not in SHEET_COLUMNS]
    if unknown:
        raise InvalidActionError(f"unknown column(s) {', '.join(unknown)}; "
                                 f"columns: {', '.join(SHEET_COLUMNS)}")
    reader.fieldnames = fields
    rows = []
    for raw in reader:
        line = reader.line_num
        cell = {k: (v or "").strip() for k, v in raw.items() if k is not None}
        if not any(cell.values()):
            continue

        def number(name: str, low: int = 1, cell: dict[str, str] = cell, line: int = line) -> int:
            v = cell.get(name, "")
            if not v.lstrip("-").isdigit() or int(v) < low:
                raise InvalidActionError(f"line {line}: {name} must be a whole number from {low}, "
                                         f"not {v!r}")
            return int(v)

        text_tricks = cell.get("tricks", "").replace("-", " ").replace(",", " ").split()
        if not text_tricks and cell.get("contract", "").lower() != "pass":
            raise InvalidActionError(f"line {line}: no tricks")
        if not all(t.isdigit() for t in text_tricks):
            raise InvalidActionError(f"line {line}: the tricks are numbers like 8-5, not {cell['tricks']!r}")
        declarers = tuple(d for d in cell.get("declarers", "").replace(" ", "+").split("+") if d)
        text_bids = cell.get("bids", "").replace("-", " ").replace(",", " ").split()
        if not all(b.isdigit() for b in text_bids):
            raise InvalidActionError(f"line {line}: the bids are numbers like 2-0-1, not {cell['bids']!r}")
        entry = Entry(tuple(int(t) for t in text_tricks), cell.get("contract") or None, declarers,
                      number("multiplier") if cell.get("multiplier") else 1,
                      tuple(int(b) for b in text_bids))
        rows.append(SheetRow(number("round"), number("table"), number("deal"), entry, line))
    return rows


def score_sheet(plan: Plan, options: Any, rows: Sequence[SheetRow]) -> tuple[list[Round], list[Result]]:
    """Score a drive from its results sheet: every entry checked (:func:`check_entry`),
    the progressive drive's rounds made from the results as they come; returns the rounds
    and the results. A line the rules refuse, a table or deal twice, or a round missing a
    table stops it with a message naming the line."""
    from openwhist.drive.movement import next_round, table_winners

    by_round: dict[int, list[SheetRow]] = defaultdict(list)
    for row in rows:
        if not 1 <= row.round <= plan.total_rounds:
            raise InvalidActionError(f"line {row.line}: the drive has {plan.total_rounds} rounds, "
                                     f"not round {row.round}")
        by_round[row.round].append(row)
    rounds: list[Round] = []
    results: list[Result] = []
    current = plan.rounds[0]
    for number in range(1, max(by_round, default=0) + 1):
        if plan.kind != "progressive":
            current = plan.rounds[number - 1]
        played: list[Result] = []
        seen: set[tuple[int, int]] = set()
        table_rows = sorted(by_round.get(number, []), key=lambda r: (r.table, r.deal))
        for row in table_rows:
            if (row.table, row.deal) in seen:
                raise InvalidActionError(f"line {row.line}: round {number}, table {row.table}, "
                                         f"deal {row.deal} is entered twice")
            seen.add((row.table, row.deal))
            before = [r.entry for r in table_rows if r.table == row.table and r.deal < row.deal]
            try:
                played.append(result_of_entry(plan.family, options, current, row.table, row.deal,
                                              row.entry, before))
            except InvalidActionError as exc:
                raise InvalidActionError(f"line {row.line}: {exc}") from None
        rounds.append(current)
        results += played
        if plan.kind == "progressive" and number < max(by_round):
            winners = []
            for t in current.tables:
                mine = [(r.deal, r.scores) for r in played if r.table == t.number]
                if not mine:
                    raise InvalidActionError(f"round {number}: table {t.number} has no results, "
                                             "so the next round cannot be seated")
                winners.append(table_winners(t, mine))
            current = next_round(current, winners, rounds[:-1])
    return rounds, results
