"""German whist's stock phase for :class:`~openwhist.bots.heuristic.HeuristicBot`.

When the winner of the trick takes a public card (``observation.shown``: the face-up
stock card) it weighs that prize against its own cards (:func:`~openwhist.bots.technique.stock_card`): each
card is worth about the tricks it may take later (a master or a high trump much, a
small plain card little), an unseen blind draw the average of the unseen cards, and
a trick of the stock phase counts itself where the scoring counts it.  It wins the
trick as cheaply as it can when the prize is worth more than the card spent, and
otherwise loses it on purpose with its least useful card.  Once the stock is empty
both hands are known and it plays them by the rule-book precepts (:mod:`openwhist.bots.heuristic`), with exact
knowledge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from openwhist.bots.technique import _FULL, _cards_up, card_worth, stock_card

if TYPE_CHECKING:
    from openwhist.bots.heuristic_position import _Position


def _stock_phase(pos: _Position) -> int:
    """:func:`stock_card` from the observation of the player to move."""
    obs = pos.obs
    trump = pos.trump
    out = _FULL & ~pos.hand & ~obs.played.mask
    for _, c in pos.trick:
        out &= ~(1 << c)
    prize = max(card_worth(int(c), trump, out) for c in obs.shown)
    unseen = obs.unseen().mask
    cards = _cards_up(unseen)
    blind = sum(card_worth(c, trump, out) for c in cards) / len(cards) if cards else 0.0
    weight = 1.0 if obs.info.get("stock_counts", True) else 0.0  # a stock-phase trick scores
    led = pos.trick[0][1] if pos.trick else -1
    return stock_card(pos.hand, pos.legal, led, trump, out, prize, blind, weight)
