"""Leaderboards and people's profiles without HTTP."""

from __future__ import annotations

from typing import Any

from openwhist.ratings import RATED_FAMILIES
from openwhist.server import policy
from openwhist.server.hub import Hub
from openwhist.server.ratings import player_key
from openwhist.server.services import refused
from openwhist.store import get_user
from openwhist.store.drives import drives_of_user, leaderboard, rating_history

__all__ = ["board", "profile"]


def _figure(mu: float, sigma: float) -> float:
    """A rating's cautious figure, ``mu - 3 sigma``."""
    return round(mu - 3 * sigma, 2)


async def board(hub: Hub, family: str, limit: int) -> list[dict[str, Any]]:
    """A family's leaderboard, best first (404 ``no_ratings`` for a family not rated)."""
    if family not in RATED_FAMILIES:
        raise refused(404, f"ratings are kept for {', '.join(RATED_FAMILIES)} whist", "no_ratings")
    rows = await hub.store.run(leaderboard, family, limit)
    return [{"place": i + 1, "user_id": r["user_id"], "name": r["name"], "mu": round(r["mu"], 2),
             "sigma": round(r["sigma"], 2), "rating": _figure(r["mu"], r["sigma"]),
             "matches": r["matches"]} for i, r in enumerate(rows)]


async def profile(hub: Hub, viewer: int | None, user_id: int) -> dict[str, Any]:
    """``user_id``'s profile as ``viewer`` may see it (:func:`policy.profile_audience`)."""
    policy.profile_audience(viewer, user_id)
    user = await hub.store.run(get_user, user_id)
    if user is None:
        raise refused(404, "no such player", "no_player")
    book = await hub.store.run(rating_history, player_key(user_id))
    drives = await hub.store.run(drives_of_user, user_id)
    return {"id": user_id, "name": user["name"], "guest": bool(user["guest"]),
            "ratings": [{"family": r["family"], "mu": round(r["mu"], 2), "sigma": round(r["sigma"], 2),
                         "rating": _figure(r["mu"], r["sigma"]), "matches": r["matches"]}
                        for r in book["ratings"]],
            "history": [{"family": h["family"], "mu": round(h["mu"], 2), "before": round(h["before_mu"], 2),
                         "rating": _figure(h["mu"], h["sigma"]), "when": h["created"],
                         "record_id": h["record_id"]}
                        for h in book["changes"]],
            "drives": drives}
