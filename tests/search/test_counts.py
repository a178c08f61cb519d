"""Strength that the machine does not change (issue 34): the search player's levels settle a move
by counts (worlds, nodes, playouts, candidate worlds), drawn from a seed derived from the
position, with time only a safety cap that they do not reach. The same position at the same
level gives the same move, and the same values, on a quiet or a busy machine, whatever generator
the caller passes."""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from boneyard.core.match import Match
from boneyard.core.protocol import Observation
from boneyard.games import get_game
from boneyard.games.moon.players import MoonExpert
from boneyard.players.agents import make_agent
from boneyard.players.expert import LEVELS, ExpertAgent, make_level


def _burn(stop: object) -> None:
    x = 0
    while not stop.is_set():  # type: ignore[attr-defined]
        x = (x * 1_103_515_245 + 12_345) % 2_147_483_648


@contextmanager
def busy(processes: int = 3) -> Iterator[None]:
    """The machine made busy: ``processes`` processes that only burn the processor."""
    stop = multiprocessing.Event()
    burners = [multiprocessing.Process(target=_burn, args=(stop,)) for _ in range(processes)]
    for p in burners:
        p.start()
    try:
        yield
    finally:
        stop.set()
        for p in burners:
            p.join()


def _position(game: str, moves: int, seed: int = 3) -> Observation:
    """A position of ``game`` after ``moves`` moves of ``greedy``, at a choice."""
    state = Match(get_game(game).configure(), seed=seed).hand
    agent, rng = make_agent("greedy"), random.Random(seed)
    for _ in range(moves):
        state.apply_fast(agent.choose(state.observation(state.turn), rng))
    while len(state.legal_tuple()) == 1:
        state.apply_fast(state.legal_tuple()[0])
    assert not state.over
    return state.observation(state.turn)


def _move(level: str, obs: Observation, seed: int) -> tuple[object, int, int]:
    agent = make_level(level)
    action = agent.choose(obs, random.Random(seed))
    return action, agent.last_worlds, agent.last_work


@pytest.mark.parametrize(
    "game, moves, level",
    [("block", 6, "expert"), ("partnership", 6, "strong"), ("draw", 3, "casual")],
)
def test_a_level_plays_the_same_move_on_a_busy_machine(game: str, moves: int, level: str) -> None:
    obs = _position(game, moves)
    quiet = _move(level, obs, 0)
    with busy():
        loaded = _move(level, obs, 1)  # another generator too: the position seeds the search
    assert quiet == loaded
    assert quiet[0] in obs.legal_actions and quiet[1] >= 1


def test_the_work_count_stops_the_worlds_and_the_cap_is_not_reached() -> None:
    obs = _position("draw", 4)
    counted = ExpertAgent("t", None, 10_000, 1_000, work=20_000)
    values = counted.values(obs, random.Random(5))
    assert 1 <= counted.last_worlds < 10_000 and counted.last_work >= 20_000
    # The same counts under a generous cap: the very same worlds and values.
    capped = ExpertAgent("t", 60.0, 10_000, 1_000, work=20_000, candidates=counted.candidates)
    assert capped.values(obs, random.Random(5)) == values
    assert (capped.last_worlds, capped.last_work) == (counted.last_worlds, counted.last_work)


def test_the_playouts_count_settles_a_rollout_move() -> None:
    obs = _position("domino-pool", 4)
    agent = ExpertAgent("t", 60.0, 10_000, 2_000, playouts=1_000, seeded=True)
    first = agent.choose(obs, random.Random(0))
    worlds, work = agent.last_worlds, agent.last_work
    assert 1 <= worlds < 10_000 and work >= 1_000
    assert agent.choose(obs, random.Random(1)) == first
    assert (agent.last_worlds, agent.last_work) == (worlds, work)


def test_the_levels_are_counted_and_their_caps_are_far() -> None:
    for name, level in LEVELS.items():
        agent = make_level(name)
        assert agent.seeded and agent.work == level.work and agent.budget == level.cap
        assert agent.cpu_cap == level.cpu_cap
        # Safeties: the counts' moves take a fraction of a second of processor time (docs/ai.md)
        assert level.cpu_cap >= 1.0 and level.cap >= 10.0


def test_moons_levels_play_their_count_of_deals() -> None:
    rules = get_game("moon").configure()
    hand = Match(rules, seed=2).hand
    obs = hand.observation(hand.turn)
    for level, worlds in (("beginner", 2), ("casual", 6), ("expert", 32)):
        player = make_level(level)._own_player(rules)
        assert isinstance(player, MoonExpert) and player.worlds == worlds
        assert player.budget == LEVELS[level].cap  # a cap, not the measure of the move
    player = make_level("casual")._own_player(rules)
    assert player is not None
    samples = player.world_values(obs, random.Random(4))
    assert {len(v) for v in samples.values()} == {6}
    casual = make_level("casual")
    assert casual.choose(obs, random.Random(0)) == casual.choose(obs, random.Random(9))
