"""Playing strength: boneyard's search player against published bots, with duplicate deals.

Subcommands (``benchmarks/run strength SUBCOMMAND --help`` for the options):

* ``openspiel``: two-player Block on the rules of OpenSpiel's ``python_block_dominoes``, boneyard's
  ``expert`` against OpenSpiel's IS-MCTS bot (``--bot ismcts``, fair: it samples the hidden tiles)
  or its MCTS bot (``--bot mcts``, which searches the true state: it sees every tile).
* ``dominoes``: four-player partnership on the rules of the PyPI ``dominoes`` package, against its
  ``probabilistic_alphabeta`` player.
* ``gap``: the information gap in every game of boneyard: the cheating ``omniscient`` bot and the
  fair ``expert``, each against ``greedy`` on the same deals, and the share of the distance that
  the expert closes.
* ``speed``: the expert at its default budget against greedy in every game: time per move.
* ``counts``: what the expert's old time budget buys (worlds, processor time) and what the levels'
  counts cost, at the same positions of every game.
* ``duel``: two agents of one game over duplicate deals (``texas-expert`` against ``texas`` in
  Texas 42 by default): the paired difference with its 95% interval, and the time per move.
* ``ladder``: the level ladder: a round robin of duplicate deals among ``random``, ``greedy`` and
  the four levels in one game, every agent's Bradley-Terry rating (``beginner`` = 1000) with its
  95% interval, its hands and its processor time per move.

**Duplicate pairs.** Every deal is played twice with the seats swapped (four players: our agent
at seats 0 and 2, then at 1 and 3), so the luck of the deal cancels. The unit of the statistics is
the pair: per pair, the mean of our agent's net points (its side's points minus the other side's)
over its two hands. The table gives the mean points per hand, a 95% confidence interval over
pairs (normal approximation, 1.96 sd / sqrt(n)), the hands won, drawn and lost (the sign of the
net points), and each bot's median and largest time per move (only moves with more than one
choice). Each deal is seeded from ``(--seed, deal index)`` alone, so results do not depend on
the number of worker processes.

Every hand is played in boneyard's engine; on a third-party bot's turn its own engine's state for
the position is built (``bridges.py``), and at the end of every hand the hand is replayed in that
engine and its score checked against boneyard's (an ``AssertionError`` otherwise).

Run: ``benchmarks/run strength openspiel --bot ismcts --pairs 100`` (installs the ``bench`` extra
first), or ``.venv/bin/python benchmarks/strength.py ...``.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from boneyard.core.actions import Action
from boneyard.core.match import Match
from boneyard.games import GAMES, get_game
from boneyard.games.line.rules import LineRules
from boneyard.games.line.state import LineState
from boneyard.players.agents import Agent, make_agent
from boneyard.players.expert import LEVELS, ExpertAgent, make_level
from boneyard.players.omniscient import OmniscientAgent
from boneyard.research.sim import unit_seed
from boneyard.research.stats import DuplicateDeals, Moments, bradley_terry
from boneyard.text.narration import default_opponent
from bridges import (
    InferenceResampler,
    distinct_choices,
    dominoes_game,
    dominoes_points,
    dominoes_rules,
    openspiel_actions,
    openspiel_block_rules,
    openspiel_game,
    openspiel_returns,
    openspiel_state,
    play_of_dominoes_move,
)

OPENSPIEL_BLOCK = "block-openspiel"  # the gap/speed key of block on OpenSpiel's rules
EXPERT_CAP = LEVELS["expert"].cap  # the expert level's safety cap, seconds

# ---------------------------------------------------------------------------------------------
# Results and statistics.


@dataclass
class HandRecord:
    """One hand: our agent's net points (its side's value minus the others'), and the time of
    each move with a choice, ours and theirs, in milliseconds."""

    net: float
    ours_ms: list[float] = field(default_factory=list)
    theirs_ms: list[float] = field(default_factory=list)
    # The worlds the expert solved for each of its moves with a choice (speed).
    worlds: list[int] = field(default_factory=list)
    # The processor time of each move with a choice, ours and theirs (this thread's, ms): on a
    # machine shared with other work a move's wall time can pass its processor time by the time
    # it waited to run.
    ours_cpu_ms: list[float] = field(default_factory=list)
    theirs_cpu_ms: list[float] = field(default_factory=list)


@dataclass
class PairResult:
    """One deal played once per seating (a duplicate pair for two sides)."""

    index: int
    hands: list[HandRecord]
    key: str = ""  # the game, for gap and speed
    label: str = ""  # which comparison (gap: "omniscient" or "expert")

    @property
    def mean(self) -> float:
        return statistics.fmean(h.net for h in self.hands)


@dataclass
class Summary:
    """Our agent's results over a set of pairs (see the module docstring)."""

    pairs: int
    hands: int
    mean: float
    ci95: tuple[float, float]
    won: int
    drawn: int
    lost: int
    ours_ms: list[float]
    theirs_ms: list[float]
    ours_cpu_ms: list[float] = field(default_factory=list)
    theirs_cpu_ms: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "pairs": self.pairs,
            "hands": self.hands,
            "points_per_hand": round(self.mean, 4),
            "ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
            "won": self.won,
            "drawn": self.drawn,
            "lost": self.lost,
            "ours_ms": ms_stats(self.ours_ms),
            "theirs_ms": ms_stats(self.theirs_ms),
            "ours_cpu_ms": ms_stats(self.ours_cpu_ms),
            "theirs_cpu_ms": ms_stats(self.theirs_cpu_ms),
        }


def ci95(values: Sequence[float]) -> tuple[float, float]:
    """95% interval of the mean (normal approximation: 1.96 sd / sqrt(n))."""
    mean = statistics.fmean(values) if values else 0.0
    if len(values) < 2:
        return (mean, mean)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return (mean - half, mean + half)


def summarize(results: Sequence[PairResult]) -> Summary:
    """Pool pairs into a :class:`Summary` (per-pair means are the statistical unit)."""
    means = [r.mean for r in results]
    hands = [h for r in results for h in r.hands]
    return Summary(
        pairs=len(results),
        hands=len(hands),
        mean=statistics.fmean(means) if means else 0.0,
        ci95=ci95(means),
        won=sum(1 for h in hands if h.net > 0),
        drawn=sum(1 for h in hands if h.net == 0),
        lost=sum(1 for h in hands if h.net < 0),
        ours_ms=[ms for h in hands for ms in h.ours_ms],
        theirs_ms=[ms for h in hands for ms in h.theirs_ms],
        ours_cpu_ms=[ms for h in hands for ms in h.ours_cpu_ms],
        theirs_cpu_ms=[ms for h in hands for ms in h.theirs_cpu_ms],
    )


def ms_stats(values: Sequence[float]) -> dict[str, float | int]:
    """Median and maximum of move times (ms) and how many moves were timed."""
    if not values:
        return {"moves": 0, "median": 0.0, "max": 0.0}
    return {
        "moves": len(values),
        "median": round(statistics.median(values), 3),
        "max": round(max(values), 3),
    }


def ms_cell(values: Sequence[float]) -> str:
    """A table's cell of move times: ``median, max`` in whole milliseconds (``-``: none)."""
    if not values:
        return "-"
    stats = ms_stats(values)
    return f"{stats['median']:,.0f}, {stats['max']:,.0f}"


def ratio_ci(num: Sequence[float], den: Sequence[float]) -> tuple[float, float, float]:
    """``mean(num) / mean(den)`` over paired values, with a 95% interval by the delta method."""
    n = len(num)
    mn, md = statistics.fmean(num), statistics.fmean(den)
    if md == 0:
        return (math.nan, math.nan, math.nan)
    r = mn / md
    if n < 2:
        return (r, r, r)
    var_n, var_d = statistics.variance(num), statistics.variance(den)
    cov = statistics.covariance(num, den)
    var_r = (var_n - 2 * r * cov + r * r * var_d) / (md * md) / n
    half = 1.96 * math.sqrt(max(0.0, var_r))
    return (r, r - half, r + half)


