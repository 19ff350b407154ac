"""A throw-away Redis server for the tests: Debian's ``redis-server`` (installed with apt
when missing and this is root, as CI does), on a free port of 127.0.0.1, its files in a
temporary folder, nothing saved, stopped and removed at the end."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

from openwhist.server.processes import find_redis, start_redis


def find_or_install() -> tuple[str | None, str]:
    """The ``redis-server`` program, installing Debian's package if needed; or None and
    why not."""
    program = find_redis()
    if program is None and os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(["apt-get", "update", "-qq"], capture_output=True, timeout=300)
        subprocess.run(["apt-get", "install", "-y", "-qq", "redis-server"], capture_output=True,
                       timeout=600, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        program = find_redis()
    if program is None:
        return None, "redis-server is not installed and could not be (apt-get install redis-server)"
    try:
        import redis  # noqa: F401
    except ImportError:
        return None, "the redis package is not installed (pip install -e '.[server]')"
    return program, ""


class Redis:
    """A running ``redis-server``; ``url`` is its address."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="openwhist-redis-"))
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.proc, self.url = start_redis(self.dir, self.port)

    def stop(self) -> None:
        """Stop the server and remove its files."""
        try:
            self.proc.terminate()
            self.proc.wait(10)
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
