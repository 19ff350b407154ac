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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple

from openwhist.cards import (
    SUIT_MASKS,
    Card,
    CardSet,
    Rank,
    SplitMix64,
    Suit,
    format_hand,
    parse_hand,
    shuffled_deck,
)
from openwhist.errors import ConfigError, IllegalActionError, InvalidActionError
from openwhist.rules.match_rules import GameRecord, MatchLength, MatchRules, RubberRecord, SheetRow
from openwhist.rules.observation import Observation
from openwhist.rules.options import OptionsRecord, option
from openwhist.rules.seats import PARTNERS_OPPOSITE, SEAT_NAMES, parse_seat
from openwhist.rules.stakes import Outcome, Stakes, game_chances
from openwhist.rules.tricks import (
    CardPlayed,
    DealScored,
    TrickPlay,
    TrickWon,
    cards_of,
)
from openwhist.rules.variant import Declaration, EntryForm, Variant

__all__ = [
    "CLASSIC",
    "DUMMY",
    "PRESETS",
    "ClassicMatchRules",
    "ClassicOptions",
    "ClassicState",
    "DealResult",
    "draw_for_partners",
    "game_value",
    "new_classic_deal",
    "rubber_points",
    "score_deal",
]

_HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
_BIT = tuple(1 << c for c in range(52))
_HANDS = (0, 1, 2, 3)


@dataclass(frozen=True)
class ClassicOptions(OptionsRecord):
    """Every option of the classic whist rule books, with the laws' defaults (short whist).

    Each field's help is kept with it (``openwhist rules`` prints it).
    """

    trump: Literal["turn-up", "none"] = option(
        "turn-up", "turn-up: the dealer's last card fixes trump; none: no-trump whist, no card "
        "is turned")
    honours: bool = option(
        True, "score honours: A K Q J of trumps held as dealt, 4 by a side score 4, 3 score 2")
    target: int = option(5, "points that win a game: 5 short whist, 10 long, 7 American, or any "
                         "up to 100", range=(1, 100))
    honours_barred_one_short: bool = option(
        True, "a side one point short of game at the start of the deal cannot score honours "
        "(not at 4 in short whist, none at 9 in long whist)")
    slam_bonus: int = option(0, "extra points for a side that takes all 13 tricks", range=(0, 100))
    game_values: Literal["laws", "points"] = option(
        "laws", "laws: a game is worth 3 if the losers had 0, 2 if they had less than "
        "single_from, else 1; points: a game is worth the points scored in it (total points)")
    single_from: int | None = option(
        None, "losers' score from which a game is single (default: half the target rounded "
        "up: 3 at 5 points, 5 at 10)", range=(1, 100))
    rubber_bonus: int = option(2, "points added for winning a rubber", range=(0, 100))
    rubber_bonus_rule: Literal["always", "two-nil"] = option(
        "always", "always: the bonus for a rubber won 2-0 or 2-1 (laws); two-nil: only for 2-0")
    revokes: Literal["refuse", "penalty"] = option(
        "refuse", "refuse: an illegal card is refused; penalty: any card of the hand may be "
        "played, revokes are found when the deal ends and penalised")
    revoke_penalty: Literal["best", "tricks", "points", "deduct"] = option(
        "best", "per revoke the non-offenders take 3 tricks from the revokers (tricks), add 3 "
        "points to their own score (points), deduct 3 from the revokers' score (deduct), or "
        "whichever is best for them, the game first (best)")
    dummy: int | None = option(
        None, "the hand (N, E, S, W) that is an exposed dummy played by the partner opposite "
        "(Dummy whist for three); none for four players", range=(0, 3))

    def __post_init__(self) -> None:
        self.check_types()  # and each number's declared range
        if self.single_from is not None and self.single_from > self.target:
            raise ConfigError(f"single_from must lie in 1..target, not {self.single_from!r}")
        if self.trump == "none" and self.honours:
            raise ConfigError("honours need a trump suit: use honours=False with trump='none'")

    @property
    def game_single_from(self) -> int:
        """Losers' score from which a won game counts single."""
        return self.single_from if self.single_from is not None else math.ceil(self.target / 2)


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


Event = CardPlayed | TrickWon | DealScored


