"""Whist tournaments, counted: for every v from 4 to 64 (v = 4n and 4n + 1) every two
people partner exactly once and oppose exactly twice, everyone sits each round but the one
sitting out, and the individual movement built on them keeps those promises for every
number of people (computer players spread, nobody partners anyone twice)."""

from __future__ import annotations

import importlib.util
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from openwhist import drive
from openwhist.drive.designs import has_tournament, is_triplewhist, tournament
from openwhist.drive.movement import Plan, plan
from openwhist.drive.whist_starts import FOUND_BY, ROTATIONAL, STARTS, TRIPLEWHIST
from openwhist.errors import InvalidActionError

SIZES = [v for v in range(4, 65) if v % 4 in (0, 1)]


Counts = Counter[frozenset[int]]


def _counts(rounds: list[list[tuple[int | None, ...]]]) -> tuple[Counts, Counts]:
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    for rnd in rounds:
        for t in rnd:
            a, b, c, d = t
            for x, y in ((a, c), (b, d)):
                if x is not None and y is not None:
                    partners[frozenset((x, y))] += 1
            for x, y in ((a, b), (a, d), (c, b), (c, d)):
                if x is not None and y is not None:
                    opponents[frozenset((x, y))] += 1
    return partners, opponents


@pytest.mark.parametrize("v", SIZES)
def test_every_tournament_up_to_64_counts_right(v: int) -> None:
    assert has_tournament(v)
    design = [list(r) for r in tournament(v)]
    assert len(design) == (v - 1 if v % 4 == 0 else v)
    every = v * (v - 1) // 2
    partners, opponents = _counts(design)  # type: ignore[arg-type]
    assert len(partners) == every and set(partners.values()) == {1}
    assert len(opponents) == every and set(opponents.values()) == {2}
    sat_out: Counter[int] = Counter()
    for rnd in design:
        seated = [p for game in rnd for p in game]
        assert len(rnd) == v // 4 and len(set(seated)) == len(seated)
        assert set(seated) <= set(range(v))
        sat_out.update(set(range(v)) - set(seated))
    if v % 4 == 0:
        assert not sat_out
    else:  # one person sits out each round, everyone once
        assert sorted(sat_out) == list(range(v)) and set(sat_out.values()) == {1}


@pytest.mark.parametrize("v", [45, 65, 85])
def test_the_products_of_two_fields_count_right(v: int) -> None:
    """v = q1 q2 (prime powers 4n + 1, v none): partners once, opponents twice, one
    sitting out each round, everyone once."""
    assert has_tournament(v)
    design = [list(r) for r in tournament(v)]
    partners, opponents = _counts(design)  # type: ignore[arg-type]
    every = v * (v - 1) // 2
    assert len(partners) == every and set(partners.values()) == {1}
    assert len(opponents) == every and set(opponents.values()) == {2}
    out = Counter(p for rnd in design for p in set(range(v)) - {x for g in rnd for x in g})
    assert len(design) == v and sorted(out) == list(range(v)) and set(out.values()) == {1}


def test_where_no_tournament_is_known() -> None:
    assert not any(has_tournament(v) for v in (69, 77, 93))  # 4n + 1 with a factor 4n + 3
    with pytest.raises(ValueError, match="no whist tournament for 69 people"):
        tournament(69)


def _kinds(rounds: list[list[tuple[int | None, ...]]]) -> tuple[Counts, Counts]:
    """Per pair, the games where they oppose at N and E or S and W (the first kind) and at
    E and S or W and N (the second)."""
    first: Counter[frozenset[int]] = Counter()
    second: Counter[frozenset[int]] = Counter()
    for rnd in rounds:
        for a, b, c, d in rnd:
            for into, pairs in ((first, ((a, b), (c, d))), (second, ((b, c), (d, a)))):
                into.update(frozenset(p) for p in pairs if None not in p)
    return first, second


TRIPLE = sorted(TRIPLEWHIST | {4})


@pytest.mark.parametrize("v", TRIPLE)
def test_each_triplewhist_tournament_counts_each_kind_of_opponents_once(v: int) -> None:
    assert is_triplewhist(v)
    first, second = _kinds([list(r) for r in tournament(v)])  # type: ignore[arg-type]
    every = v * (v - 1) // 2
    assert len(first) == len(second) == every and set(first.values()) == set(second.values()) == {1}


@pytest.mark.parametrize("v", [v for v in SIZES if v not in TRIPLEWHIST | {4}])
def test_the_others_are_not_triplewhist(v: int) -> None:
    """Where no triplewhist seating is claimed, the tournament has none as seated (some
    pair meets twice at N and E or S and W)."""
    assert not is_triplewhist(v)
    first, second = _kinds([list(r) for r in tournament(v)])  # type: ignore[arg-type]
    assert set(first.values()) != {1} or set(second.values()) != {1}


