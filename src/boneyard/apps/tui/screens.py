"""The screens of the full-screen game besides the table: the start screen, and the dialogs
(the end of a hand, texts to read, a claim, a file name, a question)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, OptionList, Select, Static, Switch
from textual.widgets.option_list import Option

from ...core.game import Game, RuleSet
from ...core.i18n import NP_, _, format_number
from ...core.options import OptionError, OptionSpec, format_value
from ...core.protocol import GameRules
from ...games import DEFAULT_GAME, GAMES, get_game
from ...players.agents import AGENTS
from ...players.expert import LEVELS
from ...text.narration import claim_error, default_opponent
from .keys import SpeaksKeys
from .saves import SavedMatch, discard, saved_matches
from .session import Session
from .settings import LEVEL_NAMES, SPEEDS, Settings

if TYPE_CHECKING:
    from .app import BoneyardApp

__all__ = [
    "ClaimScreen",
    "ConfirmScreen",
    "FileScreen",
    "HandOverScreen",
    "StartScreen",
    "TextScreen",
    "opponent_choices",
]


def opponent_choices(rules: GameRules) -> list[tuple[str, str]]:
    """The players a computer seat can be, for a Select: the search player's levels, then the
    heuristic players (the game's own first)."""
    from ...players.ladder import about, rating

    own = default_opponent(rules)
    choices = [(_("{name}: this game's own heuristic").format(name=own), own)]
    for level in LEVEL_NAMES:
        worlds = LEVELS[level].worlds
        noise = LEVELS[level].noise
        how = _("search, up to {worlds} worlds a move").format(worlds=format_number(worlds))
        if noise:
            how += _(", makes mistakes")
        measured = rating(rules.game.id, level)
        if measured is not None:
            said = format_number(about(measured.rating))
            if measured.game == rules.game.id:
                how += _(", rating about {rating}").format(rating=said)
            else:
                how += _(", rating about {rating} in two-player Block").format(rating=said)
        choices.append((f"{level}: {how}", level))
    for name in AGENTS:
        if name in LEVELS or name == own:
            continue
        choices.append((_("{name}: heuristic").format(name=name), name))
    return choices


def _select_row(label: str, choices: list[tuple[str, Any]], value: Any, id: str) -> ComposeResult:
    """A row of the start screen's form: its label, and a list to choose ``value`` from."""
    with Horizontal(classes="row"):
        yield Label(label)
        yield Select(choices, value=value, allow_blank=False, id=id)


def _option_field(spec: OptionSpec, value: str) -> Select[str] | Input:
    """The field of an option: a list to choose from (a flag, a choice), or text to type."""
    name = spec.name
    if spec.kind in ("bool", "choice"):
        items = ["true", "false"] if spec.kind == "bool" else list(spec.choices)
        if value not in items:
            items.append(value)
        return Select([(i, i) for i in items], value=value, allow_blank=False, id=f"option-{name}")
    return Input(value=value, id=f"option-{name}")


# --------------------------------------------------------------------- dialogs
class TextScreen(SpeaksKeys, ModalScreen[None]):
    """Something to read (the position in words, the score sheet, help, a review); any of Escape,
    Enter or q closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q", "dismiss_screen", NP_("key", "Close")),
    ]

    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > Vertical {
        width: 90%; height: 90%; border: round $accent; background: $surface; padding: 0 1;
    }
    TextScreen #heading { text-style: bold; height: 1; }
    TextScreen #body { height: 1fr; }
    TextScreen #hint { color: $text-muted; height: 1; }
    """

    def __init__(self, heading: str, body: str) -> None:
        super().__init__()
        self.heading = heading
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.heading, id="heading", markup=False)
            with VerticalScroll(id="body"):
                yield Static(self.body, id="text", markup=False)
            yield Static(_("Escape or Enter to close"), id="hint")

    def action_dismiss_screen(self) -> None:
        self.dismiss(None)


