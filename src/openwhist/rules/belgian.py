"""Belgian colour whist as on FreeWhist.be (rules.md §1): an auction, then one contract.

Four players, each for himself over the match; partners come from the auction.  No card
is turned up.  The deal starts with the automatic troel check (exactly three aces, or
three or four with ``troel="three-or-four-aces"``); then the auction, a state machine
with every rule of §1.5: "ik wacht" for the first speaker, proposals only while a partner
is still possible, acceptance only with a card of the suit, the bound proposer skipped
and the acceptor speaking for the pair, switching to a higher suit, going solo, the
automatic pass of a proposer nobody can join, misère and piccolo blocking proposals,
abondance and soloslim on a player's first turn only, several players in the same
misère.  Options add Whisthub's limits (``solo_suit``, ``asks_per_suit``, ``bound_suit``,
``passe_parole``) and FreeWhist's referee rule as a plausibility check of the hand
(``referee``, :func:`referee_refusal`).  Every refused call raises
:class:`~openwhist.errors.IllegalActionError` saying why.  Then, as the contract asks, the
troel partner's trump choice (``trump hearts``), the small-misère discards (``discard 7C``,
every player one card), and the play, which stops as soon as the points can no longer
change (option ``early_stop``).

Calls: ``pass``, ``wait``, ``propose hearts``, ``accept`` (the highest proposal one may
join, at the lowest level that outranks the bid), ``pair 9 clubs`` (join or raise a
pair at a level), ``solo 6 spades``, ``abondance 9 hearts``, ``soloslim hearts``,
``small misere``, ``piccolo``, ``piccolissimo``, ``grand misere``, ``open misere``, and
with ``passe_parole`` on ``passe parole`` (the joiner of a pair that must bid 11 or more
hands the word to the proposer, who decides at once and speaks for the pair from then on).

>>> from openwhist import new_deal
>>> deal = new_deal("belgian", seed=3, dealer=0)
>>> deal.phase, deal.to_move, [str(c) for c in deal.legal_actions()][:3]
('auction', 1, ['pass', 'wait', 'propose spades'])

The points grid is data (:func:`load_grid`): the presets' grids lie in ``grids/`` beside
this module (``whisthub.toml`` documents the format) and are named (``grid="whisthub"``);
a club's own grid is given as its TOML text (``grid=text``; the command line reads it from
a file).  The rules read no file a user names.  The grid's order of contracts is the bid
ladder.
"""

from __future__ import annotations

import copy
import functools
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NamedTuple

from openwhist.cards import Card, CardSet, Suit, format_hand, parse_hand, shuffled_deck
from openwhist.errors import ConfigError, IllegalActionError, InvalidActionError
from openwhist.rules.actions import UNSEEN_DISCARD, Action, Call, parse_action
from openwhist.rules.contract import Contract as ObservedContract
from openwhist.rules.events import CallMade
from openwhist.rules.match_rules import MatchLength, MatchRules, SheetRow
from openwhist.rules.observation import Observation
from openwhist.rules.options import OptionsRecord, option
from openwhist.rules.seats import each_for_himself, one_against_three, parse_seat, seat_name, seat_names
from openwhist.rules.tricks import DealScored, Trick, TrickPlay, cards_of
from openwhist.rules.variant import Declaration, Variant

__all__ = [
    "BELGIAN",
    "PRESETS",
    "AuctionEnded",
    "BelgianMatchRules",
    "BelgianOptions",
    "BelgianResult",
    "BelgianState",
    "Contract",
    "GridEntry",
    "PointsGrid",
    "from_setup",
    "high_card_points",
    "grid_names",
    "load_grid",
    "new_belgian_deal",
    "quick_tricks",
    "rebuild",
    "referee_refusal",
]

HANDS = 4
_NAMES = seat_names(HANDS)
GRIDS = Path(__file__).parent / "grids"
SUIT_RANK = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3}
"""The bidding order of the suits: hearts > diamonds > clubs > spades (§1.2)."""
SUITS_HIGH_FIRST = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
ACES = tuple(Card(s * 13 + 12) for s in range(4))
ACE_MASK = sum(1 << a for a in ACES)
KINDS = ("pair", "solo", "abondance", "troel", "small-misere", "piccolo", "piccolissimo",
         "grand-misere", "open-misere", "soloslim")
LEVELS = {"pair": range(8, 14), "solo": range(5, 9), "abondance": range(9, 13)}
MISERE_TRICKS = {"small-misere": 0, "piccolo": 1, "piccolissimo": 2, "grand-misere": 0,
                 "open-misere": 0}
"""The exact number of tricks each misère-like contract must take."""
SHARED = ("small-misere", "piccolo", "grand-misere")
"""Contracts several players may play at once, each on his own (§1.5)."""


# --- the points grid -------------------------------------------------------------------------


@dataclass(frozen=True)
class GridEntry:
    """One contract of a points grid: its place in the ladder and its values per opponent.

    ``made`` lists the value by tricks over the tricks needed (the last one repeating, plus
    ``made_per_trick`` for each trick beyond the list); tricks over ``made_cap`` never
    count; ``made_all`` is the value for all 13 tricks (0: none special).  ``failed``
    lists the value by tricks short (1, 2, ...), likewise extended by ``failed_per_trick``.
    """

    kind: str
    level: int | None
    made: tuple[int, ...]
    made_per_trick: int = 0
    made_cap: int = 13
    made_all: int = 0
    failed: tuple[int, ...] = (0,)
    failed_per_trick: int = 0
    line: int = 0

    def value(self, taken: int, needed: int, exact: bool) -> tuple[bool, int]:
        """(made, value per opponent) for the declaring side's ``taken`` tricks."""
        if exact:
            if taken == needed:
                return True, self.made[0]
            return False, self.failed[0]
        if taken >= needed:
            if taken == 13 and self.made_all:
                return True, self.made_all
            over = min(taken, max(self.made_cap, needed)) - needed
            if over < len(self.made):
                return True, self.made[over]
            return True, self.made[-1] + self.made_per_trick * (over - len(self.made) + 1)
        short = needed - taken - 1
        if short < len(self.failed):
            return False, self.failed[short]
        return False, self.failed[-1] + self.failed_per_trick * (short - len(self.failed) + 1)


@dataclass(frozen=True)
class PointsGrid:
    """A points grid: the bid ladder (``entries``, low to high) and how points settle."""

    name: str
    source: str
    settlement: Literal["zero-sum", "positive"]
    entries: tuple[GridEntry, ...]

    def rank(self, kind: str, level: int | None = None) -> int | None:
        """The place of a contract in the ladder (None: not in this grid)."""
        for i, e in enumerate(self.entries):
            if e.kind == kind and e.level == level:
                return i
        return None

    def entry(self, kind: str, level: int | None = None) -> GridEntry:
        """The grid's entry for a contract."""
        r = self.rank(kind, level)
        if r is None:
            raise ConfigError(f"the points grid {self.name!r} has no {kind} {level or ''}".strip())
        return self.entries[r]


