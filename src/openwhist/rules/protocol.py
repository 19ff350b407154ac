"""The deal protocol every variant speaks: the :class:`Deal` surface and its :class:`Result`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from openwhist.cards import Card, Suit
from openwhist.rules.observation import Observation

__all__ = [
    "Deal",
    "Result",
]


@runtime_checkable
class Result(Protocol):
    """The scored result of a deal: tricks and points per side, and a JSON form."""

    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks taken per side."""
        ...

    @property
    def points(self) -> tuple[int, ...]:
        """Points scored per side this deal."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict."""
        ...


@runtime_checkable
class Deal(Protocol):
    """The surface of one deal of any variant (see :class:`Variant` for making one).

    ``players`` is the number of seats at the table, ``n_hands`` the hands dealt (Dummy
    whist: 3 and 4).  ``to_move`` is the hand to act, ``controller(hand)`` the seat that
    acts for it.  ``apply`` takes an action (or its text or id), returns the events and
    raises :class:`~openwhist.errors.IllegalActionError` for an action the rules do not
    allow now, leaving the state unchanged; ``undo`` takes back the last action exactly
    (``snapshot()`` compares equal afterwards).
    """

    variant: str
    options: Any
    dealer: int
    seed: int | None
    sides: tuple[int, ...]
    history: list[Any]
    trump: Suit | None
    turn_up: Card | None
    revokes: list[tuple[int, int]]
    """Revokes made so far, as ``(hand, trick number)`` (where the options allow them)."""

    @property
    def to_move(self) -> int | None:
        """The hand to act, None once the deal is over."""
        ...

    @property
    def players(self) -> int:
        """Seats at the table."""
        ...

    @property
    def n_hands(self) -> int:
        """Hands dealt."""
        ...

    @property
    def seats(self) -> tuple[int, ...]:
        """The hands that have a player (not a dummy)."""
        ...

    @property
    def phase(self) -> str:
        """The phase of the deal (``"play"``, ``"auction"``, ``"over"``...)."""
        ...

    def controller(self, hand: int) -> int:
        """The seat that acts for ``hand``."""
        ...

    def legal_actions(self) -> Sequence[Any]:
        """What the hand to move may do."""
        ...

    def verify_action(self, action: Any) -> Any:
        """The action, parsed; raises if it cannot be taken now."""
        ...

    def can_apply(self, action: Any) -> bool:
        """True if :meth:`apply` would accept the action."""
        ...

    def apply(self, action: Any) -> tuple[Any, ...]:
        """Take an action; return the events."""
        ...

    def undo(self) -> None:
        """Take back the last action."""
        ...

    def is_over(self) -> bool:
        """True once the deal is finished."""
        ...

    def result(self) -> Any:
        """The scored result of the finished deal."""
        ...

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now."""
        ...

    def public_observation(self) -> Observation:
        """What someone watching from the first card, at no seat, may know now: the calls
        as every player sees them, the cards played, the cards laid face up (a turned-up
        trump until picked up, a face-up stock card, an exposed hand), never what a seat
        knows only from its own cards.  ``seat`` is None; ``hand``, ``controls`` and
        ``legal`` are empty.  The spectators' view at a table."""
        ...

    def clone(self) -> Any:
        """An independent copy."""
        ...

    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the state, comparable."""
        ...

    def setup(self) -> dict[str, Any]:
        """How the deal began, as JSON values (for records): dealer, hands as dealt..."""
        ...

    def locations(self) -> dict[str, int]:
        """Where every card is: disjoint masks per place (hands, played, a stock...)."""
        ...
