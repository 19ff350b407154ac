"""Belgian whist's points grids: shipped ones by name, a club's own as TOML text."""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from openwhist.errors import ConfigError
from openwhist.rules.belgian.ladder import (
    KINDS,
    LEVELS,
)
from openwhist.rules.options import shown

GRIDS = Path(__file__).resolve().parent.parent / "grids"
"""The shipped points grids."""


# --- the points grid -------------------------------------------------------------------------


@dataclass(frozen=True)
class GridEntry:
    """One contract of a points grid: its place in the ladder and its values per opponent.

    ``made`` lists the value by tricks over the tricks needed (the last one repeating, plus
    ``made_per_trick`` for each trick beyond the list); tricks over ``made_cap`` never
    count; ``made_all`` is the value for all 13 tricks (0: none special).  ``failed``
    lists the value by tricks short (1, 2, ...), likewise extended by ``failed_per_trick``.
    """

    kind: str
    level: int | None
    made: tuple[int, ...]
    made_per_trick: int = 0
    made_cap: int = 13
    made_all: int = 0
    failed: tuple[int, ...] = (0,)
    failed_per_trick: int = 0
    line: int = 0

    def value(self, taken: int, needed: int, exact: bool) -> tuple[bool, int]:
        """(made, value per opponent) for the declaring side's ``taken`` tricks."""
        if exact:
            if taken == needed:
                return True, self.made[0]
            return False, self.failed[0]
        if taken >= needed:
            if taken == 13 and self.made_all:
                return True, self.made_all
            over = min(taken, max(self.made_cap, needed)) - needed
            if over < len(self.made):
                return True, self.made[over]
            return True, self.made[-1] + self.made_per_trick * (over - len(self.made) + 1)
        short = needed - taken - 1
        if short < len(self.failed):
            return False, self.failed[short]
        return False, self.failed[-1] + self.failed_per_trick * (short - len(self.failed) + 1)


@dataclass(frozen=True)
class PointsGrid:
    """A points grid: the bid ladder (``entries``, low to high) and how points settle."""

    name: str
    source: str
    settlement: Literal["zero-sum", "positive"]
    entries: tuple[GridEntry, ...]

    def rank(self, kind: str, level: int | None = None) -> int | None:
        """The place of a contract in the ladder (None: not in this grid)."""
        return self._ranks.get((kind, level))

    @functools.cached_property
    def _ranks(self) -> dict[tuple[str, int | None], int]:
        ranks: dict[tuple[str, int | None], int] = {}
        for i, e in enumerate(self.entries):
            ranks.setdefault((e.kind, e.level), i)
        return ranks

    def entry(self, kind: str, level: int | None = None) -> GridEntry:
        """The grid's entry for a contract."""
        r = self.rank(kind, level)
        if r is None:
            raise ConfigError(f"the points grid {self.name!r} has no {kind} {level or ''}".strip())
        return self.entries[r]


_ENTRY_KEYS = {"kind", "level", "made", "made_per_trick", "made_cap", "made_all", "failed",
               "failed_per_trick"}
GRID_MAX_BYTES = 8 * 1024
"""The most a points grid's TOML text may hold (a full grid with comments is about 3 KB)."""
GRID_MAX_DEPTH = 4
"""The deepest a points grid's TOML may nest arrays and tables (a grid uses 2: the
``[[contract]]`` header; a value list is 1), checked before the text is parsed."""
GRID_MAX_POINTS = 10**6
"""The most points a grid's value may be (a real grid's largest is a few hundred)."""
_GRID_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")


@functools.cache
def grid_names() -> tuple[str, ...]:
    """The names of the points grids shipped in ``grids/`` (``freewhist``, ``whisthub``)."""
    return tuple(sorted(p.stem for p in GRIDS.glob("*.toml")))


