"""Whist drives: tournaments of many tables, online or on real cards at the club.

The library half of a drive, with no I/O: the movement (who sits where, round by round:
:func:`plan`, and :func:`next_round_from` for the progressive drive, whose moves follow
the results), the Mitchell and Howell movements of pairs at real tables with their
movement cards and board slips (:func:`mitchell`, :func:`howell`; each person's card of
any other movement: :func:`person_card`), the deals (:func:`deal_seeds`, the same at every
table of a duplicate round:
:func:`duplicate_seeds`), the results of deals played online (:func:`result_of_deal`) or
entered by a scorer at a real table (:class:`Entry`, checked by :func:`check_entry`),
duplicate :func:`matchpoints`, the :func:`standings` with their stated tie-break, each
person's :func:`score_card`, and CSV export.

>>> from openwhist import drive
>>> p = drive.plan("progressive", 8, "classic", rounds=2)
>>> first = p.rounds[0]
>>> results = [drive.result_of_entry("classic", None, first, t.number, 1, drive.Entry(tricks))
...            for t, tricks in zip(first.tables, [(8, 5), (4, 9)])]
>>> second = drive.next_round_from(first, results)
>>> [t.seats for t in second.tables]
[(1, 3, 5, 7), (4, 6, 0, 2)]
>>> drive.standings(results).winners()
(5, 7)
"""

from __future__ import annotations

from collections.abc import Sequence

from openwhist.drive.cards import person_card, person_cards_text
from openwhist.drive.movement import (
    DRIVE_FAMILIES,
    FAMILY_MOVEMENTS,
    MOVEMENTS,
    MovementKind,
    Plan,
    Round,
    Table,
    drive_family,
    next_round,
    plan,
    table_winners,
)
from openwhist.drive.pairs import PAIR_MOVEMENTS, PairsMovement, howell, mitchell, pairs_movement
from openwhist.drive.scoring import (
    TIE_BREAKS,
    RankBy,
    Result,
    SheetRow,
    Standing,
    Standings,
    deal_dealer,
    deal_seeds,
    duplicate_seeds,
    matchpoints,
    matchpoints_neuberg,
    neuberg,
    read_sheet,
    result_of_deal,
    result_of_entry,
    results_csv,
    score_card,
    score_sheet,
    standings,
    standings_csv,
)
from openwhist.errors import InvalidActionError
from openwhist.rules import Entry, check_entry

__all__ = [
    "DRIVE_FAMILIES",
    "FAMILY_MOVEMENTS",
    "MOVEMENTS",
    "PAIR_MOVEMENTS",
    "TIE_BREAKS",
    "Entry",
    "MovementKind",
    "PairsMovement",
    "Plan",
    "RankBy",
    "Result",
    "Round",
    "SheetRow",
    "Standing",
    "Standings",
    "Table",
    "check_entry",
    "deal_dealer",
    "deal_seeds",
    "drive_family",
    "duplicate_seeds",
    "howell",
    "matchpoints",
    "mitchell",
    "matchpoints_neuberg",
    "neuberg",
    "next_round",
    "next_round_from",
    "pairs_movement",
    "person_card",
    "person_cards_text",
    "plan",
    "read_sheet",
    "result_of_deal",
    "result_of_entry",
    "results_csv",
    "score_card",
    "score_sheet",
    "standings",
    "standings_csv",
    "table_winners",
]


def next_round_from(current: Round, results: Sequence[Result], earlier: Sequence[Round] = ()) -> Round:
    """The progressive drive's next round from the current round and its results (every
    deal of every table; other rounds' results are ignored): each table's winning side
    by :func:`table_winners`, then :func:`next_round` (given the ``earlier`` rounds, new
    partners are chosen over old ones)."""
    mine = [r for r in results if r.round == current.number]
    winners = []
    for t in current.tables:
        rows = [(r.deal, r.scores) for r in mine if r.table == t.number]
        if not rows:
            raise InvalidActionError(f"round {current.number}: table {t.number} has no results yet")
        winners.append(table_winners(t, rows))
    return next_round(current, winners, earlier)
