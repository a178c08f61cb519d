"""Exact solving: boneyard's solver against the ``dominoes`` package's omniscient alpha-beta.

The positions are those the package's own ``omniscient`` player would solve: four-player
partnership hands dealt by ``dominoes`` (``Game.new(starting_domino=Domino(6, 6))`` with the global
generator seeded once for the run), the 6-6 led, play taken on while every move is forced, up to
the first decision with a choice. Every tile is known to both solvers.

* ``dominoes``: what ``dominoes.players.omniscient`` does for a move: a deep copy of the game,
  ``skinny_board()``, then ``dominoes.search.alphabeta`` (plain alpha-beta, no table).
* boneyard: the same position as a :class:`~boneyard.games.line.state.LineState` of ``partnership``
  under the ``puerto-rico`` rules (the package's rules: ``benchmarks/bridges.py``), solved exactly
  by a fresh solver (no table carried over): the pure-Python solver
  (:class:`boneyard.players.search.solver.Solver`) and, where it is built, the compiled one.

Both report the value of the hand for players 0 and 2 (the package's ``result.points``); every
value must agree, or the run stops. The solvers take turns on each position, so a change of load
on the machine touches all of them alike. The figure is the total time over the positions.

Run it with one command::

    benchmarks/run solve [--positions 50] [--seed 0] [--engines dominoes,pure,compiled] [--json]
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from boneyard.core.actions import PASS, Play
from boneyard.core.tiles import tile
from boneyard.games import get_game
from boneyard.games.line.rules import LineRules
from boneyard.games.line.state import LineState
from boneyard.players.search.solver import Solver

ENGINES = ("dominoes", "pure", "compiled")


@dataclass
class Position:
    """One position: the package's game and boneyard's state of it."""

    game: Any
    state: LineState


@dataclass
class EngineRun:
    name: str
    seconds: list[float] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)

    @property
    def total(self) -> float:
        return sum(self.seconds)


def puerto_rico() -> LineRules:
    return get_game("partnership").configure(rules="puerto-rico")


def deal_positions(count: int, seed: int) -> list[Position]:
    """``count`` positions dealt by ``dominoes`` from the global generator seeded ``seed`` (its
    state is restored afterwards)."""
    import dominoes

    rules = puerto_rico()
    saved = random.getstate()
    random.seed(seed)
    try:
        out = []
        for _ in range(count):
            game = dominoes.Game.new(starting_domino=dominoes.Domino(6, 6))
            while game.result is None and len(game.valid_moves) == 1:
                game.make_move(*game.valid_moves[0])
            out.append(Position(game, boneyard_state(rules, game)))
        return out
    finally:
        random.setstate(saved)


def boneyard_state(rules: LineRules, game: Any) -> LineState:
    """boneyard's state of the package's ``game``: the deal rebuilt from the hands and the moves
    so far, every move replayed (a pass where the package recorded ``None``); checks that both
    engines have the same hands and the same player to move."""
    played: list[list[int]] = [[] for _ in range(4)]
    for k, move in enumerate(game.moves):
        if move is not None:
            played[(game.starting_player + k) % 4].append(tile(move[0].first, move[0].second))
    deal = [[tile(d.first, d.second) for d in game.hands[s]] + played[s] for s in range(4)]
    state = LineState.from_deal(rules, deal, [])
    for move in game.moves:
        if move is None:
            state.apply(PASS)
            continue
        t = tile(move[0].first, move[0].second)
        state.apply(Play(t) if state.layout is None else Play(t, "L" if move[1] else "R"))
    now = [sorted(tile(d.first, d.second) for d in game.hands[s]) for s in range(4)]
    ours = [sorted(t for t in range(28) if state.hands[s] >> t & 1) for s in range(4)]
    if now != ours or state.turn != game.turn:
        raise AssertionError("boneyard's position is not the package's")
    return state


def solve_dominoes(game: Any) -> tuple[float, int]:
    """The package's omniscient search of ``game``: its value for players 0 and 2."""
    from dominoes import search

    work = copy.deepcopy(game)
    work.skinny_board()
    _, value = search.alphabeta(work)
    return float(value), 0


