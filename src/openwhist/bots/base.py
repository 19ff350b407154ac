"""The bot protocol: a computer player sees only an observation and returns an action."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from openwhist.errors import IllegalActionError
from openwhist.rules.base import Action, Observation

__all__ = ["Bot", "Drivable", "RandomBot", "play_out", "revision", "searches"]


def searches(bot: object) -> bool:
    """True if the bot (or bot class) searches with the compiled solver (its ``searches``
    attribute); a bot that does not say is taken to search, to be safe: whoever serves
    several tables runs its decisions off the event loop.

    >>> searches(RandomBot), searches(object())
    (False, True)
    """
    return bool(getattr(bot, "searches", True))


def revision(bot: object, variant: str) -> int:
    """The version of the bot's play in ``variant`` (a family or a preset name): its
    class's ``revision`` attribute, a number for every family or a mapping from a family's
    name to its number where a change touched one family's play only (a family not named,
    or no attribute: 0).  It is raised by one whenever a change to the code makes the bot
    play otherwise with the same options, so that results kept from its earlier play are
    not taken for its own (:func:`openwhist.arena.run_key`).

    >>> class Reader:
    ...     revision = {"german": 2}
    >>> revision(Reader, "german"), revision(Reader, "german-race-7"), revision(Reader, "classic")
    (2, 2, 0)
    >>> revision(RandomBot, "classic")
    0
    """
    value = getattr(bot, "revision", 0)
    if isinstance(value, Mapping):
        from openwhist.rules.registry import resolve

        return int(value.get(resolve(variant)[0], 0))
    return int(value)


@runtime_checkable
class Bot(Protocol):
    """A computer player.  ``choose`` gets the observation of the seat it plays for (the
    same view a person at that seat has) and returns one of ``observation.legal``.

    A bot class may say ``searches = True``: its decisions search with the compiled
    solver, so they need the solver ready and may take up to the bot's time budget (a
    server runs them in a worker thread, never on its event loop); see :func:`searches`.
    It may say ``revision = N`` (or ``{"german": N}`` for one family): the version of its
    play, raised when a change makes it play otherwise (see :func:`revision`).
    """

    name: str

    def choose(self, observation: Observation) -> Action:
        """The action to take."""
        ...


class RandomBot:
    """Plays a uniformly random legal action; seeded for reproducible games."""

    name = "random"
    searches = False

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"

    def choose(self, observation: Observation) -> Action:
        """A random action among the legal ones."""
        if not observation.legal:
            raise IllegalActionError("it is not this seat's turn: there is nothing to choose")
        return self.rng.choice(observation.legal)


class Drivable(Protocol):
    """What :func:`play_out` drives: a deal or a match."""

    @property
    def to_move(self) -> int | None:
        """The hand to act."""
        ...

    def is_over(self) -> bool:
        """True once finished."""
        ...

    def controller(self, hand: int) -> int:
        """The seat acting for ``hand``."""
        ...

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees."""
        ...

    def apply(self, action: Action) -> tuple[Any, ...]:
        """Take an action."""
        ...


def play_out(game: Drivable, bots: Mapping[int, Bot],
             stop: Callable[[int], bool] | None = None,
             after: Callable[[int, Action, tuple[Any, ...]], None] | None = None) -> int | None:
    """Let the bots act, each on its own seat's observation, until the deal or match is
    over or a seat without a bot (or one for which ``stop(seat)`` is true) must act.

    :param bots: a bot per seat.
    :param after: called with the hand, the action and its events after each action.
    :returns: the seat that must act next, or None once the game is over.
    """
    while not game.is_over():
        hand = game.to_move
        assert hand is not None
        seat = game.controller(hand)
        bot = bots.get(seat)
        if bot is None or (stop is not None and stop(seat)):
            return seat
        action = bot.choose(game.observation(seat))
        events = game.apply(action)
        if after is not None:
            after(hand, action, events)
    return None
