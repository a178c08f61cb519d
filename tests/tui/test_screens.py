"""The full-screen game of every game of the registry at 80 x 24 (the size of many terminals) and
at 120 x 40, as a person sees it: every one of your tiles in view, the last moves of the log in
view, and no line of the table, the players, the ends or the prompt cut (each shown whole, maybe
broken between words over rows). A hand of each is played to its end. The screens looked at are
kept in test-artefacts/tui/, as text and as SVG."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog, Static
from tuihelp import (
    app_for,
    config_home,  # noqa: F401  (the fixture: settings in a temporary directory)
    game_screen,
    game_screen_session,
    hand_over,
    region_rows,
    save_screens,
    screen_text,
    shows_whole,
    wait_for,
    waiting_for_you,
)

from boneyard.apps.plain import choice_range
from boneyard.apps.tui.app import BoneyardApp
from boneyard.apps.tui.render import hand_canvas, hand_fit
from boneyard.apps.tui.screens import ClaimScreen
from boneyard.apps.tui.widgets import HandView, TableView
from boneyard.core.tiles import tiles_of
from boneyard.core.views import LineView, TrickView
from boneyard.core.words import Voice
from boneyard.games import GAMES
from boneyard.text.drawing import ends_text, trick_lines
from boneyard.text.narration import YOU, table_view

SMALL, LARGE = (80, 24), (120, 40)


def check_screen(app: BoneyardApp, name: str) -> None:
    """What the screen shows now: all your tiles, the log's last two lines, every line whole."""
    save_screens(app, name)
    screen = game_screen(app)
    session = screen.session
    state = session.state
    # Every one of your tiles is drawn, and the drawing is all in view.
    hand = screen.query_one("#hand", HandView)
    canvas = hand.canvas
    assert canvas is not None
    assert sorted(canvas.tiles.values()) == sorted(tiles_of(state.hands[YOU])), name
    region = hand.content_region
    assert canvas.width <= region.width and canvas.height <= region.height, name
    assert region_rows(app, hand)[: canvas.height] == canvas.lines(), name
    # The log's last two lines (what the computers just did) are in view.
    log = screen.query_one("#log")
    for line in [t for t in session.lines if t.strip()][-2:]:
        assert shows_whole(app, log, line), f"{name}: the log hides {line!r}"
    # Every line the game and the screen gave is shown whole.
    told: list[tuple[str, str]] = [("#players", line) for line in screen._panel]
    told.append(("#prompt", screen._prompt()))
    told.append(("#title", screen._title(len(session.match.hands))))
    obs = state.observation(YOU)
    view = table_view(session.rules, obs.history, obs.table)
    if isinstance(view, LineView):
        told.append(("#ends", ends_text(view, session.voice)))
    else:
        assert isinstance(view, TrickView)
        told += [("#table", line) for line in trick_lines(view, session.voice)]
    for where, line in told:
        widget = screen.query_one(where)
        assert shows_whole(app, widget, line), f"{name}: {where} cuts {line!r}"
    table = screen.query_one("#table", TableView)
    drawn = table.canvas
    assert drawn is not None
    assert drawn.height <= table.content_region.height, f"{name}: the table is cut"
    assert isinstance(screen.query_one("#title", Static), Static)


async def settled(pilot: Pilot[None], app: BoneyardApp) -> None:
    """Let the screen settle as a person would see it: laid out, the log at its end."""
    log = game_screen(app).query_one("#log", RichLog)
    await pilot.pause()
    await wait_for(pilot, lambda: log.scroll_y >= log.max_scroll_y, timeout=5)


@pytest.mark.parametrize("game", list(GAMES))
async def test_every_game_at_80x24_and_120x40(game: str) -> None:
    """A hand of every game, to its end; the screen checked at 80 x 24 and at 120 x 40 on your
    first turns, and the end of the hand."""
    app = app_for(game, seed=5)
    async with app.run_test(size=SMALL) as pilot:
        turns = 0
        for _ in range(400):
            await wait_for(
                pilot,
                lambda: (
                    waiting_for_you(app) or hand_over(app) or isinstance(app.screen, ClaimScreen)
                ),
            )
            if hand_over(app):
                break
            if waiting_for_you(app) and turns < 3:
                turns += 1
                await settled(pilot, app)
                if turns == 1:
                    check_screen(app, f"{game}-80x24-first")
                    await pilot.resize_terminal(*LARGE)
                    await settled(pilot, app)
                    check_screen(app, f"{game}-120x40-first")
                    await pilot.resize_terminal(*SMALL)
                    await settled(pilot, app)
                elif turns == 2:
                    check_screen(app, f"{game}-80x24")
                else:
                    await pilot.resize_terminal(*LARGE)
                    await settled(pilot, app)
                    check_screen(app, f"{game}-120x40")
            await pilot.press("enter")  # the first move offered (and, for a claim, no claim)
        else:
            raise AssertionError("the hand did not end")
        assert turns, "you never had a move"
        # The end-of-hand panel is on the screen before it is drawn: wait for its words.
        await wait_for(pilot, lambda: "Hand 1 is over:" in screen_text(app))
        # What the end of a hand shows beside its result, as the game's presenter tells it: the
        # tiles left ("Left in hand:"), or the tricks taken ("Tricks won:", "Points taken:").
        session = game_screen_session(app)
        hand = session.match.hands[0]
        assert hand.over
        told = hand.rules.presenter.held(hand, Voice(tuple(f"seat {s}" for s in range(9))))
        label = told[0].strip().split(":")[0] + ":"
        assert label in ("Left in hand:", "Tricks won:", "Points taken:"), label
        shown = save_screens(app, f"{game}-hand-over")
        assert label in shown
        # Each side's points come with their reason (the presenter's), told for you.
        for side, (_, why) in enumerate(hand.rules.presenter.score_reasons(hand, session.voice)):
            assert f"{session.voice.side(side)}: {why}"[:40] in " ".join(shown.split())
        assert "=== Hand 1 ===" in session.lines


def test_a_hand_of_fifteen_tiles_wraps_rather_than_hiding_any() -> None:
    """Mexican Train's fifteen tiles in the 50 columns left at 80 x 24: numbers, in rows under
    rows, every tile there; with room, pips (or numbers above 9 for every half) in one row."""
    tiles = sorted(tiles_of((1 << 91) - 1))[:15]
    style, standing, per_row = hand_fit(len(tiles), 48, 6, digits=2)
    assert style.numeric and per_row < len(tiles)
    canvas = hand_canvas(tiles, style, vertical=standing, per_row=per_row, digits=2)
    assert sorted(canvas.tiles.values()) == tiles and canvas.width <= 48 and canvas.height <= 6
    style, standing, per_row = hand_fit(len(tiles), 76, 10, digits=2)
    assert not style.numeric and per_row >= len(tiles)
    drawn = hand_canvas(tiles, style, vertical=standing, per_row=per_row, digits=2).text()
    assert "●" not in drawn  # a double-twelve set: numbers on every half, never some pips


def test_a_range_of_moves_never_reads_as_a_tile() -> None:
    assert [choice_range(n) for n in (1, 2, 15)] == ["1", "1 or 2", "1 to 15"]
