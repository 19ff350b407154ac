"""Scoring a whist drive: a club evening on real cards worked by hand, entries the rules
refuse, Belgian entries scored by the points grid, matchpoints, standings and export."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import openwhist
from openwhist import drive
from openwhist.bots import make_bot, play_out
from openwhist.drive import Entry
from openwhist.errors import InvalidActionError

# --- the hand-worked club evening -------------------------------------------------------------
#
# Eight people, two tables, a progressive classic drive of three rounds of two deals, the
# tricks entered by a scorer at each table (N-S first).  Worked by hand:
#
# round 1  table 1  N 0 E 1 S 2 W 3   8-5, 6-7   N-S 14 : E-W 12  0 and 2 move on
#          table 2  N 4 E 5 S 6 W 7   4-9, 7-6   N-S 11 : E-W 15  5 and 7 move on
# round 2  table 1  N 1 E 3 S 5 W 7   7-6, 7-6   N-S 14 : E-W 12  1 and 5 move on
#          table 2  N 4 E 6 S 0 W 2   5-8, 6-7   N-S 11 : E-W 15  6 and 2 move on
# round 3  table 1  N 3 E 7 S 2 W 6   9-4, 3-10  N-S 12 : E-W 14
#          table 2  N 4 E 0 S 5 W 1   6-7, 8-5   N-S 14 : E-W 12
#
# person   round 1  round 2  round 3  total  margin  rounds won
#   0        14       11       12      37     -4        1
#   1        12       14       12      38     -2        1
#   2        14       15       12      41     +4        2
#   3        12       12       12      36     -6        0
#   4        11       11       14      36     -6        1
#   5        15       14       14      43     +8        3
#   6        11       15       14      40     +2        2
#   7        15       12       14      41     +4        2
#
# By total: 5; then 2 and 7 tie on 41, on margin (+4) and on rounds won (2): they share
# second place; 6; 1; 0; 3 and 4 tie on 36 and on margin (-6), 4 won a round more: 4 is
# seventh, 3 eighth.

EVENING = {
    1: {1: [(8, 5), (6, 7)], 2: [(4, 9), (7, 6)]},
    2: {1: [(7, 6), (7, 6)], 2: [(5, 8), (6, 7)]},
    3: {1: [(9, 4), (3, 10)], 2: [(6, 7), (8, 5)]},
}
SEATINGS = {
    1: [(0, 1, 2, 3), (4, 5, 6, 7)],
    2: [(1, 3, 5, 7), (4, 6, 0, 2)],
    3: [(3, 7, 2, 6), (4, 0, 5, 1)],
}


def _club_evening() -> list[drive.Result]:
    p = drive.plan("progressive", 8, "classic", rounds=3)
    rnd = p.rounds[0]
    results: list[drive.Result] = []
    for number in (1, 2, 3):
        assert rnd.number == number
        assert [t.seats for t in rnd.tables] == SEATINGS[number]
        played = [drive.result_of_entry("classic", None, rnd, table, deal, Entry(tricks))
                  for table, deals in EVENING[number].items()
                  for deal, tricks in enumerate(deals, 1)]
        results += played
        if number < 3:
            rnd = drive.next_round_from(rnd, played)
    return results


def test_club_evening_standings_by_total() -> None:
    table = drive.standings(_club_evening())
    rows = [(r.place, r.player, r.total, r.margin, r.rounds_won, r.deals) for r in table.rows]
    assert rows == [
        (1, 5, 43, 8, 3, 6),
        (2, 2, 41, 4, 2, 6),
        (2, 7, 41, 4, 2, 6),
        (4, 6, 40, 2, 2, 6),
        (5, 1, 38, -2, 1, 6),
        (6, 0, 37, -4, 1, 6),
        (7, 4, 36, -6, 1, 6),
        (8, 3, 36, -6, 0, 6),
    ]
    assert table.winners() == (5,)
    assert "equal totals: the higher margin, then more rounds won" in table.text()


def test_club_evening_standings_by_margin() -> None:
    table = drive.standings(_club_evening(), by="margin")
    assert [(r.place, r.player) for r in table.rows] == [
        (1, 5), (2, 2), (2, 7), (4, 6), (5, 1), (6, 0), (7, 4), (8, 3)]
    assert table.tie_break == drive.TIE_BREAKS["margin"]


def test_club_evening_score_card_adds_up() -> None:
    results = _club_evening()
    card = drive.score_card(results, 2)
    assert [(c["round"], c["table"], c["seat"], c["partner"], c["score"]) for c in card] == [
        (1, 1, "S", 0, 8), (1, 1, "S", 0, 6),
        (2, 2, "W", 6, 8), (2, 2, "W", 6, 7),
        (3, 1, "S", 3, 9), (3, 1, "S", 3, 3),
    ]
    assert card[-1]["running"] == 41


def test_an_impossible_entry_is_refused() -> None:
    rnd = drive.plan("progressive", 8, "classic", rounds=3).rounds[0]
    with pytest.raises(InvalidActionError, match="add up to 14, not 13: 8 for N-S and 6 for E-W"):
        drive.result_of_entry("classic", None, rnd, 1, 1, Entry((8, 6)))
    with pytest.raises(InvalidActionError, match="must be 0 to 13, not 14"):
        drive.check_entry("classic", None, Entry((14, 0)))
    with pytest.raises(InvalidActionError, match="must be 0 to 13, not -1"):
        drive.check_entry("classic", None, Entry((-1, 14)))
    with pytest.raises(InvalidActionError, match="give the tricks of N-S and of E-W"):
        drive.check_entry("classic", None, Entry((7, 3, 3)))
    with pytest.raises(InvalidActionError, match="whole number"):
        drive.check_entry("classic", None, Entry(("7", 6)))  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match="add up to 14, not 13"):
        drive.check_entry("german", "german-standard", Entry((7, 7)))
    with pytest.raises(InvalidActionError, match="round 1 has no table 3"):
        drive.result_of_entry("classic", None, rnd, 3, 1, Entry((7, 6)))


@pytest.mark.parametrize(("options", "entry", "result"), [
    (None, (15, 11), ((15, 11), (4, -4))),  # seed 001: all 26 tricks count
    ("german-standard", (8, 5), ((8, 5), (3, -3))),  # the play phase's 13
    ("german-race-7", (15, 5), ((15, 5), (10, -10))),  # stopped at 7 of the play phase: 20 counted
])
def test_german_entries_count_what_the_options_count(options: str | None, entry: tuple[int, int],
                                                     result: tuple[tuple[int, ...], ...]) -> None:
    assert drive.check_entry("german", options, Entry(entry))[:2] == result


@pytest.mark.parametrize(("options", "entry", "message"), [
    (None, (8, 5), "add up to 13, not 26"),
    (None, (27, 0), "must be 0 to 26, not 27"),
    ("german-race-7", (10, 5), "add up to 15, not 20 to 26 [(]a race to 7[)]"),
    ("german-standard", (14, 0), "must be 0 to 13, not 14"),
])
def test_german_entries_refused(options: str | None, entry: tuple[int, int], message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        drive.check_entry("german", options, Entry(entry))


@given(st.integers(0, 13))
def test_classic_entries_share_out_thirteen_tricks(ns: int) -> None:
    scores, margins, detail = drive.check_entry("classic", None, Entry((ns, 13 - ns)))
    assert scores == (ns, 13 - ns, ns, 13 - ns)
    assert sum(margins) == 0 and margins[0] == 2 * ns - 13
    assert detail == f"{ns}-{13 - ns}"


# --- Belgian entries, scored by the points grid -----------------------------------------------


@pytest.mark.parametrize(("entry", "points"), [
    # pair 9 made with 10 tricks: 11 + 3 for the trick over; zero-sum: each opponent pays 14
    (Entry((10,), "pair 9", ("N", "S")), (14, -14, 14, -14)),
    # pair 8 failed by one trick: 11 per opponent to pay
    (Entry((7,), "pair 8", ("E", "W")), (11, -11, 11, -11)),
    # solo 6 made exactly: 4 from each opponent
    (Entry((6,), "solo 6", ("E",)), (-4, 12, -4, -4)),
    # solo 6 failed by one: 5 to each opponent
    (Entry((5,), "solo 6", ("E",)), (5, -15, 5, 5)),
    # two small misères, E keeps it (0 tricks), W fails (1): each settles with the other three
    (Entry((0, 1), "small misere", ("E", "W")), (0, 24, 0, -24)),
    # troel made: 16 from each opponent (the grid's troel)
    (Entry((8,), "troel", ("S", "W")), (-16, -16, 16, 16)),
    # all pass
    (Entry((), "pass"), (0, 0, 0, 0)),
    # solo 6 made after an all-pass deal under redeal-double
    (Entry((6,), "solo 6", (1,), multiplier=2), (-8, 24, -8, -8)),
])
def test_belgian_entries_score_by_the_whisthub_grid(entry: Entry, points: tuple[int, ...]) -> None:
    scores, margins, _ = drive.check_entry("belgian", "whisthub", entry)
    assert scores == points and margins == points


@pytest.mark.parametrize(("entry", "message"), [
    (Entry((9,), "pair 9", ("N",)), "pair is played by 2 players, not 1"),
    (Entry((9,), "pair 14", ("N", "S")), "pair is bid for 8 to 13 tricks, not 14"),
    (Entry((9,), "solo", ("N",)), "solo is bid for 5 to 8 tricks"),
    (Entry((9,), "grand slam", ("N",)), "not a contract"),
    (Entry((9,), "bridge", ("N",)), "unknown contract 'bridge'"),
    (Entry((14,), "pair 9", ("N", "S")), "must be 0 to 13, not 14"),
    (Entry((7, 7), "small misere", ("N", "S")), "add up to 14, more than 13"),
    (Entry((9,), "pair 9", ("N", "N")), "a declarer is named twice"),
    (Entry((9,), "pair 9", ("N", "X")), "not a seat: 'X'"),
    (Entry((1,), "piccolissimo", ("N",)), "piccolissimo is not played"),
    (Entry((9, 1), "pair 9", ("N", "S")), "give the tricks of the declaring side: 1 number, not 2"),
    (Entry((6,), "solo 6", ("E",), multiplier=2), "only the all_pass=redeal-double rule"),
    (Entry((6,), None, ("E",)), "names its contract"),
])
def test_belgian_entries_refused(entry: Entry, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        drive.check_entry("belgian", None, entry)


@given(kind=st.sampled_from(["pair 8", "pair 9", "pair 10", "pair 11", "pair 12", "pair 13", "solo 5",
                             "solo 6", "solo 7", "solo 8", "abondance 9", "abondance 10", "troel",
                             "soloslim", "grand misere", "open misere", "piccolo", "small misere"]),
       tricks=st.lists(st.integers(0, 13), min_size=1, max_size=3),
       seats=st.permutations([0, 1, 2, 3]))
def test_belgian_whisthub_entries_are_zero_sum(kind: str, tricks: list[int], seats: list[int]) -> None:
    """Under Whisthub's zero-sum grid every accepted entry's points add up to zero, and an
    entry is accepted only when its tricks fit in a deal."""
    many = kind in ("small misere", "grand misere", "piccolo")  # several may play them at once
    count = 2 if kind.startswith("pair") or kind == "troel" else len(tricks) if many else 1
    took = tuple(tricks[:count]) if many else (tricks[0],)
    entry = Entry(took, kind, tuple(seats[:count]))
    if sum(took) > 13:
        with pytest.raises(InvalidActionError):
            drive.check_entry("belgian", "whisthub", entry)
        return
    scores, _, _ = drive.check_entry("belgian", "whisthub", entry)
    assert sum(scores) == 0


# --- results of deals played online ---------------------------------------------------------------


@pytest.mark.parametrize("family", ["classic", "german", "belgian"])
def test_results_of_played_deals_give_the_standings(family: str) -> None:
    people = 8 if family != "german" else 4
    p = drive.plan("individual", people, family, rounds=2)
    results = []
    for rnd in p.rounds:
        for t in rnd.tables:
            for d, seed in enumerate(drive.deal_seeds(5, rnd.number, t.number, 2), 1):
                deal = openwhist.new_deal(family, seed=seed, dealer=drive.deal_dealer(family, d))
                play_out(deal, {s: make_bot("random", seed=seed + s) for s in deal.seats})
                results.append(drive.result_of_deal(family, rnd, t.number, d, deal.result()))
    table = drive.standings(results, players=people)
    assert len(table.rows) == people and all(r.deals == 4 for r in table.rows)
    recount = {p: 0 for p in range(people)}
    for r in results:
        for s, who in enumerate(r.players):
            if who is not None:
                recount[who] += r.scores[s]
    assert {r.player: r.total for r in table.rows} == recount
    if family == "classic":
        assert all(sum(r.scores[:2]) == 13 for r in results)


# --- matchpoints ------------------------------------------------------------------------------


def test_matchpoints_compare_the_same_cards() -> None:
    """A duplicate round of three tables, one deal: N-S take 7, 8 and 7 tricks with the same
    cards. N-S at table 2 beat both others: 4; the 7s beat nobody and tie each other: 1;
    E-W the other way round."""
    players = [(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)]
    results = []
    for t, ns in ((1, 7), (2, 8), (3, 7)):
        results.append(drive.Result(1, t, 1, players[t - 1], (ns, 13 - ns, ns, 13 - ns),
                                    (2 * ns - 13, 13 - 2 * ns) * 2))
    mp = drive.matchpoints(results)
    assert mp[(1, 1, 1)] == (1, 3, 1, 3)
    assert mp[(1, 2, 1)] == (4, 0, 4, 0)
    assert mp[(1, 3, 1)] == (1, 3, 1, 3)
    table = drive.standings(results, by="matchpoints")
    assert [(r.place, r.player, r.matchpoints) for r in table.rows[:2]] == [(1, 4, 4), (1, 6, 4)]
    assert {r.matchpoints for r in table.rows} == {0, 1, 3, 4}


def test_matchpoints_only_compare_the_same_deal() -> None:
    a = drive.Result(1, 1, 1, (0, 1, 2, 3), (9, 4, 9, 4), (5, -5, 5, -5))
    b = drive.Result(1, 2, 2, (4, 5, 6, 7), (3, 10, 3, 10), (-7, 7, -7, 7))
    assert drive.matchpoints([a, b]) == {(1, 1, 1): (0, 0, 0, 0), (1, 2, 2): (0, 0, 0, 0)}


# --- export ------------------------------------------------------------------------------------------


def test_csv_export_reads_back() -> None:
    results = _club_evening()
    names = [f"P{i}" for i in range(8)]
    rows = list(csv.reader(io.StringIO(drive.results_csv(results, names))))
    assert rows[0] == ["round", "table", "deal", "N", "E", "S", "W", "detail",
                       "score N", "score E", "score S", "score W"]
    assert len(rows) == 1 + 12
    assert rows[1] == ["1", "1", "1", "P0", "P1", "P2", "P3", "8-5", "8", "5", "8", "5"]
    table = list(csv.reader(io.StringIO(drive.standings_csv(drive.standings(results), names))))
    assert table[1] == ["1", "P5", "43", "8", "0", "6", "3"]
    assert table[-1][0].startswith("ranked by total; equal totals")


def test_standings_refuse_an_unknown_ranking_and_a_deal_counted_twice() -> None:
    with pytest.raises(InvalidActionError, match="rank by total, margin or matchpoints"):
        drive.standings([], by="luck")  # type: ignore[arg-type]
    results = _club_evening()
    with pytest.raises(InvalidActionError, match="round 2, table 1, deal 2 has two results"):
        drive.standings([*results, results[5]])


@given(st.lists(st.integers(0, 13), min_size=1, max_size=8))
def test_matchpoints_share_out_k_times_k_less_one(ns_tricks: list[int]) -> None:
    """On one board played at k tables every seat's matchpoints add up to k (k - 1): each
    comparison gives 2 to the better, or 1 to each on a tie."""
    results = [drive.Result(1, t, 1, (4 * t, 4 * t + 1, 4 * t + 2, 4 * t + 3), (ns, 13 - ns, ns, 13 - ns),
                            (2 * ns - 13, 13 - 2 * ns) * 2) for t, ns in enumerate(ns_tricks, 1)]
    mp = drive.matchpoints(results)
    k = len(ns_tricks)
    for seat in range(4):
        assert sum(v[seat] for v in mp.values()) == k * (k - 1)
    table = drive.standings(results, by="matchpoints")
    places = [r.place for r in table.rows]
    assert places == sorted(places) and places[0] == 1
    assert all(r.matchpoints == mp[(1, r.player // 4, 1)][r.player % 4] for r in table.rows)
    top = max(r.matchpoints for r in table.rows)
    # first place goes to the most matchpoints (ties broken by margin)
    assert {r.player for r in table.rows if r.place == 1} <= {r.player for r in table.rows
                                                               if r.matchpoints == top}


@given(st.text(alphabet=st.sampled_from("round,tabledkic\n0123456789-+ NESW\"\x00\r"), max_size=120))
def test_a_results_sheet_is_read_or_refused_with_a_message(text: str) -> None:
    """Whatever a sheet holds, it is read or refused with an InvalidActionError (a message),
    never another exception."""
    p = drive.plan("progressive", 8, "classic", rounds=3)
    try:
        rows = drive.read_sheet("round,table,deal,tricks\n" + text)
        drive.score_sheet(p, None, rows)
    except InvalidActionError:
        pass


@pytest.mark.parametrize("family", ["classic", "german", "belgian"])
def test_each_contract_and_column_of_a_declared_entry_form_can_be_entered(family: str) -> None:
    """What a scorer's form offers (the record's :class:`EntryForm`) is what the rules
    take: each contract named, with its declarers and tricks, or a number per column."""
    from openwhist.rules.registry import get_variant
    from openwhist.rules.scorer import check_entry

    form = get_variant(family).entry
    assert form is not None and bool(form.columns) != bool(form.contracts)
    if form.columns:
        tricks = (7, 6) if family == "classic" else (14, 12)      # German whist: all 26 tricks
        scores, _, _ = check_entry(family, None, Entry(tricks))
        assert len(tricks) == len(form.columns)
        assert sum(scores) == (sum(tricks) if family == "german" else 2 * sum(tricks))
        return
    assert form.contracts[-1] == "pass"
    for contract in form.contracts:
        kind = contract.split()[0]
        if contract == "pass":
            entry = Entry((), contract)
        elif kind in ("pair", "troel"):
            entry = Entry((9,), contract, ("N", "S"))
        else:
            entry = Entry((0,) if "misere" in kind or kind == "piccolo" else (9,), contract, ("E",))
        check_entry(family, None, entry)          # raises for a contract the rules refuse


# --- the exact-bid whists on real cards ----------------------------------------------------------


@pytest.mark.parametrize("family", ["romanian", "oh-hell"])
@settings(deadline=None, max_examples=40)
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32), deals=st.integers(1, 8))
def test_exact_bid_entries_score_as_the_played_deals(family: str, players: int, seed: int,
                                                     deals: int) -> None:
    """A match of random play dealt from seat N, as a drive's table plays it: each deal's
    bids and tricks entered by hand (with the table's earlier deals) score each player
    what the rules scored the played deal, streaks included."""
    from openwhist.rules.scorer import check_entry

    m = openwhist.new_match(family, seed=seed, until="deals", count=deals, players=players,
                            streak=2 if family == "romanian" else None)
    play_out(m, {s: make_bot("random", seed=seed + s) for s in range(players)})
    entries: list[Entry] = []
    assert len(m.deals) == len(m.sheet) == deals
    for number, deal in enumerate(m.deals, start=1):
        result = deal.result()
        assert deal.dealer == drive.deal_dealer(family, number, m.options)
        entry = Entry(tuple(result.tricks), bids=tuple(result.bids))
        scores, margins, detail = check_entry(family, m.options, entry, number, entries)
        assert scores == margins == tuple(result.points)
        assert detail.startswith("bids ")
        entries.append(entry)


def exact(deal: int, bids: tuple[int, ...], tricks: tuple[int, ...], before: tuple[Entry, ...] = (),
          **options: object) -> tuple[int, ...]:
    from openwhist.rules.scorer import check_entry

    return check_entry("romanian", {"players": 3} | options, Entry(tricks, bids=bids), deal, before)[0]


@pytest.mark.parametrize(("deal", "bids", "tricks", "code", "values"), [
    (1, (0, 1, 1), (1, 0, 1), "entry_tricks_sum", {"total": 2, "cards": 1, "deal": 1}),
    (4, (0, 1, 0), (1, 0, 0), "entry_tricks_sum", {"total": 1, "cards": 2, "deal": 4}),
    (4, (1, 1, 0), (0, 1, 1), "entry_barred", {"seat": "N", "bid": 1, "cards": 2, "deal": 4}),
    (1, (0, 1), (1, 0), "entry_seats", {"players": 3}),
    (4, (3, 0, 0), (1, 1, 0), "entry_number", {"seat": "N", "cards": 2, "deal": 4}),
    (4, (1, 0, 0), (-1, 2, 1), "entry_number", {"seat": "N", "cards": 2, "deal": 4}),
])
def test_impossible_exact_bid_entries_are_refused_with_codes(deal: int, bids: tuple[int, ...],
                                                             tricks: tuple[int, ...], code: str,
                                                             values: dict[str, object]) -> None:
    """Three players, 1-8-1: deals 1-3 are of one card, deal 4 of two (its dealer, N as
    in deal 1, may not bid what makes the bids 2)."""
    from openwhist.rules.scorer import EntryError

    with pytest.raises(EntryError) as err:
        exact(deal, bids, tricks, streak=None)
    assert err.value.code == code and err.value.values == values


def test_exact_bid_streaks_need_the_earlier_deals_in_order() -> None:
    from openwhist.rules.scorer import EntryError

    with pytest.raises(EntryError) as err:
        exact(2, (1, 1, 1), (3, 3, 2), streak=2, schedule="max-1-max")
    assert err.value.code == "entry_order" and err.value.values == {"deal": 1}
    # 8-1-8 for three: deals 1 and 2 of 8 cards.  Deal 1: N exact (5 + 3), E and S miss;
    # deal 2: N's second exact bid in a row earns the bonus, S's second miss the penalty
    opts = {"streak": 2, "schedule": "max-1-max"}
    first = Entry((3, 2, 3), bids=(3, 1, 1))
    assert exact(1, (3, 1, 1), (3, 2, 3), **opts) == (8, -1, -2)
    assert exact(2, (4, 2, 1), (4, 2, 2), (first,), **opts) == (9 + 10, 7, -1 - 10)
    assert exact(2, (4, 2, 1), (4, 2, 2), (first,), streak=None, schedule="max-1-max") == (9, 7, -1)


def test_standings_with_byes_rank_by_points_per_deal_scaled() -> None:
    """Four people at a table of three: one sits out each round.  Whoever plays fewer
    deals is ranked by his points per deal, times the most deals anyone played; the CSV
    and the text give the scaled column and the rule."""
    rs = [drive.Result(1, 1, 1, (0, 1, 2), (20, 5, 5), (20, 5, 5)),
          drive.Result(2, 1, 1, (3, 2, 1), (9, 12, 14), (9, 12, 14))]
    plain = drive.standings(rs, players=4)
    assert [r.player for r in plain.rows] == [0, 1, 2, 3] and plain.scaling is None
    assert all(r.scaled is None for r in plain.rows)
    fair = drive.standings(rs, players=4, byes=True)
    assert [(r.player, r.total, r.deals, r.scaled) for r in fair.rows] == [
        (0, 20, 1, 40.0), (1, 19, 2, 19.0), (3, 9, 1, 18.0), (2, 17, 2, 17.0)]
    assert fair.scaling is not None and "per deal played" in fair.scaling
    lines = list(csv.reader(io.StringIO(drive.standings_csv(fair))))
    assert lines[0][-1] == "scaled" and lines[1][-1] == "40.0" and lines[-1] == [fair.scaling]
    assert fair.scaling in fair.text()


@given(st.lists(st.tuples(st.integers(-20, 40), st.integers(-20, 40), st.integers(-20, 40)),
                min_size=1, max_size=6))
def test_scaled_standings_equal_the_totals_when_all_play_every_deal(
        points: list[tuple[int, int, int]]) -> None:
    rs = [drive.Result(1, 1, d, (0, 1, 2), p, p) for d, p in enumerate(points, start=1)]
    fair = drive.standings(rs, byes=True)
    plain = drive.standings(rs)
    assert all(r.scaled == r.total for r in fair.rows)
    assert [(r.place, r.player) for r in fair.rows] == [(r.place, r.player) for r in plain.rows]


def test_neuberg_adjusts_a_board_that_a_table_missed() -> None:
    """A worked example: four tables due, board 1 played at three (N-S took 7, 8 and 7
    tricks), board 2 at all four. By hand, 2 matchpoints a beat and 1 a tie: N-S at table
    2 beat both others, 4 of a top of 4; Neuberg, (4 + 1) * 4 / 3 - 1 = 17/3 of a top of
    6; N-S at tables 1 and 3 tied once, 1: (1 + 1) * 4 / 3 - 1 = 5/3; E-W at table 2 took
    5, beaten twice, 0: 1/3; E-W at tables 1 and 3, 3: 13/3. The board's N-S scores add
    up to three averages of a full board (3 * 3), as Neuberg keeps them; board 2 stays."""
    from fractions import Fraction

    rs = [drive.Result(1, t, 1, (0, 1, 2, 3), (s, 13 - s, s, 13 - s), (0,) * 4)
          for t, s in ((1, 7), (2, 8), (3, 7))]
    rs += [drive.Result(1, t, 2, (0, 1, 2, 3), (s, 13 - s, s, 13 - s), (0,) * 4)
           for t, s in ((1, 6), (2, 7), (3, 8), (4, 9))]
    got = drive.matchpoints_neuberg(rs)

    def exact(x: float) -> Fraction:
        return Fraction(x).limit_denominator(12)

    assert [exact(x) for x in got[(1, 2, 1)]] == [Fraction(17, 3), Fraction(1, 3)] * 2
    assert [exact(x) for x in got[(1, 1, 1)]] == [Fraction(5, 3), Fraction(13, 3)] * 2
    assert sum(exact(got[(1, t, 1)][0]) for t in (1, 2, 3)) == 9
    assert got[(1, 4, 2)] == drive.matchpoints(rs)[(1, 4, 2)] == (6, 0, 6, 0)
    # said explicitly: five tables due, board 2's four results are adjusted too
    assert drive.matchpoints_neuberg(rs, expected=5)[(1, 4, 2)][0] == (6 + 1) * 5 / 4 - 1
    with pytest.raises(InvalidActionError, match="1 to 4 results"):
        drive.neuberg(3, 5, 4)
