"""Bergen in the registry: its rule set, with its sources, and its options."""

from __future__ import annotations

from typing import ClassVar

from ...core.game import Game, RuleSet
from ...core.options import pick
from ..line.options import LINE_SPECS
from .options import BERGEN_DEFAULTS, BERGEN_OPTIONS, BERGEN_SPECS
from .presenter import BergenPresenter
from .rules import BergenRules

__all__ = ["BergenGame"]


class BergenGame(Game):
    id: ClassVar[str] = "bergen"
    order: ClassVar[int] = 100
    title: ClassVar[str] = "Bergen"
    summary: ClassVar[str] = (
        "A drawing line game scored as you play: 2 for making both ends the same number, 3 when "
        "one of them is a double; 1 for going out or the best blocked hand; 15 up."
    )
    option_specs = pick(BERGEN_OPTIONS, LINE_SPECS, BERGEN_SPECS)
    defaults = BERGEN_DEFAULTS
    default_rules = "classic"
    rules_class = BergenRules
    presenter_class = BergenPresenter
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "classic": RuleSet(
            "classic",
            "The old American game: 6 tiles each; the highest double leads every hand and scores "
            "2; 2 for a double-header (both ends alike), 3 for a triple-header (a double at one "
            "end, its number at the other); draw until able, and a player may draw though he "
            "could play; 1 for going out, 1 for winning a blocked hand, where a hand holding a "
            "double loses to any hand without one and hands that all hold doubles count only "
            "their other tiles; game 15 for two players, 10 for three or four (Celko).",
            {},
            "puzzle-place.net Bergen and Muggins (the old American text); Celko (gamecabinet) "
            "for the target; domino-games.com for the worked line",
        ),
    }
