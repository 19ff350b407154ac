"""Writes docs/reference/cli.md, the reference of every ``openwhist`` command and option,
from the command line's own definitions (tests/test_docs.py checks that the page is what
this prints): ``python scripts/cli_reference.py > docs/reference/cli.md``."""

from __future__ import annotations

from typing import Any

import typer.main

from openwhist.cli import app

HEADER = """# Command line

Every command of `openwhist` (or `python -m openwhist`, the same) and its options, as
`openwhist COMMAND --help` (or `-h`) gives them; `openwhist --help` lists the commands.
This page is generated from the command line's own definitions
(`python scripts/cli_reference.py > docs/reference/cli.md`) and a test keeps it equal to
them.

Bad input, the command line's own mistakes included, gets one line on stderr
(`error: ...`) and exit status 2, never a traceback; output files are checked before any
work starts, and nothing is left half written (`tests/test_cli_contract.py` tries bad
values on every option). `openwhist --version` (`-V`) prints the version.
"""


TYPES: dict[object, str] = {int: "INTEGER", float: "NUMBER", bool: "BOOLEAN", str: "TEXT"}


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _names(param: Any) -> str:
    if param.param_type_name == "argument":
        return f"`{(param.metavar or param.name).upper()}`"
    names = [*param.opts, *param.secondary_opts]
    return ", ".join(f"`{n}`" for n in names)


def _value(param: Any) -> str:
    if getattr(param, "is_flag", False):
        return "flag"
    annotation = param.type_descriptor.annotation
    name = TYPES.get(annotation, "TEXT")
    if param.min is not None or param.max is not None:
        low = "" if param.min is None else str(param.min)
        high = "" if param.max is None else str(param.max)
        name += f" {low}..{high}"
    if param.multiple:
        name += ", repeatable"
    return f"`{name}`"


def _default(param: Any) -> str:
    default = param.default
    if default is None or (getattr(param, "is_flag", False) and default is False):
        return ""
    if callable(default) or isinstance(default, tuple | list) and not default:
        return ""
    return f"`{default}`"


def _context(command: Any, name: str, parent: Any = None) -> Any:
    return command.context_class(command, info_name=name, parent=parent)


def _command(path: list[str], command: Any, ctx: Any) -> list[str]:
    title = " ".join(["openwhist", *path])
    lines = [f"## `{title}`" if len(path) < 2 else f"### `{title}`", ""]
    lines += [" ".join((command.help or "").split()), ""]
    pieces = ["[OPTIONS]"] + [
        (p.metavar or p.name).upper() if p.required else f"[{(p.metavar or p.name).upper()}]"
        for p in command.params if p.param_type_name == "argument"]
    if hasattr(command, "list_commands"):
        pieces.append("COMMAND [ARGS]...")
    lines += ["```", f"{title} {' '.join(pieces)}".rstrip(), "```", ""]
    params = [p for p in command.params if not getattr(p, "hidden", False) and p.name != "help"]
    if params:
        lines += ["| argument or option | value | default | meaning |", "|---|---|---|---|"]
        for param in params:
            help_text = getattr(param, "help", None) or ""
            required = " (required)" if param.required else ""
            lines.append(f"| {_names(param)}{required} | {_value(param)} | {_default(param)} "
                         f"| {_cell(help_text)} |")
        lines.append("")
    if hasattr(command, "list_commands"):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            lines += _command([*path, name], sub, _context(sub, name, ctx))
    return lines


def reference() -> str:
    """The page: every command, its usage, arguments and options with their help."""
    root = typer.main.get_command(app)
    lines = [HEADER]
    ctx = _context(root, "openwhist")
    for name in root.list_commands(ctx):
        command = root.get_command(ctx, name)
        lines += _command([name], command, _context(command, name, ctx))
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    print(reference(), end="")
