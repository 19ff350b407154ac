"""The double-dummy solver against DDS (golden file) and on hand-made positions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import openwhist
from openwhist.cards import Card, parse_hand
from openwhist.errors import InvalidActionError
from openwhist.solver import (
    NodeLimitReached,
    Objective,
    Position,
    dd_table,
    last_stats,
    parse_deal,
    solve,
    solve_all,
    solve_target,
)

GOLDEN = json.loads((Path(__file__).parent / "data" / "dds_whist_golden.json").read_text())
DEALS: list[dict[str, Any]] = GOLDEN["deals"]
SEATS = "NESW"


def golden_position(hands: dict[str, str], trump: str, leader: str) -> Position:
    """The position with the side on lead as the declaring side."""
    masks = tuple(parse_hand(hands[s]) for s in SEATS)
    lead = SEATS.index(leader)
    return Position(masks, "CDHS".index(trump), lead, (), (0, 1, 0, 1), lead % 2)


def test_golden_file_is_complete() -> None:
    assert len(DEALS) >= 60
    assert all(len(d["positions"]) == 3 for d in DEALS)


@pytest.mark.parametrize("after", [5, 9])
def test_late_positions_match_dds(after: int) -> None:
    for deal in DEALS:
        for p in deal["positions"]:
            if p["after_tricks"] == after:
                pos = golden_position(p["hands"], deal["trump"], p["leader"])
                assert solve(pos) == p["tricks_leader_side"], (deal["id"], after)


def test_positions_after_two_tricks_match_dds_sample() -> None:
    for deal in DEALS[:8]:
        p = next(q for q in deal["positions"] if q["after_tricks"] == 2)
        pos = golden_position(p["hands"], deal["trump"], p["leader"])
        assert solve(pos) == p["tricks_leader_side"], deal["id"]


def check_opening(deal: dict[str, Any]) -> None:
    pos = golden_position(deal["hands"], deal["trump"], deal["leader"])
    scores = solve_all(pos)
    assert {str(c)[::-1]: v for c, v in scores.items()} == deal["opening_lead_scores"]
    assert max(scores.values()) == deal["tricks_leader_side"]
    assert solve(pos) == deal["tricks_leader_side"]


def test_opening_leads_match_dds_first_deal() -> None:
    check_opening(DEALS[0])


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(DEALS)))
def test_opening_leads_match_dds(index: int) -> None:
    check_opening(DEALS[index])


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(DEALS)))
def test_positions_after_two_tricks_match_dds(index: int) -> None:
    deal = DEALS[index]
    p = next(q for q in deal["positions"] if q["after_tricks"] == 2)
    pos = golden_position(p["hands"], deal["trump"], p["leader"])
    assert solve(pos) == p["tricks_leader_side"]


def check_no_trump(deal: dict[str, Any]) -> None:
    """The deal's value in no-trump, against DDS's table: the declarer's side, when the
    declarer's left-hand opponent leads, takes ``dd_table["NT"][declarer]``."""
    masks = tuple(parse_hand(deal["hands"][s]) for s in SEATS)
    for lead in range(4):
        declarer = SEATS[(lead + 3) % 4]
        pos = Position(masks, -1, lead, (), (0, 1, 0, 1), lead % 2)
        assert solve(pos) == 13 - deal["dd_table"]["NT"][declarer], (deal["id"], lead)


def test_no_trump_values_match_dds_sample() -> None:
    for deal in DEALS[:3]:
        check_no_trump(deal)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(DEALS)))
def test_no_trump_values_match_dds(index: int) -> None:
    check_no_trump(DEALS[index])


def test_split_top_cards_keep_the_lead_where_it_falls() -> None:
    # North's low spades win once South's ace has fallen, but the ace wins the trick and
    # South has no spade to lead back: after the five of hearts, North-South take 3
    # tricks, not 4 (values from DDS)
    pos = Position.from_deal("N:753.7.. ..T.K73 A.T5.2. ..94.JT", leader="S")
    assert {str(c): v for c, v in solve_all(pos).items()} == {"5H": 3, "TH": 3, "2D": 0, "AS": 4}


