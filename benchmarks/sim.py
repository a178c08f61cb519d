"""Simulation throughput: hands per second with random agents, for every game of the registry at its
default number of players, on 1 and 2 local worker processes and on the Ray backend (a local Ray
instance of 2 CPUs), with the scaling efficiency (speed on k workers / k times the speed on one).

Each figure is ``boneyard.research.sim.simulate(rules, ["random"], hands=N, ...)`` timed by the
simulator itself (the pool's start included, Python's start-up not); the best of ``--repeat`` runs,
since the machine may be shared. Ray is started once before its runs (its start-up is printed, not
counted). Random agents are played in the compiled core wherever it plays the game (the ``engine``
column); ``--pure`` measures the pure-Python engine instead (``BONEYARD_PURE=1``).

Run it with one command::

    benchmarks/run sim [--hands 1000000] [--repeat 3] [--games block,draw] [--no-ray] [--pure]
                       [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from boneyard.games import GAMES, get_game
from boneyard.research.sim import simulate


@dataclass
class Row:
    game: str
    players: int
    engine: str  # "compiled" or "python"
    one: float  # hands per second, 1 worker
    two: float  # 2 workers
    ray: float | None  # the Ray backend, 2 CPUs

    @property
    def two_efficiency(self) -> float:
        return self.two / (2 * self.one)

    @property
    def ray_efficiency(self) -> float | None:
        return None if self.ray is None else self.ray / (2 * self.one)


def best_rate(game: str, hands: int, repeat: int, seed: int, **kwargs: Any) -> float:
    rules = get_game(game).configure()
    rates = []
    for _ in range(repeat):
        result = simulate(rules, ["random"], hands=hands, seed=seed, **kwargs)
        assert result.hands == hands
        rates.append(result.hands_per_second)
    return max(rates)


def start_ray(cpus: int) -> float:
    """Start a local Ray instance; return the seconds it took."""
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    import ray

    start = time.perf_counter()
    ray.init(num_cpus=cpus, include_dashboard=False, logging_level="warning")
    return time.perf_counter() - start


def table(rows: Sequence[Row]) -> str:
    header = [
        "game",
        "players",
        "engine",
        "1 worker",
        "2 workers",
        "efficiency",
        "Ray, 2 CPUs",
        "efficiency",
    ]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for r in rows:
        ray = "" if r.ray is None else f"{r.ray:,.0f}"
        ray_eff = "" if r.ray_efficiency is None else f"{100 * r.ray_efficiency:.0f}%"
        cells = [
            r.game,
            str(r.players),
            r.engine,
            f"{r.one:,.0f}",
            f"{r.two:,.0f}",
            f"{100 * r.two_efficiency:.0f}%",
            ray,
            ray_eff,
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="boneyard simulate: hands per second per game")
    parser.add_argument(
        "--hands",
        type=int,
        help="hands per run (default 1000000; with --pure, and for a game "
        "the compiled core does not play, 5000)",
    )
    parser.add_argument("--pure", action="store_true", help="the pure-Python engine")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure, best kept (3)")
    parser.add_argument("--games", help="comma-separated game ids (default: every game)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray backend")
    parser.add_argument("--json", action="store_true", help="print JSON rows, not a table")
    args = parser.parse_args(argv)
    games = args.games.split(",") if args.games else list(GAMES)
    if args.pure:
        os.environ["BONEYARD_PURE"] = "1"
    ray_seconds = None
    if not args.no_ray:
        ray_seconds = start_ray(2)
    rows = []
    for game in games:
        rules = get_game(game).configure()
        engine = simulate(rules, ["random"], hands=200, workers=1).engine  # warm up
        hands = args.hands or (1_000_000 if engine == "compiled" else 5000)
        one = best_rate(game, hands, args.repeat, args.seed, workers=1)
        two = best_rate(game, hands, args.repeat, args.seed, workers=2)
        ray = None
        if ray_seconds is not None:
            best_rate(game, 400, 1, args.seed, backend="ray")  # warm up the Ray workers
            ray = best_rate(game, hands, args.repeat, args.seed, backend="ray")
        rows.append(Row(game, rules.players, engine, one, two, ray))
        if not args.json:
            print(f"  {game}: done", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps([asdict(r) for r in rows]))
        return 0
    print(
        f"Random self-play, hands per second, {args.hands or '1,000,000 (compiled) or 5,000'} "
        f"hands per run, best of {args.repeat} ({os.cpu_count()} cores; load average "
        f"{os.getloadavg()[0]:.2f})"
        + (f"; Ray started in {ray_seconds:.1f} s (not counted)" if ray_seconds else "")
        + "\n"
    )
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
