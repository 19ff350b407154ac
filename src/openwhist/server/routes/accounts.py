"""Accounts over HTTP: register, log in, play as a guest, log out, change the password,
who am I.  The cookies are set here; the rest is :mod:`openwhist.server.services.accounts`."""

from typing import Any

from fastapi import APIRouter, Request, Response

from openwhist.server import auth
from openwhist.server.http import COOKIE, KNOWN, CallerDep, check_origin, client_ip, hub_of
from openwhist.server.hub import Hub
from openwhist.server.schemas.accounts import Credentials, GuestIn, PasswordIn
from openwhist.server.services import accounts

__all__ = ["router"]

router = APIRouter(tags=["accounts"])


def _secure(hub: Hub, request: Request) -> bool:
    """Secure cookies exactly when the site is served over HTTPS (as a trusted proxy says,
    if any)."""
    secure = hub.settings.cookie_secure
    return request.url.scheme == "https" if secure is None else secure


def _session_cookie(hub: Hub, request: Request, response: Response, token: str) -> None:
    response.set_cookie(COOKIE, token, max_age=int(hub.settings.session_ttl), httponly=True,
                        secure=_secure(hub, request), samesite="lax", path="/")


def _remember_browser(hub: Hub, request: Request, response: Response, user: dict[str, Any],
                      password_hash: str) -> None:
    response.set_cookie(KNOWN, auth.known_token(password_hash, user["id"]), max_age=365 * 24 * 3600,
                        httponly=True, secure=_secure(hub, request), samesite="strict", path="/api")


async def _started(hub: Hub, request: Request, response: Response, user: dict[str, Any]) -> dict[str, Any]:
    session = await accounts.start_session(hub, user)
    _session_cookie(hub, request, response, session.token)
    return session.answer


@router.post("/api/register", status_code=201)
async def register(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    """Make an account and log in (sets the session cookie; returns the CSRF token)."""
    check_origin(request)
    hub = hub_of(request)
    user, hashed = await accounts.register(hub, body.name, body.password, client_ip(request))
    started = await _started(hub, request, response, user)
    _remember_browser(hub, request, response, user, hashed)  # after the session's cookie
    return started


@router.post("/api/login")
async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    """Log in (sets the session cookie).  At most 5 tries a minute per name and address;
    after 5 wrong passwords for a name, from anywhere, its tries are refused (429
    ``login_backoff``, ``Retry-After``) for 30 s, doubled with each further wrong
    password up to 15 minutes, except from a browser that logged in to it before
    (``ow_known`` cookie); a good login starts the count again.  A name without an
    account is answered the same."""
    check_origin(request)
    hub = hub_of(request)
    user = await accounts.log_in(hub, body.name, body.password, client_ip(request),
                                 request.cookies.get(KNOWN, ""))
    started = await _started(hub, request, response, user)
    _remember_browser(hub, request, response, user, user["password_hash"])  # after the session's cookie
    return started


@router.post("/api/guest", status_code=201)
async def guest(body: GuestIn, request: Request, response: Response) -> dict[str, Any]:
    """Play as a guest with a nickname (sets the session cookie)."""
    check_origin(request)
    hub = hub_of(request)
    user = await accounts.guest(hub, body.nickname, client_ip(request))
    return await _started(hub, request, response, user)


@router.post("/api/logout")
async def logout(c: CallerDep, request: Request, response: Response,
                 everywhere: bool = False) -> dict[str, Any]:
    """End the session (``?everywhere=true``: every session of the account, in every
    browser and program); their WebSocket connections are closed (code 4401)."""
    ended = await accounts.log_out(hub_of(request), c.user, c.token_hash, everywhere)
    response.delete_cookie(COOKIE, path="/")
    return {"ok": True, "ended": ended}


@router.post("/api/password")
async def change_password(body: PasswordIn, c: CallerDep, request: Request,
                          response: Response) -> dict[str, Any]:
    """Change the password: the current one and the new one (8-128 characters).  Every
    other session of the account ends (their WebSocket connections are closed, code
    4401); this one goes on.  A wrong current password counts as a wrong login for the
    account (403 ``wrong_password``), and tries are refused while its logins are."""
    check_origin(request)
    hub = hub_of(request)
    user, hashed, ended = await accounts.change_password(hub, c.user, c.token_hash, body.current, body.new,
                                                         request.cookies.get(KNOWN, ""))
    _remember_browser(hub, request, response, user, hashed)
    return {"ok": True, "ended": ended}


@router.get("/api/me")
async def me(c: CallerDep) -> dict[str, Any]:
    """Who is logged in, and the session's CSRF token."""
    return {"user": accounts.user_json(c.user), "csrf": c.session["csrf"]}
