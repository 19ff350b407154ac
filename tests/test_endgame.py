"""αμ in the last tricks (openwhist.bots.endgame), checked against a strategy enumeration
written here from the definition, against PIMC's average, and in the PIMC player."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

import openwhist
from openwhist.bots import endgame as eg
from openwhist.bots import make_bot
from openwhist.bots.endgame import AlphaMu, pareto
from openwhist.cards import Card
from openwhist.errors import ConfigError
from openwhist.rules.tricks import legal_mask, trick_winner
from openwhist.solver import Position, solve_all

SIDES = (0, 1, 0, 1)


def cards(text: str) -> int:
    """A hand's mask from card names (``"AS TH AC"``)."""
    return sum(1 << int(Card.parse(name)) for name in text.split())


def splits(hands: Sequence[int], a: int, b: int) -> list[list[int]]:
    """Every deal that keeps the hands but seats ``a`` and ``b``, whose cards are shared
    between them anew (as many each as now)."""
    pooled = hands[a] | hands[b]
    k = hands[a].bit_count()
    out = []
    for comb in itertools.combinations([c for c in range(52) if pooled >> c & 1], k):
        m = sum(1 << c for c in comb)
        h = list(hands)
        h[a], h[b] = m, pooled & ~m
        out.append(h)
    return out


def random_endgame(rng: random.Random, tricks: int) -> tuple[list[int], int]:
    """Four hands of ``tricks`` cards each, and a trump suit (-1: none)."""
    dealt = rng.sample(range(52), 4 * tricks)
    hands = [sum(1 << c for c in dealt[tricks * i:tricks * (i + 1)]) for i in range(4)]
    return hands, rng.choice([-1, 0, 1, 2, 3])


# --- a referee: the best strategy for the mover's first two cards, by enumeration ----------

def _minimax(hands: list[int], trump: int, leader: int, trick: tuple[int, ...], mover: int,
             fixed: dict[tuple[int, ...], int], seen: tuple[int, ...], moves: int) -> int:
    """The mover's side's tricks from this trick on in one deal, every hand playing its
    best card for its side knowing the deal, except the mover's first ``moves`` cards,
    which ``fixed`` gives by what he has seen (``seen``: the cards played since the
    start, in order)."""
    if not any(hands):
        return 0
    seat = (leader + len(trick)) % 4
    led = trick[0] // 13 if trick else -1
    legal = [c for c in range(52) if legal_mask(hands[seat], led) >> c & 1]
    if seat == mover and moves > 0:
        legal = [fixed[seen]]
        moves -= 1
    results = []
    for c in legal:
        hands[seat] ^= 1 << c
        t = (*trick, c)
        if len(t) == 4:
            w = (leader + trick_winner(t, trump)) % 4
            v = (SIDES[w] == 0) + _minimax(hands, trump, w, (), mover, fixed, (*seen, c), moves)
        else:
            v = _minimax(hands, trump, leader, t, mover, fixed, (*seen, c), moves)
        hands[seat] ^= 1 << c
        results.append(v)
    return max(results) if SIDES[seat] == 0 else min(results)


def _second_choices(worlds: list[list[int]], trump: int, first: int) -> dict[tuple[int, ...], list[int]]:
    """Every sequence of cards the mover (seat 0, on lead) may have seen before his second
    card after leading ``first``, with his legal cards there."""
    out: dict[tuple[int, ...], list[int]] = {}

    def walk(hands: list[int], leader: int, trick: tuple[int, ...], seen: tuple[int, ...]) -> None:
        seat = (leader + len(trick)) % 4
        led = trick[0] // 13 if trick else -1
        if seat == 0:
            out[seen] = [c for c in range(52) if legal_mask(hands[0], led) >> c & 1]
            return
        for c in (c for c in range(52) if legal_mask(hands[seat], led) >> c & 1):
            hands[seat] ^= 1 << c
            t = (*trick, c)
            if len(t) == 4:
                walk(hands, (leader + trick_winner(t, trump)) % 4, (), (*seen, c))
            else:
                walk(hands, leader, t, (*seen, c))
            hands[seat] ^= 1 << c

    for w in worlds:
        h = list(w)
        h[0] ^= 1 << first
        walk(h, 0, (first,), (first,))
    return out


