"""Belgian whist's auction (rules.md §1.5), the component :class:`BelgianState` composes:
proposals and acceptance, "ik wacht", solo, misères, abondance, soloslim, troel's floor,
passe parole, and Whisthub's limits as options.  It says which calls a player may make and
why not, records them, gives the turn, and at the end names the contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from openwhist.cards import Suit
from openwhist.rules.actions import Call
from openwhist.rules.auction import Auction
from openwhist.rules.belgian.contracts import Contract, referee_refusal
from openwhist.rules.belgian.grid import PointsGrid
from openwhist.rules.belgian.ladder import HANDS, MISERE_TRICKS, SHARED, SUIT_RANK, SUITS_HIGH_FIRST
from openwhist.rules.belgian.options import BelgianOptions
from openwhist.rules.seats import seat_name

_SEAT_NAMES = tuple(seat_name(h) for h in range(HANDS))
_SUIT_RANK = {int(s): rank for s, rank in SUIT_RANK.items()}

__all__ = ["AUCTION_CALLS", "BelgianAuction"]

ACCEPT = Call.make("accept")
AUCTION_CALLS: tuple[Call, ...] = tuple(
    [Call.make("pass"), Call.make("wait"), Call.make("passe-parole")]
    + [Call.make("propose", suit=s) for s in SUITS_HIGH_FIRST[::-1]]
    + [Call.make("pair", lv, s) for lv in range(8, 14) for s in SUITS_HIGH_FIRST[::-1]]
    + [Call.make("solo", lv, s) for lv in range(5, 9) for s in SUITS_HIGH_FIRST[::-1]]
    + [Call.make(k) for k in ("small-misere", "piccolo", "piccolissimo", "grand-misere",
                              "open-misere")]
    + [Call.make("abondance", lv, s) for lv in range(9, 13) for s in SUITS_HIGH_FIRST[::-1]]
    + [Call.make("soloslim", suit=s) for s in SUITS_HIGH_FIRST[::-1]])
"""Every call of the auction, in the order the legal ones are offered (``accept`` is
offered second, when a player may accept)."""


_UNRANKED = (-1, -1)
"""The key :func:`_ranked_keys` gives a call that is not a bid of the grid (pass, wait,
passe parole, a proposal)."""

_PAIR_SUITS = tuple(int(c.suit) if c.kind == "pair" and c.suit is not None else -1
                    for c in AUCTION_CALLS)
"""The suit of each of :data:`AUCTION_CALLS` that is a pair's bid, -1 for the others."""

_ANY_SUIT = frozenset(range(4))

_KEYS: dict[int, tuple[PointsGrid, tuple[tuple[int, int] | None, ...]]] = {}
""":func:`_ranked_keys` by the grid's identity, the grid kept beside its keys (so that its
identity is not reused while it is here); at most :data:`_KEYS_KEPT` grids."""

_KEYS_KEPT = 8


def _ranked_keys(grid: PointsGrid) -> tuple[tuple[int, int] | None, ...]:
    """Each of :data:`AUCTION_CALLS`' key in ``grid`` (None: not in it) where it is a bid,
    a pair's or one played alone, :data:`_UNRANKED` where not.  Such a bid below the bid to
    beat, or not in the grid, is refused whatever else holds, so the legal calls skip it
    without asking :meth:`BelgianAuction.refusal` why."""
    known = _KEYS.get(id(grid))
    if known is None or known[0] is not grid:
        keys = tuple(_UNRANKED if c.kind in ("pass", "wait", "passe-parole", "propose")
                     else _key(grid, c.kind, c.level, None if c.suit is None else int(c.suit))
                     for c in AUCTION_CALLS)
        if len(_KEYS) >= _KEYS_KEPT:
            _KEYS.clear()
        known = _KEYS[id(grid)] = (grid, keys)
    return known[1]


def _key(grid: PointsGrid, kind: str, level: int | None, suit: int | None) -> tuple[int, int] | None:
    """A bid's key in ``grid``'s ladder (rank, suit rank); None: not in the grid."""
    r = grid.rank(kind, level)
    if r is None:
        return None
    return (r, _SUIT_RANK[suit] if suit is not None else 0)


