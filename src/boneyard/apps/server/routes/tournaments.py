"""Club tournaments (docs/server.md, "Club tournaments"): made by a signed-in person (their
creator), listed and read (entrants, rounds, tables, standings after each round with their
tie-breaks, each board's duplicate scores once its round is over), joined and left before the
start, started and closed by the creator; an entrant's link to its seat of the round in play."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import Field

from ..hub import Hub
from ..hub.tournaments import RoundResult, units_of
from ..languages import web
from ..messages import Body, SeatLink
from ..store import ACTIVE, StoredTournament
from ..tournaments import FORMATS, MAX_BOARDS, MAX_ROUNDS, checked_plan, standings
from .accounts import signed_in
from .callers import account_seat_link, relayed_account

__all__ = ["NewTournament", "tournament_routes"]


class NewTournament(Body):
    """A new tournament: its name, game (rule set, options, players: those of a table), format,
    the rounds of a Swiss tournament, the boards (hands) of each round, duplicate deals or not,
    rated tables or casual ones."""

    name: Annotated[str, Field(max_length=200)]
    game: Annotated[str, Field(max_length=40)]
    rules: Annotated[str, Field(max_length=40)] | None = None
    options: Annotated[dict[str, str | int | bool], Field(max_length=40)] = Field(
        default_factory=dict
    )
    players: Annotated[int, Field(ge=2, le=8)] | None = None
    format: Annotated[str, Field(max_length=20)] = FORMATS[1]
    rounds: Annotated[int, Field(ge=1, le=MAX_ROUNDS)] = 3
    boards: Annotated[int, Field(ge=1, le=MAX_BOARDS)] = 2
    duplicate: bool = True
    rated: bool = False


async def _account(hub: Hub, request: Request) -> tuple[int, str]:
    account = await signed_in(hub, request)
    if account is None:
        raise HTTPException(401, web("sign in first: a tournament is for people with an account"))
    return account.id, account.name


async def _tournament(hub: Hub, tournament_id: int) -> StoredTournament:
    t = await asyncio.to_thread(hub.store.load_tournament, tournament_id)
    if t is None:
        raise HTTPException(404, web("no such tournament"))
    return t


def _creator(t: StoredTournament, account: int) -> None:
    if t.creator_id != account:
        raise HTTPException(403, web("only the tournament's creator may do that"))


def summary(t: StoredTournament) -> dict[str, Any]:
    """A tournament as the list shows it."""
    return {
        "id": t.id,
        "name": t.name,
        "game": t.game,
        "rules": t.rule_set,
        "players": t.players,
        "format": t.format,
        "rounds": t.rounds,
        "boards": t.boards,
        "duplicate": t.duplicate,
        "rated": t.rated,
        "creator": t.creator_name,
        "status": t.status,
        "round": t.round,
        "entrants": [e.name for e in t.entrants],
        "url": f"/tournaments#{t.id}",
    }


async def view(hub: Hub, t: StoredTournament, account: int | None) -> dict[str, Any]:
    """A tournament as its page shows it: its units, each round over (its tables with their
    boards, duplicate scores and deals' seed, its byes, the standings after it) and the round in
    play (its tables without links: an entrant asks for its own seat's)."""
    results: list[RoundResult] = await hub.results(t) if t.round else []
    units = units_of(t)
    names = [u.name for u in units]
    rounds = []
    for i, r in enumerate(results):
        games = [g for done in results[: i + 1] for g in done.games]
        rounds.append(
            {
                "round": r.round,
                "tables": [
                    {**table, "sides": [names[u] for u in table["units"]]} for table in r.tables
                ],
                "byes": [names[g.units[0]] for g in r.games if g.units[1] is None],
                "standings": [_standing(s) for s in standings(names, games)],
            }
        )
    playing = None
    if t.status == "playing" and len(results) < t.round:
        rows = [r for r in t.tables if r.round == t.round]
        playing = {
            "round": t.round,
            "tables": [
                {"number": r.number, "sides": [names[u] for u in r.units]}
                for r in rows
                if len(r.units) == 2
            ],
            "byes": [names[r.units[0]] for r in rows if len(r.units) == 1],
        }
    mine = t.entrant_of(account) if account is not None else None
    return {
        **summary(t),
        "units": names,
        "results": rounds,
        "playing": playing,
        "tie_breaks": ["match points", "Buchholz", "score", "head to head", "name"],
        "you": {
            "entrant": mine is not None,
            "creator": account is not None and account == t.creator_id,
            "playing": playing is not None and mine is not None and _row_of(t, mine) is not None,
        },
    }


def _standing(s: Any) -> dict[str, Any]:
    return {
        "rank": s.rank,
        "name": s.name,
        "played": s.played,
        "match_points": s.match_points,
        "buchholz": s.buchholz,
        "score": round(float(s.score), 2),
        "head_to_head": s.head_to_head,
    }


def _row_of(t: StoredTournament, entrant: Any) -> str | None:
    """The table of the round in play of the entrant's unit (``None``: a bye, or none yet)."""
    for r in t.tables:
        if r.round == t.round and len(r.units) == 2 and entrant.unit in r.units:
            return r.table_id
    return None


def tournament_routes(hub: Hub) -> APIRouter:
    routes = APIRouter()

    @routes.post("/api/tournaments", status_code=201)
    async def create(given: NewTournament, request: Request) -> dict[str, Any]:
        account, name = await _account(hub, request)
        try:
            plan = checked_plan(
                given.name,
                given.game,
                given.rules,
                given.options,
                given.players,
                given.format,
                given.rounds,
                given.boards,
                given.duplicate,
                given.rated,
            )
        except ValueError as e:
            raise HTTPException(400, str(e)) from None
        made = StoredTournament(id=0, creator_id=account, creator_name=name, **plan.__dict__)
        made.id = await asyncio.to_thread(hub.store.add_tournament, made)
        return summary(made)

    @routes.get("/api/tournaments")
    async def listing() -> list[dict[str, Any]]:
        return [summary(t) for t in await asyncio.to_thread(hub.store.tournament_list)]

    @routes.get("/api/tournaments/{tournament_id}")
    async def one(tournament_id: int, request: Request) -> dict[str, Any]:
        account = await signed_in(hub, request)
        t = await _tournament(hub, tournament_id)
        return await view(hub, t, None if account is None else account.id)

    @routes.post("/api/tournaments/{tournament_id}/join")
    async def join(tournament_id: int, request: Request) -> dict[str, Any]:
        account, name = await _account(hub, request)
        await _tournament(hub, tournament_id)
        why = await asyncio.to_thread(hub.store.join_tournament, tournament_id, account, name)
        if why is not None:
            raise HTTPException(409, why)
        return summary(await _tournament(hub, tournament_id))

    @routes.post("/api/tournaments/{tournament_id}/leave")
    async def leave(tournament_id: int, request: Request) -> dict[str, Any]:
        account, _ = await _account(hub, request)
        await _tournament(hub, tournament_id)
        why = await asyncio.to_thread(hub.store.leave_tournament, tournament_id, account)
        if why is not None:
            raise HTTPException(409, why)
        return summary(await _tournament(hub, tournament_id))

    @routes.post("/api/tournaments/{tournament_id}/start")
    async def start(tournament_id: int, request: Request) -> dict[str, Any]:
        account, _ = await _account(hub, request)
        t = await _tournament(hub, tournament_id)
        _creator(t, account)
        await hub.start_tournament(t)
        return await view(hub, await _tournament(hub, tournament_id), account)

    @routes.post("/api/tournaments/{tournament_id}/close")
    async def close(tournament_id: int, request: Request) -> dict[str, Any]:
        account, _ = await _account(hub, request)
        t = await _tournament(hub, tournament_id)
        _creator(t, account)
        await close_tournament(hub, t)
        return summary(await _tournament(hub, tournament_id))

    _seat_route(routes, hub)
    return routes


async def close_tournament(hub: Hub, t: StoredTournament) -> None:
    """Close a tournament before its end (``409`` if it is over or closed): its tables in play
    this process holds are closed (the others' at their next sweep, as ``boneyard tables close``
    does), and no round follows."""
    was = ["open", "starting", "playing"]
    if not await asyncio.to_thread(hub.store.set_tournament_status, t.id, "closed", was):
        raise HTTPException(409, web("the tournament is over or closed already"))
    ids = [r.table_id for r in t.tables if r.round == t.round and r.table_id is not None]
    await asyncio.to_thread(hub.store.close_tables, ids)
    for table_id in ids:
        room = hub.rooms.get(table_id)
        if room is not None and room.table.status in ACTIVE:
            await hub.close_table(room, "its tournament was closed")


def _seat_route(routes: APIRouter, hub: Hub) -> None:
    @routes.post("/api/tournaments/{tournament_id}/seat")
    async def seat(tournament_id: int, request: Request) -> SeatLink:
        """The entrant's seat at its table of the round in play: a new link (the seat's old link
        stops working)."""
        account = relayed_account(hub, request)
        if account is None:
            account = (await _account(hub, request))[0]
        t = await _tournament(hub, tournament_id)
        mine = t.entrant_of(account)
        table_id = _row_of(t, mine) if mine is not None and t.status == "playing" else None
        if table_id is None:
            waiting = mine is not None and any(
                r.round == t.round and mine.unit in r.units and len(r.units) == 2 for r in t.tables
            )
            if waiting:
                raise HTTPException(409, web("your table of this round is being made: try again"))
            raise HTTPException(404, web("you have no table in this round"))
        return await account_seat_link(hub, request, table_id, account)
