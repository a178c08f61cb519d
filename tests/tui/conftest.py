"""Fixtures of the full-screen game's tests: settings and saved matches go to a temporary
directory, never to the person's own ``~/.config/boneyard``."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$XDG_CONFIG_HOME`` for the test: settings land in ``<it>/boneyard``."""
    home = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home
