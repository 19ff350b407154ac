"""The ``openwhist`` command: play, simulate, solve, arena, rules, drive, serve.

Each command gives a clear message for bad input and never a traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperArgument, TyperGroup, TyperOption

from openwhist.errors import WhistError
from openwhist.rules.registry import DEFAULT_VARIANT

try:  # typer 0.2x carries its own copy of click
    from typer._click import exceptions as _click_errors
except ImportError:  # pragma: no cover - older typer on click itself
    from click import exceptions as _click_errors  # type: ignore[no-redef]

console = Console()
err_console = Console(stderr=True)


def error_line(message: str) -> None:
    """Print ``error: message`` as one line on stderr (the message is not read as markup)."""
    text = " ".join(str(message).split())
    err_console.print(f"[bold red]error:[/] {escape(text)}", soft_wrap=True, highlight=False)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print an error message (no traceback) and exit."""
    error_line(message)
    raise typer.Exit(code)


class _Commands(TyperGroup):
    """The command group: every error, the command line parser's too, is one line on
    stderr with exit status 2 (130 when interrupted), never a box or a traceback."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        """Run the command line; errors become one line and an exit status."""
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False,
                                windows_expand_args=windows_expand_args, **extra)
        except _click_errors.NoArgsIsHelpError:
            code = 0  # the help has been printed: nothing was asked for yet
        except _click_errors.UsageError as exc:
            hint = ""
            if exc.ctx is not None:
                hint = f" (see {exc.ctx.command_path} --help)"
            error_line(exc.format_message() + hint)
            code = 2
        except _click_errors.ClickException as exc:
            error_line(exc.format_message())
            code = exc.exit_code
        except WhistError as exc:
            error_line(str(exc))
            code = 2
        except (typer.Abort, KeyboardInterrupt):
            err_console.print("interrupted")
            code = 130
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


# Help and usage lines name arguments and values in capitals (DEAL, N) rather than typer's
# "{deal}" and "<str>".
TyperArgument._usage_display_name = (  # type: ignore[method-assign]
    lambda self: self.display_name_raw.upper() + ("..." if self.nargs != 1 else ""))
TyperArgument._rich_display_name = (  # type: ignore[method-assign]
    lambda self: self.display_name_raw.upper() + ("..." if self.nargs != 1 else ""))
TyperArgument.display_type_rich = lambda self, ctx: None  # type: ignore[method-assign]
TyperOption.display_type_rich = lambda self, ctx: None  # type: ignore[method-assign]

app = typer.Typer(
    name="openwhist",
    help="Whist in the terminal: play against computer players, simulate, solve, compare bots.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=_Commands,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from openwhist import __version__

        console.print(f"openwhist {__version__}")
        raise typer.Exit(0)


@app.callback()
def _options(
    version: bool = typer.Option(False, "--version", "-V", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """Whist in the terminal: play against computer players, simulate, solve, compare bots."""


# --- commands are registered below, one section each ---------------------------------------


# --- what the help names: every variant, preset and bot registered ----------------------------


def _names_help() -> tuple[str, str]:
    """The variants with their presets, and the bots, as the options' help names them."""
    from openwhist.bots import BOTS, LEVELS
    from openwhist.rules.registry import get_variant, variants

    presets = [p for v in variants() for p in get_variant(v).presets if p not in variants()]
    return (f"{', '.join(variants())}, or a preset: {', '.join(dict.fromkeys(presets))}",
            f"{', '.join(BOTS)}, or a level: {', '.join(LEVELS)}")


VARIANTS_HELP, BOTS_HELP = _names_help()


# --- play ------------------------------------------------------------------------------------


