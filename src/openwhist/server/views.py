"""What each client is sent: a seat's view is the core's ``Observation.to_json()``, a
spectator's the core's public view, ``Deal.public_observation().to_json()``, as they are.

The rules define both audiences; nothing here decides what anyone may see.  A spectator
sees what someone watching from the first card could know: never a hand's private cards
(``hand``, ``legal`` and ``seat`` are empty, ``"spectator": true``).

>>> import openwhist
>>> deal = openwhist.new_deal("classic", seed=5)
>>> view = spectator_view(deal)
>>> view["hand"], view["legal"], view["seat"], view["spectator"]
([], [], None, True)
>>> view["turn_up"] == str(deal.turn_up)
True
"""

from __future__ import annotations

from typing import Any

from openwhist.errors import InvalidActionError
from openwhist.rules.base import Call, Deal, Observation

__all__ = ["action_shown", "observe", "spectator_view"]


def observe(deal: Deal, seat: int | None) -> Observation:
    """The deal as ``seat`` sees it; None: a spectator (the public observation)."""
    return deal.public_observation() if seat is None else deal.observation(seat)


def spectator_view(deal: Deal) -> dict[str, Any]:
    """The public view of a deal (same keys as ``Observation.to_json()``, with
    ``"spectator": true``)."""
    return deal.public_observation().to_json()


def action_shown(obs: Observation, hand: int, action: Any) -> str | None:
    """The action's text as the observer of ``obs`` (an observation taken in the deal the
    action was made in, after it) saw it, or None if it did not see it: a card among the
    cards played or in the trick, a call among the calls, or a call among the calls in the
    form the observer saw it (another player's discard: ``discard``, its card unseen)."""
    if isinstance(action, Call):
        if (hand, action) in obs.calls:
            return str(action)
        if action.card is not None:
            try:
                unseen = Call.make(action.kind)
            except InvalidActionError:
                return None
            if (hand, unseen) in obs.calls:
                return str(unseen)
        return None
    card = int(action)
    if card in obs.played or any(int(c) == card for _, c in obs.trick):
        return str(action)
    return None
