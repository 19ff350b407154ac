"""The books' technique for the whists where each player bids the exact number of tricks
he will take, and plays for himself to take exactly that many.

Bidding
    Count the tricks the hand should take: a card that nothing unseen beats in its suit
    (a master) about one, a guarded second card half, a guarded third a quarter, more for
    trumps, and a little for each trump beyond two that may ruff a short suit.  Bid that
    number, rounded; the dealer barred from it bids the nearer allowed number.  A hand
    bid unseen (forehead and blind deals) bids the share of a player, rounded down.

Play
    * **Under** (tricks still to take): cash masters; follow with the cheapest card that
      surely wins (the last hand: the cheapest that wins at all); with as many tricks to
      take as are left, the highest card; else keep the high cards and play low.
    * **Made or over** (no trick more wanted): duck, following with the highest card
      that cannot win the trick (it never can: later cards only beat it more), and
      throwing the most dangerous high card when void; lead the card with the most
      unseen cards above it, a trump last.  Forced to win as the last hand, win with the
      highest card, which would be dangerous later.

Everything is read from the :class:`~openwhist.rules.base.Observation`: the bids
(``info["bids"]``), the tricks each player has taken, the cards played and shown.
"""

from __future__ import annotations

from openwhist.cards import SUIT_MASKS, Card
from openwhist.rules.base import Call, Observation
from openwhist.rules.tricks import trick_winner

__all__ = ["bids_exactly", "book_bid", "book_card", "card_by_book", "estimate_tricks", "need_left"]


def bids_exactly(obs: Observation) -> bool:
    """Whether the observation is of a deal where each player bids his exact tricks: its
    record keeps a bid per player (``info["bids"]``)."""
    bids = obs.info.get("bids")
    return isinstance(bids, list) and len(bids) == obs.n_hands and len(set(obs.sides)) == obs.n_hands


def need_left(obs: Observation) -> tuple[int, int]:
    """(tricks the observer still needs for his bid, negative once over; tricks left to
    play, the one in progress counted)."""
    me = obs.me
    bid = obs.info["bids"][me] or 0
    return bid - obs.tricks_won[obs.sides[me]], obs.hand_sizes[me] + (1 if any(
        s == me for s, _ in obs.trick) else 0)


