"""The rules of a match as data, for the compiled core (:mod:`boneyard.core.kernel`).

A game exports its resolved rules through the hook :meth:`LineRules.kernel_spec()
<boneyard.games.line.rules.LineRules.kernel_spec>`, which returns a :class:`KernelSpec` (or ``None``
where the core cannot play the game: Domino Loo's tricks). Everything the core needs is here,
computed once by the Python rules, never typed a second time: which tiles fit an end (``end_mask``),
what a count scores (``count_points``), what a tile left in hand is worth (``hand_value``), the
values a claim may name; the mechanisms the core implements (how a blocked hand is scored, how the
lead is found) are named by the option values the Python rules resolved.

>>> from boneyard.games import get_game
>>> spec = get_game("fives-and-threes").configure().kernel_spec()
>>> spec.table, spec.play_scoring, spec.count_points[15], spec.target_exact
('line', 'count', 8, True)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MAX_COUNT", "KernelSpec"]

# Counts the core looks up in ``count_points`` (no table of any game reaches this).
MAX_COUNT = 1024


@dataclass(frozen=True)
class KernelSpec:
    """The resolved rules of one match as the compiled core reads them.

    Strings name option values (RULES.md §3) or, where noted, a family of the core's; masks are
    tile bitmasks (:mod:`boneyard.core.tiles`).
    """

    # The table: "line" (block, draw, the counting games, Bergen, Sebastopol, Whist, Pool),
    # "matador" (sums and wild matadors), "trains" (Mexican Train), "chicken" (Chicken Foot).
    table: str
    max_pip: int
    players: int
    side_of: tuple[int, ...]
    hand_size: int
    reserve: int
    # Drawing: draw_policy, voluntary_draw.
    draw: str
    voluntary_draw: bool
    # The lead: first_lead ("holder_of" with lead_holder_of; "whist_draw": partners drawn as at
    # Whist; "engine": a round's double), lead_tile, no_double, next_lead ("none": the deal
    # decides every hand), turn_direction.
    first_lead: str
    lead_holder_of: int
    lead_tile_any: bool
    no_double: str
    next_lead: str
    turn_ccw: bool
    # The layout: spinner, whether a spinner's short sides are open at once, spinner_fill_first,
    # whether laying a double may keep the turn (a bonus play; covering it in Mexican Train).
    spinner: str
    short_open: bool
    fill_first: bool
    turn_after_double: bool
    # end_mask[p]: the tiles that fit an end showing p (Matador: also its crosswise codes).
    end_mask: tuple[int, ...]
    hand_value: tuple[int, ...]
    # Scoring during play: "none", "count" (the counting games), "headers" (Bergen).
    play_scoring: str
    # The end of a hand: "line" (RULES.md §3's scorings), "debit" (Domino Whist), "pool"
    # (shares of a pool), "costs" (each seat's pips, the lowest total wins).
    result: str
    domino_points: str  # "pips", "fixed" (domino_fixed) or "none"
    domino_fixed: int
    round_unit: int  # 5, 3 or 0 (no rounding)
    round_per_opponent: bool
    partner_pips: str
    count_stock_pips: bool
    blocked_scoring: str  # the option's value, "fixed" for fixed:k (blocked_fixed)
    blocked_fixed: int
    blocked_tie: str
    early_block_detection: bool
    both_partners_out: bool
    target_exact: bool
    target_score: int
    # The match: "target", "loss_target" (Whist's debits), "rounds_high" (Pool),
    # "rounds_low" (the lowest total after the rounds).
    match_end: str
    pip_weight: float
    scores_shape_future: bool
    rounds: int = 0
    # Matador.
    matadors: int = 0
    matador_optional: bool = False
    matador_crosswise: bool = False
    match_sum: int = -1
    # The counting games: count_points[c] is what a count of c scores.
    count_points: tuple[int, ...] = ()
    double_factor: int = 1
    spinner_until_ends_covered: bool = False
    doubles_crosswise: bool = True
    lead_scores: bool = True
    round_per_multiple: bool = False
    claims: bool = False
    claim_values: tuple[int, ...] = ()
    false_claim_penalty: bool = False
    # Bergen: blocked_doubles_lose ("off", "all_pips", "non_double_pips").
    header_cap: bool = False
    blocked_doubles_lose: str = "off"
    # Domino Whist.
    whist_debit: str = "highest_side_own_total"
    target_is_loss: bool = False
    # Chicken Foot: the sides of the starting double.
    start_sides: int = 0
    # The Caribbean partnership bonuses: who wins a blocked hand (block_winner), the capicúa's
    # bonus ("none", "double" or "fixed" with capicua_fixed) and whether its last tile may fit
    # ends alike (capicua_either), the double-blank's bonus, the pass bonuses.
    block_winner: str = "lowest_total"
    capicua: str = "none"
    capicua_fixed: int = 0
    capicua_either: bool = True
    double_blank_bonus: int = 0
    pass_bonus: int = 0
    opening_pass_bonus: int = 0
    opening_pass_bonus_double: int = 0
