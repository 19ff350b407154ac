"""What bounds the number of sockets a server holds: the listening socket's backlog
(``--backlog``, capped by the kernel's ``net.core.somaxconn``) and the open-files limit
(raised to the hard limit at start, and said so), for one process and for several."""

from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from openwhist.server import listen_cap
from server_util import ROOT, stop_process, wait_until_healthy

LOW = 256
"""The soft open-files limit the servers are started with here."""


def _serve(argv: list[str], tmp_path: Path) -> tuple[subprocess.Popen[str], str, list[str]]:
    """``openwhist serve`` (``argv`` after it) started with a soft open-files limit of LOW:
    the process, its address and its output's lines (read all the time)."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY and hard <= LOW:
        pytest.skip(f"the hard open-files limit is {hard}: nothing to raise")

    def low() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (LOW, hard))

    env = {**os.environ, "OPENWHIST_COMPILE_SOLVER": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "openwhist", "serve", "--port", "0", "--database",
                             f"sqlite:///{tmp_path}/play.sqlite3", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT, preexec_fn=low)
    assert proc.stdout is not None
    lines = [proc.stdout.readline()]
    found = re.search(r"http://[\d.]+:\d+", lines[0])
    if not found:
        proc.kill()
        raise RuntimeError(f"the server did not start: {lines[0]}{proc.stdout.read()}")
    out = proc.stdout
    threading.Thread(target=lambda: lines.extend(out), daemon=True).start()
    try:
        wait_until_healthy(found.group(0), 90)  # several processes start slowly on a busy machine
    except RuntimeError:
        stop_process(proc)
        raise
    return proc, found.group(0), lines


def _backlog(port: int) -> int:
    """The backlog of the socket listening on ``port`` (``ss``: its Send-Q)."""
    rows = subprocess.run(["ss", "-Hltn", f"sport = :{port}"], capture_output=True, text=True,
                          check=True).stdout.split()
    return int(rows[2])


def _soft_limit(pid: int) -> int:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return int(line.split()[3])
    raise AssertionError("no open-files limit")


def _said(lines: list[str], text: str) -> bool:
    """Whether the server's output has ``text`` (waiting up to 5 s for it to be read)."""
    deadline = time.monotonic() + 5
    while text not in "".join(lines) and time.monotonic() < deadline:
        time.sleep(0.05)
    return text in "".join(lines)


def _children(pid: int) -> list[int]:
    text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    return [int(p) for p in text.split()]


@pytest.fixture
def needs_ss() -> Iterator[None]:
    if shutil.which("ss") is None or not Path("/proc/self/limits").exists():
        pytest.skip("needs Linux's /proc and ss (iproute2)")
    yield


def test_one_process_raises_its_open_files_limit_and_listens_with_the_backlog_asked(
        tmp_path: Path, needs_ss: None) -> None:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    proc, url, lines = _serve(["--backlog", "100"], tmp_path)
    try:
        assert _soft_limit(proc.pid) > LOW
        if hard != resource.RLIM_INFINITY:
            assert _soft_limit(proc.pid) == hard
        assert _said(lines, f"open files: the soft limit raised from {LOW} to {_soft_limit(proc.pid)}")
        assert _backlog(int(url.rsplit(":", 1)[1])) == 100
        assert not any("backlog:" in line for line in lines)  # 100 is under the kernel's cap
    finally:
        stop_process(proc)


def test_a_backlog_over_the_kernels_cap_is_capped_and_said(tmp_path: Path, needs_ss: None) -> None:
    cap = listen_cap()
    if cap is None or cap >= 65535:
        pytest.skip("net.core.somaxconn cannot be read or caps nothing")
    proc, url, lines = _serve(["--backlog", "65535"], tmp_path)
    try:
        assert _backlog(int(url.rsplit(":", 1)[1])) == cap
        assert _said(lines, f"backlog: 65535 asked, the kernel allows {cap} (net.core.somaxconn)")
    finally:
        stop_process(proc)


def test_several_processes_inherit_the_raised_limit_and_share_the_backlog(
        tmp_path: Path, needs_ss: None) -> None:
    from redis_util import find_or_install

    program, why = find_or_install()
    if program is None:
        pytest.skip(why)
    proc, url, lines = _serve(["--processes", "2", "--backlog", "64"], tmp_path)
    try:
        raised = _soft_limit(proc.pid)
        assert raised > LOW
        assert _said(lines, f"open files: the soft limit raised from {LOW} to {raised}")
        servers = [p for p in _children(proc.pid)
                   if "--fd" in Path(f"/proc/{p}/cmdline").read_text(errors="replace").split("\0")]
        assert len(servers) == 2
        assert [_soft_limit(p) for p in servers] == [raised, raised]
        assert _backlog(int(url.rsplit(":", 1)[1])) == 64
    finally:
        stop_process(proc)
