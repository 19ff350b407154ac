"""The drive's rules (:mod:`openwhist.drive`), read for the server: the header of its
family, its movement (with a sit-out, or a Mitchell's or Howell's), its rounds and their
seeds, the entry checks and the results they make; and the rounds a drive's movement plans,
for its page and its movement cards."""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from openwhist.cards import derive_seed
from openwhist.drive import (
    Entry,
    Plan,
    Round,
    Table,
    next_round,
    result_of_deal,
    result_of_entry,
    table_winners,
)
from openwhist.drive import plan as movement_plan
from openwhist.drive.movement import byes as movement_byes
from openwhist.errors import WhistError
from openwhist.rules.options import without_ranges
from openwhist.rules.registry import get_variant, resolve
from openwhist.rules.seats import seat_name
from openwhist.server import drive_pairs
from openwhist.server.drives.errors import DriveError

__all__ = ["check_movement", "checked_entry", "deals_done", "hands_of", "has_byes", "header_of",
           "movement_of", "movement_rounds", "movement_text", "pairs_drive_plan", "played_result",
           "rescored_after", "round_of", "round_seating", "sit_out_plan", "table_seed"]

log = logging.getLogger("openwhist.server")

def header_of(drive: dict[str, Any]) -> Any:
    """The declared header of the drive's family under its options (made once per drive as
    read)."""
    made = drive.get("_header")
    if made is None:
        with without_ranges():  # checked when the drive was made
            _, opts = resolve(drive["family"], None, **drive["options"])
        made = drive["_header"] = get_variant(drive["family"]).header(opts)
    return made


def hands_of(drive: dict[str, Any]) -> int:
    """Hands (seats) at each table of the drive."""
    return int(header_of(drive).hands)


def deals_done(drive: dict[str, Any]) -> dict[tuple[int, int], int]:
    """How many deals each table (round, table) has a result for."""
    out: dict[tuple[int, int], int] = {}
    for r in drive["results"]:
        key = (r["round_no"], r["table_no"])
        out[key] = out.get(key, 0) + 1
    return out


def table_seed(drive: dict[str, Any], round_no: int, table_no: int) -> int:
    """The secret seed of a round's table on the play server (its match's deals come from
    it): the round's, the same at every table, in a duplicate drive; the table's own
    otherwise."""
    if drive["duplicate"]:
        return derive_seed(drive["seed"], "drive", "round", round_no)
    return derive_seed(drive["seed"], "drive", "round", round_no, "table", table_no)


def check_movement(family: str, movement: str) -> None:
    """Refuse (422) a movement the family's drives do not use."""
    try:
        movement_plan(movement, 2, family, 1)
    except WhistError as exc:
        raise DriveError(422, str(exc), "drive_movement", movement=movement) from None


def movement_of(drive: dict[str, Any]) -> Plan:
    """The drive's movement for the people registered (at least two)."""
    people = len(drive["entries"])
    if people < 2:
        raise DriveError(409, "a drive needs at least two people", "too_few", least=2)
    with without_ranges():
        _, opts = resolve(drive["family"], None, **drive["options"])
    if drive.get("sit_out"):
        return sit_out_plan(drive, opts)
    if drive_pairs.is_pairs(drive):
        return pairs_drive_plan(drive)
    made = movement_plan(drive["movement"], people, drive["family"], drive["rounds"], options=opts)
    if drive["movement"] == "individual" and not _seated_as(drive, made):
        # a drive seated by the local search before the whist tournaments keeps its seating
        made = movement_plan("individual", people, drive["family"], drive["rounds"], options=opts,
                             designs=False)
    return made


def _seated_as(drive: dict[str, Any], made: Plan) -> bool:
    """Whether the rounds of ``drive`` seated so far sit as ``made`` seats them (a seat
    stored empty, a person replaced by a computer player, agrees with anyone)."""
    for t in drive["tables"]:
        r = t["round_no"]
        if r > len(made.rounds):
            continue
        planned = {p.number: p.seats for p in made.rounds[r - 1].tables}
        seats = tuple(n - 1 if n else None for n in t["seats"])
        want = planned.get(t["table_no"])
        if want is None or any(s is not None and s != w for s, w in zip(seats, want, strict=False)):
            return False
    return True


