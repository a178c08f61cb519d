"""Move analysis for people: every legal move ranked with its expected value and a short reason,
and a review of a finished hand (which of a player's moves lost points, and how many).

The values come from the search player (:class:`~boneyard.players.expert.ExpertAgent`) looking at
the same :class:`~boneyard.games.line.state.Observation` the player has: hidden tiles are sampled,
never read. A move's value is the points it is expected to bring the mover's side minus the others'
from now to the end of the hand; ``loss`` is how much worse it is than the best move. The reasons
are public facts about the move: what it scores, whether it goes out, how heavy it is, whether it
leaves the next player an end that player is known not to be able to match, and how many of
the mover's remaining tiles still fit.

**Steady values.** Every move is valued on the same worlds (common random numbers), a fixed
number of them (:class:`Effort`, never as many as the time allows), drawn from a seed derived
from the position (:func:`position_seed`): the same position gives the same values in every
front end, run after run, busy machine or not. Each value carries its ``margin`` (the spread
over seeds). A review of a move is the hint's evaluation at that move.

>>> from boneyard.games import get_game
>>> from boneyard.core.match import Match
>>> match = Match(get_game("block").configure(players=2), seed=3)
>>> state = match.hand
>>> obs = state.observation(state.turn)
>>> ranked = analyze(obs, effort=Effort(worlds=4, nodes=300))
>>> ranked[0].loss, all(m.action in state.legal_actions() for m in ranked)
(0.0, True)
>>> [m.value for m in ranked] == [m.value for m in analyze(obs, effort=Effort(4, 300))]
True
>>> isinstance(ranked[0].reason, str) and ranked[0].reason != ""
True
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..core.actions import Action, Draw, Muggins, Pass, Play
from ..core.capabilities import LineReading
from ..core.i18n import _, pgettext
from ..core.layout import Layout
from ..core.options import OptionError
from ..core.protocol import GameState, Observation
from ..core.tiles import BIT, DOUBLE, PIPS, format_tile, tiles_of
from ..core.words import plural
from .expert import DEFAULT_MODEL, ExpertAgent
from .search.inference import Inference
from .search.model import PlayLikelihood
from .search.position import position_seed

__all__ = [
    "ANALYSIS_EFFORT",
    "BELIEF_WORLDS",
    "PURE_EFFORT",
    "Beliefs",
    "Effort",
    "MoveAnalysis",
    "ReviewedMove",
    "analysis_effort",
    "analyze",
    "beliefs",
    "beliefs_text",
    "default_analyst",
    "menu_analysis",
    "move_reason",
    "position_seed",
    "review_hand",
    "review_text",
    "value_text",
]


@dataclass(frozen=True)
class MoveAnalysis:
    """One legal move: its expected ``value`` (points for the mover's side minus the others',
    from now to the end of the hand), its ``loss`` against the best move (0 for the best) and a
    short ``reason`` in words. ``margin`` is the value's uncertainty: another seed's value
    lies within ``value ± margin`` for at least 95% of moves; ``loss_margin`` is the same for the
    loss (smaller: every move is valued on the same worlds). ``worlds`` is how many worlds the
    values average."""

    action: Action
    value: float
    loss: float
    reason: str
    margin: float = 0.0
    loss_margin: float = 0.0
    worlds: int = 0


@dataclass(frozen=True)
class ReviewedMove:
    """One decision of a reviewed hand: at move ``number`` (1-based, in the hand's history) the
    player chose ``played``; ``best`` was the best move by the analysis; ``loss`` is how many
    points a hand the choice cost on average (0 when it was the best), ``loss_margin`` its
    uncertainty. The values are the hint's at that position, exactly."""

    number: int
    seat: int
    played: Action
    best: Action
    played_value: float
    best_value: float
    loss: float
    reason: str
    loss_margin: float = 0.0


@dataclass(frozen=True)
class Effort:
    """How much work one analysis does: ``worlds`` sampled worlds, every move solved in each to
    at most ``nodes`` nodes. Fixed, never "as much as the time allows", so a position's values
    do not depend on how busy the machine is."""

    worlds: int
    nodes: int


# The analysis every front end gives (hints, reviews, the library's default). The environment
# variable below replaces it all at once, as "WORLDS,NODES" (the tests set a small one to stay
# fast; players keep this).
ANALYSIS_EFFORT = Effort(worlds=128, nodes=2_000)
# Where the pure-Python solver runs (about a fiftieth of the compiled one's speed): fewer worlds
# and nodes, so a hint still takes about a second.
PURE_EFFORT = Effort(worlds=24, nodes=300)
EFFORT_VARIABLE = "BONEYARD_ANALYSIS_EFFORT"
# A value's margin is this many standard errors of the mean over the worlds. Two estimates from
# independent seeds differ by sqrt(2) standard errors on average, so 1.96 * sqrt(2) = 2.77 would
# cover 95% of them were the standard error known and the means normal; the error is estimated
# from the worlds, the values are skewed and the worlds weighted by the play model vary with the
# pool they are drawn from. Measured on 2-player Draw, Matador, Muggins and Block (128 worlds):
# 3 errors covered 92% to 96% of another seed's values, 4 errors 98% to 99%.
MARGIN_ERRORS = 4.0


def analysis_effort() -> Effort:
    """The analysis effort of every front end: :data:`ANALYSIS_EFFORT`, unless the environment
    variable ``BONEYARD_ANALYSIS_EFFORT`` gives another (``WORLDS,NODES``, such as ``4,300``)."""
    text = os.environ.get(EFFORT_VARIABLE, "").strip()
    if not text:
        return ANALYSIS_EFFORT
    parts = text.split(",")
    try:
        worlds, nodes = (int(p) for p in parts)
    except ValueError:
        worlds = nodes = 0
    if not (1 <= worlds <= 100_000 and 1 <= nodes <= 100_000_000):
        raise OptionError(
            f"{EFFORT_VARIABLE}={text!r}: give the worlds and the nodes a move, such as 4,300"
        )
    return Effort(worlds, nodes)


def default_analyst(effort: Effort | None = None) -> ExpertAgent:
    """The search player the analysis uses by default: no time limit, exactly ``effort``'s
    worlds and nodes; by default :func:`analysis_effort`, and where that is not set by the
    environment, :data:`PURE_EFFORT` where the pure-Python solver runs (the compiled core does
    not play the game, or ``BONEYARD_PURE=1``)."""
    e = effort if effort is not None else analysis_effort()
    pure = (PURE_EFFORT.worlds, PURE_EFFORT.nodes) if e is ANALYSIS_EFFORT else None
    return ExpertAgent("analysis", budget=None, worlds=e.worlds, nodes=e.nodes, pure_limits=pure)


def analyze(
    observation: Observation,
    *,
    effort: Effort | None = None,
    seed: int | None = None,
    analyst: ExpertAgent | None = None,
) -> list[MoveAnalysis]:
    """The legal moves of ``observation`` ranked best first, each with its expected value, its
    loss against the best, their margins and a reason; a lead whose orientation changes nothing
    once (``GameRules.distinct_actions``). Every move is valued on the same worlds, ``effort``'s
    number of them (by default :func:`analysis_effort`) drawn from ``seed`` (by default
    :func:`position_seed`): the same position gives the same values in every front end, run
    after run. Where scores are claimed, each play is analysed with its correct claim.
    ``analyst`` replaces the default search player (:func:`default_analyst`)."""
    if not observation.legal_actions:
        raise ValueError(f"seat {observation.seat} has no move to analyse: it is not its turn")
    rng = random.Random(position_seed(observation) if seed is None else seed)
    searcher = analyst if analyst is not None else default_analyst(effort)
    samples = searcher.world_values(observation, rng)
    if not samples:  # no choice worth searching: every distinct move, unvalued
        distinct = observation.rules.distinct_actions(observation.legal_actions, observation.table)
        samples = {a: [0.0] for a in distinct}
    means = {a: sum(v) / len(v) for a, v in samples.items()}
    top = max(means, key=lambda a: means[a])
    best = means[top]
    inference = Inference.from_observation(observation)
    ranked = sorted(means, key=lambda a: -means[a])
    return [
        MoveAnalysis(
            action,
            means[action],
            best - means[action],
            move_reason(observation, action, inference),
            _margin(samples[action]),
            _margin([b - v for b, v in zip(samples[top], samples[action], strict=True)]),
            len(samples[action]),
        )
        for action in ranked
    ]


def menu_analysis(
    observation: Observation, analyses: Sequence[MoveAnalysis] | None = None
) -> dict[Action, MoveAnalysis]:
    """:func:`analyze` (or ``analyses`` already worked out for ``observation``) keyed by the
    moves as the move lists show them (:func:`boneyard.text.narration.menu`): where scores are
    claimed, a play without its claim, worth its correct claim. Every front end's hints come from
    here."""
    out: dict[Action, MoveAnalysis] = {}
    for m in analyses if analyses is not None else analyze(observation):
        action = m.action
        if type(action) is Play and action.claim is not None:
            action = Play(action.tile, action.end, action.open)
        if action not in out or out[action].value < m.value:
            out[action] = m
    return out


def _margin(values: Sequence[float]) -> float:
    """:data:`MARGIN_ERRORS` standard errors of the mean of ``values`` (0 for a single one)."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return MARGIN_ERRORS * math.sqrt(variance / n)


def value_text(value: float, margin: float) -> str:
    """A value with its margin as people read it: ``+9.7 ± 1.2`` (no margin where it is 0.0
    to one decimal)."""
    if round(margin, 1) == 0:
        return f"{value:+.1f}"
    return f"{value:+.1f} ± {margin:.1f}"


@dataclass(frozen=True)
class Beliefs:
    """What one seat may believe about the tiles it cannot see: for each unseen tile (in
    ``tiles``), the chance that each of ``holders`` holds it now (``chances[tile]``, in the
    order of ``holders``: the other seats, then ``-1`` for the stock, with the tiles out of play
    where a game throws some out face down).

    ``view`` is ``"rules"`` (every hidden deal consistent with the public history equally
    likely) or ``"model"`` (weighted by how likely the other seats' plays were under the
    expert's play model). ``exact`` says whether the figures are exact; otherwise they are
    estimated from ``worlds`` sampled worlds (the model's view always is; the rules' view where
    the inference falls back to its approximation, :attr:`Inference.exact`)."""

    seat: int
    holders: tuple[int, ...]
    tiles: tuple[int, ...]
    chances: dict[int, tuple[float, ...]]
    view: str
    exact: bool
    worlds: int = 0

    def chance(self, tile: int, holder: int) -> float:
        """The chance that ``holder`` (a seat, or ``-1`` for the stock) holds ``tile`` now: 1 or
        0 for a tile this seat sees (its own, or on the table); 0 for a stock that is empty
        (then not among ``holders``)."""
        if tile not in self.chances or holder not in self.holders:
            return 0.0
        return self.chances[tile][self.holders.index(holder)]

    def without_empty_stock(self) -> Beliefs:
        """The same view without the stock's column where the stock holds no tile this seat
        cannot see (every tile dealt, as in Texas 42, or the stock drawn out)."""
        if self.holders[-1] != -1 or any(row[-1] > 0 for row in self.chances.values()):
            return self
        chances = {t: row[:-1] for t, row in self.chances.items()}
        return replace(self, holders=self.holders[:-1], chances=chances)

    def note(self) -> str:
        """How the figures were found, to show beside them."""
        if self.view == "model":
            return _(
                "weighted by the expert's model of how players choose their plays; estimated "
                "from {worlds} worlds"
            ).format(worlds=f"{self.worlds:,}")
        if self.exact:
            return _("exact: every deal consistent with what you have seen, equally likely")
        return _(
            "approximate: too many ways to count here, so estimated from {worlds} worlds dealt "
            "by the inference's approximation"
        ).format(worlds=f"{self.worlds:,}")


BELIEF_WORLDS = 4_000  # worlds behind an estimated view


def beliefs(observation: Observation, *, model: bool = False, seed: int | None = None) -> Beliefs:
    """What ``observation``'s seat may believe about every tile it cannot see: for each, the
    chance that each other seat, and the stock (where it holds any), holds it, given everything
    the seat has seen. By default the exact posterior under the rules alone (uniform over the
    hidden deals consistent with the public history; estimated from :data:`BELIEF_WORLDS`
    worlds where the inference falls back to its approximation); with ``model``, weighted by
    the expert's play model (:class:`~boneyard.players.search.model.PlayModel`), estimated from
    as many worlds drawn from ``seed`` (by default :func:`position_seed`).

    >>> from boneyard.games import get_game
    >>> from boneyard.core.match import Match
    >>> hand = Match(get_game("block").configure(players=2), seed=3).hand
    >>> view = beliefs(hand.observation(0))
    >>> view.holders, len(view.tiles), view.exact
    ((1, -1), 21, True)
    >>> round(view.chance(view.tiles[0], 1), 3)  # 7 of the 21 unseen tiles are in seat 1's hand
    0.333
    """
    inference = Inference.from_observation(observation)
    holders = inference.holders()
    tiles = tuple(tiles_of(inference.unseen))
    if not model:
        exact = inference.marginals()
        if exact is not None:
            return Beliefs(
                observation.seat, holders, tiles, exact, "rules", True
            ).without_empty_stock()
    rng = random.Random(position_seed(observation) if seed is None else seed)
    likelihood = PlayLikelihood.from_observation(observation, DEFAULT_MODEL) if model else None
    column = {h: i for i, h in enumerate(holders)}
    sums = {t: [0.0] * len(holders) for t in tiles}
    total = 0.0
    for _world in range(BELIEF_WORLDS):
        hands, _stock = inference.sample(rng)
        w = likelihood.weight(hands) if likelihood is not None else 1.0
        total += w
        placed = 0
        for s, h in enumerate(hands):
            if s != observation.seat:
                placed |= h
                for t in tiles_of(h & inference.unseen):
                    sums[t][column[s]] += w
        for t in tiles_of(inference.unseen & ~placed):
            sums[t][column[-1]] += w
    chances = {t: tuple(v / total for v in row) for t, row in sums.items()}
    view = "model" if model else "rules"
    return Beliefs(
        observation.seat, holders, tiles, chances, view, False, BELIEF_WORLDS
    ).without_empty_stock()


def beliefs_text(view: Beliefs, names: Sequence[str]) -> str:
    """``view`` as a table of tiles by holders, each chance in percent, with how it was found
    (``names``: the column headings, one per holder, the stock last where it is there)."""
    widths = [max(5, len(n)) for n in names]
    head = f"{_('tile'):<7}" + "  ".join(n.rjust(w) for n, w in zip(names, widths, strict=True))
    lines = [head]
    for t in view.tiles:
        cells = "  ".join(
            f"{round(100 * p):>{w - 1}}%" for p, w in zip(view.chances[t], widths, strict=True)
        )
        lines.append(f"[{format_tile(t).replace('-', '|')}]  {cells}")
    lines.append(f"({view.note()})")
    return "\n".join(lines)


def _open_pips(layout: Layout) -> list[int]:
    return [p for p in layout.pips if p >= 0]


def move_reason(
    observation: Observation, action: Action, inference: Inference | None = None
) -> str:
    """A short reason for ``action`` from public facts (what it scores, goes out, sheds, leaves
    the next player, keeps in hand)."""
    rules = observation.rules
    told = rules.presenter.move_reason(observation.table, observation.seat, action)
    if told:
        return told
    if type(action) is Draw:
        if len(observation.legal_actions) == 1:
            return _("nothing in hand fits: draw")
        return pgettext("reason", "draw")
    if type(action) is Pass:
        if any(type(a) is Play for a in observation.legal_actions):
            return _("keeps your tiles: pass")
        return _("nothing fits: pass")
    if type(action) is Muggins:
        return _("claims the {n} points the last player did not claim").format(n=action.points)
    if type(action) is not Play:
        return str(action)
    t = action.tile
    parts: list[str] = []
    remaining = observation.hand & ~BIT[t]
    if not remaining:
        parts.append(_("goes out"))
    if rules.scores_in_play:
        points = rules.play_points(observation.table, Play(t, action.end, action.open))
        if points:
            parts.append(_("scores {n}").format(n=points))
    layout = observation.layout
    if remaining and isinstance(rules, LineReading):
        # What the play leaves on a line: the ends the next player and this hand face.
        after = rules.replay_move(layout, observation.seat, action)
        assert after is not None
        inf = inference if inference is not None else Inference.from_observation(observation)
        nxt = (observation.seat + 1) % rules.players
        if rules.side_of[nxt] != rules.side_of[observation.seat]:
            excluded = inf.excluded(nxt)
            fits_next = rules.playable_mask(after) & inf.unseen
            if fits_next and not fits_next & ~excluded:
                parts.append(_("the next player cannot match any end"))
        fits_me = (rules.playable_mask(after) & remaining).bit_count()
        if fits_me == 0:
            parts.append(_("none of your tiles fit after it"))
        elif fits_me >= 3:
            parts.append(_("{n} of your tiles still fit").format(n=fits_me))
    if DOUBLE[t] and remaining:
        parts.append(_("gets rid of a double"))
    if PIPS[t] >= 8 and remaining and not rules.scores_in_play:
        parts.append(_("sheds {n} pips").format(n=PIPS[t]))
    if not parts:
        parts.append(_("keeps your options open"))
    return "; ".join(parts)


def review_hand(
    state: GameState,
    seat: int,
    *,
    effort: Effort | None = None,
    analyst: ExpertAgent | None = None,
    from_move: int = 1,
) -> list[ReviewedMove]:
    """Review ``seat``'s decisions in the hand ``state`` (finished or not): each position where
    it had a choice of distinct moves, analysed from what it could see then (its own
    observation) exactly as the hint there was (:func:`analyze`, same effort and seed), with the
    move it played, the best move and the points the choice cost, from move number
    ``from_move`` on."""
    if not 0 <= seat < state.rules.players:
        raise ValueError(f"no seat {seat}")
    rules = state.rules
    reviews: list[ReviewedMove] = []
    for number, (replay, move) in enumerate(state.replay(), start=1):
        if (
            number >= from_move
            and move.seat == seat
            and type(move.action) is not Muggins
            and replay.turn == seat
            and len(rules.distinct_actions(replay.legal_tuple(), replay.table)) > 1
        ):
            ranked = analyze(replay.observation(seat), effort=effort, analyst=analyst)
            best = ranked[0]
            played = next(
                (m for m in ranked if rules.same_move(m.action, move.action, replay.table)), None
            )
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
                        played.loss_margin,
                    )
                )
    return reviews


def review_text(
    reviews: Sequence[ReviewedMove],
    threshold: float = 0.5,
    end_word: Callable[[str], str] = str,
) -> str:
    """The review in words: every decision that cost at least ``threshold`` points, each with
    the value the hint gave the move played and the better one, and the total; ``end_word``
    names an end as a person reads it (the game presenter's
    :meth:`~boneyard.core.presenter.Presenter.end_word`)."""
    lines: list[str] = []
    for r in reviews:
        if r.loss >= threshold:
            margin = f" ± {r.loss_margin:.1f}" if round(r.loss_margin, 1) else ""
            lines.append(
                _(
                    "move {number}: you played {played} ({played_value}); {best} ({best_value}) "
                    "was better by {loss}{margin} points ({reason})"
                ).format(
                    number=r.number,
                    played=_words(r.played, end_word),
                    played_value=f"{r.played_value:+.1f}",
                    best=_words(r.best, end_word),
                    best_value=f"{r.best_value:+.1f}",
                    loss=f"{r.loss:.1f}",
                    margin=margin,
                    reason=r.reason,
                )
            )
    total = sum(r.loss for r in reviews)
    decisions = plural(len(reviews), "decision")
    if not lines:
        lines.append(
            _("no costly moves: {decisions}, all within {threshold} points").format(
                decisions=decisions, threshold=threshold
            )
        )
    lines.append(
        _("total cost of your choices: {total} points over {decisions}").format(
            total=f"{total:.1f}", decisions=decisions
        )
    )
    return "\n".join(lines)


def _words(action: Action, end_word: Callable[[str], str] = str) -> str:
    if type(action) is Play:
        if action.end is not None:
            return _("{tile} at {end}").format(
                tile=format_tile(action.tile), end=end_word(action.end)
            )
        return format_tile(action.tile)
    return str(action)
