"""German whist for two (rules.md §3): a stock phase of 13 tricks, then a play phase of 13.

Each hand gets 13 cards, dealt one at a time, the non-dealer first; the other 26 form the
stock, whose top card is turned face up and fixes trump for the whole hand.  In the stock
phase the winner of each trick takes the face-up card, the loser the next card face down
(seen by him only), and the next card is turned up.  Once the stock is empty each player
knows the other's hand (52 cards less his own, less the 26 played) and the last 13 tricks
are played out, the winner of trick 13 leading.  The dealer alternates.

Seats are N (hand 0) and S (hand 1), each playing for himself (side = hand).  The phases
are ``"stock"``, ``"play"`` and ``"over"``.  Draws are made by the rules after each trick of
the stock phase; only in the open-stock variant (several cards face up) does the winner
choose with a ``take`` call, e.g. ``take 7H``.

>>> from openwhist import new_deal
>>> deal = new_deal("german", seed=7)
>>> deal.phase, deal.to_move, deal.trump, deal.observation(0).info["face_up"]
('stock', 1, <Suit.CLUBS: 0>, ['QC'])
>>> events = deal.apply(deal.legal_actions()[0])
>>> deal.undo(); len(deal.history)
0

Scoring (option ``scoring``, each named after its source): ``seed-001`` counts all 26
tricks and the winner scores his tricks less 13 (a 13-13 hand is drawn, although the seed
says a tie cannot happen); ``standard`` counts only the 13 tricks of the play phase and the
majority wins the hand (1 point); ``meggiesoft`` gives a point per trick of the play phase,
the match going to 50.  A match (``until="match"``) is the best of 3 or 5 hands, or the
race to 50 under ``meggiesoft``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from openwhist.cards import Card, CardSet, SplitMix64, format_hand, given_cards, parse_hand, shuffled_deck
from openwhist.errors import ConfigError, IllegalActionError, InvalidActionError
from openwhist.rules.actions import Action, Call, parse_action
from openwhist.rules.events import CallMade
from openwhist.rules.match_rules import GameRecord, MatchLength, MatchRules, RubberRecord, SheetRow
from openwhist.rules.observation import Observation
from openwhist.rules.options import OptionsRecord, option
from openwhist.rules.seats import each_for_himself, parse_seat, seat_name, seat_names
from openwhist.rules.stock import Draw, Stock
from openwhist.rules.tricks import CARD_TEXTS, Trick, TrickPlay, cards_of
from openwhist.rules.variant import Declaration, EntryForm, Variant

__all__ = [
    "GERMAN",
    "PRESETS",
    "GermanMatchRules",
    "GermanOptions",
    "GermanResult",
    "GermanState",
    "from_setup",
    "cut_for_deal",
    "new_german_deal",
    "rebuild",
    "score_hand",
]

HANDS = 2
HAND_SIZE = 13
STOCK_SIZE = 26
STOCK_TRICKS = 13
SIDES = each_for_himself(HANDS)


@dataclass(frozen=True)
class GermanOptions(OptionsRecord):
    """Every option of German whist, with seed 001's rules as the defaults.

    Each field's help is kept with it (``openwhist rules german`` prints it).
    """

    scoring: Literal["seed-001", "standard", "meggiesoft"] = option(
        "seed-001", "seed-001: all 26 tricks count, the winner scores his tricks less 13, "
        "13-13 is a drawn hand; standard: only the 13 tricks of the play phase count, the "
        "majority wins the hand (1 point); meggiesoft: a point per trick of the play phase")
    trump: Literal["turn-up", "none"] = option(
        "turn-up", "turn-up: the stock's first face-up card fixes trump for the whole hand; "
        "none: no trumps (seed 001's no-trump option, with face_up=0)")
    face_up: int = option(
        1, "stock cards lying face up: 1 (the game), 2 or more (seed 001's open stock: the "
        "winner chooses which to take, the loser takes the top face-down card, the row is "
        "refilled; when no face-down card is left the loser takes the face-up card turned "
        "first), 0 (the stock lies face down and both draws are blind; needs trump=none)",
        range=(0, STOCK_SIZE))
    race: int | None = option(
        None, "end the hand as soon as a player has won this many of the 13 tricks of the "
        "play phase (seed 001's race to 7 or 9; 7 is a majority of them); the stock phase's "
        "tricks never count for the race, whatever the scoring; the racer wins the hand (1 "
        "point, meggiesoft: his tricks); when nobody reaches it the hand scores as the "
        "scoring says; none: play every trick", range=(1, STOCK_TRICKS))
    best_of: int = option(
        3, "a match (until=match) is the best of this many hands (seed 001: 3 or 5): the first "
        "to win more than half wins it; a drawn hand does not count", range=(1, 99))
    match_target: int = option(
        50, "meggiesoft scoring: a match (until=match) is won by the one player at or above "
        "this many points at the end of a hand; if both are, the target rises by target_raise",
        range=(1, 1000))
    target_raise: int = option(10, "meggiesoft scoring: how much the match target rises when "
                               "both players reach it in the same hand", range=(1, 1000))

    def __post_init__(self) -> None:
        self.check_types()  # and each number's declared range
        if self.face_up == 0 and self.trump == "turn-up":
            raise ConfigError("trump is fixed by the first face-up card: with face_up=0 (a "
                              "face-down stock) use trump=none")
        if self.best_of % 2 == 0:
            raise ConfigError(f"best_of must be an odd number of hands (3, 5...), not {self.best_of}")


PRESETS: dict[str, GermanOptions] = {
    "seed-001": GermanOptions(),
    "german-best-of-5": GermanOptions(best_of=5),
    "german-open-stock": GermanOptions(face_up=3),
    "german-race-7": GermanOptions(race=7),
    "german-race-9": GermanOptions(race=9),
    "german-no-trump": GermanOptions(trump="none", face_up=0),
    "german-standard": GermanOptions(scoring="standard"),
    "german-meggiesoft": GermanOptions(scoring="meggiesoft"),
}
"""Named option sets: seed 001 (all tricks count, best of 3) and its variants (best of 5,
open stock with three cards face up, races to 7 and 9 tricks, no trump with a face-down
stock); the rule pages' standard count (the last 13 tricks) and Meggiesoft's race to 50."""


class GermanResult(NamedTuple):
    """The score of one hand, per player (0: N, 1: S).

    ``tricks`` are all tricks won, ``stock_tricks`` and ``play_tricks`` those of each phase,
    ``counted`` the ones the scoring counts; ``winner`` is None for a drawn hand;
    ``race`` says whether the hand ended when a player reached the race target.
    """

    tricks: tuple[int, int]
    stock_tricks: tuple[int, int]
    play_tricks: tuple[int, int]
    counted: tuple[int, int]
    winner: int | None
    points: tuple[int, int]
    race: bool

    @property
    def game_winner(self) -> int | None:
        """The winner of the hand (a hand is the unit a German match counts)."""
        return self.winner

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self._asdict().items()}


def score_hand(options: GermanOptions, stock_tricks: Sequence[int], play_tricks: Sequence[int],
               ended_by_race: bool = False) -> GermanResult:
    """Score a hand from the tricks each player won in each phase.

    >>> score_hand(PRESETS["seed-001"], (8, 5), (8, 5)).points    # 16 tricks: +3
    (3, 0)
    >>> score_hand(PRESETS["seed-001"], (7, 6), (6, 7)).winner is None   # 13-13: drawn
    True
    """
    p1 = (int(stock_tricks[0]), int(stock_tricks[1]))
    p2 = (int(play_tricks[0]), int(play_tricks[1]))
    tricks = (p1[0] + p2[0], p1[1] + p2[1])
    counted = tricks if options.scoring == "seed-001" else p2
    winner: int | None
    if options.race is not None and max(p2) >= options.race:
        winner = 0 if p2[0] >= options.race else 1
        ended_by_race = True
    elif counted[0] == counted[1]:
        winner = None
    else:
        winner = 0 if counted[0] > counted[1] else 1
    points = [0, 0]
    if options.scoring == "meggiesoft":
        points = list(counted)
    elif winner is not None:
        if options.scoring == "seed-001" and not ended_by_race:
            points[winner] = counted[winner] - STOCK_TRICKS
        else:
            points[winner] = 1
    return GermanResult(tricks, p1, p2, counted, winner, (points[0], points[1]), ended_by_race)


class GermanState(TrickPlay):
    """One hand of German whist: the rules state every front end and bot drives.

    It speaks the deal protocol (:class:`openwhist.rules.base.Deal`) on the shared
    trick-play component and composes the stock (:class:`~openwhist.rules.stock.Stock`,
    ``pile``): ``stock`` is its order as dealt (top first), ``row`` the cards face up now,
    ``draws`` the draws so far.  Use
    :func:`openwhist.new_deal` (``"german"``) to make one.
    """

    variant = "german"
    players_at_table = HANDS

    def __init__(self, hands: Sequence[int], stock: Sequence[Card], dealer: int,
                 options: GermanOptions, score: tuple[int, int] = (0, 0),
                 seed: int | None = None) -> None:
        self.options = options
        self.dealer = dealer
        self.seed = seed
        self.dealt: tuple[int, ...] = (hands[0], hands[1])
        self.pile = Stock(stock, min(options.face_up, STOCK_SIZE))
        self.start_score = (score[0], score[1])
        self.turn_up: Card | None = self.pile.cards[0] if options.trump == "turn-up" else None
        self.history = []
        self.log = []
        self.calls: list[tuple[int, Call]] = []
        self.pending = False
        self._result: GermanResult | None = None
        trump = self.turn_up.suit if self.turn_up is not None else None
        self._start_play(hands, trump, (dealer + 1) % HANDS, SIDES, n_tricks=2 * STOCK_TRICKS)

    # --- the deal protocol --------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``"stock"`` until the draws after trick 13, then ``"play"``, then ``"over"``."""
        if self.to_move is None:
            return "over"
        return "stock" if len(self.draws) < STOCK_TRICKS else "play"

    def is_over(self) -> bool:
        """True once the last trick is played (or a race is won)."""
        return self.to_move is None

    @property
    def face_down(self) -> int:
        """Face-down cards left in the stock."""
        return self.pile.face_down

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock as dealt, top first."""
        return self.pile.cards

    @property
    def row(self) -> list[Card]:
        """The stock cards face up now."""
        return self.pile.row

    @property
    def turned(self) -> list[Card]:
        """Every stock card turned face up so far."""
        return self.pile.turned

    @property
    def draws(self) -> list[Draw]:
        """The draws after each trick of the stock phase so far."""
        return self.pile.draws

    def legal_actions(self) -> Sequence[Action]:
        """The face-up cards to choose from (``take`` calls) after a won trick of the open
        stock, else the cards the hand to move may play."""
        if self.pending:
            return tuple(Call.make("take", card=c) for c in self.row)
        return self.legal_cards()

    def _who(self) -> str:
        assert self.to_move is not None
        return seat_name(self.to_move, HANDS)

    def _choices(self) -> str:
        return " or ".join(f"take {c}" for c in self.row)

    def verify_action(self, action: Action | int | str) -> Action:
        """The action, parsed, if it may be taken now; raises
        :class:`IllegalActionError` with the reason otherwise."""
        act = parse_action(action) if not isinstance(action, Card | Call) else action
        if isinstance(act, Call):
            if self.to_move is None:
                raise IllegalActionError(f"the deal is over; {act} cannot be made")
            if act.kind != "take":
                raise IllegalActionError(f"{act} is no call of German whist: the winner of a "
                                         "trick may only take a face-up stock card (take 7H)")
            if not self.pending:
                if not self.row and not self.face_down:
                    raise IllegalActionError(f"{act} cannot be made: the stock is empty")
                raise IllegalActionError(f"{act} cannot be made now: {self._who()} is to play "
                                         "a card (the stock cards are drawn after the trick)")
            card = act.card
            if card not in self.row:
                raise IllegalActionError(f"{card} is not face up on the stock; "
                                         f"{self._who()} may {self._choices()}")
            return act
        if self.pending:
            raise IllegalActionError(f"{self._who()} won the trick and first takes a face-up "
                                     f"card: {self._choices()}")
        return self.verify_card(act)

    def apply(self, action: Action | int | str) -> tuple[Any, ...]:
        """Play a card, or take a face-up card (open stock); returns the events."""
        if self.pending or type(action) is not Card:
            action = self.verify_action(action)
            if isinstance(action, Call):
                return self._take(action)
        return self._play_card(action)

    def apply_unchecked(self, action: int) -> None:
        """Play a card or make a ``take`` call without checking it (search code; pair with
        :meth:`undo`)."""
        if action >= 52:
            self._take(Call(action))
        else:
            TrickPlay.apply_unchecked(self, action)

    def _take(self, call: Call) -> tuple[Any, ...]:
        seat = self.to_move
        assert seat is not None and call.card is not None
        self.history.append(call)
        self.calls.append((seat, call))
        mark = len(self.log)
        self.log.append(CallMade(seat, call))
        self.pending = False
        self._draw(call.card)
        return tuple(self.log[mark:])

    # --- the stock ----------------------------------------------------------------------

    def _trick_closed(self, trick: Trick) -> bool:
        race = self.options.race
        if race is not None and self._play_phase_tricks(trick.winner) >= race:
            return True
        if len(self.tricks) <= STOCK_TRICKS:
            if len(self.row) > 1:
                self.pending = True
            else:
                self._draw(None)
        return False

    def _play_phase_tricks(self, side: int) -> int:
        """The tricks of the play phase ``side`` has won (what a race counts)."""
        return sum(1 for t in self.tricks[STOCK_TRICKS:] if t.winner == side)

    def _draw(self, chosen: Card | None) -> None:
        """The draws after the last trick (the stock's rule); the cards go into the hands."""
        winner = self.tricks[-1].winner
        events = self.pile.draw(winner, 1 - winner, chosen)
        d = self.pile.draws[-1]
        self.hands[d.winner] |= 1 << d.won
        self.hands[d.loser] |= 1 << d.lost
        self.log.extend(events)

    def _undo_draw(self) -> None:
        d = self.pile.undo()
        self.hands[d.winner] ^= 1 << d.won
        self.hands[d.loser] ^= 1 << d.lost

    def _trick_reopened(self, trick: Trick) -> None:
        number = len(self.tricks) + 1
        if self.pending:
            self.pending = False
        elif len(self.draws) >= number:
            self._undo_draw()

    def _deal_over(self) -> GermanResult:
        return self.result()

    def undo(self) -> None:
        """Take back the last action (a card or a ``take``), restoring the state exactly."""
        if not self.history:
            raise IllegalActionError("nothing to undo: no card has been played")
        last = self.history.pop()
        self._result = None
        if isinstance(last, Call):
            while type(self.log.pop()) is not CallMade:
                pass
            self.calls.pop()
            self._undo_draw()
            self.pending = True
            return
        self._undo_card()

    def result(self) -> GermanResult:
        """The scored result of the finished hand."""
        if self.to_move is not None:
            raise IllegalActionError("the deal is not over yet")
        if self._result is None:
            p1 = [0, 0]
            p2 = [0, 0]
            for i, t in enumerate(self.tricks):
                (p1 if i < STOCK_TRICKS else p2)[t.winner] += 1
            self._result = score_hand(self.options, p1, p2,
                                      len(self.tricks) < 2 * STOCK_TRICKS)
        return self._result

    def clone(self) -> GermanState:
        """An independent copy."""
        other = self._clone_as(GermanState)
        other.calls = list(self.calls)
        other.pile = self.pile.copy()
        return other

    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the state, as a comparable tuple."""
        return (self.options, self.dealer, self.dealt, self.start_score, self.pile.snapshot(),
                self.pending, tuple(self.calls), *self._play_snapshot())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GermanState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def locations(self) -> dict[str, int]:
        """Where every card is: the hands, ``played``, the face-down ``stock`` and the
        ``face_up`` row."""
        places = super().locations()
        places["stock"] = sum(1 << c for c in self.pile.face_down_cards())
        places["face_up"] = sum(1 << c for c in self.row)
        return places

    def setup(self) -> dict[str, Any]:
        """How the deal began, for records: dealer, hands as dealt, the whole stock in
        order (top first) and the match score; the hidden draws replay from it."""
        names = seat_names(HANDS)
        return {
            "dealer": names[self.dealer],
            "hands": {names[h]: format_hand(self.dealt[h]) for h in range(HANDS)},
            "stock": " ".join(str(c) for c in self.stock),
            "score_before": list(self.start_score),
        }

    # --- what each player knows ------------------------------------------------------------

    def hands_known(self) -> bool:
        """True once no face-down card is left: each player knows the other's hand."""
        return self.pile.face_down == 0

    def known_to(self, seat: int) -> int:
        """The cards of the other hand that ``seat`` knows: face-up cards it took and still
        holds, or, once the face-down stock is gone, its whole hand (by elimination)."""
        other = 1 - seat
        if self.hands_known():
            return self.hands[other]
        return self.taken_face_up(other)

    def taken_face_up(self, hand: int) -> int:
        """The face-up cards ``hand`` took from the stock and still holds: what everyone
        watching saw go into it."""
        return self.pile.taken_face_up(hand) & self.hands[hand]

    def draws_seen_by(self, seat: int | None) -> list[list[str | None]]:
        """The draws after each trick of the stock phase as ``seat`` saw them (None: an
        onlooker): the winner's card and the loser's, None where it was drawn unseen."""
        text = CARD_TEXTS
        return [[text[d.won] if d.won_public or d.winner == seat else None,
                 text[d.lost] if d.lost_public or d.loser == seat else None] for d in self.draws]

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now: its hand, the face-up stock cards, its own draws, the
        other's face-up pickups, and the other's whole hand once the stock is gone."""
        if seat not in (0, 1):
            raise InvalidActionError(f"no player sits at {seat!r}: seats are [0, 1]")
        return self._observe(seat)

    def public_observation(self) -> Observation:
        """What an onlooker may know now: the face-up stock cards, the face-up cards each
        player took and still holds, the play so far; never a card drawn face down, nor a
        hand the players know only by elimination once the stock is gone."""
        return self._observe(None)

    def _observe(self, seat: int | None) -> Observation:
        known_hands: dict[int, CardSet] = {}
        open_hands: tuple[int, ...] = ()
        if seat is None:
            for h in range(HANDS):
                took = self.taken_face_up(h)
                if took:
                    known_hands[h] = CardSet(took)
        else:
            other = 1 - seat
            known = self.known_to(seat)
            if known:
                known_hands[other] = CardSet(known)
            if self.hands_known():
                open_hands = (other,)
        done = len(self.draws)
        stock_tricks = [0, 0]
        for t in self.tricks[:STOCK_TRICKS]:
            stock_tricks[t.winner] += 1
        text = CARD_TEXTS
        hands_known = self.hands_known()
        info: dict[str, Any] = {
            "face_up": [text[c] for c in self.row],
            "turned": [text[c] for c in self.pile.turned],
            "stock": len(self.row) + self.face_down,
            "draws": self.draws_seen_by(seat),
            "stock_tricks": stock_tricks,
            "stock_counts": self.options.scoring == "seed-001",
            "hands_known": hands_known,
        }
        values = self.deal_fields(
            seat,
            known=known_hands,
            open_hands=open_hands,
            calls=tuple(self.calls),
            info=info,
            hidden={"stock": self.face_down},
            shown=CardSet(self.row),
            voids_from=(done, done),
        )
        return Observation.from_fields(values)

    # --- text ---------------------------------------------------------------------------

    def __str__(self) -> str:
        names = seat_names(HANDS)
        trump = self.trump.name.lower() if self.trump is not None else "none"
        lines = [f"dealer {names[self.dealer]}, trump {trump}, {self.phase} phase, "
                 f"face up {' '.join(map(str, self.row)) or '-'}, {self.face_down} face down"]
        for h in range(HANDS):
            lines.append(f"{names[h]}: {format_hand(self.hands[h])}")
        if self.trick:
            lines.append("trick: " + " ".join(f"{names[s]}:{c}" for s, c in
                                              zip(self.trick_seats(), self.trick)))
        lines.append(f"tricks N {self.won[0]} S {self.won[1]}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<GermanState dealer={seat_name(self.dealer, HANDS)} trump={self.trump} "
                f"tricks={len(self.tricks)} to_move={self.to_move}>")


# --- dealing ---------------------------------------------------------------------------------


def new_german_deal(
    options: GermanOptions,
    seed: int | None = None,
    dealer: int | str = 0,
    hands: Sequence[str | Iterable[Card | int | str]] | None = None,
    turn_up: Card | int | str | None = None,
    score: tuple[int, ...] = (0, 0),
) -> GermanState:
    """Deal a hand of German whist: from a seed, or from given cards.

    With a seed the shuffled pack is dealt one card at a time, the non-dealer first, and
    the last 26 cards are the stock (top first).  ``hands`` gives the non-dealer's 13 cards,
    the dealer's 13 and optionally the stock in order (top first); a missing stock is the
    other 26 cards in the seed's order (or ``turn_up`` on top, then by card id).
    ``dealer`` is N or S (0 or 1).
    """
    try:
        dealer = parse_seat(dealer, HANDS)
    except InvalidActionError:
        raise ConfigError(f"dealer must be N or S (or 0-1), not {dealer!r}") from None
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ConfigError(f"a seed is a non-negative whole number, not {seed!r}")
    first = (dealer + 1) % HANDS
    masks = [0, 0]
    stock: list[Card]
    if hands is None:
        if seed is None:
            import secrets
            seed = secrets.randbits(63)
        deck = shuffled_deck(seed)
        for i, card in enumerate(deck[:2 * HAND_SIZE]):
            masks[(first + i) % HANDS] |= 1 << card
        stock = list(deck[2 * HAND_SIZE:])
    else:
        if len(hands) not in (2, 3):
            raise ConfigError("give the non-dealer's hand, the dealer's hand and optionally "
                              f"the stock, not {len(hands)} parts")
        seen = 0
        parts = [given_cards(h) for h in hands]
        for cards in parts:
            for c in cards:
                if seen >> c & 1:
                    raise ConfigError(f"{c} is given twice")
                seen |= 1 << c
        for i in range(2):
            if len(parts[i]) != HAND_SIZE:
                raise ConfigError(f"each hand holds {HAND_SIZE} cards, not {len(parts[i])}")
            masks[(first + i) % HANDS] = sum(1 << c for c in parts[i])
        if len(parts) == 3:
            stock = parts[2]
            if len(stock) != STOCK_SIZE:
                raise ConfigError(f"the stock holds {STOCK_SIZE} cards, not {len(stock)}")
        else:
            rest = [Card(c) for c in range(52) if not seen >> c & 1]
            stock = ([c for c in shuffled_deck(seed) if c in rest] if seed is not None else rest)
    if turn_up is not None:
        card = Card.parse(turn_up) if isinstance(turn_up, str) else Card(turn_up)
        if card not in stock:
            raise ConfigError(f"the turned-up card {card} must be in the stock")
        if hands is not None and len(hands) == 3 and stock[0] != card:
            raise ConfigError(f"the stock given starts with {stock[0]}, not the turn-up {card}")
        if options.trump == "none" and options.face_up == 0:
            raise ConfigError("no card is turned up with a face-down stock")
        stock.remove(card)
        stock.insert(0, card)
    if len(score) != 2:
        raise ConfigError(f"a score has 2 numbers (N, S), not {len(score)}")
    return GermanState(masks, stock, dealer, options, score=(int(score[0]), int(score[1])),
                       seed=seed)


# --- matches -----------------------------------------------------------------------------------


def cut_for_deal(names: Sequence[str], seed: int) -> tuple[list[str], list[tuple[str, Card]]]:
    """Cut for the first dealer (rules.md §3.1; seed 001: "usually by cutting for the
    highest card"): each player cuts a card, the higher deals first, the ace high as in
    play; equal ranks cut again.

    Returns the two names in seat order, the first dealer at N (seat 0), and every cut
    made, in order.

    >>> seated, cuts = cut_for_deal(["Ann", "Bob"], 5)
    >>> sorted(seated), len(cuts) >= 2
    (['Ann', 'Bob'], True)
    """
    order = list(names)
    if len(order) != HANDS:
        raise ConfigError(f"cutting for the deal in German whist needs {HANDS} players, "
                          f"not {len(order)}")
    rng = SplitMix64(seed ^ 0x6E7A_C0DE)
    cuts: list[tuple[str, Card]] = []
    while True:
        deck = shuffled_deck(rng.next() >> 1)
        pair = [(name, deck[i]) for i, name in enumerate(order)]
        cuts.extend(pair)
        (first, a), (second, b) = pair
        if a.rank != b.rank:
            dealer, other = (first, second) if a.rank > b.rank else (second, first)
            return [dealer, other], cuts


# --- matches -----------------------------------------------------------------------------------


class GermanMatchRules(MatchRules):
    """A match of German whist: the best of ``best_of`` hands (seed 001: each hand stands
    alone, drawn hands do not count), or under ``meggiesoft`` scoring the first to
    ``match_target`` points at the end of a hand (the target rising by ``target_raise`` when
    both reach it).

    ``games`` are the hands won (value: the points scored), ``rubbers`` the matches
    finished (games: hands won each, points: the match's points), ``score`` the points of
    the match in progress and ``totals`` all points.

    Lengths (``until``): ``match`` (``count`` matches as the options define them),
    ``deals`` (``count`` hands), ``best-of`` (the first to win more than half of ``count``
    hands, an odd number; drawn hands do not count, whatever the scoring) and ``points``
    (the first with at least ``count`` points at the end of a hand; when both reach it in
    the same hand, as meggiesoft scoring allows, the target rises by ``target_raise``).
    """

    UNTIL = ("match", "deals", "best-of", "points")
    DEFAULT = ("match", 1)
    GAME = "hand"
    RUBBER = "match"
    SCORE = "match score"
    TOTALS = "points"

    def __init__(self, options: GermanOptions) -> None:
        super().__init__(options, HANDS)
        self.target = options.match_target
        self._wins = [0, 0]
        self._points_target: int | None = None

    def lengths(self) -> tuple[MatchLength, ...]:
        """A match as the options define it, N hands (2: each deals once), best of N hands
        (``best_of``) or to N points (``match_target`` under meggiesoft scoring, else 10
        under seed-001's and 5 under standard scoring)."""
        opts = self.options
        points = {"meggiesoft": opts.match_target, "seed-001": 10}.get(opts.scoring, 5)
        return (MatchLength("match", "matches", "matches", 1, max_count=20),
                MatchLength("deals", "hands", "hands", 2, max_count=100),
                MatchLength("best-of", "best-of", "hands", opts.best_of, odd=True, max_count=99),
                MatchLength("points", "points", "points", points, max_count=1000))

    def deal_args(self) -> dict[str, Any]:
        """A hand is dealt with the match score (shown in the observation)."""
        return {"score": (self.score[0], self.score[1])}

    def add_deal(self, state: Any, number: int) -> SheetRow:
        """Add the hand's points; record a won hand; finish the match when it is won."""
        res: GermanResult = state.result()
        for s in (0, 1):
            self.score[s] += res.points[s]
            self.totals[s] += res.points[s]
        if res.winner is not None:
            self._wins[res.winner] += 1
            self.games.append(GameRecord(len(self.games) + 1, res.winner,
                                         (self.score[0], self.score[1]), res.points[res.winner]))
        trump = state.trump.name.lower() if state.trump is not None else "none"
        row = SheetRow(number, state.dealer, trump, res, (self.score[0], self.score[1]),
                       res.winner)
        winner = self._match_winner()
        if winner is not None:
            self.rubbers.append(RubberRecord(len(self.rubbers) + 1, winner,
                                             (self._wins[0], self._wins[1]),
                                             (self.score[0], self.score[1])))
            self.score = [0, 0]
            self._wins = [0, 0]
            self.target = self.options.match_target
        return row

    def _match_winner(self) -> int | None:
        if self.options.scoring == "meggiesoft":
            reached = [s for s in (0, 1) if self.score[s] >= self.target]
            if len(reached) == 2:
                self.target += self.options.target_raise
                return None
            return reached[0] if reached else None
        need = self.options.best_of // 2 + 1
        for s in (0, 1):
            if self._wins[s] >= need:
                return s
        return None

    def is_over(self, until: str, count: int, deals: int) -> bool:
        """``count`` matches or hands complete, best of ``count`` hands won, or ``count``
        points reached."""
        if until == "match":
            return len(self.rubbers) >= count
        if until == "best-of":
            wins = [sum(1 for g in self.games if g.winner == s) for s in (0, 1)]
            return max(wins) > count // 2
        if until == "points":
            if self._points_target is None:
                self._points_target = count
            reached = [s for s in (0, 1) if self.totals[s] >= self._points_target]
            if len(reached) == 2:
                self._points_target += self.options.target_raise
                return False
            return bool(reached)
        return deals >= count

    def summary(self) -> dict[str, Any]:
        """Hands won, matches and totals as a JSON-friendly dict."""
        return {**super().summary(), "matches": len(self.rubbers), "target": self.target}


# --- records and sampling ----------------------------------------------------------------------


def from_setup(options: GermanOptions, setup: Mapping[str, Any]) -> GermanState:
    """The deal that :meth:`GermanState.setup` describes, before any card is played."""
    names = seat_names(HANDS)
    dealer = parse_seat(setup["dealer"], HANDS)
    hands = setup["hands"]
    masks = [parse_hand(hands[names[h]]) for h in range(HANDS)]
    stock = [Card.parse(t) for t in str(setup["stock"]).split()]
    score = setup.get("score_before", (0, 0))
    first = (dealer + 1) % HANDS
    return new_german_deal(options, dealer=dealer,
                           hands=[cards_of(masks[first]), cards_of(masks[1 - first]), stock],
                           score=(int(score[0]), int(score[1])))


def rebuild(obs: Observation, hands: Sequence[int],
            hidden: Mapping[str, Sequence[int]] | None = None) -> GermanState:
    """A full deal consistent with ``obs``: ``hands`` are the cards each hand holds now
    (the observer's own as observed, the other's known cards and a sample of the rest),
    ``hidden["stock"]`` the face-down stock in order (sampled); the play so far is
    replayed.  The stock's past is rebuilt from what the observer saw (every card turned
    up, its own draws, the other's face-up pickups); each unseen draw of the other player
    is one of his cards that he still held after it, chosen where possible among the
    suits he failed to follow before it (so that the rebuilt play has no revoke)."""
    opts: GermanOptions = obs.options
    me = obs.me
    other = 1 - me
    info = obs.info
    turned = iter([Card.parse(t) for t in info["turned"]])
    stock: list[Card | None] = []
    row: list[Card] = []
    drawn: list[int] = [0, 0]          # cards each hand drew (known or unknown)
    public = 0                         # the other's face-up pickups
    unknown: list[tuple[int, int]] = []  # (stock position, trick index) of unseen draws

    def turn() -> None:
        card = next(turned)
        stock.append(card)
        row.append(card)

    for _ in range(min(opts.face_up, STOCK_SIZE)):
        turn()
    for k, seen in enumerate(info["draws"]):
        winner = obs.tricks[k].winner
        for who, text in ((winner, seen[0]), (1 - winner, seen[1])):
            from_row = (who == winner and row) or (who != winner and len(stock) >= STOCK_SIZE)
            card: Card | None
            if from_row:
                card = face = Card.parse(text)
                row.remove(face)
                if who == other:
                    public |= 1 << face
            else:
                card = Card.parse(text) if text is not None else None
                stock.append(card)
                if card is None:
                    unknown.append((len(stock) - 1, k))
            if card is not None:
                drawn[who] |= 1 << card
        while len(row) < opts.face_up and len(stock) < STOCK_SIZE:
            turn()
    stock.extend(Card(c) for c in (hidden or {}).get("stock", ()))
    if len(stock) != STOCK_SIZE:
        raise ConfigError(f"the stock rebuilt holds {len(stock)} cards, not {STOCK_SIZE}")

    # the cards each hand played, and when
    played_at: dict[int, int] = {}
    played = [0, 0]
    fails: list[list[int]] = [[], []]   # per hand, (trick index, suit) failures to follow
    tricks = [(t.leader, t.cards) for t in obs.tricks]
    if obs.trick:
        tricks.append((obs.trick[0][0], tuple(c for _, c in obs.trick)))
    for i, (leader, cards) in enumerate(tricks):
        for j, c in enumerate(cards):
            who = (leader + j) % HANDS
            played[who] |= 1 << c
            played_at[c] = i
            if j and c.suit != cards[0].suit:
                fails[who].append(i * 4 + int(cards[0].suit))
    pool = (hands[other] | played[other]) & ~public
    for pos, k in reversed(unknown):
        best: tuple[bool, bool, int] | None = None
        for c in cards_of(pool):
            at = played_at.get(c, 99)
            if at <= k:
                continue  # he played it before this draw
            suit = int(c.suit)
            before = any(f % 4 == suit and f // 4 <= k for f in fails[other])
            after = any(f % 4 == suit and k < f // 4 < at for f in fails[other])
            key = (not after, before, int(c))
            if best is None or key > best:
                best = key
        if best is None:
            raise ConfigError("the cards given do not fit the observation's draws")
        stock[pos] = Card(best[2])
        pool &= ~(1 << best[2])
        drawn[other] |= 1 << best[2]
    dealt = [(hands[h] | played[h]) & ~drawn[h] for h in range(HANDS)]
    state = GermanState(dealt, [c for c in stock if c is not None], obs.dealer, opts,
                        score=(obs.score[0], obs.score[1]))
    calls = iter(call for _, call in obs.calls)
    for _, cards in tricks:
        for c in cards:
            if state.pending:
                state.apply_unchecked(next(calls))
            state.apply_unchecked(c)
    if state.pending and len(state.calls) < len(obs.calls):
        state.apply_unchecked(next(calls))
    return state


def _amend(overrides: dict[str, Any]) -> dict[str, Any]:
    if overrides.get("trump") == "none" and "face_up" not in overrides:
        return {**overrides, "face_up": 0}
    return overrides


def _declare(options: GermanOptions) -> Declaration:
    """What a hand of German whist declares: each player for himself, 52 cards and, with
    an open stock, a ``take`` call after each trick of the stock phase; at most 13 points
    (tricks over 13, or a point per trick of the play phase), or 1 (standard)."""
    takes = STOCK_TRICKS if options.face_up >= 2 else 0
    most = 1 if options.scoring == "standard" else STOCK_TRICKS
    return Declaration((0, 1), "each", SIDES, "player", 4 * STOCK_TRICKS + takes, 0, most)


GERMAN = Variant(
    name="german",
    players=HANDS,
    hands=HANDS,
    description="German whist for two: a stock phase of 13 tricks, then 13 tricks with "
                "both hands known (seed 001 and the rule pages' scorings).",
    options_type=GermanOptions,
    presets=PRESETS,
    default_preset="seed-001",
    deal=new_german_deal,
    from_setup=from_setup,
    rebuild=rebuild,
    match_rules=GermanMatchRules,
    declare=_declare,
    header_options=("face_up", "scoring"),
    draw=cut_for_deal,
    amend=_amend,
    title="German whist",
    rated=True,
    tally="counted",
    entry=EntryForm(columns=("N", "S")),
)
"""German whist for two: the registry's record."""
