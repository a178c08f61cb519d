"""The compiled core's tests run wherever it is built; in CI it must be."""

from __future__ import annotations

import os

import pytest

from boneyard.core import kernel


def require_kernel() -> pytest.MarkDecorator:
    """Skip where ``BONEYARD_PURE`` forces the pure engine, or (outside CI) where the compiled
    core is not built; in CI the tests then fail, saying why."""
    if os.environ.get("BONEYARD_PURE", "") not in ("", "0"):
        return pytest.mark.skip(reason="BONEYARD_PURE=1 forces the pure-Python engine")
    if not kernel.available() and not os.environ.get("CI"):
        return pytest.mark.skip(reason="the compiled core is not built here")
    return pytest.mark.skipif(False, reason="the compiled core is built")
