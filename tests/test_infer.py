"""Reading the table by a soft model of the others' play: a proper probability, the real
play never impossible, nothing hidden read, and legal play in every family."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import openwhist
from openwhist.bots.book import TechniqueBot
from openwhist.bots.infer import BOOK_SHARE, SoftPolicy, decision_kind
from openwhist.bots.pimc import PimcBot, _Replay, _World
from openwhist.errors import ConfigError
from openwhist.rules.registry import get_variant

KINDS = ("lead", "follow", "void", "call")


@given(st.sampled_from(KINDS), st.integers(1, 13), st.floats(0, 0.999))
def test_the_soft_policy_is_a_probability_over_the_legal_actions(kind: str, legal: int,
                                                                 p: float) -> None:
    policy = SoftPolicy({kind: p})
    hit = policy.probability(kind, legal, True)
    miss = policy.probability(kind, legal, False)
    assert 0 < miss <= hit <= 1
    # the book's action and the others' share everything: the probabilities sum to 1
    assert math.isclose(hit + (legal - 1) * miss, 1.0)
    if legal == 1:
        assert hit == 1.0  # a forced action tells nothing
    assert policy.log_probability(kind, legal, False) == math.log(miss) <= 0


def test_a_share_out_of_range_is_refused() -> None:
    for p in (-0.1, 1.0, 1.5):
        with pytest.raises(ValueError, match="share"):
            SoftPolicy({"lead": p})
    with pytest.raises(ConfigError, match="infer"):
        PimcBot(infer="nonsense")


def test_the_fitted_shares_are_proper() -> None:
    assert set(BOOK_SHARE) == {"heuristic", "technique"}  # the values of PimcBot's book
    for shares in BOOK_SHARE.values():
        assert set(shares) == set(KINDS)
        assert all(0 <= p < 1 for p in shares.values())


def _book_played(variant: str, seed: int, stop: int) -> openwhist.Deal:
    """A deal played by the technique player for ``stop`` actions (or to its end)."""
    deal = openwhist.new_deal(variant, seed=seed)
    book = TechniqueBot()
    for _ in range(stop):
        if deal.is_over():
            break
        assert deal.to_move is not None
        deal.apply(book.choose(deal.observation(deal.controller(deal.to_move))))
    return deal


def _expected_cost(deal: openwhist.Deal, seat: int, policy: SoftPolicy, calls: bool) -> float:
    """Minus the log-likelihood of the cards the other hands played in ``deal`` (every
    player the technique player), and with ``calls`` of their calls, from the views they
    really had, replayed afresh."""
    fresh = get_variant(deal.variant).rebuild(deal.observation(seat), list(deal.hands), None)
    actions = list(fresh.history)
    for _ in actions:
        fresh.undo()
    controls = deal.observation(seat).controls
    book = TechniqueBot()
    cost = 0.0
    for action in actions:
        hand = fresh.to_move
        if action < 52 and hand not in controls:
            view = fresh.observation(fresh.controller(hand))
            cost -= policy.log_probability(decision_kind(view), len(view.legal),
                                           int(book.choose(view)) == int(action))
        elif action >= 52 and calls and hand != seat and action.kind != "take":
            view = fresh.observation(fresh.controller(hand))
            cost -= policy.log_probability("call", len(view.legal), True)
        fresh.apply_unchecked(action)
    return cost


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["classic", "dummy", "no-trump", "belgian"]), st.integers(0, 10_000),
       st.integers(1, 40))
def test_the_real_play_is_never_impossible_and_weights_lie_in_0_1(variant: str, seed: int,
                                                                   stop: int) -> None:
    deal = _book_played(variant, seed, stop)
    if deal.is_over():
        return
    assert deal.to_move is not None
    seat = deal.controller(deal.to_move)
    obs = deal.observation(seat)
    if sum(obs.hidden.values()):
        return  # (a small misère's unseen discards: the real ones are not the hands')
    policy = SoftPolicy()
    replay = _Replay(obs, TechniqueBot(), policy)
    # the real hands: every other card was the book's, so each counts log(p + (1-p)/n)
    real = replay.surprises(list(deal.hands), math.inf)
    assert math.isfinite(real)
    assert math.isclose(real, _expected_cost(deal, seat, policy, replay.calls), abs_tol=1e-9)
    # sampled hands: a likelihood in (0, 1]
    rng = random.Random(seed)
    for _ in range(6):
        drawn = obs.sample_holdings(rng)
        assert drawn is not None
        world = _World(drawn[0])
        world.hidden = drawn[1]
        cost = replay.surprises(world, math.inf)
        assert cost >= 0 and math.isfinite(cost)
        assert 0 < math.exp(-cost) <= 1


def test_partners_cards_count_too() -> None:
    """The soft policy reads partner's cards, the book's surprises only the opponents'."""
    deal = _book_played("classic", 3, 20)
    assert deal.to_move is not None
    seat = deal.controller(deal.to_move)
    obs = deal.observation(seat)
    partner = (seat + 2) % 4
    by_policy = _Replay(obs, TechniqueBot(), SoftPolicy())
    by_book = _Replay(obs, TechniqueBot())
    plays = by_policy.plays
    assert any(c and s == partner for c, (s, _) in zip(by_policy.checked, plays, strict=True))
    assert not any(c and s == partner for c, (s, _) in zip(by_book.checked, plays, strict=True))
    assert not any(c and s == seat for c, (s, _) in zip(by_policy.checked, plays, strict=True))


