"""The full-screen game driven headless with Textual's Pilot: whole matches of three games by
keyboard and mouse, what the screen shows, take-back, hints, the position in words, claims,
saving and resuming, exporting, and the start screen remembering its choices."""

from __future__ import annotations

import json
import re
from pathlib import Path

from textual.widgets import OptionList, Select
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

from boneyard.apps.tui.app import BoneyardApp, Launch
from boneyard.apps.tui.game import GameScreen
from boneyard.apps.tui.screens import (
    FileScreen,
    HandOverScreen,
    StartScreen,
    TextScreen,
)
from boneyard.apps.tui.widgets import HandView, TableView
from boneyard.core.record import replay_record
from boneyard.players.analysis import value_text

SIZE = (120, 40)


def log_text(app: BoneyardApp) -> str:
    return "\n".join(game_screen(app).session.lines)


# ------------------------------------------------------------------------------- whole matches
async def test_a_match_of_block_by_keyboard() -> None:
    app = app_for("block", seed=1, target_score="30")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: waiting_for_you(app))
        shown = screen_text(app)
        assert "Block · modern rules · hand 1 · first to 30" in shown
        assert re.search(r"Rosa: \d tiles", shown) and "Your moves" in shown
        assert "1) " in shown and "Your turn:" in shown
        assert "Open ends:" in shown
        # The table is drawn with pips once a tile is down.
        if not game_screen(app).session.state.history:
            await pilot.press("enter")  # you lead
            await wait_for(pilot, lambda: waiting_for_you(app))
        assert "●" in screen_text(app) and "Open ends: L shows" in screen_text(app)
        assert app.screen.query_one(TableView).tile_style is not None
        # Under each tile of the hand that can be played, the numbers of its moves.
        hand = app.screen.query_one(HandView)
        assert hand.canvas is not None
        numbers: list[int] = []
        for label in hand.canvas.lines()[-1].split():
            for part in label.split(","):
                first, _, last = part.partition("-")
                numbers += range(int(first), int(last or first) + 1)
        moves = game_screen(app).moves_shown
        assert numbers and sorted(numbers) == [
            i for i, a in enumerate(moves, 1) if hasattr(a, "tile")
        ]
        ends = await play_to_the_end(pilot, app, key="enter")
        first = ends[0]
        assert "Hand 1 is over:" in first and "Left in hand:" in first
        assert "Score sheet (30 to win)" in first and "Enter: next hand" in first
        last = ends[-1]
        assert "Match over:" in last and "n: new match" in last
        session = game_screen_session(app)
        assert session.match.over
        assert max(session.match.totals) >= 30
        # The finished match is not kept for resuming.
        assert not list((app.config / "saves").glob("*.json"))


async def test_a_match_of_muggins_by_number_explains_every_score() -> None:
    app = app_for("muggins", seed=4, target_score="40")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: waiting_for_you(app))
        assert "Count:" in screen_text(app)
        ends = await play_to_the_end(pilot, app, key="1")
        text = "\n".join(ends)
        assert "Scored during the hand:" in text
        assert "ends " in text and " -> " in text  # e.g. "ends 5 + 10 = 15 -> 15 points"
        assert "in play" in text  # the points of the hand: in play + for the hand
        assert "Match over:" in ends[-1]
        # Escape leaves the final table in view; the score sheet (s) gives every hand's scores
        # with their reasons.
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert "The match is over: n for a new match" in screen_text(app)
        await pilot.press("s")
        sheet = screen_text(app)
        assert "Score sheet (40 to win)" in sheet and "Hand 1:" in sheet
        assert " score" in sheet and " -> " in sheet and "Ended: " in sheet


