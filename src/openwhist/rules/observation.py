"""The observation: what one seat may know, the only view bots and front ends receive.

:class:`Observation` is what one seat may know; ``to_json()`` gives its documented
schema (see :meth:`Observation.to_json`) and :meth:`Observation.from_json` reads it back.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from random import Random
from typing import Any

from openwhist.cards import SUIT_MASKS, Card, CardSet, Suit
from openwhist.errors import InvalidActionError
from openwhist.rules.actions import _ACTION_TEXT, Action, Call, parse_action
from openwhist.rules.catalogue import get_variant
from openwhist.rules.contract import Contract
from openwhist.rules.seats import parse_seat, seat_names
from openwhist.rules.stakes import Stakes
from openwhist.rules.tricks import CARD_TEXTS as _CARD_TEXT
from openwhist.rules.tricks import Trick, shown_voids

__all__ = [
    "OBSERVATION_SCHEMA",
    "Observation",
]


_SEAT_NAMES: dict[int, tuple[str, ...]] = {n: seat_names(n) for n in (2, 3, 4)}

_VOIDS_MEMO: dict[tuple[int, int, int], tuple[Any, Any, dict[int, set[Suit]]]] = {}
"""The voids of the tricks of recent observations, by the identity of their (immutable)
``tricks`` and ``trick`` tuples, which each entry holds: views made from one template (a
searching bot's) share them, and their voids are worked out once."""

_VOIDS_MEMO_SIZE = 256

_SUIT_TEXTS: dict[int, list[str]] = {}
"""The card texts of one suit's cards, keyed by that suit's part of a mask (filled as met)."""


def _mask_texts(mask: int) -> list[str]:
    """The texts of a mask's cards, low to high (``[str(c) for c in CardSet(mask)]``)."""
    out: list[str] = []
    table = _SUIT_TEXTS
    for shift in (0, 13, 26, 39):
        part = mask & (0x1FFF << shift)
        if part:
            texts = table.get(part)
            if texts is None:
                texts = table[part] = [_CARD_TEXT[c] for c in CardSet(part)]
            out += texts
    return out


def _set_texts(cards: Iterable[int]) -> list[str]:
    """The texts of a card set's cards: low to high for a :class:`CardSet`, else in order."""
    if type(cards) is CardSet:
        return _mask_texts(cards.mask)
    return [_CARD_TEXT[c] for c in cards]


def _tricks_json(tricks: Sequence[Trick], names: Sequence[str]) -> list[dict[str, Any]]:
    """The tricks' JSON form: ``[{"leader", "cards", "winner"}, ...]``.

    Tricks of 2, 3 or 4 cards are unpacked in place (no inner loop per trick); a trick of
    another length falls back to the general form, so the output is the same either way.
    """
    text = _CARD_TEXT
    if tricks:
        try:
            width = len(tricks[0][1])
            if width == 4:
                return [{"leader": names[lead], "cards": [text[a], text[b], text[c], text[d]],
                         "winner": names[win]} for lead, (a, b, c, d), win in tricks]
            if width == 2:
                return [{"leader": names[lead], "cards": [text[a], text[b]],
                         "winner": names[win]} for lead, (a, b), win in tricks]
            if width == 3:
                return [{"leader": names[lead], "cards": [text[a], text[b], text[c]],
                         "winner": names[win]} for lead, (a, b, c), win in tricks]
        except ValueError:
            pass
    return [{"leader": names[t[0]], "cards": [text[c] for c in t[1]], "winner": names[t[2]]}
            for t in tricks]


OBSERVATION_SCHEMA = "openwhist-observation/1"
"""The ``schema`` field of :meth:`Observation.to_json`."""


@dataclass(frozen=True)
class Observation:
    """What one seat may know at one moment: the only view bots and front ends receive.

    Hands are numbered 0..n-1 clockwise.  ``seat`` is the observer, or None for the public
    view (:meth:`Deal.public_observation`: what someone watching from the first card could
    know, with no hand, no controls and nothing legal); ``controls`` the hands
    it plays (its own, and an exposed dummy for the dummy's partner).  ``to_move`` is the
    hand to act and ``actor`` the seat that acts for it.  ``sides[h]`` is the side of hand
    ``h`` (what scores together); ``tricks_won`` counts per side.  ``known`` holds the
    public cards of other hands (an exposed dummy, the turned-up card while the dealer
    holds it, an open misère hand); ``open_hands`` the hands whose every card is public.
    ``calls`` are the calls made so far; ``contract`` the deal's :class:`Contract` once there
    is one (None before, and always in families without an auction); ``info`` holds a
    family's further facts this seat may know (German whist's face-up stock card, Belgian
    whist's auction), with plain JSON values.
    ``hidden`` counts the cards in places other than hands that this seat cannot see
    (German whist's face-down stock): with ``hand_sizes`` and ``unseen()`` it is all a
    sampler needs to deal the unseen cards afresh.  ``shown`` holds the public cards that
    lie in no hand (German whist's face-up stock cards).  ``voids_from[h]``, where given,
    is the first trick (0-based) whose failures to follow still prove hand ``h`` void: a
    hand that has since taken in cards unseen (German whist's blind draws) may hold the
    suit again; empty means every trick counts.
    """

    variant: str
    options: Any
    seat: int | None
    controls: tuple[int, ...]
    sides: tuple[int, ...]
    dealer: int
    phase: str
    to_move: int | None
    actor: int | None
    trump: Suit | None
    turn_up: Card | None
    hand: CardSet
    known: Mapping[int, CardSet]
    open_hands: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    legal: tuple[Action, ...]
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    score: tuple[int, ...]
    played: CardSet = field(default_factory=CardSet)
    calls: tuple[tuple[int, Call], ...] = ()
    info: Mapping[str, Any] = field(default_factory=dict)
    hidden: Mapping[str, int] = field(default_factory=dict)
    shown: CardSet = field(default_factory=CardSet)
    voids_from: tuple[int, ...] = ()
    contract: Contract | None = None

    @property
    def n_hands(self) -> int:
        """The number of hands dealt."""
        return len(self.hand_sizes)

    @property
    def me(self) -> int:
        """The observer's seat; raises ``ValueError`` for the public view (no seat)."""
        if self.seat is None:
            raise ValueError("the public view has no seat")
        return self.seat

    @property
    def side(self) -> int:
        """The observer's side."""
        return self.sides[self.me]

    def partners(self) -> tuple[int, ...]:
        """The other hands of the observer's side."""
        me = self.me
        side = self.sides[me]
        return tuple(h for h, s in enumerate(self.sides) if s == side and h != me)

    def voids(self) -> dict[int, set[Suit]]:
        """Suits each hand is known to lack: it failed to follow them and has taken in
        no unseen card since (see ``voids_from``)."""
        n = self.n_hands
        if not self.voids_from:
            tricks, trick = self.tricks, self.trick
            key = (id(tricks), id(trick), n)
            memo = _VOIDS_MEMO.get(key)
            if memo is None or memo[0] is not tricks or memo[1] is not trick:
                if len(_VOIDS_MEMO) >= _VOIDS_MEMO_SIZE:
                    _VOIDS_MEMO.clear()
                memo = (tricks, trick, shown_voids(tricks, trick, n))
                _VOIDS_MEMO[key] = memo
            return {h: set(suits) for h, suits in memo[2].items()}
        return {h: shown_voids(self.tricks[self.voids_from[h]:], self.trick, n)[h]
                for h in range(n)}

    def stakes(self) -> Stakes | None:
        """What the deal is worth to the match for its players, by the rules of the
        observation's variant (:class:`~openwhist.rules.stakes.Stakes`: classic whist the
        chance of winning the game, Belgian whist a contract's points), or None where the
        players play for the deal's tricks."""
        hook = get_variant(self.variant).stakes
        return None if hook is None else hook(self)

    def unseen(self) -> CardSet:
        """Cards the observer has not seen: not in its hand, not public, not played."""
        seen = self.played.mask | self.hand.mask | self.shown.mask
        for cs in self.known.values():
            seen |= cs.mask
        return CardSet(((1 << 52) - 1) & ~seen)

    def sample_holdings(self, rng: Random, tries: int = 60,
                        lacks: Mapping[int, Iterable[int]] | None = None,
                        ) -> tuple[list[int], dict[str, list[int]]] | None:
        """The unseen cards dealt at random in a way that fits everything the observation
        shows: the cards each hand holds now (a mask per seat: its known cards, and as many
        unseen ones as it holds hidden, never of a suit it has shown it lacks) and the
        cards of each place no hand holds (``hidden``: a small misère's discards, German
        whist's stock).  The most constrained cards are placed first, each with a chance
        in proportion to the room left; ``tries`` draws at most; None if none fitted.
        ``lacks``: suits (numbers) hands are known to lack besides those shown (what a
        player read from the play rule: one who neither followed nor trumped where he
        had to trump holds no trump).

        >>> import random, openwhist
        >>> obs = openwhist.new_deal("classic", seed=3).observation(0)
        >>> hands, places = obs.sample_holdings(random.Random(1))
        >>> hands[0] == obs.hand.mask, [h.bit_count() for h in hands], places
        (True, [13, 13, 13, 13], {})
        """
        played = self.played.mask
        n = self.n_hands
        fixed = [0] * n
        for seat, cs in self.known.items():
            fixed[seat] |= cs.mask & ~played
        fixed[self.me] = self.hand.mask
        free = ((1 << 52) - 1) & ~played & ~self.shown.mask
        for f in fixed:
            free &= ~f
        places = sorted(self.hidden)
        # the hidden places take cards after the hands, as extra "seats" that allow any card
        need = [self.hand_sizes[s] - fixed[s].bit_count() for s in range(n)]
        need += [self.hidden[p] for p in places]
        if any(k < 0 for k in need) or sum(need) != free.bit_count():
            return None
        voids = self.voids()
        allowed = [(1 << 52) - 1] * len(need)
        for s in range(n):
            for suit in voids.get(s, ()):
                allowed[s] &= ~SUIT_MASKS[suit]
            for lacked in (lacks or {}).get(s, ()):
                allowed[s] &= ~SUIT_MASKS[lacked]
        cards = [c for c in range(52) if free >> c & 1]
        # the places that may take a card of each suit (a void is a whole suit)
        takers = [[s for s in range(len(need)) if need[s] and allowed[s] >> 13 * suit & 1]
                  for suit in range(4)]
        rank = [len(t) for t in takers]
        random = rng.random
        for _ in range(tries):
            hands = list(fixed) + [0] * len(places)
            left = list(need)
            order = list(cards)
            rng.shuffle(order)
            # most constrained cards first
            order.sort(key=lambda c: rank[c // 13])
            for c in order:
                # a place with room, in proportion to its room (as random.choices draws)
                seats = []
                cum = []
                total = 0
                for s in takers[c // 13]:
                    if left[s]:
                        total += left[s]
                        seats.append(s)
                        cum.append(total)
                if not seats:
                    break
                s = seats[bisect(cum, random() * total, 0, len(cum) - 1)]
                hands[s] |= 1 << c
                left[s] -= 1
            else:
                return hands[:n], {p: [c for c in range(52) if hands[n + i] >> c & 1]
                                   for i, p in enumerate(places)}
        return None

    @classmethod
    def from_fields(cls, values: dict[str, Any]) -> Observation:
        """``Observation(**values)`` for the rules' hot path: the same observation, made
        without the frozen dataclass's call per field.  Fields left out take their defaults
        (a fresh dict or card set each time, as ``__init__`` gives), written into ``values``,
        so the caller passes a dict it no longer uses.  A missing or unknown field raises
        ``TypeError`` as ``__init__`` would.
        """
        if len(values) != _OBS_COUNT:
            for name, factory in _OBS_FACTORIES:
                if name not in values:
                    values[name] = factory()
            for name, default in _OBS_DEFAULTS:
                if name not in values:
                    values[name] = default
        if values.keys() != _OBS_NAMES:
            missing = sorted(_OBS_NAMES - values.keys())
            unknown = sorted(values.keys() - _OBS_NAMES)
            raise TypeError(f"Observation fields missing {missing}, unknown {unknown}")
        obs = object.__new__(cls)
        obs.__dict__.update(values)
        return obs

    # --- JSON ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The observation as plain JSON values; the schema every front end reads.

        Seats are letters (``"N"``; see :mod:`openwhist.rules.seats`), cards and calls
        their text (``"QH"``, ``"pass"``); ``legal`` also comes as ids in ``legal_ids``.

        ========== ===================================================================
        schema      ``"openwhist-observation/1"``
        variant     the variant's name; ``options`` its options as a dict
        seat        the observer (``null`` in the public view, which also has
                    ``"spectator": true``); ``controls`` the hands it plays
        sides       the side of each hand, in hand order
        dealer      the dealer; ``phase`` the phase of the deal (``"play"``, ``"over"``...)
        to_move     the hand to act (``null`` once over); ``actor`` the seat acting for it
        trump       ``"S"``, ``"H"``, ``"D"``, ``"C"`` or ``null``; ``turn_up`` a card or null
        hand        the observer's cards; ``known``: hand -> public cards of other hands
        open_hands  hands whose every card is public; ``hand_sizes`` cards per hand
        legal       what the observer may do now (empty when not its turn)
        leader      the hand that led the current trick; ``trick``: [[hand, card], ...]
        tricks      [{"leader", "cards", "winner"}, ...]; ``tricks_won`` per side
        score       the score before this deal, per side; ``played`` the cards played
        calls       [[hand, call], ...]; ``info`` a family's further facts.  Belgian
                    whist's auction: ``troel`` (its player or null), ``troel_aces``
                    (the ace counts that make troel: [3] or [3, 4]), ``bid`` and
                    ``bidders`` (the bid to beat), ``passed``, ``waiting``,
                    ``proposals`` (player -> suit asked), ``open`` (the proposals still
                    waiting for a partner), ``discarded``, ``multiplier``,
                    ``facts`` (the same as texts for a page to word: see
                    :func:`openwhist.rules.belgian.state.auction_facts`); its
                    ``info.contract`` repeats ``contract``'s name, declarers, needed and
                    ``exact``, for older readers.  German whist: ``face_up`` (the
                    stock's face-up cards), ``turned`` (every card turned so far),
                    ``stock`` (cards left), ``draws`` (per trick the winner's and loser's
                    card, null where unseen), ``stock_tricks``, ``stock_counts`` (the stock phase's
                    tricks score, under the options), ``hands_known``
        contract    ``null`` (no contract: before the auction's end, or a family without
                    one) or ``{"name": "pair 9 hearts", "kind": "pair", "declarers":
                    ["N", "S"], "needed": 9, "bound": "at_least", "each": false,
                    "trump": "H"}``: ``bound`` is ``"exactly"``, ``"at_least"`` or
                    ``"at_most"``; ``each`` true when every declarer plays for ``needed``
                    on his own; ``trump`` a suit letter or ``null`` (see :class:`Contract`)
        hidden      place -> number of cards there this seat cannot see (``{"stock": 20}``)
        shown       public cards in no hand (face-up stock cards); ``voids_from`` per hand
                    the first trick whose failures to follow still prove a void (or [])
        ========== ===================================================================
        """
        n = len(self.hand_sizes)
        names = _SEAT_NAMES.get(n) or seat_names(n)
        text = _CARD_TEXT
        action_text = _ACTION_TEXT
        options = self.options
        to_dict = getattr(options, "to_dict", None)
        if to_dict is not None:
            options = to_dict()
        to_move = self.to_move
        actor = self.actor
        trump = self.trump
        turn_up = self.turn_up
        known = self.known
        legal = self.legal
        seat = self.seat
        out: dict[str, Any] = {
            "schema": OBSERVATION_SCHEMA,
            "variant": self.variant,
            "options": options,
            "seat": None if seat is None else names[seat],
            "controls": [names[h] for h in self.controls],
            "sides": list(self.sides),
            "dealer": names[self.dealer],
            "phase": self.phase,
            "to_move": None if to_move is None else names[to_move],
            "actor": None if actor is None else names[actor],
            "trump": None if trump is None else "CDHS"[trump],
            "turn_up": None if turn_up is None else text[turn_up],
            "hand": _set_texts(self.hand),
            "known": {names[h]: _set_texts(known[h]) for h in sorted(known)} if known else {},
            "open_hands": [names[h] for h in self.open_hands],
            "hand_sizes": list(self.hand_sizes),
            "legal": [action_text[a] for a in legal],
            "legal_ids": [int(a) for a in legal],
            "leader": names[self.leader],
            "trick": [[names[h], text[c]] for h, c in self.trick],
            "tricks": _tricks_json(self.tricks, names),
            "tricks_won": list(self.tricks_won),
            "score": list(self.score),
            "played": _set_texts(self.played),
            "calls": [[names[h], action_text[c]] for h, c in self.calls],
            "info": dict(self.info),
            "hidden": dict(self.hidden),
            "shown": _set_texts(self.shown),
            "voids_from": list(self.voids_from),
            "contract": None if self.contract is None else self.contract.to_json(names),
        }
        if seat is None:
            out["spectator"] = True
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Observation:
        """Read :meth:`to_json`'s form back (the variant's options type comes from the
        catalogue of variants, :mod:`openwhist.rules.catalogue`)."""
        if data.get("schema") != OBSERVATION_SCHEMA:
            raise InvalidActionError(f"not an observation: schema {data.get('schema')!r}")
        n = len(data["hand_sizes"])
        variant = get_variant(data["variant"])

        def seat(text: str | None) -> int | None:
            return None if text is None else parse_seat(text, n)

        def seat_(text: str) -> int:
            return parse_seat(text, n)

        def cardset(texts: Iterable[str]) -> CardSet:
            return CardSet(Card.parse(t) for t in texts)

        return cls(
            variant=data["variant"],
            options=variant.options_type.from_dict(data["options"]),
            seat=seat(data["seat"]),
            controls=tuple(seat_(h) for h in data["controls"]),
            sides=tuple(int(s) for s in data["sides"]),
            dealer=seat_(data["dealer"]),
            phase=str(data["phase"]),
            to_move=seat(data["to_move"]),
            actor=seat(data["actor"]),
            trump=Suit.parse(data["trump"]) if data["trump"] is not None else None,
            turn_up=Card.parse(data["turn_up"]) if data["turn_up"] is not None else None,
            hand=cardset(data["hand"]),
            known={seat_(h): cardset(cs) for h, cs in data["known"].items()},
            open_hands=tuple(seat_(h) for h in data["open_hands"]),
            hand_sizes=tuple(int(x) for x in data["hand_sizes"]),
            legal=tuple(parse_action(a) for a in data["legal"]),
            leader=seat_(data["leader"]),
            trick=tuple((seat_(h), Card.parse(c)) for h, c in data["trick"]),
            tricks=tuple(Trick(seat_(t["leader"]), tuple(Card.parse(c) for c in t["cards"]),
                               seat_(t["winner"])) for t in data["tricks"]),
            tricks_won=tuple(int(x) for x in data["tricks_won"]),
            score=tuple(int(x) for x in data["score"]),
            played=cardset(data["played"]),
            calls=tuple((seat_(h), Call.parse(c)) for h, c in data["calls"]),
            info=dict(data["info"]),
            hidden={str(k): int(v) for k, v in data.get("hidden", {}).items()},
            shown=cardset(data.get("shown", ())),
            voids_from=tuple(int(x) for x in data.get("voids_from", ())),
            contract=(Contract.from_json(data["contract"], n)
                      if data.get("contract") is not None else None),
        )


_OBS_NAMES = frozenset(f.name for f in fields(Observation))
_OBS_COUNT = len(_OBS_NAMES)
_OBS_DEFAULTS: tuple[tuple[str, Any], ...] = tuple(
    (f.name, f.default) for f in fields(Observation) if f.default is not MISSING)
_OBS_FACTORIES: tuple[tuple[str, Callable[[], Any]], ...] = tuple(
    (f.name, f.default_factory) for f in fields(Observation) if f.default_factory is not MISSING)
