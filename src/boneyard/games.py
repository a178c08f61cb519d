"""The registry of games: look a game up by id or alias.

>>> get_game("block").id, [r for r in get_game("draw").rule_sets]
('block', ['britannica', 'pagat'])
>>> get_game("all-fives").id
'muggins'
>>> get_game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
boneyard.options.OptionError: unknown game 'chess': choose from block, draw, partnership, ...
"""

from __future__ import annotations

from .options import OptionError
from .rules.base import Game
from .rules.bergen import BergenGame
from .rules.block import BlockGame, DrawGame, PartnershipGame
from .rules.chicken import ChickenFootGame
from .rules.counting import AllThreesGame, FivesAndThreesGame, MugginsGame
from .rules.loo import DominoLooGame
from .rules.matador import MatadorGame
from .rules.mexican import MexicanTrainGame
from .rules.pool import DominoPoolGame
from .rules.sebastopol import SebastopolGame
from .rules.whist import DominoWhistGame

__all__ = ["GAMES", "get_game"]

GAMES: dict[str, Game] = {
    g.id: g
    for g in (
        BlockGame(),
        DrawGame(),
        PartnershipGame(),
        MugginsGame(),
        AllThreesGame(),
        FivesAndThreesGame(),
        MatadorGame(),
        DominoWhistGame(),
        DominoPoolGame(),
        BergenGame(),
        SebastopolGame(),
        MexicanTrainGame(),
        ChickenFootGame(),
        DominoLooGame(),
    )
}
_ALIASES: dict[str, str] = {alias: g.id for g in GAMES.values() for alias in g.aliases}


def get_game(name: str) -> Game:
    """The game with id or alias ``name``; :class:`OptionError` naming the known games otherwise."""
    key = _ALIASES.get(name, name)
    try:
        return GAMES[key]
    except KeyError:
        raise OptionError(f"unknown game {name!r}: choose from {', '.join(GAMES)}") from None
