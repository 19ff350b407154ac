"""A finished match's record made ready to be replayed trick by trick in the browser: the
rules core replays the record (validating every action) and this module writes down, for
each deal, every hand at the start and before each trick, the calls, each trick with its
winner, and the result, so that the client shows it without holding any rule.

>>> import openwhist
>>> from openwhist import records
>>> from openwhist.bots import RandomBot, play_out
>>> match = openwhist.new_match("classic", seed=4, until="deals", count=1)
>>> play_out(match, {s: RandomBot(seed=s) for s in match.state.seats})
>>> out = replay_frames(records.match_record(match))
>>> deal = out["deals"][0]
>>> len(deal["tricks"]), sum(len(cards) for cards in deal["start"].values())
(13, 52)
>>> out["pbn"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from openwhist import records
from openwhist.cards import CardSet
from openwhist.rules.base import Deal
from openwhist.rules.registry import DEFAULT_VARIANT, get_variant
from openwhist.rules.seats import NO_PLAYER, seat_names
from openwhist.store import get_user, list_records, table_events

if TYPE_CHECKING:
    from sqlalchemy import Connection

__all__ = ["GUEST", "player_names", "record_names", "replay_frames", "split_guests"]

GUEST = "guest:"
"""What marks a guest's name in a record's ``players`` (a member's name has no colon)."""


def _hands(deal: Deal, letters: tuple[str, ...]) -> dict[str, list[str]]:
    where = deal.locations()
    return {h: [str(c) for c in CardSet(where[h])] for h in letters if h in where}


def _deal_frames(body: Mapping[str, Any], options: Any) -> dict[str, Any]:
    variant = get_variant(str(body.get("variant", DEFAULT_VARIANT)))
    deal: Deal = variant.from_setup(options, body)
    letters = tuple(seat_names(deal.n_hands))
    start = _hands(deal, letters)
    tricks: list[dict[str, Any]] = []
    before = start
    for action in body["actions"]:
        obs = deal.observation(deal.seats[0])
        if not obs.trick:
            before = _hands(deal, letters)
        done = len(obs.tricks)
        deal.apply(action)
        after = deal.observation(deal.seats[0]).to_json()
        if len(after["tricks"]) > done:
            trick = after["tricks"][-1]
            tricks.append({**trick, "hands": before, "tricks_won": after["tricks_won"]})
    final = deal.observation(deal.seats[0]).to_json()
    result = deal.result().to_dict() if deal.is_over() else None
    return {
        "dealer": final["dealer"], "hands": letters, "start": start, "trump": final["trump"],
        "turn_up": body.get("turn_up"), "calls": final["calls"], "sides": final["sides"],
        "contract": final.get("contract"), "tricks": tricks, "result": result,
        "end": _hands(deal, letters),
    }


def replay_frames(record: Mapping[str, Any]) -> dict[str, Any]:
    """Every deal of a match record, trick by trick with all hands (raises
    :class:`openwhist.records.RecordError` for a record that does not replay)."""
    match = records.replay(record)
    options = match.options
    deals = [_deal_frames(body, options) for body in record["deals"]]
    return {
        "variant": record["variant"], "players": record.get("players"),
        "hands": match.hands, "pbn": match.hands == 4,
        "summary": record.get("summary"), "deals": deals,
    }




def player_names(conn: Connection, table_id: str, record_id: int,
                 record: Mapping[str, Any]) -> list[str | None]:
    """Who played each hand of a table's finished match, in seat order, a guest's name
    marked (``guest:NAME``); None where no person's name is known (a computer player, the
    dummy).  Run on the store's thread
    (``conn``) for an old record (see :func:`record_names`)."""
    given = record_names(record)
    if given is not None:
        return given
    names: list[str | None] = [None] * len(record.get("players") or [])
    match_no = next((r["match_no"] for r in list_records(conn, table_id, limit=1_000_000)
                     if r["id"] == record_id), None)
    if match_no is None:
        return names
    events = table_events(conn, table_id)
    end = max((e["version"] for e in events if e["type"] == "action" and e["match_no"] == match_no
               and e["version"] is not None), default=None)
    sitting: dict[int, dict[str, Any]] = {}
    for e in events:
        if e["type"] == "seat" and (end is None or e["version"] <= end):
            sitting[e["seat"]] = e
    for seat, e in sitting.items():
        if e["kind"] == "person" and e["user_id"] is not None and 0 <= seat < len(names):
            user = get_user(conn, e["user_id"])
            names[seat] = None if not user else GUEST + user["name"] if user["guest"] else user["name"]
    return names


def record_names(record: Mapping[str, Any]) -> list[str | None] | None:
    """The people's names a record gives for its hands, in seat order, a guest's marked
    as the record marks it (``guest:NAME``; None for a bot, ``bot:LEVEL``, and for the
    dummy); None for a record that names only the seats (as
    the records of tables made before they named their players do): who sat there is
    then found in the table's seat history (:func:`player_names`)."""
    players = [str(p) for p in record.get("players") or []]
    letters = seat_names(len(players))
    if all(p in (letter, NO_PLAYER) for p, letter in zip(players, letters)):
        return None
    return [None if p.startswith("bot:") or p in (letter, NO_PLAYER) else p
            for p, letter in zip(players, letters)]


def split_guests(names: list[str | None]) -> tuple[list[str | None], list[bool]]:
    """The names of :func:`record_names` or :func:`player_names` without their guest
    marks, and whether each was a guest's.

    >>> split_guests(["ann", "guest:bob", None])
    (['ann', 'bob', None], [False, True, False])
    """
    plain = [n[len(GUEST):] if n is not None and n.startswith(GUEST) else n for n in names]
    return plain, [n is not None and n.startswith(GUEST) for n in names]
