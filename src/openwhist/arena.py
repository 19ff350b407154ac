"""Bot-versus-bot matches on duplicate deals, with confidence intervals, local or on Ray.

Every board (a seeded deal) is played twice: bot A's side holds the North-South cards the
first time and the East-West cards the second, so luck of the cards cancels.  A's gain per
deal is the tricks (points) A's side took in a seat minus what B's side took in the same
seat with the same cards, averaged over the two seats of the board.

Where the variant has no fixed partnerships (Belgian whist: each for himself, partners
from the auction) a board is played once per seat instead (*rotate* mode): bot A in that
seat and bot B in the others.  A's tricks and points are those of its seat; B's in a seat
are the mean of what B's bots took there in the other rotations, with the same cards.

>>> from openwhist.arena import run_arena
>>> res = run_arena("classic", ("heuristic", "random"), boards=4, seed=1)
>>> res.boards, len(res.gain_tricks)
(4, 4)

With ``games=True`` a board is a whole game instead (classic whist's game to its target,
deal after deal from the board's seed), played twice with the sides swapped; A's points
on a board are the games its side won (1 or 0 a play), so :attr:`ArenaResult.mean_points_a`
is A's share of the games: what decides a match, where playing to the score counts.
"""

from __future__ import annotations

import copy
import math
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from openwhist.bots import bot_class, make_bot, parse_bot_spec, play_out, searches
from openwhist.bots.base import revision
from openwhist.cards import derive_seed
from openwhist.errors import ConfigError
from openwhist.match import new_match
from openwhist.rules.registry import get_variant, new_deal, resolve

__all__ = [
    "BoardResult", "ArenaResult", "board_to_dict", "check_arena", "check_plot_path", "play_board",
    "play_game_board", "read_boards", "run_key",
    "rotates", "run_arena", "mean_ci", "plot_running_mean",
]


@dataclass(frozen=True)
class BoardResult:
    """One board played twice: A's tricks and points in each play (A at N-S, then E-W)."""

    board: int
    seed: int
    tricks_a: tuple[float, ...]
    points_a: tuple[float, ...]
    tricks_b: tuple[float, ...]
    points_b: tuple[float, ...]
    """``tricks_a``/``points_a``: A at N-S, A at E-W; ``tricks_b``/``points_b``: B at N-S, B at
    E-W.  In rotate mode one entry per seat (A alone in it; B's mean there)."""

    @property
    def gain_tricks(self) -> float:
        """A's gain in tricks per deal on this board: over the seats, the mean of A's
        tricks minus B's tricks in that seat with the same cards."""
        n = len(self.tricks_a)
        return sum(a - b for a, b in zip(self.tricks_a, self.tricks_b, strict=True)) / n

    @property
    def gain_points(self) -> float:
        """A's gain in points per deal on this board (as :attr:`gain_tricks`)."""
        n = len(self.points_a)
        return sum(a - b for a, b in zip(self.points_a, self.points_b, strict=True)) / n


def board_to_dict(board: BoardResult, run: dict[str, Any] | None = None) -> dict[str, Any]:
    """One board's result as a JSON-friendly dict (a line of ``--boards-file``), with the
    run it belongs to (:func:`run_key`) where given."""
    out = {"board": board.board, "seed": board.seed, "tricks_a": list(board.tricks_a),
           "points_a": list(board.points_a), "tricks_b": list(board.tricks_b),
           "points_b": list(board.points_b)}
    if run is not None:
        out["run"] = run
    return out


def run_key(variant: str, bots: Sequence[str], games: bool = False, paired: bool = False,
            **options: Any) -> dict[str, Any]:
    """What a run's boards belong to, as each line of its boards file names it: the
    variant, its rules, and each bot as its name and options (a level as the bot it is
    now), with ``revisions`` where a bot's play has a version above 0
    (:func:`openwhist.bots.base.revision`), so that boards played by a level or a bot
    before it changed are not taken for its own.

    >>> run_key("classic", ("club", "random"))["bots"]
    [['technique', {}], ['random', {}]]
    """
    key = {"variant": variant, "bots": [list(parse_bot_spec(spec)) for spec in bots],
           "options": dict(options), "games": games, "paired": paired}
    revisions = [revision(bot_class(spec), variant) for spec in bots]
    if any(revisions):
        key["revisions"] = revisions
    return key


