"""Mitchell movements of 2 to 100 pairs and Howell movements of 2 to 40, counted: every pair
plays every board at most once, each board as often as the others, who meets whom, and no
board at two tables at once; the movement cards and board slips agree with the rounds."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openwhist.drive.howell_starts import STARTS
from openwhist.drive.pairs import (
    MAX_BOARDS,
    PairsMovement,
    board_range,
    howell,
    mitchell,
    pairs_movement,
)
from openwhist.errors import InvalidActionError

MITCHELL_PAIRS = range(2, 101)
HOWELL_PAIRS = range(2, 41)


def _check_rounds(m: PairsMovement) -> None:
    """What holds for every movement, counted from its rounds: the tables numbered 1..T,
    every pair at one table or sitting out each round, every board of the sets at one
    table or resting, no board at two tables at one step of a round, nobody plays a board
    twice."""
    played: Counter[tuple[int, int]] = Counter()
    for rnd in m.rounds:
        assert [t.table for t in rnd.tables] == list(range(1, m.tables + 1))
        seated = [p for t in rnd.tables if t.played for p in (t.ns, t.ew)]
        assert len(seated) == len(set(seated))
        assert sorted(seated + list(rnd.sitting_out)) == list(range(1, m.pairs + 1))
        # a missing pair's table: nobody plays there
        assert all((t.ns is None) == (t.ew is None) or not t.played for t in rnd.tables)
        for t in rnd.tables:
            assert len(t.boards) == m.boards or not t.played and not t.boards
        for step in range(m.boards):
            at_step = [t.boards[step] for t in rnd.tables if t.boards]
            assert len(at_step) == len(set(at_step)), (m.kind, m.pairs, rnd.number, step)
        on_tables = {b for t in rnd.tables if t.played for b in t.boards}
        assert on_tables.isdisjoint(rnd.resting)
        assert on_tables | set(rnd.resting) == set(range(1, m.total_boards + 1))
        for t in rnd.tables:
            if t.played:
                for b in t.boards:
                    played[(t.ns, b)] += 1  # type: ignore[index]
                    played[(t.ew, b)] += 1  # type: ignore[index]
    assert max(played.values()) == 1, (m.kind, m.pairs)


def _board_plays(m: PairsMovement) -> Counter[int]:
    counts: Counter[int] = Counter({b: 0 for b in range(1, m.total_boards + 1)})
    for rnd in m.rounds:
        for t in rnd.tables:
            if t.played:
                counts.update(t.boards)
    return counts


def _meetings(m: PairsMovement) -> Counter[frozenset[int]]:
    met: Counter[frozenset[int]] = Counter()
    for rnd in m.rounds:
        for t in rnd.tables:
            if t.played:
                met[frozenset((t.ns, t.ew))] += 1  # type: ignore[arg-type]
    return met


@pytest.mark.parametrize("pairs", MITCHELL_PAIRS)
@pytest.mark.parametrize("relay", [False, True])
def test_mitchell_counted(pairs: int, relay: bool) -> None:
    tables = (pairs + 1) // 2
    even = tables % 2 == 0
    if relay and not even:
        with pytest.raises(InvalidActionError, match="even number of tables"):
            mitchell(pairs, 2, relay=True)
        return
    m = mitchell(pairs, 2, relay=relay)
    assert m.tables == tables and m.sets == tables
    assert len(m.rounds) == (tables - 1 if even and not relay else tables)
    _check_rounds(m)
    ns, ew = range(1, tables + 1), range(tables + 1, pairs + 1)
    met = _meetings(m)
    # only N-S against E-W, each pair at most once; N-S pairs never move
    assert set(met.values()) == {1}
    assert all(len(k & set(ns)) == 1 for k in met)
    for rnd in m.rounds:
        assert all(t.ns in (t.table, None) for t in rnd.tables)
    expected = len(ns) * len(ew) - (len(ns) if even and not relay else 0)
    if even and not relay and pairs % 2:  # the missing pair's turn at each N-S pair
        expected = len(ns) * len(ew) - (len(ns) - 1)
    assert len(met) == expected
    plays = _board_plays(m)
    if even and not relay and pairs % 2:
        # the skip with a missing pair: one set rests one round less than the others
        assert max(plays.values()) - min(plays.values()) == 1
        assert sorted(Counter(plays.values()).values()) == [m.boards, (m.sets - 1) * m.boards]
    else:
        assert len(set(plays.values())) == 1, plays
    # every pair plays every round it is not sitting out, and sits out at most once
    for p in range(1, pairs + 1):
        card = m.card(p)
        assert sum(r.table is None for r in card) <= 1
        assert sum(len(r.boards) for r in card) == m.boards * sum(r.table is not None for r in card)


@pytest.mark.parametrize("pairs", HOWELL_PAIRS)
def test_howell_counted(pairs: int) -> None:
    tables = (pairs + 1) // 2
    boards = max(2, pairs // 2) if tables < 4 else 2
    h = howell(pairs, boards)
    assert h.tables == tables and len(h.rounds) == 2 * tables - 1
    _check_rounds(h)
    met = _meetings(h)
    assert set(met) == {frozenset(p) for p in combinations(range(1, pairs + 1), 2)}
    assert set(met.values()) == {1}
    assert len(set(_board_plays(h).values())) == 1
    # with a missing pair, everyone sits out exactly one round; otherwise nobody does
    sat_out = Counter(p for r in h.rounds for p in r.sitting_out)
    assert sat_out == (Counter(range(1, pairs + 1)) if pairs % 2 else Counter())
    if tables >= 4:  # a Room square: each table its own set every round
        for rnd in h.rounds:
            assert len({t.boards for t in rnd.tables}) == tables


def test_the_howell_data_are_room_squares() -> None:
    """Each kept starter partitions Z_m's nonzero elements with every difference once,
    and its adders place every pair's sets apart (checked on the numbers themselves)."""
    for tables, rows in STARTS.items():
        m = 2 * tables - 1
        elems = [e for x, y, _ in rows for e in (x, y)]
        assert sorted(elems) == list(range(1, m))
        diffs = [d for x, y, _ in rows for d in ((x - y) % m, (y - x) % m)]
        assert sorted(diffs) == list(range(1, m))
        adders = [a for _, _, a in rows]
        assert len(set(adders)) == len(adders) and 0 not in adders
        placed = [(e - a) % m for x, y, a in rows for e in (x, y)]
        assert len(set(placed)) == len(placed) and 0 not in placed


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(["mitchell", "howell"]), pairs=st.integers(2, 40),
       boards=st.integers(1, MAX_BOARDS), cut=st.integers(1, 39), relay=st.booleans())
