"""The learned player's strength: ``learned`` against ``greedy``, ``casual`` and ``expert``.

For every game the learned player has weights for (two-player Block and the four-player
partnership game), and every opponent, deals are played as duplicate pairs, exactly as
``strength.py duel`` plays them: each deal twice, the learned player on one side and then on the
other (four players: at seats 0 and 2, then 1 and 3), the same hands and the same first lead. The
unit of the statistics is the pair: the mean of the learned side's points minus the other side's
over its two hands. The table gives the mean per hand with its 95% interval (1.96 sd / sqrt(pairs)),
the deals and hands counted, the hands won, drawn and lost, and each player's median time per move
(moves with a choice only). Deal ``i`` is seeded from ``(--seed, i)`` alone.

``--deals`` pairs are played for each opponent, or fewer where ``--minutes`` (per game and
opponent) runs out first: the search players (``casual``, ``expert``) spend a set time per move,
so the table says how many deals each row counted. The weights' training record (seed, updates,
wall and processor minutes) is printed under the table.

Run: ``benchmarks/run learned --deals 200 --minutes 10`` (or ``.venv/bin/python
benchmarks/learned.py ...``); ``--json FILE`` keeps the figures.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from importlib import resources
from typing import Any

from boneyard.research.env.policy import load_policy
from boneyard.research.learned import trained_for
from strength import (
    DuelJob,
    PairResult,
    _context,
    _interval,
    _signed,
    duel_unit,
    game_label,
    game_rules,
    markdown,
    ms_stats,
    summarize,
)

HEADER = [
    "game",
    "opponent",
    "deals",
    "hands",
    "learned minus opponent, points/hand",
    "95% CI",
    "won / drawn / lost",
    "learned ms/move (median, mean)",
    "opponent ms/move (median)",
]


def play(job: DuelJob, minutes: float, workers: int) -> tuple[list[PairResult], float]:
    """Up to ``job.deals`` pairs, in deal order, stopping when ``minutes`` have passed (the deals
    finished by then count, the first ones in order); the wall time taken."""
    start = time.perf_counter()
    out: list[PairResult] = []
    if workers <= 1:
        for i in range(job.deals):
            out.append(duel_unit(job, i))
            if time.perf_counter() - start > minutes * 60:
                break
        return out, time.perf_counter() - start
    pool = _context().Pool(workers)
    try:
        for result in pool.imap(lambda_unit, ((job, i) for i in range(job.deals))):
            out.append(result)
            if time.perf_counter() - start > minutes * 60:
                break
    finally:
        pool.terminate()
    return out, time.perf_counter() - start


def lambda_unit(args: tuple[DuelJob, int]) -> PairResult:
    return duel_unit(*args)


def row(game: str, opponent: str, results: Sequence[PairResult]) -> tuple[list[str], Any]:
    s = summarize(results)
    ours, theirs = ms_stats(s.ours_ms), ms_stats(s.theirs_ms)
    mean_ms = sum(s.ours_ms) / len(s.ours_ms) if s.ours_ms else 0.0
    cells = [
        game_label(game),
        opponent,
        str(s.pairs),
        str(s.hands),
        _signed(s.mean),
        _interval(*s.ci95),
        f"{s.won} / {s.drawn} / {s.lost}",
        f"{ours['median']:.2f}, {mean_ms:.2f}",
        f"{theirs['median']:.2f}",
    ]
    return cells, {**s.to_json(), "game": game, "opponent": opponent, "ours_mean_ms": mean_ms}


def training_notes() -> list[str]:
    notes = []
    folder = resources.files("boneyard.research.learned") / "weights"
    for (game, players), name in trained_for().items():
        with resources.as_file(folder / name) as path:
            meta = load_policy(path).meta
        notes.append(
            f"{game} ({players} players): seed {meta['seed']}, {meta['updates']} updates, "
            f"{meta['minutes']} min wall, {meta['cpu_minutes']} min of one core's processor time "
            f"(`{meta['command']}`)"
        )
    return notes


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--opponents", default="greedy,casual,expert")
    ap.add_argument("--games", default="", help="game ids (default: every game it plays)")
    ap.add_argument("--deals", type=int, default=200, help="duplicate pairs per row, at most")
    ap.add_argument("--minutes", type=float, default=10.0, help="per row, at most")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", default="")
    args = ap.parse_args(argv)
    games = [g for g, _ in trained_for()]
    if args.games:
        games = [g for g in games if g in args.games.split(",")]
    rows, figures = [], []
    for game in games:
        players = game_rules(game).players
        if (game, players) not in trained_for():
            print(f"{game}: its default table has {players} players, not trained for: skipped")
            continue
        for opponent in args.opponents.split(","):
            job = DuelJob(game, "learned", opponent, args.deals, args.seed)
            results, seconds = play(job, args.minutes, args.workers)
            cells, data = row(game, opponent, results)
            rows.append(cells)
            figures.append({**data, "seconds": round(seconds, 1)})
            print(" | ".join(cells), f"({seconds:.0f} s)", flush=True)
    print()
    print(markdown(HEADER, rows))
    notes = training_notes()
    for note in notes:
        print(f"- {note}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": figures, "training": notes, "seed": args.seed}, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
