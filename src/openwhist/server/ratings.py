"""Ratings on the play server: every finished rated match moves the ratings of the people
who played it (:mod:`openwhist.ratings`: OpenSkill, per family, computer players at their
fixed ratings); the leaderboards and each person's history come from the database
(:mod:`openwhist.store.drives`).

Which matches are rated is :func:`openwhist.ratings.rated`'s rule against farming: tables
of people only, or public tables (a whist drive that is rated counts as one), and a
person's matches against computer players at his own table only a few times a day.  A
guest is no account: a match with a guest at the table is not rated.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, func, select

from openwhist.ratings import RATED_FAMILIES, Rating, TableFacts, computer_rating, match_teams, rate, rated
from openwhist.rules.registry import get_variant
from openwhist.server import policy
from openwhist.server.table import variant_seats
from openwhist.store import RECORDS
from openwhist.store.drives import (
    HISTORY,
    add_rating_change,
    get_drive,
    get_ratings,
    put_pending_rating,
    take_pending_rating,
)

if TYPE_CHECKING:
    from openwhist.server.hub import Hub
    from openwhist.server.table import TableRunner

__all__ = ["RatingBook", "player_key"]


def player_key(user_id: int) -> str:
    """The key a person's ratings are kept under."""
    return f"user:{user_id}"


def _rated_today(conn: Connection, player: str, table_id: str) -> int:
    """The person's rated matches at this table in the last day."""
    return int(
        conn.execute(
            select(func.count())
            .select_from(HISTORY)
            .where(
                HISTORY.c.player == player,
                HISTORY.c.table_id == table_id,
                HISTORY.c.created > time.time() - 86400,
            )
        ).scalar_one()
    )


def _last_record(conn: Connection, table_id: str) -> int | None:
    """The id of the table's last finished match's record (the one just stored)."""
    found = conn.execute(select(func.max(RECORDS.c.id)).where(RECORDS.c.table_id == table_id)).scalar()
    return int(found) if found is not None else None


class RatingBook:
    """The server's ratings (see the module's docstring)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def match_played(self, runner: TableRunner, record: dict[str, Any]) -> dict[str, float] | None:
        """A match ended at ``runner``'s table (its record stored): if it is rated, the
        people's new ratings are stored with their history; a drive table's once nobody
        still has to play its boards (:meth:`settle`).  Returns each person's new ``mu`` by
        player key, or None for a match not rated or not rated yet."""
        family = runner.variant
        opts = get_variant(family).options(None, **runner.options)
        hands = get_variant(family).header(opts).hands
        if family not in RATED_FAMILIES or len(variant_seats(family, opts)) != hands:
            return None  # Dummy whist's dummy plays no part of its own
        people = [(s, st) for s, st in sorted(runner.seats.items()) if st.kind == "person"]
        if any(st.user_id in runner.guests for _, st in people):
            return None
        bots = [s for s, st in runner.seats.items() if st.kind == "bot"]
        public = not runner.private
        if runner.drive_id is not None:
            drive = await self.hub.store.run(get_drive, runner.drive_id)
            public = bool(drive and drive["rated"])
        repeats = 0
        if bots and public and runner.owner_id is not None:
            repeats = await self.hub.store.run(_rated_today, player_key(runner.owner_id), runner.id)
        facts = TableFacts(
            people=len(people), computers=len(bots), public=public, finished=True, repeats=repeats
        )
        if not rated(facts):
            return None
        keys: dict[int, str] = {}
        for s, st in runner.seats.items():
            if st.kind == "person" and st.user_id is not None:
                keys[s] = player_key(st.user_id)
        # the teams by seat (partnerships, or each for himself) and their scores, from the
        # match's totals as the ratings library reads them
        named, scores = match_teams(family, [str(s) for s in sorted(runner.seats)], runner.match_points())
        teams = [[int(s) for s in team] for team in named]
        computers = {}
        for team in teams:
            for s in team:
                if s not in keys:
                    fixed = computer_rating(family, runner.seats[s].bot or self.hub.settings.stand_in)
                    computers[str(s)] = [fixed.mu, fixed.sigma]
        change = {
            "family": family,
            "teams": teams,
            "scores": list(scores),
            "people": {str(s): [keys[s], runner.seats[s].user_id, runner.seats[s].name or "?"] for s in keys},
            "computers": computers,
            "record_id": await self.hub.store.run(_last_record, runner.id),
            "table_id": runner.id,
        }
        if runner.drive_id is not None:
            # a drive's board is still played at other tables: the change waits until it
            # is over everywhere (a rating that moves tells how the table did)
            await self.hub.store.run(put_pending_rating, runner.id, change)
            await self.settle(runner.drive_id)
            return None
        return await self.apply(change)

    async def apply(self, change: dict[str, Any]) -> dict[str, float]:
        """Apply a match's rating changes (as :meth:`match_played` made them) to the
        people's stored ratings.  Returns each person's new ``mu`` by player key."""
        family = change["family"]
        people = {int(s): p for s, p in change["people"].items()}
        stored = await self.hub.store.run(get_ratings, family, [p[0] for p in people.values()])

        def rating_of(seat: int) -> Rating:
            if seat in people:
                row = stored.get(people[seat][0])
                return Rating(row["mu"], row["sigma"]) if row else Rating()
            mu, sigma = change["computers"][str(seat)]
            return Rating(mu, sigma)

        teams = change["teams"]
        old = [[rating_of(s) for s in team] for team in teams]
        new = rate(old, scores=change["scores"], fixed=[[s not in people for s in team] for team in teams])
        out = {}
        for team, before, after in zip(teams, old, new, strict=True):
            for s, b, r in zip(team, before, after, strict=True):
                if s in people:
                    key, user_id, name = people[s]
                    await self.hub.store.run(
                        add_rating_change, family, key, user_id, name, b.mu, r.mu, r.sigma,
                        change["record_id"], change["table_id"],
                    )
                    out[key] = r.mu
        return out

    async def settle(self, drive_id: str) -> None:
        """Apply the kept rating changes of a drive's tables whose boards nobody still has
        to play (:func:`openwhist.server.policy.drive_rating_due`); each is applied once,
        even by two server processes at once."""
        drive = await self.hub.store.run(get_drive, drive_id)
        if drive is None:
            return
        for t in drive["tables"]:
            if t.get("rating") is None or not policy.drive_rating_due(drive, t["round_no"], t["table_no"]):
                continue
            change = await self.hub.store.run(take_pending_rating, drive_id, t["round_no"], t["table_no"])
            if change is not None:
                await self.apply(change)
