"""Neuberg's adjustment in the standings: a board with fewer results than its round's others
keeps an average as an average (every seat's mean over the board's results is the mean of a
full board, ``expected - 1``), changes nothing where every board has all its results, and
ranks by the adjusted matchpoints."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from openwhist.drive import Result, matchpoints, matchpoints_neuberg, standings


def board(deal: int, ns_tricks: list[int]) -> list[Result]:
    return [Result(1, t, deal, (4 * t - 4, 4 * t - 3, 4 * t - 2, 4 * t - 1), (s, 13 - s, s, 13 - s), (0,) * 4)
            for t, s in enumerate(ns_tricks, 1)]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=1, max_size=8), st.integers(0, 6))
def test_a_board_with_fewer_results_keeps_the_average_of_a_full_board(tricks: list[int], more: int) -> None:
    expected = len(tricks) + more
    adjusted = matchpoints_neuberg(board(1, tricks), expected)
    for seat in range(4):
        mean = sum(mps[seat] for mps in adjusted.values()) / len(tricks)
        assert abs(mean - (expected - 1)) < 1e-9
        assert all(-1 < mps[seat] <= 2 * (expected - 1) for mps in adjusted.values())


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=2, max_size=6),
       st.lists(st.integers(0, 13), min_size=2, max_size=6))
def test_standings_change_only_where_a_board_has_fewer_results(first: list[int], second: list[int]) -> None:
    n = min(len(first), len(second))
    full = board(1, first[:n]) + board(2, second[:n])
    plain = matchpoints(full)
    ranked = {r.player: r.matchpoints for r in standings(full, "matchpoints").rows}
    for r in full:
        for seat, p in enumerate(r.players):
            assert p is not None
            other = next(x for x in full if x.deal != r.deal and p in x.players)
            assert ranked[p] == plain[(1, r.table, r.deal)][seat] + plain[(1, other.table, other.deal)][
                other.players.index(p)]
    missing = full[:-1]                              # the last table missed deal 2
    ranked = {r.player: r.matchpoints for r in standings(missing, "matchpoints").rows}
    adjusted = matchpoints_neuberg(missing)
    for r in missing:
        for p in r.players:
            assert p is not None
            got = sum(adjusted[(1, x.table, x.deal)][x.players.index(p)] for x in missing if p in x.players)
            assert abs(ranked[p] - got) < 1e-9
