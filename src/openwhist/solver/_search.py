# mypy: ignore-errors
# (numba kernels: numba infers and checks their types when it compiles them; the typed
# public surface is openwhist.solver)
"""The compiled search kernels of the double-dummy solver (numba, cached on disk).

Everything here works on signed int64 card masks.  The state of a search is held in one
small array, ``work``, that the kernels change and restore in place, besides the
transposition table ``tt``:

``work[HANDS:HANDS+4]``   the cards each seat still holds (unused seats hold 0)
``work[TRICK:TRICK+56]``  the cards of the trick in progress, 4 slots per trick number:
                          the slots of the trick with ``r`` tricks left are ``4*r .. 4*r+3``
``work[SIDES:SIDES+4]``   1 for the seats of the declaring side, else 0
``work[STATS:STATS+16]``  counters and limits (see the engine in ``openwhist.solver``)

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
"""

from __future__ import annotations

import copy
import sys

import numpy as np
from llvmlite import binding as llvm_binding
from llvmlite import ir as llvm_ir
from numba import njit
from numba.core import cgutils, types
from numba.core import config as numba_config
from numba.core import inline_closurecall as numba_inline
from numba.core import ir as numba_ir
from numba.core.compiler_lock import global_compiler_lock
from numba.cpython import slicing as numba_slicing
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros
from numba.extending import intrinsic
from numba.np import arrayobj as numba_arrayobj

from openwhist.solver import _cache

SUIT = np.int64(0x1FFF)
TT_BITS = 20
TT_SIZE = 1 << TT_BITS
_GOAL_BITS = np.int64(0x3FFF)


def new_table(bits: int = TT_BITS) -> np.ndarray:
    """A fresh transposition table of ``2**bits`` entries of 6 words: hand lengths, two
    words of top-card owners with the leader, relevance depths, value bits with the
    search generation, best card; then one tag word per entry that a probe scans
    before it reads any entry.  A tag word holds a hash of the entry's lengths and
    leader with the low 12 bits of its generation, and the node count when the entry
    was last used (the least recently used entry of a bucket is replaced first), so
    that neither a probe nor a store reads the entries it does not need.  The table
    starts on a 64-byte boundary (a bucket's tags then fill whole cache lines)."""
    size = (ENTRY + 1) << bits
    raw = np.zeros(size + 8, dtype=np.int64)
    off = (-raw.ctypes.data % 64) // 8
    return raw[off:off + size]


@intrinsic
def _ctpop(typingctx, x):  # type: ignore[no-untyped-def]
    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(args[0])

    return x(x), codegen


_LLVM_OPAQUE_POINTERS = llvm_binding.llvm_version_info >= (15,)

# the processor's parallel bit extract and deposit (x86 BMI2), where numba compiles for
# this machine and it has them; else tables do the same (the table look-ups missed the
# first-level cache: about 5% of a German whist search).  numba keys its cached code on
# the processor's features, so code built with them is never loaded where they lack
_BMI2 = numba_config.CPU_NAME is None and bool(llvm_binding.get_host_cpu_features().get("bmi2"))


def _bmi2_call(name):  # type: ignore[no-untyped-def]
    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        i64 = llvm_ir.IntType(64)
        fnty = llvm_ir.FunctionType(i64, [i64, i64])
        return builder.call(cgutils.get_or_insert_function(builder.module, fnty, name), args)
    return codegen


@intrinsic
def _pext(typingctx, x, m):  # type: ignore[no-untyped-def]
    """The bits of ``x`` that ``m`` selects, packed down (BMI2 machines only)."""
    return types.int64(types.int64, types.int64), _bmi2_call("llvm.x86.bmi.pext.64")


@intrinsic
def _pdep(typingctx, x, m):  # type: ignore[no-untyped-def]
    """The low bits of ``x`` moved to the places of the bits of ``m`` (BMI2 machines only)."""
    return types.int64(types.int64, types.int64), _bmi2_call("llvm.x86.bmi.pdep.64")


@intrinsic
def _prefetch(typingctx, arr, idx):  # type: ignore[no-untyped-def]
    """Ask the processor to load ``arr[idx]`` into its caches (no wait, no result).  Before
    LLVM 15 (named pointer types) it does nothing: a hint, never needed for the answer."""
    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]], wraparound=False)
        if _LLVM_OPAQUE_POINTERS:
            i32 = llvm_ir.IntType(32)
            fnty = llvm_ir.FunctionType(llvm_ir.VoidType(), [ptr.type, i32, i32, i32])
            fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
            builder.call(fn, [ptr, i32(0), i32(3), i32(1)])  # read, keep in all cache levels
        return context.get_dummy_value()

    return types.void(arr, idx), codegen


def _load16(context, builder, signature, args):  # type: ignore[no-untyped-def]
    # the 16 words from arr[idx] as one vector
    aryty = signature.args[0]
    ary = context.make_array(aryty)(context, builder, args[0])
    ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]], wraparound=False)
    vty = llvm_ir.VectorType(llvm_ir.IntType(64), 16)
    return builder.load(builder.bitcast(ptr, vty.as_pointer()), align=8)


def _splat16(builder, x):  # type: ignore[no-untyped-def]
    v = llvm_ir.Constant(llvm_ir.VectorType(x.type, 16), llvm_ir.Undefined)
    for j in range(16):
        v = builder.insert_element(v, x, llvm_ir.Constant(llvm_ir.IntType(32), j))
    return v


def _lane_mask(builder, eq):  # type: ignore[no-untyped-def]
    # a <16 x i1> as the bits of an int64
    return builder.zext(builder.bitcast(eq, llvm_ir.IntType(16)), llvm_ir.IntType(64))


@intrinsic
def _lanes16(typingctx, arr, idx, shift, mask, value):  # type: ignore[no-untyped-def]
    """A mask of the 16 words ``w`` from ``arr[idx]`` with ``(w >> shift) & mask ==
    value`` (bit j for word j), compared at once in the processor's vector registers:
    the table scans the 16 tag words of a bucket this way (measured: 3-5% faster than a
    loop over them)."""
    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        v = _load16(context, builder, signature, args)
        field = builder.and_(builder.lshr(v, _splat16(builder, args[2])), _splat16(builder, args[3]))
        return _lane_mask(builder, builder.icmp_unsigned("==", field, _splat16(builder, args[4])))

    return types.int64(arr, idx, shift, mask, value), codegen


