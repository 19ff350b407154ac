"""The server's services called without HTTP: on a hub over a fresh database, each
returns its data or raises the policy's refusal with the status, code and values the API
answers with."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from openwhist.server.hub import Hub, Settings
from openwhist.server.policy import Refused
from openwhist.server.schemas import TableIn
from openwhist.server.services import accounts, profiles, tables
from openwhist.store import Store


def _on_hub(job: Callable[[Hub], Awaitable[Any]]) -> Any:
    """Run ``job`` on a hub over an in-memory database, its tables stopped after."""
    async def run() -> Any:
        store = Store("sqlite://")
        hub = Hub(store, Settings(compile_solver=False))
        try:
            return await job(hub)
        finally:
            await hub.stop()
            store.close()

    return asyncio.run(run())


def _refusal(job: Awaitable[Any]) -> Callable[[], Awaitable[Refused]]:
    async def caught() -> Refused:
        with pytest.raises(Refused) as info:
            await job
        return info.value

    return caught


def test_accounts_without_http() -> None:
    async def job(hub: Hub) -> None:
        user, _ = await accounts.register(hub, "alice", "a good password", "10.0.0.1")
        session = await accounts.start_session(hub, user)
        assert session.answer["user"] == {"id": user["id"], "name": "alice", "guest": False}
        found = await accounts.lookup(hub, session.token)
        assert found is not None and found[1]["user"]["id"] == user["id"]
        taken = await _refusal(accounts.register(hub, "Alice", "another password", "10.0.0.2"))()
        assert (taken.status, taken.code, taken.values) == (409, "name_taken", {"name": "Alice"})
        wrong = await _refusal(accounts.log_in(hub, "alice", "not the password", "10.0.0.1", ""))()
        assert (wrong.status, wrong.code) == (401, "wrong_login")
        assert (await accounts.log_in(hub, "alice", "a good password", "10.0.0.1", ""))["id"] == user["id"]
        guest = await accounts.guest(hub, "  Bob   the  guest ", "10.0.0.3")
        assert guest["name"] == "Bob the guest" and guest["guest"]
        member = await _refusal(accounts.guest(hub, "alice", "10.0.0.3"))()
        assert (member.status, member.code) == (409, "name_member")
        assert await accounts.log_out(hub, user, found[0], everywhere=False) == 1
        assert await accounts.lookup(hub, session.token) is None

    _on_hub(job)


def test_tables_without_http() -> None:
    async def job(hub: Hub) -> None:
        owner = await accounts.guest(hub, "owner", "10.0.0.1")
        friend = await accounts.guest(hub, "friend", "10.0.0.2")
        body = TableIn(private=True, seats=["me", "open", "open", "open"])
        runner = await tables.make_table(hub, owner, body, "10.0.0.1")
        assert runner.owner_id == owner["id"] and runner.code is not None
        hidden = await _refusal(tables.watched(hub, runner.id, friend["id"], None))()
        assert (hidden.status, hidden.code) == (404, "no_table")
        joined = await tables.join_by_code(hub, runner.code.lower(), friend, None, "10.0.0.2")
        assert joined["table"]["id"] == runner.id
        assert await tables.watched(hub, runner.id, friend["id"], None) is runner
        assert [t.id for t in await tables.my_tables(hub, friend["id"])] == [runner.id]
        no_code = await _refusal(tables.join_by_code(hub, "ZZZZZZZZ", friend, None, "10.0.0.2"))()
        assert (no_code.status, no_code.code) == (404, "no_code")
        not_owner = await _refusal(tables.close(hub, runner.id, friend["id"]))()
        assert (not_owner.status, not_owner.code) == (403, "not_owner")
        two = await _refusal(tables.make_table(hub, owner, TableIn(seats=["me", "me", "open", "open"]),
                                               "10.0.0.1"))()
        assert (two.status, two.code) == (422, "one_seat")
        await tables.close(hub, runner.id, owner["id"])
        assert runner.id not in hub.tables

    _on_hub(job)


def test_ratings_without_http() -> None:
    async def job(hub: Hub) -> None:
        assert await profiles.board(hub, "classic", 10) == []
        unrated = await _refusal(profiles.board(hub, "nosuch", 10))()
        assert (unrated.status, unrated.code) == (404, "no_ratings")
        anonymous = await _refusal(profiles.profile(hub, None, 1))()
        assert (anonymous.status, anonymous.code) == (401, "log_in")
        me = await accounts.guest(hub, "someone", "10.0.0.1")
        shown = await profiles.profile(hub, me["id"], me["id"])
        assert (shown["name"], shown["ratings"], shown["drives"]) == ("someone", [], [])

    _on_hub(job)
