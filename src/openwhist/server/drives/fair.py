"""Fair results: a sit-out each round, Neuberg, confirmed entries, corrections.

A drive of 4n + 1 people in the individual movement may have one person sit out each round
(the whist tournament's own sit-out) instead of a computer player.  In scorer mode a table's
entry counts as soon as it is made and shows as waiting until a person of the other side at
that table confirms it; a confirmed entry changed by its side waits, unchanged, for the other
side's consent; the director corrects any entry (logged, with a reason) and locks it; the
service's :class:`~openwhist.server.drives.service.FairResults` stores them."""

from __future__ import annotations

import csv
import io
import time
from typing import Any

from openwhist.drive import FAMILY_MOVEMENTS
from openwhist.drive.pairs import MAX_BOARDS
from openwhist.rules.registry import get_variant
from openwhist.server import drive_pairs, policy
from openwhist.server.drives.errors import DriveError
from openwhist.server.drives.movement import header_of

__all__ = ["boards_due", "check_deal", "check_pairs_new", "check_relay", "check_sit_out", "corrections_csv",
           "corrections_shown", "entry_state", "entry_states", "fair_view", "mp_shown"]

def check_sit_out(family: str, opts: Any, body: Any) -> None:
    """Refuse (422 ``sit_out_movement``) a sit-out asked for a drive whose movement is not
    the individual one at tables of four."""
    if getattr(body, "sit_out", False) and (
        body.movement != "individual" or get_variant(family).header(opts).hands != 4
    ):
        raise DriveError(
            422,
            "one person sits out each round only in the individual movement at tables of four",
            "sit_out_movement",
        )


def check_relay(body: Any) -> None:
    """Refuse (422 ``relay_mitchell``) a relay and bye stand asked for a drive that is not a
    Mitchell."""
    if getattr(body, "relay", False) and body.movement != "mitchell":
        raise DriveError(422, "a relay and bye stand belongs to a Mitchell movement", "relay_mitchell")


def check_pairs_new(family: str, opts: Any, body: Any) -> None:
    """Refuse (422) a Mitchell or Howell drive that is not played on real cards by fixed
    partnerships at tables of four, or has more boards a round than a movement takes."""
    if "pairs" not in FAMILY_MOVEMENTS[family] or get_variant(family).header(opts).hands != 4:
        raise DriveError(422, f"a {body.movement} movement seats fixed partnerships at tables of four, "
                         f"which {family} whist has not", "pairs_family", movement=body.movement)
    if body.mode != "scorer":
        raise DriveError(422, f"a {body.movement} movement moves boards between real tables: choose real "
                         "cards at the club (online, every table plays the same deals at once)",
                         "pairs_scorer", movement=body.movement)
    if body.deals > MAX_BOARDS:
        raise DriveError(422, f"a {body.movement} movement plays 1 to {MAX_BOARDS} boards a round",
                         "pairs_boards", most=MAX_BOARDS)


def check_deal(drive: dict[str, Any], round_no: int, table_no: int, deal_no: int) -> None:
    """Refuse (422) a deal number that table ``table_no`` does not play in round
    ``round_no``: a round's deals 1 to ``deals``; a Mitchell or Howell table's boards."""
    if drive_pairs.is_pairs(drive):
        boards = drive_pairs.round_boards(drive, round_no).get(table_no, ())
        if deal_no not in boards:
            shown = ", ".join(map(str, boards))
            raise DriveError(422, f"table {table_no} plays boards {shown} in round {round_no}, not board "
                             f"{deal_no}", "board_not_here", board=deal_no, table=table_no, boards=shown)
        return
    if not 1 <= deal_no <= drive["deals"]:
        raise DriveError(422, f"a round has deals 1 to {drive['deals']}", "deal_range", most=drive["deals"])


def boards_due(drive: dict[str, Any]) -> int | None:
    """How many results each duplicate board should have (the most tables of a round; of
    a Mitchell or Howell, the most tables that play a board): a board with fewer is
    matchpointed with Neuberg's adjustment; None before any round."""
    if drive_pairs.is_pairs(drive) and drive["tables"]:
        return drive_pairs.board_plays(drive)
    per_round: dict[int, int] = {}
    for t in drive["tables"]:
        per_round[t["round_no"]] = per_round.get(t["round_no"], 0) + 1
    return max(per_round.values(), default=None)


def mp_shown(mp: float) -> float:
    """Matchpoints as the pages show them: whole ones as integers, others to one decimal."""
    return int(mp) if float(mp).is_integer() else round(mp, 1)


def _sides(drive: dict[str, Any]) -> tuple[int, ...] | None:
    """Each seat's side where the family has sides (None where every player is his own)."""
    sides = header_of(drive).sides
    return tuple(sides) if sides is not None else None


def _result_row(drive: dict[str, Any], round_no: int, table_no: int, deal_no: int) -> dict[str, Any] | None:
    return next((r for r in drive["results"]
                 if (r["round_no"], r["table_no"], r["deal_no"]) == (round_no, table_no, deal_no)), None)


