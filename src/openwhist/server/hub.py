"""The server's shared state: settings, the database, the live tables, and whether the
solver (for ``pimc`` bots) is ready."""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from typing import Any

from openwhist.server.auth import RateLimiter
from openwhist.server.table import TableRunner
from openwhist.store import Store, get_user, live_table_ids, load_table

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
    """

    bot_pause: float = field(default_factory=lambda: _env_float("OPENWHIST_BOT_PAUSE", 0.8))
    away_timeout: float = field(default_factory=lambda: _env_float("OPENWHIST_AWAY_TIMEOUT", 30.0))
    stand_in: str = "heuristic"
    session_ttl: float = 30 * 24 * 3600.0
    cookie_secure: bool = True
    compile_solver: bool = field(default_factory=lambda: os.environ.get("OPENWHIST_COMPILE_SOLVER") != "0")
    login_limit: int = 5
    login_window: float = 60.0
    signup_limit: int = field(default_factory=lambda: int(_env_float("OPENWHIST_SIGNUP_LIMIT", 20)))
    table_limit: int = field(default_factory=lambda: int(_env_float("OPENWHIST_TABLE_LIMIT", 10)))


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
        self.sessions: dict[str, tuple[float, dict[str, Any]]] = {}
        self.actions = 0

    async def start(self) -> None:
        """Load every live table from the database and start its task; start preparing
        the solver in the background.  Tunes the process's garbage collector for serving
        (:func:`gc.freeze` what exists then; young collections less often)."""
        ids = await self.store.run(live_table_ids)
        for table_id in ids:
            await self.open_table(table_id)
        # what exists now (the modules, the app, the tables loaded) lives as long as the
        # process: the garbage collector need not walk it again.  Its full collections,
        # which pause every table, then take a tenth of the time; young collections run
        # less often, so fewer messages in flight are promoted to the old generations
        gc.collect()
        gc.freeze()
        gc.set_threshold(10_000, 10, 10)
        if self.settings.compile_solver:
            threading.Thread(target=self._prepare_solver, name="openwhist-solver", daemon=True).start()

    async def stop(self) -> None:
        """Stop every table's task."""
        await asyncio.gather(*(t.stop() for t in self.tables.values()))

    def open_tables_of(self, user_id: int) -> int:
        """How many live tables this user owns."""
        return sum(1 for t in self.tables.values() if t.owner_id == user_id)

    async def close_table(self, runner: TableRunner, user_id: int) -> dict[str, Any]:
        """The owner closes a table (:meth:`TableRunner.close`); it leaves the live tables
        and its task stops."""
        result: dict[str, Any] = await runner.call(lambda: runner.close(user_id))
        self.tables.pop(runner.id, None)
        await runner.stop()
        return result

    async def open_table(self, table_id: str) -> TableRunner | None:
        """Rebuild a table from its events in the database and start it (None if there is
        no such table, or it is closed)."""
        row = await self.store.run(load_table, table_id)
        if row is None or row["closed"]:
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
        self.tables[table_id] = runner
        runner.start()
        return runner

    def _prepare_solver(self) -> None:
        """Compile (or find in the cache) the solver in another process, so that serving
        never waits for it; pimc bots are refused until it is ready."""
        try:
            done = subprocess.run([sys.executable, "-m", "openwhist.solver", "--if-needed"],
                                  capture_output=True, text=True, timeout=1800)
        except (OSError, subprocess.TimeoutExpired) as exc:
            log.warning("the solver could not be prepared: %s", exc)
            return
        if done.returncode == 0:
            self.pimc_ready.set()
        else:
            log.warning("the solver could not be prepared: %s", done.stderr.strip()[-500:])