class BelgianAuction(Auction):
    """The auction of one Belgian deal: ``hands`` as dealt, ``first`` the first speaker,
    ``troel`` the troel player (None: no troel; troel is then the floor to outrank)."""

    STATE: ClassVar[tuple[str, ...]] = (
        *Auction.STATE, "waiting", "proposal", "partner", "bound", "kept", "proposal_only",
        "blocked", "handed", "asked", "tied")

    def __init__(self, options: BelgianOptions, grid: PointsGrid, hands: Sequence[int],
                 first: int, troel: int | None) -> None:
        floor = grid.rank("troel") if troel is not None else None
        super().__init__(HANDS, first, (floor, 0) if floor is not None else (-1, 0))
        self.options = options
        self.grid = grid
        self.hands = tuple(hands)
        self.troel = troel
        self.waiting = [False] * HANDS
        self.proposal = [-1] * HANDS        # suit proposed (unaccepted or accepted), -1: none
        self.partner = [-1] * HANDS         # the other player of an accepted pair
        self.bound = [False] * HANDS        # a proposer whose proposal was accepted
        self.kept = [False] * HANDS         # a proposer who keeps his suit and waits
        self.proposal_only = False          # the best bid is a proposal nobody accepted yet
        self.blocked = False                # a misère or piccolo was bid: no more proposals
        self.handed = [False] * HANDS       # an acceptor who said passe parole
        self.asked = [[0] * 4 for _ in range(HANDS)]  # proposals per player and suit
        self.tied = [-1] * HANDS            # the suit a player is bound to (solo, pair), -1: none

    def key_of(self, kind: str, level: int | None, suit: int | None) -> tuple[int, int] | None:
        """The bid's key in the grid's ladder (rank, suit rank); None: not in the grid."""
        return _key(self.grid, kind, level, suit)

    def can_join(self, proposer: int, suit: int) -> bool:
        """Someone may still accept ``proposer``'s ``suit``: a player who has not spoken,
        who waits, or who proposed a lower suit and is not yet partnered (§1.5)."""
        for q in range(HANDS):
            if q == proposer or self.passed[q] or self.partner[q] >= 0 or self.kept[q]:
                continue
            if not self.spoken[q] or self.waiting[q]:
                return True
            if self.proposal[q] >= 0 and SUIT_RANK[Suit(self.proposal[q])] < SUIT_RANK[Suit(suit)]:
                return True
        return False

    def may_accept(self, h: int, proposer: int) -> bool:
        """``h`` may join ``proposer``'s waiting proposal: he has not spoken, waited, or
        proposed a lower suit, and is in no pair."""
        if proposer == h or self.passed[proposer] or self.partner[proposer] >= 0 \
                or self.proposal[proposer] < 0:
            return False
        if self.partner[h] >= 0:
            return False
        if not self.spoken[h] or self.waiting[h]:
            return True
        own = self.proposal[h]
        return own >= 0 and SUIT_RANK[Suit(own)] < SUIT_RANK[Suit(self.proposal[proposer])]

    def refusal(self, h: int, call: Call) -> str | None:
        """Why ``h`` may not make ``call`` now (None: he may)."""
        kind = call.kind
        if kind == "pass":
            return None
        who = _SEAT_NAMES[h]
        if kind == "passe-parole":
            return self.passe_parole_refusal(h)
        if kind in ("trump", "discard", "take", "troel"):
            if kind == "troel":
                return "troel is announced by itself when the cards are dealt"
            return f"{call} is not a call of the auction"
        if kind == "wait":
            if not self.options.wait:
                return "'ik wacht' is not played with these options"
            if self.troel is not None:
                return "after a troel one bids above troel or passes; nobody may wait"
            if h != self.first or self.spoken[h]:
                return "only the first speaker may wait, on his first turn"
            return None
        acceptor = self.partner[h] >= 0 and not self.bound[h]
        if self.waiting[h] and kind not in ("accept", "pair"):
            return f"{who} waited: he may only accept a proposal or pass"
        if acceptor and kind != "pair":
            return f"{who} speaks for the pair: he may only raise the pair's suit or pass"
        tied = self.tied[h] if self.options.bound_suit else -1
        if tied >= 0:
            tied_name = Suit(tied).name.lower()
            if kind in MISERE_TRICKS:
                return f"{who} is bound to {tied_name}: a bound player may no longer bid " \
                       "misère or piccolo"
            if call.suit is not None and int(call.suit) != tied:
                return f"{who} is bound to {tied_name} (solo, a pair, or left alone by his " \
                       f"partner): he may only bid further in {tied_name}"
        if kind == "accept":
            if self.best_accept(h) is None:
                return self.no_accept_reason(h)
            return None
        if kind == "pair":
            assert call.level is not None and call.suit is not None
            s = int(call.suit)
            key = self.key_of("pair", call.level, s)
            if key is None:
                return f"the points grid has no pair {call.level}"
            if acceptor:
                mine = self.pair_suit(h)
                if s != mine:
                    return f"{who} may only raise the pair's suit, {Suit(mine).name.lower()}"
                if key <= self.key:
                    return f"pair {call.level} {call.suit.name.lower()} does not outrank {self.best_text()}"
                return None
            proposer = next((p for p in range(HANDS) if p != h and self.proposal[p] == s
                             and self.partner[p] < 0 and not self.passed[p]), None)
            if proposer is None:
                return f"nobody proposed {call.suit.name.lower()} and waits for a partner"
            if not self.may_accept(h, proposer):
                return f"{who} may not join {seat_name(proposer)}: only a player who has not " \
                       "spoken, who waited, or who proposed a lower suit may"
            if not self.hands[h] & call.suit.mask:
                return f"{who} holds no {call.suit.name.lower()}: one may only accept with a card of the suit"
            if not self.outranks_for(proposer, key):
                return f"pair {call.level} {call.suit.name.lower()} does not outrank {self.best_text()}"
            return None
        if kind == "propose":
            assert call.suit is not None
            s = int(call.suit)
            suit_name = call.suit.name.lower()
            if self.troel is not None:
                return "after a troel one bids above troel or passes: no suit may be proposed"
            if self.blocked:
                return "no suit may be proposed once a misère or piccolo has been bid"
            if self.options.propose_card and not self.hands[h] & call.suit.mask:
                return f"{who} holds no {suit_name}: one may only propose a suit with at " \
                       "least one card of it, as one may only accept with one"
            most = self.options.asks_per_suit
            if most and self.asked[h][s] >= most:
                times = {1: "once", 2: "twice"}.get(most, f"{most} times")
                return f"{who} has asked {suit_name} {times} already: a player may ask the " \
                       f"same suit at most {times}"
            own = self.proposal[h]
            if self.spoken[h] and own < 0:
                return f"{who} has already bid: only a proposer may propose again"
            if own >= 0 and SUIT_RANK[call.suit] < SUIT_RANK[Suit(own)]:
                return f"{who} proposed {Suit(own).name.lower()}: he may only switch to a higher suit"
            keep = own == s
            if not keep:
                key = self.key_of("pair", 8, s)
                assert key is not None
                if key <= self.key:
                    return f"a proposal of {suit_name} (pair 8) does not outrank {self.best_text()}"
            if not self.can_join(h, s):
                return f"nobody can still accept {suit_name}"
            return None
        # games one announces alone
        level = call.level
        suit = int(call.suit) if call.suit is not None else None
        if kind == "piccolissimo" and not self.options.piccolissimo:
            return "piccolissimo is not played with these options"
        key = self.key_of(kind, level, suit)
        if key is None:
            return f"the points grid has no {str(call).replace('-', ' ')}"
        if kind in ("abondance", "soloslim") and self.options.first_turn_only and self.spoken[h]:
            return f"{kind} may only be bid on a player's first turn"
        if kind == "solo" and suit is not None and self.options.solo_suit == "proposed" \
                and not self.asked[h][suit] and self.could_ask(h, suit):
            suit_name = Suit(suit).name.lower()
            return f"{who} may go solo only in a suit he proposed while someone could still " \
                   f"join him, and he has not proposed {suit_name}"
        if key == self.key and kind in SHARED and self.best is not None and self.best[0] == kind \
                and h not in self.holders:
            return self.referee(h, call, key)  # another player in the same misère
        if key <= self.key:
            return f"{str(call).replace('-', ' ')} does not outrank {self.best_text()}"
        return self.referee(h, call, key)

    def referee(self, h: int, call: Call, key: tuple[int, int]) -> str | None:
        """The referee's refusal of a game above troel (option ``referee``), if any."""
        troel = self.grid.rank("troel")
        if not self.options.referee or troel is None or key[0] <= troel:
            return None
        reason = referee_refusal(self.hands[h], call.kind, call.level, call.suit)
        if reason is None:
            return None
        return f"the referee refuses it as implausible for the hand ({reason}); " \
               f"{seat_name(h)} must pass or bid something else"

    def could_ask(self, h: int, suit: int) -> bool:
        """A proposal of ``suit`` by ``h`` could still find a partner."""
        return self.troel is None and not self.blocked and self.can_join(h, suit)

    def pair_suit(self, h: int) -> int:
        """The suit of the accepted pair ``h`` belongs to (the one its proposer proposed)."""
        return self.proposal[h] if self.proposal[h] >= 0 else self.proposal[self.partner[h]]

    def lowest_raise(self, h: int) -> int | None:
        """The fewest tricks the pair of ``h`` must bid in its suit to outrank the bid."""
        s = self.pair_suit(h)
        for level in range(8, 14):
            key = self.key_of("pair", level, s)
            if key is not None and key > self.key:
                return level
        return None

    def passe_parole_refusal(self, h: int) -> str | None:
        """Why ``h`` may not say passe parole (None: he may): only the player who joined a
        pair, while it speaks through him, once the pair must bid 11 tricks or more."""
        who = seat_name(h)
        if not self.options.passe_parole:
            return "passe parole is not played with these options"
        if self.partner[h] < 0:
            return f"{who} is in no pair: only the player who joined a proposal may hand the " \
                   "word to its proposer"
        partner = self.partner[h]
        if self.handed[h] or self.handed[partner]:
            return f"the word was already handed over: {seat_name(h)} speaks for the pair " \
                   "to the end"
        level = self.lowest_raise(h)
        suit = Suit(self.pair_suit(h)).name.lower()
        if level is None:
            return f"no pair level up to 13 in {suit} outranks {self.best_text()}"
        if level < 11:
            return f"passe parole only when the pair must bid 11 tricks or more; pair {level} " \
                   f"{suit} outranks {self.best_text()}"
        return None

    def best_text(self) -> str:
        """The bid to beat as text (``"pair 9 hearts"``; ``"troel"`` before any bid)."""
        if self.best is None:
            return "troel"
        kind, level, suit = self.best
        parts = [kind.replace("-", " ")]
        if level is not None:
            parts.append(str(level))
        if suit is not None:
            parts.append(Suit(suit).name.lower())
        return " ".join(parts)

    def best_accept(self, h: int) -> Call | None:
        """The call ``accept`` stands for: join the highest proposal one may, at the lowest
        level that outranks the bid."""
        tied = self.tied[h] if self.options.bound_suit else -1
        for suit in SUITS_HIGH_FIRST:
            s = int(suit)
            if tied >= 0 and s != tied:
                continue
            for p in range(HANDS):
                if self.proposal[p] == s and self.may_accept(h, p) and self.hands[h] & suit.mask:
                    for level in range(8, 14):
                        key = self.key_of("pair", level, s)
                        if key is not None and self.outranks_for(p, key):
                            return Call.make("pair", level, s)
        return None

    def outranks_for(self, proposer: int, key: tuple[int, int]) -> bool:
        """A pair joining ``proposer`` at ``key`` beats the bid (joining the proposal that
        is itself the bid, at its own level, is enough)."""
        return key > self.key or (key == self.key and self.proposal_only and self.holders == (proposer,))

    def no_accept_reason(self, h: int) -> str:
        """Why ``h`` may not accept now."""
        open_ = [p for p in range(HANDS) if p != h and self.proposal[p] >= 0 and self.partner[p] < 0
                 and not self.passed[p]]
        if not open_:
            return "no proposal is waiting for a partner"
        tied = self.tied[h] if self.options.bound_suit else -1
        if tied >= 0 and all(self.proposal[p] != tied for p in open_):
            tied_name = Suit(tied).name.lower()
            return f"{seat_name(h)} is bound to {tied_name}: he may only join a proposal of " \
                   f"{tied_name}"
        if not any(self.may_accept(h, p) for p in open_):
            return f"{seat_name(h)} may not accept: only a player who has not spoken, who " \
                   "waited, or who proposed a lower suit may"
        if not any(self.hands[h] & Suit(self.proposal[p]).mask for p in open_):
            suits = " or ".join(Suit(self.proposal[p]).name.lower() for p in open_)
            return f"{seat_name(h)} holds no {suits}: one may only accept with a card of the suit"
        return f"no pair level up to 13 outranks {self.best_text()}"

    def legal_calls(self, h: int) -> list[Call]:
        """The calls ``h`` may make now, ``accept`` second when he may accept."""
        bar = self.key
        # Calls refused whatever else holds are skipped without asking refusal() why: a
        # bid below the bid to beat or not in the grid, and, for a player who does not
        # speak for a pair, a pair in a suit nobody proposed and waits with.
        joinable = _ANY_SUIT if self.partner[h] >= 0 and not self.bound[h] else {
            self.proposal[p] for p in range(HANDS)
            if p != h and self.partner[p] < 0 and not self.passed[p]}
        out = [c for c, key, suit in zip(AUCTION_CALLS, _ranked_keys(self.grid), _PAIR_SUITS,
                                         strict=True)
               if (key is _UNRANKED or (key is not None and key >= bar
                                        and (suit < 0 or suit in joinable)))
               and self.refusal(h, c) is None]
        if self.partner[h] < 0 and self.best_accept(h) is not None:
            out.insert(1, ACCEPT)
        return out

    def needs_turn(self, q: int) -> bool:
        """``q`` still speaks: not passed, not a bound or waiting proposer, not holding
        the bid (unless it is a proposal nobody accepted)."""
        if self.passed[q] or self.bound[q] or self.kept[q]:
            return False
        return not (q in self.holders and not self.proposal_only)

    def advance(self, h: int) -> int | None:
        """The next player who must speak after ``h`` (None: the auction is over); a kept
        proposal nobody can join any more passes first."""
        changed = True
        while changed:  # kept proposals nobody can join any more: their players pass
            changed = False
            for q in range(HANDS):
                if self.kept[q] and self.partner[q] < 0 and not self.passed[q] \
                        and not self.can_join(q, self.proposal[q]):
                    self.passed[q] = True
                    self.kept[q] = False
                    changed = True
        return self.next_speaker(h)

    def make_call(self, h: int, call: Call) -> int | None:
        """Record ``h``'s call (checked by :meth:`refusal`; ``accept`` already made the pair
        it stands for); return who speaks next, None when the auction is over."""
        kind = call.kind
        first_turn = not self.spoken[h]
        self.spoken[h] = True
        if kind == "pass":
            self.passed[h] = True
            self.waiting[h] = False
            p = self.partner[h]
            if p >= 0:  # the pair drops out: the other player is free again
                self.partner[h] = self.partner[p] = -1
                self.bound[p] = False
                self.bound[h] = False
                self.handed[h] = self.handed[p] = False
            if self.proposal[h] >= 0 and self.partner[h] < 0:
                self.proposal[h] = -1  # an unaccepted proposal stays the bid to beat, dead
        elif kind == "wait":
            self.waiting[h] = True
        elif kind == "passe-parole":  # the proposer speaks for the pair, at once
            p = self.partner[h]
            self.handed[h] = True
            self.bound[h], self.bound[p] = True, False
            return p
        elif kind == "propose":
            assert call.suit is not None
            s = int(call.suit)
            self.asked[h][s] += 1
            if self.proposal[h] == s and not first_turn:
                self.kept[h] = True
            else:
                self.proposal[h] = s
                self.kept[h] = False
                key = self.key_of("pair", 8, s)
                assert key is not None
                self.key = key
                self.best = ("pair", 8, s)
                self.holders = (h,)
                self.proposal_only = True
        elif kind == "pair":
            assert call.suit is not None
            s = int(call.suit)
            if self.partner[h] >= 0:
                proposer = h if self.proposal[h] >= 0 else self.partner[h]
            else:
                proposer = next(p for p in range(HANDS) if p != h and self.proposal[p] == s
                                and self.partner[p] < 0 and not self.passed[p])
                if self.proposal[h] >= 0:  # a lower proposer joins a higher suit
                    self.proposal[h] = -1
                self.kept[h] = False
                self.waiting[h] = False
                self.partner[h], self.partner[proposer] = proposer, h
                self.bound[proposer] = True
                self.kept[proposer] = False
            key = self.key_of("pair", call.level, s)
            assert key is not None
            self.tied[proposer] = self.tied[h] = s
            self.key = key
            self.best = ("pair", call.level, s)
            self.holders = (proposer, self.partner[proposer])
            self.proposal_only = False
        else:
            suit = int(call.suit) if call.suit is not None else None
            key = self.key_of(kind, call.level, suit)
            assert key is not None
            if self.proposal[h] >= 0:
                self.proposal[h] = -1
                self.kept[h] = False
            if kind in MISERE_TRICKS:
                self.blocked = True
            elif suit is not None:
                self.tied[h] = suit
            if self.best is not None and key == self.key and kind in SHARED and self.best[0] == kind:
                self.holders = (*self.holders, h)
            else:
                self.key = key
                self.best = (kind, call.level, suit)
                self.holders = (h,)
            self.proposal_only = False
        return self.advance(h)

    def open_proposals(self) -> dict[int, int]:
        """The proposals still waiting for a partner: proposer -> suit (not in a pair, not
        passed)."""
        return {h: self.proposal[h] for h in range(HANDS)
                if self.proposal[h] >= 0 and self.partner[h] < 0 and not self.passed[h]}

    def contract(self) -> Contract | None:
        """The contract the ended auction made: None when nobody holds a bid (all passed, or
        only troel stands) or a holder passed."""
        if self.best is None or any(self.passed[p] for p in self.holders):
            return None
        kind, level, suit = self.best
        if kind == "pair":
            needed = level or 8
        elif kind in MISERE_TRICKS:
            needed = MISERE_TRICKS[kind]
        elif kind == "soloslim":
            needed = 13
        else:
            needed = level or 13
        return Contract(kind, level, Suit(suit) if suit is not None else None, self.holders, needed)
