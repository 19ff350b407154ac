"""Bot-only deals in bulk: tricks and points per side with confidence intervals.

Deal ``i`` of a run is dealt from a seed drawn from ``--seed`` by the match's own
generator, and each bot is seeded from ``--seed`` and its seat, so the same command gives
the same numbers (only the timing differs).

>>> res = simulate("classic", deals=8, bots=["random"], seed=1)
>>> res.deals, round(sum(res.tricks_mean), 6)
(8, 13.0)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.table import Table

from openwhist.arena import mean_ci
from openwhist.bots import make_bot, parse_bot_spec, play_out
from openwhist.errors import ConfigError
from openwhist.match import new_match
from openwhist.play import bot_seed
from openwhist.rules.options import without_ranges
from openwhist.rules.registry import DEFAULT_VARIANT, get_variant, resolve
from openwhist.rules.seats import NO_PLAYER, seat_name, seat_word, side_name

__all__ = ["SimulationResult", "parse_bots", "render_summary", "simulate", "simulate_command"]


@dataclass
class SimulationResult:
    """The summary of a run of bot deals; ``to_dict`` gives the JSON form."""

    variant: str
    preset: str
    options: dict[str, Any]
    seed: int
    bots: list[str]
    deals: int
    tricks_mean: tuple[float, ...]
    tricks_ci95: tuple[tuple[float, float], ...]
    points_mean: tuple[float, ...]
    points_ci95: tuple[tuple[float, float], ...]
    points_total: tuple[int, ...]
    games_won: tuple[int, ...]
    seconds: float
    notes: list[str] = field(default_factory=list)
    sides: tuple[str, ...] = ("N-S", "E-W")
    """The sides' names, in side order (``N``, ``S`` with two hands)."""
    game: str = "game"
    """What the variant's match rules call a game won (German whist: a hand)."""

    @property
    def deals_per_second(self) -> float:
        """Deals played per second of wall time."""
        return self.deals / self.seconds if self.seconds > 0 else float("inf")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict; sides are listed as ``N-S`` then ``E-W``."""
        return {
            "variant": self.variant,
            "preset": self.preset,
            "options": self.options,
            "seed": self.seed,
            "bots": {seat_name(s, len(self.bots)): b for s, b in enumerate(self.bots) if b != NO_PLAYER},
            "deals": self.deals,
            "sides": list(self.sides),
            "tricks_mean": list(self.tricks_mean),
            "tricks_ci95": [list(ci) for ci in self.tricks_ci95],
            "points_mean": list(self.points_mean),
            "points_ci95": [list(ci) for ci in self.points_ci95],
            "points_total": list(self.points_total),
            "games_won": list(self.games_won),
            "seconds": round(self.seconds, 4),
            "deals_per_second": round(self.deals_per_second, 2) if self.seconds > 0 else None,
            "notes": self.notes,
        }


def parse_bots(spec: str | Sequence[str], dummy: int | None = None, n_hands: int = 4,
               partners: bool = True) -> list[str]:
    """Bot names per hand from ``"heuristic,random"``: one name for all, one per side
    (N-S, E-W, with four hands in partnerships), or one per seat (N, E, S, W; N, S with two
    hands; N, E, W in Dummy whist, where the dummy's entry is ``"dummy"``; each player's
    where each plays for himself, ``partners`` False).

    >>> parse_bots("heuristic,random")
    ['heuristic', 'random', 'heuristic', 'random']
    >>> parse_bots("heuristic,random", n_hands=2)
    ['heuristic', 'random']
    >>> parse_bots("heuristic,random", n_hands=4, partners=False)
    Traceback (most recent call last):
    ...
    openwhist.errors.ConfigError: give 1 bot or 4 (one per seat), not 2
    """
    names = [n.strip().lower() for n in (spec.split(",") if isinstance(spec, str) else spec)]
    if not names or any(not n for n in names):
        raise ConfigError(f"--bots is a comma-separated list of bot names, not {spec!r}")
    for n in names:
        parse_bot_spec(n)
    players = n_hands - (dummy is not None)
    if len(names) == 1:
        per_hand = names * n_hands
    elif len(names) == 2 and n_hands == 4 and partners:
        per_hand = [names[0], names[1], names[0], names[1]]
    elif len(names) == players:
        it = iter(names)
        per_hand = ["" if h == dummy else next(it) for h in range(n_hands)]
    else:
        if n_hands == 4 and dummy is None and partners:
            counts = "1 bot, 2 (one per side) or 4 (one per seat)"
        elif dummy is not None:
            counts = "1 bot, 2 (one per side) or 3 (one per player)"
        else:
            counts = f"1 bot or {players} (one per seat)"
        table = "Dummy whist has three players: give" if dummy is not None else "give"
        raise ConfigError(f"{table} {counts}, not {len(names)}")
    if dummy is not None:
        per_hand[dummy] = NO_PLAYER
    return per_hand


def simulate(
    variant: str = DEFAULT_VARIANT,
    *,
    deals: int,
    bots: str | Sequence[str] = ("heuristic",),
    seed: int | None = None,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play ``deals`` deals between bots, the dealer rotating, games scored as they come.

    :param bots: names as for :func:`parse_bots`.
    :param seed: the run's seed (random if not given; it is reported in the result).
    :param progress: called with the number of deals finished after each deal.
    """
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise ConfigError(f"--deals must be at least 1, not {deals}")
    if seed is not None and seed < 0:
        raise ConfigError(f"--seed is a non-negative whole number, not {seed}")
    with without_ranges():  # a run of any number of deals (it always ends)
        match = new_match(variant, preset=preset, seed=seed, until="deals", count=deals,
                          **(options or {}))
    head = get_variant(match.variant).header(match.options)
    per_hand = parse_bots(bots, next(iter(head.dummies), None), head.hands, head.partnership != "each")
    notes: list[str] = []
    players = {s: make_bot(per_hand[s], bot_seed(match.seed, s)) for s in match.state.seats}
    # one column per entry of the match's totals: two sides, or each player (Belgian whist)
    k = len(match.rules.totals)
    tricks: list[list[int]] = [[] for _ in range(k)]
    points: list[list[int]] = [[] for _ in range(k)]
    start = time.perf_counter()
    done = 0

    def after(hand: int, action: object, events: object) -> None:
        nonlocal done
        if len(match.sheet) > done:
            res = match.sheet[-1].result
            for s in range(k):
                tricks[s].append(res.tricks[s])
                points[s].append(res.points[s])
            done = len(match.sheet)
            match.deals[:-1] = []  # keep memory flat on long runs
            if progress is not None:
                progress(done)

    play_out(match, players, after=after)
    seconds = time.perf_counter() - start
    games = tuple(sum(1 for g in match.games if g.winner == s) for s in range(k))
    means = tuple(_mean(t) for t in tricks)
    record = get_variant(match.variant)
    preset_name = preset or (variant if variant in record.presets else record.default_preset)
    return SimulationResult(
        variant=match.variant,
        preset=preset_name,
        options=match.options.to_dict(),
        seed=match.seed,
        bots=per_hand,
        deals=done,
        tricks_mean=means,
        tricks_ci95=tuple(_ci(t) for t in tricks),
        points_mean=tuple(_mean(p) for p in points),
        points_ci95=tuple(_ci(p) for p in points),
        points_total=tuple(sum(p) for p in points),
        games_won=games,
        seconds=seconds,
        notes=notes,
        sides=tuple(side_name(match.state.sides, side) for side in sorted(set(match.state.sides)))
        if k == 2 else tuple(seat_name(h, k) for h in range(k)),
        game=match.rules.GAME,
    )


