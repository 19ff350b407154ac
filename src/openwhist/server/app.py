"""The HTTP and WebSocket API (FastAPI).  HTTP (documented by OpenAPI at ``/docs`` and
``/openapi.json``) handles accounts, tables and records; the WebSocket at
``/ws/tables/{id}`` carries live play (``docs/websocket.md``).

Annotations here are evaluated, not postponed: FastAPI reads the dependencies of the
functions defined inside :func:`create_app`.
"""


import asyncio
import contextlib
import ipaddress
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import Depends, FastAPI, HTTPException, Query, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse
from pydantic import ValidationError
from sqlalchemy.exc import IntegrityError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect

from openwhist import records
from openwhist.bots import make_bot, parse_bot_spec, searches
from openwhist.errors import WhistError
from openwhist.ratings import RATED_FAMILIES
from openwhist.rules.base import option_infos
from openwhist.rules.registry import get_variant, resolve, variants
from openwhist.rules.seats import parse_seat, seat_name
from openwhist.server import auth, policy
from openwhist.server.analysis import NOT_READY, AnalysisCache
from openwhist.server.drives import DriveError, drive_csv, movement_text, results_html
from openwhist.server.hint import HintError, hint_for
from openwhist.server.hub import Hub, Settings
from openwhist.server.limits import BodyLimit, Busy
from openwhist.server.names import NameRefused, check_name, name_key
from openwhist.server.policy import address_key
from openwhist.server.ratings import player_key
from openwhist.server.replay import player_names, record_names, replay_frames, split_guests
from openwhist.server.schemas import (
    ClientMessage,
    Credentials,
    DriveIn,
    DriveResultIn,
    GuestIn,
    JoinByCodeIn,
    JoinIn,
    PasswordIn,
    PauseIn,
    QuickPlayIn,
    SeatIn,
    SubstituteIn,
    TableIn,
)
from openwhist.server.table import Connection, SeatError, TableClosed, TableRunner, variant_seats
from openwhist.store import (
    NameTaken,
    Store,
    create_session,
    create_table,
    create_user,
    delete_session,
    end_user_sessions,
    get_record,
    get_session,
    get_user,
    get_user_by_login,
    list_records,
    login_failed,
    login_refused_for,
    login_succeeded,
    set_password,
    table_access,
)
from openwhist.store.drives import drive_of_table, drives_of_user, leaderboard, rating_history

__all__ = ["COOKIE", "create_app"]

log = logging.getLogger("openwhist.server")

COOKIE = "ow_session"
KNOWN = "ow_known"  # a browser that logged in to an account: it is not held back by others' wrong passwords
MAX_BODY = 16 * 1024
MAX_WS_MESSAGE = 2048
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


@dataclass
class Caller:
    """The user behind a request, their session, and whether it came by cookie."""

    user: dict[str, Any]
    session: dict[str, Any]
    token_hash: str
    by_cookie: bool


_CODES = {400: "unreadable", 401: "log_in", 403: "forbidden", 404: "not_found", 409: "conflict",
          410: "closed", 413: "too_large", 422: "invalid", 429: "too_many", 503: "busy"}
"""The code of an error that names none of its own, by its HTTP status."""


def _error(status: int, message: str, code: str | None = None, **values: Any) -> HTTPException:
    """An HTTP error: ``message`` in English, ``code`` (and ``values``) for a page to word
    in its own language (see docs/websocket.md)."""
    exc = HTTPException(status_code=status, detail=message)
    exc.code = code or _CODES.get(status, "error")  # type: ignore[attr-defined]
    exc.values = values  # type: ignore[attr-defined]
    return exc


def _same_origin(origin: str | None, host: str | None) -> bool:
    """True if there is no Origin header (not a browser) or it names this server."""
    if origin is None:
        return True
    return bool(host) and urlsplit(origin).netloc == host


