"""The trick games in the compiled core against the pure-Python engine, their reference
(boneyard.core.kernel, csrc/tricks.h and tsolver.h).

* Hands in lockstep: Texas 42 under every rule set and option variants that reach each mechanism
  (the called lead, trumps led first, the first bidder by a tile, nello's doubles, splash,
  plunge, sevens, points and capped marks, a reshake), Domino Loo with two to four players and
  its options (points, either end, no trumping or heading, no miss); seeded random hands (200
  each here, ``BONEYARD_TRICK_HANDS`` for more) are played by the Python engine while the same
  actions go to the core: at every step both list the same legal actions in the same order and
  hold the same state; both score the end alike. Whole matches too (the totals, the cap, Loo's
  pool passing from hand to hand).
* The action ids are the research encoding's.
* Whole units: ``simulate`` and ``tournament`` give the same results files on both paths, agent by
  agent.
* The solver: on late positions of every rule set the compiled solver gives the Python solver's
  value for every side, its best move and every move's exact value; with ``count_taken`` the Texas
  expert's value.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from boneyard.core import kernel
from boneyard.core.kernel_spec import TrickKernelSpec
from boneyard.core.match import Match
from boneyard.core.protocol import GameRules, GameState
from boneyard.core.stream import Stream
from boneyard.games import GAMES, get_game
from boneyard.games.texas42.players import solve as texas_solve
from boneyard.players.search.solver import Solver
from boneyard.research.sim import simulate
from boneyard.research.tournament import run_tournament

from .conftest import require_kernel

pytestmark = require_kernel()

HANDS = int(os.environ.get("BONEYARD_TRICK_HANDS", "200"))
"""Seeded hands per rule set in lockstep (CI's; more for a local run)."""

# (game, rule set, players, options): beyond the rule sets, each mechanism the core implements.
VARIANTS: list[tuple[str, str | None, int | None, dict[str, Any]]] = [
    ("texas-42", "wikipedia", None, {"led_suit": "leader_calls", "first_lead_trump": True,
                                     "nello_doubles": "bidder_choice",
                                     "follow_me_doubles": "own_suit"}),
    ("texas-42", "kelley", None, {"first_bidder": "holder_of:1-0", "plunge_needs_66": True,
                                  "plunge_min_doubles": 2, "splash_min_doubles": 2,
                                  "mark_raise": 2, "max_opening_marks": 3, "min_bid": 35}),
    ("texas-42", "points", None, {"points_mark_bid": "points_taken", "nello_doubles": "low",
                                  "contracts": "suit,doubles,follow_me,nello,splash,plunge,sevens",
                                  "sevens_min_marks": 2, "nello_min_marks": 2}),
    ("texas-42", "austin42", None, {"cap_marks": True, "play_out": True, "all_pass": "reshake",
                                    "contracts": "follow_me,nello", "nello_doubles": "high"}),
    ("domino-loo", None, 2, {}),
    ("domino-loo", None, 3, {"loo_scoring": "points", "loo_penalty": 3,
                             "loo_suits": "either_end"}),
    ("domino-loo", None, 4, {"loo_must_trump": False, "loo_miss": False}),
    ("domino-loo", None, 3, {"loo_must_head": False, "loo_suits": "either_end"}),
]  # fmt: skip


def all_rules() -> dict[str, GameRules]:
    """Every rule set of every trick game the core plays, then the variants."""
    out: dict[str, GameRules] = {}
    for game in GAMES.values():
        for name in game.rule_sets:
            rules = game.configure(name)
            if isinstance(rules.kernel_spec(), TrickKernelSpec):
                out[f"{game.id}-{name}"] = rules
    for i, (game_id, name, players, options) in enumerate(VARIANTS):
        out[f"{game_id}-variant{i}"] = get_game(game_id).configure(name, options, players)
    return out


RULES = all_rules()


def test_the_core_plays_every_rule_set_of_the_trick_games() -> None:
    for game_id in ("texas-42", "domino-loo"):
        for name in GAMES[game_id].rule_sets:
            assert kernel.supports(GAMES[game_id].configure(name)), (game_id, name)


def random_action(state: GameState, rng: Stream) -> Any:
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))] if len(legal) > 1 else legal[0]


