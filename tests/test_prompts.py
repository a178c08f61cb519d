"""Every phase in which a seat is asked something other than to lay a tile has the game's words for
what is asked, which every front end shows after "Your turn: " (the presenter's ``turn_prompt``)."""

from __future__ import annotations

import random

import pytest

from boneyard.core.actions import Draw, Pass, Play
from boneyard.core.match import Match
from boneyard.core.protocol import Phase
from boneyard.games import GAMES


def phases_asked(game_id: str, hands: int = 6) -> set[Phase]:
    """The phases of a few random hands where the seat to move had an action other than a play,
    a draw or a pass."""
    found: set[Phase] = set()
    rng = random.Random(7)
    for seed in range(hands):
        state = Match(GAMES[game_id].configure(), seed=seed).hand
        while not state.over:
            legal = state.legal_actions()
            if any(not isinstance(a, Play | Draw | Pass) for a in legal):
                found.add(state.phase)
            state.apply(rng.choice(legal))
    return found


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_phase_that_asks_something_says_what(game_id: str) -> None:
    rules = GAMES[game_id].configure()
    for phase in phases_asked(game_id) - {Phase.PLAY}:
        asked = rules.presenter.turn_prompt(phase)
        assert asked, f"{game_id}: nothing says what is asked in {phase}"
        assert not asked.endswith(".") and asked[0].islower(), asked


def test_the_trick_games_phases_are_told() -> None:
    loo = GAMES["domino-loo"].configure().presenter
    assert loo.turn_prompt(Phase.DECIDE) == "stand, take the miss or drop out"
    assert loo.turn_prompt(Phase("discard")) == "throw out a tile, face down"
    assert loo.turn_prompt(Phase.PLAY) is None
    texas = GAMES["texas-42"].configure().presenter
    assert texas.turn_prompt(Phase.BID) == "bid, or pass"
    assert texas.turn_prompt(Phase.DECLARE) == "name trumps"
    # A line game asks nothing but a tile, a draw or a pass.
    assert GAMES["block"].configure().presenter.turn_prompt(Phase.PLAY) is None


def test_the_plain_game_says_what_is_asked() -> None:
    """The plain game heads its list of moves with the game's words where a seat is asked
    something other than a tile (Texas 42's bidding), and with "Your moves:" in the play."""
    import io

    from boneyard.apps.plain import TerminalGame

    out = io.StringIO()
    TerminalGame(GAMES["texas-42"].configure(), io.StringIO("1\nq\n"), out, seed=1).run()
    text = out.getvalue()
    assert "Your turn: bid, or pass.\n" in text
    out = io.StringIO()
    TerminalGame(GAMES["block"].configure(), io.StringIO("1\nq\n"), out, seed=1).run()
    assert "Your moves:\n" in out.getvalue() and "Your turn: " not in out.getvalue()
