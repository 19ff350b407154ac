"""The technique player: each named rule of the books, with a position where it must apply
and one where it must not (a near position where another rule chooses the card)."""

from __future__ import annotations

import pytest

import openwhist
from openwhist.bots import LEVELS, make_bot, parse_bot_spec
from openwhist.bots.book import TECHNIQUES, TechniqueBot, _BookPosition, instinct, signals
from openwhist.cards import Card, parse_hand
from openwhist.errors import ConfigError
from openwhist.rules.classic import ClassicState
from openwhist.rules.tricks import cards_of

N, E, S, W = 0, 1, 2, 3


def table(dealer: int, turn_up: str, **hands: str) -> ClassicState:
    """A classic deal with the given hands (``N=``, ``E=``...); the cards left over go,
    low first, to the hands that still lack cards."""
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
    return openwhist.new_deal("classic", hands=[cards_of(masks[s]) for s in order],
                              turn_up=turn_up, dealer=dealer)


def choice(deal: ClassicState, *cards: str) -> tuple[str, str]:
    """Play ``cards``, then (the card, the rule) the technique player chooses."""
    for c in cards:
        deal.apply(c)
    hand = deal.to_move
    assert hand is not None
    obs = deal.observation(deal.controller(hand))
    bot = TechniqueBot()
    card = bot.choose(obs)
    assert card in obs.legal
    return str(card), bot.last_technique


# (name, position that applies it -> card, position that does not)
Position = tuple[ClassicState, tuple[str, ...]]


def _draw_trumps() -> tuple[Position, str, Position]:
    yes = table(W, "2H", N="H:K9753 S:Q84 D:J62 C:73", W="H:2")
    no = table(W, "2H", N="H:K975 S:KQJ4 D:J62 C:73", W="H:2")  # four trumps
    return (yes, ()), "5H", (no, ())


def _master_trump_draws_the_last() -> tuple[Position, str, Position]:
    # two trumps out (the 2 and 3 of hearts) and North holds the ace
    yes = table(W, "2H", N="H:AJ S:Q84 D:J6532 C:73", E="H:3", W="H:2 H:KQT98765 S:A")
    no = table(W, "2H", N="H:QJ S:Q84 D:J6532 C:73", E="H:3", W="H:2 H:AKT98765 S:A")
    return (yes, ()), "AH", (no, ())


def _give_partner_a_ruff() -> tuple[Position, str, Position]:
    yes = table(W, "2D", N="S:AK8 H:A632 D:K C:AKQJT", E="S:7532",
                S="H:KQJT9 D:AQ3 C:65432", W="S:QJT D:2")
    # South has no trump left to ruff with: no ruff to give
    # West, the next opponent, has shown he can ruff spades too
    no = table(W, "2D", N="S:AK8 H:A632 D:K C:AKQJT", E="S:QJT976532 H:875",
               S="H:KQJT9 D:AQ3 C:65432", W="D:2 H:4 D:JT98765 D:4 C:987")
    return (yes, ("AS", "2S", "9H", "TS")), "8S", (no, ("AS", "2S", "9H", "4H"))


def _return_partner() -> tuple[Position, str, Position]:
    yes = table(E, "2H", N="S:KQ64 H:853 D:T72 C:A92", E="H:2 C:4", S="C:3", W="C:5")
    # the same, but West has shown he can ruff clubs: not returned
    no = table(E, "2H", N="S:KQ64 H:853 D:T72 C:A92", E="H:2 C:4", S="C:3",
               W="H:4 H:6 H:7 H:9 H:T S:2 S:3 S:5 D:3 D:4 D:5 D:6 D:8")
    return (yes, ("3C", "5C", "AC", "4C")), "9C", (no, ("3C", "2S", "AC", "4C"))


