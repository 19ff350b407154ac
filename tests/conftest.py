"""Project-wide test settings: checks marked ``slow`` run only with ``-m slow``.

Slow checks are the ones a benchmark under ``bench/`` also covers; the default run (the
README's test command and CI) leaves them out to stay within its time.
"""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Load the solver once before the test workers start (pytest-xdist): on a fresh
    clone it is compiled and cached here rather than by each worker at the same time."""
    if not hasattr(config, "workerinput") and getattr(config.option, "numprocesses", None):
        from openwhist.solver import warm_up

        warm_up()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip ``slow`` items unless the marker expression asks for them."""
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow check (covered by a benchmark): run with -m slow")
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(skip)


@pytest.fixture
def shots() -> Path:
    """The folder browser tests save their screenshots in (``tests/screenshots/``, git-ignored;
    ``$OPENWHIST_SCREENSHOTS`` names another)."""
    from browser_util import screenshots_folder

    return screenshots_folder()
