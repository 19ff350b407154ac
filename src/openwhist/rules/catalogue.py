"""The table of variant records by name: what :mod:`openwhist.rules.registry` fills with
the families and every module looks a variant up in.

It sits below the families and the observation (it imports only the variant record), so
that the observation may read its variant's hooks (the options' type, the stakes) by name
without importing the families that build on it.  ``import openwhist`` fills it (the
package imports the registry); a variant made elsewhere joins with :func:`register`.
"""

from __future__ import annotations

from openwhist.errors import ConfigError
from openwhist.rules.variant import Variant

__all__ = ["get_variant", "register", "variants"]

_VARIANTS: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    """Add a variant to the registry (its name must be new and differ from every preset)."""
    if variant.name in _VARIANTS or variant.name in _preset_owners():
        raise ConfigError(f"a variant or preset named {variant.name!r} is already registered")
    _VARIANTS[variant.name] = variant
    return variant


def variants() -> list[str]:
    """The names of the variants openwhist plays.

    >>> variants()
    ['classic', 'dummy', 'german', 'belgian', 'romanian', 'oh-hell']
    """
    return list(_VARIANTS)


def _preset_owners() -> dict[str, str]:
    """Preset name -> the first variant that has it (``"american"`` -> ``"classic"``)."""
    owners: dict[str, str] = {}
    for v in _VARIANTS.values():
        for p in v.presets:
            owners.setdefault(p, v.name)
    return owners


def get_variant(name: str) -> Variant:
    """The record of a variant by its name (a preset name gives its variant)."""
    if isinstance(name, str):
        if name in _VARIANTS:
            return _VARIANTS[name]
        owner = _preset_owners().get(name)
        if owner is not None:
            return _VARIANTS[owner]
    raise ConfigError(f"unknown variant {name!r}; variants: {', '.join(_VARIANTS)}, "
                      f"or a preset: {', '.join(_preset_owners())}")
