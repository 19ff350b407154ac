"""Records: JSON round trip, validated replay, errors, PBN."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import openwhist
from openwhist import records
from openwhist.records import RecordError


def _played(seed: int = 5) -> openwhist.ClassicState:
    deal = openwhist.new_deal("classic", seed=seed, dealer=1)
    rng = random.Random(seed)
    while not deal.is_over():
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def test_record_holds_everything_needed(tmp_path: Path) -> None:
    deal = _played()
    rec = records.deal_record(deal)
    assert rec["format"] == "openwhist-record" and rec["version"] == 1
    assert rec["variant"] == "classic" and rec["seed"] == 5 and rec["dealer"] == "E"
    assert rec["options"]["target"] == 5 and len(rec["actions"]) == 52
    assert rec["result"]["tricks"] == list(deal.result().tricks)
    path = tmp_path / "deal.json"
    records.save(rec, path)
    assert records.load(path) == json.loads(json.dumps(rec))
    assert records.replay(records.load(path)).result() == deal.result()


def test_an_illegal_action_in_a_record_is_reported() -> None:
    rec = records.deal_record(_played())
    rec["actions"][1] = rec["actions"][0]
    with pytest.raises(RecordError, match="action 2"):
        records.replay(rec)


def test_a_changed_result_is_caught() -> None:
    rec = records.deal_record(_played())
    rec["result"]["tricks"] = [13, 0]
    with pytest.raises(RecordError, match="differs"):
        records.replay(rec)


@pytest.mark.parametrize("text, message", [
    ("{", "not a JSON record"),
    ('{"format": "x"}', "not an openwhist record"),
    ('{"format": "openwhist-record", "version": 99, "kind": "deal"}', "version"),
])
def test_bad_files(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        records.loads(text)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        records.load(tmp_path / "nope.json")


def test_unfinished_deal_records_replay_to_the_same_position() -> None:
    deal = openwhist.new_deal("dummy", seed=3)
    for _ in range(10):
        deal.apply(deal.legal_actions()[0])
    again = records.replay(records.deal_record(deal))
    assert again.snapshot()[2:] == deal.snapshot()[2:]


def test_a_record_of_another_version_is_refused_by_replay() -> None:
    deal = _played()
    rec = records.deal_record(deal)
    with pytest.raises(RecordError, match="version 99"):
        records.replay({**rec, "version": 99})
    with pytest.raises(RecordError, match="not an openwhist record"):
        records.replay({**rec, "format": "other"})


def test_pbn_export() -> None:
    deal = _played()
    pbn = records.to_pbn(deal)
    assert '[Dealer "E"]' in pbn
    line = next(x for x in pbn.splitlines() if x.startswith("[Deal "))
    hands = line.split('"')[1][2:].split()
    assert len(hands) == 4 and all(len(h.replace(".", "")) == 13 for h in hands)
    # PBN's mandatory tags, in order; no bridge contract that bridge programs would score
    tags = [x[1:].split()[0] for x in pbn.splitlines() if x.startswith("[")]
    assert tags[:15] == ["Event", "Site", "Date", "Board", "West", "North", "East", "South",
                         "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"]
    assert '[Contract "?"]' in pbn and '[Declarer "?"]' in pbn and '[Result "?"]' in pbn
    won = deal.result().tricks
    assert f"trump {deal.trump.name.lower()}; tricks N-S {won[0]}, E-W {won[1]}" in pbn  # type: ignore[union-attr]
    assert '[West "Zoë \\"Z\\""]' in records.to_pbn(deal, players=["A", "B", "C", 'Zoë "Z"'])
    play_lines = [x for x in pbn.splitlines() if x and x[0] in "SHDC" and len(x.split()) == 4]
    assert len(play_lines) == 13
    assert play_lines[0].split()[0] == "".join(
        (deal.tricks[0].cards[0].suit.letter, deal.tricks[0].cards[0].rank.letter))


def _finished_match(seed: int = 3) -> openwhist.Match:
    match = openwhist.new_match("classic", seed=seed, until="deals", count=2,
                                players=["Ann", "bot:pimc:level=2", "guest:Bob", "W"])
    rng = random.Random(seed)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    return match


def test_records_carry_the_day_they_were_played() -> None:
    import datetime

    match = _finished_match()
    rec = records.match_record(match)
    assert rec["date"] == datetime.date.today().isoformat()
    assert records.match_record(match, date="2024-05-17")["date"] == "2024-05-17"
    assert records.deal_record(_played(), date="2023-01-02")["date"] == "2023-01-02"
    old = {k: v for k, v in rec.items() if k != "date"}  # written before dates were kept
    assert records.replay(records.loads(records.dumps(old))).summary() == match.summary()


def test_pbn_names_the_players_and_the_date() -> None:
    match = _finished_match()
    rec = records.loads(records.dumps(records.match_record(match, date="2024-05-17")))
    pbn = records.record_pbn(rec)
    boards = pbn.split("[Event ")[1:]
    assert len(boards) == 2 and '[Board "2"]' in boards[1]
    for board in boards:
        assert '[Date "2024.05.17"]' in board
        assert '[North "Ann"]' in board and '[East "Computer (pimc:level=2)"]' in board
        assert '[South "Bob (guest)"]' in board and '[West "?"]' in board
    assert '[Event "openwhist classic"]' in pbn
    # the deals are those of the match, in order
    first = records.to_pbn(match.deals[0], event="openwhist classic", date="2024-05-17",
                           players=match.players)
    assert pbn.startswith(first)
    assert '[Date "????.??.??"]' in records.record_pbn({**rec, "date": None})
    dummy = openwhist.new_match("dummy", seed=1, until="deals", players=["A", "B", "C"])
    assert records.pbn_player(dummy.players[2], 2) == "Dummy"
    with pytest.raises(RecordError, match="four players"):
        records.to_pbn(match.deals[0], players=["A", "B"])
