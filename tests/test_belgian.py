"""Belgian colour whist (rules.md §1): the worked examples of §1.9.2, the illustrative
auction of §1.5 step by step, the edge-case checklist §1.11 item by item, points grids
from files, and properties over random bot-played deals."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import openwhist
from openwhist.bots import HeuristicBot, RandomBot, play_out
from openwhist.cards import Suit
from openwhist.errors import ConfigError, IllegalActionError
from openwhist.rules.belgian import Contract, load_grid, settle

N, E, S, W = range(4)
WHISTHUB = load_grid("whisthub")
SUIT_HANDS = ["AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
              "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"]
"""From the dealer's (N's) left: E all clubs, S all diamonds, W all spades, N all hearts."""


def deal(hands: list[str] | None = None, dealer: int = N, **options: object) -> openwhist.Deal:
    return openwhist.new_deal("belgian", hands=hands or SUIT_HANDS, dealer=dealer, **options)


def calls(d: openwhist.Deal, *texts: str) -> None:
    for t in texts:
        d.apply(t)


def refused(d: openwhist.Deal, text: str) -> str:
    before = d.snapshot()
    with pytest.raises(IllegalActionError) as exc:
        d.apply(text)
    assert d.snapshot() == before
    assert not d.can_apply(text)
    return str(exc.value)


def tricks(**per_seat: int) -> list[int]:
    return [per_seat.get(k, 0) for k in "NESW"]


# --- §1.9.2: the worked examples of Whisthub's zero-sum table ---------------------------------


def score(kind: str, level: int | None, declarers: tuple[int, ...], taken: list[int],
          needed: int | None = None) -> tuple[int, ...]:
    exact = {"small-misere": 0, "piccolo": 1, "grand-misere": 0, "open-misere": 0}
    need = needed if needed is not None else exact.get(kind, level or 13)
    suit = None if kind in exact else Suit.HEARTS
    return settle(WHISTHUB, Contract(kind, level, suit, declarers, need), taken)[1]


def test_alleen_6_taking_7() -> None:
    assert score("solo", 6, (N,), tricks(N=7, E=6)) == (15, -5, -5, -5)


def test_samen_12_taking_10() -> None:
    assert score("pair", 12, (N, S), tricks(N=5, S=5, E=3)) == (-26, 26, -26, 26)


def test_abondance_9_taking_11() -> None:
    assert score("abondance", 9, (E,), tricks(E=11, N=2)) == (-20, 60, -20, -20)


def test_abondance_11_taking_9() -> None:
    assert score("abondance", 11, (E,), tricks(E=9, N=4)) == (20, -60, 20, 20)


def test_troel_with_changed_trump_taking_8() -> None:
    assert score("troel", None, (N, E), tricks(N=4, E=4, S=5), needed=9) == (-16, -16, 16, 16)


def test_troel_taking_all_13() -> None:
    assert score("troel", None, (N, E), tricks(N=7, E=6), needed=8) == (30, 30, -30, -30)


def test_two_grand_miseres_one_made_one_failed() -> None:
    assert score("grand-misere", None, (N, E), tricks(E=1, S=6, W=6)) == (48, -48, 0, 0)


@pytest.mark.parametrize(("level", "taken", "value"), [
    (8, 8, 8), (8, 9, 11), (8, 12, 20), (8, 13, 30), (9, 12, 20), (13, 13, 30),
    (8, 7, -11), (8, 5, -17), (9, 8, -14), (11, 10, -20), (13, 12, -26), (13, 11, -29)])
def test_samen_table(level: int, taken: int, value: int) -> None:
    assert score("pair", level, (N, S), tricks(N=taken, E=13 - taken))[N] == value


@pytest.mark.parametrize(("level", "taken", "value"), [
    (5, 5, 3), (5, 6, 4), (5, 8, 6), (5, 10, 6), (6, 6, 4), (7, 8, 6), (8, 8, 7), (8, 13, 7),
    (5, 4, -4), (5, 2, -6), (6, 5, -5), (7, 6, -6), (8, 7, -8), (8, 5, -10)])
def test_alleen_table(level: int, taken: int, value: int) -> None:
    assert score("solo", level, (N,), tricks(N=taken, E=13 - taken))[E] == -value


@pytest.mark.parametrize(("kind", "value"), [("small-misere", 6), ("piccolo", 8),
                                             ("grand-misere", 12), ("open-misere", 24)])
def test_misere_values(kind: str, value: int) -> None:
    need = 1 if kind == "piccolo" else 0
    assert score(kind, None, (W,), tricks(W=need, N=13 - need)) == (-value, -value, -value, 3 * value)
    assert score(kind, None, (W,), tricks(W=need + 1, N=12 - need)) == (value, value, value, -3 * value)


def test_soloslim_and_abondance_12() -> None:
    assert score("soloslim", None, (S,), tricks(S=13)) == (-60, -60, 180, -60)
    assert score("abondance", 12, (S,), tricks(S=12, N=1)) == (-30, -30, 90, -30)


def test_freewhist_grid_is_positive_and_fixed() -> None:
    grid = load_grid("freewhist")
    contract = Contract("pair", 9, Suit.HEARTS, (N, S), 9)
    assert settle(grid, contract, tricks(N=6, S=5, E=2))[1] == (11, 0, 11, 0)
    assert settle(grid, contract, tricks(N=4, S=4, E=5))[1] == (0, 14, 0, 14)
    assert grid.rank("solo", 5) is None and grid.rank("solo", 6) is not None


# --- §1.5: the illustrative auction, step by step ---------------------------------------------


def test_the_illustrative_auction() -> None:
    # D = N (dealer), A = E, B = S, C = W
    d = deal()
    assert d.phase == "auction" and d.to_move == E
    d.apply("wait")                                   # 1 A: ik wacht
    assert d.to_move == S
    assert "only the first speaker" in refused(d, "wait")
    d.apply("propose clubs")                          # 2 B proposes clubs
    assert d.to_move == W
    d.apply("propose hearts")                         # 3 C proposes hearts: outranks clubs
    assert d.to_move == N
    assert "does not outrank" in refused(d, "propose spades")
    d.apply("accept")                                 # 4 D accepts hearts (holds hearts)
    assert d.calls[-1] == (N, openwhist.parse_action("pair 8 hearts"))
    assert d.to_move == E
    assert "does not outrank" in refused(d, "pair 8 clubs")
    assert "may only accept" in refused(d, "solo 6 clubs")
    d.apply("pair 9 clubs")                           # 5 A accepts clubs at 9
    assert d.to_move == N                             # 6, 7: B and C are bound, skipped
    assert "raise the pair's suit" in refused(d, "pair 10 clubs")
    d.apply("pair 9 hearts")                          # 8 D raises hearts to 9
    assert d.to_move == E
    d.apply("pass")                                   # 9 A passes: the clubs pair drops out
    assert d.to_move == S                             # B, without a partner, speaks
    assert "nobody can still accept" in refused(d, "propose clubs")
    d.apply("pass")                                   # 10 B passes: the auction ends
    obs = d.observation(E)
    assert d.phase == "play" and obs.info["contract"]["name"] == "pair 9 hearts"
    assert set(obs.info["contract"]["declarers"]) == {"W", "N"}
    assert d.trump == Suit.HEARTS and d.to_move == E  # A (left of dealer) leads
    assert d.sides[W] == d.sides[N] != d.sides[E] == d.sides[S]


# --- §1.11: the edge-case checklist, one test per item -----------------------------------------

THREE_ACES = ["AC AD AH KC QC JC TC 9C 8C 7C 6C 5C 4C", "AS KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
              "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 3C", "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H 2C"]
"""E (the dealer's left) holds three aces; S holds the fourth, the ace of spades."""


def test_1_troel_is_found_before_bidding_exactly_three_aces() -> None:
    d = deal(THREE_ACES)
    assert d.observation(W).info["troel"] == "E"
    four = ["AC AD AH AS QC JC TC 9C 8C 7C 6C 5C 4C", "KC KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
            "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 3C", "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H 2C"]
    assert deal(four).observation(W).info["troel"] is None                   # FreeWhist
    hub = deal(four, preset="whisthub")
    assert hub.observation(W).info["troel"] == "E"
    calls(hub, "pass", "pass", "pass", "pass")
    assert hub.phase == "trump" and hub.to_move == N                      # N holds KH
    hub.apply("trump hearts")                         # Whisthub: hearts, unless changed
    assert hub.phase == "play" and hub.trump == Suit.HEARTS
    assert hub.observation(E).info["contract"]["declarers"] == ["E", "N"]
    assert hub.observation(E).info["contract"]["needed"] == 8


def test_2_the_fourth_ace_holder_is_the_partner_names_trump_and_leads() -> None:
    d = deal(THREE_ACES)
    assert "bids above troel" in refused(d, "propose clubs")
    calls(d, "pass", "pass", "pass", "pass")          # pas grote miserie, all four
    assert d.phase == "trump" and d.to_move == S
    assert d.observation(W).known[S].mask == 1 << openwhist.Card.parse("AS")
    d.apply("trump spades")                           # the fourth ace's suit: 8 tricks
    assert d.observation(N).info["contract"]["needed"] == 8 and d.to_move == S
    d.undo()
    d.apply("trump diamonds")                         # another suit: 9 tricks
    assert d.observation(N).info["contract"]["needed"] == 9 and d.trump == Suit.DIAMONDS


FOUR_ACES = ["AC AD AH AS QC JC TC 9C 8C 7C 6C 5C 4C", "KC KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
             "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 3C", "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H 2C"]
"""E (the dealer's left) holds all four aces; N holds the king of hearts."""


def test_2_freewhist_the_troel_partner_leads_any_card() -> None:
    """Seed 003: the holder of the fourth ace leads to the first trick; nothing restricts
    the card, even when he changed trump."""
    for trump in ("spades", "diamonds"):
        d = deal(THREE_ACES)
        calls(d, "pass", "pass", "pass", "pass", f"trump {trump}")
        assert d.phase == "play" and d.to_move == S and d.lead_card is None
        assert len(d.legal_actions()) == 13
        d.apply("5D")                                 # not his ace: allowed


def test_2_whisthub_the_holder_of_the_trump_ace_leads_it() -> None:
    """Whisthub ("Het spel"): in troel the player with the trump ace must lead it."""
    d = deal(THREE_ACES, preset="whisthub")
    calls(d, "pass", "pass", "pass", "pass", "trump spades")   # S keeps his ace's suit
    assert d.phase == "play" and d.to_move == S
    assert [str(c) for c in d.legal_actions()] == ["AS"]
    message = refused(d, "5D")
    assert "must lead the trump ace, AS" in message and "not 5D" in message
    d.apply("AS")
    assert d.to_move == W and len(d.legal_actions()) > 1       # the others follow freely


def test_2_whisthub_after_a_change_of_trump_the_troel_player_leads_its_ace() -> None:
    """Whisthub: the partner changes trump (9 tricks); the lead does not stay with him:
    the holder of the new trump suit's ace, the troel player, leads it."""
    d = deal(THREE_ACES, preset="whisthub")
    calls(d, "pass", "pass", "pass", "pass", "trump diamonds")
    assert d.observation(N).info["contract"]["needed"] == 9
    assert d.to_move == E and [str(c) for c in d.legal_actions()] == ["AD"]
    assert "must lead the trump ace, AD" in refused(d, "AC")
    d.apply("AD")
    d.undo()                                                    # the opening card is forced again
    assert [str(c) for c in d.legal_actions()] == ["AD"]
    d.undo()                                                    # back to the choice of trump
    assert d.phase == "trump" and d.lead_card is None
    d.apply("trump spades")
    assert d.to_move == S and [str(c) for c in d.legal_actions()] == ["AS"]


def test_2_whisthub_four_aces_the_partner_leads_his_highest_heart_or_changes_trump() -> None:
    """Whisthub: with four aces hearts is trump and the partner (the king of hearts) leads
    it, unless he changed trump: then the troel player leads the new trump's ace."""
    d = deal(FOUR_ACES, preset="whisthub")
    calls(d, "pass", "pass", "pass", "pass")
    assert d.phase == "trump" and d.to_move == N
    d.apply("trump hearts")
    assert d.to_move == N and [str(c) for c in d.legal_actions()] == ["KH"]
    assert "must lead his highest heart, KH" in refused(d, "2H")
    d.undo()
    d.apply("trump clubs")
    assert d.observation(S).info["contract"]["needed"] == 9
    assert d.to_move == E and [str(c) for c in d.legal_actions()] == ["AC"]
    # the option alone, on FreeWhist's other rules
    d = deal(FOUR_ACES, troel="three-or-four-aces", troel_lead="trump-ace")
    calls(d, "pass", "pass", "pass", "pass", "trump hearts")
    assert [str(c) for c in d.legal_actions()] == ["KH"]


def test_3_wait_only_for_the_first_speaker_then_only_accept_or_pass() -> None:
    d = deal()
    d.apply("wait")
    d.apply("propose diamonds")
    calls(d, "pass", "pass")
    assert d.to_move == E
    assert "may only accept" in refused(d, "propose clubs")
    assert {str(c) for c in d.legal_actions()} == {"pass"}   # E holds no diamond
    d2 = deal(dealer=W)                               # N speaks first, E second
    d2.apply("pass")
    assert "only the first speaker" in refused(d2, "wait")


def test_4_abondance_and_soloslim_only_on_the_first_turn() -> None:
    d = deal()
    d.apply("propose clubs")
    calls(d, "pass", "pass", "pass")
    assert d.to_move == E
    assert "first turn" in refused(d, "abondance 9 clubs")
    assert "first turn" in refused(d, "soloslim clubs")
    d.apply("solo 6 clubs")                           # going solo stays allowed
    assert d.phase == "play"


def test_5_a_proposal_needs_a_possible_partner_and_a_lone_proposer_passes() -> None:
    d = deal()
    calls(d, "pass", "pass", "pass")
    assert "nobody can still accept" in refused(d, "propose hearts")
    d = deal()
    d.apply("propose clubs")                          # E
    d.apply("propose diamonds")                       # S: E could join a higher suit
    calls(d, "pass", "pass")                          # W, N
    assert d.to_move == E                             # only S could join, and S proposed higher
    assert "nobody can still accept clubs" in refused(d, "propose clubs")
    assert "holds no diamonds" in refused(d, "accept")
    d.apply("pass")
    assert "nobody can still accept diamonds" in refused(d, "propose diamonds")
    d.apply("pass")
    assert d.is_over() and d.result().all_pass


def test_6_an_acceptor_must_hold_a_card_of_the_suit() -> None:
    d = deal()
    d.apply("propose clubs")
    assert "holds no clubs" in refused(d, "pair 8 clubs")
    assert "accept" not in {str(c) for c in d.legal_actions()}


def test_6_whisthub_a_proposer_must_hold_a_card_of_the_suit_too() -> None:
    """Whisthub: "Een speler heeft steeds minstens één kaart nodig van een soort om te
    mogen vragen of meegaan in deze soort."  FreeWhist asks it of the acceptor only."""
    hub = openwhist.new_deal("belgian", preset="whisthub", dealer=N, hands=SUIT_HANDS)
    assert hub.to_move == E                           # E holds only clubs
    assert not hub.can_apply("propose diamonds")
    message = refused(hub, "propose diamonds")
    assert "E holds no diamonds" in message and "only propose a suit with at least one card" in message
    assert {str(c) for c in hub.legal_actions() if str(c).startswith("propose")} == {"propose clubs"}
    hub.apply("propose clubs")
    free = deal()                                     # FreeWhist: the proposal is allowed
    assert free.can_apply("propose diamonds")
    assert not deal(propose_card=True).can_apply("propose diamonds")


def test_7_a_bound_proposer_is_skipped() -> None:
    d = deal()
    d.apply("propose hearts")                         # E
    d.apply("solo 6 diamonds")                        # S
    d.apply("pass")                                   # W
    d.apply("accept")                                 # N joins hearts above solo 6
    assert d.calls[-1][1] == openwhist.parse_action("pair 10 hearts")
    assert d.to_move == S                             # E is bound: skipped
    d.apply("solo 7 diamonds")
    assert d.to_move == N                             # W passed, E bound: N speaks for the pair
    d.apply("pass")                                   # the pair drops out; E is free again
    assert d.to_move == E


def test_8_the_auction_ends_when_every_player_left_is_in_the_contract() -> None:
    d = deal()
    d.apply("grand misere")                           # E
    d.apply("grand misere")                           # S joins: each on his own
    assert d.to_move == W
    calls(d, "pass", "pass")
    c = d.observation(N).info["contract"]
    assert d.phase == "play" and c["name"] == "grand misere" and c["declarers"] == ["E", "S"]
    assert d.sides == (0, 1, 2, 3) and d.to_move == E


def test_9_several_misere_players_each_their_verdict_and_small_misere_discards() -> None:
    d = deal(preset="whisthub")
    calls(d, "small misere", "small misere", "pass", "pass")
    assert d.phase == "discard" and d.to_move == E
    for seat in (E, S, W, N):
        assert d.to_move == seat
        d.apply(d.legal_actions()[-1])
    assert d.phase == "play" and all(m.bit_count() == 12 for m in d.hands)
    assert d.observation(N).hidden == {"discards": 3}
    play_out(d, {s: RandomBot(seed=s) for s in range(4)})
    res = d.result()
    assert sum(res.tricks) + res.stopped == 12 and len(res.made) == 2
    assert sum(res.points) == 0


def test_9b_a_discard_is_seen_only_by_its_player_the_others_see_that_one_was_made() -> None:
    from openwhist.rules.base import UNSEEN_DISCARD
    from openwhist.rules.registry import get_variant

    d = openwhist.new_deal("belgian", seed=0, dealer=0)
    calls(d, *["small-misere"] * 4)
    assert d.phase == "discard" and d.to_move == E
    laid = d.legal_actions()[0]
    d.apply(laid)
    card = str(laid.card)
    for seat in range(4):
        data = d.observation(seat).to_json()
        mine = seat == E
        assert data["calls"][-1] == ["E", f"discard {card}" if mine else "discard"]
        assert (card in str(data)) == mine
        assert data["hidden"] == {"discards": 0 if mine else 1}
        assert data["shown"] == ([card] if mine else [])
    public = d.public_observation().to_json()
    assert public["calls"][-1] == ["E", "discard"] and card not in str(public)
    assert public["hidden"] == {"discards": 1} and public["spectator"] is True
    assert not d.can_apply(UNSEEN_DISCARD) and "names the card" in refused(d, "discard")
    for _ in range(3):
        d.apply(d.legal_actions()[0])
    assert d.phase == "play"
    # a seat's view rebuilds with any sampled discards of the others, which are replayed
    obs = d.observation(S)
    others = [c for h, c in d.discards if h != S]
    fake = [c for c in range(52) if not (d.hands[S] | sum(1 << x for _, x in d.discards)) >> c & 1][:3]
    hands = list(d.hands)
    for real, sampled in zip(others, fake):  # swap each unseen discard into some hand
        holder = next(h for h in range(4) if hands[h] >> sampled & 1)
        hands[holder] ^= (1 << sampled) | (1 << real)
    state = get_variant("belgian").rebuild(obs, hands, {"discards": fake})
    assert state.observation(S) == obs
    assert [int(c) for h, c in state.discards if h != S] == fake
    assert list(state.hands) == hands


def test_10_an_open_misere_hand_is_shown_to_everyone() -> None:
    d = deal()
    d.apply("open misere")
    assert d.observation(N).known == {}
    calls(d, "pass", "pass", "pass")
    for seat in (S, W, N):
        obs = d.observation(seat)
        assert obs.open_hands == (E,) and obs.known[E].mask == d.hands[E]
    assert d.public_observation().open_hands == (E,)
    assert d.public_observation().known[E].mask == d.hands[E]
    later = deal(open_misere="after-first-trick")
    calls(later, "open misere", "pass", "pass", "pass")
    assert later.observation(N).known == {}
    assert later.public_observation().known == {} and later.public_observation().open_hands == ()
    for _ in range(4):
        later.apply(later.legal_actions()[0])
    if not later.is_over():
        assert later.observation(N).known[E].mask == later.hands[E]


def test_11_play_stops_as_soon_as_the_outcome_is_certain() -> None:
    d = deal()
    d.apply("soloslim clubs")                          # E, all clubs: cannot lose a trick
    calls(d, "pass", "pass", "pass")
    assert d.to_move == E                              # the declarer leads
    while not d.is_over():
        d.apply(d.legal_actions()[0])
    assert len(d.tricks) == 13 and d.result().made == (True,)
    d = deal()
    d.apply("grand misere")                            # E, all clubs, leads: wins trick 1
    calls(d, "pass", "pass", "pass")
    for _ in range(4):
        d.apply(d.legal_actions()[0])
    assert d.is_over() and d.result().stopped == 12 and d.result().made == (False,)
    whole = deal(early_stop=False)
    calls(whole, "grand misere", "pass", "pass", "pass")
    while not whole.is_over():
        whole.apply(whole.legal_actions()[0])
    assert len(whole.tricks) == 13


def test_12_suits_break_ties_and_a_lower_suit_must_raise() -> None:
    d = deal()
    d.apply("propose diamonds")                        # E
    assert "does not outrank" in refused(d, "propose clubs")
    d.apply("propose hearts")                          # S: hearts above diamonds
    d.apply("pass")                                    # W
    assert d.can_apply("accept")                       # N holds hearts
    d.apply("accept")
    assert d.calls[-1][1] == openwhist.parse_action("pair 8 hearts")


def test_13_all_pass_the_same_dealer_deals_again() -> None:
    d = deal()
    calls(d, "pass", "pass", "pass", "pass")
    res = d.result()
    assert d.is_over() and res.all_pass and res.points == (0, 0, 0, 0)
    seed = next(s for s in range(50) if openwhist.new_match(
        "whisthub", seed=s, until="deals", count=2).state.observation(0).info["troel"] is None)
    m = openwhist.new_match("belgian", seed=seed, until="deals", count=2)
    dealer = m.state.dealer
    while len(m.sheet) < 1:
        m.apply("pass")
    assert m.state.dealer == dealer
    hub = openwhist.new_match("whisthub", seed=seed, until="deals", count=2)
    while len(hub.sheet) < 1:
        hub.apply("pass")
    assert hub.state.observation(0).info["multiplier"] == 2


def test_14_zero_sum_and_positive_grids() -> None:
    for preset, check in (("whisthub", lambda p: sum(p) == 0),
                          ("freewhist", lambda p: min(p) >= 0)):
        for seed in range(40):
            d = openwhist.new_deal(preset, seed=seed)
            play_out(d, {s: HeuristicBot(seed=s) for s in range(4)})
            assert check(d.result().points)


def test_15_no_revoke_is_possible() -> None:
    d = deal()
    calls(d, "pass", "pass", "pass")
    d.apply("solo 6 hearts")                           # N
    d.apply("2C")                                      # E leads clubs
    d.apply("AD")                                      # S holds no club: he may discard
    assert "must follow" in refused(deal_after_lead(), "2D")


def deal_after_lead() -> openwhist.Deal:
    hands = ["AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2H", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2C",
             "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2D"]
    d = deal(hands)
    calls(d, "pass", "pass", "pass", "solo 6 hearts")
    d.apply("2H")                                      # E leads a heart; he holds no other
    d.apply("2C")                                      # S: no heart, discards
    d.apply("2S")
    return d


# --- points grids: shipped ones by name, a club's own as its text ---------------------------


def club_grid_text() -> str:
    text = Path(openwhist.__file__).parent.joinpath("rules/grids/whisthub.toml").read_text()
    return text.replace("made = 8\n", "made = 10\n", 1).replace('"whisthub"', '"club"', 1)


def test_a_club_grid_given_as_its_text_is_kept_in_the_options() -> None:
    text = club_grid_text()
    m = openwhist.new_match("belgian", grid=text, seed=2, until="deals", count=1)
    assert m.options.points_grid().name == "club"
    assert m.options.points_grid().entry("pair", 8).made == (10,)
    assert m.options.to_dict()["grid"] == text
    from openwhist import records
    again = records.replay(records.loads(records.dumps(records.match_record(m))))
    assert again.options.points_grid().entry("pair", 8).made == (10,)


def test_the_command_line_reads_a_club_grid_file_and_passes_its_text(tmp_path: Path) -> None:
    from openwhist.play import parse_options

    path = tmp_path / "club.toml"
    path.write_text(club_grid_text())
    assert parse_options([f"grid={path}", "early-stop=false"], "belgian") == {
        "grid": club_grid_text(), "early_stop": False}
    assert parse_options(["grid=whisthub"], "belgian") == {"grid": "whisthub"}
    with pytest.raises(ConfigError, match="cannot read"):
        parse_options([f"grid={tmp_path / 'missing.toml'}"], "belgian")


@pytest.mark.parametrize("path", ["/etc/shadow", "/etc/passwd", "club.toml", "../grids/whisthub.toml",
                                  "grids/whisthub", "C:\\grids\\club.toml", "~/club.toml"])
def test_the_rules_read_no_file_a_grid_option_names(path: str) -> None:
    with pytest.raises(ConfigError) as exc:
        openwhist.new_deal("belgian", grid=path)
    assert "neither the name of a points grid" in str(exc.value)
    assert "file path" in str(exc.value)


def test_a_grid_path_error_tells_nothing_of_the_file(tmp_path: Path) -> None:
    secret = tmp_path / "secret.toml"
    secret.write_text('name = "hunter2"\n[[contract]]\nkind = "pair"\n')
    messages = []
    for path in (secret, tmp_path / "absent.toml"):
        with pytest.raises(ConfigError) as exc:
            openwhist.new_deal("belgian", grid=str(path))
        messages.append(str(exc.value).replace(str(path), "PATH"))
    assert messages[0] == messages[1] and "hunter2" not in messages[0]


def test_a_grid_text_is_capped() -> None:
    from openwhist.rules.belgian import GRID_MAX_BYTES

    text = club_grid_text() + "#" * GRID_MAX_BYTES + "\n"
    with pytest.raises(ConfigError, match="at most"):
        openwhist.new_deal("belgian", grid=text)


@pytest.mark.parametrize(("bad", "line", "words"), [
    ('kind = "pair"\nlevel = 8\nmade = 8\nfailed = 11\n[[contract]]\nkind = "solo"\nlevel = 4\n'
     'made = 3\nfailed = 4\n', 9, "level 5-8"),
    ('kind = "pair"\nlevel = 8\nmade = "lots"\nfailed = 11\n', 5, "whole number"),
    ('kind = "pear"\n', 3, "kind must be"),
    ('kind = "pair"\nlevel = 8\nmade = 8\nfailed = 11\nbonus = 3\n', 7, "unknown key"),
    ('kind = "pair"\nlevel = 8\nmade = 8\nfailed = \n', 6, "TOML"),
])
def test_a_bad_grid_names_the_line(bad: str, line: int, words: str) -> None:
    with pytest.raises(ConfigError) as exc:
        openwhist.new_match("belgian", grid='name = "bad"\n[[contract]]\n' + bad, seed=1,
                            until="deals", count=1)
    assert f"line {line}" in str(exc.value) and words in str(exc.value)


def test_unknown_grid_and_missing_piccolissimo() -> None:
    with pytest.raises(ConfigError, match="unknown points grid"):
        openwhist.new_deal("belgian", grid="nowhere")
    assert openwhist.new_deal("belgian", seed=1, piccolissimo=True).options.piccolissimo


# --- properties over random bot-played deals --------------------------------------------------

_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**63 - 1), heuristic=st.booleans())
def test_whisthub_deals_are_zero_sum_and_hide_other_hands(seed: int, heuristic: bool) -> None:
    d = openwhist.new_deal("whisthub", seed=seed, dealer=seed % 4)
    bots = {s: (HeuristicBot(seed=s) if heuristic else RandomBot(seed=seed + s)) for s in range(4)}
    rng = random.Random(seed)
    while not d.is_over():
        seat = rng.randrange(4)
        obs = d.observation(seat)
        exposed = d.exposed()
        troel = d.observation(0).info["contract"]
        for h in obs.known:  # only an open misère hand, or the troel players' telling cards
            assert h == exposed or (troel["name"].startswith("troel") and h in d.contract.declarers)
        assert set(obs.open_hands) <= ({exposed} - {seat})
        hand = d.to_move
        assert hand is not None
        d.apply(bots[hand].choose(d.observation(hand)))
    total = sum(m.bit_count() for m in d.locations().values())
    assert total == 52
    assert sum(d.result().points) == 0


