"""The ``openwhist`` command: play, simulate, solve, arena, rules.

Each command gives a clear message for bad input and never a traceback.
"""

from __future__ import annotations

import sys
from typing import NoReturn

import typer
from rich.console import Console

from openwhist.errors import WhistError

app = typer.Typer(
    name="openwhist",
    help="Whist in the terminal: play against computer players, simulate, solve, compare bots.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err_console = Console(stderr=True)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print an error message (no traceback) and exit."""
    err_console.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code)


# --- commands are registered below, one section each ---------------------------------------


# --- play ------------------------------------------------------------------------------------


@app.command()
def play(
    variant: str = typer.Argument(
        "classic", help="classic, dummy (three players: you play North and the dummy South), "
        "or a preset: english-short, english-long, american, no-trump, seed-000, danish."),
    preset: str | None = typer.Option(None, "--preset", help="A named set of rules for the variant."),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the deals (random if not given)."),
    seat: str | None = typer.Option(None, "--seat", help="Your seat: N, E, S or W (default S; N in "
                                    "Dummy whist)."),
    until: str | None = typer.Option(None, "--until", help="Play to the end of a game, a rubber "
                                     "(default) or a number of deals: game, rubber or deals."),
    deals: int | None = typer.Option(None, "--deals", help="How many deals to play (with --until "
                                     "deals, which it implies)."),
    opponents: str = typer.Option("heuristic", "--opponents", help="The computer players: "
                                  "heuristic, random (or pimc where available)."),
    save: str | None = typer.Option(None, "--save", metavar="FILE.json",
                                    help="Write the game record to this file when you finish or leave."),
    symbols: bool = typer.Option(True, "--symbols/--letters", help="Show suits as symbols (♥) or "
                                 "letters (H)."),
    option: list[str] | None = typer.Option(  # noqa: B008
        None, "--option", "-o", metavar="KEY=VALUE",
        help="Change one rule, e.g. target=7 or honours=false; repeatable."),
) -> None:
    """Play whist in the terminal against computer players."""
    from openwhist.play import play_command

    try:
        code = play_command(variant, preset=preset, seed=seed, seat=seat, until=until, deals=deals,
                            opponents=opponents, save=save, symbols=symbols, options=option or ())
    except WhistError as exc:
        fail(str(exc))
    raise typer.Exit(code)


# --- simulate --------------------------------------------------------------------------------


@app.command()
def simulate(
    variant: str = typer.Option("classic", "--variant", help="classic, dummy, or a preset name "
                                "(english-short, english-long, american, no-trump, seed-000, danish)."),
    preset: str | None = typer.Option(None, "--preset", help="A named set of rules for the variant."),
    deals: int = typer.Option(100, "--deals", help="How many deals to play."),
    bots: str = typer.Option("heuristic", "--bots", help="Bot names (heuristic, random, pimc), "
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


def main() -> None:
    """Entry point of the ``openwhist`` console script."""
    try:
        app()
    except WhistError as exc:
        err_console.print(f"[bold red]error:[/] {exc}")
        sys.exit(2)
    except KeyboardInterrupt:
        err_console.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
