"""Tables over HTTP: make one, quick play, list, read, view, hint, join, leave, change a
seat, close (:mod:`openwhist.server.services.tables`)."""

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response

from openwhist.server.http import CallerDep, OptionalCallerDep, client_ip, hub_of, user_id
from openwhist.server.schemas.tables import JoinByCodeIn, JoinIn, QuickPlayIn, SeatIn, TableIn
from openwhist.server.services import tables as service

__all__ = ["router"]

router = APIRouter(tags=["tables"])


@router.post("/api/tables", status_code=201)
async def new_table(body: TableIn, c: CallerDep, request: Request) -> dict[str, Any]:
    """Make a table for any variant, preset and options, each seat open, yours or a
    bot's; a private table gets an invitation code."""
    runner = await service.make_table(hub_of(request), c.user, body, client_ip(request))
    return runner.info(c.user["id"])


@router.post("/api/quickplay", status_code=201)
async def quickplay(body: QuickPlayIn, c: CallerDep, request: Request) -> dict[str, Any]:
    """One call: a new table with you at the first seat and bots at the others."""
    runner = await service.quickplay(hub_of(request), c.user, body, client_ip(request))
    return runner.info(c.user["id"])


@router.get("/api/tables")
async def tables(request: Request, response: Response, c: OptionalCallerDep,
                      offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
                      limit: Annotated[int, Query(ge=1, le=200)] = 50) -> list[dict[str, Any]]:
    """Your own tables, then public tables with a free seat, oldest first: ``limit``
    of them from ``offset``.  The header ``X-Total-Count`` gives how many there are,
    ``Link`` (``rel="next"``) the next page's address while there is one."""
    uid = user_id(c)
    listed = await service.listing(hub_of(request), uid)
    response.headers["X-Total-Count"] = str(len(listed))
    if offset + limit < len(listed):
        response.headers["Link"] = f'</api/tables?offset={offset + limit}&limit={limit}>; rel="next"'
    return [t.info(uid) for t in listed[offset:offset + limit]]


@router.get("/api/tables/{table_id}")
async def table(table_id: str, request: Request, c: OptionalCallerDep,
                code: str | None = None) -> dict[str, Any]:
    """A table: settings, seats and the score sheet (a private one for its members or
    with its code; a drive's not to someone who still has to play its boards)."""
    uid = user_id(c)
    runner = await service.watched(hub_of(request), table_id, uid, code)
    return runner.info(uid)


@router.get("/api/tables/{table_id}/view")
async def table_view(table_id: str, request: Request, c: OptionalCallerDep,
                     code: str | None = None) -> dict[str, Any]:
    """Your seat's current view (a spectator's if you do not sit here), with the
    table's version."""
    uid = user_id(c)
    runner = await service.watched(hub_of(request), table_id, uid, code)
    return await service.snapshot(runner, uid)


@router.get("/api/tables/{table_id}/hint")
async def table_hint(table_id: str, request: Request, c: CallerDep) -> dict[str, Any]:
    """A bot's suggestion for your move, made from your seat's view only (off at tables
    with more than one person; the solver bot once it is ready, else the heuristic)."""
    return await service.hint(hub_of(request), table_id, c.user)


@router.post("/api/tables/{table_id}/join")
async def join(table_id: str, body: JoinIn, c: CallerDep, request: Request) -> dict[str, Any]:
    """Take a seat: an open one at once, a bot's from the next deal."""
    runner = service.table_for(hub_of(request), table_id, c.user["id"], body.code)
    return await service.join(runner, c.user, body.seat, client_ip(request))


@router.post("/api/join")
async def join_by_code(body: JoinByCodeIn, c: CallerDep, request: Request) -> dict[str, Any]:
    """Join a private table by its invitation code."""
    return await service.join_by_code(hub_of(request), body.code, c.user, body.seat, client_ip(request))


@router.post("/api/tables/{table_id}/leave")
async def leave(table_id: str, c: CallerDep, request: Request) -> dict[str, Any]:
    """Stand up: your seat becomes a computer player's or open, as the table's owner
    chose (``leave_to``)."""
    return await service.leave(hub_of(request), table_id, c.user["id"])


@router.post("/api/tables/{table_id}/seat")
async def change_seat(table_id: str, body: SeatIn, c: CallerDep, request: Request) -> dict[str, Any]:
    """The owner makes a seat nobody sits at open or a computer player's
    (``bot:LEVEL``), until the match's first action."""
    return await service.change_seat(hub_of(request), table_id, c.user["id"], body.seat, body.spec)


@router.get("/api/my/tables")
async def my_tables(request: Request, c: CallerDep) -> list[dict[str, Any]]:
    """The live tables you sit at or are about to sit at, newest first, to go back to;
    a table you made, until you stand up from it."""
    uid = c.user["id"]
    return [t.info(uid) for t in await service.my_tables(hub_of(request), uid)]


@router.post("/api/tables/{table_id}/close")
async def close(table_id: str, c: CallerDep, request: Request) -> dict[str, Any]:
    """Close (abandon) your table: the match in progress ends unrecorded, everyone at
    the table is told and disconnected; its finished matches' records stay."""
    return await service.close(hub_of(request), table_id, c.user["id"])
