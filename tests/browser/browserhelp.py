"""What the browser tests share: Debian's Chromium (the tests are skipped without it, unless
``BONEYARD_REQUIRE_BROWSER`` is set, as CI sets it) and a live server, with their fixtures (each
test module imports them: a conftest.py here would hide the tests' own ``conftest``)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def require_chromium() -> None:
    """Skip the calling test module without Chromium (fail where it is required)."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("BONEYARD_REQUIRE_BROWSER"):
            raise RuntimeError(
                "Chromium is required (BONEYARD_REQUIRE_BROWSER): apt-get install chromium"
            )
        pytest.skip("Debian's chromium is not installed", allow_module_level=True)


class LiveServer:
    """The app under uvicorn in a thread, on a socket bound here to a free port."""

    def __init__(self, db: Path, **overrides: Any) -> None:
        import uvicorn

        from boneyard.apps.server.app import Settings, create_app

        settings = Settings(
            db=f"sqlite:///{db}",
            computer_delay=0.05,
            forced_delay=0.05,
            deal_delay=0.2,
        )
        for name, value in overrides.items():
            setattr(settings, name, value)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        config = uvicorn.Config(create_app(settings), log_level="warning", ws_max_size=65536)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]})
        self.thread.start()
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.05)

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            f"{self.url}/api/tables",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as r:
            made: dict[str, Any] = json.loads(r.read())
            return made

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)
        self.sock.close()


@pytest.fixture(scope="session", name="browser_type_launch_args")
def chromium_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's browser is Debian's Chromium (Playwright cannot download its own)."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--disable-gpu", "--disable-quic"],
    }


@pytest.fixture(scope="module", name="live")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("live") / "boneyard.db")
    yield server
    server.stop()
