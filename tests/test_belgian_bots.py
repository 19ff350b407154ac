"""Belgian whist's bots: the rule-book bidder on constructed hands, misère play, PIMC's
objectives from the contract, the sampling bidder, and the arena's rotation of seats."""

from __future__ import annotations

import openwhist
from openwhist.arena import play_board, rotates
from openwhist.bots import HeuristicBot, make_bot, play_out
from openwhist.bots.heuristic import misere_risk, playing_tricks
from openwhist.bots.pimc import goal
from openwhist.bots.sampler import SamplerBot, sure_misere
from openwhist.cards import parse_hand
from openwhist.solver import Objective

STRONG = ["AH KH QH JH TH 9H 8H AS KS QC 2D 3D 4D", "2C 3C 4C 5C 6C 7C 8C 9C TC JC AC KC 5D",
          "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS 6D 7D", "2H 3H 4H 5H 6H 7H AD KD QD JD TD 9D 8D"]
"""From the dealer's (N's) left: E holds seven top hearts and two spade honours."""
LOW = ["2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 2S 3S", "AC KC QC JC TC 9C 8C 7C 6C AD KD QD JD",
       "TD 9D 8D 7D 6D AH KH QH JH TH 9H 8H 7H", "6H 5H AS KS QS JS TS 9S 8S 7S 6S 5S 4S"]
"""E holds only low cards: a grand misère."""
SAFE = ["2C 3C 5C 2D 3D 4D 6D 2H 3H 4H 2S 3S 5S", "AC KC QC JC TC 9C 8C 7C AD KD QD JD 4S",
        "6C 4C TD 9D 8D 7D 5D AH KH QH JH TH 6S", "9H 8H 7H 6H 5H AS KS QS JS TS 9S 8S 7S"]
"""E holds low cards with gaps (the 4C, 5D, 4S are out): no risky card, yet not the lowest
cards of every suit."""


def test_hand_evaluation() -> None:
    strong = openwhist.new_deal("belgian", hands=STRONG, dealer=0).observation(1).hand.mask
    assert playing_tricks(strong, 2) == 9.0  # hearts 6 with length, spades 2, a club ruff
    assert playing_tricks(strong, 2) > max(playing_tricks(strong, s) for s in (0, 1, 3))
    low = openwhist.new_deal("belgian", hands=LOW, dealer=0).observation(1).hand.mask
    assert misere_risk(low) == 0
    assert misere_risk(strong) > 5


def test_heuristic_bids_a_solo_in_its_long_suit_and_a_misere_with_low_cards() -> None:
    bot = HeuristicBot()
    d = openwhist.new_deal("belgian", hands=STRONG, dealer=0)
    assert str(bot.choose(d.observation(1))) == "solo 8 hearts"
    d = openwhist.new_deal("belgian", hands=LOW, dealer=0)
    assert str(bot.choose(d.observation(1))) == "grand-misere"


def misere_deal() -> openwhist.Deal:
    d = openwhist.new_deal("belgian", hands=LOW, dealer=0)
    for call in ("grand misere", "pass", "pass", "pass"):
        d.apply(call)
    assert d.phase == "play" and d.to_move == 1
    return d


def test_pimc_goal_follows_the_contract() -> None:
    d = misere_deal()
    sides, declarer, objective, sign = goal(d.observation(1))
    assert (sides, declarer, objective, sign) == ((1, 0, 1, 1), 0, Objective("exactly", 0), 1)
    d.apply("5C")
    sides, declarer, objective, sign = goal(d.observation(2))
    assert sides[1] == declarer == 0 and objective == Objective("exactly", 0) and sign == -1
    solo = openwhist.new_deal("belgian", hands=STRONG, dealer=0)
    for call in ("solo 7 hearts", "pass", "pass", "pass"):
        solo.apply(call)
    obs = solo.observation(solo.to_move)
    assert goal(obs)[2] == Objective() and goal(obs)[3] == 1


def test_sampler_plays_a_whole_deal() -> None:
    d = openwhist.new_deal("belgian", seed=11, dealer=0)
    bots = {s: make_bot("sampler:level=1,time_budget=0.2,play_budget=0.02", seed=s)
            for s in range(4)}
    play_out(d, bots)
    assert d.is_over()


def test_arena_rotates_the_bot_over_the_seats_for_belgian_only() -> None:
    assert rotates("belgian") and not rotates("classic") and not rotates("german")
    board = play_board("belgian", {}, ("heuristic", "heuristic"), seed=1, board=0)
    assert len(board.points_a) == len(board.points_b) == 4
    assert board.gain_points == 0 and board.gain_tricks == 0  # the same bot everywhere
    mixed = play_board("belgian", {}, ("random", "heuristic"), seed=1, board=2)
    assert len(mixed.tricks_a) == 4
    classic = play_board("classic", {}, ("heuristic", "random"), seed=1, board=0)
    assert len(classic.points_a) == 2


def test_a_hand_of_the_lowest_cards_is_a_sure_misere() -> None:
    low = openwhist.new_deal("belgian", hands=LOW, dealer=0).observation(1).hand.mask
    safe = openwhist.new_deal("belgian", hands=SAFE, dealer=0).observation(1).hand.mask
    assert sure_misere(low)
    assert misere_risk(safe) == 0 and not sure_misere(safe)  # the 4C may be led through
    assert not sure_misere(parse_hand("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"))  # leads a club
    assert not sure_misere(parse_hand("2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 2S 4S"))


def test_sampler_bids_a_misere_it_cannot_fail() -> None:
    for preset in ("freewhist", "whisthub"):
        bot = SamplerBot(level=1, seed=3)
        call = bot.choose(openwhist.new_deal(preset, hands=LOW, dealer=0).observation(1))
        assert call.kind in ("grand-misere", "open-misere"), (preset, call, bot.last_values)
        assert bot.last_values[str(call)] > 0


def test_sampler_bids_a_misere_with_no_risky_card() -> None:
    for seed in (1, 2):
        bot = SamplerBot(level=1, seed=seed)
        call = bot.choose(openwhist.new_deal("freewhist", hands=SAFE, dealer=0).observation(1))
        assert call.kind in ("small-misere", "grand-misere"), (call, bot.last_values)
        # the misère was judged on sampled deals, not copied from the rule book
        assert "grand-misere" in bot.last_values
