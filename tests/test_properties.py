"""Invariants over many random deals and plays (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import openwhist
from openwhist import records
from openwhist.cards import FULL_DECK
from openwhist.errors import IllegalActionError
from openwhist.rules.classic import ClassicState, score_deal

seeds = st.integers(min_value=0, max_value=2**63 - 1)
variants = st.sampled_from(["classic", "dummy", "no-trump", "english-long", "american"])


def _play(deal: ClassicState, rng: random.Random, stop: int = 52) -> None:
    while not deal.is_over() and len(deal.history) < stop:
        deal.apply(rng.choice(deal.legal_actions()))


@settings(max_examples=60, deadline=None)
@given(seeds, seeds, variants)
def test_cards_are_conserved_and_thirteen_tricks_are_played(seed: int, play_seed: int,
                                                            variant: str) -> None:
    deal = openwhist.new_deal(variant, seed=seed, dealer=seed % 4)
    rng = random.Random(play_seed)
    while not deal.is_over():
        hands = deal.hands
        played = 0
        for c in deal.history:
            played |= 1 << c
        assert sum(h.bit_count() for h in hands) + len(deal.history) == 52
        union = hands[0] | hands[1] | hands[2] | hands[3] | played
        assert union == FULL_DECK
        assert all(h.bit_count() in (13 - len(deal.tricks), 12 - len(deal.tricks)) for h in hands)
        deal.apply(rng.choice(deal.legal_actions()))
    res = deal.result()
    assert len(deal.tricks) == 13 and sum(res.tricks) == 13
    assert res.tricks == (sum(1 for t in deal.tricks if t.winner % 2 == 0),
                          sum(1 for t in deal.tricks if t.winner % 2 == 1))


@settings(max_examples=60, deadline=None)
@given(seeds, seeds, st.integers(0, 4), st.integers(0, 4), variants)
def test_scores_are_consistent(seed: int, play_seed: int, a: int, b: int, variant: str) -> None:
    deal = openwhist.new_deal(variant, seed=seed, score=(a, b))
    _play(deal, random.Random(play_seed))
    res = deal.result()
    target = deal.options.target
    assert min(res.trick_points) == 0
    assert max(res.trick_points) == max(res.tricks) - 6
    assert all(p >= 0 for p in res.points)
    assert all(h in (0, 2, 4) for h in res.honours_points)
    assert sum(res.honours_held) == (4 if deal.options.honours else 0)
    if res.game_winner is None:
        assert a + res.points[0] < target and b + res.points[1] < target
    else:
        assert (a, b)[res.game_winner] + res.points[res.game_winner] >= target
    assert res == score_deal(deal.options, deal.dealt, deal.trump, res.tricks, (a, b))


@settings(max_examples=60, deadline=None)
@given(seeds, seeds, st.integers(0, 51), variants)
def test_undo_restores_the_state_exactly(seed: int, play_seed: int, stop: int, variant: str) -> None:
    deal = openwhist.new_deal(variant, seed=seed)
    fresh = deal.clone()
    rng = random.Random(play_seed)
    _play(deal, rng, stop)
    before = deal.snapshot()
    for card in deal.legal_actions():
        deal.apply(card)
        deal.undo()
        assert deal.snapshot() == before
    while deal.history:
        deal.undo()
    assert deal == fresh


@settings(max_examples=40, deadline=None)
@given(seeds, seeds, st.integers(0, 51), st.integers(0, 51))
def test_illegal_actions_leave_the_state_unchanged(seed: int, play_seed: int, stop: int,
                                                   card: int) -> None:
    deal = openwhist.new_deal("classic", seed=seed)
    _play(deal, random.Random(play_seed), stop)
    before = deal.snapshot()
    if card in deal.legal_actions():
        return
    try:
        deal.apply(card)
    except IllegalActionError:
        pass
    else:
        raise AssertionError(f"{card} was accepted but is not legal")
    assert deal.snapshot() == before


@settings(max_examples=60, deadline=None)
@given(seeds, seeds, st.integers(0, 52), variants)
def test_observations_never_show_another_hidden_card(seed: int, play_seed: int, stop: int,
                                                     variant: str) -> None:
    deal = openwhist.new_deal(variant, seed=seed, dealer=seed % 4)
    _play(deal, random.Random(play_seed), stop)
    played = 0
    for c in deal.history:
        played |= 1 << c
    public = played
    if deal.options.dummy is not None:
        public |= deal.hands[deal.options.dummy]
    turn_up_held = deal.turn_up is not None and deal.hands[deal.dealer] >> deal.turn_up & 1
    if turn_up_held:
        public |= 1 << deal.turn_up  # everyone saw it turned; it is still in the dealer's hand
    for seat in deal.seats:
        obs = deal.observation(seat)
        allowed = public | deal.hands[seat]
        shown = obs.hand.mask | obs.played.mask
        for cs in obs.known.values():
            shown |= cs.mask
        for _, c in obs.trick:
            shown |= 1 << c
        for t in obs.tricks:
            for c in t.cards:
                shown |= 1 << c
        for c in obs.legal:
            shown |= 1 << c
        if obs.turn_up is not None:
            shown |= 1 << obs.turn_up
        assert shown & ~allowed == 0, f"seat {seat} sees hidden cards"
        assert obs.hand.mask == deal.hands[seat]
        hidden = FULL_DECK & ~allowed
        assert obs.unseen().mask & hidden == hidden
        assert obs.hand_sizes == tuple(h.bit_count() for h in deal.hands)
        # the repr of the whole observation never names a hidden card either
        text = repr(obs)
        for other in range(4):
            if other == seat or other == deal.options.dummy:
                continue
            for c in openwhist.CardSet(deal.hands[other] & hidden):
                assert f"Card.parse('{c}')" not in text


@settings(max_examples=30, deadline=None)
@given(seeds, seeds, variants)
def test_replaying_a_record_reproduces_the_result(seed: int, play_seed: int, variant: str) -> None:
    deal = openwhist.new_deal(variant, seed=seed, dealer=play_seed % 4)
    _play(deal, random.Random(play_seed))
    again = records.replay(records.loads(records.dumps(records.deal_record(deal))))
    assert again.result() == deal.result()
    assert again.history == deal.history and again.dealt == deal.dealt


@settings(max_examples=10, deadline=None)
@given(seeds, seeds, st.sampled_from(["english-short", "seed-000", "american", "dummy"]))
def test_match_records_replay_to_the_same_summary(seed: int, play_seed: int, variant: str) -> None:
    match = openwhist.new_match(variant, seed=seed, until="rubber")
    rng = random.Random(play_seed)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    again = records.replay(records.loads(records.dumps(records.match_record(match))))
    assert again.summary() == match.summary()
    assert len(match.rubbers) == 1 and max(match.rubbers[0].games) == 2