@app.command()
def play(
    variant: str = typer.Argument(
        DEFAULT_VARIANT, help=f"{VARIANTS_HELP}. In dummy (three players) you play North and the "
        "dummy South."),
    preset: str | None = typer.Option(None, "--preset", help="A named set of rules for the variant."),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the deals (random if not given)."),
    seat: str | None = typer.Option(None, "--seat", help="Your seat: N, E, S or W (default S; N in "
                                    "Dummy whist)."),
    until: str | None = typer.Option(None, "--until", help="Play to the end of a game, a rubber "
                                     "(default) or a number of deals: game, rubber or deals."),
    deals: int | None = typer.Option(None, "--deals", help="How many deals to play (with --until "
                                     "deals, which it implies)."),
    opponents: str | None = typer.Option(None, "--opponents", metavar="BOT",
                                         help=f"The computer players: {BOTS_HELP} (default: "
                                         "heuristic), with options after a colon (pimc:level=1)."),
    save: str | None = typer.Option(None, "--save", metavar="FILE.json",
                                    help="Write the game record to this file when you finish or "
                                    "leave (checked before the first card); with --resume, "
                                    "save to this file instead of the resumed one."),
    resume: str | None = typer.Option(None, "--resume", metavar="FILE.json",
                                      help="Continue a game saved with --save, with its rules, "
                                      "seats and bots; it is saved back to FILE when you finish "
                                      "or leave, unless --save names another file."),
    symbols: bool = typer.Option(True, "--symbols/--letters", help="Show suits as symbols (♥) or "
                                 "letters (H)."),
    option: list[str] | None = typer.Option(  # noqa: B008
        None, "--option", "-o", metavar="KEY=VALUE",
        help="Change one rule, e.g. target=7 or honours=false; repeatable."),
) -> None:
    """Play whist in the terminal against computer players."""
    from openwhist.play import play_command

    try:
        if save is not None:
            check_output(save, "--save")
        elif resume is not None:
            check_output(resume, "--resume")
        code = play_command(variant, preset=preset, seed=seed, seat=seat, until=until, deals=deals,
                            opponents=opponents, save=save, symbols=symbols, options=option or (),
                            resume=resume)
    except WhistError as exc:
        fail(str(exc))
    raise typer.Exit(code)


# --- simulate --------------------------------------------------------------------------------


@app.command()
def simulate(
    variant: str = typer.Option(DEFAULT_VARIANT, "--variant", help=f"{VARIANTS_HELP}."),
    preset: str | None = typer.Option(None, "--preset", help="A named set of rules for the variant."),
    deals: int = typer.Option(100, "--deals", help="How many deals to play."),
    bots: str = typer.Option("heuristic", "--bots", help=f"Bot names ({BOTS_HELP}), "
                             "comma-separated: one for all, one per side (N-S,E-W) or one per "
                             "seat (N,E,S,W)."),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the run: the same seed gives the "
                                    "same deals and results (random if not given)."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON only."),
    option: list[str] | None = typer.Option(  # noqa: B008
        None, "--option", "-o", metavar="KEY=VALUE",
        help="Change one rule, e.g. target=7 or honours=false; repeatable."),
) -> None:
    """Play many deals between bots and summarise tricks, points and games per side."""
    from openwhist.simulate import simulate_command

    try:
        simulate_command(variant, deals=deals, bots=bots, seed=seed, preset=preset, options=option or (),
                         as_json=as_json)
    except WhistError as exc:
        fail(str(exc))


# --- arena -----------------------------------------------------------------------------------


