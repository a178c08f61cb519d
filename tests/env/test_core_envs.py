"""The single environments on the compiled core against the same environments on the Python
engine: a twin check.

For every game the core plays, each environment (Gymnasium, PettingZoo AEC, PettingZoo parallel)
runs twice side by side from the same seeds, once on the core (``core=True``) and once on the
Python engine (``core=False``), given the same actions (drawn from the legal ones, now and then
one that is not legal); every observation (bit for bit), mask, reward, termination, info and seat
to move must be the same. ``BONEYARD_CORE_ENV_HANDS`` sets the hands per game (default: a few).
"""

from __future__ import annotations

import os
import random
from typing import Any

import numpy as np
import pytest

from boneyard.core import kernel
from boneyard.games import GAMES, get_game
from boneyard.research.env import make_rules
from boneyard.research.env.core import core_refusal
from boneyard.research.env.encoding import Codec
from boneyard.research.env.gymnasium import BoneyardEnv
from boneyard.research.env.pettingzoo import parallel_env, raw_env

HANDS = int(os.environ.get("BONEYARD_CORE_ENV_HANDS", "3"))


def core_games() -> list[str]:
    if not kernel.available():
        return []
    return [g for g in GAMES if not core_refusal(make_rules(g), Codec(make_rules(g)))]


GAMES_ON_CORE = core_games()
needs_core = pytest.mark.skipif(not GAMES_ON_CORE, reason="the compiled core is not available")


