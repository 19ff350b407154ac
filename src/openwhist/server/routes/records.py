"""Finished matches over HTTP: the list, one record, its PBN, replay and analysis
(:class:`openwhist.server.services.records.Records`)."""

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse

from openwhist.server.http import CallerDep, OptionalCallerDep, client_ip, user_id
from openwhist.server.services.records import Records

__all__ = ["router"]

router = APIRouter(tags=["records"])


def _records(request: Request) -> Records:
    records: Records = request.app.state.records
    return records


@router.get("/api/records")
async def record_list(request: Request, c: OptionalCallerDep,
                      table: str | None = None) -> list[dict[str, Any]]:
    """Finished matches, newest first (of one table with ``?table=``)."""
    return await _records(request).listed(user_id(c), table)


@router.get("/api/records/{record_id}")
async def record_json(record_id: int, request: Request, c: OptionalCallerDep) -> dict[str, Any]:
    """A finished match's record (openwhist's JSON record format)."""
    return await _records(request).record(user_id(c), record_id)


@router.get("/api/records/{record_id}/pbn", response_class=PlainTextResponse)
async def record_pbn(record_id: int, request: Request, c: OptionalCallerDep) -> str:
    """A finished match as PBN, one board per deal, with the players' names and the
    date."""
    return await _records(request).pbn(user_id(c), record_id)


@router.get("/api/records/{record_id}/replay")
async def record_replay(record_id: int, request: Request, c: OptionalCallerDep) -> dict[str, Any]:
    """A finished match ready to replay trick by trick: each deal's hands at the start
    and before each trick, its calls, contract, tricks with their winners and result;
    ``names``: who played each hand (None where no person's name is known), ``guests``:
    whether each was a guest; ``pbn`` says whether the PBN export holds it (four-hand
    deals only)."""
    return await _records(request).replay(user_id(c), record_id)


@router.get("/api/records/{record_id}/analysis")
async def record_analysis(record_id: int, request: Request, c: OptionalCallerDep) -> dict[str, Any]:
    """Each card played with its double-dummy verdict (what it cost against the best
    card, and the best cards), in the replay's order; 503 until the solver is ready."""
    asker = f"user|{c.user['id']}" if c else client_ip(request)
    return await _records(request).analysis(user_id(c), record_id, asker)


@router.get("/api/my/records")
async def my_records(request: Request, c: CallerDep) -> list[dict[str, Any]]:
    """Your finished matches, newest first: those of the tables you sit at, and of the
    closed tables you sat at (a table's records outlive it)."""
    return await _records(request).mine(c.user["id"])