_RUN_FIELDS = {"variant": "--variant", "bots": "the bots", "options": "the rule options (-o)",
               "games": "--games", "paired": "--paired"}
"""The fields of a board's ``run``, as the command's user knows them."""


def _run_difference(had: object, run: dict[str, Any]) -> str:
    """What differs between a line's ``run`` and this one's, in the command's words."""
    import json

    if not isinstance(had, dict):
        return "the line does not say which run it is from"
    diff = [f"{_RUN_FIELDS.get(k, k)} {json.dumps(had.get(k))} in the file, {json.dumps(run.get(k))} in "
            "this run" for k in sorted({*had, *run} - {"revisions"}) if had.get(k) != run.get(k)]
    return "; ".join(diff) + " (start a new --boards-file, or run it as the file was made)"


def read_boards(path: str, seed: int, boards: int,
                run: dict[str, Any] | None = None) -> list[BoardResult]:
    """The boards already played in a stopped run's ``--boards-file``, to go on with it.

    Every line must be a board of this run: its ``run`` (the variant, bots and rules, as
    the command writes them) equal to ``run`` where given, its deal seed that of
    :func:`board_seed` (``seed``, its board), its board below ``boards`` and not seen
    before; else :class:`~openwhist.errors.ConfigError` says which line differs.  A last
    line cut short (the run was killed while writing it) is dropped from the file, so
    that the boards played next start on a line of their own."""
    import json

    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror}") from None
    lines = text.split("\n")
    if run is not None:
        run = json.loads(json.dumps(run))  # as a line holds it (lists for tuples)
    out: list[BoardResult] = []
    seen: set[int] = set()
    for number, line in enumerate(lines[:-1], 1):
        if not line.strip():
            continue
        where = f"{path}, line {number}"
        try:
            row = json.loads(line)
            board = int(row["board"])
            result = BoardResult(board=board, seed=int(row["seed"]),
                                 tricks_a=tuple(float(x) for x in row["tricks_a"]),
                                 points_a=tuple(float(x) for x in row["points_a"]),
                                 tricks_b=tuple(float(x) for x in row["tricks_b"]),
                                 points_b=tuple(float(x) for x in row["points_b"]))
        except (ValueError, KeyError, TypeError):
            raise ConfigError(f"{where} is not a board's result") from None
        if run is not None and row.get("run") != run:
            had = row.get("run")
            if isinstance(had, dict) and {**had, "revisions": None} == {**run, "revisions": None}:
                none = [0] * len(run["bots"])
                raise ConfigError(f"{where} was played by another version of a bot's play (revisions "
                                  f"{had.get('revisions', none)}, this run's {run.get('revisions', none)}):"
                                  " start a new --boards-file")
            raise ConfigError(f"{where} is a board of another run: {_run_difference(had, run)}")
        if not 0 <= board < boards:
            raise ConfigError(f"{where} is board {board}, beyond this run's {boards} boards")
        if result.seed != board_seed(seed, board):
            raise ConfigError(f"{where}: board {board} was dealt from another seed than this "
                              f"run's {seed}")
        if board in seen:
            raise ConfigError(f"{where}: board {board} is in the file twice")
        seen.add(board)
        out.append(result)
    if lines[-1].strip():  # no newline after the last line: cut short, dropped once all is read
        with open(path, "w", encoding="utf-8") as f:
            f.write(text[:len(text) - len(lines[-1])])
    return out


