"""The trick-play core compiled to C with mypyc, where this machine has built it.

:mod:`openwhist.rules.tricks` (following suit, the trick's winner, :class:`TrickPlay`) runs
under every card played through the API, by bots, servers and learning loops.  Its
source is plain, typed Python; mypyc (which comes with mypy) compiles the same source to
a C extension that plays a card several times faster.  Nothing else changes: the
compiled module is that file, its classes the same classes.

:func:`build` compiles it into a per-user cache folder named after a hash of the source
and of the Python version (``<cache root>/core-<hash>``, the cache root as the solver's,
:func:`cache_root`), so an edit to the source, or another Python, is never served stale
code.  :func:`install` (run by ``import openwhist``) loads the compiled module from there
when it exists and otherwise leaves the pure Python one; ``OPENWHIST_PURE_PYTHON=1``
keeps the pure Python one regardless.  ``python -m openwhist.native`` builds it (the
set-up script runs it); ``--check`` tells by its exit status whether it is built.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

MODULES = ("openwhist.rules.tricks",)
"""The modules compiled, by name (each the file of the same path under the package)."""

_PACKAGE = Path(__file__).resolve().parent.parent
_SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def cache_root() -> Path:
    """The folder of openwhist's caches: ``$OPENWHIST_CACHE_DIR`` if set, else
    ``$XDG_CACHE_HOME/openwhist``, else ``~/.cache/openwhist``."""
    env = os.environ.get("OPENWHIST_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".cache") / "openwhist"


def _source(module: str) -> Path:
    return _PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")


def source_key() -> str:
    """A hash of the compiled modules' sources and of the Python build: the name of the
    folder that holds their compiled form."""
    digest = hashlib.sha256(f"{sys.implementation.cache_tag} {_SUFFIX}".encode())
    for module in MODULES:
        digest.update(b"\0" + module.encode() + b"\0")
        digest.update(_source(module).read_bytes())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    """The folder of the compiled core for this source and this Python."""
    return cache_root() / f"core-{source_key()}"


def _files(folder: Path) -> dict[str, Path]:
    """The extension files of a built folder, by module name (the compiled modules and
    mypyc's shared part of each)."""
    found: dict[str, Path] = {}
    for path in folder.glob(f"*{_SUFFIX}"):
        found[path.name[: -len(_SUFFIX)]] = path
    return found


def is_built() -> bool:
    """Whether the compiled core for this source and Python is in the cache."""
    try:
        names = _files(cache_dir())
    except OSError:
        return False
    return all(m in names for m in MODULES)


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules (and mypyc's shared part) in the cache folder."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        """The spec of a compiled module, or None for every other module."""
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def install() -> bool:
    """Load the compiled core, where it is built, in place of the pure Python modules
    (which must not be imported yet); return whether it is used.  Never raises: any
    trouble (a damaged file in the cache) leaves the pure Python modules."""
    if os.environ.get("OPENWHIST_PURE_PYTHON") or any(m in sys.modules for m in MODULES):
        return False
    try:
        folder = cache_dir()
        names = _files(folder) if folder.is_dir() else {}
    except OSError:
        return False
    if not all(m in names for m in MODULES):
        return False
    files = {name: path for name, path in names.items()
             if name in MODULES or name.endswith("__mypyc")}
    finder = _Finder(files)
    sys.meta_path.insert(0, finder)
    before = set(sys.modules)
    try:
        for module in MODULES:
            importlib.import_module(module)
    except Exception:  # a damaged or foreign file: forget what it half loaded
        sys.meta_path.remove(finder)
        for name in set(sys.modules) - before:
            del sys.modules[name]
        return False
    return True


def is_compiled() -> bool:
    """Whether the trick-play core in use is the compiled one."""
    from openwhist.rules import tricks

    return not str(tricks.__file__).endswith(".py")


_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
setup(name="openwhist-core", ext_modules=mypycify(sys.argv[3:], target_dir=sys.argv[2]),
      script_args=["build_ext", "--build-lib", sys.argv[1], "--build-temp", sys.argv[2]])
"""


def can_build() -> str | None:
    """Why the core cannot be compiled here (None: it can): mypyc, a C compiler and the
    Python headers are needed."""
    import shutil
    import sysconfig

    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (it comes with mypy: pip install mypy)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return "no C compiler (install gcc)"
    include = sysconfig.get_paths().get("include")
    if not include or not (Path(include) / "Python.h").exists():
        return "the Python headers are missing (install python3-dev)"
    return None


def build() -> Path:
    """Compile the core into :func:`cache_dir` (unless it is there); return the folder.
    Raises ``RuntimeError`` with the compiler's message where it cannot be built."""
    import shutil
    import subprocess
    import tempfile

    target = cache_dir()
    if is_built():
        return target
    why = can_build()
    if why is not None:
        raise RuntimeError(f"the compiled core cannot be built: {why}")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="core-", dir=target.parent) as work:
        out, temp = Path(work) / "lib", Path(work) / "temp"
        sources = [str(_source(m).relative_to(_PACKAGE.parent)) for m in MODULES]
        env = dict(os.environ, MYPY_CACHE_DIR=str(Path(work) / "mypy-cache"))
        done = subprocess.run([sys.executable, "-c", _SETUP, str(out), str(temp), *sources],
                              cwd=_PACKAGE.parent, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError("compiling the core failed:\n" + (done.stdout + done.stderr)[-4000:])
        staged = Path(work) / "staged"
        staged.mkdir()
        for path in out.rglob(f"*{_SUFFIX}"):
            package = path.relative_to(out).parent.as_posix().replace("/", ".")
            name = path.name[: -len(_SUFFIX)]
            shutil.copy2(path, staged / f"{package}.{name}{_SUFFIX}")
        try:
            staged.rename(target)
        except OSError:
            if not is_built():  # not another process's build finished first
                raise
    return target
