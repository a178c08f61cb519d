"""Ratings (docs/server.md, "Ratings"): a rating per person and game, moved by the end of each rated
match with OpenSkill's Plackett-Luce model (the ``openskill`` package), each side of the match a
team, ranked by the match's result.

A rating is OpenSkill's ``(mu, sigma)``: the skill believed and its uncertainty. People read it as
a number like the chess servers' (:class:`Rating`): ``value = 1500 + 60 (mu - 25)`` with a
deviation ``60 sigma``, so that a new player is 1500 ± 500; provisional until
:data:`PROVISIONAL_GAMES` rated games of that game.

>>> r = initial()
>>> r.value, r.deviation, r.games, r.provisional
(1500.0, 500.0, 0, True)
>>> [[ann], [bob]] = rate([[(r.mu, r.sigma)], [(r.mu, r.sigma)]], [0, 1])
>>> shown(*ann, games=1).value > 1500 > shown(*bob, games=1).value
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from openskill.models import PlackettLuce

__all__ = [
    "ACTIVE_FOR",
    "BASE",
    "MODEL",
    "PROVISIONAL_GAMES",
    "SCALE",
    "Rating",
    "initial",
    "rate",
    "shown",
]

MODEL = PlackettLuce()
"""OpenSkill's Plackett-Luce model with its defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300):
it takes any number of teams of any size, ranked with ties, at a cost linear in the teams."""

BASE = 1500.0
"""The displayed rating of OpenSkill's initial mu."""

SCALE = 60.0
"""Display points per unit of mu: a new player's sigma (25/3) shows as 500, as new players of the
chess servers' Glicko start at 1500 with a deviation of about that size."""

PROVISIONAL_GAMES = 10
"""A rating is provisional (shown with a ``?``, left off the leaderboard) until this many rated
games of its game."""

ACTIVE_FOR = timedelta(days=30)
"""The leaderboard lists those who played a rated game of its game within this time."""


@dataclass(frozen=True)
class Rating:
    """A person's rating in one game, as shown: ``value`` (about 1500 for a newcomer) with its
    ``deviation`` (the uncertainty, same scale), the rated ``games`` and ``wins`` behind it, and
    whether it is ``provisional``; ``mu`` and ``sigma`` are OpenSkill's own numbers."""

    value: float
    deviation: float
    games: int
    provisional: bool
    mu: float
    sigma: float
    wins: int = 0


def shown(mu: float, sigma: float, games: int = 0, wins: int = 0) -> Rating:
    """OpenSkill's ``(mu, sigma)`` after ``games`` rated games as people read it."""
    return Rating(
        value=round(BASE + SCALE * (mu - MODEL.mu), 1),
        deviation=round(SCALE * sigma, 1),
        games=games,
        provisional=games < PROVISIONAL_GAMES,
        mu=mu,
        sigma=sigma,
        wins=wins,
    )


def initial() -> Rating:
    """The rating of someone who has played no rated game of a game."""
    return shown(MODEL.mu, MODEL.sigma)


def rate(
    teams: Sequence[Sequence[tuple[float, float]]], ranks: Sequence[int]
) -> list[list[tuple[float, float]]]:
    """Each team's members' new ``(mu, sigma)`` after a match whose teams (each member's ``(mu,
    sigma)``) finished at these ``ranks`` (0 the best; equal ranks tie)."""
    if len(teams) != len(ranks) or len(teams) < 2:
        raise ValueError("a rated match needs a rank for each of at least two teams")
    rated = MODEL.rate(
        [[MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams],
        ranks=[float(r) for r in ranks],
    )
    return [[(p.mu, p.sigma) for p in team] for team in rated]
