"""Game records: versioned JSON for a deal or a whole match, replay with validation, PBN.

A record holds the variant, every option, the seed, the dealer, the hands as dealt, every
action and the result, so a game can be replayed card by card through the rules.

>>> import openwhist
>>> from openwhist import records
>>> deal = openwhist.new_deal("classic", seed=11)
>>> while not deal.is_over():
...     _ = deal.apply(deal.legal_actions()[-1])
>>> rec = records.deal_record(deal)
>>> records.replay(records.loads(records.dumps(rec))).result() == deal.result()
True
"""

from __future__ import annotations

import datetime
import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from openwhist.cards import Suit
from openwhist.errors import IllegalActionError, InvalidActionError, WhistError
from openwhist.match import Match, new_match
from openwhist.rules.base import Deal, Variant
from openwhist.rules.options import without_ranges
from openwhist.rules.registry import DEFAULT_VARIANT, get_variant
from openwhist.rules.seats import NO_PLAYER, SEAT_NAMES, parse_seat, seat_name

__all__ = [
    "FORMAT",
    "VERSION",
    "RecordError",
    "check_header",
    "deal_record",
    "match_record",
    "dumps",
    "pbn_date",
    "pbn_player",
    "record_pbn",
    "loads",
    "save",
    "load",
    "replay",
    "to_pbn",
]

FORMAT = "openwhist-record"
VERSION = 1


class RecordError(WhistError):
    """A record that cannot be read or whose play does not follow the rules."""


def _today() -> str:
    return datetime.date.today().isoformat()


def deal_record(state: Deal, date: str | None = None) -> dict[str, Any]:
    """The record of one deal (finished or not): hands as dealt and every card played.

    ``date`` is the day it was played as an ISO date (``"2024-05-17"``; default today).
    """
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": "deal",
        "date": date or _today(),
        **_deal_body(state),
    }


def _deal_body(state: Deal) -> dict[str, Any]:
    return {
        "variant": state.variant,
        "options": state.options.to_dict(),
        "seed": state.seed,
        **state.setup(),
        "actions": [str(c) for c in state.history],
        "result": state.result().to_dict() if state.is_over() else None,
    }


def match_record(match: Match, date: str | None = None) -> dict[str, Any]:
    """The record of a match: its set-up, every deal, and the summary.

    ``date`` is the day the match was played as an ISO date (``"2024-05-17"``; default
    today).  ``players`` names who sat at each seat: a name, ``guest:NAME`` for a guest,
    ``bot:SPEC`` for a computer player, ``dummy`` or the seat's letter when nobody is named.
    Records written before the date was kept have none; they load all the same.
    """
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": "match",
        "date": date or _today(),
        "variant": match.variant,
        "options": match.options.to_dict(),
        "seed": match.seed,
        "until": match.until,
        "count": match.count,
        "players": list(match.players),
        "first_dealer": _seat_name(match, match.first_dealer),
        "draw": [[name, str(card)] for name, card in match.draw],
        "deals": [_deal_body(d) for d in match.deals],
        "summary": match.summary(),
    }


def dumps(record: Mapping[str, Any]) -> str:
    """The record as JSON text."""
    return json.dumps(record, indent=1, ensure_ascii=False)


