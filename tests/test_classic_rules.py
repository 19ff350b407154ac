"""Classic whist: the scoring examples of the rule books and the rules of play."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import openwhist
from openwhist import Card, CardSet, ConfigError, IllegalActionError, InvalidActionError
from openwhist.cards import parse_hand
from openwhist.match import GameRecord
from openwhist.rules.classic import PRESETS, ClassicOptions, game_value, rubber_points, score_deal

SHORT = PRESETS["english-short"]
LONG = PRESETS["english-long"]

# Dealt hands by seat N, E, S, W: N-S hold A K Q of spades, E-W the jack.
THREE_HONOURS_NS = [
    CardSet.parse("AS KS 2S 3S 4S 5S 6S 7S 8S 9S TS 2H 3H").mask,
    CardSet.parse("JS 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2D").mask,
    CardSet.parse("QS 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD").mask,
    CardSet.parse("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC").mask,
]
FOUR_HONOURS_NS = [THREE_HONOURS_NS[0] | CardSet.parse("JS").mask,
                   THREE_HONOURS_NS[1] & ~CardSet.parse("JS").mask | CardSet.parse("2S").mask,
                   THREE_HONOURS_NS[2], THREE_HONOURS_NS[3]]
FOUR_HONOURS_NS[0] &= ~CardSet.parse("2S").mask
SPADES = openwhist.Suit.SPADES


def test_book_of_six_then_a_point_a_trick() -> None:
    """Rules §2.4: 9 tricks score 3 points; only the side over the book scores."""
    res = score_deal(SHORT, THREE_HONOURS_NS, None, (9, 4), (0, 0))
    assert res.trick_points == (3, 0)
    assert res.points == (3, 0)
    assert score_deal(SHORT, THREE_HONOURS_NS, None, (6, 7), (0, 0)).trick_points == (0, 1)


def test_slam_scores_seven_and_an_optional_bonus() -> None:
    assert score_deal(SHORT, THREE_HONOURS_NS, None, (0, 13), (0, 0)).trick_points == (0, 7)
    opts = ClassicOptions(slam_bonus=5, target=20)
    res = score_deal(opts, THREE_HONOURS_NS, None, (13, 0), (0, 0))
    assert res.slam_points == (5, 0) and res.points == (12, 0)


def test_honours_four_score_four_and_three_score_two() -> None:
    res = score_deal(SHORT, FOUR_HONOURS_NS, SPADES, (6, 7), (0, 0))
    assert res.honours_held == (4, 0) and res.honours_points == (4, 0)
    assert res.points == (4, 1)
    res = score_deal(SHORT, THREE_HONOURS_NS, SPADES, (6, 7), (0, 0))
    assert res.honours_held == (3, 1) and res.honours_points == (2, 0)


def test_honours_two_each_score_nothing_and_american_has_none() -> None:
    two_two = [CardSet.parse(h).mask for h in (
        "AS KS 2S 3S 4S 5S 6S 7S 8S 9S TS 2H 3H", "JS QS 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")]
    assert score_deal(SHORT, two_two, SPADES, (7, 6), (0, 0)).honours_points == (0, 0)
    american = PRESETS["american"]
    assert score_deal(american, FOUR_HONOURS_NS, SPADES, (7, 6), (0, 0)).honours_points == (0, 0)


def test_short_whist_no_honours_at_four() -> None:
    """A side at 4 in short whist cannot score honours; it must win by tricks."""
    res = score_deal(SHORT, FOUR_HONOURS_NS, SPADES, (6, 7), (4, 0))
    assert res.honours_points == (0, 0)
    assert res.points == (0, 1) and res.game_winner is None
    # at 3 the honours count and win the game
    res = score_deal(SHORT, THREE_HONOURS_NS, SPADES, (6, 7), (3, 0))
    assert res.points == (2, 1) and res.game_winner == 0


def test_long_whist_honours_at_eight_not_at_nine() -> None:
    assert score_deal(LONG, THREE_HONOURS_NS, SPADES, (6, 7), (8, 0)).game_winner == 0
    res = score_deal(LONG, THREE_HONOURS_NS, SPADES, (6, 7), (9, 0))
    assert res.honours_points == (0, 0) and res.game_winner is None


def test_precedence_tricks_before_honours() -> None:
    """Foster's example: A-B at 3 hold two by honours, Y-Z at 2 make three by cards:
    Y-Z count first and win the game; A-B's honours do not count."""
    res = score_deal(SHORT, THREE_HONOURS_NS, SPADES, (4, 9), (3, 2))
    assert res.game_winner == 1
    assert res.points == (0, 3)
    # if the tricks do not end the game, the honours are scored
    res = score_deal(SHORT, THREE_HONOURS_NS, SPADES, (5, 8), (3, 2))
    assert res.points == (2, 2) and res.game_winner == 0


