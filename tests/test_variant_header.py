"""Every variant's declared header agrees with real deals: the seats and the hands they
play, the sides of fixed pairs, and random play never takes more actions or scores more
or fewer points in a deal than the header allows."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import openwhist
from openwhist.rules.registry import get_variant, header, resolve, variants

PRESETS = [(v, p, {}) for v in variants() for p in get_variant(v).presets]
OPTIONS = [
    ("classic", None, {"revokes": "penalty"}),
    ("classic", None, {"revokes": "penalty", "revoke_penalty": "points", "target": 10}),
    ("classic", None, {"revokes": "penalty", "revoke_penalty": "deduct", "slam_bonus": 5}),
    ("dummy", None, {"dummy": 0}),
    ("dummy", None, {"dummy": 3, "revokes": "penalty", "revoke_penalty": "tricks"}),
    ("german", None, {"face_up": 3, "scoring": "meggiesoft"}),
    ("german", None, {"face_up": 2, "scoring": "standard", "race": 7}),
    ("belgian", None, {"piccolissimo": True, "grid": "whisthub"}),
    ("belgian", "whisthub", {"all_pass": "redeal"}),
]
CASES = PRESETS + OPTIONS
DEALS = 200


def _id(case: tuple[str, str | None, dict[str, Any]]) -> str:
    v, p, o = case
    return "-".join([v, p or "", *(f"{k}={x}" for k, x in o.items())])


def _deal(variant: str, opts: Any, seed: int, rng: random.Random) -> Any:
    """A seeded deal, with a match's arguments where they change the points: a game score
    before it (classic), a doubled deal after an all-pass (Belgian, ``redeal-double``)."""
    record = get_variant(variant)
    extra: dict[str, Any] = {}
    if hasattr(opts, "target"):
        extra["score"] = (rng.randrange(opts.target), rng.randrange(opts.target))
    if getattr(opts, "all_pass", None) == "redeal-double" and seed % 2:
        extra["multiplier"] = 2
    return record.deal(opts, seed=seed, dealer=seed % record.hands, **extra)


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_the_header_agrees_with_random_play(case: tuple[str, str | None, dict[str, Any]]) -> None:
    variant, preset, overrides = case
    name, opts = resolve(variant, preset, **overrides)
    head = get_variant(name).header(opts)
    assert head.min_points <= 0 <= head.max_points and head.max_actions > 0
    rng = random.Random(f"{name}-{preset}-{sorted(overrides.items())}")
    sides_seen: set[tuple[int, ...]] = set()
    for seed in range(DEALS):
        deal = _deal(name, opts, seed, rng)
        assert deal.n_hands == head.hands and deal.players == head.players
        assert tuple(deal.seats) == head.seats
        assert tuple(deal.controller(h) for h in range(head.hands)) == head.controllers
        if head.sides is not None:
            assert tuple(deal.sides) == head.sides
        actions = 0
        while not deal.is_over():
            deal.apply(rng.choice(list(deal.legal_actions())))
            actions += 1
            if head.sides is not None:
                assert tuple(deal.sides) == head.sides
        sides_seen.add(tuple(deal.sides))
        assert actions <= head.max_actions, (seed, actions)
        points = deal.result().points
        assert len(points) == head.score_entries
        assert all(head.min_points <= p <= head.max_points for p in points), (seed, points)
    if head.partnership == "auction":
        assert len(sides_seen) > 1  # the auction made different sides in different deals


@pytest.mark.parametrize("variant", variants())
def test_every_variant_declares_a_header_and_its_json(variant: str) -> None:
    record = get_variant(variant)
    head = record.header()
    assert head == header(variant) == openwhist.get_variant(variant).header(record.options())
    data = head.to_json()
    assert json.loads(json.dumps(data)) == data
    assert set(data) == {"variant", "players", "hands", "seats", "controllers", "partnership",
                         "sides", "scores", "max_actions", "points", "depends_on"}
    assert data["players"] == record.players == len(data["seats"])
    assert set(data["depends_on"]) <= {f for f in record.options().to_dict()}
    for seat in head.seats:
        assert seat in head.hands_of(seat)


def test_dummy_whist_declares_where_the_dummy_is() -> None:
    record = get_variant("dummy")
    assert record.header().to_json()["controllers"] == {"N": "N", "E": "E", "S": "N", "W": "W"}
    moved = record.header(record.options(dummy=1))
    assert moved.seats == (0, 2, 3) and moved.dummies == (1,) and moved.hands_of(3) == (1, 3)
    assert "dummy" in moved.depends_on
    assert get_variant("classic").header().dummies == ()


def test_the_partnership_models() -> None:
    assert header("classic").partnership == "fixed"
    assert header("classic").to_json()["sides"] == {"N": 0, "E": 1, "S": 0, "W": 1}
    assert header("german").partnership == "each" and header("german").sides == (0, 1)
    belgian = header("belgian")
    assert belgian.partnership == "auction" and belgian.sides is None
    assert belgian.to_json()["sides"] is None and belgian.scores == "player"


def test_options_named_in_the_header_change_it() -> None:
    assert header("belgian", "whisthub") != header("belgian")  # another grid, other points
    doubled = header("belgian", "whisthub")
    single = header("belgian", "whisthub", all_pass="redeal")
    assert doubled.max_points == 2 * single.max_points
    assert header("german", face_up=3).max_actions == header("german").max_actions + 13
    assert header("classic", revokes="penalty", revoke_penalty="deduct").min_points < 0
    assert header("classic", target=10).max_points > header("classic").max_points
    assert header("classic", rubber_bonus=5) == header("classic")  # not in depends_on


def test_a_header_needs_the_variants_own_options() -> None:
    with pytest.raises(openwhist.ConfigError):
        get_variant("classic").header(get_variant("german").options())
