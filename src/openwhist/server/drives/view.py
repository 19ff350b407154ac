"""A drive as its pages show it: the view of one person, the standings and score cards,
the results as CSV and as a printable page."""

from __future__ import annotations

import time
from typing import Any

from openwhist.drive import (
    Result,
    score_card,
    standings_csv,
)
from openwhist.drive import results_csv as deal_results_csv
from openwhist.drive import standings as rank
from openwhist.drive.records import STRAINS
from openwhist.rules.seats import seat_name
from openwhist.server import drive_pairs, policy
from openwhist.server.drives.fair import (
    boards_due,
    corrections_csv,
    entry_state,
    fair_view,
    mp_shown,
)
from openwhist.server.drives.movement import (
    deals_done,
    hands_of,
    has_byes,
    header_of,
    movement_rounds,
)
from openwhist.server.drives.records import hand_records

__all__ = ["drive_csv", "drive_view", "pair_standings", "score_card_of", "standings"]

def drive_view(drive: dict[str, Any], user_id: int | None) -> dict[str, Any]:
    """A drive as ``user_id`` (None: anyone) sees it: its settings, who registered, the
    tables of each round played or being played (a table's server id only for the
    people seated there and the director), the standings, and the caller's own place
    (their number, their table this round, partner and opponents).  Nothing of a board
    reaches someone who still has to play it (:mod:`openwhist.server.policy`): a table's
    id only where he may watch it, the standings of the boards he may see."""
    director = user_id is not None and user_id == drive["director_id"]
    names = {e["number"]: e["name"] for e in drive["entries"]}
    mine = next(
        (e["number"] for e in drive["entries"] if user_id is not None and e["user_id"] == user_id), None
    )
    n = hands_of(drive)
    done = deals_done(drive)
    tables = []
    for t in drive["tables"]:
        seats = [
            {"seat": seat_name(i, n), "number": num or None, "name": names.get(num) if num else None}
            for i, num in enumerate(t["seats"])
        ]
        entry = {
            "round": t["round_no"],
            "table": t["table_no"],
            "seats": seats,
            "deals_done": done.get((t["round_no"], t["table_no"]), 0),
        }
        entry |= _pairs_table(drive, t) if drive_pairs.is_pairs(drive) else {}
        seated = mine is not None and mine in t["seats"]
        if (director or seated) and policy.may_watch_drive_table(
                drive, user_id, t["round_no"], t["table_no"]):
            entry["table_id"] = t["table_id"]
        if director or seated:
            entry["can_enter"] = drive["mode"] == "scorer"
        tables.append(entry)
    out: dict[str, Any] = {
        k: drive[k]
        for k in (
            "id",
            "name",
            "family",
            "options",
            "movement",
            "mode",
            "duplicate",
            "rounds",
            "deals",
            "round_minutes",
            "rated",
            "rank_by",
            "state",
            "round_no",
            "starts_at",
            "created",
        )
    }
    out["director"] = director
    clock = drive["paused_at"] or time.time()  # a paused round's clock stands still
    out["round_ends_in"] = (
        round(max(0.0, drive["round_started"] + drive["round_minutes"] * 60 - clock))
        if drive["state"] in ("running", "paused") and drive["round_started"]
        else None
    )
    out["entries"] = [
        {
            "number": e["number"],
            "name": e["name"],
            "left_round": e["left_round"],
            "you": e["number"] == mine,
        }
        for e in drive["entries"]
    ]
    out["registered"] = mine is not None
    out["tables"] = tables
    out["standings"] = standings(drive, user_id)
    out["you"] = _place(drive, mine, names) if mine is not None else None
    out["card"] = score_card_of(drive, mine) if mine is not None else []
    out["hand_records"] = hand_records(drive)
    out["movement_rounds"] = movement_rounds(drive)
    out.update(fair_view(drive, user_id))
    return out


def _pairs_table(drive: dict[str, Any], t: dict[str, Any]) -> dict[str, Any]:
    """A Mitchell's or Howell's table as its page shows it besides: the boards it plays in
    its round and its pairs (N-S, E-W)."""
    return {"boards": list(drive_pairs.round_boards(drive, t["round_no"]).get(t["table_no"], ())),
            "pairs": [drive_pairs.pair_of(t["seats"][0]), drive_pairs.pair_of(t["seats"][1])]}


