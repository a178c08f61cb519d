"""One websocket per reader of a table: a seat's player or a spectator, its messages handed to
the hub; a reader of a table another process of the store plays is relayed there."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket

from ..hub import Client, Conn, Elsewhere, Hub, Room, Unavailable
from ..languages import web
from ..relay import ACCOUNT_HEADER, relay_websocket
from .accounts import signed_in
from .callers import client_of, relay_to, relayed

__all__ = ["play_routes"]


def play_routes(hub: Hub) -> APIRouter:
    routes = APIRouter()

    @routes.websocket("/ws/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        account = await _account_of(hub, ws)
        client = hub.client(client_of(hub, ws))
        found: Room | Unavailable | None = None
        if client.connections < hub.settings.connections:
            try:
                found = await hub.room(table_id)
            except Unavailable as e:
                found = e
            except Elsewhere as e:
                await _relay(hub, ws, client, e.address, table_id, account)
                return
        await _serve(hub, ws, client, found, account)

    return routes


async def _account_of(hub: Hub, ws: WebSocket) -> int | None:
    """The account a reader is signed in as: by its session cookie, on a websocket opened by the
    server's own pages (its ``Origin``), or as the relaying process of the store says."""
    if relayed(hub, ws):
        given = ws.headers.get(ACCOUNT_HEADER, "")
        return int(given) if given.isdigit() else None
    scheme = "https" if ws.url.scheme == "wss" else "http"
    if ws.headers.get("origin") != f"{scheme}://{ws.url.netloc}":
        return None
    try:
        account = await signed_in(hub, ws)
    except Exception:  # the store cannot say: the reader plays as a guest
        return None
    return None if account is None else account.id


async def _relay(
    hub: Hub, ws: WebSocket, client: Client, address: str, table_id: str, account: int | None
) -> None:
    """Carry the reader to the process at ``address``, which plays its table."""
    if relayed(hub, ws):  # never relayed twice: the leases are changing hands
        await ws.close(1013, "the table is changing hands: try again")
        return
    client.connections += 1
    try:
        url = "ws" + address.removeprefix("http") + f"/ws/{table_id}"
        headers = relay_to(hub, ws)
        if account is not None:
            headers[ACCOUNT_HEADER] = str(account)
        await relay_websocket(ws, url, headers)
    finally:
        client.connections -= 1


async def _serve(
    hub: Hub, ws: WebSocket, client: Client, found: Room | Unavailable | None, account: int | None
) -> None:
    """Read the reader's messages until it goes (or is refused too often), its answers sent
    by its connection's own task."""
    settings = hub.settings
    conn = Conn(ws, settings, client)
    conn.account = account
    if account is not None:
        with contextlib.suppress(Exception):  # the store cannot say: nobody is blocked
            conn.blocked = frozenset(await asyncio.to_thread(hub.store.blocked_by, account))
    pump = asyncio.ensure_future(conn.pump())
    client.connections += 1
    room = None
    try:
        if client.connections > settings.connections:
            hub.refuse(conn, "too_many", web("too many connections from your address"))
            return
        if isinstance(found, Unavailable):
            conn.error("storage", web("the store is unavailable: try again"))
            conn.close(1013, "the store is unavailable: try again")
            return
        room = found
        if room is None:
            conn.error("no_table", web("no such table"))
            return
        await _read(hub, ws, conn, room)
    finally:
        client.connections -= 1
        if room is not None:
            hub.leave(room, conn)
        conn.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(pump, timeout=5)


async def _read(hub: Hub, ws: WebSocket, conn: Conn, room: Room) -> None:
    """Hand each message to the hub, within the connection's limits."""
    while not conn.closed:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            break
        text = message.get("text")
        if not conn.bucket.take():
            conn.strikes += 1
            hub.refuse(conn, "rate_limited", web("too many messages: slow down"))
        elif text is None:
            conn.strikes += 1
            hub.refuse(conn, "bad_message", web("send text frames holding JSON"))
        else:
            await hub.handle(room, conn, text)
        if conn.strikes > hub.settings.max_strikes:
            conn.error("closed", web("too many refused messages"))
            break
