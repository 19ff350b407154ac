"""The search kernels compiled from C (``_kernel.c``), loaded with ctypes.

``_kernel.c`` is the same search as the numba kernels (``_search.py`` and its helpers),
written out in C: the same moves in the same order, the same bounds and the same
transposition table, so it gives the same values and visits the same nodes.  It is a
plain shared library, not a CPython extension: it needs only a C compiler (no Python
headers), knows nothing of Python objects, and ctypes releases the GIL around each
call, so that searches in several threads run at once as the numba kernels' did.

:func:`build` compiles it (about a second) into the per-user cache folder
(:func:`openwhist.native.cache_root`), in a folder named after a hash of the C source,
of the layout constants it is compiled with (``_layout.py``), of the compiler and of
this processor (it is compiled for the processor it runs on: its bit extract and
deposit instructions where it has them), so that stale or foreign code is never
loaded.  :func:`load` returns the kernels, building them first where they are not
built and a compiler is at hand, or None where they cannot be had.
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import mmap
import os
import platform
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading
from pathlib import Path
from typing import Any

from openwhist.native import cache_root
from openwhist.solver import _layout

_HERE = Path(__file__).resolve().parent
SOURCE = _HERE / "_kernel.c"
_NAME = "_kernel.so"
_FLAGS = ("-O2", "-fwrapv", "-fno-strict-aliasing", "-fPIC", "-fvisibility=hidden", "-shared")


def _defines() -> list[str]:
    """The layout constants as -D options (the places in ``work`` and in a table entry)."""
    return [f"-D{name}={value}" for name, value in sorted(vars(_layout).items())
            if name.isupper() and isinstance(value, int)]


def compiler() -> str | None:
    """The C compiler to use: ``$CC``, else Python's own, else ``cc``/``gcc``/``clang``
    (None: none is installed)."""
    names = [os.environ.get("CC", ""), (sysconfig.get_config_var("CC") or "").split(" ")[0],
             "cc", "gcc", "clang"]
    for name in names:
        if name and shutil.which(name):
            return name
    return None


def _cpu() -> str:
    """What identifies this processor's instruction set: its model and feature flags."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            lines = [line for line in f if line.startswith(("flags", "model name", "Features"))]
        return "".join(sorted(set(lines)))
    except OSError:
        return platform.processor()


def source_key() -> str:
    """A hash of the C source, the layout constants, the compiler, this processor and the
    platform: the name of the folder of the compiled kernels."""
    digest = hashlib.sha256(SOURCE.read_bytes())
    for part in (*_FLAGS, *_defines(), str(compiler()), _cpu(), platform.machine(), sys.platform):
        digest.update(b"\0" + part.encode())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    """The folder of the compiled kernels of this source on this machine."""
    return cache_root() / f"solverc-{source_key()}"


def is_built() -> bool:
    """Whether the compiled kernels are in the cache."""
    try:
        return (cache_dir() / _NAME).is_file()
    except OSError:
        return False


def build(folder: Path | None = None) -> Path:
    """Compile the kernels into ``folder`` (by default :func:`cache_dir`) unless they are
    there; return the library's path.  Raises ``RuntimeError`` where no compiler is
    installed or it fails, ``OSError`` where the folder cannot be written."""
    target = (folder or cache_dir()) / _NAME
    if target.is_file():
        return target
    cc = compiler()
    if cc is None:
        raise RuntimeError("no C compiler (install gcc, or set CC)")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="build-", dir=target.parent) as work:
        out = Path(work) / _NAME
        errors = ""
        # for this processor where the compiler can, else for any of its kind
        for arch in (["-march=native"], []):
            done = subprocess.run([cc, *_FLAGS, *arch, *_defines(), "-o", str(out), str(SOURCE)],
                                  capture_output=True, text=True)
            if done.returncode == 0:
                break
            errors = (done.stdout + done.stderr)[-4000:]
        else:
            raise RuntimeError(f"compiling the solver's kernels failed:\n{errors}")
        os.replace(out, target)  # atomic: another process sees the whole file or none
    return target


