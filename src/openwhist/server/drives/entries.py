"""Who plays in a drive before it starts: people register and take it back, the director
removes an entry or, in a Mitchell or Howell, makes two people partners.

Entries are numbered in the order people registered; in a pairs drive entries 1 and 2 are
pair 1, 3 and 4 pair 2 and so on (:mod:`openwhist.server.drive_pairs`).  The director
makes two people partners by exchanging numbers: one of them takes the number of the
other's present partner, so only the two pairs concerned change.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError

from openwhist.server import drive_pairs
from openwhist.server.drives.errors import DriveError
from openwhist.store.drives import add_entry, remove_entry, remove_entry_number, swap_entries

__all__ = ["MAX_ENTRIES", "Entries", "Keeper", "partner_swap"]

MAX_ENTRIES = 48
"""The most people a drive takes (twelve tables of four)."""


def partner_swap(count: int, a: int, b: int) -> tuple[int, int] | None:
    """The two entry numbers to exchange so that entries ``a`` and ``b`` (of ``count``,
    numbered from 1; entries 2k - 1 and 2k a pair) become partners: ``b`` takes the place
    of ``a``'s partner, or, where ``a`` has none (the last of an odd number), ``a`` takes
    that of ``b``'s.  None when they are partners already."""
    def mate(n: int) -> int | None:
        m = n + 1 if n % 2 else n - 1
        return m if 1 <= m <= count else None

    if mate(a) == b:
        return None
    m = mate(a)
    if m is not None:
        return (b, m)
    m = mate(b)
    assert m is not None  # at most one entry is without a partner
    return (a, m)


class Keeper(Protocol):
    """What the list of entries needs of the drives' service (``service.Drives``)."""

    def lock(self, drive_id: str) -> asyncio.Lock:
        """The lock every change of the drive runs under."""

    async def load_fresh(self, drive_id: str) -> dict[str, Any]:
        """The drive as stored now."""

    async def _write(self, fn: Any, drive_id: str, *args: Any) -> Any:
        """Run a store operation that changes the drive."""

    def view(self, drive: dict[str, Any], user_id: int | None) -> dict[str, Any]:
        """The drive as ``user_id`` may see it."""

    def _director(self, drive: dict[str, Any], user_id: int) -> None:
        """Refuse anyone but the drive's director."""


class Entries:
    """Registration and the list of entries of the drives of one server process."""

    def __init__(self, drives: Keeper) -> None:
        self.drives = drives

    async def register(self, drive_id: str, user: dict[str, Any]) -> dict[str, Any]:
        """A person registers (while registration is open; at most :data:`MAX_ENTRIES`)."""
        async with self.drives.lock(drive_id):
            drive = await self.drives.load_fresh(drive_id)
            if drive["state"] != "open":
                raise DriveError(409, "registration for this drive is closed", "registration_closed")
            if len(drive["entries"]) >= MAX_ENTRIES:
                raise DriveError(
                    409, f"this drive is full ({MAX_ENTRIES} people)", "drive_full", most=MAX_ENTRIES
                )
            try:
                await self.drives._write(add_entry, drive["id"], user["id"], user["name"])
            except IntegrityError:
                raise DriveError(409, "you are registered already", "registered") from None
            return self.drives.view(await self.drives.load_fresh(drive_id), user["id"])

    async def unregister(self, drive_id: str, user: dict[str, Any]) -> dict[str, Any]:
        """A person takes their registration back (before the drive starts)."""
        async with self.drives.lock(drive_id):
            drive = await self.drives.load_fresh(drive_id)
            if drive["state"] != "open":
                raise DriveError(
                    409,
                    "the drive has started: ask the director to replace you, or leave it",
                    "drive_started",
                )
            if not await self.drives._write(remove_entry, drive["id"], user["id"]):
                raise DriveError(409, "you are not registered for this drive", "not_registered")
            return self.drives.view(await self.drives.load_fresh(drive_id), user["id"])

    async def remove(self, drive_id: str, user_id: int, number: int) -> dict[str, Any]:
        """The director removes entry ``number`` before the drive starts (the numbers after
        it move up by one); after the start he has a computer player play for it instead."""
        async with self.drives.lock(drive_id):
            drive = await self.drives.load_fresh(drive_id)
            self.drives._director(drive, user_id)
            if drive["state"] != "open":
                raise DriveError(
                    409,
                    "the drive has started: an entry is no longer removed; have a computer player "
                    "play for it instead",
                    "remove_started",
                )
            if not await self.drives._write(remove_entry_number, drive["id"], number):
                raise DriveError(404, f"no entry number {number} in this drive", "no_entry", number=number)
            return self.drives.view(await self.drives.load_fresh(drive_id), user_id)

    async def partners(self, drive_id: str, user_id: int, a: int, b: int) -> dict[str, Any]:
        """The director makes entries ``a`` and ``b`` partners in a Mitchell or Howell before
        it starts (see :func:`partner_swap`: one other pair changes, the rest stay)."""
        async with self.drives.lock(drive_id):
            drive = await self.drives.load_fresh(drive_id)
            self.drives._director(drive, user_id)
            if not drive_pairs.is_pairs(drive):
                raise DriveError(409, "partners are chosen in a Mitchell or Howell only: an individual "
                                 "drive changes partners every round", "not_pairs")
            if drive["state"] != "open":
                raise DriveError(409, "the drive has started: its pairs stay as they are", "drive_started")
            numbers = {e["number"] for e in drive["entries"]}
            for n in (a, b):
                if n not in numbers:
                    raise DriveError(404, f"no entry number {n} in this drive", "no_entry", number=n)
            if a == b:
                raise DriveError(422, "name two different entries", "same_entry")
            swap = partner_swap(len(numbers), a, b)
            if swap is not None:
                await self.drives._write(swap_entries, drive["id"], *swap)
            return self.drives.view(await self.drives.load_fresh(drive_id), user_id)