def _cash_masters() -> tuple[Position, str, Position]:
    # four spades left out after two tricks (West, void in clubs, threw one): a ruff
    # threatens, the king is cashed
    south = "S:KT983 H:QJ D:8643 C:A5"
    west = "S:46 H:AK987 D:AKQJT9"
    yes = table(N, "KC", E="S:A C:2", S=south, W=west, N="S:5 C:4K")
    # the ace of spades still out: the king is no master
    no = table(N, "KC", E="S:A C:2", S=south, W=west, N="S:5 C:4K")
    return (yes, ("AS", "3S", "4S", "5S", "2C", "AC", "6S", "4C")), "KS", \
        (no, ("2C", "AC", "6S", "4C"))


def _give_a_ruff_before_drawing_trumps() -> tuple[Position, str, Position]:
    # North holds five trumps, but South has shown a void in spades: the ruff first
    north = "S:AK8 D:KQJ98 C:AKQ H:63"
    yes = table(W, "2D", N=north, E="S:7532", S="H:KQJT9 D:A3 C:765432", W="D:2 S:QJT")
    # South followed to spades: the trumps are drawn
    no = table(W, "2D", N=north, E="S:7532", S="H:KQJT S:4 D:A3 C:765432", W="D:2 S:QJT")
    return (yes, ("AS", "2S", "9H", "TS")), "8S", (no, ("AS", "2S", "4S", "TS"))


def _return_while_partner_may_hold_one() -> tuple[Position, str, Position]:
    yes, card, _ = _return_partner()
    # South led clubs, then showed a void in clubs and in trumps: no club is returned
    no = table(E, "2H", N="S:KQJ H:853 D:T72 C:AT92", E="H:2 C:4KQJ H:AKQJT",
               S="C:3 S:AT9876 D:AK6543", W="C:5876 H:4")
    plays = ("3C", "5C", "AC", "4C", "2C", "JC", "3D", "6C", "2H", "4D", "4H", "8H")
    return yes, card, (no, plays)


def _avoid_refused_suit() -> tuple[Position, str, Position]:
    # South threw the two of spades (no interest): North leads diamonds, not his spades
    north = "S:QT3 H:865 D:753 C:K964"
    south = "S:2 D:2 H:AKQJT9 S:AKJ"
    west = "H:2 S:5 D:AKQJT9864 S:98"
    yes = table(W, "2H", N=north, E="C:3", S=south, W=west)
    # South threw the two of diamonds instead: the spades are led
    no = table(W, "2H", N=north, E="C:3", S=south, W=west)
    return (yes, ("KC", "3C", "2S", "5S")), "7D", (no, ("KC", "3C", "2D", "5S"))


def _second_hand_takes_a_short_suit() -> tuple[Position, str, Position]:
    # the ace gone and six spades out against East: the king takes the trick at once
    east = "S:2K7 H:Q94 D:K853 C:J96"
    yes = table(W, "2H", N="S:A5", E=east, S="S:3", W="H:2 S:4")
    # West showed a void in spades: seven are out, the king waits
    no = table(W, "2H", N="S:A5", E=east, S="S:3", W="H:2 D:AQJT976 C:AKQ84")
    return (yes, ("AS", "2S", "3S", "4S", "5S")), "KS", (no, ("AS", "2S", "3S", "7D", "5S"))


def _singleton_for_ruff() -> tuple[Position, str, Position]:
    yes = table(W, "2H", N="H:K97 S:3 D:J862 C:Q9743", W="H:2")
    no = table(W, "2H", N="H:K97 S:A D:J862 C:Q9743", W="H:2")  # a master: cashed instead
    return (yes, ()), "3S", (no, ())


def _doubleton_for_ruff() -> tuple[Position, str, Position]:
    # three trumps and a small doubleton: its top is led, to ruff the third round
    yes = table(W, "2H", N="H:K97 S:73 D:J862 C:Q974", W="H:2")
    no = table(W, "2H", N="H:K97 S:Q7 D:J862 C:Q974", W="H:2")  # a queen: not led short
    return (yes, ()), "7S", (no, ())


