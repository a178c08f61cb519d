"""How the app answers what goes wrong: a store it cannot read (``503``), a table another
process plays (the request relayed there), a body of the wrong shape or with text refused where
it entered (``422``, ``400``).

A ``422`` keeps FastAPI's ``detail`` (each problem's ``type``, ``loc`` and ``msg``, Pydantic's
English: the machine-readable fields) and adds each problem's ``message`` and the whole answer's
``message`` in the reader's language (:func:`invalid_words`)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import ValidationError

from ..hub import Elsewhere, Hub, Unavailable
from ..languages import web
from ..relay import relay_request
from .callers import relay_to, relayed

__all__ = ["add_error_handlers", "invalid_words"]


def add_error_handlers(app: FastAPI, hub: Hub) -> None:
    @app.exception_handler(Unavailable)
    async def unavailable(request: Request, exc: Unavailable) -> JSONResponse:
        return JSONResponse(
            {"detail": web("the store is unavailable ({cause}): try again").format(cause=exc)},
            status_code=503,
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
        detail = [
            {**{k: e[k] for k in ("type", "loc", "msg") if k in e}, "message": invalid_words(e)}
            for e in errors
        ]
        message = " ".join(d["message"] for d in detail)
        return JSONResponse({"detail": detail, "message": message}, status_code=422)

    @app.exception_handler(ValidationError)
    async def validation(request: Request, exc: ValidationError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=422)


async def _relayed_answer(hub: Hub, request: Request, address: str) -> Response:
    """The answer of the process at ``address`` to this request (``503`` if it cannot be
    reached, or if the request was relayed already: the leases are changing hands)."""
    if relayed(hub, request):
        return JSONResponse(
            {"detail": web("the table is changing hands: try again")}, status_code=503
        )
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
            {"detail": web("the table's server process is unreachable: try again")},
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
    if not place:
        return str(error["msg"])
    return web("the body's {place}: {reason}").format(place=place, reason=error["msg"])


def _field(error: Any) -> str:
    """Where a problem is in the request (``seats[0].name``), or ``""`` for the body itself."""
    return "".join(
        f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.get("loc", ())[1:]
    ).lstrip(".")


def invalid_words(error: Any) -> str:
    """One problem of a request of the wrong shape (a Pydantic error: its ``type``, ``loc`` and
    ``ctx``), in one sentence in the reader's language."""
    kind = str(error.get("type", ""))
    context = error.get("ctx") or {}
    field = "" if kind == "json_invalid" else _field(error)  # its place: a byte's
    if not field:
        if kind == "missing":
            return web("The request has no body.")
        if kind == "json_invalid":
            return web("The body is not valid JSON.")
        if kind in ("dict_type", "model_type", "model_attributes_type"):
            return web("The body must be a JSON object.")
        return web("The body is not accepted here.")
    if kind == "missing":
        text = web("The field {field} is missing.")
    elif kind in ("string_type", "string_unicode"):
        text = web("The field {field} must be a text.")
    elif kind in ("int_type", "int_parsing", "int_from_float"):
        text = web("The field {field} must be a whole number.")
    elif kind in ("float_type", "float_parsing", "decimal_type", "decimal_parsing"):
        text = web("The field {field} must be a number.")
    elif kind in ("bool_type", "bool_parsing"):
        text = web("The field {field} must be true or false.")
    elif kind in ("list_type", "tuple_type", "set_type"):
        text = web("The field {field} must be a list.")
    elif kind in ("dict_type", "model_type", "model_attributes_type"):
        text = web("The field {field} must be a JSON object.")
    elif kind == "string_too_short":
        text = web("The field {field} is too short (at the least: {min_length}).")
    elif kind == "string_too_long":
        text = web("The field {field} is too long (at the most: {max_length}).")
    elif kind == "too_short":
        text = web("The field {field} has too few items (at the least: {min_length}).")
    elif kind == "too_long":
        text = web("The field {field} has too many items (at the most: {max_length}).")
    elif kind == "greater_than_equal":
        text = web("The field {field} must be {ge} or more.")
    elif kind == "greater_than":
        text = web("The field {field} must be more than {gt}.")
    elif kind == "less_than_equal":
        text = web("The field {field} must be {le} or less.")
    elif kind == "less_than":
        text = web("The field {field} must be less than {lt}.")
    elif kind in ("literal_error", "enum"):
        text = web("The field {field} is not one of the values it takes.")
    elif kind == "string_pattern_mismatch":
        text = web("The field {field} is not written as it must be.")
    elif kind == "extra_forbidden":
        text = web("The field {field} is not one this request takes.")
    else:
        text = web("The field {field} has a value that is not accepted here.")
    numbers = {
        k: v
        for k, v in context.items()
        if k in ("min_length", "max_length", "ge", "gt", "le", "lt")
    }
    try:
        return text.format(field=field, **numbers)
    except (KeyError, IndexError, ValueError):
        return web("The field {field} has a value that is not accepted here.").format(field=field)
