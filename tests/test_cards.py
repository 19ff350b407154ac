"""Cards: parsing, printing, card sets and the seeded shuffle."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from openwhist.cards import (
    FULL_DECK,
    Card,
    CardSet,
    Rank,
    SplitMix64,
    Suit,
    format_hand,
    parse_hand,
    shuffled_deck,
)
from openwhist.errors import InvalidActionError, WhistError


@pytest.mark.parametrize(
    "text, expected",
    [("AS", (Rank.ACE, Suit.SPADES)), ("10H", (Rank.TEN, Suit.HEARTS)), ("TH", (Rank.TEN, Suit.HEARTS)),
     ("A♠", (Rank.ACE, Suit.SPADES)), ("qd", (Rank.QUEEN, Suit.DIAMONDS)), ("2c", (Rank.TWO, Suit.CLUBS)),
     ("7♣", (Rank.SEVEN, Suit.CLUBS)), ("k♥", (Rank.KING, Suit.HEARTS)), (" j♦ ", (Rank.JACK, Suit.DIAMONDS)),
     ("SA", (Rank.ACE, Suit.SPADES)), ("h10", (Rank.TEN, Suit.HEARTS))],
)
def test_parse_accepts_every_written_form(text: str, expected: tuple[Rank, Suit]) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == expected


@pytest.mark.parametrize("text", ["", "1S", "AX", "11H", "A", "AS KS", "ZZ", "♠"])
def test_parse_rejects_bad_cards_with_a_message(text: str) -> None:
    with pytest.raises(InvalidActionError, match="not a"):
        Card.parse(text)
    assert issubclass(InvalidActionError, WhistError) and issubclass(WhistError, ValueError)


def test_printing_letters_and_symbols() -> None:
    card = Card.parse("10h")
    assert str(card) == "TH"
    assert card.symbol == "T♥"
    assert repr(card) == "Card.parse('TH')"
    assert eval(repr(card)) is card
    assert f"{card:>4}" == "  TH"


def test_card_numbering_is_suit_major() -> None:
    assert int(Card.parse("2C")) == 0
    assert int(Card.parse("AC")) == 12
    assert int(Card.parse("2D")) == 13
    assert int(Card.parse("AS")) == 51
    assert Card(5) is Card(5)
    with pytest.raises(InvalidActionError):
        Card(52)
    with pytest.raises(InvalidActionError):
        Card(-1)


@given(st.integers(min_value=0, max_value=51))
def test_text_round_trip(n: int) -> None:
    card = Card(n)
    assert Card.parse(str(card)) is card
    assert Card.parse(card.symbol) is card
    assert Card.parse(str(card).lower()) is card


def test_cardset_behaves_like_a_set() -> None:
    a = CardSet.parse("AS KS 2H")
    b = CardSet(["KS", "3D"])
    assert len(a) == 3 and "KS" in a and Card.parse("QS") not in a
    assert a | b == CardSet.parse("AS KS 2H 3D")
    assert a & b == CardSet.parse("KS")
    assert a - b == CardSet.parse("AS 2H")
    assert a ^ b == CardSet.parse("AS 2H 3D")
    assert [str(c) for c in a] == ["2H", "KS", "AS"]
    assert int(CardSet(int(a))) == int(a)
    assert a.suit(Suit.SPADES) == CardSet.parse("AS KS")
    assert eval(repr(a)) == a
    assert not CardSet()


@given(st.integers(min_value=0, max_value=FULL_DECK))
def test_hand_formats_round_trip(mask: int) -> None:
    text = format_hand(mask)
    assert parse_hand(text) == mask
    assert CardSet.parse(" ".join(str(c) for c in CardSet(mask))) == CardSet(mask) if mask else True


def test_pbn_hand_and_errors() -> None:
    assert parse_hand("AK..T98.2") == parse_hand("S:AK H:- D:T98 C:2")
    with pytest.raises(InvalidActionError, match="twice"):
        parse_hand("AS KS AS")
    with pytest.raises(InvalidActionError, match="twice"):
        parse_hand("S:AA H:- D:- C:-")
    with pytest.raises(InvalidActionError, match="four suits"):
        parse_hand("AK.QJ")


def test_splitmix64_matches_the_published_sequence() -> None:
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]


# Deals that the documented shuffle must give on every platform and Python version.
STORED_DEALS = {
    0: "JS QD AD TD 4H KD 6S 9D 5D 9C TH AH QS 8H 6C 7D 4C 9S KH 2H 2S 8D 3H TC 7C JC 7S 6D 8C 6H "
       "5C JD 2C KS 8S 9H 4D 3C 2D 4S TS 7H AS QH AC 3S 5S 5H QC 3D KC JH",
    1: "TS AS 6S QH 3C TC 2C QC 9C 4H 6C 3S 4S TD JS KD 8C 2D JD 5C 5D 2H JC TH 5H 6D 8H 9D 7S 7H "
       "AH 8D QD AD 9H 5S KH 6H QS 3H AC 3D 4C KC 4D 7D 7C 9S 2S JH KS 8S",
    42: "AD 5D 7C 4S 2C 6D TH 9D JH TC JS QH TS 7D AS 3S KH 6S 9C 8C 2H 2S 7H 3C 4D KS 3H 8D 5H 9S "
        "5S 8S KD KC 9H 8H QC JD AH 6H TD 4H AC 7S 2D 4C QS 5C 3D QD 6C JC",
    2**63 - 1: "TS KS 2D AH JS 3S 2S 7C 9D QD 4D 3H 5S 9C 6C 8S KH 6D QC 4H JD AC 7H AD 6H 8C QS 5H 3C JH "
               "4S 2C TH QH 7D 6S 8H 4C 2H 9S 8D KC JC 7S 9H 3D KD TC TD 5D 5C AS",
}


@pytest.mark.parametrize("seed", sorted(STORED_DEALS))
def test_seeded_shuffle_gives_the_stored_deals(seed: int) -> None:
    assert " ".join(map(str, shuffled_deck(seed))) == STORED_DEALS[seed]


def test_shuffle_spreads_every_card_evenly() -> None:
    """Where the ace of spades lands over 10,400 seeds: a chi-square test with 51 degrees
    of freedom (the bound is far above its 99.99th percentile, about 100)."""
    counts = [0] * 52
    runs = 52 * 200
    for seed in range(runs):
        counts[shuffled_deck(seed).index(Card.parse("AS"))] += 1
    chi2 = sum((c - 200) ** 2 / 200 for c in counts)
    assert chi2 < 110


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_shuffle_is_a_permutation(seed: int) -> None:
    deck = shuffled_deck(seed)
    assert sorted(deck) == list(range(52))


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True])
def test_shuffle_rejects_bad_seeds(seed: object) -> None:
    with pytest.raises(InvalidActionError, match="seed"):
        shuffled_deck(seed)  # type: ignore[arg-type]
