"""The full-screen game's saved matches (every unfinished match kept until it ends or is
discarded, listed on the start screen, resumed from there), and the full-screen reproductions of
issue 14: take-back in a hand whose engine was drawn, export at the end of a hand, quitting,
resuming a finished match, the start screen's Tab stops, Domino Loo's keys and lines, the keys
once the match is over."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

from textual.widgets import OptionList
from tuihelp import (
    app_for,
    config_home,  # noqa: F401  (the fixture: settings in a temporary directory)
    game_screen,
    game_screen_session,
    hand_over,
    play_to_the_end,
    screen_text,
    wait_for,
    waiting_for_you,
)

from boneyard import get_game
from boneyard.apps.tui.app import BoneyardApp, Launch
from boneyard.apps.tui.game import GameScreen
from boneyard.apps.tui.saves import saved_matches, saves_dir
from boneyard.apps.tui.screens import (
    ConfirmScreen,
    FileScreen,
    HandOverScreen,
    StartScreen,
    TextScreen,
)
from boneyard.apps.tui.session import Session
from boneyard.text.narration import YOU

SIZE = (120, 40)
RECORDS = Path(__file__).resolve().parents[1] / "records"


def footer(app: BoneyardApp) -> str:
    return screen_text(app).rstrip().split("\n")[-1]


async def play_moves(app: BoneyardApp, pilot: object, n: int) -> None:
    for _ in range(n):
        await wait_for(pilot, lambda: waiting_for_you(app))  # type: ignore[arg-type]
        await pilot.press("enter")  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------ the saved matches
def save_a_match(app: BoneyardApp, game: str, seed: int, moves: int) -> Session:
    """A match of ``game`` played ``moves`` moves and autosaved, as the game screen does."""
    session = Session(get_game(game).configure(), seed=seed)
    for _ in range(moves):
        state = session.state
        if state.turn == YOU:
            session.play(session.moves()[0])
        else:
            session.apply_computer(state.turn, session.computer_move(state.turn))
    assert app.autosave(session) == session.save_path is not None
    return session


async def test_every_unfinished_match_is_kept_listed_and_resumed() -> None:
    app = BoneyardApp(Launch())
    block = save_a_match(app, "block", 3, 3)
    history = list(block.state.history)
    # A second match does not overwrite the first.
    draw = save_a_match(app, "draw", 4, 2)
    assert draw.save_path != block.save_path
    os.utime(draw.save_path, (1e9 + 10, 1e9 + 10))  # type: ignore[arg-type]
    os.utime(block.save_path, (1e9, 1e9))  # type: ignore[arg-type]
    listed = saved_matches(app.config)
    assert [m.game for m in listed] == ["Draw", "Block"]  # the latest first
    assert listed[1].hand == 1 and listed[1].moves == len(history)
    assert "you 0, Rosa 0" in listed[1].summary()

    app.settings.speed = "instant"
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, StartScreen)
        shown = screen_text(app)
        assert "Unfinished matches" in shown
        assert f"Block (modern) · hand 1, move {len(history) + 1} · you 0, Rosa 0" in shown
        assert "Draw (britannica) · hand 1" in shown
        # Choose the Block match in the list and resume it with Enter.
        listing = app.screen.query_one("#saves", OptionList)
        listing.focus()
        listing.highlighted = 1
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        session = game_screen(app).session
        assert session.rules.game.id == "block" and session.state.history == history
        assert session.save_path == block.save_path  # it goes on being saved where it was
        await wait_for(pilot, lambda: waiting_for_you(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.state.history) > len(history))
        listed = saved_matches(app.config)
        assert [m.game for m in listed] == ["Block", "Draw"]  # the same file, written last
        assert listed[0].path == block.save_path and listed[0].moves > len(history)


async def test_the_old_single_save_is_kept_and_a_broken_one_can_be_discarded() -> None:
    app = BoneyardApp(Launch())
    app.config.mkdir(parents=True)
    # The one file of earlier versions joins the others.
    old = RECORDS / "regression_chicken_foot_fourth_hand.json"
    shutil.copy(old, app.config / "saved-match.json")
    folder = saves_dir(app.config)
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    os.utime(folder / "broken.json", (2e9, 2e9))  # the latest: first in the list
    async with app.run_test(size=SIZE) as pilot:
        shown = screen_text(app)
        assert "Chicken Foot (standard) · hand 4" in shown
        assert "broken.json: not a readable game record" in shown
        await pilot.press("ctrl+r")
        assert "error: " in screen_text(app)  # said, and nothing started
        assert isinstance(app.screen, StartScreen)
        await pilot.press("delete")
        assert isinstance(app.screen, ConfirmScreen) and "broken.json" in screen_text(app)
        await pilot.press("n")  # not yet
        assert (folder / "broken.json").exists()
        await pilot.press("delete", "y")
        await wait_for(pilot, lambda: not (folder / "broken.json").exists())
        await pilot.pause()
        assert "broken.json" not in screen_text(app)
        assert "Chicken Foot (standard) · hand 4" in screen_text(app)
    assert not (app.config / "saved-match.json").exists()
    assert [m.game for m in saved_matches(app.config)] == ["Chicken Foot"]


async def test_the_start_screens_tab_stops_are_all_visible() -> None:
    app = BoneyardApp(Launch())
    save_a_match(app, "block", 1, 1)  # so that the list of unfinished matches is there too
    async with app.run_test(size=SIZE) as pilot:
        seen = [app.focused]
        for _ in range(7):
            await pilot.press("tab")
            await pilot.pause()
            seen.append(app.focused)
        for widget in seen:
            assert widget is not None and widget.id != "form"
            assert widget.display and widget.visible and widget.region.area > 0, widget
        assert [w.id for w in seen[:6]] == ["play", "resume", "discard", "open", "quit", "saves"]


# ------------------------------------------------------------------------------ the reproductions
async def test_take_back_in_a_hand_whose_engine_was_drawn(tmp_path: Path) -> None:
    """``./play mexican-train --players 2 --seed 4``, keys ``1 1 t``: nobody was dealt the
    12-12, seat 1 drew it and led; your second move taken back failed (``IllegalAction``). The
    hand is pinned as a record, resumed at your first move."""
    path = tmp_path / "mexican-train.json"
    shutil.copy(RECORDS / "regression_mexican_train_drawn_engine_start.json", path)
    app = BoneyardApp(Launch(resume=path))
    app.settings.speed = "instant"
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: waiting_for_you(app))
        session = game_screen(app).session
        start = len(session.state.history)
        await pilot.press("1")
        await wait_for(pilot, lambda: waiting_for_you(app))
        await pilot.press("1")
        await wait_for(pilot, lambda: waiting_for_you(app))
        played = list(session.state.history)
        assert len(played) == start + 4 and played[start + 2].seat == YOU
        await pilot.press("t")
        await wait_for(pilot, lambda: waiting_for_you(app))
        assert session.state.history == played[: start + 2]
        assert "You take back your " in screen_text(app)
        assert session.state.finding_lead is False and session.state.leader == 1


async def test_export_at_the_end_of_a_hand_deals_nothing(tmp_path: Path) -> None:
    app = app_for("block", seed=1, target_score="200")
    app.launch.players = 3  # five tiles each: a short hand
    target = tmp_path / "hand.json"
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(100):
            await wait_for(pilot, lambda: waiting_for_you(app) or hand_over(app))
            if hand_over(app):
                break
            await pilot.press("enter")
        session = game_screen_session(app)
        await pilot.press("e")
        assert isinstance(app.screen, FileScreen)
        app.screen.query_one("#path").value = str(target)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait_for(pilot, lambda: target.exists())
        await pilot.pause()
        # Still the end of hand 1, saying what was done; the record holds hand 2's deal.
        assert isinstance(app.screen, HandOverScreen)
        assert f"Exported the record to {target}." in screen_text(app)
        assert not session.match.hands[1].history
        await pilot.pause(0.2)
        assert not session.match.hands[1].history and isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: not hand_over(app))
    assert len(json.loads(target.read_text(encoding="utf-8"))["hands"]) == 2


async def test_a_finished_match_resumed_is_shown_not_played(tmp_path: Path) -> None:
    """``boneyard play --resume r.json`` of a finished match: it says so, with the true sheet."""
    path = tmp_path / "r.json"
    shutil.copy(RECORDS / "regression_block_finished.json", path)
    before = path.read_bytes()
    app = BoneyardApp(Launch(resume=path))
    async with app.run_test(size=SIZE):
        pass
    assert app.exit_status == 0
    assert "that match is over; nothing is left to play" in app.exit_message
    assert re.search(r"total +61 +102", app.exit_message)
    assert "Match over: Rosa wins with 102 points (you: 61)." in app.exit_message
    assert path.read_bytes() == before and not saves_dir(app.config).exists()
    # From the start screen's Open a record: shown the same way.
    again = BoneyardApp(Launch())
    async with again.run_test(size=SIZE) as pilot:
        await pilot.click("#open")
        assert isinstance(again.screen, FileScreen)
        again.screen.query_one("#path").value = str(path)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(again.screen, TextScreen))
        assert "Rosa wins with 102 points" in screen_text(again)
        await pilot.press("escape")
        assert isinstance(again.screen, StartScreen)


async def test_domino_loo_shows_no_open_ends_and_no_pass_key() -> None:
    app = app_for("domino-loo", seed=3)
    app.launch.opponents = ["greedy"]
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: waiting_for_you(app))
        shown = screen_text(app)
        assert "Trumps:" in shown and "Open ends" not in shown
        assert "Pass" not in footer(app) and "Draw" not in footer(app)
        await pilot.press("p")
        assert "cannot pass" not in screen_text(app)  # the key is not there at all


async def test_no_keys_of_play_once_the_match_is_over() -> None:
    app = app_for("draw", seed=2, target_score="10")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: waiting_for_you(app))
        assert "d Draw" in footer(app) and "p Pass" in footer(app)
        await play_to_the_end(pilot, app)
        await pilot.press("escape")  # look at the final table
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        keys = footer(app)
        for gone in ("Draw", "Pass", "Hint", "Take back"):
            assert gone not in keys, keys
        assert "Score" in keys and "Quit" in keys


async def test_texas_42_offers_the_pass_key_only_in_the_bidding() -> None:
    """A bid may be passed, a trick may not: the footer showed ``p Pass`` through the play too."""
    from boneyard.core.protocol import Phase

    app = app_for("texas-42", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: waiting_for_you(app))
        session = game_screen_session(app)
        assert session.state.phase == Phase.BID
        assert "p Pass" in footer(app)
        for _ in range(40):
            if session.state.phase == Phase.PLAY:
                break
            await pilot.press("enter")
            await wait_for(pilot, lambda: waiting_for_you(app))
        assert session.state.phase == Phase.PLAY
        await pilot.pause()
        assert "Pass" not in footer(app), footer(app)
        assert "cannot pass" not in screen_text(app)
