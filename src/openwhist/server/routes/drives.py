"""Whist drives over HTTP: the calendar, making one, its page, registering, the
director's actions, scorer mode's results and the printed forms
(:mod:`openwhist.server.services.drives`, :class:`openwhist.server.drives.Drives`)."""

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, PlainTextResponse

from openwhist.server.http import CallerDep, OptionalCallerDep, hub_of, user_id
from openwhist.server.schemas.drives import (
    ConfirmIn,
    CorrectionIn,
    DriveIn,
    DriveResultIn,
    LockIn,
    PartnersIn,
    PauseIn,
    SubstituteIn,
)
from openwhist.server.services import drives as service

__all__ = ["router"]

router = APIRouter(tags=["drives"])


@router.get("/api/drives")
async def drive_calendar(request: Request) -> list[dict[str, Any]]:
    """The calendar: drives open for registration or being played, soonest first, then
    those finished in the last 30 days (their results pages are kept)."""
    return await hub_of(request).drives.calendar()


@router.post("/api/drives", status_code=201)
async def new_drive(body: DriveIn, c: CallerDep, request: Request) -> dict[str, Any]:
    """Make a whist drive (you direct it), open for registration."""
    return await service.create(hub_of(request), c.user, body)


@router.get("/api/drives/{drive_id}")
async def drive_page(drive_id: str, request: Request, c: OptionalCallerDep) -> dict[str, Any]:
    """A drive: settings, entries, each round's tables, the standings, and your place
    (your table this round, partner and opponents) if you play in it."""
    hub = hub_of(request)
    return hub.drives.view(await hub.drives.load(drive_id), user_id(c))


@router.post("/api/drives/{drive_id}/register")
async def drive_register(drive_id: str, c: CallerDep, request: Request) -> dict[str, Any]:
    """Register for a drive (while its registration is open)."""
    hub = hub_of(request)
    service.limit_entries(hub, c.user)
    return await hub.drives.entries.register(drive_id, service.entrant(c.user))


@router.post("/api/drives/{drive_id}/unregister")
async def drive_unregister(drive_id: str, c: CallerDep, request: Request) -> dict[str, Any]:
    """Take your registration back (before the drive starts)."""
    hub = hub_of(request)
    service.limit_entries(hub, c.user)
    return await hub.drives.entries.unregister(drive_id, service.entrant(c.user))


@router.post("/api/drives/{drive_id}/leave")
async def drive_leave(drive_id: str, c: CallerDep, request: Request) -> dict[str, Any]:
    """Leave a drive being played: a computer player plays for you from now on."""
    hub = hub_of(request)
    service.limit_entries(hub, c.user)
    return await hub.drives.substitute(drive_id, c.user["id"], None)


@router.post("/api/drives/{drive_id}/remove")
async def drive_remove(drive_id: str, body: SubstituteIn, c: CallerDep, request: Request) -> dict[str, Any]:
    """The director removes an entry (by number) before the drive starts."""
    return await hub_of(request).drives.entries.remove(drive_id, c.user["id"], body.number)


@router.post("/api/drives/{drive_id}/partners")
async def drive_partners(drive_id: str, body: PartnersIn, c: CallerDep, request: Request) -> dict[str, Any]:
    """The director makes two entries partners in a Mitchell or Howell before it starts."""
    a, b = body.numbers
    return await hub_of(request).drives.entries.partners(drive_id, c.user["id"], a, b)


@router.post("/api/drives/{drive_id}/start")
async def drive_start(drive_id: str, c: CallerDep, request: Request) -> dict[str, Any]:
    """The director starts the drive: registration closes, the first round is seated."""
    return await hub_of(request).drives.start(drive_id, c.user["id"])


@router.post("/api/drives/{drive_id}/pause")
async def drive_pause(drive_id: str, body: PauseIn, c: CallerDep, request: Request) -> dict[str, Any]:
    """The director pauses the drive (no next round, no entries) or lets it go on."""
    return await hub_of(request).drives.pause(drive_id, c.user["id"], body.paused)


@router.post("/api/drives/{drive_id}/substitute")
async def drive_substitute(drive_id: str, body: SubstituteIn, c: CallerDep,
                           request: Request) -> dict[str, Any]:
    """The director has a computer player play for a person who left (by entry
    number), from now on."""
    return await hub_of(request).drives.substitute(drive_id, c.user["id"], body.number)


