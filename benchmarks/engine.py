"""Engine throughput: boneyard against the public dominoes engines, side by side.

Every figure is a *whole process* playing N random hands (start-up, imports and dealing included),
timed from outside with the wall clock, so the engines are compared the way a user would run them:

* boneyard: ``boneyard simulate GAME --hands N --agents random --json`` (agents see only their
  observations), with one worker and with one worker per core;
* ``dominoes`` (PyPI): random 4-player partnership hands, its only game (Puerto Rico rules);
* OpenSpiel (PyPI ``open_spiel``): ``python_block_dominoes`` (2 players) and
  ``python_team_dominoes`` (4).

boneyard's ``muggins`` (pagat All Fives: the count after every play, the first double a spinner,
drawing) is measured too; no third-party engine plays a counting game, so it has no comparison.

Run it with one command (it installs the ``bench`` extra first)::

    benchmarks/run engine [--hands 20000]

or, with the bench extra installed, ``.venv/bin/python benchmarks/engine.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (our game, our arguments, the third-party engine and game it is compared with)
OURS: list[tuple[str, list[str], str]] = [
    ("block", ["block", "--players", "2"], "OpenSpiel python_block_dominoes"),
    ("draw", ["draw", "--players", "2"], ""),
    ("partnership", ["partnership", "--rules", "puerto-rico"], "dominoes partnership"),
    ("partnership", ["partnership", "--rules", "latin"], "OpenSpiel python_team_dominoes"),
    # The counting game with the most to do per play (the count after every tile, a spinner with
    # four arms, drawing); no public engine plays it.
    ("muggins", ["muggins", "--players", "2"], ""),
]


@dataclass
class Row:
    engine: str
    game: str
    players: int
    hands: int
    seconds: float
    compare_with: str = ""

    @property
    def rate(self) -> float:
        return self.hands / self.seconds


def _timed(cmd: Sequence[str]) -> tuple[float, str]:
    start = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True)
    return time.perf_counter() - start, out.stdout


def boneyard_row(args: list[str], hands: int, workers: int | None, seed: int) -> Row:
    cmd = [sys.executable, "-c", "from boneyard.apps.cli import main; main()", "simulate", *args]
    cmd += ["--hands", str(hands), "--agents", "random", "--seed", str(seed), "--json"]
    if workers is not None:
        cmd += ["--workers", str(workers)]
    seconds, out = _timed(cmd)
    data = json.loads(out)
    players = sum(len(side) for side in data["sides"])
    label = f"boneyard ({workers or os.cpu_count()} worker{'s' if (workers or 2) > 1 else ''})"
    return Row(label, " ".join(args[:1] + args[2:3]), players, hands, seconds)


def third_party_row(engine: str, game: str, players: int, hands: int, seed: int) -> Row:
    if engine == "dominoes":
        call = f"t.dominoes_hands_per_second({hands}, {seed})"
    else:
        call = f"t.openspiel_hands_per_second({game!r}, {hands}, {seed})"
    code = f"import sys; sys.path.insert(0, {str(HERE)!r}); import third_party as t; {call}"
    seconds, _ = _timed([sys.executable, "-c", code])
    return Row(engine, game, players, hands, seconds)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="boneyard engine throughput against other engines")
    parser.add_argument("--hands", type=int, default=20_000, help="hands per run (default 20000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--ours-only", action="store_true", help="skip the third-party engines (not installed)"
    )
    args = parser.parse_args(argv)
    rows: list[Row] = []
    theirs: dict[str, Row] = {}
    if not args.ours_only:
        for engine, game, players in [
            ("dominoes", "partnership", 4),
            ("OpenSpiel", "python_block_dominoes", 2),
            ("OpenSpiel", "python_team_dominoes", 4),
        ]:
            try:
                row = third_party_row(engine, game, players, args.hands, args.seed)
            except subprocess.CalledProcessError as e:
                print(f"{engine} {game}: not measured ({e.stderr.strip().splitlines()[-1]})")
                continue
            theirs[f"{engine} {game}"] = row
            rows.append(row)
    for _game, ours_args, compare in OURS:
        for workers in (1, None):
            row = boneyard_row(ours_args, args.hands, workers, args.seed)
            row.compare_with = compare
            rows.append(row)
    print(
        f"Random self-play, whole processes, {args.hands:,} hands each ({os.cpu_count()} cores)\n"
    )
    header = ("engine", "game", "players", "seconds", "hands/s", "vs")
    table = []
    for r in rows:
        ratio = ""
        other = theirs.get(r.compare_with)
        if other is not None:
            ratio = f"{r.rate / other.rate:.1f}x {other.engine} {other.game}"
        table.append(
            (r.engine, r.game, str(r.players), f"{r.seconds:.2f}", f"{r.rate:,.0f}", ratio)
        )
    widths = [max(len(x[i]) for x in [header, *table]) for i in range(len(header))]
    for line in [header, tuple("-" * w for w in widths), *table]:
        print("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
