"""Tables without HTTP: making one (of any variant, seats open, a person's or a bot's),
finding and listing them as the policy lets each person see them, a hint, joining,
leaving, changing a seat and closing.  A drive's table is hidden from whoever still has to
play one of its boards."""

from __future__ import annotations

import json
import logging
import secrets
from typing import Any

from openwhist.bots import make_bot, parse_bot_spec, searches
from openwhist.errors import WhistError
from openwhist.rules.registry import get_variant, resolve
from openwhist.rules.seats import parse_seat
from openwhist.server import policy
from openwhist.server.drives import DriveError
from openwhist.server.hint import HintError, hint_for
from openwhist.server.hub import Hub
from openwhist.server.limits import Busy
from openwhist.server.policy import address_key
from openwhist.server.schemas.tables import QuickPlayIn, TableIn
from openwhist.server.services import refused
from openwhist.server.table import SeatError, TableRunner, variant_seats
from openwhist.store import create_table
from openwhist.store.drives import drive_of_table

__all__ = ["DrivesRead", "bot_spec", "change_seat", "close", "drive_place", "hint", "join", "join_by_code",
           "leave", "listing", "make_table", "may_watch", "my_tables", "quickplay", "snapshot",
           "table_for", "watched"]

log = logging.getLogger("openwhist.server")

DrivesRead = dict[str, dict[str, Any]]
"""The drives read for one request, by id (read once however many tables they hold)."""


def bot_spec(hub: Hub, text: str) -> str:
    """The bot of a seat's ``bot:LEVEL`` (the stand-in's by default); 503 for a searching
    bot before the solver is ready."""
    spec = text.partition(":")[2] or hub.settings.stand_in
    try:
        name, _ = parse_bot_spec(spec)
        bot = make_bot(spec, seed=0)
    except WhistError as exc:
        raise refused(422, str(exc)) from None
    if searches(bot) and not hub.pimc_ready.is_set():
        raise refused(503, f"{name} bots are not ready yet (the solver is being prepared); "
                           "try again in a minute or choose another bot")
    return spec


def _rules(body: TableIn) -> tuple[str, Any, str, int, list[int]]:
    """The variant's name, options, match length (``until``, ``count``) and seats."""
    try:
        name, opts = resolve(body.variant, body.preset, **body.options)
        rules = get_variant(name).match_rules(opts)
        until, count = rules.default_length()
        if body.until is not None:
            until = body.until
            count = next((x.default_count for x in rules.lengths() if x.until == until), 1)
        count = body.count or count
        rules.check_length(until, count)
        return name, opts, until, count, list(variant_seats(name, opts))
    except WhistError as exc:  # with its code (option_range, count_range, grid_nested...)
        raise refused(422, str(exc), getattr(exc, "code", None), **getattr(exc, "values", {})) from None
    except (TypeError, ValueError, OverflowError, RecursionError):  # an option's value of the wrong kind
        log.info("a table's options refused: %s", body.options)
        raise refused(422, "an option's value is of the wrong kind or out of range "
                           "(see GET /api/variants for each option's type)") from None


def _seats(hub: Hub, user: dict[str, Any], body: TableIn, name: str, playing: list[int]
           ) -> tuple[list[str], list[dict[str, Any]]]:
    specs = list(body.seats) if body.seats is not None else ["me"] + ["open"] * (len(playing) - 1)
    if len(specs) != len(playing):
        raise refused(422, f"{name} has {len(playing)} seats; give one entry for each")
    if specs.count("me") > 1:
        raise refused(422, "you can sit at one seat only", "one_seat")
    if body.move_time is not None and body.private:
        raise refused(422, "a time per move is for public tables; friends at a private table take "
                           "their time", "move_time_private")
    seats = []
    for seat, spec in zip(playing, specs):
        if spec == "me":
            seats.append({"seat": seat, "kind": "person", "user_id": user["id"], "bot": None})
        elif spec == "open":
            seats.append({"seat": seat, "kind": "open", "user_id": None, "bot": None})
        else:
            seats.append({"seat": seat, "kind": "bot", "user_id": None, "bot": bot_spec(hub, spec)})
    return specs, seats


