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
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from openwhist import records
from openwhist.bots import Bot, bot_class, make_bot, searches
from openwhist.cards import derive_seed
from openwhist.errors import WhistError
from openwhist.match import Match, new_match
from openwhist.rules.base import Deal, Observation, parse_action
from openwhist.rules.registry import get_variant
from openwhist.rules.seats import seat_name
from openwhist.server.views import action_shown, observe, spectator_view
from openwhist.store import append_action, close_table, set_seat

if TYPE_CHECKING:
    from openwhist.server.hub import Hub

__all__ = ["Connection", "SeatError", "SeatState", "TableClosed", "TableRunner", "match_seed"]

log = logging.getLogger("openwhist.server")


def match_seed(seed: int, match_no: int, keyed_from: int = 0) -> int:
    """The seed of a table's ``match_no``-th match (0-based) from the table's secret seed:
    a keyed hash (:func:`~openwhist.cards.derive_seed`), so that a finished match's record,
    which shows its own seed, tells nothing about any other match.  Matches before
    ``keyed_from`` (those of tables made before keyed seeds) keep the old fixed step."""
    if match_no < keyed_from:
        return (seed + match_no * 0x9E3779B97F4A7C15) % (1 << 63)
    return derive_seed(seed, "match", match_no)


class Connection:
    """One client's WebSocket, with its own send queue (a slow client never holds up
    the table): ``send`` queues a message, ``pump`` writes them out."""

    MAX_QUEUED = 256

    def __init__(self, ws: Any, user_id: int, name: str) -> None:
        self.ws = ws
        self.user_id = user_id
        self.name = name
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


