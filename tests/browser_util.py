"""Helpers for the browser tests: Debian's Chromium (installed with apt when missing and
this is root, as CI does) driven by Playwright, and a real ``openwhist serve`` on a port
chosen here so that a test can kill the server and start it again at the same address."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from server_util import Client, start_server, stop_process, wait_until_healthy

ROOT = Path(__file__).resolve().parents[1]


def node_executable() -> str | None:
    """A Node.js to read the page's translations with: Playwright's own, else one on the path."""
    try:
        from playwright._impl._driver import compute_driver_executable

        found = compute_driver_executable()
        node = str(found[0] if isinstance(found, tuple) else found)
        if Path(node).is_file():
            return node
    except ImportError:
        pass
    return shutil.which("node")


def run_page_script(script: str, *args: str) -> Any:
    """What ``script`` (an ES module's text, reading ``process.argv[1:]``: ``args``, e.g. a
    page module's ``file:`` URI and JSON) prints as JSON, run by :func:`node_executable`'s
    Node.js (the test is skipped where there is none)."""
    import json

    import pytest

    node = node_executable()
    if node is None:
        pytest.skip("no Node.js to run the page's scripts with")
    done = subprocess.run([node, "--input-type=module", "-e", script, *args],
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def launched_chromium() -> Iterator[Any]:
    """Debian's Chromium launched under Playwright, for a module's ``browser`` fixture to
    ``yield from`` (the test is skipped where Chromium is missing)."""
    import pytest
    from playwright import sync_api

    path, why = chromium()
    if path is None:
        pytest.skip(why)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield b
        b.close()


def chromium() -> tuple[str | None, str]:
    """The path of Debian's ``chromium``, installing it if needed; or None and why not."""
    path = shutil.which("chromium")
    if path is None and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], capture_output=True, timeout=300, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], capture_output=True,
                       timeout=900, env=env)
        path = shutil.which("chromium")
    if path is None:
        return None, "Chromium is not installed and could not be (apt-get install chromium)"
    return path, ""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class WebServer:
    """``openwhist serve`` on ``port`` with bots that barely pause; ``kill()`` is kill -9."""

    def __init__(self, database: str, port: int, bot_pause: float = 0.02,
                 extra_env: dict[str, str] | None = None) -> None:
        env = {**os.environ, "OPENWHIST_BOT_PAUSE": str(bot_pause), "OPENWHIST_AWAY_TIMEOUT": "60",
               "OPENWHIST_COMPILE_SOLVER": "0", "OPENWHIST_SIGNUP_LIMIT": "1000", **(extra_env or {})}
        self.proc, _, self.output = start_server(["--port", str(port), "--database", database], env)
        self.url = f"http://127.0.0.1:{port}"
        wait_until_healthy(self.url)

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> None:
        stop_process(self.proc)


SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
"""Where browser tests keep their screenshots (git-ignored); ``$OPENWHIST_SCREENSHOTS`` names
another folder."""

PHONE = {"width": 360, "height": 780}
"""The smallest phone the pages are checked on."""


def screenshots_folder() -> Path:
    """The screenshots' folder (:data:`SCREENSHOTS` or ``$OPENWHIST_SCREENSHOTS``), made."""
    folder = Path(os.environ.get("OPENWHIST_SCREENSHOTS") or SCREENSHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class HttpClient(Client):
    """The server_util client on a browser test's server (same cookie and CSRF handling)."""

    def __init__(self, server: WebServer) -> None:
        import httpx

        self.server = server  # type: ignore[assignment]
        self.http = httpx.Client(base_url=server.url, timeout=10)
        self.token = self.csrf = None
        self.user = {}


def phone_of(browser: Any, server: WebServer, who: HttpClient) -> tuple[Any, list[str]]:
    """A page on a :data:`PHONE` with ``who``'s session, and its script errors."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.add_cookies([{"name": "ow_session", "value": who.token, "url": server.url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors
