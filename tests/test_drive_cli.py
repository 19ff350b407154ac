"""``openwhist drive plan`` and ``openwhist drive score``: the movement printed, a results
sheet scored as the hand-worked club evening, and every bad value one error line."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from openwhist.cli import app
from test_drive_scoring import EVENING

DRIVE = typer.main.get_command(app).commands["drive"]  # type: ignore[attr-defined]
ODD = ["[", "]", "[/]", "\\", "'\"", "ü€", ""]
NOT_INT = ["abc", "1.5", "", "[1]", "½"]


def _sheet(tmp_path: Path) -> Path:
    lines = ["round,table,deal,tricks"]
    for rnd, tables in EVENING.items():
        for table, deals in tables.items():
            for deal, (ns, ew) in enumerate(deals, 1):
                lines.append(f"{rnd},{table},{deal},{ns}-{ew}")
    path = tmp_path / "evening.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


BASE = {
    "plan": ["drive", "plan", "--players", "8", "--rounds", "3"],
    "score": ["drive", "score", "{sheet}", "--players", "8", "--rounds", "3"],
    "cards": ["drive", "cards", "--players", "8", "--movement", "mitchell"],
}
BAD: dict[tuple[str, str], list[str]] = {
    ("plan", "family"): [*ODD, "bridge", "dummy"],
    ("plan", "players"): [*NOT_INT, "0", "1", "201"],
    ("plan", "movement"): [*ODD, "swiss"],
    ("plan", "rounds"): [*NOT_INT, "0", "65"],
    ("plan", "pairs"): [*NOT_INT, "0", "5", "101"],
    ("plan", "boards"): [*NOT_INT, "0", "9"],
    ("plan", "names"): ["a,b", "@/nonexistent/names.txt", ",,,,,,,", "@{tmp}", "@{binary}"],
    ("score", "sheet"): ["/nonexistent/x.csv", "{tmp}", "{garbage}", "{fourteen}", "{twice}", "",
                         "{binary}", "{crlf}"],
    ("score", "family"): [*ODD, "bridge", "dummy"],
    ("score", "players"): [*NOT_INT, "0", "201"],
    ("score", "movement"): [*ODD, "swiss"],
    ("score", "rounds"): [*NOT_INT, "0", "2"],
    ("score", "by"): [*ODD, "luck"],
    ("score", "names"): ["a,b", "@/nonexistent/names.txt"],
    ("cards", "family"): [*ODD, "bridge", "dummy", "belgian", "german"],
    ("cards", "players"): [*NOT_INT, "0", "1", "7", "201"],
    ("cards", "pairs"): [*NOT_INT, "0", "1", "101"],
    ("cards", "movement"): [*ODD, "swiss"],
    ("cards", "rounds"): [*NOT_INT, "0", "5"],
    ("cards", "boards"): [*NOT_INT, "0", "9"],
    ("cards", "names"): ["a,b", "@/nonexistent/names.txt", ",,,,,,,"],
}


def _params() -> list[tuple[str, str]]:
    return [(name, p.name) for name, cmd in DRIVE.commands.items() for p in cmd.params
            if not getattr(p, "is_flag", False)]


def test_every_option_is_covered() -> None:
    assert sorted(_params()) == sorted(BAD)


def _argv(command: str, param: str, value: str) -> list[str]:
    argv = list(BASE[command])
    spec = next(p for p in DRIVE.commands[command].params if p.name == param)
    if not spec.opts[0].startswith("-"):
        argv[2] = value
        return argv
    flag = spec.opts[0]
    if flag in argv:
        argv[argv.index(flag) + 1] = value
    else:
        argv += [flag, value]
    return argv


CASES = [(c, p, v) for (c, p), values in BAD.items() for v in values]


@pytest.mark.parametrize("command, param, value", CASES, ids=[f"{c}-{p}-{v!r}" for c, p, v in CASES])
def test_a_bad_value_is_one_line_and_exit_2(tmp_path: Path, command: str, param: str, value: str) -> None:
    sheet = _sheet(tmp_path)
    garbage = tmp_path / "garbage.csv"
    garbage.write_text("not,a\nsheet,at all\n", encoding="utf-8")
    fourteen = tmp_path / "fourteen.csv"
    fourteen.write_text(sheet.read_text(encoding="utf-8").replace("8-5", "8-6"), encoding="utf-8")
    twice = tmp_path / "twice.csv"
    twice.write_text(sheet.read_text(encoding="utf-8") + "1,1,1,7-6\n", encoding="utf-8")
    binary = tmp_path / "binary.csv"
    binary.write_bytes(b"\xff\xfe\x00round")
    crlf = tmp_path / "crlf.csv"
    crlf.write_text("round,table,deal,tricks\n1,1,\r1,8-5\n", encoding="utf-8", newline="")
    value = (value.replace("{tmp}", str(tmp_path)).replace("{garbage}", str(garbage))
             .replace("{binary}", str(binary)).replace("{crlf}", str(crlf))
             .replace("{fourteen}", str(fourteen)).replace("{twice}", str(twice)))
    argv = [a.replace("{sheet}", str(sheet)) for a in _argv(command, param, value)]
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(app, argv, input="")
    finally:
        os.chdir(cwd)
    err = result.stderr
    assert result.exit_code == 2, (result.exit_code, result.stdout[-500:], err)
    assert "Traceback" not in result.stdout + err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err


def test_plan_prints_the_movement() -> None:
    out = CliRunner().invoke(app, ["drive", "plan", "--family", "belgian", "--players", "6",
                                   "--movement", "individual", "--rounds", "2", "--names",
                                   "Ann,Bob,Cas,Dirk,Els,Fien"], env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[0] == ("belgian whist drive, individual movement: 6 people at 2 tables, 2 rounds, "
                        "2 computer players")
    assert lines[1] == "round 1" and lines[4] == "round 2"
    # one computer player a table, never two at one
    assert lines[2] == "  table 1: N Ann  E Bob  S Cas  W computer"
    assert lines[3] == "  table 2: N Dirk  E Els  S Fien  W computer"


def test_score_gives_the_hand_worked_standings(tmp_path: Path) -> None:
    sheet = _sheet(tmp_path)
    out = CliRunner().invoke(app, ["drive", "score", str(sheet), "--players", "8", "--rounds", "3",
                                   "--csv"], env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    rows = [line.split(",") for line in out.stdout.splitlines()]
    assert [(r[0], r[1], r[2]) for r in rows[1:9]] == [
        ("1", "6", "43"), ("2", "3", "41"), ("2", "8", "41"), ("4", "7", "40"),
        ("5", "2", "38"), ("6", "1", "37"), ("7", "5", "36"), ("8", "4", "36")]
    text = CliRunner().invoke(app, ["drive", "score", str(sheet), "-p", "8", "-r", "3", "--by", "margin"],
                              env={"COLUMNS": "200"}).stdout
    assert "ranked by margin; equal margins: the higher total" in text


def test_score_names_the_line_of_an_impossible_entry(tmp_path: Path) -> None:
    sheet = _sheet(tmp_path)
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("4-9", "4-10"), encoding="utf-8")
    out = CliRunner().invoke(app, ["drive", "score", str(sheet), "-p", "8", "-r", "3"])
    assert out.exit_code == 2
    assert out.stderr.strip() == ("error: line 4: the tricks add up to 14, not 13: 4 for N-S and 10 "
                                  "for E-W")


def test_score_a_belgian_sheet(tmp_path: Path) -> None:
    sheet = tmp_path / "belgian.csv"
    sheet.write_text("round,table,deal,tricks,contract,declarers\n"
                     "1,1,1,10,pair 9,N+S\n"
                     "1,1,2,6,solo 6,E\n"
                     "1,2,1,,pass,\n"
                     "1,2,2,0 1,small misere,E+W\n", encoding="utf-8")
    out = CliRunner().invoke(app, ["drive", "score", str(sheet), "-f", "whisthub", "-p", "8",
                                   "-m", "individual", "-r", "1", "--csv"])
    assert out.exit_code == 0, out.output
    totals = {row.split(",")[1]: int(row.split(",")[2]) for row in out.stdout.splitlines()[1:9]}
    # table 1: N, S +14 -4; E -14 +12; W -14 -4.  table 2: E +24, W -24
    assert sorted(totals.values()) == sorted([10, -2, 10, -18, 0, 24, 0, -24])


def test_score_a_romanian_sheet_with_a_bye(tmp_path: Path) -> None:
    """Five people at a table of four: one sits out, and the standings say how they rank
    by the points per deal played; a line the bar refuses is named."""
    sheet = tmp_path / "romanian.csv"
    sheet.write_text("round,table,deal,bids,tricks\n"
                     "1,1,1,0-0-0-0,1-0-0-0\n"
                     "1,1,2,1-0-0-1,0-1-0-0\n", encoding="utf-8")
    args = ["drive", "score", str(sheet), "-f", "romanian", "-p", "5", "-m", "individual", "-r", "1"]
    out = CliRunner().invoke(app, [*args, "--csv"])
    assert out.exit_code == 0, out.output
    rows = out.stdout.splitlines()
    assert rows[0].endswith(",scaled")
    # deal 1 (N deals): N missed (-1), the others 0 for 0 (5 each); deal 2 (E deals):
    # only S exact (5), the others -1
    assert {r.split(",")[1]: r.split(",")[2] for r in rows[1:6]} == {
        "1": "-2", "2": "4", "3": "10", "4": "4", "5": "0"}
    assert "per deal played" in rows[-1]
    sheet.write_text("round,table,deal,bids,tricks\n1,1,1,1-0-0-0,1-0-0-0\n", encoding="utf-8")
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 2
    assert out.stderr.strip().startswith("error: line 2: N deals deal 1 and may not bid 1")


def test_plan_of_sixteen_individuals_partners_everyone_once() -> None:
    """The printed plan itself, counted: over 15 rounds every two of 16 people partner
    exactly once (N-S and E-W at each table), and its balance line says so."""
    import re
    from collections import Counter
    from itertools import combinations

    out = CliRunner().invoke(app, ["drive", "plan", "--players", "16", "--movement", "individual",
                                   "--rounds", "15"], env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    partners: Counter[frozenset[str]] = Counter()
    for line in out.stdout.splitlines():
        seats = re.findall(r"\b([NESW]) (\d+)", line) if line.startswith("  table") else []
        if seats:
            who = dict(seats)
            partners.update([frozenset((who["N"], who["S"])), frozenset((who["E"], who["W"]))])
    assert set(partners) == {frozenset(p) for p in combinations([str(i) for i in range(1, 17)], 2)}
    assert set(partners.values()) == {1}
    assert out.stdout.splitlines()[-1] == ("balance over 15 rounds: of 120 pairs, partners 1 time: 120; "
                                           "opponents 2 times: 120; triplewhist seating: every two "
                                           "people opponents once at N-E or S-W and once at E-S or W-N")


def test_plan_with_a_sit_out() -> None:
    out = CliRunner().invoke(app, ["drive", "plan", "-p", "9", "-m", "individual", "-r", "9", "--sit-out"],
                             env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    assert "0 computer players, 1 sitting out each round" in out.stdout.splitlines()[0]
    assert out.stdout.count("sitting out: ") == 9
    bad = CliRunner().invoke(app, ["drive", "plan", "-p", "10", "-m", "individual", "--sit-out"])
    assert bad.exit_code == 2 and bad.stderr.startswith("error: one person sits out each round only")


def test_plan_prints_a_mitchell_and_a_howell() -> None:
    out = CliRunner().invoke(app, ["drive", "plan", "--movement", "mitchell", "--pairs", "7", "--boards",
                                   "3"], env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[0] == ("mitchell movement: 7 pairs at 4 tables, 3 rounds of 3 boards (12 boards), "
                        "the E-W pairs skip a table after round 2")
    assert lines[1:7] == ["round 1", "  table 1: N-S 1  E-W 5  boards 1-3",
                          "  table 2: N-S 2  E-W 6  boards 4-6",
                          "  table 3: N-S 3  E-W 7  boards 7-9", "  table 4: N-S 4  E-W -  boards 10-12",
                          "  sits out: pair 4"]
    same = CliRunner().invoke(app, ["drive", "plan", "-m", "mitchell", "-p", "14", "-b", "3"],
                              env={"COLUMNS": "200"})
    assert same.stdout == out.stdout
    howell = CliRunner().invoke(app, ["drive", "plan", "-m", "howell", "--pairs", "8", "--names",
                                      ",".join(f"P{i}" for i in range(1, 17))], env={"COLUMNS": "200"})
    assert howell.exit_code == 0, howell.output
    met = set()
    for line in howell.stdout.splitlines():
        if line.startswith("  table"):
            ns, ew = re.findall(r"N-S (\d+) .*E-W (\d+) ", line)[0]
            met.add(frozenset((ns, ew)))
    assert len(met) == 28  # every two of the 8 pairs once
    assert "N-S 8 (P15 & P16)" in howell.stdout


def test_cards_print_each_pair_and_each_board() -> None:
    out = CliRunner().invoke(app, ["drive", "cards", "-m", "mitchell", "--pairs", "6", "--boards", "2"],
                             env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[:4] == ["movement card: pair 1", "  round 1: table 1, N-S, boards 1-2, against pair 4",
                         "  round 2: table 1, N-S, boards 3-4, against pair 6",
                         "  round 3: table 1, N-S, boards 5-6, against pair 5"]
    assert sum(line.startswith("movement card: pair") for line in lines) == 6
    assert sum(line.startswith("board ") for line in lines) == 6
    bare = CliRunner().invoke(app, ["drive", "cards", "-m", "mitchell", "--pairs", "6", "--no-slips"])
    assert "board 1" not in bare.stdout
    people = CliRunner().invoke(app, ["drive", "cards", "-m", "individual", "-p", "9", "-r", "9",
                                      "--sit-out"], env={"COLUMNS": "200"})
    assert people.exit_code == 0, people.output
    text = people.stdout.splitlines()
    assert text[0] == "movement card: 1"
    # everyone sits out once in the nine rounds, and partners each of the others once
    assert sum(line.endswith("sits out") for line in text) == 9
    mine = [line for line in text[1:10]]
    partners = [line.split("partner ")[1].split(",")[0] for line in mine if "partner" in line]
    assert sorted(partners, key=int) == [str(i) for i in range(2, 10)]


def test_plan_needs_people_or_pairs_that_agree() -> None:
    none = CliRunner().invoke(app, ["drive", "plan"])
    assert none.exit_code == 2 and "give --players" in none.stderr
    both = CliRunner().invoke(app, ["drive", "plan", "-p", "8", "--pairs", "3", "-m", "howell"])
    assert both.exit_code == 2
    assert both.stderr.strip() == "error: --players 8 and --pairs 3 disagree: a pair is two people"
    for args, said in ((["-m", "mitchell", "--sit-out"], "--sit-out is for the individual movement"),
                       (["-m", "individual", "--relay"], "--boards and --relay are for the mitchell"),
                       (["-m", "mitchell", "--relay"], "a relay and bye stand is for an even number"),
                       (["-m", "howell", "--relay"], "belongs to a Mitchell movement")):
        out = CliRunner().invoke(app, ["drive", "plan", "--pairs", "5", *args])
        assert out.exit_code == 2 and said in out.stderr, (args, out.stderr)
