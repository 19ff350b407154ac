"""The compact position the solver searches, and the objectives it can pursue.

>>> pos = Position.from_deal("N:AKQ.-.-.- 432.-.-.- JT9.-.-.- 876.-.-.-", trump="NT")
>>> pos.n_seats, pos.to_move, pos.remaining
(4, 0, 3)
>>> Objective.parse("exactly 2")
Objective(kind='exactly', n=2)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from openwhist.cards import SUIT_MASKS, Card, Suit, format_hand, parse_hand
from openwhist.errors import InvalidActionError

__all__ = ["Objective", "ObjectiveKind", "Position", "parse_deal", "SEAT_LETTERS"]

ObjectiveKind = Literal["max", "min", "exactly", "at_least", "at_most"]
SEAT_LETTERS = "NESW"
"""The seat letters of a four-hand deal (as :data:`openwhist.rules.seats.SEAT_NAMES`)."""


@dataclass(frozen=True)
class Objective:
    """What the declaring side plays for.

    ``max``: as many tricks as possible; ``min``: as few as possible (misère);
    ``exactly``/``at_least``/``at_most`` ``n`` tricks (piccolo, contracts).  ``n`` counts
    the declaring side's tricks from the current trick on (tricks already won in earlier
    tricks are not part of a position).
    """

    kind: ObjectiveKind = "max"
    n: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("max", "min", "exactly", "at_least", "at_most"):
            raise InvalidActionError(f"unknown objective {self.kind!r}: use max, min, "
                                     "exactly N, at least N or at most N")
        if self.kind in ("max", "min"):
            if self.n is not None:
                raise InvalidActionError(f"objective {self.kind!r} takes no trick count")
        elif not isinstance(self.n, int) or isinstance(self.n, bool) or not 0 <= self.n <= 13:
            raise InvalidActionError(f"objective {self.kind!r} needs a trick count 0..13, "
                                     f"not {self.n!r}")

    @property
    def is_target(self) -> bool:
        """True for the yes/no objectives (exactly, at least, at most N tricks)."""
        return self.kind not in ("max", "min")

    @classmethod
    def parse(cls, text: str | Objective) -> Objective:
        """Read ``"max"``, ``"min"``, ``"exactly 3"``, ``"at least 8"``, ``"at most 1"``."""
        if isinstance(text, Objective):
            return text
        m = re.fullmatch(r"\s*(max|min|exactly|at[ _]least|at[ _]most)\s*(\d+)?\s*", text.lower())
        if not m:
            raise InvalidActionError(f"not an objective: {text!r} (use max, min, exactly N, "
                                     "at least N or at most N)")
        kind = m.group(1).replace(" ", "_")
        n = int(m.group(2)) if m.group(2) is not None else None
        return cls(kind, n)  # type: ignore[arg-type]

    def __str__(self) -> str:
        return self.kind.replace("_", " ") + (f" {self.n}" if self.n is not None else "")


@dataclass(frozen=True)
class Position:
    """A position of a trick-taking deal, everything the solver needs and nothing more.

    :param hands: the cards each seat holds, as 52-bit masks, in playing order (2-4 seats).
    :param trump: the trump suit 0-3 (clubs, diamonds, hearts, spades) or -1 for no trump.
    :param leader: the seat that led (or is to lead) the current trick.
    :param trick: the cards already played to the current trick, in playing order.
    :param sides: the side (0 or 1) of each seat.
    :param declarer_side: the side whose tricks are counted.
    :param objective: what the declaring side plays for (see :class:`Objective`).
    """

    hands: tuple[int, ...]
    trump: int = -1
    leader: int = 0
    trick: tuple[int, ...] = ()
    sides: tuple[int, ...] = ()
    declarer_side: int = 0
    objective: Objective = field(default_factory=Objective)

    def __post_init__(self) -> None:
        n = len(self.hands)
        if not 2 <= n <= 4:
            raise InvalidActionError(f"a position has 2, 3 or 4 hands, not {n}")
        object.__setattr__(self, "hands", tuple(int(h) for h in self.hands))
        object.__setattr__(self, "trick", tuple(int(c) for c in self.trick))
        if not self.sides:
            object.__setattr__(self, "sides", tuple(s % 2 for s in range(n)))
        object.__setattr__(self, "sides", tuple(int(s) for s in self.sides))
        if isinstance(self.objective, str):
            object.__setattr__(self, "objective", Objective.parse(self.objective))
        if self.trump not in (-1, 0, 1, 2, 3):
            raise InvalidActionError(f"trump is a suit 0-3 or -1 for no trump, not {self.trump!r}")
        if len(self.sides) != n or any(s not in (0, 1) for s in self.sides):
            raise InvalidActionError(f"give a side 0 or 1 for each of the {n} seats: {self.sides!r}")
        if self.declarer_side not in (0, 1):
            raise InvalidActionError(f"the declaring side is 0 or 1, not {self.declarer_side!r}")
        if not 0 <= self.leader < n:
            raise InvalidActionError(f"the leader is a seat 0..{n - 1}, not {self.leader!r}")
        if len(self.trick) >= n:
            raise InvalidActionError(f"a trick in progress has fewer cards than the {n} hands")
        seen = 0
        for seat, h in enumerate(self.hands):
            if h < 0 or h >> 52:
                raise InvalidActionError(f"hand {seat} is not a 52-bit card mask")
            if seen & h:
                raise InvalidActionError(f"{Card((seen & h).bit_length() - 1)} is in two hands")
            seen |= h
        for c in self.trick:
            if not 0 <= c < 52:
                raise InvalidActionError(f"not a card number: {c}")
            if seen >> c & 1:
                raise InvalidActionError(f"{Card(c)} is both held and on the table")
            seen |= 1 << c
        sizes = [h.bit_count() for h in self.hands]
        played = {(self.leader + i) % n for i in range(len(self.trick))}
        rem = sizes[self.leader] + (1 if self.trick else 0)
        for seat in range(n):
            if sizes[seat] + (1 if seat in played else 0) != rem:
                raise InvalidActionError(
                    "the hands must hold equal numbers of cards (less one for each seat that "
                    f"has played to the current trick): got {sizes}")
        if rem > 13:
            raise InvalidActionError(f"a position has at most 13 tricks left, not {rem}")
        if self.trick:
            led = self.trick[0] // 13
            for i, c in enumerate(self.trick[1:], 1):
                seat = (self.leader + i) % n
                if c // 13 != led and self.hands[seat] & SUIT_MASKS[led]:
                    raise InvalidActionError(f"seat {seat} played {Card(c)} but still holds "
                                             f"{Suit(led).name.lower()}: a revoke")

    # --- derived facts ------------------------------------------------------------------

    @property
    def n_seats(self) -> int:
        """The number of hands: 2, 3 or 4."""
        return len(self.hands)

    @property
    def to_move(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % self.n_seats

    @property
    def remaining(self) -> int:
        """Tricks left, counting the one in progress."""
        return self.hands[self.leader].bit_count() + (1 if self.trick else 0)

    def legal_cards(self) -> list[Card]:
        """The cards the seat to move may play (follow suit if able)."""
        from openwhist.rules.tricks import cards_of, legal_mask

        return cards_of(legal_mask(self.hands[self.to_move], self.trick[0] // 13 if self.trick else -1))

    def with_objective(self, objective: Objective | str, declarer_side: int | None = None) -> Position:
        """The same cards with another objective (and optionally another declaring side)."""
        return Position(self.hands, self.trump, self.leader, self.trick, self.sides,
                        self.declarer_side if declarer_side is None else declarer_side,
                        Objective.parse(objective))

    def play(self, card: int | str) -> tuple[Position, int]:
        """The position after ``card`` and the tricks the declaring side won by it (0 or 1)."""
        c = Card.parse(card) if isinstance(card, str) else Card(card)
        if c not in self.legal_cards():
            raise InvalidActionError(f"{c} may not be played now")
        n = self.n_seats
        seat = self.to_move
        hands = list(self.hands)
        hands[seat] ^= 1 << c
        trick = (*self.trick, int(c))
        if len(trick) < n:
            return Position(tuple(hands), self.trump, self.leader, trick, self.sides,
                            self.declarer_side, self.objective), 0
        from openwhist.rules.tricks import trick_winner

        winner = (self.leader + trick_winner(trick, self.trump)) % n
        gained = 1 if self.sides[winner] == self.declarer_side else 0
        return Position(tuple(hands), self.trump, winner, (), self.sides, self.declarer_side,
                        self.objective), gained

    def __repr__(self) -> str:
        return (f"<Position {self}; sides {''.join(map(str, self.sides))}, declarer side "
                f"{self.declarer_side}, objective {self.objective}>")

    def __str__(self) -> str:
        names = SEAT_LETTERS if self.n_seats == 4 else "".join(str(i) for i in range(self.n_seats))
        parts = [f"{names[s]}: {format_hand(h)}" for s, h in enumerate(self.hands)]
        trump = "NT" if self.trump < 0 else Suit(self.trump).letter
        trick = " ".join(str(Card(c)) for c in self.trick)
        return (" / ".join(parts) + f" | trump {trump}, leader {names[self.leader]}"
                + (f", trick {trick}" if trick else ""))

    # --- construction -------------------------------------------------------------------

    @classmethod
    def from_state(cls, state: Any, declarer_side: int = 0,
                   objective: Objective | str = "max") -> Position:
        """The position of any variant's deal in its play phase.

        The hands, the trick in progress, its leader and the sides come from the state
        (``state.sides``; a side other than ``declarer_side`` counts as the defence);
        trump is ``state.trump`` (``None`` means no trump).
        """
        trump = -1 if state.trump is None else int(state.trump)
        sides = tuple(0 if s == declarer_side else 1 for s in state.sides)
        return cls(tuple(state.hands), trump, int(state.leader), tuple(int(c) for c in state.trick),
                   sides, 0, Objective.parse(objective))

    @classmethod
    def from_deal(cls, deal: str, trump: int | str = -1, leader: int | str | None = None,
                  sides: Sequence[int] = (), declarer_side: int = 0,
                  objective: Objective | str = "max") -> Position:
        """A position from a deal string (see :func:`parse_deal`).

        ``trump`` is a suit (``"S"``, ``"hearts"``, 0-3) or ``"NT"``/-1; ``leader`` a seat
        number or letter N E S W (default: the first seat named in the deal, else 0).
        """
        hands, first = parse_deal(deal)
        return cls(tuple(hands), parse_trump(trump), _parse_seat(leader, len(hands), first),
                   (), tuple(sides), declarer_side, Objective.parse(objective))


def parse_trump(trump: int | str | None) -> int:
    """A trump suit as -1..3 from ``"S"``, ``"spades"``, ``"NT"``, ``None`` or an int."""
    if trump is None:
        return -1
    if isinstance(trump, str):
        t = trump.strip().upper()
        if t in ("NT", "N", "NONE", "-", "NO", "NOTRUMP", "NO-TRUMP", "-1"):
            return -1
        try:
            return int(Suit.parse(trump))
        except InvalidActionError:
            raise InvalidActionError(f"not a trump: {trump!r} (use S, H, D, C or NT)") from None
    if trump not in (-1, 0, 1, 2, 3):
        raise InvalidActionError(f"trump is a suit 0-3 or -1 for no trump, not {trump!r}")
    return int(trump)


def _parse_seat(seat: int | str | None, n: int, default: int) -> int:
    if seat is None:
        return default
    from openwhist.rules.seats import parse_seat

    return parse_seat(seat, n)


_SUIT_FORM = re.compile(r"[SHDC♠♥♦♣]:\S*", re.IGNORECASE)


def parse_deal(text: str) -> tuple[list[int], int]:
    """Read a deal into hand masks in seat order, and the seat named first.

    Two forms are accepted:

    * PBN: ``"N:AKQ.JT9.87.65 xxx xxx xxx"`` -- a first seat (N, E, S or W), a colon, then
      the hands clockwise from that seat, each as spades.hearts.diamonds.clubs.
    * Our suit form, hands separated by ``/`` or ``|`` or given as ``N: ... E: ...``:
      ``"N: S:AKQ H:JT9 D:87 C:65 / E: S:- H:... / S: ... / W: ..."``.  Seat labels are
      optional (``"S:AKQ H:- D:T98 C:2 / S:J H:..."``, then the first hand is seat 0); a
      deal of 2 or 3 hands has no seat letters.

    The seats are returned in the order N E S W (0-3) for four hands.

    >>> hands, first = parse_deal("W:A... .A.. ..A. ...A")
    >>> [format_hand(h) for h in hands], first
    (['S:- H:A D:- C:-', 'S:- H:- D:A C:-', 'S:- H:- D:- C:A', 'S:A H:- D:- C:-'], 3)
    """
    text = text.strip()
    if not text:
        raise InvalidActionError("the deal is empty")
    m = re.match(r"^([NESW])\s*:\s*", text, re.IGNORECASE)
    if m and "." in text and not _SUIT_FORM.search(text[m.end():]):
        first = SEAT_LETTERS.index(m.group(1).upper())
        parts = text[m.end():].split()
        if len(parts) != 4:
            raise InvalidActionError(f"a PBN deal has four hands after {m.group(0).strip()!r}, "
                                     f"found {len(parts)}")
        hands = [0, 0, 0, 0]
        for i, part in enumerate(parts):
            hands[(first + i) % 4] = 0 if part == "-" else _pbn_hand(part)
        return hands, first
    # the suit form: split on / or | or on seat labels
    if "/" in text or "|" in text:
        chunks = [c.strip() for c in re.split(r"[/|]", text)]
    else:
        chunks = [c.strip() for c in re.split(r"(?i)(?:^|\s)(?=[NESW]\s*:\s*[SHDC♠♥♦♣]\s*:)", text)]
        chunks = [c for c in chunks if c]
    labelled: dict[int, int] = {}
    plain: list[int] = []
    for chunk in chunks:
        lm = re.match(r"^([NESW])\s*:\s*(?=[SHDC♠♥♦♣-]\s*:|-$|$)", chunk, re.IGNORECASE)
        body = chunk[lm.end():] if lm else chunk
        mask = parse_hand(body) if body.strip() else 0
        if lm:
            seat = SEAT_LETTERS.index(lm.group(1).upper())
            if seat in labelled:
                raise InvalidActionError(f"seat {lm.group(1).upper()} is given twice")
            labelled[seat] = mask
        else:
            plain.append(mask)
    if labelled and plain:
        raise InvalidActionError("label every hand with its seat (N: E: S: W:) or none")
    if labelled:
        if len(labelled) != 4:
            missing = ", ".join(SEAT_LETTERS[s] for s in range(4) if s not in labelled)
            raise InvalidActionError(f"a deal needs all four seats; missing {missing}")
        first = next(iter(labelled))
        return [labelled[s] for s in range(4)], first
    if not 2 <= len(plain) <= 4:
        raise InvalidActionError(f"a deal has 2, 3 or 4 hands, found {len(plain)}")
    return plain, 0


def _pbn_hand(text: str) -> int:
    parts = text.split(".")
    if len(parts) != 4:
        raise InvalidActionError(f"a PBN hand has four suits separated by dots: {text!r}")
    return parse_hand(text)
