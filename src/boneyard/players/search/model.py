"""A model of how players choose their plays, and the worlds it makes likely.

Uniform sampling (:mod:`boneyard.players.search.inference`) treats every hidden deal under which the
public moves were legal as equally likely. But players do not choose at random: a player who laid
6-5 when 2-1 also fitted probably had no heavier tile that fitted, and a player who always sheds its
heaviest tile tells a great deal about what it kept. :class:`PlayLikelihood` scores a sampled
world by how likely every other seat's actual plays were in it, under a :class:`PlayModel`, and
:func:`weighted_worlds` draws worlds in proportion to that (sampling-importance-resampling: many
cheap uniform candidates, a few kept by weight).

The model is deliberately simple and robust: a seat chooses among the tiles it could play with a
softmax over each tile's weight (its pips, plus what it scores at once in the counting games),
mixed with a uniform choice so that a player who does not play heavy tiles first never makes a
world impossible, only less likely. Only plays made from a hand the world fully determines count:
a seat's plays before its last draw are skipped (the tiles it drew are hidden, so its hand at that
moment is not known), and so are forced leads.

>>> import random
>>> from boneyard.games import get_game
>>> from boneyard.core.protocol import HandStart
>>> from boneyard.core.tiles import parse_tile as T
>>> from boneyard.players.search.inference import Inference
>>> rules = get_game("block").configure(players=2, options={"lead_tile": "any"})
>>> deal = [[T(t) for t in "6-6 6-5 6-1 5-1 4-1 3-1 2-1".split()],
...         [T(t) for t in "5-5 5-4 5-3 5-2 4-4 0-0 1-0".split()]]
>>> stock = [t for t in range(28) if not any(t in h for h in deal)]
>>> state = rules.start_hand(HandStart(deal, stock, leader=0, lead_by_deal=False))
>>> lead = next(a for a in state.legal_actions() if a.tile == T("2-1"))
>>> state.apply_fast(lead)  # seat 0 leads a light tile though it holds 6-6
>>> like = PlayLikelihood.from_observation(state.observation(1), PlayModel())
>>> len(like.decisions)  # the lead was a free choice among seven tiles
1
>>> true_world = like.weight(state.hands)
>>> light = [0, state.hands[1]]  # a world where seat 0 kept only light tiles
>>> light[0] = sum(1 << T(t) for t in "3-0 2-0 2-2 1-1 4-0 3-2".split())
>>> like.weight(light) > true_world  # leading 2-1 is likelier with nothing heavier
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ...core.actions import Draw, Muggins, Play
from ...core.capabilities import LineReading
from ...core.history import public_tables
from ...core.layout import Layout
from ...core.protocol import Observation
from ...core.tiles import BIT, DOUBLE, PIPS
from .inference import Inference

__all__ = ["Decision", "PlayLikelihood", "PlayModel", "weighted_worlds"]


@dataclass(frozen=True)
class PlayModel:
    """How a player is assumed to choose a tile among those it can play.

    The chance of tile ``t`` among the playable tiles ``T`` of its hand is
    ``(1 - uniform) * exp(w(t) / temperature) / sum(exp(w(u) / temperature) for u in T)
    + uniform / len(T)``, where ``w(t)`` is the tile's pips plus ``points_weight`` times what it
    would score at once (counting games). A low temperature models a player who sheds heavy
    tiles; ``uniform`` keeps every consistent world possible.
    """

    temperature: float = 1.5
    uniform: float = 0.25
    points_weight: float = 2.0

    def tile_weight(
        self, rules: LineReading, layout: Layout | None, tile: int, scores_in_play: bool = True
    ) -> float:
        """``w(tile)``: its pips, plus what its best play would score now (where plays score:
        ``scores_in_play``)."""
        weight = float(PIPS[tile])
        if scores_in_play and self.points_weight:
            if layout is None:
                plays = [Play(tile, None)]
            else:
                plays = [a for a in rules.plays_for(BIT[tile], layout) if isinstance(a, Play)]
            if plays:
                weight += self.points_weight * max(rules.points_of_play(layout, a) for a in plays)
        return weight


@dataclass(frozen=True)
class Decision:
    """One play another seat chose: ``seat`` laid ``tile`` when it could lay any tile of
    ``playable`` that it held; ``later`` are the tiles it played after (it held them then too);
    ``strength[t]`` is ``exp(w(t) / temperature)`` for every playable tile."""

    seat: int
    tile: int
    playable: int
    later: int
    strength: tuple[float, ...]


class PlayLikelihood:
    """How likely the other seats' plays in an observation's history were, world by world."""

    __slots__ = ("decisions", "model")

    def __init__(self, decisions: Sequence[Decision], model: PlayModel) -> None:
        self.decisions = tuple(decisions)
        self.model = model

    @classmethod
    def from_observation(cls, obs: Observation, model: PlayModel) -> PlayLikelihood:
        """Replay the public history of ``obs`` and keep every informative choice of the other
        seats: plays (not bonus plays, not forced leads) made after the seat's last draw."""
        rules = obs.rules
        if not isinstance(rules, LineReading):
            return cls([], model)  # no line to read: the model does not read the plays
        history = obs.history
        me = obs.seat
        last_draw = [-1] * rules.players
        for i, move in enumerate(history):
            if type(move.action) is Draw:
                last_draw[move.seat] = i
        free_lead = rules.lead_is_free and not any(type(m.action) is Draw for m in history[:1])
        all_tiles = rules.tiles.all_mask
        size = all_tiles.bit_length()
        raw: list[tuple[int, int, int, Layout | None, int]] = []  # seat, tile, playable, at, i
        double_by = -1  # the seat whose double was the last action (its bonus play may follow)
        tables = public_tables(rules, history)
        for i, move in enumerate(history):
            action = move.action
            if type(action) is not Play:
                if type(action) is not Muggins:
                    double_by = -1
                continue
            layout = tables[i]
            assert layout is None or isinstance(layout, Layout)
            s = move.seat
            t = action.tile
            bonus = rules.double_bonus_play and double_by == s
            if s != me and i > last_draw[s] and not bonus:
                if layout is None:
                    if free_lead:
                        raw.append((s, t, all_tiles, None, i))
                else:
                    raw.append((s, t, rules.playable_mask_for(layout, s), layout, i))
            double_by = s if DOUBLE[t] and not bonus else -1
        decisions: list[Decision] = []
        for s, t, playable, at, i in raw:
            later = 0
            for move in history[i + 1 :]:
                if move.seat == s and type(move.action) is Play:
                    later |= BIT[move.action.tile]
            strength = [0.0] * size
            m = playable
            top = None
            weights: dict[int, float] = {}
            while m:
                low = m & -m
                u = low.bit_length() - 1
                m ^= low
                weights[u] = model.tile_weight(rules, at, u, rules.scores_in_play)
                top = weights[u] if top is None or weights[u] > top else top
            for u, w in weights.items():
                strength[u] = math.exp((w - (top or 0.0)) / model.temperature)
            decisions.append(Decision(s, t, playable, later, tuple(strength)))
        return cls(decisions, model)

    def weight(self, hands: Sequence[int]) -> float:
        """The chance of the other seats' recorded plays in the world where the seats hold
        ``hands`` now (1.0 when no play told anything)."""
        uniform = self.model.uniform
        keep = 1.0 - uniform
        weight = 1.0
        for d in self.decisions:
            options = (hands[d.seat] | d.later | BIT[d.tile]) & d.playable
            n = options.bit_count()
            if n <= 1:
                continue
            strength = d.strength
            total = 0.0
            while options:
                low = options & -options
                total += strength[low.bit_length() - 1]
                options ^= low
            weight *= keep * strength[d.tile] / total + uniform / n
        return weight


def weighted_worlds(
    inference: Inference,
    likelihood: PlayLikelihood,
    rng: random.Random,
    candidates: int,
    deadline: float | None = None,
) -> tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], list[float]]:
    """``candidates`` uniform worlds (see :meth:`Inference.sample`) and the cumulative weights
    to draw from them in proportion to the likelihood of the other seats' plays (all equal when
    the history tells nothing). Draw with ``bisect(cum, rng.random() * cum[-1])``.

    With a ``deadline`` (a :func:`time.monotonic` time by which the candidates should be drawn)
    no more are drawn once it has passed, 20 at least (the big sets with many players, or a busy
    machine, sample fewer): the clock is read every 16 worlds."""
    worlds: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    cum: list[float] = []
    acc = 0.0
    while len(worlds) < candidates:
        if (
            deadline is not None
            and len(worlds) >= 20
            and len(worlds) % 16 == 4
            and time.monotonic() >= deadline
        ):
            break
        world = inference.sample(rng)
        worlds.append(world)
        acc += likelihood.weight(world[0])
        cum.append(acc)
    if acc <= 0.0:  # cannot happen with uniform > 0; stay uniform if it does
        cum = [float(k + 1) for k in range(len(worlds))]
    return worlds, cum
