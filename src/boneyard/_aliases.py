"""The import paths that moved with the folders of docs/architecture.md and stay public:
``boneyard.agents``, ``boneyard.search``, ``boneyard.analysis`` and ``boneyard.env`` (with their
submodules) are the same module objects as their homes under ``players/`` and ``research/``.

A finder on ``sys.meta_path`` answers for the old names by importing the new ones, so a module is
never loaded twice under two names (its classes stay one class).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType

__all__ = ["ALIASES", "install"]

# Old name -> new name; a name's submodules follow it (the longest old name wins).
ALIASES = {
    "boneyard.agents.expert": "boneyard.players.expert",
    "boneyard.agents.omniscient": "boneyard.players.omniscient",
    "boneyard.agents": "boneyard.players.agents",
    "boneyard.search": "boneyard.players.search",
    "boneyard.analysis": "boneyard.players.analysis",
    "boneyard.env": "boneyard.research.env",
}
_OLD = sorted(ALIASES, key=len, reverse=True)


def _target(name: str) -> str | None:
    for old in _OLD:
        if name == old or name.startswith(old + "."):
            return ALIASES[old] + name[len(old) :]
    return None


class _AliasFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self) -> None:
        self._own: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        real = _target(fullname)
        if real is None:
            return None
        module = importlib.import_module(real)
        self._own[real] = module.__spec__
        return importlib.util.spec_from_loader(
            fullname, self, is_package=hasattr(module, "__path__")
        )

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        real = _target(spec.name)
        assert real is not None
        return sys.modules[real]

    def exec_module(self, module: ModuleType) -> None:
        # The import system gave the module the alias's spec: it keeps its own.
        module.__spec__ = self._own[module.__name__]


def install() -> None:
    """Answer for the old names (once), before the path finder would load a second copy from
    the parent's folder."""
    if not any(isinstance(f, _AliasFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _AliasFinder())
