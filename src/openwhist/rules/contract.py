"""The contract a deal is played in, as observations carry it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from openwhist.cards import Suit
from openwhist.errors import InvalidActionError
from openwhist.rules.seats import parse_seat

__all__ = [
    "Contract",
    "ContractBound",
    "Promise",
]


ContractBound = Literal["exactly", "at_least", "at_most"]
"""How a contract's ``needed`` binds: exactly, at least or at most that many tricks."""


@dataclass(frozen=True)
class Contract:
    """The contract a deal is played in, as every seat knows it once the auction is over.

    ``declarers`` are the hands that play it; they need ``needed`` tricks, ``bound``
    telling whether exactly (misère 0, piccolo 1), at least (pair, solo, troel) or at most
    that many.  With ``each`` every declarer plays for ``needed`` on his own (several
    players in one misère), else the declarers' tricks count together.  ``trump`` is the
    contract's trump suit (None for no trump, or while the troel partner has still to name
    it); ``kind`` the family's word for it (``"pair"``, ``"small-misere"``, ``"troel"``)
    and ``name`` its text for display (``"pair 9 hearts"``).

    Families without an auction have no contract (the observation's ``contract`` is None):
    classic and dummy whist and German whist play each side for as many tricks as it can,
    which the solver's ``max`` objective says without one.

    >>> c = Contract("piccolo", "piccolo", (2,), 1, "exactly", None)
    >>> c.exact, c.objective(0), c.objective(1), c.objective(2)
    (True, 'exactly 1', 'exactly 0', None)
    >>> Contract("pair 8 hearts", "pair", (0, 2), 8, "at_least", Suit.HEARTS).objective(3)
    'at least 5'
    """

    name: str
    kind: str
    declarers: tuple[int, ...]
    needed: int
    bound: ContractBound
    trump: Suit | None
    each: bool = False

    @property
    def exact(self) -> bool:
        """True when the declarers must take exactly ``needed`` tricks."""
        return self.bound == "exactly"

    def objective(self, taken: int = 0) -> str | None:
        """The solver's objective (text for ``Objective.parse``) for declarers who have
        taken ``taken`` tricks so far (one of them, with ``each``): ``"exactly N"``,
        ``"at least N"`` or ``"at most N"`` for the tricks still to take; None once the
        contract is lost (more than ``needed`` taken, exactly or at most)."""
        left = self.needed - taken
        if self.bound == "at_least":
            return f"at least {max(left, 0)}"
        if left < 0:
            return None
        return f"{self.bound.replace('_', ' ')} {left}"

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        """The contract's JSON form, hands as the seat letters ``names``."""
        return {"name": self.name, "kind": self.kind,
                "declarers": [names[h] for h in self.declarers], "needed": self.needed,
                "bound": self.bound, "each": self.each,
                "trump": None if self.trump is None else "CDHS"[self.trump]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], n_hands: int) -> Contract:
        """Read :meth:`to_json`'s form back."""
        bound = str(data["bound"])
        if bound not in ("exactly", "at_least", "at_most"):
            raise InvalidActionError(f"not a contract bound: {bound!r}")
        trump = data.get("trump")
        return cls(name=str(data["name"]), kind=str(data["kind"]),
                   declarers=tuple(parse_seat(h, n_hands) for h in data["declarers"]),
                   needed=int(data["needed"]), bound=bound,  # type: ignore[arg-type]
                   trump=None if trump is None else Suit.parse(trump),
                   each=bool(data.get("each", False)))


@dataclass(frozen=True)
class Promise:
    """What a call of an auction commits its caller to, for a player choosing among his
    legal calls by their meaning rather than by the family's words for them.

    ``alone``: he plays on his own against the others (else with a partner: a proposal,
    joining one); his side needs ``needed`` tricks, ``bound`` exactly or at least; ``trump``
    the contract's trump (None: no trump).  ``leads``: he leads the first trick; ``exposed``:
    his hand lies face up; ``discard``: every player first lays a card aside; ``shared``:
    others may play the same contract beside him, each on his own.  ``made`` and ``failed``
    are the points per opponent the grid pays when the contract is made exactly (or with
    no overtrick) and when it fails by one; ``zero_sum``: the declarer loses ``failed`` to
    each opponent (else the opponents score it and he loses nothing).
    """

    alone: bool
    needed: int
    bound: ContractBound
    trump: Suit | None
    leads: bool = False
    exposed: bool = False
    discard: bool = False
    shared: bool = False
    made: int = 0
    failed: int = 0
    zero_sum: bool = True

    @property
    def exact(self) -> bool:
        """True when the caller must take exactly ``needed`` tricks (a misère)."""
        return self.bound == "exactly"
