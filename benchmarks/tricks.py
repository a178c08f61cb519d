"""The trick games in the compiled core: Texas 42 and Domino Loo random hands, compiled against
pure Python, and the exact solver on Texas 42 hands from the first lead, side by side in one run.

* **Hands**: ``boneyard simulate GAME --hands N --agents random --workers 1 --json`` as a whole
  process, timed from outside (start-up, imports and the deal included: ``engine.py``'s rows), the
  compiled core at ``--hands`` (1,000,000) and the pure-Python engine (``BONEYARD_PURE=1``) at
  ``--pure-hands`` (20,000), with the ratio of the two.
* **The solver**: ``--positions`` (200) Texas 42 hands dealt from seeds 0, 1, ..., bid and declared
  by random play (a hand all four pass is skipped), then solved exactly from the first lead for
  the leader's side by :class:`boneyard.core.kernel.CompiledSolver` (a fresh solver per hand: its
  table empty); the median and the slowest time, and the positions visited. On the first
  ``--python-positions`` (20) of them the pure-Python solver
  (:class:`boneyard.players.search.solver.Solver`) solves the same hands, for the ratio and the
  check that both find the same value (under ``austin42`` only: under ``points`` it takes minutes
  a hand). Under ``austin42`` a hand stops once the bid is made or set; under ``points`` every
  hand is played out and every point counts, the hardest search.

Run it with one command (it installs the ``bench`` extra first)::

    benchmarks/run tricks [--hands 1000000] [--pure-hands 20000] [--positions 200]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Sequence

from boneyard.core import kernel
from boneyard.core.match import Match
from boneyard.core.protocol import GameState
from boneyard.core.stream import Stream
from boneyard.games import get_game
from boneyard.players.search.solver import Solver
from engine import Row, boneyard_row

GAMES: list[tuple[str, list[str]]] = [
    ("texas-42 austin42", ["texas-42"]),
    ("texas-42 points", ["texas-42", "--rules", "points"]),
    ("domino-loo (4 players)", ["domino-loo", "--players", "4"]),
    ("domino-loo (3 players)", ["domino-loo", "--players", "3"]),
]

# The rule sets solved, and whether the pure-Python solver is timed beside (under points it takes
# minutes a hand).
SOLVED = [("austin42", True), ("points", False)]


def first_leads(rule_set: str, count: int) -> list[GameState]:
    """``count`` Texas 42 hands at their first lead, bid and declared by random play."""
    rules = get_game("texas-42").configure(rule_set)
    out: list[GameState] = []
    seed = 0
    while len(out) < count:
        rng = Stream(seed)
        seed += 1
        state = Match(rules, rng=rng).hand
        while not state.over and state.phase.name != "play":
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))] if len(legal) > 1 else legal[0])
        if not state.over:
            out.append(state)
    return out


def solve_times(
    states: Sequence[GameState], compiled: bool
) -> tuple[list[float], list[int], list[float]]:
    """Seconds, positions visited and values solving each state exactly for its leader's
    side."""
    times: list[float] = []
    nodes: list[int] = []
    values: list[float] = []
    for state in states:
        rules = state.rules
        side = rules.side_of[state.turn]
        start = time.perf_counter()
        solver = kernel.CompiledSolver(rules, side) if compiled else Solver(rules, side)
        result = solver.solve(state)
        times.append(time.perf_counter() - start)
        nodes.append(result.nodes)
        values.append(result.value)
    return times, nodes, values


def hand_rows(hands: int, pure_hands: int, seed: int) -> list[tuple[Row, Row]]:
    """Compiled and pure rows of each game, one after the other."""
    out = []
    for label, args in GAMES:
        compiled = boneyard_row(label, args, hands, True, seed)
        pure = boneyard_row(label, args, pure_hands, False, seed)
        out.append((compiled, pure))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="the trick games in the compiled core")
    parser.add_argument("--hands", type=int, default=1_000_000, help="compiled rows (1000000)")
    parser.add_argument("--pure-hands", type=int, default=20_000, help="pure rows (20000)")
    parser.add_argument("--positions", type=int, default=200, help="hands solved (200)")
    parser.add_argument("--python-positions", type=int, default=20, help="also in Python (20)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if not kernel.available():
        print("the compiled core is not built here")
        return 1
    load = os.getloadavg()[0]
    print(
        f"Random hands on one worker ({os.cpu_count()} cores; load average {load:.2f} before "
        "the run): whole processes, start-up included.\n"
    )
    print("| game | compiled hands/s | pure Python hands/s | compiled / pure |")
    print("|---|---|---|---|")
    for compiled, pure in hand_rows(args.hands, args.pure_hands, args.seed):
        print(
            f"| {compiled.game} | {compiled.rate:,.0f} | {pure.rate:,.0f} | "
            f"{compiled.rate / pure.rate:,.0f}x |"
        )
    print(
        "\nThe exact solver on Texas 42 hands from the first lead (the leader's side, a fresh "
        "solver each):\n"
    )
    print(
        "| rules | solver | hands | median ms | slowest ms | median positions | "
        "most positions | compiled / Python (median) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for rule_set, python in SOLVED:
        states = first_leads(rule_set, args.positions)
        times, nodes, values = solve_times(states, True)
        line = (
            f"| {rule_set} | compiled | {len(states)} | {statistics.median(times) * 1000:.2f} | "
            f"{max(times) * 1000:.1f} | {statistics.median(nodes):,.0f} | {max(nodes):,} |"
        )
        print(line + " |")
        few = states[: args.python_positions] if python else []
        if few:
            py_times, py_nodes, py_values = solve_times(few, False)
            assert py_values == values[: len(few)], "the two solvers disagree"
            ratio = statistics.median(py_times) / statistics.median(times[: len(few)])
            print(
                f"| {rule_set} | pure Python | {len(few)} | "
                f"{statistics.median(py_times) * 1000:.1f} | {max(py_times) * 1000:.0f} | "
                f"{statistics.median(py_nodes):,.0f} | {max(py_nodes):,} | {ratio:,.0f}x |"
            )
    print(f"\nLoad average after the run: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
