"""The ``boneyard`` command: one Typer app with ``rules``, ``play``, ``simulate``, ``tournament``,
``analyze``, ``replay`` and ``serve``.

The commands are thin adapters: they parse arguments, ask the engine (games, rules, matches,
records) and print. User errors (an unknown game, rule set, option or agent, a bad value or player
count, a missing file, an argument that is not text: bytes that are not UTF-8, a control character)
end with a one-line ``error: ...`` on stderr and exit status 2, never a traceback.

Typer is imported only when the command runs (:func:`main`), so ``import boneyard.apps.cli`` works
without it, and ``main`` says how to install it if it is missing. This module deliberately does not
use ``from __future__ import annotations``: Typer reads the parameter annotations at run time.
"""

import json
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

from .. import __version__
from ..core.intake import TextError, check_text, decode_utf8
from ..core.options import OptionError, format_value
from ..core.protocol import GameRules
from ..core.record import RecordError, Replay, read_records, replay_record
from ..games import DEFAULT_GAME, GAMES, get_game
from ..players.agents.plugins import split_names
from ..players.analysis import analysis_effort
from ..research.sim import SimResult, SimulationError, simulate
from ..research.tournament import run_tournament, tournament_text
from ..text.narration import default_opponent
from .plain import TerminalGame

if TYPE_CHECKING:
    import typer

__all__ = ["argument_problem", "build_app", "main", "parse_option_args"]

MISSING_TYPER = (
    "boneyard: the command-line interface needs Typer and Rich: pip install 'boneyard[cli]'"
)


def parse_option_args(items: Sequence[str]) -> dict[str, str]:
    """``["NAME=VALUE", ...]`` from ``-o`` into a dict (values stay strings: the game validates
    them)."""
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"bad option {item!r}: write NAME=VALUE, e.g. -o target_score=150")
        out[name.strip()] = value.strip()
    return out


def configure(
    game: str, rules: str | None, options: Sequence[str] | None, players: int | None
) -> GameRules:
    """Resolve a game, rule set, ``-o`` options and player count; :class:`OptionError` if any is
    bad."""
    return get_game(game).configure(rules, parse_option_args(options or []), players)


def error(message: str) -> NoReturn:
    """Print ``error: message`` on stderr and exit with status 2 (a user error)."""
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(2)


# --------------------------------------------------------------------- rules
def rules_listing() -> str:
    """Every game with its aliases, title, summary and rule sets (the default marked)."""
    lines = []
    for game in GAMES.values():
        aliases = f" (also {', '.join(game.aliases)})" if game.aliases else ""
        lines.append(f"{game.id}{aliases}: {game.title}. {game.summary}")
        sets = ", ".join(
            f"{name} (default)" if name == game.default_rules else name for name in game.rule_sets
        )
        lines.append(f"    rule sets: {sets}")
    lines.append("")
    lines.append("boneyard rules GAME shows a game's rule sets and options.")
    return "\n".join(lines)


def rules_json(game_name: str, rule_set: str | None) -> dict[str, Any]:
    """A game's description as JSON, with every option valued under ``rule_set`` (default: the
    game's)."""
    game = get_game(game_name)
    chosen = game.rule_set(rule_set).name
    return {
        "game": game.id,
        "title": game.title,
        "aliases": list(game.aliases),
        "summary": game.summary,
        "rules": chosen,
        "rule_sets": [
            {
                "name": rs.name,
                "description": rs.description,
                "source": rs.source,
                "default": rs.name == game.default_rules,
            }
            for rs in game.rule_sets.values()
        ],
        "options": game.describe_options(chosen),
        "players": {
            "min": game.min_players,
            "max": game.max_players,
            "default": game.players_for(chosen),
        },
        "ends": game.end_names,
    }


def rules_text(game_name: str, rule_set: str | None) -> str:
    """A game's rule sets and options in words."""
    info = rules_json(game_name, rule_set)
    players = info["players"]
    aliases = f" (also {', '.join(info['aliases'])})" if info["aliases"] else ""
    lines = [
        f"{info['game']}{aliases}: {info['title']}",
        info["summary"],
        f"Players: {players['min']} to {players['max']} (default {players['default']})"
        if players["min"] != players["max"]
        else f"Players: {players['min']}",
        f"Ends: {info['ends']}",
        "",
        "Rule sets:",
    ]
    for rs in info["rule_sets"]:
        mark = "*" if rs["name"] == info["rules"] else " "
        default = " (default)" if rs["default"] else ""
        lines.append(f" {mark} {rs['name']}{default}: {rs['description']}")
        if rs["source"]:
            lines.append(f"     source: {rs['source']}")
    lines += ["", f"Options under {info['rules']} (change with -o NAME=VALUE):"]
    values = get_game(game_name).preset_values(info["rules"])
    for row in info["options"]:
        lines.append(f"  {row['name']} = {format_value(values[row['name']])}")
        lines.append(f"      {row['help']}")
        lines.append(f"      allowed: {row['allowed']}")
    return "\n".join(lines)


