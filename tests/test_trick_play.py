"""The trick-play component on its own: 2, 3 and 4 hands, any sides, the follow rule,
undo, and the hooks a family uses (an early end, the result)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openwhist.cards import FULL_DECK, Card, Suit, parse_hand, shuffled_deck
from openwhist.errors import IllegalActionError
from openwhist.rules.tricks import DealScored, TrickPlay, TrickWon


class Plain(TrickPlay):
    """The smallest family: deal, play all tricks (or stop early), result = tricks per side."""

    variant = "plain"
    apply = TrickPlay._play_card

    def __init__(self, hands: list[int], trump: Suit | None, leader: int, sides: tuple[int, ...],
                 stop_at: int | None = None) -> None:
        self.history: list[Any] = []
        self.log: list[Any] = []
        self.stop_at = stop_at
        self._start_play(hands, trump, leader, sides)

    def _trick_closed(self, trick: Any) -> bool:
        return self.stop_at is not None and max(self.won) >= self.stop_at

    def _deal_over(self) -> tuple[int, ...]:
        return tuple(self.won)

    def undo(self) -> None:
        self.history.pop()
        self._undo_card()


def _deal(n: int, seed: int, per_hand: int) -> list[int]:
    deck = shuffled_deck(seed)
    return [sum(1 << c for c in deck[h * per_hand:(h + 1) * per_hand]) for h in range(n)]


@pytest.mark.parametrize("n, sides", [(2, (0, 1)), (3, (0, 1, 2)), (3, (0, 1, 1)),
                                      (4, (0, 1, 0, 1)), (4, (0, 1, 1, 1)), (4, (0, 1, 2, 3))])
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**62))
def test_any_number_of_hands_and_any_sides(n: int, sides: tuple[int, ...], seed: int) -> None:
    per_hand = 13
    hands = _deal(n, seed, per_hand)
    state = Plain(hands, Suit(seed % 4), seed % n, sides)
    rng = random.Random(seed)
    snaps = []
    while state.to_move is not None:
        legal = list(state.legal_cards())
        hand = state.hands[state.to_move]
        if state.trick:
            led = state.trick[0].suit
            if hand & Suit(led).mask:
                assert all(c.suit == led for c in legal)
        assert legal and all(hand >> c & 1 for c in legal)
        snaps.append(state._play_snapshot())
        state.apply(rng.choice(legal))
        seen = state.played_mask()
        for h in state.hands:
            assert not seen & h
            seen |= h
        assert seen.bit_count() == n * per_hand
    assert sum(state.won) == per_hand and len(state.won) == max(sides) + 1
    assert isinstance(state.log[-1], DealScored) and state.log[-1].result == tuple(state.won)
    for snap in reversed(snaps):
        state.undo()
        assert state._play_snapshot() == snap


def test_the_follow_rule_and_its_messages_for_two_hands() -> None:
    hands = [parse_hand("S:AK H:2 D:- C:-"), parse_hand("S:Q H:3 D:4 C:-")]
    state = Plain(hands, None, 0, (0, 1))
    assert state.locations()["N"] == hands[0] and set(state.locations()) == {"N", "S", "played"}
    state.apply(Card.parse("AS"))
    with pytest.raises(IllegalActionError, match="S must follow spades: 3H is a revoke"):
        state.apply(Card.parse("3H"))
    with pytest.raises(IllegalActionError, match="S does not hold KS"):
        state.apply(Card.parse("KS"))
    events = state.apply(Card.parse("QS"))
    assert isinstance(events[-1], TrickWon) and events[-1].trick.winner == 0
    assert state.to_move == 0 and state.won == [1, 0]
    with pytest.raises(IllegalActionError, match="already been played"):
        state.apply(Card.parse("AS"))


def test_a_family_may_end_the_play_early() -> None:
    hands = _deal(4, 7, 13)
    state = Plain(hands, Suit.HEARTS, 1, (0, 1, 0, 1), stop_at=7)
    rng = random.Random(3)
    while state.to_move is not None:
        state.apply(rng.choice(list(state.legal_cards())))
    assert max(state.won) == 7 and sum(state.won) < 13
    assert (sum(h.bit_count() for h in state.hands) + state.played_mask().bit_count()) == 52
    assert sum(hands) == FULL_DECK
