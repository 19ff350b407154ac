"""The table's one queue: jobs (typed commands, or coroutine functions of the routes) run
one at a time on one asyncio task; whoever waits for a job gets its result, its refusal
(:class:`~openwhist.server.table.base.SeatError`) or :class:`TableClosed` once the task
has stopped.  One failing job never stops the table."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from openwhist.server.table.base import SeatError, TableClosed
from openwhist.server.table.commands import Command

__all__ = ["CommandQueue", "Job"]

log = logging.getLogger("openwhist.server")

Job = Command | Callable[[], Awaitable[Any]]
"""What the queue runs: a command (handed to the table's dispatch) or a coroutine function."""


class CommandQueue:
    """One table's queue and task (see the module's docstring); ``handle`` dispatches a
    command."""

    def __init__(self, name: str, handle: Callable[[Command], Awaitable[Any]]) -> None:
        self.name = name
        self._handle = handle
        self._queue: asyncio.Queue[tuple[Job, asyncio.Future[Any] | None]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.stopped = False

    def start(self) -> None:
        """Start the task."""
        self._task = asyncio.get_running_loop().create_task(self._loop(), name=f"table-{self.name}")

    async def stop(self) -> None:
        """Stop the task; jobs still waiting, and any sent later, fail with
        :class:`TableClosed`."""
        self.stopped = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        while not self._queue.empty():
            _, fut = self._queue.get_nowait()
            if fut is not None and not fut.done():
                fut.set_exception(TableClosed("this table is closed"))

    def post(self, job: Job) -> None:
        """Queue a job, not waiting for it."""
        if not self.stopped:
            self._queue.put_nowait((job, None))

    async def call(self, job: Job) -> Any:
        """Queue a job and wait for its result."""
        if self.stopped:
            raise TableClosed("this table is closed")
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((job, fut))
        return await fut

    async def _loop(self) -> None:
        while True:
            job, fut = await self._queue.get()
            try:
                result = await (job() if callable(job) else self._handle(job))
            except asyncio.CancelledError:  # stopped: whoever waits is told
                if fut is not None and not fut.done():
                    fut.set_exception(TableClosed("this table is closed"))
                raise
            except SeatError as exc:  # a refusal: whoever asked is told why; nothing failed
                log.info("table %s: refused: %s", self.name, exc)
                if fut is not None and not fut.done():
                    fut.set_exception(exc)
                continue
            except Exception as exc:  # one bad command must not stop the table
                log.exception("table %s: command failed", self.name)
                if fut is not None and not fut.done():
                    fut.set_exception(exc)
                continue
            if fut is not None and not fut.done():
                fut.set_result(result)
