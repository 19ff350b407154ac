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
import csv
import functools
import html
import io
import json
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import IntegrityError

from openwhist.cards import derive_seed, format_hand
from openwhist.drive import (
    DRIVE_FAMILIES,
    FAMILY_MOVEMENTS,
    Entry,
    Plan,
    Result,
    Round,
    Table,
    next_round,
    result_of_deal,
    result_of_entry,
    score_card,
    standings_csv,
    table_winners,
)
from openwhist.drive import plan as movement_plan
from openwhist.drive import results_csv as deal_results_csv
from openwhist.drive import standings as rank
from openwhist.drive.movement import byes as movement_byes
from openwhist.drive.pairs import MAX_BOARDS
from openwhist.drive.records import STRAINS, board_hands, hand_record
from openwhist.errors import WhistError
from openwhist.rules.options import without_ranges
from openwhist.rules.registry import get_variant, resolve
from openwhist.rules.seats import seat_name
from openwhist.server import drive_pairs, policy
from openwhist.server.table import SeatError, TableClosed, variant_seats
from openwhist.store import create_table
from openwhist.store.drives import (
    add_correction,
    add_entry,
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
    remove_entry,
    remove_entry_number,
    set_entry_left,
    set_result_state,
    update_drive,
)

if TYPE_CHECKING:
    from openwhist.server.host import DriveHost

__all__ = ["DriveError", "Drives", "drive_csv", "movement_text", "results_html", "standings"]

log = logging.getLogger("openwhist.server")

MAX_ENTRIES = 48
"""The most people a drive takes (twelve tables of four)."""


def _drive_tables() -> str:
    """The drive families for people: ``Classic whist, German whist and Belgian whist``."""
    titles = [get_variant(v).title for v in DRIVE_FAMILIES]
    return ", ".join(titles[:-1]) + " and " + titles[-1] if len(titles) > 1 else "".join(titles)


class DriveError(Exception):
    """A drive request refused: ``status`` (HTTP), the message in English, ``code`` and
    ``values`` for a page to word."""

    def __init__(self, status: int, message: str, code: str, **values: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.values = values


class Drives:
    """The drives of one server process (see the module's docstring)."""

    def __init__(self, hub: DriveHost) -> None:
        self.hub = hub
        self._locks: dict[str, asyncio.Lock] = {}
        self._cache: dict[str, tuple[float, dict[str, Any]]] = {}
        self.rounds = Rounds(self)
        self.fair = FairResults(self)

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
        }
        await self.hub.store.run(create_drive, row)
        return self.view(await self.load_fresh(drive_id), director["id"])

    def _director(self, drive: dict[str, Any], user_id: int) -> None:
        if drive["director_id"] != user_id:
            raise DriveError(403, "only the drive's director can do this", "not_director")

    async def register(self, drive_id: str, user: dict[str, Any]) -> dict[str, Any]:
        """A person registers (while registration is open; at most :data:`MAX_ENTRIES`)."""
        async with self.lock(drive_id):
            drive = await self.load_fresh(drive_id)
            if drive["state"] != "open":
                raise DriveError(409, "registration for this drive is closed", "registration_closed")
            if len(drive["entries"]) >= MAX_ENTRIES:
                raise DriveError(
                    409, f"this drive is full ({MAX_ENTRIES} people)", "drive_full", most=MAX_ENTRIES
                )
            try:
                await self._write(add_entry, drive["id"], user["id"], user["name"])
            except IntegrityError:
                raise DriveError(409, "you are registered already", "registered") from None
            return self.view(await self.load_fresh(drive_id), user["id"])

    async def unregister(self, drive_id: str, user: dict[str, Any]) -> dict[str, Any]:
        """A person takes their registration back (before the drive starts)."""
        async with self.lock(drive_id):
            drive = await self.load_fresh(drive_id)
            if drive["state"] != "open":
                raise DriveError(
                    409,
                    "the drive has started: ask the director to replace you, or leave it",
                    "drive_started",
                )
            if not await self._write(remove_entry, drive["id"], user["id"]):
                raise DriveError(409, "you are not registered for this drive", "not_registered")
            return self.view(await self.load_fresh(drive_id), user["id"])

    async def remove(self, drive_id: str, user_id: int, number: int) -> dict[str, Any]:
        """The director removes entry ``number`` before the drive starts (the numbers after
        it move up by one); after the start he has a computer player play for it instead."""
        async with self.lock(drive_id):
            drive = await self.load_fresh(drive_id)
            self._director(drive, user_id)
            if drive["state"] != "open":
                raise DriveError(
                    409,
                    "the drive has started: an entry is no longer removed; have a computer player "
                    "play for it instead",
                    "remove_started",
                )
            if not await self._write(remove_entry_number, drive["id"], number):
                raise DriveError(404, f"no entry number {number} in this drive", "no_entry", number=number)
            return self.view(await self.load_fresh(drive_id), user_id)

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


