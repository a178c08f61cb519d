"""Helpers for driving the full-screen game headless with Textual's Pilot, and the fixture that
keeps the tests' settings and saved matches in a temporary directory (every test module of the
full-screen game imports it; a second ``conftest.py`` here would shadow the suite's own)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from boneyard import LineRules, LineState
from boneyard.apps.tui.app import BoneyardApp, Launch
from boneyard.apps.tui.game import GameScreen
from boneyard.apps.tui.screens import HandOverScreen
from boneyard.apps.tui.session import Session
from boneyard.core.actions import PASS, Play
from boneyard.core.tiles import parse_tile


@pytest.fixture(autouse=True)
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$XDG_CONFIG_HOME`` for the test: settings land in ``<it>/boneyard``, never in the
    person's own ``~/.config/boneyard``."""
    home = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home


def screen_text(app: BoneyardApp) -> str:
    """Every character the screen shows now, row by row (the top screen: a dialog shows
    itself)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


async def wait_for(
    pilot: Pilot[None], condition: Callable[[], bool], timeout: float = 20.0
) -> None:
    """Let the app run until ``condition`` holds (computer moves happen in threads)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting; the screen shows:\n{screen_text(pilot.app)}")  # type: ignore[arg-type]
        await pilot.pause(0.01)


ARTEFACTS = Path(__file__).resolve().parents[2] / "test-artefacts" / "tui"
"""Where the screens the tests looked at are kept (text and SVG), for people to read."""


def region_rows(app: BoneyardApp, widget: Widget) -> list[str]:
    """The rows of the screen inside ``widget``'s content (what it shows, as it is shown; a
    scroll bar is not content)."""
    region = widget.scrollable_content_region
    strips = app.screen._compositor.render_strips()
    rows = []
    for y in range(region.y, region.y + region.height):
        text = strips[y].text if y < len(strips) else ""
        rows.append(text[region.x : region.x + region.width].rstrip())
    return rows


def flat(text: str) -> str:
    """``text`` with every run of blanks (a line broken on the screen) one space."""
    return " ".join(text.split())


def shows_whole(app: BoneyardApp, widget: Widget, line: str) -> bool:
    """Whether ``widget`` shows ``line`` whole: every word of it, in order, maybe over several
    rows (broken between words), none cut."""
    return flat(line) in flat(" ".join(region_rows(app, widget)))


def save_screens(app: BoneyardApp, name: str) -> str:
    """Keep the screen as text and as SVG under test-artefacts/tui/; the text."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    text = screen_text(app)
    (ARTEFACTS / f"{name}.txt").write_text(text + "\n", encoding="utf-8")
    app.save_screenshot(filename=f"{name}.svg", path=str(ARTEFACTS))
    return text


def app_for(game: str, seed: int = 1, **options: str) -> BoneyardApp:
    """The full-screen game started on a match of ``game``, the computer moving at once."""
    app = BoneyardApp(Launch(game=game, seed=seed, options=dict(options)))
    app.settings.speed = "instant"
    return app


def game_screen_session(app: BoneyardApp) -> Session:
    """The session of the game screen, under any dialog."""
    screens = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    return screens[-1].session


def game_screen(app: BoneyardApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), type(screen)
    return screen


def waiting_for_you(app: BoneyardApp) -> bool:
    """The person is to move and nothing else is under way."""
    screen = app.screen
    return (
        isinstance(screen, GameScreen)
        and screen.session.person_to_move
        and screen.pending is None
        and screen.thinking is None
        and not screen.over_open
    )


def hand_over(app: BoneyardApp) -> bool:
    return isinstance(app.screen, HandOverScreen)


async def play_to_the_end(
    pilot: Pilot[None], app: BoneyardApp, key: str = "enter", limit: int = 2000
) -> list[str]:
    """Play a whole match by pressing ``key`` whenever it is the person's move, and Enter at
    the end of each hand; the text each end-of-hand dialog showed."""
    seen: list[str] = []
    for _ in range(limit):
        await wait_for(pilot, lambda: waiting_for_you(app) or hand_over(app))
        screen = app.screen
        if isinstance(screen, HandOverScreen):
            seen.append(screen_text(app))
            if not screen.more:
                return seen
            await pilot.press("enter")
            await wait_for(pilot, lambda: not hand_over(app))
            continue
        await pilot.press(key)
    raise AssertionError("the match did not end")


def deal_state(rules: LineRules, hands: list[str], leader: int | None = None) -> LineState:
    """A hand dealt as given (space-separated tiles per seat); the stock holds the rest."""
    dealt = [[parse_tile(t) for t in h.split()] for h in hands]
    used = {t for h in dealt for t in h}
    stock = [t for t in range(rules.tiles.size) if t not in used]
    return LineState.from_deal(rules, dealt, stock, leader)


def play_all(state: LineState, moves: list[str]) -> None:
    """Apply moves written ``6-4 R`` (a lead alone, as laid) or ``pass``."""
    for m in moves:
        if m == "pass":
            state.apply(PASS)
            continue
        parts = m.split()
        t = parse_tile(parts[0])
        if len(parts) == 1:
            a, b = (int(x) for x in parts[0].split("-"))
            state.apply(Play(t, None, None if a == b else b))
        else:
            state.apply(Play(t, parts[1]))
