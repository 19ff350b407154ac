"""Classic whist: English short and long whist, American and no-trump whist, Dummy whist.

Four hands of 13 cards, partners opposite (hands 0 and 2 against 1 and 3); the dealer's
last card is turned up and fixes trump; the player left of the dealer leads; follow suit;
13 tricks.  A side scores a point per trick over six (the book), honours for A K Q J of
trumps held as dealt, and the options below change the rest.

>>> from openwhist import new_deal
>>> deal = new_deal("classic", seed=7)
>>> deal.to_move, str(deal.turn_up), deal.trump
(1, 'KC', <Suit.CLUBS: 0>)
>>> events = deal.apply(deal.legal_actions()[0])
>>> deal.undo(); len(deal.history)
0
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Literal, NamedTuple

from openwhist.cards import SUIT_MASKS, Card, CardSet, Rank, Suit, format_hand, parse_hand, shuffled_deck
from openwhist.errors import ConfigError, IllegalActionError, InvalidActionError
from openwhist.rules.tricks import (
    NO_TRUMP,
    SUIT_CARDS,
    Trick,
    cards_of,
    legal_mask,
    shown_voids,
    trick_winner,
)

__all__ = [
    "PRESETS",
    "SEAT_NAMES",
    "CardPlayed",
    "ClassicOptions",
    "ClassicState",
    "DealResult",
    "DealScored",
    "Observation",
    "TrickWon",
    "score_deal",
]

SEAT_NAMES = ("N", "E", "S", "W")
SIDE_NAMES = ("NS", "EW")
_HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)


@dataclass(frozen=True)
class ClassicOptions:
    """Every option of the classic whist rule books, with the laws' defaults (short whist).

    :param trump: ``"turn-up"`` (the dealer's last card fixes trump) or ``"none"``
        (no-trump whist; no card is turned).
    :param honours: score honours (4 held by a side: 4 points, 3: 2 points).
    :param target: points that win a game: 5 short whist, 10 long, 7 American, or any.
    :param honours_barred_one_short: a side one point short of game at the start of the
        deal cannot score honours ("not at 4" in short whist, "none at 9" in long whist).
    :param slam_bonus: extra points for a side that takes all 13 tricks.
    :param game_values: ``"laws"``: a game won is worth 3 (treble) if the losers had 0,
        2 (double) if they had less than ``single_from``, 1 (single) otherwise;
        ``"points"``: a game is worth the points scored in it (seed 000's "total points").
    :param single_from: losers' score from which a game is single (default: half the
        target rounded up: 3 at 5 points, 5 at 10).
    :param rubber_bonus: points added for winning a rubber.
    :param rubber_bonus_rule: ``"always"`` (laws: 2-0 or 2-1) or ``"two-nil"`` (seed 000).
    :param revokes: ``"refuse"``: an illegal card is refused; ``"penalty"``: any card of
        the hand may be played, revokes are found when the deal ends and penalised.
    :param revoke_penalty: per revoke, the non-offenders take 3 tricks (``"tricks"``),
        add 3 points (``"points"``), or the better of the two for them (``"best"``).
    :param dummy: the hand (0-3) that is an exposed dummy, played by the partner opposite
        (Dummy whist for three players); ``None`` for four players.
    """

    trump: Literal["turn-up", "none"] = "turn-up"
    honours: bool = True
    target: int = 5
    honours_barred_one_short: bool = True
    slam_bonus: int = 0
    game_values: Literal["laws", "points"] = "laws"
    single_from: int | None = None
    rubber_bonus: int = 2
    rubber_bonus_rule: Literal["always", "two-nil"] = "always"
    revokes: Literal["refuse", "penalty"] = "refuse"
    revoke_penalty: Literal["best", "tricks", "points"] = "best"
    dummy: int | None = None

    def __post_init__(self) -> None:
        choices: dict[str, tuple[object, ...]] = {
            "trump": ("turn-up", "none"),
            "game_values": ("laws", "points"),
            "rubber_bonus_rule": ("always", "two-nil"),
            "revokes": ("refuse", "penalty"),
            "revoke_penalty": ("best", "tricks", "points"),
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise ConfigError(f"{name} must be one of {', '.join(map(str, allowed))}, "
                                  f"not {getattr(self, name)!r}")
        for name in ("target", "slam_bonus", "rubber_bonus"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ConfigError(f"{name} must be a non-negative whole number, not {value!r}")
        if self.target < 1:
            raise ConfigError("target must be at least 1 point")
        if self.single_from is not None and not 0 < self.single_from <= self.target:
            raise ConfigError(f"single_from must lie in 1..target, not {self.single_from!r}")
        if self.dummy is not None and self.dummy not in (0, 1, 2, 3):
            raise ConfigError(f"dummy must be a hand 0-3 or None, not {self.dummy!r}")
        if self.trump == "none" and self.honours:
            raise ConfigError("honours need a trump suit: use honours=False with trump='none'")

    @property
    def game_single_from(self) -> int:
        """Losers' score from which a won game counts single."""
        return self.single_from if self.single_from is not None else math.ceil(self.target / 2)

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain dict (for records)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClassicOptions:
        """Options from a dict; unknown keys raise :class:`ConfigError`."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ConfigError(f"unknown option(s) {', '.join(sorted(unknown))}; "
                              f"known: {', '.join(sorted(known))}")
        return cls(**data)


PRESETS: dict[str, ClassicOptions] = {
    "english-short": ClassicOptions(),
    "english-long": ClassicOptions(target=10),
    "american": ClassicOptions(honours=False, target=7),
    "no-trump": ClassicOptions(trump="none", honours=False),
    "seed-000": ClassicOptions(target=9, game_values="points", rubber_bonus_rule="two-nil"),
    "danish": ClassicOptions(honours=False),
}
"""Named option sets: the laws of short and long whist, American whist (no honours, game
7), no-trump whist, the Dutch rule book (seed 000: long game 9, total points, rubber bonus
only for 2-0) and the Danish one (seed 002: game 5, honours left out as most play)."""


class CardPlayed(NamedTuple):
    """Event: ``seat`` played ``card``."""

    seat: int
    card: Card


class TrickWon(NamedTuple):
    """Event: trick number ``number`` (1-based) is complete."""

    number: int
    trick: Trick


class DealResult(NamedTuple):
    """The score of one deal, per side (0: hands 0 and 2, 1: hands 1 and 3).

    ``points`` is what each side adds to its game score this deal after the order of
    precedence (revoke penalty, tricks, honours): once a side reaches the target, later
    items of the same deal do not count.
    """

    tricks: tuple[int, int]
    trick_points: tuple[int, int]
    honours_held: tuple[int, int]
    honours_points: tuple[int, int]
    slam_points: tuple[int, int]
    revokes: tuple[tuple[int, int], ...]
    penalty_points: tuple[int, int]
    penalty_tricks: tuple[int, int]
    points: tuple[int, int]
    game_winner: int | None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict."""
        d = self._asdict()
        d["revokes"] = [list(r) for r in self.revokes]
        return {k: list(v) if isinstance(v, tuple) else v for k, v in d.items()}


class DealScored(NamedTuple):
    """Event: the deal is over and scored."""

    result: DealResult


Event = CardPlayed | TrickWon | DealScored

_PLAYED: tuple[tuple[CardPlayed, ...], ...] = tuple(
    tuple(CardPlayed(seat, Card(c)) for c in range(52)) for seat in range(4))
_PLAYED_1: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple((e,) for e in row) for row in _PLAYED)


