"""The components families compose: the auction and the stock, on their own."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from openwhist.cards import Card, shuffled_deck
from openwhist.rules.actions import Call
from openwhist.rules.auction import Auction
from openwhist.rules.belgian import PRESETS, BelgianAuction, load_grid
from openwhist.rules.events import CardDrawn, CardTurned
from openwhist.rules.stock import Stock


class _OneRound(Auction):
    """A toy auction: each player passes or bids a number above the bid; all pass but one."""

    def refusal(self, h: int, call: Call) -> str | None:
        if call.kind == "pass":
            return None
        assert call.level is not None
        return None if self.outranks((call.level, 0)) else "too low"

    def make_call(self, h: int, call: Call) -> int | None:
        self.spoken[h] = True
        if call.kind == "pass":
            self.passed[h] = True
        else:
            assert call.level is not None
            self.key, self.best, self.holders = (call.level, 0), ("solo", call.level, None), (h,)
        if sum(not p for p in self.passed) == 1 and self.best is not None:
            return None
        return self.next_speaker(h)

    def needs_turn(self, q: int) -> bool:
        return not self.passed[q] and q not in self.holders


def test_the_auction_gives_the_turn_clockwise_skipping_who_passed_and_ends_when_one_holds() -> None:
    a = _OneRound(4, first=1)
    assert a.make_call(1, Call.make("solo", 5, 0)) == 2
    assert a.legal(2, [Call.make("pass"), Call.make("solo", 5, 0), Call.make("solo", 6, 0)]) == [
        Call.make("pass"), Call.make("solo", 6, 0)]
    assert a.make_call(2, Call.make("pass")) == 3
    assert a.make_call(3, Call.make("solo", 6, 0)) == 0
    assert a.make_call(0, Call.make("pass")) == 1          # 2 passed: skipped
    assert a.make_call(1, Call.make("pass")) is None      # only 3 is left, holding the bid
    assert a.holders == (3,) and a.best == ("solo", 6, None)


def test_an_auction_copy_is_independent_and_compares_by_snapshot() -> None:
    options = PRESETS["whisthub"]
    deck = shuffled_deck(5)
    hands = [sum(1 << c for c in deck[13 * h:13 * h + 13]) for h in range(4)]
    a = BelgianAuction(options, load_grid(options.grid), hands, first=0, troel=None)
    b = a.copy()
    assert a.snapshot() == b.snapshot()
    call = a.legal_calls(0)[0]
    a.make_call(0, call)
    assert a.snapshot() != b.snapshot() and not b.spoken[0] and a.spoken[0]
    assert b.copy().snapshot() == b.snapshot()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), face_up=st.integers(0, 3),
       choices=st.lists(st.integers(0, 2), max_size=13))
def test_the_stock_draws_keep_every_card_once_and_undo_restores_it_exactly(
        seed: int, face_up: int, choices: list[int]) -> None:
    cards = [Card(c) for c in shuffled_deck(seed)[:26]]
    stock = Stock(cards, face_up)
    seen: list[tuple[object, ...]] = []
    drawn: list[Card] = []
    for i in range(13):
        seen.append(stock.snapshot())
        chosen = stock.row[choices[i] % len(stock.row)] if i < len(choices) and stock.row else None
        events = stock.draw(i % 2, 1 - i % 2, chosen)
        drew = [e for e in events if isinstance(e, CardDrawn)]
        assert [d.seat for d in drew] == [i % 2, 1 - i % 2]
        if chosen is not None:
            assert drew[0].card == chosen and drew[0].public
        drawn.extend(d.card for d in drew)
        assert all(isinstance(e, CardTurned) for e in events[2:])
        assert len(stock.row) == min(face_up, len(cards) - stock.pos + len(stock.row))
    assert sorted(drawn) == sorted(cards) and stock.face_down == 0 and stock.row == []
    for before in reversed(seen):
        stock.undo()
        assert stock.snapshot() == before


def test_a_calls_promise_is_what_the_contract_it_makes_settles_to() -> None:
    """Every call of the Belgian ladder that commits to a contract promises what that
    contract is: played alone or not, the tricks, exactly or at least, its trump, and the
    points the grid settles when it is made and when it fails by one."""
    from openwhist.rules.belgian import AUCTION_CALLS, Contract, settle
    from openwhist.rules.belgian import promise as belgian_promise

    for preset in ("freewhist", "whisthub"):
        options = PRESETS[preset]
        grid = options.points_grid()
        seen = 0
        for call in AUCTION_CALLS:
            p = belgian_promise(options, call)
            if p is None:
                assert call.kind in ("pass", "wait", "passe-parole", "piccolissimo") or \
                    grid.rank(call.kind, call.level) is None
                continue
            seen += 1
            kind = "pair" if call.kind == "propose" else call.kind
            declarers = (0,) if p.alone else (0, 2)
            contract = Contract(kind, call.level if kind != "pair" else call.level or 8, call.suit,
                                declarers, p.needed)
            assert contract.exact == p.exact and p.trump == call.suit
            for taken, made in ((p.needed, True), (p.needed + 1 if p.exact else p.needed - 1, False)):
                ok, points = settle(grid, contract, [taken, 0, 0, 0])
                assert ok[0] == made
                if p.alone and made:      # each opponent pays the declarer what it is worth
                    assert points[0] == 3 * p.made, (preset, call)
                elif p.alone:             # he pays them (zero-sum), or they score it
                    assert points[1] == p.failed and points[0] == (-3 * p.failed if p.zero_sum else 0)
        assert seen >= 40
