"""The engine protocol (core/protocol.py), held of every game in the registry: ``is_legal`` and
``why_illegal`` agree with what ``apply`` takes (after the one normalisation), a rejected action
changes nothing, ``apply`` and ``apply_fast`` make the same transition and the ``Outcome`` says what
it did (the points scored, who moves next, the phase, the hand's end), a copy is independent, the
hand's start rebuilds the same hand, and an observation holds only the seat's own tiles."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from boneyard import Match
from boneyard.core.actions import DRAW, PASS, Action, Play, play
from boneyard.core.protocol import GameState, IllegalAction, Phase
from boneyard.games import GAMES
from boneyard.games.loo.actions import DROP, MISS, STAND
from boneyard.games.tricks.actions import Discard
from conftest import snapshot

GAME_IDS = sorted(GAMES)
# Each example plays up to a hand of one game, checking every step: a few per game.
PROTOCOL = settings(max_examples=max(2 * len(GAME_IDS), settings().max_examples // 2))


def candidates(state: GameState) -> list[Action]:
    """The legal actions and a spread of others: every tile of the seat's hand and one it lacks,
    played without an end (and at an end a line shows), discarded; every word."""
    out: list[Action] = list(state.legal_actions())
    hand = state.hands[state.turn]
    tiles = [t for t in range(state.rules.tiles.size) if hand >> t & 1]
    lacking = next(t for t in range(state.rules.tiles.size) if not hand >> t & 1)
    ends = list(state.layout.names) if state.layout is not None else []
    for t in [*tiles[:4], lacking]:
        out.append(play(t))
        out.append(Discard(t))
        out.extend(play(t, end) for end in ends[:2])
    out += [DRAW, PASS, STAND, MISS, DROP]
    return out


def step_checks(state: GameState, rng_pick: int) -> None:
    legal = state.legal_tuple()
    for action in candidates(state):
        allowed = state.is_legal(action)
        assert allowed == (state.normalize(action) in legal)
        trial = state.copy()
        before = snapshot(trial)
        if allowed:
            trial.apply(action)
            assert snapshot(state) != snapshot(trial) or not legal
        else:
            why = state.why_illegal(action)
            assert why, f"no reason given for {action!r}"
            try:
                trial.apply(action)
            except IllegalAction as error:
                assert str(error) == trial.why_illegal(action)
            else:
                raise AssertionError(f"{action!r} was not legal, yet apply took it")
            assert snapshot(trial) == before
    # apply and apply_fast make the same move; the outcome says what it did.
    action = legal[rng_pick % len(legal)]
    fast = state.copy()
    fast.apply_fast(action)
    original = snapshot(state)
    scores = tuple(state.scores)
    outcome = state.apply(action)
    assert fast.search_key() == state.search_key()
    assert snapshot(fast.copy()) != original  # the copy moved on alone
    assert outcome.index == len(state.history) - 1 and outcome.move == state.history[-1]
    assert outcome.public == state.public[-1]
    for side in range(len(state.rules.sides)):
        assert outcome.points_for(side) == state.scores[side] - scores[side]
    assert outcome.phase == state.phase
    if state.over:
        assert outcome.turn == -1 and outcome.result is state.result
        assert state.phase == Phase.OVER and state.legal_actions() == []
    else:
        assert outcome.turn == state.turn and outcome.result is None


def observation_checks(state: GameState) -> None:
    for seat in range(state.rules.players):
        obs = state.observation(seat)
        assert obs.hand == state.hands[seat] and obs.seat == seat
        assert obs.table is state.table
        assert obs.phase == state.phase
        assert len(obs.history) == len(state.public)
        assert bool(obs.legal_actions) == (seat == state.turn and not state.over)
        assert not any(hasattr(obs, name) for name in ("hands", "stock", "deal")), (
            "an observation holds no other seat's tiles"
        )


@given(game=st.sampled_from(GAME_IDS), seed=st.integers(0, 2**16), picks=st.randoms())
@PROTOCOL
def test_every_game_answers_the_protocol(game: str, seed: int, picks: object) -> None:
    rules = GAMES[game].configure()
    state = Match(rules, seed=seed).hand
    start = state.copy()
    steps = 0
    while not state.over and steps < 60:
        observation_checks(state)
        step_checks(state, picks.randrange(1 << 16))  # type: ignore[attr-defined]
        steps += 1
    # The hand's start rebuilds the same hand: the same moves lead to the same position.
    again = state.replay_to(len(state.history))
    assert again.search_key() == state.search_key() and again.public == state.public
    assert state.restart().search_key() == start.search_key()
    assert snapshot(start) == snapshot(start.copy())


def test_a_trick_is_scored_in_the_outcome() -> None:
    """Domino Loo's outcome says a trick was taken and what it scored: the points the state's
    scores gained, for the seat that took it (reason ``trick``), with the trick's tiles."""
    rules = GAMES["domino-loo"].configure(players=2)
    state = Match(rules, seed=3).hand
    while not state.over:
        before = tuple(state.scores)
        outcome = state.apply(state.legal_actions()[0])
        taken = [e for e in outcome.events if e.kind == "trick"]
        if isinstance(outcome.move.action, Play) and taken:
            (event,) = taken
            assert event.seat is not None and len(event.tiles) == 2
            (score,) = outcome.scores
            assert (score.reason, score.seat, score.side) == ("trick", event.seat, event.seat)
            assert state.scores[event.seat] - before[event.seat] == score.points
        else:
            assert outcome.scores == () or outcome.result is not None
