"""The compiled core against the pure-Python engine, its reference (boneyard.core.kernel).

* Hands in lockstep: for every game the core plays (every game of the registry whose rules export
  a kernel spec), under every rule set and a set of option variants that reach each mechanism
  (blocked scorings and tie-breaks, spinners, drawing and finding the lead, claims, exact targets,
  matches with their totals), a thousand seeded random hands each (three hundred with more than
  four players) are played by the Python engine while the same actions go to the core; at every
  step both list the same legal actions in the same order and hold the same hands, table and
  scores, and both score the end alike.
* Whole units: ``simulate`` and ``tournament`` give the same results files on both paths, agent by
  agent (the core deals, draws for the lead and chooses for the built-in agents itself, from the
  same stream).
* The solver: on 120 late positions of every game (over its rule sets and variants), where the
  Python solver is quick, both solvers give the same value for every side, and on some the same
  exact value for every candidate move.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from boneyard.core import kernel
from boneyard.core.capabilities import LineReading
from boneyard.core.kernel_spec import KernelSpec, TrickKernelSpec
from boneyard.core.match import Match
from boneyard.core.stream import Stream
from boneyard.games import GAMES, get_game
from boneyard.games.line.rules import LineRules
from boneyard.games.line.state import LineState
from boneyard.players.agents import make_agent
from boneyard.players.search.solver import Solver, SolveResult
from boneyard.research.sim import simulate
from boneyard.research.tournament import run_tournament

from .conftest import require_kernel

pytestmark = require_kernel()

# (game, rule set, players, options): beyond the rule sets, each mechanism the core implements.
VARIANTS: list[tuple[str, str | None, int | None, dict[str, Any]]] = [
    ("block", None, 3, {"blocked_tie": "fewest_doubles", "round_scope": "per_opponent",
                        "domino_points": "pips_round5"}),
    ("block", None, 4, {"partnerships": True, "blocked_tie": "split",
                        "blocked_scoring": "difference_each"}),
    ("block", None, 2, {"tile_set": "double-nine", "hand_size": 9, "spinner": "first_double",
                        "double_bonus_play": True, "first_lead": "draw_highest_doubles_first",
                        "next_lead": "alternate"}),
    ("block", None, 4, {"tile_set": "double-twelve", "hand_size": 12, "spinner": "all_doubles",
                        "spinner_sides_first": False, "blocked_scoring": "cascade"}),
    ("block", None, 2, {"first_lead": "lowest_double", "no_double": "draw_until_found",
                        "hand_size": 3, "draw_policy": "until_playable"}),
    ("draw", "pagat", 3, {"blocked_tie": "lightest_tile", "blocked_scoring": "cascade",
                          "count_stock_pips": True}),
    ("draw", None, 2, {"blocked_tie": "last_to_play", "early_block_detection": True,
                       "draw_policy": "one_then_pass", "next_lead": "winner"}),
    ("draw", None, 4, {"partnerships": True, "partner_pips": "subtract",
                       "domino_points": "pips_round3", "first_lead": "draw_lowest"}),
    ("muggins", "pagat", 4, {"partnerships": True, "team_out_rule": "both_partners"}),
    ("muggins", None, 2, {"spinner": "all_doubles", "spinner_ends_count": "until_ends_covered",
                          "exposed_double_value": "one_half", "zero_count_scores": True}),
    ("muggins", "foster", 3, {"false_claim_penalty": False}),
    ("fives-and-threes", "pub", 4, {"partnerships": True}),
    ("all-threes", None, 3, {"score_unit": "per_multiple", "target_exact": True,
                             "target_score": 31}),
    ("matador", None, 3, {"matador_placement": "crosswise_both_open"}),
    ("matador", None, 2, {"match_rule": "equal", "draw_policy": "one_then_pass",
                          "tile_set": "double-nine"}),
    ("bergen", None, 3, {"bergen_near_target_cap": True}),
    ("bergen", None, 2, {"blocked_doubles_lose": "off", "blocked_scoring": "difference_total"}),
    ("bergen", None, 4, {"blocked_doubles_lose": "all_pips", "voluntary_draw": False,
                         "blocked_tie": "lightest_tile"}),
    ("domino-whist", None, None, {"whist_debit": "side_of_highest_holder_all_pips",
                                  "target_is_loss": False}),
    ("domino-whist", None, None, {"whist_debit": "highest_holder_own_pips"}),
    ("domino-pool", None, 6, {}),
    ("domino-pool", None, 3, {"hand_double_value": "one_half"}),
    ("sebastopol", None, 3, {}),
    ("mexican-train", None, 8, {}),
    ("mexican-train", None, 2, {"tile_set": "double-nine", "double_blank_value": 50}),
    ("chicken-foot", None, 2, {"starting_double": "three_each_side"}),
    ("chicken-foot", None, 6, {"tile_set": "double-twelve", "blank_half_value": 5}),
    ("partnership", "latin", None, {"hand_double_value": "one_half", "next_lead": "alternate"}),
    # The Caribbean bonuses' other values (the rule sets reach the rest).
    ("partnership", "dominican", None, {"blocked_winner": "blocker_vs_next",
                                        "capicua_bonus": "double", "capicua_ends": "different",
                                        "double_blank_bonus": 30}),
    ("partnership", "cuba", None, {"blocked_winner": "lowest_player", "pass_bonus": 10,
                                   "opening_pass_bonus_double": 7, "capicua_bonus": "fixed:15",
                                   "blocked_tie": "last_to_play"}),
    # The small sets, for research (tabular methods).
    ("block", None, 2, {"tile_set": "double-three", "hand_size": 3}),
    ("draw", None, 2, {"tile_set": "double-two", "hand_size": 2, "stock_reserve": 0}),
    ("muggins", None, 2, {"tile_set": "double-three", "hand_size": 3}),
    ("matador", None, 3, {"tile_set": "double-three", "hand_size": 2}),
    # Tiddle-a-Wink with the one extra play the core knows: a tile on the double.
    ("tiddle-a-wink", None, 8, {"extra_play": "on_the_double"}),
    ("tiddle-a-wink", None, 4, {"extra_play": "on_the_double", "tile_set": "double-twelve",
                                "domino_points": "pips", "blocked_scoring": "cascade"}),
]  # fmt: skip


def all_rules() -> Iterator[tuple[str, LineRules]]:
    """Every rule set of every line game the core plays, then the variants (the trick games:
    test_tricks.py)."""
    for game in GAMES.values():
        for name in game.rule_sets:
            rules = game.configure(name)
            if isinstance(rules.kernel_spec(), KernelSpec):
                assert isinstance(rules, LineRules)
                yield f"{game.id}-{name}", rules
    for i, (game_id, name, players, options) in enumerate(VARIANTS):
        yield f"{game_id}-variant{i}", get_game(game_id).configure(name, options, players)


RULES = dict(all_rules())


# The line games the core has always played under their default rules (the line games among the
# sixteen first, whose Game.order is 10 to 160): it must keep playing them. A game added later says
# on its page whether it does (Sniff's pagat rules and Tiddle-a-Wink's do not: the Python engine
# plays them), and the differential tests below play every rule set the core supports, whichever
# game it is.
CORE_GAMES = [
    g.id for g in GAMES.values() if g.order <= 160 and isinstance(g.configure(), LineReading)
]


def test_the_core_plays_the_line_games_it_always_played() -> None:
    assert len(CORE_GAMES) == 14
    assert [g for g in CORE_GAMES if not kernel.supports(GAMES[g].configure())] == []
    # The trick games it plays as trick games (test_tricks.py), not on a line.
    trick_games = [
        g for g in GAMES.values() if isinstance(g.configure().kernel_spec(), TrickKernelSpec)
    ]
    assert {g.id for g in trick_games} == {"texas-42", "domino-loo"}


def view_of(state: LineState) -> dict[str, Any]:
    """The Python state as the core's view writes it."""
    layout = state.layout
    return {
        "hands": list(state.hands),
        "layout": None
        if layout is None
        else [
            [kernel.END_CODES[n] for n in layout.names],
            list(layout.pips),
            list(layout.tips),
            list(layout.kinds),
        ],
        "turn": state.turn,
        "leader": state.leader,
        "scores": list(state.scores),
        "stock_pos": state.stock_pos,
        "over": int(state.over),
        "target_side": state.target_side,
        "unclaimed": state.unclaimed,
    }