@router.post("/api/drives/{drive_id}/end-round")
async def drive_end_round(drive_id: str, c: CallerDep, request: Request) -> dict[str, Any]:
    """The director ends the round now (its time is up): the deals finished count and
    the next round is seated (the drive ends after the last)."""
    return await hub_of(request).drives.end_round(drive_id, c.user["id"])


@router.post("/api/drives/{drive_id}/results")
async def drive_result(drive_id: str, body: DriveResultIn, c: CallerDep, request: Request) -> dict[str, Any]:
    """Scorer mode: a deal's result at a real table of the current round, entered by
    someone at that table (or the director) and checked by the drive's rules."""
    hub = hub_of(request)
    service.limit_entries(hub, c.user)
    entry = body.model_dump(exclude={"table", "deal"})
    return await hub.drives.enter(drive_id, c.user["id"], body.table, body.deal, entry)


@router.post("/api/drives/{drive_id}/confirm")
async def drive_confirm(drive_id: str, body: ConfirmIn, c: CallerDep, request: Request) -> dict[str, Any]:
    """Scorer mode: a person of the other side at the table confirms a deal's result (or
    the change of it waiting, which then counts)."""
    hub = hub_of(request)
    service.limit_entries(hub, c.user)
    return await hub.drives.fair.confirm(drive_id, c.user["id"], body.round, body.table, body.deal)


@router.post("/api/drives/{drive_id}/correct")
async def drive_correct(drive_id: str, body: CorrectionIn, c: CallerDep, request: Request) -> dict[str, Any]:
    """The director corrects a deal's result at a table of any round played, with a reason
    kept in the drive's log."""
    entry = body.model_dump(exclude={"table", "deal", "round", "reason"})
    return await hub_of(request).drives.fair.correct(drive_id, c.user["id"], body.round, body.table,
                                                     body.deal, entry, " ".join(body.reason.split()))


@router.post("/api/drives/{drive_id}/lock")
async def drive_lock(drive_id: str, body: LockIn, c: CallerDep, request: Request) -> dict[str, Any]:
    """The director locks a deal's result (only he changes it then) or unlocks it; logged."""
    return await hub_of(request).drives.fair.lock(drive_id, c.user["id"], body.round, body.table, body.deal,
                                                  body.locked, " ".join(body.reason.split()))


@router.get("/api/drives/{drive_id}/movement", response_class=PlainTextResponse)
async def drive_movement(drive_id: str, request: Request) -> str:
    """The drive's movement printed as a table, for the people registered (the
    progressive drive's later rounds follow the results)."""
    return await service.movement(hub_of(request), drive_id)


@router.get("/api/drives/{drive_id}/results.csv", response_class=PlainTextResponse)
async def drive_results_csv(drive_id: str, request: Request, c: OptionalCallerDep) -> Response:
    """The drive's standings and every deal's result at every table, as CSV (the boards
    nobody still has to play; every one for the director who does not play)."""
    name, text = await service.results_csv(hub_of(request), drive_id, user_id(c))
    return Response(text, media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/api/drives/{drive_id}/print", response_class=HTMLResponse)
async def drive_print(drive_id: str, request: Request, c: OptionalCallerDep,
                      lang: str = "en") -> HTMLResponse:
    """A printable page of the drive's results (as the drive's page shows them to you), in
    ``lang`` (en, nl, fr, da or ro)."""
    csp = "default-src 'none'; style-src 'unsafe-inline'"
    return HTMLResponse(await service.printed(hub_of(request), drive_id, user_id(c), lang),
                        headers={"Content-Security-Policy": csp})


@router.get("/api/drives/{drive_id}/cards", response_class=HTMLResponse)
async def drive_cards(drive_id: str, request: Request, lang: str = "en") -> HTMLResponse:
    """The drive's movement cards (one a person: each round's table, seat, partner and
    opponents) and a duplicate drive's board slips, printable, one a page on paper, in
    ``lang`` (en, nl, fr, da or ro)."""
    csp = "default-src 'none'; style-src 'unsafe-inline'"
    return HTMLResponse(await service.cards(hub_of(request), drive_id, lang),
                        headers={"Content-Security-Policy": csp})
