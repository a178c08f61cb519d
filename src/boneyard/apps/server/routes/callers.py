"""Who a request comes from: a client's address (the one a relaying process of the same store
passes on, when it proves it is one), and the headers that relay a request to the process that
plays its table."""

from __future__ import annotations

import hmac

from fastapi import HTTPException, Request, WebSocket

from ....text.i18n import current_language
from ..hub import Elsewhere, Hub, Room
from ..languages import web
from ..messages import SeatLink
from ..relay import ACCOUNT_HEADER, CLIENT_HEADER, RELAY_HEADER, relay_headers, relay_request

__all__ = ["account_seat_link", "client_of", "found", "relay_to", "relayed", "relayed_account"]


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
    # The process that answers speaks the reader's language, as this one would.
    return {
        **relay_headers(hub.secret, client_of(hub, request)),
        "Accept-Language": current_language(),
    }


async def found(hub: Hub, table_id: str) -> Room:
    """The table of this id, or ``404``."""
    room = await hub.room(table_id)
    if room is None:
        raise HTTPException(404, web("no such table"))
    return room


def relayed_account(hub: Hub, request: Request) -> int | None:
    """The account another process of the store relayed this request for (``None``: not a
    relayed request); ``401`` if it names none."""
    if not relayed(hub, request):
        return None
    given = request.headers.get(ACCOUNT_HEADER, "")
    if not given.isdigit():
        raise HTTPException(401, web("not signed in"))
    return int(given)


async def account_seat_link(hub: Hub, request: Request, table_id: str, account: int) -> SeatLink:
    """A new link to the seat of table ``table_id`` bound to ``account`` (its old link stops
    working), made by the process that plays the table (relayed there if it is another)."""
    try:
        room = await hub.room(table_id)
    except Elsewhere as e:
        if relayed(hub, request):
            raise HTTPException(503, web("the table is changing hands: try again")) from None
        headers = {**relay_to(hub, request), ACCOUNT_HEADER: str(account)}
        status, _, body, _ = await relay_request(
            "POST", e.address + request.url.path, None, headers
        )
        if status != 200:
            raise HTTPException(status, "the table's server process refused") from None
        return SeatLink.model_validate_json(body)
    if room is None:
        raise HTTPException(404, web("no such table"))
    return await hub.seat_link(room, account)
