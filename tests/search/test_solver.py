"""The perfect-information solver against brute-force minimax, and the omniscient agent.

Positions are small: random deals of a few tiles each, with a short stock (a trusted deal may
leave tiles out of play), then a few random moves. The brute force below shares only the move
set (:func:`candidate_actions`) with the solver: no pruning, no table, no ordering, full copies
of the state, and its own statement of the value.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import pytest

from boneyard import LineState, get_game
from boneyard.core.actions import Action, Muggins, Play
from boneyard.core.match import Match
from boneyard.core.options import OptionError
from boneyard.games.line.rules import LineRules
from boneyard.players.agents import GreedyAgent, make_agent
from boneyard.players.omniscient import (
    NeedsTrueState,
    OmniscientAgent,
    choose_action,
    play_hand_omniscient,
)
from boneyard.players.search.solver import (
    Solver,
    _fork,
    action_values,
    candidate_actions,
    solve,
)

# (game, rule set, players, tiles per hand, stock, options, random moves before solving)
CASES: list[tuple[str, str | None, int, int, int, dict[str, object], int]] = [
    ("block", None, 2, 5, 3, {}, 0),
    ("block", None, 2, 7, 0, {}, 5),
    ("block", "britannica", 2, 4, 0, {}, 1),
    ("block", None, 3, 4, 2, {}, 2),
    (
        "block",
        None,
        3,
        2,
        0,
        {"blocked_tie": "last_to_play", "blocked_scoring": "opponents", "first_lead": "random"},
        0,
    ),
    (
        "block",
        None,
        2,
        3,
        0,
        {"blocked_tie": "last_to_play", "blocked_scoring": "opponents", "first_lead": "random"},
        0,
    ),
    ("block", None, 2, 4, 2, {"double_bonus_play": True, "spinner": "all_doubles"}, 1),
    ("block", "garden-games", 2, 4, 4, {}, 1),
    ("draw", "britannica", 2, 4, 6, {}, 1),
    ("draw", "pagat", 2, 3, 5, {}, 1),
    ("draw", None, 2, 4, 5, {"draw_policy": "one_then_pass", "stock_reserve": 0}, 1),
    ("partnership", None, 4, 4, 0, {}, 5),
    ("partnership", "puerto-rico", 4, 3, 0, {}, 1),
    ("muggins", "pagat", 2, 5, 4, {}, 1),
    ("muggins", "britannica", 2, 6, 3, {}, 4),
    ("muggins", "foster", 2, 5, 4, {}, 2),
    ("muggins", "foster-spinner", 2, 5, 3, {}, 2),
    ("muggins", "britannica", 3, 3, 3, {}, 0),
    ("all-threes", "britannica", 2, 5, 3, {}, 1),
    ("fives-and-threes", "pub", 2, 6, 0, {}, 3),
    ("fives-and-threes", "pub", 4, 3, 0, {}, 2),
    ("matador", "britannica", 2, 5, 4, {}, 2),
    ("matador", "hoyle", 2, 3, 5, {}, 0),
    ("matador", "modern", 2, 4, 3, {"matador_placement": "crosswise_both_open"}, 0),
    ("domino-whist", None, 4, 4, 0, {}, 4),
    ("domino-whist", None, 4, 3, 0, {"target_is_loss": False}, 1),
    ("domino-pool", None, 4, 4, 0, {}, 3),
    ("domino-pool", None, 3, 3, 0, {}, 1),
]

SEEDS = range(20)
# Rare endings need more deals: blocked hands tied for the fewest pips.
MORE_SEEDS = {"last_to_play": range(200)}


def small_position(
    rules: LineRules, hand: int, stock: int, moves: int, rng: random.Random
) -> LineState:
    """A random position: ``hand`` tiles each, ``stock`` tiles to draw, ``moves`` random moves."""
    n = rules.players
    while True:
        tiles = rng.sample(range(rules.tiles.size), n * hand + stock)
        hands = [tiles[i * hand : (i + 1) * hand] for i in range(n)]
        by_deal = rules.lead_from_deal()
        leader = None if by_deal else rng.randrange(n)
        totals = None
        if rules.target_exact:
            # Near the target, so that scores past it are ignored.
            totals = [rules.target_score - rng.randrange(5, 25) for _ in rules.sides]
        try:
            state = LineState.from_deal(
                rules, hands, tiles[n * hand :], leader, by_deal, trusted=True, totals=totals
            )
        except ValueError:
            continue  # no double where one must lead: deal again
        for _ in range(moves):
            if state.over:
                break
            state.apply(rng.choice(candidate_actions(state)))
        if not state.over:
            return state


def brute_value(state: LineState, side: int, root: Sequence[int]) -> float:
    """Plain minimax of the solver's value: no pruning, no table, full copies."""
    rules = state.rules
    if state.over:
        assert state.result is not None
        points = list(state.result.points)
        debits = rules.game.id == "domino-whist" and getattr(rules, "target_is_loss", False)
        gains = [(-1 if debits else 1) * (p - r) for p, r in zip(points, root, strict=True)]
        others = [g for i, g in enumerate(gains) if i != side]
        return gains[side] - max(others)
    values = []
    for a in candidate_actions(state):
        child = state.copy()
        child.apply(a)
        values.append(brute_value(child, side, root))
    return max(values) if rules.side_of[state.turn] == side else min(values)


