"""The full-screen game: a Textual application.

``boneyard play`` starts it when it runs in a terminal (``boneyard play --plain`` keeps the
line-based game). Without a game named on the command line it opens on the start screen, with
the choices made last time; with one, the match starts at once.

>>> app = BoneyardApp(Launch(game="block", seed=1))
>>> app.launch.game, app.launch.seed
('block', 1)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from textual.app import App

from ..options import OptionError
from ..record import RecordError, read_records, write_records
from ..rules.base import Rules
from ..terminal import default_opponent
from .game import GameScreen
from .screens import StartScreen
from .session import Session
from .settings import Settings, config_dir, load_settings, save_settings, saved_match_path

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
            if problem is None:
                return
            self.exit_message, self.exit_status = f"error: {problem}", 2
            self.exit()
            return
        elif launch.game is not None:
            from ..games import get_game

            try:
                rules = get_game(launch.game).configure(
                    launch.rules, launch.options, launch.players
                )
            except OptionError as e:
                self.exit_message, self.exit_status = f"error: {e}", 2
                self.exit()
                return
            opponents = launch.opponents or [default_opponent(rules)]
            self.start_match(rules, opponents, launch.seed)
            return
        self.push_screen(StartScreen(self.settings))

    # ----------------------------------------------------------------- matches
    def start_match(self, rules: Rules, opponents: list[str], seed: int | None) -> None:
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
        """Go on with the match of a record file; the problem in words if it cannot be."""
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
            return f"{label}: that match is over."
        session.begin(resumed=True)
        self.open_session(session)
        return None

    def new_match(self, session: Session) -> None:
        self.autosave(session)
        self.record_to_launch_file(session)
        self.session = None
        self.switch_screen(StartScreen(self.settings))

    def leave(self, session: Session) -> None:
        self.autosave(session)
        self.record_to_launch_file(session)
        self.remember(self.settings)
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
        """Keep the match so it can be resumed (or forget it once it is over)."""
        path = saved_match_path(self.config)
        try:
            if session.match.over:
                path.unlink(missing_ok=True)
                return None
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(
                json.dumps(session.to_record(self.settings.to_json()), indent=1) + "\n",
                encoding="utf-8",
            )
        except OSError:
            return None
        return path

    def export(self, session: Session, path: str) -> str | None:
        """Write the match's record to ``path``; the problem in words, if any."""
        try:
            write_records(Path(path).expanduser(), [session.to_record()])
        except (OSError, ValueError) as e:
            return f"Could not export to {path}: {e}"
        return None

    def record_to_launch_file(self, session: Session) -> None:
        """``--save FILE``: write the record there when the match ends or you leave."""
        if self.launch.save is not None:
            problem = self.export(session, str(self.launch.save))
            self.exit_message = problem or f"Saved the game to {self.launch.save}."
            self.exit_status = 2 if problem else 0


def run(launch: Launch) -> tuple[str, int]:
    """Run the full-screen game; what to print when it ends, and the exit status."""
    app = BoneyardApp(launch)
    app.run()
    return app.exit_message, app.exit_status