def test_a_thousand_random_deals_are_zero_sum() -> None:
    for seed in range(1000):
        d = openwhist.new_deal("whisthub", seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        while not d.is_over():
            d.apply(rng.choice(list(d.legal_actions())))
        assert sum(d.result().points) == 0


# --- passe parole (Whisthub: the joiner hands the word to the proposer at 11 or more) -------

ROUND = [" ".join(str(openwhist.Card(c)) for c in range(52) if c % 4 == i) for i in range(4)]
"""Every player holds every suit and one ace (no troel): card c goes to seat c % 4."""


def test_passe_parole_is_off_on_freewhist_and_on_on_whisthub() -> None:
    assert not openwhist.new_deal("belgian", seed=1).options.passe_parole
    assert openwhist.new_deal("whisthub", seed=1).options.passe_parole
    d = deal(ROUND)
    calls(d, "propose hearts", "accept", "solo 7 spades", "pass")
    assert d.to_move == S                              # the pair needs 11 now
    assert "not played with these options" in refused(d, "passe parole")


def test_passe_parole_step_by_step() -> None:
    d = deal(ROUND, passe_parole=True)
    d.apply("propose hearts")                          # E proposes
    assert "in no pair" in refused(d, "passe parole")  # S has not joined anyone
    d.apply("accept")                                  # S joins: pair 8 hearts, S speaks
    assert "in no pair" in refused(d, "passe parole")  # W
    d.apply("solo 6 spades")                           # W: the pair needs 10 to stay
    d.apply("pass")                                    # N
    assert d.to_move == S                              # E is bound: skipped
    assert "11 tricks or more" in refused(d, "passe parole")
    assert "passe-parole" not in {c.kind for c in d.legal_actions()}
    d.apply("pair 10 hearts")
    d.apply("solo 7 spades")                           # W: the pair needs 11 now
    assert d.to_move == S
    assert "passe-parole" in {c.kind for c in d.legal_actions()}
    d.apply("passe parole")                            # S hands the word to E
    assert d.to_move == E                              # E decides at once
    assert "already handed over" in refused(d, "passe parole")
    assert "speaks for the pair" in refused(d, "solo 8 hearts")
    assert "may only raise the pair's suit, hearts" in refused(d, "pair 11 spades")
    assert {str(c) for c in d.legal_actions()} == {"pass", "pair 11 hearts", "pair 12 hearts",
                                                   "pair 13 hearts"}
    d.apply("pair 11 hearts")
    assert d.to_move == W                              # S is bound now: skipped, N passed
    d.apply("pass")
    c = d.observation(N).info["contract"]
    assert d.phase == "play" and c["name"] == "pair 11 hearts" and c["declarers"] == ["E", "S"]


def test_after_passe_parole_the_proposer_may_pass_and_free_his_partner() -> None:
    d = deal(ROUND, passe_parole=True)
    calls(d, "propose hearts", "accept", "solo 7 spades", "pass", "passe parole")
    before = d.snapshot()
    d.apply("pass")                                    # E passes for the pair
    assert d.to_move == S                              # S is free again and speaks
    assert d.can_apply("solo 8 hearts")
    d.apply("pass")
    assert d.observation(N).info["contract"]["name"] == "solo 7 spades"
    d.undo()
    d.undo()
    assert d.snapshot() == before and d.to_move == E
    d.undo()
    assert d.to_move == S and d.can_apply("passe parole")


# --- Whisthub's bidding restrictions -------------------------------------------------------


def test_whisthub_preset_restricts_bidding_and_freewhist_does_not() -> None:
    hub = openwhist.new_deal("whisthub", seed=1).options
    assert (hub.solo_suit, hub.asks_per_suit, hub.bound_suit) == ("proposed", 2, True)
    free = openwhist.new_deal("belgian", seed=1).options
    assert (free.solo_suit, free.asks_per_suit, free.bound_suit) == ("any", 0, False)


def test_solo_only_in_a_proposed_suit_unless_nobody_can_join() -> None:
    d = deal(ROUND, solo_suit="proposed")
    assert "only in a suit he proposed" in refused(d, "solo 6 hearts")   # E: others may join
    d.apply("propose hearts")                          # E
    d.apply("accept")                                  # S: pair 8 hearts
    assert "has not proposed clubs" in refused(d, "solo 6 clubs")        # W: N may still join
    d.apply("pass")                                    # W
    d.apply("solo 6 clubs")                            # N: nobody is left to join him
    assert d.to_move == S
    d.apply("pass")                                    # the pair drops out: E is free again
    assert d.to_move == E
    assert d.can_apply("solo 7 hearts")                # the suit he proposed
    assert d.can_apply("solo 7 spades")                # nobody could join him any more
    free = deal(ROUND)
    assert free.can_apply("solo 6 hearts")             # FreeWhist: any suit


def test_a_suit_may_be_asked_only_so_often() -> None:
    def to_the_second_ask(**options: object) -> openwhist.Deal:
        d = deal(ROUND, **options)
        calls(d, "propose spades", "accept")           # E asks spades, S joins
        d.apply("propose diamonds")                    # W asks diamonds (once)
        d.apply("solo 6 hearts")                       # N
        d.apply("pass")                                # S: the spades pair drops out
        assert d.to_move == W                          # E could still join diamonds
        return d
    once = to_the_second_ask(asks_per_suit=1)
    assert "has asked diamonds once already" in refused(once, "propose diamonds")
    assert "propose diamonds" not in {str(c) for c in once.legal_actions()}
    twice = to_the_second_ask(asks_per_suit=2)
    twice.apply("propose diamonds")                    # the second time: he keeps his suit
    assert twice.observation(N).info["proposals"]["W"] == "diamonds"
    assert to_the_second_ask().can_apply("propose diamonds")   # FreeWhist: no limit


def test_a_bound_player_bids_only_in_his_suit_and_no_misere() -> None:
    d = deal(ROUND, bound_suit=True)
    calls(d, "propose hearts", "accept")               # E and S are bound to hearts
    d.apply("solo 6 spades")                           # W is bound to spades
    d.apply("pass")                                    # N
    d.apply("pass")                                    # S drops out: E is left alone, bound
    assert d.to_move == E
    assert "no longer bid misère" in refused(d, "small misere")
    assert "only bid further in hearts" in refused(d, "solo 7 clubs")
    d.apply("solo 7 hearts")
    assert d.to_move == W
    assert "no longer bid misère" in refused(d, "grand misere")
    assert "only bid further in spades" in refused(d, "solo 8 diamonds")
    assert {str(c) for c in d.legal_actions()} >= {"pass", "solo 8 spades"}
    free = deal(ROUND)
    calls(free, "propose hearts", "accept", "solo 6 spades", "pass", "pass")
    assert free.can_apply("small misere") and free.can_apply("solo 7 clubs")


def test_a_bound_proposer_may_not_join_another_suit() -> None:
    def alone_with_clubs(**options: object) -> openwhist.Deal:
        d = deal(ROUND, **options)
        calls(d, "propose clubs", "accept")            # E and S: clubs
        d.apply("propose hearts")                      # W
        d.apply("pass")                                # N
        d.apply("pass")                                # S: E is left alone with clubs
        d.apply("propose hearts")                      # W keeps hearts: E could join
        assert d.to_move == E
        return d
    d = alone_with_clubs(bound_suit=True)
    assert "may only join a proposal of clubs" in refused(d, "accept")
    assert "only bid further in clubs" in refused(d, "pair 9 hearts")
    assert alone_with_clubs().can_apply("accept")


# --- the referee rule: an optional plausibility check above troel ----------------------------

LOW = ["2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S",
       "AC KC QC JC TC 9C 8C 7C 6C 6D 7D 8D 9D",
       "AD KD QD JD TD 3S 4S 5S 6S 7S 8S 9S TS",
       "AH KH QH JH TH 9H 8H 7H 6H AS KS QS JS"]
"""E (the dealer's left) holds only low cards; S all the high clubs; N the high hearts and
spades."""


def test_quick_tricks_and_high_card_points() -> None:
    from openwhist.cards import parse_hand
    from openwhist.rules.belgian import high_card_points, quick_tricks
    hand = parse_hand("AKQJT98.AK.A.432")                 # spades, hearts, diamonds, clubs
    assert quick_tricks(hand, Suit.SPADES) == 10
    assert quick_tricks(hand, Suit.CLUBS) == 0 + 3 + 2 + 1  # 432 trump; side AKQ.., AK, A
    assert quick_tricks(parse_hand("KQ5432.5.432.432"), Suit.SPADES) == 5
    assert quick_tricks(parse_hand("KQ5432.5.432.432"), Suit.HEARTS) == 0
    assert high_card_points(hand) == 4 + 3 + 2 + 1 + 4 + 3 + 4
    assert high_card_points(sum(1 << openwhist.Card.parse(c) for c in LOW[0].split())) == 0


def test_the_referee_is_off_by_default_and_in_both_presets() -> None:
    assert not openwhist.new_deal("belgian", seed=1).options.referee
    assert not openwhist.new_deal("whisthub", seed=1).options.referee
    d = deal(ROUND)
    assert d.can_apply("abondance 11 hearts") and d.can_apply("grand misere")


def test_the_referee_refuses_implausible_games_above_troel() -> None:
    d = deal(ROUND, referee=True)                      # E: 10 points, one ace, no long suit
    why = refused(d, "abondance 10 hearts")
    assert "referee refuses" in why and "quick count gives" in why and "must pass or bid" in why
    assert "10 high-card points" in refused(d, "grand misere")
    assert "soloslim" not in {c.kind for c in d.legal_actions()}
    assert d.can_apply("abondance 9 hearts")           # below troel: no referee
    assert d.can_apply("small misere") and d.can_apply("pass")
    d.apply("pass")                                    # the player passes instead


def test_the_referee_allows_plausible_games() -> None:
    d = deal(SUIT_HANDS, referee=True)                 # E holds all thirteen clubs
    assert d.can_apply("soloslim clubs") and d.can_apply("abondance 12 clubs")
    assert "gives 3 tricks with hearts trump" in refused(d, "abondance 10 hearts")
    assert "10 high-card points" in refused(d, "open misere")
    low = deal(LOW, referee=True)
    low.apply("grand misere")                          # E: no high card at all
    assert "high-card points" in refused(low, "grand misere")  # S may not join with his clubs
    low.apply("abondance 10 clubs")                    # S: AKQJT9876 of clubs
    assert low.calls[-1] == (S, openwhist.parse_action("abondance 10 clubs"))


def test_with_every_bidding_option_on_the_legal_calls_are_exactly_those_allowed() -> None:
    from openwhist.rules.base import Call
    every = [Call(i) for i in range(Call.FIRST, Call.FIRST + len(Call._cache))
             if Call(i).kind not in ("take", "discard", "trump", "troel")]
    seen: set[str] = set()
    for seed in range(150):
        d = openwhist.new_deal("whisthub", seed=seed, dealer=seed % 4, referee=True)
        rng = random.Random(seed)
        while d.phase == "auction":
            legal = set(d.legal_actions())
            assert legal == {c for c in every if d.can_apply(c)} | ({Call.make("accept")} & legal)
            before = d.snapshot()
            options = sorted(legal)             # auctions with many pairs and solos
            weights = [4 if c.kind in ("propose", "accept", "pair", "solo", "passe-parole")
                       else 1 if c.kind == "pass" else 0.2 for c in options]
            call = rng.choices(options, weights)[0]
            d.apply(call)
            seen.add(call.kind)
            d.undo()
            assert d.snapshot() == before
            d.apply(call)
        play_out(d, {s: RandomBot(seed=s) for s in range(4)})
        assert sum(d.result().points) == 0
    assert {"passe-parole", "propose", "pair", "solo"} <= seen


@_SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32), whisthub=st.booleans(),
       referee=st.booleans())