def _configure(
    game: str, rule_set: str | None, players: int, options: dict[str, object]
) -> LineRules:
    return get_game(game).configure(rule_set, options=options, players=players)


CASE_IDS = [f"{c[0]}-{c[1] or 'default'}-{c[2]}p-{i}" for i, c in enumerate(CASES)]


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_solver_equals_brute_force(
    case: tuple[str, str | None, int, int, int, dict[str, object], int],
) -> None:
    game, rule_set, players, hand, stock, options, moves = case
    rules = _configure(game, rule_set, players, options)
    seeds = MORE_SEEDS.get(str(options.get("blocked_tie")), SEEDS)
    for seed in seeds:
        rng = random.Random(f"{game}-{seed}")
        state = small_position(rules, hand, stock, moves, rng)
        side = rules.side_of[state.turn]
        root = tuple(state.scores)
        expected = brute_value(state, side, root)
        result = solve(state, side)
        assert result.complete
        assert result.value == pytest.approx(expected), (seed, state)
        # The best action achieves the value.
        assert result.best_action in candidate_actions(state)
        child = state.copy()
        child.apply(result.best_action)
        assert brute_value(child, side, root) == pytest.approx(expected)
        # Neither the table nor the ordering changes the value.
        for use_table, ordering in ((False, False), (False, True), (True, False)):
            plain = Solver(rules, side, use_table=use_table, ordering=ordering).solve(state)
            assert plain.value == pytest.approx(expected)
        # The other side's view (another root side) is exact too.
        other = (side + 1) % len(rules.sides)
        assert solve(state, other).value == pytest.approx(brute_value(state, other, root))


@pytest.mark.parametrize("case", CASES[::3], ids=CASE_IDS[::3])
def test_action_values_are_exact(
    case: tuple[str, str | None, int, int, int, dict[str, object], int],
) -> None:
    game, rule_set, players, hand, stock, options, moves = case
    rules = _configure(game, rule_set, players, options)
    for seed in SEEDS[:3]:
        state = small_position(rules, hand, stock, moves, random.Random(f"av-{game}-{seed}"))
        side = rules.side_of[state.turn]
        root = tuple(state.scores)
        ranked = action_values(state)
        assert sorted(map(repr, (a for a, _ in ranked))) == sorted(
            map(repr, candidate_actions(state))
        )
        values = [v for _, v in ranked]
        assert values == sorted(values, reverse=True)
        for a, v in ranked:
            child = state.copy()
            child.apply(a)
            assert v == pytest.approx(brute_value(child, side, root)), a
        assert values[0] == pytest.approx(solve(state).value)


def test_claims_are_correct_and_muggins_is_called() -> None:
    rules = get_game("muggins").configure("foster", players=2)
    rng = random.Random(5)
    seen_claim = seen_call = False
    for _ in range(200):
        state = Match(rules, rng=rng).hand
        while not state.over:
            moves = candidate_actions(state)
            legal = state.legal_tuple()
            assert all(m in legal for m in moves)
            for m in moves:
                if isinstance(m, Play):
                    points = rules.points_of_play(state.layout, m)  # type: ignore[attr-defined]
                    assert m.claim == (points or None)
                    seen_claim |= bool(points)
            if any(type(a) is Muggins for a in legal):
                assert [type(m) for m in moves] == [Muggins]
                seen_call = True
            # Leave counts unclaimed at random, so that muggins calls arise.
            pick = rng.choice(legal if rng.random() < 0.5 else moves)
            state.apply(pick)
        if seen_claim and seen_call:
            break
    assert seen_claim and seen_call


def test_fork_copies_every_slot() -> None:
    state = Match(get_game("block").configure(players=2), rng=random.Random(1)).hand
    fork = _fork(state)
    for slot in LineState.__slots__:
        getattr(fork, slot)  # raises AttributeError if the copy missed it


