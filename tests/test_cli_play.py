"""The terminal game loop, `openwhist play` and `openwhist simulate`."""

from __future__ import annotations

import json
from collections.abc import Callable
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import openwhist
from openwhist.bots.base import RandomBot
from openwhist.cards import SUIT_MASKS, Card
from openwhist.cli import app
from openwhist.errors import ConfigError
from openwhist.match import Match
from openwhist.play import TerminalGame, make_bots, parse_options, parse_seat
from openwhist.rules.base import Observation
from openwhist.rules.tricks import cards_of
from openwhist.simulate import parse_bots, simulate

runner = CliRunner()


def _console() -> tuple[Console, StringIO]:
    buf = StringIO()
    return Console(file=buf, width=120, highlight=False), buf


def _flat(text: str) -> str:
    return " ".join(text.split())


def _game(match: Match, human: int, input_fn: Callable[[str], str],
          **kw: Any) -> tuple[TerminalGame, StringIO]:
    console, buf = _console()
    bots = make_bots(match, "random", seed=match.seed, exclude=[human])
    return TerminalGame(match, human, bots, console=console, input_fn=input_fn, **kw), buf


# --- the loop with scripted input -------------------------------------------------------------


def test_a_deal_with_invalid_entries_keeps_going() -> None:
    match = openwhist.new_match("classic", seed=11, until="deals", count=1)
    tried: dict[str, str] = {}

    def script(prompt: str) -> str:
        state = match.state
        hand = state.to_move
        assert hand == 2 and prompt.startswith("Your card (S)")
        if "junk" not in tried:
            tried["junk"] = "ZZ"
            return "ZZ"
        if "not held" not in tried:
            other = cards_of(state.hands[0])[0]
            tried["not held"] = str(other)
            return str(other)
        mine = state.hands[2]
        if "revoke" not in tried and state.trick and mine & SUIT_MASKS[state.trick[0].suit]:
            off = mine & ~SUIT_MASKS[state.trick[0].suit]
            if off:
                tried["revoke"] = str(cards_of(off)[0])
                return tried["revoke"]
        if "number" not in tried:
            tried["number"] = "99"
            return "99"
        return "1"

    game, buf = _game(match, 2, script)
    assert game.run() == "over"
    out = _flat(buf.getvalue())
    assert set(tried) == {"junk", "not held", "revoke", "number"}
    assert "not a card: 'ZZ'" in out
    assert f"S does not hold {tried['not held']}" in out
    assert f"{tried['revoke']} is a revoke" in out
    assert "there is no card number 99" in out
    assert len(match.sheet) == 1 and sum(match.sheet[0].result.tricks) == 13
    for heading in ("Deal result", "Score sheet", "Trick points", "Honours held", "Match over"):
        assert heading in out
    assert "Traceback" not in out


def test_typed_cards_in_every_form() -> None:
    match = openwhist.new_match("classic", seed=5, until="deals", count=1)
    forms = iter([lambda c: str(c).lower(), lambda c: c.symbol.replace("T", "10"),
                  lambda c: c.symbol.lower(), lambda c: str(c)])

    def script(prompt: str) -> str:
        card = min(match.state.observation(2).legal)
        form = next(forms, str)
        return form(card)

    game, buf = _game(match, 2, script)
    assert game.run() == "over"
    assert "✗" not in buf.getvalue()


class SpyBot:
    """A random bot that records what it is given."""

    name = "spy"

    def __init__(self, seat: int, seen: list[tuple[int, Any]]) -> None:
        self.inner = RandomBot(seat)
        self.seat = seat
        self.seen = seen

    def choose(self, observation: Observation) -> Card:
        self.seen.append((self.seat, observation))
        return self.inner.choose(observation)