@intrinsic
def _oldest16(typingctx, arr, idx):  # type: ignore[no-untyped-def]
    """A mask of the words among the 16 from ``arr[idx]`` whose low 32 bits (a tag
    word's clock) are the least."""
    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        i32 = llvm_ir.IntType(32)
        clocks = builder.trunc(_load16(context, builder, signature, args), llvm_ir.VectorType(i32, 16))
        fnty = llvm_ir.FunctionType(i32, [clocks.type])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.vector.reduce.umin.v16i32")
        least = builder.call(fn, [clocks])
        return _lane_mask(builder, builder.icmp_unsigned("==", clocks, _splat16(builder, least)))

    return types.int64(arr, idx), codegen


@njit(cache=True, _nrt=False)
def _popcount(x: np.int64) -> np.int64:
    return np.int64(_ctpop(x))


@njit(cache=True, _nrt=False)
def _lowbit_index(x: np.int64) -> np.int64:
    # index of the lowest set bit of a non-zero x
    return np.int64(trailing_zeros(x))


@njit(cache=True, _nrt=False)
def _highbit_index(x: np.int64) -> np.int64:
    # index of the highest set bit of a non-zero x
    return np.int64(63 - leading_zeros(x))


@njit(cache=True, _nrt=False)
def _wrap(x: np.int64, n: np.int64) -> np.int64:
    # x % n for 0 <= x < 2 n, without a division
    return x - n if x >= n else x


@njit(cache=True, _nrt=False)
def _suit(c: np.int64) -> np.int64:
    # c // 13 for 0 <= c < 52 (a multiply and a shift, no division)
    return (c * 5042) >> 16


@njit(cache=True, _nrt=False, inline="always")
def _trick_winner(trick: np.ndarray, base: np.int64, n: np.int64, trump: np.int64) -> np.int64:
    best = np.int64(0)
    best_card = trick[base]
    best_suit = _suit(best_card)
    for i in range(1, n):
        c = trick[base + i]
        s = _suit(c)
        if s == best_suit:
            if c > best_card:
                best = i
                best_card = c
        elif s == trump:
            best = i
            best_card = c
            best_suit = s
    return best


@njit(cache=True, _nrt=False, inline="always")
def _beats(c: np.int64, w: np.int64, trump: np.int64) -> bool:
    cs = _suit(c)
    ws = _suit(w)
    if cs == ws:
        return c > w
    return cs == trump


@njit(cache=True, _nrt=False, inline="always")
def _holds(hands: np.ndarray, trick: np.ndarray, base: np.int64, n: np.int64, trump: np.int64,
           sides: np.ndarray, leader: np.int64, tlen: np.int64, c: np.int64, led: np.int64) -> bool:
    """True if card ``c``, now winning the trick, cannot be beaten by a later opponent."""
    seat = _wrap(leader + tlen, n)
    cs = _suit(c)
    for j in range(tlen + 1, n):
        p = _wrap(leader + j, n)
        if sides[p] == sides[seat]:
            continue
        h = hands[p]
        follow = h & (SUIT << (13 * led))
        if follow:
            if cs == led and _highbit_index(follow) > c:
                return False
        elif trump >= 0:
            tr = h & (SUIT << (13 * trump))
            if tr and (cs != trump or _highbit_index(tr) > c):
                return False
    return True


def _compress_table(width: int) -> np.ndarray:
    """``table[m << width | x]``: the bits of ``x`` that ``m`` selects, packed down (a
    ``width``-bit parallel bit extract)."""
    size = 1 << width
    m = np.arange(size * size, dtype=np.int64) >> width
    x = np.arange(size * size, dtype=np.int64) & (size - 1)
    table = np.zeros(size * size, dtype=np.int64)
    k = np.zeros(size * size, dtype=np.int64)
    for b in range(width):
        chosen = (m >> b) & 1
        table |= ((x >> b) & 1 & chosen) << k
        k += chosen
    return table.astype(np.uint8)  # small: numba builds the tables into its cached code


def _spread_table() -> np.ndarray:
    """``table[x]``: bit ``j`` of the 13-bit ``x`` moved to bit ``2 j``."""
    x = np.arange(1 << 13, dtype=np.int64)
    table = np.zeros(1 << 13, dtype=np.int64)
    for j in range(13):
        table |= ((x >> j) & 1) << (2 * j)
    return table.astype(np.int32)


_PEXT_LO = _compress_table(7)  # the low 7 ranks of a suit
_PEXT_HI = _compress_table(6)  # the high 6
_SPREAD = _spread_table()


@njit(cache=True, _nrt=False, inline="always")
def _compress13(x: np.int64, m: np.int64) -> np.int64:
    """The bits of the 13-bit ``x`` that ``m`` selects, packed down."""
    if _BMI2:
        return _pext(x, m)
    lo = m & 127
    return np.int64(_PEXT_LO[(lo << 7) | (x & 127)]) | (np.int64(_PEXT_HI[((m >> 7) << 6) | (x >> 7)])
                                                       << _popcount(lo))


@njit(cache=True, _nrt=False, inline="always")
def _spread13(x: np.int64) -> np.int64:
    """Bit ``j`` of the 13-bit ``x`` moved to bit ``2 j``."""
    if _BMI2:
        return _pdep(x, np.int64(0x1555555))
    return np.int64(_SPREAD[x])


@njit(cache=True, _nrt=False, inline="always")
def _suit_codes(hands: np.ndarray, live: np.ndarray) -> np.int64:
    """Fill ``live[4 + s]`` with the owner code of suit ``s`` (a 1 bit, then 2 bits per
    card still out, highest first) and ``live[s]`` with its number of cards; return the
    key of the hand lengths (4 bits per hand and suit)."""
    lenkey = np.int64(0)
    for s in range(4):
        h0 = (hands[0] >> (13 * s)) & SUIT
        h1 = (hands[1] >> (13 * s)) & SUIT
        h2 = (hands[2] >> (13 * s)) & SUIT
        h3 = (hands[3] >> (13 * s)) & SUIT
        bits = h0 | h1 | h2 | h3
        count = _popcount(bits)
        # owner bits of each card, packed in rank order, then interleaved
        low = _compress13(h1 | h3, bits)
        high = _compress13(h2 | h3, bits)
        live[s] = count
        live[4 + s] = (np.int64(1) << (2 * count)) | _spread13(low) | (_spread13(high) << 1)
        lenkey |= (_popcount(h0) | (_popcount(h1) << 4) | (_popcount(h2) << 8)
                   | (_popcount(h3) << 12)) << (16 * s)
    return lenkey


