# mypy: ignore-errors
# (numba kernels: numba infers and checks their types when it compiles them; the typed
# public surface is openwhist.solver)
"""The search kernels of the double-dummy solver, compiled with numba (the optional
``numba`` extra, cached on disk) or, without numba, run as plain Python (slow).
``_kernel.c`` is the same search written out in C, line for line, the solver's default:
a change to the search here is made there too (tests/test_solver_kernels.py checks that
both give the same values and visit the same nodes).

Everything here works on signed int64 card masks.  The state of a search is held in one
small array, ``work``, that the kernels change and restore in place, besides the
transposition table ``tt``:

``work[HANDS:HANDS+4]``   the cards each seat still holds (unused seats hold 0)
``work[TRICK:TRICK+56]``  the cards of the trick in progress, 4 slots per trick number:
                          the slots of the trick with ``r`` tricks left are ``4*r .. 4*r+3``
``work[SIDES:SIDES+4]``   1 for the seats of the declaring side, else 0
``work[STATS:STATS+16]``  counters and limits (``NODES``, ``HITS`` ...: see below)

and, per ply, the move lists, relevance words and suit codes.  The kernels are compiled
without numba's reference counting (``_nrt=False``): they allocate nothing, and counting
references to every array argument and view at every node cost about 15% of the time.

The kernels answer one boolean question, "can the declaring side reach the goal?", with a
zero-window alpha-beta search (an AND/OR search: the declaring side's seats are OR nodes,
the others AND nodes).  ``mode`` says which goal, with ``need`` the declaring side's tricks
counted from the current trick on:

``0``  at least ``need`` tricks      ``1``  at most ``need`` tricks
``2``  exactly ``need`` tricks

With four hands, once a search has reached the start of a trick, :func:`search` calls
itself only at the start of the next one: the other cards of a trick are searched by
functions of their own, inlined into it (:func:`_second_hand`, :func:`_third_hand`,
:func:`_last_hand`), that play the same cards in the same order.  So are the second
cards of a trick of two hands (:func:`_two_follow`).

Trick values (most or fewest tricks) come from a sequence of such searches that moves a
bound by one trick at a time (MTD-f with unit steps); the transposition table keeps what
each search learned, as bit sets of won and lost goals per position.

Positions are stored in the table only at the start of a trick, under a canonical key:
per suit, the owners of the cards still out, from the highest down.  Two positions that
differ only in which low cards were played therefore share an entry.  Within a hand,
cards that are adjacent once played cards are removed are equivalent, and only one of
them is searched.

The kernels are compiled by :func:`compile_kernels`, with code generation settings of
their own (no loop vectorization or unrolling, no wraparound of negative indices).

This file holds the search itself: move ordering, relevance, the kernels and their
compilation.  Its helpers live in files by concern: ``_layout`` (the places in ``work``
and in a table entry), ``_bits`` (bit and card helpers, the processor's bit and vector
instructions), ``_table`` (the transposition table) and ``_bounds`` (quick tricks and
other bounds found without searching).  numba compiles them into the kernels, so the
compiled cache is keyed on all of them (``_cache.KERNEL_SOURCES``).
"""

from __future__ import annotations

import copy
import sys

import numpy as np

from openwhist.solver import _cache
from openwhist.solver._jit import NUMBA, njit

if NUMBA:
    from llvmlite import binding as llvm_binding
    from numba.core import config as numba_config
    from numba.core import inline_closurecall as numba_inline
    from numba.core import ir as numba_ir
    from numba.core import types
    from numba.core.compiler_lock import global_compiler_lock
    from numba.cpython import slicing as numba_slicing
    from numba.np import arrayobj as numba_arrayobj
from openwhist.solver._bits import (
    _BMI2,
    SUIT,
    _beats,
    _highbit_index,
    _kmax,
    _kth_highest,
    _lanes16,
    _lowbit_index,
    _oldest16,
    _pdep,
    _pext,
    _popcount,
    _prefetch,
    _suit,
    _trick_winner,
    _wrap,
)
from openwhist.solver._bounds import (
    _GOAL_BITS,
    _fourth_wins,
    _goal_met,
    _holds,
    _later_tricks,
    _needed,
    _quick_tricks,
    _quick_tricks2,
    _settled,
    _sure_trick,
    _sure_trumps,
)
from openwhist.solver._layout import (
    ACC,
    BKS,
    BUCKET,
    E_BEST,
    E_KEY_A,
    E_KEY_B,
    E_LENS,
    E_REL,
    E_VALUE,
    ENTRY,
    FULL_SIZE,
    GEN_MASK,
    HANDS,
    HIST,
    HITS,
    IN_USE,
    KILL,
    KILL_BEST,
    NO_CARD,
    NODE_LIMIT,
    NODES,
    OVER_LIMIT,
    REL,
    REPLACED,
    SIDES,
    STATS,
    STATS_LEN,
    TRICK,
    TRICK_STARTS,
    TT_LEVELS,
    WIN,
)
from openwhist.solver._table import _bucket, _grow, _len, _level, _suit_codes, _tag, _top_key


@njit(cache=True, _nrt=False, inline="always")
def _run_tops(legal: np.int64, live: np.int64) -> np.int64:
    """The cards of ``legal`` whose next card up among ``live`` (the cards still out) is not
    in ``legal``: the top card of each run of cards that are equal once the played cards
    are gone."""
    if _BMI2:
        tops = np.int64(0)
        for s in range(4):
            hs = (legal >> (13 * s)) & SUIT
            if hs:
                ls = (live >> (13 * s)) & SUIT
                x = _pext(hs, ls)
                tops |= _pdep(x & ~(x >> 1), ls) << (13 * s)
        return tops
    tops = legal
    bits = legal
    while bits:
        c = _lowbit_index(bits)
        bits &= bits - 1
        above = live & (SUIT << (13 * _suit(c))) & ~((np.int64(2) << c) - 1)
        if above and (legal >> _lowbit_index(above)) & 1:
            tops ^= np.int64(1) << c
    return tops


@njit(cache=True, _nrt=False, inline="always")
def _lift(k: np.int64, s: np.int64, child_live: np.int64, parent_live: np.int64) -> np.int64:
    """A relevance depth ``k`` (top cards of suit ``s``) among ``child_live`` expressed
    among ``parent_live`` (which holds more cards)."""
    if k == 0:
        return np.int64(0)
    bits = (child_live >> (13 * s)) & SUIT
    if k > _popcount(bits):
        return _popcount((parent_live >> (13 * s)) & SUIT)
    return _popcount(((parent_live >> (13 * s)) & SUIT) >> _kth_highest(bits, k))


@njit(cache=True, _nrt=False, inline="always")
def _same_as(c: np.int64, rel: np.int64, live: np.int64, hand: np.int64) -> np.int64:
    """The cards of ``hand`` that give the same answer as card ``c`` did, when that answer
    relied on the top cards ``rel`` (4 bits per suit, counted among ``live``): if ``c``
    lies below the top cards of its suit the answer relied on, every card of the suit in
    the hand below them; else none."""
    s = _suit(c)
    k = (rel >> (4 * s)) & 15
    ls = (live >> (13 * s)) & SUIT
    if _popcount(ls >> (c - 13 * s)) <= k:
        return np.int64(0)
    if k > 0:
        ls &= (np.int64(1) << _kth_highest(ls, k)) - 1
    return (ls << (13 * s)) & hand


@njit(cache=True, _nrt=False, inline="always")
def _cover_runs(rel: np.int64, hand: np.int64, legal: np.int64, live: np.int64) -> np.int64:
    """Lower the relevance depth of each suit until no run of equal cards of ``legal``
    straddles it."""
    for s in range(4):
        mine = (legal >> (13 * s)) & SUIT
        if not mine:
            continue
        ls = (live >> (13 * s)) & SUIT
        hs = (hand >> (13 * s)) & SUIT
        k = (rel >> (4 * s)) & 15
        changed = True
        while changed and k > 0:
            changed = False
            # the lowest relevant card, and the card just below it
            if k > _popcount(ls):
                break
            x = _kth_highest(ls, k)
            below = ls & ((np.int64(1) << x) - 1)
            if below == 0:
                break
            y = _highbit_index(below)
            if (hs >> x) & 1 and (hs >> y) & 1 and (mine >> y) & 1:
                k += 1
                changed = True
        rel = (rel & ~(np.int64(15) << (4 * s))) | (k << (4 * s))
    return rel


