"""Engine throughput: boneyard's compiled and pure-Python engines against the public dominoes
engines, side by side in one run.

Every boneyard figure is a *whole process* playing N random hands on one worker, timed from outside
with the wall clock (start-up, imports and dealing included), the way a user runs it:
``boneyard simulate GAME --hands N --agents random --workers 1 --json``. Its peak memory (the
process's largest resident set) is reported too: the same for a million hands as for a few
thousand. For every game the compiled core plays (:mod:`boneyard.core.kernel`) there are two rows:
the compiled core at ``--hands`` (1,000,000 by default) and the pure-Python engine
(``BONEYARD_PURE=1``) at ``--pure-hands`` (20,000; it is about a hundred times slower). A game the
core does not play has a pure row only.

The third-party engines are timed by their own loop (``third_party.py``: their start-up is not
counted, which favours them), at ``--their-hands`` hands:

* ``dominoes`` (PyPI): random 4-player partnership hands, its only game (Puerto Rico rules);
* OpenSpiel (PyPI ``open_spiel``): ``python_block_dominoes`` (2 players) and
  ``python_team_dominoes`` (4).

Run it with one command (it installs the ``bench`` extra first)::

    benchmarks/run engine [--hands 1000000] [--pure-hands 20000] [--their-hands 20000]

``--against SRC`` (the ``src`` folder of another checkout, e.g. of ``git worktree add /tmp/before
main``) adds, beside every pure-Python row, the same row run on that tree's engine, interleaved with
this one's (before, after, before, after: the faster of each pair), so that a change of the engine
is measured side by side in one run, under the same load; ``vs`` then gives the ratio to two
decimals.
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

# OpenSpiel's python_block_dominoes in boneyard's options (bridges.OPENSPIEL_BLOCK_OPTIONS): seven
# tiles each, the other fourteen never drawn, any tile led, the winner scores the loser's pips.
OPENSPIEL_BLOCK = [
    "block", "--players", "2", "-o", "hand_size=7", "-o", "first_lead=random", "-o",
    "lead_tile=any", "-o", "blocked_scoring=opponents",
]  # fmt: skip

# (label, simulate arguments, the third-party engine it is compared with)
GAMES: list[tuple[str, list[str], str]] = [
    ("block (OpenSpiel's rules)", OPENSPIEL_BLOCK, "OpenSpiel python_block_dominoes"),
    ("block", ["block"], ""),
    ("draw", ["draw"], ""),
    ("partnership puerto-rico", ["partnership", "--rules", "puerto-rico"], "dominoes partnership"),
    ("partnership latin", ["partnership", "--rules", "latin"], "OpenSpiel python_team_dominoes"),
    ("muggins", ["muggins"], ""),
    ("muggins foster (claims)", ["muggins", "--rules", "foster"], ""),
    ("all-threes", ["all-threes"], ""),
    ("fives-and-threes", ["fives-and-threes"], ""),
    ("matador", ["matador"], ""),
    ("domino-whist", ["domino-whist"], ""),
    ("domino-pool", ["domino-pool"], ""),
    ("bergen", ["bergen"], ""),
    ("sebastopol", ["sebastopol"], ""),
    ("mexican-train", ["mexican-train"], ""),
    ("chicken-foot", ["chicken-foot"], ""),
    ("domino-loo", ["domino-loo"], ""),
    ("texas-42", ["texas-42"], ""),
]

THEIRS = [
    ("dominoes", "partnership", 4),
    ("OpenSpiel", "python_block_dominoes", 2),
    ("OpenSpiel", "python_team_dominoes", 4),
]


@dataclass
class Row:
    engine: str
    game: str
    players: int
    hands: int
    seconds: float
    compare_with: str = ""
    peak_mb: float | None = None

    @property
    def rate(self) -> float:
        return self.hands / self.seconds


def _timed(cmd: Sequence[str], env: dict[str, str] | None = None) -> tuple[float, str, str]:
    start = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env)
    return time.perf_counter() - start, out.stdout, out.stderr


# The boneyard command, reporting its peak resident memory (KiB) on standard error as it exits.
BONEYARD = (
    "import atexit, resource, sys; atexit.register(lambda: print('peak', "
    "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)); "
    "from boneyard.apps.cli import main; main()"
)


def boneyard_row(
    label: str, args: list[str], hands: int, compiled: bool, seed: int, src: str | None = None
) -> Row:
    cmd = [sys.executable, "-c", BONEYARD, "simulate", *args]
    cmd += ["--hands", str(hands), "--agents", "random", "--seed", str(seed), "--json"]
    cmd += ["--workers", "1"]
    env = dict(os.environ)
    if compiled:
        env.pop("BONEYARD_PURE", None)
    else:
        env["BONEYARD_PURE"] = "1"
    if src is not None:
        env["PYTHONPATH"] = src  # another tree's engine, ahead of the installed one
    seconds, out, err = _timed(cmd, env)
    data = json.loads(out)
    peak = int(err.split("peak")[-1].split()[0]) / 1024
    engine = data.get("engine", "python")
    if engine != ("compiled" if compiled else "python"):
        raise AssertionError(f"{label}: simulate ran the {engine} engine")
    players = sum(len(side) for side in data["sides"])
    name = "boneyard compiled" if compiled else "boneyard pure Python"
    return Row(name, label, players, hands, seconds, peak_mb=peak)


def third_party_rate(engine: str, game: str, hands: int, seed: int) -> float:
    """Hands per second of a third-party engine, timed by its own loop."""
    if engine == "dominoes":
        call = f"t.dominoes_hands_per_second({hands}, {seed})"
    else:
        call = f"t.openspiel_hands_per_second({game!r}, {hands}, {seed})"
    code = f"import sys; sys.path.insert(0, {str(HERE)!r}); import third_party as t; print({call})"
    _, out, _ = _timed([sys.executable, "-c", code])
    return float(out.strip())


def compiled_games() -> set[str]:
    """The games whose default rules the compiled core plays here (none if it is not built)."""
    code = (
        "from boneyard.core import kernel; from boneyard.games import GAMES; "
        "print(','.join(g for g in GAMES if kernel.supports(GAMES[g].configure())))"
    )
    try:
        _, out, _ = _timed([sys.executable, "-c", code])
    except subprocess.CalledProcessError:
        return set()
    return set(out.strip().split(",")) - {""}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="boneyard engine throughput against other engines")
    parser.add_argument("--hands", type=int, default=1_000_000, help="compiled rows (1000000)")
    parser.add_argument("--pure-hands", type=int, default=20_000, help="pure rows (20000)")
    parser.add_argument("--their-hands", type=int, default=20_000, help="third party (20000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", help="comma-separated labels' first words (default: all)")
    parser.add_argument("--ours-only", action="store_true", help="skip the third-party engines")
    parser.add_argument(
        "--against", metavar="SRC", help="also time the pure rows on this src folder, interleaved"
    )
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    theirs: dict[str, Row] = {}
    rows: list[Row] = []
    if not args.ours_only:
        for engine, game, players in THEIRS:
            try:
                rate = third_party_rate(engine, game, args.their_hands, args.seed)
            except subprocess.CalledProcessError as e:
                print(f"{engine} {game}: not measured ({e.stderr.strip().splitlines()[-1]})")
                continue
            row = Row(engine, game, players, args.their_hands, args.their_hands / rate)
            theirs[f"{engine} {game}"] = row
            rows.append(row)
    compiled = compiled_games()
    wanted = {g.strip() for g in args.games.split(",")} if args.games else None
    for label, game_args, compare in GAMES:
        if wanted is not None and label.split()[0] not in wanted:
            continue
        if game_args[0] in compiled:
            row = boneyard_row(label, game_args, args.hands, True, args.seed)
            row.compare_with = compare
            rows.append(row)
        if args.against:
            # Interleaved pairs, the faster of each: a load that changes hits both trees alike.
            pairs = [
                (
                    boneyard_row(label, game_args, args.pure_hands, False, args.seed, args.against),
                    boneyard_row(label, game_args, args.pure_hands, False, args.seed),
                )
                for _ in range(2)
            ]
            before = min((p[0] for p in pairs), key=lambda r: r.seconds)
            row = min((p[1] for p in pairs), key=lambda r: r.seconds)
            before.engine = f"pure Python, {args.against}"
            rows.append(before)
            theirs[f"{before.engine} {label}"] = before
            row.compare_with = f"{before.engine} {label}"
        else:
            row = boneyard_row(label, game_args, args.pure_hands, False, args.seed)
            row.compare_with = compare
        rows.append(row)
    print(
        f"Random self-play on one worker ({os.cpu_count()} cores; load average {load:.2f} before "
        f"the run). boneyard: whole processes, start-up included; third-party engines: their "
        "own loop, start-up not counted.\n"
    )
    print("| engine | game | players | hands | seconds | hands/s | vs | peak MB |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        ratio = ""
        other = theirs.get(r.compare_with)
        if other is not None:
            digits = 2 if args.against else 1
            ratio = f"{r.rate / other.rate:.{digits}f}x {other.engine} {other.game}"
        peak = "" if r.peak_mb is None else f"{r.peak_mb:.0f}"
        print(
            f"| {r.engine} | {r.game} | {r.players} | {r.hands:,} | {r.seconds:.2f} | "
            f"{r.rate:,.0f} | {ratio} | {peak} |"
        )
    print(f"\nLoad average after the run: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
