"""Computer players: the protocol, legality, the card-play technique and playing strength."""

from __future__ import annotations

import statistics
import time

import pytest

import openwhist
from openwhist.bots.base import Bot, RandomBot
from openwhist.bots.heuristic import HeuristicBot
from openwhist.cards import Card, parse_hand
from openwhist.errors import IllegalActionError
from openwhist.rules.classic import ClassicState
from openwhist.rules.tricks import cards_of

N, E, S, W = 0, 1, 2, 3


def table(dealer: int, turn_up: str, variant: str = "classic", **hands: str) -> ClassicState:
    """A deal with the given hands (``N=``, ``E=``, ``S=``, ``W=``, in the ``S:.. H:..``
    form); cards left over go, low first, to the hands that still lack cards."""
    masks = [0, 0, 0, 0]
    for name, text in hands.items():
        masks["NESW".index(name)] = parse_hand(text)
    used = masks[0] | masks[1] | masks[2] | masks[3]
    for c in cards_of(((1 << 52) - 1) & ~used):
        seat = min((s for s in range(4) if masks[s].bit_count() < 13),
                   key=lambda s: masks[s].bit_count())
        masks[seat] |= 1 << c
    assert all(m.bit_count() == 13 for m in masks)
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    return openwhist.new_deal(variant, hands=[cards_of(masks[s]) for s in order],
                              turn_up=turn_up, dealer=dealer)


def play(state: ClassicState, *cards: str) -> ClassicState:
    for c in cards:
        state.apply(c)
    return state


def bot_card(state: ClassicState, seed: int = 0) -> str:
    """The card a heuristic bot chooses for the hand to move, seen from its controller."""
    hand = state.to_move
    assert hand is not None
    obs = state.observation(state.controller(hand))
    card = HeuristicBot(seed).choose(obs)
    assert card in obs.legal
    return str(card)


# --- the protocol ------------------------------------------------------------------------


def test_heuristic_bot_follows_the_protocol() -> None:
    bot = HeuristicBot(seed=1)
    assert isinstance(bot, Bot)
    assert bot.name == "heuristic"
    deal = openwhist.new_deal("classic", seed=3, dealer=N)
    assert deal.to_move == E
    with pytest.raises(IllegalActionError):
        bot.choose(deal.observation(S))


def test_only_move_is_played() -> None:
    deal = table(W, "2C", N="S:5 H:AKQJT9876 D:AKQ", E="S:A H:2 D:JT98765432 C:3", W="C:2")
    play(deal, "5S")
    assert bot_card(deal) == "AS"


# --- opening leads -----------------------------------------------------------------------


def test_leads_top_of_a_sequence() -> None:
    deal = table(W, "2H", N="S:KQJ4 H:964 D:873 C:652", W="H:2")
    assert bot_card(deal) == "KS"
    deal = table(W, "2H", N="S:QJT4 H:964 D:873 C:652", W="H:2")
    assert bot_card(deal) == "QS"


def test_leads_king_from_ace_king() -> None:
    deal = table(W, "2H", N="S:AK74 H:964 D:873 C:652", W="H:2")
    assert bot_card(deal) == "KS"


def test_leads_fourth_best_from_a_long_suit() -> None:
    deal = table(W, "2C", N="S:KJ853 H:96 D:742 C:T63", W="C:2")
    assert bot_card(deal) == "5S"


def test_leads_trumps_with_five_or_more() -> None:
    deal = table(W, "2H", N="H:K9753 S:Q84 D:J62 C:73", W="H:2")
    assert bot_card(deal) == "5H"
    # with four trumps the strong plain suit comes first
    deal = table(W, "2H", N="H:K975 S:KQJ4 D:J62 C:73", W="H:2")
    assert bot_card(deal) == "KS"


def test_returns_partners_suit() -> None:
    # East deals, South leads a club, North wins with the ace and returns the suit
    deal = table(E, "2H", N="S:KQ64 H:853 D:T72 C:A92", E="H:2 C:4", S="C:3", W="C:5")
    play(deal, "3C", "5C", "AC", "4C")
    assert deal.to_move == N
    assert bot_card(deal) == "9C"  # the top of the two left


def test_cashes_a_card_that_became_master() -> None:
    # North deals; East cashes the ace of spades, South wins the second trick and now
    # knows that his king of spades is the highest spade left
    deal = table(N, "KC", E="S:A C:2", S="S:K3 H:QJT9 D:86432 C:A5", W="S:4 C:3",
                 N="S:5 C:4K")
    play(deal, "AS", "3S", "4S", "5S", "2C", "AC", "3C", "4C")
    assert deal.to_move == S
    assert bot_card(deal) == "KS"


def test_gives_partner_a_ruff() -> None:
    # South shows a void in spades; when North gets the lead he plays a spade for him
    deal = table(W, "2D", N="S:AK8 H:A632 D:K C:AKQJT", E="S:7532",
                 S="H:KQJT9 D:AQ3 C:65432", W="S:QJT D:2")
    play(deal, "AS", "2S", "9H", "TS")
    assert deal.to_move == N
    assert bot_card(deal) == "8S"


