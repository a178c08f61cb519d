"""Seeded positions from every phase of every game and rule set of the registry, for the tests
that close a class of fault over all of them (issue 28): whatever a game adds later is covered
by its entry in :data:`boneyard.games.GAMES`, with nothing to list here.

A configuration is a game, one of its rule sets and a player count: each rule set at the most
players the game takes (the largest table, the most hidden tiles, the inference's fall-backs),
and, where the game has a bigger set than the double-six (the double-nine and double-twelve
games, whose exact counts of hidden deals are the largest), at its default player count too.
A hand is played from a seeded deal by a cheap agent, and of its decisions (more than one legal
move) the positions kept are, for each phase the hand went through, its first, middle and last,
and, after two public voids or more (passes, forced draws, tricks not followed), the one with
the most consistent deals of the hidden tiles (:attr:`Inference.deal_count`): in Mexican Train
and Chicken Foot far beyond 2**64.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from boneyard.core.actions import Draw, Pass
from boneyard.core.match import Match
from boneyard.core.protocol import GameRules, Observation
from boneyard.core.stream import Stream
from boneyard.games import GAMES, get_game
from boneyard.players.agents import make_agent
from boneyard.players.search.inference import Inference


@dataclass(frozen=True)
class Config:
    game: str
    rule_set: str
    players: int

    @property
    def id(self) -> str:
        return f"{self.game}-{self.rule_set}-{self.players}p"

    def rules(self) -> GameRules:
        return get_game(self.game).configure(self.rule_set, {}, self.players)


def configs() -> list[Config]:
    """Every rule set of every game at its most players, and at its default count too where
    its set is bigger than the double-six."""
    out = []
    for game_id, game in GAMES.items():
        for rule_set in game.rule_sets:
            counts = {game.max_players}
            rules = game.configure(rule_set, {}, game.default_players)
            if rules.tiles.size > 28:
                counts.add(game.default_players)
            out.extend(Config(game_id, rule_set, p) for p in sorted(counts))
    return out


@dataclass(frozen=True)
class Position:
    label: str  # the phase and where in it: "play early", "decide late", "most deals"
    observation: Observation
    moves: int  # the moves of the hand before it


def _voids(obs: Observation) -> int:
    return sum(1 for m in obs.history if isinstance(m.action, Draw | Pass))


def positions(config: Config, seed: int = 0, agent: str = "random") -> list[Position]:
    """The positions of the first hand of a match of ``config`` dealt from ``seed`` and played
    by ``agent`` at every seat (see the module docstring), in the order they were reached."""
    rules = config.rules()
    state = Match(rules, rng=Stream(seed)).hand
    player = make_agent(agent)
    rng = random.Random(seed)
    seen: list[tuple[str, Observation, int]] = []
    while not state.over:
        legal = state.legal_tuple()
        if len(legal) == 1:
            state.apply_fast(legal[0])
            continue
        obs = state.observation(state.turn)
        seen.append((str(state.phase), obs, len(state.history)))
        state.apply_fast(player.choose(obs, rng))
    chosen: dict[int, str] = {}
    phases = list(dict.fromkeys(phase for phase, _, _ in seen))
    for phase in phases:
        at = [i for i, (p, _, _) in enumerate(seen) if p == phase]
        for where, i in (("early", at[0]), ("middle", at[len(at) // 2]), ("late", at[-1])):
            chosen.setdefault(i, f"{phase} {where}")
    # The most consistent deals after two voids or more (up to 12 decisions evenly spread are
    # counted): the exact count first, then the approximation's weight.
    voided = [i for i, (_, obs, _) in enumerate(seen) if _voids(obs) >= 2]
    if voided:
        step = max(1, len(voided) // 12)
        best: tuple[bool, int, int] | None = None
        for i in voided[::step]:
            inference = Inference.from_observation(seen[i][1])
            key = (inference.exact, inference.deal_count, -i)
            best = key if best is None or key > best else best
        assert best is not None
        chosen.setdefault(-best[2], "most deals")
    return [Position(chosen[i], seen[i][1], seen[i][2]) for i in sorted(chosen)]
