"""A soft model of the other players' play, for reading the table.

A searching player samples the hidden cards; the cards and calls the others have made so
far say which samples are likely.  :class:`SoftPolicy` turns the rule-book player (a
deterministic bot: one card per position) into a probability for each legal action: the
book's action gets ``p`` plus its even share of the rest, every other legal action an
even share of ``1 - p``::

    P(action) = p * [action is the book's] + (1 - p) / (legal actions)

so that no action the rules allow is ever impossible (a player who leaves the book is
unlikely, not excluded), a forced action has probability 1, and ``p = 0`` is the uniform
player who tells nothing.  ``p`` depends on the kind of decision (:func:`decision_kind`: a
lead, following suit, a card when void, a call) and was fitted by maximum likelihood on
self-play records of the strong level (``bench/bench_policy_fit.py``): see
:data:`BOOK_SHARE`.

The likelihood of a sampled deal is the product of these probabilities over the actions
the others made, each asked with the view its player had in that deal
(:class:`openwhist.bots.pimc` replays them); the sampled deals are weighted by it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from openwhist.rules.base import Observation

__all__ = ["BOOK_SHARE", "SoftPolicy", "decision_kind"]

BOOK_SHARE: dict[str, dict[str, float]] = {
    "technique": {"lead": 0.36, "follow": 0.85, "void": 0.78, "call": 0.89},
    "heuristic": {"lead": 0.24, "follow": 0.84, "void": 0.81, "call": 0.89},
}
"""The book's share ``p`` per kind of decision (see the module's notes), for each rule
book.  Fitted by ``bench/bench_policy_fit.py`` on the strong level's self-play: the
cards on 1,244 decisions of 30 classic deals (``--deals 30 --seed 500``; the technique
player's card was played at 48% of the leads, 91% of the follows and 84% of the cards
when void, a log-likelihood of -0.866 a decision; the heuristic player's at 38%, 90%
and 86%, -0.932; the uniform player -1.369), the calls on 291 calls of 60 Belgian
auctions (``--variant belgian --calls --deals 60 --seed 500``: the book's call 90% of
the time, the same for both books)."""


def decision_kind(obs: Observation) -> str:
    """The kind of the decision ``obs`` asks for: ``call`` (an auction's), ``lead``,
    ``follow`` (a card of the suit led) or ``void`` (no card of the suit led: a ruff or a
    discard)."""
    legal = obs.legal
    if any(a >= 52 for a in legal):
        return "call"
    if not obs.trick:
        return "lead"
    led = obs.trick[0][1] // 13
    return "follow" if all(a // 13 == led for a in legal) else "void"


class SoftPolicy:
    """The rule book made soft: a probability for every legal action (module notes).

    :param shares: the book's share ``p`` per kind of decision (default the technique
        player's of :data:`BOOK_SHARE`); each must be at least 0 and below 1.
    """

    def __init__(self, shares: Mapping[str, float] | None = None) -> None:
        self.shares = dict(BOOK_SHARE["technique"] if shares is None else shares)
        for kind, p in self.shares.items():
            if not 0 <= p < 1:
                raise ValueError(f"the book's share for {kind} must be at least 0 and "
                                 f"below 1, not {p!r}")
        # log P for (kind, legal actions, book's action or not), kept as they are asked
        self._logs: dict[tuple[str, int, bool], float] = {}

    def probability(self, kind: str, legal: int, hit: bool) -> float:
        """P(the action made) at a decision of ``kind`` among ``legal`` legal actions,
        ``hit`` when it is the book's action; in (0, 1]."""
        p = self.shares.get(kind, 0.0)
        return (p if hit else 0.0) + (1.0 - p) / legal

    def log_probability(self, kind: str, legal: int, hit: bool) -> float:
        """``log(probability(...))``, memoised; at most 0."""
        key = (kind, legal, hit)
        value = self._logs.get(key)
        if value is None:
            value = self._logs[key] = math.log(self.probability(kind, legal, hit))
        return value
