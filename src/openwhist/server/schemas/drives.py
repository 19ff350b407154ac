"""The drives' inputs: a new drive, a scorer's result, a pause, a substitute."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictFloat, StrictInt

from openwhist.rules.registry import DEFAULT_VARIANT
from openwhist.server.schemas.base import In, Short

__all__ = ["MAX_ROUNDS", "ConfirmIn", "CorrectionIn", "DriveIn", "DriveResultIn", "LockIn", "PartnersIn",
           "PauseIn",
           "SubstituteIn"]


MAX_ROUNDS = 23
"""The most rounds a drive plays: a Howell of 24 pairs (the most people a drive takes,
48) meets every other pair once in 23 rounds."""


class DriveIn(In):
    """A new whist drive: its name, the family (or a preset) and options, the movement
    (``progressive``, ``pairs`` or ``individual``; on real cards with fixed partners the
    ``mitchell`` or ``howell`` movement of pairs and travelling boards), ``online`` (played
    here) or ``scorer`` (real cards; one phone a table enters the results), duplicate deals,
    rounds (1 to :data:`MAX_ROUNDS`) of deals (1-24) and minutes a round (5-180), whether it
    is rated, what the standings rank by (``total``, ``margin`` or ``matchpoints``;
    matchpoints need duplicate deals) and when it starts (Unix time; none: the director
    starts it when ready)."""

    name: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[\w .,'!?&()#:/+-]+$")]
    family: Short = DEFAULT_VARIANT
    preset: Short | None = None
    options: Annotated[dict[Annotated[str, Field(max_length=32)], StrictBool | StrictInt | StrictFloat
                            | Annotated[str, Field(max_length=32)] | None], Field(max_length=24)] = {}
    movement: Literal["progressive", "pairs", "individual", "mitchell", "howell"] = "progressive"
    mode: Literal["online", "scorer"] = "online"
    duplicate: bool = False
    rounds: Annotated[int, Field(ge=1, le=MAX_ROUNDS)] = 3
    deals: Annotated[int, Field(ge=1, le=24)] = 4
    round_minutes: Annotated[int, Field(ge=5, le=180)] = 20
    rated: bool = True
    rank_by: Literal["total", "margin", "matchpoints"] = "total"
    starts_at: Annotated[float, Field(ge=0, le=1e10)] | None = None
    sit_out: bool = False
    relay: bool = False
    """A Mitchell of an even number of tables: the relay and bye stand (tables 1 and the last
    share a set; every round played) rather than the skip (a round fewer)."""
    """The individual movement of 4n + 1 people at tables of four: one person sits out each
    round (the whist tournament's own sit-out) rather than a computer player in a seat."""

class DriveResultIn(In):
    """Scorer mode: one deal's result at a real table (``table`` and ``deal`` of the round
    being played; a Mitchell's or Howell's board number): the tricks (classic: N-S and
    E-W; German: N and S; Belgian: the declaring side's, one number per declarer in a
    misère; the exact-bid whists: each player's, in seat order), and for Belgian whist the
    contract, its declarers (seats) and the multiplier; for the exact-bid whists each
    player's bid, in seat order."""

    table: Annotated[int, Field(ge=1, le=200)]
    deal: Annotated[int, Field(ge=1, le=200)]
    tricks: Annotated[list[StrictInt], Field(max_length=6)] = []
    bids: Annotated[list[StrictInt], Field(max_length=6)] = []
    contract: Annotated[str, Field(max_length=32)] | None = None
    declarers: Annotated[list[Annotated[str, Field(max_length=2)] | StrictInt], Field(max_length=4)] = []
    multiplier: Annotated[int, Field(ge=1, le=2)] = 1

class PauseIn(In):
    """The director pauses a drive (true) or lets it go on (false)."""

    paused: bool

class PartnersIn(In):
    """The director makes entries ``numbers[0]`` and ``numbers[1]`` partners (a Mitchell or
    Howell, before the start)."""

    numbers: tuple[Annotated[int, Field(ge=1, le=1000)], Annotated[int, Field(ge=1, le=1000)]]


class SubstituteIn(In):
    """The director has a computer player play for entry ``number`` from now on."""

    number: Annotated[int, Field(ge=1, le=1000)]



class ConfirmIn(In):
    """Scorer mode: a person of the other side confirms the result (or the change of it
    waiting) of ``deal`` (a Mitchell's or Howell's board number) at ``table`` in ``round``."""

    round: Annotated[int, Field(ge=1, le=MAX_ROUNDS)]
    table: Annotated[int, Field(ge=1, le=200)]
    deal: Annotated[int, Field(ge=1, le=200)]


class LockIn(ConfirmIn):
    """The director locks a result (``locked``: true; only he changes it then) or unlocks it,
    with an optional reason for the log."""

    locked: bool = True
    reason: Annotated[str, Field(max_length=200)] = ""


class CorrectionIn(DriveResultIn):
    """The director's correction of a deal's result at a table of any round played (the
    entry as :class:`DriveResultIn` has it), with the reason kept in the drive's log."""

    round: Annotated[int, Field(ge=1, le=MAX_ROUNDS)]
    reason: Annotated[str, Field(min_length=1, max_length=200)]
