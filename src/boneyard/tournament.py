"""Tournaments with duplicate deals: which agent plays a game better, and by how much.

Every deal is played once per rotation of the seats, so that each agent holds each hand of the deal
(partners stay together: an agent plays both seats of a side). Luck of the deal cancels out of the
comparison; what remains is play. Per agent the tournament reports the win rate (hands its side
won), points per hand with a 95% confidence interval over deals, a Bradley-Terry rating from the
hands won against each other agent (on the Elo scale, 1500 on average), and the median and largest
time it took to choose a move.

>>> from boneyard.games import get_game
>>> rules = get_game("block").configure(players=2)
>>> result = run_tournament(rules, ["greedy", "random"], deals=40, seed=1, workers=1)
>>> [a.name for a in result.agents], result.hands
(['greedy', 'random'], 80)
>>> result.to_json()["agents"][0].keys() >= {"name", "win_rate", "points_per_hand", "ci95"}
True
"""

from __future__ import annotations

import math
import multiprocessing
import random
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .agents import Agent, make_agent
from .match import Match
from .record import match_to_record, write_records
from .rules.base import Rules
from .sim import SimulationError, unit_seed

__all__ = ["AgentStats", "TournamentResult", "run_tournament"]

MIN_DEALS_PER_WORKER = 50


@dataclass
class AgentStats:
    """One agent's results over the whole tournament."""

    name: str
    hands: int = 0
    wins: int = 0
    points: float = 0.0
    per_deal: list[float] = field(default_factory=list)
    move_ms: list[float] = field(default_factory=list)
    rating: float = 1500.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """95% interval of the points per hand, over deals (normal approximation)."""
        values = self.per_deal
        mean = statistics.fmean(values) if values else 0.0
        if len(values) < 2:
            return (mean, mean)
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
        return (mean - half, mean + half)

    def to_json(self) -> dict[str, Any]:
        low, high = self.ci95
        return {
            "name": self.name,
            "hands": self.hands,
            "win_rate": round(self.win_rate, 4),
            "points_per_hand": round(self.points_per_hand, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "rating": round(self.rating, 1),
            "median_move_ms": round(statistics.median(self.move_ms), 4) if self.move_ms else 0.0,
            "max_move_ms": round(max(self.move_ms), 4) if self.move_ms else 0.0,
        }


@dataclass
class TournamentResult:
    game: str
    rules: str
    deals: int
    hands: int
    agents: list[AgentStats]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules": self.rules,
            "deals": self.deals,
            "hands": self.hands,
            "agents": [a.to_json() for a in self.agents],
        }


@dataclass(frozen=True)
class _Job:
    rules: Rules
    names: tuple[str, ...]
    seed: int
    keep_records: bool


@dataclass
class _Part:
    """One worker's share: per agent totals, per-deal points, pairwise wins, times, records."""

    hands: int
    wins: list[int]
    points: list[float]
    counts: list[int]
    per_deal: list[list[float]]
    beats: list[list[int]]
    move_ms: list[list[float]]
    records: list[dict[str, Any]]


def lineups(rules: Rules, agents: int) -> list[list[int]]:
    """For each rotation, the agent index playing each side."""
    sides = len(rules.sides)
    if agents > sides:
        raise SimulationError(
            f"{agents} agents for {sides} sides: a tournament needs at most one agent per side"
        )
    base = [i % agents for i in range(sides)]
    return [[base[(side + r) % sides] for side in range(sides)] for r in range(sides)]


def _play_deals(job: _Job, first: int, stop: int) -> _Part:
    rules = job.rules
    k = len(job.names)
    agents: list[Agent] = [make_agent(n) for n in job.names]
    rotations = lineups(rules, k)
    part = _Part(
        0, [0] * k, [0.0] * k, [0] * k, [], [[0] * k for _ in range(k)], [[] for _ in range(k)], []
    )
    side_of = rules.side_of
    clock = time.perf_counter
    for deal in range(first, stop):
        deal_seed = unit_seed(job.seed, deal)
        deal_points = [0.0] * k
        deal_counts = [0] * k
        for r, lineup in enumerate(rotations):
            match = Match(rules, rng=random.Random(deal_seed))  # the same deal every rotation
            rng = random.Random(deal_seed * 31 + r + 1)
            seat_agent = [lineup[side_of[s]] for s in range(rules.players)]
            state = match.hand
            while not state.over:
                legal = state.legal_tuple()
                if len(legal) == 1:
                    state.apply(legal[0])
                    continue
                seat = state.turn
                who = seat_agent[seat]
                obs = state.observation(seat)
                start = clock()
                action = agents[who].choose(obs, rng)
                part.move_ms[who].append((clock() - start) * 1000.0)
                state.apply(action)
            result = state.result
            assert result is not None
            part.hands += 1
            for side, who in enumerate(lineup):
                part.points[who] += result.points[side]
                part.counts[who] += 1
                deal_points[who] += result.points[side]
                deal_counts[who] += 1
            if result.winner is not None:
                winner = lineup[result.winner]
                part.wins[winner] += 1
                for side, who in enumerate(lineup):
                    if who != winner and side != result.winner:
                        part.beats[winner][who] += 1
            if job.keep_records:
                names = [f"{job.names[seat_agent[s]]}-{s}" for s in range(rules.players)]
                part.records.append(match_to_record(match, names, {"deal": deal, "rotation": r}))
        part.per_deal.append(
            [p / c if c else math.nan for p, c in zip(deal_points, deal_counts, strict=True)]
        )
    return part


