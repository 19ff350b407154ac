"""Presence: the connections at a table, who is away and since when, and the address keys
each person was seen at (for the ratings' rule against one person playing two seats)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from openwhist.server.table.base import Connection, SeatError, SeatState
from openwhist.server.table.commands import Close, Connect, Disconnect, EndSession
from openwhist.store import close_table

if TYPE_CHECKING:
    from openwhist.server.table.live import LiveTable

__all__ = ["Presence", "someone_here"]


def someone_here(seats: dict[int, SeatState], spectators: int, away_timeout: float, now: float) -> bool:
    """True while someone is at a table: a spectator, or a person at a seat who is
    connected or has been away for less than ``away_timeout`` seconds (``now`` on the
    loop's clock)."""
    if spectators:
        return True
    return any(st.kind == "person"
               and (st.conns or st.away_since is None or now - st.away_since < away_timeout)
               for st in seats.values())


class Presence:
    """The connections of one table (see the module's docstring)."""

    def __init__(self, table: LiveTable) -> None:
        self.t = table

    def note_address(self, user_id: int, key: str | None) -> None:
        """Keep that ``user_id`` played this match from the address of ``key`` (a few keys
        per person at most)."""
        if key is not None:
            keys = self.t.seen.setdefault(user_id, set())
            if len(keys) < 8:
                keys.add(key)

    async def connect(self, cmd: Connect) -> None:
        """A client arrives: it gets the full current view (``welcome``)."""
        t, conn = self.t, cmd.conn
        t.active = time.time()
        if t.closed:
            conn.send({"type": "closed", "v": t.version})
            conn.finish(1000)
            return
        seat = t.seat_of(conn.user_id)
        was_away = False
        if seat is None:
            t.spectators.add(conn)
        else:
            self.note_address(conn.user_id, conn.address)
            st = t.seats[seat]
            was_away = not st.conns
            if was_away:
                t.auto.discard(seat)  # back: the computer player stops acting for him
            st.conns.add(conn)
            st.away_since = None
        t.clock.schedule()  # before the welcome, which then says how long the turn may last
        conn.send(t.sync_message(conn, "welcome"))
        if was_away:
            t.broadcast_table(but=conn)

    async def disconnect(self, cmd: Disconnect) -> None:
        """A client leaves; a person whose last connection this was is away from now on."""
        t, conn = self.t, cmd.conn
        t.active = time.time()
        conn.closed = True
        t.spectators.discard(conn)
        for st in t.seats.values():
            if conn in st.conns:
                st.conns.discard(conn)
                if not st.conns:
                    st.away_since = time.monotonic()
                    t.broadcast_table()
        t.clock.schedule()

    async def end_session(self, cmd: EndSession) -> None:
        """A session ended (its person logged out): its connections here are told
        (``logged_out``) and closed (code 4401), so that another tab does not play on."""
        t = self.t
        for conn in t.all_conns():
            if conn.session == cmd.session:
                conn.send({"type": "logged_out", "v": t.version})
                conn.finish(4401)

    def move_conns(self) -> None:
        """Seat every connection where its person sits now (a spectator where he sits
        nowhere), after seats changed."""
        t = self.t
        conns: list[Connection] = t.all_conns()
        t.spectators = set()
        for st in t.seats.values():
            st.conns = set()
        for conn in conns:
            seat = t.seat_of(conn.user_id)
            if seat is None:
                t.spectators.add(conn)
            else:
                t.seats[seat].conns.add(conn)
                t.seats[seat].away_since = None
        for st in t.seats.values():
            if st.kind == "person" and not st.conns and st.away_since is None:
                st.away_since = time.monotonic()

    def attended(self) -> bool:
        """True while someone is at the table (:func:`someone_here`)."""
        t = self.t
        return someone_here(t.seats, len(t.spectators), t.host.settings.away_timeout, time.monotonic())

    def unattended(self) -> bool:
        """True when the next match would start with nobody at the table: it waits until
        a person comes back, joins or watches (a match begun is played to its end).  A
        whist drive's table plays its round in any case."""
        t = self.t
        return (t.drive_id is None and len(t.match.deals) == 1 and not t.deal.history
                and not self.attended())

    async def close(self, cmd: Close) -> dict[str, Any]:
        """The owner (None: the server, for a table left idle) closes (abandons) the
        table: the match in progress ends unrecorded, every client is told (``closed``)
        and disconnected."""
        t = self.t
        if cmd.user_id is not None and cmd.user_id != t.owner_id:
            raise SeatError("only the table's owner can close it", "not_owner")
        if t.closed:
            raise SeatError("this table is closed already", "closed")
        t.closed = True
        t.clock.cancel()
        t.version += 1
        await t.host.store.run(close_table, t.id, t.version)
        for conn in t.all_conns():
            conn.send({"type": "closed", "v": t.version})
            conn.finish(1000)
        return {"id": t.id, "closed": True, "v": t.version}
