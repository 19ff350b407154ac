"""The layout the design asks for, read from the import graph and the syntax trees.

Everything above ``rules/`` (bots, match, records, play, simulate, arena, cli, solver)
speaks only the deal protocol; no family's module is imported there, and seat names and
partnerships are written in one place (``rules/seats.py``).
"""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "openwhist"
FAMILIES = {"openwhist.rules.classic", "openwhist.rules.german", "openwhist.rules.belgian",
            "openwhist.rules.exactbid", "openwhist.rules.scorer"}
"""The families' modules, and the scorer that dispatches by family: outside ``rules/``, the
core's protocol, the variant's declared record and ``openwhist.rules``' exports are the way."""


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
    tree = ast.parse("from openwhist.rules.scorer import EXACT_FAMILIES")
    assert "openwhist.rules.scorer" in _imports(tree) and "openwhist.rules.scorer" in FAMILIES


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


# --- import circles ---------------------------------------------------------------------------


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_edges(name: str, tree: ast.Module, known: set[str], *, is_package: bool,
                  types: bool) -> set[str]:
    """The package's modules that module ``name`` imports: ``from p import m`` is an edge
    to the module ``p.m`` where there is one, else to ``p``; relative imports are resolved.
    Imports inside functions count; those under ``if TYPE_CHECKING:`` only with ``types``."""
    skipped: set[int] = set()
    if not types:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and _is_type_checking(node.test):
                skipped.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    package = name if is_package else name.rpartition(".")[0]
    targets: list[str] = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            targets += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package
                for _ in range(node.level - 1):
                    parent = parent.rpartition(".")[0]
                base = f"{parent}.{base}" if base else parent
            targets += [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                        for a in node.names]
    out = set()
    for target in targets:
        while target and target not in known:  # ``import a.b.name``: the module ``a.b``
            target = target.rpartition(".")[0]
        if target and target != name:
            out.add(target)
    return out


def _import_graph(sources: dict[str, tuple[str, bool]], *, types: bool) -> dict[str, set[str]]:
    """Module name -> the modules it imports, from ``{name: (source, is_package)}``."""
    known = set(sources)
    return {name: _import_edges(name, ast.parse(text), known, is_package=pkg, types=types)
            for name, (text, pkg) in sources.items()}


def _package_sources() -> dict[str, tuple[str, bool]]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        is_package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if is_package else parts)
        out[name] = (path.read_text(encoding="utf-8"), is_package)
    return out


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module, each sorted."""
    reach: dict[str, set[str]] = {}
    for start in graph:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for nxt in graph[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        reach[start] = seen
    circles = {tuple(sorted({start} | {m for m in reach[start] if start in reach[m]}))
               for start in graph}
    return sorted(list(c) for c in circles if len(c) > 1)


IMPORT_CIRCLES_ALLOWED: list[list[str]] = []
"""Circles still allowed in the graph with the types' imports (none may be added)."""


def test_no_import_circle_in_the_package() -> None:
    """No module of ``openwhist`` imports, directly or through others, one that imports it.

    The graph holds every import statement of the package's modules, those inside
    functions too: an import put off into a function is still a dependency of the module
    at run time, and a circle hidden there is still a circle.  (Lazy loads of optional
    dependencies lie outside the package and so outside the graph; the bots' table of
    names, :data:`openwhist.bots.BOTS`, loads a bot's module by its name when one is
    made, and imports nothing itself.)  Imports under ``if TYPE_CHECKING:`` are left out
    here, as they never run; the next test holds them to the same rule.
    """
    graph = _import_graph(_package_sources(), types=False)
    assert "openwhist.rules.observation" in graph
    assert _circles(graph) == []


def test_no_import_circle_even_among_the_types() -> None:
    """With the imports made for the types only (``if TYPE_CHECKING:``) the graph has no
    circle either, beyond :data:`IMPORT_CIRCLES_ALLOWED`: a circle of types is the same
    tangle of responsibilities, only hidden from the interpreter."""
    assert _circles(_import_graph(_package_sources(), types=True)) == IMPORT_CIRCLES_ALLOWED


