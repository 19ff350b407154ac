"""Tensors for learning code: an observation (and an information state) as a flat 0/1
vector whose layout is documented slot by slot in ``docs/tensors.md``.

Both research adapters (the PettingZoo environments and the OpenSpiel games) use these
functions, so a seat's tensor is the same in either.  Everything is read from the seat's
:class:`~openwhist.rules.observation.Observation` (never from the state), and hands are
numbered relative to the observer: row 0 is the observer's own hand, row 1 the hand on
its left, and so on clockwise.

Every slot is 0 or 1 (counts are one-hot), so the vector is built as one Python integer,
a bit per slot, and unpacked by numpy in one lookup: the cost is a few microseconds.  The
encoder keeps things between calls (the closed tricks of the deal it saw last, and per
layout the index array it unpacks through), so tensors are made by one thread at a time;
each tensor returned is a new array of the caller's.

>>> import openwhist
>>> layout = tensor_layout("classic")
>>> deal = openwhist.new_deal("classic", seed=7)
>>> t = observation_tensor(deal.observation(1), layout)
>>> t.shape, t.dtype, int(t[layout.slice("hand")].sum())
((969,), dtype('float32'), 13)
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from typing import Any

import numpy as np

from openwhist.rules.actions import UNSEEN_DISCARD, Call
from openwhist.rules.observation import Observation
from openwhist.rules.registry import DEFAULT_VARIANT, get_variant, resolve
from openwhist.rules.variant import VariantHeader

__all__ = [
    "BIDS",
    "CARDS",
    "FIRST_BID",
    "PHASES",
    "Section",
    "TensorLayout",
    "action_mask",
    "hand_cap",
    "information_state_tensor",
    "layout_for",
    "observation_tensor",
    "tensor_layout",
]

CARDS = 52
"""Cards in the pack, and the card actions (ids 0-51)."""

N_CALLS = int(UNSEEN_DISCARD) - CARDS + 1
"""Call ids (52 onwards) of the auctions' calls, to the unseen discard (the ``calls``
section's width)."""

FIRST_BID = int(Call.make("bid", 0))
"""The id of ``bid 0``: the exact bids ``bid 0`` to ``bid 17`` follow the unseen discard."""

BIDS = 18
"""The exact bids a layout with bids has room for (0 to 17 tricks)."""

PHASES = ("auction", "trump", "discard", "stock", "play")
"""The phases the ``phase`` section marks (a finished deal marks none)."""

MAX_HAND = 13
"""The most cards a hand holds where there are 2 or 4 hands (:func:`hand_cap` for any)."""


