"""German whist's exact play phase and its bots: the solver on German positions, the
rule-book player's stock play, and the solver bot."""

from __future__ import annotations

import time
from typing import Any

import pytest
from typer.testing import CliRunner

import openwhist
from openwhist.bots import BOTS, HeuristicBot, make_bot, play_out
from openwhist.cards import Card
from openwhist.cli import app
from openwhist.rules.base import Deal
from openwhist.solver import Position, solve, solve_all

RANKS = "23456789TJQKA"


def _stock_phase_over(deal: Deal) -> bool:
    return deal.phase != "stock"


def play_phase(seed: int) -> Any:
    """A seeded deal whose stock phase two rule-book players have played."""
    deal = openwhist.new_deal("german", seed=seed, dealer=seed % 2)
    book = HeuristicBot()
    play_out(deal, {0: book, 1: book}, stop=lambda _seat: _stock_phase_over(deal))
    assert deal.phase == "play"
    return deal


def test_position_from_a_german_play_phase() -> None:
    deal = play_phase(3)
    mover = deal.to_move
    assert mover is not None
    pos = Position.from_state(deal, declarer_side=deal.sides[mover])
    assert pos.n_seats == 2 and pos.sides == (0, 1) if mover == 0 else (1, 0)
    assert pos.leader == mover and pos.remaining == 13 and pos.trick == ()
    assert pos.trump == int(deal.trump)  # type: ignore[arg-type]
    assert pos.hands == tuple(deal.hands)
    values = solve_all(pos)
    assert sorted(values) == sorted(Card(c) for c in deal.legal_actions())
    assert max(values.values()) == solve(pos)
    # the other player's view of the same position: the tricks add up to 13
    other = Position.from_state(deal, declarer_side=deal.sides[1 - mover])
    assert solve(pos) + solve(other) == 13


def test_play_out_the_play_phase_by_the_solver_gets_its_value() -> None:
    deal = play_phase(11)
    mover = deal.to_move
    assert mover is not None
    value = solve(Position.from_state(deal, declarer_side=mover))
    before = deal.won[mover]
    bot = make_bot("solver", seed=0)
    play_out(deal, {0: bot, 1: bot})
    assert deal.won[mover] - before == value


def test_solver_bot_plays_a_best_card_in_the_play_phase() -> None:
    checked = 0
    for seed in range(4):
        deal = openwhist.new_deal("german", seed=100 + seed, dealer=seed % 2)
        bots = {seed % 2: make_bot("solver", seed=seed), 1 - seed % 2: HeuristicBot()}
        while not deal.is_over():
            mover = deal.to_move
            assert mover is not None
            obs = deal.observation(mover)
            card = bots[mover].choose(obs)
            if deal.phase == "play" and mover == seed % 2:
                assert obs.open_hands == (1 - mover,)
                values = solve_all(Position.from_state(deal, declarer_side=deal.sides[mover]))
                assert values[Card(card)] == max(values.values())
                checked += 1
            deal.apply(card)
    assert checked >= 20


def test_solver_bot_is_registered_and_checks_its_options() -> None:
    assert BOTS["solver"] == ("openwhist.bots.solver", "SolverBot")
    assert "SolverBot(level=3" in repr(make_bot("solver:level=3"))
    with pytest.raises(openwhist.ConfigError):
        make_bot("solver:level=9")
    with pytest.raises(openwhist.ConfigError):
        make_bot("solver:playouts=0")


def test_solver_bot_in_the_stock_phase_samples_and_is_reproducible() -> None:
    deal = openwhist.new_deal("german", seed=21, dealer=0)
    book = HeuristicBot()
    for _ in range(5):  # a few tricks in, so that draws are hidden
        deal.apply(book.choose(deal.observation(deal.to_move)))  # type: ignore[arg-type]
    mover = deal.to_move
    assert mover is not None and deal.phase == "stock"
    obs = deal.observation(mover)
    a, b = make_bot("solver", seed=4), make_bot("solver", seed=4)
    start = time.perf_counter()
    card = a.choose(obs)
    assert time.perf_counter() - start < 2.0
    assert card in obs.legal and card == b.choose(obs)
    assert a.last_playouts >= 2  # type: ignore[attr-defined]