def solve_pure(state: LineState) -> tuple[float, int]:
    result = Solver(state.rules, 0).solve(state)
    assert result.complete
    return result.value, result.nodes


def compiled_solver() -> Callable[[LineState], tuple[float, int]] | None:
    """The compiled solver, or ``None`` where the compiled core is not built."""
    from boneyard.core import kernel

    if not kernel.supports(puerto_rico()):
        return None

    def solve(state: LineState) -> tuple[float, int]:
        result = kernel.CompiledSolver(state.rules, 0).solve(state)
        assert result.complete
        return result.value, result.nodes

    return solve


def run(positions: Sequence[Position], engines: Sequence[str], progress: bool) -> list[EngineRun]:
    solvers: dict[str, Callable[[Position], tuple[float, int]]] = {}
    if "dominoes" in engines:
        solvers["dominoes"] = lambda p: solve_dominoes(p.game)
    if "pure" in engines:
        solvers["pure"] = lambda p: solve_pure(p.state)
    if "compiled" in engines:
        compiled = compiled_solver()
        if compiled is None:
            print("compiled: not built here, skipped", file=sys.stderr)
        else:
            solvers["compiled"] = lambda p: compiled(p.state)
    runs = {name: EngineRun(name) for name in solvers}
    for i, position in enumerate(positions):
        for name, solve in solvers.items():
            start = time.perf_counter()
            value, nodes = solve(position)
            runs[name].seconds.append(time.perf_counter() - start)
            runs[name].values.append(value)
            runs[name].nodes.append(nodes)
        values = {name: r.values[-1] for name, r in runs.items()}
        if len(set(values.values())) > 1:
            raise AssertionError(f"position {i}: the solvers disagree: {values}")
        if progress:
            times = ", ".join(f"{n} {r.seconds[-1]:.2f}s" for n, r in runs.items())
            print(f"  position {i + 1}/{len(positions)}: value {values}  {times}", file=sys.stderr)
    return list(runs.values())


LABELS = {
    "dominoes": "dominoes 6.1.0 omniscient (alpha-beta)",
    "pure": "boneyard solver, pure Python",
    "compiled": "boneyard solver, compiled core",
}


def table(runs: Sequence[EngineRun], count: int) -> str:
    base = next((r for r in runs if r.name == "dominoes"), None)
    lines = [
        "| solver | positions | total s | median s | max s | vs dominoes |",
        "|---|---|---|---|---|---|",
    ]
    for r in runs:
        ordered = sorted(r.seconds)
        median = ordered[len(ordered) // 2]
        ratio = f"{base.total / r.total:.1f}x" if base is not None and r is not base else ""
        lines.append(
            f"| {LABELS[r.name]} | {count} | {r.total:.2f} | {median:.3f} | {ordered[-1]:.2f} "
            f"| {ratio} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=50, help="positions (default 50)")
    parser.add_argument("--seed", type=int, default=0, help="the package's deal seed (0)")
    parser.add_argument(
        "--engines", default=",".join(ENGINES), help="comma-separated: dominoes,pure,compiled"
    )
    parser.add_argument("--json", action="store_true", help="print a JSON object")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    unknown = sorted(set(engines) - set(ENGINES))
    if unknown:
        parser.error(f"unknown engines {unknown}: choose from {', '.join(ENGINES)}")
    try:
        positions = deal_positions(args.positions, args.seed)
    except ImportError:
        print(
            "the dominoes package is missing: benchmarks/run installs it (the bench extra)",
            file=sys.stderr,
        )
        return 2
    load = os.getloadavg()[0]
    runs = run(positions, engines, not args.quiet)
    if args.json:
        print(
            json.dumps(
                {
                    "positions": args.positions,
                    "seed": args.seed,
                    "load_before": load,
                    "engines": {
                        r.name: {"seconds": r.seconds, "values": r.values, "nodes": r.nodes}
                        for r in runs
                    },
                }
            )
        )
        return 0
    print(
        f"Exact solving, {args.positions} positions dealt by dominoes (seed {args.seed}): "
        "four-player partnership, Puerto Rico rules, 6-6 led, the first decision with a choice; "
        f"every value agreed. Load average before the run: {load:.2f} "
        f"({os.cpu_count()} cores).\n"
    )
    print(table(runs, args.positions))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
