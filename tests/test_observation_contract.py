"""The typed contract in observations: what each family sets, its JSON form and the solver
objective it gives."""

from __future__ import annotations

import pytest

import openwhist
from openwhist.cards import Suit
from openwhist.errors import WhistError
from openwhist.rules.base import Contract, Observation

N, E, S, W = range(4)
SUIT_HANDS = ["AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
              "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"]
"""From the dealer's (N's) left: E all clubs, S all diamonds, W all spades, N all hearts."""
THREE_ACES = ["AC AD AH KC QC JC TC 9C 8C 7C 6C 5C 4C", "AS KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
              "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 3C", "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H 2C"]
"""E holds three aces (troel); S the fourth, the ace of spades."""


def belgian(*calls: str, hands: list[str] = SUIT_HANDS) -> openwhist.Deal:
    d = openwhist.new_deal("belgian", hands=hands, dealer=N)
    for call in calls:
        d.apply(call)
    return d


def roundtrip(obs: Observation) -> Observation:
    back = Observation.from_json(obs.to_json())
    assert back.contract == obs.contract
    assert back.to_json() == obs.to_json()
    return back


def test_a_pair_contract_is_at_least_its_tricks_for_both_declarers() -> None:
    d = belgian("propose hearts", "pass", "pass", "accept")
    assert d.phase == "play"
    for seat in range(4):  # every seat sees the same contract
        assert d.observation(seat).contract == Contract(
            "pair 8 hearts", "pair", (E, N), 8, "at_least", Suit.HEARTS, each=False)
    obs = d.observation(S)
    assert obs.to_json()["contract"] == {
        "name": "pair 8 hearts", "kind": "pair", "declarers": ["E", "N"], "needed": 8,
        "bound": "at_least", "each": False, "trump": "H"}
    assert obs.info["contract"] == {"name": "pair 8 hearts", "declarers": ["E", "N"],
                                    "needed": 8, "exact": False}  # kept for older readers
    roundtrip(obs)
    assert d.public_observation().contract == obs.contract


def test_a_solo_contract() -> None:
    obs = belgian("solo 6 clubs", "pass", "pass", "pass").observation(W)
    c = obs.contract
    assert c is not None and c.declarers == (E,) and c.needed == 6 and c.trump == Suit.CLUBS
    assert c.bound == "at_least" and not c.exact and not c.each and c.kind == "solo"
    assert roundtrip(obs).contract == c


def test_misere_contracts_are_exact_each_declarer_on_his_own() -> None:
    small = belgian("small misere", "pass", "pass", "pass")
    assert small.phase == "discard"  # the contract is known before the discards
    c = small.observation(N).contract
    assert c == Contract("small misere", "small-misere", (E,), 0, "exactly", None, each=True)
    assert c.exact and c.objective(0) == "exactly 0" and c.objective(1) is None
    roundtrip(small.observation(N))
    two = belgian("grand misere", "grand misere", "pass", "pass").observation(W)
    assert two.contract is not None and two.contract.declarers == (E, S) and two.contract.each
    assert roundtrip(two).to_json()["contract"]["bound"] == "exactly"
    piccolo = belgian("piccolo", "pass", "pass", "pass").observation(E).contract
    assert piccolo is not None and piccolo.needed == 1 and piccolo.exact
    assert [piccolo.objective(t) for t in range(3)] == ["exactly 1", "exactly 0", None]


def test_troel_has_no_trump_until_the_partner_names_it() -> None:
    d = belgian("pass", "pass", "pass", "pass", hands=THREE_ACES)
    assert d.phase == "trump"
    before = d.observation(N).contract
    assert before is not None and before.kind == "troel" and before.declarers == (E, S)
    assert before.trump is None and before.needed == 8
    assert roundtrip(d.observation(N)).to_json()["contract"]["trump"] is None
    d.apply("trump diamonds")  # not the fourth ace's suit: nine tricks
    after = d.observation(N).contract
    assert after == Contract("troel diamonds", "troel", (E, S), 9, "at_least", Suit.DIAMONDS)
    assert after.objective(4) == "at least 5" and after.objective(10) == "at least 0"
    roundtrip(d.observation(W))


def test_no_contract_before_the_auction_ends_nor_in_families_without_one() -> None:
    d = belgian("propose hearts")
    assert d.observation(E).contract is None
    assert d.observation(E).to_json()["contract"] is None
    for variant in ("classic", "dummy", "german"):
        deal = openwhist.new_deal(variant, seed=5)
        for seat in deal.seats:
            obs = deal.observation(seat)
            assert obs.contract is None and roundtrip(obs).contract is None


def test_an_at_most_contract_and_a_bad_bound_in_json() -> None:
    c = Contract("at most two", "demo", (N,), 2, "at_most", None)
    assert [c.objective(t) for t in (0, 2, 3)] == ["at most 2", "at most 0", None]
    data = c.to_json(["N", "E", "S", "W"])
    assert Contract.from_json(data, 4) == c
    with pytest.raises(WhistError):
        Contract.from_json({**data, "bound": "roughly"}, 4)


def test_voids_are_the_shown_voids_even_for_views_that_share_their_tricks() -> None:
    """Views made from one template share its tricks: their voids are worked out once,
    and a caller that changes the sets it got changes nothing for the next one."""
    import dataclasses

    from openwhist.bots.heuristic import HeuristicBot
    from openwhist.rules.tricks import shown_voids

    deal = openwhist.new_deal("classic", seed=11)
    book = HeuristicBot()
    while len(deal.tricks) < 6:
        assert deal.to_move is not None
        deal.apply(book.choose(deal.observation(deal.to_move)))
    obs = deal.observation(0)
    truth = shown_voids(obs.tricks, obs.trick, 4)
    assert any(truth.values())
    views = [dataclasses.replace(obs, hand=obs.hand) for _ in range(3)]
    for view in views:
        got = view.voids()
        assert got == truth
        for suits in got.values():
            suits.add(Suit.CLUBS)  # the caller's own copy
    assert obs.voids() == truth