class ClassicState(TrickPlay):
    """One deal of classic whist: the rules state every front end and bot drives.

    It speaks the deal protocol (:class:`openwhist.rules.base.Deal`) on the shared
    trick-play component.  Hands are numbered 0-3 clockwise (N, E, S, W); sides are 0
    (N-S) and 1 (E-W).  Use :func:`openwhist.new_deal` to make one.
    """

    variant = "classic"
    players_at_table = 4

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
        if options.dummy is not None:
            self.variant = "dummy"
        self.dealer = dealer
        self.seed = seed
        self.dealt: tuple[int, ...] = (hands[0], hands[1], hands[2], hands[3])
        self.turn_up = turn_up
        self.start_score = score
        self.history = []
        self.log = []
        self._result: DealResult | None = None
        self._start_play(hands, turn_up.suit if turn_up is not None else None, (dealer + 1) % 4,
                         PARTNERS_OPPOSITE, refuse=options.revokes == "refuse")

    # --- the deal protocol --------------------------------------------------------------

    @property
    def players(self) -> int:
        """Seats at the table: 4, or 3 in Dummy whist."""
        return 4 if self.options.dummy is None else 3

    @property
    def n_hands(self) -> int:
        """Hands dealt: always 4."""
        return 4

    @property
    def phase(self) -> str:
        """``"play"`` until the last trick, then ``"over"``."""
        return "play" if self.to_move is not None else "over"

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
    def turn_up_on_table(self) -> bool:
        """True while the turned-up card lies face up (until the dealer plays to trick 1)."""
        return (self.turn_up is not None and not self.tricks
                and self.dealer not in self.trick_seats())

    legal_actions = TrickPlay.legal_cards
    proper_actions = TrickPlay.proper_cards
    verify_action = TrickPlay.verify_card
    apply = TrickPlay._play_card

    def can_apply(self, action: Card | int | str) -> bool:
        """True if :meth:`apply` would accept the action (never raises)."""
        try:
            self.verify_card(action)
        except (IllegalActionError, InvalidActionError):
            return False
        return True

    def _deal_over(self) -> DealResult:
        return self.result()

    def undo(self) -> None:
        """Take back the last card played, restoring the state exactly."""
        if not self.history:
            raise IllegalActionError("nothing to undo: no card has been played")
        self.history.pop()
        self._result = None
        self._undo_card()

    def result(self) -> DealResult:
        """The scored result of the finished deal."""
        if self.to_move is not None:
            raise IllegalActionError("the deal is not over yet")
        if self._result is None:
            options = self.options
            if self.revokes:
                self._result = score_deal(options, self.dealt, self.trump, self.won,
                                          self.start_score, self.revokes)
            else:
                # a deal without revokes scores from a few numbers: the result is kept by them
                held = honours_held(self.dealt, self.trump) if options.honours else (0, 0)
                key = (id(options), held, self.won[0], self.won[1], self.start_score)
                known = _SCORED.get(key)
                if known is None or known[0] is not options:
                    if len(_SCORED) >= 4096:
                        _SCORED.clear()
                    known = _SCORED[key] = (options, score_deal(
                        options, self.dealt, self.trump, self.won, self.start_score))
                self._result = known[1]
        return self._result

    def clone(self) -> ClassicState:
        """An independent copy."""
        return self._clone_as(ClassicState)

    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the state, as a comparable tuple."""
        return (self.options, self.dealer, self.dealt, self.turn_up, self.start_score,
                *self._play_snapshot())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ClassicState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def setup(self) -> dict[str, Any]:
        """How the deal began, for records: dealer, hands as dealt, turn-up, game score."""
        return {
            "dealer": SEAT_NAMES[self.dealer],
            "hands": {SEAT_NAMES[s]: format_hand(self.dealt[s]) for s in range(4)},
            "turn_up": str(self.turn_up) if self.turn_up is not None else None,
            "score_before": list(self.start_score),
        }

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
        dummy = self.options.dummy
        if seat not in _HANDS or seat == dummy:
            raise InvalidActionError(f"no player sits at {seat!r}: seats are {list(self.seats)}")
        return self._observe(seat)

    def public_observation(self) -> Observation:
        """What an onlooker may know now: the exposed dummy, the turned-up card while the
        dealer holds it, the play so far (no hand, nothing legal)."""
        return self._observe(None)

    def _observe(self, seat: int | None) -> Observation:
        dummy = self.options.dummy
        # the hands ``seat`` plays, in order: its own, and the dummy opposite it
        controls: tuple[int, ...] = ()
        if seat is not None:
            if dummy is not None and (dummy + 2) % 4 == seat:
                controls = (seat, dummy) if seat < dummy else (dummy, seat)
            else:
                controls = (seat,)
        to_move = self.to_move
        legal: tuple[Card, ...] = ()
        if to_move is not None and to_move in controls:
            legal = tuple(self.proper_cards())
        values = self.deal_fields(
            seat,
            controls=controls,
            actor=None if to_move is None else (to_move + 2) % 4 if to_move == dummy else to_move,
            turn_up=self.turn_up if self.turn_up_on_table else None,
            known={h: cs for h, cs in self.known_cards().items() if h != seat},
            open_hands=(dummy,) if dummy is not None and dummy != seat else (),
            legal=legal,
        )
        return Observation.from_fields(values)

    # --- text ---------------------------------------------------------------------------

    def __str__(self) -> str:
        lines = [f"dealer {SEAT_NAMES[self.dealer]}, trump "
                 f"{self.trump.name.lower() if self.trump is not None else 'none'}"
                 + (f" (turned up {self.turn_up})" if self.turn_up is not None else "")]
        for s in range(4):
            lines.append(f"{SEAT_NAMES[s]}: {format_hand(self.hands[s])}")
        if self.trick:
            lines.append("trick: " + " ".join(f"{SEAT_NAMES[s]}:{c}" for s, c in
                                              zip(self.trick_seats(), self.trick)))
        lines.append(f"tricks NS {self.won[0]} EW {self.won[1]}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<ClassicState dealer={SEAT_NAMES[self.dealer]} trump={self.trump} "
                f"tricks={len(self.tricks)} to_move={self.to_move}>")


_HONOUR_MASKS = tuple(sum(1 << (13 * s + rank) for rank in _HONOURS) for s in range(4))
"""``_HONOUR_MASKS[suit]``: A K Q J of the suit, as a mask."""

_SCORED: dict[tuple[Any, ...], tuple[ClassicOptions, DealResult]] = {}
"""Results of deals without revokes, by their options (the object's id, the object kept
with the result so that the id is never reused), honours held, tricks and score before."""


def honours_held(dealt: Sequence[int], trump: Suit | None) -> tuple[int, int]:
    """How many of A K Q J of trumps each side was dealt."""
    if trump is None:
        return (0, 0)
    honours = _HONOUR_MASKS[trump]
    return (((dealt[0] | dealt[2]) & honours).bit_count(),
            ((dealt[1] | dealt[3]) & honours).bit_count())


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

    Each revoke is penalised as ``options.revoke_penalty`` says; with ``"best"`` the
    non-offenders take, for each revoke, whichever of the laws' three penalties (3 tricks,
    3 points added, 3 points deducted from the revokers) is best for them: the one that
    wins them the game this deal first, then the one that leaves them furthest ahead.
    """
    choice = options.revoke_penalty
    if choice != "best" or not revokes:
        return _score(options, dealt, trump, tricks, start_score, revokes, [choice] * len(revokes))
    import itertools

    kinds = ("tricks", "points", "deduct")
    combos = (itertools.product(kinds, repeat=len(revokes)) if len(revokes) <= 4
              else ((k,) * len(revokes) for k in kinds))
    sides = {seat % 2 for seat, _ in revokes}
    chooser = 1 - next(iter(sides)) if len(sides) == 1 else None
    best: tuple[tuple[int, int], DealResult] | None = None
    for combo in combos:
        res = _score(options, dealt, trump, tricks, start_score, revokes, list(combo))
        if chooser is None:  # both sides revoked: neither can win the game; points decide
            key = (0, sum((res.points[1 - s % 2] - res.points[s % 2]) for s, _ in revokes))
        else:
            key = (int(res.game_winner == chooser), res.points[chooser] - res.points[1 - chooser])
        if best is None or key > best[0]:
            best = (key, res)
    assert best is not None
    return best[1]


