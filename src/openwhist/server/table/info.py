"""A table's info as JSON: its settings, seats, score sheet and state, as a person (or a
request without a session) is shown it."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from openwhist.rules.seats import seat_name
from openwhist.server.table.base import row_json

if TYPE_CHECKING:
    from openwhist.server.table.live import LiveTable

__all__ = ["table_info"]


def _seats_json(t: LiveTable, n: int) -> list[dict[str, Any]]:
    return [{"seat": seat_name(seat, n), "kind": st.kind, "name": st.name, "bot": st.bot,
             "connected": bool(st.conns), "away": st.kind == "person" and not st.conns,
             "pending": st.pending_name, "guest": st.kind == "person" and st.user_id in t.guests,
             "auto": seat in t.auto}
            for seat, st in sorted(t.seats.items())]


def _claims_possible(t: LiveTable) -> bool:
    """Whether a claim can ever be made at this table: its deals are played by two sides (or
    sides the auction makes), not by several players each on his own
    (:func:`openwhist.bots.claims.claim_holds`)."""
    header = t.match.record.header(t.match.options)
    return header.sides is None or len(set(header.sides)) == 2


def table_info(t: LiveTable, for_user: int | None = None) -> dict[str, Any]:
    """The table as JSON: settings, seats, the score sheet; the invitation code only
    for its members; the open claim as the policy shows it to ``for_user`` (None: a
    request without a session)."""
    n = t.deal.n_hands
    state = t.state
    out: dict[str, Any] = {
        "id": t.id, "created": t.created, "variant": t.variant, "options": t.options, "until": t.until,
        "count": t.count, "private": t.private, "match_no": t.match_no,
        "version": t.version, "seats": _seats_json(t, n),
        "sheet": [row_json(r, n) for r in t.match.sheet],
        "summary": t.match.summary(), "match_over": t.match.is_over(),
        "state": state, "leave_to": t.leave_to, "move_time": t.move_time,
        "waiting_for": [seat_name(s, n) for s, st in sorted(t.seats.items()) if st.kind == "open"],
        "ready": [seat_name(s, n) for s in sorted(t.pause.ready)] if state == "pause" else [],
        "pause_ends_in": t.pause.seconds_left() if state == "pause" else None,
        "turn_ends_in": (round(max(0.0, t.deadline - time.monotonic()), 1)
                         if t.deadline is not None else None),
        "claim": t.claims.shown(None if for_user is None else t.seat_of(for_user),
                                session=for_user is not None),
        "owner": for_user is not None and for_user == t.owner_id,
        "drive_id": t.drive_id,
        "take_back": t.takebacker.offered(),
        "claims": _claims_possible(t),
    }
    if state == "over":
        out["winner"] = t.finisher.winners()
        out["points"] = t.finisher.points()
    if for_user is not None and t.is_member(for_user):
        out["code"] = t.code
    return out
