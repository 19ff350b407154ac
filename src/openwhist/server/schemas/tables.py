"""The tables' inputs: a new table, quick play, a seat changed, joining."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from openwhist.rules.registry import DEFAULT_VARIANT
from openwhist.server.schemas.base import Code, In, OptionValue, SeatSpec, Short, short_option_texts

__all__ = ["TableIn", "QuickPlayIn", "SeatIn", "JoinIn", "JoinByCodeIn"]


class TableIn(In):
    """A new table: the variant (or a preset name), options, how long a match lasts
    (``until`` and ``count``, the variant's natural length when not given), whether it
    is private, each seat (``me``, ``open``, ``bot`` or ``bot:LEVEL``: ``bot:random``,
    ``bot:heuristic``, ``bot:pimc``, in seat order), what the seat of a person who
    leaves becomes (``leave_to``: ``bot`` or ``open``) and the seconds a person has for
    each action (``move_time``, 10-300, public tables only)."""

    variant: Short = DEFAULT_VARIANT
    preset: Short | None = None
    options: Annotated[dict[Annotated[str, Field(max_length=32)], OptionValue],
                       Field(max_length=24)] = {}
    until: Short | None = None
    count: Annotated[int, Field(ge=1, le=1000)] | None = None
    private: bool = False
    seats: Annotated[list[SeatSpec], Field(max_length=6)] | None = None
    leave_to: Literal["bot", "open"] = "bot"
    move_time: Annotated[int, Field(ge=10, le=300)] | None = None

    @field_validator("options")
    @classmethod
    def _short_texts(cls, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
        return short_option_texts(options)

class QuickPlayIn(In):
    """Quick play: you and bots at a new table (its options, ``players`` among them where
    the variant has it, and how long a match lasts as for a new table: ``until`` and
    ``count``, the variant's own length when not given)."""

    variant: Short = DEFAULT_VARIANT
    preset: Short | None = None
    options: Annotated[dict[Annotated[str, Field(max_length=32)], OptionValue],
                       Field(max_length=24)] = {}
    bot: Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z0-9=.,:_]+$")] = "club"
    until: Short | None = None
    count: Annotated[int, Field(ge=1, le=1000)] | None = None

    @field_validator("options")
    @classmethod
    def _short_texts(cls, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
        return short_option_texts(options)

class SeatIn(In):
    """The owner's change of a seat nobody sits at: ``open`` or ``bot:LEVEL``."""

    seat: Annotated[str, Field(max_length=8)]
    spec: SeatSpec

class JoinIn(In):
    """Take a seat (``N``...; none: the first free one) at a table; a private table's
    invitation code."""

    seat: Annotated[str, Field(max_length=8)] | None = None
    code: Code | None = None

class JoinByCodeIn(In):
    """Join a private table by its invitation code."""

    code: Code
    seat: Annotated[str, Field(max_length=8)] | None = None