@dataclass(frozen=True)
class Observation:
    """What one seat may know at one moment: the only view bots and clients receive.

    ``seat`` is the observer; ``controls`` the hands it plays (its own, and the dummy for
    the dummy's partner).  ``known`` holds cards of other hands that are public: an exposed
    dummy, and the turned-up card while it is still in the dealer's hand.
    """

    variant: str
    options: ClassicOptions
    seat: int
    controls: tuple[int, ...]
    dealer: int
    trump: Suit | None
    turn_up: Card | None
    hand: CardSet
    known: dict[int, CardSet]
    hand_sizes: tuple[int, int, int, int]
    to_move: int | None
    legal: tuple[Card, ...]
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int]
    score: tuple[int, int]
    played: CardSet = field(default_factory=CardSet)

    @property
    def side(self) -> int:
        """The observer's side: 0 (hands 0 and 2) or 1 (hands 1 and 3)."""
        return self.seat % 2

    def voids(self) -> dict[int, set[Suit]]:
        """Suits each hand has shown it lacks."""
        return shown_voids(self.tricks, self.trick)

    def unseen(self) -> CardSet:
        """Cards the observer has not seen: not in its hands, not public, not played."""
        seen = self.played.mask
        for s in self.controls:
            seen |= self.known.get(s, CardSet()).mask
        seen |= self.hand.mask
        for cs in self.known.values():
            seen |= cs.mask
        return CardSet(((1 << 52) - 1) & ~seen)