# ---------------------------------------------------------------------------------------------
# Running units (pairs or deals) over worker processes, with a progress line.


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


class Progress:
    """A progress line on stderr: rewritten in place on a terminal, every 10% otherwise."""

    def __init__(self, label: str, total: int) -> None:
        self.label = label
        self.total = total
        self.start = time.perf_counter()
        self.tty = sys.stderr.isatty()
        self.shown = -1

    def update(self, done: int, extra: str = "") -> None:
        elapsed = time.perf_counter() - self.start
        line = f"{self.label}: {done}/{self.total} done, {elapsed:.0f} s{extra}"
        if self.tty:
            print("\r" + line.ljust(78), end="", file=sys.stderr, flush=True)
            if done == self.total:
                print(file=sys.stderr)
            return
        tenth = 10 * done // max(1, self.total)
        if tenth != self.shown:
            self.shown = tenth
            print(line, file=sys.stderr, flush=True)


def run_units(
    fn: Callable[[Any, int], Any],
    job: Any,
    count: int,
    workers: int,
    label: str,
    note: Callable[[list[Any]], str] | None = None,
) -> list[Any]:
    """``[fn(job, i) for i in range(count)]`` over ``workers`` processes, in index order."""
    progress = Progress(label, count)
    out: list[Any] = []
    progress.update(0)
    results: Iterable[Any]
    pool = None
    if workers <= 1 or count <= 1:
        results = (fn(job, i) for i in range(count))
    else:
        pool = _context().Pool(min(workers, count))
        results = pool.imap_unordered(partial(fn, job), range(count))
    try:
        for r in results:
            out.append(r)
            progress.update(len(out), note(out) if note else "")
    except BaseException:
        if pool is not None:
            pool.terminate()  # a failed check or ^C: do not wait for the other deals
        raise
    if pool is not None:
        pool.close()
        pool.join()
    return sorted(out, key=lambda r: r[0] if isinstance(r, tuple) else r.index)


def _mean_note(out: list[PairResult]) -> str:
    return f", ours {statistics.fmean(r.mean for r in out):+.2f} points/hand"


# ---------------------------------------------------------------------------------------------
# Agents.


def expert_level(budget: float | None = None) -> ExpertAgent:
    """The ``expert`` level as people and tournaments meet it (``make_level("expert")``: its
    counts, the pure-Python solver's where that runs, as in Domino Loo, its worlds seeded from
    the position); with ``budget``, the expert of before issue 34 instead: the level's caps of
    worlds and nodes, and as many worlds as ``budget`` seconds a move allow."""
    if budget is None:
        return make_level("expert")
    level = LEVELS["expert"]
    return ExpertAgent(
        "expert", budget, level.worlds, level.nodes, level.noise, pure_limits=level.pure[:2]
    )


def expert_effort(budget: float | None) -> str:
    """How the expert's move is settled, for a title: the level's counts, or a time budget."""
    if budget is None:
        level = LEVELS["expert"]
        return (
            f"the expert level: {level.worlds:,} worlds, {level.work:,} nodes a move at most, "
            f"seeded from the position, {level.cap:g} s cap"
        )
    return f"{budget:g} s/move"


def make_ours(name: str, budget: float | None) -> Agent:
    """Our side: the ``expert`` search player (the level's counts, or ``budget`` seconds per
    move), or any agent of boneyard's registry by name."""
    if name == "expert":
        return expert_level(budget)
    return make_agent(name)


def ours_label(name: str) -> str:
    return f"boneyard {name}"


def ours_config(name: str, budget: float | None) -> str:
    if name == "expert" and budget is None:
        return (
            f"make_level('expert') ({expert_effort(None)}): samples the hidden tiles "
            "consistent with its observation and solves each sample, to its counts"
        )
    if name == "expert":
        return (
            f"ExpertAgent(budget={budget:g}): samples the hidden tiles consistent with its "
            "observation and solves each sample exactly, for up to the budget per move"
        )
    return f"make_agent({name!r})"


def _timed(call: Callable[[], Any], record: HandRecord, ours: bool) -> Any:
    """``call()``, its wall time and its processor time (this thread's) added to ``record``'s
    times of our side's moves, or of the other side's."""
    cpu = time.thread_time()
    start = time.perf_counter()
    out = call()
    wall = (time.perf_counter() - start) * 1000.0
    cpu_ms = (time.thread_time() - cpu) * 1000.0
    (record.ours_ms if ours else record.theirs_ms).append(wall)
    (record.ours_cpu_ms if ours else record.theirs_cpu_ms).append(cpu_ms)
    return out


# ---------------------------------------------------------------------------------------------
# openspiel: two-player Block against OpenSpiel's IS-MCTS / MCTS.


@dataclass(frozen=True)
class OpenSpielJob:
    bot: str  # "ismcts" or "mcts"
    simulations: int
    uct_c: float
    ours: str
    budget: float | None
    seed: int


def make_openspiel_bot(job: OpenSpielJob, seed: int) -> Any:
    """OpenSpiel's bot, seeded: ``ISMCTSBot`` (the resampler is set per decision) or
    ``MCTSBot`` (perfect information), both with one random rollout per leaf."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = openspiel_game()
    rs = np.random.RandomState(seed % 2**32)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    if job.bot == "ismcts":
        return ismcts.ISMCTSBot(
            game, evaluator, uct_c=job.uct_c, max_simulations=job.simulations, random_state=rs
        )
    return mcts.MCTSBot(game, job.uct_c, job.simulations, evaluator, random_state=rs)


def openspiel_pair(job: OpenSpielJob, index: int) -> PairResult:
    """Deal ``index``: our agent at seat 0, then at seat 1; OpenSpiel's bot at the other."""
    rules = openspiel_block_rules()
    pair_seed = unit_seed(job.seed, index)
    hands, stock = rules.deal(random.Random(pair_seed))
    records = []
    for ours in (0, 1):
        hand_seed = unit_seed(pair_seed, ours + 1)
        rng = random.Random(hand_seed)
        agent = make_ours(job.ours, job.budget)
        bot = make_openspiel_bot(job, hand_seed)
        record = HandRecord(0.0)
        state = LineState.from_deal(rules, hands, stock, leader=0, lead_by_deal=False)
        decision = 0
        while not state.over:
            legal = state.legal_tuple()
            if len(legal) == 1 or distinct_choices(state) == 1:
                state.apply(legal[0])  # forced: a pass, or one move however it is laid
                continue
            seat = state.turn
            action: Action
            if seat == ours:
                obs = state.observation(seat)
                action = _timed(lambda: agent.choose(obs, rng), record, True)  # noqa: B023
            else:
                ps = openspiel_state(state)
                by_id = openspiel_actions(state)
                if ps.current_player() != seat or sorted(by_id) != sorted(ps.legal_actions()):
                    raise AssertionError(f"OpenSpiel disagrees on the position: {ps}")
                if job.bot == "ismcts":
                    decision += 1
                    bot.set_resampler(InferenceResampler(state, unit_seed(hand_seed, decision)))
                chosen = _timed(lambda: bot.step(ps), record, False)  # noqa: B023
                action = by_id[int(chosen)]
            state.apply(action)
        result = state.result
        assert result is not None
        record.net = result.points[ours] - result.points[1 - ours]
        returns = openspiel_returns(state)
        if returns != [result.points[0] - result.points[1], result.points[1] - result.points[0]]:
            raise AssertionError(
                f"OpenSpiel returns {returns}, boneyard points {result.points} ({result.reason})"
            )
        records.append(record)
    return PairResult(index, records)


