"""A sequence of deals: dealer rotation, games to a target, rubbers, a score sheet.

>>> import openwhist
>>> m = openwhist.new_match("english-short", seed=3, until="game")
>>> while not m.is_over():
...     _ = m.apply(m.state.legal_actions()[0])
>>> m.games[0].winner in (0, 1), max(m.games[0].score) >= 5
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from openwhist.cards import Card, Rank, SplitMix64, shuffled_deck
from openwhist.errors import ConfigError, IllegalActionError
from openwhist.rules.classic import SEAT_NAMES, ClassicOptions, ClassicState, DealResult, Event, Observation
from openwhist.rules.registry import new_deal, resolve

__all__ = [
    "Match", "SheetRow", "GameRecord", "RubberRecord", "new_match", "draw_for_partners", "game_value",
    "rubber_points",
]

Until = Literal["game", "rubber", "deals"]


@dataclass(frozen=True)
class SheetRow:
    """One line of the score sheet: a deal and the game score after it."""

    deal: int
    dealer: int
    trump: str
    result: DealResult
    score: tuple[int, int]
    game_won_by: int | None


@dataclass(frozen=True)
class GameRecord:
    """A finished game: its winner, final score and its value for the rubber."""

    number: int
    winner: int
    score: tuple[int, int]
    value: int


@dataclass(frozen=True)
class RubberRecord:
    """A finished rubber: who won it, how many games each side won and what each scored."""

    number: int
    winner: int
    games: tuple[int, int]
    points: tuple[int, int]


@dataclass
class Match:
    """Deal after deal with the dealer rotating, to the end of a game, rubber or deal count.

    Drive it with :meth:`apply` (the current deal is :attr:`state`); when a deal ends it is
    scored on :attr:`sheet` and the next deal starts by itself.
    """

    variant: str
    options: ClassicOptions
    seed: int
    until: Until = "rubber"
    count: int = 1
    players: tuple[str, ...] = ("N", "E", "S", "W")
    first_dealer: int = 0
    draw: tuple[tuple[str, Card], ...] = ()
    state: ClassicState = field(init=False)
    score: list[int] = field(default_factory=lambda: [0, 0])
    sheet: list[SheetRow] = field(default_factory=list)
    games: list[GameRecord] = field(default_factory=list)
    rubbers: list[RubberRecord] = field(default_factory=list)
    totals: list[int] = field(default_factory=lambda: [0, 0])
    deals: list[ClassicState] = field(default_factory=list)
    _rng: SplitMix64 = field(init=False, repr=False)
    _rubber_games: list[GameRecord] = field(default_factory=list, repr=False)
    _rubber_points: list[int] = field(default_factory=lambda: [0, 0], repr=False)
    _game_points: list[int] = field(default_factory=lambda: [0, 0], repr=False)
    _over: bool = False

    def __post_init__(self) -> None:
        if self.until not in ("game", "rubber", "deals"):
            raise ConfigError(f"until must be game, rubber or deals, not {self.until!r}")
        if not isinstance(self.count, int) or self.count < 1:
            raise ConfigError(f"count must be a whole number of at least 1, not {self.count!r}")
        self._rng = SplitMix64(self.seed)
        self._start_deal(self.first_dealer)

    # --- driving ------------------------------------------------------------------------

    def _start_deal(self, dealer: int) -> None:
        deal_seed = self._rng.next() >> 1
        self.state = new_deal(self.variant, options=self.options, seed=deal_seed, dealer=dealer,
                              score=(self.score[0], self.score[1]))
        self.deals.append(self.state)

    def is_over(self) -> bool:
        """True when the game, rubber or number of deals asked for is complete."""
        return self._over

    @property
    def to_move(self) -> int | None:
        """The hand to play in the current deal (None once the match is over)."""
        return None if self._over else self.state.to_move

    def observation(self, seat: int) -> Observation:
        """The current deal as ``seat`` sees it."""
        return self.state.observation(seat)

    def apply(self, action: Card | int | str) -> tuple[Event, ...]:
        """Play a card in the current deal; score it and deal the next one when it ends."""
        if self._over:
            raise IllegalActionError("the match is over")
        events = self.state.apply(action)
        if self.state.is_over():
            self._finish_deal()
        return events

    def _finish_deal(self) -> None:
        state = self.state
        res = state.result()
        for s in (0, 1):
            self.score[s] += res.points[s]
            self._game_points[s] += res.points[s]
        won = res.game_winner
        trump = state.trump.name.lower() if state.trump is not None else "none"
        self.sheet.append(SheetRow(len(self.sheet) + 1, state.dealer, trump, res,
                                   (self.score[0], self.score[1]), won))
        if won is not None:
            self._finish_game(won)
        if self.until == "deals" and len(self.sheet) >= self.count:
            self._over = True
        if not self._over:
            self._start_deal((state.dealer + 1) % 4)

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
            self._finish_rubber(0 if wins[0] == 2 else 1, wins)
        if self.until == "game" and len(self.games) >= self.count:
            self._over = True

    def _finish_rubber(self, winner: int, wins: list[int]) -> None:
        points = rubber_points(self.options, self._rubber_games, winner,
                               (self._rubber_points[0], self._rubber_points[1]))
        for s in (0, 1):
            self.totals[s] += points[s]
        self.rubbers.append(RubberRecord(len(self.rubbers) + 1, winner, (wins[0], wins[1]),
                                         (points[0], points[1])))
        self._rubber_games = []
        self._rubber_points = [0, 0]
        if self.until == "rubber" and len(self.rubbers) >= self.count:
            self._over = True

    def side_name(self, side: int) -> str:
        """The players of a side, e.g. ``"N-S"`` or ``"Ann & Bob"``."""
        return " & ".join(self.players[h] for h in (side, side + 2))

    def summary(self) -> dict[str, Any]:
        """Games, rubbers and totals as a JSON-friendly dict."""
        return {
            "deals": len(self.sheet),
            "score": list(self.score),
            "games": [{"winner": g.winner, "score": list(g.score), "value": g.value}
                      for g in self.games],
            "rubbers": [{"winner": r.winner, "games": list(r.games), "points": list(r.points)}
                        for r in self.rubbers],
            "totals": list(self.totals),
        }


def game_value(options: ClassicOptions, losers_score: int, winners_points: int = 0) -> int:
    """What a won game is worth for the rubber.

    Laws: treble (3) if the losers have nothing, double (2) if they have less than
    ``options.game_single_from``, single (1) otherwise; with ``game_values="points"`` the
    points the winners scored in the game.

    >>> from openwhist.rules.classic import PRESETS
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


