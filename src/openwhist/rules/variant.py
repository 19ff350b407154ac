"""The variant record and the header it declares under some options."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from openwhist.cards import Card
from openwhist.errors import ConfigError
from openwhist.rules.contract import Promise
from openwhist.rules.match_rules import MatchRules
from openwhist.rules.seats import seat_name
from openwhist.rules.stakes import Stakes

__all__ = [
    "Declaration",
    "EntryForm",
    "Partnership",
    "Variant",
    "VariantHeader",
]


# --- the variant header ----------------------------------------------------------------------

Partnership = Literal["fixed", "auction", "each"]
"""How hands form sides: ``fixed`` pairs for the whole deal, sides ``auction``-made (known
once the contract is), or ``each`` hand for itself."""


@dataclass(frozen=True)
class Declaration:
    """What a family declares about a deal under some options, read from its rules and
    points grid, never from a dealt deal (a :class:`Variant`'s ``declare`` makes it).

    :param controllers: per hand, the seat that plays it (Dummy whist: the dummy's partner).
    :param partnership: ``"fixed"``, ``"auction"`` or ``"each"`` (see :data:`Partnership`).
    :param sides: per hand, its side, for fixed pairs and each-for-himself; None when the
        auction makes the sides.
    :param scores: ``"side"`` when a result's points are per side, ``"player"`` per hand.
    :param max_actions: the most actions (cards and calls) any deal can take.
    :param min_points: the fewest points one side or player can score in a deal.
    :param max_points: the most points one side or player can score in a deal.
    :param bids: True where each player bids the exact tricks he will take (the calls
        ``bid 0`` to ``bid 17``), so that the research tensors lay the bids out.
    :param deck: the cards in play (a mask; a short deck leaves some out).
    :param hand_cards: the cards dealt to each hand (the most, where the match rules
        size each deal).
    """

    controllers: tuple[int, ...]
    partnership: Partnership
    sides: tuple[int, ...] | None
    scores: Literal["side", "player"]
    max_actions: int
    min_points: int
    max_points: int
    bids: bool = False
    deck: int = (1 << 52) - 1
    hand_cards: int = 13


@dataclass(frozen=True)
class VariantHeader:
    """A variant's header under some options, as a game type declares a game: who plays
    which hand, the partnership model, the longest deal and the points a deal can give.

    Made by :meth:`Variant.header` from the rules alone (no deal is dealt to learn it);
    ``depends_on`` names the options that can change it (the rest never do).

    >>> from openwhist.rules.registry import get_variant
    >>> h = get_variant("dummy").header()
    >>> h.players, h.hands, h.seats, h.controllers, h.sides
    (3, 4, (0, 1, 3), (0, 1, 0, 3), (0, 1, 0, 1))
    """

    variant: str
    hands: int
    seats: tuple[int, ...]
    controllers: tuple[int, ...]
    partnership: Partnership
    sides: tuple[int, ...] | None
    scores: Literal["side", "player"]
    max_actions: int
    min_points: int
    max_points: int
    depends_on: tuple[str, ...]
    bids: bool = False
    """Each player bids the exact tricks he will take (``bid 0`` to ``bid 17``)."""
    deck: int = (1 << 52) - 1
    """The cards in play (a mask)."""
    hand_cards: int = 13
    """The cards dealt to each hand (the most, where the match rules size each deal)."""

    @property
    def players(self) -> int:
        """Seats at the table: the hands some player sits at."""
        return len(self.seats)

    @property
    def score_entries(self) -> int:
        """How many entries a deal's ``points`` has: one per side or one per hand."""
        if self.scores == "side" and self.sides is not None:
            return len(set(self.sides))
        return self.hands

    @property
    def dummies(self) -> tuple[int, ...]:
        """The hands no player sits at, played by another seat (Dummy whist's dummy)."""
        return tuple(h for h in range(self.hands) if h not in self.seats)

    def hands_of(self, seat: int) -> tuple[int, ...]:
        """The hands ``seat`` plays (its own and, in Dummy whist, the dummy)."""
        return tuple(h for h in range(self.hands) if self.controllers[h] == seat)

    def to_json(self) -> dict[str, Any]:
        """The header as JSON values, hands named by their letters::

            {"variant": "dummy", "players": 3, "hands": 4, "seats": ["N", "E", "W"],
             "controllers": {"N": "N", "E": "E", "S": "N", "W": "W"},
             "partnership": "fixed", "sides": {"N": 0, "E": 1, "S": 0, "W": 1},
             "scores": "side", "max_actions": 52, "points": {"min": 0, "max": 11},
             "depends_on": ["dummy", ...]}

        ``sides`` is null when the auction makes the sides.
        """
        n = self.hands
        return {
            "variant": self.variant,
            "players": self.players,
            "hands": n,
            "seats": [seat_name(s, n) for s in self.seats],
            "controllers": {seat_name(h, n): seat_name(c, n) for h, c in enumerate(self.controllers)},
            "partnership": self.partnership,
            "sides": None if self.sides is None
            else {seat_name(h, n): s for h, s in enumerate(self.sides)},
            "scores": self.scores,
            "max_actions": self.max_actions,
            "points": {"min": self.min_points, "max": self.max_points},
            "depends_on": list(self.depends_on),
        }


@dataclass(frozen=True)
class EntryForm:
    """What a scorer enters for a deal of a family played on real cards (a whist drive's
    scorer mode; :func:`openwhist.rules.scorer.check_entry` checks it): the tricks of each
    of ``columns``, or, where ``contracts`` are named, the contract played, its declarers
    and their tricks.

    :param columns: the tricks entered, one number per column, each column the seat
        letters whose tricks it counts (a side's ``"NS"``, a player's ``"N"``).
    :param contracts: the contract names the form offers, in the order it lists them
        (``"pass"`` for a deal all passed); empty for a family whose results are tricks.
    :param bids: each player's bid and tricks, one pair a seat of the table (the exact-bid
        whists, whose table size is an option: no ``columns``).
    :param chained: a deal's score depends on the table's earlier deals (streaks): its
        deals are entered in order, and the later ones are scored again when one changes.
    """

    columns: tuple[str, ...] = ()
    contracts: tuple[str, ...] = ()
    bids: bool = False
    chained: bool = False

    def to_json(self) -> dict[str, Any]:
        """The form as JSON values: ``{"columns": [...], "contracts": [...], "bids": false,
        "chained": false}``."""
        return {"columns": list(self.columns), "contracts": list(self.contracts), "bids": self.bids,
                "chained": self.chained}


# --- the variant record ----------------------------------------------------------------------


@dataclass(frozen=True)
class Variant:
    """A family of the whist tree as the registry knows it.

    :param name: the name used by :func:`openwhist.new_deal` and the command line.
    :param players: seats at the table; ``hands``: hands dealt (Dummy whist: 3 and 4); where
        ``players`` is an option (the exact-bid whists, 3 to 6), these are its default and
        :meth:`header` gives the hands of some options.
    :param description: one line for people.
    :param options_type: the frozen dataclass of its options (each field's help kept in
        its metadata, see :func:`option`); it has ``to_dict`` and ``from_dict``.
    :param presets: named option sets; ``default_preset`` the one used when none is named.
    :param deal: the factory: ``deal(options, seed=, dealer=, hands=, turn_up=, **match)``.
    :param from_setup: rebuilds a deal from its options and ``Deal.setup()`` (records).
    :param rebuild: ``rebuild(obs, hands, hidden)``: a full deal consistent with an
        observation, given the cards each hand holds now and, for each place in
        ``obs.hidden``, its unseen cards in order (the observer's sampled view of the hidden
        cards), with the play so far replayed: what sampling bots need.
    :param match_rules: makes the :class:`MatchRules` that score a match of it.
    :param declare: ``declare(options)`` -> :class:`Declaration`: who plays which hand,
        the partnership model, the longest deal and the points a deal can give, from the
        rules alone (see :meth:`header`).
    :param header_options: the options that can change what ``declare`` says (Dummy
        whist's dummy moves the dummy, a Belgian grid changes the points).
    :param draw: optional: cut for seats and first dealer, ``draw(names, seed)`` ->
        (names in seat order, the cuts made).
    :param fixed_options: options the variant sets whatever the preset (Dummy whist's dummy).
    :param amend: optional: completes overrides before they are applied (classic whist
        turns honours off with ``trump="none"`` unless honours were named).
    :param promise: optional, for a family with an auction: ``promise(options, call)`` ->
        the :class:`~openwhist.rules.contract.Promise` the call commits its caller to (None
        for a call that commits to no contract: a pass, a wait).
    :param stakes: optional: ``stakes(observation)`` -> the :class:`~openwhist.rules.stakes.Stakes`
        of the deal for its players, when the match counts something other than the
        deal's tricks (classic whist: the chance of winning the game); None plays for tricks.
    :param title: the family's name for people (``"German whist"``).
    :param rated: whether people's matches of it are rated, on a ladder of its own (a
        variant played by fewer people than hands, Dummy whist, is not).
    :param tally: what a deal counts for each player where deals are added up across
        tables (a whist drive): ``tricks``, the tricks his side took (``result().tricks``,
        per side); ``counted``, the tricks of his own that the scoring counts
        (``result().counted``, per player); ``points``, his points by the rules
        (``result().points``, per player).
    :param entry: optional: what a scorer enters for a deal played on real cards
        (:class:`EntryForm`); None for a family whose results are not entered by hand.
    """

    name: str
    players: int
    hands: int
    description: str
    options_type: Any
    presets: Mapping[str, Any]
    default_preset: str
    deal: Callable[..., Any]
    from_setup: Callable[[Any, Mapping[str, Any]], Any]
    rebuild: Callable[..., Any]
    match_rules: Callable[[Any], MatchRules]
    declare: Callable[[Any], Declaration]
    header_options: tuple[str, ...] = ()
    draw: Callable[[Sequence[str], int], tuple[list[str], list[tuple[str, Card]]]] | None = None
    fixed_options: Mapping[str, Any] = field(default_factory=dict)
    amend: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    promise: Callable[[Any, Any], Promise | None] | None = None
    stakes: Callable[[Any], Stakes | None] | None = None
    title: str = ""
    rated: bool = False
    tally: Literal["tricks", "counted", "points"] = "tricks"
    entry: EntryForm | None = None

    def options(self, preset: str | None = None, **overrides: Any) -> Any:
        """Options from a preset (default: ``default_preset``) with some changed."""
        name = self.default_preset if preset is None else preset
        if name not in self.presets:
            raise ConfigError(f"unknown preset {name!r} for {self.name}; presets: "
                              f"{', '.join(self.presets)}")
        base = self.presets[name]
        merged = {**self.fixed_options, **overrides}
        if self.amend is not None:
            merged = self.amend(merged)
        if not merged:
            return base
        known = {f.name for f in fields(self.options_type)}
        unknown = set(merged) - known
        if unknown:
            raise ConfigError(f"unknown option(s) {', '.join(sorted(unknown))} for {self.name}; "
                              f"known: {', '.join(sorted(known))}")
        data = base.to_dict()
        data.update(merged)
        return self.options_type.from_dict(data)

    def header(self, options: Any = None) -> VariantHeader:
        """The variant's declared header under ``options`` (default: its default preset).

        Read from the rules and the points grid; nothing is dealt.

        >>> from openwhist.rules.registry import get_variant
        >>> dummy = get_variant("dummy")
        >>> dummy.header().seats, dummy.header(dummy.options(dummy=0)).seats
        ((0, 1, 3), (1, 2, 3))
        """
        opts = self.options() if options is None else options
        if not isinstance(opts, self.options_type):
            raise ConfigError(f"{self.name} takes options of type {self.options_type.__name__}, "
                              f"not {type(opts).__name__}")
        d = self.declare(opts)
        if len(d.controllers) != self.hands and "players" not in self.header_options:
            raise ConfigError(f"{self.name} declares {len(d.controllers)} hands, not {self.hands}")
        seats = tuple(sorted(set(d.controllers)))
        return VariantHeader(self.name, len(d.controllers), seats, d.controllers, d.partnership, d.sides,
                             d.scores, d.max_actions, d.min_points, d.max_points,
                             self.header_options, d.bids, d.deck, d.hand_cards)
