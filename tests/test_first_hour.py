"""What a newcomer meets in the first hour: the same words for the same mistake, typed
front doors, and a terminal game that can be read and resumed."""

from __future__ import annotations

from io import StringIO

import pytest
from rich.console import Console

import openwhist
from openwhist.bots import make_bot
from openwhist.errors import ConfigError
from openwhist.play import TerminalGame, hand_text, make_bots
from openwhist.simulate import simulate


def test_new_match_is_a_plain_typed_attribute() -> None:
    assert "new_match" in dir(openwhist) and "new_match" in openwhist.__all__
    from openwhist.match import new_match

    assert openwhist.new_match is new_match


def test_a_dealer_is_a_seat_letter_or_number_and_a_seed_is_not_an_action() -> None:
    assert openwhist.new_deal("classic", seed=1, dealer="W").dealer == 3
    assert openwhist.new_deal("classic", seed=1, dealer=2).dealer == 2
    with pytest.raises(ConfigError, match="dealer must be a seat N, E, S or W"):
        openwhist.new_deal("classic", seed=1, dealer="Q")
    with pytest.raises(ConfigError, match="a seed is a non-negative whole number"):
        openwhist.new_deal("classic", seed=-1)
    with pytest.raises(ConfigError, match="a seed is a non-negative whole number"):
        openwhist.new_match("classic", seed=-5)


def test_seats_are_refused_in_the_same_words_everywhere() -> None:
    from openwhist.play import parse_seat
    from openwhist.solver.report import solve_report

    with pytest.raises(ConfigError) as play_error:
        parse_seat("7")
    with pytest.raises(openwhist.WhistError) as solve_error:
        solve_report("N:A... .A.. ..A. ...A", leader="7", table=False)
    assert str(play_error.value) == str(solve_error.value) == "not a seat: '7' (use N, E, S or W)"


def test_a_bot_option_that_does_not_exist_is_named() -> None:
    with pytest.raises(ConfigError, match="unknown option 'bogus' for bot pimc; its options: level"):
        make_bot("pimc:bogus=1")


def test_simulate_gives_intervals_for_points_and_refuses_a_fourth_dummy_bot() -> None:
    res = simulate("classic", deals=12, bots=["random"], seed=3).to_dict()
    (low, high), mean = res["points_ci95"][0], res["points_mean"][0]
    assert low <= mean <= high and low < high
    with pytest.raises(ConfigError, match="Dummy whist has three players"):
        simulate("dummy", deals=1, bots="random,random,random,random", seed=1)


def test_choice_numbers_do_not_run_into_the_rank_ten() -> None:
    deal = openwhist.new_deal("classic", hands=["9C 10C 2D", "3C 4C 5C", "6C 7C 8C", "JC QC KC"],
                              turn_up="KC", dealer=3)
    legal = list(deal.legal_actions())
    text = hand_text(legal, symbols=True, numbers={c: i + 1 for i, c in enumerate(legal)}).plain
    assert "[2]10" in text or "[1]10" in text
    assert "9:10" not in text and ":10" not in text


def test_the_game_waits_after_each_deal_when_asked() -> None:
    match = openwhist.new_match("classic", seed=2, until="deals", count=2)
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return "1"

    console = Console(file=StringIO(), width=100)
    bots = make_bots(match, "random", seed=1, exclude=[2])
    TerminalGame(match, 2, bots, console=console, input_fn=answer, pause=True).run()
    assert prompts.count("Press Enter for the next deal ") == 1  # not after the last deal


def test_the_score_line_counts_a_game_won_before_the_rubber_ends() -> None:
    match = openwhist.new_match("classic", seed=3, until="game")
    buf = StringIO()
    game = TerminalGame(match, 2, make_bots(match, "heuristic", seed=1, exclude=[2]),
                        console=Console(file=buf, width=200), input_fn=lambda p: "1")
    assert game.run() == "over"
    g = match.games[0]
    buf.truncate(0)
    game.show_score()
    text = " ".join(buf.getvalue().split())
    assert "Rubber points" not in text  # no rubber is over
    worth = [g.value if g.winner == s else 0 for s in (0, 1)]
    assert f"This rubber's games worth {worth[0]}-{worth[1]}" in text


def test_the_terminal_game_shows_an_auction_its_contract_and_every_players_score() -> None:
    match = openwhist.new_match("belgian", seed=5, until="deals", count=2)
    buf = StringIO()
    game = TerminalGame(match, 2, make_bots(match, "heuristic", seed=1, exclude=[2]),
                        console=Console(file=buf, width=200), input_fn=lambda p: "1")
    assert game.run() == "over"
    text = buf.getvalue()
    assert "Trump: not chosen yet" in text and "Calls: " in text
    first = text.index("Trump: ")  # the deal's first line, before the auction, says so too
    assert text[first:].startswith("Trump: not chosen yet (the auction decides)   Score: ")
    assert "Contract: " in text and "tricks" in text
    assert "To bid: S ?" in text  # the auction: not yet a trick
    assert "Score: N 0, E 0, S (you) 0, W 0" in text  # a score per player, not per side
    assert "Stock:" not in text and "'exact'" not in text
    if " S discard " in text:  # a small misère: our own discard is shown as out of play
        assert "Out of play: " in text
