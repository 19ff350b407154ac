"""Variant names and presets -> :class:`~openwhist.rules.base.Variant` records; the front
door for making a deal.  A family joins by being registered here, and gets the deal
protocol's contract tests, the match, records, bots and every front end with it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from openwhist.cards import Card
from openwhist.errors import ConfigError
from openwhist.rules.actions import Call
from openwhist.rules.belgian import BELGIAN
from openwhist.rules.classic import CLASSIC, DUMMY
from openwhist.rules.contract import Promise
from openwhist.rules.exactbid import OH_HELL, ROMANIAN
from openwhist.rules.german import GERMAN
from openwhist.rules.observation import Observation
from openwhist.rules.protocol import Deal
from openwhist.rules.variant import Variant, VariantHeader

__all__ = ["get_variant", "header", "new_deal", "promises", "register", "resolve", "variant_info",
           "variants"]

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


for _v in (CLASSIC, DUMMY, GERMAN, BELGIAN, ROMANIAN, OH_HELL):
    register(_v)

variant_info = get_variant
"""The record of a variant (the older name of :func:`get_variant`)."""


def resolve(variant: str = "classic", preset: str | None = None,
            **options: Any) -> tuple[str, Any]:
    """The variant name and options that a name (or preset name) and overrides stand for.

    A preset name may be given as the variant: ``resolve("american")`` is classic whist
    with the American preset.

    >>> name, opts = resolve("american", target=9)
    >>> name, opts.target, opts.honours
    ('classic', 9, False)
    """
    record = get_variant(variant)
    if variant not in _VARIANTS and preset is None:
        preset = variant
    return record.name, record.options(preset, **options)


def header(variant: str = "classic", preset: str | None = None, options: Any = None,
           **overrides: Any) -> VariantHeader:
    """The declared header of a variant (or preset) under its options: who plays which
    hand, the partnership model, the longest deal and the points a deal can give; read
    from the rules, nothing is dealt (see :meth:`Variant.header`).

    >>> h = header("dummy")
    >>> h.seats, h.partnership, h.max_actions
    ((0, 1, 3), 'fixed', 52)
    >>> header("belgian").sides is None
    True
    """
    if options is None:
        variant, options = resolve(variant, preset, **overrides)
    return get_variant(variant).header(options)


def promises(obs: Observation, calls: Iterable[Call]) -> dict[Call, Promise]:
    """What each of ``calls`` commits its caller to (:class:`Promise`), from the rules of
    the observation's variant; calls that commit to nothing (a pass, a wait), and every
    call of a family without an auction, are left out."""
    promise = get_variant(obs.variant).promise
    if promise is None:
        return {}
    out = {}
    for c in calls:
        p = promise(obs.options, c)
        if p is not None:
            out[c] = p
    return out


def new_deal(
    variant: str = "classic",
    *,
    seed: int | None = None,
    dealer: int | str = 0,
    hands: Sequence[str | Iterable[Card | int | str]] | None = None,
    turn_up: Card | int | str | None = None,
    score: tuple[int, ...] | None = None,
    preset: str | None = None,
    options: Any = None,
    **overrides: Any,
) -> Deal:
    """Deal one hand of a variant.

    :param variant: a name from :func:`variants` or a preset name (``"english-long"``).
    :param seed: the shuffle's seed (see :func:`openwhist.cards.shuffled_deck`); random if
        neither ``seed`` nor ``hands`` is given.
    :param dealer: the dealer's seat, 0-3 or its letter (N, E, S, W).
    :param hands: known hands instead of a shuffle, one per seat from the dealer's left;
        the dealer's last card is the turn-up unless ``turn_up`` is given.
    :param score: the match score of each side before this deal (classic honours depend
        on it).
    :param preset: a named option set; ``**overrides`` change single options.
    :param options: a ready options record of the variant instead of preset and overrides.
    """
    record = get_variant(variant)
    if options is not None:
        if overrides or preset:
            data = options.to_dict()
            data.update(overrides)
            options = record.options_type.from_dict(data)
        opts = options
    else:
        _, opts = resolve(variant, preset, **overrides)
    kwargs: dict[str, Any] = {"seed": seed, "dealer": dealer, "hands": hands, "turn_up": turn_up}
    if score is not None:
        kwargs["score"] = score
    state: Deal = record.deal(opts, **kwargs)
    return state
