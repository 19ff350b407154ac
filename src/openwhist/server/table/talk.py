"""Table talk: a quick message (every table) or free text (private tables), to everyone;
an onlooker's words reach only the onlookers while a deal is played.  At most
:data:`~openwhist.server.table.base.TALK_LIMIT` messages in
:data:`~openwhist.server.table.base.TALK_WINDOW` seconds per person, counted over all his
connections and tables (the host's ``talk_limiter``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from openwhist.rules.seats import seat_name
from openwhist.server import policy
from openwhist.server.table.base import QUICK_MESSAGES, TALK_LENGTH, Connection, encode
from openwhist.server.table.commands import Say

if TYPE_CHECKING:
    from openwhist.server.table.live import LiveTable

__all__ = ["Talk", "talk_words"]


Refusal = tuple[str, str]
"""Why something is refused: the reason in English and its code."""


def talk_words(quick: Any, text: Any, private: bool) -> tuple[dict[str, str], None] | tuple[None, Refusal]:
    """What is said (``{"quick": ...}`` or ``{"text": ...}``, free text trimmed to
    :data:`TALK_LENGTH`), or why it is refused (the reason in English and its code)."""
    if quick is not None:
        if quick not in QUICK_MESSAGES:
            return None, (f"quick messages: {', '.join(QUICK_MESSAGES)}", "talk_quick")
        return {"quick": str(quick)}, None
    if isinstance(text, str) and text.strip():
        if not private:
            return None, ("free text is for private tables; choose a quick message", "talk_private")
        return {"text": text.strip()[:TALK_LENGTH]}, None
    return None, ("say something: quick or text", "talk_empty")


class Talk:
    """Table talk at one table (see the module's docstring)."""

    def __init__(self, table: LiveTable) -> None:
        self.t = table

    def hearers(self, speaker_seated: bool) -> list[Connection]:
        """Who hears a person (seated or not) now (:func:`policy.talk_reaches_players`)."""
        t = self.t
        if policy.talk_reaches_players(seated=speaker_seated, deal_played=t.state == "playing"):
            return t.all_conns()
        return list(t.spectators)  # onlookers do not talk to the players during a deal

    async def say(self, cmd: Say) -> None:
        """A person says something at the table."""
        t, conn = self.t, cmd.conn
        words, refusal = talk_words(cmd.quick, cmd.text, t.private)
        if refusal is not None:
            return t.refuse(conn, refusal[0], cmd.ref, refusal[1])
        if not t.host.talk_limiter.hit(f"user|{conn.user_id}"):
            return t.refuse(conn, "too many messages; wait a few seconds", cmd.ref, "talk_limit")
        seat = t.seat_of(conn.user_id)
        message: dict[str, Any] = {"type": "said", "v": t.version, "from": conn.name, **(words or {}),
                                   "seat": None if seat is None else seat_name(seat, t.deal.n_hands)}
        text = encode(message)
        for c in self.hearers(seat is not None):
            c.send_text(text)