@njit(cache=True, _nrt=False, inline="always")
def _top_key(codes: np.ndarray, ks: np.int64, leader: np.int64) -> tuple[np.int64, np.int64]:
    t0 = codes[4] >> (2 * (codes[0] - (ks & 15)))
    t1 = codes[5] >> (2 * (codes[1] - ((ks >> 4) & 15)))
    t2 = codes[6] >> (2 * (codes[2] - ((ks >> 8) & 15)))
    t3 = codes[7] >> (2 * (codes[3] - ((ks >> 12) & 15)))
    return (leader << 54) | (t0 << 27) | t1, (t2 << 27) | t3


@njit(cache=True, _nrt=False, inline="always")
def _bucket(lenkey: np.int64, leader: np.int64, codes: np.ndarray, level: np.int64,
            mask: np.int64) -> np.int64:
    """The bucket of a position for table level ``level``: a hash of the hand lengths, the
    leader and the owners of the top ``level`` cards of each suit (all its cards when it
    holds fewer)."""
    top = np.int64(0)
    if level > 0:
        for s in range(4):
            k = codes[s]
            m = level if level < k else k
            top |= (codes[4 + s] >> (2 * (k - m))) << (8 * s)
    h = (lenkey ^ (leader << 62) ^ (top * np.int64(0x3C6EF372FE94F82B))) * np.int64(-7046029254386353131)
    h ^= (h >> 31)
    h *= np.int64(-4658895280553007687)
    h ^= h >> 29
    return (h + level) & mask


@njit(cache=True, _nrt=False)
def _tag(lenkey: np.int64, leader: np.int64, gen: np.int64) -> np.int64:
    h = (lenkey ^ (leader << 62)) * np.int64(-7046029254386353131) + gen * np.int64(0x3C6EF372FE94F82B)
    h ^= h >> 29
    return ((((h >> 32) ^ h) & 0x7FFFF) << 12) | (gen & GEN_MASK)


@njit(cache=True, _nrt=False)
def _level(codes: np.ndarray, rel: np.int64, levels: np.int64) -> np.int64:
    """The table level of an entry with relevance depths ``rel``: the fewest top cards of
    a suit it relies on, among suits it does not rely on wholly (at most ``levels - 1``)."""
    lv = levels - 1
    for s in range(4):
        k = (rel >> (4 * s)) & 15
        if k < codes[s] and k < lv:
            lv = k
    return lv


@njit(cache=True, _nrt=False, inline="always")
def _kth_highest(bits: np.int64, k: np.int64) -> np.int64:
    """The place of the ``k``-th highest bit of ``bits`` (``1 <= k <= popcount``)."""
    if _BMI2:
        return _lowbit_index(_pdep(np.int64(1) << (_popcount(bits) - k), bits))
    for _ in range(k - 1):
        bits ^= np.int64(1) << _highbit_index(bits)
    return _highbit_index(bits)


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


@njit(cache=True, _nrt=False)
def _len(lenkey: np.int64, seat: np.int64, s: np.int64) -> np.int64:
    # the number of cards of suit s seat holds, from a key of the hand lengths
    return (lenkey >> (16 * s + 4 * seat)) & 15


@njit(cache=True, _nrt=False, inline="always")
def _top_cards(m: np.int64, o: np.int64, lenkey: np.int64, n: np.int64, p: np.int64,
               s: np.int64) -> tuple[np.int64, np.int64, np.int64]:
    """Hand ``p``'s cards ``m`` of suit ``s`` above every other hand's (``o``): how many,
    the longest other holding of the suit, and the tricks they cash: all the hand's
    cards of the suit once the top cards have drawn every other card of it."""
    top = _popcount(m >> (_highbit_index(o) + 1)) if o else _popcount(m)
    longest = np.int64(0)
    cnt = top
    if o and top:
        for i in range(n):
            if i != p and _len(lenkey, i, s) > longest:
                longest = _len(lenkey, i, s)
        if top >= longest:
            cnt = _len(lenkey, p, s)
    return top, longest, cnt


@njit(cache=True, _nrt=False, inline="always")
def _top_reliance(cnt: np.int64, top: np.int64, longest: np.int64, o: np.int64, s: np.int64,
                  trump: np.int64) -> np.int64:
    """How many top cards of a suit a count of ``cnt`` tricks from ``top`` top cards relies
    on: those that draw the other hands' cards of the suit are all (none when no other
    hand holds the suit, trumps included)."""
    k = cnt if cnt < top else top
    if (s != trump or o == 0) and k > longest:
        k = longest
    return k


