"""A table's match and seats as they change: hands dealt (and taken back if the store refused
them), moves checked on a copy then applied, what happens next without a person's choice, a seat
away or back, given to a computer or to a new person, a resignation, the table closed."""

from __future__ import annotations

import random
from typing import Any

from ....core.actions import Action, Draw, Pass
from ....core.protocol import IllegalAction
from ....core.record import hand_to_record
from ....text.narration import apply_move, menu
from ..store import StoredHand, now
from .log import LOG_KEPT, TableLog
from .seats import SEEDED, Seat

__all__ = ["TablePlay"]


class TablePlay(TableLog):
    """The match and the seats of a table, changed."""

    def resign(self, seat: int) -> None:
        """Seat ``seat`` concedes the match, which ends at once: the other side wins (a table
        of two sides only; at a larger table a person leaves the match instead)."""
        if len(self.rules.sides) != 2:
            raise ValueError("only a match of two sides ends by a resignation")
        if self.ended:
            raise ValueError("the match is over")
        self.resigned = seat
        self.version += 1
        self.say("")
        self.tell(self._resigned_text)

    def close(self) -> None:
        """Close the table where it is (nobody played here for too long)."""
        self.closed = True
        self.version += 1
        self.say("")
        self.say("The table is closed: nobody played here for a long time.")

    def set_away(self, seat: int, away: bool) -> None:
        """A computer plays a person's seat (``away``), or the person has taken it back."""
        s = self.seats[seat]
        if s.away == away:
            return
        s.away = away
        self.version += 1
        self.tell(
            lambda v: (
                f"{v.says(seat, 'be', opening=True)} away: a computer plays for now."
                if away
                else f"{v.says(seat, 'be', opening=True)} back."
            )
        )

    def hand_to_computer(self, seat: int, level: str) -> None:
        """A person's seat is played by a computer of ``level`` from now on (the seat was freed,
        or its person resigned a match of several sides)."""
        s = self.seats[seat]
        s.kind, s.level, s.token_hash, s.joined, s.away = "computer", level, None, False, False
        s.account, s.profile = None, None  # as the store has it: the seat is nobody's now
        self.version += 1
        self.tell(lambda v: f"A computer ({level}) now plays {v.whose(seat)} seat.")

    def invite(self, seat: int, token_hash: str) -> None:
        """Seat ``seat`` is a person's, whose invite is the token of this hash (the old link of
        the seat, if any, stops working). Never at a table with a seed (``ValueError``,
        :data:`SEEDED`): whoever chose the seed knows every hand it deals."""
        if self.seed is not None:
            raise ValueError(SEEDED)
        s = self.seats[seat]
        was_computer = s.kind == "computer"
        s.kind, s.level, s.token_hash, s.joined, s.away = "person", None, token_hash, False, False
        self.version += 1
        if was_computer:
            self.tell(lambda v: f"{v.opening(v.whose(seat))} seat waits for an invited player.")

    def deal_rng(self, number: int) -> random.Random:
        """The generator that deals hand ``number``: from the table's seed when it has one (the
        same deals after a restart), else from the operating system."""
        if self.seed is not None:
            return random.Random(f"{self.seed}:deal:{number}")
        return random.SystemRandom()

    def agent_seed(self, seat: int) -> int:
        """The seed of a computer's next move: from the table's seed when it has one (the same
        moves after a restart), else from the operating system."""
        if self.seed is not None:
            key = f"{self.seed}:seat{seat}:{self.number}:{len(self.state.history)}"
            return random.Random(key).getrandbits(63)
        return random.SystemRandom().getrandbits(63)

    def deal_next(self) -> dict[str, Any]:
        """Deal the next hand; its deal as the store keeps it (the record's hand without moves).
        :meth:`undeal` takes it back if the store refuses it."""
        match = self.match
        if self.ended or self.closed:
            raise ValueError("the match is over")
        if match.hands and not self.state.over:
            raise ValueError("the hand is not over")
        match.rng = self.deal_rng(self.number + 1)
        if len(self.log) > 2 * LOG_KEPT:
            # A long match: the pages show the end of the log; the record keeps every move.
            del self.log[:-LOG_KEPT]
        self._log_before_deal = len(self.log)
        state = match._deal_hand()
        self._hand_started()
        deal = hand_to_record(state)
        del deal["moves"]
        return deal

    def undeal(self) -> None:
        """Take back the hand just dealt (its deal could not be stored)."""
        self.match.hands.pop()
        self.version += 1
        del self.log[self._log_before_deal :]

    def stored_hand(self) -> StoredHand:
        deal = hand_to_record(self.state)
        del deal["moves"]
        deal.pop("result", None)
        return StoredHand(self.number, deal)

    def check(self, seat: int, action: Action) -> dict[str, Any]:
        """Whether ``seat`` may take ``action`` now: its record form (a draw names the tile it
        takes), or :class:`IllegalAction` saying why. Nothing changes."""
        state = self.state
        if self.ended or self.closed:
            raise IllegalAction("the match is over")
        if state.over:
            raise IllegalAction("the hand is over")
        trial = state.copy()
        trial.apply(action, seat=seat)
        return trial.history[-1].to_record()

    def apply(self, seat: int, action: Action) -> None:
        """Take a checked action: the engine moves, the log says what happened (and, in the
        counting games, why it scored), and a finished hand is scored."""
        state = self.state
        forced = self.seats[seat].kind == "person" and self._forced(seat, action)
        moved = apply_move(state, action, seat=seat)
        self.version += 1
        self.updated = now()
        self._report(state, moved, forced)
        if state.over:
            self._hand_over(state)

    def _forced(self, seat: int, action: Action) -> bool:
        """Whether ``action`` is ``seat``'s only move, a draw or a pass (told as forced)."""
        offered = menu(self.state.observation(seat))
        return len(offered) == 1 and isinstance(action, Draw | Pass) and offered[0] == action

    def automatic(self) -> tuple[str, int] | None:
        """What happens next without a person's choice: ``("computer", seat)`` (a computer is to
        move, or to move for a person who is away), ``("forced", seat)`` (a person whose only
        move is a draw or a pass), ``("deal", -1)`` (a table of computers between hands), or
        ``None``."""
        if self.ended or self.closed:
            return None
        state = self.state
        if state.over:
            return None if self.people else ("deal", -1)
        seat = self.seats[state.turn]
        if seat.kind == "computer" or seat.away:
            return "computer", seat.seat
        offered = menu(state.observation(seat.seat))
        if len(offered) == 1 and isinstance(offered[0], Draw | Pass):
            return "forced", seat.seat
        return None

    def forced_action(self, seat: int) -> Action:
        return menu(self.state.observation(seat))[0]

    def seat_of_token(self, hashed: str) -> Seat | None:
        import hmac

        found = None
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, hashed):
                found = s
        return found
