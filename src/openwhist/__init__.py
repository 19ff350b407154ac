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
from openwhist.match import Match, match_lengths, new_match
from openwhist.rules.base import Action, Call, Deal, Observation, Variant, VariantHeader, parse_action
from openwhist.rules.registry import get_variant, new_deal, variants

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Call",
    "Card",
    "CardSet",
    "ConfigError",
    "Deal",
    "IllegalActionError",
    "InvalidActionError",
    "Match",
    "Observation",
    "Rank",
    "Suit",
    "Variant",
    "VariantHeader",
    "WhistError",
    "get_variant",
    "match_lengths",
    "new_deal",
    "new_match",
    "parse_action",
    "variants",
]
