"""The computer players' thinking and the hints, in worker processes, off the event loop.

A computer's move and a hint are CPU-bound searches (the ``expert`` level thinks 0.8 s a move). Run
in the event loop's process they hold its interpreter lock and every table waits; so they run in
worker processes, and the event loop only sends each job (an observation, a level, a seed) and
takes its answer. Jobs wait in three **lanes**, served in this order:

- ``play``: a computer's move at a table where a person is present (someone waits for it);
- ``hint``: a hint asked for by a person;
- ``idle``: a move at a table where no person is present (a table of computers only, a person's
  seat played by a computer while nobody is there).

The ``play`` lane has workers of its own; ``hint`` and ``idle`` share the background workers, which
run at a lower CPU priority (``nice``), so that however much background work there is, a person's
opponent answers at once. Within a lane, jobs are taken in turn by key (a table, or the client
that asked for a hint), so that one table or one client with many jobs cannot starve the others.

A :class:`Compute` knows nothing of tables or connections: a job is a plain function call, and
the service could as well run on other machines (what several server processes would share).
With ``workers=0`` the jobs run in threads of this process (small installs and tests).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Literal

from ...core.actions import Action
from ...core.protocol import GameState, Observation
from ...players.agents import Agent, make_agent
from ...players.analysis import Beliefs, MoveAnalysis, ReviewedMove
from ...text.i18n import DEFAULT, current_language, use_language

__all__ = ["LANES", "Compute", "Lane", "analyze_job", "beliefs_job", "choose_job", "review_job"]

log = logging.getLogger("boneyard.server")

Lane = Literal["play", "hint", "idle"]
LANES: tuple[Lane, ...] = ("play", "hint", "idle")

_POOLS: tuple[tuple[str, tuple[Lane, ...]], ...] = (
    ("play", ("play",)),
    ("background", ("hint", "idle")),
)
"""Which lanes each pool of workers serves, in order of priority."""

BACKGROUND_NICE = 10
"""How much lower the background workers' CPU priority is (``nice`` increment)."""


# --------------------------------------------------------------------- in the workers
_AGENTS: dict[str, Agent] = {}


def choose_job(level: str, observation: Observation, seed: int) -> Action:
    """A computer player's move (run in a worker). Agents keep nothing between moves, so one
    agent per level serves every table."""
    agent = _AGENTS.get(level)
    if agent is None:
        agent = _AGENTS[level] = make_agent(level)
    return agent.choose(observation, random.Random(seed))


def analyze_job(observation: Observation, language: str = DEFAULT) -> list[MoveAnalysis]:
    """A hint: every move of ``observation`` valued and explained (run in a worker), the same
    values as every front end's (a fixed number of worlds from the position's own seed); its
    reasons in ``language``."""
    from ...players.analysis import analyze

    with use_language(language):
        return analyze(observation)


def beliefs_job(observation: Observation, language: str = DEFAULT) -> Beliefs:
    """Who may hold each tile ``observation``'s seat cannot see (run in a worker)."""
    from ...players.analysis import beliefs

    with use_language(language):
        return beliefs(observation)


def review_job(state: GameState, seat: int, language: str = DEFAULT) -> list[ReviewedMove]:
    """The review of ``seat``'s decisions in the finished hand ``state`` (run in a worker): each
    valued as the hint at that position was; its reasons in ``language``."""
    from ...players.analysis import review_hand

    with use_language(language):
        return review_hand(state, seat)


def _warm() -> int:
    """Load the search stack in a new worker, so that its first real job is not slow."""
    from ...players import analysis, expert  # noqa: F401

    return os.getpid()


def _background_worker() -> None:
    with contextlib.suppress(OSError):
        os.nice(BACKGROUND_NICE)


# --------------------------------------------------------------------- in the server
@dataclass
class _Job:
    call: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    queued: float = field(default_factory=time.monotonic)


@dataclass
class LaneStats:
    """What a lane has done, for the metrics."""

    done: int = 0
    failed: int = 0
    running: int = 0
    wait_seconds: float = 0.0
    """The sum of the time jobs waited in the queue."""
    run_seconds: float = 0.0
    """The sum of the time jobs took in a worker."""


