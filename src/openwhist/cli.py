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