def drive_view(drive: dict[str, Any], user_id: int | None) -> dict[str, Any]:
    """A drive as ``user_id`` (None: anyone) sees it: its settings, who registered, the
    tables of each round played or being played (a table's server id only for the
    people seated there and the director), the standings, and the caller's own place
    (their number, their table this round, partner and opponents).  Nothing of a board
    reaches someone who still has to play it (:mod:`openwhist.server.policy`): a table's
    id only where he may watch it, the standings of the boards he may see."""
    director = user_id is not None and user_id == drive["director_id"]
    names = {e["number"]: e["name"] for e in drive["entries"]}
    mine = next(
        (e["number"] for e in drive["entries"] if user_id is not None and e["user_id"] == user_id), None
    )
    n = hands_of(drive)
    done = deals_done(drive)
    tables = []
    for t in drive["tables"]:
        seats = [
            {"seat": seat_name(i, n), "number": num or None, "name": names.get(num) if num else None}
            for i, num in enumerate(t["seats"])
        ]
        entry = {
            "round": t["round_no"],
            "table": t["table_no"],
            "seats": seats,
            "deals_done": done.get((t["round_no"], t["table_no"]), 0),
        }
        entry |= _pairs_table(drive, t) if drive_pairs.is_pairs(drive) else {}
        seated = mine is not None and mine in t["seats"]
        if (director or seated) and policy.may_watch_drive_table(
                drive, user_id, t["round_no"], t["table_no"]):
            entry["table_id"] = t["table_id"]
        if director or seated:
            entry["can_enter"] = drive["mode"] == "scorer"
        tables.append(entry)
    out: dict[str, Any] = {
        k: drive[k]
        for k in (
            "id",
            "name",
            "family",
            "options",
            "movement",
            "mode",
            "duplicate",
            "rounds",
            "deals",
            "round_minutes",
            "rated",
            "rank_by",
            "state",
            "round_no",
            "starts_at",
            "created",
        )
    }
    out["director"] = director
    clock = drive["paused_at"] or time.time()  # a paused round's clock stands still
    out["round_ends_in"] = (
        round(max(0.0, drive["round_started"] + drive["round_minutes"] * 60 - clock))
        if drive["state"] in ("running", "paused") and drive["round_started"]
        else None
    )
    out["entries"] = [
        {
            "number": e["number"],
            "name": e["name"],
            "left_round": e["left_round"],
            "you": e["number"] == mine,
        }
        for e in drive["entries"]
    ]
    out["registered"] = mine is not None
    out["tables"] = tables
    out["standings"] = standings(drive, user_id)
    out["you"] = _place(drive, mine, names) if mine is not None else None
    out["card"] = score_card_of(drive, mine) if mine is not None else []
    out["hand_records"] = hand_records(drive)
    out["movement_rounds"] = movement_rounds(drive)
    out.update(fair_view(drive, user_id))
    return out

def _pairs_table(drive: dict[str, Any], t: dict[str, Any]) -> dict[str, Any]:
    """A Mitchell's or Howell's table as its page shows it besides: the boards it plays in
    its round and its pairs (N-S, E-W)."""
    return {"boards": list(drive_pairs.round_boards(drive, t["round_no"]).get(t["table_no"], ())),
            "pairs": [drive_pairs.pair_of(t["seats"][0]), drive_pairs.pair_of(t["seats"][1])]}


def _place(drive: dict[str, Any], number: int, names: dict[int, str]) -> dict[str, Any]:
    """Where entry ``number`` sits in the drive's current round: table, seat, partner
    and opponents (None before the first round and after the last)."""
    current = [t for t in drive["tables"] if t["round_no"] == drive["round_no"]]
    out: dict[str, Any] = {"number": number, "table": None}
    n = hands_of(drive)
    sides = header_of(drive).sides
    for t in current:
        if number in t["seats"]:
            i = t["seats"].index(number)
            partners = [
                j
                for j in range(n)
                if j != i and sides[j] == sides[i] and header_of(drive).partnership == "fixed"
            ]
            others = [j for j in range(n) if j != i and j not in partners]

            def who(j: int, seats: list[int] = t["seats"]) -> dict[str, Any]:
                num = seats[j]
                return {
                    "seat": seat_name(j, n),
                    "number": num or None,
                    "name": names.get(num) if num else None,
                }

            out.update(
                table=t["table_no"],
                seat=seat_name(i, n),
                table_id=t["table_id"],
                partner=[who(j) for j in partners],
                opponents=[who(j) for j in others],
            )
    return out


# --- the drive's rules (openwhist.drive), read for the server ----------------------------


def header_of(drive: dict[str, Any]) -> Any:
    """The declared header of the drive's family under its options (made once per drive as
    read)."""
    made = drive.get("_header")
    if made is None:
        with without_ranges():  # checked when the drive was made
            _, opts = resolve(drive["family"], None, **drive["options"])
        made = drive["_header"] = get_variant(drive["family"]).header(opts)
    return made


def hands_of(drive: dict[str, Any]) -> int:
    """Hands (seats) at each table of the drive."""
    return int(header_of(drive).hands)


def deals_done(drive: dict[str, Any]) -> dict[tuple[int, int], int]:
    """How many deals each table (round, table) has a result for."""
    out: dict[tuple[int, int], int] = {}
    for r in drive["results"]:
        key = (r["round_no"], r["table_no"])
        out[key] = out.get(key, 0) + 1
    return out


def table_seed(drive: dict[str, Any], round_no: int, table_no: int) -> int:
    """The secret seed of a round's table on the play server (its match's deals come from
    it): the round's, the same at every table, in a duplicate drive; the table's own
    otherwise."""
    if drive["duplicate"]:
        return derive_seed(drive["seed"], "drive", "round", round_no)
    return derive_seed(drive["seed"], "drive", "round", round_no, "table", table_no)


def check_movement(family: str, movement: str) -> None:
    """Refuse (422) a movement the family's drives do not use."""
    try:
        movement_plan(movement, 2, family, 1)
    except WhistError as exc:
        raise DriveError(422, str(exc), "drive_movement", movement=movement) from None


def movement_of(drive: dict[str, Any]) -> Plan:
    """The drive's movement for the people registered (at least two)."""
    people = len(drive["entries"])
    if people < 2:
        raise DriveError(409, "a drive needs at least two people", "too_few", least=2)
    with without_ranges():
        _, opts = resolve(drive["family"], None, **drive["options"])
    if drive.get("sit_out"):
        return sit_out_plan(drive, opts)
    if drive_pairs.is_pairs(drive):
        return pairs_drive_plan(drive)
    made = movement_plan(drive["movement"], people, drive["family"], drive["rounds"], options=opts)
    if drive["movement"] == "individual" and not _seated_as(drive, made):
        # a drive seated by the local search before the whist tournaments keeps its seating
        made = movement_plan("individual", people, drive["family"], drive["rounds"], options=opts,
                             designs=False)
    return made


