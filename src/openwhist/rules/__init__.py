"""Pure game logic: no I/O, no clocks, no randomness except a passed-in seed."""

from openwhist.rules.classic import ClassicOptions, ClassicState, DealResult, Observation
from openwhist.rules.registry import new_deal, resolve, variant_info, variants

__all__ = ["ClassicOptions", "ClassicState", "DealResult", "Observation", "new_deal", "resolve",
           "variant_info", "variants"]
