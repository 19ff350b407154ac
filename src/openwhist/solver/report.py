"""Text reports of the solver for people: the value of each lead and a double-dummy table.

Four hands play as two partnerships (N-S against E-W):

>>> print(solve_report("N:AK.-.-.- QJ.-.-.- -.AK.-.- -.QJ.-.-", trump="S", leader="E", table=False))
Deal: N S:AK H:- D:- C:- | E S:QJ H:- D:- C:- | S S:- H:AK D:- C:- | W S:- H:QJ D:- C:-
Trump spades, E leads (2 tricks left).
Tricks for E-W after each lead of E:
  QS 0  JS 0

Two hands, separated by ``/`` (N first, then S), are a German whist play phase, each
player for himself:

>>> print(solve_report("S:AQ H:2 D:- C:- / S:KJ H:- D:2 C:-", trump="H", leader="S", table=False))
Deal: N S:AQ H:2 D:- C:- | S S:KJ H:- D:2 C:-
Trump hearts, S leads (3 tricks left).
Tricks for S after each lead of S:
  KS 0  JS 0  2D 1*
"""

from __future__ import annotations

from collections.abc import Callable

from openwhist.cards import FULL_DECK, Card, Suit, format_hand
from openwhist.errors import InvalidActionError
from openwhist.rules.seats import PARTNERS_OPPOSITE, SEAT_NAMES, each_for_himself, seat_names, side_name
from openwhist.solver import Position, solve, solve_all
from openwhist.solver.position import _parse_seat, parse_deal, parse_trump

__all__ = ["check_deal", "solve_report"]

SEAT_LETTERS = SEAT_NAMES


def check_deal(hands: list[int]) -> None:
    """Raise :class:`InvalidActionError` naming the problem unless ``hands`` is a proper
    deal of four hands (N E S W) or two (N / S, German whist's play phase): each card at
    most once, equal hands of 1 to 13 cards."""
    if len(hands) not in (2, 4):
        raise InvalidActionError(f"a deal to solve has four hands (N E S W) or two (N / S, "
                                 f"German whist), found {len(hands)}")
    names = seat_names(len(hands))
    seen = 0
    for h in hands:
        twice = seen & h
        if twice:
            card = Card(twice.bit_length() - 1)
            owners = [names[s] for s in range(len(hands)) if hands[s] >> card & 1]
            raise InvalidActionError(f"{card} is given twice (in {' and '.join(owners)})")
        seen |= h
    sizes = [h.bit_count() for h in hands]
    if len(set(sizes)) != 1:
        listing = ", ".join(f"{names[s]} {sizes[s]}" for s in range(len(hands)))
        raise InvalidActionError(f"the hands must hold the same number of cards: {listing}")
    if sizes[0] == 0:
        raise InvalidActionError("the hands are empty")
    if sizes[0] > 13:
        raise InvalidActionError(f"a hand holds at most 13 cards, not {sizes[0]}")
    full = len(hands) == 4 and sizes[0] == 13
    if full and seen != FULL_DECK:  # pragma: no cover - 52 distinct cards is the deck
        raise InvalidActionError("a full deal has each of the 52 cards exactly once")


def solve_report(deal: str, trump: str | int | None = "NT", leader: str | int | None = None,
                 table: bool = True, before_search: Callable[[], object] | None = None) -> str:
    """The value of each card the leader may lead and, with ``table``, a table of the
    tricks the side on lead takes for each trump suit (and no trump) and each leader.

    ``deal`` is read by :func:`~openwhist.solver.position.parse_deal`; the leader defaults
    to the seat named first in it.  ``before_search`` is called once the input is read
    and checked, before the first search (the command line loads the solver there).
    """
    hands, first = parse_deal(deal)
    check_deal(hands)
    k = len(hands)
    t = parse_trump(trump)
    lead = _parse_seat(leader, k, first)
    if before_search is not None:
        before_search()
    n = hands[0].bit_count()
    # four hands: two partnerships; two hands (German whist): each for himself
    sides = PARTNERS_OPPOSITE if k == 4 else each_for_himself(k)
    names = seat_names(k)
    side = sides[lead]
    pos = Position(tuple(hands), t, lead, (), sides, side)
    values = solve_all(pos)
    trump_name = "no trump" if t < 0 else f"trump {Suit(t).name.lower()}"
    lines = [
        "Deal: " + " | ".join(f"{names[s]} {format_hand(hands[s])}" for s in range(k)),
        f"{trump_name[0].upper() + trump_name[1:]}, {names[lead]} leads ({n} tricks left).",
        f"Tricks for {side_name(sides, side)} after each lead of {names[lead]}:",
    ]
    ordered = sorted(values, key=lambda c: (-c.suit, -c.rank))
    best = max(values.values())
    cells = [f"{c} {values[c]}{'*' if values[c] == best and len(set(values.values())) > 1 else ''}"
             for c in ordered]
    for i in range(0, len(cells), 8):
        lines.append("  " + "  ".join(cells[i:i + 8]))
    if table:
        lines.append("")
        lines.append(f"Double-dummy table: tricks (of {n}) for the side on lead")
        lines.append("leader     " + "".join(f"{names[s]:>4}" for s in range(k)))
        for name, tr in (("spades", 3), ("hearts", 2), ("diamonds", 1), ("clubs", 0), ("no trump", -1)):
            row = []
            for s in range(k):
                p = Position(tuple(hands), tr, s, (), sides, sides[s])
                row.append(solve(p))
            lines.append(f"{name:<11}" + "".join(f"{v:>4}" for v in row))
    return "\n".join(lines)
