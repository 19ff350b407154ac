"""The request plumbing every router shares: who calls (the session by cookie or bearer
token, with the CSRF check), where from, and how a refusal becomes the API's JSON error
(``{"error", "code", "values"}`` with its HTTP status).

Annotations here are evaluated, not postponed: FastAPI reads the dependencies' signatures.
"""

import secrets
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from openwhist.server.drives import DriveError
from openwhist.server.hub import Hub, Settings
from openwhist.server.limits import BodyLimit
from openwhist.server.policy import Refused
from openwhist.server.services import CODES
from openwhist.server.services.accounts import lookup
from openwhist.server.table import TableClosed

__all__ = ["COOKIE", "KNOWN", "MAX_BODY", "Caller", "CallerDep", "OptionalCallerDep", "caller",
           "check_origin", "client_ip", "error", "hub_of", "install", "optional_caller", "same_origin",
           "token_from", "user_id"]

COOKIE = "ow_session"
KNOWN = "ow_known"  # a browser that logged in to an account: it is not held back by others' wrong passwords
MAX_BODY = 16 * 1024
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


@dataclass
class Caller:
    """The user behind a request, their session, and whether it came by cookie."""

    user: dict[str, Any]
    session: dict[str, Any]
    token_hash: str
    by_cookie: bool


def error(status: int, message: str, code: str | None = None, **values: Any) -> HTTPException:
    """An HTTP error: ``message`` in English, ``code`` (and ``values``) for a page to word
    in its own language (see docs/websocket.md)."""
    exc = HTTPException(status_code=status, detail=message)
    exc.code = code or CODES.get(status, "error")  # type: ignore[attr-defined]
    exc.values = values  # type: ignore[attr-defined]
    return exc


def same_origin(origin: str | None, host: str | None) -> bool:
    """True if there is no Origin header (not a browser) or it names this server."""
    if origin is None:
        return True
    return bool(host) and urlsplit(origin).netloc == host


def hub_of(request: Request) -> Hub:
    """The hub of the application serving ``request``."""
    hub: Hub = request.app.state.hub
    return hub


def token_from(headers: Any, cookies: dict[str, str]) -> tuple[str | None, bool]:
    """The session token a request or socket sends (``Authorization: Bearer`` first, else
    the cookie) and whether it came by cookie."""
    bearer = headers.get("authorization", "")
    if bearer.lower().startswith("bearer "):
        return bearer[7:].strip(), False
    return cookies.get(COOKIE), True


async def optional_caller(request: Request) -> Caller | None:
    """The caller, or None without a live session; a state-changing request by cookie
    without the session's CSRF token is refused (403 ``csrf``)."""
    token, by_cookie = token_from(request.headers, request.cookies)
    if not token or len(token) > 100:
        return None
    found = await lookup(hub_of(request), token)
    if found is None:
        return None
    th, session = found
    if by_cookie and request.method not in SAFE_METHODS:
        sent = request.headers.get("x-csrf-token", "")
        if not secrets.compare_digest(sent.encode(), session["csrf"].encode()):
            raise error(403, "missing or wrong X-CSRF-Token header", "csrf")
    return Caller(session["user"], session, th, by_cookie)


async def caller(c: Annotated[Caller | None, Depends(optional_caller)]) -> Caller:
    """The caller; 401 ``log_in`` without a session."""
    if c is None:
        raise error(401, "log in first (or play as a guest)", "log_in")
    return c


CallerDep = Annotated[Caller, Depends(caller)]
OptionalCallerDep = Annotated[Caller | None, Depends(optional_caller)]


def user_id(c: Caller | None) -> int | None:
    """The caller's user id, None for nobody."""
    return c.user["id"] if c else None


def check_origin(request: Request) -> None:
    """Refuse (403 ``cross_site``) a request a browser sent from another site."""
    if not same_origin(request.headers.get("origin"), request.headers.get("host")):
        raise error(403, "cross-site request refused", "cross_site")


def client_ip(request: Request) -> str:
    """The address the request came from (as a trusted proxy says, if any)."""
    return request.client.host if request.client else "?"


_ALLOWED = {"nickname": "a nickname may hold letters, digits, spaces and . ' - only",
            "name": "a name may hold the letters a-z, digits and _ . - only"}
"""What a name may hold, said plainly (the schemas' patterns, for players to read)."""


def _body(message: str, code: str, values: dict[str, Any] | None) -> dict[str, Any]:
    body: dict[str, Any] = {"error": message, "code": code}
    if values:
        body["values"] = values
    return body


async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    detail = exc.detail
    if exc.status_code == 400 and detail == "There was an error parsing the body":
        detail = "the request body could not be read as JSON (nested too deep, or a number too long)"
    code = getattr(exc, "code", CODES.get(exc.status_code, "error"))
    body = _body(detail, code, getattr(exc, "values", None))
    return JSONResponse(body, exc.status_code, headers=exc.headers)


async def _refused(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, Refused | DriveError)
    return JSONResponse(_body(str(exc), exc.code, exc.values), exc.status,
                        headers=getattr(exc, "headers", None))


async def _table_closed(request: Request, exc: Exception) -> JSONResponse:
    return JSONResponse({"error": "this table is closed"}, 410)


async def _invalid(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0] if exc.errors() else {}
    if first.get("type") == "json_invalid":
        return JSONResponse({"error": "the request body is not valid JSON: "
                                      f"{first.get('ctx', {}).get('error', 'unreadable')}",
                             "code": "unreadable"}, 422)
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
    message = first.get("msg", "invalid input")
    # the field and what was wrong with it, for a page to word: e.g. nickname/pattern
    values = {"field": where, "problem": str(first.get("type", "invalid"))}
    if first.get("type") == "string_pattern_mismatch":
        if where in _ALLOWED:
            return JSONResponse({"error": _ALLOWED[where], "code": f"bad_{where}", "values": values}, 422)
        message = "holds a character that is not allowed here"
    return JSONResponse({"error": f"{where}: {message}" if where else message, "code": "invalid",
                         "values": values}, 422)


async def _security_headers(request: Request, call_next: Any) -> Any:
    response = await call_next(request)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["X-Frame-Options"] = "DENY"
    return response


def install(app: FastAPI, settings: Settings) -> None:
    """The middlewares and error handlers of the API on ``app``: security headers, the
    body limit (outermost), and every error as ``{"error", "code", "values"}``."""
    app.middleware("http")(_security_headers)
    app.add_exception_handler(StarletteHTTPException, _http_error)  # type: ignore[arg-type]
    # outermost: a body is counted as it arrives, before anything else reads it
    app.add_middleware(BodyLimit, limit=MAX_BODY, seconds=settings.header_timeout)
    app.add_exception_handler(Refused, _refused)
    app.add_exception_handler(DriveError, _refused)
    app.add_exception_handler(TableClosed, _table_closed)
    app.add_exception_handler(RequestValidationError, _invalid)
