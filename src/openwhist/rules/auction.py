"""The auction: a component a family composes into its deal state, as it builds the play on
:class:`~openwhist.rules.tricks.TrickPlay`.

An :class:`Auction` keeps what every auction of the family knows (who has spoken, who
passed, the bid to beat as a comparable key, the players who hold it) and the turn order: after
each call the next player, clockwise, who still has to speak, or the end of the auction.  A
family subclasses it with its calls: :meth:`Auction.refusal` says why a call may not be made,
:meth:`Auction.make_call` records it, :meth:`Auction.needs_turn` says who still speaks.  The
deal state holds the auction, asks it for the legal calls, and when it ends reads the
contract from it.  Its fields are plain values listed in ``STATE``, so that :meth:`copy`
(the deal's ``undo`` and ``clone``) and :meth:`snapshot` (equality) cover all of it.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any, ClassVar, Self

from openwhist.rules.actions import Call

__all__ = ["Auction", "Bid"]

Bid = tuple[str, int | None, int | None]
"""A bid as the auction keeps it: kind, level (None: none), trump suit (None: none)."""


class Auction:
    """The state and turn order of an auction among ``players`` seats, ``first`` speaking
    first; ``floor`` is the key a bid must outrank when nobody has bid yet."""

    STATE: ClassVar[tuple[str, ...]] = ("spoken", "passed", "best", "key", "holders")
    """The fields that change with the calls (copied by :meth:`copy`, compared by
    :meth:`snapshot`); a family's subclass adds its own."""

    def __init__(self, players: int, first: int, floor: tuple[int, int] = (-1, 0)) -> None:
        self.players = players
        self.first = first
        self.spoken = [False] * players
        self.passed = [False] * players
        self.best: Bid | None = None
        """The bid to beat: kind, level, suit (None: nothing bid yet)."""
        self.key: tuple[int, int] = floor
        """The bid to beat as a comparable key (the ladder's rank, the suit's rank)."""
        self.holders: tuple[int, ...] = ()
        """The players who hold the bid to beat."""

    # --- what a family says ----------------------------------------------------------------

    def refusal(self, h: int, call: Call) -> str | None:
        """Why ``h`` may not make ``call`` now (None: he may)."""
        raise NotImplementedError

    def make_call(self, h: int, call: Call) -> int | None:
        """Record ``h``'s call (already checked); return who speaks next, None when the
        auction is over."""
        raise NotImplementedError

    def needs_turn(self, q: int) -> bool:
        """``q`` still has to speak (by default: he has not passed)."""
        return not self.passed[q]

    # --- what every auction does -----------------------------------------------------------

    def legal(self, h: int, calls: Iterable[Call]) -> list[Call]:
        """The ``calls`` that ``h`` may make now, in their order."""
        return [c for c in calls if self.refusal(h, c) is None]

    def next_speaker(self, h: int) -> int | None:
        """The next player after ``h``, clockwise, who still has to speak (``h`` himself last);
        None when nobody has: the auction is over."""
        for i in range(1, self.players + 1):
            q = (h + i) % self.players
            if self.needs_turn(q):
                return q
        return None

    def outranks(self, key: tuple[int, int]) -> bool:
        """A bid with ``key`` beats the bid to beat."""
        return key > self.key

    def copy(self) -> Self:
        """An independent copy (the rules and the hands it reads are shared)."""
        other = copy.copy(self)
        for name in self.STATE:
            value = getattr(self, name)
            if type(value) is list:
                setattr(other, name, _copied(value))
        return other

    def snapshot(self) -> tuple[object, ...]:
        """The state as a comparable tuple (lists become tuples)."""
        return tuple(_frozen(getattr(self, name)) for name in self.STATE)


def _copied(value: list[Any]) -> list[Any]:
    """A copy of a list of plain values, its inner lists copied too (the rest is immutable)."""
    return [_copied(v) if type(v) is list else v for v in value]


def _frozen(value: Any) -> Any:
    if isinstance(value, list | tuple) and not isinstance(value, str):
        return tuple(_frozen(v) for v in value)
    return value