LEAD_REPLY = 50  # lead ordering: the cost of each opponent's card in the suit led
LEAD_HISTORY = 1  # lead ordering: the weight of that history, per trick left at the time
LEAD_HISTORY_2 = 4  # and with two hands
HISTORY_CAP = 100  # and its most


@njit(cache=True, _nrt=False)
def _discard_score(hand: np.int64, s: np.int64) -> np.int64:
    """Move ordering: a discard from a longer suit first (2 points a card)."""
    return (_popcount(hand & (SUIT << (13 * s))) * 64) // 32


@njit(cache=True, _nrt=False)
def _all_held(cards: np.int64, hand: np.int64) -> bool:
    """True if ``hand`` holds every card of ``cards``."""
    return (cards & ~hand) == 0


@njit(cache=True, _nrt=False, inline="always")
def _lead_suit_score(lenkey: np.int64, n: np.int64, trump: np.int64, sides: np.ndarray,
                     seat: np.int64, rem: np.int64, s: np.int64) -> np.int64:
    """The part of a lead's score that depends on its suit only.  A suit the opponents
    hold few cards of has few answers to search: each of their cards costs LEAD_REPLY,
    a void (a ruff or a free discard) more.  A partner's ruff scores, an opponent's
    costs.  With two hands each card of the opponent costs three times as much and a
    void twice, less 100 when the opponent holds trumps (measured on German whist's play
    phase, with LEAD_HISTORY_2: 5% fewer nodes, 6% at the p95)."""
    if n == 2:
        k = _len(lenkey, 1 - seat, s)
        if k > 0:
            return -3 * LEAD_REPLY * k
        return -2 * LEAD_REPLY * (rem + 1) + (100 if trump >= 0 and _len(lenkey, 1 - seat, trump) else 0)
    sc = np.int64(0)
    for j in range(1, n):
        p = _wrap(seat + j, n)
        k = _len(lenkey, p, s)
        if sides[p] != sides[seat]:
            sc -= LEAD_REPLY * (k if k > 0 else rem + 1)
        if k == 0 and s != trump and trump >= 0 and _len(lenkey, p, trump):
            sc += 60 if sides[p] == sides[seat] else -60
    return sc


@njit(cache=True, _nrt=False, inline="always")
def _hopeless(hands: np.ndarray, sides: np.ndarray, leader: np.int64, seat: np.int64, legal: np.int64,
              live: np.int64, led: np.int64, wcard: np.int64, wseat: np.int64) -> tuple[bool, np.int64]:
    """Third hand of four (``seat``), following the lead of its partner, with ``wcard`` of
    ``wseat`` now winning: True when the fourth hand, an opponent, holds a card of the
    suit above all of ours (no card of ours wins the trick); and the cheapest card that
    forces out more than the fourth hand's top sequence (or beats the second hand's
    card), unless the partner's card already does (-1: none)."""
    my_side = sides[seat]
    if not ((legal >> (13 * led)) & SUIT and sides[leader] == my_side
            and sides[_wrap(seat + 1, 4)] != my_side and sides[_wrap(leader + 1, 4)] != my_side):
        return False, np.int64(-1)
    f4 = hands[_wrap(seat + 1, 4)] & (SUIT << (13 * led))
    if not (f4 and _highbit_index(f4) > _highbit_index(legal)):
        return False, np.int64(-1)
    # the fourth hand's highest card below its top sequence
    gap = live & (SUIT << (13 * led)) & ~f4 & ((np.int64(1) << _highbit_index(f4)) - 1)
    sec = f4 & ((np.int64(1) << _highbit_index(gap)) - 1) if gap else np.int64(0)
    floor = _highbit_index(sec) if sec else np.int64(-1)
    if _suit(wcard) != led:
        floor = np.int64(-1)  # ruffed: no card of ours wins or forces
    elif sides[wseat] == my_side:
        if wcard > floor:
            floor = np.int64(-1)  # the partner's card forces out as much already
    elif wcard > floor:
        floor = wcard
    force = np.int64(-1)
    if floor >= 0:
        above = legal & ~((np.int64(2) << floor) - 1)
        if above:
            force = _lowbit_index(above)
    return True, force


@njit(cache=True, _nrt=False, inline="always")
def _follow_score(hands: np.ndarray, trick: np.ndarray, base: np.int64, n: np.int64, trump: np.int64,
                  sides: np.ndarray, leader: np.int64, tlen: np.int64, seat: np.int64, mode: np.int64,
                  c: np.int64, legal: np.int64, live: np.int64, wcard: np.int64, led: np.int64,
                  last: bool, pairs: bool, partner_sure: bool, hopeless: bool,
                  force: np.int64) -> np.int64:
    """Move ordering of a card ``c`` that follows to a trick (``tlen`` cards on it,
    ``wcard`` winning): the higher the score, the sooner it is searched."""
    hand = hands[seat]
    s = _suit(c)
    r = c - 13 * s
    if partner_sure:
        # partner sure of the trick: play low, do not overtake (when partner's card
        # can still be beaten, play as against an opponent's)
        sc = 200 - r
        if _beats(c, wcard, trump):
            sc -= 60
        if s == trump and led != trump:
            sc -= 40
        elif s != led and mode == 0:
            sc += _discard_score(hand, s)
    elif hopeless:
        sc = 100 - r
        if force >= 0 and c >= force and _all_held(live & ~((np.int64(1) << force) - 1)
                                                   & ((np.int64(2) << c) - 1), legal):
            sc = 150  # the forcing card (the top of its run)
    elif _beats(c, wcard, trump):
        if last or _holds(hands, trick, base, n, trump, sides, leader, tlen, c, led):
            # the cheapest sure winner
            sc = 400 - r
            if s == trump and led != trump:
                sc -= 20
        else:
            sc = 250 - r  # the cheapest card that beats the trick so far
            if tlen == 1 and pairs and s == led:
                # second hand low when the partner, fourth, can beat the card led.
                # Measured on 60 deals: 4% fewer trick starts with trumps, 7% in
                # no-trump
                p4 = hands[_wrap(seat + 2, 4)] & (SUIT << (13 * led))
                if p4 and _highbit_index(p4) > wcard:
                    sc = 90 - r
    else:
        sc = 100 - r
        if s == trump:
            sc -= 30
        elif s != led and mode == 0:
            # a discard: from a long suit (as when the partner is sure of the
            # trick).  Measured on 60 deals: 4% fewer trick starts with trumps, 8%
            # in no-trump; but 5% more in misere, where it is left out
            sc += _discard_score(hand, s)
    return sc


@njit(cache=True, _nrt=False, inline="always")
def _pick(work: np.ndarray, mb: np.int64, sb: np.int64, i: np.int64, nm: np.int64) -> np.int64:
    """Move the best scored of the moves ``i .. nm - 1`` (cards at ``work[mb:]``, scores at
    ``work[sb:]``) to place ``i`` and return it."""
    bi = i
    for j in range(i + 1, nm):
        if work[sb + j] > work[sb + bi]:
            bi = j
    c = work[mb + bi]
    work[mb + bi] = work[mb + i]
    work[sb + bi] = work[sb + i]
    work[mb + i] = c
    return c


@njit(cache=True, _nrt=False, inline="always")
def _trick_relevance(work: np.ndarray, trick: np.ndarray, base: np.int64, n: np.int64,
                     nwi: np.int64, live: np.int64, rem: np.int64) -> np.int64:
    """The relevance of a trick just completed (its cards at ``trick[base:base+n]``, won
    by card ``nwi``; ``live`` the cards out before it), counted among ``live``: what the
    search of the next trick relied on, and the cards that beat the others."""
    child = work[REL + 4 * (rem - 1)]
    tcards = np.int64(0)
    tsuits = np.int64(0)
    for t in range(n):
        tcards |= np.int64(1) << trick[base + t]
        tsuits |= np.int64(1) << _suit(trick[base + t])
    child_live = live & ~tcards
    crel = child  # the same in the suits none of the trick's cards came from
    for su in range(4):
        k = (child >> (4 * su)) & 15
        if (tsuits >> su) & 1 and k:
            crel += (_lift(k, su, child_live, live) - k) << (4 * su)
    wc = trick[base + nwi]
    ws = _suit(wc)
    for t in range(n):
        if t != nwi and _suit(trick[base + t]) == ws:
            kw = _popcount(((live >> (13 * ws)) & SUIT) >> (wc - 13 * ws))
            crel = _kmax(crel, kw << (4 * ws))
            break
    return crel


