"""A Belgian match: points per player, redeals after all pass, the pack kept unshuffled."""

from __future__ import annotations

from typing import Any

from openwhist.rules.belgian.contracts import BelgianResult
from openwhist.rules.belgian.ladder import (
    HANDS,
)
from openwhist.rules.belgian.options import BelgianOptions
from openwhist.rules.match_rules import MatchLength, MatchRules, SheetRow
from openwhist.rules.tricks import cards_of

# --- matches ---------------------------------------------------------------------------------


class BelgianMatchRules(MatchRules):
    """A Belgian match: a points total per player (``totals``, also ``score``).  When all
    pass the same dealer deals again (with ``redeal-double`` that deal counts double);
    with ``shuffle=False`` the next deal is cut from the cards gathered trick by trick.

    Lengths (``until``): ``deals`` (``count`` deals, all-pass deals included),
    ``rounds`` (``count`` rounds of four deals: every player deals once per round; an
    all-pass deal, redealt by the same dealer, does not count) and ``points`` (play on to
    the end of the round in which a player reaches ``count`` points, so that every
    player has dealt equally often, as clubs play a session out to the round's end).
    """

    UNTIL = ("deals", "rounds", "points")
    DEFAULT = ("rounds", 1)
    GAME = "deal"
    RUBBER = "match"
    TOTALS = "points"

    def __init__(self, options: BelgianOptions) -> None:
        super().__init__(options, HANDS)
        self._redeal = False
        self._pack: list[int] | None = None
        self.dealt = 0
        """Deals after which the deal passed on (all-pass deals are dealt again)."""

    def lengths(self) -> tuple[MatchLength, ...]:
        """N rounds of four deals (1), to N points at a round's end (100), or N deals (4)."""
        return (MatchLength("deals", "deals", "deals", 4, max_count=100),
                MatchLength("rounds", "rounds", "rounds", 1, max_count=25),
                MatchLength("points", "points", "points", 100, max_count=1000))

    def is_over(self, until: str, count: int, deals: int) -> bool:
        """``count`` deals or rounds complete, or a round complete with a player at
        ``count`` points or more."""
        if until == "rounds":
            return self.dealt >= HANDS * count
        if until == "points":
            return self.dealt > 0 and self.dealt % HANDS == 0 and max(self.totals) >= count
        return deals >= count

    def deal_args(self) -> dict[str, Any]:
        """The score before the deal, its multiplier, and the pack when not shuffling."""
        args: dict[str, Any] = {"score": tuple(self.totals)}
        if self._redeal and self.options.all_pass == "redeal-double":
            args["multiplier"] = 2
        if self._pack is not None and not self.options.shuffle:
            args["pack"] = tuple(self._pack)
        return args

    def next_dealer(self, dealer: int, n_hands: int) -> int:
        """The deal passes to the left, except after an all-pass deal."""
        return dealer if self._redeal else (dealer + 1) % n_hands

    def add_deal(self, state: Any, number: int) -> SheetRow:
        """Add each player's points."""
        res: BelgianResult = state.result()
        for h in range(HANDS):
            self.totals[h] += res.points[h]
        self.score = list(self.totals)
        self._redeal = res.all_pass
        if not res.all_pass:
            self.dealt += 1
        pack = [int(c) for t in state.tricks for c in t.cards]
        for h in range(HANDS):
            pack.extend(int(c) for c in cards_of(state.hands[h]))
        pack.extend(int(c) for _, c in state.discards)
        self._pack = pack
        trump = state.trump.name.lower() if state.trump is not None else "none"
        return SheetRow(number, state.dealer, trump, res, tuple(self.totals), None)