_ENTRY_KEYS = {"kind", "level", "made", "made_per_trick", "made_cap", "made_all", "failed",
               "failed_per_trick"}
GRID_MAX_BYTES = 8 * 1024
"""The most a points grid's TOML text may hold (a full grid with comments is about 3 KB)."""
_GRID_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")


@functools.cache
def grid_names() -> tuple[str, ...]:
    """The names of the points grids shipped in ``grids/`` (``freewhist``, ``whisthub``)."""
    return tuple(sorted(p.stem for p in GRIDS.glob("*.toml")))


def load_grid(grid: str) -> PointsGrid:
    """A points grid: one shipped in ``grids/`` by its name (``"whisthub"``,
    ``"freewhist"``), or a grid's own TOML text (at most :data:`GRID_MAX_BYTES`).

    The format is documented at the top of ``grids/whisthub.toml``.  Options are data: a
    file path is refused (the rules read no file a user names; the command line reads a
    club's file and passes its text).  A bad grid raises :class:`ConfigError` naming the
    line.

    >>> load_grid("whisthub").name
    'whisthub'
    >>> load_grid("/etc/passwd")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    openwhist.errors.ConfigError: grid '/etc/passwd' is neither the name of a points grid ...
    """
    if not isinstance(grid, str) or not grid.strip():
        raise ConfigError(f"grid is the name of a points grid ({', '.join(grid_names())}) or a "
                          f"grid's TOML text, not {grid!r}")
    if _GRID_NAME.fullmatch(grid):
        if grid not in grid_names():
            raise ConfigError(f"unknown points grid {grid!r}: the grids are "
                              f"{', '.join(grid_names())}, or give a grid's TOML text")
        return _shipped_grid(grid)
    if "\n" not in grid.strip():
        shown = grid if len(grid) <= 60 else grid[:57] + "..."
        raise ConfigError(f"grid {shown!r} is neither the name of a points grid "
                          f"({', '.join(grid_names())}) nor a grid's TOML text: a grid is never "
                          "read from a file path here (the command line reads a club's file: "
                          "-o grid=FILE.toml)")
    size = len(grid.encode("utf-8"))
    if size > GRID_MAX_BYTES:
        raise ConfigError(f"a points grid's text is at most {GRID_MAX_BYTES} bytes, not {size}")
    return _text_grid(grid)


@functools.cache
def _shipped_grid(name: str) -> PointsGrid:
    return parse_grid((GRIDS / f"{name}.toml").read_text(encoding="utf-8"), f"grids/{name}.toml")


@functools.lru_cache(maxsize=64)
def _text_grid(text: str) -> PointsGrid:
    return parse_grid(text, "grid")


