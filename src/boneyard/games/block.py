"""Block, Draw and Latin-American partnership dominoes (RULES.md §2.1, §2.2, §2.12).

The three games share one mechanism (:class:`~boneyard.games.line.rules.LineRules`): equal-number
matching on a line with crosswise doubles, optional spinners and drawing, and the end-of-hand
scorings of RULES.md §3. They differ only in data: their rule sets.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.game import BRITANNICA, GARDEN_GAMES, Game, RuleSet
from ..core.options import pick
from .line.options import LINE_SPECS
from .line.presenter import LinePresenter
from .line.rules import LineRules

__all__ = ["BlockGame", "DrawGame", "PartnershipGame"]

# Options that apply to every game of this family (RULES.md §3 rows 1-4, 7-16, 21-27, 29, 37).
LINE_OPTIONS: tuple[str, ...] = (
    "tile_set",
    "partnerships",
    "hand_size",
    "stock_reserve",
    "draw_policy",
    "voluntary_draw",
    "first_lead",
    "lead_tile",
    "no_double",
    "next_lead",
    "turn_direction",
    "doubles_crosswise",
    "spinner",
    "spinner_sides_first",
    "spinner_fill_first",
    "double_bonus_play",
    "domino_points",
    "round_scope",
    "blocked_scoring",
    "blocked_tie",
    "count_stock_pips",
    "early_block_detection",
    "partner_pips",
    "target_score",
    "hand_double_value",
)

# The engine defaults of RULES.md §3 (the recommended defaults).
LINE_DEFAULTS: dict[str, Any] = {
    "tile_set": "double-six",
    "partnerships": False,
    "hand_size": "2:7,3:5,4:5",
    "stock_reserve": 0,
    "draw_policy": "none",
    "voluntary_draw": False,
    "first_lead": "highest_double",
    "lead_tile": "the_deciding_double",
    "no_double": "heaviest_tile",
    "next_lead": "rotate_left",
    "turn_direction": "cw",
    "doubles_crosswise": True,
    "spinner": "none",
    "spinner_sides_first": True,
    "spinner_fill_first": False,
    "double_bonus_play": False,
    "domino_points": "pips",
    "round_scope": "total",
    "blocked_scoring": "difference_total",
    "blocked_tie": "no_score",
    "count_stock_pips": False,
    "early_block_detection": False,
    "partner_pips": "ignore",
    "target_score": 100,
    "hand_double_value": "full",
}


class BlockGame(Game):
    id: ClassVar[str] = "block"
    order: ClassVar[int] = 10
    title: ClassVar[str] = "Block"
    summary: ClassVar[str] = (
        "Match an end of the line or pass; no drawing. First out scores the others' pips."
    )
    option_specs = pick(LINE_OPTIONS, LINE_SPECS)
    defaults = LINE_DEFAULTS
    default_rules = "modern"
    end_names = (
        "L and R (the two ends of the line); with spinners, U and D (the short sides of the first "
        "spinner) and nU, nD (the short sides of a later spinner n-n)"
    )
    rules_class = LineRules
    presenter_class = LinePresenter
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "modern": RuleSet(
            "modern",
            "Modern block: 7 tiles each for two players, 5 for three or four; the highest double "
            "leads (the heaviest tile if none); no drawing; the winner scores the others' pips "
            "(blocked: their total minus his own); 100 up.",
            {},
            "pagat index; learnplaywin; domino-games.com",
        ),
        "britannica": RuleSet(
            "britannica",
            "The 1910 Encyclopaedia Britannica: 7 tiles each; the lead goes by drawing for the "
            "highest tile; no drawing; a blocked hand's lowest scores both hands combined; 100 up.",
            {
                "hand_size": 7,
                "first_lead": "draw_highest",
                "lead_tile": "any",
                "blocked_scoring": "combined",
            },
            BRITANNICA,
        ),
        "garden-games": RuleSet(
            "garden-games",
            "The Garden Games leaflet: 5 tiles each; the highest double leads (redeal if none); "
            "every double is a spinner; draw until playable, the last tile too; a blocked hand's "
            "lowest scores the difference to each other hand; 100 up.",
            {
                "hand_size": 5,
                "draw_policy": "until_playable",
                "stock_reserve": 0,
                "no_double": "redeal",
                "next_lead": "same_as_first",
                "spinner": "all_doubles",
                "spinner_sides_first": False,
                "blocked_scoring": "difference_each",
            },
            GARDEN_GAMES,
        ),
    }


class DrawGame(Game):
    id: ClassVar[str] = "draw"
    order: ClassVar[int] = 20
    title: ClassVar[str] = "Draw"
    summary: ClassVar[str] = (
        "As Block, but a player who cannot match draws from the stock until he can."
    )
    option_specs = pick(LINE_OPTIONS, LINE_SPECS)
    defaults: ClassVar[dict[str, Any]] = {
        **LINE_DEFAULTS,
        "draw_policy": "until_playable",
        "stock_reserve": 2,
    }
    default_rules = "britannica"
    end_names = BlockGame.end_names
    rules_class = LineRules
    presenter_class = LinePresenter
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "britannica": RuleSet(
            "britannica",
            "The 1910 Encyclopaedia Britannica, 'the usual game': 7 tiles each (it describes two "
            "players; three or four take 5 each so that a stock remains); the lead goes by drawing "
            "for the highest tile; draw until able to match, two tiles always left in the stock; "
            "blocked: the lowest scores both hands combined; 100 up.",
            {
                "hand_size": "2:7,3:5,4:5",
                "first_lead": "draw_highest",
                "lead_tile": "any",
                "blocked_scoring": "combined",
            },
            BRITANNICA,
        ),
        "pagat": RuleSet(
            "pagat",
            "pagat Draw: 7 tiles each for two, 5 for three or four; a player may draw instead of "
            "playing, and keep drawing, until two are left; blocked: the lowest scores the others' "
            "total minus his own; 100 up.",
            {"voluntary_draw": True},
            "pagat Draw Dominoes",
        ),
    }


class PartnershipGame(Game):
    id: ClassVar[str] = "partnership"
    order: ClassVar[int] = 30
    title: ClassVar[str] = "Partnership dominoes"
    summary: ClassVar[str] = (
        "Four players in two partnerships, all tiles dealt, block play; the side that goes out or "
        "holds fewer pips scores."
    )
    option_specs = pick(LINE_OPTIONS, LINE_SPECS)
    defaults: ClassVar[dict[str, Any]] = {
        **LINE_DEFAULTS,
        "partnerships": True,
        "hand_size": 7,
        "turn_direction": "ccw",
        "first_lead": "holder_of:6-6",
        "next_lead": "rotate_right",
        "blocked_scoring": "opponents",
    }
    default_rules = "latin"
    min_players = 4
    max_players = 4
    default_players = 4
    rules_class = LineRules
    presenter_class = LinePresenter
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "latin": RuleSet(
            "latin",
            "Spain and Latin America (pagat): partners sit opposite, play goes counter-clockwise; "
            "the holder of 6-6 leads it in the first hand, later hands are led by the next player "
            "to the right with any tile; the winning side scores the losers' pips (a blocked hand: "
            "the side with fewer pips; equal totals score nothing); 100 up.",
            {},
            "pagat Partnership Dominoes",
        ),
        "puerto-rico": RuleSet(
            "puerto-rico",
            "Puerto Rico (the dominoes package's rules): as latin, but going out scores the pips "
            "in "
            "all remaining hands, the partner's too, and a blocked hand gives the side with fewer "
            "pips all remaining pips; the winner of a hand leads the next.",
            {
                "partner_pips": "include",
                "blocked_scoring": "combined",
                "next_lead": "winner",
            },
            "abw333/dominoes docs",
        ),
    }


GAMES: tuple[Game, ...] = (BlockGame(), DrawGame(), PartnershipGame())
"""The games of this module, for the registry (:mod:`boneyard.games`)."""
