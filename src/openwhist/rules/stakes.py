"""What a deal's tricks are worth to the match: the stakes a player plays for.

A deal counts tricks, but a match counts something else: in classic short whist a side at
4 needs one trick over the book to win the game, and the sixth and seventh trick over
the book are worth nothing more; a side at 0 wants every trick.  A family's rules say what
its match counts as :class:`Stakes`: for each number of tricks a side may take in the
whole deal, what that is worth to the side, given the hands as dealt (honours held may
score, or decide the game first).  A player that searches sampled deals plays the card
with the best average worth rather than the most tricks.

:func:`game_chances` is the common piece for a game to a number of points: the chance of
winning the game from each score, for two equal sides, worked backwards from the game's
end with a model of one deal's points.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

__all__ = ["Outcome", "Stakes", "game_chances"]


@dataclass(frozen=True)
class Stakes:
    """What each number of tricks in the deal is worth to a side.

    :param worth: ``worth(dealt, side)`` -> a tuple indexed by the tricks ``side`` takes
        in the whole deal (0 to all), each the worth of that result to ``side``; ``dealt``
        holds every hand's cards as dealt (bit masks), e.g. a sampled deal's.
    :param unit: what the worth measures: ``"game"`` (the chance of winning the game, 0 to
        1) or ``"points"`` (the points the deal gives each player of the side).
    """

    worth: Callable[[Sequence[int], int], tuple[float, ...]]
    unit: str


Outcome = tuple[float, int, int, "int | None"]
"""One way a deal may end: (probability, side 0's score after, side 1's score after, the
side that won the game with it or None)."""


def game_chances(target: int, outcomes: Callable[[int, int], Iterable[Outcome]]
                 ) -> dict[tuple[int, int], float]:
    """Side 0's chance of winning a game to ``target`` from each score ``(a, b)`` below it.

    ``outcomes(a, b)`` lists how one deal played at ``(a, b)`` may end; every ending that
    does not finish the game must add at least one point to the two scores together (so
    the game ends), which trick scoring guarantees: one side always wins the odd trick.

    >>> def coin(a, b):  # each deal gives one point to one side, even chances
    ...     yield (0.5, a + 1, b, 0 if a + 1 >= 2 else None)
    ...     yield (0.5, a, b + 1, 1 if b + 1 >= 2 else None)
    >>> chances = game_chances(2, coin)
    >>> chances[(0, 0)], chances[(1, 0)], chances[(0, 1)]
    (0.5, 0.75, 0.25)
    """
    chance: dict[tuple[int, int], float] = {}
    for total in range(2 * target - 2, -1, -1):
        for a in range(max(0, total - target + 1), min(total, target - 1) + 1):
            b = total - a
            p = 0.0
            for prob, a2, b2, winner in outcomes(a, b):
                if winner is not None:
                    p += prob if winner == 0 else 0.0
                    continue
                if a2 + b2 <= total:
                    raise ValueError(f"a deal from {a}-{b} to {a2}-{b2} leaves the game no nearer its end")
                p += prob * chance[(a2, b2)]
            chance[(a, b)] = p
    return chance
