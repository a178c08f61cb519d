"""How every trick-taking game is told the same way: the table drawn as a
:class:`~boneyard.core.views.TrickView` (trumps, each seat and its tricks, the trick in play and
who leads it, the last trick and who took it), a tile played or led in words, the trick taken,
the tricks each seat won.

A trick game's presenter subclasses :class:`TrickPresenter` and tells what is its own: its
actions before the play (:meth:`TrickPresenter.action_words`, :meth:`TrickPresenter.move_words`),
each seat's status (:meth:`TrickPresenter.seat_status`), what a trick is worth, a turn-up, the
notes about its table.

>>> from boneyard.games import get_game
>>> from boneyard.core.actions import Move, play
>>> from boneyard.core.tiles import parse_tile as T
>>> from boneyard.core.words import Voice
>>> from boneyard.games.loo.table import LooTable
>>> rules = get_game("domino-loo").configure(players=3)
>>> words, voice = rules.presenter, Voice.of(rules, 0)
>>> table = LooTable.start(T("5-3"), 3, 1, False).but(leader=1, status=(1, 1, 1))
>>> words.describe_action(play(T("6-4")), table)
'play [6|4] to lead'
>>> words.describe_move(Move(1, play(T("6-4"))), table, voice)
'Seat 1 leads [6|4].'
>>> for seat, tile in ((1, "6-4"), (2, "6-6"), (0, "5-2")):
...     before, table = table, rules.play_table(table, seat, play(T(tile)))
>>> words.table_change(before, table, voice)
['You take the trick (1 trick so far).']
>>> view = words.table([], table)
>>> [(s.seat, s.status, s.won) for s in view.seats], view.last_winner, view.leader
([(0, 'stood', 1), (1, 'stood', 0), (2, 'stood', 0)], 0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from ...core.actions import Action, Move, Play
from ...core.i18n import NP_, _
from ...core.presenter import Presenter
from ...core.protocol import GameRules
from ...core.views import TrickSeatView, TrickStatus, TrickView
from ...core.words import Voice, number, plural, tile_text
from .table import TrickPlay

if TYPE_CHECKING:
    from ...core.protocol import GameState

__all__ = ["TrickPresenter"]

R = TypeVar("R", bound=GameRules)
T = TypeVar("T", bound=TrickPlay)


class TrickPresenter(Presenter[R], Generic[R, T]):
    """A trick-taking game told, its rules an ``R`` and its table a ``T`` (see the module)."""

    scores_told = False  # the trick taken is told
    table_type: type[T]
    """The game's table (what the hooks below are given)."""

    # ----------------------------------------------------------------- the table
    def table(self, history: Sequence[Move], table: object | None) -> TrickView:
        assert isinstance(table, self.table_type)
        players = self.rules.players
        won = table.won_by_seat(players)
        heading, waiting = self.stage(table)
        return TrickView(
            trump=table.trump,
            turnup=self.turnup(table),
            seats=tuple(
                TrickSeatView(s, self.seat_status(table, s), won[s], self.seat_words(table, s))
                for s in range(players)
            ),
            trick=table.trick,
            leader=table.leader if table.playing else None,
            last=table.last,
            last_winner=table.last_winner if table.last_winner >= 0 else None,
            tricks=self.rules.hand_size,
            value=self.trick_value(table),
            pool=self.pool,
            worth=self.worth(table),
            trump_text=self.trump_text(table),
            notes=self.notes(table),
            ended=self.ended(table),
            heading=heading,
            waiting=waiting,
        )

    def seat_status(self, table: T, seat: int) -> TrickStatus:
        """Where ``seat`` stands in the hand on ``table`` (in it: ``stood``)."""
        return "stood"

    def seat_words(self, table: T, seat: int) -> str:
        """Where ``seat`` stands on ``table``, in words to follow its name: before the play the
        game's own (:meth:`before_words`), in the play the tricks it has taken (``2 tricks``,
        after what :meth:`role_words` says of it)."""
        if not self.in_play(table):
            return self.before_words(table, seat)
        tricks = plural(table.won_by_seat(self.rules.players)[seat], "trick")
        role = self.role_words(table, seat)
        return f"{role}, {tricks}" if role else tricks

    def before_words(self, table: T, seat: int) -> str:
        """Where ``seat`` stands before the play (the bidding, a decision); nothing here."""
        return ""

    def role_words(self, table: T, seat: int) -> str:
        """What ``seat`` is in the play, before its tricks (``bid 30``, ``took the miss``);
        nothing here."""
        return ""

    def in_play(self, table: T) -> bool:
        """Whether the tricks are being played on ``table`` (or have been)."""
        return table.playing or any(table.won_by_seat(self.rules.players))

    def stage(self, table: T) -> tuple[str, str]:
        """``(heading, waiting)`` of the table (:attr:`TrickView.heading`,
        :attr:`TrickView.waiting`): the trick in play and who leads it, the play over, or
        before the play what the game says (:meth:`before_play`)."""
        played = sum(table.won_by_seat(self.rules.players))
        tricks = self.rules.hand_size
        if self.ended(table) or played >= tricks:
            return _("The play is over"), _("{played} of {tricks} tricks played.").format(
                played=played, tricks=tricks
            )
        if not table.playing:
            return self.before_play(table)
        # An engine sentence, told whole for its reader ("sales tú", not "sale tú").
        waiting = "" if table.trick else f"seat {table.leader} to lead."
        return _("Trick {number}").format(number=played + 1), waiting

    ENGINE_SENTENCES = (NP_("engine", "{seat} to lead."),)

    def before_play(self, table: T) -> tuple[str, str]:
        """``(heading, waiting)`` before the play (the game's own stage: the bidding, the
        decisions)."""
        return _("Before the play"), ""

    def turnup(self, table: T) -> int | None:
        """The tile turned up for trumps, where one is."""
        return None

    def trick_value(self, table: T) -> float:
        """What a trick is worth on ``table``."""
        return 1

    @property
    def pool(self) -> bool:
        """Whether the tricks take shares of a pool rather than points."""
        return False

    def worth(self, table: T) -> str:
        """What a trick is worth, in words."""
        return _("A trick scores {n}.").format(n=number(self.trick_value(table)))

    def trump_text(self, table: T) -> str | None:
        """Trumps in words where their number does not name them."""
        return None

    def notes(self, table: T) -> tuple[str, ...]:
        """Further lines about the table (engine words about numbered seats)."""
        return ()

    def ended(self, table: T) -> bool:
        """Whether the play stopped before the last trick."""
        return False

    # ----------------------------------------------------------------- moves
    def suit_words(self, suit: int) -> str:
        """A suit a lead calls, in words."""
        return f"{suit}s"

    def describe_action(
        self,
        action: Action,
        table: object | None,
        *,
        points: int | None = None,
        by: str | None = None,
    ) -> str:
        """A tile played (``to lead`` a trick), or the game's own action
        (:meth:`action_words`)."""
        if isinstance(action, Play):
            text = _("play {tile}").format(tile=tile_text(action.tile))
            if action.open is not None:
                text += " " + _("calling {suit}").format(suit=self.suit_words(action.open))
            if isinstance(table, self.table_type) and not table.trick:
                text += " " + _("to lead")
            return text
        said = self.action_words(action, table)
        return said if said is not None else str(action)

    def action_words(self, action: Action, table: object | None) -> str | None:
        """One of the game's own actions in words, for the list of moves (``None``: as it is
        written)."""
        return None

    def describe_move(
        self,
        move: Move,
        before: object | None,
        voice: Voice,
        drawn: int | None = None,
        *,
        victim: int | None = None,
    ) -> str:
        """``Seat 1 leads [6|4].``, ``You play [5|2].``, or the game's own move
        (:meth:`move_words`)."""
        action = move.action
        if isinstance(action, Play):
            leads = isinstance(before, self.table_type) and not before.trick
            if leads:
                said = voice.pick(move.seat, _("You lead {tile}"), _("{name} leads {tile}"))
            else:
                said = voice.pick(move.seat, _("You play {tile}"), _("{name} plays {tile}"))
            text = said.format(name=voice.subject(move.seat), tile=tile_text(action.tile))
            if action.open is not None:
                text += _(", calling {suit}").format(suit=self.suit_words(action.open))
            return text + "."
        own = self.move_words(move, voice)
        return own if own is not None else f"{voice.subject(move.seat)}: {action}."

    def move_words(self, move: Move, voice: Voice) -> str | None:
        """One of the game's own moves as a sentence (``None``: as it is written)."""
        return None

    def table_change(self, before: object | None, after: object | None, voice: Voice) -> list[str]:
        """Who took the trick just finished (``Seat 3 takes the trick``, with
        :meth:`taken_note`), and what else the game tells of the change
        (:meth:`more_changes`)."""
        if not (isinstance(before, self.table_type) and isinstance(after, self.table_type)):
            return []
        lines: list[str] = []
        if len(after.tricks) > len(before.tricks):
            winner = after.last_winner
            lines.append(
                voice.pick(
                    winner, _("You take the trick{note}."), _("{name} takes the trick{note}.")
                ).format(name=voice.subject(winner), note=self.taken_note(after))
            )
        return lines + self.more_changes(before, after, voice)

    def taken_note(self, table: T) -> str:
        """What is said after ``the trick`` of the trick just taken on ``table``: the tricks
        its winner has so far."""
        winner = table.last_winner
        tricks = plural(table.won_by_seat(self.rules.players)[winner], "trick")
        return " " + _("({tricks} so far)").format(tricks=tricks)

    def more_changes(self, before: T, after: T, voice: Voice) -> list[str]:
        """What else a move did to the table that is told (nothing here)."""
        return []

    # ----------------------------------------------------------------- the hand
    def lead_draw(self, drawn: Sequence[int], voice: Voice) -> str | None:
        return None

    def held(self, state: GameState, voice: Voice) -> list[str]:
        """The tricks each seat won."""
        table = state.table
        if not isinstance(table, self.table_type):
            return []
        won = table.won_by_seat(self.rules.players)
        won_by = ", ".join(f"{voice.name(s)} {won[s]}" for s in range(len(won)))
        return ["  " + _("Tricks won: {won}").format(won=won_by)]
