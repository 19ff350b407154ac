"""Evaluate a policy against the project's bots on duplicate deals, with 95% intervals.

Each board is dealt twice from the same seed (the dealer drawn with it): once with the
policy playing North and South against the bot at East and West, once with the sides
swapped, so the cards are the same for both and luck of the deal cancels. The policy
acts only on its seat's observation, through the observation tensor and the action mask
(``openwhist.env.tensors``), like any learning code; the bots are the project's
(``random``, ``heuristic``, ``pimc``...: any spec the arena takes).

The policy is the linear policy of ``examples/train_policy.py`` (``--policy FILE.npz``),
or, without a file, a fixed one: its weights set by hand to the rule "win as cheaply as
possible unless partner is winning, else play the lowest card" (played ``--greedy``, it
is that rule). By default the policy's card is drawn from its probabilities, as in
training.

Usage::

    python examples/evaluate_policy.py --policy policy.npz --opponent heuristic --boards 200

It prints, as JSON, the policy's mean tricks and points per deal, its gain in points per
deal over the bot on the same cards (the mean over boards of half the difference of the
two plays), each with its 95% confidence interval.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from train_policy import FEATURES, LinearPolicy  # noqa: E402

import openwhist  # noqa: E402
from openwhist.arena import board_seed, mean_ci  # noqa: E402
from openwhist.bots import make_bot, play_out  # noqa: E402
from openwhist.cards import derive_seed  # noqa: E402
from openwhist.env.tensors import action_mask, observation_tensor, tensor_layout  # noqa: E402
from openwhist.rules.actions import action_from_id  # noqa: E402
from openwhist.rules.observation import Observation  # noqa: E402
from openwhist.rules.registry import header as rules_header  # noqa: E402

RULE_WEIGHTS = {"cheapest winner": 6.0, "lowest of its suit": 3.0, "beats, partner winning": -6.0,
                "rank": -1.0, "trump": -2.0, "leading x rank": 2.0, "highest left in suit": 2.0}
"""The fixed policy's weights: a rule of thumb written as a linear policy."""


class PolicyBot:
    """A bot that plays a :class:`LinearPolicy` on its seat's tensor and mask: a card drawn
    from the policy (as it was trained), or its likeliest with ``greedy``."""

    name = "policy"
    searches = False

    def __init__(self, policy: LinearPolicy, seed: int = 0, greedy: bool = False) -> None:
        self.policy = policy
        self.rng = np.random.default_rng(seed)
        self.greedy = greedy

    def choose(self, observation: Observation) -> Any:
        """The policy's card."""
        layout = self.policy.layout
        tensor = observation_tensor(observation, layout)
        card, _, _ = self.policy.act(tensor, action_mask(observation, layout), self.rng, self.greedy)
        return action_from_id(card)


def fixed_policy(layout: Any) -> LinearPolicy:
    """The rule of thumb as a linear policy (no training)."""
    theta = np.array([RULE_WEIGHTS.get(f, 0.0) for f in FEATURES])
    return LinearPolicy(layout, theta)


def evaluate(policy: LinearPolicy, opponent: str = "heuristic", boards: int = 100, seed: int = 1,
             variant: str = "classic", greedy: bool = False) -> dict[str, Any]:
    """Play ``boards`` duplicate boards; the policy's figures with 95% intervals."""
    header = rules_header(variant)
    assert header.sides is not None, "the example plays a variant of fixed sides"
    tricks: list[float] = []
    points: list[float] = []
    gains: list[float] = []
    for board in range(boards):
        bseed = board_seed(seed, board)
        dealer = bseed % header.hands
        mine = []
        for play, side in enumerate((0, 1)):
            deal = openwhist.new_deal(variant, seed=bseed, dealer=dealer)
            bots: dict[int, Any] = {}
            for s in header.seats:
                if header.sides[s] == side:
                    bots[s] = PolicyBot(policy, derive_seed(bseed, "policy", play), greedy)
                else:
                    bots[s] = make_bot(opponent, seed=derive_seed(bseed, "bot", s, play))
            play_out(deal, bots)
            result = deal.result()
            tricks.append(result.tricks[side])
            points.append(result.points[side])
            mine.append(result.points[side] - result.points[1 - side])
        gains.append(sum(mine) / 2)
    return {
        "variant": variant, "opponent": opponent, "boards": boards, "seed": seed, "greedy": greedy,
        "tricks_per_deal": _ci(tricks), "points_per_deal": _ci(points),
        "gain_points_per_deal": _ci(gains),
    }


def _ci(values: list[float]) -> dict[str, float]:
    mean, low, high = mean_ci(values)
    return {"mean": round(mean, 3), "low": round(low, 3), "high": round(high, 3)}


def main() -> None:
    """Evaluate and print the figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--policy", default=None, help="weights saved by train_policy.py (.npz)")
    parser.add_argument("--opponent", default="heuristic", help="the bot to play against (an arena spec)")
    parser.add_argument("--boards", type=int, default=100, help="duplicate boards (each played twice)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--greedy", action="store_true", help="play the likeliest card, not a drawn one")
    args = parser.parse_args()
    if args.boards < 1:
        parser.error("--boards is a whole number from 1")
    layout = tensor_layout("classic")
    try:
        policy = fixed_policy(layout) if args.policy is None else LinearPolicy.load(args.policy, layout)
        make_bot(args.opponent)
    except (OSError, ValueError, KeyError) as exc:
        parser.error(str(exc))
    print(json.dumps(evaluate(policy, args.opponent, args.boards, args.seed, greedy=args.greedy)))


if __name__ == "__main__":
    main()
