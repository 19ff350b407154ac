"""Several server processes on one database, over Redis: a request for a table reaches
the process that runs it, whichever process it came to.

Each live table is run by the one process that holds its lease (:mod:`openwhist.server.hub`).
With a relay (``openwhist serve --redis URL``), a process that receives a WebSocket or an
HTTP request for a table it does not run (``/ws/tables/ID``, ``/api/tables/ID/...``) passes
the whole ASGI exchange to the table's holder over Redis: the request's scope, then every
message the client sends; the holder runs it through its own application exactly as if the
client had come to it (the same checks of the session, the origin and the policy, the same
rendering per connection: a seat's view is made on the holder for that connection only) and
each message its application sends comes back, addressed to that one connection, and is
written to the client unchanged.  Nothing of the table's rules or views is in this module.

Why Redis pub/sub and not streams: what travels is worth something only to a live socket.
The table's history is in the database, and a client that lost its socket reconnects and
gets a full ``welcome``; so nothing needs to be kept for a reader that was away, and
pub/sub delivers in order on each channel with nothing stored to trim.  Each process
listens on its own channel; one writer per process sends what waits in one ``PUBLISH`` per
channel (a batch), so the messages of one connection keep their order.

A process keeps a key ``openwhist:alive:HOLDER`` that expires 3 s after its last renewal
(every 0.5 s, by a thread of its own, so that a busy event loop is not taken for death).
Every half second each process looks at the holders of leases: one whose
key is gone (or, on this machine, whose process is gone) is dead: its connections relayed
through here are closed (code 1012, so the clients reconnect), its leases are given up and
its tables are opened here from their stored actions (another process may take some
first: a lease is taken by one statement).  A process that could not renew its own key for
longer than that checks its leases at once, and stops the tables another took.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import secrets
import socket
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

import orjson
from sqlalchemy import select

from openwhist.store.models import TableLeaseRow, TableRow

if TYPE_CHECKING:
    from openwhist.server.hub import Hub

__all__ = ["Relay", "RelayMiddleware", "holder_name", "table_of_path"]

log = logging.getLogger("openwhist.server.relay")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

BEAT = 0.5
"""Seconds between two renewals of a process's key (and two looks at the others')."""
ALIVE_TTL = 3.0
"""Seconds a process's key lives without renewal: a process silent longer is dead."""

_PATH = re.compile(r"^/(?:api|ws)/tables/([A-Za-z0-9_-]{1,16})(?:/[a-z_]+)?$")
_SCOPE_KEYS = ("type", "asgi", "http_version", "scheme", "method", "path", "raw_path", "root_path",
               "query_string", "headers", "client", "server", "subprotocols")


def holder_name() -> str:
    """A new name for this process as the holder of leases: ``host:pid:nonce``."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


def table_of_path(path: str) -> str | None:
    """The table a request is for (``/ws/tables/ID``, ``/api/tables/ID`` and below), or
    None.

    >>> table_of_path("/ws/tables/ab12"), table_of_path("/api/tables/ab12/join")
    ('ab12', 'ab12')
    >>> table_of_path("/api/tables") is None
    True
    """
    found = _PATH.match(path)
    return found.group(1) if found else None


def _pack(value: Any) -> Any:
    """``value`` made JSON-able: bytes as ``{"\\u0000": latin-1 text}``, tuples as lists."""
    if isinstance(value, bytes | bytearray):
        return {"\0": bytes(value).decode("latin-1")}
    if isinstance(value, dict):
        return {k: _pack(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_pack(v) for v in value]
    return value


def _unpack(value: Any) -> Any:
    """The inverse of :func:`_pack`."""
    if isinstance(value, dict):
        if len(value) == 1 and "\0" in value:
            return value["\0"].encode("latin-1")
        return {k: _unpack(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_unpack(v) for v in value]
    return value


def _lease_of(conn: Any, table_id: str) -> tuple[bool, str | None]:
    """Whether the table is live (exists, not closed), and the holder of its lease."""
    closed = conn.execute(select(TableRow.closed).where(TableRow.id == table_id)).scalar_one_or_none()
    holder = conn.execute(select(TableLeaseRow.holder).where(TableLeaseRow.table_id == table_id)
                          ).scalar_one_or_none()
    return closed is not None and not closed, holder


def _leases(conn: Any) -> dict[str, list[str]]:
    """Every holder of a lease, with its tables."""
    out: dict[str, list[str]] = {}
    for table_id, holder in conn.execute(select(TableLeaseRow.table_id, TableLeaseRow.holder)):
        out.setdefault(holder, []).append(table_id)
    return out


def _release(conn: Any, holder: str) -> None:
    from openwhist.store import release_leases

    release_leases(conn, holder)


class _Bridged:
    """A client connection here whose table runs on another process."""

    __slots__ = ("holder", "inbox")

    def __init__(self, holder: str) -> None:
        self.holder = holder
        self.inbox: asyncio.Queue[Message | None] = asyncio.Queue()


class _Served:
    """A client connection of another process served by this one's application."""

    __slots__ = ("origin", "queue", "task")

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.queue: asyncio.Queue[Message] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None