def test_never_reads_hidden_cards() -> None:
    """Two deals with the same view for the player but other hidden cards: the same
    likelihoods, the same card."""
    checked = 0
    for seed in range(6):
        deal = _book_played("classic", 40 + seed, 17)
        assert deal.to_move is not None
        seat = deal.controller(deal.to_move)
        obs = deal.observation(seat)
        drawn = obs.sample_holdings(random.Random(seed))
        assert drawn is not None
        other = get_variant("classic").rebuild(obs, drawn[0], None)
        other_obs = other.observation(seat)
        assert other_obs == obs
        if list(other.hands) == list(deal.hands):
            continue
        checked += 1
        hands = obs.sample_holdings(random.Random(seed + 100))
        assert hands is not None
        a = _Replay(obs, TechniqueBot(), SoftPolicy()).surprises(hands[0], math.inf)
        b = _Replay(other_obs, TechniqueBot(), SoftPolicy()).surprises(hands[0], math.inf)
        assert a == b
        first = PimcBot(level=1, seed=seed, time_budget=0.05, infer="policy").choose(obs)
        second = PimcBot(level=1, seed=seed, time_budget=0.05, infer="policy").choose(other_obs)
        assert first == second
    assert checked >= 4


@pytest.mark.parametrize("variant", ["classic", "dummy", "german", "belgian"])
def test_every_decision_is_legal_in_every_family(variant: str) -> None:
    for seed in (1, 2):
        deal = openwhist.new_deal(variant, seed=seed)
        bots = {s: PimcBot(level=1, seed=s, time_budget=0.03, infer="policy", bid="sampler")
                for s in range(deal.n_hands)}
        while not deal.is_over():
            assert deal.to_move is not None
            seat = deal.controller(deal.to_move)
            obs = deal.observation(seat)
            action = bots[seat].choose(obs)
            assert action in obs.legal
            deal.apply(action)


def test_the_likeliest_deals_are_solved_first() -> None:
    """Among the sampled deals the soft policy's likeliest are solved first and weigh
    their likelihood (relative to one another)."""
    deal = _book_played("classic", 11, 22)
    assert deal.to_move is not None
    obs = deal.observation(deal.controller(deal.to_move))
    bot = PimcBot(level=1, seed=4, infer="policy")
    replay = bot._replay(obs)
    assert replay is not None and replay.policy is not None
    pool = bot._pool(obs, replay, bot.worlds)
    costs = [cost for cost, _ in pool]
    solved_first = costs[-bot.worlds:]
    assert max(solved_first) <= min(costs[:-bot.worlds], default=math.inf)
    assert PimcBot(trust=0, infer="policy")._replay(obs) is None
