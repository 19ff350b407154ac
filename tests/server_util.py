"""Helpers for the server tests: the real server started as a subprocess on a free port,
an HTTP client that logs in like a browser, and a WebSocket client for one seat."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from openwhist import new_match
from openwhist.server.table import match_seed
from openwhist.store import Store, load_table

ROOT = Path(__file__).resolve().parents[1]


def wait_until_healthy(url: str, seconds: float = 20) -> None:
    """Wait until the server at ``url`` answers its health check."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if httpx.get(url + "/api/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError("the server does not answer")
        time.sleep(0.05)


def stop_process(proc: subprocess.Popen[str]) -> None:
    """Stop a server process politely, killing it if it does not end within 10 s."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def start_server(argv: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[str], str, list[str]]:
    """Start ``openwhist serve`` (``argv`` after ``serve``) with ``env``; return the process,
    the address it printed first, and the list its output lines are added to.  The output is read
    all the time by a thread: a pipe nobody reads fills up, and a server writing its log
    to a full pipe stops in the middle of whatever it was doing."""
    proc = subprocess.Popen([sys.executable, "-m", "openwhist", "serve", *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"http://[\d.]+:\d+", line)
    if not found:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line}{proc.stdout.read()}")
    lines: list[str] = []
    out = proc.stdout

    def drain() -> None:
        lines.extend(out)

    threading.Thread(target=drain, daemon=True).start()
    return proc, found.group(0), lines


class Server:
    """``openwhist serve`` on a free port, on ``database``; ``kill()`` is kill -9.  The
    next deal starts at once after a deal (``OPENWHIST_DEAL_PAUSE`` 0) unless ``env`` says
    otherwise."""

    def __init__(self, database: str, bot_pause: float = 0.0, away: float = 30.0,
                 env: dict[str, str] | None = None) -> None:
        self.database = database
        full = {**os.environ, "OPENWHIST_BOT_PAUSE": str(bot_pause), "OPENWHIST_AWAY_TIMEOUT": str(away),
                "OPENWHIST_COMPILE_SOLVER": "0", "OPENWHIST_DEAL_PAUSE": "0", **(env or {})}
        self.proc, self.url, self.output = start_server(["--port", "0", "--database", database], full)
        self.ws_url = self.url.replace("http://", "ws://")
        wait_until_healthy(self.url)

    def kill(self) -> None:
        """Kill the server at once (SIGKILL): nothing gets to be tidied up."""
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> None:
        """Stop the server politely."""
        stop_process(self.proc)


class Client:
    """A browser-like client: the session cookie and CSRF token from its login."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.http = httpx.Client(base_url=server.url, timeout=10)
        self.token: str | None = None
        self.csrf: str | None = None
        self.user: dict[str, Any] = {}

    def move(self, server: Server) -> Client:
        """Talk to another server (the same one started again), keeping the session."""
        self.server = server
        self.http = httpx.Client(base_url=server.url, timeout=10)
        return self

    def _take_session(self, response: httpx.Response) -> httpx.Response:
        cookie = response.headers.get("set-cookie", "")
        if cookie.startswith("ow_session="):
            self.token = cookie.split(";")[0].split("=", 1)[1]
            self.csrf = response.json()["csrf"]
            self.user = response.json()["user"]
        return response

    @property
    def headers(self) -> dict[str, str]:
        h = {}
        if self.token:
            h["Cookie"] = f"ow_session={self.token}"
        if self.csrf:
            h["X-CSRF-Token"] = self.csrf
        return h

    def guest(self, nickname: str) -> Client:
        r = self._take_session(self.http.post("/api/guest", json={"nickname": nickname}))
        assert r.status_code == 201, r.text
        return self

    def register(self, name: str, password: str) -> httpx.Response:
        return self._take_session(self.http.post("/api/register", json={"name": name, "password": password}))

    def login(self, name: str, password: str) -> httpx.Response:
        return self._take_session(self.http.post("/api/login", json={"name": name, "password": password}))

    def get(self, path: str, **kw: Any) -> httpx.Response:
        return self.http.get(path, headers=self.headers, **kw)

    def post(self, path: str, body: Any = None, **kw: Any) -> httpx.Response:
        return self.http.post(path, json=body if body is not None else {}, headers=self.headers, **kw)

    def ws(self, table_id: str, code: str | None = None) -> Seat:
        url = f"{self.server.ws_url}/ws/tables/{table_id}" + (f"?code={code}" if code else "")
        return Seat(connect(url, additional_headers={"Cookie": f"ow_session={self.token}"},
                            open_timeout=10, max_size=2**22, legacy=True),
                    getattr(self.server, "output", None))