class Relay:
    """One process's end of the relay: its channel on Redis, the connections it passes on
    (``bridged``) and those it serves for others (``served``)."""

    def __init__(self, url: str, app: ASGIApp, hub_of: Callable[[], Hub]) -> None:
        self.url = url
        self.app = app
        self.hub_of = hub_of
        self.me = ""
        self.redis: Any = None
        self.bridged: dict[str, _Bridged] = {}
        self.served: dict[str, _Served] = {}
        self.alive: set[str] = set()
        self.state: dict[str, Any] = {}
        self.relayed = 0  # exchanges passed to another process
        self._out: dict[str, list[bytes]] = {}
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._taking: set[str] = set()
        self._opening: dict[str, asyncio.Future[Any]] = {}
        self._last_beat = 0.0
        self._beating = threading.Event()

    @staticmethod
    def channel(holder: str) -> str:
        """The Redis channel a process listens on."""
        return f"openwhist:proc:{holder}"

    @staticmethod
    def alive_key(holder: str) -> str:
        """The Redis key that says a process is alive."""
        return f"openwhist:alive:{holder}"

    async def start(self, holder: str) -> None:
        """Connect to Redis as ``holder`` (this process's lease holder name), say it is
        alive, and listen on its channel (a ConnectionError if Redis cannot be reached)."""
        import redis.asyncio as aioredis

        self.me = holder
        self.redis = aioredis.Redis.from_url(self.url)
        await self.redis.set(self.alive_key(holder), "1", px=int(ALIVE_TTL * 1000))
        self._last_beat = time.monotonic()
        # the key is renewed by a thread: a process whose event loop is slow for a while
        # (a burst of connections on a loaded machine) is not taken for dead; one that
        # hangs for good loses its tables when its leases in the database run out
        self._beating.clear()
        threading.Thread(target=self._beat, name="openwhist-relay-beat", daemon=True).start()
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(self.channel(holder))
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen(pubsub), name="openwhist-relay-listen"),
                       loop.create_task(self._write(), name="openwhist-relay-write"),
                       loop.create_task(_watch(self), name="openwhist-relay-watch")]

    def _beat(self) -> None:
        import redis

        client = redis.Redis.from_url(self.url, socket_timeout=ALIVE_TTL / 2)
        while not self._beating.wait(BEAT):
            try:
                client.set(self.alive_key(self.me), "1", px=int(ALIVE_TTL * 1000))
                self._last_beat = time.monotonic()
            except redis.RedisError:
                log.warning("relay: Redis does not answer; this process may be taken for dead")
        client.close()

    async def stop(self) -> None:
        """Stop relaying: close what is bridged here, forget this process's key."""
        self._beating.set()
        for b in self.bridged.values():
            b.inbox.put_nowait(None)
        for s in self.served.values():
            s.queue.put_nowait({"type": "websocket.disconnect", "code": 1012})
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.redis is not None:
            with contextlib.suppress(Exception):
                await self.redis.delete(self.alive_key(self.me))
            with contextlib.suppress(Exception):
                await self.redis.aclose()

    # --- sending -------------------------------------------------------------------------

    def post(self, holder: str, envelope: dict[str, Any]) -> None:
        """Queue a message for another process (sent by the writer, in order)."""
        self._out.setdefault(self.channel(holder), []).append(orjson.dumps(envelope))
        self._wake.set()

    async def _write(self) -> None:
        """Send what waits: one PUBLISH per channel of everything queued for it."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            out, self._out = self._out, {}
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, items in out.items():
                        pipe.publish(channel, b"[" + b",".join(items) + b"]")
                    await pipe.execute()
            except Exception:
                log.warning("relay: sending to Redis failed; the connections concerned are closed",
                            exc_info=True)
                self._fail_all()

    def _fail_all(self) -> None:
        for b in self.bridged.values():
            b.inbox.put_nowait(None)
        for s in self.served.values():
            s.queue.put_nowait({"type": "websocket.disconnect", "code": 1012})

    # --- receiving -----------------------------------------------------------------------

    async def _listen(self, pubsub: Any) -> None:
        while True:
            try:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("relay: listening on Redis failed; trying again", exc_info=True)
                self._fail_all()
                await asyncio.sleep(0.5)
                with contextlib.suppress(Exception):
                    pubsub = self.redis.pubsub()
                    await pubsub.subscribe(self.channel(self.me))
                continue
            if message is None:
                continue
            for envelope in orjson.loads(message["data"]):
                self._dispatch(envelope)

    def _dispatch(self, e: dict[str, Any]) -> None:
        op, cid = e["op"], e["cid"]
        if op in ("out", "done"):
            b = self.bridged.get(cid)
            if b is not None:
                b.inbox.put_nowait(_unpack(e["m"]) if op == "out" else None)
        elif op == "in":
            s = self.served.get(cid)
            if s is not None:
                s.queue.put_nowait(_unpack(e["m"]))
        elif op == "open":
            s = _Served(e["from"])
            self.served[cid] = s
            s.task = asyncio.get_running_loop().create_task(self._serve(cid, s, _unpack(e["scope"])))

    async def _serve(self, cid: str, s: _Served, scope: Scope) -> None:
        """Run another process's client's exchange through this process's application."""
        scope["headers"] = [tuple(h) for h in scope.get("headers", [])]
        for key in ("client", "server"):
            if scope.get(key) is not None:
                scope[key] = tuple(scope[key])
        scope["state"] = dict(self.state)
        scope["openwhist.relayed"] = True

        async def send(message: Message) -> None:
            self.post(s.origin, {"op": "out", "cid": cid, "m": _pack(dict(message))})

        try:
            await self.app(scope, s.queue.get, send)
        except Exception:
            log.exception("relay: a request relayed from %s failed", s.origin)
        finally:
            self.served.pop(cid, None)
            self.post(s.origin, {"op": "done", "cid": cid})

    # --- passing a client on ---------------------------------------------------------------

    async def holder_for(self, table_id: str) -> str | None:
        """The process to pass a request for ``table_id`` to; None to serve it here (the
        table runs here, or is opened here now because its holder is dead or it had none,
        or there is no such live table)."""
        hub = self.hub_of()
        live, holder = await hub.store.run(_lease_of, table_id)
        if not live:
            return None
        if holder is not None and holder != self.me:
            if await self.is_alive(holder):
                return holder
            await _bury(self, holder)
        if await self.open_here(table_id):
            return None
        live, holder = await hub.store.run(_lease_of, table_id)
        if live and holder is not None and holder != self.me and await self.is_alive(holder):
            return holder
        return None

    async def open_here(self, table_id: str) -> bool:
        """Open a table here (:meth:`Hub.open_table`), once however many ask at the same
        time (a client reconnecting while its table is being taken over waits for it);
        whether it runs here now."""
        hub = self.hub_of()
        if table_id in hub.tables:
            return True
        opening = self._opening.get(table_id)
        if opening is None:
            opening = asyncio.ensure_future(hub.open_table(table_id))
            self._opening[table_id] = opening
            opening.add_done_callback(lambda _: self._opening.pop(table_id, None))
        try:
            return await asyncio.shield(opening) is not None
        except Exception:
            log.warning("relay: table %s could not be opened here", table_id, exc_info=True)
            return False

    async def is_alive(self, holder: str) -> bool:
        """Whether another process is alive (its key on Redis; on this machine, its pid)."""
        from openwhist.server.hub import _gone

        if _gone(holder):
            return False
        if holder in self.alive:
            return True
        return bool(await self.redis.exists(self.alive_key(holder)))

    async def bridge(self, holder: str, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass one client's exchange (a WebSocket or an HTTP request) to ``holder`` and its
        answers back, until either side ends it or ``holder`` dies."""
        cid = secrets.token_hex(8)
        b = _Bridged(holder)
        self.bridged[cid] = b
        self.relayed += 1
        self.post(holder, {"op": "open", "cid": cid, "from": self.me,
                           "scope": _pack({k: scope[k] for k in _SCOPE_KEYS if k in scope})})
        ended = False

        async def upstream() -> None:
            nonlocal ended
            while True:
                message = await receive()
                self.post(holder, {"op": "in", "cid": cid, "m": _pack(dict(message))})
                if message["type"] in ("websocket.disconnect", "http.disconnect"):
                    ended = True
                    return

        up = asyncio.get_running_loop().create_task(upstream())
        websocket = scope["type"] == "websocket"
        accepted = started = False
        try:
            while True:
                message = await b.inbox.get()
                if message is None:  # the holder has finished, or died
                    if websocket:
                        if not ended:
                            await send({"type": "websocket.close", "code": 1012 if accepted else 1011})
                    elif not started:
                        await send({"type": "http.response.start", "status": 503,
                                    "headers": [(b"content-type", b"application/json")]})
                        await send({"type": "http.response.body",
                                    "body": b'{"error": "the table is moving to another server process; '
                                            b'try again", "code": "moving"}'})
                    return
                kind = message["type"]
                accepted = accepted or kind == "websocket.accept"
                started = started or kind == "http.response.start"
                await send(message)
        except Exception:  # the client went away while we wrote to it
            if not ended:
                kind = "websocket.disconnect" if websocket else "http.disconnect"
                self.post(holder, {"op": "in", "cid": cid, "m": {"type": kind, "code": 1006}})
        finally:
            up.cancel()
            self.bridged.pop(cid, None)

    # --- the others' health ----------------------------------------------------------------

    async def watch_once(self) -> None:
        """Find the dead processes and bury them (:meth:`_bury`); after a silence of this
        process's own key, check its leases."""
        silent = time.monotonic() - self._last_beat
        late = silent > ALIVE_TTL * 0.8
        hub = self.hub_of()
        if late:  # others may have taken this process's tables meanwhile
            log.warning("relay: this process was silent for %.1f s; checking its leases", silent)
            await hub.keep_up()
        leases = await hub.store.run(_leases)
        others = (set(leases) | {b.holder for b in self.bridged.values()}
                  | {s.origin for s in self.served.values()}) - {self.me}
        if not others:
            self.alive = set()
            return
        names = sorted(others)
        async with self.redis.pipeline(transaction=False) as pipe:
            for h in names:
                pipe.exists(self.alive_key(h))
            found = await pipe.execute()
        from openwhist.server.hub import _gone

        self.alive = {h for h, n in zip(names, found, strict=True) if n and not _gone(h)}
        for h in names:
            if h not in self.alive and h not in self._taking:
                self._taking.add(h)
                asyncio.get_running_loop().create_task(_take_over(self, h, leases.get(h, [])))


async def _watch(relay: Relay) -> None:
    """Look at the other processes every :data:`BEAT` seconds (:meth:`Relay.watch_once`)."""
    while True:
        await asyncio.sleep(BEAT)
        try:
            await relay.watch_once()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.warning("relay: looking at the other processes failed; trying again", exc_info=True)


async def _take_over(relay: Relay, holder: str, tables: list[str]) -> None:
    """Bury a dead process (:func:`_bury`) and open its tables here, those another process
    has not taken first."""
    try:
        await _bury(relay, holder)
        hub = relay.hub_of()

        async def take(table_id: str) -> None:
            await relay.open_here(table_id)

        # many at once: the store commits the jobs that wait together in one go
        todo = [t for t in tables if t not in hub.tables]
        for i in range(0, len(todo), 64):
            await asyncio.gather(*(take(t) for t in todo[i:i + 64]))
    finally:
        relay._taking.discard(holder)


async def _bury(relay: Relay, holder: str) -> None:
    """A dead process: close the connections passed to it (the clients reconnect),
    end those served for it, give up its leases."""
    for b in list(relay.bridged.values()):
        if b.holder == holder:
            b.inbox.put_nowait(None)
    for s in list(relay.served.values()):
        if s.origin == holder:
            s.queue.put_nowait({"type": "websocket.disconnect", "code": 1006})
            s.queue.put_nowait({"type": "http.disconnect"})
    hub = relay.hub_of()
    await hub.store.run(_release, holder)
    log.warning("relay: server process %s is gone; its tables are taken over", holder)


class RelayMiddleware:
    """The ASGI application ``app`` with a relay on Redis at ``url``: requests for a table
    another process runs are passed to it (:class:`Relay`).  ``hub_of`` gives the
    application's hub once it has started; ``holder`` is this process's name as the
    holder of leases (the hub's ``Settings.holder``)."""

    def __init__(self, app: ASGIApp, url: str, hub_of: Callable[[], Hub], holder: str) -> None:
        self.app = app
        self.holder = holder
        self.relay = Relay(url, app, hub_of)
        self.hub_of = hub_of

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(scope, receive, send)
            return
        if (scope["type"] == "http" and not scope.get("openwhist.relayed") and self.relay.redis is not None
                and (scope.get("method"), scope.get("path")) in _EVERY_PROCESS):
            await _EVERY_PROCESS[scope["method"], scope["path"]](self, scope, receive, send)
            return
        table_id = table_of_path(scope.get("path", ""))
        if table_id is None or scope.get("openwhist.relayed") or self.relay.redis is None:
            await self.app(scope, receive, send)
            return
        if table_id not in self.hub_of().tables:
            holder = await self.relay.holder_for(table_id)
            if holder is not None:
                await self.relay.bridge(holder, scope, receive, send)
                return
        await self.app(scope, receive, send)

    async def _lifespan(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The relay starts before the application (its key alive before any lease is
        taken) and stops after it."""
        self.relay.state = scope.get("state", {})
        started = False

        async def inner_receive() -> Message:
            nonlocal started
            message = await receive()
            if message["type"] == "lifespan.startup" and not started:
                started = True
                await self.relay.start(self.holder)
            return message

        async def inner_send(message: Message) -> None:
            if message["type"] == "lifespan.shutdown.complete":
                await self.relay.stop()
            await send(message)

        await self.app(scope, inner_receive, inner_send)

    # --- what every process has a part of: the lobby, one's tables, a code -------------

    async def _others(self) -> list[str]:
        """The other live processes that hold tables."""
        holders = await self.hub_of().store.run(_leases)
        return [h for h in holders if h != self.holder and await self.relay.is_alive(h)]

    async def _ask(self, holder: str | None, scope: Scope, body: bytes = b"") -> tuple[int, list[Any], bytes]:
        """Run an HTTP request with ``body`` here (``holder`` None) or on another process,
        and return its status, headers and body (status 503 where the other does not answer
        within :data:`ASK_SECONDS`)."""
        answer: dict[str, Any] = {"status": 503, "headers": [], "body": bytearray()}
        done = asyncio.Event()
        sent = False

        async def receive() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            await done.wait()
            return {"type": "http.disconnect"}

        async def capture(message: Message) -> None:
            if message["type"] == "http.response.start":
                answer["status"], answer["headers"] = message["status"], list(message.get("headers", []))
            elif message["type"] == "http.response.body":
                answer["body"] += message.get("body", b"")
                if not message.get("more_body"):
                    done.set()

        call = (self.app(dict(scope), receive, capture) if holder is None
                else self.relay.bridge(holder, dict(scope), receive, capture))
        try:
            await asyncio.wait_for(call, ASK_SECONDS)
        except TimeoutError:
            log.warning("relay: %s did not answer %s in time", holder, scope.get("path"))
            return 503, [], b""
        return int(answer["status"]), answer["headers"], bytes(answer["body"])

    async def _listed(self, scope: Scope, receive: Receive, send: Send) -> None:
        """``GET /api/tables`` and ``/api/my/tables`` across the processes: each lists its
        own tables (at most 200), and the lists are merged in the route's order, own tables
        first then the oldest (the lobby), or the newest first (one's tables)."""
        lobby = scope["path"] == "/api/tables"
        query = {k: v[-1] for k, v in parse_qs(scope.get("query_string", b"").decode()).items()}
        try:
            offset, limit = int(query.get("offset", "0")), int(query.get("limit", "50"))
        except ValueError:
            offset, limit = -1, 0
        if lobby and not (0 <= offset <= 1_000_000 and 1 <= limit <= 200):
            await self.app(scope, receive, send)  # the route says what is wrong
            return
        every = {**scope, "query_string": b"offset=0&limit=200" if lobby else b""}
        status, headers, body = await self._ask(None, every)
        if status != 200:
            await _answer(send, status, headers, body)
            return
        listed: list[dict[str, Any]] = orjson.loads(body)
        for holder in await self._others():
            status, _, theirs = await self._ask(holder, every)
            if status == 200:
                listed += orjson.loads(theirs)
        if lobby:  # one's own tables (the code is theirs to see), then the public ones; oldest first
            listed.sort(key=lambda t: ("code" not in t, t.get("created", 0), t["id"]))
        else:
            listed.sort(key=lambda t: (t.get("created", 0), t["id"]), reverse=True)
        extra: list[tuple[bytes, bytes]] = []
        if lobby:
            extra.append((b"x-total-count", str(len(listed)).encode()))
            if offset + limit < len(listed):
                extra.append((b"link", f'</api/tables?offset={offset + limit}&limit={limit}>; rel="next"'
                               .encode()))
            listed = listed[offset:offset + limit]
        kept = [(k, v) for k, v in headers if k.lower() not in (b"content-length", b"x-total-count", b"link")]
        await _answer(send, 200, kept + extra, orjson.dumps(listed))

    async def _join_by_code(self, scope: Scope, receive: Receive, send: Send) -> None:
        """``POST /api/join``: the private table with that code runs on one process; the
        request is tried here, then on each other process, until one knows the code."""
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        first = await self._ask(None, scope, bytes(body))
        if first[0] == 404:
            for holder in await self._others():
                answer = await self._ask(holder, scope, bytes(body))
                if answer[0] != 404:
                    first = answer
                    break
        await _answer(send, *first)


ASK_SECONDS = 5.0
"""Seconds another process has to answer its part of a request that every process has a
part of (the lobby, one's tables, a code)."""

_EVERY_PROCESS: dict[tuple[str, str], Callable[[RelayMiddleware, Scope, Receive, Send], Awaitable[None]]] = {
    ("GET", "/api/tables"): RelayMiddleware._listed,
    ("GET", "/api/my/tables"): RelayMiddleware._listed,
    ("POST", "/api/join"): RelayMiddleware._join_by_code,
}
"""The requests that every process has a part of, and how their parts are put together."""


async def _answer(send: Send, status: int, headers: list[Any], body: bytes) -> None:
    """Send a whole HTTP response (its length set from ``body``)."""
    kept = [(bytes(k), bytes(v)) for k, v in headers if bytes(k).lower() != b"content-length"]
    await send({"type": "http.response.start", "status": status,
                "headers": [*kept, (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
