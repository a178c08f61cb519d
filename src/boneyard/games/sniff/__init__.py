"""Sniff (pagat, https://www.pagat.com/tile/wdom/sniff.html): All Fives whose first double, the
sniff, is its only spinner.

Two to four players (four usually as partners) with a double-six set; 7 tiles each for two, 6 for
three, 5 for four. The first lead is by lot, any tile; later the last hand's domino-er leads. The
first double laid is the sniff. Under pagat's reading it is laid in line and one tile may be laid
against each of its sides: a stub never built on, whose far number counts for the rest of the
hand; under the US reading (Grady and Goldberg, Armanino) it is a crosswise four-way spinner that
counts both halves while any side is free. A play whose count of the open ends is a multiple of
five scores it; going out scores the others' pips to the nearest five.

The game is its folder: :mod:`.rules` holds its options, rules and rule sets; the registry finds it
through :data:`GAMES`.

>>> from boneyard.games import get_game
>>> rules = get_game("sniff").configure()
>>> rules.hand_size, str(rules.sniff_layout), rules.kernel_spec() is None
(7, 'stub', True)
>>> get_game("sniff").configure("us").kernel_spec() is None
False
"""

from __future__ import annotations

from ...core.game import Game
from .rules import SniffGame, SniffLastSide, SniffLayout, SniffRules

__all__ = ["GAMES", "SniffGame", "SniffLastSide", "SniffLayout", "SniffRules"]

GAMES: tuple[Game, ...] = (SniffGame(),)
"""The games of this folder, for the registry."""
