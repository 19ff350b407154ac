"""What every area's input shapes share: the base model (no unknown field), the sizes of
names, codes and texts, and the check of options' texts."""

from __future__ import annotations

import functools
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt

from openwhist.rules.options import option_infos
from openwhist.rules.registry import get_variant, variants

__all__ = ["Code", "Name", "Nickname", "OptionValue", "SeatSpec", "Short", "In", "short_option_texts",
           "text_options"]

Name = Annotated[str, Field(min_length=3, max_length=20, pattern=r"^[A-Za-z0-9_.-]+$")]
Nickname = Annotated[str, Field(min_length=1, max_length=20, pattern=r"^[\w .'-]+$")]
Short = Annotated[str, Field(min_length=1, max_length=32)]
Code = Annotated[str, Field(min_length=4, max_length=16, pattern=r"^[A-Za-z0-9]+$")]
OptionValue = StrictBool | StrictInt | StrictFloat | Annotated[str, Field(max_length=8192)] | None
SeatSpec = Annotated[str, Field(min_length=2, max_length=40, pattern=r"^(me|open|bot(:[a-z0-9=.,:_]+)?)$")]


@functools.cache
def text_options() -> frozenset[str]:
    """Options whose value may be a longer text, up to 8 KB: those whose text the command
    line may read from a file (Belgian whist's own points grid, as TOML); any other
    option's text is at most 32 characters."""
    return frozenset(info.name for v in variants() for info in option_infos(get_variant(v).options_type)
                     if info.file)


class In(BaseModel):
    """An input: a field it does not know is refused."""

    model_config = ConfigDict(extra="forbid")


def short_option_texts(options: dict[str, OptionValue]) -> dict[str, OptionValue]:
    """The options, a text longer than 32 characters refused (but where an option is text)."""
    for key, value in options.items():
        if isinstance(value, str) and len(value) > 32 and key not in text_options():
            raise ValueError(f"option {key}: a text of at most 32 characters")
    return options
