"""The ladder of computer players, measured: each level against the level below it, in
duplicate, for each family, with the time each level takes per decision.

Every pair of neighbouring levels (:data:`openwhist.bots.LEVELS`: beginner, club, strong,
expert) plays ``openwhist arena`` boards: each deal twice with the seats swapped (Belgian
whist: once per seat, the level alone in it), so the gain per deal of the higher level
comes with a 95% interval.  The levels that search (strong, expert) are slow on a small
machine, so their pairs play ``--search-boards`` boards and the others ``--boards``.
Then each level plays ``--timing-deals`` whole deals alone at the table and its decisions
(those with a choice) are timed: median, 95th percentile and maximum, in milliseconds, on
this machine as loaded when it runs.

Usage: ``python bench/bench_ladder.py [--variants classic,german,belgian] [--boards 2000]
[--search-boards 60] [--timing-deals 4] [--seed 1] [--workers N] [--write docs/ladder.md]
[--top expert] [--top-boards N] [--paired | --paired-from LEVEL] [--timing-only] [--cpu]
[--boards-dir FOLDER] [--marker NAME]``.  The table is printed as Markdown; ``--write``
also puts it in the file between the markers ``<!-- ladder -->`` and ``<!-- /ladder -->``
(another ``--marker``'s: a table per family; the file is made if missing).
``--timing-only`` times the levels' decisions over more deals without playing a pair.

The searching pairs take hours on a small machine.  With ``--boards-dir FOLDER`` each
pair's boards go to a file of that folder as they are played (the lines of ``openwhist
arena --boards-file``, each naming its run); run again with the same options, the ladder
plays only the boards its files do not hold yet, so a long ladder is measured over several
sittings, and its table remade from the files at once.  ``bench/results/`` keeps the
files of the figures in ``docs/ladder.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

import openwhist
from openwhist.arena import board_to_dict, mean_ci, read_boards, run_arena, run_key
from openwhist.bots import LEVELS, _value, make_bot, searches
from openwhist.bots.search_exact import ExactBidSearch
from openwhist.errors import ConfigError

START, END = "<!-- ladder -->", "<!-- /ladder -->"


CLOCK = time.perf_counter
"""The clock decisions are timed by (``--cpu``: this thread's CPU time)."""


def decision_times(variant: str, level: str, deals: int, seed: int,
                   options: dict[str, Any] | None = None) -> list[float]:
    """Milliseconds per decision (with more than one legal action) of ``level`` playing
    every seat of ``deals`` deals, by :data:`CLOCK`."""
    bot = make_bot(level, seed=seed)
    out: list[float] = []
    opts = options or {}
    for i in range(deals):
        n = openwhist.new_deal(variant, seed=seed + i, **opts).n_hands
        deal = openwhist.new_deal(variant, seed=seed + i, dealer=i % n, **opts)
        while not deal.is_over():
            hand = deal.to_move
            assert hand is not None
            obs = deal.observation(deal.controller(hand))
            start = CLOCK()
            action = bot.choose(obs)
            if len(obs.legal) > 1:
                out.append((CLOCK() - start) * 1000)
            deal.apply(action)
    return out


def _ci(values: list[float]) -> str:
    m, lo, hi = mean_ci(values)
    return f"{m:+.3f} [{lo:+.3f}, {hi:+.3f}]"


def ladder_rows(variant: str, boards: int, search_boards: int, timing_deals: int,
                seed: int, workers: int = 1, options: dict[str, Any] | None = None,
                base: str | None = None, top: str | None = None, top_boards: int | None = None,
                paired: bool = False, boards_dir: Path | None = None,
                paired_from: str | None = None, timing_only: bool = False) -> list[str]:
    """The Markdown rows of one family: a level per row, against the level below; ``base``
    a player below the ladder's first level (``random``) and ``top`` its last level
    measured (both optional); ``options`` the family's rules (``players=5``).  Where each
    player plays for himself the arena plays each board once per seat, the level alone in
    it against the level below in every other seat, and its points per deal are compared
    with the level below's in the same seat with the same cards (per player).
    ``top_boards``: boards of the last step (default ``search_boards``); ``paired``: a
    seat's bot samples alike in each play of a board (``openwhist arena --paired``);
    ``timing_only``: the times per decision alone, no pair played;
    ``paired_from``: so only the steps from that level up (two searching levels sample
    alike, where the rule-based level below a searching one has nothing to pair);
    ``boards_dir``: each pair's boards kept in a file of that folder as they are played
    (:func:`pair_file`), and the boards a file already holds not played again, so that a
    ladder too long for one sitting is measured over several (and can be remade from its
    files)."""
    rows = []
    opts = options or {}
    label = variant + "".join(f" {k}={v}" for k, v in opts.items())
    names = ([base] if base else []) + list(LEVELS)
    if top:
        names = names[:names.index(top) + 1]
    for i, level in enumerate(names):
        times = decision_times(variant, level, timing_deals, seed, opts)
        q = statistics.quantiles(times, n=20)[-1] if len(times) >= 2 else max(times, default=0)
        timing = (f"{statistics.median(times):.1f} / {q:.1f} / {max(times):.1f}"
                  if times else "-")
        if i == 0 or timing_only:
            rows.append(f"| {label} | {level} | - | - | - | {timing} |")
            continue
        below = names[i - 1]
        pair = paired or (paired_from is not None and i >= names.index(paired_from))
        slow = searches(make_bot(level)) or searches(make_bot(below))
        n = search_boards if slow else boards
        if top_boards and i == len(names) - 1:
            n = top_boards
        start = time.perf_counter()
        gains: list[float] = []

        def note(board: Any, gains: list[float] = gains, slow: bool = slow) -> None:
            gains.append(board.gain_points)
            if slow:  # a slow pair's running mean, a line a board
                print(f"    board {board.board}: {board.gain_points:+.2f} points, mean "
                      f"{sum(gains) / len(gains):+.3f} over {len(gains)}", flush=True)

        played = []
        sink = None
        run: dict[str, Any] | None = None
        if boards_dir is not None:
            run = run_key(variant, (level, below), paired=pair, **opts)
            path = pair_file(boards_dir, variant, level, below, seed, opts, pair)
            played = read_boards(str(path), seed, n, run)
            print(f"  {label}: {level} against {below}: {len(played)} of {n} boards already "
                  f"in {path}", flush=True)
            sink = path.open("a", encoding="utf-8")

        def keep(board: Any, sink: Any = sink, run: Any = run) -> None:
            note(board)
            if sink is not None:
                sink.write(json.dumps(board_to_dict(board, run)) + "\n")
                sink.flush()

        try:
            res = run_arena(variant, (level, below), boards=n, seed=seed, workers=workers,
                            paired=pair, on_board=keep, played=played, **opts)
        finally:
            if sink is not None:
                sink.close()
        took = time.perf_counter() - start
        print(f"  {label}: {level} against {below}, {n} boards, {took:.0f} s", flush=True)
        rows.append(f"| {label} | {level} | {_ci(res.gain_tricks)} | {_ci(res.gain_points)} "
                    f"| {n} | {timing} |")
    return rows


def pair_file(folder: Path, variant: str, level: str, below: str, seed: int,
              options: dict[str, Any] | None = None, paired: bool = False) -> Path:
    """The file of a pair's boards in ``--boards-dir``: named after the family, its rules,
    the two levels and the seed (the bots they are now are in every line, see
    :func:`openwhist.arena.run_key`: a level changed since starts a new file's worth)."""
    rules = "".join(f"-{k}={v}" for k, v in sorted((options or {}).items()))
    name = f"{variant}{rules}-{level}-{below}-seed{seed}{'-paired' if paired else ''}.jsonl"
    return folder / name.replace("/", "_")


def table(variants: list[str], boards: int, search_boards: int, timing_deals: int,
          seed: int, workers: int = 1, options: dict[str, Any] | None = None,
          base: str | None = None, top: str | None = None, top_boards: int | None = None,
          paired: bool = False, boards_dir: Path | None = None,
          paired_from: str | None = None, timing_only: bool = False) -> str:
    """The whole ladder table, in Markdown."""
    lines = ["| family | level | tricks per deal over the level below [95%] | points per "
             "deal [95%] | boards | ms per decision: median / p95 / max |",
             "| --- | --- | --- | --- | --- | --- |"]
    for v in variants:
        lines += ladder_rows(v, boards, search_boards, timing_deals, seed, workers, options,
                             base, top, top_boards, paired, boards_dir, paired_from, timing_only)
    return "\n".join(lines)


def write(path: Path, text: str, command: str, marker: str = "ladder") -> None:
    """Put ``text`` (with the command that made it) between the markers of ``path``
    (``<!-- ladder -->`` and ``<!-- /ladder -->``, or another ``marker``'s)."""
    start, end = f"<!-- {marker} -->", f"<!-- /{marker} -->"
    block = f"{start}\n{text}\n\nMade by `{command}`.\n{end}"
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    if start in old and end in old:
        new = old[:old.index(start)] + block + old[old.index(end) + len(end):]
    else:
        new = (old.rstrip() + "\n\n" if old else "") + block + "\n"
    path.write_text(new, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    """Parse the options, measure the ladder and print (and write) its table."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", default="classic,german,belgian",
                        help="families, comma-separated (default classic,german,belgian)")
    parser.add_argument("--boards", type=int, default=2000,
                        help="boards for pairs of rule-based levels (default 2000)")
    parser.add_argument("--search-boards", type=int, default=60,
                        help="boards for pairs with a searching level (default 60)")
    parser.add_argument("--timing-deals", type=int, default=4,
                        help="deals each level plays alone to time its decisions (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the boards (default 1)")
    parser.add_argument("--workers", type=int, default=1,
                        help="local processes for the arena (default 1; the timing runs alone)")
    parser.add_argument("--write", metavar="FILE.md", help="also write the table into this file")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule of the families, e.g. players=5 (repeatable)")
    parser.add_argument("--base", help="a player below the first level, e.g. random")
    parser.add_argument("--top", help="the last level measured (default: every level)")
    parser.add_argument("--top-boards", type=int,
                        help="boards for the last step measured (default: as its pair's)")
    pairing = parser.add_mutually_exclusive_group()
    pairing.add_argument("--paired", action="store_true",
                         help="a seat's bot gets the same seed in every play of a board")
    pairing.add_argument("--paired-from", metavar="LEVEL",
                         help="so only the steps from this level up (e.g. expert)")
    parser.add_argument("--timing-only", action="store_true",
                        help="time each level's decisions only, playing no pair")
    parser.add_argument("--cpu", action="store_true",
                        help="the searches' time budget and the timings by this thread's CPU "
                             "time (a loaded machine then neither cuts the sampling short "
                             "nor slows the figures); run one measuring process at a time")
    parser.add_argument("--boards-dir", metavar="FOLDER",
                        help="keep each pair's boards in a file of this folder as they are "
                             "played, and go on from the boards a file already holds")
    parser.add_argument("--marker", default="ladder",
                        help="the name of the markers the table goes between (default ladder)")
    args = parser.parse_args(argv)
    options: dict[str, Any] = {}
    for item in args.option:
        key, eq, value = item.partition("=")
        if not eq:
            parser.error(f"bad option {item!r}: write key=value")
        options[key.strip()] = _value(value.strip())
    for name in ("boards", "search_boards", "timing_deals", "workers", "top_boards"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    for v in variants:
        try:
            openwhist.new_deal(v, seed=args.seed, **options)
        except (ValueError, KeyError) as exc:
            parser.error(f"bad variant {v!r}: {exc}")
    if args.cpu:
        global CLOCK
        CLOCK = time.thread_time
        ExactBidSearch.clock = staticmethod(time.thread_time)
    levels = ([args.base] if args.base else []) + list(LEVELS)
    for name in ("top", "paired_from"):
        if getattr(args, name) is not None and getattr(args, name) not in levels:
            parser.error(f"--{name.replace('_', '-')}: {getattr(args, name)!r} is not a level "
                         f"of the ladder ({', '.join(levels)})")
    if args.write:  # found out now, not after hours of play
        target = Path(args.write)
        if target.is_dir() or not target.parent.is_dir() or not os.access(target.parent, os.W_OK) \
                or (target.exists() and not os.access(target, os.W_OK)):
            parser.error(f"--write: cannot write {target}")
    boards_dir = Path(args.boards_dir) if args.boards_dir else None
    if boards_dir is not None and not boards_dir.is_dir():
        parser.error(f"--boards-dir: {boards_dir} is not a folder")
    try:
        text = table(variants, args.boards, args.search_boards, args.timing_deals, args.seed,
                     args.workers, options, args.base, args.top, args.top_boards, args.paired,
                     boards_dir, args.paired_from, args.timing_only)
    except ConfigError as exc:  # a boards file of another run
        parser.exit(2, f"bench_ladder.py: error: {exc}\n")
    print(text)
    if args.write:
        command = (f"python bench/bench_ladder.py --variants {','.join(variants)} --boards "
                   f"{args.boards} --search-boards {args.search_boards} --timing-deals "
                   f"{args.timing_deals} --seed {args.seed}"
                   + "".join(f" -o {o}" for o in args.option)
                   + (f" --base {args.base}" if args.base else "")
                   + (f" --top {args.top}" if args.top else "")
                   + (f" --top-boards {args.top_boards}" if args.top_boards else "")
                   + (" --paired" if args.paired else "")
                   + (f" --paired-from {args.paired_from}" if args.paired_from else "")
                   + (" --timing-only" if args.timing_only else "")
                   + (" --cpu" if args.cpu else "")
                   + (f" --boards-dir {args.boards_dir}" if args.boards_dir else "")
                   + (f" --marker {args.marker}" if args.marker != "ladder" else ""))
        write(Path(args.write), text, command, args.marker)


if __name__ == "__main__":
    main()
