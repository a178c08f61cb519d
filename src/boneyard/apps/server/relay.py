"""Relaying a reader to the process that plays its table, when several processes share one
PostgreSQL store: a websocket is carried both ways (:func:`relay_websocket`), a request is made
again there and its answer returned (:func:`relay_request`).

A relayed request carries the store's shared secret (``RELAY_HEADER``) and the address of the
client it comes from (``CLIENT_HEADER``): the owner then applies its limits to that client, not to
the relaying process.
"""

from __future__ import annotations

import asyncio
import contextlib
import urllib.error
import urllib.request

from fastapi import WebSocket

__all__ = ["CLIENT_HEADER", "RELAY_HEADER", "relay_request", "relay_websocket"]

RELAY_HEADER = "x-boneyard-relay"
CLIENT_HEADER = "x-boneyard-client"
ACCOUNT_HEADER = "x-boneyard-account"
"""The account a relayed reader is signed in as (its id), as the relaying process found it."""
TIMEOUT = 10.0
"""Seconds to reach the owner and have its answer (a websocket: to open it)."""


def relay_headers(secret: str, client: str) -> dict[str, str]:
    return {RELAY_HEADER: secret, CLIENT_HEADER: client}


async def relay_websocket(ws: WebSocket, url: str, headers: dict[str, str]) -> None:
    """Carry an accepted websocket's frames to ``url`` and back until either side closes; the
    owner's close code and reason are passed on. If the owner cannot be reached the reader's
    socket is closed with 1013 (try again later): its page reconnects."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    code, reason = 1000, ""
    try:
        async with connect(
            url,
            additional_headers=headers,
            open_timeout=TIMEOUT,
            max_size=65536,
            compression=None,
            ping_interval=20,
            ping_timeout=20,
        ) as upstream:

            async def down() -> None:
                async for message in upstream:
                    if isinstance(message, str):
                        await ws.send_text(message)
                    else:
                        await ws.send_bytes(message)

            async def up() -> None:
                while True:
                    message = await ws.receive()
                    if message["type"] == "websocket.disconnect":
                        return
                    if message.get("text") is not None:
                        await upstream.send(message["text"])
                    elif message.get("bytes") is not None:
                        await upstream.send(message["bytes"])

            tasks = [asyncio.ensure_future(down()), asyncio.ensure_future(up())]
            try:
                await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in tasks:
                    task.cancel()
                for task in tasks:
                    with contextlib.suppress(BaseException):
                        await task
            if upstream.close_code is not None:
                code, reason = upstream.close_code, upstream.close_reason or ""
    except (OSError, TimeoutError, ConnectionClosed) as e:
        code, reason = 1013, f"the table's server process is unreachable: {type(e).__name__}"
    except Exception as e:  # a refused handshake and the like
        code, reason = 1013, f"the table's server process refused: {type(e).__name__}"
    if code in (1005, 1006):  # no code, or an abnormal end: nothing a close frame may carry
        code = 1012
    with contextlib.suppress(Exception):
        await ws.close(code=code, reason=reason[:120])


def _fetch(
    method: str, url: str, body: bytes | None, headers: dict[str, str]
) -> tuple[int, str, bytes, dict[str, str]]:
    request = urllib.request.Request(url, data=body, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as r:
            return r.status, r.headers.get("content-type", ""), r.read(), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("content-type", ""), e.read(), dict(e.headers)


async def relay_request(
    method: str, url: str, body: bytes | None, headers: dict[str, str]
) -> tuple[int, str, bytes, dict[str, str]]:
    """Make a request again at the owner: its status, content type, body and headers (an
    ``OSError`` if it cannot be reached)."""
    return await asyncio.to_thread(_fetch, method, url, body, headers)
