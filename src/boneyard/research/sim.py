"""Computer against computer: play many hands or matches and count the results.

:func:`simulate` is the engine's hot path for benchmarks and the back end of ``boneyard simulate``.
Each hand (with ``hands=N``) or match (with ``matches=N``) is a *unit* with its own random stream
(:class:`~boneyard.core.stream.Stream`), seeded only from ``(seed, unit index)``
(:func:`~boneyard.core.stream.unit_seed`) and used for the deal and by every agent. A unit's outcome
therefore depends on nothing else (not on the units before it, nor on how a run is split between
worker processes), and the same seed always gives the same results.

Where every agent is one the compiled core plays (:data:`boneyard.core.kernel.AGENTS`) and the core
plays the game, whole units are played inside it (:func:`boneyard.core.kernel.run_units`), on every
backend; the results are the same as the Python engine's, hand for hand. Records (``records``,
``save``) need the Python engine's history: with them, the hands are played in Python.

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

import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core import kernel
from ..core.i18n import _
from ..core.match import Match
from ..core.protocol import GameRules, GameState
from ..core.record import match_to_record, write_records
from ..core.stream import STREAM, Stream, base_seed, unit_seed
from ..players.agents import Agent, make_agent, resolve_agent
from .parallel import BACKENDS, Chunk, ParallelError, run_chunks
from .results import FORMAT as RESULTS_FORMAT
from .results import ResultsError, ResultsReader, ResultsWriter, check_header
from .stats import Number, exact

__all__ = [
    "MAX_MATCH_HANDS",
    "SimResult",
    "SimulationError",
    "agent_failed",
    "hand_line",
    "results_header",
    "run_job",
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
    played: int = 0  # hands played by this run (not read back from a results file)
    resumed: int = 0  # units read back from a results file
    engine: str = "python"  # "compiled" where the hands were played in the compiled core

    @property
    def mean_points(self) -> list[float]:
        """Mean points per unit (hand or match) for each side."""
        n = self.units or 1
        return [p / n for p in self.points]

    @property
    def hands_per_second(self) -> float:
        """Hands played per second by this run."""
        return self.played / self.seconds if self.seconds > 0 else 0.0

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
        out["engine"] = self.engine
        return out


def seat_agents(names: Sequence[str], players: int) -> list[str]:
    """One agent name per seat: one name for every seat, a name per seat, or fewer names cycled."""
    names = [n.strip() for n in names if n.strip()]
    if not names:
        raise SimulationError(_("no agents given"))
    if len(names) > players:
        raise SimulationError(
            _("{count} agents given for {players} players").format(
                count=len(names), players=players
            )
        )
    return [names[s % len(names)] for s in range(players)]


# Fewer units than this per worker process are not worth starting a process.
MIN_HANDS_PER_WORKER = 200
MIN_MATCHES_PER_WORKER = 10
# In the compiled core a hand takes about two microseconds: a process is worth starting for a
# fifth of a second of work.
COMPILED_HANDS_PER_WORKER = 100_000
COMPILED_MATCHES_PER_WORKER = 10_000


def hand_line(
    unit: int, hand: int, seed: int, agents: list[str], state: GameState
) -> dict[str, Any]:
    """The results line of a finished hand (see :mod:`boneyard.research.results`); ``of`` is filled
    in once the unit is over."""
    result = state.result
    assert result is not None
    return {
        "unit": unit,
        "hand": hand,
        "of": 0,
        "seed": seed,
        "agents": agents,
        "points": [_num(p) for p in result.points],
        "winner": result.winner,
        "leader": state.leader,
        "ended": result.ended,
        "blocked": result.ended == "blocked",
        "moves": len(state.history),
    }


def _num(x: float) -> float:
    """Whole numbers as ints (``12``, not ``12.0``) in the results file."""
    if type(x) is int:
        return x
    return int(x) if x.is_integer() else x


@dataclass(frozen=True)
class _Job:
    """What every worker needs to play its share of the units (picklable)."""

    rules: GameRules
    names: list[str]
    whole_match: bool
    seed: int
    records: bool  # a record in the unit's last results line
    save: bool  # records for --save
    compiled: bool = False  # played in the compiled core
    lines: bool = False  # the results lines are wanted (--out)


def _play_units(job: _Job, first: int, stop: int) -> Chunk:
    """Play units ``first`` to ``stop - 1``. This is the simulator's hot loop."""
    start = time.perf_counter()
    if job.compiled:
        return _play_compiled(job, first, stop, start)
    rules = job.rules
    agents: list[Agent] = [make_agent(n) for n in job.names]
    names = list(job.names)
    players = [f"{n}-{s}" for s, n in enumerate(job.names)]
    whole_match = job.whole_match
    chunk = Chunk(first, [])
    for index in range(first, stop):
        seed = unit_seed(job.seed, index)
        rng = Stream(seed)
        match = Match(rules, rng=rng)
        lines: list[dict[str, Any]] = []
        while True:
            state = match.hand
            while not state.over:
                legal = state.legal_tuple()
                if len(legal) == 1:
                    # A forced draw or pass (or the only play): there is nothing to choose.
                    state.apply_fast(legal[0])
                    continue
                seat = state.turn
                try:
                    state.apply_fast(agents[seat].choose(state.observation(seat), rng))
                except Exception as e:
                    raise agent_failed(names[seat], index, e) from None
            lines.append(hand_line(index, len(lines), seed, names, state))
            if not whole_match or match.next_hand() is None:
                break
            if len(match.hands) > MAX_MATCH_HANDS:
                raise _endless(index)
        for line in lines:
            line["of"] = len(lines)
        if whole_match:
            lines[-1]["match"] = {
                "winner": match.winner,
                "totals": [_num(t) for t in match.totals],
            }
        if job.records or job.save:
            record = match_to_record(match, players)
            if job.records:
                lines[-1]["record"] = record
            if job.save:
                chunk.records.append([record])
        chunk.units.append(lines)
    chunk.seconds = time.perf_counter() - start
    return chunk