def _drive_table(drive: dict[str, Any], round_no: int, table_no: int) -> dict[str, Any]:
    table: dict[str, Any] | None = next(
        (t for t in drive["tables"] if (t["round_no"], t["table_no"]) == (round_no, table_no)), None)
    if table is None:
        raise DriveError(404, f"no table {table_no} in round {round_no}", "no_drive_table", table=table_no)
    return table


def entry_state(row: dict[str, Any]) -> str:
    """A stored result's state: ``played`` (online), ``confirmed``, ``waiting`` (for the
    other side's confirmation) or ``change_waiting`` (a change of a confirmed entry)."""
    if row.get("proposed"):
        return "change_waiting"
    if row["entered_by"] is None and "entry" not in row["result"]:
        return "played"
    return "confirmed" if row.get("confirmed_by") is not None else "waiting"


def entry_states(drive: dict[str, Any], user_id: int | None) -> list[dict[str, Any]]:
    """Scorer mode: the entries of the tables ``user_id`` sits or sat at (every table for
    the director): those of the round being played, and of earlier rounds those not yet
    confirmed or locked; each with its state (:func:`entry_state`), whether it is locked,
    what was entered (and the change waiting), and whether he may confirm it now."""
    if drive["mode"] != "scorer" or user_id is None:
        return []
    director = user_id == drive["director_id"]
    numbers = {e["number"] for e in drive["entries"] if e["user_id"] == user_id}
    tables = {(t["round_no"], t["table_no"]): t for t in drive["tables"]}
    seated = {k for k, t in tables.items() if numbers & set(t["seats"])}
    sides = _sides(drive)
    by_table: dict[tuple[int, int], list[dict[str, Any]]] | None = drive.get("_by_table")
    if by_table is None:  # made once per drive as read
        by_table = drive["_by_table"] = {}
        for r in drive["results"]:
            by_table.setdefault((r["round_no"], r["table_no"]), []).append(r)
    rows = drive["results"] if director else [r for k in sorted(seated) for r in by_table.get(k, [])]
    out = []
    for r in rows:
        key = (r["round_no"], r["table_no"])
        state = entry_state(r)
        settled = state in ("confirmed", "played") and not r.get("locked")
        if key not in tables or not (director or key in seated) or (r["round_no"] != drive["round_no"]
                                                                    and settled):
            continue
        may = False
        if key in seated and state in ("waiting", "change_waiting"):
            try:
                policy.may_confirm_drive_entry(drive, user_id, tables[key], r, sides)
                may = True
            except policy.Refused:
                pass
        out.append({"round": r["round_no"], "table": r["table_no"], "deal": r["deal_no"],
                    "state": state, "locked": bool(r.get("locked")),
                    "detail": r["result"].get("detail", ""),
                    "proposed": r["proposed"].get("detail") if r.get("proposed") else None,
                    "can_confirm": may})
    return out


def corrections_shown(drive: dict[str, Any], user_id: int | None) -> list[dict[str, Any]]:
    """The director's corrections and locks of the results ``user_id`` is shown
    (:func:`openwhist.server.policy.drive_results_shown`'s boards): per change the round,
    table, deal, action, when, the result before and after (in words) and the reason."""
    log = drive.get("corrections") or []
    if not log:
        return []
    still = set() if policy.drive_sees_all(drive, user_id) else policy.drive_open_boards(drive)
    return [
        {"round": c["round_no"], "table": c["table_no"], "deal": c["deal_no"], "action": c["action"],
         "at": c["created"], "by": "director",
         "before": (c["before"] or {}).get("detail"), "after": (c["after"] or {}).get("detail"),
         "reason": c["reason"]}
        for c in log
        if policy.drive_board(drive, c["round_no"], c["table_no"], c["deal_no"]) not in still
    ]


def fair_view(drive: dict[str, Any], user_id: int | None) -> dict[str, Any]:
    """What :func:`drive_view` adds for fair results: the sit-out and relay settings, whether the
    caller sits out this round, the states of the entries at his tables and the log of
    corrections he may see."""
    mine = next((e["number"] for e in drive["entries"]
                 if user_id is not None and e["user_id"] == user_id), None)
    sitting = (mine is not None and drive["state"] in ("running", "paused") and drive["round_no"] >= 1
               and not any(mine in t["seats"] for t in drive["tables"] if t["round_no"] == drive["round_no"]))
    return {"sit_out": bool(drive.get("sit_out")), "relay": bool(drive.get("relay")), "sitting_out": sitting,
            "entry_states": entry_states(drive, user_id),
            "corrections": corrections_shown(drive, user_id)}


def corrections_csv(drive: dict[str, Any], user_id: int | None) -> str:
    """The log of corrections for the CSV (a blank line and a header first; none: empty)."""
    rows = corrections_shown(drive, user_id)
    if not rows:
        return ""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["round", "table", "deal", "action", "when (UTC)", "by", "before", "after", "reason"])
    for c in rows:
        w.writerow([c["round"], c["table"], c["deal"], c["action"], _utc(c["at"]), c["by"],
                    c["before"] or "", c["after"] or "", c["reason"]])
    return "\n" + buf.getvalue()


def _utc(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at))
