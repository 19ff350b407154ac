"""Claims and concessions checked double dummy, against a plain search of the play."""

from __future__ import annotations

import random
from typing import Any

import pytest

import openwhist
from openwhist import IllegalActionError
from openwhist.bots import claim_holds, concede_holds

TOP_TRUMPS = [  # from the dealer's (N) left: E, S, W, N; N holds every spade, the turn-up
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"]


def _forced(deal: Any, side: int) -> int:
    """The tricks ``side`` can be sure of from now on: every card tried (minimax)."""
    start = len(deal.tricks)

    def search() -> int:
        if deal.is_over():
            return sum(1 for t in deal.tricks[start:] if deal.sides[t.winner] == side)
        mine = deal.sides[deal.to_move] == side
        values = []
        for card in deal.legal_actions():
            deal.apply(card)
            values.append(search())
            deal.undo()
        return max(values) if mine else min(values)

    return search()


def _remaining(deal: Any) -> int:
    return int(deal.hands[deal.leader].bit_count()) + (1 if deal.trick else 0)


def _play_until(deal: Any, rng: random.Random, left: int, cards_in_trick: int = 0) -> None:
    while _remaining(deal) > left or (len(deal.trick) < cards_in_trick):
        deal.apply(rng.choice(deal.legal_actions()))


def _check_against_search(deal: Any) -> None:
    left = _remaining(deal)
    for hand in range(len(deal.sides)):
        side = deal.sides[hand]
        best = _forced(deal, side)
        for k in range(left + 2):
            assert claim_holds(deal, hand, k) == (k <= best), (hand, k, best)
            assert concede_holds(deal, hand, k) == (k <= left - best), (hand, k, best)


def test_all_the_top_trumps_claim_every_trick() -> None:
    deal = openwhist.new_deal("classic", dealer="N", hands=TOP_TRUMPS)
    assert deal.trump == openwhist.Suit.SPADES
    assert claim_holds(deal, 0, 13) and claim_holds(deal, 2, 13)
    assert not claim_holds(deal, 1, 1) and not claim_holds(deal, 0, 14)
    assert concede_holds(deal, 1, 13) and not concede_holds(deal, 0, 1)
    deal.apply("AH")  # East leads: the claim holds in the middle of a trick too
    assert claim_holds(deal, 0, 13) and not claim_holds(deal, 3, 1)


def test_a_claim_one_trick_too_many_fails() -> None:
    # a whole deal: the claim holds at the solver's value, and not one trick more
    deal = openwhist.new_deal("classic", seed=11)
    best = _forced_full(deal)
    assert claim_holds(deal, 0, best) and not claim_holds(deal, 0, best + 1)
    assert concede_holds(deal, 0, 13 - best) and not concede_holds(deal, 0, 14 - best)


def _forced_full(deal: Any) -> int:
    from openwhist.solver import Position, solve

    return int(solve(Position.from_state(deal, declarer_side=0, objective="max")))


@pytest.mark.parametrize("seed", range(4))
def test_classic_endings_match_the_search(seed: int) -> None:
    rng = random.Random(seed)
    deal = openwhist.new_deal("classic", seed=seed)
    _play_until(deal, rng, 3, cards_in_trick=seed % 4)
    _check_against_search(deal)


@pytest.mark.parametrize("seed", range(3))
def test_dummy_endings_match_the_search(seed: int) -> None:
    rng = random.Random(seed)
    deal = openwhist.new_deal("dummy", seed=seed)
    _play_until(deal, rng, 3)
    _check_against_search(deal)


@pytest.mark.parametrize("seed", range(4))
def test_german_play_phase_matches_the_search(seed: int) -> None:
    rng = random.Random(seed)
    deal = openwhist.new_deal("german", seed=seed)
    while deal.phase == "stock":
        with pytest.raises(IllegalActionError, match="stock"):
            claim_holds(deal, 0, 1)
        deal.apply(rng.choice(deal.legal_actions()))
    assert deal.phase == "play" and _remaining(deal) == 13
    assert claim_holds(deal, 0, 0) and not claim_holds(deal, 0, 14)
    _play_until(deal, rng, 3, cards_in_trick=seed % 2)
    _check_against_search(deal)


def test_german_whole_play_phase_is_claimed_by_the_solver_value() -> None:
    rng = random.Random(5)
    deal = openwhist.new_deal("german", seed=5)
    while deal.phase == "stock":
        deal.apply(rng.choice(deal.legal_actions()))
    from openwhist.solver import Position, solve

    best = int(solve(Position.from_state(deal, declarer_side=0, objective="max")))
    assert claim_holds(deal, 0, best) and not claim_holds(deal, 0, best + 1)
    assert claim_holds(deal, 1, 13 - best) and not claim_holds(deal, 1, 14 - best)


def test_belgian_play_phase_and_no_claim_in_the_auction() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        deal = openwhist.new_deal("belgian", seed=seed, early_stop=False)
        with pytest.raises(IllegalActionError, match="auction"):
            claim_holds(deal, 0, 1)
        while not deal.is_over() and deal.phase != "play":
            deal.apply(rng.choice(deal.legal_actions()))
        if deal.phase == "play" and len(set(deal.sides)) == 2:
            break
    else:
        pytest.fail("no Belgian deal reached a play of two sides")
    _play_until(deal, rng, 3)
    _check_against_search(deal)


def test_no_claim_once_the_deal_is_over_or_for_a_wrong_count() -> None:
    deal = openwhist.new_deal("classic", seed=2)
    with pytest.raises(IllegalActionError, match="number of tricks"):
        claim_holds(deal, 0, -1)
    with pytest.raises(IllegalActionError, match="no hand"):
        claim_holds(deal, 4, 1)
    rng = random.Random(2)
    while not deal.is_over():
        deal.apply(rng.choice(deal.legal_actions()))
    with pytest.raises(IllegalActionError, match="over"):
        claim_holds(deal, 0, 0)
