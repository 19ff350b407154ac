"""The server's state and the variants it plays, without HTTP."""

from __future__ import annotations

from typing import Any

from openwhist.drive.movement import FAMILY_MOVEMENTS
from openwhist.rules.base import option_infos
from openwhist.rules.registry import get_variant, resolve, variants
from openwhist.rules.seats import seat_name
from openwhist.server.hub import Hub
from openwhist.server.table import variant_seats

__all__ = ["health", "variant_list"]


def health(hub: Hub) -> dict[str, Any]:
    """Whether the server runs, its live tables, whether pimc bots are ready, the actions
    played since it started and its event loop's lag."""
    return {"ok": True, "tables": len(hub.tables), "pimc_ready": hub.pimc_ready.is_set(),
            "actions": hub.actions, "loop_lag": hub.loop_watch.report()}


def _option_kind(hint: Any, choices: tuple[Any, ...]) -> str:
    """How a form asks for an option: ``choice``, ``bool``, ``int``, ``int?`` (a whole
    number or none) or ``text``."""
    if choices:
        return "choice"
    if hint is bool:
        return "bool"
    if hint is int:
        return "int"
    if hint == int | None:
        return "int?"
    return "text"


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return str(value)


def _variant(name: str) -> dict[str, Any]:
    v = get_variant(name)
    _, opts = resolve(name)
    return {
        "name": name, "description": v.description, "players": v.players, "hands": v.hands,
        "presets": list(v.presets), "default_preset": v.default_preset,
        "until": list(v.match_rules(opts).UNTIL),
        "lengths": v.match_rules(opts).lengths_json(),
        "seats": [seat_name(s, v.hands) for s in variant_seats(name, opts)],
        "options": [{"name": o.name, "default": _plain(o.default), "help": o.help,
                     "type": _option_kind(o.type, o.choices),
                     "choices": [_plain(x) for x in o.choices],
                     "range": list(o.range) if o.range else None}
                    for o in option_infos(v.options_type)],
        "preset_options": {p: resolve(name, p)[1].to_dict() for p in v.presets},
        "seats_by_players": _seats_by_players(name, v, opts),
        **_declared(name),
    }


def _declared(name: str) -> dict[str, Any]:
    """What a variant's record declares that a page shows: its ``title``, whether it is
    ``rated``, what a drive's deal ``tally`` counts, its ``header`` under the default options,
    and, where whist drives are played in it, its ``drive``: the ``movements`` it allows and
    the ``entry`` form a scorer fills in for a deal on real cards (null where none is)."""
    v = get_variant(name)
    movements = FAMILY_MOVEMENTS.get(name)
    return {
        "title": v.title, "rated": v.rated, "tally": v.tally, "header": v.header().to_json(),
        "drive": None if movements is None else {
            "movements": list(movements), "entry": None if v.entry is None else v.entry.to_json()},
    }


def _seats_by_players(name: str, v: Any, opts: Any) -> dict[str, list[str]] | None:
    """Where the number of players is an option (its declared range): the seats of a table
    of each size, by the number (``{"5": ["A", ..., "E"]}``); None where it is fixed."""
    info = next((o for o in option_infos(v.options_type) if o.name == "players"), None)
    if info is None or not info.range:
        return None
    out = {}
    for n in range(int(info.range[0]), int(info.range[1]) + 1):
        sized = v.options(players=n)
        out[str(n)] = [seat_name(s, v.header(sized).hands) for s in variant_seats(name, sized)]
    return out


def variant_list() -> list[dict[str, Any]]:
    """The variants a table can play, with their presets, options and match lengths."""
    return [_variant(name) for name in variants()]
