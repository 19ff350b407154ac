"""The server's shared state: settings, the database, the live tables, and whether the
solver (for ``pimc`` bots) is ready."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import logging
import os
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

from openwhist.server.auth import RateLimiter
from openwhist.server.drives import Drives
from openwhist.server.limits import LoopWatch, SearchPool
from openwhist.server.policy import Refused, socket_refusal
from openwhist.server.ratings import RatingBook
from openwhist.server.table import TALK_LIMIT, TALK_WINDOW, DealEnd, Outcome, TableClosed, TableRunner
from openwhist.store import (
    Store,
    acquire_lease,
    close_table,
    forget_login_failures,
    get_user,
    lease_holders,
    live_sessions,
    live_table_ids,
    load_table,
    release_leases,
    renew_leases,
    store_plan,
)

__all__ = ["Hub", "Settings"]

log = logging.getLogger("openwhist.server")


def _env_float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


@dataclass
class Settings:
    """What a server can be tuned by (environment variables in brackets).

    :param bot_pause: seconds a bot waits before it moves (``OPENWHIST_BOT_PAUSE``, 0.8).
    :param away_timeout: seconds a person may be away before a bot plays for them
        (``OPENWHIST_AWAY_TIMEOUT``, 30).
    :param stand_in: the bot that plays for people away and replaces those who leave.
    :param signup_limit: new accounts and guests per address a minute
        (``OPENWHIST_SIGNUP_LIMIT``, 20).
    :param compile_solver: prepare the solver for ``pimc`` bots in the background at start
        (``OPENWHIST_COMPILE_SOLVER=0`` turns it off: pimc bots are then refused).
    :param table_limit: open tables a user may own at once (``OPENWHIST_TABLE_LIMIT``, 10);
        closing one makes room.
    :param table_rate: new tables a person may make an hour (``OPENWHIST_TABLE_RATE``, 20);
        an address may make three times as many.
    :param idle_close: seconds a table may stay with nobody connected and nothing played
        before the server closes it (``OPENWHIST_IDLE_CLOSE``, 21600: six hours).
    :param cookie_secure: whether the session cookie is ``Secure``; None (the default): when
        the request came over HTTPS (directly, or as a trusted proxy says).
    :param trusted_proxies: the addresses (or networks) of reverse proxies whose
        ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed
        (``OPENWHIST_TRUSTED_PROXIES``, comma-separated; none by default).
    :param search_threads: worker threads for the computer players' searches
        (``OPENWHIST_SEARCH_THREADS``; the processor's cores).
    :param ask_queue: hints and analyses that may wait for the one thread that serves them
        (``OPENWHIST_ASK_QUEUE``, 4); more are refused with 503 until some are done.
    :param hint_limit: hints a person may ask for a minute (``OPENWHIST_HINT_LIMIT``, 30);
        analyses, half as many.
    :param header_timeout: seconds a client has to send a request's line and headers, and
        again its body (``OPENWHIST_HEADER_TIMEOUT``, 10).
    :param deal_pause: seconds between two deals at a table of one person and computer
        players, unless the person says he is ready sooner (``OPENWHIST_DEAL_PAUSE``, 8); a
        table of several people waits for all of them, or eight times as long.
    :param lease_ttl: seconds a server process's lease of a table lasts unless renewed
        (``OPENWHIST_LEASE_TTL``, 60; renewed every third of it).
    :param drive_limit: whist drives a director may have that have not finished
        (``OPENWHIST_DRIVE_LIMIT``, 5); ``drive_rate``: new drives a person may make an hour
        (``OPENWHIST_DRIVE_RATE``, 10).
    :param login_free: wrong passwords for one account, from any address, before its tries
        are refused for a while (5); then ``login_backoff`` seconds
        (``OPENWHIST_LOGIN_BACKOFF``, 30), doubled for each further wrong password, at most
        ``login_backoff_max`` (``OPENWHIST_LOGIN_BACKOFF_MAX``, 900); a good login, or
        ``login_forget`` seconds without a wrong one (3600), starts the count again.  Kept
        in the database: every server process on it counts together.
    :param holder: this process's name as the holder of tables' leases (None: made up at
        start, ``host:pid:nonce``); a relay between processes names it first.
    :param sockets_per_person: WebSocket connections one person may have open on the server,
        at all tables together (``OPENWHIST_SOCKETS_PER_PERSON``, 8); ``sockets_per_address``:
        from one address, all people together (``OPENWHIST_SOCKETS_PER_ADDRESS``, 32).
    """

    bot_pause: float = field(default_factory=lambda: _env_float("OPENWHIST_BOT_PAUSE", 0.8))
    away_timeout: float = field(default_factory=lambda: _env_float("OPENWHIST_AWAY_TIMEOUT", 30.0))
    stand_in: str = "club"
    session_ttl: float = 30 * 24 * 3600.0
    cookie_secure: bool | None = None
    compile_solver: bool = field(default_factory=lambda: os.environ.get("OPENWHIST_COMPILE_SOLVER") != "0")
    login_limit: int = 5
    login_window: float = 60.0
    signup_limit: int = field(default_factory=lambda: int(_env_float("OPENWHIST_SIGNUP_LIMIT", 20)))
    table_limit: int = field(default_factory=lambda: int(_env_float("OPENWHIST_TABLE_LIMIT", 10)))
    table_rate: int = field(default_factory=lambda: int(_env_float("OPENWHIST_TABLE_RATE", 20)))
    idle_close: float = field(default_factory=lambda: _env_float("OPENWHIST_IDLE_CLOSE", 6 * 3600.0))
    trusted_proxies: tuple[str, ...] = field(default_factory=lambda: tuple(
        p.strip() for p in os.environ.get("OPENWHIST_TRUSTED_PROXIES", "").split(",") if p.strip()))
    search_threads: int = field(default_factory=lambda: int(_env_float(
        "OPENWHIST_SEARCH_THREADS", os.cpu_count() or 2)))
    ask_queue: int = field(default_factory=lambda: int(_env_float("OPENWHIST_ASK_QUEUE", 4)))
    hint_limit: int = field(default_factory=lambda: int(_env_float("OPENWHIST_HINT_LIMIT", 30)))
    header_timeout: float = field(default_factory=lambda: _env_float("OPENWHIST_HEADER_TIMEOUT", 10.0))
    lease_ttl: float = field(default_factory=lambda: _env_float("OPENWHIST_LEASE_TTL", 60.0))
    deal_pause: float = field(default_factory=lambda: _env_float("OPENWHIST_DEAL_PAUSE", 8.0))
    drive_limit: int = field(default_factory=lambda: int(_env_float("OPENWHIST_DRIVE_LIMIT", 5)))
    drive_rate: int = field(default_factory=lambda: int(_env_float("OPENWHIST_DRIVE_RATE", 10)))
    login_free: int = 5
    login_backoff: float = field(default_factory=lambda: _env_float("OPENWHIST_LOGIN_BACKOFF", 30.0))
    login_backoff_max: float = field(default_factory=lambda: _env_float("OPENWHIST_LOGIN_BACKOFF_MAX", 900.0))
    login_forget: float = 3600.0
    sockets_per_person: int = field(default_factory=lambda: int(_env_float(
        "OPENWHIST_SOCKETS_PER_PERSON", 8)))
    holder: str | None = None
    sockets_per_address: int = field(default_factory=lambda: int(_env_float(
        "OPENWHIST_SOCKETS_PER_ADDRESS", 32)))


def _gone(holder: str) -> bool:
    """True if a lease's holder (``host:pid:nonce``) was a process of this machine that is
    no longer running (it was killed, or the machine restarted): its leases are free."""
    host, _, rest = holder.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname()[:40] or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:  # it exists, as another user's
        return False
    return False


class Hub:
    """The live tables and what they share (one per server process)."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, TableRunner] = {}
        self.pimc_ready = threading.Event()
        self.login_limiter = RateLimiter(settings.login_limit, settings.login_window)
        self.ip_limiter = RateLimiter(settings.login_limit * 6, settings.login_window)
        self.signup_limiter = RateLimiter(settings.signup_limit, 60.0)
        self.table_limiter = RateLimiter(settings.table_rate, 3600.0)
        self.table_ip_limiter = RateLimiter(settings.table_rate * 3, 3600.0)
        self.hint_limiter = RateLimiter(settings.hint_limit, 60.0)
        self.analysis_limiter = RateLimiter(max(1, settings.hint_limit // 2), 60.0)
        self.drive_limiter = RateLimiter(settings.drive_rate, 3600.0)
        self.drive_entry_limiter = RateLimiter(60, 60.0)
        self.talk_limiter = RateLimiter(TALK_LIMIT, TALK_WINDOW)  # per person, every table
        self.sockets: Counter[str] = Counter()  # open WebSockets per person and per address
        self.drives = Drives(self)
        self.ratings = RatingBook(self)
        self._hooks: set[asyncio.Task[None]] = set()
        self.sessions: dict[str, tuple[float, dict[str, Any]]] = {}
        self.actions = 0
        # the computer players' searches, and (one thread, a short queue) hints and analyses
        self.bot_pool = SearchPool("openwhist-bot", settings.search_threads)
        self.ask_pool = SearchPool("openwhist-ask", 1, settings.ask_queue)
        self.loop_watch = LoopWatch()
        # this process, as the holder of its tables' leases
        self.holder = settings.holder or f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"
        self._upkeep: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Load every live table from the database and start its task; start preparing
        the solver in the background.  Tunes the process's garbage collector for serving
        (:func:`gc.freeze` what exists then; young collections less often)."""
        for holder in await self.store.run(lease_holders):
            if _gone(holder):  # a process of this machine that ended without giving them up
                await self.store.run(release_leases, holder)
        ids = await self.store.run(live_table_ids)
        for table_id in ids:
            await self.open_table(table_id)
        if len(self.tables) < len(ids):
            log.warning("%d of %d live tables are run by another server process on this database "
                        "(each table is run by the process that holds its lease)",
                        len(ids) - len(self.tables), len(ids))
        self.loop_watch.start()
        self._upkeep = asyncio.get_running_loop().create_task(self._keep_up(), name="openwhist-upkeep")
        # what exists now (the modules, the app, the tables loaded) lives as long as the
        # process: the garbage collector need not walk it again.  Its full collections,
        # which pause every table, then take a tenth of the time; young collections run
        # less often, so fewer messages in flight are promoted to the old generations
        gc.collect()
        gc.freeze()
        gc.set_threshold(10_000, 10, 10)
        if self.settings.compile_solver:
            from openwhist.solver import compiled

            if compiled():  # loaded before the first request: every level is offered from the start
                self._prepare_solver()
            else:
                threading.Thread(target=self._prepare_solver, name="openwhist-solver", daemon=True).start()

    async def stop(self) -> None:
        """Stop every table's task and give up their leases."""
        if self._upkeep is not None:
            self._upkeep.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._upkeep
        await self.loop_watch.stop()
        await asyncio.gather(*(t.stop() for t in self.tables.values()))
        with contextlib.suppress(Exception):  # the leases expire by themselves in any case
            await self.store.run(release_leases, self.holder)
        self.bot_pool.close()
        self.ask_pool.close()

    async def _keep_up(self) -> None:
        """Every third of the lease time: renew this process's leases (a table whose lease
        was lost, after a pause longer than the lease, stops here: another process runs it
        now), take the live tables whose process has gone, close idle tables, start the
        whist drives whose time has come and end the rounds whose time is up."""
        while True:
            await asyncio.sleep(self.settings.lease_ttl / 3)
            try:
                await self.keep_up()
            except Exception:
                log.warning("keeping the tables up failed; trying again", exc_info=True)

    async def keep_up(self) -> None:
        """One round of :meth:`_keep_up` (last: the drives whose time has come start, and
        the rounds whose time is up end)."""
        held = await self.store.run(renew_leases, self.holder, self.settings.lease_ttl)
        for table_id in [t for t in self.tables if t not in held]:
            log.warning("table %s: its lease was taken by another server process; stopping it here",
                        table_id)
            runner = self.tables.pop(table_id)
            await runner.stop()
        for table_id in await self.store.run(live_table_ids):
            if table_id not in self.tables:
                await self.open_table(table_id)
        now = time.time()
        for runner in list(self.tables.values()):
            if runner.idle_since(now) > self.settings.idle_close:
                log.info("table %s: closed after %.0f s with nobody at it", runner.id,
                         runner.idle_since(now))
                with contextlib.suppress(TableClosed):
                    await self.close_table(runner, None)
        await self.sweep_sessions()
        await self.store.run(forget_login_failures, time.time() - self.settings.login_forget)
        try:
            await self.drives.start_due()
            await self.drives.end_overdue(time.time())
        except Exception:
            log.warning("starting the drives whose time has come, or ending their rounds, failed; "
                        "trying again", exc_info=True)

    def end_sessions(self, hashes: list[str]) -> None:
        """Sessions ended (by their token hashes): they leave the session cache at once, and
        their WebSocket connections here are told (``logged_out``) and closed (4401)."""
        if not hashes:
            return
        for th in hashes:
            self.sessions.pop(th, None)

        async def end(runner: TableRunner) -> None:
            for th in hashes:
                await runner.end_session(th)

        for runner in list(self.tables.values()):
            runner.post(functools.partial(end, runner))

    async def sweep_sessions(self) -> None:
        """End here the sessions another server process ended (or that expired): those in
        the session cache the database no longer has."""
        cached = list(self.sessions)
        gone: list[str] = []
        for i in range(0, len(cached), 500):
            chunk = cached[i:i + 500]
            alive = await self.store.run(live_sessions, chunk)
            gone.extend(th for th in chunk if th not in alive)
        self.end_sessions(gone)

    def socket_opened(self, user_id: int, address: str) -> Refused | None:
        """Count a WebSocket of a person from an address, or the refusal when the person
        or the address has as many open as allowed (nothing is counted then)."""
        keys = (f"user|{user_id}", f"ip|{address}")
        refusal = socket_refusal(self.sockets[keys[0]], self.sockets[keys[1]],
                                 self.settings.sockets_per_person, self.settings.sockets_per_address)
        if refusal is None:
            self.sockets.update(keys)
        return refusal

    def socket_closed(self, user_id: int, address: str) -> None:
        """Uncount a WebSocket counted by :meth:`socket_opened`."""
        for key in (f"user|{user_id}", f"ip|{address}"):
            self.sockets[key] -= 1
            if self.sockets[key] <= 0:
                del self.sockets[key]

    def open_tables_of(self, user_id: int) -> int:
        """How many live tables this user owns (a drive's tables are the drive's, not its
        director's)."""
        return sum(1 for t in self.tables.values() if t.owner_id == user_id and t.drive_id is None)

    def deal_ended(self, end: DealEnd) -> None:
        """A deal ended at a table (a hook each table calls): a drive's table passes the
        result to its drive.  Runs beside the table's task, never holding it up."""
        if end.drive_id is not None:
            self._run_hook(self.drives.deal_played(end.table_id, end.deal_no, end.result))

    def match_ended(self, outcome: Outcome) -> None:
        """A match ended at a table, its record stored (a hook each table calls): its
        outcome moves the ratings.  Runs beside the table's task, never holding it up."""
        self._run_hook(self.ratings.match_played(outcome))

    def _run_hook(self, job: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(self._hook(job))
        self._hooks.add(task)
        task.add_done_callback(self._hooks.discard)

    @staticmethod
    async def _hook(job: Any) -> None:
        try:
            await job
        except Exception:
            log.exception("after a deal: the drive or the ratings could not be updated")

    async def close_table(self, runner: TableRunner, user_id: int | None) -> dict[str, Any]:
        """The owner (None: the server, for an idle table) closes a table
        (:meth:`TableRunner.close`); it leaves the live tables, its task stops and its
        lease is given up."""
        result: dict[str, Any] = await runner.call(lambda: runner.close(user_id))
        self.tables.pop(runner.id, None)
        await runner.stop()
        await self.store.run(release_leases, self.holder, runner.id)
        return result

    async def open_table(self, table_id: str) -> TableRunner | None:
        """Rebuild a table from its events in the database and start it, under this
        process's lease (None if there is no such table, it is closed, or another server
        process holds it).  A table idle for longer than ``idle_close`` is closed instead."""
        if not await self.store.run(acquire_lease, table_id, self.holder, self.settings.lease_ttl):
            return None
        row = await self.store.run(load_table, table_id)
        if row is not None and not row["closed"] and time.time() - row["active"] > self.settings.idle_close:
            await self.store.run(close_table, table_id, row["version"] + 1)
            log.info("table %s: closed, idle since %s", table_id, time.ctime(row["active"]))
            row["closed"] = True
        if row is None or row["closed"]:
            await self.store.run(release_leases, self.holder, table_id)
            return None
        names: dict[int, str] = {}
        guests: set[int] = set()
        for s in row["seats"]:
            for key in ("user_id", "pending_user_id"):
                uid = s[key]
                if uid is not None and uid not in names:
                    user = await self.store.run(get_user, uid)
                    names[uid] = user["name"] if user else "?"
                    if user and user["guest"]:
                        guests.add(uid)
        runner = TableRunner(self, row, names, guests)
        runner.listen(deal=self.deal_ended, outcome=self.match_ended)
        if not runner.plan_stored:  # a match not begun at the upgrade that stored plans: stored now
            await self.store.run(store_plan, table_id, runner.match_no, None, runner.match.first_dealer)
        running = self.tables.get(table_id)
        if running is not None:  # opened meanwhile (a table being made, by the upkeep): one runs it
            return running
        self.tables[table_id] = runner
        runner.start()
        return runner

    def _prepare_solver(self) -> None:
        """Compile (or find in the cache) the solver in another process, so that serving
        never waits for it, then load it into this one (in this thread: the first search
        of a computer player does not pay for the loading); bots that search are refused
        until it is ready.  Kernels already compiled for this machine (as the set-up
        scripts leave them) are loaded at once, with no other process."""
        from openwhist.solver import compiled, warm_up

        if not compiled():
            try:
                done = subprocess.run([sys.executable, "-m", "openwhist.solver", "--if-needed"],
                                      capture_output=True, text=True, timeout=1800)
            except (OSError, subprocess.TimeoutExpired) as exc:
                log.warning("the solver could not be prepared: %s", exc)
                return
            if done.returncode != 0:
                log.warning("the solver could not be prepared: %s", done.stderr.strip()[-500:])
                return
        try:
            warm_up()
        except Exception as exc:
            log.warning("the solver could not be loaded: %s", exc)
            return
        self.pimc_ready.set()