def _score(
    options: ClassicOptions,
    dealt: Sequence[int],
    trump: Suit | None,
    tricks: Sequence[int],
    start_score: tuple[int, int],
    revokes: Sequence[tuple[int, int]],
    choices: Sequence[str],
) -> DealResult:
    target = options.target
    won = [tricks[0], tricks[1]]
    n = won[0] + won[1]
    book = n // 2
    penalty_points = [0, 0]
    penalty_tricks = [0, 0]
    revoking_sides = {seat % 2 for seat, _ in revokes}
    for (seat, _), choice in zip(revokes, choices):
        off, non = seat % 2, 1 - seat % 2
        if choice == "tricks":
            take = min(3, won[off])
            won[off] -= take
            won[non] += take
            penalty_tricks[non] += take
        elif choice == "deduct":
            penalty_points[off] -= 3
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
            add = max(add, -score[s])  # a deduction stops at nothing
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


def new_classic_deal(
    options: ClassicOptions,
    seed: int | None = None,
    dealer: int | str = 0,
    hands: Sequence[str | Iterable[Card | int | str]] | None = None,
    turn_up: Card | int | str | None = None,
    score: tuple[int, int] = (0, 0),
) -> ClassicState:
    """Deal a classic-whist hand: from a seed, or from given hands (dealer's left first).

    ``dealer`` is a hand 0-3 or its letter (``"N"``).
    """
    try:
        dealer = parse_seat(dealer)
    except InvalidActionError:
        raise ConfigError(f"dealer must be a seat N, E, S or W (or 0-3), not {dealer!r}") from None
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ConfigError(f"a seed is a non-negative whole number, not {seed!r}")
    masks = [0, 0, 0, 0]
    last: Card | None = None
    if hands is None:
        if seed is None:
            import secrets
            seed = secrets.randbits(63)
        deck = shuffled_deck(seed)
        bit = _BIT.__getitem__
        for k in range(4):
            masks[(dealer + 1 + k) % 4] = sum(map(bit, deck[k::4]))
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


