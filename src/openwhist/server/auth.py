"""Passwords (argon2), session tokens, CSRF tokens and login rate limiting.

A session token is 32 random bytes (URL-safe text) kept by the client in an HttpOnly
cookie (or sent as ``Authorization: Bearer`` by programs); the database keeps only its
SHA-256.  Each session has its own CSRF token, which cookie-authenticated state-changing
requests must echo in the ``X-CSRF-Token`` header.

>>> h = hash_password("correct horse")
>>> verify_password(h, "correct horse"), verify_password(h, "wrong")
(True, False)
>>> limiter = RateLimiter(2, 60.0)
>>> [limiter.hit("k", now=0.0) for _ in range(3)]
[True, True, False]
>>> limiter.hit("k", now=61.0)
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import deque

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

__all__ = ["RateLimiter", "hash_password", "known_token", "login_key", "new_token", "token_hash",
           "verify_password"]

_HASHER = PasswordHasher()


def hash_password(password: str) -> str:
    """The argon2id hash of a password."""
    return _HASHER.hash(password)


def verify_password(hashed: str, password: str) -> bool:
    """True if ``password`` matches the argon2 hash."""
    try:
        return _HASHER.verify(hashed, password)
    except (VerificationError, InvalidHashError):
        return False


def new_token() -> str:
    """A fresh random token (256 bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """The SHA-256 (hex) under which a session token is stored."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def login_key(name: str) -> str:
    """The key under which wrong passwords for a login name are counted: the SHA-256 of the
    name as logged in with (lower case), so that the names people type are not kept."""
    return hashlib.sha256(("login|" + name.lower()).encode("utf-8", "replace")).hexdigest()


def known_token(password_hash: str, user_id: int) -> str:
    """The token a browser that logged in to an account keeps (``ow_known`` cookie): it lets
    that browser log in while others are refused for wrong passwords.  Keyed by the
    account's password hash, so that nobody without the database can make one, and a new
    password ends the old ones."""
    return f"{user_id}.{hmac.new(password_hash.encode(), b'known|%d' % user_id, hashlib.sha256).hexdigest()}"


class RateLimiter:
    """At most ``limit`` hits per key in any ``window`` seconds (a sliding window)."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window
        self._hits: dict[str, deque[float]] = {}

    def hit(self, key: str, now: float | None = None) -> bool:
        """Count a hit for ``key``; False if it is over the limit (the hit is not counted)."""
        now = time.monotonic() if now is None else now
        hits = self._hits.setdefault(key, deque())
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        if len(hits) >= self.limit:
            return False
        hits.append(now)
        if len(self._hits) > 100_000:  # forget idle keys rather than grow without bound
            for k in [k for k, d in self._hits.items() if not d or d[-1] <= now - self.window]:
                del self._hits[k]
        return True
