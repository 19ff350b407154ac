"""Hand records of a drive's boards: each deal's hands and what each seat's side could
make with each trump, double dummy (:func:`openwhist.solver.dd_table`), as bridge clubs
print with their results.

A drive's online table deals its round from a secret seed (a duplicate round's is the
same at every table): its match is the table's first, whose seed is
:func:`openwhist.match.match_seed` of the secret; the match deals its deals by
:func:`openwhist.match.next_deal_seed` from that seed's stream, the deal passing to the
left. :func:`board_hands` calls the same two, so a hand record shows the cards played.
"""

from __future__ import annotations

from typing import Any

from openwhist.cards import SplitMix64, format_hand
from openwhist.errors import InvalidActionError
from openwhist.match import match_seed, next_deal_seed
from openwhist.rules.registry import get_variant

STRAINS = ("S", "H", "D", "C", "NT")
"""The trumps of a hand record's rows (NT: no trump), in the bridge order."""


def board_hands(family: str, options: Any, secret: int, deals: int) -> list[tuple[int, ...]]:
    """The hands (card masks, per seat) of the ``deals`` deals an online drive table
    dealt from ``secret`` plays, in order (``options``: the family's options record, None
    for its defaults)."""
    record = get_variant(family)
    if options is None:
        options = record.options()
    hands = record.header(options).hands
    rng = SplitMix64(match_seed(secret, 0))
    out = []
    for k in range(deals):
        deal = record.deal(options, seed=next_deal_seed(rng), dealer=k % hands)
        out.append(tuple(deal.hands))
    return out


def hand_record(hands: tuple[int, ...]) -> dict[str, Any]:
    """A board's hand record: each seat's hand in words and, per trump of :data:`STRAINS`,
    the tricks each seat's side takes double dummy with the seat on its left leading
    (four-hand deals only).

    >>> r = hand_record(board_hands("classic", None, 1, 1)[0])
    >>> len(r["hands"]), sorted(r["tricks"]), all(0 <= n <= 13 for t in r["tricks"].values() for n in t)
    (4, ['C', 'D', 'H', 'NT', 'S'], True)
    """
    from openwhist.solver import dd_table

    if len(hands) != 4:
        raise InvalidActionError(f"a hand record needs a four-hand deal, not {len(hands)} hands")
    table = dd_table(hands)
    return {"hands": [format_hand(h) for h in hands],
            "tricks": {s: [table[s][seat] for seat in range(4)] for s in STRAINS}}
