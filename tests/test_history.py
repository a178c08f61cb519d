"""The one public-history replayer (core/history.py): for every game of the registry, replaying a
hand's public moves with the game's own rules gives, move by move, the table the engine showed."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from boneyard.core.history import public_steps, public_tables
from boneyard.core.layout import Layout
from boneyard.core.match import Match
from boneyard.games import GAMES


def shape(table: object) -> object:
    """A line's layout as plain values (a layout compares by identity), else the table itself."""
    if isinstance(table, Layout):
        return (
            table.names,
            table.pips,
            table.tips,
            table.kinds,
            table.placed,
            table.spinners,
            table.lead_tile,
        )
    return table


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_replayer_follows_the_engines_table_move_by_move(game_id: str) -> None:
    rules = GAMES[game_id].configure()
    for seed in range(3):
        state = Match(rules, seed=seed).hand
        rng = random.Random(seed)
        tables: list[object] = []  # the engine's public table after each move
        while not state.over:
            state.apply_fast(rng.choice(state.legal_actions()))
            tables.append(shape(state.observation(state.turn if not state.over else 0).table))
        # What the table shows before the first move (a trick game's turn-up; nothing on a line).
        opening = state.restart().table
        steps = list(public_steps(rules, state.public, opening))
        assert [s.index for s in steps] == list(range(len(state.public)))
        assert [s.move for s in steps] == list(state.public)
        assert steps[0].before is opening
        for previous, step in pairwise(steps):
            assert step.before is previous.after
        assert [shape(s.after) for s in steps] == tables
        # The lean form (what agents read at every move; the line games follow it in a loop of
        # their own) gives the same tables: the one before the first move, then after each.
        lean = public_tables(rules, state.public, opening)
        assert [shape(t) for t in lean] == [shape(opening), *tables]