def create_app(database: str | None = None, settings: Settings | None = None,
               store: Store | None = None) -> FastAPI:
    """The server application on a database URL (see :func:`openwhist.store.database_url`)
    or an open :class:`~openwhist.store.Store`."""
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        opened: Store = store if store is not None else await asyncio.to_thread(Store, database)
        hub = Hub(opened, settings)
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()
            if store is None:
                await asyncio.to_thread(opened.close)

    app = FastAPI(title="openwhist", version="1", lifespan=lifespan,
                  description="Play whist online: accounts, tables, seats, bots and records over "
                              "HTTP; live play over the WebSocket at /ws/tables/{id} "
                              "(see docs/websocket.md).  State-changing requests authenticated "
                              "by the session cookie must send the session's CSRF token in the "
                              "X-CSRF-Token header; programs may send Authorization: Bearer "
                              "<session token> instead of the cookie.")

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Any) -> Any:
        response = await call_next(request)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["X-Frame-Options"] = "DENY"
        return response

    @app.exception_handler(StarletteHTTPException)  # FastAPI's own errors too (a body unread)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail = exc.detail
        if exc.status_code == 400 and detail == "There was an error parsing the body":
            detail = "the request body could not be read as JSON (nested too deep, or a number too long)"
        body: dict[str, Any] = {"error": detail,
                                "code": getattr(exc, "code", _CODES.get(exc.status_code, "error"))}
        if getattr(exc, "values", None):
            body["values"] = exc.values  # type: ignore[attr-defined]
        return JSONResponse(body, exc.status_code, headers=exc.headers)

    # outermost: a body is counted as it arrives, before anything else reads it
    app.add_middleware(BodyLimit, limit=MAX_BODY, seconds=settings.header_timeout)

    @app.exception_handler(TableClosed)
    async def table_closed(request: Request, exc: TableClosed) -> JSONResponse:
        return JSONResponse({"error": "this table is closed"}, 410)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
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

    def hub_of(request: Request) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    async def lookup(hub: Hub, token: str) -> tuple[str, dict[str, Any]] | None:
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

    def token_from(headers: Any, cookies: dict[str, str]) -> tuple[str | None, bool]:
        bearer = headers.get("authorization", "")
        if bearer.lower().startswith("bearer "):
            return bearer[7:].strip(), False
        return cookies.get(COOKIE), True

    async def optional_caller(request: Request) -> Caller | None:
        token, by_cookie = token_from(request.headers, request.cookies)
        if not token or len(token) > 100:
            return None
        hub = hub_of(request)
        found = await lookup(hub, token)
        if found is None:
            return None
        th, session = found
        if by_cookie and request.method not in SAFE_METHODS:
            sent = request.headers.get("x-csrf-token", "")
            if not secrets.compare_digest(sent.encode(), session["csrf"].encode()):
                raise _error(403, "missing or wrong X-CSRF-Token header", "csrf")
        return Caller(session["user"], session, th, by_cookie)

    async def caller(c: Annotated[Caller | None, Depends(optional_caller)]) -> Caller:
        if c is None:
            raise _error(401, "log in first (or play as a guest)", "log_in")
        return c

    def check_origin(request: Request) -> None:
        if not _same_origin(request.headers.get("origin"), request.headers.get("host")):
            raise _error(403, "cross-site request refused", "cross_site")

    async def start_session(hub: Hub, request: Request, response: Response,
                            user: dict[str, Any]) -> dict[str, Any]:
        token = auth.new_token()
        csrf = auth.new_token()
        await hub.store.run(create_session, auth.token_hash(token), user["id"], csrf,
                            hub.settings.session_ttl)
        # Secure exactly when the site is served over HTTPS (as a trusted proxy says, if any)
        secure = hub.settings.cookie_secure
        if secure is None:
            secure = request.url.scheme == "https"
        response.set_cookie(COOKIE, token, max_age=int(hub.settings.session_ttl), httponly=True,
                            secure=secure, samesite="lax", path="/")
        return {"user": _user_json(user), "csrf": csrf}

    def checked_name(name: str) -> str:
        """The key of a name a player may take (422 with the reason for one refused)."""
        try:
            check_name(name)
        except NameRefused as exc:
            raise _error(422, str(exc), exc.code, name=name) from None
        return name_key(name)

    def client_ip(request: Request) -> str:
        return request.client.host if request.client else "?"

    # --- accounts -----------------------------------------------------------------------

    @app.post("/api/register", status_code=201, tags=["accounts"])
    async def register(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """Make an account and log in (sets the session cookie; returns the CSRF token)."""
        check_origin(request)
        hub = hub_of(request)
        if not hub.signup_limiter.hit(client_ip(request)):
            raise _error(429, "too many new accounts from here; wait a minute", "signup_limit")
        key = checked_name(body.name)
        hashed = await asyncio.to_thread(auth.hash_password, body.password)
        try:
            uid = await hub.store.run(create_user, body.name.lower(), body.name, hashed, False, key)
        except IntegrityError:
            raise _error(409, f"the name {body.name!r} is taken", "name_taken", name=body.name) from None
        except NameTaken:
            raise _error(409, f"the name {body.name!r} is taken, or looks like a registered "
                              "player's name; choose another", "name_taken", name=body.name) from None
        user = {"id": uid, "name": body.name, "login": body.name.lower(), "guest": False}
        started = await start_session(hub, request, response, user)
        remember_browser(hub, request, response, user, hashed)  # after the session's cookie
        return started

    def known_here(request: Request, user: dict[str, Any] | None) -> bool:
        """Whether this browser logged in to ``user``'s account before (its ``ow_known``)."""
        sent = request.cookies.get(KNOWN, "")
        if user is None or not user.get("password_hash") or not sent or len(sent) > 100:
            return False
        token = auth.known_token(user["password_hash"], user["id"])
        return secrets.compare_digest(sent.encode(), token.encode())

    def remember_browser(hub: Hub, request: Request, response: Response, user: dict[str, Any],
                         password_hash: str) -> None:
        secure = hub.settings.cookie_secure
        if secure is None:
            secure = request.url.scheme == "https"
        response.set_cookie(KNOWN, auth.known_token(password_hash, user["id"]), max_age=365 * 24 * 3600,
                            httponly=True, secure=secure, samesite="strict", path="/api")

    def backoff_error(wait: float) -> HTTPException:
        seconds = max(1, int(wait + 0.999))
        exc = _error(429, f"too many wrong passwords for this name; try again in {seconds} s",
                     "login_backoff", retry_after=seconds)
        exc.headers = {"Retry-After": str(seconds)}
        return exc

    async def wrong_password(hub: Hub, key: str) -> None:
        s = hub.settings
        await hub.store.run(login_failed, key, time.time(), s.login_free, s.login_backoff,
                            s.login_backoff_max, s.login_forget)

    @app.post("/api/login", tags=["accounts"])
    async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """Log in (sets the session cookie).  At most 5 tries a minute per name and address;
        after 5 wrong passwords for a name, from anywhere, its tries are refused (429
        ``login_backoff``, ``Retry-After``) for 30 s, doubled with each further wrong
        password up to 15 minutes, except from a browser that logged in to it before
        (``ow_known`` cookie); a good login starts the count again.  A name without an
        account is answered the same."""
        check_origin(request)
        hub = hub_of(request)
        ip = client_ip(request)
        if not hub.login_limiter.hit(f"{ip}|{body.name.lower()}") or not hub.ip_limiter.hit(ip):
            raise _error(429, "too many login attempts; wait a minute", "login_limit")
        key = auth.login_key(body.name)
        user, wait = await hub.store.run(_login_state, body.name.lower(), key, time.time())
        if wait > 0 and not known_here(request, user):
            raise backoff_error(wait)
        hashed = user["password_hash"] if user else None
        ok = await asyncio.to_thread(auth.verify_password, hashed or _DUMMY_HASH, body.password)
        if user is None or not ok:
            await wrong_password(hub, key)
            raise _error(401, "wrong name or password", "wrong_login")
        if wait <= 0:  # a browser let in while the name is refused leaves the refusal to the others
            await hub.store.run(login_succeeded, key)
        started = await start_session(hub, request, response, user)
        remember_browser(hub, request, response, user, user["password_hash"])  # after the session's cookie
        return started

    @app.post("/api/guest", status_code=201, tags=["accounts"])
    async def guest(body: GuestIn, request: Request, response: Response) -> dict[str, Any]:
        """Play as a guest with a nickname (sets the session cookie)."""
        check_origin(request)
        hub = hub_of(request)
        if not hub.signup_limiter.hit(client_ip(request)):
            raise _error(429, "too many new guests from here; wait a minute", "signup_limit")
        nickname = " ".join(body.nickname.split())
        key = checked_name(nickname)
        try:
            uid = await hub.store.run(create_user, None, nickname, None, True, key)
        except NameTaken:
            raise _error(409, f"the name {nickname!r} belongs to a registered player (or looks "
                              "like theirs); choose another nickname", "name_member", name=nickname) from None
        return await start_session(hub, request, response, {"id": uid, "name": nickname, "login": None,
                                                   "guest": True})

    @app.post("/api/logout", tags=["accounts"])
    async def logout(c: Annotated[Caller, Depends(caller)], request: Request, response: Response,
                     everywhere: bool = False) -> dict[str, Any]:
        """End the session (``?everywhere=true``: every session of the account, in every
        browser and program); their WebSocket connections are closed (code 4401)."""
        hub = hub_of(request)
        if everywhere:
            ended = await hub.store.run(end_user_sessions, c.user["id"], None)
        else:
            await hub.store.run(delete_session, c.token_hash)
            ended = []
        hub.end_sessions(sorted({c.token_hash, *ended}))
        response.delete_cookie(COOKIE, path="/")
        return {"ok": True, "ended": len({c.token_hash, *ended})}

    @app.post("/api/password", tags=["accounts"])
    async def change_password(body: PasswordIn, c: Annotated[Caller, Depends(caller)], request: Request,
                              response: Response) -> dict[str, Any]:
        """Change the password: the current one and the new one (8-128 characters).  Every
        other session of the account ends (their WebSocket connections are closed, code
        4401); this one goes on.  A wrong current password counts as a wrong login for the
        account (403 ``wrong_password``), and tries are refused while its logins are."""
        check_origin(request)
        hub = hub_of(request)
        try:
            policy.check_account_change(c.user)
        except policy.Refused as exc:
            raise _error(exc.status, str(exc), exc.code, **exc.values) from None
        user = await hub.store.run(get_user, c.user["id"])
        if user is None or not user["login"]:
            raise _error(401, "log in first (or play as a guest)", "log_in")
        key = auth.login_key(user["login"])
        wait = await hub.store.run(login_refused_for, key, time.time())
        if wait > 0 and not known_here(request, user):
            raise backoff_error(wait)
        hashed = user["password_hash"] or _DUMMY_HASH
        if not await asyncio.to_thread(auth.verify_password, hashed, body.current):
            await wrong_password(hub, key)
            raise _error(403, "the current password is wrong", "wrong_password")
        hashed = await asyncio.to_thread(auth.hash_password, body.new)
        ended = await hub.store.run(_new_password, user["id"], hashed, c.token_hash, key)
        hub.end_sessions(ended)
        remember_browser(hub, request, response, user, hashed)
        return {"ok": True, "ended": len(ended)}

    @app.get("/api/me", tags=["accounts"])
    async def me(c: Annotated[Caller, Depends(caller)]) -> dict[str, Any]:
        """Who is logged in, and the session's CSRF token."""
        return {"user": _user_json(c.user), "csrf": c.session["csrf"]}

    # --- variants and server ----------------------------------------------------------------

    @app.get("/api/health", tags=["server"])
    async def health(request: Request) -> dict[str, Any]:
        """Whether the server runs, its live tables, whether pimc bots are ready, the
        actions played since it started, and its event loop's lag (the latest, the 99th
        percentile and the largest of the last minute, in milliseconds)."""
        hub = hub_of(request)
        return {"ok": True, "tables": len(hub.tables), "pimc_ready": hub.pimc_ready.is_set(),
                "actions": hub.actions, "loop_lag": hub.loop_watch.report()}

    @app.get("/api/variants", tags=["tables"])
    async def list_variants() -> list[dict[str, Any]]:
        """The variants a table can play, with their presets, options and match lengths."""
        out = []
        for name in variants():
            v = get_variant(name)
            _, opts = resolve(name)
            out.append({
                "name": name, "description": v.description, "players": v.players, "hands": v.hands,
                "presets": list(v.presets), "default_preset": v.default_preset,
                "until": list(v.match_rules(opts).UNTIL),
                "lengths": v.match_rules(opts).lengths_json(),
                "seats": [seat_name(s, v.hands) for s in variant_seats(name, opts)],
                "options": [{"name": o.name, "default": _plain(o.default), "help": o.help,
                             "type": _option_kind(o.type, o.choices),
                             "choices": [_plain(x) for x in o.choices],
                             "range": list(o.range) if o.range else None}
                            for o in option_infos(v.options_type)],
                "preset_options": {p: resolve(name, p)[1].to_dict() for p in v.presets},
            })
        return out

    # --- tables ---------------------------------------------------------------------------

    def bot_spec(hub: Hub, text: str) -> str:
        spec = text.partition(":")[2] or hub.settings.stand_in
        try:
            name, _ = parse_bot_spec(spec)
            bot = make_bot(spec, seed=0)
        except WhistError as exc:
            raise _error(422, str(exc)) from None
        if searches(bot) and not hub.pimc_ready.is_set():
            raise _error(503, f"{name} bots are not ready yet (the solver is being prepared); "
                              "try again in a minute or choose another bot")
        return spec

    async def make_table(hub: Hub, c: Caller, body: TableIn, ip: str) -> TableRunner:
        if not hub.table_limiter.hit(f"user|{c.user['id']}") or not hub.table_ip_limiter.hit(ip):
            raise _error(429, "too many new tables from you or from here; wait a while, or play "
                              "at one of the tables you have")
        limit = hub.settings.table_limit
        if hub.open_tables_of(c.user["id"]) >= limit:
            raise _error(409, f"you have {limit} open tables, the most one may have; "
                              "close one first (POST /api/tables/ID/close)")
        try:
            name, opts = resolve(body.variant, body.preset, **body.options)
            record = get_variant(name)
            rules = record.match_rules(opts)
            until, count = rules.default_length()
            if body.until is not None:
                until = body.until
                count = next((x.default_count for x in rules.lengths() if x.until == until), 1)
            count = body.count or count
            rules.check_length(until, count)
            playing = variant_seats(name, opts)
        except WhistError as exc:  # with its code (option_range, count_range, grid_nested...)
            raise _error(422, str(exc), getattr(exc, "code", None), **getattr(exc, "values", {})) from None
        except (TypeError, ValueError, OverflowError, RecursionError):  # an option's value of the wrong kind
            log.info("a table's options refused: %s", body.options)
            raise _error(422, "an option's value is of the wrong kind or out of range "
                              "(see GET /api/variants for each option's type)") from None
        specs = list(body.seats) if body.seats is not None else ["me"] + ["open"] * (len(playing) - 1)
        if len(specs) != len(playing):
            raise _error(422, f"{name} has {len(playing)} seats; give one entry for each")
        if specs.count("me") > 1:
            raise _error(422, "you can sit at one seat only", "one_seat")
        if body.move_time is not None and body.private:
            raise _error(422, "a time per move is for public tables; friends at a private table take "
                              "their time", "move_time_private")
        seats = []
        for seat, spec in zip(playing, specs):
            if spec == "me":
                seats.append({"seat": seat, "kind": "person", "user_id": c.user["id"], "bot": None})
            elif spec == "open":
                seats.append({"seat": seat, "kind": "open", "user_id": None, "bot": None})
            else:
                seats.append({"seat": seat, "kind": "bot", "user_id": None, "bot": bot_spec(hub, spec)})
        table_id = secrets.token_urlsafe(9)
        code = secrets.token_hex(4).upper() if body.private else None
        row = {"id": table_id, "variant": name, "options": json.dumps(opts.to_dict()),
               "seed": secrets.randbits(63), "until": until, "count": count,
               "private": body.private, "code": code, "owner_id": c.user["id"],
               "leave_to": body.leave_to, "move_time": body.move_time}
        await hub.store.run(create_table, row, seats)
        runner = await hub.open_table(table_id)
        assert runner is not None
        if "me" in specs:
            runner.note_address(c.user["id"], address_key(ip))
        return runner

    @app.post("/api/tables", status_code=201, tags=["tables"])
    async def new_table(body: TableIn, c: Annotated[Caller, Depends(caller)],
                        request: Request) -> dict[str, Any]:
        """Make a table for any variant, preset and options, each seat open, yours or a
        bot's; a private table gets an invitation code."""
        hub = hub_of(request)
        runner = await make_table(hub, c, body, client_ip(request))
        return runner.info(c.user["id"])

    @app.post("/api/quickplay", status_code=201, tags=["tables"])
    async def quickplay(body: QuickPlayIn, c: Annotated[Caller, Depends(caller)],
                        request: Request) -> dict[str, Any]:
        """One call: a new table with you at the first seat and bots at the others."""
        hub = hub_of(request)
        try:
            n = len(variant_seats(*resolve(body.variant, body.preset)))
        except WhistError as exc:
            raise _error(422, str(exc)) from None
        spec = TableIn(variant=body.variant, preset=body.preset, private=True,
                       seats=["me"] + [f"bot:{body.bot}"] * (n - 1), until=body.until,
                       count=body.count)
        runner = await make_table(hub, c, spec, client_ip(request))
        return runner.info(c.user["id"])

    @app.get("/api/tables", tags=["tables"])
    async def tables(request: Request, response: Response,
                     c: Annotated[Caller | None, Depends(optional_caller)],
                     offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
                     limit: Annotated[int, Query(ge=1, le=200)] = 50) -> list[dict[str, Any]]:
        """Your own tables, then public tables with a free seat, oldest first: ``limit``
        of them from ``offset``.  The header ``X-Total-Count`` gives how many there are,
        ``Link`` (``rel="next"``) the next page's address while there is one."""
        hub = hub_of(request)
        uid = c.user["id"] if c else None
        mine, public = [], []
        drives: dict[str, dict[str, Any]] = {}
        for t in sorted(hub.tables.values(), key=lambda t: (t.created, t.id)):
            if uid is not None and t.is_member(uid):
                if await may_watch(hub, t, uid, drives):
                    mine.append(t)
            elif not t.private and any(st.kind in ("open", "bot") and st.pending_user_id is None
                                       for st in t.seats.values()):
                public.append(t)
        listed = mine + public
        response.headers["X-Total-Count"] = str(len(listed))
        if offset + limit < len(listed):
            response.headers["Link"] = f'</api/tables?offset={offset + limit}&limit={limit}>; rel="next"'
        return [t.info(uid) for t in listed[offset:offset + limit]]

    def table_for(hub: Hub, table_id: str, uid: int | None, code: str | None) -> TableRunner:
        runner = hub.tables.get(table_id) if len(table_id) <= 16 else None
        if runner is None:
            raise _error(404, "no such table", "no_table")
        if not policy.may_see_table(private=runner.private, member=uid is not None and runner.is_member(uid),
                                    code=code, table_code=runner.code):
            raise _error(404, "no such table", "no_table")
        return runner

    async def drive_place(hub: Hub, table_id: str, drive_id: str | None = None,
                          drives: dict[str, dict[str, Any]] | None = None
                          ) -> tuple[dict[str, Any], int, int] | None:
        """The drive (read fresh, or from ``drives`` read for this request), round and table
        number a table plays; None for a table of no drive (LookupError if its drive or its
        place there cannot be found)."""
        if drive_id is None:
            where = await hub.store.run(drive_of_table, table_id)
            if where is None:
                return None
            drive_id = where[0]
        drive = drives.get(drive_id) if drives is not None else None
        if drive is None:
            try:
                drive = await hub.drives.load_fresh(drive_id)
            except DriveError:
                raise LookupError(drive_id) from None
            if drives is not None:
                drives[drive_id] = drive
        found = next((t for t in drive["tables"] if t["table_id"] == table_id), None)
        if found is None:
            raise LookupError(table_id)
        return drive, found["round_no"], found["table_no"]

    async def may_watch(hub: Hub, runner: TableRunner, uid: int | None,
                        drives: dict[str, dict[str, Any]] | None = None) -> bool:
        """Whether ``uid`` may see this table live: a drive's not while he still has to
        play one of its boards (:func:`policy.may_watch_drive_table`)."""
        if runner.drive_id is None:
            return True
        try:
            place = await drive_place(hub, runner.id, runner.drive_id, drives)
        except LookupError:
            return False
        return place is not None and policy.may_watch_drive_table(place[0], uid, place[1], place[2])

    async def drive_watch(hub: Hub, runner: TableRunner, uid: int | None) -> None:
        """Refuse (403) a drive's table to someone who still has to play one of its boards."""
        if not await may_watch(hub, runner, uid):
            raise _error(403, "this table plays a board you still have to play: you see it once you have "
                         "played it", "drive_board_unplayed")

    @app.get("/api/tables/{table_id}", tags=["tables"])
    async def table(table_id: str, request: Request,
                    c: Annotated[Caller | None, Depends(optional_caller)],
                    code: str | None = None) -> dict[str, Any]:
        """A table: settings, seats and the score sheet (a private one for its members or
        with its code; a drive's not to someone who still has to play its boards)."""
        hub = hub_of(request)
        uid = c.user["id"] if c else None
        runner = table_for(hub, table_id, uid, code)
        await drive_watch(hub, runner, uid)
        return runner.info(uid)

    @app.get("/api/tables/{table_id}/view", tags=["tables"])
    async def table_view(table_id: str, request: Request,
                         c: Annotated[Caller | None, Depends(optional_caller)],
                         code: str | None = None) -> dict[str, Any]:
        """Your seat's current view (a spectator's if you do not sit here), with the
        table's version."""
        hub = hub_of(request)
        uid = c.user["id"] if c else None
        runner = table_for(hub, table_id, uid, code)
        await drive_watch(hub, runner, uid)

        async def snapshot() -> dict[str, Any]:
            seat = runner.seat_of(uid) if uid is not None else None
            return {"v": runner.version, "view": runner.view(seat)}

        result: dict[str, Any] = await runner.call(snapshot)
        return result

    @app.get("/api/tables/{table_id}/hint", tags=["tables"])
    async def table_hint(table_id: str, request: Request,
                         c: Annotated[Caller, Depends(caller)]) -> dict[str, Any]:
        """A bot's suggestion for your move, made from your seat's view only (off at tables
        with more than one person; the solver bot once it is ready, else the heuristic)."""
        hub = hub_of(request)
        runner = table_for(hub, table_id, c.user["id"], None)
        if not hub.hint_limiter.hit(str(c.user["id"])):
            raise _error(429, f"at most {hub.settings.hint_limit} hints a minute; wait a little")
        try:
            return await hint_for(runner, c.user["id"], hub.pimc_ready.is_set(), hub.ask_pool.run)
        except HintError as exc:
            raise _error(exc.status, str(exc)) from None
        except Busy as exc:
            raise _error(503, str(exc)) from None

    async def join_runner(runner: TableRunner, c: Caller, seat_text: str | None,
                          request: Request) -> dict[str, Any]:
        if runner.drive_id is not None:  # the movement seats it; a computer player's seat is not free
            raise _error(409, "a whist drive's table is seated by the drive: nobody joins it", "drive_table")
        seat = None
        if seat_text is not None:
            try:
                seat = parse_seat(seat_text, runner.deal.n_hands)
            except WhistError as exc:
                raise _error(422, str(exc)) from None
        try:
            result: dict[str, Any] = await runner.call(
                lambda: runner.join(c.user["id"], c.user["name"], seat, bool(c.user.get("guest")),
                                    client_ip(request)))
        except SeatError as exc:
            raise _error(409, str(exc), exc.code, **exc.values) from None
        return {**result, "table": runner.info(c.user["id"])}

    @app.post("/api/tables/{table_id}/join", tags=["tables"])
    async def join(table_id: str, body: JoinIn, c: Annotated[Caller, Depends(caller)],
                   request: Request) -> dict[str, Any]:
        """Take a seat: an open one at once, a bot's from the next deal."""
        runner = table_for(hub_of(request), table_id, c.user["id"], body.code)
        return await join_runner(runner, c, body.seat, request)

    @app.post("/api/join", tags=["tables"])
    async def join_by_code(body: JoinByCodeIn, c: Annotated[Caller, Depends(caller)],
                           request: Request) -> dict[str, Any]:
        """Join a private table by its invitation code."""
        hub = hub_of(request)
        for runner in list(hub.tables.values()):
            if runner.code is not None and secrets.compare_digest(runner.code, body.code.upper()):
                return await join_runner(runner, c, body.seat, request)
        raise _error(404, "no table has this code", "no_code")

    @app.post("/api/tables/{table_id}/leave", tags=["tables"])
    async def leave(table_id: str, c: Annotated[Caller, Depends(caller)],
                    request: Request) -> dict[str, Any]:
        """Stand up: your seat becomes a computer player's or open, as the table's owner
        chose (``leave_to``)."""
        runner = table_for(hub_of(request), table_id, c.user["id"], None)
        try:
            result: dict[str, Any] = await runner.call(lambda: runner.leave(c.user["id"]))
        except SeatError as exc:
            raise _error(409, str(exc), exc.code, **exc.values) from None
        return result

    @app.post("/api/tables/{table_id}/seat", tags=["tables"])
    async def change_seat(table_id: str, body: SeatIn, c: Annotated[Caller, Depends(caller)],
                          request: Request) -> dict[str, Any]:
        """The owner makes a seat nobody sits at open or a computer player's
        (``bot:LEVEL``), until the match's first action."""
        hub = hub_of(request)
        runner = table_for(hub, table_id, c.user["id"], None)
        await drive_watch(hub, runner, c.user["id"])
        try:
            seat = parse_seat(body.seat, runner.deal.n_hands)
        except WhistError as exc:
            raise _error(422, str(exc)) from None
        spec = body.spec if body.spec == "open" else "bot:" + bot_spec(hub, body.spec)
        try:
            result: dict[str, Any] = await runner.call(
                lambda: runner.set_open_seat(c.user["id"], seat, spec))
        except SeatError as exc:
            status = 403 if exc.code == "not_owner" else 409
            raise _error(status, str(exc), exc.code, **exc.values) from None
        return {**result, "table": runner.info(c.user["id"])}

    @app.get("/api/my/tables", tags=["tables"])
    async def my_tables(request: Request, c: Annotated[Caller, Depends(caller)]) -> list[dict[str, Any]]:
        """The live tables you sit at, are about to sit at, or own, newest first: to go
        back to."""
        hub = hub_of(request)
        uid = c.user["id"]
        drives: dict[str, dict[str, Any]] = {}
        mine = [t for t in list(hub.tables.values())
                if t.is_member(uid) and await may_watch(hub, t, uid, drives)]
        mine.sort(key=lambda t: (t.created, t.id), reverse=True)
        return [t.info(uid) for t in mine]

    @app.post("/api/tables/{table_id}/close", tags=["tables"])
    async def close(table_id: str, c: Annotated[Caller, Depends(caller)],
                    request: Request) -> dict[str, Any]:
        """Close (abandon) your table: the match in progress ends unrecorded, everyone at
        the table is told and disconnected; its finished matches' records stay."""
        hub = hub_of(request)
        runner = table_for(hub, table_id, c.user["id"], None)
        if runner.owner_id != c.user["id"]:
            raise _error(403, "only the table's owner can close it", "not_owner")
        try:
            return await hub.close_table(runner, c.user["id"])
        except SeatError as exc:
            raise _error(409, str(exc), exc.code, **exc.values) from None

    # --- records -------------------------------------------------------------------------

    async def record_allowed(hub: Hub, table_id: str, uid: int | None,
                             known: dict[str, bool] | None = None,
                             drives: dict[str, dict[str, Any]] | None = None) -> bool:
        """A private table's records are for its members only (a closed table's too); a
        drive's table's, only once nobody still has to play its boards, the director's when
        he has none of them to play (:func:`policy.may_read_drive_record`)."""
        if known is not None and table_id in known:
            return known[table_id]
        runner = hub.tables.get(table_id)
        if runner is not None:
            allowed = not runner.private or (uid is not None and runner.is_member(uid))
            maybe_drive = runner.drive_id is not None
        else:
            access = await hub.store.run(table_access, table_id)
            allowed = access is None or not access["private"] or uid in access["members"]
            maybe_drive = access is not None and access["private"]
        if allowed and maybe_drive:
            try:
                place = await drive_place(hub, table_id, None, drives)
            except LookupError:
                place, allowed = None, False
            if place is not None:
                allowed = policy.may_read_drive_record(place[0], uid, place[1], place[2])
        if known is not None:
            known[table_id] = allowed
        return allowed

    @app.get("/api/records", tags=["records"])
    async def record_list(request: Request, c: Annotated[Caller | None, Depends(optional_caller)],
                          table: str | None = None) -> list[dict[str, Any]]:
        """Finished matches, newest first (of one table with ``?table=``)."""
        hub = hub_of(request)
        uid = c.user["id"] if c else None
        rows = await hub.store.run(list_records, table[:16] if table else None)
        known: dict[str, bool] = {}
        drives: dict[str, dict[str, Any]] = {}
        return [r for r in rows if await record_allowed(hub, r["table_id"], uid, known, drives)]

    async def fetch_found(request: Request, c: Caller | None, record_id: int) -> tuple[str, dict[str, Any]]:
        hub = hub_of(request)
        found = await hub.store.run(get_record, record_id)
        uid = c.user["id"] if c else None
        if found is None or not await record_allowed(hub, found[0], uid):
            raise _error(404, "no such record", "no_record")
        return found

    async def fetch_record(request: Request, c: Caller | None, record_id: int) -> dict[str, Any]:
        return (await fetch_found(request, c, record_id))[1]

    @app.get("/api/records/{record_id}", tags=["records"])
    async def record_json(record_id: int, request: Request,
                          c: Annotated[Caller | None, Depends(optional_caller)]) -> dict[str, Any]:
        """A finished match's record (openwhist's JSON record format)."""
        return await fetch_record(request, c, record_id)

    @app.get("/api/records/{record_id}/pbn", response_class=PlainTextResponse, tags=["records"])
    async def record_pbn(record_id: int, request: Request,
                         c: Annotated[Caller | None, Depends(optional_caller)]) -> str:
        """A finished match as PBN, one board per deal, with the players' names and the
        date."""
        rec = await fetch_record(request, c, record_id)
        match = records.replay(rec)
        if match.record.hands != 4:
            raise _error(422, f"PBN holds four-hand deals; {match.variant} has {match.record.hands} hands",
                         "pbn_four_hands")
        return records.record_pbn(rec, event=f"openwhist table {rec.get('variant')}")

    replay_names: dict[int, list[str | None]] = {}      # an old record's players, from the seat history

    @app.get("/api/records/{record_id}/replay", tags=["records"])
    async def record_replay(record_id: int, request: Request,
                            c: Annotated[Caller | None, Depends(optional_caller)]) -> dict[str, Any]:
        """A finished match ready to replay trick by trick: each deal's hands at the start
        and before each trick, its calls, contract, tricks with their winners and result;
        ``names``: who played each hand (None where no person's name is known), ``guests``:
        whether each was a guest; ``pbn`` says whether the PBN export holds it (four-hand
        deals only)."""
        table_id, rec = await fetch_found(request, c, record_id)
        out = await asyncio.to_thread(replay_frames, rec)
        names = record_names(rec) or replay_names.get(record_id)
        if names is None:
            names = await hub_of(request).store.run(player_names, table_id, record_id, rec)
            if len(replay_names) >= 1000:
                replay_names.pop(next(iter(replay_names)))
            replay_names[record_id] = names
        out["names"], out["guests"] = split_guests(names)
        return out

    analyses = AnalysisCache()

    @app.get("/api/records/{record_id}/analysis", tags=["records"])
    async def record_analysis(record_id: int, request: Request,
                              c: Annotated[Caller | None, Depends(optional_caller)]) -> dict[str, Any]:
        """Each card played with its double-dummy verdict (what it cost against the best
        card, and the best cards), in the replay's order; 503 until the solver is ready."""
        rec = await fetch_record(request, c, record_id)
        hub = hub_of(request)
        if not hub.pimc_ready.is_set():
            raise _error(503, NOT_READY, "analysis_not_ready")
        cached = analyses.cached(record_id)
        if cached is not None:
            return cached
        if not hub.analysis_limiter.hit(f"user|{c.user['id']}" if c else client_ip(request)):
            raise _error(429, "too many analyses asked for; wait a minute", "analysis_limit")
        try:
            return await hub.ask_pool.run(analyses.get, record_id, rec)
        except Busy as exc:
            raise _error(503, str(exc)) from None

    @app.get("/api/my/records", tags=["records"])
    async def my_records(request: Request, c: Annotated[Caller, Depends(caller)]) -> list[dict[str, Any]]:
        """Your finished matches, newest first: those of the tables you sit at, and of the
        closed tables you sat at (a table's records outlive it)."""
        hub = hub_of(request)
        uid = c.user["id"]
        rows = await hub.store.run(list_records, None)
        mine: dict[str, bool] = {}
        drives: dict[str, dict[str, Any]] = {}
        out = []
        for r in rows:
            table_id = r["table_id"]
            if table_id not in mine:
                runner = hub.tables.get(table_id)
                if runner is not None:
                    mine[table_id] = runner.is_member(uid)
                else:
                    access = await hub.store.run(table_access, table_id)
                    mine[table_id] = access is not None and uid in access["members"]
                mine[table_id] = mine[table_id] and await record_allowed(hub, table_id, uid, None, drives)
            if mine[table_id]:
                out.append(r)
        return out

    # --- whist drives, ratings and profiles ----------------------------------------------

    async def drive_call(job: Awaitable[dict[str, Any]]) -> dict[str, Any]:
        try:
            return await job
        except DriveError as exc:
            raise _error(exc.status, str(exc), exc.code, **exc.values) from None

    @app.get("/api/drives", tags=["drives"])
    async def drive_calendar(request: Request) -> list[dict[str, Any]]:
        """The calendar: drives open for registration or being played, soonest first, then
        those finished in the last 30 days (their results pages are kept)."""
        return await hub_of(request).drives.calendar()

    @app.post("/api/drives", status_code=201, tags=["drives"])
    async def new_drive(body: DriveIn, c: Annotated[Caller, Depends(caller)],
                        request: Request) -> dict[str, Any]:
        """Make a whist drive (you direct it), open for registration."""
        hub = hub_of(request)
        if c.user.get("guest"):
            raise _error(403, "a guest cannot direct a drive; register an account", "guest_director")
        if not hub.drive_limiter.hit(f"user|{c.user['id']}"):
            raise _error(429, "too many new drives from you; wait a while", "drive_rate")
        return await drive_call(hub.drives.create(c.user, body))

    @app.get("/api/drives/{drive_id}", tags=["drives"])
    async def drive_page(drive_id: str, request: Request,
                         c: Annotated[Caller | None, Depends(optional_caller)]) -> dict[str, Any]:
        """A drive: settings, entries, each round's tables, the standings, and your place
        (your table this round, partner and opponents) if you play in it."""
        hub = hub_of(request)
        drive = await drive_call(hub.drives.load(drive_id))
        return hub.drives.view(drive, c.user["id"] if c else None)

    def drive_user(c: Caller) -> dict[str, Any]:
        return {"id": c.user["id"], "name": c.user["name"]}

    async def drive_entry_limit(hub: Hub, c: Caller) -> None:
        if not hub.drive_entry_limiter.hit(f"user|{c.user['id']}"):
            raise _error(429, "too many requests to drives; wait a minute", "drive_requests")

    @app.post("/api/drives/{drive_id}/register", tags=["drives"])
    async def drive_register(drive_id: str, c: Annotated[Caller, Depends(caller)],
                             request: Request) -> dict[str, Any]:
        """Register for a drive (while its registration is open)."""
        hub = hub_of(request)
        await drive_entry_limit(hub, c)
        return await drive_call(hub.drives.register(drive_id, drive_user(c)))

    @app.post("/api/drives/{drive_id}/unregister", tags=["drives"])
    async def drive_unregister(drive_id: str, c: Annotated[Caller, Depends(caller)],
                               request: Request) -> dict[str, Any]:
        """Take your registration back (before the drive starts)."""
        hub = hub_of(request)
        await drive_entry_limit(hub, c)
        return await drive_call(hub.drives.unregister(drive_id, drive_user(c)))

    @app.post("/api/drives/{drive_id}/leave", tags=["drives"])
    async def drive_leave(drive_id: str, c: Annotated[Caller, Depends(caller)],
                          request: Request) -> dict[str, Any]:
        """Leave a drive being played: a computer player plays for you from now on."""
        hub = hub_of(request)
        await drive_entry_limit(hub, c)
        return await drive_call(hub.drives.substitute(drive_id, c.user["id"], None))

    @app.post("/api/drives/{drive_id}/remove", tags=["drives"])
    async def drive_remove(drive_id: str, body: SubstituteIn, c: Annotated[Caller, Depends(caller)],
                           request: Request) -> dict[str, Any]:
        """The director removes an entry (by number) before the drive starts."""
        return await drive_call(hub_of(request).drives.remove(drive_id, c.user["id"], body.number))

    @app.post("/api/drives/{drive_id}/start", tags=["drives"])
    async def drive_start(drive_id: str, c: Annotated[Caller, Depends(caller)],
                          request: Request) -> dict[str, Any]:
        """The director starts the drive: registration closes, the first round is seated."""
        return await drive_call(hub_of(request).drives.start(drive_id, c.user["id"]))

    @app.post("/api/drives/{drive_id}/pause", tags=["drives"])
    async def drive_pause(drive_id: str, body: PauseIn, c: Annotated[Caller, Depends(caller)],
                          request: Request) -> dict[str, Any]:
        """The director pauses the drive (no next round, no entries) or lets it go on."""
        return await drive_call(hub_of(request).drives.pause(drive_id, c.user["id"], body.paused))

    @app.post("/api/drives/{drive_id}/substitute", tags=["drives"])
    async def drive_substitute(drive_id: str, body: SubstituteIn, c: Annotated[Caller, Depends(caller)],
                               request: Request) -> dict[str, Any]:
        """The director has a computer player play for a person who left (by entry
        number), from now on."""
        return await drive_call(hub_of(request).drives.substitute(drive_id, c.user["id"], body.number))

    @app.post("/api/drives/{drive_id}/end-round", tags=["drives"])
    async def drive_end_round(drive_id: str, c: Annotated[Caller, Depends(caller)],
                              request: Request) -> dict[str, Any]:
        """The director ends the round now (its time is up): the deals finished count and
        the next round is seated (the drive ends after the last)."""
        return await drive_call(hub_of(request).drives.end_round(drive_id, c.user["id"]))

    @app.post("/api/drives/{drive_id}/results", tags=["drives"])
    async def drive_result(drive_id: str, body: DriveResultIn, c: Annotated[Caller, Depends(caller)],
                           request: Request) -> dict[str, Any]:
        """Scorer mode: a deal's result at a real table of the current round, entered by
        someone at that table (or the director) and checked by the drive's rules."""
        hub = hub_of(request)
        await drive_entry_limit(hub, c)
        entry = body.model_dump(exclude={"table", "deal"})
        return await drive_call(hub.drives.enter(drive_id, c.user["id"], body.table, body.deal, entry))

    @app.get("/api/drives/{drive_id}/movement", response_class=PlainTextResponse, tags=["drives"])
    async def drive_movement(drive_id: str, request: Request) -> str:
        """The drive's movement printed as a table, for the people registered (the
        progressive drive's later rounds follow the results)."""
        hub = hub_of(request)
        drive = await drive_call(hub.drives.load(drive_id))
        try:
            return movement_text(drive)
        except DriveError as exc:
            raise _error(exc.status, str(exc), exc.code, **exc.values) from None

    @app.get("/api/drives/{drive_id}/results.csv", response_class=PlainTextResponse, tags=["drives"])
    async def drive_results_csv(drive_id: str, request: Request,
                                c: Annotated[Caller | None, Depends(optional_caller)]) -> Response:
        """The drive's standings and every deal's result at every table, as CSV (the boards
        nobody still has to play; every one for the director who does not play)."""
        drive = await drive_call(hub_of(request).drives.load(drive_id))
        return Response(drive_csv(drive, c.user["id"] if c else None), media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="drive-{drive["id"]}.csv"'})

    @app.get("/api/drives/{drive_id}/print", response_class=HTMLResponse, tags=["drives"])
    async def drive_print(drive_id: str, request: Request,
                          c: Annotated[Caller | None, Depends(optional_caller)]) -> HTMLResponse:
        """A printable page of the drive's results (as the drive's page shows them to you)."""
        hub = hub_of(request)
        drive = await drive_call(hub.drives.load(drive_id))
        csp = "default-src 'none'; style-src 'unsafe-inline'"
        return HTMLResponse(results_html(hub.drives.view(drive, c.user["id"] if c else None)),
                            headers={"Content-Security-Policy": csp})

    @app.get("/api/ratings/{family}", tags=["ratings"])
    async def ratings_board(family: str, request: Request,
                            limit: Annotated[int, Query(ge=1, le=200)] = 100) -> list[dict[str, Any]]:
        """A family's leaderboard: people by their rating's cautious figure (``mu - 3
        sigma``), best first."""
        if family not in RATED_FAMILIES:
            raise _error(404, f"ratings are kept for {', '.join(RATED_FAMILIES)} whist", "no_ratings")
        rows = await hub_of(request).store.run(leaderboard, family, limit)
        return [{"place": i + 1, "user_id": r["user_id"], "name": r["name"], "mu": round(r["mu"], 2),
                 "sigma": round(r["sigma"], 2), "rating": round(r["mu"] - 3 * r["sigma"], 2),
                 "matches": r["matches"]} for i, r in enumerate(rows)]

    @app.get("/api/players/{user_id}", tags=["ratings"])
    async def profile(user_id: int, request: Request,
                      c: Annotated[Caller | None, Depends(optional_caller)]) -> dict[str, Any]:
        """A person's profile: name, ratings per family, the history of their rating and
        the drives they played (with a session only: 401 ``log_in`` without one)."""
        hub = hub_of(request)
        try:
            policy.profile_audience(c.user["id"] if c else None, user_id)
        except policy.Refused as exc:
            raise _error(exc.status, str(exc), exc.code, **exc.values) from None
        user = await hub.store.run(get_user, user_id)
        if user is None:
            raise _error(404, "no such player", "no_player")
        book = await hub.store.run(rating_history, player_key(user_id))
        drives = await hub.store.run(drives_of_user, user_id)
        return {"id": user_id, "name": user["name"], "guest": bool(user["guest"]),
                "ratings": [{"family": r["family"], "mu": round(r["mu"], 2), "sigma": round(r["sigma"], 2),
                             "rating": round(r["mu"] - 3 * r["sigma"], 2), "matches": r["matches"]}
                            for r in book["ratings"]],
                "history": [{"family": h["family"], "mu": round(h["mu"], 2),
                             "before": round(h["before_mu"], 2),
                             "rating": round(h["mu"] - 3 * h["sigma"], 2), "when": h["created"],
                             "record_id": h["record_id"]}
                            for h in book["changes"]],
                "drives": drives}

    # --- live play ------------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def play(ws: WebSocket, table_id: str, code: str | None = None) -> None:
        """Live play at a table (messages: docs/websocket.md)."""
        hub: Hub = ws.app.state.hub
        if not _same_origin(ws.headers.get("origin"), ws.headers.get("host")):
            await ws.close(code=4403)
            return
        token, _ = token_from(ws.headers, ws.cookies)
        found = await lookup(hub, token) if token and len(token) <= 100 else None
        if found is None:
            await ws.close(code=4401)
            return
        user = found[1]["user"]
        try:
            runner = table_for(hub, table_id, user["id"], code)
        except HTTPException:
            await ws.close(code=4404)
            return
        try:
            await drive_watch(hub, runner, user["id"])
        except HTTPException as exc:  # accepted to say why: a close before accepting is a bare 403
            await ws.accept()
            await ws.send_json({"type": "error", "code": "drive_board_unplayed", "reason": exc.detail})
            await ws.close(code=4409, reason="drive_board_unplayed")
            return
        await ws.accept()
        address = ws.client.host if ws.client else "?"
        refused = hub.socket_opened(user["id"], address)  # counted until the finally below
        if refused is not None:  # too many of this person's or this address's: 4429
            await ws.close(code=4429, reason=refused.code)
            return
        conn = Connection(ws, user["id"], user["name"], found[0], ws.client.host if ws.client else None)
        pump = asyncio.create_task(conn.pump())
        try:
            await runner.call(lambda: runner.connect(conn))
        except BaseException as exc:  # uncounted whatever ends the connection here
            hub.socket_closed(user["id"], address)
            if not isinstance(exc, TableClosed):
                raise
            pump.cancel()
            await ws.close(code=4410)
            return
        try:
            while True:
                received = await ws.receive()
                if received["type"] == "websocket.disconnect":
                    break
                text = received.get("text")
                if text is None:  # a binary frame
                    log.info("table %s: user %s sent a binary message", runner.id, user["id"])
                    conn.send({"type": "error", "v": runner.version,
                               "reason": "binary messages are not accepted; send JSON text"})
                    continue
                if len(text) > MAX_WS_MESSAGE:
                    log.info("table %s: user %s sent a message too long", runner.id, user["id"])
                    conn.send({"type": "error", "v": runner.version, "reason": "message too long"})
                    continue
                try:
                    message = ClientMessage.model_validate_json(text)
                except ValidationError as exc:
                    errors = exc.errors()
                    reason = "malformed message: " + (errors[0]["msg"] if errors else "invalid")
                    log.info("table %s: user %s sent a %s", runner.id, user["id"], reason)
                    runner.post(_refusal(runner, conn, reason, _ref_of(text)))
                    continue
                runner.post(_handler(runner, conn, message.model_dump()))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.socket_closed(user["id"], address)
            with contextlib.suppress(TableClosed):
                await runner.call(lambda: runner.disconnect(conn))
            conn.out.put_nowait(None)
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pump

    from openwhist.web import mount

    mount(app)  # the browser client: / and /web/...
    return app


_ALLOWED = {"nickname": "a nickname may hold letters, digits, spaces and . ' - only",
            "name": "a name may hold the letters a-z, digits and _ . - only"}
"""What a name may hold, said plainly (the schemas' patterns, for players to read)."""


def _refusal(runner: TableRunner, conn: Connection, reason: str, ref: Any) -> Callable[[], Awaitable[None]]:
    async def refuse() -> None:
        runner.refuse(conn, reason, ref)

    return refuse


def _handler(runner: TableRunner, conn: Connection, data: dict[str, Any]) -> Callable[[], Awaitable[None]]:
    return lambda: runner.on_message(conn, data)


def _ref_of(text: str) -> Any:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested too deep to read
        return None
    ref = data.get("ref") if isinstance(data, dict) else None
    return ref if isinstance(ref, int | str) and len(str(ref)) <= 64 else None


def _user_json(user: dict[str, Any]) -> dict[str, Any]:
    return {"id": user["id"], "name": user["name"], "guest": bool(user.get("guest"))}


def _option_kind(hint: Any, choices: tuple[Any, ...]) -> str:
    """How a form asks for an option: ``choice``, ``bool``, ``int``, ``int?`` (a whole
    number or none) or ``text``."""
    if choices:
        return "choice"
    if hint is bool:
        return "bool"
    if hint is int:
        return "int"
    if hint == int | None:
        return "int?"
    return "text"


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return str(value)


def _login_state(conn: Any, login: str, key: str, now: float) -> tuple[dict[str, Any] | None, float]:
    """The account with this login name (or None) and the seconds its tries are refused for."""
    return get_user_by_login(conn, login), login_refused_for(conn, key, now)


def _new_password(conn: Any, user_id: int, password_hash: str, keep: str, key: str) -> list[str]:
    """Store a new password, end every session of the account but ``keep``, forget the
    wrong passwords counted; returns the token hashes of the sessions ended."""
    set_password(conn, user_id, password_hash)
    login_succeeded(conn, key)
    return end_user_sessions(conn, user_id, keep)


_DUMMY_HASH = auth.hash_password("not a real password: keeps a failed login as slow as a good one")


def check_host(host: str) -> str:
    """``host`` if it is an IP address or a host name, else a ValueError."""
    try:
        ipaddress.ip_address(host)
        return host
    except ValueError:
        pass
    labels = host.split(".")
    if not host or len(host) > 253 or not all(
            lab and len(lab) <= 63 and lab.replace("-", "").isalnum() and lab.isascii()
            and not lab.startswith("-") and not lab.endswith("-") for lab in labels):
        raise ValueError(f"not a host name or address: {host!r}")
    if all(lab.isdigit() for lab in labels):
        raise ValueError(f"not an IP address: {host!r}")
    return host


__all__ += ["check_host", "seat_name"]
