"""Chicken Foot (RULES.md §2.14): a round per double, each started by a double that must get its
four (or six) tiles first, every later double three toes before play goes on elsewhere; draw one,
0-0 worth 50, the lowest total wins.

**Rounds** as in Mexican Train (:class:`~boneyard.games.trains.mexican.RoundsRules`): with a
double-nine set round 1 is started by the 9-9, round 2 by the 8-8... down to the 0-0 (10 rounds; 13
with double-twelve). Its holder lays it; if nobody holds it, the players draw in turn until it
appears.

**The starting double** is laid crosswise and needs a tile on each of its four sides, **L**, **R**,
**U** and **D**, before anything else (``starting_double=four_sides``); the "double chicken foot"
of one text (``three_each_side``) needs three on each long side instead: **L**, **LU**, **LD** to
its left, **R**, **RU**, **RD** to its right.

**Chicken feet.** A double laid later lies across its arm and needs three tiles, its **toes**,
before anything is played elsewhere: the middle one continues the arm it was laid on (the arm keeps
its name), the outer two open new ends named after the double, ``nU`` and ``nD`` for the double
``n-n``. While toes are missing only they may be played, by whoever can.

**A turn.** A player who cannot play draws one tile and plays it if he can, else passes; with the
stock empty he passes. The hand ends when a player goes out or nobody can play with the stock empty:
every player adds his pips to his score, the 0-0 counting 50 (``double_blank_value``); the lowest
total after the last round wins.

>>> from boneyard.games import get_game
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("chicken-foot").configure()
>>> lay = rules.lead_layout(T("9-9"), None)
>>> lay.open_ends(), rules.waiting(lay)
([('L', 9), ('R', 9), ('U', 9), ('D', 9)], [0, 1, 2, 3])
>>> for tile, end in [("9-5", "L"), ("9-4", "R"), ("9-3", "U"), ("9-2", "D"), ("5-5", "L")]:
...     lay = rules.lay(lay, Play(T(tile), end))
>>> lay.open_ends(), [lay.names[i] for i in rules.waiting(lay)]
([('L', 5), ('R', 4), ('U', 3), ('D', 2), ('5U', 5), ('5D', 5)], ['L', '5U', '5D'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...core.actions import Play
from ...core.game import Game, RuleSet
from ...core.layout import LONG, Layout
from ...core.options import OptionSpec, pick
from ...core.tiles import BIT, DOUBLE, HIGH, LOW, NAMES
from ...core.views import Half, Way
from ..line.options import LINE_SPECS, Spinner
from .mexican import ROUNDS_SPECS, RoundsPresenter, RoundsRules

if TYPE_CHECKING:
    from ...core.options import Options

__all__ = ["ChickenFootGame", "ChickenFootPresenter", "ChickenFootRules"]

# Hand sizes by number of players (RULES.md §2.14): htfbw's 9 for two and 7 for three or four,
# then 6 (the flash.net text's smallest hand) up to eight; for double-twelve, boneyard's own.
HAND_TABLES: dict[str, str] = {
    "double-nine": "2:9,3:7,4:7,5:6,6:6,7:6,8:6",
    "double-twelve": "2:15,3:12,4:12,5:10,6:10,7:8,8:8",
}

STARTS: dict[str, tuple[str, ...]] = {
    "four_sides": ("L", "R", "U", "D"),
    "three_each_side": ("L", "LU", "LD", "R", "RU", "RD"),
}


# The starting double's rule, Chicken Foot's own option.
STARTING_DOUBLE = OptionSpec(
    "starting_double",
    "choice",
    "what the double that starts a Chicken Foot round needs before anything else: a tile on "
    "each of its four sides (four_sides), or three on each long side (three_each_side)",
    ("four_sides", "three_each_side"),
)


class ChickenFootRules(RoundsRules):
    """Line play from a starting double filled on every side, later doubles with three toes."""

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        self.start_names = STARTS[STARTING_DOUBLE.text(options)]
        # Only the waiting sides and toes may be played on (allowed_ends); the engine's line
        # machinery does the rest.
        self.spinner_fill_first = True
        self.spinner = Spinner.ALL_DOUBLES

    # ----------------------------------------------------------------- the table
    def lead_layout(self, t: int, right: int | None) -> Layout:
        k = len(self.start_names)
        n = HIGH[t]
        return Layout(self.start_names, (n,) * k, (t,) * k, (LONG,) * k, BIT[t], BIT[t], t, t)

    def lay(self, layout: Layout, action: Play) -> Layout:
        assert action.end is not None
        i = layout.names.index(action.end)
        t = action.tile
        p = layout.pips[i]
        exposed = LOW[t] if HIGH[t] == p else HIGH[t]
        names, pips, tips, kinds = layout.names, layout.pips, layout.tips, layout.kinds
        pips = pips[:i] + (exposed,) + pips[i + 1 :]  # noqa: RUF005
        tips = tips[:i] + (t,) + tips[i + 1 :]  # noqa: RUF005
        spinners = layout.spinners
        if DOUBLE[t]:
            n = HIGH[t]
            names = (*names, f"{n}U", f"{n}D")
            pips = (*pips, n, n)
            tips = (*tips, t, t)
            kinds = (*kinds, LONG, LONG)
            spinners |= BIT[t]
        return Layout(
            names, pips, tips, kinds, layout.placed | BIT[t], spinners, layout.lead_tile, t
        )

    def waiting(self, layout: Layout) -> list[int]:
        """The sides of the starting double, or the toes of a later double, still waiting for
        their tile (an end whose tip is a double); empty once every double is filled."""
        return [i for i, t in enumerate(layout.tips) if DOUBLE[t]]

    def allowed_ends(self, layout: Layout) -> range | list[int]:
        return self.waiting(layout) or range(len(layout.names))

    def kernel_fields(self) -> dict[str, Any]:
        return {**super().kernel_fields(), "table": "chicken", "start_sides": len(self.start_names)}

    # ----------------------------------------------------------------- for people
    def end_closed(self, layout: Layout, seat: int, i: int) -> str:
        waiting = self.waiting(layout)
        if not waiting or i in waiting:
            return ""
        double = layout.tips[waiting[0]]
        if double == layout.lead_tile:
            return f"the starting double {NAMES[double]} must get a tile on every side first"
        done = 3 - len(waiting)
        return f"the {NAMES[double]} must get its three toes first ({done} of 3 laid)"


class ChickenFootPresenter(RoundsPresenter[ChickenFootRules]):
    """Chicken Foot told: the starting double's sides and every later double's toes, waiting to
    be filled."""

    def way(self, name: str, root: int, lead: int) -> tuple[Way, Half | None]:
        if root == lead and len(name) == 2 and name[0] in "LR" and name[1] in "UD":
            # The outer toes of a starting double with three tiles on each long side: off its
            # left or right half, upward or downward.
            return ("up" if name[1] == "U" else "down"), ("left" if name[0] == "L" else "right")
        return super().way(name, root, lead)

    def end_note(self, layout: Layout, i: int) -> str:
        if not self.end_waiting(layout, i):
            return ""
        if layout.tips[i] == layout.lead_tile:
            return "a side of the starting double: to be filled"
        return f"a toe of {NAMES[layout.tips[i]]}: to be filled"

    def end_waiting(self, layout: Layout, i: int) -> bool:
        return bool(DOUBLE[layout.tips[i]])


class ChickenFootGame(Game):
    id: ClassVar[str] = "chicken-foot"
    order: ClassVar[int] = 130
    title: ClassVar[str] = "Chicken Foot"
    summary: ClassVar[str] = (
        "Double-nine, 2 to 8 players, a round per double from the 9-9 down: the starting double "
        "takes a tile on every side, every later double three toes before play goes on "
        "elsewhere; draw one; the 0-0 counts 50; the lowest total wins."
    )
    option_specs = pick(
        (
            "tile_set",
            "hand_size",
            "rounds",
            "starting_double",
            "double_blank_value",
            "blank_half_value",
        ),
        LINE_SPECS,
        ROUNDS_SPECS,
        (STARTING_DOUBLE,),
    )
    defaults: ClassVar[dict[str, Any]] = {
        "tile_set": "double-nine",
        "hand_size": HAND_TABLES["double-nine"],
        "rounds": 10,
        "starting_double": "four_sides",
        "double_blank_value": 50,
        "blank_half_value": 0,
    }
    set_defaults: ClassVar[dict[str, dict[str, Any]]] = {
        "double-nine": {"hand_size": HAND_TABLES["double-nine"], "rounds": 10},
        "double-twelve": {"hand_size": HAND_TABLES["double-twelve"], "rounds": 13},
    }
    default_rules = "standard"
    min_players = 2
    max_players = 8
    default_players = 4
    rules_class = ChickenFootRules
    presenter_class = ChickenFootPresenter
    end_names = (
        "L, R, U and D (the four sides of the starting double; with "
        "starting_double=three_each_side, L, LU and LD on its left, R, RU and RD on its right); "
        "nU and nD (the outer toes of a later double n-n, whose middle toe continues its arm)"
    )
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "standard": RuleSet(
            "standard",
            "The common game: a double-nine set, 9 tiles each for two players, 7 for three or "
            "four, 6 for more; a round per double from the 9-9 down, each started by its holder; "
            "the starting double takes a tile on each of its four sides, every later double three "
            "toes, before anything else; draw one, then pass; each hand's pips are added to the "
            "score, the 0-0 counting 50; the lowest total wins.",
            {},
            "Wikipedia (copy at absoluteastronomy.com), htfbw.com, the flash.net text "
            "(archive.org) (RULES.md §2.14)",
        ),
    }