@app.command()
def arena(
    bot_a: str = typer.Argument(..., help=f"Bot A: {BOTS_HELP}, with options after a "
                                "colon, e.g. pimc:level=2,time_budget=0.2,trust=0.8 (pimc options: "
                                "level 1-4, worlds, time_budget in seconds, trust 0 to below 1, "
                                "infer book or policy: how the sampled deals are read)."),
    bot_b: str = typer.Argument(..., help="Bot B, written the same way."),
    variant: str = typer.Option(DEFAULT_VARIANT, "--variant", help=f"{VARIANTS_HELP}."),
    preset: str | None = typer.Option(None, "--preset", help="A named set of rules for the variant."),
    boards: int = typer.Option(200, "--boards", help="Duplicate boards: each is played twice, "
                               "the bots swapping sides (in a variant without fixed partners, "
                               "once per seat, bot A alone in it)."),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the boards and of the bots "
                                    "(random if not given; the result shows it)."),
    workers: int = typer.Option(1, "--workers", help="Local processes to play on."),
    games: bool = typer.Option(False, "--games", help="Each board a whole game (classic and "
                               "Dummy whist: deal after deal to the game's target) played twice, "
                               "the bots swapping sides: shows the share of games each wins, "
                               "where playing to the score counts."),
    paired: bool = typer.Option(False, "--paired", help="Give the bot in a seat the same seed "
                                "in both plays of a board, so that two bots differing in one "
                                "option sample alike until their cards differ: for comparing "
                                "a bot with itself."),
    ray: str | None = typer.Option(None, "--ray", metavar="ADDRESS",
                                   help="Play on a Ray cluster: auto, local or host:port "
                                   "(needs openwhist[cluster])."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON only."),
    plot: str | None = typer.Option(None, "--plot", metavar="FILE.png",
                                    help="Save the running mean gain with its 95% band (matplotlib)."),
    boards_file: str | None = typer.Option(None, "--boards-file", metavar="FILE.jsonl",
                                           help="Write each board's result to this new (or empty) "
                                           "file as soon as it is played (one JSON line per board)."),
    resume: bool = typer.Option(False, "--resume", help="Go on with a run stopped part way: the "
                                "boards already in --boards-file are kept and only the others "
                                "played (give the same bots, --variant, rules, --seed and --boards)."),
    option: list[str] | None = typer.Option(  # noqa: B008
        None, "--option", "-o", metavar="KEY=VALUE",
        help="Change one rule, e.g. target=7 or honours=false; repeatable."),
) -> None:
    """Match two bots on duplicate deals: mean tricks and points per deal with 95% intervals."""
    import json
    from collections.abc import Callable

    from openwhist.arena import (
        BoardResult,
        board_to_dict,
        check_arena,
        check_plot_path,
        mean_ci,
        plot_running_mean,
        read_boards,
        run_arena,
        run_key,
    )
    from openwhist.bots import parse_bot_spec
    from openwhist.play import parse_options

    try:
        opts = parse_options(option or (), variant)
        if preset is not None:
            opts["preset"] = preset
        if boards < 1:
            fail(f"--boards must be at least 1, not {boards}")
        if workers < 1:
            fail(f"--workers must be at least 1, not {workers}")
        if seed is not None and seed < 0:
            fail(f"--seed is a non-negative whole number, not {seed}")
        if resume and (boards_file is None or seed is None):
            fail("--resume goes on with the run in --boards-file: give that file and the run's --seed")
        run_seed = seed if seed is not None else _random_seed()
        check_arena(variant, (bot_a, bot_b), games=games, **opts)
        if plot is not None:
            check_output(plot, "--plot")
            check_plot_path(plot)
        # each line names its run, so that a stopped run goes on only with its own boards
        run = run_key(variant, (bot_a, bot_b), games=games, paired=paired, **opts)
        played: list[BoardResult] = []
        if boards_file is not None:
            check_output(boards_file, "--boards-file", new=not resume)
            if resume:
                played = read_boards(boards_file, run_seed, boards, run)
    except WhistError as exc:
        fail(str(exc))

    on_board: Callable[[BoardResult], None] | None = None
    if boards_file is not None:
        try:
            sink = open(boards_file, "a", encoding="utf-8")  # noqa: SIM115 - open for the whole run
        except OSError as exc:
            fail(f"cannot write {boards_file}: {exc.strerror}")

        def on_board(board: BoardResult) -> None:
            sink.write(json.dumps(board_to_dict(board, run)) + "\n")
            sink.flush()

    try:
        if console.is_terminal and not as_json:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

            if any(parse_bot_spec(spec)[0] == "pimc" for spec in (bot_a, bot_b)):
                _load_solver()

            with Progress("[progress.description]{task.description}", BarColumn(),
                          MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                          transient=True) as bar:
                task = bar.add_task("boards", total=boards, completed=len(played))
                result = run_arena(variant, (bot_a, bot_b), boards, seed=run_seed, workers=workers,
                                   ray_address=ray, progress=lambda n: bar.update(task, completed=n),
                                   on_board=on_board, games=games, paired=paired, played=played,
                                   **opts)
        else:
            result = run_arena(variant, (bot_a, bot_b), boards, seed=run_seed, workers=workers,
                               ray_address=ray, on_board=on_board, games=games, paired=paired,
                               played=played, **opts)
    except WhistError as exc:
        fail(str(exc))
    finally:
        if boards_file is not None:
            sink.close()
    # the results first: nothing that may fail afterwards can lose them
    if as_json:
        print(json.dumps(result.to_dict(), indent=1))
    else:
        from rich.table import Table

        table = Table(title=f"{escape(result.variant)}: {result.boards} boards, "
                      f"{result.deals_played} deals, seed {result.seed} ({result.seconds:.1f} s)")
        for col in ("bot", "tricks per deal", "95% interval", "points per deal", "95% interval"):
            table.add_column(col, justify="right" if col != "bot" else "left")
        for label, spec in (("A", bot_a), ("B", bot_b)):
            st = result.per_bot()[label]
            t, p = st["tricks"], st["points"]
            table.add_row(escape(f"{label}: {spec}"), f"{t[0]:.3f}", f"[{t[1]:.3f}, {t[2]:.3f}]",
                          f"{p[0]:.3f}", f"[{p[1]:.3f}, {p[2]:.3f}]")
        console.print(table)
        gt, gp = mean_ci(result.gain_tricks), mean_ci(result.gain_points)
        console.print(f"A's gain per deal (same seats, same cards): tricks {gt[0]:+.3f} "
                      f"[{gt[1]:+.3f}, {gt[2]:+.3f}], points {gp[0]:+.3f} [{gp[1]:+.3f}, {gp[2]:+.3f}]",
                      markup=False)
        outcomes = result.deals_won()
        if outcomes is not None:
            won, drawn, lost = outcomes
            n = max(1, won + drawn + lost)
            console.print(f"Deals won by A (more points than B in the same deal): {won / n:.1%}, "
                          f"drawn {drawn / n:.1%}, lost {lost / n:.1%} of {won + drawn + lost}",
                          markup=False)
        if games:
            share = result.games_share()
            console.print(f"Games won by A: {share[0]:.1%} [{share[1]:.1%}, {share[2]:.1%}] of "
                          f"{2 * result.boards} ({result.boards} boards, each game played from "
                          "both sides)", markup=False)
            won, lost = result.games_swung()
            console.print(f"Boards where A's side won both games: {won}; lost both: {lost}; "
                          "the others split one each", markup=False)
    if plot is not None:
        try:
            plot_running_mean(result, plot)
        except (WhistError, OSError, ValueError) as exc:
            fail(f"the results are above, but the plot could not be saved to {plot}: {exc}")
        if not as_json:
            console.print(f"plot saved to {plot}", markup=False)


