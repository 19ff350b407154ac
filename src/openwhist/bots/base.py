"""The bot protocol: a computer player sees only an observation and returns an action."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from openwhist.cards import Card
from openwhist.errors import IllegalActionError
from openwhist.rules.classic import Observation

__all__ = ["Bot", "RandomBot"]


@runtime_checkable
class Bot(Protocol):
    """A computer player.  ``choose`` gets the observation of the seat it plays for (the
    same view a person at that seat has) and returns one of ``observation.legal``."""

    name: str

    def choose(self, observation: Observation) -> Card:
        """The action to take."""
        ...


class RandomBot:
    """Plays a uniformly random legal card; seeded for reproducible games."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Card:
        """A random card among the legal ones."""
        if not observation.legal:
            raise IllegalActionError("it is not this seat's turn: there is nothing to choose")
        return self.rng.choice(observation.legal)
