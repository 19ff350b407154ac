"""The double-dummy verdict on every card of a finished deal, for the replay view.

After a deal every hand is known, so each card played can be judged exactly: the rules
core replays the record's actions, and before each card played in the play phase
:func:`openwhist.solver.solve_all` gives every legal card's tricks for the side to play
(from the current trick on, best play by all).  A card that gives fewer than the best
*cost* the difference; the best cards are listed with it.

Belgian contracts that must take exactly so many tricks (a single player's misère,
piccolo, piccolissimo) are judged by the contract rather than by tricks: the solver's
target ``exactly N`` (the tricks the declarer still needs) tells, after each card,
whether the contract can still be made; a card that turns it from made to lost (for the
declarer) or from defeated to made (for the defence) cost the contract (``unit``
``"contract"``).  Playing such a deal for fewest tricks (the ``min`` objective) would
answer another question, and takes the solver far longer at thirteen cards.

What is not analysed, and why (each deal's ``skipped`` says it):

* ``"stock"``: German whist's stock phase (the draws after each trick are hidden, so its
  positions are not double-dummy positions); only its play phase is analysed.
* ``"contract"``: several misère players each on their own: not one side against the
  other, which is all the solver plays.

>>> import openwhist
>>> from openwhist import records
>>> from openwhist.bots import RandomBot, play_out
>>> match = openwhist.new_match("classic", seed=4, until="deals", count=1)
>>> play_out(match, {s: RandomBot(seed=s) for s in match.state.seats})
>>> out = analyse_record(records.match_record(match))
>>> deal = out["deals"][0]
>>> len(deal["tricks"]), [len(t) for t in deal["tricks"]][:3], deal["skipped"]
(13, [4, 4, 4], [])
>>> sorted(deal["tricks"][0][0])
['best', 'card', 'cost', 'seat', 'unit', 'value']
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from openwhist import records
from openwhist.cards import Card
from openwhist.errors import WhistError
from openwhist.rules.base import Contract, Deal, Observation, parse_action
from openwhist.rules.registry import DEFAULT_VARIANT, get_variant
from openwhist.rules.seats import seat_names

__all__ = ["NOT_READY", "AnalysisCache", "analyse_record"]

NOT_READY = "analysis not ready yet (the solver is being prepared); try again in a minute"
"""The answer while the solver is still being compiled in the background."""


def _objective(obs: Observation, sides: tuple[int, ...]) -> tuple[str, int | None, Contract | None] | None:
    """``("max", None, None)`` for ordinary play (each side for most tricks);
    ``("contract", declarer side, contract)`` for one player's misère, piccolo or
    piccolissimo (the observation's exact :class:`Contract`); None for a contract the
    solver cannot express (several players each on his own)."""
    if len(set(sides)) > 2:
        return None
    contract = obs.contract
    if contract is None or not contract.exact:
        return ("max", None, None)
    if len(contract.declarers) != 1:
        return None
    return ("contract", sides[contract.declarers[0]], contract)


def _verdict(deal: Deal, obs: Observation, card: Card,
             objective: tuple[str, int | None, Contract | None]) -> dict[str, Any] | None:
    """The played card's value for its side, the best cards and what it cost (None if
    the position is not one the solver takes)."""
    from openwhist.solver import Position, solve_all

    state: Any = deal
    mover = deal.to_move
    if mover is None:
        return None
    kind, declarer, contract = objective
    mover_side = int(state.sides[mover])
    try:
        if contract is not None:
            assert declarer is not None
            taken = sum(1 for t in obs.tricks if int(state.sides[t.winner]) == declarer)
            aim = contract.objective(taken)
            if aim is None:
                return None  # the contract is lost already: no card matters
            pos = Position.from_state(state, declarer_side=declarer, objective=aim)
        else:
            pos = Position.from_state(state, declarer_side=mover_side, objective="max")
    except (WhistError, AttributeError, TypeError):
        return None
    values = solve_all(pos)
    if card not in values:
        return None
    if kind == "contract" and mover_side != declarer:
        values = {c: 1 - v for c, v in values.items()}  # the defence wants the contract lost
    best = max(values.values())
    return {"card": str(card), "value": values[card], "cost": best - values[card],
            "unit": "contract" if kind == "contract" else "tricks",
            "best": [str(c) for c, v in values.items() if v == best]}


def _analyse_deal(body: Mapping[str, Any], options: Any) -> dict[str, Any]:
    variant = get_variant(str(body.get("variant", DEFAULT_VARIANT)))
    deal: Deal = variant.from_setup(options, body)
    letters = tuple(seat_names(deal.n_hands))
    tricks: list[list[dict[str, Any] | None]] = []
    skipped: list[str] = []
    objective: tuple[str, int | None, Contract | None] | None = ("max", None, None)
    objective_known = False
    for action in body["actions"]:
        parsed = parse_action(action)
        if isinstance(parsed, Card):
            obs = deal.observation(deal.seats[0])
            index = len(obs.tricks)
            while len(tricks) <= index:
                tricks.append([])
            hand = deal.to_move
            entry: dict[str, Any] | None = None
            if deal.phase != "play":
                if "stock" not in skipped:
                    skipped.append("stock")
            else:
                if not objective_known:
                    objective = _objective(obs, tuple(obs.sides))
                    objective_known = True
                    if objective is None:
                        skipped.append("contract")
                if objective is not None:
                    entry = _verdict(deal, obs, parsed, objective)
            if entry is not None and hand is not None:
                entry["seat"] = letters[hand]
            tricks[index].append(entry)
        deal.apply(parsed)
    return {"tricks": tricks, "skipped": skipped}


def analyse_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """Every deal of a match record with each played card's double-dummy verdict:
    ``deals[i]["tricks"][j][k]`` is the ``k``-th card of trick ``j`` (the same order as
    :func:`openwhist.server.replay.replay_frames`): ``card``, ``seat``, ``value`` (with
    ``unit`` ``"tricks"``: its side's tricks from that trick on after it, best play by all;
    with ``"contract"``: 1 if its side's aim in the contract is still reached, else 0),
    ``cost`` (what it gave away against the best card) and ``best`` (the best cards); or
    None for a card not analysed (see ``skipped``).  Loads the solver, compiling it on a
    machine's first use: call it only once the solver is ready."""
    match = records.replay(record)
    options = match.options
    return {"deals": [_analyse_deal(body, options) for body in record["deals"]]}


class AnalysisCache:
    """Analyses of records by id, computed once each (records never change), the most
    recent ``size`` kept; concurrent requests for one record wait for one computation."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._done: OrderedDict[int, dict[str, Any]] = OrderedDict()
        self._locks: dict[int, threading.Lock] = {}
        self._guard = threading.Lock()

    def cached(self, record_id: int) -> dict[str, Any] | None:
        """The analysis of a record if it has been computed, else None."""
        with self._guard:
            return self._done.get(record_id)

    def get(self, record_id: int, record: Mapping[str, Any]) -> dict[str, Any]:
        """The analysis of a record (computed now, in this thread, if not cached)."""
        with self._guard:
            if record_id in self._done:
                self._done.move_to_end(record_id)
                return self._done[record_id]
            lock = self._locks.setdefault(record_id, threading.Lock())
        with lock:
            with self._guard:
                if record_id in self._done:
                    return self._done[record_id]
            result = analyse_record(record)
            with self._guard:
                self._done[record_id] = result
                self._locks.pop(record_id, None)
                while len(self._done) > self.size:
                    self._done.popitem(last=False)
        return result
