"""Run the units of a simulation or tournament in chunks: in this process, on worker processes, or
on a Ray cluster, and hand back each chunk in unit order as soon as it and those before it are done.

A *unit* (a hand, a match, a duplicate deal) depends only on the run's seed and its index, so how
the units are cut into chunks, and where each chunk runs, changes no result: the chunk size adapts
to the measured speed (about a quarter of a second of work each, so the progress bar moves and the
results file grows steadily), and at most two chunks per worker are in flight.

Ray is imported only for ``backend="ray"``: ``ray.init(address=...)`` joins a cluster; without an
address a local Ray instance is started with ``num_cpus=workers`` (and shut down at the end). If
Ray is already initialised in this process (a test's session, a notebook), that session is used and
left running.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..core.i18n import current_language, set_default_language, set_language

__all__ = ["BACKENDS", "Chunk", "ParallelError", "import_ray", "run_chunks"]

BACKENDS = ("local", "ray")

# About this much work per chunk, in seconds.
CHUNK_SECONDS = 0.25
_START_METHODS = multiprocessing.get_all_start_methods()


class ParallelError(ValueError):
    """A backend that cannot run (Ray missing, a bad address)."""


@dataclass
class Chunk:
    """What a worker returns for units ``first`` to ``first + size - 1``.

    ``units`` holds each unit's result lines (see :mod:`boneyard.research.results`), ``records``
    each unit's game records (only when asked), ``extra`` anything else the caller merges (move
    times), ``seconds`` the worker's own time. Units played in the compiled core come instead as
    their count (``count``, ``hand_count``), their results lines already written out (``text``)
    and their totals (``tally``)."""

    first: int
    units: list[list[dict[str, Any]]]
    records: list[list[dict[str, Any]]] = field(default_factory=list)
    extra: Any = None
    seconds: float = 0.0
    count: int = 0
    hand_count: int = 0
    text: bytes = b""
    tally: Any = None

    @property
    def size(self) -> int:
        """The number of units."""
        return self.count or len(self.units)

    @property
    def hands(self) -> int:
        return self.hand_count or sum(len(u) for u in self.units)


PlayChunk = Callable[[Any, int, int], Chunk]


class _Executor(Protocol):
    slots: int

    def submit(self, first: int, stop: int) -> None: ...

    def next_done(self) -> Chunk: ...

    def close(self, cancel: bool) -> None: ...


class _Inline:
    """Chunks run here, one at a time, when asked for."""

    slots = 1

    def __init__(self, play: PlayChunk, job: Any) -> None:
        self.play, self.job = play, job
        self.todo: list[tuple[int, int]] = []

    def submit(self, first: int, stop: int) -> None:
        self.todo.append((first, stop))

    def next_done(self) -> Chunk:
        first, stop = self.todo.pop(0)
        return self.play(self.job, first, stop)

    def close(self, cancel: bool) -> None:
        self.todo.clear()


def _worker_init(parent: int, language: str = "en") -> None:
    """Ctrl-C is the parent's business (it stops the pool; the workers must not print
    tracebacks; a SIGTERM from the pool's ``terminate`` ends a worker quietly, whatever handler
    the parent had); and a worker whose parent was killed outright exits within a second instead
    of waiting for work forever. The errors a worker raises (an agent that fails) are said in
    ``language``, the parent's."""
    set_default_language(language)
    set_language(language)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


class _Pool:
    """A pool of worker processes (forked where the system can)."""

    def __init__(self, play: PlayChunk, job: Any, workers: int) -> None:
        self.play, self.job = play, job
        self.slots = 2 * workers
        ctx = multiprocessing.get_context("fork" if "fork" in _START_METHODS else "spawn")
        self.pool = ctx.Pool(
            workers, initializer=_worker_init, initargs=(os.getpid(), current_language())
        )
        self.done: queue.Queue[Chunk | BaseException] = queue.Queue()

    def submit(self, first: int, stop: int) -> None:
        self.pool.apply_async(
            self.play,
            (self.job, first, stop),
            callback=self.done.put,
            error_callback=self.done.put,
        )

    def next_done(self) -> Chunk:
        item = self.done.get()
        if isinstance(item, BaseException):
            raise item
        return item

    def close(self, cancel: bool) -> None:
        self.pool.close()
        if cancel:
            # terminate() may kill a worker while it puts its result, holding the results queue's
            # lock, and then wait for that lock for ever (CPython's Pool: a run stopped by Ctrl-C
            # hung so on a busy machine). The chunks in flight end first, for a few seconds at
            # most, and only a pool still busy then is terminated.
            joining = threading.Thread(target=self.pool.join, daemon=True)
            joining.start()
            joining.join(5.0)
            if joining.is_alive():
                self.pool.terminate()
        self.pool.join()


def _ray_call(play: PlayChunk, job: Any, first: int, stop: int) -> Chunk:
    return play(job, first, stop)


def import_ray() -> Any:
    """The ``ray`` module, or a :class:`ParallelError` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise ParallelError("the ray backend needs Ray: pip install 'boneyard[ray]'") from None
    return ray


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail at once, with a clear message, when nothing listens at a Ray ``HOST:PORT`` (or
    ``ray://HOST:PORT``) address; Ray itself would retry for minutes. ``auto`` is left to Ray."""
    target = address.removeprefix("ray://")
    host, sep, port = target.rpartition(":")
    if not sep or not port.isdigit():
        if address != "auto":
            raise ParallelError(f"bad Ray address {address!r}: write HOST:PORT or auto")
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as e:
        raise ParallelError(f"cannot reach a Ray cluster at {address}: {e.strerror or e}") from None