def _random_seed() -> int:
    import secrets

    return secrets.randbits(31)


def check_output(path: str, option: str, new: bool = False) -> None:
    """Refuse, before any work, an output path that cannot be written: a folder, a missing
    folder, no permission, or (with ``new``) a file that already holds something."""
    import os

    from openwhist.errors import ConfigError

    if not path.strip():
        raise ConfigError(f"{option} needs a file name")
    if os.path.isdir(path):
        raise ConfigError(f"{option}: {path} is a folder; name a file")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise ConfigError(f"{option}: the folder {folder} does not exist")
    if os.path.exists(path):
        if not os.access(path, os.W_OK):
            raise ConfigError(f"{option}: {path} cannot be written (no permission)")
        if new and os.path.getsize(path) > 0:
            # appending would mix two runs' results in one file
            raise ConfigError(f"{option}: {path} already holds results of an earlier run; "
                              "name a new file")
    elif not os.access(folder, os.W_OK):
        raise ConfigError(f"{option}: cannot write in the folder {folder} (no permission)")


# --- rules -----------------------------------------------------------------------------------


@app.command()
def rules(
    variant: str = typer.Argument(DEFAULT_VARIANT, help="A variant (classic, dummy) or a preset name."),
    preset: str | None = typer.Option(None, "--preset", help="Show the options of this preset."),
) -> None:
    """Show the variants, the presets and every option with its value."""
    from rich.table import Table

    from openwhist.rules.base import option_infos
    from openwhist.rules.registry import get_variant, resolve, variants

    try:
        name, opts = resolve(variant, preset)
    except WhistError as exc:
        fail(str(exc))
    record = get_variant(name)
    shown = preset or (variant if variant != name else record.default_preset)
    console.print(f"[bold]{name}[/]: {escape(record.description)} ({record.players} players)")
    console.print(f"variants: {', '.join(variants())}")
    console.print(f"presets of {name}: {', '.join(record.presets)}")
    table = Table(title=f"options of {name} ({shown})")
    table.add_column("option")
    table.add_column("value")
    table.add_column("meaning")
    for info in option_infos(record.options_type):
        bounds = f" ({info.range[0]}..{info.range[1]})" if info.range else ""
        table.add_row(info.name, escape(repr(getattr(opts, info.name))), escape(info.help + bounds))
    console.print(table)