def openspiel_bot_label(job: OpenSpielJob) -> tuple[str, str]:
    """The OpenSpiel bot's short name (for the table) and its configuration."""
    if job.bot == "ismcts":
        return (
            "OpenSpiel ISMCTS",
            f"ISMCTSBot(uct_c={job.uct_c:g}, max_simulations={job.simulations}, "
            "RandomRolloutEvaluator(1)), final policy: most visits; its worlds (the opponent's "
            "hand and the undealt tiles) are sampled uniformly from boneyard's inference",
        )
    return (
        "OpenSpiel MCTS (cheats)",
        f"MCTSBot(uct_c={job.uct_c:g}, max_simulations={job.simulations}, "
        "RandomRolloutEvaluator(1), solve=True) on the true state: IT CHEATS, it sees every tile",
    )


# ---------------------------------------------------------------------------------------------
# dominoes: four-player partnership against the dominoes package's probabilistic_alphabeta.


@dataclass(frozen=True)
class DominoesJob:
    samples: int
    start_move: int
    ours: str
    budget: float | None
    seed: int


def dominoes_player(job: DominoesJob) -> Callable[[Any], None]:
    """The package's player: ``bota_gorda`` (heaviest first) then ``probabilistic_alphabeta``,
    which before ``start_move`` (moves so far, passes included) leaves the order alone, so the
    heaviest tile is played; from then on the most often optimal move over ``sample_size``
    sampled deals of the hidden tiles (ties: the heavier)."""
    from dominoes import players

    searcher = players.probabilistic_alphabeta(start_move=job.start_move, sample_size=job.samples)

    def player(game: Any) -> None:
        players.bota_gorda(game)
        searcher(game)

    return player


def dominoes_pair(job: DominoesJob, index: int) -> PairResult:
    """Deal ``index`` (the first hand of a match: the holder of 6-6 leads it): our agent at
    seats 0 and 2, then at 1 and 3; the package's player at the others."""
    rules = dominoes_rules()
    pair_seed = unit_seed(job.seed, index)
    records = []
    player = dominoes_player(job)
    for ours in (0, 1):
        hand_seed = unit_seed(pair_seed, ours + 1)
        rng = random.Random(hand_seed)
        agent = make_ours(job.ours, job.budget)
        record = HandRecord(0.0)
        state = Match(rules, seed=pair_seed).hand
        decision = 0
        while not state.over:
            legal = state.legal_tuple()
            if len(legal) == 1 or distinct_choices(state) == 1:
                state.apply(legal[0])
                continue
            seat = state.turn
            action: Action
            if rules.side_of[seat] == ours:
                obs = state.observation(seat)
                action = _timed(lambda: agent.choose(obs, rng), record, True)  # noqa: B023
            else:
                game = dominoes_game(state)
                decision += 1
                # The package samples hands with the global generator: seed it per decision.
                random.seed(unit_seed(hand_seed, decision))
                _timed(lambda: player(game), record, False)  # noqa: B023
                action = play_of_dominoes_move(state, game, game.valid_moves[0])
            state.apply(action)
        result = state.result
        assert result is not None
        record.net = result.points[ours] - result.points[1 - ours]
        theirs = dominoes_points(state)
        if theirs != result.points[0] - result.points[1]:
            raise AssertionError(
                f"dominoes scores {theirs} for players 0 and 2, boneyard {result.points} "
                f"({result.reason})"
            )
        records.append(record)
    return PairResult(index, records)


# ---------------------------------------------------------------------------------------------
# gap and speed: every game of boneyard.


def game_keys() -> list[str]:
    """Every game of boneyard (default rule set and players) and block on OpenSpiel's rules."""
    return [*GAMES, OPENSPIEL_BLOCK]


def game_rules(key: str) -> LineRules:
    if key == OPENSPIEL_BLOCK:
        return openspiel_block_rules()
    return get_game(key).configure()


def game_label(key: str) -> str:
    if key == OPENSPIEL_BLOCK:
        return "block (OpenSpiel rules)"
    rules = game_rules(key)
    return f"{key} ({rules.rule_set})"


def new_hand(key: str, rules: LineRules, deal_seed: int) -> LineState:
    """The deal's hand, afresh: the first hand of a match dealt from ``deal_seed`` (block on
    OpenSpiel's rules: seat 0 leads any tile)."""
    if key == OPENSPIEL_BLOCK:
        hands, stock = rules.deal(random.Random(deal_seed))
        return LineState.from_deal(rules, hands, stock, leader=0, lead_by_deal=False)
    return Match(rules, rng=random.Random(deal_seed)).hand


def side_net(rules: LineRules, points: Sequence[float], side: int) -> float:
    """A side's value of a hand: its points minus the mean of the other sides' (each side's
    points as they are worth to it: Domino Whist's debits count negative)."""
    value = rules.utilities(points)
    others = [v for i, v in enumerate(value) if i != side]
    return value[side] - statistics.fmean(others)


def baseline_agent(name: str, rules: LineRules) -> Agent:
    """The baseline: an agent by name, or ``own``: the game's own heuristic (``counting``,
    ``matador``, ``whist``, ``pool``, else ``greedy``)."""
    return make_agent(default_opponent(rules) if name == "own" else name)


def play_seated(
    state: LineState,
    side: int,
    ours: Agent | OmniscientAgent,
    other: Agent,
    rng: random.Random,
    record: HandRecord,
) -> None:
    """Play ``state`` to its end: ``ours`` at every seat of ``side`` (the omniscient agent reads
    the true state), ``other`` at the rest; times the moves with a choice."""
    side_of = state.rules.side_of
    while not state.over:
        legal = state.legal_tuple()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        seat = state.turn
        action: Action
        if side_of[seat] == side:
            if isinstance(ours, OmniscientAgent):
                action = _timed(lambda: ours.choose_state(state, rng), record, True)
            else:
                obs = state.observation(seat)
                action = _timed(lambda: ours.choose(obs, rng), record, True)  # noqa: B023
                if isinstance(ours, ExpertAgent):
                    record.worlds.append(ours.last_worlds)
        else:
            obs = state.observation(seat)
            action = _timed(lambda: other.choose(obs, rng), record, False)  # noqa: B023
        state.apply(action)


@dataclass(frozen=True)
class GapJob:
    keys: tuple[str, ...]
    deals: int
    baseline: str
    budget: float | None
    omniscient_budget: float | None
    omniscient_nodes: int | None
    seed: int


