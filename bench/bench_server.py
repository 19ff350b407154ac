"""Load on the play server: N simulated clients over real WebSockets on localhost.

Half the clients sit at tables of one person and three bots, half at tables of four
people; every action goes through the database (SQLite file, as in production by
default).  Two runs:

- human pace: each person acts ``--pace`` seconds (2) after it becomes their turn, with
  100, 500 and 1000 clients: p50/p99 latency from sending an action to receiving its
  event, refused and lost actions (must be 0), the server's CPU (also in milliseconds per
  action: the figure that other jobs on the machine disturb least) and memory, the simulated
  clients' CPU (they share the machine) and the load average (other jobs on the machine
  inflate every figure: compare runs made under the same load);
- flat out: no pauses anywhere, the peak actions per second;
- searching bots (``--bots``): a table of bots for every kind of bot (pimc, solver,
  sampler, heuristic, random; in classic, Dummy, German and Belgian whist), each playing
  while someone watches, beside the human-pace clients (``--clients`` with no number:
  forty of them, and no other run): the event loop's
  lag (the server's own watch: a timer every 50 ms, how late it fires; p99 and max over
  the last minute; goal: max under 50 ms) and the people's action latency.

    .venv/bin/python bench/bench_server.py                 # 100, 500, 1000 clients + flat out
    .venv/bin/python bench/bench_server.py --clients 200 --seconds 20 --no-flat
    .venv/bin/python bench/bench_server.py --clients --no-flat --bots --seconds 60

Several processes (``--processes N``): a throw-away ``redis-server`` and N server processes
on one SQLite database (WAL), relaying over Redis; tables are made on every process in
turn and each client's socket reaches a process drawn at random (most are relayed to the
table's process).  The last line is JSON: ``p99_ms`` (an action to its event), ``lost``,
``doubled`` (an event received twice or out of order on a connection), ``clients``,
``processes``, memory per socket (``rss_kb_per_socket``: the servers' and Redis's growth
from before the sockets opened), the servers' and Redis's CPU and the load.  ``--kill``:
midway, one process is killed (SIGKILL); its clients reconnect to the others:
``recover_max_s`` (from the kill to the last of its tables answering again: a welcome),
``events_lost`` (events a client had seen that its table no longer had after reconnecting:
must be 0) and the actions in flight at the kill.

The people of the several-processes run live in ``--client-processes M`` processes of their
own (1; each takes every M-th person; ``clients_cpu_pct`` is theirs together), whose
counters are merged; at most ``--wave W`` handshakes (200, all those processes together)
are in flight at once, each from the connection's start to its welcome, so that a crowd
connects in waves instead of all at once; a person whose handshake does not end within
30 s (or is refused) is counted in ``failed_to_connect``.  An action still unanswered
20 s after the measure ends (the people stop acting then) counts as ``lost``.  The play is
measured once everyone has connected (``--connect-timeout``, 300 s at most) and
``--warmup`` seconds (5) have passed.
Also in the JSON: ``connect_s`` (until the last welcome), ``connect_p50_s`` and
``connect_p99_s`` (one person's handshake to welcome), ``tcp_during_connect`` (the
kernel's counters while connecting, for the whole machine: ``ListenOverflows`` and
``ListenDrops``, connections that found a backlog full; ``AttemptFails``;
``RetransSegs``) and ``servers_said`` (how often the servers' logs say that a process was
taken for dead, that a process found itself silent, that a table's lease was lost).  A
server process that ends during the run (other than the one killed on purpose) stops it
with its exit status, and so does a setup request answered other than 2xx; the servers'
output is then kept (its folder named).

    .venv/bin/python bench/bench_server.py --processes 2 --clients 1000 --no-flat
    .venv/bin/python bench/bench_server.py --processes 2 --clients 1000 --no-flat --kill
    .venv/bin/python bench/bench_server.py --processes 4 --clients 10000 --no-flat --seconds 10 \
        --client-processes 4
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]


BOT_TABLES = [("classic", "pimc"), ("classic", "solver"), ("dummy", "pimc"), ("german", "solver"),
              ("belgian", "sampler"), ("classic", "heuristic"), ("belgian", "random")]
"""The busy tables of the searching-bots run: (variant, bot) each."""


def start_server(database: str, bot_pause: float, solver: bool = False, redis_url: str | None = None,
                 log: Path | None = None) -> tuple[subprocess.Popen[str], str]:
    """``openwhist serve`` on a free port: the process and its address; its output read all
    the time (into ``log`` if given)."""
    env = {**os.environ, "OPENWHIST_BOT_PAUSE": str(bot_pause), "OPENWHIST_AWAY_TIMEOUT": "600",
           "OPENWHIST_COMPILE_SOLVER": "1" if solver else "0", "OPENWHIST_SIGNUP_LIMIT": "100000",
           "OPENWHIST_TABLE_RATE": "100000", "OPENWHIST_SOCKETS_PER_ADDRESS": "1000000"}
    if redis_url is not None:
        env["OPENWHIST_REDIS_URL"] = redis_url
    proc = subprocess.Popen([sys.executable, "-m", "openwhist", "serve", "--port", "0", "--database",
                             database], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env, cwd=ROOT)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"http://([\d.]+):(\d+)", line)
    if not found:
        raise SystemExit(f"the server did not start: {line}")
    url = f"http://{found.group(1)}:{found.group(2)}"
    out = proc.stdout

    def drain() -> None:  # a server writing its log to a full pipe would stop
        if log is None:
            for _ in out:
                pass
            return
        with log.open("w") as f:
            f.write(line)
            for text in out:
                f.write(text)
                f.flush()

    threading.Thread(target=drain, daemon=True).start()
    for _ in range(200):
        try:
            httpx.get(url + "/api/health", timeout=1)
            break
        except httpx.HTTPError:
            time.sleep(0.05)
    return proc, url


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.sent = 0
        self.acked = 0
        self.refused = 0
        self.connected = 0
        self.measuring = False



def note_reply(m: dict[str, Any], pending: dict[int, float], stats: Any) -> None:
    """Count the server's answer to one of a person's actions (``pending``: the actions sent,
    by ref, with when): acknowledged by its event (with the time it took, while measuring)
    or refused."""
    r = m.get("ref")
    if isinstance(r, int) and r in pending:
        sent = pending.pop(r)
        if m["type"] == "event":
            stats.acked += 1
            if stats.measuring:
                stats.latencies.append(time.perf_counter() - sent)
        elif m["type"] == "refused":
            stats.refused += 1

async def post(http: httpx.AsyncClient, url: str, **kw: Any) -> httpx.Response:
    """A POST, tried again (three times in all) when the connection failed under it; an
    answer other than 2xx stops the run, saying what it was."""
    for attempt in range(3):
        try:
            r = await http.post(url, **kw)
            if r.status_code >= 300:
                raise SystemExit(f"POST {http.base_url}{url.lstrip('/')}: {r.status_code} {r.text[:300]!r}")
            return r
        except httpx.TransportError:
            if attempt == 2:
                raise
            await asyncio.sleep(0.5)
    raise AssertionError("unreachable")


async def guest(http: httpx.AsyncClient, name: str) -> str:
    r = await post(http, "/api/guest", json={"nickname": name})
    r.raise_for_status()
    return str(r.headers["set-cookie"].split(";")[0].split("=", 1)[1])


async def make_tables(url: str, clients: int) -> list[tuple[str, str]]:
    """(token, table id) per simulated client."""
    out: list[tuple[str, str]] = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        solo = clients // 2
        for i in range(solo):
            token = await guest(http, f"solo{i}")
            auth = {"Authorization": f"Bearer {token}"}
            t = (await http.post("/api/quickplay", json={"variant": "classic", "bot": "heuristic"},
                                 headers=auth)).json()
            out.append((token, t["id"]))
        for k in range((clients - solo) // 4):
            tokens = [await guest(http, f"four{k}x{j}") for j in range(4)]
            auth = {"Authorization": f"Bearer {tokens[0]}"}
            t = (await http.post("/api/tables", json={"variant": "classic", "until": "rubber",
                                                      "count": 20, "seats": ["me", "open", "open", "open"]},
                                 headers=auth)).json()
            for token in tokens[1:]:
                r = await http.post(f"/api/tables/{t['id']}/join", json={},
                                    headers={"Authorization": f"Bearer {token}"})
                r.raise_for_status()
            out.extend((token, t["id"]) for token in tokens)
    return out


async def client(ws_url: str, token: str, table: str, pace: float, stats: Stats, stop: asyncio.Event) -> None:
    async with connect(f"{ws_url}/ws/tables/{table}", additional_headers={"Authorization": f"Bearer {token}"},
                       max_size=2**22, compression=None) as ws:
        pending: dict[int, float] = {}
        ref = 0
        acting: asyncio.Task[None] | None = None

        async def act(action: str, after: float) -> None:
            nonlocal ref
            if after:
                await asyncio.sleep(after * random.uniform(0.8, 1.2))
            if stop.is_set():
                return
            ref += 1
            pending[ref] = time.perf_counter()
            stats.sent += 1
            await ws.send(orjson.dumps({"type": "act", "action": action, "ref": ref}).decode())

        async def read() -> None:
            # one reader per connection, no task or timer per message: the clients share
            # the machine with the server, and what they spend is taken from it
            nonlocal acting
            async for text in ws:
                m = orjson.loads(text)
                if m["type"] == "welcome":
                    stats.connected += 1
                note_reply(m, pending, stats)
                legal = m.get("view", {}).get("legal")
                if legal and m["type"] in ("welcome", "event", "sync", "table") and not pending and (
                        acting is None or acting.done()) and not stop.is_set():
                    acting = asyncio.create_task(act(random.choice(legal), pace))

        reader = asyncio.create_task(read())
        await stop.wait()
        if acting is not None:
            acting.cancel()
        deadline = time.perf_counter() + 3
        while pending and time.perf_counter() < deadline and not reader.done():
            await asyncio.sleep(0.05)  # what was sent must be answered
        reader.cancel()


async def watch(ws_url: str, token: str, table: str, stop: asyncio.Event) -> None:
    """A spectator at a table of bots (a table nobody attends waits between matches)."""
    async with connect(f"{ws_url}/ws/tables/{table}", additional_headers={"Authorization": f"Bearer {token}"},
                       max_size=2**22, compression=None) as ws:
        reader = asyncio.create_task(_drain(ws))
        await stop.wait()
        reader.cancel()


async def _drain(ws: Any) -> None:
    async for _ in ws:
        pass


async def bot_tables(url: str) -> list[tuple[str, str]]:
    """A table of four (two, three) bots of each kind in BOT_TABLES, each with a watcher:
    (token, table id) of each watcher."""
    out = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        for _ in range(600):  # the solver is prepared in the background: searching bots wait
            if (await http.get("/api/health")).json()["pimc_ready"]:
                break
            await asyncio.sleep(0.5)
        for i, (variant, bot) in enumerate(BOT_TABLES):
            token = await guest(http, f"watch{i}")
            players = {"german": 2, "dummy": 3}.get(variant, 4)
            r = await http.post("/api/tables", json={"variant": variant, "until": "deals", "count": 20,
                                                     "seats": [f"bot:{bot}"] * players},
                                headers={"Authorization": f"Bearer {token}"})
            r.raise_for_status()
            out.append((token, r.json()["id"]))
    return out


async def run(url: str, pid: int, clients: int, pace: float, seconds: float, warmup: float,
              bots: bool = False) -> dict[str, Any]:
    seats = await make_tables(url, clients)
    stats = Stats()
    stop = asyncio.Event()
    ws_url = url.replace("http://", "ws://")
    tasks = [asyncio.create_task(client(ws_url, tok, tid, pace, stats, stop)) for tok, tid in seats]
    if bots:
        tasks += [asyncio.create_task(watch(ws_url, tok, tid, stop)) for tok, tid in await bot_tables(url)]
    # the measure starts once every client has its welcome (1000 connections at once keep
    # the server busy for seconds on a loaded machine), and play has run a while
    start = time.perf_counter()
    while stats.connected < len(seats) and time.perf_counter() - start < 120:
        await asyncio.sleep(0.1)
    connect_s = time.perf_counter() - start
    await asyncio.sleep(warmup)
    health0 = httpx.get(url + "/api/health").json()
    cpu0, t0, ccpu0 = cpu_seconds(pid), time.perf_counter(), time.process_time()
    stats.measuring = True
    await asyncio.sleep(seconds)
    stats.measuring = False
    cpu1, t1, ccpu1 = cpu_seconds(pid), time.perf_counter(), time.process_time()
    health1 = httpx.get(url + "/api/health").json()
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(stats.latencies) or [0.0]
    return {
        "clients": len(seats), "pace_s": pace, "seconds": round(t1 - t0, 1),
        "connected": stats.connected, "connect_s": round(connect_s, 1),
        "person_actions": len(stats.latencies),
        "all_actions_per_s": round((health1["actions"] - health0["actions"]) / (t1 - t0), 1),
        "p50_ms": round(1000 * statistics.median(lat), 1),
        "p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 1),
        "max_ms": round(1000 * lat[-1], 1),
        "refused": stats.refused, "lost": stats.sent - stats.acked - stats.refused,
        "server_cpu_pct": round(100 * (cpu1 - cpu0) / (t1 - t0), 1),
        "server_cpu_ms_per_action": round(
            1000 * (cpu1 - cpu0) / max(1, health1["actions"] - health0["actions"]), 3),
        "server_rss_mb": round(rss_mb(pid), 1),
        "clients_cpu_pct": round(100 * (ccpu1 - ccpu0) / (t1 - t0), 1),
        "load_avg_1min": os.getloadavg()[0],
        # the last minute's lag: the measure itself where it lasts a minute or more
        "loop_lag_p99_ms": health1["loop_lag"]["p99_ms"], "loop_lag_max_ms": health1["loop_lag"]["max_ms"],
    }


GRACE = 20.0
"""Seconds a person of the several-processes run waits at the end for the answers to the
actions he sent (the people stop acting, the load falls): one still unanswered then is
lost."""


class Fleet:
    """Counters of the several-processes run, every client together."""

    def __init__(self) -> None:
        self.stats = Stats()
        self.doubled = 0
        self.events_lost = 0
        self.in_flight_at_kill = 0
        self.killed_at: float | None = None
        self.recovered: list[float] = []  # seconds from the kill to each reconnected client's welcome
        self.reconnects = 0
        self.failed = 0
        self.errors: Counter[str] = Counter()
        self.connect_times: list[float] = []  # seconds from a first handshake's start to its welcome


async def fleet_client(urls: list[str], alive: list[bool], token: str, table: str, pace: float, fleet: Fleet,
                       stop: asyncio.Event, gate: asyncio.Semaphore) -> None:
    """A person whose socket reaches a process drawn at random, and again (another living
    one) when its socket ends while the run goes on.  ``gate``: the handshakes in flight
    (from the connection's start to its welcome) are bounded by it."""
    stats = fleet.stats
    last_v = -1
    pending: dict[int, float] = {}
    ref = 0
    first = True
    while not stop.is_set():
        choices = [u for u, ok in zip(urls, alive, strict=True) if ok]
        ws_url = random.choice(choices).replace("http://", "ws://")
        acting: asyncio.Task[None] | None = None
        await gate.acquire()
        holding = True
        began = time.perf_counter()

        def release() -> None:
            nonlocal holding
            if holding:
                holding = False
                gate.release()

        try:
            async with connect(f"{ws_url}/ws/tables/{table}", max_size=2**22, compression=None,
                               additional_headers={"Authorization": f"Bearer {token}"},
                               open_timeout=30) as ws:

                async def act(action: str, after: float, ws: Any = ws) -> None:
                    nonlocal ref
                    if after:
                        await asyncio.sleep(after * random.uniform(0.8, 1.2))
                    if stop.is_set():
                        return
                    ref += 1
                    pending[ref] = time.perf_counter()
                    stats.sent += 1
                    await ws.send(orjson.dumps({"type": "act", "action": action, "ref": ref}).decode())

                async def read(ws: Any = ws) -> None:
                    with contextlib.suppress(ConnectionClosed):
                        await read_all(ws)

                async def read_all(ws: Any, began: float = began) -> None:
                    nonlocal acting, last_v, first
                    async for text in ws:
                        m = orjson.loads(text)
                        v = m.get("v")
                        if m["type"] == "welcome":
                            release()
                            if first:
                                stats.connected += 1
                                fleet.connect_times.append(time.perf_counter() - began)
                                first = False
                            else:
                                if fleet.killed_at is not None:
                                    fleet.recovered.append(time.perf_counter() - fleet.killed_at)
                                fleet.events_lost += max(0, last_v - v)
                            last_v = v
                        elif m["type"] == "event":
                            if v <= last_v:
                                fleet.doubled += 1
                            last_v = v
                        note_reply(m, pending, stats)
                        legal = m.get("view", {}).get("legal")
                        if legal and m["type"] in ("welcome", "event", "sync", "table") and not pending and (
                                acting is None or acting.done()) and not stop.is_set():
                            acting = asyncio.create_task(act(random.choice(legal), pace))

                reader = asyncio.create_task(read())
                stopping = asyncio.create_task(stop.wait())
                await asyncio.wait([reader, stopping], return_when=asyncio.FIRST_COMPLETED)
                if stop.is_set():
                    if acting is not None:
                        acting.cancel()
                    deadline = time.perf_counter() + GRACE
                    while pending and time.perf_counter() < deadline and not reader.done():
                        await asyncio.sleep(0.05)  # what was sent must be answered
                    reader.cancel()
                    return
                stopping.cancel()
        except Exception as exc:
            fleet.errors[type(exc).__name__ + ": " + str(exc)[:60]] += 1
            if first:
                fleet.failed += 1
                return
        finally:
            release()
        # the socket ended while the run goes on (its process was killed): what was in
        # flight is not counted as lost, the client reconnects
        if acting is not None:
            acting.cancel()
        fleet.in_flight_at_kill += len(pending)
        stats.sent -= len(pending)
        pending.clear()
        fleet.reconnects += 1
        await asyncio.sleep(random.uniform(0.05, 0.3))


WATCHED: list[subprocess.Popen[str]] = []
"""The server processes of the several-processes run that must stay up (the one killed on
purpose leaves the list)."""


def check_servers() -> None:
    """Stop the run at once, saying why, when a server process has ended (a server ended by
    a signal from elsewhere on the machine must not pass for a server that fell over)."""
    for i, p in enumerate(WATCHED):
        if p.poll() is not None:
            why = f"signal {-p.returncode}" if p.returncode < 0 else f"exit status {p.returncode}"
            raise SystemExit(f"server process {i} (pid {p.pid}) ended ({why}) during the run")


async def make_fleet_tables(urls: list[str], clients: int) -> list[tuple[str, str]]:
    """(token, table id) per simulated client; the tables made on every process in turn."""
    out: list[tuple[str, str]] = []
    # an idle connection is dropped here before the server's 5 s: a request sent on one the
    # server is closing fails
    https = [httpx.AsyncClient(base_url=u, timeout=120, limits=httpx.Limits(keepalive_expiry=2.0))
             for u in urls]
    try:
        solo = clients // 2

        async def one_solo(i: int) -> tuple[str, str]:
            http = https[i % len(https)]
            token = await guest(http, f"solo{i}")
            t = (await post(http, "/api/quickplay", json={"variant": "classic", "bot": "heuristic"},
                            headers={"Authorization": f"Bearer {token}"})).json()
            return token, t["id"]

        async def one_four(k: int) -> list[tuple[str, str]]:
            http = https[k % len(https)]
            tokens = [await guest(http, f"four{k}x{j}") for j in range(4)]
            t = (await post(http, "/api/tables", json={"variant": "classic", "until": "rubber",
                                                       "count": 20, "seats": ["me", "open", "open", "open"]},
                            headers={"Authorization": f"Bearer {tokens[0]}"})).json()
            for token in tokens[1:]:
                r = await post(http, f"/api/tables/{t['id']}/join", json={},
                               headers={"Authorization": f"Bearer {token}"})
                r.raise_for_status()
            return [(token, t["id"]) for token in tokens]

        for i in range(0, solo, 50):
            check_servers()
            out.extend(await asyncio.gather(*(one_solo(j) for j in range(i, min(solo, i + 50)))))
        fours = (clients - solo) // 4
        for k in range(0, fours, 12):
            check_servers()
            for group in await asyncio.gather(*(one_four(j) for j in range(k, min(fours, k + 12)))):
                out.extend(group)
    finally:
        for h in https:
            await h.aclose()
    return out


def tcp_counters() -> dict[str, int]:
    """The kernel's TCP counters that tell a crowd of connections was turned away (for the
    whole machine: other jobs' connections count too): ``ListenOverflows`` (a connection
    that found a listening socket's backlog full), ``ListenDrops``, ``AttemptFails`` and
    ``RetransSegs`` (a refused SYN is sent again, a second later and more)."""
    out: dict[str, int] = {}
    for name, keys in (("/proc/net/netstat", ("ListenOverflows", "ListenDrops")),
                       ("/proc/net/snmp", ("AttemptFails", "RetransSegs"))):
        lines = Path(name).read_text().splitlines()
        for head, values in zip(lines[::2], lines[1::2], strict=False):
            pairs = dict(zip(head.split()[1:], values.split()[1:], strict=False))
            out.update({k: int(pairs[k]) for k in keys if k in pairs})
    return out


def client_worker(conn: Any, urls: list[str], seats: list[tuple[str, str]], pace: float, wave: int) -> None:
    """One process of simulated people (``seats``), at most ``wave`` handshakes in flight;
    driven by the parent over ``conn`` (see :func:`_worker`)."""
    asyncio.run(_worker(conn, urls, seats, pace, wave))


async def _worker(conn: Any, urls: list[str], seats: list[tuple[str, str]], pace: float, wave: int) -> None:
    """Sends ("progress", connected, failed) every 0.5 s; takes "measure", ("dead", i, when:
    process i was killed), "stop"; answers "stop" with its counters."""
    fleet = Fleet()
    stop = asyncio.Event()
    alive = [True] * len(urls)
    gate = asyncio.Semaphore(max(1, wave))
    orders: asyncio.Queue[Any] = asyncio.Queue()
    loop = asyncio.get_running_loop()
    loop.add_reader(conn.fileno(), lambda: orders.put_nowait(conn.recv()))
    tasks = [asyncio.create_task(fleet_client(urls, alive, tok, tid, pace, fleet, stop, gate))
             for tok, tid in seats]
    cpu0 = cpu1 = 0.0
    while True:
        try:
            order = await asyncio.wait_for(orders.get(), 0.5)
        except TimeoutError:
            conn.send(("progress", fleet.stats.connected, fleet.failed))
            continue
        if order == "measure":
            fleet.stats.measuring, cpu0 = True, time.process_time()
        elif order[0] == "dead":
            alive[order[1]] = False
            fleet.killed_at = order[2]
        elif order == "stop":
            fleet.stats.measuring, cpu1 = False, time.process_time()
            break
    loop.remove_reader(conn.fileno())
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    st = fleet.stats
    conn.send(("done", {"latencies": st.latencies, "sent": st.sent, "acked": st.acked, "refused": st.refused,
                        "connected": st.connected, "doubled": fleet.doubled, "events_lost": fleet.events_lost,
                        "in_flight_at_kill": fleet.in_flight_at_kill, "recovered": fleet.recovered,
                        "reconnects": fleet.reconnects, "failed": fleet.failed, "errors": dict(fleet.errors),
                        "connect_times": fleet.connect_times, "cpu_s": cpu1 - cpu0}))


class Workers:
    """The processes of simulated people, each with its share of ``seats`` (the handshakes
    in flight, ``wave`` in all, shared among them)."""

    def __init__(self, urls: list[str], seats: list[tuple[str, str]], pace: float, processes: int,
                 wave: int) -> None:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        self.pipes = []
        self.procs = []
        self.progress = [(0, 0)] * processes
        for i in range(processes):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=client_worker, daemon=True,
                               args=(theirs, urls, seats[i::processes], pace, -(-wave // processes)))
            proc.start()
            self.pipes.append(mine)
            self.procs.append(proc)

    def poll(self, seconds: float) -> tuple[int, int]:
        """Read the workers' news for ``seconds``: (people connected, people who could not)."""
        from multiprocessing.connection import wait

        deadline = time.perf_counter() + seconds
        while (left := deadline - time.perf_counter()) > 0:
            check_servers()
            for c in wait(self.pipes, min(left, 1.0)):
                news = c.recv()  # type: ignore[union-attr]
                if news[0] == "progress":
                    self.progress[self.pipes.index(c)] = (news[1], news[2])
        return sum(p[0] for p in self.progress), sum(p[1] for p in self.progress)

    def tell(self, order: Any) -> None:
        for c in self.pipes:
            c.send(order)

    def finish(self) -> dict[str, Any]:
        """Stop every person; their counters, merged."""
        self.tell("stop")
        parts = []
        for c in self.pipes:
            while (news := c.recv())[0] != "done":
                pass
            parts.append(news[1])
        for p in self.procs:
            p.join(30)
        merged: dict[str, Any] = {"errors": Counter()}
        for part in parts:
            for k, v in part.items():
                if k == "errors":
                    merged["errors"].update(v)
                elif isinstance(v, list):
                    merged.setdefault(k, []).extend(v)
                else:
                    merged[k] = merged.get(k, 0) + v
        return merged

    def close(self) -> None:
        for p in self.procs:
            if p.is_alive():
                p.kill()
            p.join()


def _pct(values: list[float], q: float) -> float:
    values = sorted(values) or [0.0]
    return values[min(len(values) - 1, int(q * len(values)))]


def run_fleet(urls: list[str], pids: list[int], redis_pid: int, clients: int, args: argparse.Namespace,
              warmup: float, kill: subprocess.Popen[str] | None) -> dict[str, Any]:
    """The several-processes run: tables made, then ``args.client_processes`` processes of
    people connecting (``args.wave`` handshakes in flight at most), play measured."""
    pace, seconds = args.pace, args.seconds
    every = [*pids, redis_pid]
    t_setup, cpu_setup, ccpu_setup = time.perf_counter(), [cpu_seconds(p) for p in every], time.process_time()
    seats = asyncio.run(make_fleet_tables(urls, clients))
    print(f"tables for {len(seats)} people made in {time.perf_counter() - t_setup:.1f} s (CPU s: servers "
          f"{sum(cpu_seconds(p) for p in pids) - sum(cpu_setup[:-1]):.1f}, Redis "
          f"{cpu_seconds(redis_pid) - cpu_setup[-1]:.1f}, "
          f"this process {time.process_time() - ccpu_setup:.1f})",
          file=sys.stderr, flush=True)
    rss0 = sum(rss_mb(p) for p in every)
    tcp0 = tcp_counters()
    workers = Workers(urls, seats, pace, args.client_processes, args.wave)
    try:
        start = time.perf_counter()
        connected = failed = 0
        shown = start
        while connected + failed < len(seats) and time.perf_counter() - start < args.connect_timeout:
            connected, failed = workers.poll(0.5)
            if time.perf_counter() - shown >= 5:
                shown = time.perf_counter()
                print(f"{shown - start:.0f} s: {connected} connected, {failed} failed, "
                      f"load {os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True)
        connect_s = time.perf_counter() - start
        tcp1 = tcp_counters()
        workers.poll(warmup)
        rss1 = sum(rss_mb(p) for p in every)
        health0 = [httpx.get(u + "/api/health", timeout=30).json() for u in urls]
        cpu0 = [cpu_seconds(p) for p in every]
        t0 = time.perf_counter()
        load0 = os.getloadavg()
        workers.tell("measure")
        killed_tables = 0
        if kill is not None:
            workers.poll(seconds / 2)
            killed_tables = httpx.get(urls[0] + "/api/health", timeout=30).json()["tables"]
            killed_at = time.perf_counter()  # the same clock in every process (monotonic)
            WATCHED.remove(kill)
            kill.kill()
            kill.wait()  # reaped at once, as a supervisor does: on this machine, its pid is gone
            workers.tell(("dead", 0, killed_at))
            workers.poll(seconds / 2)
        else:
            workers.poll(seconds)
        t1 = time.perf_counter()
        live = [0 if kill is None else 1, len(urls)]
        live_ix = list(range(live[0], live[1]))
        cpu1 = [cpu_seconds(p) if i in live_ix or i == len(pids) else cpu0[i] for i, p in enumerate(every)]
        health1 = [httpx.get(urls[i] + "/api/health", timeout=30).json() for i in live_ix]
        got = workers.finish()
    finally:
        workers.close()
    lat = sorted(got.get("latencies", [])) or [0.0]
    con = got.get("connect_times", [])
    actions = sum(h["actions"] for h in health1) - sum(health0[i]["actions"] for i in live_ix)
    servers_cpu = sum(cpu1[:len(pids)]) - sum(cpu0[:len(pids)])
    result: dict[str, Any] = {
        "run": "several processes" + (", one killed" if kill is not None else ""),
        "pace_s": pace, "seconds": round(t1 - t0, 1), "client_processes": args.client_processes,
        "wave": args.wave, "connect_s": round(connect_s, 1),
        "connect_p50_s": round(_pct(con, 0.5), 2), "connect_p99_s": round(_pct(con, 0.99), 2),
        "tcp_during_connect": {k: tcp1[k] - tcp0.get(k, 0) for k in tcp1},
        "person_actions": len(lat) if got.get("latencies") else 0,
        "all_actions_per_s": round(actions / (t1 - t0), 1) if kill is None else None,
        "p50_ms": round(1000 * statistics.median(lat), 1),
        "max_ms": round(1000 * lat[-1], 1),
        "refused": got.get("refused", 0), "failed_to_connect": got.get("failed", 0),
        "reconnects": got.get("reconnects", 0),
        "errors": dict(got["errors"].most_common(3)),
        "servers_cpu_pct": round(100 * servers_cpu / (t1 - t0), 1),
        "redis_cpu_pct": round(100 * (cpu1[-1] - cpu0[-1]) / (t1 - t0), 1),
        "clients_cpu_pct": round(100 * got.get("cpu_s", 0.0) / (t1 - t0), 1),
        "servers_rss_mb": round(rss1, 1),
        "load_avg_1min": [round(x, 2) for x in (load0[0], os.getloadavg()[0])],
        "cores": os.cpu_count(),
        "loop_lag_max_ms": max(h["loop_lag"]["max_ms"] for h in health1),
    }
    if kill is not None:
        rec = sorted(got.get("recovered", [])) or [0.0]
        result.update({"killed_process_tables": killed_tables, "reconnected": len(got.get("recovered", [])),
                       "recover_p50_s": round(statistics.median(rec), 2),
                       "recover_max_s": round(rec[-1], 2), "events_lost": got.get("events_lost", 0),
                       "in_flight_at_kill": got.get("in_flight_at_kill", 0)})
    result.update({"p99_ms": round(1000 * _pct(lat, 0.99), 1),
                   "lost": got.get("sent", 0) - got.get("acked", 0) - got.get("refused", 0),
                   "doubled": got.get("doubled", 0), "clients": len(seats), "processes": len(pids),
                   "rss_kb_per_socket": round(1024 * (rss1 - rss0) / max(1, len(seats)), 1)})
    return result


RELAY_WORDS = {"process_taken_for_dead": "is gone; its tables are taken over",
               "own_silence": "this process was silent for", "lease_lost": "its lease was taken by another"}
"""What the servers' logs are searched for at the end (``servers_said``: how often each was
said): a process starved of the processor long enough may be taken for dead by the others."""


def main_fleet(args: argparse.Namespace) -> None:
    """The several-processes run (see the module's text)."""
    sys.path.insert(0, str(ROOT / "src"))
    from openwhist.server.processes import start_redis
    from openwhist.store import Store

    n = args.clients[0] if args.clients else 1000
    with tempfile.TemporaryDirectory() as tmp:
        db = args.database or f"sqlite:///{tmp}/bench.sqlite3"
        Store(db).close()
        redis_proc, redis_url = start_redis(tmp)
        procs: list[subprocess.Popen[str]] = []
        urls: list[str] = []
        try:
            for i in range(args.processes):
                proc, url = start_server(db, args.bot_pause, redis_url=redis_url,
                                         log=Path(tmp) / f"server{i}.log")
                procs.append(proc)
                urls.append(url)
            WATCHED[:] = procs
            result = run_fleet(urls, [p.pid for p in procs], redis_proc.pid, n, args, warmup=args.warmup,
                               kill=procs[0] if args.kill else None)
            text = "".join((Path(tmp) / f"server{i}.log").read_text() for i in range(len(procs)))
            result["servers_said"] = {k: text.count(v) for k, v in RELAY_WORDS.items()}
        except BaseException:
            kept = Path(tempfile.mkdtemp(prefix="bench-server-logs-"))
            for log in Path(tmp).glob("server*.log"):
                log.replace(kept / log.name)
            print(f"the servers' output is kept in {kept}", file=sys.stderr, flush=True)
            raise
        finally:
            for i, p in enumerate(procs):
                if p.poll() is not None and not (args.kill and i == 0):
                    print(f"server process {i} ended ({p.returncode})", file=sys.stderr, flush=True)
                if p.poll() is None:
                    p.terminate()
            for p in procs:
                try:
                    p.wait(30)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
            redis_proc.terminate()
            redis_proc.wait()
    print(json.dumps(result), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, nargs="*", default=[100, 500, 1000])
    parser.add_argument("--pace", type=float, default=2.0)
    parser.add_argument("--bot-pause", type=float, default=0.8)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--flat-clients", type=int, default=200)
    parser.add_argument("--no-flat", action="store_true")
    parser.add_argument("--bots", action="store_true",
                        help="add a run with a busy table of every kind of bot (see above)")
    parser.add_argument("--database", default=None, help="default: a fresh SQLite file")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes over a Redis (see above; --clients: one number)")
    parser.add_argument("--kill", action="store_true", help="with --processes: kill one midway")
    parser.add_argument("--client-processes", type=int, default=1,
                        help="with --processes: the simulated people in this many processes (one "
                             "asyncio process saturates a core near 2,500 people)")
    parser.add_argument("--wave", type=int, default=200,
                        help="with --processes: handshakes in flight at most, all client processes "
                             "together (a connection's start to its welcome)")
    parser.add_argument("--connect-timeout", type=float, default=300.0,
                        help="with --processes: seconds to wait for every person's welcome")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="with --processes: seconds of play before the measure")
    args = parser.parse_args()
    if args.processes > 1:
        main_fleet(args)
        return
    runs: list[tuple[int, float, float, bool]] = [(n, args.pace, args.bot_pause, False) for n in args.clients]
    if not args.no_flat:
        runs.append((args.flat_clients, 0.0, 0.0, False))
    if args.bots:
        runs.append((args.clients[0] if args.clients else 40, args.pace, args.bot_pause, True))
    for n, pace, pause, bots in runs:
        with tempfile.TemporaryDirectory() as tmp:
            db = args.database or f"sqlite:///{tmp}/bench.sqlite3"
            proc, url = start_server(db, pause, solver=bots)
            try:
                result = asyncio.run(run(url, proc.pid, n, pace, args.seconds, warmup=5.0, bots=bots))
            finally:
                proc.terminate()
                proc.wait()
        result["run"] = "searching bots" if bots else "flat out" if pace == 0 else "human pace"
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