def lockstep_hand(state: GameState, rng: Stream, label: str) -> None:
    """Play ``state`` to its end with random actions, the core following move for move."""
    core = kernel.CompiledTrickHand(state)
    step = 0
    while not state.over:
        legal = state.legal_actions()
        assert core.legal_actions() == legal, (label, step)
        action = random_action(state, rng)
        state.apply(action)
        core.apply(action)
        step += 1
        want = kernel.trick_state_data(state)
        view = core.view()
        if state.over:
            want.pop("turn")  # what a finished hand leaves there is not read
        got = {k: list(v) if isinstance(v, tuple) else v for k, v in view.items() if k in want}
        want = {k: list(v) if isinstance(v, tuple) else v for k, v in want.items()}
        assert got == want, (label, step, action)
    result = state.result
    assert result is not None
    end = core.view()
    assert list(result.points) == list(end["points"]), label
    assert (-1 if result.winner is None else result.winner) == end["winner"], label
    assert kernel.TRICK_ENDED[end["ended"]] == result.ended, label


@pytest.mark.parametrize("label", list(RULES))
def test_hands_agree_move_for_move(label: str) -> None:
    rules = RULES[label]
    for seed in range(HANDS):
        rng = Stream(seed)
        lockstep_hand(Match(rules, rng=rng).hand, rng, f"{label} seed {seed}")


@pytest.mark.parametrize("label", [k for k in RULES if "variant" in k or k.endswith("points")])
def test_matches_agree_hand_for_hand(label: str) -> None:
    """Whole matches: each hand starts from the match's totals (a cap at the target) and, in
    Loo's pool, from what the last hand left in it."""
    rules = RULES[label]
    for seed in range(3):
        rng = Stream(seed)
        match = Match(rules, rng=rng)
        while True:
            lockstep_hand(match.hand, rng, f"{label} match {seed} hand {len(match.hands)}")
            if match.next_hand() is None or len(match.hands) > 30:
                break


def test_the_action_ids_are_the_research_encodings() -> None:
    from boneyard.research.env.encoding import Codec

    texas = get_game("texas-42").configure("wikipedia")
    loo = get_game("domino-loo").configure(players=4)
    assert Codec(texas).phase_offset == 59 and Codec(loo).num_actions == 90
    for rules in (texas, loo, RULES["texas-42-variant0"], RULES["domino-loo-variant5"]):
        codec = Codec(rules)
        assert {a: codec.action_id(a, None) for a in kernel.trick_action_ids(rules)} == (
            kernel.trick_action_ids(rules)
        )
        for seed in range(20):
            rng = Stream(seed)
            state = Match(rules, rng=rng).hand
            while not state.over:
                core = kernel.CompiledTrickHand(state)
                ids = [codec.action_id(a, None) for a in state.legal_actions()]
                assert core.legal_ids() == ids
                state.apply(random_action(state, rng))


def test_undo_restores_the_state_and_an_illegal_action_changes_nothing() -> None:
    state = Match(RULES["texas-42-wikipedia"], rng=Stream(3)).hand
    core = kernel.CompiledTrickHand(state)
    before = core.view()
    for _ in range(8):
        core.apply(core.legal_actions()[-1])
    for _ in range(8):
        core.undo()
    assert core.view() == before
    with pytest.raises(ValueError, match="nothing to undo"):
        core.undo()
    with pytest.raises(ValueError, match="not a legal action"):
        core.apply_id(0)  # a tile played during the bidding
    assert core.view() == before


# ----------------------------------------------------------------------------- whole units

AGENT_SETS = [["random"], ["greedy", "random"], ["counting"], ["accompanied", "greedy"]]


@pytest.mark.parametrize("label", [k for k in RULES if "variant" in k or "austin" in k])
def test_simulations_agree_on_every_line(label: str, tmp_path: Any) -> None:
    rules = RULES[label]
    for i, agents in enumerate(AGENT_SETS):
        files = []
        for pure in (True, False):
            path = tmp_path / f"{i}-{pure}.jsonl"
            os.environ["BONEYARD_PURE"] = "1" if pure else ""
            try:
                kind = {"matches": 2} if i == 1 else {"hands": 40}
                result = simulate(rules, agents, seed=i, workers=1, out=path, **kind)
            finally:
                os.environ.pop("BONEYARD_PURE")
            assert result.engine == ("python" if pure else "compiled")
            files.append(path.read_text())
        assert files[0] == files[1], (label, agents)


