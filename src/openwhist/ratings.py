"""Ratings of people and computer players, per family, with uncertainty (OpenSkill).

A rating is OpenSkill's Plackett-Luce model's ``mu`` (the skill) and ``sigma`` (how
unsure we are of it); the leaderboard orders by :attr:`Rating.ordinal`, ``mu - 3 sigma``,
so that a new person is not placed high on one lucky match. Ratings are kept per family
(classic, German, Belgian): skill at one is not skill at another.

:func:`rate` takes any teams: partnerships (two of two), one against three (a Belgian
solo: one of one against one of three), each for himself (a Belgian match: four of one)
and one against one (German whist). Computer players take part with fixed ratings
(:data:`COMPUTER_RATINGS`, from measured matches: see :func:`measure_computers`) that
never move, so a person's first match against them already means something.
:func:`rated` is the rule against farming.

>>> a, b = new_rating(), new_rating()
>>> [[a2], [b2]] = rate([[a], [b]], scores=[7, 6])
>>> a2.mu > a.mu > b2.mu
True
"""

from __future__ import annotations

import functools
import tomllib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from openskill.models import PlackettLuce

from openwhist.cards import derive_seed
from openwhist.errors import InvalidActionError
from openwhist.rules.registry import get_variant, header, variants

MU = 25.0
"""A new person's rating (OpenSkill's default)."""
SIGMA = MU / 3
"""A new person's uncertainty."""
RATED_FAMILIES: tuple[str, ...] = tuple(v for v in variants() if get_variant(v).rated)
"""The families rated on their own (those whose record says ``rated``)."""
REPEAT_LIMIT = 3
"""A person's rated matches with computer players a day, per family, at all tables
together (the rest are unrated for him: no farming of computer players)."""


