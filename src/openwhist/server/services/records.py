"""Finished matches' records without HTTP: who may read which (a private table's for its
members; a drive's once nobody still has to play its boards), the list, one record, its
PBN, its replay and its analysis."""

from __future__ import annotations

import asyncio
from typing import Any

from openwhist import records
from openwhist.server import policy
from openwhist.server.analysis import NOT_READY, AnalysisCache
from openwhist.server.hub import Hub
from openwhist.server.limits import Busy
from openwhist.server.replay import player_names, record_names, replay_frames, split_guests
from openwhist.server.services import refused
from openwhist.server.services.tables import DrivesRead, drive_place
from openwhist.store import get_record, list_records, table_access

__all__ = ["Records", "record_allowed"]


async def record_allowed(hub: Hub, table_id: str, uid: int | None, known: dict[str, bool] | None = None,
                         drives: DrivesRead | None = None) -> bool:
    """A private table's records are for its members only (a closed table's too); a
    drive's table's, only once nobody still has to play its boards, the director's when
    he has none of them to play (:func:`policy.may_read_drive_record`)."""
    if known is not None and table_id in known:
        return known[table_id]
    runner = hub.tables.get(table_id)
    if runner is not None:
        allowed = not runner.private or (uid is not None and runner.is_member(uid))
        maybe_drive = runner.drive_id is not None
    else:
        access = await hub.store.run(table_access, table_id)
        allowed = access is None or not access["private"] or uid in access["members"]
        maybe_drive = access is not None and access["private"]
    if allowed and maybe_drive:
        try:
            place = await drive_place(hub, table_id, None, drives)
        except LookupError:
            place, allowed = None, False
        if place is not None:
            allowed = policy.may_read_drive_record(place[0], uid, place[1], place[2])
    if known is not None:
        known[table_id] = allowed
    return allowed


class Records:
    """The records of one server's hub, with what is kept between requests: old records'
    players (from the seat history) and analyses."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.names: dict[int, list[str | None]] = {}  # an old record's players, from the seat history
        self.analyses = AnalysisCache()

    async def listed(self, uid: int | None, table: str | None) -> list[dict[str, Any]]:
        """Finished matches ``uid`` may read, newest first (of one table if given)."""
        rows = await self.hub.store.run(list_records, table[:16] if table else None)
        known: dict[str, bool] = {}
        drives: DrivesRead = {}
        return [r for r in rows if await record_allowed(self.hub, r["table_id"], uid, known, drives)]

    async def _member(self, table_id: str, uid: int) -> bool:
        runner = self.hub.tables.get(table_id)
        if runner is not None:
            return runner.is_member(uid)
        access = await self.hub.store.run(table_access, table_id)
        return access is not None and uid in access["members"]

    async def mine(self, uid: int) -> list[dict[str, Any]]:
        """``uid``'s finished matches, newest first: of the tables he sits at, and of the
        closed tables he sat at."""
        rows = await self.hub.store.run(list_records, None)
        mine: dict[str, bool] = {}
        drives: DrivesRead = {}
        out = []
        for r in rows:
            table_id = r["table_id"]
            if table_id not in mine:
                mine[table_id] = (await self._member(table_id, uid)
                                  and await record_allowed(self.hub, table_id, uid, None, drives))
            if mine[table_id]:
                out.append(r)
        return out

    async def found(self, uid: int | None, record_id: int) -> tuple[str, dict[str, Any]]:
        """The table and the record ``record_id`` if ``uid`` may read it (404 ``no_record``)."""
        found = await self.hub.store.run(get_record, record_id)
        if found is None or not await record_allowed(self.hub, found[0], uid):
            raise refused(404, "no such record", "no_record")
        return found

    async def record(self, uid: int | None, record_id: int) -> dict[str, Any]:
        """The record ``record_id`` if ``uid`` may read it."""
        return (await self.found(uid, record_id))[1]

    async def pbn(self, uid: int | None, record_id: int) -> str:
        """The record as PBN (four-hand deals only: 422 ``pbn_four_hands``)."""
        rec = await self.record(uid, record_id)
        match = records.replay(rec)
        if match.hands != 4:
            raise refused(422, f"PBN holds four-hand deals; this {match.variant} match has "
                               f"{match.hands} hands",
                          "pbn_four_hands", hands=match.hands)
        return records.record_pbn(rec, event=f"openwhist table {rec.get('variant')}")

    async def replay(self, uid: int | None, record_id: int) -> dict[str, Any]:
        """The record ready to replay trick by trick, with who played each hand."""
        table_id, rec = await self.found(uid, record_id)
        out = await asyncio.to_thread(replay_frames, rec)
        names = record_names(rec) or self.names.get(record_id)
        if names is None:
            names = await self.hub.store.run(player_names, table_id, record_id, rec)
            if len(self.names) >= 1000:
                self.names.pop(next(iter(self.names)))
            self.names[record_id] = names
        out["names"], out["guests"] = split_guests(names)
        return out

    async def analysis(self, uid: int | None, record_id: int, asker: str) -> dict[str, Any]:
        """Each card played with its double-dummy verdict; 503 until the solver is ready,
        a few a minute per ``asker`` (a user or an address)."""
        rec = await self.record(uid, record_id)
        if not self.hub.pimc_ready.is_set():
            raise refused(503, NOT_READY, "analysis_not_ready")
        cached = self.analyses.cached(record_id)
        if cached is not None:
            return cached
        if not self.hub.analysis_limiter.hit(asker):
            raise refused(429, "too many analyses asked for; wait a minute", "analysis_limit")
        try:
            result: dict[str, Any] = await self.hub.ask_pool.run(self.analyses.get, record_id, rec)
        except Busy as exc:
            raise refused(503, str(exc)) from None
        return result
