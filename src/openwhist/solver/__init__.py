"""Exact double-dummy search for any whist position (2, 3 or 4 hands, any sides).

The solver sees all hands ("double dummy") and plays perfectly for both sides.  A
:class:`Position` holds the hands, trump, the trick in progress, which seat is on which
side, the declaring side and an :class:`Objective`:

* ``max`` / ``min``: :func:`solve` returns the declaring side's tricks (of those left,
  counting the trick in progress) with best play, when it plays for most / fewest tricks;
  :func:`solve_all` gives that number after each legal card of the player to move.
* ``exactly N``, ``at least N``, ``at most N``: yes/no goals.  :func:`solve_target`
  returns whether the declaring side can force the goal; :func:`solve` returns the same
  as ``1``/``0`` and :func:`solve_all` gives ``1``/``0`` per card, so that averages over
  sampled deals are chances of making the contract.

In every case the declaring side tries to reach its objective and the other side tries to
stop it.

North-South (side 0, the default declaring side) hold the top spades; East leads and
holds the only heart, West the only diamond:

>>> pos = Position.from_deal("N:AKQ.-.-.- 32.A.-.- JT9.-.-.- 87.-.A.-", trump="NT", leader="E")
>>> solve(pos)
2
>>> {str(c): v for c, v in solve_all(pos).items()}
{'AH': 2, '2S': 3, '3S': 3}
>>> solve_target(pos.with_objective("at least 2")), solve_target(pos.with_objective("exactly 3"))
(True, False)

The search runs on kernels written in C (``_kernel.c``), compiled once per machine into
the per-user cache (about a second, at set-up or at the first search); with the optional
``numba`` extra on the same search compiled by numba, and where neither can be had on
its source run as plain Python (slow; see :func:`backend`).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any

from openwhist.cards import Card
from openwhist.errors import ConfigError, InvalidActionError
from openwhist.rules.tricks import trick_winner
from openwhist.solver import _layout
from openwhist.solver.position import Objective, ObjectiveKind, Position, parse_deal, parse_trump

__all__ = [
    "Objective",
    "ObjectiveKind",
    "Position",
    "NodeLimitReached",
    "SolveStats",
    "dd_table",
    "backend",
    "compiled",
    "last_stats",
    "load_kernels",
    "parse_deal",
    "parse_trump",
    "solve",
    "solve_all",
    "solve_target",
    "using_kernels",
    "warm_up",
]

_MODES: dict[str, int] = {"max": 0, "at_least": 0, "min": 1, "at_most": 1, "exactly": 2}


class NodeLimitReached(RuntimeError):
    """Raised when a search with a ``node_limit`` gives up before it has an answer."""


class SolveStats:
    """Counters of the last search in this thread: nodes visited, table hits, and the
    nodes at the start of a trick (the count DDS reports, for comparing the two)."""

    __slots__ = ("nodes", "hits", "trick_starts")

    def __init__(self, nodes: int = 0, hits: int = 0, trick_starts: int = 0) -> None:
        self.nodes = nodes
        self.hits = hits
        self.trick_starts = trick_starts

    def __repr__(self) -> str:
        return f"SolveStats(nodes={self.nodes}, hits={self.hits}, trick_starts={self.trick_starts})"


class _Engine(threading.local):
    """Per-thread search buffers: the transposition table, and the work array that holds
    the hands, trick slots, sides, counters and move lists (``hands``, ``trick``, ``sides``
    and ``stats`` are views of it)."""

    def __init__(self, search: Any = None) -> None:
        self.search = kernels() if search is None else search
        from openwhist.solver import _ckernel

        if isinstance(self.search, _ckernel.Kernels):  # memory of its own: numpy not needed
            self.words: Any = _ckernel.words
            self.int: Any = int
            self.tt = _ckernel.words((_layout.ENTRY + 1) << _layout.TT_BITS)
        else:  # the numba kernels and their Python run take numpy arrays and int64 numbers
            import numpy as np

            self.words = lambda n: np.zeros(n, dtype=np.int64)
            self.int = np.int64
            self.tt = _new_table()
        _ckernel.clear(self.tt)  # touch every page now rather than during the first searches
        self.gen = 0
        self.work = self.words(_layout.WORK)
        self.hands = self.work[_layout.HANDS:_layout.HANDS + 4]
        self.trick = self.work[_layout.TRICK:_layout.TRICK + 56]
        self.sides = self.work[_layout.SIDES:_layout.SIDES + 4]
        # the counters and limits (_layout.NODES, HITS, NODE_LIMIT ...)
        self.stats = self.work[_layout.STATS:_layout.STATS + _layout.STATS_LEN]
        self.out = self.words(52)
        self.last = SolveStats()
        # what load() resets at each search, from the lead history to the killer moves,
        # copied at once: zeros, and -1 for the killer moves
        self.fresh = self.words(_layout.WORK - _layout.HIST)
        for i in range(_layout.KILL - _layout.HIST, _layout.WORK - _layout.HIST):
            self.fresh[i] = -1

    def load(self, pos: Position, node_limit: int | None = None) -> tuple[Any, ...]:
        self.gen += 1
        if self.gen >= 1 << 30:
            from openwhist.solver import _ckernel

            _ckernel.clear(self.tt)
            self.gen = 1
        work = self.work
        hands = pos.hands
        n = len(hands)
        # the lead history, counters and killer moves are per search
        work[_layout.HIST:] = self.fresh
        for i, hand in enumerate(hands):
            work[_layout.HANDS + i] = hand
        rem = pos.remaining
        if pos.trick:
            for i, c in enumerate(pos.trick):
                work[_layout.TRICK + 4 * rem + i] = c
            # the card now winning the trick in progress
            work[_layout.WIN + 4 * rem + len(pos.trick)] = trick_winner(list(pos.trick), pos.trump)
        ds = pos.declarer_side
        for seat, side in enumerate(pos.sides):
            if side == ds:
                work[_layout.SIDES + seat] = 1
        counters = _layout.STATS  # where the counters and limits start (see __init__)
        if node_limit:
            work[counters + _layout.NODE_LIMIT] = node_limit
        # small searches use the first part of the table only: it stays in the caches
        cards = sum(h.bit_count() for h in hands)
        bits = 14 if cards <= 20 else 16 if cards <= 28 else 18 if cards <= 36 else 20
        full = min(1 << bits, len(self.tt) // (_layout.ENTRY + 1))
        work[counters + _layout.IN_USE] = min(full, 1 << SMALL_TABLE_BITS)
        work[counters + _layout.FULL_SIZE] = full
        sides = pos.sides
        partners = n == 4 and sides[0] == sides[2] != sides[1] == sides[3]
        work[counters + _layout.TT_LEVELS] = (_layout.LEVELS_2 if n == 2 else _layout.LEVELS
                                             if partners else _layout.LEVELS_SOLO)
        return (work, self.tt, self.int(n), self.int(pos.trump))

    def done(self) -> None:
        stats = self.stats
        self.last = SolveStats(int(stats[_layout.NODES]), int(stats[_layout.HITS]),
                               int(stats[_layout.TRICK_STARTS]))
        if stats[_layout.OVER_LIMIT]:
            raise NodeLimitReached(f"the search passed its limit of {int(stats[_layout.NODE_LIMIT])} nodes")


BACKENDS = ("c", "numba", "python")
"""The search kernels the solver can run on, as ``OPENWHIST_SOLVER`` names them: C
(``_kernel.c``, compiled at set-up or on first use), numba (the optional ``numba`` extra),
or pure Python (slow: the numba kernels' source run as plain Python)."""


def compiled() -> bool:
    """Whether the kernels this process would use need no compiling first: the C kernels
    built for this machine (in the cache), or the numba ones cached, or ``$OPENWHIST_SOLVER``
    is ``python``.  Cheap: nothing is loaded or compiled."""
    import os

    choice = os.environ.get("OPENWHIST_SOLVER", "").strip().lower()
    if choice == "python":
        return True
    if choice == "numba":
        from openwhist.solver import _cache, _search

        return _cache.is_cached([_search.search, _search.node_value, _search.root_values])
    from openwhist.solver import _ckernel

    return _ckernel.is_built()


def backend() -> str:
    """The kernels this process uses: ``$OPENWHIST_SOLVER`` where set (``c``, ``numba`` or
    ``python``), else C where a compiler built them (or they are in the cache), else numba
    where it is installed, else pure Python."""
    kernels()
    return _kernels_name


_kernels: Any = None
_kernels_name = ""


def kernels() -> Any:
    """The search kernels (see :func:`backend`), loaded once per process."""
    global _kernels, _kernels_name
    if _kernels is not None:
        return _kernels
    import os

    choice = os.environ.get("OPENWHIST_SOLVER", "").strip().lower()
    if choice:
        found = load_kernels(choice)
    else:
        found = None
        for choice in BACKENDS:
            try:
                found = load_kernels(choice)
                break
            except RuntimeError as exc:
                last = exc
                continue
        else:  # nothing to search with: say what to install
            raise ConfigError(f"the solver cannot run here: {last}")
    _kernels, _kernels_name = found, choice
    return found


def load_kernels(name: str) -> Any:
    """The search kernels ``name`` (one of :data:`BACKENDS`), loaded (and compiled where they
    need it); raises ``RuntimeError`` where they cannot be had in this process, and
    :class:`InvalidActionError` for a name not among them."""
    if name not in BACKENDS:
        raise InvalidActionError(f"OPENWHIST_SOLVER={name!r}: the solver's kernels are one of "
                                 f"{', '.join(BACKENDS)}")
    if name == "c":
        from openwhist.solver import _ckernel

        found = _ckernel.load()
        if found is None:
            raise RuntimeError("the solver's C kernels cannot be built here (no C compiler: install gcc)")
        return found
    try:
        import numpy  # noqa: F401  (the numba kernels and their Python run work on its arrays)
    except ImportError:
        raise RuntimeError("the solver needs a C compiler (install gcc, or set CC) or numpy "
                           "(pip install numpy) for its slower kernels") from None
    from openwhist.solver import _jit  # (imports numba where it is installed)

    if name == "numba":
        if not _jit.NUMBA:
            raise RuntimeError("numba is not installed (pip install 'openwhist[numba]')")
        from openwhist.solver import _search

        _search.compile_kernels()
        return _search
    if not _jit.NUMBA:
        from openwhist.solver import _search as plain

        return _PurePython(plain)
    return _PurePython(_plain_copy())


_KERNEL_MODULES = ("_jit", "_cache", "_bits", "_table", "_bounds", "_search")


def _plain_copy() -> Any:
    """A second copy of the kernels' modules, loaded as plain Python in a process whose
    own copy is compiled with numba (the tests compare the two): imported afresh with
    ``OPENWHIST_SOLVER=python``, then the numba copy put back in place."""
    import importlib
    import os
    import sys

    package = sys.modules[__name__]
    names = [f"{__name__}.{m}" for m in _KERNEL_MODULES]
    saved = {name: sys.modules.pop(name) for name in names if name in sys.modules}
    before = os.environ.get("OPENWHIST_SOLVER")
    os.environ["OPENWHIST_SOLVER"] = "python"
    try:
        return importlib.import_module(f"{__name__}._search")
    finally:
        if before is None:
            del os.environ["OPENWHIST_SOLVER"]
        else:
            os.environ["OPENWHIST_SOLVER"] = before
        for name in names:
            sys.modules.pop(name, None)
            short = name.rsplit(".", 1)[1]
            if name in saved:
                sys.modules[name] = saved[name]
                setattr(package, short, saved[name])
            elif hasattr(package, short):
                delattr(package, short)


@contextlib.contextmanager
def using_kernels(name: str) -> Iterator[None]:
    """Run this thread's searches inside the block on the kernels ``name`` (one of
    :data:`BACKENDS`, as :func:`load_kernels` loads them), with a transposition table of
    their own: to compare them, value by value and in speed."""
    engine = _engines.get(name)
    if engine is None:
        engine = _engines[name] = _Engine(load_kernels(name))
    before = getattr(_chosen, "engine", None)
    _chosen.engine = engine
    try:
        yield
    finally:
        _chosen.engine = before


_chosen = threading.local()  # the engine using_kernels chose for this thread, if any
_engines: dict[str, _Engine] = {}  # using_kernels' engines, by kernels (each per thread)


class _PurePython:
    """The numba kernels' source run as plain Python, its int64 hashes wrapping silently
    (as they do compiled)."""

    def __init__(self, module: Any) -> None:
        self.module = module
        self.ESTIMATE = module.ESTIMATE

    def search(self, *args: Any) -> bool:
        """``_search.search``, run as Python."""
        import numpy as np

        with np.errstate(over="ignore"):
            return bool(self.module.search(*args))

    def node_value(self, *args: Any) -> int:
        """``_search.node_value``, run as Python."""
        import numpy as np

        with np.errstate(over="ignore"):
            return int(self.module.node_value(*args))

    def root_values(self, *args: Any) -> None:
        """``_search.root_values``, run as Python."""
        import numpy as np

        with np.errstate(over="ignore"):
            self.module.root_values(*args)


def _new_table() -> Any:
    """A fresh transposition table (see ``_table.new_table``), allocated without numba."""
    import numpy as np

    bits = _layout.TT_BITS
    size = (_layout.ENTRY + 1) << bits
    raw = np.zeros(size + 8, dtype=np.int64)
    off = (-raw.ctypes.data % 64) // 8
    return raw[off:off + size]


# A search of a large position starts in the first 2**SMALL_TABLE_BITS entries of the
# table, which stay in the processor's caches, and spreads over the whole table once it
# has replaced a quarter of them: most searches never need more.
SMALL_TABLE_BITS = 16

_engine: _Engine | None = None
_engine_lock = threading.Lock()


def _get_engine() -> _Engine:
    global _engine
    chosen: _Engine | None = getattr(_chosen, "engine", None)
    if chosen is not None:
        return chosen
    if _engine is None:
        with _engine_lock:
            if _engine is None:
                _engine = _Engine()
    return _engine


def last_stats() -> SolveStats:
    """Node and table-hit counts of the last search in this thread."""
    return _get_engine().last


def _mode_target(obj: Objective) -> tuple[int, int]:
    return _MODES[obj.kind], (-1 if obj.n is None else obj.n)


def solve(position: Position, node_limit: int | None = None) -> int:
    """The declaring side's result with best play by all.

    For ``max``/``min`` objectives: its tricks from the current trick on (most it can
    force, or fewest it can hold itself to).  For target objectives: ``1`` if it can
    force the goal, else ``0`` (see :func:`solve_target`).

    With ``node_limit``, raise :class:`NodeLimitReached` rather than search more nodes.
    """
    eng = _get_engine()
    args = eng.load(position, node_limit)
    mode, target = _mode_target(position.objective)
    rem = position.remaining
    i64 = eng.int
    leader, tlen = i64(position.leader), i64(len(position.trick))
    if rem == 0:
        return int(target == 0) if position.objective.is_target else 0
    if target >= 0:
        ok = eng.search.search(*args, i64(mode), i64(target), leader, tlen, i64(rem), i64(eng.gen))
        eng.done()
        return int(ok)
    value = eng.search.node_value(*args, i64(mode), leader, tlen, i64(rem),
                                  i64(eng.search.ESTIMATE), i64(eng.gen))
    eng.done()
    return int(value)


def solve_target(position: Position, node_limit: int | None = None) -> bool:
    """Whether the declaring side can force its target (exactly / at least / at most N)."""
    if not position.objective.is_target:
        raise InvalidActionError(f"solve_target needs a target objective (exactly, at least or "
                                 f"at most N), not {position.objective}; use solve()")
    return bool(solve(position, node_limit))


def solve_all(position: Position, node_limit: int | None = None) -> dict[Card, int]:
    """The value of each legal card of the player to move, as :func:`solve` counts it.

    For ``max``/``min``: the declaring side's tricks from the current trick on, after that
    card and best play; for target objectives ``1`` if the goal can still be forced
    after that card, else ``0``.  Cards are in increasing order.

    With ``node_limit``, raise :class:`NodeLimitReached` rather than search more nodes.
    """
    eng = _get_engine()
    args = eng.load(position, node_limit)
    mode, target = _mode_target(position.objective)
    rem = position.remaining
    if rem == 0:
        return {}
    i64 = eng.int
    eng.search.root_values(*args, i64(mode), i64(target), i64(position.leader),
                           i64(len(position.trick)), i64(rem), i64(eng.gen), eng.out)
    eng.done()
    out = eng.out.tolist()
    return {Card(c): v for c, v in enumerate(out) if v >= 0}


def dd_table(hands: list[int] | tuple[int, ...]) -> dict[str, dict[int, int]]:
    """A double-dummy table of a four-hand deal: ``table[strain][seat]`` is the most tricks
    the side of ``seat`` takes when the seat to its left leads, for strains ``"S"``,
    ``"H"``, ``"D"``, ``"C"`` and ``"NT"`` (as bridge tables count for a declarer)."""
    from openwhist.rules.seats import PARTNERS_OPPOSITE

    if len(hands) != 4:
        raise InvalidActionError("a DD table needs four hands")
    table: dict[str, dict[int, int]] = {}
    for strain, trump in (("S", 3), ("H", 2), ("D", 1), ("C", 0), ("NT", -1)):
        row: dict[int, int] = {}
        for seat in range(4):
            pos = Position(tuple(hands), trump, (seat + 1) % 4, (), PARTNERS_OPPOSITE,
                           PARTNERS_OPPOSITE[seat])
            row[seat] = solve(pos)
        table[strain] = row
    return table


def warm_up() -> float:
    """Load (or, on the first run on a machine, compile) the search code; returns seconds."""
    import time

    t = time.perf_counter()
    pos = Position.from_deal("N:AK.2.-.- Q3.-.2.- J4.-.-.2 5.3.3.-", trump="S")
    solve(pos)
    solve_all(pos)
    solve(pos.with_objective("exactly 1"))
    return time.perf_counter() - t
