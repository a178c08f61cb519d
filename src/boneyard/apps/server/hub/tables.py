"""The tables of a hub: taken up from the store (one whose match ended, or on a shared store one
that no process holds), made for the lobby, listed and summed up; and the store's health."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Mapping
from typing import Any

from fastapi import HTTPException

from ....core.options import OptionError
from ....core.record import RecordError
from ....games import get_game
from ....players.names import computer_name
from ....text.i18n import _
from ..languages import web
from ..messages import CreateTable, SeatLink, TableCreated, TableSummary, name_key
from ..store import ACTIVE, Refused, StorageError, StoredTable, cause, token_hash
from ..table import Seat, Table
from .automatic import HubAutomatic
from .rooms import PRIVATE_ID_BYTES, REFUSED, TABLE_ID, Elsewhere, Room, Unavailable

log = logging.getLogger("boneyard.server")


class HubTables(HubAutomatic):
    """Tables loaded, made and listed."""

    def _resume(self, stored: StoredTable) -> Room | None:
        try:
            table = Table.restore(stored, self.levels)
        except (RecordError, OptionError, ValueError, KeyError) as e:
            log.error("table %s cannot be resumed: %s", stored.id, e)
            return None
        room = self.rooms[table.id] = Room(table)
        return room

    async def room(self, table_id: str) -> Room | None:
        """A table by id: in memory, or from the store (one whose match has ended; or, on a
        store shared by several processes, one in play that no process holds, which this one
        takes). :class:`Elsewhere` if another process holds it; :class:`Unavailable` if the
        store cannot be read."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        if not TABLE_ID.fullmatch(table_id):
            return None  # no table has such an id: the store is not asked
        try:
            if self.server is not None:
                owner = await asyncio.to_thread(self.store.owner, table_id)
                if owner is not None and owner[0] != self.server:
                    raise Elsewhere(owner[1])
            stored = await asyncio.to_thread(self.store.load, table_id)
            if stored is None:
                return None
            if self.server is not None and stored.status in ACTIVE and table_id not in self.rooms:
                self._claiming.add(table_id)
                try:
                    if not await asyncio.to_thread(
                        self.store.claim, table_id, self.server, self.settings.lease
                    ):
                        owner = await asyncio.to_thread(self.store.owner, table_id)
                        if owner is None:
                            raise Unavailable("the table is changing hands: try again")
                        raise Elsewhere(owner[1])
                    # Read again now that it is ours: the last holder may have written meanwhile.
                    stored = await asyncio.to_thread(self.store.load, table_id)
                finally:
                    self._claiming.discard(table_id)
                if stored is None:
                    return None
        except (Elsewhere, Unavailable):
            raise
        except Exception as e:
            raise Unavailable(cause(e)) from None
        room = self.rooms.get(table_id)  # loaded meanwhile
        if room is None:
            room = Room(Table.restore(stored, self.levels))
            self.rooms[table_id] = room
            self.settle(room)
            if room.table.status in ACTIVE:
                log.info("table %s: taken up from the store", table_id)
                self.schedule(room)
        return room

    async def create(
        self,
        spec: CreateTable,
        address: str,
        bound: Mapping[int, tuple[int, str]] | None = None,
        *,
        deals: int | None = None,
        boards: int | None = None,
    ) -> TableCreated:
        """A new table as ``spec`` asks, made by the client at ``address`` (``HTTPException`` if
        it may not, or ``spec`` does not make a table): its seats' links and its creator's key.
        ``bound``: person seats made for signed-in people (quick pairing, a tournament), each
        bound to an account (``seat: (account id, account name)``) and named after it.
        ``deals`` and ``boards`` are the server's own, never a client's: a club tournament's
        round, every table of it dealt from the same secret seed (``deals``, which no client
        chose, so nobody knows the hands) and playing ``boards`` hands."""
        self._check_room_for(spec, address)
        options: dict[str, Any] = dict(spec.options)
        if spec.target is not None:
            options["target_score"] = spec.target
        try:
            rules = get_game(spec.game).configure(spec.rules, options, len(spec.seats))
        except OptionError as e:
            raise HTTPException(400, str(e)) from None
        seats, tokens = self._seats_asked(spec, bound or {})
        creator = secrets.token_urlsafe(24)
        table_id = self._new_id(spec.private)
        try:
            table = Table.new(
                table_id,
                rules,
                seats,
                practice=spec.practice,
                seed=spec.seed if deals is None else deals,
                private=spec.private,
                clock=spec.clock,
                creator_hash=token_hash(creator),
                levels=self.levels,
                rated=spec.rated,
                boards=boards,
            )
        except (OptionError, ValueError) as e:
            raise HTTPException(400, str(e)) from None
        return await self._open(table, tokens, creator, address)

    def _check_room_for(self, spec: CreateTable, address: str) -> None:
        """Refuse a new table beyond the client's rate, the server's tables, or the client's
        tables of computers only; and a seed where several people play."""
        client = self.client(address)
        if not client.creates.take():
            raise HTTPException(429, web("too many new tables: wait a little"))
        active = sum(1 for r in self.rooms.values() if r.table.status in ACTIVE)
        if active >= self.settings.max_tables:
            raise HTTPException(503, web("the server holds as many tables as it may: try later"))
        people = [s for s in spec.seats if s.kind == "person"]
        if spec.rated and (len(people) < len(spec.seats) or spec.seed is not None or spec.practice):
            raise HTTPException(
                400,
                "a rated table is for people only, every seat a signed-in person's, with no seed "
                "and no practice (hints): computers are not rated",
            )
        if spec.seed is not None and len(people) > 1:
            raise HTTPException(
                400,
                "a seed fixes every deal, so whoever chose it could work out the others' tiles: "
                "a seed is only for a table of one person",
            )
        if not people:
            mine = sum(
                1
                for r in self.rooms.values()
                if r.client == address and r.computers_only and r.table.status in ACTIVE
            )
            if mine >= self.settings.computer_tables:
                raise HTTPException(
                    429,
                    f"you have {mine} tables of computers only in play, as many as one may: "
                    "close one or wait for it to end",
                )

    def _seats_asked(
        self, spec: CreateTable, bound: Mapping[int, tuple[int, str]]
    ) -> tuple[list[Seat], dict[int, str]]:
        """The seats ``spec`` asks for, each with a name of its own (a bound seat its account's),
        and the token of each person's seat (only its hash is kept)."""
        tokens: dict[int, str] = {}
        seats = []
        # A computer without a name of its own gets a friendly one, never a name given to
        # another seat (a person's, another computer's).
        given = [s.name for s in spec.seats if s.name] + [name for _, name in bound.values()]
        for i, s in enumerate(spec.seats):
            if s.kind == "person":
                token = secrets.token_urlsafe(24)
                tokens[i] = token
                # A person without a name is named for the seat, in the words of whoever
                # made the table (a name is the table's, the same for every reader).
                unnamed = web("Seat {n}").format(n=i + 1)
                account, name = bound.get(i, (None, s.name or unnamed))
                seats.append(Seat(i, "person", name, None, token_hash(token), account=account))
            else:
                level = s.level or "casual"
                self._check_level(level)
                name = s.name or computer_name(i, level, [*given, *(x.name for x in seats)])
                seats.append(Seat(i, "computer", name, level, None))
        keys = [name_key(s.name) for s in seats]
        for i, key in enumerate(keys):
            if key in keys[:i]:
                first = keys.index(key)
                said = web(
                    "seats {first} and {second} are both called {name}: each player needs a "
                    "name of his own"
                )
                raise HTTPException(
                    400, said.format(first=first, second=i, name=repr(seats[i].name))
                )
        return seats, tokens

    def _new_id(self, private: bool) -> str:
        size = PRIVATE_ID_BYTES if private else 6
        table_id = secrets.token_urlsafe(size)
        # An id starting with "-" would read as an option to `boneyard tables close ID`.
        while table_id in self.rooms or table_id.startswith("-"):
            table_id = secrets.token_urlsafe(size)
        return table_id

    async def _open(
        self, table: Table, tokens: dict[int, str], creator: str | None, address: str | None
    ) -> TableCreated:
        """Store a new table and start it."""
        try:
            ops = [self.store.op_create(table.stored(), table.stored_hand())]
            if self.server is not None:
                ops.append(self.store.op_claim(table.id, self.server, self.settings.lease))
            await self.write(*ops)
        except Refused as e:
            log.info("table %s: the store refused the new table: %s", table.id, e)
            raise HTTPException(400, REFUSED.format(what="this table")) from None
        except StorageError:
            raise HTTPException(
                503, web("the store could not take the new table: try again")
            ) from None
        room = Room(table, client=address)
        self.rooms[table.id] = room
        rules = table.rules
        log.info(
            "table %s: %s (%s), %d seats", table.id, rules.game.id, rules.rule_set, rules.players
        )
        self.schedule(room)
        url = f"/t/{table.id}"
        return TableCreated(
            id=table.id,
            url=url,
            seats=[self._link(table, s.seat, tokens.get(s.seat)) for s in table.seats],
            creator_token=creator or "",
        )

    def _link(self, table: Table, seat: int, token: str | None) -> SeatLink:
        s = table.seats[seat]
        url = f"/t/{table.id}"
        return SeatLink(
            seat=s.seat,
            kind=s.kind,
            name=s.name,
            level=s.level,
            invite=f"{url}#seat={token}" if token else None,
            token=token,
        )

    def summary(self, room: Room) -> TableSummary:
        table = room.table
        return TableSummary(
            id=table.id,
            url=f"/t/{table.id}",
            game=table.rules.game.id,
            title=_(table.rules.game.title),
            rules=table.rules.rule_set,
            practice=table.practice,
            private=table.private,
            rated=table.rated,
            clock=self.clock_of(table),
            status=table.status,
            hand=table.number,
            seats=table.seat_views(room.seats.keys()),
            totals=list(table.match.totals),
            sides=table.side_names(),
            winner=table.winner,
            updated=table.updated.isoformat(),
        )

    async def listing(self) -> dict[str, list[TableSummary]]:
        """The listed tables in play that this process holds (newest first, at most 100), and
        the last 20 finished ones."""
        open_rooms = sorted(
            (r for r in self.rooms.values() if r.table.status in ACTIVE and not r.table.private),
            key=lambda r: r.table.updated,
            reverse=True,
        )[:100]
        try:
            recent_ids = await asyncio.to_thread(self.store.recent, 20)
        except Exception as e:
            raise Unavailable(cause(e)) from None
        recent = []
        for table_id in recent_ids:
            with contextlib.suppress(Elsewhere):
                room = await self.room(table_id)
                if room is not None:
                    recent.append(self.summary(room))
        return {"open": [self.summary(r) for r in open_rooms], "recent": recent}

    async def health(self) -> str | None:
        """Whether the store takes a write now (an empty transaction through the writer, which
        writes its mark): ``None`` if it does, else why not. Asked at most once a second."""
        assert self.writer is not None
        t = time.monotonic()
        recovered = self._health[1] is not None and self.writer.writes.failing is None
        if t - self._health[0] < 1.0 and not recovered:
            return self._health[1]
        why: str | None = None
        try:
            await asyncio.wait_for(self.writer.write(), timeout=self.settings.store_timeout + 1)
        except TimeoutError:
            why = f"the store did not answer within {self.settings.store_timeout:g} s"
        except StorageError as e:
            why = str(e)
        self._health = (time.monotonic(), why)
        return why
