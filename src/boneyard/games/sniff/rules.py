"""Sniff's rules: a counting game (:mod:`boneyard.games.counting`) whose first double, the
**sniff**, is its only spinner, laid and counted as the rule set says.

Two readings of the sniff (``sniff_layout``):

* ``stub`` (pagat): the sniff is laid **in line**, so while it stands at an end of the line it
  shows one half there. Besides the two line ends through it, **one tile** may be laid against each
  of its two sides (the ends ``U`` and ``D``); such a tile is a stub that is never built on, and
  the number at its far end counts for the rest of the hand.
* ``spinner`` (Grady and Goldberg, Armanino, as pagat reports them; Britannica; the other pages):
  the sniff is laid crosswise and is an ordinary four-way spinner. How long it counts both halves
  is ``spinner_ends_count`` (``until_ends_covered``: while any of its four sides is free), and
  ``sniff_last_side=one_half`` counts only the half showing once three sides are covered.

>>> from boneyard.games import get_game
>>> from boneyard.core.actions import Play
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("sniff").configure("pagat")
>>> lay = rules.lead_layout(T("4-4"), None)
>>> rules.explain(lay)
'ends 4 + 4 = 8'
>>> lay = rules.lay(lay, Play(T("4-6"), "R"))
>>> rules.explain(lay)
'ends 4 + 6 = 10 -> 10 points'
>>> lay = rules.lay(lay, Play(T("4-1"), "U"))  # a stub: its 1 counts for the rest of the hand
>>> rules.explain(lay), lay.open_ends()
('ends 4 + 6 + 1 = 11', [('L', 4), ('R', 6), ('D', 4)])
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.game import Game, RuleSet
from ...core.layout import LONG, SHORT, Layout
from ...core.options import OptionSpec, choices_of, pick
from ...core.tiles import BIT, DOUBLE, HIGH, LOW
from ..counting import (
    COUNTING_DEFAULTS,
    COUNTING_OPTIONS,
    COUNTING_SPECS,
    CountingGame,
    CountingRules,
    SpinnerEndsCount,
)
from ..line.options import LINE_SPECS, Spinner
from .presenter import SniffPresenter

if TYPE_CHECKING:
    from ...core.actions import Play
    from ...core.kernel_spec import KernelSpec
    from ...core.options import Options
    from ...core.protocol import GameRules

__all__ = [
    "SNIFF_DEFAULTS",
    "SNIFF_OPTIONS",
    "SNIFF_SPECS",
    "SniffGame",
    "SniffLastSide",
    "SniffLayout",
    "SniffRules",
]


class SniffLayout(StrEnum):
    """How the sniff is laid and played on (``sniff_layout``)."""

    STUB = "stub"
    SPINNER = "spinner"


class SniffLastSide(StrEnum):
    """What a crosswise sniff counts with one side left free (``sniff_last_side``)."""

    BOTH_HALVES = "both_halves"
    ONE_HALF = "one_half"


SNIFF_LAYOUT = OptionSpec(
    "sniff_layout",
    "choice",
    "the sniff (the first double, the only spinner): stub (laid in line; one tile on each of its "
    "sides, never built on, its far end counting for the rest of the hand) or spinner (laid "
    "crosswise, four arms that grow)",
    choices_of(SniffLayout),
)

SNIFF_LAST_SIDE = OptionSpec(
    "sniff_last_side",
    "choice",
    "a crosswise sniff with three sides covered counts both halves (both_halves) or the one half "
    "still showing (one_half); with spinner_ends_count=until_ends_covered",
    choices_of(SniffLastSide),
)

SNIFF_SPECS: tuple[OptionSpec, ...] = (SNIFF_LAYOUT, SNIFF_LAST_SIDE)

# The counting games' options but ``spinner`` (Sniff fixes it: the first double), and its own.
SNIFF_OPTIONS: tuple[str, ...] = (
    *(o for o in COUNTING_OPTIONS if o != "spinner"),
    "sniff_layout",
    "sniff_last_side",
)

SNIFF_DEFAULTS: dict[str, Any] = {
    **{k: v for k, v in COUNTING_DEFAULTS.items() if k in SNIFF_OPTIONS},
    # pagat: 7 tiles each for two, 6 for three, 5 for four; the first lead by lot, any tile;
    # later the last hand's domino-er (after a block, by lot again).
    "hand_size": "2:7,3:6,4:5",
    "first_lead": "random",
    "lead_tile": "any",
    "next_lead": "winner",
    "spinner_sides_first": False,
    "blocked_scoring": "difference_total",
    "sniff_layout": "stub",
    "sniff_last_side": "both_halves",
}


class SniffRules(CountingRules):
    """The counting games' rules with the sniff: the first double the only spinner, laid as a
    stub-sided double in line or as a crosswise spinner."""

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        o = options
        # Fixed by the game: the first double, and only it, is the sniff.
        self.spinner = Spinner.FIRST_DOUBLE
        self.sniff_layout = SNIFF_LAYOUT.choice(o, SniffLayout)
        self.stubs = self.sniff_layout is SniffLayout.STUB
        self.last_half = (
            not self.stubs
            and SNIFF_LAST_SIDE.choice(o, SniffLastSide) is SniffLastSide.ONE_HALF
            and self.spinner_ends_count is SpinnerEndsCount.UNTIL_ENDS_COVERED
        )

    # ----------------------------------------------------------------- the table
    def lay(self, layout: Layout, action: Play) -> Layout:
        after = super().lay(layout, action)
        if not self.stubs or layout.first_spinner < 0:
            return after
        i = layout.names.index(action.end or "")
        if layout.tips[i] != layout.first_spinner or layout.kinds[i] != SHORT:
            return after
        # A tile laid against a side of the sniff is a stub: nothing is ever laid on it. Its end
        # is closed (pip -1); count_terms still counts the number at its far end.
        pips = after.pips[:i] + (-1,) + after.pips[i + 1 :]  # noqa: RUF005
        return Layout(
            after.names,
            pips,
            after.tips,
            after.kinds,
            after.placed,
            after.spinners,
            after.lead_tile,
            after.first_spinner,
        )

    # ----------------------------------------------------------------- the count
    def count_terms(self, layout: Layout) -> list[tuple[str, int]]:
        if self.stubs and layout.first_spinner >= 0:
            return self._stub_terms(layout)
        terms = super().count_terms(layout)
        if self.last_half and layout.first_spinner >= 0:
            sniff = layout.first_spinner
            free = sum(1 for t in layout.tips if t == sniff)
            if free == 1:
                # Three sides covered: only the half at the last free side shows.
                names, tips = layout.names, layout.tips
                terms = [
                    (name, HIGH[sniff] if tips[names.index(name)] == sniff else value)
                    for name, value in terms
                ]
        return terms

    def _stub_terms(self, layout: Layout) -> list[tuple[str, int]]:
        """The count with a sniff laid in line: a line end at the sniff shows one half, its free
        sides show nothing, a stub shows its far number for good; other ends as in Muggins."""
        names, pips, tips, kinds = layout.names, layout.pips, layout.tips, layout.kinds
        sniff = layout.first_spinner
        n = HIGH[sniff]
        factor = self.double_factor
        terms: list[tuple[str, int]] = []
        counted = 0
        for i, p in enumerate(pips):
            t = tips[i]
            if t == sniff:
                if kinds[i] == LONG and p >= 0:
                    terms.append((names[i], n))  # in line: one half at each line end
                continue
            if p < 0:
                if names[i] in ("U", "D") and kinds[i] == LONG:
                    terms.append((names[i], LOW[t] if HIGH[t] == n else HIGH[t]))  # a stub
                continue
            if DOUBLE[t] and self.doubles_crosswise:
                if counted & BIT[t]:
                    continue
                counted |= BIT[t]
                terms.append((names[i], p * factor))
                continue
            terms.append((names[i], p))
        return terms

    # ----------------------------------------------------------------- the compiled core
    def kernel_spec(self) -> KernelSpec | None:
        # The compiled core knows a four-way spinner counting until its sides or its ends are
        # covered; it does not know the stubs of a sniff laid in line, nor a sniff counting one
        # half at its last free side. Those the Python engine plays.
        if self.stubs or self.last_half:
            return None
        return super().kernel_spec()


class SniffGame(CountingGame):
    id: ClassVar[str] = "sniff"
    title: ClassVar[str] = "Sniff"
    summary: ClassVar[str] = (
        "All Fives whose first double, the sniff, is its only spinner: laid in line with one "
        "counting tile on each side (pagat), or crosswise as a four-way spinner (the US game); "
        "score the count of the open ends whenever it is a multiple of five."
    )
    option_specs = pick(SNIFF_OPTIONS, LINE_SPECS, COUNTING_SPECS, SNIFF_SPECS)
    rules_class = SniffRules
    defaults: ClassVar[dict[str, Any]] = SNIFF_DEFAULTS
    default_rules = "pagat"

    def presenter_for(self, rules: GameRules) -> SniffPresenter:
        if not isinstance(rules, SniffRules):
            raise TypeError(f"not Sniff's rules: {rules.describe()}")
        return SniffPresenter(rules, rules.stubs)

    end_names = (
        "L and R (the two ends of the line); U and D (the two sides of the sniff, the first double)"
    )
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "pagat": RuleSet(
            "pagat",
            "pagat's Sniff: 7 tiles each for two, 6 for three, 5 for four; the first lead by "
            "lot, any tile, later the last hand's domino-er (by lot after a block); the first "
            "double is the sniff, laid in line: one tile may be laid on each of its sides, "
            "never built on, and its far end counts for the rest of the hand; draw until able, "
            "two left; counts that are multiples of five score; going out scores the others' "
            "pips to the nearest five, a blocked hand the others' total minus the winner's; "
            "100 up.",
            {},
            "pagat Sniff (https://www.pagat.com/tile/wdom/sniff.html)",
        ),
        "us": RuleSet(
            "us",
            "The US game pagat reports from Grady and Goldberg and from Armanino: as pagat, but "
            "the sniff is laid crosswise and is a full spinner (its long sides first, then its "
            "ends), and it counts both halves while any of its four sides is free.",
            {
                "sniff_layout": "spinner",
                "spinner_sides_first": True,
                "spinner_ends_count": "until_ends_covered",
            },
            "pagat Sniff, after Grady and Goldberg, Dominoes (1995), and D. C. Armanino",
        ),
        "britannica": RuleSet(
            "britannica",
            "Encyclopaedia Britannica: 'essentially muggins', as its All Fives (5 tiles each, "
            "the lead by drawing for the highest tile, any tile led, draw until able with two "
            "left, going out or a blocked hand scores the others' pips to the nearest five); "
            "the sniff is a spinner played to 'both endwise and sidewise' at any time; 200 up.",
            {
                "hand_size": 5,
                "first_lead": "draw_highest",
                "next_lead": "rotate_left",
                "blocked_scoring": "opponents",
                "sniff_layout": "spinner",
                "target_score": 200,
            },
            "Encyclopaedia Britannica online, Muggins (https://www.britannica.com/print/article/660976)",
        ),
        "online": RuleSet(
            "online",
            "onlinedominogames.com: 7, 6 or 5 tiles; the lead by lot, later the domino-er; the "
            "sniff a spinner open on all four sides, counting both halves until three of its "
            "sides are covered, then the half still showing; draw until able, every tile may "
            "be drawn.",
            {
                "sniff_layout": "spinner",
                "spinner_ends_count": "until_ends_covered",
                "sniff_last_side": "one_half",
                "stock_reserve": 0,
            },
            "onlinedominogames.com Sniff Dominoes",
        ),
        "digigamers": RuleSet(
            "digigamers",
            "digigamers.com: 7 tiles each for two, 5 for three or four; the leader chosen at "
            "random, then the set rotates; any tile; the sniff a spinner open on all four sides; "
            "draw until able, and a player who can play may draw instead.",
            {
                "hand_size": "2:7,3:5,4:5",
                "next_lead": "rotate_left",
                "sniff_layout": "spinner",
                "voluntary_draw": True,
            },
            "digigamers.com Muggins and Sniff rules",
        ),
    }
