"""Mitchell and Howell drives on the play server: pairs at real tables playing duplicate
boards that travel (:mod:`openwhist.drive.pairs`), scored from the results the scorers
enter, board by board.

The people registered form the pairs in the order they registered: entries 1 and 2 are
pair 1, entries 3 and 4 pair 2, and so on (the director removes and re-adds an entry to
change it before the start).  A pair's people sit N and S, or E and W, at the table the
movement gives it each round; a table whose other pair is missing (an odd number of pairs)
is not seated and its boards rest.  A result's deal number is the board's number, the same
at every table that plays it, so the matchpoints compare a board across all the rounds.

Everything here is a pure function of the drive as :func:`openwhist.store.drives.get_drive`
reads it, for :mod:`openwhist.server.policy` and :mod:`openwhist.server.drives` alike.
"""

from __future__ import annotations

from typing import Any

from openwhist.drive.movement import Plan, Round, Table
from openwhist.drive.pairs import PAIR_MOVEMENTS, PairsMovement, pairs_movement

__all__ = ["PAIR_MOVEMENTS", "board_plays", "field_of", "is_pairs", "pair_of", "pairs_of",
           "pairs_plan", "round_boards", "seats_of"]


def is_pairs(drive: dict[str, Any]) -> bool:
    """Whether the drive plays a Mitchell or Howell movement."""
    return drive["movement"] in PAIR_MOVEMENTS


def pairs_of(drive: dict[str, Any]) -> PairsMovement:
    """The drive's Mitchell or Howell movement for the people registered (two a pair), its
    ``deals`` boards a round, all its rounds (made once per drive as read).  An
    :class:`~openwhist.errors.InvalidActionError` for a number of people it cannot seat."""
    made: PairsMovement | None = drive.get("_pairs")
    if made is None:
        made = drive["_pairs"] = pairs_movement(drive["movement"], len(drive["entries"]) // 2,
                                                drive["deals"], relay=bool(drive.get("relay")))
    return made


def pair_of(number: int) -> int:
    """The pair of entry ``number`` (from 1): entries 1 and 2 are pair 1."""
    return (number + 1) // 2


def seats_of(ns: int, ew: int) -> tuple[int, int, int, int]:
    """The people (indexes from 0) at N, E, S and W of a table where pair ``ns`` sits N-S
    and pair ``ew`` E-W."""
    return (2 * ns - 2, 2 * ew - 2, 2 * ns - 1, 2 * ew - 1)


def pairs_plan(drive: dict[str, Any], family: str) -> Plan:
    """The movement as the drive's :class:`~openwhist.drive.movement.Plan` (people by
    index; the tables where two pairs play, numbered as the movement numbers them), at
    most the drive's rounds (made once per drive as read)."""
    made: Plan | None = drive.get("_pairs_plan")
    if made is not None:
        return made
    moves = pairs_of(drive)
    rounds = tuple(
        Round(rnd.number, tuple(Table(t.table, seats_of(t.ns, t.ew)) for t in rnd.tables
                                if t.ns is not None and t.ew is not None))
        for rnd in moves.rounds[:drive["rounds"]])
    made = drive["_pairs_plan"] = Plan(family, "pairs", len(drive["entries"]), len(rounds), rounds)
    return made


def round_boards(drive: dict[str, Any], round_no: int) -> dict[int, tuple[int, ...]]:
    """The boards each table plays in round ``round_no`` (tables where two pairs play; made
    once per drive as read)."""
    made: dict[int, dict[int, tuple[int, ...]]] | None = drive.get("_round_boards")
    if made is None:
        moves = pairs_of(drive)
        made = drive["_round_boards"] = {
            rnd.number: {t.table: t.boards for t in rnd.tables if t.played}
            for rnd in moves.rounds[:drive["rounds"]]}
    return made.get(round_no, {})


def board_plays(drive: dict[str, Any]) -> int:
    """How many results a board should have: the most tables that play any one board in
    the drive's rounds (a board with fewer is matchpointed with Neuberg's adjustment)."""
    counts: dict[int, int] = {}
    for r in range(1, drive["rounds"] + 1):
        for boards in round_boards(drive, r).values():
            for b in boards:
                counts[b] = counts.get(b, 0) + 1
    return max(counts.values(), default=1)


def field_of(drive: dict[str, Any], pair: int) -> str | None:
    """The field a pair is ranked in: ``N-S`` or ``E-W`` in a Mitchell (the N-S pairs stay
    N-S), None in a Howell (one field)."""
    if drive["movement"] != "mitchell":
        return None
    tables = (len(drive["entries"]) // 2 + 1) // 2
    return "N-S" if pair <= tables else "E-W"
