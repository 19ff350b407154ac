"""A hint for a person playing against bots: a bot's choice for the person's seat, made
from that seat's observation only (what the person sees), never from the full deal.

Hints are off at tables where more than one person sits (or is about to): a game between
people is theirs to play.  The solver bot gives the hint once the solver is ready (exact
where every card is known, sampled elsewhere); until then the rule-book (heuristic) bot.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from openwhist.bots import make_bot
from openwhist.rules.base import Observation
from openwhist.rules.seats import seat_name

__all__ = ["HINT_BUDGET", "HintError", "hint_for"]

HINT_BUDGET = 0.5
"""Seconds the solver bot may think about a hint."""


class HintError(Exception):
    """A hint refused: ``status`` is the HTTP status, the message says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _snapshot(runner: Any, user_id: int) -> tuple[int, Observation] | HintError:
    """The table's version and the person's observation, or why no hint is given."""
    seat = runner.seat_of(user_id)
    if seat is None:
        return HintError(409, "you do not sit at this table")
    people = {st.user_id for st in runner.seats.values() if st.kind == "person"}
    people |= {st.pending_user_id for st in runner.seats.values() if st.pending_user_id is not None}
    people.discard(None)
    if len(people) > 1:
        return HintError(403, "hints are off at tables with more than one person")
    if getattr(runner, "drive_id", None) is not None:
        return HintError(403, "hints are off at a whist drive's tables")
    deal = runner.deal
    if runner.closed or runner.state != "playing" or deal.to_move is None \
            or deal.controller(deal.to_move) != seat:
        return HintError(409, "it is not your turn")
    return runner.version, deal.observation(seat)


async def hint_for(runner: Any, user_id: int, solver_ready: bool,
                   run: Callable[..., Awaitable[Any]] | None = None) -> dict[str, Any]:
    """A bot's suggestion for the person's move at a live table (a
    :class:`~openwhist.server.table.TableRunner`): ``action`` (as the WebSocket's ``act``
    takes it), ``hand`` (the hand it is for: the person's, or the dummy they play),
    ``bot`` (who suggests it) and ``v`` (the table version it is for).  Raises
    :class:`HintError` when no hint is given.  ``run(fn, obs)`` runs the bot's choice
    off the event loop (a bounded pool's ``run``; by default a thread of asyncio's)."""

    async def snapshot() -> tuple[int, Observation] | HintError:
        return _snapshot(runner, user_id)

    got = await runner.call(snapshot)
    if isinstance(got, HintError):
        raise got
    version, obs = got
    spec = f"solver:time_budget={HINT_BUDGET}" if solver_ready else "heuristic"
    bot = make_bot(spec, seed=version)
    action = await (run or asyncio.to_thread)(bot.choose, obs)
    assert obs.to_move is not None
    return {"action": str(action), "hand": seat_name(obs.to_move, obs.n_hands), "bot": bot.name,
            "v": version}
