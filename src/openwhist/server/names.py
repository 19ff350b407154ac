"""Names people can trust: the server's rules for names are :mod:`openwhist.names` (kept
outside the server, so that the store's migrations may import the key without it)."""

from __future__ import annotations

from openwhist.names import KEY_LENGTH, NameRefused, check_name, default_ignorable, name_key

__all__ = ["KEY_LENGTH", "NameRefused", "check_name", "default_ignorable", "name_key"]
