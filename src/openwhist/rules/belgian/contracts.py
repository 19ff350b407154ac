"""Belgian whist's contracts, results and their settlement, and the referee's check of a
hand."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, NamedTuple

from openwhist.cards import Suit
from openwhist.rules.actions import Call
from openwhist.rules.belgian.grid import PointsGrid
from openwhist.rules.belgian.ladder import HANDS, KINDS, LEVELS, MISERE_TRICKS, SHARED
from openwhist.rules.contract import Contract as ObservedContract
from openwhist.rules.contract import Promise
from openwhist.rules.observation import Observation
from openwhist.rules.stakes import Stakes

# --- contracts, results, events --------------------------------------------------------------


class Contract(NamedTuple):
    """The contract played: kind, level (pair, solo, abondance), trump suit, declarers,
    the tricks the declaring side must take (exactly, for misères)."""

    kind: str
    level: int | None
    suit: Suit | None
    declarers: tuple[int, ...]
    needed: int

    @property
    def exact(self) -> bool:
        """True for contracts that must take exactly ``needed`` tricks (misères, piccolo)."""
        return self.kind in MISERE_TRICKS

    def name(self) -> str:
        """``"pair 9 hearts"``, ``"grand misere"``, ``"troel hearts"``."""
        parts = [self.kind.replace("-", " ")]
        if self.level is not None:
            parts.append(str(self.level))
        if self.suit is not None:
            parts.append(self.suit.name.lower())
        return " ".join(parts)

    def observed(self) -> ObservedContract:
        """The contract as observations carry it (:class:`openwhist.rules.base.Contract`):
        misère-like contracts exactly ``needed`` tricks, each declarer on his own; the
        others at least ``needed``, the declarers together."""
        return ObservedContract(name=self.name(), kind=self.kind, declarers=self.declarers,
                                needed=self.needed, bound="exactly" if self.exact else "at_least",
                                trump=self.suit, each=self.exact)


class AuctionEnded(NamedTuple):
    """Event: the auction is over; ``contract`` is its text (``"pass"`` when all passed)."""

    contract: str
    declarers: tuple[int, ...]


class BelgianResult(NamedTuple):
    """The score of one deal, per player (hand order).

    ``contract`` is the contract's text (``None`` when all passed), ``declarers`` its
    players, ``made`` per declarer whether he made it, ``tricks`` and ``points`` per
    player, ``multiplier`` 2 for a deal after an all-pass under ``redeal-double``,
    ``stopped`` the tricks left unplayed when the play stopped early.
    """

    contract: str | None
    declarers: tuple[int, ...]
    made: tuple[bool, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    multiplier: int
    stopped: int

    @property
    def all_pass(self) -> bool:
        """True when every player passed (the same dealer deals again)."""
        return self.contract is None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self._asdict().items()}


def settle(grid: PointsGrid, contract: Contract, tricks: Sequence[int],
           multiplier: int = 1) -> tuple[tuple[bool, ...], tuple[int, ...]]:
    """(made per declarer, points per player) of a contract given each player's tricks.

    A pair (and troel) settles as one side; several misère players each settle on their
    own against the other three, and the amounts are added (§1.9.2).
    """
    entry = grid.entry(contract.kind, contract.level)
    points = [0] * HANDS
    made_all: list[bool] = []
    groups = [contract.declarers] if not contract.exact else [(d,) for d in contract.declarers]
    for group in groups:
        taken = sum(tricks[h] for h in group)
        made, value = entry.value(taken, contract.needed, contract.exact)
        value *= multiplier
        made_all.extend([made] * len(group))
        opponents = [h for h in range(HANDS) if h not in group]
        share = value * len(opponents) // len(group)
        for h in group:
            if made or grid.settlement == "zero-sum":
                points[h] += share if made else -share
        for h in opponents:
            if not made or grid.settlement == "zero-sum":
                points[h] += value if not made else -value
    return tuple(made_all), tuple(points)


def deal_stakes(obs: Observation) -> Stakes | None:
    """What Belgian whist's match counts for the players of a contract of tricks (a pair,
    troel, a solo, abondance): the points the settlement gives each player of a side (the
    grid's, times the deal's multiplier) for each number of tricks the side takes, so that
    the contract made or set, and the overtricks the grid pays, count as they score.  None
    before the contract and for the misère-like contracts (each played for its exact
    count, see :class:`~openwhist.rules.contract.Contract`).

    On FreeWhist's grid a pair that makes 8 tricks scores 8 points each, and each
    defender scores 11 when it fails; the overtricks pay nothing more there:

    >>> from openwhist import new_deal
    >>> deal = new_deal("belgian", seed=4)
    >>> for call in ("pass", "propose clubs", "accept", "pass"):
    ...     _ = deal.apply(call)
    >>> worth = deal_stakes(deal.observation(0)).worth
    >>> pair, defenders = deal.sides[2], deal.sides[0]
    >>> worth(deal.dealt, pair)[7:10], worth(deal.dealt, defenders)[5:8]
    ((0.0, 8.0, 8.0), (0.0, 11.0, 11.0))
    """
    c = obs.contract
    if c is None or c.each or c.bound != "at_least" or not c.declarers:
        return None
    contract = Contract(c.kind, c.needed if c.kind in LEVELS else None, c.trump,
                        tuple(c.declarers), c.needed)
    grid = obs.options.points_grid()
    multiplier = int(obs.info.get("multiplier", 1))
    sides = obs.sides
    lead = contract.declarers[0]
    rows: dict[int, tuple[float, ...]] = {}
    for side in set(sides):
        member = sides.index(side)
        declaring = sides[lead] == side
        row = []
        for t in range(14):
            tricks = [0] * HANDS
            tricks[lead] = t if declaring else 13 - t
            row.append(float(settle(grid, contract, tricks, multiplier)[1][member]))
        rows[side] = tuple(row)

    def worth(dealt: Sequence[int], side: int) -> tuple[float, ...]:
        return rows[side]

    return Stakes(worth, "points")


# --- the referee ---------------------------------------------------------------------------------

HIGH_CARD_POINTS = (0,) * 9 + (1, 2, 3, 4)
"""High-card points by rank index: J 1, Q 2, K 3, A 4 (40 in the pack, 10 a hand on average)."""
REFEREE_MARGIN = {"solo": 2, "abondance": 2, "soloslim": 1}
"""How many tricks a game taking tricks may lie above the hand's quick count."""
REFEREE_POINTS = {"grand-misere": 8, "open-misere": 8, "small-misere": 10, "piccolo": 12,
                  "piccolissimo": 14}
