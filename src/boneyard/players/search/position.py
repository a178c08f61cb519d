"""A seed derived from a position as one seat sees it.

The hints, the reviews and the search player's levels draw their worlds from it, so the same
position gives the same values and the same move in every front end, run after run, on an idle
or a busy machine (the work is counted, never timed).

>>> from boneyard.games import get_game
>>> from boneyard.core.match import Match
>>> hand = Match(get_game("block").configure(players=2), seed=3).hand
>>> again = Match(get_game("block").configure(players=2), seed=3).hand
>>> position_seed(hand.observation(0)) == position_seed(again.observation(0))
True
"""

from __future__ import annotations

import hashlib

from ...core.protocol import Observation

__all__ = ["position_seed"]


def position_seed(observation: Observation) -> int:
    """A seed derived from the position as ``observation``'s seat sees it (the game, its rules
    and options, the seat, its tiles, the public history, the counts and the scores), so every
    front end analyses the same position on the same worlds, run after run."""
    rules = observation.rules
    parts = [
        rules.game.id,
        rules.rule_set,
        str(rules.players),
        repr(sorted((name, repr(value)) for name, value in rules.options.items())),
        str(observation.seat),
        str(observation.hand),
        str(observation.turn),
        repr(observation.hand_sizes),
        str(observation.stock_size),
        repr(observation.scores),
        repr(observation.totals),
        str(observation.discarded),
        *(f"{m.seat}:{m.action}" for m in observation.history),
    ]
    digest = hashlib.blake2b("\n".join(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")
