"""What wraps every request: a JSON body checked as UTF-8 where it enters (:class:`Utf8Bodies`),
and the headers every answer carries (:func:`safety_headers`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import Request
from fastapi.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...core.i18n import _
from ...core.intake import TextError, decode_utf8
from .accounts import COOKIE

__all__ = ["Utf8Bodies", "safety_headers", "same_origin"]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
"""'self' covers the page's own origin, its websockets included (ws: and wss: to the same host
and port, CSP level 3), and nothing else."""


async def safety_headers(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    """No sniffing, no referrer, no frames; the pages' content policy, never cached."""
    response = await call_next(request)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("X-Frame-Options", "DENY")
    html = response.headers.get("content-type", "").startswith("text/html")
    # FastAPI's own API page (/api/docs) loads Swagger UI from its CDN: not ours to police.
    if html and request.url.path != "/api/docs":
        response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
        response.headers["Cache-Control"] = "no-cache"
    return response


async def same_origin(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    """A request that may change something (not ``GET``, ``HEAD``, ``OPTIONS``) and carries a
    session cookie is taken only from the server's own pages: its ``Origin`` is the server's own,
    or (the pages send ``Origin: null`` under their ``no-referrer`` policy) the browser says
    ``Sec-Fetch-Site: same-origin``, a header no page can set. Anything else is ``403``, before
    any route sees it (SameSite=Lax already keeps the cookie off most cross-site requests)."""
    if request.method in SAFE_METHODS or COOKIE not in request.cookies:
        return await call_next(request)
    origin = request.headers.get("origin")
    own = f"{request.url.scheme}://{request.url.netloc}"
    fetched = request.headers.get("sec-fetch-site")
    if origin == own or (origin in (None, "null") and fetched == "same-origin"):
        return await call_next(request)
    # Outside the language's middleware (it runs first): the reader's language asked here.
    from ...text.i18n import use_language
    from .languages import language_of, web

    with use_language(language_of(request)):
        refused = web("a request from another site with a session cookie: refused")
    return JSONResponse({"detail": refused}, status_code=403)


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
            decode_utf8(body, _("the body"))
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