# --- solve -----------------------------------------------------------------------------------


def _load_solver() -> None:
    """Load the solver under a spinner: the first run on a machine compiles it."""
    from openwhist.solver import warm_up

    with console.status("loading the solver (the first run on a machine compiles it: a few seconds)"):
        warm_up()


@app.command()
def solve(
    deal: str = typer.Argument(..., help="The four hands. PBN: \"N:AKQ.JT9.87.65 <E> <S> <W>\" "
                               "(spades.hearts.diamonds.clubs, clockwise from the seat named "
                               "first), or ours: \"N: S:AKQ H:JT9 D:87 C:65 E: S:... S: ... W: ...\" "
                               "(or four hands separated by /, North first). Two hands separated "
                               "by / (\"S:AK H:2 D:- C:- / S:QJ H:- D:3 C:-\", N first, then S) "
                               "are a German whist play phase, each player for himself. Any "
                               "equal number of cards per hand, 1 to 13."),
    trump: str = typer.Option("NT", "--trump", "-t", help="Trump suit: S, H, D, C, or NT for no "
                              "trump (default NT)."),
    leader: str | None = typer.Option(None, "--leader", "-l", help="The seat on lead: N, E, S or "
                                      "W (N or S with two hands; default: the seat named first "
                                      "in the deal)."),
    table: bool = typer.Option(True, "--table/--no-table", help="Also print the double-dummy "
                               "table for every trump suit and leader (20 searches; slower)."),
) -> None:
    """Solve a deal double dummy: the tricks each lead is worth, and a DD table."""
    from openwhist.solver.report import solve_report

    try:
        text = solve_report(deal, trump=trump, leader=leader, table=table,
                            before_search=_load_solver if console.is_terminal else None)
    except WhistError as exc:
        fail(str(exc))
    console.print(text, highlight=False, markup=False, soft_wrap=True)


# --- drive -----------------------------------------------------------------------------------

drive_app = typer.Typer(help="Whist drives: print a drive's movement, score a drive from its results "
                        "sheet.", no_args_is_help=True)
app.add_typer(drive_app, name="drive")


def _drive_names(names: str | None, players: int) -> list[str] | None:
    """The people's names from ``--names`` (comma-separated, or @FILE with one a line)."""
    if names is None:
        return None
    if names.startswith("@"):
        try:
            with open(names[1:], encoding="utf-8") as f:
                got = [line.strip() for line in f if line.strip()]
        except OSError as exc:
            fail(f"--names: cannot read {names[1:]} ({exc.strerror})")
        except UnicodeDecodeError:
            fail(f"--names: {names[1:]} is not text (UTF-8)")
    else:
        got = [n.strip() for n in names.split(",")]
    if len(got) != players or not all(got):
        fail(f"--names: give {players} names (one per person), not {len(got)}")
    return got


