"""Helpers of the every-path tests (``test_every_path.py``): a short match of any game and rule
set, found on seeded deals, and a hand's state taken apart field by field for comparison."""

from __future__ import annotations

import random
from dataclasses import asdict, is_dataclass
from typing import Any

from boneyard import LineRules, LineState, get_game
from boneyard.core.actions import Action
from boneyard.core.match import Match
from boneyard.games import GAMES
from boneyard.players.agents import Agent, make_agent
from boneyard.players.expert import LEVELS
from boneyard.text.narration import default_opponent

# Every game and rule set of the registry (so games added later are covered).
RULE_SETS = [(game.id, name) for game in GAMES.values() for name in game.rule_sets]

# A hint or a review's analysis (worlds, nodes a move): small and fixed, for speed (players keep
# boneyard.players.analysis.ANALYSIS_EFFORT).
TEST_EFFORT = "2,100"

MIN_HANDS, MAX_HANDS = 3, 6


def fast_agent(rules: LineRules) -> str:
    """The game's own heuristic player, or ``greedy`` where that is a search player (Domino
    Loo's): fast, and as good a source of positions."""
    own = default_opponent(rules)
    return "greedy" if own in LEVELS else own


def short_match(
    game_id: str, rule_set: str, tile_set: str | None = None
) -> tuple[LineRules, int, dict[str, Any]]:
    """The rules, seed and options changed of a short match (``MIN_HANDS`` to ``MAX_HANDS``
    hands) with the fast agent in every seat: three rounds where the game plays rounds, else
    the smallest of a few targets that gives such a match on one of the first seeds. Found by
    playing, so it holds whatever the random streams become. ``tile_set``: another set than the
    rule set's."""
    game = get_game(game_id)
    chosen: dict[str, Any] = {"tile_set": tile_set} if tile_set else {}
    base = game.configure(rule_set, chosen)
    rounds = {"rounds": MIN_HANDS} if "rounds" in game.option_names else {}
    targets: list[dict[str, int]] = [{}]
    if "target_score" in game.option_names:
        t = base.target_score
        targets = [{"target_score": max(1, t // share)} for share in (4, 2, 1)]
    for target in targets:
        options = {**chosen, **rounds, **target}
        rules = game.configure(rule_set, options)
        for seed in range(12):
            if MIN_HANDS <= hands_of(rules, seed) <= MAX_HANDS:
                return rules, seed, options
    raise AssertionError(f"no short match of {game_id} ({rule_set}) on the first seeds")


def players(rules: LineRules, seed: int) -> tuple[Agent, list[random.Random]]:
    """The fast agent and each seat's generator, for a match dealt from ``seed``."""
    return make_agent(fast_agent(rules)), [
        random.Random(f"{seed}:seat{s}") for s in range(rules.players)
    ]


def hands_of(rules: LineRules, seed: int, limit: int = 5_000) -> int:
    """How many hands the match of ``seed`` lasts with the fast agent in every seat (more than
    ``MAX_HANDS`` is reported as soon as it is known)."""
    match = Match(rules, seed=seed)
    agent, rngs = players(rules, seed)
    moves = 0
    while not match.over:
        state = match.hand
        while not state.over:
            state.apply(agent.choose(state.observation(state.turn), rngs[state.turn]))
            moves += 1
            if moves > limit:
                return MAX_HANDS + 1
        if len(match.hands) > MAX_HANDS:
            return len(match.hands)
        match.next_hand()
    return len(match.hands)


def play_out(
    state: LineState, agent: Agent, rngs: list[random.Random]
) -> tuple[list[Action], list[dict[str, Any]]]:
    """The rest of a hand played on a copy of ``state`` by ``agent`` in every seat: the
    actions, and a snapshot of every position from ``state`` on (one more than the actions)."""
    probe = state.copy()
    actions: list[Action] = []
    snapshots = [snapshot(probe)]
    while not probe.over:
        action = agent.choose(probe.observation(probe.turn), rngs[probe.turn])
        probe.apply(action)
        actions.append(action)
        snapshots.append(snapshot(probe))
    return actions, snapshots


def snapshot(state: LineState) -> dict[str, Any]:
    """Every field of a hand's state (the hands, the stock in order and how far it is drawn, the
    turn, the layout, the scores, the history public and hidden, and whatever a game keeps
    besides), as plain values, the legal actions and how many of them are distinct."""
    fields = [n for cls in type(state).__mro__ for n in getattr(cls, "__slots__", ())]
    # Not the caches and what apply() notes for its outcome.
    out = {name: plain(getattr(state, name)) for name in fields if not name.startswith("_")}
    out["table"] = plain(state.table)  # the public table, wherever a game keeps it
    out["rules"] = (state.rules.game.id, state.rules.rule_set, state.rules.options.to_json())
    out["legal"] = tuple(state.legal_actions())
    # How many distinct moves (a lead either way round, or a tile at either of two alike ends,
    # is one): the choices a person is offered and a review analyses.
    out["distinct"] = len(state.rules.distinct_actions(out["legal"], state.table))
    return out


def plain(value: Any) -> Any:
    """A value made comparable with ``==``: lists as tuples, a result or a layout (a table of
    tricks) as its fields."""
    if isinstance(value, list) or (isinstance(value, tuple) and not hasattr(value, "_fields")):
        return tuple(plain(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, plain(tuple(asdict(value).items())))
    slots = [n for cls in type(value).__mro__ for n in getattr(cls, "__slots__", ())]
    if slots and type(value).__eq__ is object.__eq__:
        return (type(value).__name__, tuple((n, plain(getattr(value, n))) for n in slots))
    return value


def differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The fields in which two snapshots differ, for a failure's message."""
    return [
        f"{k}: {a.get(k)!r} != {b.get(k)!r}"
        for k in sorted(set(a) | set(b))
        if a.get(k) != b.get(k)
    ]
