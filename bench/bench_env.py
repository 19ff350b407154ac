"""The research environment's speed, against OpenSpiel's bridge, in one run.

Figures (cards per second of random play, on one core; higher is better):

* OpenSpiel's C++ ``bridge`` driven from Python (play only: a dealt position cloned and
  played out; deal+play: 52 chance actions, a one-club contract, then the play), the peer
  of every ratio below;
* the rules API (``openwhist.new_deal``, ``legal_actions``, ``apply``), the same two ways;
* the batch simulator (:mod:`openwhist.env.batch`): play only (given hands), deal+play
  (its own generator's deals, and the rules' deals from seeds), and the rule-based policy;
* the tensor: microseconds of ``observation_tensor`` (and of the observation it is made
  from) per call, through whole deals in the order an environment asks for them, against
  one step of random play through the API (``legal_actions``, a choice, ``apply``), timed
  in turns in one loop;
* the adapters: steps per second of the PettingZoo environment and the OpenSpiel game
  (observation tensor and mask at every step).

Rates are the best of ``--rounds`` rounds taken in turns (each round measures everything
once), so that the load of a busy machine falls on all alike.

Usage: ``python bench/bench_env.py [--seconds 2] [--deals 200000] [--rounds 3] [--json]``;
``--profile`` instead shows where the Python calls of random play through the API go.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

import numpy as np

import openwhist
from bench_play import openspiel_runners, openwhist_runners, rate
from openwhist.env import batch
from openwhist.env.tensors import observation_tensor, tensor_layout

CARDS = 52


def batch_runs(deals: int) -> dict[str, Callable[[], object]]:
    """One run of ``deals`` deals of each batch measurement (compiled and warmed up)."""
    hands = batch.random_hands(deals, seed=1)
    seeds = np.arange(deals, dtype=np.uint64)
    batch.seeded_deals(seeds[:10])
    batch.simulate(hands=hands[:10], seed=0)
    batch.simulate(10, policy="rule", seed=0)
    return {
        "batch_play_only": lambda: batch.simulate(hands=hands, seed=2),
        "batch_deal_play": lambda: batch.simulate(deals, seed=3),
        "batch_seeded_deal_play": lambda: batch.simulate(
            hands=(d := batch.seeded_deals(seeds))[0], trump=d[1], leader=d[2], seed=3),
        "batch_rule_play_only": lambda: batch.simulate(hands=hands, policy="rule", seed=2),
    }


def card_rates(seconds: float, deals: int, rounds: int) -> dict[str, float]:
    """Cards per second of every measurement, each the best of ``rounds`` rounds taken in
    turns (a round measures everything once), so that a busy machine's load falls on all
    alike and the best round of each is compared."""
    ours_full, ours_play = openwhist_runners()
    single: dict[str, Callable[[int], None]] = {"api_deal_play": ours_full, "api_play_only": ours_play}
    peers = openspiel_runners()
    if peers is not None:
        single["openspiel_deal_play"], single["openspiel_play_only"] = peers
    runs = batch_runs(deals)
    best: dict[str, float] = {}
    for _ in range(rounds):
        for name, run_one in single.items():
            best[name] = max(best.get(name, 0.0), rate(run_one, seconds / rounds) * CARDS)
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            best[name] = max(best.get(name, 0.0), deals * CARDS / (time.perf_counter() - start))
    return best


def tensor_costs(seconds: float) -> dict[str, float]:
    """Microseconds per call, timed in turns in one loop (so that the machine's load falls
    on all alike): a step of random play (``legal_actions``, a random choice, ``apply``),
    the mover's observation, and its tensor, through whole deals."""
    layout = tensor_layout("classic")
    rng = random.Random(3)
    clock = time.perf_counter
    step = observe = encode = 0.0
    count = 0
    seed = 0
    start = clock()
    while clock() - start < seconds:
        deal = openwhist.new_deal("classic", seed=seed)
        seed += 1
        while not deal.is_over():
            seat = deal.controller(deal.to_move)  # type: ignore[arg-type]
            a = clock()
            view = deal.observation(seat)
            b = clock()
            observation_tensor(view, layout)
            c = clock()
            deal.apply(rng.choice(deal.legal_actions()))
            d = clock()
            observe += b - a
            encode += c - b
            step += d - c
            count += 1
    return {"step_us": step / count * 1e6, "observation_us": observe / count * 1e6,
            "tensor_us": encode / count * 1e6}


