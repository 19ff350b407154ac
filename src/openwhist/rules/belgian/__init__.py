"""Belgian colour whist as on FreeWhist.be (rules.md §1): an auction, then one contract.

Four players, each for himself over the match; partners come from the auction.  No card
is turned up.  The deal starts with the automatic troel check (exactly three aces, or
three or four with ``troel="three-or-four-aces"``); then the auction, a state machine
with every rule of §1.5: "ik wacht" for the first speaker, proposals only while a partner
is still possible, acceptance only with a card of the suit, the bound proposer skipped
and the acceptor speaking for the pair, switching to a higher suit, going solo, the
automatic pass of a proposer nobody can join, misère and piccolo blocking proposals,
abondance and soloslim on a player's first turn only, several players in the same
misère.  Options add Whisthub's limits (``solo_suit``, ``asks_per_suit``, ``bound_suit``,
``passe_parole``) and FreeWhist's referee rule as a plausibility check of the hand
(``referee``, :func:`referee_refusal`).  Every refused call raises
:class:`~openwhist.errors.IllegalActionError` saying why.  Then, as the contract asks, the
troel partner's trump choice (``trump hearts``), the small-misère discards (``discard 7C``,
every player one card), and the play, which stops as soon as the points can no longer
change (option ``early_stop``).

Calls: ``pass``, ``wait``, ``propose hearts``, ``accept`` (the highest proposal one may
join, at the lowest level that outranks the bid), ``pair 9 clubs`` (join or raise a
pair at a level), ``solo 6 spades``, ``abondance 9 hearts``, ``soloslim hearts``,
``small misere``, ``piccolo``, ``piccolissimo``, ``grand misere``, ``open misere``, and
with ``passe_parole`` on ``passe parole`` (the joiner of a pair that must bid 11 or more
hands the word to the proposer, who decides at once and speaks for the pair from then on).

>>> from openwhist import new_deal
>>> deal = new_deal("belgian", seed=3, dealer=0)
>>> deal.phase, deal.to_move, [str(c) for c in deal.legal_actions()][:3]
('auction', 1, ['pass', 'wait', 'propose spades'])

The family is a package of components: ``ladder`` (the seats, the suits' order, the
contracts), ``grid`` (points grids), ``options``, ``contracts`` (contracts, results,
settlement, the referee's check), ``auction`` (the auction, composed into the deal as
:class:`~openwhist.rules.auction.Auction`), ``state`` (the deal on
:class:`~openwhist.rules.tricks.TrickPlay`) and ``match``.

The points grid is data (:func:`load_grid`): the presets' grids lie in ``rules/grids/``
(``whisthub.toml`` documents the format) and are named (``grid="whisthub"``);
a club's own grid is given as its TOML text (``grid=text``; the command line reads it from
a file).  The rules read no file a user names.  The grid's order of contracts is the bid
ladder.
"""

from __future__ import annotations

from openwhist.rules.belgian.auction import AUCTION_CALLS, BelgianAuction
from openwhist.rules.belgian.contracts import (
    AuctionEnded,
    BelgianResult,
    Contract,
    deal_stakes,
    high_card_points,
    promise,
    quick_tricks,
    referee_refusal,
    settle,
)
from openwhist.rules.belgian.grid import GRID_MAX_BYTES, GRIDS, GridEntry, PointsGrid, grid_names, load_grid
from openwhist.rules.belgian.ladder import HANDS, KINDS, LEVELS, MISERE_TRICKS, SHARED, SUIT_RANK
from openwhist.rules.belgian.match import BelgianMatchRules
from openwhist.rules.belgian.options import PRESETS, BelgianOptions
from openwhist.rules.belgian.state import BelgianState, deal_packets, from_setup, new_belgian_deal, rebuild
from openwhist.rules.variant import Declaration, EntryForm, Variant

