"""Quick pairing (docs/server.md, "Quick pairing"): play now (a seek), one's own seek asked after
and cancelled by its key (``Authorization: Bearer KEY``), the open seeks listed for the lobby and
joined. A signed-in person seeks as his account (the session cookie: such requests are taken only
from the server's own pages, :func:`~..middleware.same_origin`); a guest may seek a casual game."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from ..hub import Hub
from ..hub.pairing import JoinSpec, SeekListed, SeekMade, SeekSpec, SeekState
from .accounts import signed_in
from .callers import client_of
from .creator import key_of

__all__ = ["pairing_routes"]


def pairing_routes(hub: Hub) -> APIRouter:
    routes = APIRouter()

    @routes.post("/api/seeks", status_code=201)
    async def seek(spec: SeekSpec, request: Request) -> SeekMade:
        account = await signed_in(hub, request)
        return await hub.make_seek(spec, account, client_of(hub, request))

    @routes.get("/api/seeks")
    async def open_seeks() -> list[SeekListed]:
        return await hub.listed_seeks()

    @routes.get("/api/seeks/{seek_id}")
    async def my_seek(seek_id: str, request: Request) -> SeekState:
        return await hub.seek_state(seek_id, key_of(request))

    @routes.delete("/api/seeks/{seek_id}", status_code=204)
    async def cancel(seek_id: str, request: Request) -> Response:
        await hub.cancel_seek(seek_id, key_of(request))
        return Response(status_code=204)

    @routes.post("/api/seeks/{seek_id}/join", status_code=201)
    async def join(seek_id: str, request: Request, given: JoinSpec | None = None) -> SeekMade:
        account = await signed_in(hub, request)
        return await hub.join_seek(seek_id, given or JoinSpec(), account, client_of(hub, request))

    return routes
