"""An exact search for small positions of 2 to 6 hands, each player for himself: can one
seat force *exactly* ``need`` tricks of those left, whatever every other hand plays?

The compiled solver (:mod:`openwhist.solver`) searches 2 to 4 hands of two sides under the
follow rule.  The games where each player bids the exact tricks he takes are played by up
to six hands, some with the follow-then-trump rule (a hand void in the suit led must trump
if it can); their last tricks are small enough for a plain search in Python.  The seat
plays for exactly its target, the other hands together against it (the pessimistic
bound: real opponents each play for their own target, so a seat that can force its
target here makes it against any play).

>>> from openwhist.cards import parse_hand
>>> hands = [parse_hand("S:A"), parse_hand("S:K"), parse_hand("S:Q")]
>>> exact_values(hands, trump=-1, leader=0, trick=(), seat=0, need=1)
{51: True}
>>> exact_values(hands, trump=-1, leader=0, trick=(), seat=0, need=0)
{51: False}
"""

from __future__ import annotations

from collections.abc import Sequence

from openwhist.cards import SUIT_MASKS
from openwhist.rules.tricks import trick_winner

__all__ = ["SmallLimitReached", "exact_values", "can_force_exactly", "legal_cards"]


class SmallLimitReached(RuntimeError):
    """Raised when a search with a ``node_limit`` gives up before it has an answer."""


def legal_cards(hand: int, led: int, trump: int, ruff: bool) -> int:
    """The cards of ``hand`` that may be played when suit ``led`` was led (-1: leading):
    the suit led if held; else, with ``ruff`` (follow-then-trump), a trump if held; else any.

    >>> from openwhist.cards import parse_hand, format_hand
    >>> format_hand(legal_cards(parse_hand("S:A H:2 D:3"), 0, 2, True))
    'S:- H:2 D:- C:-'
    """
    if led < 0:
        return hand
    follow = hand & SUIT_MASKS[led]
    if follow:
        return follow
    if ruff and trump >= 0 and hand & SUIT_MASKS[trump]:
        return hand & SUIT_MASKS[trump]
    return hand


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Search:
    def __init__(self, trump: int, seat: int, ruff: bool, node_limit: int | None) -> None:
        self.trump = trump
        self.seat = seat
        self.ruff = ruff
        self.limit = node_limit
        self.nodes = 0
        self.memo: dict[tuple[tuple[int, ...], int, int], bool] = {}

    def can(self, hands: list[int], leader: int, trick: list[int], need: int) -> bool:
        """Whether the seat can force exactly ``need`` more tricks from here."""
        n = len(hands)
        # tricks still to be won, counting the one in progress: the mover's cards
        rem = hands[(leader + len(trick)) % n].bit_count()
        if need < 0 or need > rem:
            return False
        if rem == 0:
            return need == 0
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise SmallLimitReached(f"the search passed its limit of {self.limit} nodes")
        if not trick:
            key = (tuple(hands), leader, need)
            hit = self.memo.get(key)
            if hit is not None:
                return hit
        mover = (leader + len(trick)) % n
        led = trick[0] // 13 if trick else -1
        moves = _bits(legal_cards(hands[mover], led, self.trump, self.ruff))
        mine = mover == self.seat
        result = not mine
        for c in moves:
            hands[mover] ^= 1 << c
            trick.append(c)
            if len(trick) == n:
                w = (leader + trick_winner(trick, self.trump)) % n
                ok = self.can(hands, w, [], need - (w == self.seat))
            else:
                ok = self.can(hands, leader, trick, need)
            trick.pop()
            hands[mover] ^= 1 << c
            if ok == mine:
                result = mine
                break
        if not trick:
            self.memo[(tuple(hands), leader, need)] = result
        return result


def can_force_exactly(hands: Sequence[int], trump: int, leader: int, trick: Sequence[int],
                      seat: int, need: int, ruff: bool = False,
                      node_limit: int | None = None) -> bool:
    """Whether ``seat`` can force exactly ``need`` of the tricks left (the one in progress
    counted) against every other hand playing together against it.

    :param hands: the cards each hand holds now (masks), in playing order (2 to 6 hands).
    :param trick: the cards played to the current trick, from ``leader`` on.
    :param ruff: the follow-then-trump rule (a hand void in the suit led must trump).
    :raises SmallLimitReached: past ``node_limit`` nodes.
    """
    search = _Search(trump, seat, ruff, node_limit)
    return search.can(list(hands), leader, list(trick), need)


def exact_values(hands: Sequence[int], trump: int, leader: int, trick: Sequence[int],
                 seat: int, need: int, ruff: bool = False,
                 node_limit: int | None = None) -> dict[int, bool]:
    """For each legal card of the hand to move (which must be ``seat``): whether ``seat``
    can still force exactly ``need`` of the tricks left after playing it (see
    :func:`can_force_exactly`)."""
    n = len(hands)
    mover = (leader + len(trick)) % n
    if mover != seat:
        raise ValueError(f"hand {seat} is not the hand to move ({mover})")
    search = _Search(trump, seat, ruff, node_limit)
    work = list(hands)
    out: dict[int, bool] = {}
    led = trick[0] // 13 if trick else -1
    for c in _bits(legal_cards(work[mover], led, trump, ruff)):
        t = [*trick, c]
        work[mover] ^= 1 << c
        if len(t) == n:
            w = (leader + trick_winner(t, trump)) % n
            out[c] = search.can(work, w, [], need - (w == seat))
        else:
            out[c] = search.can(work, leader, t, need)
        work[mover] ^= 1 << c
    return out
