"""Oh Hell in lock-step with OpenSpiel's ``oh_hell`` (rules.md §4.5): the same deals given to
both (every card is a chance action there: the k-th card to player k mod n, the trump
card last), then at every step the player to act and every legal action compared, the
same random action taken in both, and at the end every player's score compared.  Our
default Oh Hell is OpenSpiel's form: the hook, follow suit only, always a trump card,
a trick a point and 10 for an exact bid; ``off_bid_penalty`` is our ``oh-hell-penalty``.
"""

from __future__ import annotations

import random

import pytest

from openwhist.cards import Card
from openwhist.rules.actions import Call
from openwhist.rules.exactbid import ExactBidState
from openwhist.rules.registry import get_variant

pyspiel = pytest.importorskip("pyspiel")

_OS_SUIT = (0, 1, 3, 2)
"""OpenSpiel's suit index of each of ours (ours C D H S, theirs C D S H)."""


def os_card(card: int) -> int:
    """OpenSpiel's id of a card: rank * 4 + suit."""
    return card % 13 * 4 + _OS_SUIT[card // 13]


def os_action(action: int) -> int:
    """OpenSpiel's id of one of our actions (a card, or a bid: 52 + tricks bid)."""
    if action < 52:
        return os_card(action)
    call = Call(action)
    assert call.kind == "bid" and call.level is not None
    return 52 + call.level


def lock_step(players: int, seed: int, preset: str = "oh-hell-basic") -> int:
    """Play one random deal in both engines side by side; returns the actions compared."""
    rng = random.Random(seed)
    record = get_variant("oh-hell")
    opts = record.options(preset, players=players)
    cards = rng.randint(1, opts.most_cards)
    dealer = rng.randrange(players)
    ours: ExactBidState = record.deal(opts, seed=rng.getrandbits(62), dealer=dealer, cards=cards)
    params = {"players": players, "off_bid_penalty": opts.miss == "difference"}
    game = pyspiel.load_game("oh_hell", params)
    theirs = game.new_initial_state()
    theirs.apply_action(cards)  # the number of tricks
    theirs.apply_action(dealer)
    hands = [[c for c in range(52) if ours.hands[h] >> c & 1] for h in range(players)]
    for k in range(players * cards):
        theirs.apply_action(os_card(hands[k % players][k // players]))
    assert ours.turn_up is not None  # OpenSpiel always turns a trump card
    theirs.apply_action(os_card(ours.turn_up))
    steps = 0
    while not ours.is_over():
        assert not theirs.is_terminal()
        assert theirs.current_player() == ours.to_move
        legal = list(ours.legal_actions())
        assert sorted(os_action(a) for a in legal) == sorted(theirs.legal_actions()), (
            f"{players} players, seed {seed}, step {steps}: {[str(a) for a in legal]}")
        action = rng.choice(legal)
        ours.apply(action)
        theirs.apply_action(os_action(action))
        steps += 1
    assert theirs.is_terminal()
    assert [int(r) for r in theirs.returns()] == list(ours.result().points), (players, seed)
    return steps


def test_the_card_ids_match() -> None:
    assert os_card(Card.parse("2C")) == 0 and os_card(Card.parse("2D")) == 1
    assert os_card(Card.parse("2S")) == 2 and os_card(Card.parse("2H")) == 3
    assert os_card(Card.parse("AH")) == 51


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_oh_hell_plays_as_openspiel(players: int) -> None:
    """250 random deals for each number of players (1,000 in all), every hand size."""
    assert sum(lock_step(players, seed) for seed in range(250)) > 0


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_oh_hell_off_bid_penalty_scores_as_openspiel(players: int) -> None:
    for seed in range(25):
        lock_step(players, 10_000 + seed, preset="oh-hell-penalty")


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_oh_hell_plays_as_openspiel_long(players: int) -> None:
    """2,500 random deals for each number of players (10,000 in all)."""
    for seed in range(2500):
        lock_step(players, 1_000_000 + seed, preset="oh-hell-penalty" if seed % 4 == 0
                  else "oh-hell-basic")