def _seated_as(drive: dict[str, Any], made: Plan) -> bool:
    """Whether the rounds of ``drive`` seated so far sit as ``made`` seats them (a seat
    stored empty, a person replaced by a computer player, agrees with anyone)."""
    for t in drive["tables"]:
        r = t["round_no"]
        if r > len(made.rounds):
            continue
        planned = {p.number: p.seats for p in made.rounds[r - 1].tables}
        seats = tuple(n - 1 if n else None for n in t["seats"])
        want = planned.get(t["table_no"])
        if want is None or any(s is not None and s != w for s, w in zip(seats, want, strict=False)):
            return False
    return True


def has_byes(drive: dict[str, Any]) -> bool:
    """Whether the drive's movement has people sit out rounds (then its standings are
    scaled to the deals each played: :data:`openwhist.drive.scoring.SCALED_RULE`)."""
    if drive_pairs.is_pairs(drive):  # a missing pair: the pair it would meet sits out
        return len(drive["entries"]) // 2 % 2 == 1
    with without_ranges():
        _, opts = resolve(drive["family"], None, **drive["options"])
    return bool(drive.get("sit_out")) or movement_byes(drive["movement"], len(drive["entries"]),
                                                         drive["family"], opts) > 0


def round_of(drive: dict[str, Any], round_no: int) -> Round:
    """A round seated already, as the movement's :class:`~openwhist.drive.movement.Round`
    (people by index: entry number less one; None for a computer player)."""
    tables = [
        Table(t["table_no"], tuple(n - 1 if n else None for n in t["seats"]))
        for t in drive["tables"]
        if t["round_no"] == round_no
    ]
    return Round(round_no, tuple(tables))


def round_seating(drive: dict[str, Any], round_no: int) -> Round:
    """Who sits where in round ``round_no``: from the movement, or (the progressive drive
    after its first round) from the round before and who won at each of its tables (a
    table with no result: its N-S side), the rounds before it telling who has partnered
    whom."""
    moves = movement_of(drive)
    if drive["movement"] != "progressive" or round_no == 1:
        return moves.rounds[round_no - 1]
    before = round_of(drive, round_no - 1)
    winners = []
    for t in before.tables:
        scores = [
            (r["deal_no"], r["result"]["scores"])
            for r in drive["results"]
            if r["round_no"] == round_no - 1 and r["table_no"] == t.number
        ]
        winners.append(table_winners(t, scores) if scores else 0)
    earlier = [round_of(drive, r) for r in range(1, round_no - 1)]
    return next_round(before, winners, earlier)


def _playing(drive: dict[str, Any], rnd: Round) -> Round:
    """The round with None at the seats of people a computer player plays for (they left,
    or the director replaced them): those deals are not theirs."""
    for e in drive["entries"]:
        if e["left_round"] is not None and e["left_round"] <= rnd.number and rnd.table_of(e["number"] - 1):
            rnd = rnd.substitute(e["number"] - 1)
    return rnd


def checked_entry(
    drive: dict[str, Any], table_no: int, deal_no: int, entry: dict[str, Any], round_no: int | None = None
) -> dict[str, Any]:
    """A scorer's entry for a deal at a table of the current round (or of ``round_no``: the
    director's correction), checked and scored by the drive's rules (a WhistError says
    what is wrong with it); the result keeps what was entered (``entry``), from which the
    deals after it are scored again where the rules carry something from deal to deal
    (the exact-bid whists' streaks)."""
    made = _entry(entry)
    round_no = drive["round_no"] if round_no is None else round_no
    before = [_entry(r["result"]["entry"]) for r in _table_results(drive, table_no, round_no)
              if r["deal_no"] < deal_no and "entry" in r["result"]]  # kept since entries carry it
    rnd = _playing(drive, round_of(drive, round_no))
    result: dict[str, Any] = result_of_entry(
        drive["family"], drive["options"], rnd, table_no, deal_no, made, before
    ).to_dict()
    result["entry"] = {k: v for k, v in entry.items() if v not in (None, [], 1) or k == "tricks"}
    return result


def _entry(entry: dict[str, Any]) -> Entry:
    return Entry(
        tuple(entry.get("tricks") or ()),
        entry.get("contract"),
        tuple(entry.get("declarers") or ()),
        int(entry.get("multiplier") or 1),
        tuple(entry.get("bids") or ()),
    )


def _table_results(drive: dict[str, Any], table_no: int, round_no: int | None = None) -> list[dict[str, Any]]:
    """The results entered at a table of the current round (or of ``round_no``), by deal."""
    round_no = drive["round_no"] if round_no is None else round_no
    rows = [r for r in drive["results"] if (r["round_no"], r["table_no"]) == (round_no, table_no)]
    return sorted(rows, key=lambda r: int(r["deal_no"]))


def rescored_after(
    drive: dict[str, Any], table_no: int, deal_no: int, result: dict[str, Any], round_no: int | None = None
) -> list[tuple[int, dict[str, Any], int | None]]:
    """Where the family carries streaks from deal to deal, the table's deals after
    ``deal_no`` (of the current round, or of ``round_no``) scored again from their entries
    with ``result`` in its place: (deal, new result, who entered it) for each; none for
    the other families."""
    form = get_variant(drive["family"]).entry
    if form is None or not form.chained:
        return []
    round_no = drive["round_no"] if round_no is None else round_no
    entered = {int(r["deal_no"]): r for r in _table_results(drive, table_no, round_no)
               if "entry" in r["result"]}
    entered[deal_no] = {"deal_no": deal_no, "result": result, "entered_by": None}
    rnd = _playing(drive, round_of(drive, round_no))
    out: list[tuple[int, dict[str, Any], int | None]] = []
    for deal in sorted(d for d in entered if d > deal_no):
        before = [_entry(entered[k]["result"]["entry"]) for k in sorted(entered) if k < deal]
        row = entered[deal]
        fresh = result_of_entry(drive["family"], drive["options"], rnd, table_no, deal,
                                _entry(row["result"]["entry"]), before).to_dict()
        fresh["entry"] = row["result"]["entry"]
        entered[deal] = {"deal_no": deal, "result": fresh, "entered_by": row["entered_by"]}
        out.append((deal, fresh, row["entered_by"]))
    return out


