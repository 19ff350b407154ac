"""The play server: ``openwhist serve`` (FastAPI on uvicorn) with tables, seats, bots,
accounts and a database (:mod:`openwhist.store`).

It drives any registered variant through the deal protocol and sends each seat the core's
``Observation.to_json()`` as it is; it holds no rule of its own.  One asyncio task owns each
live table (:mod:`openwhist.server.table`); every accepted action is committed before it
is broadcast.  The HTTP API is described by OpenAPI (``/openapi.json``), the WebSocket
messages in ``docs/websocket.md``.
"""

from __future__ import annotations

import socket
from typing import Any

from openwhist.errors import ConfigError

__all__ = ["bind", "serve"]


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (a ConfigError says why it cannot be had)."""
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
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        raise ConfigError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


def serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None,
          announce: Any = print) -> None:
    """Open the database (migrating it), listen on ``host:port`` and serve until stopped."""
    import uvicorn

    from openwhist.server.app import create_app
    from openwhist.store import Store

    sock = bind(host, port)
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
        announce(f"openwhist serving on http://{shown}:{real_port} (database: {_safe_url(store.url)})")
        app = create_app(store=store)
        # no permessage-deflate: a message is a view of 1-2 kB, and compressing each one for
        # each client cost more of the server's time than anything else it sends
        config = uvicorn.Config(app, log_level="warning", ws_max_size=65536, lifespan="on",
                                ws_ping_interval=20.0, ws_ping_timeout=20.0,
                                ws_per_message_deflate=False)
        try:
            uvicorn.Server(config).run(sockets=[sock])
        finally:
            store.close()
    finally:
        sock.close()


def _safe_url(url: str) -> str:
    """The URL without its password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