async def test_a_match_of_matador_by_mouse() -> None:
    """Click a tile of the hand; where it fits more than one way, click the end on the table (or
    take the way the list offers)."""
    app = app_for("matador", seed=2, target_score="25")
    async with app.run_test(size=SIZE) as pilot:
        clicks = 0
        for _ in range(400):
            await wait_for(pilot, lambda: waiting_for_you(app) or hand_over(app))
            screen = app.screen
            if isinstance(screen, HandOverScreen):
                if not screen.more:
                    break
                await pilot.press("enter")
                await wait_for(pilot, lambda: not hand_over(app))
                continue
            assert isinstance(screen, GameScreen)
            hand = screen.query_one(HandView)
            plays = {getattr(a, "tile", None) for a in screen.moves_shown}
            spot = next(
                ((x0, y0) for (x0, _x1, y0, _y1), t in hand.canvas.tiles.items() if t in plays),  # type: ignore[union-attr]
                None,
            )
            if spot is None:  # nothing to click: draw or pass by key
                await pilot.press("enter")
                continue
            before = screen.session.version
            await pilot.click(HandView, offset=(spot[0] + 1 + 1, spot[1] + 1))
            clicks += 1
            await pilot.pause()
            if screen.session.version == before:
                # Several ways: the table offers the ends; click the first end label.
                table = screen.query_one(TableView)
                assert table.canvas is not None and table.choices
                end = table.choices[0]
                x, y = next(xy for xy, e in table.canvas.hotspots.items() if e == end)
                await pilot.click(TableView, offset=(x + 1, y))
                await pilot.pause()
                if screen.session.version == before:
                    await pilot.press("enter")
        else:
            raise AssertionError("the match did not end")
        assert clicks > 3
        assert "Match over:" in screen_text(app)
        log = "\n".join(game_screen_session(app).lines)
        assert "exposing" in log  # every play says what it leaves showing


# ------------------------------------------------------------------------------- during a hand
async def test_take_back_your_last_move() -> None:
    app = app_for("draw", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        session = None
        for _ in range(200):
            await wait_for(pilot, lambda: waiting_for_you(app))
            session = game_screen(app).session
            if session.can_take_back():
                break
            await pilot.press("enter")
        assert session is not None
        history = list(session.state.history)
        await pilot.press("t")
        await wait_for(pilot, lambda: waiting_for_you(app))
        assert len(session.state.history) < len(history)
        assert session.state.history == history[: len(session.state.history)]
        assert "You take back your" in screen_text(app)
        # Nothing left to take back after the first choice of the hand? Then it says so.
        while session.can_take_back():
            await pilot.press("t")
            await wait_for(pilot, lambda: waiting_for_you(app))
        await pilot.press("t")
        await pilot.pause()
        assert "no move to take back" in screen_text(app)


async def test_hint_describe_help_and_score_sheet_keys() -> None:
    app = app_for("block", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(
            pilot, lambda: waiting_for_you(app) and len(game_screen(app).moves_shown) > 1
        )
        screen = game_screen(app)
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.hints_for == screen.session.version)
        shown = screen_text(app)
        best = max(screen.hints.values(), key=lambda m: m.value)
        # The best move, its value with its margin, and its reason (which may wrap).
        assert f"{value_text(best.value, best.margin)} best: " in shown
        assert " ".join(best.reason.split()[:3]) in shown
        listing = screen.query_one(OptionList)
        assert screen.moves_shown[listing.highlighted or 0] == best.action

        await pilot.press("v")
        assert isinstance(app.screen, TextScreen)
        words = screen_text(app)
        assert "The position in words" in words and "It is your turn." in words
        assert "Your tiles: [" in words and "Your moves:" in words
        await pilot.press("escape")
        await pilot.press("b")  # what the others may hold: the chances, and how they were found
        assert isinstance(app.screen, TextScreen)
        chances = screen_text(app)
        assert "What the others may hold" in chances and "stock" in chances
        assert "exact: every deal consistent with what you have seen" in chances
        await pilot.press("escape")
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextScreen) and "take back your last move" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("s")
        assert "Score sheet (100 to win)" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        # Speed: faster, remembered.
        await pilot.press("minus")
        assert app.settings.speed == "fast"
        saved = json.loads((app.config / "settings.json").read_text(encoding="utf-8"))
        assert saved["speed"] == "fast"


async def test_claims_where_the_rules_ask_for_them() -> None:
    """Foster's Muggins with a spinner: move 8 of the README's example, claiming 15."""
    app = app_for("muggins", seed=3)
    app.launch.rules = "foster-spinner"
    app.launch.options = {}
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: waiting_for_you(app))
        await pilot.press("8")
        await pilot.pause(0.9)  # more than nine moves: a second digit may follow
        await wait_for(pilot, lambda: "Claim the points" in screen_text(app))
        await pilot.press("1", "5", "enter")
        await wait_for(pilot, lambda: "claiming 15 and score 15" in log_text(app))
        assert "ends 12 + 3 = 15 -> 15 points" in log_text(app)


