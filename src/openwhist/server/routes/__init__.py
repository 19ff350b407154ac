"""The API's routers, one per area: each parses a request, calls the area's service
(:mod:`openwhist.server.services`) and answers; a refusal becomes the API's JSON error
(:mod:`openwhist.server.http`)."""

from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute, APIWebSocketRoute

from openwhist.server.routes import accounts, drives, play, ratings, records, server, tables

__all__ = ["ROUTERS", "declare"]

ROUTERS: tuple[APIRouter, ...] = (accounts.router, server.router, tables.router, records.router,
                                  drives.router, ratings.router, play.router)
"""Every router, in the order their routes are matched."""


def declare(app: FastAPI, router: APIRouter) -> None:
    """Declare each of ``router``'s routes on ``app`` itself, as its own route (the app
    lists every route in ``app.routes``, where the policy's check reads them, rather than
    one entry for the router)."""
    for route in router.routes:
        if isinstance(route, APIRoute):
            app.add_api_route(route.path, route.endpoint, methods=sorted(route.methods or ()),
                              status_code=route.status_code, tags=route.tags, name=route.name,
                              response_class=route.response_class, include_in_schema=route.include_in_schema)
        elif isinstance(route, APIWebSocketRoute):
            app.add_api_websocket_route(route.path, route.endpoint, name=route.name)
        else:
            raise TypeError(f"not an API route: {route!r}")