def test_dummy_whist_whole_game_prompts_both_hands_in_turn() -> None:
    match = openwhist.new_match("dummy", seed=4, until="game")
    prompts: list[tuple[str, int | None]] = []

    def script(prompt: str) -> str:
        prompts.append((prompt, match.state.to_move))
        return "1"

    seen: list[tuple[int, Any]] = []
    console, buf = _console()
    bots = {s: SpyBot(s, seen) for s in (1, 3)}
    game = TerminalGame(match, 0, bots, console=console, input_fn=script)
    assert game.run() == "over"
    assert len(match.games) == 1
    assert {hand for _, hand in prompts} == {0, 2}
    for prompt, hand in prompts:
        assert prompt.startswith("Dummy's card (S)" if hand == 2 else "Your card (N)")
    assert all(isinstance(obs, Observation) and obs.seat == s and obs.to_move == s
               for s, obs in seen)
    out = buf.getvalue()
    assert "Dummy (S): — you play it" in out
    assert "Match over" in out and "Games" in out
    assert out.count("Deal result") == len(match.sheet)


def test_commands_help_hint_score_table() -> None:
    match = openwhist.new_match("classic", seed=2, until="deals", count=1)
    script = iter(["help", "hint", "score", "table", "", "1", "quit"])
    game, buf = _game(match, 2, lambda p: next(script))
    assert game.run() == "quit"
    out = buf.getvalue()
    assert "Commands:" in out
    assert "Hint: play" in out or "no hint" in out
    # the technique player's rule, in its words
    from openwhist.bots.book import TECHNIQUES

    hint = next(line for line in out.splitlines() if "Hint: play" in line)
    assert any(f": {t.says[:30]}" in hint for t in TECHNIQUES), hint
    assert "Game score:" in out and "You left the game." in out
    assert len(match.state.history) >= 1


@pytest.mark.parametrize(("error", "outcome"), [(EOFError, "eof"), (KeyboardInterrupt, "interrupt")])
def test_end_of_input_and_ctrl_c_leave_cleanly(error: type[BaseException], outcome: str) -> None:
    match = openwhist.new_match("classic", seed=3, until="deals", count=1)

    def script(prompt: str) -> str:
        raise error

    game, buf = _game(match, 2, script)
    assert game.run() == outcome
    assert "leaving the game" in buf.getvalue()


def test_letters_mode_and_east_seat() -> None:
    match = openwhist.new_match("no-trump", seed=8, until="deals", count=1)
    game, buf = _game(match, 1, lambda p: "1", symbols=False)
    assert game.run() == "over"
    out = buf.getvalue()
    assert "Your hand (E)" in out and "no trump" in out
    assert "♠" not in out and "♥" not in out


def test_save_writes_a_record(tmp_path: Path) -> None:
    records = pytest.importorskip("openwhist.records")
    match = openwhist.new_match("classic", seed=6, until="deals", count=1)
    path = tmp_path / "game.json"
    game, buf = _game(match, 2, lambda p: "1", save_path=path)
    assert game.run() == "over"
    data = json.loads(path.read_text())
    assert data == {**records.match_record(match), "human": "S",
                    "bots": {"N": "random", "E": "random", "W": "random"}}
    assert "Saved the game" in buf.getvalue()
    assert not list(tmp_path.glob("*.partial"))


def test_a_saved_game_is_resumed_where_it_was_left(tmp_path: Path) -> None:
    from openwhist.play import play_command

    path = tmp_path / "game.json"
    answers = iter(["1"] * 8 + ["quit"])
    out, _ = _console()
    assert play_command("classic", seed=4, seat="E", until="deals", deals=2, opponents="random",
                        save=path, console=out, input_fn=lambda p: next(answers)) == 0
    saved = json.loads(path.read_text())
    played = [len(d["actions"]) for d in saved["deals"]]
    assert saved["human"] == "E" and sum(played) > 0
    out2, buf2 = _console()
    answers2 = iter(["1"] * 200)
    assert play_command(resume=path, save=path, console=out2, input_fn=lambda p: next(answers2)) == 0
    assert "resumed" in buf2.getvalue() and "Your hand (E)" in buf2.getvalue()
    final = json.loads(path.read_text())
    assert final["deals"][0]["actions"][:played[0]] == saved["deals"][0]["actions"]
    assert len(final["deals"]) == 2 and final["summary"]["deals"] == 2
    with pytest.raises(ConfigError, match="is over"):
        play_command(resume=path, console=_console()[0], input_fn=lambda p: "1")
    with pytest.raises(ConfigError, match="leave out"):
        play_command(resume=path, seed=3, console=_console()[0], input_fn=lambda p: "1")


