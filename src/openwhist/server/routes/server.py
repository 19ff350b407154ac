"""The server's health and the variants it plays."""

from typing import Any

from fastapi import APIRouter, Request

from openwhist.server.http import hub_of
from openwhist.server.services import server

__all__ = ["router"]

router = APIRouter()


@router.get("/api/health", tags=["server"])
async def health(request: Request) -> dict[str, Any]:
    """Whether the server runs, its live tables, whether pimc bots are ready, the
    actions played since it started, and its event loop's lag (the latest, the 99th
    percentile and the largest of the last minute, in milliseconds)."""
    return server.health(hub_of(request))


@router.get("/api/variants", tags=["tables"])
async def list_variants() -> list[dict[str, Any]]:
    """The variants a table can play, with their presets, options and match lengths."""
    return server.variant_list()
