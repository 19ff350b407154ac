"""The contract every registered variant keeps (as OpenSpiel's random simulation test does
for every game): random play-outs conserve the cards, ``undo`` restores the exact snapshot,
``clone`` is independent, ``can_apply`` agrees with ``apply``, observations leak nothing
(re-dealing the cards a seat cannot see leaves its observation unchanged), records replay
to the same deal, ``to_json`` round-trips, and a golden play-through per variant.

A new variant gets all of it by being registered.  To rewrite the golden files after an
intended change: ``OPENWHIST_WRITE_PLAYTHROUGHS=1 .venv/bin/pytest tests/test_variant_contract.py``.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import openwhist
from openwhist import records
from openwhist.cards import FULL_DECK, SUIT_MASKS, Card
from openwhist.errors import IllegalActionError, WhistError
from openwhist.rules.base import UNSEEN_DISCARD, Call, Observation, parse_action
from openwhist.rules.registry import get_variant, variants

VARIANTS = variants()
PLAYTHROUGHS = Path(__file__).parent / "data" / "playthroughs"
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
_SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_PROBES = [*range(52), int(Call.parse("pass")), int(Call.parse("take AH"))]


def random_walk(variant: str, seed: int) -> tuple[Any, list[Any]]:
    """A deal played out at random; returns the deal and its actions."""
    deal = openwhist.new_deal(variant, seed=seed, dealer=seed % get_variant(variant).hands)
    rng = random.Random(seed)
    actions = []
    while not deal.is_over():
        action = rng.choice(list(deal.legal_actions()))
        actions.append(action)
        deal.apply(action)
    return deal, actions


def check_locations(deal: Any) -> None:
    """Every card is in exactly one place."""
    seen = 0
    for place, mask in deal.locations().items():
        assert not seen & mask, f"a card is in two places ({place})"
        seen |= mask
    assert seen == FULL_DECK


@pytest.mark.parametrize("variant", VARIANTS)
@_SETTINGS
@given(seed=SEEDS)
def test_random_playouts_conserve_cards_and_end(variant: str, seed: int) -> None:
    deal = openwhist.new_deal(variant, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not deal.is_over():
        check_locations(deal)
        legal = list(deal.legal_actions())
        assert legal, "a deal that is not over has a legal action"
        deal.apply(rng.choice(legal))
        steps += 1
        assert steps < 500
    check_locations(deal)
    result = deal.result()
    assert deal.phase == "over" and deal.to_move is None
    assert sum(result.tricks) == len(deal.observation(deal.seats[0]).tricks)
    assert deal.legal_actions() == () or list(deal.legal_actions()) == []


@pytest.mark.parametrize("variant", VARIANTS)
@_SETTINGS
@given(seed=SEEDS)
def test_every_undo_restores_the_exact_snapshot(variant: str, seed: int) -> None:
    deal, actions = random_walk(variant, seed)
    snapshots = []
    for _ in actions:
        deal.undo()
    fresh = openwhist.new_deal(variant, seed=seed, dealer=seed % get_variant(variant).hands)
    assert deal.snapshot() == fresh.snapshot()
    for action in actions:
        snapshots.append(deal.snapshot())
        deal.apply(action)
    for snap in reversed(snapshots):
        deal.undo()
        assert deal.snapshot() == snap
    with pytest.raises(IllegalActionError):
        deal.undo()


@pytest.mark.parametrize("variant", VARIANTS)
@_SETTINGS
@given(seed=SEEDS, cut=st.integers(min_value=0, max_value=60))
def test_clone_is_independent(variant: str, seed: int, cut: int) -> None:
    deal, actions = random_walk(variant, seed)
    for _ in actions[min(cut, len(actions)):]:
        deal.undo()
    before = deal.snapshot()
    copy = deal.clone()
    assert copy.snapshot() == before
    rng = random.Random(seed + 1)
    while not copy.is_over():
        copy.apply(rng.choice(list(copy.legal_actions())))
    assert deal.snapshot() == before
    if actions[min(cut, len(actions)):]:
        deal.apply(actions[min(cut, len(actions))])
        assert copy.is_over()


@pytest.mark.parametrize("variant", VARIANTS)
@_SETTINGS
@given(seed=SEEDS)
def test_can_apply_agrees_with_apply(variant: str, seed: int) -> None:
    deal = openwhist.new_deal(variant, seed=seed)
    rng = random.Random(seed)
    while not deal.is_over():
        before = deal.snapshot()
        legal = set(deal.legal_actions())
        for probe in rng.sample(_PROBES, 12) + list(legal)[:3]:
            action = parse_action(probe)
            allowed = deal.can_apply(action)
            try:
                deal.apply(action)
            except WhistError:
                assert not allowed, f"can_apply said yes to {action}, apply refused it"
                assert deal.snapshot() == before, f"a refused {action} changed the state"
            else:
                assert allowed, f"can_apply said no to {action}, apply took it"
                assert action in legal, f"apply took {action}, not among the legal actions"
                deal.undo()
                assert deal.snapshot() == before
        deal.apply(rng.choice(list(legal)))


def _redeal(obs: Observation, deal: Any,
            rng: random.Random) -> tuple[list[int], dict[str, list[int]]] | None:
    """The cards each hand holds now, with every card ``obs`` cannot see dealt afresh
    among the hands that may hold it (sizes and shown voids kept) and the hidden places
    (``obs.hidden``, in a random order)."""
    n = obs.n_hands
    fixed = [0] * n
    for h in obs.controls:
        fixed[h] = deal.hands[h]
    for h, cs in obs.known.items():
        fixed[h] |= cs.mask
    free = obs.unseen().mask
    voids = obs.voids()
    cards = [c for c in range(52) if free >> c & 1]
    for _ in range(200):
        hands = list(fixed)
        need = [obs.hand_sizes[h] - fixed[h].bit_count() for h in range(n)]
        rng.shuffle(cards)
        # the cards fewest hands may hold first (a random order fails where voids are many)
        cards.sort(key=lambda c: sum(1 for h in range(n) if need[h] > 0 and not any(
            SUIT_MASKS[s] >> c & 1 for s in voids.get(h, ()))))
        hidden: dict[str, list[int]] = {place: [] for place in obs.hidden}
        places = [p for p, k in obs.hidden.items() for _ in range(k)]
        ok = True
        for c in cards:
            if places and rng.random() < len(places) / (len(places) + sum(need)):
                hidden[places.pop()].append(c)
                continue
            seats = [h for h in range(n) if need[h] > 0 and not any(
                SUIT_MASKS[s] >> c & 1 for s in voids.get(h, ()))]
            if not seats:
                if not places:
                    ok = False
                    break
                hidden[places.pop()].append(c)
                continue
            h = rng.choice(seats)
            hands[h] |= 1 << c
            need[h] -= 1
        if ok and not any(need) and not places:
            return hands, hidden
    return None


_CARD_TEXT = re.compile(r"\b[2-9TJQKA][SHDC]\b")


def cards_named(obs: Observation) -> int:
    """Every card an observation's JSON names anywhere (calls, info, trick...), as a mask."""
    data = {k: v for k, v in obs.to_json().items() if k != "options"}
    return sum({1 << Card.parse(t) for t in _CARD_TEXT.findall(json.dumps(data))})


