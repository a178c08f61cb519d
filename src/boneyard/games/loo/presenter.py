"""How Domino Loo is told: a trick-taking table, decisions before the play, tricks won.

:class:`TrickPresenter` is what any game of tricks tells the same way (the trick in play, who
leads, who took the last trick); :class:`LooPresenter` adds Loo's own: the stand, the miss and
dropping out, the pool of counters, looing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from ...core.actions import Action, Discard, Drop, Move, Play, Stand, TakeMiss
from ...core.presenter import Presenter, SheetKind
from ...core.protocol import GameRules
from ...core.views import TrickSeatView, TrickStatus, TrickView
from ...core.words import Voice, capital, number, plural, tile_text
from ..tricks import TrickTable
from .rules import LooRules
from .table import DROPPED, MISSED, STOOD, TRICKS, LooTable

if TYPE_CHECKING:
    from ...core.protocol import GameState

__all__ = ["LooPresenter", "TrickPresenter"]

R = TypeVar("R", bound=GameRules)

_STATUS: dict[int, TrickStatus] = {STOOD: "stood", MISSED: "missed", DROPPED: "dropped"}


class TrickPresenter(Presenter[R]):
    """A trick-taking game told (see the module)."""

    scores_told = False  # the trick taken is told

    def table(self, history: Sequence[Move], table: object | None) -> TrickView:
        assert isinstance(table, LooTable)
        return TrickView(
            trump=table.trump,
            turnup=table.turnup,
            seats=tuple(
                TrickSeatView(s, _STATUS.get(st, "deciding"), table.won[s])
                for s, st in enumerate(table.status)
            ),
            trick=table.trick,
            leader=table.leader if table.playing else None,
            last=table.last,
            last_winner=table.last_winner if table.last_winner >= 0 else None,
            tricks=TRICKS,
            value=table.value,
            pool=self.pool,
            worth=self.worth(table.value),
        )

    @property
    def pool(self) -> bool:
        """Whether the tricks take shares of a pool rather than points."""
        return False

    def worth(self, value: float) -> str:
        """What a trick is worth, in words."""
        return f"A trick scores {number(value)}."

    def lead_draw(self, drawn: Sequence[int], voice: Voice) -> str | None:
        return None

    def describe_action(
        self,
        action: Action,
        table: object | None,
        *,
        points: int | None = None,
        by: str | None = None,
    ) -> str:
        if isinstance(action, Play):
            leads = isinstance(table, TrickTable) and not table.trick
            return f"play {tile_text(action.tile)}" + (" to lead" if leads else "")
        return str(action)

    def describe_move(
        self,
        move: Move,
        before: object | None,
        voice: Voice,
        drawn: int | None = None,
        *,
        victim: int | None = None,
    ) -> str:
        action = move.action
        if isinstance(action, Play):
            verb = "lead" if isinstance(before, TrickTable) and not before.trick else "play"
            return f"{voice.says(move.seat, verb, opening=True)} {tile_text(action.tile)}."
        return f"{voice.subject(move.seat)}: {action}."

    def table_change(self, before: object | None, after: object | None, voice: Voice) -> list[str]:
        """Who took the trick just finished: ``Seat 3 takes the trick (2 tricks so far).``"""
        if not (isinstance(before, TrickTable) and isinstance(after, TrickTable)):
            return []
        w = after.last_winner
        if after.won == before.won or w < 0:
            return []
        return [
            f"{voice.says(w, 'take', opening=True)} the trick "
            f"({plural(after.won[w], 'trick')} so far)."
        ]

    def held(self, state: GameState, voice: Voice) -> list[str]:
        table = state.table
        if not isinstance(table, TrickTable):
            return []
        won = ", ".join(f"{voice.name(s)} {table.won[s]}" for s in range(self.rules.players))
        return [f"  Tricks won: {won}"]


class LooPresenter(TrickPresenter[LooRules]):
    """Domino Loo told: the decisions before the play, the pool or the points, looing."""

    default_opponent = "casual"

    @property
    def pool(self) -> bool:
        return self.rules.pool

    @property
    def sheet_kind(self) -> SheetKind:
        return "counters" if self.rules.pool else "points"

    def worth(self, value: float) -> str:
        if self.rules.pool:
            return (
                f"A trick takes {plural(value, 'counter')} of the pool ({number(TRICKS * value)})."
            )
        return super().worth(value)

    def intro(self, voice: Voice) -> list[str]:
        rules = self.rules
        suits = (
            "any other tile belongs to the suit of its higher number"
            if not rules.either_end
            else "any other tile follows either number it shows and leads its higher one"
        )
        duty = "You must follow suit if you can"
        if rules.must_trump:
            duty += "; if you cannot, you must trump if you can"
        if rules.must_head:
            duty += "; and you must beat the best tile of the trick when you can"
        choices = "stand (play your hand)"
        if rules.miss_allowed:
            choices += (
                f", take the miss (throw it out, take {rules.miss_size} from the stock, keep 5)"
            )
        if rules.players >= 3:
            choices += " or drop out (win nothing, lose nothing)"
        lines = [
            "No line is built: each hand is five tricks. The tile turned up makes its higher "
            f"number trumps: a tile bearing it is a trump, {suits}.",
            f"Before the play, in turn from the dealer's left, you {choices}.",
            f"{duty}. The highest trump wins a trick, else the highest tile of the suit led (the "
            "double highest, then by the other number); the winner leads the next.",
        ]
        if rules.pool:
            lines.append(
                "The pool: the dealer stakes 5 when it is empty; each trick takes a fifth of it. "
                "A player in the hand who takes no trick is looed and pays 5 into the next pool."
            )
        else:
            lines.append(
                f"A trick scores 1; a player in the hand who takes no trick is looed and loses "
                f"{rules.penalty}."
            )
        return lines

    def target_text(self) -> str:
        if self.rules.pool:
            return f"{plural(self.rules.rounds, 'deal')}, the most counters won wins"
        return super().target_text()

    def goal(self) -> str:
        if self.rules.pool:
            return capital(self.target_text()) + "."
        return super().goal()

    def goal_short(self) -> str:
        if self.rules.pool:
            return f"{plural(self.rules.rounds, 'deal')}, most counters wins"
        return super().goal_short()

    def hand_start(self, state: GameState, voice: Voice) -> str:
        """``Seat 3 deals; you decide first.``"""
        leader = state.leader
        dealer = (leader - 1) % self.rules.players
        return f"{voice.says(dealer, 'deal', opening=True)}; {voice.says(leader, 'decide')} first."

    def describe_action(
        self,
        action: Action,
        table: object | None,
        *,
        points: int | None = None,
        by: str | None = None,
    ) -> str:
        if isinstance(action, Stand):
            return "stand: play the hand you were dealt"
        if isinstance(action, TakeMiss):
            return "take the miss: throw your hand out and take a new one from the stock"
        if isinstance(action, Drop):
            return "drop out of this hand (win nothing, lose nothing)"
        if isinstance(action, Discard) and action.tile is not None:
            return f"discard {tile_text(action.tile)}"
        return super().describe_action(action, table, points=points, by=by)

    def describe_move(
        self,
        move: Move,
        before: object | None,
        voice: Voice,
        drawn: int | None = None,
        *,
        victim: int | None = None,
    ) -> str:
        action = move.action
        seat = move.seat
        if isinstance(action, Stand | TakeMiss | Drop):
            words = {Stand: "stand", TakeMiss: "take the miss", Drop: "drop out"}
            verb, _, rest = words[type(action)].partition(" ")
            return f"{voice.says(seat, verb, opening=True)}{' ' + rest if rest else ''}."
        if isinstance(action, Discard):
            if action.tile is not None and voice.is_you(seat):
                return f"{voice.says(seat, 'discard', opening=True)} {tile_text(action.tile)}."
            return f"{voice.says(seat, 'discard', opening=True)} a tile face down."
        return super().describe_move(move, before, voice, drawn, victim=victim)
