"""The accounts' inputs: logging in or registering, a guest's nickname, a new password."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from openwhist.server.schemas.base import In, Name, Nickname

__all__ = ["Credentials", "PasswordIn", "GuestIn"]


class Credentials(In):
    """A user name (3-20 letters, digits, ``_.-``) and a password (8-128 characters)."""

    name: Name
    password: Annotated[str, Field(min_length=8, max_length=128)]

class PasswordIn(In):
    """A member's current password and the new one (8-128 characters, as when registering)."""

    current: Annotated[str, Field(min_length=1, max_length=128)]
    new: Annotated[str, Field(min_length=8, max_length=128)]

class GuestIn(In):
    """A guest's nickname (1-20 characters)."""

    nickname: Nickname