_PAIRS_MOVEMENTS = ("mitchell", "howell")


def _people_of(players: int | None, pairs: int | None) -> int:
    """The number of people from ``--players`` or ``--pairs`` (two a pair)."""
    if pairs is not None:
        if players is not None and players != 2 * pairs:
            fail(f"--players {players} and --pairs {pairs} disagree: a pair is two people")
        return 2 * pairs
    if players is None:
        fail("give --players (how many people) or --pairs (how many pairs)")
    return players


def _only_pairs(movement: str, boards: int | None, relay: bool, sit_out: bool) -> None:
    """Refuse --boards and --relay where the movement has no travelling boards, and
    --sit-out where it has (a missing pair's opponents sit out by themselves)."""
    if movement not in _PAIRS_MOVEMENTS and (boards is not None or relay):
        fail(f"--boards and --relay are for the mitchell and howell movements, not {movement}")
    if movement in _PAIRS_MOVEMENTS and sit_out:
        fail(f"--sit-out is for the individual movement: in the {movement} movement the pair "
             f"that meets the missing one sits out")


def _pairs_of(family: str, movement: str, people: int, boards: int | None, rounds: int | None,
              relay: bool) -> Any:
    """The Mitchell or Howell movement for ``people`` (an even number) in ``family``
    (one with fixed partners at four-hand tables)."""
    from openwhist import drive
    from openwhist.drive.pairs import pairs_movement

    fam = drive.drive_family(family)
    if "pairs" not in drive.FAMILY_MOVEMENTS[fam]:
        fail(f"{fam} whist has no fixed partners: the {movement} movement is for fixed pairs "
             f"(classic whist)")
    if people % 2:
        fail(f"the {movement} movement seats pairs: give an even number of people, not {people}")
    return pairs_movement(movement, people // 2, boards, rounds, relay)


_FAMILY = typer.Option(DEFAULT_VARIANT, "--family", "-f", help="classic, belgian or german (or a "
                       "preset of one); the mitchell and howell movements are for fixed pairs (classic).")
_PLAYERS = typer.Option(None, "--players", "-p", help="How many people play (computer players "
                        "fill the gaps; mitchell and howell: an even number, two a pair).")
_PAIRS = typer.Option(None, "--pairs", help="How many pairs play (the same as --players twice as "
                      "many; mitchell and howell: 2 to 100 and 2 to 40 pairs).")
_MOVEMENT = typer.Option("progressive", "--movement", "-m", help="progressive (classic, german), pairs "
                         "(classic online: people 1 and 2 are a pair, 3 and 4...), individual (every "
                         "family), or for pairs at real tables with duplicate boards mitchell (N-S pairs "
                         "stay, E-W pairs and boards move) or howell (every pair meets every pair).")
_ROUNDS = typer.Option(None, "--rounds", "-r", help="How many rounds the drive plays (default 4; "
                       "mitchell and howell: the whole movement).")
_BOARDS = typer.Option(None, "--boards", "-b", help="mitchell and howell: boards a round, 1 to 8 "
                       "(default 2; a howell of 2 or 3 tables, whose tables share a set: 1 a table).")
_RELAY = typer.Option(False, "--relay", help="mitchell with an even number of tables: a relay "
                      "between the first and last table and a bye stand (every round) instead of "
                      "the skip (one round fewer).")
_NAMES = typer.Option(None, "--names", help="The people's names, comma-separated, or @FILE with "
                      "one a line (default: numbers from 1; pairs: two a pair, in order).")
_SIT_OUT = typer.Option(False, "--sit-out", help="Individual movement of 4n + 1 people: one sits "
                        "out each round, in turn, instead of computer players filling a table.")


@drive_app.command("plan")
def drive_plan(
    family: str = _FAMILY,
    players: int | None = _PLAYERS,
    pairs: int | None = _PAIRS,
    movement: str = _MOVEMENT,
    rounds: int | None = _ROUNDS,
    boards: int | None = _BOARDS,
    relay: bool = _RELAY,
    names: str | None = _NAMES,
    sit_out: bool = _SIT_OUT,
) -> None:
    """Print a drive's movement: each round's tables, who sits where (the individual
    movement: a whist tournament, every two people partners once over its rounds), and how
    even it is; mitchell and howell: the pairs and the boards at each table."""
    from openwhist import drive

    people = _people_of(players, pairs)
    _only_pairs(movement, boards, relay, sit_out)
    if movement in _PAIRS_MOVEMENTS:
        m = _pairs_of(family, movement, people, boards, rounds, relay)
        text = m.text(_drive_names(names, people))
    else:
        p = drive.plan(movement, people, family, 4 if rounds is None else rounds, sit_out=sit_out)
        text = p.table_text(_drive_names(names, people))
    console.print(text.rstrip("\n"), highlight=False, markup=False, soft_wrap=True)


@drive_app.command("cards")
def drive_cards(
    family: str = _FAMILY,
    players: int | None = _PLAYERS,
    pairs: int | None = _PAIRS,
    movement: str = _MOVEMENT,
    rounds: int | None = _ROUNDS,
    boards: int | None = _BOARDS,
    relay: bool = _RELAY,
    names: str | None = _NAMES,
    sit_out: bool = _SIT_OUT,
    slips: bool = typer.Option(True, "--slips/--no-slips", help="mitchell and howell: also print "
                               "each board's slip (who plays it, in which round, at which table)."),
) -> None:
    """Print the movement cards a director hands out: per pair (mitchell, howell) or per
    person, each round's table, seat or direction, boards, partner and opponents; and the
    board slips."""
    from openwhist import drive
    from openwhist.drive.cards import person_cards_text

    people = _people_of(players, pairs)
    _only_pairs(movement, boards, relay, sit_out)
    who = _drive_names(names, people)
    if movement in _PAIRS_MOVEMENTS:
        m = _pairs_of(family, movement, people, boards, rounds, relay)
        text = m.cards_text(who) + ("\n" + m.slips_text(who) if slips else "")
    else:
        p = drive.plan(movement, people, family, 4 if rounds is None else rounds, sit_out=sit_out)
        text = person_cards_text(p, who)
    console.print(text.rstrip("\n"), highlight=False, markup=False, soft_wrap=True)


@drive_app.command("score")
def drive_score(
    sheet: str = typer.Argument(..., help="The results sheet, CSV: round,table,deal,tricks (8-5: "
                                "N-S then E-W) and for Belgian whist contract,declarers (pair 9,N+S; "
                                "tricks: the declaring side's) and optionally multiplier; for Romanian "
                                "whist and Oh Hell bids and tricks, each player's (2-0-1-3)."),
    family: str = typer.Option(DEFAULT_VARIANT, "--family", "-f", help="classic, belgian, german, "
                               "romanian or oh-hell (or a preset of one: its options check and score "
                               "the entries; Romanian whist and Oh Hell at tables of 4)."),
    players: int = typer.Option(..., "--players", "-p", help="How many people played."),
    movement: str = typer.Option("progressive", "--movement", "-m", help="The movement played."),
    rounds: int = typer.Option(4, "--rounds", "-r", help="How many rounds the drive has."),
    by: str = typer.Option("total", "--by", help="Rank by total, margin or matchpoints (duplicate)."),
    names: str | None = typer.Option(None, "--names", help="The people's names, as for plan."),
    as_csv: bool = typer.Option(False, "--csv", help="Print the standings as CSV."),
    sit_out: bool = typer.Option(False, "--sit-out", help="The movement had one person sit out "
                                 "each round (as for plan)."),
) -> None:
    """Score a drive from its results sheet: check every entry, seat each round, rank."""
    from openwhist import drive
    from openwhist.rules.registry import resolve

    p = drive.plan(movement, players, family, rounds, sit_out=sit_out)
    try:
        with open(sheet, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        fail(f"cannot read the results sheet {sheet} ({exc.strerror})")
    except UnicodeDecodeError:
        fail(f"the results sheet {sheet} is not text (UTF-8)")
    who = _drive_names(names, players)
    _, options = resolve(family)
    _, results = drive.score_sheet(p, options, drive.read_sheet(text))
    if by not in drive.TIE_BREAKS:
        fail(f"--by: rank by total, margin or matchpoints, not {by!r}")
    table = drive.standings(results, by=by, players=players, byes=p.byes > 0)  # type: ignore[arg-type]
    out = drive.standings_csv(table, who) if as_csv else table.text(who)
    console.print(out.rstrip("\n"), highlight=False, markup=False, soft_wrap=True)


# --- serve -----------------------------------------------------------------------------------


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="The address to listen on."),
    port: int = typer.Option(8000, "--port", min=0, max=65535,
                            help="The port to listen on (0: any free port, printed at start)."),
    database: str | None = typer.Option(
        None, "--database", help="sqlite:///PATH or postgresql://USER:PASSWORD@HOST/DB (default: "
        "$OPENWHIST_DATABASE_URL, else a SQLite file in the user's data directory)."),
    trusted_proxy: list[str] | None = typer.Option(  # noqa: B008
        None, "--trusted-proxy", help="The address or network (10.0.0.0/8) of a reverse proxy in "
        "front of the server whose X-Forwarded-For and X-Forwarded-Proto are believed; repeat "
        "for several (default: $OPENWHIST_TRUSTED_PROXIES, else none: every client's own "
        "address counts)."),
    redis: str | None = typer.Option(
        None, "--redis", help="redis://HOST:PORT or unix:///PATH: relay the requests for tables that "
        "other server processes on the same database run to them (default: $OPENWHIST_REDIS_URL, "
        "else none: one process)."),
    processes: int = typer.Option(
        1, "--processes", min=1, max=64, help="Run this many server processes behind the one address, "
        "relaying over Redis (a redis-server is started unless --redis is given)."),
    backlog: int = typer.Option(
        4096, "--backlog", min=1, max=65535, help="Connections the kernel holds until the server accepts "
        "them (a crowd connecting at once waits there instead of retrying); the kernel caps it at "
        "net.core.somaxconn, said at start when lower."),
    fd: int | None = typer.Option(None, "--fd", min=0, hidden=True, help="Serve on this inherited socket."),
) -> None:
    """Play online: the HTTP and WebSocket server (tables, accounts, bots, records)."""
    try:
        from openwhist.server import serve as run_server
    except ImportError as exc:
        fail(f"the server needs its extra: pip install 'openwhist[server]' ({exc.name} is missing)")
    if database is not None and not database.strip():
        fail("--database: give a database URL")
    from openwhist.server import check_proxies

    try:
        proxies = check_proxies(trusted_proxy) if trusted_proxy else None
    except ValueError as exc:
        fail(f"--trusted-proxy: {exc}")
    if processes > 1:
        from openwhist.errors import ConfigError
        from openwhist.server import check_redis
        from openwhist.server.processes import serve_processes

        if redis:
            try:
                check_redis(redis)
            except ConfigError as exc:
                fail(str(exc))

        serve_processes(processes, host, port, database,
                        redis or os.environ.get("OPENWHIST_REDIS_URL") or None,
                        announce=console.print, trusted_proxies=proxies, backlog=backlog)
        return
    run_server(host=host, port=port, database=database, announce=console.print,
               trusted_proxies=proxies, redis_url=redis, fd=fd, backlog=backlog)


def main() -> None:
    """Entry point of the ``openwhist`` console script."""
    app()


if __name__ == "__main__":
    main()