def played_result(
    drive: dict[str, Any], round_no: int, table_no: int, deal_no: int, outcome: Any
) -> dict[str, Any]:
    """The drive's result of a deal played online (``outcome``: the deal's result)."""
    rnd = _playing(drive, round_of(drive, round_no))
    result: dict[str, Any] = result_of_deal(drive["family"], rnd, table_no, deal_no, outcome).to_dict()
    return result


def _results(drive: dict[str, Any]) -> list[Result]:
    """The drive's results as the library's records (made once per drive as read)."""
    made: list[Result] | None = drive.get("_results")
    if made is not None:
        return made
    made = drive["_results"] = [
        Result(
            r["round_no"],
            r["table_no"],
            r["deal_no"],
            tuple(x["players"]),
            tuple(x["scores"]),
            tuple(x["margins"]),
            x.get("detail", ""),
        )
        for r in drive["results"]
        for x in [r["result"]]
    ]
    return made


def _shown(drive: dict[str, Any], user_id: int | None) -> tuple[str, list[Result]]:
    """The results ``user_id`` is shown (:func:`openwhist.server.policy.drive_results_shown`)
    as the library's records, and which of the two sets it is (``all``: the director with
    nothing to play; ``over``: the boards nobody still has to play)."""
    if policy.drive_sees_all(drive, user_id):
        return "all", _results(drive)
    if policy.drive_boards_played(drive, user_id):  # a Mitchell or Howell pair's boards besides
        keep = {(r["round_no"], r["table_no"], r["deal_no"])
                for r in policy.drive_results_shown(drive, user_id)}
        return f"user{user_id}", [x for x in _results(drive) if (x.round, x.table, x.deal) in keep]
    made: list[Result] | None = drive.get("_results_over")
    if made is None:
        shown = policy.drive_results_shown(drive, None)
        keep = {(r["round_no"], r["table_no"], r["deal_no"]) for r in shown}
        made = drive["_results_over"] = [x for x in _results(drive) if (x.round, x.table, x.deal) in keep]
    return "over", made


def standings(drive: dict[str, Any], user_id: int | None = None) -> dict[str, Any]:
    """The drive's standings as ``user_id`` (None: anyone) is shown them, as JSON: what
    they rank by and the tie-break rule, and per person (best first) the place, number,
    name, total, margin, matchpoints, deals, rounds won and each round's score.  They count
    the boards nobody still has to play, every board for the director with nothing left
    to play (each made once per drive as read)."""
    which, results = _shown(drive, user_id)
    made: dict[str, Any] | None = drive.get("_standings_" + which)
    if made is not None:
        return made
    ranked = rank(results, drive["rank_by"], len(drive["entries"]), byes=has_byes(drive),
                  expected=boards_due(drive), by_board=drive_pairs.is_pairs(drive))
    names = {e["number"] - 1: e["name"] for e in drive["entries"]}
    users = {e["number"] - 1: e["user_id"] for e in drive["entries"]}
    per_round: dict[int, list[int]] = {p: [0] * drive["rounds"] for p in names}
    for r in results:
        for s, p in enumerate(r.players):
            if p is not None and p in per_round and 1 <= r.round <= drive["rounds"]:
                per_round[p][r.round - 1] += r.scores[s]
    rows = [
        {
            "place": x.place,
            "number": x.player + 1,
            "name": names.get(x.player, "?"),
            "user_id": users.get(x.player),
            "total": x.total,
            "margin": x.margin,
            "matchpoints": mp_shown(x.matchpoints),
            "deals": x.deals,
            "rounds_won": x.rounds_won,
            "rounds": per_round.get(x.player, []),
            "scaled": x.scaled,
        }
        for x in ranked.rows
    ]
    made = drive["_standings_" + which] = {"by": ranked.by, "tie_break": ranked.tie_break,
                                           "scaling": ranked.scaling, "rows": rows}
    if drive_pairs.is_pairs(drive) and len(drive["entries"]) % 2 == 0:
        made["pairs"] = pair_standings(drive, rows)
    return made


def pair_standings(drive: dict[str, Any], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A Mitchell or Howell drive's standings by pair (from the people's ``rows``: both of a
    pair score alike), best first within each field (a Mitchell's N-S and E-W pairs; a
    Howell's one field): per pair its field, place in it, number, names, matchpoints (and
    scaled ones where a pair sat a round out), boards played."""
    by_number = {r["number"]: r for r in rows}
    out = []
    for pair in range(1, len(drive["entries"]) // 2 + 1):
        a, b = by_number[2 * pair - 1], by_number[2 * pair]
        out.append({"pair_no": pair, "field": drive_pairs.field_of(drive, pair),
                    "names": [a["name"], b["name"]], "matchpoints": a["matchpoints"],
                    "scaled": a["scaled"], "boards": a["deals"]})
    out.sort(key=lambda p: (p["field"] or "", -(p["scaled"] if p["scaled"] is not None else p["matchpoints"]),
                            p["pair_no"]))
    for i, p in enumerate(out):
        before = out[i - 1] if i else None
        same = (before is not None and before["field"] == p["field"]
                and (before["scaled"], before["matchpoints"]) == (p["scaled"], p["matchpoints"]))
        first = i == 0 or before is None or before["field"] != p["field"]
        p["place"] = before["place"] if same and before is not None else (
            1 if first else sum(1 for q in out[:i] if q["field"] == p["field"]) + 1)
    return out


def score_card_of(drive: dict[str, Any], number: int) -> list[dict[str, Any]]:
    """Entry ``number``'s own score card: per deal he played, the round, table, seat,
    partner's name (fixed sides), the deal in words, his score, margin and running total."""
    names = {e["number"] - 1: e["name"] for e in drive["entries"]}
    fixed = header_of(drive).partnership == "fixed"
    rows = score_card(_results(drive), number - 1)
    for row in rows:
        partner = row.pop("partner")
        row["partner"] = names.get(partner) if partner is not None and fixed else None
        row["computer_partner"] = fixed and partner is None  # a computer player in a gap
    return rows


