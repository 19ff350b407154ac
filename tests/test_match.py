"""Matches: dealer rotation, games to the target, rubbers, drawing for partners."""

from __future__ import annotations

import random

import pytest

import openwhist
from openwhist import ConfigError, IllegalActionError
from openwhist.rules.classic import draw_for_partners


def _finish(match: openwhist.match.Match, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))


def test_dealer_rotates_and_scores_carry_within_a_game() -> None:
    match = openwhist.new_match("english-long", seed=1, until="deals", count=6, dealer=2)
    _finish(match)
    assert [row.dealer for row in match.sheet] == [2, 3, 0, 1, 2, 3]
    score = [0, 0]
    for row in match.sheet:
        score = [score[s] + row.result.points[s] for s in (0, 1)]
        assert row.score == tuple(score)
        if row.game_won_by is not None:
            score = [0, 0]
    for deal, row in zip(match.deals, match.sheet):
        assert deal.result() == row.result


def test_a_game_ends_at_the_target_and_starts_afresh() -> None:
    match = openwhist.new_match("english-short", seed=2, until="game", count=2)
    _finish(match)
    assert len(match.games) == 2
    for game in match.games:
        assert game.score[game.winner] >= 5 and game.score[1 - game.winner] < 5
    with pytest.raises(IllegalActionError, match="over"):
        match.apply("AS")


def test_a_rubber_is_best_of_three_with_the_laws_values() -> None:
    for seed in range(6):
        match = openwhist.new_match("english-short", seed=seed, until="rubber")
        _finish(match, seed)
        rubber = match.rubbers[0]
        assert sorted(rubber.games) in ([0, 2], [1, 2])
        assert len(match.games) == sum(rubber.games)
        won = sum(g.value for g in match.games if g.winner == rubber.winner)
        lost = sum(g.value for g in match.games if g.winner != rubber.winner)
        assert rubber.points[rubber.winner] == won + 2 - lost
        assert 1 <= rubber.points[rubber.winner] <= 8
        assert match.totals == list(rubber.points)


def test_deals_come_from_the_match_seed() -> None:
    a = openwhist.new_match(seed=77, until="deals", count=3)
    b = openwhist.new_match(seed=77, until="deals", count=3)
    _finish(a)
    _finish(b)
    assert [d.dealt for d in a.deals] == [d.dealt for d in b.deals]


def test_drawing_for_partners_ace_low_and_recut_ties() -> None:
    for seed in range(30):
        seated, cuts = draw_for_partners(["A", "B", "C", "D"], seed)
        first = {}
        for name, card in cuts:
            first.setdefault(name, card)
        low = lambda c: 0 if c.rank == openwhist.Rank.ACE else c.rank + 1  # noqa: E731
        ranks = {n: low(c) for n, c in first.items()}
        # the dealer (seat N) and his partner (S) cut lower than E and W
        assert max(ranks[seated[0]], ranks[seated[2]]) <= min(ranks[seated[1]], ranks[seated[3]])
        assert ranks[seated[0]] <= ranks[seated[2]]
        if len(set(ranks.values())) < 4:
            assert len(cuts) > 4  # ties were cut again
    match = openwhist.new_match(seed=3, draw=True, players=["Ann", "Bob", "Cy", "Di"])
    assert sorted(match.players) == ["Ann", "Bob", "Cy", "Di"] and match.draw
    assert match.state.dealer == 0


def test_dummy_whist_match_with_three_names() -> None:
    match = openwhist.new_match("dummy", seed=4, until="game", players=["Ann", "Bob", "Cy"])
    assert match.players == ("Ann", "Bob", "dummy", "Cy")
    _finish(match)
    assert match.games


def test_bad_match_options() -> None:
    with pytest.raises(ConfigError, match="until"):
        openwhist.new_match(until="forever")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="count"):
        openwhist.new_match(until="deals", count=0)
    with pytest.raises(ConfigError, match="player names"):
        openwhist.new_match(players=["a", "b"])
