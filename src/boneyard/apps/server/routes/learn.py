"""Learning a game in the browser: how to play it (``/how/{game}``, its words from the game's own
presenter and options, and a table of a few moves drawn as the table page draws it) and the review
of a finished hand (what the seat's choices cost, from the analysis the hints use).

Both are generic: they read what every game offers (its summary, rule sets, options' help, its
presenter's intro, help lines and goal), never a particular game."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse

from ....core.actions import Action, Play
from ....core.match import Match
from ....core.options import OptionError
from ....core.protocol import GameRules
from ....core.words import Voice
from ....games import get_game
from ....players.agents import make_agent
from ....players.analysis import ReviewedMove, review_text
from ....text.i18n import _, current_language, use_language
from ..hub import Hub
from ..languages import option_title, web
from ..store import token_hash
from ..table import Seat
from ..table.drawing import line_view
from .callers import client_of, found
from .pages import page

__all__ = ["EXAMPLE_MOVES", "how_to_play", "learn_routes", "review_json"]

EXAMPLE_MOVES = 9
"""How many moves the example table of a game shows (the first of a seeded hand)."""


def how_to_play(game_id: str, rule_set: str | None = None) -> dict[str, Any]:
    """How to play a game, for a person: its title and summary, the rule set's description, how
    the match is won, the rules a person needs before playing and the help on its moves (its
    presenter's), each option with its help, and an example table: the first moves of a seeded
    hand between computer players, as the table page draws them; in the current language."""
    return _how_to_play(game_id, rule_set, current_language())


@lru_cache(maxsize=64)
def _how_to_play(game_id: str, rule_set: str | None, language: str) -> dict[str, Any]:
    with use_language(language):
        return _how(game_id, rule_set)


def _how(game_id: str, rule_set: str | None) -> dict[str, Any]:
    game = get_game(game_id)
    name = rule_set or game.default_rules
    if name not in game.rule_sets:
        raise OptionError(f"no rule set {name!r} of {game.title}")
    players = game.players_for(name)
    rules = game.configure(rules=name, players=players)
    presenter = rules.presenter
    names = [web("Player {n}").format(n=s + 1) for s in range(players)]
    voice = Voice.of(rules, None, names)
    match = Match(rules, seed=7)
    state = match.hand
    agent = make_agent("greedy")
    rng = random.Random(7)
    for _move in range(EXAMPLE_MOVES):
        if state.over:
            break
        state.apply(agent.choose(state.observation(state.turn), rng), state.turn)
    line = line_view(rules, list(state.history), state.table)
    return {
        "id": game.id,
        "title": _(game.title),
        "summary": _(game.summary),
        "rules": name,
        "rule_sets": [
            {
                "name": rs.name,
                "description": _(rs.description),
                "players": game.players_for(rs.name),
            }
            for rs in game.rule_sets.values()
        ],
        "players": {"min": game.min_players, "max": game.max_players},
        "goal": presenter.goal(),
        "intro": presenter.intro(voice),
        "help": presenter.help_lines(),
        "options": [
            {
                "name": o["name"],
                "title": option_title(o["name"]),
                "help": _(o["help"]),
                "value": o["value"],
            }
            for o in game.describe_options(name)
        ],
        "example": {
            "moves": len(state.history),
            "names": names,
            "line": line.model_dump(),
        },
    }


def learn_routes(hub: Hub) -> APIRouter:
    routes = APIRouter()

    @routes.get("/how/{game_id}", include_in_schema=False)
    async def how_page(game_id: str, request: Request) -> HTMLResponse:
        return page("how.html", request)

    @routes.get("/api/how/{game_id}")
    async def how(game_id: str, rules: str | None = None) -> dict[str, Any]:
        try:
            return await asyncio.to_thread(how_to_play, game_id, rules)
        except OptionError as e:
            raise HTTPException(404, str(e)) from None

    @routes.get("/api/tables/{table_id}/review/{hand}")
    async def review(
        table_id: str, hand: int, request: Request, seat: int | None = None
    ) -> dict[str, Any]:
        """The review of a seat's choices in a finished hand: for the seat's own person (the
        seat's token, ``Authorization: Bearer TOKEN``), or for anyone where every hand is shown
        once a hand is over (``seat``)."""
        room = await found(hub, table_id)
        table = room.table
        hands = table.match.hands
        if not 1 <= hand <= len(hands) or not hands[hand - 1].over:
            raise HTTPException(404, web("hand {hand} is not finished").format(hand=hand))
        reader = _reader(table.seats, request.headers.get("authorization"))
        if reader is None:
            if seat is None or not table.rules.shows_hands_at_end:
                raise HTTPException(403, web("only a seat's own player may see its review here"))
            if not 0 <= seat < len(table.seats):
                raise HTTPException(404, web("no seat {seat}").format(seat=seat + 1))
            reader = seat
        key = (table.id, hand, reader, current_language())
        made = _REVIEWS.get(key)
        if made is None:
            state = hands[hand - 1]
            try:
                reviewed = await hub.compute.review("hint", client_of(hub, request), state, reader)
            except Exception:
                raise HTTPException(
                    503, web("the review could not be worked out: try again")
                ) from None
            made = _REVIEWS[key] = review_json(table.rules, hand, reader, table.seats, reviewed)
            while len(_REVIEWS) > 256:
                _REVIEWS.pop(next(iter(_REVIEWS)))
        return made

    return routes


_REVIEWS: dict[tuple[str, int, int, str], dict[str, Any]] = {}
"""Reviews already worked out (a finished hand's review never changes), the last 256."""


def _reader(seats: Sequence[Seat], authorization: str | None) -> int | None:
    """The seat whose token the request carries, if any."""
    if not authorization or not authorization.lower().startswith("bearer "):
        return None
    hashed = token_hash(authorization[7:].strip())
    return next((s.seat for s in seats if s.token_hash == hashed), None)


def _said(rules: GameRules, action: Action) -> str:
    """A move in the notation (``6-4 R``), its end named as a person reads it (Mexican Train's
    first train ``T1``, not the notation's ``T0``)."""
    words = rules.format_action(action).split(" ")
    if isinstance(action, Play) and action.end is not None and len(words) > 1:
        words[1] = rules.presenter.end_word(words[1])
    return " ".join(words)


def review_json(
    rules: GameRules, hand: int, seat: int, seats: Sequence[Seat], reviewed: Sequence[ReviewedMove]
) -> dict[str, Any]:
    """A review for the page: each decision with the move played and the best, their values,
    what the choice cost give or take its margin (a cost within its margin is no sure loss), and
    the total."""
    moves = [
        {
            "number": r.number,
            "played": _said(rules, r.played),
            "best": _said(rules, r.best),
            "played_value": round(r.played_value, 2),
            "best_value": round(r.best_value, 2),
            "loss": round(r.loss, 2),
            "margin": round(r.loss_margin, 2),
            "even": r.loss <= max(r.loss_margin, 0.05),
            "reason": r.reason,
        }
        for r in reviewed
    ]
    return {
        "hand": hand,
        "seat": seat,
        "name": seats[seat].name,
        "moves": moves,
        "decisions": len(moves),
        "total": round(sum(r.loss for r in reviewed), 2),
        "text": review_text(reviewed, end_word=rules.presenter.end_word).split("\n"),
    }
