"""The research environment: PettingZoo AEC environments and OpenSpiel games for every
registered variant, their tensors (``docs/tensors.md``) and a compiled batch simulator.

The adapters need the ``research`` extra (``pip install 'openwhist[research]'``:
pettingzoo, gymnasium, open-spiel); the tensors (:mod:`openwhist.env.tensors`) and the
batch simulator (:mod:`openwhist.env.batch`) only numpy and numba.  Importing this package
registers every variant with OpenSpiel when open-spiel is installed, as
``openwhist_<variant>`` (``pyspiel.load_game("openwhist_classic")``).
"""

from __future__ import annotations

from typing import Any

try:
    import numpy  # noqa: F401
except ImportError:  # pragma: no cover - the play install has no numpy
    raise ImportError("openwhist.env needs numpy: pip install 'openwhist[research]'") from None

from openwhist.env.tensors import (
    TensorLayout,
    action_mask,
    information_state_tensor,
    observation_tensor,
    tensor_layout,
)
from openwhist.rules.registry import DEFAULT_VARIANT

__all__ = [
    "TensorLayout",
    "action_mask",
    "aec_env",
    "information_state_tensor",
    "observation_tensor",
    "register_openspiel",
    "tensor_layout",
]


def aec_env(variant: str = DEFAULT_VARIANT, **options: Any) -> Any:
    """A PettingZoo AEC environment for a variant (or preset), wrapped as PettingZoo's own
    environments are (see :class:`openwhist.env.aec.WhistEnv` for the arguments)."""
    from openwhist.env.aec import aec_env as make

    return make(variant, **options)


def register_openspiel() -> list[str]:
    """Register every variant with OpenSpiel (done on import when open-spiel is installed);
    returns the game names."""
    from openwhist.env.spiel import register_all

    return register_all()


try:
    import pyspiel  # noqa: F401
except ImportError:  # the research extra is not installed: no OpenSpiel games
    pass
else:
    register_openspiel()
