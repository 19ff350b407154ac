# mypy: ignore-errors
# (numba kernels: numba infers and checks their types when it compiles them; the typed
# public surface is openwhist.solver)
"""Bit and card helpers of the search kernels: population counts, lowest and highest bits,
the processor's bit extract and deposit (or tables), vector compares of the table's tag
words, and who wins a trick."""

from __future__ import annotations

import numpy as np

from openwhist.solver import _cache
from openwhist.solver._jit import NUMBA, njit

SUIT = np.int64(0x1FFF)

if NUMBA:
    from llvmlite import binding as llvm_binding
    from llvmlite import ir as llvm_ir
    from numba.core import cgutils, types
    from numba.core import config as numba_config
    from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros
    from numba.extending import intrinsic

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
else:
    # the same helpers in plain Python (the kernels' pure Python fallback)
    _BMI2 = False
    _LLVM_OPAQUE_POINTERS = False
    _U64 = (1 << 64) - 1

    def _ctpop(x):  # type: ignore[no-untyped-def]
        return (int(x) & _U64).bit_count()

    def trailing_zeros(x):  # type: ignore[no-untyped-def]
        x = int(x) & _U64
        return (x & -x).bit_length() - 1 if x else 64

    def leading_zeros(x):  # type: ignore[no-untyped-def]
        return 64 - (int(x) & _U64).bit_length()

    def _pext(x, m):  # type: ignore[no-untyped-def]
        r, k, x, m = 0, 0, int(x), int(m) & _U64
        while m:
            b = m & -m
            r |= (1 << k) if x & b else 0
            k += 1
            m &= m - 1
        return np.int64(r - (1 << 64) if r >> 63 else r)

    def _pdep(x, m):  # type: ignore[no-untyped-def]
        r, x, m = 0, int(x), int(m) & _U64
        while m:
            b = m & -m
            r |= b if x & 1 else 0
            x >>= 1
            m &= m - 1
        return np.int64(r - (1 << 64) if r >> 63 else r)

    def _prefetch(arr, idx):  # type: ignore[no-untyped-def]
        return None

    def _lanes16(arr, idx, shift, mask, value):  # type: ignore[no-untyped-def]
        m = 0
        for j in range(16):
            if ((int(arr[idx + j]) & _U64) >> int(shift)) & int(mask) == int(value):
                m |= 1 << j
        return np.int64(m)

    def _oldest16(arr, idx):  # type: ignore[no-untyped-def]
        clocks = [int(arr[idx + j]) & 0xFFFFFFFF for j in range(16)]
        least = min(clocks)
        return np.int64(sum(1 << j for j, c in enumerate(clocks) if c == least))


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
def _kth_highest(bits: np.int64, k: np.int64) -> np.int64:
    """The place of the ``k``-th highest bit of ``bits`` (``1 <= k <= popcount``)."""
    if _BMI2:
        return _lowbit_index(_pdep(np.int64(1) << (_popcount(bits) - k), bits))
    for _ in range(k - 1):
        bits ^= np.int64(1) << _highbit_index(bits)
    return _highbit_index(bits)


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


# cached in the per-user folder of openwhist.solver._cache
_CACHED = _cache.use_user_cache(globals())
