"""A player that solves what it can see exactly, and samples what it cannot.

:class:`SolverBot` works from the :class:`~openwhist.rules.base.Observation` alone:

* **Every card known** (German whist's play phase, once the stock is empty; any position
  whose other hands are all open): it asks :func:`openwhist.solver.solve_all` for the
  value of each legal card and plays the best, the lowest of equals, so it plays
  perfectly for most tricks.
* **A two-hand stock phase** (German whist with one face-up stock card, the card the
  winner of the trick takes; ``observation.shown``): it samples *worlds* consistent with
  what it has seen (the other player's unseen cards, drawn from the cards it has not seen
  and never in a suit he has shown void since his last blind draw, his face-up pickups
  that he still holds, and the order of the face-down stock) and, for each distinct card
  it may play, plays each world out: the rest of the stock phase by the rule-book
  player's stock play (:func:`~openwhist.bots.technique.stock_card`, both players), then
  the play phase exactly with the solver.  It plays the card with the most tricks on
  average (those of the stock phase only where the scoring counts them); every card is
  tried on the same worlds, so that their differences are not noise of the sampling.

  Why not solve the whole rest exactly: a world of the stock phase is not a position the
  solver knows (the draws after each trick change the hands), and sampling the stock
  order and searching up to 26 tricks with draws would take far longer than a second a
  move.  The play phase is where exact search pays: it is a perfect-information game of
  13 tricks that the solver settles in about a millisecond, and it decides the hand.
* **Anything else** (hidden hands of other variants): it plays as
  :class:`~openwhist.bots.pimc.PimcBot` (sampling and solving); calls, and the stock
  phases it does not model (an open stock of several cards, a face-down stock), by the
  rule-book player.

The level sets the playouts per decision in the stock phase (``LEVELS``); ``time_budget``
caps the seconds a decision may take (the playouts done by then count).
"""

from __future__ import annotations

from openwhist.bots.pimc import PimcBot
from openwhist.bots.playouts import LEVELS, PlayoutBot, exact_values
from openwhist.rules.base import Action, Observation

__all__ = ["SolverBot", "LEVELS", "exact_values"]


class SolverBot(PlayoutBot):
    """Exact play where every card is known, sampled playouts in German whist's stock
    phase, PIMC elsewhere (see the module's notes).

    :param level: 1-4, playouts per stock-phase decision (40, 80, 160, 320); default 2.
    :param seed: seed of the sampling (the same seed and observations give the same cards).
    :param time_budget: seconds a decision may take at most (default 1).
    :param playouts: playouts per stock-phase decision; overrides ``level``.
    """

    name = "solver"

    def __init__(self, level: int = 2, seed: int | None = None, time_budget: float = 1.0,
                 playouts: int | None = None) -> None:
        super().__init__(level=level, seed=seed, time_budget=time_budget, playouts=playouts)
        self._pimc: PimcBot | None = None

    def _hidden_hands(self, obs: Observation) -> Action:
        """The card where other hands are hidden: PIMC's, its values and worths kept."""
        pimc = self._sampler()
        action = pimc.choose(obs)
        self.last_values = dict(pimc.last_values)
        self.last_worths = dict(pimc.last_worths)
        return action

    def _sampler(self) -> PimcBot:
        if self._pimc is None:
            self._pimc = PimcBot(seed=self.seed, time_budget=self.time_budget / 2)
        return self._pimc
