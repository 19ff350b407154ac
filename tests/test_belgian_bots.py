"""Belgian whist's bots: the rule-book bidder on constructed hands, misère play, PIMC's
objectives from the contract, the sampling bidder, and the arena's rotation of seats."""

from __future__ import annotations

import dataclasses
import time

import pytest

import openwhist
from openwhist.arena import play_board, rotates
from openwhist.bots import HeuristicBot, make_bot, play_out
from openwhist.bots.heuristic import MISERE_RISK, misere_risk, playing_tricks
from openwhist.bots.pimc import PimcBot, goal
from openwhist.bots.sampler import SamplerBot, sure_misere
from openwhist.cards import Card, CardSet, parse_hand
from openwhist.errors import ConfigError
from openwhist.rules.belgian import referee_refusal
from openwhist.solver import Objective, Position, solve_all

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


# --- the rule-book bidder and player on explicit hands -------------------------------------

PROPOSER = "AH KH QH JH 5H 4H KS QS 3C 2C 5D 3D 2D"
"""Six hearts to the four top honours, 14 honour points: a pair, not a solo."""
OTHERS = {"support": "TH 9H 8H AS AD 7D 6D 4C 5C 6C 8C 9C 7H",
          "no support": "2H AS JS 2S 3S AD 4D 6D 7D KC QC 4C 5C",
          "weak": "TH 9H 2S 3S 4S 5S 6S 7S 4D 6D 7D 8D 4C"}
"""South's hands after East's proposal of hearts: four hearts and two aces; 14 points with
one low heart; two small hearts and nothing else."""


def deal_of(seats: dict[int, str], dealer: int = 0, **options: object) -> openwhist.Deal:
    """A Belgian deal with the hands given per seat (N 0, E 1, S 2, W 3) and FreeWhist's
    rules changed by ``options``; the cards left over go to the other seats, lowest
    first."""
    masks = {s: parse_hand(h) for s, h in seats.items()}
    used = 0
    for m in masks.values():
        used |= m
    rest = [c for c in range(52) if not used >> c & 1]
    for s in range(4):
        if s not in masks:
            masks[s], rest = sum(1 << c for c in rest[:13]), rest[13:]
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    text = [" ".join(str(Card(c)) for c in range(52) if masks[s] >> c & 1) for s in order]
    return openwhist.new_deal("freewhist", hands=text, dealer=dealer, **options)


def test_heuristic_proposes_its_long_strong_suit() -> None:
    d = deal_of({1: PROPOSER})
    obs = d.observation(1)
    hand = obs.hand.mask
    assert max(playing_tricks(hand, s) for s in range(4)) < 6  # no solo in it
    assert str(HeuristicBot().choose(obs)) == "propose hearts"


def test_heuristic_accepts_a_proposal_only_with_support() -> None:
    calls = {}
    for name, south in OTHERS.items():
        d = deal_of({1: PROPOSER, 2: south})
        d.apply("propose hearts")
        obs = d.observation(2)
        assert obs.info["troel"] is None and "accept" in [str(c) for c in obs.legal]
        calls[name] = str(HeuristicBot().choose(obs))
    assert calls["support"] == "accept"
    assert calls["no support"] != "accept"  # strong, but a single low heart
    assert calls["weak"] == "pass"


TROEL = {1: "AC AD AH KC QC 5C 4C KS QS 3D 2D 5D 3H", 3: "AS KH QH JH TH 9H 8H 2S 3S 4S 2C 3C 4D",
         0: "JC TC 9C KD QD 9D 8D JS TS 9S 2H 4H 5H"}
"""East holds three aces (troel); West the fourth, with six hearts to the king."""


def test_heuristic_lets_troel_be_played_and_its_partner_names_his_long_suit() -> None:
    d = deal_of(TROEL)
    assert d.observation(0).info["troel"] == "E"  # announced by itself
    bots = {s: HeuristicBot() for s in range(4)}
    first = bots[1].choose(d.observation(1))
    assert str(first) == "pass"  # nothing above troel in East's hand
    play_out_auction(d, bots)
    obs = d.observation(3)
    assert d.phase == "trump" and d.to_move == 3
    assert obs.info["contract"]["declarers"] == ["E", "W"]
    d.apply(bots[3].choose(obs))
    assert d.observation(0).info["contract"]["name"] == "troel hearts"


