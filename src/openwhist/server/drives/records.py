"""Hand records: a duplicate online drive's boards, once their round is over everywhere
(policy.drive_round_over): the hands and the double-dummy tricks, worked out by the solver
in one worker thread (seconds a deal) and kept here; shown as pending until then."""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from openwhist.cards import format_hand
from openwhist.drive.records import board_hands, hand_record
from openwhist.rules.options import without_ranges
from openwhist.rules.registry import resolve
from openwhist.server import policy
from openwhist.server.drives.movement import (
    hands_of,
    table_seed,
)

__all__ = ["hand_records"]

log = logging.getLogger("openwhist.server")

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
