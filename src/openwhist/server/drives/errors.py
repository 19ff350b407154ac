"""The refusal of a drive request: :class:`DriveError`, with its HTTP status and its
``code`` for a page to word."""

from __future__ import annotations

from typing import Any

__all__ = ["DriveError"]

class DriveError(Exception):
    """A drive request refused: ``status`` (HTTP), the message in English, ``code`` and
    ``values`` for a page to word."""

    def __init__(self, status: int, message: str, code: str, **values: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.values = values
