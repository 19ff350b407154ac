"""The layout the design asks for, read from the import graph and the syntax trees.

Everything above ``rules/`` (bots, match, records, play, simulate, arena, cli, solver)
speaks only the deal protocol; no family's module is imported there, and seat names and
partnerships are written in one place (``rules/seats.py``).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "openwhist"
FAMILIES = {"openwhist.rules.classic", "openwhist.rules.german", "openwhist.rules.belgian"}


def _modules() -> dict[str, ast.Module]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        out[".".join(rel.parts)] = ast.parse(path.read_text(encoding="utf-8"))
    return out


def _imports(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def test_no_module_outside_rules_imports_a_family() -> None:
    modules = _modules()
    assert "openwhist.rules.classic" in modules
    offenders = {}
    for name, tree in modules.items():
        if name.startswith("openwhist.rules."):
            continue
        bad = {i for i in _imports(tree) if any(i == f or i.startswith(f + ".") for f in FAMILIES)}
        used = {n.id for n in ast.walk(tree)
                if isinstance(n, ast.Name) and n.id.startswith(("Classic", "German", "Belgian"))}
        if bad or used:
            offenders[name] = sorted(bad | used)
    assert offenders == {}


def test_the_checker_sees_an_import_of_a_family() -> None:
    tree = ast.parse("from openwhist.rules.classic import ClassicState\nimport openwhist.rules.classic")
    assert "openwhist.rules.classic" in _imports(tree)


def _literal_tuples(tree: ast.Module) -> list[tuple[object, ...]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and all(isinstance(e, ast.Constant) for e in node.elts):
            out.append(tuple(e.value for e in node.elts))  # type: ignore[attr-defined]
    return out


def test_seat_names_and_partnerships_are_written_once() -> None:
    written: dict[tuple[object, ...], list[str]] = {}
    for name, tree in _modules().items():
        for t in _literal_tuples(tree):
            if t in (("N", "E", "S", "W"), ("North", "East", "South", "West"), (0, 1, 0, 1)):
                written.setdefault(t, []).append(name)
    assert written == {
        ("N", "E", "S", "W"): ["openwhist.rules.seats"],
        ("North", "East", "South", "West"): ["openwhist.rules.seats"],
        (0, 1, 0, 1): ["openwhist.rules.seats"],
    }