def rules_count(worlds: list[list[int]], trump: int, first: int) -> int:
    """How many rules for his second card :func:`enumerated_value` tries."""
    count = 1
    for legal in _second_choices(worlds, trump, first).values():
        count *= len(legal)
    return count


def enumerated_value(worlds: list[list[int]], trump: int, first: int) -> float:
    """The best mean over the deals of the mover's tricks after leading ``first``, over
    every rule for his second card by what he has seen."""
    choices = _second_choices(worlds, trump, first)
    keys = list(choices)
    best = -1.0
    for pick in itertools.product(*(choices[k] for k in keys)):
        fixed = dict(zip(keys, pick, strict=True))
        fixed[()] = first
        total = sum(_minimax(list(w), trump, 0, (), 0, fixed, (), 2) for w in worlds)
        best = max(best, total / len(worlds))
    return best


# --- the tests --------------------------------------------------------------------------

def test_pareto_keeps_the_vectors_nothing_beats() -> None:
    assert pareto([(1, 0), (0, 1), (1, 1), (0, 0)]) == [(1, 1)]
    assert sorted(pareto([(2, 0), (0, 2), (1, 1), (1, 0), (2, 0)])) == [(0, 2), (1, 1), (2, 0)]
    assert pareto([(3,)]) == [(3,)]


@pytest.mark.parametrize("seed", range(6))
def test_one_move_is_the_average_over_the_deals(seed: int) -> None:
    """With one card kept apart (his own now), αμ is PIMC: each card's weighted average
    of the solver's values over the deals."""
    rng = random.Random(seed)
    hands, trump = random_endgame(rng, 4)
    worlds = [[hands[0], *w[1:]] for w in splits(hands, 1, 3)][:12]
    weights = [rng.random() + 0.1 for _ in worlds]
    got = AlphaMu(worlds, weights, trump, SIDES, 0, moves=1).values(0, ())
    for c, v in got.items():
        mean = sum(wt * solve_all(Position(tuple(w), trump, 0, (), SIDES, 0))[Card(c)]
                   for w, wt in zip(worlds, weights, strict=True)) / sum(weights)
        assert v == pytest.approx(mean)
    assert set(got) == {c for c in range(52) if hands[0] >> c & 1}