def _mean(xs: Sequence[int]) -> float:
    return round(sum(xs) / len(xs), 6) if xs else 0.0


def _ci(xs: Sequence[int]) -> tuple[float, float]:
    """The normal-approximation 95% interval of the mean (a point when n < 2)."""
    _, low, high = mean_ci(xs)
    return (round(low, 6), round(high, 6))


def render_summary(result: SimulationResult, console: Console) -> None:
    """Print the summary of a run as text tables."""
    r = result
    console.print(f"[bold]Simulation[/]: {r.variant} whist ({r.preset}), {r.deals} deals, "
                  f"seed {r.seed}")
    console.print("Bots: " + ", ".join(f"{seat_word(s, len(r.bots))} {b}" for s, b in enumerate(r.bots)
                                       if b != NO_PLAYER))
    table = Table()
    table.add_column("")
    for side in r.sides:
        table.add_column(side, justify="right")
    table.add_row("Tricks per deal", *(f"{m:.3f}" for m in r.tricks_mean))
    table.add_row("  95% interval", *(f"{lo:.3f} – {hi:.3f}" for lo, hi in r.tricks_ci95))
    table.add_row("Points per deal", *(f"{m:.3f}" for m in r.points_mean))
    table.add_row("  95% interval", *(f"{lo:.3f} – {hi:.3f}" for lo, hi in r.points_ci95))
    table.add_row("Points in all", *(str(p) for p in r.points_total))
    table.add_row(f"{r.game.capitalize()}s won", *(str(g) for g in r.games_won))
    console.print(table)
    for note in r.notes:
        console.print(f"[yellow]note:[/] {note}")
    console.print(f"Speed: {r.deals_per_second:.1f} deals per second ({r.seconds:.2f} s)")


def simulate_command(
    variant: str = DEFAULT_VARIANT,
    *,
    deals: int,
    bots: str = "heuristic",
    seed: int | None = None,
    preset: str | None = None,
    options: Sequence[str] = (),
    as_json: bool = False,
    console: Console | None = None,
) -> dict[str, Any]:
    """Run :func:`simulate` from command-line values and print the summary (text or JSON).

    A progress bar is shown when the console is a terminal and the output is not JSON.
    Returns the summary as a dict.
    """
    import json

    from openwhist.play import parse_options

    console = console if console is not None else Console(highlight=False)
    overrides = parse_options(options, variant)
    if deals < 1:
        raise ConfigError(f"--deals must be at least 1, not {deals}")
    _, opts = resolve(variant, preset, **overrides)
    head = get_variant(resolve(variant)[0]).header(opts)
    parse_bots(bots, next(iter(head.dummies), None), head.hands,  # bad bots: say so at once
               head.partnership != "each")
    if seed is not None and seed < 0:
        raise ConfigError(f"--seed is a non-negative whole number, not {seed}")
    if not as_json and console.is_terminal:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        with Progress("[progress.description]{task.description}", BarColumn(),
                      MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                      transient=True) as bar:
            task = bar.add_task("dealing", total=deals)
            result = simulate(variant, deals=deals, bots=bots, seed=seed, preset=preset,
                              options=overrides,
                              progress=lambda n: bar.update(task, completed=n))
    else:
        result = simulate(variant, deals=deals, bots=bots, seed=seed, preset=preset,
                          options=overrides)
    summary = result.to_dict()
    if as_json:
        console.print(json.dumps(summary, indent=2), markup=False, highlight=False, emoji=False,
                      soft_wrap=True)
    else:
        render_summary(result, console)
    return summary