def _place(drive: dict[str, Any], number: int, names: dict[int, str]) -> dict[str, Any]:
    """Where entry ``number`` sits in the drive's current round: table, seat, partner
    and opponents (None before the first round and after the last)."""
    current = [t for t in drive["tables"] if t["round_no"] == drive["round_no"]]
    out: dict[str, Any] = {"number": number, "table": None}
    n = hands_of(drive)
    sides = header_of(drive).sides
    for t in current:
        if number in t["seats"]:
            i = t["seats"].index(number)
            partners = [
                j
                for j in range(n)
                if j != i and sides[j] == sides[i] and header_of(drive).partnership == "fixed"
            ]
            others = [j for j in range(n) if j != i and j not in partners]

            def who(j: int, seats: list[int] = t["seats"]) -> dict[str, Any]:
                num = seats[j]
                return {
                    "seat": seat_name(j, n),
                    "number": num or None,
                    "name": names.get(num) if num else None,
                }

            out.update(
                table=t["table_no"],
                seat=seat_name(i, n),
                table_id=t["table_id"],
                partner=[who(j) for j in partners],
                opponents=[who(j) for j in others],
            )
    return out


def _results(drive: dict[str, Any]) -> list[Result]:
    """The drive's results as the library's records (made once per drive as read)."""
    made: list[Result] | None = drive.get("_results")
    if made is not None:
        return made
    made = drive["_results"] = [
        Result(
            r["round_no"],
            r["table_no"],
            r["deal_no"],
            tuple(x["players"]),
            tuple(x["scores"]),
            tuple(x["margins"]),
            x.get("detail", ""),
        )
        for r in drive["results"]
        for x in [r["result"]]
    ]
    return made


def _shown(drive: dict[str, Any], user_id: int | None) -> tuple[str, list[Result]]:
    """The results ``user_id`` is shown (:func:`openwhist.server.policy.drive_results_shown`)
    as the library's records, and which of the two sets it is (``all``: the director with
    nothing to play; ``over``: the boards nobody still has to play)."""
    if policy.drive_sees_all(drive, user_id):
        return "all", _results(drive)
    if policy.drive_boards_played(drive, user_id):  # a Mitchell or Howell pair's boards besides
        keep = {(r["round_no"], r["table_no"], r["deal_no"])
                for r in policy.drive_results_shown(drive, user_id)}
        return f"user{user_id}", [x for x in _results(drive) if (x.round, x.table, x.deal) in keep]
    made: list[Result] | None = drive.get("_results_over")
    if made is None:
        shown = policy.drive_results_shown(drive, None)
        keep = {(r["round_no"], r["table_no"], r["deal_no"]) for r in shown}
        made = drive["_results_over"] = [x for x in _results(drive) if (x.round, x.table, x.deal) in keep]
    return "over", made


def standings(drive: dict[str, Any], user_id: int | None = None) -> dict[str, Any]:
    """The drive's standings as ``user_id`` (None: anyone) is shown them, as JSON: what
    they rank by and the tie-break rule, and per person (best first) the place, number,
    name, total, margin, matchpoints, deals, rounds won and each round's score.  They count
    the boards nobody still has to play, every board for the director with nothing left
    to play (each made once per drive as read)."""
    which, results = _shown(drive, user_id)
    made: dict[str, Any] | None = drive.get("_standings_" + which)
    if made is not None:
        return made
    ranked = rank(results, drive["rank_by"], len(drive["entries"]), byes=has_byes(drive),
                  expected=boards_due(drive), by_board=drive_pairs.is_pairs(drive))
    names = {e["number"] - 1: e["name"] for e in drive["entries"]}
    users = {e["number"] - 1: e["user_id"] for e in drive["entries"]}
    per_round: dict[int, list[int]] = {p: [0] * drive["rounds"] for p in names}
    for r in results:
        for s, p in enumerate(r.players):
            if p is not None and p in per_round and 1 <= r.round <= drive["rounds"]:
                per_round[p][r.round - 1] += r.scores[s]
    rows = [
        {
            "place": x.place,
            "number": x.player + 1,
            "name": names.get(x.player, "?"),
            "user_id": users.get(x.player),
            "total": x.total,
            "margin": x.margin,
            "matchpoints": mp_shown(x.matchpoints),
            "deals": x.deals,
            "rounds_won": x.rounds_won,
            "rounds": per_round.get(x.player, []),
            "scaled": x.scaled,
        }
        for x in ranked.rows
    ]
    made = drive["_standings_" + which] = {"by": ranked.by, "tie_break": ranked.tie_break,
                                           "scaling": ranked.scaling, "rows": rows}
    if drive_pairs.is_pairs(drive) and len(drive["entries"]) % 2 == 0:
        made["pairs"] = pair_standings(drive, rows)
    return made


