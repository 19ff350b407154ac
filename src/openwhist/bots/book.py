"""The books' card-play technique as named rules (rules.md, seeds 000 and 004).

:class:`TechniqueBot` plays like :class:`~openwhist.bots.heuristic.HeuristicBot` (the
earlier rule-based player, kept under its name ``heuristic`` so that the two can be
compared in duplicate) but every card it chooses comes from one named rule of
:data:`TECHNIQUES`, tried in a fixed order; the name of the rule it followed is kept in
:attr:`TechniqueBot.last_technique` (a hint can say which precept chose the card).

What it adds to the earlier player (measured in duplicate against it: see
``docs/guides/study.md``, *Computer players*, and ``docs/ladder.md``):

* **reading the plays**: a third or fourth hand that followed suit under an opponent's
  winning card is taken to hold no higher card of the suit, so masters and sure winners
  are known sooner;
* **trumps**: the master trump draws the last one or two trumps out; once the opponents
  can hold no trump, trumps are not led from partner (unless nothing else is left);
* **second hand, void**: a small card led is not trumped when partner, last to play, may
  still beat it;
* **ruffs**: a suit partner has shown void in is led for him to ruff before trumps are
  drawn; a singleton (up to the queen) is led with one to four trumps, to ruff the suit
  later, before a longer suit, and so, less surely, is the top of a doubleton below the
  jack (to ruff the third round); once an opponent has shown a void he may ruff (and
  partner none) trumps are led with three or more; second hand takes a sure trick with
  a king or ace when the suit is short enough (six cards or fewer out) to be ruffed;
* **masters first**: masters in a suit short enough to be ruffed (four cards or fewer
  out) are cashed before partner's suit is returned, and partner's suit is not returned
  once he can hold no card of it;
* **the lead's suit**: its honours and a sequence at its head count for more than its
  length;
* **tenaces**: no lead from ace-queen, king-jack or a king with two small cards or
  fewer, while another suit will do;
* **two open hands** (German whist's play phase, every card known): each trick won as
  cheaply as possible, the top of the longest suit led (+0.73 tricks a hand over the
  earlier player's precepts there);
* **signals**: a discard tells partner about a suit: a low card (a six or lower) no
  interest, a higher one interest; a high card is spared only from a long suit headed by
  two masters, otherwise the lowest card of the least useful suit goes;
* **reading partner's signals**: a suit partner asked for is led before the player's own,
  a suit partner refused is opened only when the others are clearly worse.

Decisions are pure Python on 52-bit masks, a few tens of microseconds each.
"""

from __future__ import annotations

from dataclasses import dataclass

from openwhist.bots.heuristic import HeuristicBot, _choose_call
from openwhist.bots.heuristic_belgian import _misere_play
from openwhist.bots.heuristic_exact import bids_exactly, book_action
from openwhist.bots.heuristic_german import _stock_phase
from openwhist.bots.heuristic_position import _HONOUR_POINTS, _Position
from openwhist.bots.technique import (
    _ABOVE,
    _ACE,
    _JACK,
    _KING,
    _QUEEN,
    _TEN,
    _cards_up,
    _highest,
    _lowest,
    misere_roles,
)
from openwhist.cards import SUIT_MASKS, Card
from openwhist.errors import ConfigError, IllegalActionError
from openwhist.rules.base import Action, Call, Observation
from openwhist.rules.tricks import trick_winner

__all__ = ["TECHNIQUES", "Technique", "TechniqueBot", "instinct", "signals"]


@dataclass(frozen=True)
class Technique:
    """One precept of the books: its ``name`` (as :attr:`TechniqueBot.last_technique`
    gives it) and what it says, in a sentence."""

    name: str
    says: str


