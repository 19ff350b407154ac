"""A live table (see :mod:`~openwhist.server.table.runner`): a queue of typed commands
(:mod:`~openwhist.server.table.commands`) handed one at a time to small collaborators, the
mover (:mod:`~openwhist.server.table.mover`), the pause, claims, talk, presence, the clock,
take-back, seating and the finisher (:mod:`~openwhist.server.table.finisher`), which
decides a match with a typed :class:`Outcome`."""

from __future__ import annotations

from openwhist.server.table.base import (
    QUICK_MESSAGES,
    TALK_LENGTH,
    TALK_LIMIT,
    TALK_WINDOW,
    Connection,
    SeatError,
    SeatState,
    TableClosed,
    TableHost,
    match_plan,
    match_seed,
    variant_seats,
)
from openwhist.server.table.finisher import DealEnd, EndedMatch, Outcome, match_points, match_winners
from openwhist.server.table.runner import TableRunner

__all__ = ["QUICK_MESSAGES", "TALK_LENGTH", "TALK_LIMIT", "TALK_WINDOW", "Connection", "DealEnd",
           "EndedMatch", "Outcome", "SeatError", "SeatState", "TableClosed", "TableHost", "TableRunner",
           "match_plan", "match_points", "match_seed", "match_winners", "variant_seats"]