def _stop_the_ruffs() -> tuple[Position, str, Position]:
    # East has shown he can ruff clubs: North leads trumps
    yes = table(W, "2H", N="C:AT97542 H:K97 S:3 D:K5", E="S:AKQJT98 D:AQJT98",
                S="C:K3", W="H:2 C:Q6")
    no = table(W, "2H", N="C:AT97542 H:K97 S:3 D:K5", E="S:AKQJT98 D:AQJT9 C:8",
               S="C:K3", W="H:2 C:Q6")
    return (yes, ("AC", "8D", "3C", "6C")), "7H", (no, ("AC", "8C", "3C", "6C"))


def _strongest_suit() -> tuple[Position, str, Position]:
    yes = table(W, "2H", N="S:QT3 H:8654 D:753 C:962", W="H:2")
    no = table(W, "2H", N="S:KQ3 H:8654 D:753 C:962", W="H:2")  # top of a sequence instead
    return (yes, ()), "3S", (no, ())


def _keep_the_tenace() -> tuple[Position, str, Position]:
    yes = table(W, "2H", N="S:AQ3 H:8654 D:753 C:962", W="H:2")
    no = table(W, "2H", N="S:KQ3 H:8654 D:753 C:962", W="H:2")
    return (yes, ()), "9C", (no, ())


def _top_of_sequence() -> tuple[Position, str, Position]:
    yes = table(W, "2H", N="S:KQJ4 H:964 D:873 C:652", W="H:2")
    no = table(W, "2H", N="S:K874 H:964 D:Q73 C:652", W="H:2")
    return (yes, ()), "KS", (no, ())


def _king_from_ace_king() -> tuple[Position, str, Position]:
    yes = table(W, "2H", N="S:AK74 H:964 D:873 C:652", W="H:2")
    no = table(W, "2H", N="S:AQ74 H:964 D:873 C:652", W="H:2")
    return (yes, ()), "KS", (no, ())


def _fourth_best() -> tuple[Position, str, Position]:
    yes = table(W, "2C", N="S:QT853 H:964 D:742 C:T6", W="C:2")
    no = table(W, "2C", N="S:QJT53 H:964 D:742 C:T6", W="C:2")
    return (yes, ()), "5S", (no, ())


def _second_hand_low() -> tuple[Position, str, Position]:
    yes = table(W, "2D", N="S:5", E="S:K73 H:AQ4 D:K853 C:J96", W="D:2")
    no = table(W, "2D", N="S:Q", E="S:K73 H:AQ4 D:K853 C:J96", W="D:2")  # an honour led
    return (yes, ("5S",)), "3S", (no, ("QS",))


def _cover_honour() -> tuple[Position, str, Position]:
    yes = table(W, "2D", N="S:Q", E="S:K73 H:AQ4 D:K853 C:J96", W="D:2")
    no = table(W, "2D", N="S:8", E="S:K73 H:AQ4 D:K853 C:J96", W="D:2")
    return (yes, ("QS",)), "KS", (no, ("8S",))


def _split_sequence() -> tuple[Position, str, Position]:
    yes = table(W, "2D", N="S:5", E="S:QJ3 H:AQ4 D:K853 C:J96", W="D:2")
    no = table(W, "2D", N="S:5", E="S:Q83 H:AQ4 D:K853 C:J96", W="D:2")
    return (yes, ("5S",)), "JS", (no, ("5S",))


def _sure_winner() -> tuple[Position, str, Position]:
    yes = table(W, "2D", N="S:A5", E="S:Q73 H:Q94 D:K853 C:J96", S="S:K", W="S:4 D:2")
    no = table(W, "2D", N="S:5", E="S:K73 H:AQ4 D:K853 C:J96", W="D:2")  # the ace out
    plays = ("AS", "3S", "KS", "4S", "5S")
    return (yes, plays), "QS", (no, ("5S",))


def _third_hand_high() -> tuple[Position, str, Position]:
    yes = table(W, "2D", N="S:4", E="S:6", S="S:KQ2 H:Q94 D:K85 C:J963", W="D:2")
    no = table(W, "2D", N="S:A", E="S:3", S="S:KQ2 H:Q94 D:K85 C:J963", W="D:2")
    return (yes, ("4S", "6S")), "QS", (no, ("AS", "3S"))


