"""Leaderboards and profiles over HTTP (:mod:`openwhist.server.services.profiles`)."""

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from openwhist.server.http import OptionalCallerDep, hub_of
from openwhist.server.http import user_id as caller_id
from openwhist.server.services import profiles

__all__ = ["router"]

router = APIRouter(tags=["ratings"])


@router.get("/api/ratings/{family}")
async def ratings_board(family: str, request: Request,
                        limit: Annotated[int, Query(ge=1, le=200)] = 100) -> list[dict[str, Any]]:
    """A family's leaderboard: people by their rating's cautious figure (``mu - 3
    sigma``), best first."""
    return await profiles.board(hub_of(request), family, limit)


@router.get("/api/players/{user_id}")
async def profile(user_id: int, request: Request, c: OptionalCallerDep) -> dict[str, Any]:
    """A person's profile: name, ratings per family, the history of their rating and
    the drives they played (with a session only: 401 ``log_in`` without one)."""
    return await profiles.profile(hub_of(request), caller_id(c), user_id)
