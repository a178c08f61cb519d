"""Properties of random play in every game of the registry, every rule set (hypothesis).

Unlike the per-family property tests, these ask only the engine protocol (GameRules, GameState,
Observation, Outcome), so a game added to the registry is covered without a line here. A
hypothesis-drawn seed deals a match and picks legal actions to the end of its first hand. At
every step: the seat to move has a legal action, and only it; the outcome of a move says who
moves next and whether the hand is over; an action the rules forbid changes nothing; each seat's
observation holds its own tiles and nothing that depends on another seat's; the public table
replayed from the public history (the one replayer) draws as the hand's own; what the history
proves about the hidden tiles (hidden_facts) never rules out a tile a seat holds. At the end:
the hand has a result and the match's totals are its points."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boneyard.core.actions import play
from boneyard.core.history import public_steps
from boneyard.core.match import Match
from boneyard.core.protocol import GameRules, GameState, IllegalAction
from boneyard.core.tiles import tiles_of
from boneyard.games import GAMES

CONFIGS = [
    pytest.param(game.id, rule_set) for game in GAMES.values() for rule_set in game.rule_sets
]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
# A hand of every rule set of every game: a few examples each keep the whole set lean.
EACH = settings(max_examples=max(3, settings().max_examples // 20), deadline=None)
MAX_STEPS = 2_000


def check_hidden(state: GameState, seat: int) -> None:
    """``seat``'s observation shows its own tiles, and its public part does not change when two
    other seats exchange a tile (what it cannot see)."""
    obs = state.observation(seat)
    assert obs.hand == state.hands[seat]
    assert obs.legal_actions == (state.legal_tuple() if seat == state.turn else ())
    others = [s for s in range(state.rules.players) if s != seat and state.hands[s]]
    if len(others) < 2:
        return
    a, b = others[0], others[1]
    ta, tb = next(iter(tiles_of(state.hands[a]))), next(iter(tiles_of(state.hands[b])))
    hands = list(state.hands)
    hands[a] ^= (1 << ta) | (1 << tb)
    hands[b] ^= (1 << ta) | (1 << tb)
    world = state.copy()
    world.hands = hands  # the same public facts, other hidden tiles
    other = world.observation(seat)
    assert other.hand == obs.hand
    assert other.hand_sizes == obs.hand_sizes
    assert other.history == obs.history
    assert other.scores == obs.scores
    presenter = state.rules.presenter
    assert presenter.table(other.history, other.table) == presenter.table(obs.history, obs.table)


def check_public(state: GameState, rules: GameRules) -> None:
    """The table replayed from the public history draws as the hand's own; no seat's tiles are
    ruled out by what the history proves."""
    table = state.restart().table  # what the hand showed before its first move
    for step in public_steps(rules, state.public, table):
        table = step.after
    if state.public:
        assert rules.presenter.table(state.public, table) == rules.presenter.table(
            state.public, state.table
        )
    for seat in range(rules.players):
        facts = rules.hidden_facts(state.observation(seat))
        assert facts.unseen & state.hands[seat] == 0
        for other in range(rules.players):
            if other != seat:
                assert state.hands[other] & ~facts.unseen == 0, (seat, other)


def refuse_a_foreign_tile(state: GameState) -> None:
    """Playing a tile another seat holds is refused, and nothing changes."""
    seat = state.turn
    foreign = [t for s, h in enumerate(state.hands) if s != seat for t in tiles_of(h)]
    if not foreign:
        return
    before = (state.search_key(), len(state.history), tuple(state.scores))
    with pytest.raises(IllegalAction):
        state.apply(play(foreign[0]), seat=seat)
    assert (state.search_key(), len(state.history), tuple(state.scores)) == before


@pytest.mark.parametrize(("game", "rule_set"), CONFIGS)
@EACH
@given(seed=SEEDS)
def test_a_random_hand_of_every_rule_set(game: str, rule_set: str, seed: int) -> None:
    rules = GAMES[game].configure(rule_set)
    match = Match(rules, seed=seed)
    state = match.hand
    rng = random.Random(seed)
    for step in range(MAX_STEPS):
        if state.over:
            break
        legal = state.legal_tuple()
        assert legal, "a hand that is not over offers its seat to move an action"
        assert 0 <= state.turn < rules.players
        if step % 5 == 0:
            check_hidden(state, (state.turn + 1) % rules.players)
            check_public(state, rules)
            refuse_a_foreign_tile(state)
        for seat in range(rules.players):
            if seat != state.turn:
                assert state.observation(seat).legal_actions == ()
        index = len(state.history)
        outcome = state.apply(legal[rng.randrange(len(legal))], seat=state.turn)
        assert outcome.index == index and len(state.history) == index + 1
        assert outcome.over == state.over
        assert outcome.turn == (-1 if state.over else state.turn)
    assert state.over, f"the hand did not end in {MAX_STEPS} moves"
    assert state.legal_tuple() == ()
    result = state.result
    assert result is not None and len(result.points) == len(rules.sides)
    check_public(state, rules)
    match.next_hand()
    assert match.totals == [float(p) for p in result.points] or match.totals == list(result.points)