def test_game_values_treble_double_single() -> None:
    assert [game_value(SHORT, s) for s in range(5)] == [3, 2, 2, 1, 1]
    assert [game_value(LONG, s) for s in (0, 1, 4, 5, 9)] == [3, 2, 2, 1, 1]
    assert game_value(PRESETS["seed-000"], 3, winners_points=9) == 9


def test_rubber_example_one_plus_three_plus_two_minus_two() -> None:
    """Won 5-4 (single 1), lost 1-5 (their double 2), won 5-0 (treble 3): 1 + 3 + 2 - 2 = 4."""
    games = [GameRecord(1, 0, (5, 4), game_value(SHORT, 4)),
             GameRecord(2, 1, (1, 5), game_value(SHORT, 1)),
             GameRecord(3, 0, (5, 0), game_value(SHORT, 0))]
    assert [g.value for g in games] == [1, 2, 3]
    assert rubber_points(SHORT, games, 0) == (4, 0)


def test_rubber_bonus_two_nil_only_in_seed_000() -> None:
    seed000 = PRESETS["seed-000"]
    two_one = [GameRecord(1, 0, (9, 2), 9), GameRecord(2, 1, (3, 9), 9), GameRecord(3, 0, (9, 8), 9)]
    assert rubber_points(seed000, two_one, 0, (21, 19)) == (21, 19)
    two_nil = [GameRecord(1, 1, (2, 9), 9), GameRecord(2, 1, (3, 10), 10)]
    assert rubber_points(seed000, two_nil, 1, (5, 19)) == (5, 21)
    assert rubber_points(SHORT, [GameRecord(1, 1, (2, 5), 2), GameRecord(2, 1, (0, 5), 3)], 1) == (0, 7)


def test_presets_follow_the_rule_books() -> None:
    assert (SHORT.target, SHORT.honours, SHORT.trump) == (5, True, "turn-up")
    assert LONG.target == 10
    assert (PRESETS["american"].honours, PRESETS["american"].target) == (False, 7)
    assert PRESETS["no-trump"].trump == "none"
    s000 = PRESETS["seed-000"]
    assert (s000.target, s000.rubber_bonus_rule) == (9, "two-nil")
    assert (PRESETS["danish"].target, PRESETS["danish"].honours) == (5, False)


def test_bad_options_are_refused_with_a_message() -> None:
    with pytest.raises(ConfigError, match="target"):
        ClassicOptions(target=0)
    with pytest.raises(ConfigError, match="revokes"):
        ClassicOptions(revokes="sometimes")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="unknown option"):
        openwhist.new_deal("classic", seed=1, targte=7)
    with pytest.raises(ConfigError, match="unknown variant"):
        openwhist.new_deal("bridge", seed=1)
    with pytest.raises(ConfigError, match="unknown preset"):
        openwhist.new_deal("classic", preset="klaverjas", seed=1)


# --- play ----------------------------------------------------------------------------------

def test_deal_one_at_a_time_from_the_dealers_left_with_the_last_card_turned() -> None:
    from openwhist.cards import shuffled_deck

    deck = shuffled_deck(99)
    deal = openwhist.new_deal("classic", seed=99, dealer=2)
    assert deal.dealt[3] >> deck[0] & 1 and deal.dealt[0] >> deck[1] & 1
    assert deal.turn_up == deck[51] and deal.dealt[2] >> deck[51] & 1
    assert deal.trump == deck[51].suit
    assert deal.to_move == 3 == deal.leader
    assert all(h.bit_count() == 13 for h in deal.hands)


def test_turn_up_visible_until_the_dealer_plays_to_trick_one() -> None:
    deal = openwhist.new_deal("classic", seed=5, dealer=0)
    for _ in range(3):
        assert deal.turn_up_on_table
        assert deal.observation(1).turn_up == deal.turn_up
        deal.apply(deal.legal_actions()[0])
    assert deal.to_move == 0
    assert deal.turn_up_on_table
    deal.apply(deal.legal_actions()[0])
    assert not deal.turn_up_on_table
    assert all(deal.observation(s).turn_up is None for s in range(4))


