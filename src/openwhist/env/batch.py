"""A batch simulator: the trick play of many deals at once, compiled with numba.

The rules are the trick play every variant shares (follow suit if you can, the highest
trump or else the highest card of the suit led wins, the winner leads): 2 to 6 hands of
as many cards each (13 a hand for 2 to 4 hands by default; the exact-bid whists' 1 to 17,
from the full deck or a short one), any sides (two, or each for himself), a trump suit or
none, and the play rule follow or, with ``must_trump``, follow-then-trump (a hand void in
the suit led plays a trump if it holds one: Romanian whist).  A batch is dealt at random
(with its own generator, seeded), from the rules' seeds (:func:`seeded_deals`: the same
deals as ``openwhist.new_deal("classic", seed=s)``, in compiled code) or from given
hands, and played

* wholly in compiled code by a built-in policy (:func:`simulate`): ``"random"`` (a legal
  card uniformly) or ``"rule"`` (partial information: the mover's own hand and the trick
  so far: win as cheaply as possible unless a partner is already winning, else play low;
  lead the top of the longest suit) or ``"open"`` (full information: every hand seen; it
  wins with the cheapest card that no later opponent can beat, and otherwise plays as
  ``"rule"``), or
* step by step by the caller's policy (:class:`BatchDeals`): ``legal_mask()`` gives the
  action masks of the hand to move in every deal, ``observe()`` what it sees (its own
  hand, or with ``full=True`` every hand), ``step(cards)`` plays one card in each deal.

Results are arrays: tricks per side, trick points (tricks over six, for four hands of 13
cards in two sides; else the tricks), and
optionally the trajectories (each card in the order played, and who played it).  Cards
are the rules' card ids (``suit * 13 + rank``), hands 52-bit masks in ``int64``.

>>> result = simulate(1000, policy="random", seed=1)
>>> result.tricks.shape, int(result.tricks.sum(axis=1).min()), int(result.tricks.sum(axis=1).max())
((1000, 2), 13, 13)

Five players each for himself, 8 cards each from the short deck of 40 (A-5), trumping
when void:

>>> short = sum(0x1FF8 << 13 * s for s in range(4))
>>> five = simulate(hands=random_hands(500, 5, seed=2, cards=8, deck=short), sides=range(5),
...                 policy="rule", must_trump=True, trump=0, leader=1)
>>> five.tricks.shape, set(five.tricks.sum(axis=1).tolist())
((500, 5), {8})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

try:
    from numba import njit
except ImportError as error:  # an optional extra: the rest of openwhist plays without it
    raise ImportError("the batch simulator (openwhist.env.batch) needs numba: "
                      "pip install 'openwhist[numba]'") from error

from openwhist.cards import _GROUPS
from openwhist.errors import ConfigError, IllegalActionError

__all__ = ["HANDS", "POLICIES", "BatchDeals", "BatchResult", "random_hands", "seeded_deals", "simulate"]

POLICIES = ("random", "rule", "open")
"""The built-in policies of :func:`simulate`: random, rule-based on what the hand to move
sees (partial information) and rule-based with every hand seen (full information)."""

_SUIT = np.array([0x1FFF << (13 * s) for s in range(4)], dtype=np.int64)
_MOD67 = np.full(67, -1, dtype=np.int64)
for _k in range(64):
    _MOD67[(1 << _k) % 67] = _k


# --- compiled kernels ---------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _low(x: Any, mod67: Any) -> Any:  # pragma: no cover - compiled
    """The lowest set bit's index of a non-zero mask."""
    return mod67[(x & -x) % 67]


@njit(cache=True, inline="always")
def _high(x: Any, mod67: Any) -> Any:  # pragma: no cover - compiled
    """The highest set bit's index of a non-zero mask."""
    while x & (x - 1):
        x &= x - 1
    return mod67[x % 67]


@njit(cache=True, inline="always")
def _count(x: Any) -> Any:  # pragma: no cover - compiled
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True, inline="always")
def _legal(hand: Any, led: Any, suits: Any, ruff: Any) -> Any:  # pragma: no cover - compiled
    """The cards a hand may play: the suit led if it holds any, else a trump where it must
    trump (``ruff``: the trump suit's mask; 0 where the rule is follow only), else any."""
    if led >= 0:
        follow = hand & suits[led]
        if follow:
            return follow
        if hand & ruff:
            return hand & ruff
    return hand


