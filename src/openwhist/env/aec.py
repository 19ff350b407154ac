"""PettingZoo AEC environments for every registered variant.

One agent per seat at the table (named by its letter: ``"N"``, ``"E"``...; in Dummy whist
the dummy's partner also acts for the dummy).  An agent's observation is a dict with
``"observation"`` (the tensor of :mod:`openwhist.env.tensors`, ``float32``) and
``"action_mask"`` (``int8``, 1 for each legal action id; all 0 when it is not the agent's
turn).  Actions are the stable action ids (cards 0-51, then calls).

Rewards come at the end of a deal (:func:`openwhist.env.rewards.seat_returns`): a seat's
points (or its side's) minus the mean of those it plays against, so in a game of two
equal sides or of players each for himself they sum to 0.
With ``deals=N`` an episode is a match of N deals (:class:`openwhist.Match`: the dealer
passes by the variant's rule and the score is kept by its match rules), each deal's
reward given when it ends; the final ``info`` holds the match's totals.

>>> env = aec_env("classic", seed_offset=0)
>>> env.reset(seed=3)
>>> env.agent_selection, env.observation_space("N")["observation"].shape
('E', (969,))
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from openwhist.env.rewards import seat_returns
from openwhist.env.tensors import action_mask, observation_tensor, tensor_layout
from openwhist.errors import ConfigError
from openwhist.match import Match
from openwhist.rules.options import without_ranges
from openwhist.rules.protocol import Deal
from openwhist.rules.registry import DEFAULT_VARIANT, get_variant, new_deal, resolve
from openwhist.rules.seats import seat_name

__all__ = ["WhistEnv", "aec_env"]


class WhistEnv(AECEnv):  # type: ignore[misc]
    """One variant of whist as a PettingZoo AEC environment.

    :param variant: a variant or preset name (see :func:`openwhist.variants`).
    :param preset: a named option set; ``**options`` change single options.
    :param deals: deals per episode (a match of that many deals); 1 by default (then
        ``reset(seed=s)`` deals ``openwhist.new_deal(variant, seed=s)``).
    :param dealer: the first dealer (a seat number); ``"random"`` draws it with the seed.
    :param render_mode: ``"ansi"`` (``render()`` returns the table as text) or
        ``"human"`` (prints it after every step).
    :param seed_offset: ``reset(seed=s)`` deals with seed ``s + seed_offset``.
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "openwhist_v0", "is_parallelizable": False}

    def __init__(self, variant: str = DEFAULT_VARIANT, preset: str | None = None, deals: int = 1,
                 dealer: int | str = 0, render_mode: str | None = None, seed_offset: int = 0,
                 **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ConfigError(f"render_mode is 'ansi', 'human' or None, not {render_mode!r}")
        if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
            raise ConfigError(f"deals is a whole number from 1, not {deals!r}")
        name, self.options = resolve(variant, preset, **options)
        self.variant = name
        self.record = get_variant(name)
        self.header = self.record.header(self.options)
        self.layout = tensor_layout(variant, preset, **options)
        self.deals = deals
        if dealer != "random" and (isinstance(dealer, bool) or not isinstance(dealer, int)
                                   or not 0 <= dealer < self.header.hands):
            raise ConfigError(f"dealer is a hand 0-{self.header.hands - 1} or 'random', not {dealer!r}")
        self.first_dealer = dealer
        self.seed_offset = seed_offset
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"openwhist_{name}_v0"}
        n = self.header.hands
        self.seat_of = {seat_name(s, n): s for s in self.header.seats}
        self.possible_agents = list(self.seat_of)
        self.agent_of = {s: a for a, s in self.seat_of.items()}
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.layout.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.layout.actions,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.layout.actions) for a in self.possible_agents}
        self.deal: Deal | None = None
        self.agents: list[str] = []
        self._seed = 0
        self._rng = np.random.default_rng()
        self._dealer = 0
        self.match: Match | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of an agent (a dict of the tensor and the action mask)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of an agent: the action ids."""
        return self.action_spaces[agent]

    # --- the episode -------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal the first deal of a new episode (with ``seed``, or one drawn from the
        environment's generator)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._seed = int(self._rng.integers(0, 2**62)) if seed is None else seed + self.seed_offset
        if self.first_dealer == "random":
            self._dealer = int(self._rng.integers(0, self.header.hands))
        else:
            self._dealer = int(self.first_dealer)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if self.deals == 1:
            self.match = None
            self.deal = new_deal(self.variant, options=self.options, seed=self._seed, dealer=self._dealer)
        else:
            with without_ranges():  # an episode of any number of deals (it always ends)
                self.match = Match(self.variant, self.options, self._seed, until="deals",
                                   count=self.deals, first_dealer=self._dealer)
            self.deal = self.match.state
        self._select()

    def _select(self) -> None:
        deal = self.deal
        assert deal is not None
        hand = deal.to_move
        if hand is not None:
            self.agent_selection = self.agent_of[deal.controller(hand)]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """The agent's observation: its tensor and its action mask."""
        assert self.deal is not None
        obs = self.deal.observation(self.seat_of[agent])
        return {"observation": observation_tensor(obs, self.layout),
                "action_mask": action_mask(obs, self.layout)}

    def step(self, action: Any) -> None:
        """The selected agent takes ``action`` (an action id); an illegal one raises
        :class:`~openwhist.errors.IllegalActionError` and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        deal = self.deal
        assert deal is not None
        self._cumulative_rewards[agent] = 0.0
        if self.match is not None:
            self.match.apply(int(action))
        else:
            deal.apply(int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if deal.is_over():
            result = deal.result()
            gains = seat_returns(tuple(result.points), deal.sides, self.header)
            for s, g in zip(self.header.seats, gains):
                self.rewards[self.agent_of[s]] = g
            self._accumulate_rewards()
            if self.match is None or self.match.is_over():
                self.terminations = dict.fromkeys(self.agents, True)
                info: dict[str, Any] = {"result": result.to_dict()}
                if self.match is not None:
                    info["totals"] = list(self.match.totals)
                for a in self.agents:
                    self.infos[a] = dict(info)
            else:
                self.deal = self.match.state
        else:
            self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        """The table as text (``ansi`` and ``human``): hands, the trick, tricks won."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        deal = self.deal
        if deal is None:
            return ""
        return str(deal) if type(deal).__str__ is not object.__str__ else repr(deal)

    def close(self) -> None:
        """Nothing to release."""


def aec_env(variant: str = DEFAULT_VARIANT, **kwargs: Any) -> Any:
    """A :class:`WhistEnv` wrapped as PettingZoo's classic games are: an illegal action
    ends the episode with a penalty (``TerminateIllegalWrapper``), actions are checked
    against the space and the order of calls is enforced."""
    env: Any = WhistEnv(variant, **kwargs)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
