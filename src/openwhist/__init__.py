"""openwhist: the Whist family of card games, exact rules, computer players, play and research.

>>> import openwhist
>>> deal = openwhist.new_deal("classic", seed=1)
>>> while not deal.is_over():
...     _ = deal.apply(deal.legal_actions()[0])
>>> sum(deal.result().tricks)
13
"""

from openwhist.cards import Card, CardSet, Rank, Suit
from openwhist.errors import ConfigError, IllegalActionError, InvalidActionError, WhistError
from openwhist.rules.classic import PRESETS, ClassicOptions, ClassicState, DealResult, Observation
from openwhist.rules.registry import new_deal, variants

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardSet",
    "ClassicOptions",
    "ClassicState",
    "ConfigError",
    "DealResult",
    "IllegalActionError",
    "InvalidActionError",
    "Observation",
    "PRESETS",
    "Rank",
    "Suit",
    "WhistError",
    "new_deal",
    "new_match",
    "variants",
]


def __getattr__(name: str) -> object:
    if name == "new_match":
        from openwhist.match import new_match

        return new_match
    raise AttributeError(f"module 'openwhist' has no attribute {name!r}")