def test_a_side_needing_every_trick_but_short_of_top_cards_is_settled_at_once() -> None:
    # no trumps; North-South hold the top card of spades only, one trick long, and need
    # both tricks left: East's ace of hearts or West's four of diamonds takes one.  The
    # bound settles it at the first node, whichever side declares
    pos = Position.from_deal("N:A.2.-.- -.A.2.- 2.-.3.- -.3.4.-", trump="NT", leader="N")
    assert solve(pos) == 1
    assert not solve_target(pos.with_objective("at least 2"))
    assert last_stats().nodes == 1
    defended = pos.with_objective("at least 1", declarer_side=1)
    assert solve_target(defended)
    assert last_stats().nodes == 1
    assert solve(defended.with_objective("max")) == 1


def test_from_state_follows_the_play() -> None:
    deal = openwhist.new_deal("classic", seed=11)
    for _ in range(34):  # 8 tricks and 2 cards
        deal.apply(deal.legal_actions()[0])
    pos = Position.from_state(deal, declarer_side=0)
    assert pos.n_seats == 4 and len(pos.trick) == 2 and pos.leader == deal.leader
    assert pos.trump == int(deal.trump) and pos.remaining == 5
    values = solve_all(pos)
    assert set(values) == set(deal.legal_actions())
    # the value after the best card of the side to move is the value of the position
    best = max(values.values()) if deal.to_move % 2 == 0 else min(values.values())
    assert solve(pos) == best
    # playing a card and solving again gives that card's value
    card = deal.legal_actions()[0]
    after, gained = pos.play(card)
    assert solve(after) + gained == values[card]


def test_no_trump_state() -> None:
    deal = openwhist.new_deal("classic", seed=3, trump="none")
    for _ in range(36):
        deal.apply(deal.legal_actions()[-1])
    pos = Position.from_state(deal)
    assert pos.trump == -1
    assert 0 <= solve(pos) <= 4


def test_objectives_agree_with_values() -> None:
    deal = DEALS[1]
    p = next(q for q in deal["positions"] if q["after_tricks"] == 5)
    pos = golden_position(p["hands"], deal["trump"], p["leader"])
    most = solve(pos)
    fewest = solve(pos.with_objective("min"))
    for n in range(pos.remaining + 1):
        assert solve_target(pos.with_objective(f"at least {n}")) == (n <= most)
        assert solve_target(pos.with_objective(f"at most {n}")) == (n >= fewest)
        if solve_target(pos.with_objective(f"exactly {n}")):
            # a way to force exactly n forces at least n and at most n
            assert fewest <= n <= most


def test_misere_two_hands() -> None:
    # 1 v 1, no trump: the ace always takes a trick, so most and fewest are both one
    pos = Position.from_deal("S:A2 H:- D:- C:- / S:KQ H:- D:- C:-", sides=(0, 1))
    assert solve(pos) == 1
    assert solve(pos.with_objective("min")) == 1
    assert {str(c): v for c, v in solve_all(pos.with_objective("min")).items()} == {"2S": 1, "AS": 1}
    # playing for most: cash AS, lead QS to the king, ... two tricks; playing for fewest:
    # lead the diamond (the three wins) and the other side must lead into AQ: one trick
    pos = Position.from_deal("S:AQ H:- D:2 C:- / S:K3 H:- D:3 C:-", sides=(0, 1))
    assert solve(pos) == 2
    assert solve(pos.with_objective("min")) == 1


def test_one_against_three() -> None:
    # seat 0 alone against three: it ruffs the heart lead and cashes the trump ace
    pos = Position.from_deal("N: S:A2 H:- D:- C:- E: S:- H:AK D:- C:- "
                             "S: S:- H:QJ D:- C:- W: S:- H:T9 D:- C:-",
                             trump="S", leader="E", sides=(0, 1, 1, 1))
    assert solve(pos) == 2
    assert solve(pos.with_objective("min")) == 2  # every card it plays is a trump


def test_growing_table_keeps_values(monkeypatch: pytest.MonkeyPatch) -> None:
    # a search starts in a small part of the table and spreads its entries over the
    # whole table when that part fills: start tiny so that every search here grows
    import openwhist.solver as solver

    monkeypatch.setattr(solver, "SMALL_TABLE_BITS", 8)
    engine = solver._get_engine()
    for deal in DEALS[:3]:
        engine.load(golden_position(deal["hands"], deal["trump"], deal["leader"]))
        assert engine.stats[4] == 1 << 8  # a search starts with 2**8 entries...
        check_opening(deal)
        assert engine.stats[4] > 1 << 8  # ...and this one grew
        p = next(q for q in deal["positions"] if q["after_tricks"] == 2)
        assert solve(golden_position(p["hands"], deal["trump"], p["leader"])) == p["tricks_leader_side"]


