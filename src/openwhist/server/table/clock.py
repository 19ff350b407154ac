"""The clock: when a computer player acts (at a bot's seat after the bot pause, for a
person away longer than the away time, for a person whose time per move ran out), and the
bots themselves, one per seat for the table's life."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from openwhist.bots import Bot, bot_class, make_bot, searches
from openwhist.cards import derive_seed
from openwhist.server.table.base import SeatState
from openwhist.server.table.commands import TimerFired

if TYPE_CHECKING:
    from openwhist.server.table.live import LiveTable

__all__ = ["Clock", "move_delay"]


def move_delay(st: SeatState, now: float, bot_pause: float, away_timeout: float,
               deadline: float | None) -> tuple[float, bool] | None:
    """When the computer player acts at a seat whose turn it is (``st``; ``now`` on the
    loop's clock): after ``bot_pause`` at a bot's seat; for a person away, the away time
    after he went; for a present person with a time per move, at ``deadline`` (then
    ``forced``).  Returns (seconds from now, forced), or None when it waits for the
    person."""
    if st.kind == "bot":
        return bot_pause, False
    if st.kind == "person" and not st.conns and st.away_since is not None:
        return max(0.0, st.away_since + away_timeout - now) + bot_pause, False
    if st.kind == "person" and deadline is not None:
        return max(0.0, deadline - now), True
    return None


class Clock:
    """The computer players' timing at one table (see the module's docstring)."""

    def __init__(self, table: LiveTable) -> None:
        self.t = table
        self._timer: asyncio.TimerHandle | None = None
        self._bots: dict[int, tuple[str, Bot]] = {}  # each seat's bot, with its level

    def cancel(self) -> None:
        """Stop the pending timer."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _due(self) -> bool:
        t = self.t
        return not (t.closed or t.state != "playing" or t.claim is not None or t.deal.to_move is None)

    def schedule(self) -> None:
        """Arrange the next computer move (a pending one is replaced)."""
        t = self.t
        self.cancel()
        if not self._due() or t.presence.unattended():
            return
        to_move = t.deal.to_move
        assert to_move is not None
        st = t.seats.get(t.deal.controller(to_move))
        if st is None:
            return
        settings = t.host.settings
        away = not st.conns and st.away_since is not None
        if st.kind == "person" and not away and t.move_time and t.deadline is None:
            t.deadline = time.monotonic() + t.move_time
        when = move_delay(st, time.monotonic(), settings.bot_pause, settings.away_timeout,
                          t.deadline if t.move_time else None)
        if when is None:
            return
        self._timer = asyncio.get_running_loop().call_later(
            when[0], t.post, TimerFired("move", t.version, when[1]))

    def bot_for(self, seat: int, spec: str) -> Bot:
        """The bot playing ``seat`` at level ``spec``: one per seat for the table's life,
        made again when the seat's level changes.  A bot sees its own seat's observations
        only, so what it keeps between moves (a random generator, the rule-book bot it
        falls back on) never carries another seat's cards."""
        kept = self._bots.get(seat)
        if kept is None or kept[0] != spec:
            kept = self._bots[seat] = (spec, make_bot(spec, seed=derive_seed(self.t.secret, "bot", seat)))
        return kept[1]

    async def on_timer(self, cmd: TimerFired) -> None:
        """A computer player acts: at a bot's seat, for a person away longer than the away
        time, or (``forced``) for a person whose time per move ran out."""
        t, version = self.t, cmd.version
        if version != t.version or not self._due():
            return  # a stale timer: the table has moved on (or closed)
        if t.presence.unattended():
            return  # everybody went before the match began: a person's return starts it
        to_move = t.deal.to_move
        assert to_move is not None
        seat = t.deal.controller(to_move)
        st = t.seats[seat]
        settings = t.host.settings
        if st.kind == "bot":
            spec = st.bot or settings.stand_in
        elif st.kind == "person" and (cmd.forced or not st.conns):
            spec = settings.stand_in
            if seat not in t.auto:
                t.auto.add(seat)
                t.broadcast_table()
        else:
            return
        if searches(bot_class(spec)) and not t.host.pimc_ready.is_set():
            spec = settings.stand_in  # the solver is still being prepared
        bot = self.bot_for(seat, spec)
        obs = t.deal.observation(seat)
        if searches(bot):  # a search never runs on the event loop, which serves every table
            action = await t.host.bot_pool.run(bot.choose, obs)
        else:
            action = bot.choose(obs)
        if version != t.version:
            return
        await t.mover.apply(seat, action, by_bot=True, auto=st.kind == "person")
