"""Movement cards of a drive's people: for each person, round by round, the table, the
seat, the partner and the opponents (what a director prints and hands out, one card a
person).  The Mitchell and Howell movements' cards are a pair's:
:meth:`openwhist.drive.pairs.PairsMovement.card`.

>>> from openwhist.drive.movement import plan
>>> p = plan("individual", 8, "classic", rounds=2)
>>> card = person_card(p, 0)
>>> card[0]["table"], card[0]["seat"], card[0]["partner"]
(1, 'N', 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openwhist.drive.movement import Plan
from openwhist.errors import InvalidActionError
from openwhist.rules.registry import header
from openwhist.rules.seats import seat_names

__all__ = ["person_card", "person_cards_text"]


def person_card(plan: Plan, person: int) -> list[dict[str, Any]]:
    """Person ``person``'s movement card (people from 0): per round of the plan a dict of
    ``round``, ``table`` (None: sits out), ``seat`` (its letter), ``partner`` (a person, or
    None: no fixed partner, or a computer player where ``computer_partner``) and
    ``opponents`` (people; None for a computer player).  A progressive drive's card has
    round 1 only: its later rounds follow the results."""
    if not 0 <= person < plan.players:
        raise InvalidActionError(f"there is no person {person + 1} in a drive of {plan.players}")
    fixed = header(plan.family).partnership == "fixed"
    letters = seat_names(plan.seats_per_table)
    rows: list[dict[str, Any]] = []
    for rnd in plan.rounds:
        t = rnd.table_of(person)
        if t is None:
            rows.append({"round": rnd.number, "table": None, "seat": None, "partner": None,
                         "computer_partner": False, "opponents": []})
            continue
        seat = t.seats.index(person)
        mate = t.partner_of(seat) if fixed else None
        rows.append({"round": rnd.number, "table": t.number, "seat": letters[seat],
                     "partner": t.seats[mate] if mate is not None else None,
                     "computer_partner": mate is not None and t.seats[mate] is None,
                     "opponents": [p for s, p in enumerate(t.seats) if s not in (seat, mate)]})
    return rows


def person_cards_text(plan: Plan, names: Sequence[str] | None = None) -> str:
    """Every person's movement card as text, one after the other (people by ``names``,
    else by number from 1; ``computer`` for a computer player)."""
    if names is not None and len(names) != plan.players:
        raise InvalidActionError(f"{len(names)} names for {plan.players} people")

    def who(p: int | None) -> str:
        if p is None:
            return "computer"
        return names[p] if names is not None else str(p + 1)

    out = []
    for person in range(plan.players):
        out.append(f"movement card: {who(person)}")
        for row in person_card(plan, person):
            if row["table"] is None:
                out.append(f"  round {row['round']}: sits out")
                continue
            line = f"  round {row['round']}: table {row['table']}, seat {row['seat']}"
            if row["partner"] is not None or row["computer_partner"]:
                line += f", partner {who(row['partner'])}"
            out.append(line + ", against " + ", ".join(who(p) for p in row["opponents"]))
        if plan.kind == "progressive":
            out.append("  later rounds: the winners move on, as the results fall")
        out.append("")
    return "\n".join(out)
