"""Computer against computer: play many hands or matches and count the results.

:func:`simulate` is the engine's hot path for benchmarks and the back end of
``boneyard simulate``. Each hand (with ``hands=N``) or match (with ``matches=N``) is a *unit*
with its own random generator, seeded only from ``(seed, unit index)`` and used for the deal and
by every agent. A unit's outcome therefore depends on nothing else (not on the units before it,
nor on how a run is split between worker processes), and the same seed always gives the same
results.

>>> from boneyard.games import get_game
>>> rules = get_game("block").configure(players=2)
>>> result = simulate(rules, ["random"], hands=50, seed=1)
>>> result.units, sum(result.wins) + result.ties
(50, 50)
>>> result.to_json() == simulate(rules, ["random"], hands=50, seed=1).to_json() | {
...     "hands_per_second": result.to_json()["hands_per_second"]}
True
"""

from __future__ import annotations

import hashlib
import multiprocessing
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .agents import Agent, make_agent
from .match import Match
from .record import match_to_record, write_records
from .rules.base import Rules

__all__ = [
    "MAX_MATCH_HANDS",
    "SimResult",
    "SimulationError",
    "seat_agents",
    "simulate",
    "unit_seed",
]

# A match that has not ended after this many hands is given up: options under which no hand ever
# scores (for example domino_points=none with blocked_scoring=fixed:0) would otherwise never end.
MAX_MATCH_HANDS = 10_000


class SimulationError(ValueError):
    """A simulation that cannot be run or cannot finish (bad arguments, a match that never ends)."""


@dataclass
class SimResult:
    """The totals of a simulation.

    ``units`` is the number of hands (``per == "hand"``) or matches (``per == "match"``) played;
    ``hands`` the number of hands in all. ``wins`` counts, per side, the units that side won;
    ``ties`` the units nobody won. ``points`` is the total each side scored over all units, so
    ``mean_points`` is per hand or per match.
    """

    game: str
    rules: str
    options: dict[str, Any]
    players: int
    agents: list[str]  # one per seat
    sides: list[list[int]]
    per: str  # "hand" or "match"
    seed: int
    units: int = 0
    hands: int = 0
    wins: list[int] = field(default_factory=list)
    ties: int = 0
    points: list[float] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def mean_points(self) -> list[float]:
        """Mean points per unit (hand or match) for each side."""
        n = self.units or 1
        return [p / n for p in self.points]

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def side_agents(self, side: int) -> str:
        """The agent names of a side's seats, e.g. ``random`` or ``greedy & random``."""
        names = [self.agents[s] for s in self.sides[side]]
        return names[0] if len(set(names)) == 1 else " & ".join(names)

    def to_json(self) -> dict[str, Any]:
        """The result as JSON: everything but ``hands_per_second`` is the same for the same seed."""
        out: dict[str, Any] = {"game": self.game, "rules": self.rules, "options": self.options}
        if self.per == "match":
            out["matches"] = self.units
        out["hands"] = self.hands
        out["sides"] = self.sides
        out["wins"] = self.wins
        out["ties"] = self.ties
        out["mean_points"] = [round(m, 4) for m in self.mean_points]
        out["hands_per_second"] = round(self.hands_per_second, 1)
        return out


def unit_seed(seed: int, index: int) -> int:
    """The 64-bit seed of unit ``index`` of a run seeded ``seed``.

    One hash of ``(seed, index)`` (rather than ``seed * k + index``) keeps the units of different
    seeds apart.
    """
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def seat_agents(names: Sequence[str], players: int) -> list[str]:
    """One agent name per seat: one name for every seat, a name per seat, or fewer names cycled."""
    names = [n.strip() for n in names if n.strip()]
    if not names:
        raise SimulationError("no agents given")
    if len(names) > players:
        raise SimulationError(f"{len(names)} agents given for {players} players")
    return [names[s % len(names)] for s in range(players)]


# Fewer units than this per worker process are not worth starting a process.
MIN_HANDS_PER_WORKER = 200
MIN_MATCHES_PER_WORKER = 10
_START_METHODS = multiprocessing.get_all_start_methods()


@dataclass(frozen=True)
class _Job:
    """What every worker needs to play its share of the units (picklable)."""

    rules: Rules
    names: list[str]
    whole_match: bool
    seed: int
    keep_records: bool


@dataclass
class _Part:
    """One worker's totals over its units, in unit order."""

    wins: list[int]
    ties: int
    points: list[float]
    hands: int
    records: list[dict[str, Any]]


