"""The cost of the research interfaces: random playouts through each environment, per hand and
per move, next to OpenSpiel's own Python dominoes games.

Every row plays N whole hands in this process with uniformly random legal moves, timed with
:func:`time.perf_counter` over the whole loop (the deal and every chance node included), and with
:func:`time.process_time` (the processor time the loop took: on a machine shared with other jobs
the wall clock also counts the time spent waiting for a core, which changes from row to row, so
the ratios between rows are taken on processor time):

* ``engine``: boneyard's engine alone (``LineState.legal_actions``/``apply``), the floor;
* ``PettingZoo AEC``: ``boneyard.research.env.pettingzoo.raw_env(GAME)`` (the environment without
  PettingZoo's wrappers, which only check): ``reset``, then ``last()``
  (the observation vector and the mask of the seat to move) and ``step`` for every move, the
  terminated agents' ``step(None)`` included;
* ``PettingZoo parallel``: ``parallel_env(GAME)``: ``reset``, then ``step`` with the action of the
  seat to move (``infos[agent]["to_move"]``) for every move, every seat's observation returned;
* ``Gymnasium``: ``BoneyardEnv(GAME, opponents="random")``: the learner's observations and steps;
  the other seats' moves are made by boneyard's random agent inside ``step``;
* ``OpenSpiel``: ``pyspiel.load_game("python_boneyard_GAME")``: chance outcomes sampled from
  ``chance_outcomes()``, moves from ``legal_actions()``, no observation asked for;
* OpenSpiel's ``python_block_dominoes`` and ``python_team_dominoes``, the same loop.

A *move* is a player's decision (chance nodes and PettingZoo's ``step(None)`` are not counted,
but their time is in the total): ``us/move`` is the total time over the moves. The games:
``block`` for two players (7 tiles each, no drawing: OpenSpiel's ``python_block_dominoes``
plays the same deal sizes) and ``partnership`` (latin rules: four players, all 28 tiles dealt,
as ``python_team_dominoes``).

Then the single environments on the core against the same on the Python engine (``core=True``
and ``core=False``), block and partnership from the rows above, and Texas 42 and Domino Loo (a
quarter of N hands each: Gymnasium, PettingZoo AEC and parallel), in moves per processor second.

Then the batched environments (:mod:`boneyard.research.vector`), in the same run:
``SelfPlayBatch`` of two-player ``block`` with ``--tables`` tables (4,096) in one process, stepped
``--steps`` times with a uniformly random legal action per table (drawn with NumPy from the
masks); a *step* is one table's step, the observation and the mask encoded in the core included.
Two figures: the core's ``step`` calls alone (the action ids drawn outside the timer: the
learner's cost, not the environment's; its processor time is the stepping thread's,
:func:`time.thread_time`), and the whole loop with the NumPy draw; next to them OpenSpiel's
``python_block_dominoes`` moves per processor second from the rows above (its loop asks for no
observation). Then the same loop for a trick game, ``texas-42`` (its default rules, four seats
the learner's: the bidding, the declaration and the tricks, every decision a step), beside the
500,000 steps/s the issue asks of it. The load average is printed at the start and the end.

Run: ``benchmarks/run envs [--hands 1000] [--seed 0] [--tables 4096] [--steps 300]
[--batch-only]`` (``--batch-only``: the batched rows and OpenSpiel's ``python_block_dominoes``
alone, without the interfaces' rows).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np

# (our game, its options, OpenSpiel's game it is compared with)
GAMES: list[tuple[str, dict[str, object], str]] = [
    ("block", {"players": 2}, "python_block_dominoes"),
    ("partnership", {"rules": "latin"}, "python_team_dominoes"),
]


@dataclass
class Row:
    interface: str
    game: str
    players: int
    hands: int
    moves: int
    seconds: float
    cpu: float = 0.0
    """The processor seconds of the loop (this process's): on a shared machine, what the loop
    cost one core, however long it waited for one."""

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds

    @property
    def us_per_move(self) -> float:
        return self.seconds / self.moves * 1e6


def engine_hands(game: str, options: dict[str, object], hands: int, seed: int) -> tuple[int, int]:
    from boneyard.core.match import Match
    from boneyard.research.env import make_rules

    opts = dict(options)
    rules = make_rules(game, opts.pop("rules", None), **opts)
    rng = random.Random(seed)
    moves = 0
    for h in range(hands):
        state = Match(rules, rng=random.Random(seed * 1_000_003 + h)).hand
        while not state.over:
            legal = state.legal_tuple()
            state.apply(legal[int(rng.random() * len(legal))])
            moves += 1
    return hands, moves


def pettingzoo_hands(
    game: str, options: dict[str, object], hands: int, seed: int, core: bool = False
) -> tuple[int, int]:
    from boneyard.research.env.pettingzoo import raw_env

    opts = dict(options)
    e = raw_env(game, opts.pop("rules", None), core=core, **opts)
    rng = random.Random(seed)
    moves = 0
    e.reset(seed=seed)
    for _ in range(hands):
        e.reset()
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[int(rng.random() * len(legal))]))
            moves += 1
    return hands, moves


def parallel_hands(
    game: str, options: dict[str, object], hands: int, seed: int, core: bool = False
) -> tuple[int, int]:
    from boneyard.research.env.pettingzoo import parallel_env

    opts = dict(options)
    e = parallel_env(game, opts.pop("rules", None), core=core, **opts)
    rng = random.Random(seed)
    moves = 0
    e.reset(seed=seed)
    for _ in range(hands):
        observations, infos = e.reset()
        while e.agents:
            mover = next(a for a in e.agents if infos[a]["to_move"])
            legal = np.flatnonzero(observations[mover]["action_mask"])
            observations, _rewards, _done, _truncated, infos = e.step(
                {mover: int(legal[int(rng.random() * len(legal))])}
            )
            moves += 1
    return hands, moves


def gymnasium_hands(
    game: str, options: dict[str, object], hands: int, seed: int, core: bool = False
) -> tuple[int, int]:
    from boneyard.research.env.gymnasium import BoneyardEnv

    opts = dict(options)
    env = BoneyardEnv(game, opts.pop("rules", None), opponents="random", core=core, **opts)
    rng = random.Random(seed)
    moves = 0
    env.reset(seed=seed)
    for _ in range(hands):
        obs, _info = env.reset()
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _reward, done, _truncated, _info = env.step(
                int(legal[int(rng.random() * len(legal))])
            )
            moves += 1
    return hands, moves


def openspiel_hands(name: str, params: dict[str, object], hands: int, seed: int) -> tuple[int, int]:
    import pyspiel

    game = pyspiel.load_game(name, params) if params else pyspiel.load_game(name)
    rng = random.Random(seed)
    moves = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights=probabilities)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                moves += 1
    return hands, moves


# The batched trick game (its default rules) and the steps a second the issue asks of it.
TRICK_BATCH = ("texas-42", 500_000)


@dataclass
class Steps:
    """A batch's run: seconds in the core's ``step`` calls (wall clock, and the processor time
    of the stepping thread: one core's own time, which other jobs on a shared machine do not
    lengthen), seconds of the whole loop, and the table steps made."""

    wall: float
    cpu: float
    whole: float
    whole_cpu: float
    made: int


def vector_steps(
    tables: int, steps: int, seed: int, game: str = "block", **options: object
) -> Steps:
    """The batch stepped ``steps`` times with a uniformly random legal action per table."""
    from boneyard.research.vector import SelfPlayBatch

    batch = SelfPlayBatch(game, num_envs=tables, **options)
    obs, _rewards, _dones, _info = batch.reset(seed=seed)
    rng = np.random.default_rng(seed)
    noise = np.empty(obs["action_mask"].shape, np.float32)
    wall = cpu = 0.0
    start, start_cpu = time.perf_counter(), time.process_time()
    for _ in range(steps):
        # A random legal action per table: the largest of uniform draws on the legal ids.
        rng.random(out=noise, dtype=np.float32)
        np.multiply(noise, obs["action_mask"], out=noise)
        actions = noise.argmax(1)
        began, began_cpu = time.perf_counter(), time.thread_time()
        obs, _rewards, _dones, _info = batch.step(actions)
        cpu += time.thread_time() - began_cpu
        wall += time.perf_counter() - began
    whole_cpu = time.process_time() - start_cpu
    return Steps(wall, cpu, time.perf_counter() - start, whole_cpu, tables * steps)


def load() -> str:
    """The load average (1 minute) now, for the record of a run on a shared machine."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "unknown"


def measure(label: str, game: str, players: int, run: Callable[[], tuple[int, int]]) -> Row:
    start, start_cpu = time.perf_counter(), time.process_time()
    hands, moves = run()
    cpu = time.process_time() - start_cpu
    return Row(label, game, players, hands, moves, time.perf_counter() - start, cpu)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=1000, help="hands per row (default 1000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tables", type=int, default=4096, help="tables of the batch (4096)")
    parser.add_argument("--steps", type=int, default=300, help="steps of the batch (300)")
    parser.add_argument(
        "--batch-only", action="store_true", help="only the batched environments' rows"
    )
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    print(f"load average (1 min) at the start: {load()} on {os.cpu_count()} processors\n")
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python import games  # noqa: F401  (registers OpenSpiel's python games)

        import boneyard.research.env.openspiel  # noqa: F401  (registers boneyard's)
    except ImportError as error:
        print(
            f"missing dependency ({error.name}); install with:\n"
            "  .tools/bin/uv sync --locked --extra cli --extra test",
            file=sys.stderr,
        )
        return 2
    if args.batch_only:
        # The batched rows, beside OpenSpiel's python_block_dominoes in the same run.
        theirs = measure(
            "OpenSpiel 2.0.2 (theirs)",
            "python_block_dominoes",
            2,
            partial(openspiel_hands, "python_block_dominoes", {}, args.hands, args.seed),
        )
        batch = vector_steps(args.tables, args.steps, args.seed, players=2)
        print_vector([theirs], batch, args.tables)
        print_trick_vector(args.tables, args.steps, args.seed)
        print(f"\nload average (1 min) at the end: {load()}")
        return 0
    from boneyard.research.env import make_rules
    from boneyard.research.env.openspiel import game_name

    n, seed = args.hands, args.seed
    rows: list[Row] = []
    for game, options, theirs in GAMES:
        opts = dict(options)
        players = make_rules(game, opts.pop("rules", None), **opts).players
        params: dict[str, object] = {}
        if "rules" in options:
            params["rules"] = options["rules"]
        if "players" in options:
            params["players"] = options["players"]
        ours = game_name(game)
        for label, name, run in (
            ("engine", game, partial(engine_hands, game, options, n, seed)),
            ("PettingZoo AEC", game, partial(pettingzoo_hands, game, options, n, seed)),
            ("PettingZoo AEC, core", game, partial(pettingzoo_hands, game, options, n, seed, True)),
            ("PettingZoo parallel", game, partial(parallel_hands, game, options, n, seed)),
            (
                "PettingZoo parallel, core",
                game,
                partial(parallel_hands, game, options, n, seed, True),
            ),
            ("Gymnasium", game, partial(gymnasium_hands, game, options, n, seed)),
            ("Gymnasium, core", game, partial(gymnasium_hands, game, options, n, seed, True)),
            ("OpenSpiel", ours, partial(openspiel_hands, ours, params, n, seed)),
            ("OpenSpiel 2.0.2 (theirs)", theirs, partial(openspiel_hands, theirs, {}, n, seed)),
        ):
            rows.append(measure(label, name, players, run))
    print(f"Random playouts, {n:,} hands per row, one process\n")
    print("| interface | game | players | hands/s | moves/hand | us/move |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r.interface} | {r.game} | {r.players} | {r.hands_per_second:,.0f} | "
            f"{r.moves / r.hands:.1f} | {r.us_per_move:,.1f} |"
        )
    print_single(rows)
    print_trick_single(max(1, n // 4), seed)
    print_vector(rows, vector_steps(args.tables, args.steps, seed, players=2), args.tables)
    print_trick_vector(args.tables, args.steps, seed)
    print(f"\nload average (1 min) at the end: {load()}")
    return 0


CORE_STEP = "boneyard.research.vector, the core's step (observations and masks included)"
NUMPY_LOOP = "boneyard.research.vector, with NumPy drawing the random legal actions"
# The trick games' single environments (on the core since issue 33), beside the Python engine.
TRICK_GAMES = ("texas-42", "domino-loo")


def print_single(rows: list[Row]) -> None:
    """The single environments on the core against the same on the Python engine."""
    print(
        "\nSingle environments: on the core against the Python engine, same run, moves per "
        "second of processor time\n"
    )
    print("| interface | game | Python engine | core | core / Python |")
    print("|---|---|---|---|---|")
    by = {(r.interface, r.game): r for r in rows}
    for game in dict.fromkeys(r.game for r in rows if r.interface == "Gymnasium"):
        for label in ("Gymnasium", "PettingZoo AEC", "PettingZoo parallel"):
            python, core = _rate(by[label, game]), _rate(by[f"{label}, core", game])
            print(f"| {label} | {game} | {python:,.0f} | {core:,.0f} | {core / python:.1f}x |")


def print_trick_single(hands: int, seed: int) -> None:
    """The trick games' single environments, core and Python engine, side by side."""
    for game in TRICK_GAMES:
        players = 4
        rows = [
            measure(label, game, players, run)
            for label, run in (
                ("Gymnasium", partial(gymnasium_hands, game, {}, hands, seed)),
                ("Gymnasium, core", partial(gymnasium_hands, game, {}, hands, seed, True)),
                ("PettingZoo AEC", partial(pettingzoo_hands, game, {}, hands, seed)),
                ("PettingZoo AEC, core", partial(pettingzoo_hands, game, {}, hands, seed, True)),
                ("PettingZoo parallel", partial(parallel_hands, game, {}, hands, seed)),
                ("PettingZoo parallel, core", partial(parallel_hands, game, {}, hands, seed, True)),
            )
        ]
        for label in ("Gymnasium", "PettingZoo AEC", "PettingZoo parallel"):
            python, core = (
                _rate(next(r for r in rows if r.interface == x)) for x in (label, f"{label}, core")
            )
            print(f"| {label} | {game} | {python:,.0f} | {core:,.0f} | {core / python:.1f}x |")


def print_vector(rows: list[Row], batch: Steps, tables: int) -> None:
    """The batched block rows beside OpenSpiel's python_block_dominoes (and the single
    environments of ``rows``), in steps per second of processor time (one core's) and of the wall
    clock."""
    print(f"\nBatched environments: block, 2 players, {tables:,} tables, one core\n")
    theirs = next(r for r in rows if r.game == "python_block_dominoes")
    base = _rate(theirs)
    print(
        "| interface | steps/s (processor time) | vs OpenSpiel python_block_dominoes "
        "| steps/s (wall clock) |"
    )
    print("|---|---|---|---|")
    lines = [
        (CORE_STEP, batch.made / batch.cpu, batch.made / batch.wall),
        (NUMPY_LOOP, batch.made / batch.whole_cpu, batch.made / batch.whole),
    ]
    single = {r.interface: r for r in rows if r.game == "block"}
    for label, key in (
        ("Gymnasium BoneyardEnv (single, Python engine)", "Gymnasium"),
        ("Gymnasium BoneyardEnv (single, on the core)", "Gymnasium, core"),
        ("PettingZoo AEC raw_env (single, Python engine)", "PettingZoo AEC"),
        ("PettingZoo AEC raw_env (single, on the core)", "PettingZoo AEC, core"),
    ):
        if key in single:
            r = single[key]
            lines.append((label, _rate(r), r.moves / r.seconds))
    lines.append(
        (
            "OpenSpiel 2.0.2 python_block_dominoes (random moves)",
            base,
            theirs.moves / theirs.seconds,
        )
    )
    for label, rate, wall in lines:
        print(f"| {label} | {rate:,.0f} | {rate / base:,.1f}x | {wall:,.0f} |")


def print_trick_vector(tables: int, steps: int, seed: int) -> None:
    """The batched trick game's rows: its steps a second beside the issue's target."""
    game, target = TRICK_BATCH
    batch = vector_steps(tables, steps, seed, game)
    print(
        f"\nBatched environments: {game}, every seat the learner's, {tables:,} tables, one core\n"
    )
    print(
        f"| interface | steps/s (processor time) | vs the {target:,} asked | steps/s (wall clock) |"
    )
    print("|---|---|---|---|")
    for label, rate, wall in (
        (CORE_STEP, batch.made / batch.cpu, batch.made / batch.wall),
        (NUMPY_LOOP, batch.made / batch.whole_cpu, batch.made / batch.whole),
    ):
        print(f"| {label} | {rate:,.0f} | {rate / target:,.2f}x | {wall:,.0f} |")


def _rate(row: Row) -> float:
    """Moves per processor second (see :attr:`Row.cpu`)."""
    return row.moves / row.cpu


if __name__ == "__main__":
    sys.exit(main())
