"""Card-play technique shared by the bots: card masks, hand evaluation, contracts.

Helpers on 52-bit masks (the cards of a mask, its highest and lowest card, the cards of
the same suit above or below a card), the hand evaluation of the bidding and of the
samplers (:func:`suit_tricks`, :func:`playing_tricks`, :func:`misere_risk`,
:func:`risky_card`), what an observation says of its contract (:func:`contract_info`,
:func:`tricks_taken`, :func:`misere_roles`) and the worth of cards and the card to play in
German whist's stock phase (:func:`card_worth`, :func:`stock_card`).  They are used by
:class:`~openwhist.bots.heuristic.HeuristicBot` and by the searching bots.
"""

from __future__ import annotations

from openwhist.cards import SUIT_MASKS
from openwhist.rules.base import Observation

__all__ = ["card_worth", "contract_info", "misere_risk", "misere_roles", "playing_tricks",
           "risky_card", "stock_card", "suit_tricks", "tricks_taken"]

_FULL = (1 << 52) - 1
_TEN, _JACK, _QUEEN, _KING, _ACE = 8, 9, 10, 11, 12

# bits of the same suit strictly above / below each card
_ABOVE = tuple(SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(52))
_BELOW = tuple(SUIT_MASKS[c // 13] & ((1 << c) - 1) for c in range(52))


def _cards_up(mask: int) -> list[int]:
    """Cards of a mask, low to high."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _highest(mask: int) -> int:
    return mask.bit_length() - 1


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1



def suit_tricks(m: int) -> float:
    """Tricks a holding ``m`` (one suit) may take as a side suit, from its honours: an ace
    1, a king 1 with the ace or guarded (else 0.5), a queen 0.5 with a higher honour or
    with two guards."""
    ranks = {c % 13 for c in _cards_up(m)}
    n = len(ranks)
    t = 0.0
    if _ACE in ranks:
        t += 1
    if _KING in ranks:
        t += 1 if (_ACE in ranks or n >= 3) else 0.5 if n >= 2 else 0.0
    if _QUEEN in ranks and n >= 3:
        t += 0.5 if (_ACE in ranks or _KING in ranks or n >= 4) else 0.25
    return t


def playing_tricks(hand: int, trump: int) -> float:
    """About how many tricks ``hand`` takes alone with ``trump`` (a suit 0-3, or -1 for no
    trump) against three opponents: honour tricks in every suit, the trumps beyond three
    (all of them beyond the top honours with six or more), and with four or more trumps a
    ruff for each short side suit (a void 2, a singleton 1)."""
    total = 0.0
    n_trumps = (hand & SUIT_MASKS[trump]).bit_count() if trump >= 0 else 0
    for s in range(4):
        m = hand & SUIT_MASKS[s]
        n = m.bit_count()
        if s == trump:
            honours = suit_tricks(m)
            total += max(honours, honours + n - 3.5 if n >= 4 else honours)
            continue
        total += suit_tricks(m)
        if trump < 0 and n >= 5:
            total += (n - 4) * 0.5
        if trump >= 0 and n_trumps >= 4 and n <= 1:
            total += min(2 - n, n_trumps - 3)
    return total


def misere_risk(hand: int) -> int:
    """How many cards of ``hand`` may be forced to win a trick in a misère: counted from
    the bottom of each suit, the i-th lowest card (from 0) is safe when its rank index is
    at most ``2 * i + 1`` (a 2 or 3 alone, a 5 as the second card...).  0 is a grand misère
    hand; one risky card may be the small misère's discard."""
    risk = 0
    for s in range(4):
        for i, c in enumerate(_cards_up(hand & SUIT_MASKS[s])):
            if c % 13 > 2 * i + 1:
                risk += 1
    return risk


def risky_card(hand: int) -> int:
    """The card a misère player most wants rid of: the highest card of the suit whose
    cards are least covered by low cards (the highest card overall among equals)."""
    best, worst = -1, -99
    for s in range(4):
        cards = _cards_up(hand & SUIT_MASKS[s])
        for i, c in enumerate(cards):
            excess = c % 13 - (2 * i + 1)
            if excess > worst or (excess == worst and c % 13 > best % 13):
                best, worst = c, excess
    return best


# --- contracts --------------------------------------------------------------------------------


def contract_info(obs: Observation) -> tuple[tuple[int, ...], int, bool] | None:
    """(declarers, tricks needed, exact) of the observation's ``contract`` (Belgian
    whist), or None where there is none."""
    c = obs.contract
    if c is None:
        return None
    return c.declarers, c.needed, c.exact


def tricks_taken(obs: Observation) -> list[int]:
    """The tricks each hand has won so far (closed tricks)."""
    taken = [0] * obs.n_hands
    for t in obs.tricks:
        taken[t.winner] += 1
    return taken


def misere_roles(obs: Observation) -> tuple[bool, list[int], int] | None:
    """For a misère-like contract (exactly ``needed`` tricks, needed 0 or 1): (whether the
    hand to move is a declarer still playing to lose, the declarers still in play for
    their contract, tricks the mover may still take); None for other contracts or when
    the mover's own goal no longer depends on ducking."""
    info = contract_info(obs)
    me = obs.to_move
    if info is None or me is None:
        return None
    declarers, needed, exact = info
    if not exact:
        return None
    taken = tricks_taken(obs)
    alive = [d for d in declarers if taken[d] <= needed]
    if me in declarers:
        if taken[me] > needed:
            return None  # failed already: nothing left to play for
        return True, alive, needed - taken[me]
    if not alive:
        return None
    return False, alive, 0

# --- German whist's stock phase ----------------------------------------------------------------

_PLAIN_WORTH = (0.9, 0.6, 0.35, 0.2)
"""The worth of a plain card with 0, 1, 2, 3 higher cards of its suit still out."""


def card_worth(card: int, trump: int, out: int) -> float:
    """About how many tricks ``card`` may take later: ``out`` are the cards that may still
    be played against it (not held by its owner, not yet played).  A plain card is worth
    0.9 with no higher card of its suit out, 0.6, 0.35 and 0.2 with one, two, three higher
    ones out, and 0.05 otherwise; a trump 1 when it is the highest out, then less by 0.08
    for each higher one (never below 0.5)."""
    higher = (out & _ABOVE[card]).bit_count()
    if card // 13 == trump:
        return 1.0 if higher == 0 else max(0.5, 0.95 - 0.08 * higher)
    return _PLAIN_WORTH[higher] if higher < 4 else 0.05 + 0.002 * (card % 13)


def stock_card(hand: int, legal: int, led: int, trump: int, out: int, prize: float,
               blind: float, trick_weight: float, ruff_risk: float = 0.15) -> int:
    """The card to play to a trick of German whist's stock phase, whose winner takes a
    prize worth ``prize`` (see :func:`card_worth`) and whose loser draws a card worth
    ``blind`` on average; a trick won counts ``trick_weight`` itself (1 where the stock
    phase's tricks score, else 0).

    :param hand: the cards held, ``legal`` those that may be played (masks).
    :param led: the card the other player led, or -1 when leading.
    :param out: the cards that may be against us (neither ours nor played).
    :param ruff_risk: the chance that a plain master led is trumped.

    Following, the outcome is certain: it compares winning with the cheapest card that
    wins (``trick_weight + prize - worth``) and losing with the cheapest card that loses
    (``blind - worth``).  Leading, it compares cashing a master (which wins, a plain one
    unless trumped) with leading its least useful card (and losing the trick).
    """
    def worth(c: int) -> float:
        return card_worth(c, trump, out)

    def cheapest(mask: int) -> int:
        return min(_cards_up(mask), key=lambda c: (worth(c), c))

    t_mask = SUIT_MASKS[trump] if trump >= 0 else 0
    if led >= 0:
        suit = led // 13
        same = legal & SUIT_MASKS[suit]
        if same:
            win = same & _ABOVE[led]
            lose = same & ~win
        else:
            win = legal & t_mask if suit != trump else 0
            lose = legal & ~win
        best_win = best_lose = -1e9
        w = lo = -1
        if win:
            w = cheapest(win)
            best_win = trick_weight + prize - worth(w)
        if lose:
            lo = cheapest(lose)
            best_lose = blind - worth(lo)
        return w if best_win > best_lose else lo
    # leading: a master to win, or the least useful card to lose
    best, best_value = -1, -1e9
    for c in _cards_up(legal):
        if out & _ABOVE[c]:
            continue
        p_win = 1.0 if c // 13 == trump or trump < 0 else 1.0 - ruff_risk
        value = p_win * (trick_weight + prize) + (1 - p_win) * blind - worth(c)
        if value > best_value:
            best, best_value = c, value
    plain = legal & ~t_mask
    lo = cheapest(plain or legal)
    if blind - worth(lo) >= best_value:
        return lo
    return best
