"""A hub's life: started (every table of the store resumed, or on a shared store this process's
share of them), stopped (the changes under way let to their end first), its leases renewed and
the tables of a process that died taken over, the tables where nobody acts swept away."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from datetime import timedelta

from ..languages import web
from ..store import ACTIVE, StorageError, StoredTable, Writer, cause, now
from .readers import HubReaders

log = logging.getLogger("boneyard.server")

_STOP_WAIT = 30.0
"""How long a stop waits for the changes under way (as long as the writer for its queue)."""


class HubLife(HubReaders):
    """Start, stop, leases and expiry."""

    async def start(self) -> None:
        store = self.store
        # Opened already where `boneyard serve` checked it before listening (StoreRefused).
        await asyncio.to_thread(store.open, alone=store.sqlite)
        if store.sqlite:
            stored = await asyncio.to_thread(store.load_active)
        else:
            self.server = secrets.token_hex(8)
            self.address = self.settings.advertise or ""
            self.secret = await asyncio.to_thread(store.secret)
            await asyncio.to_thread(store.heartbeat, self.server, self.address, self.settings.lease)
            stored = await asyncio.to_thread(self._claim_orphans, None)
        for s in stored:
            self._resume(s)
        self.writer = Writer(store, server=self.server, lease=self.settings.lease)
        self.compute.start()
        for room in self.rooms.values():
            self.schedule(room)
        self.spawn(self._sweeper())
        if self.server is not None:
            self.spawn(self._cluster())
        url = store.engine.url.render_as_string(hide_password=True)
        log.info("store %s: %d tables resumed", url, len(self.rooms))

    async def stop(self) -> None:
        """Stop: the automatic moves, clocks and rounds at once; the changes under way (a move
        being stored) run to their end first, so that a move stored is also applied, acknowledged
        and shown before the readers are let go (a table comes back as its readers last saw it);
        then the readers are closed and the queued writes finished."""
        if self.stopping:
            return
        self.stopping = True
        for task in list(self.tasks):
            if task not in self.changes:
                task.cancel()
        # Each write is bounded by the store's timeout; a lost answer is read back meanwhile.
        deadline = time.monotonic() + _STOP_WAIT
        while self.changes and (left := deadline - time.monotonic()) > 0:
            await asyncio.wait(list(self.changes), timeout=left)
        for room in self.rooms.values():
            for conn in [*room.seats.values(), *room.spectators]:
                conn.close(1012, "the server is restarting")
        if self.writer is not None:
            await asyncio.to_thread(self.writer.close)
        if self.server is not None:
            # The tables are free at once for the other processes, not after their leases.
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.store.release, self.server)
        self.compute.close()
        self.store.close()

    def _claim_orphans(self, share: int | None) -> list[StoredTable]:
        """Take over tables in play that no process holds (at most ``share``): their leases, then
        their state, read after the lease is ours (so that it holds every write of the process
        that had them)."""
        assert self.server is not None
        found = []
        for table_id in self.store.orphans(share or 1_000_000):
            if table_id in self.rooms or not self.store.claim(
                table_id, self.server, self.settings.lease
            ):
                continue
            stored = self.store.load(table_id)
            if stored is not None and stored.status in ACTIVE:
                found.append(stored)
        return found

    async def _cluster(self) -> None:
        """Every third of a lease: renew this process's leases, drop the tables whose lease
        another process has taken, give up those of tables no longer in play, and take over
        tables that nobody holds, this process's share of them."""
        assert self.server is not None
        every = self.settings.lease / 3
        while True:
            await asyncio.sleep(every * random.uniform(0.8, 1.0))
            try:
                await self._cluster_round()
            except Exception as e:
                # The store's own episode log says why; the leases run out if this goes on, and
                # the writer then refuses this process's writes.
                log.debug("the round of leases failed: %s", cause(e))

    async def _cluster_round(self) -> None:
        assert self.server is not None
        store = self.store
        lease = self.settings.lease
        # Only tables held before the renewal can be missing from it (a table made or taken up
        # meanwhile has its lease, but after the renewal's reading).
        before = [r for r in self.rooms.values() if r.table.status in ACTIVE]
        held = await asyncio.to_thread(store.heartbeat, self.server, self.address, lease)
        for room in before:
            if room.table.status in ACTIVE and room.table.id not in held:
                await self.lost(room)
        done = [
            t
            for t in held
            if t not in self._claiming
            and (t not in self.rooms or self.rooms[t].table.status not in ACTIVE)
        ]
        if done:
            await asyncio.to_thread(store.release, self.server, done)
        peers = await asyncio.to_thread(store.peers, self.server, lease)
        orphans = await asyncio.to_thread(store.orphans, 1_000_000)
        if not orphans:
            return
        share = -(-len(orphans) // (len(peers) + 1))
        for stored in await asyncio.to_thread(self._claim_orphans, share):
            if stored.id in self.rooms:
                continue
            resumed = self._resume(stored)
            if resumed is not None:
                log.info("table %s: taken over (its process stopped renewing it)", stored.id)
                self.schedule(resumed)

    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                await self.sweep()
            except StorageError:
                pass  # the store's own log says why, once
            except Exception as e:
                if self.store.reads.failing is None:
                    log.exception("the sweep for expired tables failed")
                else:
                    log.debug("the sweep for expired tables failed: %s", cause(e))

    async def sweep(self) -> list[str]:
        """Close the tables where no person has acted for ``expire_after`` seconds, and those
        closed or deleted in the store meanwhile (``boneyard tables``); the ids closed."""
        cutoff = now() - timedelta(seconds=self.settings.expire_after)
        active = [r for r in self.rooms.values() if r.table.status in ACTIVE]
        closed = []
        for room in active:
            if room.table.acted < cutoff and await self.close_table(room, "expired"):
                closed.append(room.table.id)
        ids = [r.table.id for r in active if r.table.status in ACTIVE]
        stored = await asyncio.to_thread(self.store.statuses, ids) if ids else {}
        for table_id in ids:
            status = stored.get(table_id)
            held = self.rooms.get(table_id)
            if held is None or status in ACTIVE:
                continue
            async with held.lock:
                if held.table.status in ACTIVE:
                    self._closed(held, "closed in the store" if status else "deleted")
                    closed.append(table_id)
            if status is None:
                for conn in [*held.seats.values(), *held.spectators]:
                    conn.error("no_table", web("this table was deleted"))
                    conn.close()
                self.rooms.pop(table_id, None)
                self.idle.pop(table_id, None)
        for address in [a for a, c in self.clients.items() if c.idle()]:
            del self.clients[address]
        return closed
