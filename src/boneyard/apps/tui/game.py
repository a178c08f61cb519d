"""The game screen: the table, your hand, the moves, the players, the log.

The computer's moves are worked out in worker threads, so the screen never waits for them; each
is shown after the pause the speed setting asks for. The screen is a thin layer over
:class:`~boneyard.apps.tui.session.Session`: every move goes through it, and through the engine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from ...core.actions import DRAW, PASS, Action, Draw, Muggins, Pass, Play
from ...core.i18n import N_, NP_, _
from ...core.protocol import IllegalAction
from ...core.tiles import BIT
from ...core.views import LineView
from ...core.words import tell_engine
from ...players.analysis import MoveAnalysis, value_text
from ...text.drawing import ends_text
from ...text.narration import YOU, table_view
from ..plain import choice_range
from .keys import SpeaksKeys
from .render import hand_order
from .screens import ClaimScreen, ConfirmScreen, HandOverScreen, TextScreen
from .session import Session
from .settings import SPEEDS
from .widgets import HandView, TableView

if TYPE_CHECKING:
    from .app import BoneyardApp

__all__ = ["KEYS_HELP", "GameScreen"]

KEYS_HELP = N_("""\
Playing
  Up/Down       move through your moves (the tile is lit in your hand, its end on the table)
  Enter         play the move chosen             1-9   play move number n
  Left/Right    go to your next or previous tile that can be played
  mouse         click a tile of your hand to play it; if it fits more than one end, click the
                end's name on the table (or choose in the list)
  d / p / m     draw / pass / call muggins (when the rules allow it)