def core_view(hand: kernel.CompiledHand) -> dict[str, Any]:
    v = hand.view()
    layout = v["layout"]
    return {
        "hands": v["hands"],
        "layout": None if layout is None else [list(x) for x in layout[:4]],
        "turn": v["turn"],
        "leader": v["leader"],
        "scores": v["scores"],
        "stock_pos": v["stock_pos"],
        "over": v["over"],
        "target_side": v["target_side"],
        "unclaimed": v["unclaimed"],
    }


def lockstep_hand(state: LineState, rng: Stream, label: str) -> None:
    """Play ``state`` to its end with random actions, the core following move for move."""
    core = kernel.CompiledHand(state)
    step = 0
    while not state.over:
        legal = state.legal_actions()
        names = () if state.layout is None else state.layout.names
        assert [kernel.move_of(a, names) for a in legal] == core.legal_moves(), (label, step)
        action = legal[int(rng.random() * len(legal))] if len(legal) > 1 else legal[0]
        state.apply(action)
        core.apply(action)
        step += 1
        assert view_of(state) == core_view(core), (label, step, action)
    result = state.result
    assert result is not None
    end = core.view()
    assert list(result.points) == end["points"], label
    assert (-1 if result.winner is None else result.winner) == end["winner"], label
    assert ("domino" if end["ended"] == 1 else "blocked") == result.ended, label


