"""The play server: ``openwhist serve`` (FastAPI on uvicorn) with tables, seats, bots,
accounts and a database (:mod:`openwhist.store`).

It drives any registered variant through the deal protocol and sends each seat the core's
``Observation.to_json()`` as it is; it holds no rule of its own.  One asyncio task owns each
live table (:mod:`openwhist.server.table`); every accepted action is committed before it
is broadcast.  The HTTP API is described by OpenAPI (``/openapi.json``), the WebSocket
messages in ``docs/websocket.md``.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
from pathlib import Path
from typing import Any

from openwhist.errors import ConfigError

__all__ = ["BACKLOG", "announce_limits", "bind", "check_proxies", "check_redis", "listen_cap", "open_files",
           "serve"]

BACKLOG = 4096
"""Connections the kernel holds for the listening socket until a process accepts them (the
kernel caps it at ``net.core.somaxconn``): a crowd connecting at once, or coming back
after a restart, waits there instead of retrying a second later and more."""


def listen_cap() -> int | None:
    """The kernel's cap on a listening socket's backlog (``net.core.somaxconn``), or None
    where it cannot be read."""
    try:
        return int(Path("/proc/sys/net/core/somaxconn").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def open_files() -> tuple[int, int, int]:
    """Raise this process's soft limit of open files (``RLIMIT_NOFILE``; every socket is
    one) to its hard limit, as far as the kernel allows.  Returns (the soft limit before,
    the soft limit now, the hard limit); the processes started from this one inherit it."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard
    if hard == resource.RLIM_INFINITY:
        try:
            wanted = int(Path("/proc/sys/fs/nr_open").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            wanted = 1 << 20
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(OSError, ValueError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return soft, resource.getrlimit(resource.RLIMIT_NOFILE)[0], hard


def announce_limits(announce: Any, backlog: int, files: tuple[int, int, int]) -> None:
    """Say what limits the number of sockets, where it matters: the open-files limit when
    it was raised or is low (``files``: what :func:`open_files` answered), and the backlog
    when the kernel caps it lower."""
    before, now, _ = files
    if now != before:
        announce(f"open files: the soft limit raised from {before} to {now} (every socket is one)")
    if now < 4096:
        announce(f"open files: at most {now} (ulimit -n): at most about that many sockets")
    cap = listen_cap()
    if cap is not None and cap < backlog:
        announce(f"backlog: {backlog} asked, the kernel allows {cap} (net.core.somaxconn)")


def bind(host: str, port: int, backlog: int = BACKLOG) -> socket.socket:
    """A listening socket on ``host:port`` holding up to ``backlog`` connections not yet
    accepted (a ConfigError says why it cannot be had)."""
    from openwhist.server.app import check_host

    try:
        check_host(host)
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (ValueError, OSError, UnicodeError) as exc:
        raise ConfigError(f"--host: {exc}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(backlog)
    except OSError as exc:
        sock.close()
        raise ConfigError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


def check_proxies(proxies: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The trusted proxies' addresses or networks, each checked (a ValueError names a bad
    one).

    >>> check_proxies(["10.0.0.1", "192.168.0.0/16"])
    ('10.0.0.1', '192.168.0.0/16')
    """
    out = []
    for p in proxies:
        try:
            ipaddress.ip_network(p.strip(), strict=False)
        except ValueError:
            raise ValueError(f"not an address or network: {p!r}") from None
        out.append(p.strip())
    return tuple(out)


def serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None,
          announce: Any = print, trusted_proxies: tuple[str, ...] | None = None,
          redis_url: str | None = None, fd: int | None = None, backlog: int = BACKLOG) -> None:
    """Open the database (migrating it), listen on ``host:port`` and serve until stopped.
    ``trusted_proxies``: the reverse proxies whose forwarded headers are believed (None:
    ``$OPENWHIST_TRUSTED_PROXIES``; none by default).  ``redis_url`` (None:
    ``$OPENWHIST_REDIS_URL``; none by default): relay the requests for tables other server
    processes run to them over this Redis (:mod:`openwhist.server.relay`).  ``fd``: serve on
    this listening socket, inherited (from ``serve --processes``), instead; ``backlog``:
    the connections the kernel holds until they are accepted (:data:`BACKLOG`).  The
    open-files limit is raised to the hard limit (:func:`open_files`) and said so."""
    import uvicorn

    from openwhist.server.app import create_app
    from openwhist.server.hub import Settings
    from openwhist.server.limits import http_protocol
    from openwhist.store import Store

    settings = Settings()
    if trusted_proxies is not None:
        settings.trusted_proxies = trusted_proxies
    try:
        check_proxies(settings.trusted_proxies)
    except ValueError as exc:
        raise ConfigError(f"OPENWHIST_TRUSTED_PROXIES: {exc}") from None

    redis_url = redis_url or os.environ.get("OPENWHIST_REDIS_URL") or None
    if redis_url is not None:
        check_redis(redis_url)
    files = open_files()
    if fd is not None:
        try:
            sock = socket.socket(fileno=fd)
            sock.getsockname()
        except OSError as exc:
            raise ConfigError(f"--fd: {fd} is not an open socket ({exc.strerror or exc})") from None
    else:
        sock = bind(host, port, backlog)
    try:
        try:
            store = Store(database)
        except ConfigError:
            raise
        except Exception as exc:
            text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise ConfigError(f"cannot open the database: {text}") from None
        shown = host if ":" not in host else f"[{host}]"
        real_port = sock.getsockname()[1]
        relayed = " relaying over Redis" if redis_url else ""
        announce(f"openwhist serving on http://{shown}:{real_port} "
                 f"(database: {_safe_url(store.url)}){relayed}")
        announce_limits(announce, backlog if fd is None else 0, files)
        app: Any = create_app(store=store, settings=settings)
        if redis_url is not None:  # several processes: a table's requests reach the one running it
            from openwhist.server.relay import RelayMiddleware, holder_name

            settings.holder = holder_name()
            inner = app
            app = RelayMiddleware(inner, redis_url, lambda: inner.state.hub, settings.holder)
        # no permessage-deflate: a message is a view of 1-2 kB, and compressing each one for
        # each client cost more of the server's time than anything else it sends.  Forwarded
        # headers only from the proxies named (uvicorn's default believes 127.0.0.1); a
        # request's headers within the deadline; idle keep-alive connections close after 5 s
        proxies = settings.trusted_proxies
        config = uvicorn.Config(app, log_level="warning", ws_max_size=65536, lifespan="on",
                                ws_ping_interval=20.0, ws_ping_timeout=20.0,
                                ws_per_message_deflate=False, proxy_headers=bool(proxies), backlog=backlog,
                                forwarded_allow_ips=list(proxies) or None,
                                http=http_protocol(settings.header_timeout), timeout_keep_alive=5)
        try:
            uvicorn.Server(config).run(sockets=[sock])
        finally:
            store.close()
    finally:
        sock.close()


def check_redis(url: str) -> None:
    """A ConfigError unless the Redis at ``url`` answers (and its client is installed)."""
    try:
        import redis
    except ImportError:
        raise ConfigError("--redis: the relay needs the redis package (pip install redis)") from None
    try:
        client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        try:
            client.ping()
        finally:
            client.close()
    except (redis.RedisError, ValueError, OSError) as exc:
        text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ConfigError(f"--redis: cannot reach Redis at {url.split('@')[-1]!r}: {text}") from None


def _safe_url(url: str) -> str:
    """The URL without its password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
