"""A live table: one asyncio task owns it and runs its commands one at a time (actions of
people and bots, joins, take-overs, connections), so nothing at a table ever races.

Every accepted action, seat change and closing is committed to the database before
anything is sent; every event gets the table's next version number.  A table is rebuilt
after a restart by replaying its events (:func:`openwhist.store.load_table`): its seat
changes and the actions of its match in progress.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from openwhist import records
from openwhist.bots import Bot, bot_class, make_bot, searches
from openwhist.bots.claims import claim_holds
from openwhist.cards import derive_seed
from openwhist.errors import WhistError
from openwhist.match import Match, new_match
from openwhist.ratings import RATED_FAMILIES
from openwhist.rules.base import Deal, Observation, parse_action
from openwhist.rules.options import without_ranges
from openwhist.rules.registry import get_variant
from openwhist.rules.seats import seat_name
from openwhist.server import policy
from openwhist.server.policy import CLAIM_SETTLED, claim_shown, may_answer_claim, table_audience
from openwhist.server.views import action_shown, observe, spectator_view
from openwhist.solver import Position, solve_all
from openwhist.store import append_action, close_table, mark_table, set_seat, start_match, undo_actions

if TYPE_CHECKING:
    from openwhist.server.hub import Hub

__all__ = ["Connection", "EndedMatch", "SeatError", "SeatState", "TableClosed", "TableRunner",
           "match_plan", "match_seed"]

log = logging.getLogger("openwhist.server")


QUICK_MESSAGES = ("hello", "good_luck", "well_played", "thanks", "sorry", "bye")
"""The quick messages of table talk (a page words them in its language)."""
TALK_LIMIT, TALK_WINDOW, TALK_LENGTH = 5, 10.0, 200
"""Table talk: messages per person (all his connections, at every table) per window of
seconds, and characters of free text."""


def match_seed(seed: int, match_no: int, keyed_from: int = 0) -> int:
    """The seed a table's ``match_no``-th match (0-based) was dealt by before each table
    had its own keyed secret: a keyed hash of ``seed``; matches before ``keyed_from`` (of
    tables made before keyed seeds) a fixed step on.  For a table made since keyed seeds
    (``keyed_from`` 0) it is :func:`match_plan`'s seed."""
    if match_no < keyed_from:
        return (seed + match_no * 0x9E3779B97F4A7C15) % (1 << 63)
    return derive_seed(seed, "match", match_no)


def match_plan(secret: int, match_no: int, previous: Match | None,
               stored: dict[str, Any] | None = None) -> tuple[int, int]:
    """The seed and the first dealer of a table's match ``match_no`` (0-based): the one
    rule of the live table starting its next match, of a restart and of a takeover by
    another server process.  A ``stored`` plan (the one stored when the match began) is
    kept: its ``dealer``, and its ``seed`` where it has one (a match dealt before keyed
    secrets, in progress at the upgrade).  Else the seed is a keyed hash of the table's
    ``secret`` (its ``seed``, or the fresh ``keyed_secret`` of a table made before keyed
    seeds; never shown: a finished match's record, which shows its own seed, tells nothing
    about another match) and the deal passes on from the
    ``previous`` (finished) match's last dealer, the first seat dealing a table's first."""
    if stored is not None:
        seed = stored.get("seed")
        return (int(seed) if seed is not None else derive_seed(secret, "match", match_no),
                int(stored["dealer"]))
    return derive_seed(secret, "match", match_no), previous.next_dealer() if previous is not None else 0


class Connection:
    """One client's WebSocket, with its own send queue (a slow client never holds up
    the table): ``send`` queues a message, ``pump`` writes them out."""

    MAX_QUEUED = 256

    def __init__(self, ws: Any, user_id: int, name: str, session: str | None = None,
                 address: str | None = None) -> None:
        self.ws = ws
        self.user_id = user_id
        self.name = name
        self.session = session  # the hash of the session token it came with
        self.address = policy.address_key(address)  # only the key of the client's address
        self.out: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.close_code = 1008

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a client that has fallen too far behind is dropped."""
        self.send_text(_encode(message))

    def send_text(self, text: str) -> None:
        """Queue a message already encoded (the same text for several clients)."""
        if self.closed:
            return
        if self.out.qsize() >= self.MAX_QUEUED:
            self.closed = True
            self.out.put_nowait(None)
            return
        self.out.put_nowait(text)

    def finish(self, code: int) -> None:
        """Close the connection with ``code`` once the messages queued are written."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.out.put_nowait(None)

    async def pump(self) -> None:
        """Write the queued messages until the connection ends."""
        while True:
            text = await self.out.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await self.ws.close(code=self.close_code)
                return
            await self.ws.send_text(text)


@dataclass
class SeatState:
    """Who sits at a seat (``open``, ``person`` or ``bot``) and whether the person is here."""

    kind: str
    user_id: int | None = None
    name: str | None = None
    bot: str | None = None
    pending_user_id: int | None = None
    pending_name: str | None = None
    away_since: float | None = None
    conns: set[Connection] = field(default_factory=set)


@dataclass(frozen=True)
class EndedMatch:
    """A finished match as the ratings read it: its facts (:meth:`TableRunner.match_facts`),
    points (:meth:`TableRunner.match_points`) and seats, taken when it ended."""

    facts: policy.MatchFacts
    points: list[int]
    seats: dict[int, SeatState]


