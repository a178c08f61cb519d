"""The lobby: tables made, listed (those of every process of the store) and summed up."""

from __future__ import annotations

import asyncio
import json

from fastapi import APIRouter, Request

from ..hub import Hub
from ..messages import CreateTable, TableCreated, TableSummary
from ..relay import relay_request
from .callers import client_of, found, relay_to, relayed

__all__ = ["lobby_routes"]


def lobby_routes(hub: Hub) -> APIRouter:
    routes = APIRouter()

    @routes.post("/api/tables", status_code=201)
    async def create_table(spec: CreateTable, request: Request) -> TableCreated:
        return await hub.create(spec, client_of(hub, request))

    @routes.get("/api/tables")
    async def list_tables(request: Request) -> dict[str, list[TableSummary]]:
        listing = await hub.listing()
        if hub.server is None or relayed(hub, request):
            return listing
        listing["open"] = sorted(
            listing["open"] + await _held_by_the_others(hub, request),
            key=lambda t: t.updated,
            reverse=True,
        )[:100]
        return listing

    @routes.get("/api/tables/{table_id}")
    async def table_summary(table_id: str) -> TableSummary:
        return hub.summary(await found(hub, table_id))

    return routes


async def _held_by_the_others(hub: Hub, request: Request) -> list[TableSummary]:
    """Several processes: the listed tables in play that the others hold."""
    assert hub.server is not None
    try:
        peers = await asyncio.to_thread(hub.store.peers, hub.server, hub.settings.lease)
    except Exception:
        peers = []
    asked = [relay_request("GET", f"{p}/api/tables", None, relay_to(hub, request)) for p in peers]
    theirs = []
    for answer in await asyncio.gather(*asked, return_exceptions=True):
        if isinstance(answer, BaseException) or answer[0] != 200:
            continue  # a process going away: its tables come back with another
        theirs += [TableSummary.model_validate(t) for t in json.loads(answer[2])["open"]]
    return theirs