class ClassicState:
    """One deal of classic whist: the rules state every front end and bot drives.

    The surface is shared by all variants: :attr:`to_move`, :meth:`legal_actions`,
    :meth:`apply`, :meth:`undo`, :meth:`is_over`, :meth:`result`, :meth:`observation`,
    :meth:`clone`.  Hands are numbered 0-3 clockwise (N, E, S, W); sides are 0 (N-S) and
    1 (E-W).  Use :func:`openwhist.new_deal` to make one.
    """

    variant = "classic"

    def __init__(
        self,
        hands: Sequence[int],
        dealer: int,
        options: ClassicOptions,
        turn_up: Card | None,
        score: tuple[int, int] = (0, 0),
        seed: int | None = None,
    ) -> None:
        self.options = options
        self.dealer = dealer
        self.seed = seed
        self.dealt: tuple[int, int, int, int] = (hands[0], hands[1], hands[2], hands[3])
        self.hands: list[int] = list(hands)
        self.turn_up = turn_up
        self.trump: Suit | None = turn_up.suit if turn_up is not None else None
        self._trump = int(self.trump) if self.trump is not None else NO_TRUMP
        self.start_score = score
        self.n_tricks = hands[0].bit_count()
        self.leader = (dealer + 1) % 4
        self.to_move: int | None = self.leader
        self.trick: list[Card] = []
        self.tricks: list[Trick] = []
        self.won = [0, 0]
        self.history: list[Card] = []
        self.log: list[Event] = []
        self.revokes: list[tuple[int, int]] = []
        self._refuse = options.revokes == "refuse"
        self._result: DealResult | None = None

    # --- the shared surface -------------------------------------------------------------

    def is_over(self) -> bool:
        """True once every trick has been played."""
        return self.to_move is None

    def controller(self, hand: int) -> int:
        """The seat that plays ``hand``: the dummy's partner for the dummy, else itself."""
        if hand == self.options.dummy:
            return (hand + 2) % 4
        return hand

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats of people or bots at the table (three in Dummy whist)."""
        return tuple(s for s in range(4) if s != self.options.dummy)

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the current trick, if a card has been led."""
        return self.trick[0].suit if self.trick else None

    @property
    def turn_up_on_table(self) -> bool:
        """True while the turned-up card lies face up (until the dealer plays to trick 1)."""
        return self.turn_up is not None and not self.tricks and self.dealer not in self._trick_seats()

    def _trick_seats(self) -> list[int]:
        return [(self.leader + i) % 4 for i in range(len(self.trick))]

    def legal_actions(self) -> Sequence[Card]:
        """The cards the player to move may play (every card in ``revokes="penalty"`` mode)."""
        seat = self.to_move
        if seat is None:
            return ()
        hand = self.hands[seat]
        trick = self.trick
        if trick and self._refuse:
            led = trick[0] // 13
            follow = hand >> (13 * led) & 0x1FFF
            if follow:
                return SUIT_CARDS[led][follow]
        return cards_of(hand)

    def proper_actions(self) -> Sequence[Card]:
        """The cards that follow the rules (differs from :meth:`legal_actions` only in
        penalty mode, where a revoke is possible but improper)."""
        if self._refuse or self.to_move is None:
            return self.legal_actions()
        return cards_of(legal_mask(self.hands[self.to_move], self.trick[0] // 13 if self.trick else -1))

    def verify_action(self, action: Card | int | str) -> Card:
        """Check an action and return it as a :class:`Card`; raise if it cannot be played.

        Raises :class:`InvalidActionError` for input that is not a card and
        :class:`IllegalActionError` for a card the rules do not allow now.
        """
        card = Card.parse(action) if isinstance(action, str) else Card(action)
        if self.to_move is None:
            raise IllegalActionError(f"the deal is over; {card} cannot be played")
        seat = self.to_move
        hand = self.hands[seat]
        if not hand >> card & 1:
            owner = next((s for s in range(4) if self.hands[s] >> card & 1), None)
            if owner is None:
                raise IllegalActionError(f"{card} has already been played")
            raise IllegalActionError(
                f"it is {SEAT_NAMES[seat]}'s turn and {SEAT_NAMES[seat]} does not hold {card}")
        if self.trick and self._refuse:
            led = self.trick[0].suit
            if card.suit != led and hand & SUIT_MASKS[led]:
                raise IllegalActionError(
                    f"{SEAT_NAMES[seat]} must follow {led.name.lower()}: {card} is a revoke")
        return card

    def can_apply(self, action: Card | int | str) -> bool:
        """True if :meth:`apply` would accept the action (never raises)."""
        try:
            self.verify_action(action)
        except (IllegalActionError, InvalidActionError):
            return False
        return True

    def apply(self, action: Card | int | str) -> tuple[Event, ...]:
        """Play a card (a :class:`Card`, its id, or text such as ``"QH"``).

        Returns the events it caused (the card played; the trick won; the deal scored).
        An illegal card raises :class:`IllegalActionError` and leaves the state unchanged.
        """
        seat = self.to_move
        if seat is None or type(action) is not Card:
            action = self.verify_action(action)
            assert seat is not None
        hand = self.hands[seat]
        if not hand >> action & 1:
            self.verify_action(action)
        trick = self.trick
        if trick:
            led = trick[0] // 13
            if action // 13 != led and hand >> (13 * led) & 0x1FFF:
                if self._refuse:
                    self.verify_action(action)
                self.revokes.append((seat, len(self.tricks) + 1))
        self.hands[seat] = hand ^ (1 << action)
        trick.append(action)
        self.history.append(action)
        if len(trick) < 4:
            self.to_move = (seat + 1) & 3
            self.log.append(_PLAYED[seat][action])
            return _PLAYED_1[seat][action]
        mark = len(self.log)
        self.log.append(_PLAYED[seat][action])
        self._close_trick()
        return tuple(self.log[mark:])

    def apply_unchecked(self, card: int) -> None:
        """Play a card without checking it (for search code; pair with :meth:`undo`)."""
        seat = self.to_move
        assert seat is not None
        card = Card(card)
        trick = self.trick
        if trick:
            led = trick[0] // 13
            if card // 13 != led and self.hands[seat] >> (13 * led) & 0x1FFF:
                self.revokes.append((seat, len(self.tricks) + 1))
        self.hands[seat] ^= 1 << card
        trick.append(card)
        self.history.append(card)
        self.log.append(_PLAYED[seat][card])
        if len(trick) < 4:
            self.to_move = (seat + 1) & 3
        else:
            self._close_trick()

    def _close_trick(self) -> None:
        trick = self.trick
        leader = self.leader
        winner = (leader + trick_winner(trick, self._trump)) & 3
        done = Trick(leader, tuple(trick), winner)
        self.tricks.append(done)
        self.won[winner & 1] += 1
        self.trick = []
        self.leader = winner
        self.log.append(TrickWon(len(self.tricks), done))
        if len(self.tricks) == self.n_tricks:
            self.to_move = None
            self.log.append(DealScored(self.result()))
        else:
            self.to_move = winner

    def undo(self) -> None:
        """Take back the last card played, restoring the state exactly."""
        if not self.history:
            raise IllegalActionError("nothing to undo: no card has been played")
        card = self.history.pop()
        log = self.log
        while type(log.pop()) is not CardPlayed:
            pass
        self._result = None
        if not self.trick:
            done = self.tricks.pop()
            self.won[done.winner & 1] -= 1
            self.leader = done.leader
            self.trick = list(done.cards)
        self.trick.pop()
        seat = (self.leader + len(self.trick)) & 3
        self.hands[seat] |= 1 << card
        self.to_move = seat
        if self.revokes and self.revokes[-1] == (seat, len(self.tricks) + 1):
            self.revokes.pop()

    def result(self) -> DealResult:
        """The scored result of the finished deal."""
        if self.to_move is not None:
            raise IllegalActionError("the deal is not over yet")
        if self._result is None:
            self._result = score_deal(self.options, self.dealt, self.trump, self.won,
                                      self.start_score, self.revokes)
        return self._result

    def clone(self) -> ClassicState:
        """An independent copy."""
        other = ClassicState.__new__(ClassicState)
        other.__dict__.update(self.__dict__)
        other.hands = list(self.hands)
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.won = list(self.won)
        other.history = list(self.history)
        other.log = list(self.log)
        other.revokes = list(self.revokes)
        return other

    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the state, as a comparable tuple."""
        return (self.options, self.dealer, self.dealt, tuple(self.hands), self.turn_up,
                self.start_score, self.leader, self.to_move, tuple(self.trick),
                tuple(self.tricks), tuple(self.won), tuple(self.history), tuple(self.log),
                tuple(self.revokes))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ClassicState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def known_cards(self) -> dict[int, CardSet]:
        """Cards of each hand that every player may see: the exposed dummy, and the
        turned-up card while it is still in the dealer's hand."""
        known: dict[int, CardSet] = {}
        if self.options.dummy is not None:
            known[self.options.dummy] = CardSet(self.hands[self.options.dummy])
        if self.turn_up is not None and self.hands[self.dealer] >> self.turn_up & 1:
            known[self.dealer] = CardSet(known.get(self.dealer, CardSet()).mask | 1 << self.turn_up)
        return known

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now: its own hand, public cards, the play so far."""
        if seat not in self.seats:
            raise InvalidActionError(f"no player sits at {seat!r}: seats are {list(self.seats)}")
        controls = tuple(h for h in range(4) if self.controller(h) == seat)
        played = 0
        for c in self.history:
            played |= 1 << c
        to_move = self.to_move
        legal: tuple[Card, ...] = ()
        if to_move is not None and to_move in controls:
            legal = tuple(self.proper_actions())
        return Observation(
            variant=self.variant,
            options=self.options,
            seat=seat,
            controls=controls,
            dealer=self.dealer,
            trump=self.trump,
            turn_up=self.turn_up if self.turn_up_on_table else None,
            hand=CardSet(self.hands[seat]),
            known={h: cs for h, cs in self.known_cards().items() if h != seat},
            hand_sizes=(self.hands[0].bit_count(), self.hands[1].bit_count(),
                        self.hands[2].bit_count(), self.hands[3].bit_count()),
            to_move=to_move,
            legal=legal,
            leader=self.leader,
            trick=tuple(zip(self._trick_seats(), self.trick)),
            tricks=tuple(self.tricks),
            tricks_won=(self.won[0], self.won[1]),
            score=self.start_score,
            played=CardSet(played),
        )

    # --- text ---------------------------------------------------------------------------

    def __str__(self) -> str:
        lines = [f"dealer {SEAT_NAMES[self.dealer]}, trump "
                 f"{self.trump.name.lower() if self.trump is not None else 'none'}"
                 + (f" (turned up {self.turn_up})" if self.turn_up is not None else "")]
        for s in range(4):
            lines.append(f"{SEAT_NAMES[s]}: {format_hand(self.hands[s])}")
        if self.trick:
            lines.append("trick: " + " ".join(f"{SEAT_NAMES[s]}:{c}" for s, c in
                                              zip(self._trick_seats(), self.trick)))
        lines.append(f"tricks NS {self.won[0]} EW {self.won[1]}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<ClassicState dealer={SEAT_NAMES[self.dealer]} trump={self.trump} "
                f"tricks={len(self.tricks)} to_move={self.to_move}>")


def honours_held(dealt: Sequence[int], trump: Suit | None) -> tuple[int, int]:
    """How many of A K Q J of trumps each side was dealt."""
    if trump is None:
        return (0, 0)
    held = [0, 0]
    for rank in _HONOURS:
        card = Card.make(rank, trump)
        for hand in range(4):
            if dealt[hand] >> card & 1:
                held[hand % 2] += 1
    return (held[0], held[1])


def score_deal(
    options: ClassicOptions,
    dealt: Sequence[int],
    trump: Suit | None,
    tricks: Sequence[int],
    start_score: tuple[int, int],
    revokes: Sequence[tuple[int, int]] = (),
) -> DealResult:
    """Score a deal of classic whist from the tricks each side took.

    Order of precedence: revoke penalties, then tricks, then honours; once a side reaches
    the target no later item of the deal counts.  A side that revoked cannot win the game
    in this deal (its score stops one short of the target).
    """
    target = options.target
    won = [tricks[0], tricks[1]]
    n = won[0] + won[1]
    book = n // 2
    penalty_points = [0, 0]
    penalty_tricks = [0, 0]
    revoking_sides = {seat % 2 for seat, _ in revokes}
    for seat, _ in revokes:
        off, non = seat % 2, 1 - seat % 2
        choice = options.revoke_penalty
        if choice == "best":
            # taking 3 tricks moves the trick points by up to 3 each way; 3 points add 3
            before = max(won[non] - book, 0) - max(won[off] - book, 0)
            take = min(3, won[off])
            after = max(won[non] + take - book, 0) - max(won[off] - take - book, 0)
            choice = "tricks" if after - before > 3 else "points"
        if choice == "tricks":
            take = min(3, won[off])
            won[off] -= take
            won[non] += take
            penalty_tricks[non] += take
        else:
            penalty_points[non] += 3
    trick_points = [max(won[s] - book, 0) for s in (0, 1)]
    slam = [options.slam_bonus if won[s] == n and n == 13 and options.slam_bonus else 0
            for s in (0, 1)]
    held = honours_held(dealt, trump) if options.honours else (0, 0)
    honours = [0, 0]
    for s in (0, 1):
        value = 4 if held[s] == 4 else 2 if held[s] == 3 else 0
        if value and options.honours_barred_one_short and start_score[s] == target - 1:
            value = 0
        honours[s] = value

    score = list(start_score)
    points = [0, 0]
    cap = [target - 1 if s in revoking_sides else target for s in (0, 1)]
    game_winner: int | None = None
    for item in (penalty_points, trick_points, slam, honours):
        if game_winner is not None:
            break
        for s in (0, 1):
            add = min(item[s], max(cap[s] - score[s], 0)) if s in revoking_sides else item[s]
            score[s] += add
            points[s] += add
        reached = [s for s in (0, 1) if score[s] >= target]
        if reached:
            game_winner = reached[0]
    return DealResult(
        tricks=(tricks[0], tricks[1]),
        trick_points=(trick_points[0], trick_points[1]),
        honours_held=held,
        honours_points=(honours[0], honours[1]),
        slam_points=(slam[0], slam[1]),
        revokes=tuple(revokes),
        penalty_points=(penalty_points[0], penalty_points[1]),
        penalty_tricks=(penalty_tricks[0], penalty_tricks[1]),
        points=(points[0], points[1]),
        game_winner=game_winner,
    )


def make_options(preset: str | None = None, base: ClassicOptions | None = None,
                 **overrides: Any) -> ClassicOptions:
    """Options from a preset name (default ``english-short``) with some options changed."""
    if base is None:
        name = preset or "english-short"
        if name not in PRESETS:
            raise ConfigError(f"unknown preset {name!r}; presets: {', '.join(PRESETS)}")
        base = PRESETS[name]
    if not overrides:
        return base
    known = {f.name for f in fields(ClassicOptions)}
    unknown = set(overrides) - known
    if unknown:
        raise ConfigError(f"unknown option(s) {', '.join(sorted(unknown))} for classic whist; "
                          f"known: {', '.join(sorted(known))}")
    if overrides.get("trump") == "none" and "honours" not in overrides:
        overrides["honours"] = False
    return replace(base, **overrides)


def new_classic_deal(
    options: ClassicOptions,
    seed: int | None = None,
    dealer: int = 0,
    hands: Sequence[str | Iterable[Card | int | str]] | None = None,
    turn_up: Card | int | str | None = None,
    score: tuple[int, int] = (0, 0),
) -> ClassicState:
    """Deal a classic-whist hand: from a seed, or from given hands (dealer's left first)."""
    if dealer not in (0, 1, 2, 3):
        raise ConfigError(f"dealer must be a seat 0-3 (N, E, S, W), not {dealer!r}")
    masks = [0, 0, 0, 0]
    last: Card | None = None
    if hands is None:
        if seed is None:
            import secrets
            seed = secrets.randbits(63)
        deck = shuffled_deck(seed)
        for k in range(4):
            m = 0
            for card in deck[k::4]:
                m |= 1 << card
            masks[(dealer + 1 + k) % 4] = m
        last = deck[51]
    else:
        if len(hands) != 4:
            raise ConfigError(f"give 4 hands (from the dealer's left), not {len(hands)}")
        seen = 0
        for i, h in enumerate(hands):
            seat = (dealer + 1 + i) % 4
            cards = _ordered_cards(h)
            for c in cards:
                if seen >> c & 1:
                    raise ConfigError(f"{c} is given twice")
                seen |= 1 << c
                masks[seat] |= 1 << c
            if seat == dealer and cards:
                last = cards[-1]
        sizes = {m.bit_count() for m in masks}
        if len(sizes) != 1 or 0 in sizes:
            raise ConfigError("the hands must all hold the same number of cards "
                              f"(got {', '.join(str(m.bit_count()) for m in masks)})")
    turn: Card | None = None
    if options.trump == "turn-up":
        if turn_up is not None:
            turn = Card.parse(turn_up) if isinstance(turn_up, str) else Card(turn_up)
            if not masks[dealer] >> turn & 1:
                raise ConfigError(f"the turned-up card {turn} must be in the dealer's hand")
        else:
            turn = last
    elif turn_up is not None:
        raise ConfigError("no card is turned up in no-trump whist")
    if options.honours and turn is None:
        raise ConfigError("honours need a trump suit")
    for s in score:
        if not 0 <= s < options.target:
            raise ConfigError(f"a game score lies in 0..{options.target - 1}, not {s}")
    return ClassicState(masks, dealer, options, turn, score=score, seed=seed)


def _ordered_cards(h: str | Iterable[Card | int | str]) -> list[Card]:
    if isinstance(h, str):
        text = h.strip()
        if ":" in text or ("." in text and " " not in text):
            mask = parse_hand(text)
            # the written order of the suit form: S, H, D, C, high to low; last = last written
            return sorted(cards_of(mask), key=lambda c: (-c.suit, -c.rank))
        return [Card.parse(t) for t in text.replace(",", " ").split()]
    return [Card.parse(c) if isinstance(c, str) else Card(c) for c in h]
