"""Accounts without HTTP: sessions, registering, guests, logging in (with its limits and
the wait after wrong passwords), logging out and changing a password.  Cookies are the
router's (:mod:`openwhist.server.routes.accounts`); a browser known to an account is
told here by the value of its ``ow_known`` cookie."""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError

from openwhist.server import auth, policy
from openwhist.server.hub import Hub
from openwhist.server.names import NameRefused, check_name, name_key
from openwhist.server.services import refused
from openwhist.store import (
    NameTaken,
    create_session,
    create_user,
    delete_session,
    end_user_sessions,
    get_session,
    get_user,
    get_user_by_login,
    login_failed,
    login_refused_for,
    login_succeeded,
    set_password,
)

__all__ = ["Backoff", "Session", "change_password", "guest", "log_in", "log_out", "lookup", "register",
           "start_session", "user_json"]

_DUMMY_HASH = auth.hash_password("not a real password: keeps a failed login as slow as a good one")


class Backoff(policy.Refused):
    """Tries refused after wrong passwords: 429 ``login_backoff``, with ``Retry-After``."""

    def __init__(self, wait: float) -> None:
        seconds = max(1, int(wait + 0.999))
        super().__init__(f"too many wrong passwords for this name; try again in {seconds} s",
                         "login_backoff", 429, retry_after=seconds)
        self.headers = {"Retry-After": str(seconds)}


@dataclass
class Session:
    """A session just started: its token (for the cookie) and the answer to send."""

    token: str
    answer: dict[str, Any]


def user_json(user: dict[str, Any]) -> dict[str, Any]:
    """A user as the API shows him: id, name, whether a guest."""
    return {"id": user["id"], "name": user["name"], "guest": bool(user.get("guest"))}


async def lookup(hub: Hub, token: str) -> tuple[str, dict[str, Any]] | None:
    """The hash and the live session of ``token`` (cached a minute), or None."""
    th = auth.token_hash(token)
    cached = hub.sessions.get(th)
    now = time.monotonic()
    if cached is not None and cached[0] > now:
        return th, cached[1]
    session = await hub.store.run(get_session, th)
    if session is None or session["user"] is None:
        if hub.sessions.pop(th, None) is not None:  # ended elsewhere: its sockets here end too
            hub.end_sessions([th])
        return None
    hub.sessions[th] = (now + 60.0, session)
    return th, session


async def start_session(hub: Hub, user: dict[str, Any]) -> Session:
    """A new session of ``user``: its token and ``{"user", "csrf"}``."""
    token = auth.new_token()
    csrf = auth.new_token()
    await hub.store.run(create_session, auth.token_hash(token), user["id"], csrf, hub.settings.session_ttl)
    return Session(token, {"user": user_json(user), "csrf": csrf})


def _checked_name(name: str) -> str:
    """The key of a name a player may take (422 with the reason for one refused)."""
    try:
        check_name(name)
    except NameRefused as exc:
        raise refused(422, str(exc), exc.code, name=name) from None
    return name_key(name)


async def register(hub: Hub, name: str, password: str, ip: str) -> tuple[dict[str, Any], str]:
    """A new account (at most a few a minute from one address): the user and the hash of
    his password."""
    if not hub.signup_limiter.hit(ip):
        raise refused(429, "too many new accounts from here; wait a minute", "signup_limit")
    key = _checked_name(name)
    hashed = await asyncio.to_thread(auth.hash_password, password)
    try:
        uid = await hub.store.run(create_user, name.lower(), name, hashed, False, key)
    except IntegrityError:
        raise refused(409, f"the name {name!r} is taken", "name_taken", name=name) from None
    except NameTaken:
        raise refused(409, f"the name {name!r} is taken, or looks like a registered "
                           "player's name; choose another", "name_taken", name=name) from None
    return {"id": uid, "name": name, "login": name.lower(), "guest": False}, hashed


