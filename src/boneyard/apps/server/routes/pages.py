"""The pages: the lobby, a table, the replay viewer, an account, a profile, the leaderboard, the
club tournaments (their files: ``static/``), each in its reader's language (:mod:`..languages`);
and the catalogs of the pages' words for the browser."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from ....text.i18n import LANGUAGES, catalog_for_browser
from ..languages import browser_script, chosen_language, language_of, translated_page

__all__ = ["STATIC", "i18n_routes", "page", "page_routes"]

STATIC = Path(__file__).parent.parent / "static"


def page(name: str, request: Request) -> HTMLResponse:
    """The page ``name`` in the language of ``request``."""
    return HTMLResponse(
        translated_page(name, language_of(request)),
        headers={"Vary": "Cookie, Accept-Language"},
    )


def _language(tag: str) -> str:
    """A language asked for by name: any other than boneyard's is English (never an error)."""
    return chosen_language(tag) or "en"


def page_routes() -> APIRouter:
    routes = APIRouter(include_in_schema=False)

    @routes.get("/")
    async def lobby(request: Request) -> HTMLResponse:
        return page("index.html", request)

    @routes.get("/t/{table_id}")
    async def table_page(table_id: str, request: Request) -> HTMLResponse:
        return page("table.html", request)

    @routes.get("/account")
    async def account_page(request: Request) -> HTMLResponse:
        return page("account.html", request)

    @routes.get("/tournaments")
    async def tournaments_page(request: Request) -> HTMLResponse:
        return page("tournaments.html", request)

    @routes.get("/@/{name}")
    async def profile_page(name: str, request: Request) -> HTMLResponse:
        return page("profile.html", request)

    @routes.get("/leaderboard")
    async def leaderboard_page(request: Request) -> HTMLResponse:
        return page("leaderboard.html", request)

    @routes.get("/replay")
    async def replay_page(request: Request) -> HTMLResponse:
        return page("replay.html", request)

    @routes.get("/i18n/{tag}.js")
    async def catalog_script(tag: str) -> Response:
        """A page's catalog as a script (``window.BONEYARD_I18N``), loaded before its own."""
        return Response(
            browser_script(_language(tag)),
            media_type="text/javascript; charset=utf-8",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    return routes


def i18n_routes() -> APIRouter:
    routes = APIRouter()

    @routes.get("/api/i18n")
    async def languages(request: Request) -> dict[str, Any]:
        """The languages boneyard speaks, and the one this request reads."""
        return {"languages": LANGUAGES, "language": language_of(request)}

    @routes.get("/api/i18n/{tag}")
    async def catalog(tag: str) -> Response:
        """The ``web`` catalog of a language, as the pages read it: its messages (a list of
        forms for a plural one) and its plural rule; English (no messages) for a language
        boneyard does not speak."""
        return Response(
            _catalog_json(_language(tag)),
            media_type="application/json",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    return routes


def _catalog_json(tag: str) -> str:
    return json.dumps(catalog_for_browser(tag, "web"), ensure_ascii=False, sort_keys=True)
