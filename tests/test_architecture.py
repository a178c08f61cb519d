"""The shape of the package (docs/architecture.md): its folders, and the public import paths from
before them, which stay the same modules."""

from __future__ import annotations

import importlib

import pytest


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("boneyard.agents", "boneyard.players.agents"),
        ("boneyard.agents.matador", "boneyard.players.agents.matador"),
        ("boneyard.agents.expert", "boneyard.players.expert"),
        ("boneyard.agents.omniscient", "boneyard.players.omniscient"),
        ("boneyard.search", "boneyard.players.search"),
        ("boneyard.search.inference", "boneyard.players.search.inference"),
        ("boneyard.analysis", "boneyard.players.analysis"),
        ("boneyard.env", "boneyard.research.env"),
        ("boneyard.env.encoding", "boneyard.research.env.encoding"),
    ],
)
def test_the_public_paths_from_before_the_folders_are_the_same_modules(old: str, new: str) -> None:
    moved = importlib.import_module(old)
    assert moved is importlib.import_module(new)
    # The module keeps its own name and spec: it was loaded once, from its new home.
    assert moved.__name__ == new and moved.__spec__ is not None and moved.__spec__.name == new


def test_a_name_that_never_was_is_not_found() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("boneyard.agents.nothing_here")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("boneyard.rules.base")  # the old folder is gone, not aliased
