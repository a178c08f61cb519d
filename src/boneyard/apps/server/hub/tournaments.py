"""Club tournaments run by the hub (docs/server.md, "Club tournaments"): a tournament started
(its units formed, its first round planned and its tables made), each round's end noticed (when
its last table ends, and by a sweep every few seconds that also starts the tournaments started
from the command line), the next round planned or the tournament ended; and a tournament read as
its page shows it, standings after each round and each board's duplicate scores.

The arithmetic (pairings, duplicate scores, standings) is :mod:`..tournaments`'; what is stored,
:mod:`..store.tournaments`'. The course of a tournament changes by conditional updates of the
store, so that of several processes sharing it only one plans a round."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from fastapi import HTTPException

from ....games import get_game
from ..languages import web
from ..messages import CreateTable, SeatLink, SeatSpec
from ..store import ACTIVE, RoundTable, StorageError, StoredTournament, token_hash
from ..store.tournaments import op_seat_token
from ..table import Table
from ..tournaments import (
    Game,
    duplicate_scores,
    round_robin,
    rounds_of,
    side_totals,
    standings,
    swiss,
    table_points,
)
from .life import HubLife
from .rooms import Elsewhere, Room, Unavailable

log = logging.getLogger("boneyard.server")

TOURNAMENT_EVERY = 5.0
"""Seconds between two sweeps of the tournaments under way."""


class NotYet(Exception):
    """A table of the round cannot be read now (another process holds it, or the store cannot be
    read): the round is looked at again later."""


@dataclass
class Unit:
    """What the pairings pair: one person, or a partnership of two."""

    number: int
    name: str
    members: list[tuple[int | None, str]]
    """Each member's account (``None``: deleted) and name, in the order of their seats."""


@dataclass
class RoundResult:
    """A round whose tables are all over: each table's games, boards and scores."""

    round: int
    games: list[Game]
    tables: list[dict[str, Any]]


def units_of(t: StoredTournament) -> list[Unit]:
    """The tournament's units, from its entrants' units (given at the start)."""
    found: dict[int, Unit] = {}
    for e in t.entrants:
        if e.unit is None:
            continue
        unit = found.setdefault(e.unit, Unit(e.unit, "", []))
        unit.members.append((e.account_id, e.name))
    for unit in found.values():
        unit.name = " & ".join(name for _, name in unit.members)
    return [found[u] for u in sorted(found)]