def test_any_boards_and_fewer_rounds_keep_the_rules(kind: str, pairs: int, boards: int, cut: int,
                                                    relay: bool) -> None:
    """Any boards a round, the first rounds of any movement: still nobody plays a board
    twice, no board at two tables at once, nobody meets a pair twice."""
    try:
        full = pairs_movement(kind, pairs, boards, relay=relay)
    except InvalidActionError as exc:
        assert relay or "boards a round" in str(exc)
        return
    rounds = min(cut, len(full.rounds))
    m = pairs_movement(kind, pairs, boards, rounds, relay=relay)
    assert m.rounds == full.rounds[:rounds]
    _check_rounds(m)
    assert set(_meetings(m).values()) <= {1}


def test_cards_and_slips_agree_with_the_rounds() -> None:
    m = mitchell(7, boards=3)
    assert m.tables == 4 and m.even == "skip"
    slips = m.slips()
    for p in range(1, 8):
        for row in m.card(p):
            if row.table is None:
                continue
            for b in row.boards:
                line = next(s for s in slips[b] if s.round == row.round)
                assert line.table == row.table
                assert {line.ns, line.ew} == {p, row.against}
                assert (line.ns == p) == (row.direction == "N-S")
    # every board's slip has one line a time it is played
    assert {b: len(rows) for b, rows in slips.items()} == dict(_board_plays(m))


