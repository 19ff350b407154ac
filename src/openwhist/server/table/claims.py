"""Claims: a person claims tricks of those still to play; his opponents answer (computer
players: yes exactly when the solver proves it); accepted or refused, the solver plays the
deal out (a refused claim is settled, never played on with the hand known)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from openwhist.bots import make_bot
from openwhist.bots.claims import claim_holds
from openwhist.errors import WhistError
from openwhist.rules.seats import seat_name
from openwhist.server.policy import CLAIM_SETTLED, claim_shown, may_answer_claim, table_audience
from openwhist.server.table.base import encode
from openwhist.server.table.commands import Answer, Claim
from openwhist.solver import Position, solve_all

if TYPE_CHECKING:
    from openwhist.server.table.live import LiveTable

__all__ = ["FALLBACK", "Claims", "settling_card"]

log = logging.getLogger("openwhist.server")

FALLBACK = "technique"
"""Who plays a claim's cards where the solver fails (a fault, never a refusal): the
technique player, which needs no solver, so that a claim never stops a table."""


def settling_card(values: Mapping[Any, int], claimant_to_play: bool, needed: int) -> Any:
    """The card played when the solver settles a claim, of ``values`` (each card's tricks
    for the claimant's side with best play after it): the claimant's side plays the card
    that keeps at least the ``needed`` tricks it still claims and no more than its cards
    force (or, where none does, the one that makes the most); the other side plays its best
    (the fewest for the claimant).  Ties go to the lowest card id."""
    ordered = sorted(values.items(), key=lambda cv: int(cv[0]))
    if claimant_to_play:
        enough = [cv for cv in ordered if cv[1] >= needed]
        return (min(enough, key=lambda cv: cv[1]) if enough else max(ordered, key=lambda cv: cv[1]))[0]
    return min(ordered, key=lambda cv: cv[1])[0]


class Claims:
    """The open claim at a table, and its answers and settling."""

    def __init__(self, table: LiveTable) -> None:
        self.t = table

    def side_tricks(self, side: int) -> int:
        """Tricks the side has won in the deal so far."""
        deal = self.t.deal
        return sum(1 for tr in deal.public_observation().tricks if int(deal.sides[tr.winner]) == side)

    def shown(self, viewer: int | None, session: bool = True) -> dict[str, Any] | None:
        """The open claim as ``viewer`` (a seat, None: not seated; ``session`` False: a
        request without a session) is shown it: the claimant's cards only for those the
        policy shows them to (:func:`~openwhist.server.policy.claim_shown`)."""
        claim = self.t.claim
        if claim is None:
            return None
        deal = self.t.deal
        audience = table_audience(deal.sides, viewer, claim["seat"], session=session)
        shown = claim_shown(seat_name(claim["seat"], deal.n_hands), claim["tricks"], claim["cards"], audience)
        return {**shown, "settling": claim["settling"]}

    async def make(self, cmd: Claim) -> None:
        """A person claims ``tricks`` of the tricks still to play for his side (0: he
        concedes the rest): play stops; his hand is shown to the opponents only (the policy's
        :data:`~openwhist.server.policy.CLAIM_HAND_SHOWN`), who answer."""
        t, conn, ref, tricks = self.t, cmd.conn, cmd.ref, cmd.tricks
        seat = t.seat_of(conn.user_id)
        if seat is None:
            return t.refuse(conn, "you do not sit at this table", ref, "not_seated")
        if t.state != "playing" or t.claim is not None:
            return t.refuse(conn, "no claim can be made now", ref, "claim_not_now")
        if t.host.settings.compile_solver and not t.host.pimc_ready.is_set():
            return t.refuse(conn, "claims are checked by the solver, which is being prepared; "
                                  "try again in a minute", ref, "claim_not_ready")
        deal = t.deal
        try:
            claim_holds(deal, seat, 0)  # raises where no claim can be made (nothing is solved)
            remaining = Position.from_state(deal, declarer_side=int(deal.sides[seat])).remaining
        except WhistError as exc:
            return t.refuse(conn, str(exc), ref, "claim_not_now")
        if not 0 <= tricks <= remaining:
            return t.refuse(conn, f"claim from 0 to {remaining} tricks", ref, "claim_range",
                            {"most": remaining})
        side = int(deal.sides[seat])
        opponents = [s for s in deal.seats if int(deal.sides[s]) != side]
        people = {s for s in opponents if t.seats[s].kind == "person" and s not in t.auto}
        cards = [str(c) for c in deal.observation(seat).hand]
        t.claim = {"seat": seat, "side": side, "tricks": tricks, "cards": cards, "waiting": people,
                   "base": self.side_tricks(side), "settling": False}
        for viewer, conns in t.audiences():
            text = encode({"type": "claim", "v": t.version, **(self.shown(viewer) or {})})
            for c in conns:
                c.send_text(text)
        t.clock.schedule()  # no computer move while the claim is answered
        # computer players answer yes exactly when the solver proves the claim
        if len(people) < len(opponents) and not await t.host.bot_pool.run(claim_holds, deal, seat, tricks):
            return await self.refused(None)
        if not people:
            await self.settle()

    async def answer(self, cmd: Answer) -> None:
        """An opponent accepts or refuses the open claim."""
        t = self.t
        seat = t.seat_of(cmd.conn.user_id)
        if (t.claim is None or seat is None or seat not in t.claim["waiting"]
                or not may_answer_claim(table_audience(t.deal.sides, seat, t.claim["seat"]))):
            return t.refuse(cmd.conn, "no claim waits for your answer", cmd.ref, "claim_none")
        if not cmd.accept:
            return await self.refused(seat)
        t.claim["waiting"].discard(seat)
        if not t.claim["waiting"]:
            await self.settle()

    async def refused(self, seat: int | None) -> None:
        """The claim is disputed (by the person at ``seat``, None: a computer player): it is
        settled, not played on (the policy's :data:`~openwhist.server.policy.CLAIM_SETTLED`)."""
        t = self.t
        assert t.claim is not None
        n = t.deal.n_hands
        t.claim["waiting"] = set()
        t.claim["settling"] = True
        message = {"type": "claim_refused", "v": t.version, "claimant": seat_name(t.claim["seat"], n),
                   "seat": None if seat is None else seat_name(seat, n), "settled": CLAIM_SETTLED}
        for c in t.all_conns():
            c.send(message)
            c.send(t.sync_message(c, "table"))
        await self.settle()

    async def settle(self) -> None:
        """Play the deal out with the solver (:func:`settling_card`); a card the solver
        cannot give is played by the :data:`FALLBACK` player, and the table goes on even
        where that fails too (the claim is then dropped and play resumes)."""
        t = self.t
        assert t.claim is not None
        t.claim["settling"] = True
        deal, claim = t.deal, t.claim
        solver = True  # until it fails: then the fallback player plays the rest
        try:
            while t.deal is deal and not deal.is_over() and t.claim is claim:
                hand = deal.to_move
                assert hand is not None
                card = await self._solved_card(claim, hand) if solver else None
                if card is None:
                    solver = False
                    card = make_bot(FALLBACK).choose(deal.observation(deal.controller(hand)))
                await t.mover.apply(deal.controller(hand), card, by_bot=True)
        finally:
            if t.claim is claim:
                t.claim = None
                if t.deal is deal and not deal.is_over():  # a fault stopped the settling
                    for c in t.all_conns():
                        c.send(t.sync_message(c, "table"))
                    t.clock.schedule()

    async def _solved_card(self, claim: dict[str, Any], hand: int) -> Any:
        """The card ``hand`` plays in settling ``claim`` by the solver (:func:`settling_card`);
        None where the solver fails (logged)."""
        t = self.t
        deal = t.deal
        needed = claim["tricks"] - (self.side_tricks(claim["side"]) - claim["base"])
        pos = Position.from_state(deal, declarer_side=claim["side"], objective="max")
        try:
            values = await t.host.bot_pool.run(solve_all, pos)
        except Exception:
            log.exception("table %s: the solver could not settle the claim; the %s player plays the rest",
                          t.id, FALLBACK)
            return None
        return settling_card(values, int(deal.sides[hand]) == claim["side"], needed)
