"""The play socket's input: a client's message."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt

from openwhist.server.schemas.base import In

__all__ = ["ClientMessage"]


class ClientMessage(In):
    """A WebSocket message from a client: ``act`` (with ``action`` and an optional
    ``ref`` echoed back), ``resync``, ``ping``, ``ready`` (for the next deal), ``again``
    (the next match), ``undo``, ``claim`` (``tricks``), ``answer`` (``accept``) or ``say``
    (``quick`` or ``text``)."""

    type: Literal["act", "resync", "ping", "ready", "again", "undo", "claim", "answer", "say"]
    action: Annotated[str, Field(max_length=32)] | StrictInt | None = None
    ref: Annotated[str, Field(max_length=64)] | StrictInt | None = None
    v: StrictInt | None = None
    tricks: Annotated[int, Field(ge=0, le=26)] | None = None
    accept: StrictBool | None = None
    quick: Annotated[str, Field(max_length=32)] | None = None
    text: Annotated[str, Field(max_length=200)] | None = None