def play_out_auction(d: openwhist.Deal, bots: dict[int, HeuristicBot]) -> None:
    """Let the bots call until the auction is over."""
    while d.phase == "auction":
        d.apply(bots[d.to_move].choose(d.observation(d.to_move)))


def test_heuristic_passes_a_weak_hand_of_middle_cards_and_bids_misere_with_low_ones() -> None:
    middle = deal_of({1: "6C 7C 8C 9C 6D 7D 8D 9D 6H 7H 8H 7S 8S"})
    hand = middle.observation(1).hand.mask
    assert misere_risk(hand) > 5 and max(playing_tricks(hand, s) for s in range(4)) < 1
    assert str(HeuristicBot().choose(middle.observation(1))) == "pass"
    one_king = deal_of({1: "2C 3C 4C 2D 3D 5D 2H 3H 4H 2S 3S 4S KS"})
    assert misere_risk(one_king.observation(1).hand.mask) == 1
    assert str(HeuristicBot().choose(one_king.observation(1))) == "small-misere"


def test_heuristic_misere_declarer_plays_under_the_card_led() -> None:
    order = [SAFE[3], SAFE[0], SAFE[1], SAFE[2]]  # North deals last, leads first
    for lead, under in (("9S", "5S"), ("5H", "4H"), ("7S", "5S")):
        d = openwhist.new_deal("freewhist", hands=order, dealer=3)
        for call in ("pass", "grand misere", "pass", "pass"):
            d.apply(call)
        assert d.to_move == 0
        d.apply(lead)
        assert str(HeuristicBot().choose(d.observation(1))) == under


PAIR = {1: "AH KH QH 9H 5H 4H KS QS 3C 2C 5D 3D 2D", 2: "JH 8H 7H AS AD KD 6D 4C 5C 6C 8C 9C TS",
        0: "2H 3H JS TC JC QC KC 7D 8D 9D TD 4S 5S"}
"""East proposes hearts (six of them), South accepts with three and two aces."""


def test_heuristic_declarers_draw_trumps() -> None:
    d = deal_of(PAIR)
    bots = {s: HeuristicBot() for s in range(4)}
    play_out_auction(d, bots)
    assert d.observation(0).info["contract"]["name"] == "pair 8 hearts"
    leads = []
    while not d.is_over():
        obs = d.observation(d.to_move)
        if not obs.trick:
            leads.append((d.to_move, bots[d.to_move].choose(obs)))
        d.apply(bots[d.to_move].choose(obs))
    # East leads trumps while a heart he does not hold may be with an opponent
    assert [str(c) for _, c in leads[:3]] == ["KH", "QH", "AH"] and leads[0][0] == 1
    assert leads[3][1].suit != 2  # then he stops: every heart is out or his own
    assert all(d.result().made)


# --- PIMC with every hand known ------------------------------------------------------------


def test_pimc_plays_a_solver_best_card_when_every_hand_is_known() -> None:
    for hands, calls in ((STRONG, ("solo 7 hearts", "pass", "pass", "pass")),
                         (LOW, ("grand misere", "pass", "pass", "pass")),
                         (SAFE, ("small misere", "pass", "pass", "pass"))):
        d = openwhist.new_deal("freewhist", hands=hands, dealer=0)
        for call in calls:
            d.apply(call)
        book = HeuristicBot()
        while d.phase == "discard":
            d.apply(book.choose(d.observation(d.to_move)))
        for _ in range(12):  # the first three tricks by the book
            d.apply(book.choose(d.observation(d.to_move)))
        checked = 0
        while not d.is_over() and checked < 12:
            mover = d.to_move
            obs = d.observation(mover)
            now = [d.observation(s).hand.mask for s in range(4)]
            known = dataclasses.replace(obs, known={s: CardSet(now[s]) for s in range(4)
                                                    if s != mover})
            sides, declarer, objective, sign = goal(known)
            trick = tuple(int(c) for _, c in obs.trick)
            trump = -1 if obs.trump is None else int(obs.trump)
            values = solve_all(Position(tuple(now), trump, obs.leader, trick, sides, declarer,
                                        objective))
            best = max(sign * v for v in values.values())
            card = PimcBot(seed=checked, worlds=3).choose(known)
            assert sign * values[card] == best, (hands, str(card), values)
            d.apply(card)
            checked += 1
        assert checked >= 8


