"""Belgian whist for :class:`~openwhist.bots.heuristic.HeuristicBot`: the auction and the
play of misère contracts.

The auction (:func:`_bid`) calls from a hand evaluation (see
:func:`~openwhist.bots.technique.playing_tricks` and
:func:`~openwhist.bots.technique.misere_risk`); in a misère contract (:func:`_misere_play`)
a declarer ducks and the defenders try to make him win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from openwhist.bots.technique import (
    _ABOVE,
    _ACE,
    _BELOW,
    _KING,
    _QUEEN,
    _cards_up,
    _highest,
    _lowest,
    misere_risk,
    playing_tricks,
    risky_card,
)
from openwhist.cards import SUIT_MASKS
from openwhist.errors import InvalidActionError
from openwhist.rules.base import Call, Observation, parse_action
from openwhist.rules.registry import promises
from openwhist.rules.tricks import trick_winner

if TYPE_CHECKING:
    from openwhist.bots.heuristic_position import _Position
    from openwhist.rules.contract import Promise

__all__ = ["MISERE_HCP", "MISERE_RISK", "PAIR_BONUS", "PARTNER_TRICKS", "PASSE_PAROLE_SUPPORT",
           "raises_pair"]

_HONOURS = (0,) * 9 + (1, 2, 3, 4)
"""Honour points by rank index (J 1, Q 2, K 3, A 4)."""

_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
"""Suit names by suit index, as observations write them."""

MISERE_RISK = 2
"""A small misère (or piccolo) is bid with at most this many risky cards
(:func:`misere_risk`): rule-book play-outs of random deals make it four times in five."""

MISERE_HCP = 8
"""...or with one risky card more and at most these honour points (made about 64%)."""

PAIR_BONUS = 1.0
"""Tricks a pair takes beyond the sum of its two hands' :func:`playing_tricks` in the
pair's suit: about 1.5 double dummy over rule-book auctions of random deals (a sum of 8
takes 9.9 on average), less half a trick for real play."""

PARTNER_TRICKS = {"proposer": 4.5, "passe-parole": 4.0}
"""The playing tricks a pair's speaker counts on in his partner's hand: a rule-book
proposer holds 4.5 in his suit on average; an acceptor who said passe parole at least
:data:`PASSE_PAROLE_SUPPORT` (4.0 on average then)."""

PASSE_PAROLE_SUPPORT = 3.0
"""The playing tricks in the pair's suit an acceptor needs to say passe parole rather
than pass (a pair with such an acceptor takes 11 tricks double dummy one time in four;
with a proposer of 6.5 or more, two times in three)."""

_TOP3 = tuple(sum(1 << (13 * s + r) for r in (_QUEEN, _KING, _ACE)) for s in range(4))
"""The ace, king and queen of each suit."""


def _bid(obs: Observation, calls: list[Call]) -> Call:
    """An auction call from a hand evaluation (see :func:`playing_tricks` and
    :func:`misere_risk`): abondance or solo in the best suit with the playing tricks to
    make it alone; grand misère with no risky card; small misère (else piccolo) with up to
    ``MISERE_RISK`` risky cards, or one more with at most ``MISERE_HCP`` honour points; a
    pair proposal of a suit of four or more with 12 honour points or an ace-rich hand;
    accept a proposal with support (three of the suit or an honour in it) and 10 points,
    or with four of it (an ace counting two) and 7; wait with 10 points; else pass.  A
    troel partner's trump: his longest suit; a small-misère discard: the riskiest card."""
    hand = obs.hand.mask
    by_kind: dict[str, list[Call]] = {}
    for c in calls:
        by_kind.setdefault(c.kind, []).append(c)
    lengths = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    if "trump" in by_kind:
        return max(by_kind["trump"],
                   key=lambda c: (playing_tricks(hand, int(c.suit or 0)), int(c.suit or 0)))
    if "discard" in by_kind:
        risky = risky_card(hand)
        for c in by_kind["discard"]:
            if c.card is not None and int(c.card) == risky:
                return c
        return max(by_kind["discard"], key=lambda c: int(c.card or 0) % 13)
    if "pass" not in by_kind:
        return calls[0]
    promised = promises(obs, calls)
    raises = [c for c in calls if _raises(c, promised.get(c))]
    if "accept" not in by_kind and (raises or "passe-parole" in by_kind) \
            and all(c in raises or c.kind in ("pass", "passe-parole") for c in calls):
        return _pair_call(obs, by_kind, raises)
    hcp = sum(_HONOURS[c % 13] for c in range(52) if hand >> c & 1)
    aces = sum(1 for s in range(4) if hand >> (13 * s + _ACE) & 1)
    tricks = [playing_tricks(hand, s) for s in range(4)]
    best = max(range(4), key=lambda s: (tricks[s], lengths[s], s))
    est = tricks[best]
    alone = [(c, p) for c, p in promised.items() if p.alone and p.trump is not None]
    # abondance (nine or more alone, with its own trump and the lead), then soloslim
    for c, p in sorted((x for x in alone if x[1].leads), key=lambda x: (x[1].needed >= 13, -x[1].needed)):
        if p.trump == best and est >= p.needed + (0.5 if p.needed < 13 else -0.5):
            return c
    risk = misere_risk(hand)
    misères = [(c, p) for c, p in promised.items() if p.alone and p.exact]
    grand = [c for c, p in misères if p.needed == 0 and not p.discard and not p.exposed]
    laid_open = [c for c, p in misères if p.exposed]
    small = [c for c, p in misères if p.discard]
    piccolo = [c for c, p in misères if p.needed == 1 and p.shared]
    if risk == 0 and grand:
        return grand[0]
    if risk == 0 and laid_open and hcp == 0:
        return laid_open[0]
    solos = sorted((x for x in alone if not x[1].leads and x[1].trump == best), key=lambda x: -x[1].needed)
    for c, p in solos:
        if est >= p.needed + 0.5:
            return c
    # the misères made about two times in three in play-outs by the rule book: few
    # risky cards, or three with few honours (a small misère lays the worst one aside)
    misere = risk <= MISERE_RISK or (risk == MISERE_RISK + 1 and hcp <= MISERE_HCP)
    if misere and small:
        return small[0]
    if misere and piccolo:
        return piccolo[0]
    # "ik wacht": the call that commits to nothing and is neither a pass nor passe parole
    waits = [c for c in calls if c not in promised and c.kind not in ("pass", "passe-parole")]
    strong = hcp >= 12 or (hcp >= 10 and aces >= 2)
    if "accept" in by_kind:
        # support for a proposal: length or honours in its suit, and some strength
        me = obs.info.get("proposals", {})
        suits = [_SUIT_NAMES.index(v) for v in me.values() if v in _SUIT_NAMES]
        support = max((lengths[s] + 2 * bool(hand >> (13 * s + _ACE) & 1) for s in suits),
                      default=0)
        # three cards of the suit, or an honour (ace, king, queen) in it
        held = any(lengths[s] >= 3 or hand & SUIT_MASKS[s] & _TOP3[s] for s in suits)
        bid = str(obs.info.get("bid") or "")
        # the bid to beat: high unless a pair (or proposal) of eight
        try:
            standing = promises(obs, [Call(parse_action(bid))]) if bid else {}
        except (InvalidActionError, ValueError):
            standing = {}
        to_beat = next(iter(standing.values()), None)
        high = to_beat is None or to_beat.alone or to_beat.needed >= 9
        if ((hcp >= 10 and held) or (hcp >= 7 and support >= 4)) and not (high and bid):
            return by_kind["accept"][0]
    if strong or est >= 4:
        proposals = sorted((c for c in by_kind.get("propose", [])),
                           key=lambda c: (lengths[int(c.suit or 0)], tricks[int(c.suit or 0)]))
        if proposals and lengths[int(proposals[-1].suit or 0)] >= 4:
            return proposals[-1]
        if waits:
            return waits[0]
    if hcp >= 10 and waits:
        return waits[0]
    return by_kind["pass"][0]

