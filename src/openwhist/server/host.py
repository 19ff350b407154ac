"""What the whist drives and the ratings need of the server process that holds them, as
narrow protocols: the database, a few settings, the live tables and the ratings' settling.
The hub (:class:`~openwhist.server.hub.Hub`) is one; the drives and the ratings never
name it, so the hub may hold them without a circle of imports."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from openwhist.server.table import TableRunner
from openwhist.store import Store

__all__ = ["DriveHost", "RatingHost"]


class _RatingSettings(Protocol):
    @property
    def stand_in(self) -> str: ...


class _DriveSettings(_RatingSettings, Protocol):
    @property
    def drive_limit(self) -> int: ...


class _Settler(Protocol):
    async def settle(self, drive_id: str) -> None: ...


class RatingHost(Protocol):
    """What the ratings need of the server: the database and the computer player that
    stands in for people (a computer player's fixed rating)."""

    @property
    def store(self) -> Store: ...
    @property
    def settings(self) -> _RatingSettings: ...


class DriveHost(Protocol):
    """What the drives need of the server: the database, the drives' limit and the stand-in,
    the live tables (to open, close and hand over a round's), and the ratings' settling of
    a drive's tables."""

    @property
    def store(self) -> Store: ...
    @property
    def settings(self) -> _DriveSettings: ...
    @property
    def tables(self) -> Mapping[str, TableRunner]: ...
    @property
    def ratings(self) -> _Settler: ...

    async def close_table(self, runner: TableRunner, user_id: int | None) -> dict[str, Any]: ...

    async def open_table(self, table_id: str) -> TableRunner | None: ...
