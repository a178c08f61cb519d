"""Profiles and the leaderboard (docs/server.md, "Profiles and the leaderboard"): a person's
ratings per game, matches played and won, recent matches (each a record to download and a
replay), the rating history; their own unfinished tables to themselves alone; the best active
ratings of each game.

A profile shows finished matches only, and of those only what is public once a match is over
(the record a finished table gives anyone); a private table is listed to its own player only."""

from __future__ import annotations

import asyncio
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel

from ....core.intake import TextError
from ....games import GAMES
from ....text.i18n import _
from ..accounts import account_name
from ..hub import Hub
from ..languages import web
from ..messages import SeatLink
from ..ratings import ACTIVE_FOR, PROVISIONAL_GAMES, Rating
from ..store import Account, now
from ..store.ratings import PlayedTable
from .accounts import signed_in
from .callers import account_seat_link, relayed_account

__all__ = ["profile_routes"]

NO_ACCOUNT = "no account of that name"


class RatingOut(BaseModel):
    game: str
    title: str
    value: int
    deviation: int
    games: int
    wins: int
    provisional: bool


class HistoryOut(BaseModel):
    at: str
    value: int
    deviation: int
    table_id: str
    result: str


class TableOut(BaseModel):
    table_id: str
    game: str
    title: str
    rule_set: str
    status: str
    rated: bool
    result: str | None
    """``win``, ``draw`` or ``loss`` where the match moved the person's rating."""
    winner: str | None
    updated: str
    url: str
    record: str | None
    replay: str | None


class Profile(BaseModel):
    name: str
    joined: str
    own: bool
    """Whether the profile is the signed-in person's own."""
    ratings: list[RatingOut]
    played: int
    """Matches played to their end (rated or not)."""
    rated_games: int
    rated_wins: int
    recent: list[TableOut]
    history: dict[str, list[HistoryOut]]
    """Per game, the rating after each rated match, oldest first."""
    unfinished: list[TableOut] | None
    """The person's tables in play: on their own profile only (``None`` elsewhere)."""


class Placed(BaseModel):
    rank: int
    name: str
    value: int
    deviation: int
    games: int
    wins: int
    profile: str


class Leaderboard(BaseModel):
    game: str
    title: str
    active_days: int
    provisional_games: int
    players: list[Placed]
    games: dict[str, str]
    """Every game (its id and title), for the page's chooser."""


def _title(game: str) -> str:
    found = GAMES.get(game)
    return _(found.title) if found is not None else game


def _rating(game: str, r: Rating) -> RatingOut:
    return RatingOut(
        game=game,
        title=_title(game),
        value=round(r.value),
        deviation=round(r.deviation),
        games=r.games,
        wins=r.wins,
        provisional=r.provisional,
    )


def _table(t: PlayedTable) -> TableOut:
    finished = t.status in ("over", "closed")
    return TableOut(
        table_id=t.table_id,
        game=t.game,
        title=_title(t.game),
        rule_set=t.rule_set,
        status=t.status,
        rated=t.rated,
        result=t.result,
        winner=t.winner,
        updated=t.updated.isoformat(),
        url=f"/t/{t.table_id}",
        record=f"/api/tables/{t.table_id}/record" if finished else None,
        replay=f"/replay?table={t.table_id}" if finished else None,
    )


def profile_url(name: str) -> str:
    return "/@/" + quote(name, safe="")


async def _account(hub: Hub, name: str) -> Account:
    """The enabled account of ``name`` (any case, any compatibility form): ``404`` otherwise."""
    if len(name) > 200:
        raise HTTPException(400, web("a name has at most 24 characters"))
    try:
        key = account_name(name)[1]
    except TextError:
        raise HTTPException(404, NO_ACCOUNT) from None
    account = await asyncio.to_thread(hub.store.account_named, key)
    if account is None or account.disabled:
        raise HTTPException(404, NO_ACCOUNT)
    return account


def _profile(hub: Hub, account: Account, own: bool) -> Profile:
    """A person's profile (read from the store: run in a thread)."""
    store = hub.store
    rated = store.ratings_by_game(account.id)
    history: dict[str, list[HistoryOut]] = {}
    for p in store.rating_history_of(account.id):
        history.setdefault(p.game, []).append(
            HistoryOut(
                at=p.at.isoformat(),
                value=round(p.rating.value),
                deviation=round(p.rating.deviation),
                table_id=p.table_id,
                result=p.result,
            )
        )
    recent = [
        _table(t)
        for t in store.tables_of(account.id, finished=True, limit=40)
        if own or not t.private
    ][:20]
    unfinished = [_table(t) for t in store.tables_of(account.id, finished=False)] if own else None
    return Profile(
        name=account.name,
        joined=account.created.isoformat(),
        own=own,
        ratings=[_rating(g, r) for g, r in rated.items()],
        played=store.matches_finished(account.id),
        rated_games=sum(r.games for r in rated.values()),
        rated_wins=sum(r.wins for r in rated.values()),
        recent=recent,
        history=history,
        unfinished=unfinished,
    )


def profile_routes(hub: Hub) -> APIRouter:
    routes = APIRouter()

    @routes.post("/api/tables/{table_id}/seat")
    async def my_seat(table_id: str, request: Request) -> SeatLink:
        """The signed-in person's seat at this table (the seat bound to his account): a new
        link, the old one stops working (a link lost, or opened on another device)."""
        account = relayed_account(hub, request)
        if account is None:
            me = await signed_in(hub, request)
            if me is None:
                raise HTTPException(401, web("sign in first: your seat is your account's"))
            account = me.id
        return await account_seat_link(hub, request, table_id, account)

    @routes.get("/api/profile/{name}")
    async def profile(name: str, request: Request) -> Profile:
        """A person's profile; their own (signed in as them) also lists their tables in play."""
        account = await _account(hub, name)
        me = await signed_in(hub, request)
        own = me is not None and me.id == account.id
        return await asyncio.to_thread(_profile, hub, account, own)

    @routes.get("/api/leaderboard/{game}")
    async def leaderboard(game: str) -> Leaderboard:
        """The best ratings of ``game`` of those who played it rated lately, not provisional."""
        if game not in GAMES:
            raise HTTPException(
                404,
                web("no game {game!r}: choose from {games}").format(
                    game=game[:40], games=", ".join(GAMES)
                ),
            )
        best = await asyncio.to_thread(hub.store.leaderboard, game, now() - ACTIVE_FOR)
        return Leaderboard(
            game=game,
            title=_title(game),
            active_days=ACTIVE_FOR.days,
            provisional_games=PROVISIONAL_GAMES,
            players=[
                Placed(
                    rank=i,
                    name=p.name,
                    value=round(p.rating.value),
                    deviation=round(p.rating.deviation),
                    games=p.rating.games,
                    wins=p.rating.wins,
                    profile=profile_url(p.name),
                )
                for i, p in enumerate(best, 1)
            ],
            games={g.id: _(g.title) for g in GAMES.values()},
        )

    return routes
