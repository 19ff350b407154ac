"""The error types of openwhist; all derive from :class:`WhistError` (a ``ValueError``)."""

from __future__ import annotations

__all__ = ["WhistError", "InvalidActionError", "IllegalActionError", "ConfigError"]


class WhistError(ValueError):
    """Base class of every error openwhist raises for bad input."""


class InvalidActionError(WhistError):
    """Malformed input: not a card, not a seat, a hand that cannot be read."""


class IllegalActionError(WhistError):
    """A well-formed action that the rules do not allow now ("you must follow hearts")."""


class ConfigError(WhistError):
    """Options that are inconsistent or unknown (a target of 0, an unknown preset).

    ``code`` (and ``values``) name the kind of refusal for a page to word in its own
    language (``option_range``: an option outside its declared range); None: a plain one.
    """

    def __init__(self, message: str = "", code: str | None = None, **values: object) -> None:
        super().__init__(message)
        self.code = code
        self.values = values