def _above(card: int, live: int) -> int:
    """Unseen cards of the card's suit above it."""
    suit = SUIT_MASKS[card // 13]
    return (live & suit & ~((2 << card) - 1)).bit_count()


def estimate_tricks(hand: int, trump: int, live: int, cards: int, players: int) -> float:
    """The tricks a hand should take (see the module's notes): ``live`` the cards out in
    the other hands (or unseen), ``cards`` each hand's size."""
    total = 0.0
    trumps = (hand & SUIT_MASKS[trump]).bit_count() if trump >= 0 else 0
    for s in range(4):
        mine = hand & SUIT_MASKS[s]
        length = mine.bit_count()
        if not length:
            continue
        cards_s = sorted((c for c in range(13 * s, 13 * s + 13) if mine >> c & 1), reverse=True)
        is_trump = s == trump
        # a long plain suit gets ruffed before its masters are all cashed
        crowd = max(0.0, 1.0 - 0.12 * max(0, length - 2) * (players - 2) / 2) if not is_trump else 1.0
        for i, c in enumerate(cards_s):
            above = _above(c, live)
            if above <= i:  # a master, or held up by the hand's own higher cards
                total += (1.0 if is_trump else 0.9 * crowd)
            elif above == i + 1 and length >= 2 + i:
                total += 0.6 if is_trump else 0.45 * crowd
            elif above == i + 2 and length >= 3 + i:
                total += 0.4 if is_trump else 0.2 * crowd
            elif is_trump and i >= 2:
                total += 0.35
        if not is_trump and trump >= 0 and trumps > 2 and length <= 1:
            total += 0.3 * (2 - length)
    return min(total, float(cards))


def book_bid(obs: Observation) -> Call:
    """The bid the module's notes make, one of ``obs.legal``."""
    legal = [a for a in obs.legal if isinstance(a, Call)]
    allowed = sorted(c.level for c in legal if c.level is not None)
    cards = int(obs.info.get("cards", max(allowed)))
    hand = obs.hand.mask
    if not hand:  # bid unseen: a player's share, rounded down
        want = cards / obs.n_hands
        est = want - 0.5
    else:
        trump = int(obs.trump) if obs.trump is not None else -1
        est = estimate_tricks(hand, trump, obs.unseen().mask, cards, obs.n_hands)
    best = min(allowed, key=lambda b: (abs(b - est), b))
    return next(c for c in legal if c.level == best)


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _highest(mask: int) -> int:
    return mask.bit_length() - 1


def _by_rank(mask: int, live: int, trump: int, high: bool) -> int:
    """Of ``mask``, the card with the fewest unseen cards above it (``high``) or the most,
    plain suits before trumps when dumping low, by rank between equals."""
    cards = _cards(mask)
    if high:
        return min(cards, key=lambda c: (_above(c, live), -(c % 13), c))
    return max(cards, key=lambda c: (c // 13 != trump, _above(c, live), -(c % 13), -c))


def book_card(obs: Observation) -> int:
    """The card the module's notes play, one of ``obs.legal``."""
    legal = 0
    for a in obs.legal:
        legal |= 1 << int(a)
    trump = int(obs.trump) if obs.trump is not None else -1
    me = obs.me
    need = (obs.info["bids"][me] or 0) - obs.tricks_won[obs.sides[me]]
    ruffers = 0
    for h, suits in obs.voids().items():
        if h != me:
            for s in suits:
                ruffers |= 1 << int(s)
    return card_by_book(legal, obs.unseen().mask, trump, need, obs.hand.mask.bit_count(),
                        [int(c) for _, c in obs.trick], obs.n_hands, ruffers)


def card_by_book(legal: int, live: int, trump: int, need: int, left: int, trick: list[int],
                 n: int, ruffers: int) -> int:
    """:func:`book_card` from the bare facts, for play-outs that keep no observation:
    ``legal`` the cards the mover may play and ``live`` those unseen by him (masks),
    ``trump`` the trump suit (-1: none), ``need`` the tricks still wanted (negative once
    over), ``left`` the cards in his hand, ``trick`` the cards of the trick so far, ``n``
    the hands, ``ruffers`` the suits some other hand has shown it lacks (a bit a suit)."""
    if not trick:
        return _lead(legal, live, trump, need, left)
    win_now = 0
    for c in _cards(legal):
        if trick_winner([*trick, c], trump) == len(trick):
            win_now |= 1 << c
    last = len(trick) == n - 1
    lose = legal & ~win_now
    if need > 0:
        if win_now:
            if last:
                return _lowest_of(win_now, trump)
            sure = [c for c in _cards(win_now) if _above(c, live) == 0
                    and (c // 13 == trump or trump < 0 or not ruffers >> c // 13 & 1)]
            if sure:
                return min(sure, key=lambda c: (c // 13 == trump, c % 13))
            if need >= left:
                return _highest_of(win_now)
        # keep the high cards: play low (the cheapest of a plain suit when void)
        pool = lose or legal
        return _by_rank(pool, live, trump, high=False)
    # made or over: duck
    if lose:
        return max(_cards(lose), key=lambda c: (c // 13 != trump or not legal & ~SUIT_MASKS[trump],
                                                -_above(c, live), c % 13))
    if last:
        return _highest_of(win_now)
    return _lowest_of(win_now, trump)


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _lowest_of(mask: int, trump: int) -> int:
    cards = _cards(mask)
    return min(cards, key=lambda c: (c // 13 == trump, c % 13))


def _highest_of(mask: int) -> int:
    return max(_cards(mask), key=lambda c: (c % 13, c))


def _lead(legal: int, live: int, trump: int, need: int, left: int) -> int:
    cards = _cards(legal)
    if need > 0:
        masters = [c for c in cards if _above(c, live) == 0]
        if masters:
            return max(masters, key=lambda c: (c // 13 == trump, c % 13))
        if need >= left:
            return _highest_of(legal)
        plain = [c for c in cards if c // 13 != trump] or cards
        # lead low from the shortest plain suit (a void to ruff later)
        return min(plain, key=lambda c: ((legal & SUIT_MASKS[c // 13]).bit_count(), c % 13))
    # duck: the card with the most unseen cards above it, plain suits first
    return max(cards, key=lambda c: (c // 13 != trump, _above(c, live), -(c % 13)))


def book_action(obs: Observation) -> Card | Call:
    """The bid or card of the books for an exact-bid observation."""
    if any(isinstance(a, Call) for a in obs.legal):
        return book_bid(obs)
    if len(obs.legal) == 1:
        return Card(obs.legal[0])
    card = book_card(obs)
    return Card(card) if card in obs.legal else Card(obs.legal[0])
