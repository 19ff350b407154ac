"""Tensors for learning code: an observation (and an information state) as a flat 0/1
vector whose layout is documented slot by slot in ``docs/tensors.md``.

Both research adapters (the PettingZoo environments and the OpenSpiel games) use these
functions, so a seat's tensor is the same in either.  Everything is read from the seat's
:class:`~openwhist.rules.observation.Observation` (never from the state), and hands are
numbered relative to the observer: row 0 is the observer's own hand, row 1 the hand on
its left, and so on clockwise.

Every slot is 0 or 1 (counts are one-hot), so the vector is built as one Python integer,
a bit per slot, and unpacked by numpy in one call: the cost is a few microseconds.

>>> import openwhist
>>> layout = tensor_layout("classic")
>>> deal = openwhist.new_deal("classic", seed=7)
>>> t = observation_tensor(deal.observation(1), layout)
>>> t.shape, t.dtype, int(t[layout.slice("hand")].sum())
((969,), dtype('float32'), 13)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

import numpy as np

from openwhist.rules.actions import Call
from openwhist.rules.observation import Observation
from openwhist.rules.registry import get_variant, resolve
from openwhist.rules.variant import VariantHeader

__all__ = [
    "CARDS",
    "PHASES",
    "Section",
    "TensorLayout",
    "action_mask",
    "information_state_tensor",
    "layout_for",
    "observation_tensor",
    "tensor_layout",
]

CARDS = 52
"""Cards in the pack, and the card actions (ids 0-51)."""

N_CALLS = len(Call._cache)
"""Call ids (52 onwards) the rules know."""

PHASES = ("auction", "trump", "discard", "stock", "play")
"""The phases the ``phase`` section marks (a finished deal marks none)."""

MAX_HAND = 13
"""The most cards a hand holds."""

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
    call id.  ``tricks`` is the most tricks of a deal (52 divided by the hands), ``call_slots``
    the most calls of a deal.  ``observation`` and ``information`` are the sections of the
    two tensors; the information state's begin with the observation's.
    """

    variant: str
    header: VariantHeader
    hands: int
    calls: bool
    actions: int
    tricks: int
    call_slots: int
    observation: tuple[Section, ...]
    information: tuple[Section, ...]

    @property
    def observation_size(self) -> int:
        """Slots of the observation tensor."""
        last = self.observation[-1]
        return last.offset + last.size

    @property
    def information_size(self) -> int:
        """Slots of the information-state tensor."""
        last = self.information[-1]
        return last.offset + last.size

    @cached_property
    def offsets(self) -> dict[str, int]:
        """Each section's offset by name."""
        return {s.name: s.offset for s in self.information}

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


def _sections(parts: list[tuple[str, int, int, str]], start: int = 0) -> tuple[Section, ...]:
    out = []
    offset = start
    for name, rows, width, meaning in parts:
        out.append(Section(name, rows, width, offset, meaning))
        offset += rows * width
    return tuple(out)


def layout_for(header: VariantHeader) -> TensorLayout:
    """The tensor layout of a variant with this declared header."""
    n = header.hands
    calls = header.max_actions > CARDS
    tricks = CARDS // n
    parts: list[tuple[str, int, int, str]] = [
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
        ("hand_sizes", n, MAX_HAND + 1, "cards each hand holds (one-hot 0-13)"),
        ("tricks_won", n, tricks + 1, f"tricks each hand has won (one-hot 0-{tricks})"),
        ("hidden", 1, MAX_HIDDEN + 1, f"cards the observer cannot see outside the hands "
                                      f"(one-hot 0-{MAX_HIDDEN})"),
    ]
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
    observation = _sections(parts)
    end = observation[-1].offset + observation[-1].size
    more: list[tuple[str, int, int, str]] = [
        ("history", tricks * n, CARDS, "row t * hands + h: the card hand h played to trick t"),
    ]
    if calls:
        more.append(("call_history", call_slots, n + N_CALLS,
                     "row k: the k-th call of the deal: the hand that made it, then its id minus 52"))
    information = observation + _sections(more, end)
    actions = CARDS + N_CALLS if calls else CARDS
    return TensorLayout(header.variant, header, n, calls, actions, tricks, call_slots,
                        observation, information)


@lru_cache(maxsize=64)
def _layout_cached(variant: str, preset: str | None, items: tuple[tuple[str, Any], ...]) -> TensorLayout:
    name, opts = resolve(variant, preset, **dict(items))
    return layout_for(get_variant(name).header(opts))


def tensor_layout(variant: str = "classic", preset: str | None = None, **options: Any) -> TensorLayout:
    """The tensor layout of a variant (or preset) with some options.

    >>> tensor_layout("german").observation_size, tensor_layout("belgian").actions
    (607, 235)
    """
    return _layout_cached(variant, preset, tuple(sorted(options.items())))


# --- encoding ---------------------------------------------------------------------------------


_PHASE_BIT = {p: 1 << i for i, p in enumerate(PHASES)}
_BOUND_BIT = {"exactly": 1, "at_least": 2, "at_most": 4}