async def guest(hub: Hub, nickname: str, ip: str) -> dict[str, Any]:
    """A new guest with ``nickname`` (spaces folded; not a registered player's name)."""
    if not hub.signup_limiter.hit(ip):
        raise refused(429, "too many new guests from here; wait a minute", "signup_limit")
    nickname = " ".join(nickname.split())
    key = _checked_name(nickname)
    try:
        uid = await hub.store.run(create_user, None, nickname, None, True, key)
    except NameTaken:
        raise refused(409, f"the name {nickname!r} belongs to a registered player (or looks "
                           "like theirs); choose another nickname", "name_member", name=nickname) from None
    return {"id": uid, "name": nickname, "login": None, "guest": True}


def known_browser(known: str, user: dict[str, Any] | None) -> bool:
    """Whether ``known`` (a browser's ``ow_known`` cookie) says it logged in to ``user``'s
    account before."""
    if user is None or not user.get("password_hash") or not known or len(known) > 100:
        return False
    token = auth.known_token(user["password_hash"], user["id"])
    return secrets.compare_digest(known.encode(), token.encode())


async def _wrong_password(hub: Hub, key: str) -> None:
    s = hub.settings
    await hub.store.run(login_failed, key, time.time(), s.login_free, s.login_backoff,
                        s.login_backoff_max, s.login_forget)


def _login_state(conn: Any, login: str, key: str, now: float) -> tuple[dict[str, Any] | None, float]:
    """The account with this login name (or None) and the seconds its tries are refused for."""
    return get_user_by_login(conn, login), login_refused_for(conn, key, now)


async def log_in(hub: Hub, name: str, password: str, ip: str, known: str) -> dict[str, Any]:
    """The account ``name`` if ``password`` is its own, within the limits per name and
    address and the wait after wrong passwords (not for a ``known`` browser)."""
    if not hub.login_limiter.hit(f"{ip}|{name.lower()}") or not hub.ip_limiter.hit(ip):
        raise refused(429, "too many login attempts; wait a minute", "login_limit")
    key = auth.login_key(name)
    user, wait = await hub.store.run(_login_state, name.lower(), key, time.time())
    if wait > 0 and not known_browser(known, user):
        raise Backoff(wait)
    hashed = user["password_hash"] if user else None
    ok = await asyncio.to_thread(auth.verify_password, hashed or _DUMMY_HASH, password)
    if user is None or not ok:
        await _wrong_password(hub, key)
        raise refused(401, "wrong name or password", "wrong_login")
    if wait <= 0:  # a browser let in while the name is refused leaves the refusal to the others
        await hub.store.run(login_succeeded, key)
    return user


async def log_out(hub: Hub, user: dict[str, Any], token_hash: str, everywhere: bool) -> int:
    """End the session (``everywhere``: every session of the account) and their sockets;
    how many ended."""
    if everywhere:
        ended = await hub.store.run(end_user_sessions, user["id"], None)
    else:
        await hub.store.run(delete_session, token_hash)
        ended = []
    hub.end_sessions(sorted({token_hash, *ended}))
    return len({token_hash, *ended})


def _new_password(conn: Any, user_id: int, password_hash: str, keep: str, key: str) -> list[str]:
    """Store a new password, end every session of the account but ``keep``, forget the
    wrong passwords counted; returns the token hashes of the sessions ended."""
    set_password(conn, user_id, password_hash)
    login_succeeded(conn, key)
    return end_user_sessions(conn, user_id, keep)


async def change_password(hub: Hub, caller: dict[str, Any], token_hash: str, current: str, new: str,
                          known: str) -> tuple[dict[str, Any], str, int]:
    """A member's new password: every other session ends.  Returns the user, the new
    password's hash and how many sessions ended."""
    policy.check_account_change(caller)
    user = await hub.store.run(get_user, caller["id"])
    if user is None or not user["login"]:
        raise refused(401, "log in first (or play as a guest)", "log_in")
    key = auth.login_key(user["login"])
    wait = await hub.store.run(login_refused_for, key, time.time())
    if wait > 0 and not known_browser(known, user):
        raise Backoff(wait)
    if not await asyncio.to_thread(auth.verify_password, user["password_hash"] or _DUMMY_HASH, current):
        await _wrong_password(hub, key)
        raise refused(403, "the current password is wrong", "wrong_password")
    hashed = await asyncio.to_thread(auth.hash_password, new)
    ended = await hub.store.run(_new_password, user["id"], hashed, token_hash, key)
    hub.end_sessions(ended)
    return user, hashed, len(ended)
