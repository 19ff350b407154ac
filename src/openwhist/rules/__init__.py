"""Pure game logic: no I/O, no clocks, no randomness except a passed-in seed.

``base`` is the deal protocol (actions, events, the observation, the variant record),
``tricks`` the trick play every family shares, ``seats`` the names of seats and sides;
each family (``classic``, ...) is a module or a package of components (``auction``,
``stock``), ``registry`` knows them all, and ``scorer`` checks a result entered from a
deal played on real cards (a club's scorer) by its family's rules.
"""

from openwhist.rules.actions import Action, Call, action_from_id, parse_action
from openwhist.rules.match_rules import MatchRules
from openwhist.rules.observation import Observation
from openwhist.rules.options import options_from_strings
from openwhist.rules.protocol import Deal
from openwhist.rules.registry import get_variant, header, new_deal, resolve, variant_info, variants
from openwhist.rules.scorer import Entry, check_entry
from openwhist.rules.variant import Variant, VariantHeader

__all__ = ["Action", "Call", "Deal", "Entry", "MatchRules", "Observation", "Variant", "VariantHeader",
           "action_from_id", "check_entry", "get_variant", "header", "new_deal", "options_from_strings",
           "parse_action", "resolve", "variant_info", "variants"]
