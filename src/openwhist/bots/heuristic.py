"""A rule-of-thumb player: the card-play technique of the whist rule books.

:class:`HeuristicBot` sees only the :class:`~openwhist.rules.base.Observation` of the
seat it plays for and applies the classic precepts, in this order of concern:

Leads
    * draw trumps when holding five or more of them (or the top trumps and more trumps
      than can be out against us);
    * give partner a ruff in a suit partner has shown void in;
    * return partner's suit;
    * cash sure winners (masters) in suits the opponents cannot ruff;
    * otherwise lead the longest and strongest plain suit (a singleton when holding a few
      trumps, to prepare a ruff), avoiding suits an opponent can ruff.

    The card: the top of a sequence of touching cards headed by a ten or better, except
    that a sequence headed by ace-king is led with the **king** (the old "king from
    ace-king" convention, so the ace is kept to win the second round); a master is
    cashed from the top of its sequence; from four or more cards the fourth best; from
    three the lowest under an honour and the top of three small cards; the top of a
    doubleton.

Following suit
    * second hand low, except: cover an honour led with a higher honour; play the lowest
      of a sequence of honours that beats the card led; take a cheap certain winner;
    * third hand high, but only as high as needed: the lowest card that surely wins
      against the hands still to play, else the lowest of the equivalent cards at the top
      of the holding; nothing wasted when partner already wins;
    * fourth hand wins as cheaply as possible, or plays low when partner already wins.

When void
    * never trump partner's winner; ruff low (or over-ruff cheaply) when the opponents
      win, choosing a trump the later hands cannot beat where there is one;
    * otherwise discard the lowest card of the least useful suit, keeping masters,
      guards of honours, established long cards and partner's suit.

It tracks the cards played and the voids the players have shown, and so knows which
cards are masters (the highest of their suit still out) and who may still ruff.  In
Dummy whist it plays the exposed dummy from ``observation.known`` when that hand is to
move, uses the dummy's visible cards when reasoning about its partner or an opponent, and
leads low towards a master the dummy shows.

German whist's stock phase
    When the winner of the trick takes a public card (``observation.shown``: the face-up
    stock card) it weighs that prize against its own cards (:func:`stock_card`): each
    card is worth about the tricks it may take later (a master or a high trump much, a
    small plain card little), an unseen blind draw the average of the unseen cards, and
    a trick of the stock phase counts itself where the scoring counts it.  It wins the
    trick as cheaply as it can when the prize is worth more than the card spent, and
    otherwise loses it on purpose with its least useful card.  Once the stock is empty
    both hands are known and it plays them by the precepts above, with exact knowledge.

Decisions are pure Python on 52-bit masks and take a few tens of microseconds.
"""

from __future__ import annotations

import random

from openwhist.cards import SUIT_MASKS, Card
from openwhist.errors import IllegalActionError
from openwhist.rules.base import Action, Call, Observation
from openwhist.rules.tricks import trick_winner

__all__ = ["HeuristicBot", "MISERE_HCP", "MISERE_RISK", "card_worth", "contract_info",
           "misere_risk", "misere_roles", "playing_tricks", "risky_card", "stock_card",
           "suit_tricks", "tricks_taken"]

_FULL = (1 << 52) - 1
_TEN, _JACK, _QUEEN, _KING, _ACE = 8, 9, 10, 11, 12
_HONOUR_POINTS = {_ACE: 4, _KING: 3, _QUEEN: 2, _JACK: 1}

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