def _play_units(job: _Job, first: int, stop: int) -> _Part:
    """Play units ``first`` to ``stop - 1``. This is the simulator's hot loop."""
    rules = job.rules
    agents: list[Agent] = [make_agent(n) for n in job.names]
    players = [f"{n}-{s}" for s, n in enumerate(job.names)]
    nsides = len(rules.sides)
    part = _Part([0] * nsides, 0, [0] * nsides, 0, [])
    wins, points = part.wins, part.points
    whole_match = job.whole_match
    for index in range(first, stop):
        rng = random.Random(unit_seed(job.seed, index))
        match = Match(rules, rng=rng)
        while True:
            state = match.hand
            while not state.over:
                legal = state.legal_tuple()
                if len(legal) == 1:
                    # A forced draw or pass (or the only play): there is nothing to choose.
                    state.apply(legal[0])
                    continue
                seat = state.turn
                state.apply(agents[seat].choose(state.observation(seat), rng))
            part.hands += 1
            if not whole_match:
                hand_result = state.result
                assert hand_result is not None
                winner = hand_result.winner
                for i in range(nsides):
                    points[i] += hand_result.points[i]
                break
            if match.next_hand() is None:
                winner = match.winner
                for i in range(nsides):
                    points[i] += match.totals[i]
                break
            if len(match.hands) > MAX_MATCH_HANDS:
                raise SimulationError(
                    f"match {index + 1} has not ended after {MAX_MATCH_HANDS} hands: "
                    "do these options ever score?"
                )
        if winner is None:
            part.ties += 1
        else:
            wins[winner] += 1
        if job.keep_records:
            part.records.append(match_to_record(match, players))
    return part


def simulate(
    rules: Rules,
    agent_names: Sequence[str],
    hands: int | None = None,
    matches: int | None = None,
    seed: int = 0,
    save: str | Path | None = None,
    workers: int = 1,
) -> SimResult:
    """Play ``hands`` independent hands or ``matches`` whole matches, agents against each other.

    With ``hands``, each hand is the first hand of a fresh :class:`~boneyard.match.Match` (so the
    first-lead rule applies); a win is the hand's winning side, a tie a hand nobody won. With
    ``matches``, a win is the match's winner. ``save`` writes one record per hand or match (a
    ``.jsonl`` file; ``.json`` only for a single record), the players named after their agents
    (``random-0``, ``greedy-1``...).

    Agents see only observations. Raises :class:`SimulationError` (a ``ValueError``) for bad
    arguments and :class:`~boneyard.options.OptionError` for an unknown agent.
    """
    if (hands is None) == (matches is None):
        raise SimulationError("give exactly one of hands or matches")
    count = hands if hands is not None else matches
    assert count is not None
    if count < 1:
        raise SimulationError(
            f"the number of {'hands' if hands is not None else 'matches'} must be >= 1"
        )
    if save is not None:
        if Path(save).suffix != ".jsonl" and count != 1:
            raise SimulationError(
                f"{save}: a .json file holds one record; use a .jsonl file for {count}"
            )
        if not Path(save).parent.is_dir():
            raise SimulationError(f"cannot save to {save}: no directory {Path(save).parent}")
    names = seat_agents(agent_names, rules.players)
    for n in names:
        make_agent(n)  # an unknown agent fails here, before any work
    whole_match = matches is not None
    result = SimResult(
        game=rules.game.id,
        rules=rules.rule_set,
        options=rules.options.to_json(),
        players=rules.players,
        agents=names,
        sides=[list(s) for s in rules.sides],
        per="hand" if hands is not None else "match",
        seed=seed,
        wins=[0] * len(rules.sides),
        points=[0] * len(rules.sides),
    )
    per_worker = MIN_MATCHES_PER_WORKER if whole_match else MIN_HANDS_PER_WORKER
    workers = max(1, min(workers, count // per_worker or 1))
    job = _Job(rules, names, whole_match, seed, save is not None)
    start = time.perf_counter()
    if workers == 1:
        parts = [_play_units(job, 0, count)]
    else:
        bounds = [count * w // workers for w in range(workers + 1)]
        ctx = multiprocessing.get_context("fork" if "fork" in _START_METHODS else "spawn")
        with ctx.Pool(workers) as pool:
            parts = pool.starmap(
                _play_units, [(job, bounds[w], bounds[w + 1]) for w in range(workers)]
            )
    result.seconds = time.perf_counter() - start
    records: list[dict[str, Any]] = []
    for part in parts:
        for i in range(len(result.wins)):
            result.wins[i] += part.wins[i]
            result.points[i] += part.points[i]
        result.ties += part.ties
        result.hands += part.hands
        records.extend(part.records)
    result.units = count
    if save is not None:
        write_records(save, records)
    return result
