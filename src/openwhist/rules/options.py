"""Options records: each option's help kept with its field, and options from key=value text."""

from __future__ import annotations

import contextlib
import contextvars
import functools
import types
import typing
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from openwhist.errors import ConfigError
from openwhist.rules.seats import parse_seat, seat_names

__all__ = [
    "OptionInfo",
    "OptionsRecord",
    "option",
    "option_infos",
    "options_from_strings",
    "ranges_checked",
    "shown",
    "without_ranges",
]


def option(default: Any, help: str, file: str = "",  # noqa: A002 - the field's help text
           range: tuple[int, int] | None = None) -> Any:  # noqa: A002 - the declared range
    """A dataclass field of an options record with its help kept beside it.

    ``file``: a file suffix (``".toml"``) where a front end that may read the user's own
    files (the command line) reads a value ending in it as a file and passes its text; the
    rules themselves never read a file an option names.  ``range``: ``(lo, hi)``, the
    least and the most a whole-number option may be (both included); every whole-number
    option declares one, and :meth:`OptionsRecord.check_types` refuses a value outside it.
    """
    return field(default=default, metadata={"help": help, "file": file, "range": range})


@dataclass(frozen=True)
class OptionInfo:
    """One option of a variant: its name, type, default and help; ``file`` the suffix of
    the files whose text the command line passes for it, ``range`` the bounds of a
    whole number (see :func:`option`)."""

    name: str
    type: Any
    default: Any
    help: str
    file: str = ""
    range: tuple[int, int] | None = None
    """The least and the most a whole-number option may be (None: not a number)."""

    @property
    def choices(self) -> tuple[Any, ...]:
        """The allowed values of a choice option (empty for others)."""
        return _literal_args(self.type)


def _literal_args(hint: Any) -> tuple[Any, ...]:
    if typing.get_origin(hint) is typing.Literal:
        return typing.get_args(hint)
    return ()


@functools.cache
def _option_infos(options_type: Any) -> tuple[OptionInfo, ...]:
    hints = typing.get_type_hints(options_type)
    infos = tuple(OptionInfo(f.name, hints[f.name], f.default, str(f.metadata.get("help", "")),
                             str(f.metadata.get("file", "")), f.metadata.get("range"))
                  for f in fields(options_type))
    for info in infos:
        if (info.type is int or info.type == int | None) and info.range is None:
            raise TypeError(f"{options_type.__name__}.{info.name}: a whole-number option "
                            "declares its range (option(..., range=(lo, hi)))")
    return infos


def option_infos(options_type: type) -> list[OptionInfo]:
    """Every option of an options record, in order, with its help."""
    return list(_option_infos(options_type))


_WAIVED: contextvars.ContextVar[bool] = contextvars.ContextVar("openwhist_without_ranges", default=False)


@contextlib.contextmanager
def without_ranges() -> Iterator[None]:
    """Within this block the ranges of options (:func:`option`'s ``range``) and the most
    a match length may count are not enforced: for what was stored before the ranges
    existed (a table, a drive or a record kept from then still loads and replays), and
    for offline runs that choose their own number of deals (a simulation of thousands).
    Types, choices and everything else are still checked; new tables and matches are
    checked outside such a block.

    >>> from openwhist.rules.registry import resolve
    >>> with without_ranges():
    ...     resolve("classic", target=500)[1].target
    500
    """
    token = _WAIVED.set(True)
    try:
        yield
    finally:
        _WAIVED.reset(token)


def ranges_checked() -> bool:
    """Whether declared ranges are enforced here (False within :func:`without_ranges`)."""
    return not _WAIVED.get()


def shown(value: Any) -> str:
    """A value as an error message shows it: at most 24 characters (a number of
    thousands of digits is shown by its length, never written out).

    >>> shown(10**30)
    'a number of 31 digits'
    >>> shown("abc")
    "'abc'"
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**21:
        return f"a number of {len(str(abs(value))) if abs(value) < 10**4000 else 'over 4000'} digits"
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


_TO_DICT = "_to_dict_made"
"""The attribute where :meth:`OptionsRecord.to_dict` keeps the dict it made."""


@functools.cache
def _field_names(record_type: Any) -> tuple[str, ...]:
    """The names of a dataclass's fields, in order (read once per class)."""
    return tuple(f.name for f in fields(record_type))


