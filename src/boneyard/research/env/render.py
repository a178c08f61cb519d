"""The text drawing of a position for the environments' ``render()``: the table as the game
describes it, drawn as the plain terminal game draws it (:mod:`boneyard.text.drawing`), every
seat's tiles, the stock, the scores, and the last move or the end of the hand told by the one
narration (:mod:`boneyard.text.narration`).

>>> from boneyard.games import get_game
>>> from boneyard.core.match import Match
>>> state = Match(get_game("block").configure(players=2), seed=3).hand
>>> print(render_state(state))  # doctest: +ELLIPSIS
block (modern), 2 players. Seat 1 to move.
The table is empty.
Seat 0: ...
Seat 1: ...
Stock: 14 tiles. Scores this hand: 0, 0.
"""

from __future__ import annotations

from ...core.protocol import GameState
from ...core.words import Voice, hand_text, plural
from ...text.drawing import render_table
from ...text.narration import apply_move, hand_result_text, table_view, tell_move

__all__ = ["render_state", "render_text"]


def render_text(state: GameState | None, mode: str | None) -> str | None:
    """An environment's ``render()``: the position printed with ``mode="human"``, returned with
    ``"ansi"``; nothing without a mode or a hand."""
    if mode is None or state is None:
        return None
    text = render_state(state)
    if mode == "human":
        print(text)
        return None
    return text


def render_state(state: GameState) -> str:
    """The whole position in text, every hand shown (what a person watching the environment, not
    a seat, may see)."""
    rules = state.rules
    voice = Voice.of(rules, reader=None)
    head = f"{rules.describe()}. " + (
        "The hand is over." if state.over else f"Seat {state.turn} to move."
    )
    lines = [head, render_table(table_view(rules, state.public, state.table), voice)]
    for s in range(rules.players):
        lines.append(f"Seat {s}: {hand_text(state.hands[s])}")
    scores = ", ".join(str(x) for x in state.scores)
    lines.append(f"Stock: {plural(state.stock_size(), 'tile')}. Scores this hand: {scores}.")
    if state.history:
        # The last move applied again to the hand before it: the engine's outcome of it.
        last = state.history[-1]
        again = state.replay_to(len(state.history) - 1)
        told = tell_move(again, apply_move(again, last.action, last.seat), voice, shown=True)
        lines.append("Last move: " + told[0].text)
        lines += [t.text for t in told[1:]]
    if state.over and state.result is not None:
        lines.append(hand_result_text(1, state, voice))
    return "\n".join(lines)