def test_solver_bot_plays_other_variants() -> None:
    deal = openwhist.new_deal("classic", seed=5)
    bot = make_bot("solver:time_budget=0.1", seed=1)
    for _ in range(6):
        deal.apply(bot.choose(deal.observation(deal.controller(deal.to_move))))  # type: ignore[arg-type]
    for preset in ("german-open-stock", "german-no-trump"):
        g = openwhist.new_deal("german", seed=2, preset=preset)
        play_out(g, {0: make_bot("solver", seed=0), 1: HeuristicBot()})
        assert g.is_over()


# --- the rule-book player's stock play ------------------------------------------------------


def _deal(north: str, south: str, stock_top: str, scoring: str = "seed-001") -> Deal:
    """N leads (S deals); the stock starts with ``stock_top`` (its first card trump), the
    rest in card order."""
    used = set((north + " " + south + " " + stock_top).split())
    rest = [r + s for s in "CDHS" for r in RANKS if r + s not in used]
    return openwhist.new_deal("german", dealer="S", scoring=scoring,
                              hands=[north, south, stock_top + " " + " ".join(rest)])


def _after_first_trick(south: str, stock_top: str, scoring: str) -> Deal:
    # N wins trick 1 with AH (takes the turned-up 2C), S takes the next card face down;
    # the third stock card is face up for trick 2, and N leads 4S
    deal = _deal("AH 4S 6S 7S 8S 9S TS JS 9H 8H 7H 6H 5H", south, stock_top, scoring)
    deal.apply("AH")
    deal.apply("2H")
    return deal


@pytest.mark.parametrize(("scoring", "prize", "expected"), [
    ("standard", "3D", "2S"),   # a weak card face up: lose on purpose, keep the ace
    ("standard", "AD", "5S"),   # an ace face up: win it, as cheaply as possible
    ("seed-001", "AD", "5S"),
])
def test_heuristic_follows_for_the_face_up_card(scoring: str, prize: str, expected: str) -> None:
    south = "2H 2S 3S KS AS KD QD JD TD 9D 8D 7D 6D" if expected == "2S" else \
        "2H 2S 3S 5S KS QD JD TD 9D 8D 7D 6D 5D"
    deal = _after_first_trick(south, f"2C 2D {prize}", scoring)
    deal.apply("4S")
    obs = deal.observation(1)
    assert [str(c) for c in obs.shown] == [prize]
    assert str(HeuristicBot().choose(obs)) == expected


@pytest.mark.parametrize(("prize", "expected"), [("2S", "3H"), ("AS", "AC")])
def test_heuristic_ruffs_only_for_a_prize_worth_its_top_trump(prize: str, expected: str) -> None:
    # S is void in spades and holds one trump, the ace: it keeps it for a 2 of spades
    # (discarding a useless heart) but spends it on the ace of spades
    deal = _after_first_trick("2H 3H AC KD QD JD TD 9D 8D 7D 6D 5D 4D", f"2C 2D {prize}",
                              "seed-001")
    deal.apply("4S")
    obs = deal.observation(1)
    assert str(HeuristicBot().choose(obs)) == expected


def test_heuristic_leads_its_least_useful_card_for_a_weak_prize() -> None:
    deal = _after_first_trick("2H 2S 3S KS AS KD QD JD TD 9D 8D 7D 6D", "2C 2D 3D", "standard")
    obs = deal.observation(0)
    assert str(HeuristicBot().choose(obs)) == "4S"


# --- openwhist solve with two hands -----------------------------------------------------------


def test_solve_command_reads_two_hands() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["solve", "S:AQ H:2 D:- C:- / S:KJ H:- D:2 C:-", "-t", "H",
                                 "-l", "S"])
    assert result.exit_code == 0, result.output
    assert "Tricks for S after each lead of S:" in result.output
    assert "KS 0  JS 0  2D 1*" in result.output
    assert "leader        N   S" in result.output
    result = runner.invoke(app, ["solve", "S:AQ H:2 D:- C:- / S:KJ H:- D:2 C:- / S:T H:3 D:4 C:-"])
    assert result.exit_code == 2 and "four hands (N E S W) or two" in result.output
    result = runner.invoke(app, ["solve", "S:AQ H:2 D:- C:- / S:KJ H:- D:2 C:-", "-l", "E"])
    assert result.exit_code == 2


@pytest.mark.slow
def test_solver_bot_beats_the_heuristic_in_german_whist() -> None:
    """A short arena (the full one: bench/bench_german.py arena)."""
    from openwhist.arena import run_arena

    res = run_arena("german", ("solver", "heuristic"), boards=40, seed=3)
    assert sum(res.gain_tricks) / res.boards > 0
