"""The play model: worlds weighted by how likely the other seats' plays were in them."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from boneyard.core.actions import Draw, Play
from boneyard.games import GAMES
from boneyard.games.line.state import LineState
from boneyard.players.agents import make_agent
from boneyard.players.search.inference import Inference
from boneyard.players.search.model import PlayLikelihood, PlayModel, weighted_worlds
from conftest import T, configure, tiles

OPENSPIEL_BLOCK = {
    "hand_size": 7,
    "blocked_scoring": "opponents",
    "blocked_tie": "no_score",
    "lead_tile": "any",
}


def _open_block(deal: list[list[int]]) -> LineState:
    rules = configure("block", "modern", 2, **OPENSPIEL_BLOCK)
    held = {t for h in deal for t in h}
    stock = [t for t in range(28) if t not in held]
    return LineState.from_deal(rules, deal, stock, leader=0, lead_by_deal=False)


def test_no_history_tells_nothing() -> None:
    state = _open_block(
        [tiles("6-6 6-5 6-1 5-1 4-1 3-1 2-1"), tiles("5-5 5-4 5-3 5-2 4-4 0-0 1-0")]
    )
    like = PlayLikelihood.from_observation(state.observation(1), PlayModel())
    assert like.decisions == ()
    assert like.weight(state.hands) == 1.0


def test_a_light_play_makes_worlds_with_heavy_playable_tiles_less_likely() -> None:
    state = _open_block(
        [tiles("6-6 6-5 6-1 5-1 4-1 3-1 2-1"), tiles("5-5 5-4 5-3 5-2 4-4 0-0 1-0")]
    )
    state.apply(Play(T("6-6"), None))  # a heavy lead: seat 1 cannot match 6
    state.apply(state.legal_actions()[0])  # seat 1 passes
    state.apply(next(a for a in state.legal_actions() if a.tile == T("6-1")))  # not 6-5
    like = PlayLikelihood.from_observation(state.observation(1), PlayModel())
    assert [d.tile for d in like.decisions] == [T("6-6"), T("6-1")]
    held = state.hands[0]
    heavy_kept = like.weight([held, state.hands[1]])  # the truth: 6-5 was kept
    without = held & ~(1 << T("6-5")) | 1 << T("3-0")
    assert like.weight([without, state.hands[1]]) > heavy_kept


def test_a_forced_lead_is_not_a_choice() -> None:
    rules = configure("block", "modern", 2)  # the highest double must lead
    deal = [tiles("6-6 6-5 6-1 5-1 4-1 3-1 2-1"), tiles("5-5 5-4 5-3 5-2 4-4 0-0 1-0")]
    held = {t for h in deal for t in h}
    state = LineState.from_deal(rules, deal, [t for t in range(28) if t not in held])
    state.apply(state.legal_actions()[0])
    assert PlayLikelihood.from_observation(state.observation(1), PlayModel()).decisions == ()


def test_plays_before_the_seats_last_draw_are_not_read() -> None:
    rules = configure("draw", None, 2)
    for seed in range(40):
        hands, stock = rules.deal(random.Random(seed))
        state = LineState.from_deal(rules, hands, stock, leader=0)
        rng = random.Random(seed)
        agent = make_agent("greedy")
        while not state.over and len(state.history) < 30:
            state.apply(agent.choose(state.observation(state.turn), rng))
        if state.over:
            continue
        obs = state.observation(1)
        like = PlayLikelihood.from_observation(obs, PlayModel())
        last_draw = max(
            (i for i, m in enumerate(obs.history) if m.seat == 0 and type(m.action) is Draw),
            default=-1,
        )
        after = [
            m.action.tile
            for i, m in enumerate(obs.history)
            if i > last_draw and m.seat == 0 and type(m.action) is Play and m.action.end
        ]
        assert all(d.seat == 0 for d in like.decisions)
        assert [d.tile for d in like.decisions] == after
        if last_draw >= 0:
            return
    raise AssertionError("no game with a draw after a play")


@given(
    game=st.sampled_from(sorted(GAMES)),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 25),
)
def test_weighted_worlds_are_consistent_worlds(game: str, seed: int, moves: int) -> None:
    rules = GAMES[game].configure()
    from boneyard.core.match import Match

    state = Match(rules, seed=seed).hand
    rng = random.Random(seed)
    agent = make_agent("greedy")
    for _ in range(moves):
        if state.over:
            break
        state.apply(agent.choose(state.observation(state.turn), rng))
    if state.over:
        return
    obs = state.observation(state.turn)
    inference = Inference.from_observation(obs)
    like = PlayLikelihood.from_observation(obs, PlayModel())
    worlds, cum = weighted_worlds(inference, like, rng, 20)
    assert len(worlds) == len(cum) == 20 and cum == sorted(cum) and cum[-1] > 0
    for hands, _stock in worlds:
        assert inference.world_weight(hands) > 0
        assert like.weight(hands) > 0
    assert inference.world_weight(state.hands) > 0 and like.weight(state.hands) > 0


def test_the_model_reads_a_greedy_player_better_than_uniform_sampling() -> None:
    """Against a player who sheds its heaviest tile, worlds drawn by weight put more of its
    real tiles in its hand than uniform worlds do."""
    agent = make_agent("greedy")
    rules = configure("block", "modern", 2, **OPENSPIEL_BLOCK)
    hits = {"weighted": 0.0, "uniform": 0.0}
    for seed in range(25):
        hands, stock = rules.deal(random.Random(seed))
        state = LineState.from_deal(rules, hands, stock, leader=0, lead_by_deal=False)
        rng = random.Random(seed)
        while not state.over:
            obs = state.observation(state.turn)
            if state.turn == 1 and len(obs.history) >= 4:
                inference = Inference.from_observation(obs)
                like = PlayLikelihood.from_observation(obs, PlayModel())
                worlds, cum = weighted_worlds(inference, like, rng, 300)
                truth = state.hands[0]
                total = cum[-1]
                previous = 0.0
                for (world, _), c in zip(worlds, cum, strict=True):
                    share = (world[0] & truth).bit_count()
                    hits["weighted"] += share * (c - previous) / total
                    hits["uniform"] += share / len(worlds)
                    previous = c
            state.apply(agent.choose(obs, rng))
    assert hits["weighted"] > hits["uniform"] * 1.15