class Compute:
    """The worker processes and the lanes of jobs waiting for them.

    ``workers`` processes serve the ``play`` lane, ``background`` (lower priority) processes the
    ``hint`` and ``idle`` lanes; ``workers=0`` runs every job in threads here instead (and
    ``background`` is then the threads of the background lanes)."""

    def __init__(self, workers: int, background: int) -> None:
        self.workers = max(0, workers)
        self.background = max(1, background)
        self.processes = self.workers > 0
        self._pools: dict[str, Executor] = {}
        self._queues: dict[Lane, OrderedDict[str, deque[_Job]]] = {
            lane: OrderedDict() for lane in LANES
        }
        self._busy = {"play": 0, "background": 0}
        self.stats: dict[Lane, LaneStats] = {lane: LaneStats() for lane in LANES}
        self._closed = False

    # ----------------------------------------------------------------- pools
    def _capacity(self, pool: str) -> int:
        if pool == "play":
            return self.workers if self.processes else 2
        return self.background

    def _pool(self, pool: str) -> Executor:
        executor = self._pools.get(pool)
        if executor is None:
            size = self._capacity(pool)
            if self.processes:
                # spawn: the server's threads (the store's writer, the event loop) must not be
                # forked into a worker half-way through what they hold.
                context = multiprocessing.get_context("spawn")
                executor = ProcessPoolExecutor(
                    size,
                    mp_context=context,
                    initializer=_background_worker if pool == "background" else None,
                )
            else:
                executor = ThreadPoolExecutor(size, thread_name_prefix=f"boneyard-{pool}")
            self._pools[pool] = executor
        return executor

    def start(self) -> None:
        """Start the workers now (and load the search stack in each), rather than at the first
        job."""
        if not self.processes:
            return
        for pool in ("play", "background"):
            executor = self._pool(pool)
            for _ in range(self._capacity(pool)):
                executor.submit(_warm)

    def close(self) -> None:
        self._closed = True
        for lane in LANES:
            for jobs in self._queues[lane].values():
                for job in jobs:
                    if not job.future.done():
                        job.future.cancel()
            self._queues[lane].clear()
        for executor in self._pools.values():
            executor.shutdown(wait=False, cancel_futures=True)
        self._pools.clear()

    # ----------------------------------------------------------------- jobs
    async def choose(self, lane: Lane, key: str, level: str, obs: Observation, seed: int) -> Action:
        """A computer player's move for ``obs``, worked out in turn in ``lane``."""
        action: Action = await self._run(lane, key, choose_job, level, obs, seed)
        return action

    async def analyze(self, lane: Lane, key: str, obs: Observation) -> list[MoveAnalysis]:
        """Every move of ``obs`` valued and explained, worked out in turn in ``lane``."""
        found: list[MoveAnalysis] = await self._run(lane, key, analyze_job, obs, current_language())
        return found

    async def beliefs(self, lane: Lane, key: str, obs: Observation) -> Beliefs:
        """Who may hold each tile ``obs``'s seat cannot see, worked out in turn in ``lane``."""
        found: Beliefs = await self._run(lane, key, beliefs_job, obs, current_language())
        return found

    async def review(self, lane: Lane, key: str, state: GameState, seat: int) -> list[ReviewedMove]:
        """The review of ``seat``'s decisions in the finished hand ``state``, worked out in turn
        in ``lane``."""
        found: list[ReviewedMove] = await self._run(
            lane, key, review_job, state, seat, current_language()
        )
        return found

    def waiting(self, lane: Lane) -> int:
        """The jobs of ``lane`` waiting for a worker."""
        return sum(len(jobs) for jobs in self._queues[lane].values())

    async def _run(self, lane: Lane, key: str, call: Callable[..., Any], *args: Any) -> Any:
        if self._closed:
            raise RuntimeError("the server is stopping")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        queue = self._queues[lane]
        queue.setdefault(key, deque()).append(_Job(call, args, future))
        self._dispatch()
        try:
            return await future
        finally:
            if future.cancelled():
                self._forget(lane, key, future)

    def _forget(self, lane: Lane, key: str, future: asyncio.Future[Any]) -> None:
        jobs = self._queues[lane].get(key)
        if jobs is None:
            return
        for job in list(jobs):
            if job.future is future:
                jobs.remove(job)
        if not jobs:
            del self._queues[lane][key]

    def _next(self, lanes: tuple[Lane, ...]) -> tuple[Lane, _Job] | None:
        """The next job of the first of ``lanes`` that has one, its keys taken in turn."""
        for lane in lanes:
            queue = self._queues[lane]
            while queue:
                key, jobs = next(iter(queue.items()))
                job = jobs.popleft()
                if jobs:
                    queue.move_to_end(key)  # this key's next job waits for the others' turn
                else:
                    del queue[key]
                if job.future.cancelled():
                    continue
                return lane, job
        return None

    def _dispatch(self) -> None:
        for pool, lanes in _POOLS:
            while self._busy[pool] < self._capacity(pool):
                found = self._next(lanes)
                if found is None:
                    break
                self._start(pool, *found)

    def _start(self, pool: str, lane: Lane, job: _Job) -> None:
        stats = self.stats[lane]
        started = time.monotonic()
        stats.wait_seconds += started - job.queued
        stats.running += 1
        self._busy[pool] += 1
        loop = asyncio.get_running_loop()
        try:
            running = loop.run_in_executor(self._pool(pool), job.call, *job.args)
        except (BrokenProcessPool, RuntimeError) as e:
            running = loop.create_future()
            running.set_exception(e)

        def finished(done: asyncio.Future[Any]) -> None:
            self._busy[pool] -= 1
            stats.running -= 1
            stats.run_seconds += time.monotonic() - started
            error = None if done.cancelled() else done.exception()
            if isinstance(error, BrokenProcessPool):
                # A worker died (killed, out of memory): start the pool again for the next jobs.
                log.error("a %s worker died: starting the workers again", pool)
                broken = self._pools.pop(pool, None)
                if broken is not None:
                    broken.shutdown(wait=False, cancel_futures=True)
            if error is None and not done.cancelled():
                stats.done += 1
            else:
                stats.failed += 1
            if not job.future.done():
                if done.cancelled():
                    job.future.cancel()
                elif error is not None:
                    job.future.set_exception(error)
                else:
                    job.future.set_result(done.result())
            if not self._closed:
                self._dispatch()

        running.add_done_callback(finished)
