"""A finished match and a finished deal as the table tells them (:class:`Outcome`,
:class:`DealEnd`), made by the finisher (:mod:`~openwhist.server.table.finisher`) and
heard by the hooks the server registers: ratings and drives read these, never the table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from openwhist.server import policy
from openwhist.server.table.base import SeatState

__all__ = ["DealEnd", "EndedMatch", "Outcome"]


@dataclass(frozen=True)
class Outcome:
    """A finished match, taken when it ended (before another can start): the table's id,
    its drive and variant, the match's number, the seats that won (``winners``, letters;
    None for a tie), each side's (or player's) ``points``, the ``record`` stored and its
    ``record_id``, the ``facts`` that decide whether it can be rated, and who sat where."""

    table_id: str
    drive_id: str | None
    variant: str
    match_no: int
    winners: tuple[str, ...] | None
    points: list[int]
    summary: Any
    record: dict[str, Any]
    record_id: int | None
    facts: policy.MatchFacts
    seats: Mapping[int, SeatState]


EndedMatch = Outcome
"""The finished match as the ratings read it (its former name)."""


@dataclass(frozen=True)
class DealEnd:
    """A deal ended at a table: its number in the match and its result; ``outcome`` when
    it ended the match."""

    table_id: str
    drive_id: str | None
    deal_no: int
    result: Any
    outcome: Outcome | None
