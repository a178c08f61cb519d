"""Every doctest in the package runs and passes."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import boneyard


def _modules() -> list[str]:
    names = [boneyard.__name__]
    for info in pkgutil.walk_packages(boneyard.__path__, prefix=f"{boneyard.__name__}."):
        # A __main__ module runs its program when imported: it holds no doctests.
        if not info.name.endswith(".__main__"):
            names.append(info.name)
    return sorted(names)


MODULES = _modules()


def test_the_package_has_modules() -> None:
    for name in (
        "boneyard.core.tiles",
        "boneyard.games.line.state",
        "boneyard.core.record",
        "boneyard.games.line.rules",
    ):
        assert name in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctests of {name} failed"
