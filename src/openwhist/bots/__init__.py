"""Computer players; each sees only :class:`openwhist.rules.base.Observation`.

Bots are named for the command line and the arena: ``random``, ``heuristic``, ``technique``,
``pimc``, ``solver`` and ``sampler``, with options after a colon, e.g. ``pimc:level=2`` (see
:func:`make_bot`).  The ladder's levels (:data:`LEVELS`: ``beginner``, ``club``, ``strong``,
``expert``) name bots too.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from openwhist.bots.base import Bot, RandomBot, play_out, searches
from openwhist.bots.claims import claim_holds, concede_holds
from openwhist.bots.heuristic import HeuristicBot
from openwhist.errors import ConfigError

__all__ = ["BOTS", "LEVELS", "Bot", "HeuristicBot", "RandomBot", "bot_class", "claim_holds", "concede_holds",
           "make_bot", "parse_bot_spec", "play_out", "searches"]

BOTS: dict[str, tuple[str, str]] = {
    "random": ("openwhist.bots.base", "RandomBot"),
    "heuristic": ("openwhist.bots.heuristic", "HeuristicBot"),
    "technique": ("openwhist.bots.book", "TechniqueBot"),
    "pimc": ("openwhist.bots.pimc", "PimcBot"),
    "solver": ("openwhist.bots.solver", "SolverBot"),
    "sampler": ("openwhist.bots.sampler", "SamplerBot"),
}
"""Bot name -> (module, class); modules are imported only when the bot is made."""

LEVELS: dict[str, str] = {
    "beginner": "technique:mistakes=0.3",
    "club": "technique",
    "strong": "pimc:level=2,bid=sampler,book=technique",
    "expert": "pimc:level=3,bid=sampler,book=technique",
}
"""The ladder, weakest first: level name -> the bot it is.  A beginner plays the books'
technique but a beginner's instinct in three decisions out of ten (see
:func:`openwhist.bots.book.instinct`); a club player the books' technique; strong and
expert players search sampled deals (PIMC, 48 and 96 deals a decision in the first four
tricks, then 12 and 24), read the others' cards as the books' technique plays them and,
in an auction, bid by sampling (:class:`~openwhist.bots.sampler.SamplerBot`).  The
strong level spends the time a person waits (a decision's 95th percentile under a second
on one core), the expert level twice its deals.  A level is written like a bot, with
options after a colon that add to or replace its own (``expert:time_budget=0.2``)."""


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``"pimc:level=2,worlds=16"`` into the name and its keyword options.

    >>> parse_bot_spec("pimc:level=2,time_budget=0.5")
    ('pimc', {'level': 2, 'time_budget': 0.5})
    >>> parse_bot_spec("beginner:mistakes=0.5")
    ('technique', {'mistakes': 0.5})
    """
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    kwargs: dict[str, Any] = {}
    if name in LEVELS:
        name, kwargs = parse_bot_spec(LEVELS[name])
    if name not in BOTS:
        raise ConfigError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}; levels: "
                          f"{', '.join(LEVELS)}")
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise ConfigError(f"bad bot option {part!r} in {spec!r}: write key=value")
        kwargs[key.strip()] = _value(value.strip())
    return name, kwargs


def bot_class(spec: str) -> type:
    """The class of the bot a spec names (its module imported, nothing made); e.g. to ask
    :func:`searches` before making one.

    >>> searches(bot_class("pimc:level=3")), searches(bot_class("heuristic"))
    (True, False)
    """
    module, cls_name = BOTS[parse_bot_spec(spec)[0]]
    cls: type = getattr(importlib.import_module(module), cls_name)
    return cls


def _kind(param: inspect.Parameter) -> str:
    """What a bot's option takes, by its default (or, for a default of None, its type):
    ``switch`` (true or false), ``number`` or ``other``."""
    default = param.default
    if isinstance(default, bool):
        return "switch"
    if isinstance(default, int | float) or (
            default is None and str(param.annotation) in ("int | None", "float | None")):
        return "number"
    return "other"


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """Make a bot from its name and options (``"heuristic"``, ``"pimc:level=2"``).

    >>> make_bot("random", seed=1).name
    'random'
    """
    name, kwargs = parse_bot_spec(spec)
    cls = bot_class(spec)
    params = inspect.signature(cls).parameters
    accepted = [p for p in params if p != "seed"]
    unknown = [k for k in kwargs if k not in accepted]
    if unknown:
        raise ConfigError(f"unknown option {unknown[0]!r} for bot {name}; its options: "
                          f"{', '.join(accepted) or 'none'}")
    for key, value in kwargs.items():
        wanted = _kind(params[key])
        if wanted == "switch" and not isinstance(value, bool):
            raise ConfigError(f"option {key!r} of bot {name} is true or false, not {value!r}")
        if wanted == "number" and (isinstance(value, bool) or not isinstance(value, int | float)):
            raise ConfigError(f"option {key!r} of bot {name} is a number, not {value!r}")
    try:
        bot: Bot = cls(seed=seed, **kwargs)
    except TypeError as exc:
        raise ConfigError(f"bad options for bot {name!r}: {exc}") from None
    return bot
