"""``boneyard play``: a match against the computer, full screen in a terminal (:mod:`..tui`), or
the line-based game (:mod:`..plain`) with ``--plain`` or when input or output is not a terminal.
The games, the analysis and the screens are imported when it runs."""

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ...core.i18n import _, ngettext
from .common import configure, error, parse_option_args
from .options import OptionsOpt, PlayersOpt, RulesOpt, gathered

if TYPE_CHECKING:
    from ...core.protocol import GameRules
    from ..plain import TerminalGame

__all__ = ["PlayOptions", "play_command"]


@dataclass(frozen=True)
class PlayOptions:
    """What ``boneyard play`` is asked for: each field is its argument or option as Typer reads
    it, with its default."""

    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="A game id or alias, e.g. block. Without it the full-screen game opens on "
            "its start screen (the plain game plays block).",
        ),
    ] = None
    rules: RulesOpt = None
    option: OptionsOpt = None
    players: PlayersOpt = None
    opponent: Annotated[
        str | None,
        typer.Option(
            "--opponent",
            metavar="AGENT",
            help="Agent for the computer seats (or A,B,... one per seat); default: the "
            "game's own computer player (docs/play.md lists each game's).",
        ),
    ] = None
    seed: Annotated[int | None, typer.Option("--seed", metavar="S", help="Seed of the deal.")] = (
        None
    )
    save: Annotated[
        Path | None,
        typer.Option("--save", metavar="FILE", help="Write the game's record to FILE."),
    ] = None
    resume: Annotated[
        Path | None,
        typer.Option("--resume", metavar="FILE", help="Go on with the match of a game record."),
    ] = None
    hints: Annotated[
        bool,
        typer.Option(
            "--hints",
            help="Show what each of your moves is worth on average and why, and the best.",
        ),
    ] = False
    review: Annotated[
        bool,
        typer.Option(
            "--review", help="After each hand, review your moves (plain game; type review)."
        ),
    ] = False
    plain: Annotated[
        bool,
        typer.Option(
            "--plain",
            help="The line-based game: numbered choices, read line by line from standard "
            "input (also when input or output is not a terminal).",
        ),
    ] = False
    levels: Annotated[
        bool,
        typer.Option(
            "--levels",
            help="List the computer levels with their measured ratings (in GAME, or in "
            "two-player Block), and exit.",
        ),
    ] = False


@gathered(PlayOptions, "asked")
def play_command(*, asked: PlayOptions) -> None:
    """Play a match against the computer (you are seat 0): full screen in a terminal, or the
    line-based game with --plain."""
    from ...core.options import OptionError
    from ...players.analysis import analysis_effort

    if asked.levels:
        print(levels_text(asked.game))
        return
    try:
        analysis_effort()  # a bad BONEYARD_ANALYSIS_EFFORT, said before starting
    except OptionError as e:
        error(str(e))
    full_screen = not asked.plain and _in_a_terminal() and _can_go_full_screen()
    record = None
    if asked.resume is not None:
        if asked.game is not None:
            error(_("give a GAME or --resume FILE, not both"))
        record = _read_resume(asked.resume)
    if full_screen:
        _play_full_screen(asked)
        return
    session = _plain_game(asked, record)
    _check_save(asked.save)
    status = 0
    try:
        session.run()
    except KeyboardInterrupt:
        print("\nInterrupted.")
        status = 130
    if asked.save is not None:
        _save(session, asked.save)
    if status:
        raise typer.Exit(status)


def levels_text(game: str | None) -> str:
    """The search player's levels with their measured ratings (:mod:`...players.ladder`) in
    ``game`` (an id or alias; none: two-player Block), for ``--levels``."""
    from ...core.i18n import _, format_number
    from ...core.options import OptionError
    from ...games import get_game
    from ...players.expert import LEVELS
    from ...players.ladder import about, default_game, rating

    try:
        asked = get_game(game).id if game else default_game()
    except OptionError as e:
        error(str(e))
    lines = []
    where = asked
    for level in LEVELS:
        found = rating(asked, level)
        assert found is not None  # every level is on the ladder
        where = found.game
        said = format_number(about(found.rating))
        if found.low == found.high:  # the anchor of the scale
            line = _("{level}: rating {rating}, where the scale is fixed").format(
                level=level, rating=said
            )
        else:
            line = _("{level}: rating about {rating} (interval at 95%: {low} to {high})").format(
                level=level,
                rating=said,
                low=format_number(round(found.low)),
                high=format_number(round(found.high)),
            )
        lines.append(line)
    deals = rating(where, "expert")
    head = _(
        "The computer levels and their ratings, measured in {game} over {deals} duplicate "
        'deals a pairing (docs/ai.md, "Levels and their ratings"):'
    ).format(game=where, deals=format_number(deals.deals if deals else 0))
    if where != asked:
        head = _("{game} was not measured.").format(game=asked) + " " + head
    return "\n".join([head, *lines])


