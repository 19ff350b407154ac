"""Match lengths of every family, dealer rotation within a match and the next match's dealer."""

from __future__ import annotations

import json
import random

import pytest

import openwhist
from openwhist import ConfigError
from openwhist.match import Match


def _finish(match: Match, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))


def _all_pass(row: object) -> bool:
    return bool(getattr(getattr(row, "result", None), "all_pass", False))


@pytest.mark.parametrize("variant", openwhist.variants())
def test_every_family_declares_its_lengths(variant: str) -> None:
    info = openwhist.match_lengths(variant)
    assert json.loads(json.dumps(info)) == info
    rules = openwhist.get_variant(variant).match_rules(
        openwhist.new_match(variant, seed=1, until="deals").options)
    assert [x["until"] for x in info["lengths"]] == list(rules.UNTIL)
    assert info["default"]["until"] in rules.UNTIL and info["default"]["count"] >= 1
    for x in info["lengths"]:
        assert set(x) == {"until", "label", "count", "default_count", "odd", "max_count"}
        assert x["default_count"] >= 1 and (not x["odd"] or x["default_count"] % 2 == 1)
        assert x["default_count"] <= x["max_count"] <= 1000
        # every declared length with its default count starts a match
        openwhist.new_match(variant, seed=1, until=x["until"], count=x["default_count"])


def test_declared_lengths_per_family() -> None:
    classic = openwhist.match_lengths("classic")
    assert classic["default"] == {"until": "rubber", "count": 1}
    assert {"until": "rubber", "label": "rubbers", "count": "rubbers", "default_count": 1,
            "odd": False, "max_count": 20} in classic["lengths"]
    assert openwhist.match_lengths("dummy")["default"] == {"until": "rubber", "count": 1}
    german = {x["until"]: x for x in openwhist.match_lengths("german", best_of=5)["lengths"]}
    assert german["best-of"] == {"until": "best-of", "label": "best-of", "count": "hands",
                                 "default_count": 5, "odd": True, "max_count": 99}
    assert openwhist.match_lengths("german", scoring="meggiesoft")["lengths"][3]["default_count"] == 50
    belgian = openwhist.match_lengths("belgian")
    assert belgian["default"] == {"until": "rounds", "count": 1}
    assert [x["count"] for x in belgian["lengths"]] == ["deals", "rounds", "points"]


@pytest.mark.parametrize("variant", openwhist.variants())
def test_the_dealer_rotates_left_every_deal(variant: str) -> None:
    match = openwhist.new_match(variant, seed=3, until="deals", count=6, dealer=1)
    _finish(match)
    n = match.record.hands
    dealers = [row.dealer for row in match.sheet]
    assert dealers[0] == 1 and len(dealers) == 6
    for prev, dealer in zip(match.sheet, dealers[1:]):
        expected = prev.dealer if _all_pass(prev) else (prev.dealer + 1) % n
        assert dealer == expected
    for deal, row in zip(match.deals, match.sheet):
        assert deal.dealer == row.dealer


@pytest.mark.parametrize("variant", openwhist.variants())
def test_next_match_dealer_follows_the_last_deal(variant: str) -> None:
    first = openwhist.get_variant(variant).hands - 1
    match = openwhist.new_match(variant, seed=8, until="deals", count=3, dealer=first)
    assert match.next_dealer() == first  # while the first deal is in progress
    _finish(match)
    n = match.record.hands
    last = match.sheet[-1]
    expected = last.dealer if _all_pass(last) else (last.dealer + 1) % n
    assert match.next_dealer() == expected
    following = openwhist.new_match(variant, seed=9, until="deals", dealer=match.next_dealer())
    assert following.state.dealer == expected