def raises_pair(obs: Observation, call: Call) -> bool:
    """Whether ``call`` raises its caller's pair to more tricks: it promises tricks with a
    partner (:class:`~openwhist.rules.contract.Promise`) and neither proposes nor accepts."""
    return _raises(call, promises(obs, [call]).get(call))


def _raises(call: Call, promise: Promise | None) -> bool:
    """:func:`raises_pair` for ``call`` with its ``promise`` (None: none)."""
    return promise is not None and not promise.alone and call.kind not in ("propose", "accept")


def _pair_call(obs: Observation, by_kind: dict[str, list[Call]], raises: list[Call]) -> Call:
    """The call of a player who speaks for his pair after a higher bid (the acceptor, or
    the proposer once the acceptor said passe parole): raise to the lowest level that
    outranks it when his :func:`playing_tricks` in the pair's suit, his partner's
    (:data:`PARTNER_TRICKS`) and :data:`PAIR_BONUS` reach it with half a trick to spare;
    else, an acceptor who may say passe parole says it with
    :data:`PASSE_PAROLE_SUPPORT` (the proposer, who knows his own hand, decides); else
    pass."""
    hand = obs.hand.mask
    raises = sorted(raises, key=lambda c: c.level or 0)
    if not raises:  # no level of the pair's suit outranks the bid (nor passe parole)
        return by_kind["pass"][0]
    suit = int(raises[0].suit or 0)
    mine = playing_tricks(hand, suit)
    proposed = any(h == obs.seat and c.kind == "propose" and c.suit is not None
                   and int(c.suit) == suit for h, c in obs.calls)
    handed = any(h != obs.seat and c.kind == "passe-parole" for h, c in obs.calls)
    partner = PARTNER_TRICKS["passe-parole" if proposed and handed else "proposer"]
    if mine + partner + PAIR_BONUS >= (raises[0].level or 8) + 0.5:
        return raises[0]
    if "passe-parole" in by_kind and mine >= PASSE_PAROLE_SUPPORT:
        return by_kind["passe-parole"][0]
    return by_kind["pass"][0]