def visible(obs: Observation) -> int:
    """The cards an observation may name: its hand, the public cards of other hands, the
    public cards in no hand, the cards played."""
    mask = obs.hand.mask | obs.shown.mask | obs.played.mask
    for cs in obs.known.values():
        mask |= cs.mask
    return mask


def check_names_only_visible_cards(obs: Observation, deal: Any) -> None:
    """No card of another hand or of a hidden place appears anywhere in the observation
    unless the observation counts it as seen (a discard is a card in a hidden place)."""
    named = cards_named(obs)
    mine = 0 if obs.seat is None else deal.hands[obs.seat]
    for h in obs.controls:
        mine |= deal.hands[h]
    secret = 0
    for place, mask in deal.locations().items():
        if place != "played":
            secret |= mask
    secret &= ~mine & ~visible(obs)
    leaked = named & secret
    assert not leaked, f"seat {obs.seat} is shown {[str(Card(c)) for c in range(52) if leaked >> c & 1]}"


@pytest.mark.parametrize("variant", VARIANTS)
@_SETTINGS
@given(seed=SEEDS)
def test_observations_leak_nothing(variant: str, seed: int) -> None:
    """Each seat's observation is the same whatever the cards it cannot see: re-dealing
    them (through the variant's own ``rebuild``) leaves every observation unchanged; the
    rebuilt deal holds the re-dealt cards where they were dealt (hands and hidden places);
    and no card the seat cannot see is named anywhere in its observation."""
    record = get_variant(variant)
    deal = openwhist.new_deal(variant, seed=seed)
    rng = random.Random(seed)
    while True:
        for seat in deal.seats:
            obs = deal.observation(seat)
            assert obs.hand.mask == deal.hands[seat]
            for h, cs in obs.known.items():
                assert cs.mask & ~deal.hands[h] == 0, "a known card is not in that hand"
            if obs.actor != seat:
                assert obs.legal == ()
            check_names_only_visible_cards(obs, deal)
            dealt = _redeal(obs, deal, rng)
            assert dealt is not None
            other = record.rebuild(obs, *dealt)
            assert other.observation(seat) == obs
            if variant in ("classic", "dummy") and other.turn_up is not None:
                # the card turned up is the dealer's last card, also where it is a stand-in
                assert other.dealt[other.dealer] >> other.turn_up & 1, "a turn-up the dealer never held"
            assert list(other.hands) == dealt[0]
            where = other.locations()
            for place, cards in dealt[1].items():
                mask = sum(1 << c for c in cards)
                assert where[place] & mask == mask, f"the re-dealt {place} were not used"
        if deal.is_over():
            break
        deal.apply(rng.choice(list(deal.legal_actions())))


