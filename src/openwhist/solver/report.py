"""Text reports of the solver for people: the value of each lead and a double-dummy table.

>>> print(solve_report("N:AK.-.-.- QJ.-.-.- -.AK.-.- -.QJ.-.-", trump="S", leader="E", table=False))
Deal: N S:AK H:- D:- C:- | E S:QJ H:- D:- C:- | S S:- H:AK D:- C:- | W S:- H:QJ D:- C:-
Trump spades, E leads (2 tricks left).
Tricks for E-W after each lead of E:
  QS 0  JS 0
"""

from __future__ import annotations

from collections.abc import Callable

from openwhist.cards import FULL_DECK, Card, Suit, format_hand
from openwhist.errors import InvalidActionError
from openwhist.rules.seats import PARTNERS_OPPOSITE, SEAT_NAMES, side_name
from openwhist.solver import Position, solve, solve_all
from openwhist.solver.position import _parse_seat, parse_deal, parse_trump

__all__ = ["check_deal", "solve_report"]

SEAT_LETTERS = SEAT_NAMES


def check_deal(hands: list[int]) -> None:
    """Raise :class:`InvalidActionError` naming the problem unless ``hands`` is a proper
    four-hand deal: each card at most once, equal hands of 1 to 13 cards."""
    if len(hands) != 4:
        raise InvalidActionError(f"a deal to solve has four hands (N E S W), found {len(hands)}")
    seen = 0
    for h in hands:
        twice = seen & h
        if twice:
            card = Card(twice.bit_length() - 1)
            owners = [SEAT_LETTERS[s] for s in range(4) if hands[s] >> card & 1]
            raise InvalidActionError(f"{card} is given twice (in {' and '.join(owners)})")
        seen |= h
    sizes = [h.bit_count() for h in hands]
    if len(set(sizes)) != 1:
        listing = ", ".join(f"{SEAT_LETTERS[s]} {sizes[s]}" for s in range(4))
        raise InvalidActionError(f"the hands must hold the same number of cards: {listing}")
    if sizes[0] == 0:
        raise InvalidActionError("the hands are empty")
    if sizes[0] > 13:
        raise InvalidActionError(f"a hand holds at most 13 cards, not {sizes[0]}")
    if sizes[0] == 13 and seen != FULL_DECK:  # pragma: no cover - 52 distinct cards is the deck
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
    t = parse_trump(trump)
    lead = _parse_seat(leader, 4, first)
    if before_search is not None:
        before_search()
    n = hands[0].bit_count()
    side = PARTNERS_OPPOSITE[lead]
    pos = Position(tuple(hands), t, lead, (), PARTNERS_OPPOSITE, side)
    values = solve_all(pos)
    trump_name = "no trump" if t < 0 else f"trump {Suit(t).name.lower()}"
    lines = [
        "Deal: " + " | ".join(f"{SEAT_LETTERS[s]} {format_hand(hands[s])}" for s in range(4)),
        f"{trump_name[0].upper() + trump_name[1:]}, {SEAT_LETTERS[lead]} leads ({n} tricks left).",
        f"Tricks for {side_name(PARTNERS_OPPOSITE, side)} after each lead of {SEAT_LETTERS[lead]}:",
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
        lines.append("leader     " + "".join(f"{SEAT_LETTERS[s]:>4}" for s in range(4)))
        for name, tr in (("spades", 3), ("hearts", 2), ("diamonds", 1), ("clubs", 0), ("no trump", -1)):
            row = []
            for s in range(4):
                p = Position(tuple(hands), tr, s, (), PARTNERS_OPPOSITE, PARTNERS_OPPOSITE[s])
                row.append(solve(p))
            lines.append(f"{name:<11}" + "".join(f"{v:>4}" for v in row))
    return "\n".join(lines)