@pytest.mark.parametrize("label", list(RULES))
def test_hands_agree_move_for_move(label: str) -> None:
    rules = RULES[label]
    hands = 1_000 if rules.players <= 4 else 300
    for seed in range(hands):
        rng = Stream(seed)
        lockstep_hand(Match(rules, rng=rng).hand, rng, f"{label} seed {seed}")


@pytest.mark.parametrize("label", [k for k in RULES if "variant" in k or k.endswith("pub")])
def test_matches_agree_hand_for_hand(label: str) -> None:
    """Whole matches: every hand starts from the match's totals (exact targets, caps near the
    target, the lead passing by the last hand's result)."""
    rules = RULES[label]
    for seed in range(6):
        rng = Stream(seed)
        match = Match(rules, rng=rng)
        while True:
            lockstep_hand(match.hand, rng, f"{label} match {seed} hand {len(match.hands)}")
            if match.next_hand() is None or len(match.hands) > 40:
                break


def test_undo_restores_the_state() -> None:
    rules = RULES["muggins-foster"]
    rng = Stream(3)
    state = Match(rules, rng=rng).hand
    core = kernel.CompiledHand(state)
    before = core.view()
    for _ in range(6):
        legal = core.legal_actions()
        core.apply(legal[-1])
    for _ in range(6):
        core.undo()
    assert core.view() == before
    with pytest.raises(ValueError, match="nothing to undo"):
        core.undo()
    with pytest.raises(ValueError, match="not a legal move"):
        core.apply(make_play_of_a_tile_not_held(state))
    assert core.view() == before


def make_play_of_a_tile_not_held(state: LineState) -> Any:
    from boneyard.core.actions import Play

    held = state.hands[state.turn]
    tile = next(t for t in range(state.rules.tiles.size) if not held >> t & 1)
    return Play(tile)


# ----------------------------------------------------------------------------- whole units

AGENT_SETS = [["random"], ["greedy", "random"], ["counting"], ["accompanied", "greedy"]]


@pytest.mark.parametrize("label", list(RULES))
def test_simulations_agree_on_every_line(label: str, tmp_path: Any) -> None:
    rules = RULES[label]
    for i, agents in enumerate(AGENT_SETS):
        files = []
        for pure in (True, False):
            path = tmp_path / f"{i}-{pure}.jsonl"
            os.environ["BONEYARD_PURE"] = "1" if pure else ""
            try:
                kind = {"matches": 2} if i == 1 else {"hands": 60}
                result = simulate(rules, agents, seed=i, workers=1, out=path, **kind)
            finally:
                os.environ.pop("BONEYARD_PURE")
            assert result.engine == ("python" if pure else "compiled")
            files.append(path.read_text())
        assert files[0] == files[1], (label, agents)


def test_a_tournament_gives_the_same_results_on_both_paths(tmp_path: Any) -> None:
    for label in ("partnership-latin", "muggins-foster", "domino-pool-foster", "bergen-classic"):
        rules = RULES[label]
        names = ["greedy", "random", "counting"][: len(rules.sides)]
        results = []
        for pure in (True, False):
            path = tmp_path / f"{label}-{pure}.jsonl"
            os.environ["BONEYARD_PURE"] = "1" if pure else ""
            try:
                run_tournament(rules, names, deals=30, seed=2, workers=1, out=path)
            finally:
                os.environ.pop("BONEYARD_PURE")
            results.append(path.read_text())
        assert results[0] == results[1], label


