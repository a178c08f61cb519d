"""Tournaments with duplicate deals: which agent plays a game better, and by how much.

Every deal is played once per rotation of the seats, so that each agent holds each hand of the deal
(partners stay together: an agent plays both seats of a side). Luck of the deal cancels out of the
comparison; what remains is play. Per agent the tournament reports the win rate (hands its side
won), points per hand with a 95% confidence interval over deals, a Bradley-Terry rating from the
hands won against each other agent (on the Elo scale, 1500 on average), and the median and largest
time it took to choose a move.

Every rotation of a deal is dealt from the deal's own stream (:class:`~boneyard.core.stream.Stream`
seeded :func:`~boneyard.core.stream.unit_seed`), and its agents draw from substream ``r`` of it.
Where every agent is one the compiled core plays and the core plays the game, the hands are played
inside it (:func:`boneyard.core.kernel.play_hand`), with the same results; such a run has no move
times to report (``engine`` is ``compiled``), only its hands per second.

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
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..core import kernel
from ..core.i18n import _
from ..core.match import Match
from ..core.protocol import GameRules
from ..core.record import match_to_record
from ..core.stream import Stream, substream, unit_seed
from ..players.agents import Agent, make_agent, resolve_agent
from .parallel import Chunk
from .sim import Progress, SimulationError, agent_failed, hand_line, results_header, run_job
from .stats import DuplicateDeals, Moments, Number, bradley_terry, exact

__all__ = ["AgentStats", "MoveTimes", "TournamentResult", "run_tournament"]

MIN_DEALS_PER_WORKER = 50
COMPILED_DEALS_PER_WORKER = 5_000  # a deal's hands take microseconds in the compiled core


class MoveTimes:
    """Times to choose a move, in milliseconds: their count, the largest, and a histogram of bins
    1% wide (so the median is known to within 1% in little memory, whatever the number of moves).
    """

    RATIO = 1.01
    __slots__ = ("bins", "count", "largest")

    def __init__(self) -> None:
        self.count = 0
        self.largest = 0.0
        self.bins: dict[int, int] = {}

    def add(self, ms: float) -> None:
        self.count += 1
        if ms > self.largest:
            self.largest = ms
        b = math.floor(math.log(ms, self.RATIO)) if ms > 1e-6 else -1389  # 1e-6 ms
        self.bins[b] = self.bins.get(b, 0) + 1

    def merge(self, other: MoveTimes) -> None:
        self.count += other.count
        self.largest = max(self.largest, other.largest)
        for b, n in other.bins.items():
            self.bins[b] = self.bins.get(b, 0) + n

    @property
    def median(self) -> float:
        """The median time, to within 1% (the geometric middle of the median's bin)."""
        if not self.count:
            return 0.0
        half = (self.count + 1) / 2
        seen = 0
        for b in sorted(self.bins):
            seen += self.bins[b]
            if seen >= half:
                return min(math.pow(self.RATIO, b + 0.5), self.largest)
        return self.largest  # pragma: no cover - the bins hold every time


@dataclass
class AgentStats:
    """One agent's results over the whole tournament."""

    name: str
    hands: int = 0
    wins: int = 0
    points: float = 0.0
    per_deal: Moments = field(default_factory=Moments)
    move_ms: MoveTimes = field(default_factory=MoveTimes)
    rating: float = 1500.0
    rating_ci95: tuple[float, float] = (1500.0, 1500.0)

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """95% interval of the points per hand, over deals (normal approximation)."""
        return self.per_deal.ci95

    def to_json(self, times: bool = True) -> dict[str, Any]:
        """The agent's results; without ``times`` (a compiled run) the move times are null."""
        low, high = self.ci95
        return {
            "name": self.name,
            "hands": self.hands,
            "win_rate": round(self.win_rate, 4),
            "points_per_hand": round(self.points_per_hand, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "rating": round(self.rating, 1),
            "rating_ci95": list(self.rating_ci95),
            "median_move_ms": round(self.move_ms.median, 4) if times else None,
            "max_move_ms": round(self.move_ms.largest, 4) if times else None,
        }


@dataclass
class TournamentResult:
    game: str
    rules: str
    deals: int
    hands: int
    agents: list[AgentStats]
    seconds: float = 0.0
    played: int = 0  # hands played by this run (not read back from a results file)
    resumed: int = 0  # deals read back from a results file
    engine: str = "python"  # "compiled": played in the compiled core, no move times
    # Every two agents' paired difference over the deals (DuplicateDeals.pairs).
    pairs: list[dict[str, Any]] = field(default_factory=list)
    seating: str = ""  # how the agents are seated (seating_text), in English: the JSON's
    # The sides and the agents' names as given, for the seating in the reader's words.
    sides: int = 0
    names: tuple[str, ...] = ()
    debits: bool = False  # a game whose lowest total wins: its points are debits, counted negative

    @property
    def hands_per_second(self) -> float:
        """Hands played per second by this run."""
        return self.played / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "rules": self.rules,
            "deals": self.deals,
            "hands": self.hands,
            "agents": [a.to_json(times=self.engine == "python") for a in self.agents],
            "pairs": [{**p, "ci95": list(p["ci95"])} for p in self.pairs],
            "engine": self.engine,
            "seating": self.seating,
            # Higher is better in every game: a game of debits has its points negated.
            "points": "debits, negated" if self.debits else "points",
        }
        if self.engine == "compiled":
            out["hands_per_second"] = round(self.hands_per_second, 1)
        return out


@dataclass(frozen=True)
class _Job:
    rules: GameRules
    names: tuple[str, ...]
    seed: int
    records: bool  # a record in each results line
    save: bool  # records for --save
    compiled: bool = False  # played in the compiled core


def lineups(rules: GameRules, agents: int) -> list[list[int]]:
    """For each rotation, the agent index playing each side. With an agent per side, each agent
    holds each side once. With fewer agents than sides, the first agent (the one under test) holds
    one side and the others the rest in turn, and that one side goes round the table, so that the
    agent under test holds each side once against a field of the others (a two-agent tournament
    of three players is never two of one agent against one of the other)."""
    sides = len(rules.sides)
    if agents > sides:
        raise SimulationError(
            _(
                "{agents} agents for {sides} sides: a tournament needs at most one agent per side"
            ).format(agents=agents, sides=sides)
        )
    if agents == sides:
        base = list(range(sides))
    else:
        base = [0] + [1 + i % (agents - 1) for i in range(sides - 1)]
    return [[base[(side + r) % sides] for side in range(sides)] for r in range(sides)]


def seating_text(rules: GameRules, names: Sequence[str]) -> str:
    """How the agents are seated, in words (:func:`lineups`)."""
    sides = len(rules.sides)
    if len(names) == sides:
        return "seating: each agent holds each side once per deal"
    others = names[1:]
    field_ = others[0] if len(others) == 1 else " and ".join(others) + " in turn"
    return (
        f"seating: {names[0]} holds one side, {field_} the other {sides - 1}; "
        f"{names[0]}'s side goes round all {sides} per deal"
    )


def seating_words(sides: int, names: Sequence[str]) -> str:
    """How the agents are seated, in the reader's language (:func:`seating_text`)."""
    from ..core.i18n import _

    if len(names) == sides:
        return _("seating: each agent holds each side once per deal")
    others = names[1:]
    if len(others) == 1:
        return _(
            "seating: {agent} holds one side, {other} the other {count}; {agent}'s side goes "
            "round all {sides} per deal"
        ).format(agent=names[0], other=others[0], count=sides - 1, sides=sides)
    return _(
        "seating: {agent} holds one side, {others} in turn the other {count}; {agent}'s side "
        "goes round all {sides} per deal"
    ).format(agent=names[0], others=", ".join(others), count=sides - 1, sides=sides)


def _play_deals(job: _Job, first: int, stop: int) -> Chunk:
    """Play deals ``first`` to ``stop - 1``, each once per rotation: one results line per hand,
    and the agents' move times in ``Chunk.extra``."""
    begin = time.perf_counter()
    rules = job.rules
    k = len(job.names)
    agents: list[Agent] = [make_agent(n) for n in job.names]
    rotations = lineups(rules, k)
    side_of = rules.side_of
    times = [MoveTimes() for _ in range(k)]
    chunk = Chunk(first, [], extra=times)
    clock = time.perf_counter
    for deal in range(first, stop):
        deal_seed = unit_seed(job.seed, deal)
        lines: list[dict[str, Any]] = []
        records: list[dict[str, Any]] = []
        for r, lineup in enumerate(rotations):
            seat_agent = [lineup[side_of[s]] for s in range(rules.players)]
            if job.compiled:
                lines.append(_compiled_line(job, deal, r, len(rotations), deal_seed, seat_agent))
                continue
            match = Match(rules, rng=Stream(deal_seed))  # the same deal every rotation
            rng = Stream(substream(deal_seed, r))
            state = match.hand
            while not state.over:
                legal = state.legal_tuple()
                if len(legal) == 1:
                    state.apply_fast(legal[0])
                    continue
                seat = state.turn
                who = seat_agent[seat]
                obs = state.observation(seat)
                start = clock()
                try:
                    action = agents[who].choose(obs, rng)
                    times[who].add((clock() - start) * 1000.0)
                    state.apply_fast(action)
                except Exception as e:
                    raise agent_failed(job.names[who], deal, e) from None
            names = [job.names[seat_agent[s]] for s in range(rules.players)]
            line = hand_line(deal, r, deal_seed, names, state)
            line["of"] = len(rotations)
            if job.records or job.save:
                players = [f"{n}-{s}" for s, n in enumerate(names)]
                record = match_to_record(match, players, {"deal": deal, "rotation": r})
                if job.records:
                    line["record"] = record
                records.append(record)
            lines.append(line)
        chunk.units.append(lines)
        if job.save:
            chunk.records.append(records)
    chunk.seconds = time.perf_counter() - begin
    return chunk


def _compiled_line(
    job: _Job, deal: int, rotation: int, of: int, deal_seed: int, seat_agent: list[int]
) -> dict[str, Any]:
    """The results line of one rotation of a deal played in the compiled core."""
    names = [job.names[a] for a in seat_agent]
    points, winner, leader, ended, moves = kernel.play_hand(
        job.rules, names, deal_seed, substream(deal_seed, rotation)
    )
    return {
        "unit": deal,
        "hand": rotation,
        "of": of,
        "seed": deal_seed,
        "agents": names,
        "points": [int(p) if p.is_integer() else p for p in points],
        "winner": winner,
        "leader": leader,
        "ended": ended,
        "blocked": ended == "blocked",
        "moves": moves,
    }


class _Tally:
    """A tournament's totals, from its results lines (live or read back from a file)."""

    def __init__(self, rules: GameRules, names: Sequence[str]) -> None:
        k = len(names)
        self.index = {n: i for i, n in enumerate(names)}
        self.first_seat = [side[0] for side in rules.sides]
        # One sign everywhere: higher is better (a game of debits, whose lowest total wins,
        # counts them as negative points).
        self.sign = -1 if rules.presenter.lowest_wins else 1
        self.stats = [AgentStats(n) for n in names]
        self.points: list[Number] = [0] * k
        self.beats = [[0] * k for _ in range(k)]
        self.duplicate = DuplicateDeals(names)
        self.deals = 0
        self.hands = 0

    def add_unit(self, lines: list[dict[str, Any]]) -> None:
        k = len(self.stats)
        deal_points: list[Number] = [0] * k
        deal_counts = [0] * k
        deal_beats: list[tuple[str, str]] = []
        names = [a.name for a in self.stats]
        for line in lines:
            lineup = [self.index[line["agents"][seat]] for seat in self.first_seat]
            points = line["points"]
            for side, who in enumerate(lineup):
                p = self.sign * exact(points[side])
                self.points[who] += p
                deal_points[who] += p
                deal_counts[who] += 1
                self.stats[who].hands += 1
            winner = line["winner"]
            if winner is not None:
                best = lineup[winner]
                self.stats[best].wins += 1
                for side, who in enumerate(lineup):
                    if who != best and side != winner:
                        self.beats[best][who] += 1
                        deal_beats.append((names[best], names[who]))
            self.hands += 1
        self.deals += 1
        means: dict[str, Fraction] = {}
        for who in range(k):
            if deal_counts[who]:
                means[names[who]] = Fraction(deal_points[who]) / deal_counts[who]
                self.stats[who].per_deal.add(means[names[who]])
        self.duplicate.add_deal(means, deal_beats)

    def add_times(self, chunk: Chunk) -> None:
        for stats, times in zip(self.stats, chunk.extra, strict=True):
            stats.move_ms.merge(times)

    def finish(self) -> list[AgentStats]:
        for stats, points in zip(self.stats, self.points, strict=True):
            stats.points = float(points)
        ratings = bradley_terry(self.beats)
        intervals = self.duplicate.rating_intervals()
        for stats, rating, interval in zip(self.stats, ratings, intervals, strict=True):
            stats.rating = rating
            stats.rating_ci95 = interval
        return self.stats


def run_tournament(
    rules: GameRules,
    agent_names: list[str],
    deals: int,
    seed: int = 0,
    workers: int | None = 1,
    save: str | Path | None = None,
    *,
    out: str | Path | None = None,
    records: bool = False,
    resume: bool = False,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> TournamentResult:
    """Play ``deals`` duplicate deals between the agents (see the module docstring).

    ``out``, ``records``, ``resume``, ``workers``, ``backend``, ``address`` and ``progress`` are
    those of :func:`~boneyard.research.sim.simulate`: a deal is a unit, its hands (one per rotation)
    are lines of the results file. The results (all but the move times) never depend on the number
    of workers or the backend; after ``resume`` the move times are those of the deals played by this
    run."""
    names = [resolve_agent(n) for n in agent_names if n.strip()]
    if len(names) < 2:
        raise SimulationError(_("a tournament needs at least two agents"))
    if len(set(names)) != len(names):
        raise SimulationError(_("each agent may enter a tournament once"))
    if deals < 1:
        raise SimulationError(_("the number of deals must be >= 1"))
    lineups(rules, len(names))
    if save is not None and Path(save).suffix != ".jsonl":
        raise SimulationError(
            _("{file}: a tournament saves one record per hand: use a .jsonl file").format(file=save)
        )
    compiled = (
        not records and save is None and kernel.agents_supported(names) and kernel.supports(rules)
    )
    job = _Job(rules, tuple(names), seed, records, save is not None, compiled)
    tally = _Tally(rules, names)
    header = results_header("tournament", rules, names, "deal", seed, records)
    run = run_job(
        _play_deals,
        job,
        deals,
        header,
        tally.add_unit,
        out=out,
        resume=resume,
        save=save,
        workers=workers,
        backend=backend,
        address=address,
        progress=progress,
        first_size=4,
        min_per_worker=COMPILED_DEALS_PER_WORKER if compiled else MIN_DEALS_PER_WORKER,
        add_chunk=tally.add_times,
    )
    result = TournamentResult(rules.game.id, rules.rule_set, deals, tally.hands, tally.finish())
    result.pairs = tally.duplicate.pairs()
    result.seating = seating_text(rules, names)
    result.sides, result.names = len(rules.sides), tuple(names)
    result.debits = tally.sign < 0
    result.engine = "compiled" if compiled else "python"
    result.seconds = run.seconds
    result.played = run.played_hands
    result.resumed = run.resumed
    return result


def tournament_text(result: TournamentResult) -> str:
    """The tournament table for people, then every two agents' paired difference (in the
    reader's language)."""
    from ..core.i18n import _, format_number, ngettext

    timed = result.engine == "python"
    # As wide as the longest name: a plug-in's name carries its module and arguments.
    width = max([12, *(len(a.name) for a in result.agents)])
    points = (
        _("points are debits counted negative: higher is better")
        if result.debits
        else _("higher is better")
    )
    seating = seating_words(result.sides, result.names) if result.names else result.seating
    interval = _("95% interval")
    lines = [
        ngettext(
            "{game} ({rules}): {deals} duplicate deal, {hands} hands",
            "{game} ({rules}): {deals} duplicate deals, {hands} hands",
            result.deals,
        ).format(
            game=result.game,
            rules=result.rules,
            deals=result.deals,
            hands=result.hands,
        ),
        f"{seating}; {points}",
        f"{_('agent'):<{width}} {_('hands'):>6} {_('win %'):>6} {_('points/hand'):>12} "
        f"{interval:>18} {_('rating'):>7} {interval:>14}"
        + (f" {_('median ms'):>10} {_('max ms'):>9}" if timed else ""),
    ]
    for a in sorted(result.agents, key=lambda a: -a.rating):
        data = a.to_json(times=timed)
        low, high = data["ci95"]
        r_low, r_high = a.rating_ci95
        row = (
            f"{a.name:<{width}} {a.hands:>6} {100 * a.win_rate:>5.1f}% {a.points_per_hand:>12.2f} "
            f"{f'[{low:.2f}, {high:.2f}]':>18} {a.rating:>7.0f} "
            f"{f'[{r_low:.0f}, {r_high:.0f}]':>14}"
        )
        if timed:
            row += f" {data['median_move_ms']:>10.3f} {data['max_move_ms']:>9.3f}"
        lines.append(row)
    if result.pairs:
        lines.append(_("paired differences (points per hand, the same deals; 95% interval):"))
        for p in result.pairs:
            low, high = p["ci95"]
            lines.append(
                "  "
                + ngettext(
                    "{a} - {b}: {difference} [{low}, {high}] over {deals} deal",
                    "{a} - {b}: {difference} [{low}, {high}] over {deals} deals",
                    p["deals"],
                ).format(
                    a=p["a"],
                    b=p["b"],
                    difference=f"{p['difference']:+.2f}",
                    low=f"{low:+.2f}",
                    high=f"{high:+.2f}",
                    deals=p["deals"],
                )
            )
    if not timed:
        lines.append(
            _("played in the compiled core: {rate} hands per second (no move times)").format(
                rate=format_number(round(result.hands_per_second))
            )
        )
    if result.resumed:
        lines.append(
            ngettext(
                "{count} deal was already in the results file: the move times are those of the "
                "rest",
                "{count} deals were already in the results file: the move times are those of the "
                "rest",
                result.resumed,
            ).format(count=result.resumed)
        )
    return "\n".join(lines)
