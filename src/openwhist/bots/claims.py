"""Claims and concessions checked double dummy: the referee sees every card.

A player may claim that his side takes some of the tricks still to play, or concede some
of them to the other side.  The referee (a server, which holds the whole deal) accepts a
claim only when it holds against every defence, and a concession only when the other
side could indeed force those tricks, so that neither gives away what best play keeps:

* :func:`claim_holds`: the side of ``hand`` can take at least ``tricks`` of the tricks
  still to play (the trick in progress included), however the other side plays;
* :func:`concede_holds`: the other side can take at least ``tricks`` of them, however the
  side of ``hand`` plays (the side of ``hand`` cannot keep more than the rest).

Both need a deal in its trick play with two sides: classic whist, Dummy whist, German
whist's play phase (once the stock is empty every card is known) and Belgian contracts
of one side against another.  In the auction, German whist's stock phase (the draws are
hidden and still to come), a deal with several players each on his own (several misère
players) or a finished deal they raise :class:`~openwhist.errors.IllegalActionError`.

>>> import openwhist
>>> deal = openwhist.new_deal("classic", dealer="N", hands=[   # E S W N; N: every spade
...     "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
...     "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"])
>>> deal.trump.name, claim_holds(deal, 0, 13), claim_holds(deal, 1, 1), concede_holds(deal, 1, 13)
('SPADES', True, False, True)
"""

from __future__ import annotations

from typing import Any

from openwhist.errors import IllegalActionError, WhistError
from openwhist.rules.base import Deal

__all__ = ["claim_holds", "concede_holds"]


def _side_goal(deal: Deal, hand: int, tricks: int, for_hand: bool) -> bool:
    state: Any = deal
    phase = getattr(state, "phase", "play")
    if deal.is_over() or phase == "over":
        raise IllegalActionError("the deal is over: there are no tricks left to claim")
    if phase != "play":
        what = ("the stock's draws are still to come" if phase == "stock"
                else f"no trick is played in the {phase}")
        raise IllegalActionError(f"a claim is possible only in the play: {what}")
    sides = tuple(int(s) for s in state.sides)
    if not 0 <= hand < len(sides):
        raise IllegalActionError(f"no hand {hand} in this deal")
    if len(set(sides)) != 2:
        raise IllegalActionError("a claim needs two sides: here several players each "
                                 "play on their own")
    if isinstance(tricks, bool) or not isinstance(tricks, int) or tricks < 0:
        raise IllegalActionError(f"a claim is a number of tricks, not {tricks!r}")
    mine = sides[hand]
    side = mine if for_hand else next(s for s in sides if s != mine)
    from openwhist.solver import Position, solve_target

    try:
        pos = Position.from_state(state, declarer_side=side, objective="max")
    except WhistError as exc:
        raise IllegalActionError(f"the solver does not take this position: {exc}") from None
    if tricks > pos.remaining:
        return False
    if tricks == 0:
        return True
    return solve_target(pos.with_objective(f"at least {tricks}"))


def claim_holds(deal: Deal, hand: int, tricks: int) -> bool:
    """True when the side of ``hand`` can take at least ``tricks`` of the tricks still to
    play (the trick in progress included) against every defence, all cards known.

    Raises :class:`~openwhist.errors.IllegalActionError` where no claim is possible (see
    the module's text)."""
    return _side_goal(deal, hand, tricks, True)


def concede_holds(deal: Deal, hand: int, tricks: int) -> bool:
    """True when the other side can take at least ``tricks`` of the tricks still to play
    against every play of the side of ``hand``, all cards known: conceding ``tricks``
    gives away nothing that best play would keep (the side of ``hand`` cannot be sure of
    more than the remaining tricks less ``tricks``).

    Raises :class:`~openwhist.errors.IllegalActionError` where no concession is possible."""
    return _side_goal(deal, hand, tricks, False)