async def make_table(hub: Hub, user: dict[str, Any], body: TableIn, ip: str) -> TableRunner:
    """A new table of ``user``'s, within the limits of new and open tables."""
    if not hub.table_limiter.hit(f"user|{user['id']}") or not hub.table_ip_limiter.hit(ip):
        raise refused(429, "too many new tables from you or from here; wait a while, or play "
                           "at one of the tables you have")
    limit = hub.settings.table_limit
    if hub.open_tables_of(user["id"]) >= limit:
        raise refused(409, f"you have {limit} open tables, the most one may have; "
                           "close one first (POST /api/tables/ID/close)")
    name, opts, until, count, playing = _rules(body)
    specs, seats = _seats(hub, user, body, name, playing)
    table_id = secrets.token_urlsafe(9)
    code = secrets.token_hex(4).upper() if body.private else None
    row = {"id": table_id, "variant": name, "options": json.dumps(opts.to_dict()),
           "seed": secrets.randbits(63), "until": until, "count": count,
           "private": body.private, "code": code, "owner_id": user["id"],
           "leave_to": body.leave_to, "move_time": body.move_time}
    await hub.store.run(create_table, row, seats)
    runner = await hub.open_table(table_id)
    assert runner is not None
    if "me" in specs:
        runner.note_address(user["id"], address_key(ip))
    return runner


async def quickplay(hub: Hub, user: dict[str, Any], body: QuickPlayIn, ip: str) -> TableRunner:
    """A new private table with ``user`` at the first seat and bots at the others (as
    many as the options seat: ``players`` where the variant has it)."""
    try:
        n = len(variant_seats(*resolve(body.variant, body.preset, **body.options)))
    except WhistError as exc:
        raise refused(422, str(exc), getattr(exc, "code", None), **getattr(exc, "values", {})) from None
    except (TypeError, ValueError, OverflowError, RecursionError):  # an option's value of the wrong kind
        raise refused(422, "an option's value is of the wrong kind or out of range "
                           "(see GET /api/variants for each option's type)") from None
    spec = TableIn(variant=body.variant, preset=body.preset, options=body.options, private=True,
                   seats=["me"] + [f"bot:{body.bot}"] * (n - 1), until=body.until, count=body.count)
    return await make_table(hub, user, spec, ip)


async def listing(hub: Hub, uid: int | None) -> list[TableRunner]:
    """``uid``'s own tables, then public tables with a free seat, oldest first."""
    mine, public = [], []
    drives: DrivesRead = {}
    for t in sorted(hub.tables.values(), key=lambda t: (t.created, t.id)):
        if uid is not None and t.is_member(uid):
            if await may_watch(hub, t, uid, drives):
                mine.append(t)
        elif not t.private and any(st.kind in ("open", "bot") and st.pending_user_id is None
                                   for st in t.seats.values()):
            public.append(t)
    return mine + public


async def my_tables(hub: Hub, uid: int) -> list[TableRunner]:
    """The live tables ``uid`` sits at or is about to sit at, newest first; an owner's
    table too until he stands up from it."""
    drives: DrivesRead = {}
    mine = [t for t in list(hub.tables.values()) if sits_at(t, uid) and await may_watch(hub, t, uid, drives)]
    mine.sort(key=lambda t: (t.created, t.id), reverse=True)
    return mine


def sits_at(runner: TableRunner, uid: int) -> bool:
    """True if ``uid`` sits at the table or is about to; also its owner who made it
    without sitting at it, until he sits down and stands up again."""
    return (runner.seat_of(uid) is not None or any(st.pending_user_id == uid for st in runner.seats.values())
            or (uid == runner.owner_id and uid not in runner.stood_up))


def table_for(hub: Hub, table_id: str, uid: int | None, code: str | None) -> TableRunner:
    """The live table ``table_id`` if ``uid`` may see it (a private one: its members, or
    with its code); 404 ``no_table`` else."""
    runner = hub.tables.get(table_id) if len(table_id) <= 16 else None
    if runner is None:
        raise refused(404, "no such table", "no_table")
    if not policy.may_see_table(private=runner.private, member=uid is not None and runner.is_member(uid),
                                code=code, table_code=runner.code):
        raise refused(404, "no such table", "no_table")
    return runner


async def drive_place(hub: Hub, table_id: str, drive_id: str | None = None,
                      drives: DrivesRead | None = None) -> tuple[dict[str, Any], int, int] | None:
    """The drive (read fresh, or from ``drives`` read for this request), round and table
    number a table plays; None for a table of no drive (LookupError if its drive or its
    place there cannot be found)."""
    if drive_id is None:
        where = await hub.store.run(drive_of_table, table_id)
        if where is None:
            return None
        drive_id = where[0]
    drive = drives.get(drive_id) if drives is not None else None
    if drive is None:
        try:
            drive = await hub.drives.load_fresh(drive_id)
        except DriveError:
            raise LookupError(drive_id) from None
        if drives is not None:
            drives[drive_id] = drive
    found = next((t for t in drive["tables"] if t["table_id"] == table_id), None)
    if found is None:
        raise LookupError(table_id)
    return drive, found["round_no"], found["table_no"]


async def may_watch(hub: Hub, runner: TableRunner, uid: int | None, drives: DrivesRead | None = None) -> bool:
    """Whether ``uid`` may see this table live: a drive's not while he still has to
    play one of its boards (:func:`policy.may_watch_drive_table`)."""
    if runner.drive_id is None:
        return True
    try:
        place = await drive_place(hub, runner.id, runner.drive_id, drives)
    except LookupError:
        return False
    return place is not None and policy.may_watch_drive_table(place[0], uid, place[1], place[2])


