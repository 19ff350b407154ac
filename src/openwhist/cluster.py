"""Checks of a Ray cluster's address before Ray is asked to join it.

``ray.init(address=...)`` waits for ever, printing its own warnings every few seconds,
when nothing answers at the address (an unknown host, a closed port, a server of another
kind).  :func:`check_ray_address` finds these cases within seconds and says so in one
line (a :class:`~openwhist.errors.ConfigError`), without Ray.
"""

from __future__ import annotations

import os
import socket
import threading

from openwhist.errors import ConfigError

# A client's opening of an HTTP/2 connection (the preface and an empty SETTINGS frame):
# a gRPC server, as Ray's cluster services are, answers with a SETTINGS frame of its own.
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + b"\x00\x00\x00\x04\x00\x00\x00\x00\x00"
_SETTINGS = 0x04


def split_address(address: str) -> tuple[str, int]:
    """The host and port of a Ray address ``HOST:PORT`` or ``ray://HOST:PORT``
    (``[::1]:6379`` for an IPv6 host); a :class:`ConfigError` if it is neither."""
    rest = address.removeprefix("ray://")
    host, sep, port = rest.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(f"--ray takes local, auto or HOST:PORT (a Ray cluster's address), "
                          f"not {address!r}")
    return host, int(port)


def _look_up(host: str, port: int, timeout: float, where: str) -> tuple[str, int]:
    """The first address of ``host`` (an IP address and ``port``), looked up within
    ``timeout`` seconds: the system's resolver has no timeout of its own and may wait for
    ten seconds or more where no name server answers."""
    found: list[tuple[str, int]] = []
    failed: list[OSError] = []

    def resolve() -> None:
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            found.append((str(infos[0][4][0]), int(infos[0][4][1])))
        except OSError as exc:
            failed.append(exc)

    worker = threading.Thread(target=resolve, name="openwhist-ray-lookup", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise ConfigError(f"{where}: could not look up {host!r} within {timeout:g} s")
    if failed:
        if isinstance(failed[0], socket.gaierror):
            raise ConfigError(f"{where}: unknown host {host!r}")
        raise ConfigError(f"{where}: {failed[0].strerror or failed[0]}")
    return found[0]


def check_ray_address(address: str, timeout: float = 3.0) -> None:
    """Raise a :class:`ConfigError` unless a server answers at the Ray address
    ``HOST:PORT`` (or ``ray://HOST:PORT``) within ``timeout`` seconds and speaks gRPC,
    as a Ray cluster does.  ``local`` and ``auto`` are left to Ray.  With TLS
    (``RAY_USE_TLS``) only the connection is checked."""
    if address in ("local", "auto"):
        return
    host, port = split_address(address)
    where = f"no Ray cluster at {address}"
    try:
        # the address looked up once, so that a slow resolver is not asked again
        conn = socket.create_connection(_look_up(host, port, timeout, where), timeout=timeout)
    except ConnectionRefusedError:
        raise ConfigError(f"{where}: nothing listens on port {port} of {host}") from None
    except TimeoutError:
        raise ConfigError(f"{where}: {host} did not answer within {timeout:g} s") from None
    except OSError as exc:
        raise ConfigError(f"{where}: {exc.strerror or exc}") from None
    with conn:
        if os.environ.get("RAY_USE_TLS", "0").lower() in ("1", "true"):
            return
        try:
            conn.sendall(_HTTP2_PREFACE)
            head = b""
            while len(head) < 9:
                chunk = conn.recv(9 - len(head))
                if not chunk:
                    break
                head += chunk
        except OSError:
            head = b""
    if len(head) < 9 or head[3] != _SETTINGS:
        raise ConfigError(f"{where}: the server on port {port} of {host} is not a Ray cluster "
                          f"(it does not answer as one)")
