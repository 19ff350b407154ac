"""Matchpoints by board, as a Mitchell or Howell scores them: a board's results compared
whatever the round each was played in (properties checked on random results)."""

from __future__ import annotations

from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from openwhist.drive.scoring import Result, matchpoints, matchpoints_neuberg

# per result: (board 1-4, N-S score 0-7, E-W score 0-7, round 1-5); each its own table
plays = st.lists(st.tuples(st.integers(1, 4), st.integers(0, 7), st.integers(0, 7), st.integers(1, 5)),
                 min_size=1, max_size=14)


def results(rows: list[tuple[int, int, int, int]], same_round: bool = False) -> list[Result]:
    return [Result(1 if same_round else rnd, table, board, (0, 1, 2, 3), (ns, ew, ns, ew), (0, 0, 0, 0))
            for table, (board, ns, ew, rnd) in enumerate(rows, 1)]


@settings(max_examples=200, deadline=None)
@given(plays)
def test_a_boards_matchpoints_share_out_every_comparison(rows: list[tuple[int, int, int, int]]) -> None:
    mp = matchpoints(results(rows), by_board=True)
    per_board: dict[int, list[tuple[int, ...]]] = defaultdict(list)
    for (_, _, board), got in mp.items():
        per_board[board].append(got)
    for board, got in per_board.items():
        k = sum(1 for r in rows if r[0] == board)
        for seat in range(4):                      # 2 for each pair of results, shared out
            assert sum(g[seat] for g in got) == k * (k - 1)


@settings(max_examples=200, deadline=None)
@given(plays)
def test_the_round_a_board_was_played_in_does_not_count(rows: list[tuple[int, int, int, int]]) -> None:
    moved = matchpoints(results(rows), by_board=True)
    together = matchpoints(results(rows, same_round=True))
    assert {(t, d): v for (_, t, d), v in moved.items()} == {(t, d): v for (_, t, d), v in together.items()}
    neu = matchpoints_neuberg(results(rows), expected=14, by_board=True)
    neu_together = matchpoints_neuberg(results(rows, same_round=True), expected=14)
    assert {(t, d): v for (_, t, d), v in neu.items()} == {(t, d): v for (_, t, d), v in neu_together.items()}
