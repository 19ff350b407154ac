"""Where the solver's compiled code is kept: one folder per user, shared by every virtual
environment and checkout of openwhist on the machine.

numba caches a function beside its source file by default (``__pycache__``), so each
installation compiled the solver again (a minute or two), and an edit to one file of
the solver went unnoticed by the cached code of another.  Here the kernels of
``openwhist.solver`` are cached under :func:`cache_root` (``$OPENWHIST_CACHE_DIR``, else
``$XDG_CACHE_HOME/openwhist``, else ``~/.cache/openwhist``), in a folder named after a
hash of every kernel source file and of the numba, llvmlite and Python versions
(:func:`cache_dir`): a change to any of them starts a fresh folder.  Where that folder
cannot be written, numba's own places are used as before.

A process that finds no cached kernels compiles them under a file lock
(:func:`compile_lock`), so that two processes started together compile them once: the
second waits for the first and then loads its work.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from openwhist.native import cache_root
from openwhist.solver._jit import NUMBA

if NUMBA:
    import llvmlite
    import numba
    from numba.core import caching
    from numba.core import dispatcher as numba_dispatcher

# Every file of openwhist.solver whose functions numba compiles (the kernels and their
# helpers), and the constants they read (numba compiles those in as they are).
# tests/test_solver_cache.py checks that no other file compiles any, and that every file
# of the package these import is here.
KERNEL_SOURCES = ("_jit.py", "_layout.py", "_bits.py", "_table.py", "_bounds.py", "_search.py")

_HERE = Path(__file__).resolve().parent


@functools.cache
def source_key(folder: Path = _HERE, names: tuple[str, ...] = KERNEL_SOURCES) -> str:
    """A hash of the kernel source files (``names`` in ``folder``) and of the numba,
    llvmlite and Python versions: the name of the cache folder of this code."""
    digest = hashlib.sha256()
    versions = (f"{numba.__version__} {llvmlite.__version__} {sys.implementation.cache_tag}" if NUMBA
                else f"python {sys.implementation.cache_tag}")
    digest.update(versions.encode())
    for name in names:
        digest.update(b"\0" + name.encode() + b"\0")
        digest.update((folder / name).read_bytes())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    """The folder that holds the compiled kernels of this version of the solver."""
    return cache_root() / f"solver-{source_key()}"


if NUMBA:
    _Dispatcher: Any = numba_dispatcher.Dispatcher

    class _UserCacheLocator(caching._SourceFileBackedLocatorMixin, caching._CacheLocator):
        """numba's cache locator for a file of the solver: the per-user folder of
        :func:`cache_dir`.  The freshness stamp is numba's own (a hash of the file's
        content), so that every installation of the same code shares the entries."""

        def __init__(self, py_func: Any, py_file: str) -> None:
            self._py_file = py_file
            self._lineno = py_func.__code__.co_firstlineno
            self._cache_path = str(cache_dir())

        def get_cache_path(self) -> str:
            return self._cache_path

    class _UserCacheImpl(caching.CompileResultCacheImpl):
        _locator_classes = [_UserCacheLocator, *caching.CompileResultCacheImpl._locator_classes]

    class _UserFunctionCache(caching.FunctionCache):
        _impl_class = _UserCacheImpl


def use_user_cache(namespace: dict[str, Any]) -> list[Any]:
    """Move the disk cache of every cached numba function in ``namespace`` (a module's
    globals) to the per-user folder; returns those functions (none without numba)."""
    moved: list[Any] = []
    if not NUMBA:
        return moved
    for value in namespace.values():
        # (a function imported from another module of the solver was moved there)
        if isinstance(value, _Dispatcher) and isinstance(value._cache, caching.FunctionCache) \
                and not isinstance(value._cache, _UserFunctionCache):
            make: Any = _UserFunctionCache
            value._cache = make(value.py_func)
            moved.append(value)
    return moved


def is_cached(functions: list[Any]) -> bool:
    """Whether each of these numba functions has an index of compiled code in its cache
    folder (a cheap test; numba still checks each entry when it loads it); False
    without numba."""
    if not NUMBA:
        return False
    for func in functions:
        index = getattr(getattr(func._cache, "_cache_file", None), "_index_path", None)
        if index is None or not os.path.exists(index):
            return False
    return True


def compiling_elsewhere() -> bool:
    """Whether another process holds the compile lock (is compiling the kernels now)."""
    try:
        import fcntl
    except ImportError:
        return False
    try:
        handle = open(cache_dir() / "compile.lock", "a")  # noqa: SIM115 (closed below)
    except OSError:
        return False
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
        fcntl.flock(handle, fcntl.LOCK_UN)
        return False


@contextlib.contextmanager
def compile_lock(on_wait: Any = None) -> Iterator[None]:
    """Hold the cache folder's compile lock (one process compiles at a time; the others
    wait, then load what it compiled).  ``on_wait()`` is called once if another process
    holds it.  Where locking is not possible, nothing is locked."""
    try:
        import fcntl
    except ImportError:  # Windows: compile without a lock
        yield
        return
    try:
        path = cache_dir()
        path.mkdir(parents=True, exist_ok=True)
        handle = open(path / "compile.lock", "a")  # noqa: SIM115 (closed below)
    except OSError:
        yield
        return
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            if on_wait is not None:
                on_wait()
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
