"""The creator's powers over a table, proved by the creator's key (``Authorization: Bearer``): a
seat's invite given again, a seat freed for a computer, the table closed."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Request
from pydantic import Field

from ..hub import Hub
from ..languages import web
from ..messages import Body, SeatLink, TableSummary
from ..table import STAND_IN
from .callers import found

__all__ = ["FreeSeat", "creator_routes"]


class FreeSeat(Body):
    """The computer level that takes a freed seat."""

    level: Annotated[str, Field(max_length=300)] = STAND_IN


def key_of(request: Request) -> str | None:
    """The key a request gives (``Authorization: Bearer KEY``), if any."""
    given = request.headers.get("authorization", "")
    scheme, _, key = given.partition(" ")
    return key.strip() if scheme.lower() == "bearer" else None


def creator_routes(hub: Hub) -> APIRouter:
    routes = APIRouter()

    @routes.post("/api/tables/{table_id}/seats/{seat}/invite")
    async def reissue_invite(table_id: str, seat: int, request: Request) -> SeatLink:
        room = await found(hub, table_id)
        hub.creator_of(room, key_of(request))
        return await hub.reissue(room, seat)

    @routes.post("/api/tables/{table_id}/seats/{seat}/free")
    async def free_seat(
        table_id: str, seat: int, request: Request, body: FreeSeat | None = None
    ) -> SeatLink:
        room = await found(hub, table_id)
        hub.creator_of(room, key_of(request))
        return await hub.free(room, seat, (body or FreeSeat()).level)

    @routes.post("/api/tables/{table_id}/close")
    async def close_table(table_id: str, request: Request) -> TableSummary:
        room = await found(hub, table_id)
        hub.creator_of(room, key_of(request))
        if not await hub.close_table(room, "closed by its creator"):
            raise HTTPException(409, web("the table's match is over already"))
        return hub.summary(room)

    return routes
