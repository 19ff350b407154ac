"""The computer players of the exact-bid whists: whole matches at every level for 3 to 6
players, bids under the bar, the exact search against brute force, observations only."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import openwhist
from openwhist.bots import LEVELS, make_bot
from openwhist.bots.heuristic_exact import bids_exactly, book_bid
from openwhist.bots.search_exact import ExactBidSearch
from openwhist.cards import Card
from openwhist.rules.base import Call
from openwhist.rules.exactbid import OH_HELL_PRESETS, ExactBidOptions, new_exact_bid_deal
from openwhist.rules.tricks import trick_winner
from openwhist.solver import Objective, Position, solve_all
from openwhist.solver.small import can_force_exactly, exact_values, legal_cards


def _simulate(variant: str, players: int, bots: str, deals: int, *options: str) -> dict:
    cmd = [sys.executable, "-m", "openwhist", "simulate", "--variant", variant, "-o",
           f"players={players}", "--bots", bots, "--deals", str(deals), "--seed", "7", "--json"]
    for o in options:
        cmd += ["-o", o]
    out = subprocess.run(cmd, capture_output=True, text=True, env=os.environ, timeout=600)
    assert out.returncode == 0, out.stderr
    result: dict = json.loads(out.stdout)
    return result


def _deals_of_game(variant: str, players: int, *options: str) -> int:
    from openwhist.rules.registry import get_variant, resolve

    name, opts = resolve(variant, players=players,
                         **{k: int(v) for k, v in (o.split("=") for o in options)})
    return len(get_variant(name).match_rules(opts).deals_of_game)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("variant", ["romanian", "oh-hell"])
def test_every_rule_based_level_plays_a_whole_game(variant: str, players: int) -> None:
    deals = _deals_of_game(variant, players)
    mixed = ",".join(["random", "beginner", "club"] * 2)
    for bots in ("random", "beginner", "club", ",".join(mixed.split(",")[:players])):
        result = _simulate(variant, players, bots, deals)
        assert result["deals"] == deals
        assert len(result["points_total"]) == players


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_searching_levels_play_a_whole_short_game(players: int) -> None:
    # a game of 1 to 3 cards a hand: every 1-card deal, its turned trump too, is searched
    deals = _deals_of_game("romanian", players, "max_cards=3")
    bots = ",".join(["strong", "expert", "club", "beginner", "random", "strong"][:players])
    result = _simulate("romanian", players, bots, deals, "max_cards=3")
    assert result["deals"] == deals


def test_forehead_and_blind_deals_are_bid_unseen() -> None:
    for variant in ("romanian-forehead", "romanian-forehead-ones"):
        deals = 6 if variant.endswith("ones") else 2
        deal_count = _deals_of_game("romanian", 4, "max_cards=2")
        cmd = [sys.executable, "-m", "openwhist", "simulate", "--variant", variant, "-o",
               "max_cards=2", "--bots", "strong,club,beginner,random", "--deals",
               str(deal_count + deals), "--seed", "3", "--json"]
        out = subprocess.run(cmd, capture_output=True, text=True, env=os.environ, timeout=600)
        assert out.returncode == 0, out.stderr


def _auctions(players: int, seeds: range) -> list[openwhist.Observation]:
    """The dealer's views where the bar forbids a bid."""
    views = []
    for seed in seeds:
        deal = new_exact_bid_deal("romanian", ExactBidOptions(players=players), seed=seed,
                                  cards=1 + seed % 8, dealer=seed % players)
        club = make_bot("club")
        while deal.phase == "auction":
            obs = deal.observation(deal.to_move)
            if obs.info["forbidden"] is not None:
                views.append(obs)
            deal.apply(club.choose(obs))
    return views


@pytest.mark.parametrize("players", [3, 5])
def test_the_bidders_respect_the_bar(players: int) -> None:
    views = _auctions(players, range(30))
    assert len(views) >= 10
    search = ExactBidSearch(worlds=4, seed=1)
    for obs in views:
        barred = Call.make("bid", obs.info["forbidden"])
        for bid in (book_bid(obs), search.choose(obs), make_bot("strong", seed=2).choose(obs)):
            assert bid in obs.legal and bid != barred


