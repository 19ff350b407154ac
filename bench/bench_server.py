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
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]


BOT_TABLES = [("classic", "pimc"), ("classic", "solver"), ("dummy", "pimc"), ("german", "solver"),
              ("belgian", "sampler"), ("classic", "heuristic"), ("belgian", "random")]
"""The busy tables of the searching-bots run: (variant, bot) each."""


def start_server(database: str, bot_pause: float, solver: bool = False) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "OPENWHIST_BOT_PAUSE": str(bot_pause), "OPENWHIST_AWAY_TIMEOUT": "600",
           "OPENWHIST_COMPILE_SOLVER": "1" if solver else "0", "OPENWHIST_SIGNUP_LIMIT": "100000",
           "OPENWHIST_TABLE_RATE": "100000"}
    proc = subprocess.Popen([sys.executable, "-m", "openwhist", "serve", "--port", "0", "--database",
                             database], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env, cwd=ROOT)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"http://([\d.]+):(\d+)", line)
    if not found:
        raise SystemExit(f"the server did not start: {line}")
    url = f"http://{found.group(1)}:{found.group(2)}"
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


async def guest(http: httpx.AsyncClient, name: str) -> str:
    r = await http.post("/api/guest", json={"nickname": name})
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
                r = m.get("ref")
                if isinstance(r, int) and r in pending:
                    sent = pending.pop(r)
                    if m["type"] == "event":
                        stats.acked += 1
                        if stats.measuring:
                            stats.latencies.append(time.perf_counter() - sent)
                    elif m["type"] == "refused":
                        stats.refused += 1
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
    args = parser.parse_args()
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