@njit(cache=True, _nrt=False, inline="always")
def _trick_relevance2(work: np.ndarray, trick: np.ndarray, base: np.int64, nwi: np.int64,
                      live: np.int64, rem: np.int64) -> np.int64:
    """:func:`_trick_relevance` for a trick of two cards, written out: the same answer
    without the loops over the trick's cards and the four suits."""
    c0 = trick[base]
    c1 = trick[base + 1]
    s0 = _suit(c0)
    s1 = _suit(c1)
    child = work[REL + 4 * (rem - 1)]
    child_live = live & ~((np.int64(1) << c0) | (np.int64(1) << c1))
    crel = child
    k = (child >> (4 * s0)) & 15
    if k:
        crel += (_lift(k, s0, child_live, live) - k) << (4 * s0)
    if s1 != s0:
        k = (child >> (4 * s1)) & 15
        if k:
            crel += (_lift(k, s1, child_live, live) - k) << (4 * s1)
    else:
        # both of the suit: the winner and the cards out above it
        wc = c1 if nwi == 1 else c0
        kw = _popcount(((live >> (13 * s0)) & SUIT) >> (wc - 13 * s0))
        crel = _kmax(crel, kw << (4 * s0))
    return crel


@njit(cache=True, _nrt=False, inline="always")
def _enter(work: np.ndarray, mode: np.int64, need: np.int64, rem: np.int64, ply: np.int64) -> np.int64:
    """The first steps of a node that follows to a trick (as :func:`search` takes them):
    count it, clear its relevance slot, and return 1 or 0 when the answer is known
    already (the goal met or out of reach, or the node budget spent: 0), else -1."""
    stats = work[STATS:STATS + STATS_LEN]
    stats[NODES] += 1
    if stats[NODE_LIMIT] > 0 and stats[NODES] > stats[NODE_LIMIT]:
        stats[OVER_LIMIT] = 1  # over the node budget: the answer is void, store nothing
        return np.int64(0)
    work[REL + ply] = 0
    return _settled(mode, need, rem)


@njit(cache=True, _nrt=False, inline="always")
def _follow_moves(work: np.ndarray, hands: np.ndarray, trick: np.ndarray, base: np.int64, n: np.int64,
                  trump: np.int64, sides: np.ndarray, leader: np.int64, tlen: np.int64, seat: np.int64,
                  mode: np.int64, legal: np.int64, live: np.int64, wcard: np.int64, led: np.int64,
                  last: bool, pairs: bool, partner_sure: bool, hopeless: bool, force: np.int64,
                  mb: np.int64) -> np.int64:
    """Write the moves of a node that follows to a trick to ``work[mb:]`` and their
    scores (:func:`_follow_score`) 13 words on; return how many: the top card of each
    run of equal cards, as :func:`search` lists them."""
    nm = 0
    bits = _run_tops(legal, live)
    while bits:
        c = _lowbit_index(bits)
        bits &= bits - 1
        work[mb + nm] = c
        work[mb + 13 + nm] = _follow_score(hands, trick, base, n, trump, sides, leader, tlen, seat, mode,
                                           c, legal, live, wcard, led, last, pairs, partner_sure,
                                           hopeless, force)
        nm += 1
    return nm


@njit(cache=True, _nrt=False, inline="always")
def _last_hand(work: np.ndarray, tt: np.ndarray, n: np.int64, trump: np.int64, mode: np.int64,
               need: np.int64, leader: np.int64, rem: np.int64, gen: np.int64) -> bool:
    """:func:`search` at the last card of a trick of four hands, with more tricks to come,
    written out apart and inlined into :func:`_third_hand`: a third of the nodes are such
    nodes, few of search's steps apply to them, and the call is saved (measured: 3%
    faster on openings).  It plays the same cards in the same order as search."""
    hands = work[HANDS:HANDS + 4]
    trick = work[TRICK:TRICK + 56]
    sides = work[SIDES:SIDES + 4]
    tlen = n - 1
    base = 4 * rem
    ply = base + tlen
    rslot = REL + ply
    done = _enter(work, mode, need, rem, ply)
    if done >= 0:
        return done == 1
    live = hands[0] | hands[1] | hands[2] | hands[3]
    for i in range(tlen):
        live |= np.int64(1) << trick[base + i]
    seat = _wrap(leader + tlen, n)
    hand = hands[seat]
    led = _suit(trick[base])
    legal = hand & (SUIT << (13 * led))
    if legal == 0:
        legal = hand
    wi = work[WIN + ply]
    wcard = trick[base + wi]
    my_side = sides[seat]
    partner_sure = sides[_wrap(leader + wi, n)] == my_side
    # the same moves, in the same order, as search plays at the last card of a trick
    mb = 26 * ply
    sb = mb + 13
    nm = _follow_moves(work, hands, trick, base, n, trump, sides, leader, tlen, seat, mode, legal, live,
                       wcard, led, True, False, partner_sure, False, np.int64(-1), mb)

    is_or = my_side == 1
    result = not is_or
    rel = np.int64(0)
    skip = np.int64(0)
    for i in range(nm):
        c = _pick(work, mb, sb, i, nm)
        cbit = np.int64(1) << c
        if skip & cbit:
            continue
        hands[seat] ^= cbit
        trick[base + tlen] = c
        nwi = tlen if _beats(c, wcard, trump) else wi
        w = _wrap(leader + nwi, n)
        v = search(work, tt, n, trump, mode, need - sides[w], w, np.int64(0), rem - 1, gen)
        crel = _trick_relevance(work, trick, base, n, nwi, live, rem)
        hands[seat] ^= cbit
        if v == is_or:
            result = v
            rel = crel
            break
        rel = _kmax(rel, crel)
        skip |= _same_as(c, crel, live, hand)  # lowest-win pruning
    if result != is_or:
        rel = _cover_runs(rel, hand, legal, live)
    work[rslot] = rel
    return result


@njit(cache=True, _nrt=False, inline="always")
def _third_hand(work: np.ndarray, tt: np.ndarray, trump: np.int64, mode: np.int64, need: np.int64,
                leader: np.int64, rem: np.int64, gen: np.int64) -> bool:
    """:func:`search` at the third card of a trick of four hands, with more tricks to
    come, written out apart like :func:`_last_hand` (which it inlines) and inlined into
    :func:`_second_hand`.  It plays the same cards in the same order as search."""
    hands = work[HANDS:HANDS + 4]
    trick = work[TRICK:TRICK + 56]
    sides = work[SIDES:SIDES + 4]
    n = np.int64(4)
    tlen = np.int64(2)
    base = 4 * rem
    ply = base + tlen
    rslot = REL + ply
    done = _enter(work, mode, need, rem, ply)
    if done >= 0:
        return done == 1
    live = hands[0] | hands[1] | hands[2] | hands[3] | (np.int64(1) << trick[base]) \
        | (np.int64(1) << trick[base + 1])
    seat = _wrap(leader + tlen, n)
    hand = hands[seat]
    led = _suit(trick[base])
    legal = hand & (SUIT << (13 * led))
    if legal == 0:
        legal = hand
    wi = work[WIN + ply]
    wcard = trick[base + wi]
    wseat = _wrap(leader + wi, n)
    my_side = sides[seat]
    # the same steps, moves and order as search at the third card of a trick
    if mode == 0 and (need <= 1 if my_side == 1 else need >= rem):
        k = _sure_trick(hands, trick, base, n, trump, sides, leader, tlen, wcard, wseat, led, legal, live)
        if k >= 0:
            work[rslot] = k
            return my_side == 1
    pairs = sides[_wrap(seat + 2, n)] == my_side and sides[_wrap(seat + 1, n)] != my_side
    partner_sure = sides[wseat] == my_side and _holds(hands, trick, base, n, trump, sides, leader, tlen,
                                                      wcard, led)
    hopeless, force = _hopeless(hands, sides, leader, seat, legal, live, led, wcard, wseat)
    mb = 26 * ply
    sb = mb + 13
    nm = _follow_moves(work, hands, trick, base, n, trump, sides, leader, tlen, seat, mode, legal, live,
                       wcard, led, False, pairs, partner_sure, hopeless, force, mb)

    is_or = my_side == 1
    result = not is_or
    rel = np.int64(0)
    skip = np.int64(0)
    for i in range(nm):
        c = _pick(work, mb, sb, i, nm)
        cbit = np.int64(1) << c
        if skip & cbit:
            continue
        hands[seat] ^= cbit
        trick[base + tlen] = c
        work[WIN + ply + 1] = tlen if _beats(c, wcard, trump) else wi
        v = _last_hand(work, tt, n, trump, mode, need, leader, rem, gen)
        crel = work[REL + ply + 1]
        hands[seat] ^= cbit
        if v == is_or:
            result = v
            rel = crel
            break
        rel = _kmax(rel, crel)
        skip |= _same_as(c, crel, live, hand)  # lowest-win pruning
    if result != is_or:
        rel = _cover_runs(rel, hand, legal, live)
    work[rslot] = rel
    return result