async def watched(hub: Hub, table_id: str, uid: int | None, code: str | None) -> TableRunner:
    """The table ``uid`` may see (:func:`table_for`), refused (403
    ``drive_board_unplayed``) while it plays a board he still has to play."""
    runner = table_for(hub, table_id, uid, code)
    if not await may_watch(hub, runner, uid):
        raise refused(403, "this table plays a board you still have to play: you see it once you have "
                           "played it", "drive_board_unplayed")
    return runner


async def snapshot(runner: TableRunner, uid: int | None) -> dict[str, Any]:
    """``uid``'s seat's current view (a spectator's if he does not sit here) and the
    table's version."""
    async def take() -> dict[str, Any]:
        seat = runner.seat_of(uid) if uid is not None else None
        return {"v": runner.version, "view": runner.view(seat)}

    result: dict[str, Any] = await runner.call(take)
    return result


async def hint(hub: Hub, table_id: str, user: dict[str, Any]) -> dict[str, Any]:
    """A bot's suggestion for ``user``'s move from his seat's view only (limited a minute)."""
    runner = table_for(hub, table_id, user["id"], None)
    if not hub.hint_limiter.hit(str(user["id"])):
        raise refused(429, f"at most {hub.settings.hint_limit} hints a minute; wait a little")
    try:
        return await hint_for(runner, user["id"], hub.pimc_ready.is_set(), hub.ask_pool.run)
    except HintError as exc:
        raise refused(exc.status, str(exc)) from None
    except Busy as exc:
        raise refused(503, str(exc)) from None


async def join(runner: TableRunner, user: dict[str, Any], seat_text: str | None, ip: str) -> dict[str, Any]:
    """Seat ``user`` at ``runner`` (at ``seat_text``, or the first free seat): an open
    seat at once, a bot's from the next deal; never a drive's table."""
    if runner.drive_id is not None:  # the movement seats it; a computer player's seat is not free
        raise refused(409, "a whist drive's table is seated by the drive: nobody joins it", "drive_table")
    seat = None
    if seat_text is not None:
        try:
            seat = parse_seat(seat_text, runner.deal.n_hands)
        except WhistError as exc:
            raise refused(422, str(exc)) from None
    try:
        result: dict[str, Any] = await runner.call(
            lambda: runner.join(user["id"], user["name"], seat, bool(user.get("guest")), ip))
    except SeatError as exc:
        raise refused(409, str(exc), exc.code, **exc.values) from None
    return {**result, "table": runner.info(user["id"])}


async def join_by_code(hub: Hub, code: str, user: dict[str, Any], seat_text: str | None,
                       ip: str) -> dict[str, Any]:
    """Join the private table whose invitation code is ``code`` (404 ``no_code``)."""
    for runner in list(hub.tables.values()):
        if runner.code is not None and secrets.compare_digest(runner.code, code.upper()):
            return await join(runner, user, seat_text, ip)
    raise refused(404, "no table has this code", "no_code")


async def leave(hub: Hub, table_id: str, uid: int) -> dict[str, Any]:
    """Stand ``uid`` up from the table."""
    runner = table_for(hub, table_id, uid, None)
    try:
        result: dict[str, Any] = await runner.call(lambda: runner.leave(uid))
    except SeatError as exc:
        raise refused(409, str(exc), exc.code, **exc.values) from None
    return result


async def change_seat(hub: Hub, table_id: str, uid: int, seat_text: str, spec_text: str) -> dict[str, Any]:
    """The owner makes a seat nobody sits at open or a computer player's."""
    runner = await watched(hub, table_id, uid, None)
    try:
        seat = parse_seat(seat_text, runner.deal.n_hands)
    except WhistError as exc:
        raise refused(422, str(exc)) from None
    spec = spec_text if spec_text == "open" else "bot:" + bot_spec(hub, spec_text)
    try:
        result: dict[str, Any] = await runner.call(lambda: runner.set_open_seat(uid, seat, spec))
    except SeatError as exc:
        raise refused(403 if exc.code == "not_owner" else 409, str(exc), exc.code, **exc.values) from None
    return {**result, "table": runner.info(uid)}


async def close(hub: Hub, table_id: str, uid: int) -> dict[str, Any]:
    """The owner closes (abandons) his table."""
    runner = table_for(hub, table_id, uid, None)
    if runner.owner_id != uid:
        raise refused(403, "only the table's owner can close it", "not_owner")
    try:
        return await hub.close_table(runner, uid)
    except SeatError as exc:
        raise refused(409, str(exc), exc.code, **exc.values) from None