def _partner_wins() -> tuple[Position, str, Position]:
    yes = table(W, "2D", N="S:A", E="S:3", S="S:K52 H:Q94 D:K85 C:J963", W="D:2")
    no = table(W, "2D", N="S:4", E="S:6", S="S:K52 H:Q94 D:K85 C:J963", W="D:2")
    return (yes, ("AS", "3S")), "2S", (no, ("4S", "6S"))


def _fourth_hand_cheap() -> tuple[Position, str, Position]:
    yes = table(W, "2D", N="S:4", E="S:2", S="S:9", W="S:AT3 H:Q94 D:K852 C:J96")
    no = table(W, "2D", N="S:4", E="S:K", S="S:2", W="S:AT3 H:Q94 D:K852 C:J96")
    return (yes, ("4S", "2S", "9S")), "TS", (no, ("4S", "KS", "2S"))


def _no_ruff_partner() -> tuple[Position, str, Position]:
    yes = table(W, "2H", N="S:4", E="S:A", S="S:2", W="H:J52 D:KQ4 C:T987654")
    no = table(W, "2H", N="S:4", E="S:3", S="S:K", W="H:J52 D:KQ4 C:T987654")
    return (yes, ("4S", "AS", "2S")), "4D", (no, ("4S", "3S", "KS"))


def _ruff() -> tuple[Position, str, Position]:
    yes = table(W, "2H", N="S:4", E="S:3", S="S:K", W="H:Q952 D:KQ43 C:T9876")
    no = table(W, "2H", N="S:4", E="S:A", S="S:2", W="H:Q952 D:KQ43 C:T9876")
    return (yes, ("4S", "3S", "KS")), "2H", (no, ("4S", "AS", "2S"))


def _second_hand_no_ruff() -> tuple[Position, str, Position]:
    # West leads a small spade; North, void, leaves the trick to South (last to play)
    yes = table(S, "2H", W="S:4", N="H:Q95 D:KQ43 C:JT9876", S="H:2")
    no = table(S, "2H", W="S:A", N="H:Q95 D:KQ43 C:JT9876", S="H:2")  # a master led: ruff
    return (yes, ("4S",)), "3D", (no, ("AS",))


def _discard_low() -> tuple[Position, str, Position]:
    # South leads a spade; West, with neither spades nor trumps, discards
    yes = table(E, "2H", E="H:2", S="S:4", W="D:KJ8765432 C:AK98")
    no = table(E, "2H", E="H:2", S="S:4", W="D:KJ765432 C:AKQ98")
    return (yes, ("4S",)), "2D", (no, ("4S",))


def _signal_interest() -> tuple[Position, str, Position]:
    # a long club suit headed by masters: the eight is spared to ask for clubs
    yes = table(E, "2H", E="H:2", S="S:4", W="D:KJ765432 C:AKQ98")
    no = table(E, "2H", E="H:2", S="S:4", W="D:KJ8765432 C:AK98")
    return (yes, ("4S",)), "8C", (no, ("4S",))


def _spare_partner_trumps() -> tuple[Position, str, Position]:
    # spades trump; South (dealer) holds the last two, so the opponents have none
    # spades trump: West leads one, East shows a void and South plays the last one out
    yes = table(S, "2S", N="S:AKQJT987653 H:4 D:3", E="H:3", S="S:2", W="S:4")
    no = table(S, "2S", N="S:AKQJT9876 H:4 D:3 D:5 D:6", E="S:5 S:3", S="S:2", W="S:4")
    return (yes, ("4S", "AS", "3H", "2S")), "3D", (no, ("4S", "AS", "3S", "2S"))


def _partner_signal() -> tuple[Position, str, Position]:
    # South discarded the eight of clubs (interest) on a spade; North leads a club
    # hearts trump: on North's ace South, void, discards the eight of clubs (interest)
    north, south = "H:AK S:765 D:KQ432 C:J62", "C:AKQ83 D:AJT98 S:AKQ"
    yes = table(W, "2H", N=north, S=south, E="H:Q", W="H:2 H:5")
    no = table(W, "2H", N=north, S=south, E="H:Q", W="H:2 H:5")
    return (yes, ("AH", "QH", "8C", "5H")), "2C", (no, ("AH", "QH", "3C", "5H"))


