"""The pages: the lobby, a table, the replay viewer, an account, a profile, the leaderboard, the
club tournaments (their files: ``static/``)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

__all__ = ["STATIC", "page_routes"]

STATIC = Path(__file__).parent.parent / "static"


def page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html")


def page_routes() -> APIRouter:
    routes = APIRouter(include_in_schema=False)

    @routes.get("/")
    async def lobby() -> FileResponse:
        return page("index.html")

    @routes.get("/t/{table_id}")
    async def table_page(table_id: str) -> FileResponse:
        return page("table.html")

    @routes.get("/account")
    async def account_page() -> FileResponse:
        return page("account.html")

    @routes.get("/tournaments")
    async def tournaments_page() -> FileResponse:
        return page("tournaments.html")

    @routes.get("/@/{name}")
    async def profile_page(name: str) -> FileResponse:
        return page("profile.html")

    @routes.get("/leaderboard")
    async def leaderboard_page() -> FileResponse:
        return page("leaderboard.html")

    @routes.get("/replay")
    async def replay_page() -> FileResponse:
        return page("replay.html")

    return routes
