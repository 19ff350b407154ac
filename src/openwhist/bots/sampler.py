"""A bidder that samples (:class:`~openwhist.bots.bidding.SampledBidder`: it deals the
unseen cards at random many times, judges on each deal the contracts it may call, and
calls the one worth most on average) and plays the cards by the rule book
(:class:`~openwhist.bots.heuristic.HeuristicBot`) or, with ``play=pimc``, by
:class:`~openwhist.bots.pimc.PimcBot`.  How the bids are weighed: see
:mod:`openwhist.bots.bidding`.
"""

from __future__ import annotations

from openwhist.bots.bidding import LEVELS, MISERE_RISK, NODE_LIMIT, SampledBidder, sure_misere
from openwhist.bots.pimc import PimcBot
from openwhist.errors import ConfigError
from openwhist.rules.base import Action, Observation
from openwhist.rules.seats import seat_name

__all__ = ["SamplerBot", "LEVELS", "NODE_LIMIT", "MISERE_RISK", "sure_misere"]

PLAYERS = ("pimc", "book", "alone")
"""Who may play the cards for the sampler (its ``play`` option)."""


class SamplerBot(SampledBidder):
    """Bids by sampling and solving (see :mod:`openwhist.bots.bidding`); plays by the rule
    book or PIMC.

    :param level: 1-4: deals sampled per bidding decision (8, 16, 32, 64); default 2.
    :param seed: seed of the sampling.
    :param time_budget: seconds a bidding decision may take at most (default 1.5).
    :param play_budget: seconds of search per card PIMC plays (its ``time_budget``).
    :param play_worlds: deals PIMC samples per card played (None: its level's).
    :param play: who plays the cards: ``book`` (the rule-book player, the default: the
        play-outs that judge the contracts play by it, it is fast, and PIMC's play won no
        more points, see docs/ladder.md), ``pimc``, or ``alone`` (PIMC in a contract the
        bot plays alone, else the rule book).
    :param judge: how a solo or abondance is judged on a sampled deal: ``solver`` (double
        dummy: made against the best defence), ``play`` (played out by the rule book at
        every seat, as the misères are) or ``both`` (the default: each deal counts both
        verdicts, the best defence's and the rule book's).
    """

    name = "sampler"
    searches = True

    def __init__(self, level: int = 2, seed: int | None = None, time_budget: float = 1.5,
                 play_budget: float = 0.5, play_worlds: int | None = None,
                 play: str = "book", judge: str = "both") -> None:
        if play not in PLAYERS:
            raise ConfigError(f"play must be one of {', '.join(PLAYERS)}, not {play!r}")
        super().__init__(level=level, seed=seed, time_budget=time_budget, judge=judge)
        self.play = play
        self._pimc = PimcBot(seed=seed, time_budget=play_budget, worlds=play_worlds)

    def _play(self, obs: Observation) -> Action:
        """The card to play: the rule book's, or PIMC's (see ``play``)."""
        if self.play == "book" or (self.play == "alone" and not _alone(obs)):
            return self._book.choose(obs)
        return self._pimc.choose(obs)


def _alone(obs: Observation) -> bool:
    """Whether the bot declares the contract being played alone."""
    contract = obs.info.get("contract") or {}
    return list(contract.get("declarers", ())) == [seat_name(obs.me, obs.n_hands)]