def new_match(
    variant: str = "classic",
    *,
    preset: str | None = None,
    seed: int | None = None,
    until: Until = "rubber",
    count: int = 1,
    players: Sequence[str] | None = None,
    dealer: int = 0,
    draw: bool = False,
    **options: Any,
) -> Match:
    """Start a match: deal after deal to the end of ``count`` games, rubbers or deals.

    :param variant: ``"classic"``, ``"dummy"`` or a preset name such as ``"english-long"``.
    :param until: ``"game"``, ``"rubber"`` (best of three games) or ``"deals"``.
    :param players: names per seat N, E, S, W (three names and ``"dummy"`` for Dummy whist).
    :param draw: cut for partners and first dealer (ace low, re-cut on ties).
    :param options: any :class:`~openwhist.rules.classic.ClassicOptions` field.
    """
    name, opts = resolve(variant, preset, **options)
    if seed is None:
        import secrets

        seed = secrets.randbits(63)
    n_players = 3 if opts.dummy is not None else 4
    if players is None:
        names = [SEAT_NAMES[s] if s != opts.dummy else "dummy" for s in range(4)]
    else:
        names = list(players)
        if len(names) == n_players and opts.dummy is not None:
            names.insert(opts.dummy, "dummy")
        if len(names) != 4:
            raise ConfigError(f"give {n_players} player names, not {len(players)}")
    cuts: list[tuple[str, Card]] = []
    if draw:
        real = [n for i, n in enumerate(names) if i != opts.dummy]
        seated, cuts = draw_for_partners(real, seed)
        if opts.dummy is not None and opts.dummy != 2:
            raise ConfigError("drawing for partners in Dummy whist puts the dummy at South (2)")
        names = seated
        dealer = 0
    if dealer not in (0, 1, 2, 3):
        raise ConfigError(f"dealer must be a seat 0-3, not {dealer!r}")
    return Match(variant=name, options=opts, seed=seed, until=until, count=count,
                 players=tuple(names), first_dealer=dealer, draw=tuple(cuts))
