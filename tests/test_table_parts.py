"""The live table's collaborators without a socket: each against a real match and deal,
a real SQLite database, and the table's own commands (no server, no WebSocket)."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import select

from openwhist import store as st
from openwhist.errors import WhistError
from openwhist.match import new_match
from openwhist.rules.base import CardDrawn, TrickWon
from openwhist.rules.seats import seat_name
from openwhist.server.auth import RateLimiter
from openwhist.server.limits import SearchPool
from openwhist.server.policy import event_shown
from openwhist.server.table import (
    TALK_LIMIT,
    TALK_WINDOW,
    Connection,
    DealEnd,
    Outcome,
    TableRunner,
    match_points,
    match_winners,
)
from openwhist.server.table.claims import settling_card
from openwhist.server.table.commands import (
    Act,
    Again,
    Answer,
    Claim,
    Ping,
    Ready,
    Resync,
    Say,
    TakeBack,
    from_message,
)
from openwhist.server.table.pause import all_ready, pause_length
from openwhist.server.table.takeback import take_back_count
from openwhist.server.table.talk import talk_words
from openwhist.solver import solve_all


class Table:
    """A table of the given seats (``me`` a person, ``bot`` a computer player) stored in a
    real SQLite database, run without its task: commands are handed to it directly."""

    def __init__(self, tmp: Path, seats: list[str], variant: str = "classic", until: str = "deals",
                 count: int = 2, private: bool = True) -> None:
        self.store = st.Store(f"sqlite:///{tmp / 'table.sqlite3'}")
        owner = self.store.call(st.create_user, None, "owner", None, False)
        self.users = [self.store.call(st.create_user, None, f"p{i}", None, False)
                      for i, s in enumerate(seats) if s == "me"]
        people = iter(self.users)
        row = {"id": "t1", "variant": variant, "options": "{}", "seed": 7, "until": until, "count": count,
               "private": private, "code": None, "owner_id": owner}
        self.store.call(st.create_table, row, [
            {"seat": i, "kind": "person", "user_id": next(people), "bot": None} if s == "me"
            else {"seat": i, "kind": "bot", "user_id": None, "bot": "random"} for i, s in enumerate(seats)])
        settings = SimpleNamespace(stand_in="random", bot_pause=3600.0, away_timeout=3600.0,
                                   deal_pause=3600.0, compile_solver=False)
        self.host = SimpleNamespace(settings=settings, store=self.store, bot_pool=SearchPool("test", 1),
                                    talk_limiter=RateLimiter(TALK_LIMIT, TALK_WINDOW),
                                    pimc_ready=threading.Event(), actions=0)
        loaded = self.store.call(st.load_table, "t1")
        names = {uid: f"p{k}" for k, uid in enumerate(self.users)}
        self.runner = TableRunner(self.host, loaded, names)  # type: ignore[arg-type]
        self.deals: list[DealEnd] = []
        self.outcomes: list[Outcome] = []
        self.runner.listen(deal=self.deals.append, outcome=self.outcomes.append)

    def close(self) -> None:
        self.runner.clock.cancel()
        self.host.bot_pool.close()
        self.store.close()

    async def connect(self, user_id: int) -> Connection:
        conn = Connection(None, user_id, f"u{user_id}")
        await self.runner.connect(conn)
        return conn

    async def bot_plays(self, until: Any) -> None:
        """The computer players (for every seat) play the first legal action until ``until()``."""
        t = self.runner
        while not until():
            hand = t.deal.to_move
            assert hand is not None
            await t.mover.apply(t.deal.controller(hand), t.deal.legal_actions()[0], by_bot=True)


def received(conn: Connection) -> list[dict[str, Any]]:
    """The messages queued for a connection, decoded."""
    import json

    out = []
    while not conn.out.empty():
        text = conn.out.get_nowait()
        if text is not None:
            out.append(json.loads(text))
    return out


@pytest.fixture
def table_of(tmp_path: Path) -> Any:
    made: list[Table] = []

    def make(seats: list[str], **kw: Any) -> Table:
        made.append(Table(tmp_path, seats, **kw))
        return made[-1]

    yield make
    for t in made:
        t.close()


def test_each_client_message_is_its_typed_command() -> None:
    conn = Connection(None, 1, "ann")
    assert from_message(conn, {"type": "act", "action": "QH", "ref": 3}) == Act(conn, "QH", 3)
    assert from_message(conn, {"type": "claim", "tricks": 2}) == Claim(conn, 2, None)
    assert from_message(conn, {"type": "answer", "accept": True}) == Answer(conn, True, None)
    assert from_message(conn, {"type": "say", "quick": "hello"}) == Say(conn, "hello", None, None)
    assert from_message(conn, {"type": "undo", "ref": "x"}) == TakeBack(conn, "x")
    assert from_message(conn, {"type": "again"}) == Again(conn, None)
    assert from_message(conn, {"type": "ready"}) == Ready(conn)
    assert from_message(conn, {"type": "resync"}) == Resync(conn)
    assert from_message(conn, {"type": "ping"}) == Ping(conn)
    assert from_message(conn, {"type": "dance"}) is None


def test_the_finisher_decides_a_won_match_and_the_hooks_hear_its_outcome(table_of: Any) -> None:
    table = table_of(["bot", "bot", "bot", "bot"], count=2)
    runner = table.runner

    async def play() -> None:
        await table.bot_plays(lambda: runner.paused)   # the first deal: a pause follows
        assert len(table.deals) == 1 and table.deals[0].outcome is None and not table.outcomes
        await runner.pause.resume(runner.version)
        await table.bot_plays(runner.match.is_over)

    asyncio.run(play())
    outcome = runner.ended
    assert outcome is not None and table.outcomes == [outcome] and table.deals[-1].outcome is outcome
    assert [d.deal_no for d in table.deals] == [1, 2]
    points = match_points(runner.match)
    assert outcome.points == points and max(points) > min(points)
    best = points.index(max(points))
    sides = runner.deal.sides
    assert outcome.winners == tuple(seat_name(h, 4) for h in range(4) if sides[h] == best)
    with table.store.engine.connect() as conn:   # the record stored is the one named
        stored = conn.execute(select(st.RECORDS.c.id, st.RECORDS.c.match_no)).all()
    assert [(outcome.record_id, 0)] == [tuple(r) for r in stored]
    assert outcome.record["players"] == ["bot:random"] * 4 and outcome.match_no == 0
    assert outcome.facts.computers == 4 and outcome.facts.people == 0
    assert runner.match_no == 1 and runner.state == "over"


def test_a_tied_match_has_no_winner() -> None:
    match = new_match("german", seed=11, until="deals", count=1)
    rng = random.Random(11)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    assert match.sheet[-1].result.tricks == (13, 13)
    assert match_points(match) == [0, 0] and match_winners(match) is None


def test_the_pause_waits_for_every_person_present(table_of: Any) -> None:
    assert all_ready([0, 2], [2, 0]) and not all_ready([0, 2], [0]) and all_ready([], [])
    assert pause_length(8.0, 1) == 8.0 and pause_length(8.0, 2) == 64.0
    table = table_of(["me", "bot", "me", "bot"])
    runner = table.runner

    async def run() -> None:
        ann, cy = await table.connect(table.users[0]), await table.connect(table.users[1])
        await table.bot_plays(lambda: runner.paused)
        assert runner.state == "pause"
        await runner.handle(Ready(ann))
        assert runner.state == "pause" and runner.info()["ready"] == ["N"]
        version = runner.version
        await runner.handle(Ready(cy))
        assert runner.state == "playing" and runner.version == version + 1
        assert received(cy)[-1]["table"]["state"] == "playing"

    asyncio.run(run())


def test_talk_reaches_the_players_but_an_onlooker_only_the_onlookers_during_a_deal(table_of: Any) -> None:
    assert talk_words("hello", None, False) == ({"quick": "hello"}, None)
    assert talk_words(None, "  hi  ", True) == ({"text": "hi"}, None)
    assert talk_words(None, "hi", False)[1] == ("free text is for private tables; choose a quick message",
                                                "talk_private")
    assert talk_words("shout", None, True)[1] is not None and talk_words(None, " ", True)[1] is not None
    table = table_of(["me", "bot", "bot", "bot"])
    runner = table.runner

    async def run() -> None:
        ann = await table.connect(table.users[0])
        onlooker = await table.connect(9999)
        assert runner.state == "playing" and onlooker in runner.talk.hearers(speaker_seated=False)
        assert ann not in runner.talk.hearers(speaker_seated=False)
        received(ann), received(onlooker)
        await runner.handle(Say(onlooker, "hello", None))
        assert received(ann) == [] and received(onlooker)[0]["quick"] == "hello"
        await runner.handle(Say(ann, None, "good game"))
        assert received(onlooker)[0] == {"type": "said", "v": runner.version, "from": ann.name,
                                         "text": "good game", "seat": "N"}

    asyncio.run(run())


def test_take_back_undoes_the_persons_last_action_and_the_bots_after_it(table_of: Any) -> None:
    assert take_back_count([0, 1, 2, 3, 0, 1, 2], 7, 0) == 3
    assert take_back_count([0, 1, 2, 3, 0, 1], 2, 2) == 0       # none of his in this deal
    table = table_of(["me", "bot", "bot", "bot"])
    runner = table.runner

    async def run() -> None:
        ann = await table.connect(table.users[0])
        while runner.deal.controller(runner.deal.to_move) != 0:
            await table.bot_plays(lambda: runner.deal.controller(runner.deal.to_move) == 0)
        before = runner.deal.observation(0).to_json()
        await runner.handle(Act(ann, str(runner.deal.legal_actions()[0])))
        await table.bot_plays(lambda: runner.deal.controller(runner.deal.to_move) == 0)
        assert len(runner.deal.history) > 1 and runner.take_back_offered()
        await runner.handle(TakeBack(ann))
        assert runner.deal.observation(0).to_json() == before and runner.taken_back
        loaded = table.store.call(st.load_table, "t1")
        assert len(loaded["actions"]) == runner.seq == len(runner.acted)

    asyncio.run(run())


def test_a_settled_claim_plays_what_keeps_the_claim_and_the_defence_its_best() -> None:
    match = new_match("classic", seed=3)
    cards = match.state.legal_actions()[:4]
    values = {cards[0]: 5, cards[1]: 3, cards[2]: 4, cards[3]: 3}
    assert settling_card(values, claimant_to_play=True, needed=4) == cards[2]   # enough, no more
    assert settling_card(values, claimant_to_play=True, needed=6) == cards[0]   # the most it makes
    assert settling_card(values, claimant_to_play=False, needed=4) == cards[1]  # the fewest, lowest id


class FailingPool:
    """A search pool whose solver fails (a fault the real pool cannot be made to show):
    every other job runs as the real pool runs it."""

    def __init__(self, pool: SearchPool) -> None:
        self.pool = pool
        self.failures = 0

    async def run(self, fn: Any, *args: Any) -> Any:
        if fn is solve_all:
            self.failures += 1
            raise RuntimeError("the solver failed")
        return await self.pool.run(fn, *args)

    def close(self) -> None:
        self.pool.close()


def claim_refused_at_trick(table: Table, tricks: int) -> tuple[list[Connection], Any]:
    """Four people at ``table``; the bots play ``tricks`` tricks, North claims them all and
    East refuses: the claim is settled.  The connections and the deal."""

    async def run() -> tuple[list[Connection], Any]:
        runner = table.runner
        conns = [await table.connect(u) for u in table.users]
        await table.bot_plays(lambda: len(runner.deal.public_observation().tricks) == tricks
                              and runner.deal.controller(runner.deal.to_move) == 0)
        deal = runner.deal
        for c in conns:
            received(c)
        await runner.handle(Claim(conns[0], 13 - tricks))
        assert runner.claim is not None and runner.deal.legal_actions()
        await runner.handle(Answer(conns[1], False))
        return conns, deal

    return asyncio.run(run())


def test_a_claim_the_solver_cannot_settle_is_played_out_by_the_technique_player(table_of: Any) -> None:
    table = table_of(["me", "me", "me", "me"], count=1)
    table.host.bot_pool = FailingPool(table.host.bot_pool)
    conns, deal = claim_refused_at_trick(table, 3)
    assert deal.is_over() and table.runner.claim is None    # the deal was settled, not left open
    events = [m for m in received(conns[2]) if m["type"] == "event"]
    assert len(events) == 40 and all(m["claimed"] and m["by_bot"] for m in events)
    assert table.host.bot_pool.failures == 1    # once failed, the solver is not asked again


def test_a_claim_nothing_can_settle_is_dropped_and_play_goes_on(table_of: Any,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import openwhist.server.table.claims as claims

    table = table_of(["me", "me", "me", "me"], count=1)
    table.host.bot_pool = FailingPool(table.host.bot_pool)
    monkeypatch.setattr(claims, "FALLBACK", "no-such-player")
    with pytest.raises(WhistError):   # the fault is logged by the table's queue
        claim_refused_at_trick(table, 3)
    runner = table.runner
    assert runner.claim is None and not runner.deal.is_over()
    assert len(runner.deal.public_observation().tricks) == 3   # no card was played for it
    seat = runner.deal.controller(runner.deal.to_move)
    mover = next(c for c in runner.all_conns() if runner.seat_of(c.user_id) == seat)
    told = [m for m in received(mover) if m["type"] == "table"]
    assert told and told[-1]["table"]["claim"] is None and told[-1]["view"]["legal"]  # his turn again


def test_events_are_the_rules_events_each_audience_sees(table_of: Any) -> None:
    table = table_of(["me", "bot", "bot", "bot"])
    runner = table.runner

    async def run() -> None:
        ann = await table.connect(table.users[0])
        onlooker = await table.connect(9999)
        await table.bot_plays(lambda: len(runner.deal.public_observation().tricks) == 1)
        mine, theirs = [m for m in received(ann) if m["type"] == "event"], [
            m for m in received(onlooker) if m["type"] == "event"]
        assert [e["kind"] for m in mine for e in m["events"]] == ["card_played"] * 4 + ["trick_won"]
        assert [m["events"] for m in mine] == [m["events"] for m in theirs]   # every card is public
        won = mine[-1]["events"][-1]
        assert {k: won[k] for k in ("leader", "cards", "winner")} == mine[-1]["view"]["tricks"][0]
        assert [m["action"] for m in mine] == [m["events"][0]["card"] for m in mine]

        await table.bot_plays(lambda: runner.paused)   # the events of the last action: the deal's
        last = [m for m in received(ann) if m["type"] == "event"][-1]
        assert last["events"] == [] and [e["kind"] for e in last["deal_over"]["events"]] == [
            "card_played", "trick_won", "deal_scored"]
        assert last["deal_over"]["events"][-1]["result"] == last["deal_over"]["row"]["result"]

    asyncio.run(run())
    # German whist: a card drawn from the stock blind is shown to its holder only
    match = new_match("german", seed=4)
    deal = match.state
    events: tuple[Any, ...] = ()
    while not any(isinstance(e, CardDrawn) and not e.public for e in events):
        events = match.apply(deal.legal_actions()[0])
    hidden = next(e for e in events if isinstance(e, CardDrawn) and not e.public)
    other = 1 - hidden.seat
    assert event_shown(hidden, deal.observation(hidden.seat), 2)["card"] == str(hidden.card)
    assert event_shown(hidden, deal.observation(other), 2)["card"] is None
    assert event_shown(hidden, deal.public_observation(), 2)["card"] is None
    trick = next(e for e in events if isinstance(e, TrickWon))
    assert event_shown(trick, deal.public_observation(), 2)["number"] == trick.number
