"""A person's move and the next hand: checked, stored, then applied, acknowledged and shown to every
reader; a move whose store's answer was lost waits for the outcome, the table taking no other move
meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from ....core.protocol import IllegalAction
from ..languages import web
from ..messages import Ack, MoveMessage
from ..store import StorageError, Unsettled
from ..table import Table, action_from_json
from .base import HubBase
from .rooms import NOT_STORED, UNSETTLED, Conn, PendingMove, Room

log = logging.getLogger("boneyard.server")


class HubMoves(HubBase):
    """Moves made and hands dealt."""

    async def move(self, room: Room, conn: Conn, message: MoveMessage) -> None:
        table = room.table
        seat = conn.seat
        assert seat is not None
        async with room.lock:
            problem = self._refuse(table, seat, message.hand, message.seen)
            if problem is None and room.unsettled is not None:
                problem = "storage", web(UNSETTLED)
            if problem is not None:
                self.refuse(conn, *problem, message.id)
                return
            try:
                action = action_from_json(table.state, seat, message.action)
                record = table.check(seat, action)
            except (IllegalAction, ValueError) as e:
                # The engine's words are about "seat N": the seat reads them about "you".
                self.refuse(conn, "illegal", table.voice(seat).tell(str(e)), message.id)
                return
            if not await self._commit(room, seat, action, record, conn, message.id):
                return
        self.schedule(room)

    def _refuse(
        self, table: Table, seat: int, hand: int | None, seen: int | None
    ) -> tuple[str, str] | None:
        if table.status == "closed":
            return "closed", web("the table is closed")
        if table.ended:
            return "match_over", web("the match is over")
        state = table.state
        if state.over:
            return "hand_over", web("the hand is over: ask for the next hand")
        if (hand is not None and hand != table.number) or (
            seen is not None and seen != len(state.history)
        ):
            return "stale", (
                f"the table has moved on: hand {table.number}, move {len(state.history) + 1}"
            )
        if state.turn != seat:
            return "not_your_turn", f"it is {table.seats[state.turn].name}'s turn"
        if table.seats[seat].away:
            return "not_away", web("a computer plays for you: take your seat back first")
        return None

    async def _commit(
        self,
        room: Room,
        seat: int,
        action: Any,
        record: dict[str, Any],
        conn: Conn | None = None,
        ack_id: int | None = None,
    ) -> bool:
        """Store a checked move, then apply it, acknowledge it and show it to everyone. If the
        store's answer was lost and it cannot tell for now whether the move was stored (its
        database process hung), the move waits for the outcome outside the table's lock (the
        table takes no other move meanwhile) and this returns false."""
        table = room.table
        move = PendingMove(seat, action, table.number, len(table.state.history), conn, ack_id)

        def doubt() -> None:
            if conn is not None:
                conn.error(
                    "pending",
                    web(
                        "the store has not said whether your move was stored: it will be "
                        "acknowledged, or refused, as soon as it does"
                    ),
                    ack_id,
                )

        try:
            await self.write(
                self.store.op_action(table.id, move.hand, move.index, record, conn is not None),
                table=table,
                doubt=doubt,
                give_up=True,
            )
        except Unsettled as unsure:
            log.warning("table %s: a move waits to hear whether it was stored", table.id)
            room.unsettled = self.spawn(self._settle_move(room, move, unsure.outcome))
            self.changes.add(room.unsettled)
            room.unsettled.add_done_callback(self.changes.discard)
            return False
        except StorageError:
            if conn is not None:
                self.refuse(conn, "storage", web(NOT_STORED), ack_id)
            return False
        await self._apply_stored(room, move)
        return True

    async def _apply_stored(self, room: Room, move: PendingMove) -> None:
        """Apply a move the store holds, acknowledge it and show it to everyone."""
        table = room.table
        before = table.status
        person = move.conn is not None
        table.apply(move.seat, move.action)
        if person:
            table.acted = table.updated
        self.moves += 1
        self.recent_moves.append(time.monotonic())
        if not person:
            self.computer_moves += 1
        if table.status != before:
            with contextlib.suppress(StorageError):
                await self.write(
                    self.store.op_status(table.id, table.status, table.winner), table=table
                )
            if table.status == "over":
                log.info("table %s: the match is over", table.id)
                self.settle(room)
                self.table_over(room)
        if move.conn is not None:
            move.conn.send(Ack(id=move.ack_id, hand=move.hand, move=move.index + 1))
        self.broadcast(room)

    async def _settle_move(
        self, room: Room, move: PendingMove, outcome: asyncio.Future[bool]
    ) -> None:
        """Wait for the store to say whether ``move`` was stored: then apply it (acknowledged,
        shown) or refuse it (nothing was stored), and let the table go on."""
        try:
            stored = await outcome
        except asyncio.CancelledError:
            room.unsettled = None
            raise
        table = room.table
        async with room.lock:
            room.unsettled = None  # under the lock: no other move slips in before this one
            where = (table.number, len(table.state.history))
            if stored and where == (move.hand, move.index):
                await self._apply_stored(room, move)
            elif stored:  # nothing else moves meanwhile; a table reloaded is already right
                log.error("table %s: a move read back as stored no longer fits", table.id)
            else:
                log.warning("table %s: the move in doubt was not stored", table.id)
                if move.conn is not None:
                    self.refuse(move.conn, "storage", web(NOT_STORED), move.ack_id)
        self.schedule(room)

    async def next_hand(self, room: Room, conn: Conn | None, id: int | None = None) -> None:
        table = room.table
        async with room.lock:
            if table.status != "between_hands":
                if conn is not None:
                    self.refuse(
                        conn,
                        "no_next_hand",
                        web("the match is over")
                        if table.status != "playing"
                        else "the hand is not over",
                        id,
                    )
                return
            deal = table.deal_next()
            try:
                await self.write(self.store.op_hand(table.id, table.number, deal), table=table)
            except StorageError:
                table.undeal()
                if conn is not None:
                    self.refuse(
                        conn, "storage", web("the next hand could not be stored: try again"), id
                    )
                return
            self.broadcast(room)
        if conn is not None:
            self.acted(room)
        self.schedule(room)