def load_grid(grid: str) -> PointsGrid:
    """A points grid: one shipped in ``grids/`` by its name (``"whisthub"``,
    ``"freewhist"``), or a grid's own TOML text (at most :data:`GRID_MAX_BYTES`).

    The format is documented at the top of ``grids/whisthub.toml``.  Options are data: a
    file path is refused (the rules read no file a user names; the command line reads a
    club's file and passes its text).  A bad grid raises :class:`ConfigError` naming the
    line.

    >>> load_grid("whisthub").name
    'whisthub'
    >>> load_grid("/etc/passwd")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    openwhist.errors.ConfigError: grid '/etc/passwd' is neither the name of a points grid ...
    """
    if not isinstance(grid, str) or not grid.strip():
        raise ConfigError(f"grid is the name of a points grid ({', '.join(grid_names())}) or a "
                          f"grid's TOML text, not {grid!r}")
    if _GRID_NAME.fullmatch(grid):
        if grid not in grid_names():
            raise ConfigError(f"unknown points grid {grid!r}: the grids are "
                              f"{', '.join(grid_names())}, or give a grid's TOML text")
        return _shipped_grid(grid)
    if "\n" not in grid.strip():
        shown = grid if len(grid) <= 60 else grid[:57] + "..."
        raise ConfigError(f"grid {shown!r} is neither the name of a points grid "
                          f"({', '.join(grid_names())}) nor a grid's TOML text: a grid is never "
                          "read from a file path here (the command line reads a club's file: "
                          "-o grid=FILE.toml)")
    size = len(grid.encode("utf-8"))
    if size > GRID_MAX_BYTES:
        raise ConfigError(f"a points grid's text is at most {GRID_MAX_BYTES} bytes, not {size}")
    return _text_grid(grid)


@functools.cache
def _shipped_grid(name: str) -> PointsGrid:
    return parse_grid((GRIDS / f"{name}.toml").read_text(encoding="utf-8"), f"grids/{name}.toml")


@functools.lru_cache(maxsize=64)
def _text_grid(text: str) -> PointsGrid:
    return parse_grid(text, "grid")


def toml_depth(text: str, most: int = GRID_MAX_DEPTH) -> tuple[int, int]:
    """How deep TOML text nests arrays and tables (``[`` and ``{`` outside strings and
    comments), and the line where it is deepest; the scan stops once deeper than ``most``.
    A table header's brackets count as well (``[[contract]]``: 2).

    >>> toml_depth("a = [[1], 2]  # [[[[")
    (2, 1)
    >>> toml_depth('a = "[[[["' + chr(10) + "b = {c = {d = 1}}")
    (2, 2)
    """
    depth = deepest = 0
    line = where = 1
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
        elif ch == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif ch in "\"'":
            quote = text[i:i + 3] if text.startswith(ch * 3, i) else ch
            i += len(quote)
            while i < n and not text.startswith(quote, i):
                if text[i] == "\n":
                    if len(quote) == 1:
                        break  # a one-line string ends at the line's end (tomllib says why)
                    line += 1
                i += 2 if text[i] == "\\" and ch == '"' else 1
            else:
                i += len(quote)
            continue
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, line
                if depth > most:
                    break
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1
    return deepest, where


