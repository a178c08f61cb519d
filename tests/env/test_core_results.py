"""The single environments' hand in the core against the Python engine's: the deal the core makes
from a seed (``CoreTable.deal``, CPython's Mersenne Twister stepped in C), the agents' generator
it seeds (``CoreTable.seed_agents``) and the finished hand's result it writes without the Python
hand (``CoreTable.result``, what ``info["result"]`` and the PettingZoo infos hold).

For every game and rule set the core plays, hands are dealt and played out by the built-in
random agent on both paths from the same seeds (the Gymnasium environment's draws: the deal's
seed is ``getrandbits(64)`` of the agents' generator); every seat's first observation, every
move and the result (each field, its type too) must be the Python engine's.
The result is written from the core's end of the hand alone, the Python hand not made: a line
game's by ``line_result``, a trick game's (Texas 42, Domino Loo: the bidding, the contract, the
tricks and points taken, who was looed) by ``trick_result``, each with the rules' own
``hand_result``; each is compared with the one the Python engine wrote playing the hand itself.
``BONEYARD_CORE_RESULT_HANDS`` sets the hands of each game's default rule set and of every rule
set of a trick game (default 300; a line game's other rule sets play a tenth as many).
"""

from __future__ import annotations

import dataclasses
import os
import random

import pytest

from boneyard.core import kernel
from boneyard.core.kernel_spec import TrickKernelSpec
from boneyard.core.match import Match
from boneyard.core.protocol import GameRules, HandResult
from boneyard.games import GAMES, get_game
from boneyard.players.agents import make_agent
from boneyard.research.env import make_rules
from boneyard.research.env.core import CoreTable, core_refusal
from boneyard.research.env.encoding import Codec

HANDS = int(os.environ.get("BONEYARD_CORE_RESULT_HANDS", "300"))


def core_rule_sets() -> list[tuple[str, str, int]]:
    """(game, rule set, hands) for every rule set the core plays."""
    if not kernel.available():
        return []
    out = []
    for game in GAMES:
        spec = get_game(game)
        for name in spec.rule_sets:
            rules = make_rules(game, name)
            if not core_refusal(rules, Codec(rules)):
                trick = isinstance(rules.kernel_spec(), TrickKernelSpec)
                every = trick or name == spec.default_rules
                hands = HANDS if every else max(1, HANDS // 10)
                out.append((game, name, hands))
    return out


RULE_SETS = core_rule_sets()
needs_core = pytest.mark.skipif(not RULE_SETS, reason="the compiled core is not available")


def same_result(a: HandResult, b: HandResult, where: object) -> None:
    """Every field equal, and of the same type (a tuple's items too)."""
    for field in dataclasses.fields(HandResult):
        x, y = getattr(a, field.name), getattr(b, field.name)
        assert type(x) is type(y) and x == y, (where, field.name, x, y)
        if isinstance(x, tuple):
            assert [type(v) for v in x] == [type(v) for v in y], (where, field.name, x, y)


def python_hand(rules: GameRules, seed: int) -> tuple[Match, random.Random]:
    """The Gymnasium environment's hand on the Python engine: the agents' generator seeded
    ``seed``, the deal from its ``getrandbits(64)``, every seat played by the random agent."""
    agents_rng = random.Random(seed)
    match = Match(rules, rng=random.Random(agents_rng.getrandbits(64)))
    state = match.hand
    agent = make_agent("random")
    while not state.over:
        state.apply_fast(agent.choose(state.observation(state.turn), agents_rng), state.turn)
    return match, agents_rng


@needs_core
@pytest.mark.parametrize(("game", "rule_set", "hands"), RULE_SETS)
def test_the_cores_deal_and_result_are_the_python_engines(
    game: str, rule_set: str, hands: int
) -> None:
    rules = make_rules(game, rule_set)
    codec = Codec(rules)
    table = CoreTable(rules, codec, ["random"] * rules.players, "win")
    ended: set[str] = set()
    for hand in range(hands):
        seed = hand * 7_919 + 1
        match, agents_rng = python_hand(rules, seed)
        table.seed_agents(seed)
        table.deal(None)
        # The deal: every seat's first observation.
        fresh = Match(rules, rng=random.Random(random.Random(seed).getrandbits(64))).hand
        for seat in range(rules.players):
            table.encode(seat)
            expected = codec.observation_vector(fresh.observation(seat))
            assert table.observation.tobytes() == expected.tobytes(), (game, rule_set, hand)
        table.others()
        assert table.over
        where = (game, rule_set, hand)
        assert match.hand.result is not None
        result = table.result()
        # Written from the core's end of the hand: no Python hand made for it.
        assert table._dealt is None, where
        same_result(result, match.hand.result, where)
        ended.add(result.ended)
        # The moves, and the agents' generator as they left it.
        state = table.state()
        assert state is not None
        assert [(m.seat, m.action) for m in state.history] == [
            (m.seat, m.action) for m in match.hand.history
        ], where
        assert table.python_rng().getstate() == agents_rng.getstate(), where
    if hands >= 100 and game in ("texas-42", "domino-loo"):
        # Both ends of a trick hand met: a bid made and set, the tricks played and a hand
        # everyone else dropped out of.
        assert len(ended) >= 2, (game, rule_set, ended)


@needs_core
def test_the_agents_generator_seeded_in_the_core_is_pythons() -> None:
    rules = make_rules("block")
    table = CoreTable(rules, Codec(rules), ["random", None], "win")
    for seed in (0, 1, 2**32 - 1, 2**32, 2**63 - 1, 2**64 - 1, 123_456_789_012_345):
        table.seed_agents(seed)
        assert table.python_rng().getstate() == random.Random(seed).getstate(), seed
    # The deal's seed drawn from it: getrandbits(64), as the Gymnasium environment draws it.
    table.seed_agents(5)
    assert table.deal(None) == random.Random(5).getrandbits(64)
    assert table.deal(2**64 - 1) == 2**64 - 1