def test_node_limit() -> None:
    deal = DEALS[2]
    pos = golden_position(deal["hands"], deal["trump"], deal["leader"])
    with pytest.raises(NodeLimitReached):
        solve_all(pos, node_limit=1000)
    # the table is left clean: a later search is exact
    small = golden_position(deal["positions"][2]["hands"], deal["trump"], deal["positions"][2]["leader"])
    assert solve(small) == deal["positions"][2]["tricks_leader_side"]


def test_stats_count_the_last_search_only() -> None:
    deal = DEALS[0]
    solve_all(golden_position(deal["hands"], deal["trump"], deal["leader"]))
    big = last_stats()
    solve(Position.from_deal("N:AK.2.-.- Q3.-.2.- J4.-.-.2 5.3.3.-", trump="S"))
    small = last_stats()
    # every trick start is a node; the small search starts afresh
    assert 1 <= small.trick_starts <= small.nodes < big.trick_starts < big.nodes


def test_dd_table_of_a_small_deal() -> None:
    hands, _ = parse_deal("N:AK.-.-.- QJ.-.-.- -.AK.-.- -.QJ.-.-")
    table = dd_table(hands)
    assert table["S"] == {0: 2, 1: 0, 2: 2, 3: 0}
    assert table["NT"][0] == 2  # E leads a spade: N wins and cashes the other
    assert table["NT"][3] == 0  # N leads and cashes both spades
    assert table["H"][1] == 0  # S leads and cashes both hearts


def test_parse_deal_forms() -> None:
    d = GOLDEN["deals"][0]
    ours = " ".join(f"{s}: {d['hands'][s]}" for s in SEATS)
    a, first_a = parse_deal(d["pbn"])
    b, first_b = parse_deal(ours)
    c, _ = parse_deal(" / ".join(d["hands"][s] for s in SEATS))
    assert a == b == c and first_a == first_b == 0
    with pytest.raises(InvalidActionError):
        parse_deal("N: S:AK H:- D:- C:- E: S:QJ H:- D:- C:-")
    with pytest.raises(InvalidActionError):
        parse_deal("N:AK.. QJ.. ")


def test_position_checks() -> None:
    with pytest.raises(InvalidActionError, match="equal"):
        Position((0b11, 0b100), sides=(0, 1))
    with pytest.raises(InvalidActionError, match="two hands"):
        Position((0b11, 0b10), sides=(0, 1))
    with pytest.raises(InvalidActionError, match="revoke"):
        Position((parse_hand("2S"), parse_hand("KS"), parse_hand("5D 6D")), sides=(0, 1, 1),
                 trick=(Card.parse("AS"), Card.parse("2H")))
    with pytest.raises(InvalidActionError):
        Objective.parse("most")
    assert Objective.parse("at least 3") == Objective("at_least", 3)
    assert str(Objective.parse("exactly 1")) == "exactly 1"


def test_played_card_value_is_consistent() -> None:
    deal = DEALS[4]
    p = next(q for q in deal["positions"] if q["after_tricks"] == 5)
    pos = golden_position(p["hands"], deal["trump"], p["leader"])
    values = solve_all(pos)
    assert max(values.values()) == p["tricks_leader_side"]
    for card, v in values.items():
        nxt, gained = pos.play(card)
        assert gained == 0 and len(nxt.trick) == 1
        assert solve(nxt) == v
        assert isinstance(card, Card)


def test_compiling_the_kernels_leaves_numba_settings_as_they_were() -> None:
    pytest.importorskip("numba")
    from llvmlite import binding
    from numba.core import config
    from numba.cpython import slicing
    from numba.np import arrayobj

    from openwhist.solver import _search

    def settings() -> tuple[object, ...]:
        return (config.LOOP_VECTORIZE, arrayobj.fix_integer_index, slicing.fix_slice,
                binding.create_pipeline_tuning_options)

    before = settings()
    _search.compile_kernels()
    assert settings() == before


