"""The help a seat may ask for at a practice table: what each of its moves is worth (a hint) and who
may hold each tile it cannot see (the beliefs), worked out in worker processes, limited per
client."""

from __future__ import annotations

import logging

from ..languages import web
from ..messages import BeliefsMessage, HintMessage, HintReply
from ..table import Table
from .creator import HubCreator
from .rooms import Conn, Room

log = logging.getLogger("boneyard.server")


class HubHelp(HubCreator):
    """Hints and beliefs."""

    def _refuse_help(self, table: Table, seat: int, on_any_turn: bool) -> tuple[str, str] | None:
        """Why a hint (on the seat's turn) or the beliefs (on any turn, the hand in play) cannot
        be given now, or ``None``."""
        if not table.practice:
            return "no_hints", web("hints are for practice tables")
        problem = self._refuse(table, seat, None, None)
        if problem is not None and not (on_any_turn and problem[0] == "not_your_turn"):
            return problem
        return None

    def _may_help(self, room: Room, conn: Conn, id: int | None, *, hint: bool) -> bool:
        """Whether a hint (``hint``: on the seat's turn, one at a time) or the beliefs (on any
        turn) may be worked out for the seat now, within its client's limits; if not, the seat
        is told why."""
        seat = conn.seat
        assert seat is not None
        client = conn.client
        problem = self._refuse_help(room.table, seat, on_any_turn=not hint)
        busy = conn.hinting or client.hinting >= self.settings.hints_at_once
        if problem is None and hint and busy:
            problem = "busy", web("a hint is being worked out")
        if problem is None and not client.hints.take():
            problem = "rate_limited", web("too many hints: wait a little")
        if problem is not None:
            self.refuse(conn, *problem, id)
            return False
        return True

    async def hint(self, room: Room, conn: Conn, message: HintMessage) -> None:
        if not self._may_help(room, conn, message.id, hint=True):
            return
        table = room.table
        seat = conn.seat
        assert seat is not None
        client = conn.client
        conn.hinting = True
        client.hinting += 1
        hand, move = table.number, len(table.state.history)
        obs = table.state.observation(seat)
        try:
            analyses = await self.compute.analyze("hint", client.address, obs)
        except Exception:
            log.exception("table %s: a hint failed", table.id)
            self.refuse(
                conn, "busy", web("the hint could not be worked out: try again"), message.id
            )
            return
        finally:
            conn.hinting = False
            client.hinting -= 1
        self.hints_given += 1
        conn.send(
            HintReply(id=message.id, hand=hand, move=move + 1, moves=table.hints(obs, analyses))
        )

    async def beliefs(self, room: Room, conn: Conn, message: BeliefsMessage) -> None:
        """Who may hold each tile the seat cannot see, at a practice table while the hand is
        in play (on anyone's turn); limited as hints are."""
        if not self._may_help(room, conn, message.id, hint=False):
            return
        table = room.table
        seat = conn.seat
        assert seat is not None
        obs = table.state.observation(seat)
        try:
            view = await self.compute.beliefs("hint", conn.client.address, obs)
        except Exception:
            log.exception("table %s: the beliefs failed", table.id)
            self.refuse(
                conn, "busy", web("the beliefs could not be worked out: try again"), message.id
            )
            return
        conn.send(table.beliefs(obs, view).model_copy(update={"id": message.id}))