async def test_the_end_of_a_hand_shows_every_hand_and_reviews_your_moves() -> None:
    app = app_for("block", seed=1, target_score="200")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: waiting_for_you(app))
        for _ in range(100):
            await wait_for(pilot, lambda: waiting_for_you(app) or hand_over(app))
            if hand_over(app):
                break
            await pilot.press("enter")
        await pilot.press("a")
        assert "every hand" in screen_text(app) and "dealt [" in screen_text(app)
        await pilot.press("r")
        await wait_for(pilot, lambda: "total cost of your choices" in screen_text(app))
        assert "Review of your moves in hand 1:" in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: not hand_over(app))
        assert "hand 2" in screen_text(app)


async def test_a_small_terminal() -> None:
    app = app_for("muggins", seed=2, target_score="20")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: waiting_for_you(app))
        shown = screen_text(app)
        assert "Your moves" in shown and "Open ends" in shown
        ends = await play_to_the_end(pilot, app, key="enter")
        assert "Match over:" in ends[-1]


# ------------------------------------------------------------------------------- records
async def test_save_quit_and_resume() -> None:
    app = app_for("block", seed=6)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await wait_for(pilot, lambda: waiting_for_you(app))
            await pilot.press("enter")
        await wait_for(pilot, lambda: waiting_for_you(app))
        await pilot.press("w")
        assert "Saved to" in screen_text(app)
        session = game_screen(app).session
        history = list(session.state.history)
        await pilot.press("q")
    (saved,) = (app.config / "saves").glob("*.json")
    assert app.exit_message.startswith(f"The match is saved in {saved}.")
    assert f"boneyard play --resume {saved}" in app.exit_message
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["meta"]["seed"] == 6 and replay_record(record).disagreements == []

    again = BoneyardApp(Launch())
    again.settings.speed = "instant"
    async with again.run_test(size=SIZE) as pilot:
        assert isinstance(again.screen, StartScreen)
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(again.screen, GameScreen))
        resumed = game_screen(again).session
        assert resumed.state.history == history
        assert "Resumed: Block (modern rules), hand 1" in screen_text(again)
        await wait_for(pilot, lambda: waiting_for_you(again))
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(resumed.state.history) > len(history))


async def test_export_the_record(tmp_path: Path) -> None:
    app = app_for("muggins", seed=8)
    target = tmp_path / "game.json"
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(2):
            await wait_for(pilot, lambda: waiting_for_you(app))
            await pilot.press("enter")
        await wait_for(pilot, lambda: waiting_for_you(app))
        await pilot.press("e")
        assert isinstance(app.screen, FileScreen)
        field = app.screen.query_one("#path")
        field.value = str(target)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait_for(pilot, lambda: target.exists())
        assert "Exported the record to" in screen_text(app)
    record = json.loads(target.read_text(encoding="utf-8"))
    assert record["game"] == "muggins" and record["players"][0] == "you"
    replay = replay_record(record)
    assert not replay.complete and replay.disagreements == []


# ------------------------------------------------------------------------------- the start screen
async def test_the_start_screen_chooses_and_remembers() -> None:
    app = BoneyardApp(Launch())
    async with app.run_test(size=(110, 50)) as pilot:
        screen = app.screen
        assert isinstance(screen, StartScreen)
        shown = screen_text(app)
        assert "Game" in shown and "Block (block)" in shown and "Rule set" in shown
        # Choose the game with the keyboard: open the list, go down to Draw, Enter.
        screen.query_one("#game", Select).focus()
        await pilot.press("enter", "down", "enter")
        await wait_for(pilot, lambda: app.screen.query_one("#game", Select).value == "draw")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        shown = screen_text(app)
        assert "As Block, but a player who cannot match draws" in shown
        # Each option says what it does, as `boneyard rules` does.
        assert "the set used: double-six (28 tiles), double-nine (55)" in shown
        screen.query_one("#players", Select).value = 3
        # The form is built again for three players (on a busy machine that takes a while).
        await wait_for(pilot, lambda: bool(app.screen.query("#opponent-2")))
        await pilot.pause()
        app.screen.query_one("#opponent-2", Select).value = "casual"
        app.screen.query_one("#option-target_score").value = "50"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        session = game_screen(app).session
        assert session.rules.game.id == "draw" and session.rules.players == 3
        assert session.rules.target_score == 50
        assert session.agent_names == ["you", "greedy", "casual"]
        await pilot.press("q")
    saved = json.loads((app.config / "settings.json").read_text(encoding="utf-8"))
    assert saved["game"] == "draw" and saved["players"] == 3
    assert saved["options"] == {"draw": {"target_score": "50"}}
    assert saved["opponents"] == ["", "casual"]

    again = BoneyardApp(Launch())
    async with again.run_test(size=(110, 50)) as pilot:
        screen = again.screen
        assert isinstance(screen, StartScreen)
        assert screen.values() == {
            "game": "draw",
            "rules": "britannica",
            "players": 3,
            "options": {"target_score": "50"},
        }
        shown = screen_text(again)
        assert "Unfinished matches" in shown and "Draw (britannica) · hand 1, move" in shown