def test_table_vector_compares_match_a_plain_scan() -> None:
    """The table's 16-word vector compares give the same lanes as a loop over the words."""
    pytest.importorskip("numba")
    import random

    import numpy as np
    from numba import njit

    from openwhist.solver._bits import _lanes16, _oldest16

    @njit(cache=False)
    def lanes(a: Any, i: int, shift: int, mask: int, value: int) -> int:
        return _lanes16(a, i, shift, mask, value)  # type: ignore[no-any-return]

    @njit(cache=False)
    def oldest(a: Any, i: int) -> int:
        return _oldest16(a, i)  # type: ignore[no-any-return]

    rng = random.Random(7)
    for _ in range(50):
        words = np.array([(rng.randrange(4) << 32) | rng.randrange(3) for _ in range(40)], dtype=np.int64)
        i = rng.randrange(24)
        tag = rng.randrange(4)
        want = sum(1 << j for j in range(16) if words[i + j] >> 32 == tag)
        assert lanes(words, i, 32, 0xFFFFFFFF, tag) == want
        want_gen = sum(1 << j for j in range(16) if (words[i + j] >> 32) & 1 == 1)
        assert lanes(words, i, 32, 1, 1) == want_gen
        least = min(int(w) & 0xFFFFFFFF for w in words[i:i + 16])
        want_old = sum(1 << j for j in range(16) if int(words[i + j]) & 0xFFFFFFFF == least)
        assert oldest(words, i) == want_old


@pytest.mark.parametrize("objective", ["max", "min"])
def test_a_value_does_not_depend_on_the_first_guess(objective: str) -> None:
    """The value search moves its bound from a first guess (an estimate from the cards by
    default); every guess, too high or too low, gives the same value as the default."""
    import random

    import numpy as np

    from openwhist.solver import _get_engine, _mode_target

    rng = random.Random(11)
    layouts = ((4, (0, 1, 0, 1)), (4, (0, 1, 1, 1)), (3, (0, 1, 1)), (2, (0, 1)))
    for k in range(24):
        n, sides = layouts[k % len(layouts)]
        deck = rng.sample(range(52), 5 * n)
        hands = tuple(sum(1 << c for c in deck[5 * i:5 * i + 5]) for i in range(n))
        pos = Position(hands, rng.randrange(-1, 4), rng.randrange(n), (), sides, 0, objective)
        value = solve(pos)
        eng = _get_engine()
        mode = _mode_target(pos.objective)[0]
        for guess in range(-1, pos.remaining + 2):
            args = eng.load(pos)
            got = eng.search.node_value(*args, np.int64(mode), np.int64(pos.leader), np.int64(0),
                                        np.int64(pos.remaining), np.int64(guess), np.int64(eng.gen))
            assert got == value, (pos, guess)


