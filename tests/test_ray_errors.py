"""A Ray address where no cluster answers is refused within seconds, in one line."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

from openwhist.cluster import check_ray_address, split_address
from openwhist.errors import ConfigError


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def _server(reply: bytes | None) -> Iterator[int]:
    """A TCP server on 127.0.0.1 that answers each connection with ``reply`` (``None``:
    says nothing and keeps it open); yields its port."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen()
    srv.settimeout(0.2)
    stop = threading.Event()
    conns: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = srv.accept()
            except OSError:
                continue
            conns.append(conn)
            if reply is not None:
                conn.sendall(reply)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield srv.getsockname()[1]
    finally:
        stop.set()
        thread.join()
        for conn in conns:
            conn.close()
        srv.close()


def test_addresses_are_parsed() -> None:
    assert split_address("head.example:6379") == ("head.example", 6379)
    assert split_address("ray://10.0.0.1:10001") == ("10.0.0.1", 10001)
    assert split_address("[::1]:6379") == ("::1", 6379)
    for bad in ("bogus", "bogus:", ":99", "bogus:x", "bogus:70000"):
        with pytest.raises(ConfigError, match="HOST:PORT"):
            split_address(bad)


def test_unknown_host_is_named() -> None:
    start = time.perf_counter()
    with pytest.raises(ConfigError, match=r"no Ray cluster at bogus:99: (unknown host 'bogus'|"
                                          r"could not look up 'bogus' within 3 s)"):
        check_ray_address("bogus:99")
    # the look-up gives up after its 3 s (a resolver may wait 10 s where no server answers)
    assert time.perf_counter() - start < 8


def test_closed_port_is_named() -> None:
    port = _free_port()
    with pytest.raises(ConfigError, match=f"nothing listens on port {port}"):
        check_ray_address(f"127.0.0.1:{port}")


def test_a_server_of_another_kind_is_refused() -> None:
    with _server(b"HTTP/1.1 400 Bad Request\r\n\r\n") as port, \
            pytest.raises(ConfigError, match="not a Ray cluster"):
        check_ray_address(f"127.0.0.1:{port}")
    with _server(None) as port:  # silent: the check gives up after its timeout
        start = time.perf_counter()
        with pytest.raises(ConfigError, match="not a Ray cluster"):
            check_ray_address(f"127.0.0.1:{port}", timeout=0.5)
        assert time.perf_counter() - start < 5


def test_a_grpc_server_passes() -> None:
    # an HTTP/2 server's first frame is SETTINGS (type 4), as a Ray cluster's gRPC answers
    with _server(b"\x00\x00\x00\x04\x00\x00\x00\x00\x00") as port:
        check_ray_address(f"127.0.0.1:{port}")
    check_ray_address("local")
    check_ray_address("auto")


@pytest.mark.ray
def test_arena_with_an_unreachable_cluster_fails_fast_and_quietly() -> None:
    pytest.importorskip("ray")
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "openwhist", "arena", "random", "random",
                           "--boards", "2", "--ray", "bogus:99"],
                          capture_output=True, text=True, timeout=60, env=env)
    elapsed = time.perf_counter() - start
    assert proc.returncode == 2
    assert elapsed < 30
    err = proc.stderr.strip()
    # a resolver that has not answered within the check's 3 s is named as such
    assert ("no Ray cluster at bogus:99: unknown host 'bogus'" in err
            or "no Ray cluster at bogus:99: could not look up 'bogus' within 3 s" in err)
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err and "rpc_client" not in err and "WARN" not in err.upper()


@pytest.mark.ray
def test_run_arena_raises_config_error() -> None:
    pytest.importorskip("ray")
    from openwhist.arena import run_arena

    port = _free_port()
    with pytest.raises(ConfigError, match=f"no Ray cluster at 127.0.0.1:{port}"):
        run_arena("classic", ("random", "random"), boards=2, ray_address=f"127.0.0.1:{port}")


@pytest.mark.ray
@pytest.mark.slow
def test_a_real_cluster_passes_the_check_and_is_joined() -> None:
    ray = pytest.importorskip("ray")
    import logging

    context = ray.init(num_cpus=1, include_dashboard=False, logging_level=logging.ERROR)
    try:
        address = context.address_info["gcs_address"]
        check_ray_address(address)
        proc = subprocess.run([sys.executable, "-m", "openwhist", "arena", "random", "random",
                               "--boards", "2", "--ray", address, "--json"],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert '"boards": 2' in proc.stdout.replace('"boards":2', '"boards": 2')
    finally:
        ray.shutdown()
