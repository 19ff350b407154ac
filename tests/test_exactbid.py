"""Romanian whist and Oh Hell (rules.md §4.4, §4.5): the rule book's examples, the golden
game of another engine re-scored to its totals, and random play for 3 to 6 players
(the deck per player count, the bar, must-trump, 3n + 12 deals, undo, what each seat sees).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import openwhist
from openwhist import records
from openwhist.cards import SUIT_MASKS, Card
from openwhist.errors import ConfigError, IllegalActionError
from openwhist.rules.actions import Call
from openwhist.rules.exactbid import (
    OH_HELL_PRESETS,
    ExactBidMatchRules,
    ExactBidOptions,
    deal_points,
    deck_mask,
    forbidden_bid,
    schedule,
    score_deal,
    streak_points,
)
from openwhist.rules.registry import get_variant

GOLDEN = Path(__file__).parent / "data" / "romanian_golden_4p.json"
"""A whole 4-player game of an open-source Romanian whist engine: bids and tricks per deal,
and the final totals its scoring gives (see the file's ``about``)."""
_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def bid(k: int) -> Call:
    return Call.make("bid", k)


# --- the rule book's examples ----------------------------------------------------------------


def test_the_deck_keeps_the_highest_eight_cards_a_player() -> None:
    """rules.md §4.4: 3 players 24 cards (A-9), 4 32 (A-7), 5 40 (A-5), 6 48 (A-3)."""
    for n, size, lowest in ((3, 24, "9"), (4, 32, "7"), (5, 40, "5"), (6, 48, "3")):
        mask = deck_mask(ExactBidOptions(players=n))
        assert mask.bit_count() == size
        assert {str(Card(c))[0] for c in range(52) if mask >> c & 1 and Card(c).rank == min(
            Card(d).rank for d in range(52) if mask >> d & 1)} == {lowest}
    assert deck_mask(OH_HELL_PRESETS["oh-hell-basic"]).bit_count() == 52


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_a_1_8_1_game_has_3n_plus_12_deals(n: int) -> None:
    deals = schedule(ExactBidOptions(players=n))
    assert len(deals) == 3 * n + 12
    sizes = [k for k, _ in deals]
    assert sizes == [1] * n + list(range(2, 8)) + [8] * n + list(range(7, 1, -1)) + [1] * n
    eight = [k for k, _ in schedule(ExactBidOptions(players=n, schedule="max-1-max"))]
    assert eight == [8] * n + list(range(7, 1, -1)) + [1] * n + list(range(2, 8)) + [8] * n


def test_exact_bid_scores_five_plus_the_bid_and_a_miss_the_difference() -> None:
    rom = ExactBidOptions()
    assert [deal_points(rom, b, b) for b in range(9)] == [5 + b for b in range(9)]
    assert deal_points(rom, 3, 1) == -2 and deal_points(rom, 0, 4) == -4


def test_five_exact_bids_of_zero_in_a_row_score_5_5_5_5_15() -> None:
    """rules.md §4.4's golden facts, in deals of 2 or more cards."""
    rom, run, got = ExactBidOptions(), (0, 0), []
    for _ in range(5):
        res = score_deal(rom, 3, [0, 1, 1, 0], [0, 2, 1, 0], (run,) * 4)
        got.append(res.points[0])
        run = res.runs[0]
    assert got == [5, 5, 5, 5, 15]


def test_five_misses_by_one_in_a_row_score_minus_1_four_times_then_minus_11() -> None:
    rom, run, got = ExactBidOptions(), (0, 0), []
    for _ in range(5):
        extra, run = streak_points(rom, 4, False, run)
        got.append(deal_points(rom, 2, 3) + extra)
    assert got == [-1, -1, -1, -1, -11]


def test_a_run_of_ten_earns_one_bonus_and_one_card_deals_stay_outside() -> None:
    rom, run, extras = ExactBidOptions(), (0, 0), []
    for k in [2, 3, 1, 4, 1, 5, 6, 7, 8, 8, 8, 8]:
        extra, run = streak_points(rom, k, True, run)
        extras.append(extra)
    # the 1-card deals neither count nor break the run: the 5th hit is the 7th deal
    assert extras == [0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0]
    # a miss breaks the run
    assert streak_points(rom, 2, False, (4, 0)) == (0, (0, 1))


def test_whist_mate_scores_ten_plus_bid_on_the_fifth_and_starts_again() -> None:
    mate = get_variant("romanian").options("romanian-whist-mate")
    run, got = (0, 0), []
    for _ in range(10):
        extra, run = streak_points(mate, 3, True, run)
        got.append(deal_points(mate, 2, 2) + extra)
    assert got == [7, 7, 7, 7, 12, 7, 7, 7, 7, 12]  # 10 + bid on each 5th


def test_oh_hell_scorings() -> None:
    """rules.md §4.5's table: pagat basic / OpenSpiel, Wikipedia, oocities,
    traditionalgamerules, OpenSpiel's off_bid_penalty."""
    p = OH_HELL_PRESETS
    cases = {
        "oh-hell-basic": ((12, 3), (10, 0)),
        "oh-hell-zero": ((12, 0), (10, 0)),
        "oh-hell-difference": ((7, -1), (5, -2)),
        "oh-hell-plus-five": ((7, 3), (5, 0)),
        "oh-hell-penalty": ((12, -1), (10, -2)),
    }
    for name, ((made2, over), (made0, missed0)) in cases.items():
        o = p[name]
        assert deal_points(o, 2, 2) == made2 and deal_points(o, 2, 3) == over, name
        assert deal_points(o, 0, 0) == made0 and deal_points(o, 2, 0) == missed0, name


def test_the_bar_falls_on_the_dealer_alone() -> None:
    """rules.md §4.5's example: five cards, bids 2, 0, 1: the dealer may not bid 2; bids of
    3, 1, 2 already exceed five and leave him free."""
    o = ExactBidOptions()
    assert forbidden_bid(o, 5, [2, 0, 1, None], 3, 3) == 2
    assert forbidden_bid(o, 5, [3, 1, 2, None], 3, 3) is None
    assert forbidden_bid(o, 5, [None, 0, 1, None], 0, 3) is None  # not the dealer
    assert forbidden_bid(OH_HELL_PRESETS["oh-hell-no-hook"], 5, [2, 0, 1, None], 3, 3) is None


def test_the_dealer_is_refused_the_barred_bid_with_the_reason() -> None:
    deal = openwhist.new_deal("romanian", seed=4, dealer=3)
    assert deal.cards == 8 and deal.to_move == 0
    for k in (2, 3, 1):
        deal.apply(bid(k))
    assert deal.to_move == 3 and deal.forbidden == 2
    assert bid(2) not in deal.legal_actions() and len(deal.legal_actions()) == 8
    before = deal.snapshot()
    with pytest.raises(IllegalActionError, match="may not bid 2: the bids would total 8"):
        deal.apply("bid 2")
    assert deal.snapshot() == before
    with pytest.raises(IllegalActionError, match="bids first"):
        deal.apply(next(iter(openwhist.cards.CardSet(deal.hands[3]))))
    with pytest.raises(IllegalActionError, match="cannot bid 9"):
        deal.apply("bid 9")
    deal.apply("bid 0")
    assert deal.phase == "play" and deal.to_move == 0
    with pytest.raises(IllegalActionError, match="plays a card"):
        deal.apply("bid 1")


def test_romanian_must_trump_when_void_and_oh_hell_need_not() -> None:
    # three players, 2 cards each, hearts turned: A leads a spade, B has no spade but a heart
    hands = ["AS KS", "AH TD", "QS JS"]
    for variant, must in (("romanian", True), ("oh-hell", False)):
        deal = openwhist.new_deal(variant, players=3, dealer=2, hands=hands, turn_up="9H",
                                  max_cards=8)
        assert deal.trump == openwhist.cards.Suit.HEARTS
        for k in (0, 0, 1):
            deal.apply(bid(k))
        deal.apply("AS")
        legal = {str(c) for c in deal.legal_actions()}
        assert legal == ({"AH"} if must else {"AH", "TD"})
        if must:
            with pytest.raises(IllegalActionError, match="must trump: TD"):
                deal.apply("TD")
        else:
            deal.apply("TD")


def test_seven_players_are_refused_with_a_clear_message() -> None:
    for variant in ("romanian", "oh-hell"):
        with pytest.raises(ConfigError, match="players is a whole number in 3..6, not 7"):
            openwhist.new_deal(variant, players=7)
        with pytest.raises(ConfigError, match="players is a whole number in 3..6, not 7"):
            openwhist.new_match(variant, players=7)
    with pytest.raises(ConfigError, match="max_cards is at most 8"):
        ExactBidOptions(players=6, deck="full", max_cards=9)


def test_the_eight_card_deals_have_no_trump_and_the_others_a_turned_card() -> None:
    for n in (3, 4, 5, 6):
        eight = openwhist.new_deal("romanian", seed=n, players=n)
        assert eight.trump is None and eight.turn_up is None and eight.stock == 0
        rules = get_variant("romanian").deal
        opts = ExactBidOptions(players=n)
        seven = rules(opts, seed=n, cards=7)
        assert seven.turn_up is not None and seven.trump == seven.turn_up.suit
        assert seven.stock.bit_count() == n - 1


# --- the golden game ----------------------------------------------------------------------------


def _golden() -> dict[str, object]:
    data: dict[str, object] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


def _rescore(opts: ExactBidOptions) -> list[int]:
    data = _golden()
    rules = ExactBidMatchRules(opts)
    runs = rules.runs
    totals = [0] * 4
    for k, deal in zip(data["cards_per_deal"], data["record_bid_took"]):  # type: ignore[call-overload]
        res = score_deal(opts, k, [b for b, _ in deal], [t for _, t in deal], runs)
        runs = res.runs
        totals = [a + b for a, b in zip(totals, res.points)]
    return totals


def test_the_golden_game_rescores_to_its_totals() -> None:
    """A whole 4-player 1-8-1 game of another engine (bids and tricks per deal): our
    schedule deals the same hand sizes and our scoring gives its final totals, 39 56 10 16."""
    data = _golden()
    opts = get_variant("romanian").options()
    assert [k for k, _ in schedule(opts)] == data["cards_per_deal"]
    assert _rescore(opts) == data["final_scores"] == [39, 56, 10, 16]
    # the 1-card deals outside the streaks are what makes the totals (rules.md §4.4)
    assert _rescore(ExactBidOptions(streak_ones=True)) != data["final_scores"]


def test_the_golden_game_through_the_match_rules() -> None:
    """The same game through the match's own rules: deal by deal, the points (streaks
    included) fold into each player's total and the game's winner."""
    data = _golden()
    opts = get_variant("romanian").options()
    rules = ExactBidMatchRules(opts)

    class Played:
        def __init__(self, k: int, deal: list[list[int]]) -> None:
            self.dealer, self.trump = 0, None
            self._res = score_deal(opts, k, [b for b, _ in deal], [t for _, t in deal],
                                   rules.runs)

        def result(self) -> object:
            return self._res

    for number, (k, deal) in enumerate(zip(data["cards_per_deal"], data["record_bid_took"])):  # type: ignore[call-overload]
        assert rules.deal_args()["cards"] == k
        rules.add_deal(Played(k, deal), number + 1)
    assert rules.totals == [39, 56, 10, 16]
    assert rules.is_over("game", 1, 24) and rules.games[0].winner == 1


# --- random play for 3 to 6 players ----------------------------------------------------------------

_PLAYERS = st.integers(min_value=3, max_value=6)
_SEEDS = st.integers(min_value=0, max_value=2**62)


def _random_deal(variant: str, n: int, seed: int) -> openwhist.rules.exactbid.ExactBidState:
    rng = random.Random(seed)
    opts = get_variant(variant).options(players=n)
    k = rng.randint(1, opts.most_cards)
    state: openwhist.rules.exactbid.ExactBidState = get_variant(variant).deal(
        opts, seed=seed, dealer=rng.randrange(n), cards=k)
    return state


@pytest.mark.parametrize("variant", ["romanian", "oh-hell"])
@_SETTINGS
@given(n=_PLAYERS, seed=_SEEDS)
def test_random_play_keeps_every_rule(variant: str, n: int, seed: int) -> None:
    deal = _random_deal(variant, n, seed)
    rng = random.Random(seed + 1)
    opts = deal.options
    deck = deck_mask(opts)
    k = deal.cards
    # the deck per player count; every card in exactly one place
    assert all(h.bit_count() == k and h & ~deck == 0 for h in deal.hands)
    assert sum(m.bit_count() for m in deal.locations().values()) == 52
    snapshots = []
    while not deal.is_over():
        snapshots.append(deal.snapshot())
        h = deal.to_move
        assert h is not None
        legal = list(deal.legal_actions())
        if deal.phase == "auction":
            assert h == (deal.dealer + 1 + len(deal.calls)) % n
            barred = set(range(k + 1)) - {c.level for c in legal}
            if h == deal.dealer and opts.hook:
                others = sum(b for b in deal.bids if b is not None)
                assert barred == ({k - others} if 0 <= k - others <= k else set())
            else:
                assert barred == set()
        else:
            hand = deal.hands[h]
            if deal.trick:
                led = SUIT_MASKS[deal.trick[0].suit]
                trumps = SUIT_MASKS[deal.trump] if deal.trump is not None else 0
                expect = hand & led or (opts.must_trump and hand & trumps) or hand
            else:
                expect = hand
            assert sum(1 << c for c in legal) == expect
        deal.apply(rng.choice(legal))
    res = deal.result()
    assert sum(res.tricks) == k == len(deal.tricks)
    if opts.hook:
        assert sum(res.bids) != k
    assert all(p == deal_points(opts, b, t) for p, b, t in zip(res.points, res.bids, res.tricks))
    # undo restores every state exactly
    for snap in reversed(snapshots):
        deal.undo()
        assert deal.snapshot() == snap
    with pytest.raises(IllegalActionError):
        deal.undo()


_CARD_TEXT = re.compile(r"\b[2-9TJQKA][SHDC]\b")


@_SETTINGS
@given(n=_PLAYERS, seed=_SEEDS)
def test_observations_show_a_seat_its_own_hand_and_no_other(n: int, seed: int) -> None:
    deal = _random_deal("romanian", n, seed)
    rng = random.Random(seed)
    while True:
        for seat in range(n):
            obs = deal.observation(seat)
            assert obs.hand.mask == deal.hands[seat] and not obs.known
            data = {k: v for k, v in obs.to_json().items() if k != "options"}
            named = sum({1 << Card.parse(t) for t in _CARD_TEXT.findall(json.dumps(data))})
            others = sum(deal.hands[h] for h in range(n) if h != seat) | deal.stock
            assert named & others == 0
            assert get_variant("romanian").rebuild(obs, list(deal.hands), {
                "stock": [c for c in range(52) if deal.stock >> c & 1]}).observation(seat) == obs
        if deal.is_over():
            break
        deal.apply(rng.choice(list(deal.legal_actions())))


def test_forehead_and_blind_deals_hide_a_players_own_card_until_the_bids() -> None:
    opts = get_variant("romanian").options("romanian-forehead", players=3)
    assert schedule(opts)[-2:] == ((1, "forehead"), (1, "blind"))
    for kind in ("forehead", "blind"):
        deal = get_variant("romanian").deal(opts, seed=9, cards=1, kind=kind)
        obs = deal.observation(0)
        assert obs.hand.mask == 0
        if kind == "forehead":
            assert {h: cs.mask for h, cs in obs.known.items()} == {1: deal.hands[1], 2: deal.hands[2]}
        else:
            assert not obs.known
        for _ in range(3):
            deal.apply(deal.legal_actions()[0])
        assert deal.observation(0).hand.mask == deal.hands[0] and not deal.observation(0).known


# --- whole matches -----------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["romanian", "oh-hell"])
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_a_whole_game_plays_and_replays(variant: str, n: int) -> None:
    from openwhist.bots import RandomBot, play_out

    match = openwhist.new_match(variant, seed=n, players=n)
    assert match.hands == n and match.until == "game"
    assert play_out(match, {s: RandomBot(seed=s) for s in range(n)}) is None
    deals = schedule(match.options)
    assert len(match.sheet) == len(deals) and [d.cards for d in match.deals] == [k for k, _ in deals]
    assert [d.dealer for d in match.deals] == [i % n for i in range(len(deals))]
    assert match.totals == [sum(row.result.points[h] for row in match.sheet) for h in range(n)]
    assert len(match.games) == 1
    again = records.replay(records.loads(records.dumps(records.match_record(match))))
    assert again.summary() == match.summary()


def test_the_header_follows_the_players_option() -> None:
    h = openwhist.rules.registry.header("romanian", players=6)
    assert h.hands == 6 and h.partnership == "each" and h.scores == "player"
    assert h.max_actions == 6 + 6 * 8
    assert openwhist.rules.registry.header("oh-hell", players=3).max_actions == 3 + 3 * 17