# --- following suit ----------------------------------------------------------------------


def test_second_hand_plays_low() -> None:
    deal = table(W, "2D", N="S:5", E="S:K73 H:AQ4 D:K853 C:J96", W="D:2")
    play(deal, "5S")
    assert bot_card(deal) == "3S"


def test_second_hand_keeps_the_ace_but_takes_a_cheap_certain_winner() -> None:
    deal = table(W, "2D", N="S:5", E="S:A73 H:Q94 D:K853 C:J96", W="D:2")
    play(deal, "5S")
    assert bot_card(deal) == "3S"
    # once the ace and king have gone, the queen is a certain and cheap winner
    deal = table(W, "2D", N="S:A5", E="S:Q73 H:Q94 D:K853 C:J96", S="S:K", W="S:4 D:2")
    play(deal, "AS", "3S", "KS", "4S", "5S")
    assert bot_card(deal) == "QS"


def test_second_hand_covers_an_honour_with_an_honour() -> None:
    deal = table(W, "2D", N="S:Q", E="S:K73 H:AQ4 D:K853 C:J96", W="D:2")
    play(deal, "QS")
    assert bot_card(deal) == "KS"


@pytest.mark.parametrize(("holding", "expected"), [("S:KJ2", "KS"), ("S:KQ2", "QS")])
def test_third_hand_plays_high_but_no_higher_than_needed(holding: str, expected: str) -> None:
    deal = table(W, "2D", N="S:4", E="S:6", S=holding + " H:Q94 D:K85 C:J963", W="D:2")
    play(deal, "4S", "6S")
    assert bot_card(deal) == expected


def test_third_hand_does_not_waste_a_card_when_partner_wins() -> None:
    deal = table(W, "2D", N="S:A", E="S:3", S="S:K52 H:Q94 D:K85 C:J963", W="D:2")
    play(deal, "AS", "3S")
    assert bot_card(deal) == "2S"


def test_fourth_hand_wins_as_cheaply_as_possible() -> None:
    deal = table(W, "2D", N="S:4", E="S:2", S="S:9", W="S:AT3 H:Q94 D:K852 C:J96")
    play(deal, "4S", "2S", "9S")
    assert bot_card(deal) == "TS"


def test_fourth_hand_plays_low_when_partner_wins() -> None:
    deal = table(W, "2D", N="S:4", E="S:K", S="S:2", W="S:AT3 H:Q94 D:K852 C:J96")
    play(deal, "4S", "KS", "2S")
    assert bot_card(deal) == "3S"


# --- void in the suit led ------------------------------------------------------------------


def test_does_not_trump_partners_winner() -> None:
    deal = table(W, "2H", N="S:4", E="S:A", S="S:2", W="H:J52 D:KQ4 C:T987654")
    play(deal, "4S", "AS", "2S")
    assert Card.parse(bot_card(deal)).suit != openwhist.Suit.HEARTS


def test_ruffs_low_when_the_opponents_win() -> None:
    deal = table(W, "2H", N="S:4", E="S:3", S="S:K", W="H:Q952 D:KQ43 C:T9876")
    play(deal, "4S", "3S", "KS")
    assert bot_card(deal) == "2H"


def test_over_ruffs_cheaply() -> None:
    deal = table(W, "2H", N="S:4", E="S:3", S="H:7 D:AKQJT98765 C:32",
                 W="H:Q952 D:432 C:JT9876")
    play(deal, "4S", "3S", "7H")
    assert bot_card(deal) == "9H"


def test_discards_low_from_a_useless_suit_and_keeps_masters() -> None:
    deal = table(W, "TD", N="C:4", E="C:A", S="C:2", W="S:AKQJ H:765432 D:T86")
    play(deal, "4C", "AC", "2C")
    assert bot_card(deal) == "2H"


def test_discard_keeps_the_guard_of_an_honour() -> None:
    deal = table(W, "TD", N="C:4", E="C:A", S="C:2", W="S:K4 H:975432 D:T8654")
    play(deal, "4C", "AC", "2C")
    assert bot_card(deal) == "2H"


# --- Dummy whist -------------------------------------------------------------------------


def test_plays_the_exposed_dummy() -> None:
    # East deals, so the dummy (South) leads; North chooses its card from the open hand
    deal = table(E, "2H", variant="dummy", S="S:KQJ4 H:964 D:873 C:652", E="H:2",
                 N="S:T98 H:JT8 D:JT9 C:JT98")
    assert deal.to_move == S and deal.controller(S) == N
    obs = deal.observation(N)
    card = HeuristicBot(0).choose(obs)
    assert str(card) == "KS"
    assert card in obs.known[S] and card not in obs.hand


