"""A table's log: what happens told for each reader in the one narration's sentences
(:mod:`boneyard.text.narration`), a spectator reading names only, a seat reading "you" about
itself; and the notes of the score sheet (each score made in play and why, how each hand ended)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ....core.protocol import GameState
from ....core.words import Voice
from ....text.i18n import DEFAULT, LANGUAGES, current_language, use_language
from ....text.narration import (
    Moved,
    hand_result_text,
    hand_start_lines,
    intro_lines,
    score_note,
    tell_move,
    winner_text,
)
from .base import TableBase

__all__ = ["LOG_KEPT", "LOG_LINES", "LogEntry", "TableLog"]

LOG_LINES = 120
LOG_KEPT = 400


class LogEntry(NamedTuple):
    """One line of the log, told for each reader: ``text`` is a spectator's (names only),
    ``told[s]`` what seat ``s`` reads ("You draw [6|1].", "Ann plays [6|4]."; ``None``: the same
    for everyone). ``seat`` is the seat whose move the line tells (``None`` for other lines), and
    ``full`` that move with what was hidden shown (for replays of finished hands). Those are in
    English; ``languages`` holds the line in each other language boneyard speaks, as
    ``(language, text, told)``."""

    text: str
    seat: int | None = None
    told: tuple[str, ...] | None = None
    full: str | None = None
    languages: tuple[tuple[str, str, tuple[str, ...] | None], ...] = ()

    def for_reader(self, seat: int | None) -> str:
        """The line as ``seat`` reads it, in the current language."""
        text, told = self.text, self.told
        language = current_language()
        if language != DEFAULT:
            for tag, other, other_told in self.languages:
                if tag == language:
                    text, told = other, other_told
        return told[seat] if seat is not None and told is not None else text


class TableLog(TableBase):
    """The log of a table, told for each reader."""

    def say(self, text: str = "") -> None:
        """A line of the log that reads the same for everyone, in every language (an empty line,
        a name)."""
        self.log.append(LogEntry(text))

    def tell(
        self,
        words: Callable[[Voice], str],
        seat: int | None = None,
        full: str | None = None,
    ) -> None:
        """Lines of the log told for each reader: ``words`` says them for a voice (several
        lines split at newlines); ``seat`` and ``full`` as in :class:`LogEntry`."""
        self.log += self.told(words, seat, full)

    def told(
        self,
        words: Callable[[Voice], str],
        seat: int | None = None,
        full: str | None = None,
    ) -> list[LogEntry]:
        """What ``words`` say for each reader (a spectator, and every seat a person holds), a
        :class:`LogEntry` per line, in every language."""
        people = self.people

        def lines() -> list[tuple[str, tuple[str, ...] | None]]:
            spectator = words(self.voice(None)).split("\n")
            by_seat = [
                words(self.voice(s)).split("\n") if s in people else spectator
                for s in range(self.rules.players)
            ]
            out: list[tuple[str, tuple[str, ...] | None]] = []
            for i, text in enumerate(spectator):
                told = tuple(
                    seat_lines[i] if i < len(seat_lines) else text for seat_lines in by_seat
                )
                out.append((text, None if all(t == text for t in told) else told))
            return out

        with use_language(DEFAULT):
            english = lines()
        others: list[tuple[str, list[tuple[str, tuple[str, ...] | None]]]] = []
        for language in LANGUAGES:
            if language != DEFAULT:
                with use_language(language):
                    others.append((language, lines()))
        entries = []
        for i, (text, told) in enumerate(english):
            languages = tuple(
                (tag, *said[i]) if i < len(said) else (tag, text, told) for tag, said in others
            )
            entries.append(LogEntry(text, seat, told, full, languages))
        return entries

    def _intro(self) -> None:
        self.tell(lambda v: "\n".join(intro_lines(self.rules, v)))

    def _hand_started(self) -> None:
        self.version += 1
        self.say("")
        state = self.state
        number = self.number
        # The draw for the first lead is not kept in the store: a table restored could not tell
        # it again, so no table tells it.
        self.tell(lambda v: "\n".join(hand_start_lines(state, number, v)))

    def _report(self, state: GameState, moved: Moved, forced: bool = False) -> None:
        """The log of the last move, told for each reader as the plain game tells it
        (:func:`boneyard.text.narration.tell_move`): the move's own line carries its seat and
        what it hid (for replays), the lines after it (why it scored, a trick taken...) none."""
        seat = state.history[-1].seat
        # What the move hid, shown (a finished hand's replay, made for its reader's language).
        shown = tell_move(state, moved, self.voice(None), shown=True)[0].text
        first = True
        for entry in self.told(
            lambda v: "\n".join(t.text for t in tell_move(state, moved, v, forced=forced))
        ):
            self.log.append(entry._replace(seat=seat, full=shown) if first else entry)
            first = False

        def scored(voice: Voice) -> str:
            told = tell_move(state, moved, voice, forced=forced)
            return score_note(told, state, moved, voice) or ""

        with use_language(DEFAULT):
            noted = score_note(
                tell_move(state, moved, self.voice(None)), state, moved, self.voice(None)
            )
        if noted:
            self.notes.setdefault(self.number - 1, []).extend(self.told(scored))

    def result_text(self, index: int, voice: Voice) -> str:
        """How hand ``index`` (0-based, finished) ended, told by ``voice``."""
        state = self.match.hands[index]
        assert state.result is not None
        return hand_result_text(index + 1, state, voice)

    def _hand_over(self, state: GameState) -> None:
        number = self.number
        result = state.result
        assert result is not None

        def ended(voice: Voice) -> str:
            return self.result_text(number - 1, voice)

        with use_language(DEFAULT):
            lines = ended(self.voice(None)).split("\n")
        self.results[number - 1] = lines
        # The sheet's row tells how the hand ended (``SheetRow.ended``); notes say why it scored.
        self.notes.setdefault(number - 1, [])
        self.say("")
        self.tell(ended)
        self.match.record_hand_end()
        self._end_of_boards()
        if self.match.over:
            self.say("")
            self.tell(lambda v: winner_text(self.match, v))

    def _end_of_boards(self) -> None:
        """A match of a fixed number of hands (:attr:`boards`) ends after the last of them,
        whatever the rules' target: won by the side with the better total (the lowest where the
        fewest points win), nobody if the best total is tied."""
        match = self.match
        if self.boards is None or match.over or match.scored < self.boards:
            return
        totals = match.totals
        best = min(totals) if self.rules.presenter.lowest_wins else max(totals)
        leaders = [i for i, t in enumerate(totals) if t == best]
        match.finished = True
        match.winner = leaders[0] if len(leaders) == 1 else None
