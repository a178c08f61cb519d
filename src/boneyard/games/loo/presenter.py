"""How Domino Loo is told: the decisions before the play, the pool of counters, looing, on what
every trick game tells the same way (:class:`~boneyard.games.tricks.presenter.TrickPresenter`: the
trick in play, who leads, who took the last trick)."""

from __future__ import annotations

from ...core.actions import Action, Move
from ...core.presenter import SheetKind
from ...core.protocol import GameState, Phase
from ...core.views import TrickStatus
from ...core.words import Voice, capital, number, plural, tile_text
from ..tricks import TrickPresenter
from ..tricks.actions import Discard
from .actions import Drop, Stand, TakeMiss
from .rules import LooRules
from .state import DISCARD
from .table import DROPPED, MISSED, STOOD, TRICKS, LooTable

__all__ = ["LooPresenter"]

_STATUS: dict[int, TrickStatus] = {STOOD: "stood", MISSED: "missed", DROPPED: "dropped"}


class LooPresenter(TrickPresenter[LooRules, LooTable]):
    """Domino Loo told: the decisions before the play, the pool or the points, looing."""

    default_opponent = "casual"
    table_type = LooTable

    # ----------------------------------------------------------------- the table
    def seat_status(self, table: LooTable, seat: int) -> TrickStatus:
        """Each seat's decision: deciding, stood, took the miss, dropped out."""
        return _STATUS.get(table.status[seat], "deciding")

    def turnup(self, table: LooTable) -> int | None:
        return table.turnup

    def trick_value(self, table: LooTable) -> float:
        return table.value

    @property
    def pool(self) -> bool:
        return self.rules.pool

    @property
    def sheet_kind(self) -> SheetKind:
        return "counters" if self.rules.pool else "points"

    def worth(self, table: LooTable) -> str:
        if self.rules.pool:
            value = self.trick_value(table)
            return (
                f"A trick takes {plural(value, 'counter')} of the pool ({number(TRICKS * value)})."
            )
        return super().worth(table)

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

    def action_words(self, action: Action, table: object | None) -> str | None:
        if isinstance(action, Stand):
            return "stand: play the hand you were dealt"
        if isinstance(action, TakeMiss):
            return "take the miss: throw your hand out and take a new one from the stock"
        if isinstance(action, Drop):
            return "drop out of this hand (win nothing, lose nothing)"
        if isinstance(action, Discard) and action.tile is not None:
            return f"discard {tile_text(action.tile)}"
        return None

    def turn_prompt(self, phase: Phase) -> str | None:
        if phase == Phase.DECIDE:
            return "stand, take the miss or drop out"
        if phase == DISCARD:
            return "throw out a tile, face down"
        return super().turn_prompt(phase)

    def move_reason(self, table: object | None, seat: int, action: Action) -> str | None:
        """A hint's reason for a decision or a discard (the analysis reasons about plays)."""
        if isinstance(action, Stand | TakeMiss | Drop):
            return action.verb
        if isinstance(action, Discard):
            return "throws it out face down"
        return None

    def move_words(self, move: Move, voice: Voice) -> str | None:
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
        return None