def drive_csv(drive: dict[str, Any], user_id: int | None = None) -> str:
    """The drive's results as CSV, as ``user_id`` (None: anyone) is shown them: the
    standings (with the ranking rule), a blank line, then one line per table and deal."""
    names = [e["name"] for e in drive["entries"]]
    results = _shown(drive, user_id)[1]
    ranked = rank(results, drive["rank_by"], len(names), byes=has_byes(drive), expected=boards_due(drive),
                  by_board=drive_pairs.is_pairs(drive))
    text = standings_csv(ranked, names) + "\n" + deal_results_csv(results, names)
    pairs = standings(drive, user_id).get("pairs")
    if pairs:
        text += "\nfield,place,pair,names,matchpoints,scaled,boards\n" + "".join(
            f"{p['field'] or ''},{p['place']},{p['pair_no']},{' & '.join(p['names'])},{p['matchpoints']},"
            f"{'' if p['scaled'] is None else p['scaled']},{p['boards']}\n" for p in pairs)
    records = hand_records(drive)
    if records:
        text += "\nround,deal,trump,N,E,S,W,hand N,hand E,hand S,hand W\n" + "".join(
            f"{r['round']},{r['deal']},{s},{','.join(map(str, r['tricks'][s]))},{','.join(r['hands'])}\n"
            for r in records if r["tricks"] is not None for s in STRAINS)
    return text + corrections_csv(drive, user_id)


def movement_text(drive: dict[str, Any]) -> str:
    """The movement printed as a table (the names of the people registered)."""
    moves = movement_of(drive)
    names = [e["name"] for e in drive["entries"]]
    if drive_pairs.is_pairs(drive):
        return drive_pairs.pairs_of(drive).text(names)
    return moves.table_text(names)


# The rounds a drive's movement plans, for its page and its movement cards: a movement of
# many people takes seconds to make (the individual movement's local search: 1.6 to 3.3 s for 48
# people at 12 rounds), so the page's view asks one worker thread for it and shows the
# seated rounds until it is made; the printed cards wait for it.
_PLANNED: dict[tuple[Any, ...], dict[int, dict[int, list[int | None]]]] = {}
_PLANNING: set[tuple[Any, ...]] = set()
_PLANNER = ThreadPoolExecutor(1, thread_name_prefix="drive-movements")


def _plan_rounds(key: tuple[Any, ...], drive: dict[str, Any]) -> None:
    try:
        _PLANNED[key] = {rnd.number: {t.number: [p + 1 if p is not None else None for p in t.seats]
                                      for t in rnd.tables} for rnd in movement_of(drive).rounds}
        while len(_PLANNED) > 256:
            del _PLANNED[next(iter(_PLANNED))]
    except DriveError:  # not yet a movement for these people (an odd number of a pairs drive's)
        _PLANNED[key] = {}
    except Exception:  # pragma: no cover: a movement that cannot be made shows the seated rounds
        log.exception("movement of drive %s", drive.get("id"))
    finally:
        _PLANNING.discard(key)


def _planned(drive: dict[str, Any], wait: bool) -> dict[int, dict[int, list[int | None]]]:
    """The rounds the drive's movement plans (entry numbers; None: a computer player), or
    none yet (``wait``: made here and now)."""
    if drive["movement"] == "progressive" or len(drive["entries"]) < 2:
        return {}
    keep = ("id", "movement", "family", "options", "rounds", "deals", "entries", "tables", "sit_out")
    key = (drive["id"], drive["movement"], len(drive["entries"]), drive["rounds"], len(drive["tables"]),
           bool(drive.get("sit_out")), drive["deals"])
    if key not in _PLANNED:
        if wait or drive_pairs.is_pairs(drive):  # a pairs movement is made at once
            _plan_rounds(key, {k: drive.get(k) for k in keep})
        elif key not in _PLANNING:
            _PLANNING.add(key)
            _PLANNER.submit(_plan_rounds, key, {k: drive.get(k) for k in keep})
    return _PLANNED.get(key, {})


def movement_rounds(drive: dict[str, Any], wait: bool = False) -> list[dict[str, Any]]:
    """Every round of the drive's movement as its page and its movement cards show it (who
    sits where, no card and no result): per round its tables and each seat's entry number,
    name (None: a computer player) and side (partners share one; None: no fixed partners);
    the rounds seated as they were seated, the later ones as the movement plans them, a
    computer player for those who left (the progressive drive's follow the results: none;
    none before two people have registered; none until the movement is made, unless
    ``wait``)."""
    seated: dict[int, dict[int, list[int | None]]] = {}
    for t in drive["tables"]:
        seated.setdefault(t["round_no"], {})[t["table_no"]] = list(t["seats"])
    gone = {e["number"]: e["left_round"] for e in drive["entries"] if e["left_round"] is not None}
    for number, tables in _planned(drive, wait).items():
        if number not in seated:  # a computer player plays for those who left, from then on
            seated[number] = {no: [None if p in gone and gone[p] <= number else p for p in seats]
                              for no, seats in tables.items()}
    names = {e["number"]: e["name"] for e in drive["entries"]}
    n = hands_of(drive)
    head = header_of(drive)
    sides = list(head.sides) if head.partnership == "fixed" else [None] * n
    return [
        {"round": r, "tables": [
            {"table": no, "seats": [{"seat": seat_name(i, n), "number": num or None,
                                     "name": names.get(num) if num else None, "side": sides[i]}
                                    for i, num in enumerate(seats)]}
            for no, seats in sorted(seated[r].items())]}
        for r in sorted(seated)]