def test_illegal_cards_are_refused_with_clear_messages() -> None:
    deal = openwhist.new_deal("classic", hands=[
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2S",
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H",
        "2C AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    ], dealer=3)
    deal.apply("AH")
    before = deal.snapshot()
    with pytest.raises(IllegalActionError, match="must follow hearts"):
        deal.apply("AS")
    with pytest.raises(IllegalActionError, match="does not hold"):
        deal.apply("AC")
    with pytest.raises(IllegalActionError, match="already been played"):
        deal.apply("AH")
    with pytest.raises(InvalidActionError, match="not a card"):
        deal.apply("XX")
    assert deal.snapshot() == before
    assert not deal.can_apply("AS") and deal.can_apply("2H")
    assert list(deal.legal_actions()) == [Card.parse("2H")]


def test_cards_and_ints_are_checked_as_texts_are() -> None:
    """A Card (the fast path) and an int are refused with the same messages as a text."""
    deal = openwhist.new_deal("classic", hands=[
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2S",
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H",
        "2C AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    ], dealer=3)
    with pytest.raises(IllegalActionError, match="does not hold"):
        deal.apply(Card.parse("AS"))  # leading
    deal.apply(Card.parse("AH"))
    before = deal.snapshot()
    for action in (Card.parse("AS"), int(Card.parse("AS"))):
        with pytest.raises(IllegalActionError, match="must follow hearts"):
            deal.apply(action)
    for action in (Card.parse("AC"), int(Card.parse("AC"))):
        with pytest.raises(IllegalActionError, match="does not hold"):
            deal.apply(action)
    with pytest.raises(IllegalActionError, match="already been played"):
        deal.apply(Card.parse("AH"))
    for action in (52, -1):
        with pytest.raises((IllegalActionError, InvalidActionError)):
            deal.apply(action)
    assert deal.snapshot() == before
    events = deal.apply(int(Card.parse("2H")))
    assert deal.history[-1] is Card.parse("2H") and events[0].card is Card.parse("2H")
    deal.undo()
    assert deal.snapshot() == before


def test_a_revoke_by_card_is_noted_where_revokes_are_allowed() -> None:
    deal = openwhist.new_deal("classic", revokes="penalty", hands=[
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2S",
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H",
        "2C AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    ], dealer=3)
    deal.apply(Card.parse("AH"))
    before = deal.snapshot()
    with pytest.raises(IllegalActionError, match="does not hold"):
        deal.apply(Card.parse("AC"))
    deal.apply(Card.parse("AS"))
    assert deal.revokes == [(1, 1)]
    deal.undo()
    assert deal.snapshot() == before


def test_trick_winner_trump_beats_suit_led_and_third_suit_never_wins() -> None:
    deal = openwhist.new_deal("classic", hands=[
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2S",
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2D",
        "2C AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2H",
    ], dealer=3, turn_up="2H")
    assert deal.trump == openwhist.Suit.HEARTS
    for card in ("2S", "AS", "AC", "AD"):
        deal.apply(card)
    assert deal.tricks[-1].winner == 1  # spade led, no trump: highest spade
    deal.apply("KS")
    deal.apply("3C")
    deal.apply("2H")  # W is void in spades and trumps
    deal.apply("3H")  # N is void too and over-trumps
    assert deal.tricks[-1].winner == 0 and deal.to_move == 0


def test_no_trump_whist_turns_no_card() -> None:
    deal = openwhist.new_deal("no-trump", seed=3)
    assert deal.trump is None and deal.turn_up is None
    assert deal.observation(0).turn_up is None


def test_dummy_whist_three_players_and_an_exposed_dummy() -> None:
    deal = openwhist.new_deal("dummy", seed=4, dealer=3)
    assert deal.seats == (0, 1, 3)
    assert deal.controller(2) == 0 and deal.controller(1) == 1
    obs = deal.observation(1)
    assert obs.known[2] == CardSet(deal.hands[2])
    assert deal.observation(0).controls == (0, 2)
    with pytest.raises(InvalidActionError):
        deal.observation(2)
    while deal.to_move != 2:
        deal.apply(deal.legal_actions()[0])
    assert deal.observation(0).legal and not deal.observation(1).legal


def test_a_finished_deal_scores_itself_and_logs_events() -> None:
    deal = openwhist.new_deal("classic", seed=21)
    events = []
    while not deal.is_over():
        events.extend(deal.apply(deal.legal_actions()[-1]))
    kinds = [type(e).__name__ for e in events]
    assert kinds.count("CardPlayed") == 52 and kinds.count("TrickWon") == 13
    assert kinds[-1] == "DealScored"
    res = deal.result()
    assert sum(res.tricks) == 13
    assert res == score_deal(deal.options, deal.dealt, deal.trump, res.tricks, (0, 0))
    with pytest.raises(IllegalActionError, match="over"):
        deal.apply("AS")


# --- revokes -------------------------------------------------------------------------------

def _play_with_one_revoke(options: dict[str, object], score: tuple[int, int] = (0, 0)) -> tuple[
        openwhist.ClassicState, int]:
    """Play a seeded deal properly except for one revoke; return it and the revoker."""
    for seed in range(200):
        deal = openwhist.new_deal("classic", seed=seed, revokes="penalty", score=score, **options)
        revoker = None
        while not deal.is_over():
            proper = deal.proper_actions()
            every = deal.legal_actions()
            improper = [c for c in every if c not in proper]
            if revoker is None and improper:
                revoker = deal.to_move
                deal.apply(improper[0])
            else:
                deal.apply(proper[-1])
        if revoker is not None:
            return deal, revoker
    raise AssertionError("no deal allowed a revoke")


def test_refuse_mode_never_allows_a_revoke() -> None:
    deal = openwhist.new_deal("classic", seed=8)
    while not deal.is_over():
        assert deal.legal_actions() == deal.proper_actions()
        deal.apply(deal.legal_actions()[0])
    assert deal.result().revokes == ()


def test_penalty_mode_takes_three_tricks_from_the_revokers() -> None:
    deal, revoker = _play_with_one_revoke({"revoke_penalty": "tricks"})
    res = deal.result()
    off, non = revoker % 2, 1 - revoker % 2
    assert [r[0] for r in res.revokes] == [revoker]
    taken = min(3, res.tricks[off])
    assert res.penalty_tricks[non] == taken
    counted = list(res.tricks)
    counted[off] -= taken
    counted[non] += taken
    assert res.trick_points[non] == max(counted[non] - 6, 0)
    assert res.trick_points[off] == max(counted[off] - 6, 0)


def test_penalty_mode_three_points_and_no_game_for_the_revokers() -> None:
    deal, revoker = _play_with_one_revoke({"revoke_penalty": "points"}, score=(4, 4))
    res = deal.result()
    off, non = revoker % 2, 1 - revoker % 2
    assert res.penalty_points[non] == 3
    assert res.points[off] == 0  # at 4 the revokers cannot reach game this deal
    assert res.game_winner == non


def test_penalty_best_choice_is_at_least_three_points() -> None:
    deal, revoker = _play_with_one_revoke({"revoke_penalty": "best", "target": 30})
    res = deal.result()
    off, non = revoker % 2, 1 - revoker % 2
    unpunished = score_deal(deal.options, deal.dealt, deal.trump, res.tricks, (0, 0))
    gain = (res.points[non] - res.points[off]) - (unpunished.points[non] - unpunished.points[off])
    assert gain >= 3


def test_undo_of_a_revoke_removes_it() -> None:
    for seed in range(100):
        deal = openwhist.new_deal("classic", seed=seed, revokes="penalty")
        while not deal.is_over():
            improper = [c for c in deal.legal_actions() if c not in deal.proper_actions()]
            if improper:
                before = deal.snapshot()
                deal.apply(improper[0])
                assert deal.revokes
                deal.undo()
                assert deal.snapshot() == before and not deal.revokes
                return
            deal.apply(deal.legal_actions()[0])
    raise AssertionError("no revoke found")


def _revoke_example(penalty: str, score: tuple[int, int] = (0, 2)) -> Any:
    """rules.md §2.6 and the laws: East-West at 2, North revokes, play ends N-S 8, E-W 5."""
    opts = replace(PRESETS["english-short"], revokes="penalty", revoke_penalty=penalty,
                   honours=False)
    dealt = [parse_hand(h) for h in ("S:AKQJT98765432 H:- D:- C:-", "S:- H:AKQJT98765432 D:- C:-",
                                     "S:- H:- D:AKQJT98765432 C:-", "S:- H:- D:- C:AKQJT98765432")]
    return score_deal(opts, dealt, None, (8, 5), score, revokes=[(0, 3)])


def test_best_revoke_penalty_takes_the_game_before_tricks() -> None:
    points = _revoke_example("points")
    assert points.penalty_points == (0, 3) and points.points == (0, 3) and points.game_winner == 1
    tricks = _revoke_example("tricks")
    assert tricks.penalty_tricks == (0, 3) and tricks.points == (0, 2)
    assert tricks.game_winner is None
    best = _revoke_example("best")
    assert best == points  # three points win East-West the game at once; three tricks do not


def test_deducting_three_points_from_the_revokers() -> None:
    res = _revoke_example("deduct", score=(4, 2))
    assert res.penalty_points == (-3, 0)
    # North-South drop to 1, then score their 2 trick points (8 tricks), capped at 4: no game
    assert res.points == (-1, 0) and res.game_winner is None
    # a deduction stops at nothing
    assert _revoke_example("deduct", score=(1, 0)).points[0] == 1  # -1 (to 0), then +2 tricks


def test_best_is_never_worse_for_the_non_offenders_than_any_single_penalty() -> None:
    for score in [(0, 0), (0, 2), (4, 2), (3, 4), (2, 1)]:
        best = _revoke_example("best", score)
        for kind in ("tricks", "points", "deduct"):
            other = _revoke_example(kind, score)
            key = (int(best.game_winner == 1), best.points[1] - best.points[0])
            assert key >= (int(other.game_winner == 1), other.points[1] - other.points[0])