def adapter_rates(seconds: float) -> dict[str, float]:
    """Steps per second of random play through the PettingZoo and OpenSpiel adapters,
    observing the mover's tensor and mask at every step."""
    out: dict[str, float] = {}
    try:
        from openwhist.env.aec import WhistEnv
    except ImportError:
        return out
    env = WhistEnv("classic")
    rng = np.random.default_rng(0)
    steps = 0
    episodes = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        env.reset(seed=episodes)
        episodes += 1
        while not env.deal.is_over():  # type: ignore[union-attr]
            obs = env.observe(env.agent_selection)
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    out["pettingzoo_steps_per_s"] = steps / elapsed
    try:
        import pyspiel

        import openwhist.env  # noqa: F401 - registers the games
    except ImportError:
        return out
    game = pyspiel.load_game("openwhist_classic")
    choice = random.Random(0).choice
    steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(choice(state.legal_actions()))
        while not state.is_terminal():
            state.observation_tensor(state.current_player())
            state.apply_action(choice(state.legal_actions()))
            steps += 1
    out["openspiel_game_steps_per_s"] = steps / elapsed
    return out


def profile_calls(deals: int = 500) -> list[tuple[str, float, float]]:
    """Where the Python calls of random play through the API go: per function, calls per
    deal and its share of the time (its own, not its callees'), under cProfile."""
    import cProfile
    import pstats

    rng = random.Random(1)
    base = openwhist.new_deal("classic", seed=1)

    def run() -> None:
        choice = rng.choice
        for _ in range(deals):
            deal = base.clone()
            while not deal.is_over():
                deal.apply(choice(deal.legal_actions()))

    profiler = cProfile.Profile()
    profiler.runcall(run)
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = sum(v[2] for v in stats.values())
    rows = [(f"{func[0].rsplit('/', 1)[-1]}:{func[1]}({func[2]})", v[1] / deals, v[2] / total)
            for func, v in stats.items()]
    return sorted(rows, key=lambda r: -r[1])


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--deals", type=int, default=200_000, help="deals per batch")
    parser.add_argument("--rounds", type=int, default=3, help="rounds in turns; the best of each counts")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.add_argument("--profile", action="store_true",
                        help="only show where the Python calls of random play through the API go")
    args = parser.parse_args()
    if args.profile:
        rows = profile_calls()
        print(f"{sum(r[1] for r in rows):.0f} Python calls per deal of random play (cProfile)")
        for name, calls, share in rows[:15]:
            print(f"  {calls:7.1f} calls  {share:6.1%} own time  {name}")
        return
    figures: dict[str, float] = card_rates(args.seconds, args.deals, args.rounds)
    peers = "openspiel_play_only" in figures
    if peers:
        for name in ("api_deal_play", "api_play_only", "batch_play_only", "batch_deal_play",
                     "batch_seeded_deal_play", "batch_rule_play_only"):
            peer = "openspiel_deal_play" if "deal_play" in name else "openspiel_play_only"
            figures[f"ratio_{name}"] = figures[name] / figures[peer]
    costs = tensor_costs(args.seconds)
    figures.update(costs)
    figures["tensor_per_step"] = costs["tensor_us"] / costs["step_us"]
    figures["observation_per_step"] = costs["observation_us"] / costs["step_us"]
    figures.update(adapter_rates(args.seconds))
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print("cards per second of random play on one core (higher is better)")
    for name in ("api_deal_play", "api_play_only", "batch_play_only", "batch_deal_play",
                 "batch_seeded_deal_play", "batch_rule_play_only", "openspiel_deal_play",
                 "openspiel_play_only"):
        if name in figures:
            ratio = figures.get(f"ratio_{name}")
            tail = f"   {ratio:6.2f}x OpenSpiel" if ratio is not None else ""
            print(f"  {name:22s} {figures[name]:14,.0f}{tail}")
    if not peers:
        print("  OpenSpiel not installed (pip install open-spiel) - no ratios")
    print(f"tensor: a step of random play {costs['step_us']:.2f} us; the observation "
          f"{costs['observation_us']:.2f} us ({figures['observation_per_step']:.2f} steps), "
          f"its tensor {costs['tensor_us']:.2f} us ({figures['tensor_per_step']:.2f} steps)")
    for name in ("pettingzoo_steps_per_s", "openspiel_game_steps_per_s"):
        if name in figures:
            print(f"  {name:26s} {figures[name]:10,.0f}")


if __name__ == "__main__":
    main()