def parse_grid(text: str, where: str = "<grid>") -> PointsGrid:
    """Read a points grid from TOML text; errors name ``where`` and the line."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{where}: not valid TOML: {exc}") from None
    lines = text.splitlines()
    starts = [i + 1 for i, t in enumerate(lines) if t.strip().startswith("[[contract]]")]

    def line_of(index: int, key: str | None) -> int:
        start = starts[index] if index < len(starts) else 1
        end = starts[index + 1] if index + 1 < len(starts) else len(lines) + 1
        if key is not None:
            for n in range(start, end):
                if lines[n - 1].split("=")[0].strip() == key:
                    return n
        return start

    def fail(index: int, key: str | None, message: str) -> ConfigError:
        return ConfigError(f"{where}, line {line_of(index, key)}: {message}")

    def top_line(key: str) -> int:
        return next((i + 1 for i, t in enumerate(lines) if t.split("=")[0].strip() == key), 1)

    settlement = data.get("settlement", "zero-sum")
    if settlement not in ("zero-sum", "positive"):
        raise ConfigError(f"{where}, line {top_line('settlement')}: settlement is zero-sum or "
                          f"positive, not {settlement!r}")
    unknown_top = set(data) - {"name", "source", "settlement", "contract"}
    if unknown_top:
        key = sorted(unknown_top)[0]
        raise ConfigError(f"{where}, line {top_line(key)}: unknown key {key!r} (name, source, "
                          "settlement, [[contract]])")
    tables = data.get("contract")
    if not isinstance(tables, list) or not tables:
        raise ConfigError(f"{where}: a grid lists its contracts as [[contract]] tables, low to high")
    entries: list[GridEntry] = []
    seen: set[tuple[str, int | None]] = set()
    for i, t in enumerate(tables):
        bad = set(t) - _ENTRY_KEYS
        if bad:
            k = sorted(bad)[0]
            raise fail(i, k, f"unknown key {k!r}; keys: {', '.join(sorted(_ENTRY_KEYS))}")
        kind = t.get("kind")
        if kind not in KINDS:
            raise fail(i, "kind", f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        level = t.get("level")
        if kind in LEVELS:
            if not isinstance(level, int) or level not in LEVELS[kind]:
                lv = LEVELS[kind]
                raise fail(i, "level", f"{kind} needs a level {lv[0]}-{lv[-1]}, not {level!r}")
        elif level is not None:
            raise fail(i, "level", f"{kind} has no level")
        if (kind, level) in seen:
            raise fail(i, "kind", f"{kind} {level or ''} is listed twice".replace("  ", " "))
        seen.add((kind, level))
        values: dict[str, Any] = {}
        for k in ("made", "failed"):
            v = t.get(k)
            if isinstance(v, int) and not isinstance(v, bool):
                v = [v]
            if not isinstance(v, list) or not v or not all(
                    isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v):
                raise fail(i, k, f"{k} is a whole number of points (or a list of them), not {t.get(k)!r}")
            values[k] = tuple(v)
        for k in ("made_per_trick", "made_cap", "made_all", "failed_per_trick"):
            v = t.get(k, 13 if k == "made_cap" else 0)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0 or (k == "made_cap" and v > 13):
                raise fail(i, k, f"{k} is a whole number{' up to 13' if k == 'made_cap' else ''}, not {v!r}")
            values[k] = v
        entries.append(GridEntry(kind, level, line=line_of(i, None), **values))
    return PointsGrid(str(data.get("name", Path(where).stem)), str(data.get("source", "")),
                      settlement, tuple(entries))


# --- options ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BelgianOptions(OptionsRecord):
    """Every option of Belgian colour whist, with FreeWhist.be's rules as the defaults
    (each option's help is kept with it: ``openwhist rules belgian``)."""

    grid: str = option("freewhist", "the points grid and bid ladder: freewhist, whisthub, or "
                       "a club's own grid as TOML text (format in grids/whisthub.toml; on the "
                       "command line grid=FILE.toml reads the file). freewhist is a stand-in, "
                       "not FreeWhist's grid, which is not in our sources: Whisthub's ladder "
                       "and its values at the level bid, no overtricks (FreeWhist's play stops "
                       "at the verdict), solo from 6 tricks (the Walloon engines), and only the "
                       "winning side scores (FreeWhist's principle: failed declarers give their "
                       "opponents the points)", file=".toml")
    troel: Literal["three-aces", "three-or-four-aces"] = option(
        "three-aces", "three-aces: troel only with exactly three aces (FreeWhist); "
        "three-or-four-aces: also four (Whisthub: partner the holder of the highest heart "
        "the troel player lacks, hearts trump unless that partner changes it, then 9 tricks)")
    troel_lead: Literal["partner", "trump-ace"] = option(
        "partner", "who leads to the first trick of troel: partner: the troel partner (the "
        "fourth ace's holder), any card (FreeWhist); trump-ace: the holder of the trump ace "
        "must lead it, so the partner if he kept his ace's suit and the troel player if he "
        "changed trump; with four aces and hearts kept the partner leads his highest heart "
        "(Whisthub)")
    deal_pattern: Literal["4-5-4", "4-4-5"] = option(
        "4-5-4", "packets dealt round the table: 4-5-4 (FreeWhist) or 4-4-5 (Whisthub)")
    shuffle: bool = option(True, "shuffle before each deal; false: only cut the cards of the "
                           "previous deal gathered trick by trick (Whisthub: no shuffle)")
    wait: bool = option(True, "the first speaker may say 'ik wacht' (wait) and later only accept")
    first_turn_only: bool = option(True, "abondance and soloslim only on a player's first turn")
    open_misere: Literal["after-bidding", "after-first-trick"] = option(
        "after-bidding", "when an open misère declarer's hand is laid face up")
    piccolissimo: bool = option(False, "offer piccolissimo (exactly two tricks; some Walloon "
                                "groups); the grid must list it")
    early_stop: bool = option(True, "stop the play as soon as the points can no longer change")
    all_pass: Literal["redeal", "redeal-double"] = option(
        "redeal", "all pass: the same dealer deals again (FreeWhist); redeal-double: and that "
        "deal's points count double (Whisthub, not cumulative)")
    passe_parole: bool = option(
        False, "the player who joined a pair may say 'passe parole' when the pair must bid 11 "
        "tricks or more to stay in the auction: the proposer then speaks for the pair "
        "(Whisthub; not in FreeWhist's rules)")
    solo_suit: Literal["any", "proposed"] = option(
        "any", "any: a player may go solo in any suit (FreeWhist); proposed: only in a suit he "
        "proposed earlier in the deal, unless nobody is left who could join him (Whisthub)")
    asks_per_suit: int = option(
        0, "how often a player may ask (propose) the same suit in one deal, keeping it "
        "included; 0: no limit (FreeWhist); Whisthub: 2")
    bound_suit: bool = option(
        False, "a player bound to a suit (going solo, in an accepted pair, or left alone when "
        "his partner passed) may only bid further in that suit, and no misère or piccolo "
        "(Whisthub); false: no such limit (FreeWhist)")
    propose_card: bool = option(
        False, "a player may propose (ask) only a suit he holds at least one card of, as "
        "the player who accepts must (Whisthub); false: only the acceptor needs a card of "
        "the suit (FreeWhist's rules ask it of him alone)")
    referee: bool = option(
        False, "the referee rule (FreeWhist): a game above troel that a plausibility check of "
        "the hand refuses may not be bid (the player passes or bids something else); solo, "
        "abondance and soloslim need a quick count of tricks of at least the tricks bid less "
        "2 (soloslim: 12), a misère at most so many high-card points (grand and open 8, small "
        "10, piccolo 12); see referee_refusal")

    def __post_init__(self) -> None:
        self.check_types()
        grid = self.points_grid()
        for kind in ("pair", "troel"):
            if not any(e.kind == kind for e in grid.entries):
                raise ConfigError(f"the points grid {grid.name!r} has no {kind}: every grid needs it")
        if grid.rank("pair", 8) is None:
            raise ConfigError(f"the points grid {grid.name!r} has no pair 8 (the level of a proposal)")
        if self.piccolissimo and grid.rank("piccolissimo") is None:
            raise ConfigError(f"piccolissimo is on, but the points grid {grid.name!r} has no "
                              "piccolissimo")

    def points_grid(self) -> PointsGrid:
        """The points grid these options name or hold (read once)."""
        return load_grid(self.grid)


PRESETS: dict[str, BelgianOptions] = {
    "freewhist": BelgianOptions(),
    "whisthub": BelgianOptions(grid="whisthub", troel="three-or-four-aces", deal_pattern="4-4-5",
                               shuffle=False, all_pass="redeal-double", passe_parole=True,
                               solo_suit="proposed", asks_per_suit=2, bound_suit=True,
                               propose_card=True, troel_lead="trump-ace"),
}
"""FreeWhist.be's rules (the default; its grid is a placeholder, see grids/freewhist.toml)
and Whisthub's (zero-sum grid with overtricks, troel with 3 or 4 aces, the trump ace led
to troel's first trick, no shuffle, all pass doubles the next deal, passe parole, solo only
in a suit one asked, a suit asked at most twice and only with a card of it, a player bound
to a suit bids only in it)."""


# --- contracts, results, events --------------------------------------------------------------


class Contract(NamedTuple):
    """The contract played: kind, level (pair, solo, abondance), trump suit, declarers,
    the tricks the declaring side must take (exactly, for misères)."""

    kind: str
    level: int | None
    suit: Suit | None
    declarers: tuple[int, ...]
    needed: int

    @property
    def exact(self) -> bool:
        """True for contracts that must take exactly ``needed`` tricks (misères, piccolo)."""
        return self.kind in MISERE_TRICKS

    def name(self) -> str:
        """``"pair 9 hearts"``, ``"grand misere"``, ``"troel hearts"``."""
        parts = [self.kind.replace("-", " ")]
        if self.level is not None:
            parts.append(str(self.level))
        if self.suit is not None:
            parts.append(self.suit.name.lower())
        return " ".join(parts)

    def observed(self) -> ObservedContract:
        """The contract as observations carry it (:class:`openwhist.rules.base.Contract`):
        misère-like contracts exactly ``needed`` tricks, each declarer on his own; the
        others at least ``needed``, the declarers together."""
        return ObservedContract(name=self.name(), kind=self.kind, declarers=self.declarers,
                                needed=self.needed, bound="exactly" if self.exact else "at_least",
                                trump=self.suit, each=self.exact)


class AuctionEnded(NamedTuple):
    """Event: the auction is over; ``contract`` is its text (``"pass"`` when all passed)."""

    contract: str
    declarers: tuple[int, ...]


class BelgianResult(NamedTuple):
    """The score of one deal, per player (hand order).

    ``contract`` is the contract's text (``None`` when all passed), ``declarers`` its
    players, ``made`` per declarer whether he made it, ``tricks`` and ``points`` per
    player, ``multiplier`` 2 for a deal after an all-pass under ``redeal-double``,
    ``stopped`` the tricks left unplayed when the play stopped early.
    """

    contract: str | None
    declarers: tuple[int, ...]
    made: tuple[bool, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    multiplier: int
    stopped: int

    @property
    def all_pass(self) -> bool:
        """True when every player passed (the same dealer deals again)."""
        return self.contract is None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self._asdict().items()}


def settle(grid: PointsGrid, contract: Contract, tricks: Sequence[int],
           multiplier: int = 1) -> tuple[tuple[bool, ...], tuple[int, ...]]:
    """(made per declarer, points per player) of a contract given each player's tricks.

    A pair (and troel) settles as one side; several misère players each settle on their
    own against the other three, and the amounts are added (§1.9.2).
    """
    entry = grid.entry(contract.kind, contract.level)
    points = [0] * HANDS
    made_all: list[bool] = []
    groups = [contract.declarers] if not contract.exact else [(d,) for d in contract.declarers]
    for group in groups:
        taken = sum(tricks[h] for h in group)
        made, value = entry.value(taken, contract.needed, contract.exact)
        value *= multiplier
        made_all.extend([made] * len(group))
        opponents = [h for h in range(HANDS) if h not in group]
        share = value * len(opponents) // len(group)
        for h in group:
            if made or grid.settlement == "zero-sum":
                points[h] += share if made else -share
        for h in opponents:
            if not made or grid.settlement == "zero-sum":
                points[h] += value if not made else -value
    return tuple(made_all), tuple(points)


# --- the referee ---------------------------------------------------------------------------------

HIGH_CARD_POINTS = (0,) * 9 + (1, 2, 3, 4)
"""High-card points by rank index: J 1, Q 2, K 3, A 4 (40 in the pack, 10 a hand on average)."""
REFEREE_MARGIN = {"solo": 2, "abondance": 2, "soloslim": 1}
"""How many tricks a game taking tricks may lie above the hand's quick count."""
REFEREE_POINTS = {"grand-misere": 8, "open-misere": 8, "small-misere": 10, "piccolo": 12,
                  "piccolissimo": 14}
"""The most high-card points a hand may hold for each misère-like game."""


def quick_tricks(hand: int, trump: Suit | int) -> int:
    """A quick count of the tricks ``hand`` takes alone with ``trump``: every trump, less
    the ace, king and queen it lacks among its top three places (AKxxx 5, KQxxxx 5, Kx 1,
    xxx 0), plus in each other suit the unbroken run from its ace, at most three (A 1, AK 2,
    AKQJ 3: the opponents ruff the fourth round; a suit without its ace nothing).

    >>> quick_tricks(parse_hand("AKQJT98.AK.A.432"), Suit.SPADES)
    10
    """
    total = 0
    for s in range(4):
        cards = hand >> (s * 13) & 0x1FFF
        n = cards.bit_count()
        if s == int(trump):
            total += n - sum(1 for r in range(12, 12 - min(n, 3), -1) if not cards >> r & 1)
            continue
        r = 12
        while r >= 10 and cards >> r & 1:
            total += 1
            r -= 1
    return total


def high_card_points(hand: int) -> int:
    """The hand's high-card points: A 4, K 3, Q 2, J 1."""
    return sum(HIGH_CARD_POINTS[c % 13] for c in range(52) if hand >> c & 1)


def referee_refusal(hand: int, kind: str, level: int | None = None,
                    suit: Suit | int | None = None) -> str | None:
    """Why a referee refuses ``kind`` (``"abondance"``, ``"grand-misere"``...) for ``hand``
    as implausible, or None when he allows it: the plausibility check of the ``referee``
    option.

    A game taking tricks alone (solo, abondance, soloslim) needs a :func:`quick_tricks`
    count with its trump of at least the tricks bid less :data:`REFEREE_MARGIN`; a
    misère-like game at most :data:`REFEREE_POINTS` high-card points.  A pair is never
    refused (its strength lies in two hands).

    >>> referee_refusal(parse_hand("AKQJT98.AK.A.432"), "abondance", 10, Suit.SPADES) is None
    True
    >>> referee_refusal(parse_hand("AKQ.AKQ.AK.5432"), "grand-misere")
    '25 high-card points (A 4, K 3, Q 2, J 1), and grand misere allows at most 8'
    """
    name = kind.replace("-", " ")
    if kind in REFEREE_POINTS:
        points = high_card_points(hand)
        most = REFEREE_POINTS[kind]
        if points > most:
            return f"{points} high-card points (A 4, K 3, Q 2, J 1), and {name} allows at most {most}"
        return None
    if kind in REFEREE_MARGIN and suit is not None:
        needed = 13 if kind == "soloslim" else (level or 13)
        least = needed - REFEREE_MARGIN[kind]
        count = quick_tricks(hand, suit)
        if count < least:
            trump = Suit(suit).name.lower()
            return f"a quick count gives {count} tricks with {trump} trump, and " \
                   f"{name}{'' if level is None else f' {level}'} needs at least {least} by it"
    return None


# --- the auction -------------------------------------------------------------------------------


class _Auction:
    """The auction's state (copied before each call, so that ``undo`` restores it)."""

    def __init__(self, floor: int) -> None:
        self.spoken = [False] * HANDS
        self.passed = [False] * HANDS
        self.waiting = [False] * HANDS
        self.proposal = [-1] * HANDS        # suit proposed (unaccepted or accepted), -1: none
        self.partner = [-1] * HANDS         # the other player of an accepted pair
        self.bound = [False] * HANDS        # a proposer whose proposal was accepted
        self.kept = [False] * HANDS         # a proposer who keeps his suit and waits
        self.best: tuple[str, int | None, int | None] | None = None  # kind, level, suit
        self.key: tuple[int, int] = (floor, 0) if floor >= 0 else (-1, 0)
        self.holders: tuple[int, ...] = ()  # the players of the best bid
        self.proposal_only = False          # the best bid is a proposal nobody accepted yet
        self.blocked = False                # a misère or piccolo was bid: no more proposals
        self.handed = [False] * HANDS       # an acceptor who said passe parole
        self.asked = [[0] * 4 for _ in range(HANDS)]  # proposals per player and suit
        self.tied = [-1] * HANDS            # the suit a player is bound to (solo, pair), -1: none


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
        floor = self.grid.rank("troel") if self.troel is not None else None
        self.auction = _Auction(floor if floor is not None else -1)

    # --- the deal protocol -------------------------------------------------------------

    @property
    def players(self) -> int:
        """Seats at the table: 4."""
        return HANDS

    @property
    def n_hands(self) -> int:
        """Hands dealt: 4."""
        return HANDS

    @property
    def seats(self) -> tuple[int, ...]:
        """Every hand has a player."""
        return (0, 1, 2, 3)

    def controller(self, hand: int) -> int:
        """Each player plays his own hand."""
        return hand

    @property
    def phase(self) -> str:
        """``auction``, ``trump``, ``discard``, ``play`` or ``over``."""
        return "over" if self.to_move is None else self.phase_

    def is_over(self) -> bool:
        """True once the deal is finished (all passed, or the play ended)."""
        return self.to_move is None

    # --- the auction's rules -------------------------------------------------------------

    def _key(self, kind: str, level: int | None, suit: int | None) -> tuple[int, int] | None:
        r = self.grid.rank(kind, level)
        if r is None:
            return None
        return (r, SUIT_RANK[Suit(suit)] if suit is not None else 0)

    def _can_join(self, proposer: int, suit: int) -> bool:
        """Someone may still accept ``proposer``'s ``suit``: a player who has not spoken,
        who waits, or who proposed a lower suit and is not yet partnered (§1.5)."""
        a = self.auction
        for q in range(HANDS):
            if q == proposer or a.passed[q] or a.partner[q] >= 0 or a.kept[q]:
                continue
            if not a.spoken[q] or a.waiting[q]:
                return True
            if a.proposal[q] >= 0 and SUIT_RANK[Suit(a.proposal[q])] < SUIT_RANK[Suit(suit)]:
                return True
        return False

    def _may_accept(self, h: int, proposer: int) -> bool:
        a = self.auction
        if proposer == h or a.passed[proposer] or a.partner[proposer] >= 0 or a.proposal[proposer] < 0:
            return False
        if a.partner[h] >= 0:
            return False
        if not a.spoken[h] or a.waiting[h]:
            return True
        own = a.proposal[h]
        return own >= 0 and SUIT_RANK[Suit(own)] < SUIT_RANK[Suit(a.proposal[proposer])]

    def _refusal(self, h: int, call: Call) -> str | None:
        """Why ``h`` may not make ``call`` now (None: he may)."""
        a = self.auction
        kind = call.kind
        who = seat_name(h)
        if kind == "pass":
            return None
        if kind == "passe-parole":
            return self._passe_parole_refusal(h)
        if kind in ("trump", "discard", "take", "troel"):
            if kind == "troel":
                return "troel is announced by itself when the cards are dealt"
            return f"{call} is not a call of the auction"
        if kind == "wait":
            if not self.options.wait:
                return "'ik wacht' is not played with these options"
            if self.troel is not None:
                return "after a troel one bids above troel or passes; nobody may wait"
            if h != self.first or a.spoken[h]:
                return "only the first speaker may wait, on his first turn"
            return None
        acceptor = a.partner[h] >= 0 and not a.bound[h]
        if a.waiting[h] and kind not in ("accept", "pair"):
            return f"{who} waited: he may only accept a proposal or pass"
        if acceptor and kind != "pair":
            return f"{who} speaks for the pair: he may only raise the pair's suit or pass"
        tied = a.tied[h] if self.options.bound_suit else -1
        if tied >= 0:
            tied_name = Suit(tied).name.lower()
            if kind in MISERE_TRICKS:
                return f"{who} is bound to {tied_name}: a bound player may no longer bid " \
                       "misère or piccolo"
            if call.suit is not None and int(call.suit) != tied:
                return f"{who} is bound to {tied_name} (solo, a pair, or left alone by his " \
                       f"partner): he may only bid further in {tied_name}"
        if kind == "accept":
            if self._best_accept(h) is None:
                return self._no_accept_reason(h)
            return None
        if kind == "pair":
            assert call.level is not None and call.suit is not None
            s = int(call.suit)
            key = self._key("pair", call.level, s)
            if key is None:
                return f"the points grid has no pair {call.level}"
            if acceptor:
                mine = self._pair_suit(h)
                if s != mine:
                    return f"{who} may only raise the pair's suit, {Suit(mine).name.lower()}"
                if key <= a.key:
                    return f"pair {call.level} {call.suit.name.lower()} does not outrank {self._best_text()}"
                return None
            proposer = next((p for p in range(HANDS) if p != h and a.proposal[p] == s
                             and a.partner[p] < 0 and not a.passed[p]), None)
            if proposer is None:
                return f"nobody proposed {call.suit.name.lower()} and waits for a partner"
            if not self._may_accept(h, proposer):
                return f"{who} may not join {seat_name(proposer)}: only a player who has not " \
                       "spoken, who waited, or who proposed a lower suit may"
            if not self.hands[h] & call.suit.mask:
                return f"{who} holds no {call.suit.name.lower()}: one may only accept with a card of the suit"
            if not self._outranks_for(proposer, key):
                return f"pair {call.level} {call.suit.name.lower()} does not outrank {self._best_text()}"
            return None
        if kind == "propose":
            assert call.suit is not None
            s = int(call.suit)
            suit_name = call.suit.name.lower()
            if self.troel is not None:
                return "after a troel one bids above troel or passes: no suit may be proposed"
            if a.blocked:
                return "no suit may be proposed once a misère or piccolo has been bid"
            if self.options.propose_card and not self.hands[h] & call.suit.mask:
                return f"{who} holds no {suit_name}: one may only propose a suit with at " \
                       "least one card of it, as one may only accept with one"
            most = self.options.asks_per_suit
            if most and a.asked[h][s] >= most:
                times = {1: "once", 2: "twice"}.get(most, f"{most} times")
                return f"{who} has asked {suit_name} {times} already: a player may ask the " \
                       f"same suit at most {times}"
            own = a.proposal[h]
            if a.spoken[h] and own < 0:
                return f"{who} has already bid: only a proposer may propose again"
            if own >= 0 and SUIT_RANK[call.suit] < SUIT_RANK[Suit(own)]:
                return f"{who} proposed {Suit(own).name.lower()}: he may only switch to a higher suit"
            keep = own == s
            if not keep:
                key = self._key("pair", 8, s)
                assert key is not None
                if key <= a.key:
                    return f"a proposal of {suit_name} (pair 8) does not outrank {self._best_text()}"
            if not self._can_join(h, s):
                return f"nobody can still accept {suit_name}"
            return None
        # games one announces alone
        level = call.level
        suit = int(call.suit) if call.suit is not None else None
        if kind == "piccolissimo" and not self.options.piccolissimo:
            return "piccolissimo is not played with these options"
        key = self._key(kind, level, suit)
        name = str(call).replace("-", " ")
        if key is None:
            return f"the points grid has no {name}"
        if kind in ("abondance", "soloslim") and self.options.first_turn_only and a.spoken[h]:
            return f"{name.split()[0]} may only be bid on a player's first turn"
        if kind == "solo" and suit is not None and self.options.solo_suit == "proposed" \
                and not a.asked[h][suit] and self._could_ask(h, suit):
            suit_name = Suit(suit).name.lower()
            return f"{who} may go solo only in a suit he proposed while someone could still " \
                   f"join him, and he has not proposed {suit_name}"
        if key == a.key and kind in SHARED and a.best is not None and a.best[0] == kind \
                and h not in a.holders:
            return self._referee(h, call, key)  # another player in the same misère
        if key <= a.key:
            return f"{name} does not outrank {self._best_text()}"
        return self._referee(h, call, key)

    def _referee(self, h: int, call: Call, key: tuple[int, int]) -> str | None:
        """The referee's refusal of a game above troel (option ``referee``), if any."""
        troel = self.grid.rank("troel")
        if not self.options.referee or troel is None or key[0] <= troel:
            return None
        reason = referee_refusal(self.hands[h], call.kind, call.level, call.suit)
        if reason is None:
            return None
        return f"the referee refuses it as implausible for the hand ({reason}); " \
               f"{seat_name(h)} must pass or bid something else"

    def _could_ask(self, h: int, suit: int) -> bool:
        """A proposal of ``suit`` by ``h`` could still find a partner."""
        return self.troel is None and not self.auction.blocked and self._can_join(h, suit)

    def _pair_suit(self, h: int) -> int:
        """The suit of the accepted pair ``h`` belongs to (the one its proposer proposed)."""
        a = self.auction
        return a.proposal[h] if a.proposal[h] >= 0 else a.proposal[a.partner[h]]

    def _lowest_raise(self, h: int) -> int | None:
        """The fewest tricks the pair of ``h`` must bid in its suit to outrank the bid."""
        s = self._pair_suit(h)
        for level in range(8, 14):
            key = self._key("pair", level, s)
            if key is not None and key > self.auction.key:
                return level
        return None

    def _passe_parole_refusal(self, h: int) -> str | None:
        """Why ``h`` may not say passe parole (None: he may): only the player who joined a
        pair, while it speaks through him, once the pair must bid 11 tricks or more."""
        a = self.auction
        who = seat_name(h)
        if not self.options.passe_parole:
            return "passe parole is not played with these options"
        if a.partner[h] < 0:
            return f"{who} is in no pair: only the player who joined a proposal may hand the " \
                   "word to its proposer"
        partner = a.partner[h]
        if a.handed[h] or a.handed[partner]:
            return f"the word was already handed over: {seat_name(h)} speaks for the pair " \
                   "to the end"
        level = self._lowest_raise(h)
        suit = Suit(self._pair_suit(h)).name.lower()
        if level is None:
            return f"no pair level up to 13 in {suit} outranks {self._best_text()}"
        if level < 11:
            return f"passe parole only when the pair must bid 11 tricks or more; pair {level} " \
                   f"{suit} outranks {self._best_text()}"
        return None

    def _best_text(self) -> str:
        a = self.auction
        if a.best is None:
            return "troel"
        kind, level, suit = a.best
        parts = [kind.replace("-", " ")]
        if level is not None:
            parts.append(str(level))
        if suit is not None:
            parts.append(Suit(suit).name.lower())
        return " ".join(parts)

    def _best_accept(self, h: int) -> Call | None:
        """The call ``accept`` stands for: join the highest proposal one may, at the lowest
        level that outranks the bid."""
        a = self.auction
        tied = a.tied[h] if self.options.bound_suit else -1
        for suit in SUITS_HIGH_FIRST:
            s = int(suit)
            if tied >= 0 and s != tied:
                continue
            for p in range(HANDS):
                if a.proposal[p] == s and self._may_accept(h, p) and self.hands[h] & suit.mask:
                    for level in range(8, 14):
                        key = self._key("pair", level, s)
                        if key is not None and self._outranks_for(p, key):
                            return Call.make("pair", level, s)
        return None

    def _outranks_for(self, proposer: int, key: tuple[int, int]) -> bool:
        """A pair joining ``proposer`` at ``key`` beats the bid (joining the proposal that
        is itself the bid, at its own level, is enough)."""
        a = self.auction
        return key > a.key or (key == a.key and a.proposal_only and a.holders == (proposer,))

    def _no_accept_reason(self, h: int) -> str:
        a = self.auction
        open_ = [p for p in range(HANDS) if p != h and a.proposal[p] >= 0 and a.partner[p] < 0
                 and not a.passed[p]]
        if not open_:
            return "no proposal is waiting for a partner"
        tied = a.tied[h] if self.options.bound_suit else -1
        if tied >= 0 and all(a.proposal[p] != tied for p in open_):
            tied_name = Suit(tied).name.lower()
            return f"{seat_name(h)} is bound to {tied_name}: he may only join a proposal of " \
                   f"{tied_name}"
        if not any(self._may_accept(h, p) for p in open_):
            return f"{seat_name(h)} may not accept: only a player who has not spoken, who " \
                   "waited, or who proposed a lower suit may"
        if not any(self.hands[h] & Suit(a.proposal[p]).mask for p in open_):
            suits = " or ".join(Suit(a.proposal[p]).name.lower() for p in open_)
            return f"{seat_name(h)} holds no {suits}: one may only accept with a card of the suit"
        return f"no pair level up to 13 outranks {self._best_text()}"

    def _auction_calls(self, h: int) -> list[Call]:
        out = [c for c in _AUCTION_CALLS if self._refusal(h, c) is None]
        acc = self._best_accept(h)
        if acc is not None and not (self.auction.partner[h] >= 0):
            out.insert(1, _ACCEPT)
        return out

    def _needs_turn(self, q: int) -> bool:
        a = self.auction
        if a.passed[q] or a.bound[q] or a.kept[q]:
            return False
        return not (q in a.holders and not a.proposal_only)

    def _advance(self, h: int) -> None:
        """Give the turn to the next player who must speak, or end the auction."""
        a = self.auction
        changed = True
        while changed:  # kept proposals nobody can join any more: their players pass
            changed = False
            for q in range(HANDS):
                if a.kept[q] and a.partner[q] < 0 and not a.passed[q] \
                        and not self._can_join(q, a.proposal[q]):
                    a.passed[q] = True
                    a.kept[q] = False
                    changed = True
        for i in range(1, HANDS + 1):
            q = (h + i) % HANDS
            if self._needs_turn(q):
                self.to_move = q
                return
        self._end_auction()

    def _make_call(self, h: int, call: Call) -> None:
        a = self.auction
        kind = call.kind
        first_turn = not a.spoken[h]
        a.spoken[h] = True
        if kind == "pass":
            a.passed[h] = True
            a.waiting[h] = False
            p = a.partner[h]
            if p >= 0:  # the pair drops out: the other player is free again
                a.partner[h] = a.partner[p] = -1
                a.bound[p] = False
                a.bound[h] = False
                a.handed[h] = a.handed[p] = False
            if a.proposal[h] >= 0 and a.partner[h] < 0:
                a.proposal[h] = -1  # an unaccepted proposal stays the bid to beat, dead
        elif kind == "wait":
            a.waiting[h] = True
        elif kind == "passe-parole":  # the proposer speaks for the pair, at once
            p = a.partner[h]
            a.handed[h] = True
            a.bound[h], a.bound[p] = True, False
            self.to_move = p
            return
        elif kind == "propose":
            assert call.suit is not None
            s = int(call.suit)
            a.asked[h][s] += 1
            if a.proposal[h] == s and not first_turn:
                a.kept[h] = True
            else:
                a.proposal[h] = s
                a.kept[h] = False
                key = self._key("pair", 8, s)
                assert key is not None
                a.key = key
                a.best = ("pair", 8, s)
                a.holders = (h,)
                a.proposal_only = True
        elif kind == "pair":
            assert call.suit is not None
            s = int(call.suit)
            if a.partner[h] >= 0:
                proposer = h if a.proposal[h] >= 0 else a.partner[h]
            else:
                proposer = next(p for p in range(HANDS) if p != h and a.proposal[p] == s
                                and a.partner[p] < 0 and not a.passed[p])
                if a.proposal[h] >= 0:  # a lower proposer joins a higher suit
                    a.proposal[h] = -1
                a.kept[h] = False
                a.waiting[h] = False
                a.partner[h], a.partner[proposer] = proposer, h
                a.bound[proposer] = True
                a.kept[proposer] = False
            key = self._key("pair", call.level, s)
            assert key is not None
            a.tied[proposer] = a.tied[h] = s
            a.key = key
            a.best = ("pair", call.level, s)
            a.holders = (proposer, a.partner[proposer])
            a.proposal_only = False
        else:
            suit = int(call.suit) if call.suit is not None else None
            key = self._key(kind, call.level, suit)
            assert key is not None
            if a.proposal[h] >= 0:
                a.proposal[h] = -1
                a.kept[h] = False
            if kind in MISERE_TRICKS:
                a.blocked = True
            elif suit is not None:
                a.tied[h] = suit
            if a.best is not None and key == a.key and kind in SHARED and a.best[0] == kind:
                a.holders = (*a.holders, h)
            else:
                a.key = key
                a.best = (kind, call.level, suit)
                a.holders = (h,)
            a.proposal_only = False
        self._advance(h)

    def _end_auction(self) -> None:
        a = self.auction
        if a.best is None or any(a.passed[p] for p in a.holders):
            if self.troel is not None and a.best is None:
                self._troel_contract()
            else:
                self._all_passed()
            return
        kind, level, suit = a.best
        holders = a.holders
        if kind == "pair":
            needed = level or 8
        elif kind in MISERE_TRICKS:
            needed = MISERE_TRICKS[kind]
        elif kind == "soloslim":
            needed = 13
        else:
            needed = level or 13
        self.contract = Contract(kind, level, Suit(suit) if suit is not None else None, holders, needed)
        self.log.append(AuctionEnded(self.contract.name(), holders))
        if kind == "small-misere":
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
            return tuple(self._auction_calls(h))
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
        reason = self._refusal(h, act)
        if reason is not None:
            raise IllegalActionError(f"{who} may not call {act}: {reason}")
        return act

    def can_apply(self, action: Action | int | str) -> bool:
        """True if :meth:`apply` would accept the action (never raises)."""
        try:
            self.verify_action(action)
        except (IllegalActionError, InvalidActionError):
            return False
        return True

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
        return (copy.deepcopy(self.auction), self.phase_, self.contract, list(self.discards),
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
            acc = self._best_accept(h)  # recorded as the pair it makes: "pair 8 hearts"
            assert acc is not None
            call = acc
        self._saved.append(self._save())
        mark = len(self.log)
        self.history.append(call)
        self.calls.append((h, call))
        self.log.append(CallMade(h, call))
        if self.phase_ == "auction":
            self._make_call(h, call)
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
        other = BelgianState.__new__(BelgianState)
        other.__dict__.update(self.__dict__)
        self._copy_play(other)
        other.calls = list(self.calls)
        other.discards = list(self.discards)
        other.taken = list(self.taken)
        other.auction = copy.deepcopy(self.auction)
        other._saved = list(self._saved)
        return other

    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the state, as a comparable tuple."""
        a = self.auction
        auction = (tuple(a.spoken), tuple(a.passed), tuple(a.waiting), tuple(a.proposal),
                   tuple(a.partner), tuple(a.bound), tuple(a.kept), a.best, a.key, a.holders,
                   a.proposal_only, a.blocked, tuple(a.handed),
                   tuple(map(tuple, a.asked)), tuple(a.tied))
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
        to_move = self.to_move
        legal: tuple[Action, ...] = ()
        if seat is not None and to_move == seat:
            legal = tuple(self.legal_actions())
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
            "bid": self._best_text() if a.best is not None or self.troel is not None else None,
            "bidders": [names[h] for h in a.holders],
            "passed": [names[h] for h in range(HANDS) if a.passed[h]],
            "waiting": [names[h] for h in range(HANDS) if a.waiting[h]],
            "proposals": {names[h]: Suit(a.proposal[h]).name.lower() for h in range(HANDS)
                          if a.proposal[h] >= 0},
            "contract": None if c is None else {
                "name": c.name(), "declarers": [names[h] for h in c.declarers],
                "needed": c.needed, "exact": c.exact},
            "discarded": [names[h] for h, _ in self.discards],
            "multiplier": self.multiplier,
        }
        values = self.play_fields(seat)
        values.update(
            variant=self.variant,
            options=self.options,
            seat=seat,
            controls=() if seat is None else (seat,),
            dealer=self.dealer,
            phase=self.phase,
            to_move=to_move,
            actor=to_move,
            turn_up=None,
            known=known,
            open_hands=open_hands,
            legal=legal,
            score=self.start_score,
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
_ACCEPT = Call.make("accept")
_AUCTION_CALLS: tuple[Call, ...] = tuple(
    [Call.make("pass"), Call.make("wait"), Call.make("passe-parole")]
    + [Call.make("propose", suit=s) for s in SUITS_HIGH_FIRST[::-1]]
    + [Call.make("pair", lv, s) for lv in range(8, 14) for s in SUITS_HIGH_FIRST[::-1]]
    + [Call.make("solo", lv, s) for lv in range(5, 9) for s in SUITS_HIGH_FIRST[::-1]]
    + [Call.make(k) for k in ("small-misere", "piccolo", "piccolissimo", "grand-misere",
                              "open-misere")]
    + [Call.make("abondance", lv, s) for lv in range(9, 13) for s in SUITS_HIGH_FIRST[::-1]]
    + [Call.make("soloslim", suit=s) for s in SUITS_HIGH_FIRST[::-1]])


def _troel_holder(hands: Sequence[int], options: BelgianOptions) -> int | None:
    for h, m in enumerate(hands):
        aces = (m & ACE_MASK).bit_count()
        if aces == 3 or (aces == 4 and options.troel == "three-or-four-aces"):
            return h
    return None


# --- dealing ---------------------------------------------------------------------------------


def _cards(h: str | Iterable[Card | int | str]) -> list[Card]:
    if isinstance(h, str):
        text = h.strip()
        if ":" in text or ("." in text and " " not in text):
            return cards_of(parse_hand(text))
        return [Card.parse(t) for t in text.replace(",", " ").split()]
    return [Card.parse(c) if isinstance(c, str) else Card(c) for c in h]


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
            cards = _cards(h)
            if len(cards) != 13:
                raise ConfigError(f"each hand holds 13 cards, not {len(cards)}")
            for c in cards:
                if seen >> c & 1:
                    raise ConfigError(f"{c} is given twice")
                seen |= 1 << c
            masks[(dealer + 1 + i) % HANDS] = sum(1 << c for c in cards)
    return BelgianState(masks, dealer, options, seed=seed, score=score, multiplier=multiplier)


# --- matches ---------------------------------------------------------------------------------


class BelgianMatchRules(MatchRules):
    """A Belgian match: a points total per player (``totals``, also ``score``).  When all
    pass the same dealer deals again (with ``redeal-double`` that deal counts double);
    with ``shuffle=False`` the next deal is cut from the cards gathered trick by trick.

    Lengths (``until``): ``deals`` (``count`` deals, all-pass deals included),
    ``rounds`` (``count`` rounds of four deals: every player deals once per round; an
    all-pass deal, redealt by the same dealer, does not count) and ``points`` (play on to
    the end of the round in which a player reaches ``count`` points, so that every
    player has dealt equally often, as clubs play a session out to the round's end).
    """

    UNTIL = ("deals", "rounds", "points")
    DEFAULT = ("rounds", 1)
    GAME = "deal"
    RUBBER = "match"
    TOTALS = "points"

    def __init__(self, options: BelgianOptions) -> None:
        super().__init__(options, HANDS)
        self._redeal = False
        self._pack: list[int] | None = None
        self.dealt = 0
        """Deals after which the deal passed on (all-pass deals are dealt again)."""

    def lengths(self) -> tuple[MatchLength, ...]:
        """N rounds of four deals (1), to N points at a round's end (100), or N deals (4)."""
        return (MatchLength("deals", "deals", "deals", 4),
                MatchLength("rounds", "rounds", "rounds", 1),
                MatchLength("points", "points", "points", 100))

    def is_over(self, until: str, count: int, deals: int) -> bool:
        """``count`` deals or rounds complete, or a round complete with a player at
        ``count`` points or more."""
        if until == "rounds":
            return self.dealt >= HANDS * count
        if until == "points":
            return self.dealt > 0 and self.dealt % HANDS == 0 and max(self.totals) >= count
        return deals >= count

    def deal_args(self) -> dict[str, Any]:
        """The score before the deal, its multiplier, and the pack when not shuffling."""
        args: dict[str, Any] = {"score": tuple(self.totals)}
        if self._redeal and self.options.all_pass == "redeal-double":
            args["multiplier"] = 2
        if self._pack is not None and not self.options.shuffle:
            args["pack"] = tuple(self._pack)
        return args

    def next_dealer(self, dealer: int, n_hands: int) -> int:
        """The deal passes to the left, except after an all-pass deal."""
        return dealer if self._redeal else (dealer + 1) % n_hands

    def add_deal(self, state: Any, number: int) -> SheetRow:
        """Add each player's points."""
        res: BelgianResult = state.result()
        for h in range(HANDS):
            self.totals[h] += res.points[h]
        self.score = list(self.totals)
        self._redeal = res.all_pass
        if not res.all_pass:
            self.dealt += 1
        pack = [int(c) for t in state.tricks for c in t.cards]
        for h in range(HANDS):
            pack.extend(int(c) for c in cards_of(state.hands[h]))
        pack.extend(int(c) for _, c in state.discards)
        self._pack = pack
        trump = state.trump.name.lower() if state.trump is not None else "none"
        return SheetRow(number, state.dealer, trump, res, tuple(self.totals), None)


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


def _declare(options: BelgianOptions) -> Declaration:
    """What a deal of Belgian whist declares, from the rules and the points grid: sides
    made by the auction, points per player, and bounds on a deal's length and points.

    The auction's bound: a call that outranks the bid (at most one per contract and suit
    of the ladder), a pass per player, the first speaker's wait, a join of a proposal at
    its own level after each of the (at most four) proposals that outrank, at most eight
    pairs formed (one per such proposal, one per acceptor's pass), a passe parole per
    pair formed, a kept proposal per player and per pair formed, and three more players
    in each shared misère.  After the auction: a troel trump call and 52 cards, or four
    discards and 48 cards.  The points: the grid's highest value made and failed
    of each contract, settled as :func:`settle` does, doubled after an all-pass deal
    under ``redeal-double``.
    """
    grid = options.points_grid()
    twice = 2 if options.all_pass == "redeal-double" else 1
    keys = shared = 0
    least = most = 0
    for e in grid.entries:
        if e.kind == "piccolissimo" and not options.piccolissimo:
            continue
        if e.kind != "troel":
            keys += 4 if e.kind in ("pair", "solo", "abondance", "soloslim") else 1
        shared += e.kind in SHARED
        exact = e.kind in MISERE_TRICKS
        needed = (MISERE_TRICKS[e.kind] if exact else 13 if e.kind == "soloslim"
                  else 8 if e.kind == "troel" else int(e.level or 13))
        outcomes = [e.value(t, needed, exact) for t in range(14)]
        made = twice * max((v for ok, v in outcomes if ok), default=0)
        failed = twice * max((v for ok, v in outcomes if not ok), default=0)
        zero_sum = grid.settlement == "zero-sum"
        if e.kind in SHARED:  # up to four players, each settling with the other three
            most = max(most, 3 * made + 3 * failed, 4 * failed)
            if zero_sum:
                least = min(least, -3 * failed - 3 * made, -4 * made)
            continue
        share = 1 if e.kind in ("pair", "troel") else HANDS - 1
        most = max(most, share * made, failed)
        if zero_sum:
            least = min(least, -share * failed, -made)
    proposals = len(SUIT_RANK)  # proposals that outrank: pair 8 in each suit
    pairs = proposals + HANDS  # pairs formed: one per proposal, one per acceptor's pass
    calls = keys + HANDS + 1 + proposals + pairs + (HANDS + pairs) + 3 * shared
    return Declaration((0, 1, 2, 3), "auction", None, "player", calls + 53, least, most)


BELGIAN = Variant(
    name="belgian",
    players=HANDS,
    hands=HANDS,
    description="Belgian colour whist as on FreeWhist.be: an auction (proposals, solo, "
                "misères, abondance, troel), one contract, a points grid per player.",
    options_type=BelgianOptions,
    presets=PRESETS,
    default_preset="freewhist",
    deal=new_belgian_deal,
    from_setup=from_setup,
    rebuild=rebuild,
    match_rules=BelgianMatchRules,
    declare=_declare,
    header_options=("all_pass", "grid", "piccolissimo"),
)
"""Belgian colour whist: the registry's record."""
