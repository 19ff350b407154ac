"""A throw-away PostgreSQL server for the tests: Debian's ``postgresql`` (installed with
apt when missing and this is root, as CI does), a fresh cluster in a temporary folder on a
free port, trust authentication on 127.0.0.1, removed at the end."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path


def _bin_dir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def find_or_install() -> tuple[Path | None, str]:
    """The folder of PostgreSQL's programs, installing Debian's package if needed; or
    None and why not."""
    bindir = _bin_dir()
    if bindir is None and os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(["apt-get", "update", "-qq"], capture_output=True, timeout=300)
        subprocess.run(["apt-get", "install", "-y", "-qq", "postgresql"], capture_output=True,
                       timeout=600, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        bindir = _bin_dir()
    if bindir is None:
        return None, "PostgreSQL is not installed and could not be (apt-get install postgresql)"
    return bindir, ""


class Postgres:
    """A running cluster; ``url`` is its database URL."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.dir = Path(tempfile.mkdtemp(prefix="openwhist-pg-"))
        self.data = self.dir / "data"
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            shutil.chown(self.dir, "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        self._run("pg_ctl", "-D", str(self.data), "-w", "-l", str(self.dir / "log"), "-o",
                  f"-p {self.port} -h 127.0.0.1 -k {self.dir} -F", "start")
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "openwhist")
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/openwhist"

    def _run(self, program: str, *args: str) -> None:
        subprocess.run([*self.as_user, str(self.bindir / program), *args], check=True,
                       capture_output=True, timeout=120)

    def stop(self) -> None:
        """Stop the server and remove its files."""
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


def launched_postgres() -> Iterator[Postgres]:
    """A throw-away PostgreSQL for a fixture to ``yield from``, stopped afterwards (the test
    is skipped, saying why, where PostgreSQL cannot be installed)."""
    import pytest

    bindir, why = find_or_install()
    if bindir is None:
        pytest.skip(why)
    pg = Postgres(bindir)
    try:
        yield pg
    finally:
        pg.stop()