def has_byes(drive: dict[str, Any]) -> bool:
    """Whether the drive's movement has people sit out rounds (then its standings are
    scaled to the deals each played: :data:`openwhist.drive.scoring.SCALED_RULE`)."""
    if drive_pairs.is_pairs(drive):  # a missing pair: the pair it would meet sits out
        return len(drive["entries"]) // 2 % 2 == 1
    with without_ranges():
        _, opts = resolve(drive["family"], None, **drive["options"])
    return bool(drive.get("sit_out")) or movement_byes(drive["movement"], len(drive["entries"]),
                                                         drive["family"], opts) > 0


def round_of(drive: dict[str, Any], round_no: int) -> Round:
    """A round seated already, as the movement's :class:`~openwhist.drive.movement.Round`
    (people by index: entry number less one; None for a computer player)."""
    tables = [
        Table(t["table_no"], tuple(n - 1 if n else None for n in t["seats"]))
        for t in drive["tables"]
        if t["round_no"] == round_no
    ]
    return Round(round_no, tuple(tables))


def round_seating(drive: dict[str, Any], round_no: int) -> Round:
    """Who sits where in round ``round_no``: from the movement, or (the progressive drive
    after its first round) from the round before and who won at each of its tables (a
    table with no result: its N-S side), the rounds before it telling who has partnered
    whom."""
    moves = movement_of(drive)
    if drive["movement"] != "progressive" or round_no == 1:
        return moves.rounds[round_no - 1]
    before = round_of(drive, round_no - 1)
    winners = []
    for t in before.tables:
        scores = [
            (r["deal_no"], r["result"]["scores"])
            for r in drive["results"]
            if r["round_no"] == round_no - 1 and r["table_no"] == t.number
        ]
        winners.append(table_winners(t, scores) if scores else 0)
    earlier = [round_of(drive, r) for r in range(1, round_no - 1)]
    return next_round(before, winners, earlier)


def _playing(drive: dict[str, Any], rnd: Round) -> Round:
    """The round with None at the seats of people a computer player plays for (they left,
    or the director replaced them): those deals are not theirs."""
    for e in drive["entries"]:
        if e["left_round"] is not None and e["left_round"] <= rnd.number and rnd.table_of(e["number"] - 1):
            rnd = rnd.substitute(e["number"] - 1)
    return rnd


def checked_entry(
    drive: dict[str, Any], table_no: int, deal_no: int, entry: dict[str, Any], round_no: int | None = None
) -> dict[str, Any]:
    """A scorer's entry for a deal at a table of the current round (or of ``round_no``: the
    director's correction), checked and scored by the drive's rules (a WhistError says
    what is wrong with it); the result keeps what was entered (``entry``), from which the
    deals after it are scored again where the rules carry something from deal to deal
    (the exact-bid whists' streaks)."""
    made = _entry(entry)
    round_no = drive["round_no"] if round_no is None else round_no
    before = [_entry(r["result"]["entry"]) for r in _table_results(drive, table_no, round_no)
              if r["deal_no"] < deal_no and "entry" in r["result"]]  # kept since entries carry it
    rnd = _playing(drive, round_of(drive, round_no))
    result: dict[str, Any] = result_of_entry(
        drive["family"], drive["options"], rnd, table_no, deal_no, made, before
    ).to_dict()
    result["entry"] = {k: v for k, v in entry.items() if v not in (None, [], 1) or k == "tricks"}
    return result


def _entry(entry: dict[str, Any]) -> Entry:
    return Entry(
        tuple(entry.get("tricks") or ()),
        entry.get("contract"),
        tuple(entry.get("declarers") or ()),
        int(entry.get("multiplier") or 1),
        tuple(entry.get("bids") or ()),
    )


