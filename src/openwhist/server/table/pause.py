"""Between deals and between matches: the pause after a deal until the people are ready
(or its time is up), and the next match when a seated person asks for it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from openwhist.server.table.base import match_plan
from openwhist.server.table.commands import Again, Ready, TimerFired
from openwhist.store import mark_table, start_match

if TYPE_CHECKING:
    from openwhist.server.table.live import LiveTable

__all__ = ["Pause", "all_ready", "pause_length"]


def pause_length(deal_pause: float, people: int) -> float:
    """Seconds the pause between deals lasts at most: the deal pause at a table of one
    person (or none) and computer players, eight times it at a table of several people
    (who may all say they are ready before)."""
    return deal_pause * (1 if people <= 1 else 8)


def all_ready(present: Iterable[int], ready: Iterable[int]) -> bool:
    """True when every seated person who is connected (``present``) is ``ready``."""
    return set(present) <= set(ready)


class Pause:
    """The pause between deals, and the next match (see the module's docstring)."""

    def __init__(self, table: LiveTable) -> None:
        self.t = table
        self.ready: set[int] = set()
        self.ends = 0.0  # when the pause is over (the loop's clock)
        self._timer: asyncio.TimerHandle | None = None

    def start(self) -> None:
        """A deal ended and another follows: the table pauses until it starts."""
        self.t.paused = True
        self.ready = set()
        self.arm()

    def arm(self) -> None:
        """Start the pause's timer: the next deal starts by itself when it is up."""
        t = self.t
        if self._timer is not None:
            self._timer.cancel()
        pause = pause_length(t.host.settings.deal_pause, len(t.people()))
        self.ends = time.monotonic() + pause
        self._timer = asyncio.get_running_loop().call_later(pause, t.post, TimerFired("pause", t.version))

    def seconds_left(self) -> float:
        """Seconds until the pause is over (by its timer)."""
        return round(max(0.0, self.ends - time.monotonic()), 1)

    async def on_ready(self, cmd: Ready) -> None:
        """A person is ready for the next deal; it starts once every seated person who is
        connected is."""
        t = self.t
        seat = t.seat_of(cmd.conn.user_id)
        if seat is None or t.state != "pause":
            return
        self.ready.add(seat)
        if all_ready((s for s in t.people() if t.seats[s].conns), self.ready):
            await self.resume(t.version)
        else:
            t.broadcast_table()

    async def on_timer(self, cmd: TimerFired) -> None:
        """The pause's time is up."""
        await self.resume(cmd.version)

    async def resume(self, version: int) -> None:
        """The next deal starts (unless the table has moved on since ``version``)."""
        t = self.t
        if version != t.version or not t.paused:
            return
        t.paused = False
        self.ready = set()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        t.version += 1
        await t.host.store.run(mark_table, t.id, "next", t.version)
        t.send_syncs()
        t.clock.schedule()

    async def again(self, cmd: Again) -> None:
        """A seated person starts the next match (same seats; the deal passes on)."""
        t, conn, ref = self.t, cmd.conn, cmd.ref
        seat = t.seat_of(conn.user_id)
        if seat is None:
            return t.refuse(conn, "you do not sit at this table", ref, "not_seated")
        if not t.match.is_over():
            return t.refuse(conn, "the match is not over", ref, "not_over")
        if t.drive_id is not None:  # its result is the drive's: it is not played again
            return t.refuse(conn, "a whist drive's table plays its round once", ref, "drive_table")
        seed, dealer = match_plan(t.secret, t.match_no, t.match)
        t.version += 1
        await t.host.store.run(start_match, t.id, t.match_no, dealer, t.version)
        t.match = t.new_match(seed, dealer)
        t.seq = 0
        t.acted = []
        t.active = time.time()
        seated = {st.user_id for st in t.seats.values() if st.kind == "person"}
        t.seen = {uid: keys for uid, keys in t.seen.items() if uid in seated}
        t.taken_back = False
        t.send_syncs()
        t.clock.schedule()