def parse_grid(text: str, where: str = "<grid>") -> PointsGrid:
    """Read a points grid from TOML text; errors name ``where`` and the line.  Text that
    nests deeper than :data:`GRID_MAX_DEPTH` is refused before it is parsed (code
    ``grid_nested``); a value above :data:`GRID_MAX_POINTS` is refused (``grid_range``)."""
    depth, line = toml_depth(text)
    if depth > GRID_MAX_DEPTH:
        raise ConfigError(f"{where}, line {line}: nested too deep; a points grid nests arrays and "
                          f"tables at most {GRID_MAX_DEPTH} deep", "grid_nested", most=GRID_MAX_DEPTH)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{where}: not valid TOML: {exc}") from None
    except RecursionError:  # the scan above should have refused it first
        raise ConfigError(f"{where}: nested too deep; a points grid nests arrays and tables at "
                          f"most {GRID_MAX_DEPTH} deep", "grid_nested", most=GRID_MAX_DEPTH) from None
    lines = text.splitlines()
    starts = [i + 1 for i, t in enumerate(lines) if t.strip().startswith("[[contract]]")]

    def line_of(index: int, key: str | None) -> int:
        start = starts[index] if index < len(starts) else 1
        end = starts[index + 1] if index + 1 < len(starts) else len(lines) + 1
        if key is not None:
            for n in range(start, end):
                if lines[n - 1].split("=")[0].strip() == key:
                    return n
        return start

    def fail(index: int, key: str | None, message: str) -> ConfigError:
        return ConfigError(f"{where}, line {line_of(index, key)}: {message}")

    def top_line(key: str) -> int:
        return next((i + 1 for i, t in enumerate(lines) if t.split("=")[0].strip() == key), 1)

    settlement = data.get("settlement", "zero-sum")
    if settlement not in ("zero-sum", "positive"):
        raise ConfigError(f"{where}, line {top_line('settlement')}: settlement is zero-sum or "
                          f"positive, not {settlement!r}")
    unknown_top = set(data) - {"name", "source", "settlement", "contract"}
    if unknown_top:
        key = sorted(unknown_top)[0]
        raise ConfigError(f"{where}, line {top_line(key)}: unknown key {key!r} (name, source, "
                          "settlement, [[contract]])")
    tables = data.get("contract")
    if not isinstance(tables, list) or not tables:
        raise ConfigError(f"{where}: a grid lists its contracts as [[contract]] tables, low to high")
    entries: list[GridEntry] = []
    seen: set[tuple[str, int | None]] = set()
    for i, t in enumerate(tables):
        bad = set(t) - _ENTRY_KEYS
        if bad:
            k = sorted(bad)[0]
            raise fail(i, k, f"unknown key {k!r}; keys: {', '.join(sorted(_ENTRY_KEYS))}")
        kind = t.get("kind")
        if kind not in KINDS:
            raise fail(i, "kind", f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        level = t.get("level")
        if kind in LEVELS:
            if not isinstance(level, int) or level not in LEVELS[kind]:
                lv = LEVELS[kind]
                raise fail(i, "level", f"{kind} needs a level {lv[0]}-{lv[-1]}, not {level!r}")
        elif level is not None:
            raise fail(i, "level", f"{kind} has no level")
        if (kind, level) in seen:
            raise fail(i, "kind", f"{kind} {level or ''} is listed twice".replace("  ", " "))
        seen.add((kind, level))
        values: dict[str, Any] = {}
        for k in ("made", "failed"):
            v = t.get(k)
            if isinstance(v, int) and not isinstance(v, bool):
                v = [v]
            if not isinstance(v, list) or not v or len(v) > 14 or not all(
                    isinstance(x, int) and not isinstance(x, bool) for x in v):
                raise fail(i, k, f"{k} is a whole number of points (or a list of up to 14), "
                                 f"not {shown(t.get(k))}")
            if not all(0 <= x <= GRID_MAX_POINTS for x in v):
                raise _range(fail(i, k, f"{k} lists points from 0 to {GRID_MAX_POINTS}, not "
                                        f"{shown(next(x for x in v if not 0 <= x <= GRID_MAX_POINTS))}"))
            values[k] = tuple(v)
        for k in ("made_per_trick", "made_cap", "made_all", "failed_per_trick"):
            v = t.get(k, 13 if k == "made_cap" else 0)
            most = 13 if k == "made_cap" else GRID_MAX_POINTS
            if not isinstance(v, int) or isinstance(v, bool):
                raise fail(i, k, f"{k} is a whole number from 0 to {most}, not {shown(v)}")
            if not 0 <= v <= most:
                error = fail(i, k, f"{k} is a whole number from 0 to {most}, not {shown(v)}")
                raise error if k == "made_cap" else _range(error)
            values[k] = v
        entries.append(GridEntry(kind, level, line=line_of(i, None), **values))
    return PointsGrid(str(data.get("name", Path(where).stem)), str(data.get("source", "")),
                      settlement, tuple(entries))


def _range(error: ConfigError) -> ConfigError:
    """The error of a grid's value out of range, with its code for a page."""
    return ConfigError(str(error), "grid_range", most=GRID_MAX_POINTS)