def _table_results(drive: dict[str, Any], table_no: int, round_no: int | None = None) -> list[dict[str, Any]]:
    """The results entered at a table of the current round (or of ``round_no``), by deal."""
    round_no = drive["round_no"] if round_no is None else round_no
    rows = [r for r in drive["results"] if (r["round_no"], r["table_no"]) == (round_no, table_no)]
    return sorted(rows, key=lambda r: int(r["deal_no"]))


def rescored_after(
    drive: dict[str, Any], table_no: int, deal_no: int, result: dict[str, Any], round_no: int | None = None
) -> list[tuple[int, dict[str, Any], int | None]]:
    """Where the family carries streaks from deal to deal, the table's deals after
    ``deal_no`` (of the current round, or of ``round_no``) scored again from their entries
    with ``result`` in its place: (deal, new result, who entered it) for each; none for
    the other families."""
    form = get_variant(drive["family"]).entry
    if form is None or not form.chained:
        return []
    round_no = drive["round_no"] if round_no is None else round_no
    entered = {int(r["deal_no"]): r for r in _table_results(drive, table_no, round_no)
               if "entry" in r["result"]}
    entered[deal_no] = {"deal_no": deal_no, "result": result, "entered_by": None}
    rnd = _playing(drive, round_of(drive, round_no))
    out: list[tuple[int, dict[str, Any], int | None]] = []
    for deal in sorted(d for d in entered if d > deal_no):
        before = [_entry(entered[k]["result"]["entry"]) for k in sorted(entered) if k < deal]
        row = entered[deal]
        fresh = result_of_entry(drive["family"], drive["options"], rnd, table_no, deal,
                                _entry(row["result"]["entry"]), before).to_dict()
        fresh["entry"] = row["result"]["entry"]
        entered[deal] = {"deal_no": deal, "result": fresh, "entered_by": row["entered_by"]}
        out.append((deal, fresh, row["entered_by"]))
    return out


def played_result(
    drive: dict[str, Any], round_no: int, table_no: int, deal_no: int, outcome: Any
) -> dict[str, Any]:
    """The drive's result of a deal played online (``outcome``: the deal's result)."""
    rnd = _playing(drive, round_of(drive, round_no))
    result: dict[str, Any] = result_of_deal(drive["family"], rnd, table_no, deal_no, outcome).to_dict()
    return result


def movement_text(drive: dict[str, Any]) -> str:
    """The movement printed as a table (the names of the people registered)."""
    moves = movement_of(drive)
    names = [e["name"] for e in drive["entries"]]
    if drive_pairs.is_pairs(drive):
        return drive_pairs.pairs_of(drive).text(names)
    return moves.table_text(names)


# The rounds a drive's movement plans, for its page and its movement cards: a movement of
# many people takes seconds to make (the individual movement's local search: 1.6 to 3.3 s for 48
# people at 12 rounds), so the page's view asks one worker thread for it and shows the
# seated rounds until it is made; the printed cards wait for it.
_PLANNED: dict[tuple[Any, ...], dict[int, dict[int, list[int | None]]]] = {}
_PLANNING: set[tuple[Any, ...]] = set()
_PLANNER = ThreadPoolExecutor(1, thread_name_prefix="drive-movements")


def _plan_rounds(key: tuple[Any, ...], drive: dict[str, Any]) -> None:
    try:
        _PLANNED[key] = {rnd.number: {t.number: [p + 1 if p is not None else None for p in t.seats]
                                      for t in rnd.tables} for rnd in movement_of(drive).rounds}
        while len(_PLANNED) > 256:
            del _PLANNED[next(iter(_PLANNED))]
    except DriveError:  # not yet a movement for these people (an odd number of a pairs drive's)
        _PLANNED[key] = {}
    except Exception:  # pragma: no cover: a movement that cannot be made shows the seated rounds
        log.exception("movement of drive %s", drive.get("id"))
    finally:
        _PLANNING.discard(key)