class TableRunner:
    """The owner of one live table (see the module's docstring)."""

    def __init__(self, hub: Hub, row: dict[str, Any], names: dict[int, str],
                 guests: Iterable[int] = ()) -> None:
        self.hub = hub
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
        last = row.get("last_record")
        self.match: Match
        self.plan_stored = True  # the plan of the match on the table is in the database
        if row.get("over") and last is not None:  # the finished match stays until "again"
            self.match = records.replay(last)
        else:
            previous = records.replay(last) if last is not None else None
            self.match = self._new_match(*match_plan(self.secret, self.match_no, previous, row.get("plan")))
            self.plan_stored = row.get("plan") is not None
            for a in row["actions"]:
                self.match.apply(a["action"])
        self.seq = len(row["actions"])
        self.acted: list[int] = [int(a["seat"]) for a in row["actions"]]  # who made each action
        # between two deals, until the people are ready: also after a restart, where the
        # last action ended a deal and the next has not been started
        self.paused = (not self.match.is_over() and len(self.match.deals) > 1
                       and not self.match.state.history and bool(self.acted)
                       and not row.get("resumed", True))
        self.ready: set[int] = set()
        self.auto: set[int] = set()  # the people a computer player acts for now
        self.claim: dict[str, Any] | None = None
        self._deadline: float | None = None  # when the person to act runs out of time
        self._pause_timer: asyncio.TimerHandle | None = None
        self._pause_ends = 0.0
        now = time.monotonic()
        self.seats: dict[int, SeatState] = {}
        for s in row["seats"]:
            st = SeatState(kind=s["kind"], user_id=s["user_id"], bot=s["bot"],
                           pending_user_id=s["pending_user_id"])
            st.name = names.get(s["user_id"]) if s["user_id"] is not None else None
            st.pending_name = names.get(s["pending_user_id"]) if s["pending_user_id"] else None
            if st.kind == "person":
                st.away_since = now
            self.seats[int(s["seat"])] = st
        self.spectators: set[Connection] = set()
        self.guests: set[int] = set(guests)  # the users here who are guests, not members
        self._bots: dict[int, tuple[str, Bot]] = {}  # each seat's bot, with its level
        self._queue: asyncio.Queue[tuple[Callable[[], Awaitable[Any]], asyncio.Future[Any] | None]] = (
            asyncio.Queue())
        self._timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None
        self._stopped = False
        # ratings: the address keys each account that played this match was seen at here,
        # whether anything was taken back, and the facts of the match that ended last
        self.seen: dict[int, set[str]] = {}
        self.taken_back = False
        self.ended: EndedMatch | None = None
        self._rated_family: bool | None = None  # a rated family, every seat its own hand

    # --- the task and its queue ---------------------------------------------------------

    def start(self) -> None:
        """Start the table's task and schedule a bot's move if one is due."""
        self._task = asyncio.get_running_loop().create_task(self._loop(), name=f"table-{self.id}")
        if self.paused:
            self._arm_pause()
        self.post(self._schedule_async)

    async def stop(self) -> None:
        """Stop the task (the state is in the database already); commands still waiting,
        and any sent later, fail with :class:`TableClosed`."""
        self._stopped = True
        if self._timer is not None:
            self._timer.cancel()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        while not self._queue.empty():
            _, fut = self._queue.get_nowait()
            if fut is not None and not fut.done():
                fut.set_exception(TableClosed("this table is closed"))

    async def _loop(self) -> None:
        while True:
            fn, fut = await self._queue.get()
            try:
                result = await fn()
            except asyncio.CancelledError:  # stopped: whoever waits is told
                if fut is not None and not fut.done():
                    fut.set_exception(TableClosed("this table is closed"))
                raise
            except SeatError as exc:  # a refusal: whoever asked is told why; nothing failed
                log.info("table %s: refused: %s", self.id, exc)
                if fut is not None and not fut.done():
                    fut.set_exception(exc)
                continue
            except Exception as exc:  # one bad command must not stop the table
                log.exception("table %s: command failed", self.id)
                if fut is not None and not fut.done():
                    fut.set_exception(exc)
                continue
            if fut is not None and not fut.done():
                fut.set_result(result)

    def post(self, fn: Callable[[], Awaitable[Any]]) -> None:
        """Queue a command for the table's task, not waiting for it."""
        if not self._stopped:
            self._queue.put_nowait((fn, None))

    async def call(self, fn: Callable[[], Awaitable[Any]]) -> Any:
        """Queue a command and wait for its result (:class:`TableClosed` once the table's
        task has stopped)."""
        if self._stopped:
            raise TableClosed("this table is closed")
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((fn, fut))
        return await fut

    # --- state --------------------------------------------------------------------------

    def _new_match(self, seed: int, dealer: int) -> Match:
        with without_ranges():  # checked when the table was made; kept as stored since
            return new_match(self.variant, seed=seed, until=self.until, count=self.count, dealer=dealer,
                             **self.options)

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

    def info(self, for_user: int | None = None) -> dict[str, Any]:
        """The table as JSON: settings, seats, the score sheet; the invitation code only
        for its members."""
        n = self.deal.n_hands
        seats = []
        for seat, st in sorted(self.seats.items()):
            seats.append({
                "seat": seat_name(seat, n), "kind": st.kind, "name": st.name, "bot": st.bot,
                "connected": bool(st.conns), "away": st.kind == "person" and not st.conns,
                "pending": st.pending_name,
                "guest": st.kind == "person" and st.user_id in self.guests,
                "auto": seat in self.auto,
            })
        state = self.state
        out: dict[str, Any] = {
            "id": self.id, "variant": self.variant, "options": self.options, "until": self.until,
            "count": self.count, "private": self.private, "match_no": self.match_no,
            "version": self.version, "seats": seats,
            "sheet": [_row_json(r, n) for r in self.match.sheet],
            "summary": self.match.summary(), "match_over": self.match.is_over(),
            "state": state, "leave_to": self.leave_to, "move_time": self.move_time,
            "waiting_for": [seat_name(s, n) for s, st in sorted(self.seats.items()) if st.kind == "open"],
            "ready": [seat_name(s, n) for s in sorted(self.ready)] if state == "pause" else [],
            "pause_ends_in": (round(max(0.0, self._pause_ends - time.monotonic()), 1)
                              if state == "pause" else None),
            "turn_ends_in": (round(max(0.0, self._deadline - time.monotonic()), 1)
                             if self._deadline is not None else None),
            "claim": self._claim_json(None if for_user is None else self.seat_of(for_user),
                                      session=for_user is not None),
            "owner": for_user is not None and for_user == self.owner_id,
            "drive_id": self.drive_id,
            "take_back": self.take_back_offered(),
        }
        if state == "over":
            out["winner"] = self._winner()
            out["points"] = self.match_points()
        if for_user is not None and self.is_member(for_user):
            out["code"] = self.code
        return out

    def note_address(self, user_id: int, key: str | None) -> None:
        """Keep that ``user_id`` played this match from the address of ``key``
        (:func:`~openwhist.server.policy.address_key`; a few keys per person at most)."""
        if key is not None:
            keys = self.seen.setdefault(user_id, set())
            if len(keys) < 8:
                keys.add(key)

    def match_facts(self, public: bool | None = None) -> policy.MatchFacts:
        """What decides whether this match can be rated (:func:`policy.can_be_rated`), from
        the seats now; ``public``: a drive's table is public when the drive is rated."""
        if self._rated_family is None:
            opts = get_variant(self.variant).options(None, **self.options)
            hands = get_variant(self.variant).header(opts).hands
            self._rated_family = (self.variant in RATED_FAMILIES
                                  and len(variant_seats(self.variant, opts)) == hands)
        people = [st.user_id for st in self.seats.values() if st.kind == "person"]
        owners: dict[str, int] = {}
        shared = False
        for uid, keys in self.seen.items():
            for key in keys:
                shared = shared or owners.setdefault(key, uid) != uid
        return policy.MatchFacts(
            rated_family=self._rated_family,
            people=len(people), computers=sum(st.kind == "bot" for st in self.seats.values()),
            guests=sum(uid in self.guests for uid in people),
            public=(not self.private) if public is None else public,
            taken_back=self.taken_back, shared_address=shared)

    def take_back_offered(self) -> bool:
        """Whether the person here may take back (:meth:`take_back`): one person among
        computer players, not at a drive, at a table whose match cannot be rated."""
        facts = self.match_facts()
        alone = facts.people == 1 and facts.computers == len(self.seats) - 1
        return self.drive_id is None and alone and policy.take_back_allowed(facts)

    def match_points(self) -> list[int]:
        """What decides the match, per side (or per player): its match points (rubber
        points, a points total) where it has any, else the points of every deal added up
        (a match of so many deals), else the score."""
        totals = list(self.match.totals)
        if any(totals):
            return totals
        rows = [r.result.points for r in self.match.sheet if hasattr(r.result, "points")]
        if rows:
            return [sum(p[i] for p in rows) for i in range(len(rows[0]))]
        return list(self.match.score)

    def _winner(self) -> list[str] | None:
        """The letters of the seats that won the match (see :meth:`match_points`): the side
        with the most points, or where each plays for himself the players with the most;
        None for a tie."""
        points = self.match_points()
        n = self.deal.n_hands
        if not points or points.count(max(points)) == len(points):
            return None
        best = max(points)
        if len(points) == n:  # a score per player
            return [seat_name(h, n) for h in range(n) if points[h] == best]
        if points.count(best) > 1:
            return None
        side = points.index(best)
        sides = self.deal.sides
        return [seat_name(h, n) for h in range(len(sides)) if sides[h] == side]

    def _claim_json(self, viewer: int | None, session: bool = True) -> dict[str, Any] | None:
        """The open claim as ``viewer`` (a seat, None: not seated; ``session`` False: a
        request without a session) is shown it: the claimant's cards only for those the
        policy shows them to (:func:`~openwhist.server.policy.claim_shown`)."""
        if self.claim is None:
            return None
        claim = self.claim
        audience = table_audience(self.deal.sides, viewer, claim["seat"], session=session)
        shown = claim_shown(seat_name(claim["seat"], self.deal.n_hands), claim["tricks"], claim["cards"],
                            audience)
        return {**shown, "settling": claim["settling"]}

    def view(self, seat: int | None) -> dict[str, Any]:
        """The current view of a seat (its observation) or of a spectator (None); with no
        legal action while the table does not play (waiting, between deals, over, a claim
        being answered)."""
        if seat is None:
            return spectator_view(self.deal)
        return self._halted(self.deal.observation(seat).to_json())

    def _halted(self, view: dict[str, Any]) -> dict[str, Any]:
        if view.get("legal") and (self.state != "playing" or self.claim is not None):
            return {**view, "legal": [], "legal_ids": []}
        return view

    def _sync_message(self, conn: Connection, kind: str = "sync") -> dict[str, Any]:
        seat = self.seat_of(conn.user_id)
        return {"type": kind, "v": self.version, "table": self.info(conn.user_id),
                "seat": None if seat is None else seat_name(seat, self.deal.n_hands),
                "view": self.view(seat)}

    def _all_conns(self) -> list[Connection]:
        out = list(self.spectators)
        for st in self.seats.values():
            out.extend(st.conns)
        return out

    def _audiences(self) -> list[tuple[int | None, list[Connection]]]:
        """The connections by the seat they see the table from (None: the spectators)."""
        out: list[tuple[int | None, list[Connection]]] = [
            (s, list(st.conns)) for s, st in self.seats.items() if st.conns]
        if self.spectators:
            out.append((None, list(self.spectators)))
        return out

    # --- connections --------------------------------------------------------------------

    async def connect(self, conn: Connection) -> None:
        """A client arrives: it gets the full current view (``welcome``)."""
        self.active = time.time()
        if self.closed:
            conn.send({"type": "closed", "v": self.version})
            conn.finish(1000)
            return
        seat = self.seat_of(conn.user_id)
        was_away = False
        if seat is None:
            self.spectators.add(conn)
        else:
            self.note_address(conn.user_id, conn.address)
            st = self.seats[seat]
            was_away = not st.conns
            if was_away:
                self.auto.discard(seat)  # back: the computer player stops acting for him
            st.conns.add(conn)
            st.away_since = None
        self._schedule()  # before the welcome, which then says how long the turn may last
        conn.send(self._sync_message(conn, "welcome"))
        if was_away:
            self._broadcast_table(but=conn)

    async def end_session(self, session: str) -> None:
        """A session ended (its person logged out): its connections here are told
        (``logged_out``) and closed (code 4401), so that another tab does not play on."""
        for conn in self._all_conns():
            if conn.session == session:
                conn.send({"type": "logged_out", "v": self.version})
                conn.finish(4401)

    def idle_since(self, now: float) -> float:
        """Seconds since anything happened here (an event, a client arriving or leaving),
        0 while a client is connected."""
        return 0.0 if self._all_conns() else now - self.active

    async def disconnect(self, conn: Connection) -> None:
        """A client leaves; a person whose last connection this was is away from now on."""
        self.active = time.time()
        conn.closed = True
        self.spectators.discard(conn)
        for st in self.seats.values():
            if conn in st.conns:
                st.conns.discard(conn)
                if not st.conns:
                    st.away_since = time.monotonic()
                    self._broadcast_table()
        self._schedule()

    async def on_message(self, conn: Connection, message: dict[str, Any]) -> None:
        """A client's message (already validated in shape): act, resync or ping."""
        kind = message.get("type")
        if kind == "ping":
            conn.send({"type": "pong", "v": self.version})
        elif kind == "resync":
            conn.send(self._sync_message(conn))
        elif kind == "act":
            await self.human_act(conn, str(message.get("action", "")), message.get("ref"))
        elif kind == "ready":
            await self.ready_for_next(conn)
        elif kind == "again":
            await self.again(conn, message.get("ref"))
        elif kind == "undo":
            await self.take_back(conn, message.get("ref"))
        elif kind == "claim":
            await self.make_claim(conn, int(message.get("tricks") or 0), message.get("ref"))
        elif kind == "answer":
            await self.answer_claim(conn, bool(message.get("accept")), message.get("ref"))
        elif kind == "say":
            self.say(conn, message.get("quick"), message.get("text"), message.get("ref"))

    def refuse(self, conn: Connection, reason: str, ref: Any, code: str = "refused",
               values: dict[str, Any] | None = None) -> None:
        """Tell a client its message was refused (``reason`` in English, ``code`` and
        ``values`` for a page to word), and resend its view."""
        message = self._sync_message(conn, "refused")
        message["reason"] = reason
        message["code"] = code
        if values:
            message["values"] = values
        message["ref"] = ref
        conn.send(message)

    # --- acting -------------------------------------------------------------------------

    async def human_act(self, conn: Connection, text: str, ref: Any) -> None:
        """A person's action, checked in order: the match goes on, the person sits here,
        the action reads, it is this seat's turn, the rules allow it."""
        seat = self.seat_of(conn.user_id)
        if self.closed:
            return self.refuse(conn, "this table is closed", ref, "closed")
        state = self.state
        if state == "over":
            return self.refuse(conn, "the match is over", ref, "match_over")
        if seat is None:
            return self.refuse(conn, "you do not sit at this table", ref, "not_seated")
        if state == "waiting":
            return self.refuse(conn, "the table waits for every seat to be taken", ref, "waiting")
        if state == "pause":
            return self.refuse(conn, "the next deal has not started yet", ref, "paused")
        if self.claim is not None:
            return self.refuse(conn, "a claim is being answered", ref, "claim_open")
        try:
            action = parse_action(text)
        except WhistError as exc:
            return self.refuse(conn, f"malformed action: {exc}", ref, "malformed")
        hand = self.deal.to_move
        if hand is None or self.deal.controller(hand) != seat:
            return self.refuse(conn, "it is not your turn", ref, "not_your_turn")
        try:
            action = self.deal.verify_action(action)
        except WhistError as exc:
            return self.refuse(conn, str(exc), ref, "illegal")
        self.auto.discard(seat)
        await self._apply(seat, action, by_bot=False, actor=conn, ref=ref)

    # --- table talk ---------------------------------------------------------------------

    def say(self, conn: Connection, quick: Any, text: Any, ref: Any = None) -> None:
        """Table talk: a quick message (every table) or free text (private tables), sent to
        everyone; a spectator's reaches only the spectators while a deal is played.  At
        most :data:`TALK_LIMIT` messages in :data:`TALK_WINDOW` seconds per person, counted
        over all his connections and tables (``hub.talk_limiter``)."""
        message: dict[str, Any] = {"type": "said", "v": self.version, "from": conn.name}
        if quick is not None:
            if quick not in QUICK_MESSAGES:
                return self.refuse(conn, f"quick messages: {', '.join(QUICK_MESSAGES)}", ref, "talk_quick")
            message["quick"] = quick
        elif isinstance(text, str) and text.strip():
            if not self.private:
                return self.refuse(conn, "free text is for private tables; choose a quick message",
                                   ref, "talk_private")
            message["text"] = text.strip()[:TALK_LENGTH]
        else:
            return self.refuse(conn, "say something: quick or text", ref, "talk_empty")
        if not self.hub.talk_limiter.hit(f"user|{conn.user_id}"):
            return self.refuse(conn, "too many messages; wait a few seconds", ref, "talk_limit")
        seat = self.seat_of(conn.user_id)
        message["seat"] = None if seat is None else seat_name(seat, self.deal.n_hands)
        if policy.talk_reaches_players(seated=seat is not None, deal_played=self.state == "playing"):
            hearers = self._all_conns()
        else:  # onlookers do not talk to the players during a deal
            hearers = list(self.spectators)
        text_ = _encode(message)
        for c in hearers:
            c.send_text(text_)

    # --- claims -------------------------------------------------------------------------

    def _side_tricks(self, side: int) -> int:
        """Tricks the side has won in the deal so far."""
        obs = self.deal.public_observation()
        return sum(1 for t in obs.tricks if int(self.deal.sides[t.winner]) == side)

    async def make_claim(self, conn: Connection, tricks: int, ref: Any = None) -> None:
        """A person claims ``tricks`` of the tricks still to play for his side (0: he
        concedes the rest): play stops; his hand is shown to the opponents only (the policy's
        :data:`~openwhist.server.policy.CLAIM_HAND_SHOWN`), who answer (computer players: yes
        exactly when the solver proves it).  Accepted or refused, the solver plays the deal
        out: a refused claim is settled, never played on with the hand known."""
        seat = self.seat_of(conn.user_id)
        if seat is None:
            return self.refuse(conn, "you do not sit at this table", ref, "not_seated")
        if self.state != "playing" or self.claim is not None:
            return self.refuse(conn, "no claim can be made now", ref, "claim_not_now")
        if self.hub.settings.compile_solver and not self.hub.pimc_ready.is_set():
            return self.refuse(conn, "claims are checked by the solver, which is being prepared; "
                                     "try again in a minute", ref, "claim_not_ready")
        deal = self.deal
        try:
            claim_holds(deal, seat, 0)  # raises where no claim can be made (nothing is solved)
            remaining = Position.from_state(deal, declarer_side=int(deal.sides[seat])).remaining
        except WhistError as exc:
            return self.refuse(conn, str(exc), ref, "claim_not_now")
        if not 0 <= tricks <= remaining:
            return self.refuse(conn, f"claim from 0 to {remaining} tricks", ref, "claim_range",
                               {"most": remaining})
        side = int(deal.sides[seat])
        opponents = [s for s in deal.seats if int(deal.sides[s]) != side]
        people = {s for s in opponents if self.seats[s].kind == "person" and s not in self.auto}
        cards = [str(c) for c in deal.observation(seat).hand]
        self.claim = {"seat": seat, "side": side, "tricks": tricks, "cards": cards, "waiting": people,
                      "base": self._side_tricks(side), "settling": False}
        for viewer, conns in self._audiences():
            message = {"type": "claim", "v": self.version, **(self._claim_json(viewer) or {})}
            text = _encode(message)
            for c in conns:
                c.send_text(text)
        self._schedule()  # no computer move while the claim is answered
        # computer players answer yes exactly when the solver proves the claim
        if len(people) < len(opponents) and not await self.hub.bot_pool.run(claim_holds, deal, seat, tricks):
            return await self._claim_refused(None)
        if not people:
            await self._settle_claim()

    async def answer_claim(self, conn: Connection, accept: bool, ref: Any = None) -> None:
        """An opponent accepts or refuses the open claim."""
        seat = self.seat_of(conn.user_id)
        if (self.claim is None or seat is None or seat not in self.claim["waiting"]
                or not may_answer_claim(table_audience(self.deal.sides, seat, self.claim["seat"]))):
            return self.refuse(conn, "no claim waits for your answer", ref, "claim_none")
        if not accept:
            return await self._claim_refused(seat)
        self.claim["waiting"].discard(seat)
        if not self.claim["waiting"]:
            await self._settle_claim()

    async def _claim_refused(self, seat: int | None) -> None:
        """The claim is disputed (by the person at ``seat``, None: a computer player): it is
        settled, not played on (the policy's :data:`~openwhist.server.policy.CLAIM_SETTLED`)."""
        assert self.claim is not None
        n = self.deal.n_hands
        self.claim["waiting"] = set()
        self.claim["settling"] = True
        message = {"type": "claim_refused", "v": self.version, "claimant": seat_name(self.claim["seat"], n),
                   "seat": None if seat is None else seat_name(seat, n), "settled": CLAIM_SETTLED}
        for c in self._all_conns():
            c.send(message)
            c.send(self._sync_message(c, "table"))
        await self._settle_claim()

    async def _settle_claim(self) -> None:
        """Play the deal out with the solver: the claimant's side keeps at least what it
        claimed (no more than its cards force) where its cards make it, else as many as they
        make; the other side plays its best."""
        assert self.claim is not None
        self.claim["settling"] = True
        deal, claim = self.deal, self.claim
        while self.deal is deal and not deal.is_over() and self.claim is claim:
            needed = claim["tricks"] - (self._side_tricks(claim["side"]) - claim["base"])
            pos = Position.from_state(deal, declarer_side=claim["side"], objective="max")
            values = await self.hub.bot_pool.run(solve_all, pos)
            hand = deal.to_move
            assert hand is not None
            ordered = sorted(values.items(), key=lambda cv: int(cv[0]))
            if int(deal.sides[hand]) == claim["side"]:
                enough = [cv for cv in ordered if cv[1] >= needed]
                card = (min(enough, key=lambda cv: cv[1]) if enough
                        else max(ordered, key=lambda cv: cv[1]))[0]
            else:
                card = min(ordered, key=lambda cv: cv[1])[0]
            await self._apply(deal.controller(hand), card, by_bot=True)
        self.claim = None

    # --- between deals and matches -------------------------------------------------------

    def _people(self) -> list[int]:
        return [s for s, st in self.seats.items() if st.kind == "person"]

    def _arm_pause(self) -> None:
        """The next deal starts by itself after the deal pause at a table of one person (or
        none) and computer players, after a minute at a table of several people who do not
        all say they are ready."""
        if self._pause_timer is not None:
            self._pause_timer.cancel()
        pause = self.hub.settings.deal_pause * (1 if len(self._people()) <= 1 else 8)
        self._pause_ends = time.monotonic() + pause
        version = self.version
        self._pause_timer = asyncio.get_running_loop().call_later(
            pause, self.post, lambda: self._resume(version))

    async def ready_for_next(self, conn: Connection) -> None:
        """A person is ready for the next deal; it starts once every seated person who is
        connected is."""
        seat = self.seat_of(conn.user_id)
        if seat is None or self.state != "pause":
            return
        self.ready.add(seat)
        present = {s for s in self._people() if self.seats[s].conns}
        if present <= self.ready:
            await self._resume(self.version)
        else:
            self._broadcast_table()

    async def _resume(self, version: int) -> None:
        if version != self.version or not self.paused:
            return
        self.paused = False
        self.ready = set()
        if self._pause_timer is not None:
            self._pause_timer.cancel()
            self._pause_timer = None
        self.version += 1
        await self.hub.store.run(mark_table, self.id, "next", self.version)
        for conn in self._all_conns():
            conn.send(self._sync_message(conn, "table"))
        self._schedule()

    async def again(self, conn: Connection, ref: Any = None) -> None:
        """A seated person starts the next match (same seats; the deal passes on)."""
        seat = self.seat_of(conn.user_id)
        if seat is None:
            return self.refuse(conn, "you do not sit at this table", ref, "not_seated")
        if not self.match.is_over():
            return self.refuse(conn, "the match is not over", ref, "not_over")
        if self.drive_id is not None:  # its result is the drive's: it is not played again
            return self.refuse(conn, "a whist drive's table plays its round once", ref, "drive_table")
        seed, dealer = match_plan(self.secret, self.match_no, self.match)
        self.version += 1
        await self.hub.store.run(start_match, self.id, self.match_no, dealer, self.version)
        self.match = self._new_match(seed, dealer)
        self.seq = 0
        self.acted = []
        self.active = time.time()
        seated = {st.user_id for st in self.seats.values() if st.kind == "person"}
        self.seen = {uid: keys for uid, keys in self.seen.items() if uid in seated}
        self.taken_back = False
        for c in self._all_conns():
            c.send(self._sync_message(c, "table"))
        self._schedule()

    async def take_back(self, conn: Connection, ref: Any = None) -> None:
        """Undo the person's last action in this deal and the computer players' after it,
        at a table where every other seat is a computer player."""
        seat = self.seat_of(conn.user_id)
        if seat is None:
            return self.refuse(conn, "you do not sit at this table", ref, "not_seated")
        if self.drive_id is not None:
            return self.refuse(conn, "nothing is taken back at a whist drive's table", ref, "drive_table")
        if any(st.kind != "bot" for s, st in self.seats.items() if s != seat):
            return self.refuse(conn, "a card or call is taken back only at a table of one person "
                                     "and computer players", ref, "undo_alone")
        if not policy.take_back_allowed(self.match_facts()):
            return self.refuse(conn, "nothing is taken back at a table whose match is rated; play at a "
                                     "private table to take back", ref, "undo_rated")
        if self.state != "playing" or self.claim is not None:
            return self.refuse(conn, "nothing to take back now", ref, "undo_nothing")
        in_deal = len(self.deal.history)
        mine = [i for i in range(len(self.acted) - in_deal, len(self.acted)) if self.acted[i] == seat]
        if not mine:
            return self.refuse(conn, "nothing of yours to take back in this deal", ref, "undo_nothing")
        count = len(self.acted) - mine[-1]
        for _ in range(count):
            self.deal.undo()
            self.acted.pop()
        self.seq -= count
        self.version += 1
        self.taken_back = True
        await self.hub.store.run(undo_actions, self.id, self.match_no, self.seq, self.version)
        self._deadline = None
        for c in self._all_conns():
            c.send(self._sync_message(c, "table"))
        self._schedule()

    async def _apply(self, seat: int, action: Any, by_bot: bool, actor: Connection | None = None,
                     ref: Any = None, auto: bool = False) -> None:
        deal = self.deal
        hand = deal.to_move
        assert hand is not None
        sheet_before = len(self.match.sheet)
        self.match.apply(action)
        match_no, seq = self.match_no, self.seq
        self.version += 1
        record = self._record() if self.match.is_over() else None
        try:
            await self.hub.store.run(append_action, self.id, match_no, seq, seat, str(action), by_bot,
                                     self.version, record)
        except Exception:
            log.exception("table %s: the action could not be stored", self.id)
            await self._reload()
            if actor is not None:
                self.refuse(actor, "the server could not store the action; try again", ref)
            return
        self.seq += 1
        self.acted.append(seat)
        self._deadline = None
        deal_over = len(self.match.sheet) > sheet_before
        self.hub.actions += 1
        self.active = time.time()
        n = deal.n_hands
        head: dict[str, Any] = {"type": "event", "v": self.version, "seat": seat_name(seat, n),
                                "hand": seat_name(hand, n)}
        tail: dict[str, Any] = {"by_bot": by_bot}
        if auto:
            tail["auto"] = True
        if self.claim is not None:
            tail["claimed"] = True
        row = _row_json(self.match.sheet[-1], n) if deal_over else None
        summary = self.match.summary() if record is not None else None
        if record is not None:  # the match stays on the table until someone asks for another
            self.ended = EndedMatch(self.match_facts(), self.match_points(),
                                    {s: dataclasses.replace(st, conns=set()) for s, st in self.seats.items()})
            self.match_no += 1
            self.seq = 0
            self.acted = []
            self.claim = None
        elif deal_over:  # a pause: the next deal starts when the people are ready
            self.claim = None
            self.paused = True
            self.ready = set()
            self._arm_pause()
        # each seat's observation is taken once per event and serves every use: whether
        # the seat sees the action, its final view of a finished deal, its current view;
        # the message is encoded once per seat (once more for the actor, with its ref)
        after = _Views(deal)
        now = after if self.deal is deal else _Views(self.deal)
        for viewer, conns in self._audiences():
            message = dict(head)
            message["action"] = after.shown(viewer, hand, action)
            message.update(tail)
            if deal_over:
                message["deal_over"] = {"row": row, "final": after.json(viewer)}
            if record is not None:
                message["match_over"] = {"match_no": match_no, "summary": summary,
                                         "winner": self._winner(), "points": self.match_points()}
            message["view"] = now.json(viewer) if viewer is None else self._halted(now.json(viewer))
            text = _encode(message)
            for conn in conns:
                conn.send_text(_with_ref(text, ref) if conn is actor else text)
        if deal_over:
            self.hub.deal_ended(self, self.match.sheet[-1].deal, self.match.sheet[-1].result, record)
            await self._seat_pending()
        self._schedule()

    def _record(self) -> dict[str, Any]:
        """The finished match's record, its ``players`` naming who sat at each seat at
        the end: a person's name, ``bot:LEVEL`` for a bot (the seat letter where nobody is
        known, ``dummy`` for the dummy)."""
        record = records.match_record(self.match)
        players = list(record["players"])
        for seat, st in self.seats.items():
            if not 0 <= seat < len(players):
                continue
            if st.kind == "person" and st.name:
                players[seat] = f"guest:{st.name}" if st.user_id in self.guests else st.name
            elif st.kind == "bot":
                players[seat] = f"bot:{st.bot or self.hub.settings.stand_in}"
        record["players"] = players
        return record

    async def _reload(self) -> None:
        from openwhist.store import load_table

        row = await self.hub.store.run(load_table, self.id)
        assert row is not None
        fresh = TableRunner(self.hub, row, {})
        self.match, self.seq = fresh.match, fresh.seq
        self.version, self.match_no = fresh.version, fresh.match_no

    # --- bots ---------------------------------------------------------------------------

    async def _schedule_async(self) -> None:
        self._schedule()

    def _schedule(self) -> None:
        """Arrange the next computer move: a bot's turn, an away person's after the away
        time, or a present person's when the time per move runs out; a pending one is
        replaced."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if (self.closed or self.state != "playing" or self.claim is not None or self.deal.to_move is None
                or self.unattended()):
            return
        seat = self.deal.controller(self.deal.to_move)
        st = self.seats.get(seat)
        if st is None:
            return
        settings = self.hub.settings
        forced = False
        if st.kind == "bot":
            delay = settings.bot_pause
        elif st.kind == "person" and not st.conns and st.away_since is not None:
            delay = max(0.0, st.away_since + settings.away_timeout - time.monotonic()) + settings.bot_pause
        elif st.kind == "person" and self.move_time:
            if self._deadline is None:
                self._deadline = time.monotonic() + self.move_time
            delay = max(0.0, self._deadline - time.monotonic())
            forced = True
        else:
            return
        version = self.version
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(delay, self.post, lambda: self._bot_move(version, forced))

    def attended(self) -> bool:
        """True while someone is at the table: a person at a seat who is connected or has
        been away for less than the away time, or a spectator."""
        if self.spectators:
            return True
        away = self.hub.settings.away_timeout
        now = time.monotonic()
        return any(st.kind == "person" and (st.conns or st.away_since is None
                                            or now - st.away_since < away)
                   for st in self.seats.values())

    def unattended(self) -> bool:
        """True when the next match would start with nobody at the table: it waits until
        a person comes back, joins or watches (a match begun is played to its end).  A
        whist drive's table plays its round in any case."""
        return (self.drive_id is None and len(self.match.deals) == 1 and not self.deal.history
                and not self.attended())

    def bot_for(self, seat: int, spec: str) -> Bot:
        """The bot playing ``seat`` at level ``spec``: one per seat for the table's life,
        made again when the seat's level changes.  A bot sees its own seat's observations
        only, so what it keeps between moves (a random generator, the rule-book bot it
        falls back on) never carries another seat's cards."""
        kept = self._bots.get(seat)
        if kept is None or kept[0] != spec:
            kept = self._bots[seat] = (spec, make_bot(spec, seed=derive_seed(self.secret, "bot", seat)))
        return kept[1]

    async def _bot_move(self, version: int, forced: bool = False) -> None:
        """A computer player acts: at a bot's seat, for a person away longer than the away
        time, or (``forced``) for a person whose time per move ran out."""
        if (version != self.version or self.closed or self.state != "playing" or self.claim is not None
                or self.deal.to_move is None):
            return  # a stale timer: the table has moved on (or closed)
        if self.unattended():
            return  # everybody went before the match began: a person's return starts it
        seat = self.deal.controller(self.deal.to_move)
        st = self.seats[seat]
        if st.kind == "bot":
            spec = st.bot or self.hub.settings.stand_in
        elif st.kind == "person" and (forced or not st.conns):
            spec = self.hub.settings.stand_in
            if seat not in self.auto:
                self.auto.add(seat)
                self._broadcast_table()
        else:
            return
        if searches(bot_class(spec)) and not self.hub.pimc_ready.is_set():
            spec = self.hub.settings.stand_in  # the solver is still being prepared
        bot = self.bot_for(seat, spec)
        obs = self.deal.observation(seat)
        if searches(bot):  # a search never runs on the event loop, which serves every table
            action = await self.hub.bot_pool.run(bot.choose, obs)
        else:
            action = bot.choose(obs)
        if version != self.version:
            return
        await self._apply(seat, action, by_bot=True, auto=st.kind == "person")

    # --- seats --------------------------------------------------------------------------

    def _broadcast_table(self, but: Connection | None = None) -> None:
        for conn in self._all_conns():
            if conn is not but:
                conn.send({"type": "table", "v": self.version, "table": self.info(conn.user_id)})

    async def _store_seat(self, seat: int) -> None:
        st = self.seats[seat]
        self.active = time.time()
        self.version += 1
        await self.hub.store.run(set_seat, self.id, seat, st.kind, st.user_id, st.bot,
                                 st.pending_user_id, self.version)
        # a person who sat down (or stood up) sees the table from the new place
        self._move_conns()
        for conn in self._all_conns():
            conn.send(self._sync_message(conn, "table"))

    def _move_conns(self) -> None:
        conns = self._all_conns()
        self.spectators = set()
        for st in self.seats.values():
            st.conns = set()
        for conn in conns:
            seat = self.seat_of(conn.user_id)
            if seat is None:
                self.spectators.add(conn)
            else:
                self.seats[seat].conns.add(conn)
                self.seats[seat].away_since = None
        for st in self.seats.values():
            if st.kind == "person" and not st.conns and st.away_since is None:
                st.away_since = time.monotonic()

    async def join(self, user_id: int, name: str, seat: int | None, guest: bool = False,
                   address: str | None = None) -> dict[str, Any]:
        """Sit a person down (a ``guest`` is marked as one; ``address``: where the request
        came from, :meth:`note_address`): at an open seat at once; at a bot's seat from the
        next deal (at once if the deal has not begun).  Returns the seat taken and whether
        it waits."""
        if self.closed:
            raise SeatError("this table is closed", "closed")
        if self.seat_of(user_id) is not None:
            raise SeatError("you already sit at this table", "already_seated")
        if any(st.pending_user_id == user_id for st in self.seats.values()):
            raise SeatError("you are already taking over a seat here", "already_seated")
        if seat is None:
            free = [s for s, st in sorted(self.seats.items()) if st.kind == "open"]
            free = free or [s for s, st in sorted(self.seats.items())
                            if st.kind == "bot" and st.pending_user_id is None]
            if not free:
                raise SeatError("this table has no free seat", "no_free_seat")
            seat = free[0]
        st = self.seats.get(seat)
        if st is None:
            raise SeatError("no such seat at this table", "no_seat")
        n = self.deal.n_hands
        if st.kind == "person" or st.pending_user_id is not None:
            raise SeatError(f"seat {seat_name(seat, n)} is taken", "seat_taken", seat=seat_name(seat, n))
        if guest:
            self.guests.add(user_id)
        self.note_address(user_id, policy.address_key(address))
        if st.kind == "open" or not self.deal.history or self.match.is_over():
            st.kind, st.user_id, st.name, st.bot = "person", user_id, name, None
            await self._store_seat(seat)
            self._schedule()
            return {"seat": seat_name(seat, n), "pending": False}
        st.pending_user_id, st.pending_name = user_id, name
        await self._store_seat(seat)
        return {"seat": seat_name(seat, n), "pending": True}

    async def _seat_pending(self) -> None:
        for seat, st in self.seats.items():
            if st.pending_user_id is not None:
                st.kind, st.user_id, st.name, st.bot = "person", st.pending_user_id, st.pending_name, None
                st.pending_user_id = st.pending_name = None
                await self._store_seat(seat)

    async def leave(self, user_id: int) -> dict[str, Any]:
        """A person stands up; the seat becomes what the owner chose (``leave_to``): a
        computer player (the stand-in level) or open, for another person to take."""
        if self.closed:
            raise SeatError("this table is closed", "closed")
        seat = self.seat_of(user_id)
        for st in self.seats.values():
            if st.pending_user_id == user_id:
                st.pending_user_id = st.pending_name = None
        if seat is None:
            raise SeatError("you do not sit at this table", "not_seated")
        st = self.seats[seat]
        if self.leave_to == "open":
            st.kind, st.user_id, st.name, st.bot = "open", None, None, None
        else:
            st.kind, st.user_id, st.name, st.bot = "bot", None, None, self.hub.settings.stand_in
        self.auto.discard(seat)
        self.ready.discard(seat)
        await self._store_seat(seat)
        self._schedule()
        return {"seat": seat_name(seat, self.deal.n_hands)}

    def started(self) -> bool:
        """True once the match on the table has had an action (its seats are then fixed
        for the owner); False before the first, and once it is over."""
        return not self.match.is_over() and bool(self.acted)

    async def set_open_seat(self, user_id: int, seat: int, spec: str) -> dict[str, Any]:
        """The owner makes a seat nobody sits at open (``open``) or a computer player's
        (``bot:LEVEL``), until the match starts."""
        if user_id != self.owner_id:
            raise SeatError("only the table's owner can change its seats", "not_owner")
        st = self.seats.get(seat)
        if st is None:
            raise SeatError("no such seat at this table", "no_seat")
        if st.kind == "person" or st.pending_user_id is not None:
            raise SeatError(f"someone sits at {seat_name(seat, self.deal.n_hands)}", "seat_taken",
                            seat=seat_name(seat, self.deal.n_hands))
        if self.started():
            raise SeatError("the match has started: its seats are kept to its end", "match_started")
        if spec == "open":
            st.kind, st.bot = "open", None
        else:
            st.kind, st.bot = "bot", spec.partition(":")[2] or self.hub.settings.stand_in
        await self._store_seat(seat)
        self._schedule()
        return {"seat": seat_name(seat, self.deal.n_hands), "kind": st.kind, "bot": st.bot}

    async def close(self, user_id: int | None) -> dict[str, Any]:
        """The owner (None: the server, for a table left idle) closes (abandons) the
        table: the match in progress ends unrecorded, every client is told (``closed``)
        and disconnected; the table is no longer live.  The hub then stops the table's task
        (:meth:`stop`)."""
        if user_id is not None and user_id != self.owner_id:
            raise SeatError("only the table's owner can close it", "not_owner")
        if self.closed:
            raise SeatError("this table is closed already", "closed")
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.version += 1
        await self.hub.store.run(close_table, self.id, self.version)
        for conn in self._all_conns():
            conn.send({"type": "closed", "v": self.version})
            conn.finish(1000)
        return {"id": self.id, "closed": True, "v": self.version}