TECHNIQUES: tuple[Technique, ...] = (
    Technique("only-card", "the only card that may be played"),
    Technique("give-partner-a-ruff", "lead a suit partner has shown void in, when he may ruff "
              "and the next opponent may not (before drawing trumps)"),
    Technique("draw-trumps", "draw the opponents' trumps with five trumps, with the master trump "
              "when two or fewer are out, or with the top trumps and more trumps than they hold"),
    Technique("stop-the-ruffs", "lead trumps with three or more when an opponent has shown a "
              "void he may ruff and partner has shown none"),
    Technique("singleton-for-ruff", "lead a singleton (not a master) with one to four trumps, to "
              "ruff the suit later (before cashing masters or returning partner's suit)"),
    Technique("cash-masters", "cash sure winners in a suit the opponents cannot ruff, once few "
              "enough of it are out that a ruff threatens (before partner's suit)"),
    Technique("lead-to-dummy", "lead low towards a master the dummy shows"),
    Technique("return-partner", "return partner's suit while he may still hold a card of it"),
    Technique("partner-signal", "lead the suit partner asked for with a high discard (after "
              "returning a suit he led)"),
    Technique("doubleton-for-ruff", "lead the top of a doubleton below the jack with one to "
              "four trumps, to ruff the suit's third round"),
    Technique("spare-partner-trumps", "once the opponents hold no trump, lead a plain suit "
              "rather than draw partner's trumps"),
    Technique("avoid-refused-suit", "open a suit partner refused with a low discard only when "
              "the others are clearly worse"),
    Technique("keep-the-tenace", "do not lead from a tenace (ace-queen, king-jack) or an "
              "unsupported king: wait for the suit to be led to you"),
    Technique("strongest-suit", "lead from the longest and strongest suit"),
    Technique("top-of-sequence", "lead the top of a sequence of honours (the king from ace-king)"),
    Technique("fourth-best", "from four cards or more without a sequence, lead the fourth best"),
    Technique("second-hand-low", "second hand plays low"),
    Technique("cover-honour", "second hand covers an honour (a queen or king) with an honour"),
    Technique("split-sequence", "second hand plays the lowest of a sequence of honours that wins"),
    Technique("sure-winner", "take the trick with the cheapest card that surely wins it (second "
              "hand: a king or ace only late in the deal or in a suit short enough to be ruffed: "
              "six cards or fewer out)"),
    Technique("third-hand-high", "third hand plays high, the lowest of equal cards"),
    Technique("partner-wins", "play low when partner already wins the trick"),
    Technique("fourth-hand-cheap", "fourth hand wins as cheaply as it can, or plays low"),
    Technique("second-hand-no-ruff", "second hand, void, does not trump a small card that "
              "partner, last to play, may still beat"),
    Technique("no-ruff-partner", "never trump partner's winning card"),
    Technique("ruff", "trump a trick the opponents are winning, with a trump the later hands "
              "cannot beat where there is one"),
    Technique("signal-interest", "discard a high card of a suit you want partner to lead"),
    Technique("discard-low", "discard the lowest card of the least useful suit (no interest)"),
    Technique("instinct", "a beginner's mistake: win the trick whenever possible, trump even "
              "partner's winner, lead the top of the longest suit"),
    Technique("open-hands", "German whist's play phase, both hands known: win each trick as "
              "cheaply as possible, lead the top of the longest suit"),
    Technique("misere", "a misère contract: the declarer ducks, the defenders make him win"),
    Technique("stock", "German whist's stock phase: win the trick when the prize is worth it"),
    Technique("call", "an auction call or a stock card taken"),
    Technique("exact-bid", "playing for an exact bid: count the sure tricks to bid; under the "
              "bid, win cheaply with sure winners; made or over, duck with the highest card "
              "that loses"),
)
"""Every rule :class:`TechniqueBot` follows, in the order the bot tries them."""

_NAMES = frozenset(t.name for t in TECHNIQUES)

LENGTH = 1.5
"""What each card of a suit adds to its worth as a lead (its honours add 4 for the ace, 3,
2 and 1 for the king, queen and jack): length counts, but less than the honours that win
tricks and protect partner's."""

