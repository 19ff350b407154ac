"""What every part of a live table shares: a client's connection, a seat, the errors, the
plan of a table's matches, the encoding of messages, and what a table needs of the server
that holds it (:class:`TableHost`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import orjson

from openwhist.match import Match
from openwhist.match import match_seed as keyed_seed
from openwhist.rules.registry import get_variant
from openwhist.rules.seats import seat_name
from openwhist.server import policy

__all__ = ["QUICK_MESSAGES", "TALK_LENGTH", "TALK_LIMIT", "TALK_WINDOW", "Connection", "SeatError",
           "SeatState", "TableClosed", "TableHost", "encode", "match_plan", "match_seed", "row_json",
           "variant_seats", "with_ref"]

T = TypeVar("T")

QUICK_MESSAGES = ("hello", "good_luck", "well_played", "thanks", "sorry", "bye")
"""The quick messages of table talk (a page words them in its language)."""
TALK_LIMIT, TALK_WINDOW, TALK_LENGTH = 5, 10.0, 200
"""Table talk: messages per person (all his connections, at every table) per window of
seconds, and characters of free text."""


class _Settings(Protocol):
    @property
    def stand_in(self) -> str: ...
    @property
    def bot_pause(self) -> float: ...
    @property
    def away_timeout(self) -> float: ...
    @property
    def deal_pause(self) -> float: ...
    @property
    def compile_solver(self) -> bool: ...


class _Runs(Protocol):
    async def run(self, fn: Callable[..., T], *args: Any) -> T: ...


class _Limiter(Protocol):
    def hit(self, key: str, now: float | None = None) -> bool: ...


class TableHost(Protocol):
    """What a table needs of the server process that holds it: its settings, the database,
    the pool computer players search in, the talk limit shared by every table, whether the
    solver is ready, and the count of actions served.  The table knows nothing else of it:
    ratings and drives hear of a table through the hooks they register
    (:meth:`~openwhist.server.table.TableRunner.listen`)."""

    actions: int

    @property
    def settings(self) -> _Settings: ...
    @property
    def store(self) -> _Runs: ...
    @property
    def bot_pool(self) -> _Runs: ...
    @property
    def talk_limiter(self) -> _Limiter: ...
    @property
    def pimc_ready(self) -> threading.Event: ...


def match_seed(seed: int, match_no: int, keyed_from: int = 0) -> int:
    """The seed a table's ``match_no``-th match (0-based) was dealt by before each table
    had its own keyed secret: a keyed hash of ``seed``; matches before ``keyed_from`` (of
    tables made before keyed seeds) a fixed step on.  For a table made since keyed seeds
    (``keyed_from`` 0) it is :func:`match_plan`'s seed."""
    if match_no < keyed_from:
        return (seed + match_no * 0x9E3779B97F4A7C15) % (1 << 63)
    return keyed_seed(seed, match_no)


def match_plan(secret: int, match_no: int, previous: Match | None,
               stored: dict[str, Any] | None = None) -> tuple[int, int]:
    """The seed and the first dealer of a table's match ``match_no`` (0-based): the one
    rule of the live table starting its next match, of a restart and of a takeover by
    another server process.  A ``stored`` plan (the one stored when the match began) is
    kept: its ``dealer``, and its ``seed`` where it has one (a match dealt before keyed
    secrets, in progress at the upgrade).  Else the seed is a keyed hash of the table's
    ``secret`` (its ``seed``, or the fresh ``keyed_secret`` of a table made before keyed
    seeds; never shown: a finished match's record, which shows its own seed, tells nothing
    about another match) and the deal passes on from the
    ``previous`` (finished) match's last dealer, the first seat dealing a table's first."""
    if stored is not None:
        seed = stored.get("seed")
        return (int(seed) if seed is not None else keyed_seed(secret, match_no),
                int(stored["dealer"]))
    return keyed_seed(secret, match_no), previous.next_dealer() if previous is not None else 0


def variant_seats(variant: str, options: Any) -> tuple[int, ...]:
    """The seats people and bots sit at in a variant (Dummy whist: not the dummy's), as
    its header declares them."""
    return get_variant(variant).header(options).seats


class Connection:
    """One client's WebSocket, with its own send queue (a slow client never holds up
    the table): ``send`` queues a message, ``pump`` writes them out."""

    MAX_QUEUED = 256

    def __init__(self, ws: Any, user_id: int, name: str, session: str | None = None,
                 address: str | None = None) -> None:
        self.ws = ws
        self.user_id = user_id
        self.name = name
        self.session = session  # the hash of the session token it came with
        self.address = policy.address_key(address)  # only the key of the client's address
        self.out: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.close_code = 1008

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a client that has fallen too far behind is dropped."""
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Queue a message already encoded (the same text for several clients)."""
        if self.closed:
            return
        if self.out.qsize() >= self.MAX_QUEUED:
            self.closed = True
            self.out.put_nowait(None)
            return
        self.out.put_nowait(text)

    def finish(self, code: int) -> None:
        """Close the connection with ``code`` once the messages queued are written."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.out.put_nowait(None)

    async def pump(self) -> None:
        """Write the queued messages until the connection ends."""
        while True:
            text = await self.out.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await self.ws.close(code=self.close_code)
                return
            await self.ws.send_text(text)


@dataclass
class SeatState:
    """Who sits at a seat (``open``, ``person`` or ``bot``) and whether the person is here."""

    kind: str
    user_id: int | None = None
    name: str | None = None
    bot: str | None = None
    pending_user_id: int | None = None
    pending_name: str | None = None
    away_since: float | None = None
    conns: set[Connection] = field(default_factory=set)


class SeatError(Exception):
    """A join, leave or seat change that cannot be done: the message says why in English,
    ``code`` and ``values`` for a page to word."""

    def __init__(self, message: str, code: str = "seat_refused", **values: Any) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


class TableClosed(Exception):
    """The table was closed: its task takes no more commands."""


def encode(message: dict[str, Any]) -> str:
    """A message as JSON text."""
    # orjson: a tenth of the json module's time, on the path of every event to every seat;
    # the json module stays for what orjson refuses (an integer beyond 64 bits)
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(message, separators=(",", ":"))


def with_ref(text: str, ref: Any) -> str:
    """The encoded message ``text`` (an object) with ``"ref": ref`` added at its end."""
    return f'{text[:-1]},"ref":{encode({"": ref})[4:-1]}}}'


def row_json(row: Any, n: int) -> dict[str, Any]:
    """A row of the score sheet as JSON."""
    result = row.result.to_dict() if hasattr(row.result, "to_dict") else row.result
    return {"deal": row.deal, "dealer": seat_name(row.dealer, n), "trump": row.trump,
            "result": result, "score": list(row.score), "game_won_by": row.game_won_by}
