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
    0: "9S QH TC 3S 3D KD 7S JC 4D 2C QC 8C TH 9C KS AH 6H 3C 4H 6C 2H 7C 5S JD 6D 9H 9D 2D KH JS "
       "KC QD 4S 5D 3H TD 4C AD 2S 8S TS 8D QS 7H AS 5C 8H 6S 7D 5H AC JH",
    1: "8D TC 5D 9H 9D 6S QD 7D TS QC 6D AD 4C 3D QH 6H 8H 5H 3C 2D 7S AC AH JH JS QS JD 9S KC 5S "
       "7C 8C 2S 6C 2H AS 7H KS KH KD TD 4D 4S 2C 5C 3H 9C JC 4H 3S TH 8S",
    42: "8C 4H AC 2S 3S 2C 2H AD JD 6C 9S QH 3H 5S 7H 6D 3D 6S 7D 2D 8D 3C 9H 9C 5D 8H AS JS 5H 4D "
        "JH QS 5C 7S 8S 4S 9D KD TS AH 6H 7C KS TD QD KC 4C TH KH TC QC JC",
    2**63 - 1: "6C QC 9H 2H JD TH 3C JC 9S KH 4H 4C JS KC 9D 2S 3D 8D 8H QS AH 4D TS KD AC QH 8C 6D 7D "
               "TD 2D 7S 7C 3S 5S TC 6S 7H JH 5D 2C 8S 9C AD 4S 5H QD 3H 5C KS 6H AS",
}


@pytest.mark.parametrize("seed", sorted(STORED_DEALS))
def test_seeded_shuffle_gives_the_stored_deals(seed: int) -> None:
    assert " ".join(map(str, shuffled_deck(seed))) == STORED_DEALS[seed]


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_shuffle_is_a_permutation(seed: int) -> None:
    deck = shuffled_deck(seed)
    assert sorted(deck) == list(range(52))


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True])
def test_shuffle_rejects_bad_seeds(seed: object) -> None:
    with pytest.raises(InvalidActionError, match="seed"):
        shuffled_deck(seed)  # type: ignore[arg-type]
