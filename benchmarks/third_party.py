"""Speed of the public dominoes engines people would use instead of boneyard.

Measures random self-play with:

* ``dominoes`` (PyPI ``dominoes==6.1.0``): 4-player partnership hands.
* OpenSpiel (PyPI ``open_spiel==2.0.2``): ``python_block_dominoes`` (2 players)
  and ``python_team_dominoes`` (4 players).

Every player picks a uniformly random legal move; OpenSpiel's chance nodes (the
deal) are sampled from their outcome probabilities. The figure is whole hands
per second (deal included), timed with :func:`time.perf_counter` over the
whole loop.

The engines are optional (``uv sync --extra bench``) and imported only inside
the functions, so this module imports without them. ``benchmarks/engine.py``
can import :func:`measure_all` (or the single functions) and print the results
next to boneyard's own.

Run: ``.venv/bin/python benchmarks/third_party.py [--hands N] [--seed S]``
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

OPENSPIEL_GAMES: dict[str, int] = {
    "python_block_dominoes": 2,
    "python_team_dominoes": 4,
}


@dataclass(frozen=True)
class Measurement:
    """One engine's random self-play speed."""

    engine: str
    game: str
    players: int
    hands: int
    hands_per_second: float


def dominoes_hands_per_second(hands: int, seed: int) -> float:
    """Play ``hands`` random 4-player partnership hands with ``dominoes``; return hands/s.

    ``dominoes.Game.new()`` deals with the global :mod:`random` generator, so it
    is seeded for the run and restored afterwards; moves come from
    ``random.Random(seed)``.
    """
    import dominoes

    rng = random.Random(seed)
    saved_state = random.getstate()
    random.seed(seed)
    try:
        start = time.perf_counter()
        for _ in range(hands):
            game = dominoes.Game.new()
            while game.result is None:
                game.make_move(*rng.choice(game.valid_moves))
        elapsed = time.perf_counter() - start
    finally:
        random.setstate(saved_state)
    return hands / elapsed


def openspiel_hands_per_second(game_name: str, hands: int, seed: int) -> float:
    """Play ``hands`` random hands of an OpenSpiel Python dominoes game; return hands/s.

    ``game_name`` is ``"python_block_dominoes"`` or ``"python_team_dominoes"``.
    """
    if game_name not in OPENSPIEL_GAMES:
        raise ValueError(f"unknown game {game_name!r}; expected one of {sorted(OPENSPIEL_GAMES)}")
    import pyspiel
    from open_spiel.python import games  # noqa: F401  (registers the python_* games)

    game = pyspiel.load_game(game_name)
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, weights=probabilities)[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
    elapsed = time.perf_counter() - start
    return hands / elapsed


def measure_all(hands: int, seed: int) -> list[Measurement]:
    """Measure every third-party engine once."""
    results = [
        Measurement(
            "dominoes 6.1.0",
            "partnership",
            4,
            hands,
            dominoes_hands_per_second(hands, seed),
        )
    ]
    for game_name, players in OPENSPIEL_GAMES.items():
        results.append(
            Measurement(
                "OpenSpiel 2.0.2",
                game_name,
                players,
                hands,
                openspiel_hands_per_second(game_name, hands, seed),
            )
        )
    return results


def format_table(results: Sequence[Measurement]) -> str:
    """Render measurements as a plain-text table."""
    header = ("engine", "game", "players", "hands", "hands/s")
    rows = [
        (r.engine, r.game, str(r.players), str(r.hands), f"{r.hands_per_second:,.0f}")
        for r in results
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [
            cell.rjust(width) if i >= 2 else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=2000, help="hands per engine (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    try:
        results = measure_all(args.hands, args.seed)
    except ImportError as error:
        print(
            f"missing benchmark dependency ({error.name}); install with:\n"
            "  .tools/bin/uv sync --locked --extra cli --extra test --extra bench",
            file=sys.stderr,
        )
        return 2
    print(format_table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
