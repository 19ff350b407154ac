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


# --- probe deals and family words above the rules ----------------------------------------------


def _is_probe_deal(node: ast.AST) -> bool:
    """A call of a deal factory (``new_deal(...)``, ``record.deal(...)``) with a constant seed:
    a deal made only to read what the variant's header declares."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if called not in ("new_deal", "deal"):
        return False
    return any(k.arg == "seed" and isinstance(k.value, ast.Constant) for k in node.keywords)


def test_no_probe_deal_outside_rules() -> None:
    """Seats, sides and partnerships are read from ``Variant.header``, never from a deal
    dealt with a made-up seed."""
    offenders = {name: [getattr(n, "lineno", 0) for n in ast.walk(tree) if _is_probe_deal(n)]
                 for name, tree in _modules().items() if not name.startswith("openwhist.rules.")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_checker_sees_a_probe_deal() -> None:
    tree = ast.parse("seats = get_variant(v).deal(opts, seed=0, dealer=0).seats\n"
                     "sides = new_deal(name, options=opts, seed=0).sides\n"
                     "deal = record.deal(opts, seed=deal_seed)\nbot = make_bot(spec, seed=0)")
    assert sum(_is_probe_deal(n) for n in ast.walk(tree)) == 2


def _family_words() -> set[str]:
    """Option names that belong to one family (``dummy``, ``grid``, ``troel``...) and the
    Belgian contract names, as the rules spell them."""
    from openwhist.rules.belgian import KINDS
    from openwhist.rules.registry import get_variant, variants

    owners: dict[str, set[str]] = {}
    for v in variants():
        record = get_variant(v)
        for option in record.options().to_dict():
            owners.setdefault(option, set()).add(record.options_type.__name__)
    words = {o for o, families in owners.items() if len(families) == 1}
    return words | set(KINDS) | {k.replace("-", " ") for k in KINDS}


def _strings(tree: ast.Module) -> list[ast.Constant]:
    """The string constants of a module that are not docstrings."""
    docs = {id(n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    return [n for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


FAMILY_WORDS_ALLOWED: dict[str, set[str]] = {}
"""Family words still written above the rules, module by module (none may be added)."""


def test_no_family_option_or_contract_name_outside_rules() -> None:
    """Above ``rules/`` no code names a family's options or contracts: what it needs to know
    of a variant it reads from the header, the observation and the options' own help."""
    words = _family_words()
    assert {"dummy", "grid", "troel", "abondance", "small-misere", "face_up"} <= words
    found: dict[str, set[str]] = {}
    for name, tree in _modules().items():
        if name.startswith("openwhist.rules."):
            continue
        hits = {n.value for n in _strings(tree)} & words
        if hits:
            found[name] = hits
    assert found == FAMILY_WORDS_ALLOWED


def test_the_checker_sees_a_family_word() -> None:
    tree = ast.parse('"""A docstring may say dummy."""\n'
                     'dummy = getattr(opts, "dummy", None)\nif kind == "small-misere": pass')
    assert {n.value for n in _strings(tree)} & _family_words() == {"dummy", "small-misere"}


# --- the server in small pieces ------------------------------------------------------------------

LONGEST_FUNCTION = 80   # lines: about a screen
LONGEST_CLASS = 300

TOO_LONG_ALLOWED = {
    # the table's task, being split into typed commands and small collaborators; remove
    # each name here as it comes under the limits
    "openwhist.server.table.TableRunner",
}


def _lengths(tree: ast.Module, module: str) -> dict[str, tuple[str, int]]:
    """Every function's and class's dotted name in ``module``, with its kind and length in
    lines (a nested one's too)."""
    out: dict[str, tuple[str, int]] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}.{child.name}"
                kind = "class" if isinstance(child, ast.ClassDef) else "function"
                out[name] = (kind, (child.end_lineno or child.lineno) - child.lineno + 1)
                visit(child, name)
            else:
                visit(child, prefix)

    visit(tree, module)
    return out


def _too_long(modules: dict[str, ast.Module], allowed: frozenset[str] | set[str] = TOO_LONG_ALLOWED
              ) -> dict[str, int]:
    """The functions and classes longer than the limits, but the ``allowed`` ones (and
    what they hold)."""
    out = {}
    for module, tree in modules.items():
        for name, (kind, lines) in _lengths(tree, module).items():
            limit = LONGEST_CLASS if kind == "class" else LONGEST_FUNCTION
            if lines > limit and not any(name == a or name.startswith(a + ".") for a in allowed):
                out[name] = lines
    return out


def test_no_function_or_class_in_the_server_is_too_long() -> None:
    server = {name: tree for name, tree in _modules().items() if name.startswith("openwhist.server.")}
    assert "openwhist.server.app" in server
    assert _too_long(server) == {}
    # each allowed name is still too long: one brought under the limits comes off the list
    assert set(_too_long(server, allowed=set())) >= TOO_LONG_ALLOWED


def test_the_checker_sees_a_long_function_and_a_long_class() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(LONGEST_FUNCTION))
    methods = "\n".join(f"    def m{i}(self) -> None:\n        pass\n" for i in range(LONGEST_CLASS // 3 + 1))
    tree = ast.parse(f"def f() -> None:\n{body}\n\nclass C:\n{methods}")
    assert set(_too_long({"m": tree})) == {"m.f", "m.C"}
