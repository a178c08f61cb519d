"""What the server is and does: its health, its metrics (as JSON, and in Prometheus' text
format), the games it offers and its protocol."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse, PlainTextResponse

from .... import __version__
from ....core.options import OptionSpec
from ....games import GAMES, get_game
from ....text.i18n import _
from ..hub import Hub
from ..languages import level_title, option_title
from ..messages import PROTOCOL, schema
from ..table import level_names

__all__ = ["prometheus_text", "status_routes"]


def status_routes(hub: Hub) -> APIRouter:
    routes = APIRouter()

    @routes.get("/healthz")
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

    @routes.get("/metrics", include_in_schema=False)
    async def metrics() -> PlainTextResponse:
        return PlainTextResponse(
            prometheus_text(hub.metrics()), media_type="text/plain; version=0.0.4"
        )

    @routes.get("/api/metrics")
    async def metrics_json() -> dict[str, Any]:
        return hub.metrics()

    @routes.get("/api/games")
    async def games() -> dict[str, Any]:
        return {
            "games": [_game_json(g.id) for g in GAMES.values()],
            "levels": list(hub.levels),
            "level_names": {
                level: level_title(name) for level, name in level_names(hub.levels).items()
            },
            "level_ratings": level_ratings(hub.levels),
            "clock": hub.settings.clock,
        }

    @routes.get("/api/protocol")
    async def protocol() -> dict[str, Any]:
        return schema()

    return routes


def level_ratings(levels: Any) -> dict[str, dict[str, int]]:
    """Each measured game's levels' ratings, to the nearest ten (:mod:`boneyard.players.ladder`;
    the lobby gives a game not measured two-player Block's)."""
    from ....players import ladder

    out: dict[str, dict[str, int]] = {}
    for game in ladder.games():
        found = {level: ladder.rating(game, level) for level in levels}
        out[game] = {level: ladder.about(r.rating) for level, r in found.items() if r is not None}
    return out


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
    for name, kind, help in _ONE_VALUE:
        metric(name, kind, help, [("", metrics[name.removesuffix("_total")])])
    metric(
        "refused_total",
        "counter",
        "Messages refused, by error code.",
        [(f'{{code="{c}"}}', n) for c, n in sorted(metrics["refused"].items())],
    )
    compute = metrics["compute"]
    for key, kind, help in _BY_LANE:
        name = f"compute_{key}" + (
            "_total" if kind == "counter" and key in ("done", "failed") else ""
        )
        metric(name, kind, help, [(f'{{lane="{lane}"}}', c[key]) for lane, c in compute.items()])
    return "\n".join(lines) + "\n"


_ONE_VALUE = (
    # The metric, its kind and its help; its key in Hub.metrics() is its name without _total.
    ("tables_computers_only", "gauge", "Tables in play where only computers sit."),
    ("seats_away", "gauge", "People's seats a computer plays."),
    ("connections", "gauge", "Open websockets."),
    ("players_connected", "gauge", "Seats held by a connection."),
    ("clients", "gauge", "Clients (addresses) connected."),
    ("moves_total", "counter", "Moves made since the start."),
    ("computer_moves_total", "counter", "Moves made by computers since the start."),
    ("moves_per_second", "gauge", "Moves per second over the last minute."),
    ("hints_total", "counter", "Hints given."),
    ("tables_closed_total", "counter", "Tables closed."),
)
_BY_LANE = (
    ("waiting", "gauge", "Computer jobs waiting for a worker, by lane."),
    ("running", "gauge", "Computer jobs in a worker, by lane."),
    ("done", "counter", "Computer jobs done, by lane."),
    ("failed", "counter", "Computer jobs failed, by lane."),
    ("wait_seconds", "counter", "Seconds computer jobs waited for a worker, by lane."),
    ("run_seconds", "counter", "Seconds computer jobs took in a worker, by lane."),
)


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
        "title": _(game.title),
        "summary": _(game.summary),
        "aliases": list(game.aliases),
        "rule_sets": [
            {
                "name": rs.name,
                "description": _(rs.description),
                "default": rs.name == game.default_rules,
                "players": game.players_for(rs.name),
                "options": [
                    {
                        **o,
                        "title": option_title(o["name"]),
                        "help": _(o["help"]),
                        "choices": _choices(game.spec(o["name"])),
                    }
                    for o in game.describe_options(rs.name)
                ],
            }
            for rs in game.rule_sets.values()
        ],
        "players": {"min": game.min_players, "max": game.max_players},
    }