@njit(cache=True, _nrt=False)
def _quick_tricks(hands: np.ndarray, n: np.int64, trump: np.int64, sides: np.ndarray,
                  leader: np.int64, lenkey: np.int64, want: np.int64) -> tuple[np.int64, np.int64]:
    """Tricks the side on lead can cash at once with top cards: a lower bound for it.

    A top card is above every other card of its suit; when a hand has at least as many
    top cards in a suit as any other hand has cards of it, all its cards of the suit are
    counted.  In a side suit no more are counted than the shortest holding of an
    opponent who still has trumps (it must follow until then), unless the hand's top
    trumps draw every opposing trump first.  The side cashes the leader's top cards;
    or the leader leads a small card to a partner's top card and the partner cashes its
    top cards; or, with two partners, the leader cashes its own and then crosses to the
    partner's, when each of the two has cards to spare (other than trumps, which would
    ruff) for the tricks of the other in suits it does not hold.  Also returns, 4 bits
    per suit, how many top cards of each suit the count relies on.  ``lenkey`` holds
    the hand lengths (4 bits per hand and suit).  When the count reaches ``want``, it
    returns ``want`` with the fewest top cards that give it: a table entry that relies
    on fewer cards stands for more positions (four hands only; measured on 60 deals:
    1-3% fewer trick starts; with two hands no fewer, and slower).  Short of it, four
    hands in partnerships try :func:`_split_tricks`."""
    side = sides[leader]
    want_cost = np.int64(99)
    want_ks = np.int64(0)
    cap0 = np.int64(13)
    cap1 = np.int64(13)
    cap2 = np.int64(13)
    cap3 = np.int64(13)
    if trump >= 0:
        for i in range(n):
            if sides[i] != side and _len(lenkey, i, trump):
                cap0 = min(cap0, _len(lenkey, i, 0))
                cap1 = min(cap1, _len(lenkey, i, 1))
                cap2 = min(cap2, _len(lenkey, i, 2))
                cap3 = min(cap3, _len(lenkey, i, 3))
    every = hands[0] | hands[1] | hands[2] | hands[3]
    best = np.int64(0)
    best_ks = np.int64(0)
    me = hands[leader]
    pairs = n == 4 and sides[(leader + 2) % 4] == side and sides[(leader + 1) % 4] != side
    lead_cnt = np.int64(0)  # the leader's count per suit, 4 bits each
    lead_total = np.int64(0)
    lead_ks = np.int64(0)
    for j in range(n):
        p = _wrap(leader + j, n)
        if sides[p] != side:
            continue
        mine = hands[p]
        others = every & ~mine
        total = np.int64(0)
        ks = np.int64(0)
        cnts = np.int64(0)
        entry = p == leader
        esuit = np.int64(-1)
        drawn = False
        if trump >= 0:
            # top trumps that draw every opposing trump: no ruffs in the side suits then
            # (but for the trick that reaches a partner)
            m = (mine >> (13 * trump)) & SUIT
            o = (others >> (13 * trump)) & SUIT
            if m:
                top = _popcount(m >> (_highbit_index(o) + 1)) if o else _popcount(m)
                drawn = top > 0
                for i in range(n):
                    if sides[i] != side and _len(lenkey, i, trump) > top:
                        drawn = False
        for s in range(4):
            m = (mine >> (13 * s)) & SUIT
            if not m:
                continue
            o = (others >> (13 * s)) & SUIT
            top, longest, cnt = _top_cards(m, o, lenkey, n, p, s)
            if top == 0:
                continue
            cap = cap0 if s == 0 else cap1 if s == 1 else cap2 if s == 2 else cap3
            if s != trump and cnt > cap and not drawn:
                cnt = cap
            if cnt == 0:
                continue
            if p != leader and (me >> (13 * s)) & SUIT and (s == trump or cap > 0):
                entry = True
                if esuit < 0:
                    esuit = s
            total += cnt
            cnts |= cnt << (4 * s)
            ks |= _top_reliance(cnt, top, longest, o, s, trump) << (4 * s)
        if p == leader:
            lead_cnt = cnts
            lead_total = total
            lead_ks = ks
        elif pairs and esuit >= 0 and lead_total > 0:
            # the leader's tricks, then the partner's: each plays on the other's tricks
            # the cards of the suit led it holds, and discards the rest from cards it
            # does not need (not trumps)
            need_p = np.int64(0)
            spare_p = np.int64(0)
            need_l = np.int64(0)
            spare_l = np.int64(0)
            for s in range(4):
                a = (lead_cnt >> (4 * s)) & 15
                b = (cnts >> (4 * s)) & 15
                lp = _len(lenkey, p, s)
                ll = _len(lenkey, leader, s)
                if s == esuit:
                    b -= 1  # the leader's card of the suit to the partner
                    ll -= 1
                if a > 0:
                    if a > lp:
                        need_p += a - lp
                elif s != trump:
                    spare_p += lp - b
                if b > 0:
                    if b > ll:
                        need_l += b - ll
                elif s != trump:
                    spare_l += ll - a
            if need_p <= spare_p and need_l <= spare_l:
                if lead_total + total > best:
                    best = lead_total + total
                    best_ks = _kmax(lead_ks, ks)
                continue
        kcap = np.int64(13)
        if trump >= 0:
            # a partner void in the suit led and holding only trumps would have to ruff
            # and take the lead: count no more tricks than it has other cards
            for q in range(n):
                if q != p and sides[q] == side and _len(lenkey, q, trump):
                    k = _popcount(hands[q]) - _len(lenkey, q, trump)
                    if k < kcap:
                        kcap = k
            if total > kcap:
                total = kcap
        if entry and total > best:
            best = total
            best_ks = ks
        if entry and want > 0 and total > want and n == 4:
            # the suits with the fewest top cards to rely on that still give the tricks
            # wanted (with the trumps when their count drew the opposing trumps, and the
            # suit of the entry to a partner)
            for sub in range(1, 16):
                if p != leader and not (sub >> esuit) & 1:
                    continue
                tot = np.int64(0)
                cost = np.int64(0)
                drew = False
                for s in range(4):
                    if (sub >> s) & 1:
                        c = (cnts >> (4 * s)) & 15
                        tot += c
                        cost += (ks >> (4 * s)) & 15
                        cap = cap0 if s == 0 else cap1 if s == 1 else cap2 if s == 2 else cap3
                        if s != trump and c > cap:
                            drew = True
                if drew and not (sub >> trump) & 1:
                    continue
                if min(tot, kcap) >= want and cost < want_cost:
                    want_cost = cost
                    want_ks = np.int64(0)
                    for s in range(4):
                        if (sub >> s) & 1:
                            want_ks |= ks & (np.int64(15) << (4 * s))
    if want_cost < 99:
        return want, want_ks
    if best < want and n == 4 and _may_split(hands, trump, sides, leader, lenkey, want):
        # the same bound from top cards split between partners (measured on 60 deals: 3%
        # fewer trick starts with trumps, 8% in no-trump)
        return _split_tricks(hands, n, trump, sides, leader, lenkey, want)
    return best, best_ks


@njit(cache=True, _nrt=False, inline="always")
def _quick_tricks2(hands: np.ndarray, trump: np.int64, leader: np.int64) -> tuple[np.int64, np.int64]:
    """:func:`_quick_tricks` for two hands, written out for them and inlined into
    :func:`search`: the same count and the same top cards relied on, without the loops
    over partners (measured on German whist's play phase, with the bit extracts below:
    the search 20% faster at the p95).  In the trump suit it counts the trumps that win
    however they are played (:func:`_trumps_kept`) where they are more: the side suits'
    cards are cashed first, the opponent following, and every trick a trump of the
    leader's wins after that is one more (1% fewer nodes)."""
    me = hands[leader]
    opp = hands[1 - leader]
    ruffs = False  # the opponent holds trumps and the leader's do not draw them first
    if trump >= 0:
        o = (opp >> (13 * trump)) & SUIT
        if o:
            m = (me >> (13 * trump)) & SUIT
            top = _popcount(m >> (_highbit_index(o) + 1))
            ruffs = top == 0 or _popcount(o) > top
    total = np.int64(0)
    ks = np.int64(0)
    for s in range(4):
        m = (me >> (13 * s)) & SUIT
        if not m:
            continue
        o = (opp >> (13 * s)) & SUIT
        if o == 0:
            if s == trump or not ruffs:
                total += _popcount(m)  # every card a trick, relying on no top card
            continue
        top = _popcount(m >> (_highbit_index(o) + 1))
        olen = _popcount(o)
        cnt = _popcount(m) if top >= olen else top
        if s != trump and ruffs and cnt > olen:
            cnt = olen
        k = cnt if cnt < top else top
        if s != trump and k > olen:
            k = olen
        if s == trump:
            # the trumps lost only to higher trumps (see _sure_trumps), whatever the play:
            # with the side suits' cards cashed first, the opponent following
            mt = _trumps_kept(m, o)
            if mt > cnt:
                cnt = mt
                k = olen + _popcount(m)
        if cnt == 0:
            continue
        total += cnt
        ks |= k << (4 * s)
    return total, ks


