"""The shapes of what clients send (pydantic, with size limits): every input is checked
here before anything else reads it."""

from __future__ import annotations

import functools
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, field_validator

from openwhist.rules.options import option_infos
from openwhist.rules.registry import DEFAULT_VARIANT, get_variant, variants

__all__ = ["ClientMessage", "Credentials", "DriveIn", "DriveResultIn", "GuestIn", "JoinByCodeIn", "JoinIn",
           "PauseIn", "QuickPlayIn", "SeatIn", "SubstituteIn", "TableIn"]

Name = Annotated[str, Field(min_length=3, max_length=20, pattern=r"^[A-Za-z0-9_.-]+$")]
Nickname = Annotated[str, Field(min_length=1, max_length=20, pattern=r"^[\w .'-]+$")]
Short = Annotated[str, Field(min_length=1, max_length=32)]
Code = Annotated[str, Field(min_length=4, max_length=16, pattern=r"^[A-Za-z0-9]+$")]
OptionValue = StrictBool | StrictInt | StrictFloat | Annotated[str, Field(max_length=8192)] | None


@functools.cache
def text_options() -> frozenset[str]:
    """Options whose value may be a longer text, up to 8 KB: those whose text the command
    line may read from a file (Belgian whist's own points grid, as TOML); any other
    option's text is at most 32 characters."""
    return frozenset(info.name for v in variants() for info in option_infos(get_variant(v).options_type)
                     if info.file)

SeatSpec = Annotated[str, Field(min_length=2, max_length=40, pattern=r"^(me|open|bot(:[a-z0-9=.,:_]+)?)$")]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Credentials(_In):
    """A user name (3-20 letters, digits, ``_.-``) and a password (8-128 characters)."""

    name: Name
    password: Annotated[str, Field(min_length=8, max_length=128)]


class PasswordIn(_In):
    """A member's current password and the new one (8-128 characters, as when registering)."""

    current: Annotated[str, Field(min_length=1, max_length=128)]
    new: Annotated[str, Field(min_length=8, max_length=128)]


__all__ += ["PasswordIn"]


class GuestIn(_In):
    """A guest's nickname (1-20 characters)."""

    nickname: Nickname


def _short_option_texts(options: dict[str, OptionValue]) -> dict[str, OptionValue]:
    """The options, a text longer than 32 characters refused (but where an option is text)."""
    for key, value in options.items():
        if isinstance(value, str) and len(value) > 32 and key not in text_options():
            raise ValueError(f"option {key}: a text of at most 32 characters")
    return options


class TableIn(_In):
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
        return _short_option_texts(options)


class QuickPlayIn(_In):
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
        return _short_option_texts(options)


class SeatIn(_In):
    """The owner's change of a seat nobody sits at: ``open`` or ``bot:LEVEL``."""

    seat: Annotated[str, Field(max_length=8)]
    spec: SeatSpec


class JoinIn(_In):
    """Take a seat (``N``...; none: the first free one) at a table; a private table's
    invitation code."""

    seat: Annotated[str, Field(max_length=8)] | None = None
    code: Code | None = None


class JoinByCodeIn(_In):
    """Join a private table by its invitation code."""

    code: Code
    seat: Annotated[str, Field(max_length=8)] | None = None


class ClientMessage(_In):
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


class DriveIn(_In):
    """A new whist drive: its name, the family (or a preset) and options, the movement
    (``progressive``, ``pairs`` or ``individual``), ``online`` (played here) or ``scorer``
    (real cards; one phone a table enters the results), duplicate deals, rounds (1-20) of
    deals (1-24) and minutes a round (5-180), whether it is rated, what the standings rank
    by (``total``, ``margin`` or ``matchpoints``; matchpoints need duplicate deals) and
    when it starts (Unix time; none: the director starts it when ready)."""

    name: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[\w .,'!?&()#:/+-]+$")]
    family: Short = DEFAULT_VARIANT
    preset: Short | None = None
    options: Annotated[dict[Annotated[str, Field(max_length=32)], StrictBool | StrictInt | StrictFloat
                            | Annotated[str, Field(max_length=32)] | None], Field(max_length=24)] = {}
    movement: Literal["progressive", "pairs", "individual"] = "progressive"
    mode: Literal["online", "scorer"] = "online"
    duplicate: bool = False
    rounds: Annotated[int, Field(ge=1, le=20)] = 3
    deals: Annotated[int, Field(ge=1, le=24)] = 4
    round_minutes: Annotated[int, Field(ge=5, le=180)] = 20
    rated: bool = True
    rank_by: Literal["total", "margin", "matchpoints"] = "total"
    starts_at: Annotated[float, Field(ge=0, le=1e10)] | None = None


class DriveResultIn(_In):
    """Scorer mode: one deal's result at a real table (``table`` and ``deal`` of the round
    being played): the tricks (classic: N-S and E-W; German: N and S; Belgian: the
    declaring side's, one number per declarer in a misère), and for Belgian whist the
    contract, its declarers (seats) and the multiplier."""

    table: Annotated[int, Field(ge=1, le=200)]
    deal: Annotated[int, Field(ge=1, le=24)]
    tricks: Annotated[list[StrictInt], Field(max_length=4)] = []
    contract: Annotated[str, Field(max_length=32)] | None = None
    declarers: Annotated[list[Annotated[str, Field(max_length=2)] | StrictInt], Field(max_length=4)] = []
    multiplier: Annotated[int, Field(ge=1, le=2)] = 1


class PauseIn(_In):
    """The director pauses a drive (true) or lets it go on (false)."""

    paused: bool


class SubstituteIn(_In):
    """The director has a computer player play for entry ``number`` from now on."""

    number: Annotated[int, Field(ge=1, le=1000)]