def test_the_checker_sees_an_import_circle() -> None:
    """A circle through a function's import and a relative import is found; one closed
    only under ``TYPE_CHECKING`` counts only where the types' imports do."""
    sources = {
        "p": ("", True),
        "p.a": ("from p.b import x\n", False),
        "p.b": ("def f():\n    from . import c\n", False),
        "p.c": ("import p.a\n", False),
        "p.d": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from p import e\n", False),
        "p.e": ("from p.d import y\n", False),
        "p.f": ("from p import a, g\n", False),
        "p.g": ("import os\n", False),
    }
    assert _circles(_import_graph(sources, types=False)) == [["p.a", "p.b", "p.c"]]
    assert _circles(_import_graph(sources, types=True)) == [["p.a", "p.b", "p.c"], ["p.d", "p.e"]]


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
    """The words that name a family or a part of one only: the variants' and presets' names
    (``classic``, ``belgian``, ``english-long``), the option names that belong to one family
    (``dummy``, ``grid``, ``troel``...) and the Belgian contract names, as the rules spell
    them."""
    from openwhist.rules.belgian import KINDS
    from openwhist.rules.registry import get_variant, variants
    from openwhist.rules.variant import VariantHeader

    owners: dict[str, set[str]] = {}
    names: set[str] = set()
    for v in variants():
        record = get_variant(v)
        names |= {record.name, *record.presets}
        for option in record.options().to_dict():
            owners.setdefault(option, set()).add(record.options_type.__name__)
    words = {o for o, families in owners.items() if len(families) == 1}
    # an option named as the deal protocol names the same thing (the exact-bid whists'
    # ``players``, the seats at the table) is no family's word
    words -= {f.name for f in dataclasses.fields(VariantHeader)} | {"players"}
    return words | names | set(KINDS) | {k.replace("-", " ") for k in KINDS}


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
    assert {"dummy", "grid", "troel", "abondance", "small-misere", "face_up", "classic",
            "german", "belgian", "english-long"} <= words
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


# --- family words in the page's scripts --------------------------------------------------------

STATIC = PACKAGE / "web" / "static"
SCRIPTS_EXEMPT = {"i18n.js"}
"""The translations: the words shown to people, in every language."""

_JS_STRING = re.compile(r"""(?s)//[^\n]*|/\*.*?\*/"""
                        r"""|"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`""")
_JS_OWN = {"target"}
"""Names of the browser's own that a family's option shares (an event's ``target``)."""
_JS_KEY = re.compile(r"[{,]\s*([A-Za-z_$][\w$]*)\s*:|\.([A-Za-z_$][\w$]*)\b")


def _js_words(source: str) -> list[str]:
    """The string literals of a script, whole, and the names it uses as object keys and
    properties (``{classic: ...}``, ``info.troel``); comments left out."""
    out: list[str] = []
    code: list[str] = []
    last = 0
    for m in _JS_STRING.finditer(source):
        code.append(source[last:m.start()])
        last = m.end()
        literal = next((g for g in m.groups() if g is not None), None)
        if literal is not None:
            out.append(literal)
            code.append('""')
    code.append(source[last:])
    for m in _JS_KEY.finditer("".join(code)):
        name = m.group(1) or m.group(2)
        if name not in _JS_OWN:
            out.append(name)
    return out


SCRIPT_FAMILY_WORDS_ALLOWED: dict[str, set[str]] = {}
"""Family words still written in the page's scripts, script by script (none may be added)."""


def test_no_family_word_in_the_page_scripts() -> None:
    """The page's scripts name no family, option or contract of one: what a page needs of a
    variant it reads from ``/api/variants`` and the views.  The translations are exempt."""
    words = _family_words()
    found: dict[str, set[str]] = {}
    for path in sorted(STATIC.glob("*.js")):
        if path.name in SCRIPTS_EXEMPT:
            continue
        hits = set(_js_words(path.read_text(encoding="utf-8"))) & words
        if hits:
            found[path.name] = hits
    assert "app.js" in {p.name for p in STATIC.glob("*.js")}
    assert found == SCRIPT_FAMILY_WORDS_ALLOWED


def test_the_checker_sees_a_family_word_in_a_script() -> None:
    source = ('// Belgian whist: the comment may say belgian\n'
              'if (d.family === "belgian") go();\nconst F = {german: 2};\n'
              "const s = info.troel ? 'solo' : `classic`; e.target.value = 1;\n"
              "const ok = \"a \\\" dummy\";\n")
    assert set(_js_words(source)) & _family_words() == {"belgian", "german", "troel", "solo",
                                                         "classic"}


# --- the server in small pieces ------------------------------------------------------------------

LONGEST_FUNCTION = 80   # lines: about a screen
LONGEST_CLASS = 300

TOO_LONG_ALLOWED: set[str] = set()
"""Functions and classes of the server still allowed beyond the limits (none may be added)."""


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
