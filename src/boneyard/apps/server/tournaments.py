"""A club tournament's arithmetic, with nothing stored and nothing networked: who meets whom each
round (:func:`round_robin` by the circle method, :func:`swiss` by the Monrad system with
backtracking), each board's duplicate scores (:func:`duplicate_scores`), a table's result in
match points (:func:`table_points`) and the standings with their tie-breaks (:func:`standings`).

A *unit* is what the pairings pair: one person at a game of two players, a partnership of two at a
game of two sides of two. A round pairs the units two by two (a table: one unit per side); with an
odd number of units one sits out, a *bye*.

>>> round_robin(4)
[[(0, 3), (1, 2)], [(2, 0), (3, 1)], [(0, 1), (2, 3)]]
>>> swiss([0, 1, 2, 3], {frozenset((0, 1)), frozenset((2, 3))}, set())
([(0, 2), (1, 3)], None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = [
    "FORMATS",
    "Game",
    "Plan",
    "Standing",
    "checked_plan",
    "duplicate_scores",
    "round_robin",
    "rounds_of",
    "side_totals",
    "standings",
    "swiss",
    "table_points",
]

FORMATS = ("round_robin", "swiss")

Pair = tuple[int, int]
SEARCH_LIMIT = 200_000
"""How many steps the search for a Swiss round without rematches may take before it gives up
and allows them (never reached by a club's numbers)."""


def rounds_of(units: int) -> int:
    """The rounds of a round robin of ``units``: every unit meets every other once."""
    return units - 1 if units % 2 == 0 else units


def round_robin(units: int) -> list[list[Pair]]:
    """Every round of a round robin of ``units`` (at least 2) by the circle method: unit 0 stays
    put and the others turn around it one place a round. A round is its tables, each ``(side 0,
    side 1)``; with an odd number of units the one that would meet the missing unit sits out (a
    bye, left out of the round). Unit 0 changes sides every round; the others by their place."""
    if units < 2:
        raise ValueError("a round robin needs at least two")
    ring: list[int | None] = [*range(units), *([None] if units % 2 else [])]
    n = len(ring)
    schedule = []
    for r in range(n - 1):
        tables: list[Pair] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                continue
            tables.append((b, a) if (i == 0 and r % 2) else (a, b))
        schedule.append(tables)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return schedule


def swiss(
    ranked: Sequence[int], met: set[frozenset[int]], byes: set[int]
) -> tuple[list[Pair], int | None]:
    """One Swiss round: the tables and the unit with the bye (``None`` with an even number).

    ``ranked``: the units in the order of the standings so far (the first round: in the order
    they entered). The bye goes to the lowest placed unit that has not had one (if all have, the
    lowest placed). Then the Monrad system: in standings order, each unpaired unit meets the
    highest placed unpaired unit it has not met (``met``: the pairs met already); a dead end is
    backed out of, depth first, so that rematches happen only when no pairing avoids them (then
    the same search allows them). The higher placed unit of a table sits on side 0."""
    order = list(ranked)
    bye = None
    if len(order) % 2:
        free = [u for u in order if u not in byes] or order
        bye = free[-1]
        order.remove(bye)
    for allowed in (met, set[frozenset[int]]()):
        found = _pair(order, allowed)
        if found is not None:
            return found, bye
    raise AssertionError("any pairing is allowed on the second search")  # pragma: no cover


def _pair(order: list[int], met: set[frozenset[int]]) -> list[Pair] | None:
    """Pair ``order`` (ranked) with no pair of ``met``, depth first; ``None`` if impossible."""
    steps = 0
    place = {u: i for i, u in enumerate(order)}

    def search(left: list[int]) -> list[Pair] | None:
        nonlocal steps
        if not left:
            return []
        steps += 1
        if steps > SEARCH_LIMIT:
            return None
        first, rest = left[0], left[1:]
        for i, other in enumerate(rest):
            if frozenset((first, other)) in met:
                continue
            found = search(rest[:i] + rest[i + 1 :])
            if found is not None:
                a, b = sorted((first, other), key=place.__getitem__)
                return [(a, b), *found]
        return None

    return search(order)


# ----------------------------------------------------------------- boards and tables scored
BoardPoints = tuple[float, ...] | None
"""The points each side (0 and 1) made on a board at one table, ``None`` if it was not played
there (the table was closed first, or a side resigned)."""


def duplicate_scores(
    boards: Sequence[Sequence[BoardPoints]], lowest_wins: bool = False
) -> list[list[tuple[Fraction, ...] | None]]:
    """The duplicate scores of every table of a round (``boards[table][board]``, the same deals
    at every table): on each board, a side's points minus the mean of the points made with the
    same tiles (the same side) at the round's other tables that played the board; nothing to
    compare with (no other table played it) scores 0. Where the fewest points win, it is the
    other way round (the others' mean minus its own), so that more is always better.

    >>> duplicate_scores([[(10, 0)], [(0, 4)]])
    [[(Fraction(10, 1), Fraction(-4, 1))], [(Fraction(-10, 1), Fraction(4, 1))]]
    """
    sign = -1 if lowest_wins else 1
    scores: list[list[tuple[Fraction, ...] | None]] = []
    for t, table in enumerate(boards):
        row: list[tuple[Fraction, ...] | None] = []
        for b, points in enumerate(table):
            if points is None:
                row.append(None)
                continue
            others = [
                other[b]
                for u, other in enumerate(boards)
                if u != t and b < len(other) and other[b] is not None
            ]
            side_scores = []
            for side, p in enumerate(points):
                if not others:
                    side_scores.append(Fraction(0))
                    continue
                mean = sum((Fraction(o[side]) for o in others if o is not None), Fraction(0))
                side_scores.append(sign * (Fraction(p) - mean / len(others)))
            row.append(tuple(side_scores))
        scores.append(row)
    return scores


def side_totals(
    points: Sequence[BoardPoints], lowest_wins: bool = False
) -> tuple[Fraction, Fraction]:
    """A table's score per side when the deals are not duplicated: its points minus the other
    side's, over the boards played (the other way round where the fewest points win)."""
    sign = -1 if lowest_wins else 1
    own = [Fraction(0), Fraction(0)]
    for p in points:
        if p is not None:
            own[0] += Fraction(p[0])
            own[1] += Fraction(p[1])
    return sign * (own[0] - own[1]), sign * (own[1] - own[0])


def table_points(scores: tuple[Fraction, Fraction], resigned: int | None) -> tuple[float, float]:
    """A table's match points (a win 1, a draw ½, a loss 0) from each side's score there (its
    duplicate score, or its points minus the other's): the higher wins; a side that resigned
    loses whatever the score."""
    if resigned is not None:
        return (0.0, 1.0) if resigned == 0 else (1.0, 0.0)
    if scores[0] == scores[1]:
        return 0.5, 0.5
    return (1.0, 0.0) if scores[0] > scores[1] else (0.0, 1.0)


# ----------------------------------------------------------------- standings
@dataclass(frozen=True)
class Game:
    """One table of a round as the standings read it: the unit on each side, its match points
    and its score there (a bye is a game against ``None``: 1 match point, score 0)."""

    round: int
    units: tuple[int, int | None]
    points: tuple[float, float]
    scores: tuple[Fraction, Fraction]


@dataclass(frozen=True)
class Standing:
    unit: int
    name: str
    rank: int
    played: int
    match_points: float
    buchholz: float
    score: Fraction
    head_to_head: float


def standings(names: Sequence[str], games: Sequence[Game]) -> list[Standing]:
    """The units ranked: by match points; then Buchholz (the match points of the opponents met,
    a bye's none); then the score (duplicate scores, or points for minus against); then among
    those still level, the match points they took from each other (head to head); then by name.
    Units level on all of these share a rank.

    >>> win = Game(1, (0, 1), (1.0, 0.0), (Fraction(5), Fraction(-5)))
    >>> bye = Game(1, (2, None), (1.0, 0.0), (Fraction(0), Fraction(0)))
    >>> g = [win, bye]
    >>> [(s.name, s.rank, s.match_points, s.buchholz) for s in standings(["a", "b", "c"], g)]
    [('a', 1, 1.0, 0.0), ('c', 2, 1.0, 0.0), ('b', 3, 0.0, 1.0)]
    """
    n = len(names)
    mp = [0.0] * n
    score = [Fraction(0)] * n
    played = [0] * n
    opponents: list[list[int]] = [[] for _ in range(n)]
    against: dict[tuple[int, int], float] = {}
    for g in games:
        a, b = g.units
        mp[a] += g.points[0]
        score[a] += g.scores[0]
        played[a] += 1
        if b is None:
            continue
        mp[b] += g.points[1]
        score[b] += g.scores[1]
        played[b] += 1
        opponents[a].append(b)
        opponents[b].append(a)
        against[a, b] = against.get((a, b), 0.0) + g.points[0]
        against[b, a] = against.get((b, a), 0.0) + g.points[1]
    buchholz = [sum((mp[o] for o in opponents[u]), 0.0) for u in range(n)]

    def level(u: int) -> tuple[float, float, Fraction]:
        return mp[u], buchholz[u], score[u]

    groups: dict[tuple[float, float, Fraction], list[int]] = {}
    for u in range(n):
        groups.setdefault(level(u), []).append(u)
    h2h = [0.0] * n
    for group in groups.values():
        for u in group:
            h2h[u] = sum(against.get((u, v), 0.0) for v in group if v != u)
    order = sorted(range(n), key=lambda u: (*(-x for x in level(u)), -h2h[u], names[u], u))
    ranked: list[Standing] = []
    for place, u in enumerate(order):
        before = order[place - 1] if place else None
        same = before is not None and (level(before), h2h[before]) == (level(u), h2h[u])
        rank = ranked[-1].rank if same else place + 1
        ranked.append(Standing(u, names[u], rank, played[u], mp[u], buchholz[u], score[u], h2h[u]))
    return ranked


# ----------------------------------------------------------------- a tournament asked for
MAX_BOARDS = 20
MAX_ROUNDS = 30


@dataclass(frozen=True)
class Plan:
    """A tournament as asked, checked: the rules' canonical names and the player count."""

    name: str
    game: str
    rule_set: str
    options: dict[str, Any]
    players: int
    format: str
    rounds: int
    boards: int
    duplicate: bool
    rated: bool


def checked_plan(
    name: str,
    game: str,
    rule_set: str | None = None,
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    format: str = "swiss",
    rounds: int = 3,
    boards: int = 2,
    duplicate: bool = True,
    rated: bool = False,
) -> Plan:
    """A tournament asked for, checked (``ValueError`` saying what is wrong): a name, a game of
    two sides (two players, or two partnerships of two), a format, the rounds of a Swiss
    tournament (a round robin's follow from its entrants), the boards (hands) of each round."""
    from ...core.options import OptionError
    from ...games import get_game

    shown = " ".join(name.split())
    if not 1 <= len(shown) <= 80 or not shown.isprintable():
        raise ValueError("a tournament's name is 1 to 80 printable characters")
    if format not in FORMATS:
        raise ValueError(f"unknown format {format!r}: choose from {', '.join(FORMATS)}")
    if not 1 <= boards <= MAX_BOARDS:
        raise ValueError(f"a round plays 1 to {MAX_BOARDS} boards")
    if format == "swiss" and not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"a Swiss tournament plays 1 to {MAX_ROUNDS} rounds")
    try:
        rules = get_game(game).configure(rule_set, dict(options or {}), players)
    except OptionError as e:
        raise ValueError(str(e)) from None
    sizes = {len(side) for side in rules.sides}
    if len(rules.sides) != 2 or not sizes <= {1, 2} or len(sizes) != 1:
        raise ValueError(
            "a club tournament is for games of two sides: two players, or two partnerships of two"
        )
    return Plan(
        name=shown,
        game=rules.game.id,
        rule_set=rules.rule_set,
        options=dict(options or {}),
        players=rules.players,
        format=format,
        rounds=rounds if format == "swiss" else 0,
        boards=boards,
        duplicate=duplicate,
        rated=rated,
    )