def test_heuristic_misere_thresholds() -> None:
    # three risky cards (KC, QD, JH) and 6 honour points: made about two times in three
    three = deal_of({1: "2C 4C KC 2D 3D QD 2H 3H JH 2S 3S 4S 6S"})
    assert misere_risk(three.observation(1).hand.mask) == MISERE_RISK + 1
    assert str(HeuristicBot().choose(three.observation(1))) == "small-misere"
    # the same risk with an ace and a king besides: no misère
    strong = deal_of({1: "2C 4C KC 2D 3D AD 2H 3H JH 2S 3S 4S KS"})
    hand = strong.observation(1).hand.mask
    assert misere_risk(hand) == MISERE_RISK + 2
    assert "misere" not in str(HeuristicBot().choose(strong.observation(1)))


def test_sampler_keeps_the_rule_books_proposal_unless_a_call_is_worth_more_than_half_a_pair() -> None:
    half_pair = 0.5 * 8  # FreeWhist's pair of 8 made is worth 8 to each declarer
    d = deal_of({1: "AH KH JH 7H 5H 4H KS 8S 3C 2C AD 3D 2D"})  # a solo 6 in hearts, perhaps
    obs = d.observation(1)
    assert str(HeuristicBot().choose(obs)) == "propose hearts"
    calls = set()
    for seed in (1, 2, 3, 4):
        # every sampled deal judged, double dummy (the play-outs find the solo better)
        bot = SamplerBot(level=1, seed=seed, time_budget=60, judge="solver")
        call = str(bot.choose(obs))
        calls.add(call)
        assert "solo 6 hearts" in bot.last_values
        if call == "propose hearts":
            assert max(bot.last_values.values()) <= half_pair
        else:
            assert bot.last_values[call] > half_pair
    assert "propose hearts" in calls


# --- passe parole and the referee ----------------------------------------------------------

ACCEPTORS = {"support": "TH 8H 7H AS 2S AD KD 6D 4C 5C 6C 8C 9C",
             "long support": "TH 9H 8H 7H 6H AS AD KD QD 6D 5C 6C TS",
             "weak": "9H 8H 2S 3S 4S 6D 7D 8D 4C 5C 6C 8C 9C"}
"""South's hands after joining East's hearts: three hearts and three top cards (3 playing
tricks in hearts); five hearts and four top cards (5); two small hearts (none)."""
BIG_PROPOSER = "AH KH QH JH 9H 5H 4H 3H KS QS KC 2C 2D"
"""Eight hearts to the four top honours: 9 playing tricks in hearts."""


def overcalled_pair(east: str, south: str) -> openwhist.Deal:
    """East proposes hearts, South joins, West bids solo 7 (a pair must now bid 11) and
    North passes, with passe parole played: South speaks for the pair."""
    d = deal_of({1: east, 2: south}, passe_parole=True)
    for call in ("propose hearts", "accept", "solo 7 spades", "pass"):
        d.apply(call)
    assert d.to_move == 2 and "passe-parole" in [str(c) for c in d.observation(2).legal]
    return d


def test_the_acceptor_says_passe_parole_with_support_and_passes_without() -> None:
    calls = {name: str(HeuristicBot().choose(overcalled_pair(PROPOSER, south).observation(2)))
             for name, south in ACCEPTORS.items()}
    # 11 tricks are too many to bid for the pair from his side, not for the proposer's
    assert calls == {"support": "passe-parole", "long support": "passe-parole", "weak": "pass"}
    # the sampling bidder leaves the pair's calls to the rule book
    d = overcalled_pair(PROPOSER, ACCEPTORS["support"])
    assert str(SamplerBot(level=1, seed=1).choose(d.observation(2))) == "passe-parole"
    # without the option the acceptor may only raise or pass, and passes
    d = deal_of({1: PROPOSER, 2: ACCEPTORS["support"]})
    for call in ("propose hearts", "accept", "solo 7 spades", "pass"):
        d.apply(call)
    assert [str(c) for c in d.observation(2).legal][:2] == ["pass", "pair 11 hearts"]
    assert str(HeuristicBot().choose(d.observation(2))) == "pass"


def test_after_passe_parole_the_proposer_raises_only_with_a_big_hand() -> None:
    for east, expected in ((PROPOSER, "pass"), (BIG_PROPOSER, "pair 11 hearts")):
        d = overcalled_pair(east, ACCEPTORS["support"])
        d.apply("passe parole")
        assert d.to_move == 1
        assert str(HeuristicBot().choose(d.observation(1))) == expected