def test_printed_forms() -> None:
    m = mitchell(6, boards=2)
    names = ["Ann", "Bob", "Cas", "Dirk", "Els", "Fien", "Gert", "Hans", "Ida", "Jan", "Kees", "Lot"]
    text = m.text(names).splitlines()
    assert text[0] == "mitchell movement: 6 pairs at 3 tables, 3 rounds of 2 boards (6 boards)"
    assert text[1:5] == ["round 1", "  table 1: N-S 1 (Ann & Bob)  E-W 4 (Gert & Hans)  boards 1-2",
                         "  table 2: N-S 2 (Cas & Dirk)  E-W 5 (Ida & Jan)  boards 3-4",
                         "  table 3: N-S 3 (Els & Fien)  E-W 6 (Kees & Lot)  boards 5-6"]
    cards = m.cards_text().splitlines()
    assert cards[:4] == ["movement card: pair 1", "  round 1: table 1, N-S, boards 1-2, against pair 4",
                         "  round 2: table 1, N-S, boards 3-4, against pair 6",
                         "  round 3: table 1, N-S, boards 5-6, against pair 5"]
    slips = m.slips_text().splitlines()
    assert slips[:4] == ["board 1", "  round 1, table 1: N-S 1 against E-W 4   result ____",
                         "  round 2, table 3: N-S 3 against E-W 5   result ____",
                         "  round 3, table 2: N-S 2 against E-W 6   result ____"]
    odd = mitchell(5, boards=2).text().splitlines()
    assert "  table 3: N-S 3  E-W -  boards 5-6" in odd
    assert "  sits out: pair 3" in odd and "  resting: boards 5-6" in odd
    relay = mitchell(8, boards=4, relay=True).text().splitlines()
    assert relay[0].endswith("a relay between tables 1 and 4 and a bye stand")
    assert relay[2] == "  table 1: N-S 1  E-W 5  boards 1-4"
    assert relay[5] == "  table 4: N-S 4  E-W 8  boards 3, 4, 1, 2"
    assert relay[6] == "  resting: boards 9-12"
    assert board_range((7,)) == "7"


@pytest.mark.parametrize("call, message", [
    (lambda: mitchell(1), "2 to 100 pairs, not 1"),
    (lambda: mitchell(101), "2 to 100 pairs, not 101"),
    (lambda: howell(41), "2 to 40 pairs, not 41"),
    (lambda: howell(8, 0), "from 1 to 8, not 0"),
    (lambda: howell(8, 9), "from 1 to 8, not 9"),
    (lambda: howell(6, 2), "at least 3 boards a round, not 2"),
    (lambda: howell(8, 2, 8), "7 rounds at most, not 8"),
    (lambda: mitchell(8, 2, 4), "3 rounds at most, not 4"),
    (lambda: mitchell(8, 1, relay=True), "at least 2 boards a round"),
    (lambda: mitchell(8, 2, 0), "from 1, not 0"),
    (lambda: pairs_movement("swiss", 8), "unknown pairs movement 'swiss'"),
    (lambda: pairs_movement("howell", 8, relay=True), "belongs to a Mitchell"),
    (lambda: mitchell(8).card(9), "no pair 9"),
    (lambda: mitchell(8).text(["a", "b"]), "2 names for 8 pairs"),
])
def test_impossible_sizes_are_refused_in_words(call: object, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        call()  # type: ignore[operator]


def test_a_persons_card_follows_the_plan() -> None:
    """Each person's card from the individual movement: the table and seat he has in the
    plan, the partner across the table, the two others as opponents; a sit-out round."""
    from openwhist.drive import plan
    from openwhist.drive.cards import person_card, person_cards_text

    p = plan("individual", 9, "classic", rounds=9, sit_out=True)
    for person in range(9):
        card = person_card(p, person)
        assert sum(row["table"] is None for row in card) == 1
        assert sorted(row["partner"] for row in card if row["table"] is not None) == [
            q for q in range(9) if q != person]
        for row, rnd in zip(card, p.rounds, strict=True):
            t = rnd.table_of(person)
            if t is not None:
                assert "NESW"[t.seats.index(person)] == row["seat"]
                assert sorted([*row["opponents"], row["partner"], person]) == sorted(t.people)
    belgian = person_card(plan("individual", 8, "belgian", rounds=1), 0)
    assert belgian[0]["partner"] is None and len(belgian[0]["opponents"]) == 3
    assert person_cards_text(plan("progressive", 4, "classic", rounds=2), list("ABCD")).splitlines()[:3] == [
        "movement card: A", "  round 1: table 1, seat N, partner C, against B, D",
        "  later rounds: the winners move on, as the results fall"]
    with pytest.raises(InvalidActionError, match="no person 10"):
        person_card(p, 9)
