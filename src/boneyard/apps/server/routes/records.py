"""Records: a table's record to download and its replay, and any record sent replayed."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse

from ....core.i18n import _
from ....core.intake import TextError, decode_utf8
from ....core.record import RecordError
from ..hub import Hub, Room
from ..languages import web
from ..messages import TooDeep, load_json
from ..replay import replay_frames
from .callers import found

__all__ = ["MAX_RECORD_BYTES", "MAX_RECORD_DEPTH", "record_routes"]

MAX_RECORD_BYTES = 2_000_000
MAX_RECORD_DEPTH = 32
"""How deeply a record sent to replay may nest (a record nests 4 deep, its ``meta`` a little
more)."""


def record_routes(hub: Hub) -> APIRouter:
    routes = APIRouter()

    async def unsealed(table_id: str) -> Room:
        """The table, unless it plays a tournament's duplicate deals whose round goes on
        (``403``): the other tables of the round hold the same tiles."""
        room = await found(hub, table_id)
        if room.table.boards is not None and await asyncio.to_thread(hub.store.sealed, table_id):
            raise HTTPException(
                403,
                "this table plays a tournament's duplicate deals: its record is shown once every "
                "table of its round is over",
            )
        return room

    @routes.get("/api/tables/{table_id}/record")
    async def table_record(table_id: str) -> JSONResponse:
        room = await unsealed(table_id)
        return JSONResponse(
            room.table.public_record(),
            headers={"Content-Disposition": f'attachment; filename="boneyard-{table_id}.json"'},
        )

    @routes.get("/api/tables/{table_id}/replay")
    async def table_replay(table_id: str) -> dict[str, Any]:
        room = await unsealed(table_id)
        record = room.table.public_record()
        record.pop("meta", None)
        return await asyncio.to_thread(replay_frames, record)

    @routes.post("/api/replay")
    async def replay(request: Request) -> dict[str, Any]:
        record = await _read_record(request)
        try:
            return await asyncio.to_thread(replay_frames, record)
        except (RecordError, ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
            raise HTTPException(400, web("not a valid record: {reason}").format(reason=e)) from None

    return routes


async def _read_record(request: Request) -> dict[str, Any]:
    """The record a request's body holds (its bytes checked here, within their limit), or
    ``400``/``413`` saying why not."""
    body = await _read_body(request, MAX_RECORD_BYTES)
    try:
        record = load_json(decode_utf8(body, _("the record")), MAX_RECORD_DEPTH)
    except TextError as e:
        raise HTTPException(400, str(e)) from None
    except TooDeep as e:
        raise HTTPException(400, web("not a record: {reason}").format(reason=e)) from None
    except ValueError:
        raise HTTPException(400, web("not JSON")) from None
    if not isinstance(record, dict):
        raise HTTPException(400, web("a record is a JSON object"))
    return record


async def _read_body(request: Request, limit: int) -> bytes:
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > limit:
        raise HTTPException(413, web("larger than {limit} bytes").format(limit=limit))
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise HTTPException(413, web("larger than {limit} bytes").format(limit=limit))
    return bytes(body)