@njit(cache=True, _nrt=False, inline="always")
def _trumps_kept(mine: np.int64, theirs: np.int64) -> np.int64:
    """Two hands: tricks the trumps ``mine`` win against the opponent's ``theirs`` however
    they are played (a trump loses only to a higher one played to the same trick, a
    different one each time): the trumps less the largest matching of them to higher
    opposing ones, found greedily from the lowest up."""
    avail = theirs
    lost = np.int64(0)
    bits = mine
    while bits:
        x = _lowbit_index(bits)
        bits &= bits - 1
        up = avail & ~((np.int64(2) << x) - 1)
        if up:
            avail ^= up & -up
            lost += 1
    return _popcount(mine) - lost


@njit(cache=True, _nrt=False)
def _cash(aw: np.int64, al: np.int64, bw: np.int64, bl: np.int64, olen: np.int64) -> np.int64:
    """Tricks two partners take in one suit, the first on lead: ``aw``/``bw`` are their
    cards above every opponent's card of the suit (a rank mask each), ``al``/``bl`` how
    many lower cards they hold; the opponents hold at most ``olen`` cards each, and after
    that many rounds any card wins.  Each round one partner plays its highest card
    above the opponents' and the other its lowest card; the trick goes to the higher.
    Two lines are tried, first keeping the lead or first crossing to the partner; the
    lead never depends on two low cards (their order is not known)."""
    best = np.int64(0)
    for pref in range(2):
        xw, xl, yw, yl = aw, al, bw, bl
        t = np.int64(0)
        while xw or xl:
            a = xw != 0
            b = yw != 0
            swap = False
            if a and (pref == 0 or not b):
                cx = _highbit_index(xw)
                xw ^= np.int64(1) << cx
                if yl > 0:
                    yl -= 1
                elif yw:
                    cy = _lowbit_index(yw)
                    yw ^= np.int64(1) << cy
                    swap = cy > cx
            elif b:
                cy = _highbit_index(yw)
                yw ^= np.int64(1) << cy
                if xl > 0:
                    xl -= 1
                    swap = True
                else:
                    cx = _lowbit_index(xw)
                    xw ^= np.int64(1) << cx
                    swap = cy > cx
            elif t >= olen and yw == 0 and yl == 0:
                xl -= 1  # the opponents are out of the suit, the partner too
            else:
                break
            t += 1
            if swap:
                xw, xl, yw, yl = yw, yl, xw, xl
        if t > best:
            best = t
    return best


@njit(cache=True, _nrt=False, inline="always")
def _may_split(hands: np.ndarray, trump: np.int64, sides: np.ndarray, leader: np.int64,
               lenkey: np.int64, want: np.int64) -> bool:
    """Whether :func:`_split_tricks` may find ``want`` tricks: four hands in two
    partnerships, the leader and its partner both hold a suit the opponents cannot ruff,
    with cards of each above the opponents' (or the opponents hold none of it), and the
    side holds the top of enough suits to cash ``want`` tricks at most."""
    side = sides[leader]
    if sides[(leader + 2) % 4] != side or sides[(leader + 1) % 4] == side:
        return False
    me = hands[leader]
    part = hands[(leader + 2) % 4]
    opps = hands[(leader + 1) % 4] | hands[(leader + 3) % 4]
    ruff = trump >= 0 and (opps >> (13 * trump)) & SUIT != 0
    found = False
    most = np.int64(0)  # the most tricks the side could cash in suits it holds the top of
    for s in range(4):
        mL = (me >> (13 * s)) & SUIT
        mP = (part >> (13 * s)) & SUIT
        if not mL or (ruff and s != trump):
            continue
        o = (opps >> (13 * s)) & SUIT
        if o == 0 or (mL | mP) >> _highbit_index(o):
            most += max(_len(lenkey, leader, s), _len(lenkey, (leader + 2) % 4, s))
            if mP and (o == 0 or (mL >> _highbit_index(o)) and (mP >> _highbit_index(o))):
                found = True
    return found and most >= want