def test_dummy_partner_leads_towards_the_dummys_master() -> None:
    deal = table(W, "2H", variant="dummy", N="S:K63 H:QJ4 D:QJ7 C:8642", S="S:JT9 H:T98 D:AK5 C:AKQT",
                 W="H:2")
    assert deal.to_move == N
    assert bot_card(deal) == "2C"  # low to the ace-king-queen of clubs


# --- legality, hidden information, determinism ---------------------------------------------


def _play_out(state: ClassicState, bots: dict[int, Bot]) -> list[str]:
    cards = []
    while not state.is_over():
        hand = state.to_move
        assert hand is not None
        seat = state.controller(hand)
        obs = state.observation(seat)
        card = bots[seat].choose(obs)
        assert card in obs.legal
        assert card in state.legal_actions()
        state.apply(card)
        cards.append(str(card))
    return cards


@pytest.mark.parametrize("variant", ["classic", "dummy", "no-trump", "american"])
def test_only_legal_cards_over_many_deals(variant: str) -> None:
    for seed in range(60):
        state = openwhist.new_deal(variant, seed=seed, dealer=seed % 4)
        bots: dict[int, Bot] = {
            s: HeuristicBot(seed + s) if (s + seed) % 3 else RandomBot(seed + s)
            for s in state.seats}
        _play_out(state, bots)
        assert sum(state.result().tricks) == 13


def test_choice_depends_only_on_what_the_seat_sees() -> None:
    for seed in range(40):
        a = openwhist.new_deal("classic", seed=seed, dealer=W)
        hands = [cards_of(a.hands[s]) for s in (N, E, S, W)]
        # West keeps the turn-up; East's and South's hands are exchanged
        b = openwhist.new_deal("classic", hands=[hands[N], hands[S], hands[E], hands[W]],
                               turn_up=a.turn_up, dealer=W)
        b_obs = b.observation(N)
        assert b_obs.hand == a.observation(N).hand
        assert bot_card(a, seed) == str(HeuristicBot(seed).choose(b_obs))


def test_same_seed_same_game() -> None:
    games = []
    for _ in range(2):
        state = openwhist.new_deal("classic", seed=11)
        games.append(_play_out(state, {s: HeuristicBot(5) for s in range(4)}))
    assert games[0] == games[1]


# --- strength and speed --------------------------------------------------------------------


def _duplicate_gain(seed: int) -> tuple[int, float, int]:
    """Play one deal twice, heuristic pair North-South then East-West, against random
    players; return the heuristic tricks minus the random pair's with the same cards,
    the time spent in heuristic decisions, and their number."""
    taken = 0
    spent = 0.0
    decisions = 0
    for side in (0, 1):
        state = openwhist.new_deal("classic", seed=seed, dealer=seed % 4)
        bots: dict[int, Bot] = {s: HeuristicBot(seed) if s % 2 == side else RandomBot(seed * 4 + s)
                                for s in range(4)}
        while not state.is_over():
            hand = state.to_move
            assert hand is not None
            obs = state.observation(hand)
            bot = bots[hand]
            t0 = time.perf_counter()
            card = bot.choose(obs)
            if isinstance(bot, HeuristicBot):
                spent += time.perf_counter() - t0
                decisions += 1
            state.apply(card)
        taken += state.result().tricks[side]
    return taken - 13, spent, decisions


def test_heuristic_pair_beats_random_pair() -> None:
    gains = []
    spent = 0.0
    decisions = 0
    for seed in range(200):
        gain, t, n = _duplicate_gain(10_000 + seed)
        gains.append(gain)
        spent += t
        decisions += n
    mean = statistics.mean(gains)
    # measured: +3.6 tricks per deal (the heuristic pair takes 8.3 of 13 tricks a table)
    assert mean >= 2.5, f"mean gain {mean:.2f} tricks per deal"
    assert spent / decisions < 1e-3, f"{spent / decisions * 1e6:.0f} us per decision"


def test_bots_positions_and_matches_have_readable_reprs() -> None:
    from openwhist.bots.pimc import PimcBot
    from openwhist.solver import Position

    assert repr(PimcBot(level=1, seed=3)) == ("PimcBot(level=1, worlds=6, time_budget=0.5, trust=0.8, "
                                              "book='heuristic', to_score=True, bid='book', infer='book', "
                                              "endgame=0, endgame_moves=2, seed=3)")
    assert repr(HeuristicBot(seed=2)) == "HeuristicBot(seed=2)"
    assert repr(RandomBot(seed=5)) == "RandomBot(seed=5)"
    pos = Position.from_deal("N:AKQ.-.-.- 432.-.-.- JT9.-.-.- 876.-.-.-", trump="NT")
    assert repr(pos).startswith("<Position N: S:AKQ") and "objective max" in repr(pos)
    match = openwhist.new_match("classic", seed=1, until="deals", count=2)
    assert repr(match) == "<Match classic until=deals count=2 seed=1 deals=0>"
