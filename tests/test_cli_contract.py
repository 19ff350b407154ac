"""The command line's contract, for every command and option of ``openwhist --help``: a bad
value (wrong type, out of range, unknown name, unwritable or missing path, text with
brackets, backslashes, quotes, non-ASCII or nothing at all) gets exit status 2, exactly one
line on stderr that names the problem, no traceback, and no file written.

Every option must have bad values listed here: a new option fails
``test_every_option_is_covered`` until it does.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from openwhist.cli import app

COMMAND = typer.main.get_command(app)
ODD = ["[", "]", "[/]", "\\", "'\"", "ü€", ""]
"""Text that is no seat, suit, bot, preset or variant anywhere."""
NOT_INT = ["abc", "1.5", "", "[1]", "½"]

# A run of each command that is quick when its values are good (so that a bad value that is
# not refused shows up as a run that succeeds).
BASE: dict[str, list[str]] = {
    "play": ["play", "--until", "deals", "--deals", "1", "--opponents", "random"],
    "simulate": ["simulate", "--deals", "1", "--bots", "random"],
    "arena": ["arena", "random", "random", "--boards", "1"],
    "rules": ["rules"],
    "solve": ["solve", "N:A... .A.. ..A. ...A", "--no-table"],
    "serve": ["serve", "--port", "0", "--database", "sqlite://"],
    "drive": ["drive", "plan", "--players", "8"],  # its own commands: tests/test_drive_cli.py
}

BAD: dict[tuple[str, str], list[str]] = {
    ("play", "variant"): ODD + ["bridge"],
    ("play", "preset"): ODD + ["nope"],
    ("play", "seed"): [*NOT_INT, "-1"],
    ("play", "seat"): [*ODD, "7", "-1", "NE", "north-west"],
    ("play", "until"): [*ODD, "forever", "game"],  # game with --deals is refused too
    ("play", "deals"): [*NOT_INT, "0", "-3"],
    ("play", "opponents"): [*ODD, "bogus", "pimc:bogus=1", "pimc:level=9", "heuristic:x"],
    ("play", "save"): ["/nonexistent/dir/x.json", ".", "", "{tmp}"],
    ("play", "resume"): ["/nonexistent/x.json", "{garbage}", "{tmp}", "["],
    ("play", "option"): ["target=x", "nonsense", "[=]", "ü=1", "=", "target=", "revokes=maybe"],
    ("simulate", "variant"): ODD + ["bridge"],
    ("simulate", "preset"): ODD + ["nope"],
    ("simulate", "deals"): [*NOT_INT, "0", "-1"],
    ("simulate", "bots"): [*ODD, "a,b,c", "random,random,random", ",", "pimc:bogus=1"],
    ("simulate", "seed"): [*NOT_INT, "-1"],
    ("simulate", "option"): ["target=x", "nonsense", "[=]", "dummy=Q", "ü="],
    ("arena", "bot_a"): [*ODD, "pimc:bogus=1", "pimc:level=9", "random:=3"],
    ("arena", "bot_b"): [*ODD, "nope"],
    ("arena", "variant"): ODD + ["bridge"],
    ("arena", "preset"): ODD + ["nope"],
    ("arena", "boards"): [*NOT_INT, "0", "-2"],
    ("arena", "seed"): [*NOT_INT, "-1"],
    ("arena", "workers"): [*NOT_INT, "0"],
    ("arena", "ray"): ["bogus:99", "127.0.0.1:1"],
    ("arena", "plot"): ["x.txt", "/nonexistent/p.png", ".", "", "noextension"],
    ("arena", "boards_file"): ["/nonexistent/b.jsonl", ".", "", "{full}"],
    ("arena", "option"): ["target=x", "[=]", "nonsense"],
    ("rules", "variant"): ODD + ["bridge"],
    ("rules", "preset"): ODD + ["nope"],
    ("solve", "deal"): [*ODD, "N:AK", "N:A... .A.. ..A. ..A.", "W:A... .A.. ..A.", "N: S:AX"],
    ("solve", "trump"): [*ODD, "X", "spadez", "5"],
    ("solve", "leader"): [*ODD, "5", "-1", "Q"],
    ("serve", "host"): [*ODD, "256.1.1.1", "not a host", "-x", "192.0.2.1"],
    ("serve", "port"): [*NOT_INT, "-1", "65536", "99999"],
    ("serve", "database"): [*ODD, "nonsense", "mysql://u@h/db", "sqlite:////nonexistent/dir/x.db",
                            "postgresql://nobody@127.0.0.1:1/none"],
    ("serve", "trusted_proxy"): [*ODD, "1.2.3.4.5", "10.0.0.0/33", "proxy.example", "-1"],
    ("serve", "redis"): ["nonsense", "http://x", "redis://127.0.0.1:1/0", "unix:///nonexistent/r.sock"],
    ("serve", "processes"): [*NOT_INT, "0", "-1", "65"],
    ("serve", "backlog"): [*NOT_INT, "0", "-1", "65536"],
    ("serve", "fd"): [*NOT_INT, "-1", "999"],
}


def _params() -> list[tuple[str, str, bool, list[str]]]:
    out = []
    for name, cmd in COMMAND.commands.items():  # type: ignore[attr-defined]
        for p in cmd.params:
            if getattr(p, "is_flag", False):
                continue
            out.append((name, p.name, not p.opts[0].startswith("-"), list(p.opts)))
    return out


def test_every_option_is_covered() -> None:
    missing = [(c, p) for c, p, _, _ in _params() if (c, p) not in BAD]
    assert missing == []
    assert set(BASE) == set(COMMAND.commands)  # type: ignore[attr-defined]


def _argv(command: str, param: str, value: str) -> list[str]:
    argv = list(BASE[command])
    cmd = COMMAND.commands[command]  # type: ignore[attr-defined]
    spec = next(p for p in cmd.params if p.name == param)
    if spec.opts[0].startswith("-"):
        flag = spec.opts[0]
        if flag in argv:
            argv[argv.index(flag) + 1] = value
        else:
            argv += [flag, value]
        return argv
    positional = [p.name for p in cmd.params if not p.opts[0].startswith("-")]
    index = positional.index(param)
    given = [i for i, a in enumerate(argv[1:], 1) if not a.startswith("-")
             and not argv[i - 1].startswith("-")]
    if index < len(given):
        argv[given[index]] = value
    else:
        argv.insert(1 + index, value)
    return argv


CASES = [(c, p, v) for c, p, _, _ in _params() for v in BAD.get((c, p), [])]


@pytest.mark.parametrize("command, param, value", CASES,
                         ids=[f"{c}-{p}-{v!r}" for c, p, v in CASES])
def test_a_bad_value_is_one_line_and_exit_2(tmp_path: Path, command: str, param: str,
                                            value: str) -> None:
    full = tmp_path / "full.jsonl"
    full.write_text('{"board": 0}\n', encoding="utf-8")
    garbage = tmp_path / "garbage.json"
    garbage.write_text("not json", encoding="utf-8")
    value = value.replace("{tmp}", str(tmp_path)).replace("{full}", str(full)).replace(
        "{garbage}", str(garbage))
    before = {p: p.stat().st_mtime_ns for p in tmp_path.iterdir()}
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(app, _argv(command, param, value), input="")
    finally:
        os.chdir(cwd)
    err = result.stderr
    assert result.exit_code == 2, (result.exit_code, result.stdout[-500:], err)
    assert "Traceback" not in result.stdout + err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert {p: p.stat().st_mtime_ns for p in tmp_path.iterdir()} == before, "a file was written"


def test_brackets_in_messages_are_shown_as_typed() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["solve", "[plot]"])
    assert "'[plot]'" in out.stderr
    out = runner.invoke(app, ["simulate", "--bots", "[/]"])
    assert "'[/]'" in out.stderr and out.exit_code == 2
    import io
    from contextlib import redirect_stderr

    from openwhist.cli import error_line

    buf = io.StringIO()
    with redirect_stderr(buf):
        error_line("install it: pip install 'openwhist[plot]'")
    assert "'openwhist[plot]'" in buf.getvalue()


def test_version_and_short_help() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["--version"])
    assert out.exit_code == 0 and out.stdout.startswith("openwhist ")
    for command in ["play", "simulate", "arena", "rules", "solve"]:
        out = runner.invoke(app, [command, "-h"], env={"COLUMNS": "120"})
        assert out.exit_code == 0 and "Usage: openwhist " + command in out.stdout
        assert "<str>" not in out.stdout and "{" not in out.stdout.splitlines()[1]


def test_the_help_names_every_variant_preset_and_bot() -> None:
    import re

    import openwhist
    from openwhist.bots import BOTS

    names = [p for v in openwhist.variants() for p in openwhist.get_variant(v).presets]
    for command in ["play", "simulate", "arena"]:
        out = CliRunner().invoke(app, [command, "-h"], env={"COLUMNS": "100"})
        text = " ".join(re.sub(r"[│╭╮╰╯─]", " ", out.stdout).split())
        flat = text.replace("- ", "-")                          # a name broken after its hyphen
        for name in [*openwhist.variants(), *names, *BOTS]:
            assert re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", flat), (command, name)


@pytest.mark.parametrize("variant", __import__("openwhist").variants())
@pytest.mark.parametrize("args", [
    ["play", "{v}", "--seat", "Q"], ["play", "{v}", "-o", "bogus=1"], ["play", "{v}", "--until", "[x]"],
    ["simulate", "--variant", "{v}", "--bots", "random,random,random,random,random"],
    ["simulate", "--variant", "{v}", "-o", "[=]"], ["arena", "random", "x", "--variant", "{v}"],
    ["rules", "{v}", "--preset", "[nope]"],
])
def test_every_variant_refuses_bad_values_the_same_way(variant: str, args: list[str]) -> None:
    result = CliRunner().invoke(app, [a.replace("{v}", variant) for a in args], input="")
    assert result.exit_code == 2, result.stdout[-300:]
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in result.stdout