@njit(cache=True, _nrt=False)
def _split_tricks(hands: np.ndarray, n: np.int64, trump: np.int64, sides: np.ndarray,
                  leader: np.int64, lenkey: np.int64, want: np.int64) -> tuple[np.int64, np.int64]:
    """At least ``want`` tricks for the side on lead, four hands in two partnerships,
    from a suit whose top cards are split between the leader and its partner: the
    leader may first cash its own top cards in the other suits (when the partner can
    follow or discard without giving up cards of that suit), then plays the suit, as
    :func:`_cash` counts.  Only suits the opponents cannot ruff count.  Returns
    ``want`` and the top cards per suit the count relies on (the fewest that do), or 0
    when the count falls short.  Called where :func:`_may_split` holds."""
    side = sides[leader]
    best_ks = np.int64(0)
    best_cost = np.int64(99)
    me = hands[leader]
    part = hands[(leader + 2) % 4]
    every = hands[0] | hands[1] | hands[2] | hands[3]
    opps = every & ~me & ~part
    ruff = trump >= 0 and (opps >> (13 * trump)) & SUIT != 0
    # the leader's own top cards per suit (above every other hand's)
    own = np.int64(0)
    own_ks = np.int64(0)
    cnts = np.int64(0)
    for s in range(4):
        m = (me >> (13 * s)) & SUIT
        if not m or (ruff and s != trump):
            continue
        o = ((every & ~me) >> (13 * s)) & SUIT
        top, longest, cnt = _top_cards(m, o, lenkey, n, leader, s)
        if top == 0:
            continue
        own += cnt
        cnts |= cnt << (4 * s)
        own_ks |= _top_reliance(cnt, top, longest, o, s, trump) << (4 * s)
    for s in range(4):
        mL = (me >> (13 * s)) & SUIT
        if not mL or (ruff and s != trump):
            continue
        mP = (part >> (13 * s)) & SUIT
        o = (opps >> (13 * s)) & SUIT
        olen = np.int64(0)
        for i in range(n):
            if sides[i] != side and _len(lenkey, i, s) > olen:
                olen = _len(lenkey, i, s)
        hi = _highbit_index(o) if o else np.int64(-1)
        aw = _popcount(mL >> (hi + 1))
        bw = _popcount(mP >> (hi + 1))
        if aw + bw == 0 and olen > 0:
            continue
        rest = own - ((cnts >> (4 * s)) & 15)
        spare = rest <= _popcount(part) - _popcount(mP)  # else the partner discards the suit
        high = ~((np.int64(1) << (hi + 1)) - 1)
        w = (mL | mP) & high
        # the fewest top cards that give the tricks wanted, alone or after the leader's
        # own top cards in the other suits
        for k in range(aw + bw + 1):
            wk = w
            for _ in range(aw + bw - k):
                wk &= wk - 1
            ak = _popcount(wk & mL)
            bk = _popcount(wk & mP)
            t = _cash(wk & mL, _popcount(mL) - ak, wk & mP, _popcount(mP) - bk, olen)
            if t >= want:
                cost = k
                ks = k << (4 * s)
            elif spare and rest + t >= want:
                ks = (own_ks & ~(np.int64(15) << (4 * s))) | (k << (4 * s))
                cost = (ks & 15) + ((ks >> 4) & 15) + ((ks >> 8) & 15) + ((ks >> 12) & 15)
            else:
                continue
            if cost < best_cost:
                best_cost = cost
                best_ks = ks
            break
    return (want if best_cost < 99 else np.int64(0)), best_ks


@njit(cache=True, _nrt=False)
def _sure_trumps(hands: np.ndarray, n: np.int64, trump: np.int64, sides: np.ndarray,
                 side: np.int64, wants: bool, leader: np.int64) -> tuple[np.int64, np.int64]:
    """Tricks ``side`` is sure of with its trumps, and how many top trumps (by owner) the
    count relies on besides the hand lengths.

    * When no other hand holds a trump, every trick in which one of the side's hands
      plays a trump is the side's: as many as its longest trump holding.
    * The trumps of one of its hands above every other trump each win a trick.
    * The two top trumps in two of its hands, one of them with another trump, win two
      tricks: the first time that hand plays a trump it plays its top trump unless the
      other top trump falls in that trick, and then a lower one.
    * The second trump with another trump, in a hand not on lead seated just after the
      opponent with the top trump, wins a trick: it is played when the top trump has
      not fallen in the trick (it cannot come later), else a lower trump is.
    * With two hands, each trump of the side loses only to a higher trump of the
      opponent played to the same trick, a different one each time: the side wins at
      least its trumps less the largest matching of them to higher opposing trumps
      (relying on the owners of every trump).  Measured on German whist's play phase:
      2% fewer nodes.
    The second and third need the side to want the tricks (``wants``); the others hold
    whatever it plays."""
    if trump < 0:
        return np.int64(0), np.int64(0)
    mine = np.int64(0)
    theirs = np.int64(0)
    longest = np.int64(0)
    for i in range(n):
        t = (hands[i] >> (13 * trump)) & SUIT
        if sides[i] == side:
            mine |= t
            k = _popcount(t)
            if k > longest:
                longest = k
        else:
            theirs |= t
    if mine == 0:
        return np.int64(0), np.int64(0)
    if theirs == 0:
        return longest, np.int64(0)
    best = np.int64(0)
    for i in range(n):
        if sides[i] != side:
            continue
        t = (hands[i] >> (13 * trump)) & SUIT
        if not t:
            continue
        others = (mine | theirs) & ~t
        k = _popcount(t >> (_highbit_index(others) + 1))
        if k > best:
            best = k
    relied = best
    if best < 2 and wants:
        alltr = mine | theirs
        a = _highbit_index(alltr)
        b = _highbit_index(alltr ^ (np.int64(1) << a))
        if (mine >> a) & 1 and (mine >> b) & 1:
            # in two hands (else best >= 2)
            for i in range(n):
                t = (hands[i] >> (13 * trump)) & SUIT
                if sides[i] == side and ((t >> a) & 1 or (t >> b) & 1) and _popcount(t) > 1:
                    best = relied = np.int64(2)
                    break
        elif best == 0 and wants and (mine >> b) & 1:
            # the second trump with a smaller one, just after the top trump's opponent
            # and not on lead: it is played above the top trump's trick or under it
            for i in range(n):
                t = (hands[i] >> (13 * trump)) & SUIT
                j = _wrap(i + n - 1, n)
                if sides[i] == side and i != leader and (t >> b) & 1 and _popcount(t) > 1 \
                        and sides[j] != side and (hands[j] >> (13 * trump + a)) & 1:
                    best = np.int64(1)
                    relied = np.int64(2)
                    break
    if n == 2:
        k = _trumps_kept(mine, theirs)
        if k > best:
            return k, _popcount(mine | theirs)
    return best, relied


@njit(cache=True, _nrt=False)
def _needed(k: np.int64, cnt: np.int64, used: np.int64) -> np.int64:
    """The top trumps a bound of ``cnt`` sure tricks relying on ``k`` of them needs when
    only ``used`` of the tricks count: fewer when each of them is a trick by itself."""
    if k > cnt:
        return k
    return k if k < used else used


@njit(cache=True, _nrt=False)
def _goal_met(mode: np.int64, need: np.int64) -> bool:
    if mode == 0:
        return need <= 0
    if mode == 1:
        return need >= 0
    return need == 0


@njit(cache=True, _nrt=False)
def _settled(mode: np.int64, need: np.int64, rem: np.int64) -> np.int64:
    """1 if the goal is met whatever is played in the ``rem`` tricks left, 0 if it cannot
    be, else -1."""
    if mode == 0:
        if need <= 0:
            return np.int64(1)
        if need > rem:
            return np.int64(0)
    elif mode == 1:
        if need >= rem:
            return np.int64(1)
        if need < 0:
            return np.int64(0)
    elif need < 0 or need > rem:
        return np.int64(0)
    return np.int64(-1)