def form_units(t: StoredTournament, side_size: int) -> dict[int, int]:
    """Each entrant's unit (by position): itself at a game of two players, in the order they
    joined; at a game of partnerships, partnerships of two drawn by lot."""
    positions = [e.position for e in t.entrants]
    if side_size == 1:
        return {p: i for i, p in enumerate(positions)}
    random.SystemRandom().shuffle(positions)
    return {p: i // 2 for i, p in enumerate(positions)}


class HubTournaments(HubLife):
    """Club tournaments: started, carried from round to round, read."""

    _advancing: asyncio.Lock | None = None

    async def start(self) -> None:
        await super().start()
        self.spawn(self._tournament_sweeper())

    def table_over(self, room: Room) -> None:
        if room.table.boards is not None and not self.stopping:
            self.spawn(self._table_over(room.table.id))

    async def _table_over(self, table_id: str) -> None:
        found = await asyncio.to_thread(self.store.tournament_of_table, table_id)
        if found is not None:
            await self.advance(found)

    async def _tournament_sweeper(self) -> None:
        while True:
            await asyncio.sleep(TOURNAMENT_EVERY)
            try:
                await self.tournament_sweep()
            except Exception as e:
                log.warning("the sweep of the tournaments failed: %s", e)

    async def tournament_sweep(self) -> None:
        """Carry on every tournament under way (started from the command line, a round over)."""
        for tournament_id in await asyncio.to_thread(self.store.tournaments_under_way):
            await self.advance(tournament_id)

    async def start_tournament(self, t: StoredTournament) -> None:
        """Start an open tournament (its creator's, or an operator's, wish): ``HTTPException``
        if it cannot start (too few entrants, an odd number for partnerships, more rounds than
        opponents)."""
        if t.status != "open":
            raise HTTPException(409, web("the tournament has started already"))
        problem = start_problem(t)
        if problem is not None:
            raise HTTPException(400, problem)
        if not await asyncio.to_thread(
            self.store.set_tournament_status, t.id, "starting", ["open"]
        ):
            raise HTTPException(409, web("the tournament has started already"))
        await self.advance(t.id)

    async def advance(self, tournament_id: int) -> None:
        """Carry the tournament on as far as it goes now: its first round made, a round over
        followed by the next or by its end, the tables of its round not yet made made."""
        if self._advancing is None:
            self._advancing = asyncio.Lock()
        async with self._advancing:
            t = await asyncio.to_thread(self.store.load_tournament, tournament_id)
            if t is None:
                return
            try:
                if t.status == "starting":
                    await self._plan(t, 1)
                elif t.status == "playing":
                    await self._make_tables(t)
                    await self._round_over(t)
            except NotYet as e:
                log.debug("tournament %d: waits (%s)", t.id, e)

    async def _round_over(self, t: StoredTournament) -> None:
        tables = [r for r in t.tables if r.round == t.round and r.table_id is not None]
        if any(r.table_id is None for r in t.tables if r.round == t.round and len(r.units) == 2):
            return
        ids = [r.table_id for r in tables if r.table_id is not None]
        statuses = await asyncio.to_thread(self.store.statuses, ids)
        if any(statuses.get(i) in ACTIVE for i in ids):
            return
        if t.round >= t.rounds:
            if await asyncio.to_thread(
                self.store.set_tournament_status, t.id, "over", ["playing"], t.round
            ):
                log.info("tournament %d: over after round %d", t.id, t.round)
            return
        await self._plan(t, t.round + 1)

    async def _plan(self, t: StoredTournament, number: int) -> None:
        """Plan round ``number`` (the first: the units formed and the rounds of a round robin
        known) and make its tables."""
        rules = get_game(t.game).configure(t.rule_set, t.options, t.players)
        given = None
        if number == 1:
            given = form_units(t, len(rules.sides[0]))
            count = len(set(given.values()))
            rounds = rounds_of(count) if t.format == "round_robin" else t.rounds
        else:
            count = len(units_of(t))
            rounds = t.rounds
        pairs, bye = await self._pairings(t, number, count)
        seed = secrets.randbits(62) if t.duplicate else None
        rows: list[tuple[list[int], int | None]] = [([a, b], seed) for a, b in pairs]
        if bye is not None:
            rows.append(([bye], None))
        if not await asyncio.to_thread(self.store.plan_round, t, number, rows, given, rounds):
            return  # another process planned it
        log.info("tournament %d: round %d planned, %d tables", t.id, number, len(pairs))
        again = await asyncio.to_thread(self.store.load_tournament, t.id)
        if again is not None:
            await self._make_tables(again)

    async def _pairings(
        self, t: StoredTournament, number: int, count: int
    ) -> tuple[list[tuple[int, int]], int | None]:
        if t.format == "round_robin":
            tables = round_robin(count)[number - 1]
            seated = {u for pair in tables for u in pair}
            return tables, next((u for u in range(count) if u not in seated), None)
        if number == 1:
            return swiss(list(range(count)), set(), set())
        results = await self.results(t)
        ranked = [s.unit for s in standings([u.name for u in units_of(t)], _games(results))]
        met = {frozenset(r.units) for r in t.tables if len(r.units) == 2}
        byes = {r.units[0] for r in t.tables if len(r.units) == 1}
        return swiss(ranked, met, byes)

    async def _make_tables(self, t: StoredTournament) -> None:
        """Make the tables of the round in play not made yet, each seat bound to its entrant's
        account and named after it; at duplicate deals, dealt from the round's secret seed."""
        units = {u.number: u for u in units_of(t)}
        rules = get_game(t.game).configure(t.rule_set, t.options, t.players)
        for row in t.tables:
            if row.round != t.round or row.table_id is not None or len(row.units) != 2:
                continue
            bound: dict[int, tuple[int, str]] = {}
            names: dict[int, str] = {}
            for side, unit in zip(rules.sides, row.units, strict=True):
                for seat, (account, name) in zip(side, units[unit].members, strict=False):
                    names[seat] = name
                    if account is not None:
                        bound[seat] = (account, name)
            spec = CreateTable(
                game=t.game,
                rules=t.rule_set,
                options=t.options,
                seats=[SeatSpec(kind="person", name=names.get(i)) for i in range(t.players)],
                private=True,
                rated=t.rated and len(bound) == t.players,
            )
            made = await self.create(
                spec, f"tournament {t.id}", bound, deals=row.board_seed, boards=t.boards
            )
            if not await asyncio.to_thread(
                self.store.set_round_table, t.id, row.round, row.number, made.id
            ):
                await self._drop(made.id)

    async def _drop(self, table_id: str) -> None:
        """A table made twice for one place of a round (two processes at once): closed."""
        room = self.rooms.get(table_id)
        if room is not None:
            await self.close_table(room, "made twice for a tournament's round")

    # ----------------------------------------------------------------- results
    async def results(self, t: StoredTournament) -> list[RoundResult]:
        """Every round of the tournament whose tables are all over, scored (:class:`NotYet` if a
        table cannot be read now)."""
        tables: dict[str, Table | None] = {}
        for row in t.tables:
            if row.table_id is None or row.round > t.round:
                continue
            try:
                room = await self.room(row.table_id)
            except (Elsewhere, Unavailable) as e:
                raise NotYet(str(e)) from None
            tables[row.table_id] = None if room is None else room.table
        return score_rounds(t, tables)


def score_rounds(t: StoredTournament, tables: Mapping[str, Table | None]) -> list[RoundResult]:
    """Every round of ``t`` whose tables (``tables``: by id, ``None`` if gone from the store)
    are all over, scored."""
    rules = get_game(t.game).configure(t.rule_set, t.options, t.players)
    lowest = rules.presenter.lowest_wins
    done = []
    for number in range(1, t.round + 1):
        rows = [r for r in t.tables if r.round == number]
        played = [r for r in rows if len(r.units) == 2]
        boards = []
        resigned: list[int | None] = []
        for row in played:
            if row.table_id is None:
                break
            points, gave_up, ended = _boards(tables.get(row.table_id), t.boards)
            if not ended:
                break
            boards.append(points)
            resigned.append(gave_up)
        else:
            done.append(_scored(number, rows, played, boards, resigned, t.duplicate, lowest))
    return done


def _boards(
    table: Table | None, count: int
) -> tuple[list[tuple[float, ...] | None], int | None, bool]:
    """A table's points per board (``None``: not played), the side that resigned, and whether
    the table is over (a table missing from the store is over, with no board played)."""
    if table is None:
        return [None] * count, None, True
    points: list[tuple[float, ...] | None] = []
    for i in range(count):
        hand = table.match.hands[i] if i < len(table.match.hands) else None
        result = hand.result if hand is not None and hand.over else None
        points.append(None if result is None else tuple(result.points))
    gave_up = None if table.resigned is None else table.rules.side_of[table.resigned]
    return points, gave_up, table.status not in ACTIVE


def _scored(
    number: int,
    rows: Sequence[RoundTable],
    played: Sequence[RoundTable],
    boards: list[list[tuple[float, ...] | None]],
    resigned: list[int | None],
    duplicate: bool,
    lowest: bool,
) -> RoundResult:
    """A round's games and tables, scored: at duplicate deals by each side's duplicate score,
    else by its points against the other side's."""
    dup = duplicate_scores(boards, lowest) if duplicate else None
    games = []
    tables = []
    for i, row in enumerate(played):
        if dup is not None:
            totals = [Fraction(0), Fraction(0)]
            for board in dup[i]:
                if board is not None:
                    totals = [totals[0] + board[0], totals[1] + board[1]]
            scores = (totals[0], totals[1])
        else:
            scores = side_totals(boards[i], lowest)
        points = table_points(scores, resigned[i])
        games.append(Game(number, (row.units[0], row.units[1]), points, scores))
        tables.append(
            {
                "number": row.number,
                "table_id": row.table_id,
                "units": row.units,
                "boards": [list(b) if b is not None else None for b in boards[i]],
                "duplicate": None
                if dup is None
                else [[float(s) for s in b] if b is not None else None for b in dup[i]],
                "scores": [float(s) for s in scores],
                "match_points": list(points),
                "board_seed": row.board_seed,
            }
        )
    for row in rows:
        if len(row.units) == 1:
            games.append(Game(number, (row.units[0], None), (1.0, 0.0), (Fraction(0), Fraction(0))))
    return RoundResult(number, games, tables)


def _games(results: Sequence[RoundResult]) -> list[Game]:
    return [g for r in results for g in r.games]


def start_problem(t: StoredTournament) -> str | None:
    """Why the tournament cannot start with its entrants now, or ``None``."""
    rules = get_game(t.game).configure(t.rule_set, t.options, t.players)
    size = len(rules.sides[0])
    people = len(t.entrants)
    if size == 2 and people % 2:
        return f"{people} entrants: partnerships of two need an even number"
    units = people // size
    if units < 2:
        return "a tournament needs at least two entrants (two partnerships at a game of them)"
    if t.format == "swiss" and t.rounds > rounds_of(units):
        return (
            f"{t.rounds} Swiss rounds need at least {t.rounds + 1} "
            f"{'partnerships' if size == 2 else 'entrants'} (each meets another each round)"
        )
    return None


class HubTournamentSeats(HubTournaments):
    """An entrant's seat at its table of the round in play."""

    async def seat_link(self, room: Room, account: int) -> SeatLink:
        """A new link to the seat bound to ``account`` at this table (the old one stops working;
        whoever holds the seat by it keeps it until the new one is opened): ``409`` if the table
        is over, ``403`` if no seat of it is the account's."""
        table = room.table
        async with room.lock:
            if table.status not in ACTIVE:
                raise HTTPException(409, web("the table's match is over"))
            seat = next((s for s in table.seats if s.account == account), None)
            if seat is None or seat.kind != "person":
                raise HTTPException(403, web("no seat of this table is yours"))
            token = secrets.token_urlsafe(24)
            hashed = token_hash(token)
            try:
                await self.write(op_seat_token(table.id, seat.seat, hashed), table=table)
            except StorageError:
                raise HTTPException(503, web("the store refused the change: try again")) from None
            seat.token_hash = hashed
            return self._link(table, seat.seat, token)