SEQUENCE = 6
"""What a sequence of two or more honours at the head of a suit (ten or better) adds to its
worth as a lead: the top card led from it loses nothing and sets up the next."""

TENACE = 12
"""How much less a suit is worth as a lead when it holds a tenace (see :func:`_tenace`)."""

CASH_OUT = 4
"""Masters are cashed only in a suit of which the opponents may hold at most this many
cards (with more out, no ruff threatens them yet, and a lead elsewhere is worth more)."""

SINGLETON = 28
"""How much more a singleton (below the king, not a master) is worth as a lead with one to
four trumps, to ruff the suit later."""

DOUBLETON = 12
"""How much more a doubleton below the jack is worth as a lead with one to four trumps, to
ruff the suit's third round."""

REFUSED = 4
"""How much less a suit partner refused (a low first discard) is worth as a lead."""

SECOND_HAND_OUT = 6
"""Second hand takes a sure trick with a king or ace early only in a suit of which the
opponents may hold at most this many cards (a ruff threatens it later)."""

SIGNAL_RANK = 5
"""A discard of this rank index (a seven) or higher asks for the suit; lower refuses it."""


def signals(obs: Observation, seat: int) -> dict[int, bool]:
    """The suits ``seat`` has signalled by discards in the tricks played so far: suit ->
    True for interest (a first discard of a seven or higher), False for no interest (a
    lower card).  Only the first discard of each suit counts, and never a trump played
    on a plain suit (a ruff).

    >>> import openwhist
    >>> deal = openwhist.new_deal("classic", seed=1)
    >>> signals(deal.observation(0), 2)
    {}
    """
    out: dict[int, bool] = {}
    trump = int(obs.trump) if obs.trump is not None else -1
    n = obs.n_hands
    for t in obs.tricks:
        led = int(t.cards[0]) // 13
        for i, c in enumerate(t.cards):
            suit = int(c) // 13
            if (t.leader + i) % n != seat or suit in (led, trump) or suit in out:
                continue
            out[suit] = int(c) % 13 >= SIGNAL_RANK
    return out


def _tenace(m: int) -> bool:
    """Whether the holding ``m`` (one suit) is one the books say not to lead from: ace and
    queen without the king, king and jack without the queen and ace, or a king with at
    most two small cards."""
    ranks = {c % 13 for c in _cards_up(m)}
    if _ACE in ranks and _QUEEN in ranks and _KING not in ranks:
        return True
    if _KING in ranks and _ACE not in ranks and _QUEEN not in ranks:
        return _JACK in ranks or len(ranks) <= 3
    return False


