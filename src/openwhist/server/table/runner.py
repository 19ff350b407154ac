"""A live table: one asyncio task owns it and takes its typed commands
(:mod:`~openwhist.server.table.commands`) from one queue, one at a time (actions of people
and bots, joins, take-overs, connections, timers), so nothing at a table ever races and
nothing needs a lock.  Each kind of command goes to the small collaborator that handles
it: the mover, the pause, claims, talk, presence, the clock, take-back, seating; the
finisher decides a match and tells the hooks the server registered.

Every accepted action, seat change and closing is committed to the database before
anything is sent; every event gets the table's next version number.  A table is rebuilt
after a restart by replaying its events (:func:`openwhist.store.load_table`): its seat
changes and the actions of its match in progress.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from openwhist import records
from openwhist.bots import Bot
from openwhist.match import Match, new_match
from openwhist.rules.base import Deal
from openwhist.rules.options import without_ranges
from openwhist.rules.seats import seat_name
from openwhist.server import policy
from openwhist.server.table import commands as cmds
from openwhist.server.table.base import Connection, SeatState, TableHost, match_plan
from openwhist.server.table.claims import Claims
from openwhist.server.table.clock import Clock
from openwhist.server.table.finisher import DealEnd, Finisher, Outcome
from openwhist.server.table.info import table_info
from openwhist.server.table.mover import Mover
from openwhist.server.table.pause import Pause
from openwhist.server.table.presence import Presence
from openwhist.server.table.queue import CommandQueue, Job
from openwhist.server.table.seats import Seating
from openwhist.server.table.takeback import TakeBacker
from openwhist.server.table.talk import Talk
from openwhist.server.views import spectator_view

__all__ = ["TableRunner"]

log = logging.getLogger("openwhist.server")

class TableRunner:
    """The owner of one live table (see the module's docstring): its state, its queue, the
    dispatch of each command to its collaborator, and the methods the routes call."""

    def __init__(self, host: TableHost, row: dict[str, Any], names: dict[int, str],
                 guests: Iterable[int] = ()) -> None:
        self.host = host
        self.id: str = row["id"]
        self.variant: str = row["variant"]
        self.options: dict[str, Any] = json.loads(row["options"])
        # the secret its matches are derived from (a fresh one at a table whose seed was shown)
        self.secret: int = int(row["keyed_secret"] if row.get("keyed_secret") is not None else row["seed"])
        self.active: float = float(row.get("active") or time.time())  # the last event's time
        self.until: str = row["until"]
        self.count: int = int(row["count"])
        self.private: bool = bool(row["private"])
        self.code: str | None = row["code"]
        self.owner_id: int = row["owner_id"]
        self.match_no: int = int(row["match_no"])
        self.version: int = int(row["version"])
        self.created: float = float(row["created"])
        self.closed: bool = bool(row.get("closed"))
        self.leave_to: str = row.get("leave_to") or "bot"
        self.move_time: float | None = row.get("move_time")
        self.drive_id: str | None = row.get("drive_id")  # the whist drive whose round this is
        self.stood_up: set[int] = set()  # the people who left a seat here (since this process began)
        self.match, self.plan_stored = _rebuild(self, row)
        self.seq = len(row["actions"])
        self.acted: list[int] = [int(a["seat"]) for a in row["actions"]]  # who made each action
        # between two deals, until the people are ready: also after a restart, where the
        # last action ended a deal and the next has not been started
        self.paused = (not self.match.is_over() and len(self.match.deals) > 1
                       and not self.match.state.history and bool(self.acted)
                       and not row.get("resumed", True))
        self.auto: set[int] = set()  # the people a computer player acts for now
        self.claim: dict[str, Any] | None = None
        self.deadline: float | None = None  # when the person to act runs out of time
        self.seats = _seats(row, names)
        self.spectators: set[Connection] = set()
        self.guests: set[int] = set(guests)  # the users here who are guests, not members
        # ratings: the address keys each account that played this match was seen at here,
        # and whether anything was taken back
        self.seen: dict[int, set[str]] = {}
        self.taken_back = False
        self.queue = CommandQueue(self.id, self.handle)
        self.mover, self.pause, self.claims = Mover(self), Pause(self), Claims(self)
        self.talk, self.presence, self.clock = Talk(self), Presence(self), Clock(self)
        self.takebacker, self.seating, self.finisher = TakeBacker(self), Seating(self), Finisher(self)
        self._handlers: dict[type, Callable[[Any], Awaitable[Any]]] = {
            cmds.Act: self.mover.act, cmds.Claim: self.claims.make, cmds.Answer: self.claims.answer,
            cmds.Say: self.talk.say, cmds.TakeBack: self.takebacker.take_back,
            cmds.Ready: self.pause.on_ready, cmds.Again: self.pause.again,
            cmds.Resync: self._resync, cmds.Ping: self._ping,
            cmds.Join: self.seating.join, cmds.Leave: self.seating.leave,
            cmds.SetSeat: self.seating.set_open_seat,
            cmds.Connect: self.presence.connect, cmds.Disconnect: self.presence.disconnect,
            cmds.EndSession: self.presence.end_session, cmds.Close: self.presence.close,
            cmds.TimerFired: self._timer,
        }

    def new_match(self, seed: int, dealer: int) -> Match:
        """A new match of the table's settings, dealt by ``seed`` from ``dealer``."""
        with without_ranges():  # checked when the table was made; kept as stored since
            return new_match(self.variant, seed=seed, until=self.until, count=self.count, dealer=dealer,
                             **self.options)

    # --- the task, its queue and the dispatch ---------------------------------------------

    def start(self) -> None:
        """Start the table's task and schedule a bot's move if one is due."""
        self.queue.start()
        if self.paused:
            self.pause.arm()
        self.post(self._schedule_async)

    async def _schedule_async(self) -> None:
        self.clock.schedule()

    async def stop(self) -> None:
        """Stop the task (the state is in the database already); commands still waiting,
        and any sent later, fail with :class:`TableClosed`."""
        self.clock.cancel()
        await self.queue.stop()

    async def handle(self, command: cmds.Command) -> Any:
        """Hand a command to its collaborator, on the table's task (from a job on the
        queue, or the queue itself)."""
        return await self._handlers[type(command)](command)

    def post(self, job: Job) -> None:
        """Queue a command (or a coroutine function) for the table's task, not waiting."""
        self.queue.post(job)

    async def call(self, job: Job) -> Any:
        """Queue a command (or a coroutine function) and wait for its result
        (:class:`TableClosed` once the table's task has stopped)."""
        return await self.queue.call(job)

    async def _timer(self, cmd: cmds.TimerFired) -> None:
        await (self.pause.on_timer(cmd) if cmd.kind == "pause" else self.clock.on_timer(cmd))

    async def _resync(self, cmd: cmds.Resync) -> None:
        cmd.conn.send(self.sync_message(cmd.conn))

    async def _ping(self, cmd: cmds.Ping) -> None:
        cmd.conn.send({"type": "pong", "v": self.version})

    def listen(self, deal: Callable[[DealEnd], None] | None = None,
               outcome: Callable[[Outcome], None] | None = None) -> None:
        """Register hooks for every deal and every match that ends here
        (:meth:`Finisher.listen`)."""
        self.finisher.listen(deal, outcome)

    # --- state --------------------------------------------------------------------------

    @property
    def state(self) -> str:
        """``over`` (the match has ended), ``waiting`` (a seat is open), ``pause`` (between
        two deals) or ``playing``."""
        if self.match.is_over():
            return "over"
        if any(st.kind == "open" for st in self.seats.values()):
            return "waiting"
        return "pause" if self.paused else "playing"

    @property
    def deal(self) -> Deal:
        """The deal in progress."""
        return self.match.state

    @property
    def ended(self) -> Outcome | None:
        """The match that ended last here (:meth:`Finisher.outcome`)."""
        return self.finisher.ended

    def seat_of(self, user_id: int) -> int | None:
        """The seat this user sits at, or None."""
        for seat, st in self.seats.items():
            if st.kind == "person" and st.user_id == user_id:
                return seat
        return None

    def is_member(self, user_id: int) -> bool:
        """True if the user sits here, is about to, or made the table."""
        return user_id == self.owner_id or any(
            st.user_id == user_id or st.pending_user_id == user_id for st in self.seats.values())

    def people(self) -> list[int]:
        """The seats people sit at."""
        return [s for s, st in self.seats.items() if st.kind == "person"]

    def started(self) -> bool:
        """True once the match on the table has had an action (its seats are then fixed
        for the owner); False before the first, and once it is over."""
        return not self.match.is_over() and bool(self.acted)

    def idle_since(self, now: float) -> float:
        """Seconds since anything happened here (an event, a client arriving or leaving),
        0 while a client is connected."""
        return 0.0 if self.all_conns() else now - self.active

    def info(self, for_user: int | None = None) -> dict[str, Any]:
        """The table as JSON (:func:`~openwhist.server.table.info.table_info`)."""
        return table_info(self, for_user)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The current view of a seat (its observation) or of a spectator (None); with no
        legal action while the table does not play (waiting, between deals, over, a claim
        being answered)."""
        if seat is None:
            return spectator_view(self.deal)
        return self.halted(self.deal.observation(seat).to_json())

    def halted(self, view: dict[str, Any]) -> dict[str, Any]:
        """A seat's ``view`` without legal actions while the table does not play."""
        if view.get("legal") and (self.state != "playing" or self.claim is not None):
            return {**view, "legal": [], "legal_ids": []}
        return view

    # --- sending --------------------------------------------------------------------------

    def sync_message(self, conn: Connection, kind: str = "sync") -> dict[str, Any]:
        """The table and the view as ``conn`` sees them, as a message of ``kind``."""
        seat = self.seat_of(conn.user_id)
        return {"type": kind, "v": self.version, "table": self.info(conn.user_id),
                "seat": None if seat is None else seat_name(seat, self.deal.n_hands),
                "view": self.view(seat)}

    def all_conns(self) -> list[Connection]:
        """Every connection at the table."""
        out = list(self.spectators)
        for st in self.seats.values():
            out.extend(st.conns)
        return out

    def audiences(self) -> list[tuple[int | None, list[Connection]]]:
        """The connections by the seat they see the table from (None: the spectators)."""
        out: list[tuple[int | None, list[Connection]]] = [
            (s, list(st.conns)) for s, st in self.seats.items() if st.conns]
        if self.spectators:
            out.append((None, list(self.spectators)))
        return out

    def send_syncs(self) -> None:
        """Send every connection the table and its view (``table``)."""
        for conn in self.all_conns():
            conn.send(self.sync_message(conn, "table"))

    def broadcast_table(self, but: Connection | None = None) -> None:
        """Send every connection (``but`` one) the table's info (``table``, no view)."""
        for conn in self.all_conns():
            if conn is not but:
                conn.send({"type": "table", "v": self.version, "table": self.info(conn.user_id)})

    def refuse(self, conn: Connection, reason: str, ref: Any, code: str = "refused",
               values: dict[str, Any] | None = None) -> None:
        """Tell a client its message was refused (``reason`` in English, ``code`` and
        ``values`` for a page to word), and resend its view."""
        message = self.sync_message(conn, "refused")
        message["reason"] = reason
        message["code"] = code
        if values:
            message["values"] = values
        message["ref"] = ref
        conn.send(message)

    async def reload(self) -> None:
        """Rebuild the match from the database (an action could not be stored)."""
        from openwhist.store import load_table

        row = await self.host.store.run(load_table, self.id)
        assert row is not None
        fresh = TableRunner(self.host, row, {})
        self.match, self.seq = fresh.match, fresh.seq
        self.version, self.match_no = fresh.version, fresh.match_no

    # --- the methods the routes and the server call (each a command handled at once) -------

    async def on_message(self, conn: Connection, message: dict[str, Any]) -> None:
        """A client's message (already validated in shape), as its command."""
        command = cmds.from_message(conn, message)
        if command is not None:
            await self.handle(command)

    async def connect(self, conn: Connection) -> None:
        """A client arrives: it gets the full current view (``welcome``)."""
        await self.handle(cmds.Connect(conn))

    async def disconnect(self, conn: Connection) -> None:
        """A client leaves; a person whose last connection this was is away from now on."""
        await self.handle(cmds.Disconnect(conn))

    async def end_session(self, session: str) -> None:
        """A session ended: its connections here are told (``logged_out``) and closed."""
        await self.handle(cmds.EndSession(session))

    async def join(self, user_id: int, name: str, seat: int | None, guest: bool = False,
                   address: str | None = None) -> dict[str, Any]:
        """Sit a person down (:meth:`Seating.join`)."""
        result: dict[str, Any] = await self.handle(cmds.Join(user_id, name, seat, guest, address))
        return result

    async def leave(self, user_id: int) -> dict[str, Any]:
        """A person stands up (:meth:`Seating.leave`)."""
        result: dict[str, Any] = await self.handle(cmds.Leave(user_id))
        return result

    async def set_open_seat(self, user_id: int, seat: int, spec: str) -> dict[str, Any]:
        """The owner sets a seat nobody sits at (:meth:`Seating.set_open_seat`)."""
        result: dict[str, Any] = await self.handle(cmds.SetSeat(user_id, seat, spec))
        return result

    async def close(self, user_id: int | None) -> dict[str, Any]:
        """The owner (None: the server, for a table left idle) closes (abandons) the
        table: the match in progress ends unrecorded, every client is told (``closed``)
        and disconnected; the table is no longer live.  The hub then stops the table's task
        (:meth:`stop`)."""
        result: dict[str, Any] = await self.handle(cmds.Close(user_id))
        return result

    def note_address(self, user_id: int, key: str | None) -> None:
        """Keep that ``user_id`` played this match from the address of ``key``."""
        self.presence.note_address(user_id, key)

    def bot_for(self, seat: int, spec: str) -> Bot:
        """The bot playing ``seat`` at level ``spec`` (:meth:`Clock.bot_for`)."""
        return self.clock.bot_for(seat, spec)

    def match_facts(self, public: bool | None = None) -> policy.MatchFacts:
        """What decides whether this match can be rated (:meth:`Finisher.facts`)."""
        return self.finisher.facts(public)

    def match_points(self) -> list[int]:
        """What decides the match, per side or player (:meth:`Finisher.points`)."""
        return self.finisher.points()

    def take_back_offered(self) -> bool:
        """Whether the person here may take back (:meth:`TakeBacker.offered`)."""
        return self.takebacker.offered()


def _rebuild(t: TableRunner, row: dict[str, Any]) -> tuple[Match, bool]:
    """The match on a table from its stored row, and whether its plan is stored."""
    last = row.get("last_record")
    if row.get("over") and last is not None:  # the finished match stays until "again"
        return records.replay(last), True
    previous = records.replay(last) if last is not None else None
    match = t.new_match(*match_plan(t.secret, t.match_no, previous, row.get("plan")))
    for a in row["actions"]:
        match.apply(a["action"])
    return match, row.get("plan") is not None


def _seats(row: dict[str, Any], names: dict[int, str]) -> dict[int, SeatState]:
    """The seats of a stored table (a person away until he connects)."""
    now = time.monotonic()
    seats: dict[int, SeatState] = {}
    for s in row["seats"]:
        st = SeatState(kind=s["kind"], user_id=s["user_id"], bot=s["bot"],
                       pending_user_id=s["pending_user_id"])
        st.name = names.get(s["user_id"]) if s["user_id"] is not None else None
        st.pending_name = names.get(s["pending_user_id"]) if s["pending_user_id"] else None
        if st.kind == "person":
            st.away_since = now
        seats[int(s["seat"])] = st
    return seats