class _Position:
    """Everything the bot derives from one observation, computed once per decision."""

    __slots__ = ("me", "partner", "left", "right", "trump", "hand", "legal", "danger",
                 "possible", "exact", "voids", "trick", "obs", "n", "sides")

    def __init__(self, obs: Observation) -> None:
        me = obs.to_move
        assert me is not None
        self.obs = obs
        self.me = me
        n = self.n = obs.n_hands
        sides = self.sides = obs.sides
        # the partner is the hand of my side opposite (none in a solo or with two hands)
        mates = [h for h in range(n) if h != me and sides[h] == sides[me]]
        self.partner = mates[0] if len(mates) == 1 else -1
        self.left = (me + 1) % n
        self.right = (me - 1) % n
        self.trump = int(obs.trump) if obs.trump is not None else -1
        known = {s: cs.mask for s, cs in obs.known.items()}
        # hands whose every card the observer sees: its own and the open ones (a dummy)
        exact = {obs.seat: obs.hand.mask}
        for h in obs.open_hands:
            exact[h] = known.get(h, 0)
        self.exact = exact
        self.hand = exact[me] if me in exact else known.get(me, 0)
        legal = 0
        for c in obs.legal:
            legal |= 1 << c
        self.legal = legal
        seen = obs.played.mask | obs.hand.mask
        for m in known.values():
            seen |= m
        unknown = _FULL & ~seen
        voids = obs.voids()
        self.voids = voids
        possible = [0] * n
        for s in range(n):
            if s in exact:
                possible[s] = exact[s]
            else:
                vm = 0
                for suit in voids.get(s, ()):
                    vm |= SUIT_MASKS[suit]
                possible[s] = known.get(s, 0) | (unknown & ~vm)
        self.possible = possible
        # cards that may lie with an opponent of the hand to move
        danger = 0
        for h in range(n):
            if sides[h] != sides[me]:
                danger |= possible[h]
        self.danger = danger
        self.trick = [(s, int(c)) for s, c in obs.trick]

    # --- facts about cards and hands ------------------------------------------------------

    def is_master(self, card: int) -> bool:
        """No opponent can hold a higher card of the suit."""
        return not self.danger & _ABOVE[card]

    def is_void(self, seat: int, suit: int) -> bool:
        """The hand is known to hold no card of ``suit``."""
        if seat in self.exact:
            return not self.exact[seat] & SUIT_MASKS[suit]
        return suit in self.voids.get(seat, ()) or not self.possible[seat] & SUIT_MASKS[suit]

    def may_ruff(self, seat: int, suit: int) -> bool:
        """The hand is void in ``suit`` and may still hold a trump."""
        t = self.trump
        return (t >= 0 and suit != t and self.is_void(seat, suit)
                and bool(self.possible[seat] & SUIT_MASKS[t]))

    def opponents_may_ruff(self, suit: int) -> bool:
        """An opponent of the hand to move can ruff a lead of ``suit``."""
        side = self.sides[self.me]
        return any(self.may_ruff(h, suit) for h in range(self.n) if self.sides[h] != side)

    def equivalents(self, card: int, mine: int) -> list[int]:
        """``card`` and the cards of ``mine`` below it in its suit that are as good against
        the opponents (only played cards or partner's cards lie between them), high to low."""
        group = [card]
        danger = self.danger
        c = card - 1
        base = card - card % 13
        while c >= base:
            bit = 1 << c
            if mine & bit:
                group.append(c)
            elif danger & bit:
                break
            c -= 1
        return group

    def lowest_equivalent(self, card: int, mine: int) -> int:
        """The lowest card of ``mine`` that is as good as ``card`` against the opponents."""
        return self.equivalents(card, mine)[-1]

    def top_group(self, mine: int) -> list[int]:
        """The cards of ``mine`` (one suit) equivalent to its highest card, high to low."""
        return self.equivalents(_highest(mine), mine)

    def threat(self, seat: int, best: int, led: int) -> bool:
        """Whether ``seat``, still to play, may beat ``best`` (the winning card so far)."""
        possible = self.possible[seat]
        t = self.trump
        best_suit = best // 13
        if not self.is_void(seat, led):
            # it may follow suit (and must, when its hand is known)
            return best_suit == led and bool(possible & _ABOVE[best])
        if t < 0 or led == t:
            return False
        trumps = possible & SUIT_MASKS[t]
        if best_suit == t:
            return bool(trumps & _ABOVE[best])
        return bool(trumps)

    def sure(self, card: int, after: list[int], led: int) -> bool:
        """``card``, winning now, cannot be beaten by an opponent still to play."""
        side = self.sides[self.me]
        return not any(self.sides[s] != side and self.threat(s, card, led) for s in after)

    def partner_suits(self) -> list[int]:
        """Suits partner has led, most recent first."""
        out: list[int] = []
        for t in reversed(self.obs.tricks):
            if t.leader == self.partner:
                s = t.cards[0] // 13
                if s not in out:
                    out.append(s)
        return out

    # --- leading -------------------------------------------------------------------------

    def lead(self) -> int:
        hand = self.legal
        t = self.trump
        tmask = SUIT_MASKS[t] if t >= 0 else 0
        my_trumps = hand & tmask
        opp_trumps = self.danger & tmask
        n_trumps = my_trumps.bit_count()

        # draw trumps with length, or with the top trumps and more than can be out
        if my_trumps and opp_trumps:
            top = _highest(my_trumps)
            if n_trumps >= 5 or (self.is_master(top) and n_trumps >= 3
                                 and n_trumps > opp_trumps.bit_count() // 2):
                return self.lead_card(my_trumps)

        # give partner a ruff
        if t >= 0 and self.partner >= 0:
            for s in range(4):
                m = hand & SUIT_MASKS[s]
                if (m and s != t and self.may_ruff(self.partner, s)
                        and not self.may_ruff(self.right, s)):
                    return _lowest(m)

        # in Dummy whist, lead towards partner's visible master
        if self.partner in self.exact:
            pmask = self.exact[self.partner]
            for s in range(4):
                m = hand & SUIT_MASKS[s]
                pm = pmask & SUIT_MASKS[s]
                if m and pm and (s != t or not opp_trumps) and not self.opponents_may_ruff(s):
                    ptop = _highest(pm)
                    if self.is_master(ptop) and _highest(m) < ptop and not self.is_master(_highest(m)):
                        return _lowest(m)

        # return partner's suit
        for s in self.partner_suits():
            m = hand & SUIT_MASKS[s]
            if not m or self.opponents_may_ruff(s):
                continue
            if s == t and not opp_trumps:
                continue
            top = _highest(m)
            if self.is_master(top):
                return self.lead_card(m)
            if m.bit_count() <= 2:
                return top
            return _lowest(m)

        # cash masters where the opponents cannot ruff
        best_master = -1
        best_len = -1
        for s in range(4):
            if s == t:
                continue
            m = hand & SUIT_MASKS[s]
            if (m and m.bit_count() > best_len and self.is_master(_highest(m))
                    and not self.opponents_may_ruff(s)):
                best_master, best_len = s, m.bit_count()
        if best_master >= 0:
            return self.lead_card(hand & SUIT_MASKS[best_master])

        # the longest, strongest plain suit
        best_suit = -1
        best_score = -1e9
        for s in range(4):
            m = hand & SUIT_MASKS[s]
            if not m:
                continue
            n = m.bit_count()
            if s == t:
                score = -50.0 + n
            else:
                score = 2.0 * n
                for c in _cards_up(m):
                    score += _HONOUR_POINTS.get(c % 13, 0)
                group = self.top_group(m)
                if len(group) >= 2 and group[0] % 13 >= _TEN:
                    score += 3
                if n == 1 and 0 < n_trumps < 5 and m.bit_length() - 1 - 13 * s < _JACK:
                    score += 5
                if n <= 2 and not len(group) >= 2:
                    top_rank = _highest(m) % 13
                    if top_rank in (_KING, _QUEEN, _JACK) and not self.is_master(_highest(m)):
                        score -= 4
                if self.opponents_may_ruff(s):
                    score -= 30
            if score > best_score:
                best_suit, best_score = s, score
        return self.lead_card(hand & SUIT_MASKS[best_suit])

    def lead_card(self, m: int) -> int:
        """Which card to lead from the holding ``m`` (one suit)."""
        group = self.top_group(m)
        top = group[0]
        if len(group) >= 2 and (top % 13 >= _TEN or self.is_master(top)):
            if top % 13 == _ACE:
                return group[1]  # king from ace-king
            return top
        if self.is_master(top):
            return top
        cards = sorted(_cards_up(m), reverse=True)
        n = len(cards)
        if n >= 4:
            return cards[3]
        if n == 3:
            return cards[-1] if top % 13 >= _JACK else top
        return top

    # --- following -----------------------------------------------------------------------

    def follow(self) -> int:
        trick = self.trick
        pos = len(trick)
        led = trick[0][1] // 13
        t = self.trump
        cards = [c for _, c in trick]
        wi = trick_winner(cards, t)
        wseat, wcard = trick[wi][0], cards[wi]
        partner_wins = wseat == self.partner
        after = [(self.me + k) % self.n for k in range(1, self.n - pos)]
        legal = self.legal
        follow = legal & SUIT_MASKS[led]

        if not follow:
            return self.void_play(pos, led, wcard, partner_wins, after)

        # once the trick is trumped no card of the suit led can win it
        winners = follow & _ABOVE[wcard] if wcard // 13 == led else 0
        low = _lowest(follow)

        if pos == self.n - 1:
            if partner_wins or not winners:
                return low
            return _lowest(winners)

        partner_sure = partner_wins and self.sure(wcard, after, led)
        if partner_sure or not winners:
            return low

        sure_winners = [c for c in _cards_up(winners) if self.sure(c, after, led)]

        if pos == 1:
            lead_card = trick[0][1]
            # cover an honour with an honour
            if lead_card % 13 >= _JACK and lead_card // 13 == led:
                return _lowest(winners)
            # a cheap certain winner
            if sure_winners:
                c = sure_winners[0]
                if c % 13 < _KING or len(self.obs.tricks) >= 6:
                    return c
            # the lowest of a sequence of honours
            group = self.top_group(follow)
            if len(group) >= 2 and group[-1] % 13 >= _TEN and group[-1] > wcard:
                return group[-1]
            return low

        # third hand
        if sure_winners:
            return sure_winners[0]
        if partner_wins and wcard % 13 >= _JACK:
            return low
        g = self.lowest_equivalent(_highest(follow), follow)
        if g > wcard:
            return g
        return low

    def void_play(self, pos: int, led: int, wcard: int, partner_wins: bool,
                  after: list[int]) -> int:
        legal = self.legal
        t = self.trump
        if partner_wins and (pos == self.n - 1 or self.sure(wcard, after, led) or wcard % 13 >= _KING):
            return self.discard()
        trumps = legal & SUIT_MASKS[t] if t >= 0 else 0
        if trumps:
            cand = trumps & _ABOVE[wcard] if wcard // 13 == t else trumps
            if cand:
                for c in _cards_up(cand):
                    if self.sure(c, after, led):
                        return c
                return _lowest(cand)
        return self.discard()

    def discard(self) -> int:
        """The lowest card of the least useful suit (trumps last)."""
        legal = self.legal
        t = self.trump
        partner_suits = self.partner_suits()
        have_trumps = t >= 0 and bool(legal & SUIT_MASKS[t])
        best_suit = -1
        best_value = 1e9
        for s in range(4):
            m = legal & SUIT_MASKS[s]
            if not m:
                continue
            cards = _cards_up(m)
            n = len(cards)
            value = float(n) if have_trumps else -0.5 * n
            if s == t:
                value += 500
            if self.is_master(cards[0]):
                value += 1000  # every card a winner
            masters = sum(1 for c in cards if self.is_master(c))
            value += 20 * masters
            # a non-master honour that needs its small cards as guards
            rest = [c for c in cards if not self.is_master(c)]
            if rest:
                h = rest[-1]
                need = (self.danger & _ABOVE[h]).bit_count()
                if h % 13 >= _TEN and len(rest) <= need + 1 and need <= 2:
                    value += 8
            # long cards: more than the opponents can hold
            opp_len = (self.danger & SUIT_MASKS[s]).bit_count()
            if n > opp_len:
                value += 6 * (n - opp_len)
            if s in partner_suits:
                value += 3
            if value < best_value:
                best_suit, best_value = s, value
        return _lowest(legal & SUIT_MASKS[best_suit])


class HeuristicBot:
    """Plays the technique of the whist rule books from the observation alone.

    Leads the longest and strongest suit (top of a sequence, king from ace-king, else the
    fourth best), draws trumps with five or more, returns partner's suit, cashes masters;
    second hand low, third hand high (no higher than needed), fourth hand wins cheaply;
    covers an honour with an honour; never trumps partner's winner, ruffs low and
    over-ruffs cheaply, discards from useless suits.  In Dummy whist it also plays the
    exposed dummy.

    Every tie is broken in a fixed order (lowest card, first suit), so the bot is fully
    deterministic; ``seed`` is accepted for the constructor shared by all bots and seeds
    :attr:`rng` for subclasses that want randomness.
    """

    name = "heuristic"
    searches = False

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed!r})"

    def choose(self, observation: Observation) -> Action:
        """The card to play for the hand to move (one of ``observation.legal``), or the
        call to make when only calls are legal."""
        legal = observation.legal
        if not legal or observation.to_move is None:
            raise IllegalActionError("it is not this seat's turn: there is nothing to choose")
        if any(isinstance(a, Call) for a in legal):
            return _choose_call(observation)
        if len(legal) == 1:
            return Card(legal[0])
        pos = _Position(observation)
        misere = misere_roles(observation)
        if misere is not None:
            card = _misere_play(pos, *misere)
        elif observation.shown and observation.n_hands == 2:
            card = _stock_phase(pos)
        else:
            card = pos.follow() if pos.trick else pos.lead()
        if not pos.legal >> card & 1:  # defensive: never return an illegal card
            return Card(legal[0])
        return Card(card)


