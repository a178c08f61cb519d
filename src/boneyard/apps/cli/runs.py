"""Long runs, ``simulate`` and ``tournament``: the options they share (:class:`RunOptions`, declared
once, which each command takes with :func:`~.options.gathered`), the progress bar, a ``kill``
taken as Ctrl-C, and the result printed or the error said.

Typer reads the annotations here when it builds the commands: no ``from __future__ import
annotations``. The research modules are imported only when a run starts."""

import dataclasses
import json
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn, Protocol, TypeVar

import typer

from ...core.i18n import _
from .common import error

__all__ = ["Progress", "RunOptions", "progress_bar", "run_and_print"]

Progress = Callable[[int, int, int], None]
"""Told ``(units done, units in all, hands played)`` as a run goes."""

WorkersOpt = Annotated[
    int | None,
    typer.Option(
        "--workers",
        metavar="N",
        min=1,
        help="Worker processes (default: one per core; with --backend ray, the CPUs of a "
        "local Ray instance). Results do not depend on it.",
    ),
]
OutOpt = Annotated[
    Path | None,
    typer.Option(
        "--out",
        metavar="FILE.jsonl",
        help="Stream the results to FILE.jsonl, one line per hand, as the work finishes "
        "(for boneyard analyze).",
    ),
]
RecordsOpt = Annotated[
    bool,
    typer.Option("--records", help="With --out: put each game record in the results file."),
]
ResumeOpt = Annotated[
    bool,
    typer.Option(
        "--resume",
        help="With --out: go on with an interrupted run, keeping the work already in FILE "
        "(the same arguments give the same results as an uninterrupted run).",
    ),
]
BackendOpt = Annotated[
    str,
    typer.Option(
        "--backend",
        metavar="local|ray",
        help="Where the work runs: local processes, or a Ray cluster (the ray extra).",
    ),
]
AddressOpt = Annotated[
    str | None,
    typer.Option(
        "--address",
        metavar="ADDR",
        help="The Ray cluster to join: HOST:PORT of its head, or auto (implies --backend "
        "ray; default: a local Ray instance).",
    ),
]
ProgressOpt = Annotated[
    bool,
    typer.Option(
        "--progress/--no-progress",
        help="A progress bar on standard error when it is a terminal (never with --json).",
    ),
]


@dataclasses.dataclass(frozen=True)
class RunOptions:
    """The options every long run takes: where its work runs, where its results go, and whether
    a progress bar shows it. Each field is its option as Typer reads it, with its default."""

    workers: WorkersOpt = None
    out: OutOpt = None
    records: RecordsOpt = False
    resume: ResumeOpt = False
    backend: BackendOpt = "local"
    address: AddressOpt = None
    progress: ProgressOpt = True

    def keywords(self) -> dict[str, Any]:
        """What :func:`~boneyard.research.sim.simulate` and
        :func:`~boneyard.research.tournament.run_tournament` take of these options (``--address``
        implies ``--backend ray``)."""
        return {
            "workers": self.workers,
            "out": self.out,
            "records": self.records,
            "resume": self.resume,
            "backend": "ray" if self.address is not None else self.backend,
            "address": self.address,
        }


class Result(Protocol):
    def to_json(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=Result)


def run_and_print(
    play: Callable[[Progress | None], R],
    show: Callable[[R], str],
    *,
    run: RunOptions,
    as_json: bool,
    what: str,
    save: Path | None,
) -> None:
    """Run ``play`` (given the progress bar of ``what``, or ``None``) with a ``kill`` taken as
    Ctrl-C, then print its result: ``show``'s words, or its JSON. A bad option or run ends as a
    user error; a file that cannot be written is named; Ctrl-C says where the finished work is."""
    from ...core.options import OptionError
    from ...research.sim import SimulationError

    try:
        with terminate_as_interrupt(), progress_bar(run.progress and not as_json, what) as bar:
            result = play(bar)
    except (OptionError, SimulationError) as e:
        error(str(e))
    except OSError as e:
        error(
            _("cannot write {file}: {reason}").format(
                file=e.filename or save or run.out, reason=e.strerror or e
            )
        )
    except KeyboardInterrupt:
        interrupted(run.out)
    print(json.dumps(result.to_json()) if as_json else show(result))


@contextmanager
def progress_bar(enabled: bool, what: str) -> Iterator[Progress | None]:
    """A Rich progress bar on standard error while a run goes, or ``None`` when ``enabled`` is
    false or standard error is not a terminal (then nothing is drawn). The bar appears at the
    first report (after the worker processes have started) and is cleared at the end, so it never
    mixes with what is printed on standard output."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from ...core.i18n import format_number

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(file=sys.stderr),
        transient=True,
    )
    task = None
    started = 0.0

    def update(done: int, total: int, hands: int) -> None:
        nonlocal task, started
        if task is None:
            bar.start()
            started = time.perf_counter()
            task = bar.add_task(what, total=total, completed=done, rate="")
            return
        seconds = time.perf_counter() - started
        rate = (
            _("{rate} hands/s").format(rate=format_number(round(hands / seconds)))
            if seconds > 0
            else ""
        )
        bar.update(task, completed=done, rate=rate)

    try:
        yield update
    finally:
        if task is not None:
            bar.stop()


@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """While a run goes, a ``kill`` (SIGTERM) stops it as Ctrl-C does: the worker processes are
    stopped and the finished units stay in the results file."""

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def interrupted(out: Path | None) -> NoReturn:
    """Ctrl-C during a run: say where the finished work is and how to go on."""
    if out is None:
        message = _("interrupted")
    else:
        message = _(
            "interrupted: the finished units are in {file}; run the same command with --resume "
            "to go on"
        ).format(file=out)
    print("\n" + message, file=sys.stderr)
    raise SystemExit(130)
