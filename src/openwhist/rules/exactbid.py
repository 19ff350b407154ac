"""The exact-bid whists: Romanian whist and Oh Hell, for 3 to 6 players (rules.md §4.4, §4.5).

Every player bids, once and in turn from the dealer's left, the exact number of tricks he
will take; the dealer bids last and may not make the bids total the cards each player
holds (the bar, or "hook").  The hand size changes from deal to deal by a schedule (1-8-1,
8-1-8...) that the match rules keep; the card after the deal is turned for trump, and a
deal that leaves no card is played without trumps.  Each plays for himself and scores
for himself: an exact bid earns a bonus, a miss costs or earns by the options, and a run
of exact bids (or of misses) may earn a streak bonus (or penalty).

Two families share this module: ``romanian`` (8 cards a player at most, from a deck cut to
the highest 8 x players cards; follow suit, else trump; 5 + bid or minus the difference;
+-10 on the 5th hit or miss in a row) and ``oh-hell`` (52 cards; follow suit; a trick a
point and 10 for an exact bid, the form OpenSpiel's ``oh_hell`` plays).

>>> import openwhist
>>> deal = openwhist.new_deal("romanian", seed=1, players=5)
>>> deal.n_hands, deal.cards, deal.phase, deal.to_move, deal.trump is None
(5, 8, 'auction', 1, True)
>>> [str(a) for a in deal.legal_actions()][:3]
['bid 0', 'bid 1', 'bid 2']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple

from openwhist.cards import FULL_DECK, Card, CardSet, format_hand, given_cards, parse_hand, shuffled_deck
from openwhist.errors import ConfigError, IllegalActionError, InvalidActionError
from openwhist.rules.actions import Action, Call, parse_action
from openwhist.rules.events import CallMade
from openwhist.rules.match_rules import GameRecord, MatchLength, MatchRules, SheetRow
from openwhist.rules.observation import Observation
from openwhist.rules.options import OptionsRecord, option
from openwhist.rules.seats import each_for_himself, parse_seat, seat_name, seat_names
from openwhist.rules.stakes import Stakes
from openwhist.rules.tricks import TrickPlay, cards_of
from openwhist.rules.variant import Declaration, EntryForm, Variant

__all__ = [
    "OH_HELL",
    "OH_HELL_PRESETS",
    "ROMANIAN",
    "ROMANIAN_PRESETS",
    "ExactBidMatchRules",
    "ExactBidOptions",
    "ExactBidResult",
    "ExactBidState",
    "deal_points",
    "deal_stakes",
    "deck_mask",
    "forbidden_bid",
    "new_exact_bid_deal",
    "schedule",
    "score_deal",
    "streak_points",
]

BID_CALLS: tuple[Call, ...] = tuple(Call.make("bid", k) for k in range(18))
"""``BID_CALLS[k]``: the call ``bid k`` (a hand holds at most 17 cards: 52 cards, 3 players,
one turned for trump)."""

DealKind = Literal["normal", "forehead", "blind"]
"""A normal deal; a forehead deal (each player bids seeing the others' cards, not his own);
a blind deal (bids made with no card seen)."""


@dataclass(frozen=True)
class ExactBidOptions(OptionsRecord):
    """Every option of the exact-bid whists (rules.md §4.4, §4.5); the presets of
    :data:`ROMANIAN_PRESETS` and :data:`OH_HELL_PRESETS` set the books' forms."""

    players: int = option(4, "players at the table, each for himself", range=(3, 6))
    deck: Literal["short", "full"] = option(
        "short", "short: the highest 8 x players cards (3 players A-9, 4 A-7, 5 A-5, 6 A-3), as "
        "Romanian whist; full: all 52 cards, as Oh Hell")
    schedule: Literal["1-max-1", "max-1-max", "1-max", "max-1"] = option(
        "1-max-1", "the hand sizes, deal by deal: from 1 card up to the most and back (1-8-1), "
        "from the most down to 1 and back (8-1-8), or one way only")
    max_cards: int | None = option(
        None, "the most cards a player is dealt (none: 8 with the short deck; with the full "
        "deck the most that leaves a card to turn for trump, 17 / 12 / 10 / 8 for 3 / 4 / 5 / 6 "
        "players); a deal that leaves no card to turn is played without trumps", range=(1, 17))
    repeat_ends: bool = option(
        True, "deal the smallest and the largest hands once per player (Romanian: n deals of 1 "
        "and n of 8, 3n + 12 deals in all); off: once each")
    hook: bool = option(
        True, "the bar on the last bidder: the dealer may not make the bids total the cards "
        "each player holds")
    must_trump: bool = option(
        True, "a player void in the suit led must trump if he can (Romanian whist); off: "
        "follow suit, else any card (Oh Hell)")
    exact_bonus: int = option(5, "points for an exact bid, besides trick_points a trick",
                              range=(0, 100))
    trick_points: int = option(1, "points a trick taken when the bid is exact (5 + bid: 5 "
                               "and 1)", range=(0, 10))
    miss: Literal["difference", "tricks", "zero"] = option(
        "difference", "a missed bid: difference loses miss_points a trick of difference "
        "between bid and tricks; tricks scores trick_points a trick taken; zero scores nothing")
    miss_points: int = option(1, "points lost a trick of difference on a missed bid",
                              range=(0, 10))
    streak: int | None = option(
        5, "exact bids (or misses) in a row that earn streak_bonus (or cost streak_penalty), "
        "on the deal that completes them; none: no streaks", range=(2, 20))
    streak_bonus: int = option(10, "points for a streak of exact bids", range=(0, 100))
    streak_penalty: int = option(10, "points lost for a streak of misses", range=(0, 100))
    streak_repeat: bool = option(
        False, "a streak starts again once scored (10 in a row earn two bonuses); off: only "
        "the deal that completes the first streak scores, as the engine of the golden game")
    streak_ones: bool = option(
        False, "1-card deals count in streaks; off: they neither count nor break one")
    forehead: Literal["none", "end", "ones"] = option(
        "none", "forehead deals (each player bids seeing the others' single card, not his "
        "own): none; end: one more 1-card deal at the end of the game; ones: every 1-card deal")
    blind: bool = option(False, "one more 1-card deal at the end of the game, bid blind "
                         "(no card seen until the bids are made)")

    def __post_init__(self) -> None:
        self.check_types()  # and each number's declared range
        most = self.most_cards
        deck = 8 * self.players if self.deck == "short" else 52
        if most * self.players > deck:
            raise ConfigError(f"{self.players} players cannot each be dealt {most} cards from "
                              f"a deck of {deck}: max_cards is at most {deck // self.players}")

    @property
    def deck_size(self) -> int:
        """Cards in the deck: 8 a player (short) or 52."""
        return 8 * self.players if self.deck == "short" else 52

    @property
    def most_cards(self) -> int:
        """The largest hand of the schedule (``max_cards`` or its default)."""
        if self.max_cards is not None:
            return self.max_cards
        return 8 if self.deck == "short" else 51 // self.players


ROMANIAN_PRESETS: dict[str, ExactBidOptions] = {
    "romanian-1-8-1": ExactBidOptions(),
    "romanian-8-1-8": ExactBidOptions(schedule="max-1-max"),
    "romanian-once": ExactBidOptions(repeat_ends=False),
    "romanian-no-streaks": ExactBidOptions(streak=None),
    "romanian-whist-mate": ExactBidOptions(streak_bonus=5, streak_penalty=5, streak_repeat=True),
    "romanian-forehead": ExactBidOptions(forehead="end", blind=True),
    "romanian-forehead-ones": ExactBidOptions(forehead="ones"),
}
"""Romanian whist (rules.md §4.4): the 1-8-1 game with the streaks of the engine whose game
is our golden record (the default); 8-1-8; the ends dealt once; no streaks; the Whist
Mate app's streaks (+-5, scored again every 5); one forehead and one blind deal added at
the end; every 1-card deal a forehead deal."""

_OH_HELL = ExactBidOptions(deck="full", repeat_ends=False, must_trump=False, exact_bonus=10,
                           miss="tricks", streak=None)

OH_HELL_PRESETS: dict[str, ExactBidOptions] = {
    "oh-hell-basic": _OH_HELL,
    "oh-hell-no-trump-top": replace(_OH_HELL, max_cards=13),
    "oh-hell-zero": replace(_OH_HELL, miss="zero"),
    "oh-hell-difference": replace(_OH_HELL, exact_bonus=5, miss="difference"),
    "oh-hell-plus-five": replace(_OH_HELL, exact_bonus=5),
    "oh-hell-penalty": replace(_OH_HELL, miss="difference"),
    "oh-hell-down": replace(_OH_HELL, schedule="max-1"),
    "oh-hell-no-hook": replace(_OH_HELL, hook=False),
}
"""Oh Hell (rules.md §4.5): a trick a point and 10 for an exact bid, follow suit only, the
hook on, 1 card up to the most that leaves a trump card and back (the default: pagat's
basic form and OpenSpiel's ``oh_hell``); 4 players up to 13 cards with the top deal
no-trump; misses score 0 (Wikipedia); 5 + bid or minus the difference (oocities); tricks
+ 5 (traditionalgamerules); 10 + tricks or minus the difference (OpenSpiel's
``off_bid_penalty``); from the most down to 1; no hook."""


# --- the rules as small functions -------------------------------------------------------------


def deck_mask(options: ExactBidOptions) -> int:
    """The cards in play: the highest 8 x players of each suit's ranks (short), or all 52.

    >>> from openwhist.cards import format_hand
    >>> format_hand(deck_mask(ExactBidOptions(players=3)))
    'S:AKQJT9 H:AKQJT9 D:AKQJT9 C:AKQJT9'
    """
    if options.deck == "full":
        return FULL_DECK
    per_suit = 2 * options.players  # 8 x players / 4 suits
    ranks = ((1 << per_suit) - 1) << (13 - per_suit)
    return sum(ranks << 13 * s for s in range(4))


def schedule(options: ExactBidOptions) -> tuple[tuple[int, DealKind], ...]:
    """The deals of one game: (cards per player, kind) for each, in order.

    >>> [k for k, _ in schedule(ExactBidOptions())]  # 3n + 12 deals for 4 players
    [1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1]
    >>> [k for k, _ in schedule(ExactBidOptions(players=3, schedule="max-1-max"))]
    [8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    """
    n, top = options.players, options.most_cards
    ends = n if options.repeat_ends else 1
    up = list(range(2, top))
    low, high = [1] * ends, [top] * ends
    if top == 1:
        sizes = low
    elif options.schedule == "1-max-1":
        sizes = low + up + high + up[::-1] + low
    elif options.schedule == "max-1-max":
        sizes = high + up[::-1] + low + up + high
    elif options.schedule == "1-max":
        sizes = low + up + high
    else:
        sizes = high + up[::-1] + low
    ones: DealKind = "forehead" if options.forehead == "ones" else "normal"
    deals: list[tuple[int, DealKind]] = [(k, ones if k == 1 else "normal") for k in sizes]
    if options.forehead == "end":
        deals.append((1, "forehead"))
    if options.blind:
        deals.append((1, "blind"))
    return tuple(deals)


def forbidden_bid(options: ExactBidOptions, cards: int, bids: Sequence[int | None],
                  bidder: int, dealer: int) -> int | None:
    """The bid the bar forbids ``bidder`` (None: none): only the dealer, the last to bid,
    may not make the total equal the cards each player holds.

    >>> forbidden_bid(ExactBidOptions(), 5, [2, 0, 1, None], 3, 3)
    2
    >>> forbidden_bid(ExactBidOptions(), 5, [3, 1, 2, None], 3, 3) is None
    True
    """
    if not options.hook or bidder != dealer:
        return None
    rest = cards - sum(b for h, b in enumerate(bids) if h != bidder and b is not None)
    return rest if 0 <= rest <= cards else None


def deal_points(options: ExactBidOptions, bid: int, tricks: int) -> int:
    """A player's points for a deal before any streak (rules.md §4.4, §4.5).

    >>> rom = ExactBidOptions()
    >>> deal_points(rom, 3, 3), deal_points(rom, 0, 0), deal_points(rom, 2, 5)
    (8, 5, -3)
    >>> oh = OH_HELL_PRESETS["oh-hell-basic"]
    >>> deal_points(oh, 2, 2), deal_points(oh, 2, 3), deal_points(oh, 0, 0)
    (12, 3, 10)
    """
    if bid == tricks:
        return options.exact_bonus + options.trick_points * tricks
    if options.miss == "difference":
        return -options.miss_points * abs(bid - tricks)
    if options.miss == "tricks":
        return options.trick_points * tricks
    return 0


Runs = tuple[tuple[int, int], ...]
"""Per player: exact bids in a row and misses in a row before a deal."""


def streak_points(options: ExactBidOptions, cards: int, made: bool,
                  run: tuple[int, int]) -> tuple[int, tuple[int, int]]:
    """The streak bonus (or penalty) a player's deal adds, and his runs after it.

    ``run`` is (exact bids in a row, misses in a row) before the deal.  With the defaults
    (rules.md §4.4, the engine of the golden game) only the deal that completes the 5th in
    a row scores +-10, and 1-card deals neither count nor break a run.

    >>> rom, run, got = ExactBidOptions(), (0, 0), []
    >>> for _ in range(6):
    ...     extra, run = streak_points(rom, 2, True, run)
    ...     got.append(extra)
    >>> got, run
    ([0, 0, 0, 0, 10, 0], (6, 0))
    >>> streak_points(rom, 1, False, (4, 0))
    (0, (4, 0))
    """
    length = options.streak
    if length is None or (cards == 1 and not options.streak_ones):
        return 0, run
    hits, misses = run
    hits, misses = (hits + 1, 0) if made else (0, misses + 1)
    count = hits if made else misses
    scored = count == length or (options.streak_repeat and count % length == 0)
    if not scored:
        return 0, (hits, misses)
    if options.streak_repeat:
        hits, misses = (0, 0)
    return (options.streak_bonus if made else -options.streak_penalty), (hits, misses)


# --- one deal ---------------------------------------------------------------------------------


class ExactBidResult(NamedTuple):
    """The score of one deal, per player: bids, tricks taken, the points of the deal
    (streak included), the streak part of them, and each player's runs after the deal."""

    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    streak_points: tuple[int, ...]
    runs: Runs

    @property
    def made(self) -> tuple[bool, ...]:
        """Per player: the bid was exact."""
        return tuple(b == t for b, t in zip(self.bids, self.tricks))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict."""
        return {"bids": list(self.bids), "tricks": list(self.tricks), "points": list(self.points),
                "streak_points": list(self.streak_points), "runs": [list(r) for r in self.runs],
                "made": list(self.made)}


def score_deal(options: ExactBidOptions, cards: int, bids: Sequence[int], tricks: Sequence[int],
               runs: Runs) -> ExactBidResult:
    """A deal of ``cards`` cards a player scored: each player's points (:func:`deal_points`
    and :func:`streak_points`, from his runs before the deal).

    >>> score_deal(ExactBidOptions(players=3), 2, [1, 0, 0], [1, 1, 0], ((4, 0), (4, 0), (0, 0))).points
    (16, -1, 5)
    """
    points, extras, after = [], [], []
    for h in range(len(bids)):
        extra, run = streak_points(options, cards, bids[h] == tricks[h], runs[h])
        points.append(deal_points(options, bids[h], tricks[h]) + extra)
        extras.append(extra)
        after.append(run)
    return ExactBidResult(tuple(bids), tuple(tricks), tuple(points), tuple(extras), tuple(after))


class ExactBidState(TrickPlay):
    """One deal of an exact-bid whist: the auction (one bid each, the dealer last, under
    the bar), then the play of ``cards`` tricks, each for himself.

    Hands are numbered ``0..n-1`` clockwise; the hand left of the dealer bids first and
    leads.  ``turn_up`` is the card turned for trump (None: no card was left, no trump);
    it lies in no hand and every player sees it.  Use :func:`openwhist.new_deal`.
    """

    def __init__(self, variant: str, options: ExactBidOptions, hands: Sequence[int], dealer: int,
                 turn_up: Card | None, cards: int, kind: DealKind = "normal",
                 score: Sequence[int] | None = None, runs: Runs | None = None,
                 seed: int | None = None) -> None:
        n = options.players
        self.variant = variant
        self.options = options
        self.dealer = dealer
        self.seed = seed
        self.cards = cards
        self.kind: DealKind = kind
        self.dealt: tuple[int, ...] = tuple(hands)
        self.turn_up = turn_up
        in_play = deck_mask(options)
        taken = sum(hands) | (1 << turn_up if turn_up is not None else 0)
        self.stock = in_play & ~taken
        """The cards of the deck that were not dealt nor turned (face down)."""
        self.out = FULL_DECK & ~in_play
        """The cards left out of a short deck (every player knows them)."""
        self.start_score: tuple[int, ...] = tuple(score) if score is not None else (0,) * n
        self.runs: Runs = tuple(runs) if runs is not None else ((0, 0),) * n
        self.bids: list[int | None] = [None] * n
        self.calls: list[tuple[int, Call]] = []
        self.history = []
        self.log = []
        self._result: ExactBidResult | None = None
        self._start_play(list(hands), turn_up.suit if turn_up is not None else None,
                         (dealer + 1) % n, each_for_himself(n), n_tricks=cards,
                         must_trump=options.must_trump)
        self._bidding = True

    # --- the deal protocol --------------------------------------------------------------

    @property
    def players(self) -> int:
        """Seats at the table: one a hand."""
        return self.n_hands_

    @property
    def n_hands(self) -> int:
        """Hands dealt: one a player."""
        return self.n_hands_

    @property
    def seats(self) -> tuple[int, ...]:
        """Every hand has a player."""
        return tuple(range(self.n_hands_))

    @property
    def phase(self) -> str:
        """``"auction"``, then ``"play"``, then ``"over"``."""
        if self.to_move is None:
            return "over"
        return "auction" if self._bidding else "play"

    @property
    def forbidden(self) -> int | None:
        """The bid the bar forbids the player to bid now (None: none, or not bidding)."""
        if not self._bidding or self.to_move is None:
            return None
        return forbidden_bid(self.options, self.cards, self.bids, self.to_move, self.dealer)

    def legal_actions(self) -> Sequence[Action]:
        """The bids the player to bid may make (0..cards, less the barred one), or the cards
        the player to play may play."""
        if self.to_move is None:
            return ()
        if self._bidding:
            barred = self.forbidden
            return [BID_CALLS[k] for k in range(self.cards + 1) if k != barred]
        return self.legal_cards()

    def verify_action(self, action: Any) -> Action:
        """The action, parsed; raises :class:`IllegalActionError` (with the reason) if it
        cannot be taken now."""
        if self.to_move is None:
            raise IllegalActionError(f"the deal is over; {action} cannot be made")
        who = seat_name(self.to_move, self.n_hands_)
        if not self._bidding:
            if isinstance(action, Call) or (isinstance(action, str) and not _is_card_text(action)):
                parsed = parse_action(action)
                raise IllegalActionError(f"the bids are made: {who} plays a card, not {parsed}")
            return self.verify_card(action)
        parsed = parse_action(action)
        if not isinstance(parsed, Call) or parsed.kind != "bid":
            raise IllegalActionError(f"{who} bids first: {parsed} cannot be played before the "
                                     "bids are made")
        level = parsed.level
        assert level is not None
        if level > self.cards:
            raise IllegalActionError(f"{who} cannot bid {level}: there are {self.cards} tricks")
        if level == self.forbidden:
            raise IllegalActionError(f"{who} deals and may not bid {level}: the bids would total "
                                     f"{self.cards}, the tricks to take")
        return parsed

    def can_apply(self, action: Any) -> bool:
        """True if :meth:`apply` would accept the action (never raises)."""
        try:
            self.verify_action(action)
        except (IllegalActionError, InvalidActionError):
            return False
        return True

    def apply(self, action: Any) -> tuple[Any, ...]:
        """Make a bid or play a card; returns the events.  An illegal action raises and
        leaves the state unchanged."""
        if not self._bidding and type(action) is Card:
            return self._play_card(action)
        parsed = self.verify_action(action)
        if not self._bidding:
            return self._play_card(parsed)
        assert isinstance(parsed, Call) and parsed.level is not None and self.to_move is not None
        h = self.to_move
        self.bids[h] = parsed.level
        self.calls.append((h, parsed))
        self.history.append(parsed)
        event = CallMade(h, parsed)
        self.log.append(event)
        if h == self.dealer:
            self._bidding = False
            self.to_move = self.leader
        else:
            self.to_move = (h + 1) % self.n_hands_
        return (event,)

    def apply_unchecked(self, card: int) -> None:
        """Make a bid (an id from 52) or play a card without checking it (for search code;
        pair with :meth:`undo`)."""
        if card >= 52:
            self.apply(Call(card))
        else:
            TrickPlay.apply_unchecked(self, card)

    def undo(self) -> None:
        """Take back the last bid or card, restoring the state exactly."""
        if not self.history:
            raise IllegalActionError("nothing to undo: no bid has been made")
        self._result = None
        last = self.history[-1]
        if isinstance(last, Call):
            self.history.pop()
            h, _ = self.calls.pop()
            self.log.pop()
            self.bids[h] = None
            self._bidding = True
            self.to_move = h
            return
        self.history.pop()
        self._undo_card()

    def _deal_over(self) -> ExactBidResult:
        return self.result()

    def result(self) -> ExactBidResult:
        """The scored result of the finished deal (the streaks of the match included)."""
        if self.to_move is not None:
            raise IllegalActionError("the deal is not over yet")
        if self._result is None:
            bids = [b if b is not None else 0 for b in self.bids]
            self._result = score_deal(self.options, self.cards, bids, self.won, self.runs)
        return self._result

    def clone(self) -> ExactBidState:
        """An independent copy."""
        other = self._clone_as(ExactBidState)
        other.bids = list(self.bids)
        other.calls = list(self.calls)
        return other

    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the state, as a comparable tuple."""
        return (self.variant, self.options, self.dealer, self.cards, self.kind, self.dealt,
                self.turn_up, self.start_score, self.runs, tuple(self.bids), tuple(self.calls),
                self._bidding, *self._play_snapshot())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ExactBidState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def setup(self) -> dict[str, Any]:
        """How the deal began, for records: dealer, cards a hand, the kind of deal, hands as
        dealt, the card turned, the score and the runs before it."""
        n = self.n_hands_
        return {
            "dealer": seat_name(self.dealer, n),
            "cards": self.cards,
            "deal_kind": self.kind,
            "hands": {seat_name(h, n): format_hand(self.dealt[h]) for h in range(n)},
            "turn_up": str(self.turn_up) if self.turn_up is not None else None,
            "score_before": list(self.start_score),
            "runs_before": [list(r) for r in self.runs],
        }

    def locations(self) -> dict[str, int]:
        """Where every card is: the hands, the cards played, the face-down stock, the card
        turned and the cards left out of a short deck."""
        places = super().locations()
        places["stock"] = self.stock
        places["turn_up"] = 1 << self.turn_up if self.turn_up is not None else 0
        places["out"] = self.out
        return places

    def _own_hidden(self) -> bool:
        """A forehead or blind deal hides each player's own cards until the bids are made."""
        return self.kind != "normal" and self._bidding

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now: its hand (in a forehead deal, the others' hands
        instead, until the bids are made; in a blind deal, nothing), the card turned, the
        cards left out, the bids and the play so far."""
        if type(seat) is not int or not 0 <= seat < self.n_hands_:
            raise InvalidActionError(f"no player sits at {seat!r}: seats are {list(self.seats)}")
        return self._observe(seat)

    def public_observation(self) -> Observation:
        """What an onlooker may know now: the card turned, the bids, the play so far."""
        return self._observe(None)

    def _observe(self, seat: int | None) -> Observation:
        n = self.n_hands_
        known: dict[int, CardSet] = {}
        hidden_hand = self._own_hidden()
        if seat is not None and hidden_hand and self.kind == "forehead":
            known = {h: CardSet(self.hands[h]) for h in range(n) if h != seat}
        shown = self.out | (1 << self.turn_up if self.turn_up is not None else 0)
        values = self.play_fields(seat)
        if hidden_hand:
            values["hand"] = CardSet()
        to_move = self.to_move
        values.update(
            variant=self.variant, options=self.options, seat=seat,
            controls=() if seat is None else (seat,), dealer=self.dealer, phase=self.phase,
            to_move=to_move, actor=to_move, turn_up=self.turn_up, score=self.start_score,
            known=known, open_hands=(),
            legal=tuple(self.legal_actions()) if seat is not None and to_move == seat else (),
            calls=tuple(self.calls), shown=CardSet(shown),
            hidden={"stock": self.stock.bit_count()},
            info={"cards": self.cards, "kind": self.kind,
                  "bids": [b for b in self.bids],
                  "forbidden": self.forbidden,
                  "runs": [list(r) for r in self.runs]},
        )
        return Observation.from_fields(values)

    # --- text ---------------------------------------------------------------------------

    def __str__(self) -> str:
        n = self.n_hands_
        names = seat_names(n)
        lines = [f"dealer {names[self.dealer]}, {self.cards} cards, trump "
                 f"{self.trump.name.lower() if self.trump is not None else 'none'}"
                 + (f" (turned {self.turn_up})" if self.turn_up is not None else "")]
        for h in range(n):
            bid = self.bids[h]
            lines.append(f"{names[h]}: {format_hand(self.hands[h])}"
                         + (f"  bid {bid}, took {self.won[h]}" if bid is not None else ""))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<ExactBidState {self.variant} dealer={seat_name(self.dealer, self.n_hands_)} "
                f"cards={self.cards} phase={self.phase} to_move={self.to_move}>")


def _is_card_text(text: str) -> bool:
    try:
        Card.parse(text)
    except InvalidActionError:
        return False
    return True


def new_exact_bid_deal(
    variant: str,
    options: ExactBidOptions,
    seed: int | None = None,
    dealer: int | str = 0,
    hands: Sequence[str | Iterable[Card | int | str]] | None = None,
    turn_up: Card | int | str | None = None,
    score: Sequence[int] | None = None,
    cards: int | None = None,
    kind: DealKind = "normal",
    runs: Runs | None = None,
) -> ExactBidState:
    """Deal one hand of ``cards`` cards a player (default: the largest of the schedule):
    from a seed (the deck shuffled, the cards out of a short deck left aside, dealt one by
    one from the dealer's left, the next card turned for trump if one is left) or from
    given hands (dealer's left first; ``turn_up`` the card turned, None for no trump).
    """
    n = options.players
    try:
        dealer = parse_seat(dealer, n)
    except InvalidActionError:
        raise ConfigError(f"dealer must be a seat {', '.join(seat_names(n))} (or 0-{n - 1}), "
                          f"not {dealer!r}") from None
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ConfigError(f"a seed is a non-negative whole number, not {seed!r}")
    in_play = deck_mask(options)
    masks = [0] * n
    turn: Card | None = None
    if hands is None:
        k = options.most_cards if cards is None else cards
        if not 1 <= k <= options.most_cards:
            raise ConfigError(f"a hand holds 1 to {options.most_cards} cards, not {k!r}")
        if seed is None:
            import secrets
            seed = secrets.randbits(63)
        deck = [c for c in shuffled_deck(seed) if in_play >> c & 1]
        for i in range(n * k):
            masks[(dealer + 1 + i) % n] |= 1 << deck[i]
        if len(deck) > n * k:
            turn = deck[n * k]
    else:
        if len(hands) != n:
            raise ConfigError(f"give {n} hands (from the dealer's left), not {len(hands)}")
        seen = 0
        for i, h in enumerate(hands):
            for c in given_cards(h):
                if seen >> c & 1:
                    raise ConfigError(f"{c} is given twice")
                if not in_play >> c & 1:
                    raise ConfigError(f"{c} is not in the deck of {options.deck_size} cards")
                seen |= 1 << c
                masks[(dealer + 1 + i) % n] |= 1 << c
        sizes = {m.bit_count() for m in masks}
        if len(sizes) != 1 or 0 in sizes:
            raise ConfigError("the hands must all hold the same number of cards "
                              f"(got {', '.join(str(m.bit_count()) for m in masks)})")
        k = sizes.pop()
        if cards is not None and cards != k:
            raise ConfigError(f"the hands hold {k} cards, not {cards}")
        if k > options.most_cards:
            raise ConfigError(f"a hand holds at most {options.most_cards} cards, not {k}")
        if turn_up is not None:
            turn = Card.parse(turn_up) if isinstance(turn_up, str) else Card(turn_up)
            if seen >> turn & 1 or not in_play >> turn & 1:
                raise ConfigError(f"the card turned, {turn}, must be a card of the deck in no hand")
    if score is not None and len(score) != n:
        raise ConfigError(f"give a score for each of the {n} players, not {len(score)}")
    if runs is not None and len(runs) != n:
        raise ConfigError(f"give the runs of each of the {n} players, not {len(runs)}")
    if kind != "normal" and k != 1:
        raise ConfigError(f"a {kind} deal has 1 card a player, not {k}")
    return ExactBidState(variant, options, masks, dealer, turn, k, kind=kind, score=score,
                         runs=runs, seed=seed)


def from_setup(variant: str) -> Any:
    """The ``from_setup`` of a family: the deal that :meth:`ExactBidState.setup` describes."""

    def build(options: ExactBidOptions, setup: Mapping[str, Any]) -> ExactBidState:
        n = options.players
        dealer = parse_seat(setup["dealer"], n)
        names = seat_names(n)
        order = [(dealer + 1 + i) % n for i in range(n)]
        hands = [cards_of(parse_hand(setup["hands"][names[h]])) for h in order]
        runs = setup.get("runs_before")
        return new_exact_bid_deal(
            variant, options, dealer=dealer, hands=hands, turn_up=setup.get("turn_up"),
            score=tuple(int(x) for x in setup.get("score_before", (0,) * n)),
            cards=int(setup["cards"]), kind=setup.get("deal_kind", "normal"),
            runs=None if runs is None else tuple((int(a), int(b)) for a, b in runs))

    return build


def rebuild(obs: Observation, hands: Sequence[int],
            hidden: Mapping[str, Sequence[int]] | None = None) -> ExactBidState:
    """A full deal consistent with ``obs``: ``hands`` the cards each hand holds now (the
    observer's own and the public ones as observed, the rest sampled), ``hidden["stock"]``
    the face-down stock (which the play never reads); the bids and the cards played so
    far are replayed."""
    plays: list[tuple[int, int]] = []
    n = obs.n_hands
    for t in obs.tricks:
        plays.extend((t.seat_of(i, n), int(c)) for i, c in enumerate(t.cards))
    plays.extend((seat, int(c)) for seat, c in obs.trick)
    dealt = list(hands)
    for seat, c in plays:
        dealt[seat] |= 1 << c
    info = obs.info
    runs = tuple((int(a), int(b)) for a, b in info["runs"])
    state = ExactBidState(obs.variant, obs.options, dealt, obs.dealer, obs.turn_up,
                          int(info["cards"]), kind=info["kind"], score=obs.score, runs=runs)
    for _, call in obs.calls:
        state.apply(call)
    for _, c in plays:
        state.apply_unchecked(c)
    return state


def deal_stakes(obs: Observation) -> Stakes | None:
    """What a deal's tricks are worth to each player once the bids are made: his points
    (the streak included) for each number of tricks he may take in the whole deal, by his
    bid (sides are players here); None during the auction.

    >>> deal = new_exact_bid_deal("romanian", ExactBidOptions(), seed=2, cards=3)
    >>> for bid in ("bid 1", "bid 0", "bid 1", "bid 2"):
    ...     _ = deal.apply(bid)
    >>> deal_stakes(deal.observation(0)).worth(deal.dealt, 1)  # hand 1 bid 1
    (-1.0, 6.0, -1.0, -2.0)
    """
    bids = obs.info.get("bids")
    if obs.phase != "play" or not isinstance(bids, list) or None in bids:
        return None
    options: ExactBidOptions = obs.options
    cards = int(obs.info["cards"])
    runs = [(int(a), int(b)) for a, b in obs.info["runs"]]

    def worth(dealt: Sequence[int], side: int) -> tuple[float, ...]:
        bid = int(bids[side])
        return tuple(float(deal_points(options, bid, t)
                           + streak_points(options, cards, bid == t, runs[side])[0])
                     for t in range(cards + 1))

    return Stakes(worth, "points")


# --- the match ---------------------------------------------------------------------------------


class ExactBidMatchRules(MatchRules):
    """A game of an exact-bid whist: the deals of the schedule (:func:`schedule`), each
    player's points added up, the streak runs carried from deal to deal.  ``until="game"``
    plays ``count`` whole games; ``"deals"`` that many deals (going round the schedule)."""

    UNTIL = ("game", "deals")
    DEFAULT = ("game", 1)
    GAME = "game"
    TOTALS = "points"

    def __init__(self, options: ExactBidOptions) -> None:
        super().__init__(options, sides=options.players)
        self.deals_of_game = schedule(options)
        self.runs: Runs = ((0, 0),) * options.players
        self.played = 0

    def lengths(self) -> tuple[MatchLength, ...]:
        """A number of games (of the whole schedule), or of deals."""
        return (MatchLength("game", "games", "games", 1, max_count=10),
                MatchLength("deals", "deals", "deals", len(self.deals_of_game), max_count=200))

    def deal_args(self) -> dict[str, Any]:
        """The next deal's hand size and kind by the schedule, the score and the runs."""
        cards, kind = self.deals_of_game[self.played % len(self.deals_of_game)]
        return {"cards": cards, "kind": kind, "score": tuple(self.totals), "runs": self.runs}

    def add_deal(self, state: Any, number: int) -> SheetRow:
        """Add a finished deal's points (streaks included) to each player's total."""
        res: ExactBidResult = state.result()
        for h, p in enumerate(res.points):
            self.totals[h] += p
            self.score[h] += p
        self.runs = res.runs
        self.played += 1
        trump = state.trump.name.lower() if state.trump is not None else "none"
        won: int | None = None
        if self.played % len(self.deals_of_game) == 0:
            won = max(range(len(self.score)), key=lambda h: self.score[h])
            self.games.append(GameRecord(len(self.games) + 1, won, tuple(self.score),
                                         self.score[won]))
            self.score = [0] * len(self.score)
        return SheetRow(number, state.dealer, trump, res, tuple(self.totals), won)

    def is_over(self, until: str, count: int, deals: int) -> bool:
        """True after ``count`` whole games, or ``count`` deals."""
        if until == "game":
            return deals >= count * len(self.deals_of_game)
        return deals >= count


# --- the records -------------------------------------------------------------------------------


def _declare(options: ExactBidOptions) -> Declaration:
    """Each player for himself, points per player; the longest deal is the largest hand's
    bids and cards; the points from the scoring options and the streaks."""
    n, top = options.players, options.most_cards
    low = min(0, -options.miss_points * top) if options.miss == "difference" else 0
    high = options.exact_bonus + options.trick_points * top
    if options.streak is not None:
        low -= options.streak_penalty
        high += options.streak_bonus
    return Declaration(tuple(range(n)), "each", each_for_himself(n), "player",
                       n + n * top, low, high, bids=True, deck=deck_mask(options),
                       hand_cards=top)


_HEADER = ("players", "deck", "max_cards", "exact_bonus", "trick_points", "miss", "miss_points",
           "streak", "streak_bonus", "streak_penalty")


def _dealer_of(variant: str) -> Any:
    def deal(options: ExactBidOptions, **kwargs: Any) -> ExactBidState:
        return new_exact_bid_deal(variant, options, **kwargs)
    return deal


def _family(name: str, title: str, description: str, presets: Any, default_preset: str) -> Variant:
    """The record of an exact-bid family: everything but its name, words and presets is
    shared (the options, the deal, the match rules, the declared header, the stakes)."""
    return Variant(
        name=name, title=title, players=4, hands=4, description=description,
        options_type=ExactBidOptions, presets=presets, default_preset=default_preset,
        deal=_dealer_of(name), from_setup=from_setup(name), rebuild=rebuild,
        match_rules=ExactBidMatchRules, declare=_declare, header_options=_HEADER,
        tally="points", stakes=deal_stakes, entry=EntryForm(bids=True, chained=True),
    )


ROMANIAN = _family(
    "romanian", "Romanian whist",
    "Romanian whist (whist românesc), 3 to 6 players: exact bids, the dealer barred, 1-8-1, "
    "must trump when void.",
    ROMANIAN_PRESETS, "romanian-1-8-1")
"""Romanian whist (rules.md §4.4): the registry's record; ``players`` is an option."""

OH_HELL = _family(
    "oh-hell", "Oh Hell",
    "Oh Hell (Judgement, Nomination whist), 3 to 6 players: exact bids, the hook, 52 cards, "
    "a trick a point and 10 for an exact bid.",
    OH_HELL_PRESETS, "oh-hell-basic")
"""Oh Hell (rules.md §4.5): the registry's record; ``players`` is an option."""