def results_html(view: dict[str, Any]) -> str:
    """A printable page of the drive's results: its settings, the standings (with the
    ranking rule) and each round's tables."""
    e = html.escape
    rounds = view["rounds"]
    head = "".join(f"<th>{r}</th>" for r in range(1, rounds + 1))
    st = view["standings"]
    rows = "".join(
        f"<tr><td>{s['place']}</td><td>{s['number']}</td><td>{e(s['name'])}</td>"
        + "".join(f"<td>{x}</td>" for x in s["rounds"])
        + f"<td><strong>{s['total']}</strong></td>"
        f"<td>{s['margin']}</td><td>{s['matchpoints']}</td>"
        + (f"<td><strong>{s['scaled']}</strong></td>" if st.get("scaling") else "")
        + "</tr>"
        for s in st["rows"]
    )
    scaled_head = "<th>Scaled</th>" if st.get("scaling") else ""
    scaling = f" {e(st['scaling'].capitalize())}." if st.get("scaling") else ""
    tables = "".join(
        f"<tr><td>{t['round']}</td><td>{t['table']}</td><td>"
        + ", ".join(f"{x['seat']}: {e(x['name'] or 'computer')}" for x in t["seats"])
        + f"</td><td>{t['deals_done']}</td></tr>"
        for t in view["tables"]
    )
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{e(view['name'])}</title>"
        "<style>body{font:14px sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
        "td,th{border:1px solid #999;padding:.2em .6em;text-align:left}</style></head><body>"
        f"<h1>{e(view['name'])}</h1><p>{e(view['family'])} whist · {e(view['movement'])} movement · "
        f"{rounds} rounds of {view['deals']} deals · {e(view['state'])}</p>"
        f"<h2>Standings</h2><table><tr><th>Place</th><th>No.</th><th>Name</th>{head}<th>Total</th>"
        f"<th>Margin</th><th>Matchpoints</th>{scaled_head}</tr>{rows}</table><p>Ranked by {e(st['by'])}; "
        f"{e(st['tie_break'])}.{scaling}</p><h2>Tables</h2><table><tr><th>Round</th><th>Table</th><th>Seats</th>"
        f"<th>Deals</th></tr>{tables}</table>{_pairs_html(st.get('pairs'))}"
        f"{_records_html(view.get('hand_records', []))}"
        f"{corrections_html(view.get('corrections', []))}</body></html>"
    )


def _pairs_html(pairs: list[dict[str, Any]] | None) -> str:
    """The print page's standings by pair of a Mitchell or Howell: a table a field."""
    if not pairs:
        return ""
    e = html.escape
    out = []
    for field in dict.fromkeys(p["field"] for p in pairs):
        rows = "".join(f"<tr><td>{p['place']}</td><td>{p['pair_no']}. {e(' & '.join(p['names']))}</td>"
                       f"<td>{p['matchpoints']}</td><td>{p['boards']}</td></tr>"
                       for p in pairs if p["field"] == field)
        out.append(f"<h2>Pairs{' ' + e(field) if field else ''}</h2><table class='pairs'><tr><th>Place</th>"
                   f"<th>Pair</th><th>Matchpoints</th><th>Boards</th></tr>{rows}</table>")
    return "".join(out)


def _records_html(records: list[dict[str, Any]]) -> str:
    """The print page's hand records: per board the hands and the double-dummy tricks."""
    if not records:
        return ""
    e = html.escape
    rows = "".join(
        f"<tr><td>{r['round']}</td><td>{r['deal']}</td><td>"
        + "<br>".join(f"{seat}: {e(hand)}" for seat, hand in zip("NESW", r["hands"], strict=True))
        + "</td><td>"
        + ("<br>".join(f"{s}: " + " ".join(f"{seat} {n}" for seat, n in zip("NESW", r["tricks"][s],
                                                                              strict=True))
                       for s in STRAINS) if r["tricks"] is not None else "being worked out")
        + "</td></tr>"
        for r in records
    )
    return ("<h2>Hand records</h2><p>Double dummy: the tricks each seat's side takes with each trump "
            "(NT: no trump), the seat on its left leading.</p><table><tr><th>Round</th><th>Deal</th>"
            f"<th>Hands</th><th>Tricks</th></tr>{rows}</table>")


# --- hand records -------------------------------------------------------------------------
# A duplicate online drive's boards, once their round is over everywhere
# (policy.drive_round_over): the hands and the double-dummy tricks, worked out by the solver
# in one worker thread (seconds a deal) and kept here; shown as pending until then.

_SOLVED: dict[tuple[int, ...], dict[str, Any]] = {}
_QUEUED: set[tuple[int, ...]] = set()
_KEPT = 4096
"""Hand records kept in memory at most (the oldest forgotten first, worked out again if asked)."""
_SOLVER = ThreadPoolExecutor(1, thread_name_prefix="hand-records")


def _solve(hands: tuple[int, ...]) -> None:
    try:
        _SOLVED[hands] = hand_record(hands)
        while len(_SOLVED) > _KEPT:
            forgotten = next(iter(_SOLVED))
            del _SOLVED[forgotten]
            _QUEUED.discard(forgotten)
    except Exception:  # pragma: no cover: a solver failure leaves the record pending
        log.exception("hand record of %s", hands)


def hand_records(drive: dict[str, Any]) -> list[dict[str, Any]]:
    """The hand records of a duplicate online drive's boards whose round is over everywhere
    (none for other drives, nor at two-hand tables): per board its round, deal, the hands
    (N, E, S, W) and per trump the tricks each seat's side takes double dummy (None while
    the solver works them out)."""
    if not drive["duplicate"] or drive["mode"] != "online" or hands_of(drive) != 4:
        return []
    with without_ranges():
        _, opts = resolve(drive["family"], None, **drive["options"])
    out = []
    for r in range(1, int(drive["round_no"]) + 1):
        if not policy.drive_round_over(drive, r):
            continue
        boards = board_hands(drive["family"], opts, table_seed(drive, r, 1), drive["deals"])
        for d, hands in enumerate(boards, 1):
            done = _SOLVED.get(hands)
            if done is None and hands not in _QUEUED:
                _QUEUED.add(hands)
                _SOLVER.submit(_solve, hands)
            out.append({"round": r, "deal": d, "hands": [format_hand(h) for h in hands],
                        "tricks": done["tricks"] if done is not None else None})
    return out