def _play_compiled(job: _Job, first: int, stop: int, start: float) -> Chunk:
    """Units ``first`` to ``stop - 1`` played in the compiled core: their lines written out (when
    wanted) and their tally."""
    agents_json = json.dumps(job.names, separators=(",", ":")) if job.lines else None
    try:
        text, tally = kernel.run_units(
            job.rules,
            job.names,
            base_seed(job.seed),
            first,
            stop,
            job.whole_match,
            agents_json,
            MAX_MATCH_HANDS,
        )
    except kernel.EndlessMatch as e:
        raise _endless(e.unit) from None
    chunk = Chunk(first, [], count=tally.units, hand_count=tally.hands, text=text or b"")
    chunk.tally = tally
    chunk.seconds = time.perf_counter() - start
    return chunk


def agent_failed(name: str, unit: int, error: Exception) -> SimulationError:
    """The one line said when an agent raises, or returns an action that is not legal, during a
    run (a plug-in's fault must not end a run with a traceback)."""
    why = " ".join(str(error).split())
    return SimulationError(
        _("agent {name} failed in unit {unit}: {kind}: {why}").format(
            name=repr(name), unit=unit + 1, kind=type(error).__name__, why=why
        )
    )


def _endless(index: int) -> SimulationError:
    return SimulationError(
        _("match {n} has not ended after {hands} hands: do these options ever score?").format(
            n=index + 1, hands=MAX_MATCH_HANDS
        )
    )