class _Ray:
    """Tasks on a Ray cluster (one CPU each)."""

    def __init__(self, play: PlayChunk, job: Any, workers: int | None, address: str | None):
        ray = import_ray()
        self.ray = ray
        self.started = False
        if not ray.is_initialized():
            if address is not None:
                check_reachable(address)
            try:
                if address is not None:
                    ray.init(address=address, logging_level="warning")
                else:
                    ray.init(
                        num_cpus=workers or os.cpu_count() or 1,
                        include_dashboard=False,
                        logging_level="warning",
                    )
            except (ConnectionError, RuntimeError, ValueError) as e:
                raise ParallelError(f"cannot start Ray ({address or 'local'}): {e}") from None
            self.started = True
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.slots = 2 * max(1, workers or cpus)
        self.remote = ray.remote(num_cpus=1)(_ray_call)
        self.play_ref = ray.put(play)
        self.job_ref = ray.put(job)
        self.pending: list[Any] = []

    def submit(self, first: int, stop: int) -> None:
        self.pending.append(self.remote.remote(self.play_ref, self.job_ref, first, stop))

    def next_done(self) -> Chunk:
        ready, self.pending = self.ray.wait(self.pending, num_returns=1)
        try:
            chunk: Chunk = self.ray.get(ready[0])
        except self.ray.exceptions.RayTaskError as e:
            cause = getattr(e, "cause", None)
            if isinstance(cause, Exception):
                raise cause from None
            raise
        return chunk

    def close(self, cancel: bool) -> None:
        if cancel:
            for ref in self.pending:
                self.ray.cancel(ref, force=True)
        self.pending = []
        if self.started:
            self.ray.shutdown()


@dataclass
class _Sizer:
    """The next chunk's size: about :data:`CHUNK_SECONDS` of work at the speed measured so far,
    and never so large that workers would idle at the end."""

    workers: int
    size: int
    cap: int

    def next(self, left: int) -> int:
        share = max(1, -(-left // (2 * self.workers)))
        return max(1, min(self.size, self.cap, share))

    def measured(self, chunk: Chunk) -> None:
        n = chunk.size
        if chunk.seconds > 0 and n:
            self.size = max(1, int(CHUNK_SECONDS * n / chunk.seconds))


def run_chunks(
    play: PlayChunk,
    job: Any,
    todo: Sequence[range],
    *,
    workers: int | None,
    backend: str = "local",
    address: str | None = None,
    first_size: int = 16,
    max_size: int = 100_000,
    on_chunk: Callable[[Chunk], None],
    on_progress: Callable[[int, int], None] | None = None,
) -> None:
    """Play every unit of ``todo`` with ``play(job, first, stop)``, calling ``on_chunk`` with the
    chunks in unit order and ``on_progress(units done, hands done)`` as chunks finish (in any
    order; once with zeros when the workers have started).

    ``workers`` is the number of local processes (1: this process, no pool) or, for Ray, the CPUs
    of the local instance (``None``: every core; with an ``address``, the cluster's CPUs).
    Interrupting (``KeyboardInterrupt``) stops the workers at once; the chunks already handed to
    ``on_chunk`` are whole.
    """
    if backend not in BACKENDS:
        raise ParallelError(f"unknown backend {backend!r}: choose from {', '.join(BACKENDS)}")
    total = sum(len(r) for r in todo)
    if total == 0:
        if on_progress is not None:
            on_progress(0, 0)
        return
    executor: _Executor
    if backend == "ray":
        executor = _Ray(play, job, workers, address)
    elif (workers or os.cpu_count() or 1) > 1:
        executor = _Pool(play, job, workers or os.cpu_count() or 1)
    else:
        executor = _Inline(play, job)
    cancel = True
    try:
        _drive(executor, todo, first_size, max_size, on_chunk, on_progress)
        cancel = False
    finally:
        executor.close(cancel)


def _drive(
    executor: _Executor,
    todo: Sequence[range],
    first_size: int,
    max_size: int,
    on_chunk: Callable[[Chunk], None],
    on_progress: Callable[[int, int], None] | None,
) -> None:
    sizer = _Sizer(max(1, executor.slots // 2), first_size, max_size)
    ranges = [(r.start, r.stop) for r in todo if len(r)]
    left = sum(stop - start for start, stop in ranges)
    order: list[int] = []  # the first unit of every chunk submitted, in unit order
    ready: dict[int, Chunk] = {}
    in_flight = 0
    units_done = hands_done = 0
    if on_progress is not None:
        on_progress(0, 0)
    while ranges or in_flight:
        while ranges and in_flight < executor.slots:
            start, stop = ranges[0]
            end = min(stop, start + sizer.next(left))
            executor.submit(start, end)
            order.append(start)
            in_flight += 1
            left -= end - start
            if end == stop:
                ranges.pop(0)
            else:
                ranges[0] = (end, stop)
        began = time.perf_counter()
        chunk = executor.next_done()
        if not chunk.seconds:
            chunk.seconds = time.perf_counter() - began
        in_flight -= 1
        sizer.measured(chunk)
        ready[chunk.first] = chunk
        units_done += chunk.size
        hands_done += chunk.hands
        while order and order[0] in ready:
            on_chunk(ready.pop(order.pop(0)))
        if on_progress is not None:
            on_progress(units_done, hands_done)