class ConfirmScreen(SpeaksKeys, ModalScreen[bool]):
    """A yes-or-no question: y or Enter for yes, n or Escape for no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", NP_("key", "Yes")),
        Binding("n,escape", "answer(False)", NP_("key", "No")),
    ]
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical {
        width: 60; height: auto; border: round $warning; background: $surface; padding: 1 2;
    }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, markup=False)
            yield Static("y / Enter: yes    n / Escape: no", classes="muted")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class FileScreen(SpeaksKeys, ModalScreen["str | None"]):
    """Ask for a file name (to export a record, or to open one)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", NP_("key", "Cancel"))]
    DEFAULT_CSS = """
    FileScreen { align: center middle; }
    FileScreen > Vertical {
        width: 80%; height: auto; border: round $accent; background: $surface; padding: 1 2;
    }
    """

    def __init__(self, question: str, default: str = "") -> None:
        super().__init__()
        self.question = question
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, markup=False)
            yield Input(value=self.default, id="path")
            yield Static(_("Enter to confirm, Escape to cancel"), classes="muted")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        self.dismiss(value or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ClaimScreen(SpeaksKeys, ModalScreen["int | None | str"]):
    """Where scores are claimed: what the chosen play claims. Enter with nothing claims nothing;
    Escape goes back to the moves (the result is then ``"back"``)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", NP_("key", "Back"))]
    DEFAULT_CSS = """
    ClaimScreen { align: center middle; }
    ClaimScreen > Vertical {
        width: 70; height: auto; border: round $accent; background: $surface; padding: 1 2;
    }
    ClaimScreen #error { color: $error; }
    """

    def __init__(self, rules: GameRules, move: str) -> None:
        super().__init__()
        self.rules = rules
        self.move = move

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                _(
                    "You {move}. Claim the points it scores: type them and press Enter (Enter "
                    "alone claims nothing; a wrong claim is struck and your opponent scores it). "
                    "Escape goes back."
                ).format(move=self.move),
                markup=False,
            )
            yield Input(placeholder=_("points"), id="claim", restrict=r"[0-9]*")
            yield Static("", id="error")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        if not value or value == "0":
            self.dismiss(None)
            return
        problem = claim_error(self.rules, int(value))
        if problem is not None:
            self.query_one("#error", Static).update(problem)
            return
        self.dismiss(int(value))

    def action_back(self) -> None:
        self.dismiss("back")


class HandOverScreen(SpeaksKeys, ModalScreen[str]):
    """The end of a hand: why it ended, what everyone held, the points and why, the score sheet.
    Enter goes on; a shows every hand, r reviews your moves, e exports the record, q quits. At the
    end of the match, n starts a new one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "close('next')", NP_("key", "Next hand")),
        Binding("a", "all_hands", NP_("key", "All hands")),
        Binding("r", "review", NP_("key", "Review")),
        Binding("e", "export", NP_("key", "Export")),
        Binding("n", "close('new')", NP_("key", "New match")),
        Binding("q", "close('quit')", NP_("key", "Quit")),
        Binding("escape", "close('look')", NP_("key", "Look at the table")),
    ]
    DEFAULT_CSS = """
    HandOverScreen { align: center bottom; background: $background 30%; }
    HandOverScreen > Vertical {
        width: 100%; height: 60%; border: round $success; background: $surface; padding: 0 1;
    }
    HandOverScreen #heading { text-style: bold; color: $success; height: auto; }
    HandOverScreen #body { height: 1fr; }
    HandOverScreen #keys { color: $text-muted; height: 1; }
    """

    def __init__(self, session: Session, hand: int, text: str, more: bool) -> None:
        super().__init__()
        self.session = session
        self.hand = hand
        self.text = text
        self.more = more
        self.extra: list[str] = []

    def compose(self) -> ComposeResult:
        heading = self.text.split("\n")[0]
        if not self.more:
            heading += "  " + self.session.winner_text()
        with Vertical():
            yield Static(heading, id="heading", markup=False)
            with VerticalScroll(id="body"):
                yield Static(self._body(), id="text", markup=False)
            keys = (
                _("Enter: next hand") if self.more else _("n: new match  Escape: look at the table")
            ) + _("  a: all hands  r: review your moves  e: export the record  q: quit")
            yield Static(keys, id="keys", markup=False)

    def _body(self) -> str:
        session = self.session
        lines = self.text.split("\n")[1:]
        notes = session.notes.get(self.hand, [])
        scored = [n for n in notes if not n.startswith(_("Ended: "))]
        if scored:
            lines += ["", _("Scored during the hand:")] + [f"  {n}" for n in scored]
        first = _("Hand {number}:").split("{number}")[0]
        lines += ["", session.sheet_text().split("\n" + first)[0]]
        if not self.more:
            lines += ["", session.winner_text()]
        for block in self.extra:
            lines += ["", block]
        return "\n".join(lines)

    def _update(self) -> None:
        self.query_one("#text", Static).update(self._body())
        self.query_one("#body", VerticalScroll).scroll_end(animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close" and parameters and parameters[0] == "next":
            return self.more
        if action == "close" and parameters and parameters[0] in ("new", "look"):
            return not self.more
        return True

    def action_close(self, what: str) -> None:
        self.dismiss(what)

    def action_export(self) -> None:
        """Export the record from here; the panel stays (only Enter deals the next hand)."""

        def exported(message: str) -> None:
            self.extra.append(message)
            self._update()

        self.boneyard.export_dialog(self.session, exported)

    @property
    def boneyard(self) -> BoneyardApp:
        from .app import BoneyardApp

        app = self.app
        assert isinstance(app, BoneyardApp)
        return app

    def action_all_hands(self) -> None:
        text = self.session.all_hands_text(self.hand)
        if text not in self.extra:
            self.extra.append(text)
        self._update()

    def action_review(self) -> None:
        self.extra.append(_("Reviewing your moves..."))
        self._update()
        self._review()

    @work(thread=True, exclusive=True, group="review")
    def _review(self) -> None:
        text = self.session.review_of(self.hand)
        self.app.call_from_thread(self._reviewed, text)

    def _reviewed(self, text: str) -> None:
        self.extra = [t for t in self.extra if t != _("Reviewing your moves...")]
        self.extra.append(text)
        self._update()


# --------------------------------------------------------------------- the start screen
class StartScreen(SpeaksKeys, Screen[None]):
    """Choose the game, rule set, options, players and opponents; remembered between runs."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+g", "play", NP_("key", "Play")),
        Binding("ctrl+r", "resume", NP_("key", "Resume")),
        Binding("delete", "discard", NP_("key", "Discard"), show=False),
        Binding("ctrl+q", "quit_app", NP_("key", "Quit")),
    ]
    DEFAULT_CSS = """
    StartScreen { background: #0f3d22; }
    StartScreen #form { padding: 0 2; }
    StartScreen #banner { text-style: bold; color: #ffd166; height: 2; padding-top: 1; }
    StartScreen .row { height: auto; margin-top: 1; }
    StartScreen .row > Label { width: 16; padding-top: 1; }
    StartScreen .row > Select { width: 1fr; max-width: 60; }
    StartScreen .row > Input { width: 24; }
    StartScreen .about { color: #c8c3b4; padding-left: 16; height: auto; }
    StartScreen .option { height: auto; }
    StartScreen .option > Label { width: 26; padding-top: 1; }
    StartScreen .option > Select { width: 30; }
    StartScreen .option > Input { width: 30; }
    StartScreen .help { color: #c8c3b4; padding-left: 26; height: auto; }
    StartScreen #bar { dock: bottom; height: auto; background: #0a2916; padding: 0 2; }
    StartScreen #buttons { height: auto; margin-top: 1; }
    StartScreen .keys { color: #c8c3b4; height: auto; }
    StartScreen #buttons > Button { margin-right: 2; }
    StartScreen #error { color: #ff6b6b; height: auto; }
    StartScreen #options-box { height: auto; border: round #5a8f6e; padding: 0 1; }
    StartScreen .switch { height: auto; margin-top: 1; }
    StartScreen .switch > Label { padding: 1 1 0 1; }
    StartScreen #saves { height: auto; max-height: 8; border: round #ffd166; margin-top: 1; }
    """

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
        self.saved: list[SavedMatch] = []
        # One rebuild at a time: a second one started while the first's widgets are still being
        # mounted would remove a list before it has mounted its own parts.
        self._rebuilding = asyncio.Lock()

    @property
    def boneyard(self) -> BoneyardApp:
        from .app import BoneyardApp

        app = self.app
        assert isinstance(app, BoneyardApp)
        return app

    # -- what the settings say
    def game_id(self) -> str:
        return self.settings.game if self.settings.game in GAMES else DEFAULT_GAME

    def rule_set(self) -> str:
        game = GAMES[self.game_id()]
        chosen = self.settings.rules.get(game.id)
        return chosen if chosen in game.rule_sets else game.default_rules

    def players(self) -> int:
        game = GAMES[self.game_id()]
        n = self.settings.players
        if n is None or not game.min_players <= n <= game.max_players:
            n = game.players_for(self.rule_set())
        return n

    def option_values(self) -> dict[str, str]:
        return dict(self.settings.options.get(self.game_id(), {}))

    def rules_now(self) -> GameRules | None:
        try:
            return get_game(self.game_id()).configure(
                self.rule_set(), self.option_values(), self.players()
            )
        except OptionError:
            return None

    # -- the form
    def compose(self) -> ComposeResult:
        game = GAMES[self.game_id()]
        rule_set = game.rule_sets[self.rule_set()]
        players = self.players()
        rules = self.rules_now() or get_game(game.id).configure(rule_set.name, None, players)
        self.saved = saved_matches(self.boneyard.config)
        form = VerticalScroll(id="form")
        form.can_focus = False  # Tab goes from field to field, never to the form itself
        with form:
            yield Static(_("boneyard: the classic games of dominoes"), id="banner")
            yield Static("", id="error", markup=False)
            if self.saved:
                yield self._saves()
            yield from self._game_rows(game, rule_set, players)
            yield from self._seat_rows(rules, players)
            yield from self._play_rows()
            yield from self._options_box(game, rule_set)
        yield from self._bar()

    def _saves(self) -> OptionList:
        """The unfinished matches, to resume or discard."""
        saves = OptionList(
            *[Option(m.summary(), id=f"save-{i}") for i, m in enumerate(self.saved)],
            id="saves",
        )
        saves.border_title = _("Unfinished matches: Enter resumes one, Delete discards it")
        return saves

    def _game_rows(self, game: Game, rule_set: RuleSet, players: int) -> ComposeResult:
        """The game, its rule set and the number of players, each with what it is."""
        games = [(f"{_(g.title)} ({g.id})", g.id) for g in GAMES.values()]
        yield from _select_row(_("Game"), games, game.id, "game")
        yield Static(_(game.summary), classes="about", markup=False)
        rule_sets = [(name, name) for name in game.rule_sets]
        yield from _select_row(_("Rule set"), rule_sets, rule_set.name, "rules")
        yield Static(_(rule_set.description), classes="about", markup=False)
        counts = [(str(n), n) for n in range(game.min_players, game.max_players + 1)]
        yield from _select_row(_("Players"), counts, players, "players")

    def _seat_rows(self, rules: GameRules, players: int) -> ComposeResult:
        """Who plays each computer seat (and who is whose partner)."""
        if rules.partners():
            yield Static(_("Partners: you and seat 2 play against seats 1 and 3."), classes="about")
        choices = opponent_choices(rules)
        values = {v for _label, v in choices}
        opponents = self.settings.opponents
        for seat in range(1, players):
            chosen = opponents[seat - 1] if seat - 1 < len(opponents) else ""
            partner = " " + _("(partner)") if rules.side_of[seat] == rules.side_of[0] else ""
            value = chosen if chosen in values else choices[0][1]
            label = _("Seat {n}").format(n=seat) + partner
            yield from _select_row(label, choices, value, f"opponent-{seat}")

    def _play_rows(self) -> ComposeResult:
        """The seed, the speed, and how the game helps."""
        with Horizontal(classes="row"):
            yield Label(_("Seed"))
            yield Input(placeholder=_("random"), id="seed", restrict=r"-?[0-9]*")
            yield Label(_("Speed"))
            yield Select(
                [(_(name), name) for name in SPEEDS],
                value=self.settings.speed,
                allow_blank=False,
                id="speed",
            )
        with Horizontal(classes="switch"):
            yield Switch(value=self.settings.auto_forced, id="auto_forced")
            yield Label(_("Draw and pass for me when it is my only move"))
        with Horizontal(classes="switch"):
            yield Switch(value=self.settings.hints, id="hints")
            yield Label(_("Show what each of my moves is worth, always"))

    def _options_box(self, game: Game, rule_set: RuleSet) -> ComposeResult:
        """Every option of the game under the rule set, each with its help."""
        with Vertical(id="options-box"):
            yield Static(
                _("Options under {rules} (change any; each says what it does)").format(
                    rules=rule_set.name
                ),
                markup=False,
            )
            preset = game.preset_values(rule_set.name)
            changed = self.option_values()
            for spec in game.option_specs:
                value = changed.get(spec.name, format_value(preset[spec.name]))
                with Horizontal(classes="option"):
                    yield Label(spec.name)
                    yield _option_field(spec, value)
                yield Static(_(spec.help), classes="help", markup=False)

    def _bar(self) -> ComposeResult:
        """The buttons, and the keys."""
        with Vertical(id="bar"):
            with Horizontal(id="buttons"):
                yield Button(_("Play"), id="play", variant="success")
                yield Button(_("Resume"), id="resume", disabled=not self.saved)
                yield Button(_("Discard"), id="discard", disabled=not self.saved)
                yield Button(_("Open a record"), id="open")
                yield Button(_("Quit"), id="quit", variant="error")
            yield Static(
                _(
                    "Tab moves between fields, Enter opens a list or presses a button. Ctrl+G "
                    "plays, Ctrl+R resumes the unfinished match chosen, Delete discards it, "
                    "Ctrl+Q quits."
                ),
                classes="keys",
            )

    def on_mount(self) -> None:
        self._focus_play()

    async def _rebuild(self) -> None:
        async with self._rebuilding:
            await self.recompose()
            self._focus_play()

    def _focus_play(self) -> None:
        """Play has the focus, and the form shows its top (the list of unfinished matches
        scrolls itself into view as it is filled: undo that)."""
        self.query_one("#play", Button).focus(scroll_visible=False)
        form = self.query_one("#form", VerticalScroll)
        self.call_after_refresh(form.scroll_home, animate=False)

    # -- changes
    @on(Select.Changed, "#game")
    async def game_changed(self, event: Select.Changed) -> None:
        if event.value != self.settings.game and isinstance(event.value, str):
            self.settings.game = event.value
            self.settings.players = None
            await self._rebuild()

    @on(Select.Changed, "#rules")
    async def rules_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.rule_set():
            self.settings.rules[self.game_id()] = event.value
            await self._rebuild()

    @on(Select.Changed, "#players")
    async def players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int) and event.value != self.players():
            self.settings.players = event.value
            await self._rebuild()

    @on(Select.Changed, "#speed")
    def speed_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.settings.speed = event.value

    @on(Switch.Changed)
    def switch_changed(self, event: Switch.Changed) -> None:
        if event.switch.id in ("auto_forced", "hints"):
            setattr(self.settings, event.switch.id, event.value)

    @on(Select.Changed)
    def other_select_changed(self, event: Select.Changed) -> None:
        ident = event.select.id or ""
        if ident.startswith("opponent-"):
            seat = int(ident.split("-")[1])
            opponents = list(self.settings.opponents)
            while len(opponents) < seat:
                opponents.append("")
            rules = self.rules_now()
            own = default_opponent(rules) if rules is not None else ""
            # The game's own heuristic is remembered as "" (another game has its own).
            opponents[seat - 1] = "" if event.value == own else str(event.value)
            self.settings.opponents = opponents
        elif ident.startswith("option-"):
            self._option_changed(ident[len("option-") :], str(event.value))

    @on(Input.Changed)
    def input_changed(self, event: Input.Changed) -> None:
        ident = event.input.id or ""
        if ident.startswith("option-"):
            self._option_changed(ident[len("option-") :], event.value)

    def _option_changed(self, name: str, value: str) -> None:
        game = GAMES[self.game_id()]
        preset = format_value(game.preset_values(self.rule_set())[name])
        options = self.settings.options.setdefault(game.id, {})
        if value.strip() == preset:
            options.pop(name, None)
        else:
            options[name] = value.strip()
        if not options:
            del self.settings.options[game.id]

    # -- buttons
    @on(Button.Pressed, "#play")
    def play_pressed(self) -> None:
        self.action_play()

    @on(Button.Pressed, "#resume")
    def resume_pressed(self) -> None:
        self.action_resume()

    @on(Button.Pressed, "#discard")
    def discard_pressed(self) -> None:
        self.action_discard()

    @on(OptionList.OptionSelected, "#saves")
    def save_selected(self, event: OptionList.OptionSelected) -> None:
        self._resume(self.saved[event.option_index])

    @on(Button.Pressed, "#open")
    def open_pressed(self) -> None:
        def opened(path: str | None) -> None:
            if path:
                problem = self.boneyard.resume_from(path)
                if problem:
                    self._error(_("error: {message}").format(message=problem))

        self.app.push_screen(
            FileScreen(_("Open a game record (a .json file) to go on with:")), opened
        )

    @on(Button.Pressed, "#quit")
    def quit_pressed(self) -> None:
        self.action_quit_app()

    def action_quit_app(self) -> None:
        self.boneyard.remember(self.settings)
        self.app.exit()

    def chosen_save(self) -> SavedMatch | None:
        """The unfinished match chosen in the list (the latest if none is)."""
        if not self.saved:
            return None
        index = self.query_one("#saves", OptionList).highlighted
        return self.saved[index if index is not None and index < len(self.saved) else 0]

    def action_resume(self) -> None:
        chosen = self.chosen_save()
        if chosen is None:
            self._error(_("There is no unfinished match to resume."))
            return
        self._resume(chosen)

    def _resume(self, saved: SavedMatch) -> None:
        problem = self.boneyard.resume_from(str(saved.path))
        if problem:
            self._error(_("error: {message}").format(message=problem))

    def _error(self, text: str) -> None:
        self.query_one("#error", Static).update(text)
        self.query_one("#form", VerticalScroll).scroll_home(animate=False)

    def action_discard(self) -> None:
        chosen = self.chosen_save()
        if chosen is None:
            self._error(_("There is no unfinished match to discard."))
            return

        async def answered(yes: bool | None) -> None:
            if yes:
                discard(chosen.path)
                await self._rebuild()

        self.app.push_screen(
            ConfirmScreen(
                _("Discard this unfinished match? It cannot be resumed afterwards.")
                + f"\n\n{chosen.summary()}"
            ),
            answered,
        )

    def action_play(self) -> None:
        try:
            rules = get_game(self.game_id()).configure(
                self.rule_set(), self.option_values(), self.players()
            )
        except OptionError as e:
            self._error(_("error: {message}").format(message=e))
            return
        opponents = []
        for seat in range(1, rules.players):
            chosen = (
                self.settings.opponents[seat - 1] if seat - 1 < len(self.settings.opponents) else ""
            )
            opponents.append(chosen if chosen in AGENTS else default_opponent(rules))
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
        self.boneyard.remember(self.settings)
        self.boneyard.start_match(rules, opponents, seed)

    def values(self) -> dict[str, Any]:
        """What the form shows (for tests)."""
        return {
            "game": self.game_id(),
            "rules": self.rule_set(),
            "players": self.players(),
            "options": self.option_values(),
        }
