"""The browser client: static HTML, CSS and JavaScript modules (card faces are drawn as
SVG by ``cards.js``), no build step, in ``static/``.  :func:`mount` serves them from the play server: the
page at ``/`` and its files under ``/web/``.

The client holds no rule: it shows the seat's observation (``Observation.to_json()``) and
sends one of its ``legal`` actions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["WEB_DIR", "mount"]

WEB_DIR = Path(__file__).resolve().parent / "static"


def mount(app: Any) -> None:
    """Serve the client from a FastAPI ``app``: ``/`` is the page, ``/web/...`` its files."""
    from fastapi.responses import FileResponse
    from fastapi.staticfiles import StaticFiles

    index = WEB_DIR / "index.html"

    async def page() -> FileResponse:
        return FileResponse(index, media_type="text/html; charset=utf-8",
                            headers={"Cache-Control": "no-cache"})

    app.add_api_route("/", page, methods=["GET"], include_in_schema=False)
    app.mount("/web", StaticFiles(directory=WEB_DIR), name="web")
