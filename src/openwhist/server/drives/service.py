"""Whist drives on the play server: a director makes a drive, people register, the
director starts it; each round makes its tables (computer players fill the gaps, seated as
at any table), each deal's result flows into the standings as it is played, the next round
is seated when every table has finished.  In scorer mode the cards are real: one phone at
each table enters each deal's result, which the rules of the drive check.

The movement, the standings, the entry checks and the seeds of the rounds come from
:mod:`openwhist.drive`; this module keeps the drive's state in the database
(:mod:`openwhist.store.drives`) and runs it.  Every change to one drive runs under that
drive's lock, so two requests never seat a round twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from openwhist.drive import DRIVE_FAMILIES
from openwhist.errors import WhistError
from openwhist.rules.registry import get_variant, resolve
from openwhist.server import drive_pairs, policy
from openwhist.server.drives.entries import MAX_ENTRIES, Entries
from openwhist.server.drives.errors import DriveError
from openwhist.server.drives.fair import (
    _drive_table,
    _result_row,
    _sides,
    check_deal,
    check_pairs_new,
    check_relay,
    check_sit_out,
)
from openwhist.server.drives.movement import (
    _playing,
    check_movement,
    checked_entry,
    deals_done,
    header_of,
    movement_of,
    played_result,
    rescored_after,
    round_seating,
    table_seed,
)
from openwhist.server.drives.view import drive_view
from openwhist.server.table import SeatError, TableClosed, variant_seats
from openwhist.store import create_table
from openwhist.store.drives import (
    add_correction,
    claim_round,
    count_drives_of,
    create_drive,
    drive_of_table,
    due_drives,
    get_drive,
    list_drives,
    overdue_drives,
    put_drive_table,
    put_result,
    set_entry_left,
    set_result_state,
    update_drive,
)

if TYPE_CHECKING:
    from openwhist.server.host import DriveHost

__all__ = ["MAX_ENTRIES", "Drives", "FairResults", "Rounds"]

log = logging.getLogger("openwhist.server")

def _drive_tables() -> str:
    """The drive families for people: ``Classic whist, German whist and Belgian whist``."""
    titles = [get_variant(v).title for v in DRIVE_FAMILIES]
    return ", ".join(titles[:-1]) + " and " + titles[-1] if len(titles) > 1 else "".join(titles)


class Drives:
    """The drives of one server process (see the module's docstring)."""

    def __init__(self, hub: DriveHost) -> None:
        self.hub = hub
        self._locks: dict[str, asyncio.Lock] = {}
        self._cache: dict[str, tuple[float, dict[str, Any]]] = {}
        self.rounds = Rounds(self)
        self.fair = FairResults(self)
        self.entries = Entries(self)

    def lock(self, drive_id: str) -> asyncio.Lock:
        """The lock every change of this drive runs under."""
        return self._locks.setdefault(drive_id, asyncio.Lock())

    # --- reading ------------------------------------------------------------------------

    CACHE_SECONDS = 1.0
    """How long a drive read for its pages is kept: every browser at a drive asks for its page
    every two seconds, and each read parses every result and ranks the people."""

    async def _write(self, fn: Any, drive_id: str, *args: Any) -> Any:
        """Run a store operation that changes drive ``drive_id``; its pages read it again."""
        self._cache.pop(drive_id, None)
        try:
            return await self.hub.store.run(fn, drive_id, *args)
        finally:
            self._cache.pop(drive_id, None)

    async def load(self, drive_id: str) -> dict[str, Any]:
        """The drive as read for its pages: at most :data:`CACHE_SECONDS` old (what this
        process changes is seen at once); 404 if there is none."""
        hit = self._cache.get(drive_id[:16])
        if hit is not None and hit[0] > time.monotonic():
            return hit[1]
        return await self.load_fresh(drive_id)

    async def load_fresh(self, drive_id: str) -> dict[str, Any]:
        """The drive as stored now (404 if there is none); it is kept for the pages."""
        key = drive_id[:16]
        drive = await self.hub.store.run(get_drive, key)
        if drive is None:
            self._cache.pop(key, None)
            raise DriveError(404, "no such drive", "no_drive")
        if len(self._cache) >= 1000:
            self._cache.pop(next(iter(self._cache)))
        self._cache[key] = (time.monotonic() + self.CACHE_SECONDS, drive)
        return drive

    async def calendar(self, days: float = 30.0) -> list[dict[str, Any]]:
        """The drives to come and those running, then those finished in the last ``days``."""
        rows = await self.hub.store.run(list_drives, time.time() - days * 86400)
        return [
            {k: v for k, v in r.items() if k != "director_id"} | {"family_name": r["family"]} for r in rows
        ]

    def view(self, drive: dict[str, Any], user_id: int | None) -> dict[str, Any]:
        """The drive as ``user_id`` sees it (:func:`drive_view`)."""
        return drive_view(drive, user_id)

    # --- the director and registration --------------------------------------------------

    async def create(self, director: dict[str, Any], body: Any) -> dict[str, Any]:
        """Make a drive (``body``: :class:`~openwhist.server.schemas.DriveIn`), open for
        registration; at most ``drive_limit`` unfinished drives per director."""
        limit = self.hub.settings.drive_limit
        if await self.hub.store.run(count_drives_of, director["id"]) >= limit:
            raise DriveError(
                409,
                f"you direct {limit} drives that have not finished, the most one may; finish one first",
                "drive_limit",
                limit=limit,
            )
        name, opts = _checked_new(body)
        drive_id = secrets.token_urlsafe(9)
        pairs = body.movement in drive_pairs.PAIR_MOVEMENTS  # boards compared by matchpoints
        row = {
            "id": drive_id,
            "name": " ".join(body.name.split()),
            "family": name,
            "options": json.dumps(opts.to_dict()),
            "movement": body.movement,
            "mode": body.mode,
            "duplicate": body.duplicate or pairs,
            "rounds": body.rounds,
            "deals": body.deals,
            "round_minutes": body.round_minutes,
            "rated": body.rated,
            "rank_by": "matchpoints" if pairs else body.rank_by,
            "director_id": director["id"],
            "starts_at": body.starts_at,
            "seed": secrets.randbits(63),
            "sit_out": body.sit_out,
            "relay": body.relay,
        }
        await self.hub.store.run(create_drive, row)
        return self.view(await self.load_fresh(drive_id), director["id"])

    def _director(self, drive: dict[str, Any], user_id: int) -> None:
        if drive["director_id"] != user_id:
            raise DriveError(403, "only the drive's director can do this", "not_director")

    async def start(self, drive_id: str, user_id: int) -> dict[str, Any]:
        """The director starts the drive: registration closes and the first round is
        seated."""
        async with self.lock(drive_id):
            drive = await self.load_fresh(drive_id)
            self._director(drive, user_id)
            if drive["state"] != "open":
                raise DriveError(409, "the drive has started already", "drive_started")
            made = movement_of(drive)  # refuses a drive with too few people
            values: dict[str, Any] = {"state": "running"}
            if drive_pairs.is_pairs(drive):  # a Mitchell or Howell plays its rounds, at most
                values["rounds"] = min(drive["rounds"], made.total_rounds)
            await self._write(update_drive, drive["id"], values)
            await self.rounds.seat_round(await self.load_fresh(drive_id), 1)
            return self.view(await self.load_fresh(drive_id), user_id)

    async def start_due(self) -> list[str]:
        """Start the drives whose start time has come (:meth:`Rounds.start_due`)."""
        return await self.rounds.start_due()

    async def end_overdue(self, now: float) -> list[str]:
        """End the rounds whose time is up (:meth:`Rounds.end_overdue`)."""
        return await self.rounds.end_overdue(now)

    async def pause(self, drive_id: str, user_id: int, paused: bool) -> dict[str, Any]:
        """The director pauses the drive (the next round is not seated, scorers enter
        nothing and the round's clock stops until it goes on) or lets it go on."""
        async with self.lock(drive_id):
            drive = await self.load_fresh(drive_id)
            self._director(drive, user_id)
            want, have = ("paused", "running") if paused else ("running", "paused")
            if drive["state"] != have:
                raise DriveError(
                    409, f"the drive is {drive['state']}, not {have}", "drive_state", state=drive["state"]
                )
            now = time.time()
            if paused:
                values: dict[str, Any] = {"state": want, "paused_at": now}
            else:  # the round's clock goes on from where it stopped
                stopped = now - (drive["paused_at"] or now)
                started = drive["round_started"] + stopped if drive["round_started"] is not None else None
                values = {"state": want, "paused_at": None, "round_started": started}
            await self._write(update_drive, drive["id"], values)
            drive = await self.load_fresh(drive_id)
            if not paused:
                await self.rounds.advance(drive)
            return self.view(await self.load_fresh(drive_id), user_id)

    async def substitute(self, drive_id: str, user_id: int, number: int | None) -> dict[str, Any]:
        """A computer player plays for entry ``number`` from now on: the director replaces
        someone who left (``number``), or a person leaves (None: the caller's own entry).
        At a live table the seat passes to the computer player at once."""
        async with self.lock(drive_id):
            drive = await self.load_fresh(drive_id)
            if number is None:
                number = next((e["number"] for e in drive["entries"] if e["user_id"] == user_id), None)
                if number is None:
                    raise DriveError(409, "you are not registered for this drive", "not_registered")
            else:
                self._director(drive, user_id)
            entry = next((e for e in drive["entries"] if e["number"] == number), None)
            if entry is None:
                raise DriveError(404, f"no entry number {number} in this drive", "no_entry", number=number)
            if drive["state"] not in ("running", "paused"):
                raise DriveError(
                    409,
                    "only a drive being played has people to replace",
                    "drive_state",
                    state=drive["state"],
                )
            if entry["left_round"] is not None:
                raise DriveError(
                    409,
                    f"a computer player plays for {entry['name']} already",
                    "replaced_already",
                    name=entry["name"],
                )
            await self._write(set_entry_left, drive["id"], number, drive["round_no"])
            for t in drive["tables"]:
                if t["round_no"] == drive["round_no"] and number in t["seats"] and t["table_id"]:
                    runner = self.hub.tables.get(t["table_id"])
                    if runner is not None and entry["user_id"] is not None:
                        uid = entry["user_id"]
                        # the table is over or closed: nothing to hand over
                        with contextlib.suppress(SeatError, TableClosed):
                            await runner.call(functools.partial(runner.leave, uid))
            return self.view(await self.load_fresh(drive_id), user_id)

    async def end_round(self, drive_id: str, user_id: int) -> dict[str, Any]:
        """The director ends the round now (its time is up): tables still playing close,
        the deals they finished count, and the next round is seated (the drive ends after
        its last)."""
        async with self.lock(drive_id):
            drive = await self.load_fresh(drive_id)
            self._director(drive, user_id)
            if drive["state"] not in ("running", "paused"):
                raise DriveError(409, "no round is being played", "drive_state", state=drive["state"])
            await self.rounds.close_round(drive)
            await self.rounds.next_round(drive)
            return self.view(await self.load_fresh(drive_id), user_id)

    # --- results --------------------------------------------------------------------------

    async def enter(
        self, drive_id: str, user_id: int, table_no: int, deal_no: int, entry: dict[str, Any]
    ) -> dict[str, Any]:
        """Scorer mode: a deal's result at a real table, entered by a person seated there
        this round and still in the drive (or the director), checked by the drive's rules;
        the same deal entered again replaces it until the round ends, when it comes from the
        one who entered it, his partner or the director
        (:func:`openwhist.server.policy.may_change_drive_entry`)."""
        async with self.lock(drive_id):
            drive = await self.load_fresh(drive_id)
            if drive["mode"] != "scorer":
                raise DriveError(409, "the results of an online drive come from the tables", "not_scorer")
            if drive["state"] == "paused":
                raise DriveError(409, "the director has paused the drive", "drive_paused")
            if drive["state"] != "running":
                raise DriveError(409, "no round is being played", "drive_state", state=drive["state"])
            table, before = _scored_table(drive, table_no, deal_no)
            header = header_of(drive)
            sides = tuple(header.sides) if header.partnership == "fixed" else None
            try:
                policy.may_change_drive_entry(
                    drive, user_id, table, before["entered_by"] if before else None, sides
                )
            except policy.Refused as exc:
                raise DriveError(exc.status, str(exc), exc.code, **exc.values) from None
            check_deal(drive, drive["round_no"], table_no, deal_no)
            try:
                result = checked_entry(drive, table_no, deal_no, entry)
                later = rescored_after(drive, table_no, deal_no, result)
            except WhistError as exc:
                raise DriveError(422, str(exc), getattr(exc, "code", None) or "bad_entry",
                                 **getattr(exc, "values", {})) from None
            await self.fair.store(drive, user_id, table_no, deal_no, before, result, later)
            drive = await self.load_fresh(drive_id)
            if await self.rounds.advance(drive):
                drive = await self.load_fresh(drive_id)
            return self.view(drive, user_id)

    async def deal_played(self, table_id: str, deal_no: int, outcome: Any) -> None:
        """A deal ended at a table of an online drive (:meth:`Rounds.deal_played`)."""
        await self.rounds.deal_played(table_id, deal_no, outcome)

    async def _seat_round(self, drive: dict[str, Any], round_no: int) -> None:
        """Seat round ``round_no`` (:meth:`Rounds.seat_round`)."""
        await self.rounds.seat_round(drive, round_no)


class Rounds:
    """The rounds of the drives of one server process: the first seated at a drive's start
    time, the next when every table of one has finished or its time is up, the drive
    finished after its last; the tables of a round closed when it ends."""

    def __init__(self, drives: Drives) -> None:
        self.drives = drives
        self.hub = drives.hub

    async def start_due(self) -> list[str]:
        """Start the drives whose start time has come (as their director would); one with
        too few people stays open for the director.  Returns the drives started."""
        started = []
        for drive_id in await self.hub.store.run(due_drives, time.time()):
            drive = await self.drives.load_fresh(drive_id)
            if len(drive["entries"]) < 2:
                continue
            try:
                await self.drives.start(drive_id, drive["director_id"])
            except DriveError as exc:
                log.info("drive %s: not started at its time: %s", drive_id, exc)
                continue
            started.append(drive_id)
        return started

    async def end_overdue(self, now: float) -> list[str]:
        """End the rounds whose time is up (``now``: Unix time), as the director would: the
        tables still playing close, the deals finished count, the next round is seated.
        Returns the drives whose round ended."""
        ended = []
        for drive_id in await self.hub.store.run(overdue_drives, now):
            async with self.drives.lock(drive_id):
                drive = await self.drives.load_fresh(drive_id)
                if drive["state"] != "running":
                    continue
                await self.close_round(drive)
                await self.next_round(drive)
            ended.append(drive_id)
        return ended

    async def deal_played(self, table_id: str, deal_no: int, outcome: Any) -> None:
        """A deal ended at the table ``table_id`` of an online drive (``outcome``: the deal's
        result): its result goes into the standings; a round whose tables have all finished
        seats the next."""
        where = await self.hub.store.run(drive_of_table, table_id)
        if where is None:
            return
        drive_id, round_no, table_no = where
        async with self.drives.lock(drive_id):
            drive = await self.drives.load_fresh(drive_id)
            if drive["round_no"] != round_no or drive["state"] not in ("running", "paused"):
                return
            if deal_no > drive["deals"]:
                return
            result = played_result(drive, round_no, table_no, deal_no, outcome)
            await self.drives._write(put_result, drive_id, round_no, table_no, deal_no, result, None)
            if not await self.advance(await self.drives.load_fresh(drive_id)):
                await self.hub.ratings.settle(drive_id)  # a board over everywhere before the round

    async def advance(self, drive: dict[str, Any]) -> bool:
        """Seat the next round (or finish the drive) if every table of this one has all its
        deals and the drive is not paused; True if it did."""
        if drive["state"] != "running":
            return False
        done = deals_done(drive)
        current = [t for t in drive["tables"] if t["round_no"] == drive["round_no"]]
        if current and all(done.get((t["round_no"], t["table_no"]), 0) >= drive["deals"] for t in current):
            await self.next_round(drive)
            return True
        return False

    async def next_round(self, drive: dict[str, Any]) -> None:
        """Seat the next round, or finish the drive after its last; the rating changes kept
        for the round's boards are applied then."""
        if drive["round_no"] >= drive["rounds"]:
            await self.drives._write(
                update_drive, drive["id"], {"state": "finished", "round_started": None, "paused_at": None}
            )
        else:
            await self.seat_round(await self.drives.load_fresh(drive["id"]), drive["round_no"] + 1)
        await self.hub.ratings.settle(drive["id"])

    async def close_round(self, drive: dict[str, Any]) -> None:
        """Close the server tables of the drive's current round still playing (those that
        have finished stay, showing their end, until they are idle)."""
        for t in drive["tables"]:
            if t["round_no"] != drive["round_no"] or not t["table_id"]:
                continue
            runner = self.hub.tables.get(t["table_id"])
            if runner is None or runner.match.is_over():
                continue
            with contextlib.suppress(SeatError, TableClosed):
                await self.hub.close_table(runner, None)

    async def seat_round(self, drive: dict[str, Any], round_no: int) -> None:
        """Seat round ``round_no``: its tables from the movement (computer players in the
        gaps and for the people who left), each a table of the play server in an online
        drive.  The round is claimed first, in one statement: where several server
        processes share the database, only one seats it."""
        seating = round_seating(drive, round_no)
        if not await self.drives._write(claim_round, drive["id"], round_no, time.time()):
            log.info("drive %s: round %d is seated already", drive["id"], round_no)
            return
        playing = _playing(drive, seating)
        users = {e["number"] - 1: e for e in drive["entries"]}
        stand_in = self.hub.settings.stand_in
        for table, active in zip(seating.tables, playing.tables, strict=True):
            table_id = None
            scorer = None
            if drive["mode"] == "online":
                table_id = secrets.token_urlsafe(9)
                seats = []
                for seat, p in enumerate(active.seats):
                    if p is not None:
                        seats.append(
                            {"seat": seat, "kind": "person", "user_id": users[p]["user_id"], "bot": None}
                        )
                    else:
                        seats.append({"seat": seat, "kind": "bot", "user_id": None, "bot": stand_in})
                row = {
                    "id": table_id,
                    "variant": drive["family"],
                    "options": json.dumps(drive["options"]),
                    "seed": table_seed(drive, round_no, table.number),
                    "until": "deals",
                    "count": drive["deals"],
                    "private": True,
                    "code": None,
                    "owner_id": drive["director_id"],
                    "leave_to": "bot",
                    "move_time": None,
                    "drive_id": drive["id"],
                }
                await self.hub.store.run(create_table, row, seats)
            else:
                scorer = next((users[p]["user_id"] for p in active.seats if p is not None), None)
            await self.drives._write(put_drive_table,
                drive["id"],
                round_no,
                table.number,
                table_id,
                [0 if p is None else p + 1 for p in table.seats],
                scorer,
            )
            if table_id is not None:
                await self.hub.open_table(table_id)


def _checked_new(body: Any) -> tuple[str, Any]:
    """The family and options of a new drive (``body``: :class:`~openwhist.server.schemas.DriveIn`),
    its movement, ranking and start time checked (DriveError 422 for one refused)."""
    try:
        name, opts = resolve(body.family, body.preset, **body.options)
    except WhistError as exc:
        raise DriveError(422, str(exc), getattr(exc, "code", None) or "invalid",
                         **getattr(exc, "values", {})) from None
    except (TypeError, ValueError, OverflowError, RecursionError):
        raise DriveError(
            422, "an option's value is of the wrong kind or out of range", "invalid"
        ) from None
    if (
        name not in DRIVE_FAMILIES
        or len(variant_seats(name, opts)) != get_variant(name).header(opts).hands
    ):
        raise DriveError(
            422,
            f"drives are played at {_drive_tables()} tables, not {name}"
            + (" with a dummy" if name in DRIVE_FAMILIES else ""),
            "drive_family",
            family=name,
        )
    if body.movement in drive_pairs.PAIR_MOVEMENTS:
        check_pairs_new(name, opts, body)
    else:
        check_movement(name, body.movement)
    check_sit_out(name, opts, body)
    check_relay(body)
    pairs = body.movement in drive_pairs.PAIR_MOVEMENTS  # always duplicate boards
    if body.rank_by == "matchpoints" and not body.duplicate and not pairs:
        raise DriveError(
            422,
            "matchpoints compare the tables that held the same cards: choose duplicate deals",
            "matchpoints_duplicate",
        )
    if body.starts_at is not None and not time.time() - 3600 < body.starts_at < time.time() + 366 * 86400:
        raise DriveError(422, "a drive starts within the coming year", "starts_at")
    return name, opts


def _scored_table(drive: dict[str, Any], table_no: int, deal_no: int
                  ) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """Table ``table_no`` of the round being played (DriveError 404 if there is none) and
    the result entered for its deal ``deal_no`` (None before one is)."""
    table = next(
        (
            t
            for t in drive["tables"]
            if t["round_no"] == drive["round_no"] and t["table_no"] == table_no
        ),
        None,
    )
    if table is None:
        raise DriveError(404, f"no table {table_no} in this round", "no_drive_table", table=table_no)
    before = next(
        (
            r
            for r in drive["results"]
            if (r["round_no"], r["table_no"], r["deal_no"]) == (drive["round_no"], table_no, deal_no)
        ),
        None,
    )
    return table, before


class FairResults:
    """Scorer mode's entries made fair: stored as entered and waiting for the other side's
    confirmation, a confirmed one changed only with that side's consent, the director's
    corrections and locks logged (see :mod:`openwhist.server.drives.fair`)."""

    def __init__(self, drives: Drives) -> None:
        self.drives = drives

    async def store(self, drive: dict[str, Any], user_id: int, table_no: int, deal_no: int,
                    before: dict[str, Any] | None, result: dict[str, Any],
                    later: list[tuple[int, dict[str, Any], int | None]]) -> None:
        """Store a checked entry of the current round (under the drive's lock): a locked
        one only from the director; a change of a confirmed entry by its side waits for the
        other side's consent (the confirmed one counts until then); the director's own
        entries stand confirmed, and his change of one is logged."""
        director = user_id == drive["director_id"]
        key = (drive["id"], drive["round_no"], table_no, deal_no)
        if before is not None and before.get("locked") and not director:
            raise DriveError(409, "the director has locked this result: only he changes it", "entry_locked")
        if before is not None and before.get("confirmed_by") is not None and not director:
            await self.drives._write(set_result_state, *key, {"proposed": result, "proposed_by": user_id})
            return
        await self.drives._write(put_result, *key, result, user_id)
        if before is not None and before.get("locked"):
            await self.drives._write(set_result_state, *key, {"locked": True})
        await self._rescore(drive, drive["round_no"], table_no, later)
        if director:
            await self.drives._write(set_result_state, *key, {"confirmed_by": user_id})
            if before is not None:
                await self.drives._write(add_correction, *key, user_id, "correct", before["result"], result,
                                         "entered again by the director")

    async def _rescore(self, drive: dict[str, Any], round_no: int, table_no: int,
                       later: list[tuple[int, dict[str, Any], int | None]]) -> None:
        """The table's later deals scored again (the streaks they carry changed), each
        keeping its confirmation and lock."""
        for deal, fresh, _ in later:
            await self.drives._write(set_result_state, drive["id"], round_no, table_no, deal,
                                     {"result": fresh})

    async def confirm(self, drive_id: str, user_id: int, round_no: int, table_no: int,
                      deal_no: int) -> dict[str, Any]:
        """A person of the other side confirms a table's entry, or the change of it waiting
        (which then replaces it) (:func:`openwhist.server.policy.may_confirm_drive_entry`)."""
        async with self.drives.lock(drive_id):
            drive = await self.drives.load_fresh(drive_id)
            if drive["mode"] != "scorer":
                raise DriveError(409, "the results of an online drive come from the tables", "not_scorer")
            table = _drive_table(drive, round_no, table_no)
            row = _result_row(drive, round_no, table_no, deal_no)
            if row is None:
                raise DriveError(404, f"deal {deal_no} of table {table_no} has no result yet", "no_result",
                                 deal=deal_no, table=table_no)
            try:
                policy.may_confirm_drive_entry(drive, user_id, table, row, _sides(drive))
            except policy.Refused as exc:
                raise DriveError(exc.status, str(exc), exc.code, **exc.values) from None
            key = (drive["id"], round_no, table_no, deal_no)
            values: dict[str, Any] = {"confirmed_by": user_id}
            if row.get("proposed"):
                later = rescored_after(drive, table_no, deal_no, row["proposed"], round_no)
                values |= {"result": row["proposed"], "entered_by": row["proposed_by"], "proposed": None,
                           "proposed_by": None}
                await self.drives._write(set_result_state, *key, values)
                await self._rescore(drive, round_no, table_no, later)
            else:
                await self.drives._write(set_result_state, *key, values)
            return self.drives.view(await self.drives.load_fresh(drive_id), user_id)

    async def correct(self, drive_id: str, user_id: int, round_no: int, table_no: int, deal_no: int,
                      entry: dict[str, Any], reason: str) -> dict[str, Any]:
        """The director corrects (or, in scorer mode, enters) a deal's result at a table of
        any round played, checked by the drive's rules (online: a deal the table has
        finished); it stands confirmed, keeps its lock, and the log keeps who, when, before,
        after and why.  A round that it completes ends."""
        async with self.drives.lock(drive_id):
            drive = await self.drives.load_fresh(drive_id)
            self._directed(drive, user_id)
            if drive["mode"] != "scorer" and _result_row(drive, round_no, table_no, deal_no) is None:
                raise DriveError(404, f"deal {deal_no} of table {table_no} has no result yet", "no_result",
                                 deal=deal_no, table=table_no)
            if drive["state"] == "open" or round_no > drive["round_no"]:
                raise DriveError(409, f"round {round_no} has not been played", "round_not_played",
                                 round=round_no)
            _drive_table(drive, round_no, table_no)
            check_deal(drive, round_no, table_no, deal_no)
            try:
                result = checked_entry(drive, table_no, deal_no, entry, round_no)
                later = rescored_after(drive, table_no, deal_no, result, round_no)
            except WhistError as exc:
                raise DriveError(422, str(exc), getattr(exc, "code", None) or "bad_entry",
                                 **getattr(exc, "values", {})) from None
            before = _result_row(drive, round_no, table_no, deal_no)
            key = (drive["id"], round_no, table_no, deal_no)
            if before is None:
                await self.drives._write(put_result, *key, result, user_id)
            values = {"result": result, "confirmed_by": user_id, "proposed": None, "proposed_by": None}
            await self.drives._write(set_result_state, *key, values)
            await self._rescore(drive, round_no, table_no, later)
            await self.drives._write(add_correction, *key, user_id, "correct",
                                     before["result"] if before else None, result, reason)
            drive = await self.drives.load_fresh(drive_id)
            if round_no == drive["round_no"] and await self.drives.rounds.advance(drive):
                drive = await self.drives.load_fresh(drive_id)
            return self.drives.view(drive, user_id)

    async def lock(self, drive_id: str, user_id: int, round_no: int, table_no: int, deal_no: int,
                   locked: bool, reason: str) -> dict[str, Any]:
        """The director locks a result (nobody but him changes it then) or unlocks it; logged."""
        async with self.drives.lock(drive_id):
            drive = await self.drives.load_fresh(drive_id)
            self._directed(drive, user_id)
            row = _result_row(drive, round_no, table_no, deal_no)
            if row is None:
                raise DriveError(404, f"deal {deal_no} of table {table_no} has no result yet", "no_result",
                                 deal=deal_no, table=table_no)
            key = (drive["id"], round_no, table_no, deal_no)
            await self.drives._write(set_result_state, *key, {"locked": locked})
            await self.drives._write(add_correction, *key, user_id, "lock" if locked else "unlock",
                                     row["result"], row["result"], reason)
            return self.drives.view(await self.drives.load_fresh(drive_id), user_id)

    @staticmethod
    def _directed(drive: dict[str, Any], user_id: int) -> None:
        try:
            policy.may_correct_drive_entry(drive, user_id)
        except policy.Refused as exc:
            raise DriveError(exc.status, str(exc), exc.code, **exc.values) from None
