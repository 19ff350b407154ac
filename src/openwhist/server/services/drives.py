"""Whist drives without HTTP, beyond what :class:`openwhist.server.drives.Drives` does:
who may direct one, the limits on requests, and the drive's printed forms.  Refusals are
:class:`openwhist.server.drives.DriveError` or :class:`openwhist.server.policy.Refused`."""

from __future__ import annotations

from typing import Any

from openwhist.server.drives import drive_csv, header_of, movement_rounds, movement_text, results_html
from openwhist.server.drives.cards import cards_html
from openwhist.server.hub import Hub
from openwhist.server.schemas.drives import DriveIn
from openwhist.server.services import refused

__all__ = ["cards", "create", "entrant", "limit_entries", "movement", "printed", "results_csv"]


async def create(hub: Hub, user: dict[str, Any], body: DriveIn) -> dict[str, Any]:
    """A new drive directed by ``user`` (a member, a few at a time)."""
    if user.get("guest"):
        raise refused(403, "a guest cannot direct a drive; register an account", "guest_director")
    if not hub.drive_limiter.hit(f"user|{user['id']}"):
        raise refused(429, "too many new drives from you; wait a while", "drive_rate")
    return await hub.drives.create(user, body)


def limit_entries(hub: Hub, user: dict[str, Any]) -> None:
    """Refuse (429 ``drive_requests``) a person's requests to drives beyond a few a minute."""
    if not hub.drive_entry_limiter.hit(f"user|{user['id']}"):
        raise refused(429, "too many requests to drives; wait a minute", "drive_requests")


def entrant(user: dict[str, Any]) -> dict[str, Any]:
    """What a drive keeps of a person who registers."""
    return {"id": user["id"], "name": user["name"]}


async def movement(hub: Hub, drive_id: str) -> str:
    """The drive's movement printed as a table."""
    return movement_text(await hub.drives.load(drive_id))


async def results_csv(hub: Hub, drive_id: str, uid: int | None) -> tuple[str, str]:
    """The drive's file name and its results as CSV, as ``uid`` may see them."""
    drive = await hub.drives.load(drive_id)
    return f"drive-{drive['id']}.csv", drive_csv(drive, uid)


async def printed(hub: Hub, drive_id: str, uid: int | None, lang: str = "en") -> str:
    """A printable HTML page of the drive's results, as ``uid`` may see them, in ``lang``."""
    drive = await hub.drives.load(drive_id)
    return results_html(hub.drives.view(drive, uid), lang)


async def cards(hub: Hub, drive_id: str, lang: str) -> str:
    """A printable HTML page of the drive's movement cards (one a person) and, for a
    duplicate drive, its board slips, in ``lang``: who sits where, no card and no result."""
    drive = await hub.drives.load(drive_id)
    head = header_of(drive)
    sides = tuple(head.sides) if head.partnership == "fixed" else None
    return cards_html(drive, movement_rounds(drive, wait=True), sides, lang)
