"""Computer players; each sees only :class:`openwhist.rules.classic.Observation`."""

from openwhist.bots.base import Bot, RandomBot

__all__ = ["Bot", "RandomBot"]
