"""Take-back: a person alone with computer players, at a table whose match cannot be
rated, undoes his last action in the deal and the computer players' after it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from openwhist.server import policy
from openwhist.server.table.commands import TakeBack
from openwhist.store import undo_actions

if TYPE_CHECKING:
    from openwhist.server.table.live import LiveTable

__all__ = ["TakeBacker", "take_back_count"]


def take_back_count(acted: Sequence[int], in_deal: int, seat: int) -> int:
    """How many actions a take-back by ``seat`` undoes: its last of the deal's ``in_deal``
    actions (the last of ``acted``, who made each action of the match) and every one after
    it; 0 when it has made none in this deal."""
    start = len(acted) - in_deal
    mine = [i for i in range(start, len(acted)) if acted[i] == seat]
    return len(acted) - mine[-1] if mine else 0


class TakeBacker:
    """Take-back at one table (see the module's docstring)."""

    def __init__(self, table: LiveTable) -> None:
        self.t = table

    def offered(self) -> bool:
        """Whether the person here may take back: one person among computer players, not
        at a drive, at a table whose match cannot be rated."""
        t = self.t
        facts = t.finisher.facts()
        alone = facts.people == 1 and facts.computers == len(t.seats) - 1
        return t.drive_id is None and alone and policy.take_back_allowed(facts)

    async def take_back(self, cmd: TakeBack) -> None:
        """Undo the person's last action in this deal and the computer players' after it,
        at a table where every other seat is a computer player."""
        t, conn, ref = self.t, cmd.conn, cmd.ref
        seat = t.seat_of(conn.user_id)
        if seat is None:
            return t.refuse(conn, "you do not sit at this table", ref, "not_seated")
        if t.drive_id is not None:
            return t.refuse(conn, "nothing is taken back at a whist drive's table", ref, "drive_table")
        if any(st.kind != "bot" for s, st in t.seats.items() if s != seat):
            return t.refuse(conn, "a card or call is taken back only at a table of one person "
                                  "and computer players", ref, "undo_alone")
        if not policy.take_back_allowed(t.finisher.facts()):
            return t.refuse(conn, "nothing is taken back at a table whose match is rated; play at a "
                                  "private table to take back", ref, "undo_rated")
        if t.state != "playing" or t.claim is not None:
            return t.refuse(conn, "nothing to take back now", ref, "undo_nothing")
        count = take_back_count(t.acted, len(t.deal.history), seat)
        if not count:
            return t.refuse(conn, "nothing of yours to take back in this deal", ref, "undo_nothing")
        for _ in range(count):
            t.deal.undo()
            t.acted.pop()
        t.seq -= count
        t.version += 1
        t.taken_back = True
        await t.host.store.run(undo_actions, t.id, t.match_no, t.seq, t.version)
        t.deadline = None
        t.send_syncs()
        t.clock.schedule()