# --- fair results: a sit-out each round, Neuberg, confirmed entries, corrections ----------------
# A drive of 4n + 1 people in the individual movement may have one person sit out each round
# (the whist tournament's own sit-out) instead of a computer player.  In scorer mode a table's
# entry counts as soon as it is made and shows as waiting until a person of the other side at
# that table confirms it; a confirmed entry changed by its side waits, unchanged, for the other
# side's consent; the director corrects any entry (logged, with a reason) and locks it.


def check_sit_out(family: str, opts: Any, body: Any) -> None:
    """Refuse (422 ``sit_out_movement``) a sit-out asked for a drive whose movement is not
    the individual one at tables of four."""
    if getattr(body, "sit_out", False) and (
        body.movement != "individual" or get_variant(family).header(opts).hands != 4
    ):
        raise DriveError(
            422,
            "one person sits out each round only in the individual movement at tables of four",
            "sit_out_movement",
        )


def check_pairs_new(family: str, opts: Any, body: Any) -> None:
    """Refuse (422) a Mitchell or Howell drive that is not played on real cards by fixed
    partnerships at tables of four, or has more boards a round than a movement takes."""
    if "pairs" not in FAMILY_MOVEMENTS[family] or get_variant(family).header(opts).hands != 4:
        raise DriveError(422, f"a {body.movement} movement seats fixed partnerships at tables of four, "
                         f"which {family} whist has not", "pairs_family", movement=body.movement)
    if body.mode != "scorer":
        raise DriveError(422, f"a {body.movement} movement moves boards between real tables: choose real "
                         "cards at the club (online, every table plays the same deals at once)",
                         "pairs_scorer", movement=body.movement)
    if body.deals > MAX_BOARDS:
        raise DriveError(422, f"a {body.movement} movement plays 1 to {MAX_BOARDS} boards a round",
                         "pairs_boards", most=MAX_BOARDS)


def pairs_drive_plan(drive: dict[str, Any]) -> Plan:
    """The Mitchell or Howell drive's movement (:func:`openwhist.server.drive_pairs.pairs_plan`):
    DriveError 409 ``pairs_people`` for an odd number of people or fewer than four,
    ``pairs_movement`` where the movement cannot seat them."""
    people = len(drive["entries"])
    if people % 2 or people < 4:
        raise DriveError(409, f"the pairs are the people two by two in the order they registered: "
                         f"an even number of people from 4, not {people}", "pairs_people", people=people)
    try:
        return drive_pairs.pairs_plan(drive, drive["family"])
    except WhistError as exc:
        raise DriveError(409, str(exc), "pairs_movement", people=people) from None


def check_deal(drive: dict[str, Any], round_no: int, table_no: int, deal_no: int) -> None:
    """Refuse (422) a deal number that table ``table_no`` does not play in round
    ``round_no``: a round's deals 1 to ``deals``; a Mitchell or Howell table's boards."""
    if drive_pairs.is_pairs(drive):
        boards = drive_pairs.round_boards(drive, round_no).get(table_no, ())
        if deal_no not in boards:
            shown = ", ".join(map(str, boards))
            raise DriveError(422, f"table {table_no} plays boards {shown} in round {round_no}, not board "
                             f"{deal_no}", "board_not_here", board=deal_no, table=table_no, boards=shown)
        return
    if not 1 <= deal_no <= drive["deals"]:
        raise DriveError(422, f"a round has deals 1 to {drive['deals']}", "deal_range", most=drive["deals"])


def sit_out_plan(drive: dict[str, Any], opts: Any) -> Plan:
    """The movement of a drive with a sit-out: the whist tournament of its 4n + 1 people
    (DriveError 409 ``sit_out_people`` for another number of people)."""
    people = len(drive["entries"])
    if people % 4 != 1:
        raise DriveError(
            409,
            f"one person sits out each round with 4n + 1 people (5, 9, 13...), not {people}",
            "sit_out_people",
            people=people,
        )
    try:
        return movement_plan("individual", people, drive["family"], drive["rounds"], options=opts,
                             sit_out=True)
    except WhistError as exc:
        raise DriveError(409, str(exc), "sit_out_people", people=people) from None


def boards_due(drive: dict[str, Any]) -> int | None:
    """How many results each duplicate board should have (the most tables of a round; of
    a Mitchell or Howell, the most tables that play a board): a board with fewer is
    matchpointed with Neuberg's adjustment; None before any round."""
    if drive_pairs.is_pairs(drive) and drive["tables"]:
        return drive_pairs.board_plays(drive)
    per_round: dict[int, int] = {}
    for t in drive["tables"]:
        per_round[t["round_no"]] = per_round.get(t["round_no"], 0) + 1
    return max(per_round.values(), default=None)


def mp_shown(mp: float) -> float:
    """Matchpoints as the pages show them: whole ones as integers, others to one decimal."""
    return int(mp) if float(mp).is_integer() else round(mp, 1)


def _sides(drive: dict[str, Any]) -> tuple[int, ...] | None:
    """Each seat's side where the family has sides (None where every player is his own)."""
    sides = header_of(drive).sides
    return tuple(sides) if sides is not None else None


def _result_row(drive: dict[str, Any], round_no: int, table_no: int, deal_no: int) -> dict[str, Any] | None:
    return next((r for r in drive["results"]
                 if (r["round_no"], r["table_no"], r["deal_no"]) == (round_no, table_no, deal_no)), None)


def _drive_table(drive: dict[str, Any], round_no: int, table_no: int) -> dict[str, Any]:
    table: dict[str, Any] | None = next(
        (t for t in drive["tables"] if (t["round_no"], t["table_no"]) == (round_no, table_no)), None)
    if table is None:
        raise DriveError(404, f"no table {table_no} in round {round_no}", "no_drive_table", table=table_no)
    return table