__all__ = [
    "AUCTION_CALLS",
    "BELGIAN",
    "GRIDS",
    "GRID_MAX_BYTES",
    "KINDS",
    "LEVELS",
    "MISERE_TRICKS",
    "PRESETS",
    "SHARED",
    "AuctionEnded",
    "BelgianAuction",
    "BelgianMatchRules",
    "BelgianOptions",
    "BelgianResult",
    "BelgianState",
    "Contract",
    "GridEntry",
    "PointsGrid",
    "deal_packets",
    "from_setup",
    "grid_names",
    "high_card_points",
    "load_grid",
    "new_belgian_deal",
    "promise",
    "quick_tricks",
    "rebuild",
    "referee_refusal",
    "settle",
]


def _declare(options: BelgianOptions) -> Declaration:
    """What a deal of Belgian whist declares, from the rules and the points grid: sides
    made by the auction, points per player, and bounds on a deal's length and points.

    The auction's bound: a call that outranks the bid (at most one per contract and suit
    of the ladder), a pass per player, the first speaker's wait, a join of a proposal at
    its own level after each of the (at most four) proposals that outrank, at most eight
    pairs formed (one per such proposal, one per acceptor's pass), a passe parole per
    pair formed, a kept proposal per player and per pair formed, and three more players
    in each shared misère.  After the auction: a troel trump call and 52 cards, or four
    discards and 48 cards.  The points: the grid's highest value made and failed
    of each contract, settled as :func:`settle` does, doubled after an all-pass deal
    under ``redeal-double``.
    """
    grid = options.points_grid()
    twice = 2 if options.all_pass == "redeal-double" else 1
    keys = shared = 0
    least = most = 0
    for e in grid.entries:
        if e.kind == "piccolissimo" and not options.piccolissimo:
            continue
        if e.kind != "troel":
            keys += 4 if e.kind in ("pair", "solo", "abondance", "soloslim") else 1
        shared += e.kind in SHARED
        exact = e.kind in MISERE_TRICKS
        needed = (MISERE_TRICKS[e.kind] if exact else 13 if e.kind == "soloslim"
                  else 8 if e.kind == "troel" else int(e.level or 13))
        outcomes = [e.value(t, needed, exact) for t in range(14)]
        made = twice * max((v for ok, v in outcomes if ok), default=0)
        failed = twice * max((v for ok, v in outcomes if not ok), default=0)
        zero_sum = grid.settlement == "zero-sum"
        if e.kind in SHARED:  # up to four players, each settling with the other three
            most = max(most, 3 * made + 3 * failed, 4 * failed)
            if zero_sum:
                least = min(least, -3 * failed - 3 * made, -4 * made)
            continue
        share = 1 if e.kind in ("pair", "troel") else HANDS - 1
        most = max(most, share * made, failed)
        if zero_sum:
            least = min(least, -share * failed, -made)
    proposals = len(SUIT_RANK)  # proposals that outrank: pair 8 in each suit
    pairs = proposals + HANDS  # pairs formed: one per proposal, one per acceptor's pass
    calls = keys + HANDS + 1 + proposals + pairs + (HANDS + pairs) + 3 * shared
    return Declaration((0, 1, 2, 3), "auction", None, "player", calls + 53, least, most)


BELGIAN = Variant(
    name="belgian",
    players=HANDS,
    hands=HANDS,
    description="Belgian colour whist as on FreeWhist.be: an auction (proposals, solo, "
                "misères, abondance, troel), one contract, a points grid per player.",
    options_type=BelgianOptions,
    presets=PRESETS,
    default_preset="freewhist",
    deal=new_belgian_deal,
    from_setup=from_setup,
    rebuild=rebuild,
    match_rules=BelgianMatchRules,
    declare=_declare,
    header_options=("all_pass", "grid", "piccolissimo"),
    promise=promise,
    stakes=deal_stakes,
    title="Belgian whist",
    rated=True,
    tally="points",
    entry=EntryForm(contracts=("pair 8", "pair 9", "pair 10", "solo 6", "solo 7", "abondance 9",
                               "abondance 10", "troel", "small-misere", "piccolo", "grand-misere",
                               "open-misere", "soloslim", "pass")),
)
"""Belgian colour whist: the registry's record."""