class _Views:
    """The observations of one deal, each seat's (and the spectators' public one,
    ``None``) taken once and kept."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self._obs: dict[int | None, Observation] = {}
        self._json: dict[int | None, dict[str, Any]] = {}

    def obs(self, seat: int | None) -> Observation:
        if seat not in self._obs:
            self._obs[seat] = observe(self.deal, seat)
        return self._obs[seat]

    def shown(self, viewer: int | None, hand: int, action: Any) -> str | None:
        return action_shown(self.obs(viewer), hand, action)

    def json(self, viewer: int | None) -> dict[str, Any]:
        if viewer not in self._json:
            self._json[viewer] = self.obs(viewer).to_json()
        return self._json[viewer]


def _encode(message: dict[str, Any]) -> str:
    # orjson: a tenth of the json module's time, on the path of every event to every seat;
    # the json module stays for what orjson refuses (an integer beyond 64 bits)
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(message, separators=(",", ":"))


def _with_ref(text: str, ref: Any) -> str:
    """The encoded message ``text`` (an object) with ``"ref": ref`` added at its end."""
    return f'{text[:-1]},"ref":{_encode({"": ref})[4:-1]}}}'



class SeatError(Exception):
    """A join, leave or seat change that cannot be done: the message says why in English,
    ``code`` and ``values`` for a page to word."""

    def __init__(self, message: str, code: str = "seat_refused", **values: Any) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


class TableClosed(Exception):
    """The table was closed: its task takes no more commands."""


def _row_json(row: Any, n: int) -> dict[str, Any]:
    result = row.result.to_dict() if hasattr(row.result, "to_dict") else row.result
    return {"deal": row.deal, "dealer": seat_name(row.dealer, n), "trump": row.trump,
            "result": result, "score": list(row.score), "game_won_by": row.game_won_by}


def variant_seats(variant: str, options: Any) -> tuple[int, ...]:
    """The seats people and bots sit at in a variant (Dummy whist: not the dummy's), as
    its header declares them."""
    return get_variant(variant).header(options).seats
