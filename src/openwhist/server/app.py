"""The HTTP and WebSocket API (FastAPI).  HTTP (documented by OpenAPI at ``/docs`` and
``/openapi.json``) handles accounts, tables and records; the WebSocket at
``/ws/tables/{id}`` carries live play (``docs/websocket.md``).

The routes are in :mod:`openwhist.server.routes`, one router per area, each calling its
area's service (:mod:`openwhist.server.services`); the plumbing they share (the caller,
CSRF, errors, middlewares) is :mod:`openwhist.server.http`.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
from collections.abc import AsyncIterator

from fastapi import FastAPI

from openwhist.rules.seats import seat_name
from openwhist.server.http import COOKIE, install
from openwhist.server.hub import Hub, Settings
from openwhist.server.routes import ROUTERS, declare
from openwhist.server.services.records import Records
from openwhist.store import Store

__all__ = ["COOKIE", "check_host", "create_app", "seat_name"]

DESCRIPTION = ("Play whist online: accounts, tables, seats, bots and records over HTTP; live play over "
               "the WebSocket at /ws/tables/{id} (see docs/websocket.md).  State-changing requests "
               "authenticated by the session cookie must send the session's CSRF token in the "
               "X-CSRF-Token header; programs may send Authorization: Bearer <session token> instead "
               "of the cookie.")


def create_app(database: str | None = None, settings: Settings | None = None,
               store: Store | None = None) -> FastAPI:
    """The server application on a database URL (see :func:`openwhist.store.database_url`)
    or an open :class:`~openwhist.store.Store`."""
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        opened: Store = store if store is not None else await asyncio.to_thread(Store, database)
        hub = Hub(opened, settings)
        app.state.hub = hub
        app.state.records = Records(hub)
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()
            if store is None:
                await asyncio.to_thread(opened.close)

    app = FastAPI(title="openwhist", version="1", lifespan=lifespan, description=DESCRIPTION)
    install(app, settings)
    for router in ROUTERS:
        declare(app, router)

    from openwhist.web import mount

    mount(app)  # the browser client: / and /web/...
    return app


def check_host(host: str) -> str:
    """``host`` if it is an IP address or a host name, else a ValueError."""
    try:
        ipaddress.ip_address(host)
        return host
    except ValueError:
        pass
    labels = host.split(".")
    if not host or len(host) > 253 or not all(
            lab and len(lab) <= 63 and lab.replace("-", "").isalnum() and lab.isascii()
            and not lab.startswith("-") and not lab.endswith("-") for lab in labels):
        raise ValueError(f"not a host name or address: {host!r}")
    if all(lab.isdigit() for lab in labels):
        raise ValueError(f"not an IP address: {host!r}")
    return host

