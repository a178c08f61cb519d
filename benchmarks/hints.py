"""Hint steadiness: how much a hint's values change when the same position is analysed again.

The same fixed positions (several games, a seeded random number of random moves into a hand,
the seat to move having a choice of distinct moves) are analysed ``--runs`` times by two analyses:

* ``before``: the hints of issue 17's report, as they were: the search player with a time budget
  (0.3 s a position, as many worlds as the time allows, up to 640), the worlds drawn from the
  number of moves played (``seed=len(history)``);
* ``after``: :func:`boneyard.players.analysis.analyze` as every front end now calls it: a fixed
  number of worlds (``ANALYSIS_EFFORT``) from a seed derived from the position.

With ``--busy N``, N processes that only burn the processor run during every other run (a busy
machine, as when other programs compete for the cores). For each analysis the table gives the
largest change of any move's value over the runs (the largest of max - min), the median of each
position's largest change, the share of positions whose best move was the same in every run, and
the median time per analysis.

Run: ``benchmarks/run hints --positions 100 --runs 10 --busy 2``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from boneyard.core.actions import Action, Play
from boneyard.core.match import Match
from boneyard.games import get_game
from boneyard.games.line.state import Observation
from boneyard.players.analysis import ANALYSIS_EFFORT, analyze
from boneyard.players.expert import ExpertAgent

GAMES = ("block", "draw", "muggins", "fives-and-threes", "partnership", "matador", "domino-whist")
BEFORE_BUDGET = 0.3  # the plain game's hint budget before issue 17


def positions(count: int, seed: int) -> list[Observation]:
    """``count`` fixed positions, the games in turn: a seeded match's first hand, a seeded number
    of random moves in, the seat to move having a choice of distinct moves."""
    out: list[Observation] = []
    k = 0
    while len(out) < count:
        game = GAMES[k % len(GAMES)]
        rng = random.Random(seed * 100_003 + k)
        k += 1
        state = Match(get_game(game).configure(), seed=rng.randrange(1 << 30)).hand
        for _ in range(rng.randrange(0, 12)):
            if state.over:
                break
            state.apply(rng.choice(state.legal_actions()))
        while (
            not state.over
            and len(state.rules.distinct_actions(state.legal_actions(), state.table)) < 2
        ):
            state.apply(state.legal_actions()[0])
        if not state.over:
            out.append(state.observation(state.turn))
    return out


def _key(action: Action) -> str:
    """A move's name, a claim left out (the before-analysis lists plays with their claims)."""
    if isinstance(action, Play):
        return str(Play(action.tile, action.end, action.open))
    return str(action)


def before(obs: Observation) -> dict[str, float]:
    analyst = ExpertAgent(
        "analysis", budget=BEFORE_BUDGET, worlds=640, nodes=120_000, pure_limits=(64, 12_000)
    )
    values = analyst.values(obs, random.Random(len(obs.history)))
    return {_key(a): v for a, v in values.items()}


def after(obs: Observation) -> dict[str, float]:
    return {_key(m.action): m.value for m in analyze(obs)}


def _burn(stop: Any) -> None:
    x = 0
    while not stop.is_set():
        x = (x * 1_103_515_245 + 12_345) % 2_147_483_648


def measure(
    name: str,
    analyse: Callable[[Observation], dict[str, float]],
    obs: list[Observation],
    runs: int,
    busy: int,
) -> dict[str, Any]:
    results: list[list[dict[str, float]]] = [[] for _ in obs]
    times: list[float] = []
    for run in range(runs):
        stop = multiprocessing.Event()
        burners = []
        if busy and run % 2 == 1:
            burners = [multiprocessing.Process(target=_burn, args=(stop,)) for _ in range(busy)]
            for p in burners:
                p.start()
        try:
            for i, o in enumerate(obs):
                start = time.perf_counter()
                results[i].append(analyse(o))
                times.append(time.perf_counter() - start)
        finally:
            stop.set()
            for p in burners:
                p.join()
        print(f"{name}: run {run + 1}/{runs}", file=sys.stderr, flush=True)
    changes = []
    same_best = 0
    for runs_of in results:
        moves = set().union(*runs_of)
        change = max(
            max(r.get(m, 0.0) for r in runs_of) - min(r.get(m, 0.0) for r in runs_of) for m in moves
        )
        changes.append(change)
        bests = {max(r, key=lambda m: r[m]) for r in runs_of}
        same_best += len(bests) == 1
    return {
        "analysis": name,
        "largest_change": round(max(changes), 3),
        "median_change": round(statistics.median(changes), 3),
        "same_best_move": round(same_best / len(obs), 4),
        "median_ms": round(1000 * statistics.median(times), 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks/run hints", description=__doc__)
    parser.add_argument("--positions", type=int, default=100, help="positions (default 100)")
    parser.add_argument("--runs", type=int, default=10, help="analyses of each (default 10)")
    parser.add_argument("--busy", type=int, default=2, help="busy processes every other run")
    parser.add_argument("--seed", type=int, default=0, help="the positions' seed (default 0)")
    parser.add_argument("--only", choices=("before", "after"), help="one analysis only")
    parser.add_argument("--json", action="store_true", help="print a JSON object")
    args = parser.parse_args(argv)
    obs = positions(args.positions, args.seed)
    rows = [
        measure(name, fn, obs, args.runs, args.busy)
        for name, fn in (("before", before), ("after", after))
        if args.only in (None, name)
    ]
    out = {
        "benchmark": "hints",
        "positions": args.positions,
        "runs": args.runs,
        "busy": args.busy,
        "seed": args.seed,
        "games": list(GAMES),
        "effort": {"worlds": ANALYSIS_EFFORT.worlds, "nodes": ANALYSIS_EFFORT.nodes},
        "rows": rows,
    }
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(
        f"Hint steadiness: {args.positions} positions ({', '.join(GAMES)}), each analysed "
        f"{args.runs} times, {args.busy} busy processes during every other run\n"
    )
    header = [
        "analysis",
        "largest change of a value",
        "median of each position's largest",
        "same best move",
        "median ms",
    ]
    print("| " + " | ".join(header) + " |")
    print("|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['analysis']} | {r['largest_change']:.2f} | {r['median_change']:.2f} | "
            f"{100 * r['same_best_move']:.0f}% | {r['median_ms']:.0f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
