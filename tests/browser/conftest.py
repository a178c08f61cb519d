"""The browser tests' fixtures: pytest-playwright's browser is Debian's Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browserhelp import CHROMIUM, LiveServer


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's browser is Debian's Chromium (Playwright cannot download its own)."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--disable-gpu", "--disable-quic"],
    }


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("live") / "boneyard.db")
    yield server
    server.stop()