# --- misère play -------------------------------------------------------------------------------

def _misere_play(pos: _Position, declarer: bool, alive: list[int], spare: int) -> int:
    """A card for a misère contract: a declarer ducks (under the winning card where he can,
    else his highest card when last or his lowest when someone may still overtake; void,
    he throws his riskiest card; leading, the card most likely to be beaten); a defender
    tries to make a declarer win (low under a declarer still to play, never over a
    declarer who is winning, leads of his lowest cards in the declarers' suits)."""
    legal = pos.legal
    trick = pos.trick
    me = pos.me
    if declarer:
        if spare > 0 and trick:
            # piccolo without its trick yet: take one with a sure winner, else duck
            led = trick[0][1] // 13
            cards = [c for _, c in trick]
            wcard = cards[trick_winner(cards, pos.trump)]
            after = [(me + k) % pos.n for k in range(1, pos.n - len(trick))]
            for c in reversed(_cards_up(legal)):
                if c // 13 == wcard // 13 and c > wcard and pos.sure(c, after, led):
                    return c
        return _duck(pos)
    # a defender: make a declarer win
    if trick:
        led = trick[0][1] // 13
        cards = [c for _, c in trick]
        wi = trick_winner(cards, pos.trump)
        wseat, wcard = trick[wi][0], cards[wi]
        follow = legal & SUIT_MASKS[led]
        after = [(me + k) % pos.n for k in range(1, pos.n - len(trick))]
        if wseat in alive:
            # a declarer wins: stay under him
            if follow:
                under = follow & ~_ABOVE[wcard] if wcard // 13 == led else follow
                if under:
                    return _highest(under)
                return _lowest(follow)
            return _highest_plain(legal)
        if any(d in after for d in alive):
            # a declarer still to play: leave him room to win
            if follow:
                return _lowest(follow)
            return _highest_plain(legal)
        # the declarers have played under: win cheaply or throw high cards
        if follow:
            return _highest(follow)
        return _highest_plain(legal)
    # leading: the lowest card of a suit a declarer still holds, preferring the suit where
    # ours is lowest against the cards out
    best, best_key = _lowest(legal), (99, 99)
    for s in range(4):
        m = legal & SUIT_MASKS[s]
        if not m:
            continue
        if all(pos.is_void(d, s) for d in alive):
            continue
        low = _lowest(m)
        below = (pos.danger & SUIT_MASKS[s] & ~_ABOVE[low]).bit_count()
        key = (below, low % 13)
        if key < best_key:
            best, best_key = low, key
    return best


def _highest_plain(mask: int) -> int:
    """The highest-ranked card of ``mask`` (by rank, then suit)."""
    return max(_cards_up(mask), key=lambda c: (c % 13, c))


def _duck(pos: _Position) -> int:
    """A misère declarer's card: lose the trick, getting rid of his highest cards."""
    legal = pos.legal
    trick = pos.trick
    if not trick:
        # lead the card the others are likeliest to beat: most cards above it out
        return max(_cards_up(legal),
                   key=lambda c: ((pos.danger & _ABOVE[c]).bit_count()
                                  - 2 * (pos.danger & _BELOW[c]).bit_count(), -c))
    led = trick[0][1] // 13
    cards = [c for _, c in trick]
    wcard = cards[trick_winner(cards, pos.trump)]
    follow = legal & SUIT_MASKS[led]
    if not follow:
        # void: throw the riskiest card (a trump only when it cannot win)
        t = pos.trump
        if t >= 0 and wcard // 13 != t:
            plain = legal & ~SUIT_MASKS[t]
            if plain:
                return risky_card(plain)
        return risky_card(legal)
    if wcard // 13 != led:
        return _highest(follow)  # trumped: anything of the suit loses
    under = follow & ~_ABOVE[wcard]
    if under:
        return _highest(under)
    if len(trick) == pos.n - 1:
        return _highest(follow)
    return _lowest(follow)
