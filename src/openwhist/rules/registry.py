"""Variant names and presets -> :class:`~openwhist.rules.base.Variant` records; the front
door for making a deal.  A family joins by being registered here, and gets the deal
protocol's contract tests, the match, records, bots and every front end with it.

The table itself is :mod:`openwhist.rules.catalogue`, below the families (so that what
they build on, the observation, may look a variant up by its name); this module fills it
with the families openwhist plays."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from openwhist.cards import Card
from openwhist.rules.actions import Call
from openwhist.rules.belgian import BELGIAN
from openwhist.rules.catalogue import _VARIANTS, get_variant, register, variants
from openwhist.rules.classic import CLASSIC, DUMMY
from openwhist.rules.contract import Promise
from openwhist.rules.exactbid import OH_HELL, ROMANIAN
from openwhist.rules.german import GERMAN
from openwhist.rules.howto import LANGUAGES as HOWTO_LANGUAGES
from openwhist.rules.howto import HowToError, howto
from openwhist.rules.observation import Observation
from openwhist.rules.protocol import Deal
from openwhist.rules.variant import VariantHeader

__all__ = ["DEFAULT_VARIANT", "HOWTO_LANGUAGES", "HowToError", "get_variant", "header", "howto", "new_deal",
           "promises", "register", "resolve", "variant_info", "variants"]

for _v in (CLASSIC, DUMMY, GERMAN, BELGIAN, ROMANIAN, OH_HELL):
    register(_v)

DEFAULT_VARIANT = "classic"
"""The variant played where none is named (and that of a record that names none)."""

variant_info = get_variant
"""The record of a variant (the older name of :func:`get_variant`)."""


def resolve(variant: str = DEFAULT_VARIANT, preset: str | None = None,
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


def header(variant: str = DEFAULT_VARIANT, preset: str | None = None, options: Any = None,
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
    variant: str = DEFAULT_VARIANT,
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