def test_the_dummy_seat_is_refused() -> None:
    match = openwhist.new_match("dummy", seed=1)
    with pytest.raises(ConfigError, match="dummy"):
        TerminalGame(match, 2, {}, console=_console()[0])


# --- option and name parsing -----------------------------------------------------------------


def test_parse_options_types() -> None:
    got = parse_options(["target=7", "honours=false", "single-from=none", "trump=none",
                         "dummy=S", "rubber_bonus=0", "revokes=penalty"])
    assert got == {"target": 7, "honours": False, "single_from": None, "trump": "none",
                   "dummy": 2, "rubber_bonus": 0, "revokes": "penalty"}
    assert parse_options(["single_from=3"]) == {"single_from": 3}


@pytest.mark.parametrize("bad", ["target", "=3", "colour=red", "target=seven", "honours=maybe",
                                 "revokes=sometimes"])
def test_parse_options_errors(bad: str) -> None:
    with pytest.raises(ConfigError):
        parse_options([bad])


def test_parse_seat_and_bots() -> None:
    assert [parse_seat(s) for s in ("n", "East", "S", "w")] == [0, 1, 2, 3]
    assert parse_bots("heuristic,random") == ["heuristic", "random", "heuristic", "random"]
    assert parse_bots("random,random,heuristic", dummy=2) == ["random", "random", "dummy", "heuristic"]
    with pytest.raises(ConfigError):
        parse_bots("random,random,random")


# --- the commands ----------------------------------------------------------------------------


def test_cli_play_dummy_one_deal(tmp_path: Path) -> None:
    path = tmp_path / "dummy.json"
    result = runner.invoke(app, ["play", "dummy", "--seed", "1", "--deals", "1", "--opponents", "random",
                                 "--save", str(path)], input="1\n" * 30)
    assert result.exit_code == 0, result.output
    assert "you sit North and play the dummy South" in _flat(result.output)
    assert "Deal result" in result.output and "Match over" in result.output
    try:
        import openwhist.records  # noqa: F401
    except ImportError:
        assert "nothing saved" in result.output
    else:
        assert json.loads(path.read_text())["variant"] == "dummy"


@pytest.mark.parametrize("players", [3, 5, 6])
def test_cli_play_an_exact_bid_whist_at_a_table_of_n(tmp_path: Path, players: int) -> None:
    """``openwhist play romanian -o players=5``: bids and cards against computer players,
    the seats named as the rules name them (A to E for five), scores per player."""
    path = tmp_path / "romanian.json"
    result = runner.invoke(app, ["play", "romanian", "-o", f"players={players}", "--seed", "3",
                                 "--deals", "6", "--save", str(path)], input="1\n" * 80)
    assert result.exit_code == 0, result.output
    text = _flat(result.output)
    assert "Match over" in text and "Choose: [1] bid 0" in text
    # the bids do not choose the trump: it is the turned-up card's suit, or none
    assert "not chosen yet" not in text and "turned up" in text
    letters = openwhist.rules.seats.seat_names(players)
    assert "Deals 6 · points " + letters[0] + " " in text
    assert all(f" {x}" in text for x in letters)
    saved = json.loads(path.read_text())
    assert saved["options"]["players"] == players and len(saved["players"]) == players


def test_cli_play_end_of_input_exits_cleanly() -> None:
    result = runner.invoke(app, ["play", "american", "--seed", "2", "--letters", "-o", "target=3"], input="")
    assert result.exit_code == 0
    assert "Input ended" in result.output
    assert "(to 3)" in result.output


def _sim(*args: str) -> Any:
    return runner.invoke(app, ["simulate", *args])


