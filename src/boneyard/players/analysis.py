"""Move analysis for people: every legal move ranked with its expected value and a short reason,
and a review of a finished hand (which of a player's moves lost points, and how many).

The values come from the search player (:class:`~boneyard.players.expert.ExpertAgent`) looking at
the same :class:`~boneyard.games.line.state.Observation` the player has: hidden tiles are sampled,
never read. A move's value is the points it is expected to bring the mover's side minus the others'
from now to the end of the hand; ``loss`` is how much worse it is than the best move. The reasons
are public facts about the move: what it scores, whether it goes out, how heavy it is, whether it
leaves the next player an end that player is known not to be able to match, and how many of
the mover's remaining tiles still fit.

>>> import random
>>> from boneyard.games import get_game
>>> from boneyard.core.match import Match
>>> match = Match(get_game("block").configure(players=2), seed=3)
>>> state = match.hand
>>> ranked = analyze(state.observation(state.turn), budget=0.05, seed=1)
>>> ranked[0].loss, all(m.action in state.legal_actions() for m in ranked)
(0.0, True)
>>> isinstance(ranked[0].reason, str) and ranked[0].reason != ""
True
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.actions import Action, Draw, Muggins, Pass, Play
from ..core.layout import Layout
from ..core.options import OptionError
from ..core.protocol import GameState, Observation
from ..core.tiles import BIT, DOUBLE, PIPS, format_tile
from ..core.words import plural
from ..games.line.rules import LineRules
from .expert import ExpertAgent
from .search.inference import Inference

__all__ = [
    "MoveAnalysis",
    "ReviewedMove",
    "analysis_budget",
    "analyze",
    "default_analyst",
    "move_reason",
    "review_hand",
    "review_text",
]


@dataclass(frozen=True)
class MoveAnalysis:
    """One legal move: its expected ``value`` (points for the mover's side minus the others',
    from now to the end of the hand), its ``loss`` against the best move (0 for the best) and a
    short ``reason`` in words."""

    action: Action
    value: float
    loss: float
    reason: str


@dataclass(frozen=True)
class ReviewedMove:
    """One decision of a reviewed hand: at move ``number`` (1-based, in the hand's history) the
    player chose ``played``; ``best`` was the best move by the analysis; ``loss`` is how many
    points a hand the choice cost on average (0 when it was the best)."""

    number: int
    seat: int
    played: Action
    best: Action
    played_value: float
    best_value: float
    loss: float
    reason: str


# The seconds of search a hint and a review give each position in the play front ends; the
# environment variable below replaces them all at once (the tests set a small fixed budget, to
# stay fast; players keep these).
HINT_BUDGET = 0.3
REVIEW_BUDGET = 0.25
BUDGET_VARIABLE = "BONEYARD_ANALYSIS_BUDGET"


def analysis_budget(default: float) -> float:
    """``default`` seconds of search for a hint or a review, unless the environment variable
    ``BONEYARD_ANALYSIS_BUDGET`` gives another (a positive number of seconds)."""
    text = os.environ.get(BUDGET_VARIABLE, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 3600:
        raise OptionError(f"{BUDGET_VARIABLE}={text!r}: give a number of seconds, such as 0.01")
    return value


def default_analyst(budget: float) -> ExpertAgent:
    """The search player the analysis uses by default: ``budget`` seconds a position, more
    nodes per world the longer it may think; ten times the worlds and nodes with the compiled
    solver (:mod:`boneyard.core.kernel`) as with the pure-Python one."""
    nodes = max(4_000, int(budget * 40_000))
    return ExpertAgent(
        "analysis", budget=budget, worlds=640, nodes=10 * nodes, pure_limits=(64, nodes)
    )


def analyze(
    observation: Observation,
    *,
    budget: float = 0.5,
    seed: int = 0,
    rng: random.Random | None = None,
    analyst: ExpertAgent | None = None,
) -> list[MoveAnalysis]:
    """The legal moves of ``observation`` ranked best first, each with its expected value, its
    loss against the best and a reason. ``budget`` is the search time in seconds; the result is
    repeatable for a given ``seed`` (or ``rng``) and budget on an idle machine. Where scores are
    claimed, each play is analysed with its correct claim. ``analyst`` replaces the default
    search player (:func:`default_analyst`)."""
    generator = rng if rng is not None else random.Random(seed)
    searcher = analyst if analyst is not None else default_analyst(budget)
    values = searcher.values(observation, generator)
    if not values:  # no choice worth searching: every legal move, unvalued
        values = {a: 0.0 for a in observation.legal_actions}
    best = max(values.values())
    inference = Inference.from_observation(observation)
    ranked = sorted(values.items(), key=lambda av: -av[1])
    return [
        MoveAnalysis(action, value, best - value, move_reason(observation, action, inference))
        for action, value in ranked
    ]


def _open_pips(layout: Layout) -> list[int]:
    return [p for p in layout.pips if p >= 0]


def move_reason(
    observation: Observation, action: Action, inference: Inference | None = None
) -> str:
    """A short reason for ``action`` from public facts (what it scores, goes out, sheds, leaves
    the next player, keeps in hand)."""
    rules = observation.rules
    if type(action) is Draw:
        return "nothing in hand fits: draw" if len(observation.legal_actions) == 1 else "draw"
    if type(action) is Pass:
        return "nothing fits: pass"
    if type(action) is Muggins:
        return f"claims the {action.points} points the last player did not claim"
    if type(action) is not Play:
        return ""
    t = action.tile
    parts: list[str] = []
    remaining = observation.hand & ~BIT[t]
    if not remaining:
        parts.append("goes out")
    if rules.scores_in_play:
        points = rules.play_points(observation.table, Play(t, action.end, action.open))
        if points:
            parts.append(f"scores {points}")
    layout = observation.layout
    if remaining and isinstance(rules, LineRules):
        # What the play leaves on a line: the ends the next player and this hand face.
        after = (
            rules.lead_layout(t, action.open)
            if layout is None or action.end is None
            else rules.lay(layout, action)
        )
        inf = inference if inference is not None else Inference.from_observation(observation)
        nxt = (observation.seat + 1) % rules.players
        if rules.side_of[nxt] != rules.side_of[observation.seat]:
            excluded = inf.excluded(nxt)
            fits_next = rules.playable_mask(after) & inf.unseen
            if fits_next and not fits_next & ~excluded:
                parts.append("the next player cannot match any end")
        fits_me = (rules.playable_mask(after) & remaining).bit_count()
        if fits_me == 0:
            parts.append("none of your tiles fit after it")
        elif fits_me >= 3:
            parts.append(f"{fits_me} of your tiles still fit")
    if DOUBLE[t] and remaining:
        parts.append("gets rid of a double")
    if PIPS[t] >= 8 and remaining and not rules.scores_in_play:
        parts.append(f"sheds {PIPS[t]} pips")
    if not parts:
        parts.append("keeps your options open")
    return "; ".join(parts)


def _same_move(a: Action, b: Action) -> bool:
    """The same move whatever it claims."""
    if type(a) is Play and type(b) is Play:
        return (a.tile, a.end, a.open) == (b.tile, b.end, b.open)
    return a == b


def review_hand(
    state: GameState,
    seat: int,
    *,
    budget: float = 0.3,
    seed: int = 0,
    analyst: ExpertAgent | None = None,
    from_move: int = 1,
) -> list[ReviewedMove]:
    """Review ``seat``'s decisions in the hand ``state`` (finished or not): each position where
    it had a choice, analysed from what it could see then (its own observation), with the move it
    played, the best move and the points the choice cost, from move number ``from_move`` on.
    Repeatable for a seed on an idle machine."""
    if not 0 <= seat < state.rules.players:
        raise ValueError(f"no seat {seat}")
    rng = random.Random(seed)
    reviews: list[ReviewedMove] = []
    for number, (replay, move) in enumerate(state.replay(), start=1):
        if (
            number >= from_move
            and move.seat == seat
            and type(move.action) is not Muggins
            and replay.turn == seat
        ):
            legal = replay.legal_tuple()
            if len(legal) > 1:
                ranked = analyze(replay.observation(seat), budget=budget, rng=rng, analyst=analyst)
                best = ranked[0]
                played = next((m for m in ranked if _same_move(m.action, move.action)), None)
                if played is not None:
                    reviews.append(
                        ReviewedMove(
                            number,
                            seat,
                            move.action,
                            best.action,
                            played.value,
                            best.value,
                            played.loss,
                            best.reason,
                        )
                    )
    return reviews


def review_text(reviews: Sequence[ReviewedMove], threshold: float = 0.5) -> str:
    """The review in words: every decision that cost at least ``threshold`` points, and the
    total."""
    lines: list[str] = []
    for r in reviews:
        if r.loss >= threshold:
            lines.append(
                f"move {r.number}: you played {_words(r.played)}; {_words(r.best)} was better "
                f"by {r.loss:.1f} points ({r.reason})"
            )
    total = sum(r.loss for r in reviews)
    decisions = plural(len(reviews), "decision")
    if not lines:
        lines.append(f"no costly moves: {decisions}, all within {threshold} points")
    lines.append(f"total cost of your choices: {total:.1f} points over {decisions}")
    return "\n".join(lines)


def _words(action: Action) -> str:
    if type(action) is Play:
        where = f" at {action.end}" if action.end is not None else ""
        return f"{format_tile(action.tile)}{where}"
    return str(action)
