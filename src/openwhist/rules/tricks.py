"""What every trick-taking variant shares: following suit, who wins a trick, trick play.

The functions work on plain ints (cards ``0..51``, hands as 52-bit masks) so that rules
states and search code can share them.  :class:`TrickPlay` is the one trick-play
component: the hands, the current trick, trick closing and the undo of cards, for 2 to 6
hands and any seat -> side map, under either play rule of rules.md §0.4 (follow suit; follow
suit, else trump).  Every family's state is built on it and adds only its
own phases (a stock, an auction, a discard) and its scoring.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final, NamedTuple, TypeVar, final

from mypy_extensions import mypyc_attr

from openwhist.cards import SUIT_MASKS, Card, CardSet, Suit
from openwhist.errors import IllegalActionError, InvalidActionError
from openwhist.rules.seats import seat_name

__all__ = [
    "CARD_TEXTS",
    "NO_TRUMP",
    "SUIT_CARDS",
    "CardPlayed",
    "DealScored",
    "Trick",
    "TrickPlay",
    "TrickWon",
    "cards_of",
    "legal_mask",
    "trick_winner",
    "shown_voids",
]

NO_TRUMP: Final = -1
"""The value of ``trump`` in a deal played without trumps."""

SUIT_CARDS: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
    tuple(tuple(Card(s * 13 + r) for r in range(13) if m >> r & 1) for m in range(1 << 13))
    for s in range(4)
)
"""``SUIT_CARDS[suit][bits]``: the cards of a suit whose 13-bit field is ``bits``, low first."""

CARD_TEXTS: Final[tuple[str, ...]] = tuple(str(Card(c)) for c in range(52))
"""``CARD_TEXTS[card]``: the text of each card (``str(card)``), for the JSON forms."""


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask as a list, clubs first, low to high within each suit."""
    t = SUIT_CARDS
    return [
        *t[0][mask & 0x1FFF],
        *t[1][mask >> 13 & 0x1FFF],
        *t[2][mask >> 26 & 0x1FFF],
        *t[3][mask >> 39 & 0x1FFF],
    ]


def legal_mask(hand: int, led_suit: int) -> int:
    """The cards of ``hand`` that may be played when ``led_suit`` was led (-1: leading).

    This is the FOLLOW rule (rules.md §0.4), the only one in the whist family: a card of
    the suit led if the hand has one, any card otherwise.  Everything that needs it (the
    rules' legal actions, the solver's positions) calls this function.
    """
    if led_suit < 0:
        return hand
    follow = hand & SUIT_MASKS[led_suit]
    return follow if follow else hand


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """The index in ``cards`` (in playing order) of the card that wins the trick.

    The highest trump wins if any trump was played, otherwise the highest card of the
    suit led; a card of a third suit never wins.
    """
    best = 0
    best_card = cards[0]
    best_suit = best_card // 13
    for i in range(1, len(cards)):
        c = cards[i]
        s = c // 13
        if s == best_suit:
            if c > best_card:
                best, best_card = i, c
        elif s == trump:
            best, best_card, best_suit = i, c, s
    return best


