"""Who a request comes from: a client's address (the one a relaying process of the same store
passes on, when it proves it is one), and the headers that relay a request to the process that
plays its table."""

from __future__ import annotations

import hmac

from fastapi import HTTPException, Request, WebSocket

from ..hub import Hub, Room
from ..relay import CLIENT_HEADER, RELAY_HEADER, relay_headers

__all__ = ["client_of", "found", "relay_to", "relayed"]


def relayed(hub: Hub, request: Request | WebSocket) -> bool:
    """Whether another process of the store relayed this request (it says so with the store's
    secret)."""
    given = request.headers.get(RELAY_HEADER)
    return bool(given and hub.secret and hmac.compare_digest(given, hub.secret))


def client_of(hub: Hub, request: Request | WebSocket) -> str:
    """The client's address: the connection's, or the one a relaying process passes on."""
    address = request.client.host if request.client is not None else "?"
    if relayed(hub, request):
        return request.headers.get(CLIENT_HEADER, address)
    return address


def relay_to(hub: Hub, request: Request | WebSocket) -> dict[str, str]:
    """The headers of this request relayed to another process of the store."""
    assert hub.secret is not None
    return relay_headers(hub.secret, client_of(hub, request))


async def found(hub: Hub, table_id: str) -> Room:
    """The table of this id, or ``404``."""
    room = await hub.room(table_id)
    if room is None:
        raise HTTPException(404, "no such table")
    return room
