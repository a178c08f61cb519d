"""The moves nobody chooses: a computer's (in a worker process, off the event loop), a forced draw
or pass, the next hand at a table of computers; and the turn clock, past which a computer plays
for a person who has not moved."""

from __future__ import annotations

import asyncio
import logging
import time

from ....core.actions import Action
from ....core.protocol import IllegalAction
from ..compute import Lane
from .moves import HubMoves
from .rooms import Room

log = logging.getLogger("boneyard.server")


class HubAutomatic(HubMoves):
    """Computer players, forced moves, and turn clocks."""

    def schedule(self, room: Room) -> None:
        """Start the table's next automatic move (a computer's, a forced draw or pass, the next
        hand of a table of computers), unless one is under way; and its turn clock."""
        table = room.table
        if self.stopping:
            return
        self._clock(room)
        if room.pending is not None and not room.pending.done():
            return
        if room.unsettled is not None:
            return  # the last move is not known to be stored yet: its outcome schedules again
        what = table.automatic()
        if what is None:
            return
        kind, seat = what
        if kind == "computer" and table.seats[seat].kind == "person" and not room.present():
            return  # a computer plays for an absent person only while someone is here
        room.pending = self.spawn(self._automatic(room, table.version))

    def _clock(self, room: Room) -> None:
        """Start the clock of the person to move (or of the deal between hands), unless it runs
        for this position already."""
        table = room.table
        clock = self.clock_of(table)
        at: tuple[int, int, int] | None = None
        if clock and table.status == "playing":
            s = table.seats[table.state.turn]
            if s.kind == "person" and not s.away and table.automatic() is None:
                at = (table.number, len(table.state.history), s.seat)
        elif clock and table.status == "between_hands" and room.present():
            at = (table.number, -1, -1)
        if at == room.clock_at and room.clock_task is not None and not room.clock_task.done():
            return
        if room.clock_task is not None:
            room.clock_task.cancel()
            room.clock_task = None
        room.clock_at = at
        if at is not None and clock:
            room.clock_started = time.monotonic()
            room.clock_task = self.spawn(self._ring(room, at, clock))

    async def _ring(self, room: Room, at: tuple[int, int, int], clock: int) -> None:
        await asyncio.sleep(clock)
        table = room.table
        hand, _, seat = at
        if seat < 0:
            room.clock_task = None
            if table.status == "between_hands" and table.number == hand:
                await self._shielded(self.next_hand(room, None))
            return
        async with room.lock:
            if (
                table.status != "playing"
                or (table.number, len(table.state.history), table.state.turn) != at
                or table.seats[seat].away
            ):
                return
            room.clock_task = None
            table.set_away(seat, True)
            log.info("table %s: seat %d is away (turn clock)", table.id, seat)
        self.broadcast(room)
        self.schedule(room)

    async def _automatic(self, room: Room, version: int) -> None:
        table = room.table
        settings = self.settings
        what = table.automatic()
        if what is None:
            return
        kind, seat = what
        delay = {
            "computer": settings.computer_delay,
            "forced": settings.forced_delay,
            "deal": settings.deal_delay,
        }[kind]
        if delay:
            await asyncio.sleep(delay)
        if kind == "deal":
            await self._shielded(self.next_hand(room, None))
            room.pending = None
            self.schedule(room)
            return
        if table.version != version or table.automatic() != what:
            room.pending = None
            self.schedule(room)
            return
        if kind == "computer":
            # The thinking is done outside the table's lock: a person may meanwhile come back,
            # resign or leave, and the move is then dropped (the version has changed).
            lane: Lane = "play" if room.present() else "idle"
            obs = table.state.observation(seat)
            try:
                action = await self.compute.choose(
                    lane, table.id, table.level_of(seat), obs, table.agent_seed(seat)
                )
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: the computer at seat %d failed", table.id, seat)
                action = table.state.legal_actions()[0]
        else:
            action = table.forced_action(seat)
        # Under the lock to its end, even if this task is cancelled meanwhile (the server stops).
        if not await self._shielded(self._automatic_move(room, version, what, action)):
            return
        room.pending = None
        self.schedule(room)

    async def _automatic_move(
        self, room: Room, version: int, what: tuple[str, int], action: Action
    ) -> bool:
        """Make an automatic move if the table is still where it was chosen; false if it was
        illegal (the table then waits for something else to happen)."""
        table = room.table
        seat = what[1]
        async with room.lock:
            if table.version != version or table.automatic() != what:
                return True
            if room.unsettled is not None:
                return False  # the move in doubt schedules the next one once it is known
            try:
                record = table.check(seat, action)
            except IllegalAction:
                log.error("table %s: seat %d chose an illegal move", table.id, seat)
                return False
            await self._commit(room, seat, action, record)
            return True
