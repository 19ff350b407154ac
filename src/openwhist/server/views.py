"""What each client is sent: a seat's view is the core's ``Observation.to_json()`` as it
is; a spectator's view is built here, because the observation protocol has none.

A spectator sees what every seat sees: each field of the seats' observations that is the
same for all of them, each hand's public cards that every seat not playing that hand sees,
and nothing of any hand's private cards (``hand``, ``legal`` and ``seat`` are empty).

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

from openwhist.rules.base import Call, Deal, Observation
from openwhist.rules.seats import seat_name

__all__ = ["action_seen", "common_view", "public_action", "spectator_view"]

_PRIVATE_EMPTY: dict[str, Any] = {"seat": None, "controls": [], "hand": [], "legal": [], "legal_ids": []}


def _empty_like(value: Any) -> Any:
    if isinstance(value, list):
        return []
    if isinstance(value, dict):
        return {}
    return None


def spectator_view(deal: Deal) -> dict[str, Any]:
    """The public view of a deal: the common part of every seat's observation (same keys
    as ``Observation.to_json()``, with ``"spectator": true``)."""
    return common_view([deal.observation(s).to_json() for s in deal.seats])


def common_view(views: list[dict[str, Any]]) -> dict[str, Any]:
    """The spectator's view made from every seat's ``Observation.to_json()`` (see
    :func:`spectator_view`), for a caller that has built them already."""
    out: dict[str, Any] = {}
    for key, value in views[0].items():
        if all(v[key] == value for v in views[1:]):
            out[key] = value
        else:
            out[key] = _empty_like(value)
    out.update(_PRIVATE_EMPTY)
    names = {v["seat"] for v in views}
    hands: set[str] = set()
    for v in views:
        hands.update(v["known"])
    known: dict[str, list[str]] = {}
    for h in sorted(hands):
        seen = [v["known"].get(h, []) for v in views if h != v["seat"] and h not in v["controls"]]
        if not seen or (h in names and len(seen) < len(views) - 1):
            continue
        common = [c for c in seen[0] if all(c in s for s in seen[1:])]
        if common:
            known[h] = common
    out["known"] = known
    for key in ("info", "hidden"):
        base = views[0][key]
        out[key] = {k: val for k, val in base.items() if all(v[key].get(k) == val for v in views[1:])}
    out["spectator"] = True
    return out


def action_seen(obs: Observation, hand: int, action: Any) -> bool:
    """True if the seat of ``obs`` (an observation taken in the deal the action was made
    in, after it) sees the action: a card among the cards played or in the trick, a call
    among the calls."""
    if isinstance(action, Call):
        return (hand, action) in obs.calls
    card = int(action)
    return card in obs.played or any(int(c) == card for _, c in obs.trick)


def public_action(deal: Deal, hand: int, action: Any, seat: int | None) -> str | None:
    """The action's text if ``seat`` (None: a spectator) sees it in the deal it was made in
    (a card among the cards played, a call among the calls), else None."""
    seats = list(deal.seats) if seat is None else [seat]
    if all(action_seen(deal.observation(s), hand, action) for s in seats):
        return str(action)
    return None


def seat_label(deal: Deal, seat: int) -> str:
    """The seat's letter in this deal (``N``, ``E``...)."""
    return seat_name(seat, deal.n_hands)