def entry_state(row: dict[str, Any]) -> str:
    """A stored result's state: ``played`` (online), ``confirmed``, ``waiting`` (for the
    other side's confirmation) or ``change_waiting`` (a change of a confirmed entry)."""
    if row.get("proposed"):
        return "change_waiting"
    if row["entered_by"] is None and "entry" not in row["result"]:
        return "played"
    return "confirmed" if row.get("confirmed_by") is not None else "waiting"


def entry_states(drive: dict[str, Any], user_id: int | None) -> list[dict[str, Any]]:
    """Scorer mode: the entries of the tables ``user_id`` sits or sat at (every table for
    the director): those of the round being played, and of earlier rounds those not yet
    confirmed or locked; each with its state (:func:`entry_state`), whether it is locked,
    what was entered (and the change waiting), and whether he may confirm it now."""
    if drive["mode"] != "scorer" or user_id is None:
        return []
    director = user_id == drive["director_id"]
    numbers = {e["number"] for e in drive["entries"] if e["user_id"] == user_id}
    tables = {(t["round_no"], t["table_no"]): t for t in drive["tables"]}
    seated = {k for k, t in tables.items() if numbers & set(t["seats"])}
    sides = _sides(drive)
    by_table: dict[tuple[int, int], list[dict[str, Any]]] | None = drive.get("_by_table")
    if by_table is None:  # made once per drive as read
        by_table = drive["_by_table"] = {}
        for r in drive["results"]:
            by_table.setdefault((r["round_no"], r["table_no"]), []).append(r)
    rows = drive["results"] if director else [r for k in sorted(seated) for r in by_table.get(k, [])]
    out = []
    for r in rows:
        key = (r["round_no"], r["table_no"])
        state = entry_state(r)
        settled = state in ("confirmed", "played") and not r.get("locked")
        if key not in tables or not (director or key in seated) or (r["round_no"] != drive["round_no"]
                                                                    and settled):
            continue
        may = False
        if key in seated and state in ("waiting", "change_waiting"):
            try:
                policy.may_confirm_drive_entry(drive, user_id, tables[key], r, sides)
                may = True
            except policy.Refused:
                pass
        out.append({"round": r["round_no"], "table": r["table_no"], "deal": r["deal_no"],
                    "state": state, "locked": bool(r.get("locked")),
                    "detail": r["result"].get("detail", ""),
                    "proposed": r["proposed"].get("detail") if r.get("proposed") else None,
                    "can_confirm": may})
    return out


def corrections_shown(drive: dict[str, Any], user_id: int | None) -> list[dict[str, Any]]:
    """The director's corrections and locks of the results ``user_id`` is shown
    (:func:`openwhist.server.policy.drive_results_shown`'s boards): per change the round,
    table, deal, action, when, the result before and after (in words) and the reason."""
    log = drive.get("corrections") or []
    if not log:
        return []
    still = set() if policy.drive_sees_all(drive, user_id) else policy.drive_open_boards(drive)
    return [
        {"round": c["round_no"], "table": c["table_no"], "deal": c["deal_no"], "action": c["action"],
         "at": c["created"], "by": "director",
         "before": (c["before"] or {}).get("detail"), "after": (c["after"] or {}).get("detail"),
         "reason": c["reason"]}
        for c in log
        if policy.drive_board(drive, c["round_no"], c["table_no"], c["deal_no"]) not in still
    ]


def fair_view(drive: dict[str, Any], user_id: int | None) -> dict[str, Any]:
    """What :func:`drive_view` adds for fair results: the sit-out setting, whether the
    caller sits out this round, the states of the entries at his tables and the log of
    corrections he may see."""
    mine = next((e["number"] for e in drive["entries"]
                 if user_id is not None and e["user_id"] == user_id), None)
    sitting = (mine is not None and drive["state"] in ("running", "paused") and drive["round_no"] >= 1
               and not any(mine in t["seats"] for t in drive["tables"] if t["round_no"] == drive["round_no"]))
    return {"sit_out": bool(drive.get("sit_out")), "sitting_out": sitting,
            "entry_states": entry_states(drive, user_id),
            "corrections": corrections_shown(drive, user_id)}


def corrections_csv(drive: dict[str, Any], user_id: int | None) -> str:
    """The log of corrections for the CSV (a blank line and a header first; none: empty)."""
    rows = corrections_shown(drive, user_id)
    if not rows:
        return ""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["round", "table", "deal", "action", "when (UTC)", "by", "before", "after", "reason"])
    for c in rows:
        w.writerow([c["round"], c["table"], c["deal"], c["action"], _utc(c["at"]), c["by"],
                    c["before"] or "", c["after"] or "", c["reason"]])
    return "\n" + buf.getvalue()


def _utc(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at))


def corrections_html(rows: list[dict[str, Any]]) -> str:
    """The print page's log of the director's corrections and locks."""
    if not rows:
        return ""
    e = html.escape
    body = "".join(
        f"<tr><td>{c['round']}</td><td>{c['table']}</td><td>{c['deal']}</td><td>{e(c['action'])}</td>"
        f"<td>{_utc(c['at'])}</td><td>{e(c['before'] or '')}</td><td>{e(c['after'] or '')}</td>"
        f"<td>{e(c['reason'])}</td></tr>"
        for c in rows
    )
    return ("<h2>Corrections</h2><table id='corrections'><tr><th>Round</th><th>Table</th><th>Deal</th>"
            "<th>Action</th><th>When (UTC)</th><th>Before</th><th>After</th><th>Reason</th></tr>"
            f"{body}</table>")


class FairResults:
    """Scorer mode's entries made fair: stored as entered and waiting for the other side's
    confirmation, a confirmed one changed only with that side's consent, the director's
    corrections and locks logged (see the section's comment)."""

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