def test_the_sampled_bid_counts_the_sure_tricks() -> None:
    # South holds the three top trumps of a 3-card deal: the sampler bids all three
    deal = new_exact_bid_deal("romanian", ExactBidOptions(), dealer=3, turn_up="7S",
                              hands=["AS KS QS", "AH KH QH", "AD KD QD", "AC KC QC"])
    obs = deal.observation(0)
    assert bids_exactly(obs)
    search = ExactBidSearch(worlds=8, seed=1)
    assert search.choose(obs) == Call.make("bid", 3)
    assert search.last_values["bid 3"] > search.last_values["bid 2"]


def test_the_searching_player_never_reads_hidden_cards() -> None:
    # the same view for hand 0, the others' cards dealt otherwise: the same choices
    a = new_exact_bid_deal("romanian", ExactBidOptions(), dealer=3, turn_up="7S",
                           hands=["AS 9H 8D", "KS QH JD", "QS JH TD", "JS TH 9D"])
    b = new_exact_bid_deal("romanian", ExactBidOptions(), dealer=3, turn_up="7S",
                           hands=["AS 9H 8D", "JS TH 9D", "KS QH JD", "QS JH TD"])
    oa, ob = a.observation(0), b.observation(0)
    assert oa == ob
    for level in ("club", "strong", "expert"):
        assert make_bot(level, seed=3).choose(oa) == make_bot(level, seed=3).choose(ob)


# --- the exact search ---------------------------------------------------------------------------


def _brute(hands: list[int], trump: int, leader: int, trick: list[int], seat: int, need: int,
           ruff: bool) -> bool:
    """Every play tried, nothing remembered or cut: the seat chooses, the others refute."""
    n = len(hands)
    mover = (leader + len(trick)) % n
    if not hands[mover] and not trick:
        return need == 0
    outcomes = []
    led = trick[0] // 13 if trick else -1
    for c in range(52):
        if not legal_cards(hands[mover], led, trump, ruff) >> c & 1:
            continue
        rest = list(hands)
        rest[mover] ^= 1 << c
        t = [*trick, c]
        if len(t) == n:
            w = (leader + trick_winner(t, trump)) % n
            outcomes.append(_brute(rest, trump, w, [], seat, need - (w == seat), ruff))
        else:
            outcomes.append(_brute(rest, trump, leader, t, seat, need, ruff))
    return any(outcomes) if mover == seat else all(outcomes)