class Trick(NamedTuple):
    """A completed trick: who led, the cards in playing order, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seat_of(self, index: int, n_seats: int = 4) -> int:
        """The seat that played ``cards[index]``."""
        return (self.leader + index) % n_seats


def shown_voids(tricks: Sequence[Trick], current: Sequence[tuple[int, Card]] = (),
                n_seats: int = 4) -> dict[int, set[Suit]]:
    """The suits each seat has shown it lacks, by failing to follow suit.

    ``current`` is the unfinished trick as ``(seat, card)`` pairs.
    """
    voids: dict[int, set[Suit]] = {s: set() for s in range(n_seats)}
    plays: list[list[tuple[int, Card]]] = [
        [(t.seat_of(i, n_seats), c) for i, c in enumerate(t.cards)] for t in tricks
    ]
    if current:
        plays.append(list(current))
    for trick in plays:
        led = trick[0][1].suit
        for seat, card in trick[1:]:
            if card.suit != led:
                voids[seat].add(led)
    return voids


class CardPlayed(NamedTuple):
    """Event: ``seat`` (a hand) played ``card``."""

    seat: int
    card: Card


class TrickWon(NamedTuple):
    """Event: trick number ``number`` (1-based) is complete."""

    number: int
    trick: Trick


class DealScored(NamedTuple):
    """Event: the deal is over and scored (``result`` is the variant's result record)."""

    result: Any


_PLAYED: Final[tuple[tuple[CardPlayed, ...], ...]] = tuple(
    tuple(CardPlayed(seat, Card(c)) for c in range(52)) for seat in range(6))
_PLAYED_1: Final[tuple[tuple[tuple[CardPlayed], ...], ...]] = tuple(
    tuple((e,) for e in row) for row in _PLAYED)

_FOLLOW: Final[tuple[int, ...]] = tuple(SUIT_MASKS[c // 13] for c in range(52))
"""``_FOLLOW[card]``: the mask of the suit of ``card`` (what a hand must follow when it is led)."""

_WIN_KEYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple((3 if c // 13 == trump else 2 if c // 13 == led else 1) << 12 | c % 13 << 6 | c
                for c in range(52)) for led in range(4))
    for trump in (0, 1, 2, 3, NO_TRUMP))
"""``_WIN_KEYS[trump][led][card]``: a key whose greatest wins the trick, the card in its low 6
bits (trump -1, no trump, is the last row): trumps over the suit led over the rest, then rank."""

_SUIT_OF: Final[tuple[int, ...]] = tuple(c // 13 for c in range(52))
_LED: Final[tuple[tuple[int, tuple[tuple[Card, ...], ...]], ...]] = tuple(
    (13 * (c // 13), SUIT_CARDS[c // 13]) for c in range(52))
"""``_LED[card]``: where the suit of ``card`` lies in a hand mask, and its cards by their bits."""

_NEXT: Final[dict[int, tuple[int, ...]]] = {n: tuple((h + 1) % n for h in range(n)) for n in range(2, 7)}
"""``_NEXT[n][h]``: the hand after ``h`` of ``n``, clockwise."""

_new_tuple: Final = tuple.__new__
# the classes each card or trick makes or checks, as constants (compiled, a name is looked up
# in the module's namespace on each use; a constant is not)
_CARD: Final = Card
_TRICK: Final = Trick
_TRICK_WON: Final = TrickWon
_DEAL_SCORED: Final = DealScored


_State = TypeVar("_State", bound="TrickPlay")

_PLAY_FIELDS: Final = (
    "_hooked", "_next", "_played_memo", "_refuse", "_ruff", "_trump", "hands", "history", "leader", "log",
    "n_hands_", "n_tricks", "revokes", "sides", "to_move", "trick", "tricks", "trump", "won")
"""The fields of :class:`TrickPlay` (its slots)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class TrickPlay:
    """The trick-play component: hands, the current trick, tricks, undo of cards.

    A family's state derives from it and calls :meth:`_start_play` once the cards are
    dealt and trump and the leader are known.  Hands are numbered ``0..n-1`` clockwise;
    ``sides[h]`` is the side of hand ``h`` (fixed partners ``(0, 1, 0, 1)``, a solo
    ``(0, 1, 1, 1)``, each for himself ``(0, 1, 2, 3)``); ``won[side]`` counts tricks.

    The play rule is FOLLOW (rules.md §0.4), or with ``must_trump`` FOLLOW_THEN_TRUMP: a
    hand void in the suit led must play a trump if it holds one (Romanian whist).

    ``revokes="refuse"`` (the default) refuses a card that breaks the follow rule;
    with ``refuse=False`` any card of the hand may be played and each revoke is noted in
    :attr:`revokes` as ``(hand, trick number)`` for the family to penalise.

    Hooks for the family, each called once per trick: :meth:`_trick_closed` after a trick
    is complete (a German draw, an early end), :meth:`_trick_reopened` when
    :meth:`_undo_card` takes the trick back, and :meth:`_deal_over` for the result.

    The trick-play fields are slots: each card reads and writes them, and a slot stays as
    fast however the object's ``__dict__`` (a family's own fields) has been used.
    """

    __slots__ = _PLAY_FIELDS

    hands: list[int]
    sides: tuple[int, ...]
    trump: Suit | None
    leader: int
    to_move: int | None
    trick: list[Card]
    tricks: list[Trick]
    won: list[int]
    history: list[Any]
    log: list[Any]
    revokes: list[tuple[int, int]]
    n_tricks: int
    n_hands_: int
    _next: tuple[int, ...]
    _trump: int
    _refuse: bool
    _ruff: int
    _hooked: bool
    _played_memo: tuple[int, Trick | None, int] | None

    players_at_table: ClassVar[int] = 4
    """Seats at the table; a family where each player plays his own hand sets it."""

    # --- the deal protocol, for families where each player plays his own hand -----------

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.players_at_table

    @property
    def n_hands(self) -> int:
        """Hands dealt: one per player."""
        return self.players_at_table

    @property
    def seats(self) -> tuple[int, ...]:
        """Every hand has a player."""
        return tuple(range(self.players_at_table))

    def controller(self, hand: int) -> int:
        """Each player plays his own hand."""
        return hand

    def is_over(self) -> bool:
        """True once the deal is finished."""
        return self.to_move is None

    def can_apply(self, action: Any) -> bool:
        """True if ``apply`` would accept the action (never raises)."""
        try:
            self.verify_action(action)  # type: ignore[attr-defined]
        except (IllegalActionError, InvalidActionError):
            return False
        return True

    def _start_play(self, hands: Sequence[int], trump: Suit | None, leader: int,
                    sides: Sequence[int], refuse: bool = True, n_tricks: int | None = None,
                    must_trump: bool = False) -> None:
        n = len(hands)
        if not 2 <= n <= 6:
            raise InvalidActionError(f"trick play needs 2 to 6 hands, not {n}")
        self.hands = list(hands)
        self.n_hands_ = n
        self._next = _NEXT[n]
        self.sides = tuple(sides)
        self.trump = trump
        self._trump = int(trump) if trump is not None else NO_TRUMP
        self.leader = leader
        self.to_move = leader
        self.trick = []
        self.tricks = []
        self.won = [0] * (max(self.sides) + 1)
        self.n_tricks = hands[leader].bit_count() if n_tricks is None else n_tricks
        self._refuse = refuse
        # the trumps a hand void in the suit led must play (none under the FOLLOW rule)
        self._ruff = SUIT_MASKS[int(trump)] if must_trump and trump is not None else 0
        self.revokes = []
        # the hook is called only where a family has one (classic whist has none): a call
        # per trick saved on the hot path of random play-outs
        self._hooked = type(self)._trick_closed is not TrickPlay._trick_closed

    # --- reading ----------------------------------------------------------------------

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the current trick, if a card has been led."""
        return self.trick[0].suit if self.trick else None

    def trick_seats(self) -> list[int]:
        """The hands that have played to the current trick, in order."""
        n = self.n_hands_
        return [(self.leader + i) % n for i in range(len(self.trick))]

    def played_mask(self) -> int:
        """The cards played so far, as a mask."""
        m = 0
        for t in self.tricks:
            for c in t.cards:
                m |= 1 << c
        for c in self.trick:
            m |= 1 << c
        return m

    def locations(self) -> dict[str, int]:
        """Where every card of the deal is, as masks: each hand (by its letter) and
        ``"played"``; a family adds its own places (a stock, discards).  The masks are
        disjoint and together hold every card dealt."""
        n = self.n_hands_
        places = {seat_name(h, n): self.hands[h] for h in range(n)}
        places["played"] = self.played_mask()
        return places

    def play_fields(self, seat: int | None) -> dict[str, Any]:
        """The observation's fields that trick play decides, as ``seat`` sees them: its own
        hand (none for the public view, ``seat`` None), the hand sizes, the sides, trump,
        the leader, the current trick, the tricks, tricks won per side and the cards
        played.  A family adds its own fields."""
        hands = self.hands
        trick = self.trick
        leader = self.leader
        n = self.n_hands_
        return {
            "hand": CardSet(hands[seat]) if seat is not None else CardSet(),
            "hand_sizes": tuple([h.bit_count() for h in hands]),
            "sides": self.sides,
            "trump": self.trump,
            "leader": leader,
            "trick": tuple([((leader + i) % n, c) for i, c in enumerate(trick)]),
            "tricks": tuple(self.tricks),
            "tricks_won": tuple(self.won),
            "played": CardSet(self._played_now()),
        }

    def deal_fields(self, seat: int | None, **family: Any) -> dict[str, Any]:
        """Every field of ``seat``'s observation that the deal protocol fills the same way in
        each family: :meth:`play_fields`, and the variant, its options, the seat and the
        hands it plays (its own), the dealer, phase, hand to move and the seat acting for it
        (the same), what the seat may do now (the legal actions, on its turn), no turn-up
        and the score before the deal.  ``family`` adds a family's fields or replaces these
        (Dummy whist's controls and actor)."""
        values = self.play_fields(seat)
        to_move = self.to_move
        deal: Any = self
        values.update(variant=deal.variant, options=deal.options, seat=seat,
                      controls=() if seat is None else (seat,), dealer=deal.dealer,
                      phase=deal.phase, to_move=to_move, actor=to_move, turn_up=None,
                      score=deal.start_score)
        if "legal" not in family:
            values["legal"] = (tuple(deal.legal_actions()) if seat is not None and to_move == seat
                               else ())
        values.update(family)
        return values

    def _played_now(self) -> int:
        """:meth:`played_mask`, the closed tricks' part kept from the last call while the
        tricks are the same (as many, the last one the same object: an undone trick is
        closed again as a new one)."""
        tricks = self.tricks
        count = len(tricks)
        last = tricks[-1] if count else None
        memo: tuple[int, Trick | None, int] | None = getattr(self, "_played_memo", None)
        if memo is not None and memo[0] == count and memo[1] is last:
            mask = memo[2]
        else:
            mask = 0
            for t in tricks:
                for c in t.cards:
                    mask |= 1 << c
            self._played_memo = (count, last, mask)
        for c in self.trick:
            mask |= 1 << c
        return mask

    def legal_cards(self) -> Sequence[Card]:
        """The cards the hand to move may play: every card with revokes allowed, else
        the follow rule (:func:`legal_mask`), and a trump when void where trumping is a
        must."""
        seat = self.to_move
        if seat is None:
            return ()
        hand = self.hands[seat]
        trick = self.trick
        if trick and self._refuse:
            shift, cards = _LED[trick[0]]
            follow = hand >> shift & 0x1FFF
            if follow:
                return cards[follow]
            if hand & self._ruff:
                hand &= self._ruff
        t = SUIT_CARDS
        return [*t[0][hand & 0x1FFF], *t[1][hand >> 13 & 0x1FFF], *t[2][hand >> 26 & 0x1FFF],
                *t[3][hand >> 39]]

    def proper_cards(self) -> Sequence[Card]:
        """The cards that follow suit (differs from :meth:`legal_cards` only where
        revokes are allowed, which makes a revoke possible but improper)."""
        if self._refuse or self.to_move is None:
            return self.legal_cards()
        return cards_of(legal_mask(self.hands[self.to_move], self.trick[0] // 13 if self.trick else -1))

    def verify_card(self, action: Card | int | str) -> Card:
        """Check that the hand to move may play a card now; return it as a :class:`Card`."""
        if not isinstance(action, str) and isinstance(action, int) and action >= 52:
            raise IllegalActionError(f"{action} cannot be made now: a card is to be played")
        card = Card.parse(action) if isinstance(action, str) else Card(action)
        if self.to_move is None:
            raise IllegalActionError(f"the deal is over; {card} cannot be played")
        seat = self.to_move
        n = self.n_hands_
        hand = self.hands[seat]
        who = seat_name(seat, n)
        if not hand >> card & 1:
            owner = next((s for s in range(n) if self.hands[s] >> card & 1), None)
            if owner is None and self._card_gone(card):
                raise IllegalActionError(f"{card} has already been played")
            raise IllegalActionError(f"it is {who}'s turn and {who} does not hold {card}")
        if self.trick and self._refuse:
            led = self.trick[0].suit
            if card.suit != led and hand & SUIT_MASKS[led]:
                raise IllegalActionError(f"{who} must follow {led.name.lower()}: {card} is a revoke")
            ruff = self._ruff
            if ruff and not hand & SUIT_MASKS[led] and hand & ruff and not ruff >> card & 1:
                trump = self.trump
                assert trump is not None
                raise IllegalActionError(f"{who} has no {led.name.lower()} and must trump: "
                                         f"{card} is not a {trump.name.lower()[:-1]}")
        return card

    def _card_gone(self, card: int) -> bool:
        return bool(self.played_mask() >> card & 1)

    # --- playing ----------------------------------------------------------------------

    def _play_card(self, action: Card | int | str) -> tuple[Any, ...]:
        """Play a card for the hand to move, checked; returns the events."""
        seat = self.to_move
        if seat is None or type(action) is not _CARD:
            action = self.verify_card(action)
            seat = self.to_move
            assert seat is not None
        card: int = action  # (compiled: the card as a machine int)
        hands = self.hands
        hand: int = hands[seat]
        trick = self.trick
        if trick:
            # the cards it may play: the suit led if it holds one, else any
            if not ((hand & _FOLLOW[trick[0]]) or (hand & self._ruff) or hand) >> card & 1:
                self._irregular(seat, hand, action)
        elif not hand >> card & 1:
            self.verify_card(action)
        hands[seat] = hand ^ 1 << card
        trick.append(action)
        self.history.append(action)
        after = self._next[seat]
        if after != self.leader:  # the trick goes on
            self.to_move = after
            events = _PLAYED_1[seat][card]
            self.log.append(events[0])
            return events
        played = _PLAYED[seat][card]
        log = self.log
        if self._hooked:
            mark = len(log)
            log.append(played)
            self._close_trick()
            return tuple(log[mark:])
        # the trick is complete (no hook): its events are made here
        done = self._take_trick(trick)
        tricks = self.tricks
        won = _new_tuple(_TRICK_WON, (len(tricks), done))
        log.append(played)
        log.append(won)
        if len(tricks) < self.n_tricks:
            return (played, won)
        self.to_move = None
        scored = _new_tuple(_DEAL_SCORED, (self._deal_over(),))
        log.append(scored)
        return (played, won, scored)

    @final
    def _irregular(self, seat: int, hand: int, card: Card) -> None:
        """A card outside the follow rule: refused (the error says why), or, where revokes
        are allowed, a card of the hand that fails to follow, noted as a revoke."""
        if self._refuse or not hand >> card & 1:
            self.verify_card(card)
            raise IllegalActionError(f"{card} cannot be played now")  # pragma: no cover
        self.revokes.append((seat, len(self.tricks) + 1))

    def apply_unchecked(self, card: int) -> None:
        """Play a card without checking it (for search code; pair with ``undo``)."""
        seat = self.to_move
        assert seat is not None
        action = Card(card)  # (a Card, kept as one: compiled, an int is a machine int)
        trick = self.trick
        hand = self.hands[seat]
        if trick and card // 13 != trick[0] // 13 and hand & _FOLLOW[trick[0]]:
            self.revokes.append((seat, len(self.tricks) + 1))
        self.hands[seat] = hand ^ 1 << card
        trick.append(action)
        self.history.append(action)
        self.log.append(_PLAYED[seat][card])
        if len(trick) < self.n_hands_:
            self.to_move = self._next[seat]
        else:
            self._close_trick()

    @final
    def _take_trick(self, trick: list[Card]) -> Trick:
        """Close the complete ``trick``: its winner takes it and leads next."""
        leader = self.leader
        keys = _WIN_KEYS[self._trump][_SUIT_OF[trick[0]]]
        n = self.n_hands_
        if n == 4:
            ka: int = keys[trick[0]]
            kb: int = keys[trick[1]]
            kc: int = keys[trick[2]]
            kd: int = keys[trick[3]]
            if ka > kb and ka > kc and ka > kd:
                winner = leader
            elif kb > kc and kb > kd:
                winner = leader + 1
            elif kc > kd:
                winner = leader + 2
            else:
                winner = leader + 3
            if winner >= 4:
                winner -= 4
        else:
            best = max([keys[c] for c in trick]) & 63
            winner = (leader + trick.index(best)) % n  # type: ignore[arg-type]  # an int finds its card
        done: Trick = _new_tuple(_TRICK, (leader, tuple(trick), winner))
        self.tricks.append(done)
        self.won[self.sides[winner]] += 1
        self.trick = []
        self.leader = winner
        self.to_move = winner
        return done

    def _close_trick(self) -> None:
        done = self._take_trick(self.trick)
        tricks = self.tricks
        self.log.append(_new_tuple(TrickWon, (len(tricks), done)))
        if (self._hooked and self._trick_closed(done)) or len(tricks) == self.n_tricks:
            self.to_move = None
            self.log.append(_new_tuple(DealScored, (self._deal_over(),)))

    def _trick_closed(self, trick: Trick) -> bool:
        """Hook: a trick is complete (leader and ``to_move`` are its winner).  Return True
        to end the deal here (play stopped once the outcome is certain)."""
        return False

    def _trick_reopened(self, trick: Trick) -> None:
        """Hook: :meth:`_undo_card` is taking back the last card of ``trick``."""

    def _deal_over(self) -> Any:
        """Hook: the deal is over; return its scored result."""
        raise NotImplementedError

    def _undo_card(self) -> None:
        """Take back the last card played, restoring the trick-play state exactly (the
        caller has popped it from ``history``)."""
        log = self.log
        while type(log.pop()) is not CardPlayed:
            pass
        if not self.trick:
            done = self.tricks.pop()
            self._trick_reopened(done)
            self.won[self.sides[done.winner]] -= 1
            self.leader = done.leader
            self.trick = list(done.cards)
        card = self.trick.pop()
        seat = (self.leader + len(self.trick)) % self.n_hands_
        self.hands[seat] |= 1 << card
        self.to_move = seat
        if self.revokes and self.revokes[-1] == (seat, len(self.tricks) + 1):
            self.revokes.pop()

    def _clone_as(self, cls: type[_State]) -> _State:
        """A copy of this state as a new ``cls`` object: the family's fields (set one by one,
        so that the copy keeps Python's compact attribute values, on which method calls are
        looked up fastest) and the trick-play fields (:meth:`_copy_play`).  The family
        copies its own mutable fields."""
        other = cls.__new__(cls)
        for name, value in self.__dict__.items():
            setattr(other, name, value)
        self._copy_play(other)
        return other

    def _copy_play(self, other: TrickPlay) -> None:
        """Give ``other`` (a copy of this state's ``__dict__``) the trick-play fields (the
        slots), with its own mutable lists."""
        other.n_hands_ = self.n_hands_
        other._next = self._next
        other.sides = self.sides
        other.trump = self.trump
        other._trump = self._trump
        other.leader = self.leader
        other.to_move = self.to_move
        other.n_tricks = self.n_tricks
        other._refuse = self._refuse
        other._ruff = self._ruff
        other._hooked = self._hooked
        other.hands = list(self.hands)
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.won = list(self.won)
        other.history = list(self.history)
        other.log = list(self.log)
        other.revokes = list(self.revokes)

    def __getstate__(self) -> dict[str, Any]:
        """The state's fields for pickle and copy: the trick-play slots and the family's own
        (compiled, the slots are not in the object's ``__dict__``, nor found by default)."""
        fields = dict(getattr(self, "__dict__", {}))
        for name in _PLAY_FIELDS:
            if hasattr(self, name):
                fields[name] = getattr(self, name)
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        """Restore the fields :meth:`__getstate__` gave."""
        for name, value in fields.items():
            setattr(self, name, value)

    def _play_snapshot(self) -> tuple[object, ...]:
        return (tuple(self.hands), self.sides, self.trump, self.leader, self.to_move,
                tuple(self.trick), tuple(self.tricks), tuple(self.won), tuple(self.history),
                tuple(self.log), tuple(self.revokes))