@njit(cache=True, inline="always")
def _beats(card: Any, best: Any, trump: Any) -> Any:  # pragma: no cover - compiled
    """True if ``card`` beats the trick's best card so far."""
    cs = card // 13
    bs = best // 13
    if cs == bs:
        return card > best
    return cs == trump


@njit(cache=True)
def _random_hands(n_deals: int, n_hands: int, cards: int, deck_cards: Any,
                  seed: int) -> Any:  # pragma: no cover - compiled
    np.random.seed(seed)
    out = np.zeros((n_deals, n_hands), dtype=np.int64)
    deck = deck_cards.copy()
    for d in range(n_deals):
        for i in range(deck.shape[0] - 1, 0, -1):
            j = np.random.randint(0, i + 1)
            t = deck[i]
            deck[i] = deck[j]
            deck[j] = t
        for k in range(cards * n_hands):
            out[d, k % n_hands] |= np.int64(1) << deck[k]
    return out


@njit(cache=True)
def _portable_hands(seeds: Any, dealers: Any, limits: Any, radixes: Any, group_ends: Any,
                    hands: Any, turn_up: Any) -> None:  # pragma: no cover - compiled
    """The rules' portable shuffle (:func:`openwhist.cards.shuffled_deck`) of each seed,
    dealt one card at a time from the dealer's left; the dealer's last card turned up."""
    golden = np.uint64(0x9E3779B97F4A7C15)
    mix1 = np.uint64(0xBF58476D1CE4E5B9)
    mix2 = np.uint64(0x94D049BB133111EB)
    deck = np.zeros(52, dtype=np.int64)
    for d in range(seeds.shape[0]):
        for i in range(52):
            deck[i] = i
        state = seeds[d]
        start = 0
        for g in range(limits.shape[0]):
            while True:
                state = state + golden
                z = (state ^ (state >> np.uint64(30))) * mix1
                z = (z ^ (z >> np.uint64(27))) * mix2
                z = z ^ (z >> np.uint64(31))
                if z < limits[g]:
                    break
            for k in range(start, group_ends[g]):
                n = radixes[k]
                j = np.int64(z % n)
                z = z // n
                top = np.int64(n) - 1
                t = deck[top]
                deck[top] = deck[j]
                deck[j] = t
            start = group_ends[g]
        dealer = dealers[d]
        for k in range(52):
            hands[d, (dealer + 1 + k) % 4] |= np.int64(1) << deck[k]
        turn_up[d] = deck[51]


@njit(cache=True, inline="always")
def _rule_card(hand: Any, led: Any, n_played: Any, best: Any, best_seat: Any, seat: Any,
               sides: Any, trump: Any, suits: Any, mod67: Any, ruff: Any) -> Any:  # pragma: no cover
    """The rule-based card: what the mover sees is its hand and the trick so far."""
    if n_played == 0:
        longest = -1
        length = -1
        for s in range(4):
            k = _count(hand & suits[s])
            if k > length or (k == length and s != trump):
                longest = s
                length = k
        return _high(hand & suits[longest], mod67)
    legal = _legal(hand, led, suits, ruff)
    partner_wins = sides[best_seat] == sides[seat]
    if not partner_wins:
        winners = np.int64(0)
        rest = legal
        while rest:
            c = _low(rest, mod67)
            rest &= rest - 1
            if _beats(c, best, trump):
                winners |= np.int64(1) << c
        if winners:
            return _low(winners, mod67)
    # play low: the lowest card, a plain one before a trump when discarding
    if trump >= 0 and legal & ~suits[trump]:
        legal &= ~suits[trump]
    low = -1
    rest = legal
    while rest:
        c = _low(rest, mod67)
        rest &= rest - 1
        if low < 0 or c % 13 < low % 13:
            low = c
    return low


@njit(cache=True, inline="always")
def _can_beat(hand: Any, led: Any, best: Any, trump: Any, suits: Any, mod67: Any) -> Any:  # pragma: no cover
    """True if a hand, following the suit led as it must, holds a card beating ``best``."""
    follow = hand & suits[led]
    if follow:
        return best // 13 == led and _high(follow, mod67) > best
    if trump < 0:
        return False
    trumps = hand & suits[trump]
    if not trumps:
        return False
    return best // 13 != trump or _high(trumps, mod67) > best


