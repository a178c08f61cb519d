"""The web server: the lobby's REST API, one websocket per seat, the pages, the metrics.

:func:`create_app` builds the FastAPI app around a :class:`~boneyard.apps.server.hub.Hub`, which
holds every table in play, their connections and the store. Behind a trusted proxy
(``Settings.forwarded_allow_ips``) each client is known by the address the proxy gives, so that the
limits apply to each client, not to the proxy.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import Field, ValidationError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ... import __version__
from ...core.intake import TextError, decode_utf8
from ...core.options import OptionSpec
from ...core.record import RecordError
from ...games import GAMES, get_game
from .hub import Conn, Elsewhere, Hub, Unavailable
from .messages import (
    PROTOCOL,
    Body,
    CreateTable,
    SeatLink,
    TableCreated,
    TableSummary,
    TooDeep,
    load_json,
    schema,
)
from .relay import RELAY_HEADER, relay_headers, relay_request, relay_websocket
from .replay import replay_frames
from .settings import Settings
from .table import STAND_IN, level_names

__all__ = ["Hub", "Settings", "create_app"]

log = logging.getLogger("boneyard.server")

STATIC = Path(__file__).parent / "static"
MAX_RECORD_BYTES = 2_000_000
MAX_RECORD_DEPTH = 32
"""How deeply a record sent to replay may nest (a record nests 4 deep, its ``meta`` a little
more)."""


class FreeSeat(Body):
    """The computer level that takes a freed seat."""

    level: Annotated[str, Field(max_length=300)] = STAND_IN


# --------------------------------------------------------------------- the app
def create_app(settings: Settings | None = None) -> FastAPI:
    """The server's app."""
    settings = settings or Settings()
    hub = Hub(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(
        title="boneyard",
        version=__version__,
        lifespan=lifespan,
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.hub = hub
    # A record to replay is read (and its bytes checked) by its own route, within its limit.
    app.add_middleware(Utf8Bodies, skip=("/api/replay",))
    if settings.forwarded_allow_ips:
        from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

        trusted = [h.strip() for h in settings.forwarded_allow_ips.split(",") if h.strip()]
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=trusted)

    @app.middleware("http")
    async def headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Frame-Options", "DENY")
        html = response.headers.get("content-type", "").startswith("text/html")
        # FastAPI's own API page (/api/docs) loads Swagger UI from its CDN: not ours to police.
        if html and request.url.path != "/api/docs":
            # 'self' covers the page's own origin, its websockets included (ws: and wss: to the
            # same host and port, CSP level 3), and nothing else.
            response.headers["Content-Security-Policy"] = (
                "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
            )
            response.headers["Cache-Control"] = "no-cache"
        return response

    def relayed(request: Request | WebSocket) -> bool:
        """Whether another process of the store relayed this request (it says so with the
        store's secret)."""
        given = request.headers.get(RELAY_HEADER)
        return bool(given and hub.secret and hmac.compare_digest(given, hub.secret))

    def client_of(request: Request | WebSocket) -> str:
        address = request.client.host if request.client is not None else "?"
        if relayed(request):
            return request.headers.get("x-boneyard-client", address)
        return address

    def relay_to(request: Request | WebSocket) -> dict[str, str]:
        assert hub.secret is not None
        return relay_headers(hub.secret, client_of(request))

    @app.get("/healthz")
    async def healthz() -> JSONResponse:
        why = await hub.health()
        body: dict[str, Any] = {
            "status": "ok" if why is None else "store unavailable",
            "version": __version__,
            "protocol": PROTOCOL,
            "tables": len(hub.rooms),
            "moves": hub.moves,
        }
        if why is not None:
            body["cause"] = why
        return JSONResponse(body, status_code=200 if why is None else 503)

    @app.get("/metrics", include_in_schema=False)
    async def metrics() -> PlainTextResponse:
        return PlainTextResponse(
            prometheus_text(hub.metrics()), media_type="text/plain; version=0.0.4"
        )

    @app.get("/api/metrics")
    async def metrics_json() -> dict[str, Any]:
        return hub.metrics()

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return {
            "games": [_game_json(g.id) for g in GAMES.values()],
            "levels": list(hub.levels),
            "level_names": level_names(hub.levels),
            "clock": settings.clock,
        }

    @app.get("/api/protocol")
    async def protocol() -> dict[str, Any]:
        return schema()

    @app.post("/api/tables", status_code=201)
    async def create_table(spec: CreateTable, request: Request) -> TableCreated:
        return await hub.create(spec, client_of(request))

    @app.get("/api/tables")
    async def list_tables(request: Request) -> dict[str, list[TableSummary]]:
        listing = await hub.listing()
        if hub.server is None or relayed(request):
            return listing
        # Several processes: the tables in play that the others hold too.
        try:
            peers = await asyncio.to_thread(hub.store.peers, hub.server, settings.lease)
        except Exception:
            peers = []
        asked = [relay_request("GET", f"{p}/api/tables", None, relay_to(request)) for p in peers]
        for answer in await asyncio.gather(*asked, return_exceptions=True):
            if isinstance(answer, BaseException) or answer[0] != 200:
                continue  # a process going away: its tables come back with another
            listing["open"] += [
                TableSummary.model_validate(t) for t in json.loads(answer[2])["open"]
            ]
        listing["open"] = sorted(listing["open"], key=lambda t: t.updated, reverse=True)[:100]
        return listing

    async def found(table_id: str) -> Any:
        room = await hub.room(table_id)
        if room is None:
            raise HTTPException(404, "no such table")
        return room

    def key_of(request: Request) -> str | None:
        given = request.headers.get("authorization", "")
        scheme, _, key = given.partition(" ")
        return key.strip() if scheme.lower() == "bearer" else None

    @app.get("/api/tables/{table_id}")
    async def table_summary(table_id: str) -> TableSummary:
        return hub.summary(await found(table_id))

    @app.post("/api/tables/{table_id}/seats/{seat}/invite")
    async def reissue_invite(table_id: str, seat: int, request: Request) -> SeatLink:
        room = await found(table_id)
        hub.creator_of(room, key_of(request))
        return await hub.reissue(room, seat)

    @app.post("/api/tables/{table_id}/seats/{seat}/free")
    async def free_seat(
        table_id: str, seat: int, request: Request, body: FreeSeat | None = None
    ) -> SeatLink:
        room = await found(table_id)
        hub.creator_of(room, key_of(request))
        return await hub.free(room, seat, (body or FreeSeat()).level)

    @app.post("/api/tables/{table_id}/close")
    async def close_table(table_id: str, request: Request) -> TableSummary:
        room = await found(table_id)
        hub.creator_of(room, key_of(request))
        if not await hub.close_table(room, "closed by its creator"):
            raise HTTPException(409, "the table's match is over already")
        return hub.summary(room)

    @app.get("/api/tables/{table_id}/record")
    async def table_record(table_id: str) -> JSONResponse:
        room = await found(table_id)
        return JSONResponse(
            room.table.public_record(),
            headers={"Content-Disposition": f'attachment; filename="boneyard-{table_id}.json"'},
        )

    @app.get("/api/tables/{table_id}/replay")
    async def table_replay(table_id: str) -> dict[str, Any]:
        room = await found(table_id)
        record = room.table.public_record()
        record.pop("meta", None)
        return await asyncio.to_thread(replay_frames, record)

    @app.post("/api/replay")
    async def replay(request: Request) -> dict[str, Any]:
        body = await _read_body(request, MAX_RECORD_BYTES)
        try:
            record = load_json(decode_utf8(body, "the record"), MAX_RECORD_DEPTH)
        except TextError as e:
            raise HTTPException(400, str(e)) from None
        except TooDeep as e:
            raise HTTPException(400, f"not a record: {e}") from None
        except ValueError:
            raise HTTPException(400, "not JSON") from None
        if not isinstance(record, dict):
            raise HTTPException(400, "a record is a JSON object")
        try:
            return await asyncio.to_thread(replay_frames, record)
        except (RecordError, ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
            raise HTTPException(400, f"not a valid record: {e}") from None

    @app.websocket("/ws/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        client = hub.client(client_of(ws))
        found: Any = None
        if client.connections < settings.connections:
            try:
                found = await hub.room(table_id)
            except Unavailable as e:
                found = e
            except Elsewhere as e:
                if relayed(ws):  # never relayed twice: the leases are changing hands
                    await ws.close(1013, "the table is changing hands: try again")
                    return
                client.connections += 1
                try:
                    url = "ws" + e.address.removeprefix("http") + f"/ws/{table_id}"
                    await relay_websocket(ws, url, relay_to(ws))
                finally:
                    client.connections -= 1
                return
        conn = Conn(ws, settings, client)
        pump = asyncio.ensure_future(conn.pump())
        client.connections += 1
        room = None
        try:
            if client.connections > settings.connections:
                hub.refuse(conn, "too_many", "too many connections from your address")
                return
            if isinstance(found, Unavailable):
                conn.error("storage", "the store is unavailable: try again")
                conn.close(1013, "the store is unavailable: try again")
                return
            room = found
            if room is None:
                conn.error("no_table", "no such table")
                return
            while not conn.closed:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if not conn.bucket.take():
                    conn.strikes += 1
                    hub.refuse(conn, "rate_limited", "too many messages: slow down")
                elif text is None:
                    conn.strikes += 1
                    hub.refuse(conn, "bad_message", "send text frames holding JSON")
                else:
                    await hub.handle(room, conn, text)
                if conn.strikes > settings.max_strikes:
                    conn.error("closed", "too many refused messages")
                    break
        finally:
            client.connections -= 1
            if room is not None:
                hub.leave(room, conn)
            conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pump, timeout=5)

    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, media_type="text/html")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return page("table.html")

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> FileResponse:
        return page("replay.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(Unavailable)
    async def unavailable(request: Request, exc: Unavailable) -> JSONResponse:
        return JSONResponse(
            {"detail": f"the store is unavailable ({exc}): try again"}, status_code=503
        )

    @app.exception_handler(Elsewhere)
    async def elsewhere(request: Request, exc: Elsewhere) -> Response:
        """A table another process plays: ask it, and pass its answer on."""
        if relayed(request):
            return JSONResponse(
                {"detail": "the table is changing hands: try again"}, status_code=503
            )
        headers = relay_to(request)
        for name in ("content-type", "authorization"):
            if name in request.headers:
                headers[name] = request.headers[name]
        url = exc.address + request.url.path
        if request.url.query:
            url += "?" + request.url.query
        try:
            status, kind, body, theirs = await relay_request(
                request.method, url, (await request.body()) or None, headers
            )
        except OSError:
            return JSONResponse(
                {"detail": "the table's server process is unreachable: try again"},
                status_code=503,
            )
        passed = {k: v for k, v in theirs.items() if k.lower() == "content-disposition"}
        return Response(body, status_code=status, media_type=kind or None, headers=passed)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        """A text refused where it entered (``bad_text``): ``400`` with its sentence; a body of
        the wrong shape: ``422`` with each problem's place and words (never the input, which
        may not even be encodable)."""
        errors = exc.errors()
        texts = [e for e in errors if e.get("type") == "bad_text"]
        if texts:
            return JSONResponse({"detail": "; ".join(_problem(e) for e in texts)}, status_code=400)
        detail = [{k: e[k] for k in ("type", "loc", "msg") if k in e} for e in errors]
        return JSONResponse({"detail": detail}, status_code=422)

    @app.exception_handler(ValidationError)
    async def validation(request: Request, exc: ValidationError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=422)

    return app


class Utf8Bodies:
    """A JSON body is UTF-8 text, checked where it enters: anything else (an overlong form, an
    encoded surrogate, a stray byte, another encoding) is answered ``400`` with the place of its
    first bad byte, before FastAPI's reader, which would take some of it (UTF-16, surrogates) and
    refuse the rest in other words. (Such a body is read whole by FastAPI anyway.)"""

    def __init__(self, app: ASGIApp, skip: tuple[str, ...] = ()) -> None:
        self.app = app
        self.skip = skip

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in self.skip or not _json(scope):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                await self.app(scope, receive, send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        try:
            decode_utf8(body, "the body")
        except TextError as e:
            await JSONResponse({"detail": str(e)}, status_code=400)(scope, receive, send)
            return
        given = False

        async def again() -> Message:
            nonlocal given
            if given:
                return await receive()
            given = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, again, send)


def _json(scope: Scope) -> bool:
    """Whether a request says its body is JSON (``application/json``, ``...+json``)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-type":
            kind = bytes(value).split(b";", 1)[0].strip().lower()
            return kind == b"application/json" or kind.endswith(b"+json")
    return False


def _problem(error: Any) -> str:
    """One refused text in words, with its place in the body when the sentence does not name
    it (``the body's seats[0].name: a name shows nothing...``)."""
    place = "".join(
        f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.get("loc", ())[1:]
    ).lstrip(".")
    return f"the body's {place}: {error['msg']}" if place else str(error["msg"])


async def _read_body(request: Request, limit: int) -> bytes:
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > limit:
        raise HTTPException(413, f"larger than {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise HTTPException(413, f"larger than {limit} bytes")
    return bytes(body)


def prometheus_text(metrics: dict[str, Any]) -> str:
    """The metrics in Prometheus' text format."""
    lines: list[str] = []

    def metric(name: str, kind: str, help: str, values: list[tuple[str, float]]) -> None:
        lines.append(f"# HELP boneyard_{name} {help}")
        lines.append(f"# TYPE boneyard_{name} {kind}")
        for labels, value in values:
            lines.append(f"boneyard_{name}{labels} {value:g}")

    metric(
        "tables",
        "gauge",
        "Tables in memory, by status.",
        [(f'{{status="{s}"}}', n) for s, n in sorted(metrics["tables"].items())],
    )
    metric(
        "tables_computers_only",
        "gauge",
        "Tables in play where only computers sit.",
        [("", metrics["tables_computers_only"])],
    )
    metric("seats_away", "gauge", "People's seats a computer plays.", [("", metrics["seats_away"])])
    metric("connections", "gauge", "Open websockets.", [("", metrics["connections"])])
    metric(
        "players_connected",
        "gauge",
        "Seats held by a connection.",
        [("", metrics["players_connected"])],
    )
    metric("clients", "gauge", "Clients (addresses) connected.", [("", metrics["clients"])])
    metric("moves_total", "counter", "Moves made since the start.", [("", metrics["moves"])])
    metric(
        "computer_moves_total",
        "counter",
        "Moves made by computers since the start.",
        [("", metrics["computer_moves"])],
    )
    metric(
        "moves_per_second",
        "gauge",
        "Moves per second over the last minute.",
        [("", metrics["moves_per_second"])],
    )
    metric("hints_total", "counter", "Hints given.", [("", metrics["hints"])])
    metric("tables_closed_total", "counter", "Tables closed.", [("", metrics["tables_closed"])])
    metric(
        "refused_total",
        "counter",
        "Messages refused, by error code.",
        [(f'{{code="{c}"}}', n) for c, n in sorted(metrics["refused"].items())],
    )
    compute = metrics["compute"]
    for key, kind, help in (
        ("waiting", "gauge", "Computer jobs waiting for a worker, by lane."),
        ("running", "gauge", "Computer jobs in a worker, by lane."),
        ("done", "counter", "Computer jobs done, by lane."),
        ("failed", "counter", "Computer jobs failed, by lane."),
        ("wait_seconds", "counter", "Seconds computer jobs waited for a worker, by lane."),
        ("run_seconds", "counter", "Seconds computer jobs took in a worker, by lane."),
    ):
        name = f"compute_{key}" + (
            "_total" if kind == "counter" and key in ("done", "failed") else ""
        )
        metric(name, kind, help, [(f'{{lane="{lane}"}}', c[key]) for lane, c in compute.items()])
    return "\n".join(lines) + "\n"


def _choices(spec: OptionSpec) -> list[str] | None:
    """The values of an option with a short list of them (the lobby offers them in a menu)."""
    if spec.kind == "bool":
        return ["true", "false"]
    if spec.kind == "choice" and not spec.param_choices:
        return list(spec.choices)
    return None


def _game_json(game_id: str) -> dict[str, Any]:
    game = get_game(game_id)
    return {
        "id": game.id,
        "title": game.title,
        "summary": game.summary,
        "aliases": list(game.aliases),
        "rule_sets": [
            {
                "name": rs.name,
                "description": rs.description,
                "default": rs.name == game.default_rules,
                "players": game.players_for(rs.name),
                "options": [
                    {**o, "choices": _choices(game.spec(o["name"]))}
                    for o in game.describe_options(rs.name)
                ],
            }
            for rs in game.rule_sets.values()
        ],
        "players": {"min": game.min_players, "max": game.max_players},
    }