def test_classic_game_rubber_and_deals_end_where_they_should() -> None:
    for until, count in (("rubber", 2), ("game", 3)):
        match = openwhist.new_match("english-short", seed=4, until=until, count=count)
        _finish(match)
        done = len(match.rubbers) if until == "rubber" else len(match.games)
        assert done == count
        assert match.sheet[-1].game_won_by is not None  # the last deal finished a game
    deals = openwhist.new_match("american", seed=4, until="deals", count=4)
    _finish(deals)
    assert len(deals.sheet) == 4 and [r.dealer for r in deals.sheet] == [0, 1, 2, 3]


def test_dummy_plays_a_rubber() -> None:
    match = openwhist.new_match("dummy", seed=5, until="rubber")
    _finish(match)
    assert len(match.rubbers) == 1 and max(match.rubbers[0].games) == 2
    assert match.next_dealer() == (match.sheet[-1].dealer + 1) % 4


@pytest.mark.parametrize("count", [1, 3, 5])
def test_german_best_of_n_hands(count: int) -> None:
    match = openwhist.new_match("german", seed=count, until="best-of", count=count)
    _finish(match, count)
    wins = [sum(1 for g in match.games if g.winner == s) for s in (0, 1)]
    assert max(wins) == count // 2 + 1 and min(wins) <= count // 2
    assert match.sheet[-1].game_won_by == wins.index(max(wins))  # the deciding hand


@pytest.mark.parametrize("preset", ["seed-001", "standard", "meggiesoft"])
def test_german_to_n_points(preset: str) -> None:
    target = {"seed-001": 6, "standard": 3, "meggiesoft": 20}[preset]
    match = openwhist.new_match("german", scoring=preset, seed=2, until="points", count=target)
    _finish(match, 1)
    assert max(match.totals) >= target
    before = [sum(r.result.points[s] for r in match.sheet[:-1]) for s in (0, 1)]
    assert max(before) < target or preset == "meggiesoft"
    if preset != "meggiesoft":
        assert min(match.totals) < target


def test_german_old_match_length_still_works() -> None:
    match = openwhist.new_match("german", seed=1, until="match", count=1)
    _finish(match)
    assert len(match.rubbers) == 1


def test_best_of_needs_an_odd_count() -> None:
    with pytest.raises(ConfigError, match="odd"):
        openwhist.new_match("german", until="best-of", count=4)
    with pytest.raises(ConfigError, match="until"):
        openwhist.new_match("belgian", until="rubber")


def test_belgian_rounds_give_every_player_the_deal_equally() -> None:
    match = openwhist.new_match("belgian", seed=6, until="rounds", count=2, dealer=3)
    _finish(match, 6)
    played = [row.dealer for row in match.sheet if not _all_pass(row)]
    assert played == [3, 0, 1, 2, 3, 0, 1, 2]
    assert not _all_pass(match.sheet[-1])
    assert match.next_dealer() == 3


def test_belgian_points_end_at_the_round_in_which_a_player_reaches_them() -> None:
    target = 15
    match = openwhist.new_match("belgian", seed=7, until="points", count=target)
    _finish(match, 7)
    dealt = 0
    totals = [0, 0, 0, 0]
    round_ends = []
    for row in match.sheet:
        totals = [t + p for t, p in zip(totals, row.result.points)]
        if not _all_pass(row):
            dealt += 1
            if dealt % 4 == 0:
                round_ends.append(max(totals))
    assert dealt % 4 == 0 and round_ends[-1] >= target
    assert all(m < target for m in round_ends[:-1])


@pytest.mark.parametrize(("variant", "until", "count"),
                         [("german", "best-of", 3), ("german", "points", 5), ("belgian", "rounds", 1)])
def test_records_of_the_new_lengths_replay(variant: str, until: str, count: int) -> None:
    from openwhist import records

    match = openwhist.new_match(variant, seed=12, until=until, count=count)
    _finish(match, 12)
    again = records.replay(records.loads(records.dumps(records.match_record(match))))
    assert again.is_over() and again.summary() == match.summary()
    assert again.next_dealer() == match.next_dealer()