def check_public(deal: Any) -> None:
    """The public observation: no seat, hand or legal action; it names no card that is
    not public; it knows no more than any seat (every card of a hand it shows, every seat
    not playing that hand sees; its calls are each seat's, a discard made by another
    player as ``discard``)."""
    pub = deal.public_observation()
    data = pub.to_json()
    assert data["seat"] is None and data["spectator"] is True
    assert pub.hand.mask == 0 and pub.legal == () and pub.controls == ()
    check_names_only_visible_cards(pub, deal)
    for seat in deal.seats:
        obs = deal.observation(seat)
        assert pub.shown.mask & ~obs.shown.mask == 0
        assert pub.played == obs.played and pub.tricks == obs.tricks and pub.trick == obs.trick
        for h, cs in pub.known.items():
            if h not in obs.controls:
                assert cs.mask & ~(obs.known[h].mask if h in obs.known else 0) == 0, (seat, h)
        assert len(pub.calls) == len(obs.calls)
        for (h, call), (h2, seen) in zip(pub.calls, obs.calls):
            assert h == h2
            assert call == seen or (call == UNSEEN_DISCARD and seen.kind == "discard" and h == seat)
        assert pub.hidden.keys() == obs.hidden.keys()
        assert sum(pub.hidden.values()) >= sum(obs.hidden.values())
        assert "spectator" not in obs.to_json()


def steered_action(deal: Any, rng: random.Random, favourite: str) -> Any:
    """A random legal action that makes the rare phases common: a call of the
    ``favourite`` kind whenever one is legal, else mostly a pass, else any."""
    legal = list(deal.legal_actions())
    liked = [a for a in legal if isinstance(a, Call) and a.kind == favourite]
    if liked:
        return rng.choice(liked)
    passes = [a for a in legal if isinstance(a, Call) and a.kind == "pass"]
    if passes and rng.random() < 0.7:
        return passes[0]
    return rng.choice(legal)


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_observation_leaks_in_any_contract(variant: str) -> None:
    """Deals steered into every contract and phase (each deal favours one kind of call:
    small misère with its discards, open misère, troel...): every seat's observation and
    the public one name no card they may not see, and a seat's observation survives a
    re-deal of what it cannot see."""
    record = get_variant(variant)
    offered: set[str] = set()  # the kinds of call met so far: three deals favour each
    phases: set[str] = set()
    seed = 0
    while seed < 4 + 3 * len(offered):
        rng = random.Random(seed)
        kinds = sorted(offered)
        favourite = kinds[seed % len(kinds)] if kinds else "pass"
        deal = openwhist.new_deal(variant, seed=seed, dealer=seed % record.hands)
        seed += 1
        while True:
            phases.add(deal.phase)
            offered.update(a.kind for a in deal.legal_actions() if isinstance(a, Call))
            check_public(deal)
            for seat in deal.seats:
                obs = deal.observation(seat)
                check_names_only_visible_cards(obs, deal)
                dealt = _redeal(obs, deal, rng)
                assert dealt is not None
                assert record.rebuild(obs, *dealt).observation(seat) == obs
            if deal.is_over():
                break
            deal.apply(steered_action(deal, rng, favourite))
    if variant == "belgian":
        assert {"auction", "trump", "discard", "play"} <= phases