def test_a_tournament_gives_the_same_results_on_both_paths(tmp_path: Any) -> None:
    for label in ("texas-42-austin42", "domino-loo-berkeley", "domino-loo-variant5"):
        rules = RULES[label]
        names = ["greedy", "random", "counting"][: min(3, len(rules.sides))]
        results = []
        for pure in (True, False):
            path = tmp_path / f"{label}-{pure}.jsonl"
            os.environ["BONEYARD_PURE"] = "1" if pure else ""
            try:
                run_tournament(rules, names, deals=12, seed=2, workers=1, out=path)
            finally:
                os.environ.pop("BONEYARD_PURE")
            results.append(path.read_text())
        assert results[0] == results[1], label


def test_the_agents_choose_alike() -> None:
    """The core's built-in agents choose, from the same stream, what the Python agents choose."""
    from boneyard.players.agents import make_agent

    for label in ("texas-42-variant0", "domino-loo-berkeley"):
        rules = RULES[label]
        for agent in kernel.AGENTS:
            for seed in range(8):
                rng = Stream(seed)
                state = Match(rules, rng=rng).hand
                python_agent = make_agent(agent)
                while not state.over:
                    core = kernel.CompiledTrickHand(state)
                    index, after = core.choose(agent, rng.getstate()[1])
                    legal = state.legal_actions()
                    if len(legal) > 1:
                        action = python_agent.choose(state.observation(state.turn), rng)
                        assert legal[index] == action, (label, agent, seed)
                        assert rng.getstate()[1] == after
                    state.apply(legal[index])


# ----------------------------------------------------------------------------- the solver


def late_positions(rules: GameRules, count: int, tiles_left: int) -> list[GameState]:
    """Positions of the play in random hands with a choice to make and at most ``tiles_left``
    tiles in the hands (the Python solver is quick there), one from each hand."""
    out: list[GameState] = []
    seed = 0
    while len(out) < count:
        rng = Stream(seed)
        seed += 1
        state = Match(rules, rng=rng).hand
        while not state.over:
            legal = state.legal_actions()
            left = sum(h.bit_count() for h in state.hands)
            if state.phase.name == "play" and len(legal) > 1 and left <= tiles_left:
                out.append(state.copy())
                break
            state.apply(random_action(state, rng))
    return out


SOLVED = [k for k in RULES if not k.startswith("texas-42-variant") or k.endswith("variant0")]


@pytest.mark.parametrize("label", SOLVED)
def test_the_solvers_agree(label: str) -> None:
    """The compiled solver against the Python one: every side's value and best move, and every
    move's exact value, on late positions; and the Texas expert's valuation."""
    rules = RULES[label]
    texas = rules.game.id == "texas-42"
    tiles_left = 12 if texas else 8 if rules.players > 2 else 7
    for state in late_positions(rules, 12, tiles_left):
        for side in range(len(rules.sides)):
            expected = Solver(rules, side).solve(state)
            got = kernel.CompiledSolver(rules, side).solve(state)
            assert got.complete and (got.value, got.best_action) == (
                expected.value,
                expected.best_action,
            ), (label, side, state)
            if texas:
                taken = kernel.CompiledSolver(rules, side, count_taken=True).solve(state)
                assert taken.value == texas_solve(state, side), (label, side, state)
        side = rules.side_of[state.turn]
        assert dict(kernel.CompiledSolver(rules, side).action_values(state)) == dict(
            Solver(rules, side).action_values(state)
        ), label


def test_a_texas_hand_is_solved_from_the_first_lead() -> None:
    """After the bidding (trumps and the contract named) the whole hand: the same value whether
    the table and the ordering help or not."""
    rules = RULES["texas-42-austin42"]
    for seed in range(6):
        rng = Stream(seed)
        state = Match(rules, rng=rng).hand
        while not state.over and state.phase.name != "play":
            state.apply(random_action(state, rng))
        if state.over:
            continue
        side = rules.side_of[state.turn]
        fast = kernel.CompiledSolver(rules, side).solve(state)
        plain = kernel.CompiledSolver(rules, side, use_table=False, ordering=False).solve(state)
        assert fast.complete and fast.value == plain.value
        assert fast.best_action in state.legal_actions()


def test_limited_searches_stop_and_say_so() -> None:
    rules = RULES["texas-42-points"]
    state = late_positions(rules, 1, 28)[0]
    solver = kernel.CompiledSolver(rules, rules.side_of[state.turn])
    result = solver.solve(state, max_nodes=200)
    assert not result.complete and result.nodes <= 201
    assert result.best_action in state.legal_actions()
    assert isinstance(solver.action_value(state, state.legal_actions()[0], max_nodes=100), float)