def same(a: Any, b: Any, where: Any) -> None:
    """``a`` and ``b`` equal, arrays bit for bit (their dtypes too)."""
    if isinstance(a, dict):
        assert isinstance(b, dict) and list(a) == list(b), where
        for k in a:
            same(a[k], b[k], (where, k))
    elif isinstance(a, (tuple, list)):
        assert type(a) is type(b) and len(a) == len(b), where
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, (where, k))
    elif isinstance(a, np.ndarray):
        assert isinstance(b, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape, where
        assert a.tobytes() == b.tobytes(), (where, np.flatnonzero(a != b)[:5])
    else:
        assert type(a) is type(b) and a == b, (where, a, b)


def choose(rng: random.Random, mask: np.ndarray) -> int:
    legal = np.flatnonzero(mask)
    if not legal.size or rng.random() < 0.02:
        return rng.randrange(len(mask))
    return int(legal[rng.randrange(legal.size)])


@needs_core
@pytest.mark.parametrize("game", GAMES_ON_CORE)
def test_gymnasium_on_the_core_is_the_python_engine(game: str) -> None:
    for k, (opponents, episode, reward) in enumerate(
        [("random", "hand", "win"), ("greedy", "hand", "points"), ("random", "match", "points")]
    ):
        seat = k % make_rules(game).players
        envs = [
            BoneyardEnv(
                game, opponents=opponents, seat=seat, episode=episode, reward=reward, core=c
            )
            for c in (True, False)
        ]
        assert envs[0].table is not None and envs[1].table is None
        rng = random.Random(k)
        for hand in range(HANDS if episode == "hand" else 1):
            where: Any = (game, opponents, episode, hand)
            out = [e.reset(seed=hand * 7 + k) for e in envs]
            same(out[0], out[1], where)
            done, steps = False, 0
            while not done and steps < 2000:
                action = choose(rng, out[0][0]["action_mask"])
                out = [e.step(action) for e in envs]
                same(out[0], out[1], (where, steps))
                done, steps = out[0][2], steps + 1
            assert done
            assert envs[0].render() == envs[1].render()


def aec_seen(e: Any) -> tuple[Any, ...]:
    obs = {a: e.observe(a) for a in e.possible_agents}
    return obs, e.agent_selection, dict(e.rewards), dict(e.terminations), dict(e.infos)


@needs_core
@pytest.mark.parametrize("game", GAMES_ON_CORE)
def test_pettingzoo_on_the_core_is_the_python_engine(game: str) -> None:
    for episode, reward in (("hand", "win"), ("match", "points")):
        envs = [raw_env(game, episode=episode, reward=reward, core=c) for c in (True, False)]
        rng = random.Random(5)
        for hand in range(HANDS if episode == "hand" else 1):
            where: Any = (game, episode, hand)
            for e in envs:
                e.reset(seed=hand)
            steps = 0
            while not all(envs[0].terminations.values()) and steps < 2000:
                seen = [aec_seen(e) for e in envs]
                same(seen[0], seen[1], (where, steps))
                action = choose(rng, seen[0][0][envs[0].agent_selection]["action_mask"])
                errors = []
                for e in envs:
                    try:
                        e.step(action)
                    except ValueError as error:
                        errors.append(type(error))
                assert len(errors) in (0, 2) and len(set(errors)) <= 1, where
                steps += 1
            same(aec_seen(envs[0]), aec_seen(envs[1]), where)
            assert envs[0].render() == envs[1].render()


@needs_core
@pytest.mark.parametrize("game", GAMES_ON_CORE[:3])
def test_pettingzoo_parallel_on_the_core_is_the_python_engine(game: str) -> None:
    envs = [parallel_env(game, core=c) for c in (True, False)]
    rng = random.Random(3)
    for hand in range(HANDS):
        out = [e.reset(seed=hand) for e in envs]
        same(out[0], out[1], (game, hand))
        steps = 0
        while envs[0].agents:
            mover = next(a for a, i in out[0][1 if steps == 0 else 4].items() if i["to_move"])
            actions = {a: None for a in envs[0].agents}
            actions[mover] = choose(rng, out[0][0][mover]["action_mask"])
            out = [e.step(actions) for e in envs]
            same(out[0], out[1], (game, hand, steps))
            steps += 1
        assert envs[1].agents == []


def trick_rule_sets() -> list[tuple[str, str | None, dict[str, Any]]]:
    """Every rule set of the trick games the core plays, and Domino Loo for two and three."""
    if not kernel.available():
        return []
    out: list[tuple[str, str | None, dict[str, Any]]] = []
    for game_id in ("texas-42", "domino-loo"):
        for name in get_game(game_id).rule_sets:
            out.append((game_id, name, {}))
    out += [("domino-loo", None, {"players": 2}), ("domino-loo", None, {"players": 3})]
    return out


@needs_core
@pytest.mark.parametrize(("game", "rules", "options"), trick_rule_sets())
def test_the_trick_games_on_the_core_are_the_python_engine(
    game: str, rules: str | None, options: dict[str, Any]
) -> None:
    """Texas 42 and Domino Loo under every rule set: Gymnasium against each agent the core
    plays, and the PettingZoo AEC environment, move for move on both paths."""
    for k, opponents in enumerate(kernel.AGENTS):
        envs = [
            BoneyardEnv(
                game, rules, opponents=opponents, seat=k % 2, reward="points", core=c, **options
            )
            for c in (True, False)
        ]
        assert envs[0].table is not None
        rng = random.Random(k)
        for hand in range(HANDS):
            first = [e.reset(seed=hand * 7 + k) for e in envs]
            same(first[0], first[1], (game, rules, opponents, hand))
            mask = first[0][0]["action_mask"]
            done, steps = False, 0
            while not done and steps < 500:
                action = choose(rng, mask)
                out = [e.step(action) for e in envs]
                same(out[0], out[1], (game, rules, opponents, hand, steps))
                mask, done, steps = out[0][0]["action_mask"], out[0][2], steps + 1
            assert done
    aec = [raw_env(game, rules, core=c, **options) for c in (True, False)]
    for e in aec:
        e.reset(seed=1)
    steps = 0
    while not all(aec[0].terminations.values()) and steps < 500:
        seen = [aec_seen(e) for e in aec]
        same(seen[0], seen[1], (game, rules, steps))
        action = choose(rng, seen[0][0][aec[0].agent_selection]["action_mask"])
        errors = []
        for e in aec:
            try:
                e.step(action)
            except ValueError as error:
                errors.append(type(error))
        assert len(errors) in (0, 2), (game, rules, steps)
        steps += 1
    same(aec_seen(aec[0]), aec_seen(aec[1]), (game, rules))


def test_the_core_is_refused_with_the_reason_where_it_does_not_play() -> None:
    with pytest.raises(ValueError, match=r"agents|not available"):
        BoneyardEnv("block", opponents="expert", core=True)
    assert BoneyardEnv("block", opponents="expert").table is None
    assert raw_env("block", core=False).table is None
