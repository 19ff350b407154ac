"""Project-wide test settings: checks marked ``slow`` run only with ``-m slow``.

Slow checks are the ones a benchmark under ``bench/`` also covers; the default run (the
README's test command and CI) leaves them out to stay within its time.
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip ``slow`` items unless the marker expression asks for them."""
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow check (covered by a benchmark): run with -m slow")
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(skip)