class OptionsRecord:
    """What every family's options dataclass shares (derive from it): the JSON form, and
    the checks that follow from the fields' types.

    A choice option (a ``Literal``) must hold one of its values, a whole-number option a
    whole number within its declared range (an optional one may also be None), a yes/no
    option a bool; the family's ``__post_init__`` calls :meth:`check_types` and then checks
    what ties options together.
    """

    def check_types(self) -> None:
        """Raise :class:`ConfigError` for an option whose value its type does not allow."""
        kind: Any = type(self)
        for info in _option_infos(kind):
            value = getattr(self, info.name)
            if info.choices:
                if value not in info.choices:
                    raise ConfigError(f"{info.name} must be one of "
                                      f"{', '.join(map(str, info.choices))}, not {value!r}")
            elif info.range is not None and (value is not None or info.type is int):
                lo, hi = info.range
                if not isinstance(value, int) or isinstance(value, bool) or (
                        not lo <= value <= hi and ranges_checked()):
                    raise ConfigError(f"{info.name} is a whole number in {lo}..{hi}"
                                      f"{'' if info.type is int else ' or none'}, not {shown(value)}",
                                      "option_range", option=info.name, min=lo, max=hi)
            elif info.type is bool and not isinstance(value, bool):
                raise ConfigError(f"{info.name} is true or false, not {value!r}")

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain dict (for records); a new dict on every call.

        The record is frozen, so the dict is made once per options object and copied: kept
        on the object itself, never shared with another options object, even an equal one
        (``True == 1``, but ``true`` and ``1`` are different JSON).
        """
        try:
            made: dict[str, Any] = self.__dict__[_TO_DICT]
        except KeyError:
            kind: Any = type(self)
            made = {name: getattr(self, name) for name in _field_names(kind)}
            object.__setattr__(self, _TO_DICT, made)
        return dict(made)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        """Options from a dict; unknown keys raise :class:`ConfigError`."""
        known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        unknown = set(data) - known
        if unknown:
            raise ConfigError(f"unknown option(s) {', '.join(sorted(unknown))}; "
                              f"known: {', '.join(sorted(known))}")
        return cls(**data)


_TRUE = ("true", "yes", "on", "1", "y")
_FALSE = ("false", "no", "off", "0", "n")


def options_from_strings(options_type: type, pairs: Iterable[str],
                         n_hands: int = 4) -> dict[str, Any]:
    """Read ``key=value`` texts into option overrides of the right types.

    Hyphens in keys may stand for underscores; booleans read ``true/false``, ``yes/no``,
    ``on/off``; an optional value reads ``none`` as ``None``; an option naming a hand
    (a type ``int | None`` whose help mentions a hand) also reads seat letters.

    >>> from openwhist.rules.registry import get_variant
    >>> opts = get_variant("classic").options_type
    >>> options_from_strings(opts, ["target=7", "honours=false", "dummy=S", "revokes=penalty"])
    {'target': 7, 'honours': False, 'dummy': 2, 'revokes': 'penalty'}
    """
    infos = {i.name: i for i in option_infos(options_type)}
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip().replace("-", "_")
        raw = raw.strip()
        if not sep or not key:
            raise ConfigError(f"an option is written key=value (e.g. target=7), not {pair!r}")
        if key not in infos:
            raise ConfigError(f"unknown option {key!r}; options: {', '.join(sorted(infos))}")
        out[key] = _convert(infos[key], raw, infos[key].type, n_hands)
    return out


def _convert(info: OptionInfo, raw: str, hint: Any, n_hands: int) -> Any:
    key = info.name
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        if raw not in args:
            raise ConfigError(f"option {key} is one of {', '.join(map(str, args))}, not {raw!r}")
        return raw
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        if raw.lower() in ("none", "null", ""):
            return None
        inner = next(a for a in args if a is not type(None))
        if inner is int and "hand" in info.help and raw.upper() in seat_names(n_hands):
            return parse_seat(raw, n_hands)
        return _convert(info, raw, inner, n_hands)
    if hint is bool:
        if raw.lower() in _TRUE:
            return True
        if raw.lower() in _FALSE:
            return False
        raise ConfigError(f"option {key} is true or false, not {raw!r}")
    if hint is int:
        try:
            return int(raw)
        except ValueError:
            raise ConfigError(f"option {key} is a whole number, not {shown(raw)}") from None
    return raw
