"""The arena: duplicate boards, statistics, local processes, Ray, the command."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openwhist.arena import board_seed, mean_ci, play_board, run_arena
from openwhist.bots import make_bot
from openwhist.cards import derive_seed
from openwhist.cli import app
from openwhist.errors import ConfigError
from openwhist.rules.registry import new_deal


def test_a_board_is_played_twice_with_the_sides_swapped() -> None:
    res = play_board("classic", {}, ("random", "random"), seed=3, board=0)
    # each play hands out all 13 tricks between the two bots
    assert res.tricks_a[0] + res.tricks_b[1] == 13
    assert res.tricks_a[1] + res.tricks_b[0] == 13
    same = play_board("classic", {}, ("random", "random"), seed=3, board=0)
    assert same == res


def test_boards_of_one_seed_are_reproducible_and_differ_from_each_other() -> None:
    seeds = [board_seed(11, b) for b in range(8)]
    assert seeds == [board_seed(11, b) for b in range(8)]
    assert seeds == [derive_seed(11, "board", b) for b in range(8)]
    assert len(set(seeds)) == 8 and board_seed(12, 0) not in seeds
    run = run_arena("classic", ("random", "random"), boards=4, seed=11)
    again = run_arena("classic", ("random", "random"), boards=4, seed=11)
    assert run.results == again.results
    assert [r.seed for r in run.results] == seeds[:4]
    # the boards are different deals: no two deal the same hands
    hands = {tuple(new_deal("classic", seed=s, dealer=b % 4).hands) for b, s in enumerate(seeds)}
    assert len(hands) == 8


def test_identical_deterministic_bots_gain_nothing() -> None:
    res = run_arena("classic", ("heuristic", "heuristic"), boards=6, seed=2)
    assert all(g == 0 for g in res.gain_tricks)


def test_heuristic_beats_random_clearly() -> None:
    res = run_arena("classic", ("heuristic", "random"), boards=60, seed=5)
    mean, low, high = mean_ci(res.gain_tricks)
    assert low > 1.5 and mean > 2.0


def test_workers_give_the_same_result_as_one_process() -> None:
    one = run_arena("dummy", ("heuristic", "random"), boards=8, seed=9)
    two = run_arena("dummy", ("heuristic", "random"), boards=8, seed=9, workers=2, chunk=2)
    assert one.results == two.results


def test_mean_ci() -> None:
    mean, low, high = mean_ci([2.0, 4.0])
    assert mean == 3.0 and low < 3.0 < high
    assert math.isnan(mean_ci([])[0])


def test_bad_arena_input() -> None:
    with pytest.raises(ConfigError, match="unknown bot"):
        run_arena("classic", ("heuristic", "grandmaster"), boards=2)
    with pytest.raises(ConfigError, match="boards"):
        run_arena("classic", ("heuristic", "random"), boards=0)
    with pytest.raises(ConfigError, match="unknown option"):
        run_arena("classic", ("heuristic", "random"), boards=1, trumps="no")


def test_a_bot_option_of_the_wrong_type_is_named() -> None:
    with pytest.raises(ConfigError, match="option 'mistakes' of bot technique is a number, not 'x'"):
        make_bot("club:mistakes=x")
    with pytest.raises(ConfigError, match="option 'to_score' of bot pimc is true or false, not 2"):
        make_bot("strong:to_score=2")
    with pytest.raises(ConfigError, match="option .worlds. of bot pimc is a number"):
        make_bot("pimc:worlds=x")
    assert make_bot("technique:mistakes=1").mistakes == 1  # a whole number where a fraction is asked


def test_arena_command_json_and_plot(tmp_path: Path) -> None:
    plot = tmp_path / "gain.png"
    out = CliRunner().invoke(app, ["arena", "heuristic", "random", "--boards", "6", "--seed", "1",
                                   "--json", "--plot", str(plot)])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["boards"] == 6 and data["deals_played"] == 12
    assert data["gain_tricks_per_deal"]["mean"] > 0
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_arena_command_text_and_errors() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["arena", "heuristic", "random", "--boards", "3", "--variant", "american"])
    assert out.exit_code == 0 and "gain per deal" in out.stdout
    bad = runner.invoke(app, ["arena", "heuristic", "nobody", "--boards", "3"])
    assert bad.exit_code == 2 and "unknown bot" in bad.output and "Traceback" not in bad.output
    bad = runner.invoke(app, ["arena", "heuristic", "random", "--boards", "0"])
    assert bad.exit_code == 2 and "--boards" in bad.output


@pytest.mark.ray
def test_on_a_local_ray_instance() -> None:
    pytest.importorskip("ray")
    local = run_arena("classic", ("heuristic", "random"), boards=6, seed=4)
    on_ray = run_arena("classic", ("heuristic", "random"), boards=6, seed=4, ray_address="local", chunk=2)
    assert on_ray.results == local.results


def test_boards_file_gets_a_line_per_board(tmp_path: Path) -> None:
    path = tmp_path / "boards.jsonl"
    out = CliRunner().invoke(app, ["arena", "heuristic", "random", "--boards", "5", "--seed", "3",
                                   "--json", "--boards-file", str(path)])
    assert out.exit_code == 0, out.output
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert sorted(x["board"] for x in lines) == [0, 1, 2, 3, 4]
    summary = json.loads(out.stdout)
    gains = [((x["tricks_a"][0] - x["tricks_b"][0]) + (x["tricks_a"][1] - x["tricks_b"][1])) / 2
             for x in lines]
    assert abs(sum(gains) / 5 - summary["gain_tricks_per_deal"]["mean"]) < 1e-9
    # a file that already holds a run is refused, and left as it was
    before = path.read_text()
    again = CliRunner().invoke(app, ["arena", "heuristic", "random", "--boards", "5", "--seed", "4",
                                     "--boards-file", str(path)])
    assert again.exit_code == 2
    assert "already holds results" in again.output
    assert path.read_text() == before


def test_a_board_of_whole_games_plays_the_same_deals_from_both_sides() -> None:
    from openwhist.arena import play_game_board
    from openwhist.match import new_match

    res = play_game_board("classic", {}, ("heuristic", "random"), seed=2, board=1)
    # each play is one game: exactly one of the two bots won it
    assert [a + b for a, b in zip(res.points_a, reversed(res.points_b), strict=True)] == [1, 1]
    assert res == play_game_board("classic", {}, ("heuristic", "random"), seed=2, board=1)
    # the game's deals come from the board's seed in both plays: the first deal is the same
    first = [new_match("classic", seed=res.seed, until="game", dealer=1).state.hands
             for _ in range(2)]
    assert first[0] == first[1]
    run = run_arena("classic", ("heuristic", "random"), boards=12, seed=3, games=True)
    share, low, high = run.games_share()
    assert share > 0.65 and low > 0.5 and high <= 1.0 and run.to_dict()["games_won_by_a"]["mean"] == share


def test_paired_seeds_make_a_bot_against_itself_play_the_same_cards_from_both_sides() -> None:
    """With ``paired``, the bot in a seat has the same seed in both plays of a board: the
    same bot on both sides plays the same cards twice, so each side's cards win the same
    game both times and A wins exactly one of the two.  Unpaired, the seeds differ and the
    cards too (random players)."""
    paired = run_arena("classic", ("random", "random"), boards=6, seed=4, games=True, paired=True)
    assert paired.games_swung() == (0, 0)
    assert paired.games_share() == (0.5, 0.5, 0.5)
    assert all(g == 0 for g in paired.gain_tricks)
    assert paired.to_dict()["paired"] is True
    assert paired.to_dict()["boards_a_won_both"] == 0
    single = run_arena("classic", ("random", "random"), boards=6, seed=4, paired=True)
    assert all(g == 0 for g in single.gain_tricks)
    unpaired = run_arena("classic", ("random", "random"), boards=6, seed=4, games=True)
    assert any(g != 0 for g in unpaired.gain_tricks)
    assert unpaired.to_dict()["paired"] is False


def test_whole_games_only_where_two_sides_play_games() -> None:
    with pytest.raises(ConfigError, match="no games of two sides"):
        run_arena("belgian", ("heuristic", "random"), boards=1, games=True)
    with pytest.raises(ConfigError, match="no games of two sides"):
        run_arena("german", ("heuristic", "random"), boards=1, games=True)
    out = CliRunner().invoke(app, ["arena", "heuristic", "random", "--boards", "4", "--seed", "1",
                                   "--games"])
    assert out.exit_code == 0, out.output
    assert "Games won by A:" in out.stdout and "of 8" in out.stdout
    assert "Boards where A's side won both games:" in out.stdout
    same = CliRunner().invoke(app, ["arena", "random", "random", "--boards", "3", "--seed", "1",
                                    "--games", "--paired"])
    assert same.exit_code == 0, same.output
    assert "Games won by A: 50.0% [50.0%, 50.0%]" in same.stdout
    assert "won both games: 0; lost both: 0" in same.stdout
    bad = CliRunner().invoke(app, ["arena", "heuristic", "random", "--variant", "belgian", "--games"])
    assert bad.exit_code == 2 and "no games of two sides" in bad.output and "Traceback" not in bad.output


def test_deals_won_compare_the_points_of_the_same_deal() -> None:
    """A's deal with the North-South cards is set against B's deal with the East-West
    cards of the same play (and the other way round), drawn where the points are equal;
    German whist's hands won are counted so, and the CLI prints the shares.  Not counted
    where A plays alone in each seat, nor for whole games."""
    from openwhist.arena import ArenaResult, BoardResult

    boards = [BoardResult(board=0, seed=1, tricks_a=(16, 12), points_a=(3, 0),
                          tricks_b=(14, 10), points_b=(1, 0)),  # B: 1 in play 2, 0 in play 1
              BoardResult(board=1, seed=2, tricks_a=(13, 13), points_a=(0, 0),
                          tricks_b=(13, 13), points_b=(0, 0))]
    res = ArenaResult(variant="german", bots=("strong", "club"), seed=0, results=boards)
    # board 0: play 1 A 3 against B 0 (won), play 2 A 0 against B 1 (lost); board 1 drawn twice
    assert res.deals_won() == (1, 2, 1)
    assert res.to_dict()["deals_won_drawn_lost_by_a"] == [1, 2, 1]
    assert ArenaResult(variant="belgian", bots=("a", "b"), seed=0).deals_won() is None
    assert ArenaResult(variant="classic", bots=("a", "b"), seed=0, games=True).deals_won() is None
    played = run_arena("german", ("club", "random"), boards=3, seed=5)
    won, drawn, lost = played.deals_won() or (0, 0, 0)
    assert won + drawn + lost == played.deals_played == 6 and won > lost
    out = CliRunner().invoke(app, ["arena", "club", "random", "--variant", "german", "--boards", "2",
                                   "--seed", "5"])
    assert out.exit_code == 0 and "Deals won by A" in out.output


def test_a_stopped_run_goes_on_where_it_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "boards.jsonl"
    args = ["arena", "heuristic", "random", "--seed", "3", "--json", "--boards-file", str(path)]
    whole = CliRunner().invoke(app, [*args, "--boards", "6"])
    assert whole.exit_code == 0, whole.output
    lines = path.read_text().splitlines()
    # the run killed after three boards, while writing the fourth
    path.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])
    again = CliRunner().invoke(app, [*args, "--boards", "6", "--resume"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout) == {**json.loads(whole.stdout),
                                        "seconds": json.loads(again.stdout)["seconds"]}
    resumed = [json.loads(x) for x in path.read_text().splitlines()]
    assert sorted(x["board"] for x in resumed) == list(range(6))
    assert sorted(resumed, key=lambda x: x["board"]) == sorted(
        (json.loads(x) for x in lines), key=lambda x: x["board"])
    # another run's boards are refused, and the file is left as it was
    before = path.read_text()
    for other, words in ((["random", "heuristic", "--seed", "3"], "another run"),
                         (["heuristic", "random", "--seed", "4"], "another seed"),
                         (["heuristic", "random", "--seed", "3", "--variant", "dummy"], "another run")):
        bad = CliRunner().invoke(app, ["arena", *other, "--boards", "6", "--resume",
                                       "--boards-file", str(path)])
        assert bad.exit_code == 2 and words in bad.output and "Traceback" not in bad.output
        if "--variant" in other:
            assert '--variant "classic" in the file, "dummy" in this run' in " ".join(bad.output.split())
    # a bot whose play changed since (its revision raised): its earlier boards are refused
    from openwhist.bots import HeuristicBot

    monkeypatch.setattr(HeuristicBot, "revision", 1, raising=False)
    changed = CliRunner().invoke(app, [*args, "--boards", "6", "--resume"])
    assert changed.exit_code == 2 and "another version of a bot's play" in changed.output
    assert "revisions [0, 0], this run's [1, 0]" in " ".join(changed.output.split())
    # a change to another family's play leaves the run's boards valid; to its own, not
    monkeypatch.setattr(HeuristicBot, "revision", {"german": 1, "dummy": 2}, raising=False)
    elsewhere = CliRunner().invoke(app, [*args, "--boards", "6", "--resume"])
    assert elsewhere.exit_code == 0, elsewhere.output
    monkeypatch.setattr(HeuristicBot, "revision", {"classic": 1}, raising=False)
    here = CliRunner().invoke(app, [*args, "--boards", "6", "--resume"])
    assert here.exit_code == 2 and "revisions [0, 0], this run's [1, 0]" in " ".join(here.output.split())
    monkeypatch.undo()
    fewer = CliRunner().invoke(app, [*args, "--boards", "4", "--resume"])
    assert fewer.exit_code == 2 and "beyond this run's 4 boards" in fewer.output
    assert path.read_text() == before
    # --resume needs the file and the seed
    lost = CliRunner().invoke(app, ["arena", "heuristic", "random", "--boards", "6", "--resume"])
    assert lost.exit_code == 2 and "--seed" in lost.output


def test_the_ladder_goes_on_from_its_boards_files(tmp_path: Path) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "bench_ladder", Path(__file__).resolve().parent.parent / "bench" / "bench_ladder.py")
    assert spec is not None and spec.loader is not None
    ladder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ladder)
    args = dict(variant="classic", boards=6, search_boards=6, timing_deals=1, seed=2,
                base="random", top="club", boards_dir=tmp_path)
    first = ladder.ladder_rows(**args)
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == ["classic-beginner-random-seed2.jsonl",
                                       "classic-club-beginner-seed2.jsonl"]
    kept = {f: f.read_text() for f in files}
    assert all(len(text.splitlines()) == 6 for text in kept.values())
    # cut one pair short: only its missing boards are played again, the same as before
    lines = kept[files[1]].splitlines()
    files[1].write_text("\n".join(lines[:2]) + "\n")
    again = ladder.ladder_rows(**args)
    gains = [row.split("|")[3] for row in first], [row.split("|")[3] for row in again]
    assert gains[0] == gains[1]
    assert sorted(files[1].read_text().splitlines()) == sorted(lines)
    assert files[0].read_text() == kept[files[0]]
    # paired from a level up: only those steps seed a seat's bot alike, in a file of their own
    ladder.ladder_rows(**args, paired_from="club")
    paired = tmp_path / "classic-club-beginner-seed2-paired.jsonl"
    assert sorted(f.name for f in tmp_path.iterdir()) == sorted([*(f.name for f in files), paired.name])
    assert all(json.loads(line)["run"]["paired"] for line in paired.read_text().splitlines())
    assert files[0].read_text() == kept[files[0]]
    # the times alone: no pair played, no file written
    empty = tmp_path / "none"
    empty.mkdir()
    rows = ladder.ladder_rows(**{**args, "boards_dir": empty}, timing_only=True)
    assert [row.split("|")[2].strip() for row in rows] == ["random", "beginner", "club"]
    assert all(row.split("|")[3:6] == [" - ", " - ", " - "] for row in rows)
    assert not any(empty.iterdir())


def test_the_boards_kept_with_the_bench_are_whole_and_listed() -> None:
    # each file in bench/results reads back as one run's boards (every line whole, no board
    # twice, the seed of its name), its variant that of its name, and its README lists it
    from openwhist.arena import read_boards

    folder = Path(__file__).resolve().parent.parent / "bench" / "results"
    readme = (folder / "README.md").read_text(encoding="utf-8")
    files = sorted(folder.glob("*.jsonl"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert text.endswith("\n"), path.name  # no line cut short (read_boards would drop it)
        lines = text.splitlines()
        first = json.loads(lines[0])
        seed = int(path.stem.split("-seed")[1].split("-")[0])
        boards = read_boards(str(path), seed, 10**6, first["run"])  # one run's: each line's run checked
        assert len(boards) == len(lines), path.name
        assert path.name.startswith(first["run"]["variant"] + "-"), path.name
        assert f"`{path.name}`" in readme, path.name