@dataclass(frozen=True)
class Rating:
    """A rating: skill ``mu`` and uncertainty ``sigma``."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The leaderboard's figure: ``mu - 3 sigma`` (a cautious estimate of the skill)."""
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, float]:
        """A JSON-friendly dict (``mu``, ``sigma``, ``ordinal``)."""
        return {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


def new_rating() -> Rating:
    """The rating of someone who has not played yet."""
    return Rating()


@functools.cache
def _model() -> PlackettLuce:
    return PlackettLuce(mu=MU, sigma=SIGMA)


def rate(teams: Sequence[Sequence[Rating]], *, scores: Sequence[float] | None = None,
         ranks: Sequence[float] | None = None,
         fixed: Sequence[Sequence[bool]] | None = None) -> list[list[Rating]]:
    """The ratings after one match: ``teams`` of ratings (any sizes: two partnerships,
    one against three, each for himself), with either ``scores`` (higher is better) or
    ``ranks`` (1 is first; equal ranks are a draw), one per team. Ratings marked in
    ``fixed`` (computer players) come back unchanged.

    >>> strong, weak = Rating(30, 2), Rating(20, 2)
    >>> [[s], [w]] = rate([[strong], [weak]], ranks=[1, 2], fixed=[[True], [False]])
    >>> s == strong, w.mu > weak.mu - 1
    (True, True)
    """
    if len(teams) < 2 or any(len(t) == 0 for t in teams):
        raise InvalidActionError("a rated match has at least two teams, none empty")
    if (scores is None) == (ranks is None):
        raise InvalidActionError("give the teams' scores or their ranks (one of them)")
    order = scores if scores is not None else ranks
    assert order is not None
    if len(order) != len(teams):
        raise InvalidActionError(f"{len(teams)} teams but {len(order)} "
                                 f"{'scores' if scores is not None else 'ranks'}")
    if fixed is not None and [len(f) for f in fixed] != [len(t) for t in teams]:
        raise InvalidActionError("'fixed' must mark every rating of every team")
    model = _model()
    game = [[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams]
    if scores is not None:
        out = model.rate(game, scores=[float(s) for s in scores])
    else:
        out = model.rate(game, ranks=[float(r) for r in order])
    new = [[Rating(float(p.mu), float(p.sigma)) for p in team] for team in out]
    if fixed is not None:
        new = [[old if f else r for old, r, f in zip(t_old, t_new, t_fix, strict=True)]
               for t_old, t_new, t_fix in zip(teams, new, fixed, strict=True)]
    return new


def teams_of(family: str, seats: int = 4, declarers: Sequence[int] = ()) -> list[list[int]]:
    """The teams a match or deal of ``family`` is rated as, as lists of seats: classic
    whist's partnerships (N-S against E-W); German whist, one against one; Belgian whist,
    the declarers against the rest for one deal (a pair, or one against three), or each
    for himself over a match (no ``declarers``).

    >>> teams_of("classic"), teams_of("belgian", declarers=[2])
    ([[0, 2], [1, 3]], [[2], [0, 1, 3]])
    """
    if seats == 2:
        return [[0], [1]]
    if family not in RATED_FAMILIES:
        raise InvalidActionError(f"ratings are kept for {', '.join(RATED_FAMILIES)} whist, not {family!r}")
    h = header(family)
    if h.partnership == "auction":  # the auction makes the sides, deal by deal
        if declarers:
            d = sorted(set(declarers))
            return [d, [s for s in range(seats) if s not in d]]
        return [[s] for s in range(seats)]
    if h.partnership == "fixed" and h.sides is not None:
        return [[s for s in h.seats if h.sides[s] == side] for side in sorted(set(h.sides))]
    return [[s] for s in h.seats]


class Ratings:
    """A book of ratings per family and player id, with each change kept in
    :attr:`history`; ids in ``fixed`` (computer players) keep their ratings.

    >>> book = Ratings()
    >>> _ = book.update("classic", [["ann", "bob"], ["cy", "computer:heuristic"]], scores=[9, 4])
    >>> book.get("classic", "ann").mu > MU
    True
    >>> book.get("classic", "computer:heuristic") == computer_rating("classic", "heuristic")
    True
    """

    def __init__(self) -> None:
        self._book: dict[str, dict[str, Rating]] = defaultdict(dict)
        self.history: list[tuple[str, str, Rating, Rating]] = []
        """(family, player, before, after) for every change, oldest first."""

    @staticmethod
    def computer(player: str) -> str | None:
        """The computer player's name if ``player`` is one (``"computer:heuristic"``)."""
        return player.split(":", 1)[1] if player.startswith("computer:") else None

    def get(self, family: str, player: str) -> Rating:
        """A player's rating in a family (a computer player's fixed one; new: the default)."""
        bot = self.computer(player)
        if bot is not None:
            return computer_rating(family, bot)
        return self._book[family].get(player, Rating())

    def update(self, family: str, teams: Sequence[Sequence[str]], *,
               scores: Sequence[float] | None = None,
               ranks: Sequence[float] | None = None,
               facts: TableFacts | None = None) -> dict[str, Rating]:
        """Rate one finished match of ``family`` between ``teams`` of player ids (see
        :func:`rate`); returns every person's new rating. With the table's ``facts``, a
        match :func:`rated` refuses changes nothing and returns ``{}``."""
        if facts is not None and not rated(facts):
            return {}
        if family not in RATED_FAMILIES:
            raise InvalidActionError(f"ratings are kept for {', '.join(RATED_FAMILIES)} whist, "
                                     f"not {family!r}")
        ids = [p for t in teams for p in t]
        if len(set(ids)) != len(ids):
            raise InvalidActionError("a player is on two teams, or twice on one")
        old = [[self.get(family, p) for p in t] for t in teams]
        fixed = [[self.computer(p) is not None for p in t] for t in teams]
        new = rate(old, scores=scores, ranks=ranks, fixed=fixed)
        out = {}
        for team, before, after, fx in zip(teams, old, new, fixed, strict=True):
            for p, b, a, f in zip(team, before, after, fx, strict=True):
                if f:
                    continue
                self._book[family][p] = a
                self.history.append((family, p, b, a))
                out[p] = a
        return out

    def leaderboard(self, family: str) -> list[tuple[str, Rating]]:
        """The people of a family, best ordinal first."""
        return sorted(self._book[family].items(), key=lambda kv: (-kv[1].ordinal, kv[0]))


COMPUTER_RATINGS: dict[str, dict[str, Rating]] = {
    family: {bot: Rating(float(mu), float(sigma)) for bot, (mu, sigma) in bots.items()}
    for family, bots in tomllib.loads(
        Path(__file__).with_name("computer_ratings.toml").read_text(encoding="utf-8")).items()
}
"""Each computer player's fixed rating per family, measured by :func:`measure_computers`
with the commands written in ``computer_ratings.toml`` beside this module, which holds
them, family by family (every two bots play that many matches of the family's natural
length; the random player's mean is then set to ``MU - 6``). The rule-based player wins
nearly every match against the random one, so the distance between them is only loosely
measured: 400 matches of those two alone gave 37.1 (classic), 42.4 (German) and 68.1
(Belgian), 200 gave 39.4, 45.6 and 63.1."""


def computer_rating(family: str, bot: str) -> Rating:
    """A computer player's fixed rating in a family, by its spec (``"heuristic"``,
    ``"pimc:level=2"``: the name before the colon); one not measured in that family rates
    as the rule-based player.

    >>> computer_rating("classic", "pimc:level=2") == COMPUTER_RATINGS["classic"]["pimc"]
    True
    >>> computer_rating("classic", "sampler") == COMPUTER_RATINGS["classic"]["heuristic"]
    True
    """
    measured = COMPUTER_RATINGS.get(family, {})
    name = bot.split(":", 1)[0]
    if name in measured:
        return measured[name]
    return measured.get("heuristic", Rating())


@dataclass(frozen=True)
class TableFacts:
    """What the rule against farming asks of a finished match.

    :param people: seats held by people (registered accounts).
    :param computers: seats held by computer players.
    :param public: the table was open to anyone (listed in the lobby).
    :param finished: the match was played to its end.
    :param repeats: for a person at a table with computer players: the rated matches
        with computer players he already had today, at any table.
    """

    people: int
    computers: int
    public: bool
    finished: bool = True
    repeats: int = 0


def rated(facts: TableFacts) -> bool:
    """Whether a match moves ratings: only a finished match, at a table of people only
    (two or more, no computer players) or at a public table; a person's matches against
    computer players count only :data:`REPEAT_LIMIT` times a day; a private table with
    computer players never.

    >>> rated(TableFacts(people=4, computers=0, public=False))
    True
    >>> rated(TableFacts(people=1, computers=3, public=False))
    False
    >>> rated(TableFacts(people=1, computers=3, public=True, repeats=REPEAT_LIMIT))
    False
    """
    if not facts.finished or facts.people < 1:
        return False
    if facts.computers == 0:
        return facts.people >= 2
    return facts.public and facts.repeats < REPEAT_LIMIT


SCORE_LIMIT = 10**12
"""The largest score handed to the rating model as it is; a match with a larger total is
rated by the order of its totals alone (the model reads only their order)."""


def _scores(totals: Sequence[float]) -> list[float]:
    """The totals as the model's scores: as they are while all are within
    :data:`SCORE_LIMIT` (the model reads only their order), else each total's place among
    the distinct totals, lowest 0, compared exactly (an integer of any size never becomes
    a float, which would overflow or make two totals equal).

    >>> _scores([5, 0]), _scores([10**310, -10**310, 10**310 - 1])
    ([5.0, 0.0], [2.0, 0.0, 1.0])
    """
    plain = [t if t == t else 0 for t in totals]  # not a number: nothing
    if all(abs(t) <= SCORE_LIMIT for t in plain):
        return [float(t) for t in plain]
    order = sorted(set(plain))
    return [float(order.index(t)) for t in plain]


def match_teams(family: str, players: Sequence[str], totals: Sequence[float]) -> tuple[
        list[list[str]], list[float]]:
    """The teams and scores a finished match is rated as: ``players`` by seat, ``totals``
    the match's (:attr:`openwhist.Match.totals`: per side with fixed sides, classic
    whist's partnerships and German whist's two players; per player when each plays for
    himself, as in Belgian whist).  Totals of any size are read (:func:`_scores`).

    >>> match_teams("classic", ["ann", "bob", "cy", "dee"], [5, 0])
    ([['ann', 'cy'], ['bob', 'dee']], [5.0, 0.0])
    >>> match_teams("belgian", ["ann", "bob", "cy", "dee"], [30, -10, -10, -10])[0]
    [['ann'], ['bob'], ['cy'], ['dee']]
    """
    h = header(family)
    if len(players) != h.players:
        raise InvalidActionError(f"a {h.variant} table seats {h.players} players, not {len(players)}")
    sides = h.sides
    if sides is None or len(totals) == h.hands and len(set(sides)) == h.hands:
        if len(totals) != len(players):
            raise InvalidActionError(f"{len(players)} players but {len(totals)} totals")
        return [[p] for p in players], _scores(totals)
    n_sides = len(set(sides))
    if len(totals) != n_sides:
        raise InvalidActionError(f"{n_sides} sides but {len(totals)} totals")
    teams: list[list[str]] = [[] for _ in range(n_sides)]
    for seat, p in zip(h.seats, players, strict=True):
        teams[sides[seat]].append(p)
    return teams, _scores(totals)


def play_match(family: str, bots: Sequence[str], seed: int) -> list[int]:
    """Play one match of ``family`` at its natural length (classic whist a rubber, German
    whist a match, Belgian whist a round of four deals) between computer players, one
    spec per seat; returns the match's totals (:func:`match_teams` reads them)."""
    from openwhist.bots import make_bot, play_out
    from openwhist.match import new_match

    m = new_match(family, seed=derive_seed(seed, "ratings", "match"))
    seats = header(family).seats
    if len(bots) != len(seats):
        raise InvalidActionError(f"{len(seats)} seats but {len(bots)} computer players")
    play_out(m, {s: make_bot(b, seed=derive_seed(seed, "ratings", "bot", s)) for s, b in zip(seats, bots,
                                                                                             strict=True)})
    return list(m.totals)


def measure_computers(family: str, bots: Sequence[str], matches: int, seed: int = 0,
                      anchor: str | None = "random") -> dict[str, Rating]:
    """Ratings of computer players measured by playing them: ``matches`` matches
    (:func:`play_match`) of every two of ``bots``, one at even seats and the other at odd
    seats (swapped every other match), each rated with :func:`rate` from the default
    rating (a bot's seats as one team, scored by the sum of their totals); ``anchor``'s
    mean is then set to ``MU - 6`` so that a new person starts between the random player
    and the rest."""
    book: dict[str, Rating] = {b: Rating() for b in bots}
    n = header(family).players
    for m in range(matches):
        for i, a in enumerate(bots):
            for b in bots[i + 1:]:
                first, second = (a, b) if m % 2 == 0 else (b, a)
                at = [first if s % 2 == 0 else second for s in range(n)]
                names = [f"{s}" for s in range(n)]
                totals = play_match(family, at, derive_seed(seed, family, a, b, m))
                teams, scores = match_teams(family, names, totals)
                got: dict[str, float] = defaultdict(float)
                for team, score in zip(teams, scores, strict=True):
                    for p in team:
                        got[at[int(p)]] += score / len(team)
                [[ra], [rb]] = rate([[book[a]], [book[b]]], scores=[got[a], got[b]])
                book[a], book[b] = ra, rb
    shift = (MU - 6.0) - book[anchor].mu if anchor in book else 0.0
    return {k: Rating(v.mu + shift, v.sigma) for k, v in book.items()}
