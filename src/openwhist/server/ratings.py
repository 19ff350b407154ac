"""Ratings on the play server: every finished rated match moves the ratings of the people
who played it (:mod:`openwhist.ratings`: OpenSkill, per family, computer players at their
fixed ratings); the leaderboards and each person's history come from the database
(:mod:`openwhist.store.drives`).

Which matches are rated is :func:`openwhist.server.policy.can_be_rated`'s rule against
farming: tables of people only, or public tables (a whist drive that is rated counts as
one); a guest is no account, so a match with a guest at the table is not rated; nor is a
match in which a card was taken back, or one between two accounts seen at one address.
A person's matches against computer players count only a few times a day, at all tables
together (:func:`openwhist.server.policy.rated_for`); past that, he plays at his rating
unchanged.  A whist drive's table's changes wait until nobody still has to play its
boards (a rating that moves tells how the table did).
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, func, select

from openwhist.ratings import Rating, computer_rating, match_teams, rate
from openwhist.server import policy
from openwhist.server.policy import can_be_rated, rated_for
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
    from openwhist.server.host import RatingHost
    from openwhist.server.table.finisher import Outcome

__all__ = ["RatingBook", "player_key"]


def player_key(user_id: int) -> str:
    """The key a person's ratings are kept under."""
    return f"user:{user_id}"


def _rated_today(conn: Connection, player: str, family: str) -> int:
    """The person's rated matches of ``family`` against computer players in the last day, at
    any table (a match whose record names a ``bot:`` player; a name never holds a colon)."""
    return int(
        conn.execute(
            select(func.count())
            .select_from(HISTORY.join(RECORDS, RECORDS.c.id == HISTORY.c.record_id))
            .where(
                HISTORY.c.player == player,
                HISTORY.c.family == family,
                HISTORY.c.created > time.time() - 86400,
                RECORDS.c.players.like('%"bot:%'),
            )
        ).scalar_one()
    )


def _last_record(conn: Connection, table_id: str) -> int | None:
    """The id of the table's last finished match's record (the one just stored)."""
    found = conn.execute(select(func.max(RECORDS.c.id)).where(RECORDS.c.table_id == table_id)).scalar()
    return int(found) if found is not None else None


class RatingBook:
    """The server's ratings (see the module's docstring)."""

    def __init__(self, hub: RatingHost) -> None:
        self.hub = hub
        self._lock = asyncio.Lock()

    async def match_played(self, outcome: Outcome) -> dict[str, float] | None:
        """A match ended at a table (its ``outcome``, its record stored): if it is rated, the
        people's new ratings are stored with their history; a drive table's once nobody
        still has to play its boards (:meth:`settle`).  Returns each person's new ``mu`` by
        player key, or None for a match not rated or not rated yet."""
        family = outcome.variant
        facts = outcome.facts
        if outcome.drive_id is not None:
            drive = await self.hub.store.run(get_drive, outcome.drive_id)
            facts = dataclasses.replace(facts, public=bool(drive and drive["rated"]))
        if not can_be_rated(facts):
            return None
        keys: dict[int, str] = {}
        for s, st in outcome.seats.items():
            if st.kind == "person" and st.user_id is not None:
                keys[s] = player_key(st.user_id)
        async with self._lock:  # one match at a time: the daily limit counts the one before
            moved: dict[int, str] = {}
            for s, key in keys.items():
                repeats = await self.hub.store.run(_rated_today, key, family) if facts.computers else 0
                if rated_for(facts, repeats):
                    moved[s] = key
            if not moved:
                return None
            change = await self._change(outcome, family, keys, moved)
            if outcome.drive_id is not None:
                # a drive's board is still played at other tables: the change waits until
                # it is over everywhere
                await self.hub.store.run(put_pending_rating, outcome.table_id, change)
                await self.settle(outcome.drive_id)
                return None
            return await self.apply(change)

    async def _change(self, ended: Outcome, family: str, keys: dict[int, str],
                      moved: dict[int, str]) -> dict[str, Any]:
        """The match's rating change, to apply now or later (:meth:`apply`): the people in
        ``moved`` get new ratings; the others (computer players, people past the daily
        limit) take part at their ratings unchanged."""
        # the teams by seat (partnerships, or each for himself) and their scores, from the
        # match's totals as the ratings library reads them
        named, scores = match_teams(family, [str(s) for s in sorted(ended.seats)], ended.points)
        teams = [[int(s) for s in team] for team in named]
        computers = {}
        for team in teams:
            for s in team:
                if s not in keys:
                    fixed = computer_rating(family, ended.seats[s].bot or self.hub.settings.stand_in)
                    computers[str(s)] = [fixed.mu, fixed.sigma]
        record_id = ended.record_id
        if record_id is None:
            record_id = await self.hub.store.run(_last_record, ended.table_id)
        return {
            "family": family,
            "teams": teams,
            "scores": list(scores),
            "people": {str(s): [moved[s], ended.seats[s].user_id, ended.seats[s].name or "?"] for s in moved},
            "unmoved": {str(s): keys[s] for s in keys if s not in moved},
            "computers": computers,
            "record_id": record_id,
            "table_id": ended.table_id,
        }

    async def apply(self, change: dict[str, Any]) -> dict[str, float]:
        """Apply a match's rating change (as :meth:`match_played` made it) to the people's
        stored ratings.  Returns each person's new ``mu`` by player key."""
        family = change["family"]
        people = {int(s): p for s, p in change["people"].items()}
        unmoved = {int(s): key for s, key in change.get("unmoved", {}).items()}
        stored = await self.hub.store.run(get_ratings, family,
                                          [p[0] for p in people.values()] + list(unmoved.values()))

        def rating_of(seat: int) -> Rating:
            key = people[seat][0] if seat in people else unmoved.get(seat)
            if key is not None:
                row = stored.get(key)
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
