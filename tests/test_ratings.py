"""Ratings: OpenSkill per family, partnerships, one against three, each for himself, fixed
computer players, and the rule against farming."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from openwhist.errors import InvalidActionError
from openwhist.ratings import (
    COMPUTER_RATINGS,
    MU,
    REPEAT_LIMIT,
    Rating,
    Ratings,
    TableFacts,
    computer_rating,
    match_teams,
    play_match,
    rate,
    rated,
    teams_of,
)


@pytest.mark.parametrize("family", ["classic", "german", "belgian"])
def test_a_stronger_computer_players_rating_rises_over_200_matches(family: str) -> None:
    """The rule-based player against the random one, 200 matches of the family's natural
    length played by the bots, each rated as a person's would be (the rule-based player on
    the even seats in even matches, the odd seats in odd ones)."""
    book = Ratings()
    n = 2 if family == "german" else 4
    strong = [f"strong{i}" for i in range(n // 2)]
    weak = [f"weak{i}" for i in range(n // 2)]
    trace = []
    for m in range(200):
        even, odd = (strong, weak) if m % 2 == 0 else (weak, strong)
        players = [even[s // 2] if s % 2 == 0 else odd[s // 2] for s in range(n)]
        bots = ["heuristic" if p.startswith("strong") else "random" for p in players]
        totals = play_match(family, bots, seed=m)
        teams, scores = match_teams(family, players, totals)
        book.update(family, teams, scores=scores)
        trace.append(book.get(family, "strong0").mu)
    s, w = book.get(family, "strong0"), book.get(family, "weak0")
    assert s.mu > MU > w.mu
    assert s.ordinal > w.ordinal
    assert trace[-1] > trace[19]  # still rising after the first twenty matches
    assert s.sigma < Rating().sigma  # and surer than at the start
    assert sorted(p for p, _ in book.leaderboard(family)[:len(strong)]) == strong


def test_ratings_do_not_move_for_unrated_tables() -> None:
    book = Ratings()
    teams = [["ann", "bob"], ["cy", "dee"]]
    # a private table against computer players, and a match left unfinished
    for facts in (TableFacts(people=1, computers=3, public=False),
                  TableFacts(people=4, computers=0, public=True, finished=False),
                  TableFacts(people=1, computers=3, public=True, repeats=REPEAT_LIMIT)):
        assert book.update("classic", teams, scores=[9, 0], facts=facts) == {}
    assert book.history == [] and book.leaderboard("classic") == []
    assert book.get("classic", "ann") == Rating()
    # a table of people does move them
    people = TableFacts(people=4, computers=0, public=False)
    moved = book.update("classic", teams, scores=[9, 0], facts=people)
    assert set(moved) == {"ann", "bob", "cy", "dee"} and moved["ann"].mu > MU > moved["cy"].mu


def test_rated_rule() -> None:
    assert rated(TableFacts(people=2, computers=0, public=False))
    assert not rated(TableFacts(people=1, computers=0, public=True))  # alone is no match
    assert rated(TableFacts(people=1, computers=3, public=True))
    assert rated(TableFacts(people=2, computers=2, public=True, repeats=REPEAT_LIMIT - 1))
    assert not rated(TableFacts(people=2, computers=2, public=True, repeats=REPEAT_LIMIT))
    assert not rated(TableFacts(people=3, computers=1, public=False))
    assert not rated(TableFacts(people=0, computers=4, public=True))


def test_computer_players_keep_their_fixed_ratings() -> None:
    book = Ratings()
    before = book.get("belgian", "computer:heuristic")
    assert before == COMPUTER_RATINGS["belgian"]["heuristic"]
    for _ in range(5):
        book.update("belgian", [["ann"], ["computer:heuristic"], ["computer:random"], ["bob"]],
                    scores=[40, -10, -20, -10])
    assert book.get("belgian", "computer:heuristic") == before
    assert book.get("belgian", "computer:random") == COMPUTER_RATINGS["belgian"]["random"]
    assert {p for _, p, _, _ in book.history} == {"ann", "bob"}
    # a person beating the stronger computer player gains more than one beating the weaker
    a = rate([[Rating()], [computer_rating("classic", "heuristic")]], ranks=[1, 2],
             fixed=[[False], [True]])[0][0]
    b = rate([[Rating()], [computer_rating("classic", "random")]], ranks=[1, 2],
             fixed=[[False], [True]])[0][0]
    assert a.mu > b.mu > MU


def test_one_against_three() -> None:
    """A Belgian solo made: the declarer rises, each of the three defenders falls; failed,
    the other way round."""
    people = ["ann", "bob", "cy", "dee"]
    teams = [[people[s] for s in team] for team in teams_of("belgian", declarers=[1])]
    assert teams == [["bob"], ["ann", "cy", "dee"]]
    book = Ratings()
    made = book.update("belgian", teams, ranks=[1, 2])
    assert made["bob"].mu > MU and all(made[p].mu < MU for p in ("ann", "cy", "dee"))
    book2 = Ratings()
    failed = book2.update("belgian", teams, ranks=[2, 1])
    assert failed["bob"].mu < MU and all(failed[p].mu > MU for p in ("ann", "cy", "dee"))


def test_individual_belgian_match_ranks_four() -> None:
    book = Ratings()
    teams, scores = match_teams("belgian", ["ann", "bob", "cy", "dee"], [60, 10, -20, -50])
    new = book.update("belgian", teams, scores=scores)
    assert new["ann"].mu > new["bob"].mu > new["cy"].mu > new["dee"].mu


def test_families_are_rated_apart() -> None:
    book = Ratings()
    book.update("classic", [["ann", "bob"], ["cy", "dee"]], scores=[5, 0])
    assert book.get("classic", "ann").mu > MU
    assert book.get("german", "ann") == Rating() == book.get("belgian", "ann")


@given(st.lists(st.integers(-50, 50), min_size=2, max_size=4))
def test_the_best_score_gains_most(scores: list[int]) -> None:
    new = rate([[Rating()] for _ in scores], scores=scores)
    best = max(range(len(scores)), key=lambda i: scores[i])
    worst = min(range(len(scores)), key=lambda i: scores[i])
    assert new[best][0].mu >= new[worst][0].mu
    if scores[best] != scores[worst]:
        assert new[best][0].mu > MU > new[worst][0].mu


@pytest.mark.parametrize(("call", "message"), [
    (lambda: rate([[Rating()]], ranks=[1]), "at least two teams"),
    (lambda: rate([[Rating()], [Rating()]]), "scores or their ranks"),
    (lambda: rate([[Rating()], [Rating()]], ranks=[1]), "2 teams but 1 ranks"),
    (lambda: Ratings().update("dummy", [["a"], ["b"]], ranks=[1, 2]), "not 'dummy'"),
    (lambda: Ratings().update("classic", [["a"], ["a"]], ranks=[1, 2]), "on two teams"),
    (lambda: match_teams("classic", ["a", "b"], [1, 0]), "seats 4 players, not 2"),
])
def test_bad_input_gets_a_message(call: object, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        call()  # type: ignore[operator]
