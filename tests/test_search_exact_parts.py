"""The pieces of the exact-bid search: its play-outs by the book on the state's own masks,
the trumps read from the play rule and the sampler that keeps them out, the levels'
settings, and the arena's recall of a paired bot's choices."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import openwhist
from openwhist import arena
from openwhist.arena import board_seed
from openwhist.bots import make_bot
from openwhist.bots.heuristic import HeuristicBot
from openwhist.bots.search_exact import (
    ExactBidSearch,
    book_play_out,
    book_surprises,
    lacks_by_rule,
)
from openwhist.cards import SUIT_MASKS
from openwhist.rules.exactbid import ExactBidOptions, new_exact_bid_deal
from openwhist.rules.registry import resolve


def _played_to(variant: str, players: int, seed: int, actions: int) -> object:
    """A deal of ``variant`` after ``actions`` random legal bids and cards."""
    deal = openwhist.new_deal(variant, seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(actions):
        if deal.is_over():
            break
        deal.apply(rng.choice(list(deal.legal_actions())))
    return deal


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["romanian", "oh-hell"]), st.integers(3, 6), st.integers(0, 10_000),
       st.integers(0, 40))
def test_the_play_out_plays_the_cards_of_the_book(variant: str, players: int, seed: int,
                                                   actions: int) -> None:
    # from any point of a deal: the same bids and cards as the book on each observation
    deal = _played_to(variant, players, seed, actions)
    if deal.is_over():  # type: ignore[attr-defined]
        return
    book = HeuristicBot()
    by_obs, by_masks = deal.clone(), deal.clone()  # type: ignore[attr-defined]
    while not by_obs.is_over():
        by_obs.apply(book.choose(by_obs.observation(by_obs.to_move)))
    book_play_out(by_masks, book)
    assert by_masks.history == by_obs.history
    assert by_masks.result().points == by_obs.result().points


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["romanian", "oh-hell"]), st.integers(3, 6), st.integers(0, 10_000),
       st.integers(0, 40), st.integers(0, 5))
def test_the_surprises_are_the_cards_the_book_would_not_have_played(
        variant: str, players: int, seed: int, actions: int, me: int) -> None:
    deal = _played_to(variant, players, seed, actions)
    if deal.is_over() or deal.phase != "play":  # type: ignore[attr-defined]
        return
    me %= players
    book = HeuristicBot()
    replay = openwhist.new_deal(variant, seed=seed, players=players)
    expected = 0
    for action in deal.history:  # type: ignore[attr-defined]
        if replay.phase == "play" and replay.to_move != me:
            expected += book.choose(replay.observation(replay.to_move)) != action
        replay.apply(action)
    before = deal.snapshot()  # type: ignore[attr-defined]
    assert book_surprises(deal, me) == expected
    assert deal.snapshot() == before  # type: ignore[attr-defined]


def test_a_player_who_neither_follows_nor_trumps_holds_no_trump() -> None:
    # spades trump; hand 3 is void in diamonds and discards a heart: it has no spade left
    deal = new_exact_bid_deal("romanian", ExactBidOptions(), dealer=3, turn_up="7S",
                              hands=["AD KH QC", "KD QH JC", "QD JH TC", "TH 9H 9C"])
    for bid in ("bid 1", "bid 1", "bid 0", "bid 0"):
        deal.apply(bid)
    deal.apply("AD")
    deal.apply("KD")
    deal.apply("QD")
    assert lacks_by_rule(deal.observation(0)) == {}
    deal.apply("TH")
    assert lacks_by_rule(deal.observation(0)) == {3: {3}}
    # Oh Hell asks no trump of a void hand: a discard says nothing of its trumps
    oh = new_exact_bid_deal("oh-hell", ExactBidOptions(must_trump=False), dealer=3,
                            turn_up="7S", hands=["AD KH QC", "KD QH JC", "QD JH TC", "TH 9H 9C"])
    for action in ("bid 1", "bid 1", "bid 0", "bid 0", "AD", "KD", "QD", "TH"):
        oh.apply(action)
    assert lacks_by_rule(oh.observation(0)) == {}


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 6), st.integers(0, 10_000), st.integers(0, 40))
def test_the_trumps_read_from_the_play_rule_are_true_and_never_dealt(
        players: int, seed: int, actions: int) -> None:
    deal = _played_to("romanian", players, seed, actions)
    if deal.is_over():  # type: ignore[attr-defined]
        return
    seat = deal.to_move  # type: ignore[attr-defined]
    obs = deal.observation(seat)  # type: ignore[attr-defined]
    lacks = lacks_by_rule(obs)
    trump = int(obs.trump) if obs.trump is not None else -1
    for h, suits in lacks.items():
        assert suits == {trump}
        assert not deal.hands[h] & SUIT_MASKS[trump]  # type: ignore[attr-defined]
    rng = random.Random(seed)
    for _ in range(10):
        drawn = obs.sample_holdings(rng, lacks=lacks)
        assert drawn is not None  # the true deal fits, so a sampled one is found
        hands, _ = drawn
        for h in lacks:
            assert not hands[h] & SUIT_MASKS[trump]


def test_expert_searches_more_than_strong_where_each_bids_his_tricks() -> None:
    deal = openwhist.new_deal("romanian", seed=2, players=4)
    obs = deal.observation(deal.to_move)
    searches = {}
    for level in ("strong", "expert"):
        bot = make_bot(level, seed=1)
        bot.choose(obs)
        searches[level] = bot._exact_search
    strong, expert = searches["strong"], searches["expert"]
    assert isinstance(strong, ExactBidSearch) and isinstance(expert, ExactBidSearch)
    assert (strong.worlds, strong.bid_worlds, strong.deeper, strong.read_trumps) == (48, 192, 1, True)
    assert (expert.worlds, expert.bid_worlds, expert.deeper, expert.read_trumps) == (96, 384, 1, True)


def test_a_recalled_bot_plays_a_board_as_one_that_decides_again(monkeypatch: Any) -> None:
    # paired seeds: a seat's bot sees the same play in several plays of the board; recalling
    # its choice and its state gives the same board as deciding each time (the clock
    # stopped, so that no budget cuts a search short in one play and not in another)
    monkeypatch.setattr(ExactBidSearch, "clock", staticmethod(lambda: 0.0))
    calls = []
    choose = ExactBidSearch.choose

    def counted(self: ExactBidSearch, obs: Any) -> Any:
        calls.append(1)
        return choose(self, obs)

    monkeypatch.setattr(ExactBidSearch, "choose", counted)
    name, opts = resolve("oh-hell", players=3)
    for board in (1,):
        bseed = board_seed(5, board)
        recalled = arena._rotate_board(name, opts, ("club", "strong"), bseed, board,
                                       paired=True)
        decided = len(calls)
        again = arena._rotate_board(name, opts, ("club", "strong"), bseed, board, paired=True,
                                    recall=False)
        assert recalled == again
        assert decided < len(calls) - decided  # some choices were recalled, not decided
        calls.clear()
