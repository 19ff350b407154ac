"""The tensors against a plain reference encoding: each section written slot by slot from
the observation, as docs/tensors.md describes it, with none of the encoder's shortcuts
(no bit tricks, no kept closed tricks, no tables)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import openwhist
from openwhist.env import tensors
from openwhist.rules.observation import Observation

VARIANTS = openwhist.variants()
SIZED = [(v, {}) for v in VARIANTS] + [(v, {"players": n}) for v in ("romanian", "oh-hell")
                                       for n in (3, 5, 6)]
"""Every variant, and the exact-bid whists at every number of players."""


def reference_tensor(obs: Observation, layout: tensors.TensorLayout,
                     information: bool) -> np.ndarray[Any, Any]:
    """The tensor made slot by slot, the slow and obvious way."""
    n = layout.hands
    me = obs.seat
    assert me is not None
    t = np.zeros(layout.information_size if information else layout.observation_size, np.float32)

    def rel(h: int) -> int:
        return (h - me) % n

    def view(name: str) -> np.ndarray[Any, Any]:
        return layout.view(t, name)

    for c in obs.hand:
        view("hand")[0, int(c)] = 1
    for h, cards in obs.known.items():
        for c in cards:
            view("known")[rel(h), int(c)] = 1
    for trick in obs.tricks:
        for i, c in enumerate(trick.cards):
            view("played")[rel(trick.seat_of(i, n)), int(c)] = 1
    for h, c in obs.trick:
        view("played")[rel(h), int(c)] = 1
        view("trick")[rel(h), int(c)] = 1
    for c in obs.shown:
        view("shown")[0, int(c)] = 1
    if obs.turn_up is not None:
        view("turn_up")[0, int(obs.turn_up)] = 1
    view("trump")[0, 4 if obs.trump is None else int(obs.trump)] = 1
    if obs.phase in tensors.PHASES:
        view("phase")[0, tensors.PHASES.index(obs.phase)] = 1
    if obs.to_move is not None:
        view("to_move")[0, rel(obs.to_move)] = 1
    view("leader")[0, rel(obs.leader)] = 1
    view("dealer")[0, rel(obs.dealer)] = 1
    for h in obs.controls:
        view("controls")[0, rel(h)] = 1
    for h in range(n):
        if obs.sides[h] == obs.sides[me]:
            view("partners")[0, rel(h)] = 1
    for h in obs.open_hands:
        view("open_hands")[0, rel(h)] = 1
    for h, suits in obs.voids().items():
        for s in suits:
            view("voids")[rel(h), int(s)] = 1
    for h, size in enumerate(obs.hand_sizes):
        view("hand_sizes")[rel(h), min(size, tensors.hand_cap(n))] = 1
    won = [0] * n
    for trick in obs.tricks:
        won[trick.winner] += 1
    for h in range(n):
        view("tricks_won")[rel(h), won[h]] = 1
    view("hidden")[0, min(sum(obs.hidden.values()), tensors.MAX_HIDDEN)] = 1
    if layout.calls:
        for h, call in obs.calls:
            view("calls")[rel(h), int(call) - tensors.CARDS] = 1
        contract = obs.contract
        if contract is None:
            view("needed")[0, tensors.MAX_HAND + 1] = 1
        else:
            for h in contract.declarers:
                view("declarers")[0, rel(h)] = 1
            view("needed")[0, min(contract.needed, tensors.MAX_HAND)] = 1
            view("bound")[0, ("exactly", "at_least", "at_most").index(contract.bound)] = 1
            if contract.each:
                view("bound")[0, 3] = 1
            view("contract_trump")[0, 4 if contract.trump is None else int(contract.trump)] = 1
    if layout.bids:
        bids = dict(obs.calls)
        for h in range(n):
            view("bids")[rel(h), int(bids[h]) - tensors.FIRST_BID if h in bids else tensors.BIDS] = 1
        view("deal_cards")[0, len(obs.tricks) + max(obs.hand_sizes)] = 1
    if information:
        for t_no, trick in enumerate(obs.tricks):
            for i, c in enumerate(trick.cards):
                view("history")[t_no * n + rel(trick.seat_of(i, n)), int(c)] = 1
        for h, c in obs.trick:
            view("history")[len(obs.tricks) * n + rel(h), int(c)] = 1
        if layout.calls:
            for k, (h, call) in enumerate(obs.calls[:layout.call_slots]):
                view("call_history")[k, rel(h)] = 1
                view("call_history")[k, n + int(call) - tensors.CARDS] = 1
    return t


def _check(obs: Observation, layout: tensors.TensorLayout) -> None:
    got = tensors.observation_tensor(obs, layout)
    assert got.dtype == np.float32 and got.shape == (layout.observation_size,)
    np.testing.assert_array_equal(got, reference_tensor(obs, layout, False))
    info = tensors.information_state_tensor(obs, layout)
    np.testing.assert_array_equal(info, reference_tensor(obs, layout, True))
    out = np.full(layout.observation_size, 7.0, np.float32)
    assert tensors.observation_tensor(obs, layout, out) is out
    np.testing.assert_array_equal(out, got)


@settings(max_examples=60, deadline=None)
@given(sized=st.sampled_from(SIZED), seed=st.integers(0, 10_000), steps=st.integers(0, 120),
       pick=st.integers(0, 5))
def test_tensors_equal_the_reference_encoding(sized: tuple[str, dict[str, int]], seed: int, steps: int,
                                              pick: int) -> None:
    variant, options = sized
    layout = tensors.tensor_layout(variant, **options)
    deal = openwhist.new_deal(variant, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.is_over():
            break
        deal.apply(rng.choice(list(deal.legal_actions())))
    _check(deal.observation(deal.seats[pick % len(deal.seats)]), layout)


def test_tensors_equal_the_reference_at_every_step_for_every_seat() -> None:
    """Whole deals of every variant, every seat observed at every step (the kept closed
    tricks are extended, reused and dropped as the observers change)."""
    for variant, options in SIZED:
        layout = tensors.tensor_layout(variant, **options)
        for seed in range(3):
            deal = openwhist.new_deal(variant, seed=seed, **options)
            rng = random.Random(seed)
            while True:
                for seat in deal.seats:
                    _check(deal.observation(seat), layout)
                if deal.is_over():
                    break
                deal.apply(rng.choice(list(deal.legal_actions())))


def test_each_tensor_is_a_new_array_that_later_calls_leave_alone() -> None:
    """The encoder unpacks through buffers it keeps per layout: what it returns is the
    caller's own array (writable, sharing no memory), and changing it changes nothing
    that comes later."""
    layout = tensors.tensor_layout("classic")
    deal = openwhist.new_deal("classic", seed=4)
    rng = random.Random(4)
    kept: list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]] = []
    for _ in range(20):
        obs = deal.observation(deal.controller(deal.to_move))  # type: ignore[arg-type]
        for make, information in ((tensors.observation_tensor, False),
                                  (tensors.information_state_tensor, True)):
            got = make(obs, layout)
            assert got.flags.writeable
            assert not any(np.shares_memory(got, old) for old, _ in kept)
            kept.append((got, reference_tensor(obs, layout, information)))
            got[:] = 5.0
            np.testing.assert_array_equal(make(obs, layout), kept[-1][1])
            got[:] = kept[-1][1]
        deal.apply(rng.choice(list(deal.legal_actions())))
    for got, want in kept:
        np.testing.assert_array_equal(got, want)


def test_tensors_of_interleaved_variants_deals_and_seats() -> None:
    """Observations of several variants, deals and seats asked for in a random order: the
    buffers and kept tricks of one never leak into another."""
    rng = random.Random(8)
    deals = [(variant, options, openwhist.new_deal(variant, seed=seed, **options))
             for variant, options in SIZED for seed in (1, 2)]
    for _ in range(400):
        variant, options, deal = rng.choice(deals)
        if not deal.is_over():
            deal.apply(rng.choice(list(deal.legal_actions())))
        _check(deal.observation(rng.choice(deal.seats)), tensors.tensor_layout(variant, **options))
