"""Random-play deals per second through the public API, against OpenSpiel's bridge.

The play phase of bridge is the play of whist (13 tricks, follow suit, trumps), so
OpenSpiel's C++ ``bridge`` driven from Python is a fair peer.  Both engines are measured in
the same run, on the same machine:

* ``deal+play``: deal a new hand (OpenSpiel: 52 chance actions, then a one-club contract
  and three passes) and play all 52 cards at random;
* ``play only``: copy a dealt position (``clone()``) and play it out at random.

Usage: ``python bench/bench_play.py [--seconds 3] [--json]``.  It says which trick-play core
ran: the compiled one (``python -m openwhist.native`` builds it; ``scripts/setup-env dev``
does) or, with ``OPENWHIST_PURE_PYTHON=1`` or where it is not built, the pure Python one.

Last figures, on a shared 2-core machine (the ratio moves with the load; three runs of
3 seconds each): compiled core, deal+play 1.54 to 1.59 times OpenSpiel's rate and play
only 1.02 to 1.06; pure Python core, 1.10 and 0.68.  Compiled, a checked card through the
API costs about as much as OpenSpiel's C++ behind pybind11; what is left is mostly the
objects each card and trick make (the events, the trick record), which OpenSpiel's
``apply_action`` does not return.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

import openwhist
from openwhist import native


def rate(run_one: Callable[[int], None], seconds: float) -> float:
    """Deals per second of ``run_one`` over about ``seconds`` (after a short warm-up)."""
    for i in range(20):
        run_one(i)
    n = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(50):
            run_one(n)
            n += 1
    return n / elapsed


def openwhist_runners() -> tuple[Callable[[int], None], Callable[[int], None]]:
    """Full-deal and play-only runners for openwhist."""
    rng = random.Random(1)
    base = openwhist.new_deal("classic", seed=1)

    def play(deal: openwhist.Deal) -> None:
        choice = rng.choice
        while not deal.is_over():
            deal.apply(choice(deal.legal_actions()))

    def full(i: int) -> None:
        play(openwhist.new_deal("classic", seed=i))

    def play_only(i: int) -> None:
        play(base.clone())

    return full, play_only


def openspiel_runners() -> tuple[Callable[[int], None], Callable[[int], None]] | None:
    """The same for OpenSpiel's bridge, or None if open-spiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("bridge", {"use_double_dummy_result": False})
    rng = random.Random(1)
    pass_action, one_club = 52, 55

    def dealt() -> object:
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        state.apply_action(one_club)
        for _ in range(3):
            state.apply_action(pass_action)
        return state

    base = dealt()

    def play(state: object) -> None:
        choice = rng.choice
        while not state.is_terminal():  # type: ignore[attr-defined]
            state.apply_action(choice(state.legal_actions()))  # type: ignore[attr-defined]

    def full(i: int) -> None:
        play(dealt())

    def play_only(i: int) -> None:
        play(base.clone())  # type: ignore[attr-defined]

    return full, play_only


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    ours_full, ours_play = openwhist_runners()
    core = "compiled" if native.is_compiled() else "pure Python"
    figures: dict[str, float | str | None] = {
        "openwhist_core": core,
        "openwhist_deal_play_per_s": rate(ours_full, args.seconds),
        "openwhist_play_only_per_s": rate(ours_play, args.seconds),
    }
    peers = openspiel_runners()
    if peers is not None:
        figures["openspiel_deal_play_per_s"] = rate(peers[0], args.seconds)
        figures["openspiel_play_only_per_s"] = rate(peers[1], args.seconds)
        figures["ratio_deal_play"] = (figures["openwhist_deal_play_per_s"]  # type: ignore[operator]
                                      / figures["openspiel_deal_play_per_s"])
        figures["ratio_play_only"] = (figures["openwhist_play_only_per_s"]  # type: ignore[operator]
                                      / figures["openspiel_play_only_per_s"])
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"random-play deals per second (higher is better; openwhist's core: {core})")
    print(f"  openwhist  deal+play {figures['openwhist_deal_play_per_s']:9.0f}   "
          f"play only {figures['openwhist_play_only_per_s']:9.0f}")
    if peers is None:
        print("  OpenSpiel  not installed (pip install open-spiel) - no comparison")
        return
    print(f"  OpenSpiel  deal+play {figures['openspiel_deal_play_per_s']:9.0f}   "
          f"play only {figures['openspiel_play_only_per_s']:9.0f}")
    print(f"  ratio openwhist/OpenSpiel: deal+play {figures['ratio_deal_play']:.2f}, "
          f"play only {figures['ratio_play_only']:.2f}")


if __name__ == "__main__":
    main()
