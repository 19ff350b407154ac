"""A sequence of deals of any variant: dealer rotation, the score sheet, and the variant's
match rules (games and rubbers in classic whist, a points total elsewhere).

>>> import openwhist
>>> m = openwhist.new_match("english-short", seed=3, until="game")
>>> while not m.is_over():
...     _ = m.apply(m.state.legal_actions()[0])
>>> m.games[0].winner in (0, 1), max(m.games[0].score) >= 5
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openwhist.cards import Card, SplitMix64, derive_seed
from openwhist.errors import ConfigError, IllegalActionError, InvalidActionError
from openwhist.rules.base import Deal, GameRecord, MatchRules, Observation, RubberRecord, SheetRow, Variant
from openwhist.rules.registry import DEFAULT_VARIANT, get_variant, resolve
from openwhist.rules.seats import NO_PLAYER, parse_seat, seat_name

__all__ = ["GameRecord", "Match", "RubberRecord", "SheetRow", "match_lengths", "new_match"]


def match_seed(secret: int, match_no: int) -> int:
    """The seed of a table's match ``match_no`` (0-based) from the table's secret: a keyed
    hash, so that the seed a finished match's record shows tells nothing of another's.

    >>> match_seed(7, 0) == match_seed(7, 0) != match_seed(7, 1)
    True
    """
    return derive_seed(secret, "match", match_no)


def next_deal_seed(stream: SplitMix64) -> int:
    """The seed of a match's next deal, drawn from the match's stream (``SplitMix64`` of
    the match's seed): the one rule by which a match, and whoever lists its boards ahead
    (a drive's hand records), deal the same cards."""
    return stream.next() >> 1


class Match:
    """Deal after deal with the dealer rotating, to the end of a game, rubber or deal count.

    Drive it with :meth:`apply` (the current deal is :attr:`state`); when a deal ends it is
    scored on :attr:`sheet` by the variant's match rules (:attr:`rules`) and the next deal
    starts by itself.  ``until`` is one of the rules' ``UNTIL`` (classic whist: ``game``,
    ``rubber``, ``deals``).  :attr:`hands` is the number of hands each deal has under the
    match's options (the exact-bid whists: its ``players``).
    """

    def __init__(self, variant: str, options: Any, seed: int, until: str = "rubber", count: int = 1,
                 players: Sequence[str] | None = None, first_dealer: int = 0,
                 draw: Sequence[tuple[str, Card]] = ()) -> None:
        self.record: Variant = get_variant(variant)
        self.variant = variant
        self.options = options
        self.seed = seed
        self.rules: MatchRules = self.record.match_rules(options)
        self.rules.check_length(until, count)
        self.until = until
        self.count = count
        n = self.hands = self.record.header(options).hands
        self.players: tuple[str, ...] = tuple(players) if players is not None else tuple(
            seat_name(s, n) for s in range(n))
        self.first_dealer = first_dealer
        self.draw = tuple(draw)
        self.sheet: list[SheetRow] = []
        self.deals: list[Deal] = []
        self._over = False
        self._rng = SplitMix64(seed)
        self._start_deal(first_dealer)

    def __repr__(self) -> str:
        return (f"<Match {self.variant} until={self.until} count={self.count} seed={self.seed} "
                f"deals={len(self.sheet)}{' over' if self._over else ''}>")

    # --- the score, kept by the rules ---------------------------------------------------

    @property
    def score(self) -> list[int]:
        """The running score per side (in classic whist: of the game in progress)."""
        return self.rules.score

    @property
    def games(self) -> list[GameRecord]:
        """The games finished so far."""
        return self.rules.games

    @property
    def rubbers(self) -> list[RubberRecord]:
        """The rubbers finished so far."""
        return self.rules.rubbers

    @property
    def totals(self) -> list[int]:
        """The match's points per side (rubber points in classic whist)."""
        return self.rules.totals

    # --- driving ------------------------------------------------------------------------

    def _start_deal(self, dealer: int) -> None:
        deal_seed = next_deal_seed(self._rng)
        self.state: Deal = self.record.deal(self.options, seed=deal_seed, dealer=dealer,
                                            **self.rules.deal_args())
        self.deals.append(self.state)

    def is_over(self) -> bool:
        """True when the game, rubber or number of deals asked for is complete."""
        return self._over

    @property
    def to_move(self) -> int | None:
        """The hand to act in the current deal (None once the match is over)."""
        return None if self._over else self.state.to_move

    def controller(self, hand: int) -> int:
        """The seat that acts for ``hand`` in the current deal."""
        return self.state.controller(hand)

    def observation(self, seat: int) -> Observation:
        """The current deal as ``seat`` sees it."""
        return self.state.observation(seat)

    def public_observation(self) -> Observation:
        """The current deal as an onlooker sees it (no seat, no hand)."""
        return self.state.public_observation()

    def apply(self, action: Any) -> tuple[Any, ...]:
        """Act in the current deal; score it and deal the next one when it ends."""
        if self._over:
            raise IllegalActionError("the match is over")
        events = self.state.apply(action)
        if self.state.is_over():
            self._finish_deal()
        return events

    def _finish_deal(self) -> None:
        state = self.state
        self.sheet.append(self.rules.add_deal(state, len(self.sheet) + 1))
        if self.rules.is_over(self.until, self.count, len(self.sheet)):
            self._over = True
        else:
            self._start_deal(self.rules.next_dealer(state.dealer, self.hands))

    def next_dealer(self) -> int:
        """The hand that deals next: once the match is over, the dealer of the next
        match's first deal (pass it to :func:`new_match` as ``dealer``), by the variant's
        rule (the deal passes to the left; Belgian whist: the same dealer after an
        all-pass deal); while the match goes on, the dealer of the deal in progress."""
        if not self._over:
            return self.state.dealer
        return self.rules.next_dealer(self.state.dealer, self.hands)

    def lengths(self) -> dict[str, Any]:
        """The lengths a match of this variant may have, as JSON values (see
        :meth:`MatchRules.lengths_json`)."""
        return self.rules.lengths_json()

    def side_name(self, side: int) -> str:
        """The players of a side, e.g. ``"N & S"`` or ``"Ann & Bob"``."""
        sides = self.state.sides
        return " & ".join(self.players[h] for h in range(len(sides)) if sides[h] == side)

    def summary(self) -> dict[str, Any]:
        """Deals, games, rubbers and totals as a JSON-friendly dict."""
        return {"deals": len(self.sheet), **self.rules.summary()}


def new_match(
    variant: str = DEFAULT_VARIANT,
    *,
    preset: str | None = None,
    seed: int | None = None,
    until: str | None = None,
    count: int = 1,
    players: Sequence[str] | int | None = None,
    dealer: int | str = 0,
    draw: bool = False,
    options: Any = None,
    **overrides: Any,
) -> Match:
    """Start a match: deal after deal to the end of ``count`` games, rubbers or deals.

    :param variant: a variant (``"classic"``, ``"dummy"``) or a preset name such as
        ``"english-long"``.
    :param until: how the match ends, one of the variant's lengths with ``count``:
        classic and Dummy whist ``"game"``, ``"rubber"`` (best of three games) or
        ``"deals"``; German whist ``"match"`` (as its options define one), ``"deals"``
        (hands), ``"best-of"`` (hands, odd) or ``"points"``; Belgian whist ``"deals"``,
        ``"rounds"`` (four deals, every player dealing once) or ``"points"`` (checked at
        a round's end).  None: the family's natural length (classic ``rubber``, German
        ``match``, Belgian ``rounds``).  :func:`match_lengths` describes them for a page.
    :param players: names per seat N, E, S, W (three names and ``"dummy"`` for Dummy whist);
        a number is the ``players`` option of a family that has one (the exact-bid whists,
        3 to 6: ``new_match("romanian", players=5)``).
    :param dealer: the first dealer, a seat number or letter.
    :param draw: cut for partners and first dealer (ace low, re-cut on ties), where the
        variant has such a draw.
    :param options: a ready options record of the variant instead of preset and overrides.
    :param overrides: any option of the variant (see ``openwhist rules VARIANT``).
    """
    if isinstance(players, int):
        overrides["players"] = players
        players = None
    if options is not None:
        name, opts = get_variant(variant).name, options
        if overrides or preset:
            opts = get_variant(variant).options_type.from_dict({**options.to_dict(), **overrides})
    else:
        name, opts = resolve(variant, preset, **overrides)
    record = get_variant(name)
    if until is None:
        until = record.match_rules(opts).default_length()[0]
    if seed is None:
        import secrets

        seed = secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ConfigError(f"a seed is a non-negative whole number, not {seed!r}")
    head = record.header(opts)
    n = head.hands
    if players is None:
        names = [seat_name(s, n) if s in head.seats else NO_PLAYER for s in range(n)]
    else:
        names = list(players)
        if len(names) == head.players:
            for h in head.dummies:
                names.insert(h, NO_PLAYER)
        if len(names) != n:
            raise ConfigError(f"give {head.players} player names, not {len(players)}")
    cuts: list[tuple[str, Card]] = []
    first = _dealer(dealer, n)
    if draw:
        if record.draw is None:
            raise ConfigError(f"{name} has no draw for seats")
        real = [nm for i, nm in enumerate(names) if i in head.seats]
        names, cuts = record.draw(real, seed)
        unplayed = [seat_name(h, n) for h, nm in enumerate(names) if nm not in real]
        if len(names) != n or unplayed != [seat_name(h, n) for h in head.dummies]:
            raise ConfigError(f"drawing for seats leaves {', '.join(unplayed) or 'no hand'} "
                              f"without a player, but these options leave "
                              f"{', '.join(seat_name(h, n) for h in head.dummies) or 'none'}")
        first = 0
    return Match(name, opts, seed, until=until, count=count, players=names, first_dealer=first,
                 draw=cuts)


def match_lengths(variant: str = DEFAULT_VARIANT, preset: str | None = None,
                  **options: Any) -> dict[str, Any]:
    """The lengths a match of ``variant`` may have and its natural one, as JSON values.

    >>> match_lengths("classic")["default"]
    {'until': 'rubber', 'count': 1}
    >>> [x["until"] for x in match_lengths("german")["lengths"]]
    ['match', 'deals', 'best-of', 'points']
    """
    name, opts = resolve(variant, preset, **options)
    return get_variant(name).match_rules(opts).lengths_json()


def _dealer(dealer: int | str, n: int) -> int:
    try:
        return parse_seat(dealer, n)
    except InvalidActionError as exc:
        raise ConfigError(f"dealer: {exc}") from None
