"""The commands a live table takes, one at a time, from its one queue: what clients send
(an action, a claim, talk...), what the routes ask (join, leave, a seat's change, the
closing), connections coming and going, and its own timers firing.  Each is a frozen
record; the table hands each kind to the collaborator that handles it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from openwhist.server.table.base import Connection

__all__ = ["Act", "Again", "Answer", "Claim", "Close", "Command", "Connect", "Disconnect", "EndSession",
           "Join", "Leave", "Ping", "Ready", "Resync", "Say", "SetSeat", "TakeBack", "TimerFired",
           "from_message"]


@dataclass(frozen=True)
class Act:
    """A person plays a card or makes a call (``action`` as text)."""

    conn: Connection
    action: str
    ref: Any = None


@dataclass(frozen=True)
class Claim:
    """A person claims ``tricks`` of the tricks still to play for his side."""

    conn: Connection
    tricks: int
    ref: Any = None


@dataclass(frozen=True)
class Answer:
    """An opponent accepts or refuses the open claim."""

    conn: Connection
    accept: bool
    ref: Any = None


@dataclass(frozen=True)
class Say:
    """Table talk: a quick message or free text."""

    conn: Connection
    quick: Any
    text: Any
    ref: Any = None


@dataclass(frozen=True)
class TakeBack:
    """A person takes back his last action in the deal."""

    conn: Connection
    ref: Any = None


@dataclass(frozen=True)
class Ready:
    """A person is ready for the next deal."""

    conn: Connection


@dataclass(frozen=True)
class Again:
    """A seated person asks for the next match."""

    conn: Connection
    ref: Any = None


@dataclass(frozen=True)
class Resync:
    """A client asks for the table and its view again."""

    conn: Connection


@dataclass(frozen=True)
class Ping:
    """A client checks the connection."""

    conn: Connection


@dataclass(frozen=True)
class Join:
    """A person sits down (``seat`` None: the first free one)."""

    user_id: int
    name: str
    seat: int | None
    guest: bool = False
    address: str | None = None


@dataclass(frozen=True)
class Leave:
    """A person stands up."""

    user_id: int


@dataclass(frozen=True)
class SetSeat:
    """The owner makes a seat nobody sits at open or a computer player's."""

    user_id: int
    seat: int
    spec: str


@dataclass(frozen=True)
class Connect:
    """A client's socket arrives."""

    conn: Connection


@dataclass(frozen=True)
class Disconnect:
    """A client's socket leaves."""

    conn: Connection


@dataclass(frozen=True)
class EndSession:
    """A session ended: its connections are closed."""

    session: str


@dataclass(frozen=True)
class Close:
    """The owner (None: the server) closes the table."""

    user_id: int | None


@dataclass(frozen=True)
class TimerFired:
    """One of the table's timers: a computer ``move`` due (``forced``: a person's time per
    move ran out), or the ``pause`` between deals over; ``version`` is the table's when it
    was set (a timer the table has moved past does nothing)."""

    kind: Literal["move", "pause"]
    version: int
    forced: bool = False


Command = (Act | Claim | Answer | Say | TakeBack | Ready | Again | Resync | Ping | Join | Leave | SetSeat
           | Connect | Disconnect | EndSession | Close | TimerFired)
"""Every command a table takes."""

COMMANDS: tuple[type, ...] = (Act, Claim, Answer, Say, TakeBack, Ready, Again, Resync, Ping, Join, Leave,
                              SetSeat, Connect, Disconnect, EndSession, Close, TimerFired)


def from_message(conn: Connection, message: dict[str, Any]) -> Command | None:
    """The command a client's message (already validated in shape) asks for, or None for
    a kind the table does not take."""
    kind, ref = message.get("type"), message.get("ref")
    if kind == "act":
        return Act(conn, str(message.get("action", "")), ref)
    if kind == "claim":
        return Claim(conn, int(message.get("tricks") or 0), ref)
    if kind == "answer":
        return Answer(conn, bool(message.get("accept")), ref)
    if kind == "say":
        return Say(conn, message.get("quick"), message.get("text"), ref)
    if kind == "undo":
        return TakeBack(conn, ref)
    if kind == "again":
        return Again(conn, ref)
    simple: dict[Any, type[Ready | Resync | Ping]] = {"ready": Ready, "resync": Resync, "ping": Ping}
    return simple[kind](conn) if kind in simple else None
