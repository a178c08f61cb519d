"""A plug-in agent for boneyard's tests: ``lightest`` plays its lightest tile (the opposite of
``greedy``), or, given a ``path`` to a file reading ``heaviest``, its heaviest."""

from __future__ import annotations

import random
from pathlib import Path

from boneyard import Action, Observation, Play
from boneyard.core.tiles import PIPS


class Lightest:
    def __init__(self, heaviest: bool) -> None:
        self.heaviest = heaviest
        self.name = "heaviest" if heaviest else "lightest"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        plays = [a for a in observation.legal_actions if type(a) is Play]
        if not plays:
            return observation.legal_actions[0]
        sign = -1 if self.heaviest else 1
        return min(plays, key=lambda a: (sign * PIPS[a.tile], a.tile))


def load(path: str | None = None) -> Lightest:
    """``path``: a file whose text is ``lightest`` or ``heaviest`` (read where the agent starts:
    on a worker too)."""
    heaviest = path is not None and Path(path).read_text().strip() == "heaviest"
    return Lightest(heaviest)


def broken() -> Lightest:
    raise RuntimeError("the weights are missing")