"""The most high-card points a hand may hold for each misère-like game."""


def quick_tricks(hand: int, trump: Suit | int) -> int:
    """A quick count of the tricks ``hand`` takes alone with ``trump``: every trump, less
    the ace, king and queen it lacks among its top three places (AKxxx 5, KQxxxx 5, Kx 1,
    xxx 0), plus in each other suit the unbroken run from its ace, at most three (A 1, AK 2,
    AKQJ 3: the opponents ruff the fourth round; a suit without its ace nothing).

    >>> from openwhist.cards import Suit, parse_hand
    >>> quick_tricks(parse_hand("AKQJT98.AK.A.432"), Suit.SPADES)
    10
    """
    total = 0
    for s in range(4):
        cards = hand >> (s * 13) & 0x1FFF
        n = cards.bit_count()
        if s == int(trump):
            total += n - sum(1 for r in range(12, 12 - min(n, 3), -1) if not cards >> r & 1)
            continue
        r = 12
        while r >= 10 and cards >> r & 1:
            total += 1
            r -= 1
    return total


def high_card_points(hand: int) -> int:
    """The hand's high-card points: A 4, K 3, Q 2, J 1."""
    return sum(HIGH_CARD_POINTS[c % 13] for c in range(52) if hand >> c & 1)


def referee_refusal(hand: int, kind: str, level: int | None = None,
                    suit: Suit | int | None = None) -> str | None:
    """Why a referee refuses ``kind`` (``"abondance"``, ``"grand-misere"``...) for ``hand``
    as implausible, or None when he allows it: the plausibility check of the ``referee``
    option.

    A game taking tricks alone (solo, abondance, soloslim) needs a :func:`quick_tricks`
    count with its trump of at least the tricks bid less :data:`REFEREE_MARGIN`; a
    misère-like game at most :data:`REFEREE_POINTS` high-card points.  A pair is never
    refused (its strength lies in two hands).

    >>> from openwhist.cards import Suit, parse_hand
    >>> referee_refusal(parse_hand("AKQJT98.AK.A.432"), "abondance", 10, Suit.SPADES) is None
    True
    >>> referee_refusal(parse_hand("AKQ.AKQ.AK.5432"), "grand-misere")
    '25 high-card points (A 4, K 3, Q 2, J 1), and grand misere allows at most 8'
    """
    name = kind.replace("-", " ")
    if kind in REFEREE_POINTS:
        points = high_card_points(hand)
        most = REFEREE_POINTS[kind]
        if points > most:
            return f"{points} high-card points (A 4, K 3, Q 2, J 1), and {name} allows at most {most}"
        return None
    if kind in REFEREE_MARGIN and suit is not None:
        needed = 13 if kind == "soloslim" else (level or 13)
        least = needed - REFEREE_MARGIN[kind]
        count = quick_tricks(hand, suit)
        if count < least:
            trump = Suit(suit).name.lower()
            return f"a quick count gives {count} tricks with {trump} trump, and " \
                   f"{name}{'' if level is None else f' {level}'} needs at least {least} by it"
    return None


_LEADS = ("abondance", "soloslim")
"""Contracts whose declarer leads the first trick."""


@functools.lru_cache(maxsize=4096)
def promise(options: Any, call: Call) -> Promise | None:
    """What ``call`` commits its caller to under ``options`` (see
    :class:`~openwhist.rules.contract.Promise`): a proposal or a pair, the side's tricks with
    a partner; solo, abondance and soloslim alone with trump; the misères alone, exactly.
    None for a call that commits to no contract (pass, wait, passe parole, trump, discard)
    or one the options' grid does not list.

    >>> from openwhist.rules.belgian import PRESETS
    >>> p = promise(PRESETS["whisthub"], Call.make("abondance", 9, Suit.HEARTS))
    >>> p.alone, p.needed, p.bound, p.leads, p.made
    (True, 9, 'at_least', True, 10)

    The answers are kept (the options are frozen, a promise too): a bidder asks it of
    every legal call at every turn.
    """
    kind = call.kind
    level = call.level
    if kind in ("propose", "accept"):
        kind, level = "pair", 8
    if kind not in KINDS or kind == "troel":
        return None
    grid = options.points_grid()
    if grid.rank(kind, level) is None:
        return None
    exact = kind in MISERE_TRICKS
    needed = MISERE_TRICKS[kind] if exact else 13 if kind == "soloslim" else int(level or 8)
    entry = grid.entry(kind, level)
    _, made = entry.value(needed, needed, exact)
    _, failed = entry.value(needed + 1 if exact else needed - 1, needed, exact)
    return Promise(alone=kind != "pair", needed=needed, bound="exactly" if exact else "at_least",
                   trump=call.suit, leads=kind in _LEADS, exposed=kind == "open-misere",
                   discard=kind == "small-misere", shared=kind in SHARED, made=abs(made),
                   failed=abs(failed), zero_sum=grid.settlement == "zero-sum")