def _in_a_terminal() -> bool:
    """Whether both input and output are a terminal (then ``play`` is full screen)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _can_go_full_screen() -> bool:
    """Whether Textual is installed; if not, the line-based game is played, which says so."""
    try:
        import textual  # noqa: F401
    except ImportError:
        print(
            "boneyard: the full-screen game needs Textual (pip install 'boneyard[cli]'); "
            "playing the line-based game.",
            file=sys.stderr,
        )
        return False
    return True


def _opponents(opponent: str | None, rules: "GameRules") -> list[str]:
    """The computer players named by ``--opponent`` (checked), or the game's default."""
    from ...players.agents import resolve_agent
    from ...players.agents.plugins import split_names
    from ...text.narration import default_opponent

    names = split_names(opponent or default_opponent(rules))
    if not names:
        error(_("--opponent needs an agent name"))
    if len(names) > rules.players - 1:
        error(
            ngettext(
                "{count} opponent given for {seats} computer seats",
                "{count} opponents given for {seats} computer seats",
                len(names),
            ).format(count=len(names), seats=rules.players - 1)
        )
    # An unknown agent or a failing plug-in is an OptionError of one line.
    return [resolve_agent(name) for name in names]


def _read_resume(path: Path) -> dict[str, Any]:
    """The last record of a file given to ``--resume``."""
    from ...core.record import RecordError, read_records

    try:
        found = list(read_records(path))
    except RecordError as e:
        error(str(e))
    if not found:
        error(_("{file}: no records").format(file=path))
    _label, item = found[-1]
    if isinstance(item, RecordError):
        error(str(item))
    return item


def _check_save(save: Path | None) -> None:
    """Refuse ``--save`` into a folder that does not exist, before the game starts."""
    if save is not None and not save.parent.is_dir():
        error(
            _("cannot save to {file}: no directory {folder}").format(file=save, folder=save.parent)
        )


def _play_full_screen(asked: PlayOptions) -> None:
    """Check the arguments, then run the full-screen game."""
    from ...core.options import OptionError
    from ..tui.app import Launch, run

    opponents = None
    options = {}
    try:
        options = parse_option_args(asked.option or [])
        if asked.game is not None:
            resolved = configure(asked.game, asked.rules, asked.option, asked.players)
            opponents = _opponents(asked.opponent, resolved)
    except OptionError as e:
        error(str(e))
    _check_save(asked.save)
    message, status = run(
        Launch(
            game=asked.game,
            rules=asked.rules,
            options=options,
            players=asked.players,
            opponents=opponents,
            seed=asked.seed,
            save=asked.save,
            resume=asked.resume,
            hints=asked.hints,
        )
    )
    if message:
        print(message, file=sys.stderr if status else sys.stdout)
    if status:
        raise SystemExit(status)


def _plain_game(asked: PlayOptions, record: dict[str, Any] | None) -> "TerminalGame":
    """The line-based game, a new match or the match of ``record`` resumed."""
    from ...core.options import OptionError
    from ...core.record import RecordError
    from ...games import DEFAULT_GAME
    from ..plain import TerminalGame

    seed = asked.seed
    try:
        if record is not None:
            from ..tui.session import Session

            try:
                resumed = Session.resume(record)
            except RecordError as e:
                error(f"{asked.resume}: {e}")
            resolved = resumed.rules
            names = list(resumed.opponent_names)
            seed = resumed.seed
        else:
            game = asked.game or DEFAULT_GAME
            resolved = configure(game, asked.rules, asked.option, asked.players)
            names = _opponents(asked.opponent, resolved)
        session = TerminalGame(
            resolved,
            sys.stdin,
            sys.stdout,
            opponents=names,
            seed=seed,
            color=sys.stdout.isatty(),
            echo=not sys.stdin.isatty(),
            hints=asked.hints,
            review=asked.review,
        )
        if record is not None:
            session.match = resumed.match
    except OptionError as e:
        error(str(e))
    return session


def _save(session: "TerminalGame", save: Path) -> None:
    """Write the match's record to ``save``."""
    from ...core.record import match_to_record, write_records

    try:
        write_records(save, [match_to_record(session.match, session.record_players())])
    except OSError as e:
        error(_("cannot save to {file}: {reason}").format(file=save, reason=e.strerror or e))
    print(_("Saved the game to {file}.").format(file=save))