def gap_unit(job: GapJob, unit: int) -> tuple[int, PairResult, PairResult]:
    """One deal of one game: the omniscient bot, then the expert, against the baseline, our
    side in each seating (two sides: a duplicate pair; more: one hand per side)."""
    key = job.keys[unit // job.deals]
    deal = unit % job.deals
    rules = game_rules(key)
    deal_seed = unit_seed(unit_seed(job.seed, deal), hash_key(key))
    out = []
    for label in ("omniscient", "expert"):
        records = []
        for side in range(len(rules.sides)):
            hand_seed = unit_seed(deal_seed, side + 1)
            ours: Agent | OmniscientAgent
            if label == "omniscient":
                ours = OmniscientAgent(max_nodes=job.omniscient_nodes, budget=job.omniscient_budget)
            else:
                ours = expert_level(job.budget)
            state = new_hand(key, rules, deal_seed)
            record = HandRecord(0.0)
            baseline = baseline_agent(job.baseline, rules)
            play_seated(state, side, ours, baseline, random.Random(hand_seed), record)
            assert state.result is not None
            record.net = side_net(rules, state.result.points, side)
            records.append(record)
        out.append(PairResult(deal, records, key, label))
    return unit, out[0], out[1]


def hash_key(key: str) -> int:
    """A stable small number for a game key (the deals of different games differ)."""
    return sum((i + 1) * ord(c) for i, c in enumerate(key))


@dataclass(frozen=True)
class SpeedJob:
    keys: tuple[str, ...]
    hands: int
    budget: float | None
    seed: int


def speed_unit(job: SpeedJob, unit: int) -> tuple[int, str, HandRecord]:
    """One hand: the expert (its default budget unless given) on one side, greedy elsewhere."""
    key = job.keys[unit // job.hands]
    hand = unit % job.hands
    rules = game_rules(key)
    seed = unit_seed(unit_seed(job.seed, hand), hash_key(key))
    agent = expert_level(job.budget)
    state = new_hand(key, rules, seed)
    record = HandRecord(0.0)
    side = hand % len(rules.sides)
    play_seated(state, side, agent, make_agent("greedy"), random.Random(seed + 1), record)
    assert state.result is not None
    record.net = side_net(rules, state.result.points, side)
    return unit, key, record


# ---------------------------------------------------------------------------------------------
# Output.


def _signed(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{x:+.2f}"


def _interval(low: float, high: float) -> str:
    return f"[{_signed(low)}, {_signed(high)}]"


def markdown(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def duel_table(summary: Summary, ours: str, theirs: str) -> str:
    """Both bots' rows of a duel (the other bot's points are ours negated)."""
    rows = []
    sides = (
        (ours, 1, summary.ours_ms, summary.ours_cpu_ms),
        (theirs, -1, summary.theirs_ms, summary.theirs_cpu_ms),
    )
    for name, sign, ms, cpu_ms in sides:
        low, high = summary.ci95
        lo, hi = (low, high) if sign > 0 else (-high, -low)
        won, lost = (summary.won, summary.lost) if sign > 0 else (summary.lost, summary.won)
        stats, cpu = ms_stats(ms), ms_stats(cpu_ms)
        rows.append(
            [
                name,
                _signed(sign * summary.mean),
                _interval(lo, hi),
                str(won),
                str(summary.drawn),
                str(lost),
                f"{stats['median']:.1f}",
                f"{stats['max']:.1f}",
                f"{cpu['median']:.1f}",
                f"{cpu['max']:.1f}",
                str(stats["moves"]),
            ]
        )
    header = [
        "bot",
        "points/hand",
        "95% CI",
        "won",
        "drawn",
        "lost",
        "median ms/move",
        "max ms/move",
        "median CPU ms/move",
        "max CPU ms/move",
        "moves timed",
    ]
    return markdown(header, rows)


# ---------------------------------------------------------------------------------------------
# Subcommands.


def _missing(error: ImportError) -> int:
    print(
        f"missing benchmark dependency ({error.name}); install with:\n"
        "  .tools/bin/uv sync --locked --extra cli --extra test --extra bench\n"
        "or run through benchmarks/run strength ...",
        file=sys.stderr,
    )
    return 2


def cmd_openspiel(args: argparse.Namespace) -> dict[str, Any]:
    job = OpenSpielJob(
        args.bot, args.simulations, args.uct_c, args.ours, args.expert_budget, args.seed
    )
    openspiel_game()  # fail early if OpenSpiel is missing
    results = run_units(
        openspiel_pair, job, args.pairs, args.workers, f"openspiel {args.bot}", _mean_note
    )
    summary = summarize(results)
    ours = ours_label(args.ours)
    theirs, config = openspiel_bot_label(job)
    title = (
        f"Block on OpenSpiel's python_block_dominoes rules, {summary.pairs} duplicate pairs "
        f"({summary.hands} hands), seed {args.seed}"
    )
    return {
        "benchmark": "openspiel",
        "title": title,
        "ours": ours,
        "ours_config": ours_config(args.ours, args.expert_budget),
        "theirs": theirs,
        "theirs_config": config,
        "bot": args.bot,
        "simulations": args.simulations,
        "expert_budget": args.expert_budget,
        "seed": args.seed,
        "result": summary.to_json(),
        "_table": duel_table(summary, ours, theirs),
    }


def cmd_dominoes(args: argparse.Namespace) -> dict[str, Any]:
    job = DominoesJob(args.samples, args.start_move, args.ours, args.expert_budget, args.seed)
    import dominoes  # noqa: F401  (fail early if the package is missing)

    results = run_units(dominoes_pair, job, args.pairs, args.workers, "dominoes", _mean_note)
    summary = summarize(results)
    ours = ours_label(args.ours)
    theirs = "dominoes probabilistic_alphabeta"
    config = (
        f"bota_gorda, then probabilistic_alphabeta(start_move={args.start_move}, "
        f"sample_size={args.samples}): the heaviest tile before move {args.start_move} "
        "(passes count as moves), then the move most often optimal by alpha-beta over "
        f"{args.samples} sampled deals of the hidden tiles"
    )
    title = (
        f"Partnership on the dominoes package's rules (boneyard puerto-rico), "
        f"{summary.pairs} duplicate pairs ({summary.hands} hands), seed {args.seed}"
    )
    return {
        "benchmark": "dominoes",
        "title": title,
        "ours": ours,
        "ours_config": ours_config(args.ours, args.expert_budget),
        "theirs": theirs,
        "theirs_config": config,
        "samples": args.samples,
        "start_move": args.start_move,
        "expert_budget": args.expert_budget,
        "seed": args.seed,
        "result": summary.to_json(),
        "_table": duel_table(summary, ours, theirs),
    }


def _keys(text: str | None) -> tuple[str, ...]:
    if not text:
        return tuple(game_keys())
    keys = []
    for name in text.split(","):
        name = name.strip()
        keys.append(OPENSPIEL_BLOCK if name == OPENSPIEL_BLOCK else get_game(name).id)
    return tuple(keys)


def cmd_gap(args: argparse.Namespace) -> dict[str, Any]:
    job = GapJob(
        _keys(args.games),
        args.deals,
        args.baseline,
        args.expert_budget,
        args.omniscient_budget,
        args.omniscient_nodes,
        args.seed,
    )
    units = run_units(gap_unit, job, len(job.keys) * job.deals, args.workers, "gap")
    rows = []
    table = []
    for key in job.keys:
        omni = [o for _, o, _ in units if o.key == key]
        expert = [e for _, _, e in units if e.key == key]
        so, se = summarize(omni), summarize(expert)
        frac, flo, fhi = ratio_ci([e.mean for e in expert], [o.mean for o in omni])
        rules = game_rules(key)
        baseline = default_opponent(rules) if args.baseline == "own" else args.baseline
        rows.append(
            {
                "game": game_label(key),
                "players": rules.players,
                "sides": len(rules.sides),
                "baseline": baseline,
                "omniscient": so.to_json(),
                "expert": se.to_json(),
                "gap_closed": None if math.isnan(frac) else round(frac, 4),
                "gap_closed_ci95": None if math.isnan(frac) else [round(flo, 4), round(fhi, 4)],
            }
        )
        pct = "n/a" if math.isnan(frac) else f"{100 * frac:.0f}%"
        pct_ci = "" if math.isnan(frac) else f"[{100 * flo:.0f}%, {100 * fhi:.0f}%]"
        table.append(
            [
                game_label(key),
                str(rules.players),
                baseline,
                _signed(so.mean),
                _interval(*so.ci95),
                _signed(se.mean),
                _interval(*se.ci95),
                pct,
                pct_ci,
                ms_cell(so.ours_ms),
                ms_cell(so.ours_cpu_ms),
                ms_cell(se.ours_ms),
                ms_cell(se.ours_cpu_ms),
                ms_cell(se.theirs_ms + so.theirs_ms),
                ms_cell(se.theirs_cpu_ms + so.theirs_cpu_ms),
            ]
        )
    header = [
        "game",
        "players",
        "baseline",
        "omniscient (cheats) points/hand",
        "95% CI",
        "expert points/hand",
        "95% CI",
        "gap closed",
        "95% CI",
        "omniscient ms (median, max)",
        "omniscient CPU ms",
        "expert ms (median, max)",
        "expert CPU ms",
        "baseline ms (median, max)",
        "baseline CPU ms",
    ]
    omni_limit = (
        f"{args.omniscient_budget:g} s" if args.omniscient_budget is not None else "no time limit"
    )
    if args.omniscient_nodes is not None:
        omni_limit += f", {args.omniscient_nodes} nodes"
    against = "the game's own heuristic" if args.baseline == "own" else args.baseline
    title = (
        f"The information gap: {args.deals} deals per game, seed {args.seed}; omniscient (cheats: "
        f"the exact solver on the true state, {omni_limit} per move) and expert "
        f"({expert_effort(args.expert_budget)}) against {against}"
    )
    return {
        "benchmark": "gap",
        "title": title,
        "deals": args.deals,
        "expert_budget": args.expert_budget,
        "omniscient_budget": args.omniscient_budget,
        "omniscient_nodes": args.omniscient_nodes,
        "seed": args.seed,
        "games": rows,
        "_table": markdown(header, table),
        "_notes": [
            "points/hand: the agent's side's points minus the mean of the other sides' (Domino "
            "Whist's debits count negative; Domino Pool's points are shares of the pool), per "
            "hand, against the baseline on the same deals, every side seated in turn",
            "gap closed: expert points/hand / omniscient points/hand (both against the same "
            "baseline, which scores 0 against itself), 95% CI by the delta method over deals",
        ],
    }


@dataclass(frozen=True)
class DuelJob:
    game: str
    ours: str
    theirs: str
    deals: int
    seed: int


def duel_unit(job: DuelJob, unit: int) -> PairResult:
    """One deal of ``job.game`` played once per seating: ``ours`` at every seat of one side,
    ``theirs`` at the rest, then the sides swapped (the same hands, the same first shaker)."""
    rules = game_rules(job.game)
    deal_seed = unit_seed(unit_seed(job.seed, unit), hash_key(job.game))
    records = []
    for side in range(len(rules.sides)):
        state = new_hand(job.game, rules, deal_seed)
        record = HandRecord(0.0)
        rng = random.Random(unit_seed(deal_seed, side + 1))
        play_seated(state, side, make_agent(job.ours), make_agent(job.theirs), rng, record)
        assert state.result is not None
        record.net = side_net(rules, state.result.points, side)
        records.append(record)
    return PairResult(unit, records, job.game, "duel")


def cmd_duel(args: argparse.Namespace) -> dict[str, Any]:
    job = DuelJob(args.game, args.ours, args.theirs, args.deals, args.seed)
    units = run_units(duel_unit, job, job.deals, args.workers, "duel", _mean_note)
    summary = summarize(units)
    rules = game_rules(job.game)
    ours_ms, theirs_ms = ms_stats(summary.ours_ms), ms_stats(summary.theirs_ms)
    ours_cpu, theirs_cpu = ms_stats(summary.ours_cpu_ms), ms_stats(summary.theirs_cpu_ms)
    header = [
        "game",
        "ours",
        "theirs",
        "deals",
        "hands",
        "ours minus theirs points/hand",
        "95% CI",
        "ours median ms",
        "ours max ms",
        "ours CPU ms (median, max)",
        "theirs median ms",
        "theirs max ms",
        "theirs CPU ms (median, max)",
    ]
    row = [
        game_label(job.game),
        job.ours,
        job.theirs,
        str(summary.pairs),
        str(summary.hands),
        _signed(summary.mean),
        _interval(*summary.ci95),
        f"{ours_ms['median']:.0f}",
        f"{ours_ms['max']:.0f}",
        f"{ours_cpu['median']:,.0f}, {ours_cpu['max']:,.0f}",
        f"{theirs_ms['median']:.0f}",
        f"{theirs_ms['max']:.0f}",
        f"{theirs_cpu['median']:,.0f}, {theirs_cpu['max']:,.0f}",
    ]
    return {
        "benchmark": "duel",
        "title": (
            f"Two players of {game_label(job.game)} over {job.deals} duplicate deals, seed "
            f"{job.seed}: {job.ours} against {job.theirs}"
        ),
        "game": job.game,
        "players": rules.players,
        "summary": summary.to_json(),
        "_table": markdown(header, [row]),
        "_notes": [
            "points/hand: a side's points (Texas 42: marks) minus the other side's, per hand; "
            "each deal is played twice, the players' sides swapped, and its two hands' mean is "
            "the paired difference, ours minus theirs (the statistical unit of the interval)",
        ],
    }


# ---------------------------------------------------------------------------------------------
# ladder: a round robin of the levels, Bradley-Terry ratings.

LADDER_AGENTS = ("random", "greedy", "beginner", "casual", "strong", "expert")
LADDER_ANCHOR = ("beginner", 1000.0)  # the agent whose rating is fixed, and its rating


@dataclass(frozen=True)
class LadderJob:
    game: str
    agents: tuple[str, ...]
    seed: int

    @property
    def pairings(self) -> list[tuple[str, str]]:
        return list(itertools.combinations(self.agents, 2))


def ladder_unit(job: LadderJob, deal: int) -> tuple[int, list[PairResult]]:
    """One deal of ``job.game`` played by every two agents, each pairing once per seating
    (a duplicate pair for two sides): the same hands for every pairing."""
    rules = game_rules(job.game)
    deal_seed = unit_seed(unit_seed(job.seed, deal), hash_key(job.game))
    out = []
    for a, b in job.pairings:
        records = []
        for side in range(len(rules.sides)):
            state = new_hand(job.game, rules, deal_seed)
            record = HandRecord(0.0)
            rng = random.Random(unit_seed(deal_seed, side + 1))
            play_seated(state, side, make_agent(a), make_agent(b), rng, record)
            assert state.result is not None
            record.net = side_net(rules, state.result.points, side)
            records.append(record)
        out.append(PairResult(deal, records, job.game, f"{a}|{b}"))
    return deal, out


@dataclass
class LadderRow:
    """One agent's line of the ladder."""

    name: str
    rating: float
    low: float
    high: float
    hands: int
    cpu_ms: list[float]
    wall_ms: list[float]


def ladder_fit(
    agents: Sequence[str], deals: Sequence[list[PairResult]], anchor: tuple[str, float]
) -> tuple[list[LadderRow], list[dict[str, Any]]]:
    """The ratings of a round robin (boneyard.research.stats: the same Bradley-Terry fit and
    bootstrap over deals as ``boneyard tournament``), shifted so that ``anchor``'s agent has its
    rating; and every pairing's head-to-head figures."""
    duplicate = DuplicateDeals(agents)
    index = {n: i for i, n in enumerate(agents)}
    hands = [0] * len(agents)
    cpu: list[list[float]] = [[] for _ in agents]
    wall: list[list[float]] = [[] for _ in agents]
    heads: dict[tuple[str, str], dict[str, Any]] = {}
    for results in deals:
        points: dict[str, float] = {}
        counts: dict[str, int] = {}
        beats: list[tuple[str, str]] = []
        for pair in results:
            a, b = pair.label.split("|")
            head = heads.setdefault(
                (a, b), {"a": a, "b": b, "won": 0, "lost": 0, "drawn": 0, "diff": Moments()}
            )
            head["diff"].add(pair.mean)
            for hand in pair.hands:
                for name, sign in ((a, 1), (b, -1)):
                    points[name] = points.get(name, 0.0) + sign * hand.net
                    counts[name] = counts.get(name, 0) + 1
                    hands[index[name]] += 1
                if hand.net > 0:
                    beats.append((a, b))
                    head["won"] += 1
                elif hand.net < 0:
                    beats.append((b, a))
                    head["lost"] += 1
                else:
                    head["drawn"] += 1
                cpu[index[a]] += hand.ours_cpu_ms
                cpu[index[b]] += hand.theirs_cpu_ms
                wall[index[a]] += hand.ours_ms
                wall[index[b]] += hand.theirs_ms
        duplicate.add_deal({n: points[n] / counts[n] for n in points}, beats)
    ratings = bradley_terry(duplicate.beats())
    at = index[anchor[0]]
    shift = anchor[1] - ratings[at]
    intervals = duplicate.rating_intervals(anchor=at)
    base = anchor[1] - 1500.0
    rows = [
        LadderRow(n, r + shift, low + base, high + base, hands[i], cpu[i], wall[i])
        for i, (n, r, (low, high)) in enumerate(zip(agents, ratings, intervals, strict=True))
    ]
    rated = {row.name: row.rating for row in rows}
    pairs = []
    for (a, b), head in heads.items():
        decided = head["won"] + head["lost"]
        expected = 1.0 / (1.0 + 10.0 ** ((rated[b] - rated[a]) / 400.0))
        low, high = head["diff"].ci95
        pairs.append(
            {
                "a": a,
                "b": b,
                "deals": head["diff"].n,
                "won": head["won"],
                "drawn": head["drawn"],
                "lost": head["lost"],
                "win_share": head["won"] / decided if decided else math.nan,
                "expected_share": expected,
                "difference": head["diff"].mean,
                "ci95": (low, high),
            }
        )
    return rows, pairs


def cmd_ladder(args: argparse.Namespace) -> dict[str, Any]:
    agents = tuple(n.strip() for n in args.agents.split(",") if n.strip())
    anchor = (args.anchor, args.anchor_rating)
    if anchor[0] not in agents:
        raise SystemExit(f"--anchor {anchor[0]}: not one of the agents")
    job = LadderJob(args.game, agents, args.seed)
    rules = game_rules(job.game)
    start, cpu_start = time.perf_counter(), time.process_time()
    units = run_units(ladder_unit, job, args.deals, args.workers, f"ladder {job.game}")
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu_start
    rows, pairs = ladder_fit(agents, [u[1] for u in units], anchor)
    table_rows = []
    for row in sorted(rows, key=lambda r: r.rating):
        cpu_stats = ms_stats(row.cpu_ms)
        cpu_mean = statistics.fmean(row.cpu_ms) if row.cpu_ms else 0.0
        table_rows.append(
            [
                row.name,
                f"{row.rating:,.0f}",
                f"[{row.low:,.0f}, {row.high:,.0f}]",
                str(row.hands),
                f"{cpu_stats['median']:,.1f}, {cpu_mean:,.1f}, {cpu_stats['max']:,.0f}",
                ms_cell(row.wall_ms),
            ]
        )
    header = [
        "agent",
        f"rating ({anchor[0]} = {anchor[1]:,.0f})",
        "95% interval",
        "hands",
        "CPU ms/move (median, mean, max)",
        "ms/move on the clock (median, max)",
    ]
    pair_rows = [
        [
            f"{p['a']} vs {p['b']}",
            str(p["deals"]),
            f"{p['won']} / {p['drawn']} / {p['lost']}",
            f"{100 * p['win_share']:.0f}%",
            f"{100 * p['expected_share']:.0f}%",
            _signed(p["difference"]),
            _interval(*p["ci95"]),
        ]
        for p in pairs
    ]
    pair_header = [
        "pairing",
        "deals",
        "hands won / drawn / lost (first's)",
        "first's share of won hands",
        "the ratings' share",
        "first minus second, points/hand",
        "95% CI",
    ]
    command = (
        f"benchmarks/run strength ladder --game {job.game} --deals {args.deals} --seed {job.seed}"
    )
    if agents != LADDER_AGENTS:
        command += f" --agents {','.join(agents)}"
    if anchor != LADDER_ANCHOR:
        command += f" --anchor {anchor[0]} --anchor-rating {anchor[1]:g}"
    return {
        "benchmark": "ladder",
        "title": (
            f"The level ladder in {game_label(job.game)}, {rules.players} players: a round "
            f"robin of {len(agents)} agents, {args.deals} duplicate deals per pairing "
            f"({len(job.pairings)} pairings), seed {job.seed}"
        ),
        "game": job.game,
        "rules": rules.rule_set,
        "players": rules.players,
        "deals": args.deals,
        "seed": job.seed,
        "command": command,
        "date": datetime.date.today().isoformat(),
        "seconds": round(seconds, 1),
        "cpu_seconds": round(cpu_seconds, 1),
        "anchor": {"agent": anchor[0], "rating": anchor[1]},
        "agents": {
            row.name: {
                "rating": round(row.rating, 1),
                "low": round(row.low, 1),
                "high": round(row.high, 1),
                "hands": row.hands,
                "cpu_ms": ms_stats(row.cpu_ms),
                "cpu_ms_mean": round(statistics.fmean(row.cpu_ms), 3) if row.cpu_ms else 0.0,
                "ms": ms_stats(row.wall_ms),
            }
            for row in rows
        },
        "pairs": [
            {
                **p,
                "win_share": round(p["win_share"], 4),
                "expected_share": round(p["expected_share"], 4),
                "difference": round(p["difference"], 4),
                "ci95": [round(p["ci95"][0], 4), round(p["ci95"][1], 4)],
            }
            for p in pairs
        ],
        "_table": markdown(header, table_rows) + "\n\n" + markdown(pair_header, pair_rows),
        "_notes": [
            f"rating: Bradley-Terry on the Elo scale (400 points: 10 to 1 odds of winning a "
            f"hand) fitted to the hands won between every two agents "
            f"(boneyard.research.stats.bradley_terry, as `boneyard tournament`), {anchor[0]} "
            f"fixed at {anchor[1]:,.0f}; the 95% interval is a bootstrap over deals of each "
            f"agent's distance from {anchor[0]}",
            "each deal is played by every two agents, once per seating (two sides: a duplicate "
            "pair; partnership: one agent at both seats of a side); a hand is won by the side "
            "with more points (a drawn hand counts for nobody)",
            "CPU ms/move: the choosing thread's processor time, over the moves with a choice; "
            "the levels' moves are settled by counts, so the ratings do not depend on the load",
            f"run: {seconds / 60:.1f} min on the clock, {cpu_seconds / 60:.1f} min of processor "
            f"time (this process; workers' not included) with {args.workers} worker(s); "
            f"command: {command}",
        ],
    }


LADDER_SCALE = (
    "Bradley-Terry on the Elo scale (400 points: 10 to 1 odds of winning a hand), fitted to "
    "the hands won between every two agents of a round robin of duplicate deals; the anchor's "
    "rating fixed; low and high: the 95% interval of the distance from the anchor (a bootstrap "
    "over deals)"
)


def save_ladder(path: str, out: dict[str, Any]) -> None:
    """Write a ladder run (``cmd_ladder``'s object) as its game's entry of the ladder file
    (``src/boneyard/players/ladder.json``, read by ``boneyard.players.ladder``), keeping the
    other games' entries."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        data = {"games": {}}
    data["scale"] = {**out["anchor"], "about": LADDER_SCALE}
    data.setdefault("default", "block")  # a game not measured is given two-player Block's
    data["games"][out["game"]] = {
        key: out[key] for key in ("rules", "players", "deals", "seed", "command", "date")
    } | {
        "agents": {
            name: {k: a[k] for k in ("rating", "low", "high", "hands")}
            | {"cpu_ms_median": a["cpu_ms"]["median"]}
            for name, a in out["agents"].items()
        }
    }
    data["games"] = dict(sorted(data["games"].items()))
    with open(path, "w", encoding="utf-8") as f:
        keep = ("scale", "default", "games")
        json.dump({key: data[key] for key in keep}, f, indent=2)
        f.write("\n")


def cmd_speed(args: argparse.Namespace) -> dict[str, Any]:
    job = SpeedJob(_keys(args.games), args.hands, args.budget, args.seed)
    units = run_units(speed_unit, job, len(job.keys) * job.hands, args.workers, "speed")
    budget = EXPERT_CAP if args.budget is None else args.budget
    # Every move within the budget plus 10% (issue 28), or within the level's safety cap, which
    # its counts are not to reach (issue 34), unless a goal is given.
    default_max = budget if args.budget is None else 1.1 * budget
    goal_max = args.goal_max if args.goal_max is not None else default_max
    rows = []
    table = []
    every: list[float] = []
    every_greedy: list[float] = []
    every_cpu: list[float] = []  # in the order of every
    every_greedy_cpu: list[float] = []
    all_worlds: list[int] = []
    for key in job.keys:
        ms = [m for _, k, rec in units if k == key for m in rec.ours_ms]
        greedy_ms = [m for _, k, rec in units if k == key for m in rec.theirs_ms]
        cpu_ms = [m for _, k, rec in units if k == key for m in rec.ours_cpu_ms]
        slowest_cpu = _slowest_cpu(ms, cpu_ms)
        greedy_cpu = [m for _, k, rec in units if k == key for m in rec.theirs_cpu_ms]
        worlds = [w for _, k, rec in units if k == key for w in rec.worlds]
        every += ms
        every_greedy += greedy_ms
        every_cpu += cpu_ms
        every_greedy_cpu += greedy_cpu
        all_worlds += worlds
        stats = ms_stats(ms)
        # The median on the clock for an expert on a time budget; for the counted level, in
        # processor time (a busy machine stretches the clock, not its work).
        typical = ms_stats(cpu_ms)["median"] if args.budget is None else stats["median"]
        ok = typical <= args.goal_median * 1000 and stats["max"] <= goal_max * 1000
        rules = game_rules(key)
        rows.append(
            {
                "game": game_label(key),
                "players": rules.players,
                **stats,
                "slowest_cpu_ms": round(slowest_cpu, 3),
                "cpu_ms": ms_stats(cpu_ms),
                "greedy_ms": ms_stats(greedy_ms),
                "greedy_cpu_ms": ms_stats(greedy_cpu),
                **worlds_stats(worlds),
                "goal_met": ok,
            }
        )
        table.append(
            [
                game_label(key),
                str(rules.players),
                str(stats["moves"]),
                f"{stats['median']:.0f}",
                f"{stats['max']:.0f}",
                f"{slowest_cpu:.0f}",
                ms_cell(cpu_ms),
                ms_cell(greedy_ms),
                ms_cell(greedy_cpu),
                *worlds_cells(worlds),
                "yes" if ok else "NO",
            ]
        )
    total = ms_stats(every)
    typical = ms_stats(every_cpu)["median"] if args.budget is None else total["median"]
    ok = typical <= args.goal_median * 1000 and total["max"] <= goal_max * 1000
    table.append(
        [
            "all games",
            "",
            str(total["moves"]),
            f"{total['median']:.0f}",
            f"{total['max']:.0f}",
            f"{_slowest_cpu(every, every_cpu):.0f}",
            ms_cell(every_cpu),
            ms_cell(every_greedy),
            ms_cell(every_greedy_cpu),
            *worlds_cells(all_worlds),
            "yes" if ok else "NO",
        ]
    )
    header = [
        "game",
        "players",
        "moves timed",
        "median ms",
        "max ms",
        "its processor ms",
        "CPU ms (median, max)",
        "greedy ms (median, max)",
        "greedy CPU ms",
        "worlds/move (median)",
        "worlds/move (mean)",
        "goal met",
    ]
    busy = f", {args.busy} busy processes beside it" if args.busy else ""
    title = (
        f"Expert time per move ({expert_effort(args.budget)}) against greedy, {args.hands} "
        "hands per game, "
        f"seed {args.seed}{busy}; goal: median{' processor time' if args.budget is None else ''} "
        f"<= {args.goal_median:g} s, "
        f"max <= {goal_max:g} s"
    )
    return {
        "benchmark": "speed",
        "title": title,
        "budget": budget,
        "hands": args.hands,
        "seed": args.seed,
        "busy": args.busy,
        "goal_max": goal_max,
        "games": rows,
        "all": {
            **total,
            "slowest_cpu_ms": round(_slowest_cpu(every, every_cpu), 3),
            "cpu_ms": ms_stats(every_cpu),
            "greedy_ms": ms_stats(every_greedy),
            "greedy_cpu_ms": ms_stats(every_greedy_cpu),
            **worlds_stats(all_worlds),
            "goal_met": ok,
        },
        "_table": markdown(header, table),
    }


@dataclass(frozen=True)
class CountsJob:
    keys: tuple[str, ...]
    hands: int
    budget: float
    levels: tuple[str, ...]
    seed: int


def counts_unit(job: CountsJob, unit: int) -> tuple[int, str, list[dict[str, tuple[int, float]]]]:
    """One hand of greedy play: at each of one side's choices, the expert of before (``budget``
    seconds a move) and each level, each timed on the processor, with the worlds it solved."""
    key = job.keys[unit // job.hands]
    hand = unit % job.hands
    rules = game_rules(key)
    seed = unit_seed(unit_seed(job.seed, hand), hash_key(key))
    state = new_hand(key, rules, seed)
    side = hand % len(rules.sides)
    greedy, rng = make_agent("greedy"), random.Random(seed)
    rows: list[dict[str, tuple[int, float]]] = []
    while not state.over:
        legal = state.legal_tuple()
        if len(legal) > 1 and rules.side_of[state.turn] == side:
            obs = state.observation(state.turn)
            row = {}
            for name in ("before", *job.levels):
                agent = expert_level(job.budget) if name == "before" else make_level(name)
                cpu = time.thread_time()
                agent.choose(obs, random.Random(1))
                row[name] = (agent.last_worlds, (time.thread_time() - cpu) * 1000.0)
            rows.append(row)
        state.apply(
            greedy.choose(state.observation(state.turn), rng) if len(legal) > 1 else legal[0]
        )
    return unit, key, rows


def cmd_counts(args: argparse.Namespace) -> dict[str, Any]:
    levels = tuple(args.levels.split(","))
    job = CountsJob(_keys(args.games), args.hands, args.budget, levels, args.seed)
    units = run_units(counts_unit, job, len(job.keys) * job.hands, args.workers, "counts")
    rows = []
    table = []
    for key in job.keys:
        moves = [row for _, k, rs in units if k == key for row in rs]
        line: dict[str, Any] = {"game": game_label(key), "moves": len(moves)}
        cells = [game_label(key), str(len(moves))]
        for name in ("before", *levels):
            worlds = [r[name][0] for r in moves]
            cpu = [r[name][1] for r in moves]
            line[name] = {**worlds_stats(worlds), "cpu_ms": ms_stats(cpu)}
            cells += [f"{statistics.median(worlds):,.0f}" if worlds else "-", ms_cell(cpu)]
        rows.append(line)
        table.append(cells)
    header = ["game", "moves"]
    for name in ("before", *levels):
        label = f"{args.budget:g} s" if name == "before" else name
        header += [f"{label} worlds (median)", f"{label} CPU ms (median, max)"]
    title = (
        f"What the expert's old time budget ({args.budget:g} s a move) buys on this machine, and "
        f"what the levels' counts cost, at the same positions: {args.hands} hands per game of "
        f"greedy play, seed {args.seed}"
    )
    return {
        "benchmark": "counts",
        "title": title,
        "budget": args.budget,
        "hands": args.hands,
        "seed": args.seed,
        "games": rows,
        "_table": markdown(header, table),
        "_notes": [
            "CPU ms: the processor time of the move (this thread's), which a busy machine does "
            "not stretch; worlds: the worlds the move averaged over",
        ],
    }


def _slowest_cpu(wall_ms: Sequence[float], cpu_ms: Sequence[float]) -> float:
    """The processor time of the move that took longest on the clock (0 for none)."""
    if not wall_ms:
        return 0.0
    return cpu_ms[max(range(len(wall_ms)), key=lambda i: wall_ms[i])]


def worlds_stats(worlds: Sequence[int]) -> dict[str, float]:
    """The worlds the expert solved per move: median and mean."""
    if not worlds:
        return {"worlds_median": 0.0, "worlds_mean": 0.0}
    return {
        "worlds_median": float(statistics.median(worlds)),
        "worlds_mean": round(statistics.fmean(worlds), 1),
    }


def worlds_cells(worlds: Sequence[int]) -> list[str]:
    stats = worlds_stats(worlds)
    return [f"{stats['worlds_median']:g}", f"{stats['worlds_mean']:.1f}"]


def _positive(text: str) -> int:
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return n


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="benchmarks/run strength",
        description="Playing strength with duplicate deals (see benchmarks/README.md).",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
        p.add_argument(
            "--workers",
            type=_positive,
            default=os.cpu_count() or 1,
            help="worker processes (default: one per core)",
        )
        p.add_argument("--json", action="store_true", help="print a JSON object")
        p.add_argument(
            "--busy",
            type=int,
            default=0,
            help="processes that only burn the processor during the run (a busy machine)",
        )

    p = sub.add_parser("openspiel", help="two-player Block against OpenSpiel's ISMCTS or MCTS")
    p.add_argument("--bot", choices=("ismcts", "mcts"), default="ismcts")
    p.add_argument("--pairs", type=_positive, default=100, help="duplicate pairs (default 100)")
    p.add_argument("--simulations", type=_positive, default=1000, help="default 1000")
    p.add_argument("--uct-c", type=float, default=2.0, help="UCT exploration (default 2.0)")
    p.add_argument(
        "--expert-budget",
        type=float,
        default=None,
        help="seconds a move (the expert before issue 34); default: the expert level's counts",
    )
    p.add_argument("--ours", default="expert", help="our agent (default expert)")
    common(p)
    p.set_defaults(run=cmd_openspiel)

    p = sub.add_parser("dominoes", help="partnership against the dominoes package's player")
    p.add_argument("--pairs", type=_positive, default=100, help="duplicate pairs (default 100)")
    p.add_argument("--samples", type=_positive, default=16, help="sample_size (default 16)")
    p.add_argument("--start-move", type=int, default=4, help="start_move (default 4)")
    p.add_argument(
        "--expert-budget",
        type=float,
        default=None,
        help="seconds a move (the expert before issue 34); default: the expert level's counts",
    )
    p.add_argument("--ours", default="expert", help="our agent (default expert)")
    common(p)
    p.set_defaults(run=cmd_dominoes)

    p = sub.add_parser("gap", help="omniscient and expert against greedy in every game")
    p.add_argument("--deals", type=_positive, default=50, help="deals per game (default 50)")
    p.add_argument(
        "--games", help=f"comma-separated game ids (default: all, and {OPENSPIEL_BLOCK})"
    )
    p.add_argument("--baseline", default="greedy", help="baseline agent, or 'own' (default greedy)")
    p.add_argument(
        "--expert-budget",
        type=float,
        default=None,
        help="seconds a move (the expert before issue 34); default: the expert level's counts",
    )
    p.add_argument(
        "--omniscient-budget", type=float, default=1.0, help="seconds per move (default 1.0)"
    )
    p.add_argument("--omniscient-nodes", type=int, default=None, help="nodes per move")
    common(p)
    p.set_defaults(run=cmd_gap)

    p = sub.add_parser("duel", help="two agents of one game over duplicate deals")
    p.add_argument("--game", default="texas-42", help="game id (default texas-42)")
    p.add_argument("--ours", default="texas-expert", help="default texas-expert")
    p.add_argument("--theirs", default="texas", help="default texas")
    p.add_argument("--deals", type=_positive, default=100, help="deals (default 100)")
    common(p)
    p.set_defaults(run=cmd_duel)

    p = sub.add_parser("ladder", help="a round robin of the levels: Bradley-Terry ratings")
    p.add_argument("--game", default="block", help="game id (default block)")
    p.add_argument("--deals", type=_positive, default=100, help="deals per pairing (default 100)")
    p.add_argument(
        "--agents",
        default=",".join(LADDER_AGENTS),
        help=f"comma-separated agents (default {','.join(LADDER_AGENTS)})",
    )
    p.add_argument("--anchor", default=LADDER_ANCHOR[0], help="the agent whose rating is fixed")
    p.add_argument("--anchor-rating", type=float, default=LADDER_ANCHOR[1], help="default 1000")
    p.add_argument("--out", help="also write the JSON object (with the table) to this file")
    p.add_argument(
        "--ladder",
        metavar="FILE",
        help="write the ratings as the game's entry of FILE "
        "(src/boneyard/players/ladder.json, which the front ends read)",
    )
    common(p)
    p.set_defaults(run=cmd_ladder)

    p = sub.add_parser("counts", help="the old time budget's worlds against the levels' counts")
    p.add_argument("--hands", type=_positive, default=2, help="hands per game (default 2)")
    p.add_argument("--budget", type=float, default=0.8, help="seconds (default 0.8)")
    p.add_argument("--levels", default="strong,expert", help="default strong,expert")
    p.add_argument(
        "--games", help=f"comma-separated game ids (default: all, and {OPENSPIEL_BLOCK})"
    )
    common(p)
    p.set_defaults(run=cmd_counts)

    p = sub.add_parser("speed", help="the expert's time per move in every game")
    p.add_argument("--hands", type=_positive, default=10, help="hands per game (default 10)")
    p.add_argument(
        "--budget",
        type=float,
        default=None,
        help="seconds a move (the expert before issue 34); default: the expert level's counts",
    )
    p.add_argument(
        "--games", help=f"comma-separated game ids (default: all, and {OPENSPIEL_BLOCK})"
    )
    p.add_argument("--goal-median", type=float, default=1.0, help="seconds (default 1)")
    p.add_argument(
        "--goal-max",
        type=float,
        default=None,
        help="seconds (default: the budget plus 10%%, or the level's cap)",
    )
    common(p)
    p.set_defaults(run=cmd_speed)
    return parser


def _burn(stop: Any) -> None:
    x = 0
    while not stop.is_set():
        x = (x * 1_103_515_245 + 12_345) % 2_147_483_648


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    context = _context()
    stop = context.Event()
    burners = [context.Process(target=_burn, args=(stop,)) for _ in range(args.busy)]
    for burner in burners:
        burner.start()
    try:
        out = args.run(args)
    except ImportError as error:
        return _missing(error)
    finally:
        stop.set()
        for burner in burners:
            burner.join()
    table = out.pop("_table")
    notes = out.pop("_notes", [])
    if getattr(args, "out", None):
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({**out, "table": table, "notes": notes}, f, indent=2)
    if getattr(args, "ladder", None):
        save_ladder(args.ladder, out)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{out['title']}\n")
    bots = [(out[k], out[f"{k}_config"]) for k in ("ours", "theirs") if f"{k}_config" in out]
    if bots or notes:
        print(
            "\n".join([f"* {name}: {config}" for name, config in bots] + [f"* {n}" for n in notes])
        )
        print()
    print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
