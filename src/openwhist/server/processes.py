"""``openwhist serve --processes N``: a Redis server and N server processes behind one
address.

The supervisor opens the listening socket itself and hands it to every process (each
accepts connections from the same socket, as pre-forking servers do: a process that dies
only stops accepting, and the connections waiting are taken by the others); it starts a
throw-away ``redis-server`` (Debian's package: no persistence, a Unix socket in a private
folder) unless a Redis URL is given, and starts again a process that ended.  The processes
share the database (SQLite in WAL mode on one machine, or PostgreSQL) and relay over Redis
(:mod:`openwhist.server.relay`).
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from openwhist.errors import ConfigError

__all__ = ["find_redis", "serve_processes", "start_redis"]


def find_redis() -> str | None:
    """The ``redis-server`` program, or None (``scripts/redis`` installs it)."""
    return shutil.which("redis-server") or next(
        (p for p in ("/usr/bin/redis-server", "/usr/sbin/redis-server") if Path(p).exists()), None)


def start_redis(folder: str | Path, port: int | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """Start a throw-away ``redis-server`` keeping nothing on disk, its files in ``folder``:
    on the Unix socket ``folder/redis.sock`` (``port`` None) or on 127.0.0.1:``port``.
    Returns the process and its URL once it answers (a ConfigError if it cannot start)."""
    program = find_redis()
    if program is None:
        raise ConfigError("redis-server is not installed: scripts/redis installs it (apt-get install "
                          "redis-server)")
    folder = Path(folder)
    sock = folder / "redis.sock"
    listen = ["--port", "0", "--unixsocket", str(sock), "--unixsocketperm", "700"] if port is None else [
        "--port", str(port), "--bind", "127.0.0.1"]
    # nothing saved; a subscriber that falls behind is not cut off (its messages wait in
    # Redis instead); the log beside the socket
    proc = subprocess.Popen([program, *listen, "--save", "", "--appendonly", "no", "--dir", str(folder),
                             "--client-output-buffer-limit", "pubsub 0 0 0", "--logfile",
                             str(folder / "redis.log")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"unix://{sock}" if port is None else f"redis://127.0.0.1:{port}/0"
    import redis

    deadline = time.monotonic() + 10
    while True:
        try:
            client = redis.Redis.from_url(url)
            client.ping()
            client.close()
            return proc, url
        except redis.RedisError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                log = (folder / "redis.log")
                text = log.read_text()[-500:] if log.exists() else ""
                raise ConfigError(f"redis-server did not start: {text}") from None
            time.sleep(0.05)


def serve_processes(n: int, host: str, port: int, database: str | None, redis_url: str | None,
                    announce: Any = print, trusted_proxies: tuple[str, ...] | None = None,
                    backlog: int | None = None) -> None:
    """Serve on ``host:port`` with ``n`` processes over Redis (``redis_url``, else a Redis
    started here) until stopped (Ctrl-C or SIGTERM); a process that ends is started again.
    ``backlog``: the connections the kernel holds on the shared socket until a process
    accepts them (None: :data:`openwhist.server.BACKLOG`); the open-files limit is raised
    here, before the processes that inherit it start."""
    from openwhist.server import BACKLOG, announce_limits, bind, open_files
    from openwhist.store import Store

    backlog = BACKLOG if backlog is None else backlog
    files = open_files()  # before the processes start: they inherit it
    sock = bind(host, port, backlog)
    folder = tempfile.mkdtemp(prefix="openwhist-redis-")
    redis_proc = None
    children: list[subprocess.Popen[bytes]] = []
    try:
        Store(database).close()  # made and migrated once, before the processes open it
        if redis_url is None:
            redis_proc, redis_url = start_redis(folder)
        # each process listens on the socket again (asyncio does): with the same backlog
        argv = [sys.executable, "-m", "openwhist", "serve", "--fd", str(sock.fileno()), "--redis", redis_url,
                "--backlog", str(backlog)]
        if database:
            argv += ["--database", database]
        for p in trusted_proxies or ():
            argv += ["--trusted-proxy", p]

        def spawn() -> subprocess.Popen[bytes]:
            return subprocess.Popen(argv, pass_fds=[sock.fileno()], stdout=subprocess.DEVNULL)

        children = [spawn() for _ in range(n)]
        shown = host if ":" not in host else f"[{host}]"
        announce(f"openwhist serving on http://{shown}:{sock.getsockname()[1]} "
                 f"({n} processes relaying over Redis)")
        announce_limits(announce, backlog, files)
        stopping = False

        def stop(*_: Any) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGTERM, stop)
        try:
            while not stopping:
                time.sleep(0.5)
                for i, child in enumerate(children):
                    if child.poll() is not None and not stopping:
                        print(f"server process {child.pid} ended ({child.returncode}); starting another",
                              file=sys.stderr)
                        children[i] = spawn()
        except KeyboardInterrupt:
            pass
    finally:
        for child in children:
            if child.poll() is None:
                child.terminate()
        for child in children:
            try:
                child.wait(15)
            except subprocess.TimeoutExpired:
                child.kill()
        if redis_proc is not None:
            redis_proc.terminate()
            redis_proc.wait()
        sock.close()
        shutil.rmtree(folder, ignore_errors=True)