@njit(cache=True, inline="always")
def _holds(card: Any, held: Any, n_hands: Any, lead: Any, k: Any, led: Any, mine: Any, sides: Any,
           trump: Any, suits: Any, mod67: Any) -> Any:  # pragma: no cover - compiled
    """True if no opponent still to play to the trick can beat ``card``."""
    for j in range(k + 1, n_hands):
        other = (lead + j) % n_hands
        if sides[other] != mine and _can_beat(held[other], led, card, trump, suits, mod67):
            return False
    return True


@njit(cache=True, inline="always")
def _open_card(held: Any, n_hands: Any, lead: Any, k: Any, led: Any, best: Any, best_seat: Any,
               seat: Any, sides: Any, trump: Any, suits: Any, mod67: Any,
               ruff: Any) -> Any:  # pragma: no cover - compiled
    """The open-hands card (full information: every hand seen): when the trick is not
    already the side's for sure, the lowest card (a plain one before a trump) that wins it
    against every later opponent; else the lowest card.  Leads as ``"rule"``."""
    hand = held[seat]
    if k == 0:
        return _rule_card(hand, led, k, best, best_seat, seat, sides, trump, suits, mod67, ruff)
    mine = sides[seat]
    if not (sides[best_seat] == mine
            and _holds(best, held, n_hands, lead, k, led, mine, sides, trump, suits, mod67)):
        chosen = -1
        rest = _legal(hand, led, suits, ruff)
        while rest:
            c = _low(rest, mod67)
            rest &= rest - 1
            cheaper = (chosen < 0 or (chosen // 13 == trump) > (c // 13 == trump)
                       or ((chosen // 13 == trump) == (c // 13 == trump) and c % 13 < chosen % 13))
            if (cheaper and _beats(c, best, trump)
                    and _holds(c, held, n_hands, lead, k, led, mine, sides, trump, suits, mod67)):
                chosen = c
        if chosen >= 0:
            return chosen
    # the trick is the side's already, or cannot be won: the lowest card (played as
    # the rule-based policy plays low, with a partner winning)
    return _rule_card(hand, led, k, best, seat, seat, sides, trump, suits, mod67, ruff)


@njit(cache=True)
def _play_all(hands: Any, trump: Any, leader: Any, sides: Any, policy: Any, seed: int,
              record: bool, cards_out: Any, seats_out: Any, tricks_out: Any,
              suits: Any, mod67: Any, must_trump: bool) -> None:  # pragma: no cover - compiled
    np.random.seed(seed)
    n_deals, n_hands = hands.shape
    held = np.zeros(6, dtype=np.int64)
    for d in range(n_deals):
        for h in range(n_hands):
            held[h] = hands[d, h]
        lead = leader[d]
        tr = trump[d]
        ruff = suits[tr] if must_trump and tr >= 0 else np.int64(0)
        step = 0
        for _t in range(_count(held[lead])):
            led = -1
            best = -1
            best_seat = lead
            for k in range(n_hands):
                seat = (lead + k) % n_hands
                hand = held[seat]
                if policy[sides[seat]] == 0:
                    legal = _legal(hand, led, suits, ruff)
                    r = np.random.randint(0, _count(legal))
                    for _ in range(r):
                        legal &= legal - 1
                    card = _low(legal, mod67)
                elif policy[sides[seat]] == 1:
                    card = _rule_card(hand, led, k, best, best_seat, seat, sides, tr, suits, mod67, ruff)
                else:
                    card = _open_card(held, n_hands, lead, k, led, best, best_seat, seat, sides, tr,
                                      suits, mod67, ruff)
                held[seat] = hand & ~(np.int64(1) << card)
                if k == 0:
                    led = card // 13
                    best = card
                    best_seat = seat
                elif _beats(card, best, tr):
                    best = card
                    best_seat = seat
                if record:
                    cards_out[d, step] = card
                    seats_out[d, step] = seat
                step += 1
            tricks_out[d, sides[best_seat]] += 1
            lead = best_seat


@njit(cache=True)
def _legal_masks(hands: Any, to_move: Any, led: Any, done: Any, out: Any,
                 suits: Any, ruffs: Any) -> None:  # pragma: no cover - compiled
    n_deals = hands.shape[0]
    for d in range(n_deals):
        if done[d]:
            continue
        legal = _legal(hands[d, to_move[d]], led[d], suits, ruffs[d])
        while legal:
            low = legal & -legal
            legal &= legal - 1
            c = 0
            while low > 1:
                low >>= 1
                c += 1
            out[d, c] = 1


@njit(cache=True)
def _step(hands: Any, to_move: Any, leader: Any, led: Any, best: Any, best_seat: Any,
          n_played: Any, trump: Any, sides: Any, tricks: Any, done: Any, cards: Any,
          record: bool, cards_out: Any, seats_out: Any, steps: Any, suits: Any,
          ruffs: Any) -> int:  # pragma: no cover
    n_deals, n_hands = hands.shape
    for d in range(n_deals):
        if done[d]:
            continue
        c = cards[d]
        if c < 0 or c > 51:
            return d
        legal = _legal(hands[d, to_move[d]], led[d], suits, ruffs[d])
        if not (legal >> c) & 1:
            return d
    for d in range(n_deals):
        if done[d]:
            continue
        c = cards[d]
        seat = to_move[d]
        hands[d, seat] &= ~(np.int64(1) << c)
        if record:
            cards_out[d, steps[d]] = c
            seats_out[d, steps[d]] = seat
        steps[d] += 1
        if n_played[d] == 0:
            led[d] = c // 13
            best[d] = c
            best_seat[d] = seat
        elif _beats(c, best[d], trump[d]):
            best[d] = c
            best_seat[d] = seat
        n_played[d] += 1
        if n_played[d] == n_hands:
            w = best_seat[d]
            tricks[d, sides[w]] += 1
            leader[d] = w
            to_move[d] = w
            n_played[d] = 0
            led[d] = -1
            if hands[d, w] == 0:
                done[d] = True
        else:
            to_move[d] = (seat + 1) % n_hands
    return -1


# --- the Python side -----------------------------------------------------------------------------


@dataclass(frozen=True)
class BatchResult:
    """The outcome of a batch: ``tricks[d, side]`` (a column a side: two, or one a hand
    each for himself); ``trick_points[d, side]`` the tricks over six (four hands of 13 cards
    in two sides; else the tricks); ``cards[d, i]`` and ``seats[d, i]`` the i-th
    card played and its hand, when trajectories were asked for (else None)."""

    tricks: np.ndarray[Any, Any]
    trick_points: np.ndarray[Any, Any]
    cards: np.ndarray[Any, Any] | None = None
    seats: np.ndarray[Any, Any] | None = None


HANDS = (2, 3, 4, 5, 6)
"""The numbers of hands a batch plays."""


def _check_sides(sides: Any, n_hands: int) -> np.ndarray[Any, Any]:
    """Each hand's side: 0 or 1 (two sides), or 0..n-1 each for himself; every side from 0
    up to the highest has a hand."""
    arr = np.asarray(list(sides) if isinstance(sides, range) else sides, dtype=np.int64)
    if (arr.shape != (n_hands,) or arr.min() < 0
            or set(arr.tolist()) != set(range(int(arr.max()) + 1)) or arr.max() < 1):
        raise ConfigError(f"sides gives a side for each of the {n_hands} hands (0 or 1, or "
                          f"0 to {n_hands - 1} each for himself), not {sides!r}")
    return arr


def _per_deal(value: Any, n_deals: int, name: str, low: int, high: int) -> np.ndarray[Any, Any]:
    arr = np.broadcast_to(np.asarray(value, dtype=np.int64), (n_deals,)).copy()
    if arr.size and (arr.min() < low or arr.max() > high):
        raise ConfigError(f"{name} lies in {low}..{high}")
    return arr


def _check_seed(seed: int) -> int:
    """The generator's seed (numba's takes 32 bits: the seed modulo 2**32)."""
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise ConfigError(f"a seed is a non-negative whole number, not {seed!r}")
    return int(seed) % 2**32


def random_hands(n_deals: int, n_hands: int = 4, seed: int = 0, cards: int | None = None,
                 deck: int | None = None) -> np.ndarray[Any, Any]:
    """``n_deals`` random deals of ``cards`` cards to each of ``n_hands`` hands (2 to 6;
    masks, from the batch's own generator; not the rules' portable shuffle), from ``deck``
    (a 52-bit mask of the cards in play; None: all 52).  ``cards`` defaults to 13, or for
    five and six hands or a short deck as many as the deck gives each hand."""
    if isinstance(n_hands, bool) or n_hands not in HANDS:
        raise ConfigError(f"a batch deals 2 to 6 hands, not {n_hands!r}")
    if isinstance(n_deals, bool) or not isinstance(n_deals, int) or n_deals < 1:
        raise ConfigError(f"n_deals is a whole number from 1, not {n_deals!r}")
    full = (1 << 52) - 1
    if deck is not None and (isinstance(deck, bool) or not isinstance(deck, int | np.integer)
                             or not 0 < int(deck) <= full):
        raise ConfigError(f"deck is a 52-bit mask of the cards in play, not {deck!r}")
    in_play = np.array([c for c in range(52) if (full if deck is None else int(deck)) >> c & 1],
                       dtype=np.int64)
    each = min(13, in_play.size // n_hands) if cards is None else cards
    most = in_play.size // n_hands
    if isinstance(each, bool) or not isinstance(each, int | np.integer) or not 1 <= each <= most:
        raise ConfigError(f"a deck of {in_play.size} cards deals {n_hands} hands 1 to "
                          f"{in_play.size // n_hands} cards each, not {cards!r}")
    result: np.ndarray[Any, Any] = _random_hands(n_deals, n_hands, int(each), in_play, _check_seed(seed))
    return result


def _groups() -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    limits = np.array([limit for limit, _ in _GROUPS], dtype=np.uint64)
    radixes = np.array([n for _, group in _GROUPS for n in group], dtype=np.uint64)
    ends = np.cumsum([len(group) for _, group in _GROUPS]).astype(np.int64)
    return limits, radixes, ends


def seeded_deals(seeds: Any, dealer: Any = 0) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any],
                                                        np.ndarray[Any, Any]]:
    """The four-hand deals the rules make from these seeds (``openwhist.new_deal("classic",
    seed=s, dealer=d)``: the portable shuffle, dealt from the dealer's left, the dealer's
    last card turned up), in compiled code: the hands (masks), the turn-up's suit (the
    trump) and the hand that leads (the dealer's left).

    >>> import openwhist
    >>> hands, trump, leader = seeded_deals([2026], dealer=0)
    >>> deal = openwhist.new_deal("classic", seed=2026, dealer=0)
    >>> int(trump[0]) == deal.trump, int(leader[0]) == deal.to_move
    (True, True)
    """
    arr = np.asarray(seeds)
    if (arr.ndim != 1 or arr.size == 0 or arr.dtype.kind not in "iu"
            or (arr.dtype.kind == "i" and arr.min() < 0)):
        raise ConfigError("seeds is a non-empty list of non-negative whole numbers")
    seeds64 = arr.astype(np.uint64)
    dealers = _per_deal(dealer, arr.size, "dealer", 0, 3)
    hands = np.zeros((arr.size, 4), dtype=np.int64)
    turn_up = np.zeros(arr.size, dtype=np.int64)
    _portable_hands(seeds64, dealers, *_groups(), hands, turn_up)
    return hands, turn_up // 13, (dealers + 1) % 4


def _trick_points(tricks: np.ndarray[Any, Any], hands: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Tricks over six for four hands of 13 cards in two sides (whist's odd tricks); else
    the tricks."""
    whist = hands.shape[1] == 4 and tricks.shape[1] == 2 and int(hands[0, 0]).bit_count() == 13
    points: np.ndarray[Any, Any] = np.maximum(tricks - 6, 0) if whist else tricks.copy()
    return points


def _sides_default(n_hands: int) -> tuple[int, ...]:
    """Alternate sides for 2 to 4 hands (partners across the table with four), each for
    himself for five and six."""
    return tuple(h % 2 for h in range(n_hands)) if n_hands <= 4 else tuple(range(n_hands))


def _ruffs(trump: np.ndarray[Any, Any], must_trump: bool) -> np.ndarray[Any, Any]:
    """Per deal, the trump suit's mask where a void hand must trump; else 0."""
    if not must_trump:
        return np.zeros(trump.shape, dtype=np.int64)
    out: np.ndarray[Any, Any] = np.where(trump >= 0, _SUIT[np.maximum(trump, 0)], 0).astype(np.int64)
    return out


def _check_hands(hands: Any) -> np.ndarray[Any, Any]:
    arr = np.ascontiguousarray(hands, dtype=np.int64)
    if arr.ndim != 2 or arr.shape[1] not in HANDS:
        raise ConfigError("hands is an array of masks, one row per deal and a column per hand (2-6)")
    full = (1 << 52) - 1
    for row in arr[:1]:
        if any(int(m) & ~full for m in row):
            raise ConfigError("a hand is a 52-bit mask of card ids")
    counts = np.array([[int(m).bit_count() for m in row] for row in arr[:1]])
    if counts.size and (counts != counts[0, 0]).any():
        raise ConfigError("every hand of a deal holds as many cards")
    return arr


def simulate(n_deals: int | None = None, *, hands: Any = None, policy: str | tuple[str, ...] = "random",
             trump: Any = 3, leader: Any = 1, sides: Any = None, seed: int = 0,
             trajectories: bool = False, n_hands: int = 4, cards: int | None = None,
             deck: int | None = None, must_trump: bool = False) -> BatchResult:
    """Play a batch of deals to the end with a built-in policy, in compiled code.

    :param n_deals: deals to deal at random (with ``seed``; ``n_hands``, ``cards`` and
        ``deck`` as :func:`random_hands` takes them), or give ``hands``.
    :param hands: masks, one row per deal and a column per hand (hand 0 first), every hand
        of a deal as many cards.
    :param policy: ``"random"`` or ``"rule"`` (see the module's docstring), or one per
        side (``("rule", "random")``).
    :param trump: the trump suit (0-3: clubs, diamonds, hearts, spades; -1 none), one for
        all deals or one per deal.
    :param leader: the hand that leads the first trick, one or one per deal.
    :param sides: the side of each hand, 0 or 1, or each for himself 0 to n-1
        (``range(n)``); default alternate for 2 to 4 hands (partners across the table with
        four), each for himself for five and six.
    :param trajectories: also return every card played, in order, and its hand.
    :param must_trump: the play rule follow-then-trump (Romanian whist): a hand void in the
        suit led plays a trump if it holds one; off: follow suit, else any card.
    """
    if hands is None:
        if n_deals is None:
            raise ConfigError("give n_deals or hands")
        arr = random_hands(n_deals, n_hands, seed, cards, deck)
    else:
        arr = _check_hands(hands)
    n, nh = arr.shape
    side_arr = _check_sides(_sides_default(nh) if sides is None else sides, nh)
    n_sides = int(side_arr.max()) + 1
    chosen = (policy,) * n_sides if isinstance(policy, str) else tuple(policy)
    if len(chosen) != n_sides or any(p not in POLICIES for p in chosen):
        raise ConfigError(f"unknown policy {policy!r}; policies: {', '.join(POLICIES)}, "
                          f"one for every side or one per side ({n_sides})")
    codes = np.array([POLICIES.index(p) for p in chosen], dtype=np.int64)
    trumps = _per_deal(trump, n, "trump", -1, 3)
    leaders = _per_deal(leader, n, "leader", 0, nh - 1)
    length = int(arr[0, 0]).bit_count() * nh
    played = np.full((n, length if trajectories else 1), -1, dtype=np.int16)
    seats = np.full((n, length if trajectories else 1), -1, dtype=np.int8)
    tricks = np.zeros((n, n_sides), dtype=np.int64)
    _play_all(arr, trumps, leaders, side_arr, codes, _check_seed(seed), trajectories,
              played, seats, tricks, _SUIT, _MOD67, bool(must_trump))
    return BatchResult(tricks, _trick_points(tricks, arr),
                       played if trajectories else None, seats if trajectories else None)


class BatchDeals:
    """Many deals played step by step by the caller's policy.

    Every call acts on all deals at once: :meth:`legal_mask` gives each deal's legal cards
    for its hand to move, :meth:`observe` what that hand sees, :meth:`step` plays one card
    in every deal not yet over (an illegal card in any deal raises
    :class:`~openwhist.errors.IllegalActionError` and changes nothing).

    >>> batch = BatchDeals(hands=random_hands(3, seed=2), trump=0, leader=1)
    >>> while not batch.done.all():
    ...     mask = batch.legal_mask()
    ...     batch.step(mask.argmax(axis=1))          # the lowest legal card
    >>> batch.tricks.sum(axis=1).tolist()
    [13, 13, 13]
    """

    def __init__(self, n_deals: int | None = None, *, hands: Any = None, trump: Any = 3,
                 leader: Any = 1, sides: Any = None, seed: int = 0, trajectories: bool = False,
                 n_hands: int = 4, cards: int | None = None, deck: int | None = None,
                 must_trump: bool = False) -> None:
        """The batch's deals (as :func:`simulate` takes them), ready for the first card."""
        if hands is None:
            if n_deals is None:
                raise ConfigError("give n_deals or hands")
            self.hands = random_hands(n_deals, n_hands, seed, cards, deck)
        else:
            self.hands = _check_hands(hands).copy()
        n, nh = self.hands.shape
        self.n_hands = nh
        self.dealt = self.hands.copy()
        self.sides = _check_sides(_sides_default(nh) if sides is None else sides, nh)
        self.trump = _per_deal(trump, n, "trump", -1, 3)
        self.ruffs = _ruffs(self.trump, must_trump)
        self.leader = _per_deal(leader, n, "leader", 0, nh - 1)
        self.to_move = self.leader.copy()
        self.led = np.full(n, -1, dtype=np.int64)
        self.best = np.full(n, -1, dtype=np.int64)
        self.best_seat = self.leader.copy()
        self.n_played = np.zeros(n, dtype=np.int64)
        self.tricks = np.zeros((n, int(self.sides.max()) + 1), dtype=np.int64)
        self.done = np.zeros(n, dtype=np.bool_)
        self.record = trajectories
        length = int(self.hands[0, 0]).bit_count() * nh
        self.cards = np.full((n, length), -1, dtype=np.int16)
        self.seats = np.full((n, length), -1, dtype=np.int8)
        self.steps = np.zeros(n, dtype=np.int64)

    def legal_mask(self) -> np.ndarray[Any, Any]:
        """``(deals, 52)`` ``int8``: 1 for each card the hand to move may play (a row of 0s
        for a deal that is over)."""
        out = np.zeros((self.hands.shape[0], 52), dtype=np.int8)
        _legal_masks(self.hands, self.to_move, self.led, self.done, out, _SUIT, self.ruffs)
        return out

    def observe(self, full: bool = False) -> dict[str, np.ndarray[Any, Any]]:
        """What the hand to move in each deal sees, as arrays: ``to_move``, ``hand`` (its
        mask), ``played`` (each hand's cards played so far, masks ``(deals, hands)``),
        ``trick`` (the cards of the current trick in order, -1 for none yet), ``tricks``
        per side; with ``full`` also ``hands`` (every hand's cards: perfect information)."""
        rows = np.arange(self.hands.shape[0])
        played = self.dealt & ~self.hands
        trick = np.full((self.hands.shape[0], self.n_hands), -1, dtype=np.int64)
        for d in np.flatnonzero(self.n_played):
            k = int(self.n_played[d])
            trick[d, :k] = self.cards[d, self.steps[d] - k:self.steps[d]]
        out = {"to_move": self.to_move.copy(), "hand": self.hands[rows, self.to_move].copy(),
               "played": played, "trick": trick, "tricks": self.tricks.copy()}
        if full:
            out["hands"] = self.hands.copy()
        return out

    def step(self, cards: Any) -> None:
        """Play one card (an id 0-51) in every deal not yet over."""
        arr = np.ascontiguousarray(np.broadcast_to(np.asarray(cards, dtype=np.int64),
                                                   (self.hands.shape[0],)))
        bad = _step(self.hands, self.to_move, self.leader, self.led, self.best, self.best_seat,
                    self.n_played, self.trump, self.sides, self.tricks, self.done, arr,
                    True, self.cards, self.seats, self.steps, _SUIT, self.ruffs)
        if bad >= 0:
            raise IllegalActionError(f"deal {bad}: card {int(arr[bad])} is not a legal card for "
                                     f"hand {int(self.to_move[bad])}")

    def result(self) -> BatchResult:
        """Tricks and trick points (and trajectories) of the batch so far."""
        return BatchResult(self.tricks.copy(), _trick_points(self.tricks, self.dealt),
                           self.cards.copy() if self.record else None,
                           self.seats.copy() if self.record else None)
