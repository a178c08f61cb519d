"""What no sentence a player reads may hold, whoever reads it: shared by the tests of the plain
game (tests/test_words.py) and of the server's log (tests/server/test_server_words.py), with the
configurations they play: every game, rule set and player count in the registry."""

from __future__ import annotations

import re
from collections.abc import Iterator

from boneyard import get_game
from boneyard.core.words import plural, third_person
from boneyard.games import GAMES
from boneyard.games.line.rules import LineRules

# ------------------------------------------------------------------------ what no text may hold
# Nouns the narration counts; "1 pips" and the like are errors.
COUNTED = [
    "pip",
    "point",
    "tile",
    "hand",
    "trick",
    "stake",
    "counter",
    "pool",
    "decision",
    "move",
    "match",
    "deal",
    "round",
    "debit",
    "line",
    "player",
    "train",
    "draw",
]
# (Not after "seat": "seat 1 deals" is a seat dealing.)
ONE_PLURAL = re.compile(
    r"(?<![\d.])(?<!seat )(?<!Seat )(?<!& )\b1 ("
    + "|".join(plural(2, n)[2:] for n in COUNTED)
    + r")\b"
)
SOURCE_CODE = re.compile(r"\bS[0-9]\b")
# The verbs of the narration, and their forms after a name: "you plays" is an error, and so is
# "seat 1 play".
VERBS = [
    "be",
    "have",
    "do",
    "play",
    "pass",
    "draw",
    "lead",
    "take",
    "win",
    "score",
    "hold",
    "stand",
    "drop",
    "discard",
    "call",
    "decide",
    "deal",
    "reach",
    "go",
    "divide",
    "tie",
]
AFTER_NAME = {third_person(v) for v in VERBS} - {"goes"}
YOU_WRONG = re.compile(r"\b[Yy]ou (" + "|".join(sorted(AFTER_NAME)) + r")\b")


def named_wrong(names: list[str]) -> re.Pattern[str]:
    """A seat's name followed by the verb's form for *you*: ``seat 1 play``, ``Ann have``."""
    base = "are|have|do|play|pass|draw|take|win|score|hold|reach|decide|stand"
    who = "|".join(re.escape(n) for n in names)
    return re.compile(rf"(?<!& )\b(?:{who}) (?:{base})\b")


def faults(text: str, names: list[str]) -> list[str]:
    """The lines of ``text`` that are wrong whoever reads them: plurals, source codes,
    agreement."""
    checks = [ONE_PLURAL, SOURCE_CODE, YOU_WRONG, named_wrong(names)]
    return [line for line in text.splitlines() if any(c.search(line) for c in checks)]


def about_reader(text: str, seat: int, name: str) -> list[str]:
    """The lines that speak of the reader (seat ``seat``, called ``name`` by the others) in the
    third person."""
    pattern = re.compile(
        rf"\b[Ss]eat {seat}\b|\b[Ss]eats (?:\d+ & )*{seat}\b|\b{re.escape(name)}\b"
    )
    return [line for line in text.splitlines() if pattern.search(line)]


def configurations() -> Iterator[tuple[str, str, int]]:
    for game in GAMES.values():
        for rule_set in game.rule_sets:
            for players in range(game.min_players, game.max_players + 1):
                yield game.id, rule_set, players


CONFIGS = list(configurations())


def short_match(game_id: str, rule_set: str, players: int) -> LineRules:
    """The rules of a configuration with a match short enough to finish in a hand or two."""
    game = get_game(game_id)
    options: dict[str, object] = {}
    if "rounds" in game.option_names:
        options["rounds"] = 1
    if "target_score" in game.option_names and not game.configure(rule_set).target_exact:
        options["target_score"] = 1
    return game.configure(rule_set, options, players)