async def test_a_bad_option_on_the_start_screen_is_explained() -> None:
    app = BoneyardApp(Launch())
    async with app.run_test(size=(110, 50)) as pilot:
        app.screen.query_one("#option-target_score").value = "lots"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "error: bad value 'lots'" in screen_text(app)


async def test_new_match_from_the_end_of_a_match() -> None:
    app = app_for("block", seed=2, target_score="10")
    async with app.run_test(size=SIZE) as pilot:
        await play_to_the_end(pilot, app)
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert "Block (block)" in screen_text(app)


async def test_hints_on_every_turn_with_the_flag() -> None:
    """``boneyard play --hints``: every choice comes with its values, without asking; the flag is
    for this run, not remembered."""
    app = BoneyardApp(Launch(game="block", seed=3, hints=True))
    app.settings.speed = "instant"
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(
            pilot, lambda: waiting_for_you(app) and len(game_screen(app).moves_shown) > 1
        )
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.hints_for == screen.session.version)
        assert " best: " in screen_text(app)
        await pilot.press("q")
    saved = json.loads((app.config / "settings.json").read_text(encoding="utf-8"))
    assert saved["hints"] is False


async def test_click_a_move_in_the_list() -> None:
    app = app_for("block", seed=6)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: waiting_for_you(app))
        screen = game_screen(app)
        first = screen.moves_shown[0]
        before = len(screen.session.state.history)
        await pilot.click(OptionList, offset=(4, 1))  # the first move, under the border
        await wait_for(pilot, lambda: len(screen.session.state.history) > before)
        assert screen.session.state.history[before].action == first


async def test_domino_loo_the_miss_and_a_discard_by_mouse() -> None:
    """Domino Loo: take the miss by its number, then throw a tile out by clicking it in the hand
    (the tiles to throw out are lit like playable ones), then play a tile to the trick so."""
    from boneyard.core.actions import Play
    from boneyard.games.loo.actions import TakeMiss
    from boneyard.games.tricks.actions import Discard

    app = BoneyardApp(Launch(game="domino-loo", seed=4, players=3, opponents=["greedy"]))
    app.settings.speed = "instant"
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: waiting_for_you(app))
        screen = game_screen(app)
        assert "Trumps:" in screen_text(app)
        kinds = [type(a) for a in screen.moves_shown]
        assert TakeMiss in kinds  # greedy stands: the miss is there for seat 0
        await pilot.press(str(kinds.index(TakeMiss) + 1))
        await wait_for(pilot, lambda: waiting_for_you(app))
        assert all(isinstance(a, Discard) for a in screen.moves_shown)
        hand = screen.query_one(HandView)
        for kind in (Discard, Play):
            await wait_for(pilot, lambda: waiting_for_you(app))
            offered = {getattr(a, "tile", None) for a in screen.moves_shown}
            assert all(isinstance(a, kind) for a in screen.moves_shown), screen.moves_shown
            assert hand.canvas is not None
            (x0, _x1, y0, _y1), tile = next(
                (box, t) for box, t in hand.canvas.tiles.items() if t in offered
            )
            before = len(screen.session.state.history)
            await pilot.click(HandView, offset=(x0 + 2, y0 + 1))
            await wait_for(pilot, lambda b=before: len(screen.session.state.history) > b)
            move = screen.session.state.history[before]
            assert isinstance(move.action, kind) and move.action.tile == tile
            if kind is Discard:
                assert screen.session.state.hands[0].bit_count() == 5