def bradley_terry(beats: list[list[int]], iterations: int = 200) -> list[float]:
    """Elo-scale ratings (mean 1500) fitted to pairwise wins by the MM algorithm. An agent that
    never wins is given a small share so the scale stays finite."""
    k = len(beats)
    strength = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            won = sum(beats[i]) + 0.5  # a half win against nobody keeps every strength positive
            games = sum(
                (beats[i][j] + beats[j][i]) / (strength[i] + strength[j])
                for j in range(k)
                if j != i
            )
            new.append(won / games if games else strength[i])
        mean_log = statistics.fmean(math.log(s) for s in new)
        strength = [s / math.exp(mean_log) for s in new]
    return [1500.0 + 400.0 * math.log10(s) for s in strength]


def run_tournament(
    rules: Rules,
    agent_names: list[str],
    deals: int,
    seed: int = 0,
    workers: int = 1,
    save: str | Path | None = None,
) -> TournamentResult:
    """Play ``deals`` duplicate deals between the agents (see the module docstring)."""
    names = [n.strip() for n in agent_names if n.strip()]
    if len(names) < 2:
        raise SimulationError("a tournament needs at least two agents")
    if len(set(names)) != len(names):
        raise SimulationError("each agent may enter a tournament once")
    if deals < 1:
        raise SimulationError("the number of deals must be >= 1")
    for n in names:
        make_agent(n)
    lineups(rules, len(names))
    if save is not None and Path(save).suffix != ".jsonl":
        raise SimulationError(f"{save}: a tournament saves one record per hand: use a .jsonl file")
    job = _Job(rules, tuple(names), seed, save is not None)
    workers = max(1, min(workers, deals // MIN_DEALS_PER_WORKER or 1))
    if workers == 1:
        parts = [_play_deals(job, 0, deals)]
    else:
        bounds = [deals * w // workers for w in range(workers + 1)]
        ctx = multiprocessing.get_context(
            "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        )
        with ctx.Pool(workers) as pool:
            parts = pool.starmap(
                _play_deals, [(job, bounds[w], bounds[w + 1]) for w in range(workers)]
            )
    k = len(names)
    stats = [AgentStats(n) for n in names]
    beats = [[0] * k for _ in range(k)]
    hands = 0
    records: list[dict[str, Any]] = []
    for part in parts:
        hands += part.hands
        for i in range(k):
            stats[i].hands += part.counts[i]
            stats[i].wins += part.wins[i]
            stats[i].points += part.points[i]
            stats[i].move_ms.extend(part.move_ms[i])
            for j in range(k):
                beats[i][j] += part.beats[i][j]
        for row in part.per_deal:
            for i in range(k):
                if not math.isnan(row[i]):
                    stats[i].per_deal.append(row[i])
        records.extend(part.records)
    for s, rating in zip(stats, bradley_terry(beats), strict=True):
        s.rating = rating
    if save is not None:
        write_records(save, records)
    return TournamentResult(rules.game.id, rules.rule_set, deals, hands, stats)


def tournament_text(result: TournamentResult) -> str:
    """The tournament table for people."""
    lines = [
        f"{result.game} ({result.rules}): {result.deals} duplicate deals, {result.hands} hands",
        f"{'agent':<12} {'hands':>6} {'win %':>6} {'points/hand':>12} {'95% interval':>18} "
        f"{'rating':>7} {'median ms':>10} {'max ms':>9}",
    ]
    for a in sorted(result.agents, key=lambda a: -a.rating):
        data = a.to_json()
        low, high = data["ci95"]
        lines.append(
            f"{a.name:<12} {a.hands:>6} {100 * a.win_rate:>5.1f}% {a.points_per_hand:>12.2f} "
            f"{f'[{low:.2f}, {high:.2f}]':>18} {a.rating:>7.0f} {data['median_move_ms']:>10.3f} "
            f"{data['max_move_ms']:>9.3f}"
        )
    return "\n".join(lines)