def _planned(drive: dict[str, Any], wait: bool) -> dict[int, dict[int, list[int | None]]]:
    """The rounds the drive's movement plans (entry numbers; None: a computer player), or
    none yet (``wait``: made here and now)."""
    if drive["movement"] == "progressive" or len(drive["entries"]) < 2:
        return {}
    keep = ("id", "movement", "family", "options", "rounds", "deals", "entries", "tables", "sit_out", "relay")
    key = (drive["id"], drive["movement"], len(drive["entries"]), drive["rounds"], len(drive["tables"]),
           bool(drive.get("sit_out")), drive["deals"], bool(drive.get("relay")))
    if key not in _PLANNED:
        if wait or drive_pairs.is_pairs(drive):  # a pairs movement is made at once
            _plan_rounds(key, {k: drive.get(k) for k in keep})
        elif key not in _PLANNING:
            _PLANNING.add(key)
            _PLANNER.submit(_plan_rounds, key, {k: drive.get(k) for k in keep})
    return _PLANNED.get(key, {})


def movement_rounds(drive: dict[str, Any], wait: bool = False) -> list[dict[str, Any]]:
    """Every round of the drive's movement as its page and its movement cards show it (who
    sits where, no card and no result): per round its tables and each seat's entry number,
    name (None: a computer player) and side (partners share one; None: no fixed partners);
    the rounds seated as they were seated, the later ones as the movement plans them, a
    computer player for those who left (the progressive drive's follow the results: none;
    none before two people have registered; none until the movement is made, unless
    ``wait``)."""
    seated: dict[int, dict[int, list[int | None]]] = {}
    for t in drive["tables"]:
        seated.setdefault(t["round_no"], {})[t["table_no"]] = list(t["seats"])
    gone = {e["number"]: e["left_round"] for e in drive["entries"] if e["left_round"] is not None}
    for number, tables in _planned(drive, wait).items():
        if number not in seated:  # a computer player plays for those who left, from then on
            seated[number] = {no: [None if p in gone and gone[p] <= number else p for p in seats]
                              for no, seats in tables.items()}
    names = {e["number"]: e["name"] for e in drive["entries"]}
    n = hands_of(drive)
    head = header_of(drive)
    sides = list(head.sides) if head.partnership == "fixed" else [None] * n
    return [
        {"round": r, "tables": [
            {"table": no, "seats": [{"seat": seat_name(i, n), "number": num or None,
                                     "name": names.get(num) if num else None, "side": sides[i]}
                                    for i, num in enumerate(seats)]}
            for no, seats in sorted(seated[r].items())]}
        for r in sorted(seated)]


def pairs_drive_plan(drive: dict[str, Any]) -> Plan:
    """The Mitchell or Howell drive's movement (:func:`openwhist.server.drive_pairs.pairs_plan`):
    DriveError 409 ``pairs_people`` for an odd number of people or fewer than four,
    ``pairs_movement`` where the movement cannot seat them."""
    people = len(drive["entries"])
    if people % 2 or people < 4:
        raise DriveError(409, f"the pairs are the people two by two in the order they registered: "
                         f"an even number of people from 4, not {people}", "pairs_people", people=people)
    try:
        return drive_pairs.pairs_plan(drive, drive["family"])
    except WhistError as exc:
        raise DriveError(409, str(exc), "pairs_movement", people=people) from None


def sit_out_plan(drive: dict[str, Any], opts: Any) -> Plan:
    """The movement of a drive with a sit-out: the whist tournament of its 4n + 1 people
    (DriveError 409 ``sit_out_people`` for another number of people)."""
    people = len(drive["entries"])
    if people % 4 != 1:
        raise DriveError(
            409,
            f"one person sits out each round with 4n + 1 people (5, 9, 13...), not {people}",
            "sit_out_people",
            people=people,
        )
    try:
        return movement_plan("individual", people, drive["family"], drive["rounds"], options=opts,
                             sit_out=True)
    except WhistError as exc:
        raise DriveError(409, str(exc), "sit_out_people", people=people) from None
