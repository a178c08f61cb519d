"""A match for the full-screen game, without the screen: moves, the log in words, take-back,
hints, reviews, saving and resuming. No Textual here, so all of it can be tested directly.

:class:`Session` is the line-based game (:class:`boneyard.apps.plain.TerminalGame`) with its output
kept as a log instead of printed: every sentence the line-based game says about a move, a score or
the end of a hand, the full-screen game shows in its log. Nothing here re-implements a rule: what
is legal and what happened come from the engine.

>>> from boneyard.games import get_game
>>> session = Session(get_game("block").configure(players=2), seed=1)
>>> session.begin()
>>> session.lines[0].startswith("Block (modern rules), 2 players")
True
>>> session.state is session.match.hand
True
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ...core.actions import Action, Draw, Muggins, Pass, Play
from ...core.i18n import _, ngettext
from ...core.match import Match
from ...core.protocol import GameRules, GameState, IllegalAction, Observation
from ...core.record import match_to_record, replay_record
from ...core.words import hand_text, plural, tile_text
from ...core.words import number as number_text
from ...players.agents import Agent
from ...players.analysis import MoveAnalysis
from ...text.narration import (
    YOU,
    Moved,
    Told,
    apply_move,
    default_opponent,
    describe_action,
    hand_result_text,
    menu,
    score_note,
    score_reasons_lines,
    score_sheet_text,
    winner_text,
)
from ..plain import TerminalGame

__all__ = ["APP_NAME", "Session"]

APP_NAME = "boneyard play"


class Session(TerminalGame):
    """One person (seat 0) against computer agents, for the full-screen game.

    The log is :attr:`lines` (each with a style for colour, in :attr:`styles`); ``listener``, if
    set, is called with every new line. :attr:`version` changes whenever the hand changes, so
    that a computer move worked out for a position that has since been taken back is dropped.
    """

    def __init__(
        self,
        rules: GameRules,
        *,
        opponents: Sequence[str | Agent] | None = None,
        seed: int | None = None,
        hints: bool = False,
    ) -> None:
        if seed is None:
            seed = random.randrange(2**31)
        self.lines: list[str] = []
        self.styles: list[str | None] = []
        self.listener: Callable[[str, str | None], None] | None = None
        super().__init__(
            rules, io.StringIO(), io.StringIO(), opponents=opponents, seed=seed, hints=hints
        )
        self.seed = seed
        self.opponent_names = [self.agent_specs[s] for s in range(1, rules.players)]
        self.version = 0
        # Per hand (0-based), the explanations of its scores, for the score sheet.
        self.notes: dict[int, list[str]] = {}
        self._hand_said: int = -1
        self.took_back = 0
        # The file this match is kept in among the saved matches (once it has been saved).
        self.save_path: Path | None = None

    # ----------------------------------------------------------------- the log
    def say(self, text: str = "", style: str | None = None) -> None:
        for line in text.split("\n") if text else [""]:
            self.lines.append(line)
            self.styles.append(style)
            if self.listener is not None:
                self.listener(line, style)

    # ----------------------------------------------------------------- the match
    @property
    def state(self) -> GameState:
        return self.match.hand

    @property
    def number(self) -> int:
        """The number of the hand in play (from 1)."""
        return len(self.match.hands)

    def begin(self, resumed: bool = False) -> None:
        """Say what the game is and start the hand in play."""
        if resumed:
            self.say(
                _("Resumed: {title} ({rule_set} rules), hand {number}, move {move}.").format(
                    title=_(self.rules.game.title),
                    rule_set=self.rules.rule_set,
                    number=self.number,
                    move=len(self.state.history) + 1,
                ),
                "bold",
            )
        else:
            self._intro()
        self._announce_hand()

    def _announce_hand(self) -> None:
        if self._hand_said == self.number:
            return
        self._hand_said = self.number
        self._hand_start(self.state, self.number)

    @property
    def person_to_move(self) -> bool:
        state = self.state
        return not state.over and state.turn == YOU and not self.match.over

    def observation(self) -> Observation:
        return self.state.observation(YOU)

    def moves(self) -> list[Action]:
        """The person's moves now, as the line-based game numbers them (none if not his turn)."""
        if not self.person_to_move:
            return []
        return menu(self.observation())

    def forced(self) -> Action | None:
        """The one move the person has when it is a draw or a pass, else ``None``."""
        moves = self.moves()
        if len(moves) == 1 and isinstance(moves[0], Draw | Pass):
            return moves[0]
        return None

    def move_text(self, action: Action) -> str:
        """One of the person's moves in words, as the line-based game lists it."""
        return describe_action(self.rules, action, self.observation(), self.voice)

    def play(self, action: Action, forced: bool = False) -> None:
        """The person's move; :class:`IllegalAction` (changing nothing) if it is not allowed."""
        state = self.state
        if state.over or state.turn != YOU:
            raise IllegalAction(_("it is not your turn"))
        moved = apply_move(state, action, seat=YOU)
        self.version += 1
        self._note_score(state, moved, self._report(state, moved, forced=forced))

    def computer_move(self, seat: int) -> Action:
        """What the computer at ``seat`` plays now (safe to call from a worker thread: it reads an
        observation and changes nothing but that agent's generator)."""
        obs = self.state.observation(seat)
        return self.agents[seat].choose(obs, self.rngs[seat])

    def apply_computer(self, seat: int, action: Action) -> None:
        state = self.state
        moved = apply_move(state, action, seat=seat)
        self.version += 1
        self._note_score(state, moved, self._report(state, moved))

    def _note_score(self, state: GameState, moved: Moved, told: list[Told]) -> None:
        """Keep a score made in play, with the reason the log gave for it, in this hand's
        notes."""
        notes = self.notes.setdefault(self.number - 1, [])
        note = score_note(told, state, moved, self.voice)
        if note is not None:
            notes.append(note)

    def finish_hand(self) -> tuple[str, bool]:
        """Score the finished hand and deal the next: the words for the hand's end and the score
        sheet, and whether the match goes on."""
        state = self.state
        assert state.result is not None
        number = self.number
        text = hand_result_text(number, state, self.voice)
        self.say()
        self.say(text, "bold")
        self.notes.setdefault(number - 1, []).append(
            text.split("\n")[0].replace(_ended_prefix(number), _("Ended: "))
        )
        more = self.match.next_hand()
        self.version += 1
        self.say(score_sheet_text(self.match, self.voice))
        if more is None:
            self.say(winner_text(self.match, self.voice), "bold green")
            return text, False
        self._announce_hand()
        return text, True

    def winner_text(self) -> str:
        return winner_text(self.match, self.voice)

    def panel_lines(self, state: GameState, *, finished: bool, scored: bool) -> list[str]:
        """The players' panel, line by line: each seat with its tiles (``▶`` before the seat to
        move, unless the hand is ``finished``), your partner named as such, then the stock in
        the game's words (nothing where every tile is dealt) and the score (with this hand's
        points so far unless they are ``scored`` already). With more than four seats they share
        a line, to leave the screen to the table."""
        rules = self.rules
        obs = state.observation(YOU)
        mine = rules.side_of[YOU]
        seats = []
        for seat in range(rules.players):
            mark = "▶ " if seat == state.turn and not finished else "  "
            name = self.voice.subject(seat)
            if seat != YOU and rules.side_of[seat] == mine:
                name += " " + _("(partner)")
            n = obs.hand_sizes[seat]
            seats.append((mark, name, n))
        lines: list[str]
        if rules.players > 4:
            lines = [" · ".join(f"{m.strip()}{name} {n or _('out')}" for m, name, n in seats)]
        else:
            lines = [f"{m}{name}: {plural(n, 'tile') if n else _('out')}" for m, name, n in seats]
        stock = rules.presenter.stock_text(state.stock_size(), state.drawable())
        if stock is not None:
            lines.append(stock)
        totals = list(self.match.totals)
        if not scored:
            totals = [t + p for t, p in zip(totals, state.scores, strict=True)]
        labels = [self.voice.side(i) for i in range(len(rules.sides))]
        lines.append(
            f"{rules.presenter.score_word()}: "
            + ", ".join(f"{lab} {number_text(t)}" for lab, t in zip(labels, totals, strict=True))
        )
        return lines

    def sheet_text(self) -> str:
        """The score sheet, and under it why each hand's points were made."""
        lines = [score_sheet_text(self.match, self.voice)]
        state = self.state
        if not state.over and any(state.scores):
            lines.append(self._running_score(state))
        for i, hand in enumerate(self.match.hands):
            notes = self.notes.get(i, [])
            # Every score with its reason: each side's points for a finished hand, and why.
            reasons = score_reasons_lines(hand, self.voice)
            if not (notes or reasons):
                continue
            lines.append(_("Hand {number}:").format(number=i + 1))
            lines += [f"  {note}" for note in notes]
            lines += reasons
        return "\n".join(lines)

    # ----------------------------------------------------------------- take-back
    def can_take_back(self) -> bool:
        return self._last_choice() is not None

    def _last_choice(self) -> int | None:
        """The index in the hand's history of the person's last move made by choice."""
        state = self.state
        if state.over:
            return None
        found = None
        for i, (replay, move) in enumerate(state.replay()):
            if move.seat == YOU and replay.turn == YOU and len(menu(replay.observation(YOU))) > 1:
                found = i
        return found

    def take_back(self) -> bool:
        """Undo the person's last move by choice, and every move after it (in this hand); false
        if there is none to undo."""
        index = self._last_choice()
        if index is None:
            return False
        state = self.state
        undone = state.history[index]
        again = state.replay_to(index)
        self.match.hands[-1] = again
        self.version += 1
        self.took_back += 1
        notes = self.notes.get(self.number - 1)
        if notes:
            # Scores made after the moment taken back are gone.
            self.notes[self.number - 1] = notes[: _notes_before(notes, again)]
        later = len(state.history) - index - 1
        if later:
            said = ngettext(
                "You take back your {move} and the {n} move after it: your move again.",
                "You take back your {move} and the {n} moves after it: your move again.",
                later,
            )
        else:
            said = _("You take back your {move}: your move again.")
        moved = _words(undone.action, self.rules.presenter.end_word)
        self.say(said.format(move=moved, n=later), "yellow")
        return True

    # ----------------------------------------------------------------- help for the person
    def analyse_moves(self) -> dict[Action, MoveAnalysis]:
        """Each of the person's moves analysed (value, loss against the best, reason); empty
        when there is no choice. Safe in a worker thread."""
        if len(self.moves()) < 2:
            return {}
        return self.hint_analysis(self.observation())

    def review_of(self, hand: int | None = None) -> str:
        """The review of the person's choices in a hand (the last finished one by default)."""
        if not any(h.over for h in self.match.hands):
            return _("No hand has finished yet.")
        return self.review_text(hand)

    def all_hands_text(self, hand: int | None = None) -> str:
        """Every seat's tiles at the end of a hand (the last finished one by default), and what
        each was dealt."""
        hands = self.match.hands
        index = hand if hand is not None else max(i for i, h in enumerate(hands) if h.over)
        state = hands[index]
        marks = self.rules.presenter.marked()
        lines = [_("Hand {number}: every hand").format(number=index + 1)]
        for s in range(self.rules.players):
            name = self.names[s]
            left = hand_text(state.hands[s], marks) if state.hands[s] else _("out")
            role = self._role(s) if s else _("you")
            lines.append(
                "  " + _("{name} ({role}): left {tiles}").format(name=name, role=role, tiles=left)
            )
            lines.append(
                "      " + _("dealt {tiles}").format(tiles=hand_text(state.deal[s], marks))
            )
        if state.stock:
            drawn = state.stock_pos
            rest = state.stock[drawn:]
            lines.append(
                "  "
                + _("Stock: {n} left").format(n=len(rest))
                + (f" ({' '.join(tile_text(t) for t in rest)})" if rest else "")
            )
        return "\n".join(lines)

    def describe(self) -> str:
        """The whole position in words (for screen readers): the game, the score, whose turn,
        the table arm by arm, the others' tiles, the stock, your tiles and moves."""
        return self.position_text(self.state)

    # ----------------------------------------------------------------- records
    def players(self) -> list[str]:
        return self.record_players()

    def to_record(self, settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The match so far as a game record (RECORD.md); ``meta`` keeps what resuming needs:
        the seed of the deals and the computer players."""
        meta: dict[str, Any] = {
            "app": APP_NAME,
            "seed": self.seed,
            "opponents": list(self.opponent_names),
        }
        if settings:
            meta["settings"] = dict(settings)
        return match_to_record(self.match, self.record_players(), meta)

    @classmethod
    def resume(cls, record: Mapping[str, Any], hints: bool = False) -> Session:
        """The match of a record, ready to go on where it stopped; :class:`RecordError` if the
        record is not valid. A record written by this game deals the next hands exactly as the
        match would have; another record (from ``boneyard play --plain --save``, say) goes on
        with fresh deals."""
        replay = replay_record(record)
        rules = replay.rules
        meta = record.get("meta") if isinstance(record.get("meta"), dict) else {}
        assert isinstance(meta, dict)
        opponents = meta.get("opponents")
        if not (isinstance(opponents, list) and all(isinstance(o, str) for o in opponents)):
            opponents = _opponents_from_players(record.get("players", []), rules)
        seed = meta.get("seed")
        session = cls(
            rules,
            opponents=opponents or None,
            seed=seed if isinstance(seed, int) else None,
            hints=hints,
        )
        if not session._follow(replay.match):
            match = replay.match
            if match.hands and match.hand.over and not match.over:
                match.rng = random.Random(session.seed)
                match.next_hand()  # the record's hands are scored: this deals the next
            session.match = match
        session._hand_said = session.number
        return session

    def _follow(self, recorded: Match) -> bool:
        """Play the recorded hands again on this session's own match (dealt from its seed);
        false if the deals differ (the record was not dealt from this seed). The match deals
        each hand and finds its lead as it did the first time."""
        match = self.match
        for hand in recorded.hands:
            state = match.hand
            if (state.deal, state.stock) != (hand.deal, hand.stock):
                return False
            try:
                for move in hand.history:
                    state.apply(move.action, seat=move.seat)
            except IllegalAction:
                return False  # another lead, or another turn: not this seed's match
            if state.over and match.next_hand() is None:
                break
        return True


def _notes_before(notes: list[str], state: GameState) -> int:
    """How many of a hand's notes belong to the moves of ``state`` (the scoring moves so far)."""
    return sum(1 for m in state.history if m.points)


def _opponents_from_players(players: Any, rules: GameRules) -> list[str]:
    """The computer players of a record's player names (``greedy-1`` plays ``greedy``)."""
    from ...players.agents import AGENTS

    out = []
    for name in players[1:] if isinstance(players, list) else []:
        base = str(name).rsplit("-", 1)[0]
        out.append(base if base in AGENTS else default_opponent(rules))
    return out


def _words(action: Action, end_word: Callable[[str], str] = str) -> str:
    if isinstance(action, Play):
        if action.end:
            return _("{tile} at {end}").format(
                tile=tile_text(action.tile), end=end_word(action.end)
            )
        return tile_text(action.tile)
    if isinstance(action, Draw):
        return _("draw")
    if isinstance(action, Pass):
        return _("pass")
    if isinstance(action, Muggins):
        return _("muggins call")
    return str(action)


def _ended_prefix(number: int) -> str:
    """How the end of hand ``number`` opens (``Hand 3 is over: ``), in the current language."""
    return _("Hand {number} is over: {reason}.").split("{reason}")[0].format(number=number)
