"""One deal of Belgian colour whist: the auction component, then troel's trump, the
small-misère discards and the trick play."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from openwhist.cards import Card, CardSet, Suit, format_hand, given_cards, parse_hand, shuffled_deck
from openwhist.errors import ConfigError, IllegalActionError, InvalidActionError
from openwhist.rules.actions import UNSEEN_DISCARD, Action, Call, parse_action
from openwhist.rules.belgian.auction import BelgianAuction
from openwhist.rules.belgian.contracts import AuctionEnded, BelgianResult, Contract, settle
from openwhist.rules.belgian.ladder import (
    _NAMES,
    ACE_MASK,
    ACES,
    HANDS,
    SUITS_HIGH_FIRST,
)
from openwhist.rules.belgian.options import BelgianOptions
from openwhist.rules.events import CallMade
from openwhist.rules.observation import Observation
from openwhist.rules.seats import each_for_himself, one_against_three, parse_seat, seat_name, seat_names
from openwhist.rules.tricks import DealScored, Trick, TrickPlay, cards_of


class BelgianState(TrickPlay):
    """One deal of Belgian colour whist: the rules state every front end and bot drives.

    Phases: ``"auction"``, ``"trump"`` (the troel partner names trump), ``"discard"``
    (small misère: each player lays one card aside), ``"play"``, ``"over"``.  Speaks the
    deal protocol (:class:`openwhist.rules.base.Deal`).  Make one with
    :func:`openwhist.new_deal` (``"belgian"``).
    """

    variant = "belgian"
    players_at_table = HANDS

    def __init__(self, hands: Sequence[int], dealer: int, options: BelgianOptions,
                 seed: int | None = None, score: Sequence[int] = (0, 0, 0, 0), multiplier: int = 1,
                 troel: int | None | bool = True) -> None:
        self.options = options
        self.grid = options.points_grid()
        self.dealer = dealer
        self.seed = seed
        self.dealt: tuple[int, ...] = tuple(hands)
        self.start_score = tuple(int(s) for s in score)
        self.multiplier = multiplier
        self.turn_up = None
        self.history = []
        self.log = []
        self.calls: list[tuple[int, Call]] = []
        self.first = (dealer + 1) % HANDS
        # the trick-play fields, until the play starts
        self.hands = list(hands)
        self.n_hands_ = HANDS
        self._next = tuple((s + 1) % HANDS for s in range(HANDS))
        self.sides = each_for_himself(HANDS)
        self.trump = None
        self._trump = -1
        self.leader = self.first
        self.to_move = self.first
        self.trick = []
        self.tricks = []
        self.won = [0] * HANDS
        self.n_tricks = 13
        self._refuse = True
        self._ruff = 0  # follow suit, no must-trump
        self.revokes = []
        self._hooked = True
        self.phase_ = "auction"
        self.contract: Contract | None = None
        self.discards: list[tuple[int, Card]] = []
        self.lead_card: Card | None = None
        """The card that must open the play (troel under ``troel_lead="trump-ace"``)."""
        self.taken = [0] * HANDS
        self._saved: list[tuple[Any, ...]] = []
        self._result: BelgianResult | None = None
        # troel: found from the cards, or given (a rebuilt deal keeps the observed one)
        if troel is True:
            self.troel = _troel_holder(self.hands, options)
        else:
            self.troel = troel if isinstance(troel, int) and not isinstance(troel, bool) else None
        self.auction = BelgianAuction(options, self.grid, self.hands, self.first, self.troel)

    # --- the deal protocol -------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``auction``, ``trump``, ``discard``, ``play`` or ``over``."""
        return "over" if self.to_move is None else self.phase_

    def is_over(self) -> bool:
        """True once the deal is finished (all passed, or the play ended)."""
        return self.to_move is None

    def _end_auction(self) -> None:
        contract = self.auction.contract()
        if contract is None:
            if self.troel is not None and self.auction.best is None:
                self._troel_contract()
            else:
                self._all_passed()
            return
        self.contract = contract
        self.log.append(AuctionEnded(contract.name(), contract.declarers))
        if contract.kind == "small-misere":
            self.phase_ = "discard"
            self.to_move = self.first
            return
        self._begin_play()

    def _all_passed(self) -> None:
        self.contract = None
        self.phase_ = "over"
        self.to_move = None
        self.log.append(AuctionEnded("pass", ()))
        self.log.append(DealScored(self.result()))

    def troel_partner(self) -> int | None:
        """The troel player's partner: the holder of the fourth ace, or with four aces the
        holder of the highest heart the troel player lacks."""
        if self.troel is None:
            return None
        mine = self.dealt[self.troel]
        if mine & ACE_MASK == ACE_MASK:
            for r in range(11, -1, -1):
                c = int(Suit.HEARTS) * 13 + r
                if not mine >> c & 1:
                    return next(h for h in range(HANDS) if self.dealt[h] >> c & 1)
        ace = next(a for a in ACES if not mine >> a & 1)
        return next(h for h in range(HANDS) if self.dealt[h] >> ace & 1)

    def troel_card(self) -> Card | None:
        """The card that makes the troel partner: the fourth ace (or the highest heart)."""
        p = self.troel_partner()
        if p is None or self.troel is None:
            return None
        mine = self.dealt[self.troel]
        if mine & ACE_MASK == ACE_MASK:
            return next(Card(int(Suit.HEARTS) * 13 + r) for r in range(11, -1, -1)
                        if not mine >> (int(Suit.HEARTS) * 13 + r) & 1)
        return next(a for a in ACES if not mine >> a & 1)

    def troel_shown(self) -> dict[int, int]:
        """What playing troel tells everyone, per hand (as dealt): the partner holds the
        card that makes him partner; the troel player the aces and, with four aces, the
        hearts above that card."""
        card = self.troel_card()
        partner = self.troel_partner()
        if card is None or partner is None or self.troel is None:
            return {}
        mine = self.dealt[self.troel]
        above = 0
        if mine & ACE_MASK == ACE_MASK:
            above = sum(1 << c for c in range(card + 1, (card // 13 + 1) * 13))
        return {partner: 1 << card, self.troel: (ACE_MASK | above) & mine}

    def troel_lead_card(self) -> Card | None:
        """The card that must open troel's play under ``troel_lead="trump-ace"`` (Whisthub),
        once trump is named: the trump ace, or, in a four-ace troel with hearts kept, the
        partner's highest heart (the card that made him partner).  None otherwise: the
        partner leads any card."""
        c = self.contract
        if c is None or c.kind != "troel" or c.suit is None or self.troel is None \
                or self.options.troel_lead != "trump-ace":
            return None
        if self.dealt[self.troel] & ACE_MASK == ACE_MASK and c.suit == Suit.HEARTS:
            return self.troel_card()
        return Card(int(c.suit) * 13 + 12)

    def _forced_lead(self) -> Card | None:
        """The card the player to move must lead now (troel's first trick), if any."""
        if self.lead_card is None or self.tricks or self.trick or self.phase_ != "play":
            return None
        return self.lead_card

    def legal_cards(self) -> Sequence[Card]:
        """The cards the player to move may play: the follow rule, and troel's opening
        card where the options name one (``troel_lead``)."""
        lead = self._forced_lead()
        if lead is not None and self.to_move is not None:
            return (lead,)
        return TrickPlay.legal_cards(self)

    def verify_card(self, action: Card | int | str) -> Card:
        """Check that the player to move may play a card now (the follow rule, troel's
        opening card); return it as a :class:`Card`."""
        card = TrickPlay.verify_card(self, action)
        lead = self._forced_lead()
        if lead is not None and card != lead:
            who = seat_name(self.to_move) if self.to_move is not None else "-"
            what = "the trump ace" if lead.rank == 12 else "his highest heart"
            raise IllegalActionError(f"troel: {who} must lead {what}, {lead}, to the first "
                                     f"trick, not {card}")
        return card

    def _troel_contract(self) -> None:
        assert self.troel is not None
        partner = self.troel_partner()
        assert partner is not None
        holders = (self.troel, partner)
        self.contract = Contract("troel", None, None, holders, 8)
        self.log.append(AuctionEnded("troel", holders))
        self.phase_ = "trump"
        self.to_move = partner

    def _begin_play(self) -> None:
        c = self.contract
        assert c is not None
        self.lead_card = self.troel_lead_card()
        if c.kind in ("abondance", "soloslim"):
            leader = c.declarers[0]
        elif self.lead_card is not None:
            leader = next(h for h in range(HANDS) if self.hands[h] >> self.lead_card & 1)
        elif c.kind == "troel":
            leader = c.declarers[1]
        else:
            leader = self.first
        if c.kind in ("pair", "troel"):
            sides = tuple(0 if h in c.declarers else 1 for h in range(HANDS))
        elif len(c.declarers) == 1:
            sides = one_against_three(c.declarers[0], HANDS)
        else:
            sides = each_for_himself(HANDS)
        self.phase_ = "play"
        self._start_play(self.hands, c.suit, leader, sides,
                         n_tricks=self.hands[leader].bit_count())
        self._hooked = True

    # --- acting --------------------------------------------------------------------------

    def legal_actions(self) -> Sequence[Action]:
        """What the player to move may do: calls in the auction, a trump suit (troel
        partner), a card to lay aside (small misère), else the cards he may play."""
        h = self.to_move
        if h is None:
            return ()
        if self.phase_ == "auction":
            return tuple(self.auction.legal_calls(h))
        if self.phase_ == "trump":
            return tuple(Call.make("trump", suit=s) for s in SUITS_HIGH_FIRST)
        if self.phase_ == "discard":
            return tuple(Call.make("discard", card=c) for c in cards_of(self.hands[h]))
        return self.legal_cards()

    def verify_action(self, action: Action | int | str) -> Action:
        """The action, parsed, if it may be taken now; raises
        :class:`IllegalActionError` saying why otherwise."""
        act = parse_action(action) if not isinstance(action, Card | Call) else action
        h = self.to_move
        if h is None:
            raise IllegalActionError(f"the deal is over; {act} cannot be made")
        who = seat_name(h)
        if self.phase_ == "play":
            if isinstance(act, Call):
                raise IllegalActionError(f"{act} cannot be made now: the auction is over and "
                                         f"{who} is to play a card")
            return self.verify_card(act)
        if isinstance(act, Card):
            raise IllegalActionError(f"{act} cannot be played now: it is the {self.phase_} "
                                     f"phase and {who} is to {_PHASE_VERB[self.phase_]}")
        if self.phase_ == "trump":
            if act.kind != "trump":
                raise IllegalActionError(f"{who} is the troel partner and names trump first "
                                         "(trump hearts...)")
            return act
        if self.phase_ == "discard":
            if act.kind != "discard":
                raise IllegalActionError(f"small misère: {who} first lays one card aside (discard 7C)")
            if act.card is None:
                raise IllegalActionError(f"small misère: {who} names the card to lay aside (discard 7C)")
            if not self.hands[h] >> act.card & 1:
                raise IllegalActionError(f"{who} does not hold {act.card}")
            return act
        reason = self.auction.refusal(h, act)
        if reason is not None:
            raise IllegalActionError(f"{who} may not call {act}: {reason}")
        return act

    def apply(self, action: Action | int | str) -> tuple[Any, ...]:
        """Make a call or play a card; returns the events."""
        if self.phase_ == "play" and type(action) is Card and (self.lead_card is None
                                                               or self.tricks):
            return self._play_card(action)
        act = self.verify_action(action)
        if isinstance(act, Card):
            return self._play_card(act)
        return self._call(act)

    def apply_unchecked(self, action: int) -> None:
        """Act without checking (search code and rebuilt deals; pair with :meth:`undo`)."""
        if action >= 52:
            self._call(Call(action))
        else:
            TrickPlay.apply_unchecked(self, action)

    def _save(self) -> tuple[Any, ...]:
        return (self.auction.copy(), self.phase_, self.contract, list(self.discards),
                list(self.hands), self.sides, self.trump, self._trump, self.leader, self.to_move,
                list(self.won), self.n_tricks, len(self.log), list(self.taken), self.lead_card)

    def _restore(self, saved: tuple[Any, ...]) -> None:
        (self.auction, self.phase_, self.contract, self.discards, self.hands, self.sides,
         self.trump, self._trump, self.leader, self.to_move, self.won, self.n_tricks, n_log,
         self.taken, self.lead_card) = saved
        del self.log[n_log:]

    def _call(self, call: Call) -> tuple[Any, ...]:
        h = self.to_move
        assert h is not None
        if call.kind == "accept" and self.phase_ == "auction":
            acc = self.auction.best_accept(h)  # recorded as the pair it makes: "pair 8 hearts"
            assert acc is not None
            call = acc
        self._saved.append(self._save())
        mark = len(self.log)
        self.history.append(call)
        self.calls.append((h, call))
        self.log.append(CallMade(h, call))
        if self.phase_ == "auction":
            speaker = self.auction.make_call(h, call)
            if speaker is None:
                self._end_auction()
            else:
                self.to_move = speaker
        elif self.phase_ == "trump":
            assert self.contract is not None and call.suit is not None
            ace = self.troel_card()
            needed = 8 if ace is not None and ace.suit == call.suit else 9
            self.contract = self.contract._replace(suit=call.suit, needed=needed)
            self._begin_play()
        else:  # discard
            assert call.card is not None
            self.hands[h] ^= 1 << call.card
            self.discards.append((h, call.card))
            if len(self.discards) < HANDS:
                self.to_move = (h + 1) % HANDS
            else:
                self._begin_play()
        return tuple(self.log[mark:])

    def undo(self) -> None:
        """Take back the last action (a call or a card), restoring the state exactly."""
        if not self.history:
            raise IllegalActionError("nothing to undo: no call has been made")
        last = self.history.pop()
        self._result = None
        if isinstance(last, Call):
            self.calls.pop()
            self._restore(self._saved.pop())
            return
        self._undo_card()

    # --- play --------------------------------------------------------------------------

    def _trick_closed(self, trick: Trick) -> bool:
        self.taken[trick.winner] += 1
        return self.options.early_stop and self._settled()

    def _trick_reopened(self, trick: Trick) -> None:
        self.taken[trick.winner] -= 1

    def _settled(self) -> bool:
        """True when no play of the remaining tricks can change anybody's points."""
        c = self.contract
        assert c is not None
        left = self.n_tricks - len(self.tricks)
        entry = self.grid.entry(c.kind, c.level)
        groups = [c.declarers] if not c.exact else [(d,) for d in c.declarers]
        for group in groups:
            taken = sum(self.taken[h] for h in group)
            first = entry.value(taken, c.needed, c.exact)
            for extra in range(1, left + 1):
                if entry.value(taken + extra, c.needed, c.exact) != first:
                    return False
        return True

    def _deal_over(self) -> BelgianResult:
        return self.result()

    def result(self) -> BelgianResult:
        """The scored result of the finished deal."""
        if self.to_move is not None:
            raise IllegalActionError("the deal is not over yet")
        if self._result is None:
            c = self.contract
            if c is None:
                self._result = BelgianResult(None, (), (), (0,) * HANDS, (0,) * HANDS,
                                             self.multiplier, 0)
            else:
                made, points = settle(self.grid, c, self.taken, self.multiplier)
                self._result = BelgianResult(c.name(), c.declarers, made, tuple(self.taken),
                                             points, self.multiplier,
                                             self.n_tricks - len(self.tricks))
        return self._result

    # --- copies, records, where the cards are ------------------------------------------

    def clone(self) -> BelgianState:
        """An independent copy."""
        other = self._clone_as(BelgianState)
        other.calls = list(self.calls)
        other.discards = list(self.discards)
        other.taken = list(self.taken)
        other.auction = self.auction.copy()
        other._saved = list(self._saved)
        return other

    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the state, as a comparable tuple."""
        auction = self.auction.snapshot()
        return (self.options, self.dealer, self.dealt, self.start_score, self.multiplier,
                self.troel, self.phase_, self.contract, tuple(self.discards), tuple(self.calls),
                tuple(self.taken), auction, self.n_tricks, *self._play_snapshot())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BelgianState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def locations(self) -> dict[str, int]:
        """Where every card is: the hands, ``played`` and the small-misère ``discards``."""
        places = super().locations()
        places["discards"] = sum(1 << c for _, c in self.discards)
        return places

    def setup(self) -> dict[str, Any]:
        """How the deal began, for records: dealer, hands as dealt, the score before it and
        its multiplier."""
        names = seat_names(HANDS)
        return {
            "dealer": names[self.dealer],
            "hands": {names[h]: format_hand(self.dealt[h]) for h in range(HANDS)},
            "score_before": list(self.start_score),
            "multiplier": self.multiplier,
        }

    # --- what each player knows ----------------------------------------------------------

    def exposed(self) -> int | None:
        """The open misère declarer whose hand lies face up now, if any."""
        c = self.contract
        if c is None or c.kind != "open-misere" or self.phase_ != "play":
            return None
        if self.options.open_misere == "after-first-trick" and not self.tricks:
            return None
        return c.declarers[0]

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now: its hand, the auction, the contract, an exposed open
        misère hand, the troel partner's ace once troel is played, its own discard."""
        if seat not in range(HANDS):
            raise InvalidActionError(f"no player sits at {seat!r}: seats are 0-3")
        return self._observe(seat)

    def public_observation(self) -> Observation:
        """What an onlooker may know now: the auction (each small-misère discard as
        ``discard``, its card face down), the contract, an exposed open misère hand, the
        troel partner's ace once troel is played, the play so far."""
        return self._observe(None)

    def calls_seen_by(self, seat: int | None) -> tuple[tuple[int, Call], ...]:
        """The calls as ``seat`` (None: an onlooker) saw them: another player's
        small-misère discard is :data:`~openwhist.rules.base.UNSEEN_DISCARD`, its card
        face down."""
        if not self.discards:
            return tuple(self.calls)
        return tuple((h, call) if h == seat or call.kind != "discard" else (h, UNSEEN_DISCARD)
                     for h, call in self.calls)

    def _observe(self, seat: int | None) -> Observation:
        known: dict[int, CardSet] = {}
        open_hands: tuple[int, ...] = ()
        ex = self.exposed()
        if ex is not None and ex != seat:
            known[ex] = CardSet(self.hands[ex])
            open_hands = (ex,)
        c = self.contract
        if c is not None and c.kind == "troel":
            for h, mask in self.troel_shown().items():
                if h != seat and mask & self.hands[h]:
                    known[h] = CardSet(known.get(h, CardSet()).mask | (mask & self.hands[h]))
        own = [card for h, card in self.discards if h == seat]
        a = self.auction
        names = _NAMES
        info: dict[str, Any] = {
            "troel": names[self.troel] if self.troel is not None else None,
            "bid": a.best_text() if a.best is not None or self.troel is not None else None,
            "bidders": [names[h] for h in a.holders],
            "passed": [names[h] for h in range(HANDS) if a.passed[h]],
            "waiting": [names[h] for h in range(HANDS) if a.waiting[h]],
            "proposals": {names[h]: Suit(a.proposal[h]).name.lower() for h in range(HANDS)
                          if a.proposal[h] >= 0},
            "open": {} if c is not None else {names[h]: Suit(s).name.lower()
                                              for h, s in a.open_proposals().items()},
            "troel_aces": [3, 4] if self.options.troel == "three-or-four-aces" else [3],
            "contract": None if c is None else {
                "name": c.name(), "declarers": [names[h] for h in c.declarers],
                "needed": c.needed, "exact": c.exact},
            "discarded": [names[h] for h, _ in self.discards],
            "multiplier": self.multiplier,
        }
        info["facts"] = auction_facts(info, decided=c is not None)
        values = self.deal_fields(
            seat,
            known=known,
            open_hands=open_hands,
            calls=self.calls_seen_by(seat),
            info=info,
            hidden={"discards": len(self.discards) - len(own)},
            shown=CardSet(own),
            contract=None if c is None else c.observed(),
        )
        return Observation.from_fields(values)

    def __str__(self) -> str:
        names = seat_names(HANDS)
        c = self.contract
        lines = [f"dealer {names[self.dealer]}, {self.phase} phase, "
                 f"contract {c.name() if c else '-'}"]
        for h in range(HANDS):
            lines.append(f"{names[h]}: {format_hand(self.hands[h])}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<BelgianState dealer={seat_name(self.dealer)} phase={self.phase} tricks={len(self.tricks)}>"


_PHASE_VERB = {"auction": "call (pass, propose hearts, solo 6 spades...)",
               "trump": "name trump (trump hearts)", "discard": "lay a card aside (discard 7C)"}

def auction_facts(info: Mapping[str, Any], decided: bool) -> list[dict[str, Any]]:
    """What the auction stands at, from an observation's ``info``, as facts a page words
    without knowing the family: each ``{"fact": ..., "say": ..., "values": {...}}``, where
    ``say`` names the text (the page's translation key) and ``values`` fill it in, each
    by its name: ``name`` a seat, ``names`` seats, ``bid`` a call, ``suit`` a suit's letter,
    ``n`` a number.  The troel announced; the highest bid and who holds it, the proposals
    still waiting for a partner and who waits (until the contract is ``decided``); the
    deal's multiplier after an all-pass.

    >>> auction_facts({"troel": "E", "troel_aces": [3], "bid": "troel", "bidders": [],
    ...                "open": {}, "waiting": [], "multiplier": 2}, decided=False)[0]
    {'fact': 'troel', 'say': 'troelBy', 'values': {'name': 'E'}}
    """
    out: list[dict[str, Any]] = []
    if info["troel"]:
        say = "troelBy4" if 4 in info["troel_aces"] else "troelBy"
        out.append({"fact": "troel", "say": say, "values": {"name": info["troel"]}})
    bid, bidders = info["bid"], info["bidders"]
    if bid and bid != "troel" and not decided:
        values: dict[str, Any] = {"bid": bid, "names": list(bidders)} if bidders else {"bid": bid}
        out.append({"fact": "bid", "say": "highBid" if bidders else "highBidNone", "values": values})
    for who, suit in info["open"].items():
        out.append({"fact": "proposal", "say": "proposalOpen",
                    "values": {"name": who, "suit": suit[0].upper()}})
    if not decided and info["waiting"]:
        out.append({"fact": "waiting", "say": "waitingBy", "values": {"names": list(info["waiting"])}})
    if info["multiplier"] > 1:
        out.append({"fact": "multiplier", "say": "multiplied", "values": {"n": info["multiplier"]}})
    return out


def _troel_holder(hands: Sequence[int], options: BelgianOptions) -> int | None:
    for h, m in enumerate(hands):
        aces = (m & ACE_MASK).bit_count()
        if aces == 3 or (aces == 4 and options.troel == "three-or-four-aces"):
            return h
    return None


# --- dealing ---------------------------------------------------------------------------------


def deal_packets(pack: Sequence[int], dealer: int, pattern: str) -> list[int]:
    """The four hands dealt from ``pack`` (top first) in packets (``"4-5-4"``), starting
    on the dealer's left."""
    sizes = [int(x) for x in pattern.split("-")]
    masks = [0] * HANDS
    i = 0
    for size in sizes:
        for k in range(HANDS):
            h = (dealer + 1 + k) % HANDS
            for c in pack[i:i + size]:
                masks[h] |= 1 << c
            i += size
    return masks


def new_belgian_deal(
    options: BelgianOptions,
    seed: int | None = None,
    dealer: int | str = 0,
    hands: Sequence[str | Iterable[Card | int | str]] | None = None,
    turn_up: Card | int | str | None = None,
    score: Sequence[int] = (0, 0, 0, 0),
    multiplier: int = 1,
    pack: Sequence[int] | None = None,
) -> BelgianState:
    """Deal a hand of Belgian whist: from a seed (shuffled, or with ``shuffle=False`` and
    the previous deal's ``pack`` only cut), or from given cards (one hand per seat from the
    dealer's left).  No card is turned up."""
    try:
        dealer = parse_seat(dealer, HANDS)
    except InvalidActionError:
        raise ConfigError(f"dealer must be N, E, S or W (or 0-3), not {dealer!r}") from None
    if turn_up is not None:
        raise ConfigError("Belgian whist turns no card up: trump comes from the auction")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ConfigError(f"a seed is a non-negative whole number, not {seed!r}")
    if len(score) != HANDS:
        raise ConfigError(f"a score has {HANDS} numbers (N, E, S, W), not {len(score)}")
    if hands is None:
        if seed is None:
            import secrets
            seed = secrets.randbits(63)
        if pack is not None and not options.shuffle:
            cut = 4 + seed % 44
            deck = list(pack[cut:]) + list(pack[:cut])
        else:
            deck = list(shuffled_deck(seed))
        masks = deal_packets(deck, dealer, options.deal_pattern)
    else:
        if len(hands) != HANDS:
            raise ConfigError(f"give {HANDS} hands (from the dealer's left), not {len(hands)}")
        masks = [0] * HANDS
        seen = 0
        for i, h in enumerate(hands):
            cards = given_cards(h)
            if len(cards) != 13:
                raise ConfigError(f"each hand holds 13 cards, not {len(cards)}")
            for c in cards:
                if seen >> c & 1:
                    raise ConfigError(f"{c} is given twice")
                seen |= 1 << c
            masks[(dealer + 1 + i) % HANDS] = sum(1 << c for c in cards)
    return BelgianState(masks, dealer, options, seed=seed, score=score, multiplier=multiplier)


# --- records and sampling ------------------------------------------------------------------------


def from_setup(options: BelgianOptions, setup: Mapping[str, Any]) -> BelgianState:
    """The deal that :meth:`BelgianState.setup` describes, before any call."""
    names = seat_names(HANDS)
    dealer = parse_seat(setup["dealer"], HANDS)
    masks = [parse_hand(setup["hands"][names[h]]) for h in range(HANDS)]
    score = setup.get("score_before", (0, 0, 0, 0))
    return BelgianState(masks, dealer, options, score=tuple(int(s) for s in score),
                        multiplier=int(setup.get("multiplier", 1)))


def rebuild(obs: Observation, hands: Sequence[int],
            hidden: Mapping[str, Sequence[int]] | None = None) -> BelgianState:
    """A full deal consistent with ``obs``: ``hands`` are the cards each hand holds now,
    ``hidden["discards"]`` the other players' small-misère discards (sampled); the troel
    announced is kept as observed and the calls and cards so far are replayed."""
    played = [0] * HANDS
    cards_played: list[Card] = []
    for t in obs.tricks:
        for i, c in enumerate(t.cards):
            played[(t.leader + i) % HANDS] |= 1 << c
            cards_played.append(c)
    for h, c in obs.trick:
        played[h] |= 1 << c
        cards_played.append(c)
    discards = [0] * HANDS
    laid: dict[int, Call] = {}  # hand -> its discard, the unseen ones sampled
    others = iter((hidden or {}).get("discards", ()))
    own = list(obs.shown)
    for name in obs.info.get("discarded", []):
        h = parse_seat(name, HANDS)
        card = own[0] if h == obs.seat and own else Card(next(others))
        discards[h] |= 1 << card
        laid[h] = Call.make("discard", card=card)
    dealt = [hands[h] | played[h] | discards[h] for h in range(HANDS)]
    troel = obs.info.get("troel")
    state = BelgianState(dealt, obs.dealer, obs.options, score=obs.score,
                         multiplier=int(obs.info.get("multiplier", 1)),
                         troel=parse_seat(troel, HANDS) if troel is not None else None)
    for h, call in obs.calls:
        state.apply_unchecked(laid[h] if call.kind == "discard" else call)
    for c in cards_played:
        state.apply_unchecked(c)
    return state