# --------------------------------------------------------------------- simulate
def simulation_text(result: SimResult) -> str:
    """The per-side table of a simulation, and its speed."""
    labels = []
    for side in result.sides:
        labels.append(
            f"seat {side[0]}" if len(side) == 1 else "seats " + " & ".join(map(str, side))
        )
    unit = "hand" if result.per == "hand" else "match"
    units = f"{result.units} {'hands' if unit == 'hand' else 'matches'}"
    lines = [
        f"{result.game} ({result.rules}), {result.players} players, {units}, seed {result.seed}",
    ]
    agents = [result.side_agents(i) for i in range(len(result.sides))]
    lw = max(len("side"), *(len(x) for x in labels))
    aw = max(len("agents"), *(len(a) for a in agents))
    head = (
        f"{'side'.ljust(lw)}  {'agents'.ljust(aw)}  {'wins':>7}  {'win %':>6}  mean points/{unit}"
    )
    lines.append(head)
    for i, label in enumerate(labels):
        wins = result.wins[i]
        pct = 100.0 * wins / result.units
        lines.append(
            f"{label.ljust(lw)}  {agents[i].ljust(aw)}  {wins:>7}  {pct:>5.1f}%  "
            f"{result.mean_points[i]:.2f}"
        )
    lines.append(f"ties: {result.ties}")
    if result.resumed:
        lines.append(
            f"{result.resumed} {'hands' if unit == 'hand' else 'matches'} were already in the "
            "results file; played the rest:"
        )
    lines.append(
        f"{result.played} hands in {result.seconds:.2f} s: "
        f"{result.hands_per_second:,.0f} hands per second"
    )
    return "\n".join(lines)


@contextmanager
def progress_bar(enabled: bool, what: str) -> Iterator[Callable[[int, int, int], None] | None]:
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
        rate = f"{hands / seconds:,.0f} hands/s" if seconds > 0 else ""
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


def _interrupted(out: Path | None) -> NoReturn:
    """Ctrl-C during a run: say where the finished work is and how to go on."""
    message = "\ninterrupted"
    if out is not None:
        message += f": the finished units are in {out}; run the same command with --resume to go on"
    print(message, file=sys.stderr)
    raise SystemExit(130)


def run_analyze(file: Path, out: Path | None, as_json: bool, report: bool) -> None:
    """``boneyard analyze``: print the statistics of a results file and write its report."""
    from ..research.report import MissingPlots, print_tables, write_report
    from ..research.results import ResultsError
    from ..research.stats import analyze_results

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
            error(f"cannot write the report in {directory}: {e.strerror or e}")
    if as_json:
        if page is not None:
            analysis["report"] = str(page)
        print(json.dumps(analysis))
        if no_plots is not None:
            print(no_plots, file=sys.stderr)
        return
    print_tables(analysis)
    if page is not None:
        print(f"report: {page}")
    if no_plots is not None:
        print(no_plots)


# --------------------------------------------------------------------- replay
def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def replay_text(label: str, replay: Replay) -> str:
    """A replayed record's score sheet: sides, points per hand, how each ended, the totals."""
    rules = replay.rules
    players = replay.record.get("players", [])
    sides = [" & ".join(str(players[s]) for s in side) for side in rules.sides]
    seats = [
        f"{sides[i]} (seat{'s' if len(side) > 1 else ''} {', '.join(map(str, side))})"
        for i, side in enumerate(rules.sides)
    ]
    lines = [f"{label}: {rules.game.id} ({rules.rule_set}), {rules.players} players"]
    lines.append("  " + " vs ".join(seats))
    widths = [max(len(s), 6) for s in sides]
    lines.append(
        "  hand  "
        + "  ".join(s.rjust(w) for s, w in zip(sides, widths, strict=True))
        + "  ended       winner"
    )
    for i, hand in enumerate(replay.hands, 1):
        cells = "  ".join(_num(p).rjust(w) for p, w in zip(hand.points, widths, strict=True))
        winner = sides[hand.winner] if hand.winner is not None else "-"
        lines.append(f"  {i:>4}  {cells}  {hand.ended.ljust(10)}  {winner}")
    cells = "  ".join(_num(p).rjust(w) for p, w in zip(replay.totals, widths, strict=True))
    lines.append(f"  total {cells}")
    if replay.complete:
        won = sides[replay.winner] if replay.winner is not None else "nobody"
        lines.append(f"  match complete: {won} won")
    else:
        lines.append("  match not complete")
    return "\n".join(lines)


