"""Rewards from a deal's points, the same in both research adapters."""

from __future__ import annotations

from collections.abc import Sequence

from openwhist.rules.variant import VariantHeader

__all__ = ["seat_returns", "zero_sum"]


def seat_returns(points: Sequence[int], sides: Sequence[int], header: VariantHeader) -> list[float]:
    """Each seat's return from a deal's points, seats in ``header.seats`` order.

    Where the variant scores per side, a seat gets its side's points minus the mean of
    the seats on other sides' points; where it scores per hand, its own points minus the
    mean of the other seats'.  Each for himself, or in sides of equal size, the returns
    sum to 0.

    >>> from openwhist.rules.registry import header
    >>> seat_returns((5, 0), (0, 1, 0, 1), header("classic"))
    [5.0, -5.0, 5.0, -5.0]
    >>> seat_returns((24, 0, 24, 24), (0, 1, 0, 0), header("belgian"))
    [8.0, -24.0, 8.0, 8.0]
    """
    seats = header.seats
    per_side = header.scores == "side" and header.sides is not None
    own = [float(points[sides[s]] if per_side else points[s]) for s in seats]
    out = []
    for i, s in enumerate(seats):
        if per_side:
            others = [own[j] for j, o in enumerate(seats) if sides[o] != sides[s]]
        else:
            others = [own[j] for j in range(len(seats)) if j != i]
        out.append(own[i] - (sum(others) / len(others) if others else 0.0))
    return out


def zero_sum(header: VariantHeader) -> bool:
    """True when :func:`seat_returns` always sums to 0: each for himself, or sides of
    equal size (not Dummy whist, where one seat plays two hands against two seats).

    >>> from openwhist.rules.registry import header
    >>> zero_sum(header("classic")), zero_sum(header("dummy")), zero_sum(header("belgian"))
    (True, False, True)
    """
    if header.scores == "player" or header.sides is None:
        return True
    counts: dict[int, int] = {}
    for s in header.seats:
        counts[header.sides[s]] = counts.get(header.sides[s], 0) + 1
    return len(set(counts.values())) == 1
