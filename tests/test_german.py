"""German whist (rules.md §3): the deal, the two phases, what each player may know, the
scorings named after their sources, seed 001's variants, matches, records and bots."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import openwhist
from openwhist import records
from openwhist.bots import make_bot, play_out
from openwhist.cards import Card, CardSet, shuffled_deck
from openwhist.errors import ConfigError, IllegalActionError, InvalidActionError
from openwhist.rules.base import Call, CardDrawn, CardPlayed, CardTurned, Observation
from openwhist.rules.german import score_hand
from openwhist.rules.registry import get_variant
from test_variant_contract import _redeal, check_locations

GERMAN = get_variant("german")
PRESETS = list(GERMAN.presets)
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
_SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_random(deal: Any, seed: int, stop: int | None = None) -> list[Any]:
    rng = random.Random(seed)
    actions = []
    while not deal.is_over() and (stop is None or len(actions) < stop):
        action = rng.choice(list(deal.legal_actions()))
        actions.append(action)
        deal.apply(action)
    return actions


def play_tricks(deal: Any, n: int, seed: int = 0) -> None:
    """Play at random until ``n`` tricks are complete and their draws made."""
    rng = random.Random(seed)
    while len(deal.tricks) < n or deal.pending:
        deal.apply(rng.choice(list(deal.legal_actions())))


# --- the deal --------------------------------------------------------------------------------


def test_deal_one_at_a_time_non_dealer_first_stock_of_26_top_card_trump() -> None:
    deck = shuffled_deck(11)
    deal = openwhist.new_deal("german", seed=11, dealer="S")
    assert deal.dealer == 1 and deal.players == 2 and deal.n_hands == 2
    assert deal.hands[0] == sum(1 << c for c in deck[0:26:2])  # N, the non-dealer, first
    assert deal.hands[1] == sum(1 << c for c in deck[1:26:2])
    assert list(deal.stock) == list(deck[26:])
    assert deal.trump == deck[26].suit and deal.turn_up == deck[26]
    assert deal.to_move == 0 and deal.phase == "stock"      # the non-dealer leads
    obs = deal.observation(1)
    assert obs.info["face_up"] == [str(deck[26])] and obs.shown == CardSet([deck[26]])
    assert obs.hidden == {"stock": 25} and obs.info["stock"] == 26
    assert deal.locations()["stock"].bit_count() == 25


def test_the_winner_takes_the_face_up_card_the_loser_the_next_then_one_is_turned() -> None:
    deal = openwhist.new_deal("german", seed=3)
    stock = deal.stock
    rng = random.Random(1)
    deal.apply(rng.choice(list(deal.legal_actions())))
    events = deal.apply(rng.choice(list(deal.legal_actions())))
    winner = deal.tricks[0].winner
    loser = 1 - winner
    drawn = [e for e in events if isinstance(e, CardDrawn)]
    assert drawn == [CardDrawn(winner, stock[0], True), CardDrawn(loser, stock[1], False)]
    assert [e for e in events if isinstance(e, CardTurned)] == [CardTurned(stock[2])]
    assert deal.hands[winner] >> stock[0] & 1 and deal.hands[loser] >> stock[1] & 1
    assert deal.row == [stock[2]] and deal.to_move == winner
    assert [h.bit_count() for h in deal.hands] == [13, 13]
    # the loser's card is his alone; the winner's pickup is known to the loser
    assert deal.observation(loser).info["draws"] == [[str(stock[0]), str(stock[1])]]
    assert deal.observation(winner).info["draws"] == [[str(stock[0]), None]]
    assert stock[1] not in deal.observation(winner).known.get(loser, CardSet())
    assert stock[0] in deal.observation(loser).known[winner]


def test_after_trick_13_the_stock_is_empty_both_hands_are_known_and_its_winner_leads() -> None:
    deal = openwhist.new_deal("german", seed=5)
    play_tricks(deal, 12)
    assert deal.phase == "stock" and deal.face_down == 1
    play_tricks(deal, 13)
    assert deal.phase == "play" and deal.face_down == 0 and deal.row == []
    assert deal.to_move == deal.tricks[12].winner
    assert deal.trump == deal.stock[0].suit       # trump stays for the whole hand
    for seat in (0, 1):
        obs = deal.observation(seat)
        assert obs.info["hands_known"] is True and obs.open_hands == (1 - seat,)
        assert obs.known[1 - seat].mask == deal.hands[1 - seat]
        assert obs.unseen() == CardSet() and obs.hidden == {"stock": 0}
    # an onlooker knows only the face-up cards each player took and still holds
    public = deal.public_observation()
    assert public.open_hands == () and public.hand == CardSet() and public.seat is None
    turned = {Card.parse(t) for t in public.info["turned"]}
    for h, cs in public.known.items():
        assert set(cs) <= turned and cs.mask & ~deal.hands[h] == 0
    assert sum(len(cs) for cs in public.known.values()) < 26
    assert all(None in pair for pair in public.info["draws"])  # each loser drew face down


def test_an_onlooker_sees_the_face_up_card_a_player_takes_not_the_one_drawn_face_down() -> None:
    deal = openwhist.new_deal("german", seed=3)
    stock = deal.stock
    play_tricks(deal, 1, seed=1)
    winner = deal.tricks[0].winner
    public = deal.public_observation()
    assert public.known == {winner: CardSet([stock[0]])}
    assert public.info["draws"] == [[str(stock[0]), None]]
    assert public.shown == CardSet([stock[2]]) and public.hidden == {"stock": 23}
    assert str(stock[1]) not in json.dumps(public.to_json())


def test_given_hands_and_stock_and_a_turn_up() -> None:
    deck = shuffled_deck(9)
    a, b, stock = deck[:13], deck[13:26], deck[26:]
    deal = openwhist.new_deal("german", hands=[a, b, stock], dealer=0)
    assert deal.hands[1] == sum(1 << c for c in a) and list(deal.stock) == list(stock)
    deal = openwhist.new_deal("german", hands=[a, b], dealer=1, turn_up=stock[5], seed=4)
    assert deal.stock[0] == stock[5] and deal.trump == stock[5].suit
    with pytest.raises(ConfigError, match="must be in the stock"):
        openwhist.new_deal("german", hands=[a, b], turn_up=a[0])
    with pytest.raises(ConfigError, match="13 cards"):
        openwhist.new_deal("german", hands=[a[:12], b])
    with pytest.raises(ConfigError, match="given twice"):
        openwhist.new_deal("german", hands=[a, a])
    with pytest.raises(ConfigError, match="dealer must be N or S"):
        openwhist.new_deal("german", seed=1, dealer="E")


# --- refused actions -------------------------------------------------------------------------


def test_refused_actions_say_why_and_change_nothing() -> None:
    deal = openwhist.new_deal("german", seed=8)
    before = deal.snapshot()
    leader = "N" if deal.to_move == 0 else "S"
    other_card = Card(next(c for c in range(52) if deal.hands[1 - deal.to_move] >> c & 1))
    face_up = deal.row[0]
    cases = [
        (other_card, f"it is {leader}'s turn and {leader} does not hold {other_card}"),
        (Call.parse(f"take {face_up}"), "is to play a card"),
        (Call.parse("pass"), "no call of German whist"),
    ]
    for action, message in cases:
        with pytest.raises(IllegalActionError, match=message):
            deal.apply(action)
        assert not deal.can_apply(action)
        assert deal.snapshot() == before
    with pytest.raises(InvalidActionError):
        deal.apply("bogus")
    play_tricks(deal, 13)
    with pytest.raises(IllegalActionError, match="the stock is empty"):
        deal.apply("take AS")


# --- scoring (rules.md §3.2) -----------------------------------------------------------------


def test_seed_001_scoring_16_tricks_score_3() -> None:
    res = score_hand(GERMAN.presets["seed-001"], (9, 4), (7, 6))
    assert res.tricks == (16, 10) and res.winner == 0 and res.points == (3, 0)


def test_seed_001_counts_all_26_tricks_standard_only_the_last_13() -> None:
    score = score_hand
    seed, standard = GERMAN.presets["seed-001"], GERMAN.presets["german-standard"]
    assert score(seed, (10, 3), (5, 8)).winner == 0           # 15 against 11
    res = score(standard, (10, 3), (5, 8))
    assert res.counted == (5, 8) and res.winner == 1 and res.points == (0, 1)
    mega = score(GERMAN.presets["german-meggiesoft"], (10, 3), (5, 8))
    assert mega.points == (5, 8)


def _tied_deal() -> Any:
    for seed in range(400):
        deal = openwhist.new_deal("german", seed=seed)
        play_random(deal, seed)
        if deal.result().tricks == (13, 13):
            return deal
    raise AssertionError("no 13-13 hand in 400 random deals")


def test_a_13_13_hand_is_possible_under_seed_001_and_is_drawn() -> None:
    """The seed says a tie cannot happen; with all 26 tricks counting it can (rules.md
    §3.2): such a hand is drawn, no one scores, and it does not count in a match."""
    deal = _tied_deal()
    res = deal.result()
    assert res.winner is None and res.points == (0, 0)
    rules = GERMAN.match_rules(deal.options)
    row = rules.add_deal(deal, 1)
    assert row.game_won_by is None and rules.games == [] and rules.score == [0, 0]


def test_no_tie_when_only_the_play_phase_counts() -> None:
    for seed in range(60):
        deal = openwhist.new_deal("german-standard", seed=seed)
        play_random(deal, seed)
        res = deal.result()
        assert res.winner is not None and sum(res.counted) == 13 and max(res.counted) >= 7
        assert res.points[res.winner] == 1 and sum(res.points) == 1


# --- seed 001's variants (rules.md §3.3) -----------------------------------------------------


def test_open_stock_the_winner_chooses_the_loser_takes_the_top_face_down_card() -> None:
    deal = openwhist.new_deal("german-open-stock", seed=21)
    stock = deal.stock
    assert deal.row == list(stock[:3])
    rng = random.Random(2)
    deal.apply(rng.choice(list(deal.legal_actions())))
    deal.apply(rng.choice(list(deal.legal_actions())))
    winner = deal.tricks[0].winner
    assert deal.pending and deal.phase == "stock" and deal.to_move == winner
    assert list(deal.legal_actions()) == [Call.make("take", card=c) for c in stock[:3]]
    assert deal.observation(1 - winner).legal == ()
    with pytest.raises(IllegalActionError, match="first takes a face-up card"):
        deal.apply(next(c for c in range(52) if deal.hands[winner] >> c & 1))
    not_up = stock[5]
    with pytest.raises(IllegalActionError, match=f"{not_up} is not face up on the stock"):
        deal.apply(f"take {not_up}")
    before = deal.snapshot()
    events = deal.apply(f"take {stock[1]}")
    assert CardDrawn(winner, stock[1], True) in events
    assert CardDrawn(1 - winner, stock[3], False) in events       # the top face-down card
    assert deal.row == [stock[0], stock[2], stock[4]]             # refilled
    assert deal.observation(1 - winner).calls == ((winner, Call.parse(f"take {stock[1]}")),)
    deal.undo()
    assert deal.snapshot() == before


def test_open_stock_when_no_face_down_card_is_left_the_loser_takes_the_first_face_up() -> None:
    deal = openwhist.new_deal("german", seed=4, face_up=4)
    while len(deal.draws) < 13:
        if deal.pending and deal.face_down == 0:
            row = list(deal.row)
            winner = deal.to_move
            deal.apply(Call.make("take", card=row[-1]))
            assert deal.draws[-1].lost == row[0] and deal.draws[-1].lost_public
            assert deal.hands[1 - winner] >> row[0] & 1
        else:
            deal.apply(list(deal.legal_actions())[0])
    assert deal.row == [] and deal.face_down == 0 and deal.phase == "play"


def test_race_to_7_ends_the_hand_when_a_player_has_7_tricks() -> None:
    for seed in range(20):
        deal = openwhist.new_deal("german-race-7", seed=seed)
        play_random(deal, seed)
        res = deal.result()
        assert res.race and max(res.play_tricks) == 7 and deal.tricks[-1].winner == res.winner
        assert res.play_tricks[res.winner] == 7 and len(deal.tricks) == 13 + sum(res.play_tricks)
        assert res.points[res.winner] == 1 and res.points[1 - res.winner] == 0
        deal.undo()
        assert not deal.is_over() and deal.phase == "play"


def test_the_races_count_the_play_phase_and_reach_it_over_100_hands() -> None:
    """§3.3: the race to 7 is a majority of the 13 tricks of the play phase.  Won stock
    tricks never end a hand: every hand reaches the play phase; a race-7 hand always ends
    there when a player has won 7 of its tricks (13 tricks always give someone 7), a race-9
    hand when one has 9, or after the 26th trick when nobody has."""
    for preset, target in (("german-race-7", 7), ("german-race-9", 9)):
        ended_by_race = 0
        for seed in range(100):
            deal = openwhist.new_deal(preset, seed=seed, dealer=seed % 2)
            play_random(deal, seed)
            res = deal.result()
            assert len(deal.tricks) > 13 and len(deal.draws) == 13
            if res.race:
                ended_by_race += 1
                assert res.play_tricks[res.winner] == target == max(res.play_tricks)
                assert deal.tricks[-1].winner == res.winner
                assert len(deal.tricks) == 13 + sum(res.play_tricks)
            else:
                assert len(deal.tricks) == 26 and max(res.play_tricks) < target
        if target == 7:
            assert ended_by_race == 100
        else:
            assert 0 < ended_by_race < 100


def test_race_under_the_standard_count_counts_only_the_play_phase() -> None:
    deal = openwhist.new_deal("german", seed=2, scoring="standard", race=7)
    play_random(deal, 2)
    res = deal.result()
    assert res.race and max(res.play_tricks) == 7 and len(deal.tricks) == 13 + sum(res.play_tricks)


def test_a_race_nobody_reaches_is_scored_as_the_scoring_says() -> None:
    # race 9 with 8-5 in the play phase: seed 001 counts all 26 tricks (15-11 here: +2)
    res = score_hand(openwhist.new_deal("german-race-9", seed=1).options, (7, 6), (8, 5))
    assert not res.race and res.winner == 0 and res.points == (2, 0)
    # a race reached: 1 point to the racer, whatever the stock phase gave
    res = score_hand(openwhist.new_deal("german-race-7", seed=1).options, (0, 13), (7, 0), True)
    assert res.race and res.winner == 0 and res.points == (1, 0)


def test_no_trump_the_stock_lies_face_down_and_both_draws_are_blind() -> None:
    deal = openwhist.new_deal("german-no-trump", seed=6)
    assert deal.trump is None and deal.turn_up is None and deal.row == []
    obs = deal.observation(0)
    assert obs.info["face_up"] == [] and obs.hidden == {"stock": 26} and obs.trump is None
    play_tricks(deal, 1)
    d = deal.draws[0]
    assert not d.won_public and not d.lost_public
    assert deal.observation(d.winner).info["draws"] == [[str(d.won), None]]
    assert deal.observation(d.loser).info["draws"] == [[None, str(d.lost)]]
    assert deal.observation(d.loser).known == {}
    with pytest.raises(ConfigError, match="face_up=0"):
        openwhist.new_deal("german", seed=1, face_up=0)


def test_options_are_checked() -> None:
    for bad, message in [({"scoring": "bridge"}, "scoring must be one of"),
                         ({"best_of": 4}, "odd number"),
                         ({"race": 14, "scoring": "standard"}, r"race is a whole number in 1\.\.13"),
                         ({"race": 14}, r"race is a whole number in 1\.\.13 or none"),
                         ({"face_up": 27}, r"face_up is a whole number in 0\.\.26")]:
        with pytest.raises(ConfigError, match=message):
            openwhist.new_deal("german", seed=1, **bad)
    assert openwhist.new_deal("german", seed=1, trump="none").options.face_up == 0


# --- what each player may know ---------------------------------------------------------------


def _cards_named(obs: Observation) -> set[int]:
    """Every card an observation names (its legal actions aside)."""
    data = obs.to_json()
    names: set[str] = set(data["hand"]) | set(data["played"]) | set(data["shown"])
    for cs in data["known"].values():
        names |= set(cs)
    for key in ("face_up", "turned"):
        names |= set(data["info"][key])
    for pair in data["info"]["draws"]:
        names |= {c for c in pair if c is not None}
    return {Card.parse(c) for c in names}


@pytest.mark.parametrize("preset", PRESETS)
@_SETTINGS
@given(seed=SEEDS)
def test_no_observation_names_a_card_its_player_cannot_know(preset: str, seed: int) -> None:
    """Each seat's knowledge is kept from the events alone (its own deal, every public
    card, its own blind draws, and the other hand once the stock is gone); no observation
    names a card outside it."""
    deal = openwhist.new_deal(preset, seed=seed, dealer=seed % 2)
    seen = [deal.hands[0], deal.hands[1]]
    for c in deal.row:
        seen = [m | 1 << c for m in seen]
    rng = random.Random(seed)
    while True:
        for seat in (0, 1):
            obs = deal.observation(seat)
            allowed = seen[seat] | (deal.hands[1 - seat] if deal.face_down == 0 else 0)
            assert not any(allowed >> c & 1 == 0 for c in _cards_named(obs))
        if deal.is_over():
            break
        for event in deal.apply(rng.choice(list(deal.legal_actions()))):
            if isinstance(event, CardPlayed | CardTurned) or (
                    isinstance(event, CardDrawn) and event.public):
                seen = [m | 1 << event.card for m in seen]
            elif isinstance(event, CardDrawn):
                seen[event.seat] |= 1 << event.card


@pytest.mark.parametrize("preset", PRESETS)
@_SETTINGS
@given(seed=SEEDS)
def test_every_preset_keeps_the_contract(preset: str, seed: int) -> None:
    """Conservation, undo, no leak through ``rebuild``, records: as the contract tests do
    for the default preset, over every preset (open stock's calls, blind draws, races)."""
    deal = openwhist.new_deal(preset, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    snapshots = []
    while True:
        check_locations(deal)
        for seat in (0, 1):
            obs = deal.observation(seat)
            dealt = _redeal(obs, deal, rng)
            assert dealt is not None
            assert GERMAN.rebuild(obs, *dealt).observation(seat) == obs
            assert Observation.from_json(json.loads(json.dumps(obs.to_json()))) == obs
        if deal.is_over():
            break
        snapshots.append(deal.snapshot())
        deal.apply(rng.choice(list(deal.legal_actions())))
    again = records.replay(records.loads(records.dumps(records.deal_record(deal))))
    assert again.snapshot() == deal.snapshot() and again.result() == deal.result()
    for snap in reversed(snapshots):
        deal.undo()
        assert deal.snapshot() == snap


def test_a_record_replays_the_hidden_draws() -> None:
    deal = openwhist.new_deal("german-open-stock", seed=13)
    play_random(deal, 13)
    rec = records.deal_record(deal)
    assert rec["stock"].split() == [str(c) for c in deal.stock]
    assert any(a.startswith("take ") for a in rec["actions"])
    again = records.replay(json.loads(json.dumps(rec)))
    assert again.draws == deal.draws and again.result() == deal.result()
    rec["stock"] = " ".join(reversed(rec["stock"].split()))
    with pytest.raises(records.RecordError):
        records.replay(rec)


# --- matches ---------------------------------------------------------------------------------


def test_a_best_of_3_match_ends_when_a_player_has_won_2_hands() -> None:
    match = openwhist.new_match("german", seed=1, until="match")
    play_out(match, {0: make_bot("random", seed=1), 1: make_bot("random", seed=2)})
    (m,) = match.rubbers
    assert max(m.games) == 2 and min(m.games) <= 1
    assert [r.dealer for r in match.sheet] == [i % 2 for i in range(len(match.sheet))]
    assert sum(1 for g in match.games if g.winner == m.winner) == 2
    five = openwhist.new_match("german-best-of-5", seed=1, until="match", count=2)
    play_out(five, {0: make_bot("random", seed=1), 1: make_bot("random", seed=2)})
    assert [max(r.games) for r in five.rubbers] == [3, 3]
    again = records.replay(records.loads(records.dumps(records.match_record(five))))
    assert again.summary() == five.summary()


def test_a_match_may_cut_for_the_first_dealer_the_higher_card_deals() -> None:
    """§3.1: the first dealer is chosen by a cut (seed 001: for the highest card; the ace
    is high, equal ranks cut again)."""
    from openwhist.rules.german import cut_for_deal

    recut = 0
    for seed in range(40):
        seated, cuts = cut_for_deal(["Ann", "Bob"], seed)
        assert sorted(seated) == ["Ann", "Bob"] and len(cuts) % 2 == 0
        *earlier, (a, ca), (b, cb) = cuts
        assert ca.rank != cb.rank and seated[0] == (a if ca.rank > cb.rank else b)
        for i in range(0, len(earlier), 2):  # every earlier cut was a tie
            assert earlier[i][1].rank == earlier[i + 1][1].rank
        recut += bool(earlier)
    assert cut_for_deal(["Ann", "Bob"], 7) == cut_for_deal(["Ann", "Bob"], 7)
    seat = {n: i for i, n in enumerate(cut_for_deal(["Ann", "Bob"], 3)[0])}
    assert openwhist.new_match("german", draw=True).draw
    match = openwhist.new_match("german", seed=3, draw=True, players=["Ann", "Bob"])
    assert sorted(match.players) == ["Ann", "Bob"] and match.draw
    assert match.state.dealer == 0 and match.players[0] == next(n for n in seat if seat[n] == 0)
    dealer_card = next(c for n, c in reversed(match.draw) if n == match.players[0])
    other_card = next(c for n, c in reversed(match.draw) if n == match.players[1])
    assert dealer_card.rank > other_card.rank
    assert match.state.to_move == 1  # the non-dealer leads
    with pytest.raises(ConfigError, match="2 players"):
        cut_for_deal(["Ann", "Bob", "Cy"], 1)


def test_meggiesoft_match_goes_to_50_and_the_target_rises_when_both_reach_it() -> None:
    opts = GERMAN.options("german-meggiesoft")
    rules = GERMAN.match_rules(opts)

    class Hand:
        def __init__(self, points: tuple[int, int]) -> None:
            self.dealer, self.trump = 0, None
            self._res = score_hand(opts, (0, 0), points)

        def result(self) -> Any:
            return self._res

    for _ in range(3):
        rules.add_deal(Hand((7, 6)), 1)
    assert rules.score == [21, 18] and not rules.rubbers
    rules.score = [47, 44]
    rules.add_deal(Hand((6, 7)), 4)           # 53 and 51: both reach 50
    assert rules.target == 60 and not rules.rubbers
    rules.add_deal(Hand((8, 5)), 5)           # 61 and 56
    assert rules.rubbers[0].winner == 0 and rules.rubbers[0].points == (61, 56)
    assert rules.score == [0, 0] and rules.target == 50


# --- bots and speed --------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["seed-001", "german-open-stock", "german-no-trump"])
def test_the_heuristic_bot_plays_every_variant_to_the_end(preset: str) -> None:
    for seed in range(6):
        deal = openwhist.new_deal(preset, seed=seed, dealer=seed % 2)
        assert play_out(deal, {0: make_bot("heuristic", 1), 1: make_bot("random", 2)}) is None
        assert deal.is_over() and sum(deal.result().tricks) == 26


@pytest.mark.slow
def test_the_pimc_bot_plays_german_deals() -> None:
    for preset in ("seed-001", "german-open-stock"):
        deal = openwhist.new_deal(preset, seed=3)
        bot = make_bot("pimc:time_budget=0.05", 1)
        assert play_out(deal, {0: bot, 1: make_bot("heuristic", 2)}) is None
        assert deal.is_over()


# --- the terminal game -----------------------------------------------------------------------


def test_the_terminal_game_shows_the_stock_the_draws_and_the_known_hands() -> None:
    from io import StringIO

    from rich.console import Console

    from openwhist.play import play_command

    buf = StringIO()
    code = play_command("german-open-stock", seed=3, seat="S", until="deals", deals=1,
                        symbols=False, console=Console(file=buf, width=100),
                        input_fn=lambda prompt: "1")
    out = buf.getvalue()
    assert code == 0 and "Deal result" in out
    assert "face up, 23 face down" in out                 # the face-up row and the count
    assert "S (you) drew " in out                          # your own blind draw, named
    assert "N drew a card from the stock" in out          # the other's, not named
    assert "Choose: [1] take" in out                       # open stock: the winner's choice
    assert "both hands are known" in out and "Known hand (N)" in out


@pytest.mark.parametrize("preset", ["german-standard", "german-open-stock"])
def test_the_face_up_row_is_the_public_cards_in_the_order_turned(preset: str) -> None:
    """A page shows the stock's face-up cards from the view's public cards in no hand
    (``shown``) in the order ``info.turned`` lists them: that is the row, at every step."""
    for seed in range(4):
        deal = openwhist.new_deal("german", preset=preset, seed=seed)
        pick = random.Random(seed)
        while not deal.is_over():
            for seat in (0, 1, None):
                view = (deal.public_observation() if seat is None else deal.observation(seat)).to_json()
                shown = set(view["shown"])
                assert [c for c in view["info"]["turned"] if c in shown] == view["info"]["face_up"]
            deal.apply(pick.choice(list(deal.legal_actions())))
