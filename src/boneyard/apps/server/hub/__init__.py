"""Every table a server holds (:class:`Hub`), with its connections (:class:`Conn`) and its life:
moves, the turn clock and the computers that play for absent people, rematches, resignations,
seats given to new people or to computers, expiry, and the limits on each client.

The engine decides everything: a move is parsed, checked on a copy of the hand, written to the
store, and only then applied, acknowledged and sent to every reader, each seeing only what its seat
may see (spectators the public view). Computer players and hints think in worker processes
(:mod:`~boneyard.apps.server.compute`), off the event loop. A server killed and started again on
the same database resumes every table where it was.

A table belongs to the hub that loaded it: its :class:`Room` holds the one lock under which it
changes, so that two changes never interleave. On a PostgreSQL store shared by several processes,
a table in play belongs to the one process that holds its lease (:meth:`Hub.room`): the others
relay its readers there (:class:`Elsewhere`), and take it over when that process dies
(:meth:`Hub._cluster`).

The hub is built in layers, each a module of this package using those before it: :mod:`.base`
(what every part stands on), :mod:`.moves`, :mod:`.automatic` (computers, forced moves, turn
clocks), :mod:`.tables` (loaded, made, listed), :mod:`.creator`, :mod:`.help` (hints, beliefs),
:mod:`.readers` (a reader's messages), :mod:`.life` (start, stop, leases, expiry) and
:mod:`.ratings` (the end of a rated match), :mod:`.tournaments` (club tournaments carried from
round to round) and :mod:`.pairing` (quick pairing's seeks and rounds); what it holds around
each table is in :mod:`.rooms`.
"""

from __future__ import annotations

import time
from typing import Any

from ..store import ACTIVE
from .pairing import HubPairing
from .ratings import HubRatings
from .rooms import Client, Conn, Elsewhere, PendingMove, Room, Unavailable
from .tournaments import HubTournamentSeats

__all__ = ["Client", "Conn", "Elsewhere", "Hub", "PendingMove", "Room", "Unavailable"]


class Hub(HubRatings, HubPairing, HubTournamentSeats):
    """Every table of the server, loaded from the store at start."""

    def metrics(self) -> dict[str, Any]:
        """What the server is doing, for ``GET /metrics``."""
        t = time.monotonic()
        while self.recent_moves and self.recent_moves[0] < t - 60:
            self.recent_moves.popleft()
        statuses: dict[str, int] = {}
        for room in self.rooms.values():
            status = room.table.status
            statuses[status] = statuses.get(status, 0) + 1
        rooms = list(self.rooms.values())
        return {
            "tables": statuses,
            "tables_private": sum(1 for r in rooms if r.table.private),
            "tables_computers_only": sum(
                1 for r in rooms if r.computers_only and r.table.status in ACTIVE
            ),
            "seats_away": sum(1 for r in rooms for s in r.table.seats if s.away),
            "connections": sum(len(r.seats) + len(r.spectators) for r in rooms),
            "players_connected": sum(len(r.seats) for r in rooms),
            "clients": sum(1 for c in self.clients.values() if c.connections),
            "moves": self.moves,
            "computer_moves": self.computer_moves,
            "moves_per_second": len(self.recent_moves) / min(60.0, max(1.0, t - self.started)),
            "hints": self.hints_given,
            "tables_closed": self.closed_tables,
            "refused": dict(self.refused),
            "compute": {
                lane: {
                    "waiting": self.compute.waiting(lane),
                    "running": stats.running,
                    "done": stats.done,
                    "failed": stats.failed,
                    "wait_seconds": stats.wait_seconds,
                    "run_seconds": stats.run_seconds,
                }
                for lane, stats in self.compute.stats.items()
            },
            "workers": {"play": self.compute.workers, "background": self.compute.background},
        }
