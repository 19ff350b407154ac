"""Whist drive movements for 2 to 12 tables: everyone seated once a round, computer players
in exactly the gaps, and partners and opponents counted to be as even as each movement
promises (issue: 'count them')."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import openwhist
from openwhist import drive
from openwhist.errors import ConfigError, InvalidActionError
from openwhist.rules.registry import get_variant

TABLES = range(2, 13)


def _people_counts(size: int, tables: int) -> list[int]:
    """Full tables and every number of gaps (one table short of full by 1..size-1)."""
    return [tables * size - gap for gap in range(size)]


def _check_round(rnd: drive.Round, people: int, size: int, tables: int) -> None:
    seated = [p for t in rnd.tables for p in t.seats if p is not None]
    assert len(rnd.tables) == tables
    assert all(len(t.seats) == size for t in rnd.tables)
    assert [t.number for t in rnd.tables] == list(range(1, tables + 1))
    # nobody sits twice at once, everyone sits, computer players fill exactly the gaps
    assert sorted(seated) == list(range(people))
    assert rnd.computers() == tables * size - people


def _meetings(rounds: list[drive.Round]) -> Counter[frozenset[int]]:
    met: Counter[frozenset[int]] = Counter()
    for rnd in rounds:
        for t in rnd.tables:
            for a, b in combinations(t.people, 2):
                met[frozenset((a, b))] += 1
    return met


def _partners(rounds: list[drive.Round]) -> list[dict[int, int | None]]:
    """Per round, each person's partner (None: a computer player)."""
    out = []
    for rnd in rounds:
        of: dict[int, int | None] = {}
        for t in rnd.tables:
            for s, p in enumerate(t.seats):
                if p is not None:
                    of[p] = t.seats[(s + 2) % 4]
        out.append(of)
    return out


# --- fixed pairs -------------------------------------------------------------------------------