def test_node_limit_returns_a_legal_action_incomplete() -> None:
    rules = get_game("block").configure("britannica", players=2)
    for seed in range(3):
        state = Match(rules, rng=random.Random(seed)).hand
        for limit in (1, 5, 200):
            result = solve(state, max_nodes=limit)
            assert not result.complete
            assert result.best_action in state.legal_tuple()
            assert result.nodes <= limit + 1


def test_deadline_returns_a_legal_action_incomplete() -> None:
    rules = get_game("partnership").configure(players=4)
    state = Match(rules, rng=random.Random(2)).hand
    state.apply(state.legal_tuple()[0])
    result = solve(state, deadline=time.monotonic())
    assert not result.complete
    assert result.best_action in state.legal_tuple()


def test_iterative_deepening_reaches_the_exact_value() -> None:
    rules = _configure("muggins", "pagat", 2, {})
    for seed in range(4):
        state = small_position(rules, 4, 4, 0, random.Random(f"id-{seed}"))
        exact = solve(state)
        deep = solve(state, max_nodes=10**7, deadline=time.monotonic() + 600)
        assert deep.complete
        assert deep.value == pytest.approx(exact.value)
        side = rules.side_of[state.turn]
        child = state.copy()
        assert deep.best_action is not None
        child.apply(deep.best_action)
        assert brute_value(child, side, tuple(state.scores)) == pytest.approx(exact.value)


def test_a_reused_solver_stays_exact_along_a_hand() -> None:
    rules = _configure("block", None, 3, {})
    state = small_position(rules, 4, 0, 0, random.Random(11))
    solvers = {side: Solver(rules, side) for side in range(len(rules.sides))}
    while not state.over:
        side = rules.side_of[state.turn]
        result = solvers[side].solve(state)
        assert result.value == pytest.approx(brute_value(state, side, tuple(state.scores)))
        assert result.best_action is not None
        state.apply(result.best_action)


def test_the_solved_value_of_a_finished_hand_is_zero() -> None:
    rules = get_game("block").configure(players=2)
    state = Match(rules, rng=random.Random(1)).hand
    while not state.over:
        state.apply(state.legal_tuple()[0])
    assert solve(state, 0) == solve(state, 1)
    assert solve(state, 0).best_action is None
    assert action_values(state, 0) == []
    with pytest.raises(ValueError, match="no side 2"):
        Solver(rules, 2)


# ----------------------------------------------------------------- the omniscient agent


def test_omniscient_refuses_an_observation() -> None:
    rules = get_game("block").configure(players=2)
    state = Match(rules, rng=random.Random(1)).hand
    with pytest.raises(NeedsTrueState, match="needs the true state"):
        OmniscientAgent().choose(state.observation(state.turn), random.Random(1))
    with pytest.raises(OptionError):
        make_agent("omniscient")


def test_bound_omniscient_plays_the_solver_move() -> None:
    rules = get_game("draw").configure(players=2, options={"hand_size": 4})
    state = Match(rules, rng=random.Random(4)).hand
    agent = OmniscientAgent.bind(lambda: state)
    rng = random.Random(0)
    while not state.over:
        obs = state.observation(state.turn)
        action = agent.choose(obs, rng)
        assert action in obs.legal_actions
        if len(obs.legal_actions) > 1:
            values = dict(action_values(state))
            assert values[action] == max(values.values())
        state.apply(action)
    other = Match(rules, rng=random.Random(5)).hand
    with pytest.raises(NeedsTrueState, match="not the observed position"):
        agent.choose(other.observation((state.turn + 1) % 2), rng)


@pytest.mark.parametrize(
    ("game", "players"),
    [("block", 2), ("muggins", 2), ("matador", 2), ("domino-pool", 3)],
)
def test_omniscient_beats_greedy_and_plays_legally(game: str, players: int) -> None:
    rules = get_game(game).configure(players=players)
    rng = random.Random(7)
    total = 0.0
    for i in range(6 if players == 2 else 30):
        agents: list[OmniscientAgent | GreedyAgent] = [GreedyAgent() for _ in range(players)]
        agents[i % players] = OmniscientAgent(max_nodes=20_000)
        state = play_hand_omniscient(rules, agents, rng)
        assert state.over and state.result is not None
        side = rules.side_of[i % players]
        points = state.result.points
        total += points[side] - max(p for j, p in enumerate(points) if j != side)
    assert total > 0


def test_choose_action_gives_fair_agents_observations() -> None:
    rules = get_game("block").configure(players=2)
    state = Match(rules, rng=random.Random(3)).hand
    rng = random.Random(1)
    greedy: Action = choose_action(GreedyAgent(), state, rng)
    assert greedy == GreedyAgent().choose(state.observation(state.turn), rng)
    assert choose_action(OmniscientAgent(), state, rng) in state.legal_tuple()
