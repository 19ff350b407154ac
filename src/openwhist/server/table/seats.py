"""Seating: people sit down (at an open seat at once, at a bot's seat from the next deal),
stand up, and the owner sets the seats nobody sits at; every change is a stored event."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from openwhist.rules.seats import seat_name
from openwhist.server import policy
from openwhist.server.table.base import SeatError, SeatState
from openwhist.server.table.commands import Join, Leave, SetSeat
from openwhist.store import set_seat

if TYPE_CHECKING:
    from openwhist.server.table.live import LiveTable

__all__ = ["Seating", "free_seat"]


def free_seat(seats: dict[int, SeatState]) -> int | None:
    """The seat a person who names none takes: the first open seat, else the first bot's
    seat nobody is taking over; None when there is none."""
    free = [s for s, st in sorted(seats.items()) if st.kind == "open"]
    free = free or [s for s, st in sorted(seats.items()) if st.kind == "bot" and st.pending_user_id is None]
    return free[0] if free else None


class Seating:
    """The seats of one table (see the module's docstring)."""

    def __init__(self, table: LiveTable) -> None:
        self.t = table

    async def store(self, seat: int) -> None:
        """Store a seat's change as the table's next event and resend every view (a person
        who sat down, or stood up, sees the table from the new place)."""
        t = self.t
        st = t.seats[seat]
        t.active = time.time()
        t.version += 1
        await t.host.store.run(set_seat, t.id, seat, st.kind, st.user_id, st.bot, st.pending_user_id,
                               t.version)
        t.presence.move_conns()
        t.send_syncs()

    async def join(self, cmd: Join) -> dict[str, Any]:
        """Sit a person down (a ``guest`` is marked as one; ``address``: where the request
        came from): at an open seat at once; at a bot's seat from the next deal (at once if
        the deal has not begun).  Returns the seat taken and whether it waits."""
        t, user_id = self.t, cmd.user_id
        if t.closed:
            raise SeatError("this table is closed", "closed")
        if t.seat_of(user_id) is not None:
            raise SeatError("you already sit at this table", "already_seated")
        if any(st.pending_user_id == user_id for st in t.seats.values()):
            raise SeatError("you are already taking over a seat here", "already_seated")
        seat = cmd.seat if cmd.seat is not None else free_seat(t.seats)
        if seat is None:
            raise SeatError("this table has no free seat", "no_free_seat")
        st = t.seats.get(seat)
        if st is None:
            raise SeatError("no such seat at this table", "no_seat")
        n = t.deal.n_hands
        if st.kind == "person" or st.pending_user_id is not None:
            raise SeatError(f"seat {seat_name(seat, n)} is taken", "seat_taken", seat=seat_name(seat, n))
        if cmd.guest:
            t.guests.add(user_id)
        t.presence.note_address(user_id, policy.address_key(cmd.address))
        if st.kind == "open" or not t.deal.history or t.match.is_over():
            st.kind, st.user_id, st.name, st.bot = "person", user_id, cmd.name, None
            await self.store(seat)
            t.clock.schedule()
            return {"seat": seat_name(seat, n), "pending": False}
        st.pending_user_id, st.pending_name = user_id, cmd.name
        await self.store(seat)
        return {"seat": seat_name(seat, n), "pending": True}

    async def seat_pending(self) -> None:
        """A deal ended: the people taking over a bot's seat sit down."""
        for seat, st in self.t.seats.items():
            if st.pending_user_id is not None:
                st.kind, st.user_id, st.name, st.bot = "person", st.pending_user_id, st.pending_name, None
                st.pending_user_id = st.pending_name = None
                await self.store(seat)

    async def leave(self, cmd: Leave) -> dict[str, Any]:
        """A person stands up; the seat becomes what the owner chose (``leave_to``): a
        computer player (the stand-in level) or open, for another person to take."""
        t, user_id = self.t, cmd.user_id
        if t.closed:
            raise SeatError("this table is closed", "closed")
        seat = t.seat_of(user_id)
        for st in t.seats.values():
            if st.pending_user_id == user_id:
                st.pending_user_id = st.pending_name = None
        if seat is None:
            raise SeatError("you do not sit at this table", "not_seated")
        st = t.seats[seat]
        if t.leave_to == "open":
            st.kind, st.user_id, st.name, st.bot = "open", None, None, None
        else:
            st.kind, st.user_id, st.name, st.bot = "bot", None, None, t.host.settings.stand_in
        t.auto.discard(seat)
        t.pause.ready.discard(seat)
        t.stood_up.add(user_id)
        await self.store(seat)
        t.clock.schedule()
        return {"seat": seat_name(seat, t.deal.n_hands)}

    async def set_open_seat(self, cmd: SetSeat) -> dict[str, Any]:
        """The owner makes a seat nobody sits at open (``open``) or a computer player's
        (``bot:LEVEL``), until the match starts."""
        t, seat = self.t, cmd.seat
        if cmd.user_id != t.owner_id:
            raise SeatError("only the table's owner can change its seats", "not_owner")
        st = t.seats.get(seat)
        if st is None:
            raise SeatError("no such seat at this table", "no_seat")
        n = t.deal.n_hands
        if st.kind == "person" or st.pending_user_id is not None:
            raise SeatError(f"someone sits at {seat_name(seat, n)}", "seat_taken", seat=seat_name(seat, n))
        if t.started():
            raise SeatError("the match has started: its seats are kept to its end", "match_started")
        if cmd.spec == "open":
            st.kind, st.bot = "open", None
        else:
            st.kind, st.bot = "bot", cmd.spec.partition(":")[2] or t.host.settings.stand_in
        await self.store(seat)
        t.clock.schedule()
        return {"seat": seat_name(seat, n), "kind": st.kind, "bot": st.bot}
