"""The web server: the lobby's REST API, one websocket per seat, the pages, the metrics.

:func:`create_app` builds the FastAPI app around a :class:`~boneyard.apps.server.hub.Hub`, which
holds every table in play, their connections and the store, and includes the routes of each
concern (:mod:`.routes`). Behind a trusted proxy (``Settings.forwarded_allow_ips``) each client is
known by the address the proxy gives, so that the limits apply to each client, not to the proxy.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from ... import __version__
from .hub import Hub
from .languages import Languages
from .middleware import Utf8Bodies, safety_headers, same_origin
from .routes.accounts import account_routes
from .routes.creator import creator_routes
from .routes.errors import add_error_handlers
from .routes.learn import learn_routes
from .routes.lobby import lobby_routes
from .routes.pages import STATIC, i18n_routes, page_routes
from .routes.pairing import pairing_routes
from .routes.play import play_routes
from .routes.profiles import profile_routes
from .routes.records import record_routes
from .routes.status import status_routes
from .routes.tournaments import tournament_routes
from .settings import Settings

__all__ = ["Hub", "Settings", "create_app"]


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server's app."""
    hub = Hub(settings or Settings())

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
    if hub.settings.forwarded_allow_ips:
        from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

        given = hub.settings.forwarded_allow_ips.split(",")
        trusted = [h.strip() for h in given if h.strip()]
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=trusted)
    app.add_middleware(Languages)
    app.middleware("http")(same_origin)
    app.middleware("http")(safety_headers)
    for routes in (
        status_routes(hub),
        account_routes(hub),
        lobby_routes(hub),
        pairing_routes(hub),
        creator_routes(hub),
        record_routes(hub),
        play_routes(hub),
        tournament_routes(hub),
        learn_routes(hub),
        profile_routes(hub),
        i18n_routes(),
        page_routes(),
    ):
        app.include_router(routes)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    add_error_handlers(app, hub)
    return app
