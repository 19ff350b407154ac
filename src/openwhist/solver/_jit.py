"""numba for the solver's numba kernels where it is installed (the optional ``numba``
extra) and wanted; else a stand-in ``njit`` that leaves each function plain Python.

The kernels' source (``_search.py`` and its helpers) then runs as it is, in Python: the
solver's last resort, where neither the C kernels (``_kernel.c``) nor numba can be had,
slow but giving the same values.  ``OPENWHIST_SOLVER=python`` asks for it even where
numba is installed (the tests compare it with the compiled kernels)."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

NUMBA = False
"""Whether the kernels are compiled with numba (else they run as plain Python)."""

njit: Callable[..., Any]
if os.environ.get("OPENWHIST_SOLVER", "").strip().lower() != "python":
    try:
        from numba import njit as _numba_njit

        njit = _numba_njit
        NUMBA = True
    except ImportError:  # not installed (or broken): plain Python
        pass

if not NUMBA:
    def njit(*args: Any, **kwargs: Any) -> Any:
        """numba's ``njit`` without numba: the function itself, unchanged."""
        if len(args) == 1 and callable(args[0]) and not kwargs:
            return args[0]
        return lambda func: func