def loads(text: str) -> dict[str, Any]:
    """Read a record from JSON text, checking its format and version."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not a JSON record: {exc}") from None
    check_header(data)
    return dict(data)


def check_header(data: object) -> None:
    """Raise :class:`RecordError` unless ``data`` is an openwhist record of this version."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise RecordError(f"not an openwhist record (expected \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise RecordError(f"record version {data.get('version')!r} is not supported "
                          f"(this openwhist reads version {VERSION})")
    if data.get("kind") not in ("deal", "match"):
        raise RecordError("a record's kind is 'deal' or 'match'")


def save(record: Mapping[str, Any], path: str | Path) -> None:
    """Write a record to a file as JSON: to a temporary file beside it first, then renamed,
    so that a failed write never leaves half a record."""
    target = Path(path)
    partial = target.with_name(target.name + ".partial")
    try:
        partial.write_text(dumps(record) + "\n", encoding="utf-8")
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def load(path: str | Path) -> dict[str, Any]:
    """Read a record from a file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    return loads(text)


def _seat_name(match: Match, seat: int) -> str:
    return seat_name(seat, match.hands)


def _seat(name: object, n: int = 4) -> int:
    if not isinstance(name, str):
        raise RecordError(f"not a seat: {name!r}")
    try:
        return parse_seat(name, n)
    except InvalidActionError as exc:
        raise RecordError(str(exc)) from None


def _variant(name: object) -> Variant:
    try:
        return get_variant(str(name))
    except WhistError as exc:
        raise RecordError(f"bad variant in record: {exc}") from None


def _options(variant: Variant, data: Mapping[str, Any]) -> Any:
    try:
        return variant.options_type.from_dict(dict(data))
    except (TypeError, WhistError) as exc:
        raise RecordError(f"bad options in record: {exc}") from None


def _replay_deal(body: Mapping[str, Any], options: Any = None) -> Deal:
    try:
        variant = _variant(body.get("variant", DEFAULT_VARIANT))
        opts = options or _options(variant, body["options"])
        state: Deal = variant.from_setup(opts, body)
        state.seed = body.get("seed")
        actions = body["actions"]
    except KeyError as exc:
        raise RecordError(f"record is missing {exc.args[0]!r}") from None
    except (WhistError, TypeError, AttributeError, ValueError) as exc:
        raise RecordError(f"bad deal in record: {exc}") from None
    for i, action in enumerate(actions):
        try:
            state.apply(action)
        except WhistError as exc:
            raise RecordError(f"action {i + 1} ({action}) is not legal: {exc}") from None
    expected = body.get("result")
    if expected is not None and state.is_over() and state.result().to_dict() != expected:
        raise RecordError("the recorded result differs from the result of replaying the play")
    return state


def replay(record: Mapping[str, Any]) -> Any:
    """Replay a record through the rules, validating every action.

    The record's format and version are checked first.  Returns the deal
    (:class:`~openwhist.rules.base.Deal`) of a deal record or the :class:`Match` of a match
    record; raises :class:`RecordError` if a card is illegal or the result differs.  A
    record keeps the options and length it was played with, read as they are
    (:func:`~openwhist.rules.options.without_ranges`).
    """
    with without_ranges():
        return _replay(record)


def _replay(record: Mapping[str, Any]) -> Any:
    check_header(record)
    if record.get("kind") == "deal":
        return _replay_deal(record)
    if record.get("kind") != "match":
        raise RecordError("a record's kind is 'deal' or 'match'")
    variant = _variant(record["variant"])
    opts = _options(variant, record["options"])
    match = new_match(variant.name,
                      seed=int(record["seed"]), until=record["until"], count=int(record["count"]),
                      players=record["players"],
                      dealer=_seat(record["first_dealer"], variant.header(opts).hands),
                      options=opts)
    for n, body in enumerate(record["deals"]):
        if match.is_over():
            raise RecordError(f"the record has more deals than the match: deal {n + 1}")
        expected = _replay_deal(body, opts)  # validates the deal on its own
        if expected.setup() != match.state.setup():
            raise RecordError(f"deal {n + 1} is not the deal the match's seed gives")
        for i, action in enumerate(body["actions"]):
            try:
                match.apply(action)
            except IllegalActionError as exc:
                raise RecordError(f"deal {n + 1}, action {i + 1}: {exc}") from None
    if record.get("summary") is not None and match.summary() != record["summary"]:
        raise RecordError("the recorded summary differs from the result of replaying the match")
    return match


def pbn_date(date: object) -> str:
    """A record's ISO date (``"2024-05-17"``, or a date and time) as PBN writes it,
    ``"2024.05.17"``; ``"????.??.??"`` when unknown.

    >>> pbn_date("2024-05-17"), pbn_date("2024-05-17T21:03:00+00:00"), pbn_date(None)
    ('2024.05.17', '2024.05.17', '????.??.??')
    """
    m = re.match(r"(\d{4})[-.](\d{2})[-.](\d{2})", date) if isinstance(date, str) else None
    return ".".join(m.groups()) if m else "????.??.??"


def pbn_player(entry: object, seat: int = -1) -> str:
    """A record's player entry as a name for PBN's player tags: a person's name as it is,
    ``guest:NAME`` as ``NAME (guest)``, ``bot:SPEC`` as ``Computer (SPEC)``, the dummy as
    ``Dummy``; ``"?"`` (unknown) for an empty entry or the seat's own letter.

    >>> [pbn_player(p, s) for s, p in enumerate(["Ann", "bot:pimc:level=2", "guest:Bob", "W"])]
    ['Ann', 'Computer (pimc:level=2)', 'Bob (guest)', '?']
    """
    if not isinstance(entry, str) or not entry.strip():
        return "?"
    text = entry.strip()
    if text.startswith("bot:"):
        spec = text[len("bot:"):].strip()
        return f"Computer ({spec})" if spec else "Computer"
    if text.startswith("guest:"):
        name = text[len("guest:"):].strip()
        return f"{name} (guest)" if name else "Guest"
    if text == NO_PLAYER:
        return "Dummy"
    if 0 <= seat < 4 and text == SEAT_NAMES[seat]:
        return "?"
    return text


def record_pbn(record: Mapping[str, Any], event: str | None = None,
               site: str = "openwhist") -> str:
    """A record (a match or a deal of four hands) as PBN, one board per deal, with the
    players' names (see :func:`pbn_player`) and the record's date (see :func:`pbn_date`).

    The record is replayed first (see :func:`replay`).
    """
    game = replay(record)
    event = event if event is not None else f"openwhist {record.get('variant', '')}".strip()
    date = pbn_date(record.get("date"))
    players = record.get("players")
    names = list(players) if isinstance(players, Sequence) and not isinstance(players, str) else None
    deals = list(game.deals) if isinstance(game, Match) else [game]
    if deals and deals[0].n_hands != 4:
        raise RecordError(f"PBN holds four-hand deals; {record.get('variant')} has "
                          f"{deals[0].n_hands} hands")
    return "\n".join(to_pbn(d, event=event, board=i + 1, site=site, date=date, players=names)
                     for i, d in enumerate(deals))


def to_pbn(state: Any, event: str = "openwhist", board: int = 1, site: str = "openwhist",
           date: str = "????.??.??", players: Sequence[str] | None = None) -> str:
    """The deal in PBN (Portable Bridge Notation): the mandatory tags, the four hands and
    the play section.

    Whist has no auction, declarer or contract, so ``Declarer``, ``Contract`` and
    ``Result`` are ``"?"`` (unknown, as PBN allows) rather than a bridge contract that
    bridge programs would score; the trump suit and each side's tricks are in a comment,
    and ``Play`` names the opening leader (the player on the dealer's left).
    ``players`` are the record's entries at N, E, S, W (written as :func:`pbn_player`
    says); ``date`` an ISO or PBN date (see :func:`pbn_date`).  :func:`record_pbn` takes
    both from a record.
    """
    if state.n_hands != 4:
        raise RecordError(f"PBN holds four-hand deals; this deal has {state.n_hands} hands")
    names = [pbn_player(p, s) for s, p in enumerate(players)] if players is not None else ["?"] * 4
    if len(names) != 4:
        raise RecordError(f"PBN names four players, not {len(names)}")
    date = pbn_date(date)
    pbn_suits = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

    def pbn_hand(mask: int) -> str:
        return ".".join("".join("23456789TJQKA"[r] for r in range(12, -1, -1)
                                if mask >> (13 * s + r) & 1) for s in pbn_suits)

    def tag(name: str, value: object) -> str:
        text = str(value).replace("\\", "\\\\").replace('"', '\\"')
        return f'[{name} "{text}"]'

    first = state.dealer
    deal = f"{SEAT_NAMES[first]}:" + " ".join(pbn_hand(state.dealt[(first + i) % 4]) for i in range(4))
    lines = [
        tag("Event", event),
        tag("Site", site),
        tag("Date", date),
        tag("Board", board),
        tag("West", names[3]),
        tag("North", names[0]),
        tag("East", names[1]),
        tag("South", names[2]),
        tag("Dealer", SEAT_NAMES[state.dealer]),
        tag("Vulnerable", "None"),
        tag("Deal", deal),
        tag("Scoring", "?"),
        tag("Declarer", "?"),
        tag("Contract", "?"),
        tag("Result", "?"),
    ]
    trump = state.trump.name.lower() if state.trump is not None else "none"
    comment = f"{{whist ({state.variant}): trump {trump}"
    if state.is_over():
        won = state.result().tricks
        comment += f"; tricks N-S {won[0]}, E-W {won[1]}"
    lines.append(comment + "}")
    leader = (state.dealer + 1) % 4
    lines.append(f'[Play "{SEAT_NAMES[leader]}"]')
    # PBN play lines: one per trick, columns in seat order starting with the opening leader
    tricks = list(state.tricks)
    rows: list[list[str]] = []
    for t in tricks:
        row = ["-"] * 4
        for i, card in enumerate(t.cards):
            row[(t.seat_of(i) - leader) % 4] = card.suit.letter + card.rank.letter
        rows.append(row)
    if state.trick:
        row = ["-"] * 4
        for i, card in enumerate(state.trick):
            row[((state.leader + i) % 4 - leader) % 4] = card.suit.letter + card.rank.letter
        rows.append(row)
    lines.extend(" ".join(r) for r in rows)
    if state.is_over():
        lines.append("*")
    return "\n".join(lines) + "\n"