class _SimTally:
    """The totals of a simulation, from its results lines (live or read back from a file)."""

    def __init__(self, result: SimResult) -> None:
        self.result = result
        self.points: list[Number] = [0] * len(result.sides)

    def add_unit(self, lines: list[dict[str, Any]]) -> None:
        result = self.result
        result.units += 1
        result.hands += len(lines)
        if result.per == "match":
            outcome = lines[-1]["match"]
            points, winner = outcome["totals"], outcome["winner"]
        else:
            points, winner = lines[0]["points"], lines[0]["winner"]
        for i, p in enumerate(points):
            self.points[i] += exact(p)
        if winner is None:
            result.ties += 1
        else:
            result.wins[winner] += 1

    def add_tally(self, tally: kernel.Tally) -> None:
        """Units played in the compiled core, as their totals."""
        result = self.result
        result.units += tally.units
        result.hands += tally.hands
        result.ties += tally.ties
        for i, (wins, points) in enumerate(zip(tally.wins, tally.points, strict=True)):
            result.wins[i] += wins
            self.points[i] += points.numerator if points.denominator == 1 else points

    def finish(self) -> None:
        self.result.points = [float(p) for p in self.points]


@dataclass
class JobRun:
    """What :func:`run_job` did: units read back from the file, hands played, seconds."""

    resumed: int = 0
    played_hands: int = 0
    seconds: float = 0.0


Progress = Callable[[int, int, int], None]


def run_job(
    play: Callable[[Any, int, int], Chunk],
    job: Any,
    count: int,
    header: dict[str, Any],
    add_unit: Callable[[list[dict[str, Any]]], None],
    *,
    out: str | Path | None,
    resume: bool,
    save: str | Path | None,
    workers: int | None,
    backend: str,
    address: str | None,
    progress: Progress | None,
    first_size: int,
    min_per_worker: int,
    add_chunk: Callable[[Chunk], None] | None = None,
) -> JobRun:
    """Run units ``0`` to ``count - 1`` of a job: read back the units a results file already
    holds (``resume``), play the others with :func:`~boneyard.research.parallel.run_chunks`, stream
    their lines to ``out`` and their records to ``save``, and give every unit's lines to
    ``add_unit``.

    ``progress(units done, count, hands played)`` is called as chunks finish, and ``add_chunk``
    with every chunk played (for what a chunk holds besides its lines: move times)."""
    results = _results_file(out, resume, save, backend, header["records"])
    done, keep = _read_back(results, header, count, add_unit) if results else (set(), 0)
    run = JobRun(resumed=len(done))
    todo = _missing(done, count)
    if backend == "local":
        left = sum(len(r) for r in todo)
        workers = max(1, min(workers or os.cpu_count() or 1, left // min_per_worker or 1))
    writer = ResultsWriter(results, header, keep) if results is not None else None
    saver = _RecordSaver(save, count) if save is not None else None

    def on_chunk(chunk: Chunk) -> None:
        if writer is not None:
            if chunk.text:
                writer.write_text(chunk.text)
            else:
                writer.write_units(chunk.units)
        if saver is not None:
            saver.add(chunk.records)
        for lines in chunk.units:
            add_unit(lines)
        if add_chunk is not None:
            add_chunk(chunk)
        run.played_hands += chunk.hands

    def on_progress(units: int, hands: int) -> None:
        if progress is not None:
            progress(run.resumed + units, count, hands)

    start = time.perf_counter()
    try:
        run_chunks(
            play,
            job,
            todo,
            workers=workers,
            backend=backend,
            address=address,
            first_size=first_size,
            on_chunk=on_chunk,
            on_progress=on_progress,
        )
    except ParallelError as e:
        raise SimulationError(str(e)) from None
    finally:
        run.seconds = time.perf_counter() - start
        if writer is not None:
            writer.close()
        if saver is not None:
            saver.close()
    return run


def _results_file(
    out: str | Path | None, resume: bool, save: str | Path | None, backend: str, records: bool
) -> Path | None:
    """The results file of a job (``None``: none), once its arguments are known to fit
    together: :class:`SimulationError` says what does not."""
    if backend not in BACKENDS:
        raise SimulationError(
            _("unknown backend {backend!r}: choose from {backends}").format(
                backend=backend, backends=", ".join(BACKENDS)
            )
        )
    if out is None and (resume or records):
        raise SimulationError(
            _("{option} needs a results file (--out FILE.jsonl)").format(
                option="--resume" if resume else "--records"
            )
        )
    if save is not None and resume:
        raise SimulationError(
            _("--save cannot be resumed: use --out FILE.jsonl --records to keep the records")
        )
    if out is None:
        return None
    out = Path(out)
    if out.suffix != ".jsonl":
        raise SimulationError(_("{file}: a results file is a .jsonl file").format(file=out))
    if not out.parent.is_dir():
        raise SimulationError(
            _("cannot write {file}: no directory {folder}").format(file=out, folder=out.parent)
        )
    if not resume and out.exists() and out.stat().st_size > 0:
        raise SimulationError(
            _(
                "{file} already exists: add --resume to go on with it, or choose another file"
            ).format(file=out)
        )
    return out


def _read_back(
    out: Path,
    header: dict[str, Any],
    count: int,
    add_unit: Callable[[list[dict[str, Any]]], None],
) -> tuple[set[int], int]:
    """The units a results file left by an interrupted run holds, each given to ``add_unit``,
    and where the part of the file to keep ends (a torn last unit is played again): ``(units,
    end)``. Nothing for a file that is empty or not there."""
    done: set[int] = set()
    if not out.exists() or out.stat().st_size == 0:
        return done, 0
    try:
        with ResultsReader.open(out) as reader:
            if reader.header is None:
                return done, 0
            check_header(reader.header, header, str(out))
            for unit, lines in reader:
                if unit >= count:
                    raise SimulationError(
                        _(
                            "{file} already holds more than the {count} units asked: ask for as "
                            "many as it holds, or more"
                        ).format(file=out, count=count)
                    )
                add_unit(lines)
                done.add(unit)
            return done, reader.end
    except ResultsError as e:
        raise SimulationError(str(e)) from None


def _missing(done: set[int], count: int) -> list[range]:
    """The ranges of units below ``count`` not in ``done``."""
    todo: list[range] = []
    start = 0
    for unit in sorted(done):
        if unit > start:
            todo.append(range(start, unit))
        start = unit + 1
    if start < count:
        todo.append(range(start, count))
    return todo


class _RecordSaver:
    """``--save``: records streamed to a ``.jsonl`` file in unit order (a ``.json`` file holds the
    one record of a one-unit run, written at the end)."""

    def __init__(self, path: str | Path, count: int) -> None:
        self.path = Path(path)
        self.held: list[dict[str, Any]] = []
        self.file = self.path.open("w", encoding="utf-8") if self.path.suffix == ".jsonl" else None

    def add(self, records: list[list[dict[str, Any]]]) -> None:
        for unit in records:
            if self.file is not None:
                self.file.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in unit))
            else:
                self.held.extend(unit)
        if self.file is not None:
            self.file.flush()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
        elif self.held:
            write_records(self.path, self.held)


