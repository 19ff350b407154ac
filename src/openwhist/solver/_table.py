# mypy: ignore-errors
# (numba kernels: numba infers and checks their types when it compiles them; the typed
# public surface is openwhist.solver)
"""The transposition table of the search: its allocation, the canonical key of a position
(per suit, the owners of the cards still out from the highest down), buckets, tags and
levels, and the spreading of a search's entries when the table grows."""

from __future__ import annotations

import numpy as np

from openwhist.solver import _cache
from openwhist.solver._bits import SUIT, _compress13, _popcount, _spread13
from openwhist.solver._jit import njit
from openwhist.solver._layout import (
    BUCKET,
    E_KEY_A,
    E_KEY_B,
    E_LENS,
    E_REL,
    E_VALUE,
    ENTRY,
    FULL_SIZE,
    GEN_MASK,
    IN_USE,
    REL,
    REPLACED,
    TT_BITS,
    TT_LEVELS,
)


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


@njit(cache=True, _nrt=False)
def _len(lenkey: np.int64, seat: np.int64, s: np.int64) -> np.int64:
    # the number of cards of suit s seat holds, from a key of the hand lengths
    return (lenkey >> (16 * s + 4 * seat)) & 15


@njit(cache=True, _nrt=False)
def _grow(tt: np.ndarray, stats: np.ndarray, gen: np.int64, work: np.ndarray) -> None:
    """Spread the table's entries of this search from the first ``stats[IN_USE]`` slots over
    the first ``stats[FULL_SIZE]``: each goes to its bucket under the larger mask.  A search starts
    in a small part of the table, which stays in the processor's caches, and grows it when
    it has replaced many of its own entries.  An entry's new bucket is its old one or one
    in the new part of the table (the low bits of the bucket number stay), which holds
    only entries of earlier searches: the entries move in place."""
    nent = tt.shape[0] // (ENTRY + 1)
    tags = ENTRY * nent
    old = stats[IN_USE]
    stats[IN_USE] = stats[FULL_SIZE]
    stats[REPLACED] = 0
    mask = stats[IN_USE] // BUCKET - 1
    codes = work[REL + 56:REL + 64]  # the slots of a ply no search uses
    for i in range(old):
        e = i * ENTRY
        word = tt[tags + i]
        if ((word >> 32) & GEN_MASK) != (gen & GEN_MASK) or (tt[e + E_VALUE] >> 32) != gen:
            continue
        lenkey = tt[e + E_LENS]
        ka = tt[e + E_KEY_A]
        kb = tt[e + E_KEY_B]
        rel = tt[e + E_REL]
        leader = ka >> 54
        for s in range(4):
            ts = (ka >> 27) & 0x7FFFFFF if s == 0 else ka & 0x7FFFFFF if s == 1 else kb >> 27 if s == 2 \
                else kb & 0x7FFFFFF
            count = _len(lenkey, 0, s) + _len(lenkey, 1, s) + _len(lenkey, 2, s) + _len(lenkey, 3, s)
            codes[s] = count
            # the owners of the top cards the entry relies on; the bucket reads no more
            codes[4 + s] = ts << (2 * (count - ((rel >> (4 * s)) & 15)))
        bk = _bucket(lenkey, leader, codes, _level(codes, rel, stats[TT_LEVELS]), mask) * BUCKET
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
        tt[e + E_VALUE] = 0


# cached in the per-user folder of openwhist.solver._cache
_CACHED = _cache.use_user_cache(globals())