def _observation_bits(obs: Observation, layout: TensorLayout) -> int:
    """The observation tensor's slots as the bits of one integer."""
    n = layout.hands
    me = obs.seat
    if me is None:
        raise ValueError("tensors are made for a seat's observation, not the public view")
    off = layout.offsets
    bits = obs.hand.mask << off["hand"]
    base = off["known"]
    for h, cs in obs.known.items():
        bits |= cs.mask << (base + ((h - me) % n) * CARDS)
    played = [0] * n
    voids = [0] * n
    won = [0] * n
    for lead, cards, winner in obs.tricks:
        led = cards[0] // 13
        for i, c in enumerate(cards):
            r = (lead + i - me) % n
            played[r] |= 1 << c
            if c // 13 != led:
                voids[r] |= 1 << led
        won[(winner - me) % n] += 1
    trick_base = off["trick"]
    if obs.trick:
        led = obs.trick[0][1] // 13
        for h, c in obs.trick:
            r = (h - me) % n
            played[r] |= 1 << c
            bits |= 1 << (trick_base + r * CARDS + c)
            if c // 13 != led:
                voids[r] |= 1 << led
    if obs.voids_from:
        voids = [0] * n
        for h, suits in obs.voids().items():
            for s in suits:
                voids[(h - me) % n] |= 1 << s
    base = off["played"]
    vbase = off["voids"]
    tbase = off["tricks_won"]
    tw = layout.tricks + 1
    sbase = off["hand_sizes"]
    sizes = obs.hand_sizes
    for r in range(n):
        bits |= played[r] << (base + r * CARDS)
        bits |= voids[r] << (vbase + 4 * r)
        bits |= 1 << (tbase + r * tw + won[r])
        bits |= 1 << (sbase + r * (MAX_HAND + 1) + min(sizes[(r + me) % n], MAX_HAND))
    bits |= obs.shown.mask << off["shown"]
    if obs.turn_up is not None:
        bits |= 1 << (off["turn_up"] + obs.turn_up)
    bits |= 1 << (off["trump"] + (4 if obs.trump is None else int(obs.trump)))
    bits |= _PHASE_BIT.get(obs.phase, 0) << off["phase"]
    if obs.to_move is not None:
        bits |= 1 << (off["to_move"] + (obs.to_move - me) % n)
    bits |= 1 << (off["leader"] + (obs.leader - me) % n)
    bits |= 1 << (off["dealer"] + (obs.dealer - me) % n)
    cbase = off["controls"]
    for h in obs.controls:
        bits |= 1 << (cbase + (h - me) % n)
    pbase = off["partners"]
    sides = obs.sides
    mine = sides[me]
    for h in range(n):
        if sides[h] == mine:
            bits |= 1 << (pbase + (h - me) % n)
    obase = off["open_hands"]
    for h in obs.open_hands:
        bits |= 1 << (obase + (h - me) % n)
    hidden = sum(obs.hidden.values()) if obs.hidden else 0
    bits |= 1 << (off["hidden"] + min(hidden, MAX_HIDDEN))
    if layout.calls:
        cbase = off["calls"]
        for h, call in obs.calls:
            bits |= 1 << (cbase + ((h - me) % n) * N_CALLS + call - CARDS)
        contract = obs.contract
        if contract is None:
            bits |= 1 << (off["needed"] + MAX_HAND + 1)
        else:
            dbase = off["declarers"]
            for h in contract.declarers:
                bits |= 1 << (dbase + (h - me) % n)
            bits |= 1 << (off["needed"] + min(contract.needed, MAX_HAND))
            bound = _BOUND_BIT[contract.bound] | (8 if contract.each else 0)
            bits |= bound << off["bound"]
            bits |= 1 << (off["contract_trump"] + (4 if contract.trump is None else int(contract.trump)))
    return bits


def _history_bits(obs: Observation, layout: TensorLayout) -> int:
    """The information state's own sections (the play and calls in order) as bits."""
    n = layout.hands
    me = obs.seat
    assert me is not None
    off = layout.offsets
    base = off["history"]
    bits = 0
    t = 0
    for t, (lead, cards, _) in enumerate(obs.tricks):
        for i, c in enumerate(cards):
            bits |= 1 << (base + (t * n + (lead + i - me) % n) * CARDS + c)
    if obs.trick:
        t = len(obs.tricks)
        for h, c in obs.trick:
            bits |= 1 << (base + (t * n + (h - me) % n) * CARDS + c)
    if layout.calls:
        base = off["call_history"]
        width = n + N_CALLS
        for k, (h, call) in enumerate(obs.calls[:layout.call_slots]):
            row = base + k * width
            bits |= 1 << (row + (h - me) % n)
            bits |= 1 << (row + n + call - CARDS)
    return bits


def _unpack(bits: int, size: int, out: np.ndarray[Any, Any] | None) -> np.ndarray[Any, Any]:
    raw = np.frombuffer(bits.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
    unpacked = np.unpackbits(raw, count=size, bitorder="little")
    if out is None:
        return unpacked.astype(np.float32)
    out[:] = unpacked
    return out


def observation_tensor(obs: Observation, layout: TensorLayout,
                       out: np.ndarray[Any, Any] | None = None) -> np.ndarray[Any, Any]:
    """A seat's observation as a 0/1 ``float32`` vector of ``layout.observation_size``
    slots (written into ``out`` when given): what it sees now, the play so far as sets
    (cards played per hand, the current trick, shown voids, tricks won) and the calls."""
    return _unpack(_observation_bits(obs, layout), layout.observation_size, out)


def information_state_tensor(obs: Observation, layout: TensorLayout,
                             out: np.ndarray[Any, Any] | None = None) -> np.ndarray[Any, Any]:
    """The observation tensor followed by the deal's public history in order: every card
    by trick and hand, and every call in turn (``layout.information_size`` slots)."""
    bits = _observation_bits(obs, layout) | _history_bits(obs, layout)
    return _unpack(bits, layout.information_size, out)


def action_mask(obs: Observation, layout: TensorLayout) -> np.ndarray[Any, Any]:
    """1 for each action id the seat may take now (``int8``, ``layout.actions`` long)."""
    mask = np.zeros(layout.actions, dtype=np.int8)
    if obs.legal:
        mask[list(obs.legal)] = 1
    return mask

