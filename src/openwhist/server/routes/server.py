"""The server's health and the variants it plays."""

from typing import Any

from fastapi import APIRouter, Request

from openwhist.rules.registry import HOWTO_LANGUAGES as LANGUAGES
from openwhist.rules.registry import HowToError, howto
from openwhist.server.http import error, hub_of
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


@router.get("/api/howto/{variant}", tags=["tables"])
async def how_to_play(variant: str, lang: str = "en") -> dict[str, Any]:
    """How to play ``variant``, for people who never played it, in ``lang`` (en, nl, fr, da
    or ro): its sections, what each preset changes, what each call promises.  An unknown
    variant is a 404 (``no_howto_variant``), a language not written a 422
    (``no_howto_language``)."""
    try:
        return howto(variant, lang)
    except HowToError as exc:
        status = 404 if exc.code == "no_howto_variant" else 422
        raise error(status, str(exc), exc.code, variant=variant[:40], lang=lang[:10],
                    languages=", ".join(LANGUAGES)) from None