def test_the_agents_choose_alike() -> None:
    """The core's built-in agents choose, from the same stream, what the Python agents choose."""
    for label in ("muggins-foster", "fives-and-threes-pub", "matador-britannica", "bergen-classic"):
        rules = RULES[label]
        for agent in kernel.AGENTS:
            for seed in range(20):
                rng = Stream(seed)
                state = Match(rules, rng=rng).hand
                python_agent = make_agent(agent)
                while not state.over:
                    core = kernel.CompiledHand(state)
                    index, after = core.choose(agent, rng.getstate()[1])
                    legal = state.legal_actions()
                    if len(legal) > 1:
                        action = python_agent.choose(state.observation(state.turn), rng)
                        assert legal[index] == action, (label, agent, seed)
                        assert rng.getstate()[1] == after
                    state.apply(legal[index])


# ----------------------------------------------------------------------------- the solver


def late_positions(
    rules: LineRules, count: int, budget: int, per_hand: int = 1
) -> Iterator[tuple[LineState, list[SolveResult]]]:
    """Positions late in random hands (a choice to make, few tiles left; up to ``per_hand`` from
    each hand) that the Python solver solves for every side within ``budget`` positions, with
    those solutions."""
    seed = 0
    found = 0
    while found < count and seed < 20 * count:
        rng = Stream(seed)
        seed += 1
        state = Match(rules, rng=rng).hand
        taken = 0
        while not state.over and taken < per_hand and found < count:
            legal = state.legal_actions()
            if len(legal) > 1 and sum(h.bit_count() for h in state.hands) <= 10:
                solved = [
                    Solver(rules, side).solve(state, max_nodes=budget)
                    for side in range(len(rules.sides))
                ]
                if all(r.complete for r in solved):
                    found += 1
                    taken += 1
                    yield state.copy(), solved
            state.apply(legal[int(rng.random() * len(legal))] if len(legal) > 1 else legal[0])


def game_rules(game_id: str) -> list[LineRules]:
    """The rule sets and variants of one game."""
    return [r for label, r in RULES.items() if r.game.id == game_id]


@pytest.mark.parametrize(
    "game_id", [g for g in GAMES if isinstance(GAMES[g].configure().kernel_spec(), KernelSpec)]
)
def test_the_solvers_agree(game_id: str) -> None:
    """Sixty positions of every game, over its rule sets and variants (the Python solver's time
    is most of the test's)."""
    variants = game_rules(game_id)
    positions = 0
    for i, rules in enumerate(variants):
        share = -(-(60 - positions) // (len(variants) - i))  # what the others could not give
        for state, solved in late_positions(rules, share, 1_000, per_hand=3):
            for side, expected in enumerate(solved):
                got = kernel.CompiledSolver(rules, side).solve(state)
                assert got.complete and got.value == expected.value, (game_id, side, state)
                assert got.best_action in state.legal_actions()
            positions += 1
    assert positions >= 50, game_id


EXACT_MOVES = [
    "block-modern", "draw-pagat", "muggins-foster", "matador-hoyle", "domino-pool-foster",
    "bergen-classic",
]  # fmt: skip


@pytest.mark.parametrize("label", EXACT_MOVES)
def test_every_move_has_the_same_exact_value(label: str) -> None:
    rules = RULES[label]
    for state, _ in late_positions(rules, 8, 600):
        side = rules.side_of[state.turn]
        assert dict(kernel.CompiledSolver(rules, side).action_values(state)) == dict(
            Solver(rules, side).action_values(state)
        ), label


def test_limited_searches_stop_and_say_so() -> None:
    rules = RULES["partnership-latin"]
    state = Match(rules, rng=Stream(1)).hand
    state.apply(state.legal_actions()[0])
    solver = kernel.CompiledSolver(rules, rules.side_of[state.turn])
    result = solver.solve(state, max_nodes=500)
    assert not result.complete and result.nodes <= 501
    assert result.best_action in state.legal_actions()
    value = solver.action_value(state, state.legal_actions()[0], max_nodes=300)
    assert isinstance(value, float)


def test_a_solver_follows_a_state_changed_in_place() -> None:
    """The omniscient agent solves the same state object move after move."""
    rules = RULES["block-modern"]
    state = Match(rules, rng=Stream(4)).hand
    solver = kernel.CompiledSolver(rules, 0)
    while not state.over:
        best = solver.solve(state).best_action
        assert best in state.legal_actions()
        state.apply(best)