class TableRunner:
    """The owner of one live table (see the module's docstring)."""

    def __init__(self, hub: Hub, row: dict[str, Any], names: dict[int, str],
                 guests: Iterable[int] = ()) -> None:
        self.hub = hub
        self.id: str = row["id"]
        self.variant: str = row["variant"]
        self.options: dict[str, Any] = json.loads(row["options"])
        self.seed: int = int(row["seed"])
        self.keyed_from: int = int(row.get("keyed_from") or 0)
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
        self.match = self._new_match()
        for a in row["actions"]:
            self.match.apply(a["action"])
        self.seq = len(row["actions"])
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

    # --- the task and its queue ---------------------------------------------------------

    def start(self) -> None:
        """Start the table's task and schedule a bot's move if one is due."""
        self._task = asyncio.get_running_loop().create_task(self._loop(), name=f"table-{self.id}")
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

    def _new_match(self) -> Match:
        return new_match(self.variant, seed=match_seed(self.seed, self.match_no, self.keyed_from),
                         until=self.until, count=self.count, **self.options)

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
            })
        out: dict[str, Any] = {
            "id": self.id, "variant": self.variant, "options": self.options, "until": self.until,
            "count": self.count, "private": self.private, "match_no": self.match_no,
            "version": self.version, "seats": seats,
            "sheet": [_row_json(r, n) for r in self.match.sheet],
            "summary": self.match.summary(), "match_over": self.match.is_over(),
        }
        if for_user is not None and self.is_member(for_user):
            out["code"] = self.code
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        """The current view of a seat (its observation) or of a spectator (None)."""
        if seat is None:
            return spectator_view(self.deal)
        return self.deal.observation(seat).to_json()

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

    # --- connections --------------------------------------------------------------------

    async def connect(self, conn: Connection) -> None:
        """A client arrives: it gets the full current view (``welcome``)."""
        self.active = time.time()
        if self.closed:
            conn.send({"type": "closed", "v": self.version})
            conn.finish(1000)
            return
        seat = self.seat_of(conn.user_id)
        conn.send(self._sync_message(conn, "welcome"))
        if seat is None:
            self.spectators.add(conn)
        else:
            st = self.seats[seat]
            was_away = not st.conns
            st.conns.add(conn)
            st.away_since = None
            if was_away:
                self._broadcast_table(but=conn)
        self._schedule()

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

    def refuse(self, conn: Connection, reason: str, ref: Any) -> None:
        """Tell a client its message was refused, and resend its view."""
        message = self._sync_message(conn, "refused")
        message["reason"] = reason
        message["ref"] = ref
        conn.send(message)

    # --- acting -------------------------------------------------------------------------

    async def human_act(self, conn: Connection, text: str, ref: Any) -> None:
        """A person's action, checked in order: the match goes on, the person sits here,
        the action reads, it is this seat's turn, the rules allow it."""
        seat = self.seat_of(conn.user_id)
        if self.closed:
            return self.refuse(conn, "this table is closed", ref)
        if self.match.is_over():
            return self.refuse(conn, "the match is over", ref)
        if seat is None:
            return self.refuse(conn, "you do not sit at this table", ref)
        try:
            action = parse_action(text)
        except WhistError as exc:
            return self.refuse(conn, f"malformed action: {exc}", ref)
        hand = self.deal.to_move
        if hand is None or self.deal.controller(hand) != seat:
            return self.refuse(conn, "it is not your turn", ref)
        try:
            action = self.deal.verify_action(action)
        except WhistError as exc:
            return self.refuse(conn, str(exc), ref)
        await self._apply(seat, action, by_bot=False, actor=conn, ref=ref)

    async def _apply(self, seat: int, action: Any, by_bot: bool, actor: Connection | None = None,
                     ref: Any = None) -> None:
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
        deal_over = len(self.match.sheet) > sheet_before
        self.hub.actions += 1
        self.active = time.time()
        n = deal.n_hands
        head: dict[str, Any] = {"type": "event", "v": self.version, "seat": seat_name(seat, n),
                                "hand": seat_name(hand, n)}
        tail: dict[str, Any] = {"by_bot": by_bot}
        row = _row_json(self.match.sheet[-1], n) if deal_over else None
        summary = self.match.summary() if record is not None else None
        if record is not None:  # the next match starts now: the event brings its first view
            self.match_no += 1
            self.seq = 0
            self.match = self._new_match()
        # each seat's observation is taken once per event and serves every use: whether
        # the seat sees the action, its final view of a finished deal, its current view;
        # the message is encoded once per seat (once more for the actor, with its ref)
        after = _Views(deal)
        now = after if self.deal is deal else _Views(self.deal)
        audiences: list[tuple[int | None, list[Connection]]] = [
            (s, list(st.conns)) for s, st in self.seats.items() if st.conns]
        if self.spectators:
            audiences.append((None, list(self.spectators)))
        for viewer, conns in audiences:
            message = dict(head)
            message["action"] = after.shown(viewer, hand, action)
            message.update(tail)
            if deal_over:
                message["deal_over"] = {"row": row, "final": after.json(viewer)}
            if record is not None:
                message["match_over"] = {"match_no": match_no, "summary": summary}
            message["view"] = now.json(viewer)
            text = _encode(message)
            for conn in conns:
                conn.send_text(_with_ref(text, ref) if conn is actor else text)
        if deal_over:
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
        """Arrange the next computer move: a bot's turn, or an away person's after the
        away time; a pending one is replaced."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.closed or self.match.is_over() or self.deal.to_move is None or self.waiting():
            return
        seat = self.deal.controller(self.deal.to_move)
        st = self.seats.get(seat)
        if st is None:
            return
        settings = self.hub.settings
        if st.kind == "bot":
            delay = settings.bot_pause
        elif st.kind == "person" and not st.conns and st.away_since is not None:
            delay = max(0.0, st.away_since + settings.away_timeout - time.monotonic()) + settings.bot_pause
        else:
            return
        version = self.version
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(delay, self.post, lambda: self._bot_move(version))

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

    def waiting(self) -> bool:
        """True when the next match would start with nobody at the table: it waits until
        a person comes back, joins or watches (a match begun is played to its end)."""
        return len(self.match.deals) == 1 and not self.deal.history and not self.attended()

    def bot_for(self, seat: int, spec: str) -> Bot:
        """The bot playing ``seat`` at level ``spec``: one per seat for the table's life,
        made again when the seat's level changes.  A bot sees its own seat's observations
        only, so what it keeps between moves (a random generator, the rule-book bot it
        falls back on) never carries another seat's cards."""
        kept = self._bots.get(seat)
        if kept is None or kept[0] != spec:
            kept = self._bots[seat] = (spec, make_bot(spec, seed=derive_seed(self.seed, "bot", seat)))
        return kept[1]

    async def _bot_move(self, version: int) -> None:
        if version != self.version or self.closed or self.match.is_over() or self.deal.to_move is None:
            return  # a stale timer: the table has moved on (or closed)
        if self.waiting():
            return  # everybody went before the match began: a person's return starts it
        seat = self.deal.controller(self.deal.to_move)
        st = self.seats[seat]
        if st.kind == "bot":
            spec = st.bot or self.hub.settings.stand_in
        elif st.kind == "person" and not st.conns:
            spec = self.hub.settings.stand_in
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
        await self._apply(seat, action, by_bot=True)

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

    async def join(self, user_id: int, name: str, seat: int | None, guest: bool = False) -> dict[str, Any]:
        """Sit a person down (a ``guest`` is marked as one): at an open seat at once; at a
        bot's seat from the next deal (at once if the deal has not begun).  Returns the
        seat taken and whether it waits."""
        if self.closed:
            raise SeatError("this table is closed")
        if self.seat_of(user_id) is not None:
            raise SeatError("you already sit at this table")
        if any(st.pending_user_id == user_id for st in self.seats.values()):
            raise SeatError("you are already taking over a seat here")
        if seat is None:
            free = [s for s, st in sorted(self.seats.items()) if st.kind == "open"]
            free = free or [s for s, st in sorted(self.seats.items())
                            if st.kind == "bot" and st.pending_user_id is None]
            if not free:
                raise SeatError("this table has no free seat")
            seat = free[0]
        st = self.seats.get(seat)
        if st is None:
            raise SeatError("no such seat at this table")
        n = self.deal.n_hands
        if st.kind == "person" or st.pending_user_id is not None:
            raise SeatError(f"seat {seat_name(seat, n)} is taken")
        if guest:
            self.guests.add(user_id)
        if st.kind == "open" or not self.deal.history:
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
        """A person stands up; a bot (the stand-in level) plays the seat from now on."""
        if self.closed:
            raise SeatError("this table is closed")
        seat = self.seat_of(user_id)
        for st in self.seats.values():
            if st.pending_user_id == user_id:
                st.pending_user_id = st.pending_name = None
        if seat is None:
            raise SeatError("you do not sit at this table")
        st = self.seats[seat]
        st.kind, st.user_id, st.name, st.bot = "bot", None, None, self.hub.settings.stand_in
        await self._store_seat(seat)
        self._schedule()
        return {"seat": seat_name(seat, self.deal.n_hands)}

    async def close(self, user_id: int | None) -> dict[str, Any]:
        """The owner (None: the server, for a table left idle) closes (abandons) the
        table: the match in progress ends unrecorded, every client is told (``closed``)
        and disconnected; the table is no longer live.  The hub then stops the table's task
        (:meth:`stop`)."""
        if user_id is not None and user_id != self.owner_id:
            raise SeatError("only the table's owner can close it")
        if self.closed:
            raise SeatError("this table is closed already")
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
    """A join or leave that cannot be done (the message says why)."""


class TableClosed(Exception):
    """The table was closed: its task takes no more commands."""


def _row_json(row: Any, n: int) -> dict[str, Any]:
    result = row.result.to_dict() if hasattr(row.result, "to_dict") else row.result
    return {"deal": row.deal, "dealer": seat_name(row.dealer, n), "trump": row.trump,
            "result": result, "score": list(row.score), "game_won_by": row.game_won_by}


def variant_seats(variant: str, options: Any) -> tuple[int, ...]:
    """The seats people and bots sit at in a variant (Dummy whist: not the dummy's)."""
    deal = get_variant(variant).deal(options, seed=0, dealer=0)
    return tuple(deal.seats)