REFEREED = (("freewhist", 397, 1, "abondance 10 spades", "abondance 9 spades"),
            ("whisthub", 2084, 0, "abondance 11 diamonds", "abondance 10 diamonds"))
"""Seeded deals where the rule book's call (third) is a game the referee refuses: a quick
count of 7 tricks (S:QJ976432 C:AQ962) and of 8 (H:AK8543 D:AK96532); with the referee
it bids the next game down (fourth)."""


def test_the_rule_book_bids_below_a_game_the_referee_refuses() -> None:
    for preset, seed, seat, free, refereed in REFEREED:
        calls = []
        for referee in (False, True):
            d = openwhist.new_deal(preset, seed=seed, dealer=seed % 4, referee=referee)
            bot = HeuristicBot()
            while d.to_move != seat:
                d.apply(bot.choose(d.observation(d.to_move)))
            call = bot.choose(d.observation(seat))
            calls.append(str(call))
            if not referee:
                hand = d.observation(seat).hand.mask
                assert referee_refusal(hand, call.kind, call.level, call.suit) is not None
        assert calls == [free, refereed]


def test_the_bots_never_make_a_call_the_referee_refuses() -> None:
    heuristic = {s: HeuristicBot() for s in range(4)}
    sampler = {s: SamplerBot(level=1, seed=s, time_budget=0.1, play_budget=0.01)
               for s in range(4)}
    checked = 0
    runs = [("freewhist", heuristic, range(100)), ("whisthub", heuristic, range(100)),
            ("freewhist", sampler, range(4)), ("whisthub", sampler, range(4))]
    runs += [(preset, bots, [seed]) for preset, seed, *_ in REFEREED
             for bots in (heuristic, sampler)]
    for preset, bots, seeds in runs:
        for seed in seeds:
            d = openwhist.new_deal(preset, seed=seed, dealer=seed % 4, referee=True)
            hands = [d.observation(s).hand.mask for s in range(4)]
            grid = d.observation(0).options.points_grid()
            troel = grid.rank("troel")
            assert troel is not None
            while d.phase == "auction":
                h = d.to_move
                call = bots[h].choose(d.observation(h))
                assert call in d.observation(h).legal
                rank = grid.rank(call.kind, call.level)
                if rank is not None and rank > troel:  # a game the referee checks
                    checked += 1
                    assert referee_refusal(hands[h], call.kind, call.level, call.suit) is None
                d.apply(call)  # a refused call would raise
            if bots is heuristic:  # the sampler's play is PIMC's, slow and not at stake
                play_out(d, bots)
                assert d.is_over()
    assert checked >= 1  # games above troel were bid (Whisthub's abondance 10), each allowed


# --- the sampler's deals and verdicts ------------------------------------------------------


def test_sampler_draws_deals_that_fit_the_other_players_calls() -> None:
    d = deal_of({1: PROPOSER})
    d.apply("propose hearts")
    obs = d.observation(2)
    bot = SamplerBot(level=2, seed=5, time_budget=60)
    worlds = bot._worlds(obs, time.perf_counter())
    assert len(worlds) == 16
    fitting = [hands for weight, hands in worlds if weight == 1.0]
    assert fitting  # East's proposal is the rule book's call with his sampled hand
    for hands in fitting:
        state = deal_of({1: " ".join(str(Card(c)) for c in range(52) if hands[1] >> c & 1),
                         2: " ".join(str(Card(c)) for c in range(52) if hands[2] >> c & 1)})
        assert str(HeuristicBot().choose(state.observation(1))) == "propose hearts"
    assert worlds == sorted(worlds, key=lambda w: -w[0])  # the best fitting first


def test_sampler_judges_solos_by_play_out() -> None:
    d = deal_of({1: "AH KH JH 7H 5H 4H KS 8S 3C 2C AD 3D 2D"})
    bot = SamplerBot(level=1, seed=2, time_budget=60, judge="play")
    bot.choose(d.observation(1))
    # one play-out a deal judges every level: the higher, the smaller the chance
    assert bot.last_values["solo 6 hearts"] > bot.last_values.get("solo 8 hearts", -99)
    with pytest.raises(ConfigError):
        SamplerBot(judge="guess")
    with pytest.raises(ConfigError):
        SamplerBot(play="nobody")
