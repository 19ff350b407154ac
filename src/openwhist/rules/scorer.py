"""Results entered by hand: a scorer at a real table types in each deal's result (the
tricks, or the Belgian contract and tricks), and the rules check and score it.

This is the rules' side of a club evening on real cards (``openwhist.drive`` seats the
people and ranks them): what can be entered for a deal of each drive family, checked as
the rule book says (13 tricks, a contract the points grid holds, played by as many
players as it takes) and scored as a played deal would be (classic whist: the tricks of
each side; German whist: each player's; Belgian whist: the grid's points, by
:func:`openwhist.rules.belgian.settle`; the exact-bid whists, Romanian whist and Oh Hell:
each player's bid and tricks, the deal's hand size from the schedule, scored by
:func:`openwhist.rules.exactbid.score_deal` with the streaks carried from the table's
earlier deals).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openwhist.errors import InvalidActionError
from openwhist.rules.registry import get_variant, resolve, variants
from openwhist.rules.seats import parse_seat, seat_name

EXACT_FAMILIES = ("romanian", "oh-hell")
"""The exact-bid families, whose entries give each player's bid and tricks."""

TRICKS = 13
"""Tricks in a deal (German whist: in the phase a drive counts)."""
ENTRY_FAMILIES = tuple(v for v in variants() if get_variant(v).entry is not None)
"""The families whose deals can be entered by hand: those whose record declares the form
(:class:`~openwhist.rules.variant.EntryForm`)."""


class EntryError(InvalidActionError):
    """An entry the rules refuse, with a ``code`` (and ``values``) for a page to word it in
    its own language: ``entry_seats`` (not one bid and one count of tricks a player),
    ``entry_number`` (a bid or tricks outside 0 to the hand size), ``entry_tricks_sum``
    (the tricks do not add up to the hand size), ``entry_barred`` (the dealer's bid that
    the bar forbids), ``entry_order`` (a deal entered before an earlier one of its table,
    where streaks carry from deal to deal)."""

    def __init__(self, message: str, code: str, **values: object) -> None:
        super().__init__(message)
        self.code = code
        self.values = values

@dataclass(frozen=True)
class Entry:
    """A deal's result as a scorer enters it at a real table.

    :param tricks: classic whist: the tricks of N-S and of E-W; German whist: N's and S's
        as the options count them (seed 001: all 26; otherwise the play phase's 13);
        Belgian whist: the tricks of the declaring side (one number; for misères, one
        number per declarer, in ``declarers``' order).
    :param contract: Belgian whist: the contract played (``"pair 9"``, ``"solo 6"``,
        ``"abondance 10"``, ``"troel"``, ``"troel 9"``, ``"small-misere"``, ``"piccolo"``,
        ``"grand-misere"``, ``"open-misere"``, ``"soloslim"``, or ``"pass"``).
    :param declarers: Belgian whist: the declarers' seats (N, E, S, W or 0-3).
    :param multiplier: Belgian whist: 2 for a deal counted double after an all-pass.
    :param bids: the exact-bid whists: each player's bid, in seat order (``tricks``: each
        player's tricks, in the same order).
    """

    tricks: tuple[int, ...]
    contract: str | None = None
    declarers: tuple[int | str, ...] = field(default=())
    multiplier: int = 1
    bids: tuple[int, ...] = field(default=())


