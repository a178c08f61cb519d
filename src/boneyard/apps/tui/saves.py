"""The full-screen game's saved matches: every unfinished match is kept, one game record
(RECORD.md) a file, in ``saves/`` beside the settings, until it ends or its player discards it.

The start screen lists them (:func:`saved_matches`: the game, the hand, the scores, when it was
saved) and resumes the one chosen. A file that is not a readable record is listed too, as
broken, so that it can be discarded; nothing is ever removed behind the player's back.

>>> import tempfile
>>> from pathlib import Path
>>> home = Path(tempfile.mkdtemp())
>>> path = new_save_path(home, "block")
>>> path.parent == saves_dir(home), path.name.startswith("block-")
(True, True)
>>> saved_matches(home)
[]
"""

from __future__ import annotations

import json
import os
import shlex
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ...core.i18n import N_, _
from ...core.record import RecordError, rules_from_record
from ..plain import terminal_voice
from .settings import config_dir

__all__ = [
    "SavedMatch",
    "discard",
    "new_save_path",
    "resume_command",
    "saved_matches",
    "saves_dir",
    "write_save",
]

# The one file of the earlier versions, which kept a single match: moved into saves/ when seen.
LEGACY_FILE = "saved-match.json"


@dataclass(frozen=True)
class SavedMatch:
    """One saved match as the start screen lists it. ``problem`` is set (and the rest is
    empty) for a file that cannot be read as a record."""

    path: Path
    saved: float  # seconds since the epoch
    game: str = ""
    rules: str = ""
    hand: int = 0
    moves: int = 0
    scores: str = ""
    problem: str = ""

    @property
    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved))

    def summary(self) -> str:
        """One line: the game, the hand and its move, the scores, when it was saved."""
        if self.problem:
            return _("{file}: {problem} (saved {when})").format(
                file=self.path.name, problem=_(self.problem), when=self.when
            )
        return _("{game} ({rules}) · hand {hand}, move {move} · {scores} · saved {when}").format(
            game=_(self.game),
            rules=self.rules,
            hand=self.hand,
            move=self.moves + 1,
            scores=self.scores,
            when=self.when,
        )


def saves_dir(directory: Path | None = None) -> Path:
    """Where the saved matches of the settings directory ``directory`` (default:
    :func:`~boneyard.apps.tui.settings.config_dir`) are kept."""
    return (directory or config_dir()) / "saves"


def new_save_path(directory: Path, game: str) -> Path:
    """A file name for a new saved match (not yet written): the game and the time."""
    folder = saves_dir(directory)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game}-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"{game}-{stamp}-{n}.json"
        n += 1
    return path


def write_save(path: Path, record: dict[str, Any]) -> None:
    """Write a saved match, whole or not at all (an interrupted write leaves the old file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part")
    partial.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    os.replace(partial, path)


def discard(path: Path) -> None:
    """Forget a saved match."""
    path.unlink(missing_ok=True)


def saved_matches(directory: Path) -> list[SavedMatch]:
    """Every saved match of the settings directory ``directory``, the latest first."""
    _adopt_legacy(directory)
    folder = saves_dir(directory)
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".json" and p.is_file()]
    except OSError:
        return []
    found = [_read(p) for p in paths]
    return sorted(found, key=lambda s: (-s.saved, s.path.name))


def resume_command(path: Path) -> str:
    """The command that resumes the saved match at ``path``."""
    return f"boneyard play --resume {shlex.quote(str(path))}"


def _adopt_legacy(directory: Path) -> None:
    """Move the single saved match of an earlier version into the folder, keeping it."""
    old = directory / LEGACY_FILE
    if not old.is_file():
        return
    try:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(old.stat().st_mtime))
        target = saves_dir(directory) / f"saved-{stamp}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists():
            os.replace(old, target)
    except OSError:
        pass  # left where it is: listed next time


def _read(path: Path) -> SavedMatch:
    try:
        saved = path.stat().st_mtime
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return SavedMatch(path, _mtime(path), problem=N_("not a readable game record"))
    if not isinstance(record, dict) or not isinstance(record.get("hands"), list):
        return SavedMatch(path, saved, problem=N_("not a game record"))
    try:
        rules = rules_from_record(record)
    except RecordError as e:
        return SavedMatch(path, saved, problem=str(e))
    hands = [h for h in record["hands"] if isinstance(h, dict)]
    totals = [Fraction(0)] * len(rules.sides)
    for hand in hands:
        result = hand.get("result")
        points = result.get("points") if isinstance(result, dict) else None
        if isinstance(points, list) and len(points) == len(totals):
            for i, p in enumerate(points):
                if isinstance(p, int | float) and not isinstance(p, bool):
                    totals[i] += Fraction(p).limit_denominator(1000)
    last = hands[-1] if hands else {}
    moves = last.get("moves")
    finished = "result" in last
    voice = terminal_voice(rules)
    labels = [voice.side(i) for i in range(len(rules.sides))]
    return SavedMatch(
        path,
        saved,
        game=rules.game.title,
        rules=rules.rule_set,
        hand=len(hands) + (1 if finished else 0),
        moves=len(moves) if isinstance(moves, list) and not finished else 0,
        scores=", ".join(f"{lab} {_num(t)}" for lab, t in zip(labels, totals, strict=True)),
    )


def _num(x: Fraction) -> str:
    return str(int(x)) if x.denominator == 1 else f"{float(x):.2f}".rstrip("0")


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