@st.composite
def _positions(draw: st.DrawFn) -> tuple[list[int], int, int, int, int, bool]:
    n = draw(st.integers(2, 6))
    k = draw(st.integers(1, 3 if n <= 4 else 2))
    cards = draw(st.permutations(range(52)))[:n * k]
    # few suits, so that voids, ruffs and must-trump arise
    suits = draw(st.integers(1, 4))
    cards = [13 * (c % suits) + c // 4 % 13 for c in cards]
    if len(set(cards)) < len(cards):
        cards = list(dict.fromkeys(cards))
        cards += [c for c in range(52) if c not in cards][:n * k - len(cards)]
    hands = [sum(1 << c for c in cards[i * k:(i + 1) * k]) for i in range(n)]
    trump = draw(st.integers(-1, 3))
    leader = draw(st.integers(0, n - 1))
    seat = draw(st.integers(0, n - 1))
    need = draw(st.integers(0, k))
    return hands, trump, leader, seat, need, draw(st.booleans())


@settings(max_examples=300, deadline=None)
@given(_positions())
def test_the_exact_search_agrees_with_brute_force(pos: tuple[list[int], int, int, int, int, bool]) -> None:
    hands, trump, leader, seat, need, ruff = pos
    assert can_force_exactly(hands, trump, leader, (), seat, need, ruff) == \
        _brute(hands, trump, leader, [], seat, need, ruff)
    if leader == seat:
        values = exact_values(hands, trump, leader, (), seat, need, ruff)
        for c, ok in values.items():
            rest = list(hands)
            rest[seat] ^= 1 << c
            assert ok == _brute(rest, trump, leader, [c], seat, need, ruff)


@settings(max_examples=150, deadline=None)
@given(_positions())
def test_the_exact_search_agrees_with_the_compiled_solver(
        pos: tuple[list[int], int, int, int, int, bool]) -> None:
    hands, trump, leader, seat, need, _ = pos
    if len(hands) > 4:
        return
    sides = tuple(0 if h == seat else 1 for h in range(len(hands)))
    if leader != seat:  # the seat leads, so that both give values per card
        return
    pos_ = Position(tuple(hands), trump, leader, (), sides, 0, Objective("exactly", need))
    compiled = solve_all(pos_)
    small = exact_values(hands, trump, leader, (), seat, need, ruff=False)
    assert {int(c): bool(v) for c, v in compiled.items()} == small


def test_the_exact_search_is_bounded() -> None:
    from openwhist.solver.small import SmallLimitReached

    deal = new_exact_bid_deal("oh-hell", OH_HELL_PRESETS["oh-hell-basic"], seed=1, cards=8)
    with pytest.raises(SmallLimitReached):
        can_force_exactly(list(deal.hands), -1, 0, (), 0, 2, node_limit=100)


def test_the_levels_name_the_searching_player_for_exact_bids() -> None:
    assert set(LEVELS) == {"beginner", "club", "strong", "expert"}
    deal = new_exact_bid_deal("oh-hell", OH_HELL_PRESETS["oh-hell-basic"], seed=4, cards=2)
    for level in LEVELS:
        bot = make_bot(level, seed=1)
        state = deal.clone()
        while not state.is_over():
            obs = state.observation(state.to_move)
            action = bot.choose(obs)
            assert action in obs.legal
            state.apply(action)
            if isinstance(action, Card):
                assert action in obs.legal


def test_the_club_player_ducks_once_its_bid_is_made() -> None:
    from openwhist.bots.book import TechniqueBot

    # hand 0 bid 0 and must follow hearts: it plays its highest heart under the king
    deal = new_exact_bid_deal("romanian", ExactBidOptions(), dealer=3, turn_up="7S",
                              hands=["QH JH 8D", "KH 9D TD", "AS KS QS", "JS TS 9S"])
    for bid in ("bid 0", "bid 1", "bid 2", "bid 2"):
        deal.apply(bid)
    deal.apply("8D")
    deal.apply("TD")
    deal.apply("AS")  # must trump, void in diamonds
    deal.apply("9S")
    deal.apply("KS")  # hand 2 leads trumps... hand 3 follows, then hand 0 is void in spades
    bot = TechniqueBot()
    deal.apply(bot.choose(deal.observation(3)))
    obs = deal.observation(0)
    assert bot.choose(obs) in obs.legal and bot.last_technique == "exact-bid"


def test_the_search_begins_no_deal_that_would_end_past_its_budget() -> None:
    """With a clock that moves 0.3 s for each sampled deal, a budget of 1 s takes three
    deals: a fourth would end at 1.2 s, so it is not begun."""
    deal = openwhist.new_deal("oh-hell", seed=4, dealer=0, players=6)
    obs = deal.observation(deal.to_move)
    seen = []

    class Slow(ExactBidSearch):
        now = 0.0

        @staticmethod
        def clock() -> float:
            return Slow.now

        def _weight(self, obs: Any, hands: list[int]) -> float:
            seen.append(hands)
            Slow.now += 0.3
            return 1.0

    Slow(worlds=24, seed=1, time_budget=1.0).choose(obs)
    assert len(seen) == 3
    Slow.now = 0.0
    seen.clear()
    Slow(worlds=2, seed=1, time_budget=1.0).choose(obs)
    assert len(seen) == 2                          # fewer deals asked for than the budget allows