@njit(cache=True, _nrt=False, inline="always")
def _second_hand(work: np.ndarray, tt: np.ndarray, trump: np.int64, mode: np.int64, need: np.int64,
                 leader: np.int64, rem: np.int64, gen: np.int64) -> bool:
    """:func:`search` at the second card of a trick of four hands, with more tricks to
    come, written out apart like :func:`_third_hand` (which it inlines) and inlined where
    the leader tries its cards: with four hands search calls itself only at the start
    of a trick, and each node runs only the steps that apply to it.  Measured on
    openings against search at every card: 3% faster with the last hand written out,
    2-3% more with the third, 2-3% more with the second.  Inlining a hand's function at
    two places (as the last hand's for three hands too) made the search slower, and
    each inlined function makes the first compilation longer (numba inlines and types
    the whole: 40 s with the last hand's alone, 2 min with all three; under 1.5 min once
    the small helpers such as :func:`_popcount` or :func:`_settled` are left to LLVM to
    inline, as it does, rather than numba; left to LLVM, the larger ones and those in
    the innermost loops, such as :func:`_kmax` or :func:`_same_as`, made the search
    slower)."""
    hands = work[HANDS:HANDS + 4]
    trick = work[TRICK:TRICK + 56]
    sides = work[SIDES:SIDES + 4]
    n = np.int64(4)
    tlen = np.int64(1)
    base = 4 * rem
    ply = base + tlen
    rslot = REL + ply
    done = _enter(work, mode, need, rem, ply)
    if done >= 0:
        return done == 1
    wcard = trick[base]
    live = hands[0] | hands[1] | hands[2] | hands[3] | (np.int64(1) << wcard)
    seat = _wrap(leader + 1, n)
    hand = hands[seat]
    led = _suit(wcard)
    legal = hand & (SUIT << (13 * led))
    if legal == 0:
        legal = hand
    my_side = sides[seat]
    fourth_wins = trump >= 0 and _fourth_wins(hands, trump, sides, seat, led, wcard) >= 0
    if mode == 0 and (need <= 1 if my_side == 1 else need >= rem):
        k = _sure_trick(hands, trick, base, n, trump, sides, leader, tlen, wcard, leader, led, legal, live)
        if k >= 0:
            work[rslot] = k
            return my_side == 1
    pairs = sides[_wrap(seat + 2, n)] == my_side and sides[_wrap(seat + 1, n)] != my_side
    partner_sure = fourth_wins or sides[leader] == my_side and _holds(hands, trick, base, n, trump, sides,
                                                                      leader, tlen, wcard, led)
    mb = 26 * ply
    sb = mb + 13
    nm = _follow_moves(work, hands, trick, base, n, trump, sides, leader, tlen, seat, mode, legal, live,
                       wcard, led, False, pairs, partner_sure, False, np.int64(-1), mb)

    is_or = my_side == 1
    result = not is_or
    rel = np.int64(0)
    skip = np.int64(0)
    for i in range(nm):
        c = _pick(work, mb, sb, i, nm)
        cbit = np.int64(1) << c
        if skip & cbit:
            continue
        hands[seat] ^= cbit
        trick[base + tlen] = c
        work[WIN + ply + 1] = tlen if _beats(c, wcard, trump) else 0
        v = _third_hand(work, tt, trump, mode, need, leader, rem, gen)
        crel = work[REL + ply + 1]
        hands[seat] ^= cbit
        if v == is_or:
            result = v
            rel = crel
            break
        rel = _kmax(rel, crel)
        skip |= _same_as(c, crel, live, hand)  # lowest-win pruning
    if result != is_or:
        rel = _cover_runs(rel, hand, legal, live)
    work[rslot] = rel
    return result


@njit(cache=True, _nrt=False, inline="always")
def _two_candidates(legal: np.int64, led: np.int64, wcard: np.int64) -> np.int64:
    """The cards of ``legal`` the second hand of two need try when each side wants tricks
    (mode 0).  A higher card of a suit is never worse to hold than a lower one, so it
    tries, in the suit led, its lowest card below the card led ``wcard`` and its lowest
    card above it; when void, the lowest card of each suit (any trump wins the trick).

    The answer then relies on no more top cards than those of the cards tried: a
    position that agrees on the hand lengths and on the owners of those top cards gives
    the second hand the same cards to try (the lowest card below the card led is its
    lowest of the suit, inside the top cards only when all its cards of the suit are;
    the lowest above it wins the trick and is among them, as is every card between),
    and the same argument leaves out the same cards there."""
    cand = np.int64(0)
    if (legal >> (13 * led)) & SUIT:
        below = legal & ((np.int64(1) << wcard) - 1)
        above = legal & ~below
        cand = (below & -below) | (above & -above)
    else:
        for su in range(4):
            m = legal & (SUIT << (13 * su))
            cand |= m & -m
    return cand


@njit(cache=True, _nrt=False, inline="always")
def _two_follow(work: np.ndarray, tt: np.ndarray, trump: np.int64, mode: np.int64, need: np.int64,
                leader: np.int64, rem: np.int64, gen: np.int64) -> bool:
    """:func:`search` at the second card of a trick of two hands, with more tricks to
    come, written out apart like :func:`_last_hand` and inlined into search at the one
    place that calls it: half the nodes of a two-hand search are such nodes, few of
    search's steps apply to them, and the call is saved (measured on German whist's play
    phase: 17% faster).  It plays the same cards in the same order as search."""
    hands = work[HANDS:HANDS + 4]
    trick = work[TRICK:TRICK + 56]
    sides = work[SIDES:SIDES + 4]
    n = np.int64(2)
    tlen = np.int64(1)
    base = 4 * rem
    ply = base + 1
    rslot = REL + ply
    done = _enter(work, mode, need, rem, ply)
    if done >= 0:
        return done == 1
    wcard = trick[base]
    live = hands[0] | hands[1] | (np.int64(1) << wcard)
    seat = _wrap(leader + 1, n)
    hand = hands[seat]
    led = _suit(wcard)
    legal = hand & (SUIT << (13 * led))
    if legal == 0:
        legal = hand
    if mode == 0:
        legal = _two_candidates(legal, led, wcard)
    my_side = sides[seat]
    mb = 26 * ply
    nm = _follow_moves(work, hands, trick, base, n, trump, sides, leader, tlen, seat, mode, legal, live,
                       wcard, led, True, False, sides[leader] == my_side, False, np.int64(-1), mb)
    is_or = my_side == 1
    result = not is_or
    rel = np.int64(0)
    skip = np.int64(0)
    for i in range(nm):
        c = _pick(work, mb, mb + 13, i, nm)
        cbit = np.int64(1) << c
        if skip & cbit:
            continue
        hands[seat] ^= cbit
        trick[base + 1] = c
        nwi = np.int64(1) if _beats(c, wcard, trump) else np.int64(0)
        w = _wrap(leader + nwi, n)
        v = search(work, tt, n, trump, mode, need - sides[w], w, np.int64(0), rem - 1, gen)
        crel = _trick_relevance2(work, trick, base, nwi, live, rem)
        hands[seat] ^= cbit
        if v == is_or:
            result = v
            rel = crel
            break
        rel = _kmax(rel, crel)
        skip |= _same_as(c, crel, live, hand)  # lowest-win pruning
    if result != is_or:
        rel = _cover_runs(rel, hand, legal, live)
    work[rslot] = rel
    return result