Help
  h             hint: what each move is worth (points for your side minus the others' to the
                end of the hand, on average over the hands the others may hold) and why
  t             take back your last move (and the computer's replies)
  v             describe the whole position in words
  b             what the others may hold: the chance each has each tile you cannot see
  s             the score sheet, with why each score was made
  ?             this help

The match
  + / -         computer moves faster / slower (instant, fast, normal, slow)
  f             draw and pass for me when it is my only move: on / off
  w             save the match (resume it from the start screen)
  e             export the match's game record to a file
  n             a new match (back to the start screen)
  q             quit (the match is saved, to resume later)

On the table, open halves are lit and each open end carries its name (L, R; U and D for a
spinner's short sides); the tile laid last is lit blue. Doubles stand across the line.""")


class GameScreen(SpeaksKeys, Screen[None]):
    """One match against the computer."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw", NP_("key", "Draw")),
        Binding("p", "pass_turn", NP_("key", "Pass")),
        Binding("m", "muggins", NP_("key", "Muggins")),
        Binding("h", "hint", NP_("key", "Hint")),
        Binding("t", "take_back", NP_("key", "Take back")),
        Binding("v", "describe", NP_("key", "Describe")),
        Binding("b", "beliefs", NP_("key", "Beliefs")),
        Binding("s", "sheet", NP_("key", "Score")),
        Binding("plus,equals_sign", "speed(-1)", NP_("key", "Faster"), key_display="+"),
        Binding("minus", "speed(1)", NP_("key", "Slower"), key_display="-"),
        Binding("f", "toggle_forced", NP_("key", "Auto"), show=False),
        Binding("w", "save", NP_("key", "Save")),
        Binding("e", "export", NP_("key", "Export")),
        Binding("n", "new_match", NP_("key", "New"), show=False),
        Binding("question_mark,f1", "help", NP_("key", "Help"), key_display="?"),
        Binding("q", "quit_game", NP_("key", "Quit")),
        Binding("enter", "play_chosen", NP_("key", "Play"), show=False),
        Binding("left", "tile(-1)", NP_("key", "Tile"), show=False),
        Binding("right", "tile(1)", NP_("key", "Tile"), show=False),
        *[Binding(str(n), f"pick({n})", NP_("key", "Move {key}"), show=False) for n in range(10)],
    ]

    DEFAULT_CSS = """
    GameScreen { layout: vertical; background: #0f3d22; }
    GameScreen #title { height: 1; background: #0a2916; color: #ffd166; padding: 0 1; }
    GameScreen #main { height: 1fr; }
    GameScreen #left { width: 1fr; }
    GameScreen #table { height: 1fr; padding: 0 1; }
    GameScreen #ends { height: auto; padding: 0 1; background: #0a2916; color: #f4efe1; }
    GameScreen #hand { height: 2; padding: 0 1; }
    GameScreen #prompt { height: auto; padding: 0 1; background: #1d3b2a; }
    GameScreen #side { width: 42; background: #10291b; }
    GameScreen #players { height: auto; padding: 0 1; border: round #5a8f6e; }
    GameScreen #moves { height: auto; max-height: 14; border: round #ffd166; }
    GameScreen #log { height: 1fr; border: round #5a8f6e; }
    GameScreen.small #players { border: none; border-top: round #5a8f6e; }
    GameScreen.small #moves { border: none; border-top: round #ffd166; }
    GameScreen.small #log { border: none; border-top: round #5a8f6e; }
    """

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.moves_shown: list[Action] = []
        self.hints: dict[Action, MoveAnalysis] = {}
        self.hints_for = -1  # the session version the hints are for
        self.thinking: Worker[Any] | None = None
        self.pending: Timer | None = None
        self.shown_hand: int | None = None  # a finished hand still on the table
        self.over_open = False
        self.digits = ""
        self.digit_timer: Timer | None = None
        self.message = ""
        self._hinted = False
        self._over_shown = session.match.over
        self._phase_shown = session.match.hand.phase
        self._panel: list[str] = []  # the players' panel, line by line

    @property
    def boneyard(self) -> BoneyardApp:
        from .app import BoneyardApp

        app = self.app
        assert isinstance(app, BoneyardApp)
        return app

    # ----------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield Static("", id="title", markup=False)
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield TableView(id="table")
                yield Static("", id="ends", markup=False)
                yield HandView(id="hand")
                yield Static("", id="prompt", markup=False)
            with Vertical(id="side"):
                yield Static("", id="players", markup=False)
                yield OptionList(id="moves")
                yield FollowingLog(
                    id="log", wrap=True, markup=False, auto_scroll=True, min_width=10
                )
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        for line, style in zip(self.session.lines, self.session.styles, strict=True):
            log.write(Text(line, style=style or ""))
        self.session.listener = self._log
        self.query_one("#moves", OptionList).border_title = _("Your moves")
        log.border_title = _("What happened")
        log.can_focus = False  # the keys stay with the moves; the wheel still scrolls it
        self.query_one("#players", Static).border_title = _("Players")
        self.refresh_view()
        self.query_one("#moves", OptionList).focus()
        self.call_after_refresh(self.advance)

    def on_resize(self, event: Resize) -> None:
        height, width = event.size.height, event.size.width
        # A small terminal (80 x 24) keeps only the top border of each panel, a row each.
        self.set_class(height < 30, "small")
        hand = self.query_one("#hand", HandView)
        hand.max_rows = max(2, height // 4)
        hand.fit()
        self.query_one("#side").styles.width = side_width(width)
        self._fit_side()
        self.query_one("#title", Static).update(self._title(self._hand_number()))

    def _hand_number(self) -> int:
        s = self.session
        return (self.shown_hand + 1) if self.shown_hand is not None else len(s.match.hands)

    def _fit_side(self) -> None:
        """Leave the log room for its last lines: the list of moves takes at most what the
        players' panel and the log's last lines leave (it scrolls past that)."""
        height, width = self.size.height, self.size.width
        if not height:
            return
        small = height < 30
        inner = side_width(width) - (2 if small else 4)
        rows = sum(max(1, -(-len(line) // max(inner, 1))) for line in self._panel or [""])
        rows += 1 if small else 2
        log_rows = (7 if small else 12) + (0 if small else 1)
        room = max(3, min(14, (height - 2) - rows - log_rows))
        moves = self.query_one("#moves", OptionList)
        if moves.styles.max_height is None or moves.styles.max_height.value != room:
            moves.styles.max_height = room

    def _log(self, line: str, style: str | None) -> None:
        self.query_one("#log", RichLog).write(Text(line, style=style or ""))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys for what the game does not have are not shown (no draw key in a game without
        drawing, no muggins key where scores are not claimed), nor the keys of play once the
        match is over."""
        rules = self.session.rules
        if self.session.match.over and action in (
            "draw",
            "pass_turn",
            "muggins",
            "hint",
            "take_back",
        ):
            return False  # nothing is left to play
        keys = rules.presenter.keys(self.session.match.hand.phase)
        if action == "draw":
            return "draw" in keys
        if action == "pass_turn":
            return "pass" in keys
        if action == "muggins":
            return "muggins" in keys
        return True

    # ----------------------------------------------------------------- drawing
    def refresh_view(self) -> None:
        s = self.session
        rules = s.rules
        if s.match.over != self._over_shown:
            self._over_shown = s.match.over
            self.refresh_bindings()  # the footer drops the keys of play
        if s.match.hand.phase != self._phase_shown:
            self._phase_shown = s.match.hand.phase
            self.refresh_bindings()  # the keys of the new phase (no pass in Texas 42's play)
        hand_index = self.shown_hand if self.shown_hand is not None else len(s.match.hands) - 1
        state = s.match.hands[hand_index]
        obs = state.observation(YOU)
        self.query_one("#title", Static).update(self._title(hand_index + 1))
        self.query_one("#players", Static).update(self._players(state, hand_index))
        self._fit_side()
        moves = s.moves() if self.shown_hand is None and not self.over_open else []
        self._fill_moves(moves)
        chosen = self.chosen()
        table = self.query_one("#table", TableView)
        choices = [chosen.end] if isinstance(chosen, Play) and chosen.end else []
        view = table_view(rules, obs.history, obs.table)
        table.show(view, choices, s.voice)
        ends_line = self.query_one("#ends", Static)
        # A hand of tricks has no open ends: the table itself shows the trumps and the trick.
        ends_line.display = isinstance(view, LineView)
        if isinstance(view, LineView):
            count = view.count
            ends_line.update(ends_text(view, s.voice) + (f"   {count}" if count else ""))
        playable = 0
        numbers: dict[int, list[int]] = {}
        for i, a in enumerate(moves, 1):
            t = tile_of(a)
            if t is not None:
                playable |= BIT[t]
                numbers.setdefault(t, []).append(i)
        labels = {t: _numbers_label(ns) for t, ns in numbers.items()}
        marks = rules.presenter.marked()
        tiles = hand_order(state.hands[YOU])
        selected = tile_of(chosen) if chosen is not None else None
        hand_view = self.query_one("#hand", HandView)
        hand_view.digits = len(str(rules.tiles.max_pip))
        hand_view.show(tiles, playable if moves else None, selected, marks, labels)
        self.query_one("#prompt", Static).update(self._prompt())

    def _title(self, number: int) -> str:
        """The title bar: the game, its rules, the hand, the goal, the speed and the switches,
        the parts at the end left out when the terminal is too narrow for them."""
        s = self.session
        rules = s.rules
        auto = _("auto draw/pass") if self.boneyard.settings.auto_forced else _("draw/pass by hand")
        parts = [
            _(rules.game.title),
            _("{rules} rules").format(rules=rules.rule_set),
            _("hand {number}").format(number=number),
            rules.presenter.goal_short(),
            _("speed: {speed}").format(speed=_(self.boneyard.settings.speed)),
            auto,
            _("? help"),
        ]
        room = (self.size.width or 120) - 2
        while len(parts) > 1 and len(" · ".join(parts)) > room:
            parts.pop(-2 if parts[-1] == "? help" and len(parts) > 2 else -1)
        return " · ".join(parts)

    def _players(self, state: Any, hand_index: int) -> Text:
        s = self.session
        finished = state.over or self.shown_hand is not None
        lines = s.panel_lines(state, finished=finished, scored=self.shown_hand is not None)
        self._panel = lines
        text = Text()
        for i, line in enumerate(lines):
            style = "bold #ffd166" if line.startswith("▶") else ""
            if i == len(lines) - 1:
                style = "bold"
            text.append(("\n" if i else "") + line, style=style)
        return text

    def _fill_moves(self, moves: list[Action]) -> None:
        """List the person's moves (with their values and reasons once a hint is asked for);
        the highlight stays where it was, or goes to the best move when a hint arrives."""
        listing = self.query_one("#moves", OptionList)
        with_hints = self.hints_for == self.session.version and bool(self.hints)
        if moves == self.moves_shown and self._hinted == with_hints:
            return
        keep = listing.highlighted if moves == self.moves_shown else None
        fresh = with_hints and not self._hinted
        self.moves_shown = list(moves)
        self._hinted = with_hints
        listing.clear_options()
        best = max(self.hints.values(), key=lambda m: m.value) if with_hints else None
        options = []
        for i, action in enumerate(moves, 1):
            prompt = Text(f"{i}) {self.session.move_text(action)}")
            hint = self.hints.get(action) if with_hints else None
            if hint is not None:
                star = " best" if hint is best else ""
                prompt.append(
                    f"\n   {value_text(hint.value, hint.margin)}{star}: {hint.reason}",
                    style="bold #ffd166" if star else "#c8c3b4",
                )
            options.append(Option(prompt, id=f"move-{i}"))
        listing.add_options(options)
        if moves:
            index = keep if keep is not None and keep < len(moves) else 0
            if fresh and best is not None:
                index = next((i for i, a in enumerate(moves) if self.hints.get(a) is best), index)
            listing.highlighted = index

    def chosen(self) -> Action | None:
        """The move highlighted in the list."""
        listing = self.query_one("#moves", OptionList)
        index = listing.highlighted
        if index is None or not 0 <= index < len(self.moves_shown):
            return None
        return self.moves_shown[index]

    def _prompt(self) -> str:
        s = self.session
        if self.message:
            return self.message
        if s.match.over:
            return _("The match is over: n for a new match, e to export its record, q to quit.")
        if self.shown_hand is not None:
            return _("The hand is over.")
        state = s.state
        if state.turn != YOU:
            who = s.voice.subject(state.turn)
            if self.thinking is not None:
                return _("{name} is thinking...").format(name=who)
            return _("{name} to play.").format(name=who)
        moves = s.moves()
        if not moves:
            return ""
        forced = s.forced()
        if forced is not None:
            if isinstance(forced, Draw):
                return _("You cannot play: draw (d), or Enter.")
            return _("You cannot play: pass (p), or Enter.")
        extra = []
        if any(isinstance(a, Draw) for a in moves):
            extra.append(_("d draw"))
        if any(isinstance(a, Pass) for a in moves):
            extra.append(_("p pass"))
        if any(isinstance(a, Muggins) for a in moves):
            extra.append(_("m muggins"))
        tail = (" · " + " · ".join(extra)) if extra else ""
        asked = s.rules.presenter.turn_prompt(state.phase)
        numbers = choice_range(len(moves))
        choose = (
            _("{asked}: ↑↓ and Enter or {numbers}").format(asked=asked, numbers=numbers)
            if asked
            else _("↑↓ and Enter, {numbers}, or click a tile").format(numbers=numbers)
        )
        said = _("Your turn: {choose}").format(choose=choose) + tail
        # The keys of help, where the line has room for them (the footer shows them too).
        room = (self.size.width or 120) - side_width(self.size.width or 120) - 2
        helps = _(" · h hint · t take back · v describe")
        return said + helps if len(said + helps) <= room else said

    def say_status(self, text: str) -> None:
        self.message = text
        self.query_one("#prompt", Static).update(self._prompt())

    # ----------------------------------------------------------------- the flow of the game
    def advance(self) -> None:
        """Go on: the end of a hand, a computer's move, a forced move, or wait for the person."""
        if self.thinking is not None or self.pending is not None or self.over_open:
            return
        s = self.session
        if s.match.over:
            self.refresh_view()
            return
        state = s.state
        if state.over:
            self._end_of_hand()
            return
        if state.turn != YOU:
            self._think(state.turn)
            return
        forced = s.forced()
        if forced is not None and self.boneyard.settings.auto_forced:
            version = s.version
            self.pending = self._after(
                min(0.4, self.boneyard.settings.delay), lambda: self._forced(version, forced)
            )
            self.refresh_view()
            return
        if self.boneyard.hints_always and self.hints_for != s.version:
            self.action_hint()
        self.refresh_view()

    def _after(self, delay: float, callback: Callable[[], None]) -> Timer:
        """Call ``callback`` after ``delay`` seconds (at once for none: on the next tick)."""
        return self.set_timer(max(delay, 0.001), callback)

    def _forced(self, version: int, action: Action) -> None:
        self.pending = None
        if self.session.version != version or not self.session.person_to_move:
            self.advance()
            return
        self._play(action, forced=True)

    def _think(self, seat: int) -> None:
        s = self.session
        obs = s.state.observation(seat)
        agent, rng = s.agents[seat], s.rngs[seat]
        version = s.version
        started = time.monotonic()

        def work() -> tuple[int, int, Action, float]:
            return seat, version, agent.choose(obs, rng), started

        self.thinking = self.run_worker(work, group="ai", thread=True, exit_on_error=False)
        self.refresh_view()

    @on(Worker.StateChanged)
    def worker_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group == "ai" and worker is self.thinking:
            if event.state == WorkerState.SUCCESS:
                self.thinking = None
                result = worker.result
                assert result is not None
                seat, version, action, started = result
                wait = max(0.0, self.boneyard.settings.delay - (time.monotonic() - started))
                self.pending = self._after(
                    wait, lambda: self._computer_moves(seat, version, action)
                )
            elif event.state in (WorkerState.ERROR, WorkerState.CANCELLED):
                self.thinking = None
                if event.state == WorkerState.ERROR:
                    self.session.say(
                        _("The computer failed to move: {error}").format(error=worker.error), "red"
                    )
                self.advance()
        elif worker.group == "hint" and event.state == WorkerState.SUCCESS:
            done = worker.result
            assert done is not None
            version, hints = done
            if version == self.session.version:
                self.hints, self.hints_for = hints, version
                self.say_status("")
                self.refresh_view()

    def _computer_moves(self, seat: int, version: int, action: Action) -> None:
        self.pending = None
        s = self.session
        if s.version == version and not s.state.over and s.state.turn == seat:
            try:
                s.apply_computer(seat, action)
            except IllegalAction as e:
                s.say(
                    _("{name} tried an illegal move: {why}").format(
                        name=s.voice.subject(seat), why=tell_engine(str(e), s.voice)
                    ),
                    "red",
                )
                return
        self.refresh_view()
        self.advance()

    def _end_of_hand(self) -> None:
        s = self.session
        finished = len(s.match.hands) - 1
        text, more = s.finish_hand()
        self.shown_hand = finished
        self.over_open = True
        self.hints, self.hints_for = {}, -1
        self.boneyard.autosave(s)
        if not more:
            self.boneyard.record_to_launch_file(s)
        self.refresh_view()
        self.app.push_screen(HandOverScreen(s, finished, text, more), self._after_hand)

    def _after_hand(self, choice: str | None) -> None:
        self.over_open = False
        if choice == "quit":
            self.action_quit_game()
            return
        if choice == "new":
            self.action_new_match()
            return
        if not self.session.match.over:
            self.shown_hand = None
        self.refresh_view()
        self.advance()

    # ----------------------------------------------------------------- the person's moves
    def choose(self, action: Action) -> None:
        """Play one of the person's moves (asking for a claim where scores are claimed)."""
        s = self.session
        if not s.person_to_move or self.pending is not None or self.over_open:
            self.app.bell()
            return
        if action not in s.moves():
            self.say_status(_("That is not one of your moves now."))
            return
        if s.rules.claims and isinstance(action, Play) and action.claim is None:

            def claimed(claim: int | str | None) -> None:
                if claim == "back":
                    return
                assert isinstance(action, Play)
                self._play(action.with_claim(claim if isinstance(claim, int) else None))

            self.app.push_screen(ClaimScreen(s.rules, s.move_text(action)), claimed)
            return
        self._play(action)

    def _play(self, action: Action, forced: bool = False) -> None:
        s = self.session
        try:
            s.play(action, forced=forced)
        except IllegalAction as e:
            self.say_status(
                _("Not allowed: {why}.").format(why=tell_engine(str(e), self.session.voice))
            )
            return
        self.message = ""
        self.hints, self.hints_for = {}, -1
        self.boneyard.autosave(s)
        self.refresh_view()
        self.advance()

    @on(OptionList.OptionSelected, "#moves")
    def move_selected(self, event: OptionList.OptionSelected) -> None:
        if 0 <= event.option_index < len(self.moves_shown):
            self.choose(self.moves_shown[event.option_index])

    @on(OptionList.OptionHighlighted, "#moves")
    def move_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.message = ""
        self._show_choice()

    def _show_choice(self) -> None:
        chosen = self.chosen()
        obs = self.session.observation()
        table = self.query_one("#table", TableView)
        if self.shown_hand is None:
            choices = [chosen.end] if isinstance(chosen, Play) and chosen.end else []
            view = table_view(self.session.rules, obs.history, obs.table)
            table.show(view, choices, self.session.voice)
            hand = self.query_one("#hand", HandView)
            hand.selected = tile_of(chosen) if chosen is not None else None
            hand.refresh()
        self.query_one("#prompt", Static).update(self._prompt())

    @on(HandView.TileClicked)
    def tile_clicked(self, event: HandView.TileClicked) -> None:
        plays = [i for i, a in enumerate(self.moves_shown) if tile_of(a) == event.tile]
        if not plays:
            self.say_status(_("That tile fits no open end."))
            return
        if len(plays) == 1:
            self.choose(self.moves_shown[plays[0]])
            return
        self.query_one("#moves", OptionList).highlighted = plays[0]
        self.say_status(
            _("It fits more than one way: click an end's name on the table, or choose.")
        )

    @on(TableView.EndClicked)
    def end_clicked(self, event: TableView.EndClicked) -> None:
        chosen = self.chosen()
        if not isinstance(chosen, Play):
            return
        ways = [
            i
            for i, a in enumerate(self.moves_shown)
            if isinstance(a, Play) and a.tile == chosen.tile and a.end == event.end
        ]
        if len(ways) == 1:
            self.choose(self.moves_shown[ways[0]])
        elif ways:
            self.query_one("#moves", OptionList).highlighted = ways[0]
        else:
            said = self.session.rules.presenter.end_word(event.end)
            self.say_status(_("The tile does not go at {end}.").format(end=said))

    def action_play_chosen(self) -> None:
        """Enter when the list of moves is not focused: play the move chosen in it."""
        chosen = self.chosen()
        if chosen is not None:
            self.choose(chosen)
        self.query_one("#moves", OptionList).focus()

    def action_pick(self, n: int) -> None:
        moves = self.moves_shown
        if not moves:
            return
        self.digits += str(n)
        if self.digit_timer is not None:
            self.digit_timer.stop()
            self.digit_timer = None
        number = int(self.digits)
        if number * 10 <= len(moves) and len(self.digits) < 2:
            # Wait a moment for a second digit.
            self.digit_timer = self.set_timer(0.8, self._pick_now)
            return
        self._pick_now()

    def _pick_now(self) -> None:
        self.digit_timer = None
        number, self.digits = int(self.digits or "0"), ""
        if not self.moves_shown:
            return  # the moves went while a second digit was awaited (another key played)
        if 1 <= number <= len(self.moves_shown):
            self.query_one("#moves", OptionList).highlighted = number - 1
            self.choose(self.moves_shown[number - 1])
        else:
            self.say_status(
                _("There is no move {n}: choose {choices}.").format(
                    n=number, choices=choice_range(len(self.moves_shown))
                )
            )

    def action_tile(self, step: int) -> None:
        moves = self.moves_shown
        if not moves:
            return
        chosen = self.chosen()
        tiles: list[int] = []
        for a in moves:
            t = tile_of(a)
            if t is not None and t not in tiles:
                tiles.append(t)
        if not tiles:
            return
        here = tile_of(chosen) if chosen is not None else None
        i = tiles.index(here) if here in tiles else -step if step > 0 else 0
        tile = tiles[(i + step) % len(tiles)]
        index = next(k for k, a in enumerate(moves) if tile_of(a) == tile)
        self.query_one("#moves", OptionList).highlighted = index

    def _simple(self, kind: type, what: str) -> None:
        for action in self.moves_shown:
            if isinstance(action, kind):
                self.choose(action)
                return
        self.say_status(_("You cannot {action} now.").format(action=what))

    def action_draw(self) -> None:
        if DRAW in self.moves_shown:
            self.choose(DRAW)
        else:
            self.say_status(_("You cannot draw now."))

    def action_pass_turn(self) -> None:
        if PASS in self.moves_shown:
            self.choose(PASS)
        else:
            self.say_status(_("You cannot pass now: a tile fits."))

    def action_muggins(self) -> None:
        self._simple(Muggins, _("call muggins"))

    # ----------------------------------------------------------------- help
    def action_hint(self) -> None:
        s = self.session
        if not s.person_to_move or len(s.moves()) < 2:
            self.say_status(_("A hint is for when you have a choice to make."))
            return
        if self.hints_for == s.version:
            return
        version = s.version
        self.say_status(_("Thinking about your moves..."))

        def work() -> tuple[int, dict[Action, MoveAnalysis]]:
            return version, s.analyse_moves()

        self.run_worker(work, group="hint", thread=True, exclusive=True, exit_on_error=False)

    def action_take_back(self) -> None:
        s = self.session
        if self.shown_hand is not None or self.over_open:
            self.say_status(_("The hand is over: nothing to take back."))
            return
        if self.thinking is not None:
            self.thinking.cancel()
            self.thinking = None
        if self.pending is not None:
            self.pending.stop()
            self.pending = None
        if not s.take_back():
            self.say_status(_("You have no move to take back in this hand."))
            self.advance()
            return
        self.message = ""
        self.hints, self.hints_for = {}, -1
        self.moves_shown = []
        self.boneyard.autosave(s)
        self.refresh_view()
        self.advance()

    def action_describe(self) -> None:
        self.app.push_screen(TextScreen(_("The position in words"), self.session.describe()))

    def action_beliefs(self) -> None:
        self.app.push_screen(
            TextScreen(_("Beliefs"), self.session.beliefs_text(self.session.state))
        )

    def action_sheet(self) -> None:
        self.app.push_screen(TextScreen(_("Score sheet"), self.session.sheet_text()))

    def action_help(self) -> None:
        rules = self.session.rules
        lines = [f"{_(rules.game.title)}: {_(rules.game.summary)}", ""]
        lines += rules.presenter.intro(self.session.voice)
        lines += ["", _(KEYS_HELP)]
        self.app.push_screen(TextScreen(_("Help"), "\n".join(lines)))

    # ----------------------------------------------------------------- the match
    def action_speed(self, step: int) -> None:
        names = list(SPEEDS)
        settings = self.boneyard.settings
        i = names.index(settings.speed) if settings.speed in names else 2
        settings.speed = names[max(0, min(len(names) - 1, i + step))]
        self.boneyard.remember(settings)
        self.say_status(_("Computer moves: {speed}.").format(speed=_(settings.speed)))
        self.query_one("#title", Static).update(self._title(len(self.session.match.hands)))

    def action_toggle_forced(self) -> None:
        settings = self.boneyard.settings
        settings.auto_forced = not settings.auto_forced
        self.boneyard.remember(settings)
        self.say_status(
            _("Forced draws and passes are made for you.")
            if settings.auto_forced
            else _("You make your own forced draws and passes.")
        )
        self.query_one("#title", Static).update(self._title(len(self.session.match.hands)))
        self.advance()

    def action_save(self) -> None:
        path = self.boneyard.autosave(self.session)
        self.say_status(
            _("Saved to {path}.").format(path=path) if path else _("Could not save the match.")
        )

    def action_export(self) -> None:
        self.boneyard.export_dialog(self.session, self.say_status)

    def action_new_match(self) -> None:
        if self.session.match.over:
            self.boneyard.new_match(self.session)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.boneyard.new_match(self.session)

        self.app.push_screen(
            ConfirmScreen(_("Leave this match for a new one? (It is saved; resume it later.)")),
            answered,
        )

    def action_quit_game(self) -> None:
        self.boneyard.leave(self.session)


class FollowingLog(RichLog):
    """The log, which keeps its last line in view when the panels around it change size (the
    list of moves grows, the terminal is resized), unless the person has scrolled back to read;
    back at the end, it follows again."""

    following = True

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self.following = new >= self.max_scroll_y - 1

    def on_resize(self, event: Resize) -> None:
        if self.following:
            self.call_after_refresh(self.scroll_end, animate=False, immediate=True)


def tile_of(action: Action) -> int | None:
    """The tile of the hand a move takes (a play's, a discard's), as the action tells it
    (:attr:`~boneyard.core.actions.Action.tile`)."""
    return action.tile


def _numbers_label(numbers: list[int]) -> str:
    """The numbers of a tile's moves, short: ``2``, ``1,3``, ``1…4`` (a run of three or more;
    never ``1-4``, which reads as a tile)."""
    if len(numbers) >= 3 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}…{numbers[-1]}"
    return ",".join(map(str, numbers))


def side_width(width: int) -> int:
    """The width of the column of the players, the moves and the log, for a terminal ``width``
    wide."""
    return 42 if width >= 110 else 34 if width >= 90 else 30
