"""The registry of games: look a game up by id or alias.

>>> get_game("block").id, [r for r in get_game("draw").rule_sets]
('block', ['britannica', 'pagat'])
>>> get_game("all-fives").id
'muggins'
>>> get_game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
boneyard.core.options.OptionError: unknown game 'chess': choose from block, draw, partnership, ...
"""

from __future__ import annotations

from ..core.game import Game, find_game, register_games
from ..core.options import OptionSpec
from .bergen import BergenGame
from .block import BlockGame, DrawGame, PartnershipGame
from .counting import AllThreesGame, FivesAndThreesGame, MugginsGame
from .fiveup import FiveUpGame
from .loo.rules import DominoLooGame
from .matador import MatadorGame
from .pool import DominoPoolGame
from .sebastopol import SebastopolGame
from .texas42 import FortyTwoGame
from .tiddlewink import TiddleAWinkGame
from .trains.chicken import ChickenFootGame
from .trains.mexican import MexicanTrainGame
from .whist import DominoWhistGame

__all__ = ["DEFAULT_GAME", "GAMES", "get_game", "option_specs"]

GAMES: dict[str, Game] = register_games(
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
    FortyTwoGame(),
    FiveUpGame(),
    TiddleAWinkGame(),
)
DEFAULT_GAME = "block"
"""The game played when none is named (the plainest of the line games): the command line, the
full-screen game's settings, the OpenSpiel game's parameters."""


def get_game(name: str) -> Game:
    """The game with id or alias ``name``; :class:`OptionError` naming the known games otherwise."""
    return find_game(name)


def option_specs() -> dict[str, OptionSpec]:
    """Every option some game lists, by name, in the order the games list them (what
    docs/options.md describes): read from the games, not kept beside them. One name is one option
    everywhere: a name two games declare differently is an error."""
    specs: dict[str, OptionSpec] = {}
    for game in GAMES.values():
        for spec in game.option_specs:
            if specs.setdefault(spec.name, spec) != spec:
                raise ValueError(f"option {spec.name} is declared twice, differently")
    return specs