@pytest.mark.parametrize("variant", VARIANTS)
@_SETTINGS
@given(seed=SEEDS)
def test_public_observation_leaks_nothing(variant: str, seed: int) -> None:
    deal = openwhist.new_deal(variant, seed=seed)
    rng = random.Random(seed)
    while True:
        check_public(deal)
        if deal.is_over():
            break
        deal.apply(rng.choice(list(deal.legal_actions())))


@pytest.mark.parametrize("variant", VARIANTS)
@_SETTINGS
@given(seed=SEEDS, cut=st.integers(min_value=0, max_value=60))
def test_records_replay_to_the_same_deal(variant: str, seed: int, cut: int) -> None:
    deal, actions = random_walk(variant, seed)
    for _ in actions[min(cut, len(actions)):]:
        deal.undo()
    replayed = records.replay(records.loads(records.dumps(records.deal_record(deal))))
    assert replayed.snapshot() == deal.snapshot()
    if deal.is_over():
        assert replayed.result() == deal.result()


@pytest.mark.parametrize("variant", VARIANTS)
@_SETTINGS
@given(seed=SEEDS)
def test_observation_json_round_trips(variant: str, seed: int) -> None:
    deal = openwhist.new_deal(variant, seed=seed)
    rng = random.Random(seed)
    while True:
        for obs in [*(deal.observation(seat) for seat in deal.seats), deal.public_observation()]:
            data = json.loads(json.dumps(obs.to_json()))
            assert Observation.from_json(data) == obs
        if deal.is_over():
            break
        deal.apply(rng.choice(list(deal.legal_actions())))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_match_of_every_variant_plays_to_its_end(variant: str) -> None:
    from openwhist.bots import RandomBot, play_out

    match = openwhist.new_match(variant, seed=5, until="deals", count=3)
    assert play_out(match, {s: RandomBot(seed=s) for s in match.state.seats}) is None
    assert match.is_over() and len(match.sheet) == 3
    again = records.replay(records.loads(records.dumps(records.match_record(match))))
    assert again.summary() == match.summary()


def playthrough(variant: str, seed: int = 2026) -> list[str]:
    """A fixed deal of ``variant`` played by the first legal action each time, action by
    action: who acts, what, and the public view before it (the acting seat's observation
    without its hand)."""
    deal = openwhist.new_deal(variant, seed=seed, dealer=0)
    lines = [json.dumps({"variant": variant, "seed": seed, "setup": deal.setup()})]
    private = ("hand", "legal", "legal_ids", "options")
    while not deal.is_over():
        hand = deal.to_move
        seat = deal.controller(hand)
        view = deal.observation(seat).to_json()
        action = list(deal.legal_actions())[0]
        events = deal.apply(action)
        lines.append(json.dumps({
            "actor": view["actor"], "action": str(action), "id": int(action),
            "legal": len(view["legal"]),
            "view": {k: v for k, v in view.items() if k not in private},
            "events": [type(e).__name__ for e in events],
        }, ensure_ascii=False))
    lines.append(json.dumps({"result": deal.result().to_dict()}))
    return lines


@pytest.mark.parametrize("variant", VARIANTS)
def test_golden_playthrough(variant: str) -> None:
    path = PLAYTHROUGHS / f"{variant}.jsonl"
    lines = playthrough(variant)
    if os.environ.get("OPENWHIST_WRITE_PLAYTHROUGHS"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert path.exists(), f"no golden play-through for {variant}: write it (see the module doc)"
    golden = path.read_text(encoding="utf-8").splitlines()
    assert len(golden) == len(lines)
    for i, (want, got) in enumerate(zip(golden, lines)):
        assert json.loads(got) == json.loads(want), f"{variant}: line {i + 1} differs"