@pytest.mark.parametrize("seed", range(6))
def test_two_moves_match_the_best_strategy_by_enumeration(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three tricks left, the mover on lead, the deals those that share two hands' cards
    anew: αμ's worth of each lead is that of the best rule for his second card by what
    he has seen (every rule tried), the others playing each deal double dummy."""
    monkeypatch.setattr(eg, "FRONT_CAP", 10_000)
    rng = random.Random(100 + seed)
    while True:  # an endgame whose rules are few enough to try them all
        hands, trump = random_endgame(rng, 3)
        worlds = rng.sample(splits(hands, 1, 3), 5)
        leads = [c for c in range(52) if hands[0] >> c & 1]
        counts = [rules_count(worlds, trump, c) for c in leads]
        if max(counts) <= 256 and sum(n > 1 for n in counts) >= 2:
            break
    got = AlphaMu(worlds, [1.0] * len(worlds), trump, SIDES, 0, moves=2).values(0, ())
    for first, v in got.items():
        assert v == pytest.approx(enumerated_value(worlds, trump, first)), Card(first)


def test_the_guess_pimc_counts_on_is_seen() -> None:
    """Diamonds trumps, three tricks left, South on lead with ♠A ♥10 ♣A, North ♣2 ♠2 ♦4,
    East-West's six cards (♠K ♠9 ♠6 ♦3 ♣8 ♥8) in any split.  Leading the ace of spades
    looks best to PIMC (2.75 tricks), which guesses right in every deal later which ace is
    safe from East-West's trump; South cannot, and over the twenty splits that lead makes
    2.6 tricks against 2.7 for the ten of hearts first.  αμ plays the ten."""
    hands = [cards("AS TH AC"), cards("6S KS 3D"), cards("2C 2S 4D"), cards("8C 8H 9S")]
    worlds = splits(hands, 1, 3)
    assert len(worlds) == 20
    pimc = AlphaMu(worlds, [1.0] * 20, 1, SIDES, 0, moves=1).values(0, ())
    alpha = AlphaMu(worlds, [1.0] * 20, 1, SIDES, 0, moves=2).values(0, ())
    ace, ten = int(Card.parse("AS")), int(Card.parse("TH"))
    assert pimc[ace] == pytest.approx(2.75) and pimc[ten] == pytest.approx(2.7)
    assert alpha[ace] == pytest.approx(2.6) and alpha[ten] == pytest.approx(2.7)
    assert max(alpha, key=alpha.__getitem__) == ten


@pytest.mark.parametrize("seed", range(5))
def test_more_moves_never_promise_more(seed: int) -> None:
    """Keeping more of his cards apart from the deals can only lower what a card is worth
    (PIMC's average is an upper bound), and with one deal there is nothing to guess."""
    rng = random.Random(200 + seed)
    hands, trump = random_endgame(rng, 4)
    worlds = splits(hands, 1, 2)[:10]
    v1 = AlphaMu(worlds, [1.0] * len(worlds), trump, SIDES, 0, moves=1).values(0, ())
    v2 = AlphaMu(worlds, [1.0] * len(worlds), trump, SIDES, 0, moves=2).values(0, ())
    v3 = AlphaMu(worlds, [1.0] * len(worlds), trump, SIDES, 0, moves=3).values(0, ())
    for c in v1:
        assert v3[c] <= v2[c] + 1e-9 <= v1[c] + 2e-9
    one = AlphaMu(worlds[:1], [1.0], trump, SIDES, 0, moves=3).values(0, ())
    assert one == AlphaMu(worlds[:1], [1.0], trump, SIDES, 0, moves=1).values(0, ())


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="one weight"):
        AlphaMu([[1, 2, 4, 8]], [], -1, SIDES, 0)
    with pytest.raises(ValueError, match="moves"):
        AlphaMu([[1, 2, 4, 8]], [1.0], -1, SIDES, 0, moves=0)
    with pytest.raises(ValueError, match="not the mover"):
        AlphaMu([[1, 2, 4, 8]], [1.0], -1, SIDES, 0).values(1, ())
    with pytest.raises(ConfigError, match="endgame"):
        make_bot("pimc:endgame=14")
    with pytest.raises(ConfigError, match="endgame_moves"):
        make_bot("pimc:endgame=3,endgame_moves=0")


def test_the_pimc_player_plays_its_endgame_by_alpha_mu() -> None:
    """From ``endgame`` tricks left the player searches its endgame (values for its
    cards), plays legal cards, the same seed plays the same cards, and before the endgame
    it plays as the same player with one move kept apart."""
    def play(spec: str) -> tuple[list[int], list[dict[Card, float]]]:
        deal = openwhist.new_deal("classic", seed=11)
        bots = [make_bot(spec, seed=s) for s in range(4)]
        played, values = [], []
        while not deal.is_over():
            seat = deal.controller(deal.to_move)
            obs = deal.observation(seat)
            card = bots[seat].choose(obs)
            assert card in obs.legal
            if len(obs.tricks) >= 10 and bots[seat].last_values:  # type: ignore[attr-defined]
                values.append(dict(bots[seat].last_values))  # type: ignore[attr-defined]
            played.append(int(card))
            deal.apply(card)
        return played, values

    cards_a, values_a = play("pimc:level=1,endgame=3")
    assert values_a, "no endgame decision searched"
    assert play("pimc:level=1,endgame=3") == (cards_a, values_a)
    cards_b, values_b = play("pimc:level=1,endgame=3,endgame_moves=1")
    assert cards_a[:40] == cards_b[:40]  # the same player until the last three tricks