def _count(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidActionError(f"{what} must be a whole number, not {value!r}")
    if not 0 <= value <= TRICKS:
        raise InvalidActionError(f"{what} must be 0 to {TRICKS}, not {value}: a deal has {TRICKS} tricks")
    return value


def check_entry(family: str, options: Any, entry: Entry, deal: int = 1,
                before: Sequence[Entry] = ()) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    """Check a scorer-mode entry against the rules and score it: ``(scores, margins,
    detail)``, per seat as in :class:`Result`. ``options`` is the family's options record,
    a preset's name, a dict of overrides, or None for the defaults. Raises :class:`InvalidActionError`
    with a message for the scorer when the entry cannot be (14 tricks, a contract the
    points grid lacks, a pair with one declarer...).

    The exact-bid whists need the deal's number at its table (from 1: its hand size comes
    from the schedule, its dealer is seat ``(deal - 1) % players``) and, where streaks
    count, the table's entries of the deals before it (``before``, in order); their
    refusals are :class:`EntryError` with a code.

    >>> three = {"players": 3, "streak": None}
    >>> check_entry("romanian", three, Entry((1, 0, 2), bids=(1, 1, 2)), deal=5)
    ((6, -1, 7), (6, -1, 7), 'bids 1 1 2, took 1 0 2')
    >>> check_entry("romanian", three, Entry((1, 0, 1), bids=(1, 1, 1)), deal=5)
    Traceback (most recent call last):
    ...
    openwhist.rules.scorer.EntryError: the tricks add up to 2, not 3: deal 5 is dealt 3 cards a player

    >>> check_entry("classic", None, Entry((7, 6)))
    ((7, 6, 7, 6), (1, -1, 1, -1), '7-6')
    >>> check_entry("classic", None, Entry((8, 6)))
    Traceback (most recent call last):
    ...
    openwhist.errors.InvalidActionError: the tricks add up to 14, not 13: 8 for N-S and 6 for E-W
    """
    fam = _family(family)
    opts = _options(fam, options)
    if not isinstance(entry, Entry):
        raise InvalidActionError(f"not a result entry: {entry!r}")
    tricks = tuple(entry.tricks) if isinstance(entry.tricks, (tuple, list)) else None
    if tricks is None:
        raise InvalidActionError(f"the tricks are a list of numbers, not {entry.tricks!r}")
    if fam in EXACT_FAMILIES:
        return _check_exact(opts, entry, tricks, deal, before)
    if entry.bids:
        raise InvalidActionError(f"{fam} whist results have no bids")
    if fam == "belgian":
        return _check_belgian(opts, entry, tricks)
    if entry.contract is not None or entry.declarers or entry.multiplier != 1:
        raise InvalidActionError(f"{fam} whist results are tricks only (no contract, declarers "
                                 "or multiplier)")
    names = ("N-S", "E-W") if fam == "classic" else ("N", "S")
    if len(tricks) != 2:
        raise InvalidActionError(f"give the tricks of {names[0]} and of {names[1]}, "
                                 f"not {len(tricks)} numbers")
    if fam == "classic":
        a, b = (_count(t, f"the tricks of {n}") for t, n in zip(tricks, names, strict=True))
        if a + b != TRICKS:
            raise InvalidActionError(f"the tricks add up to {a + b}, not {TRICKS}: {a} for {names[0]} "
                                     f"and {b} for {names[1]}")
        return (a, b, a, b), (a - b, b - a, a - b, b - a), f"{a}-{b}"
    return _check_german(opts, tricks)


def _check_german(opts: Any, tricks: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    """German whist: the tricks the options count, N's and S's: all 26 (seed 001's
    scoring) or the play phase's 13; under a race the hand may stop once a player has
    ``race`` tricks of the play phase, so fewer may be counted (at least the race's)."""
    every = opts.scoring == "seed-001"
    most = 2 * TRICKS if every else TRICKS
    for t, n in zip(tricks, ("N", "S"), strict=True):
        if not isinstance(t, int) or isinstance(t, bool):
            raise InvalidActionError(f"the tricks of {n} must be a whole number, not {t!r}")
        if not 0 <= t <= most:
            raise InvalidActionError(f"the tricks of {n} must be 0 to {most}, not {t}: the "
                                     f"options count {most} tricks")
    a, b = tricks
    least = most if opts.race is None else (TRICKS if every else 0) + opts.race
    if not least <= a + b <= most:
        want = str(most) if least == most else f"{least} to {most} (a race to {opts.race})"
        raise InvalidActionError(f"the tricks add up to {a + b}, not {want}: {a} for N and {b} for S")
    return (a, b), (a - b, b - a), f"{a}-{b}"


def _check_exact(opts: Any, entry: Entry, tricks: tuple[int, ...], deal: int,
                 before: Sequence[Entry]) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    """An exact-bid deal: each player's bid and tricks, checked against the deal's hand
    size and the bar on the dealer, scored with the streaks of the table's earlier deals."""
    result = exact_result(opts, entry, tricks, deal, before)
    detail = f"bids {' '.join(map(str, result.bids))}, took {' '.join(map(str, result.tricks))}"
    return result.points, result.points, detail


def exact_result(opts: Any, entry: Entry, tricks: Sequence[int], deal: int,
                 before: Sequence[Entry]) -> Any:
    """The :class:`~openwhist.rules.exactbid.ExactBidResult` of an exact-bid entry for the
    ``deal``-th deal of its table (``before``: the table's entries of the deals before it,
    in order; where streaks count, all of them, each checked again)."""
    runs = ((0, 0),) * opts.players
    checked = _exact_one(opts, entry, tricks, deal, runs)
    if opts.streak is None:
        return checked
    if len(before) != deal - 1:
        raise EntryError(f"enter deal {len(before) + 1} of this table first: the streaks carry "
                         "from deal to deal", "entry_order", deal=len(before) + 1)
    for k, earlier in enumerate(before, start=1):
        runs = _exact_one(opts, earlier, tuple(earlier.tricks), k, runs).runs
    return _exact_one(opts, entry, tricks, deal, runs)


def _exact_one(opts: Any, entry: Entry, tricks: Sequence[int], deal: int, runs: Any) -> Any:
    from openwhist.rules.exactbid import forbidden_bid, schedule, score_deal

    if entry.contract is not None or entry.declarers or entry.multiplier != 1:
        raise InvalidActionError("an exact-bid result is each player's bid and tricks (no "
                                 "contract, declarers or multiplier)")
    if not isinstance(deal, int) or isinstance(deal, bool) or deal < 1:
        raise InvalidActionError(f"the deal's number at its table is 1 or more, not {deal!r}")
    n = opts.players
    deals = schedule(opts)
    cards = deals[(deal - 1) % len(deals)][0]
    bids = tuple(entry.bids) if isinstance(entry.bids, (tuple, list)) else ()
    if len(bids) != n or len(tricks) != n:
        raise EntryError(f"give each of the {n} players' bid and tricks, in seat order: "
                         f"{len(bids)} bids and {len(tricks)} tricks given", "entry_seats", players=n)
    plural = "s" if cards > 1 else ""
    for what, values in (("bid", bids), ("tricks", tricks)):
        for h, v in enumerate(values):
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= cards:
                raise EntryError(f"{seat_name(h, n)}'s {what} must be 0 to {cards}, not {v!r}: "
                                 f"deal {deal} is dealt {cards} card{plural} a player",
                                 "entry_number", seat=seat_name(h, n), cards=cards, deal=deal)
    if sum(tricks) != cards:
        raise EntryError(f"the tricks add up to {sum(tricks)}, not {cards}: deal {deal} is dealt "
                         f"{cards} card{plural} a player", "entry_tricks_sum", total=sum(tricks),
                         cards=cards, deal=deal)
    dealer = (deal - 1) % n
    barred = forbidden_bid(opts, cards, bids, dealer, dealer)
    if barred is not None and bids[dealer] == barred:
        raise EntryError(f"{seat_name(dealer, n)} deals deal {deal} and may not bid {barred}: the "
                         f"bids would add up to {cards}, the tricks of the deal", "entry_barred",
                         seat=seat_name(dealer, n), bid=barred, cards=cards, deal=deal)
    return score_deal(opts, cards, bids, tricks, runs)


def _options(family: str, options: Any) -> Any:
    if options is None:
        return resolve(family)[1]
    if isinstance(options, str):
        return resolve(family, options)[1]
    if isinstance(options, Mapping):
        return resolve(family, **dict(options))[1]
    return options


def _check_belgian(opts: Any, entry: Entry, tricks: tuple[int, ...]) -> tuple[
        tuple[int, ...], tuple[int, ...], str]:
    from openwhist.rules.belgian import LEVELS, MISERE_TRICKS, SHARED, Contract, settle

    text = (entry.contract or "").strip().lower().replace("misère", "misere")
    if not text:
        raise InvalidActionError("a Belgian whist result names its contract ('pair 9', 'solo 6', "
                                 "'troel', 'grand-misere', ... or 'pass')")
    if entry.multiplier not in (1, 2):
        raise InvalidActionError(f"the multiplier is 1 or 2, not {entry.multiplier!r}")
    if entry.multiplier == 2 and opts.all_pass != "redeal-double":
        raise InvalidActionError("only the all_pass=redeal-double rule counts a deal double")
    if text == "pass":
        if tricks or entry.declarers:
            raise InvalidActionError("when all pass there are no declarers and no tricks")
        return (0, 0, 0, 0), (0, 0, 0, 0), "all pass"
    words = text.replace("_", "-").split()
    kind = words[0]
    if kind in ("small", "grand", "open") and len(words) > 1 and words[1] == "misere":
        kind, words = f"{kind}-misere", [f"{kind}-misere", *words[2:]]
    level: int | None = None
    if len(words) > 2 or (len(words) == 2 and not words[1].isdigit()):
        raise InvalidActionError(f"not a contract: {entry.contract!r} (write 'pair 9', 'solo 6', "
                                 "'troel', 'piccolo', ...)")
    if len(words) == 2:
        level = int(words[1])
    grid = opts.points_grid()
    needed: int
    if kind == "troel":
        needed = level or 8
        if needed not in (8, 9):
            raise InvalidActionError(f"troel is played for 8 tricks (9 after a four-ace trump "
                                     f"change), not {needed}")
        level = None
    elif kind in LEVELS:
        if level is None or level not in LEVELS[kind]:
            r = LEVELS[kind]
            raise InvalidActionError(f"{kind} is bid for {r.start} to {r.stop - 1} tricks"
                                     + ("" if level is None else f", not {level}"))
        needed = level
    elif kind in MISERE_TRICKS or kind == "soloslim":
        if level is not None:
            raise InvalidActionError(f"{kind} has no level: write {kind!r}")
        needed = MISERE_TRICKS.get(kind, TRICKS)
    else:
        raise InvalidActionError(f"unknown contract {entry.contract!r}")
    if kind == "piccolissimo" and not opts.piccolissimo:
        raise InvalidActionError("piccolissimo is not played under these options")
    if grid.rank(kind, level) is None:
        raise InvalidActionError(f"the points grid {grid.name!r} has no {kind}"
                                 + (f" {level}" if level is not None else ""))
    declarers = tuple(parse_seat(d, 4) for d in entry.declarers)
    if len(set(declarers)) != len(declarers):
        raise InvalidActionError("a declarer is named twice")
    want = {"pair": 2, "troel": 2}.get(kind, 1)
    if kind in SHARED:
        if not 1 <= len(declarers) <= 3:
            raise InvalidActionError(f"{kind} is played by one to three players, not {len(declarers)}")
    elif len(declarers) != want:
        raise InvalidActionError(f"{kind} is played by {want} player{'s' if want > 1 else ''}, "
                                 f"not {len(declarers)}")
    groups = len(declarers) if kind in SHARED else 1
    if len(tricks) != groups:
        raise InvalidActionError(
            f"give the tricks of {'each declarer' if groups > 1 else 'the declaring side'}: "
            f"{groups} number{'s' if groups > 1 else ''}, not {len(tricks)}")
    taken = [_count(t, "the declarers' tricks") for t in tricks]
    if sum(taken) > TRICKS:
        raise InvalidActionError(f"the declarers' tricks add up to {sum(taken)}, more than {TRICKS}")
    per_seat = [0, 0, 0, 0]
    if groups == 1:
        per_seat[declarers[0]] = taken[0]
    else:
        for d, t in zip(declarers, taken, strict=True):
            per_seat[d] = t
    contract = Contract(kind, level, None, declarers, needed)
    _, points = settle(grid, contract, per_seat, entry.multiplier)
    who = "+".join(seat_name(d) for d in declarers)
    name = kind.replace("-", " ") + (f" {level}" if level is not None else "")
    if kind == "troel" and needed == 9:
        name = "troel 9"
    took = " and ".join(str(t) for t in taken)
    detail = f"{name} {who}, {took} trick{'s' if taken != [1] else ''}"
    if entry.multiplier == 2:
        detail += ", doubled"
    return tuple(points), tuple(points), detail


def _family(family: str) -> str:
    name = get_variant(family).name
    if name not in ENTRY_FAMILIES:
        raise InvalidActionError(f"results are entered by hand for {', '.join(ENTRY_FAMILIES)} "
                                 f"whist, not {name}")
    return name