def test_the_legal_calls_are_in_order_those_with_no_refusal(seed: int, whisthub: bool,
                                                             referee: bool) -> None:
    from openwhist.rules.belgian import AUCTION_CALLS
    from openwhist.rules.belgian.auction import ACCEPT
    d = openwhist.new_deal("whisthub" if whisthub else "belgian", seed=seed, dealer=seed % 4,
                           referee=referee)
    rng = random.Random(seed)
    while d.phase == "auction":
        auction, h = d.auction, d.to_move
        allowed = [c for c in AUCTION_CALLS if auction.refusal(h, c) is None]
        if auction.partner[h] < 0 and auction.best_accept(h) is not None:
            allowed.insert(1, ACCEPT)
        legal = d.legal_actions()
        assert list(legal) == allowed
        bids = [c for c in legal if c.kind != "pass"]
        d.apply(rng.choice(bids) if bids and rng.random() < 0.8 else legal[0])


def test_simulate_on_the_command_line_with_a_club_grid_file(tmp_path: Path) -> None:
    import json

    from typer.testing import CliRunner

    from openwhist.cli import app

    path = tmp_path / "club.toml"
    path.write_text(club_grid_text())
    args = ["simulate", "--variant", "belgian", "--deals", "2", "--bots", "random", "--seed", "1",
            "--json", "-o", f"grid={path}"]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["deals"] == 2
    path.write_text('name = "bad"\n[[contract]]\nkind = "pear"\n')
    bad = CliRunner().invoke(app, args)
    assert bad.exit_code != 0 and "line 3" in bad.output and "kind must be" in bad.output


