"""The README's code is typed: its examples pass ``mypy --strict`` as a user's program would
(the doctest run checks that they work)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_program() -> str:
    """The README's ``>>>`` examples as one program, block after block."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines: list[str] = []
    for block in re.findall(r"```python\n(.*?)```", text, re.S):
        for line in block.splitlines():
            if line.startswith(">>> ") or line.startswith("... "):
                lines.append(line[4:])
            elif line in (">>>", "..."):
                lines.append("")
    return "\n".join(lines) + "\n"


def test_the_readme_has_examples() -> None:
    program = readme_program()
    assert "openwhist.new_deal" in program and "solve_all" in program


def test_the_readme_examples_pass_mypy_strict(tmp_path: Path) -> None:
    program = readme_program()
    # the error example is meant to raise: keep it a statement that type-checks
    path = tmp_path / "readme_examples.py"
    path.write_text(program, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
         "--cache-dir", str(ROOT / ".mypy_cache" / "readme"), str(path)],
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
