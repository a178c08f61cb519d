"""The reproductions of issue 14, pinned as records (``tests/records/regression_*.json``, made by
the commands quoted) so that they survive any later change of the random streams, and replayed
through the paths that failed: the plain game's ``review`` and ``--review``, take-back, and
resuming a finished match. (The full-screen game's are in ``tests/tui/test_saves.py``.)"""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boneyard.apps.cli import build_app
from boneyard.apps.plain import TerminalGame
from boneyard.apps.tui.session import Session
from boneyard.core.actions import DRAW
from boneyard.core.record import replay_record
from boneyard.core.tiles import BIT, parse_tile
from boneyard.players.analysis import EFFORT_VARIABLE
from boneyard.text.narration import YOU
from conftest import RECORDS, load_record
from matchpaths import TEST_EFFORT, snapshot


@pytest.fixture(autouse=True)
def small_analysis_effort(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(EFFORT_VARIABLE, TEST_EFFORT)


def play(*args: str, input: str = "") -> str:
    result = CliRunner().invoke(build_app(), ["play", "--plain", *args], input=input)
    assert result.exception is None, result.output[-3000:]
    assert result.exit_code == 0
    return result.output


# ------------------------------------------------------------------- reviews and take-back
def test_review_of_a_hand_whose_engine_was_drawn() -> None:
    """``(yes 1 | head -41; echo review; echo q) | boneyard play --plain mexican-train
    --players 2 --seed 4``: nobody was dealt the 12-12, seat 1 drew it; ``review`` failed with
    "no double in the deal or the stock: no one can lead"."""
    path = RECORDS / "regression_mexican_train_drawn_engine.json"
    state = replay_record(load_record(path.name)).match.hand
    assert state.context == parse_tile("12-12")
    assert not any(dealt & BIT[state.context] for dealt in state.deal)  # nobody was dealt it
    assert state.history[0].action == DRAW  # so the hand began with the hunt for it
    out = play("--resume", str(path), input="review\nq\n")
    assert "Review of your moves in hand 1:" in out
    assert re.search(r"total cost of your choices: [\d.]+ points over [1-9]\d* decisions", out)


def test_review_after_the_first_hand_of_chicken_foot() -> None:
    """``(yes 1 | head -44; echo review; echo q) | boneyard play --plain chicken-foot --players 2
    --seed 4``: the review of hand 3 rebuilt it without its engine (the 7-7): "no double in
    the deal or the stock: no one can lead"."""
    path = RECORDS / "regression_chicken_foot_fourth_hand.json"
    out = play("--resume", str(path), input="review\nq\n")
    assert "Review of your moves in hand 3:" in out
    session = Session.resume(load_record(path.name))
    for hand in range(4):
        assert session.review_of(hand).startswith(f"Review of your moves in hand {hand + 1}:")


def test_the_review_after_every_hand_of_mexican_train() -> None:
    """``yes 1 | head -300 | boneyard play --plain mexican-train --players 2 --seed 5
    --review``: the review printed after each hand rebuilt it without its engine ("no one can
    lead", "seat 0 cannot draw while able to play (legal: 12-12)"); each hand of the record is
    reviewed here as ``--review`` reviews it."""
    record = load_record("regression_mexican_train_three_rounds.json")
    game = TerminalGame(replay_record(record).rules, io.StringIO(), io.StringIO(), review=True)
    game.match = replay_record(record).match
    engines = [h.context for h in game.match.hands]
    assert engines == [game.rules.engine(k) for k in range(3)]  # type: ignore[attr-defined]
    for hand in range(3):
        assert game.review_text(hand).startswith(f"Review of your moves in hand {hand + 1}:")


@pytest.mark.parametrize(
    "name",
    [
        "regression_mexican_train_drawn_engine.json",
        "regression_chicken_foot_fourth_hand.json",
    ],
)
def test_take_back_in_the_hands_that_failed(name: str) -> None:
    """Take-back rebuilds the hand in play from its own start: every choice of seat 0 taken back
    gives the position reached then."""
    record = load_record(name)
    session = Session.resume(record)
    state = session.state
    before = {n: snapshot(state.replay_to(n)) for n in range(len(state.history) + 1)}
    taken = 0
    while session.take_back():
        taken += 1
        now = session.state
        assert snapshot(now) == before[len(now.history)]
        assert now.turn == YOU and len(session.moves()) > 1
    assert taken >= 3 and not session.can_take_back()


# ------------------------------------------------------------------- resuming a finished match
@pytest.mark.parametrize(
    ("name", "sheet", "winner_line"),
    [
        # yes 1 | boneyard play --plain block --seed 1 --save r.json: the winner was said to
        # have 108 points, the sheet totalling 102.
        ("regression_block_finished.json", "total    61    102", "Rosa wins with 102 points"),
        # The same with draw and seed 2: 164 against the sheet's 126.
        ("regression_draw_finished.json", "total   126     56", "you win with 126 points"),
    ],
)
def test_resuming_a_finished_match_changes_nothing(
    name: str, sheet: str, winner_line: str, tmp_path: Path
) -> None:
    path = tmp_path / name
    shutil.copy(RECORDS / name, path)
    before = path.read_bytes()
    out = play("--resume", str(path))
    assert "This match is over: nothing is left to play." in out
    assert sheet in out
    assert f"Match over: {winner_line}" in out
    assert out.count("Match over:") == 1
    assert "=== Hand" not in out and "Your move" not in out
    assert path.read_bytes() == before
    # Saved again (--save), it is the same match.
    again = tmp_path / "again.json"
    play("--resume", str(path), "--save", str(again))
    resaved = json.loads(again.read_text(encoding="utf-8"))
    assert resaved["hands"] == load_record(name)["hands"]


def test_the_review_agrees_with_the_hints_given() -> None:
    """``(printf '3\\n'; yes 1 | head -30) | boneyard play --plain draw --seed 3 --hints
    --review``: the hint rated 6-4 at L +9.7 and 6-1 at L -30.3, the review said only "4-2 at R
    was better by 9.0", and the lead was offered both ways round with different values. Now a
    lead is offered once, and every move the review names has the value the hint gave it."""
    out = play("draw", "--seed", "3", "--hints", "--review", input="3\n" + "1\n" * 30)
    blocks = out.split("Your moves:")[1:]
    assert blocks
    first = [line for line in blocks[0].splitlines() if re.match(r"\s+\d+\) lead ", line)]
    assert len(first) == 7  # seven tiles, seven leads
    shown: list[dict[tuple[str, str | None], str]] = []
    for block in blocks:
        values: dict[tuple[str, str | None], str] = {}
        for m in re.finditer(
            r"\d+\) (?:lead|play) \[(\d)\|(\d)\](?: at (\w+))?.*?\[worth ([+-][\d.]+)", block
        ):
            a, b, end, value = m.groups()
            values[(f"{a}-{b}", end)] = value
            values[(f"{b}-{a}", end)] = value
        shown.append(values)
    review = re.findall(
        r"you played (\d-\d)(?: at (\w+))? \(([+-][\d.]+)\); (\d-\d)(?: at (\w+))? "
        r"\(([+-][\d.]+)\) was better by",
        out,
    )
    assert review, out[-2000:]
    for played, played_end, played_value, best, best_end, best_value in review:
        assert any(
            values.get((played, played_end or None)) == played_value
            and values.get((best, best_end or None)) == best_value
            for values in shown
        ), (played, played_end, played_value, best, best_end, best_value)