# --- games and rubbers (rules.md §2.5) -------------------------------------------------------


def game_value(options: ClassicOptions, losers_score: int, winners_points: int = 0) -> int:
    """What a won game is worth for the rubber.

    Laws: treble (3) if the losers have nothing, double (2) if they have less than
    ``options.game_single_from``, single (1) otherwise; with ``game_values="points"`` the
    points the winners scored in the game.

    >>> [game_value(PRESETS["english-short"], s) for s in range(5)]
    [3, 2, 2, 1, 1]
    """
    if options.game_values == "points":
        return winners_points
    return 3 if losers_score == 0 else 2 if losers_score < options.game_single_from else 1


def rubber_points(options: ClassicOptions, games: Sequence[GameRecord], winner: int,
                  points_scored: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    """Each side's points for a finished rubber.

    Laws: the winners get their game values plus the rubber bonus less the losers' game
    values.  With ``game_values="points"`` each side keeps the points it scored
    (``points_scored``) and the winners add the bonus.  With ``rubber_bonus_rule="two-nil"``
    the bonus is only for a 2-0 rubber.
    """
    won = sum(1 for g in games if g.winner == winner)
    lost = len(games) - won
    bonus = options.rubber_bonus
    if options.rubber_bonus_rule == "two-nil" and lost > 0:
        bonus = 0
    if options.game_values == "points":
        result = list(points_scored)
        result[winner] += bonus
    else:
        mine = sum(g.value for g in games if g.winner == winner)
        theirs = sum(g.value for g in games if g.winner != winner)
        result = [0, 0]
        result[winner] = mine + bonus - theirs
    return (result[0], result[1])


class ClassicMatchRules(MatchRules):
    """Games to the target, rubbers of three games, rubber points (the laws of short and
    long whist, and the Dutch book's total points)."""

    UNTIL = ("game", "rubber", "deals")
    DEFAULT = ("rubber", 1)
    SCORE = "game score"
    TOTALS = "rubber points"

    def __init__(self, options: ClassicOptions) -> None:
        super().__init__(options, 2)
        self._rubber_games: list[GameRecord] = []
        self._rubber_points = [0, 0]
        self._game_points = [0, 0]

    def lengths(self) -> tuple[MatchLength, ...]:
        """N games, N rubbers (best of three games each) or N deals (4: each hand deals once)."""
        return (MatchLength("game", "games", "games", 1, max_count=50),
                MatchLength("rubber", "rubbers", "rubbers", 1, max_count=20),
                MatchLength("deals", "deals", "deals", 4, max_count=100))

    def game_target(self) -> int:
        """The points that win a game (option ``target``)."""
        return int(self.options.target)

    def deal_args(self) -> dict[str, Any]:
        """A deal is dealt with the game score (honours depend on it)."""
        return {"score": (self.score[0], self.score[1])}

    def add_deal(self, state: Any, number: int) -> SheetRow:
        """Add the deal's points to the game; finish a game and a rubber when won."""
        res = state.result()
        for s in (0, 1):
            self.score[s] += res.points[s]
            self._game_points[s] += res.points[s]
        won = res.game_winner
        trump = state.trump.name.lower() if state.trump is not None else "none"
        row = SheetRow(number, state.dealer, trump, res, (self.score[0], self.score[1]), won)
        if won is not None:
            self._finish_game(won)
        return row

    def _finish_game(self, winner: int) -> None:
        opts = self.options
        value = game_value(opts, self.score[1 - winner], self._game_points[winner])
        game = GameRecord(len(self.games) + 1, winner, (self.score[0], self.score[1]), value)
        self.games.append(game)
        self._rubber_games.append(game)
        for s in (0, 1):
            self._rubber_points[s] += self._game_points[s] if opts.game_values == "points" else 0
        self.score = [0, 0]
        self._game_points = [0, 0]
        wins = [sum(1 for g in self._rubber_games if g.winner == s) for s in (0, 1)]
        if max(wins) == 2:
            rubber_winner = 0 if wins[0] == 2 else 1
            points = rubber_points(opts, self._rubber_games, rubber_winner,
                                   (self._rubber_points[0], self._rubber_points[1]))
            for s in (0, 1):
                self.totals[s] += points[s]
            self.rubbers.append(RubberRecord(len(self.rubbers) + 1, rubber_winner,
                                             (wins[0], wins[1]), (points[0], points[1])))
            self._rubber_games = []
            self._rubber_points = [0, 0]

    def is_over(self, until: str, count: int, deals: int) -> bool:
        """``count`` games, rubbers or deals complete."""
        if until == "game":
            return len(self.games) >= count
        if until == "rubber":
            return len(self.rubbers) >= count
        return deals >= count


def draw_for_partners(names: Sequence[str], seed: int) -> tuple[list[str], list[tuple[str, Card]]]:
    """Cut for partners and deal: the two lowest play against the two highest, the lowest
    deals first; the ace is low; players who cut equal ranks cut again among themselves.

    Returns the names in seat order (N, E, S, W with the first dealer at N and his partner
    at S) and every cut made, in order.
    """
    rng = SplitMix64(seed ^ 0x5EED_CA7D)
    cuts: list[tuple[str, Card]] = []
    keys: dict[str, list[int]] = {n: [] for n in names}

    def cut(group: list[str]) -> None:
        deck = shuffled_deck(rng.next() >> 1)
        for i, name in enumerate(group):
            card = deck[i]
            cuts.append((name, card))
            keys[name].append(0 if card.rank == Rank.ACE else card.rank + 1)
        by_key: dict[tuple[int, ...], list[str]] = {}
        for name in group:
            by_key.setdefault(tuple(keys[name]), []).append(name)
        for tied in by_key.values():
            if len(tied) > 1:
                cut(tied)

    cut(list(names))
    order = sorted(names, key=lambda n: keys[n])
    if len(order) == 4:
        low, second, third, high = order
        return [low, high, second, third], cuts
    if len(order) == 3:
        low, mid, high = order
        return [low, high, "dummy", mid], cuts
    raise ConfigError(f"drawing for partners needs 3 or 4 players, not {len(order)}")


# --- records and sampling ----------------------------------------------------------------------


def from_setup(options: ClassicOptions, setup: Mapping[str, Any]) -> ClassicState:
    """The deal that :meth:`ClassicState.setup` describes, before any card is played."""
    dealer = parse_seat(setup["dealer"])
    hands = setup["hands"]
    masks = [parse_hand(hands[SEAT_NAMES[s]]) for s in range(4)]
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    score = setup.get("score_before", (0, 0))
    return new_classic_deal(
        options,
        dealer=dealer,
        hands=[[Card(c) for c in range(52) if masks[s] >> c & 1] for s in order],
        turn_up=setup.get("turn_up"),
        score=(int(score[0]), int(score[1])),
    )


def rebuild(obs: Observation, hands: Sequence[int],
            hidden: Mapping[str, Sequence[int]] | None = None) -> ClassicState:
    """A full deal consistent with ``obs``: ``hands`` are the cards each hand holds now
    (the observer's own and the public ones as observed, the rest sampled); the cards
    played so far are replayed.  The turned-up card is the one shown, or else a trump the
    dealer played (which one only matters while it is shown).  Classic whist hides no
    cards outside the hands, so ``hidden`` is empty."""
    plays: list[tuple[int, int]] = []
    for t in obs.tricks:
        plays.extend((t.seat_of(i), int(c)) for i, c in enumerate(t.cards))
    plays.extend((seat, int(c)) for seat, c in obs.trick)
    dealt = list(hands)
    for seat, c in plays:
        dealt[seat] |= 1 << c
    state = ClassicState(dealt, obs.dealer, obs.options, _turn_up(obs, plays, dealt[obs.dealer]),
                         score=(obs.score[0], obs.score[1]))
    for _, c in plays:
        state.apply_unchecked(c)
    return state


def _turn_up(obs: Observation, plays: Sequence[tuple[int, int]], dealer_cards: int) -> Card | None:
    """The turned-up card as far as ``obs`` tells: shown on the table, or known in the
    dealer's hand, or else (a stand-in: which one only matters while it is shown) the
    first trump the dealer played, or a trump of the dealer's cards (``dealer_cards``: his
    hand as dealt in the world rebuilt), so that the dealer always held it."""
    if obs.trump is None:
        return None
    if obs.turn_up is not None:
        return obs.turn_up
    trumps = SUIT_MASKS[int(obs.trump)]
    shown = obs.known.get(obs.dealer)
    if shown is not None and shown.mask & trumps & dealer_cards:
        # still in the dealer's hand, known to all (the whole hand, if it is the dummy)
        return Card((shown.mask & trumps & dealer_cards).bit_length() - 1)
    for seat, c in plays:
        if seat == obs.dealer and trumps >> c & 1:
            return Card(c)
    if dealer_cards & trumps:
        return Card((dealer_cards & trumps).bit_length() - 1)
    return Card(int(obs.trump) * 13)


def _amend(overrides: dict[str, Any]) -> dict[str, Any]:
    if overrides.get("trump") == "none" and "honours" not in overrides:
        return {**overrides, "honours": False}
    return overrides


def _points_bounds(options: ClassicOptions) -> tuple[int, int]:
    """The fewest and most points one side can add in a deal (see :func:`score_deal`).

    Items count in order (revoke penalties, tricks, a slam, honours) until a side reaches
    the target; a revoke is possible in tricks 1-12, by the two hands of one side at most.
    """
    penalties = options.revokes == "penalty"
    most_penalty = 3 * 2 * 12 if penalties and options.revoke_penalty in ("points", "best") else 0
    most = 0
    for penalty in range(0, most_penalty + 1, 3):
        for won in range(7, 14):
            for held in (0, 2, 4) if options.honours else (0,):
                slam = options.slam_bonus if won == 13 else 0
                total = 0
                for item in (penalty, won - 6, slam, held):
                    total += item
                    if total >= options.target:
                        break
                most = max(most, total)
    deduct = penalties and options.revoke_penalty in ("deduct", "best")
    return (-(options.target - 1) if deduct else 0), most


def _deal_outcomes(options: ClassicOptions) -> Callable[[int, int], list[Outcome]]:
    """How one deal between two equal sides may end from a score: the model behind
    :func:`game_stakes`.  A side's tricks follow the binomial law of 13 fair coins (about
    the spread of real deals, mean 6.5); the four trump honours fall at random, apart from
    the tricks (4 to a side: 5.5%, 3: 25.0% each way, 2-2: 39.0%)."""
    tricks = [math.comb(13, t) / 2 ** 13 for t in range(14)]
    deck = math.comb(52, 4)
    spread = {4: math.comb(26, 4) / deck, 3: math.comb(26, 3) * 26 / deck,
              2: math.comb(26, 2) ** 2 / deck, 1: math.comb(26, 3) * 26 / deck,
              0: math.comb(26, 4) / deck}
    trump = Suit.SPADES
    honours = [int(Card.make(r, trump)) for r in _HONOURS]

    def dealt(n: int) -> tuple[int, int, int, int]:
        """Hands holding ``n`` honours for side 0 (hand 0) and the rest for side 1."""
        return (sum(1 << c for c in honours[:n]), sum(1 << c for c in honours[n:]), 0, 0)

    cases = [(p, dealt(n)) for n, p in spread.items()] if options.honours else [(1.0, (0, 0, 0, 0))]

    def outcomes(a: int, b: int) -> list[Outcome]:
        out: list[Outcome] = []
        for t, pt in enumerate(tricks):
            for ph, hands in cases:
                res = score_deal(options, hands, trump, (t, 13 - t), (a, b))
                out.append((pt * ph, a + res.points[0], b + res.points[1], res.game_winner))
        return out

    return outcomes


_CHANCES: dict[ClassicOptions, dict[tuple[int, int], float]] = {}


def game_stakes(obs: Observation) -> Stakes:
    """What classic whist's match counts, for a player of this deal: the chance of winning
    the game in progress (the deal's score before it is ``obs.score``), worked out from
    the game's score after the deal (honours and the odd trick included, in the laws'
    order) and, where the game goes on, the chance of winning it from there
    (:func:`~openwhist.rules.stakes.game_chances` with :func:`_deal_outcomes`).

    >>> from openwhist import new_deal
    >>> deal = new_deal("classic", seed=1, score=(4, 0))
    >>> worth = game_stakes(deal.observation(0)).worth(deal.dealt, 0)
    >>> worth[6] < worth[7] == worth[13] == 1.0
    True
    """
    options: ClassicOptions = obs.options
    if options not in _CHANCES:
        _CHANCES[options] = game_chances(options.target, _deal_outcomes(options))
    chances = _CHANCES[options]
    start = (obs.score[0], obs.score[1])
    trump = obs.trump
    cache: dict[tuple[tuple[int, int], int], tuple[float, ...]] = {}

    def worth(dealt: Sequence[int], side: int) -> tuple[float, ...]:
        key = (honours_held(dealt, trump) if options.honours else (0, 0), side)
        if key not in cache:
            row = []
            for t in range(14):
                res = score_deal(options, dealt, trump, (t, 13 - t) if side == 0 else (13 - t, t),
                                 start)
                if res.game_winner is not None:
                    row.append(1.0 if res.game_winner == side else 0.0)
                    continue
                p0 = chances[(start[0] + res.points[0], start[1] + res.points[1])]
                row.append(p0 if side == 0 else 1.0 - p0)
            cache[key] = tuple(row)
        return cache[key]

    return Stakes(worth, "game")


def _declare(options: ClassicOptions) -> Declaration:
    """What a deal of classic or Dummy whist declares: partners opposite, the dummy
    (option ``dummy``) played by its partner, 52 cards, points per side."""
    hands = tuple((h + 2) % 4 if h == options.dummy else h for h in range(4))
    least, most = _points_bounds(options)
    return Declaration(hands, "fixed", PARTNERS_OPPOSITE, "side", 52, least, most)


CLASSIC = Variant(
    name="classic",
    players=4,
    hands=4,
    description="Classic whist: English short (default) and long, American, no-trump; "
                "partners opposite.",
    options_type=ClassicOptions,
    presets=PRESETS,
    default_preset="english-short",
    deal=new_classic_deal,
    from_setup=from_setup,
    rebuild=rebuild,
    match_rules=ClassicMatchRules,
    declare=_declare,
    header_options=("dummy", "honours", "revoke_penalty", "revokes", "slam_bonus", "target"),
    draw=draw_for_partners,
    amend=_amend,
    stakes=game_stakes,
    title="Classic whist",
    rated=True,
    tally="tricks",
    entry=EntryForm(columns=("NS", "EW")),
)
"""Classic whist for four: the registry's record."""

DUMMY = replace(
    CLASSIC,
    name="dummy",
    players=3,
    description="Dummy whist for three: South's hand is an exposed dummy played by North.",
    fixed_options={"dummy": 2},
    title="Dummy whist",
    rated=False,
    entry=None,
)
"""Dummy whist for three (rules.md §4.1): classic whist with South an exposed dummy."""
