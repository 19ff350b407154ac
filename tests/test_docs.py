"""The documentation site (mkdocs.yml, docs/) stays whole and true: every page is in the
navigation and every entry of the navigation is a page; the command line reference is what
the command line says; every ``console`` block that runs ``openwhist`` prints what the page
shows; the README stays short and its links lead somewhere.  (``mkdocs build --strict``,
run by .ci/run, checks the links and the API reference's references.)"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def nav_pages(entries: Any) -> list[str]:
    """The pages the navigation names, in order."""
    pages: list[str] = []
    for entry in entries:
        values = entry.values() if isinstance(entry, dict) else [entry]
        for value in values:
            pages += nav_pages(value) if isinstance(value, list) else [value]
    return pages


def test_every_page_is_in_the_navigation_and_every_entry_is_a_page() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["docs_dir"] == "docs" and config["strict"] is True
    named = nav_pages(config["nav"])
    assert len(named) == len(set(named)), "a page named twice in the navigation"
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    assert pages - set(named) == set(), "pages left out of mkdocs.yml's nav"
    assert set(named) - pages == set(), "nav entries with no page"
    for guide in ("play", "drives", "study", "club", "develop"):
        assert f"guides/{guide}.md" in named


def load_cli_reference() -> Any:
    spec = importlib.util.spec_from_file_location("cli_reference", ROOT / "scripts" / "cli_reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_command_line_reference_is_the_command_line() -> None:
    page = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")
    assert page == load_cli_reference().reference(), (
        "docs/reference/cli.md is stale: python scripts/cli_reference.py > docs/reference/cli.md")


def test_the_command_line_reference_names_every_option() -> None:
    import typer.main

    from openwhist.cli import app

    page = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")
    root = typer.main.get_command(app)
    ctx = root.context_class(root, info_name="openwhist")
    seen = 0
    stack = [(name, root.get_command(ctx, name)) for name in root.list_commands(ctx)]
    while stack:
        path, command = stack.pop()
        assert f"`openwhist {path}`" in page, path
        for param in command.params:
            shown = param.param_type_name == "option" and not getattr(param, "hidden", False)
            for opt in param.opts if shown else []:
                assert f"`{opt}`" in page, (path, opt)
                seen += 1
        if hasattr(command, "list_commands"):
            sub_ctx = command.context_class(command, info_name=path, parent=ctx)
            stack += [(f"{path} {name}", command.get_command(sub_ctx, name))
                      for name in command.list_commands(sub_ctx)]
    assert seen > 40


FENCE = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```$", re.S | re.M)


def console_examples() -> list[tuple[str, str, str, dict[str, str]]]:
    """Each ``console`` block of the guides that runs ``openwhist``: its page, command,
    output, and the files the page shows before it (```` ```csv title="NAME" ````)."""
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        files: dict[str, str] = {}
        for lang, info, body in FENCE.findall(page.read_text(encoding="utf-8")):
            title = re.search(r'title="([^"]+)"', info)
            if title and lang != "console":
                files[title.group(1)] = body
            if lang == "console" and body.startswith("$ openwhist "):
                command, _, output = body.partition("\n")
                found.append((page.relative_to(ROOT).as_posix(), command[2:], output, dict(files)))
    return found


EXAMPLES = console_examples()


def test_the_guides_have_command_examples() -> None:
    commands = " ".join(command for _, command, _, _ in EXAMPLES)
    for name in ("drive plan", "drive cards", "drive score", "solve"):
        assert f"openwhist {name}" in commands, name


@pytest.mark.parametrize(("page", "command", "output", "files"), EXAMPLES,
                         ids=[f"{p}:{c[:50]}" for p, c, _, _ in EXAMPLES])
def test_a_command_example_prints_what_the_page_shows(
        page: str, command: str, output: str, files: dict[str, str], tmp_path: Path) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    env = {**os.environ, "COLUMNS": "100", "PYTHONPATH": os.pathsep.join(
        [str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])])}
    out = subprocess.run([sys.executable, "-m", "openwhist", *shlex.split(command)[1:]],
                         capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert out.stdout + out.stderr == output, f"{page}: {command}"


def test_the_readme_is_short_and_its_links_lead_somewhere() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text)
    assert "docs/guides/play.md" in links and "docs/guides/study.md" in links
    for link in links:
        if "://" not in link:
            assert (ROOT / link).exists(), link
    assert "mkdocs serve" in text
