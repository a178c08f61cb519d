"""Texas 42: the expert (``texas-expert``: sampled deals solved exactly, issue 34) against the
game's own player (``texas``, the strategy notes) on duplicate deals.

Each deal (seeded from ``(--seed, deal index)`` alone, the shaker turning round the table with the
index) is played twice under the rule set's rules, one hand each (the first hand of a match,
scored on its own): the expert at seats 0 and 2 and ``texas`` at 1 and 3, then the other way
round. Per deal the unit is the mean over its two hands of the expert's side's marks less the
other side's. The table gives the marks per hand with a 95% interval over deals (1.96 sd /
sqrt(n)), the hands won, drawn (all four passed, ``hearne``) and lost, the bids each player won
and the share of them set (its voluntary bids, and those the shaker was forced to make), and the
time per move with a choice, processor time of the process and wall time, median and largest, for
each player. The machine's load average is printed before and after.

Every deal's result is written to ``--out`` (JSON lines) as it ends, so a run stopped by
``--minutes`` (no deal is started after) or by hand keeps what it measured;
``--summary FILE`` prints the table of such a file.

Run: ``benchmarks/run texas42 --deals 200 --workers 2`` (or ``.venv/bin/python
benchmarks/texas42.py ...``).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import statistics
import time
from collections.abc import Iterator, Sequence
from typing import Any

from boneyard.core.protocol import HandStart
from boneyard.games import get_game
from boneyard.players.agents import make_agent

OURS = "texas-expert"
THEIRS = "texas"


def play_hand(rule_set: str, seed: int, index: int, ours_side: int) -> dict[str, Any]:
    """One hand of the deal ``(seed, index)`` with the expert on ``ours_side``."""
    rules: Any = get_game("texas-42").configure(rule_set)
    rng = random.Random(f"{seed}:{index}")
    hands, _ = rules.deal(rng)
    state: Any = rules.start_hand(HandStart(hands, [], index % 4))
    agents = {OURS: make_agent(OURS), THEIRS: make_agent(THEIRS)}
    times: dict[str, list[tuple[float, float]]] = {OURS: [], THEIRS: []}
    play_rng = random.Random(f"{seed}:{index}:play")
    while not state.over:
        seat = state.turn
        name = OURS if rules.side_of[seat] == ours_side else THEIRS
        obs = state.observation(seat)
        cpu, wall = time.process_time(), time.perf_counter()
        action = agents[name].choose(obs, play_rng)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        if len(obs.legal_actions) > 1:
            times[name].append((cpu, wall))
        state.apply(action)
    table = state.table
    result = state.result
    points = result.points
    bidder = table.bidder
    bid: dict[str, Any] | None = None
    if table.high is not None:
        forced = len(table.bids) == 4 and all(b is None for _, b in table.bids[:3])
        bid = {
            "by": OURS if rules.side_of[bidder] == ours_side else THEIRS,
            "points": table.high.points,
            "declared": str(table.declaration),
            "set": result.ended == "set",
            "forced": forced,
        }
    net = points[ours_side] - points[1 - ours_side]
    return {"net": net, "bid": bid, "times": times}


def play_deal(job: tuple[str, int, int]) -> dict[str, Any]:
    rule_set, seed, index = job
    hands = [play_hand(rule_set, seed, index, side) for side in (0, 1)]
    return {"deal": index, "hands": hands, "mean": sum(h["net"] for h in hands) / 2}


def ci95(values: Sequence[float]) -> tuple[float, float]:
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, m
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return m - half, m + half


def summary(records: list[dict[str, Any]], rule_set: str) -> str:
    means = [r["mean"] for r in records]
    lo, hi = ci95(means)
    nets = [h["net"] for r in records for h in r["hands"]]
    won = sum(1 for n in nets if n > 0)
    lost = sum(1 for n in nets if n < 0)
    lines = [
        f"Texas 42 ({rule_set}): {OURS} against {THEIRS}, {len(records)} duplicate deals "
        f"({len(nets)} hands)",
        "",
        "| deals | hands | marks per hand (expert less texas) | 95% CI | won / no score / lost |",
        "|---|---|---|---|---|",
        f"| {len(records)} | {len(nets)} | {statistics.fmean(means):+.3f} | "
        f"[{lo:+.3f}, {hi:+.3f}] | {won} / {len(nets) - won - lost} / {lost} |",
        "",
        "| player | bids won (voluntary) | set | share set | forced bids | set | "
        "ms/move CPU median, max | ms/move wall median, max |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name in (OURS, THEIRS):
        bids = [
            h["bid"] for r in records for h in r["hands"] if h["bid"] and h["bid"]["by"] == name
        ]
        free = [b for b in bids if not b["forced"]]
        forced = [b for b in bids if b["forced"]]
        set_free = sum(1 for b in free if b["set"])
        set_forced = sum(1 for b in forced if b["set"])
        share = f"{100 * set_free / len(free):.1f}%" if free else "-"
        times = [t for r in records for h in r["hands"] for t in h["times"][name]]
        cpu = sorted(1000 * c for c, _ in times) or [0.0]
        wall = sorted(1000 * w for _, w in times) or [0.0]
        lines.append(
            f"| {name} | {len(free)} | {set_free} | {share} | {len(forced)} | {set_forced} | "
            f"{statistics.median(cpu):.1f}, {cpu[-1]:.0f} | "
            f"{statistics.median(wall):.1f}, {wall[-1]:.0f} |"
        )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    jobs = [(args.rules, args.seed, args.first + i) for i in range(args.deals)]
    stop = time.monotonic() + 60 * args.minutes if args.minutes else None
    if args.workers <= 1:
        for job in jobs:
            if stop is not None and time.monotonic() > stop:
                return
            yield play_deal(job)
        return
    with multiprocessing.Pool(args.workers) as pool:
        pending = iter(jobs)
        running = []
        for _ in range(args.workers):
            job = next(pending, None)
            if job is not None:
                running.append(pool.apply_async(play_deal, (job,)))
        while running:
            result = running.pop(0).get()
            yield result
            if stop is None or time.monotonic() < stop:
                job = next(pending, None)
                if job is not None:
                    running.append(pool.apply_async(play_deal, (job,)))


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=3442)
    p.add_argument("--first", type=int, default=0, help="the index of the first deal (0)")
    p.add_argument("--rules", default="austin42")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--minutes", type=float, default=0.0, help="start no deal after this")
    p.add_argument("--out", default="texas42-duel.jsonl")
    p.add_argument("--summary", help="print the table of an --out file and stop")
    args = p.parse_args(argv)
    if args.summary:
        with open(args.summary) as f:
            records = [json.loads(line) for line in f if line.strip()]
        print(summary(records, args.rules))
        return 0
    print(f"load average before: {os.getloadavg()}; {os.cpu_count()} cores")
    started = time.monotonic()
    records: list[dict[str, Any]] = []
    with open(args.out, "w") as out:
        for record in run(args):
            records.append(record)
            out.write(json.dumps(record) + "\n")
            out.flush()
    print(f"load average after: {os.getloadavg()}; {time.monotonic() - started:.0f} s")
    print(
        f"command: benchmarks/run texas42 --deals {args.deals} --seed {args.seed} "
        f"--rules {args.rules} --workers {args.workers}"
    )
    print(summary(records, args.rules))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