@njit(cache=True, _nrt=False, inline="always")
def _kmax(a: np.int64, b: np.int64) -> np.int64:
    """The larger relevance depth of ``a`` and ``b`` in each suit (4 bits per suit).  With
    BMI2 the four at once: each depth spread to a byte with a guard bit above it, whose
    borrow after a subtraction tells which is larger (measured on German whist's play
    phase with the two-card trick relevance: 4.5% faster)."""
    if _BMI2:
        x = _pdep(a, np.int64(0x0F0F0F0F))
        y = _pdep(b, np.int64(0x0F0F0F0F))
        d = ((x | np.int64(0x10101010)) - y) & np.int64(0x10101010)
        m = d - (d >> 4)
        return _pext((x & m) | (y & ~m), np.int64(0x0F0F0F0F))
    r = np.int64(0)
    for s in range(4):
        x = (a >> (4 * s)) & 15
        y = (b >> (4 * s)) & 15
        r |= (x if x > y else y) << (4 * s)
    return r


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


@njit(cache=True, _nrt=False, inline="always")
def _fourth_wins(hands: np.ndarray, trump: np.int64, sides: np.ndarray, seat: np.int64,
                 led: np.int64, wcard: np.int64) -> np.int64:
    """Second hand of four (``seat``): the card with which the fourth hand, a partner, is
    sure to win the trick (it follows above the card led and every card of the suit the
    third hand could play, which must follow or cannot ruff), or -1."""
    p3 = _wrap(seat + 1, 4)
    p4 = _wrap(seat + 2, 4)
    f4 = (hands[p4] >> (13 * led)) & SUIT
    if sides[p4] != sides[seat] or f4 == 0:
        return np.int64(-1)
    top = _highbit_index(f4)
    f3 = (hands[p3] >> (13 * led)) & SUIT
    t3 = trump >= 0 and led != trump and (hands[p3] >> (13 * trump)) & SUIT != 0
    if top + 13 * led > wcard and (f3 == 0 and not t3 or f3 != 0 and top > _highbit_index(f3)):
        return top + 13 * led
    return np.int64(-1)


@njit(cache=True, _nrt=False, inline="always")
def _sure_trick(hands: np.ndarray, trick: np.ndarray, base: np.int64, n: np.int64, trump: np.int64,
                sides: np.ndarray, leader: np.int64, tlen: np.int64, wcard: np.int64, wseat: np.int64,
                led: np.int64, legal: np.int64, live: np.int64) -> np.int64:
    """Whether the side of the player to move is sure to win the trick in progress, whatever
    the later players do: its card now winning cannot be beaten, or the player has such
    a card, or (second hand of four) the partner in fourth seat has.  Returns the top cards
    (4 bits per suit, among ``live``) that relies on, or -1 when the trick is not sure."""
    seat = _wrap(leader + tlen, n)
    side = sides[seat]
    c = np.int64(-1)
    if sides[wseat] == side and _holds(hands, trick, base, n, trump, sides, leader, tlen, wcard, led):
        c = wcard
    else:
        follow = legal & (SUIT << (13 * led))
        if follow:
            c = _highbit_index(follow)
        elif trump >= 0 and led != trump and (legal >> (13 * trump)) & SUIT:
            c = _highbit_index(legal & (SUIT << (13 * trump)))
        if c >= 0 and not (_beats(c, wcard, trump)
                           and _holds(hands, trick, base, n, trump, sides, leader, tlen, c, led)):
            c = -1
        if c < 0 and tlen == 1 and n == 4:
            c = _fourth_wins(hands, trump, sides, seat, led, wcard)
            p3 = _wrap(seat + 1, 4)
            p4 = _wrap(seat + 2, 4)
            if c < 0 and sides[p4] == side and (hands[p4] >> (13 * led)) & SUIT == 0 \
                    and trump >= 0 and led != trump and (hands[p4] >> (13 * trump)) & SUIT \
                    and ((hands[p3] >> (13 * led)) & SUIT or (hands[p3] >> (13 * trump)) & SUIT == 0):
                return np.int64(0)  # the partner ruffs, the third hand cannot over-ruff
    if c < 0:
        return np.int64(-1)
    cs = _suit(c)
    # the ranks matter only when another card of the suit is in the trick or may come
    # from a later opponent
    rival = np.int64(0)
    for j in range(tlen):
        t = trick[base + j]
        if t != c and _suit(t) == cs:
            rival = 1
    for j in range(tlen + 1, n):
        p = _wrap(leader + j, n)
        if sides[p] != side:
            follows = (hands[p] >> (13 * led)) & SUIT != 0
            if (hands[p] >> (13 * cs)) & SUIT and (follows if cs == led else not follows):
                rival = 1
    if rival == 0:
        return np.int64(0)
    return _popcount(((live >> (13 * cs)) & SUIT) >> (c - 13 * cs)) << (4 * cs)


NO_CARD = 255  # no best card stored in a table entry
LEAD_REPLY = 50  # lead ordering: the cost of each opponent's card in the suit led
REL = 26 * 56  # offset in ``work`` of the relevance words, one per ply
BUCKET = 16  # slots per bucket: a probe compares their tags at once (_lanes16)
LEVELS = 3  # table levels: entries keyed by the owners of their top 0, 1, 2 cards per suit (a
# fourth level, 3 cards, held 2% of the hits: probing it cost more than it saved)
LEVELS_2 = 1  # with two hands: faster on German whist, where levels 1 to 3 saved no nodes
LEVELS_SOLO = 4  # one against three: the fourth level saves 5% of the nodes there
ENTRY = 6
GEN_MASK = 0xFFF  # the generation bits a tag word keeps
ACC = REL + 56 + 8 * 56  # relevance of a root card's value, then the shared value of each suit
HIST = ACC + 8  # per seat and card: how often leading it settled a node the ordering missed
STATE = HIST + 4 * 52  # the hands, trick slots, sides and counters
HANDS = STATE
TRICK = STATE + 4
SIDES = STATE + 60
STATS = STATE + 64
BKS = STATE + 80  # the table buckets of a probe, one per level
WIN = BKS + 8  # per ply within a trick: the index of the card now winning it
KILL = WIN + 56  # per tricks left: the lead that last settled a node; then the best card
# of the last table entry that settled one
WORK = KILL + 32  # words in ``work``
LEAD_HISTORY = 1  # lead ordering: the weight of that history, per trick left at the time
LEAD_HISTORY_2 = 4  # and with two hands
HISTORY_CAP = 200  # and its most