def mean_ci(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and the bounds of its 95% confidence interval (normal approximation; a single
    value gives a zero-width interval, no values give NaN).

    >>> mean_ci([1, 2, 3, 4])
    (2.5, 1.234..., 3.765...)
    """
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


@dataclass
class ArenaResult:
    """All boards of an arena run and the statistics over them."""

    variant: str
    bots: tuple[str, str]
    seed: int
    results: list[BoardResult] = field(default_factory=list)
    seconds: float = 0.0
    games: bool = False
    """True when each board is a whole game: points are games won (see :func:`run_arena`)."""
    paired: bool = False
    """True when a seat's bot had the same seed in every play of a board (see :func:`run_arena`)."""

    @property
    def boards(self) -> int:
        """Number of boards (each played twice, or once per seat in rotate mode)."""
        return len(self.results)

    @property
    def deals_played(self) -> int:
        """Number of deals played over all boards."""
        return sum(len(r.points_a) for r in self.results)

    @property
    def mean_points_a(self) -> list[float]:
        """Per board, A's mean points per deal over the seats it played."""
        return [sum(r.points_a) / len(r.points_a) for r in self.results]

    @property
    def gain_tricks(self) -> list[float]:
        """Per board, A's gain in tricks per deal over B (same seats, same cards)."""
        return [r.gain_tricks for r in self.results]

    @property
    def gain_points(self) -> list[float]:
        """Per board, A's gain in points per deal over B."""
        return [r.gain_points for r in self.results]

    def per_bot(self) -> dict[str, dict[str, tuple[float, float, float]]]:
        """Each bot's mean tricks and points per deal played, with 95% intervals."""
        a_tricks = [t for r in self.results for t in r.tricks_a]
        b_tricks = [t for r in self.results for t in r.tricks_b]
        a_points = [p for r in self.results for p in r.points_a]
        b_points = [p for r in self.results for p in r.points_b]
        return {
            "A": {"tricks": mean_ci(a_tricks), "points": mean_ci(a_points)},
            "B": {"tricks": mean_ci(b_tricks), "points": mean_ci(b_points)},
        }

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly summary."""
        gt, gp = mean_ci(self.gain_tricks), mean_ci(self.gain_points)
        per = self.per_bot()
        return {
            "variant": self.variant,
            "bot_a": self.bots[0],
            "bot_b": self.bots[1],
            "seed": self.seed,
            "paired": self.paired,
            "boards": self.boards,
            "deals_played": self.deals_played,
            "gain_tricks_per_deal": {"mean": gt[0], "ci95": [gt[1], gt[2]]},
            "gain_points_per_deal": {"mean": gp[0], "ci95": [gp[1], gp[2]]},
            "a_points_per_deal_by_board": dict(zip(("mean", "ci95"),
                                                   _mean_and_ci(mean_ci(self.mean_points_a)),
                                                   strict=True)),
            "per_deal": {
                label: {k: {"mean": v[0], "ci95": [v[1], v[2]]} for k, v in stats.items()}
                for label, stats in per.items()
            },
            "seconds": self.seconds,
            **({"games_won_by_a": dict(zip(("mean", "ci95"), _mean_and_ci(self.games_share()),
                                           strict=True)),
                "boards_a_won_both": self.games_swung()[0],
                "boards_a_lost_both": self.games_swung()[1]} if self.games else {}),
            **({"deals_won_drawn_lost_by_a": list(won)} if (won := self.deals_won()) else {}),
        }

    def deals_won(self) -> tuple[int, int, int] | None:
        """Deals (each play of a board) that A won, drew and lost, by the points each side
        scored in that deal (German whist: the hands won); None where A played alone in
        each seat (see :func:`rotates`) or each board was a whole game.

        >>> res = run_arena("german", ("club", "beginner"), boards=2, seed=4)
        >>> sum(res.deals_won() or ()) == res.deals_played
        True
        """
        if self.games or rotates(self.variant):
            return None
        won = drawn = lost = 0
        for r in self.results:
            # A's deal with the North-South cards, then East-West's; B held the other side
            for a, b in zip(r.points_a, reversed(r.points_b), strict=True):
                won += a > b
                drawn += a == b
                lost += a < b
        return won, drawn, lost

    def games_swung(self) -> tuple[int, int]:
        """With whole games: the boards on which A won both games and those on which it lost
        both (on the others each side's cards won one game, whoever held them)."""
        won = sum(1 for r in self.results if sum(r.points_a) == len(r.points_a))
        lost = sum(1 for r in self.results if sum(r.points_a) == 0)
        return won, lost

    def games_share(self) -> tuple[float, float, float]:
        """With whole games: A's share of the games won and its 95% interval (the normal
        approximation over boards, kept within 0 and 1)."""
        mean, low, high = mean_ci(self.mean_points_a)
        return mean, max(low, 0.0), min(high, 1.0)


def _mean_and_ci(stats: tuple[float, float, float]) -> tuple[float, list[float]]:
    return stats[0], [stats[1], stats[2]]


def board_seed(seed: int, board: int) -> int:
    """The deal seed of a board in an arena run seeded with ``seed``
    (:func:`~openwhist.cards.derive_seed` of ``"board", board``)."""
    return derive_seed(seed, "board", board)


def _bot_seed(bseed: int, seat: int, play: int, paired: bool = False) -> int:
    """The seed of the bot at ``seat`` in the ``play``-th play of a board (its seat swap,
    or its rotation) dealt from the board seed ``bseed``; ``paired``: the same in every
    play of the board (see :func:`run_arena`)."""
    return derive_seed(bseed, "bot", seat, 0 if paired else play)


def _n_hands(variant: str) -> int:
    """The number of hands a variant deals (the dealer rotates over them)."""
    return get_variant(variant).hands


def rotates(variant: str, options: Any = None) -> bool:
    """Whether the arena rotates A over the seats for this variant: true when its deals do
    not start with two fixed sides (each player for himself, as in Belgian whist), as the
    variant's header declares its partnerships."""
    name, opts = resolve(variant) if options is None else (variant, options)
    sides = get_variant(name).header(opts).sides
    return sides is None or len(set(sides)) != 2


def play_board(variant: str, options: dict[str, Any], specs: tuple[str, str], seed: int,
               board: int, paired: bool = False) -> BoardResult:
    """Play one board twice, swapping the sides of the two bots (or once per seat with A
    in it, in rotate mode: see :func:`rotates`); ``paired``: see :func:`run_arena`."""
    name, opts = resolve(variant, **options)
    bseed = board_seed(seed, board)
    if rotates(name, opts):
        return _rotate_board(name, opts, specs, bseed, board, paired)
    tricks: dict[tuple[int, int], int] = {}
    points: dict[tuple[int, int], int] = {}
    for swap in (0, 1):
        state = new_deal(name, options=opts, seed=bseed, dealer=board % _n_hands(name))
        # side s is played by bot (s ^ swap): A holds N-S first, then E-W
        bots = {}
        for seat in state.seats:
            which = state.sides[seat] ^ swap
            bots[seat] = make_bot(specs[which], seed=_bot_seed(bseed, seat, swap, paired))
        play_out(state, bots)
        res = state.result()
        for side in (0, 1):
            which = side ^ swap
            tricks[(which, swap)] = res.tricks[side]
            points[(which, swap)] = res.points[side]
    return BoardResult(
        board=board,
        seed=bseed,
        tricks_a=(tricks[(0, 0)], tricks[(0, 1)]),
        points_a=(points[(0, 0)], points[(0, 1)]),
        tricks_b=(tricks[(1, 1)], tricks[(1, 0)]),  # B holds N-S in the second play
        points_b=(points[(1, 1)], points[(1, 0)]),
    )


def _check_games(name: str, opts: Any) -> None:
    """Refuse whole games for a variant whose deals are not played in games of two sides."""
    if rotates(name, opts) or "game" not in get_variant(name).match_rules(opts).UNTIL:
        raise ConfigError(f"{name} has no games of two sides to play to their end: "
                          f"play single deals instead")


def play_game_board(variant: str, options: dict[str, Any], specs: tuple[str, str], seed: int,
                    board: int, paired: bool = False) -> BoardResult:
    """Play one board of a whole game twice, swapping the sides of the two bots: the same
    deals in the same order from the board's seed, each play to the game's end.  A's
    points are 1 for a game its side won and 0 for one lost; its tricks the mean per deal.
    ``paired``: see :func:`run_arena`."""
    name, opts = resolve(variant, **options)
    _check_games(name, opts)
    bseed = board_seed(seed, board)
    tricks: dict[tuple[int, int], float] = {}
    points: dict[tuple[int, int], int] = {}
    for swap in (0, 1):
        match = new_match(name, seed=bseed, until="game", dealer=board % _n_hands(name), **options)
        state = match.state
        bots = {seat: make_bot(specs[state.sides[seat] ^ swap],
                               seed=_bot_seed(bseed, seat, swap, paired))
                for seat in state.seats}
        play_out(match, bots)
        winner = match.games[0].winner
        for side in (0, 1):
            which = side ^ swap
            taken = [d.result().tricks[side] for d in match.deals]
            tricks[(which, swap)] = sum(taken) / len(taken)
            points[(which, swap)] = int(winner == side)
    return BoardResult(
        board=board,
        seed=bseed,
        tricks_a=(tricks[(0, 0)], tricks[(0, 1)]),
        points_a=(points[(0, 0)], points[(0, 1)]),
        tricks_b=(tricks[(1, 1)], tricks[(1, 0)]),
        points_b=(points[(1, 1)], points[(1, 0)]),
    )


class _Recalled:
    """A bot of one play of a board that, where the bot of the same spec and seed in the
    same seat of another play of the board has seen the very same observation, repeats
    that bot's choice instead of deciding again, and goes on from that bot's state after
    it: the same play as deciding again (a bot's choice and state depend only on its seed
    and the observations it has seen, which the last of them, the play so far, settles),
    at the cost of a copy.  ``memo`` is shared by the board's plays."""

    def __init__(self, bot: Any, key: tuple[str, int, int], memo: dict[Any, Any]) -> None:
        self.bot = bot
        self.key = key
        self.memo = memo

    def choose(self, obs: Any) -> Any:
        """The bot's choice (recalled where seen)."""
        k = (self.key, repr(obs))
        seen = self.memo.get(k)
        if seen is not None:
            action, after = seen
            self.bot = copy.deepcopy(after)
            return action
        action = self.bot.choose(obs)
        self.memo[k] = (action, copy.deepcopy(self.bot))
        return action


def _rotate_board(name: str, opts: Any, specs: tuple[str, str], bseed: int,
                  board: int, paired: bool = False, recall: bool = True) -> BoardResult:
    """One board played once per seat: A in that seat, B in the others.  ``paired`` (and
    ``recall``): a seat's searching bot decides once what it would decide alike in several
    plays (:class:`_Recalled`)."""
    # the hands a deal of these options deals (a family may seat 3 to 6)
    n = new_deal(name, options=opts, seed=bseed).n_hands
    tricks: list[tuple[int, ...]] = []
    points: list[tuple[int, ...]] = []
    memo: dict[Any, Any] = {}
    for r in range(n):
        state = new_deal(name, options=opts, seed=bseed, dealer=board % n)
        bots: dict[int, Any] = {}
        for seat in state.seats:
            spec, bot_seed = specs[0 if seat == r else 1], _bot_seed(bseed, seat, r, paired)
            bot = make_bot(spec, seed=bot_seed)
            # (a bot that does not search decides faster than its choice is recalled)
            recalled = paired and recall and searches(bot)
            bots[seat] = _Recalled(bot, (spec, seat, bot_seed), memo) if recalled else bot
        play_out(state, bots)
        res = state.result()
        tricks.append(tuple(res.tricks))
        points.append(tuple(res.points))

    def b_mean(rows: list[tuple[int, ...]], seat: int) -> float:
        return sum(rows[r][seat] for r in range(n) if r != seat) / (n - 1)

    return BoardResult(
        board=board,
        seed=bseed,
        tricks_a=tuple(float(tricks[r][r]) for r in range(n)),
        points_a=tuple(float(points[r][r]) for r in range(n)),
        tricks_b=tuple(b_mean(tricks, s) for s in range(n)),
        points_b=tuple(b_mean(points, s) for s in range(n)),
    )


def _play_chunk(variant: str, options: dict[str, Any], specs: tuple[str, str], seed: int,
                boards: Sequence[int], games: bool = False,
                paired: bool = False) -> list[BoardResult]:
    play = play_game_board if games else play_board
    return [play(variant, options, specs, seed, b, paired) for b in boards]


def run_arena(
    variant: str,
    bots: tuple[str, str],
    boards: int,
    seed: int = 0,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Callable[[int], None] | None = None,
    chunk: int | None = None,
    on_board: Callable[[BoardResult], None] | None = None,
    games: bool = False,
    paired: bool = False,
    played: Sequence[BoardResult] = (),
    **options: Any,
) -> ArenaResult:
    """Play ``boards`` duplicate boards between two bots.

    :param bots: bot specs for side A and side B (see :func:`openwhist.bots.make_bot`).
    :param workers: local processes (1: in this process).
    :param ray_address: run on a Ray cluster (``"auto"``, ``"local"`` or ``host:port``);
        needs the optional ``ray`` package (``pip install openwhist[cluster]``).
    :param progress: called with the number of boards finished after each batch.
    :param on_board: called with each board's result as soon as it is in (to keep results
        of a long run safe on disk as they come).
    :param games: each board a whole game rather than one deal (see :func:`play_game_board`).
    :param paired: the bot in a seat gets the same seed in every play of a board (rather
        than one per play), so that two bots that differ in one option sample alike
        wherever their cards have been the same: the boards differ only where the option
        does, and a small difference between the two shows in far fewer boards.
    :param played: boards of this run already played (a stopped run's, read back by
        :func:`read_boards`): kept in the result and not played again; ``progress``
        counts them as finished.
    """
    import time

    if boards < 1:
        raise ConfigError(f"boards must be at least 1, not {boards}")
    if workers < 1:
        raise ConfigError(f"workers must be at least 1, not {workers}")
    for spec in bots:
        parse_bot_spec(spec)
    name, opts = resolve(variant, **options)  # check the options before any work starts
    if games:
        _check_games(name, opts)
    result = ArenaResult(variant=variant, bots=(bots[0], bots[1]), seed=seed, games=games,
                         paired=paired)
    start = time.perf_counter()
    result.results.extend(played)
    have = {r.board for r in played}
    todo = [b for b in range(boards) if b not in have]
    size = chunk or max(1, min(25, len(todo) // (4 * max(workers, 1)) or 1))
    parts = [todo[i:i + size] for i in range(0, len(todo), size)]
    done = len(have)
    for batch in _run_batches(variant, options, bots, seed, parts, workers, ray_address, games,
                              paired):
        result.results.extend(batch)
        if on_board is not None:
            for board in batch:
                on_board(board)
        done += len(batch)
        if progress is not None:
            progress(done)
    result.results.sort(key=lambda r: r.board)
    result.seconds = time.perf_counter() - start
    return result


def _run_batches(variant: str, options: dict[str, Any], bots: tuple[str, str], seed: int,
                 parts: list[list[int]], workers: int,
                 ray_address: str | None, games: bool = False,
                 paired: bool = False) -> Iterator[list[BoardResult]]:
    if ray_address is not None:
        yield from _run_on_ray(variant, options, bots, seed, parts, ray_address, games, paired)
        return
    if workers == 1:
        for part in parts:
            yield _play_chunk(variant, options, bots, seed, part, games, paired)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed

    if any(parse_bot_spec(spec)[0] in ("pimc", "solver", "sampler") for spec in bots):
        # load the solver here first: on a machine's first run it is compiled (minutes)
        # and cached once, rather than by every worker at the same time
        from openwhist.solver import warm_up

        warm_up()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_chunk, variant, options, bots, seed, part, games, paired)
                   for part in parts]
        for fut in as_completed(futures):
            yield fut.result()


def _run_on_ray(variant: str, options: dict[str, Any], bots: tuple[str, str], seed: int,
                parts: list[list[int]], address: str,
                games: bool = False, paired: bool = False) -> Iterator[list[BoardResult]]:
    try:
        import ray
    except ImportError:
        raise ConfigError("--ray needs the ray package: pip install 'openwhist[cluster]'") from None
    import logging

    from openwhist.cluster import check_ray_address

    started_here = not ray.is_initialized()
    if started_here:
        # Ray itself waits for ever, with warnings, at an address where no cluster answers
        check_ray_address(address)
        kwargs: dict[str, Any] = {"ignore_reinit_error": True, "log_to_driver": False,
                                  "include_dashboard": False, "logging_level": logging.ERROR}
        if address != "local":
            kwargs["address"] = address
        else:
            kwargs["num_cpus"] = os.cpu_count() or 1
        try:
            ray.init(**kwargs)
        except (ConnectionError, TimeoutError, ValueError, RuntimeError) as exc:
            message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise ConfigError(f"cannot join the Ray cluster at {address}: {message}") from None
    try:
        remote = ray.remote(_play_chunk)
        pending = [remote.remote(variant, options, bots, seed, part, games, paired)
                   for part in parts]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


def check_arena(variant: str, bots: Sequence[str], games: bool = False, **options: Any) -> None:
    """Check a run's variant, options and bots (their options too) before any work;
    ``games``: that the variant has games of two sides to play whole."""
    name, opts = resolve(variant, **options)
    if games:
        _check_games(name, opts)
    for spec in bots:
        make_bot(spec, seed=0)


def check_plot_path(path: str) -> None:
    """Refuse a plot file whose format matplotlib cannot write, or a missing matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise ConfigError("--plot needs matplotlib: pip install 'openwhist[plot]'") from None
    formats = FigureCanvasBase.get_supported_filetypes()
    suffix = os.path.splitext(path)[1].lstrip(".").lower()
    if suffix not in formats:
        what = repr(suffix) if suffix else "a name without an extension"
        raise ConfigError(f"--plot writes {', '.join(sorted(formats))} files, not {what}")


def plot_running_mean(result: ArenaResult, path: str, what: str = "tricks") -> None:
    """Save a PNG of the running mean gain per board with its 95% confidence band."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ConfigError("--plot needs matplotlib: pip install 'openwhist[plot]'") from None
    values = result.gain_tricks if what == "tricks" else result.gain_points
    xs, means, lows, highs = [], [], [], []
    total = 0.0
    total_sq = 0.0
    for i, v in enumerate(values, start=1):
        total += v
        total_sq += v * v
        mean = total / i
        var = (total_sq - i * mean * mean) / (i - 1) if i > 1 else 0.0
        half = 1.96 * math.sqrt(max(var, 0.0) / i) if i > 1 else 0.0
        xs.append(i)
        means.append(mean)
        lows.append(mean - half)
        highs.append(mean + half)
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    ax.fill_between(xs, lows, highs, alpha=0.25, label="95% confidence")
    ax.plot(xs, means, label=f"mean gain in {what} per deal")
    ax.axhline(0.0, color="grey", linewidth=0.8)
    ax.set_xlabel("boards (each played twice, sides swapped)")
    ax.set_ylabel(f"{result.bots[0]} - {result.bots[1]} ({what})")
    ax.set_title(f"{result.variant}: {result.bots[0]} vs {result.bots[1]}")
    ax.legend(loc="best")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
