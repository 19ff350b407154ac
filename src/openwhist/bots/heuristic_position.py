"""The position the rule-book player reads from one observation: the hands it knows, the
cards still out, the voids shown, who may ruff, and its card play (leads, following suit,
discards) derived from them.

Below :mod:`openwhist.bots.heuristic` (the bot) and the family modules that add to its
play (:mod:`openwhist.bots.heuristic_belgian`, :mod:`openwhist.bots.heuristic_german`),
which all read the same position.
"""

from __future__ import annotations

from openwhist.bots.technique import (
    _ABOVE,
    _ACE,
    _FULL,
    _JACK,
    _KING,
    _QUEEN,
    _TEN,
    _cards_up,
    _highest,
    _lowest,
)
from openwhist.cards import SUIT_MASKS
from openwhist.rules.base import Observation
from openwhist.rules.tricks import trick_winner

_HONOUR_POINTS = {_ACE: 4, _KING: 3, _QUEEN: 2, _JACK: 1}


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
