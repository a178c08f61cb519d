"""The one public-history replayer: the public table before and after each public move.

Every reader of a hand's public history (the agents' reading of the table, the search's
inference of the hidden tiles, the play model, the research encodings, the drawings of a table)
follows the table move by move with the game's own rules
(:meth:`~boneyard.core.protocol.GameRules.public_table_after`) through :func:`public_steps`,
so a game that changes how its table grows changes it in one place.

>>> from boneyard.games import get_game
>>> from boneyard.core.protocol import HandStart
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("block").configure(players=2)
>>> deal = [[T(t) for t in "6-6 6-5 5-5 4-4 3-3 2-2 1-1".split()],
...         [T(t) for t in "6-4 6-3 6-2 5-4 5-3 4-3 0-0".split()]]
>>> stock = [t for t in range(28) if not any(t in h for h in deal)]
>>> state = rules.start_hand(HandStart(deal, stock))
>>> state.apply_fast(state.legal_actions()[0])  # 6-6
>>> state.apply_fast(state.legal_actions()[0])  # 6-2 at L
>>> [(str(s.move.action), s.before, s.after) for s in public_steps(rules, state.public)]
[('6-6', None, <Layout L=6, R=6>), ('6-2 at L', <Layout L=6, R=6>, <Layout L=2, R=6>)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Move

if TYPE_CHECKING:
    from .protocol import GameRules

__all__ = ["Step", "public_steps", "public_tables"]


@dataclass(frozen=True, slots=True)
class Step:
    """One public move of a hand with the public table around it: ``index`` its place in the
    history, ``before`` the table it was made on (``None`` before a line's lead), ``after`` the
    table it left."""

    index: int
    move: Move
    before: object
    after: object


def public_tables(rules: GameRules, history: Sequence[Move], table: object = None) -> list[object]:
    """The public table before each move of ``history`` and after the last: ``tables[i]`` is the
    table move ``i`` was made on, ``tables[i + 1]`` the one it left (``table``, what the hand
    showed before its first move, is ``None`` for a line game). The lean form of
    :func:`public_steps`, for the readers that run at every move of an agent (a list built in one
    loop costs about what each reader's own loop did)."""
    return rules.public_tables(history, table)


def public_steps(rules: GameRules, history: Iterable[Move], table: object = None) -> Iterator[Step]:
    """Each move of a public ``history`` with the table before and after it, from ``table``
    (what the hand showed before its first move: ``None`` for a line game)."""
    after_move = rules.public_table_after
    for index, move in enumerate(history):
        after = after_move(table, move)
        yield Step(index, move, table, after)
        table = after
