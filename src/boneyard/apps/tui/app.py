"""The full-screen game: a Textual application.

``boneyard play`` starts it when it runs in a terminal (``boneyard play --plain`` keeps the
line-based game). Without a game named on the command line it opens on the start screen, with
the choices made last time; with one, the match starts at once.

>>> app = BoneyardApp(Launch(game="block", seed=1))
>>> app.launch.game, app.launch.seed
('block', 1)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from textual.app import App

from ...core.i18n import _
from ...core.options import OptionError
from ...core.protocol import GameRules
from ...core.record import RecordError, read_records, write_records
from ...text.narration import default_opponent
from .game import GameScreen
from .saves import discard, new_save_path, resume_command, saves_dir, write_save
from .screens import FileScreen, StartScreen, TextScreen
from .session import Session
from .settings import Settings, config_dir, load_settings, save_settings

__all__ = ["BoneyardApp", "Launch", "run"]


@dataclass
class Launch:
    """What the command line asked for: a game to start at once (or ``None`` for the start
    screen), its rules, options, players and opponents, the seed of the deal, a file to write the
    record to when the match ends or you quit, a record to resume, and hints."""

    game: str | None = None
    rules: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    players: int | None = None
    opponents: list[str] | None = None
    seed: int | None = None
    save: Path | None = None
    resume: Path | None = None
    hints: bool = False


class BoneyardApp(App[None]):
    """boneyard's full-screen game."""

    TITLE = "boneyard"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    .muted { color: $text-muted; }
    """

    def __init__(self, launch: Launch | None = None, *, config: Path | None = None) -> None:
        super().__init__()
        self.launch = launch or Launch()
        self.config = config or config_dir()
        self.settings = load_settings(self.config)
        self.session: Session | None = None
        self.exit_message = ""
        self.exit_status = 0

    def on_mount(self) -> None:
        launch = self.launch
        if launch.resume is not None:
            problem = self.resume_from(str(launch.resume))
            if problem is not None:
                self.exit_message = _("error: {message}").format(message=problem)
                self.exit_status = 2
                self.exit()
            return
        if launch.game is not None:
            from ...games import get_game

            try:
                rules = get_game(launch.game).configure(
                    launch.rules, launch.options, launch.players
                )
            except OptionError as e:
                self.exit_message = _("error: {message}").format(message=e)
                self.exit_status = 2
                self.exit()
                return
            opponents = launch.opponents or [default_opponent(rules)]
            self.start_match(rules, opponents, launch.seed)
            return
        self.push_screen(StartScreen(self.settings))

    # ----------------------------------------------------------------- matches
    def start_match(self, rules: GameRules, opponents: list[str], seed: int | None) -> None:
        session = Session(rules, opponents=opponents, seed=seed)
        session.begin()
        self.open_session(session)

    def open_session(self, session: Session) -> None:
        self.session = session
        screen = GameScreen(session)
        if isinstance(self.screen, StartScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def resume_from(self, path: str) -> str | None:
        """Go on with the match of a record file; the problem in words if it cannot be. A
        match that is over is shown, not resumed: its score sheet and winner, nothing
        changed."""
        try:
            records = list(read_records(path))
        except RecordError as e:
            return str(e)
        if not records:
            return f"{path}: no records"
        label, item = records[-1]
        if isinstance(item, RecordError):
            return str(item)
        try:
            session = Session.resume(item)
        except RecordError as e:
            return f"{label}: {e}"
        if session.match.over:
            # The winner first: the sheet under it (with every score's reason) may be long.
            text = _("{label}: that match is over; nothing is left to play.").format(label=label)
            text += "\n\n"
            text += session.winner_text() + "\n\n" + session.sheet_text()
            if isinstance(self.screen, StartScreen):
                self.push_screen(TextScreen(_("That match is over"), text))
            else:
                self.exit_message = text
                self.exit()
            return None
        if Path(path).resolve().parent == saves_dir(self.config).resolve():
            session.save_path = Path(path)  # go on saving it where it was
        session.begin(resumed=True)
        self.open_session(session)
        return None

    def new_match(self, session: Session) -> None:
        self.autosave(session)
        self.record_to_launch_file(session)
        self.session = None
        self.switch_screen(StartScreen(self.settings))

    def leave(self, session: Session) -> None:
        path = self.autosave(session)
        self.record_to_launch_file(session)
        self.remember(self.settings)
        if path is not None:
            saved = (
                _("The match is saved in {path}.").format(path=path)
                + "\n"
                + _("Resume it with `boneyard play` (the start screen lists it), or with:")
                + f"\n  {resume_command(path)}"
            )
            self.exit_message = "\n".join(m for m in (self.exit_message, saved) if m)
        self.exit()

    # ----------------------------------------------------------------- files
    @property
    def hints_always(self) -> bool:
        """Hints on every turn: the setting, or ``--hints`` for this run."""
        return self.settings.hints or self.launch.hints

    def remember(self, settings: Settings) -> None:
        self.settings = settings
        save_settings(settings, self.config)

    def autosave(self, session: Session) -> Path | None:
        """Keep the unfinished match so it can be resumed, in a file of its own among the saved
        matches (the one it was resumed from, if it was); forget it once it is over. The file
        written, or ``None``."""
        path = session.save_path
        try:
            if session.match.over:
                if path is not None:
                    discard(path)
                session.save_path = None
                return None
            if path is None:
                path = new_save_path(self.config, session.rules.game.id)
            write_save(path, session.to_record(self.settings.to_json()))
        except OSError:
            return None
        session.save_path = path
        return path

    def export(self, session: Session, path: str) -> str | None:
        """Write the match's record to ``path``; the problem in words, if any."""
        try:
            write_records(Path(path).expanduser(), [session.to_record()])
        except (OSError, ValueError) as e:
            return _("Could not export to {path}: {error}").format(path=path, error=e)
        return None

    def export_dialog(self, session: Session, done: Callable[[str], None]) -> None:
        """Ask for a file name and export the match's record there; ``done`` gets what
        happened, in words (nothing if the person cancels)."""
        default = f"boneyard-{session.rules.game.id}-{time.strftime('%Y%m%d-%H%M%S')}.json"

        def chosen(path: str | None) -> None:
            if path:
                problem = self.export(session, path)
                done(problem or _("Exported the record to {path}.").format(path=path))

        self.push_screen(FileScreen(_("Export the game record to:"), default), chosen)

    def record_to_launch_file(self, session: Session) -> None:
        """``--save FILE``: write the record there when the match ends or you leave."""
        if self.launch.save is not None:
            problem = self.export(session, str(self.launch.save))
            self.exit_message = problem or _("Saved the game to {path}.").format(
                path=self.launch.save
            )
            self.exit_status = 2 if problem else 0


def run(launch: Launch) -> tuple[str, int]:
    """Run the full-screen game; what to print when it ends, and the exit status."""
    app = BoneyardApp(launch)
    app.run()
    return app.exit_message, app.exit_status
