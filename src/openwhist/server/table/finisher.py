"""The end of a match: who won, by how many points, its record, and whether it can be
rated, as one typed :class:`Outcome` (in the manner of python-chess's ``Board.outcome()``).
Ratings and drives hear of a finished match from its outcome, through the hooks the server
registers (:meth:`Finisher.listen`); they never reach into the table."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from openwhist import records
from openwhist.match import Match
from openwhist.ratings import RATED_FAMILIES
from openwhist.rules.registry import get_variant
from openwhist.rules.seats import seat_name
from openwhist.server import policy
from openwhist.server.table.base import variant_seats
from openwhist.server.table.outcome import DealEnd, EndedMatch, Outcome

if TYPE_CHECKING:
    from openwhist.server.table.live import LiveTable

__all__ = ["DealEnd", "EndedMatch", "Finisher", "Outcome", "match_points", "match_winners"]


def match_points(match: Match) -> list[int]:
    """What decides the match, per side (or per player): its match points (rubber
    points, a points total) where it has any, else the points of every deal added up
    (a match of so many deals), else the score."""
    totals = list(match.totals)
    if any(totals):
        return totals
    rows = [r.result.points for r in match.sheet if hasattr(r.result, "points")]
    if rows:
        return [sum(p[i] for p in rows) for i in range(len(rows[0]))]
    return list(match.score)


def match_winners(match: Match) -> list[str] | None:
    """The letters of the seats that won the match (see :func:`match_points`): the side
    with the most points, or where each plays for himself the players with the most;
    None for a tie."""
    points = match_points(match)
    deal = match.state
    n = deal.n_hands
    if not points or points.count(max(points)) == len(points):
        return None
    best = max(points)
    if len(points) == n:  # a score per player
        return [seat_name(h, n) for h in range(n) if points[h] == best]
    if points.count(best) > 1:
        return None
    side = points.index(best)
    return [seat_name(h, n) for h in range(len(deal.sides)) if deal.sides[h] == side]


class Finisher:
    """Decides a table's match: its points and winners, the record stored when it ends, the
    facts that decide its rating, and the :class:`Outcome` the hooks hear of."""

    def __init__(self, table: LiveTable) -> None:
        self.t = table
        self.ended: Outcome | None = None
        self._rated_family: bool | None = None  # a rated family, every seat its own hand
        self._deal_hooks: list[Callable[[DealEnd], None]] = []
        self._outcome_hooks: list[Callable[[Outcome], None]] = []

    def listen(self, deal: Callable[[DealEnd], None] | None = None,
               outcome: Callable[[Outcome], None] | None = None) -> None:
        """Register hooks: ``deal`` hears of every deal that ends, ``outcome`` of every
        match that ends (after it is stored).  A hook must not hold the table up."""
        if deal is not None:
            self._deal_hooks.append(deal)
        if outcome is not None:
            self._outcome_hooks.append(outcome)

    def points(self) -> list[int]:
        """The match's points (:func:`match_points`)."""
        return match_points(self.t.match)

    def winners(self) -> list[str] | None:
        """The match's winners (:func:`match_winners`)."""
        return match_winners(self.t.match)

    def record(self) -> dict[str, Any]:
        """The finished match's record, its ``players`` naming who sat at each seat at
        the end: a person's name, ``bot:LEVEL`` for a bot (the seat letter where nobody is
        known, ``dummy`` for the dummy)."""
        t = self.t
        record = records.match_record(t.match)
        players = list(record["players"])
        for seat, st in t.seats.items():
            if not 0 <= seat < len(players):
                continue
            if st.kind == "person" and st.name:
                players[seat] = f"guest:{st.name}" if st.user_id in t.guests else st.name
            elif st.kind == "bot":
                players[seat] = f"bot:{st.bot or t.host.settings.stand_in}"
        record["players"] = players
        return record

    def facts(self, public: bool | None = None) -> policy.MatchFacts:
        """What decides whether this match can be rated (:func:`policy.can_be_rated`), from
        the seats now; ``public``: a drive's table is public when the drive is rated."""
        t = self.t
        if self._rated_family is None:
            opts = get_variant(t.variant).options(None, **t.options)
            hands = get_variant(t.variant).header(opts).hands
            self._rated_family = (t.variant in RATED_FAMILIES
                                  and len(variant_seats(t.variant, opts)) == hands)
        people = [st.user_id for st in t.seats.values() if st.kind == "person"]
        owners: dict[str, int] = {}
        shared = False
        for uid, keys in t.seen.items():
            for key in keys:
                shared = shared or owners.setdefault(key, uid) != uid
        return policy.MatchFacts(
            rated_family=self._rated_family,
            people=len(people), computers=sum(st.kind == "bot" for st in t.seats.values()),
            guests=sum(uid in t.guests for uid in people),
            public=(not t.private) if public is None else public,
            taken_back=t.taken_back, shared_address=shared)

    def outcome(self, match_no: int, record: dict[str, Any], record_id: int | None) -> Outcome:
        """The finished match on the table (numbered ``match_no``, stored as ``record``
        under ``record_id``), kept as :attr:`ended`."""
        t = self.t
        winners = self.winners()
        self.ended = Outcome(
            table_id=t.id, drive_id=t.drive_id, variant=t.variant, match_no=match_no,
            winners=None if winners is None else tuple(winners), points=self.points(),
            summary=t.match.summary(), record=record, record_id=record_id, facts=self.facts(),
            seats={s: dataclasses.replace(st, conns=set()) for s, st in t.seats.items()})
        return self.ended

    def deal_ended(self, deal_no: int, result: Any, outcome: Outcome | None) -> None:
        """Tell the hooks a deal ended (and with ``outcome``, the match)."""
        end = DealEnd(self.t.id, self.t.drive_id, deal_no, result, outcome)
        for hook in self._deal_hooks:
            hook(end)
        if outcome is not None:
            for match_hook in self._outcome_hooks:
                match_hook(outcome)