RULES = {
    "draw-trumps": _draw_trumps,
    "give-partner-a-ruff": _give_partner_a_ruff,
    "return-partner": _return_partner,
    "cash-masters": _cash_masters,
    "singleton-for-ruff": _singleton_for_ruff,
    "doubleton-for-ruff": _doubleton_for_ruff,
    "stop-the-ruffs": _stop_the_ruffs,
    "strongest-suit": _strongest_suit,
    "top-of-sequence": _top_of_sequence,
    "keep-the-tenace": _keep_the_tenace,
    "fourth-best": _fourth_best,
    "second-hand-low": _second_hand_low,
    "cover-honour": _cover_honour,
    "split-sequence": _split_sequence,
    "sure-winner": _sure_winner,
    "third-hand-high": _third_hand_high,
    "partner-wins": _partner_wins,
    "fourth-hand-cheap": _fourth_hand_cheap,
    "no-ruff-partner": _no_ruff_partner,
    "ruff": _ruff,
    "second-hand-no-ruff": _second_hand_no_ruff,
    "discard-low": _discard_low,
    "signal-interest": _signal_interest,
    "spare-partner-trumps": _spare_partner_trumps,
    "partner-signal": _partner_signal,
    "give-a-ruff-before-drawing-trumps": _give_a_ruff_before_drawing_trumps,
    "return-while-partner-may-hold-one": _return_while_partner_may_hold_one,
    "avoid-refused-suit": _avoid_refused_suit,
    "second-hand-takes-a-short-suit": _second_hand_takes_a_short_suit,
}
"""Rule name -> its positions."""

_ALIAS: dict[str, str] = {
    "give-a-ruff-before-drawing-trumps": "give-partner-a-ruff",
    "return-while-partner-may-hold-one": "return-partner",
    "second-hand-takes-a-short-suit": "sure-winner",
}


@pytest.mark.parametrize("name", sorted(RULES))
def test_rule_applies_and_does_not(name: str) -> None:
    (yes, plays), card, (no, other) = RULES[name]()
    rule = _ALIAS.get(name, name)
    assert choice(yes, *plays) == (card, rule)
    got, not_rule = choice(no, *other)
    assert not_rule != rule or got != card


def test_every_card_rule_is_tested() -> None:
    tested = {_ALIAS.get(n, n) for n in RULES}
    untested = {t.name for t in TECHNIQUES} - tested
    # the rules named for what the earlier player decides (or nothing to choose)
    # open-hands is tested over a whole German deal below; exact-bid over whole games of
    # the exact-bid whists (tests/test_exactbid_bots.py)
    assert untested == {"only-card", "lead-to-dummy", "misere", "stock", "call", "instinct",
                        "open-hands", "exact-bid"}


def test_a_third_hand_under_an_opponents_winner_holds_nothing_higher() -> None:
    # West leads the four of spades, North wins it with the ten and East plays low under
    # it: South reads East as holding no spade above the ten, although the ace is unseen
    deal = table(S, "2D", W="S:4 S:9", N="S:T", E="S:3 S:A", S="S:J5 D:2")
    for c in ("4S", "TS", "3S"):
        deal.apply(c)
    pos = _BookPosition(deal.observation(S))
    ace = 13 * 3 + 12
    assert not pos.possible[E] >> ace & 1
    assert pos.possible[W] >> ace & 1


def test_signals_read_the_first_discard_of_each_suit() -> None:
    deal = table(W, "2H", N="H:AK S:765 D:KQ432 C:J62", S="C:AKQ83 D:AJT98 S:AKQ", E="H:Q",
                 W="H:2 H:5")
    for c in ("AH", "QH", "8C", "5H"):
        deal.apply(c)
    assert signals(deal.observation(N), S) == {0: True}
    assert signals(deal.observation(N), E) == {}