def test_bit_extracts_match_their_definition() -> None:
    """The 13-bit extract and spread and the lift of a relevance depth (compiled with the
    processor's bit instructions where it has them) and the tables used where it has not
    agree with their definitions."""
    import random

    from openwhist.solver._bits import _PEXT_HI, _PEXT_LO, _SPREAD, _compress13, _kth_highest, _spread13
    from openwhist.solver._search import _lift, _run_tops

    def extract(x: int, m: int) -> int:
        out = k = 0
        for b in range(13):
            if (m >> b) & 1:
                out |= ((x >> b) & 1) << k
                k += 1
        return out

    rng = random.Random(5)
    for _ in range(300):
        x, m = rng.randrange(1 << 13), rng.randrange(1 << 13)
        want = extract(x, m)
        assert _compress13(x, m) == want
        lo = m & 127
        assert int(_PEXT_LO[(lo << 7) | (x & 127)]) | (int(_PEXT_HI[((m >> 7) << 6) | (x >> 7)])
                                                       << bin(lo).count("1")) == want
        spread = sum(((x >> j) & 1) << (2 * j) for j in range(13))
        assert _spread13(x) == spread == int(_SPREAD[x])
        # lift: the k-th highest card of a suit among fewer cards, counted among more
        s = rng.randrange(4)
        parent = rng.randrange(1 << 52)
        child = parent & rng.randrange(1 << 52)
        bits = (child >> (13 * s)) & 0x1FFF
        if bits:
            k = rng.randrange(1, bin(bits).count("1") + 1)
            kth = sorted((b for b in range(13) if (bits >> b) & 1), reverse=True)[k - 1]
            want_lift = bin(((parent >> (13 * s)) & 0x1FFF) >> kth).count("1")
            assert _lift(k, s, child, parent) == want_lift
            assert _kth_highest(bits, k) == kth
        # run tops: the cards whose next card up among the cards out is not one of them
        tops = 0
        for c in range(52):
            up = next((d for d in range(c + 1, 13 * (c // 13) + 13) if (parent >> d) & 1), None)
            if (child >> c) & 1 and (up is None or not (child >> up) & 1):
                tops |= 1 << c
        assert _run_tops(child, parent) == tops


def test_two_card_trick_relevance_and_depth_max_match_the_general_ones() -> None:
    """The relevance of a trick of two cards, written out for two hands, is the general
    count's; the larger depth per suit (compiled with the processor's bit instructions
    where it has them) is the larger of each suit's four bits."""
    import random

    import numpy as np

    from openwhist.solver._bits import _kmax
    from openwhist.solver._layout import REL, WORK
    from openwhist.solver._search import _trick_relevance, _trick_relevance2

    rng = random.Random(11)
    work = np.zeros(WORK, dtype=np.int64)
    trick = np.zeros(56, dtype=np.int64)
    for _ in range(400):
        a, b = rng.randrange(1 << 16), rng.randrange(1 << 16)
        assert _kmax(a, b) == sum(max((a >> (4 * s)) & 15, (b >> (4 * s)) & 15) << (4 * s)
                                  for s in range(4))
        rem = rng.randrange(2, 14)
        cards = rng.sample(range(52), 2 * rem)
        live = sum(1 << c for c in cards)
        base = 4 * rem
        trick[base], trick[base + 1] = cards[0], cards[1]
        child_live = live & ~((1 << cards[0]) | (1 << cards[1]))
        # a child relevance: up to the number of cards still out in each suit
        child = 0
        for s in range(4):
            out = bin((child_live >> (13 * s)) & 0x1FFF).count("1")
            child |= rng.randrange(out + 1) << (4 * s)
        work[REL + 4 * (rem - 1)] = child
        nwi = rng.randrange(2)
        assert _trick_relevance2(work, trick, base, nwi, live, rem) == \
            _trick_relevance(work, trick, base, 2, nwi, live, rem)


def test_two_hand_quick_tricks_match_the_general_count() -> None:
    """The quick tricks written out for two hands count the same tricks, relying on the
    same top cards, as the count for any number of hands; with trumps they may count
    more, the trumps that win however they are played."""
    import random

    import numpy as np

    from openwhist.solver._bounds import _quick_tricks, _quick_tricks2
    from openwhist.solver._table import _suit_codes

    rng = random.Random(9)
    codes = np.zeros(8, dtype=np.int64)
    for _ in range(400):
        k = rng.randrange(1, 14)
        deck = rng.sample(range(52), 2 * k)
        hands = np.array([sum(1 << c for c in deck[:k]), sum(1 << c for c in deck[k:]), 0, 0],
                         dtype=np.int64)
        trump, leader = rng.randrange(-1, 4), rng.randrange(2)
        sides = np.array([1, 0, 0, 0] if leader == 0 else [0, 1, 0, 0], dtype=np.int64)
        lenkey = _suit_codes(hands, codes)
        general = _quick_tricks(hands, 2, trump, sides, leader, lenkey, 14)
        two = _quick_tricks2(hands, trump, leader)
        if trump < 0 or not (hands[1 - leader] >> (13 * trump)) & 0x1FFF:
            assert two == general
        else:
            assert two[0] >= general[0]
            if two[0] > general[0]:  # from the trumps kept: relying on every trump
                assert (two[1] >> (4 * trump)) & 15 == bin(int(hands[0] | hands[1]) >> (13 * trump)
                                                           & 0x1FFF).count("1")


def test_two_hands_trumps_lost_only_to_higher_trumps() -> None:
    """With two hands, trumps K Q J 10 against A 2 win at least three tricks, however
    they are played: the ace beats one of them at most."""
    import numpy as np

    from openwhist.solver._bounds import _sure_trumps

    spades = 39  # 13 * suit + rank, rank 0 the two
    mine = sum(1 << (spades + r) for r in (11, 10, 9, 8))  # K Q J 10
    theirs = (1 << (spades + 12)) | (1 << spades)  # A 2
    hands = np.array([mine | (1 << 0) | (1 << 1), theirs | (1 << 13) | (1 << 14) | (1 << 15) | (1 << 16),
                      0, 0], dtype=np.int64)
    for leader in (0, 1):
        count, relied = _sure_trumps(hands, 2, 3, np.array([1, 0, 0, 0], dtype=np.int64), 1, True, leader)
        assert count == 3
        assert relied == 6  # the owners of all six trumps
