"""The solver's compiled code is cached per user, keyed on its sources, shared by every
installation, compiled by one process at a time, and a wait for it is explained."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from openwhist.solver import _cache, _jit

# the numba kernels and their cache: the optional numba extra
needs_numba = pytest.mark.skipif(not _jit.NUMBA, reason="numba is not installed")

SOLVER = Path(_cache.__file__).resolve().parent


def test_every_file_that_numba_compiles_is_in_the_key() -> None:
    compiled = {p.name for p in SOLVER.glob("*.py") if re.search(r"@(numba\.)?(njit|jit)\b", p.read_text())}
    assert compiled  # the kernels
    assert compiled <= set(_cache.KERNEL_SOURCES)


def test_every_file_the_kernels_import_is_in_the_key() -> None:
    # numba compiles in the constants of the files a kernel reads: a change to one of them
    # must start a fresh cache folder too
    sources = set(_cache.KERNEL_SOURCES)
    for name in sources:
        text = (SOLVER / name).read_text()
        imported = set(re.findall(r"^from openwhist\.solver\.(\w+) import", text, re.M))
        imported |= {n for group in re.findall(r"^from openwhist\.solver import (.+)$", text, re.M)
                     for n in re.split(r",\s*", group)}
        assert {f"{m}.py" for m in imported} - {"_cache.py"} <= sources, name


def test_cache_root_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("OPENWHIST_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert _cache.cache_root() == tmp_path / "home" / ".cache" / "openwhist"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert _cache.cache_root() == tmp_path / "xdg" / "openwhist"
    monkeypatch.setenv("OPENWHIST_CACHE_DIR", str(tmp_path / "mine"))
    assert _cache.cache_root() == tmp_path / "mine"
    assert _cache.cache_dir().parent == tmp_path / "mine"
    assert re.fullmatch(r"solver-[0-9a-f]{16}", _cache.cache_dir().name)


def test_the_key_changes_with_any_kernel_file(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "b.py").write_text("y = 2\n")
    names = ("a.py", "b.py")
    first = _cache.source_key(tmp_path, names)
    _cache.source_key.cache_clear()
    assert _cache.source_key(tmp_path, names) == first  # the same sources, the same key
    (tmp_path / "b.py").write_text("y = 3\n")
    _cache.source_key.cache_clear()
    assert _cache.source_key(tmp_path, names) != first
    _cache.source_key.cache_clear()


@needs_numba
def test_the_kernels_are_cached_in_the_user_folder() -> None:
    from openwhist.solver import _bits, _bounds, _search, _table

    for kernel in (_search.search, _search.node_value, _search.root_values, _bits._popcount,
                   _table._grow, _bounds._quick_tricks):
        assert kernel._cache.cache_path == str(_cache.cache_dir())


KERNEL = textwrap.dedent("""
    from numba import njit
    from openwhist.solver._cache import use_user_cache

    @njit(cache=True)
    def twice(x):
        return 2 * x

    use_user_cache(globals())
    assert twice(21) == 42
    print(twice.stats.cache_hits and "hit" or "miss", twice._cache.cache_path)
""")


@needs_numba
def test_a_second_installation_loads_what_the_first_compiled(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    env = dict(os.environ, OPENWHIST_CACHE_DIR=str(cache))
    answers = []
    for install in ("venv1", "venv2"):  # the same module in two places
        folder = tmp_path / install
        folder.mkdir()
        (folder / "kernel.py").write_text(KERNEL)
        out = subprocess.run([sys.executable, "-c", "import kernel"], cwd=folder, env=env,
                             capture_output=True, text=True, check=True)
        answers.append(out.stdout.split())
    assert [a[0] for a in answers] == ["miss", "hit"]
    assert answers[0][1] == answers[1][1] == str(_cache.cache_dir()).replace(
        str(_cache.cache_root()), str(cache))


def test_the_compile_lock_lets_one_process_in_at_a_time(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    monkeypatch.setenv("OPENWHIST_CACHE_DIR", str(tmp_path))
    held = threading.Event()
    release = threading.Event()

    def holder() -> None:
        with _cache.compile_lock():
            held.set()
            release.wait(5)

    thread = threading.Thread(target=holder)
    thread.start()
    held.wait(5)
    waits: list[float] = []
    threading.Timer(0.3, release.set).start()
    start = time.perf_counter()
    with _cache.compile_lock(lambda: waits.append(time.perf_counter() - start)):
        entered = time.perf_counter() - start
    thread.join()
    assert len(waits) == 1 and waits[0] < 0.2
    assert entered >= 0.25


def _first_stderr_line(env: dict[str, str]) -> str:
    """Start loading the solver in a fresh process whose stderr is a pipe, and return the
    first line it writes there (the process is then stopped)."""
    proc = subprocess.Popen([sys.executable, "-c", "from openwhist.solver import _search; "
                             "_search.compile_kernels()"], env=env, stderr=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, text=True)
    try:
        assert proc.stderr is not None
        return proc.stderr.readline().strip()
    finally:
        proc.kill()
        proc.wait()


@needs_numba
def test_a_cold_start_says_why_it_waits(tmp_path: Path) -> None:
    env = dict(os.environ, OPENWHIST_CACHE_DIR=str(tmp_path))
    line = _first_stderr_line(env)
    assert line.startswith("openwhist: compiling the solver for this machine"), line


@needs_numba
def test_a_start_during_another_compilation_says_it_waits(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    monkeypatch.setenv("OPENWHIST_CACHE_DIR", str(tmp_path))
    with _cache.compile_lock():
        line = _first_stderr_line(dict(os.environ))
    assert line.startswith("openwhist: waiting for another process that is compiling the solver"), line


@needs_numba
def test_compiling_elsewhere_tells_whether_the_lock_is_held(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    monkeypatch.setenv("OPENWHIST_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("OPENWHIST_SOLVER", "numba")
    assert not _cache.compiling_elsewhere()
    with _cache.compile_lock():
        out = subprocess.run([sys.executable, "-m", "openwhist.solver", "--check"], env=dict(os.environ))
        assert out.returncode == 0  # not cached, but another process compiles it
    out = subprocess.run([sys.executable, "-m", "openwhist.solver", "--check"], env=dict(os.environ))
    assert out.returncode == 1


@needs_numba
def test_the_inliner_copy_shares_one_scope_per_copy_and_is_restored() -> None:
    import copy

    from numba.core import inline_closurecall, ir
    from numba.core.compiler import run_frontend

    from openwhist.solver import _search

    def f(x: int) -> int:
        y = x + 1
        if y > 2:
            y = y * 3
        return y

    func_ir = run_frontend(f)
    shim = _search._OneScopePerCopy()
    func_ir_copy = shim.afresh(ir.FunctionIR.copy)(func_ir)
    blocks = {label: shim.deepcopy(block) for label, block in func_ir.blocks.items()}
    scopes = {id(b.scope) for b in blocks.values()}
    assert len(scopes) == 1 and id(func_ir.blocks[0].scope) not in scopes  # one copy, a new one
    plain = {label: copy.deepcopy(block) for label, block in func_ir.blocks.items()}
    assert [[str(stmt) for stmt in b.body] for b in blocks.values()] == \
        [[str(stmt) for stmt in b.body] for b in plain.values()]
    assert all(b.scope == p.scope for b, p in zip(blocks.values(), plain.values()))
    assert func_ir_copy is not func_ir
    _search.compile_kernels()
    assert inline_closurecall.copy is copy  # numba's own again
    assert ir.FunctionIR.copy.__qualname__ == "FunctionIR.copy"
