"""A hint for a person playing against bots: a bot's choice for the person's seat, made
from that seat's observation only (what the person sees), never from the full deal.

Hints are off at tables where more than one person sits (or is about to): a game between
people is theirs to play.  The solver bot gives the hint once the solver is ready (exact
where every card is known, sampled elsewhere), and says why: each candidate card's value
(the tricks the side takes from here on, on average over the deals it sampled).  Until the
solver is ready, and where the search does not decide (calls, a card the search leaves to
the rule books early in a deal), the technique player gives it and names the rule it
followed (one of :data:`openwhist.bots.book.TECHNIQUES`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from openwhist.cards import Card
from openwhist.rules.base import Observation
from openwhist.rules.seats import seat_name
from openwhist.server.policy import hint_refusal

__all__ = ["HINT_BUDGET", "HINT_VALUES", "HintError", "advise", "hint_for"]

HINT_BUDGET = 0.5
"""Seconds the solver bot may think about a hint."""

HINT_VALUES = 4
"""Cards whose values a hint from the search gives at most, the suggested card first."""


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
    refusal = hint_refusal(len(people), getattr(runner, "drive_id", None) is not None)
    if refusal is not None:
        return HintError(403, refusal)
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
    answer: dict[str, Any] = await (run or asyncio.to_thread)(advise, obs, solver_ready, version)
    assert obs.to_move is not None
    return {**answer, "hand": seat_name(obs.to_move, obs.n_hands), "v": version}


def advise(obs: Observation, solver_ready: bool, seed: int | None = None) -> dict[str, Any]:
    """The hint for the hand to move, from the observation alone: ``action``, ``bot`` (who
    chose it) and why.  From the solver bot's search: ``values``, the suggested card's
    and the best others' (at most :data:`HINT_VALUES`, best first, one card of each run
    that is worth the same in a suit), with ``unit``: ``tricks`` (the tricks the mover's
    side takes from the current trick on, on average, to one decimal) or ``contract``
    (in a contract of exactly N tricks, misère or piccolo: the share of sampled deals
    where the mover's aim is reached, the declarer's contract made or the defenders'
    defeat of it, to two decimals).  Where playing to the score chose a card that does not
    take the most tricks on average, ``stakes`` says why: ``{"unit": "game" | "points",
    "values": ...}``, the cards' average worth by the match's stakes (the chance of
    winning the game, to two decimals; or the points of the deal, to one), chosen as
    ``values`` are.  From the technique player: ``technique``, the name of the rule it
    followed."""
    from openwhist.bots.book import TechniqueBot
    from openwhist.bots.solver import SolverBot

    if solver_ready:
        solver = SolverBot(seed=seed, time_budget=HINT_BUDGET)
        action = solver.choose(obs)
        if solver.last_values:
            answer = {"action": str(action), "bot": solver.name,
                      **_values(obs, Card(action), solver.last_values)}
            # the stakes say why where another card shows more tricks (as rounded)
            shown, worths = answer["values"], solver.last_worths
            if worths and shown[str(action)] < max(shown.values()):
                kind = obs.stakes()
                assert kind is not None
                digits = 2 if kind.unit == "game" else 1
                answer["stakes"] = {"unit": kind.unit,
                                    "values": _best({c: round(v, digits) for c, v in worths.items()},
                                                    Card(action))}
            return answer
    book = TechniqueBot(seed=seed)
    action = book.choose(obs)
    return {"action": str(action), "bot": book.name, "technique": book.last_technique}


def _values(obs: Observation, action: Card, values: dict[Card, float]) -> dict[str, Any]:
    """The ``values`` and ``unit`` of a hint from the search (see :func:`advise`)."""
    from openwhist.bots.pimc import goal

    _, _, objective, sign = goal(obs)
    if objective.is_target:  # the solver's 1 or 0, times -1 for a defender
        unit, shown = "contract", {c: round(v if sign > 0 else 1 + v, 2) for c, v in values.items()}
    else:
        unit, shown = "tricks", {c: round(v, 1) for c, v in values.items()}
    return {"values": _best(shown, action), "unit": unit}


def _best(shown: dict[Card, float], action: Card) -> dict[str, float]:
    """The suggested card's value and the best others' (at most :data:`HINT_VALUES`, best
    first, one card of each run worth the same in a suit)."""
    out: dict[str, float] = {}
    kept: set[tuple[int, float]] = set()
    for c in sorted(shown, key=lambda c: (c != action, -shown[c], c)):
        if (c.suit, shown[c]) not in kept and len(out) < HINT_VALUES:
            kept.add((c.suit, shown[c]))
            out[str(c)] = shown[c]
    return out