@njit(cache=True, _nrt=False, nogil=True)
def search(work: np.ndarray, tt: np.ndarray, n: np.int64, trump: np.int64, mode: np.int64,
           need: np.int64, leader: np.int64, tlen: np.int64, rem: np.int64, gen: np.int64) -> bool:
    """Can the declaring side (``sides[seat] == 1``) reach the goal from this node?

    ``rem`` counts the tricks left including the one in progress; ``tlen`` cards of it
    are on the table, led by ``leader``.  Besides the answer, the node leaves in
    ``work[REL + ply]`` how many top cards of each suit (4 bits per suit, counted among
    the cards still out in this trick) the answer depends on: positions with the same
    leader, the same suit lengths in every hand and the same owners of those top cards
    have the same answer (partition search).
    """
    hands = work[HANDS:HANDS + 4]
    trick = work[TRICK:TRICK + 56]
    sides = work[SIDES:SIDES + 4]
    stats = work[STATS:STATS + STATS_LEN]
    stats[NODES] += 1
    if tlen == 0:
        stats[TRICK_STARTS] += 1  # trick starts (DDS counts these)
    if stats[NODE_LIMIT] > 0 and stats[NODES] > stats[NODE_LIMIT]:
        stats[OVER_LIMIT] = 1  # over the node budget: the answer is void, store nothing
        return False
    base = 4 * rem
    ply = base + tlen
    rslot = REL + ply
    work[rslot] = 0
    done = _settled(mode, need, rem)
    if done >= 0:
        return done == 1
    live = hands[0] | hands[1] | hands[2] | hands[3]
    for i in range(tlen):
        live |= np.int64(1) << trick[base + i]
    if rem == 1:
        # the last trick plays itself
        for i in range(tlen, n):
            seat = _wrap(leader + i, n)
            trick[base + i] = _lowbit_index(hands[seat])
        wi = _trick_winner(trick, base, n, trump)
        w = _wrap(leader + wi, n)
        wc = trick[base + wi]
        ws = _suit(wc)
        for i in range(n):
            if i != wi and _suit(trick[base + i]) == ws:
                work[rslot] = _popcount(((live >> (13 * ws)) & SUIT) >> (wc - 13 * ws)) << (4 * ws)
                break
        return _goal_met(mode, need - sides[w])

    codes = work[REL + 56 + 8 * ply: REL + 56 + 8 * ply + 8]
    bucket = np.int64(-1)
    lenkey = np.int64(0)
    hashmove = np.int64(-1)
    if tlen == 0:
        lenkey = _suit_codes(hands, codes)
        nent = tt.shape[0] // (ENTRY + 1)
        tags = ENTRY * nent
        tag = _tag(lenkey, leader, gen)
        nmask = (stats[IN_USE] if stats[IN_USE] > 0 else nent) // BUCKET - 1
        # the buckets of every level first, so that their loads overlap
        levels = stats[TT_LEVELS]
        for lv in range(levels):
            bk = _bucket(lenkey, leader, codes, lv, nmask) * BUCKET
            work[BKS + lv] = bk
            _prefetch(tt, tags + bk)
            _prefetch(tt, tags + bk + 8)
        for lv in range(levels):
            bk = work[BKS + lv]
            m = _lanes16(tt, tags + bk, np.int64(32), np.int64(0xFFFFFFFF), tag)  # BUCKET == 16
            while m:
                j = _lowbit_index(m)
                m &= m - 1
                e = (bk + j) * ENTRY
                if tt[e + E_LENS] == lenkey and (tt[e + E_VALUE] >> 32) == gen:
                    ks = tt[e + E_REL]
                    ka, kb = _top_key(codes, ks, leader)
                    if tt[e + E_KEY_A] == ka and tt[e + E_KEY_B] == kb:
                        if hashmove < 0 and (tt[e + E_BEST] & 255) != NO_CARD:
                            hashmove = tt[e + E_BEST] & 255
                        v = tt[e + E_VALUE]
                        tt[tags + bk + j] = (tag << 32) | (stats[NODES] & 0xFFFFFFFF)
                        if (tt[e + E_BEST] & 255) != NO_CARD and ((v >> need) & 1 or (v >> (16 + need)) & 1):
                            work[KILL_BEST + rem] = tt[e + E_BEST] & 255
                        if (v >> need) & 1:
                            stats[HITS] += 1
                            work[rslot] = ks
                            return True
                        if (v >> (16 + need)) & 1:
                            stats[HITS] += 1
                            work[rslot] = ks
                            return False
        bucket = np.int64(0)
        if mode == 0:
            # the tricks the side on lead needs to settle the goal its way
            want = need if sides[leader] == 1 else rem - need + 1
            if n == 2:
                qt, qks = _quick_tricks2(hands, trump, leader)
            else:
                qt, qks = _quick_tricks(hands, n, trump, sides, leader, lenkey, want)
            if qt >= want:
                work[rslot] = qks
                return sides[leader] == 1
        if trump >= 0:
            # tricks each side is sure of with its trumps bound the declaring side's (no
            # more than its longest trump holding: only counted when that could decide)
            long1 = np.int64(0)
            long0 = np.int64(0)
            for i in range(n):
                k = _len(lenkey, i, trump)
                if sides[i]:
                    long1 = max(long1, k)
                else:
                    long0 = max(long0, k)
            lo = klo = st = khi = np.int64(0)
            if long1 >= need + (mode != 0):
                lo, klo = _sure_trumps(hands, n, trump, sides, np.int64(1), mode == 0, leader)
            if long0 >= rem - need + (mode != 1):
                st, khi = _sure_trumps(hands, n, trump, sides, np.int64(0), mode == 0, leader)
            hi = rem - st
            if mode == 0:
                if lo >= need:
                    work[rslot] = _needed(klo, lo, need) << (4 * trump)
                    return True
                if hi < need:
                    work[rslot] = _needed(khi, st, rem - need + 1) << (4 * trump)
                    return False
            elif mode == 1:
                if hi <= need:
                    work[rslot] = _needed(khi, st, rem - need) << (4 * trump)
                    return True
                if lo > need:
                    work[rslot] = _needed(klo, lo, need + 1) << (4 * trump)
                    return False
            else:
                if hi < need:
                    work[rslot] = _needed(khi, st, rem - need + 1) << (4 * trump)
                    return False
                if lo > need:
                    work[rslot] = _needed(klo, lo, need + 1) << (4 * trump)
                    return False
        if mode == 0 and n == 4:
            later, lks = _later_tricks(hands, trump, sides, need, leader, rem, lenkey)
            if later >= 0:
                work[rslot] = lks
                return later == 1

    seat = _wrap(leader + tlen, n)
    hand = hands[seat]
    led = np.int64(-1)
    legal = hand
    if tlen > 0:
        led = _suit(trick[base])
        follow = hand & (SUIT << (13 * led))
        if follow:
            legal = follow

    # current winner of the trick
    wcard = np.int64(-1)
    wseat = np.int64(-1)
    wi = np.int64(0)
    if tlen > 0:
        wi = work[WIN + ply]  # kept up to date as the cards of the trick are played
        wcard = trick[base + wi]
        wseat = _wrap(leader + wi, n)
    last = tlen == n - 1
    my_side = sides[seat]
    # second hand of four in a trump game: the fourth hand, a partner, sure to win the
    # trick when it follows above every card of the suit the third hand could play
    # (which must follow or cannot ruff); the second hand then plays low.  Measured:
    # 5-7% fewer nodes on trump deals, but 29% more in no-trump, so trump games only
    fourth_wins = tlen == 1 and n == 4 and trump >= 0 and _fourth_wins(
        hands, trump, sides, seat, led, wcard) >= 0

    # one trick more settles the goal, and the side to move is sure of this one
    if mode == 0 and 0 < tlen < n - 1 and (need <= 1 if my_side == 1 else need >= rem):
        k = _sure_trick(hands, trick, base, n, trump, sides, leader, tlen, wcard, wseat, led, legal, live)
        if k >= 0:
            work[rslot] = k
            return my_side == 1

    if n == 2 and tlen == 1 and mode == 0:
        legal = _two_candidates(legal, led, wcard)

    lead0 = lead1 = lead2 = lead3 = np.int64(0)
    # four hands in two fixed partnerships
    pairs = n == 4 and sides[_wrap(seat + 2, n)] == my_side and sides[_wrap(seat + 1, n)] != my_side
    if tlen == 0:
        lead0 = _lead_suit_score(lenkey, n, trump, sides, seat, rem, np.int64(0))
        lead1 = _lead_suit_score(lenkey, n, trump, sides, seat, rem, np.int64(1))
        lead2 = _lead_suit_score(lenkey, n, trump, sides, seat, rem, np.int64(2))
        lead3 = _lead_suit_score(lenkey, n, trump, sides, seat, rem, np.int64(3))

    # the partner sure of the trick: play low (once for all the cards)
    partner_sure = tlen > 0 and (fourth_wins or sides[wseat] == my_side and (last or _holds(
        hands, trick, base, n, trump, sides, leader, tlen, wcard, led)))

    # third hand of four, following the lead of its partner: when the fourth hand, an
    # opponent, holds a card of the suit above all of ours, no card of ours wins the
    # trick.  Play low, but first the cheapest card that forces out more than the
    # fourth hand's top sequence (or beats the second hand's card), unless the
    # partner's card already does.  Measured on 60 deals: 4% fewer trick starts with
    # trumps, 9% fewer in no-trump.
    hopeless = False
    force = np.int64(-1)
    if tlen == 2 and n == 4:
        hopeless, force = _hopeless(hands, sides, leader, seat, legal, live, led, wcard, wseat)

    # candidate moves: the highest card of each run of equivalent cards
    mb = 26 * ply
    sb = mb + 13
    nm = 0
    bits = _run_tops(legal, live)  # the others of a run have the same value: not searched
    while bits:
        c = _lowbit_index(bits)
        bits &= bits - 1
        s = _suit(c)
        r = c - 13 * s
        sc = np.int64(0)
        if tlen == 0:
            # leading: a sure winner first, then low cards
            above_all = live & ~hand & (SUIT << (13 * s)) & ~((np.int64(2) << c) - 1)
            if above_all == 0:
                sc = 200 + r
                if s == trump:
                    sc += 20
            else:
                sc = 100 - r - 4 * _popcount(hand & (SUIT << (13 * s)))
                # the suit's cards still out, its top card and its second (-1: none)
                ls = live & (SUIT << (13 * s))
                t1 = _highbit_index(ls)
                t2 = _highbit_index(ls ^ (np.int64(1) << t1))
                if trump >= 0 and t2 == c and (n == 2 or pairs):
                    # the second-highest card out, holding the third too (a king from KQ
                    # with the ace out): it forces out the top card.  Measured with trumps:
                    # 1-3% fewer trick starts on 60 deals, 4% in German whist; none in
                    # no-trump, and more in 1 v 3
                    t3 = _highbit_index(ls & ((np.int64(1) << c) - 1))
                    if t3 >= 0 and (hand >> t3) & 1:
                        sc += 60
                if n == 2:
                    # two hands: a card below every card the opponent holds of the suit
                    # later (with the lead scores above: see _lead_suit_score)
                    o2 = hands[1 - seat] & (SUIT << (13 * s))
                    if o2 and _lowbit_index(o2) > c:
                        sc -= 50
                # lead towards a partner's high cards
                for j in range(1, n):
                    p = _wrap(seat + j, n)
                    if sides[p] == my_side:
                        ph = hands[p] & (SUIT << (13 * s))
                        opp_hi = above_all & ~hands[p]
                        if ph and (opp_hi == 0 or _highbit_index(ph) > _highbit_index(opp_hi)):
                            sc += 160
                            break
                if n == 4 and sides[_wrap(seat + 2, 4)] == my_side:
                    # four hands in partnerships: not into the right-hand opponent's top
                    # or second card (unless it is bare); towards the partner's second
                    # card behind the left-hand opponent's top card.  Measured on 60
                    # deals: 4-5% fewer trick starts, with and without trumps
                    rho = hands[_wrap(seat + 3, 4)]
                    pa = hands[_wrap(seat + 2, 4)]
                    if ((rho >> t1) & 1 or t2 >= 0 and (rho >> t2) & 1) \
                            and _popcount(rho & (SUIT << (13 * s))) != 1:
                        sc -= 60
                    elif (hands[_wrap(seat + 1, 4)] >> t1) & 1 and t2 >= 0 and (pa >> t2) & 1 \
                            and _popcount(pa & (SUIT << (13 * s))) != 1:
                        sc += 100
            sc += lead0 if s == 0 else lead1 if s == 1 else lead2 if s == 2 else lead3
        else:
            sc = _follow_score(hands, trick, base, n, trump, sides, leader, tlen, seat, mode, c, legal,
                               live, wcard, led, last, pairs, partner_sure, hopeless, force)
        if tlen == 0:
            # a lead that settled other nodes of this search where the scores above
            # missed it (as cashing a sure winner first can spoil a cross-ruff)
            hv = (LEAD_HISTORY if n != 2 else LEAD_HISTORY_2) * work[HIST + 52 * seat + c]
            sc += hv if hv < HISTORY_CAP else HISTORY_CAP
        if c == hashmove:
            sc += 2000
        if tlen == 0 and pairs:
            # the lead that settled the last node with as many tricks left (a killer move;
            # in no-trump before all else), else the best card of the last table entry
            # that settled one.  Measured on 60 deals: 3% fewer trick starts with trumps,
            # 18% in no-trump; with two hands 6% more, in misere 2% more, so partnerships
            # only
            if c == work[KILL + rem]:
                sc += 100 if trump >= 0 else 5000
            elif c == work[KILL_BEST + rem] and trump >= 0:
                sc += 50

        work[mb + nm] = c
        work[sb + nm] = sc
        nm += 1

    is_or = my_side == 1
    result = not is_or
    rel = np.int64(0)
    best = np.int64(NO_CARD)  # the card that settled the node, if one did
    skip = np.int64(0)  # cards shown to be worth no more than one already searched
    for i in range(nm):
        c = _pick(work, mb, sb, i, nm)  # the best remaining move
        cbit = np.int64(1) << c
        if skip & cbit:
            continue
        hands[seat] ^= cbit
        trick[base + tlen] = c
        nwi = tlen if tlen == 0 or _beats(c, wcard, trump) else wi
        if tlen + 1 == n:
            w = _wrap(leader + nwi, n)
            v = search(work, tt, n, trump, mode, need - sides[w], w, np.int64(0), rem - 1, gen)
            crel = _trick_relevance(work, trick, base, n, nwi, live, rem)
        else:
            work[WIN + ply + 1] = nwi
            if tlen == 0 and n == 4:
                v = _second_hand(work, tt, trump, mode, need, leader, rem, gen)
            elif tlen == 0 and n == 2:
                v = _two_follow(work, tt, trump, mode, need, leader, rem, gen)
            else:
                v = search(work, tt, n, trump, mode, need, leader, tlen + 1, rem, gen)
            crel = work[REL + ply + 1]
        hands[seat] ^= cbit
        if v == is_or:
            if tlen == 0:
                work[KILL + rem] = c
            if tlen == 0 and i > 0:
                work[HIST + 52 * seat + c] += rem
            result = v
            rel = crel
            best = c
            break
        rel = _kmax(rel, crel)
        skip |= _same_as(c, crel, live, hand)  # lowest-win pruning

    if result != is_or:
        # every move was searched, each standing for its run of equal cards: the runs
        # must lie wholly inside the relevant top cards or wholly below them (with two
        # hands, cards _two_candidates leaves out need no more: see there)
        rel = _cover_runs(rel, hand, legal, live)
    work[rslot] = rel
    if bucket >= 0 and stats[OVER_LIMIT] == 0:
        ka, kb = _top_key(codes, rel, leader)
        nent = tt.shape[0] // (ENTRY + 1)
        if stats[REPLACED] > stats[IN_USE] >> 2 and stats[FULL_SIZE] > stats[IN_USE]:
            _grow(tt, stats, gen, work)
        nuse = stats[IN_USE] if stats[IN_USE] > 0 else nent
        level = _level(codes, rel, stats[TT_LEVELS]) if stats[TT_LEVELS] > 1 else np.int64(0)
        bucket = _bucket(lenkey, leader, codes, level, nuse // BUCKET - 1) * BUCKET
        # merge into the entry of the same class, else take a stale or the oldest slot
        target = np.int64(-1)
        tags = ENTRY * nent
        tag = _tag(lenkey, leader, gen)
        m = _lanes16(tt, tags + bucket, np.int64(32), np.int64(0xFFFFFFFF), tag)
        while m:
            e = (bucket + _lowbit_index(m)) * ENTRY
            m &= m - 1
            if tt[e + E_LENS] == lenkey and tt[e + E_REL] == rel and tt[e + E_KEY_A] == ka \
                    and tt[e + E_KEY_B] == kb and (tt[e + E_VALUE] >> 32) == gen:
                target = e
                break
        if target >= 0:
            old = tt[target + E_VALUE] & np.int64(0xFFFFFFFF)
        else:
            old = np.int64(0)
            fresh = _lanes16(tt, tags + bucket, np.int64(32), np.int64(GEN_MASK), gen & GEN_MASK)
            if fresh != 0xFFFF:
                target = (bucket + _lowbit_index(~fresh)) * ENTRY  # a slot of an older search
            else:
                # the entry used longest ago is the first to go
                target = (bucket + _lowbit_index(_oldest16(tt, tags + bucket))) * ENTRY
                stats[REPLACED] += 1
        win = old & _GOAL_BITS
        lose = (old >> 16) & _GOAL_BITS
        if result:
            if mode == 0:
                win |= (np.int64(2) << need) - 1
            elif mode == 1:
                win |= _GOAL_BITS & ~((np.int64(1) << need) - 1)
            else:
                win |= np.int64(1) << need
        else:
            if mode == 0:
                lose |= _GOAL_BITS & ~((np.int64(1) << need) - 1)
            elif mode == 1:
                lose |= (np.int64(2) << need) - 1
            else:
                lose |= np.int64(1) << need
        tt[tags + target // ENTRY] = (tag << 32) | (stats[NODES] & 0xFFFFFFFF)
        tt[target + E_LENS] = lenkey
        tt[target + E_KEY_A] = ka
        tt[target + E_KEY_B] = kb
        tt[target + E_REL] = rel
        tt[target + E_VALUE] = (gen << 32) | (lose << 16) | win
        tt[target + E_BEST] = best
    return result


ESTIMATE = -100  # node_value's guess: estimate the value from the cards (_first_guess)


@njit(cache=True, _nrt=False, inline="always")
def _shares(hands: np.ndarray, n: np.int64, trump: np.int64, sides: np.ndarray, table: np.int64,
            owner: np.int64) -> tuple[np.int64, np.int64, np.int64]:
    """The declaring side's high-card points (4-3-2-1), all the points, and the declaring
    side's trumps less the other side's, with the cards ``table`` counted in seat
    ``owner``'s hand (-1: none)."""
    pts = np.int64(0)
    tot = np.int64(0)
    trumps = np.int64(0)
    for p in range(n):
        h = hands[p] | (table if p == owner else np.int64(0))
        for su in range(4):
            x = (h >> (13 * su)) & SUIT
            q = 4 * ((x >> 12) & 1) + 3 * ((x >> 11) & 1) + 2 * ((x >> 10) & 1) + ((x >> 9) & 1)
            tot += q
            if sides[p] == 1:
                pts += q
            if su == trump:
                trumps += _popcount(x) if sides[p] == 1 else -_popcount(x)
    return pts, tot, trumps


@njit(cache=True, _nrt=False, inline="always")
def _first_guess(hands: np.ndarray, n: np.int64, trump: np.int64, sides: np.ndarray,
                 mode: np.int64, rem: np.int64, table: np.int64, owner: np.int64) -> np.int64:
    """The first guess of a node's value, where the search of its value starts (``table``:
    the cards of the trick in progress, all played by seat ``owner``): with two hands,
    most tricks from the declaring side's share of the high-card points and of the
    trumps (the cards on the table counted as still held), fitted on 1000 German whist
    play-phase positions (off by 1.2 tricks on average, against 2.5 for half the tricks:
    2% fewer nodes for the value of every card), fewest tricks half of them; with four,
    most tricks, from the declaring side's share of the
    high-card points (4-3-2-1) and of the trumps, fitted on 180 positions (off by 0.9
    tricks on average, against 5 for a guess of 1: 4% fewer trick starts on openings in
    their geometric mean, 6% after 4 tricks); fewest tricks, 0 (a misere is bid to take
    none, and a guess below the value costs fewer searches than one above: measured on
    1 v 3 random deals, where the value is 3.5 tricks on average, 9% fewer nodes than a
    guess of 1); else 1."""
    if n == 2 and mode == 0:
        pts, tot, trumps = _shares(hands, n, trump, sides, table, owner)
        if tot == 0:
            return rem // 2
        # rem * (0.549 * share + 0.208) + 0.757 * trumps, and one trick more, rounded down
        est = (rem * (549 * pts + 208 * tot) + 757 * trumps * tot + 1000 * tot) // (1000 * tot)
        return min(max(est, np.int64(0)), rem)
    if n == 2:
        return rem // 2
    if mode == 1:
        return np.int64(0)
    if n != 4 or mode != 0:
        return np.int64(1)
    pts, tot, trumps = _shares(hands, n, trump, sides, np.int64(0), np.int64(-1))
    if tot == 0:
        return np.int64(1)
    # rem * (1.285 * share - 0.161) + 0.604 * trumps, rounded, and one trick more: a guess
    # one above the value costs no search (the search that fails there is needed anyway),
    # one below it costs one.  Measured on 60 deals: 2% fewer trick starts on openings,
    # 3% after 4 tricks
    est = (rem * (1285 * pts - 161 * tot) + 604 * trumps * tot + 1500 * tot) // (1000 * tot)
    return min(max(est, np.int64(1)), rem)


@njit(cache=True, _nrt=False, nogil=True)
def node_value(work: np.ndarray, tt: np.ndarray, n: np.int64, trump: np.int64, mode: np.int64,
               leader: np.int64, tlen: np.int64, rem: np.int64, guess: np.int64,
               gen: np.int64) -> np.int64:
    """The declaring side's tricks from this node: most it can force (mode 0) or fewest
    (mode 1), found by unit steps of zero-window searches from ``guess`` (``ESTIMATE``:
    from :func:`_first_guess`).  Leaves in ``work[ACC]`` the top cards per suit the value
    relies on (over all the searches)."""
    stats = work[STATS:STATS + STATS_LEN]
    if guess <= ESTIMATE:
        table = np.int64(0)
        for i in range(tlen):
            table |= np.int64(1) << work[TRICK + 4 * rem + i]
        guess = _first_guess(work[HANDS:HANDS + 4], n, trump, work[SIDES:SIDES + 4], mode, rem, table,
                             leader if tlen < 2 else np.int64(-1))
    lo = np.int64(0)
    hi = rem
    g = min(max(guess, lo), hi)
    slot = REL + 4 * rem + tlen
    acc = np.int64(0)
    if mode == 0:
        # value = largest t with search(t) true; search(0) is always true
        while lo < hi:
            t = min(max(g, lo + 1), hi)
            if stats[OVER_LIMIT]:
                break
            if search(work, tt, n, trump, mode, t, leader, tlen, rem, gen):
                lo = t
                g = t + 1
            else:
                hi = t - 1
                g = t - 1
            acc = _kmax(acc, work[slot])
        work[ACC] = acc
        return lo
    # mode 1: value = smallest t with search(t) true; search(rem) is always true
    while lo < hi:
        t = max(min(g, hi - 1), lo)
        if search(work, tt, n, trump, mode, t, leader, tlen, rem, gen):
            hi = t
            g = t - 1
        else:
            lo = t + 1
            g = t + 1
        acc = _kmax(acc, work[slot])
    work[ACC] = acc
    return lo


@njit(cache=True, _nrt=False, nogil=True)
def root_values(work: np.ndarray, tt: np.ndarray, n: np.int64, trump: np.int64, mode: np.int64,
                target: np.int64, leader: np.int64, tlen: np.int64, rem: np.int64,
                gen: np.int64, out: np.ndarray) -> None:
    """The value of every legal card of the player to move, written to ``out[card]``
    (-1 for cards that may not be played).

    With ``target < 0`` the value is the declaring side's tricks (most for mode 0, fewest
    for mode 1); otherwise it is 1 if the goal ``mode``/``target`` can be reached after
    that card and 0 if not.
    """
    hands = work[HANDS:HANDS + 4]
    trick = work[TRICK:TRICK + 56]
    sides = work[SIDES:SIDES + 4]
    stats = work[STATS:STATS + STATS_LEN]
    for i in range(52):
        out[i] = -1
    base = 4 * rem
    seat = _wrap(leader + tlen, n)
    hand = hands[seat]
    live = hands[0] | hands[1] | hands[2] | hands[3]
    legal = hand
    if tlen > 0:
        for i in range(tlen):
            live |= np.int64(1) << trick[base + i]
        led = _suit(trick[base])
        follow = hand & (SUIT << (13 * led))
        if follow:
            legal = follow
    # the first card's value is found in unit steps from an estimate, the others' from
    # the best value so far (``ESTIMATE - gained`` still asks for the estimate)
    guess = np.int64(ESTIMATE)
    best = np.int64(-1)
    same = np.int64(0)  # cards shown to have the value of a card searched before
    # high to low so that each run's top card is met first
    bits = legal
    while bits:
        c = _highbit_index(bits)
        bits ^= np.int64(1) << c
        s = _suit(c)
        above = live & (SUIT << (13 * s)) & ~((np.int64(2) << c) - 1)
        if above:
            up = _lowbit_index(above)
            if (hand >> up) & 1:
                out[c] = out[up]
                continue
        if (same >> c) & 1:
            out[c] = work[ACC + 1 + s]
            continue
        cbit = np.int64(1) << c
        hands[seat] ^= cbit
        trick[base + tlen] = c
        gained = np.int64(0)
        nleader = leader
        ntlen = tlen + 1
        nrem = rem
        if tlen + 1 == n:
            nleader = _wrap(leader + _trick_winner(trick, base, n, trump), n)
            gained = sides[nleader]
            ntlen = 0
            nrem = rem - 1
        else:
            work[WIN + base + ntlen] = _trick_winner(trick, base, ntlen, trump)
        if target < 0:
            if nrem == 0:
                v = np.int64(0)
            else:
                v = node_value(work, tt, n, trump, mode, nleader, ntlen, nrem, guess - gained, gen)
            out[c] = v + gained
            # the next card most often scores as the best so far: test that first
            if best < 0 or (out[c] > best if mode == 0 else out[c] < best):
                best = out[c]
            guess = best if mode == 0 else best - 1
        else:
            if nrem == 0:
                ok = _goal_met(mode, target - gained)
            else:
                ok = search(work, tt, n, trump, mode, target - gained, nleader, ntlen, nrem, gen)
            out[c] = 1 if ok else 0
            work[ACC] = work[REL + 4 * nrem + ntlen]
        hands[seat] ^= cbit
        if stats[OVER_LIMIT]:
            return
        if ntlen > 0:
            # lowest-win at the root (the card stays in the trick, so the relevance of
            # the searches below speaks of this node's cards)
            equal = _same_as(c, work[ACC], live, hand)
            if equal:
                same |= equal
                work[ACC + 1 + s] = out[c]


def _index_as_is(context, builder, idxty, idx, *_):
    # numba's array indexing, less the wraparound of negative indices (never used here)
    return context.cast(builder, idx, idxty, types.intp)


def _slice_as_is(*_):
    # numba's slicing, less the wraparound and clamping of the bounds (always in range here)
    return None


def _without_unrolling(create):
    # LLVM's pipeline options as numba asks for them, less loop unrolling
    def create_options(*args, **kwargs):
        options = create(*args, **kwargs)
        if hasattr(options, "loop_unrolling"):
            options.loop_unrolling = False
        return options

    return create_options


class _OneScopePerCopy:
    """The ``copy`` module as numba's inliner sees it while the kernels compile.

    To inline a function, numba copies its IR one block at a time, and each block's deep
    copy copies the function's whole variable scope again (thousands of variables), once
    per block: two thirds of the kernels' compilation went there.  Here the blocks of
    one copy of an IR share one copy of its scope, as the blocks of the IR itself share
    the scope (numba's inliner keeps only one of the copies in any case).  A new copy of
    an IR (``FunctionIR.copy``, the first step of the inliner's copy) starts afresh.  The
    compiled code is the same, byte for byte."""

    copy = staticmethod(copy.copy)

    def __init__(self):
        self.scopes = {}

    def deepcopy(self, x, memo=None):
        if memo is not None or not isinstance(x, numba_ir.Block):
            return copy.deepcopy(x, memo)
        memo = {}
        known = self.scopes.get(id(x.scope))
        if known is not None and known[0] is x.scope:
            memo[id(x.scope)] = known[1]
        out = copy.deepcopy(x, memo)
        self.scopes[id(x.scope)] = (x.scope, memo[id(x.scope)])
        return out

    def afresh(self, ir_copy):
        def copy_ir(func_ir):
            self.scopes = {}
            return ir_copy(func_ir)

        return copy_ir


_IR_COPY = _OneScopePerCopy()
# numba's code generation hooks replaced while the kernels compile (see compile_kernels):
# module, name, and a function of the original that gives the replacement
_CODEGEN_HOOKS = ((numba_arrayobj, "fix_integer_index", lambda original: _index_as_is),
                  (numba_slicing, "fix_slice", lambda original: _slice_as_is),
                  (llvm_binding, "create_pipeline_tuning_options", _without_unrolling),
                  (numba_inline, "copy", lambda original: _IR_COPY),
                  (numba_ir.FunctionIR, "copy", _IR_COPY.afresh)) if NUMBA else ()


def compile_kernels() -> None:
    """Compile the kernels for the argument types the engine passes, or load them from the
    disk cache, with code generation settings of their own:

    * LLVM neither vectorizes nor unrolls loops: it widened and unrolled the short loops
      over four suits or hands, or over the cards of a trick, into code that made the
      search 10% slower;
    * array indices and slice bounds are used as they are: numba otherwise adds the length
      to a negative index (Python's ``a[-1]``) and clamps slice bounds, a compare and a
      select at each of the few hundred array accesses of a node, which cost about 12% of
      the time.  No kernel indexes from the end of an array or slices out of its range.

    The three kernels release the GIL (``nogil``) while they run: a search in a worker
    thread (a computer player's, a hint's) never holds up the thread that serves the
    tables, and searches in several threads run on several cores.

    The inliner also copies the IR of the inlined functions faster (see
    :class:`_OneScopePerCopy`): the first compilation takes a fifth less time (120 s of
    processor time rather than 150 s on a 2-core machine), for the same machine code.

    These are numba's settings while it compiles; they are restored at once (under
    numba's compiler lock), so other numba code in the process is not affected.  Where a
    numba version lacks one of the hooks, the kernels compile without that change:
    slower, same answers.  Without numba there is nothing to compile: the kernels run as
    plain Python."""
    if not NUMBA:
        return
    kernels = (search, node_value, root_values)
    if all(k.overloads for k in kernels) or _cache.is_cached(list(kernels)):
        _compile(kernels)
        return
    # not cached: compile under the cache's lock (or wait for the process that holds it,
    # then load its work), and say why in one line where stderr is not a terminal (a
    # terminal shows the command's own spinner)
    quiet = sys.stderr is None or sys.stderr.isatty()
    waited = False

    def say(line: str) -> None:
        if not quiet:
            print(f"openwhist: {line}", file=sys.stderr, flush=True)

    def on_wait() -> None:
        nonlocal waited
        waited = True
        say("waiting for another process that is compiling the solver (once per machine)")

    with _cache.compile_lock(on_wait):
        if not waited and not _cache.is_cached(list(kernels)):
            say("compiling the solver for this machine (once, 1-2 minutes; later runs load it at once)")
        _compile(kernels)


def _compile(kernels):
    arr = types.int64[::1]
    i64 = types.int64
    search, node_value, root_values = kernels
    with global_compiler_lock:
        old_vectorize = numba_config.LOOP_VECTORIZE
        hooks = [(module, name, getattr(module, name), make) for module, name, make in _CODEGEN_HOOKS
                 if hasattr(module, name)]
        numba_config.LOOP_VECTORIZE = 0
        for module, name, original, make in hooks:
            setattr(module, name, make(original))
        try:
            search.compile((arr, arr) + (i64,) * 8)
            node_value.compile((arr, arr) + (i64,) * 8)
            root_values.compile((arr, arr) + (i64,) * 8 + (arr,))
        finally:
            numba_config.LOOP_VECTORIZE = old_vectorize
            for module, name, original, _ in hooks:
                setattr(module, name, original)


# the kernels are cached in the per-user folder of openwhist.solver._cache
_CACHED = _cache.use_user_cache(globals())
