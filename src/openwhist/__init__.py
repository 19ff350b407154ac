"""openwhist: the Whist family of card games, exact rules, computer players, play and research.

>>> import openwhist
>>> deal = openwhist.new_deal("classic", seed=1)
>>> while not deal.is_over():
...     _ = deal.apply(deal.legal_actions()[0])
>>> sum(deal.result().tricks)
13
"""

from openwhist import native

native.install()  # the compiled trick-play core, where this machine has built it
# (before the modules below import the pure Python one)

from openwhist.cards import Card, CardSet, Rank, Suit  # noqa: E402
from openwhist.errors import ConfigError, IllegalActionError, InvalidActionError, WhistError  # noqa: E402
from openwhist.match import Match, match_lengths, new_match  # noqa: E402
from openwhist.rules.base import Action, Call, Deal, Observation, Variant, VariantHeader, parse_action  # noqa: E402
from openwhist.rules.registry import get_variant, new_deal, variants  # noqa: E402

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