def run_replay(path: str, as_json: bool) -> int:
    """Replay every record of ``path`` (RECORD.md): the exit status is 0 when all replayed and
    agreed, 1 when a recorded result disagreed, 2 when a record was rejected (or the file cannot be
    read)."""
    rejected = disagreed = False
    count = 0
    try:
        for label, item in read_records(path):
            count += 1
            if isinstance(item, RecordError):
                print(str(item), file=sys.stderr)
                rejected = True
                continue
            try:
                replay = replay_record(item)
            except RecordError as e:
                print(f"{label}: {e}", file=sys.stderr)
                rejected = True
                continue
            except Exception as e:  # an engine bug must not pass for a valid record
                print(f"{label}: cannot replay ({type(e).__name__}: {e})", file=sys.stderr)
                rejected = True
                continue
            if as_json:
                print(json.dumps(replay.to_json()))
            else:
                print(replay_text(label, replay))
            for message in replay.disagreements:
                print(f"{label}: {message}", file=sys.stderr)
                disagreed = True
    except RecordError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if count == 0:
        print(f"error: {path}: no records", file=sys.stderr)
        return 2
    return 2 if rejected else 1 if disagreed else 0


# --------------------------------------------------------------------- play
def _in_a_terminal() -> bool:
    """Whether both input and output are a terminal (then ``play`` is full screen)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _opponents(opponent: str | None, rules: GameRules) -> list[str]:
    """The computer players named by ``--opponent`` (checked), or the game's default."""
    from ..players.agents import resolve_agent

    names = split_names(opponent or default_opponent(rules))
    if not names:
        error("--opponent needs an agent name")
    if len(names) > rules.players - 1:
        error(f"{len(names)} opponents given for {rules.players - 1} computer seats")
    # An unknown agent or a failing plug-in is an OptionError of one line.
    return [resolve_agent(name) for name in names]


def _read_resume(path: Path) -> dict[str, Any]:
    """The last record of a file given to ``--resume``."""
    try:
        found = list(read_records(path))
    except RecordError as e:
        error(str(e))
    if not found:
        error(f"{path}: no records")
    _, item = found[-1]
    if isinstance(item, RecordError):
        error(str(item))
    return item


def _play_full_screen(
    game: str | None,
    rules: str | None,
    option: Sequence[str] | None,
    players: int | None,
    opponent: str | None,
    seed: int | None,
    save: Path | None,
    resume: Path | None,
    hints: bool,
) -> None:
    """Check the arguments, then run the full-screen game."""
    from .tui.app import Launch, run

    opponents = None
    options = {}
    try:
        options = parse_option_args(option or [])
        if game is not None:
            resolved = configure(game, rules, option, players)
            opponents = _opponents(opponent, resolved)
    except OptionError as e:
        error(str(e))
    if save is not None and not save.parent.is_dir():
        error(f"cannot save to {save}: no directory {save.parent}")
    message, status = run(
        Launch(
            game=game,
            rules=rules,
            options=options,
            players=players,
            opponents=opponents,
            seed=seed,
            save=save,
            resume=resume,
            hints=hints,
        )
    )
    if message:
        print(message, file=sys.stderr if status else sys.stdout)
    if status:
        raise SystemExit(status)


