"""Rollouts: a move valued by playing a world out with the game's own heuristic at every seat.

Where the rules ask for it (:attr:`~boneyard.core.capabilities.SearchHints.rollouts`), the
expert values a move in a sampled world this way instead of with the exact solver. The solver
plays every other seat as one coalition against the searcher (its *paranoid* value, see
:mod:`boneyard.players.search.solver`); in a free-for-all where a single winner takes the hand
that coalition can nearly always make somebody else win, so nearly every move is worth the same
loss and the search cannot choose. A rollout plays the others as players who each play for
themselves: the game's own computer player (its presenter's ``default_opponent``), which sees
only its own observation of the world. The searcher's own later choices in the rollout are made
one level deeper (*nested*): each of its moves played out the plain way (the heuristic at every
seat), the best taken; a one-level rollout alone improved on the heuristic too little to
measure.

The value is the side's points minus the mean of the other sides' (each as it is worth to that
side, :meth:`~boneyard.core.protocol.GameRules.utilities`), from the position on.

>>> import random
>>> from boneyard.games import get_game
>>> from boneyard.core.match import Match
>>> state = Match(get_game("domino-pool").configure(), seed=3).hand
>>> value = rollout_value(state, state.legal_actions()[0], 0, random.Random(0))
>>> value in (1.0, -1 / 3)
True
"""

from __future__ import annotations

import random
import statistics
import time

from ...core.actions import Action
from ...core.protocol import GameState
from ..agents import Agent, make_agent

__all__ = ["rollout_value"]

_POLICIES: dict[str, Agent] = {}


def _policy(name: str) -> Agent:
    """The heuristic agent of this name, made once (the heuristics keep no state)."""
    agent = _POLICIES.get(name)
    if agent is None:
        agent = _POLICIES[name] = make_agent(name)
    return agent


def rollout_value(
    state: GameState,
    action: Action,
    side: int,
    rng: random.Random,
    nested: bool = True,
    *,
    deadline: float | None = None,
    work: list[int] | None = None,
) -> float:
    """The value for ``side`` of taking ``action`` in ``state`` (a whole world, which is not
    changed) and then playing the hand out with the game's own heuristic at every other side's
    seat. ``nested``: at the side's own later choices the move whose plain rollout (the
    heuristic at every seat) is worth most, else the heuristic there too. With a ``deadline``
    (a :func:`time.monotonic` time) the choices made after it are the heuristic's, not nested:
    the rest is one plain playout. ``work``, where given, has the moves played (the nested
    playouts' too) added to its one item: the search counts its effort in them."""
    rules = state.rules
    policy = _policy(rules.presenter.default_opponent)
    before = rules.utilities(state.scores)
    s = state.copy()
    s.apply_fast(action)
    while not s.over:
        legal = s.legal_tuple()
        if len(legal) == 1:
            move = legal[0]
        elif (
            nested
            and rules.side_of[s.turn] == side
            and (deadline is None or time.monotonic() < deadline)
        ):
            move = max(legal, key=lambda a: rollout_value(s, a, side, rng, nested=False, work=work))
        else:
            move = policy.choose(s.observation(s.turn), rng)
        s.apply_fast(move)
        if work is not None:
            work[0] += 1
    result = s.result
    assert result is not None
    gained = [u - b for u, b in zip(rules.utilities(result.points), before, strict=True)]
    mine = gained.pop(side)
    return mine - statistics.fmean(gained)
