"""``boneyard play``: full screen in a terminal, the line-based game with ``--plain`` or when input
or output is not a terminal; the plain game end to end from numbered choices on standard input,
with hints and their reasons, reviews, the position in words, and resuming a saved match."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from tuihelp import config_home  # noqa: F401  (settings in a temporary directory)
from typer.testing import CliRunner, Result

import boneyard.apps.cli as cli
import boneyard.apps.cli.play as cli_play
from boneyard.core.record import replay_record

APP = cli.build_app()


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(APP, list(args), input=input)


def boneyard(*args: str, stdin: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The real command, its input piped (so not a terminal)."""
    return subprocess.run(
        [sys.executable, "-m", "boneyard", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
    )


# ------------------------------------------------------------------------------- the plain game
def test_plain_plays_a_whole_match_from_numbered_choices() -> None:
    done = boneyard(
        "play", "--plain", "muggins", "--seed", "2", "-o", "target_score=40", stdin="1\n" * 500
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("Muggins / All Fives (pagat rules), 2 players")
    assert "Your moves:\n   1) " in out
    assert "Your move (1 to " in out
    assert "Match over:" in out
    # Every scoring play is explained.
    assert "  ends " in out and " points" in out


def test_without_a_terminal_play_is_the_plain_game() -> None:
    """Input from a pipe: no full screen, whatever the flags (so scripts keep working)."""
    done = boneyard("play", "block", "--seed", "1", stdin="1\nq\n")
    assert done.returncode == 0, done.stderr
    assert "Your move (1 to " in done.stdout and "You left the game." in done.stdout
    # No game named: the plain game plays Block.
    result = run("play", "--seed", "1", input="q\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Block (modern rules), 2 players")


def test_plain_hints_give_values_and_reasons() -> None:
    result = run("play", "--plain", "block", "--seed", "4", "--hints", input="1\n1\nq\n")
    assert result.exit_code == 0, result.output
    listed = [
        line for line in result.stdout.splitlines() if line.startswith("   ") and ") " in line
    ]
    hinted = [line for line in listed if "[worth " in line]
    assert hinted, result.stdout
    # "[worth +1.2: 3 of your tiles still fit]": a value and a reason, the best marked.
    assert all(": " in line.split("[worth ", 1)[1] for line in hinted)
    assert any("<- hint" in line for line in hinted)


def test_plain_review_after_each_hand_and_on_request() -> None:
    result = run(
        "play", "--plain", "block", "--seed", "1", "-o", "target_score=1", "--review",
        input="1\n" * 200,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Review of your moves in hand 1:" in out
    assert "total cost of your choices" in out
    assert out.index("Hand 1 is over") < out.index("Review of your moves in hand 1:")
    # Without --review, the person asks with "review" (the hand in play, before any ends).
    asked = run("play", "--plain", "block", "--seed", "1", input="1\nreview\nq\n")
    assert "Review of your moves in hand 1:" in asked.stdout


def test_plain_describe_says_the_position_in_words() -> None:
    result = run("play", "--plain", "block", "--seed", "1", input="1\ndescribe\nq\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Block, modern rules, 2 players; hand 1." in out
    assert "It is your turn." in out and "The lead is [" in out
    assert "Your tiles: [" in out


def test_plain_beliefs_show_who_may_hold_each_unseen_tile() -> None:
    """Before anything is played, each of the 21 tiles the person cannot see is in seat 1's
    hand with chance 7/21 (33%) and in the stock with 14/21 (67%)."""
    result = run("play", "--plain", "draw", "--seed", "3", input="beliefs\nq\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "What the others may hold, from everything you have seen:" in out
    assert re.search(r"^tile +Rosa +stock$", out, flags=re.M)
    rows = re.findall(r"^\[(\d)\|(\d)\]\s+(\d+)%\s+(\d+)%$", out, flags=re.M)
    assert len(rows) == 21
    assert all((seat, stock) == ("33", "67") for _, _, seat, stock in rows)
    assert "(exact: every deal consistent with what you have seen, equally likely)" in out


def test_plain_save_then_resume(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = run("play", "--plain", "draw", "--seed", "3", "--save", str(save), input="1\n1\nq\n")
    assert first.exit_code == 0, first.output
    record = json.loads(save.read_text(encoding="utf-8"))
    moves = len(record["hands"][0]["moves"])
    again = run("play", "--plain", "--resume", str(save), "--save", str(save), input="1\n" * 3000)
    assert again.exit_code == 0, again.output
    assert "Match over:" in again.stdout
    finished = json.loads(save.read_text(encoding="utf-8"))
    assert finished["hands"][0]["moves"][:moves] == record["hands"][0]["moves"]
    assert replay_record(finished).complete


def test_resume_errors() -> None:
    result = run("play", "--plain", "block", "--resume", "nowhere.json")
    assert result.exit_code == 2 and "not both" in result.stderr
    result = run("play", "--plain", "--resume", "nowhere.json")
    assert result.exit_code == 2 and "nowhere.json" in result.stderr


# ------------------------------------------------------------------------------- full screen
def test_in_a_terminal_play_is_full_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a terminal the command hands its arguments to the full-screen game."""
    launched: list[Any] = []

    def fake_run(launch: Any) -> tuple[str, int]:
        launched.append(launch)
        return "", 0

    import boneyard.apps.tui.app as tui_app

    monkeypatch.setattr(tui_app, "run", fake_run)
    monkeypatch.setattr(cli_play, "_in_a_terminal", lambda: True)
    result = run(
        "play", "matador", "--rules", "hoyle", "-o", "target_score=50", "--seed", "7",
        "--opponent", "expert", "--hints",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    (launch,) = launched
    assert (launch.game, launch.rules, launch.seed, launch.hints) == ("matador", "hoyle", 7, True)
    assert launch.options == {"target_score": "50"} and launch.opponents == ["expert"]
    # Without a game: the start screen; --plain: never full screen.
    run("play")
    assert launched[-1].game is None
    plain = run("play", "--plain", "--seed", "1", input="q\n")
    assert len(launched) == 2 and "You left the game." in plain.stdout
    # Bad arguments are refused before the screen opens.
    bad = run("play", "block", "--opponent", "wizard")
    assert bad.exit_code == 2 and "unknown agent 'wizard'" in bad.stderr and len(launched) == 2


def _in_pty(args: list[str], keys: bytes, config: Path, wait_for: bytes) -> tuple[int, bytes]:
    """Run ``boneyard`` in a pseudo-terminal; once it shows ``wait_for``, type ``keys``."""
    env = dict(os.environ, TERM="xterm-256color", XDG_CONFIG_HOME=str(config))
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, in the terminal
        os.execvpe(sys.executable, [sys.executable, "-m", "boneyard", *args], env)
    out = b""
    sent = False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            out += data
        if not sent and wait_for in out:
            time.sleep(0.3)
            os.write(fd, keys)
            sent = True
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), out


def test_a_real_terminal_gets_the_full_screen_game(tmp_path: Path) -> None:
    code, out = _in_pty(["play", "block", "--seed", "1"], b"q", tmp_path, b"Your moves")
    assert code == 0
    assert b"Block \xc2\xb7 modern rules" in out  # the title bar: "Block · modern rules"
    assert b"\x1b[" in out  # drawn with escape sequences, not printed line by line
    (saved,) = (tmp_path / "boneyard" / "saves").glob("*.json")  # kept to resume
    assert f"boneyard play --resume {saved}".encode() in out  # said as the game ends
    code, out = _in_pty(["play"], b"\x11", tmp_path, b"Unfinished matches")  # ctrl+q
    assert code == 0 and b"the classic games of dominoes" in out


# ------------------------------------------------------------------------------- the docs
PLAY_PAGE = Path(__file__).resolve().parents[2] / "docs" / "play.md"


def test_the_play_page_lists_the_game_screens_keys() -> None:
    """docs/play.md's keys table and the game screen's bindings agree, both ways."""
    from boneyard.apps.tui.game import GameScreen

    text = PLAY_PAGE.read_text(encoding="utf-8")
    rows = [line.split("|")[1].strip() for line in text.splitlines() if line.startswith("| ")]
    documented: set[str] = set()
    for cell in rows[1:]:
        for word in cell.replace(",", " ").split():
            documented.add(word)
    bound: dict[str, str] = {}
    for binding in GameScreen.BINDINGS:
        for key in binding.key.split(","):  # type: ignore[union-attr]
            bound[key] = binding.action  # type: ignore[union-attr]
    names = {
        "plus": "+",
        "minus": "-",
        "question_mark": "?",
        "left": "←",
        "right": "→",
        "enter": "Enter",
    }
    for key, action in bound.items():
        if key in ("equals_sign", "f1", "0"):
            continue  # alternatives of + and ?, and the 0 of a two-digit move number
        shown = names.get(key, key)
        if shown.isdigit():
            assert "1" in documented and "9" in documented
            continue
        assert shown in documented, f"the key {shown} ({action}) is not in docs/play.md"
    for word in documented - {"to", "↑", "↓", "1", "9"}:
        assert word in {names.get(k, k) for k in bound}, f"docs/play.md documents {word}: unbound"


def test_the_play_page_names_the_settings_file() -> None:
    from boneyard.apps.tui.saves import saves_dir
    from boneyard.apps.tui.settings import settings_path

    text = PLAY_PAGE.read_text(encoding="utf-8")
    home = Path(os.environ["XDG_CONFIG_HOME"])
    assert settings_path() == home / "boneyard" / "settings.json"
    assert "`$XDG_CONFIG_HOME/boneyard/settings.json`" in text
    assert saves_dir() == home / "boneyard" / "saves"
    assert "`$XDG_CONFIG_HOME/boneyard/saves/`" in text
