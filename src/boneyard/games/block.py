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

# The partnership game's bonuses and its blocked hand settled by who blocked it (RULES.md §2.12):
# line options the partnership game lists.
PARTNERSHIP_OPTIONS: tuple[str, ...] = (
    *LINE_OPTIONS,
    "blocked_winner",
    "capicua_bonus",
    "capicua_ends",
    "double_blank_bonus",
    "pass_bonus",
    "opening_pass_bonus",
    "opening_pass_bonus_double",
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
    option_specs = pick(PARTNERSHIP_OPTIONS, LINE_SPECS)
    defaults: ClassVar[dict[str, Any]] = {
        **LINE_DEFAULTS,
        "blocked_winner": "lowest_total",
        "capicua_bonus": "none",
        "capicua_ends": "either",
        "double_blank_bonus": 0,
        "pass_bonus": 0,
        "opening_pass_bonus": 0,
        "opening_pass_bonus_double": 0,
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
            "Puerto Rico: as latin, but going out scores the pips in all remaining hands, the "
            "partner's too, and a blocked hand gives the side with fewer pips all remaining pips; "
            "the winner of a hand leads the next; a capicú (a last tile, not a double, that fits "
            "either end) and a chuchazo (going out with the double-blank) add 100 each; 500 up.",
            {
                "partner_pips": "include",
                "blocked_scoring": "combined",
                "next_lead": "winner",
                "capicua_bonus": "fixed:100",
                "double_blank_bonus": 100,
                "target_score": 500,
            },
            "abw333/dominoes docs (https://github.com/abw333/dominoes, docs/index.rst); the "
            "Spanish American Club's (SACI) rules, https://sacitc.blog/category/domino-rules/",
        ),
        "cuba": RuleSet(
            "cuba",
            "Cuba (double-nine): 10 tiles each, the other 15 out of play, no drawing; the highest "
            "double leads the first hand, the lead then passes to the right; the winners score "
            "the losers' pips (a blocked hand: the side with fewer pips; equal totals score "
            "nothing); 100 up.",
            {
                "tile_set": "double-nine",
                "hand_size": 10,
                "first_lead": "highest_double",
            },
            "dominorules.com 'Cuban Dominoes' (from Jennifer Kelley, Great Book of Domino Games, "
            "1999), https://www.dominorules.com/cuban-dominoes; onlinedominogames.com, "
            "https://onlinedominogames.com/cuban-dominoes",
        ),
        "dominican": RuleSet(
            "dominican",
            "Dominican Republic: play to the right; the holder of 6-6 leads it, then the winner "
            "leads; the next player passing on the lead gives the leader's side 50 (25 on a "
            "double), a tile that makes the three others pass 25, a capicúa 25; a blocked hand "
            "(tranque): the blocker compares his pips with the player on his left (the one "
            "before him), the lower wins, a tie goes to the blocker; the winners score the "
            "losers' pips; 200 up.",
            {
                "next_lead": "winner",
                "pass_bonus": 25,
                "opening_pass_bonus": 50,
                "opening_pass_bonus_double": 25,
                "capicua_bonus": "fixed:25",
                "blocked_winner": "blocker_vs_previous",
                "blocked_tie": "last_to_play",
                "target_score": 200,
            },
            "dominoesonline.com 'capicua' (Dominican Republic), "
            "https://dominoesonline.com/rule.php?id=1228128405; DR1, '25, 50, Capicua! Dominoes "
            "and the Dominican Republic', https://dr1.com/articles/dominoes.shtml; FichaFlow, "
            "https://fichaflow.com/es/learn",
        ),
        "venezuela": RuleSet(
            "venezuela",
            "Venezuela: as latin, but the winners score every pip left, the partner's too; a "
            "blocked hand is won by the side of the player holding the fewest pips himself, a tie "
            "going to the side that blocked it, and scores every pip left.",
            {
                "partner_pips": "include",
                "blocked_scoring": "combined",
                "blocked_winner": "lowest_player",
                "blocked_tie": "last_to_play",
            },
            "Tío Sabías Que, 'Un juego que crea amistades… el dominó' (2018), "
            "http://tiosabiasque.com/2018/05/27/un-juego-que-crea-amistades-el-domino/",
        ),
        "panama": RuleSet(
            "panama",
            "Panama: 7 tiles each, the highest double (the 6-6) leads, play goes to the right "
            "(counter-clockwise), two open ends only; the rest as latin, where the source is "
            "silent.",
            {"first_lead": "highest_double"},
            "Y. Lowe, 'Play Dominoes -- Panamanian Style', "
            "https://www.anadventcelebration.com/post/play-dominoes-panamanian-style",
        ),
        "international": RuleSet(
            "international",
            "Championship rules (the International Domino Federation's, as the Spanish federation "
            "summarises them): the lead is drawn for (the highest tile leads, any tile), then "
            "passes to the right; the side that goes out or holds fewer pips in a blocked hand "
            "scores every pip left, its own too; a tied blocked hand scores nothing; 300 up.",
            {
                "first_lead": "draw_highest",
                "lead_tile": "any",
                "partner_pips": "include",
                "blocked_scoring": "combined",
                "target_score": 300,
            },
            "Federación Española de Dominó, normas resumidas (Lloc de Joc, 2008), "
            "https://viewer.joomag.com/lloc-de-joc-marzo-abril-2008/0218185001480490582/p43; "
            "Granma on the FID world championship (2006), "
            "https://www.cubaheadlines.com/cuba_hosts_international_domino_tournament.html; "
            "Spanish Wikipedia 'Dominó' (the international norm for a tied blocked hand)",
        ),
    }


GAMES: tuple[Game, ...] = (BlockGame(), DrawGame(), PartnershipGame())
"""The games of this module, for the registry (:mod:`boneyard.games`)."""
