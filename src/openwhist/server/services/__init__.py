"""What the play server does for a request, without HTTP: plain async functions that take
the hub, the caller's user and typed inputs (:mod:`openwhist.server.schemas`) and return
data, or raise :class:`openwhist.server.policy.Refused` with the status, code and values a
client is told.  The routers (:mod:`openwhist.server.routes`) only parse, call these and
turn a refusal into the API's JSON error.
"""

from __future__ import annotations

from openwhist.server.policy import Refused

__all__ = ["CODES", "refused"]

CODES = {400: "unreadable", 401: "log_in", 403: "forbidden", 404: "not_found", 409: "conflict",
         410: "closed", 413: "too_large", 422: "invalid", 429: "too_many", 503: "busy"}
"""The code of a refusal that names none of its own, by its HTTP status."""


def refused(status: int, message: str, code: str | None = None, **values: object) -> Refused:
    """A refusal with HTTP ``status``: ``message`` in English, ``code`` (by default the
    status's, from :data:`CODES`) and ``values`` for a page to word in its language."""
    return Refused(message, code or CODES.get(status, "error"), status, **values)