# --- the freewhist preset's points grid says what it is -----------------------------------------


def test_the_freewhist_grid_says_it_is_a_stand_in_and_why() -> None:
    """FreeWhist's own grid is not in our sources (rules.md §1.0): the preset says so, in
    the rules command, in the grid's source and in its file's header."""
    from typer.testing import CliRunner

    from openwhist import cli
    from openwhist.cli import app
    from openwhist.rules.belgian import GRIDS

    width = cli.console.width  # the console's width is fixed when it is made: widen it here
    cli.console.width = 400
    try:
        out = CliRunner().invoke(app, ["rules", "belgian", "--preset", "freewhist"])
    finally:
        cli.console.width = width
    assert out.exit_code == 0
    text = " ".join(out.stdout.split())
    assert "freewhist is a stand-in, not FreeWhist's grid, which is not in our sources" in text
    assert "only the winning side scores" in text and "no overtricks" in text
    grid = load_grid("freewhist")
    assert grid.source.startswith("stand-in: FreeWhist.be's grid is not in our sources")
    assert grid.settlement == "positive" and grid.rank("solo", 5) is None
    header = (GRIDS / "freewhist.toml").read_text(encoding="utf-8").split("name =")[0]
    assert "STAND-IN, not FreeWhist.be's grid" in header and "Why:" in header
    # what it means: a made pair 8 with 10 tricks gains 8 each, no overtricks; a failed
    # solo 6 pays each opponent 5 and costs the declarer nothing
    free = load_grid("freewhist")
    pair = Contract("pair", 8, Suit.HEARTS, (N, S), 8)
    assert settle(free, pair, tricks(N=5, S=5, E=2, W=1))[1] == (8, 0, 8, 0)
    solo = Contract("solo", 6, Suit.HEARTS, (E,), 6)
    assert settle(free, solo, tricks(E=4, N=3, S=3, W=3))[1] == (5, 0, 5, 5)


def test_the_auction_keeps_the_keys_of_a_bounded_number_of_grids() -> None:
    from openwhist.rules.belgian import auction
    first = openwhist.new_deal("belgian", grid=club_grid_text(), seed=5).legal_actions()
    for i in range(3 * auction._KEYS_KEPT):
        d = openwhist.new_deal("belgian", grid=club_grid_text() + f"# copy {i}\n", seed=5)
        assert d.legal_actions() == first
        assert len(auction._KEYS) <= auction._KEYS_KEPT
