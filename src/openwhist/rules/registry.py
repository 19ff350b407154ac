"""Variant names and presets -> rules and options; the front door for making a deal."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from openwhist.cards import Card
from openwhist.errors import ConfigError
from openwhist.rules.classic import PRESETS, ClassicOptions, ClassicState, make_options, new_classic_deal

__all__ = ["VariantInfo", "variants", "variant_info", "resolve", "new_deal"]


@dataclass(frozen=True)
class VariantInfo:
    """A declarative header for a variant: its name, players and what it is."""

    name: str
    players: int
    hands: int
    description: str
    presets: tuple[str, ...]


_VARIANTS: dict[str, VariantInfo] = {
    "classic": VariantInfo(
        "classic", 4, 4,
        "Classic whist: English short (default) and long, American, no-trump; partners opposite.",
        tuple(PRESETS)),
    "dummy": VariantInfo(
        "dummy", 3, 4,
        "Dummy whist for three: South's hand is an exposed dummy played by North.",
        tuple(PRESETS)),
}


def variants() -> list[str]:
    """The names of the variants openwhist plays.

    >>> variants()
    ['classic', 'dummy']
    """
    return list(_VARIANTS)


def variant_info(name: str) -> VariantInfo:
    """The header of a variant."""
    try:
        return _VARIANTS[name]
    except KeyError:
        raise ConfigError(f"unknown variant {name!r}; variants: {', '.join(_VARIANTS)}, "
                          f"or a preset: {', '.join(PRESETS)}") from None


def resolve(variant: str = "classic", preset: str | None = None,
            **options: Any) -> tuple[str, ClassicOptions]:
    """The variant name and options that a name (or preset name) and overrides stand for.

    A preset name may be given as the variant: ``resolve("american")`` is classic whist
    with the American preset.
    """
    if variant in PRESETS and preset is None:
        variant, preset = "classic", variant
    info = variant_info(variant)
    if info.name == "dummy":
        options.setdefault("dummy", 2)
    return info.name, make_options(preset, **options)


def new_deal(
    variant: str = "classic",
    *,
    seed: int | None = None,
    dealer: int = 0,
    hands: Sequence[str | Iterable[Card | int | str]] | None = None,
    turn_up: Card | int | str | None = None,
    score: tuple[int, int] = (0, 0),
    preset: str | None = None,
    options: ClassicOptions | None = None,
    **overrides: Any,
) -> ClassicState:
    """Deal one hand of a variant.

    :param variant: a name from :func:`variants` or a preset name (``"english-long"``).
    :param seed: the shuffle's seed (see :func:`openwhist.cards.shuffled_deck`); random if
        neither ``seed`` nor ``hands`` is given.
    :param dealer: the dealer's seat, 0-3 (N, E, S, W).
    :param hands: known hands instead of a shuffle, one per seat from the dealer's left;
        the dealer's last card is the turn-up unless ``turn_up`` is given.
    :param score: the game score of each side before this deal (honours depend on it).
    :param preset: a named option set; ``**overrides`` change single options.
    """
    if options is not None:
        name = variant_info(variant).name if variant not in PRESETS else "classic"
        if overrides or preset:
            options = make_options(base=options, **overrides)
        opts = options
    else:
        name, opts = resolve(variant, preset, **overrides)
    state = new_classic_deal(opts, seed=seed, dealer=dealer, hands=hands, turn_up=turn_up,
                             score=score)
    state.variant = name
    return state
