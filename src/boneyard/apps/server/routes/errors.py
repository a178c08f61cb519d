"""How the app answers what goes wrong: a store it cannot read (``503``), a table another
process plays (the request relayed there), a body of the wrong shape or with text refused where
it entered (``422``, ``400``)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import ValidationError

from ..hub import Elsewhere, Hub, Unavailable
from ..relay import relay_request
from .callers import relay_to, relayed

__all__ = ["add_error_handlers"]


def add_error_handlers(app: FastAPI, hub: Hub) -> None:
    @app.exception_handler(Unavailable)
    async def unavailable(request: Request, exc: Unavailable) -> JSONResponse:
        return JSONResponse(
            {"detail": f"the store is unavailable ({exc}): try again"}, status_code=503
        )

    @app.exception_handler(Elsewhere)
    async def elsewhere(request: Request, exc: Elsewhere) -> Response:
        """A table another process plays: ask it, and pass its answer on."""
        return await _relayed_answer(hub, request, exc.address)

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


async def _relayed_answer(hub: Hub, request: Request, address: str) -> Response:
    """The answer of the process at ``address`` to this request (``503`` if it cannot be
    reached, or if the request was relayed already: the leases are changing hands)."""
    if relayed(hub, request):
        return JSONResponse({"detail": "the table is changing hands: try again"}, status_code=503)
    headers = relay_to(hub, request)
    for name in ("content-type", "authorization"):
        if name in request.headers:
            headers[name] = request.headers[name]
    url = address + request.url.path
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


def _problem(error: Any) -> str:
    """One refused text in words, with its place in the body when the sentence does not name
    it (``the body's seats[0].name: a name shows nothing...``)."""
    place = "".join(
        f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.get("loc", ())[1:]
    ).lstrip(".")
    return f"the body's {place}: {error['msg']}" if place else str(error["msg"])
