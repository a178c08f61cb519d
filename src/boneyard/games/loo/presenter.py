"""How Domino Loo is told: the decisions before the play, the pool of counters, looing, on what
every trick game tells the same way (:class:`~boneyard.games.tricks.presenter.TrickPresenter`: the
trick in play, who leads, who took the last trick)."""

from __future__ import annotations

from ...core.actions import Action, Move
from ...core.presenter import SheetKind
from ...core.protocol import GameState, Phase
from ...core.views import TrickStatus
from ...core.words import Voice, capital, number, plural, signed, tile_text
from ..tricks import TrickPresenter
from ..tricks.actions import Discard
from .actions import Drop, Stand, TakeMiss
from .rules import STAKE, LooRules
from .state import DISCARD
from .table import DROPPED, MISSED, STOOD, TRICKS, LooTable

__all__ = ["LooPresenter"]

_STATUS: dict[int, TrickStatus] = {STOOD: "stood", MISSED: "missed", DROPPED: "dropped"}
_DECIDED = {STOOD: "stood", MISSED: "took the miss", DROPPED: "dropped out"}


class LooPresenter(TrickPresenter[LooRules, LooTable]):
    """Domino Loo told: the decisions before the play, the pool or the points, looing."""

    default_opponent = "casual"
    table_type = LooTable

    # ----------------------------------------------------------------- the table
    def seat_status(self, table: LooTable, seat: int) -> TrickStatus:
        """Each seat's decision: deciding, stood, took the miss, dropped out."""
        return _STATUS.get(table.status[seat], "deciding")

    def before_words(self, table: LooTable, seat: int) -> str:
        """``to decide``, ``stood``, ``took the miss``, ``dropped out``."""
        return _DECIDED.get(table.status[seat], "to decide")

    def role_words(self, table: LooTable, seat: int) -> str:
        """The decision a seat took, before its tricks (``took the miss, 2 tricks``)."""
        return _DECIDED.get(table.status[seat], "")

    def seat_words(self, table: LooTable, seat: int) -> str:
        if table.status[seat] == DROPPED:
            return "dropped out"
        return super().seat_words(table, seat)

    def before_play(self, table: LooTable) -> tuple[str, str]:
        choices = (
            "stands, takes the miss or drops out"
            if self.rules.players > 2
            else ("stands or takes the miss")
        )
        return "Before the play", f"Each player in turn {choices}."

    def stock_text(self, stock: int, drawable: int) -> str | None:
        if not stock:
            return None
        return f"Stock: {plural(stock, 'tile')} (the miss is taken from it)"

    def side_reason(self, state: GameState, side: int, voice: Voice) -> str:
        """A seat's counters (or points) and why: its tricks at what each was worth, the
        dealer's stake into an empty pool, and what being looed cost; dropped out, nothing.

        With a pool of 5, the dealer who took 3 of the 5 tricks wins 3 and staked 5: -2."""
        result = state.result
        table = state.table
        assert result is not None and isinstance(table, LooTable)
        dealer = (state.leader - 1) % self.rules.players
        dropped = table.status[side] == DROPPED
        total, end = result.points[side], result.end_points[side]
        parts: list[tuple[float, str]] = []
        won = table.won[side]
        in_play = total - end
        if won and in_play:
            worth = f" at {number(in_play / won)}" if in_play != won else ""
            parts.append((in_play, f"{plural(won, 'trick')}{worth}"))
        elif in_play:
            parts.append((in_play, voice.tell(result.reason)))
        if self.rules.pool and table.ante and side == dealer:
            parts.append((-STAKE, "the dealer's stake into the empty pool"))
        if side in table.in_hand() and won == 0:
            paid = STAKE if self.rules.pool else self.rules.penalty
            where = " into the next pool" if self.rules.pool else ""
            parts.append((-paid, f"looed (in the hand, no trick): pays {paid}{where}"))
        if not parts:
            return "dropped out: won nothing, lost nothing" if dropped else "no trick"
        if sum(p for p, _ in parts) != total:
            return super().side_reason(state, side, voice)  # never a wrong sum
        said = "; ".join(f"{why}: {signed(p)}" for p, why in parts)
        said = f"dropped out; {said}" if dropped else said
        return said if len(parts) == 1 else f"{said}; in all {signed(total)}"

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