def _choose_call(obs: Observation) -> Call:
    """A call among the legal ones: of face-up cards to take (German whist's open stock)
    the most useful, a trump first, then the highest; otherwise the first call."""
    calls = [a for a in obs.legal if isinstance(a, Call)]
    takes = [c for c in calls if c.kind == "take" and c.card is not None]
    if not takes:
        return _bid(obs, calls)
    trump = int(obs.trump) if obs.trump is not None else -1

    def value(call: Call) -> tuple[bool, int]:
        card = call.card
        assert card is not None
        return (int(card.suit) == trump, int(card.rank))

    return max(takes, key=value)


_HONOURS = (0,) * 9 + (1, 2, 3, 4)
"""Honour points by rank index (J 1, Q 2, K 3, A 4)."""


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


_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
"""Suit names by suit index, as observations write them."""

MISERE_RISK = 2
"""A small misère (or piccolo) is bid with at most this many risky cards
(:func:`misere_risk`): rule-book play-outs of random deals make it four times in five."""

MISERE_HCP = 8
"""...or with one risky card more and at most these honour points (made about 64%)."""

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
    hcp = sum(_HONOURS[c % 13] for c in range(52) if hand >> c & 1)
    aces = sum(1 for s in range(4) if hand >> (13 * s + _ACE) & 1)
    tricks = [playing_tricks(hand, s) for s in range(4)]
    best = max(range(4), key=lambda s: (tricks[s], lengths[s], s))
    est = tricks[best]
    # abondance: nine or more alone, with its own trump and the lead
    for c in sorted(by_kind.get("abondance", []), key=lambda c: -(c.level or 0)):
        if c.suit == best and est >= (c.level or 13) + 0.5:
            return c
    for c in sorted(by_kind.get("soloslim", []), key=lambda c: c.suit or 0):
        if c.suit == best and est >= 12.5:
            return c
    risk = misere_risk(hand)
    if risk == 0 and "grand-misere" in by_kind:
        return by_kind["grand-misere"][0]
    if risk == 0 and "open-misere" in by_kind and hcp == 0:
        return by_kind["open-misere"][0]
    solos = sorted((c for c in by_kind.get("solo", []) if c.suit == best),
                   key=lambda c: -(c.level or 0))
    for c in solos:
        if est >= (c.level or 13) + 0.5:
            return c
    # the misères made about two times in three in play-outs by the rule book: few
    # risky cards, or three with few honours (a small misère lays the worst one aside)
    misere = risk <= MISERE_RISK or (risk == MISERE_RISK + 1 and hcp <= MISERE_HCP)
    if misere and "small-misere" in by_kind:
        return by_kind["small-misere"][0]
    if misere and "piccolo" in by_kind:
        return by_kind["piccolo"][0]
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
        high = any(w.isdigit() and int(w) >= 9 for w in bid.split()) or not bid.startswith(
            ("propose", "pair"))
        if ((hcp >= 10 and held) or (hcp >= 7 and support >= 4)) and not (high and bid):
            return by_kind["accept"][0]
    if strong or est >= 4:
        proposals = sorted((c for c in by_kind.get("propose", [])),
                           key=lambda c: (lengths[int(c.suit or 0)], tricks[int(c.suit or 0)]))
        if proposals and lengths[int(proposals[-1].suit or 0)] >= 4:
            return proposals[-1]
        if "wait" in by_kind:
            return by_kind["wait"][0]
    if hcp >= 10 and "wait" in by_kind:
        return by_kind["wait"][0]
    return by_kind["pass"][0]


# --- misère play -------------------------------------------------------------------------------


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


def _stock_phase(pos: _Position) -> int:
    """:func:`stock_card` from the observation of the player to move."""
    obs = pos.obs
    trump = pos.trump
    out = _FULL & ~pos.hand & ~obs.played.mask
    for _, c in pos.trick:
        out &= ~(1 << c)
    prize = max(card_worth(int(c), trump, out) for c in obs.shown)
    unseen = obs.unseen().mask
    cards = _cards_up(unseen)
    blind = sum(card_worth(c, trump, out) for c in cards) / len(cards) if cards else 0.0
    scoring = getattr(obs.options, "scoring", "seed-001")
    weight = 1.0 if scoring == "seed-001" else 0.0
    led = pos.trick[0][1] if pos.trick else -1
    return stock_card(pos.hand, pos.legal, led, trump, out, prize, blind, weight)
