"""The README's and the guides' code is typed: their ``>>>`` examples pass ``mypy --strict``
as a user's program would (the doctest run, ``--doctest-glob=*.md`` over the README and
``docs/``, checks that they work)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def example_pages() -> list[Path]:
    """The README and every page under docs/ with ``>>>`` examples in a python block."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return [p for p in pages if program(p).strip()]


def program(page: Path) -> str:
    """A page's ``>>>`` examples as one program, block after block (as doctest runs a
    file's examples in one namespace)."""
    text = page.read_text(encoding="utf-8")
    lines: list[str] = []
    for block in re.findall(r"```python\n(.*?)```", text, re.S):
        for line in block.splitlines():
            if line.startswith(">>> ") or line.startswith("... "):
                lines.append(line[4:])
            elif line in (">>>", "..."):
                lines.append("")
    return "\n".join(lines) + "\n"


def readme_program() -> str:
    """The README's ``>>>`` examples as one program."""
    return program(ROOT / "README.md")


def test_the_readme_and_the_guides_have_examples() -> None:
    assert "openwhist.new_deal" in readme_program() and "solve_all" in readme_program()
    pages = {p.relative_to(ROOT).as_posix() for p in example_pages()}
    assert {"README.md", "docs/guides/study.md", "docs/guides/drives.md"} <= pages
    study = program(ROOT / "docs" / "guides" / "study.md")
    for name in ("solve_all", "aec_env", "pyspiel", "simulate", "TechniqueBot", "records", "run_arena"):
        assert name in study, name


def test_the_examples_pass_mypy_strict(tmp_path: Path) -> None:
    # one program per page (a page's examples share their names, as in the doctest run),
    # checked in one run of mypy
    paths = []
    for page in example_pages():
        name = re.sub(r"\W", "_", page.relative_to(ROOT).with_suffix("").as_posix()) + "_examples.py"
        path = tmp_path / name
        path.write_text(program(page), encoding="utf-8")
        paths.append(str(path))
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
         "--cache-dir", str(ROOT / ".mypy_cache" / "readme"), *paths],
        capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_set_up_is_two_commands_that_exist() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = text.split("## Set up", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in setup.splitlines() if line.strip()]
    assert commands == ["./scripts/serve", "./scripts/test"]
    for command in commands:
        script = ROOT / command
        assert script.is_file() and script.stat().st_mode & 0o111, command
    assert "scripts/test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
