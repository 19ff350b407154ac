"""The policy that says who sees and who may act: complete over every feature and audience,
and every route and WebSocket message of the server declared in it."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.routing import APIRoute, APIWebSocketRoute

from openwhist.server import policy
from openwhist.server.app import create_app
from openwhist.server.policy import POLICY, Audience, Feature

SERVER = Path(policy.__file__).parent


def test_every_feature_has_a_rule_for_every_audience() -> None:
    assert set(POLICY) == {(f, a) for f in Feature for a in Audience}
    for (feature, audience), rule in POLICY.items():
        assert rule.sees and rule.threat, (feature, audience)
    # nobody without a session acts on anything
    assert not any(policy.may(f, Audience.NOBODY) for f in Feature)


def test_every_route_is_declared_in_the_policy() -> None:
    app = create_app("sqlite://")
    routes = set()
    for route in app.routes:
        if isinstance(route, APIRoute) and route.path.startswith("/api/"):
            routes |= {f"{m} {route.path}" for m in route.methods if m != "HEAD"}
        elif isinstance(route, APIWebSocketRoute):
            routes.add(f"WEBSOCKET {route.path}")
    assert routes == set(policy.ROUTES), (routes - set(policy.ROUTES), set(policy.ROUTES) - routes)


def test_every_message_kind_is_declared_in_the_policy() -> None:
    sent = {"sync"}  # the default kind of a view sent again on request
    for path in SERVER.glob("*.py"):
        text = path.read_text()
        sent |= set(re.findall(r'"type": "([a-z_]+)"', text))
        sent |= set(re.findall(r'_sync_message\(\w+, "([a-z_]+)"\)', text))
    assert sent == set(policy.MESSAGES), (sent - set(policy.MESSAGES), set(policy.MESSAGES) - sent)
