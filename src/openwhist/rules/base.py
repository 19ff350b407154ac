"""The deal protocol every variant speaks: actions, events, the observation, the variant record.

Everything above ``rules/`` (matches, records, bots, the arena, the terminal game, the
server) drives deals through this surface and never imports a family's module.

This module gathers the surface from the modules that hold it:
:mod:`~openwhist.rules.actions` (cards and calls), :mod:`~openwhist.rules.events`,
:mod:`~openwhist.rules.contract`, :mod:`~openwhist.rules.observation`,
:mod:`~openwhist.rules.protocol` (the :class:`Deal`), :mod:`~openwhist.rules.options`,
:mod:`~openwhist.rules.match_rules` and :mod:`~openwhist.rules.variant`.

Actions are cards and calls (:func:`parse_action` reads both from text, ids are stable);
:class:`Observation` is what one seat may know, with a documented JSON schema.
"""

from __future__ import annotations

from openwhist.rules.actions import (
    CALL_KINDS,
    UNSEEN_DISCARD,
    Action,
    Call,
    action_from_id,
    action_name,
    parse_action,
)
from openwhist.rules.contract import Contract
from openwhist.rules.contract import ContractBound as ContractBound
from openwhist.rules.events import (
    CallMade,
    CardDrawn,
    CardPlayed,
    CardTurned,
    DealScored,
    Event,
    TrickWon,
)
from openwhist.rules.match_rules import GameRecord, MatchLength, MatchRules, RubberRecord, SheetRow
from openwhist.rules.observation import OBSERVATION_SCHEMA, Observation
from openwhist.rules.observation import _mask_texts as _mask_texts
from openwhist.rules.observation import _tricks_json as _tricks_json
from openwhist.rules.options import (
    OptionInfo,
    OptionsRecord,
    option,
    option_infos,
    options_from_strings,
)
from openwhist.rules.protocol import Deal, Result
from openwhist.rules.stakes import Stakes
from openwhist.rules.variant import Declaration, Variant, VariantHeader
from openwhist.rules.variant import Partnership as Partnership

__all__ = [
    "Action",
    "CALL_KINDS",
    "Call",
    "CallMade",
    "CardDrawn",
    "CardPlayed",
    "CardTurned",
    "Contract",
    "Deal",
    "Declaration",
    "DealScored",
    "Event",
    "GameRecord",
    "MatchLength",
    "MatchRules",
    "OBSERVATION_SCHEMA",
    "Observation",
    "OptionInfo",
    "OptionsRecord",
    "Result",
    "RubberRecord",
    "SheetRow",
    "Stakes",
    "TrickWon",
    "UNSEEN_DISCARD",
    "Variant",
    "VariantHeader",
    "action_from_id",
    "action_name",
    "option",
    "option_infos",
    "options_from_strings",
    "parse_action",
]

