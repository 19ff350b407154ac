"""The mover: a person's action checked at the boundary, then any action (a person's, a
computer player's, the solver's settling a claim) applied, stored and sent, as the rules'
own events, to each audience as the policy shows them."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from openwhist.errors import WhistError
from openwhist.rules.base import Deal, Observation, parse_action
from openwhist.rules.seats import seat_name
from openwhist.server.policy import event_shown
from openwhist.server.table.base import Connection, encode, row_json, with_ref
from openwhist.server.table.commands import Act
from openwhist.server.views import action_shown, observe
from openwhist.store import append_action

if TYPE_CHECKING:
    from openwhist.server.table.finisher import Outcome
    from openwhist.server.table.live import LiveTable

__all__ = ["Mover", "Views"]

log = logging.getLogger("openwhist.server")


class Views:
    """The observations of one deal, each seat's (and the spectators' public one,
    ``None``) taken once and kept."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self._obs: dict[int | None, Observation] = {}
        self._json: dict[int | None, dict[str, Any]] = {}

    def obs(self, seat: int | None) -> Observation:
        """The observation of ``seat`` (None: the public one)."""
        if seat not in self._obs:
            self._obs[seat] = observe(self.deal, seat)
        return self._obs[seat]

    def shown(self, viewer: int | None, hand: int, action: Any) -> str | None:
        """The action of ``hand`` as ``viewer`` saw it (:func:`action_shown`)."""
        return action_shown(self.obs(viewer), hand, action)

    def events(self, viewer: int | None, events: tuple[Any, ...]) -> list[dict[str, Any]]:
        """The rules' events as ``viewer`` is shown them (:func:`event_shown`)."""
        n = self.deal.n_hands
        out = []
        for event in events:
            shown = event_shown(event, self.obs(viewer), n)
            if shown is not None:
                out.append(shown)
        return out

    def json(self, viewer: int | None) -> dict[str, Any]:
        """The observation of ``viewer`` as JSON."""
        if viewer not in self._json:
            self._json[viewer] = self.obs(viewer).to_json()
        return self._json[viewer]


class Mover:
    """Applies actions at one table (see the module's docstring)."""

    def __init__(self, table: LiveTable) -> None:
        self.t = table

    async def act(self, cmd: Act) -> None:
        """A person's action, checked in order: the match goes on, the person sits here,
        the action reads, it is this seat's turn, the rules allow it."""
        t, conn, ref = self.t, cmd.conn, cmd.ref
        seat = t.seat_of(conn.user_id)
        if t.closed:
            return t.refuse(conn, "this table is closed", ref, "closed")
        state = t.state
        if state == "over":
            return t.refuse(conn, "the match is over", ref, "match_over")
        if seat is None:
            return t.refuse(conn, "you do not sit at this table", ref, "not_seated")
        if state == "waiting":
            return t.refuse(conn, "the table waits for every seat to be taken", ref, "waiting")
        if state == "pause":
            return t.refuse(conn, "the next deal has not started yet", ref, "paused")
        if t.claim is not None:
            return t.refuse(conn, "a claim is being answered", ref, "claim_open")
        try:
            action = parse_action(cmd.action)
        except WhistError as exc:
            return t.refuse(conn, f"malformed action: {exc}", ref, "malformed")
        hand = t.deal.to_move
        if hand is None or t.deal.controller(hand) != seat:
            return t.refuse(conn, "it is not your turn", ref, "not_your_turn")
        try:
            action = t.deal.verify_action(action)
        except WhistError as exc:
            return t.refuse(conn, str(exc), ref, "illegal")
        t.auto.discard(seat)
        await self.apply(seat, action, by_bot=False, actor=conn, ref=ref)

    async def apply(self, seat: int, action: Any, by_bot: bool, actor: Connection | None = None,
                    ref: Any = None, auto: bool = False) -> None:
        """Apply an action of ``seat`` (checked already), store it, and send the event to
        every connection, each as its audience sees it; a deal or match that ends goes on
        to the pause or the finisher."""
        t = self.t
        deal = t.deal
        hand = deal.to_move
        assert hand is not None
        sheet_before = len(t.match.sheet)
        events = t.match.apply(action)
        match_no, seq = t.match_no, t.seq
        t.version += 1
        record = t.finisher.record() if t.match.is_over() else None
        try:
            record_id = await t.host.store.run(append_action, t.id, match_no, seq, seat, str(action), by_bot,
                                               t.version, record)
        except Exception:
            log.exception("table %s: the action could not be stored", t.id)
            await t.reload()
            if actor is not None:
                t.refuse(actor, "the server could not store the action; try again", ref)
            return
        t.seq += 1
        t.acted.append(seat)
        t.deadline = None
        t.host.actions += 1
        t.active = time.time()
        deal_over = len(t.match.sheet) > sheet_before
        tail: dict[str, Any] = {"by_bot": by_bot}
        if auto:
            tail["auto"] = True
        if t.claim is not None:
            tail["claimed"] = True
        outcome = None
        if record is not None:  # the match stays on the table until someone asks for another
            outcome = t.finisher.outcome(match_no, record, record_id)
            t.match_no += 1
            t.seq = 0
            t.acted = []
            t.claim = None
        elif deal_over:  # a pause: the next deal starts when the people are ready
            t.claim = None
            t.pause.start()
        head = {"type": "event", "v": t.version, "seat": seat_name(seat, deal.n_hands),
                "hand": seat_name(hand, deal.n_hands)}
        self._send(deal, head, tail, hand, action, events, deal_over, outcome, actor, ref)
        if deal_over:
            row = t.match.sheet[-1]
            t.finisher.deal_ended(row.deal, row.result, outcome)
            await t.seating.seat_pending()
        t.clock.schedule()

    def _send(self, deal: Deal, head: dict[str, Any], tail: dict[str, Any], hand: int, action: Any,
              events: tuple[Any, ...], deal_over: bool, outcome: Outcome | None,
              actor: Connection | None, ref: Any) -> None:
        """Send the event: each seat's observation is taken once and serves every use
        (whether it sees the action, the rules' events as it sees them, its final view of a
        finished deal, its current view); the message is encoded once per seat (once more
        for the actor, with its ref)."""
        t = self.t
        n = deal.n_hands
        row = row_json(t.match.sheet[-1], n) if deal_over else None
        after = Views(deal)
        now = after if t.deal is deal else Views(t.deal)
        for viewer, conns in t.audiences():
            message = dict(head)
            message["action"] = after.shown(viewer, hand, action)
            message.update(tail)
            # the events of an action that ended the deal belong to it, with its final view
            message["events"] = [] if deal_over else after.events(viewer, events)
            if deal_over:
                message["deal_over"] = {"row": row, "final": after.json(viewer),
                                        "events": after.events(viewer, events)}
            if outcome is not None:
                message["match_over"] = {"match_no": outcome.match_no, "summary": outcome.summary,
                                         "winner": None if outcome.winners is None else list(outcome.winners),
                                         "points": outcome.points}
            message["view"] = now.json(viewer) if viewer is None else t.halted(now.json(viewer))
            text = encode(message)
            for conn in conns:
                conn.send_text(with_ref(text, ref) if conn is actor else text)
