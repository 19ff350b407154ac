"""The batch simulator plays the rules' trick play: every trajectory it records replays
card by card through the rules API with the same tricks."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import openwhist
from openwhist.cards import parse_hand
from openwhist.env.batch import BatchDeals, random_hands, seeded_deals, simulate
from openwhist.errors import ConfigError, IllegalActionError
from openwhist.rules.seats import seat_name


def _classic_deals(seeds: list[int]) -> tuple[list[openwhist.Deal], np.ndarray, np.ndarray, np.ndarray]:
    deals = [openwhist.new_deal("classic", seed=s, dealer=s % 4) for s in seeds]
    hands = np.array([[parse_hand(d.setup()["hands"][seat_name(h, 4)]) for h in range(4)] for d in deals],
                     dtype=np.int64)
    trump = np.array([int(d.trump) for d in deals])
    leader = np.array([d.to_move for d in deals])
    return deals, hands, trump, leader


@pytest.mark.parametrize("policy", ["random", "rule", "open"])
def test_recorded_play_replays_through_the_rules_with_the_same_tricks(policy: str) -> None:
    deals, hands, trump, leader = _classic_deals(list(range(40)))
    result = simulate(hands=hands, trump=trump, leader=leader, policy=policy, seed=3, trajectories=True)
    assert result.cards is not None and result.seats is not None
    for d, deal in enumerate(deals):
        for card, seat in zip(result.cards[d], result.seats[d]):
            assert deal.to_move == seat
            deal.apply(int(card))
        assert deal.is_over()
        assert tuple(result.tricks[d]) == deal.result().tricks
        assert tuple(result.trick_points[d]) == tuple(max(t - 6, 0) for t in deal.result().tricks)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from([2, 3, 4]), st.integers(-1, 3))
def test_every_deal_plays_all_its_cards_and_every_trick_is_won(seed: int, n_hands: int, trump: int) -> None:
    result = simulate(50, n_hands=n_hands, trump=trump, leader=0, seed=seed, trajectories=True)
    assert (result.tricks.sum(axis=1) == 13).all()
    assert result.cards is not None
    hands = random_hands(50, n_hands, seed)
    for d in range(50):
        dealt = sum(1 << int(c) for c in result.cards[d])
        assert dealt == int(np.bitwise_or.reduce(hands[d]))


def test_a_seed_gives_the_same_batch_and_random_play_is_fair() -> None:
    a = simulate(4000, seed=9)
    b = simulate(4000, seed=9)
    assert (a.tricks == b.tricks).all()
    assert abs(a.tricks[:, 0].mean() - 6.5) < 0.15


def test_the_rule_policy_beats_random_play() -> None:
    hands = random_hands(4000, seed=5)
    rule_first = simulate(hands=hands, policy=("rule", "random"), seed=1).tricks.mean(axis=0)
    rule_second = simulate(hands=hands, policy=("random", "rule"), seed=1).tricks.mean(axis=0)
    assert rule_first[0] > 7.5 and rule_second[1] > 7.5


def test_seeing_every_hand_wins_more_tricks_than_the_rule_on_the_same_cards() -> None:
    hands = random_hands(4000, seed=7)
    both_rule = simulate(hands=hands, policy="rule").tricks
    open_first = simulate(hands=hands, policy=("open", "rule")).tricks[:, 0]
    open_second = simulate(hands=hands, policy=("rule", "open")).tricks[:, 1]
    gain = (open_first - both_rule[:, 0] + open_second - both_rule[:, 1]) / 2
    assert gain.mean() > 0.05


def test_a_caller_policy_steps_every_deal_and_matches_the_rules() -> None:
    deals, hands, trump, leader = _classic_deals(list(range(100, 120)))
    batch = BatchDeals(hands=hands, trump=trump, leader=leader, trajectories=True)
    while not batch.done.all():
        mask = batch.legal_mask()
        seen = batch.observe()
        for d, deal in enumerate(deals):
            if deal.is_over():
                continue
            legal = sorted(int(c) for c in deal.legal_actions())
            assert np.flatnonzero(mask[d]).tolist() == legal
            assert seen["to_move"][d] == deal.to_move
            assert seen["hand"][d] == deal.observation(deal.to_move).hand.mask
            trick = [int(c) for _, c in deal.observation(0).trick]
            assert seen["trick"][d][:len(trick)].tolist() == trick
        choice = mask.shape[1] - 1 - mask[:, ::-1].argmax(axis=1)   # the highest legal card
        for d, deal in enumerate(deals):
            if not deal.is_over():
                deal.apply(int(choice[d]))
        batch.step(choice)
    assert [tuple(t) for t in batch.result().tricks] == [d.result().tricks for d in deals]


def test_an_illegal_card_is_refused_and_changes_nothing() -> None:
    batch = BatchDeals(hands=random_hands(2, seed=1), leader=0)
    batch.step(batch.legal_mask().argmax(axis=1))
    before = batch.hands.copy()
    mask = batch.legal_mask()
    bad = mask.argmax(axis=1)
    bad[1] = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(IllegalActionError, match="deal 1"):
        batch.step(bad)
    assert (batch.hands == before).all()


def test_full_information_shows_every_hand() -> None:
    batch = BatchDeals(hands=random_hands(2, seed=1))
    assert "hands" not in batch.observe()
    assert (batch.observe(full=True)["hands"] == batch.hands).all()


def test_bad_arguments_are_refused_with_a_message() -> None:
    with pytest.raises(ConfigError, match="policy"):
        simulate(10, policy="greedy")
    with pytest.raises(ConfigError, match="n_deals"):
        simulate(0)
    with pytest.raises(ConfigError, match="trump"):
        simulate(10, trump=7)
    with pytest.raises(ConfigError, match="sides"):
        simulate(10, sides=(0, 1))
    with pytest.raises(ConfigError, match="2 to 6"):
        simulate(10, n_hands=7)
    with pytest.raises(ConfigError, match="1 to 8 cards"):
        simulate(10, n_hands=6, cards=9)
    with pytest.raises(ConfigError, match="deck"):
        simulate(10, n_hands=5, deck=1 << 52)
    with pytest.raises(ConfigError, match="one per side"):
        simulate(10, n_hands=5, policy=("rule", "random"))
    with pytest.raises(ConfigError, match="sides"):
        simulate(10, n_hands=5, sides=(0, 1, 2, 4, 4))
    with pytest.raises(ConfigError, match="seed"):
        simulate(10, seed=-1)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=8), st.integers(0, 3))
def test_seeded_deals_are_the_rules_deals(seeds: list[int], dealer: int) -> None:
    hands, trump, leader = seeded_deals(np.array(seeds, dtype=np.uint64), dealer)
    for i, seed in enumerate(seeds):
        deal = openwhist.new_deal("classic", seed=seed % 2**64, dealer=dealer)
        dealt = [parse_hand(deal.setup()["hands"][seat_name(h, 4)]) for h in range(4)]
        assert hands[i].tolist() == dealt
        assert trump[i] == deal.trump and leader[i] == deal.to_move


def test_seeds_must_be_whole_numbers() -> None:
    with pytest.raises(ConfigError, match="seeds"):
        seeded_deals([-1])
    with pytest.raises(ConfigError, match="seeds"):
        seeded_deals([])


@pytest.mark.parametrize("n_hands", [2, 3])
def test_a_caller_policy_plays_two_or_three_hands_to_the_end(n_hands: int) -> None:
    batch = BatchDeals(20, n_hands=n_hands, trump=-1, leader=0, seed=4, trajectories=True)
    rng = np.random.default_rng(1)
    steps = 0
    while not batch.done.all():
        mask = batch.legal_mask()
        assert (mask.sum(axis=1)[~batch.done] > 0).all()
        batch.step([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in mask])
        steps += 1
    assert steps == 13 * n_hands
    assert (batch.tricks.sum(axis=1) == 13).all()
    cards = batch.result().cards
    assert cards is not None and (cards >= 0).all()


# --- three to six hands, each for himself: the exact-bid whists' trick play ------------------------


def _exact_deals(family: str, players: int, seed: int, count: int) -> list[openwhist.Deal]:
    """Deals of an exact-bid whist in their play phase, all of one hand size (from 1 to
    the most, by the seed), every player bidding the lowest bid he may."""
    from dataclasses import replace

    from openwhist.rules.exactbid import new_exact_bid_deal

    options = replace(openwhist.get_variant(family).options(), players=players)
    cards = 1 + seed % options.most_cards
    deals = []
    for k in range(count):
        deal = new_exact_bid_deal(family, options, seed=seed * 1000 + k, dealer=k % players, cards=cards)
        while deal.phase == "auction":
            deal.apply(deal.legal_actions()[0])
        deals.append(deal)
    return deals


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["romanian", "oh-hell"]), st.integers(3, 6), st.integers(0, 2**20),
       st.sampled_from(["random", "rule", "open"]))
def test_three_to_six_hands_play_as_the_exact_bid_rules(family: str, players: int, seed: int,
                                                        policy: str) -> None:
    """Deals of Romanian whist (follow-then-trump) and Oh Hell (follow) for 3 to 6 players,
    of every hand size and with no trump where no card was turned: the batch's recorded
    play replays through the rules (every card legal there) with the same tricks per
    player, and a caller's policy sees the rules' legal cards at every step."""
    deals = _exact_deals(family, players, seed, 30)
    hands = np.array([list(d.hands) for d in deals], dtype=np.int64)
    trump = np.array([-1 if d.trump is None else int(d.trump) for d in deals])
    leader = np.array([d.to_move for d in deals])
    must = openwhist.get_variant(family).options().must_trump
    result = simulate(hands=hands, trump=trump, leader=leader, sides=range(players), policy=policy,
                      seed=seed, trajectories=True, must_trump=must)
    assert result.cards is not None and result.seats is not None
    assert result.tricks.shape == (len(deals), players)
    for d, deal in enumerate(deals):
        replay = deal.clone()
        for card, seat in zip(result.cards[d], result.seats[d], strict=True):
            assert replay.to_move == seat
            replay.apply(openwhist.Card(int(card)))
        assert replay.is_over()
        assert tuple(result.tricks[d]) == replay.result().tricks
    batch = BatchDeals(hands=hands, trump=trump, leader=leader, sides=range(players), must_trump=must)
    rng = np.random.default_rng(seed)
    while not batch.done.all():
        mask = batch.legal_mask()
        for d, deal in enumerate(deals):
            if not batch.done[d]:
                assert np.flatnonzero(mask[d]).tolist() == sorted(int(c) for c in deal.legal_actions())
        choice = [int(rng.choice(np.flatnonzero(row))) if row.any() else 0 for row in mask]
        for d, deal in enumerate(deals):
            if not batch.done[d]:
                deal.apply(openwhist.Card(choice[d]))
        batch.step(choice)
    assert [tuple(t) for t in batch.result().tricks] == [d.result().tricks for d in deals]


@pytest.mark.parametrize("n_hands", [5, 6])
def test_five_and_six_hands_deal_the_deck_and_play_each_for_himself(n_hands: int) -> None:
    result = simulate(200, n_hands=n_hands, policy="rule", seed=5, trajectories=True)
    each = 52 // n_hands
    assert result.tricks.shape == (200, n_hands) and (result.tricks.sum(axis=1) == each).all()
    assert (result.trick_points == result.tricks).all()
    assert result.cards is not None and result.cards.shape == (200, each * n_hands)
    assert (result.cards >= 0).all()
