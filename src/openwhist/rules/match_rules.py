"""Match rules and records: how deal results fold into games, rubbers and totals, and the
lengths a match may have."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from openwhist.errors import ConfigError
from openwhist.rules.options import ranges_checked, shown

__all__ = [
    "GameRecord",
    "MatchLength",
    "MatchRules",
    "RubberRecord",
    "SheetRow",
]


@dataclass(frozen=True)
class SheetRow:
    """One line of the score sheet: a deal and the score after it."""

    deal: int
    dealer: int
    trump: str
    result: Any
    score: tuple[int, ...]
    game_won_by: int | None


@dataclass(frozen=True)
class GameRecord:
    """A finished game: its winner, final score and its value."""

    number: int
    winner: int
    score: tuple[int, ...]
    value: int


@dataclass(frozen=True)
class RubberRecord:
    """A finished rubber: who won it, games won per side and points per side."""

    number: int
    winner: int
    games: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True)
class MatchLength:
    """One way a match of a family can end, as a page offers it: ``until`` (the value
    :func:`openwhist.new_match` takes), ``label`` (a key for the page's text), ``count``
    (what ``count`` counts: ``"rubbers"``, ``"deals"``, ``"points"``...),
    ``default_count``, ``odd`` (True when ``count`` must be odd, as in best of N) and
    ``max_count``, the most ``count`` may be (a match always ends: 100 deals, 20 rubbers).
    """

    until: str
    label: str
    count: str
    default_count: int
    odd: bool = False
    max_count: int = 100

    def to_json(self) -> dict[str, Any]:
        """The length as JSON values, e.g. ``{"until": "rubber", "label": "rubbers",
        "count": "rubbers", "default_count": 1, "odd": false, "max_count": 20}``."""
        return {"until": self.until, "label": self.label, "count": self.count,
                "default_count": self.default_count, "odd": self.odd, "max_count": self.max_count}


class MatchRules:
    """How a variant's deal results fold into a match: games, rubbers, totals.

    The base keeps a points total per side and knows only ``until="deals"``; a family
    subclasses it (classic whist: games to a target, rubbers, rubber points).
    ``score`` is the running score a deal is dealt with (``deal_args``), ``totals`` the
    match's points, ``games`` and ``rubbers`` what has been won.

    ``UNTIL`` names every length a match may have (records and tables store these
    names); :meth:`lengths` describes each for a page, :meth:`default_length` is the one
    to offer first.
    """

    UNTIL: ClassVar[tuple[str, ...]] = ("deals",)
    DEFAULT: ClassVar[tuple[str, int]] = ("deals", 4)
    """The natural length of a match: ``(until, count)``."""
    GAME: ClassVar[str] = "game"
    """What a unit of ``games`` is called (classic: game; German whist: hand)."""
    RUBBER: ClassVar[str] = "rubber"
    """What a unit of ``rubbers`` is called (classic: rubber; German whist: match)."""
    SCORE: ClassVar[str] = "score"
    """What ``score`` is called (classic: the game score)."""
    TOTALS: ClassVar[str] = "points"
    """What ``totals`` are called (classic: rubber points)."""

    def __init__(self, options: Any, sides: int = 2) -> None:
        self.options = options
        self.score: list[int] = [0] * sides
        self.totals: list[int] = [0] * sides
        self.games: list[GameRecord] = []
        self.rubbers: list[RubberRecord] = []

    def lengths(self) -> tuple[MatchLength, ...]:
        """Every length a match may have, one per name in ``UNTIL`` and in its order
        (the default counts may follow the options, e.g. German whist's ``best_of``)."""
        return (MatchLength("deals", "deals", "deals", 4),)

    def default_length(self) -> tuple[str, int]:
        """The natural length of a match, ``(until, count)``."""
        return self.DEFAULT

    def lengths_json(self) -> dict[str, Any]:
        """The lengths as JSON values a page can offer::

            {"default": {"until": "rubber", "count": 1},
             "lengths": [{"until": "game", "label": "games", "count": "games",
                          "default_count": 1, "odd": false}, ...]}
        """
        until, count = self.default_length()
        return {"default": {"until": until, "count": count},
                "lengths": [x.to_json() for x in self.lengths()]}

    def check_length(self, until: str, count: int) -> None:
        """Raise ConfigError unless ``until`` and ``count`` make a match of this family:
        ``count`` a whole number from 1 to the length's ``max_count`` (code
        ``count_range``; not the most within :func:`~openwhist.rules.options.without_ranges`),
        odd where the length says so."""
        if until not in self.UNTIL:
            raise ConfigError(f"until must be {', '.join(self.UNTIL)}, not {until!r}")
        most = next((x.max_count for x in self.lengths() if x.until == until), 100)
        if not ranges_checked():
            most = max(most, count) if isinstance(count, int) else most
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= most:
            raise ConfigError(f"count (of {until}) is a whole number in 1..{most}, not {shown(count)}",
                              "count_range", until=until, min=1, max=most)
        for length in self.lengths():
            if length.until == until and length.odd and count % 2 == 0:
                raise ConfigError(f"until={until} needs an odd count (best of 3, 5...), "
                                  f"not {count}")

    def game_target(self) -> int | None:
        """The score that wins a game (classic whist's target), None when the family's
        games are not played to a score."""
        return None

    def deal_args(self) -> dict[str, Any]:
        """Keyword arguments for the next deal's factory (e.g. the score it starts at)."""
        return {}

    def next_dealer(self, dealer: int, n_hands: int) -> int:
        """The next deal's dealer: the deal passes to the left."""
        return (dealer + 1) % n_hands

    def add_deal(self, state: Any, number: int) -> SheetRow:
        """Score a finished deal into the match; returns its sheet row."""
        res = state.result()
        for s, p in enumerate(res.points):
            self.totals[s] += p
        trump = state.trump.name.lower() if state.trump is not None else "none"
        return SheetRow(number, state.dealer, trump, res, tuple(self.totals), None)

    def is_over(self, until: str, count: int, deals: int) -> bool:
        """True when ``count`` units of ``until`` are complete after ``deals`` deals."""
        return until == "deals" and deals >= count

    def summary(self) -> dict[str, Any]:
        """Games, rubbers and totals as a JSON-friendly dict."""
        return {
            "score": list(self.score),
            "games": [{"winner": g.winner, "score": list(g.score), "value": g.value}
                      for g in self.games],
            "rubbers": [{"winner": r.winner, "games": list(r.games), "points": list(r.points)}
                        for r in self.rubbers],
            "totals": list(self.totals),
        }