def words(n: int) -> memoryview:
    """``n`` int64 words set to zero, on pages of their own (so on a cache line's
    boundary), as a writable memoryview (format ``q``) that the kernels take: no numpy
    needed.  Large arrays (the transposition table) ask the system for huge pages, as
    numpy does for its own: fewer misses of the address cache in a search all over it."""
    # private: a process forked after this (a pool of workers) gets its own copy on write,
    # never the parent's table under its feet (an anonymous map is shared by default)
    private = getattr(mmap, "MAP_PRIVATE", None)
    size = max(8 * n, 8)
    memory = mmap.mmap(-1, size) if private is None else mmap.mmap(-1, size, flags=private)
    if n * 8 >= 1 << 22 and hasattr(mmap, "MADV_HUGEPAGE"):
        with contextlib.suppress(OSError):
            memory.madvise(mmap.MADV_HUGEPAGE)
    return memoryview(memory).cast("q")[:n]


def clear(buf: Any) -> None:
    """Set every word of ``buf`` (from :func:`words`, or a numpy array) to zero, touching
    each page of its memory."""
    ctypes.memset(address(buf), 0, len(buf) * 8)


def address(buf: Any) -> int:
    """The address of the first word of a contiguous int64 array: a memoryview from
    :func:`words` or a numpy int64 array.  Raises ``TypeError`` for anything else."""
    if isinstance(buf, memoryview):
        if buf.format != "q" or not buf.c_contiguous or buf.readonly:
            raise TypeError("the kernels take writable contiguous int64 memory")
        return ctypes.addressof(ctypes.c_char.from_buffer(buf))
    dtype = getattr(buf, "dtype", None)
    if dtype is None or str(dtype) != "int64" or not buf.flags.c_contiguous:
        raise TypeError("the kernels take contiguous int64 arrays")
    return int(buf.ctypes.data)


class Kernels:
    """The three kernels of ``_kernel.c``, called as the numba kernels are (the same
    arguments; ``work``, ``tt`` and ``out`` as :func:`words` or numpy int64 arrays)."""

    ESTIMATE = -100

    def __init__(self, lib: ctypes.CDLL) -> None:
        i64, ptr = ctypes.c_int64, ctypes.c_void_p
        self._lib = lib  # keeps the library loaded
        self._search = lib.ow_search
        self._search.argtypes = [ptr, ptr] + [i64] * 9
        self._search.restype = ctypes.c_bool
        self._node_value = lib.ow_node_value
        self._node_value.argtypes = [ptr, ptr] + [i64] * 9
        self._node_value.restype = i64
        self._root_values = lib.ow_root_values
        self._root_values.argtypes = [ptr, ptr] + [i64] * 9 + [ptr]
        self._root_values.restype = None

    def search(self, work: Any, tt: Any, n: int, trump: int, mode: int,
               need: int, leader: int, tlen: int, rem: int, gen: int) -> bool:
        """Whether the declaring side reaches the goal (as ``_search.search``)."""
        return bool(self._search(address(work), address(tt), len(tt), n, trump, mode, need,
                                 leader, tlen, rem, gen))

    def node_value(self, work: Any, tt: Any, n: int, trump: int,
                   mode: int, leader: int, tlen: int, rem: int, guess: int, gen: int) -> int:
        """The declaring side's most or fewest tricks (as ``_search.node_value``)."""
        return int(self._node_value(address(work), address(tt), len(tt), n, trump, mode, leader,
                                    tlen, rem, guess, gen))

    def root_values(self, work: Any, tt: Any, n: int, trump: int,
                    mode: int, target: int, leader: int, tlen: int, rem: int, gen: int,
                    out: Any) -> None:
        """The value of every legal card, into ``out`` (as ``_search.root_values``)."""
        if len(out) < 52:
            raise TypeError("out must hold 52 words")
        self._root_values(address(work), address(tt), len(tt), n, trump, mode, target, leader,
                          tlen, rem, gen, address(out))


_loaded: Kernels | None = None
_lock = threading.Lock()


def load(build_if_needed: bool = True) -> Kernels | None:
    """The compiled kernels: loaded from the cache, or built first where they are not
    (``build_if_needed``) and a compiler is at hand; None where they cannot be had."""
    global _loaded
    if _loaded is not None:
        return _loaded
    with _lock:
        if _loaded is None:
            try:
                if not build_if_needed:
                    path = cache_dir() / _NAME
                else:
                    try:
                        path = build()
                    except OSError:  # the cache cannot be written: a folder of this process's own
                        path = build(Path(tempfile.mkdtemp(prefix="openwhist-solverc-")))
                _loaded = Kernels(ctypes.CDLL(str(path)))
            except (OSError, RuntimeError, AttributeError):
                return None
    return _loaded
