"""Domino Loo's own options (RULES.md §2.10): how it is scored, the miss, suits and what a player
must play to a trick. The game lists them with the shared ``target_score`` and ``rounds``."""

from __future__ import annotations

from ...core.options import OptionSpec

__all__ = ["LOO_SPECS"]

LOO_SCORING = OptionSpec(
    "loo_scoring",
    "choice",
    "Domino Loo is played for a pool (the dealer stakes 5, each trick takes a fifth, a looed "
    "player pays 5 into the next pool; a match of rounds deals) or for points (1 a trick, "
    "first to target_score)",
    ("pool", "points"),
)

LOO_PENALTY = OptionSpec(
    "loo_penalty",
    "int",
    "in Domino Loo for points, what a player who stayed in and took no trick (looed) loses",
    example="5",
)

LOO_MISS = OptionSpec(
    "loo_miss",
    "bool",
    "in Domino Loo a player may take the miss: throw his hand out and take a new one from "
    "the stock (six keeping five with two or three players, all seven keeping five with four)",
)

LOO_SUITS = OptionSpec(
    "loo_suits",
    "choice",
    "in Domino Loo a tile that is not a trump belongs to the suit of its higher number "
    "(higher_end), or follows any suit it shows (either_end); it leads its higher number",
    ("higher_end", "either_end"),
)

LOO_MUST_TRUMP = OptionSpec(
    "loo_must_trump",
    "bool",
    "in Domino Loo a player who cannot follow suit must trump if he can",
)

LOO_MUST_HEAD = OptionSpec(
    "loo_must_head",
    "bool",
    "in Domino Loo a player must head the trick (beat the best tile so far) when a tile he "
    "is bound to play from can",
)

LOO_SPECS: tuple[OptionSpec, ...] = (
    LOO_SCORING,
    LOO_PENALTY,
    LOO_MISS,
    LOO_SUITS,
    LOO_MUST_TRUMP,
    LOO_MUST_HEAD,
)