def hand_cap(n: int) -> int:
    """The most cards one of ``n`` hands can hold (the ``hand_sizes`` section's top): 13
    for 2 and 4 hands, 17 for 3 (all 52 cards but one turned for trump), 13 for 5 and 6.

    >>> [hand_cap(n) for n in range(2, 7)]
    [13, 17, 13, 13, 13]
    """
    return MAX_HAND if n < 3 else max(MAX_HAND, (CARDS - 1) // n)

MAX_HIDDEN = 26
"""The ``hidden`` section counts hidden cards up to this many (German whist's stock)."""


@dataclass(frozen=True)
class Section:
    """One named part of a tensor: ``rows`` rows of ``width`` slots from ``offset``."""

    name: str
    rows: int
    width: int
    offset: int
    meaning: str

    @property
    def size(self) -> int:
        """Slots in the section."""
        return self.rows * self.width

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, width)``."""
        return (self.rows, self.width)


@dataclass(frozen=True)
class TensorLayout:
    """The tensor layout of a variant under its options (read from its header).

    ``actions`` is the size of the action space: the 52 cards, then, when the variant's
    rules can make calls (its longest deal has more actions than there are cards), every
    call id; where the players bid exact tricks (``bids``, from the header), every call id
    to ``bid 17``.  ``tricks`` is the most tricks of a deal (52 divided by the hands), ``call_slots``
    the most calls of a deal.  ``observation`` and ``information`` are the sections of the
    two tensors; the information state's begin with the observation's.
    """

    variant: str
    header: VariantHeader
    hands: int
    calls: bool
    bids: bool
    actions: int
    tricks: int
    call_slots: int
    observation: tuple[Section, ...]
    information: tuple[Section, ...]

    @cached_property
    def observation_size(self) -> int:
        """Slots of the observation tensor."""
        last = self.observation[-1]
        return last.offset + last.size

    @cached_property
    def _observation_unpacker(self) -> _Unpacker:
        """What turns the observation tensor's bits into floats."""
        return _Unpacker(self.observation_size)

    @cached_property
    def _information_unpacker(self) -> _Unpacker:
        """What turns the information-state tensor's bits into floats."""
        return _Unpacker(self.information_size)

    @cached_property
    def information_size(self) -> int:
        """Slots of the information-state tensor."""
        last = self.information[-1]
        return last.offset + last.size

    @cached_property
    def offsets(self) -> dict[str, int]:
        """Each section's offset by name."""
        return {s.name: s.offset for s in self.information}

    @cached_property
    def _seat_tables(self) -> tuple[_Tables, ...]:
        """The encoder's bits for each observer."""
        trick_at = _trick_table(self)
        return tuple(_Tables(self, me, trick_at) for me in range(self.hands))

    def section(self, name: str) -> Section:
        """The section called ``name`` (of the information state, which holds them all)."""
        for s in self.information:
            if s.name == name:
                return s
        raise KeyError(f"no section {name!r}; sections: {', '.join(s.name for s in self.information)}")

    def slice(self, name: str) -> slice:
        """Where section ``name`` lies in a tensor."""
        s = self.section(name)
        return slice(s.offset, s.offset + s.size)

    def view(self, tensor: np.ndarray[Any, Any], name: str) -> np.ndarray[Any, Any]:
        """Section ``name`` of a tensor as a ``(rows, width)`` array."""
        s = self.section(name)
        return tensor[s.offset:s.offset + s.size].reshape(s.rows, s.width)

    def table(self) -> str:
        """The layout as a Markdown table (what ``docs/tensors.md`` shows per variant)."""
        lines = ["| section | offset | shape | meaning |", "|---|---|---|---|"]
        for s in self.information:
            lines.append(f"| `{s.name}` | {s.offset} | {s.rows} x {s.width} | {s.meaning} |")
        return "\n".join(lines)


class _Tables:
    """What the encoder ORs together for one observer: its rows relative to the absolute
    hands, the bits of the small sections (each from the trump section's offset, indexed
    by the absolute hand, the suit or the count), and the current trick's bits."""

    __slots__ = ("base", "closed_mask", "closed_shift", "controls", "dealer", "hidden", "key", "known",
                 "me", "n", "not_voids", "open_hands", "partner", "phase", "rel", "shown", "sizes",
                 "static", "static_bits", "trick_at", "trump", "turn", "turn_up", "voids")

    def __init__(self, layout: TensorLayout, me: int, trick_at: tuple[Any, ...]) -> None:
        o = layout.offsets
        base = o["trump"]
        n = layout.hands
        rel = _REL[n][me]

        def row(name: str) -> tuple[int, ...]:
            return tuple(1 << (o[name] - base + rel[h]) for h in range(n))

        self.me = me
        self.n = n
        self.rel = rel
        self.base = base
        self.known = tuple(o["known"] + rel[h] * CARDS for h in range(n))
        self.shown = o["shown"]
        self.turn_up = tuple(1 << (o["turn_up"] + c) for c in range(CARDS))
        self.phase = o["phase"] - base
        self.trump = tuple(1 << s for s in range(5))
        leader = row("leader")
        to_move = row("to_move")
        # the hand to move (None once over), then the leader
        self.turn: dict[int | None, tuple[int, ...]] = {
            m: tuple(lead | to_move[m] for lead in leader) for m in range(n)}
        self.turn[None] = leader
        self.dealer = row("dealer")
        self.controls = row("controls")
        self.partner = row("partners")
        self.open_hands = row("open_hands")
        self.hidden = tuple(1 << (o["hidden"] - base + k) for k in range(MAX_HIDDEN + 1))
        self.static: dict[tuple[Any, ...], int] = {}
        """The bits (from offset 0) of what stays the same through a deal (with no hidden
        cards) by key."""
        self.key: tuple[Any, ...] | None = None
        self.static_bits = 0
        """The last key looked up in ``static``, and its bits."""
        self.sizes: dict[tuple[int, ...], int] = {}
        """The ``hand_sizes`` section's bits by the hand sizes."""
        # ``[led][h][c]``: by absolute hand, the shared rows of the layout's table
        self.trick_at = tuple(tuple(rows[rel[h]] for h in range(n)) for rows in trick_at)
        # the voids' rows by absolute hand to the observer's, at the section's offset
        self.voids = _placing(n, me, 4, o["voids"])
        self.not_voids = ~(((1 << 4 * n) - 1) << o["voids"])
        seats = _all_seats(n)
        self.closed_shift = seats.shift[me]
        self.closed_mask = seats.mask


