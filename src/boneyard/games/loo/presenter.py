"""How Domino Loo is told: the decisions before the play, the pool of counters, looing, on what
every trick game tells the same way (:class:`~boneyard.games.tricks.presenter.TrickPresenter`: the
trick in play, who leads, who took the last trick)."""

from __future__ import annotations

from ...core.actions import Action, Move
from ...core.i18n import N_, _
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
# Each seat's decision, as the table shows it after its name (translated where shown).
_DECIDED = {STOOD: N_("stood"), MISSED: N_("took the miss"), DROPPED: N_("dropped out")}
_TO_DECIDE = N_("to decide")


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
        return _(_DECIDED.get(table.status[seat], _TO_DECIDE))

    def role_words(self, table: LooTable, seat: int) -> str:
        """The decision a seat took, before its tricks (``took the miss, 2 tricks``)."""
        decided = _DECIDED.get(table.status[seat])
        return _(decided) if decided else ""

    def seat_words(self, table: LooTable, seat: int) -> str:
        if table.status[seat] == DROPPED:
            return _(_DECIDED[DROPPED])
        return super().seat_words(table, seat)

    def before_play(self, table: LooTable) -> tuple[str, str]:
        waiting = (
            _("Each player in turn stands, takes the miss or drops out.")
            if self.rules.players > 2
            else _("Each player in turn stands or takes the miss.")
        )
        return _("Before the play"), waiting

    def stock_text(self, stock: int, drawable: int) -> str | None:
        if not stock:
            return None
        return _("Stock: {tiles} (the miss is taken from it)").format(tiles=plural(stock, "tile"))

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
            tricks = plural(won, "trick")
            if in_play != won:
                tricks = _("{tricks} at {n}").format(tricks=tricks, n=number(in_play / won))
            parts.append((in_play, tricks))
        elif in_play:
            parts.append((in_play, voice.tell(result.reason)))
        if self.rules.pool and table.ante and side == dealer:
            parts.append((-STAKE, _("the dealer's stake into the empty pool")))
        if side in table.in_hand() and won == 0:
            if self.rules.pool:
                looed = _("looed (in the hand, no trick): pays {n} into the next pool")
                paid = STAKE
            else:
                looed = _("looed (in the hand, no trick): pays {n}")
                paid = self.rules.penalty
            parts.append((-paid, looed.format(n=paid)))
        if not parts:
            return _("dropped out: won nothing, lost nothing") if dropped else _("no trick")
        if sum(p for p, _why in parts) != total:
            return super().side_reason(state, side, voice)  # never a wrong sum
        said = "; ".join(f"{why}: {signed(p)}" for p, why in parts)
        if dropped:
            said = _("dropped out; {parts}").format(parts=said)
        if len(parts) == 1:
            return said
        return _("{parts}; in all {total}").format(parts=said, total=signed(total))

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
            return _("A trick takes {counters} of the pool ({n}).").format(
                counters=plural(value, "counter"), n=number(TRICKS * value)
            )
        return super().worth(table)

    def intro(self, voice: Voice) -> list[str]:
        rules = self.rules
        if rules.either_end:
            suits = _(
                "No line is built: each hand is five tricks. The tile turned up makes its higher "
                "number trumps: a tile bearing it is a trump, any other tile follows either number "
                "it shows and leads its higher one."
            )
        else:
            suits = _(
                "No line is built: each hand is five tricks. The tile turned up makes its higher "
                "number trumps: a tile bearing it is a trump, any other tile belongs to the suit "
                "of its higher number."
            )
        drop = rules.players >= 3
        if rules.miss_allowed and drop:
            choices = _(
                "Before the play, in turn from the dealer's left, you stand (play your hand), "
                "take the miss (throw it out, take {n} from the stock, keep 5) or drop out (win "
                "nothing, lose nothing)."
            )
        elif rules.miss_allowed:
            choices = _(
                "Before the play, in turn from the dealer's left, you stand (play your hand) or "
                "take the miss (throw it out, take {n} from the stock, keep 5)."
            )
        elif drop:
            choices = _(
                "Before the play, in turn from the dealer's left, you stand (play your hand) or "
                "drop out (win nothing, lose nothing)."
            )
        else:
            choices = _(
                "Before the play, in turn from the dealer's left, you stand (play your hand)."
            )
        if rules.must_trump and rules.must_head:
            duty = _(
                "You must follow suit if you can; if you cannot, you must trump if you can; and "
                "you must beat the best tile of the trick when you can."
            )
        elif rules.must_trump:
            duty = _("You must follow suit if you can; if you cannot, you must trump if you can.")
        elif rules.must_head:
            duty = _(
                "You must follow suit if you can; and you must beat the best tile of the trick "
                "when you can."
            )
        else:
            duty = _("You must follow suit if you can.")
        winning = _(
            "The highest trump wins a trick, else the highest tile of the suit led (the double "
            "highest, then by the other number); the winner leads the next."
        )
        lines = [suits, choices.format(n=rules.miss_size), f"{duty} {winning}"]
        if rules.pool:
            lines.append(
                _(
                    "The pool: the dealer stakes 5 when it is empty; each trick takes a fifth of "
                    "it. A player in the hand who takes no trick is looed and pays 5 into the next "
                    "pool."
                )
            )
        else:
            lines.append(
                _(
                    "A trick scores 1; a player in the hand who takes no trick is looed and loses "
                    "{n}."
                ).format(n=rules.penalty)
            )
        return lines

    def target_text(self) -> str:
        if self.rules.pool:
            return _("{deals}, the most counters won wins").format(
                deals=plural(self.rules.rounds, "deal")
            )
        return super().target_text()

    def goal(self) -> str:
        if self.rules.pool:
            return capital(self.target_text()) + "."
        return super().goal()

    def goal_short(self) -> str:
        if self.rules.pool:
            return _("{deals}, most counters wins").format(deals=plural(self.rules.rounds, "deal"))
        return super().goal_short()

    def hand_start(self, state: GameState, voice: Voice) -> str:
        """``Seat 3 deals; you decide first.``"""
        leader = state.leader
        dealer = (leader - 1) % self.rules.players
        deals = voice.pick(dealer, _("You deal"), _("{name} deals")).format(
            name=voice.subject(dealer)
        )
        first = voice.pick(
            leader, _("{dealer}; you decide first."), _("{dealer}; {name} decides first.")
        )
        return first.format(dealer=deals, name=voice.name(leader))

    def action_words(self, action: Action, table: object | None) -> str | None:
        if isinstance(action, Stand):
            return _("stand: play the hand you were dealt")
        if isinstance(action, TakeMiss):
            return _("take the miss: throw your hand out and take a new one from the stock")
        if isinstance(action, Drop):
            return _("drop out of this hand (win nothing, lose nothing)")
        if isinstance(action, Discard) and action.tile is not None:
            return _("discard {tile}").format(tile=tile_text(action.tile))
        return None

    def turn_prompt(self, phase: Phase) -> str | None:
        if phase == Phase.DECIDE:
            return _("stand, take the miss or drop out")
        if phase == DISCARD:
            return _("throw out a tile, face down")
        return super().turn_prompt(phase)

    def move_reason(self, table: object | None, seat: int, action: Action) -> str | None:
        """A hint's reason for a decision or a discard (the analysis reasons about plays)."""
        if isinstance(action, Stand):
            return _("stands")
        if isinstance(action, TakeMiss):
            return _("takes the miss")
        if isinstance(action, Drop):
            return _("drops out")
        if isinstance(action, Discard):
            return _("throws it out face down")
        return None

    def move_words(self, move: Move, voice: Voice) -> str | None:
        action = move.action
        seat = move.seat
        name = voice.subject(seat)
        if isinstance(action, Stand):
            return voice.pick(seat, _("You stand."), _("{name} stands.")).format(name=name)
        if isinstance(action, TakeMiss):
            said = voice.pick(seat, _("You take the miss."), _("{name} takes the miss."))
            return said.format(name=name)
        if isinstance(action, Drop):
            return voice.pick(seat, _("You drop out."), _("{name} drops out.")).format(name=name)
        if isinstance(action, Discard):
            if action.tile is not None and voice.is_you(seat):
                return _("You discard {tile}.").format(tile=tile_text(action.tile))
            said = voice.pick(
                seat, _("You discard a tile face down."), _("{name} discards a tile face down.")
            )
            return said.format(name=name)
        return None
