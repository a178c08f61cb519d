"""Bergen (RULES.md §2.9, §4.8): a drawing line game scored for *headers* as they are made.

The line game of :mod:`boneyard.games.line.rules` (no spinner, doubles crosswise, draw until able)
with its own scoring during play. After a play, when the two ends of the line show the same number
the player scores a **double-header**, 2 points; when one of those ends is a double (crosswise, its
far side free) it is a **triple-header**, 3 points. The leader's double is a double-header of its
own: a double led scores 2. As in the old text's Muggins a player may draw though he could play
(``voluntary_draw``). Going out scores 1 (``domino_points=fixed:1``), and so does winning a blocked
hand (``blocked_scoring=fixed:1``), where by the old rule a hand holding a double loses to any hand
without one, and hands that all hold doubles are compared by the pips of their other tiles
(``blocked_doubles_lose=non_double_pips``). Game is 15 for two players, 10 for three or four
(``target_score=2:15,3:10,4:10``).

Celko's reduction near the target is ``bergen_near_target_cap``: a player within 2 of the target
scores only 1 for a header, within 3 only 2.

>>> from boneyard.core.actions import Play
>>> from boneyard.core.layout import Layout
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = BergenGame().configure()
>>> lay = rules.lead_layout(T("6-6"), None)
>>> rules.header(lay)  # BER-1: the lead 6-6 scores 2
2
>>> for tile, end in [("6-2", "R"), ("6-4", "L"), ("4-2", "L")]:
...     lay = rules.lay(lay, Play(T(tile), end))
>>> lay.open_ends(), rules.header(lay)
([('L', 2), ('R', 2)], 2)
>>> lay = rules.lay(lay, Play(T("2-2"), "L"))
>>> rules.header(lay), rules.explain(lay)
(3, 'triple-header: 2-2 across one end and 2 at the other -> 3 points')
"""

from ...core.game import Game
from .game import BergenGame
from .options import (
    BERGEN_DEFAULTS,
    BERGEN_NEAR_TARGET_CAP,
    BERGEN_OPTIONS,
    BERGEN_SPECS,
    BLOCKED_DOUBLES_LOSE,
    DoublesLose,
)
from .presenter import BergenPresenter
from .rules import BergenRules

__all__ = [
    "BERGEN_DEFAULTS",
    "BERGEN_NEAR_TARGET_CAP",
    "BERGEN_OPTIONS",
    "BERGEN_SPECS",
    "BLOCKED_DOUBLES_LOSE",
    "BergenGame",
    "BergenPresenter",
    "BergenRules",
    "DoublesLose",
]


GAMES: tuple[Game, ...] = (BergenGame(),)
"""The games of this package, for the registry (:mod:`boneyard.games`)."""
