"""Start-up: how long the ``boneyard`` command and ``import boneyard`` take, as whole processes.

Each command is run ``--runs`` times (20 by default) as a new process, timed from outside with the
wall clock, and its median reported (a start-up is short and the machine's other work makes single
runs swing; the median of many is what a user meets):

* ``python -c pass``: the interpreter alone, what no change of boneyard can take away;
* ``python -c "import boneyard"``;
* ``python -c "import typer"``: the command line's library alone (the least ``--help`` needs);
* ``boneyard --help``, ``boneyard rules`` and ``boneyard rules block`` (the console script).

Run it with one command (it installs the ``bench`` extra first)::

    benchmarks/run startup [--runs 20] [--against ../before/src] [--json]

``--against SRC`` (the ``src`` folder of another checkout, e.g. ``git worktree add /tmp/before
main``; copy the compiled core, ``src/boneyard/core/_kernel*.so``, into it if it was not built
there) times each command on that tree too, through ``PYTHONPATH``, interleaved with this one's
(before, after, before, after), so that a change is measured in one run under one load; ``vs``
gives this tree's median as a fraction of the other's. One run of every command before the timed
ones writes the bytecode and the registry's cache (what any run after the first finds).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

PYTHON = sys.executable
BONEYARD = str(Path(sys.executable).parent / "boneyard")

COMMANDS: dict[str, list[str]] = {
    "python -c pass": [PYTHON, "-c", "pass"],
    'python -c "import boneyard"': [PYTHON, "-c", "import boneyard"],
    'python -c "import typer"': [PYTHON, "-c", "import typer"],
    "boneyard --help": [BONEYARD, "--help"],
    "boneyard rules": [BONEYARD, "rules"],
    "boneyard rules block": [BONEYARD, "rules", "block"],
}


def timed(cmd: Sequence[str], src: str | None) -> float:
    """Seconds a whole process of ``cmd`` takes; ``src``, another tree, ahead of the installed."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if src is not None:
        env["PYTHONPATH"] = src
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def measure(runs: int, against: str | None) -> list[dict[str, object]]:
    """Each command's median over ``runs`` processes, here and (interleaved) on ``against``."""
    trees: list[str | None] = [against, None] if against else [None]
    for cmd in COMMANDS.values():
        for src in trees:
            timed(cmd, src)  # the bytecode and the registry's cache written
    rows = []
    for label, cmd in COMMANDS.items():
        times: dict[str | None, list[float]] = {src: [] for src in trees}
        for _ in range(runs):
            for src in trees:
                times[src].append(timed(cmd, src))
        row: dict[str, object] = {"command": label, "runs": runs}
        row["median"] = statistics.median(times[None])
        if against:
            row["before"] = statistics.median(times[against])
            row["vs"] = row["median"] / row["before"]  # type: ignore[operator]
        rows.append(row)
    return rows


def table(rows: list[dict[str, object]], against: str | None) -> str:
    head = "| command | runs | median, s |"
    rule = "|---|---|---|"
    if against:
        head = f"| command | runs | before ({against}), s | after, s | after / before |"
        rule = "|---|---|---|---|---|"
    lines = [head, rule]
    for r in rows:
        if against:
            lines.append(
                f"| `{r['command']}` | {r['runs']} | {r['before']:.3f} | {r['median']:.3f} "
                f"| {r['vs']:.2f} |"
            )
        else:
            lines.append(f"| `{r['command']}` | {r['runs']} | {r['median']:.3f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="boneyard's start-up, whole processes")
    parser.add_argument("--runs", type=int, default=20, help="processes per command (20)")
    parser.add_argument("--against", metavar="SRC", help="also time another tree, interleaved")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    load_before = os.getloadavg()[0]
    rows = measure(args.runs, args.against)
    load_after = os.getloadavg()[0]
    if args.json:
        print(json.dumps({"load": [load_before, load_after], "rows": rows}, indent=2))
    else:
        print(table(rows, args.against))
        print(f"\nload average {load_before:.1f} before the run, {load_after:.1f} after")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
