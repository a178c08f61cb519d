"""What a table holds (:class:`TableBase`), and what every part of it reads: the hand in play,
the match's status and winner, the seats' levels, the players named for each reader."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from ....core.match import Match
from ....core.protocol import GameRules, GameState
from ....core.words import Voice
from ....text.narration import winner_text
from ..store import StoredChat
from .seats import STAND_IN, Seat

if TYPE_CHECKING:
    from .log import LogEntry

__all__ = ["TableBase"]


class TableBase:
    """A table's state (made by :class:`~boneyard.apps.server.table.Table`), and what follows
    from it. Each part of a table is a layer on this one, in its own module: the log
    (:mod:`.log`), the match and seats changed (:mod:`.play`), the results (:mod:`.results`),
    each reader's view (:mod:`.views`), the table stored and as a record (:mod:`.records`)."""

    id: str
    rules: GameRules
    seats: list[Seat]
    levels: tuple[str, ...]
    """The computer levels its seats may have: the server's (built-in and plug-in)."""
    practice: bool
    seed: int | None
    private: bool
    clock: int | None
    """The turn clock the table was made with (seconds; 0: none; ``None``: the server's
    default)."""
    creator_hash: str | None
    rated: bool
    """Whether the match is rated: its seats are all signed-in people's (each bound to its
    account), and its end moves their ratings."""
    boards: int | None
    """A match of this many hands (a club tournament's round: the same deals at every table of
    the round), rather than to the rules' target: it ends after them, won by the side with the
    better total (a tie: nobody wins)."""
    created: datetime
    updated: datetime
    acted: datetime
    """The last time a person acted here (moved, chatted, joined): expiry goes by it."""
    rematch: str | None
    resigned: int | None
    """The seat that conceded the match (at a table of two sides), which ended it."""
    closed: bool
    match: Match
    log: list[LogEntry]
    notes: dict[int, list[LogEntry]]
    """Per hand (0-based), the notes of the score sheet (each score made in play and why, how
    the hand ended), told for each reader as the log is."""
    results: dict[int, list[str]]
    """Per hand (0-based), the words of its end."""
    chat: list[StoredChat]
    version: int
    """Changes with every change of the match (moves, deals), for the tasks that wait."""
    _log_before_deal: int
    _cache: dict[str, tuple[Any, dict[str, Any]]]
    _parts: dict[str, tuple[Any, Any]]

    @property
    def state(self) -> GameState:
        return self.match.hand

    @property
    def number(self) -> int:
        """The number of the hand in play (or the last one), from 1."""
        return len(self.match.hands)

    @property
    def status(self) -> Literal["playing", "between_hands", "over", "closed"]:
        if self.closed:
            return "closed"
        if self.ended:
            return "over"
        if not self.match.hands or self.state.over:
            return "between_hands"
        return "playing"

    @property
    def ended(self) -> bool:
        """Whether the match is over: played to its end, or conceded."""
        return self.match.over or self.resigned is not None

    @property
    def winner(self) -> str | None:
        """How the match ended, in names (a spectator's words); ``None`` while it goes on."""
        return self.winner_for(None)

    def winner_for(self, seat: int | None) -> str | None:
        voice = self.voice(seat)
        if self.resigned is not None:
            return self._resigned_text(voice)
        return winner_text(self.match, voice) if self.match.over else None

    def _resigned_text(self, voice: Voice) -> str:
        assert self.resigned is not None
        loser = self.rules.side_of[self.resigned]
        winner = 1 - loser
        return (
            f"{voice.says(self.resigned, 'resign', opening=True)}: "
            f"{voice.side_says(winner, 'win')} the match."
        )

    def level_of(self, seat: int) -> str:
        """The computer level that plays ``seat``: its own, or the stand-in's while its person is
        away."""
        s = self.seats[seat]
        return s.level or STAND_IN if s.kind == "computer" else STAND_IN

    @property
    def people(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "person"]

    def voice(self, reader: int | None) -> Voice:
        """How sentences name the players for ``reader`` (a seat: "you" for itself; ``None``: a
        spectator, names only)."""
        return Voice.of(self.rules, reader, [s.name for s in self.seats])

    def named(self, text: str) -> str:
        """The engine's words ("seat 1 went out", "blocked: seats 0 & 2 hold ...") with the
        players' names."""
        return self.voice(None).tell(text)

    def side_names(self) -> list[str]:
        spectator = self.voice(None)
        return [spectator.side(i) for i in range(len(self.rules.sides))]