@njit(cache=True, _nrt=False)
def _grow(tt: np.ndarray, stats: np.ndarray, gen: np.int64, work: np.ndarray) -> None:
    """Spread the table's entries of this search from the first ``stats[4]`` slots over
    the first ``stats[6]``: each goes to its bucket under the larger mask.  A search starts
    in a small part of the table, which stays in the processor's caches, and grows it when
    it has replaced many of its own entries.  An entry's new bucket is its old one or one
    in the new part of the table (the low bits of the bucket number stay), which holds
    only entries of earlier searches: the entries move in place."""
    nent = tt.shape[0] // (ENTRY + 1)
    tags = ENTRY * nent
    old = stats[4]
    stats[4] = stats[6]
    stats[7] = 0
    mask = stats[4] // BUCKET - 1
    codes = work[REL + 56:REL + 64]  # the slots of a ply no search uses
    for i in range(old):
        e = i * ENTRY
        word = tt[tags + i]
        if ((word >> 32) & GEN_MASK) != (gen & GEN_MASK) or (tt[e + 4] >> 32) != gen:
            continue
        lenkey = tt[e]
        ka = tt[e + 1]
        kb = tt[e + 2]
        rel = tt[e + 3]
        leader = ka >> 54
        for s in range(4):
            ts = (ka >> 27) & 0x7FFFFFF if s == 0 else ka & 0x7FFFFFF if s == 1 else kb >> 27 if s == 2 \
                else kb & 0x7FFFFFF
            count = _len(lenkey, 0, s) + _len(lenkey, 1, s) + _len(lenkey, 2, s) + _len(lenkey, 3, s)
            codes[s] = count
            # the owners of the top cards the entry relies on; the bucket reads no more
            codes[4 + s] = ts << (2 * (count - ((rel >> (4 * s)) & 15)))
        bk = _bucket(lenkey, leader, codes, _level(codes, rel, stats[5]), mask) * BUCKET
        if bk == i - i % BUCKET:
            continue  # same bucket: it stays
        slot = bk
        for j in range(BUCKET):
            if ((tt[tags + bk + j] >> 32) & GEN_MASK) != (gen & GEN_MASK):
                slot = bk + j
                break
            if (tt[tags + bk + j] & 0xFFFFFFFF) < (tt[tags + slot] & 0xFFFFFFFF):
                slot = bk + j
        tt[tags + slot] = word
        for w in range(ENTRY):
            tt[slot * ENTRY + w] = tt[e + w]
        tt[tags + i] = 0
        tt[e + 4] = 0


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
    stats = work[STATS:STATS + 16]
    stats[0] += 1
    if stats[2] > 0 and stats[0] > stats[2]:
        stats[3] = 1  # over the node budget: the answer is void, store nothing
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
    stats = work[STATS:STATS + 16]
    stats[0] += 1
    if tlen == 0:
        stats[8] += 1  # trick starts (DDS counts these)
    if stats[2] > 0 and stats[0] > stats[2]:
        stats[3] = 1  # over the node budget: the answer is void, store nothing
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
        nmask = (stats[4] if stats[4] > 0 else nent) // BUCKET - 1
        # the buckets of every level first, so that their loads overlap
        levels = stats[5]
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
                if tt[e] == lenkey and (tt[e + 4] >> 32) == gen:
                    ks = tt[e + 3]
                    ka, kb = _top_key(codes, ks, leader)
                    if tt[e + 1] == ka and tt[e + 2] == kb:
                        if hashmove < 0 and (tt[e + 5] & 255) != NO_CARD:
                            hashmove = tt[e + 5] & 255
                        v = tt[e + 4]
                        tt[tags + bk + j] = (tag << 32) | (stats[0] & 0xFFFFFFFF)
                        if (tt[e + 5] & 255) != NO_CARD and ((v >> need) & 1 or (v >> (16 + need)) & 1):
                            work[KILL + 16 + rem] = tt[e + 5] & 255
                        if (v >> need) & 1:
                            stats[1] += 1
                            work[rslot] = ks
                            return True
                        if (v >> (16 + need)) & 1:
                            stats[1] += 1
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
            elif c == work[KILL + 16 + rem] and trump >= 0:
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
    if bucket >= 0 and stats[3] == 0:
        ka, kb = _top_key(codes, rel, leader)
        nent = tt.shape[0] // (ENTRY + 1)
        if stats[7] > stats[4] >> 2 and stats[6] > stats[4]:
            _grow(tt, stats, gen, work)
        nuse = stats[4] if stats[4] > 0 else nent
        level = _level(codes, rel, stats[5]) if stats[5] > 1 else np.int64(0)
        bucket = _bucket(lenkey, leader, codes, level, nuse // BUCKET - 1) * BUCKET
        # merge into the entry of the same class, else take a stale or the oldest slot
        target = np.int64(-1)
        tags = ENTRY * nent
        tag = _tag(lenkey, leader, gen)
        m = _lanes16(tt, tags + bucket, np.int64(32), np.int64(0xFFFFFFFF), tag)
        while m:
            e = (bucket + _lowbit_index(m)) * ENTRY
            m &= m - 1
            if tt[e] == lenkey and tt[e + 3] == rel and tt[e + 1] == ka and tt[e + 2] == kb \
                    and (tt[e + 4] >> 32) == gen:
                target = e
                break
        if target >= 0:
            old = tt[target + 4] & np.int64(0xFFFFFFFF)
        else:
            old = np.int64(0)
            fresh = _lanes16(tt, tags + bucket, np.int64(32), np.int64(GEN_MASK), gen & GEN_MASK)
            if fresh != 0xFFFF:
                target = (bucket + _lowbit_index(~fresh)) * ENTRY  # a slot of an older search
            else:
                # the entry used longest ago is the first to go
                target = (bucket + _lowbit_index(_oldest16(tt, tags + bucket))) * ENTRY
                stats[7] += 1
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
        tt[tags + target // ENTRY] = (tag << 32) | (stats[0] & 0xFFFFFFFF)
        tt[target] = lenkey
        tt[target + 1] = ka
        tt[target + 2] = kb
        tt[target + 3] = rel
        tt[target + 4] = (gen << 32) | (lose << 16) | win
        tt[target + 5] = best
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
    stats = work[STATS:STATS + 16]
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
            if stats[3]:
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
    stats = work[STATS:STATS + 16]
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
        if stats[3]:
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
                  (numba_ir.FunctionIR, "copy", _IR_COPY.afresh))


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
    slower, same answers."""
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