class _BookPosition(_Position):
    """An observation read for :class:`TechniqueBot`: the earlier player's facts, partner's
    signals, and the rule that chose the card (``rule``)."""

    __slots__ = ("rule", "wanted", "refused")

    def __init__(self, obs: Observation) -> None:
        super().__init__(obs)
        self.rule = ""
        self._read_plays()
        sig = signals(obs, self.partner) if self.partner >= 0 else {}
        self.wanted = {s for s, v in sig.items() if v}
        self.refused = {s for s, v in sig.items() if not v}

    def _read_plays(self) -> None:
        """Narrow the hands' possible cards by the plays seen: a third or fourth hand that
        followed suit under an opponent's winning card holds no card above it."""
        n = self.n
        sides = self.sides
        changed = False
        tricks = [(t.leader, [int(c) for c in t.cards]) for t in self.obs.tricks]
        if self.trick:
            tricks.append((self.trick[0][0], [c for _, c in self.trick]))
        for leader, cards in tricks:
            led = cards[0] // 13
            for i in range(2, len(cards)):
                seat = (leader + i) % n
                if seat in self.exact or cards[i] // 13 != led:
                    continue
                wi = trick_winner(cards[:i], self.trump)
                wseat, wcard = (leader + wi) % n, cards[wi]
                if sides[wseat] == sides[seat] or wcard // 13 != led or cards[i] > wcard:
                    continue
                self.possible[seat] &= ~_ABOVE[wcard]
                changed = True
        if changed:
            danger = 0
            for h in range(n):
                if sides[h] != sides[self.me]:
                    danger |= self.possible[h]
            self.danger = danger

    def _by(self, rule: str, card: int) -> int:
        self.rule = rule
        return card

    # --- leading -------------------------------------------------------------------------

    def lead(self) -> int:
        hand = self.legal
        t = self.trump
        tmask = SUIT_MASKS[t] if t >= 0 else 0
        my_trumps = hand & tmask
        opp_trumps = self.danger & tmask
        n_trumps = my_trumps.bit_count()
        plain = hand & ~tmask

        ruff = self._give_ruff(hand, t)
        if ruff is not None:
            return ruff

        if my_trumps and opp_trumps:
            top = _highest(my_trumps)
            if n_trumps >= 5 or (self.is_master(top) and opp_trumps.bit_count() <= 2) or (
                    self.is_master(top) and n_trumps >= 3
                                 and n_trumps > opp_trumps.bit_count() // 2):
                return self._by("draw-trumps", self.lead_card(my_trumps))

        # an opponent has shown a void he may ruff, partner none: take their trumps out
        if (my_trumps and opp_trumps and n_trumps >= 3
                and any(self.opponents_may_ruff(s) for s in range(4) if s != t)
                and not any(self.may_ruff(self.partner, s) for s in range(4) if s != t)):
            return self._by("stop-the-ruffs", self.lead_card(my_trumps))

        single = self._singleton(hand, t, n_trumps)
        if single is not None:
            return single

        cash = self._cash(hand, t)
        if cash is not None:
            return cash

        if self.partner in self.exact:
            pmask = self.exact[self.partner]
            for s in range(4):
                m = hand & SUIT_MASKS[s]
                pm = pmask & SUIT_MASKS[s]
                if m and pm and (s != t or not opp_trumps) and not self.opponents_may_ruff(s):
                    ptop = _highest(pm)
                    if self.is_master(ptop) and _highest(m) < ptop and not self.is_master(_highest(m)):
                        return self._by("lead-to-dummy", _lowest(m))

        ret = self._return(hand, t, opp_trumps)
        if ret is not None:
            return ret

        for s in sorted(self.wanted):
            m = hand & SUIT_MASKS[s]
            if m and s != t and not self.opponents_may_ruff(s):
                return self._by("partner-signal", self._towards_partner(m))

        # no trump drawn from partner: with trumps gone from the opponents, a plain suit
        pool = plain if (plain and not opp_trumps) else hand
        best_suit = -1
        best_score = -1e9
        kept: dict[int, float] = {}
        avoided: dict[int, float] = {}
        singleton = doubleton = False
        for s in range(4):
            m = pool & SUIT_MASKS[s]
            if not m:
                continue
            n = m.bit_count()
            single = double = tenace = refused = False
            if s == t:
                score = -50.0 + n
            else:
                score = LENGTH * n
                for c in _cards_up(m):
                    score += _HONOUR_POINTS.get(c % 13, 0)
                group = self.top_group(m)
                if len(group) >= 2 and group[0] % 13 >= _TEN:
                    score += SEQUENCE
                if (n == 1 and 0 < n_trumps < 5 and m.bit_length() - 1 - 13 * s < _KING
                        and not self.is_master(_highest(m))):
                    score += SINGLETON
                    single = True
                if n == 2 and 0 < n_trumps < 5 and _highest(m) % 13 < _JACK:
                    score += DOUBLETON
                    double = True
                if n <= 2 and not len(group) >= 2:
                    top_rank = _highest(m) % 13
                    if top_rank in (_KING, _QUEEN, _JACK) and not self.is_master(_highest(m)):
                        score -= 4
                if self.opponents_may_ruff(s):
                    score -= 30
                if _tenace(m):
                    score -= TENACE
                    tenace = True
                if s in self.refused:
                    score -= REFUSED
                    refused = True
            if score > best_score:
                best_suit, best_score, singleton, doubleton = s, score, single, double
            if tenace:
                kept[s] = score + TENACE
            if refused:
                avoided[s] = score + REFUSED
        m = pool & SUIT_MASKS[best_suit]
        if singleton:
            return self._by("singleton-for-ruff", _lowest(m))
        card = self.lead_card(m)
        if doubleton and not self.is_master(card):
            self.rule = "doubleton-for-ruff"
        elif my_trumps and pool != hand:
            self.rule = "spare-partner-trumps"
        elif any(v > best_score for s, v in kept.items() if s != best_suit):
            self.rule = "keep-the-tenace"
        elif any(v > best_score for s, v in avoided.items() if s != best_suit):
            self.rule = "avoid-refused-suit"
        return card

    def _give_ruff(self, hand: int, t: int) -> int | None:
        """A low card of a suit partner has shown void in, when he may ruff it and the
        opponent who plays after him may not (before trumps are drawn), or None."""
        if t < 0 or self.partner < 0:
            return None
        for s in range(4):
            m = hand & SUIT_MASKS[s]
            if (m and s != t and self.may_ruff(self.partner, s)
                    and not self.may_ruff(self.right, s)):
                return self._by("give-partner-a-ruff", _lowest(m))
        return None

    def _singleton(self, hand: int, t: int, n_trumps: int) -> int | None:
        """With one to four trumps, a plain singleton below the king (not a master) that
        the opponents cannot ruff, led to ruff the suit later (before masters are cashed
        and partner's suit returned), or None."""
        if not 0 < n_trumps < 5:
            return None
        for s in range(4):
            m = hand & SUIT_MASKS[s]
            if (s != t and m.bit_count() == 1 and _highest(m) % 13 < _KING
                    and not self.is_master(_highest(m)) and not self.opponents_may_ruff(s)):
                return self._by("singleton-for-ruff", _lowest(m))
        return None

    def _cash(self, hand: int, t: int) -> int | None:
        """A master led from the longest suit headed by one that the opponents cannot
        ruff, once few enough of it are out that a ruff threatens (see :data:`CASH_OUT`),
        or None."""
        best_master = -1
        best_len = -1
        for s in range(4):
            if s == t:
                continue
            m = hand & SUIT_MASKS[s]
            # a suit the opponents may hold six cards of is in no danger of a ruff yet
            if (m and m.bit_count() > best_len and self.is_master(_highest(m))
                    and not self.opponents_may_ruff(s)
                    and (self.danger & SUIT_MASKS[s]).bit_count() <= CASH_OUT):
                best_master, best_len = s, m.bit_count()
        if best_master < 0:
            return None
        return self._by("cash-masters", self.lead_card(hand & SUIT_MASKS[best_master]))

    def _return(self, hand: int, t: int, opp_trumps: int) -> int | None:
        """Partner's suit returned (not one an opponent may ruff, nor trumps once the
        opponents have none, nor one partner can hold no card of), or None."""
        for s in self.partner_suits():
            m = hand & SUIT_MASKS[s]
            if not m or self.opponents_may_ruff(s) or not self.possible[self.partner] & SUIT_MASKS[s]:
                continue
            if s == t and not opp_trumps:
                continue
            return self._by("return-partner", self._towards_partner(m))
        return None

    def _towards_partner(self, m: int) -> int:
        """The card to lead in partner's suit: a master from the top, else the top of a
        doubleton, else low."""
        top = _highest(m)
        if self.is_master(top):
            return self.lead_card(m)
        if m.bit_count() <= 2:
            return top
        return _lowest(m)

    def lead_card(self, m: int) -> int:
        """Which card to lead from the holding ``m`` (one suit), naming the rule."""
        group = self.top_group(m)
        top = group[0]
        if len(group) >= 2 and (top % 13 >= _TEN or self.is_master(top)):
            if top % 13 == _ACE:
                return self._by("top-of-sequence", group[1])
            return self._by("top-of-sequence", top)
        if self.is_master(top):
            return self._by("cash-masters", top)
        cards = sorted(_cards_up(m), reverse=True)
        n = len(cards)
        if n >= 4:
            return self._by("fourth-best", cards[3])
        if n == 3:
            return self._by("strongest-suit", cards[-1] if top % 13 >= _JACK else top)
        return self._by("strongest-suit", top)

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

        winners = follow & _ABOVE[wcard] if wcard // 13 == led else 0
        low = _lowest(follow)

        if pos == self.n - 1:
            if partner_wins:
                return self._by("partner-wins", low)
            if not winners:
                return self._by("fourth-hand-cheap", low)
            return self._by("fourth-hand-cheap", _lowest(winners))

        partner_sure = partner_wins and self.sure(wcard, after, led)
        if partner_sure:
            return self._by("partner-wins", low)
        if not winners:
            return self._by("second-hand-low" if pos == 1 else "third-hand-high", low)

        sure_winners = [c for c in _cards_up(winners) if self.sure(c, after, led)]

        if pos == 1:
            lead_card = trick[0][1]
            # a queen or king led is covered; a jack is more often led from a sequence
            if lead_card % 13 >= _QUEEN and lead_card // 13 == led:
                return self._by("cover-honour", _lowest(winners))
            if sure_winners:
                c = sure_winners[0]
                # a king or ace only late, or when the suit is short enough to be ruffed
                if (c % 13 < _KING or len(self.obs.tricks) >= 6
                        or (self.danger & SUIT_MASKS[led]).bit_count() <= SECOND_HAND_OUT):
                    return self._by("sure-winner", c)
            group = self.top_group(follow)
            if len(group) >= 2 and group[-1] % 13 >= _TEN and group[-1] > wcard:
                return self._by("split-sequence", group[-1])
            return self._by("second-hand-low", low)

        if sure_winners:
            return self._by("sure-winner", sure_winners[0])
        if partner_wins and wcard % 13 >= _JACK:
            return self._by("partner-wins", low)
        g = self.lowest_equivalent(_highest(follow), follow)
        if g > wcard:
            return self._by("third-hand-high", g)
        return self._by("third-hand-high", low)

    def void_play(self, pos: int, led: int, wcard: int, partner_wins: bool,
                  after: list[int]) -> int:
        legal = self.legal
        t = self.trump
        if partner_wins and (pos == self.n - 1 or self.sure(wcard, after, led)
                             or wcard % 13 >= _KING):
            card = self.discard()
            if self.rule == "discard-low":
                self.rule = "no-ruff-partner"
            return card
        trumps = legal & SUIT_MASKS[t] if t >= 0 else 0
        if pos == 1 and trumps and after and self.partner == after[-1]:
            lead_card = self.trick[0][1]
            if (lead_card % 13 < _JACK and not self.is_master(lead_card)
                    and not self.is_void(self.partner, led)):
                card = self.discard()
                self.rule = "second-hand-no-ruff"
                return card
        if trumps:
            cand = trumps & _ABOVE[wcard] if wcard // 13 == t else trumps
            if cand:
                for c in _cards_up(cand):
                    if self.sure(c, after, led):
                        return self._by("ruff", c)
                return self._by("ruff", _lowest(cand))
        return self.discard()

    def discard(self) -> int:
        """A signal of interest where a suit deserves it, else the lowest card of the
        least useful suit."""
        legal = self.legal
        t = self.trump
        # interest: a suit headed by a master, with a spare card of a seven or better
        # below the master's sequence, never a trump, and not a suit the partner refused
        if self.partner >= 0:
            mine = signals(self.obs, self.me)
            for s in range(4):
                m = legal & SUIT_MASKS[s]
                if s == t or s in mine or m.bit_count() < 3 or not self.is_master(_highest(m)):
                    continue
                group = self.top_group(m)
                if m.bit_count() < 5 or len(group) < 2:
                    continue
                spare = [c for c in _cards_up(m & ~sum(1 << c for c in group))
                         if c % 13 >= SIGNAL_RANK]
                if spare and not self.opponents_may_ruff(s):
                    return self._by("signal-interest", spare[0])
        card = super().discard()
        return self._by("discard-low", card)


def instinct(obs: Observation) -> int:
    """The card a beginner's instinct plays (the ``instinct`` rule): following, the
    cheapest card that wins the trick now, whoever is winning it (a trump when void, even
    over partner), else the lowest; leading, the top card of the longest suit.

    >>> import openwhist
    >>> deal = openwhist.new_deal("classic", seed=3, dealer=0)
    >>> obs = deal.observation(deal.to_move)
    >>> instinct(obs) in obs.legal
    True
    """
    legal = 0
    for a in obs.legal:
        legal |= 1 << a
    trump = int(obs.trump) if obs.trump is not None else -1
    if not obs.trick:
        best = max(range(4), key=lambda s: ((legal & SUIT_MASKS[s]).bit_count(), s))
        return _highest(legal & SUIT_MASKS[best])
    cards = [int(c) for _, c in obs.trick]
    for c in _cards_up(legal):
        if trick_winner([*cards, c], trump) == len(cards):
            return c
    return _lowest(legal)


class TechniqueBot(HeuristicBot):
    """Plays the books' technique from the observation alone, each card by one named rule
    of :data:`TECHNIQUES` (see the module's notes); :attr:`last_technique` names the rule
    of the last choice.  Auction calls, misère play and German whist's stock phase are the
    earlier player's.

    :param mistakes: 0 to 1: the share of card decisions (with a choice) where it plays
        by a beginner's :func:`instinct` instead of the books (a human mistake, not a
        random card); default 0, which makes the bot deterministic.
    :param seed: seeds the choice of the decisions that go wrong.
    """

    name = "technique"
    searches = False

    def __init__(self, seed: int | None = None, mistakes: float = 0.0) -> None:
        if not 0 <= mistakes <= 1:
            raise ConfigError(f"mistakes must be between 0 and 1, not {mistakes!r}")
        super().__init__(seed)
        self.mistakes = mistakes
        self.last_technique = ""
        """The name of the rule that chose the last action (one of :data:`TECHNIQUES`)."""

    def __repr__(self) -> str:
        return f"TechniqueBot(seed={self.seed!r}, mistakes={self.mistakes!r})"

    def choose(self, observation: Observation) -> Action:
        """The card (or call) for the hand to move, one of ``observation.legal``."""
        legal = observation.legal
        if not legal or observation.to_move is None:
            raise IllegalActionError("it is not this seat's turn: there is nothing to choose")
        if bids_exactly(observation) and (len(legal) == 1 or isinstance(legal[0], Call)
                                          or not self.mistakes or self.rng.random() >= self.mistakes):
            self.last_technique = "exact-bid"
            return book_action(observation)
        if any(isinstance(a, Call) for a in legal):
            self.last_technique = "call"
            return _choose_call(observation)
        if len(legal) == 1:
            self.last_technique = "only-card"
            return Card(legal[0])
        misere = misere_roles(observation)
        if self.mistakes and misere is None and self.rng.random() < self.mistakes:
            self.last_technique = "instinct"
            return Card(instinct(observation))
        pos = _BookPosition(observation)
        if misere is not None:
            card, rule = _misere_play(pos, *misere), "misere"
        elif observation.shown and observation.n_hands == 2:
            card, rule = _stock_phase(pos), "stock"
        elif observation.n_hands == 2:
            card, rule = instinct(observation), "open-hands"
        else:
            card = pos.follow() if pos.trick else pos.lead()
            rule = pos.rule
        assert rule in _NAMES, rule
        self.last_technique = rule
        if not pos.legal >> card & 1:  # defensive: never return an illegal card
            return Card(legal[0])
        return Card(card)
