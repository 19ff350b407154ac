"""Live play: the WebSocket at ``/ws/tables/{id}`` (messages: docs/websocket.md).

:func:`admit` decides whether a socket may come in (its origin, its session, the table,
a drive's boards, the caps on sockets per person and per address) and accepts or closes
it; :func:`play` then hands each message it reads to the table's task.
"""

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, WebSocket
from pydantic import ValidationError
from starlette.websockets import WebSocketDisconnect

from openwhist.server import policy
from openwhist.server.http import same_origin, token_from
from openwhist.server.hub import Hub
from openwhist.server.schemas.play import ClientMessage
from openwhist.server.services.accounts import lookup
from openwhist.server.services.tables import watched
from openwhist.server.table import Connection, TableClosed, TableRunner

__all__ = ["MAX_WS_MESSAGE", "Admitted", "admit", "router"]

log = logging.getLogger("openwhist.server")

MAX_WS_MESSAGE = 2048

router = APIRouter()


@dataclass
class Admitted:
    """A socket let in: its table, its user, his session's token hash and address."""

    runner: TableRunner
    user: dict[str, Any]
    token_hash: str
    address: str


async def admit(ws: WebSocket, hub: Hub, table_id: str, code: str | None) -> Admitted | None:
    """Accept ``ws`` at the table, or close it and return None: 4403 from another site,
    4401 without a live session, 4404 for a table the person may not see, 4409
    (``drive_board_unplayed``, accepted to say why) for a drive's board he still has to
    play, 4429 beyond the sockets one person or one address may hold (counted from here
    until :meth:`Hub.socket_closed`)."""
    if not same_origin(ws.headers.get("origin"), ws.headers.get("host")):
        await ws.close(code=4403)
        return None
    token, _ = token_from(ws.headers, ws.cookies)
    found = await lookup(hub, token) if token and len(token) <= 100 else None
    if found is None:
        await ws.close(code=4401)
        return None
    user = found[1]["user"]
    try:
        runner = await watched(hub, table_id, user["id"], code)
    except policy.Refused as exc:
        if exc.code != "drive_board_unplayed":
            await ws.close(code=4404)
            return None
        await ws.accept()  # accepted to say why: a close before accepting is a bare 403
        await ws.send_json({"type": "error", "code": "drive_board_unplayed", "reason": str(exc)})
        await ws.close(code=4409, reason="drive_board_unplayed")
        return None
    await ws.accept()
    address = ws.client.host if ws.client else "?"
    refused = hub.socket_opened(user["id"], address)  # counted until the finally of play()
    if refused is not None:  # too many of this person's or this address's: 4429
        await ws.close(code=4429, reason=refused.code)
        return None
    return Admitted(runner, user, found[0], address)


@router.websocket("/ws/tables/{table_id}")
async def play(ws: WebSocket, table_id: str, code: str | None = None) -> None:
    """Live play at a table (messages: docs/websocket.md)."""
    hub: Hub = ws.app.state.hub
    admitted = await admit(ws, hub, table_id, code)
    if admitted is None:
        return
    runner, user, address = admitted.runner, admitted.user, admitted.address
    host = ws.client.host if ws.client else None
    conn = Connection(ws, user["id"], user["name"], admitted.token_hash, host)
    pump = asyncio.create_task(conn.pump())
    try:
        await runner.call(lambda: runner.connect(conn))
    except BaseException as exc:  # uncounted whatever ends the connection here
        hub.socket_closed(user["id"], address)
        if not isinstance(exc, TableClosed):
            raise
        pump.cancel()
        await ws.close(code=4410)
        return
    try:
        await _read(ws, runner, conn)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.socket_closed(user["id"], address)
        with contextlib.suppress(TableClosed):
            await runner.call(lambda: runner.disconnect(conn))
        conn.out.put_nowait(None)
        pump.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await pump


async def _read(ws: WebSocket, runner: TableRunner, conn: Connection) -> None:
    """Hand each message the socket reads to the table's task until it disconnects; a
    binary, too long or malformed one is refused."""
    uid = conn.user_id
    while True:
        received = await ws.receive()
        if received["type"] == "websocket.disconnect":
            break
        text = received.get("text")
        if text is None:  # a binary frame
            log.info("table %s: user %s sent a binary message", runner.id, uid)
            conn.send({"type": "error", "v": runner.version,
                       "reason": "binary messages are not accepted; send JSON text"})
            continue
        if len(text) > MAX_WS_MESSAGE:
            log.info("table %s: user %s sent a message too long", runner.id, uid)
            conn.send({"type": "error", "v": runner.version, "reason": "message too long"})
            continue
        try:
            message = ClientMessage.model_validate_json(text)
        except ValidationError as exc:
            errors = exc.errors()
            reason = "malformed message: " + (errors[0]["msg"] if errors else "invalid")
            log.info("table %s: user %s sent a %s", runner.id, uid, reason)
            runner.post(_refusal(runner, conn, reason, _ref_of(text)))
            continue
        runner.post(_handler(runner, conn, message.model_dump()))


def _refusal(runner: TableRunner, conn: Connection, reason: str, ref: Any) -> Callable[[], Awaitable[None]]:
    async def refuse() -> None:
        runner.refuse(conn, reason, ref)

    return refuse


def _handler(runner: TableRunner, conn: Connection, data: dict[str, Any]) -> Callable[[], Awaitable[None]]:
    return lambda: runner.on_message(conn, data)


def _ref_of(text: str) -> Any:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested too deep to read
        return None
    ref = data.get("ref") if isinstance(data, dict) else None
    return ref if isinstance(ref, int | str) and len(str(ref)) <= 64 else None
