"""The full-screen game's settings, remembered between runs in a small JSON file.

The file is ``$XDG_CONFIG_HOME/boneyard/settings.json`` (``~/.config/boneyard/settings.json`` when
``XDG_CONFIG_HOME`` is not set); the unfinished matches are kept beside it, in ``saves/``
(:mod:`boneyard.apps.tui.saves`). A missing or unreadable file gives the defaults; unknown keys are
ignored, so an old file never stops the game from starting.

>>> s = Settings.from_json({"game": "draw", "players": 3, "speed": "fast", "colour": "red"})
>>> s.game, s.players, s.speed, s.auto_forced
('draw', 3, 'fast', True)
>>> Settings.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from ...core.i18n import N_
from ...games import DEFAULT_GAME

__all__ = [
    "LEVEL_NAMES",
    "SPEEDS",
    "Settings",
    "config_dir",
    "load_settings",
    "save_settings",
    "settings_path",
]

# The pause after each computer move, in seconds.
SPEEDS: dict[str, float] = {"instant": 0.0, "fast": 0.3, "normal": 0.8, "slow": 1.6}
# The speeds' names as shown (translated where shown).
SPEED_WORDS = (N_("instant"), N_("fast"), N_("normal"), N_("slow"))

# The search player's levels, weakest first (boneyard.players.expert.LEVELS).
LEVEL_NAMES = ("beginner", "casual", "strong", "expert")


@dataclass
class Settings:
    """What the start screen chooses, and how the game behaves."""

    game: str = DEFAULT_GAME
    rules: dict[str, str] = field(default_factory=dict)  # game -> rule set
    options: dict[str, dict[str, str]] = field(default_factory=dict)  # game -> {option: value}
    players: int | None = None  # None: the game's default
    # The computer seats' players, seat 1 first ("" or missing: the game's own heuristic).
    opponents: list[str] = field(default_factory=list)
    speed: str = "normal"
    auto_forced: bool = True  # draw and pass for the person when it is the only move
    hints: bool = False  # show what each move is worth, always

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from parsed JSON, keeping only what is well-formed."""
        s = cls()
        if not isinstance(data, dict):
            return s
        if isinstance(data.get("game"), str):
            s.game = data["game"]
        if isinstance(data.get("rules"), dict):
            s.rules = {k: v for k, v in data["rules"].items() if isinstance(v, str)}
        if isinstance(data.get("options"), dict):
            s.options = {
                g: {k: str(v) for k, v in opts.items()}
                for g, opts in data["options"].items()
                if isinstance(opts, dict)
            }
        players = data.get("players")
        if isinstance(players, int) and not isinstance(players, bool):
            s.players = players
        if isinstance(data.get("opponents"), list):
            s.opponents = [str(o) for o in data["opponents"]]
        if data.get("speed") in SPEEDS:
            s.speed = data["speed"]
        for name in ("auto_forced", "hints"):
            if isinstance(data.get(name), bool):
                setattr(s, name, data[name])
        return s

    def to_json(self) -> dict[str, Any]:
        return {f.name: asdict(self)[f.name] for f in fields(self)}

    @property
    def delay(self) -> float:
        """Seconds to wait after each computer move."""
        return SPEEDS.get(self.speed, SPEEDS["normal"])


def config_dir() -> Path:
    """``$XDG_CONFIG_HOME/boneyard``, or ``~/.config/boneyard``."""
    base = os.environ.get("XDG_CONFIG_HOME") or ""
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".config"
    return root / "boneyard"


def settings_path(directory: Path | None = None) -> Path:
    """The settings file in ``directory`` (default: :func:`config_dir`)."""
    return (directory or config_dir()) / "settings.json"


def load_settings(directory: Path | None = None) -> Settings:
    """The remembered settings (the defaults if there are none, or the file is broken)."""
    p = settings_path(directory)
    try:
        return Settings.from_json(json.loads(p.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return Settings()


def save_settings(settings: Settings, directory: Path | None = None) -> Path | None:
    """Write the settings; the path written, or ``None`` if it could not be (never an error)."""
    p = settings_path(directory)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(settings.to_json(), indent=1) + "\n", encoding="utf-8")
    except OSError:
        return None
    return p