# --------------------------------------------------------------------- the app
def build_app() -> "typer.Typer":
    """The Typer app (needs Typer installed)."""
    import typer

    app = typer.Typer(
        name="boneyard",
        help="The classic games of dominoes: play, simulate, replay records, read the rules.",
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode=None,
        pretty_exceptions_show_locals=False,
    )

    def show_version(value: bool) -> None:
        if value:
            print(f"boneyard {__version__}")
            raise typer.Exit()

    @app.callback()
    def root(
        version: Annotated[
            bool,
            typer.Option(
                "--version",
                callback=show_version,
                is_eager=True,
                help="Print the version and exit.",
            ),
        ] = False,
    ) -> None:
        """boneyard: the classic games of dominoes."""

    RulesOpt = Annotated[
        str | None,
        typer.Option(
            "--rules", "-r", metavar="RULES", help="Rule set (default: the game's default)."
        ),
    ]
    OptionsOpt = Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="NAME=VALUE",
            help="Change an option: NAME=VALUE (repeatable).",
        ),
    ]
    PlayersOpt = Annotated[
        int | None,
        typer.Option(
            "--players", "-n", metavar="N", help="Number of players (default: the game's)."
        ),
    ]

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

    @app.command("rules")
    def rules_command(
        game: Annotated[
            str | None, typer.Argument(metavar="GAME", help="A game id or alias.")
        ] = None,
        rules: RulesOpt = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    ) -> None:
        """List the games, or show one game's rule sets and options."""
        try:
            if game is None:
                if rules is not None:
                    error("--rules needs a GAME")
                if as_json:
                    print(json.dumps([rules_json(g, None) for g in GAMES]))
                else:
                    print(rules_listing())
                return
            if as_json:
                print(json.dumps(rules_json(game, rules)))
            else:
                print(rules_text(game, rules))
        except OptionError as e:
            error(str(e))

    @app.command("play")
    def play_command(
        game: Annotated[
            str | None,
            typer.Argument(
                metavar="GAME",
                help="A game id or alias, e.g. block. Without it the full-screen game opens on "
                "its start screen (the plain game plays block).",
            ),
        ] = None,
        rules: RulesOpt = None,
        option: OptionsOpt = None,
        players: PlayersOpt = None,
        opponent: Annotated[
            str | None,
            typer.Option(
                "--opponent",
                metavar="AGENT",
                help="Agent for the computer seats (or A,B,... one per seat); default: the "
                "game's own computer player (docs/play.md lists each game's).",
            ),
        ] = None,
        seed: Annotated[
            int | None, typer.Option("--seed", metavar="S", help="Seed of the deal.")
        ] = None,
        save: Annotated[
            Path | None,
            typer.Option("--save", metavar="FILE", help="Write the game's record to FILE."),
        ] = None,
        resume: Annotated[
            Path | None,
            typer.Option("--resume", metavar="FILE", help="Go on with the match of a game record."),
        ] = None,
        hints: Annotated[
            bool,
            typer.Option(
                "--hints",
                help="Show what each of your moves is worth on average and why, and the best.",
            ),
        ] = False,
        review: Annotated[
            bool,
            typer.Option(
                "--review", help="After each hand, review your moves (plain game; type review)."
            ),
        ] = False,
        plain: Annotated[
            bool,
            typer.Option(
                "--plain",
                help="The line-based game: numbered choices, read line by line from standard "
                "input (also when input or output is not a terminal).",
            ),
        ] = False,
    ) -> None:
        """Play a match against the computer (you are seat 0): full screen in a terminal, or the
        line-based game with --plain."""
        try:
            analysis_effort()  # a bad BONEYARD_ANALYSIS_EFFORT, said before starting
        except OptionError as e:
            error(str(e))
        full_screen = not plain and _in_a_terminal()
        if full_screen:
            try:
                import textual  # noqa: F401
            except ImportError:
                print(
                    "boneyard: the full-screen game needs Textual (pip install 'boneyard[cli]'); "
                    "playing the line-based game.",
                    file=sys.stderr,
                )
                full_screen = False
        record: dict[str, Any] | None = None
        if resume is not None:
            if game is not None:
                error("give a GAME or --resume FILE, not both")
            record = _read_resume(resume)
        if full_screen:
            _play_full_screen(game, rules, option, players, opponent, seed, save, resume, hints)
            return
        try:
            if record is not None:
                from .tui.session import Session

                try:
                    resumed = Session.resume(record)
                except RecordError as e:
                    error(f"{resume}: {e}")
                resolved = resumed.rules
                names = list(resumed.opponent_names)
                seed = resumed.seed
            else:
                resolved = configure(game or DEFAULT_GAME, rules, option, players)
                names = _opponents(opponent, resolved)
            session = TerminalGame(
                resolved,
                sys.stdin,
                sys.stdout,
                opponents=names,
                seed=seed,
                color=sys.stdout.isatty(),
                echo=not sys.stdin.isatty(),
                hints=hints,
                review=review,
            )
            if record is not None:
                session.match = resumed.match
        except OptionError as e:
            error(str(e))
        if save is not None and not save.parent.is_dir():
            error(f"cannot save to {save}: no directory {save.parent}")
        status = 0
        try:
            session.run()
        except KeyboardInterrupt:
            print("\nInterrupted.")
            status = 130
        if save is not None:
            from ..core.record import match_to_record, write_records

            try:
                write_records(save, [match_to_record(session.match, session.record_players())])
            except OSError as e:
                error(f"cannot save to {save}: {e.strerror or e}")
            print(f"Saved the game to {save}.")
        if status:
            raise typer.Exit(status)

    @app.command("simulate")
    def simulate_command(
        game: Annotated[
            str, typer.Argument(metavar="GAME", help="A game id or alias, e.g. block.")
        ],
        rules: RulesOpt = None,
        option: OptionsOpt = None,
        players: PlayersOpt = None,
        hands: Annotated[
            int | None, typer.Option("--hands", metavar="N", help="Play N independent hands.")
        ] = None,
        matches: Annotated[
            int | None, typer.Option("--matches", metavar="N", help="Play N whole matches.")
        ] = None,
        agents: Annotated[
            str,
            typer.Option(
                "--agents",
                metavar="A,B,...",
                help="Agents, one per seat, or one for all, or fewer cycled: A,B,...",
            ),
        ] = "random",
        seed: Annotated[
            int, typer.Option("--seed", metavar="S", help="Seed of the whole run.")
        ] = 0,
        as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
        save: Annotated[
            Path | None,
            typer.Option(
                "--save", metavar="FILE", help="Write one record per hand or match to FILE.jsonl."
            ),
        ] = None,
        workers: WorkersOpt = None,
        out: OutOpt = None,
        records: RecordsOpt = False,
        resume: ResumeOpt = False,
        backend: BackendOpt = "local",
        address: AddressOpt = None,
        progress: ProgressOpt = True,
    ) -> None:
        """Computer against computer: play many hands or matches and count wins and points.
        With --out, every hand's result is streamed to a .jsonl file (resumable with --resume)
        for boneyard analyze."""
        if (hands is None) == (matches is None):
            error("give exactly one of --hands N or --matches N")
        if address is not None:
            backend = "ray"
        try:
            resolved = configure(game, rules, option, players)
            with (
                terminate_as_interrupt(),
                progress_bar(progress and not as_json, "hands" if hands else "matches") as bar,
            ):
                result = simulate(
                    resolved,
                    split_names(agents),
                    hands=hands,
                    matches=matches,
                    seed=seed,
                    save=save,
                    workers=workers,
                    out=out,
                    records=records,
                    resume=resume,
                    backend=backend,
                    address=address,
                    progress=bar,
                )
        except (OptionError, SimulationError) as e:
            error(str(e))
        except OSError as e:
            error(f"cannot write {e.filename or save or out}: {e.strerror or e}")
        except KeyboardInterrupt:
            _interrupted(out)
        if as_json:
            print(json.dumps(result.to_json()))
        else:
            print(simulation_text(result))

    @app.command("tournament")
    def tournament_command(
        game: Annotated[
            str, typer.Argument(metavar="GAME", help="A game id or alias, e.g. block.")
        ],
        agents: Annotated[
            str,
            typer.Option(
                "--agents", metavar="A,B[,C...]", help="The agents that play: one per side at most."
            ),
        ],
        rules: RulesOpt = None,
        option: OptionsOpt = None,
        players: PlayersOpt = None,
        deals: Annotated[
            int,
            typer.Option(
                "--deals", metavar="N", min=1, help="Deals, each played once per seat rotation."
            ),
        ] = 1000,
        seed: Annotated[
            int, typer.Option("--seed", metavar="S", help="Seed of the whole tournament.")
        ] = 0,
        as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
        save: Annotated[
            Path | None,
            typer.Option("--save", metavar="FILE", help="Write one record per hand to FILE.jsonl."),
        ] = None,
        workers: WorkersOpt = None,
        out: OutOpt = None,
        records: RecordsOpt = False,
        resume: ResumeOpt = False,
        backend: BackendOpt = "local",
        address: AddressOpt = None,
        progress: ProgressOpt = True,
    ) -> None:
        """Duplicate-deal tournament: every deal is played with the seats rotated, so each agent
        holds each hand; win rates, points per hand with 95% intervals, ratings, move times.
        With --out, every hand's result is streamed to a .jsonl file (resumable with
        --resume)."""
        if address is not None:
            backend = "ray"
        try:
            resolved = configure(game, rules, option, players)
            with terminate_as_interrupt(), progress_bar(progress and not as_json, "deals") as bar:
                result = run_tournament(
                    resolved,
                    split_names(agents),
                    deals=deals,
                    seed=seed,
                    workers=workers,
                    save=save,
                    out=out,
                    records=records,
                    resume=resume,
                    backend=backend,
                    address=address,
                    progress=bar,
                )
        except (OptionError, SimulationError) as e:
            error(str(e))
        except OSError as e:
            error(f"cannot write {e.filename or save or out}: {e.strerror or e}")
        except KeyboardInterrupt:
            _interrupted(out)
        if as_json:
            print(json.dumps(result.to_json()))
        else:
            print(tournament_text(result))

    @app.command("analyze")
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
                help="Write the plots (PNG) and report.html here (default: FILE-report/ beside "
                "FILE).",
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

    @app.command("serve")
    def serve_command(
        host: Annotated[
            str,
            typer.Option(
                "--host",
                metavar="HOST",
                help="Address to listen on (0.0.0.0 for other machines).",
            ),
        ] = "127.0.0.1",
        port: Annotated[
            int, typer.Option("--port", metavar="PORT", min=0, max=65535, help="Port.")
        ] = 8000,
        db: Annotated[
            str | None,
            typer.Option(
                "--db",
                metavar="URL",
                help="The store: a SQLAlchemy URL (postgresql+psycopg://...) or a SQLite file "
                "(default: boneyard.db here).",
            ),
        ] = None,
        fd: Annotated[
            int | None,
            typer.Option("--fd", metavar="N", hidden=True, help="Serve on the listening socket N."),
        ] = None,
        log_level: Annotated[
            str,
            typer.Option(
                "--log-level",
                metavar="LEVEL",
                help="critical, error, warning, info (the default: every request) or debug.",
            ),
        ] = "info",
        computer_delay: Annotated[
            float | None,
            typer.Option(
                "--computer-delay",
                metavar="S",
                min=0,
                help="Seconds a computer player waits before it moves (default 0.7).",
            ),
        ] = None,
        agent: Annotated[
            list[str] | None,
            typer.Option(
                "--agent",
                metavar="AGENT",
                help="Offer a plug-in agent as a computer level (repeatable): an installed "
                "plug-in's name, or an import path with arguments, e.g. "
                "'mypkg.agents:load(path=policy.npz)'.",
            ),
        ] = None,
        clock: Annotated[
            int | None,
            typer.Option(
                "--clock",
                metavar="S",
                min=0,
                max=3600,
                help="The turn clock where several people play, unless a table sets its own: "
                "seconds before a computer plays for a person who has not moved (default 60; "
                "0: none).",
            ),
        ] = None,
        expire_after: Annotated[
            str | None,
            typer.Option(
                "--expire-after",
                metavar="DURATION",
                help="Close a table where no person has acted for this long (default 2h; "
                "90s, 30m, 2h, 7d).",
            ),
        ] = None,
        workers: Annotated[
            int | None,
            typer.Option(
                "--workers",
                metavar="N",
                min=0,
                help="Worker processes for the computer players at tables where someone plays "
                "(default: one per core; 0: threads in the server's process).",
            ),
        ] = None,
        store_timeout: Annotated[
            float | None,
            typer.Option(
                "--store-timeout",
                metavar="S",
                min=0.5,
                help="Seconds any one operation on the store may take before it is given up and "
                "the move refused with 'storage' (default 5).",
            ),
        ] = None,
        lease: Annotated[
            float | None,
            typer.Option(
                "--lease",
                metavar="S",
                min=1,
                help="Several processes on one PostgreSQL store: seconds a process's hold on its "
                "tables lasts unless renewed; another takes them over about this long after it "
                "dies (default 10).",
            ),
        ] = None,
        advertise: Annotated[
            str | None,
            typer.Option(
                "--advertise",
                metavar="URL",
                help="Several processes on one PostgreSQL store: the address at which the others "
                "reach this one (default: http://HOST:PORT as it listens).",
            ),
        ] = None,
        forwarded_allow_ips: Annotated[
            str | None,
            typer.Option(
                "--forwarded-allow-ips",
                metavar="IPS",
                help="Behind a proxy: the proxies' addresses or networks (comma-separated, or *) "
                "trusted to say who their client is (X-Forwarded-For, X-Forwarded-Proto).",
            ),
        ] = None,
    ) -> None:
        """Serve the games in a browser: tables against the computer or with friends, a lobby,
        records and replays (needs the server extra)."""
        try:
            from .server import serve
        except ImportError:  # pragma: no cover - the extra is missing
            error("the server needs its extra: pip install 'boneyard[server]'")
        try:
            import fastapi  # noqa: F401
            import sqlalchemy  # noqa: F401
            import uvicorn  # noqa: F401
        except ImportError:
            error("the server needs its extra: pip install 'boneyard[server]'")
        if log_level not in ("critical", "error", "warning", "info", "debug"):
            error(f"--log-level {log_level}: choose critical, error, warning, info or debug")
        from ..players.agents import resolve_agent
        from .server.admin import parse_duration
        from .server.settings import Settings
        from .server.store import database_url

        settings = Settings(db=database_url(db))
        if computer_delay is not None:
            settings.computer_delay = computer_delay
        if clock is not None:
            settings.clock = clock
        if expire_after is not None:
            try:
                settings.expire_after = parse_duration(expire_after).total_seconds()
            except ValueError as e:
                error(f"--expire-after: {e}")
        if workers is not None:
            settings.workers = workers
        if store_timeout is not None:
            settings.store_timeout = store_timeout
        if lease is not None:
            settings.lease = lease
        if advertise is not None:
            if not advertise.startswith(("http://", "https://")):
                error(f"--advertise {advertise}: give an address such as http://10.0.0.5:8000")
            settings.advertise = advertise.rstrip("/")
        settings.forwarded_allow_ips = forwarded_allow_ips
        try:
            settings.agents = tuple(dict.fromkeys(resolve_agent(a) for a in agent or ()))
        except OptionError as e:
            error(str(e))
        from .server import StartRefused

        def ready(url: str) -> None:
            if fd is None:
                print(f"boneyard serve: open {url} in a browser", flush=True)

        try:
            serve(host, port, fd=fd, log_level=log_level, settings=settings, ready=ready)
        except StartRefused as e:
            # The store or the address refused: one sentence says why (docs/server.md).
            print(str(e), file=sys.stderr)
            raise SystemExit(1) from None

    tables_app = typer.Typer(
        name="tables",
        help="Operate a server's store: list, close, delete and expire its tables.",
        no_args_is_help=True,
        rich_markup_mode=None,
    )
    app.add_typer(tables_app)
    StoreOpt = Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            help="The store: a SQLAlchemy URL or a SQLite file (default: boneyard.db here).",
        ),
    ]
    IdsArg = Annotated[list[str], typer.Argument(metavar="ID...", help="Table ids.")]

    def open_store(db: str | None) -> Any:
        try:
            from .server.store import Store, database_url
        except ImportError:
            error("boneyard tables needs the server extra: pip install 'boneyard[server]'")
        from .server.store import StoreRefused

        url = database_url(db)
        if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).exists():
            error(f"no store at {url.removeprefix('sqlite:///')}: give its --db")
        try:
            store = Store(url)
            store.open()
        except StoreRefused as e:
            error(str(e))
        return store

    @tables_app.command("list")
    def tables_list(
        db: StoreOpt = None,
        status: Annotated[
            list[str] | None,
            typer.Option(
                "--status",
                metavar="STATUS",
                help="Only tables of this status: playing, between_hands, over, closed "
                "(repeatable).",
            ),
        ] = None,
        idle: Annotated[
            str | None,
            typer.Option(
                "--idle",
                metavar="DURATION",
                help="Only tables where no person has acted for this long (30m, 2h, 7d).",
            ),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="One JSON object a line.")] = False,
    ) -> None:
        """List the tables of a store, newest first: id, game, status, moves, when a person last
        acted, seats."""
        from .server import admin

        for given in status or []:
            if given not in admin.STATUSES:
                error(f"--status {given}: choose from {', '.join(admin.STATUSES)}")
        since = None
        if idle is not None:
            try:
                since = datetime.now(UTC) - admin.parse_duration(idle)
            except ValueError as e:
                error(f"--idle: {e}")
        store = open_store(db)
        try:
            rows = store.rows(statuses=status or None, idle_since=since)
        finally:
            store.close()
        print(admin.rows_json(rows) if as_json else admin.listing(rows))

    @tables_app.command("close")
    def tables_close(ids: IdsArg, db: StoreOpt = None) -> None:
        """Close tables whose match goes on: they leave the lobby and are not resumed (a server
        running on the store closes them within a minute, telling their readers)."""
        from .server import admin

        store = open_store(db)
        try:
            closed, kept = admin.close(store, ids)
        finally:
            store.close()
        for table_id in closed:
            print(f"closed {table_id}")
        for table_id in kept:
            print(f"{table_id}: no such table in play", file=sys.stderr)
        if kept:
            raise typer.Exit(1)

    @tables_app.command("delete")
    def tables_delete(
        ids: IdsArg,
        db: StoreOpt = None,
        force: Annotated[
            bool, typer.Option("--force", help="Delete tables in play too (close them first).")
        ] = False,
    ) -> None:
        """Delete tables with their seats, hands, moves and chat, for good. A table in play is
        kept unless --force: close it first."""
        from .server import admin

        store = open_store(db)
        try:
            deleted, kept = admin.delete(store, ids, force)
        finally:
            store.close()
        for table_id in deleted:
            print(f"deleted {table_id}")
        for table_id in kept:
            print(f"{table_id}: kept (no such table, or in play: close it first)", file=sys.stderr)
        if kept:
            raise typer.Exit(1)

    @tables_app.command("expire")
    def tables_expire(
        db: StoreOpt = None,
        after: Annotated[
            str,
            typer.Option(
                "--after",
                metavar="DURATION",
                help="Close tables in play where no person has acted for this long (default 2h, "
                "the server's own rule).",
            ),
        ] = "2h",
    ) -> None:
        """Close every table in play where no person has acted for a while."""
        from .server import admin

        try:
            idle = admin.parse_duration(after)
        except ValueError as e:
            error(f"--after: {e}")
        store = open_store(db)
        try:
            closed = admin.expire(store, idle)
        finally:
            store.close()
        for table_id in closed:
            print(f"closed {table_id}")
        print(f"{len(closed)} table{'s' if len(closed) != 1 else ''} closed")

    db_app = typer.Typer(
        name="db",
        help="A server's store itself: upgrade its schema.",
        no_args_is_help=True,
        rich_markup_mode=None,
    )
    app.add_typer(db_app)

    @db_app.command("upgrade")
    def db_upgrade(db: StoreOpt = None) -> None:
        """Create a store's schema or upgrade it to this version's (a server does it too when it
        starts; several starting at once on one PostgreSQL store take turns)."""
        try:
            from .server.store import Store, database_url
        except ImportError:
            error("boneyard db needs the server extra: pip install 'boneyard[server]'")
        from .server.store import StoreRefused

        url = database_url(db)
        try:
            store = Store(url)
            try:
                before = store.revision()
                store.open()
                after = store.revision()
            finally:
                store.close()
        except StoreRefused as e:
            error(str(e))
        shown = store.engine.url.render_as_string(hide_password=True)
        if before == after:
            print(f"{shown}: at revision {after} already")
        else:
            print(f"{shown}: upgraded from revision {before or 'none'} to {after}")

    @app.command("replay")
    def replay_command(
        file: Annotated[
            str,
            typer.Argument(
                metavar="FILE", help="A record file: .json (one) or .jsonl (one per line)."
            ),
        ],
        as_json: Annotated[
            bool, typer.Option("--json", help="One JSON object per record, one per line.")
        ] = False,
    ) -> None:
        """Replay game records, check their results and print their score sheets."""
        status = run_replay(file, as_json)
        if status:
            raise typer.Exit(status)

    return app


def main(argv: Sequence[str] | None = None) -> None:
    """The console script ``boneyard``."""
    try:
        import typer  # noqa: F401
    except ImportError:
        print(MISSING_TYPER, file=sys.stderr)
        raise SystemExit(1) from None
    args = list(argv) if argv is not None else sys.argv[1:]
    problem = argument_problem(args)
    if problem is not None:
        error(problem)
    app = build_app()
    app(args=args, prog_name="boneyard")


def argument_problem(args: Sequence[str]) -> str | None:
    """Why the command line cannot be taken, or ``None``: every argument is text from outside,
    checked here where it enters (:mod:`boneyard.core.intake`): UTF-8 (Python hands undecodable
    bytes on as lone surrogates), on one line, with no control character."""
    for n, arg in enumerate(args, 1):
        what = f"argument {n} ({ascii(arg)[:40]})"
        try:
            try:
                raw = arg.encode("utf-8", "surrogateescape")
            except UnicodeEncodeError:
                pass  # a lone surrogate that no byte gave: check_text names it
            else:
                decode_utf8(raw, what)
            check_text(arg, what)
        except TextError as e:
            return str(e)
    return None
