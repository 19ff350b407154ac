"""What the play server pays for a whist drive's page (``GET /api/drives/ID``), which every
person's browser asks for every two seconds while it is played: the drive read from the
database and its view (tables, standings, the caller's place and score card) made, for a
large scorer-mode drive whose results are entered through the server's own code.
``--by-players``: each result entered by a person at the table, so that every one waits for
the other side's confirmation (the entries' states then listed on every page, the
director's with all of them).  ``--movement mitchell|howell``: pairs and travelling boards
(``--deals``: boards a round, at most 8), whose pages work out which boards each pair has
still to play; ``--running``: the last round's last table enters nothing, so the drive is
still being played when its pages are timed.

    .venv/bin/python bench/bench_drive_server.py [--people 48] [--rounds 10] [--deals 12] [--by-players]
        [--movement progressive|mitchell|howell] [--running]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from typing import Any

from openwhist.server.drive_pairs import is_pairs, round_boards
from openwhist.server.hub import Hub, Settings
from openwhist.store import Store, create_user
from openwhist.store.drives import add_entry, create_drive


async def build(people: int, rounds: int, deals: int, by_players: bool = False,
                movement: str = "progressive", running: bool = False) -> tuple[Store, Hub, list[int]]:
    """A scorer-mode classic drive of ``people`` over ``rounds`` rounds of ``deals`` deals,
    every result entered (random tricks) as a scorer would (the director, or with
    ``by_players`` the table's first person, whose entries wait for confirmation)."""
    store = Store("sqlite://")
    hub = Hub(store, Settings(compile_solver=False))
    ids = [store.call(create_user, None, f"p{k}", None, True) for k in range(people + 1)]
    store.call(create_drive, {"id": "big", "name": "Big", "family": "classic", "options": "{}",
                              "movement": movement, "mode": "scorer", "duplicate": movement != "progressive",
                              "rounds": rounds, "deals": deals, "round_minutes": 60, "rated": False,
                              "rank_by": "total" if movement == "progressive" else "matchpoints",
                              "director_id": ids[0], "starts_at": None, "seed": 1})
    for uid in ids[1:]:
        store.call(add_entry, "big", uid, f"p{uid}")
    await hub.drives.start("big", ids[0])
    rng = random.Random(1)
    for r in range(1, (await hub.drives.load("big"))["rounds"] + 1):
        drive = await hub.drives.load("big")
        tables = [t for t in drive["tables"] if t["round_no"] == drive["round_no"]]
        for t in tables:
            if running and r == drive["rounds"] and t is tables[-1]:
                break
            by = ids[next(n for n in t["seats"] if n)] if by_players else ids[0]
            boards = round_boards(drive, r).get(t["table_no"], ()) if is_pairs(drive) else range(1, deals + 1)
            for d in boards:
                ns = rng.randint(0, 13)
                await hub.drives.enter("big", by, t["table_no"], d, {"tricks": [ns, 13 - ns]})
    return store, hub, ids


async def measure(people: int, rounds: int, deals: int, repeat: int, by_players: bool = False,
                  movement: str = "progressive", running: bool = False) -> dict[str, Any]:
    start = time.perf_counter()
    store, hub, ids = await build(people, rounds, deals, by_players, movement, running)
    built = time.perf_counter() - start
    times, fresh, director = [], [], []
    try:
        for k in range(repeat):
            t0 = time.perf_counter()
            drive = await hub.drives.load("big")
            hub.drives.view(drive, ids[1 + k % people])
            times.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            drive = await hub.drives.load_fresh("big")
            hub.drives.view(drive, ids[1 + k % people])
            fresh.append(time.perf_counter() - t0)
        for _ in range(repeat):
            t0 = time.perf_counter()
            states = len(hub.drives.view(await hub.drives.load_fresh("big"), ids[0])["entry_states"])
            director.append(time.perf_counter() - t0)
    finally:
        store.close()
    return {"results": len(drive["results"]), "state": drive["state"], "built_s": built,
            "median_ms": statistics.median(times) * 1000, "max_ms": max(times) * 1000,
            "fresh_ms": statistics.median(fresh) * 1000,
            "director_ms": statistics.median(director) * 1000, "states": states,
            "entry_ms": built / max(1, len(drive["results"])) * 1000}


def main() -> None:
    """Build the drive, then time ``--repeat`` page views (as served, and read afresh); print
    the figures."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--people", type=int, default=48)
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--repeat", type=int, default=50)
    ap.add_argument("--by-players", action="store_true",
                    help="each result entered by a person at the table: every one waits for confirmation")
    ap.add_argument("--movement", choices=["progressive", "mitchell", "howell"], default="progressive",
                    help="the drive's movement (mitchell, howell: pairs, --deals boards a round)")
    ap.add_argument("--running", action="store_true",
                    help="the last round's last table enters nothing: the pages of a drive being played")
    args = ap.parse_args()
    out = asyncio.run(measure(args.people, args.rounds, args.deals, args.repeat, args.by_players,
                              args.movement, args.running))
    print(f"{args.people} people, {args.rounds} rounds of {args.deals} deals: {out['results']} results "
          f"entered in {out['built_s']:.1f} s ({out['entry_ms']:.0f} ms an entry, {out['state']})")
    print(f"a drive's page as the server serves it (read at most once a second): median "
          f"{out['median_ms']:.1f} ms, max {out['max_ms']:.1f} ms; read afresh and made: median "
          f"{out['fresh_ms']:.1f} ms")
    print(f"the director's page read afresh ({out['states']} entries' states listed): median "
          f"{out['director_ms']:.1f} ms")


if __name__ == "__main__":
    main()