def test_the_technique_player_is_a_named_bot_that_plays_whole_deals() -> None:
    bot = make_bot("technique")
    assert bot.name == "technique"
    for variant in ("classic", "dummy", "german", "belgian"):
        deal = openwhist.new_deal(variant, seed=5)
        while not deal.is_over():
            hand = deal.to_move
            assert hand is not None
            obs = deal.observation(deal.controller(hand))
            action = bot.choose(obs)
            assert action in obs.legal
            assert isinstance(bot, TechniqueBot)
            assert bot.last_technique in {t.name for t in TECHNIQUES}
            deal.apply(action)


def test_a_master_waits_while_many_of_its_suit_are_out() -> None:
    # South's king of spades is master, but seven spades are out: no ruff threatens yet
    deal = table(N, "KC", E="S:A C:2", S="S:K3 H:QJT9 D:86432 C:A5", W="S:4 C:3", N="S:5 C:4K")
    card, rule = choice(deal, "AS", "3S", "4S", "5S", "2C", "AC", "3C", "4C")
    assert rule != "cash-masters"
    assert card != "KS"


def test_instinct_wins_the_trick_when_it_can_even_over_partner() -> None:
    # North's ace wins; South, void in spades, trumps it by instinct (never by the books)
    deal = table(W, "2H", N="S:4", E="S:A", S="S:2", W="H:J52 D:KQ4 C:T987654")
    for c in ("4S", "AS", "2S"):
        deal.apply(c)
    obs = deal.observation(W)
    assert str(Card(instinct(obs))) == "2H"
    assert str(TechniqueBot().choose(obs)) != "2H"


def test_the_ladder_levels_are_bots_and_a_beginner_errs_as_often_as_asked() -> None:
    assert list(LEVELS) == ["beginner", "club", "strong", "expert"]
    assert parse_bot_spec("club") == ("technique", {})
    assert parse_bot_spec("expert:time_budget=0.2") == ("pimc", {"level": 3, "bid": "sampler",
                                                                 "book": "technique",
                                                                 "time_budget": 0.2})
    with pytest.raises(ConfigError, match="levels: beginner, club"):
        parse_bot_spec("grandmaster")
    with pytest.raises(ConfigError, match="mistakes must be between 0 and 1"):
        make_bot("beginner:mistakes=2")
    bot = make_bot("beginner", seed=4)
    assert isinstance(bot, TechniqueBot)
    rules = []
    for seed in range(20):
        deal = openwhist.new_deal("classic", seed=seed)
        while not deal.is_over():
            hand = deal.to_move
            assert hand is not None
            obs = deal.observation(deal.controller(hand))
            card = bot.choose(obs)
            if len(obs.legal) > 1:
                rules.append(bot.last_technique)
            deal.apply(card)
    share = rules.count("instinct") / len(rules)
    assert 0.2 < share < 0.4


def test_the_command_line_knows_the_levels() -> None:
    from typer.testing import CliRunner

    from openwhist.cli import app

    runner = CliRunner()
    out = runner.invoke(app, ["arena", "club", "beginner", "--boards", "4", "--seed", "1"])
    assert out.exit_code == 0, out.output
    assert "gain per deal" in out.output
    bad = runner.invoke(app, ["arena", "club", "grandmaster", "--boards", "4"])
    assert bad.exit_code != 0
    assert "levels: beginner, club, strong, expert" in bad.output
    assert "Traceback" not in bad.output


def test_two_open_hands_are_played_by_the_open_hands_rule_and_only_they() -> None:
    bot = TechniqueBot()
    seen: dict[str, set[str]] = {}
    for variant in ("german", "classic"):
        deal = openwhist.new_deal(variant, seed=11)
        while not deal.is_over():
            hand = deal.to_move
            assert hand is not None
            obs = deal.observation(deal.controller(hand))
            action = bot.choose(obs)
            if len(obs.legal) > 1 and not obs.shown:
                seen.setdefault(variant, set()).add(bot.last_technique)
            deal.apply(action)
    assert seen["german"] == {"open-hands"}  # the play phase, once the stock is gone
    assert "open-hands" not in seen["classic"]
