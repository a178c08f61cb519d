"""Solve a tiny game of dominoes exactly with OpenSpiel's CFR+: two-player Block with the
double-two set (6 tiles), two tiles each.

The small sets (``tile_set=double-two``, ``double-three``) make a hand's whole game tree small
enough for tabular methods: CFR+ visits every history each iteration, and its average policy's
NashConv (the sum of what a best response would win against each seat) falls towards 0:

    python examples/solve_tiny.py --iterations 16

docs/research.md shows the figures it reached.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability

import boneyard.research.env.openspiel  # noqa: F401 (registers the games)

OPTIONS = "tile_set=double-two;hand_size=2"


def solve(
    iterations: int, game: str = "block", options: str = OPTIONS, reward: str = "points"
) -> Iterator[tuple[int, float, float]]:
    """Run CFR+ on ``python_boneyard_<game>`` with ``options``; yields (iteration, NashConv of
    the average policy, seconds) after iterations 1, 2, 4, 8..."""
    loaded = pyspiel.load_game(
        f"python_boneyard_{game.replace('-', '_')}", {"options": options, "reward": reward}
    )
    solver = cfr.CFRPlusSolver(loaded)
    start = time.perf_counter()
    for i in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if i & (i - 1) == 0 or i == iterations:
            conv = exploitability.nash_conv(loaded, solver.average_policy())
            yield i, conv, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=16)
    parser.add_argument("--game", default="block")
    parser.add_argument("--options", default=OPTIONS)
    parser.add_argument("--reward", default="points", choices=("points", "win"))
    args = parser.parse_args()
    for i, conv, seconds in solve(args.iterations, args.game, args.options, args.reward):
        print(f"{i:>5} iterations: NashConv {conv:.5f} points ({seconds:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
