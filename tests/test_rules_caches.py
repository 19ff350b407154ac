"""The rules core's caches (options' dicts, action texts, card texts) give what the
uncached code gives, and are never shared wrongly."""

from __future__ import annotations

import random

import pytest

import openwhist
from openwhist.cards import Card, CardSet
from openwhist.errors import ConfigError
from openwhist.rules.actions import Call, action_from_id, parse_action
from openwhist.rules.classic import ClassicOptions
from openwhist.rules.observation import _mask_texts, _tricks_json
from openwhist.rules.options import OptionsRecord
from openwhist.rules.registry import get_variant, variants
from openwhist.rules.tricks import Trick


def test_options_dict_is_fresh_and_per_object() -> None:
    opts = ClassicOptions(target=7)
    first = opts.to_dict()
    first["target"] = 99
    assert opts.to_dict()["target"] == 7
    # equal options keep their own dicts; a number option refuses true (True == 1, but true
    # and 1 are different JSON, and a yes/no is no count)
    one, other = ClassicOptions(single_from=1), ClassicOptions(single_from=1)
    assert one == other and one.to_dict() is not other.to_dict()
    with pytest.raises(ConfigError, match="single_from is a whole number"):
        ClassicOptions(single_from=True)


def test_options_dict_matches_fields() -> None:
    for name in variants():
        record = get_variant(name)
        for opts in record.presets.values():
            assert isinstance(opts, OptionsRecord)
            expected = {k: getattr(opts, k) for k in opts.__dataclass_fields__}  # type: ignore[attr-defined]
            assert opts.to_dict() == expected
            assert list(opts.to_dict()) == list(expected)
            assert record.options_type.from_dict(opts.to_dict()) == opts


def test_observation_options_not_shared() -> None:
    deal = openwhist.new_deal("classic", seed=3, target=7)
    data = deal.observation(0).to_json()
    data["options"]["target"] = 1
    assert deal.observation(0).to_json()["options"]["target"] == 7


def test_parse_action_table_agrees_with_parser() -> None:
    n_actions = Call.FIRST + len(Call._cache)
    for action_id in range(n_actions):
        action = action_from_id(action_id)
        text = str(action)
        parsed = parse_action(text)
        assert parsed is action
        general = Card.parse(text) if action_id < 52 else Call.parse(text)
        assert general is action
    # texts not in the table still go through the parser
    assert parse_action("10h") is Card.parse("TH")
    assert parse_action(" Pass ") is Call.parse("pass")
    assert parse_action("ik wacht") is Call.parse("wait")


def test_mask_texts() -> None:
    rng = random.Random(7)
    for _ in range(500):
        mask = rng.getrandbits(52) & rng.getrandbits(52)
        assert _mask_texts(mask) == [str(c) for c in CardSet(mask)]
    assert _mask_texts(0) == []
    assert _mask_texts((1 << 52) - 1) == [str(Card(c)) for c in range(52)]


def test_played_cards_follow_undo_and_clones() -> None:
    rng = random.Random(11)
    for variant in ("classic", "german", "belgian"):
        deal = openwhist.new_deal(variant, seed=5)
        steps = 0
        while not deal.is_over() and steps < 200:
            steps += 1
            seat = deal.seats[0]
            assert deal.observation(seat).played.mask == deal.played_mask()  # type: ignore[attr-defined]
            legal = list(deal.legal_actions())
            deal.apply(rng.choice(legal))
            if rng.random() < 0.3 and len(legal) > 1:
                copy = deal.clone()
                deal.undo()
                assert deal.observation(seat).played.mask == deal.played_mask()  # type: ignore[attr-defined]
                deal.apply(rng.choice(legal))
                assert copy.observation(seat).played.mask == copy.played_mask()
            assert deal.observation(seat).played.mask == deal.played_mask()  # type: ignore[attr-defined]


def test_tricks_json_any_width() -> None:
    names = ("N", "E", "S", "W")
    rng = random.Random(3)
    for widths in ([4, 4], [2, 2, 2], [3], [4, 2], [2, 4], [1], [5, 5], [3, 4]):
        tricks = [Trick(rng.randrange(4), tuple(Card(rng.randrange(52)) for _ in range(w)),
                        rng.randrange(4)) for w in widths]
        expected = [{"leader": names[t.leader], "cards": [str(c) for c in t.cards],
                     "winner": names[t.winner]} for t in tricks]
        assert _tricks_json(tricks, names) == expected
    assert _tricks_json([], names) == []


def test_observation_from_fields_is_the_dataclass() -> None:
    import dataclasses

    import pytest

    from openwhist.rules.observation import Observation

    deal = openwhist.new_deal("classic", seed=2)
    obs = deal.observation(1)
    values = {f.name: getattr(obs, f.name) for f in dataclasses.fields(obs)}
    made = Observation.from_fields(dict(values))
    assert made == Observation(**values) == obs
    assert repr(made) == repr(obs)
    assert dataclasses.replace(made, seat=2).seat == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.seat = 3  # type: ignore[misc]
    required = {k: v for k, v in values.items()
                if k not in ("played", "calls", "info", "hidden", "shown", "voids_from")}
    one, two = Observation.from_fields(dict(required)), Observation.from_fields(dict(required))
    assert one == Observation(**required)
    assert one.info == {} and one.info is not two.info and one.hidden is not two.hidden
    with pytest.raises(TypeError):
        Observation.from_fields({k: v for k, v in values.items() if k != "seat"})
    with pytest.raises(TypeError):
        Observation.from_fields({**values, "bogus": 1})


def test_kept_deal_results_match_scoring_afresh() -> None:
    """Classic whist keeps the results of deals without revokes: each is the one
    ``score_deal`` gives, whatever the options, honours and score before."""
    from openwhist.rules.classic import score_deal

    rng = random.Random(3)
    for preset in ("english-short", "english-long", "american", "no-trump"):
        for seed in range(40):
            score = (rng.randrange(4), rng.randrange(4))
            deal = openwhist.new_deal("classic", preset=preset, seed=seed, score=score)
            while not deal.is_over():
                deal.apply(rng.choice(deal.legal_actions()))
            fresh = score_deal(deal.options, deal.dealt, deal.trump, deal.won, deal.start_score,
                               deal.revokes)
            assert deal.result() == fresh
            assert deal.log[-1].result == fresh