def pair_standings(drive: dict[str, Any], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A Mitchell or Howell drive's standings by pair (from the people's ``rows``: both of a
    pair score alike), best first within each field (a Mitchell's N-S and E-W pairs; a
    Howell's one field): per pair its field, place in it, number, names, matchpoints (and
    scaled ones where a pair sat a round out), boards played."""
    by_number = {r["number"]: r for r in rows}
    out = []
    for pair in range(1, len(drive["entries"]) // 2 + 1):
        a, b = by_number[2 * pair - 1], by_number[2 * pair]
        out.append({"pair_no": pair, "field": drive_pairs.field_of(drive, pair),
                    "names": [a["name"], b["name"]], "matchpoints": a["matchpoints"],
                    "scaled": a["scaled"], "boards": a["deals"]})
    out.sort(key=lambda p: (p["field"] or "", -(p["scaled"] if p["scaled"] is not None else p["matchpoints"]),
                            p["pair_no"]))
    for i, p in enumerate(out):
        before = out[i - 1] if i else None
        same = (before is not None and before["field"] == p["field"]
                and (before["scaled"], before["matchpoints"]) == (p["scaled"], p["matchpoints"]))
        first = i == 0 or before is None or before["field"] != p["field"]
        p["place"] = before["place"] if same and before is not None else (
            1 if first else sum(1 for q in out[:i] if q["field"] == p["field"]) + 1)
    return out


def score_card_of(drive: dict[str, Any], number: int) -> list[dict[str, Any]]:
    """Entry ``number``'s own score card: per deal he played, the round, table, seat,
    partner's name (fixed sides), the deal in words, his score, margin and running total."""
    names = {e["number"] - 1: e["name"] for e in drive["entries"]}
    fixed = header_of(drive).partnership == "fixed"
    rows = score_card(_results(drive), number - 1)
    for row in rows:
        partner = row.pop("partner")
        row["partner"] = names.get(partner) if partner is not None and fixed else None
        row["computer_partner"] = fixed and partner is None  # a computer player in a gap
    return rows


def drive_csv(drive: dict[str, Any], user_id: int | None = None) -> str:
    """The drive's results as CSV, as ``user_id`` (None: anyone) is shown them: the
    standings (with the ranking rule), a blank line, then one line per table and deal."""
    names = [e["name"] for e in drive["entries"]]
    results = _shown(drive, user_id)[1]
    ranked = rank(results, drive["rank_by"], len(names), byes=has_byes(drive), expected=boards_due(drive),
                  by_board=drive_pairs.is_pairs(drive))
    states = None
    if drive["mode"] == "scorer":  # entered at the table: is each confirmed by the other side?
        states = {(r["round_no"], r["table_no"], r["deal_no"]):
                  entry_state(r) + (" locked" if r.get("locked") else "") for r in drive["results"]}
    text = standings_csv(ranked, names) + "\n" + deal_results_csv(results, names, states)
    pairs = standings(drive, user_id).get("pairs")
    if pairs:
        text += "\nfield,place,pair,names,matchpoints,scaled,boards\n" + "".join(
            f"{p['field'] or ''},{p['place']},{p['pair_no']},{' & '.join(p['names'])},{p['matchpoints']},"
            f"{'' if p['scaled'] is None else p['scaled']},{p['boards']}\n" for p in pairs)
    records = hand_records(drive)
    if records:
        text += "\nround,deal,trump,N,E,S,W,hand N,hand E,hand S,hand W\n" + "".join(
            f"{r['round']},{r['deal']},{s},{','.join(map(str, r['tricks'][s]))},{','.join(r['hands'])}\n"
            for r in records if r["tricks"] is not None for s in STRAINS)
    return text + corrections_csv(drive, user_id)