@pytest.mark.parametrize("people", [p for p in range(4, 65) if 4 * -(-p // 4) in TRIPLE]
                         + [v for v in TRIPLE if v % 4 == 1])
def test_a_triplewhist_movement_keeps_the_kinds_of_opponents(people: int) -> None:
    """The movement turns the tables of a triplewhist tournament only so as keeps each
    kind of opponents: over the whole drive every two people oppose once at N-E or S-W
    and once at E-S or W-N (with computer players in some places too), and the plan says
    so; a tournament that is none says that too."""
    sit_out = people % 4 == 1 and people in TRIPLE
    rounds = people if sit_out else 4 * -(-people // 4) - 1
    p = drive.plan("individual", people, "classic", rounds=rounds, sit_out=sit_out)
    first, second = _kinds([[t.seats for t in r.tables] for r in p.rounds])
    every = people * (people - 1) // 2
    assert len(first) == len(second) == every and set(first.values()) == set(second.values()) == {1}
    assert p.counts()["first_kind"] == p.counts()["second_kind"] == {1: every}
    assert "; triplewhist seating: every two people opponents once" in p.balance()


def test_a_plan_says_when_its_seating_is_not_triplewhist() -> None:
    p = drive.plan("individual", 12, "classic", rounds=11)
    assert "not a triplewhist seating (opponents at N-E or S-W" in p.balance()
    short = drive.plan("individual", 16, "classic", rounds=5)  # no whole tournament: not told
    assert "triplewhist" not in short.balance()


def test_each_round_found_by_a_search_says_how_to_find_it_again() -> None:
    for v, how in FOUND_BY.items():
        assert (v in STARTS) != (v in ROTATIONAL), v
        assert how.startswith(f"scripts/whist_designs.py {v} --"), (v, how)
        assert ("--rotational" in how) == (v in ROTATIONAL), (v, how)


def _plan_counts(p: drive.Plan) -> tuple[Counts, Counts]:
    return _counts([[t.seats for t in r.tables] for r in p.rounds])


@pytest.mark.parametrize("people", list(range(4, 65)))
@pytest.mark.parametrize("family", ["classic", "belgian"])
def test_the_individual_movement_for_every_number_of_people(people: int, family: str) -> None:
    """A whole drive (the tournament's rounds): 4n people partner every other person
    exactly once and oppose each twice; other numbers, with computer players, nobody
    partners anyone twice and nobody opposes anyone three times; each person's seats
    (N, E, S, W) and his rounds beside a computer player are spread within three (seats:
    a table turned for the seats its people had least, round by round; computer players:
    6 to 9 rounds at 17, 33, 49 and 61 people, within two elsewhere)."""
    v = 4 * -(-people // 4)
    rounds = v - 1
    p = drive.plan("individual", people, family, rounds=rounds)
    assert p.tables == v // 4 and p.computers == v - people and p.byes == 0
    partners, opponents = _plan_counts(p)
    assert max(partners.values()) == 1 and max(opponents.values()) <= 2
    if people == v:
        assert len(partners) == len(opponents) == people * (people - 1) // 2
        assert set(opponents.values()) == {2}
    seats = Counter((who, s) for r in p.rounds for t in r.tables for s, who in enumerate(t.seats)
                    if who is not None)
    for person in range(people):
        mine = [seats[(person, s)] for s in range(4)]
        assert max(mine) - min(mine) <= 3, (person, mine)
        assert sum(mine) == rounds
    beside = Counter(who for r in p.rounds for t in r.tables if None in t.seats for who in t.people)
    if people < v:
        spread = [beside[x] for x in range(people)]
        assert max(spread) - min(spread) <= 3, spread


@pytest.mark.parametrize("people", [v for v in SIZES if v % 4 == 1])
def test_one_sitting_out_each_round(people: int) -> None:
    """4n + 1 people with a sit-out: n tables, no computer player, everyone sits out once
    and partners everyone once, opposes everyone twice."""
    p = drive.plan("individual", people, "classic", rounds=people, sit_out=True)
    assert p.computers == 0 and p.byes == 1 and p.tables == people // 4
    out = Counter(x for r in p.rounds for x in r.sitting_out(people))
    assert sorted(out) == list(range(people)) and set(out.values()) == {1}
    partners, opponents = _plan_counts(p)
    assert len(partners) == people * (people - 1) // 2 and set(partners.values()) == {1}
    assert set(opponents.values()) == {2}


@pytest.mark.parametrize("people", [8, 12, 16, 24, 9, 13, 17])
def test_a_shorter_drive_takes_rounds_of_the_tournament(people: int) -> None:
    """Fewer rounds than the tournament: nobody partners anyone twice, and the first
    three rounds have nobody meet anyone three times and, from four tables on, repeat no
    more meetings than there are tables."""
    for rounds in range(1, people - 1):
        p = drive.plan("individual", people, "classic", rounds=rounds)
        partners, _ = _plan_counts(p)
        assert max(partners.values()) == 1
    p = drive.plan("individual", people, "classic", rounds=3)
    met = Counter(frozenset(pair) for r in p.rounds for t in r.tables for pair in combinations(t.people, 2))
    assert max(met.values()) <= 2
    if p.tables >= 4:
        assert sum(n - 1 for n in met.values()) <= p.tables


def test_without_a_tournament_the_sit_out_is_refused() -> None:
    with pytest.raises(InvalidActionError, match="no whist tournament for 69 people"):
        drive.plan("individual", 69, "classic", rounds=2, sit_out=True)


def test_a_longer_drive_plays_the_tournament_again() -> None:
    p = drive.plan("individual", 8, "classic", rounds=14)
    partners, _ = _plan_counts(p)
    assert set(partners.values()) == {2} and len(partners) == 28


@pytest.mark.parametrize(("people", "rounds", "message"), [
    (12, 3, "4n \\+ 1 people"), (14, 3, "4n \\+ 1 people")])
def test_the_sit_out_needs_4n_plus_1(people: int, rounds: int, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        drive.plan("individual", people, "classic", rounds=rounds, sit_out=True)
    with pytest.raises(InvalidActionError, match="4n \\+ 1 people"):
        drive.plan("pairs", 13, "classic", rounds=3, sit_out=True)


def test_a_drive_seated_before_the_designs_keeps_its_seating() -> None:
    from openwhist.server.drives import movement_of

    def drive_seated_by(made: Plan, rounds_seated: int) -> dict[str, object]:
        tables = [{"round_no": r.number, "table_no": t.number,
                   "seats": [None if p is None else p + 1 for p in t.seats]}
                  for r in made.rounds[:rounds_seated] for t in r.tables]
        return {"entries": [{}] * 16, "family": "classic", "options": {}, "movement": "individual",
                "rounds": 15, "tables": tables}

    designed = plan("individual", 16, "classic", rounds=15)
    searched = plan("individual", 16, "classic", rounds=15, designs=False)
    assert designed.rounds[0] == searched.rounds[0] and designed.rounds[1] != searched.rounds[1]
    assert movement_of(drive_seated_by(searched, 2)).rounds == searched.rounds
    assert movement_of(drive_seated_by(designed, 2)).rounds == designed.rounds
    assert movement_of(drive_seated_by(designed, 0)).rounds == designed.rounds  # not seated yet


def _designs_script() -> Any:
    pytest.importorskip("numba")
    path = Path(__file__).resolve().parent.parent / "scripts" / "whist_designs.py"
    spec = importlib.util.spec_from_file_location("whist_designs", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_counts_a_rotational_round_over_the_whole_tournament() -> None:
    """The check that keeps a 1-rotational round counts every pair of the tournament: the
    round kept passes, the same round with two people swapped between games, or with the
    infinite point's partner changed, does not."""
    script = _designs_script()
    start = list(ROTATIONAL[57])
    assert script.check_rotational(57, start)
    swapped = start[:]
    swapped[0], swapped[5] = swapped[5], swapped[0]
    assert not script.check_rotational(57, swapped)
    turned = start[:]
    turned[1], turned[2] = turned[2], turned[1]  # a different partner in the first game
    assert not script.check_rotational(57, turned)
    assert not script.check_rotational(56, start[:-4])


@pytest.mark.parametrize("v", [9, 13, 17])
def test_the_exact_model_finds_small_rotational_rounds(v: int) -> None:
    """The CP-SAT model of --rotational finds a 1-rotational Wh(v) for small v (a round the
    counting check accepts), where OR-Tools is installed."""
    pytest.importorskip("ortools")
    script = _designs_script()
    start = script.search_rotational(v, 1, 0, 60.0)
    assert start is not None and script.check_rotational(v, start)


@pytest.mark.parametrize("v", [16, 24, 32])
def test_the_cover_search_finds_cyclic_rounds_again(v: int) -> None:
    """--cover (a random starter, then an exact cover of its pairs by games, in C) finds a
    Z-cyclic round the counting check accepts, and the same round again from the same seed."""
    script = _designs_script()
    start, tried = script.search_cover(v, 3, 30000, 120.0)
    assert start is not None and tried >= 1 and script.check(v, start)
    assert script.search_cover(v, 3, 30000, 120.0) == (start, tried)
    broken = start[:]
    broken[1], broken[2] = broken[2], broken[1]
    assert not script.check(v, broken)