def simulate(
    rules: GameRules,
    agent_names: Sequence[str],
    hands: int | None = None,
    matches: int | None = None,
    seed: int = 0,
    save: str | Path | None = None,
    workers: int | None = 1,
    *,
    out: str | Path | None = None,
    records: bool = False,
    resume: bool = False,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> SimResult:
    """Play ``hands`` independent hands or ``matches`` whole matches, agents against each other.

    With ``hands``, each hand is the first hand of a fresh :class:`~boneyard.core.match.Match` (so
    the first-lead rule applies); a win is the hand's winning side, a tie a hand nobody won. With
    ``matches``, a win is the match's winner. ``save`` writes one record per hand or match (a
    ``.jsonl`` file; ``.json`` only for a single record), the players named after their agents
    (``random-0``, ``greedy-1``...).

    ``out`` streams the results, one line per hand, to a ``.jsonl`` file as units finish
    (:mod:`boneyard.research.results`; ``records`` puts each unit's record in its last line); with
    ``resume`` a file left by an interrupted run is read back and only the missing units are
    played, and the result is the one an uninterrupted run gives. ``workers`` local processes
    (``None``: one per core), or ``backend="ray"`` for a Ray cluster at ``address`` (without one,
    a local Ray instance of ``workers`` CPUs). ``progress(units done, units, hands played)`` is
    called as the work goes. The results never depend on ``workers`` or ``backend``.

    Agents see only observations. Raises :class:`SimulationError` (a ``ValueError``) for bad
    arguments and :class:`~boneyard.core.options.OptionError` for an unknown agent.
    """
    count = _units_asked(hands, matches, save)
    # An unknown agent or a failing plug-in fails here, before any work; a plug-in's file
    # arguments are made absolute before the names travel to the workers.
    names = [resolve_agent(n) for n in seat_agents(agent_names, rules.players)]
    whole_match = matches is not None
    result = _no_result_yet(rules, names, "match" if whole_match else "hand", seed)
    header = results_header("simulate", rules, names, result.per, seed, records)
    compiled = (
        not records and save is None and kernel.agents_supported(names) and kernel.supports(rules)
    )
    result.engine = "compiled" if compiled else "python"
    job = _Job(
        rules, names, whole_match, seed, records, save is not None, compiled, out is not None
    )
    tally = _SimTally(result)

    def add_chunk(chunk: Chunk) -> None:
        if chunk.tally is not None:
            tally.add_tally(chunk.tally)

    run = run_job(
        _play_units,
        job,
        count,
        header,
        tally.add_unit,
        out=out,
        resume=resume,
        save=save,
        workers=workers,
        backend=backend,
        address=address,
        progress=progress,
        first_size=1 if whole_match else 16,
        min_per_worker=_min_per_worker(compiled, whole_match),
        add_chunk=add_chunk,
    )
    tally.finish()
    result.seconds = run.seconds
    result.played = run.played_hands
    result.resumed = run.resumed
    return result


def _no_result_yet(rules: GameRules, names: list[str], per: str, seed: int) -> SimResult:
    """The result of a simulation before any unit is counted."""
    return SimResult(
        game=rules.game.id,
        rules=rules.rule_set,
        options=rules.options.to_json(),
        players=rules.players,
        agents=names,
        sides=[list(s) for s in rules.sides],
        per=per,
        seed=seed,
        wins=[0] * len(rules.sides),
        points=[0] * len(rules.sides),
    )


def _units_asked(hands: int | None, matches: int | None, save: str | Path | None) -> int:
    """How many units a simulation plays (hands or matches, exactly one of them given), once
    they and ``save`` are known to fit: :class:`SimulationError` says what does not."""
    if (hands is None) == (matches is None):
        raise SimulationError(_("give exactly one of hands or matches"))
    count = hands if hands is not None else matches
    assert count is not None
    if count < 1:
        raise SimulationError(
            _("the number of hands must be >= 1")
            if hands is not None
            else _("the number of matches must be >= 1")
        )
    if save is not None:
        if Path(save).suffix != ".jsonl" and count != 1:
            raise SimulationError(
                _("{file}: a .json file holds one record; use a .jsonl file for {count}").format(
                    file=save, count=count
                )
            )
        if not Path(save).parent.is_dir():
            raise SimulationError(
                _("cannot save to {file}: no directory {folder}").format(
                    file=save, folder=Path(save).parent
                )
            )
    return count


def _min_per_worker(compiled: bool, whole_match: bool) -> int:
    """The fewest units worth a worker process of their own."""
    if compiled:
        return COMPILED_MATCHES_PER_WORKER if whole_match else COMPILED_HANDS_PER_WORKER
    return MIN_MATCHES_PER_WORKER if whole_match else MIN_HANDS_PER_WORKER


def results_header(
    command: str, rules: GameRules, agents: Sequence[str], per: str, seed: int, records: bool
) -> dict[str, Any]:
    """The first line of a results file: the job (see :mod:`boneyard.research.results`)."""
    from .. import __version__

    return {
        "format": RESULTS_FORMAT,
        "command": command,
        "game": rules.game.id,
        "rules": rules.rule_set,
        "options": rules.options.to_json(),
        "players": rules.players,
        "sides": [list(s) for s in rules.sides],
        "agents": list(agents),
        "per": per,
        "seed": seed,
        "stream": STREAM,
        "records": records,
        "boneyard": __version__,
    }
