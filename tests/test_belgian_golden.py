"""Golden play-throughs of Belgian colour whist from the auction to the settlement: given
hands (``hands=``, from the dealer's left; North deals), a fixed list of calls and cards,
and the final points per player taken from the points grid (rules.md §1.9).

One deal per kind of contract: a pair (proposal and acceptance), a solo, a small misère
with its discards (two players in it), troel (Whisthub: the trump ace opens the play), a
pair stopped early when it can no longer make it (FreeWhist's early stop), and a solo
under the freewhist preset's positive settlement.  Every step (who acts, what, the events
it makes) is also kept in ``data/playthroughs/belgian-contracts.jsonl``; after a deliberate
change of the rules, rewrite it with ``OPENWHIST_WRITE_PLAYTHROUGHS=1``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import openwhist
from openwhist.rules.belgian import AuctionEnded, BelgianResult, load_grid
from openwhist.rules.seats import seat_name
from openwhist.rules.tricks import DealScored, TrickWon

GOLDEN = Path(__file__).parent / "data" / "playthroughs" / "belgian-contracts.jsonl"


class Golden(NamedTuple):
    """A deal: its preset, the hands from the dealer's (N's) left (E, S, W, N), the calls
    (auction, trump, discards), the cards in playing order, and what it ends in: the
    contract, tricks per player N E S W, the tricks left unplayed, points per player."""

    name: str
    preset: str
    hands: list[str]
    calls: list[str]
    cards: str
    contract: str
    tricks: tuple[int, ...]
    stopped: int
    points: tuple[int, ...]


DEALS = [
    Golden("pair", "whisthub",
           ["S:43 H:AQ98642 D:A9 C:94", "S:8 H:5 D:J76543 C:JT532",
            "S:AQT952 H:KT D:2 C:AKQ7", "S:KJ76 H:J73 D:KQT8 C:86"],
           ["propose hearts", "pass", "accept", "pass"],
           "4C 2C 7C 6C QC 8C 9C 3C KC 8D 9D 5C AC TD AD TC 2D QD 2H 3D 4H 5H TH 3H KH 7H 6H JC "
           "2S 6S 3S 8S 4D 5S KD 8H 9H 5D 9S JH 7S 4S 6D TS QS JS QH 7D AH JD AS KS",
           "pair 8 hearts", (1, 4, 1, 7), 0, (-17, 17, -17, 17)),
    Golden("solo", "whisthub",
           ["S:AT65 H:KQ9 D:AQJ2 C:85", "S:Q H:T632 D:53 C:AQJT32",
            "S:3 H:854 D:9764 C:K9764", "S:KJ98742 H:AJ7 D:KT8 C:-"],
           ["propose spades", "pass", "pass", "pass", "solo 6 spades"],
           "5C 2C 4C 8D 8C 3C 6C TD 2D 3D 4D KD 7H 9H 2H 4H JD 5D 6D JH QD TC 7D AH AD JC 9D 2S "
           "4S 5S QS 3S QC 7C 7S QH 8S 6S AC 9C 9S TS 3H KC KH 6H 5H JS KS AS TH 8H",
           "solo 6 spades", (5, 7, 1, 0), 0, (-5, 15, -5, -5)),
    Golden("small-misere", "whisthub",
           ["S:43 H:AQ98642 D:A9 C:94", "S:8 H:5 D:J76543 C:JT532",
            "S:AQT952 H:KT D:2 C:AKQ7", "S:KJ76 H:J73 D:KQT8 C:86"],
           ["small misere", "small misere", "pass", "pass",
            "discard 4C", "discard 2C", "discard 7C", "discard 6C"],
           "9C 3C QC 8C KC 8D 9D 5C AC TD AD TC 2D QD 2H 3D KD 4H 4D TH 3H 6H 5H KH 2S 6S 3S 8S "
           "JC 5S 7H 8H 5D 9S JH 9H 6D TS 7S QH 7D QS JS AH JD AS KS 4S",
           "small misere", (2, 0, 6, 4), 0, (0, 24, -24, 0)),
    Golden("troel", "whisthub",
           ["S:QJ75 H:KQ3 D:Q C:K9865", "S:KT9862 H:2 D:T542 C:32",
            "S:A4 H:AJ875 D:K73 C:AJ7", "S:3 H:T964 D:AJ986 C:QT4"],
           ["pass", "pass", "pass", "pass", "trump diamonds"],
           "AD QD 2D 3D 4C 5C 2C 7C JC TC 6C 3C AC QC 8C 4D 5D 7D 6D 9C KD 8D KC TD 5H 4H 3H 2H "
           "7H 6H QH 2S KH 6S 8H 9H 5S 8S 4S 3S 9S AS 9D 7S JD JS TS JH",
           "troel diamonds", (3, 2, 2, 5), 1, (16, -16, -16, 16)),
    Golden("early-stop", "freewhist",
           ["S:J942 H:K2 D:AQT42 C:43", "S:AT6 H:Q743 D:K98 C:JT7",
            "S:753 H:AT65 D:65 C:A985", "S:KQ8 H:J98 D:J73 C:KQ62"],
           ["propose hearts", "pass", "accept", "pass"],
           "3C 7C 5C 2C TC 8C 6C 4C JC 9C QC 2D KC 4D 8D AC 5D 3D TD 9D QD KD 6D 7D 3H 5H 8H 2H "
           "JD AD 4H 6H TH 9H KH 7H 2S 6S 3S 8S",
           "pair 8 hearts", (3, 2, 3, 2), 3, (11, 0, 11, 0)),
    Golden("solo-positive", "freewhist",
           ["S:AQ3 H:QJT D:Q8 C:AKT86", "S:J854 H:976 D:T C:QJ753",
            "S:76 H:K32 D:AK95432 C:4", "S:KT92 H:A854 D:J76 C:92"],
           ["solo 6 spades", "pass", "pass", "pass"],
           "6C 3C 4C 2C 8C 5C 2D 9C 6D 8D TD 3D 7C 4D 7D TC KC JC 5D JD AC QC 9D 4H QD 6H KD 5H "
           "AD 8H TH 7H 2H AH JH 9H 2S 3S 4S 6S 3H 9S QH 5S TS QS 8S 7S AS JS KH KS",
           "solo 6 spades", (3, 6, 1, 3), 0, (0, 12, 0, 0)),
]


def play(g: Golden) -> tuple[Any, list[dict[str, Any]]]:
    """Play a golden deal through; return it and its steps (who, what, the events)."""
    deal = openwhist.new_deal("belgian", preset=g.preset, dealer="N", hands=g.hands)
    steps = []
    for action in [*g.calls, *g.cards.split()]:
        assert not deal.is_over(), f"{g.name}: the deal ended before {action}"
        actor = seat_name(deal.to_move)
        assert deal.can_apply(action), f"{g.name}: {actor} may not {action}"
        events = deal.apply(action)
        steps.append({"deal": g.name, "actor": actor, "action": action,
                      "events": [_event(e) for e in events]})
    assert deal.is_over(), f"{g.name}: the deal goes on after the last action"
    steps.append({"deal": g.name, "result": deal.result().to_dict()})
    return deal, steps


def _event(e: Any) -> str:
    """An event in words: who won a trick, the contract, the points; else its kind."""
    if isinstance(e, TrickWon):
        return f"trick {e.number} to {seat_name(e.trick.winner)}"
    if isinstance(e, AuctionEnded):
        return f"contract {e.contract} by {' '.join(seat_name(h) for h in e.declarers)}"
    if isinstance(e, DealScored):
        return f"scored {list(e.result.points)}"
    return type(e).__name__


@pytest.mark.parametrize("g", DEALS, ids=[g.name for g in DEALS])
def test_golden_deal_ends_in_its_contract_and_points(g: Golden) -> None:
    deal, _ = play(g)
    res: BelgianResult = deal.result()
    assert res.contract == g.contract
    assert res.tricks == g.tricks and res.stopped == g.stopped
    assert res.points == g.points
    assert sum(res.tricks) == 13 - res.stopped - (1 if g.contract == "small misere" else 0)
    if load_grid(deal.options.grid).settlement == "zero-sum":
        assert sum(res.points) == 0
    else:
        assert min(res.points) == 0


def test_the_points_come_from_the_grid() -> None:
    """The expected points, worked out from the grids by hand (rules.md §1.9.2)."""
    hub = load_grid("whisthub")
    free = load_grid("freewhist")
    # pair 8 made with 11 tricks: 3 x 11 - 16 = 17 each way
    assert hub.entry("pair", 8).value(11, 8, False) == (True, 17)
    # solo 6 with 7 tricks: 5 a player, the declarer 3 x 5 (Whisthub's worked example)
    assert hub.entry("solo", 6).value(7, 6, False) == (True, 5)
    # two small misères: E made (+18, -6 each), S failed (-18, +6 each): E +24, S -24
    assert hub.entry("small-misere").value(0, 0, True) == (True, 6)
    # troel made, 8 tricks and no chance of 13: 16 each
    assert hub.entry("troel").value(8, 8, False) == (True, 16)
    # FreeWhist's stand-in grid: a failed pair 8 gives each opponent 11 (positive: the
    # declarers lose nothing); solo 6 made gives the declarer 3 x 4
    assert free.entry("pair", 8).value(4, 8, False) == (False, 11)
    assert free.entry("solo", 6).value(6, 6, False) == (True, 4)


def test_golden_deals_show_each_contract_s_rules() -> None:
    by_name = {g.name: play(g)[0] for g in DEALS}
    pair = by_name["pair"]
    assert pair.contract.declarers == (1, 3) and pair.trump == openwhist.Suit.HEARTS
    assert pair.tricks[0].leader == 1                          # left of the dealer leads
    misere = by_name["small-misere"]
    assert len(misere.discards) == 4 and misere.trump is None  # every player laid one aside
    assert [seat_name(h) for h, _ in misere.discards] == ["E", "S", "W", "N"]
    troel = by_name["troel"]
    assert troel.troel == 3 and troel.contract.declarers == (3, 0)
    assert troel.tricks[0].leader == 0 and str(troel.tricks[0].cards[0]) == "AD"
    early = by_name["early-stop"]
    assert early.options.early_stop and len(early.tricks) == 10
    assert early.taken[0] + early.taken[2] == 6                # 14 - 8: the pair cannot make it
    solo = by_name["solo"]
    assert solo.contract.name() == "solo 6 spades" and solo.calls[0][1].kind == "propose"


def test_golden_steps_match_the_file() -> None:
    lines = [json.dumps(step, ensure_ascii=False) for g in DEALS for step in play(g)[1]]
    if os.environ.get("OPENWHIST_WRITE_PLAYTHROUGHS"):
        GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    golden = GOLDEN.read_text(encoding="utf-8").splitlines()
    assert len(golden) == len(lines)
    for i, (want, got) in enumerate(zip(golden, lines)):
        assert json.loads(got) == json.loads(want), f"line {i + 1} differs"
