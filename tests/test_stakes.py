"""The stakes of a deal: what its tricks are worth to the match (classic whist: the chance
of winning the game from the score), from the rules of short whist (seed 000, rules.md)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import openwhist
from openwhist.cards import Card
from openwhist.rules.classic import game_stakes
from openwhist.rules.registry import get_variant
from openwhist.rules.stakes import game_chances


def _worth(score: tuple[int, int], side: int, seed: int = 1, **options: object) -> tuple[float, ...]:
    deal = openwhist.new_deal("classic", seed=seed, score=score, **options)
    got = deal.observation(0).stakes()
    assert got is not None
    return got.worth(deal.dealt, side)


def test_at_four_the_odd_trick_wins_the_game_and_more_tricks_add_nothing() -> None:
    # short whist to 5: at 4 a side is barred from honours, one trick over book wins
    for side in (0, 1):
        score = (4, 0) if side == 0 else (0, 4)
        worth = _worth(score, side)
        assert worth[7:] == (1.0,) * 7
        assert all(w < 1.0 for w in worth[:7])


def test_at_four_all_the_game_is_the_deal_when_the_other_side_is_at_four_too() -> None:
    # at 4-4 whoever takes seven tricks wins the game: nothing else counts
    worth = _worth((4, 4), 0)
    assert worth == (0.0,) * 7 + (1.0,) * 7


def test_honours_held_decide_what_the_tricks_are_worth() -> None:
    """At 3, four honours (4 points) make the game whatever the tricks; without them the
    side needs two tricks over book (seed 000: honours count after the tricks)."""
    options = get_variant("classic").options()
    deal = openwhist.new_deal("classic", seed=1, score=(3, 0))
    obs = deal.observation(0)
    trump = obs.trump
    assert trump is not None
    honours = [int(Card.make(r, trump)) for r in (12, 11, 10, 9)]  # A K Q J
    rest = [c for c in range(52) if c not in honours]
    all_four = (sum(1 << c for c in honours + rest[:9]), sum(1 << c for c in rest[9:22]),
                sum(1 << c for c in rest[22:35]), sum(1 << c for c in rest[35:48]))
    none = (all_four[1], all_four[0], all_four[3], all_four[2])
    worth = game_stakes(obs).worth
    assert options.honours
    with_them, without = worth(all_four, 0), worth(none, 0)
    # with all four honours the game is made unless the other side wins it first by
    # tricks (11 tricks make their 5 before honours count)
    assert with_them[3:] == (1.0,) * 11 and with_them[2] == 0.0
    assert without[8:] == (1.0,) * 6 and without[7] < 1.0
    assert all(a >= b for a, b in zip(with_them, without, strict=True))


def test_no_stakes_without_a_match_rule_for_them() -> None:
    deal = openwhist.new_deal("belgian", seed=3)
    assert deal.observation(0).stakes() is None


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 4), st.integers(0, 4), st.integers(0, 10**6), st.sampled_from([0, 1]),
       st.sampled_from(["english-short", "english-long", "american", "no-trump"]))
def test_more_tricks_are_never_worth_less(a: int, b: int, seed: int, side: int, preset: str) -> None:
    deal = openwhist.new_deal(preset, seed=seed)
    target = deal.options.target
    score = (min(a * target // 5, target - 1), min(b * target // 5, target - 1))
    deal = openwhist.new_deal(preset, seed=seed, score=score)
    got = deal.observation(0).stakes()
    assert got is not None
    worth = got.worth(deal.dealt, side)
    assert len(worth) == 14
    assert all(0.0 <= w <= 1.0 for w in worth)
    # a trick more is never worth less, but for a shade: a side that ends one short of
    # the game is barred from the next deal's honours (long whist: 9 can be worse than 8)
    assert all(y >= x - 0.01 for x, y in zip(worth, worth[1:]))
    if preset != "english-long":
        assert all(x <= y for x, y in zip(worth, worth[1:]))
    # the two sides' chances of the same result add up to one
    other = got.worth(deal.dealt, 1 - side)
    assert all(w + o == pytest.approx(1.0) for w, o in zip(worth, reversed(other), strict=True))


@pytest.mark.parametrize("preset", ["english-short", "english-long", "american"])
def test_the_chance_of_the_game_is_even_at_equal_scores_and_falls_behind(preset: str) -> None:
    from openwhist.rules.classic import _deal_outcomes

    options = get_variant("classic").options(preset)
    chances = game_chances(options.target, _deal_outcomes(options))
    for (a, b), p in chances.items():
        assert p == pytest.approx(1.0 - chances[(b, a)])
        if a + 2 < options.target:
            # a point more never hurts, but one short of the game a side is barred from
            # honours, which can make it a shade worse than two short
            assert chances[(a + 1, b)] >= p
    assert chances[(0, 0)] == pytest.approx(0.5)


def test_a_deal_that_brings_the_game_no_nearer_is_refused() -> None:
    with pytest.raises(ValueError, match="no nearer"):
        game_chances(3, lambda a, b: [(1.0, a, b, None)])


def _belgian_in_play(kind: str) -> openwhist.Deal:
    from openwhist.bots import make_bot

    book = make_bot("heuristic", seed=1)
    for seed in range(400):
        deal = openwhist.new_deal("belgian", seed=seed)
        while deal.phase != "play" and not deal.is_over():
            assert deal.to_move is not None
            deal.apply(book.choose(deal.observation(deal.controller(deal.to_move))))
        if not deal.is_over() and deal.contract is not None and deal.contract.kind == kind:
            return deal
    raise AssertionError(f"no {kind} in 400 deals")


@pytest.mark.parametrize("kind", ["pair", "solo", "troel"])
def test_a_belgian_contract_of_tricks_is_worth_its_settlement(kind: str) -> None:
    """Each side plays for the points the grid settles (made or set, and the overtricks
    the grid pays), read from the grid itself."""
    from openwhist.rules.belgian import settle

    deal = _belgian_in_play(kind)
    contract = deal.contract
    assert contract is not None
    got = deal.observation(contract.declarers[0]).stakes()
    assert got is not None
    declaring = deal.sides[contract.declarers[0]]
    defending = 1 - declaring
    mine, theirs = got.worth(deal.dealt, declaring), got.worth(deal.dealt, defending)
    for t in range(14):
        tricks = [0] * 4
        tricks[contract.declarers[0]] = t
        points = settle(deal.grid, contract, tricks, deal.multiplier)[1]
        defender = next(h for h in range(4) if deal.sides[h] == defending)
        assert mine[t] == points[contract.declarers[0]]
        assert theirs[13 - t] == points[defender]
    assert all(x <= y for x, y in zip(mine, mine[1:]))
    assert mine[contract.needed] > mine[contract.needed - 1]


def test_a_misere_is_played_for_its_exact_count_not_for_stakes() -> None:
    deal = _belgian_in_play("small-misere")
    assert deal.observation(0).stakes() is None
