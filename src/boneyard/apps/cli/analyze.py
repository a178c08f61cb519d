"""``boneyard analyze``: the statistics of a results file, its plots and its HTML report (the
research modules, and matplotlib for the plots, are imported when it runs)."""

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from ...core.i18n import _
from .common import error

__all__ = ["analyze_command", "run_analyze"]


def analyze_command(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="A results file written by simulate or tournament --out FILE.jsonl.",
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="DIR",
            help="Write the plots (PNG) and report.html here (default: FILE-report/ beside FILE).",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the statistics as one JSON object.")
    ] = False,
    report: Annotated[
        bool,
        typer.Option(
            "--report/--no-report",
            help="Write the plots and the HTML report (needs matplotlib: the analysis extra).",
        ),
    ] = True,
) -> None:
    """Statistics of a results file: per side wins, points per hand with 95% intervals, the
    leader's advantage, blocked hands, hand lengths and score distributions; plots and an HTML
    report."""
    run_analyze(file, out, as_json, report)


def run_analyze(file: Path, out: Path | None, as_json: bool, report: bool) -> None:
    """``boneyard analyze``: print the statistics of a results file and write its report."""
    from ...research.report import MissingPlots, print_tables, write_report
    from ...research.results import ResultsError
    from ...research.stats import analyze_results

    try:
        analysis = analyze_results(file)
    except ResultsError as e:
        error(str(e))
    page = None
    no_plots = None
    if report:
        directory = out if out is not None else file.with_name(f"{file.stem}-report")
        try:
            page = write_report(analysis, directory)
        except MissingPlots as e:
            # The tables need no plotting library: they are printed all the same.
            no_plots = str(e)
        except OSError as e:
            error(
                _("cannot write the report in {folder}: {reason}").format(
                    folder=directory, reason=e.strerror or e
                )
            )
    if as_json:
        if page is not None:
            analysis["report"] = str(page)
        print(json.dumps(analysis))
        if no_plots is not None:
            print(no_plots, file=sys.stderr)
        return
    print_tables(analysis)
    if page is not None:
        print(_("report: {file}").format(file=page))
    if no_plots is not None:
        print(no_plots)