def _placing(n: int, me: int, width: int, offset: int) -> tuple[int, int, int, int]:
    """How ``n`` rows of ``width`` bits by absolute hand become the rows relative to
    observer ``me`` (row ``me`` first) at ``offset``: ``(bits & high) << up | (bits & low)
    << wrap``."""
    low = (1 << me * width) - 1
    high = ((1 << n * width) - 1) ^ low
    up = offset - me * width
    assert up >= 0
    return high, up, low, offset + (n - me) * width


def _trick_table(layout: TensorLayout) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``[led][r][c]``: the bits of card ``c`` played to the current trick by the hand in
    relative row ``r`` when suit ``led`` was led: in ``played`` and ``trick``, and in
    ``voids`` when the card does not follow."""
    o = layout.offsets
    return tuple(tuple(tuple(
        1 << (o["played"] + r * CARDS + c) | 1 << (o["trick"] + r * CARDS + c)
        | (1 << (o["voids"] + 4 * r + led) if c // 13 != led else 0)
        for c in range(CARDS)) for r in range(layout.hands)) for led in range(4))


def _sections(parts: list[tuple[str, int, int, str]], start: int = 0) -> tuple[Section, ...]:
    out = []
    offset = start
    for name, rows, width, meaning in parts:
        out.append(Section(name, rows, width, offset, meaning))
        offset += rows * width
    return tuple(out)


def _common_parts(n: int) -> list[tuple[str, int, int, str]]:
    """The sections every layout of ``n`` hands begins with (the same offsets in all)."""
    tricks = CARDS // n
    return [
        ("hand", 1, CARDS, "the observer's own cards"),
        ("known", n, CARDS, "public cards of each hand (an exposed dummy, the turn-up while "
                            "the dealer holds it, an open misere hand)"),
        ("played", n, CARDS, "cards each hand has played this deal"),
        ("trick", n, CARDS, "the card each hand has played to the current trick"),
        ("shown", 1, CARDS, "public cards in no hand (face-up stock cards)"),
        ("turn_up", 1, CARDS, "the turned-up card, if any"),
        ("trump", 1, 5, "trump suit: clubs, diamonds, hearts, spades, or none"),
        ("phase", 1, len(PHASES), "the phase: " + ", ".join(PHASES) + " (none once over)"),
        ("to_move", 1, n, "the hand to act"),
        ("leader", 1, n, "the hand that led the current trick"),
        ("dealer", 1, n, "the dealer"),
        ("controls", 1, n, "the hands the observer plays"),
        ("partners", 1, n, "the hands on the observer's side (itself included)"),
        ("open_hands", 1, n, "hands whose every card is public"),
        ("voids", n, 4, "suits (clubs, diamonds, hearts, spades) each hand has shown it lacks"),
        ("hand_sizes", n, hand_cap(n) + 1, f"cards each hand holds (one-hot 0-{hand_cap(n)})"),
        ("tricks_won", n, tricks + 1, f"tricks each hand has won (one-hot 0-{tricks})"),
        ("hidden", 1, MAX_HIDDEN + 1, f"cards the observer cannot see outside the hands "
                                      f"(one-hot 0-{MAX_HIDDEN})"),
    ]


def layout_for(header: VariantHeader) -> TensorLayout:
    """The tensor layout of a variant with this declared header."""
    n = header.hands
    bids = header.bids
    calls = header.max_actions > CARDS and not bids
    tricks = CARDS // n
    parts = _common_parts(n)
    call_slots = 0
    if calls:
        call_slots = header.max_actions - CARDS
        parts += [
            ("calls", n, N_CALLS, "the calls each hand has made (call id minus 52)"),
            ("declarers", 1, n, "the contract's declarers"),
            ("needed", 1, MAX_HAND + 2, "tricks the contract needs (one-hot 0-13; last: no contract)"),
            ("bound", 1, 4, "the contract's bound: exactly, at least, at most, each on his own"),
            ("contract_trump", 1, 5, "the contract's trump: clubs, diamonds, hearts, spades, none"),
        ]
    if bids:
        parts += [
            ("bids", n, BIDS + 1, "each hand's bid (one-hot 0-17; last: not bid yet)"),
            ("deal_cards", 1, BIDS, "cards each hand was dealt (one-hot 0-17)"),
        ]
    observation = _sections(parts)
    end = observation[-1].offset + observation[-1].size
    more: list[tuple[str, int, int, str]] = [
        ("history", tricks * n, CARDS, "row t * hands + h: the card hand h played to trick t"),
    ]
    if calls:
        more.append(("call_history", call_slots, n + N_CALLS,
                     "row k: the k-th call of the deal: the hand that made it, then its id minus 52"))
    information = observation + _sections(more, end)
    actions = FIRST_BID + BIDS if bids else CARDS + N_CALLS if calls else CARDS
    return TensorLayout(header.variant, header, n, calls, bids, actions, tricks, call_slots,
                        observation, information)


@lru_cache(maxsize=64)
def _layout_cached(variant: str, preset: str | None, items: tuple[tuple[str, Any], ...]) -> TensorLayout:
    name, opts = resolve(variant, preset, **dict(items))
    return layout_for(get_variant(name).header(opts))


def tensor_layout(variant: str = DEFAULT_VARIANT, preset: str | None = None, **options: Any) -> TensorLayout:
    """The tensor layout of a variant (or preset) with some options.

    >>> tensor_layout("german").observation_size, tensor_layout("belgian").actions
    (607, 235)
    """
    return _layout_cached(variant, preset, tuple(sorted(options.items())))


# --- encoding ---------------------------------------------------------------------------------


_PHASE_BIT = {p: 1 << i for i, p in enumerate(PHASES)}
_BOUND_BIT = {"exactly": 1, "at_least": 2, "at_most": 4}
_BIT = tuple(1 << c for c in range(CARDS))
_SUIT_OF = tuple(c // 13 for c in range(CARDS))
HAND_COUNTS = (2, 3, 4, 5, 6)
"""The numbers of hands a layout is made for."""
_REL = {n: tuple(tuple((h - me) % n for h in range(2 * n)) for me in range(n)) for n in HAND_COUNTS}
"""``_REL[n][me][h]``: hand ``h`` (or ``h - n``) relative to ``me``."""


class _AllSeats:
    """The closed tricks' bits for every observer in one integer: observer ``me``'s bits of
    the ``played``, ``voids`` and ``tricks_won`` sections at their offsets (the same in every
    layout of ``n`` hands), shifted up by ``me * stride``; the blocks do not overlap, so
    each card, void and trick won is one OR (or XOR) for all observers at once, and an
    observer's bits are ``bits >> shift[me] & mask``."""

    __slots__ = ("card", "mask", "none", "shift", "won")

    def __init__(self, n: int) -> None:
        o = {s.name: s.offset for s in _sections(_common_parts(n))}
        start, end = o["played"], o["hidden"]
        stride = end - start
        width = CARDS // n + 1
        seats = range(n)

        def every(place: Any) -> int:
            return sum(1 << (me * stride + place(me)) for me in seats)

        self.shift = tuple(me * stride for me in seats)
        self.mask = ((1 << end) - 1) ^ ((1 << start) - 1)
        played = [[every(lambda me, h=h, c=c: o["played"] + (h - me) % n * CARDS + c)
                   for c in range(CARDS)] for h in seats]
        void = [[every(lambda me, h=h, s=s: o["voids"] + (h - me) % n * 4 + s) for s in range(4)]
                for h in seats]
        card = [[tuple(played[h][c] | (void[h][led] if c // 13 != led else 0) for c in range(CARDS))
                 for h in seats] for led in range(4)]
        self.card = tuple(tuple(tuple(card[led][(lead + i) % n] for i in seats) for lead in seats)
                          for led in range(4))
        """``[led][lead][i][c]``: the ``i``-th card of a trick led by hand ``lead`` in suit
        ``led`` is ``c`` (in ``played``, and in ``voids`` if it does not follow)."""
        self.won = tuple(tuple(3 * every(lambda me, w=w, k=k: o["tricks_won"] + (w - me) % n * width + k)
                               for k in range(width - 1)) for w in seats)
        """``[w][k]``: hand ``w`` won a trick after ``k`` (its one-hot count moves up)."""
        self.none = sum(every(lambda me, h=h: o["tricks_won"] + h * width) for h in seats)
        """Before the first trick: every hand has won none."""


@cache
def _all_seats(n: int) -> _AllSeats:
    """The tables of :class:`_AllSeats` for ``n`` hands (made when first asked for)."""
    return _AllSeats(n)


class _Closed:
    """What the closed tricks say: ``bits``, every observer's bits of the ``played``,
    ``voids`` and ``tricks_won`` sections (see :class:`_AllSeats`); by absolute hand, the
    tricks each hand won (``won``) and each closed trick's shown voids (``trick_voids``,
    row ``h`` at bit ``4 h``, made when asked for: for a hand whose voids count only from
    some trick on); and per observer the history's bits (from offset 0) for its first
    ``history_count`` tricks (made only when an information state asks for them)."""

    __slots__ = ("bits", "count", "history", "history_count", "n", "seats", "trick_voids", "tricks",
                 "won")

    def __init__(self, n: int) -> None:
        self.n = n
        self.seats = _all_seats(n)
        self.count = 0
        self.tricks: tuple[Any, ...] = ()
        self.bits = self.seats.none
        self.won = [0] * n
        self.history = [0] * n
        self.history_count = [0] * n
        self.trick_voids: list[int] = []

    def shown_voids(self) -> list[int]:
        """``trick_voids``, made up to the closed tricks."""
        trick_voids = self.trick_voids
        suit = _SUIT_OF
        n = self.n
        for t in range(len(trick_voids), self.count):
            lead, cards, _ = self.tricks[t]
            led = suit[cards[0]]
            shown = 0
            for i, c in enumerate(cards):
                if suit[c] != led:
                    shown |= 1 << (4 * ((lead + i) % n) + led)
            trick_voids.append(shown)
        return trick_voids

    def history_bits(self, rel: tuple[int, ...], n: int, me: int) -> int:
        """The history's bits of the closed tricks (from offset 0), for observer ``me``."""
        history = self.history[me]
        bit = _BIT
        tricks = self.tricks
        for t in range(self.history_count[me], self.count):
            lead, cards, _ = tricks[t]
            row = t * n
            for i, c in enumerate(cards):
                history |= bit[c] << ((row + rel[lead + i]) * CARDS)
        self.history[me] = history
        self.history_count[me] = self.count
        return history


_MEMO: dict[int, list[_Closed | None]] = {n: [None] for n in HAND_COUNTS}
"""Per number of hands: the closed tricks of the last observation, used while the next one
has the same tricks (equal ones: what is kept depends on their values only), and extended
while it has more (the tricks kept being the first of them, checked by the last one's
identity: the rules close each trick as a new object, and the memo holds it, so its
identity is never reused)."""


def _closed(tricks: tuple[Any, ...], n: int) -> _Closed:
    """The closed tricks of ``n`` hands kept in ``_MEMO``, brought up to ``tricks`` (or
    made anew): each new trick's cards (and the voids they show) and its winner's count."""
    memos = _MEMO[n]
    memo = memos[0]
    if memo is not None and tricks == memo.tricks:
        return memo
    done = 0 if memo is None else memo.count
    if memo is None or done > len(tricks) or (done and tricks[done - 1] is not memo.tricks[done - 1]):
        memo = memos[0] = _Closed(n)
        done = 0
    seats = memo.seats
    table = seats.card
    flips = seats.won
    won = memo.won
    bits = memo.bits
    for lead, cards, winner in tricks[done:]:
        for at, c in zip(table[_SUIT_OF[cards[0]]][lead], cards):
            bits |= at[c]
        k = won[winner]
        won[winner] = k + 1
        bits ^= flips[winner][k]
    memo.bits = bits
    memo.count = len(tricks)
    memo.tricks = tricks
    return memo


def _static_bits(tables: _Tables, key: tuple[Any, ...], n: int) -> int:
    """The bits (from offset 0) of the phase, the dealer, the hands the observer plays, its
    partners, the open hands, trump, no hidden cards and the turned-up card."""
    phase, dealer, controls, sides, open_hands, trump, turn_up = key
    small: int = (_PHASE_BIT.get(phase, 0) << tables.phase | tables.dealer[dealer] | tables.hidden[0]
                  | tables.trump[4 if trump is None else trump])
    for h in controls:
        small |= tables.controls[h]
    for h in range(n):
        if sides[h] == sides[tables.me]:
            small |= tables.partner[h]
    for h in open_hands:
        small |= tables.open_hands[h]
    return small << tables.base | (0 if turn_up is None else tables.turn_up[turn_up])


def _voids_from(closed: _Closed, voids_from: tuple[int, ...], trick: tuple[tuple[int, Any], ...],
                tables: _Tables, n: int) -> int:
    """The ``voids`` section's bits (at its offset) where each hand's failures to follow
    still count: the closed tricks from trick ``voids_from[h]`` on, and the current trick."""
    voids = 0
    per_trick = closed.shown_voids()
    for h in range(n):
        row = 0xF << (4 * h)
        for shown in per_trick[voids_from[h]:]:
            voids |= shown & row
    if trick:
        suit = _SUIT_OF
        led = suit[trick[0][1]]
        for h, c in trick:
            if suit[c] != led:
                voids |= 1 << (4 * h + led)
    high, up, low, wrap = tables.voids
    return (voids & high) << up | (voids & low) << wrap


def _observation_bits(obs: Observation, layout: TensorLayout) -> int:
    """The observation tensor's slots as the bits of one integer (``_MEMO`` then holds the
    observation's closed tricks)."""
    try:
        tables = layout._seat_tables[obs.seat]  # type: ignore[index]
    except TypeError:
        raise ValueError("tensors are made for a seat's observation, not the public view") from None
    n = tables.n
    tricks = obs.tricks
    closed = _MEMO[n][0]
    if closed is None or tricks != closed.tricks:
        closed = _closed(tricks, n)
    # the closed tricks' cards, voids and tricks won, already in the observer's rows
    bits = closed.bits >> tables.closed_shift & tables.closed_mask | obs.hand.mask
    trick = obs.trick
    if trick:
        # each card of the current trick in ``played`` and ``trick``, and in ``voids`` if it
        # does not follow the suit led
        at = tables.trick_at[_SUIT_OF[trick[0][1]]]
        for h, c in trick:
            bits |= at[h][c]
    # what stays the same through a deal (phase, dealer, the hands played, sides, open
    # hands, trump, the turned-up card) is looked up, and so are the hand sizes
    key = (obs.phase, obs.dealer, obs.controls, obs.sides, obs.open_hands, obs.trump, obs.turn_up)
    if key != tables.key:
        found = tables.static.get(key)
        if found is None:
            found = tables.static[key] = _static_bits(tables, key, n)
        tables.key = key
        tables.static_bits = found
    static = tables.static_bits
    sizes = obs.hand_sizes
    size_bits = tables.sizes.get(sizes)
    if size_bits is None:
        size_bits = tables.sizes[sizes] = _size_bits(layout, tables.rel, sizes)
    bits |= static | (size_bits | tables.turn[obs.to_move][obs.leader]) << tables.base
    known = obs.known
    if known:
        at = tables.known
        for h, cs in known.items():
            bits |= cs.mask << at[h]
    # what most observations lack: public cards in no hand, hidden cards, voids that count
    # from some trick on
    if obs.shown.mask or obs.hidden or obs.voids_from:
        bits = _rare_bits(obs, tables, closed, bits, n)
    if layout.calls:
        bits |= _call_bits(obs, layout, tables.rel)
    elif layout.bids:
        bits |= _bid_bits(obs, layout, tables.rel)
    return bits


def _rare_bits(obs: Observation, tables: _Tables, closed: _Closed, bits: int, n: int) -> int:
    """``bits`` with the sections most observations leave empty: ``shown``, ``hidden`` (its
    count when not 0), and ``voids`` where they count from some trick on (see
    :func:`_voids_from`)."""
    voids_from = obs.voids_from
    if voids_from:
        bits = bits & tables.not_voids | _voids_from(closed, voids_from, obs.trick, tables, n)
    bits |= obs.shown.mask << tables.shown
    hidden = obs.hidden
    if hidden:
        count = min(sum(hidden.values()), MAX_HIDDEN)
        if count:
            bits ^= (tables.hidden[0] | tables.hidden[count]) << tables.base
    return bits


def _size_bits(layout: TensorLayout, rel: tuple[int, ...], sizes: tuple[int, ...]) -> int:
    """The ``hand_sizes`` section's bits (from the trump section's offset)."""
    at = layout.offsets["hand_sizes"] - layout.offsets["trump"]
    top = hand_cap(layout.hands)
    return sum(1 << (at + rel[h] * (top + 1) + min(size, top)) for h, size in enumerate(sizes))


def _bid_bits(obs: Observation, layout: TensorLayout, rel: tuple[int, ...]) -> int:
    """The bits of the exact bids (each hand's bid, or not yet) and of the cards each hand
    was dealt (the tricks closed plus the most cards a hand still holds)."""
    off = layout.offsets
    base = off["bids"]
    width = BIDS + 1
    bid = [BIDS] * layout.hands
    for h, call in obs.calls:
        bid[h] = call - FIRST_BID
    bits = 0
    for h, b in enumerate(bid):
        bits |= 1 << (base + rel[h] * width + b)
    dealt = len(obs.tricks) + max(obs.hand_sizes)
    return bits | 1 << (off["deal_cards"] + min(dealt, BIDS - 1))


def _call_bits(obs: Observation, layout: TensorLayout, rel: tuple[int, ...]) -> int:
    """The bits of the calls and the contract (the layouts of variants that make calls)."""
    off = layout.offsets
    cbase = off["calls"]
    bits = 0
    for h, call in obs.calls:
        bits |= 1 << (cbase + rel[h] * N_CALLS + call - CARDS)
    contract = obs.contract
    if contract is None:
        bits |= 1 << (off["needed"] + MAX_HAND + 1)
    else:
        dbase = off["declarers"]
        for h in contract.declarers:
            bits |= 1 << (dbase + rel[h])
        bits |= 1 << (off["needed"] + min(contract.needed, MAX_HAND))
        bound = _BOUND_BIT[contract.bound] | (8 if contract.each else 0)
        bits |= bound << off["bound"]
        bits |= 1 << (off["contract_trump"] + (4 if contract.trump is None else int(contract.trump)))
    return bits


def _history_bits(obs: Observation, layout: TensorLayout, closed: _Closed) -> int:
    """The information state's own sections (the play and calls in order) as bits."""
    n = layout.hands
    me = obs.seat
    assert me is not None
    rel = _REL[n][me]
    off = layout.offsets
    history = closed.history_bits(rel, n, me)
    if obs.trick:
        row = len(obs.tricks) * n
        for h, c in obs.trick:
            history |= _BIT[c] << ((row + rel[h]) * CARDS)
    bits = history << off["history"]
    if layout.calls:
        base = off["call_history"]
        width = n + N_CALLS
        for k, (h, call) in enumerate(obs.calls[:layout.call_slots]):
            at = base + k * width
            bits |= 1 << (at + rel[h])
            bits |= 1 << (at + n + call - CARDS)
    return bits


_BYTE_BITS = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1,
                           bitorder="little").astype(np.float32)
"""Row ``b``: the 8 bits of byte ``b``, low first, as 0.0 and 1.0."""

_take = _BYTE_BITS.take
_INDEX = np.dtype(np.intp)
_LOW_BYTES = slice(0 if sys.byteorder == "little" else _INDEX.itemsize - 1, None, _INDEX.itemsize)
"""The low byte of each index in an index array's bytes."""


class _Unpacker:
    """Turns the ``size`` low bits of an integer into a new vector of 0.0 and 1.0: the
    integer's bytes are written into the low bytes of an index array kept for the purpose
    (``raw`` holds its bytes; the high bytes stay 0), and each index looks up the 8 floats
    of its byte in one ``take``.  An index array that numpy takes as it is (no bytes
    turned into indices on each call) saves about a third of the unpacking."""

    __slots__ = ("index", "nbytes", "raw", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self.nbytes = (size + 7) >> 3
        self.raw = bytearray(self.nbytes * _INDEX.itemsize)
        self.index = np.frombuffer(self.raw, _INDEX)

    def floats(self, bits: int, out: np.ndarray[Any, Any] | None) -> np.ndarray[Any, Any]:
        """The floats of ``bits`` (written into ``out`` when given)."""
        self.raw[_LOW_BYTES] = bits.to_bytes(self.nbytes, "little")
        floats = _take(self.index, 0).ravel()[:self.size]
        if out is None:
            return floats
        out[:] = floats
        return out


def observation_tensor(obs: Observation, layout: TensorLayout,
                       out: np.ndarray[Any, Any] | None = None) -> np.ndarray[Any, Any]:
    """A seat's observation as a 0/1 ``float32`` vector of ``layout.observation_size``
    slots (written into ``out`` when given): what it sees now, the play so far as sets
    (cards played per hand, the current trick, shown voids, tricks won) and the calls."""
    unpacker = layout._observation_unpacker
    unpacker.raw[_LOW_BYTES] = _observation_bits(obs, layout).to_bytes(unpacker.nbytes, "little")
    floats = _take(unpacker.index, 0).ravel()[:unpacker.size]
    if out is None:
        return floats
    out[:] = floats
    return out


def information_state_tensor(obs: Observation, layout: TensorLayout,
                             out: np.ndarray[Any, Any] | None = None) -> np.ndarray[Any, Any]:
    """The observation tensor followed by the deal's public history in order: every card
    by trick and hand, and every call in turn (``layout.information_size`` slots)."""
    bits = _observation_bits(obs, layout)
    closed = _MEMO[layout.hands][0]
    assert closed is not None
    bits |= _history_bits(obs, layout, closed)
    return layout._information_unpacker.floats(bits, out)


def action_mask(obs: Observation, layout: TensorLayout) -> np.ndarray[Any, Any]:
    """1 for each action id the seat may take now (``int8``, ``layout.actions`` long)."""
    mask = np.zeros(layout.actions, dtype=np.int8)
    if obs.legal:
        mask[list(obs.legal)] = 1
    return mask

