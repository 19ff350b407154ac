"""What keeps one client from slowing the server for everyone: the request body counted as
it arrives, a deadline for a request's headers and body, a bounded pool for searches with
a queue limit, and a watch on the event loop's lag.

>>> pool = SearchPool("demo", workers=1, queue=0)
>>> asyncio.run(pool.run(sum, [1, 2, 3]))
6
>>> pool.close()
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import json
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["BodyLimit", "Busy", "LoopWatch", "SearchPool", "http_protocol"]

T = TypeVar("T")

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Any]
Send = Callable[[Message], Any]


class BodyLimit:
    """ASGI middleware: an HTTP request's body is read here, counting its bytes as they
    arrive (chunked or not), before the application sees any of it.  A body over ``limit``
    bytes is answered 413 as soon as the limit is passed (the rest is never read: the
    connection is closed), one that does not arrive within ``seconds`` 408; a
    ``Content-Length`` over the limit is refused before a byte is read."""

    def __init__(self, app: Any, limit: int, seconds: float = 10.0) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or ()).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _answer(send, 413, f"the request body is limited to {self.limit} bytes")
            return
        chunks: list[bytes] = []
        size = 0
        deadline = time.monotonic() + self.seconds
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                await _answer(send, 408, f"the request body did not arrive within {self.seconds:g} s")
                return
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > self.limit:
                await _answer(send, 413, f"the request body is limited to {self.limit} bytes")
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": whole, "more_body": False}
            message: Message = await receive()  # only the disconnect can come now
            return message

        await self.app(scope, replay, send)


async def _answer(send: Send, status: int, text: str) -> None:
    body = json.dumps({"error": text}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def http_protocol(header_seconds: float) -> Any:
    """uvicorn's HTTP protocol (httptools) with a deadline for each request's headers:
    a connection that has not sent a whole request line and headers within
    ``header_seconds`` of opening (or of the last response) is closed, so half-sent
    requests cannot hold connections for ever.  ``"auto"`` where httptools is missing."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # pragma: no cover - uvicorn[standard] brings httptools
        return "auto"

    class DeadlineProtocol(HttpToolsProtocol):
        _deadline: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(header_seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

    return DeadlineProtocol


class Busy(Exception):
    """A pool's queue is full: the search is refused rather than kept waiting."""


class _SwitchWhileSearching:
    """Python's thread switch interval, short while any search runs: the parts of a search
    written in Python hold the GIL for up to the interval at a time, which the event loop
    then waits (5 ms by default; 1 ms cut the loop's largest lag beside busy searching
    bots from 43 to 9 ms), and the default again when none runs (the shorter interval
    costs a server that only serves people about a seventh of its peak actions per
    second).  Counted on the event loop's thread only."""

    SEARCHING = 0.001

    def __init__(self) -> None:
        self.running = 0
        self.default = sys.getswitchinterval()

    def enter(self) -> None:
        if self.running == 0:
            self.default = sys.getswitchinterval()
            sys.setswitchinterval(min(self.default, self.SEARCHING))
        self.running += 1

    def leave(self) -> None:
        self.running -= 1
        if self.running == 0:
            sys.setswitchinterval(self.default)


_SWITCH = _SwitchWhileSearching()


class SearchPool:
    """Worker threads for searches (the solver releases the GIL, so they run beside the
    event loop): ``workers`` threads; with a ``queue`` limit, a search is refused
    (:class:`Busy`) while that many wait already.  While any search runs, Python switches
    threads every millisecond rather than every five (see :class:`_SwitchWhileSearching`)."""

    def __init__(self, name: str, workers: int, queue: int | None = None) -> None:
        self.workers = max(1, workers)
        self.queue = queue
        self.pending = 0
        self._executor = concurrent.futures.ThreadPoolExecutor(self.workers, thread_name_prefix=name)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` in a worker thread and wait for it."""
        if self.queue is not None and self.pending >= self.workers + self.queue:
            raise Busy("the server is busy with other searches; try again in a moment")
        self.pending += 1
        _SWITCH.enter()
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)
        finally:
            _SWITCH.leave()
            self.pending -= 1

    def close(self) -> None:
        """Let the running searches finish; start no more."""
        self._executor.shutdown(wait=False, cancel_futures=True)


class LoopWatch:
    """The event loop's lag: how late a timer set every ``interval`` seconds fires, kept for
    the last ``window`` seconds (the health check reports the latest and the largest)."""

    def __init__(self, interval: float = 0.05, window: float = 60.0) -> None:
        self.interval = interval
        self.lags: collections.deque[float] = collections.deque(maxlen=max(1, int(window / interval)))
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start watching (from the event loop)."""
        self._task = asyncio.get_running_loop().create_task(self._watch(), name="openwhist-loop-watch")

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(self.interval)
            self.lags.append(max(0.0, loop.time() - before - self.interval))

    def report(self) -> dict[str, float]:
        """The latest, the 99th percentile and the largest lag of the window, in
        milliseconds."""
        if not self.lags:
            return {"last_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
        ordered = sorted(self.lags)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        return {"last_ms": round(self.lags[-1] * 1000, 1), "p99_ms": round(p99 * 1000, 1),
                "max_ms": round(ordered[-1] * 1000, 1)}

    async def stop(self) -> None:
        """Stop watching."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