class Seat:
    """One WebSocket connection; keeps every message received (``log``).  A wait that
    times out says what came last and what the server (its ``server_output``) printed."""

    def __init__(self, ws: ClientConnection, server_output: list[str] | None = None) -> None:
        self.ws = ws
        self.server_output = server_output if server_output is not None else []
        self.log: list[str] = []
        self.last: dict[str, Any] = {}
        self.view: dict[str, Any] = {}

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        self.log.append(text)
        message: dict[str, Any] = json.loads(text)
        self.last = message
        if "view" in message:
            self.view = message["view"]
        return message

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def until(self, pred: Any, timeout: float = 20) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            try:
                m = self.recv(timeout=max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                last = "\n".join(text[:300] for text in self.log[-8:])
                server = "".join(self.server_output[-40:])
                raise AssertionError(f"no awaited message in {timeout:g} s; the last received:\n{last}\n"
                                     f"the server printed last:\n{server}") from None
            if pred(m):
                return m

    def close(self) -> None:
        self.ws.close()


def finish_match(client: Client, table_id: str, limit: int = 400) -> tuple[dict[str, Any], dict[str, Any]]:
    """Connect as ``client`` to the table and play the first legal action whenever it is
    this seat's turn, until the match is over; then disconnect.  Returns the welcome
    message and the event that ended the match."""
    seat = client.ws(table_id)
    welcome = m = seat.recv(timeout=30)
    for n in range(limit):
        if "match_over" in m:
            break
        if m.get("view", {}).get("legal"):
            seat.send({"type": "act", "action": m["view"]["legal"][0], "ref": n})
        m = seat.recv(timeout=60)  # a computer player (a worker starting) is slow on a loaded machine
    else:
        raise AssertionError(f"the match did not end within {limit} messages")
    seat.close()
    return welcome, m


def wait_for_solver(url: str, seconds: float = 300) -> None:
    """Wait until the server at ``url`` says its solver is ready (``pimc_ready``)."""
    deadline = time.monotonic() + seconds
    while not httpx.get(url + "/api/health").json()["pimc_ready"]:
        assert time.monotonic() < deadline, f"the solver was not ready in {seconds:g} s"
        time.sleep(0.1)


def deal_now(db: str, table_id: str) -> Any:
    """The table's deal in progress, rebuilt from the database (the referee's view)."""
    store = Store(db)
    try:
        row = store.call(load_table, table_id)
    finally:
        store.close()
    assert row is not None
    match = new_match(row["variant"], seed=match_seed(row["seed"], row["match_no"], row["keyed_from"]),
                      until=row["until"], count=row["count"], **json.loads(row["options"]))
    for a in row["actions"]:
        match.apply(a["action"])
    return match.state


def play_people_until(clients: dict[str, Client], sockets: dict[str, Seat], table_id: str,
                      tricks: int) -> None:
    """Whoever of ``clients`` is to act plays his first legal card until ``tricks`` tricks
    are over and one of them is to act: the table then waits for him, so the deal in the
    database stays the deal in play (a computer player's turn would not wait).  A table of
    people stops as the next trick is to be led; where a computer player leads it, once he
    has played to it."""
    for n in range(400):
        views = {s: c.get(f"/api/tables/{table_id}/view").json()["view"] for s, c in clients.items()}
        any_view = next(iter(views.values()))
        actor = next((s for s, v in views.items() if v["legal"]), None)
        if actor is None:
            time.sleep(0.02)  # a computer player's turn
            continue
        if len(any_view["tricks"]) >= tricks:
            return
        sockets[actor].send({"type": "act", "action": views[actor]["legal"][0], "ref": n})
        sockets[actor].until(lambda m, n=n: m.get("ref") == n)
    raise AssertionError("the play did not get there")