def test_cli_simulate_text_and_json_reproducible() -> None:
    args = ["--deals", "30", "--bots", "heuristic,random", "--seed", "9"]
    text = _sim(*args)
    assert text.exit_code == 0, text.output
    for item in ("30 deals", "seed 9", "Tricks per deal", "95% interval", "Points per deal",
                 "Games won", "deals per second"):
        assert item in text.output
    a = _sim(*args, "--json")
    b = _sim(*args, "--json")
    assert a.exit_code == 0 and b.exit_code == 0
    da, db = json.loads(a.output), json.loads(b.output)
    for d in (da, db):
        del d["seconds"], d["deals_per_second"]
    assert da == db
    assert da["deals"] == 30 and da["bots"] == {"N": "heuristic", "E": "random", "S": "heuristic",
                                                "W": "random"}
    assert sum(da["tricks_mean"]) == pytest.approx(13)
    lo, hi = da["tricks_ci95"][0]
    assert lo <= da["tricks_mean"][0] <= hi
    assert da["tricks_mean"][0] == pytest.approx(simulate("classic", deals=30, bots="heuristic,random",
                                                          seed=9).tricks_mean[0])


def test_cli_simulate_variant_preset_options() -> None:
    res = _sim("--variant", "dummy", "--preset", "american", "--deals", "5", "--bots", "random",
               "--seed", "1", "--json", "-o", "target=3")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["variant"] == "dummy" and data["options"]["target"] == 3
    assert data["options"]["honours"] is False and "S" not in data["bots"]


@pytest.mark.parametrize(("args", "message"), [
    (["play", "nosuch"], "unknown variant 'nosuch'"),
    (["play", "--preset", "nosuch"], "unknown preset 'nosuch'"),
    (["play", "--deals", "0"], "--deals must be at least 1"),
    (["play", "--seat", "X"], "not a seat"),
    (["play", "dummy", "--seat", "S"], "S is the dummy"),
    (["play", "--until", "forever"], "--until is game, rubber or deals"),
    (["play", "--opponents", "genius"], "unknown bot 'genius'"),
    (["play", "-o", "target"], "an option is written key=value"),
    (["play", "-o", "colour=red"], "unknown option 'colour'"),
    (["simulate", "--deals", "0"], "--deals must be at least 1"),
    (["simulate", "--bots", "genius"], "unknown bot 'genius'"),
    (["simulate", "--variant", "nosuch"], "unknown variant 'nosuch'"),
    (["simulate", "--preset", "nosuch"], "unknown preset 'nosuch'"),
    (["simulate", "-o", "target=x"], "option target is a whole number"),
])
def test_bad_input_is_one_error_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 2, result.output
    out = _flat(result.output)
    assert out.startswith("error:") and message in out
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_resumed_game_is_saved_back_to_its_file(tmp_path: Path) -> None:
    from openwhist.play import play_command

    path = tmp_path / "game.json"
    answers = iter(["1"] * 6 + ["quit"])
    assert play_command("classic", seed=4, seat="S", until="deals", deals=2, opponents="random",
                        save=path, console=_console()[0], input_fn=lambda p: next(answers)) == 0
    first = json.loads(path.read_text())
    began = first["date"]
    played = sum(len(d["actions"]) for d in first["deals"])
    # resumed without --save: the game goes back to the same file, with its first day
    answers2 = iter(["1"] * 3 + ["quit"])
    out, buf = _console()
    assert play_command(resume=path, console=out, input_fn=lambda p: next(answers2)) == 0
    second = json.loads(path.read_text())
    assert sum(len(d["actions"]) for d in second["deals"]) > played
    assert second["date"] == began and f"Saved the game to {path}" in _flat(buf.getvalue())
    # --save names another file: the resumed one stays as it was
    other = tmp_path / "other.json"
    answers3 = iter(["1"] * 3 + ["quit"])
    assert play_command(resume=path, save=other, console=_console()[0],
                        input_fn=lambda p: next(answers3)) == 0
    assert json.loads(path.read_text()) == second
    assert sum(len(d["actions"]) for d in json.loads(other.read_text())["deals"]) > sum(
        len(d["actions"]) for d in second["deals"])


def test_play_help_says_where_a_resumed_game_is_saved() -> None:
    result = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    text = " ".join(result.output.split())
    assert result.exit_code == 0
    assert "saved back to FILE" in text and "unless --save names another file" in text


def test_resume_refuses_an_unwritable_file_before_play(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["play", "--resume", str(tmp_path)])
    assert result.exit_code != 0 and "--resume" in result.output and "folder" in result.output