def _pair_label(a: int | None, b: int | None) -> int:
    """Pair k is people 2k and 2k + 1; the one pair of two computer players is -1."""
    members = [x for x in (a, b) if x is not None]
    if not members:
        return -1
    assert len({m // 2 for m in members}) == 1, (a, b)  # partners are fixed
    return members[0] // 2


@pytest.mark.parametrize("tables", TABLES)
def test_pairs_meet_every_other_pair_once_before_any_twice(tables: int) -> None:
    for people in _people_counts(4, tables):
        pairs = 2 * tables
        p = drive.plan("pairs", people, "classic", rounds=pairs + 2)
        assert p.computers == 4 * tables - people
        opponents: Counter[frozenset[int]] = Counter()
        for r, rnd in enumerate(p.rounds, 1):
            _check_round(rnd, people, 4, tables)
            labels = []
            for t in rnd.tables:
                a = _pair_label(t.seats[0], t.seats[2])
                b = _pair_label(t.seats[1], t.seats[3])
                opponents[frozenset((a, b))] += 1
                labels += [a, b]
            assert sorted(labels) == sorted({*labels}) and len(labels) == pairs  # each pair once
            if r <= pairs - 1:
                assert max(opponents.values()) == 1
            if r == pairs - 1:  # a full round robin: every two pairs met
                assert len(opponents) == pairs * (pairs - 1) // 2
        # after two more rounds the counts differ by at most one
        assert max(opponents.values()) - min(opponents.values()) <= 1
        # each person sits N-S in some rounds and E-W in others
        sides: dict[int, set[int]] = {}
        for rnd in p.rounds:
            for t in rnd.tables:
                for s, who in enumerate(t.seats):
                    if who is not None:
                        sides.setdefault(who, set()).add(s % 2)
        assert all(v == {0, 1} for v in sides.values())


def test_pairs_opponents_counted_over_a_round_robin() -> None:
    """Five tables, ten pairs, nine rounds: every pair opposes each of the nine others
    exactly once (counted by pair, not by table)."""
    p = drive.plan("pairs", 20, "classic", rounds=9)
    met: Counter[tuple[int, int]] = Counter()
    for rnd in p.rounds:
        for t in rnd.tables:
            a, b = t.seats[0], t.seats[1]
            assert a is not None and b is not None
            met[(min(a // 2, b // 2), max(a // 2, b // 2))] += 1
    assert len(met) == 45 and set(met.values()) == {1}


# --- individual --------------------------------------------------------------------------------


@pytest.mark.parametrize("tables", TABLES)
@pytest.mark.parametrize("family", ["belgian", "classic"])
def test_individual_meetings_are_even(tables: int, family: str) -> None:
    """The individual movement's promise: nobody partners anyone twice (the rounds are a
    whist tournament's: tests/test_drive_designs.py), so at most a few pairs meet twice in
    the first three rounds from four tables on; over R rounds nobody meets anyone more than
    ceil(3R / (n - 1)) + 1 times; each person's seats rotate (no seat more than
    ceil(R / 4) + 1 times); in classic whist nobody partners anyone more than
    ceil(R / (n - 1)) + 1 times."""
    rounds = 6
    for people in _people_counts(4, tables):
        p = drive.plan("individual", people, family, rounds=rounds)
        for rnd in p.rounds:
            _check_round(rnd, people, 4, tables)
        for r in range(1, rounds + 1):
            met = _meetings(list(p.rounds[:r]))
            bound = math.ceil(3 * r / (people - 1)) + 1
            assert max(met.values()) <= bound, (people, r, met.most_common(3))
            if tables >= 4 and r <= 3:
                assert sum(n - 1 for n in met.values()) <= tables, (people, r)
        seat_count = Counter((who, s) for rnd in p.rounds for t in rnd.tables
                             for s, who in enumerate(t.seats) if who is not None)
        assert max(seat_count.values()) <= math.ceil(rounds / 4) + 1
        if family == "classic":
            pairs = Counter(frozenset((a, b)) for of in _partners(list(p.rounds))
                            for a, b in of.items() if b is not None)
            assert max(pairs.values()) // 2 <= math.ceil(rounds / (people - 1)) + 1


def test_individual_spreads_the_computer_players() -> None:
    """Thirteen people at four tables: three computer players, never two at one table."""
    p = drive.plan("individual", 13, "belgian", rounds=8)
    for rnd in p.rounds:
        assert all(t.seats.count(None) <= 1 for t in rnd.tables)


@pytest.mark.parametrize("tables", TABLES)
def test_german_round_robin(tables: int) -> None:
    """German whist, two a table: over n - 1 rounds (n people, made even with a computer
    player) every two people meet exactly once."""
    for people in _people_counts(2, tables):
        n = people + people % 2
        p = drive.plan("individual", people, "german", rounds=n - 1)
        for rnd in p.rounds:
            _check_round(rnd, people, 2, tables)
        met = _meetings(list(p.rounds))
        assert len(met) == people * (people - 1) // 2 - (0 if n == people else 0)
        if n == people:
            assert set(met.values()) == {1}
        else:  # the odd one out each round plays the computer player
            assert set(met.values()) == {1}
            byes = Counter(t.people[0] for rnd in p.rounds for t in rnd.tables if None in t.seats)
            assert set(byes.values()) == {1}


# --- progressive ------------------------------------------------------------------------------


def _play_progressive(family: str, people: int, rounds: int, rng: random.Random) -> list[drive.Round]:
    """A progressive drive with random results entered at every table, two deals a round."""
    p = drive.plan("progressive", people, family, rounds=rounds)
    out = [p.rounds[0]]
    for _ in range(rounds - 1):
        rnd = out[-1]
        results = []
        for t in rnd.tables:
            for deal in (1, 2):
                total = 26 if family == "german" else 13  # seed 001's German counts all 26
                a = rng.randint(0, total)
                results.append(drive.result_of_entry(family, None, rnd, t.number, deal,
                                                     drive.Entry((a, total - a))))
        out.append(drive.next_round_from(rnd, results, out[:-1]))
    return out


@settings(max_examples=25, deadline=None)
@given(tables=st.integers(2, 12), gap=st.integers(0, 3), seed=st.integers(0, 2**32))
def test_progressive_partners_change_every_round(tables: int, gap: int, seed: int) -> None:
    """Whatever the results: everyone seated once a round, computer players in the gaps, and
    a new partner every round (the two who stay split up, the two who move split up)."""
    people = 4 * tables - gap
    rounds = _play_progressive("classic", people, 6, random.Random(seed))
    for rnd in rounds:
        _check_round(rnd, people, 4, tables)
    partners = _partners(rounds)
    for before, after in zip(partners, partners[1:], strict=False):
        for person, partner in after.items():
            if partner is not None:
                assert before[person] != partner
    # each stayer took the arrival he had partnered less often (of the two ways to pair them)
    for r in range(1, len(rounds)):
        count: Counter[frozenset[int | None]] = Counter(
            frozenset((a, b)) for of in partners[:r] for a, b in of.items())
        for t in rounds[r].tables:
            n, e, s, w = t.seats

            def times(x: int | None, y: int | None, count: Counter[frozenset[int | None]] = count) -> int:
                return count[frozenset((x, y))] if x is not None and y is not None else 0

            assert times(n, s) + times(e, w) <= times(n, w) + times(e, s)


@settings(max_examples=15, deadline=None)
@given(tables=st.integers(2, 12), odd=st.booleans(), seed=st.integers(0, 2**32))
def test_progressive_german(tables: int, odd: bool, seed: int) -> None:
    """German whist, two a table: the winner moves on, the loser stays; a new opponent every
    round from two tables on."""
    people = 2 * tables - odd
    rounds = _play_progressive("german", people, 5, random.Random(seed))
    for rnd in rounds:
        _check_round(rnd, people, 2, tables)
    for a, b in zip(rounds, rounds[1:], strict=False):
        for t in b.tables:
            if None not in t.seats:
                x, y = t.seats
                assert a.table_of(x) != a.table_of(y)  # type: ignore[arg-type]


def test_progressive_winners_move_on_losers_stay() -> None:
    p = drive.plan("progressive", 12, "classic", rounds=2)
    first = p.rounds[0]
    won = {1: (9, 4), 2: (3, 10), 3: (7, 6)}  # tricks of N-S and E-W, one deal a table
    results = [drive.result_of_entry("classic", None, first, t, 1, drive.Entry(x)) for t, x in won.items()]
    second = drive.next_round_from(first, results)
    # table 1: E-W (1, 3) lost and stay; N-S of table 3 (8, 10) arrive
    assert second.tables[0].seats == (1, 3, 8, 10)
    # table 2: N-S (4, 6) lost and stay; N-S of table 1 (0, 2) arrive, split up
    assert second.tables[1].seats == (4, 6, 0, 2)
    # table 3: E-W (9, 11) lost; E-W of table 2 (5, 7) arrive
    assert second.tables[2].seats == (9, 11, 5, 7)


def test_progressive_tie_goes_to_the_last_deal() -> None:
    t = drive.Table(1, (0, 1, 2, 3))
    assert drive.table_winners(t, [(1, (8, 5, 8, 5)), (2, (5, 8, 5, 8))]) == 1
    assert drive.table_winners(t, [(2, (5, 8, 5, 8)), (1, (8, 5, 8, 5))]) == 1
    assert drive.table_winners(t, [(1, (5, 8, 5, 8)), (2, (8, 5, 8, 5))]) == 0


def test_progressive_needs_every_tables_result() -> None:
    first = drive.plan("progressive", 8, "classic", rounds=2).rounds[0]
    one = [drive.result_of_entry("classic", None, first, 1, 1, drive.Entry((7, 6)))]
    with pytest.raises(InvalidActionError, match="table 2 has no results"):
        drive.next_round_from(first, one)


# --- duplicate deals ----------------------------------------------------------------------------


@pytest.mark.parametrize("family", ["classic", "belgian", "german"])
def test_duplicate_rounds_give_each_table_the_same_deals(family: str) -> None:
    p = drive.plan("individual", 4 * 3 if family != "german" else 6, family, rounds=2)
    for rnd in p.rounds:
        hands = []
        for t in rnd.tables:
            seeds = drive.deal_seeds(99, rnd.number, t.number, 3, duplicate=True)
            deals = [openwhist.new_deal(family, seed=s, dealer=drive.deal_dealer(family, d + 1))
                     for d, s in enumerate(seeds)]
            hands.append([tuple(deal.hands) for deal in deals])
        assert all(h == hands[0] for h in hands)
        assert len(set(hands[0])) == 3
    # without the duplicate option each table has its own deals
    a = drive.deal_seeds(99, 1, 1, 3)
    b = drive.deal_seeds(99, 1, 2, 3)
    assert not set(a) & set(b)
    assert drive.duplicate_seeds(99, 1, 3) != drive.duplicate_seeds(99, 2, 3)


# --- the printed movement and bad input -----------------------------------------------------------


def test_table_text_lists_every_round_and_names() -> None:
    p = drive.plan("individual", 6, "belgian", rounds=2)
    names = ["Ann", "Bob", "Cas", "Dirk", "Els", "Fien"]
    text = p.table_text(names)
    assert text.splitlines()[0] == ("belgian whist drive, individual movement: 6 people at 2 tables, "
                                    "2 rounds, 2 computer players")
    for rnd in p.rounds:
        for t in rnd.tables:
            line = f"  table {t.number}: " + "  ".join(
                f"{'NESW'[s]} {names[w] if w is not None else 'computer'}" for s, w in enumerate(t.seats))
            assert line in text


@pytest.mark.parametrize(("args", "message"), [
    (("pairs", 8, "belgian", 2), "Belgian whist has no fixed partners"),
    (("pairs", 8, "german", 2), "German whist has no partners"),
    (("swiss", 8, "classic", 2), "unknown movement 'swiss'"),
    (("individual", 1, "classic", 2), "number of people must be a whole number from 2"),
    (("individual", 8, "classic", 0), "number of rounds must be a whole number from 1"),
    (("individual", 8, "dummy", 2), "not dummy"),
])
def test_plan_refuses_with_a_message(args: tuple[str, int, str, int], message: str) -> None:
    with pytest.raises((InvalidActionError, ConfigError), match=message):
        drive.plan(*args)


def test_a_preset_name_gives_its_family() -> None:
    assert drive.plan("progressive", 8, "english-long", rounds=1).family == "classic"
    assert drive.plan("individual", 8, "whisthub", rounds=1).family == "belgian"


# --- a person who leaves, and plans kept as JSON -------------------------------------------------


def test_a_person_who_leaves_is_replaced_by_a_computer_player() -> None:
    p = drive.plan("individual", 12, "classic", rounds=4)
    q = p.substitute(5, from_round=3)
    for a, b in zip(p.rounds, q.rounds, strict=True):
        if a.number < 3:
            assert a == b
            continue
        assert b.table_of(5) is None and b.computers() == a.computers() + 1
        for ta, tb in zip(a.tables, b.tables, strict=True):
            assert [x if x != 5 else None for x in ta.seats] == list(tb.seats)
    # the progressive drive goes on from a round with the gap, which moves like a person
    first = drive.plan("progressive", 8, "classic", rounds=3).rounds[0].substitute(2)
    results = [drive.result_of_entry("classic", None, first, t.number, 1, drive.Entry((9, 4)))
               for t in first.tables]
    second = drive.next_round_from(first, results)
    _check_round_people(second, [0, 1, 3, 4, 5, 6, 7])
    assert second.computers() == 1
    with pytest.raises(InvalidActionError, match="person 2 does not sit in round 1"):
        first.substitute(2)


def _check_round_people(rnd: drive.Round, people: list[int]) -> None:
    assert sorted(p for t in rnd.tables for p in t.people) == people


@pytest.mark.parametrize(("kind", "family", "people"), [
    ("progressive", "classic", 13), ("pairs", "classic", 10), ("individual", "belgian", 9),
    ("individual", "german", 7), ("progressive", "german", 5)])
def test_plans_round_trip_through_json(kind: str, family: str, people: int) -> None:
    p = drive.plan(kind, people, family, rounds=3)
    assert drive.Plan.from_dict(json.loads(json.dumps(p.to_dict()))) == p


def test_a_round_seating_someone_twice_is_refused() -> None:
    data = {"number": 1, "tables": [{"number": 1, "seats": [0, 1, 2, 3]},
                                    {"number": 2, "seats": [4, 5, 1, None]}]}
    with pytest.raises(InvalidActionError, match="someone is seated twice"):
        drive.Round.from_dict(data)
    with pytest.raises(InvalidActionError, match="not a round"):
        drive.Round.from_dict({"number": 1})
    with pytest.raises(InvalidActionError, match="numbered 1, 2"):
        drive.Round.from_dict({"number": 1, "tables": [{"number": 2, "seats": [0, 1, 2, 3]}]})


def _each_plan(people: int, size: int, rounds: int) -> drive.Plan:
    return drive.plan("individual", people, "romanian", rounds=rounds,
                      options=get_variant("romanian").options(players=size))


@pytest.mark.parametrize(("people", "size"), [(7, 3), (10, 5), (9, 4), (13, 6), (11, 3), (14, 5)])
def test_the_each_for_himself_movement_meets_evenly_and_rotates_the_byes(people: int, size: int) -> None:
    """Tables of the players option; the people left over sit out, never twice in a row
    (fewer than half sit out each round), and over the rounds everyone sits out as often
    as the others, give or take one; each pair meets about equally often."""
    rounds = 8
    p = _each_plan(people, size, rounds)
    assert p.seats_per_table == size and p.computers == 0 and p.byes == people % size
    assert p.tables == people // size
    byes = [0] * people
    met: dict[tuple[int, int], int] = {}
    for before, rnd in zip((None, *p.rounds), p.rounds):
        assert all(len(t.seats) == size and None not in t.seats for t in rnd.tables)
        out = rnd.sitting_out(people)
        assert len(out) == p.byes
        if before is not None:
            assert not set(out) & set(before.sitting_out(people))
        for person in out:
            byes[person] += 1
        for t in rnd.tables:
            for a, b in combinations(sorted(t.people), 2):
                met[(a, b)] = met.get((a, b), 0) + 1
    assert max(byes) - min(byes) <= 1
    counts = [met.get(pair, 0) for pair in combinations(range(people), 2)]
    mean = sum(counts) / len(counts)
    # measured over 8 rounds: 7 at 3, 1-3 meetings a pair (mean 2.3); 10 at 5, 0-5 (3.6);
    # 9 at 4, 1-4 (2.7); 13 at 6, 0-5 (3.1); 11 at 3, 1-2 (1.3); 14 at 5, 0-3 (1.8)
    assert max(counts) <= mean + 2 and min(counts) >= mean - 4


def test_the_each_for_himself_movement_fills_one_table_with_computers_when_few() -> None:
    p = _each_plan(3, 5, 2)
    assert p.tables == 1 and p.computers == 2 and p.byes == 0
    assert all(r.computers() == 2 and len(r.tables[0].people) == 3 for r in p.rounds)


def test_the_each_for_himself_families_play_the_individual_movement_only() -> None:
    for kind in ("pairs", "progressive"):
        with pytest.raises(ConfigError, match="individual movement"):
            drive.plan(kind, 8, "oh-hell")
    p = drive.plan("individual", 8, "oh-hell")  # the default options: four a table
    assert p.seats_per_table == 4 and p.tables == 2


def test_the_each_for_himself_plan_reads_back_and_prints_who_sits_out() -> None:
    p = _each_plan(7, 3, 2)
    assert drive.Plan.from_dict(p.to_dict()) == p
    text = p.table_text()
    assert "1 sitting out each round" in text and "sitting out: 7" in text


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["romanian", "oh-hell", "classic", "german"]), st.integers(2, 30),
       st.integers(3, 6), st.sampled_from(["individual", "progressive", "pairs"]))
def test_the_byes_are_known_without_seating_the_drive(family: str, people: int, size: int,
                                                     kind: str) -> None:
    """What the server reads on every view of a drive (whether its standings are scaled for
    byes) is the movement's own count, without seating its rounds."""
    from openwhist.drive.movement import FAMILY_MOVEMENTS, byes

    options = get_variant(family).options(players=size) if family in ("romanian", "oh-hell") else None
    if kind not in FAMILY_MOVEMENTS[family]:
        return
    assert byes(kind, people, family, options) == drive.plan(kind, people, family, 2, options=options).byes
