"""The ``openwhist solve`` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openwhist.cli import app

runner = CliRunner()
GOLDEN = json.loads((Path(__file__).parent / "data" / "dds_whist_golden.json").read_text())


def test_solve_small_deal_with_table() -> None:
    result = runner.invoke(app, ["solve", "N:AK.-.-.- QJ.-.-.- -.AK.-.- -.QJ.-.-", "--trump", "S",
                                 "--leader", "E"])
    assert result.exit_code == 0, result.output
    assert "Tricks for E-W after each lead of E:" in result.output
    assert "QS 0  JS 0" in result.output
    assert "Double-dummy table" in result.output
    assert "spades        2   0   2   0" in result.output


def test_solve_full_deal_matches_dds() -> None:
    deal = GOLDEN["deals"][0]
    result = runner.invoke(app, ["solve", deal["pbn"], "--trump", deal["trump"], "--leader",
                                 deal["leader"], "--no-table"])
    assert result.exit_code == 0, result.output
    for card, value in deal["opening_lead_scores"].items():
        assert f"{card[1]}{card[0]} {value}" in result.output
    assert "Double-dummy table" not in result.output


def test_solve_our_deal_format() -> None:
    deal = GOLDEN["deals"][0]
    ours = " ".join(f"{s}: {deal['hands'][s]}" for s in "NESW")
    result = runner.invoke(app, ["solve", ours, "-t", deal["trump"], "-l", deal["leader"], "--no-table"])
    assert result.exit_code == 0, result.output
    assert "AH 3*" in result.output


@pytest.mark.parametrize(("deal", "message"), [
    ("N:AK.-.-.- AJ.-.-.- -.AK.-.- -.QJ.-.-", "AS is given twice"),
    ("N:AK.-.-.- J.-.-.- -.AK.-.- -.QJ.-.-", "same number of cards"),
    ("N:AK.-.-.- 1J.-.-.- -.AK.-.- -.QJ.-.-", "not a rank"),
    ("N: S:AK H:- D:- C:- E: S:QJ H:- D:- C:-", "missing S, W"),
    ("N:AK.-.-.- QJ.-.-.-", "four hands"),
])
def test_solve_bad_deals_name_the_problem(deal: str, message: str) -> None:
    result = runner.invoke(app, ["solve", deal])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_solve_bad_trump_and_leader() -> None:
    deal = "N:AK.-.-.- QJ.-.-.- -.AK.-.- -.QJ.-.-"
    result = runner.invoke(app, ["solve", deal, "--trump", "X"])
    assert result.exit_code == 2 and "not a trump" in result.output
    result = runner.invoke(app, ["solve", deal, "--leader", "Q"])
    assert result.exit_code == 2 and "not a seat" in result.output


def test_report_loads_the_solver_only_for_good_input() -> None:
    # the command line loads (on a first run: compiles) the solver in this hook, so that a
    # bad deal, trump or leader is told at once
    from openwhist.errors import WhistError
    from openwhist.solver.report import solve_report

    calls: list[str] = []
    deal = "N:AK.-.-.- QJ.-.-.- -.AK.-.- -.QJ.-.-"
    for bad in ({"deal": "N:AK.-.-.- AJ.-.-.- -.AK.-.- -.QJ.-.-"}, {"trump": "X"}, {"leader": "Q"}):
        args = {"deal": deal, "trump": "S", "leader": "E", **bad}
        with pytest.raises(WhistError):
            solve_report(args["deal"], trump=args["trump"], leader=args["leader"], table=False,
                         before_search=lambda: calls.append("load"))
    assert calls == []
    text = solve_report(deal, trump="S", leader="E", table=False, before_search=lambda: calls.append("load"))
    assert calls == ["load"] and "QS 0" in text
